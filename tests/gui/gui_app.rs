//! The desktop app driven through its real UI with egui_kittest, without a GPU, as a
//! person uses it: find a control by its label, click it, let frames pass, read what the
//! window shows (the clock, the run state, the lit icon, the robot's position). The time
//! controls' journeys come first: run, pause, slower ×3, faster, the speed slider, step in
//! each mode, replay and resume — they fail if the controls freeze again.
#![cfg(feature = "gui")]

use crate::gui_support;

use egui::accesskit::Role;
use egui_kittest::kittest::{by, NodeT, Queryable};
use gui_support::*;
use lurobotsim::app::{AppConfig, Arrange, Level};
use lurobotsim::ui;

fn with_program(file: &str) -> AppConfig {
    AppConfig {
        program: Some(root().join("assets/examples").join(file)),
        ..AppConfig::quiet()
    }
}

/// Waits until the clock readout has moved on by `secs` from `from` (simulated seconds).
fn clock_passes(h: &mut AppHarness, from: f64, secs: f64) -> bool {
    until(h, |h| clock(h) >= from + secs)
}

/// Opens an example from the Examples menu of the toolbar.
/// Waits for the M4 just chosen, runs it at the top speed until the clock passes `ms`, and
/// pauses.
fn run_m4_at_max_speed_past(h: &mut AppHarness, ms: u64) {
    assert!(wait_for(h, |a| a
        .live
        .as_ref()
        .is_some_and(|s| s.robot == "M4")));
    set_speed(h, "max");
    h.get_by_label(&lurobotsim::tr!(Lang::En, ui::RUN)).click();
    assert!(wait_for(h, |a| time_ms(a) > ms));
    h.get_by_label(&lurobotsim::tr!(Lang::En, ui::PAUSE))
        .click();
    assert!(wait_for(h, |a| !a.is_running()));
}

fn open_example(h: &mut AppHarness, title: &str) {
    click(h, "⭐ Examples");
    h.get_by_label_contains(title).click();
    assert!(
        until(h, |h| shows(h, &format!("Program: Example: {title}"))),
        "the example's icons are shown"
    );
}

#[test]
fn run_starts_task_0_and_pause_freezes_the_clock() {
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(until(&mut h, |h| shows(h, "Program: motor_2s")));
    assert_eq!(clock_text(&h), "⏱ 0.000 s", "paused at the start");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(clock_passes(&mut h, 0.0, 0.15), "time runs after Run");
    assert!(run_state(&h).starts_with("running at"), "{}", run_state(&h));
    assert!(
        !lit_icons(&h).is_empty(),
        "task 0 was started: an icon is lit"
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::PAUSE));
    assert!(until(&mut h, |h| run_state(h) == "paused"));
    let t = clock_text(&h);
    for _ in 0..20 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(clock_text(&h), t, "paused time stands still");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    let t = clock(&h);
    assert!(clock_passes(&mut h, t, 0.1), "Run after Pause runs on");
}

#[test]
fn slower_three_times_while_the_line_follower_runs_keeps_the_robot_moving_slowly() {
    let mut h = harness(AppConfig::quiet());
    open_example(&mut h, "Line follower");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(clock_passes(&mut h, 0.0, 0.3));
    for _ in 0..3 {
        click(&mut h, &lurobotsim::tr!(Lang::En, ui::SLOWER));
    }
    assert!(
        until(&mut h, |h| run_state(h).starts_with("slow motion: +30 ms")),
        "state: {}",
        run_state(&h)
    );
    assert!(shows(&h, "slow +30 ms/step"), "the toolbar says how slow");
    // About 30 steps a second now: the clock keeps moving, to the millisecond.
    let t = clock(&h);
    assert!(clock_passes(&mut h, t, 0.006), "the clock advances slowly");
    assert!(
        clock_text(&h)
            .split('.')
            .nth(1)
            .is_some_and(|d| d.len() == 5),
        "milliseconds shown: {}",
        clock_text(&h)
    );
    assert!(
        run_state(&h).starts_with("slow motion"),
        "{}",
        run_state(&h)
    );
    // Faster undoes it 10 ms a click, then the normal speed runs on.
    for _ in 0..3 {
        click(&mut h, &lurobotsim::tr!(Lang::En, ui::FASTER));
    }
    assert!(until(&mut h, |h| run_state(h).starts_with("running at")));
    assert!(!shows(&h, "slow +"), "the slow label is gone");
    assert_eq!(speed_shown(&h), "1×");
    let t = clock(&h);
    assert!(clock_passes(&mut h, t, 0.2), "normal speed again");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::FASTER));
    assert!(
        until(&mut h, |h| speed_shown(h) == "2×"),
        "then up the ladder"
    );
}

#[test]
fn every_speed_of_the_slider_keeps_the_clock_running() {
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(until(&mut h, |h| shows(h, "Program: motor_2s")));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    for speed in ["0.5×", "0.2×", "0.1×", "2×", "max", "1×"] {
        set_speed(&mut h, speed);
        let t = clock(&h);
        assert!(clock_passes(&mut h, t, 0.02), "the clock runs at {speed}");
        assert!(
            run_state(&h).starts_with("running at"),
            "{speed}: {}",
            run_state(&h)
        );
    }
    // The slider also ends slow motion.
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::SLOWER));
    assert!(until(&mut h, |h| shows(h, "slow +10 ms/step")));
    set_speed(&mut h, "0.5×");
    assert!(until(&mut h, |h| !shows(h, "slow +")));
    let t = clock(&h);
    assert!(clock_passes(&mut h, t, 0.02));
}

#[test]
fn step_by_a_millisecond_an_instruction_and_an_icon_then_run_runs_on() {
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(until(&mut h, |h| shows(h, "Program: motor_2s")));
    step(&mut h, &lurobotsim::tr!(Lang::En, ui::STEP_TICK));
    assert!(
        until(&mut h, |h| clock_text(h) == "⏱ 0.001 s"),
        "one millisecond, shown as such: {}",
        clock_text(&h)
    );
    assert_eq!(run_state(&h), "paused", "stepping is not a replay");
    assert!(!lit_icons(&h).is_empty(), "stepping starts the program");
    step(&mut h, &lurobotsim::tr!(Lang::En, ui::STEP_INSTR));
    assert!(until(&mut h, |h| clock(h) > 0.0015));
    let first = lit_icons(&h);
    step(&mut h, &lurobotsim::tr!(Lang::En, ui::STEP_ICON));
    assert!(
        until(&mut h, |h| !lit_icons(h).is_empty()
            && lit_icons(h) != first),
        "the next icon is lit: {first:?} → {:?}",
        lit_icons(&h)
    );
    assert_eq!(run_state(&h), "paused");
    let t = clock(&h);
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(clock_passes(&mut h, t, 0.3), "Run after stepping runs on");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::PAUSE));
    assert!(until(&mut h, |h| run_state(h) == "paused"));
    // Stepping a paused run advances exactly one millisecond from where it stood.
    let t = clock_text(&h);
    let ms: u64 = t
        .trim_start_matches("⏱ ")
        .trim_end_matches(" s")
        .replace('.', "")
        .parse()
        .unwrap();
    step(&mut h, &lurobotsim::tr!(Lang::En, ui::STEP_TICK));
    let want = format!("⏱ {:.3} s", (ms + 1) as f64 / 1000.0);
    assert!(
        until(&mut h, |h| clock_text(h) == want),
        "{t} → {}",
        clock_text(&h)
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    let t = clock(&h);
    assert!(clock_passes(&mut h, t, 0.2), "and runs on again");
}

#[test]
fn the_timeline_shows_an_earlier_moment_replays_it_and_resumes_from_there() {
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(until(&mut h, |h| shows(h, "Program: motor_2s")));
    set_speed(&mut h, "max");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(clock_passes(&mut h, 0.0, 1.5));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::PAUSE));
    assert!(until(&mut h, |h| run_state(h) == "paused"));
    assert!(
        !shows(&h, &lurobotsim::tr!(Lang::En, ui::LIVE)),
        "no replay until the user asks"
    );
    let end = clock(&h);
    let end_pos = position(&h);
    // Scrub the timeline back to 0.7 s.
    timeline_slider(&h).set_value_accesskit(700.0);
    assert!(until(&mut h, |h| clock_text(h) == "⏱ 0.700 s"));
    assert!(
        run_state(&h).starts_with("showing 0.700 s"),
        "{}",
        run_state(&h)
    );
    let at_700 = position(&h);
    assert!(
        at_700.0 < end_pos.0 - 0.05,
        "the robot is shown where it was then"
    );
    // Live returns to the present.
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::LIVE));
    assert!(until(&mut h, |h| clock(h) == end && run_state(h) == "paused"));
    // Replay from 0.7 s plays forward and stops at the present.
    timeline_slider(&h).set_value_accesskit(700.0);
    assert!(until(&mut h, |h| clock_text(h) == "⏱ 0.700 s"));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::REPLAY));
    assert!(until(&mut h, |h| run_state(h).starts_with("replaying")));
    assert!(
        until(&mut h, |h| run_state(h) == "paused"),
        "the replay ends at the present"
    );
    assert_eq!(clock(&h), end);
    assert_eq!(
        position(&h),
        end_pos,
        "the replay ends exactly where the run was"
    );
    // Resume from 0.5 s: the run continues from there, exactly as before.
    timeline_slider(&h).set_value_accesskit(500.0);
    assert!(until(&mut h, |h| clock_text(h) == "⏱ 0.500 s"));
    let at_500 = position(&h);
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RESUME_HERE));
    assert!(until(&mut h, |h| run_state(h) == "paused"
        && !shows(h, &lurobotsim::tr!(Lang::En, ui::LIVE))));
    assert_eq!(clock_text(&h), "⏱ 0.500 s");
    assert_eq!(position(&h), at_500);
    set_speed(&mut h, "1×");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(clock_passes(&mut h, 0.5, 0.2), "runs on from 0.5 s");
}

#[test]
fn changing_robot_and_environment_while_running_asks_then_shows_the_new_world() {
    let mut h = harness(AppConfig::quiet());
    open_example(&mut h, "Line follower");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(clock_passes(&mut h, 0.0, 0.2));
    h.get_all_by_label("Robot").next().unwrap().click();
    h.run_steps(2);
    h.get_by_label_contains("M4  ").click();
    assert!(until(&mut h, |h| shows(h, "Change the robot to M4?")));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::OK));
    assert!(
        until(&mut h, |h| shows(h, "M4 on E3")),
        "the readout names the new robot"
    );
    assert_eq!(clock_text(&h), "⏱ 0.000 s", "back at the start");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(clock_passes(&mut h, 0.0, 0.2));
    h.get_by_label("Environment").click();
    h.run_steps(2);
    h.get_by_label_contains("E2  ").click();
    assert!(until(&mut h, |h| shows(h, "Change the environment to E2?")));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::OK));
    assert!(until(&mut h, |h| shows(h, "M4 on E2")));
    assert!(
        shows(&h, "Program: Example: Line follower"),
        "the program is kept"
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(clock_passes(&mut h, 0.0, 0.2), "and runs");
}

#[test]
fn stop_puts_the_robot_back_at_the_start_and_keeps_the_program() {
    let mut h = harness(AppConfig {
        robot: "M4".into(),
        ..with_program("motor_2s.lasm")
    });
    assert!(until(&mut h, |h| shows(h, "Program: motor_2s")));
    let start = position(&h);
    set_speed(&mut h, "max");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(
        until(&mut h, |h| position(h).0 > start.0 + 0.2),
        "the robot drives"
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::STOP));
    assert!(until(&mut h, |h| clock_text(h) == "⏱ 0.000 s"));
    let back = position(&h);
    assert!(
        (back.0 - start.0).abs() < 0.01,
        "back at the start: {back:?}"
    );
    assert_eq!(run_state(&h), "paused");
    assert!(lit_icons(&h).is_empty(), "no icon runs");
    assert!(shows(&h, "Program: motor_2s"), "program kept");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(
        until(&mut h, |h| !lit_icons(h).is_empty()),
        "and it runs again"
    );
}

#[test]
fn choosing_the_rcx_brick_realism_restarts_and_the_same_program_drives_another_distance() {
    // On fresh alkaline cells (`--battery-v alkaline`): rcx's default battery is calibrated
    // so that full power drives the real robot's 1.05 m, within 3 mm of `original`.
    let mut h = harness(AppConfig {
        robot: "M4".into(),
        battery_v: Some(9.0),
        ..with_program("motor_2s.lasm")
    });
    assert!(until(&mut h, |h| shows(h, "Program: motor_2s")));
    assert!(
        shows(&h, "M4 on E1 · original"),
        "the readout names the realism"
    );
    set_speed(&mut h, "max");
    // Motors on for 2 s, then off: by 3 s the robot stands still.
    let drive = |h: &mut AppHarness| {
        let start = position(h).0;
        click(h, &lurobotsim::tr!(Lang::En, ui::RUN));
        assert!(clock_passes(h, 0.0, 3.0), "the program runs");
        click(h, &lurobotsim::tr!(Lang::En, ui::PAUSE));
        assert!(until(h, |h| run_state(h) == "paused"));
        position(h).0 - start
    };
    let original = drive(&mut h);
    let combo = |h: &AppHarness, value: &str| {
        h.query_all(by().role(Role::ComboBox))
            .any(|n| n.value().as_deref() == Some(value))
    };
    assert!(
        combo(&h, "Realism: original"),
        "the toolbar shows the realism"
    );
    h.query_all(by().role(Role::ComboBox))
        .find(|n| n.value().as_deref() == Some("Realism: original"))
        .unwrap()
        .click();
    h.run_steps(2);
    click(&mut h, "rcx brick");
    assert!(
        until(&mut h, |h| shows(h, "M4 on E1 · rcx brick")),
        "the readout shows the rcx brick realism"
    );
    assert!(combo(&h, "Realism: rcx brick"), "and so does the toolbar");
    assert_eq!(
        clock_text(&h),
        "⏱ 0.000 s",
        "a restart under the new setting"
    );
    assert!(shows(&h, "Program: motor_2s"), "the program is kept");
    let rcx = drive(&mut h);
    assert!(
        original > 0.5 && rcx > 0.5 && (rcx - original).abs() > 0.01,
        "a real brick drives another distance in the same time: original {original:.3} m, rcx {rcx:.3} m"
    );
}

#[test]
fn changing_the_realism_while_a_program_runs_asks_first() {
    let mut h = harness(AppConfig::quiet());
    open_example(&mut h, "Line follower");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(clock_passes(&mut h, 0.0, 0.2));
    h.query_all(by().role(Role::ComboBox))
        .find(|n| n.value().as_deref() == Some("Realism: original"))
        .expect("the realism choice is on the toolbar")
        .click();
    h.run_steps(2);
    click(&mut h, "rcx brick");
    assert!(until(&mut h, |h| shows(
        h,
        "Change the realism to rcx brick?"
    )));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::OK));
    assert!(
        until(&mut h, |h| shows(h, "M5 on E3 · rcx brick")),
        "the readout shows the new realism"
    );
    assert_eq!(clock_text(&h), "⏱ 0.000 s", "back at the start");
    assert!(shows(&h, "Program: Example: Line follower"), "program kept");
}

#[test]
fn choosing_a_robot_from_the_menu_rebuilds_the_world() {
    let mut h = harness(AppConfig::quiet());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    // The menu bar's "Robot" (the first of the nodes with that label).
    h.get_all_by_label("Robot").next().unwrap().click();
    h.run_steps(2);
    h.get_by_label_contains("M5  ").click();
    assert!(wait_for(&mut h, |a| a
        .live
        .as_ref()
        .is_some_and(|s| s.robot == "M5")));
    assert_eq!(h.state().robot_name(), "M5");
    let s = h.state().live.clone().unwrap();
    assert!(
        s.bodies.iter().any(|b| b.name == "light_sensor"),
        "M5 carries a light sensor"
    );
}

#[test]
fn changing_the_robot_while_a_program_runs_asks_ok_or_cancel() {
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(wait_for(&mut h, |a| a.program.is_some() && a.live.is_some()));
    h.get_by_label(&lurobotsim::tr!(Lang::En, ui::RUN)).click();
    assert!(wait_for(&mut h, |a| a.program_active()));
    h.state_mut().choose_robot("M3");
    h.run_steps(2);
    assert!(h.state().dialogs.pending.is_some(), "asks first");
    h.get_by_label(&lurobotsim::tr!(Lang::En, ui::CANCEL))
        .click();
    h.run_steps(2);
    assert!(h.state().dialogs.pending.is_none());
    assert_eq!(h.state().robot_name(), "M1", "Cancel keeps the robot");
    h.state_mut().choose_robot("M3");
    h.run_steps(2);
    h.get_by_label(&lurobotsim::tr!(Lang::En, ui::OK)).click();
    assert!(wait_for(&mut h, |a| a
        .live
        .as_ref()
        .is_some_and(|s| s.robot == "M3")));
    assert!(h.state().program.is_some(), "a new robot keeps the program");
}

#[test]
fn opening_a_program_through_the_file_browser_shows_its_icons() {
    let mut h = harness(AppConfig::quiet());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    assert!(h.state().program.is_none());
    h.get_by_label("📂 Open").click();
    h.run_steps(2);
    let path = root().join("assets/examples/line_follower.lasm");
    let field = h.get_by_role(egui::accesskit::Role::TextInput);
    field.focus();
    field.type_text(&path.display().to_string());
    h.run_steps(2);
    h.get_by_label("Open").click();
    assert!(wait_for(&mut h, |a| a.program.is_some()));
    let p = h.state().program.clone().unwrap();
    assert_eq!(p.name, "line_follower.lasm");
    assert!(p.vis.len() >= 8, "{} icons", p.vis.len());
    assert!(!h.state().dialogs.show_file_browser, "the browser closes");
    // Clicking an icon shows its LASM lines.
    h.state_mut().view.selected_vi = Some(0);
    h.run_steps(2);
    assert!(!p.lasm[0].is_empty());
    assert!(h.query_by_label_contains(&p.lasm[0][0]).is_some());
}

#[test]
fn a_broken_program_file_becomes_a_message_and_the_app_keeps_running() {
    let dir = std::env::temp_dir().join(format!("lurobotsim-gui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.lasm");
    std::fs::write(&bad, "task 0\n\tout 2,1\n\tfrobnicate 1,2\nendt\n").unwrap();
    let mut h = harness(AppConfig {
        program: Some(bad.clone()),
        ..AppConfig::quiet()
    });
    assert!(
        until(&mut h, |h| shows(h, "bad.lasm:3")),
        "the status bar names file and line"
    );
    assert!(
        shows(&h, &lurobotsim::tr!(Lang::En, ui::CANNOT_OPEN)),
        "a window explains it"
    );
    assert!(shows(&h, "frobnicate"), "showing the faulty line");
    click(&mut h, "OK");
    assert!(!shows(&h, &lurobotsim::tr!(Lang::En, ui::CANNOT_OPEN)));
    let m = h.state().messages.last().cloned().expect("a message");
    assert_eq!(m.level, Level::Error);
    assert!(shows(&h, "No program yet"), "no program is shown");
    assert!(
        h.get_by_label(&lurobotsim::tr!(Lang::En, ui::RUN))
            .accesskit_node()
            .is_disabled(),
        "Run waits for a program"
    );
    // The app still works: an example runs.
    h.get_by_label("⭐ Examples").click();
    h.run_steps(2);
    h.get_by_label_contains("Motor for 2 seconds").click();
    assert!(until(&mut h, |h| shows(h, "Program: Example")));
    h.get_by_label(&lurobotsim::tr!(Lang::En, ui::RUN)).click();
    assert!(until(&mut h, |h| clock(h) > 0.05), "still runs");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_robot_file_falls_back_to_m1_with_a_message() {
    let mut h = harness(AppConfig {
        robot: "/nonexistent/robot.toml".into(),
        ..AppConfig::quiet()
    });
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    assert_eq!(h.state().robot_name(), "M1");
    assert!(h
        .state()
        .messages
        .iter()
        .any(|m| m.level == Level::Error && m.text.contains("Robot file")));
}

#[test]
fn a_taken_listen_port_is_reported_and_the_app_keeps_running() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let mut h = harness(AppConfig {
        listen: Some(addr),
        ..with_program("motor_2s.lasm")
    });
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    assert!(h.state().link(0).is_none());
    assert!(h.state().links[0].is_err());
    assert!(
        h.query_by_label("Link off").is_some(),
        "shown in the status bar"
    );
    h.get_by_label(&lurobotsim::tr!(Lang::En, ui::RUN)).click();
    assert!(wait_for(&mut h, |a| time_ms(a) > 0));
}

#[test]
fn the_link_listens_and_offers_sym_txt_settings() {
    let mut h = harness(AppConfig {
        listen: Some("127.0.0.1:0".into()),
        ..AppConfig::quiet()
    });
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    let port = h.state().link(0).unwrap().local_addr().unwrap().port();
    assert!(h.state().sym_txt().contains(&format!("SymPort {port}")));
    h.get_by_label("copy sym.txt settings").click();
    h.run_steps(2);
    assert!(h
        .state()
        .messages
        .iter()
        .any(|m| m.text.contains("sym.txt")));
}

#[test]
fn a_dropped_box_appears_in_the_world_while_the_program_runs_and_stays_after_stop() {
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(until(&mut h, |h| shows(h, "Program: motor_2s")));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(until(&mut h, |h| clock(h) > 0.05));
    h.state_mut().drop_box(0.8, 0.3);
    let has_box = |h: &AppHarness| {
        h.state()
            .live
            .as_ref()
            .is_some_and(|s| s.statics.iter().any(|b| b.name == "box 1"))
    };
    assert!(until(&mut h, has_box), "the 3D view gets the box");
    assert!(run_state(&h).starts_with("running"), "the run carries on");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::STOP));
    assert!(until(&mut h, |h| clock_text(h) == "⏱ 0.000 s"));
    h.run_steps(3);
    assert!(
        until(&mut h, has_box),
        "Stop keeps the dropped box for the next try"
    );
}

#[test]
fn one_dropped_box_can_be_removed_from_the_environment_menu_and_stop_keeps_it_away() {
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(until(&mut h, |h| shows(h, "Program: motor_2s")));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(until(&mut h, |h| clock(h) > 0.05));
    h.state_mut().drop_box(0.8, 0.3);
    h.state_mut().drop_box(0.8, -0.3);
    let has = |h: &AppHarness, name: &str| {
        h.state()
            .live
            .as_ref()
            .is_some_and(|s| s.statics.iter().any(|b| b.name == name))
    };
    assert!(until(&mut h, |h| has(h, "box 1") && has(h, "box 2")));
    h.get_by_label("Environment").click();
    h.run_steps(2);
    click(&mut h, "🗑 Remove box 1");
    assert!(
        until(&mut h, |h| !has(h, "box 1")),
        "box 1 leaves the 3D view"
    );
    assert!(has(&h, "box 2"), "box 2 stays");
    assert!(run_state(&h).starts_with("running"), "the run carries on");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::STOP));
    assert!(until(&mut h, |h| clock_text(h) == "⏱ 0.000 s"));
    assert!(until(&mut h, |h| has(h, "box 2")), "Stop puts box 2 back");
    h.run_steps(3);
    assert!(!has(&h, "box 1"), "but not the removed box 1");
    h.get_by_label("Environment").click();
    h.run_steps(2);
    assert!(
        h.query_by_label("🗑 Remove box 1").is_none()
            && h.query_by_label("🗑 Remove box 2").is_some(),
        "the menu lists only box 2"
    );
    // After Stop box 2 is the world's first added box again: it is still found by name.
    click(&mut h, "🗑 Remove box 2");
    assert!(until(&mut h, |h| !has(h, "box 2")), "box 2 goes too");
}

/// The heading readout, degrees.
fn heading(h: &AppHarness) -> f64 {
    h.query_all_by_label_contains("°")
        .filter_map(|n| n.value())
        .find_map(|v| {
            v.split_whitespace()
                .last()
                .and_then(|w| w.trim_end_matches('°').parse().ok())
        })
        .unwrap_or(f64::NAN)
}

#[test]
fn the_robot_can_be_turned_and_stop_returns_it_where_it_was_put_down() {
    let mut h = harness(AppConfig {
        robot: "M4".into(),
        ..with_program("motor_2s.lasm")
    });
    assert!(until(&mut h, |h| shows(h, "Program: motor_2s")));
    click(&mut h, "✋ Move robot");
    h.state_mut().place_robot(0.5, -0.4);
    assert!(until(&mut h, |h| {
        let (x, z) = position(h);
        (x - 0.5).abs() < 0.02 && (z + 0.4).abs() < 0.02
    }));
    let h0 = heading(&h);
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::TURN_LEFT));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::TURN_LEFT));
    assert!(
        until(&mut h, |h| (heading(h) - (h0 + 30.0)).abs() < 1.0),
        "turned 30° left: {h0} → {}",
        heading(&h)
    );
    let placed = position(&h);
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(until(&mut h, |h| clock(h) > 1.0), "it drives off");
    assert!(position(&h) != placed);
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::STOP));
    assert!(until(&mut h, |h| clock_text(h) == "⏱ 0.000 s"
        && (position(h).0 - placed.0).abs() < 0.01
        && (position(h).1 - placed.1).abs() < 0.01));
    assert!(
        (heading(&h) - (h0 + 30.0)).abs() < 1.0,
        "facing as it was put down"
    );
}

#[test]
fn arrow_keys_move_the_camera_along_x() {
    let mut h = harness(AppConfig::quiet());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    let x0 = h.state().view.cameras[0].target.x;
    h.key_down(egui::Key::ArrowUp);
    h.run_steps(5);
    h.key_up(egui::Key::ArrowUp);
    h.run_steps(1);
    assert!(h.state().view.cameras[0].target.x > x0 + 0.01);
    assert!(
        !h.state().view.follow,
        "moving the camera by hand stops following"
    );
}

#[test]
fn an_example_loads_its_program_robot_and_environment() {
    let mut h = harness(AppConfig::quiet());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    h.get_by_label("⭐ Examples").click();
    h.run_steps(2);
    h.get_by_label_contains("Line follower").click();
    assert!(wait_for(&mut h, |a| a
        .live
        .as_ref()
        .is_some_and(|s| s.robot == "M5" && s.environment == "E3")));
    assert!(
        wait_for(&mut h, |a| a.view.floor_image.is_some()),
        "E3's floor picture"
    );
    let p = h.state().program.clone().unwrap();
    assert!(p.name.contains("Line follower"));
}

/// Exports the trace through File → Export trace as CSV… → Save, under `name` in `dir`,
/// and returns the file once the app says it is written.
fn export_through_the_menu(h: &mut AppHarness, dir: &std::path::Path, name: &str) -> String {
    h.state_mut().dialogs.file_dir = dir.to_path_buf();
    click(h, "File");
    click(h, &lurobotsim::tr!(Lang::En, ui::EXPORT_CSV));
    h.state_mut()
        .dialogs
        .save_as
        .as_mut()
        .expect("the window opened")
        .name = name.into();
    h.run_steps(1);
    click(h, &lurobotsim::tr!(Lang::En, ui::SAVE));
    let file = dir.join(name);
    assert!(
        wait_for(h, |a| a
            .messages
            .iter()
            .any(
                |m| m.text.starts_with("Trace saved as") && m.text.contains(name)
            )),
        "messages: {:?}",
        h.state().messages
    );
    std::fs::read_to_string(&file).expect("the CSV is written")
}

#[test]
fn the_exported_trace_equals_the_clis_at_half_normal_and_max_speed() {
    // Regression (issue 14): the app wrote the frames it happened to see with its own CSV
    // writer — 25 ms rows at 0.5×, gaps when frames were slow, other decimals. Now the
    // runner writes its history with the CLI's writer. Each run pauses through the runner
    // exactly at T (`PauseAt`), so its history is [0, T] whatever the speed, as `run
    // --seconds T` simulates [0, T].
    const T_MS: u64 = 2000;
    let dir = std::env::temp_dir().join(format!("lurobotsim-csv-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let program = root().join("assets/examples/line_follower.lasm");
    let cli_csv = dir.join("cli.csv");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(["run", "--robot", "M5", "--env", "E3", "--seconds", "2"])
        .arg("--program")
        .arg(&program)
        .arg("--trace-csv")
        .arg(&cli_csv)
        .output()
        .expect("the CLI runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cli = std::fs::read_to_string(&cli_csv).unwrap();
    assert_eq!(
        cli.lines().count(),
        1 + 41,
        "a header and a row every 50 ms"
    );
    for speed in ["0.5×", "1×", "max"] {
        let mut h = harness(AppConfig {
            robot: "M5".into(),
            env: "E3".into(),
            program: Some(program.clone()),
            ..AppConfig::quiet()
        });
        assert!(wait_for(&mut h, |a| a.program.is_some() && a.live.is_some()));
        set_speed(&mut h, speed);
        h.state()
            .runner
            .send(lurobotsim::runner::Command::PauseAt(Some(T_MS)));
        h.get_by_label(&lurobotsim::tr!(Lang::En, ui::RUN)).click();
        assert!(
            until(&mut h, |h| clock(h) >= T_MS as f64 / 1000.0
                && run_state(h).contains("paused")),
            "at {speed}: the run pauses at 2 s: {} {}",
            clock_text(&h),
            run_state(&h)
        );
        let name = format!("app-{}.csv", speed.trim_end_matches('×'));
        let app = export_through_the_menu(&mut h, &dir, &name);
        assert!(
            app == cli,
            "at {speed} the app's CSV differs from the CLI's:\n{}",
            app.lines()
                .zip(cli.lines())
                .find(|(a, c)| a != c)
                .map(|(a, c)| format!("app {a}\ncli {c}"))
                .unwrap_or_else(|| format!(
                    "{} vs {} lines",
                    app.lines().count(),
                    cli.lines().count()
                ))
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_layout_is_stable_from_frame_to_frame() {
    let mut h = harness(with_program("line_follower.lasm"));
    // egui sizes panels during its first few frames.
    h.run_steps(10);
    let first = h.state().view.view_rect;
    assert!(first.width() > 400.0 && first.height() > 300.0, "{first:?}");
    for _ in 0..30 {
        h.step();
        assert_eq!(h.state().view.view_rect, first, "panels keep their size");
    }
}

#[test]
fn a_saved_recording_opens_on_the_timeline_with_the_same_run() {
    let dir = std::env::temp_dir().join(format!("lurobotsim-rec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("run.json");
    let mut h = harness(with_program("motor_2s.lasm"));
    h.state_mut().choose_robot("M4");
    run_m4_at_max_speed_past(&mut h, 2500);
    let end = h.state().live.clone().unwrap();
    h.state_mut().save_recording(&file);
    assert!(wait_for(&mut h, |a| a
        .messages
        .iter()
        .any(|m| m.text.contains("Recording saved"))));

    let mut h2 = harness(AppConfig::quiet());
    h2.state_mut().open_any(&file);
    assert!(wait_for(&mut h2, |a| a.reviewing() == Some(0) && a.plot.len() > 20));
    let a = h2.state();
    assert_eq!(a.robot_name(), "M4");
    assert_eq!(
        a.shown().unwrap().time_ms,
        0,
        "the replay starts at the beginning"
    );
    assert_eq!(
        a.plot.last().unwrap().time_ms,
        end.time_ms,
        "the plots span the run"
    );
    let (time_ms, x) = a
        .runner
        .with(|s| (s.time_ms(), s.robot(0).unwrap().pose().x))
        .recv()
        .unwrap();
    assert_eq!(time_ms, end.time_ms);
    assert!(
        (x - end.pose.x).abs() < 1e-9,
        "the re-simulated run ends where the recorded one did: {} vs {}",
        x,
        end.pose.x
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_recording_saved_after_the_robot_file_was_edited_carries_the_robot_the_run_used() {
    let dir = std::env::temp_dir().join(format!("lurobotsim-rec-edit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let robot_file = dir.join("mine.toml");
    let used = std::fs::read_to_string(root().join("robots/M4.toml")).unwrap();
    std::fs::write(&robot_file, &used).unwrap();
    let mut h = harness(with_program("motor_2s.lasm"));
    h.state_mut().choose_robot(robot_file.to_str().unwrap());
    run_m4_at_max_speed_past(&mut h, 1000);
    // The robot file is edited (another robot now) before the run is saved.
    let m1 = std::fs::read_to_string(root().join("robots/M1.toml")).unwrap();
    std::fs::write(&robot_file, m1).unwrap();
    let file = dir.join("run.json");
    h.state_mut().save_recording(&file);
    assert!(wait_for(&mut h, |a| a
        .messages
        .iter()
        .any(|m| m.text.contains("Recording saved"))));
    let rec = lurobotsim::sim::record::load(&file).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(rec.robot.text, used, "the robot the run was built with");
}

#[test]
fn a_program_fault_is_shown_as_a_message_and_the_app_keeps_running() {
    let dir = std::env::temp_dir().join(format!("lurobotsim-fault-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("div0.lasm");
    std::fs::write(&p, "task 0\n\tsetv 0,2,5\n\tdivv 0,2,0\nendt\n").unwrap();
    let mut h = harness(AppConfig {
        program: Some(p),
        ..AppConfig::quiet()
    });
    h.get_by_label(&lurobotsim::tr!(Lang::En, ui::RUN)).click();
    assert!(wait_for(&mut h, |a| a.messages.iter().any(|m| m.level
        == Level::Error
        && m.text.contains("division by zero"))));
    assert!(wait_for(&mut h, |a| time_ms(a) > 100), "time goes on");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file dropped on the window (what winit hands egui).
#[derive(Debug)]
struct Dropped(std::path::PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }
    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn a_program_dropped_on_the_window_is_loaded() {
    let mut h = harness(AppConfig::quiet());
    h.run_steps(2);
    let path = root().join("assets/examples/touch.lasm");
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(path)));
    h.run_steps(1);
    let p = h.state().program.clone().expect("loaded");
    assert_eq!(p.name, "touch.lasm");
}

#[test]
fn a_malformed_download_is_a_warning_and_a_lasm_transfer_runs() {
    use std::io::Write;
    let mut h = harness(AppConfig {
        listen: Some("127.0.0.1:0".into()),
        ..AppConfig::quiet()
    });
    assert!(wait_for(&mut h, |a| a.link(0).is_some()));
    let addr = h.state().link(0).unwrap().local_addr().unwrap();
    // IR-framed bytes with broken complements: the link drops them.
    let mut c = std::net::TcpStream::connect(addr).unwrap();
    c.write_all(&[
        0x55, 0xff, 0x00, 0x10, 0x10, 0x99, 0x99, 0x55, 0xff, 0x00, 0x10, 0x00,
    ])
    .unwrap();
    drop(c);
    assert!(
        wait_for(&mut h, |a| {
            a.messages
                .iter()
                .any(|m| m.level == Level::Warning && m.text.starts_with("Link:"))
        }),
        "messages: {:?}",
        h.state().messages
    );
    // A ROBOLAB-style LASM text transfer is installed and run.
    let mut c = std::net::TcpStream::connect(addr).unwrap();
    let lasm = std::fs::read_to_string(root().join("assets/examples/motor_2s.lasm")).unwrap();
    c.write_all(lasm.as_bytes()).unwrap();
    drop(c);
    // (Its 2 s may be over by the time a loaded machine shows it: no lit-icon check.)
    assert!(
        until(&mut h, |h| shows(h, "Program: downloaded program")),
        "the downloaded program's icons are shown"
    );
    assert!(clock_passes(&mut h, 0.0, 0.1), "and it runs");
}

#[test]
fn a_robolab_transfer_runs_even_before_the_app_has_fetched_the_programs_icons() {
    // Regression: the transfer's "run" arrived in the same frame as the new program's
    // snapshot, before the app had fetched the program, and was refused as "No program
    // loaded yet" (it happened on a loaded machine; here the frames are held back so the
    // link event and the snapshot always arrive together).
    use std::io::Write;
    let mut h = harness(AppConfig {
        listen: Some("127.0.0.1:0".into()),
        ..AppConfig::quiet()
    });
    assert!(wait_for(&mut h, |a| a.link(0).is_some()));
    let addr = h.state().link(0).unwrap().local_addr().unwrap();
    let mut c = std::net::TcpStream::connect(addr).unwrap();
    let lasm = std::fs::read_to_string(root().join("assets/examples/motor_2s.lasm")).unwrap();
    c.write_all(lasm.as_bytes()).unwrap();
    drop(c);
    // No frame while the link takes the transfer and the runner publishes the new program.
    std::thread::sleep(std::time::Duration::from_millis(1500));
    assert!(
        until(&mut h, |h| shows(h, "Program: downloaded program")),
        "the downloaded program's icons are shown"
    );
    assert!(
        clock_passes(&mut h, 0.0, 0.1),
        "the transferred program runs: clock {:?}, {:?}",
        clock_text(&h),
        run_state(&h)
    );
}

#[test]
fn dragging_the_palette_box_onto_the_floor_drops_an_obstacle_there() {
    let mut h = harness(AppConfig::quiet());
    h.state_mut().view.follow = false;
    h.run_steps(5);
    let from = h.get_by_label("Box").rect().center();
    let view = h.state().view.view_rect;
    let to = view.center();
    h.hover_at(from);
    h.run_steps(1);
    h.drag_at(from);
    h.run_steps(1);
    for k in 1..=10 {
        h.hover_at(from + (to - from) * (k as f32 / 10.0));
        h.run_steps(1);
    }
    h.drop_at(to);
    h.run_steps(1);
    assert_eq!(h.state().dropped_boxes, 1, "one box dropped");
    assert!(wait_for(&mut h, |a| a
        .live
        .as_ref()
        .is_some_and(|s| s.statics.iter().any(|b| b.name == "box 1"))));
    // It lands where the ray through the view's centre meets the floor.
    let s = h.state().live.clone().unwrap();
    let b = s.statics.iter().find(|b| b.name == "box 1").unwrap();
    let aspect = view.width() / view.height();
    let t = h.state().view.cameras[0]
        .floor_point(0.0, 0.0, aspect)
        .unwrap();
    assert!(
        (b.position[0] - t.x).abs() < 0.01 && (b.position[2] - t.z).abs() < 0.01,
        "box at {:?}, view centre on the floor near {t}",
        b.position
    );
}

#[test]
fn a_right_click_on_a_dropped_box_offers_to_remove_just_that_box() {
    let mut h = harness(AppConfig::quiet());
    h.state_mut().view.follow = false;
    h.run_steps(5);
    let view = h.state().view.view_rect;
    let aspect = view.width() / view.height();
    let at = h.state().view.cameras[0]
        .floor_point(0.0, 0.0, aspect)
        .unwrap();
    h.state_mut().drop_box(at.x, at.z);
    h.state_mut().drop_box(at.x + 0.5, at.z + 0.5);
    let has = |h: &AppHarness, name: &str| {
        h.state()
            .live
            .as_ref()
            .is_some_and(|s| s.statics.iter().any(|b| b.name == name))
    };
    assert!(until(&mut h, |h| has(h, "box 1") && has(h, "box 2")));
    let right_click = |h: &mut AppHarness, pos: egui::Pos2| {
        h.hover_at(pos);
        h.run_steps(1);
        for pressed in [true, false] {
            h.event(egui::Event::PointerButton {
                pos,
                button: egui::PointerButton::Secondary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            });
            h.run_steps(1);
        }
        h.run_steps(1);
    };
    // On the bare floor: no box menu.
    right_click(
        &mut h,
        view.left_top() + egui::vec2(20.0, view.height() - 20.0),
    );
    assert!(h.query_by_label_contains("🗑 Remove box").is_none());
    // On box 1 (it stands where the view's centre meets the floor).
    right_click(&mut h, view.center());
    click(&mut h, "🗑 Remove box 1");
    assert!(until(&mut h, |h| !has(h, "box 1")), "box 1 goes");
    assert!(has(&h, "box 2"), "box 2 stays");
    assert_eq!(
        h.state().dropped().len(),
        1,
        "and Stop will not bring box 1 back"
    );
}

#[test]
fn with_the_move_tool_a_drag_puts_the_robot_down_where_it_ends() {
    let mut h = harness(AppConfig::quiet());
    h.state_mut().view.follow = false;
    h.run_steps(5);
    h.get_by_label("✋ Move robot").click();
    h.run_steps(1);
    let view = h.state().view.view_rect;
    let (from, to) = (view.center(), view.center() + egui::vec2(120.0, 60.0));
    h.hover_at(from);
    h.run_steps(1);
    h.drag_at(from);
    for k in 1..=10 {
        h.hover_at(from + (to - from) * (k as f32 / 10.0));
        h.run_steps(1);
    }
    h.drop_at(to);
    h.run_steps(1);
    let aspect = view.width() / view.height();
    let ndc = (
        (to.x - view.min.x) / view.width() * 2.0 - 1.0,
        1.0 - (to.y - view.min.y) / view.height() * 2.0,
    );
    let want = h.state().view.cameras[0]
        .floor_point(ndc.0, ndc.1, aspect)
        .unwrap();
    assert!(wait_for(&mut h, |a| a.live.as_ref().is_some_and(|s| {
        (s.pose.x as f32 - want.x).abs() < 0.01 && (s.pose.z as f32 - want.z).abs() < 0.01
    })));
}

#[test]
fn the_apps_link_honours_serves_dialect_echo_and_capture_settings() {
    use std::io::{Read, Write};
    let capture =
        std::env::temp_dir().join(format!("lurobotsim-{}-app-capture.txt", std::process::id()));
    let _ = std::fs::remove_file(&capture);
    let mut h = harness(AppConfig {
        listen: Some("127.0.0.1:0".into()),
        link: lurobotsim::link::LinkConfig {
            dialect: lurobotsim::link::Dialect::Raw,
            echo: false,
            capture: Some(capture.clone()),
            ..Default::default()
        },
        ..AppConfig::quiet()
    });
    assert!(wait_for(&mut h, |a| a.link(0).is_some()));
    let addr = h.state().link(0).unwrap().local_addr().unwrap();
    let mut c = std::net::TcpStream::connect(addr).unwrap();
    c.set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    // Raw dialect, no echo: a toggled poll of variable 0 is answered unframed.
    c.write_all(&[0x1a, 0x00, 0x00]).unwrap();
    let mut reply = [0u8; 3];
    c.read_exact(&mut reply).unwrap();
    assert_eq!(reply, [0xe5, 0x00, 0x00]);
    drop(c);
    let mut text = String::new();
    for _ in 0..200 {
        text = std::fs::read_to_string(&capture).unwrap_or_default();
        if text.contains("CLOSE") {
            break;
        }
        h.run_steps(1);
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(text.contains("RX    1a 00 00"), "{text}");
    assert!(text.contains("TX    e5 00 00"), "{text}");
    let _ = std::fs::remove_file(&capture);
}

#[test]
fn saving_asks_for_a_name_and_asks_before_replacing_a_file() {
    let dir = std::env::temp_dir().join(format!("lurobotsim-{}-save-as", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let mut h = harness(with_program("motor_2s.lasm"));
    h.state_mut().dialogs.file_dir = dir.clone();
    assert!(wait_for(&mut h, |a| a.program.is_some() && a.live.is_some()));
    h.get_by_label(&lurobotsim::tr!(Lang::En, ui::RUN)).click();
    assert!(wait_for(&mut h, |a| time_ms(a) >= 500));
    // File → Export trace as CSV… opens the window with a free default name.
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label(&lurobotsim::tr!(Lang::En, ui::EXPORT_CSV))
        .click();
    assert!(
        until(&mut h, |h| shows(h, "📁 sub")),
        "the Save as window opens"
    );
    let default = h
        .state()
        .dialogs
        .save_as
        .as_ref()
        .expect("the window opened")
        .name
        .clone();
    assert_eq!(default, "lurobotsim-M1-E1-trace-1.csv");
    // Into the sub-folder, under a typed name without extension.
    h.get_by_label("📁 sub").click();
    h.run_steps(1);
    h.state_mut().dialogs.save_as.as_mut().unwrap().name.clear();
    h.run_steps(1);
    let field = h.get_by_role(egui::accesskit::Role::TextInput);
    field.focus();
    field.type_text("mine");
    h.run_steps(1);
    h.get_by_label(&lurobotsim::tr!(Lang::En, ui::SAVE)).click();
    h.run_steps(2);
    let saved = dir.join("sub/mine.csv");
    let written = |p: &std::path::Path| {
        std::fs::read_to_string(p).is_ok_and(|t| t.starts_with("time_s,") && t.ends_with('\n'))
    };
    assert!(
        wait_for(&mut h, |_| written(&saved)),
        "saved under the typed name"
    );
    assert!(h.state().dialogs.save_as.is_none(), "the window closes");
    assert_eq!(
        h.state().dialogs.file_dir,
        dir.join("sub"),
        "the folder is remembered"
    );
    // The same name again: it asks, Cancel keeps the file, Replace overwrites it.
    std::fs::write(&saved, "old").unwrap();
    h.state_mut().ask_save(lurobotsim::app::SaveKind::TraceCsv);
    h.state_mut().dialogs.save_as.as_mut().unwrap().name = "mine.csv".into();
    h.run_steps(1);
    h.get_by_label(&lurobotsim::tr!(Lang::En, ui::SAVE)).click();
    h.run_steps(2);
    assert!(h.query_by_label_contains("already exists").is_some());
    h.get_by_label(&lurobotsim::tr!(Lang::En, ui::CANCEL))
        .click();
    h.run_steps(2);
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), "old");
    assert!(h.state().dialogs.save_as.is_some(), "still choosing a name");
    h.get_by_label(&lurobotsim::tr!(Lang::En, ui::SAVE)).click();
    h.run_steps(2);
    h.get_by_label(&lurobotsim::tr!(Lang::En, ui::REPLACE))
        .click();
    h.run_steps(2);
    assert!(wait_for(&mut h, |_| written(&saved)), "replaced");
    // A recording goes through the same window and can be opened again.
    h.state_mut().ask_save(lurobotsim::app::SaveKind::Recording);
    h.run_steps(2);
    assert_eq!(
        h.state().dialogs.save_as.as_ref().unwrap().name,
        "lurobotsim-M1-E1-recording-1.json"
    );
    h.get_by_label(&lurobotsim::tr!(Lang::En, ui::SAVE)).click();
    let rec = dir.join("sub/lurobotsim-M1-E1-recording-1.json");
    assert!(
        wait_for(&mut h, |_| rec.exists()),
        "the recording is written"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cascade_floats_the_panes_as_staggered_windows_and_tile_docks_them_again() {
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(wait_for(&mut h, |a| a.program.is_some() && a.live.is_some()));
    h.run_steps(2);
    // (A docked pane is a region of that name for screen readers, not a window.)
    let window_title = |h: &AppHarness, title: &str| {
        h.query_all_by_label(title)
            .any(|n| n.accesskit_node().role() != Role::Region)
    };
    assert!(
        !window_title(&h, &lurobotsim::tr!(Lang::En, ui::PROGRAM_TRACE)),
        "tiled panes carry no window titles"
    );
    let docked = h.get_by_label_contains("Program: motor_2s").rect();

    h.get_by_label("Window").click();
    h.run_steps(2);
    h.get_by_label(&lurobotsim::tr!(Lang::En, ui::CASCADE))
        .click();
    h.run_steps(3);
    assert_eq!(h.state().view.arrange, Arrange::Cascade);
    let titles: Vec<egui::Rect> = [
        &lurobotsim::tr!(Lang::En, ui::READOUTS),
        &lurobotsim::tr!(Lang::En, ui::PROGRAM_TRACE),
        &lurobotsim::tr!(Lang::En, ui::PLOTS),
    ]
    .iter()
    .map(|t| {
        h.get_by_role_and_label(egui::accesskit::Role::Window, t)
            .rect()
    })
    .collect();
    for w in titles.windows(2) {
        assert!(
            w[1].min.x > w[0].min.x && w[1].min.y > w[0].min.y,
            "each window a step below and right of the one before: {titles:?}"
        );
    }
    let floating = h.get_by_label_contains("Program: motor_2s").rect();
    assert!(
        floating.min.x < docked.min.x - 100.0,
        "the trace left its docked place on the right ({docked:?} → {floating:?})"
    );
    // The program still runs and lights its icons in the floating window.
    h.get_by_label(&lurobotsim::tr!(Lang::En, ui::RUN)).click();
    assert!(wait_for(&mut h, |a| a.program_active()));

    h.get_by_label("Tile").click();
    h.run_steps(3);
    assert_eq!(h.state().view.arrange, Arrange::Tile);
    assert!(!window_title(
        &h,
        &lurobotsim::tr!(Lang::En, ui::PROGRAM_TRACE)
    ));
    let again = h.get_by_label_contains("Program: motor_2s").rect();
    assert!(
        (again.min.x - docked.min.x).abs() < 1.0,
        "docked where it was ({docked:?} vs {again:?})"
    );
}

#[test]
fn a_pane_closed_from_the_window_menu_goes_and_comes_back() {
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(wait_for(&mut h, |a| a.program.is_some() && a.live.is_some()));
    h.run_steps(2);
    let trace_shown = |h: &AppHarness| h.query_by_label_contains("Program: motor_2s").is_some();
    assert!(trace_shown(&h));
    for arrange in ["Tile", "Cascade"] {
        h.get_by_label(arrange).click();
        h.run_steps(2);
        h.get_by_label("Window").click();
        h.run_steps(2);
        // The menu's tick box (in Cascade the window's title bears the same words).
        h.get(
            by().label(&lurobotsim::tr!(Lang::En, ui::PROGRAM_TRACE))
                .role(Role::CheckBox),
        )
        .click();
        h.run_steps(3);
        assert!(!h.state().view.panes.trace, "{arrange}: unticked");
        assert!(!trace_shown(&h), "{arrange}: the trace pane is gone");
        assert!(
            h.query_by_label("Sensor values").is_some(),
            "the other panes stay"
        );
        h.state_mut().view.panes.trace = true;
        h.run_steps(3);
        assert!(trace_shown(&h), "{arrange}: the trace pane is back");
    }
}

#[test]
fn opening_a_program_while_one_runs_starts_it_afresh_and_enter_opens_the_typed_path() {
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(until(&mut h, |h| shows(h, "Program: motor_2s")));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(until(&mut h, |h| clock(h) > 0.3));
    // Ctrl+O opens the file window; the path typed and Enter opens it.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    h.run_steps(2);
    assert!(shows(&h, "Open a file"), "Ctrl+O opens the file window");
    let path = root().join("assets/examples/touch.lasm");
    let field = h.get_by_role(Role::TextInput);
    field.focus();
    field.type_text(&path.display().to_string());
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    assert!(
        until(&mut h, |h| shows(h, "Program: touch.lasm")),
        "Enter opened it"
    );
    assert!(
        until(&mut h, |h| clock_text(h) == "⏱ 0.000 s"
            && run_state(h) == "paused"),
        "a new program starts from 0: {} {}",
        clock_text(&h),
        run_state(&h)
    );
}

/// The caption under each icon of the trace strip whose name contains `icon`.
fn captions(h: &AppHarness, icon: &str) -> Vec<String> {
    h.query_all_by_label_contains(icon)
        .filter(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| l.starts_with("icon "))
        })
        .filter_map(|n| n.value())
        .collect()
}

#[test]
fn variable_icons_are_captioned_with_the_variable_they_change() {
    let dir = std::env::temp_dir().join(format!("lurobotsim-vars-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("vars.lasm");
    std::fs::write(
        &file,
        "task 0\n\tsetv 3,2,5\n\tsumv 3,2,1\n\tsetv 4,9,0\nendt\n",
    )
    .unwrap();
    let mut h = harness(AppConfig {
        program: Some(file),
        ..AppConfig::quiet()
    });
    assert!(until(&mut h, |h| shows(h, "Program: vars")));
    let caps = captions(&h, ": Container");
    assert_eq!(
        caps,
        ["var 3 = 5", "var 3 += 1", "var 4 =\nInput(0)"],
        "each variable icon names its variable and what it does"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_program_for_missing_motors_or_sensors_gets_a_warning() {
    let mut h = harness(AppConfig {
        robot: "M1".into(),
        ..with_program("line_follower.lasm")
    });
    assert!(until(&mut h, |h| shows(h, "Program: line_follower")));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(
        until(&mut h, |h| shows(h, "robot M1 has no sensor there")),
        "messages: {:?}",
        h.state().messages
    );
}

#[test]
fn an_nqc_source_is_compiled_or_the_user_is_told_to_compile_it() {
    let dir = std::env::temp_dir().join(format!("lurobotsim-nqc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("fwd.nqc");
    std::fs::write(
        &src,
        "task main()\n{\n  On(OUT_A);\n  Wait(100);\n  Off(OUT_A);\n}\n",
    )
    .unwrap();
    let have_nqc = std::process::Command::new("nqc")
        .arg("-help")
        .output()
        .is_ok();
    let mut h = harness(AppConfig {
        program: Some(src),
        ..AppConfig::quiet()
    });
    if have_nqc {
        assert!(
            until(&mut h, |h| shows(h, "Program: fwd.nqc")),
            "compiled with nqc"
        );
    } else {
        println!("nqc is not installed: checking the message instead");
        assert!(until(&mut h, |h| shows(h, "must be compiled with NQC")));
    }
    assert!(!shows(&h, "unexpected character"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn help_explains_the_icons_and_about_shows_the_version() {
    let mut h = harness(AppConfig::quiet());
    h.run_steps(2);
    click(&mut h, "Help");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::help::HELP));
    assert!(shows(&h, "What the icons mean"));
    assert!(shows(&h, "Wait for time: Waits for some seconds"));
    assert!(shows(&h, "sym.txt"), "how to connect ROBOLAB");
    click(&mut h, "Help");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::help::ABOUT));
    assert!(shows(
        &h,
        &format!("lurobotsim {}", env!("CARGO_PKG_VERSION"))
    ));
}

#[test]
fn picking_an_example_while_running_says_the_program_is_replaced() {
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(until(&mut h, |h| shows(h, "Program: motor_2s")));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(until(&mut h, |h| !lit_icons(h).is_empty()));
    click(&mut h, "⭐ Examples");
    h.get_by_label_contains("Touch the wall").click();
    assert!(until(&mut h, |h| shows(
        h,
        "the example's program replaces it"
    )));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::OK));
    assert!(until(&mut h, |h| shows(
        h,
        "Program: Example: Touch the wall"
    )));
}

/// The live snapshot (the runner's newest).
fn live(h: &AppHarness) -> Option<std::sync::Arc<lurobotsim::sim::Snapshot>> {
    h.state().live.clone()
}

#[test]
fn the_brick_face_shows_the_lcd_and_prgm_then_run_starts_the_program_in_the_new_slot() {
    use lurobotsim::sim::{Input, ProgramData};
    use lurobotsim::vm::{Button, OutputMode};
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(until(&mut h, |h| shows(h, "Program: motor_2s")));
    assert!(
        shows(&h, "LCD 00.00 · program 1 · watch · stopped"),
        "a fresh brick shows the watch, slot 1, the standing figure"
    );
    // Slot 2 gets a program that drives A and C (as `nqc -pgm 2` would put it there).
    let p = lurobotsim::rcx::lasm::assemble("task 0\n out 2,5\n wait 2,1000\nendt\n", "slot2.lasm")
        .unwrap();
    h.state().runner.send(lurobotsim::runner::Command::Apply(
        0,
        Input::Program {
            slot: 1,
            program: ProgramData::of(&p),
        },
    ));
    let done = h.state().runner.with(|_| ());
    assert!(done.recv().is_ok());
    click(&mut h, &ui::brick::button_label(Lang::En, Button::Prgm));
    assert!(
        until(&mut h, |h| shows(
            h,
            "LCD 00.00 · program 2 · watch · stopped"
        )),
        "Prgm selects slot 2"
    );
    click(&mut h, &ui::brick::button_label(Lang::En, Button::Run));
    assert!(
        until(&mut h, |h| shows(h, "program 2 · watch · running")),
        "Run starts it: the figure walks"
    );
    assert!(
        until(&mut h, |h| live(h).is_some_and(|s| s.time_ms > 100
            && s.program_slot == 1
            && s.outputs[0].mode == OutputMode::On
            && s.outputs[2].mode == OutputMode::On)),
        "time runs and slot 2's program drives A and C"
    );
    click(&mut h, &ui::brick::button_label(Lang::En, Button::View));
    assert!(
        until(&mut h, |h| shows(h, "· sensor 1 ·")),
        "View: sensor 1"
    );
    click(&mut h, &ui::brick::button_label(Lang::En, Button::Run));
    assert!(
        until(&mut h, |h| shows(h, "program 2 · sensor 1 · stopped")),
        "Run again stops it"
    );
    assert!(until(&mut h, |h| live(h)
        .is_some_and(|s| s.outputs[0].mode == OutputMode::Float)));
    click(&mut h, &ui::brick::button_label(Lang::En, Button::OnOff));
    assert!(until(&mut h, |h| shows(h, "LCD off")), "On-Off blanks it");
}

/// True when this machine has no sound card (CI, containers): ALSA lists none.
fn no_sound_card() -> bool {
    std::fs::read_to_string("/proc/asound/cards")
        .map(|s| s.contains("no soundcards") || s.trim().is_empty())
        .unwrap_or(true)
}

#[test]
fn the_speaker_says_once_that_it_is_silent_without_a_sound_device_and_mutes() {
    let mut h = harness(with_program("task_split.lasm"));
    assert!(until(&mut h, |h| shows(h, "Program: task_split")));
    assert!(shows(&h, &lurobotsim::tr!(Lang::En, ui::brick::MUTE)));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(clock_passes(&mut h, 0.0, 0.7), "task 1 beeps within 0.5 s");
    if cfg!(target_os = "linux") && no_sound_card() {
        assert!(
            until(&mut h, |h| h
                .state()
                .messages
                .iter()
                .any(|m| m.text.starts_with("The brick's speaker is silent"))),
            "no sound device: the app says so instead of failing"
        );
        let n = h
            .state()
            .messages
            .iter()
            .filter(|m| m.text.contains("speaker is silent"))
            .count();
        assert_eq!(n, 1, "said once");
    } else {
        println!("a sound device may exist here: the silence message is not expected");
    }
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::brick::MUTE));
    assert!(until(&mut h, |h| shows(
        h,
        &lurobotsim::tr!(Lang::En, ui::brick::UNMUTE)
    )));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::brick::UNMUTE));
    assert!(until(&mut h, |h| shows(
        h,
        &lurobotsim::tr!(Lang::En, ui::brick::MUTE)
    )));
}

#[test]
fn save_as_from_a_relative_folder_goes_up_past_where_the_app_started() {
    // Regression: with the folder remembered as `assets/examples` (a program opened by a
    // relative path), ⬆ Up twice reached "" — a blank path and no folders — and stuck.
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(wait_for(&mut h, |a| a.program.is_some() && a.live.is_some()));
    h.state_mut().dialogs.file_dir = std::path::PathBuf::from("assets/examples");
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label(&lurobotsim::tr!(Lang::En, ui::EXPORT_CSV))
        .click();
    assert!(
        until(&mut h, |h| shows(h, "⬆ Up")),
        "the Save as window opens"
    );
    for _ in 0..2 {
        h.get_by_label("⬆ Up").click();
        h.run_steps(2);
    }
    let dir = h
        .state()
        .dialogs
        .save_as
        .as_ref()
        .expect("open")
        .dir
        .clone();
    let here = std::env::current_dir().unwrap();
    assert_eq!(dir, here, "two folders up from assets/examples");
    assert!(
        until(&mut h, |h| shows(h, "📁 assets")),
        "the folders there are listed"
    );
    h.get_by_label("⬆ Up").click();
    h.run_steps(2);
    let up = h
        .state()
        .dialogs
        .save_as
        .as_ref()
        .expect("open")
        .dir
        .clone();
    assert_eq!(Some(up.as_path()), here.parent(), "and further up");
}

// ---- several robots (issue 15) ----

/// The app with a scene of `assets/examples` (no link unless asked).
fn scene(file: &str) -> AppConfig {
    AppConfig {
        scene: Some(root().join("assets/examples").join(file)),
        ..AppConfig::quiet()
    }
}

/// Whether the robot list has a line naming `name` ("▶ slave · M4 · port 4267"), and
/// whether it is shown chosen.
fn robot_line(h: &AppHarness, name: &str) -> Option<bool> {
    let pattern = format!(" {name} · ");
    let chosen = h
        .query_all_by_label_contains(&pattern)
        .next()
        .map(|n| n.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True));
    chosen
}

/// The robot list shows `name` as the chosen robot.
fn robot_chosen(h: &AppHarness, name: &str) -> bool {
    robot_line(h, name) == Some(true)
}

/// Clicks `name` in the robot list and waits until the list shows it chosen.
fn select_robot(h: &mut AppHarness, name: &str) {
    let pattern = format!(" {name} · ");
    h.get_by_label_contains(&pattern).click();
    h.run_steps(2);
    assert!(
        until(h, |h| robot_chosen(h, name)),
        "{name} is chosen in the robot list"
    );
}

/// The brick face's LCD line ("LCD 00.00 · program 1 · watch · running").
fn lcd(h: &AppHarness) -> String {
    h.query_all_by_label_contains("LCD ")
        .filter_map(|n| n.accesskit_node().label().or(n.value()))
        .find(|l| l.starts_with("LCD "))
        .unwrap_or_default()
}

/// The value the Variables readout shows next to "var `i`" (None: not shown, i.e. 0).
fn variable_shown(h: &AppHarness, i: usize) -> Option<i16> {
    let texts: Vec<String> = h
        .query_all(by().role(Role::Label))
        .filter_map(|n| n.accesskit_node().label().or(n.value()))
        .collect();
    let at = texts.iter().position(|t| t == &format!("var {i}"))?;
    texts.get(at + 1)?.parse().ok()
}

/// A shown snapshot's robots: (name, x, z, start x, start z, running).
fn robots_shown(h: &AppHarness) -> Vec<(String, f64, f64, f64, f64, bool)> {
    live(h)
        .map(|s| {
            s.robots
                .iter()
                .map(|r| {
                    (
                        r.name.clone(),
                        r.pose.x,
                        r.pose.z,
                        r.start_pose.x,
                        r.start_pose.z,
                        r.running,
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Scrubs the timeline to `ms` and waits until that moment is shown.
fn show_moment(h: &mut AppHarness, ms: u64) {
    timeline_slider(h).set_value_accesskit(ms as f64);
    let want = format!("⏱ {:.3} s", ms as f64 / 1000.0);
    assert!(
        until(h, |h| clock_text(h) == want),
        "the timeline shows {want}, not {}",
        clock_text(h)
    );
}

#[test]
fn the_slave_of_the_master_slave_scene_drives_forward_back_and_stops_as_its_list_line_shows() {
    let mut h = harness(scene("ir_master_slave.toml"));
    assert!(
        until(&mut h, |h| shows(h, "Robots")
            && robot_line(h, "master").is_some()
            && robot_line(h, "slave").is_some()),
        "the robot list names both robots"
    );
    assert!(robot_chosen(&h, "master"), "robot 1 is shown first");
    assert!(until(&mut h, |h| shows(h, "Program: master's program")));
    set_speed(&mut h, "max");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(clock_passes(&mut h, 0.0, 6.5), "the scene runs past 6.5 s");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::PAUSE));
    assert!(until(&mut h, |h| run_state(h) == "paused"));
    select_robot(&mut h, "slave");
    assert!(
        until(&mut h, |h| shows(h, "Program: slave's program")),
        "the trace strip shows the slave's program"
    );
    assert!(!robot_chosen(&h, "master"));
    let s = live(&h).expect("a snapshot");
    assert_eq!(s.selected, 1);
    // The readouts are the slave's: its position, on its side of the floor (z = +0.4).
    let (x, z) = position(&h);
    let slave = &s.robots[1];
    assert!(
        (x - slave.pose.x).abs() < 0.002 && (z - slave.pose.z).abs() < 0.002,
        "the readouts show the slave at ({x}, {z}), the slave is at {:?}",
        slave.pose
    );
    assert!(z > 0.3, "the slave starts at z = +0.4: {z}");
    // Its motor plot: forward (42 ms after each message), back from 2 s, stopped from 4 s.
    let plot_of_slave = |h: &AppHarness| {
        let p = &h.state().plot;
        p.last().is_some_and(|l| l.time_ms >= 6500)
            && p.iter()
                .any(|q| (200..1900).contains(&q.time_ms) && q.outputs[0] > 0)
    };
    assert!(
        until(&mut h, plot_of_slave),
        "the motor plot shows the slave driving forward"
    );
    let plot = h.state().plot.clone();
    let during = |from: u64, to: u64| plot.iter().filter(move |q| (from..to).contains(&q.time_ms));
    assert!(during(200, 1900).count() > 5);
    for q in during(200, 1900) {
        assert!(
            q.outputs[0] > 0 && q.outputs[2] > 0,
            "forward at {} ms: {:?}",
            q.time_ms,
            q.outputs
        );
    }
    assert!(during(2200, 3900).count() > 5);
    for q in during(2200, 3900) {
        assert!(
            q.outputs[0] < 0 && q.outputs[2] < 0,
            "back at {} ms: {:?}",
            q.time_ms,
            q.outputs
        );
    }
    assert!(during(4200, 6500).count() > 5);
    for q in during(4200, 6500) {
        assert_eq!(q.outputs, [0, 0, 0], "stopped at {} ms", q.time_ms);
    }
    // Where the timeline shows the slave: out at 2 s, back by 4.2 s, still at 6 s; the
    // master never moves.
    let start = (slave.start_pose.x, slave.start_pose.z);
    let mut at = Vec::new();
    for ms in [2000, 4200, 6000] {
        show_moment(&mut h, ms);
        let robots = robots_shown(&h);
        let master = &robots[0];
        assert!(
            (master.1 - master.3).abs() < 0.01 && (master.2 - master.4).abs() < 0.01,
            "the master stays where it started: {master:?} at {ms} ms"
        );
        at.push(position(&h));
    }
    assert!(
        at[0].0 > start.0 + 0.2,
        "forward for 2 s: x {} from {}",
        at[0].0,
        start.0
    );
    assert!(
        at[1].0 < at[0].0 - 0.2,
        "then back: x {} at 4.2 s after {} at 2 s",
        at[1].0,
        at[0].0
    );
    assert!(
        (at[2].0 - at[1].0).abs() < 0.01,
        "then stopped: x {} at 6 s, {} at 4.2 s",
        at[2].0,
        at[1].0
    );
}

#[test]
fn two_copies_of_the_election_program_elect_exactly_one_leader_in_the_app() {
    let mut h = harness(scene("ir_elect.toml"));
    assert!(until(&mut h, |h| robot_line(h, "A").is_some()
        && robot_line(h, "B").is_some()));
    set_speed(&mut h, "max");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(clock_passes(&mut h, 0.0, 0.5));
    // Both programs end once decided (the leader after its second of driving).
    assert!(
        until(&mut h, |h| {
            let r = robots_shown(h);
            r.len() == 2 && r.iter().all(|r| !r.5)
        }),
        "both programs finish: {:?}",
        robots_shown(&h)
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::PAUSE));
    assert!(until(&mut h, |h| run_state(h) == "paused"));
    // Each robot's role (var 0: 1 leader, 2 follower) as its readouts show it, and how far
    // it drove.
    let mut roles = Vec::new();
    for (k, name) in ["A", "B"].into_iter().enumerate() {
        if k > 0 {
            select_robot(&mut h, name);
        }
        assert!(until(&mut h, |h| robot_chosen(h, name)
            && shows(h, &format!("Program: {name}'s program"))
            && variable_shown(h, 0).is_some()));
        let role = variable_shown(&h, 0).unwrap();
        let (x, _) = position(&h);
        let r = &robots_shown(&h)[k];
        roles.push((name, role, x - r.3));
    }
    let leaders: Vec<_> = roles.iter().filter(|r| r.1 == 1).collect();
    let followers: Vec<_> = roles.iter().filter(|r| r.1 == 2).collect();
    assert_eq!(
        (leaders.len(), followers.len()),
        (1, 1),
        "one leader, one follower: {roles:?}"
    );
    assert!(
        leaders[0].2 > 0.2,
        "the leader drove forward for a second: {roles:?}"
    );
    assert!(
        followers[0].2.abs() < 0.02,
        "the follower stayed: {roles:?}"
    );
}

/// A port p with p + 1 free too (for a first link and a second robot's).
fn two_free_ports() -> u16 {
    for _ in 0..100 {
        let a = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let p = a.local_addr().unwrap().port();
        if p < u16::MAX && std::net::TcpListener::bind(("127.0.0.1", p + 1)).is_ok() {
            return p;
        }
    }
    panic!("no two free ports in a row");
}

/// Sends an RCX ping (framed opcode 0x10) and waits up to 20 s for its framed answer 0xef
/// (after the tower's echo). False when the connection ends or stays silent.
fn pings(c: &mut std::net::TcpStream) -> bool {
    use std::io::{Read, Write};
    let answer = lurobotsim::rcx::wire::encode(&[0xef]);
    if c.write_all(&lurobotsim::rcx::wire::encode(&[0x10]))
        .is_err()
    {
        return false;
    }
    let _ = c.set_read_timeout(Some(std::time::Duration::from_secs(20)));
    let mut got = Vec::new();
    let mut buf = [0u8; 64];
    while !got.windows(answer.len()).any(|w| w == answer.as_slice()) {
        match c.read(&mut buf) {
            Ok(0) | Err(_) => return false,
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
    }
    true
}

#[test]
fn add_robot_opens_the_next_port_for_the_new_robot_and_remove_robot_closes_it() {
    use std::io::Read;
    let port = two_free_ports();
    let mut h = harness(AppConfig {
        listen: Some(format!("127.0.0.1:{port}")),
        ..AppConfig::quiet()
    });
    assert!(
        until(&mut h, |h| shows(h, &format!("M1 · port {port}"))),
        "one robot and its port"
    );
    assert!(!shows(&h, "Remove robot"), "a world keeps its last robot");
    click(&mut h, "Add robot");
    assert!(
        until(&mut h, |h| shows(
            h,
            &format!(" R2 · M1 · port {}", port + 1)
        )),
        "the new robot is listed with the next port"
    );
    assert!(shows(&h, &format!(" R1 · M1 · port {port}")));
    assert!(robot_chosen(&h, "R2"), "the new robot is chosen");
    assert!(!robot_chosen(&h, "R1"));
    assert_eq!(h.state().link_of(1), Some(format!("port {}", port + 1)));
    let s = live(&h).unwrap();
    assert_eq!((s.robots.len(), s.selected), (2, 1));
    // Its own link answers an RCX ping, as does the first robot's.
    let second = std::net::SocketAddr::from(([127, 0, 0, 1], port + 1));
    let mut c = std::net::TcpStream::connect(second).expect("robot 2's port accepts");
    assert!(
        pings(&mut c),
        "robot 2's brick answers on port {}",
        port + 1
    );
    let mut first = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    assert!(pings(&mut first), "robot 1's brick still answers");
    click(&mut h, "Remove robot");
    assert!(
        until(&mut h, |h| !shows(h, " R2 · ") && !shows(h, "Remove robot")),
        "one robot is left"
    );
    assert!(shows(&h, &format!("M1 · port {port}")));
    assert_eq!(live(&h).unwrap().robots.len(), 1);
    assert_eq!(h.state().links.len(), 1);
    // The removed robot's link is gone: its connection is closed, its port refuses.
    let _ = c.set_read_timeout(Some(std::time::Duration::from_secs(20)));
    let closed = match c.read(&mut [0u8; 16]) {
        Ok(0) => true,
        Ok(_) => false,
        Err(e) => !matches!(
            e.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
        ),
    };
    assert!(closed, "the removed robot's connection is closed");
    assert!(
        std::net::TcpStream::connect(second).is_err(),
        "port {} refuses connections",
        port + 1
    );
    assert!(pings(&mut first), "robot 1's link still works");
}

#[test]
fn a_download_through_the_second_robots_port_reaches_only_the_second_robot() {
    use std::io::Write;
    let dir = std::env::temp_dir().join(format!("lurobotsim-gui-scene-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("two_m4.toml");
    std::fs::write(
        &file,
        "environment = \"E1\"\n\n[[robot]]\nname = \"one\"\nmodel = \"M4\"\nz = -0.4\n\n[[robot]]\nname = \"two\"\nmodel = \"M4\"\nz = 0.4\n",
    )
    .unwrap();
    let port = two_free_ports();
    let mut h = harness(AppConfig {
        scene: Some(file),
        listen: Some(format!("127.0.0.1:{port}")),
        ..AppConfig::quiet()
    });
    assert!(
        until(&mut h, |h| shows(
            h,
            &format!(" two · M4 · port {}", port + 1)
        )),
        "robot two listens on the second port"
    );
    assert!(robot_chosen(&h, "one"));
    assert!(shows(&h, "No program yet."));
    // ROBOLAB's transfer of a LASM program to robot two's port: installed and run there.
    let mut c = std::net::TcpStream::connect(("127.0.0.1", port + 1)).unwrap();
    let lasm = std::fs::read_to_string(root().join("assets/examples/motor_2s.lasm")).unwrap();
    c.write_all(lasm.as_bytes()).unwrap();
    drop(c);
    assert!(
        until(&mut h, |h| h.state().messages.iter().any(
            |m| m.text == "[two] ROBOLAB transfer complete: running task 0."
        )),
        "the message says whose link took it: {:?}",
        h.state().messages
    );
    assert!(
        until(&mut h, |h| robots_shown(h)
            .get(1)
            .is_some_and(|r| r.1 > r.3 + 0.1)),
        "robot two drives: {:?}",
        robots_shown(&h)
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::PAUSE));
    assert!(until(&mut h, |h| run_state(h) == "paused"));
    let robots = robots_shown(&h);
    let one = &robots[0];
    assert!(!one.5, "robot one runs nothing");
    assert!(
        (one.1 - one.3).abs() < 0.01 && (one.2 - one.4).abs() < 0.01,
        "robot one stays where it started: {one:?}"
    );
    assert!(
        shows(&h, "No program yet."),
        "robot one, still shown, has no program"
    );
    let one_outputs = live(&h).unwrap().outputs;
    assert!(
        one_outputs
            .iter()
            .all(|o| o.mode != lurobotsim::vm::OutputMode::On),
        "robot one's outputs are off: {one_outputs:?}"
    );
    select_robot(&mut h, "two");
    assert!(
        until(&mut h, |h| shows(h, "Program: two's program")),
        "robot two shows the downloaded program"
    );
    // Another download to the chosen robot replaces the icons on screen.
    let icons = |h: &AppHarness| -> Vec<String> {
        h.query_all_by_label_contains("icon ")
            .filter_map(|n| n.accesskit_node().label())
            .collect()
    };
    let before = icons(&h);
    assert!(!before.is_empty(), "motor_2s's icons are shown");
    let mut c = std::net::TcpStream::connect(("127.0.0.1", port + 1)).unwrap();
    let lasm = std::fs::read_to_string(root().join("assets/examples/touch.lasm")).unwrap();
    c.write_all(lasm.as_bytes()).unwrap();
    drop(c);
    assert!(
        until(&mut h, |h| {
            let now = icons(h);
            !now.is_empty() && now != before
        }),
        "the trace strip shows the new program's icons: {:?}",
        icons(&h)
    );
    assert!(shows(&h, "Program: two's program"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn choosing_a_robot_shows_its_brick_program_and_plots_and_brick_run_acts_on_that_robot_only() {
    use lurobotsim::vm::Button;
    let brick_run = ui::brick::button_label(Lang::En, Button::Run);
    let mut h = harness(scene("ir_master_slave.toml"));
    // In the app a scene's programs wait for Run (the state Stop returns to).
    assert!(
        until(&mut h, |h| shows(h, "Program: master's program")
            && lcd(h).ends_with("· stopped")),
        "the master's program, its LCD: {:?}",
        lcd(&h)
    );
    assert!(
        robots_shown(&h).iter().all(|r| !r.5),
        "{:?}",
        robots_shown(&h)
    );
    // The slave's brick: Run starts the slave only, and the clock.
    select_robot(&mut h, "slave");
    assert!(until(&mut h, |h| shows(h, "Program: slave's program")));
    assert!(
        until(&mut h, |h| lcd(h).ends_with("· stopped")),
        "the slave's LCD: {}",
        lcd(&h)
    );
    click(&mut h, &brick_run);
    assert!(
        until(&mut h, |h| lcd(h).ends_with("· running")),
        "the slave's LCD: {}",
        lcd(&h)
    );
    assert!(
        clock_passes(&mut h, 0.0, 0.3),
        "Run on the brick runs the clock"
    );
    let r = robots_shown(&h);
    assert!(r[1].5 && !r[0].5, "only the slave runs: {r:?}");
    assert!(
        (r[1].1 - r[1].3).abs() < 0.01,
        "no message came: the slave waits where it is: {r:?}"
    );
    // The master's brick shows it stopped; its Run starts the master, whose "forward"
    // the slave obeys.
    select_robot(&mut h, "master");
    assert!(until(&mut h, |h| shows(h, "Program: master's program")));
    assert!(
        until(&mut h, |h| lcd(h).ends_with("· stopped")),
        "the master's LCD: {}",
        lcd(&h)
    );
    click(&mut h, &brick_run);
    assert!(
        until(&mut h, |h| robots_shown(h).first().is_some_and(|r| r.5)
            && lcd(h).ends_with("· running")),
        "the master runs: {}",
        lcd(&h)
    );
    assert!(
        until(&mut h, |h| robots_shown(h)
            .get(1)
            .is_some_and(|r| r.1 > r.3 + 0.1)),
        "the slave drives forward on the master's message: {:?}",
        robots_shown(&h)
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::PAUSE));
    assert!(until(&mut h, |h| run_state(h) == "paused"));
    let end = live(&h).unwrap().time_ms;
    // The master's plot: its motors never ran.
    assert!(
        until(&mut h, |h| h
            .state()
            .plot
            .last()
            .is_some_and(|p| p.time_ms >= end)),
        "the plot reaches the present"
    );
    assert!(
        h.state().plot.iter().all(|p| p.outputs == [0, 0, 0]),
        "the master's motor plot is flat"
    );
    let (_, z) = position(&h);
    assert!(z < -0.3, "the master's readouts: z {z}");
    // The slave's plot: forward.
    select_robot(&mut h, "slave");
    assert!(
        until(&mut h, |h| h
            .state()
            .plot
            .iter()
            .any(|p| p.outputs[0] > 0 && p.outputs[2] > 0)),
        "the slave's motor plot shows it driving"
    );
    let (_, z) = position(&h);
    assert!(z > 0.3, "the slave's readouts: z {z}");
    assert!(shows(&h, "Program: slave's program"));
}

#[test]
fn a_robot_put_down_before_add_robot_keeps_that_start_and_can_still_be_turned_there() {
    // Regression: the lone robot's start pose (where Move robot had put it) stayed the
    // app's one-robot start pose after "Add robot" and was put back after every reset:
    // turning robot 1 at 0 s did nothing, Stop undid it, and the new robot was placed
    // where robot 1 had been put down, inside it.
    let mut h = harness(AppConfig {
        robot: "M4".into(),
        ..AppConfig::quiet()
    });
    assert!(until(&mut h, |h| shows(h, "Add robot")));
    click(&mut h, "✋ Move robot");
    // Where a drag with the Move tool ends (the drag itself has its own test).
    h.state_mut().place_robot(0.0, 0.3);
    assert!(until(&mut h, |h| {
        let (x, z) = position(h);
        x.abs() < 0.01 && (z - 0.3).abs() < 0.01
    }));
    let h0 = heading(&h);
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::TURN_LEFT));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::TURN_LEFT));
    assert!(until(&mut h, |h| (heading(h) - (h0 + 30.0)).abs() < 1.0));
    click(&mut h, "Add robot");
    assert!(until(&mut h, |h| robot_chosen(h, "R2")));
    let r = robots_shown(&h);
    assert_eq!(r.len(), 2);
    assert!(
        r[0].1.abs() < 0.01 && (r[0].2 - 0.3).abs() < 0.01,
        "robot 1 starts where it was put down: {r:?}"
    );
    assert!(
        (r[1].1 - r[0].1).hypot(r[1].2 - r[0].2) >= 0.29,
        "the new robot is placed clear of robot 1: {r:?}"
    );
    select_robot(&mut h, "R1");
    assert!(until(&mut h, |h| (heading(h) - (h0 + 30.0)).abs() < 1.0));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::TURN_LEFT));
    assert!(
        until(&mut h, |h| (heading(h) - (h0 + 45.0)).abs() < 1.0),
        "robot 1 turns at its start: {}",
        heading(&h)
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::STOP));
    h.run_steps(5);
    assert!(
        until(&mut h, |h| clock_text(h) == "⏱ 0.000 s"
            && (heading(h) - (h0 + 45.0)).abs() < 1.0),
        "Stop keeps robot 1's new heading: {}",
        heading(&h)
    );
    let (x, z) = position(&h);
    assert!(
        x.abs() < 0.01 && (z - 0.3).abs() < 0.01,
        "and place: {x} {z}"
    );
}

#[test]
fn removing_the_chosen_robot_shows_the_next_robots_program_and_adds_its_model() {
    // Regression: when the robot chosen after "Remove robot" had the removed one's place in
    // the list, the app went on showing the removed robot's program (titled with its name)
    // and "Add robot" added the removed robot's model.
    let dir = std::env::temp_dir().join(format!("lurobotsim-gui-remove-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("three.toml");
    let program = root().join("assets/examples/motor_2s.lasm");
    let mut text = String::from("environment = \"E1\"\n");
    for (name, model, z) in [("a", "M4", -0.6), ("b", "M5", 0.0), ("c", "M1", 0.6)] {
        text.push_str(&format!(
            "\n[[robot]]\nname = \"{name}\"\nmodel = \"{model}\"\nprogram = {:?}\nz = {z}\n",
            program.display().to_string()
        ));
    }
    std::fs::write(&file, text).unwrap();
    let mut h = harness(AppConfig {
        scene: Some(file),
        ..AppConfig::quiet()
    });
    assert!(until(&mut h, |h| shows(h, "Program: a's program")));
    select_robot(&mut h, "b");
    assert!(until(&mut h, |h| shows(h, "Program: b's program")));
    click(&mut h, "Remove robot");
    assert!(
        until(&mut h, |h| robot_line(h, "b").is_none()
            && robot_chosen(h, "c")),
        "b is gone and c, now second, is chosen"
    );
    assert!(
        until(&mut h, |h| shows(h, "Program: c's program")),
        "the trace strip shows c's program"
    );
    assert!(!shows(&h, "Program: b's program"));
    assert!(shows(&h, "M1 on E1"), "the readouts name c's model");
    click(&mut h, "Add robot");
    assert!(
        until(&mut h, |h| robot_line(h, "R3") == Some(true)),
        "the new robot is listed and chosen"
    );
    assert!(
        shows(&h, " R3 · M1 · "),
        "the new robot is of the chosen robot's model (M1), not the removed one's: {:?}",
        live(&h).map(|s| s.robots.iter().map(|r| r.model.clone()).collect::<Vec<_>>())
    );
    // Removing the first robot while it is chosen: the one after it takes its place.
    select_robot(&mut h, "a");
    assert!(until(&mut h, |h| shows(h, "Program: a's program")));
    click(&mut h, "Remove robot");
    assert!(until(&mut h, |h| robot_line(h, "a").is_none()
        && robot_chosen(h, "c")));
    assert!(
        until(&mut h, |h| shows(h, "Program: c's program")),
        "the trace strip shows c's program"
    );
    // Down to one robot: the added one, with no program.
    click(&mut h, "Remove robot");
    assert!(until(&mut h, |h| !shows(h, "Remove robot")
        && robot_line(h, "c").is_none()));
    assert!(
        until(&mut h, |h| shows(h, "No program yet.")),
        "the robot left has no program"
    );
    assert!(shows(&h, "M1 on E1"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_program_opened_while_the_second_robot_is_chosen_goes_to_that_robot_only() {
    let mut h = harness(scene("ir_master_slave.toml"));
    assert!(until(&mut h, |h| shows(h, "Program: master's program")));
    select_robot(&mut h, "slave");
    assert!(until(&mut h, |h| shows(h, "Program: slave's program")));
    h.get_by_label("📂 Open").click();
    h.run_steps(2);
    let path = root().join("assets/examples/motor_2s.lasm");
    let field = h.get_by_role(egui::accesskit::Role::TextInput);
    field.focus();
    field.type_text(&path.display().to_string());
    h.run_steps(2);
    h.get_by_label("Open").click();
    assert!(
        until(&mut h, |h| shows(h, "Program: motor_2s.lasm")),
        "the trace strip shows the opened program"
    );
    assert!(robot_chosen(&h, "slave"), "the slave stays chosen");
    set_speed(&mut h, "max");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    // motor_2s drives an M4 about 1 m in 2 s; the slave no longer waits for orders.
    assert!(
        until(&mut h, |h| robots_shown(h)
            .get(1)
            .is_some_and(|r| r.1 > r.3 + 0.5)),
        "the slave runs the opened program: {:?}",
        robots_shown(&h)
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::PAUSE));
    assert!(until(&mut h, |h| run_state(h) == "paused"));
    let r = robots_shown(&h);
    assert!(
        (r[0].1 - r[0].3).abs() < 0.01,
        "the master did not drive: {r:?}"
    );
    select_robot(&mut h, "master");
    assert!(
        until(&mut h, |h| shows(h, "Program: master's program")),
        "the master keeps its program"
    );
}

#[test]
fn stop_puts_every_robot_of_a_scene_back_and_run_plays_the_scene_again() {
    let mut h = harness(scene("ir_master_slave.toml"));
    assert!(until(&mut h, |h| robot_line(h, "slave").is_some()));
    select_robot(&mut h, "slave");
    set_speed(&mut h, "max");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(
        until(&mut h, |h| robots_shown(h)
            .get(1)
            .is_some_and(|r| r.1 > r.3 + 0.2)),
        "the slave drives forward"
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::STOP));
    assert!(until(&mut h, |h| clock_text(h) == "⏱ 0.000 s"
        && run_state(h) == "paused"));
    let r = robots_shown(&h);
    for r in &r {
        assert!(
            (r.1 - r.3).abs() < 0.01 && (r.2 - r.4).abs() < 0.01,
            "{} is back at its start: {r:?}",
            r.0
        );
    }
    assert!(robot_chosen(&h, "slave"), "the choice is kept");
    assert!(shows(&h, "Program: slave's program"), "and the programs");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(
        until(&mut h, |h| robots_shown(h)
            .get(1)
            .is_some_and(|r| r.1 > r.3 + 0.2)),
        "Run plays the scene again: the master's orders reach the slave"
    );
}

#[test]
fn the_robot_menu_changes_the_chosen_robots_model_only() {
    let mut h = harness(scene("ir_master_slave.toml"));
    assert!(until(&mut h, |h| robot_line(h, "slave").is_some()));
    select_robot(&mut h, "slave");
    assert!(until(&mut h, |h| shows(h, "Program: slave's program")));
    h.get_all_by_label("Robot").next().unwrap().click();
    h.run_steps(2);
    h.get_by_label_contains("M5  ").click();
    // The scene's programs stand ready at 0 s, so the app may ask first.
    assert!(until(&mut h, |h| shows(h, "Change the robot to M5?")
        || shows(h, " slave · M5 · ")));
    if shows(&h, "Change the robot to M5?") {
        click(&mut h, &lurobotsim::tr!(Lang::En, ui::OK));
    }
    assert!(
        until(&mut h, |h| shows(h, " slave · M5 · ")
            && shows(h, " master · M4 · ")),
        "the slave is an M5 now, the master still an M4: {:?} {:?}",
        live(&h).map(|s| s
            .robots
            .iter()
            .map(|r| (r.name.clone(), r.model.clone()))
            .collect::<Vec<_>>()),
        h.state().messages
    );
    assert!(until(&mut h, |h| shows(h, "M5 on E1")));
    assert!(robot_chosen(&h, "slave"));
    assert!(
        until(&mut h, |h| shows(h, "Program: slave's program")),
        "the slave keeps its program"
    );
    click(&mut h, "Add robot");
    assert!(
        until(&mut h, |h| robot_chosen(h, "R3")),
        "the new robot is chosen"
    );
    assert!(shows(&h, " R3 · M5 · "), "of the chosen robot's model");
}

#[test]
fn choosing_another_robot_while_an_earlier_moment_is_shown_shows_that_robot_then() {
    let mut h = harness(scene("ir_master_slave.toml"));
    assert!(until(&mut h, |h| shows(h, "Program: master's program")));
    set_speed(&mut h, "max");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(clock_passes(&mut h, 0.0, 3.0));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::PAUSE));
    assert!(until(&mut h, |h| run_state(h) == "paused"));
    show_moment(&mut h, 1500);
    let (_, z) = position(&h);
    assert!(z < -0.3, "the master's readouts first: z {z}");
    select_robot(&mut h, "slave");
    assert!(
        until(&mut h, |h| position(h).1 > 0.3),
        "the slave's readouts: {:?}",
        position(&h)
    );
    assert_eq!(clock_text(&h), "⏱ 1.500 s", "still the moment chosen");
    assert!(
        run_state(&h).starts_with("showing 1.500 s"),
        "{}",
        run_state(&h)
    );
    let r = robots_shown(&h);
    let (x, _) = position(&h);
    assert!(
        (x - r[1].1).abs() < 0.002 && x > r[1].3 + 0.2,
        "the slave as it was at 1.5 s, on its way forward: x {x}, {r:?}"
    );
    assert!(
        lcd(&h).ends_with("· running"),
        "its brick then: {}",
        lcd(&h)
    );
}

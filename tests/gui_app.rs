//! The desktop app driven through its real UI with egui_kittest, without a GPU: clicking
//! run / pause / step / stop, choosing robots (with the OK / Cancel question), opening
//! programs, errors as messages, changing the world, replay and the camera keys. Each test
//! asserts on the app's state.
#![cfg(feature = "gui")]

mod gui_support;

use egui::accesskit::Role;
use egui_kittest::kittest::{by, Queryable};
use gui_support::*;
use lurobotsim::app::{AppConfig, Arrange, Level};
use lurobotsim::ui;
use lurobotsim::vm::TaskState;

fn with_program(file: &str) -> AppConfig {
    AppConfig {
        program: Some(root().join("assets/examples").join(file)),
        ..AppConfig::quiet()
    }
}

#[test]
fn run_starts_task_0_and_pause_freezes_the_clock() {
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(wait_for(&mut h, |a| a.program.is_some() && a.live.is_some()));
    h.get_by_label(ui::RUN).click();
    assert!(
        wait_for(&mut h, |a| a.is_running() && time_ms(a) >= 150),
        "time runs after Run"
    );
    assert!(h.state().program_active(), "task 0 was started");
    h.get_by_label(ui::PAUSE).click();
    assert!(wait_for(&mut h, |a| !a.is_running()));
    let t = time_ms(h.state());
    for _ in 0..20 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(time_ms(h.state()), t, "paused time stands still");
}

#[test]
fn step_tick_advances_the_clock_by_one_millisecond() {
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(wait_for(&mut h, |a| a.program.is_some() && a.live.is_some()));
    h.get_by_label("⏭ Step").click();
    h.run_steps(2);
    h.get_by_label(ui::STEP_TICK).click();
    assert!(wait_for(&mut h, |a| time_ms(a) == 1), "one tick");
    assert!(h.state().program_active(), "stepping starts the program");
}

#[test]
fn step_icon_stops_where_the_running_icon_changes() {
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(wait_for(&mut h, |a| a.program.is_some() && a.live.is_some()));
    h.state_mut().step(lurobotsim::runner::StepKind::Icon);
    assert!(wait_for(&mut h, |a| time_ms(a) > 0));
    let first = h.state().live.as_ref().unwrap().current_vi.get(&0).copied();
    h.state_mut().step(lurobotsim::runner::StepKind::Icon);
    assert!(wait_for(&mut h, |a| {
        a.live.as_ref().unwrap().current_vi.get(&0).copied() != first
    }));
    assert!(!h.state().is_running(), "stepping leaves the clock paused");
}

#[test]
fn stop_puts_the_robot_back_at_the_start_and_keeps_the_program() {
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(wait_for(&mut h, |a| a.program.is_some() && a.live.is_some()));
    h.state_mut().choose_robot("M4");
    assert!(wait_for(&mut h, |a| a
        .live
        .as_ref()
        .is_some_and(|s| s.robot == "M4")));
    h.state_mut().set_max_speed(true);
    h.get_by_label(ui::RUN).click();
    assert!(wait_for(&mut h, |a| a
        .live
        .as_ref()
        .is_some_and(|s| s.pose.x > 0.2)));
    h.get_by_label(ui::STOP).click();
    assert!(wait_for(&mut h, |a| time_ms(a) == 0));
    let s = h.state().live.clone().unwrap();
    assert!(s.pose.x.abs() < 0.01, "back at the start: x = {}", s.pose.x);
    assert!(s.tasks.iter().all(|t| t.state == TaskState::Stopped));
    assert!(h.state().program.is_some(), "program kept");
    assert!(!s.vis.is_empty(), "the simulation still has the program");
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
    assert_eq!(h.state().robot, "M5");
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
    h.get_by_label(ui::RUN).click();
    assert!(wait_for(&mut h, |a| a.program_active()));
    h.state_mut().choose_robot("M3");
    h.run_steps(2);
    assert!(h.state().pending.is_some(), "asks first");
    h.get_by_label(ui::CANCEL).click();
    h.run_steps(2);
    assert!(h.state().pending.is_none());
    assert_eq!(h.state().robot, "M1", "Cancel keeps the robot");
    h.state_mut().choose_robot("M3");
    h.run_steps(2);
    h.get_by_label(ui::OK).click();
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
    assert!(!h.state().show_file_browser, "the browser closes");
    // Clicking an icon shows its LASM lines.
    h.state_mut().selected_vi = Some(0);
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
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    let m = h.state().messages.last().cloned().expect("a message");
    assert_eq!(m.level, Level::Error);
    assert!(m.text.contains("bad.lasm:3"), "{}", m.text);
    assert!(h.state().program.is_none());
    h.get_by_label(ui::RUN).click();
    assert!(wait_for(&mut h, |a| time_ms(a) > 0), "still runs");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_robot_file_falls_back_to_m1_with_a_message() {
    let mut h = harness(AppConfig {
        robot: "/nonexistent/robot.toml".into(),
        ..AppConfig::quiet()
    });
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    assert_eq!(h.state().robot, "M1");
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
        ..AppConfig::quiet()
    });
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    assert!(h.state().link.is_none());
    assert!(h.state().link_error.is_some());
    assert!(
        h.query_by_label("Link off").is_some(),
        "shown in the status bar"
    );
    h.get_by_label(ui::RUN).click();
    assert!(wait_for(&mut h, |a| time_ms(a) > 0));
}

#[test]
fn the_link_listens_and_offers_sym_txt_settings() {
    let mut h = harness(AppConfig {
        listen: Some("127.0.0.1:0".into()),
        ..AppConfig::quiet()
    });
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    let port = h
        .state()
        .link
        .as_ref()
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
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
fn a_dropped_box_appears_in_the_world_while_the_program_runs() {
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    h.get_by_label(ui::RUN).click();
    assert!(wait_for(&mut h, |a| time_ms(a) > 50));
    h.state_mut().drop_box(0.8, 0.3);
    assert!(wait_for(&mut h, |a| a
        .live
        .as_ref()
        .is_some_and(|s| s.statics.iter().any(|b| b.name == "box 1"))));
    assert!(h.state().is_running(), "the run carries on");
}

#[test]
fn moving_the_robot_puts_it_down_where_it_was_dropped() {
    let mut h = harness(AppConfig::quiet());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    h.state_mut().place_robot(0.5, -0.4);
    assert!(wait_for(&mut h, |a| a.live.as_ref().is_some_and(|s| (s
        .pose
        .x
        - 0.5)
        .abs()
        < 0.02
        && (s.pose.z + 0.4).abs() < 0.02)));
}

#[test]
fn slower_adds_ten_milliseconds_per_click_up_to_200_and_faster_undoes_it() {
    let mut h = harness(AppConfig::quiet());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    h.get_by_label(ui::SLOWER).click();
    h.run_steps(1);
    h.get_by_label(ui::SLOWER).click();
    h.run_steps(1);
    assert_eq!(h.state().slow_ms, 20);
    assert!(wait_for(&mut h, |a| a
        .status
        .as_ref()
        .is_some_and(|s| s.slow_delay_ms == 20)));
    for _ in 0..30 {
        h.state_mut().slower();
    }
    assert_eq!(h.state().slow_ms, 200);
    h.get_by_label(ui::FASTER).click();
    h.run_steps(1);
    assert_eq!(h.state().slow_ms, 190);
    h.state_mut().slow_ms = 0;
    h.state_mut().faster();
    assert_eq!(h.state().speed_factor, 2.0, "then the speed ladder");
}

#[test]
fn the_timeline_seeks_back_and_resume_continues_from_there() {
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    h.state_mut().set_max_speed(true);
    h.get_by_label(ui::RUN).click();
    assert!(wait_for(&mut h, |a| time_ms(a) > 1500));
    h.get_by_label(ui::PAUSE).click();
    assert!(wait_for(&mut h, |a| !a.is_running()));
    let n = h.state().history.len();
    assert!(n > 3);
    h.state_mut().seek(n / 2);
    h.run_steps(1);
    let shown = h.state().shown().unwrap().time_ms;
    let frame = h.state().history.frames[n / 2].clone();
    assert_eq!(shown, frame.time_ms, "the replayed frame is on screen");
    assert!(shown < time_ms(h.state()));
    h.get_by_label("⏵ Resume from here").click();
    assert!(wait_for(&mut h, |a| a.replay.is_none() && time_ms(a) == shown));
    let live = h.state().live.clone().unwrap();
    assert!(
        (live.pose.x - frame.pose.x).abs() < 1e-6,
        "resumed exactly where the frame was: {} vs {}",
        live.pose.x,
        frame.pose.x
    );
}

#[test]
fn arrow_keys_move_the_camera_along_x() {
    let mut h = harness(AppConfig::quiet());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    let x0 = h.state().cameras[0].target.x;
    h.key_down(egui::Key::ArrowUp);
    h.run_steps(5);
    h.key_up(egui::Key::ArrowUp);
    h.run_steps(1);
    assert!(h.state().cameras[0].target.x > x0 + 0.01);
    assert!(
        !h.state().follow,
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
        wait_for(&mut h, |a| a.floor_image.is_some()),
        "E3's floor picture"
    );
    let p = h.state().program.clone().unwrap();
    assert!(p.name.contains("Line follower"));
}

#[test]
fn exporting_the_trace_writes_the_cli_csv() {
    let mut h = harness(with_program("motor_2s.lasm"));
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    h.state_mut().set_max_speed(true);
    h.get_by_label(ui::RUN).click();
    assert!(wait_for(&mut h, |a| time_ms(a) > 500));
    let dir = std::env::temp_dir().join(format!("lurobotsim-csv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("t.csv");
    h.state_mut().export_csv(&p);
    let text = std::fs::read_to_string(&p).unwrap();
    assert!(text.starts_with("time_s,x,y,z,yaw_deg,yaw_total_deg,out_a"));
    assert!(text.lines().count() > 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_layout_is_stable_from_frame_to_frame() {
    let mut h = harness(with_program("line_follower.lasm"));
    // egui sizes panels during its first few frames.
    h.run_steps(10);
    let first = h.state().view_rect;
    assert!(first.width() > 400.0 && first.height() > 300.0, "{first:?}");
    for _ in 0..30 {
        h.step();
        assert_eq!(h.state().view_rect, first, "panels keep their size");
    }
}

#[test]
fn a_saved_recording_opens_on_the_timeline_with_the_same_run() {
    let dir = std::env::temp_dir().join(format!("lurobotsim-rec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("run.json");
    let mut h = harness(with_program("motor_2s.lasm"));
    h.state_mut().choose_robot("M4");
    assert!(wait_for(&mut h, |a| a
        .live
        .as_ref()
        .is_some_and(|s| s.robot == "M4")));
    h.state_mut().set_max_speed(true);
    h.get_by_label(ui::RUN).click();
    assert!(wait_for(&mut h, |a| time_ms(a) > 2500));
    h.get_by_label(ui::PAUSE).click();
    assert!(wait_for(&mut h, |a| !a.is_running()));
    let end = h.state().live.clone().unwrap();
    h.state_mut().save_recording(&file);
    assert!(wait_for(&mut h, |a| a
        .messages
        .iter()
        .any(|m| m.text.contains("Recording saved"))));

    let mut h2 = harness(AppConfig::quiet());
    h2.state_mut().open_any(&file);
    assert!(wait_for(&mut h2, |a| a.replay.is_some() && a.history.len() > 20));
    let a = h2.state();
    assert_eq!(a.robot, "M4");
    assert_eq!(
        a.shown().unwrap().time_ms,
        0,
        "the replay starts at the beginning"
    );
    let last = a.history.frames.last().unwrap();
    assert_eq!(last.time_ms, end.time_ms);
    assert!(
        (last.pose.x - end.pose.x).abs() < 1e-9,
        "the re-simulated run ends where the recorded one did: {} vs {}",
        last.pose.x,
        end.pose.x
    );
    let _ = std::fs::remove_dir_all(&dir);
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
    h.get_by_label(ui::RUN).click();
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
    assert!(wait_for(&mut h, |a| a.link.is_some()));
    let addr = h.state().link.as_ref().unwrap().local_addr().unwrap();
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
    assert!(wait_for(&mut h, |a| a.program.is_some() && a.program_active()));
    assert!(h.state().program.as_ref().unwrap().vis.len() >= 3);
}

#[test]
fn dragging_the_palette_box_onto_the_floor_drops_an_obstacle_there() {
    let mut h = harness(AppConfig::quiet());
    h.state_mut().follow = false;
    h.run_steps(5);
    let from = h.get_by_label("Box").rect().center();
    let view = h.state().view_rect;
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
    let t = h.state().cameras[0].floor_point(0.0, 0.0, aspect).unwrap();
    assert!(
        (b.position[0] - t.x).abs() < 0.01 && (b.position[2] - t.z).abs() < 0.01,
        "box at {:?}, view centre on the floor near {t}",
        b.position
    );
}

#[test]
fn with_the_move_tool_a_drag_puts_the_robot_down_where_it_ends() {
    let mut h = harness(AppConfig::quiet());
    h.state_mut().follow = false;
    h.run_steps(5);
    h.get_by_label("✋ Move robot").click();
    h.run_steps(1);
    let view = h.state().view_rect;
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
    let want = h.state().cameras[0]
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
    assert!(wait_for(&mut h, |a| a.link.is_some()));
    let addr = h.state().link.as_ref().unwrap().local_addr().unwrap();
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
    h.state_mut().file_dir = dir.clone();
    assert!(wait_for(&mut h, |a| a.program.is_some() && a.live.is_some()));
    h.get_by_label(ui::RUN).click();
    assert!(wait_for(&mut h, |a| time_ms(a) >= 500));
    // File → Export trace as CSV… opens the window with a free default name.
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label(ui::EXPORT_CSV).click();
    h.run_steps(2);
    let default = h
        .state()
        .save_as
        .as_ref()
        .expect("the window opened")
        .name
        .clone();
    assert_eq!(default, "lurobotsim-M1-E1-trace-1.csv");
    // Into the sub-folder, under a typed name without extension.
    h.get_by_label("📁 sub").click();
    h.run_steps(1);
    h.state_mut().save_as.as_mut().unwrap().name.clear();
    h.run_steps(1);
    let field = h.get_by_role(egui::accesskit::Role::TextInput);
    field.focus();
    field.type_text("mine");
    h.run_steps(1);
    h.get_by_label(ui::SAVE).click();
    h.run_steps(2);
    let saved = dir.join("sub/mine.csv");
    let text = std::fs::read_to_string(&saved).expect("saved under the typed name");
    assert!(text.starts_with("time_s,"), "{text}");
    assert!(h.state().save_as.is_none(), "the window closes");
    assert_eq!(
        h.state().file_dir,
        dir.join("sub"),
        "the folder is remembered"
    );
    // The same name again: it asks, Cancel keeps the file, Replace overwrites it.
    std::fs::write(&saved, "old").unwrap();
    h.state_mut().ask_save(lurobotsim::app::SaveKind::TraceCsv);
    h.state_mut().save_as.as_mut().unwrap().name = "mine.csv".into();
    h.run_steps(1);
    h.get_by_label(ui::SAVE).click();
    h.run_steps(2);
    assert!(h.query_by_label_contains("already exists").is_some());
    h.get_by_label(ui::CANCEL).click();
    h.run_steps(2);
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), "old");
    assert!(h.state().save_as.is_some(), "still choosing a name");
    h.get_by_label(ui::SAVE).click();
    h.run_steps(2);
    h.get_by_label(ui::REPLACE).click();
    h.run_steps(2);
    assert!(std::fs::read_to_string(&saved)
        .unwrap()
        .starts_with("time_s,"));
    // A recording goes through the same window and can be opened again.
    h.state_mut().ask_save(lurobotsim::app::SaveKind::Recording);
    h.run_steps(2);
    assert_eq!(
        h.state().save_as.as_ref().unwrap().name,
        "lurobotsim-M1-E1-recording-1.json"
    );
    h.get_by_label(ui::SAVE).click();
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
    assert!(
        h.query_by_label(ui::PROGRAM_TRACE).is_none(),
        "tiled panes carry no window titles"
    );
    let docked = h.get_by_label_contains("Program: motor_2s").rect();

    h.get_by_label("Window").click();
    h.run_steps(2);
    h.get_by_label(ui::CASCADE).click();
    h.run_steps(3);
    assert_eq!(h.state().arrange, Arrange::Cascade);
    let titles: Vec<egui::Rect> = [ui::READOUTS, ui::PROGRAM_TRACE, ui::PLOTS]
        .iter()
        .map(|t| h.get_by_label(t).rect())
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
    h.get_by_label(ui::RUN).click();
    assert!(wait_for(&mut h, |a| a.program_active()));

    h.get_by_label("Tile").click();
    h.run_steps(3);
    assert_eq!(h.state().arrange, Arrange::Tile);
    assert!(h.query_by_label(ui::PROGRAM_TRACE).is_none());
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
        h.get(by().label(ui::PROGRAM_TRACE).role(Role::CheckBox))
            .click();
        h.run_steps(3);
        assert!(!h.state().panes.trace, "{arrange}: unticked");
        assert!(!trace_shown(&h), "{arrange}: the trace pane is gone");
        assert!(
            h.query_by_label("Sensor values").is_some(),
            "the other panes stay"
        );
        h.state_mut().panes.trace = true;
        h.run_steps(3);
        assert!(trace_shown(&h), "{arrange}: the trace pane is back");
    }
}

//! Scenes in the app, as a user's review met them (issue 15): Run with a robot that has no
//! program, the program pane after removing a robot, scene files and scene recordings
//! opened with File > Open, the link line of the shown robot.
#![cfg(feature = "gui")]

use crate::gui_support::*;
use egui_kittest::kittest::Queryable;
use lurobotsim::app::AppConfig;
use lurobotsim::ui;

fn scene(file: &str) -> AppConfig {
    AppConfig {
        scene: Some(root().join("assets/examples").join(file)),
        ..AppConfig::quiet()
    }
}

/// Types `path` into the file browser (📂 Open) and opens it.
fn open_through_the_browser(h: &mut AppHarness, path: &std::path::Path) {
    h.get_by_label("📂 Open").click();
    h.run_steps(2);
    let field = h.get_by_role(egui::accesskit::Role::TextInput);
    field.focus();
    field.type_text(&path.display().to_string());
    h.run_steps(2);
    h.get_by_label("Open").click();
    h.run_steps(2);
}

#[test]
fn run_is_enabled_and_runs_the_scene_when_the_shown_robot_has_no_program() {
    let mut h = harness(scene("ir_master_slave.toml"));
    assert!(until(&mut h, |h| shows(h, "slave · M4")));
    click(&mut h, "Add robot");
    // The new robot is shown, and it has no program.
    assert!(until(&mut h, |h| shows(h, "R3 · M4") && h.state().selected == 2));
    assert!(h.state().program.is_none());
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(until(&mut h, |h| clock(h) >= 2.5), "time runs");
    // The slave obeyed the master's "forward" meanwhile.
    let slave = h.state().shown().unwrap().robots[1].clone();
    assert!(slave.pose.x - slave.start_pose.x > 0.3, "{:?}", slave.pose);
}

#[test]
fn after_removing_a_robot_the_program_pane_shows_the_robot_now_shown() {
    let mut h = harness(scene("ir_master_slave.toml"));
    assert!(until(&mut h, |h| shows(h, "slave · M4")));
    click(&mut h, "Add robot");
    assert!(until(&mut h, |h| h.state().selected == 2));
    open_through_the_browser(&mut h, &root().join("assets/examples/motor_2s.lasm"));
    assert!(until(&mut h, |h| shows(h, "Program: motor_2s")));
    let icons = h.state().program.as_ref().unwrap().vis.len();
    // Choose the slave and take it out: R3 is robot 2 now, and still its own program.
    h.get_by_label_contains("slave · M4").click();
    assert!(until(&mut h, |h| shows(h, "Program: slave's program")));
    click(&mut h, "Remove robot");
    assert!(until(&mut h, |h| !shows(h, "slave · M4")));
    assert!(
        until(&mut h, |h| shows(h, "Program: R3's program")),
        "the pane follows the robot shown"
    );
    assert_eq!(h.state().program.as_ref().unwrap().vis.len(), icons);
    assert!(!shows(&h, "New program received"), "nothing was downloaded");
}

#[test]
fn file_open_on_a_scene_file_opens_the_scene() {
    let mut h = harness(AppConfig::quiet());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    open_through_the_browser(&mut h, &root().join("assets/examples/ir_elect.toml"));
    assert!(until(&mut h, |h| shows(h, "A · M4") && shows(h, "B · M4")));
    assert!(until(&mut h, |h| shows(h, "Program: A's program")));
}

#[test]
fn a_recording_of_run_scene_record_opens_in_the_app_with_every_robot() {
    let rec = std::env::temp_dir().join(format!(
        "lurobotsim-gui-scene-rec-{}.json",
        std::process::id()
    ));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(["run", "--scene"])
        .arg(root().join("assets/examples/ir_master_slave.toml"))
        .args(["--seconds", "3", "--record"])
        .arg(&rec)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut h = harness(AppConfig::quiet());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    open_through_the_browser(&mut h, &rec);
    let _ = std::fs::remove_file(&rec);
    assert!(until(&mut h, |h| shows(h, "master · M4")
        && shows(h, "slave · M4")));
    assert!(!shows(&h, "Cannot open"), "opened");
    // The whole run is on the timeline: 3 s of it.
    assert!(until(&mut h, |h| h
        .state()
        .status
        .as_ref()
        .is_some_and(|s| s.history_ms.1 == 3000)));
}

#[test]
fn the_link_line_names_the_shown_robots_link() {
    // A free pair of ports for this test's two robots.
    let base = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let p = probe.local_addr().unwrap().port();
        drop(probe);
        p
    };
    let mut h = harness(AppConfig {
        listen: Some(format!("127.0.0.1:{base}")),
        ..scene("ir_master_slave.toml")
    });
    assert!(until(&mut h, |h| shows(h, "Link of master: 127.0.0.1:")));
    h.get_by_label_contains("slave · M4").click();
    let want = format!("Link of slave: 127.0.0.1:{}", base + 1);
    assert!(until(&mut h, |h| shows(h, &want)), "{want}");
}

#[test]
fn the_examples_menu_opens_the_ir_scenes() {
    let mut h = harness(AppConfig::quiet());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    click(&mut h, "⭐ Examples");
    h.get_by_label_contains("IR: master and slave").click();
    h.run_steps(2);
    assert!(until(&mut h, |h| shows(h, "master · M4")
        && shows(h, "slave · M4")));
}

#[test]
fn changing_the_floor_asks_first_while_another_robot_than_the_shown_one_runs() {
    let mut h = harness(scene("ir_master_slave.toml"));
    assert!(until(&mut h, |h| shows(h, "slave · M4")));
    // The slave's own Run starts the slave alone; the master, shown again, runs nothing.
    h.get_by_label_contains("slave · M4").click();
    assert!(until(&mut h, |h| shows(h, "Program: slave's program")));
    click(&mut h, "Brick Run");
    assert!(until(&mut h, |h| h
        .state()
        .shown()
        .is_some_and(|s| s.robots[1].running)));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::PAUSE));
    h.get_by_label_contains("master · M4").click();
    assert!(until(&mut h, |h| shows(h, "Program: master's program")));
    assert!(!h.state().shown().unwrap().robots[0].running);
    h.get_by_label("Environment").click();
    h.run_steps(2);
    h.get_by_label_contains("E3  ").click();
    assert!(
        until(&mut h, |h| shows(h, "Change the environment to E3?")),
        "the slave's program runs: the change is asked about"
    );
}

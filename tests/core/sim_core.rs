//! The simulation core: the tick, the state object, odometry, reset, determinism.

use lurobotsim::rcx::load_program_file;
use lurobotsim::sim::{SimConfig, Simulation};
use lurobotsim::world::spec::{EnvSpec, RobotSpec};
use std::path::Path;

fn sim(robot: &str, env: &str, program: &str) -> Simulation {
    let mut s = Simulation::new(
        RobotSpec::load(robot).unwrap(),
        EnvSpec::load(env).unwrap(),
        SimConfig::default(),
    )
    .unwrap();
    let p = load_program_file(&Path::new("tests/programs").join(program)).unwrap();
    s.load_program(p);
    s
}

#[test]
fn state_json_has_every_key_of_the_cli_contract() {
    let mut s = sim("M4", "E1", "sim_m4_forward_5.lasm");
    s.start();
    s.run_ticks(500);
    let j = s.state_json();
    for key in [
        "sim_time_s",
        "robot",
        "environment",
        "pose",
        "start_pose",
        "displacement_m",
        "path_length_m",
        "yaw_total_deg",
        "outputs",
        "sensors",
        "variables",
        "timers",
        "program_slot",
        "tasks",
        "faults",
        "sounds",
        "trace",
    ] {
        assert!(j.get(key).is_some(), "missing {key} in {j}");
    }
    for key in ["x", "y", "z", "yaw_deg"] {
        assert!(j["pose"][key].is_number(), "pose.{key}");
        assert!(j["start_pose"][key].is_number(), "start_pose.{key}");
    }
    assert_eq!(j["sim_time_s"], 0.5);
    assert_eq!(j["robot"], "M4");
    assert_eq!(j["environment"], "E1");
    assert!(j["trace"]["vis"].is_array() && j["trace"]["events"].is_array());
    assert_eq!(j["variables"].as_array().unwrap().len(), 32);
    assert_eq!(j["timers"].as_array().unwrap().len(), 4);
    // Half a second at full power: clearly moving forward along +X.
    assert!(j["pose"]["x"].as_f64().unwrap() > 0.1, "{}", j["pose"]);
    assert_eq!(j["outputs"]["A"]["mode"], "on");
}

#[test]
fn the_clock_counts_whole_milliseconds_and_the_vm_clock_agrees() {
    let mut s = sim("M1", "E1", "sim_m4_forward_5.lasm");
    assert_eq!(s.time_ms(), 0);
    s.run_ticks(1234);
    assert_eq!(s.time_ms(), 1234);
    assert_eq!(s.vm().now_ms(), 1234);
}

#[test]
fn odometry_follows_a_straight_drive() {
    let mut s = sim("M4", "E1", "sim_m4_forward_5.lasm");
    s.start();
    s.run_ticks(3000);
    let d = s.displacement_m();
    assert!(d > 0.9, "{d}");
    // A straight drive: the path is barely longer than the displacement.
    assert!(s.path_length_m() >= d - 1e-9 && s.path_length_m() < d * 1.01);
    assert!(s.yaw_total_deg().abs() < 2.0, "{}", s.yaw_total_deg());
}

#[test]
fn reset_goes_back_to_the_start_with_the_program_kept_and_stopped() {
    let mut fresh = sim("M4", "E1", "sim_m4_forward_3.lasm");
    let mut s = fresh.clone();
    s.start();
    s.run_ticks(1500);
    assert!(s.displacement_m() > 0.3);
    s.reset();
    assert_eq!(s.time_ms(), 0);
    assert_eq!(s.displacement_m(), 0.0);
    assert_eq!(s.pose(), fresh.pose());
    assert_eq!(s.program(), fresh.program());
    assert!(s
        .vm()
        .tasks()
        .iter()
        .all(|t| t.state == lurobotsim::vm::TaskState::Stopped));
    // And it runs exactly as a fresh simulation does.
    s.start();
    fresh.start();
    s.run_ticks(1000);
    fresh.run_ticks(1000);
    assert_eq!(s.state_json(), fresh.state_json());
    assert_eq!(s.pose(), fresh.pose());
}

#[test]
fn a_clone_continues_bit_identically() {
    let mut a = sim("M4", "E1", "sim_m4_forward_4.lasm");
    a.start();
    a.run_ticks(700);
    let mut b = a.clone();
    a.run_ticks(1300);
    b.run_ticks(1300);
    assert_eq!(a.pose(), b.pose());
    assert_eq!(a.state_json(), b.state_json());
}

//! Determinism is a contract: the same robot, environment, program and seed give
//! bit-identical trajectories. This pins a short M4 run's poses (every 100 ms, as the f64
//! bits of x, y, z, yaw) to tests/data/golden/sim_m4_level3.txt.
//!
//! PINNED TO the rapier3d feature set in Cargo.toml (`dim3`, `f32`, `std`; no
//! `enhanced-determinism`, no `simd-*`, no `parallel`) and to robots/M4.toml,
//! environments/E1.toml and the world's tuning. Changing any of them legitimately changes
//! the numbers: check the new run is still right (sim_scenarios), then regenerate with
//! `UPDATE_GOLDEN=1 cargo test --no-default-features --test sim_golden`.

use lurobotsim::sim::SimDef;
use lurobotsim::sim::{SimConfig, Simulation};
use lurobotsim::world::spec::{EnvSpec, RobotSpec};
use std::path::Path;

const GOLDEN: &str = "tests/data/golden/sim_m4_level3.txt";

fn poses() -> String {
    let mut s = Simulation::create(&SimDef::one(
        RobotSpec::load("M4").unwrap(),
        EnvSpec::load("E1").unwrap(),
    ))
    .unwrap();
    let p = lurobotsim::rcx::load_program_file(Path::new("tests/programs/sim_m4_forward_3.lasm"))
        .unwrap();
    s.robot_mut(0).unwrap().load_program(p);
    s.robot_mut(0).unwrap().start();
    let mut out = String::from("# time_ms x y z yaw_deg (f64 bits, hex) then decimal\n");
    for _ in 0..30 {
        s.run_ticks(100);
        let p = s.robot(0).unwrap().pose();
        out.push_str(&format!(
            "{} {:016x} {:016x} {:016x} {:016x}  {:.9} {:.9} {:.9} {:.9}\n",
            s.time_ms(),
            p.x.to_bits(),
            p.y.to_bits(),
            p.z.to_bits(),
            p.yaw_deg.to_bits(),
            p.x,
            p.y,
            p.z,
            p.yaw_deg
        ));
    }
    out
}

#[test]
fn a_short_m4_run_matches_its_golden_poses_bit_for_bit() {
    let now = poses();
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(GOLDEN, &now).unwrap();
    }
    let golden = std::fs::read_to_string(GOLDEN).expect("golden file (UPDATE_GOLDEN=1 writes it)");
    for (i, (a, b)) in golden.lines().zip(now.lines()).enumerate() {
        assert_eq!(a, b, "line {} of {GOLDEN} differs", i + 1);
    }
    assert_eq!(golden.lines().count(), now.lines().count());
}

#[test]
fn two_runs_in_one_process_are_bit_identical() {
    assert_eq!(poses(), poses());
}

// ---------------------------------------------------------------- two robots, one world

const GOLDEN_SCENE: &str = "tests/data/golden/scene_two_m4_head_on.txt";

/// Both robots' poses every 100 ms of tests/data/scenes/two_m4_head_on.toml (two M4s that
/// drive into each other and push), seed 5.
fn scene_poses() -> String {
    use lurobotsim::sim::scene::Scene;
    use lurobotsim::sim::Simulation;
    let scene = Scene::load(Path::new("tests/data/scenes/two_m4_head_on.toml")).unwrap();
    let config = SimConfig {
        seed: 5,
        ..SimConfig::default()
    };
    let mut s = Simulation::create(&scene.clone().into_def().with_config(config)).unwrap();
    let mut out = String::from("# time_ms robot x y z yaw_deg (f64 bits, hex) then decimal\n");
    for _ in 0..30 {
        s.run_to(s.time_ms() + 100);
        for k in 0..2 {
            let p = s.robot(k).unwrap().pose();
            out.push_str(&format!(
                "{} {k} {:016x} {:016x} {:016x} {:016x}  {:.9} {:.9} {:.9} {:.9}\n",
                s.time_ms(),
                p.x.to_bits(),
                p.y.to_bits(),
                p.z.to_bits(),
                p.yaw_deg.to_bits(),
                p.x,
                p.y,
                p.z,
                p.yaw_deg
            ));
        }
    }
    out
}

#[test]
fn two_m4s_pushing_each_other_match_their_golden_poses_bit_for_bit() {
    let now = scene_poses();
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(GOLDEN_SCENE, &now).unwrap();
    }
    let golden =
        std::fs::read_to_string(GOLDEN_SCENE).expect("golden file (UPDATE_GOLDEN=1 writes it)");
    for (i, (a, b)) in golden.lines().zip(now.lines()).enumerate() {
        assert_eq!(a, b, "line {} of {GOLDEN_SCENE} differs", i + 1);
    }
    assert_eq!(golden.lines().count(), now.lines().count());
}

#[test]
fn the_same_scene_and_seed_twice_in_one_process_are_bit_identical() {
    assert_eq!(scene_poses(), scene_poses());
}

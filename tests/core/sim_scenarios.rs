//! The original's acceptance scenarios (lurobotsim.md §7) on the real VM, world and
//! assembler: M4's distances at power levels 1–5, M2's touch test on E2, M5's line
//! following on E3, and repeatability.

use lurobotsim::sim::csv::TraceCsv;
use lurobotsim::sim::SimDef;
use lurobotsim::sim::{SimConfig, Simulation};
use lurobotsim::world::spec::{EnvSpec, RobotSpec};
use std::path::Path;

fn program(name: &str) -> lurobotsim::rcx::Program {
    lurobotsim::rcx::load_program_file(&Path::new("tests/programs").join(name)).unwrap()
}

fn started(robot: RobotSpec, env: &str, prog: &str) -> Simulation {
    let mut s = Simulation::create(&SimDef::one(robot, EnvSpec::load(env).unwrap())).unwrap();
    s.robot_mut(0).unwrap().load_program(program(prog));
    s.robot_mut(0).unwrap().start();
    s
}

/// Runs `ms` and returns the trace CSV rows (header dropped), split into fields.
fn run_with_csv(s: &mut Simulation, ms: u64) -> Vec<Vec<String>> {
    let mut csv = TraceCsv::new(Vec::new(), lurobotsim::sim::Listing::One).unwrap();
    csv.observe(s).unwrap();
    for _ in 0..ms {
        s.tick();
        csv.observe(s).unwrap();
    }
    let text = String::from_utf8(csv.finish().unwrap()).unwrap();
    text.lines()
        .skip(1)
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

fn f(row: &[String], col: usize) -> f64 {
    row[col].parse().unwrap()
}

// CSV columns (cli.md).
const T: usize = 0;
const X: usize = 1;
const YAW: usize = 4;
const OUT_A: usize = 6;
const S1_RAW: usize = 9;
const S1_VALUE: usize = 10;

#[test]
fn m4_travels_the_originals_distances_at_power_levels_1_to_5() {
    // lurobotsim.md §7: "go forward for 2 seconds and stop" in the original simulator.
    let table = [0.82, 0.86, 0.94, 1.02, 1.06];
    for (i, want) in table.iter().enumerate() {
        let level = i + 1;
        let mut s = started(
            RobotSpec::load("M4").unwrap(),
            "E1",
            &format!("sim_m4_forward_{level}.lasm"),
        );
        // 2 s driving, then time to stop and settle.
        s.run_ticks(3000);
        let d = s.robot(0).unwrap().displacement_m();
        let err = (d - want).abs() / want;
        println!("level {level}: original {d:.4} m (table {want})");
        assert!(
            err < 0.015,
            "level {level}: {d:.4} m, want {want} m ± 1.5 % (off by {:.2} %)",
            err * 100.0
        );
        assert!(
            s.robot(0).unwrap().pose().z.abs() < 0.02,
            "level {level} drifted sideways"
        );
    }
}

#[test]
fn m2_on_e2_stops_at_the_wall_waits_a_second_reverses_two_and_stops() {
    let mut s = started(RobotSpec::load("M2").unwrap(), "E2", "sim_touch_wall.lasm");
    let rows = run_with_csv(&mut s, 8000);
    // The contact: the touch sensor reads pressed (raw low, value 1) when the brick is near
    // the wall (inner face at x = 1.585).
    let hit = rows
        .iter()
        .position(|r| r[S1_VALUE] == "1")
        .expect("the touch sensor never pressed");
    let t_hit = f(&rows[hit], T);
    assert!(f(&rows[hit], S1_RAW) < 460.0, "pressed reads low");
    assert!(
        f(&rows[hit], X) > 1.35,
        "touched at x = {}",
        f(&rows[hit], X)
    );
    assert!((1.0..5.0).contains(&t_hit), "touched at {t_hit} s");
    // Driving forward until then.
    assert!(rows[..hit].iter().skip(2).all(|r| r[OUT_A] == "100"));
    // Stopped for 1 s (the motor off, the robot still).
    let during = |from: f64, to: f64| {
        rows.iter()
            .filter(move |r| f(r, T) > t_hit + from && f(r, T) < t_hit + to)
    };
    let x_hit = f(&rows[hit + 1], X);
    for r in during(0.06, 0.95) {
        assert_eq!(r[OUT_A], "0", "motor off while waiting at {}", r[T]);
        assert!((f(r, X) - x_hit).abs() < 0.01, "still while waiting");
    }
    // Reversing for 2 s at full power: back by about 2 s × 0.5 m/s.
    for r in during(1.1, 2.95) {
        assert_eq!(r[OUT_A], "-100", "reversing at {}", r[T]);
    }
    let x_end = f(rows.last().unwrap(), X);
    assert!(x_hit - x_end > 0.9, "reversed only {} m", x_hit - x_end);
    // Then stopped, for good.
    for r in during(3.2, 10.0) {
        assert_eq!(r[OUT_A], "0");
        assert!((f(r, X) - x_end).abs() < 0.005);
    }
    assert_eq!(
        s.robot(0).unwrap().state_json()["tasks"][0]["state"],
        "stopped"
    );
    assert!(s.robot(0).unwrap().state_json()["faults"]
        .as_array()
        .unwrap()
        .is_empty());
    // The contact in the state object, at the moment of the hit.
    let mut s = started(RobotSpec::load("M2").unwrap(), "E2", "sim_touch_wall.lasm");
    s.run_to((t_hit * 1000.0) as u64);
    let j = s.robot(0).unwrap().state_json();
    assert_eq!(j["sensors"][0]["type"], "touch");
    assert_eq!(j["sensors"][0]["value"], 1, "{}", j["sensors"]);
}

/// Where the stock M5's light spot sits ahead of the brick's centre (robots/M5.toml): 6 cm
/// ahead of the front axle, where a single-sensor follower can hold a 2 cm line.
const M5_SENSOR_X: f64 = 0.15;

/// The stock M5 and its sensor's offset.
fn m5_for_line_following() -> (RobotSpec, f64) {
    (RobotSpec::load("M5").unwrap(), M5_SENSOR_X)
}

/// How far a point is from E3's square line (centre line at |x| = 1 or |z| = 1).
fn off_line(x: f64, z: f64) -> f64 {
    (x.abs().max(z.abs()) - 1.0).abs()
}

#[test]
fn m5_on_e3_follows_the_square_line_for_seventy_seconds() {
    let (m5, sensor_x) = m5_for_line_following();
    let mut s = started(m5, "E3", "sim_line_follower.lasm");
    let rows = run_with_csv(&mut s, 70_000);
    let mut worst: f64 = 0.0;
    let mut around = 0.0_f64;
    let mut last_angle: Option<f64> = None;
    for r in rows.iter().filter(|r| f(r, T) >= 5.0) {
        let (x, z, yaw) = (f(r, X), f(r, 3), f(r, YAW).to_radians());
        let (sx, sz) = (x + sensor_x * yaw.cos(), z - sensor_x * yaw.sin());
        worst = worst.max(off_line(sx, sz));
        // Progress: the angle of the robot around the square's centre, unwrapped.
        let a = sz.atan2(sx);
        if let Some(l) = last_angle {
            let mut d = a - l;
            if d > std::f64::consts::PI {
                d -= 2.0 * std::f64::consts::PI;
            } else if d < -std::f64::consts::PI {
                d += 2.0 * std::f64::consts::PI;
            }
            around += d;
        }
        last_angle = Some(a);
    }
    assert!(
        worst < 0.06,
        "the sensor strayed {worst:.3} m from the line"
    );
    assert!(
        around.abs().to_degrees() > 300.0,
        "went only {:.0}° around the square",
        around.to_degrees()
    );
    // It keeps alternating between the two waits (dark and light) all along.
    let events = s.robot(0).unwrap().tracer().events().len();
    assert!(events > 100, "only {events} icon changes");
    assert!(s.robot(0).unwrap().vm().faults().is_empty());
}

#[test]
fn the_stock_m5_drives_to_the_line_and_stops_on_it() {
    let mut s = started(RobotSpec::load("M5").unwrap(), "E3", "sim_wait_dark.lasm");
    s.run_ticks(5000);
    let p = s.robot(0).unwrap().pose();
    let sensor_x = p.x + M5_SENSOR_X * p.yaw_deg.to_radians().cos();
    assert!(
        (sensor_x - 1.0).abs() < 0.03,
        "the sensor stopped at x = {sensor_x:.3}, not on the line at 1.0"
    );
    assert_eq!(
        s.robot(0).unwrap().state_json()["tasks"][0]["state"],
        "stopped"
    );
    assert!(
        s.robot(0).unwrap().vm().sensors()[0].value <= 40,
        "reads dark"
    );
}

#[test]
fn the_same_line_following_run_twice_gives_identical_json() {
    let run = || {
        let (m5, _) = m5_for_line_following();
        let mut s = started(m5, "E3", "sim_line_follower.lasm");
        s.run_ticks(15_000);
        serde_json::to_string(&s.robot(0).unwrap().state_json()).unwrap()
    };
    let a = run();
    assert_eq!(a, run());
    assert!(a.contains("\"events\""));
}

#[test]
fn a_headless_line_follower_alternates_wait_for_dark_and_wait_for_light_as_the_sensor_crosses_the_line(
) {
    use lurobotsim::trace::ViKind;
    let mut s = started(
        RobotSpec::load("M5").unwrap(),
        "E3",
        "sim_line_follower.lasm",
    );
    // Run tick by tick, noting the light value whenever task 0's running icon changes.
    let mut seen = 0;
    let mut changes: Vec<(usize, i16)> = Vec::new();
    for _ in 0..20_000 {
        s.tick();
        let events = s.robot(0).unwrap().tracer().events();
        for e in &events[seen..] {
            if e.task == 0 {
                changes.push((e.vi, s.robot(0).unwrap().vm().sensors()[0].value));
            }
        }
        seen = events.len();
    }
    let kind = |vi: usize| s.robot(0).unwrap().tracer().vis()[vi].kind;
    let waits: Vec<(ViKind, i16, ViKind)> = changes
        .windows(2)
        .filter(|w| matches!(kind(w[0].0), ViKind::WaitDark | ViKind::WaitLight))
        .map(|w| (kind(w[0].0), w[1].1, kind(w[1].0)))
        .collect();
    assert!(waits.len() > 20, "only {} waits ended", waits.len());
    for (k, value, _) in &waits {
        // A wait ends exactly when its condition holds: dark at ≤ 40, light at ≥ 55.
        match k {
            ViKind::WaitDark => assert!(*value <= 40, "left wait-for-dark reading {value}"),
            _ => assert!(*value >= 55, "left wait-for-light reading {value}"),
        }
    }
    // After the first dark, the two waits alternate.
    let kinds: Vec<ViKind> = waits.iter().map(|w| w.0).collect();
    for pair in kinds[1..].windows(2) {
        assert_ne!(
            pair[0], pair[1],
            "two waits of one kind in a row: {kinds:?}"
        );
    }
}

// ------------------------------------------------------------------ `--realism rcx`

fn started_rcx(robot: &str, env: &str, prog: &str) -> Simulation {
    let config = SimConfig {
        realism: lurobotsim::sim::Realism::Rcx,
        ..SimConfig::default()
    };
    let mut s = Simulation::create(
        &SimDef::one(RobotSpec::load(robot).unwrap(), EnvSpec::load(env).unwrap())
            .with_config(config),
    )
    .unwrap();
    s.robot_mut(0).unwrap().load_program(program(prog));
    s.robot_mut(0).unwrap().start();
    s
}

/// What `--realism rcx` gives for the thesis's real-robot table (lurobotsim.md §7: M4,
/// ROBOLAB "forward 2 s" at levels 1–5) with the default battery. Only level 5 is
/// calibrated (the default battery is the one that drives 1.05 m there); levels 1–4 follow
/// from the physics and are not fitted (docs/realism.md compares original, rcx and the real
/// robot). The figures are pinned so a change to the model shows here.
const RCX_M4_DISTANCES: [f64; 5] = [0.481, 0.845, 0.927, 1.022, 1.050];
const REAL_M4_DISTANCES: [f64; 5] = [0.81, 0.84, 0.93, 1.01, 1.05];

#[test]
fn in_rcx_mode_m4_travels_the_pinned_distances_for_robolab_levels_1_to_5() {
    let mut got = Vec::new();
    for level in 1..=5 {
        let mut s = started_rcx("M4", "E1", &format!("sim_m4_forward_{level}.lasm"));
        s.run_ticks(3000);
        got.push(s.robot(0).unwrap().displacement_m());
        assert!(
            s.robot(0).unwrap().pose().z.abs() < 0.03,
            "level {level} drifted sideways"
        );
    }
    for (i, d) in got.iter().enumerate() {
        let real = REAL_M4_DISTANCES[i];
        println!(
            "level {}: rcx {d:.4} m, real {real} m ({:+.1} %)",
            i + 1,
            (d - real) / real * 100.0
        );
    }
    for (i, d) in got.iter().enumerate() {
        let want = RCX_M4_DISTANCES[i];
        assert!(
            (d - want).abs() < 0.005,
            "level {}: {d:.4} m, pinned {want} m",
            i + 1
        );
        if i > 0 {
            assert!(*d > got[i - 1], "levels 1–5 go further and further");
        }
    }
}

#[test]
fn switching_realism_resets_under_the_new_setting_and_keeps_the_program() {
    let mut s = started(
        RobotSpec::load("M4").unwrap(),
        "E1",
        "sim_m4_forward_5.lasm",
    );
    s.run_ticks(500);
    s.set_realism(lurobotsim::sim::Realism::Rcx);
    assert_eq!(s.time_ms(), 0);
    assert_eq!(s.config().realism, lurobotsim::sim::Realism::Rcx);
    s.robot_mut(0).unwrap().start();
    s.run_ticks(3000);
    let mut fresh = started_rcx("M4", "E1", "sim_m4_forward_5.lasm");
    fresh.run_ticks(3000);
    assert_eq!(
        s.robot(0).unwrap().pose(),
        fresh.robot(0).unwrap().pose(),
        "the same as a run begun in rcx"
    );
    s.set_realism(lurobotsim::sim::Realism::Original);
    s.robot_mut(0).unwrap().start();
    s.run_ticks(3000);
    let mut original = started(
        RobotSpec::load("M4").unwrap(),
        "E1",
        "sim_m4_forward_5.lasm",
    );
    original.run_ticks(3000);
    assert_eq!(
        s.robot(0).unwrap().pose(),
        original.robot(0).unwrap().pose()
    );
}

// ---------------------------------------------------------------- scenes (several robots)

use lurobotsim::sim::scene::Scene;
use lurobotsim::sim::Simulation as SceneSim;

/// A scene from text whose paths are relative to the repository.
fn scene(text: &str) -> Scene {
    Scene::parse("test.toml", text, Path::new(".")).unwrap()
}

fn scene_sim(text: &str, seed: u64) -> SceneSim {
    let config = SimConfig {
        seed,
        ..SimConfig::default()
    };
    SceneSim::create(&scene(text).clone().into_def().with_config(config)).unwrap()
}

fn example(name: &str, seed: u64) -> SceneSim {
    let s = Scene::load(&Path::new("assets/examples").join(name)).unwrap();
    let config = SimConfig {
        seed,
        ..SimConfig::default()
    };
    SceneSim::create(&s.clone().into_def().with_config(config)).unwrap()
}

#[test]
fn a_one_robot_scene_is_exactly_the_run_of_that_robot() {
    let config = SimConfig {
        seed: 7,
        ..SimConfig::default()
    };
    let mut one = Simulation::create(
        &SimDef::one(RobotSpec::load("M2").unwrap(), EnvSpec::load("E2").unwrap())
            .with_config(config),
    )
    .unwrap();
    one.robot_mut(0)
        .unwrap()
        .load_program(program("sim_touch_wall.lasm"));
    one.robot_mut(0).unwrap().start();
    let mut many = scene_sim(
        "environment = \"E2\"\n[[robot]]\nmodel = \"M2\"\nprogram = \"tests/programs/sim_touch_wall.lasm\"\n",
        7,
    );
    let mut a = TraceCsv::new(Vec::new(), lurobotsim::sim::Listing::One).unwrap();
    let mut b = TraceCsv::new(Vec::new(), lurobotsim::sim::Listing::Scene).unwrap();
    a.observe(&one).unwrap();
    b.observe(&many).unwrap();
    for _ in 0..4000 {
        one.tick();
        many.tick();
        a.observe(&one).unwrap();
        b.observe(&many).unwrap();
    }
    let a = String::from_utf8(a.finish().unwrap()).unwrap();
    let b = String::from_utf8(b.finish().unwrap()).unwrap();
    for (x, y) in a.lines().skip(1).zip(b.lines().skip(1)) {
        assert_eq!(y, format!("R1,{x}"));
    }
    assert_eq!(a.lines().count(), b.lines().count());
    let mut j = many.robot(0).unwrap().json();
    let m = j.as_object_mut().unwrap();
    assert_eq!(m.remove("name").unwrap(), "R1");
    m.remove("ir");
    assert_eq!(j, one.robot(0).unwrap().state_json());
}

#[test]
fn two_robots_driving_head_on_collide_instead_of_passing_through() {
    let text = "environment = \"E1\"\n\
        [[robot]]\nmodel = \"M4\"\nprogram = \"tests/programs/sim_m4_forward_3.lasm\"\nx = -0.4\n\
        [[robot]]\nmodel = \"M4\"\nprogram = \"tests/programs/sim_m4_forward_3.lasm\"\nx = 0.4\nyaw = 180.0\n";
    let mut s = scene_sim(text, 0);
    s.run_to(3000);
    let (a, b) = (s.robot(0).unwrap().pose(), s.robot(1).unwrap().pose());
    // Alone, each would drive ≈ 1 m in 3 s (sim_m4_forward_3 runs 2 s at level 3): through
    // each other. Together they meet in the middle and push.
    assert!(a.x < b.x - 0.1, "A at {:.3}, B at {:.3}", a.x, b.x);
    assert!(a.x > -0.4 && b.x < 0.4, "both moved towards each other");
    assert!(
        a.x.abs() < 0.3 && b.x.abs() < 0.3,
        "they met near the middle"
    );
}

#[test]
fn a_touch_sensor_feels_another_robot_as_it_feels_a_wall() {
    // M2's touch test on the empty floor E1: the only thing to touch is a parked M4.
    let text = "environment = \"E1\"\n\
        [[robot]]\nname = \"bumper\"\nmodel = \"M2\"\nprogram = \"tests/programs/sim_touch_wall.lasm\"\n\
        [[robot]]\nname = \"parked\"\nmodel = \"M4\"\nx = 0.8\n";
    let mut s = scene_sim(text, 0);
    let mut pressed_at = None;
    for _ in 0..6000 {
        s.tick();
        let v = s.robot(0).unwrap().vm().sensors();
        if pressed_at.is_none() && v.iter().any(|v| v.port == 0 && v.value == 1) {
            pressed_at = Some((s.time_ms(), s.robot(0).unwrap().pose().x));
        }
    }
    let (t, x) = pressed_at.expect("the bumper never felt the parked robot");
    assert!(x > 0.3 && x < 0.8, "pressed at x = {x} (t = {t} ms)");
    // Then it backed away as the program says.
    assert!(
        s.robot(0).unwrap().pose().x < x - 0.5,
        "reversed to {}",
        s.robot(0).unwrap().pose().x
    );
    assert_eq!(s.robot(0).unwrap().json()["tasks"][0]["state"], "stopped");
}

#[test]
fn the_slave_obeys_the_masters_forward_back_stop_sent_two_seconds_apart() {
    let mut s = example("ir_master_slave.toml", 0);
    let on = |s: &SceneSim| s.robot(1).unwrap().vm().outputs()[0].signed_percent();
    // "forward" leaves the master in tick 2 (after NQC's `pwr` and `dir`); its 9 bytes take
    // 41.25 ms at 2400 baud, so it is heard at 44 ms.
    s.run_to(43);
    assert_eq!(on(&s), 0, "the slave moved before the message could arrive");
    assert_eq!(s.robot(1).unwrap().ir_received(), 0, "heard too early");
    s.run_to(44);
    assert_eq!(s.robot(1).unwrap().ir_received(), 1, "heard at 44 ms");
    s.run_to(60);
    assert!(on(&s) > 0, "forward");
    s.run_to(2000);
    let x_fwd = s.robot(1).unwrap().pose().x;
    assert!(x_fwd > 0.9, "forward for 2 s reached only {x_fwd}");
    assert!(on(&s) > 0);
    s.run_to(2100);
    assert!(on(&s) < 0, "back after the second message");
    s.run_to(4000);
    assert!(
        s.robot(1).unwrap().pose().x < x_fwd - 0.8,
        "back for 2 s: {}",
        s.robot(1).unwrap().pose().x
    );
    s.run_to(4100);
    assert_eq!(on(&s), 0, "stop after the third message");
    let x_stop = s.robot(1).unwrap().pose().x;
    s.run_to(7000);
    assert!(
        (s.robot(1).unwrap().pose().x - x_stop).abs() < 0.01,
        "stopped for good"
    );
    // The master sent three and stayed put; it never heard itself.
    let m = s.robot(0).unwrap();
    assert_eq!((m.ir_sent(), m.ir_received(), m.vm().message()), (3, 0, 0));
    assert!(s.robot(0).unwrap().pose().x.abs() < 0.005);
    assert_eq!(
        s.robot(1).unwrap().json()["variables"][0],
        3,
        "the last order was stop"
    );
}

#[test]
fn two_copies_of_one_program_elect_exactly_one_leader_for_every_seed() {
    let mut retried = false;
    for seed in 0..8 {
        let mut s = example("ir_elect.toml", seed);
        s.run_to(5000);
        let role = |k: usize| s.robot(k).unwrap().json()["variables"][0].as_i64().unwrap();
        let tries = |k: usize| s.robot(k).unwrap().json()["variables"][1].as_i64().unwrap();
        let mut roles = [role(0), role(1)];
        roles.sort();
        assert_eq!(roles, [1, 2], "seed {seed}: roles {roles:?}");
        let leader = if role(0) == 1 { 0 } else { 1 };
        let follower = 1 - leader;
        let moved = |k: usize| s.robot(k).unwrap().odometry().displacement_m();
        assert!(moved(leader) > 0.3, "seed {seed}: the leader drove forward");
        assert!(moved(follower) < 0.01, "seed {seed}: the follower stayed");
        retried |= tries(0) > 1;
    }
    // With identical random sequences both would claim together every time and never
    // finish; each brick's own sequence (seed + index) settles it, after a clash sometimes.
    assert!(retried, "no seed in 0..8 had a clash to resolve");
}

#[test]
fn a_bricks_messages_sent_back_to_back_arrive_one_packet_time_apart() {
    // Three messages in three ticks: one IR transmitter sends them one after another,
    // each 41.25 ms long (9 bytes at 2400 baud), so they end at 41.25, 82.5 and 123.75 ms
    // and are heard at the next ticks: 42, 83 and 124 ms.
    let lasm = std::env::temp_dir().join(format!("lurobotsim-ir-{}.lasm", std::process::id()));
    std::fs::write(&lasm, "task 0\n\tmsg 2,1\n\tmsg 2,2\n\tmsg 2,3\nendt\n").unwrap();
    let text = format!(
        "environment = \"E1\"\n[[robot]]\nmodel = \"M4\"\nprogram = \"{}\"\n[[robot]]\nmodel = \"M4\"\nz = 0.5\n",
        lasm.display()
    );
    let mut s = scene_sim(&text, 0);
    let _ = std::fs::remove_file(&lasm);
    let heard = |s: &SceneSim| s.robot(1).unwrap().vm().message();
    for (until, want) in [(41, 0), (42, 1), (82, 1), (83, 2), (123, 2), (124, 3)] {
        s.run_to(until);
        assert_eq!(heard(&s), want, "at {until} ms");
    }
    assert_eq!(
        s.robot(0).unwrap().vm().message(),
        0,
        "the sender never hears itself"
    );
    assert_eq!(s.robot(1).unwrap().ir_received(), 3);
}

#[test]
fn a_download_to_one_brick_of_a_scene_through_its_handle_reaches_that_brick_only_and_is_traced_at_once(
) {
    use lurobotsim::sim::{Input, ProgramData, Rcx};
    let text = "environment = \"E1\"\n\
        [[robot]]\nmodel = \"M4\"\n\
        [[robot]]\nmodel = \"M4\"\nz = 0.5\n";
    let mut s = scene_sim(text, 0);
    assert!(s.robot_mut(2).is_none(), "no third brick");
    let code = ProgramData::of(&program("sim_m4_forward_3.lasm")).tasks[0]
        .clone()
        .unwrap();
    {
        // What a link's job does: typed inputs and direct commands on its brick.
        let mut b = s.robot_mut(1).unwrap();
        let slot = b.vm().slot();
        b.apply(Input::InstallTask {
            slot,
            task: 0,
            code,
        });
        assert_eq!(b.direct(&[0xf7, 5]), None, "set message has no reply");
        b.apply(Input::StartTask { task: 0 });
    }
    // Re-traced when applied, not at the next tick.
    assert!(!s.robot(1).unwrap().tracer().vis().is_empty());
    assert!(s.robot(0).unwrap().tracer().vis().is_empty());
    assert_eq!(s.robot(1).unwrap().vm().message(), 5);
    assert_eq!(
        s.robot(0).unwrap().vm().message(),
        0,
        "the other brick heard nothing"
    );
    let (a0, b0) = (s.robot(0).unwrap().pose(), s.robot(1).unwrap().pose());
    s.run_to(1000);
    assert!(
        s.robot(1).unwrap().pose().x - b0.x > 0.1,
        "the downloaded program drives robot 2"
    );
    assert!(
        (s.robot(0).unwrap().pose().x - a0.x).abs() < 1e-3,
        "robot 1 stays put"
    );
    // Placing a robot of a scene moves that robot alone.
    let before = s.robot(0).unwrap().pose();
    s.apply(
        1,
        Input::PlaceRobot {
            x: 1.0,
            z: 1.0,
            yaw_deg: 0.0,
        },
    );
    assert_eq!(s.robot(0).unwrap().pose(), before);
    assert!(
        (s.robot(1).unwrap().pose().x - 1.0).abs() < 1e-3
            && (s.robot(1).unwrap().pose().z - 1.0).abs() < 1e-3
    );
}

#[test]
fn two_robots_whose_footprints_overlap_at_the_start_are_an_error_naming_both() {
    // 0.2 m apart: past the 0.15 m rule, but two M4s are wider than that.
    let e = Scene::parse(
        "close.toml",
        "environment = \"E1\"\n[[robot]]\nname = \"a\"\nmodel = \"M4\"\nz = 0.0\n\n[[robot]]\nname = \"b\"\nmodel = \"M4\"\nz = 0.2\n",
        Path::new("."),
    )
    .unwrap_err()
    .to_string();
    assert!(e.starts_with("close.toml:7:"), "{e}");
    assert!(
        e.contains("\"b\"") && e.contains("\"a\"") && e.contains("overlap"),
        "{e}"
    );
    let reach = lurobotsim::sim::scene::footprint_m(&RobotSpec::load("M4").unwrap());
    assert!(reach > 0.1 && reach < 0.3, "{reach}");
}

#[test]
fn a_robot_starting_inside_a_wall_is_an_error_naming_the_wall() {
    // E2's north wall runs along z = -1.6.
    let e = Scene::parse(
        "wall.toml",
        "environment = \"E2\"\n[[robot]]\nname = \"a\"\nmodel = \"M1\"\nz = -1.55\n",
        Path::new("."),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("wall_north") && e.contains("\"a\""), "{e}");
    // Clear of it, the same robot is fine.
    assert!(Scene::parse(
        "wall.toml",
        "environment = \"E2\"\n[[robot]]\nname = \"a\"\nmodel = \"M1\"\nz = -1.0\n",
        Path::new("."),
    )
    .is_ok());
}

#[test]
fn an_unnamed_robot_takes_a_default_name_no_other_robot_of_the_file_has() {
    let s = Scene::parse(
        "names.toml",
        "[[robot]]\nname = \"R2\"\nmodel = \"M1\"\n\n[[robot]]\nmodel = \"M1\"\nz = 0.5\n",
        Path::new("."),
    )
    .unwrap();
    assert_eq!(s.robots[0].name, "R2");
    assert_eq!(s.robots[1].name, "R3");
}

#[test]
fn the_streamed_state_line_of_serve_is_the_text_of_the_state_object() {
    // `serve --json` streams the state (no `Value` tree); it must print what printing the
    // `Value` printed, for one robot and for a scene.
    let mut one = started(
        RobotSpec::load("M4").unwrap(),
        "E1",
        "sim_m4_forward_3.lasm",
    );
    one.run_to(1500);
    let mut line = Vec::new();
    one.write_state_line(&mut line, lurobotsim::sim::Listing::One)
        .unwrap();
    let value = one.robot(0).unwrap().state_json();
    assert_eq!(String::from_utf8(line).unwrap(), value.to_string());
    let mut scene = example("ir_master_slave.toml", 2);
    scene.run_to(1500);
    let mut line = Vec::new();
    scene
        .write_state_line(&mut line, lurobotsim::sim::Listing::Scene)
        .unwrap();
    assert_eq!(
        String::from_utf8(line).unwrap(),
        scene.scene_json().to_string()
    );
}

//! The physical world driven through `set_outputs` (no VM): distances against the original's
//! table, turning, touch, light and rotation sensors, spec errors and determinism.

use lurobotsim::vm::{Brick, OutputMode, OutputState};
use lurobotsim::world::spec::{EnvSpec, RobotSpec};
use lurobotsim::world::World;

/// `robot` alone on `env`, at the environment's start.
fn alone(
    robot: RobotSpec,
    env: EnvSpec,
    seed: u64,
    realism: lurobotsim::vm::Realism,
) -> Result<World, lurobotsim::world::spec::SpecError> {
    let start = lurobotsim::sim::env_start(&env);
    World::new(env, vec![(robot, start)], seed, realism)
}

fn world(robot: &str, env: &str) -> World {
    alone(
        RobotSpec::load(robot).expect("robot"),
        EnvSpec::load(env).expect("env"),
        1,
        Realism::Original,
    )
    .expect("world")
}

fn on(percent: u8, forward: bool) -> OutputState {
    OutputState {
        mode: OutputMode::On,
        forward,
        power: 7,
        percent: Some(percent),
    }
}

fn off() -> OutputState {
    OutputState {
        mode: OutputMode::Off,
        ..OutputState::default()
    }
}

fn run(w: &mut World, ms: usize) {
    for _ in 0..ms {
        w.step();
    }
}

#[test]
fn all_builtin_robots_and_environments_load() {
    for r in ["M1", "M2", "M3", "M4", "M5"] {
        for e in ["E1", "E2", "E3"] {
            let w = world(r, e);
            assert_eq!(w.robot_name(0), r);
            assert_eq!(w.env_name(), e);
            assert!(w.bodies().iter().any(|b| b.name == "rcx"));
        }
    }
    assert_eq!(world("M1", "E2").statics().len(), 4);
}

#[test]
fn m4_forward_two_seconds_matches_the_original_table_at_every_level() {
    let table = [0.82, 0.86, 0.94, 1.02, 1.06];
    for (i, expected) in table.iter().enumerate() {
        let mut w = world("M4", "E1");
        run(&mut w, 200);
        let x0 = w.brick_pose(0).x;
        let p = (i as u8 + 1) * 20;
        w.set_outputs(0, &[on(p, true), OutputState::default(), on(p, true)]);
        run(&mut w, 2000);
        w.set_outputs(0, &[off(), OutputState::default(), off()]);
        run(&mut w, 800);
        let d = w.brick_pose(0).x - x0;
        let err = (d - expected).abs() / expected;
        println!("level {}: {d:.4} m (table {expected})", i + 1);
        assert!(
            err < 0.015,
            "level {}: {d:.4} m vs {expected} ({:.2} %)",
            i + 1,
            err * 100.0
        );
        assert!(w.brick_pose(0).yaw_deg.abs() < 2.0);
    }
}

fn axle_centre(w: &World) -> [f32; 3] {
    let b = w.bodies();
    let l = b.iter().find(|b| b.name == "left").unwrap().position;
    let r = b.iter().find(|b| b.name == "right").unwrap().position;
    [
        (l[0] + r[0]) / 2.0,
        (l[1] + r[1]) / 2.0,
        (l[2] + r[2]) / 2.0,
    ]
}

#[test]
fn m3_turns_on_the_spot_with_motors_opposite() {
    let mut w = world("M3", "E1");
    run(&mut w, 100);
    let start = w.brick_pose(0);
    // It turns about the middle of the driven axle, not the brick's centre.
    let axle0 = axle_centre(&w);
    w.set_outputs(0, &[on(100, true), OutputState::default(), on(100, false)]);
    let mut turned = 0.0;
    let mut last = start.yaw_deg;
    for _ in 0..1000 {
        w.step();
        let y = w.brick_pose(0).yaw_deg;
        let mut d = y - last;
        if d > 180.0 {
            d -= 360.0;
        } else if d < -180.0 {
            d += 360.0;
        }
        turned += d;
        last = y;
    }
    let axle = axle_centre(&w);
    let moved = ((axle[0] - axle0[0]).powi(2) + (axle[2] - axle0[2]).powi(2)).sqrt();
    assert!(turned.abs() > 90.0, "turned only {turned} degrees");
    assert!(moved < 0.05, "centre wandered {moved} m");
}

#[test]
fn m2_touch_reads_released_then_pressed_at_the_e2_wall() {
    let mut w = world("M2", "E2");
    run(&mut w, 50);
    assert!(
        w.brick(0).sensor_raw(0, false) > 562,
        "pressed before moving"
    );
    w.set_outputs(
        0,
        &[
            on(100, true),
            OutputState::default(),
            OutputState::default(),
        ],
    );
    let mut pressed_at = None;
    for t in 0..4000 {
        w.step();
        if w.brick(0).sensor_raw(0, false) < 460 {
            pressed_at = Some(t);
            break;
        }
    }
    let t = pressed_at.expect("never pressed");
    let x = w.brick_pose(0).x;
    assert!(t > 1000, "pressed too early at {t} ms");
    assert!(x > 1.4 && x < 1.55, "pressed with the brick at x = {x}");
}

#[test]
fn m5_light_reads_black_on_the_line_and_white_off_it() {
    let percent = |raw: u16| (1023 - raw as i32) * 25 / 156;
    let mut w = world("M5", "E3");
    run(&mut w, 50);
    // The reading moves by a few raw units (issue 41): its most frequent value is white's.
    assert_eq!(most_often(&mut w, percent), 55);
    // Drive straight from the centre across the line at x = 1.0.
    w.set_outputs(0, &[on(100, true), OutputState::default(), on(100, true)]);
    let mut darkest = 100;
    for _ in 0..2500 {
        w.step();
        darkest = darkest.min(percent(w.brick(0).sensor_raw(0, true)));
    }
    assert!(darkest <= 32, "darkest reading {darkest}");
}

#[test]
fn rotation_sensor_counts_sixteen_per_revolution() {
    let dir = std::env::temp_dir().join(format!("lurobotsim-rot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/robots/M4.toml"))
        .unwrap()
        + "\n[[sensor]]\nport = 2\nkind = \"rotation\"\njoint = \"left\"\n";
    let path = dir.join("M4rot.toml");
    std::fs::write(&path, text).unwrap();
    let mut w = alone(
        RobotSpec::load(path.to_str().unwrap()).unwrap(),
        EnvSpec::load("E1").unwrap(),
        0,
        Realism::Original,
    )
    .unwrap();
    run(&mut w, 100);
    let c0 = w.brick(0).rotation_count(1);
    let x0 = w.brick_pose(0).x;
    w.set_outputs(0, &[on(100, true), OutputState::default(), on(100, true)]);
    run(&mut w, 1000);
    let counts = (w.brick(0).rotation_count(1) - c0) as f64;
    let revs = (w.brick_pose(0).x - x0) / (2.0 * std::f64::consts::PI * 0.021);
    assert!(
        (counts - 16.0 * revs).abs() < 2.0,
        "{counts} counts for {revs} revolutions"
    );
    assert!(counts > 50.0);
}

#[test]
fn a_bad_robot_file_is_reported_with_file_and_line() {
    let e = RobotSpec::parse("bad.toml", "name = \"x\"\n[[body]]\nnmae = 3\n").unwrap_err();
    assert!(e.to_string().starts_with("bad.toml:3:"), "{e}");
    let e = RobotSpec::parse("bad.toml", "name = \n").unwrap_err();
    assert!(e.to_string().starts_with("bad.toml:1:"), "{e}");
    let m4 = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/robots/M4.toml"))
        .unwrap()
        .replace("body2 = \"right\"", "body2 = \"rihgt\"");
    let e = RobotSpec::parse("m.toml", &m4).unwrap_err();
    let line = m4.lines().position(|l| l.contains("rihgt")).unwrap() + 1;
    assert_eq!(
        e.to_string(),
        format!("m.toml:{line}: no body named \"rihgt\"")
    );
    let e = RobotSpec::load("/nonexistent/robot.toml").unwrap_err();
    assert!(e.to_string().contains("cannot read"), "{e}");
}

#[test]
fn runs_and_clones_are_bit_identical() {
    let drive = |w: &mut World| {
        w.set_outputs(0, &[on(60, true), OutputState::default(), on(100, true)]);
        run(w, 300);
    };
    let mut a = world("M3", "E2");
    let mut b = world("M3", "E2");
    drive(&mut a);
    drive(&mut b);
    assert_eq!(a.bodies(), b.bodies());
    let mut c = a.clone();
    drive(&mut a);
    drive(&mut c);
    assert_eq!(a.bodies(), c.bodies());
    assert_eq!(a.brick_pose(0), c.brick_pose(0));
}

#[test]
fn a_placed_robot_stands_at_the_new_pose_and_an_added_box_stops_it() {
    let mut w = world("M2", "E1");
    run(&mut w, 50);
    w.place_robot(
        0,
        lurobotsim::world::Pose {
            x: 0.5,
            y: 0.0,
            z: -0.3,
            yaw_deg: 90.0,
        },
    );
    run(&mut w, 100);
    let p = w.brick_pose(0);
    assert!(
        (p.x - 0.5).abs() < 0.01 && (p.z + 0.3).abs() < 0.01,
        "{p:?}"
    );
    assert!((p.yaw_deg - 90.0).abs() < 1.0, "{p:?}");
    // Facing −Z now: a box 0.4 m ahead presses the bumper.
    let id = w.add_box("obstacle", [0.3, 0.2, 0.05], [0.5, 0.1, -0.8], 0.0);
    assert_eq!(w.statics().len(), 1);
    w.set_outputs(
        0,
        &[
            on(100, true),
            OutputState::default(),
            OutputState::default(),
        ],
    );
    let mut pressed = false;
    for _ in 0..2000 {
        w.step();
        pressed |= w.brick(0).sensor_raw(0, false) < 460;
    }
    assert!(pressed);
    assert!(w.remove_box(id));
    assert!(w.statics().is_empty());
    assert!(!w.remove_box(id));
}

#[test]
fn the_dc_motor_model_drives_forward_a_little_slower_than_the_ideal_one() {
    let m4 = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/robots/M4.toml"))
        .unwrap()
        + "\n[motor]\nmodel = \"dc\"\n";
    let mut w = alone(
        RobotSpec::parse("m4dc.toml", &m4).unwrap(),
        EnvSpec::load("E1").unwrap(),
        0,
        Realism::Original,
    )
    .unwrap();
    run(&mut w, 100);
    w.set_outputs(0, &[on(100, true), OutputState::default(), on(100, true)]);
    run(&mut w, 1000);
    let x = w.brick_pose(0).x;
    // Ideal level 5: 25.1 rad/s × 0.021 m ≈ 0.527 m/s; the DC motor loses some to load.
    assert!(x > 0.3 && x < 0.53, "dc motor travelled {x} m in 1 s");
}

#[test]
fn light_noise_is_seeded_and_only_where_the_robot_file_says() {
    let m5 = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/robots/M5.toml"))
        .unwrap()
        .replace("noise = 2.0", "noise = 5.0");
    let read = |seed: u64| {
        let mut w = alone(
            RobotSpec::parse("m5n.toml", &m5).unwrap(),
            EnvSpec::load("E3").unwrap(),
            seed,
            Realism::Original,
        )
        .unwrap();
        (0..50)
            .map(|_| w.brick(0).sensor_raw(0, true))
            .collect::<Vec<u16>>()
    };
    let a = read(7);
    assert_eq!(a, read(7));
    assert_ne!(a, read(8));
    assert!(a.iter().any(|r| *r != a[0]));
    // A robot file that names no noise reads still; the built-in M5 reads with its own.
    let m5 = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/robots/M5.toml"))
        .unwrap()
        .replace("noise = 2.0", "");
    let mut quiet = alone(
        RobotSpec::parse("m5q.toml", &m5).unwrap(),
        EnvSpec::load("E3").unwrap(),
        7,
        Realism::Original,
    )
    .unwrap();
    let first = quiet.brick(0).sensor_raw(0, true);
    assert!((0..50).all(|_| quiet.brick(0).sensor_raw(0, true) == first));
    let mut builtin = world("M5", "E3");
    let first = builtin.brick(0).sensor_raw(0, true);
    assert!((0..50).any(|_| builtin.brick(0).sensor_raw(0, true) != first));
}

#[test]
fn power_settings_map_onto_the_five_robolab_levels() {
    let level = |percent: Option<u8>, power: u8| {
        World::power_level(&OutputState {
            mode: OutputMode::On,
            forward: true,
            power,
            percent,
        })
    };
    for (p, l) in [(20, 1), (40, 2), (60, 3), (80, 4), (100, 5), (5, 1)] {
        assert_eq!(level(Some(p), 7), Some(l));
    }
    assert_eq!(level(Some(0), 7), None);
    let standard: Vec<_> = (0..8).map(|p| level(None, p).unwrap()).collect();
    assert_eq!(standard, [1, 1, 2, 2, 3, 3, 4, 5]);
}

#[test]
fn unknown_words_in_a_robot_file_are_errors_at_their_line_never_a_fallback() {
    let m2 =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/robots/M2.toml")).unwrap();
    for (from, to) in [
        ("shape = \"capsule\"", "shape = \"wheel\""),
        ("output = \"A\"", "output = \"D\""),
        ("kind = \"touch\"", "kind = \"sonar\""),
        ("body2 = \"front\"", "body2 = \"front\"\nkind = \"slider\""),
        (
            "brick = \"rcx\"",
            "brick = \"rcx\"\n[motor]\nmodel = \"ac\"",
        ),
    ] {
        let text = m2.replacen(from, to, 1);
        assert_ne!(text, m2, "{from}");
        let word = to.rsplit('"').nth(1).unwrap();
        let line = text
            .lines()
            .position(|l| l.contains(&format!("\"{word}\"")))
            .unwrap()
            + 1;
        let e = RobotSpec::parse("m2.toml", &text).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("m2.toml:{line}: unknown variant `{word}`")),
            "{to}: {e}"
        );
    }
}

#[test]
fn a_joint_or_light_sensor_on_an_attached_shape_names_what_it_is() {
    let m5 =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/robots/M5.toml")).unwrap();
    let text = m5.replacen("body = \"rcx\"", "body = \"light_sensor\"", 1);
    let e = RobotSpec::parse("m5.toml", &text).unwrap_err().to_string();
    assert!(
        e.contains("\"light_sensor\" is a shape attached to \"rcx\", not a body: a light sensor needs a body"),
        "{e}"
    );
    let text = m5.replacen("body1 = \"rcx\"", "body1 = \"display\"", 1);
    let e = RobotSpec::parse("m5.toml", &text).unwrap_err().to_string();
    assert!(
        e.contains("\"display\" is a shape attached to \"rcx\""),
        "{e}"
    );
}

#[test]
fn an_empty_robot_file_says_the_brick_is_missing_at_line_1_not_line_0() {
    let e = RobotSpec::parse("empty.toml", "").unwrap_err().to_string();
    assert!(
        e.starts_with("empty.toml:1: no body named \"rcx\" for the brick"),
        "{e}"
    );
}

// ------------------------------------------------------------ `--realism rcx` motors, sensors

use lurobotsim::vm::Realism;
use lurobotsim::world::motor::stand;
use lurobotsim::world::spec::MotorSpec;

fn rcx_world(robot: &str, env: &str) -> World {
    alone(
        RobotSpec::load(robot).expect("robot"),
        EnvSpec::load(env).expect("env"),
        0,
        Realism::Rcx,
    )
    .expect("world")
}

fn power(p: u8, mode: OutputMode) -> OutputState {
    OutputState {
        mode,
        forward: true,
        power: p,
        percent: None,
    }
}

/// What an RCX's output gives a motor on fresh alkaline cells (`--battery-v alkaline`:
/// 9.0 V less the drivers' 1.5 V).
fn fresh_rcx_volts() -> f32 {
    let m = MotorSpec {
        battery_v: Some(toml::Spanned::new(0..0, 9.0)),
        ..MotorSpec::default()
    };
    m.rcx_volts(Realism::Rcx)
}

#[test]
fn the_rcx_motor_alone_meets_the_published_71427_no_load_and_load_figures() {
    // Philo Hurbain, philohome.com/motors/motorcomp.htm: 360 rpm unloaded at 9 V; under
    // 2.25 N·cm 250 rpm at 9 V and 160 rpm at 7 V; 360 mA stalled at 9 V.
    let within = |got: f32, want: f32, what: &str| {
        let err = (got - want).abs() / want;
        assert!(
            err < 0.03,
            "{what}: {got:.1}, published {want} (off {:.1} %)",
            err * 100.0
        );
    };
    let m = MotorSpec::default();
    let no_load = stand(&m, 9.0, OutputMode::On, 7, 0.0, 2000);
    within(no_load.rpm(), 360.0, "no-load rpm at 9 V");
    let load9 = stand(&m, 9.0, OutputMode::On, 7, 0.0225, 2000);
    within(load9.rpm(), 250.0, "rpm under 2.25 N·cm at 9 V");
    let load7 = stand(&m, 7.0, OutputMode::On, 7, 0.0225, 2000);
    within(load7.rpm(), 160.0, "rpm under 2.25 N·cm at 7 V");
    within(9.0 / m.rcx_r.get_ref(), 0.36, "stall current at 9 V, A");
    // And on a real RCX at power 7 on fresh alkaline cells: a rotation sensor on the shaft
    // counted 784–792 per 10 s unloaded (sjbaker.org/steve/lego/rotation_sensor.html, via
    // fidelity.md) — 16 counts a turn, so ≈ 31.0 rad/s.
    assert_eq!(fresh_rcx_volts(), 7.5);
    let rcx = stand(&m, fresh_rcx_volts(), OutputMode::On, 7, 0.0, 2000);
    let counts_10s = rcx.speed * 10.0 / std::f32::consts::TAU * 16.0;
    within(
        counts_10s,
        788.0,
        "no-load rotation counts in 10 s on an RCX at power 7",
    );
    // Printed for docs/realism.md (not fitted, so not asserted): efficiency at the 9 V load
    // point (published 56 %) and the no-load current (quoted 3.5 mA).
    println!(
        "71427 at 9 V: no-load {:.0} rpm {:.1} mA; 2.25 N·cm: {:.0} rpm {:.0} mA, {:.0} % \
         efficient; at 7 V: {:.0} rpm",
        no_load.rpm(),
        no_load.current * 1000.0,
        load9.rpm(),
        load9.current * 1000.0,
        0.0225 * load9.speed / (9.0 * load9.current) * 100.0,
        load7.rpm()
    );
}

/// The NQC power (0–7) the firmware gives a ROBOLAB percent (src/vm/exec.rs): ⌈8p/100⌉ − 1.
fn robolab_power(percent: u32) -> u8 {
    ((percent * 8).div_ceil(100) - 1) as u8
}

#[test]
fn in_rcx_mode_the_motor_alone_at_robolab_levels_meets_the_thesis_top_speed_not_its_level_1() {
    // The 2007 simulator's curve was measured on the thesis's own motor and RCX, unloaded
    // (lurobotsim.md §4): 19.4, 20.4, 22.3, 24.3, 25.1 rad/s at ROBOLAB levels 1–5. Our
    // motor was not fitted to it; the default battery was calibrated on M4's distance.
    let thesis = [19.4f32, 20.4, 22.3, 24.3, 25.1];
    let free = |m: &MotorSpec| -> Vec<f32> {
        [20, 40, 60, 80, 100]
            .map(|pc| {
                stand(
                    m,
                    m.rcx_volts(Realism::Rcx),
                    OutputMode::On,
                    robolab_power(pc),
                    0.0,
                    2000,
                )
                .speed
            })
            .to_vec()
    };
    let m = MotorSpec::default();
    let ours = free(&m);
    let ratio = |v: &[f32]| v[0] / v[4];
    println!(
        "unloaded at the default battery, ROBOLAB 1-5, rad/s: {ours:?} (level 1 = {:.0} % of \
         level 5; thesis {thesis:?}, {:.0} %)",
        ratio(&ours) * 100.0,
        ratio(&thesis) * 100.0
    );
    // The thesis's level 1 is close to what this motor gives one duty step higher (NQC
    // power 2, 3/8).
    let power2 = stand(&m, m.rcx_volts(Realism::Rcx), OutputMode::On, 2, 0.0, 2000).speed;
    println!("NQC power 2 (duty 3/8) unloaded at the default battery: {power2:.1} rad/s");
    // Level 5 agrees without fitting (docs/realism.md "The battery").
    let err = (ours[4] - thesis[4]).abs() / thesis[4];
    assert!(err < 0.03, "level 5: {} vs 25.1 rad/s", ours[4]);
    assert!(ours.windows(2).all(|w| w[1] > w[0]), "{ours:?}");
    // Level 1 does not (docs/realism.md "Level 1: the motor's friction"): duty 2/8 against
    // the fit's constant friction keeps well under the thesis's 77 %. Pinned so a change of
    // the motor model that moves it is seen and documented.
    assert!(ratio(&ours) < 0.65, "level 1 / level 5 = {}", ratio(&ours));

    // The alternative of docs/realism.md (a gear efficiency instead of most of the constant
    // friction, which meets all of Hurbain's figures; emulated with the existing constants
    // while driven) overshoots it instead.
    let geared = MotorSpec {
        rcx_ke: toml::Spanned::new(0..0, 0.2364),
        rcx_r: toml::Spanned::new(0..0, 29.8),
        rcx_friction: toml::Spanned::new(0..0, 0.0007),
        battery_v: Some(toml::Spanned::new(0..0, 7.55)),
        ..MotorSpec::default()
    };
    let alt = free(&geared);
    println!(
        "gear-loss alternative at 7.55 V, ROBOLAB 1-5, rad/s: {alt:?} (level 1 = {:.0} %)",
        ratio(&alt) * 100.0
    );
    assert!(ratio(&alt) > 0.85, "level 1 / level 5 = {}", ratio(&alt));
}

#[test]
fn in_rcx_mode_nqc_power_levels_0_to_7_give_8_speeds_that_drop_under_load() {
    let m = MotorSpec::default();
    let speeds = |load: f32| -> Vec<f32> {
        (0..8)
            .map(|p| stand(&m, fresh_rcx_volts(), OutputMode::On, p, load, 2000).speed)
            .collect()
    };
    let free = speeds(0.0);
    let loaded = speeds(0.01);
    println!("power 0-7 at 7.5 V, rad/s: free {free:?}, under 1 N·cm {loaded:?}");
    for p in 1..8 {
        assert!(
            free[p] > free[p - 1] + 0.1,
            "unloaded: power {p} {} vs {}",
            free[p],
            free[p - 1]
        );
        assert!(
            loaded[p] > loaded[p - 1] + 0.1,
            "loaded: power {p}: {loaded:?}"
        );
    }
    for p in 0..8 {
        assert!(
            loaded[p] < free[p] - 0.5,
            "power {p}: {} loaded vs {} free",
            loaded[p],
            free[p]
        );
    }
    // The low levels lose most: PWM with a floating off-phase keeps unloaded speed high
    // and takes torque away.
    assert!(loaded[0] / free[0] < loaded[7] / free[7]);
}

#[test]
fn in_rcx_mode_the_brake_drags_but_does_not_hold_and_float_coasts() {
    let m = MotorSpec::default();
    // A 1 N·cm load on a braked motor: the shorted winding only drags, so it turns.
    let braked = stand(&m, fresh_rcx_volts(), OutputMode::Off, 7, -0.01, 1000);
    assert!(
        braked.speed > 1.0,
        "braked shaft turns at {} rad/s",
        braked.speed
    );
    // Below the friction it stays put.
    let held = stand(&m, fresh_rcx_volts(), OutputMode::Off, 7, -0.005, 1000);
    assert!(held.speed.abs() < 0.05, "{}", held.speed);
    // Float turns faster than brake under the same load (no winding drag).
    let floating = stand(&m, fresh_rcx_volts(), OutputMode::Float, 7, -0.01, 1000);
    assert!(
        floating.speed > braked.speed * 3.0,
        "{} vs {}",
        floating.speed,
        braked.speed
    );

    // On the robot: after 1 s at full power, float rolls further than brake.
    let coast = |mode: OutputMode| {
        let mut w = rcx_world("M4", "E1");
        run(&mut w, 100);
        let on = power(7, OutputMode::On);
        for _ in 0..1000 {
            w.set_outputs(0, &[on, OutputState::default(), on]);
            w.step();
        }
        let x0 = w.brick_pose(0).x;
        let stop = power(7, mode);
        w.set_outputs(0, &[stop, OutputState::default(), stop]);
        run(&mut w, 1000);
        w.brick_pose(0).x - x0
    };
    let (float_d, brake_d) = (coast(OutputMode::Float), coast(OutputMode::Off));
    assert!(
        brake_d > 0.0 && float_d > brake_d * 1.5,
        "float {float_d} m, brake {brake_d} m"
    );
}

#[test]
fn in_rcx_mode_m4_drives_at_eight_different_speeds_for_power_0_to_7() {
    let mut last = 0.0;
    for p in 0..8 {
        let mut w = rcx_world("M4", "E1");
        run(&mut w, 100);
        let on = power(p, OutputMode::On);
        w.set_outputs(0, &[on, OutputState::default(), on]);
        run(&mut w, 2000);
        let x = w.brick_pose(0).x;
        assert!(x > last + 0.005, "power {p}: {x} m after {last} m");
        assert!(w.brick_pose(0).z.abs() < 0.02, "power {p} drifted sideways");
        last = x;
    }
}

#[test]
fn in_rcx_mode_light_reads_the_published_black_and_white_and_touch_reads_50() {
    let mut w = rcx_world("M5", "E3");
    // percent = (1023 − raw)·25/156, as the firmware computes it; the reading moves by a
    // few raw units (issue 41), its most frequent value is the published one.
    let pct = |raw: u16| (1023 - raw as i32) * 25 / 156;
    assert_eq!(most_often(&mut w, pct), 50);
    w.place_robot(
        0,
        lurobotsim::world::Pose {
            x: 1.0 - 0.15,
            y: 0.0,
            z: 0.0,
            yaw_deg: 0.0,
        },
    );
    run(&mut w, 5);
    assert_eq!(most_often(&mut w, pct), 33, "on the black line");

    let mut w = rcx_world("M2", "E2");
    let on = power(7, OutputMode::On);
    let mut pressed = None;
    for _ in 0..8000 {
        w.set_outputs(0, &[on, OutputState::default(), OutputState::default()]);
        w.step();
        let r = w.brick(0).sensor_raw(0, false);
        if r < 460 {
            pressed = Some(r);
            break;
        }
    }
    assert_eq!(pressed, Some(50));
}

/// The brick's tilt from upright, degrees.
fn tilt_deg(w: &World) -> f32 {
    let b = w.bodies();
    let [x, _, z, _] = b.iter().find(|b| b.name == "rcx").unwrap().rotation;
    (1.0 - 2.0 * (x * x + z * z))
        .clamp(-1.0, 1.0)
        .acos()
        .to_degrees()
}

#[test]
fn stalled_three_wheeler_against_a_wall_stays_on_its_wheels() {
    // With one solver substep a driven wheel pressed against a wall used to climb it (the wall
    // gripped with the average of its 0.5 and the tyre's 10) and M3/M5 reared up 3 cm and
    // rocked for as long as they stalled; reversing, the caster ball climbed and the brick
    // stood at 30°.
    for robot in ["M3", "M5", "M4"] {
        for forward in [true, false] {
            for yaw in [0.0f32, 20.0] {
                let mut w = world(robot, "E1");
                w.place_robot(
                    0,
                    lurobotsim::world::Pose {
                        x: 0.0,
                        y: 0.0,
                        z: 0.0,
                        yaw_deg: yaw as f64,
                    },
                );
                run(&mut w, 100);
                let rest = w.brick_pose(0).y;
                // A wall square across the path, 0.35 m ahead (or behind).
                let (s, c) = yaw.to_radians().sin_cos();
                let d = if forward { 0.375 } else { -0.375 };
                w.add_box("wall", [0.05, 0.3, 3.0], [d * c, 0.15, -d * s], yaw);
                w.set_outputs(
                    0,
                    &[on(100, forward), OutputState::default(), on(100, forward)],
                );
                run(&mut w, 2000);
                let (mut worst_tilt, mut worst_rise, mut shake) = (0.0f32, 0.0f64, 0.0f64);
                let mut last = w.brick_pose(0).y;
                for _ in 0..8000 {
                    w.step();
                    let y = w.brick_pose(0).y;
                    worst_tilt = worst_tilt.max(tilt_deg(&w));
                    worst_rise = worst_rise.max(y - rest);
                    shake += (y - last).abs();
                    last = y;
                }
                let case = format!("{robot} forward {forward} at {yaw}°");
                assert!(w.touches_wall(0), "{case}: never reached the wall");
                assert!(worst_tilt < 2.0, "{case}: tilted {worst_tilt}°");
                assert!(worst_rise < 0.002, "{case}: brick rose {worst_rise} m");
                assert!(shake < 0.01, "{case}: brick moved {shake} m up and down");
            }
        }
    }
}

// ------------------------------------------------------------- wheels of our own (issue 24)

/// A world on E1 with the robot file `text`.
fn world_from_text(text: &str) -> World {
    alone(
        RobotSpec::parse("robot.toml", text).unwrap(),
        EnvSpec::load("E1").unwrap(),
        0,
        Realism::Original,
    )
    .unwrap()
}

/// The turn of part `name` relative to the brick about the hinge axis (+Z), radians in
/// (−π, π], from the drawn rotations.
fn turn_about_z(w: &World, name: &str) -> f64 {
    let b = w.bodies();
    let q = |n: &str| {
        let r = b.iter().find(|x| x.name == n).unwrap().rotation;
        [r[0] as f64, r[1] as f64, r[2] as f64, r[3] as f64]
    };
    let ([bx, by, bz, bw], [x, y, z, ww]) = (q("rcx"), q(name));
    // conj(brick) · wheel; only its z and w parts are needed.
    let rz = bw * z - bx * y + by * x - bz * ww;
    let rw = bw * ww + bx * x + by * y + bz * z;
    let a = 2.0 * rz.atan2(rw);
    let tau = std::f64::consts::TAU;
    a - tau * (a / tau).round()
}

fn wrapped(a: f64) -> f64 {
    let tau = std::f64::consts::TAU;
    a - tau * (a / tau).round()
}

#[test]
fn a_wheel_of_our_own_is_drawn_turned_by_the_distance_it_rolled() {
    let mut w = world("M4", "E1");
    run(&mut w, 100);
    let (x0, a0) = (w.brick_pose(0).x, turn_about_z(&w, "left"));
    w.set_outputs(0, &[on(100, true), OutputState::default(), on(100, true)]);
    run(&mut w, 250);
    let rolled = (w.brick_pose(0).x - x0) / 0.021;
    assert!(rolled > 3.0, "rolled {rolled} rad");
    // Forward is a negative turn about +Z.
    let off = wrapped(turn_about_z(&w, "left") - a0 + rolled);
    assert!(
        off.abs() < 0.05,
        "drawn {off} rad off after rolling {rolled} rad"
    );
    // The free back wheel turns with it.
    let back = wrapped(turn_about_z(&w, "back_left") + rolled);
    assert!(back.abs() < 0.05, "back wheel {back} rad off");
}

#[test]
fn cylinder_wheels_drive_as_far_as_capsule_wheels() {
    // Cylinders have no hull for the ground (wheels.rs): their compound meets it.
    let drive = |text: &str| {
        let mut w = world_from_text(text);
        run(&mut w, 100);
        w.set_outputs(0, &[on(100, true), OutputState::default(), on(100, true)]);
        run(&mut w, 2000);
        w.brick_pose(0)
    };
    let m4 =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/robots/M4.toml")).unwrap();
    let capsules = drive(&m4);
    let cylinders = drive(&m4.replace("shape = \"capsule\"", "shape = \"cylinder\""));
    assert!(capsules.x > 0.9, "capsules {}", capsules.x);
    assert!(
        (cylinders.x - capsules.x).abs() < 0.01 * capsules.x,
        "cylinders {} m, capsules {} m",
        cylinders.x,
        capsules.x
    );
    assert!(
        cylinders.z.abs() < 0.01,
        "cylinders drifted {} m",
        cylinders.z
    );
}

#[test]
fn a_hinge_that_is_not_a_wheel_stays_a_driven_joint() {
    // A flag on the brick's top turning about the vertical on output B, with a rotation
    // sensor: a box off its hinge's axis is no wheel, so rapier's joint drives it.
    let m4 = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/robots/M4.toml"))
        .unwrap()
        + r#"
[[body]]
name = "flag"
shape = "box"
size = [0.06, 0.004, 0.01]
density = 500.0
position = [0.03, 0.08, 0.0]
colour = [0.9, 0.1, 0.1]

[[joint]]
name = "flag"
body1 = "rcx"
body2 = "flag"
anchor = [0.0, 0.08, 0.0]
axis = [0.0, 1.0, 0.0]
output = "B"

[[sensor]]
port = 2
kind = "rotation"
joint = "flag"
"#;
    let mut w = world_from_text(&m4);
    run(&mut w, 100);
    let c0 = w.brick(0).rotation_count(1);
    w.set_outputs(
        0,
        &[
            OutputState::default(),
            on(100, true),
            OutputState::default(),
        ],
    );
    run(&mut w, 1000);
    let counts = (w.brick(0).rotation_count(1) - c0).abs();
    // 25.1 rad/s for about a second: about 64 counts.
    assert!(counts > 40, "the flag's sensor counted {counts}");
    // The robot itself stays where it was (its wheels are held by their motors).
    let p = w.brick_pose(0);
    assert!(
        p.x.abs() < 0.01 && p.z.abs() < 0.01,
        "the robot moved to {p:?}"
    );
}

#[test]
fn wheels_listed_in_another_order_than_their_hinges_are_drawn_and_counted_as_their_own() {
    // Wheels were built in the order of the bodies while their motors, sensors and drawn
    // parts were numbered in the order of the joints: with the hinges listed the other way
    // round, a wheel was drawn turning about another wheel's centre.
    let m4 = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/robots/M4.toml"))
        .unwrap()
        + "\n[[sensor]]\nport = 2\nkind = \"rotation\"\njoint = \"left\"\n";
    // The file's tables, the joints moved to the end in reverse order.
    let mut blocks: Vec<String> = vec![String::new()];
    for line in m4.lines() {
        if line.starts_with("[[") {
            blocks.push(String::new());
        }
        let last = blocks.last_mut().unwrap();
        last.push_str(line);
        last.push('\n');
    }
    let (joints, others): (Vec<String>, Vec<String>) =
        blocks.into_iter().partition(|b| b.starts_with("[[joint]]"));
    assert_eq!(joints.len(), 4);
    let reordered: String = others.into_iter().chain(joints.into_iter().rev()).collect();
    let drive = |text: &str| {
        let mut w = world_from_text(text);
        run(&mut w, 100);
        let c0 = w.brick(0).rotation_count(1);
        w.set_outputs(0, &[on(100, true), OutputState::default(), on(60, true)]);
        run(&mut w, 700);
        (w.bodies(), w.brick(0).rotation_count(1) - c0)
    };
    let (parts, counts) = drive(&m4);
    let (parts_r, counts_r) = drive(&reordered);
    assert!(counts > 20, "{counts} counts");
    assert!(
        (counts_r - counts).abs() <= 1,
        "{counts_r} against {counts} counts"
    );
    for p in &parts {
        let q = parts_r.iter().find(|q| q.name == p.name).unwrap();
        let d: f32 = (0..3)
            .map(|i| (p.position[i] - q.position[i]).powi(2))
            .sum();
        assert!(d.sqrt() < 0.001, "{} drawn {} m away", p.name, d.sqrt());
    }
}

// ------------------------------------------------------- the robot model (issue 35)

#[cfg(feature = "desktop")]
/// A robot file under the temporary folder, for `robot show`.
fn robot_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!(
        "lurobotsim-robot-{}-{name}.toml",
        std::process::id()
    ));
    std::fs::write(&path, text).unwrap();
    path
}

#[cfg(feature = "desktop")]
/// M1's file with `extra` in its front wheel's joint table and `tail` at the end.
fn m1_with(extra: &str, tail: &str) -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/robots/M1.toml"))
        .unwrap()
        .replacen("output = \"A\"\n", &format!("output = \"A\"\n{extra}"), 1)
        + tail
}

#[cfg(feature = "desktop")]
#[test]
fn robot_show_prints_each_builtin_model_with_its_wheels_and_what_was_inferred() {
    for name in ["M1", "M2", "M3", "M4", "M5"] {
        let out = crate::cli_support::lurobotsim(&["robot", "show", name]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{name}: {out:?}");
        assert!(text.starts_with(&format!("robot {name} (")), "{text}");
        assert!(
            text.contains(
                ": wheel 1 (inferred: capsule on a hinge at its centre, turning about its own axis"
            ),
            "{name}:\n{text}"
        );
        assert!(text.contains("output A drives wheel 1"), "{name}:\n{text}");
        assert!(
            text.contains("stepping:\n  alone on the floor: lurobotsim's own step (it stands on "),
            "{name}:\n{text}"
        );
    }
    let m3 = crate::cli_support::lurobotsim(&["robot", "show", "M3"]);
    let m3 = String::from_utf8_lossy(&m3.stdout);
    assert!(m3.contains("caster ball fixed to rcx"), "{m3}");
    assert!(m3.contains(" and 1 caster ball); near a wall"), "{m3}");
}

#[cfg(feature = "desktop")]
#[test]
fn robot_show_says_why_a_wheel_with_a_touch_sensor_on_it_is_a_solved_hinge() {
    let path = robot_file(
        "touch-wheel",
        &m1_with(
            "",
            "[[sensor]]\nport = 1\nkind = \"touch\"\nbody = \"front\"\n",
        ),
    );
    let out = crate::cli_support::lurobotsim(&["robot", "show", path.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    assert!(
        text.contains("joint 1 \"front\": hinge solved by rapier — not a wheel: the touch sensor on port 1 is on \"front\""),
        "{text}"
    );
    assert!(
        text.contains("stepping:\n  always rapier's: \"front\" moves on a joint rapier solves"),
        "{text}"
    );
    // The world builds it so: the robot still drives on its jointed front wheel.
    let mut w = world_from_text(&std::fs::read_to_string(&path).unwrap());
    run(&mut w, 100);
    w.set_outputs(
        0,
        &[
            on(100, true),
            OutputState::default(),
            OutputState::default(),
        ],
    );
    run(&mut w, 1000);
    assert!(w.brick_pose(0).x > 0.2, "{:?}", w.brick_pose(0));
    let _ = std::fs::remove_file(path);
}

#[cfg(feature = "desktop")]
#[test]
fn wheel_true_on_a_hinge_that_cannot_be_a_wheel_is_a_file_line_error_saying_why() {
    let text = m1_with(
        "wheel = true\n",
        "[[sensor]]\nport = 3\nkind = \"light\"\nbody = \"front\"\n",
    );
    let line = text.lines().position(|l| l == "wheel = true").unwrap() + 1;
    let path = robot_file("wheel-true", &text);
    let out = crate::cli_support::lurobotsim(&["robot", "show", path.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        err.contains(&format!(
            "{}:{line}: wheel = true, but this joint cannot be a wheel: the light sensor on port 3 is on \"front\"",
            path.display()
        )),
        "{err}"
    );
    let _ = std::fs::remove_file(path);
}

/// The most frequent of 200 readings of the light sensor on port 1, as `f` makes them.
fn most_often(w: &mut World, f: impl Fn(u16) -> i32) -> i32 {
    let mut counts = std::collections::BTreeMap::new();
    for _ in 0..200 {
        *counts.entry(f(w.brick(0).sensor_raw(0, true))).or_insert(0) += 1;
    }
    counts
        .into_iter()
        .max_by_key(|&(_, n)| n)
        .map_or(-1, |(v, _)| v)
}

// ------------------------------------------------------------- the ground's slab (issue 42)

/// A robot's parts other than wheels and free balls meet the ground as the top of a slab
/// (whose box ends at the floor, so the brick of a standing robot is never paired with it),
/// not the half-space: one that comes down onto the floor must still stop on its plane.
#[test]
fn a_brick_without_wheels_dropped_onto_the_floor_rests_on_it_and_does_not_fall_through() {
    let mut w = world_from_text(
        "name = \"block\"\nbrick = \"rcx\"\n\n[[body]]\nname = \"rcx\"\nshape = \"box\"\n\
         size = [0.125, 0.05, 0.064]\ndensity = 1428.0\nposition = [0.0, 0.1, 0.0]\n",
    );
    run(&mut w, 1000);
    let y = w.brick_pose(0).y;
    // The box's half-height is 25 mm: it rests there (the contact's spring sinks it a little).
    assert!((y - 0.025).abs() < 0.001, "the brick's centre at {y} m");
    run(&mut w, 1000);
    let y2 = w.brick_pose(0).y;
    assert!((y2 - y).abs() < 1e-4, "still sinking: {y} then {y2} m");
}

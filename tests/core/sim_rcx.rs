//! `--realism rcx` robots that turn, and the battery (issue 25, docs/realism.md): M3 spins on
//! the spot at every ROBOLAB level, an arc curves, the battery reaches the motors, `pollb`,
//! source 34 and the LCD's sign, from the robot file or `--battery-v`, and bad values are
//! refused.

use lurobotsim::sim::record::Recorder;
use lurobotsim::sim::specs::SpecSource;
use lurobotsim::sim::SimDef;
use lurobotsim::sim::{Realism, SimConfig, Simulation};
use lurobotsim::world::spec::{EnvSpec, RobotSpec};
use std::path::Path;

fn program(name: &str) -> lurobotsim::rcx::Program {
    lurobotsim::rcx::load_program_file(&Path::new("tests/programs").join(name)).unwrap()
}

fn started(robot: RobotSpec, realism: Realism, battery_v: Option<f32>, prog: &str) -> Simulation {
    let config = SimConfig {
        realism,
        battery_v,
        ..SimConfig::default()
    };
    let mut s =
        Simulation::create(&SimDef::one(robot, EnvSpec::load("E1").unwrap()).with_config(config))
            .unwrap();
    s.robot_mut(0).unwrap().load_program(program(prog));
    s.robot_mut(0).unwrap().start();
    s
}

fn revolutions(realism: Realism, level: usize) -> f64 {
    let mut s = started(
        RobotSpec::load("M3").unwrap(),
        realism,
        None,
        &format!("sim_m3_spin_{level}.lasm"),
    );
    s.run_ticks(3000);
    s.robot(0).unwrap().yaw_total_deg().abs() / 360.0
}

/// What `rcx` turns in the thesis's turning test (M3, motors opposite, ROBOLAB levels 1–5
/// for 2 s, revolutions after 3 s) with the default battery — physics, not fitted: pinned
/// so a change to the model shows here (docs/realism.md compares it with `original`).
const RCX_M3_REVOLUTIONS: [f64; 5] = [0.335, 1.062, 1.244, 1.370, 1.343];

#[test]
fn in_rcx_mode_m3_spins_on_the_spot_at_all_five_robolab_levels() {
    let mut got = Vec::new();
    for level in 1..=5 {
        let original = revolutions(Realism::Original, level);
        let rcx = revolutions(Realism::Rcx, level);
        println!(
            "level {level}: original {original:.3} rev, rcx {rcx:.3} rev ({:+.0} %)",
            (rcx - original) / original * 100.0
        );
        got.push(rcx);
    }
    for (i, r) in got.iter().enumerate() {
        // It turns (issue 25: 0.00, 0.05, 0.09, 0.38, 0.79 revolutions before) …
        assert!(*r > 0.25, "level {}: {r:.2} revolutions", i + 1);
        // … as pinned …
        assert!(
            (r - RCX_M3_REVOLUTIONS[i]).abs() < 0.03,
            "level {}: {r:.3} rev, pinned {}",
            i + 1,
            RCX_M3_REVOLUTIONS[i]
        );
        // … and not markedly less at a higher level (4 and 5 are both held back by the
        // wheels' grip and turn alike, 2 % apart: docs/realism.md).
        if i > 0 {
            assert!(
                *r > got[i - 1] - 0.03,
                "level {} turned less than level {i}",
                i + 1
            );
        }
    }
}

#[test]
fn in_rcx_mode_m3_spins_in_place_rather_than_wandering_off() {
    let mut s = started(
        RobotSpec::load("M3").unwrap(),
        Realism::Rcx,
        None,
        "sim_m3_spin_3.lasm",
    );
    s.run_ticks(3000);
    // The brick's centre is 9 cm behind the axle it spins about: it stays on that circle.
    let p = s.robot(0).unwrap().pose();
    let start = s.robot(0).unwrap().start_pose();
    let d = ((p.x - start.x).powi(2) + (p.z - start.z).powi(2)).sqrt();
    assert!(d < 0.2, "the brick ended {d:.3} m from its start");
}

#[test]
fn in_rcx_mode_an_arc_with_one_motor_at_half_power_curves_towards_the_slow_wheel() {
    let mut s = started(
        RobotSpec::load("M3").unwrap(),
        Realism::Rcx,
        None,
        "sim_m3_arc.lasm",
    );
    s.run_ticks(5000);
    let yaw = s.robot(0).unwrap().yaw_total_deg();
    let path = s.robot(0).unwrap().path_length_m();
    println!("arc: {yaw:.0}° over {path:.2} m");
    // A (left) at 100 %, C (right) at 50 %: clockwise seen from above, yaw falls …
    assert!(yaw < -90.0, "turned {yaw:.0}°");
    // … on a circle wider than spinning on the spot (the brick's centre then circles the
    // axle's middle at 9 cm) and far from straight.
    let radius = path / yaw.abs().to_radians();
    assert!(
        (0.12..1.0).contains(&radius),
        "radius {radius:.2} m ({yaw:.0}° over {path:.2} m)"
    );
}

// ----------------------------------------------------------------------------- battery

fn forward_5(realism: Realism, battery_v: Option<f32>) -> f64 {
    let mut s = started(
        RobotSpec::load("M4").unwrap(),
        realism,
        battery_v,
        "sim_m4_forward_5.lasm",
    );
    s.run_ticks(3000);
    s.robot(0).unwrap().displacement_m()
}

#[test]
fn in_rcx_mode_a_weaker_battery_drives_less_far_and_in_original_mode_it_changes_nothing() {
    let fresh = forward_5(Realism::Rcx, Some(9.0));
    let default = forward_5(Realism::Rcx, None);
    let nimh = forward_5(Realism::Rcx, Some(7.2));
    let worn = forward_5(Realism::Rcx, Some(6.75));
    println!(
        "rcx level 5: alkaline {fresh:.3}, default {default:.3}, nimh {nimh:.3}, worn {worn:.3} m"
    );
    assert!(fresh > default && default > nimh && nimh > worn);
    // The default is calibrated on the thesis's real robot: 1.05 m at level 5.
    assert!(
        (default - 1.05).abs() < 0.01,
        "default battery: {default:.3} m"
    );
    let original = forward_5(Realism::Original, None);
    assert_eq!(forward_5(Realism::Original, Some(6.75)), original);
}

fn battery_read(realism: Realism, robot: RobotSpec, battery_v: Option<f32>) -> (i64, bool) {
    let mut s = started(robot, realism, battery_v, "sim_battery.lasm");
    s.run_ticks(500);
    let state = s.robot(0).unwrap().state_json();
    (
        state["variables"][0].as_i64().unwrap(),
        state["display"]["battery_low"].as_bool().unwrap(),
    )
}

#[test]
fn the_battery_source_reads_the_flag_or_the_robot_file_or_the_realisms_default() {
    let m4 = || RobotSpec::load("M4").unwrap();
    assert_eq!(battery_read(Realism::Original, m4(), None), (9000, false));
    assert_eq!(battery_read(Realism::Rcx, m4(), None), (7700, false));
    assert_eq!(battery_read(Realism::Rcx, m4(), Some(7.2)), (7200, false));
    let text = std::fs::read_to_string("robots/M4.toml").unwrap() + "\n[motor]\nbattery_v = 8.1\n";
    let file = RobotSpec::parse("m4_8v1.toml", &text).unwrap();
    assert_eq!(
        battery_read(Realism::Rcx, file.clone(), None),
        (8100, false)
    );
    assert_eq!(
        battery_read(Realism::Original, file.clone(), None),
        (8100, false)
    );
    // The flag wins over the file.
    assert_eq!(battery_read(Realism::Rcx, file, Some(6.75)), (6750, false));
}

#[test]
fn the_lcd_shows_the_battery_sign_below_the_firmwares_six_point_seven_volts() {
    let m4 = || RobotSpec::load("M4").unwrap();
    assert_eq!(battery_read(Realism::Rcx, m4(), Some(6.7)), (6700, false));
    assert_eq!(battery_read(Realism::Rcx, m4(), Some(6.69)), (6690, true));
    assert_eq!(
        battery_read(Realism::Original, m4(), Some(6.0)),
        (6000, true)
    );
}

#[test]
fn a_recording_keeps_the_battery_flag_and_replays_exactly() {
    let r = SpecSource::robot("M4").unwrap();
    let e = SpecSource::env("E1").unwrap();
    let config = SimConfig {
        realism: Realism::Rcx,
        battery_v: Some(7.2),
        ..SimConfig::default()
    };
    let mut s = SimDef::from_files(&r, &e)
        .and_then(|d| Simulation::create(&d.with_config(config)))
        .unwrap();
    let mut rec = Recorder::new(&s, 20, lurobotsim::sim::Listing::One).unwrap();
    s.robot_mut(0)
        .unwrap()
        .load_program(program("sim_m4_forward_5.lasm"));
    s.robot_mut(0).unwrap().start();
    for _ in 0..2000 {
        s.tick();
        rec.observe(&s);
    }
    let rec = rec.finish(&s);
    assert_eq!(rec.battery_v, Some(7.2));
    let text = serde_json::to_string(&rec).unwrap();
    assert!(text.contains("\"battery_v\":7.2"), "{text:.300}");
    let back: lurobotsim::sim::record::Recording = serde_json::from_str(&text).unwrap();
    let replayed = back.simulation_at(u64::MAX).unwrap();
    assert_eq!(
        replayed.robot(0).unwrap().state_json(),
        s.robot(0).unwrap().state_json()
    );
    assert_eq!(
        replayed.robot(0).unwrap().pose(),
        s.robot(0).unwrap().pose()
    );
}

#[test]
fn a_simulation_given_a_nan_or_out_of_range_battery_is_not_built() {
    for bad in [f32::NAN, 0.0, -3.0, 12.5, f32::INFINITY] {
        let config = SimConfig {
            realism: Realism::Rcx,
            battery_v: Some(bad),
            ..SimConfig::default()
        };
        let e = Simulation::create(
            &SimDef::one(RobotSpec::load("M4").unwrap(), EnvSpec::load("E1").unwrap())
                .with_config(config),
        )
        .err()
        .unwrap_or_else(|| panic!("{bad} V accepted"));
        assert!(e.to_string().starts_with("--battery-v: "), "{e}");
    }
}

// ------------------------------------------------------------------------ command line

/// Through the command line (the `desktop` feature builds the binary).
#[cfg(feature = "desktop")]
mod by_the_command_line {
    use crate::cli_support::lurobotsim;
    use std::path::PathBuf;

    fn temp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("lurobotsim-rcx-{}-{name}", std::process::id()))
    }

    fn run_json(extra: &[&str]) -> serde_json::Value {
        let mut args = vec![
            "run",
            "--robot",
            "M4",
            "--env",
            "E1",
            "--program",
            "tests/programs/sim_battery.lasm",
            "--seconds",
            "1",
            "--json",
        ];
        args.extend(extra);
        let out = lurobotsim(&args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    }

    #[test]
    fn run_battery_v_takes_volts_or_a_preset_and_the_program_and_lcd_see_it() {
        let v = |j: &serde_json::Value| j["variables"][0].as_i64().unwrap();
        let low = |j: &serde_json::Value| j["display"]["battery_low"].as_bool().unwrap();
        let j = run_json(&["--realism", "rcx"]);
        assert_eq!((v(&j), low(&j)), (7700, false));
        let j = run_json(&["--realism", "rcx", "--battery-v", "nimh"]);
        assert_eq!((v(&j), low(&j)), (7200, false));
        let j = run_json(&["--realism", "rcx", "--battery-v", "6.5"]);
        assert_eq!((v(&j), low(&j)), (6500, true));
        let j = run_json(&["--battery-v", "alkaline"]);
        assert_eq!((v(&j), low(&j)), (9000, false));
    }

    #[test]
    fn a_battery_of_zero_negative_nan_or_above_twelve_volts_exits_1_naming_the_option() {
        for bad in ["0", "-1", "nan", "12.5", "lots"] {
            for cmd in [
                vec![
                    "run",
                    "--robot",
                    "M4",
                    "--program",
                    "tests/programs/sim_battery.lasm",
                    "--realism",
                    "rcx",
                ],
                vec!["serve", "--headless", "--run-seconds", "1"],
                vec!["lasm", "run", "tests/programs/sim_battery.lasm"],
                vec!["gui"],
            ] {
                let mut args = cmd.clone();
                let flag = format!("--battery-v={bad}");
                args.push(&flag);
                let out = lurobotsim(&args);
                let err = String::from_utf8_lossy(&out.stderr);
                assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
                assert!(err.contains("--battery-v"), "{args:?}: {err}");
                assert!(out.stdout.is_empty(), "{args:?}");
            }
        }
    }

    #[test]
    fn a_robot_file_battery_out_of_range_exits_1_at_its_line() {
        let text =
            std::fs::read_to_string("robots/M4.toml").unwrap() + "\n[motor]\nbattery_v = 13\n";
        let path = temp("battery13.toml");
        std::fs::write(&path, &text).unwrap();
        let shown = path.display().to_string();
        let out = lurobotsim(&[
            "run",
            "--robot",
            &shown,
            "--program",
            "tests/programs/sim_battery.lasm",
            "--realism",
            "rcx",
        ]);
        let _ = std::fs::remove_file(&path);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        let line = text.lines().position(|l| l == "battery_v = 13").unwrap() + 1;
        assert!(
            err.starts_with(&format!(
                "lurobotsim: {shown}:{line}: motor.battery_v must be"
            )),
            "{err}"
        );
    }

    #[test]
    fn lasm_run_battery_v_reaches_the_battery_source_and_the_lcd() {
        let out = lurobotsim(&[
            "lasm",
            "run",
            "tests/programs/sim_battery.lasm",
            "--ms",
            "500",
            "--json",
            "--realism",
            "rcx",
            "--battery-v",
            "worn",
        ]);
        assert_eq!(out.status.code(), Some(0));
        let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(j["variables"][0], 6750);
        assert_eq!(j["display"]["battery_low"], false);
    }
}

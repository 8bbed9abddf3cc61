//! `lurobotsim run` and `lurobotsim bench` as users and scripts call them (cli.md): JSON
//! only on stdout, the exact trace CSV, replay files, exit 1 with FILE:LINE for mistakes.

use crate::cli_support::lurobotsim;
use std::path::{Path, PathBuf};
use std::process::Command;

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("lurobotsim-cli-{}-{name}", std::process::id()))
}

const FORWARD: &str = "tests/programs/sim_m4_forward_5.lasm";

#[test]
fn run_json_prints_the_state_object_and_nothing_else() {
    let out = lurobotsim(&[
        "run",
        "--robot",
        "M4",
        "--env",
        "E1",
        "--program",
        FORWARD,
        "--seconds",
        "3",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("stdout is one JSON value");
    assert_eq!(v["sim_time_s"], 3.0);
    assert_eq!(v["robot"], "M4");
    assert_eq!(v["environment"], "E1");
    let d = v["displacement_m"].as_f64().unwrap();
    assert!((d - 1.06).abs() < 0.02, "{d}");
    assert_eq!(v["tasks"][0]["state"], "stopped");
    assert!(!v["trace"]["vis"].as_array().unwrap().is_empty());
}

#[test]
fn run_without_json_prints_a_short_summary() {
    let out = lurobotsim(&[
        "run",
        "--robot",
        "M4",
        "--program",
        FORWARD,
        "--seconds",
        "1",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("M4 on E1"), "{text}");
    assert!(text.lines().count() <= 8);
}

#[test]
fn run_writes_the_trace_csv_with_its_exact_header_and_a_row_per_50_ms() {
    let path = temp("trace.csv");
    let out = lurobotsim(&[
        "run",
        "--robot",
        "M2",
        "--env",
        "E2",
        "--program",
        "tests/programs/sim_touch_wall.lasm",
        "--seconds",
        "1",
        "--trace-csv",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let text = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "time_s,x,y,z,yaw_deg,yaw_total_deg,out_a,out_b,out_c,s1_raw,s1_value,s2_raw,s2_value,s3_raw,s3_value,vi_task0"
    );
    // 0.000, 0.050, …, 1.000.
    assert_eq!(lines.len(), 1 + 21);
    assert!(lines[1].starts_with("0.000,"));
    assert!(lines[2].starts_with("0.050,"));
    assert!(lines[21].starts_with("1.000,"));
    for l in &lines[1..] {
        assert_eq!(l.split(',').count(), 16, "{l}");
    }
    // Motor A forward at full power, the touch sensor released (value 0).
    let row: Vec<&str> = lines[10].split(',').collect();
    assert_eq!(row[6], "100");
    assert_eq!(row[10], "0");
}

#[test]
fn a_program_with_a_mistake_exits_1_naming_the_file_and_line() {
    let path = temp("bad.lasm");
    std::fs::write(&path, "task 0\n\tout 2,1\n\tfrobnicate 1,2\nendt\n").unwrap();
    let out = lurobotsim(&["run", "--robot", "M1", "--program", path.to_str().unwrap()]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains(&format!("{}:3", path.display())), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn unknown_robots_missing_files_and_bad_seconds_exit_1() {
    for args in [
        vec!["run", "--robot", "M9", "--program", FORWARD],
        vec!["run", "--env", "E9", "--program", FORWARD],
        vec!["run", "--program", "/nonexistent/prog.lasm"],
        vec!["run", "--program", FORWARD, "--seconds=-3"],
        vec![
            "run",
            "--program",
            FORWARD,
            "--trace-csv",
            "/nonexistent/dir/t.csv",
        ],
    ] {
        let out = lurobotsim(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn run_record_writes_a_replay_file_that_re_simulates_to_the_printed_state() {
    let path = temp("run.lsrec");
    let out = lurobotsim(&[
        "run",
        "--robot",
        "M4",
        "--program",
        FORWARD,
        "--seconds",
        "2",
        "--seed",
        "3",
        "--json",
        "--record",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rec = lurobotsim::sim::record::load(Path::new(&path)).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(rec.seed, 3);
    assert_eq!(rec.duration_ms, 2000);
    let sim = rec.simulation_at(rec.duration_ms).unwrap();
    assert!(rec.matches_final(&sim));
    assert_eq!(sim.robot(0).unwrap().state_json(), printed);
}

#[test]
fn bench_prints_steps_per_second_and_appends_to_the_write_file() {
    let path = temp("BENCH.md");
    let out = lurobotsim(&[
        "bench",
        "--seconds",
        "0.05",
        "--write",
        path.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    for name in ["M4 driving", "M5 line following", "10 × M4"] {
        assert!(text.contains(name), "{text}");
    }
    // One M4 and ten M4s are set against the original's ODE figures.
    assert!(text.contains("× ODE"), "{text}");
    let written = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(written.contains("steps/s"));
}

#[test]
fn bench_realtime_measures_normal_modes_pacing() {
    let out = lurobotsim(&["bench", "--seconds", "0.05", "--realtime", "1"]);
    assert_eq!(out.status.code(), Some(1), "under 2 s is refused");
    assert!(String::from_utf8_lossy(&out.stderr).contains("--realtime"));
    let out = lurobotsim(&["bench", "--seconds", "0.05", "--realtime", "2"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    // The row: wall seconds, simulated seconds, factor, slowest, fastest. Only that the
    // simulation advanced is asserted (speed lives in BENCHMARKS.md, not in tests).
    let row = text
        .lines()
        .last()
        .unwrap()
        .split('|')
        .filter_map(|c| c.trim().parse::<f64>().ok())
        .collect::<Vec<_>>();
    assert_eq!(row.len(), 5, "{text}");
    assert!(row[1] > 0.0, "the paced simulation advanced: {text}");
}

#[test]
fn frame_steps_outside_one_to_a_thousand_is_refused_with_its_range() {
    let out = lurobotsim(&["--frame-steps", "0"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "a wrong command line is the user's input"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--frame-steps") && err.contains("1..=1000"),
        "{err}"
    );
    let help = String::from_utf8_lossy(&lurobotsim(&["--help"]).stdout).to_string();
    assert!(help.contains("--frame-steps <N>"), "{help}");
}

#[test]
fn an_unknown_option_exits_1_and_help_exits_0() {
    let out = lurobotsim(&["run", "--no-such-option"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--no-such-option"));
    let out = lurobotsim(&["run", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("--seconds"));
}

// ---- World files that hung, crashed or were silently accepted (issue 12, items 3, 4, 7) ----

fn repo_file(rel: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap()
}

/// The built-in M1 with `from` replaced by `to` (which must occur).
fn m1_with(from: &str, to: &str) -> String {
    let m1 = repo_file("robots/M1.toml");
    assert!(m1.contains(from), "M1.toml has no {from:?}");
    m1.replacen(from, to, 1)
}

/// E3 with an absolute floor picture path (the file is written to a temp folder).
fn e3_with(from: &str, to: &str) -> String {
    let floor = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/textures/e3_floor.png");
    let e3 = repo_file("environments/E3.toml").replace(
        "\"../assets/textures/e3_floor.png\"",
        &format!("{:?}", floor.display().to_string()),
    );
    assert!(e3.contains(from), "E3.toml has no {from:?}");
    e3.replacen(from, to, 1)
}

/// Runs `run` for one simulated second with `text` written as the robot (`--robot`) or
/// environment (`--env`) file and checks it is refused with exit 1 and
/// `FILE:LINE: message` pointing at the line holding `at`, the message containing `says`.
fn refused(option: &str, name: &str, text: &str, at: &str, says: &str) {
    let path = temp(name);
    std::fs::write(&path, text).unwrap();
    let shown = path.display().to_string();
    let mut args = vec!["run", "--program", FORWARD, "--seconds", "1"];
    match option {
        "--robot" => args.extend(["--robot", &shown, "--env", "E3"]),
        _ => args.extend(["--robot", "M5", "--env", &shown]),
    }
    let out = lurobotsim(&args);
    let _ = std::fs::remove_file(&path);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "{name}: {err}");
    let line = text
        .lines()
        .position(|l| l.contains(at))
        .unwrap_or_else(|| panic!("{name}: no line holds {at:?}"))
        + 1;
    let prefix = format!("lurobotsim: {shown}:{line}: ");
    assert!(
        err.starts_with(&prefix),
        "{name}: want {prefix:?}, got {err}"
    );
    assert!(err.contains(says), "{name}: want {says:?} in {err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn an_environment_floor_of_zero_size_is_an_error_not_a_hang() {
    let env = e3_with("rect = [-1.2, -1.2, 1.2, 1.2]", "rect = [0, 0, 0, 0]");
    refused("--env", "zero_floor.toml", &env, "rect =", "floor.rect");
}

#[test]
fn an_environment_floor_a_billionth_of_a_metre_wide_is_an_error_not_a_hang() {
    let env = e3_with("rect = [-1.2, -1.2, 1.2, 1.2]", "rect = [0, 0, 1e-9, 1e-9]");
    refused(
        "--env",
        "tiny_floor.toml",
        &env,
        "rect =",
        "at least 0.001 m",
    );
}

#[test]
fn a_light_spot_a_million_metres_wide_is_an_error_not_a_hang() {
    let m5 = repo_file("robots/M5.toml").replace("spot_radius = 0.008", "spot_radius = 1e6");
    refused(
        "--robot",
        "huge_spot.toml",
        &m5,
        "spot_radius",
        "spot_radius must be from 0 to 1 m (got 1000000)",
    );
}

#[test]
fn an_environment_box_of_1e20_metres_is_an_error_not_a_panic() {
    let env = "name = \"big\"\n\n[[box]]\nname = \"wall\"\nsize = [1e20, 0.2, 0.03]\nposition = [0.0, 0.1, 0.0]\n";
    refused("--env", "big_box.toml", env, "size", "box \"wall\": size");
}

#[test]
fn an_infinite_box_size_is_an_error_like_a_nan_one() {
    let env = "[[box]]\nsize = [inf, 0.2, 0.03]\nposition = [0.0, 0.1, 0.0]\n";
    refused("--env", "inf_box.toml", env, "size", "(got inf)");
    let env = "[[box]]\nsize = [nan, 0.2, 0.03]\nposition = [0.0, 0.1, 0.0]\n";
    refused("--env", "nan_box.toml", env, "size", "(got NaN)");
}

#[test]
fn a_negative_density_or_mass_is_an_error_not_a_robot_falling_through_the_floor() {
    let r = m1_with("density = 1428.0", "density = -1428.0");
    refused(
        "--robot",
        "neg_density.toml",
        &r,
        "density = -1428",
        "density must be more than 0",
    );
    let r = m1_with("density = 1428.0", "mass = -0.5");
    refused(
        "--robot",
        "neg_mass.toml",
        &r,
        "mass = -0.5",
        "mass must be more than 0",
    );
}

#[test]
fn a_nan_body_position_or_start_pose_is_an_error_not_null_in_the_output() {
    let r = m1_with("position = [0.0, 0.05, 0.0]", "position = [nan, 0.05, 0.0]");
    refused("--robot", "nan_pos.toml", &r, "position = [nan", "position");
    let env = "[start]\nx = 0.0\nz = nan\n";
    refused("--env", "nan_start.toml", env, "z = nan", "start.z");
}

#[test]
fn a_joint_from_a_body_to_itself_says_so() {
    let r = m1_with("body2 = \"front\"", "body2 = \"rcx\"");
    refused(
        "--robot",
        "self_joint.toml",
        &r,
        "body2 = \"rcx\"",
        "a joint from body \"rcx\" to itself",
    );
}

#[test]
fn attaching_a_shape_to_itself_says_so_not_no_body_named() {
    let r = m1_with("attach = \"rcx\"", "attach = \"display\"");
    refused(
        "--robot",
        "self_attach.toml",
        &r,
        "attach = \"display\"",
        "\"display\" is attached to itself",
    );
}

#[test]
fn a_zero_or_nan_joint_axis_is_an_error() {
    let r = m1_with("axis = [0.0, 0.0, 1.0]", "axis = [0.0, 0.0, 0.0]");
    refused(
        "--robot",
        "zero_axis.toml",
        &r,
        "axis = [0.0, 0.0, 0.0]",
        "no direction",
    );
    let r = m1_with("axis = [0.0, 0.0, 1.0]", "axis = [nan, 0.0, 1.0]");
    refused("--robot", "nan_axis.toml", &r, "axis = [nan", "axis");
}

#[test]
fn two_bodies_named_alike_are_an_error() {
    let r = m1_with("name = \"back_left\"\nshape", "name = \"front\"\nshape");
    let first = r.lines().position(|l| l == "name = \"front\"").unwrap() + 1;
    let second = r
        .lines()
        .enumerate()
        .filter(|(_, l)| *l == "name = \"front\"")
        .nth(2)
        .map(|(i, _)| i + 1)
        .unwrap();
    // The joint named "front" sits between the two bodies; `refused` finds the first body's
    // line, so check the second by hand.
    let path = temp("dup_body.toml");
    std::fs::write(&path, &r).unwrap();
    let out = lurobotsim(&[
        "run",
        "--robot",
        path.to_str().unwrap(),
        "--program",
        FORWARD,
    ]);
    let _ = std::fs::remove_file(&path);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!(
            "{}:{second}: two bodies named \"front\" (the first at line {first})",
            path.display()
        )),
        "{err}"
    );
}

#[test]
fn two_sensors_on_one_port_are_an_error() {
    let r =
        repo_file("robots/M2.toml") + "\n[[sensor]]\nport = 1\nkind = \"light\"\nbody = \"rcx\"\n";
    let path = temp("two_sensors.toml");
    std::fs::write(&path, &r).unwrap();
    let out = lurobotsim(&[
        "run",
        "--robot",
        path.to_str().unwrap(),
        "--program",
        FORWARD,
    ]);
    let _ = std::fs::remove_file(&path);
    let err = String::from_utf8_lossy(&out.stderr);
    let second = r
        .lines()
        .enumerate()
        .filter(|(_, l)| *l == "port = 1")
        .nth(1)
        .unwrap()
        .0
        + 1;
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!(
            "{}:{second}: two sensors on port 1",
            path.display()
        )),
        "{err}"
    );
}

#[test]
fn a_nan_or_negative_friction_is_an_error() {
    let r = m1_with("friction = 10.0", "friction = nan");
    refused(
        "--robot",
        "nan_friction.toml",
        &r,
        "friction = nan",
        "friction",
    );
    let r = m1_with("friction = 10.0", "friction = -1.0");
    refused(
        "--robot",
        "neg_friction.toml",
        &r,
        "friction = -1",
        "friction must be from 0",
    );
    let env = "ground_friction = -2.0\n";
    refused(
        "--env",
        "neg_ground.toml",
        env,
        "ground_friction",
        "ground_friction",
    );
}

#[test]
fn a_nan_infinite_or_negative_motor_curve_is_an_error() {
    for (name, curve) in [
        ("nan_curve.toml", "[nan, 20.4, 22.3, 24.3, 25.1]"),
        ("inf_curve.toml", "[19.4, inf, 22.3, 24.3, 25.1]"),
        ("neg_curve.toml", "[19.4, 20.4, -22.3, 24.3, 25.1]"),
    ] {
        let r = m1_with(
            "brick = \"rcx\"",
            &format!("brick = \"rcx\"\n\n[motor]\ncurve = {curve}"),
        );
        refused(
            "--robot",
            name,
            &r,
            "curve =",
            "motor.curve: each value must be from 0 to 1000 rad/s",
        );
    }
}

#[test]
fn a_dc_motor_with_no_armature_resistance_is_an_error() {
    let r = m1_with(
        "brick = \"rcx\"",
        "brick = \"rcx\"\n\n[motor]\nmodel = \"dc\"\nra = 0",
    );
    refused(
        "--robot",
        "ra0.toml",
        &r,
        "ra = 0",
        "motor.ra must be more than 0",
    );
}

#[test]
fn an_rcx_motor_with_no_winding_resistance_or_nan_drop_or_a_bad_battery_is_an_error_at_its_line() {
    for (name, field, at, says) in [
        (
            "rcx_r0.toml",
            "rcx_r = 0",
            "rcx_r = 0",
            "motor.rcx_r must be more than 0",
        ),
        (
            "rcx_nan_drop.toml",
            "rcx_drop = nan",
            "rcx_drop = nan",
            "motor.rcx_drop must be from 0 to 12 V (got NaN)",
        ),
        (
            "rcx_volts.toml",
            "rcx_volts = 7.5",
            "rcx_volts = 7.5",
            "motor.rcx_volts is replaced by battery_v",
        ),
        (
            "battery0.toml",
            "battery_v = 0",
            "battery_v = 0",
            "motor.battery_v must be more than 0 and at most 12 V (got 0)",
        ),
        (
            "battery_neg.toml",
            "battery_v = -9.0",
            "battery_v = -9.0",
            "motor.battery_v must be more than 0 and at most 12 V (got -9)",
        ),
        (
            "battery_nan.toml",
            "battery_v = nan",
            "battery_v = nan",
            "motor.battery_v must be more than 0 and at most 12 V (got NaN)",
        ),
        (
            "battery_high.toml",
            "battery_v = 12.5",
            "battery_v = 12.5",
            "motor.battery_v must be more than 0 and at most 12 V (got 12.5)",
        ),
        (
            "rcx_ke_inf.toml",
            "rcx_ke = inf",
            "rcx_ke = inf",
            "motor.rcx_ke must be more than 0 and at most 100 V·s/rad",
        ),
    ] {
        let r = m1_with(
            "brick = \"rcx\"",
            &format!("brick = \"rcx\"\n\n[motor]\nrcx_friction = 0.01\n{field}"),
        );
        refused("--robot", name, &r, at, says);
    }
    let m5 = repo_file("robots/M5.toml").replace(
        "spot_radius = 0.008",
        "spot_radius = 0.008\nrcx_white = 150",
    );
    refused(
        "--robot",
        "rcx_white.toml",
        &m5,
        "rcx_white = 150",
        "light sensor: rcx_white must be from 0 to 100 %",
    );
}

#[test]
fn colours_outside_zero_to_one_are_an_error() {
    let r = m1_with("colour = [1.0, 0.85, 0.1]", "colour = [1.0, 2.0, 0.1]");
    refused(
        "--robot",
        "colour.toml",
        &r,
        "colour = [1.0, 2.0",
        "colour: each value must be from 0 to 1",
    );
    let env = "ground_colour = [-0.5, 1.0, 1.0]\n";
    refused(
        "--env",
        "ground_colour.toml",
        env,
        "ground_colour",
        "ground_colour",
    );
}

#[test]
fn an_unknown_shape_is_an_error_at_its_line_not_a_box() {
    let r = m1_with("shape = \"box\"", "shape = \"cube\"");
    refused(
        "--robot",
        "cube.toml",
        &r,
        "shape = \"cube\"",
        "unknown variant `cube`",
    );
}

/// A PNG of `w` × `h` pixels whose file holds only the signature and the header chunk: the
/// size is all the simulator may read before refusing it.
fn png_header_only(w: u32, h: u32) -> Vec<u8> {
    fn crc32(bytes: &[u8]) -> u32 {
        let mut c = !0u32;
        for &b in bytes {
            c ^= b as u32;
            for _ in 0..8 {
                c = if c & 1 != 0 {
                    0xedb8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
            }
        }
        !c
    }
    let mut chunk = b"IHDR".to_vec();
    chunk.extend(w.to_be_bytes());
    chunk.extend(h.to_be_bytes());
    chunk.extend([8, 0, 0, 0, 0]); // 8-bit grey, deflate, no filter, no interlace
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(13u32.to_be_bytes());
    png.extend(&chunk);
    png.extend(crc32(&chunk).to_be_bytes());
    png
}

#[test]
fn a_20000_pixel_floor_picture_is_refused_from_its_header() {
    let png = temp("huge_floor.png");
    std::fs::write(&png, png_header_only(20_000, 20_000)).unwrap();
    let env = format!(
        "name = \"huge\"\n\n[floor]\nimage = {:?}\nrect = [-1.2, -1.2, 1.2, 1.2]\n",
        png.display().to_string()
    );
    refused(
        "--env",
        "huge_floor.toml",
        &env,
        "image =",
        "20000 × 20000 px is too large",
    );
    let _ = std::fs::remove_file(&png);
}

#[test]
fn a_missing_floor_picture_is_reported_at_its_image_line_not_line_0() {
    let env = "name = \"x\"\n\n[floor]\nimage = \"/nonexistent/floor.png\"\nrect = [0, 0, 1, 1]\n";
    refused(
        "--env",
        "no_floor.toml",
        env,
        "image =",
        "floor image /nonexistent/floor.png",
    );
}

#[test]
fn a_missing_robot_file_is_reported_without_a_line_0() {
    let out = lurobotsim(&[
        "run",
        "--robot",
        "/nonexistent/r.toml",
        "--program",
        FORWARD,
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        err.starts_with("lurobotsim: /nonexistent/r.toml: cannot read"),
        "{err}"
    );
}

#[test]
fn a_recording_carrying_a_bad_robot_file_is_refused_with_the_files_line() {
    let path = temp("carry.lsrec");
    let out = lurobotsim(&[
        "run",
        "--robot",
        "M1",
        "--program",
        FORWARD,
        "--seconds",
        "0.1",
        "--record",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let text = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(lurobotsim::sim::record::parse(&text, "carry.lsrec").is_ok());
    let bad = text.replacen("density = 1428.0", "density = -1.0", 1);
    assert_ne!(bad, text);
    let e = lurobotsim::sim::record::parse(&bad, "carry.lsrec")
        .unwrap_err()
        .to_string();
    let line = repo_file("robots/M1.toml")
        .lines()
        .position(|l| l.starts_with("density = 1428"))
        .unwrap()
        + 1;
    assert!(
        e.starts_with("carry.lsrec: the recording's ")
            && e.contains(&format!(":{line}: body \"rcx\": density")),
        "{e}"
    );
}

// ---- Smaller CLI defects (issue 12, item 8) ----

#[test]
fn a_lasm_file_with_100000_tasks_prints_20_errors_and_a_count_not_300000_lines() {
    let path = temp("many_tasks.lasm");
    std::fs::write(&path, "task 0\nendt\n".repeat(100_000)).unwrap();
    let out = lurobotsim(&["lasm", "check", path.to_str().unwrap()]);
    let _ = std::fs::remove_file(&path);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 22, "{err}");
    assert!(lines[20].starts_with("… and "), "{}", lines[20]);
    assert!(lines[21].ends_with(" error(s)"), "{}", lines[21]);
}

#[test]
fn an_empty_rcx_file_is_an_error_not_an_empty_program() {
    let path = temp("empty.rcx");
    std::fs::write(&path, b"").unwrap();
    let p = path.to_str().unwrap();
    for args in [
        vec!["lasm", "check", p],
        vec!["lasm", "dis", p],
        vec!["lasm", "asm", p],
        vec!["lasm", "run", p],
        vec!["run", "--program", p],
    ] {
        let out = lurobotsim(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("the file is empty"), "{args:?}: {err}");
    }
    // An image with a header and no code is refused too.
    let mut header = b"RCXI".to_vec();
    header.extend([0x02, 0x01, 0, 0, 0, 0, 3, 0]);
    std::fs::write(&path, header).unwrap();
    let out = lurobotsim(&["lasm", "dis", p]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no task and no sub"));
}

#[test]
fn a_lone_carriage_return_is_a_line_break_in_lasm() {
    let path = temp("cr.lasm");
    std::fs::write(&path, "task 0\r\tout 2,1\r\twait 2,10\rendt\r").unwrap();
    let out = lurobotsim(&["lasm", "check", path.to_str().unwrap()]);
    let _ = std::fs::remove_file(&path);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("ok (1 task(s), 0 sub(s)"));
}

#[test]
fn run_refuses_to_record_or_trace_over_its_own_program() {
    let prog = temp("own.lasm");
    let text = repo_file(FORWARD);
    std::fs::write(&prog, &text).unwrap();
    let p = prog.to_str().unwrap();
    for option in ["--record", "--trace-csv"] {
        let out = lurobotsim(&["run", "--program", p, "--seconds", "0.1", option, p]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{option}: {err}");
        assert!(err.contains("refusing to write over it"), "{err}");
        assert_eq!(std::fs::read_to_string(&prog).unwrap(), text, "{option}");
    }
    // Two outputs naming one new file are refused too (one would overwrite the other).
    let out_file = temp("both.out");
    let _ = std::fs::remove_file(&out_file);
    let o = out_file.to_str().unwrap();
    let out = lurobotsim(&[
        "run",
        "--program",
        p,
        "--seconds",
        "0.1",
        "--trace-csv",
        o,
        "--record",
        o,
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("is the same file as --trace-csv writes"),
        "{err}"
    );
    assert!(!out_file.exists());
    let _ = std::fs::remove_file(&prog);
}

#[cfg(unix)]
#[test]
fn an_output_that_is_a_symbolic_link_is_refused_and_its_target_kept() {
    let prog = temp("linked.lasm");
    let link = temp("link.csv");
    let text = repo_file(FORWARD);
    std::fs::write(&prog, &text).unwrap();
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&prog, &link).unwrap();
    let (p, l) = (prog.to_str().unwrap(), link.to_str().unwrap());
    let run = lurobotsim(&["run", "--program", p, "--seconds", "0.1", "--trace-csv", l]);
    let serve = lurobotsim(&[
        "serve",
        "--headless",
        "--listen",
        "127.0.0.1:0",
        "--capture",
        l,
    ]);
    let _ = std::fs::remove_file(&link);
    let kept = std::fs::read_to_string(&prog).unwrap();
    let _ = std::fs::remove_file(&prog);
    for out in [run, serve] {
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("is a symbolic link"), "{err}");
    }
    assert_eq!(kept, text);
}

#[test]
fn a_closed_stdout_ends_the_run_quietly_not_as_an_internal_error() {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(["run", "--program", FORWARD, "--seconds", "0.5", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader goes away before anything is written, as `| head -c0` would.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn run_scene_json_lists_every_robot_by_name_and_the_csv_has_a_robot_column() {
    let csv = temp("scene.csv");
    let out = lurobotsim(&[
        "run",
        "--scene",
        "assets/examples/ir_master_slave.toml",
        "--seconds",
        "3",
        "--json",
        "--trace-csv",
        csv.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("stdout is one JSON value");
    assert_eq!(v["sim_time_s"], 3.0);
    assert_eq!(v["environment"], "E1");
    let robots = v["robots"].as_array().unwrap();
    assert_eq!(robots.len(), 2);
    assert_eq!(
        (robots[0]["name"].as_str(), robots[1]["name"].as_str()),
        (Some("master"), Some("slave"))
    );
    assert_eq!(robots[1]["robot"], "M4");
    assert!(
        robots[1]["pose"]["x"].as_f64().unwrap() > 0.3,
        "the slave went forward, then back"
    );
    assert_eq!(robots[0]["ir"]["sent"], 2);
    let text = std::fs::read_to_string(&csv).unwrap();
    let _ = std::fs::remove_file(&csv);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("robot,time_s,x,"), "{}", lines[0]);
    // 61 instants (0 … 3 s every 50 ms) × 2 robots, in scene order.
    assert_eq!(lines.len(), 1 + 61 * 2);
    assert!(lines[1].starts_with("master,0.000,") && lines[2].starts_with("slave,0.000,"));
    assert!(lines[122].starts_with("slave,3.000,"));
}

#[test]
fn a_scene_with_a_mistake_exits_1_naming_the_file_and_line() {
    let bad = temp("bad-scene.toml");
    std::fs::write(
        &bad,
        "environment = \"E1\"\n[[robot]]\nmodel = \"M4\"\nwheels = 3\n",
    )
    .unwrap();
    let out = lurobotsim(&["run", "--scene", bad.to_str().unwrap()]);
    let _ = std::fs::remove_file(&bad);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("{}:4:", bad.display())), "{err}");
    // --scene replaces --program, --robot and --env.
    let out = lurobotsim(&[
        "run",
        "--scene",
        "assets/examples/ir_elect.toml",
        "--robot",
        "M2",
    ]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn run_scene_record_carries_every_robot_and_replays_to_the_printed_state() {
    let rec = temp("scene.rec");
    let out = lurobotsim(&[
        "run",
        "--scene",
        "assets/examples/ir_elect.toml",
        "--seconds",
        "3",
        "--seed",
        "6",
        "--json",
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let r = lurobotsim::sim::record::load(&rec).expect("a recording");
    let _ = std::fs::remove_file(&rec);
    assert_eq!(r.scene.len(), 2);
    assert_eq!(
        (r.scene[0].name.as_str(), r.scene[1].name.as_str()),
        ("A", "B")
    );
    // Each robot's program is in the recording (loaded at 0 ms on its own brick).
    for k in 0..2 {
        assert!(r.inputs.iter().any(|ti| ti.time_ms == 0
            && ti.brick == k
            && matches!(ti.input, lurobotsim::sim::Input::Program { .. })));
    }
    assert_eq!(r.duration_ms, 3000);
    // 151 frames (every 20 ms, 0 … 3 s).
    assert_eq!(r.frame_count(), 151);
    let (replayed, _) = r.replay().unwrap();
    for k in 0..2 {
        let p = replayed.robot(k).unwrap().pose();
        assert_eq!(
            [p.x, p.y, p.z, p.yaw_deg],
            r.finals[k],
            "robot {k} replays bit for bit"
        );
    }
    assert_eq!(replayed.scene_json(), v);
}

// ---- the brick's display, buttons and speaker (issue 16) ----

fn write_temp(name: &str, text: &str) -> PathBuf {
    let p = temp(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn run_json(args: &[&str]) -> serde_json::Value {
    let out = lurobotsim(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("stdout is one JSON value")
}

#[test]
fn run_json_shows_the_display_a_program_selects_view_by_view() {
    let prog = write_temp(
        "views.lasm",
        "task 0\n setw 5,25\n pwr 1,2,5\n out 2,1\n view 2,1\n wait 2,100\n view 2,4\n \
         wait 2,100\n view 2,0\n wait 2,100\n setv 3,2,1234\n disp 2,0,3\n wait 2,100\nendt\n",
    );
    let p = prog.to_str().unwrap();
    let mut seen = Vec::new();
    for s in ["0.5", "1.5", "2.5", "3.5"] {
        let v = run_json(&[
            "run",
            "--robot",
            "M2",
            "--program",
            p,
            "--seconds",
            s,
            "--json",
        ]);
        let d = &v["display"];
        assert_eq!(d["program"], 1);
        assert_eq!(d["running"], true);
        seen.push(format!("{} {} {}", d["view"], d["value"], d["text"]));
    }
    let _ = std::fs::remove_file(&prog);
    assert_eq!(
        seen,
        [
            // M2's touch sensor is not configured by this program: raw mode, released.
            "\"sensor 1\" 1023 \"1023\"",
            "\"output A\" 5 \"5\"",
            "\"watch\" 325 \"05.25\"",
            "\"user\" 1234 \"12.34\"",
        ]
    );
}

#[test]
fn run_press_drives_the_brick_as_its_buttons_do() {
    let prog = write_temp("press.lasm", "task 0\n out 2,1\n wait 2,1000\nendt\n");
    let p = prog.to_str().unwrap();
    // Run starts the program; View alone does not.
    let v = run_json(&[
        "run",
        "--program",
        p,
        "--seconds",
        "1",
        "--press",
        "view@0.5,run@0.9",
        "--json",
    ]);
    assert_eq!(
        v["tasks"][0]["state"], "waiting",
        "started at 0.9 s, in its wait"
    );
    let v = run_json(&[
        "run",
        "--program",
        p,
        "--seconds",
        "1",
        "--press",
        "view@0.5",
        "--json",
    ]);
    assert_eq!(v["tasks"][0]["state"], "stopped");
    assert!(v["displacement_m"].as_f64().unwrap() < 0.001);
    let v = run_json(&[
        "run",
        "--program",
        p,
        "--seconds",
        "3",
        "--press",
        "run@1.5,view@2,view@2.5",
        "--json",
    ]);
    assert_eq!(v["tasks"][0]["state"], "waiting");
    assert_eq!(v["display"]["view"], "sensor 2");
    assert!(v["displacement_m"].as_f64().unwrap() > 0.1);
    // Prgm selects slot 2, which is empty: Run there starts nothing.
    let v = run_json(&[
        "run",
        "--program",
        p,
        "--seconds",
        "1",
        "--press",
        "prgm@0,run@0.1",
        "--json",
    ]);
    assert_eq!(
        (v["program_slot"].as_u64(), v["display"]["program"].as_u64()),
        (Some(1), Some(2))
    );
    assert_eq!(v["display"]["running"], false);
    for bad in ["jump@1", "run", "run@-1", "run@x"] {
        let out = lurobotsim(&["run", "--program", p, "--press", bad]);
        assert_eq!(out.status.code(), Some(1), "{bad}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("--press"),
            "{bad}"
        );
    }
    let _ = std::fs::remove_file(&prog);
}

/// Zero crossings (+ → −) per second in `[from, to)` seconds of 16-bit mono samples.
fn pitch(samples: &[i16], rate: f64, from: f64, to: f64) -> f64 {
    let seg = &samples[(from * rate) as usize..(to * rate) as usize];
    let n = seg.windows(2).filter(|w| w[0] > 0 && w[1] < 0).count();
    n as f64 / (to - from)
}

#[test]
fn run_audio_writes_a_wav_whose_pitch_and_timing_match_the_tones_played() {
    let prog = write_temp(
        "tones.lasm",
        "task 0\n playt 262,50\n playt 294,50\n playt 330,50\n plays 1\nendt\n",
    );
    let wav = temp("tones.wav");
    let out = lurobotsim(&[
        "run",
        "--program",
        prog.to_str().unwrap(),
        "--seconds",
        "2",
        "--audio",
        wav.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let b = std::fs::read(&wav).unwrap();
    let _ = std::fs::remove_file(&wav);
    let _ = std::fs::remove_file(&prog);
    assert_eq!(&b[0..4], b"RIFF");
    assert_eq!(&b[8..12], b"WAVE");
    let rate = u32::from_le_bytes([b[24], b[25], b[26], b[27]]) as f64;
    assert_eq!(rate, 44_100.0);
    assert_eq!(u16::from_le_bytes([b[22], b[23]]), 1, "mono");
    assert_eq!(u16::from_le_bytes([b[34], b[35]]), 16, "16-bit");
    let s: Vec<i16> = b[44..]
        .chunks(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect();
    assert_eq!(s.len(), 88_200, "2 s of samples");
    // Each tone lasts 0.5 s, one after the other from the queue.
    assert_eq!(pitch(&s, rate, 0.0, 0.5), 262.0);
    assert_eq!(pitch(&s, rate, 0.5, 1.0), 294.0);
    assert_eq!(pitch(&s, rate, 1.0, 1.5), 330.0);
    // Then the double beep (250 ms: beep, gap, beep), then silence.
    assert!(s[(1.52 * rate) as usize..(1.58 * rate) as usize]
        .iter()
        .all(|&v| v != 0));
    assert!(s[(1.61 * rate) as usize..(1.64 * rate) as usize]
        .iter()
        .all(|&v| v == 0));
    assert!(s[(1.76 * rate) as usize..].iter().all(|&v| v == 0));
}

#[test]
fn an_unwritable_audio_path_fails_before_the_run_and_an_endless_one_is_refused() {
    // Regression: the WAV was created only after the whole simulation had run.
    let out = lurobotsim(&[
        "run",
        "--program",
        "tests/programs/sim_m4_forward_3.lasm",
        "--seconds",
        "100000",
        "--audio",
        "/nonexistent-dir/x.wav",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/nonexistent-dir/x.wav"), "{err}");
    assert!(!err.contains('%'), "it failed before simulating: {err}");
    // Longer than a WAV can hold (32-bit sizes): refused at once, naming the limit.
    let wav = temp("endless.wav");
    let out = lurobotsim(&[
        "run",
        "--program",
        "tests/programs/sim_m4_forward_3.lasm",
        "--seconds",
        "1e9",
        "--audio",
        wav.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("holds at most"), "{err}");
    assert!(!wav.exists());
}

#[test]
fn run_scene_refuses_press_and_audio_instead_of_ignoring_them() {
    // Regression: both were accepted with --scene and silently did nothing.
    for extra in [["--press", "run@1"], ["--audio", "scene.wav"]] {
        let mut args = vec!["run", "--scene", "assets/examples/ir_elect.toml"];
        args.extend(extra);
        let out = lurobotsim(&args);
        assert_eq!(out.status.code(), Some(1), "{extra:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(extra[0]), "{extra:?}: {err}");
    }
}

#[test]
fn an_error_while_stderr_is_a_closed_pipe_exits_1_not_a_panic() {
    // `lurobotsim lasm check bad.lasm 2>&1 | head -0`: the error message cannot be written,
    // which must not turn a user's mistake into a crash (exit 101).
    let bad = write_temp("closed-stderr.lasm", "task 0\n  bogus 1\nendt\n");
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let status = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(["lasm", "check", bad.to_str().unwrap()])
        .stdout(std::process::Stdio::null())
        .stderr(writer)
        .status()
        .unwrap();
    let _ = std::fs::remove_file(&bad);
    assert_eq!(status.code(), Some(1));
}

#[test]
fn a_press_after_the_end_of_the_run_or_an_empty_press_list_is_an_error_not_lost() {
    let prog = write_temp("press-late.lasm", "task 0\n out 2,1\nendt\n");
    let p = prog.to_str().unwrap();
    let out = lurobotsim(&[
        "run",
        "--program",
        p,
        "--seconds",
        "1",
        "--press",
        "run@1.5",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--press run@1.5") && err.contains("--seconds 1"),
        "{err}"
    );
    let out = lurobotsim(&["run", "--program", p, "--seconds", "1", "--press", ""]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no presses"));
    let _ = std::fs::remove_file(&prog);
}

#[test]
fn run_warns_on_stderr_about_hardware_the_robot_lacks_as_the_app_does() {
    let prog = temp("hw.lasm");
    std::fs::write(&prog, "task 0\n out 2,7\n sent 2,3\n wait 2,100\nendt\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(["run", "--robot", "M4", "--seconds", "0.2", "--program"])
        .arg(&prog)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&prog);
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "lurobotsim: warning: The program turns on output B, but robot M4 has no motor on B: nothing moves there."
        ),
        "{err}"
    );
    assert!(
        err.contains("robot M4 has no sensor there"),
        "port 3: {err}"
    );
    assert!(!err.contains("output A"), "M4 drives A: {err}");
    let out = lurobotsim(&[
        "run",
        "--robot",
        "M4",
        "--program",
        FORWARD,
        "--seconds",
        "0.5",
    ]);
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("warning"),
        "no warning when the robot has what the program uses"
    );
}

//! `lurobotsim run` and `lurobotsim bench` as users and scripts call them (cli.md): JSON
//! only on stdout, the exact trace CSV, replay files, exit 1 with FILE:LINE for mistakes.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn lurobotsim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(args)
        .output()
        .expect("the binary runs")
}

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
    assert_eq!(sim.state_json(), printed);
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

//! `lurobotsim grade`, `grade run` and `grade merge` through the real binary
//! (docs/grading.md): a class of good, weak, broken and NQC programs gets the points its
//! runs earn (checked against `run`'s own output for the same program), outputs are the
//! same for any job count and sharding apart from `wall_s`, bad input loses nothing and
//! a wrong assignment stops before any run.

use crate::cli_support::lurobotsim;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn temp(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("lurobotsim-grade-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&p);
    std::fs::create_dir_all(&p).unwrap();
    p
}

const ASSIGNMENT: &str = "tests/data/grade/assignment.toml";
const PROGRAMS: &str = "tests/data/grade/programs";

fn nqc_available() -> bool {
    Command::new("nqc").arg("-help").output().is_ok()
}

/// The run lines of a runs.jsonl without `wall_s` (the one field that may differ).
fn runs_without_wall(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert!(v["wall_s"].is_number(), "{l}");
            v.as_object_mut().unwrap().remove("wall_s");
            v
        })
        .collect()
}

/// `grade merge ASSIGNMENT --programs DIR SHARD… --out OUT`.
fn merge(assignment: &str, programs: &str, shards: &[PathBuf], out: &Path) -> Output {
    let mut args = vec!["grade", "merge", assignment, "--programs", programs];
    args.extend(shards.iter().map(|p| p.to_str().unwrap()));
    args.extend(["--out", out.to_str().unwrap()]);
    lurobotsim(&args)
}

fn grade(out: &Path, jobs: &str) -> Output {
    lurobotsim(&[
        "grade",
        ASSIGNMENT,
        "--programs",
        PROGRAMS,
        "--out",
        out.to_str().unwrap(),
        "--jobs",
        jobs,
    ])
}

fn by_run(runs: &[serde_json::Value], id: &str) -> serde_json::Value {
    runs.iter()
        .find(|r| r["run"] == id)
        .unwrap_or_else(|| panic!("no run {id}"))
        .clone()
}

fn criterion(run: &serde_json::Value, id: &str) -> serde_json::Value {
    run["criteria"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .unwrap()
        .clone()
}

#[test]
fn a_class_of_good_weak_broken_and_nqc_programs_gets_the_points_its_runs_earn() {
    let out = temp("class");
    let o = grade(&out, "2");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(o.stderr.is_empty(), "nothing on stderr on success");
    let runs = runs_without_wall(&out.join("runs.jsonl"));
    // 9 pupils × (2 seeds of drive + 1 of quiet), ordered by pupil, scenario, seed.
    let ids: Vec<&str> = runs.iter().map(|r| r["run"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), 27);
    assert_eq!(
        &ids[..3],
        [
            "alice/drive/seed0",
            "alice/drive/seed1",
            "alice/quiet/seed0"
        ]
    );

    // alice: into the box, no wall, 1.05 m, the tone and x = 42: every point.
    let a = by_run(&runs, "alice/drive/seed0");
    assert_eq!(a["status"], "ok");
    assert_eq!(a["points"], 8.0);
    assert_eq!(a["max_points"], 8.0);
    // Against `run` of the same program: its displacement is the criterion's actual.
    let r = lurobotsim(&[
        "run",
        "--robot",
        "M4",
        "--env",
        "E2",
        "--program",
        &format!("{PROGRAMS}/alice.lasm"),
        "--seconds",
        "3",
        "--json",
    ]);
    let state: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    let d = state["displacement_m"].as_f64().unwrap();
    assert_eq!(
        criterion(&a, "distance")["actual"].as_f64().unwrap(),
        (d * 1000.0).round() / 1000.0
    );
    assert_eq!(a["final"]["pose"], state["pose"]);
    // The tick it reached the box lies between the trace's last row outside and first
    // row inside (rows every 50 ms).
    let csv = out.join("alice.csv");
    lurobotsim(&[
        "run",
        "--robot",
        "M4",
        "--env",
        "E2",
        "--program",
        &format!("{PROGRAMS}/alice.lasm"),
        "--seconds",
        "3",
        "--trace-csv",
        csv.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&csv).unwrap();
    let first_inside = text
        .lines()
        .skip(1)
        .map(|l| {
            l.split(',')
                .map(|f| f.parse::<f64>().unwrap())
                .collect::<Vec<_>>()
        })
        .find(|f| (0.8..=1.4).contains(&f[1]) && (-0.3..=0.3).contains(&f[3]))
        .map(|f| f[0])
        .unwrap();
    let reached = criterion(&a, "far")["actual"]["reached_at_s"]
        .as_f64()
        .unwrap();
    assert!(
        reached <= first_inside && reached > first_inside - 0.05,
        "reached at {reached}, first trace row inside at {first_inside}"
    );
    let q = by_run(&runs, "alice/quiet/seed0");
    assert_eq!(q["points"], 3.0, "{q}");
    assert_eq!(criterion(&q, "count")["actual"], 42);

    // bob: too slow to reach the box; no_contact is skipped (it requires "far").
    let b = by_run(&runs, "bob/drive/seed0");
    assert_eq!(b["status"], "ok");
    assert_eq!(criterion(&b, "far")["status"], "fail");
    assert_eq!(criterion(&b, "walls")["status"], "skipped");
    assert_eq!(b["points"], 1.0);

    // carol (NQC, full power for 3 s): reaches the box, then hits the east wall.
    let c = by_run(&runs, "carol/drive/seed0");
    if nqc_available() {
        assert_eq!(c["status"], "ok", "{c}");
        assert_eq!(criterion(&c, "far")["status"], "pass");
        assert_eq!(criterion(&c, "walls")["status"], "fail");
        assert!(
            criterion(&c, "walls")["actual"]["first_contact_s"]
                .as_f64()
                .unwrap()
                > 1.0
        );
    } else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI must have nqc"
        );
        println!("nqc is not installed: carol's NQC source must fail to load");
        assert_eq!(c["status"], "load_failed");
        assert!(c["error"]
            .as_str()
            .unwrap()
            .contains("NQC is not installed"));
    }

    // Broken, missing, empty, garbage and doubled programs: load_failed with the message,
    // every criterion failed, and the batch went on.
    for (pupil, says) in [
        ("dana", "frobnicate"),
        ("erin", "no program in the folder"),
        ("frank", "empty"),
        ("gina", "neither an NQC .rcx image"),
        ("hal", "more than one entry"),
    ] {
        let r = by_run(&runs, &format!("{pupil}/drive/seed0"));
        assert_eq!(r["status"], "load_failed", "{pupil}");
        assert!(
            r["error"].as_str().unwrap().contains(says),
            "{pupil}: {}",
            r["error"]
        );
        assert_eq!(r["points"], 0.0);
        assert!(r["criteria"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["status"] == "fail"));
    }
    // ivan never ends: graded at the scenario's simulated end.
    let i = by_run(&runs, "ivan/drive/seed0");
    assert_eq!(i["status"], "ok");
    assert!(
        i["path"].as_array().unwrap().len() == 31,
        "3 s at 100 ms, 0 s included"
    );

    // grades.csv: a line per pupil, scenario columns sorted, points averaged over seeds.
    let csv = std::fs::read_to_string(out.join("grades.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "student,points,max_points,drive,quiet");
    assert_eq!(lines[1], "alice,11,11,8,3");
    assert!(lines.contains(&"dana,0,11,0,0"), "{csv}");
    assert_eq!(lines.len(), 10);

    // junit.xml: a suite per pupil, a case per scenario × criterion.
    let junit = std::fs::read_to_string(out.join("junit.xml")).unwrap();
    assert_eq!(junit.matches("<testsuite ").count(), 9);
    assert_eq!(junit.matches("<testcase ").count(), 9 * 7);
    assert!(junit.contains("classname=\"bob\" name=\"drive/far\""));
    assert!(!junit.contains("<error"), "no failures of ours");
    assert!(
        junit.contains("the program did not load: dana/prog.lasm:2:2"),
        "a load failure says why in junit.xml"
    );

    // Gradescope: one results.json per pupil.
    let gs: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(out.join("gradescope/alice/results.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(gs["score"], 11.0);
    assert_eq!(gs["tests"].as_array().unwrap().len(), 7);

    // report.html: self-contained, the class table, a drawing per run, the errors.
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(
        !html.contains("http://") || !html.contains("src=\"http"),
        "no network"
    );
    assert!(!html.contains("<script"));
    assert_eq!(html.matches("<svg").count(), 27);
    assert!(html.contains("frobnicate"));
    assert!(html.contains("href=\"#p-alice\""));
}

#[test]
fn outputs_are_the_same_for_any_job_count_and_any_sharding_apart_from_wall_s() {
    let one = temp("jobs1");
    assert_eq!(grade(&one, "1").status.code(), Some(0));
    let three = temp("jobs3");
    assert_eq!(grade(&three, "3").status.code(), Some(0));
    // Three shards, each index given another way, then merged.
    let shards = temp("shards");
    let s = |k: usize| shards.join(format!("s{k}.jsonl"));
    let base = |k: usize| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_lurobotsim"));
        c.args([
            "grade",
            "run",
            ASSIGNMENT,
            "--programs",
            PROGRAMS,
            "--shards",
            "3",
        ])
        .args(["--out-jsonl", s(k).to_str().unwrap()])
        .env_remove("LUROBOTSIM_SHARD_INDEX")
        .env_remove("JOB_COMPLETION_INDEX")
        .env_remove("AWS_BATCH_JOB_ARRAY_INDEX")
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("CI_NODE_INDEX");
        c
    };
    let o = base(0).args(["--shard", "1/3"]).output().unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = base(1).args(["--shard-index", "1"]).output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    let o = base(2)
        .arg("--shard-from-env")
        .env("SLURM_ARRAY_TASK_ID", "2")
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let merged = temp("merged");
    let o = merge(ASSIGNMENT, PROGRAMS, &[s(2), s(0), s(1)], &merged);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let reference = runs_without_wall(&one.join("runs.jsonl"));
    assert_eq!(runs_without_wall(&three.join("runs.jsonl")), reference);
    assert_eq!(runs_without_wall(&merged.join("runs.jsonl")), reference);
    for f in [
        "grades.csv",
        "junit.xml",
        "report.html",
        "gradescope/bob/results.json",
    ] {
        let a = std::fs::read(one.join(f)).unwrap();
        assert_eq!(
            std::fs::read(three.join(f)).unwrap(),
            a,
            "{f} with --jobs 3"
        );
        assert_eq!(std::fs::read(merged.join(f)).unwrap(), a, "{f} merged");
    }
}

#[test]
fn merge_of_a_missing_or_doubled_shard_exits_5_and_names_it() {
    let dir = temp("gaps");
    let s = |k: usize| dir.join(format!("s{k}.jsonl"));
    for k in 0..2 {
        let o = lurobotsim(&[
            "grade",
            "run",
            ASSIGNMENT,
            "--programs",
            PROGRAMS,
            "--shards",
            "3",
            "--shard-index",
            &k.to_string(),
            "--out-jsonl",
            s(k).to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0));
    }
    let out = dir.join("out");
    let o = merge(ASSIGNMENT, PROGRAMS, &[s(0), s(1)], &out);
    assert_eq!(o.status.code(), Some(5));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("shard 2 of 3") && err.contains("--shard 3/3"),
        "{err}"
    );
    assert!(
        err.contains("run alice/drive/seed1 is missing") || err.contains("is missing"),
        "{err}"
    );
    assert!(!out.join("runs.jsonl").exists(), "nothing written");
    let o = merge(ASSIGNMENT, PROGRAMS, &[s(0), s(1), s(1)], &out);
    assert_eq!(o.status.code(), Some(5));
    assert!(String::from_utf8_lossy(&o.stderr).contains("both are shard 1"));
    // Shards of another assignment or other programs do not mix.
    let o = merge("tests/data/grade/line.toml", PROGRAMS, &[s(0), s(1)], &out);
    assert_eq!(o.status.code(), Some(5));
    assert!(String::from_utf8_lossy(&o.stderr).contains("graded another assignment"));
    let o = merge(
        ASSIGNMENT,
        "tests/data/grade/line-programs",
        &[s(0), s(1)],
        &out,
    );
    assert_eq!(o.status.code(), Some(5));
    assert!(String::from_utf8_lossy(&o.stderr).contains("graded other programs"));
    assert!(!out.join("runs.jsonl").exists(), "nothing written");
}

#[test]
fn shard_flags_that_disagree_or_are_out_of_range_exit_1() {
    let f = temp("flags").join("s.jsonl");
    for args in [
        vec!["--shard", "4/3"],
        vec!["--shard", "1/4"],
        vec!["--shard-index", "3"],
        vec!["--shard", "1/3", "--shard-index", "0"],
        vec![],
    ] {
        let mut all = vec![
            "grade",
            "run",
            ASSIGNMENT,
            "--programs",
            PROGRAMS,
            "--shards",
            "3",
            "--out-jsonl",
            f.to_str().unwrap(),
        ];
        all.extend(args.iter().copied());
        let o = lurobotsim(&all);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(!f.exists(), "{args:?} wrote a file");
    }
}

/// Writes an assignment with `criterion` as its only criterion and grades an empty class.
fn wrong_assignment(criterion: &str) -> String {
    let dir = temp("wrong");
    std::fs::create_dir_all(dir.join("p")).unwrap();
    let file = dir.join("a.toml");
    std::fs::write(
        &file,
        format!(
            "[assignment]\nname = \"x\"\n\n[[scenario]]\nid = \"s\"\nrobot = \"M4\"\nenvironment = \"E1\"\n\n{criterion}\n"
        ),
    )
    .unwrap();
    let o = lurobotsim(&[
        "grade",
        file.to_str().unwrap(),
        "--programs",
        dir.join("p").to_str().unwrap(),
        "--out",
        dir.join("out").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{criterion}");
    assert!(
        !dir.join("out").join("runs.jsonl").exists(),
        "no run before the check"
    );
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn a_wrong_assignment_exits_1_naming_file_and_line_before_any_run() {
    let e = wrong_assignment("[[scenario.criterion]]\nid = \"c\"\nkind = \"teleport\"");
    assert!(
        e.contains("a.toml:11:") && e.contains("unknown kind \"teleport\""),
        "{e}"
    );
    let e = wrong_assignment(
        "[[scenario.criterion]]\nid = \"c\"\nkind = \"reach\"\nregion = { rect = [1.0, 0.0, 0.5, 1.0] }",
    );
    assert!(e.contains("a.toml:12:") && e.contains("x0 ≤ x1"), "{e}");
    let e = wrong_assignment(
        "[[scenario.criterion]]\nid = \"c\"\nkind = \"no_fault\"\n[[scenario.criterion]]\nid = \"c\"\nkind = \"no_contact\"",
    );
    assert!(e.contains("a.toml:13:") && e.contains("used twice"), "{e}");
    let e = wrong_assignment(
        "[[scenario]]\nid = \"t\"\nrobot = \"robots/nope.toml\"\nenvironment = \"E1\"",
    );
    assert!(e.contains("a.toml:11:") && e.contains("nope.toml"), "{e}");
    let e = wrong_assignment(
        "[[scenario.criterion]]\nid = \"c\"\nkind = \"line\"\nmax_m = 0.05\nfor_fraction = 0.5",
    );
    assert!(e.contains("has no [[line]]"), "{e}");
}

#[test]
fn huge_files_and_links_out_of_the_programs_folder_are_that_pupils_load_failed() {
    let dir = temp("hostile");
    let programs = dir.join("p");
    std::fs::create_dir_all(&programs).unwrap();
    std::fs::write(programs.join("big.lasm"), vec![b';'; (1 << 20) + 1]).unwrap();
    let outside = dir.join("secret.lasm");
    std::fs::copy(format!("{PROGRAMS}/alice.lasm"), &outside).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(&outside, programs.join("sly.lasm")).unwrap();
    std::fs::copy(format!("{PROGRAMS}/alice.lasm"), programs.join("ok.lasm")).unwrap();
    let out = dir.join("out");
    let o = lurobotsim(&[
        "grade",
        ASSIGNMENT,
        "--programs",
        programs.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--jobs",
        "1",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let runs = runs_without_wall(&out.join("runs.jsonl"));
    let big = by_run(&runs, "big/drive/seed0");
    assert_eq!(big["status"], "load_failed");
    assert!(big["error"].as_str().unwrap().contains("at most 1048576"));
    #[cfg(unix)]
    {
        let sly = by_run(&runs, "sly/drive/seed0");
        assert_eq!(sly["status"], "load_failed");
        assert!(sly["error"].as_str().unwrap().contains("not followed"));
    }
    assert_eq!(by_run(&runs, "ok/drive/seed0")["points"], 8.0);
}

#[test]
fn the_line_visit_path_display_and_range_kinds_pass_and_fail_where_the_run_says() {
    let out = temp("line");
    let o = lurobotsim(&[
        "grade",
        "tests/data/grade/line.toml",
        "--programs",
        "tests/data/grade/line-programs",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let runs = runs_without_wall(&out.join("runs.jsonl"));
    let f = by_run(&runs, "follower/lap/seed0");
    for id in ["on-line", "corners", "driven", "lcd", "timer"] {
        assert_eq!(criterion(&f, id)["status"], "pass", "{id}: {f}");
    }
    let line = criterion(&f, "on-line")["actual"].clone();
    assert!(line["fraction"].as_f64().unwrap() >= 0.8, "{line}");
    let visits = criterion(&f, "corners")["actual"]["at_s"].clone();
    assert!(visits[0].as_f64().unwrap() < visits[1].as_f64().unwrap());
    // Straight across the line and on: off the line, one corner of two, too short a path;
    // its variable 0 is 42, inside min = 0.
    let s = by_run(&runs, "straight/lap/seed0");
    assert_eq!(criterion(&s, "on-line")["status"], "fail");
    assert_eq!(criterion(&s, "corners")["actual"]["visited"], 1);
    assert_eq!(criterion(&s, "driven")["status"], "fail");
    assert_eq!(criterion(&s, "timer")["actual"], 42);
    assert_eq!(criterion(&s, "timer")["status"], "pass");
}

#[test]
fn a_killed_shard_leaves_no_file_that_merge_could_take_for_a_result() {
    let dir = temp("killed");
    let file = dir.join("long.toml");
    std::fs::write(
        &file,
        "[assignment]\nname = \"long\"\n[[scenario]]\nid = \"s\"\nrobot = \"M4\"\nenvironment = \"E1\"\nseconds = 3600\n",
    )
    .unwrap();
    let shard = dir.join("s0.jsonl");
    let mut child = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args([
            "grade",
            "run",
            file.to_str().unwrap(),
            "--programs",
            PROGRAMS,
        ])
        .args(["--shards", "1", "--shard-index", "0", "--jobs", "1"])
        .args(["--out-jsonl", shard.to_str().unwrap()])
        .spawn()
        .unwrap();
    // Wait until the shard has begun writing (its temporary file exists), then kill it.
    let started = std::time::Instant::now();
    while std::fs::read_dir(&dir).unwrap().count() < 2 && started.elapsed().as_secs() < 60 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!shard.exists(), "a killed shard left {}", shard.display());
}

#[test]
fn a_scenarios_battery_reaches_its_runs_and_a_bad_one_is_refused_at_its_line() {
    let dir = temp("battery");
    std::fs::create_dir_all(dir.join("p")).unwrap();
    std::fs::copy(format!("{PROGRAMS}/alice.lasm"), dir.join("p/alice.lasm")).unwrap();
    let write = |battery: &str| {
        let file = dir.join("a.toml");
        std::fs::write(
            &file,
            format!(
                "[assignment]\nname = \"b\"\nrealism = \"rcx\"\nseconds = 2\n[[scenario]]\nid = \"s\"\nrobot = \"M4\"\nenvironment = \"E1\"\n{battery}\n[[scenario.criterion]]\nid = \"d\"\nkind = \"displacement\"\nmin_m = 0.0\n"
            ),
        )
        .unwrap();
        file
    };
    let distance = |battery: &str| {
        let file = write(battery);
        let out = dir.join("out");
        let o = lurobotsim(&[
            "grade",
            file.to_str().unwrap(),
            "--programs",
            dir.join("p").to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let runs = runs_without_wall(&out.join("runs.jsonl"));
        criterion(&runs[0], "d")["actual"].as_f64().unwrap()
    };
    let fresh = distance("battery_v = \"alkaline\"");
    let worn = distance("battery_v = 6.75");
    assert!(
        worn < fresh - 0.05,
        "worn cells drive less far: {worn} against {fresh}"
    );
    let file = write("battery_v = 13");
    let o = lurobotsim(&[
        "grade",
        file.to_str().unwrap(),
        "--programs",
        dir.join("p").to_str().unwrap(),
        "--out",
        dir.join("out2").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("a.toml:9:") && e.contains("battery_v"), "{e}");
}

/// `grade check` says what is unfair in a challenge, with the file's lines, and exits 3;
/// a fair one exits 0 (issue 41).
#[test]
fn grade_check_names_what_is_unfair_and_exits_3() {
    let out = lurobotsim(&[
        "grade",
        "check",
        "tests/data/challenges/unfair.toml",
        "--jobs",
        "2",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{text}");
    assert!(
        text.contains("✖ a program that does nothing scores 2 of 4: criterion home (line 22)"),
        "{text}"
    );
    assert!(text.contains("fails with 1.9 s (-5 %)"), "{text}");
    let fair = lurobotsim(&[
        "grade",
        "check",
        "assets/challenges/there-and-back.toml",
        "--lang",
        "de",
    ]);
    let text = String::from_utf8_lossy(&fair.stdout);
    assert_eq!(fair.status.code(), Some(0), "{text}");
    assert!(text.contains("Zeile"), "{text}");
    let missing = lurobotsim(&[
        "grade",
        "check",
        "tests/data/challenges/unfair.toml",
        "--solution",
        "nowhere.lasm",
    ]);
    assert_eq!(missing.status.code(), Some(1));
}

//! `lurobotsim grade` sharded as a cluster runs it (grading.md, docs/grading.md): a class
//! graded as three shards — by three plain processes with each way of giving the index, and
//! by a real one-node Slurm job array (scripts/slurm-cluster) — and merged, equals the same
//! class graded by one process: runs.jsonl apart from `wall_s`, grades.csv and junit.xml byte
//! for byte. A merge with a shard missing exits 5 and names what is missing.
//!
//! The Slurm test needs root and Debian's slurmctld, slurmd, slurm-client and munge (.ci/run
//! installs them); without them it skips with a printed reason, except when CI is "true",
//! where it fails.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_lurobotsim");
const SLURM_CLUSTER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/slurm-cluster");

/// Where a shard index could come from besides the test's own choice (grading.md's
/// `--shard-from-env` order): cleared from every child so a CI runner's own never leaks in.
const INDEX_VARS: [&str; 5] = [
    "LUROBOTSIM_SHARD_INDEX",
    "JOB_COMPLETION_INDEX",
    "AWS_BATCH_JOB_ARRAY_INDEX",
    "SLURM_ARRAY_TASK_ID",
    "CI_NODE_INDEX",
];

/// Two short scenarios on M4 in E1 (2 s, and 1 s with two seeds): 3 simulated seconds per
/// pupil whose program loads.
const ASSIGNMENT: &str = r#"[assignment]
name = "Cluster test: drive forward"
seconds = 2
realism = "original"

[[scenario]]
id = "straight"
robot = "M4"
environment = "E1"

  [[scenario.criterion]]
  id = "runs"
  kind = "no_fault"
  points = 1

  [[scenario.criterion]]
  id = "far"
  kind = "displacement"
  min_m = 0.8
  max_m = 3.0
  points = 2

[[scenario]]
id = "nudge"
robot = "M4"
environment = "E1"
seconds = 1
seeds = [0, 1]

  [[scenario.criterion]]
  id = "moved"
  kind = "path_length"
  min_m = 0.4
  max_m = 3.0
  points = 1
"#;

/// Forward on A and C at ROBOLAB level `level` for `centis` hundredths of a second, then stop.
fn forward(level: u8, centis: u32) -> String {
    format!(
        "task 0\n\tset 0,47,2,{level}\n\tmulv 47,2,20\n\tset 5,0,0,47\n\tset 5,2,0,47\n\
         \tout 2,5\n\twait 2,{centis}\n\tout 1,5\nendt\n"
    )
}

const PUPILS: [&str; 5] = ["alice", "bob", "carol", "dan", "erin"];
const SCENARIO_SEEDS: [(&str, &[u32]); 2] = [("straight", &[0]), ("nudge", &[0, 1])];

/// A fresh folder for one test's class, shards and outputs.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lurobotsim-grade-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The class: alice drives 2 s (full marks on `straight`), bob only 0.5 s (too short), carol's
/// file does not assemble, dan's is empty, erin's program is in a folder of her own.
/// Returns (assignment, programs folder).
fn make_class(dir: &Path) -> (PathBuf, PathBuf) {
    let assignment = dir.join("assignment.toml");
    std::fs::write(&assignment, ASSIGNMENT).unwrap();
    let programs = dir.join("programs");
    std::fs::create_dir_all(programs.join("erin")).unwrap();
    std::fs::write(programs.join("alice.lasm"), forward(5, 200)).unwrap();
    std::fs::write(programs.join("bob.lasm"), forward(5, 50)).unwrap();
    std::fs::write(
        programs.join("carol.lasm"),
        "task 0\n\tout 2,5\n\tdrive 2,5\n\twait 2,100\nendt\n",
    )
    .unwrap();
    std::fs::write(programs.join("dan.lasm"), "").unwrap();
    std::fs::write(programs.join("erin").join("drive.lasm"), forward(3, 200)).unwrap();
    (assignment, programs)
}

/// The run ids of the plan, in the contract's order (by id).
fn plan() -> Vec<String> {
    let mut ids: Vec<String> = PUPILS
        .iter()
        .flat_map(|p| {
            SCENARIO_SEEDS.iter().flat_map(move |(s, seeds)| {
                seeds.iter().map(move |seed| format!("{p}/{s}/seed{seed}"))
            })
        })
        .collect();
    ids.sort();
    ids
}

fn lurobotsim(args: &[&str]) -> Command {
    let mut cmd = Command::new(BIN);
    cmd.args(args);
    for v in INDEX_VARS {
        cmd.env_remove(v);
    }
    cmd
}

fn output(mut cmd: Command) -> Output {
    cmd.stdin(Stdio::null()).output().unwrap()
}

fn text(out: &Output) -> String {
    format!(
        "exit {:?}\nstdout:\n{}\nstderr:\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Asserts exit 0 and, as the contract says for success, nothing on stderr.
fn succeeds(cmd: Command, what: &str) {
    let out = output(cmd);
    assert!(out.status.success(), "{what} failed: {}", text(&out));
    assert!(
        out.stderr.is_empty(),
        "{what} wrote to stderr on success: {}",
        text(&out)
    );
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `grade` in one process (two jobs) into `out`.
fn grade_in_one_process(assignment: &Path, programs: &Path, out: &Path) {
    succeeds(
        lurobotsim(&[
            "grade",
            s(assignment),
            "--programs",
            s(programs),
            "--out",
            s(out),
            "--jobs",
            "2",
        ]),
        "grade in one process",
    );
}

/// `grade merge` of `shards` into `out`.
fn merge(assignment: &Path, programs: &Path, shards: &[PathBuf], out: &Path) -> Output {
    let mut args = vec!["grade", "merge", s(assignment), "--programs", s(programs)];
    args.extend(shards.iter().map(|p| s(p)));
    args.extend(["--out", s(out)]);
    output(lurobotsim(&args))
}

/// runs.jsonl as JSON values, each without `wall_s` (the one field allowed to differ).
fn runs_without_wall_s(out: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(out.join("runs.jsonl")).unwrap();
    text.lines()
        .map(|line| {
            let mut v: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("runs.jsonl line is not JSON ({e}): {line}"));
            v.as_object_mut()
                .unwrap_or_else(|| panic!("runs.jsonl line is not an object: {line}"))
                .remove("wall_s");
            v
        })
        .collect()
}

/// `xml` without any `time="…"` attribute (JUnit's wall time, if the report carries one).
fn without_time_attributes(xml: &str) -> String {
    let mut rest = xml;
    let mut kept = String::with_capacity(xml.len());
    while let Some(at) = rest.find(" time=\"") {
        kept.push_str(&rest[..at]);
        let after = &rest[at + " time=\"".len()..];
        rest = match after.find('"') {
            Some(end) => &after[end + 1..],
            None => "",
        };
    }
    kept.push_str(rest);
    kept
}

/// The names of every file under `dir`, relative to it, sorted.
fn files_under(dir: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, into: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, into);
            } else {
                into.push(p.strip_prefix(root).unwrap().display().to_string());
            }
        }
    }
    let mut v = Vec::new();
    walk(dir, dir, &mut v);
    v.sort();
    v
}

/// `merged` holds what `one` holds: the same files, the same runs apart from `wall_s`, and
/// grades.csv and junit.xml byte for byte (junit without time attributes).
fn assert_same_grading(one: &Path, merged: &Path, what: &str) {
    assert_eq!(
        files_under(one),
        files_under(merged),
        "{what}: not the same output files as one process"
    );
    assert_eq!(
        runs_without_wall_s(one),
        runs_without_wall_s(merged),
        "{what}: runs.jsonl differs from one process's (apart from wall_s)"
    );
    assert_eq!(
        std::fs::read(one.join("grades.csv")).unwrap(),
        std::fs::read(merged.join("grades.csv")).unwrap(),
        "{what}: grades.csv differs from one process's"
    );
    assert_eq!(
        without_time_attributes(&std::fs::read_to_string(one.join("junit.xml")).unwrap()),
        without_time_attributes(&std::fs::read_to_string(merged.join("junit.xml")).unwrap()),
        "{what}: junit.xml differs from one process's (apart from time attributes)"
    );
}

/// The one-process grading is the class's, not an empty or wrong one that merges would
/// equal trivially: every run of the plan once and in order, the broken and empty files
/// `load_failed` with a message, alice's 2 s drive full marks and bob's 0.5 s not.
fn assert_class_graded(one: &Path) {
    let runs = runs_without_wall_s(one);
    let ids: Vec<&str> = runs.iter().map(|r| r["run"].as_str().unwrap()).collect();
    assert_eq!(ids, plan(), "runs.jsonl is the plan, ordered by run id");
    for r in &runs {
        let pupil = r["student"].as_str().unwrap();
        let status = r["status"].as_str().unwrap();
        if pupil == "carol" || pupil == "dan" {
            assert_eq!(status, "load_failed", "{r}");
            assert!(!r["error"].as_str().unwrap_or("").is_empty(), "{r}");
            assert_eq!(r["points"].as_f64(), Some(0.0), "{r}");
        } else {
            assert_eq!(status, "ok", "{r}");
        }
    }
    let straight = |pupil: &str| {
        runs.iter()
            .find(|r| r["run"] == format!("{pupil}/straight/seed0").as_str())
            .unwrap()
            .clone()
    };
    let (alice, bob) = (straight("alice"), straight("bob"));
    assert_eq!(alice["points"].as_f64(), Some(3.0), "{alice}");
    assert_eq!(alice["max_points"].as_f64(), Some(3.0), "{alice}");
    assert!(bob["points"].as_f64().unwrap() < 3.0, "{bob}");
}

/// Without shard `missing` of 3, merge exits 5 and names at least one run of that shard.
fn assert_merge_refuses_a_missing_shard(
    assignment: &Path,
    programs: &Path,
    shards: &[PathBuf],
    missing: usize,
    out: &Path,
) {
    let partial: Vec<PathBuf> = shards
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != missing)
        .map(|(_, p)| p.clone())
        .collect();
    let res = merge(assignment, programs, &partial, out);
    assert_eq!(
        res.status.code(),
        Some(5),
        "merge with shard {missing} missing: {}",
        text(&res)
    );
    let said = text(&res);
    let lost: Vec<String> = plan()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % 3 == missing)
        .map(|(_, id)| id)
        .collect();
    assert!(
        lost.iter().any(|id| said.contains(id.as_str())),
        "merge does not name a missing run (one of {lost:?}): {said}"
    );
}

#[test]
fn three_shards_in_plain_processes_merge_to_what_one_process_grades() {
    let dir = scratch("plain");
    let (assignment, programs) = make_class(&dir);
    let one = dir.join("one");
    grade_in_one_process(&assignment, &programs, &one);
    assert_class_graded(&one);

    // The same index three ways: --shard K/N (1-based), --shard-index I and
    // --shard-from-env with LUROBOTSIM_SHARD_INDEX (both 0-based).
    for way in ["slash", "index", "env"] {
        let shards: Vec<PathBuf> = (0..3)
            .map(|i| dir.join(format!("{way}-shard-{i}.jsonl")))
            .collect();
        for (i, shard) in shards.iter().enumerate() {
            let k = format!("{}/3", i + 1);
            let index = i.to_string();
            let mut args = vec![
                "grade",
                "run",
                s(&assignment),
                "--programs",
                s(&programs),
                "--shards",
                "3",
            ];
            match way {
                "slash" => args.extend(["--shard", k.as_str()]),
                "index" => args.extend(["--shard-index", index.as_str()]),
                _ => args.push("--shard-from-env"),
            }
            args.extend(["--out-jsonl", s(shard), "--jobs", "1"]);
            let mut cmd = lurobotsim(&args);
            if way == "env" {
                cmd.env("LUROBOTSIM_SHARD_INDEX", &index);
            }
            succeeds(cmd, &format!("grade run, shard {i} by {way}"));
            assert!(shard.is_file(), "shard {i} by {way} wrote no file");
        }
        let merged = dir.join(format!("merged-{way}"));
        let res = merge(&assignment, &programs, &shards, &merged);
        assert!(res.status.success(), "merge by {way}: {}", text(&res));
        assert_same_grading(&one, &merged, &format!("3 shards by {way}"));
        if way == "slash" {
            assert_merge_refuses_a_missing_shard(
                &assignment,
                &programs,
                &shards,
                1,
                &dir.join("merged-missing"),
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

const SLURM_TOOLS: [&str; 6] = [
    "slurmctld",
    "slurmd",
    "sbatch",
    "scontrol",
    "sinfo",
    "munged",
];

/// Why the Slurm test cannot run here, if it cannot.
fn slurm_unavailable() -> Option<String> {
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    if !root {
        return Some("not root (slurmd runs the jobs as root)".into());
    }
    let path = std::env::var("PATH").unwrap_or_default();
    let dirs: Vec<PathBuf> = std::env::split_paths(&path)
        .chain(["/usr/sbin", "/sbin"].map(PathBuf::from))
        .collect();
    let missing: Vec<&str> = SLURM_TOOLS
        .into_iter()
        .filter(|t| !dirs.iter().any(|d| d.join(t).is_file()))
        .collect();
    if !missing.is_empty() {
        return Some(format!(
            "{} not installed (apt-get install slurmctld slurmd slurm-client munge)",
            missing.join(", ")
        ));
    }
    None
}

/// A one-node cluster started by scripts/slurm-cluster; stopped when dropped, whatever
/// happened (the script stops whatever a half-done start left).
struct Cluster {
    dir: PathBuf,
}

impl Cluster {
    fn start(dir: PathBuf) -> Cluster {
        let cluster = Cluster { dir };
        let out = Command::new(SLURM_CLUSTER)
            .arg("start")
            .arg(&cluster.dir)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "scripts/slurm-cluster start: {}",
            text(&out)
        );
        cluster
    }

    fn conf(&self) -> PathBuf {
        self.dir.join("slurm.conf")
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let stopped = Command::new(SLURM_CLUSTER)
            .arg("stop")
            .arg(&self.dir)
            .stdin(Stdio::null())
            .status();
        if !stopped.as_ref().is_ok_and(|s| s.success()) {
            eprintln!(
                "scripts/slurm-cluster stop {} failed: {stopped:?}",
                self.dir.display()
            );
        }
    }
}

/// Runs `cmd` to its end or kills it after `limit`; None when it was killed.
fn output_within(mut cmd: Command, limit: Duration) -> Option<Output> {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return Some(child.wait_with_output().unwrap());
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_slurm_job_array_of_three_shards_merges_to_what_one_process_grades() {
    if let Some(why) = slurm_unavailable() {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("CI must run the Slurm test, but {why}");
        }
        println!("skipped: {why}");
        return;
    }
    let dir = scratch("slurm");
    let (assignment, programs) = make_class(&dir);
    let shard_dir = dir.join("shards");
    std::fs::create_dir_all(&shard_dir).unwrap();
    let job = dir.join("grade-shard.sh");
    std::fs::write(
        &job,
        format!(
            "#!/bin/sh\nexec '{BIN}' grade run '{}' --programs '{}' --shards 3 --shard-from-env \
             --out-jsonl '{}'/shard-\"$SLURM_ARRAY_TASK_ID\".jsonl --jobs 1\n",
            s(&assignment),
            s(&programs),
            s(&shard_dir)
        ),
    )
    .unwrap();

    let cluster = Cluster::start(dir.join("cluster"));
    // The job inherits this environment (sbatch --export=ALL): no other index may leak in.
    let mut sbatch = Command::new("sbatch");
    sbatch
        .env("SLURM_CONF", cluster.conf())
        .arg("--wait")
        .arg("--array=0-2")
        .arg("--job-name=lurobotsim-grade")
        .arg(format!("--chdir={}", s(&dir)))
        .arg(format!("--output={}/slurm-%a.out", s(&dir)))
        .arg(&job);
    for v in INDEX_VARS {
        sbatch.env_remove(v);
    }
    let logs = || {
        (0..3)
            .map(|i| {
                let p = dir.join(format!("slurm-{i}.out"));
                format!(
                    "--- {}\n{}",
                    p.display(),
                    std::fs::read_to_string(&p).unwrap_or_default()
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let Some(res) = output_within(sbatch, Duration::from_secs(300)) else {
        panic!("sbatch --wait did not return within 300 s\n{}", logs());
    };
    assert!(
        res.status.success(),
        "the job array failed: {}\n{}",
        text(&res),
        logs()
    );
    drop(cluster);

    let shards: Vec<PathBuf> = (0..3)
        .map(|i| shard_dir.join(format!("shard-{i}.jsonl")))
        .collect();
    for shard in &shards {
        assert!(
            shard.is_file(),
            "{} is missing\n{}",
            shard.display(),
            logs()
        );
    }
    let merged = dir.join("merged");
    let res = merge(&assignment, &programs, &shards, &merged);
    assert!(res.status.success(), "merge: {}", text(&res));
    let one = dir.join("one");
    grade_in_one_process(&assignment, &programs, &one);
    assert_class_graded(&one);
    assert_same_grading(&one, &merged, "a Slurm array of 3 shards");
    assert_merge_refuses_a_missing_shard(
        &assignment,
        &programs,
        &shards,
        2,
        &dir.join("merged-missing"),
    );
    let _ = std::fs::remove_dir_all(&dir);
}

//! Grading a class (docs/grading.md): every pupil's program in every scenario of an
//! assignment, each criterion checked on every tick, results streamed to `runs.jsonl` in
//! run order and the teacher's reports made from that file. A frontend over the core: it
//! reads files, runs NQC, uses threads and times runs (`wall_s`); each run itself is a
//! [`crate::sim::scenario::Scenario`] through the one run loop, so a run graded here is
//! the run `lurobotsim run` makes of the same program.
//!
//! - the assignment file, checked before any run (`FILE:LINE`), is the core's
//!   [`crate::sim::assignment`], beside the goal it makes.
//! - [`class`]: the programs folder, one entry per pupil.
//! - [`criteria`]: the robot's path for the report (the criteria are the goal's).
//! - [`merge`]: shard files of one batch into its runs.jsonl and reports.
//! - [`report`]: grades.csv, junit.xml, Gradescope's results.json, report.html.
//! - this module: the plan (runs ordered by id), one run, J runs at once, shards.

pub mod check;
pub mod class;
pub mod criteria;
pub mod job;
pub mod merge;
pub mod report;
mod run;
pub mod zip;

use crate::sim::assignment::{self, Assignment};
use crate::sim::goal::CriterionResult;
use class::Pupil;
pub use run::RunGrader;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::atomic::{AtomicUsize, Ordering};

/// One run of the plan: a pupil, a scenario, a seed.
#[derive(Clone, Copy, Debug)]
pub struct RunRef {
    pub pupil: usize,
    pub scenario: usize,
    pub seed: u64,
}

/// Everything a batch runs: the assignment, the pupils and the runs in id order.
pub struct Plan {
    pub assignment: Assignment,
    pub pupils: Vec<Pupil>,
    pub runs: Vec<RunRef>,
    /// A digest of every pupil's entry (names and bytes).
    pub programs_digest: String,
}

impl Plan {
    /// Runs ordered by (pupil, scenario, seed): pupil ids and scenario ids as text, seeds
    /// as numbers.
    pub fn new(assignment: Assignment, pupils: Vec<Pupil>) -> Plan {
        let mut order: Vec<usize> = (0..assignment.scenarios.len()).collect();
        order.sort_by(|&a, &b| assignment.scenarios[a].id.cmp(&assignment.scenarios[b].id));
        let mut runs = Vec::new();
        for pupil in 0..pupils.len() {
            for &scenario in &order {
                let mut seeds = assignment.scenarios[scenario].seeds.clone();
                seeds.sort_unstable();
                runs.extend(seeds.into_iter().map(|seed| RunRef {
                    pupil,
                    scenario,
                    seed,
                }));
            }
        }
        let parts: Vec<&[u8]> = pupils
            .iter()
            .flat_map(|p| [p.id.as_bytes(), p.fingerprint.as_slice()])
            .collect();
        Plan {
            programs_digest: assignment::digest(&parts),
            assignment,
            pupils,
            runs,
        }
    }

    /// A run's id: `pupil/scenario/seedN`.
    pub fn id(&self, r: &RunRef) -> String {
        format!(
            "{}/{}/seed{}",
            self.pupils[r.pupil].id, self.assignment.scenarios[r.scenario].id, r.seed
        )
    }
}

/// How a run ended, as `runs.jsonl` writes it (worst last: a pupil's status is the worst
/// of their runs').
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunStatus {
    /// Graded.
    Ok,
    /// The pupil's program could not be loaded: every criterion failed.
    LoadFailed,
    /// Ours: the run could not be graded (retry it).
    Error,
}

impl RunStatus {
    /// As `runs.jsonl` and the reports write it.
    pub fn as_str(self) -> &'static str {
        match self {
            RunStatus::Ok => "ok",
            RunStatus::LoadFailed => "load_failed",
            RunStatus::Error => "error",
        }
    }
}

impl std::fmt::Display for RunStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One line of `runs.jsonl`: a run's result (docs/grading.md "Outputs"). Read back with
/// its assignment ([`RunRecord::read`]): what each criterion observed is its kind's.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RunRecord {
    pub run: String,
    pub student: String,
    pub scenario: String,
    pub seed: u64,
    pub status: RunStatus,
    pub error: Option<String>,
    pub points: f64,
    pub max_points: f64,
    pub criteria: Vec<CriterionResult>,
    /// The `run --json` state's `pose`, `faults` and `display` at the end.
    #[serde(rename = "final")]
    pub final_state: Value,
    /// The brick's (x, z) in mm every 100 ms, for the report's drawing.
    pub path: Vec<[i32; 2]>,
    /// What the run's seed did to the pupil's robot's start, when the scenario varies it
    /// (`vary`; not written otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_offset: Option<assignment::Offset>,
    /// Wall-clock seconds the run took (the only field that differs between reruns).
    pub wall_s: f64,
}

/// A `runs.jsonl` line as written, its criteria's `actual` not yet read as their kinds'.
#[derive(Deserialize)]
struct RunLine {
    run: String,
    student: String,
    scenario: String,
    seed: u64,
    status: RunStatus,
    error: Option<String>,
    points: f64,
    max_points: f64,
    criteria: Vec<ResultLine>,
    #[serde(rename = "final")]
    final_state: Value,
    path: Vec<[i32; 2]>,
    #[serde(default)]
    start_offset: Option<assignment::Offset>,
    wall_s: f64,
}

/// A criterion's result as written.
#[derive(Deserialize)]
struct ResultLine {
    id: String,
    status: crate::sim::goal::CriterionStatus,
    points: f64,
    max_points: f64,
    actual: Value,
    expected: Value,
    #[serde(default)]
    from_s: Option<f64>,
}

impl RunRecord {
    /// A line of `runs.jsonl` of `a`'s runs: each criterion's `actual` read as what its
    /// kind observes (so it is said as a result made now is). Err: why it is not one.
    pub fn read(line: &str, a: &Assignment) -> Result<RunRecord, String> {
        let l: RunLine = serde_json::from_str(line).map_err(|e| e.to_string())?;
        let sc = (a.scenarios.iter())
            .find(|s| s.id == l.scenario)
            .ok_or_else(|| format!("scenario \"{}\" is not the assignment's", l.scenario))?;
        let criteria = (l.criteria.into_iter())
            .map(|c| {
                let of = sc.criteria.iter().find(|x| x.id == c.id).ok_or_else(|| {
                    format!("criterion \"{}\" is not scenario \"{}\"'s", c.id, sc.id)
                })?;
                let actual = crate::sim::goal::Observed::read(&of.check, c.actual)
                    .map_err(|e| format!("criterion \"{}\": {e}", c.id))?;
                Ok(CriterionResult {
                    id: c.id,
                    status: c.status,
                    points: c.points,
                    max_points: c.max_points,
                    actual,
                    expected: c.expected,
                    from_s: c.from_s,
                })
            })
            .collect::<Result<_, String>>()?;
        Ok(RunRecord {
            run: l.run,
            student: l.student,
            scenario: l.scenario,
            seed: l.seed,
            status: l.status,
            error: l.error,
            points: l.points,
            max_points: l.max_points,
            criteria,
            final_state: l.final_state,
            path: l.path,
            start_offset: l.start_offset,
            wall_s: l.wall_s,
        })
    }
}

/// A pupil's points as the reports give them (grades.csv, report.html) and the app's
/// class table and "All seeds": per scenario the mean of its runs' points over the seeds,
/// the total the sum over scenarios, the status the worst of the runs'.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Totals {
    /// Per scenario id: points summed over its runs, and runs counted.
    scenario: std::collections::BTreeMap<String, (f64, usize)>,
    worst: Option<RunStatus>,
}

impl Totals {
    /// Counts one more run.
    pub fn add(&mut self, r: &RunRecord) {
        let e = self.scenario.entry(r.scenario.clone()).or_default();
        e.0 += r.points;
        e.1 += 1;
        self.worst = self.worst.max(Some(r.status));
    }

    /// The points in scenario `id` (the mean over its seeds), if any run of it counted.
    pub fn scenario_points(&self, id: &str) -> Option<f64> {
        self.scenario.get(id).map(|(p, n)| p / (*n).max(1) as f64)
    }

    /// The sum over scenarios.
    pub fn total(&self) -> f64 {
        self.scenario
            .values()
            .map(|(p, n)| p / (*n).max(1) as f64)
            .sum()
    }

    /// The worst of the runs' statuses.
    pub fn status(&self) -> RunStatus {
        self.worst.unwrap_or(RunStatus::Ok)
    }
}

/// Every pupil's [`Totals`] from their runs' records (in any order), by pupil id.
pub fn totals<'a>(
    records: impl IntoIterator<Item = &'a RunRecord>,
) -> std::collections::BTreeMap<String, Totals> {
    let mut out: std::collections::BTreeMap<String, Totals> = Default::default();
    for r in records {
        out.entry(r.student.clone()).or_default().add(r);
    }
    out
}

/// Grades one run whole. Never panics the batch: a panic inside becomes status `error`.
pub fn grade_one(plan: &Plan, r: &RunRef) -> RunRecord {
    let mut g = RunGrader::start(plan, r);
    loop {
        if let Some(record) = g.step(None) {
            return record;
        }
    }
}

impl Plan {
    /// The run `r` as a [`crate::sim::scenario::Scenario`]: the scenario's world, presses,
    /// length and goal, the pupil's program (compiled when NQC), the run's seed and the
    /// assignment's realism — what `grade` runs, and what the app opens when a teacher
    /// clicks the run. Err: why the pupil's program did not load.
    pub fn scenario(&self, r: &RunRef) -> Result<crate::sim::scenario::Scenario, String> {
        let pupil = &self.pupils[r.pupil];
        let sc = &self.assignment.scenarios[r.scenario];
        let file = pupil.program.as_ref().map_err(Clone::clone)?;
        let program = crate::nqc::load_bytes(&file.name, &file.bytes, file.dir.as_deref())
            .map_err(|e| e.to_string())?;
        let path = std::path::PathBuf::from(&file.name);
        crate::sim::scenario::check_startable(&path, &program)?;
        Ok(sc.run_of(self.assignment.realism, r.seed, Some((path, program))))
    }
}

/// Grades `runs` (indices into the plan) with `jobs` threads; `done` gets each record in
/// the order of `runs`, as soon as it and every one before it are graded (so results
/// stream out and memory stays bounded by the runs in flight).
pub fn grade_all(
    plan: &Plan,
    runs: &[usize],
    jobs: usize,
    mut done: impl FnMut(RunRecord) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let jobs = jobs.clamp(1, 256).min(runs.len().max(1));
    let next = AtomicUsize::new(0);
    let (tx, rx) = std::sync::mpsc::channel::<(usize, RunRecord)>();
    std::thread::scope(|s| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let next = &next;
            s.spawn(move || loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&i) = runs.get(k) else { break };
                if tx.send((k, grade_one(plan, &plan.runs[i]))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut waiting = std::collections::BTreeMap::new();
        let mut emitted = 0usize;
        for (k, record) in rx {
            waiting.insert(k, record);
            while let Some(record) = waiting.remove(&emitted) {
                emitted += 1;
                if let Err(e) = done(record) {
                    // Stop the workers: nothing more can be written.
                    next.store(usize::MAX / 2, Ordering::Relaxed);
                    return Err(e);
                }
            }
        }
        Ok(())
    })
}

/// Why [`grade_to_file`] could not write its file.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The file could not be made (a wrong path: the user's).
    #[error("{0}")]
    Create(std::io::Error),
    /// Writing failed on the way (a full disk: ours).
    #[error("{0}")]
    Write(std::io::Error),
}

/// Grades `runs` of the plan into the JSONL file `path`, a shard header first when given:
/// written under a temporary name beside it and renamed when complete, so a killed
/// process leaves nothing a merge could take for a result. `each` sees every record as it
/// is written (progress). Returns the runs that could not be graded (`id: why`).
pub fn grade_to_file(
    plan: &Plan,
    runs: &[usize],
    jobs: usize,
    path: &std::path::Path,
    header: Option<&ShardHeader>,
    each: impl FnMut(&RunRecord),
) -> Result<Vec<String>, WriteError> {
    let never = std::sync::atomic::AtomicBool::new(false);
    grade_to_file_unless(plan, runs, jobs, path, header, &never, each)
}

/// As [`grade_to_file`], stopped when `cancel` is set (checked as each run is written;
/// the runs in flight finish first): then nothing is left behind (the temporary file is
/// removed) and the answer is a `WriteError::Write` of kind `Interrupted`.
fn grade_to_file_unless(
    plan: &Plan,
    runs: &[usize],
    jobs: usize,
    path: &std::path::Path,
    header: Option<&ShardHeader>,
    cancel: &std::sync::atomic::AtomicBool,
    mut each: impl FnMut(&RunRecord),
) -> Result<Vec<String>, WriteError> {
    use std::io::Write as _;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.{}.partial", std::process::id()));
    let file = std::fs::File::create(&tmp).map_err(WriteError::Create)?;
    let mut w = std::io::BufWriter::new(file);
    let mut errors = Vec::new();
    let written = (|| {
        if let Some(h) = header {
            let line = serde_json::to_string(&serde_json::json!({ "shard": h }))
                .map_err(std::io::Error::other)?;
            writeln!(w, "{line}")?;
        }
        grade_all(plan, runs, jobs, |r: RunRecord| {
            if cancel.load(Ordering::Relaxed) {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::Interrupted,
                    "grading was cancelled",
                ));
            }
            if r.status == RunStatus::Error {
                errors.push(format!(
                    "{}: {}",
                    r.run,
                    r.error.clone().unwrap_or_default()
                ));
            }
            each(&r);
            let line = serde_json::to_string(&r).map_err(std::io::Error::other)?;
            writeln!(w, "{line}")
        })?;
        w.flush()?;
        w.get_ref().sync_all()
    })();
    drop(w);
    match written.and_then(|()| std::fs::rename(&tmp, path)) {
        Ok(()) => Ok(errors),
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            Err(WriteError::Write(e))
        }
    }
}

/// The whole batch into the folder `out` (made if needed): every run into
/// `out/runs.jsonl`, then the reports from it. What `grade` does, and the app's Grade
/// window. Returns the runs that could not be graded.
pub fn grade_into_folder(
    plan: &Plan,
    out: &std::path::Path,
    jobs: usize,
    each: impl FnMut(&RunRecord),
) -> Result<Vec<String>, WriteError> {
    let never = std::sync::atomic::AtomicBool::new(false);
    grade_into_folder_unless(plan, out, jobs, &never, each)
}

/// As [`grade_into_folder`], stopped when `cancel` is set (the app's Cancel): the runs in
/// flight finish, then no runs.jsonl and no report is written (the temporary file is
/// removed) and the answer is a `WriteError::Write` of kind `Interrupted`.
pub fn grade_into_folder_unless(
    plan: &Plan,
    out: &std::path::Path,
    jobs: usize,
    cancel: &std::sync::atomic::AtomicBool,
    each: impl FnMut(&RunRecord),
) -> Result<Vec<String>, WriteError> {
    std::fs::create_dir_all(out).map_err(WriteError::Create)?;
    let all: Vec<usize> = (0..plan.runs.len()).collect();
    let path = out.join("runs.jsonl");
    let errors = grade_to_file_unless(plan, &all, jobs, &path, None, cancel, each)?;
    report::write_all(plan, out).map_err(WriteError::Write)?;
    Ok(errors)
}

/// Which runs of `total` a shard takes: i with i mod `count` = `index`.
pub fn shard_runs(total: usize, index: usize, count: usize) -> Vec<usize> {
    (0..total).filter(|i| i % count.max(1) == index).collect()
}

/// The first line of a shard file: what it graded, so merge can refuse a mix.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ShardHeader {
    pub lurobotsim: String,
    pub assignment: String,
    pub assignment_digest: String,
    pub programs_digest: String,
    pub shard_index: usize,
    pub shard_count: usize,
    pub runs: usize,
}

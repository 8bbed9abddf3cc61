//! `lurobotsim grade`, `grade run`, `grade merge` (docs/grading.md). Exit codes: 0 every
//! run graded; 1 the assignment or a flag is wrong; 2 internal; 4 a run could not be
//! graded (retry the shard); 5 merge found gaps. Nothing on stderr on success; a progress
//! line on stdout only when stdout is a terminal.

use super::{CliError, CliResult, GradeArgs, GradeCommand};
use crate::grade::{self, Plan, RunStatus, ShardHeader};
use crate::sim::assignment::Assignment;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::Instant;

/// The environment variables a scheduler sets to a task's index, in the order they are
/// read (`--shard-from-env`), and whether each counts from 1.
pub const SHARD_ENV: [(&str, bool); 5] = [
    ("LUROBOTSIM_SHARD_INDEX", false),
    ("JOB_COMPLETION_INDEX", false),
    ("AWS_BATCH_JOB_ARRAY_INDEX", false),
    ("SLURM_ARRAY_TASK_ID", false),
    ("CI_NODE_INDEX", true),
];

fn user(e: impl std::fmt::Display) -> CliError {
    CliError::User(e.to_string())
}

fn plan(assignment: &Path, programs: &Path) -> Result<Plan, CliError> {
    let a = Assignment::load(assignment).map_err(user)?;
    let pupils = grade::class::pupils(programs).map_err(|e| user(format!("--programs {e}")))?;
    Ok(Plan::new(a, pupils))
}

fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn check_jobs(jobs: Option<usize>) -> Result<Option<usize>, CliError> {
    match jobs {
        Some(0) => Err(user("--jobs 0: at least 1")),
        Some(j) if j > 256 => Err(user(format!("--jobs {j}: at most 256"))),
        j => Ok(j),
    }
}

pub fn run(a: GradeArgs) -> CliResult {
    match a.command {
        Some(GradeCommand::Run(r)) => run_shard(r),
        Some(GradeCommand::Merge(m)) => merge(m),
        Some(GradeCommand::Check(c)) => check(c),
        None => {
            let (Some(assignment), Some(programs), Some(out)) = (a.assignment, a.programs, a.out)
            else {
                return Err(user(
                    "grade ASSIGNMENT.toml --programs DIR --out DIR [--jobs J] (or grade run / grade merge; see --help)",
                ));
            };
            let jobs = check_jobs(a.jobs)?.unwrap_or_else(default_jobs);
            let plan = plan(&assignment, &programs)?;
            let mut progress = Progress::new(plan.runs.len());
            let result = grade::grade_into_folder(&plan, &out, jobs, |r| {
                if let Some(p) = progress.as_mut() {
                    p.done(r.status != RunStatus::Ok);
                }
            });
            if let Some(p) = progress.as_mut() {
                p.end();
            }
            let errors = result.map_err(|e| match e {
                grade::WriteError::Create(e) => user(format!("--out {}: {e}", out.display())),
                grade::WriteError::Write(e) => {
                    CliError::Internal(format!("{}: {e}", out.display()))
                }
            })?;
            failed_runs(errors)
        }
    }
}

/// Exit 4 when runs could not be graded (the outputs are written all the same).
fn failed_runs(errors: Vec<String>) -> CliResult {
    if errors.is_empty() {
        return Ok(());
    }
    let shown: Vec<&str> = errors.iter().take(20).map(String::as_str).collect();
    Err(CliError::Code(
        4,
        format!(
            "{} run(s) could not be graded (retry): {}{}",
            errors.len(),
            shown.join("; "),
            if errors.len() > 20 { "; …" } else { "" }
        ),
    ))
}

/// Grades `runs` of the plan into `path` with a progress line on a terminal. Returns the
/// runs that could not be graded.
fn grade_to(
    plan: &Plan,
    runs: &[usize],
    jobs: usize,
    path: &Path,
    header: Option<&ShardHeader>,
) -> Result<Vec<String>, CliError> {
    let mut progress = Progress::new(runs.len());
    let result = grade::grade_to_file(plan, runs, jobs, path, header, |r| {
        if let Some(p) = progress.as_mut() {
            p.done(r.status != RunStatus::Ok);
        }
    });
    if let Some(p) = progress.as_mut() {
        p.end();
    }
    result.map_err(|e| match e {
        grade::WriteError::Create(e) => user(format!("{}: {e}", path.display())),
        grade::WriteError::Write(e) => CliError::Internal(format!("{}: {e}", path.display())),
    })
}

/// Runs done, failures and time left, on one line of a terminal.
struct Progress {
    total: usize,
    done: usize,
    failed: usize,
    started: Instant,
}

impl Progress {
    fn new(total: usize) -> Option<Progress> {
        std::io::stdout().is_terminal().then(|| Progress {
            total,
            done: 0,
            failed: 0,
            started: Instant::now(),
        })
    }

    fn done(&mut self, failed: bool) {
        self.done += 1;
        self.failed += usize::from(failed);
        let elapsed = self.started.elapsed().as_secs_f64();
        let left = elapsed / self.done as f64 * (self.total - self.done) as f64;
        let width = 30;
        let filled = self.done * width / self.total.max(1);
        let mut out = std::io::stdout();
        let _ = write!(
            out,
            "\r[{}{}] {}/{} runs, {} not ok, {:.0} s left   ",
            "#".repeat(filled),
            " ".repeat(width - filled),
            self.done,
            self.total,
            self.failed,
            left.ceil()
        );
        let _ = out.flush();
    }

    fn end(&mut self) {
        let _ = writeln!(std::io::stdout());
    }
}

/// The shard index: exactly one of `--shard K/N`, `--shard-index I`, `--shard-from-env`.
fn shard_index(r: &super::GradeRunArgs) -> Result<(usize, bool), CliError> {
    let n = r.shards;
    if n == 0 {
        return Err(user("--shards 0: at least 1"));
    }
    let given = [r.shard.is_some(), r.shard_index.is_some(), r.shard_from_env]
        .iter()
        .filter(|b| **b)
        .count();
    if given != 1 {
        return Err(user(
            "give exactly one of --shard K/N, --shard-index I, --shard-from-env",
        ));
    }
    let (index, from_env) = if let Some(s) = &r.shard {
        let (k, count) = s
            .split_once('/')
            .and_then(|(k, c)| {
                Some((
                    k.trim().parse::<usize>().ok()?,
                    c.trim().parse::<usize>().ok()?,
                ))
            })
            .ok_or_else(|| user(format!("--shard {s}: write K/N, K from 1 to N")))?;
        if count != n {
            return Err(user(format!("--shard {s} disagrees with --shards {n}")));
        }
        if k == 0 || k > n {
            return Err(user(format!("--shard {s}: K must be from 1 to {n}")));
        }
        (k - 1, false)
    } else if let Some(i) = r.shard_index {
        (i, false)
    } else {
        let (name, value, one_based) = SHARD_ENV
            .iter()
            .find_map(|(name, one)| std::env::var(name).ok().map(|v| (*name, v, *one)))
            .ok_or_else(|| {
                user(format!(
                    "--shard-from-env: none of {} is set",
                    SHARD_ENV.map(|(n, _)| n).join(", ")
                ))
            })?;
        let v: usize = value
            .trim()
            .parse()
            .map_err(|_| user(format!("{name}={value}: not a shard index")))?;
        if one_based && v == 0 {
            return Err(user(format!("{name}=0: it counts from 1")));
        }
        (if one_based { v - 1 } else { v }, true)
    };
    if index >= n {
        return Err(user(format!(
            "shard index {index} (0-based) is out of range for --shards {n}"
        )));
    }
    Ok((index, from_env))
}

fn run_shard(r: super::GradeRunArgs) -> CliResult {
    let (index, from_env) = shard_index(&r)?;
    let jobs = check_jobs(r.jobs)?.unwrap_or(if from_env { 1 } else { default_jobs() });
    let plan = plan(&r.assignment, &r.programs)?;
    let runs = grade::shard_runs(plan.runs.len(), index, r.shards);
    let header = ShardHeader {
        lurobotsim: env!("CARGO_PKG_VERSION").into(),
        assignment: plan.assignment.name.clone(),
        assignment_digest: plan.assignment.digest.clone(),
        programs_digest: plan.programs_digest.clone(),
        shard_index: index,
        shard_count: r.shards,
        runs: runs.len(),
    };
    if let Some(dir) = r.out_jsonl.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !dir.is_dir() {
            return Err(user(format!(
                "--out-jsonl {}: the folder {} does not exist",
                r.out_jsonl.display(),
                dir.display()
            )));
        }
    }
    let errors = grade_to(&plan, &runs, jobs, &r.out_jsonl, Some(&header))?;
    failed_runs(errors)
}

fn gaps(problems: Vec<String>) -> CliError {
    let n = problems.len();
    let mut text = problems
        .into_iter()
        .take(50)
        .collect::<Vec<_>>()
        .join("\n  ");
    if n > 50 {
        text.push_str(&format!("\n  … and {} more", n - 50));
    }
    CliError::Code(5, format!("merge refused ({n} problem(s)):\n  {text}"))
}

fn merge(m: super::GradeMergeArgs) -> CliResult {
    let plan = plan(&m.assignment, &m.programs)?;
    let errors =
        grade::merge::merge(&plan, &m.shards, &m.programs, &m.out).map_err(|e| match e {
            grade::merge::MergeError::Refused(problems) => gaps(problems),
            grade::merge::MergeError::Create(e) => user(format!("--out {}: {e}", m.out.display())),
            grade::merge::MergeError::Io(e) => CliError::Internal(e),
        })?;
    failed_runs(errors)
}

/// `grade check CHALLENGE.toml [--solution P]`: the report on stdout, exit 3 when it found
/// problems.
fn check(c: super::GradeCheckArgs) -> CliResult {
    use crate::grade::check::{Checker, Solution};
    let jobs = check_jobs(c.jobs)?.unwrap_or_else(default_jobs);
    let lang = match &c.lang {
        Some(code) => crate::i18n::Lang::from_code(code)
            .ok_or_else(|| user(format!("--lang {code}: one of en, es, de, fr, nl, pt, it")))?,
        None => crate::i18n::from_env_vars(|k| std::env::var(k).ok()).unwrap_or_default(),
    };
    let a = Assignment::load(&c.challenge).map_err(user)?;
    let solution = match &c.solution {
        Some(p) if !p.is_file() => {
            return Err(user(format!("--solution {}: no such file", p.display())))
        }
        Some(p) => Some(p.clone()),
        None => a
            .check
            .solution
            .clone()
            .or_else(|| Solution::beside(&c.challenge)),
    };
    let solution = solution.map(|p| Solution::from_file(&p));
    let report = Checker::new(std::sync::Arc::new(a), solution).run_all(jobs);
    let mut text = report.lines(lang).join("\n");
    text.push('\n');
    super::print_out(&text)?;
    match report.problems().len() {
        0 => Ok(()),
        n => Err(CliError::Code(3, format!("{n} problem(s) found"))),
    }
}

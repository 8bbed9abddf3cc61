//! `grade merge`: the shard files of one batch (`grade run`) into `runs.jsonl` and the
//! reports, exactly as one `grade` would have written them — refused, with every problem
//! listed, unless the shards hold each run of the plan exactly once, made by this version
//! from the same assignment and programs.

use super::{Plan, RunRecord, RunStatus, ShardHeader};
use crate::sim::assignment::Assignment;
use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Why a merge wrote nothing.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// The shards are not the plan's runs exactly once (one line per problem).
    #[error("merge refused ({} problem(s))", .0.len())]
    Refused(Vec<String>),
    /// The output folder could not be made (a wrong path: the user's).
    #[error("{0}")]
    Create(std::io::Error),
    /// Reading or writing failed on the way (ours).
    #[error("{0}")]
    Io(String),
}

/// One shard file as merge reads it.
struct ShardFile {
    path: PathBuf,
    lines: std::io::Lines<std::io::BufReader<std::fs::File>>,
}

impl ShardFile {
    fn open(path: &Path) -> Result<(ShardHeader, ShardFile), String> {
        let f = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut lines = std::io::BufReader::new(f).lines();
        let first = lines
            .next()
            .ok_or_else(|| format!("{}: empty, not a shard file", path.display()))?
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let v: serde_json::Value = serde_json::from_str(&first)
            .map_err(|e| format!("{}:1: not a shard file ({e})", path.display()))?;
        let header: ShardHeader = serde_json::from_value(v["shard"].clone())
            .map_err(|e| format!("{}:1: not a shard header ({e})", path.display()))?;
        Ok((
            header,
            ShardFile {
                path: path.to_path_buf(),
                lines,
            },
        ))
    }

    /// The next run record, with its line number.
    fn next_record(
        &mut self,
        a: &Assignment,
        line: &mut usize,
    ) -> Option<Result<RunRecord, String>> {
        let l = self.lines.next()?;
        *line += 1;
        Some(
            l.map_err(|e| format!("{}: {e}", self.path.display()))
                .and_then(|l| {
                    RunRecord::read(&l, a).map_err(|e| {
                        format!("{}:{line}: not a run record ({e})", self.path.display())
                    })
                }),
        )
    }
}

/// A shard file being merged: the file, its line number, and its next run with the run's
/// place in the plan.
type Head = (ShardFile, usize, Option<(usize, RunRecord)>);

/// Merges the shard files `shards` of `plan` into `out/runs.jsonl` and the reports
/// (`programs`: the programs folder as the user named it, for messages). Returns the runs
/// that could not be graded (`id: why`), written all the same.
pub fn merge(
    plan: &Plan,
    shards: &[PathBuf],
    programs: &Path,
    out: &Path,
) -> Result<Vec<String>, MergeError> {
    let index: HashMap<String, usize> = plan
        .runs
        .iter()
        .enumerate()
        .map(|(i, r)| (plan.id(r), i))
        .collect();
    let problems = check(plan, &index, shards, programs);
    if !problems.is_empty() {
        return Err(MergeError::Refused(problems));
    }
    std::fs::create_dir_all(out).map_err(MergeError::Create)?;
    let runs_path = out.join("runs.jsonl");
    let tmp = out.join(".runs.jsonl.partial");
    let errors = write_runs(&plan.assignment, &index, shards, &tmp)?;
    std::fs::rename(&tmp, &runs_path).map_err(io(&runs_path))?;
    super::report::write_all(plan, out).map_err(io(out))?;
    Ok(errors)
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> MergeError + '_ {
    move |e| MergeError::Io(format!("{}: {e}", path.display()))
}

/// What the shards' headers say, gathered over every shard.
#[derive(Default)]
struct Headers {
    shard_count: Option<usize>,
    indices: BTreeMap<usize, PathBuf>,
}

impl Headers {
    /// The problems of one shard's header against the plan and the shards before it.
    fn check(&mut self, plan: &Plan, path: &Path, h: &ShardHeader, programs: &Path) -> Vec<String> {
        let mut problems = Vec::new();
        let p = path.display();
        let version = env!("CARGO_PKG_VERSION");
        if h.lurobotsim != version {
            problems.push(format!(
                "{p}: made by lurobotsim {}, this is {version}",
                h.lurobotsim
            ));
        }
        if h.assignment_digest != plan.assignment.digest {
            problems.push(format!(
                "{p}: graded another assignment (\"{}\")",
                h.assignment
            ));
        }
        if h.programs_digest != plan.programs_digest {
            problems.push(format!(
                "{p}: graded other programs than {}",
                programs.display()
            ));
        }
        match self.shard_count {
            None => self.shard_count = Some(h.shard_count),
            Some(n) if n != h.shard_count => problems.push(format!(
                "{p}: shard of {} where others are of {n}",
                h.shard_count
            )),
            Some(_) => {}
        }
        if let Some(other) = self.indices.insert(h.shard_index, path.to_path_buf()) {
            problems.push(format!(
                "{p} and {}: both are shard {} (0-based)",
                other.display(),
                h.shard_index
            ));
        }
        problems
    }
}

/// Pass one: every shard's header, and every run id counted; the problems found.
fn check(
    plan: &Plan,
    index: &HashMap<String, usize>,
    shards: &[PathBuf],
    programs: &Path,
) -> Vec<String> {
    let mut problems: Vec<String> = Vec::new();
    let mut seen = vec![0u32; plan.runs.len()];
    let mut headers = Headers::default();
    for path in shards {
        let (h, mut f) = match ShardFile::open(path) {
            Ok(x) => x,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        problems.extend(headers.check(plan, path, &h, programs));
        let p = path.display();
        let (mut line, mut last, mut count) = (1usize, None::<usize>, 0usize);
        while let Some(r) = f.next_record(&plan.assignment, &mut line) {
            let r = match r {
                Err(e) => {
                    problems.push(e);
                    break;
                }
                Ok(r) => r,
            };
            match index.get(&r.run) {
                None => problems.push(format!("{p}:{line}: run {} is not in the plan", r.run)),
                Some(&i) => {
                    if last.is_some_and(|l| i <= l) {
                        problems.push(format!("{p}:{line}: run {} out of order", r.run));
                    }
                    last = Some(i);
                    seen[i] += 1;
                    count += 1;
                }
            }
        }
        if count != h.runs {
            problems.push(format!(
                "{p}: holds {count} runs, its header says {}",
                h.runs
            ));
        }
    }
    if let Some(n) = headers.shard_count {
        for k in (0..n).filter(|k| !headers.indices.contains_key(k)) {
            problems.push(format!(
                "shard {k} of {n} (0-based; --shard {}/{n}) is missing",
                k + 1
            ));
        }
    }
    for (i, c) in seen.iter().enumerate() {
        let id = plan.id(&plan.runs[i]);
        match c {
            0 => problems.push(format!("run {id} is missing")),
            1 => {}
            n => problems.push(format!("run {id} is in the shards {n} times")),
        }
    }
    problems
}

/// Pass two: every shard's runs, merged in run order, into `tmp`; returns the runs that
/// could not be graded.
fn write_runs(
    a: &Assignment,
    index: &HashMap<String, usize>,
    shards: &[PathBuf],
    tmp: &Path,
) -> Result<Vec<String>, MergeError> {
    let mut files: Vec<Head> = Vec::new();
    for path in shards {
        let (_, f) = ShardFile::open(path).map_err(MergeError::Io)?;
        files.push((f, 1, None));
    }
    let next = |f: &mut Head| -> Result<(), MergeError> {
        f.2 = match f.0.next_record(a, &mut f.1) {
            None => None,
            Some(r) => {
                let r = r.map_err(MergeError::Io)?;
                let i = index.get(&r.run).copied().unwrap_or(usize::MAX);
                Some((i, r))
            }
        };
        Ok(())
    };
    for f in files.iter_mut() {
        next(f)?;
    }
    let mut w = BufWriter::new(std::fs::File::create(tmp).map_err(io(tmp))?);
    let mut errors = Vec::new();
    while let Some(k) = files
        .iter()
        .enumerate()
        .filter_map(|(k, f)| f.2.as_ref().map(|(i, _)| (*i, k)))
        .min()
        .map(|(_, k)| k)
    {
        if let Some((_, r)) = files[k].2.take() {
            if r.status == RunStatus::Error {
                errors.push(format!(
                    "{}: {}",
                    r.run,
                    r.error.clone().unwrap_or_default()
                ));
            }
            let line = serde_json::to_string(&r).map_err(|e| MergeError::Io(e.to_string()))?;
            writeln!(w, "{line}").map_err(io(tmp))?;
        }
        next(&mut files[k])?;
    }
    w.flush().map_err(io(tmp))?;
    Ok(errors)
}

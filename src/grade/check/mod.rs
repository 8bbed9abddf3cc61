//! `lurobotsim grade check CHALLENGE.toml [--solution P]` (docs/grading.md "Is a challenge
//! fair?"): before a class sees a challenge, run it with programs that should earn nothing
//! — one that does nothing, one that drives forward for ever, one that spins on the spot,
//! one that drives forward for a time and stops (every time on a grid, the best one kept) —
//! and say which criteria give them points; run the solution on every seed and again with
//! each of its numbers nudged (waits and powers, ±5 % and ±10 %: a real robot varies that
//! much) and say how far they may move; and say whether the seeds give different runs at
//! all. The verdicts are typed ([`Report`]) and said in a language at the edge
//! ([`Report::lines`]).
//!
//! The runs are listed in stages ([`Checker::next_runs`]: everything, then the best timed
//! programs on the other seeds), so the command line simulates each stage on every core and
//! the app a run at a time, on a thread or in a tab's frames.

pub mod numbers;
mod words;

use crate::rcx::lasm::SourceLine;
use crate::rcx::program::Program;
use crate::sim::assignment::Assignment;
use crate::sim::goal::{CriterionResult, CriterionStatus};
use numbers::{Group, NumberKind};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A program the check runs on the pupil's robot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Variant {
    /// Task 0 ends at once.
    Nothing,
    /// Every motor forward at full power, for ever.
    Forward,
    /// Motor A forward and C backward at full power, for ever: on the spot.
    Spin,
    /// Every motor forward at full power for `ms`, then off.
    ForwardFor { ms: u64 },
    /// The solution as given.
    Solution,
    /// The solution with the numbers of group `group` scaled by `percent` %.
    Nudged { group: usize, percent: i32 },
}

/// The nudges tried on each of the solution's numbers, %.
pub const NUDGES: [i32; 4] = [-10, -5, 5, 10];
/// The nudge a solution must pass either way, unless the challenge is a precision one.
pub const MARGIN: i32 = 5;
/// How many of the best timed programs (on the first seed) are run on every seed.
const BEST_TIMED: usize = 2;

/// The times the timed program drives before it stops, ms: every quarter second to 6 s,
/// then every second, all before `end_ms`.
fn timed_grid(end_ms: u64) -> Vec<u64> {
    (1..=24)
        .map(|q| q * 250)
        .chain((7..=3600).map(|s| s * 1000))
        .take_while(|&ms| ms < end_ms)
        .collect()
}

/// One run of the check: a program on a scenario with a seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RunKey {
    pub variant: Variant,
    pub scenario: usize,
    pub seed: u64,
}

/// What one run gave: its points, each criterion's result, and the pupil's robot's path
/// (mm, every 100 ms) and end (mm, mm, 0.1°): two runs alike have these alike.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub points: f64,
    pub criteria: Vec<CriterionResult>,
    pub path: Vec<[i32; 2]>,
    pub end: [i32; 3],
    /// Why the run could not be made (the solution did not load on this scenario).
    pub error: Option<String>,
}

/// The solution the check nudges: its name, program and (LASM) source lines.
#[derive(Clone, Debug)]
pub struct Solution {
    pub name: String,
    pub program: Program,
    pub groups: Vec<Group>,
}

impl Solution {
    /// A solution from its file's bytes (`.rcx` image or LASM text), its numbers found.
    pub fn read(name: &str, bytes: &[u8]) -> Result<Solution, String> {
        let program = crate::rcx::load_program_bytes(bytes, name).map_err(|e| e.to_string())?;
        let lines: Vec<SourceLine> = match std::str::from_utf8(bytes) {
            Ok(text) if !bytes.starts_with(crate::rcx::image::MAGIC) => {
                crate::rcx::lasm::assemble_lines(text, name, &Default::default())
                    .map(|(_, l)| l)
                    .unwrap_or_default()
            }
            _ => Vec::new(),
        };
        Ok(Solution {
            name: name.to_string(),
            groups: numbers::groups(&program, &lines),
            program,
        })
    }

    /// The solution in file `path`: LASM text and `.rcx` images read as they are, NQC
    /// compiled with the installed nqc (its numbers then have no lines to name).
    pub fn from_file(path: &std::path::Path) -> Result<Solution, String> {
        let name = (path.file_name()).map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into(),
        );
        if crate::nqc::is_nqc(path) {
            let program = crate::nqc::load(path).map_err(|e| e.to_string())?;
            return Ok(Solution {
                name,
                groups: numbers::groups(&program, &[]),
                program,
            });
        }
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Solution::read(&name, &bytes)
    }

    /// The challenge's own solution, `NAME/solution.*` beside `challenge` (the pack's
    /// layout), when there is exactly one.
    pub fn beside(challenge: &std::path::Path) -> Option<std::path::PathBuf> {
        let dir = challenge.with_extension("");
        let found: Vec<std::path::PathBuf> = (crate::grade::class::EXTENSIONS.iter())
            .map(|ext| dir.join(format!("solution.{ext}")))
            .filter(|p| p.is_file())
            .collect();
        (found.len() == 1).then(|| found[0].clone())
    }
}

/// The stock programs, as LASM.
fn stock_lasm(v: Variant) -> Option<String> {
    // Power 7 (full) on every motor, forward.
    const ON: &str = "\tpwr 7,2,7\n\tdir 2,7\n";
    Some(match v {
        Variant::Nothing => "task 0\nendt\n".into(),
        Variant::Forward => format!("task 0\n{ON}\tout 2,7\nendt\n"),
        Variant::Spin => format!("task 0\n{ON}\tdir 0,4\n\tout 2,5\nendt\n"),
        Variant::ForwardFor { ms } => format!(
            "task 0\n{ON}\tout 2,7\n\twait 2,{}\n\tout 1,7\nendt\n",
            (ms / 10).clamp(1, 32767)
        ),
        Variant::Solution | Variant::Nudged { .. } => return None,
    })
}

/// Where the check is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Everything but the best timed programs on the seeds after the first.
    First,
    /// The best timed programs on every seed.
    Second,
    Done,
}

/// A challenge's check: its runs, stage by stage, and what they gave.
pub struct Checker {
    pub assignment: Arc<Assignment>,
    pub solution: Option<Solution>,
    /// Why the solution given could not be read (the check goes on without it).
    pub solution_error: Option<String>,
    done: BTreeMap<RunKey, Outcome>,
    stage: Stage,
}

impl Checker {
    pub fn new(assignment: Arc<Assignment>, solution: Option<Result<Solution, String>>) -> Checker {
        let (solution, solution_error) = match solution {
            Some(Ok(s)) => (Some(s), None),
            Some(Err(e)) => (None, Some(e)),
            None => (None, None),
        };
        Checker {
            assignment,
            solution,
            solution_error,
            done: BTreeMap::new(),
            stage: Stage::First,
        }
    }

    /// The runs to simulate next (every one before the next call to this); empty when the
    /// check is complete.
    pub fn next_runs(&mut self) -> Vec<RunKey> {
        let a = &self.assignment;
        let mut out = Vec::new();
        match self.stage {
            Stage::First => {
                for (k, sc) in a.scenarios.iter().enumerate() {
                    let mut variants = vec![Variant::Nothing, Variant::Forward, Variant::Spin];
                    if let Some(s) = &self.solution {
                        variants.push(Variant::Solution);
                        for (g, group) in s.groups.iter().enumerate() {
                            for percent in NUDGES {
                                if numbers::nudged(&s.program, group, percent).is_some() {
                                    variants.push(Variant::Nudged { group: g, percent });
                                }
                            }
                        }
                    }
                    for &seed in &sc.seeds {
                        out.extend(variants.iter().map(|&variant| RunKey {
                            variant,
                            scenario: k,
                            seed,
                        }));
                    }
                    let first = sc.seeds.iter().copied().min().unwrap_or(0);
                    out.extend(timed_grid(sc.end_ms).into_iter().map(|ms| RunKey {
                        variant: Variant::ForwardFor { ms },
                        scenario: k,
                        seed: first,
                    }));
                }
                self.stage = Stage::Second;
            }
            Stage::Second => {
                for ms in self.best_timed() {
                    for (k, sc) in a.scenarios.iter().enumerate() {
                        out.extend(sc.seeds.iter().map(|&seed| RunKey {
                            variant: Variant::ForwardFor { ms },
                            scenario: k,
                            seed,
                        }));
                    }
                }
                out.retain(|key| !self.done.contains_key(key));
                self.stage = Stage::Done;
            }
            Stage::Done => {}
        }
        out
    }

    /// The timed programs that scored best on the first seeds (summed over the scenarios;
    /// the shorter first among equals).
    fn best_timed(&self) -> Vec<u64> {
        let mut totals: BTreeMap<u64, f64> = BTreeMap::new();
        for (key, o) in &self.done {
            if let Variant::ForwardFor { ms } = key.variant {
                *totals.entry(ms).or_default() += o.points;
            }
        }
        let mut v: Vec<(u64, f64)> = totals.into_iter().collect();
        v.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        v.into_iter().take(BEST_TIMED).map(|(ms, _)| ms).collect()
    }

    /// The program a run runs.
    pub fn program(&self, v: Variant) -> Option<Program> {
        match v {
            Variant::Solution => self.solution.as_ref().map(|s| s.program.clone()),
            Variant::Nudged { group, percent } => {
                let s = self.solution.as_ref()?;
                numbers::nudged(&s.program, s.groups.get(group)?, percent).map(|(p, _)| p)
            }
            stock => crate::rcx::lasm::assemble(&stock_lasm(stock)?, "stock.lasm").ok(),
        }
    }

    /// The run `key` as a scenario to simulate (`Err`: why it cannot be).
    pub fn scenario(&self, key: RunKey) -> Result<crate::sim::scenario::Scenario, String> {
        let a = &self.assignment;
        let sc = (a.scenarios.get(key.scenario)).ok_or_else(|| "no such scenario".to_string())?;
        let program = self
            .program(key.variant)
            .ok_or_else(|| "no such program".to_string())?;
        let name = match key.variant {
            Variant::Solution | Variant::Nudged { .. } => self
                .solution
                .as_ref()
                .map_or("solution".into(), |s| s.name.clone()),
            _ => "stock.lasm".into(),
        };
        Ok(sc.run_of(a.realism, key.seed, Some((name.into(), program))))
    }

    /// Simulates run `key` to its end (the command line's worker).
    pub fn simulate(&self, key: RunKey) -> Outcome {
        let pupil = self
            .assignment
            .scenarios
            .get(key.scenario)
            .map_or(0, |s| s.pupil);
        let mut path = crate::grade::criteria::Path::of(pupil);
        let sim = self
            .scenario(key)
            .and_then(|s| s.run(&mut [&mut path]).map_err(|e| e.to_string()));
        match sim {
            Ok(sim) => outcome_of(&sim, pupil, path.points),
            Err(e) => Outcome {
                points: 0.0,
                criteria: Vec::new(),
                path: Vec::new(),
                end: [0; 3],
                error: Some(e),
            },
        }
    }

    /// What run `key` gave.
    pub fn record(&mut self, key: RunKey, outcome: Outcome) {
        self.done.insert(key, outcome);
    }

    /// Every stage simulated on `jobs` threads, then the report (the command line's).
    pub fn run_all(mut self, jobs: usize) -> Report {
        loop {
            let runs = self.next_runs();
            if runs.is_empty() {
                return self.report();
            }
            let results = run_parallel(&self, &runs, jobs);
            for (key, o) in runs.into_iter().zip(results) {
                self.record(key, o);
            }
        }
    }
}

/// A finished simulation's outcome for the pupil's robot.
pub fn outcome_of(sim: &crate::sim::Simulation, pupil: usize, path: Vec<[i32; 2]>) -> Outcome {
    let criteria = sim.goal().map(|g| g.results(sim)).unwrap_or_default();
    let end = sim.robot(pupil).map_or([0; 3], |r| {
        let p = r.pose();
        [
            (p.x * 1000.0).round() as i32,
            (p.z * 1000.0).round() as i32,
            (p.yaw_deg * 10.0).round() as i32,
        ]
    });
    Outcome {
        points: (criteria.iter().map(|c| c.points).sum::<f64>() * 1e6).round() / 1e6,
        criteria,
        path,
        end,
        error: None,
    }
}

/// `runs` simulated on `jobs` threads, in order.
fn run_parallel(c: &Checker, runs: &[RunKey], jobs: usize) -> Vec<Outcome> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let jobs = jobs.clamp(1, 256).min(runs.len().max(1));
    let mut out: Vec<Option<Outcome>> = vec![None; runs.len()];
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::scope(|s| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let next = &next;
            s.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&key) = runs.get(i) else { break };
                if tx.send((i, c.simulate(key))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for (i, o) in rx {
            out[i] = Some(o);
        }
    });
    out.into_iter().map(Option::unwrap_or_default).collect()
}

impl Default for Outcome {
    fn default() -> Self {
        Outcome {
            points: 0.0,
            criteria: Vec::new(),
            path: Vec::new(),
            end: [0; 3],
            error: Some("not simulated".into()),
        }
    }
}

/// A criterion that gave a program points: where it is and how many (mean over seeds).
#[derive(Clone, Debug, PartialEq)]
pub struct Earned {
    pub scenario: usize,
    pub criterion: usize,
    pub points: f64,
}

/// What a stock program earned.
#[derive(Clone, Debug, PartialEq)]
pub struct Stock {
    pub variant: Variant,
    /// The challenge's total as `grade` gives it (mean over seeds, summed over scenarios).
    pub points: f64,
    pub earned: Vec<Earned>,
    /// At most this many points is fair (0 for doing nothing, under half for the others).
    pub fair: bool,
    /// The challenge says timed driving is its task (`[check] timed = true`).
    pub excused: bool,
}

/// One of the solution's numbers nudged: to what, and whether it still passed on every
/// seed (else the first failure: scenario, seed and the criteria that failed).
#[derive(Clone, Debug, PartialEq)]
pub struct Nudge {
    pub percent: i32,
    pub value: i32,
    pub failed: Option<(usize, u64, Vec<usize>)>,
}

/// A group of the solution's numbers and its nudges.
#[derive(Clone, Debug, PartialEq)]
pub struct Margin {
    pub group: Group,
    pub nudges: Vec<Nudge>,
}

impl Margin {
    /// The lowest and highest value it passed with (its own value included), and
    /// whether it passed ±[`MARGIN`] % (or could not be nudged that far).
    pub fn range(&self) -> (i32, i32, bool) {
        let (mut lo, mut hi) = (self.group.value, self.group.value);
        // Outwards from 0 %, until the first failure each way.
        for side in [-1, 1] {
            let mut ns: Vec<&Nudge> = (self.nudges.iter())
                .filter(|n| n.percent.signum() == side)
                .collect();
            ns.sort_by_key(|n| n.percent.abs());
            for n in ns.iter().take_while(|n| n.failed.is_none()) {
                lo = lo.min(n.value);
                hi = hi.max(n.value);
            }
        }
        let keeps = (self.nudges.iter())
            .filter(|n| n.percent.abs() <= MARGIN)
            .all(|n| n.failed.is_none());
        (lo, hi, keeps)
    }
}

/// The solution on every seed, and its numbers nudged.
#[derive(Clone, Debug, PartialEq)]
pub struct SolutionCheck {
    pub name: String,
    /// Each (scenario, seed) it did not score full points on, with its results.
    pub short: Vec<(usize, u64, f64, Vec<CriterionResult>)>,
    pub margins: Vec<Margin>,
}

/// Whether a scenario's seeds gave different runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Seeds {
    pub scenario: usize,
    pub count: usize,
    /// The program compared (the solution, else the one that drives forward).
    pub compared: Variant,
    pub identical: bool,
    /// How far apart the runs ended, m.
    pub spread_m: f64,
}

/// A challenge's check, typed: said in words by [`Report::lines`].
#[derive(Clone, Debug)]
pub struct Report {
    pub assignment: Arc<Assignment>,
    pub stock: Vec<Stock>,
    pub solution: Option<SolutionCheck>,
    pub solution_error: Option<String>,
    pub seeds: Vec<Seeds>,
}

/// A problem the check found.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// A stock program earns what it should not.
    Scores(Variant),
    /// The solution does not score full points on every seed.
    SolutionShort,
    /// A number of the solution has no margin.
    NoMargin(usize),
    /// Several seeds, one run.
    SeedsAlike(usize),
}

impl Checker {
    /// The verdicts from the runs done.
    pub fn report(&self) -> Report {
        let a = &self.assignment;
        let mean = |v: Variant, k: usize| -> Option<(f64, Vec<f64>)> {
            let runs: Vec<&Outcome> = (a.scenarios[k].seeds.iter())
                .filter_map(|&seed| {
                    self.done.get(&RunKey {
                        variant: v,
                        scenario: k,
                        seed,
                    })
                })
                .collect();
            if runs.is_empty() {
                return None;
            }
            let n = runs.len() as f64;
            let per: Vec<f64> = (0..a.scenarios[k].criteria.len())
                .map(|c| {
                    runs.iter()
                        .map(|o| o.criteria.get(c).map_or(0.0, |r| r.points))
                        .sum::<f64>()
                        / n
                })
                .collect();
            Some((runs.iter().map(|o| o.points).sum::<f64>() / n, per))
        };
        let stock_of = |v: Variant| -> Option<Stock> {
            let mut points = 0.0;
            let mut earned = Vec::new();
            let mut any = false;
            for k in 0..a.scenarios.len() {
                let Some((p, per)) = mean(v, k) else { continue };
                any = true;
                points += p;
                for (c, pts) in per.into_iter().enumerate() {
                    if pts > 0.0 {
                        earned.push(Earned {
                            scenario: k,
                            criterion: c,
                            points: pts,
                        });
                    }
                }
            }
            let max = a.max_points();
            let fair = match v {
                Variant::Nothing => points == 0.0,
                _ => points < max / 2.0,
            };
            any.then_some(Stock {
                variant: v,
                points,
                earned,
                fair,
                excused: matches!(v, Variant::ForwardFor { .. }) && a.check.timed,
            })
        };
        let mut stock: Vec<Stock> = [Variant::Nothing, Variant::Forward, Variant::Spin]
            .into_iter()
            .filter_map(stock_of)
            .collect();
        // The best timed program that ran on every seed.
        let timed = (self.best_timed().into_iter())
            .filter_map(|ms| stock_of(Variant::ForwardFor { ms }))
            .max_by(|x, y| x.points.total_cmp(&y.points));
        stock.extend(timed);
        let solution = self.solution.as_ref().map(|s| self.solution_check(s));
        let seeds = (0..a.scenarios.len())
            .filter_map(|k| self.seeds_of(k))
            .collect();
        Report {
            assignment: a.clone(),
            stock,
            solution,
            solution_error: self.solution_error.clone(),
            seeds,
        }
    }

    fn solution_check(&self, s: &Solution) -> SolutionCheck {
        let a = &self.assignment;
        let runs = |v: Variant| {
            a.scenarios.iter().enumerate().flat_map(move |(k, sc)| {
                sc.seeds.iter().map(move |&seed| RunKey {
                    variant: v,
                    scenario: k,
                    seed,
                })
            })
        };
        let short = runs(Variant::Solution)
            .filter_map(|key| {
                let o = self.done.get(&key)?;
                let max = a.scenarios[key.scenario].max_points();
                (o.points < max || o.error.is_some())
                    .then(|| (key.scenario, key.seed, o.points, o.criteria.clone()))
            })
            .collect();
        let margins = (s.groups.iter().enumerate())
            .map(|(g, group)| Margin {
                group: group.clone(),
                nudges: NUDGES
                    .iter()
                    .filter_map(|&percent| {
                        let (_, value) = numbers::nudged(&s.program, group, percent)?;
                        let v = Variant::Nudged { group: g, percent };
                        let failed = runs(v).find_map(|key| {
                            let o = self.done.get(&key)?;
                            let max = a.scenarios[key.scenario].max_points();
                            (o.points < max).then(|| {
                                let which = (o.criteria.iter().enumerate())
                                    .filter(|(_, r)| r.status != CriterionStatus::Pass)
                                    .map(|(c, _)| c)
                                    .collect();
                                (key.scenario, key.seed, which)
                            })
                        });
                        Some(Nudge {
                            percent,
                            value,
                            failed,
                        })
                    })
                    .collect(),
            })
            .collect();
        SolutionCheck {
            name: s.name.clone(),
            short,
            margins,
        }
    }

    /// Whether scenario `k`'s seeds gave different runs (of the solution, else of the
    /// program that drives forward).
    fn seeds_of(&self, k: usize) -> Option<Seeds> {
        let sc = &self.assignment.scenarios[k];
        let compared = match self.solution {
            Some(_) => Variant::Solution,
            None => Variant::Forward,
        };
        let runs: Vec<&Outcome> = (sc.seeds.iter())
            .filter_map(|&seed| {
                self.done.get(&RunKey {
                    variant: compared,
                    scenario: k,
                    seed,
                })
            })
            .collect();
        let first = runs.first()?;
        let identical = runs
            .iter()
            .all(|o| o.path == first.path && o.end == first.end && o.criteria == first.criteria);
        let mut spread = 0.0f64;
        for x in &runs {
            for y in &runs {
                let d = f64::from(x.end[0] - y.end[0]).hypot(f64::from(x.end[1] - y.end[1]));
                spread = spread.max(d / 1000.0);
            }
        }
        Some(Seeds {
            scenario: k,
            count: runs.len(),
            compared,
            identical,
            spread_m: spread,
        })
    }
}

impl Report {
    /// Everything the check found wrong (a precision challenge's margins and a timed task's
    /// timed program are not problems).
    pub fn problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        for s in &self.stock {
            if !s.fair && !s.excused {
                out.push(Problem::Scores(s.variant));
            }
        }
        if let Some(sol) = &self.solution {
            if !sol.short.is_empty() {
                out.push(Problem::SolutionShort);
            }
            if !self.assignment.check.precision {
                for (g, m) in sol.margins.iter().enumerate() {
                    if !m.range().2 {
                        out.push(Problem::NoMargin(g));
                    }
                }
            }
        }
        for s in &self.seeds {
            if s.count > 1 && s.identical {
                out.push(Problem::SeedsAlike(s.scenario));
            }
        }
        out
    }

    /// The report in plain words in `l`, a line each (the challenge file's lines named).
    pub fn lines(&self, l: crate::i18n::Lang) -> Vec<String> {
        words::lines(self, l)
    }
}

impl NumberKind {
    /// A value of this kind in words ("0.24 s", "60 %").
    pub fn value_words(self, l: crate::i18n::Lang, v: i32) -> String {
        match self {
            NumberKind::Wait => crate::sim::goal::kind::secs(l, f64::from(v) / 100.0),
            NumberKind::Power => format!("{v} %"),
        }
    }
}

#[cfg(test)]
mod tests;

//! The live goal: a challenge's or an assignment's criteria as an owned observer of one
//! run. A [`Goal`] lives inside the [`Simulation`] it watches ([`Simulation::set_goal`]):
//! it looks after every tick as the tick's last step, so it is cloned with the runner's
//! checkpoints, re-simulated with the history and restarted by a reset — a goal shown at
//! any moment of a replay is the goal of that moment. [`Goal::status`] says at every tick
//! where each criterion stands (pending, passed at t, failed at t, skipped) and what it
//! observed; [`Goal::results`] scores the run at its end, as `grade` writes it. Words are
//! made from these typed values at the edge, in the reader's language ([`words`]).
//! The goal never changes the simulation, and it stops looking at its end (a run in the
//! app may go on past it; the score is the end's).
//!
//! - [`kind`]: what a kind of criterion is (the trait every kind implements);
//! - [`kinds`]: the kinds, one file each, and the one list that joins them;
//! - [`criterion`]: a criterion and reading it from an assignment;
//! - [`observed`]: what a result says was observed (`actual`);
//! - [`region`], [`read`]: places on the floor, and the checks reading shares.
//!
//! Pure: no files, threads or wall clock.

pub mod criterion;
pub mod kind;
pub mod kinds;
pub mod observed;
pub mod read;
pub mod region;
#[cfg(test)]
mod tests;
pub mod words;

pub use criterion::Criterion;
pub use kinds::{Check, Expect, Judged, Kind, Watch};
pub use observed::Observed;
pub use region::{Mark, Region};

use super::Simulation;
use kind::Moment;
use serde::Serialize;
use std::sync::Arc;

/// A criterion's outcome, as `runs.jsonl` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CriterionStatus {
    Pass,
    Fail,
    /// Not checked: a criterion it `requires` did not pass.
    Skipped,
}

impl CriterionStatus {
    /// As `runs.jsonl` and the reports write it.
    pub fn as_str(self) -> &'static str {
        match self {
            CriterionStatus::Pass => "pass",
            CriterionStatus::Fail => "fail",
            CriterionStatus::Skipped => "skipped",
        }
    }
}

impl std::fmt::Display for CriterionStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One criterion's result at the end of a run (a line's `criteria` in `runs.jsonl`).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CriterionResult {
    pub id: String,
    pub status: CriterionStatus,
    pub points: f64,
    pub max_points: f64,
    pub actual: Observed,
    pub expected: serde_json::Value,
    /// When a criterion with `after` began to count, s (not written for one without).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_s: Option<f64>,
}

impl CriterionResult {
    /// What happened, in plain words in `l` (and from when it counted, after others).
    pub fn outcome(&self, l: crate::i18n::Lang) -> String {
        let said = self.actual.outcome(self.status == CriterionStatus::Pass, l);
        match self.from_s {
            Some(t) if self.status != CriterionStatus::Skipped => {
                let from = crate::tr!(l, "goal-counted-from", t = kind::secs(l, t));
                format!("{said}{from}")
            }
            _ => said,
        }
    }
}

/// Where a criterion stands at a moment of the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiveState {
    /// Not decided yet.
    Pending,
    Passed {
        at_ms: u64,
    },
    Failed {
        at_ms: u64,
    },
    /// Not checked: a criterion it requires failed (at that time).
    Skipped {
        at_ms: u64,
    },
}

impl LiveState {
    /// The moment it was decided, when it has been.
    pub fn at_ms(self) -> Option<u64> {
        match self {
            LiveState::Pending => None,
            LiveState::Passed { at_ms }
            | LiveState::Failed { at_ms }
            | LiveState::Skipped { at_ms } => Some(at_ms),
        }
    }
}

/// One criterion at a moment: where it stands and, once decided, its result (what it
/// observed). A viewer says it in its own language ([`words`]).
#[derive(Clone, Debug, PartialEq)]
pub struct LiveCriterion {
    pub id: String,
    /// The robot it is about (index into the run's robots).
    pub robot: usize,
    pub state: LiveState,
    /// Points earned so far (the criterion's points once passed).
    pub points: f64,
    pub max_points: f64,
    /// Its result once decided (`None` while pending).
    pub result: Option<CriterionResult>,
}

/// The goal at a moment of the run (published with each snapshot).
#[derive(Clone, Debug, PartialEq)]
pub struct GoalStatus {
    pub time_ms: u64,
    pub end_ms: u64,
    /// The run has reached its end: every criterion is decided, as `grade` scores it.
    pub ended: bool,
    /// Points of the criteria passed so far, and of all.
    pub points: f64,
    pub max_points: f64,
    /// The criteria (their regions are drawn on the floor).
    pub criteria: Arc<[Criterion]>,
    /// Each criterion, in the same order.
    pub live: Vec<LiveCriterion>,
    /// The robots' names, when the run has several (a criterion's task names its robot).
    pub robot_names: Vec<String>,
}

impl GoalStatus {
    /// The name of robot `k` when the run has several (`None` with one).
    pub fn robot_name(&self, k: usize) -> Option<&str> {
        self.robot_names.get(k).map(String::as_str)
    }
}

/// A run's criteria and what each has seen: owned and cheap to clone (the criteria are
/// shared).
#[derive(Clone, Debug, PartialEq)]
pub struct Goal {
    criteria: Arc<[Criterion]>,
    watch: Vec<Watch>,
    /// Each criterion's `after` criteria by index (`None`: one names no criterion of the
    /// goal, so it never counts), resolved once.
    after: Arc<[Option<Box<[usize]>>]>,
    /// When each criterion began to look (its `after` criteria all passed; 0 without).
    from: Vec<Option<u64>>,
    end_ms: u64,
    /// The last moment looked at (a moment is looked at once).
    looked_ms: Option<u64>,
    /// The results, once the run reached its end.
    ended: Option<Vec<CriterionResult>>,
}

impl Goal {
    /// A goal of `criteria` for a run that ends at `end_ms`.
    pub fn new(criteria: Vec<Criterion>, end_ms: u64) -> Goal {
        let criteria: Arc<[Criterion]> = criteria.into();
        let watch = criteria.iter().map(|c| c.check.watch()).collect();
        let after = (criteria.iter())
            .map(|c| {
                (c.after.iter())
                    .map(|a| criteria.iter().position(|o| &o.id == a))
                    .collect::<Option<Box<[usize]>>>()
            })
            .collect();
        Goal {
            from: vec![None; criteria.len()],
            after,
            criteria,
            watch,
            end_ms,
            looked_ms: None,
            ended: None,
        }
    }

    pub fn criteria(&self) -> &[Criterion] {
        &self.criteria
    }

    pub fn end_ms(&self) -> u64 {
        self.end_ms
    }

    /// Nothing seen yet (the run was reset).
    pub fn restart(&mut self) {
        self.watch = self.criteria.iter().map(|c| c.check.watch()).collect();
        self.from = vec![None; self.criteria.len()];
        self.looked_ms = None;
        self.ended = None;
    }

    /// Looks at the moment `sim` is at (once per moment; not past the end).
    pub fn observe(&mut self, sim: &Simulation) {
        let t = sim.time_ms();
        if t > self.end_ms || self.looked_ms.is_some_and(|l| l >= t) {
            return;
        }
        self.looked_ms = Some(t);
        let mut poses: [Option<(f64, f64)>; 4] = [None; 4];
        for i in 0..self.criteria.len() {
            let c = &self.criteria[i];
            let Some(robot) = sim.robot(c.robot) else {
                continue;
            };
            if self.from[i].is_none() {
                self.from[i] = self.counts_from(i, sim, t);
            }
            let Some(from_ms) = self.from[i] else {
                continue;
            };
            self.watch[i].look(&mut Moment {
                sim,
                t,
                robot,
                k: c.robot,
                from_ms,
                poses: &mut poses,
            });
        }
        if t == self.end_ms {
            self.ended = Some(self.score(sim));
        }
    }

    /// When criterion `i` begins to count, as seen at `t`: at once without `after`, else
    /// the moment the last of its `after` criteria passed (`None`: not all have yet).
    fn counts_from(&self, i: usize, sim: &Simulation, t: u64) -> Option<u64> {
        let mut from = 0;
        for &j in self.after[i].as_deref()? {
            let robot = sim.robot(self.criteria[j].robot)?;
            match self.watch[j].state(robot, t) {
                LiveState::Passed { at_ms } => from = from.max(at_ms),
                _ => return None,
            }
        }
        Some(from)
    }

    /// Scores every criterion: at the end, the end's results; before it, as if the run
    /// ended now (`requires` applied in file order).
    pub fn results(&self, sim: &Simulation) -> Vec<CriterionResult> {
        match &self.ended {
            Some(r) => r.clone(),
            None => self.score(sim),
        }
    }

    fn score(&self, sim: &Simulation) -> Vec<CriterionResult> {
        let mut out: Vec<CriterionResult> = Vec::new();
        for (i, (c, w)) in self.criteria.iter().zip(&self.watch).enumerate() {
            let blocked = c.requires.iter().chain(&c.after).find(|r| {
                out.iter()
                    .any(|o| &o.id == *r && o.status != CriterionStatus::Pass)
            });
            let (status, actual) = match (blocked, judge(c, w, sim)) {
                (Some(r), _) => (
                    CriterionStatus::Skipped,
                    Observed::NotChecked {
                        requires: r.clone(),
                    },
                ),
                (None, (true, actual)) => (CriterionStatus::Pass, actual),
                (None, (false, actual)) => (CriterionStatus::Fail, actual),
            };
            out.push(CriterionResult {
                id: c.id.clone(),
                status,
                points: match status {
                    CriterionStatus::Pass => c.points,
                    CriterionStatus::Fail | CriterionStatus::Skipped => 0.0,
                },
                max_points: c.points,
                actual,
                expected: c.check.expected(),
                from_s: match (c.after.is_empty(), status) {
                    (false, CriterionStatus::Pass | CriterionStatus::Fail) => {
                        self.from[i].map(kind::secs_of)
                    }
                    _ => None,
                },
            });
        }
        out
    }

    /// Every criterion failed because the program could not be loaded.
    pub fn unloaded(criteria: &[Criterion]) -> Vec<CriterionResult> {
        criteria
            .iter()
            .map(|c| CriterionResult {
                id: c.id.clone(),
                status: CriterionStatus::Fail,
                points: 0.0,
                max_points: c.points,
                actual: Observed::DidNotLoad,
                expected: c.check.expected(),
                from_s: None,
            })
            .collect()
    }

    /// Where each criterion stands at the moment `sim` is at, and what it observed.
    pub fn status(&self, sim: &Simulation) -> GoalStatus {
        let t = sim.time_ms().min(self.end_ms);
        let results = self.results(sim);
        let mut live: Vec<LiveCriterion> = Vec::with_capacity(self.criteria.len());
        for (k, (c, w)) in self.criteria.iter().zip(&self.watch).enumerate() {
            let own = match &self.ended {
                Some(r) => ended_state(c, w, &r[k], sim, self.end_ms),
                None => sim
                    .robot(c.robot)
                    .map_or(LiveState::Pending, |robot| w.state(robot, t)),
            };
            let state = after_requirements(c, own, &live);
            let result = match state {
                LiveState::Pending => None,
                LiveState::Skipped { .. } => Some(results[k].clone()),
                LiveState::Passed { .. } | LiveState::Failed { .. } => Some(match &self.ended {
                    Some(_) => results[k].clone(),
                    None => {
                        let (pass, actual) = judge(c, w, sim);
                        CriterionResult {
                            status: match pass {
                                true => CriterionStatus::Pass,
                                false => CriterionStatus::Fail,
                            },
                            actual,
                            ..results[k].clone()
                        }
                    }
                }),
            };
            live.push(LiveCriterion {
                id: c.id.clone(),
                robot: c.robot,
                state,
                points: match state {
                    LiveState::Passed { .. } => c.points,
                    _ => 0.0,
                },
                max_points: c.points,
                result,
            });
        }
        let robot_names = match sim.layout() {
            [_] => Vec::new(),
            many => many.iter().map(|p| p.name.clone()).collect(),
        };
        GoalStatus {
            time_ms: t,
            end_ms: self.end_ms,
            ended: self.ended.is_some(),
            points: live.iter().map(|l| l.points).sum(),
            max_points: self.criteria.iter().map(|c| c.points).sum(),
            criteria: self.criteria.clone(),
            live,
            robot_names,
        }
    }
}

/// A criterion's state given the criteria before it: a pass waits for the criteria it
/// requires (their points are theirs to give); a failure shows at once (the card's time is
/// the moment it happened); a requirement that failed skips it.
fn after_requirements(c: &Criterion, own: LiveState, before: &[LiveCriterion]) -> LiveState {
    let mut state = own;
    for r in c.requires.iter().chain(&c.after) {
        let Some(o) = before.iter().find(|o| &o.id == r) else {
            continue;
        };
        match o.state {
            LiveState::Passed { .. } => {}
            LiveState::Pending if matches!(own, LiveState::Failed { .. }) => {}
            LiveState::Pending => state = LiveState::Pending,
            LiveState::Failed { at_ms } | LiveState::Skipped { at_ms } => {
                return LiveState::Skipped { at_ms };
            }
        }
    }
    state
}

/// Whether a criterion passes with what it has seen, and what it observed.
fn judge(c: &Criterion, w: &Watch, sim: &Simulation) -> (bool, Observed) {
    match sim.robot(c.robot) {
        Some(robot) => {
            let (pass, judged) = w.judge(robot);
            (pass, Observed::Seen(judged))
        }
        None => (false, Observed::NoSuchRobot),
    }
}

/// A criterion's state once the run has ended, from its result: when it passed or failed.
fn ended_state(
    c: &Criterion,
    w: &Watch,
    r: &CriterionResult,
    sim: &Simulation,
    end_ms: u64,
) -> LiveState {
    let pass = r.status == CriterionStatus::Pass;
    let at_ms = sim
        .robot(c.robot)
        .map_or(end_ms, |robot| w.ended_at(pass, robot, end_ms));
    match r.status {
        CriterionStatus::Pass => LiveState::Passed { at_ms },
        CriterionStatus::Fail => LiveState::Failed { at_ms },
        // Skipped is derived from the criteria it requires (their times).
        CriterionStatus::Skipped => LiveState::Failed { at_ms },
    }
}

//! The live goal: a challenge's or an assignment's criteria as an owned observer of one
//! run. A [`Goal`] lives inside the [`Simulation`] it watches ([`Simulation::set_goal`]):
//! it looks after every tick as the tick's last step, so it is cloned with the runner's
//! checkpoints, re-simulated with the history and restarted by a reset — a goal shown at
//! any moment of a replay is the goal of that moment. [`Goal::status`] says at every tick
//! what each criterion has come to (pending, passed at t, failed at t, skipped), in plain
//! words ([`words`]); [`Goal::results`] scores the run at its end, as `grade` writes it.
//! The goal never changes the simulation, and it stops looking at its end (a run in the
//! app may go on past it; the score is the end's).
//!
//! Pure: no files, threads or wall clock.

mod types;
pub mod words;

pub use types::{Check, Criterion, Expect, Kind, Region};

use super::{Robot, Simulation};
use serde::Serialize;
use serde_json::{json, Value};
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

/// One criterion's result at the end of a run.
#[derive(Clone, Debug, Serialize, serde::Deserialize, PartialEq)]
pub struct CriterionResult {
    pub id: String,
    pub status: CriterionStatus,
    pub points: f64,
    pub max_points: f64,
    pub actual: Value,
    pub expected: Value,
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

/// One criterion at a moment, in plain words.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveCriterion {
    pub id: String,
    /// The robot it is about (index into the run's robots).
    pub robot: usize,
    pub state: LiveState,
    /// Points earned so far (the criterion's points once passed).
    pub points: f64,
    pub max_points: f64,
    /// The task: "Reach the green area by 15.0 s".
    pub task: String,
    /// What happened, once decided: "reached it at 9.0 s; needed by 15.0 s" ("" while
    /// pending).
    pub outcome: String,
    /// What `outcome` was said from (`None` while pending): a viewer in another language
    /// says it again with [`words::outcome`].
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
}

/// What a criterion has seen so far (what it looks for is its [`Check`]).
#[derive(Clone, Debug, PartialEq)]
enum Seen {
    /// Decided at the end (no fault, distances, sound) — or from the VM's faults.
    AtEnd,
    /// Reach, never enter, no contact: the first tick it happened.
    First(Option<u64>),
    /// Visit: the times each region was entered, in order.
    Visits(Vec<u64>),
    /// Variable: the value at its moment.
    Value(Option<i64>),
    /// Display: view and value at its moment.
    Shown(Option<Value>),
    /// Line: ticks checked after `after_ms`, ticks near the line, the farthest seen;
    /// `no_light` when the robot has no light sensor.
    Line {
        ticks: u64,
        near: u64,
        worst_m: f64,
        no_light: bool,
    },
}

impl Seen {
    fn new(check: &Check) -> Seen {
        match check {
            Check::NoFault
            | Check::Displacement { .. }
            | Check::PathLength { .. }
            | Check::Sound { .. } => Seen::AtEnd,
            Check::Reach { .. } | Check::NeverEnter { .. } | Check::NoContact => Seen::First(None),
            Check::Visit { .. } => Seen::Visits(Vec::new()),
            Check::Variable { .. } => Seen::Value(None),
            Check::Display { .. } => Seen::Shown(None),
            Check::Line { .. } => Seen::Line {
                ticks: 0,
                near: 0,
                worst_m: 0.0,
                no_light: false,
            },
        }
    }
}

/// A run's criteria and what each has seen: owned and cheap to clone (the criteria are
/// shared).
#[derive(Clone, Debug, PartialEq)]
pub struct Goal {
    criteria: Arc<[Criterion]>,
    seen: Vec<Seen>,
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
        let seen = criteria.iter().map(|c| Seen::new(&c.check)).collect();
        Goal {
            criteria,
            seen,
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
        *self = Goal::new(self.criteria.to_vec(), self.end_ms);
    }

    /// Looks at the moment `sim` is at (once per moment; not past the end).
    pub fn observe(&mut self, sim: &Simulation) {
        let t = sim.time_ms();
        if t > self.end_ms || self.looked_ms.is_some_and(|l| l >= t) {
            return;
        }
        self.looked_ms = Some(t);
        // Each robot's pose is read once a tick, by the first criterion that needs it.
        let mut poses: [Option<(f64, f64)>; 4] = [None; 4];
        for (c, seen) in self.criteria.iter().zip(self.seen.iter_mut()) {
            look(c, seen, sim, t, &mut poses);
        }
        if t == self.end_ms {
            self.ended = Some(self.score(sim));
        }
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
        for (c, seen) in self.criteria.iter().zip(&self.seen) {
            let blocked = c.requires.iter().find(|r| {
                out.iter()
                    .any(|o| &o.id == *r && o.status != CriterionStatus::Pass)
            });
            let (pass, actual) = judge(c, seen, sim);
            let (status, actual) = match blocked {
                Some(r) => (
                    CriterionStatus::Skipped,
                    json!(format!("not checked: \"{r}\" did not pass")),
                ),
                None if pass => (CriterionStatus::Pass, actual),
                None => (CriterionStatus::Fail, actual),
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
                expected: expected_of(&c.check),
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
                actual: json!("the program did not load"),
                expected: expected_of(&c.check),
            })
            .collect()
    }

    /// Where each criterion stands at the moment `sim` is at, in plain words.
    pub fn status(&self, sim: &Simulation) -> GoalStatus {
        let t = sim.time_ms().min(self.end_ms);
        let results = self.results(sim);
        let names: Vec<String> = sim.layout().iter().map(|p| p.name.clone()).collect();
        let mut live: Vec<LiveCriterion> = Vec::with_capacity(self.criteria.len());
        for (k, (c, seen)) in self.criteria.iter().zip(&self.seen).enumerate() {
            let own = match &self.ended {
                Some(r) => ended_state(c, seen, &r[k], sim, self.end_ms),
                None => decided(c, seen, sim, t),
            };
            // A pass waits for the criteria it requires (its points are theirs to give); a
            // failure shows at once (the card's time is the moment it happened); a
            // requirement that failed skips it.
            let mut state = own;
            for r in &c.requires {
                let Some(o) = live.iter().find(|o| &o.id == r) else {
                    continue;
                };
                match o.state {
                    LiveState::Passed { .. } => {}
                    LiveState::Pending if matches!(own, LiveState::Failed { .. }) => {}
                    LiveState::Pending => state = LiveState::Pending,
                    LiveState::Failed { at_ms } | LiveState::Skipped { at_ms } => {
                        state = LiveState::Skipped { at_ms };
                        break;
                    }
                }
            }
            let robot_name = (names.len() > 1).then(|| names.get(c.robot).map(String::as_str));
            let said_from = match state {
                LiveState::Pending => None,
                LiveState::Skipped { .. } => Some(results[k].clone()),
                LiveState::Passed { .. } | LiveState::Failed { .. } => {
                    let (pass, actual) = judge(c, seen, sim);
                    let status = if pass {
                        CriterionStatus::Pass
                    } else {
                        CriterionStatus::Fail
                    };
                    Some(match &self.ended {
                        Some(_) => results[k].clone(),
                        None => CriterionResult {
                            status,
                            actual,
                            ..results[k].clone()
                        },
                    })
                }
            };
            let outcome = said_from
                .as_ref()
                .map(|r| words::outcome(c, r))
                .unwrap_or_default();
            live.push(LiveCriterion {
                id: c.id.clone(),
                robot: c.robot,
                state,
                points: match state {
                    LiveState::Passed { .. } => c.points,
                    _ => 0.0,
                },
                max_points: c.points,
                task: words::task(c, robot_name.flatten()),
                outcome,
                result: said_from,
            });
        }
        GoalStatus {
            time_ms: t,
            end_ms: self.end_ms,
            ended: self.ended.is_some(),
            points: live.iter().map(|l| l.points).sum(),
            max_points: self.criteria.iter().map(|c| c.points).sum(),
            criteria: self.criteria.clone(),
            live,
        }
    }
}

/// One criterion looks at moment `t`.
fn look(
    c: &Criterion,
    seen: &mut Seen,
    sim: &Simulation,
    t: u64,
    poses: &mut [Option<(f64, f64)>; 4],
) {
    let Some(robot) = sim.robot(c.robot) else {
        return;
    };
    // The brick's (x, z), read once a tick per robot (the first four robots cached).
    let mut at_xz = || {
        let read = || {
            let p = robot.pose();
            (p.x, p.z)
        };
        match poses.get_mut(c.robot) {
            Some(slot) => *slot.get_or_insert_with(read),
            None => read(),
        }
    };
    let mut inside = |r: &Region| {
        let (x, z) = at_xz();
        r.contains(x, z)
    };
    match (&c.check, seen) {
        (Check::Reach { region, by_ms }, Seen::First(at))
            if at.is_none() && t <= *by_ms && inside(region) =>
        {
            *at = Some(t);
        }
        (Check::NeverEnter { region }, Seen::First(at)) if at.is_none() && inside(region) => {
            *at = Some(t);
        }
        (Check::NoContact, Seen::First(at))
            if at.is_none() && sim.world().touches_wall_of(c.robot) =>
        {
            *at = Some(t);
        }
        (Check::Visit { regions, by_ms }, Seen::Visits(at))
            if t <= *by_ms && regions.get(at.len()).is_some_and(inside) =>
        {
            at.push(t);
        }
        (Check::Variable { index, at_ms, .. }, Seen::Value(got)) if t == *at_ms => {
            let v = robot.vm().variables().get(*index).copied().unwrap_or(0);
            *got = Some(i64::from(v));
        }
        (Check::Display { at_ms, .. }, Seen::Shown(got)) if t == *at_ms => {
            let lcd = robot.vm().lcd();
            *got = Some(json!({ "view": lcd.view, "value": lcd.value }));
        }
        (
            Check::Line {
                max_m, after_ms, ..
            },
            Seen::Line {
                ticks,
                near,
                worst_m,
                no_light,
            },
        ) => {
            if t <= *after_ms {
                return;
            }
            let Some((x, z)) = sim.world().light_spot_of(c.robot) else {
                *no_light = true;
                return;
            };
            let d = f64::from(
                sim.env_spec()
                    .lines
                    .iter()
                    .map(|l| l.distance_m(x, z))
                    .fold(f32::INFINITY, f32::min),
            );
            *ticks += 1;
            if d <= *max_m {
                *near += 1;
            }
            *worst_m = worst_m.max(d);
        }
        // Decided when the run ends.
        _ => {}
    }
}

/// A criterion's own state before the end: decided once what it waits for has happened.
fn decided(c: &Criterion, seen: &Seen, sim: &Simulation, t: u64) -> LiveState {
    match (&c.check, seen) {
        (Check::Reach { by_ms, .. }, Seen::First(at)) => match at {
            Some(a) => LiveState::Passed { at_ms: *a },
            None if t > *by_ms => LiveState::Failed { at_ms: *by_ms },
            None => LiveState::Pending,
        },
        (Check::Visit { regions, by_ms }, Seen::Visits(at)) => {
            if at.len() == regions.len() {
                LiveState::Passed {
                    at_ms: at.last().copied().unwrap_or(0),
                }
            } else if t > *by_ms {
                LiveState::Failed { at_ms: *by_ms }
            } else {
                LiveState::Pending
            }
        }
        (Check::NeverEnter { .. } | Check::NoContact, Seen::First(Some(a))) => {
            LiveState::Failed { at_ms: *a }
        }
        (Check::NoFault, _) => match first_fault_ms(sim, c.robot) {
            Some(a) => LiveState::Failed { at_ms: a },
            None => LiveState::Pending,
        },
        (Check::Variable { at_ms, .. }, Seen::Value(Some(_)))
        | (Check::Display { at_ms, .. }, Seen::Shown(Some(_))) => match judge(c, seen, sim).0 {
            true => LiveState::Passed { at_ms: *at_ms },
            false => LiveState::Failed { at_ms: *at_ms },
        },
        _ => LiveState::Pending,
    }
}

/// A criterion's state once the run has ended, from its result: when it passed or failed.
fn ended_state(
    c: &Criterion,
    seen: &Seen,
    r: &CriterionResult,
    sim: &Simulation,
    end_ms: u64,
) -> LiveState {
    let at_ms = match (&c.check, seen) {
        (Check::Reach { by_ms, .. }, Seen::First(at)) => at.unwrap_or(*by_ms),
        (Check::Visit { by_ms, .. }, Seen::Visits(at)) => match r.status {
            CriterionStatus::Pass => at.last().copied().unwrap_or(0),
            _ => *by_ms,
        },
        (Check::NeverEnter { .. } | Check::NoContact, Seen::First(at)) => at.unwrap_or(end_ms),
        (Check::NoFault, _) => first_fault_ms(sim, c.robot).unwrap_or(end_ms),
        (Check::Variable { at_ms, .. } | Check::Display { at_ms, .. }, _) => *at_ms,
        _ => end_ms,
    };
    match r.status {
        CriterionStatus::Pass => LiveState::Passed { at_ms },
        CriterionStatus::Fail => LiveState::Failed { at_ms },
        // Skipped is derived from the criteria it requires (their times).
        CriterionStatus::Skipped => LiveState::Failed { at_ms },
    }
}

fn first_fault_ms(sim: &Simulation, k: usize) -> Option<u64> {
    sim.robot(k)
        .and_then(|r| r.vm().faults().first().map(|f| f.time_ms))
}

fn round3(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

fn secs(ms: u64) -> f64 {
    ms as f64 / 1000.0
}

fn within(v: f64, min: Option<f64>, max: Option<f64>) -> bool {
    min.is_none_or(|m| v >= m) && max.is_none_or(|m| v <= m)
}

fn range_json(min: Option<f64>, max: Option<f64>) -> Value {
    json!({ "min_m": min, "max_m": max })
}

/// What a criterion expects, as `runs.jsonl` writes it.
pub fn expected_of(check: &Check) -> Value {
    match check {
        Check::NoFault => json!("no fault"),
        Check::NoContact => json!("no contact with a wall or box"),
        Check::Reach { region, by_ms } => {
            json!({ "region": region.to_json(), "by_s": secs(*by_ms) })
        }
        Check::NeverEnter { region } => json!({ "never_enter": region.to_json() }),
        Check::Visit { regions, by_ms } => json!({
            "regions": regions.iter().map(Region::to_json).collect::<Vec<_>>(),
            "by_s": secs(*by_ms),
        }),
        Check::Displacement { min_m, max_m } | Check::PathLength { min_m, max_m } => {
            range_json(*min_m, *max_m)
        }
        Check::Variable {
            index,
            at_ms,
            expect,
        } => match expect {
            Expect::Equals(v) => json!({ "index": index, "at_s": secs(*at_ms), "equals": v }),
            Expect::Range(lo, hi) => {
                json!({ "index": index, "at_s": secs(*at_ms), "min": lo, "max": hi })
            }
        },
        Check::Display { at_ms, view, value } => {
            json!({ "at_s": secs(*at_ms), "view": view, "value": value })
        }
        Check::Sound { contains } => json!(contains
            .iter()
            .map(|(f, ms)| json!({ "freq_hz": f, "ms": ms }))
            .collect::<Vec<_>>()),
        Check::Line {
            max_m,
            for_fraction,
            after_ms,
        } => json!({ "max_m": max_m, "for_fraction": for_fraction, "after_s": secs(*after_ms) }),
    }
}

/// Whether a criterion passes with what it has seen, and what was seen (`actual`).
fn judge(c: &Criterion, seen: &Seen, sim: &Simulation) -> (bool, Value) {
    let Some(robot) = sim.robot(c.robot) else {
        return (false, json!("the run has no such robot"));
    };
    match (&c.check, seen) {
        (Check::NoFault, _) => {
            let faults = robot.vm().faults();
            match faults.first() {
                None => (true, json!("no fault")),
                Some(f) => (
                    false,
                    json!(format!(
                        "{} fault(s); the first at {} s in task {}: {}",
                        faults.len(),
                        secs(f.time_ms),
                        f.task,
                        f.message
                    )),
                ),
            }
        }
        (Check::Reach { region, .. }, Seen::First(at)) => match at {
            Some(t) => (true, json!({ "reached_at_s": secs(*t) })),
            None => {
                let p = robot.pose();
                (
                    false,
                    json!({ "reached_at_s": null, "final": [round3(p.x), round3(p.z)], "inside_at_end": region.contains(p.x, p.z) }),
                )
            }
        },
        (Check::NeverEnter { .. }, Seen::First(at)) => match at {
            None => (true, json!({ "entered_at_s": null })),
            Some(t) => (false, json!({ "entered_at_s": secs(*t) })),
        },
        (Check::NoContact, Seen::First(at)) => match at {
            None => (true, json!({ "first_contact_s": null })),
            Some(t) => (false, json!({ "first_contact_s": secs(*t) })),
        },
        (Check::Visit { regions, .. }, Seen::Visits(at)) => (
            at.len() == regions.len(),
            json!({ "visited": at.len(), "of": regions.len(), "at_s": at.iter().map(|t| secs(*t)).collect::<Vec<_>>() }),
        ),
        (Check::Displacement { min_m, max_m }, _) => {
            let d = robot.displacement_m();
            (within(d, *min_m, *max_m), json!(round3(d)))
        }
        (Check::PathLength { min_m, max_m }, _) => {
            let d = robot.path_length_m();
            (within(d, *min_m, *max_m), json!(round3(d)))
        }
        (Check::Variable { expect, .. }, Seen::Value(got)) => {
            let pass = got.is_some_and(|g| match expect {
                Expect::Equals(e) => g == *e,
                Expect::Range(lo, hi) => lo.is_none_or(|l| g >= l) && hi.is_none_or(|h| g <= h),
            });
            (pass, json!(got))
        }
        (Check::Display { view, value, .. }, Seen::Shown(got)) => {
            let got = got.clone().unwrap_or(Value::Null);
            let pass = view
                .as_deref()
                .is_none_or(|w| got["view"].as_str() == Some(w))
                && value.is_none_or(|w| got["value"].as_i64() == Some(w));
            (pass, got)
        }
        (Check::Sound { contains }, _) => sound(contains, robot),
        (
            Check::Line { for_fraction, .. },
            Seen::Line {
                ticks,
                near,
                worst_m,
                no_light,
            },
        ) => {
            if *no_light {
                return (false, json!("the robot has no light sensor"));
            }
            let fraction = if *ticks == 0 {
                0.0
            } else {
                *near as f64 / *ticks as f64
            };
            (
                fraction >= *for_fraction,
                json!({ "fraction": round3(fraction), "farthest_m": round3(*worst_m) }),
            )
        }
        // A check and a state of different kinds cannot be made (Seen::new).
        _ => (false, Value::Null),
    }
}

/// Sound: every tone of `contains` was played (frequency and length).
fn sound(contains: &[(u32, u32)], robot: Robot<'_>) -> (bool, Value) {
    let tones: Vec<(u32, u32)> = robot
        .vm()
        .sounds()
        .iter()
        .filter(|s| s.kind == "tone")
        .map(|s| (s.value.max(0) as u32, s.duration_ms))
        .collect();
    let missing: Vec<Value> = contains
        .iter()
        .filter(|t| !tones.contains(t))
        .map(|(f, ms)| json!({ "freq_hz": f, "ms": ms }))
        .collect();
    let played = tones.len();
    (
        missing.is_empty(),
        json!({ "tones_played": played, "missing": missing }),
    )
}

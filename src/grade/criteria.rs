//! Criteria checked on every 1 ms tick: [`Grader`] is an [`Observer`] of one run that
//! follows each criterion of its scenario as the run goes (regions entered, contacts, the
//! light spot's distance to the line, values at their moment) and scores them when the run
//! ends. It also keeps the robot's path for the report (a point every [`PATH_EVERY_MS`]).

use super::assignment::{Check, Criterion, Expect, Region};
use crate::sim::scenario::Observer;
use crate::sim::{Robot, Simulation};
use serde::Serialize;
use serde_json::{json, Value};

/// How often the path for the report is sampled, simulated ms.
pub const PATH_EVERY_MS: u64 = 100;

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

/// One criterion's result.
#[derive(Clone, Debug, Serialize, serde::Deserialize, PartialEq)]
pub struct CriterionResult {
    pub id: String,
    pub status: CriterionStatus,
    pub points: f64,
    pub max_points: f64,
    pub actual: Value,
    pub expected: Value,
}

/// What a criterion has seen so far, with what it looks for: one variant per kind, made
/// from its [`Check`] and matched alone (no pairs of check and state that could disagree).
#[derive(Clone, Debug)]
enum Seen<'a> {
    /// Decided at the end from the VM's faults.
    NoFault,
    /// The first tick inside the region by `by_ms`.
    Reach {
        region: &'a Region,
        by_ms: u64,
        at: Option<u64>,
    },
    /// The times each region was entered, in order.
    Visit {
        regions: &'a [Region],
        by_ms: u64,
        at: Vec<u64>,
    },
    /// The first tick inside the region.
    NeverEnter { region: &'a Region, at: Option<u64> },
    /// The first tick touching a wall or box.
    NoContact { at: Option<u64> },
    /// Decided at the end from the robot's travel.
    Displacement {
        min_m: Option<f64>,
        max_m: Option<f64>,
    },
    PathLength {
        min_m: Option<f64>,
        max_m: Option<f64>,
    },
    /// The variable's value at `at_ms`.
    Variable {
        index: usize,
        at_ms: u64,
        expect: &'a Expect,
        got: Option<i64>,
    },
    /// The display at `at_ms`.
    Display {
        at_ms: u64,
        view: Option<&'a str>,
        value: Option<i64>,
        got: Option<Value>,
    },
    /// Decided at the end from the tones played.
    Sound { contains: &'a [(u32, u32)] },
    /// Ticks checked after `after_ms`, ticks within `max_m` of a line, the farthest seen.
    Line {
        max_m: f64,
        for_fraction: f64,
        after_ms: u64,
        ticks: u64,
        near: u64,
        worst_m: f64,
    },
}

impl<'a> Seen<'a> {
    /// Nothing seen yet of `check`.
    fn new(check: &'a Check) -> Seen<'a> {
        match check {
            Check::NoFault => Seen::NoFault,
            Check::Reach { region, by_ms } => Seen::Reach {
                region,
                by_ms: *by_ms,
                at: None,
            },
            Check::Visit { regions, by_ms } => Seen::Visit {
                regions,
                by_ms: *by_ms,
                at: Vec::new(),
            },
            Check::NeverEnter { region } => Seen::NeverEnter { region, at: None },
            Check::NoContact => Seen::NoContact { at: None },
            Check::Displacement { min_m, max_m } => Seen::Displacement {
                min_m: *min_m,
                max_m: *max_m,
            },
            Check::PathLength { min_m, max_m } => Seen::PathLength {
                min_m: *min_m,
                max_m: *max_m,
            },
            Check::Variable {
                index,
                at_ms,
                expect,
            } => Seen::Variable {
                index: *index,
                at_ms: *at_ms,
                expect,
                got: None,
            },
            Check::Display { at_ms, view, value } => Seen::Display {
                at_ms: *at_ms,
                view: view.as_deref(),
                value: *value,
                got: None,
            },
            Check::Sound { contains } => Seen::Sound { contains },
            Check::Line {
                max_m,
                for_fraction,
                after_ms,
            } => Seen::Line {
                max_m: *max_m,
                for_fraction: *for_fraction,
                after_ms: *after_ms,
                ticks: 0,
                near: 0,
                worst_m: 0.0,
            },
        }
    }
}

/// Follows one run's criteria.
pub struct Grader<'a> {
    criteria: &'a [Criterion],
    seen: Vec<Seen<'a>>,
    /// The brick's (x, z) every [`PATH_EVERY_MS`], in mm.
    pub path: Vec<[i32; 2]>,
    /// The light spot of the robot's first light sensor, when it has one.
    light: bool,
}

fn mm(v: f64) -> i32 {
    (v * 1000.0).round().clamp(-1e9, 1e9) as i32
}

impl<'a> Grader<'a> {
    pub fn new(criteria: &'a [Criterion]) -> Grader<'a> {
        let seen = criteria.iter().map(|c| Seen::new(&c.check)).collect();
        Grader {
            criteria,
            seen,
            path: Vec::new(),
            light: true,
        }
    }

    /// Scores every criterion once the run has ended, `requires` applied in file order.
    pub fn results(&self, sim: &Simulation) -> Vec<CriterionResult> {
        let mut out: Vec<CriterionResult> = Vec::new();
        // A graded run has one robot (index 0).
        let Some(robot) = sim.robot(0) else {
            return out;
        };
        for (c, seen) in self.criteria.iter().zip(&self.seen) {
            let blocked = c.requires.iter().find(|r| {
                out.iter()
                    .any(|o| &o.id == *r && o.status != CriterionStatus::Pass)
            });
            let (pass, actual) = judge(seen, robot, self.light);
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

    /// Every criterion failed because the program could not be loaded (the run's `error`
    /// says why).
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
}

impl Observer for Grader<'_> {
    fn observe(&mut self, sim: &Simulation) -> std::io::Result<()> {
        let t = sim.time_ms();
        let Some(robot) = sim.robot(0) else {
            return Ok(());
        };
        let pose = robot.pose();
        if t.is_multiple_of(PATH_EVERY_MS) && self.path.len() as u64 <= t / PATH_EVERY_MS {
            self.path.push([mm(pose.x), mm(pose.z)]);
        }
        let mut spot: Option<Option<(f32, f32)>> = None;
        let inside = |r: &Region| r.contains(pose.x, pose.z);
        for seen in self.seen.iter_mut() {
            match seen {
                Seen::Reach { region, by_ms, at } => {
                    if at.is_none() && t <= *by_ms && inside(region) {
                        *at = Some(t);
                    }
                }
                Seen::NeverEnter { region, at } => {
                    if at.is_none() && inside(region) {
                        *at = Some(t);
                    }
                }
                Seen::NoContact { at } => {
                    if at.is_none() && sim.world().touches_wall_of(0) {
                        *at = Some(t);
                    }
                }
                Seen::Visit { regions, by_ms, at } => {
                    if t <= *by_ms && regions.get(at.len()).is_some_and(inside) {
                        at.push(t);
                    }
                }
                Seen::Variable {
                    index, at_ms, got, ..
                } => {
                    if t == *at_ms {
                        let v = robot.vm().variables().get(*index).copied().unwrap_or(0);
                        *got = Some(i64::from(v));
                    }
                }
                Seen::Display { at_ms, got, .. } => {
                    if t == *at_ms {
                        let lcd = robot.vm().lcd();
                        *got = Some(json!({ "view": lcd.view, "value": lcd.value }));
                    }
                }
                Seen::Line {
                    max_m,
                    after_ms,
                    ticks,
                    near,
                    worst_m,
                    ..
                } => {
                    if t <= *after_ms {
                        continue;
                    }
                    let here = *spot.get_or_insert_with(|| sim.world().light_spot_of(0));
                    let Some((x, z)) = here else {
                        self.light = false;
                        continue;
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
                Seen::NoFault
                | Seen::Displacement { .. }
                | Seen::PathLength { .. }
                | Seen::Sound { .. } => {}
            }
        }
        Ok(())
    }
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

/// What a criterion expects, as reports show it.
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

/// Whether a criterion passed, and what was seen.
fn judge(seen: &Seen, robot: Robot<'_>, light: bool) -> (bool, Value) {
    match seen {
        Seen::NoFault => {
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
        Seen::Reach { region, at, .. } => match at {
            Some(t) => (true, json!({ "reached_at_s": secs(*t) })),
            None => {
                let p = robot.pose();
                (
                    false,
                    json!({ "reached_at_s": null, "final": [round3(p.x), round3(p.z)], "inside_at_end": region.contains(p.x, p.z) }),
                )
            }
        },
        Seen::NeverEnter { at, .. } => match at {
            None => (true, json!({ "entered_at_s": null })),
            Some(t) => (false, json!({ "entered_at_s": secs(*t) })),
        },
        Seen::NoContact { at } => match at {
            None => (true, json!({ "first_contact_s": null })),
            Some(t) => (false, json!({ "first_contact_s": secs(*t) })),
        },
        Seen::Visit { regions, at, .. } => (
            at.len() == regions.len(),
            json!({ "visited": at.len(), "of": regions.len(), "at_s": at.iter().map(|t| secs(*t)).collect::<Vec<_>>() }),
        ),
        Seen::Displacement { min_m, max_m } => {
            let d = robot.displacement_m();
            (within(d, *min_m, *max_m), json!(round3(d)))
        }
        Seen::PathLength { min_m, max_m } => {
            let d = robot.path_length_m();
            (within(d, *min_m, *max_m), json!(round3(d)))
        }
        Seen::Variable { expect, got, .. } => {
            let pass = got.is_some_and(|g| match expect {
                Expect::Equals(e) => g == *e,
                Expect::Range(lo, hi) => lo.is_none_or(|l| g >= l) && hi.is_none_or(|h| g <= h),
            });
            (pass, json!(got))
        }
        Seen::Display {
            view, value, got, ..
        } => {
            let got = got.clone().unwrap_or(Value::Null);
            let pass = view.is_none_or(|w| got["view"].as_str() == Some(w))
                && value.is_none_or(|w| got["value"].as_i64() == Some(w));
            (pass, got)
        }
        Seen::Sound { contains } => sound(contains, robot),
        Seen::Line {
            for_fraction,
            ticks,
            near,
            worst_m,
            ..
        } => {
            if !light {
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

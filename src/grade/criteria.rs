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

/// One criterion's result.
#[derive(Clone, Debug, Serialize, serde::Deserialize, PartialEq)]
pub struct CriterionResult {
    pub id: String,
    /// `pass`, `fail` or `skipped`.
    pub status: String,
    pub points: f64,
    pub max_points: f64,
    pub actual: Value,
    pub expected: Value,
}

/// What a criterion has seen so far.
#[derive(Clone, Debug)]
enum Seen {
    /// The first tick it held (reach), or broke (never_enter, no_contact).
    At(Option<u64>),
    /// Visit: the times each region was entered, in order.
    Visits(Vec<u64>),
    /// A value captured at its moment (variable, display).
    Value(Option<Value>),
    /// Line: ticks checked, ticks within the distance, the farthest distance seen.
    Line { ticks: u64, near: u64, worst_m: f64 },
    /// Decided at the end (no_fault, displacement, path_length, sound).
    End,
}

/// Follows one run's criteria.
pub struct Grader<'a> {
    criteria: &'a [Criterion],
    seen: Vec<Seen>,
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
        let seen = criteria
            .iter()
            .map(|c| match &c.check {
                Check::Reach { .. } | Check::NeverEnter { .. } | Check::NoContact => Seen::At(None),
                Check::Visit { .. } => Seen::Visits(Vec::new()),
                Check::Variable { .. } | Check::Display { .. } => Seen::Value(None),
                Check::Line { .. } => Seen::Line {
                    ticks: 0,
                    near: 0,
                    worst_m: 0.0,
                },
                _ => Seen::End,
            })
            .collect();
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
            let blocked = c
                .requires
                .iter()
                .find(|r| out.iter().any(|o| &o.id == *r && o.status != "pass"));
            let (pass, actual, expected) = judge(c, seen, robot, self.light);
            let (status, actual) = match blocked {
                Some(r) => (
                    "skipped",
                    json!(format!("not checked: \"{r}\" did not pass")),
                ),
                None if pass => ("pass", actual),
                None => ("fail", actual),
            };
            out.push(CriterionResult {
                id: c.id.clone(),
                status: status.into(),
                points: if status == "pass" { c.points } else { 0.0 },
                max_points: c.points,
                actual,
                expected,
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
                status: "fail".into(),
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
        for (c, seen) in self.criteria.iter().zip(self.seen.iter_mut()) {
            match (&c.check, seen) {
                (Check::Reach { region, by_ms }, Seen::At(at @ None))
                    if t <= *by_ms && region.contains(pose.x, pose.z) =>
                {
                    *at = Some(t);
                }
                (Check::NeverEnter { region }, Seen::At(at @ None))
                    if region.contains(pose.x, pose.z) =>
                {
                    *at = Some(t);
                }
                (Check::NoContact, Seen::At(at @ None)) if sim.world().touches_wall_of(0) => {
                    *at = Some(t);
                }
                (Check::Visit { regions, by_ms }, Seen::Visits(v)) if t <= *by_ms => {
                    if let Some(r) = regions.get(v.len()) {
                        if r.contains(pose.x, pose.z) {
                            v.push(t);
                        }
                    }
                }
                (Check::Variable { index, at_ms, .. }, Seen::Value(v)) if t == *at_ms => {
                    *v = Some(json!(robot
                        .vm()
                        .variables()
                        .get(*index)
                        .copied()
                        .unwrap_or(0)));
                }
                (Check::Display { at_ms, .. }, Seen::Value(v)) if t == *at_ms => {
                    let lcd = robot.vm().lcd();
                    *v = Some(json!({ "view": lcd.view, "value": lcd.value }));
                }
                (
                    Check::Line {
                        max_m, after_ms, ..
                    },
                    Seen::Line {
                        ticks,
                        near,
                        worst_m,
                    },
                ) if t > *after_ms => {
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
                _ => {}
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

/// Whether a criterion passed, what was seen, and what was expected.
fn judge(c: &Criterion, seen: &Seen, robot: Robot<'_>, light: bool) -> (bool, Value, Value) {
    let expected = expected_of(&c.check);
    let (pass, actual) = match (&c.check, seen) {
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
        (Check::Reach { region, .. }, Seen::At(at)) => match at {
            Some(t) => (true, json!({ "reached_at_s": secs(*t) })),
            None => {
                let p = robot.pose();
                (
                    false,
                    json!({ "reached_at_s": null, "final": [round3(p.x), round3(p.z)], "inside_at_end": region.contains(p.x, p.z) }),
                )
            }
        },
        (Check::NeverEnter { .. }, Seen::At(at)) => match at {
            None => (true, json!({ "entered_at_s": null })),
            Some(t) => (false, json!({ "entered_at_s": secs(*t) })),
        },
        (Check::NoContact, Seen::At(at)) => match at {
            None => (true, json!({ "first_contact_s": null })),
            Some(t) => (false, json!({ "first_contact_s": secs(*t) })),
        },
        (Check::Visit { regions, .. }, Seen::Visits(v)) => (
            v.len() == regions.len(),
            json!({ "visited": v.len(), "of": regions.len(), "at_s": v.iter().map(|t| secs(*t)).collect::<Vec<_>>() }),
        ),
        (Check::Displacement { min_m, max_m }, _) => {
            let d = robot.displacement_m();
            (within(d, *min_m, *max_m), json!(round3(d)))
        }
        (Check::PathLength { min_m, max_m }, _) => {
            let d = robot.path_length_m();
            (within(d, *min_m, *max_m), json!(round3(d)))
        }
        (Check::Variable { expect, .. }, Seen::Value(v)) => {
            let got = v.as_ref().and_then(Value::as_i64);
            let pass = got.is_some_and(|g| match expect {
                Expect::Equals(e) => g == *e,
                Expect::Range(lo, hi) => lo.is_none_or(|l| g >= l) && hi.is_none_or(|h| g <= h),
            });
            (pass, json!(got))
        }
        (Check::Display { view, value, .. }, Seen::Value(v)) => {
            let got = v.clone().unwrap_or(Value::Null);
            let pass = view
                .as_ref()
                .is_none_or(|w| got["view"].as_str() == Some(w.as_str()))
                && value.is_none_or(|w| got["value"].as_i64() == Some(w));
            (pass, got)
        }
        (Check::Sound { contains }, _) => {
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
        (
            Check::Line { for_fraction, .. },
            Seen::Line {
                ticks,
                near,
                worst_m,
            },
        ) => {
            if !light {
                (false, json!("the robot has no light sensor"))
            } else {
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
        _ => (false, json!("not checked")),
    };
    (pass, actual, expected)
}

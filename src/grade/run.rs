//! One graded run, a slice at a time: [`RunGrader`] builds the run's simulation (or finds
//! why the pupil's program does not load), runs it to its end through the one run loop
//! (`sim::scenario::run_until`) with the report's path looking on, and writes its record.
//! Whole (`grade_one`, the threads of `grade`) or in slices (a browser tab's frames), the
//! record is the same: slicing only stops the loop between ticks.

use super::criteria::Path;
use super::{Plan, RunRecord, RunRef, RunStatus};
use crate::sim::goal::{CriterionResult, Goal};
use crate::sim::scenario::{run_until, Scenario};
use crate::sim::Simulation;
use serde_json::Value;
use std::time::Duration;
use web_time::Instant;

/// Simulated ms between looks at the wall clock while a run is sliced (cheap to check,
/// short enough to stay within a tab's frame).
const SLICE_MS: u64 = 20;

/// The run as it goes.
struct Running {
    scenario: Scenario,
    sim: Simulation,
    path: Path,
}

/// One run being graded.
pub struct RunGrader {
    record: RunRecord,
    running: Option<Box<Running>>,
    /// Wall time spent on it so far.
    wall: Duration,
}

fn round_points(v: f64) -> f64 {
    (v * 1e6).round() / 1e6
}

fn panic_text(panic: Box<dyn std::any::Any + Send>) -> String {
    let why = panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default();
    format!("internal error while simulating: {why}")
}

impl RunGrader {
    /// Run `r` of `plan`, ready to run (or already decided: its program did not load).
    pub fn start(plan: &Plan, r: &RunRef) -> RunGrader {
        let started = Instant::now();
        let sc = &plan.assignment.scenarios[r.scenario];
        let mut g = RunGrader {
            record: RunRecord {
                run: plan.id(r),
                student: plan.pupils[r.pupil].id.clone(),
                scenario: sc.id.clone(),
                seed: r.seed,
                status: RunStatus::Ok,
                error: None,
                points: 0.0,
                max_points: round_points(sc.max_points()),
                criteria: Vec::new(),
                final_state: Value::Null,
                path: Vec::new(),
                start_offset: sc.offset(r.seed),
                wall_s: 0.0,
            },
            running: None,
            wall: Duration::ZERO,
        };
        let built = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let scenario = plan
                .scenario(r)
                .map_err(|why| (RunStatus::LoadFailed, why))?;
            let sim = scenario
                .build()
                .map_err(|e| (RunStatus::Error, e.to_string()))?;
            Ok::<_, (RunStatus, String)>(Box::new(Running {
                scenario,
                sim,
                path: Path::of(sc.pupil),
            }))
        }));
        match built {
            Ok(Ok(running)) => g.running = Some(running),
            Ok(Err((RunStatus::LoadFailed, why))) => {
                g.record.status = RunStatus::LoadFailed;
                g.record.criteria = Goal::unloaded(&sc.criteria);
                g.record.error = Some(why);
            }
            Ok(Err((status, why))) => {
                g.record.status = status;
                g.record.error = Some(why);
            }
            Err(panic) => {
                g.record.status = RunStatus::Error;
                g.record.error = Some(panic_text(panic));
            }
        }
        g.wall += started.elapsed();
        g
    }

    /// Runs for about `budget` (`None`: to the end); the record once the run is over.
    pub fn step(&mut self, budget: Option<Duration>) -> Option<RunRecord> {
        let started = Instant::now();
        if let Some(running) = self.running.as_deref_mut() {
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                slice(running, started, budget)
            }));
            match outcome {
                Ok(Ok(None)) => {
                    self.wall += started.elapsed();
                    return None;
                }
                Ok(Ok(Some((criteria, final_state)))) => {
                    self.record.points = round_points(criteria.iter().map(|c| c.points).sum());
                    self.record.criteria = criteria;
                    self.record.final_state = final_state;
                    self.record.path = std::mem::take(&mut running.path.points);
                }
                Ok(Err(why)) => {
                    self.record.status = RunStatus::Error;
                    self.record.error = Some(why);
                }
                Err(panic) => {
                    self.record.status = RunStatus::Error;
                    self.record.error = Some(panic_text(panic));
                }
            }
            self.running = None;
        }
        self.wall += started.elapsed();
        let mut record = self.record.clone();
        record.wall_s = (self.wall.as_secs_f64() * 1e3).round() / 1e3;
        Some(record)
    }
}

/// Ticks `r` to its end, or until `budget` is spent a slice at a time; its criteria and
/// final state once it has ended.
fn slice(
    r: &mut Running,
    started: Instant,
    budget: Option<Duration>,
) -> Result<Option<(Vec<CriterionResult>, Value)>, String> {
    let end = r.scenario.end_ms;
    loop {
        let now = r.sim.time_ms();
        if now >= end {
            break;
        }
        let to = match budget {
            Some(_) => end.min(now + SLICE_MS),
            None => end,
        };
        // The presses not applied yet (the run loop applies those due up to the end of
        // its slice).
        let presses: Vec<_> = (r.scenario.def.press_inputs().into_iter())
            .filter(|p| p.time_ms > now || now == 0)
            .collect();
        run_until(&mut r.sim, to, &presses, &mut [&mut r.path]).map_err(|e| e.to_string())?;
        if budget.is_some_and(|b| started.elapsed() >= b) && r.sim.time_ms() < end {
            return Ok(None);
        }
    }
    let pupil = r.path.robot;
    // The state object's pose, faults and display, made alone (the whole object would hold
    // every trace event of a busy program).
    let robot = r.sim.robot(pupil).ok_or("the run has no robot")?;
    let final_state = serde_json::json!({
        "pose": crate::sim::pose_json(&robot.pose()),
        "faults": crate::vm::faults_json(robot.vm()),
        "display": crate::vm::display_json(robot.vm()),
    });
    let results = r
        .sim
        .goal()
        .map(|g| g.results(&r.sim))
        .ok_or("the run has no goal")?;
    Ok(Some((results, final_state)))
}

//! One run, described once ([`Scenario`]): its definition ([`SimDef`]: the environment,
//! the robots with their files' text, poses and programs, the presses, the goal, the
//! settings), how long it runs and how its outputs list the robots. `run` builds one from
//! its flags, `run --scene` and the app from a scene file, `bench` from code, `grade` and the
//! app's challenges from an assignment's scenario and a pupil's program, `serve` and the
//! app's start-up from their robot and environment; every one of them then goes through
//! [`Simulation::create`] and [`run_until`], THE loop that ticks a simulation, applies the
//! inputs due (the presses, a recording's inputs, a history's) and lets [`Observer`]s
//! (trace CSV, recorders, audio, progress, the report's path, the timeline) look at it after
//! every tick. Pure: no wall clock, no files opened here.

pub use super::def::Press;
use super::def::{Listing, RobotDef, SimDef};
use super::scene::Scene;
use super::specs::SpecSource;
use super::{env_start, Simulation, TimedInput};
use crate::rcx::program::Program;

use crate::world::spec::SpecError;
use std::path::PathBuf;

/// A whole run's description.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// What the simulation is made from.
    pub def: SimDef,
    /// When the run ends, simulated ms.
    pub end_ms: u64,
    /// How its outputs list the robots (a scene's, or the one robot of `run`).
    pub listing: Listing,
}

impl Scenario {
    /// One robot (`run`, `serve`, the app): its robot file, the environment file, its
    /// program and its start pose (x, z in m, yaw in degrees; `None`: the environment's
    /// start).
    pub fn one(
        robot: SpecSource,
        environment: SpecSource,
        program: Option<(PathBuf, Program)>,
        pose: Option<(f32, f32, f32)>,
    ) -> Result<Scenario, SpecError> {
        let mut def = SimDef::from_files(&robot, &environment)?;
        let r1 = &mut def.robots[0];
        r1.program = program;
        r1.pose = pose.unwrap_or_else(|| env_start(&def.env));
        Ok(Scenario {
            def,
            end_ms: 0,
            listing: Listing::One,
        })
    }

    /// A scene file's robots and environment (`run --scene`, `serve --scene`, the app,
    /// `bench`).
    pub fn of_scene(scene: Scene) -> Scenario {
        Scenario {
            def: scene.into_def(),
            end_ms: 0,
            listing: Listing::Scene,
        }
    }

    /// The simulation at 0 s ([`Simulation::create`]).
    pub fn build(&self) -> Result<Simulation, SpecError> {
        Simulation::create(&self.def)
    }

    /// Builds the simulation and runs it to [`Scenario::end_ms`] with `observers`, the
    /// presses applied at their ticks.
    pub fn run(&self, observers: &mut [&mut dyn Observer]) -> Result<Simulation, RunError> {
        let mut sim = self.build().map_err(RunError::Build)?;
        run_until(&mut sim, self.end_ms, &self.def.press_inputs(), observers)?;
        Ok(sim)
    }

    /// The robots, in order.
    pub fn robots(&self) -> &[RobotDef] {
        &self.def.robots
    }
}

/// Why `program` (read from `path`) cannot be the program a run starts at 0 s — it has
/// no task 0 — or `Ok`. The one check of `run` and `grade` (a scene file's is its own,
/// with its line).
pub fn check_startable(path: &std::path::Path, program: &Program) -> Result<(), String> {
    match program.tasks[0] {
        Some(_) => Ok(()),
        None => Err(format!(
            "{}: the program has no task 0 to start",
            path.display()
        )),
    }
}

/// Something that looks at a run: once before the first tick, after every tick, and once
/// at the end. Observers never change the simulation.
pub trait Observer {
    /// After each tick (and once at the start). Called again at the same time must do
    /// nothing twice.
    fn observe(&mut self, sim: &Simulation) -> std::io::Result<()>;
    /// When the run has ended.
    fn finish(&mut self, _sim: &Simulation) -> std::io::Result<()> {
        Ok(())
    }
    /// What an error of this observer names (a file's path, say).
    fn name(&self) -> String {
        String::new()
    }
}

/// Why a run stopped short.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("{0}")]
    Build(SpecError),
    #[error("{observer}: {source}")]
    Observer {
        observer: String,
        source: std::io::Error,
    },
}

fn failed(o: &dyn Observer) -> impl FnOnce(std::io::Error) -> RunError + '_ {
    move |source| RunError::Observer {
        observer: o.name(),
        source,
    }
}

/// THE run loop, of every run and every replay: each of `inputs` (in time order, none
/// applied yet) is applied at its tick — a press on its robot's brick, a recording's or a
/// history's input — then one tick (whose last step is the goal's look), then every
/// observer looks; until the clock reads `end_ms`, the inputs stamped `end_ms` applied
/// too (the state at a moment holds what was done at it). Observers see the start too,
/// and finish at the end. The app's runner ticks through [`step`] too.
pub fn run_until<'a>(
    sim: &mut Simulation,
    end_ms: u64,
    inputs: impl IntoIterator<Item = &'a TimedInput>,
    observers: &mut [&mut dyn Observer],
) -> Result<(), RunError> {
    for o in observers.iter_mut() {
        o.observe(sim).map_err(failed(*o))?;
    }
    let mut next = inputs.into_iter().peekable();
    loop {
        while let Some(ti) = next.next_if(|ti| ti.time_ms <= sim.time_ms()) {
            sim.apply(ti.brick, ti.input.clone());
        }
        if sim.time_ms() >= end_ms {
            break;
        }
        step(sim, observers)?;
    }
    for o in observers.iter_mut() {
        o.finish(sim).map_err(failed(*o))?;
    }
    Ok(())
}

/// One tick, then every observer looks: the step of [`run_until`] and of the runner.
pub fn step(sim: &mut Simulation, observers: &mut [&mut dyn Observer]) -> Result<(), RunError> {
    sim.tick();
    for o in observers.iter_mut() {
        o.observe(sim).map_err(failed(*o))?;
    }
    Ok(())
}

impl<W: std::io::Write> Observer for super::csv::TraceCsv<W> {
    fn observe(&mut self, sim: &Simulation) -> std::io::Result<()> {
        super::csv::TraceCsv::observe(self, sim)
    }
    fn finish(&mut self, _sim: &Simulation) -> std::io::Result<()> {
        self.flush()
    }
}

/// An observer whose errors name a file.
pub struct Named<O> {
    pub name: String,
    pub inner: O,
}

impl<O: Observer> Observer for Named<O> {
    fn observe(&mut self, sim: &Simulation) -> std::io::Result<()> {
        self.inner.observe(sim)
    }
    fn finish(&mut self, sim: &Simulation) -> std::io::Result<()> {
        self.inner.finish(sim)
    }
    fn name(&self) -> String {
        self.name.clone()
    }
}

/// `--press` list: `[NAME:]BUTTON@SECONDS,…` → presses sorted by time (stable: presses at
/// one time keep their order). `names` are the run's robots; a press without a name is
/// robot `default`'s. The one parser of `run --press` and an assignment's `press`.
pub fn parse_presses(list: &str, names: &[String], default: usize) -> Result<Vec<Press>, String> {
    let mut v = Vec::new();
    for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let bad = |why: &str| {
            format!(
                "--press {item:?}: {why} (write [ROBOT:]BUTTON@SECONDS, BUTTON one of on-off, run, prgm, view)"
            )
        };
        let (name, at) = item.split_once('@').ok_or_else(|| bad("no @"))?;
        let (robot, name) = match name.split_once(':') {
            None => (default, name),
            Some((who, button)) => {
                let who = who.trim();
                let k = names.iter().position(|n| n == who).ok_or_else(|| {
                    bad(&format!(
                        "no robot named {who:?} (the robots are {})",
                        names.join(", ")
                    ))
                })?;
                (k, button)
            }
        };
        let button = crate::vm::Button::parse(name.trim()).ok_or_else(|| bad("unknown button"))?;
        let s: f64 = at
            .trim()
            .parse()
            .map_err(|_| bad("the time is not a number of seconds"))?;
        if !(s.is_finite() && (0.0..=1e9).contains(&s)) {
            return Err(bad("the time must be a number of seconds ≥ 0"));
        }
        v.push(Press {
            at_ms: crate::sim::time::ticks_in(s),
            robot,
            button,
        });
    }
    if v.len() > 100_000 {
        return Err("--press: at most 100000 presses".into());
    }
    v.sort_by_key(|p| p.at_ms);
    Ok(v)
}

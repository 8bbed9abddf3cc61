//! One run, described once: the environment, the robots (each with its file's text beside
//! its parsed spec, its start pose and its program), the seed, the realism, the button
//! presses and how long to run. `run` builds one from its flags, `run --scene` from a scene
//! file, `bench` from code and `grade` from an assignment's scenario and a pupil's program;
//! every one of them then goes through [`Scenario::build`] and [`run_until`], the one loop
//! that ticks a simulation and lets [`Observer`]s (trace CSV, recorders, audio, progress,
//! grading criteria) look at it after every tick. Pure: no wall clock, no files opened here.

use super::scene::{Scene, SceneRobot};
use super::specs::SpecSource;
use super::{env_start, Placement, SimConfig, Simulation};
use crate::rcx::program::Program;
use crate::vm::Button;
use crate::world::spec::{EnvSpec, SpecError};
use std::path::PathBuf;

/// A whole run's description. Robots' poses are resolved (the environment's start pose when
/// none was given).
#[derive(Clone, Debug)]
pub struct Scenario {
    /// The environment file's text.
    pub environment: SpecSource,
    /// The environment, parsed.
    pub env: EnvSpec,
    /// The robots, in order (robot `k` is index `k` of the simulation).
    pub robots: Vec<SceneRobot>,
    /// Built as a scene (`--json` prints a robot list, the CSV has a `robot` column) rather
    /// than as the one robot of `run`.
    pub scene: bool,
    /// Seed, realism and (for benchmarks) copies of a lone robot driven by its one brick.
    pub config: SimConfig,
    /// Button presses at simulated ms, in order; a robot with any is not started at 0 s
    /// (the presses drive it, as on a brick).
    pub presses: Vec<Press>,
    /// The criteria the run follows (a challenge's or an assignment's), set on the
    /// simulation [`Scenario::build`] makes.
    pub goal: Option<super::goal::Goal>,
    /// When the run ends, simulated ms.
    pub end_ms: u64,
}

impl Scenario {
    /// One robot (`run`, `grade`): its robot file, the environment file, its program and
    /// its start pose (x, z in m, yaw in degrees; `None`: the environment's start).
    pub fn one(
        robot: SpecSource,
        environment: SpecSource,
        program: Option<(PathBuf, Program)>,
        pose: Option<(f32, f32, f32)>,
    ) -> Result<Scenario, SpecError> {
        let spec = robot.robot_spec()?;
        let env = environment.env_spec()?;
        let pose = pose.unwrap_or_else(|| env_start(&env));
        Ok(Scenario {
            robots: vec![SceneRobot {
                name: "R1".into(),
                model: robot,
                spec,
                program,
                pose,
            }],
            environment,
            env,
            scene: false,
            config: SimConfig::default(),
            presses: Vec::new(),
            goal: None,
            end_ms: 0,
        })
    }

    /// A scene file's robots and environment (`run --scene`, `serve --scene`, `bench`).
    pub fn of_scene(scene: Scene) -> Scenario {
        Scenario {
            environment: scene.environment,
            env: scene.env,
            robots: scene.robots,
            scene: true,
            config: SimConfig::default(),
            presses: Vec::new(),
            goal: None,
            end_ms: 0,
        }
    }

    /// The simulation at 0 s: every robot placed, every program loaded; task 0 of each
    /// program started unless presses are to drive that brick; the goal set.
    pub fn build(&self) -> Result<Simulation, SpecError> {
        let layout = self
            .robots
            .iter()
            .map(|r| Placement {
                name: r.name.clone(),
                spec: r.spec.clone(),
                pose: r.pose,
                model: Some(r.model.clone()),
            })
            .collect();
        let mut sim = Simulation::build(layout, self.env.clone(), self.config.clone(), self.scene)?;
        sim.set_env_model(self.environment.clone());
        for (k, r) in self.robots.iter().enumerate() {
            if let Some((_, program)) = &r.program {
                if let Some(mut r) = sim.robot_mut(k) {
                    r.load_program(program.clone());
                    if !self.presses.iter().any(|p| p.robot == k) {
                        r.start();
                    }
                }
            }
        }
        sim.set_goal(self.goal.clone());
        Ok(sim)
    }

    /// Builds the simulation and runs it to [`Scenario::end_ms`] with `observers`.
    pub fn run(&self, observers: &mut [&mut dyn Observer]) -> Result<Simulation, RunError> {
        let mut sim = self.build().map_err(RunError::Build)?;
        run_until(&mut sim, self.end_ms, &self.presses, observers)?;
        Ok(sim)
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

/// THE run loop: presses due at or before the clock are applied (each on its robot's
/// brick), one tick (whose last step is the goal's look), then every observer looks; until
/// the clock reads `end_ms`. Observers see the start too, and finish at the end. The app's
/// runner ticks through [`step`] too.
pub fn run_until(
    sim: &mut Simulation,
    end_ms: u64,
    presses: &[Press],
    observers: &mut [&mut dyn Observer],
) -> Result<(), RunError> {
    for o in observers.iter_mut() {
        o.observe(sim).map_err(failed(*o))?;
    }
    let mut next_press = presses.iter().peekable();
    while sim.time_ms() < end_ms {
        while let Some(p) = next_press.next_if(|p| p.at_ms <= sim.time_ms()) {
            if let Some(mut r) = sim.robot_mut(p.robot) {
                r.press(p.button);
            }
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

/// A button press on one robot's brick at a simulated moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Press {
    pub at_ms: u64,
    /// The robot (index into the run's robots).
    pub robot: usize,
    pub button: Button,
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

//! What a simulation is made from, as plain data ([`SimDef`]): the environment, the robots
//! (each its name, robot file, start pose and program), the items put on the floor, the
//! button presses, the goal and the settings. [`Simulation::create`](super::Simulation::create)
//! makes every simulation from one — one robot or sixteen, from `run`, a scene file, an
//! assignment, the app or a recording — so no robot is "the" robot: robot `k` is
//! `robots[k]`. (Box2D v3 builds each of its objects from a plain definition the same way.)
//!
//! How a run's outputs show its robots — as the one robot of `run` or as a scene's list —
//! is the printer's choice ([`Listing`]), never the simulation's.

use super::specs::SpecSource;
use super::{Input, SimConfig, TimedInput};
use crate::rcx::program::Program;
use crate::vm::Button;
use crate::world::spec::{EnvSpec, RobotSpec, SpecError};
use std::path::PathBuf;

/// A button press on one robot's brick at a simulated moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Press {
    pub at_ms: u64,
    /// The robot (index into the run's robots).
    pub robot: usize,
    pub button: Button,
}

/// One robot of a simulation.
#[derive(Clone, Debug)]
pub struct RobotDef {
    /// Its name: a scene's, or `R1`, `R2`, … in order.
    pub name: String,
    /// Its robot file's text (what recordings carry), when known: always for robots read
    /// from files; `None` only for one made from a parsed spec ([`SimDef::one`]).
    pub model: Option<SpecSource>,
    /// Its robot file, parsed.
    pub spec: RobotSpec,
    /// Start pose: x, z in m and yaw in degrees (the environment's `[start]` convention).
    pub pose: (f32, f32, f32),
    /// The program its brick holds at the start (its file as named, and the program), task
    /// 0 started unless presses drive the brick.
    pub program: Option<(PathBuf, Program)>,
}

impl RobotDef {
    /// A robot of this file (its text and parse), at `pose`, without a program.
    pub fn of_file(
        name: &str,
        model: &SpecSource,
        pose: (f32, f32, f32),
    ) -> Result<RobotDef, SpecError> {
        Ok(RobotDef {
            name: name.to_string(),
            spec: model.robot_spec()?,
            model: Some(model.clone()),
            pose,
            program: None,
        })
    }
}

/// Something put on the floor when the simulation starts (and again at every reset), as a
/// logged input so recordings and replays see it.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A fixed box: its name, full size and centre (m) and yaw (degrees).
    Box {
        name: String,
        size: [f32; 3],
        centre: [f32; 3],
        yaw_deg: f32,
    },
}

impl Item {
    /// Its name.
    pub fn name(&self) -> &str {
        match self {
            Item::Box { name, .. } => name,
        }
    }

    /// The input that puts it on the floor.
    pub fn input(&self) -> Input {
        match self {
            Item::Box {
                name,
                size,
                centre,
                yaw_deg,
            } => Input::AddBox {
                name: name.clone(),
                size: *size,
                centre: *centre,
                yaw_deg: *yaw_deg,
            },
        }
    }
}

/// A whole simulation, defined.
#[derive(Clone, Debug)]
pub struct SimDef {
    /// The environment file's text, when known (as [`RobotDef::model`]).
    pub environment: Option<SpecSource>,
    /// The environment, parsed.
    pub env: EnvSpec,
    /// The robots, in order (robot `k` of the simulation is `robots[k]`; at least one).
    pub robots: Vec<RobotDef>,
    /// What is put on the floor at the start.
    pub items: Vec<Item>,
    /// Button presses at simulated ms, in time order: inputs the one run loop applies at
    /// their ticks ([`SimDef::press_inputs`]); a robot with any is not started at 0 s (the
    /// presses drive it, as on a brick).
    pub presses: Vec<Press>,
    /// The criteria the run follows (a challenge's or an assignment's).
    pub goal: Option<super::goal::Goal>,
    /// Seed, realism, battery and the VM's settings.
    pub config: SimConfig,
}

impl SimDef {
    /// `robots` on the environment of `environment`'s file, nothing else.
    pub fn new(environment: &SpecSource, robots: Vec<RobotDef>) -> Result<SimDef, SpecError> {
        Ok(SimDef {
            env: environment.env_spec()?,
            environment: Some(environment.clone()),
            robots,
            items: Vec::new(),
            presses: Vec::new(),
            goal: None,
            config: SimConfig::default(),
        })
    }

    /// One robot, `R1`, of the robot file `robot` at the environment's start, without a
    /// program.
    pub fn from_files(robot: &SpecSource, environment: &SpecSource) -> Result<SimDef, SpecError> {
        let env = environment.env_spec()?;
        let r1 = RobotDef::of_file("R1", robot, super::env_start(&env))?;
        SimDef::new(environment, vec![r1])
    }

    /// One robot, `R1`, of a parsed robot file at the environment's start (no files known:
    /// such a run cannot be recorded).
    pub fn one(robot: RobotSpec, env: EnvSpec) -> SimDef {
        SimDef {
            robots: vec![RobotDef {
                name: "R1".into(),
                model: None,
                spec: robot,
                pose: super::env_start(&env),
                program: None,
            }],
            environment: None,
            env,
            items: Vec::new(),
            presses: Vec::new(),
            goal: None,
            config: SimConfig::default(),
        }
    }

    /// With these settings.
    pub fn with_config(self, config: SimConfig) -> SimDef {
        SimDef { config, ..self }
    }

    /// The presses as the inputs the run loop applies, in time order.
    pub fn press_inputs(&self) -> Vec<TimedInput> {
        self.presses
            .iter()
            .map(|p| TimedInput {
                time_ms: p.at_ms,
                brick: p.robot,
                input: Input::Button { button: p.button },
            })
            .collect()
    }
}

/// How a run's outputs — the state JSON, the trace CSV, a recording — show its robots: as
/// the one robot of `run` (the state object itself, no `robot` column, no `scene` list), or
/// as a list of named robots, as a scene's are. The frontend that prints chooses it (`run`
/// by `--scene`, the runner by what it opened); the simulation is the same either way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Listing {
    /// The one robot of `run`.
    #[default]
    One,
    /// Named robots, as a scene's.
    Scene,
}

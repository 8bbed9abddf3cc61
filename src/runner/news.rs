//! What the runner tells its viewer with each publication, each once ([`RunnerEvent`]), so a
//! viewer never compares snapshots: another roster, another program, a fault, a message,
//! and which world it shows ([`WorldShown`]: the robot and environment files as built).

use super::Runner;
use crate::rcx::Program;
use crate::sim::specs::SpecSource;
use crate::sim::Snapshot;
use crate::world::spec::{EnvSpec, RobotSpec};

/// The world the runner shows: the shown robot's file and the environment's, as the
/// simulation was built from them (`None`: built from a parsed spec), and parsed.
#[derive(Clone, Debug)]
pub struct WorldShown {
    /// The robot shown (its index).
    pub robot: usize,
    pub robot_file: Option<SpecSource>,
    pub robot_spec: RobotSpec,
    pub env_file: Option<SpecSource>,
    pub env_spec: EnvSpec,
}

impl WorldShown {
    /// The world of `sim` with robot `k` shown (robot 0 past the last).
    pub fn of(sim: &crate::sim::Simulation, k: usize) -> WorldShown {
        // A simulation always has robot 0.
        let k = if k < sim.robot_count() { k } else { 0 };
        let placement = &sim.layout()[k];
        WorldShown {
            robot: k,
            robot_file: placement.model.clone(),
            robot_spec: placement.spec.clone(),
            env_file: sim.env_model().cloned(),
            env_spec: sim.env_spec().clone(),
        }
    }
}

/// News the runner publishes with its snapshots, each once, so a viewer never compares
/// snapshots to find out what changed.
#[derive(Clone, Debug)]
pub enum RunnerEvent {
    /// The robots (their names, in order) are others: one added or removed, another world.
    Roster(Vec<String>),
    /// The shown robot's program is another: loaded, downloaded, or another robot shown
    /// (`quiet`: not news). Its icons are the simulation's recognition (`vis`).
    Program {
        robot: usize,
        program: Box<Program>,
        vis: std::sync::Arc<Vec<crate::trace::Vi>>,
        quiet: bool,
    },
    /// A task of the shown robot faulted in the live run.
    Fault(crate::vm::Fault),
    /// A command's problem (as `RunnerStatus::message`).
    Message(super::Refusal),
    /// A notice (as `RunnerStatus::notice`), for the frontend to say in its language.
    Notice(Notice),
    /// The world shown is another (a new robot or environment, a scene, a recording, a
    /// graded run or challenge, another robot shown).
    World(Box<WorldShown>),
}

/// What the session says (`Session::take_notice`) that is not a refusal, as a typed value: the frontend says it
/// in its language (`RunnerEvent::Notice`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// An instruction or icon step found no program running on the robot shown, so it
    /// stepped 1 ms. `robot`: its name when the world has several (`None`: the one robot).
    SteppedWithoutProgram { robot: Option<String> },
    /// The input log reached its bound (`bound_mib` MiB): the history restarted at `at_ms`.
    HistoryRestarted { at_ms: u64, bound_mib: usize },
}

/// What the viewer was last told (for [`RunnerEvent`]s).
#[derive(Default)]
pub(super) struct Told {
    pub(super) roster: Vec<String>,
    pub(super) selected: usize,
    generation: Option<u64>,
    /// The world told: (the session's world generation, the robot shown).
    world: Option<(u64, usize)>,
    faults: usize,
    /// Events not yet taken by the viewer (a publication that found the queue full keeps
    /// them for the next).
    pub(super) pending: Vec<RunnerEvent>,
}

/// At most this many events wait for a viewer that does not read (headless `serve`); the
/// oldest go first.
const MAX_PENDING_EVENTS: usize = 256;

impl Told {
    pub(super) fn push(&mut self, e: RunnerEvent) {
        if self.pending.len() >= MAX_PENDING_EVENTS {
            self.pending.remove(0);
        }
        self.pending.push(e);
    }
}

impl Runner {
    /// What changed since the last publication, as events.
    pub(super) fn news(&mut self, snap: &Snapshot) {
        let told = &mut self.told;
        let roster: Vec<String> = snap.robots.iter().map(|r| r.name.clone()).collect();
        let relaid = roster != told.roster;
        if relaid {
            told.roster = roster.clone();
            told.push(RunnerEvent::Roster(roster));
        }
        let moved = relaid || snap.selected != told.selected;
        if moved {
            told.selected = snap.selected;
            told.generation = None;
            told.faults = 0;
        }
        if self.status.reviewing_ms.is_none() {
            for f in snap.faults.iter().skip(told.faults) {
                told.push(RunnerEvent::Fault(f.clone()));
            }
            told.faults = snap.faults.len();
        }
        let world = (self.session.world_generation(), snap.selected);
        if told.world != Some(world) {
            told.world = Some(world);
            told.push(RunnerEvent::World(Box::new(self.session.world_shown())));
        }
        if told.generation != Some(snap.program_generation) {
            told.generation = Some(snap.program_generation);
            told.push(RunnerEvent::Program {
                robot: snap.selected,
                program: Box::new(
                    self.session
                        .shown()
                        .robot(snap.selected)
                        .map(|r| r.program().clone())
                        .unwrap_or_default(),
                ),
                vis: snap.vis.clone(),
                quiet: moved,
            });
        }
    }
}

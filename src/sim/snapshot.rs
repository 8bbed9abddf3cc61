//! [`Snapshot`]: everything the app draws and displays about one moment, cheap to clone and
//! send across the runner's channel. The renderer draws from it and never reaches into
//! rapier or the VM.

use crate::trace::Vi;
use crate::vm::{Fault, OutputState, SensorView, SoundEvent, TaskView};
use crate::world::{BodyView, FloorView, Pose};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Everything the app needs to draw and display one moment (cheap to clone and send).
#[derive(Clone, Debug, Serialize)]
pub struct Snapshot {
    pub time_ms: u64,
    pub robot: String,
    pub environment: String,
    pub pose: Pose,
    pub start_pose: Pose,
    /// Horizontal straight-line distance from the start pose.
    pub displacement_m: f64,
    pub path_length_m: f64,
    pub yaw_total_deg: f64,
    pub bodies: Vec<BodyView>,
    pub statics: Vec<BodyView>,
    pub floor: FloorView,
    pub outputs: [OutputState; 3],
    pub sensors: Vec<SensorView>,
    pub variables: [i16; 32],
    pub timers: [i16; 4],
    pub program_slot: usize,
    pub tasks: Vec<TaskView>,
    pub faults: Vec<Fault>,
    /// Current VI index per running task.
    pub current_vi: BTreeMap<u8, usize>,
    /// The instruction each running task executes next, as LASM-like text
    /// (`"chkl 2,40,1,9,0 -> 12"`), for the trace window's tooltip.
    pub current_instr: BTreeMap<u8, String>,
    /// Seconds left in the "Wait for N seconds" icon each task is in (the original's
    /// countdown on the icon).
    pub countdown_s: BTreeMap<u8, f64>,
    /// How many sounds the program has played, and the newest one (for a speaker icon).
    pub sounds_count: usize,
    pub last_sound: Option<SoundEvent>,
    /// The newest sounds (at most 16; the speaker plays those it has not seen yet).
    pub recent_sounds: Vec<SoundEvent>,
    /// Changes whenever any program slot's code changes; `vis` belongs to it.
    pub program_generation: u64,
    /// The recognised VIs of the current program (shared, not copied, between snapshots).
    #[serde(skip)]
    pub vis: Arc<Vec<Vi>>,
    /// Trace events so far (the app's event log can show the newest).
    pub trace_events: usize,
    /// What the brick's LCD shows (the brick face draws it).
    pub display: crate::vm::Lcd,
    /// Which robot the brick, readouts and trace above are (0-based; 0 for one robot).
    pub selected: usize,
    /// Every robot of the world, in order (one for a one-robot run).
    pub robots: Vec<RobotTag>,
    /// The goal at this moment, when the run follows one (a challenge).
    #[serde(skip)]
    pub goal: Option<crate::sim::goal::GoalStatus>,
}

/// One robot of a snapshot, for its label in the 3D view and the robot list.
#[derive(Clone, Debug, Serialize)]
pub struct RobotTag {
    pub name: String,
    /// Its robot file's name (M1…).
    pub model: String,
    pub pose: Pose,
    pub start_pose: Pose,
    /// Whether a task of its brick is running or waiting.
    pub running: bool,
    /// Whether its brick's current slot holds a program.
    pub has_program: bool,
    /// What its LCD reads.
    pub display: String,
    pub ir_sent: u64,
    pub ir_received: u64,
}

impl Snapshot {
    /// True while any task is running or waiting.
    pub fn program_running(&self) -> bool {
        self.tasks
            .iter()
            .any(|t| t.state != crate::vm::TaskState::Stopped)
    }
}

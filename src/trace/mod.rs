//! Program tracing: recognises ROBOLAB's icons (VIs) in a program's instructions and maps
//! each running task's program counter to its current VI. Pure: no GUI, no clock.
//!
//! CONTRACT (add, don't rename): `Vi`, `ViKind`, `TraceEvent`, `recognise(&Program) ->
//! Vec<Vi>`, `Tracer::{new, update, current, events, vis}`.

use crate::rcx::Program;
use crate::vm::TaskView;
use serde::Serialize;
use std::collections::BTreeMap;

/// The kinds of VI, serialised as the `kind` string of the JSON (snake_case).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ViKind {
    MotorForward,
    MotorBackward,
    MotorStop,
    MotorFloat,
    WaitTime,
    WaitPush,
    WaitLetgo,
    WaitDark,
    WaitLight,
    WaitDarker,
    WaitLighter,
    WaitRotation,
    TouchFork,
    LightFork,
    ForkMerge,
    Jump,
    Land,
    Loop,
    LoopEnd,
    TaskSplit,
    PlaySound,
    PlayTone,
    Container,
    TimerReset,
    SensorSetup,
    StartTask,
    StopTask,
    Subroutine,
    Generic,
}

/// One recognised icon.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Vi {
    pub index: usize,
    pub task: u8,
    /// Set when the VI lies in a subroutine rather than a task.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sub: Option<u8>,
    pub kind: ViKind,
    pub label: String,
    pub params: BTreeMap<String, serde_json::Value>,
    /// Byte ranges [start, end) of the instructions it covers, in its task's (or sub's) code.
    pub ranges: Vec<(u16, u16)>,
    /// Indices of the VIs that can run next (wires).
    pub successors: Vec<usize>,
}

/// A task's current VI changed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TraceEvent {
    pub time_s: f64,
    pub task: u8,
    pub vi: usize,
}

/// Recognises the VIs of every task (and subroutine) of a program.
pub fn recognise(_program: &Program) -> Vec<Vi> {
    Vec::new()
}

/// Follows running tasks from VI to VI.
#[derive(Clone, Debug, Default)]
pub struct Tracer {
    vis: Vec<Vi>,
    current: BTreeMap<u8, usize>,
    events: Vec<TraceEvent>,
}

impl Tracer {
    pub fn new(program: &Program) -> Tracer {
        Tracer {
            vis: recognise(program),
            ..Default::default()
        }
    }

    /// Maps each task's pc to its VI; records an event for every change. Cheap enough to
    /// run every tick.
    pub fn update(&mut self, _time_ms: u64, _tasks: &[TaskView]) {}

    /// Current VI per running task.
    pub fn current(&self) -> &BTreeMap<u8, usize> {
        &self.current
    }

    /// All events so far.
    pub fn events(&self) -> &[TraceEvent] {
        &self.events
    }

    /// The recognised VIs.
    pub fn vis(&self) -> &[Vi] {
        &self.vis
    }
}

/// The PNG of a VI kind's icon (48 px), embedded from `assets/icons/`.
pub fn icon_png(_kind: ViKind) -> Option<&'static [u8]> {
    None
}

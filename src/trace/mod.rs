//! Program tracing: recognises ROBOLAB's icons (VIs) in a program's instructions and maps
//! each running task's program counter to its current VI. Pure: no GUI, no clock.
//!
//! CONTRACT (add, don't rename): `Vi`, `ViKind`, `TraceEvent`, `recognise(&Program) ->
//! Vec<Vi>`, `Tracer::{new, update, current, events, vis}`, `icon_png(kind)`.
//! Added: `edit` (the icon editor's core), `Tracer::{countdown, vi_of, events_dropped}`, `ViKind::{ALL, as_str, title,
//! is_wait, from_name}`, `icon_png_96(kind)`, `strips(&[Vi])`.
//!
//! `vi/` reads each block of code into VIs (checks in `vi/condition.rs`, motor groups in
//! `vi/motor.rs`), `cond.rs` reads checks and sensor setup,
//! `wires.rs` numbers and wires them, `catalog.rs` names kinds and holds the icons.
//! Must not depend on the VM's internals (only its public `TaskView`), the world or the GUI.

pub mod catalog;
mod cond;
pub mod edit;
mod vi;
mod wires;

use crate::rcx::Program;
use crate::vm::{SharedLog, TaskState, TaskView};
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

/// What an icon's parameters say, typed; each field is present where it applies. Serialised
/// as a JSON object of the fields that are set, in this (alphabetical) order.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ViParams {
    /// `[start, end)` of code that could not be decoded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bad_bytes: Option<(u16, u16)>,
    /// A fork's: what sends the task down its second successor ("pressed", "value > 40").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub branch_when: Option<String>,
    /// Light change (darker/lighter) waited for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub change: Option<i32>,
    /// Generic checks and while loops, as text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub condition: Option<String>,
    /// The variable (container) the icon reads or writes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub container: Option<i32>,
    /// Loop count or rotation target.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub direction: Option<Direction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frequency_hz: Option<i32>,
    /// A jump's or land's label name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// Output ports ("A", "AC"…).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub port: Option<String>,
    /// Power level as the program wrote it: ROBOLAB 1–5, NQC 0–7.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub power: Option<Power>,
    /// ROBOLAB 2.9's signed-power magnitude.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub power_percent: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub random_max_seconds: Option<f64>,
    /// A comparison ("<=", ">"…).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relation: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
    /// Sensor port 1–3, as on the brick.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sensor_port: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sound: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sub: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub task: Option<i32>,
    /// Where a wait's jump continues (a label name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub then_to: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threshold: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timer: Option<i32>,
}

/// A power level: a constant, or set from somewhere else (a variable; JSON `null`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Power {
    Level(i32),
    NotConstant,
}

impl Power {
    /// The constant level, if it is one.
    pub fn level(self) -> Option<i32> {
        match self {
            Power::Level(l) => Some(l),
            Power::NotConstant => None,
        }
    }
}

/// A motor icon's direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Forward,
    Backward,
}

/// One recognised icon.
///
/// `task` is the task whose strip shows the VI; for a subroutine's VI (`sub` set) it is the
/// lowest-numbered task that calls the sub (0 if none does).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Vi {
    pub index: usize,
    pub task: u8,
    /// Set when the VI lies in a subroutine rather than a task.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sub: Option<u8>,
    pub kind: ViKind,
    pub label: String,
    pub params: ViParams,
    /// Byte ranges [start, end) of the instructions it covers, in its task's (or sub's) code.
    pub ranges: Vec<(u16, u16)>,
    /// Indices of the VIs that can run next (wires). For a fork: first the path taken when
    /// its condition is false (fall-through), then the branch (`params.branch_when`); for a
    /// loop head: the body, then the exit; a task split also wires to the started task's
    /// first VI.
    pub successors: Vec<usize>,
}

/// A task's current VI changed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TraceEvent {
    pub time_s: f64,
    pub task: u8,
    pub vi: usize,
}

/// Recognises the VIs of every task (and subroutine) of a program: tasks 0–9 then subs
/// 0–7, each in program order. Never fails: undecodable code becomes a generic VI.
pub fn recognise(program: &Program) -> Vec<Vi> {
    wires::layout(program).vis
}

/// One strip: ((task, sub), VI indices in program order).
pub type Strip = ((u8, Option<u8>), Vec<usize>);

/// The VIs grouped into strips, one per task and then one per subroutine, each in program
/// order: ((task, sub), VI indices). A sub's strip carries the task it is shown under.
pub fn strips(vis: &[Vi]) -> Vec<Strip> {
    let mut out: Vec<Strip> = Vec::new();
    for v in vis {
        let key = (v.task, v.sub);
        match out.iter_mut().find(|(k, _)| *k == key) {
            Some((_, list)) => list.push(v.index),
            None => out.push((key, vec![v.index])),
        }
    }
    out
}

/// No VI at this address.
const NONE: u32 = u32::MAX;

/// Most events kept (a line follower switches icons a few times a second; this holds hours).
pub const MAX_EVENTS: usize = 200_000;

/// pc → VI for one task's or sub's code.
#[derive(Clone, Debug, Default)]
struct PcTable {
    /// VI of the instruction starting (or continuing) at each byte address.
    at: Vec<u32>,
    /// VI of the `wait` that ends just before each address: the VM moves the pc past a
    /// `wait` while the task sleeps, but the wait is what the user should see lit.
    after_wait: Vec<u32>,
}

impl PcTable {
    fn get(&self, pc: u16, waiting: bool) -> Option<usize> {
        let pc = pc as usize;
        if waiting {
            if let Some(&v) = self.after_wait.get(pc).filter(|&&v| v != NONE) {
                return Some(v as usize);
            }
        }
        self.at
            .get(pc)
            .copied()
            .filter(|&v| v != NONE)
            .map(|v| v as usize)
    }
}

/// Follows running tasks from VI to VI.
#[derive(Clone, Debug, Default)]
pub struct Tracer {
    vis: Vec<Vi>,
    current: BTreeMap<u8, usize>,
    events: SharedLog<TraceEvent>,
    events_dropped: u64,
    tasks: Vec<PcTable>,
    subs: Vec<PcTable>,
    countdown_ms: BTreeMap<u8, u32>,
}

impl Tracer {
    pub fn new(program: &Program) -> Tracer {
        let layout = wires::layout(program);
        let mut tasks = vec![PcTable::default(); crate::rcx::program::MAX_TASKS];
        let mut subs = vec![PcTable::default(); crate::rcx::program::MAX_SUBS];
        for ((id, len, span), (_, waits)) in layout.blocks.iter().zip(layout.after_wait.iter()) {
            let mut t = PcTable {
                at: vec![NONE; len + 1],
                after_wait: vec![NONE; len + 1],
            };
            for v in &layout.vis[span.clone()] {
                for &(s, e) in &v.ranges {
                    for a in s..e {
                        if let Some(x) = t.at.get_mut(a as usize) {
                            *x = v.index as u32;
                        }
                    }
                }
            }
            for &(a, v) in waits {
                if let Some(x) = t.after_wait.get_mut(a as usize) {
                    *x = v as u32;
                }
            }
            let slot = match id {
                vi::BlockId::Task(n) => tasks.get_mut(*n as usize),
                vi::BlockId::Sub(n) => subs.get_mut(*n as usize),
            };
            if let Some(s) = slot {
                *s = t;
            }
        }
        Tracer {
            vis: layout.vis,
            tasks,
            subs,
            ..Default::default()
        }
    }

    /// The VI a task is in, from its pc (in its sub's code while it runs a sub).
    pub fn vi_of(&self, task: &TaskView) -> Option<usize> {
        let table = match task.sub {
            Some(s) => self.subs.get(s as usize),
            None => self.tasks.get(task.task as usize),
        }?;
        table.get(task.pc, task.wait_remaining_ms.is_some())
    }

    /// Maps each task's pc to its VI; records an event for every change. Cheap enough to
    /// run every tick: one table look-up per task. Stopped tasks leave `current`.
    pub fn update(&mut self, time_ms: u64, tasks: &[TaskView]) {
        for tv in tasks {
            if tv.state == TaskState::Stopped {
                self.current.remove(&tv.task);
                self.countdown_ms.remove(&tv.task);
                continue;
            }
            let Some(vi) = self.vi_of(tv) else { continue };
            match tv.wait_remaining_ms {
                Some(ms) if self.vis[vi].kind == ViKind::WaitTime => {
                    self.countdown_ms.insert(tv.task, ms);
                }
                _ => {
                    self.countdown_ms.remove(&tv.task);
                }
            }
            if self.current.get(&tv.task) != Some(&vi) {
                self.current.insert(tv.task, vi);
                if self.events.len() < MAX_EVENTS {
                    self.events.push(TraceEvent {
                        time_s: time_ms as f64 / 1000.0,
                        task: tv.task,
                        vi,
                    });
                } else {
                    self.events_dropped += 1;
                }
            }
        }
    }

    /// Seconds left in the timed wait a task is in (for the app's countdown), if it is in one.
    pub fn countdown(&self, task: u8) -> Option<f64> {
        self.countdown_ms.get(&task).map(|&ms| ms as f64 / 1000.0)
    }

    /// Current VI per running task.
    pub fn current(&self) -> &BTreeMap<u8, usize> {
        &self.current
    }

    /// All events so far.
    pub fn events(&self) -> &SharedLog<TraceEvent> {
        &self.events
    }

    /// Events not kept because the log was full.
    pub fn events_dropped(&self) -> u64 {
        self.events_dropped
    }

    /// The recognised VIs.
    pub fn vis(&self) -> &[Vi] {
        &self.vis
    }
}

/// The PNG of a VI kind's icon (48 px), embedded from `assets/icons/`. Our own artwork,
/// one per kind, tiles coloured by family. Motor and sensor icons carry no port: draw
/// `params.port` / `params.sensor_port` over the bottom-right corner, which the symbols
/// keep clear. The highlighted (running) state is the app's to draw (e.g. a bright frame or
/// a brighter tint); the icons stay legible at 130 % brightness.
pub fn icon_png(kind: ViKind) -> Option<&'static [u8]> {
    catalog::icon_png(kind, false)
}

/// The same icon at 96 px (high-DPI screens, the 3D billboard).
pub fn icon_png_96(kind: ViKind) -> Option<&'static [u8]> {
    catalog::icon_png(kind, true)
}

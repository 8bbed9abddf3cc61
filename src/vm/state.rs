//! Plain state records of the VM: tasks, sensor ports, events, global output controls.
//! No behaviour beyond resets; depends on nothing outside `vm`.

use super::{OutputMode, TaskState};
use crate::rcx::{SensorMode, SensorType};

/// Task-local variables per task (indices 32–47, rcx.md §3.4).
pub const LOCALS: usize = 16;
/// Loop-counter levels per task (rcx.md §6.5).
pub const LOOP_LEVELS: usize = 4;

/// One of the ten tasks of the current program.
#[derive(Clone, Debug)]
pub struct Task {
    pub state: TaskState,
    /// Byte address of the next instruction in the task's code, or the sub's while `sub`.
    pub pc: u16,
    pub sub: Option<u8>,
    /// The firmware keeps ONE return address per task (rcx.md §6.1): address and the
    /// code it lies in (`None` = the task's own code). `None` once used.
    pub ret: Option<(u16, Option<u8>)>,
    /// Simulated ms at which a `wait` ends.
    pub wait_until: u64,
    pub locals: [i16; LOCALS],
    pub loops: [i16; LOOP_LEVELS],
    pub loop_depth: u8,
    /// `setp`: 0 = highest.
    pub priority: u8,
    /// Source 23: events that fired for this task while monitored.
    pub events: u16,
    /// `mone`: (event mask, handler address, handler's sub).
    pub monitor: Option<(u16, u16, Option<u8>)>,
    /// `monal`: (resources held, handler address, handler's sub).
    pub acquire: Option<(u8, u16, Option<u8>)>,
    /// Bumped by every (re)start or stop, so the interpreter can tell that an instruction
    /// reset its own task (e.g. `set 8` selecting a program) and must not move its pc.
    pub epoch: u32,
}

/// Default task priority. NQC's `SetPriority` documentation gives 0 as highest and 255 as
/// lowest; what the firmware starts with is not documented — choose the lowest so that any
/// `setp` raises a task above the unprioritised ones.
pub const DEFAULT_PRIORITY: u8 = 255;

impl Default for Task {
    fn default() -> Self {
        Task {
            state: TaskState::Stopped,
            pc: 0,
            sub: None,
            ret: None,
            wait_until: 0,
            locals: [0; LOCALS],
            loops: [0; LOOP_LEVELS],
            loop_depth: 0,
            priority: DEFAULT_PRIORITY,
            events: 0,
            monitor: None,
            acquire: None,
            epoch: 0,
        }
    }
}

impl Task {
    /// Resets the execution state for a (re)start or stop; local variables and priority
    /// survive (the firmware has no documented reason to clear them).
    pub fn reset(&mut self, state: TaskState) {
        self.state = state;
        self.pc = 0;
        self.sub = None;
        self.ret = None;
        self.wait_until = 0;
        self.loops = [0; LOOP_LEVELS];
        self.loop_depth = 0;
        self.events = 0;
        self.monitor = None;
        self.acquire = None;
        self.epoch = self.epoch.wrapping_add(1);
    }
}

/// One sensor port as the firmware processes it (rcx.md §4).
#[derive(Clone, Debug)]
pub struct Sensor {
    pub ty: SensorType,
    pub mode: SensorMode,
    pub slope: u8,
    pub raw: u16,
    /// Raw of the previous scan, for slope (dynamic) boolean mode.
    pub prev_raw: u16,
    pub boolean: bool,
    /// Boolean transitions since the last clear (edge mode; pulse = half of it).
    pub transitions: i16,
    /// Rotation count (1/16 turn) since the last clear.
    pub angle: i16,
    /// `Brick::rotation_count` at the previous scan.
    pub last_rotation: Option<i32>,
    pub value: i16,
}

impl Default for Sensor {
    fn default() -> Self {
        Sensor {
            ty: SensorType::None,
            mode: SensorMode::Raw,
            slope: 0,
            // An unconnected input reads full scale (rcx.md §4.3: released touch ≈ 1023).
            raw: 1023,
            prev_raw: 1023,
            boolean: false,
            transitions: 0,
            angle: 0,
            last_rotation: None,
            value: 0,
        }
    }
}

/// Global output control of one output (`gout`/`gdir`/`gpwr`, rcx.md §5).
#[derive(Clone, Copy, Debug)]
pub struct GlobalOut {
    /// `On` = enabled (the task settings apply); `Off`/`Float` force that mode.
    pub mode: OutputMode,
    /// Every requested direction is inverted.
    pub reverse: bool,
    /// Maximum power 0–7.
    pub max_power: u8,
}

impl Default for GlobalOut {
    fn default() -> Self {
        GlobalOut {
            mode: OutputMode::On,
            reverse: false,
            max_power: 7,
        }
    }
}

/// Default click/double-click time in 10 ms units. The firmware's default is not
/// documented; 0.5 s is a common double-click interval and NQC programs set it anyway.
pub const DEFAULT_EVENT_DURATION: i16 = 50;

/// One of the 16 configurable events (rcx.md §6.4).
#[derive(Clone, Debug)]
pub struct Event {
    pub defined: bool,
    /// 0–2 sensors, 3–6 timers, 7 message, 8–10 counters.
    pub src: u8,
    pub ty: u8,
    pub upper: i16,
    pub lower: i16,
    pub hysteresis: i16,
    pub duration: i16,
    pub clicks: i16,
    /// Source 25: 0 low, 1 normal, 2 high.
    pub state: u8,
    pub last_bool: bool,
    pub last_value: i16,
    /// When the source last went "pressed" (for clicks).
    pub press_ms: Option<u64>,
    /// When the last click completed (for double clicks).
    pub click_ms: Option<u64>,
}

impl Default for Event {
    fn default() -> Self {
        Event {
            defined: false,
            src: 0,
            ty: 0,
            upper: 0,
            lower: 0,
            hysteresis: 0,
            duration: DEFAULT_EVENT_DURATION,
            clicks: 0,
            state: 1,
            last_bool: false,
            last_value: 0,
            press_ms: None,
            click_ms: None,
        }
    }
}

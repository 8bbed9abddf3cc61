//! The icon editor's core: a program of ROBOLAB icons as a document, pure editing
//! operations on it, validation, the generator (icons → the LASM and bytecode ROBOLAB 2.9
//! emits) and the editor's own text format. The tracer ([`crate::trace::recognise`]) is the
//! generator's inverse: [`Doc::from_program`] opens any program as icons.
//!
//! CONTRACT (add, don't rename): `Kind`, `Group`, `Param`, `Icon`, `StripId`, `Strip`, `Doc`,
//! `Pos`, `Problem`, `EditError`, `Generated`, `IconCode`, `TextError`; the operations
//! `insert`, `insert_structure`, `remove`, `move_icon`, `set_param`, `add_task`, `add_sub`,
//! `remove_strip`; `check`, `generate`, `Doc::from_program`, `to_text`, `from_text`.
//!
//! A strip (a task or a subroutine) is a flat sequence of icons in code order; structures
//! are marked by their icons: a loop head … `LoopEnd`; a fork … `ForkBranch` (its second
//! branch starts here) … `ForkMerge`; `Jump` to the `Land` of the same label. A
//! half-finished program (a fork without its merge) is a valid document: [`check`] names
//! what cannot compile, on the icon concerned. Pure: no GUI, no files, no threads, no clock.

mod check;
mod compile;
mod gen;
mod label;
mod open;
mod ops;
mod text;
mod why;

pub use check::{check, MAX_COUNTED_NESTING, PROGRAM_MEMORY};
pub use compile::generate;
pub use gen::{lasm_preview, Generated, IconCode};
pub use ops::{
    add_sub, add_task, insert, insert_structure, move_icon, remove, remove_strip, set_param,
};
pub use text::{from_text, to_text, TextError, TEXT_HEADER};
pub use why::{id_text, id_words, SensorKind, Why};

use super::ViKind;
use std::ops::RangeInclusive;

/// The kinds of icon the editor places (ROBOLAB's functions), grouped by [`Group`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
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
    /// Loop a number of times (`Count`) … `LoopEnd`.
    LoopCount,
    /// Loop forever … `LoopEnd`.
    LoopForever,
    /// Loop until the touch sensor is pressed (`Until` 1) or released (0) … `LoopEnd`.
    LoopTouch,
    /// Loop until the light sensor reads ≤ `Threshold` (`Until` 1, dark) or ≥ it (0,
    /// light) … `LoopEnd`.
    LoopLight,
    LoopEnd,
    /// First branch: pressed; second (after `ForkBranch`): released.
    TouchFork,
    /// First branch: dark (below `Threshold`); second: light (at or above it).
    LightFork,
    /// Where a fork's second branch starts.
    ForkBranch,
    ForkMerge,
    Jump,
    Land,
    /// Starts task `Task` (its own strip) beside this one.
    TaskSplit,
    StartTask,
    StopTask,
    /// Calls subroutine `Sub`.
    Subroutine,
    PlaySound,
    PlayTone,
    /// Container (variable) `Container` `Operation` `Value` (fill, add, subtract, multiply,
    /// divide).
    Container,
    TimerReset,
    /// Code the tracer cannot name, kept byte for byte ([`Icon::code`]); movable and
    /// deletable, not editable.
    Generic,
}

/// ROBOLAB's palette groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    Outputs,
    WaitFor,
    Structures,
    SensorsTimers,
    TasksSubs,
    Sounds,
    Containers,
    /// Generic code (not in the palette).
    Other,
}

impl Group {
    /// Every group in palette order.
    pub const ALL: [Group; 8] = [
        Group::Outputs,
        Group::WaitFor,
        Group::Structures,
        Group::SensorsTimers,
        Group::TasksSubs,
        Group::Sounds,
        Group::Containers,
        Group::Other,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Group::Outputs => "Outputs",
            Group::WaitFor => "Wait for",
            Group::Structures => "Structures",
            Group::SensorsTimers => "Sensors and timers",
            Group::TasksSubs => "Tasks and subroutines",
            Group::Sounds => "Sounds and tones",
            Group::Containers => "Containers",
            Group::Other => "Other",
        }
    }
}

/// One modifier of an icon. Values are `i32`: times in hundredths of a second, motor ports
/// as a mask (A = 1, B = 2, C = 4), sensor ports 1–3 as on the brick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Param {
    /// Motor ports mask 1–7 (A = 1, B = 2, C = 4).
    Ports,
    /// Power level 1–5.
    Power,
    /// Wait time, 1/100 s.
    Time,
    /// Sensor port 1–3.
    SensorPort,
    /// Light threshold 0–100 (percent).
    Threshold,
    /// Darker / lighter change 1–100.
    Change,
    /// Loop count, or rotation count (16 per turn).
    Count,
    /// Loop-until condition: 1 pressed / dark, 0 released / light.
    Until,
    /// Tone frequency, Hz.
    Frequency,
    /// Tone duration, 1/100 s.
    Duration,
    /// System sound 0–5.
    Sound,
    /// Container number 0–31.
    Container,
    /// Container operation: 0 fill, 1 add, 2 subtract, 3 multiply, 4 divide.
    Operation,
    /// Container operand.
    Value,
    /// Task 0–9.
    Task,
    /// Subroutine 0–7.
    Sub,
    /// Timer 0–3.
    Timer,
    /// Jump / land label 1–99 (ROBOLAB's colours).
    Label,
}

impl Param {
    /// The values ROBOLAB allows.
    pub fn range(self) -> RangeInclusive<i32> {
        match self {
            Param::Ports => 1..=7,
            Param::Power => 1..=5,
            Param::Time => 0..=32767,
            Param::SensorPort => 1..=3,
            Param::Threshold => 0..=100,
            Param::Change => 1..=100,
            Param::Count => 1..=32767,
            Param::Until => 0..=1,
            Param::Frequency => 31..=20000,
            Param::Duration => 1..=255,
            Param::Sound => 0..=5,
            Param::Container => 0..=31,
            Param::Operation => 0..=4,
            Param::Value => -32768..=32767,
            Param::Task => 0..=9,
            Param::Sub => 0..=7,
            Param::Timer => 0..=3,
            Param::Label => 1..=99,
        }
    }

    /// The name in the text format (`power=5`).
    pub fn as_str(self) -> &'static str {
        match self {
            Param::Ports => "ports",
            Param::Power => "power",
            Param::Time => "time",
            Param::SensorPort => "sensor",
            Param::Threshold => "threshold",
            Param::Change => "change",
            Param::Count => "count",
            Param::Until => "until",
            Param::Frequency => "frequency",
            Param::Duration => "duration",
            Param::Sound => "sound",
            Param::Container => "container",
            Param::Operation => "operation",
            Param::Value => "value",
            Param::Task => "task",
            Param::Sub => "sub",
            Param::Timer => "timer",
            Param::Label => "label",
        }
    }

    /// A modifier's title as the editor shows it.
    pub fn title(self) -> &'static str {
        match self {
            Param::Ports => "Ports",
            Param::Power => "Power level",
            Param::Time => "Seconds",
            Param::SensorPort => "Sensor port",
            Param::Threshold => "Threshold",
            Param::Change => "Change",
            Param::Count => "Count",
            Param::Until => "Until",
            Param::Frequency => "Frequency (Hz)",
            Param::Duration => "Duration (s)",
            Param::Sound => "Sound",
            Param::Container => "Container",
            Param::Operation => "Operation",
            Param::Value => "Value",
            Param::Task => "Task",
            Param::Sub => "Subroutine",
            Param::Timer => "Timer",
            Param::Label => "Label",
        }
    }

    /// The value a new icon gets.
    pub fn default_value(self) -> i32 {
        match self {
            Param::Ports => 1,
            Param::Power => 5,
            Param::Time => 100,
            Param::SensorPort => 1,
            Param::Threshold => 50,
            Param::Change => 5,
            Param::Count => 2,
            Param::Until => 1,
            Param::Frequency => 440,
            Param::Duration => 50,
            Param::Sound => 1,
            Param::Container => 0,
            Param::Operation => 0,
            Param::Value => 0,
            Param::Task => 1,
            Param::Sub => 0,
            Param::Timer => 0,
            Param::Label => 1,
        }
    }

    /// Every parameter.
    pub const ALL: [Param; 18] = [
        Param::Ports,
        Param::Power,
        Param::Time,
        Param::SensorPort,
        Param::Threshold,
        Param::Change,
        Param::Count,
        Param::Until,
        Param::Frequency,
        Param::Duration,
        Param::Sound,
        Param::Container,
        Param::Operation,
        Param::Value,
        Param::Task,
        Param::Sub,
        Param::Timer,
        Param::Label,
    ];

    /// The parameter named `name` in the text format.
    pub fn from_name(name: &str) -> Option<Param> {
        Param::ALL.iter().copied().find(|p| p.as_str() == name)
    }
}

impl Kind {
    /// Every kind, in palette order.
    pub const ALL: [Kind; 32] = [
        Kind::MotorForward,
        Kind::MotorBackward,
        Kind::MotorStop,
        Kind::MotorFloat,
        Kind::WaitTime,
        Kind::WaitPush,
        Kind::WaitLetgo,
        Kind::WaitDark,
        Kind::WaitLight,
        Kind::WaitDarker,
        Kind::WaitLighter,
        Kind::WaitRotation,
        Kind::LoopCount,
        Kind::LoopForever,
        Kind::LoopTouch,
        Kind::LoopLight,
        Kind::LoopEnd,
        Kind::TouchFork,
        Kind::LightFork,
        Kind::ForkBranch,
        Kind::ForkMerge,
        Kind::Jump,
        Kind::Land,
        Kind::TaskSplit,
        Kind::StartTask,
        Kind::StopTask,
        Kind::Subroutine,
        Kind::PlaySound,
        Kind::PlayTone,
        Kind::Container,
        Kind::TimerReset,
        Kind::Generic,
    ];

    /// The modifiers an icon of this kind has, in the order the editor shows them.
    pub fn params(self) -> &'static [Param] {
        use Param as P;
        match self {
            Kind::MotorForward | Kind::MotorBackward => &[P::Ports, P::Power],
            Kind::MotorStop | Kind::MotorFloat => &[P::Ports],
            Kind::WaitTime => &[P::Time],
            Kind::WaitPush | Kind::WaitLetgo | Kind::TouchFork => &[P::SensorPort],
            Kind::WaitDark | Kind::WaitLight | Kind::LightFork => &[P::SensorPort, P::Threshold],
            Kind::WaitDarker | Kind::WaitLighter => &[P::SensorPort, P::Change],
            Kind::WaitRotation => &[P::SensorPort, P::Count],
            Kind::LoopCount => &[P::Count],
            Kind::LoopTouch => &[P::SensorPort, P::Until],
            Kind::LoopLight => &[P::SensorPort, P::Until, P::Threshold],
            Kind::Jump | Kind::Land => &[P::Label],
            Kind::TaskSplit | Kind::StartTask | Kind::StopTask => &[P::Task],
            Kind::Subroutine => &[P::Sub],
            Kind::PlaySound => &[P::Sound],
            Kind::PlayTone => &[P::Frequency, P::Duration],
            Kind::Container => &[P::Container, P::Operation, P::Value],
            Kind::TimerReset => &[P::Timer],
            Kind::LoopForever
            | Kind::LoopEnd
            | Kind::ForkBranch
            | Kind::ForkMerge
            | Kind::Generic => &[],
        }
    }

    /// The tracer's kind, whose icon ([`crate::trace::icon_png`]) the editor draws. Every
    /// loop head is `Loop`; `ForkBranch` is drawn as a `ForkMerge`.
    pub fn vi(self) -> ViKind {
        match self {
            Kind::MotorForward => ViKind::MotorForward,
            Kind::MotorBackward => ViKind::MotorBackward,
            Kind::MotorStop => ViKind::MotorStop,
            Kind::MotorFloat => ViKind::MotorFloat,
            Kind::WaitTime => ViKind::WaitTime,
            Kind::WaitPush => ViKind::WaitPush,
            Kind::WaitLetgo => ViKind::WaitLetgo,
            Kind::WaitDark => ViKind::WaitDark,
            Kind::WaitLight => ViKind::WaitLight,
            Kind::WaitDarker => ViKind::WaitDarker,
            Kind::WaitLighter => ViKind::WaitLighter,
            Kind::WaitRotation => ViKind::WaitRotation,
            Kind::LoopCount | Kind::LoopForever | Kind::LoopTouch | Kind::LoopLight => ViKind::Loop,
            Kind::LoopEnd => ViKind::LoopEnd,
            Kind::TouchFork => ViKind::TouchFork,
            Kind::LightFork => ViKind::LightFork,
            Kind::ForkBranch | Kind::ForkMerge => ViKind::ForkMerge,
            Kind::Jump => ViKind::Jump,
            Kind::Land => ViKind::Land,
            Kind::TaskSplit => ViKind::TaskSplit,
            Kind::StartTask => ViKind::StartTask,
            Kind::StopTask => ViKind::StopTask,
            Kind::Subroutine => ViKind::Subroutine,
            Kind::PlaySound => ViKind::PlaySound,
            Kind::PlayTone => ViKind::PlayTone,
            Kind::Container => ViKind::Container,
            Kind::TimerReset => ViKind::TimerReset,
            Kind::Generic => ViKind::Generic,
        }
    }

    /// The palette group.
    pub fn group(self) -> Group {
        match self {
            Kind::MotorForward | Kind::MotorBackward | Kind::MotorStop | Kind::MotorFloat => {
                Group::Outputs
            }
            Kind::WaitTime
            | Kind::WaitPush
            | Kind::WaitLetgo
            | Kind::WaitDark
            | Kind::WaitLight
            | Kind::WaitDarker
            | Kind::WaitLighter
            | Kind::WaitRotation => Group::WaitFor,
            Kind::LoopCount
            | Kind::LoopForever
            | Kind::LoopTouch
            | Kind::LoopLight
            | Kind::LoopEnd
            | Kind::TouchFork
            | Kind::LightFork
            | Kind::ForkBranch
            | Kind::ForkMerge
            | Kind::Jump
            | Kind::Land
            | Kind::TaskSplit => Group::Structures,
            Kind::TimerReset => Group::SensorsTimers,
            Kind::StartTask | Kind::StopTask | Kind::Subroutine => Group::TasksSubs,
            Kind::PlaySound | Kind::PlayTone => Group::Sounds,
            Kind::Container => Group::Containers,
            Kind::Generic => Group::Other,
        }
    }

    /// The name in the text format (snake_case).
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::MotorForward => "motor_forward",
            Kind::MotorBackward => "motor_backward",
            Kind::MotorStop => "motor_stop",
            Kind::MotorFloat => "motor_float",
            Kind::WaitTime => "wait_time",
            Kind::WaitPush => "wait_push",
            Kind::WaitLetgo => "wait_letgo",
            Kind::WaitDark => "wait_dark",
            Kind::WaitLight => "wait_light",
            Kind::WaitDarker => "wait_darker",
            Kind::WaitLighter => "wait_lighter",
            Kind::WaitRotation => "wait_rotation",
            Kind::LoopCount => "loop_count",
            Kind::LoopForever => "loop_forever",
            Kind::LoopTouch => "loop_touch",
            Kind::LoopLight => "loop_light",
            Kind::LoopEnd => "loop_end",
            Kind::TouchFork => "touch_fork",
            Kind::LightFork => "light_fork",
            Kind::ForkBranch => "fork_branch",
            Kind::ForkMerge => "fork_merge",
            Kind::Jump => "jump",
            Kind::Land => "land",
            Kind::TaskSplit => "task_split",
            Kind::StartTask => "start_task",
            Kind::StopTask => "stop_task",
            Kind::Subroutine => "subroutine",
            Kind::PlaySound => "play_sound",
            Kind::PlayTone => "play_tone",
            Kind::Container => "container",
            Kind::TimerReset => "timer_reset",
            Kind::Generic => "generic",
        }
    }

    /// The kind named `name` in the text format.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.iter().copied().find(|k| k.as_str() == name)
    }

    /// The tooltip title (ROBOLAB's wording where it has one).
    pub fn title(self) -> &'static str {
        match self {
            Kind::LoopCount => "Loop a number of times",
            Kind::LoopForever => "Loop forever",
            Kind::LoopTouch => "Loop until touch",
            Kind::LoopLight => "Loop until light",
            Kind::ForkBranch => "Second branch",
            k => k.vi().title(),
        }
    }

    /// True for the icons that open a structure (loop heads and forks).
    pub fn opens(self) -> bool {
        self.is_loop() || self.is_fork()
    }

    /// Loop heads.
    pub fn is_loop(self) -> bool {
        matches!(
            self,
            Kind::LoopCount | Kind::LoopForever | Kind::LoopTouch | Kind::LoopLight
        )
    }

    /// Forks.
    pub fn is_fork(self) -> bool {
        matches!(self, Kind::TouchFork | Kind::LightFork)
    }

    /// The icons [`insert_structure`] adds after this one: a loop's end, a fork's second
    /// branch and merge, a jump's land; none for the others.
    pub fn companions(self) -> &'static [Kind] {
        match self {
            k if k.is_loop() => &[Kind::LoopEnd],
            k if k.is_fork() => &[Kind::ForkBranch, Kind::ForkMerge],
            Kind::Jump => &[Kind::Land],
            _ => &[],
        }
    }
}

/// One icon: its kind, its modifiers, and for a generic icon its code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Icon {
    pub kind: Kind,
    /// The values of `kind.params()`, in that order.
    values: Vec<i32>,
    /// A generic icon's bytes, as they were (empty for the others).
    code: Vec<u8>,
}

impl Icon {
    /// A new icon with default modifiers.
    pub fn new(kind: Kind) -> Icon {
        Icon {
            kind,
            values: kind.params().iter().map(|p| p.default_value()).collect(),
            code: Vec::new(),
        }
    }

    /// A generic icon holding `code` byte for byte.
    pub fn generic(code: Vec<u8>) -> Icon {
        Icon {
            kind: Kind::Generic,
            values: Vec::new(),
            code,
        }
    }

    /// The icon with one modifier set (range-checked): `Icon::new(Kind::WaitTime).with(Param::Time, 200)?`.
    pub fn with(mut self, p: Param, v: i32) -> Result<Icon, EditError> {
        self.set(p, v)?;
        Ok(self)
    }

    /// Sets a modifier, range-checked.
    pub fn set(&mut self, p: Param, v: i32) -> Result<(), EditError> {
        let kind = self.kind;
        let Some(i) = kind.params().iter().position(|&q| q == p) else {
            return Err(EditError::NoSuchParam { kind, param: p });
        };
        if !p.range().contains(&v) {
            return Err(EditError::OutOfRange {
                param: p,
                value: v,
                range: p.range(),
            });
        }
        self.values[i] = v;
        Ok(())
    }

    /// A modifier's value, if the kind has it.
    pub fn get(&self, p: Param) -> Option<i32> {
        let i = self.kind.params().iter().position(|&q| q == p)?;
        self.values.get(i).copied()
    }

    /// (modifier, value) pairs in the kind's order.
    pub fn params(&self) -> impl Iterator<Item = (Param, i32)> + '_ {
        self.kind
            .params()
            .iter()
            .copied()
            .zip(self.values.iter().copied())
    }

    /// A generic icon's bytes (empty for other kinds).
    pub fn code(&self) -> &[u8] {
        &self.code
    }

    /// A modifier's value, or its default (for kinds that always have it).
    fn val(&self, p: Param) -> i32 {
        self.get(p).unwrap_or_else(|| p.default_value())
    }
}

/// Motor port letters of a mask: 5 → "AC".
pub fn ports_text(mask: i32) -> String {
    super::catalog::ports(mask.clamp(0, 7) as u8)
}

/// Which program block a strip is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StripId {
    Task(u8),
    Sub(u8),
}

/// One task's or subroutine's icons, in code order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Strip {
    pub id: StripId,
    /// The strip starts with ROBOLAB's prologue: in a task `tmrz 3` and `set 24,9,2,1`, then
    /// (tasks and subs) `sent`/`senm` for each sensor its icons use. True for strips the
    /// editor makes; false for a program's (NQC's) block that did not start so (its first
    /// instructions are then generic icons).
    pub header: bool,
    pub icons: Vec<Icon>,
}

impl Strip {
    /// An empty strip with ROBOLAB's prologue.
    pub fn new(id: StripId) -> Strip {
        Strip {
            id,
            header: true,
            icons: Vec::new(),
        }
    }
}

/// A program of icons: strips of tasks and subroutines, in any order (the generator
/// writes tasks by number, then subs). `Clone` is cheap enough for undo snapshots.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Doc {
    pub strips: Vec<Strip>,
}

impl Default for Doc {
    /// An empty program: task 0 with no icons.
    fn default() -> Doc {
        Doc {
            strips: vec![Strip::new(StripId::Task(0))],
        }
    }
}

/// Where an icon is (or goes): strip index into `Doc::strips`, icon index in the strip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    pub strip: usize,
    pub index: usize,
}

impl Pos {
    pub fn new(strip: usize, index: usize) -> Pos {
        Pos { strip, index }
    }
}

/// Why something cannot compile, and where: an icon (`index` set) or a whole strip.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Problem {
    pub strip: usize,
    pub index: Option<usize>,
    pub reason: Why,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.index {
            Some(i) => write!(
                f,
                "strip {}, icon {}: {}",
                self.strip + 1,
                i + 1,
                self.reason
            ),
            None => write!(f, "strip {}: {}", self.strip + 1, self.reason),
        }
    }
}

/// Why an editing operation was refused (the document is unchanged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("there is no strip {0}")]
    NoStrip(usize),
    #[error("there is no icon {index} in strip {strip}")]
    NoIcon { strip: usize, index: usize },
    #[error("{} has no {}", .kind.title(), .param.title())]
    NoSuchParam { kind: Kind, param: Param },
    #[error("{} must be {}–{} (not {value})", .param.title(), .range.start(), .range.end())]
    OutOfRange {
        param: Param,
        value: i32,
        range: RangeInclusive<i32>,
    },
    #[error("a generic icon's code cannot be edited")]
    Generic,
    #[error("{0:?} already exists")]
    StripExists(StripId),
    #[error("no free {0} number")]
    Full(&'static str),
}

impl Doc {
    /// The icon at `at`.
    pub fn icon(&self, at: Pos) -> Option<&Icon> {
        self.strips.get(at.strip)?.icons.get(at.index)
    }

    /// The strip with this id.
    pub fn strip_index(&self, id: StripId) -> Option<usize> {
        self.strips.iter().position(|s| s.id == id)
    }

    /// Opens any program as icons: the tracer's VIs, each with its modifiers read back from
    /// its code; code the editor would not write the same way becomes generic icons with
    /// their bytes, so generating the document gives the program's bytecode back.
    pub fn from_program(program: &crate::rcx::Program) -> Doc {
        open::from_program(program)
    }
}

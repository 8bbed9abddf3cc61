//! Why a program cannot compile, as a value ([`Why`]): the editor's check and the
//! assembler name the reason, and the edge says it — [`Why::words`] in the reader's
//! language for the app, `Display` in English for the command line and the logs.

use super::gen::SensorUse;
use super::StripId;
use crate::i18n::Lang;

/// A sensor's kind as the icons configure it, for the words of a clash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SensorKind {
    Touch,
    Light,
    Rotation,
}

impl From<SensorUse> for SensorKind {
    fn from(u: SensorUse) -> SensorKind {
        match u {
            SensorUse::Touch => SensorKind::Touch,
            SensorUse::Light => SensorKind::Light,
            SensorUse::Rotation => SensorKind::Rotation,
        }
    }
}

impl SensorKind {
    fn english(self) -> &'static str {
        match self {
            SensorKind::Touch => "touch",
            SensorKind::Light => "light",
            SensorKind::Rotation => "rotation",
        }
    }

    fn key(self) -> &'static str {
        match self {
            SensorKind::Touch => "edit-why-sensor-touch",
            SensorKind::Light => "edit-why-sensor-light",
            SensorKind::Rotation => "edit-why-sensor-rotation",
        }
    }
}

/// Why something cannot compile (an icon's or a strip's [`super::Problem`]). Icon numbers
/// are counted from 1, as the editor shows them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Why {
    /// Two strips with one id.
    DefinedTwice(StripId),
    /// A task numbered past the RCX's ten.
    NoSuchTaskSlot { task: u8, max: usize },
    /// A subroutine numbered past the RCX's eight.
    NoSuchSubSlot { sub: u8, max: usize },
    /// Counted loops nested past the counters there are.
    CountersUsedUp { max: usize },
    /// A jump whose land is not in its strip.
    JumpWithoutLand(i32),
    /// A land whose label another land already has.
    SecondLand(i32),
    /// An icon that starts, stops or splits to a task with no strip.
    MissingTask(i32),
    /// A subroutine icon whose subroutine has no strip.
    MissingSub(i32),
    /// A sensor port used as two kinds of sensor (`port` counted from 1).
    SensorClash {
        port: i32,
        was: SensorKind,
        now: SensorKind,
    },
    /// A loop head with no end.
    LoopWithoutEnd,
    /// A fork with no merge.
    ForkWithoutMerge,
    /// A loop end inside a fork (its head's icon number).
    LoopEndInFork(usize),
    /// A loop end with no loop.
    LoopEndWithoutLoop,
    /// A fork's second second branch.
    SecondBranchTwice,
    /// A second branch inside a loop (the loop's icon number).
    BranchInLoop(usize),
    /// A second branch with no fork.
    BranchWithoutFork,
    /// A merge inside a loop (the loop's icon number).
    MergeInLoop(usize),
    /// A merge with no fork.
    MergeWithoutFork,
    /// More code than the brick holds.
    Memory { bytes: usize, max: usize },
    /// The generated LASM did not assemble (the assembler's own message; a bug of ours).
    Assemble(String),
}

/// "task 3", "subroutine 1".
pub fn id_text(id: StripId) -> String {
    match id {
        StripId::Task(n) => format!("task {n}"),
        StripId::Sub(n) => format!("subroutine {n}"),
    }
}

/// [`id_text`] in `l`.
pub fn id_words(l: Lang, id: StripId) -> String {
    match id {
        StripId::Task(n) => crate::tr!(l, "edit-why-task", n = i64::from(n)),
        StripId::Sub(n) => crate::tr!(l, "edit-why-sub", n = i64::from(n)),
    }
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Why::DefinedTwice(id) => write!(f, "{} is defined twice", id_text(*id)),
            Why::NoSuchTaskSlot { task, max } => write!(
                f,
                "more than {max} tasks: the RCX has tasks 0–{}, not task {task}",
                max - 1
            ),
            Why::NoSuchSubSlot { sub, max } => write!(
                f,
                "more than {max} subroutines: the RCX has subroutines 0–{}, not {sub}",
                max - 1
            ),
            Why::CountersUsedUp { max } => write!(
                f,
                "counted loops nested more than {max} deep: no counter left"
            ),
            Why::JumpWithoutLand(l) => write!(f, "jump without its land {l} in this strip"),
            Why::SecondLand(l) => write!(f, "a second land {l} in this strip"),
            Why::MissingTask(t) => write!(f, "task {t} does not exist: add its strip"),
            Why::MissingSub(t) => write!(f, "subroutine {t} does not exist: add its strip"),
            Why::SensorClash { port, was, now } => write!(
                f,
                "sensor {port} is a {} sensor elsewhere in the program, not a {} sensor",
                was.english(),
                now.english()
            ),
            Why::LoopWithoutEnd => write!(f, "loop without its end"),
            Why::ForkWithoutMerge => write!(f, "fork without its merge"),
            Why::LoopEndInFork(n) => write!(
                f,
                "loop end inside the fork at icon {n}: the fork needs its merge first"
            ),
            Why::LoopEndWithoutLoop => write!(f, "loop end without its loop"),
            Why::SecondBranchTwice => write!(f, "this fork already has its second branch"),
            Why::BranchInLoop(n) => write!(
                f,
                "second branch inside the loop at icon {n}: the loop needs its end first"
            ),
            Why::BranchWithoutFork => write!(f, "second branch without its fork"),
            Why::MergeInLoop(n) => write!(
                f,
                "fork merge inside the loop at icon {n}: the loop needs its end first"
            ),
            Why::MergeWithoutFork => write!(f, "fork merge without its fork"),
            Why::Memory { bytes, max } => write!(
                f,
                "more code than the RCX's program memory: {bytes} bytes, at most {max}"
            ),
            Why::Assemble(e) => write!(f, "the generated code does not assemble: {e}"),
        }
    }
}

impl Why {
    /// The reason in `l`'s words (the app's editor says it so).
    pub fn words(&self, l: Lang) -> String {
        let n = |v: usize| i64::try_from(v).unwrap_or(i64::MAX);
        match self {
            Why::DefinedTwice(id) => {
                crate::tr!(l, "edit-why-defined-twice", id = id_words(l, *id))
            }
            Why::NoSuchTaskSlot { task, max } => crate::tr!(
                l,
                "edit-why-no-such-task-slot",
                task = i64::from(*task),
                max = n(*max),
                last = n(max - 1)
            ),
            Why::NoSuchSubSlot { sub, max } => crate::tr!(
                l,
                "edit-why-no-such-sub-slot",
                sub = i64::from(*sub),
                max = n(*max),
                last = n(max - 1)
            ),
            Why::CountersUsedUp { max } => {
                crate::tr!(l, "edit-why-counters-used-up", max = n(*max))
            }
            Why::JumpWithoutLand(x) => {
                crate::tr!(l, "edit-why-jump-without-land", label = i64::from(*x))
            }
            Why::SecondLand(x) => crate::tr!(l, "edit-why-second-land", label = i64::from(*x)),
            Why::MissingTask(t) => crate::tr!(l, "edit-why-missing-task", n = i64::from(*t)),
            Why::MissingSub(t) => crate::tr!(l, "edit-why-missing-sub", n = i64::from(*t)),
            Why::SensorClash { port, was, now } => crate::tr!(
                l,
                "edit-why-sensor-clash",
                port = i64::from(*port),
                was = crate::i18n::text_in(l, was.key(), None),
                now = crate::i18n::text_in(l, now.key(), None)
            ),
            Why::LoopWithoutEnd => crate::tr!(l, "edit-why-loop-without-end"),
            Why::ForkWithoutMerge => crate::tr!(l, "edit-why-fork-without-merge"),
            Why::LoopEndInFork(i) => crate::tr!(l, "edit-why-loop-end-in-fork", icon = n(*i)),
            Why::LoopEndWithoutLoop => crate::tr!(l, "edit-why-loop-end-without-loop"),
            Why::SecondBranchTwice => crate::tr!(l, "edit-why-second-branch-twice"),
            Why::BranchInLoop(i) => crate::tr!(l, "edit-why-branch-in-loop", icon = n(*i)),
            Why::BranchWithoutFork => crate::tr!(l, "edit-why-branch-without-fork"),
            Why::MergeInLoop(i) => crate::tr!(l, "edit-why-merge-in-loop", icon = n(*i)),
            Why::MergeWithoutFork => crate::tr!(l, "edit-why-merge-without-fork"),
            Why::Memory { bytes, max } => {
                crate::tr!(l, "edit-why-memory", bytes = n(*bytes), max = n(*max))
            }
            Why::Assemble(e) => crate::tr!(l, "edit-why-assemble", error = e.clone()),
        }
    }

    /// Every kind of reason once (the translation test says each in every language).
    pub fn examples() -> Vec<Why> {
        vec![
            Why::DefinedTwice(StripId::Task(1)),
            Why::DefinedTwice(StripId::Sub(2)),
            Why::NoSuchTaskSlot { task: 10, max: 10 },
            Why::NoSuchSubSlot { sub: 8, max: 8 },
            Why::CountersUsedUp { max: 7 },
            Why::JumpWithoutLand(3),
            Why::SecondLand(3),
            Why::MissingTask(4),
            Why::MissingSub(5),
            Why::SensorClash {
                port: 1,
                was: SensorKind::Touch,
                now: SensorKind::Light,
            },
            Why::SensorClash {
                port: 3,
                was: SensorKind::Rotation,
                now: SensorKind::Touch,
            },
            Why::LoopWithoutEnd,
            Why::ForkWithoutMerge,
            Why::LoopEndInFork(2),
            Why::LoopEndWithoutLoop,
            Why::SecondBranchTwice,
            Why::BranchInLoop(2),
            Why::BranchWithoutFork,
            Why::MergeInLoop(2),
            Why::MergeWithoutFork,
            Why::Memory {
                bytes: 6200,
                max: 6000,
            },
            Why::Assemble("line 3: unknown".into()),
        ]
    }
}

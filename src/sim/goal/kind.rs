//! What a kind of criterion is ([`CriterionKind`]): how it is read from an assignment,
//! what it looks at on every tick, when it is decided, what it observed (`actual` in
//! `runs.jsonl`), what it expects, where it is on the floor and how it is said. Each kind
//! is one type in `kinds/` implementing every method (none has a default), so a new kind
//! does not compile until it can be read, checked, scored, drawn and said.
//!
//! Also the words every kind shares: seconds, metres and ranges in a given language.

use super::read::Cx;
use super::region::{Mark, Region};
use super::LiveState;
use crate::i18n::Lang;
use crate::sim::{Robot, Simulation};
use crate::world::spec::SpecError;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use std::fmt::Debug;

/// A kind of criterion (docs/grading.md's table): what is checked (`Self`, read from the
/// assignment), what has been seen of a run ([`CriterionKind::Seen`]) and what was
/// observed at its end ([`CriterionKind::Observed`]).
pub trait CriterionKind: Clone + Debug + PartialEq + Sized {
    /// The name an assignment gives it (`kind = "reach"`).
    const NAME: &'static str;
    /// Its own fields as written (serde, `deny_unknown_fields`; the common ones — id, kind,
    /// points, requires, robot, say — are read before).
    type Raw: DeserializeOwned;
    /// What it has seen of a run so far (kept in the goal, cloned with the checkpoints).
    type Seen: Clone + Debug + PartialEq + Default;
    /// What it observed, as `runs.jsonl` writes it (`actual`) and reads it back.
    type Observed: Clone + Debug + PartialEq + Serialize + DeserializeOwned;

    /// Checks the fields as written into the criterion (`FILE:LINE` errors through `cx`).
    fn read(raw: Self::Raw, cx: &Cx) -> Result<Self, SpecError>;
    /// Looks at the moment `m` (once per tick, up to the run's end).
    fn look(&self, seen: &mut Self::Seen, m: &mut Moment);
    /// Where it stands at `t`, before the run's end: pending until what it waits for has
    /// happened.
    fn state(&self, seen: &Self::Seen, robot: Robot<'_>, t: u64) -> LiveState;
    /// When it was decided, once a run of `end_ms` has ended (`pass`: it passed).
    fn ended_at(&self, seen: &Self::Seen, pass: bool, robot: Robot<'_>, end_ms: u64) -> u64;
    /// Whether it passes with what it has seen, and what was observed.
    fn judge(&self, seen: &Self::Seen, robot: Robot<'_>) -> (bool, Self::Observed);
    /// What it expects, as `runs.jsonl` writes it (`expected`).
    fn expected(&self) -> Value;
    /// The places on the floor it is about, and what each is for (the panel and the
    /// report draw them).
    fn marks(&self) -> Vec<(Region, Mark)>;
    /// The task in plain words in `l` (the panel's row, the report's task cell).
    fn task(&self, l: Lang) -> String;
    /// What happened in plain words in `l` (the panel's row once decided, the report's
    /// "what happened" cell).
    fn outcome(&self, observed: &Self::Observed, pass: bool, l: Lang) -> String;
}

/// The moment a criterion looks at: the simulation, its time and the criterion's robot.
pub struct Moment<'a, 'p> {
    pub sim: &'a Simulation,
    pub t: u64,
    /// The criterion's robot and its index.
    pub robot: Robot<'a>,
    pub k: usize,
    /// The moment the criterion began to count (its `after` criteria all passed; 0 without
    /// any): what the robot's brick logged before it does not count.
    pub from_ms: u64,
    /// Each robot's (x, z), read once a tick by the first criterion that needs it (the
    /// first four robots cached).
    pub(super) poses: &'p mut [Option<(f64, f64)>; 4],
}

impl Moment<'_, '_> {
    /// The robot's brick's (x, z) now, m.
    pub fn xz(&mut self) -> (f64, f64) {
        let robot = self.robot;
        let read = || {
            let p = robot.pose();
            (p.x, p.z)
        };
        match self.poses.get_mut(self.k) {
            Some(slot) => *slot.get_or_insert_with(read),
            None => read(),
        }
    }

    /// Whether the robot's brick is inside `r` now.
    pub fn inside(&mut self, r: &Region) -> bool {
        let (x, z) = self.xz();
        r.contains(x, z)
    }
}

/// Seconds of simulated time, as `runs.jsonl` writes them.
pub fn secs_of(ms: u64) -> f64 {
    ms as f64 / 1000.0
}

/// Rounded to 1 mm (or 1e-3 of anything), as `runs.jsonl` writes it.
pub fn round3(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

/// Seconds as the words write them in `l`: one decimal ("9.0 s"), more when needed
/// ("0.25 s").
pub fn secs(l: Lang, s: f64) -> String {
    if (s * 10.0).fract().abs() < 1e-9 {
        format!("{} s", crate::i18n::num_in(l, s, 1))
    } else {
        format!(
            "{} s",
            crate::i18n::decimal_in(l, (s * 1000.0).round() / 1000.0)
        )
    }
}

/// A moment, ms, as the words write it.
pub fn ms(l: Lang, t: u64) -> String {
    secs(l, t as f64 / 1000.0)
}

/// Metres as the words write them: centimetres under a metre.
pub fn metres(l: Lang, m: f64) -> String {
    if m.abs() < 1.0 {
        format!(
            "{} cm",
            crate::i18n::decimal_in(l, (m * 1000.0).round() / 10.0)
        )
    } else {
        format!(
            "{} m",
            crate::i18n::decimal_in(l, (m * 100.0).round() / 100.0)
        )
    }
}

/// A range of distances in words ("between 10 cm and 20 cm").
pub fn range(l: Lang, min: Option<f64>, max: Option<f64>) -> String {
    match (min, max) {
        (Some(a), Some(b)) => {
            crate::tr!(l, "goal-between", a = metres(l, a), b = metres(l, b))
        }
        (Some(a), None) => crate::tr!(l, "goal-at-least", a = metres(l, a)),
        (None, Some(b)) => crate::tr!(l, "goal-at-most", b = metres(l, b)),
        (None, None) => crate::tr!(l, "goal-any-distance"),
    }
}

/// Whether `v` is within the range (either end open).
pub fn within(v: f64, min: Option<f64>, max: Option<f64>) -> bool {
    min.is_none_or(|m| v >= m) && max.is_none_or(|m| v <= m)
}

/// A range of distances as `expected` writes it.
pub fn range_json(min: Option<f64>, max: Option<f64>) -> Value {
    serde_json::json!({ "min_m": min, "max_m": max })
}

/// A unit type that `runs.jsonl` writes as one fixed text (and reads back from it only).
macro_rules! fixed_text {
    ($(#[$doc:meta])* $name:ident = $text:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name;

        impl $name {
            /// The text `runs.jsonl` writes.
            pub const TEXT: &'static str = $text;
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str($text)
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = String::deserialize(d)?;
                match s == $text {
                    true => Ok($name),
                    false => Err(serde::de::Error::custom(concat!("not \"", $text, "\""))),
                }
            }
        }
    };
}
pub(crate) use fixed_text;

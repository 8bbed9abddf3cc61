//! What a criterion's result says was observed ([`Observed`], `actual` in `runs.jsonl`):
//! what its kind saw, or why it was not looked at — a criterion it requires did not pass,
//! the program did not load, the run has no such robot. Written to `runs.jsonl` as the
//! kind's fields or a fixed text, and read back with the criterion's check to say which
//! kind's it is.

use super::kind::fixed_text;
use super::kinds::{Check, Judged};
use crate::i18n::Lang;
use serde::Serialize;
use serde_json::Value;

fixed_text!(
    /// The pupil's program could not be loaded.
    DidNotLoad = "the program did not load"
);

fixed_text!(
    /// The criterion names a robot the run does not have.
    NoSuchRobot = "the run has no such robot"
);

const NOT_CHECKED: (&str, &str) = ("not checked: \"", "\" did not pass");

/// What a criterion observed, or why it observed nothing.
#[derive(Clone, Debug, PartialEq)]
pub enum Observed {
    /// What its kind saw (the check beside it).
    Seen(Judged),
    /// Not checked: the criterion `requires` names did not pass.
    NotChecked { requires: String },
    /// The pupil's program could not be loaded.
    DidNotLoad,
    /// The run has no robot of the criterion's.
    NoSuchRobot,
}

impl Serialize for Observed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Observed::Seen(j) => j.serialize(s),
            Observed::NotChecked { requires } => {
                s.serialize_str(&format!("{}{requires}{}", NOT_CHECKED.0, NOT_CHECKED.1))
            }
            Observed::DidNotLoad => DidNotLoad.serialize(s),
            Observed::NoSuchRobot => NoSuchRobot.serialize(s),
        }
    }
}

impl std::fmt::Display for Observed {
    /// As `runs.jsonl` writes it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match serde_json::to_string(self) {
            Ok(s) => f.write_str(&s),
            Err(_) => Err(std::fmt::Error),
        }
    }
}

impl Observed {
    /// `actual` as `runs.jsonl` wrote it, read as what `check` observes (or one of the
    /// reasons nothing was).
    pub fn read(check: &Check, v: Value) -> Result<Observed, serde_json::Error> {
        if let Value::String(s) = &v {
            if s == DidNotLoad::TEXT {
                return Ok(Observed::DidNotLoad);
            }
            if s == NoSuchRobot::TEXT {
                return Ok(Observed::NoSuchRobot);
            }
            let requires = s
                .strip_prefix(NOT_CHECKED.0)
                .and_then(|r| r.strip_suffix(NOT_CHECKED.1));
            if let Some(r) = requires {
                return Ok(Observed::NotChecked {
                    requires: r.to_string(),
                });
            }
        }
        check.read_observed(v).map(Observed::Seen)
    }

    /// What happened, in plain words in `l` (`pass`: the criterion passed).
    pub fn outcome(&self, pass: bool, l: Lang) -> String {
        match self {
            Observed::Seen(j) => j.outcome(pass, l),
            Observed::NotChecked { requires } => {
                crate::tr!(l, "goal-not-checked-because", requires = requires.clone())
            }
            Observed::DidNotLoad => crate::tr!(l, "goal-did-not-load"),
            Observed::NoSuchRobot => crate::tr!(l, "goal-no-such-robot"),
        }
    }
}

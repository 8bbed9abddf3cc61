//! The kinds of criterion, one file each, and the one list that joins them (`kinds!`):
//! from it come [`Kind`] (the names), [`Check`] (what a criterion checks), [`Watch`] (a
//! check and what it has seen of a run) and [`Judged`] (a check and what it observed),
//! each with one variant per kind and every match over them written once, here, without a
//! catch-all. To add a kind: a file here with its type implementing
//! [`CriterionKind`], one line in the list below, its words in
//! `assets/i18n/*.ftl` and its row in docs/grading.md's table — the compiler asks for the
//! rest (reading it, looking, scoring, what it expects and observed, its marks and words).

mod display;
mod distance;
pub mod event;
mod line;
mod message;
mod never_enter;
mod no_contact;
mod no_fault;
mod played;
mod reach;
mod sound;
mod stopped;
mod touch;
mod variable;
mod visit;

pub use display::{Display, Shown};
pub use distance::{Displacement, PathLength};
pub use event::{Happened, Miss, Missed, When};
pub use line::{Followed, Line, Near, NoLightSensor};
pub use message::Message;
pub use never_enter::{Entered, NeverEnter};
pub use no_contact::{Contact, NoContact};
pub use no_fault::{Faults, FirstFault, NoFault};
pub use played::{Heard, Played};
pub use reach::{Reach, Reached};
pub use sound::{Sound, SoundsPlayed, Tone};
pub use stopped::Stopped;
pub use touch::{NoTouchSensor, Pressed, Touch};
pub use variable::{Expect, Variable};
pub use visit::{Visit, Visited};

/// What every kind's file uses.
mod prelude {
    pub(super) use super::super::kind::{
        fixed_text, metres, ms, range, range_json, round3, secs, secs_of, within, CriterionKind,
        Moment,
    };
    pub(super) use super::super::read::{Cx, NoFields, RawRegion};
    pub(super) use super::super::region::{Mark, Region};
    pub(super) use super::super::LiveState;
    pub(super) use crate::i18n::Lang;
    pub(super) use crate::sim::Robot;
    pub(super) use crate::world::spec::SpecError;
    pub(super) use serde::{Deserialize, Serialize};
    pub(super) use serde_json::{json, Value};
    pub(super) use toml::Spanned;
}

use super::kind::{CriterionKind, Moment};
use super::read::Cx;
use super::region::{Mark, Region};
use super::LiveState;
use crate::i18n::Lang;
use crate::sim::Robot;
use crate::world::spec::SpecError;
use serde::Deserialize;
use serde_json::Value;

/// The enums of every kind and their matches, from the list of kinds (variant and type).
macro_rules! kinds {
    ($($variant:ident($ty:ty)),+ $(,)?) => {
        /// The kinds of criterion (docs/grading.md's table), as `kind = "…"` names them.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Kind {
            $($variant),+
        }

        impl Kind {
            /// Every kind, in the order the docs list them.
            pub const ALL: &'static [Kind] = &[$(Kind::$variant),+];

            /// The name an assignment file uses.
            pub fn name(self) -> &'static str {
                match self {
                    $(Kind::$variant => <$ty as CriterionKind>::NAME),+
                }
            }
        }

        /// What a criterion checks: one variant per kind.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Check {
            $($variant($ty)),+
        }

        /// A criterion's check and what it has seen of a run so far.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Watch {
            $($variant($ty, <$ty as CriterionKind>::Seen)),+
        }

        /// A criterion's check and what it observed (`actual` in `runs.jsonl`, which
        /// writes only the observation).
        #[derive(Clone, Debug, PartialEq)]
        pub enum Judged {
            $($variant($ty, <$ty as CriterionKind>::Observed)),+
        }

        impl Check {
            /// The kind of criterion this checks.
            pub fn kind(&self) -> Kind {
                match self {
                    $(Check::$variant(_) => Kind::$variant),+
                }
            }

            /// Reads `fields` (the criterion's own, as parsed with their spans) as `kind`'s
            /// and checks them; a serde error is turned into a `SpecError` by `serde_err`.
            pub(crate) fn read(
                kind: Kind,
                fields: toml::de::ValueDeserializer<'_>,
                serde_err: &dyn Fn(toml::de::Error) -> SpecError,
                cx: &Cx,
            ) -> Result<Check, SpecError> {
                match kind {
                    $(Kind::$variant => {
                        let raw = <<$ty as CriterionKind>::Raw>::deserialize(fields)
                            .map_err(serde_err)?;
                        Ok(Check::$variant(<$ty as CriterionKind>::read(raw, cx)?))
                    })+
                }
            }

            /// What it expects, as `runs.jsonl` writes it.
            pub fn expected(&self) -> Value {
                match self {
                    $(Check::$variant(c) => c.expected()),+
                }
            }

            /// The places on the floor it is about and what each is for.
            pub fn marks(&self) -> Vec<(Region, Mark)> {
                match self {
                    $(Check::$variant(c) => c.marks()),+
                }
            }

            /// The task in plain words in `l`.
            pub fn task(&self, l: Lang) -> String {
                match self {
                    $(Check::$variant(c) => c.task(l)),+
                }
            }

            /// The check with nothing seen yet.
            pub fn watch(&self) -> Watch {
                match self {
                    $(Check::$variant(c) => Watch::$variant(c.clone(), Default::default())),+
                }
            }

            /// What this check observed, read back from `runs.jsonl`'s `actual`.
            pub fn read_observed(&self, v: Value) -> Result<Judged, serde_json::Error> {
                match self {
                    $(Check::$variant(c) => {
                        Ok(Judged::$variant(c.clone(), serde_json::from_value(v)?))
                    })+
                }
            }
        }

        impl Watch {
            /// Looks at the moment `m`.
            pub fn look(&mut self, m: &mut Moment) {
                match self {
                    $(Watch::$variant(c, seen) => c.look(seen, m)),+
                }
            }

            /// Where it stands at `t` before the run's end.
            pub fn state(&self, robot: Robot<'_>, t: u64) -> LiveState {
                match self {
                    $(Watch::$variant(c, seen) => c.state(seen, robot, t)),+
                }
            }

            /// When it was decided, once a run of `end_ms` has ended.
            pub fn ended_at(&self, pass: bool, robot: Robot<'_>, end_ms: u64) -> u64 {
                match self {
                    $(Watch::$variant(c, seen) => c.ended_at(seen, pass, robot, end_ms)),+
                }
            }

            /// Whether it passes with what it has seen, and what it observed.
            pub fn judge(&self, robot: Robot<'_>) -> (bool, Judged) {
                match self {
                    $(Watch::$variant(c, seen) => {
                        let (pass, observed) = c.judge(seen, robot);
                        (pass, Judged::$variant(c.clone(), observed))
                    })+
                }
            }
        }

        impl Judged {
            /// What happened, in plain words in `l` (`pass`: it passed).
            pub fn outcome(&self, pass: bool, l: Lang) -> String {
                match self {
                    $(Judged::$variant(c, observed) => c.outcome(observed, pass, l)),+
                }
            }
        }

        impl serde::Serialize for Judged {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                match self {
                    $(Judged::$variant(_, observed) => observed.serialize(s)),+
                }
            }
        }
    };
}

kinds! {
    NoFault(NoFault),
    Reach(Reach),
    Visit(Visit),
    NeverEnter(NeverEnter),
    NoContact(NoContact),
    Displacement(Displacement),
    PathLength(PathLength),
    Variable(Variable),
    Display(Display),
    Sound(Sound),
    Line(Line),
    Touch(Touch),
    Message(Message),
    Played(Played),
    Stopped(Stopped),
}

impl Kind {
    /// The kind `kind = "…"` names.
    pub fn parse(name: &str) -> Option<Kind> {
        Kind::ALL.iter().copied().find(|k| k.name() == name)
    }
}

impl Check {
    /// The places on the floor it is about (the report draws them).
    pub fn regions(&self) -> Vec<Region> {
        self.marks().into_iter().map(|(r, _)| r).collect()
    }
}

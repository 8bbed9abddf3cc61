//! What the event kinds share (`touch`, `message`, `played`, `stopped`): an event of the
//! robot's — a press, a message sent, a sound, the motors stopping — counts when it happens
//! by a time and, when a `region` is given, while the brick is inside it; passed the
//! moment one does. The first event that did not count is kept too, with why (outside the
//! region, too late, not the one wanted), so the words can say what the robot did do.

use super::prelude::*;

/// By when, and where, an event must happen to count.
#[derive(Clone, Debug, PartialEq)]
pub struct When {
    pub by_ms: u64,
    /// The brick must be inside it at the moment (drawn green).
    pub region: Option<Region>,
}

impl When {
    /// `by_s` (default the end) and an optional `region`.
    pub fn read(
        cx: &Cx,
        by_s: &Option<Spanned<f64>>,
        region: &Option<Spanned<RawRegion>>,
    ) -> Result<When, SpecError> {
        Ok(When {
            by_ms: cx.time_ms(by_s, "by_s")?,
            region: match region {
                Some(r) => Some(cx.region_at(r.span(), r.get_ref())?),
                None => None,
            },
        })
    }

    /// `expected`'s `by_s` and `region` beside the kind's own fields.
    pub fn expected(&self, mut own: serde_json::Map<String, Value>) -> Value {
        own.insert("by_s".into(), json!(secs_of(self.by_ms)));
        if let Some(r) = &self.region {
            own.insert("region".into(), r.to_json());
        }
        Value::Object(own)
    }

    pub fn marks(&self) -> Vec<(Region, Mark)> {
        self.region.iter().map(|r| (*r, Mark::Reach)).collect()
    }

    /// " inside the green area" (or nothing), for the task.
    pub fn where_words(&self, l: Lang) -> String {
        match self.region {
            Some(_) => crate::tr!(l, "goal-where-green"),
            None => String::new(),
        }
    }

    /// By when, in words.
    pub fn by(&self, l: Lang) -> String {
        ms(l, self.by_ms)
    }
}

/// Why an event did not count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Miss {
    /// The brick was outside the region.
    Outside,
    /// After `by_s`.
    Late,
    /// Not the one wanted (another message, another tone).
    Other,
}

/// What an event kind has seen: the first event that counted, the first that did not
/// (with where the brick was), how far it has read the brick's log, and whether it is
/// armed (the motors ran: now they can stop).
#[derive(Clone, Debug, PartialEq)]
pub struct Events<T> {
    pub counted: Option<(u64, T)>,
    pub missed: Option<(u64, T, Miss, [f64; 2])>,
    pub cursor: usize,
    pub armed: bool,
}

impl<T> Default for Events<T> {
    fn default() -> Self {
        Events {
            counted: None,
            missed: None,
            cursor: 0,
            armed: false,
        }
    }
}

impl<T: Clone> Events<T> {
    /// An event `what` at the moment `m`, `wanted` when it is what the criterion asks for:
    /// it counts when in time and in the region, else it is kept as the first miss.
    pub fn event(&mut self, when: &When, m: &mut Moment, what: T, wanted: bool) {
        let t = m.t;
        self.event_at(when, m, t, what, wanted);
    }

    /// As [`Events::event`], for an event the brick stamped `t` (a message sent, a sound
    /// started: the brick's own moment, within the tick looked at).
    pub fn event_at(&mut self, when: &When, m: &mut Moment, t: u64, what: T, wanted: bool) {
        if self.counted.is_some() {
            return;
        }
        let (x, z) = m.xz();
        let miss = if !wanted {
            Some(Miss::Other)
        } else if t > when.by_ms {
            Some(Miss::Late)
        } else if when.region.is_some_and(|r| !r.contains(x, z)) {
            Some(Miss::Outside)
        } else {
            None
        };
        match miss {
            None => self.counted = Some((t, what)),
            Some(why) => {
                if self.missed.is_none() {
                    self.missed = Some((t, what, why, [x, z]));
                }
            }
        }
    }

    /// Passed at the event that counted; failed once `by_ms` has gone by without one.
    pub fn state(&self, when: &When, t: u64) -> LiveState {
        match &self.counted {
            Some((at, _)) => LiveState::Passed { at_ms: *at },
            None if t > when.by_ms => LiveState::Failed { at_ms: when.by_ms },
            None => LiveState::Pending,
        }
    }

    pub fn ended_at(&self, when: &When) -> u64 {
        self.counted.as_ref().map_or(when.by_ms, |(at, _)| *at)
    }

    /// Whether one counted, and what was observed.
    pub fn judge(&self, when: &When) -> (bool, Happened<T>) {
        let missed = self.missed.as_ref().map(|(t, what, why, [x, z])| Missed {
            at_s: secs_of(*t),
            what: what.clone(),
            why: *why,
            away_m: match (why, &when.region) {
                (Miss::Outside, Some(r)) => Some(round3(r.distance_m(*x, *z))),
                _ => None,
            },
        });
        match &self.counted {
            Some((t, what)) => (
                true,
                Happened {
                    at_s: Some(secs_of(*t)),
                    what: Some(what.clone()),
                    missed: None,
                },
            ),
            None => (
                false,
                Happened {
                    at_s: None,
                    what: None,
                    missed,
                },
            ),
        }
    }
}

/// What an event kind observed: when the first event that counted happened and what it
/// was; else the first that did not count, and why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Happened<T> {
    pub at_s: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub what: Option<T>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missed: Option<Missed<T>>,
}

/// An event that did not count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Missed<T> {
    pub at_s: f64,
    pub what: T,
    pub why: Miss,
    /// How far outside the region the brick was, m.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub away_m: Option<f64>,
}

/// The words of an event's outcome: `did` says an event ("sent message 3"), `none` says
/// that the one wanted never came ("did not send message 1").
/// (An event with nothing to say of itself, `()`, reads back as `None`: its default.)
pub fn outcome<T: Default + Clone>(
    o: &Happened<T>,
    when: &When,
    l: Lang,
    did: impl Fn(&T) -> String,
    none: String,
) -> String {
    match o.at_s {
        Some(t) => {
            let what = o.what.clone().unwrap_or_default();
            crate::tr!(l, "goal-event-at", did = did(&what), t = secs(l, t))
        }
        None => {
            let miss = match &o.missed {
                None => String::new(),
                Some(m) => {
                    let (did, t) = (did(&m.what), secs(l, m.at_s));
                    match m.why {
                        Miss::Outside => crate::tr!(
                            l,
                            "goal-miss-outside",
                            did = did,
                            t = t,
                            d = metres(l, m.away_m.unwrap_or(0.0))
                        ),
                        Miss::Late => crate::tr!(l, "goal-miss-late", did = did, t = t),
                        Miss::Other => crate::tr!(l, "goal-miss-other", did = did, t = t),
                    }
                }
            };
            crate::tr!(
                l,
                "goal-event-none",
                none = none,
                by = when.by(l),
                miss = miss
            )
        }
    }
}

//! `played`: the robot's brick plays a sound (any, or a tone of one frequency; by a time;
//! inside a region when one is given), the moment it starts.

use super::event::{self, Events, Happened, When};
use super::prelude::*;
use crate::vm::SoundKind;

/// Play a tone of `freq_hz` (`None`: any sound), as `when` says.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub freq_hz: Option<u32>,
    pub when: When,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPlayed {
    freq_hz: Option<Spanned<i64>>,
    by_s: Option<Spanned<f64>>,
    region: Option<Spanned<RawRegion>>,
}

/// A sound as the brick played it: a tone (its frequency and length) or a system sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Heard {
    Tone { freq_hz: u32, ms: u32 },
    System { system: u8 },
}

impl Default for Heard {
    fn default() -> Self {
        Heard::System { system: 0 }
    }
}

impl Heard {
    /// The sound in words ("440 Hz for 0.5 s", "system sound 2").
    pub fn words(&self, l: Lang) -> String {
        match *self {
            Heard::Tone { freq_hz, ms: d } => crate::tr!(
                l,
                "goal-tone",
                f = freq_hz.to_string(),
                d = ms(l, u64::from(d))
            ),
            Heard::System { system } => {
                crate::tr!(l, "goal-system-sound", n = system.to_string())
            }
        }
    }
}

impl CriterionKind for Played {
    const NAME: &'static str = "played";
    type Raw = RawPlayed;
    /// The sounds played so far, read from the brick's log as each starts.
    type Seen = Events<Heard>;
    type Observed = Happened<Heard>;

    fn read(r: RawPlayed, cx: &Cx) -> Result<Self, SpecError> {
        let freq_hz = match &r.freq_hz {
            None => None,
            Some(f) if (1..=20_000).contains(f.get_ref()) => Some(*f.get_ref() as u32),
            Some(f) => {
                return Err(cx.err_at(
                    f.span(),
                    format!("freq_hz = {}: 1 to 20000 Hz", f.get_ref()),
                ))
            }
        };
        Ok(Played {
            freq_hz,
            when: When::read(cx, &r.by_s, &r.region)?,
        })
    }

    fn look(&self, seen: &mut Events<Heard>, m: &mut Moment) {
        let log = m.robot.vm().sounds();
        // A sound counts from the moment it starts (a queued one starts later).
        while let Some(s) = log.get(seen.cursor).filter(|s| s.time_ms <= m.t) {
            seen.cursor += 1;
            if s.time_ms < m.from_ms {
                continue;
            }
            let heard = match s.kind {
                SoundKind::Tone => Heard::Tone {
                    freq_hz: s.value.max(0) as u32,
                    ms: s.duration_ms,
                },
                SoundKind::System => Heard::System {
                    system: s.value.clamp(0, 255) as u8,
                },
            };
            let wanted = match (self.freq_hz, heard) {
                (None, _) => true,
                (Some(f), Heard::Tone { freq_hz, .. }) => f == freq_hz,
                (Some(_), Heard::System { .. }) => false,
            };
            seen.event_at(&self.when, m, s.time_ms, heard, wanted);
        }
    }

    fn state(&self, seen: &Events<Heard>, _: Robot<'_>, t: u64) -> LiveState {
        seen.state(&self.when, t)
    }

    fn ended_at(&self, seen: &Events<Heard>, _: bool, _: Robot<'_>, _: u64) -> u64 {
        seen.ended_at(&self.when)
    }

    fn judge(&self, seen: &Events<Heard>, _: Robot<'_>) -> (bool, Happened<Heard>) {
        seen.judge(&self.when)
    }

    fn expected(&self) -> Value {
        let mut own = serde_json::Map::new();
        own.insert("played".into(), json!(self.freq_hz));
        self.when.expected(own)
    }

    fn marks(&self) -> Vec<(Region, Mark)> {
        self.when.marks()
    }

    fn task(&self, l: Lang) -> String {
        let which = match self.freq_hz {
            Some(f) => crate::tr!(l, "goal-a-tone-of", f = f.to_string()),
            None => crate::tr!(l, "goal-a-sound"),
        };
        crate::tr!(
            l,
            "goal-played",
            which = which,
            place = self.when.where_words(l),
            by = self.when.by(l)
        )
    }

    fn outcome(&self, o: &Happened<Heard>, _: bool, l: Lang) -> String {
        let none = match self.freq_hz {
            Some(f) => crate::tr!(
                l,
                "goal-none-play-this",
                which = crate::tr!(l, "goal-a-tone-of", f = f.to_string())
            ),
            None => crate::tr!(l, "goal-none-play"),
        };
        event::outcome(
            o,
            &self.when,
            l,
            |h| crate::tr!(l, "goal-did-play", sound = h.words(l)),
            none,
        )
    }
}

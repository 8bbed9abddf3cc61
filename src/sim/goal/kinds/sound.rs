//! `sound`: the brick plays every one of some tones (frequency and length), decided at the
//! end from the tones it started (from the moment the criterion looks: its `after`).

use super::prelude::*;

/// Play every tone of `contains`.
#[derive(Clone, Debug, PartialEq)]
pub struct Sound {
    pub contains: Vec<Tone>,
}

/// A tone: its frequency and length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tone {
    pub freq_hz: u32,
    pub ms: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSound {
    contains: Option<Spanned<Vec<Tone>>>,
}

/// The most tones a criterion keeps to say what was played.
const KEEP: usize = 8;

/// The tones started so far: how many, the first few different ones, and how far the
/// brick's log has been read.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TonesHeard {
    cursor: usize,
    count: usize,
    tones: Vec<Tone>,
}

/// How many tones were played, which of those wanted were not, and (the first few
/// different ones) what was played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SoundsPlayed {
    pub missing: Vec<Tone>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub played: Vec<Tone>,
    pub tones_played: usize,
}

/// Tones in words ("440 Hz for 0.2 s, …").
fn tones(l: Lang, list: &[Tone]) -> String {
    list.iter()
        .map(|t| {
            crate::tr!(
                l,
                "goal-tone",
                f = t.freq_hz.to_string(),
                d = ms(l, u64::from(t.ms))
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

impl CriterionKind for Sound {
    const NAME: &'static str = "sound";
    type Raw = RawSound;
    type Seen = TonesHeard;
    type Observed = SoundsPlayed;

    fn read(r: RawSound, cx: &Cx) -> Result<Self, SpecError> {
        let list = r
            .contains
            .as_ref()
            .ok_or_else(|| cx.need("contains = [{ freq_hz = …, ms = … }]"))?;
        if list.get_ref().is_empty() {
            return Err(cx.need("at least one tone in contains"));
        }
        Ok(Sound {
            contains: list.get_ref().clone(),
        })
    }

    fn look(&self, seen: &mut TonesHeard, m: &mut Moment) {
        let log = m.robot.vm().sounds();
        // A tone counts from the moment it starts (a queued one starts later).
        while let Some(s) = log.get(seen.cursor).filter(|s| s.time_ms <= m.t) {
            seen.cursor += 1;
            if s.kind != crate::vm::SoundKind::Tone || s.time_ms < m.from_ms {
                continue;
            }
            let tone = Tone {
                freq_hz: s.value.max(0) as u32,
                ms: s.duration_ms,
            };
            seen.count += 1;
            // Every tone wanted is kept once heard; others while there is room.
            let known = seen.tones.contains(&tone);
            if !known && (seen.tones.len() < KEEP || self.contains.contains(&tone)) {
                seen.tones.push(tone);
            }
        }
    }

    fn state(&self, _: &TonesHeard, _: Robot<'_>, _: u64) -> LiveState {
        LiveState::Pending
    }

    fn ended_at(&self, _: &TonesHeard, _: bool, _: Robot<'_>, end_ms: u64) -> u64 {
        end_ms
    }

    fn judge(&self, seen: &TonesHeard, _: Robot<'_>) -> (bool, SoundsPlayed) {
        let missing: Vec<Tone> = (self.contains.iter())
            .filter(|t| !seen.tones.contains(t))
            .copied()
            .collect();
        (
            missing.is_empty(),
            SoundsPlayed {
                missing,
                played: seen.tones.iter().take(KEEP).copied().collect(),
                tones_played: seen.count,
            },
        )
    }

    fn expected(&self) -> Value {
        json!(self.contains)
    }

    fn marks(&self) -> Vec<(Region, Mark)> {
        Vec::new()
    }

    fn task(&self, l: Lang) -> String {
        crate::tr!(l, "goal-sound", tones = tones(l, &self.contains))
    }

    fn outcome(&self, o: &SoundsPlayed, _: bool, l: Lang) -> String {
        if o.missing.is_empty() {
            return crate::tr!(l, "goal-played-all", n = self.contains.len().to_string());
        }
        let instead = match (o.tones_played, o.played.is_empty()) {
            (0, _) => crate::tr!(l, "goal-played-no-tone"),
            (_, true) => String::new(),
            (n, false) => crate::tr!(
                l,
                "goal-played-instead",
                n = n.to_string(),
                tones = tones(l, &o.played)
            ),
        };
        crate::tr!(
            l,
            "goal-did-not-play",
            tones = tones(l, &o.missing),
            instead = instead
        )
    }
}

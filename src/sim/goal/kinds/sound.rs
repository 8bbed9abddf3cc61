//! `sound`: the brick plays every one of some tones (frequency and length), decided at the
//! end.

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

/// How many tones were played, and which of those wanted were not.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Played {
    pub missing: Vec<Tone>,
    pub tones_played: usize,
}

/// Tones in words ("440 Hz for 0.2 s, …").
fn tones(l: Lang, list: &[Tone]) -> String {
    list.iter()
        .map(|t| {
            crate::tr_in!(
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
    type Seen = ();
    type Observed = Played;

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

    fn look(&self, _: &mut (), _: &mut Moment) {}

    fn state(&self, _: &(), _: Robot<'_>, _: u64) -> LiveState {
        LiveState::Pending
    }

    fn ended_at(&self, _: &(), _: bool, _: Robot<'_>, end_ms: u64) -> u64 {
        end_ms
    }

    fn judge(&self, _: &(), robot: Robot<'_>) -> (bool, Played) {
        let played: Vec<Tone> = (robot.vm().sounds().iter())
            .filter(|s| s.kind == crate::vm::SoundKind::Tone)
            .map(|s| Tone {
                freq_hz: s.value.max(0) as u32,
                ms: s.duration_ms,
            })
            .collect();
        let missing: Vec<Tone> = (self.contains.iter())
            .filter(|t| !played.contains(t))
            .copied()
            .collect();
        (
            missing.is_empty(),
            Played {
                missing,
                tones_played: played.len(),
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
        crate::tr_in!(l, "goal-sound", tones = tones(l, &self.contains))
    }

    fn outcome(&self, o: &Played, _: bool, l: Lang) -> String {
        match o.missing.is_empty() {
            true => crate::tr_in!(l, "goal-played-all", n = self.contains.len().to_string()),
            false => crate::tr_in!(l, "goal-did-not-play", tones = tones(l, &o.missing)),
        }
    }
}

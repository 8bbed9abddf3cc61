//! `line`: the light sensor stays near the environment's line for a share of the time
//! (after a moment), decided at the end.

use super::prelude::*;

/// Keep the light sensor within `max_m` of the line `for_fraction` of the ticks after
/// `after_ms`.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub max_m: f64,
    pub for_fraction: f64,
    pub after_ms: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLine {
    max_m: Option<Spanned<f64>>,
    for_fraction: Option<Spanned<f64>>,
    after_s: Option<Spanned<f64>>,
}

/// Ticks checked after `after_ms`, ticks near the line, the farthest seen; `no_light` when
/// the robot has no light sensor.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Near {
    ticks: u64,
    near: u64,
    worst_m: f64,
    no_light: bool,
}

fixed_text!(
    /// The robot has no light sensor to follow a line with.
    NoLightSensor = "the robot has no light sensor"
);

/// How near the line the sensor stayed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Followed {
    Near { farthest_m: f64, fraction: f64 },
    NoLight(NoLightSensor),
}

impl CriterionKind for Line {
    const NAME: &'static str = "line";
    type Raw = RawLine;
    type Seen = Near;
    type Observed = Followed;

    fn read(r: RawLine, cx: &Cx) -> Result<Self, SpecError> {
        if cx.env.lines.is_empty() {
            return Err(cx.err(format!(
                "criterion \"{}\" (line): environment \"{}\" has no [[line]]",
                cx.id, cx.env.name
            )));
        }
        let max_m = cx
            .metres(&r.max_m, "max_m")?
            .ok_or_else(|| cx.need("max_m"))?;
        let for_fraction = match &r.for_fraction {
            None => return Err(cx.need("for_fraction = 0…1")),
            Some(f) if (0.0..=1.0).contains(f.get_ref()) => *f.get_ref(),
            Some(f) => {
                return Err(cx.err_at(
                    f.span(),
                    format!("for_fraction = {}: from 0 to 1", f.get_ref()),
                ))
            }
        };
        let after_ms = match &r.after_s {
            None => 0,
            some => cx.time_ms(some, "after_s")?,
        };
        if after_ms >= cx.end_ms {
            return Err(cx.err(format!(
                "criterion \"{}\": after_s leaves no ticks to check",
                cx.id
            )));
        }
        Ok(Line {
            max_m,
            for_fraction,
            after_ms,
        })
    }

    fn look(&self, seen: &mut Near, m: &mut Moment) {
        if m.t <= self.after_ms {
            return;
        }
        let Some((x, z)) = m.sim.world().light_spot(m.k) else {
            seen.no_light = true;
            return;
        };
        let d = f64::from(
            (m.sim.env_spec().lines.iter())
                .map(|l| l.distance_m(x, z))
                .fold(f32::INFINITY, f32::min),
        );
        seen.ticks += 1;
        if d <= self.max_m {
            seen.near += 1;
        }
        seen.worst_m = seen.worst_m.max(d);
    }

    fn state(&self, _: &Near, _: Robot<'_>, _: u64) -> LiveState {
        LiveState::Pending
    }

    fn ended_at(&self, _: &Near, _: bool, _: Robot<'_>, end_ms: u64) -> u64 {
        end_ms
    }

    fn judge(&self, seen: &Near, _: Robot<'_>) -> (bool, Followed) {
        if seen.no_light {
            return (false, Followed::NoLight(NoLightSensor));
        }
        let fraction = match seen.ticks {
            0 => 0.0,
            n => seen.near as f64 / n as f64,
        };
        (
            fraction >= self.for_fraction,
            Followed::Near {
                farthest_m: round3(seen.worst_m),
                fraction: round3(fraction),
            },
        )
    }

    fn expected(&self) -> Value {
        json!({
            "max_m": self.max_m,
            "for_fraction": self.for_fraction,
            "after_s": secs_of(self.after_ms),
        })
    }

    fn marks(&self) -> Vec<(Region, Mark)> {
        Vec::new()
    }

    fn task(&self, l: Lang) -> String {
        let after = match self.after_ms {
            0 => String::new(),
            t => crate::tr!(l, "goal-after", t = ms(l, t)),
        };
        crate::tr!(
            l,
            "goal-line",
            max = metres(l, self.max_m),
            percent = (self.for_fraction * 100.0).round().to_string(),
            after = after
        )
    }

    fn outcome(&self, o: &Followed, _: bool, l: Lang) -> String {
        match o {
            Followed::Near {
                farthest_m,
                fraction,
            } => crate::tr!(
                l,
                "goal-near-line",
                f = (fraction * 100.0).round().to_string(),
                need = (self.for_fraction * 100.0).round().to_string(),
                w = metres(l, *farthest_m)
            ),
            Followed::NoLight(_) => crate::tr!(l, "goal-no-light-sensor"),
        }
    }
}

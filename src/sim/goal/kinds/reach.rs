//! `reach`: the robot's brick enters a region by a time (passed the moment it does).

use super::prelude::*;

/// Enter `region` by `by_ms`.
#[derive(Clone, Debug, PartialEq)]
pub struct Reach {
    pub region: Region,
    pub by_ms: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawReach {
    region: Option<Spanned<RawRegion>>,
    by_s: Option<Spanned<f64>>,
}

/// When it was reached; else where the robot ended and whether that is inside.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reached {
    /// The brick's (x, z) at the end, when it never reached the region in time.
    #[serde(rename = "final", default, skip_serializing_if = "Option::is_none")]
    pub final_xz: Option<[f64; 2]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inside_at_end: Option<bool>,
    pub reached_at_s: Option<f64>,
}

impl CriterionKind for Reach {
    const NAME: &'static str = "reach";
    type Raw = RawReach;
    /// The first moment it was inside in time.
    type Seen = Option<u64>;
    type Observed = Reached;

    fn read(r: RawReach, cx: &Cx) -> Result<Self, SpecError> {
        Ok(Reach {
            region: cx.region(&r.region)?,
            by_ms: cx.time_ms(&r.by_s, "by_s")?,
        })
    }

    fn look(&self, at: &mut Option<u64>, m: &mut Moment) {
        if at.is_none() && m.t <= self.by_ms && m.inside(&self.region) {
            *at = Some(m.t);
        }
    }

    fn state(&self, at: &Option<u64>, _: Robot<'_>, t: u64) -> LiveState {
        match at {
            Some(a) => LiveState::Passed { at_ms: *a },
            None if t > self.by_ms => LiveState::Failed { at_ms: self.by_ms },
            None => LiveState::Pending,
        }
    }

    fn ended_at(&self, at: &Option<u64>, _: bool, _: Robot<'_>, _: u64) -> u64 {
        at.unwrap_or(self.by_ms)
    }

    fn judge(&self, at: &Option<u64>, robot: Robot<'_>) -> (bool, Reached) {
        match at {
            Some(t) => (
                true,
                Reached {
                    final_xz: None,
                    inside_at_end: None,
                    reached_at_s: Some(secs_of(*t)),
                },
            ),
            None => {
                let p = robot.pose();
                (
                    false,
                    Reached {
                        final_xz: Some([round3(p.x), round3(p.z)]),
                        inside_at_end: Some(self.region.contains(p.x, p.z)),
                        reached_at_s: None,
                    },
                )
            }
        }
    }

    fn expected(&self) -> Value {
        json!({ "region": self.region.to_json(), "by_s": secs_of(self.by_ms) })
    }

    fn marks(&self) -> Vec<(Region, Mark)> {
        vec![(self.region, Mark::Reach)]
    }

    fn task(&self, l: Lang) -> String {
        crate::tr!(l, "goal-reach", by = ms(l, self.by_ms))
    }

    fn outcome(&self, o: &Reached, _: bool, l: Lang) -> String {
        let by = ms(l, self.by_ms);
        match o.reached_at_s {
            Some(t) => crate::tr!(l, "goal-reached", t = secs(l, t), by = by),
            None => {
                let away = match o.final_xz {
                    Some([x, z]) => crate::tr!(
                        l,
                        "goal-ended-away",
                        d = metres(l, self.region.distance_m(x, z))
                    ),
                    None => String::new(),
                };
                crate::tr!(l, "goal-not-reached", by = by, away = away)
            }
        }
    }
}

//! `never_enter`: the robot's brick never enters a region (failed the moment it does).

use super::prelude::*;

/// Never enter `region`.
#[derive(Clone, Debug, PartialEq)]
pub struct NeverEnter {
    pub region: Region,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawNeverEnter {
    region: Option<Spanned<RawRegion>>,
}

/// When it was entered, if it was.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entered {
    pub entered_at_s: Option<f64>,
}

impl CriterionKind for NeverEnter {
    const NAME: &'static str = "never_enter";
    type Raw = RawNeverEnter;
    /// The first moment it was inside.
    type Seen = Option<u64>;
    type Observed = Entered;

    fn read(r: RawNeverEnter, cx: &Cx) -> Result<Self, SpecError> {
        Ok(NeverEnter {
            region: cx.region(&r.region)?,
        })
    }

    fn look(&self, at: &mut Option<u64>, m: &mut Moment) {
        if at.is_none() && m.inside(&self.region) {
            *at = Some(m.t);
        }
    }

    fn state(&self, at: &Option<u64>, _: Robot<'_>, _: u64) -> LiveState {
        match at {
            Some(a) => LiveState::Failed { at_ms: *a },
            None => LiveState::Pending,
        }
    }

    fn ended_at(&self, at: &Option<u64>, _: bool, _: Robot<'_>, end_ms: u64) -> u64 {
        at.unwrap_or(end_ms)
    }

    fn judge(&self, at: &Option<u64>, _: Robot<'_>) -> (bool, Entered) {
        (
            at.is_none(),
            Entered {
                entered_at_s: at.map(secs_of),
            },
        )
    }

    fn expected(&self) -> Value {
        json!({ "never_enter": self.region.to_json() })
    }

    fn marks(&self) -> Vec<(Region, Mark)> {
        vec![(self.region, Mark::Avoid)]
    }

    fn task(&self, l: Lang) -> String {
        crate::tr!(l, "goal-never-enter")
    }

    fn outcome(&self, o: &Entered, _: bool, l: Lang) -> String {
        match o.entered_at_s {
            Some(t) => crate::tr!(l, "goal-entered", t = secs(l, t)),
            None => crate::tr!(l, "goal-never-entered"),
        }
    }
}

//! `visit`: the robot's brick enters regions in order, the last by a time.

use super::prelude::*;

/// Enter `regions` one after the other, the last by `by_ms`.
#[derive(Clone, Debug, PartialEq)]
pub struct Visit {
    pub regions: Vec<Region>,
    pub by_ms: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawVisit {
    regions: Option<Spanned<Vec<RawRegion>>>,
    by_s: Option<Spanned<f64>>,
}

/// When each region visited was entered, and how many there are.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Visited {
    pub at_s: Vec<f64>,
    pub of: usize,
    pub visited: usize,
}

impl CriterionKind for Visit {
    const NAME: &'static str = "visit";
    type Raw = RawVisit;
    /// The times each region was entered, in order.
    type Seen = Vec<u64>;
    type Observed = Visited;

    fn read(r: RawVisit, cx: &Cx) -> Result<Self, SpecError> {
        let rs = r
            .regions
            .as_ref()
            .ok_or_else(|| cx.need("regions = [ {...}, ... ]"))?;
        if rs.get_ref().is_empty() {
            return Err(cx.need("at least one region in regions"));
        }
        Ok(Visit {
            regions: rs
                .get_ref()
                .iter()
                .map(|r| cx.region_at(rs.span(), r))
                .collect::<Result<_, _>>()?,
            by_ms: cx.time_ms(&r.by_s, "by_s")?,
        })
    }

    fn look(&self, at: &mut Vec<u64>, m: &mut Moment) {
        if m.t <= self.by_ms && self.regions.get(at.len()).is_some_and(|r| m.inside(r)) {
            at.push(m.t);
        }
    }

    fn state(&self, at: &Vec<u64>, _: Robot<'_>, t: u64) -> LiveState {
        if at.len() == self.regions.len() {
            LiveState::Passed {
                at_ms: at.last().copied().unwrap_or(0),
            }
        } else if t > self.by_ms {
            LiveState::Failed { at_ms: self.by_ms }
        } else {
            LiveState::Pending
        }
    }

    fn ended_at(&self, at: &Vec<u64>, pass: bool, _: Robot<'_>, _: u64) -> u64 {
        match pass {
            true => at.last().copied().unwrap_or(0),
            false => self.by_ms,
        }
    }

    fn judge(&self, at: &Vec<u64>, _: Robot<'_>) -> (bool, Visited) {
        (
            at.len() == self.regions.len(),
            Visited {
                at_s: at.iter().map(|t| secs_of(*t)).collect(),
                of: self.regions.len(),
                visited: at.len(),
            },
        )
    }

    fn expected(&self) -> Value {
        json!({
            "regions": self.regions.iter().map(Region::to_json).collect::<Vec<_>>(),
            "by_s": secs_of(self.by_ms),
        })
    }

    fn marks(&self) -> Vec<(Region, Mark)> {
        (self.regions.iter().enumerate())
            .map(|(i, r)| (*r, Mark::Visit(i + 1)))
            .collect()
    }

    fn task(&self, l: Lang) -> String {
        crate::tr!(
            l,
            "goal-visit",
            n = self.regions.len().to_string(),
            by = ms(l, self.by_ms)
        )
    }

    fn outcome(&self, o: &Visited, pass: bool, l: Lang) -> String {
        match pass {
            true => crate::tr!(
                l,
                "goal-visited-all",
                n = self.regions.len().to_string(),
                t = secs(l, o.at_s.last().copied().unwrap_or(0.0))
            ),
            false => crate::tr!(
                l,
                "goal-visited-some",
                n = o.visited.to_string(),
                of = self.regions.len().to_string(),
                by = ms(l, self.by_ms),
                // The blue areas left, by their numbers on the floor.
                missed = (o.visited + 1..=self.regions.len())
                    .map(|k| k.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}

//! `displacement` (how far from the start the robot ends — or, with `after`, from where it
//! was when those criteria passed) and `path_length` (how far it drives in all): both
//! decided at the end, from the robot's odometry and pose.

use super::prelude::*;

/// End between `min_m` and `max_m` from the start (either end open); with `after`, from
/// where the brick was when those criteria passed (`from`: their ids, for the words).
#[derive(Clone, Debug, PartialEq)]
pub struct Displacement {
    pub min_m: Option<f64>,
    pub max_m: Option<f64>,
    pub from: Option<String>,
}

/// Drive between `min_m` and `max_m` in all (either end open).
#[derive(Clone, Debug, PartialEq)]
pub struct PathLength {
    pub min_m: Option<f64>,
    pub max_m: Option<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDistance {
    min_m: Option<Spanned<f64>>,
    max_m: Option<Spanned<f64>>,
}

/// min_m, max_m or both, in order.
fn range_of(cx: &Cx, r: RawDistance) -> Result<(Option<f64>, Option<f64>), SpecError> {
    let (min_m, max_m) = (cx.metres(&r.min_m, "min_m")?, cx.metres(&r.max_m, "max_m")?);
    if min_m.is_none() && max_m.is_none() {
        return Err(cx.need("min_m, max_m or both"));
    }
    if let (Some(a), Some(b)) = (min_m, max_m) {
        if a > b {
            return Err(cx.err(format!("criterion \"{}\": min_m {a} > max_m {b}", cx.id)));
        }
    }
    Ok((min_m, max_m))
}

impl CriterionKind for Displacement {
    const NAME: &'static str = "displacement";
    type Raw = RawDistance;
    /// With `after`: the brick's (x, z) when it began to count.
    type Seen = Option<(f64, f64)>;
    /// The distance, m (to 1 mm).
    type Observed = f64;

    fn read(r: RawDistance, cx: &Cx) -> Result<Self, SpecError> {
        let (min_m, max_m) = range_of(cx, r)?;
        let from = (!cx.after.is_empty()).then(|| cx.after.join("”, “"));
        Ok(Displacement { min_m, max_m, from })
    }

    fn look(&self, seen: &mut Option<(f64, f64)>, m: &mut Moment) {
        if self.from.is_some() && seen.is_none() {
            *seen = Some(m.xz());
        }
    }

    fn state(&self, _: &Option<(f64, f64)>, _: Robot<'_>, _: u64) -> LiveState {
        LiveState::Pending
    }

    fn ended_at(&self, _: &Option<(f64, f64)>, _: bool, _: Robot<'_>, end_ms: u64) -> u64 {
        end_ms
    }

    fn judge(&self, seen: &Option<(f64, f64)>, robot: Robot<'_>) -> (bool, f64) {
        let d = match (&self.from, seen) {
            (None, _) => robot.displacement_m(),
            (Some(_), Some((x, z))) => {
                let p = robot.pose();
                (p.x - x).hypot(p.z - z)
            }
            (Some(_), None) => 0.0,
        };
        (within(d, self.min_m, self.max_m), round3(d))
    }

    fn expected(&self) -> Value {
        let mut v = range_json(self.min_m, self.max_m);
        if let (Some(from), Value::Object(o)) = (&self.from, &mut v) {
            o.insert("from".into(), json!(from));
        }
        v
    }

    fn marks(&self) -> Vec<(Region, Mark)> {
        Vec::new()
    }

    fn task(&self, l: Lang) -> String {
        let range = range(l, self.min_m, self.max_m);
        match &self.from {
            None => crate::tr!(l, "goal-displacement", range = range),
            Some(after) => crate::tr!(
                l,
                "goal-displacement-from",
                range = range,
                after = after.clone()
            ),
        }
    }

    fn outcome(&self, d: &f64, _: bool, l: Lang) -> String {
        let (d, range) = (metres(l, *d), range(l, self.min_m, self.max_m));
        match &self.from {
            None => crate::tr!(l, "goal-ended-from-start", d = d, range = range),
            Some(after) => crate::tr!(
                l,
                "goal-ended-from-after",
                d = d,
                range = range,
                after = after.clone()
            ),
        }
    }
}

impl CriterionKind for PathLength {
    const NAME: &'static str = "path_length";
    type Raw = RawDistance;
    type Seen = ();
    /// The distance, m (to 1 mm).
    type Observed = f64;

    fn read(r: RawDistance, cx: &Cx) -> Result<Self, SpecError> {
        let (min_m, max_m) = range_of(cx, r)?;
        Ok(PathLength { min_m, max_m })
    }

    fn look(&self, _: &mut (), _: &mut Moment) {}

    fn state(&self, _: &(), _: Robot<'_>, _: u64) -> LiveState {
        LiveState::Pending
    }

    fn ended_at(&self, _: &(), _: bool, _: Robot<'_>, end_ms: u64) -> u64 {
        end_ms
    }

    fn judge(&self, _: &(), robot: Robot<'_>) -> (bool, f64) {
        let d = robot.path_length_m();
        (within(d, self.min_m, self.max_m), round3(d))
    }

    fn expected(&self) -> Value {
        range_json(self.min_m, self.max_m)
    }

    fn marks(&self) -> Vec<(Region, Mark)> {
        Vec::new()
    }

    fn task(&self, l: Lang) -> String {
        crate::tr!(
            l,
            "goal-path-length",
            range = range(l, self.min_m, self.max_m)
        )
    }

    fn outcome(&self, d: &f64, _: bool, l: Lang) -> String {
        crate::tr!(
            l,
            "goal-drove",
            d = metres(l, *d),
            range = range(l, self.min_m, self.max_m)
        )
    }
}

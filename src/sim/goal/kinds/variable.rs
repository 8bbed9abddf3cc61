//! `variable`: one of the brick's 32 variables has a value at a moment.

use super::prelude::*;

/// Variable `index` has the value `expect` at `at_ms`.
#[derive(Clone, Debug, PartialEq)]
pub struct Variable {
    pub index: usize,
    pub at_ms: u64,
    pub expect: Expect,
}

/// A variable's expected value: exactly one, or a range (either end open).
#[derive(Clone, Debug, PartialEq)]
pub enum Expect {
    Equals(i64),
    Range(Option<i64>, Option<i64>),
}

impl Expect {
    fn holds(&self, v: i64) -> bool {
        match *self {
            Expect::Equals(e) => v == e,
            Expect::Range(lo, hi) => lo.is_none_or(|l| v >= l) && hi.is_none_or(|h| v <= h),
        }
    }

    fn words(&self, l: Lang) -> String {
        match self {
            Expect::Equals(v) => format!("{v}"),
            Expect::Range(Some(a), Some(b)) => {
                crate::tr!(l, "goal-from-to", a = a.to_string(), b = b.to_string())
            }
            Expect::Range(Some(a), None) => crate::tr!(l, "goal-at-least", a = a.to_string()),
            Expect::Range(None, Some(b)) => crate::tr!(l, "goal-at-most", b = b.to_string()),
            Expect::Range(None, None) => crate::tr!(l, "goal-any-value"),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawVariable {
    index: Option<Spanned<i64>>,
    at_s: Option<Spanned<f64>>,
    equals: Option<Spanned<toml::Value>>,
    min: Option<Spanned<i64>>,
    max: Option<Spanned<i64>>,
}

impl CriterionKind for Variable {
    const NAME: &'static str = "variable";
    type Raw = RawVariable;
    /// Its value at its moment, once reached.
    type Seen = Option<i64>;
    /// Its value at its moment (`null`: the run ended before).
    type Observed = Option<i64>;

    fn read(r: RawVariable, cx: &Cx) -> Result<Self, SpecError> {
        let index = r.index.as_ref().ok_or_else(|| cx.need("index = 0…31"))?;
        if !(0..32).contains(index.get_ref()) {
            return Err(cx.err_at(
                index.span(),
                format!("index = {}: a variable 0…31", index.get_ref()),
            ));
        }
        let expect = match (&r.equals, &r.min, &r.max) {
            (Some(e), None, None) => match e.get_ref() {
                toml::Value::Integer(v) => Expect::Equals(*v),
                _ => return Err(cx.err_at(e.span(), "equals: a whole number".into())),
            },
            (None, min, max) if min.is_some() || max.is_some() => {
                let (lo, hi) = (
                    min.as_ref().map(|v| *v.get_ref()),
                    max.as_ref().map(|v| *v.get_ref()),
                );
                if let (Some(a), Some(b)) = (lo, hi) {
                    if a > b {
                        return Err(cx.err(format!("criterion \"{}\": min {a} > max {b}", cx.id)));
                    }
                }
                Expect::Range(lo, hi)
            }
            _ => return Err(cx.need("equals = N, or min and/or max (not both kinds)")),
        };
        Ok(Variable {
            index: *index.get_ref() as usize,
            at_ms: cx.time_ms(&r.at_s, "at_s")?,
            expect,
        })
    }

    fn look(&self, got: &mut Option<i64>, m: &mut Moment) {
        if m.t == self.at_ms {
            let v = m.robot.vm().variables().get(self.index).copied();
            *got = Some(i64::from(v.unwrap_or(0)));
        }
    }

    fn state(&self, got: &Option<i64>, robot: Robot<'_>, _: u64) -> LiveState {
        let at_ms = self.at_ms;
        match (got, self.judge(got, robot).0) {
            (None, _) => LiveState::Pending,
            (Some(_), true) => LiveState::Passed { at_ms },
            (Some(_), false) => LiveState::Failed { at_ms },
        }
    }

    fn ended_at(&self, _: &Option<i64>, _: bool, _: Robot<'_>, _: u64) -> u64 {
        self.at_ms
    }

    fn judge(&self, got: &Option<i64>, _: Robot<'_>) -> (bool, Option<i64>) {
        (got.is_some_and(|g| self.expect.holds(g)), *got)
    }

    fn expected(&self) -> Value {
        let (index, at_s) = (self.index, secs_of(self.at_ms));
        match self.expect {
            Expect::Equals(v) => json!({ "index": index, "at_s": at_s, "equals": v }),
            Expect::Range(lo, hi) => {
                json!({ "index": index, "at_s": at_s, "min": lo, "max": hi })
            }
        }
    }

    fn marks(&self) -> Vec<(Region, Mark)> {
        Vec::new()
    }

    fn task(&self, l: Lang) -> String {
        crate::tr!(
            l,
            "goal-variable",
            index = self.index.to_string(),
            expect = self.expect.words(l),
            at = ms(l, self.at_ms)
        )
    }

    fn outcome(&self, got: &Option<i64>, _: bool, l: Lang) -> String {
        match got {
            Some(v) => crate::tr!(
                l,
                "goal-variable-was",
                index = self.index.to_string(),
                v = v.to_string(),
                at = ms(l, self.at_ms),
                expect = self.expect.words(l)
            ),
            None => crate::tr!(l, "goal-run-ended-before", at = ms(l, self.at_ms)),
        }
    }
}

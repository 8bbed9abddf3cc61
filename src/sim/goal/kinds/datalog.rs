//! `datalog`: the brick's datalog holds these values, in order, at a moment.

use super::prelude::*;

/// At `at_ms` the datalog holds exactly `values`, in the order they were logged.
#[derive(Clone, Debug, PartialEq)]
pub struct Datalog {
    pub at_ms: u64,
    pub values: Vec<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDatalog {
    at_s: Option<Spanned<f64>>,
    equals: Option<Spanned<Vec<i64>>>,
}

/// Most values a criterion may list (the RCX's datalog holds a few thousand; a check
/// lists what a pupil logs).
const MAX_VALUES: usize = 100;

/// What the datalog held at its moment.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Logged {
    /// Whether the program made a datalog (`SetDatalog`, `logz`).
    pub made: bool,
    /// The values logged, in order (the header entry left out).
    pub values: Vec<i64>,
}

/// Values as a list ("1, 2, 3"; "nothing").
fn list(values: &[i64], l: Lang) -> String {
    if values.is_empty() {
        return crate::tr!(l, "goal-datalog-nothing");
    }
    let v: Vec<String> = values.iter().map(i64::to_string).collect();
    v.join(", ")
}

impl CriterionKind for Datalog {
    const NAME: &'static str = "datalog";
    type Raw = RawDatalog;
    /// What it held at its moment, once reached.
    type Seen = Option<Logged>;
    /// What it held at its moment (`null`: the run ended before).
    type Observed = Option<Logged>;

    fn read(r: RawDatalog, cx: &Cx) -> Result<Self, SpecError> {
        let e = r
            .equals
            .as_ref()
            .ok_or_else(|| cx.need("equals = [1, 2, 3] (the values logged, in order)"))?;
        if e.get_ref().len() > MAX_VALUES {
            return Err(cx.err_at(e.span(), format!("equals: at most {MAX_VALUES} values")));
        }
        if let Some(v) = e.get_ref().iter().find(|v| i16::try_from(**v).is_err()) {
            return Err(cx.err_at(
                e.span(),
                format!("equals: {v} is not a value the RCX can log (-32768…32767)"),
            ));
        }
        Ok(Datalog {
            at_ms: cx.time_ms(&r.at_s, "at_s")?,
            values: e.get_ref().clone(),
        })
    }

    fn look(&self, got: &mut Option<Logged>, m: &mut Moment) {
        if m.t == self.at_ms {
            let log = m.robot.vm().datalog();
            *got = Some(Logged {
                made: !log.is_empty(),
                values: log.iter().skip(1).map(|&(_, v)| i64::from(v)).collect(),
            });
        }
    }

    fn state(&self, got: &Option<Logged>, robot: Robot<'_>, _: u64) -> LiveState {
        let at_ms = self.at_ms;
        match (got, self.judge(got, robot).0) {
            (None, _) => LiveState::Pending,
            (Some(_), true) => LiveState::Passed { at_ms },
            (Some(_), false) => LiveState::Failed { at_ms },
        }
    }

    fn ended_at(&self, _: &Option<Logged>, _: bool, _: Robot<'_>, _: u64) -> u64 {
        self.at_ms
    }

    fn judge(&self, got: &Option<Logged>, _: Robot<'_>) -> (bool, Option<Logged>) {
        let ok = got.as_ref().is_some_and(|g| g.values == self.values);
        (ok, got.clone())
    }

    fn expected(&self) -> Value {
        json!({ "at_s": secs_of(self.at_ms), "equals": self.values })
    }

    fn marks(&self) -> Vec<(Region, Mark)> {
        Vec::new()
    }

    fn task(&self, l: Lang) -> String {
        crate::tr!(
            l,
            "goal-datalog",
            values = list(&self.values, l),
            at = ms(l, self.at_ms)
        )
    }

    fn outcome(&self, got: &Option<Logged>, _: bool, l: Lang) -> String {
        match got {
            Some(g) if !g.made => {
                crate::tr!(l, "goal-datalog-none", at = ms(l, self.at_ms))
            }
            Some(g) => crate::tr!(
                l,
                "goal-datalog-was",
                v = list(&g.values, l),
                at = ms(l, self.at_ms),
                expect = list(&self.values, l)
            ),
            None => crate::tr!(l, "goal-run-ended-before", at = ms(l, self.at_ms)),
        }
    }
}

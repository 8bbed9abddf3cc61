//! `display`: the brick's LCD shows a view and/or a value at a moment.

use super::prelude::*;

/// At `at_ms` the display shows `view` and/or `value`.
#[derive(Clone, Debug, PartialEq)]
pub struct Display {
    pub at_ms: u64,
    pub view: Option<String>,
    pub value: Option<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDisplay {
    at_s: Option<Spanned<f64>>,
    equals: Option<Spanned<toml::Value>>,
}

/// What the display showed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Shown {
    pub value: i64,
    pub view: String,
}

/// A view and a value as the words write them ("watch 12").
fn said(view: Option<&str>, value: Option<i64>, l: Lang, nothing: &str) -> String {
    match (view, value) {
        (Some(v), Some(n)) => format!("{v} {n}"),
        (Some(v), None) => v.to_string(),
        (None, Some(n)) => n.to_string(),
        (None, None) => crate::tr!(l, nothing),
    }
}

impl CriterionKind for Display {
    const NAME: &'static str = "display";
    type Raw = RawDisplay;
    /// What it showed at its moment, once reached.
    type Seen = Option<Shown>;
    /// What it showed at its moment (`null`: the run ended before).
    type Observed = Option<Shown>;

    fn read(r: RawDisplay, cx: &Cx) -> Result<Self, SpecError> {
        let e = r
            .equals
            .as_ref()
            .ok_or_else(|| cx.need("equals = { view = \"watch\", value = N }"))?;
        let bad = |message: &str| cx.err_at(e.span(), message.to_string());
        let toml::Value::Table(t) = e.get_ref() else {
            return Err(bad("equals: a table { view = …, value = … }"));
        };
        if let Some(k) = t.keys().find(|k| *k != "view" && *k != "value") {
            return Err(bad(&format!("equals: unknown key \"{k}\" (view, value)")));
        }
        let view = match t.get("view") {
            None => None,
            Some(toml::Value::String(v)) => Some(v.clone()),
            Some(_) => return Err(bad("equals.view: a string such as \"watch\"")),
        };
        let value = match t.get("value") {
            None => None,
            Some(toml::Value::Integer(v)) => Some(*v),
            Some(_) => return Err(bad("equals.value: a whole number")),
        };
        if view.is_none() && value.is_none() {
            return Err(cx.need("equals with view, value or both"));
        }
        Ok(Display {
            at_ms: cx.time_ms(&r.at_s, "at_s")?,
            view,
            value,
        })
    }

    fn look(&self, got: &mut Option<Shown>, m: &mut Moment) {
        if m.t == self.at_ms {
            let lcd = m.robot.vm().lcd();
            *got = Some(Shown {
                value: i64::from(lcd.value),
                view: lcd.view,
            });
        }
    }

    fn state(&self, got: &Option<Shown>, robot: Robot<'_>, _: u64) -> LiveState {
        let at_ms = self.at_ms;
        match (got, self.judge(got, robot).0) {
            (None, _) => LiveState::Pending,
            (Some(_), true) => LiveState::Passed { at_ms },
            (Some(_), false) => LiveState::Failed { at_ms },
        }
    }

    fn ended_at(&self, _: &Option<Shown>, _: bool, _: Robot<'_>, _: u64) -> u64 {
        self.at_ms
    }

    fn judge(&self, got: &Option<Shown>, _: Robot<'_>) -> (bool, Option<Shown>) {
        let pass = self
            .view
            .as_deref()
            .is_none_or(|w| got.as_ref().is_some_and(|g| g.view == w))
            && self
                .value
                .is_none_or(|w| got.as_ref().is_some_and(|g| g.value == w));
        (pass, got.clone())
    }

    fn expected(&self) -> Value {
        json!({ "at_s": secs_of(self.at_ms), "view": self.view, "value": self.value })
    }

    fn marks(&self) -> Vec<(Region, Mark)> {
        Vec::new()
    }

    fn task(&self, l: Lang) -> String {
        let what = said(self.view.as_deref(), self.value, l, "goal-anything");
        crate::tr!(l, "goal-display", what = what, at = ms(l, self.at_ms))
    }

    fn outcome(&self, got: &Option<Shown>, _: bool, l: Lang) -> String {
        let shown = match got {
            Some(g) => said(Some(&g.view), Some(g.value), l, "goal-nothing"),
            None => said(None, None, l, "goal-nothing"),
        };
        crate::tr!(
            l,
            "goal-display-showed",
            shown = shown,
            at = ms(l, self.at_ms)
        )
    }
}

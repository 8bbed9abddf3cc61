//! `touch`: the robot's touch sensor is pressed (by a time; inside a region when one is
//! given) — a bump that is a bump, whatever a timed program does.

use super::event::{self, Events, Happened, When};
use super::prelude::*;

/// Press the touch sensor on `port` (1–3; `None`: the robot's first), as `when` says.
#[derive(Clone, Debug, PartialEq)]
pub struct Touch {
    pub port: Option<u8>,
    pub when: When,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTouch {
    port: Option<Spanned<i64>>,
    by_s: Option<Spanned<f64>>,
    region: Option<Spanned<RawRegion>>,
}

fixed_text!(
    /// The robot has no touch sensor (on the port named).
    NoTouchSensor = "the robot has no touch sensor there"
);

/// When it was pressed, or that it could not be.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Pressed {
    Happened(Happened<()>),
    NoSensor(NoTouchSensor),
}

/// What `touch` has seen: the presses, or that there is no sensor to press.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Presses {
    events: Events<()>,
    no_sensor: bool,
}

impl CriterionKind for Touch {
    const NAME: &'static str = "touch";
    type Raw = RawTouch;
    type Seen = Presses;
    type Observed = Pressed;

    fn read(r: RawTouch, cx: &Cx) -> Result<Self, SpecError> {
        let port = match &r.port {
            None => None,
            Some(p) if (1..=3).contains(p.get_ref()) => Some(*p.get_ref() as u8),
            Some(p) => {
                return Err(cx.err_at(p.span(), format!("port = {}: 1, 2 or 3", p.get_ref())))
            }
        };
        Ok(Touch {
            port,
            when: When::read(cx, &r.by_s, &r.region)?,
        })
    }

    fn look(&self, seen: &mut Presses, m: &mut Moment) {
        let port = self.port.map(|p| usize::from(p) - 1);
        match m.sim.world().touch_pressed(m.k, port) {
            None => seen.no_sensor = true,
            Some(true) => seen.events.event(&self.when, m, (), true),
            Some(false) => {}
        }
    }

    fn state(&self, seen: &Presses, _: Robot<'_>, t: u64) -> LiveState {
        seen.events.state(&self.when, t)
    }

    fn ended_at(&self, seen: &Presses, _: bool, _: Robot<'_>, _: u64) -> u64 {
        seen.events.ended_at(&self.when)
    }

    fn judge(&self, seen: &Presses, _: Robot<'_>) -> (bool, Pressed) {
        if seen.no_sensor {
            return (false, Pressed::NoSensor(NoTouchSensor));
        }
        let (pass, h) = seen.events.judge(&self.when);
        (pass, Pressed::Happened(h))
    }

    fn expected(&self) -> Value {
        let mut own = serde_json::Map::new();
        own.insert("pressed".into(), json!(true));
        if let Some(p) = self.port {
            own.insert("port".into(), json!(p));
        }
        self.when.expected(own)
    }

    fn marks(&self) -> Vec<(Region, Mark)> {
        self.when.marks()
    }

    fn task(&self, l: Lang) -> String {
        crate::tr!(
            l,
            "goal-touch",
            place = self.when.where_words(l),
            by = self.when.by(l)
        )
    }

    fn outcome(&self, o: &Pressed, _: bool, l: Lang) -> String {
        match o {
            Pressed::Happened(h) => event::outcome(
                h,
                &self.when,
                l,
                |_| crate::tr!(l, "goal-did-press"),
                crate::tr!(l, "goal-none-press"),
            ),
            Pressed::NoSensor(_) => crate::tr!(l, "goal-no-touch-sensor"),
        }
    }
}

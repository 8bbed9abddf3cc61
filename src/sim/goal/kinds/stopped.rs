//! `stopped`: the robot's motors stop after running (by a time; inside a region when one
//! is given) — the moment the program turns them off, not a robot that never moved.

use super::event::{self, Events, Happened, When};
use super::prelude::*;
use crate::vm::OutputMode;

/// Stop every one of `outputs` (0 A, 1 B, 2 C) after one of them ran, as `when` says.
#[derive(Clone, Debug, PartialEq)]
pub struct Stopped {
    pub outputs: Vec<usize>,
    pub when: When,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawStopped {
    outputs: Option<Spanned<String>>,
    by_s: Option<Spanned<f64>>,
    region: Option<Spanned<RawRegion>>,
}

/// The outputs as letters ("AC").
fn letters(outputs: &[usize]) -> String {
    outputs.iter().map(|&o| (b'A' + o as u8) as char).collect()
}

impl CriterionKind for Stopped {
    const NAME: &'static str = "stopped";
    type Raw = RawStopped;
    /// Armed once a motor ran; the stops after that.
    type Seen = Events<()>;
    type Observed = Happened<()>;

    fn read(r: RawStopped, cx: &Cx) -> Result<Self, SpecError> {
        let outputs = match &r.outputs {
            None => vec![0, 1, 2],
            Some(s) => {
                let mut v: Vec<usize> = Vec::new();
                for c in s.get_ref().chars() {
                    let o = match c.to_ascii_uppercase() {
                        'A' => 0,
                        'B' => 1,
                        'C' => 2,
                        _ => {
                            return Err(cx.err_at(
                                s.span(),
                                format!("outputs = \"{}\": letters of A, B and C", s.get_ref()),
                            ))
                        }
                    };
                    if !v.contains(&o) {
                        v.push(o);
                    }
                }
                if v.is_empty() {
                    return Err(cx.need("outputs = \"AC\" (one or more of A, B, C)"));
                }
                v.sort_unstable();
                v
            }
        };
        Ok(Stopped {
            outputs,
            when: When::read(cx, &r.by_s, &r.region)?,
        })
    }

    fn look(&self, seen: &mut Events<()>, m: &mut Moment) {
        let out = m.robot.vm().outputs();
        let running =
            (self.outputs.iter()).any(|&o| out.get(o).is_some_and(|s| s.mode == OutputMode::On));
        if running {
            seen.armed = true;
        } else if seen.armed {
            seen.armed = false;
            seen.event(&self.when, m, (), true);
        }
    }

    fn state(&self, seen: &Events<()>, _: Robot<'_>, t: u64) -> LiveState {
        seen.state(&self.when, t)
    }

    fn ended_at(&self, seen: &Events<()>, _: bool, _: Robot<'_>, _: u64) -> u64 {
        seen.ended_at(&self.when)
    }

    fn judge(&self, seen: &Events<()>, _: Robot<'_>) -> (bool, Happened<()>) {
        seen.judge(&self.when)
    }

    fn expected(&self) -> Value {
        let mut own = serde_json::Map::new();
        own.insert("stopped".into(), json!(letters(&self.outputs)));
        self.when.expected(own)
    }

    fn marks(&self) -> Vec<(Region, Mark)> {
        self.when.marks()
    }

    fn task(&self, l: Lang) -> String {
        crate::tr!(
            l,
            "goal-stopped",
            motors = letters(&self.outputs),
            place = self.when.where_words(l),
            by = self.when.by(l)
        )
    }

    fn outcome(&self, o: &Happened<()>, _: bool, l: Lang) -> String {
        event::outcome(
            o,
            &self.when,
            l,
            |_| crate::tr!(l, "goal-did-stop"),
            crate::tr!(l, "goal-none-stop"),
        )
    }
}

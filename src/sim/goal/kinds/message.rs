//! `message`: the robot's brick sends an infrared message (any, or one value; by a time;
//! inside a region when one is given) — a relay that is a relay: a message sent before the
//! robot is where it should be does not count.

use super::event::{self, Events, Happened, When};
use super::prelude::*;
use crate::rcx::opcode as op;

/// Send message `value` (`None`: any), as `when` says.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    pub value: Option<u8>,
    pub when: When,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawMessage {
    value: Option<Spanned<i64>>,
    by_s: Option<Spanned<f64>>,
    region: Option<Spanned<RawRegion>>,
}

impl CriterionKind for Message {
    const NAME: &'static str = "message";
    type Raw = RawMessage;
    /// The messages sent (their values), read from the brick's log.
    type Seen = Events<u8>;
    type Observed = Happened<u8>;

    fn read(r: RawMessage, cx: &Cx) -> Result<Self, SpecError> {
        let value = match &r.value {
            None => None,
            Some(v) if (0..=255).contains(v.get_ref()) => Some(*v.get_ref() as u8),
            Some(v) => {
                return Err(cx.err_at(v.span(), format!("value = {}: 0 to 255", v.get_ref())))
            }
        };
        Ok(Message {
            value,
            when: When::read(cx, &r.by_s, &r.region)?,
        })
    }

    fn look(&self, seen: &mut Events<u8>, m: &mut Moment) {
        let log = m.robot.vm().transmissions();
        while let Some(tx) = log.get(seen.cursor) {
            seen.cursor += 1;
            // Only infrared messages (`msg`), not UART packets; none sent before it looked.
            let [first, v] = tx.bytes[..] else { continue };
            if first != op::MSGS || tx.time_ms < m.from_ms {
                continue;
            }
            let wanted = self.value.is_none_or(|want| want == v);
            seen.event_at(&self.when, m, tx.time_ms, v, wanted);
        }
    }

    fn state(&self, seen: &Events<u8>, _: Robot<'_>, t: u64) -> LiveState {
        seen.state(&self.when, t)
    }

    fn ended_at(&self, seen: &Events<u8>, _: bool, _: Robot<'_>, _: u64) -> u64 {
        seen.ended_at(&self.when)
    }

    fn judge(&self, seen: &Events<u8>, _: Robot<'_>) -> (bool, Happened<u8>) {
        seen.judge(&self.when)
    }

    fn expected(&self) -> Value {
        let mut own = serde_json::Map::new();
        own.insert("message".into(), json!(self.value));
        self.when.expected(own)
    }

    fn marks(&self) -> Vec<(Region, Mark)> {
        self.when.marks()
    }

    fn task(&self, l: Lang) -> String {
        let which = match self.value {
            Some(v) => crate::tr!(l, "goal-message-value", v = v.to_string()),
            None => crate::tr!(l, "goal-message-any"),
        };
        crate::tr!(
            l,
            "goal-message",
            which = which,
            place = self.when.where_words(l),
            by = self.when.by(l)
        )
    }

    fn outcome(&self, o: &Happened<u8>, _: bool, l: Lang) -> String {
        let none = match self.value {
            Some(v) => crate::tr!(l, "goal-none-send-value", v = v.to_string()),
            None => crate::tr!(l, "goal-none-send"),
        };
        event::outcome(
            o,
            &self.when,
            l,
            |v| crate::tr!(l, "goal-did-send", v = v.to_string()),
            none,
        )
    }
}

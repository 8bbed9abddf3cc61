//! The state object of cli.md as a document that is either turned into a
//! [`serde_json::Value`] ([`Doc::to_value`], for tests and frontends) or written straight to
//! a writer ([`Doc::write_pretty`] for `run --json`, [`Doc::write_compact`] for `serve
//! --json`) — the same keys in the same order, so
//! both print the same text. Written straight, the long lists (the trace's events, up to
//! [`crate::trace::MAX_EVENTS`], and the sounds, up to 100,000) are turned into JSON one
//! element at a time: printing the state of a long run never holds a `Value` tree of every
//! event (about 650 bytes an event, 130 MB for a full log) nor the whole text.

use crate::trace::TraceEvent;
use crate::vm::{SharedLog, SoundEvent};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use serde_json::{Map, Value};

/// One node of the document.
pub(crate) enum Doc<'a> {
    Value(Value),
    /// An object; its keys are written sorted, as `serde_json::Map` keeps them.
    Object(Vec<(String, Doc<'a>)>),
    List(Vec<Doc<'a>>),
    /// A trace's events, each as `{"task", "time_s", "vi"}`.
    Events(&'a SharedLog<TraceEvent>),
    /// The brick's sounds, each as the VM's state object writes them.
    Sounds(&'a SharedLog<SoundEvent>),
}

impl<'a> Doc<'a> {
    /// An object from its entries (sorted here once).
    pub(crate) fn object(mut entries: Vec<(String, Doc<'a>)>) -> Doc<'a> {
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        Doc::Object(entries)
    }

    /// The whole document as a `Value`.
    pub(crate) fn to_value(&self) -> Value {
        match self {
            Doc::Value(v) => v.clone(),
            Doc::Object(entries) => Value::Object(
                entries
                    .iter()
                    .map(|(k, d)| (k.clone(), d.to_value()))
                    .collect::<Map<String, Value>>(),
            ),
            Doc::List(items) => Value::Array(items.iter().map(Doc::to_value).collect()),
            Doc::Events(log) => Value::Array(log.iter().map(event_json).collect()),
            Doc::Sounds(log) => Value::Array(log.iter().map(crate::vm::sound_json).collect()),
        }
    }

    /// Writes the document as `Display` of [`Doc::to_value`] (`serde_json::to_string`)
    /// would print it, on one line, without building either (`serve --json`).
    pub(crate) fn write_compact<W: std::io::Write>(&self, w: W) -> serde_json::Result<()> {
        let mut ser = serde_json::Serializer::new(w);
        self.serialize(&mut ser)
    }

    /// Writes the document as `serde_json::to_string_pretty` of [`Doc::to_value`] would
    /// print it, without building either.
    pub(crate) fn write_pretty<W: std::io::Write>(&self, w: W) -> serde_json::Result<()> {
        let mut ser = serde_json::Serializer::pretty(w);
        self.serialize(&mut ser)
    }
}

/// One trace event as the state object writes it: `{"task", "time_s", "vi"}` (the keys in
/// the sorted order a `serde_json::Map` prints them). Serialized directly, an event costs no
/// allocation (a `Value` map of three entries cost about 4,000 instructions an event).
#[derive(Serialize)]
struct EventOut {
    task: u8,
    time_s: f64,
    vi: usize,
}

impl From<&TraceEvent> for EventOut {
    fn from(e: &TraceEvent) -> EventOut {
        EventOut {
            task: e.task,
            time_s: e.time_s,
            vi: e.vi,
        }
    }
}

fn event_json(e: &TraceEvent) -> Value {
    serde_json::to_value(EventOut::from(e)).unwrap_or(Value::Null)
}

impl Serialize for Doc<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Doc::Value(v) => v.serialize(s),
            Doc::Object(entries) => {
                let mut m = s.serialize_map(Some(entries.len()))?;
                for (k, d) in entries {
                    m.serialize_entry(k, d)?;
                }
                m.end()
            }
            Doc::List(items) => s.collect_seq(items),
            Doc::Events(log) => s.collect_seq(log.iter().map(EventOut::from)),
            Doc::Sounds(log) => s.collect_seq(log.iter().map(crate::vm::sound_json)),
        }
    }
}

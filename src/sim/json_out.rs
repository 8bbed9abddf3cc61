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
        let mut ser = serde_json::Serializer::with_formatter(w, Pretty::default());
        self.serialize(&mut ser)
    }
}

/// serde_json's pretty layout (two spaces an level, `": "` after a key), with each line
/// break and its indentation written at once: the pretty printer's own writes the indent a
/// level at a time, which was most of the cost of printing a long run's 60,000 trace events
/// (BENCHMARKS.md, issue 24). The text is the same byte for byte
/// (`the_streamed_state_object_is_the_same_text_as_the_printed_value`).
#[derive(Default)]
struct Pretty {
    level: usize,
    has_value: bool,
}

/// A comma, a line break and enough spaces for 48 levels.
const BREAK: &[u8; 98] = b",\n                                                                                                ";

impl Pretty {
    /// A line break (after a comma unless `first`) and the current indentation.
    fn line<W: ?Sized + std::io::Write>(&self, w: &mut W, first: bool) -> std::io::Result<()> {
        let from = usize::from(first);
        let spaces = 2 * self.level;
        if spaces + 2 <= BREAK.len() {
            return w.write_all(&BREAK[from..2 + spaces]);
        }
        w.write_all(&BREAK[from..2])?;
        for _ in 0..self.level {
            w.write_all(b"  ")?;
        }
        Ok(())
    }
}

impl serde_json::ser::Formatter for Pretty {
    fn begin_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.level += 1;
        self.has_value = false;
        w.write_all(b"[")
    }

    fn end_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.level -= 1;
        if self.has_value {
            self.line(w, true)?;
        }
        w.write_all(b"]")
    }

    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.line(w, first)
    }

    fn end_array_value<W: ?Sized + std::io::Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.level += 1;
        self.has_value = false;
        w.write_all(b"{")
    }

    fn end_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.level -= 1;
        if self.has_value {
            self.line(w, true)?;
        }
        w.write_all(b"}")
    }

    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.line(w, first)
    }

    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b": ")
    }

    fn end_object_value<W: ?Sized + std::io::Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
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

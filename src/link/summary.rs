//! One connection's log, summarised: a client that sends the same kind of thing over and
//! over (a flood of garbage, a host retrying) gets at most [`LINES_PER_KIND`] lines of each
//! kind of event a second, then one "…and N more like this" line for the rest. Only what
//! is logged is summarised: every byte a client sends is still answered by its session.
//!
//! Pure: the caller passes the time, so the rule is tested without a clock.

use super::LinkEvent;
use std::mem::Discriminant;
use std::time::{Duration, Instant};

/// Lines of one kind of event a connection may log in a [`WINDOW`]. Three lets a whole
/// NQC download (begin, complete, start for each task) through as it happens while a
/// flood costs a few lines a second per client.
pub const LINES_PER_KIND: usize = 3;
/// The period over which [`LINES_PER_KIND`] is counted.
pub const WINDOW: Duration = Duration::from_secs(1);

/// What was held back of one kind in the current window.
#[derive(Debug)]
struct Kind {
    key: Discriminant<LinkEvent>,
    shown: usize,
    held: usize,
    last: Option<LinkEvent>,
}

/// A connection's summariser (see the module's comment).
#[derive(Debug, Default)]
pub struct Summary {
    window_start: Option<Instant>,
    kinds: Vec<Kind>,
}

impl Summary {
    /// The events to log for `events` arriving at `now`: the summaries of a window that
    /// has ended first, then each event unless its kind has used up its lines.
    pub fn pass(&mut self, now: Instant, events: &[LinkEvent]) -> Vec<LinkEvent> {
        let mut out = self.due(now);
        for e in events {
            let key = std::mem::discriminant(e);
            let i = match self.kinds.iter().position(|k| k.key == key) {
                Some(i) => i,
                None => {
                    self.kinds.push(Kind {
                        key,
                        shown: 0,
                        held: 0,
                        last: None,
                    });
                    self.kinds.len() - 1
                }
            };
            let kind = &mut self.kinds[i];
            if kind.shown < LINES_PER_KIND {
                kind.shown += 1;
                out.push(e.clone());
            } else {
                kind.held += 1;
                kind.last = Some(e.clone());
            }
        }
        out
    }

    /// The summaries of the window if it has ended at `now` (a new window starts then).
    pub fn due(&mut self, now: Instant) -> Vec<LinkEvent> {
        match self.window_start {
            Some(start) if now.saturating_duration_since(start) < WINDOW => Vec::new(),
            _ => {
                self.window_start = Some(now);
                self.flush()
            }
        }
    }

    /// When the held-back events' summary is due, if any are held back.
    pub fn next_due(&self) -> Option<Instant> {
        let held = self.kinds.iter().any(|k| k.held > 0);
        self.window_start.filter(|_| held).map(|s| s + WINDOW)
    }

    /// The summaries of everything held back (the connection closes, or a window ended);
    /// the counts start again.
    pub fn flush(&mut self) -> Vec<LinkEvent> {
        let out = self
            .kinds
            .iter_mut()
            .filter_map(|k| {
                let like = k.last.take()?;
                Some(LinkEvent::Repeated {
                    more: std::mem::take(&mut k.held),
                    like: Box::new(like),
                })
            })
            .collect();
        self.kinds.clear();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::Discarded;

    fn garbage(bytes: usize) -> LinkEvent {
        LinkEvent::Discarded {
            peer: "p".into(),
            bytes,
            why: Discarded::UnknownOpcode,
        }
    }

    #[test]
    fn a_flood_of_one_kind_logs_three_lines_then_one_summary_a_second() {
        let t0 = Instant::now();
        let mut s = Summary::default();
        let flood: Vec<LinkEvent> = (1..=100).map(garbage).collect();
        assert_eq!(s.pass(t0, &flood), flood[..3].to_vec());
        assert_eq!(s.next_due(), Some(t0 + WINDOW));
        assert!(s.pass(t0 + WINDOW / 2, &flood[..1]).is_empty());
        let next = s.pass(t0 + WINDOW, &flood[..1]);
        assert_eq!(
            next,
            vec![
                LinkEvent::Repeated {
                    more: 98,
                    like: Box::new(garbage(1)),
                },
                garbage(1)
            ]
        );
        assert_eq!(s.next_due(), None);
        assert!(next[0].to_string().contains("…and 98 more like this"));
    }

    #[test]
    fn each_kind_has_its_own_lines_so_a_download_shows_through_a_flood() {
        let t0 = Instant::now();
        let mut s = Summary::default();
        let flood: Vec<LinkEvent> = (1..=10).map(garbage).collect();
        s.pass(t0, &flood);
        let done = LinkEvent::TextTransferComplete { peer: "p".into() };
        assert_eq!(s.pass(t0, std::slice::from_ref(&done)), vec![done]);
    }

    #[test]
    fn closing_flushes_what_was_held_back_and_nothing_when_nothing_was() {
        let t0 = Instant::now();
        let mut s = Summary::default();
        s.pass(t0, &[garbage(1), garbage(2)]);
        assert!(s.flush().is_empty());
        s.pass(
            t0,
            &[garbage(1), garbage(2), garbage(3), garbage(4), garbage(5)],
        );
        assert_eq!(
            s.flush(),
            vec![LinkEvent::Repeated {
                more: 2,
                like: Box::new(garbage(5)),
            }]
        );
    }
}

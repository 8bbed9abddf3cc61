//! One command and its reply, as the host side of the IR link sees it (rcx.md §1): the
//! frame to send with the toggle bit chosen, the tower's echo skipped, the reply found in
//! whatever bytes arrive, and the retries and time-outs. Sans-I/O: the caller hands in the
//! bytes that arrived and the time (a [`Duration`] since any fixed moment), and takes out
//! the bytes to send; nothing here reads a clock or touches a device.
//!
//! Rules, after the hosts that have driven real bricks for decades (rcx.md §1.4, §1.5,
//! §8.3): the toggle bit (0x08) is flipped when a command has the same opcode as the one
//! sent before it, and a retry sends the identical bytes (the brick answers a repeat
//! without acting twice); a reply is a frame whose first byte is the complement of the
//! opcode as sent (compared under mask 0xf7) with the right complements and checksum,
//! found anywhere after the echo — so a partial header, garbage or a missing echo do not
//! matter; stale bytes are dropped before each try.

use crate::rcx::opcode::TOGGLE_BIT;
use crate::rcx::wire;
use std::time::Duration;

/// How the tower between host and brick behaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// The tower sends back everything the host sends, before the reply (the serial
    /// tower; the USB tower and TCP do not).
    pub echo: bool,
    /// Microseconds one byte takes on the IR side (2400 baud, 8 data bits, odd parity,
    /// one stop bit: 11 bits = 4583 µs); 0 where no IR carries the bytes (TCP to a
    /// simulated brick). Time-outs grow with what a command and its reply take to send.
    pub byte_us: u32,
}

/// Microseconds per byte at 2400 baud 8O1 (start + 8 data + parity + stop = 11 bits).
pub const IR_BYTE_US: u32 = 11 * 1_000_000 / 2400;

impl Line {
    /// The serial tower: echo, 2400 baud.
    pub const SERIAL: Line = Line {
        echo: true,
        byte_us: IR_BYTE_US,
    };
    /// The USB tower: no echo, 2400 baud on the IR side.
    pub const USB: Line = Line {
        echo: false,
        byte_us: IR_BYTE_US,
    };
    /// TCP (lurobotsim's own link, BrickEmu's IR port): no echo, no IR time.
    pub const TCP: Line = Line {
        echo: false,
        byte_us: 0,
    };

    /// How long `bytes` take on the IR side.
    pub fn wire_time(&self, bytes: usize) -> Duration {
        Duration::from_micros(self.byte_us as u64 * bytes as u64)
    }
}

/// How many payload bytes (reply opcode included) a command's reply has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplyLen {
    /// No reply comes (`f7` set message, `d2` remote): the command is done once sent.
    None,
    /// Exactly this many.
    Exact(usize),
    /// At most `max`, in steps of `step` after the opcode (a datalog upload past its end
    /// may be answered with fewer entries): the longest valid reply is taken; a shorter
    /// one only once the time-out has passed with nothing longer.
    UpTo { max: usize, step: usize },
}

impl ReplyLen {
    fn max(self) -> usize {
        match self {
            ReplyLen::None => 0,
            ReplyLen::Exact(n) => n,
            ReplyLen::UpTo { max, .. } => max,
        }
    }
}

/// One command to exchange.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// Opcode (canonical, toggle bit clear) and parameters.
    pub payload: Vec<u8>,
    pub reply: ReplyLen,
    /// Tries in all (≥ 1).
    pub tries: u8,
    /// Time to wait for the reply beyond the time the bytes take on the wire.
    pub patience: Duration,
}

/// NQC's tries per command (rcx.md §8.3).
pub const TRIES: u8 = 4;
/// How long a reply may lag behind the bytes' own time on the wire (the brick's
/// processing, Dick Swan's 30 ms turnaround, a USB tower's polling).
pub const PATIENCE: Duration = Duration::from_millis(400);

impl Command {
    /// A command with the reply its opcode has (rcx.md §2.3), [`TRIES`] tries and
    /// [`PATIENCE`].
    pub fn new(payload: Vec<u8>, reply: ReplyLen) -> Command {
        Command {
            payload,
            reply,
            tries: TRIES,
            patience: PATIENCE,
        }
    }
}

/// What an exchange ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The reply's payload: the reply opcode, then its data.
    Reply(Vec<u8>),
    /// Every try timed out. `echo`: the tower's echo of the command came back (so the
    /// tower works and the brick is what did not answer); `heard`: any byte at all came.
    NoReply { echo: bool, heard: bool },
}

/// Byte counts, for progress and the figures of bytes on the wire.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Bytes handed to the tower (retries included).
    pub sent: usize,
    /// Bytes received (echo included).
    pub received: usize,
    /// Frames sent again after a time-out.
    pub retries: usize,
    /// Commands exchanged.
    pub commands: usize,
}

#[derive(Debug)]
struct Pending {
    frame: Vec<u8>,
    /// The opcode as sent (toggle bit chosen).
    op: u8,
    reply: ReplyLen,
    tries_left: u8,
    patience: Duration,
    /// When the current try gives up; `None` until its bytes were taken.
    deadline: Option<Duration>,
    /// Set when the frame must be (re)sent.
    to_send: bool,
    echo: bool,
    heard: bool,
    /// Positions of `rx` before this cannot start the reply.
    scan_from: usize,
    /// Bytes at the front of `rx` that are the tower's echo.
    echo_len: usize,
    done: Option<Outcome>,
}

/// Most bytes kept while looking for a reply: the longest reply (a 189-byte memory map
/// is 383 bytes framed) after the longest echo (a 200-byte firmware block is 415), with
/// room to spare; older bytes are dropped.
const RX_MAX: usize = 2048;

/// The host's end of the link: one command at a time.
#[derive(Debug, Default)]
pub struct Exchanger {
    line: Option<Line>,
    last_op: Option<u8>,
    rx: Vec<u8>,
    pending: Option<Pending>,
    stats: Stats,
}

impl Exchanger {
    pub fn new(line: Line) -> Exchanger {
        Exchanger {
            line: Some(line),
            ..Exchanger::default()
        }
    }

    fn line(&self) -> Line {
        self.line.unwrap_or(Line::TCP)
    }

    /// The byte counts so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// True while a command waits for its reply.
    pub fn busy(&self) -> bool {
        self.pending.as_ref().is_some_and(|p| p.done.is_none())
    }

    /// Starts exchanging `cmd` (a command still pending is abandoned).
    pub fn start(&mut self, cmd: Command) {
        let Some(&canon) = cmd.payload.first() else {
            return;
        };
        let canon = canon & !TOGGLE_BIT;
        // Flip the toggle bit when the opcode repeats the previous one (NQC's rule).
        let op = match self.last_op {
            Some(last) if last & !TOGGLE_BIT == canon => last ^ TOGGLE_BIT,
            _ => canon,
        };
        self.last_op = Some(op);
        let mut payload = cmd.payload;
        payload[0] = op;
        self.stats.commands += 1;
        self.pending = Some(Pending {
            frame: wire::encode(&payload),
            op,
            reply: cmd.reply,
            tries_left: cmd.tries.max(1),
            patience: cmd.patience,
            deadline: None,
            to_send: true,
            echo: false,
            heard: false,
            scan_from: 0,
            echo_len: 0,
            done: None,
        });
    }

    /// The bytes to send now, if any: the command's frame (again after a time-out). Bytes
    /// received before are dropped (a late reply to something else), and the try's
    /// time-out starts at `now`.
    pub fn poll_transmit(&mut self, now: Duration) -> Option<Vec<u8>> {
        let line = self.line();
        let p = self.pending.as_mut()?;
        if !p.to_send || p.done.is_some() {
            return None;
        }
        p.to_send = false;
        p.tries_left -= 1;
        p.scan_from = 0;
        p.echo_len = 0;
        self.rx.clear();
        self.stats.sent += p.frame.len();
        let reply_bytes = 3 + 2 * p.reply.max() + 2;
        p.deadline = Some(now + line.wire_time(p.frame.len() + reply_bytes) + p.patience);
        if p.reply == ReplyLen::None {
            p.done = Some(Outcome::Reply(Vec::new()));
        }
        Some(p.frame.clone())
    }

    /// Bytes that arrived from the tower.
    pub fn receive(&mut self, bytes: &[u8]) {
        self.stats.received += bytes.len();
        let Some(p) = self.pending.as_mut() else {
            return;
        };
        if p.done.is_some() || p.deadline.is_none() {
            return;
        }
        if !bytes.is_empty() {
            p.heard = true;
        }
        self.rx.extend_from_slice(bytes);
        if self.rx.len() > RX_MAX {
            let cut = self.rx.len() - RX_MAX;
            self.rx.drain(..cut);
            p.scan_from = p.scan_from.saturating_sub(cut);
            p.echo_len = p.echo_len.saturating_sub(cut);
        }
        let echo_len = if self.line.is_some_and(|l| l.echo) && self.rx.starts_with(&p.frame) {
            p.echo = true;
            p.frame.len()
        } else {
            p.echo_len
        };
        p.echo_len = echo_len;
        p.scan_from = p.scan_from.max(echo_len);
        if let ReplyLen::Exact(n) | ReplyLen::UpTo { max: n, .. } = p.reply {
            if let Some(reply) = find_reply(&self.rx, &mut p.scan_from, p.op, n) {
                p.done = Some(Outcome::Reply(reply));
            }
        }
    }

    /// The moment the current try gives up, if one is waiting.
    pub fn deadline(&self) -> Option<Duration> {
        let p = self.pending.as_ref()?;
        if p.done.is_some() {
            return None;
        }
        p.deadline
    }

    /// The exchange's outcome once it has one: the reply, or after the last try's
    /// time-out, no reply. Before that, a try that timed out is set to be sent again.
    pub fn poll(&mut self, now: Duration) -> Option<Outcome> {
        let p = self.pending.as_mut()?;
        if p.done.is_none() && p.deadline.is_some_and(|d| now >= d) {
            if let ReplyLen::UpTo { max, step } = p.reply {
                // The longest shorter reply that is there (searched from the echo's end:
                // a position that cannot start the longest may start a shorter one).
                let mut n = max;
                while n > step && p.done.is_none() {
                    n -= step;
                    let mut from = p.echo_len;
                    if let Some(r) = find_reply(&self.rx, &mut from, p.op, n) {
                        p.done = Some(Outcome::Reply(r));
                    }
                }
            }
            if p.done.is_none() {
                if p.tries_left > 0 {
                    p.to_send = true;
                    p.deadline = None;
                    self.stats.retries += 1;
                } else {
                    p.done = Some(Outcome::NoReply {
                        echo: p.echo,
                        heard: p.heard,
                    });
                }
            }
        }
        let done = p.done.take()?;
        self.pending = None;
        Some(done)
    }
}

/// Looks for a reply to `op` of `len` payload bytes in `rx` from `*from` on; positions
/// that can never start one are skipped for good.
fn find_reply(rx: &[u8], from: &mut usize, op: u8, len: usize) -> Option<Vec<u8>> {
    let want = !op & 0xf7;
    let mut still_possible = false;
    for i in *from..rx.len() {
        match wire::decode_reply(&rx[i..], len) {
            Ok((f, _)) if f.payload.first().is_some_and(|&r| r & 0xf7 == want) => {
                return Some(f.payload);
            }
            Err(wire::WireError::Incomplete) => still_possible = true,
            _ => {
                if !still_possible {
                    *from = i + 1;
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_toggle_bit_flips_only_when_the_opcode_repeats() {
        let mut x = Exchanger::new(Line::TCP);
        let mut sent = Vec::new();
        for p in [[0x45u8], [0x45], [0x45], [0x10], [0x45]] {
            x.start(Command::new(p.to_vec(), ReplyLen::Exact(1)));
            sent.push(x.poll_transmit(ms(0)).unwrap()[3]);
        }
        assert_eq!(sent, vec![0x45, 0x4d, 0x45, 0x10, 0x45]);
    }

    #[test]
    fn the_echo_and_garbage_are_skipped_and_the_reply_found() {
        let mut x = Exchanger::new(Line::SERIAL);
        x.start(Command::new(vec![0x30], ReplyLen::Exact(3)));
        let frame = x.poll_transmit(ms(0)).unwrap();
        x.receive(&frame);
        assert_eq!(x.poll(ms(1)), None);
        // Noise, then a reply whose header lost its first byte.
        x.receive(&[0x12, 0x99]);
        let reply = wire::encode(&[0xcf, 0x28, 0x23]);
        x.receive(&reply[1..6]);
        assert_eq!(x.poll(ms(2)), None);
        x.receive(&reply[6..]);
        assert_eq!(x.poll(ms(3)), Some(Outcome::Reply(vec![0xcf, 0x28, 0x23])));
    }

    #[test]
    fn a_silent_brick_is_tried_four_times_then_reported_with_what_was_heard() {
        let mut x = Exchanger::new(Line::SERIAL);
        x.start(Command::new(vec![0x10], ReplyLen::Exact(1)));
        let mut now = ms(0);
        let mut tries = 0;
        loop {
            if let Some(f) = x.poll_transmit(now) {
                tries += 1;
                x.receive(&f); // the tower echoes; the brick says nothing
            }
            now = x.deadline().unwrap_or(now);
            if let Some(o) = x.poll(now) {
                assert_eq!(
                    o,
                    Outcome::NoReply {
                        echo: true,
                        heard: true
                    }
                );
                break;
            }
        }
        assert_eq!(tries, 4);
        assert_eq!(x.stats().retries, 3);
    }

    #[test]
    fn a_reply_with_a_bad_checksum_is_not_taken() {
        let mut x = Exchanger::new(Line::USB);
        x.start(Command::new(vec![0x10], ReplyLen::Exact(1)));
        x.poll_transmit(ms(0)).unwrap();
        x.receive(&[0x55, 0xff, 0x00, 0xef, 0x10, 0xee, 0x11]);
        let d = x.deadline().unwrap();
        assert_eq!(x.poll(d), None, "retried");
        assert!(x.poll_transmit(d).is_some());
    }

    #[test]
    fn a_shorter_datalog_reply_is_taken_at_the_time_out() {
        let mut x = Exchanger::new(Line::TCP);
        x.start(Command::new(
            vec![0xa4, 0, 0, 1, 0],
            ReplyLen::UpTo { max: 4, step: 3 },
        ));
        x.poll_transmit(ms(0)).unwrap();
        x.receive(&wire::encode(&[0x5b]));
        assert_eq!(x.poll(ms(1)), None);
        let d = x.deadline().unwrap();
        assert_eq!(x.poll(d), Some(Outcome::Reply(vec![0x5b])));
    }
}

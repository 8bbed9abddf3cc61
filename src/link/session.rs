//! One connection's protocol state: which dialect it speaks, its framing buffer, the toggle
//! bit memory, and its download in progress. Pure and synchronous: bytes in, bytes out,
//! acting on the simulated RCX through [`Rcx`]. The server moves a `Session` onto the
//! simulation thread for each chunk it receives and back, so no lock is ever shared.
//!
//! Must not depend on tokio, sockets or the wall clock (the server owns those), so every
//! rule here is tested with a bare [`Vm`].

use super::lasm_text::{LasmText, TextItem};
use super::{Dialect, Discarded, DownloadTarget, LinkEvent};
use crate::rcx::opcode::{self, TOGGLE_BIT};
use crate::rcx::program::{MAX_SUBS, MAX_TASKS};
use crate::rcx::wire;
use crate::sim::Input;
use crate::vm::{Brick, Vm, MEMORY_BYTES};

/// What a session needs from the simulated RCX (defined with the core, which implements it
/// for a simulation and for each brick of a scene).
pub use crate::sim::Rcx;

/// The brick the link hands to `Vm::direct`. Direct commands read sensors from the VM's
/// last scan (done by the tick), and only ask the brick for the battery voltage, so a
/// stand-in with the VM's configured battery is exact and avoids borrowing the world and
/// the VM mutably at once.
struct DirectBrick {
    battery_mv: u16,
}

impl Brick for DirectBrick {
    fn sensor_raw(&mut self, _port: usize, _powered: bool) -> u16 {
        // Not used by direct commands (see the type's comment); 1023 = nothing connected.
        1023
    }
    fn rotation_count(&mut self, _port: usize) -> i32 {
        0
    }
    fn battery_mv(&self) -> u16 {
        self.battery_mv
    }
}

fn vm_direct(vm: &mut Vm, payload: &[u8]) -> Option<Vec<u8>> {
    let mut brick = DirectBrick {
        battery_mv: vm.config().battery_mv,
    };
    vm.direct(&mut brick, payload)
}

/// A bare VM (the session's tests): the inputs are applied directly, unlogged.
impl Rcx for Vm {
    fn vm(&self) -> &Vm {
        self
    }
    fn direct(&mut self, payload: &[u8]) -> Option<Vec<u8>> {
        vm_direct(self, payload)
    }
    fn apply(&mut self, input: Input) {
        let mut brick = DirectBrick {
            battery_mv: self.config().battery_mv,
        };
        crate::sim::brick::apply_to_vm(self, &mut brick, &input);
    }
}

/// What one call into a session produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Output {
    /// Bytes to send back, in order (tower echo, then replies).
    pub bytes: Vec<u8>,
    /// What happened, in order (each is also a line of the link's log).
    pub events: Vec<LinkEvent>,
}

/// Download status codes (rcx.md §7.1).
pub mod status {
    pub const OK: u8 = 0;
    pub const NO_MEMORY: u8 = 1;
    pub const BAD_INDEX: u8 = 2;
    pub const BLOCK_CHECKSUM: u8 = 3;
    pub const FIRMWARE_CHECKSUM: u8 = 4;
    pub const NO_DOWNLOAD: u8 = 6;
}

/// The reply text of the firmware unlock `a5` (rcx.md §7.4; S1, S3, S14).
pub const UNLOCK_REPLY: &[u8; 25] = b"Just a bit off the block!";
/// The key `a5` must carry ("LEGO®").
const UNLOCK_KEY: [u8; 5] = [0x4c, 0x45, 0x47, 0x4f, 0xae];
/// The firmware checksum covers the first 0x4c00 bytes of the image (rcx.md §7.4).
const FIRMWARE_CHECKSUM_BYTES: usize = crate::rcx::host::firmware::CHECKSUM_BYTES;
/// A firmware image is at most 0x8000–0xffff; more is garbage and is not kept.
const FIRMWARE_MAX_BYTES: usize = crate::rcx::host::firmware::IMAGE_MAX;

/// What a download in progress is filling.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Target {
    Task(u8),
    Sub(u8),
    /// Firmware (opcode 75) with the checksum it announced.
    Firmware {
        checksum: u16,
    },
}

#[derive(Clone, Debug)]
struct Download {
    target: Target,
    /// Program slot selected when the download began (rcx.md §7.2: "into the selected slot").
    slot: usize,
    announced: usize,
    data: Vec<u8>,
    /// Bytes sent past the announced length (task/sub) or the firmware bound, dropped.
    excess: usize,
    next_seq: u16,
}

/// Detection state of an `Auto` connection.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Mode {
    Undecided(Vec<u8>),
    Framed,
    Raw,
    Lasm,
}

/// Longest undecided prefix kept before deciding anyway: a LASM line is much shorter.
const DETECT_MAX: usize = 256;

/// One connection's state.
#[derive(Debug)]
pub struct Session {
    mode: Mode,
    echo: bool,
    decoder: wire::Decoder,
    /// The last command (payload as received) and the reply it got: an identical repeat is
    /// a retransmission (rcx.md §1.4).
    last: Option<(Vec<u8>, Option<Vec<u8>>)>,
    /// The last transfer block and its reply, for retransmitted blocks.
    last_block: Option<(Vec<u8>, Option<Vec<u8>>)>,
    download: Option<Download>,
    lasm: LasmText,
    /// A LASM block has been stored on this connection.
    lasm_installed: bool,
    /// The last call stopped at [`REPLY_BUDGET`] with commands still buffered.
    more: bool,
    /// Reply bytes after which a call stops ([`REPLY_BUDGET`]).
    budget: usize,
    peer: String,
    /// The brick runs its firmware. A delete-firmware (`65`) leaves the ROM alone, which
    /// answers only ping, versions (firmware 0.0.0.0), battery and the firmware download
    /// (rcx.md §7.4), until a whole image with the right checksum is unlocked (`a5`).
    /// CHOSEN: the simulated programs stay (the VM is the firmware); per connection, so a
    /// new TCP connection meets a brick with firmware again (the pty keeps one session).
    firmware: bool,
    /// A firmware image arrived whole with the right checksum since the last delete.
    image_ready: bool,
}

/// Reply bytes one call into a session produces at most (plus one reply): the rest of the
/// received commands wait in the decoder until [`Session::resume`], after the server has
/// written these, so a client that sends many commands and never reads its replies holds
/// at most this much of the link's memory.
pub const REPLY_BUDGET: usize = 64 * 1024;

fn text_byte(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r') || (0x20..0x7f).contains(&b)
}

/// Bytes that can begin a LASM line: letters (mnemonics, `task`), whitespace, comments.
fn lasm_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b';' | b'/' | b'_')
}

impl Session {
    /// A session for a connection from `peer`. `dialect` Auto detects from the first bytes.
    pub fn new(dialect: Dialect, echo: bool, peer: impl Into<String>) -> Session {
        let mode = match dialect {
            Dialect::Auto => Mode::Undecided(Vec::new()),
            Dialect::Framed => Mode::Framed,
            Dialect::Raw => Mode::Raw,
            Dialect::Lasm => Mode::Lasm,
        };
        Session {
            mode,
            echo,
            decoder: wire::Decoder::new(),
            last: None,
            last_block: None,
            download: None,
            lasm: LasmText::default(),
            lasm_installed: false,
            more: false,
            budget: REPLY_BUDGET,
            peer: peer.into(),
            firmware: true,
            image_ready: false,
        }
    }

    /// The dialect, once known (`Auto` while undecided).
    pub fn dialect(&self) -> Dialect {
        match self.mode {
            Mode::Undecided(_) => Dialect::Auto,
            Mode::Framed => Dialect::Framed,
            Mode::Raw => Dialect::Raw,
            Mode::Lasm => Dialect::Lasm,
        }
    }

    /// True while an `Auto` connection has not shown enough bytes to pick its dialect; the
    /// server then calls [`Session::decide_now`] after a short idle time.
    pub fn undecided(&self) -> bool {
        matches!(self.mode, Mode::Undecided(_))
    }

    /// True when the last call stopped at [`REPLY_BUDGET`] with received commands still to
    /// answer: write its output, then call [`Session::resume`] before reading more.
    pub fn more_to_answer(&self) -> bool {
        self.more
    }

    /// Answers the next commands already received (see [`Session::more_to_answer`]).
    pub fn resume(&mut self, rcx: &mut dyn Rcx) -> Output {
        let mut out = Output::default();
        if matches!(self.mode, Mode::Framed | Mode::Raw) {
            // No new bytes: nothing to echo.
            self.process(rcx, &[], &mut out);
        } else {
            self.more = false;
        }
        out
    }

    /// True while a program or firmware download is armed.
    pub fn downloading(&self) -> bool {
        self.download.is_some()
    }

    /// Handles received bytes.
    pub fn feed(&mut self, rcx: &mut dyn Rcx, bytes: &[u8]) -> Output {
        let mut out = Output::default();
        if self.more {
            // The caller did not call `resume` (the pty does not): answer what is still
            // buffered first, whatever its size, so it never grows past one read's worth.
            self.budget = usize::MAX;
            self.process(rcx, &[], &mut out);
            self.budget = REPLY_BUDGET;
        }
        if let Mode::Undecided(buf) = &mut self.mode {
            buf.extend_from_slice(bytes);
            let buf = std::mem::take(buf);
            match detect(&buf) {
                Some(d) => self.decided(rcx, d, buf, &mut out),
                None => self.mode = Mode::Undecided(buf),
            }
            return out;
        }
        self.process(rcx, bytes, &mut out);
        out
    }

    /// Decides an undecided connection after it went quiet: a client that sent a few text
    /// bytes and waits is a raw-opcode client whose packet happens to be printable (e.g.
    /// `50` = `P`, stop all) if its bytes form a packet, else a LASM client. A connection
    /// that has sent nothing yet stays undecided: socat connects when it starts, long
    /// before NQC opens its pty and sends the first framed packet.
    pub fn decide_now(&mut self, rcx: &mut dyn Rcx) -> Output {
        let mut out = Output::default();
        if let Mode::Undecided(buf) = &mut self.mode {
            if buf.is_empty() {
                return out;
            }
            let buf = std::mem::take(buf);
            let d = match opcode::packet_len(&buf) {
                Ok(Some(n)) if n <= buf.len() => Dialect::Raw,
                _ => Dialect::Lasm,
            };
            self.decided(rcx, d, buf, &mut out);
        }
        out
    }

    fn decided(&mut self, rcx: &mut dyn Rcx, d: Dialect, buf: Vec<u8>, out: &mut Output) {
        self.mode = match d {
            Dialect::Framed => Mode::Framed,
            Dialect::Raw => Mode::Raw,
            _ => Mode::Lasm,
        };
        out.events.push(LinkEvent::DialectChosen {
            peer: self.peer.clone(),
            dialect: d,
        });
        self.process(rcx, &buf, out);
    }

    /// The connection closed: a download in progress is dropped (the task or sub it was
    /// replacing stays as it was — NQC has already deleted it with `40`/`70` before
    /// downloading), and a LASM transfer that delivered a program is complete.
    pub fn close(&mut self, rcx: &mut dyn Rcx) -> Output {
        let mut out = Output::default();
        if self.undecided() {
            // Whatever came before the close is processed as its best guess.
            out = self.decide_now(rcx);
        }
        if matches!(self.mode, Mode::Lasm) {
            let items = self.lasm.finish();
            self.lasm_items(rcx, items, &mut out);
            if self.lasm_installed {
                out.events.push(LinkEvent::TextTransferComplete {
                    peer: self.peer.clone(),
                });
            }
        }
        if let Some(d) = self.download.take() {
            out.events.push(LinkEvent::DownloadAborted {
                peer: self.peer.clone(),
                target: d.target.public(),
                received: d.data.len(),
                announced: d.announced,
            });
        }
        out
    }

    /// Decodes `bytes` into IR frames (`framed`) or raw packets and answers each command
    /// (framing its reply likewise) until the reply budget is spent; reports what the
    /// decoder threw away.
    fn answer_packets(&mut self, rcx: &mut dyn Rcx, bytes: &[u8], out: &mut Output, framed: bool) {
        self.decoder.push(bytes);
        let before = self.decoder.dropped;
        self.more = false;
        loop {
            let packet = if framed {
                self.decoder.next_frame().map(|f| f.payload)
            } else {
                self.decoder.next_raw()
            };
            let Some(packet) = packet else { break };
            if let Some(reply) = self.command(rcx, &packet, out) {
                if framed {
                    out.bytes.extend_from_slice(&wire::encode(&reply));
                } else {
                    out.bytes.extend_from_slice(&reply);
                }
            }
            if out.bytes.len() >= self.budget {
                self.more = true;
                break;
            }
        }
        if self.decoder.dropped > before {
            out.events.push(LinkEvent::Discarded {
                peer: self.peer.clone(),
                bytes: self.decoder.dropped - before,
                why: if framed {
                    Discarded::InvalidFrame
                } else {
                    Discarded::UnknownOpcode
                },
            });
        }
    }

    fn process(&mut self, rcx: &mut dyn Rcx, bytes: &[u8], out: &mut Output) {
        match self.mode {
            Mode::Framed => {
                if self.echo {
                    out.bytes.extend_from_slice(bytes);
                }
                self.answer_packets(rcx, bytes, out, true);
            }
            Mode::Raw => self.answer_packets(rcx, bytes, out, false),
            Mode::Lasm => {
                let items = self.lasm.feed(bytes);
                self.lasm_items(rcx, items, out);
            }
            Mode::Undecided(_) => {}
        }
    }

    /// Acts on what LASM text lines produced, in order. A direct command (already encoded,
    /// toggle applied) is executed every time (text has no retransmissions) and its reply
    /// bytes are sent unframed. A finished `task`/`sub` block is stored like a completed
    /// download; the first one of a connection first clears the slot's old program, so the
    /// text transfer replaces it (CHOSEN: ROBOLAB's housekeeping commands on this link are
    /// UNKNOWN, rcx.md §9). Program blocks get no reply bytes (UNKNOWN what the original
    /// sent; silence cannot confuse a client that expects none); errors go to the log.
    fn lasm_items(&mut self, rcx: &mut dyn Rcx, items: Vec<TextItem>, out: &mut Output) {
        for item in items {
            match item {
                TextItem::Direct(payload) => {
                    if let Some(reply) = self.execute(rcx, &payload, out) {
                        out.bytes.extend_from_slice(&reply);
                    }
                }
                TextItem::Error(e) => out.events.push(LinkEvent::LasmError {
                    peer: self.peer.clone(),
                    message: e.to_string(),
                }),
                TextItem::Block { sub, index, code } => {
                    let vm = rcx.vm();
                    let slot = vm.slot();
                    let used = if self.lasm_installed {
                        vm.bytes_used()
                    } else {
                        vm.bytes_used() - vm.program(slot).map_or(0, |p| p.size())
                    };
                    if used + code.len() > MEMORY_BYTES {
                        out.events.push(LinkEvent::NoMemory {
                            peer: self.peer.clone(),
                            sub,
                            index,
                            bytes: code.len(),
                        });
                        continue;
                    }
                    if !self.lasm_installed {
                        rcx.apply(Input::DeleteTasks);
                        rcx.apply(Input::DeleteSubs);
                        self.lasm_installed = true;
                    }
                    let n = code.len();
                    rcx.apply(if sub {
                        Input::InstallSub {
                            slot,
                            sub: index,
                            code,
                        }
                    } else {
                        Input::InstallTask {
                            slot,
                            task: index,
                            code,
                        }
                    });
                    out.events.push(LinkEvent::ProgramInstalled {
                        peer: self.peer.clone(),
                        slot,
                        sub,
                        index,
                        bytes: n,
                        announced: None,
                    });
                }
            }
        }
    }

    /// One command of the framed or raw dialect, with the toggle-bit rule of rcx.md §1.4:
    /// an identical repeat of the previous command is a retransmission after a lost reply —
    /// answered again, not executed again. `ping` clears that memory; `45` (protected by
    /// its sequence number instead), `d2`, `f7` and `a4` are exempt. CHOSEN: "identical"
    /// compares the whole payload, not only the opcode byte, so a host that never toggles
    /// still gets a different command executed.
    pub(crate) fn command(
        &mut self,
        rcx: &mut dyn Rcx,
        payload: &[u8],
        out: &mut Output,
    ) -> Option<Vec<u8>> {
        let canonical = payload.first().copied()? & !TOGGLE_BIT;
        if !self.firmware
            && !matches!(
                canonical,
                opcode::PING
                    | opcode::POLLP
                    | opcode::POLLB
                    | opcode::DELFIRM
                    | opcode::FIRM
                    | opcode::TRANSFER
                    | opcode::BOOT
            )
        {
            // Without firmware the ROM does not know the command: no reply.
            return None;
        }
        let exempt = matches!(
            canonical,
            opcode::TRANSFER | opcode::REMOTE | opcode::MSGS | opcode::POLLD
        );
        if canonical == opcode::PING {
            self.last = None;
        } else if !exempt {
            if let Some((p, r)) = &self.last {
                if p.as_slice() == payload {
                    return r.clone();
                }
            }
        }
        let reply = self.execute(rcx, payload, out);
        self.last = (canonical != opcode::PING).then(|| (payload.to_vec(), reply.clone()));
        reply
    }

    /// Executes one command, whatever its dialect: downloads and firmware here, everything
    /// else through the VM.
    fn execute(&mut self, rcx: &mut dyn Rcx, payload: &[u8], out: &mut Output) -> Option<Vec<u8>> {
        let &op = payload.first()?;
        let canonical = op & !TOGGLE_BIT;
        let r = !op;
        match canonical {
            opcode::TASK | opcode::SUB => Some(vec![r, self.begin(rcx.vm(), payload, out)]),
            opcode::TRANSFER => self.block(rcx, payload, out),
            opcode::FIRM => {
                // The firmware download is accepted and answered like a brick would, and
                // the image is checked but never run: our firmware is the VM.
                let ck = u16::from_le_bytes([payload[3], payload[4]]);
                self.last_block = None;
                self.image_ready = false;
                self.download = Some(Download {
                    target: Target::Firmware { checksum: ck },
                    slot: 0,
                    announced: FIRMWARE_CHECKSUM_BYTES,
                    data: Vec::new(),
                    excess: 0,
                    next_seq: 1,
                });
                out.events.push(LinkEvent::DownloadStarted {
                    peer: self.peer.clone(),
                    target: DownloadTarget::Firmware,
                    slot: 0,
                    bytes: FIRMWARE_CHECKSUM_BYTES,
                });
                Some(vec![r, status::OK])
            }
            // "Delete firmware / boot mode": acknowledged; the ROM alone answers until a new
            // image is unlocked (see `firmware`).
            opcode::DELFIRM => {
                if payload[1..] == [1, 3, 5, 7, 11] {
                    self.firmware = false;
                    self.image_ready = false;
                }
                Some(vec![r])
            }
            opcode::BOOT => {
                if payload[1..] != UNLOCK_KEY {
                    return None;
                }
                if !self.firmware {
                    // The ROM starts only a whole image whose checksum it accepted.
                    if !self.image_ready {
                        return None;
                    }
                    self.firmware = true;
                }
                let mut v = vec![r];
                v.extend_from_slice(UNLOCK_REPLY);
                Some(v)
            }
            opcode::REMOTE => {
                // A remote's program key selects a program and starts its task 0: report
                // the start like a `71` (the run clock of `serve --run-seconds` waits on it).
                let before = running_tasks(rcx.vm());
                let reply = rcx.direct(payload);
                for task in running_tasks(rcx.vm()) {
                    if !before.contains(&task) {
                        out.events.push(LinkEvent::TaskStarted { task });
                    }
                }
                reply
            }
            opcode::POLLP if !self.firmware => {
                // The ROM's versions, no firmware (all four bytes 0).
                let mut v = rcx.direct(payload)?;
                if let Some(fw) = v.get_mut(5..9) {
                    fw.fill(0);
                }
                Some(v)
            }
            _ => {
                let reply = rcx.direct(payload);
                // A `71` is reported only when its task now runs: one the program lacks (or
                // a number past 9) starts nothing and must not start `--run-seconds`' clock.
                if canonical == opcode::START {
                    let task = payload.get(1).copied().unwrap_or(0);
                    if running_tasks(rcx.vm()).contains(&task) {
                        out.events.push(LinkEvent::TaskStarted { task });
                    }
                }
                reply
            }
        }
    }

    /// `25`/`35`: arm a task or sub download (rcx.md §7.1). CHOSEN: unlike the firmware,
    /// beginning a download does not stop running tasks or touch the old code — the new
    /// code replaces the old only when its last block arrives, so an aborted transfer
    /// leaves the previous program intact and running.
    fn begin(&mut self, vm: &Vm, payload: &[u8], out: &mut Output) -> u8 {
        let is_sub = payload[0] & !TOGGLE_BIT == opcode::SUB;
        let index = payload[2];
        let len = u16::from_le_bytes([payload[4], payload[5]]) as usize;
        let max = if is_sub { MAX_SUBS } else { MAX_TASKS };
        self.download = None;
        // A new transfer: its blocks may repeat the bytes of the previous one's.
        self.last_block = None;
        if index as usize >= max {
            return status::BAD_INDEX;
        }
        let slot = vm.slot();
        let existing = vm
            .program(slot)
            .and_then(|p| {
                if is_sub {
                    p.subs[index as usize].as_ref()
                } else {
                    p.tasks[index as usize].as_ref()
                }
            })
            .map_or(0, |c| c.len());
        if vm.bytes_used().saturating_sub(existing) + len > MEMORY_BYTES {
            return status::NO_MEMORY;
        }
        let target = if is_sub {
            Target::Sub(index)
        } else {
            Target::Task(index)
        };
        out.events.push(LinkEvent::DownloadStarted {
            peer: self.peer.clone(),
            target: target.public(),
            slot,
            bytes: len,
        });
        self.download = Some(Download {
            target,
            slot,
            announced: len,
            data: Vec::with_capacity(len),
            excess: 0,
            next_seq: 1,
        });
        status::OK
    }

    /// `45`: one transfer block (rcx.md §7.1): sequence 1, 2, … then 0 for the last; the
    /// block checksum is checked for non-zero sequences (status 3); no download armed →
    /// status 6; out of order → no reply. An identical repeat of the previous block (its
    /// reply was lost) gets the same reply again without appending twice.
    fn block(&mut self, rcx: &mut dyn Rcx, payload: &[u8], out: &mut Output) -> Option<Vec<u8>> {
        let r = !payload[0];
        let seq = u16::from_le_bytes([payload[1], payload[2]]);
        let len = u16::from_le_bytes([payload[3], payload[4]]) as usize;
        let data = &payload[5..5 + len];
        let block_ck = payload[5 + len];
        if let Some((p, rep)) = &self.last_block {
            if p.as_slice() == payload {
                return rep.clone();
            }
        }
        let reply = match self.download.as_mut() {
            None => Some(vec![r, status::NO_DOWNLOAD]),
            Some(d) if seq != 0 && seq != d.next_seq => None,
            Some(_) if seq != 0 && wire::checksum(data) != block_ck => {
                Some(vec![r, status::BLOCK_CHECKSUM])
            }
            Some(d) => {
                // A task or sub keeps at most the length its begin announced, which is what
                // passed the memory check (rcx.md §7.1: the firmware does not compare the
                // total, and bytes past it "corrupt neighbours" — here they are dropped, so
                // the 6,000-byte memory stays within bounds whatever a client sends).
                let room = match d.target {
                    Target::Firmware { .. } => FIRMWARE_MAX_BYTES,
                    _ => d.announced,
                };
                let take = data.len().min(room.saturating_sub(d.data.len()));
                d.excess += data.len() - take;
                d.data.extend_from_slice(&data[..take]);
                d.next_seq = d.next_seq.wrapping_add(1);
                if seq == 0 {
                    let d = self.download.take()?;
                    Some(vec![r, self.finish(rcx, d, out)])
                } else {
                    Some(vec![r, status::OK])
                }
            }
        };
        // Only accepted blocks can be retransmitted; an unanswered one is simply dropped.
        if reply.is_some() {
            self.last_block = Some((payload.to_vec(), reply.clone()));
        }
        reply
    }

    /// The last block arrived: install the code atomically into the slot selected at begin,
    /// as one input. The firmware does not compare the total with the announced length
    /// (rcx.md §7.1), so neither do we.
    fn finish(&mut self, rcx: &mut dyn Rcx, d: Download, out: &mut Output) -> u8 {
        let n = d.data.len();
        match d.target {
            Target::Task(task) => rcx.apply(Input::InstallTask {
                slot: d.slot,
                task,
                code: d.data.clone(),
            }),
            Target::Sub(sub) => rcx.apply(Input::InstallSub {
                slot: d.slot,
                sub,
                code: d.data.clone(),
            }),
            Target::Firmware { checksum } => {
                let sum = crate::rcx::host::firmware::checksum(&d.data);
                if sum != checksum {
                    out.events.push(LinkEvent::FirmwareRejected {
                        peer: self.peer.clone(),
                        sum,
                        expected: checksum,
                    });
                    return status::FIRMWARE_CHECKSUM;
                }
                out.events.push(LinkEvent::FirmwareInstalled {
                    peer: self.peer.clone(),
                    bytes: n,
                });
                self.image_ready = true;
                return status::OK;
            }
        }
        out.events.push(LinkEvent::ProgramInstalled {
            peer: self.peer.clone(),
            announced: Some(d.announced),
            slot: d.slot,
            sub: matches!(d.target, Target::Sub(_)),
            index: match d.target {
                Target::Task(i) | Target::Sub(i) => i,
                Target::Firmware { .. } => 0,
            },
            bytes: n,
        });
        if d.excess > 0 {
            out.events.push(LinkEvent::ExcessDropped {
                peer: self.peer.clone(),
                bytes: d.excess,
            });
        }
        status::OK
    }
}

impl Target {
    fn public(&self) -> DownloadTarget {
        match self {
            Target::Task(i) => DownloadTarget::Task(*i),
            Target::Sub(i) => DownloadTarget::Sub(*i),
            Target::Firmware { .. } => DownloadTarget::Firmware,
        }
    }
}

/// Picks a connection's dialect from its first bytes (rcx.md §9's recommendation, refined so
/// raw opcodes that happen to be letters are not mistaken for text): a header byte
/// `55`/`ff`/`00` → framed; a byte that can begin a LASM line → LASM once a full line of
/// text has arrived, raw as soon as a non-text byte arrives; anything else → raw.
/// `None` = not yet decidable.
fn detect(buf: &[u8]) -> Option<Dialect> {
    let &first = buf.first()?;
    if wire::is_header_byte(first) {
        return Some(Dialect::Framed);
    }
    if !lasm_start(first) {
        return Some(Dialect::Raw);
    }
    for &b in buf {
        if !text_byte(b) {
            return Some(Dialect::Raw);
        }
        if b == b'\n' || b == b'\r' {
            return Some(Dialect::Lasm);
        }
    }
    (buf.len() >= DETECT_MAX).then_some(Dialect::Lasm)
}

impl Dialect {
    /// The name used on the command line.
    pub fn name(&self) -> &'static str {
        match self {
            Dialect::Auto => "auto",
            Dialect::Framed => "framed",
            Dialect::Raw => "raw",
            Dialect::Lasm => "lasm",
        }
    }
}

/// The tasks the VM is running (or waiting in), by number.
fn running_tasks(vm: &Vm) -> Vec<u8> {
    vm.tasks()
        .iter()
        .filter(|t| t.state != crate::vm::TaskState::Stopped)
        .map(|t| t.task)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection_follows_the_first_bytes() {
        assert_eq!(detect(&[0x55, 0xff]), Some(Dialect::Framed));
        assert_eq!(detect(&[0x10]), Some(Dialect::Raw));
        assert_eq!(detect(b"task 0"), None);
        assert_eq!(detect(b"task 0\n"), Some(Dialect::Lasm));
        assert_eq!(detect(&[0x51, 0x05]), Some(Dialect::Raw));
        assert_eq!(detect(&[0x30]), Some(Dialect::Raw));
    }
}

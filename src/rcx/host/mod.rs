//! The host side of the RCX protocol: what NQC, ROBOLAB and WebPBrick do to a real brick
//! through an IR tower — the counterpart of the brick side that `crate::link` plays.
//! Sans-I/O, like the link's `Session`: a [`Host`] turns one [`Job`] (status, firmware,
//! program download, run, stop, datalog upload) into frames and reads the replies, with
//! the toggle bit, retries, time-outs and the tower's echo ([`exchange`]); the caller moves
//! the bytes and tells the time. No thread, clock or device: a transport (serial tower,
//! USB tower, TCP) and a loop around it live at the edge (`crate::brick`), and a GUI can
//! drive the same `Host` a frame at a time.
//!
//! ```text
//! loop {
//!     if let Some(bytes) = host.poll_transmit(now) { tower.write(&bytes) }
//!     host.receive(&tower.read_available());
//!     match host.poll(now) { Poll::Running(progress) => …, Poll::Done(result) => break }
//! }
//! ```
//!
//! Sequences (rcx.md §7.2–7.4, §8.4): every job starts with a ping. Download: stop all,
//! select the slot (or read which is selected), delete tasks and subs, each sub then task
//! as a begin (`25`/`35`) and 20-byte blocks numbered 1, 2, … with the last one 0, then
//! the "download complete" sound (`51 05`), and `71 00` with `run`. Firmware: delete
//! firmware (`65`), begin (`75` entry, checksum), 200-byte blocks, unlock (`a5`, its reply
//! "Just a bit off the block!"), then the versions to see it running. Datalog: entry 0
//! for the count, then pages of 50 entries. A command that goes unanswered after the ping
//! succeeded is followed by a versions query, so a brick without firmware (ROM only, all
//! four firmware bytes 0) is told apart from one out of range.

pub mod datalog;
pub mod exchange;
pub mod firmware;

pub use exchange::{Command, Exchanger, Line, Outcome, ReplyLen, Stats};
pub use firmware::FirmwareImage;

use crate::rcx::opcode;
use crate::rcx::program::{Program, MAX_SUBS, MAX_TASKS, SLOTS};
use crate::rcx::source::src;
use std::collections::VecDeque;
use std::fmt;
use std::time::Duration;

/// Data bytes per transfer block of a program (NQC, WebPBrick and ROBOLAB use 20).
pub const PROGRAM_BLOCK: usize = 20;
/// Data bytes per transfer block of firmware (NQC's default).
pub const FIRMWARE_BLOCK: usize = 200;
/// Datalog entries asked for at once (a 151-byte reply).
pub const DATALOG_PAGE: usize = 50;
/// The key of `pollp` and of the firmware delete (rcx.md §2.3).
const KEY: [u8; 5] = [1, 3, 5, 7, 11];
/// The unlock's key, "LEGO®" (rcx.md §7.4).
const UNLOCK_KEY: [u8; 5] = [0x4c, 0x45, 0x47, 0x4f, 0xae];
/// The system sound the brick plays after a download (NQC's "download complete").
const DOWNLOAD_SOUND: u8 = 5;

/// What to do to the brick. One is made per operation, so the program's size inline
/// costs nothing worth a box.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)]
pub enum Job {
    /// Is it there? ROM and firmware versions, battery.
    Status,
    /// Delete the firmware and download this image.
    Firmware(FirmwareImage),
    /// Download a program into `slot` (1–5; `None`: the slot the brick has selected),
    /// then start its task 0 if `run`.
    Download {
        program: Program,
        slot: Option<u8>,
        run: bool,
    },
    /// Start task 0 of `slot` (or of the selected one).
    Run { slot: Option<u8> },
    /// Stop every task (then select `slot`, if given).
    Stop { slot: Option<u8> },
    /// Upload the datalog.
    Datalog,
}

/// Why a job is refused before anything is sent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the program has no task or subroutine to download")]
    EmptyProgram,
    #[error(
        "the program is {bytes} bytes: an RCX holds at most {max} bytes of programs (all five \
         slots together); make it smaller"
    )]
    TooBig { bytes: usize, max: usize },
    #[error("program slot {0} does not exist: the RCX has slots 1 to 5")]
    BadSlot(u8),
    #[error("the firmware image is empty")]
    EmptyFirmware,
}

/// The brick's versions as `pollp` reports them (four bytes each, big-endian digits:
/// firmware 0328 is 0x0003_0208).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Versions {
    pub rom: u32,
    /// 0 = no firmware (the ROM alone answers).
    pub firmware: u32,
}

impl Versions {
    pub fn has_firmware(&self) -> bool {
        self.firmware != 0
    }

    /// Firmware 0x0003_0208 as "03.28"-style digits: "0328".
    pub fn firmware_name(&self) -> String {
        let b = self.firmware.to_be_bytes();
        format!("{:02x}{:x}{:x}", b[1], b[2], b[3])
    }
}

/// What a finished job learned.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub versions: Option<Versions>,
    /// Battery in millivolts.
    pub battery_mv: Option<u16>,
    /// The program slot (1–5) a download went into or a run started.
    pub slot: Option<u8>,
    /// Program or firmware bytes transferred.
    pub bytes: usize,
    /// The datalog's entries (entry 1 on: the count entry left out).
    pub datalog: Option<Vec<(u8, i16)>>,
    /// Task 0 was started.
    pub started: bool,
    /// Bytes sent and received, retries.
    pub stats: Stats,
}

/// What the brick is left with when a job stops part-way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Left {
    /// The slot's old program was deleted and the new one not all sent.
    PartialProgram { slot: Option<u8> },
    /// The firmware was deleted and the new one not all sent or not started.
    NoFirmware,
}

impl fmt::Display for Left {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Left::PartialProgram { slot: Some(s) } => write!(
                f,
                "program slot {s} now holds an incomplete program: download it again before \
                 running it"
            ),
            Left::PartialProgram { slot: None } => f.write_str(
                "the selected program slot now holds an incomplete program: download it again \
                 before running it",
            ),
            Left::NoFirmware => f.write_str(
                "the brick has no firmware now (its old one was deleted): download the firmware \
                 again — it takes it as if new",
            ),
        }
    }
}

/// Why a job failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A serial tower gave back nothing at all, not even the echo of what it was sent.
    NoTower,
    /// The brick did not answer `doing`.
    NoBrick { doing: String },
    /// The brick answers, but only its ROM: it has no firmware.
    NoFirmware,
    /// Not enough free memory for `what` (`bytes`); `free` when the brick said.
    NoMemory { what: String, bytes: usize },
    /// The brick answered `doing` with an error status.
    Refused { doing: String, status: u8 },
    /// The brick computed another firmware checksum than the image's.
    FirmwareChecksum,
    /// The firmware arrived but the brick did not start it.
    FirmwareNotStarted,
    /// The user cancelled.
    Cancelled,
    /// The tower itself failed (unplugged, busy): what its transport said.
    Tower(String),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::NoTower => f.write_str(
                "the tower sends nothing back (not even the echo of what it was sent): is it \
                 plugged into this port, and does its 9 V battery work (its green light shows \
                 while it sends)?",
            ),
            Problem::NoBrick { doing } => write!(
                f,
                "the brick does not answer ({doing}): is it switched on, facing the tower from \
                 less than a metre away, and is the tower's range switch right (near for close, \
                 far for across a room)?"
            ),
            Problem::NoFirmware => f.write_str(
                "the brick has no firmware (its batteries were out?): download the firmware \
                 first (LEGO's firm0328.lgo or firm0332.lgo)",
            ),
            Problem::NoMemory { what, bytes } => write!(
                f,
                "the brick has no room for {what} ({bytes} bytes): other program slots or the \
                 datalog use its memory; clear them (nqc -clear) or make the program smaller"
            ),
            Problem::Refused { doing, status } => {
                write!(f, "the brick refused {doing} (status {status})")
            }
            Problem::FirmwareChecksum => f.write_str(
                "the brick found the firmware's checksum wrong (bytes were lost on the way): \
                 download it again, with the brick closer to the tower",
            ),
            Problem::FirmwareNotStarted => f.write_str(
                "the firmware arrived but the brick did not start it: is the file an RCX \
                 firmware (firm0328.lgo, firm0332.lgo)?",
            ),
            Problem::Cancelled => f.write_str("cancelled"),
            Problem::Tower(m) => f.write_str(m),
        }
    }
}

/// A failed job: what went wrong and what the brick is left with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub problem: Problem,
    pub left: Option<Left>,
    pub stats: Stats,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.problem)?;
        if let Some(l) = self.left {
            write!(f, "; {l}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Failure {}

/// How far a job is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Bytes of program or firmware acknowledged, or datalog entries received.
    pub done: usize,
    /// Of how many (0: nothing to count — a status, run or stop).
    pub total: usize,
}

/// What [`Host::poll`] says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Poll {
    Running(Progress),
    Done(Result<Report, Failure>),
}

/// What a command's reply means to the job.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Check {
    Ping,
    Ack,
    /// `71 00` answered: task 0 started.
    Start,
    /// A reply or none: the job goes on either way (the download-complete sound).
    Optional,
    Versions,
    Battery,
    /// The selected slot (`poll` of source 8).
    SelectedSlot,
    /// Begin of a task/sub (`what`, `bytes`) or of the firmware: status byte.
    Begin {
        what: String,
        bytes: usize,
    },
    /// A transfer block of `bytes`; `last` ends a task, sub or the firmware.
    Block {
        what: String,
        bytes: usize,
        last: bool,
    },
    Unlock,
    DatalogSize,
    /// A page of `n` entries.
    DatalogPage {
        n: usize,
    },
    /// The versions asked after `failed` went unanswered.
    Diagnose(Box<Problem>),
}

#[derive(Clone, Debug)]
struct Step {
    cmd: Command,
    check: Check,
    /// For messages: what this command does.
    doing: &'static str,
    /// Sending it changes what a failure leaves on the brick.
    leaves: Option<Left>,
}

fn step(payload: Vec<u8>, reply: ReplyLen, check: Check, doing: &'static str) -> Step {
    Step {
        cmd: Command::new(payload, reply),
        check,
        doing,
        leaves: None,
    }
}

/// One job against one brick.
#[derive(Debug)]
pub struct Host {
    x: Exchanger,
    steps: VecDeque<Step>,
    current: Option<Step>,
    report: Report,
    progress: Progress,
    left: Option<Left>,
    synced: bool,
    firmware_job: bool,
    /// The tower echoes (a silence without even the echo is the tower's fault).
    line_echo: bool,
    result: Option<Result<Report, Failure>>,
}

/// The brick's program memory, shared by the five slots and the datalog (rcx.md §3.4).
pub use crate::rcx::program::MEMORY_BYTES;

impl Host {
    /// A host for `job` over a tower that behaves as `line`; refuses a job that cannot
    /// work before anything is sent.
    pub fn new(job: Job, line: Line) -> Result<Host, Refusal> {
        let mut h = Host {
            x: Exchanger::new(line),
            steps: VecDeque::new(),
            current: None,
            report: Report::default(),
            progress: Progress::default(),
            left: None,
            synced: false,
            firmware_job: matches!(job, Job::Firmware(_)),
            line_echo: line.echo,
            result: None,
        };
        h.plan(job)?;
        Ok(h)
    }

    fn push(&mut self, s: Step) {
        self.steps.push_back(s);
    }

    fn plan(&mut self, job: Job) -> Result<(), Refusal> {
        let check_slot = |s: Option<u8>| match s {
            Some(n) if !(1..=SLOTS as u8).contains(&n) => Err(Refusal::BadSlot(n)),
            _ => Ok(()),
        };
        self.push(step(
            vec![opcode::PING],
            ReplyLen::Exact(1),
            Check::Ping,
            "ping",
        ));
        match job {
            Job::Status => {
                let mut v = vec![opcode::POLLP];
                v.extend_from_slice(&KEY);
                self.push(step(v, ReplyLen::Exact(9), Check::Versions, "versions"));
            }
            Job::Run { slot } => {
                check_slot(slot)?;
                self.select(slot);
                self.push(step(
                    vec![opcode::START, 0],
                    ReplyLen::Exact(1),
                    Check::Start,
                    "starting task 0",
                ));
            }
            Job::Stop { slot } => {
                check_slot(slot)?;
                self.push(step(
                    vec![opcode::STOP],
                    ReplyLen::Exact(1),
                    Check::Ack,
                    "stopping the program",
                ));
                self.select(slot);
            }
            Job::Datalog => {
                self.push(step(
                    vec![opcode::POLLD, 0, 0, 1, 0],
                    ReplyLen::UpTo { max: 4, step: 3 },
                    Check::DatalogSize,
                    "the datalog's size",
                ));
            }
            Job::Download { program, slot, run } => {
                check_slot(slot)?;
                let bytes = program.size();
                if program.is_empty() {
                    return Err(Refusal::EmptyProgram);
                }
                if bytes > MEMORY_BYTES {
                    return Err(Refusal::TooBig {
                        bytes,
                        max: MEMORY_BYTES,
                    });
                }
                self.report.slot = slot;
                self.progress.total = bytes;
                self.push(step(
                    vec![opcode::STOP],
                    ReplyLen::Exact(1),
                    Check::Ack,
                    "stopping the program",
                ));
                if slot.is_some() {
                    self.select(slot);
                } else {
                    self.push(step(
                        vec![opcode::POLL, src::PROGRAM, 0],
                        ReplyLen::Exact(3),
                        Check::SelectedSlot,
                        "asking for the selected slot",
                    ));
                }
                let partial = Some(Left::PartialProgram { slot });
                let mut del = step(
                    vec![opcode::DELT],
                    ReplyLen::Exact(1),
                    Check::Ack,
                    "deleting the slot's tasks",
                );
                del.leaves = partial;
                self.push(del);
                self.push(step(
                    vec![opcode::DELS],
                    ReplyLen::Exact(1),
                    Check::Ack,
                    "deleting the slot's subroutines",
                ));
                // Subs first, then tasks, as NQC's images list them.
                let chunks = (0..MAX_SUBS)
                    .filter_map(|i| program.subs[i].as_ref().map(|c| (true, i, c)))
                    .chain(
                        (0..MAX_TASKS)
                            .filter_map(|i| program.tasks[i].as_ref().map(|c| (false, i, c))),
                    );
                for (sub, i, code) in chunks {
                    let what = format!("{} {i}", if sub { "subroutine" } else { "task" });
                    let op = if sub { opcode::SUB } else { opcode::TASK };
                    let [lo, hi] = (code.len() as u16).to_le_bytes();
                    self.push(step(
                        vec![op, 0, i as u8, 0, lo, hi],
                        ReplyLen::Exact(2),
                        Check::Begin {
                            what: what.clone(),
                            bytes: code.len(),
                        },
                        "beginning a download",
                    ));
                    self.blocks(code, PROGRAM_BLOCK, &what);
                }
                self.push(step(
                    vec![opcode::PLAYS, DOWNLOAD_SOUND],
                    ReplyLen::Exact(1),
                    Check::Optional,
                    "playing the download sound",
                ));
                if run {
                    self.push(step(
                        vec![opcode::START, 0],
                        ReplyLen::Exact(1),
                        Check::Start,
                        "starting task 0",
                    ));
                }
            }
            Job::Firmware(img) => {
                if img.data.is_empty() {
                    return Err(Refusal::EmptyFirmware);
                }
                self.progress.total = img.data.len();
                let mut v = vec![opcode::DELFIRM];
                v.extend_from_slice(&KEY);
                let mut del = step(v, ReplyLen::Exact(1), Check::Ack, "deleting the firmware");
                del.leaves = Some(Left::NoFirmware);
                self.push(del);
                let [alo, ahi] = img.entry.to_le_bytes();
                let [clo, chi] = img.checksum().to_le_bytes();
                self.push(step(
                    vec![opcode::FIRM, alo, ahi, clo, chi, 0],
                    ReplyLen::Exact(2),
                    Check::Begin {
                        what: "the firmware".into(),
                        bytes: img.data.len(),
                    },
                    "beginning the firmware download",
                ));
                self.blocks(&img.data, FIRMWARE_BLOCK, "the firmware");
                let mut unlock = vec![opcode::BOOT];
                unlock.extend_from_slice(&UNLOCK_KEY);
                let mut s = step(unlock, ReplyLen::Exact(26), Check::Unlock, "unlocking");
                // The ROM answers once; the firmware then starts (NQC: no retry).
                s.cmd.tries = 1;
                s.cmd.patience = Duration::from_millis(800);
                self.push(s);
                let mut v = vec![opcode::POLLP];
                v.extend_from_slice(&KEY);
                self.push(step(
                    v,
                    ReplyLen::Exact(9),
                    Check::Versions,
                    "asking for the new firmware's version",
                ));
            }
        }
        Ok(())
    }

    fn select(&mut self, slot: Option<u8>) {
        if let Some(s) = slot {
            self.push(step(
                vec![opcode::PRGM, s - 1],
                ReplyLen::Exact(1),
                Check::Ack,
                "selecting the program slot",
            ));
        }
    }

    /// Transfer blocks of `chunk` bytes: sequence 1, 2, …, the last one 0 (rcx.md §7.1).
    fn blocks(&mut self, data: &[u8], chunk: usize, what: &str) {
        let n = data.len().div_ceil(chunk).max(1);
        for (k, block) in data.chunks(chunk).enumerate() {
            let last = k + 1 == n;
            let seq = if last { 0u16 } else { k as u16 + 1 };
            let mut v = vec![opcode::TRANSFER];
            v.extend_from_slice(&seq.to_le_bytes());
            v.extend_from_slice(&(block.len() as u16).to_le_bytes());
            v.extend_from_slice(block);
            v.push(crate::rcx::wire::checksum(block));
            self.push(step(
                v,
                ReplyLen::Exact(2),
                Check::Block {
                    what: what.to_string(),
                    bytes: block.len(),
                    last,
                },
                "sending a block",
            ));
        }
    }

    /// Bytes to send now, if any (`now`: the caller's clock).
    pub fn poll_transmit(&mut self, now: Duration) -> Option<Vec<u8>> {
        if self.result.is_some() {
            return None;
        }
        self.advance(now);
        self.x.poll_transmit(now)
    }

    /// Bytes that arrived from the tower.
    pub fn receive(&mut self, bytes: &[u8]) {
        self.x.receive(bytes);
    }

    /// When to call [`Host::poll`] again at the latest (a time-out), if waiting.
    pub fn deadline(&self) -> Option<Duration> {
        self.x.deadline()
    }

    /// Moves the job on: takes the reply or time-out of the command in flight, starts the
    /// next one. Call after [`Host::receive`] and whenever the deadline passes.
    pub fn poll(&mut self, now: Duration) -> Poll {
        self.advance(now);
        match &self.result {
            Some(r) => Poll::Done(r.clone()),
            None => Poll::Running(self.progress),
        }
    }

    /// Stops the job where it is; the failure says what the brick is left with.
    pub fn cancel(&mut self) -> Failure {
        let f = self.fail(Problem::Cancelled);
        self.result = Some(Err(f.clone()));
        f
    }

    /// The transport failed: the job ends with its words, and what the brick is left with.
    pub fn tower_failed(&mut self, message: String) -> Failure {
        let f = self.fail(Problem::Tower(message));
        self.result = Some(Err(f.clone()));
        f
    }

    /// The byte counts so far.
    pub fn stats(&self) -> Stats {
        self.x.stats()
    }

    /// How far the job is.
    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// What the job has learned so far.
    pub fn report(&self) -> &Report {
        &self.report
    }

    fn fail(&self, problem: Problem) -> Failure {
        Failure {
            problem,
            left: self.left,
            stats: self.x.stats(),
        }
    }

    fn advance(&mut self, now: Duration) {
        loop {
            if self.result.is_some() {
                return;
            }
            if self.current.is_some() {
                let Some(outcome) = self.x.poll(now) else {
                    return;
                };
                let Some(s) = self.current.take() else {
                    return;
                };
                self.judge(s, outcome);
                continue;
            }
            let Some(s) = self.steps.pop_front() else {
                self.report.stats = self.x.stats();
                self.result = Some(Ok(self.report.clone()));
                return;
            };
            if let Some(l) = s.leaves {
                self.left = Some(l);
            }
            self.x.start(s.cmd.clone());
            self.current = Some(s);
        }
    }

    fn no_reply(&mut self, s: &Step, heard: bool) {
        let problem = if self.line_echo && !heard {
            Problem::NoTower
        } else {
            Problem::NoBrick {
                doing: s.doing.to_string(),
            }
        };
        // A brick that answered the ping but not this may lack its firmware: ask (NQC
        // does the same after a failure).
        if self.synced && !self.firmware_job && !matches!(s.check, Check::Diagnose(_)) {
            let mut v = vec![opcode::POLLP];
            v.extend_from_slice(&KEY);
            let mut d = step(
                v,
                ReplyLen::Exact(9),
                Check::Diagnose(Box::new(problem)),
                "versions",
            );
            d.cmd.tries = 2;
            self.steps.clear();
            self.steps.push_back(d);
            return;
        }
        self.result = Some(Err(self.fail(problem)));
    }

    fn judge(&mut self, s: Step, outcome: Outcome) {
        let reply = match outcome {
            Outcome::Reply(r) => r,
            Outcome::NoReply { heard, .. } => {
                match &s.check {
                    Check::Optional => {}
                    Check::Unlock => {
                        // The versions that follow tell whether the firmware runs.
                    }
                    Check::Diagnose(p) => {
                        let p = (**p).clone();
                        self.result = Some(Err(self.fail(p)));
                    }
                    _ => self.no_reply(&s, heard),
                }
                return;
            }
        };
        let status = reply.get(1).copied().unwrap_or(0);
        match s.check {
            Check::Ping => self.synced = true,
            Check::Start => self.report.started = true,
            Check::Ack | Check::Optional | Check::Unlock => {}
            Check::Versions | Check::Diagnose(_) => {
                let word = |r: &[u8]| u32::from_be_bytes([r[0], r[1], r[2], r[3]]);
                let v = Versions {
                    rom: word(&reply[1..5]),
                    firmware: word(&reply[5..9]),
                };
                self.report.versions = Some(v);
                if let Check::Diagnose(p) = s.check {
                    let p = if v.has_firmware() {
                        *p
                    } else {
                        Problem::NoFirmware
                    };
                    self.result = Some(Err(self.fail(p)));
                    return;
                }
                if self.firmware_job {
                    if v.has_firmware() {
                        self.left = None;
                    } else {
                        self.result = Some(Err(self.fail(Problem::FirmwareNotStarted)));
                    }
                } else {
                    // Status: the battery too (the ROM alone may not answer it: one try).
                    let mut b = step(
                        vec![opcode::POLLB],
                        ReplyLen::Exact(3),
                        Check::Battery,
                        "battery",
                    );
                    if !v.has_firmware() {
                        b.cmd.tries = 1;
                        b.check = Check::Optional;
                    }
                    self.steps.push_front(b);
                }
            }
            Check::Battery => {
                self.report.battery_mv = Some(u16::from_le_bytes([reply[1], reply[2]]));
            }
            Check::SelectedSlot => {
                let v = i16::from_le_bytes([reply[1], reply[2]]);
                if (0..SLOTS as i16).contains(&v) {
                    let slot = v as u8 + 1;
                    self.report.slot = Some(slot);
                    self.left = self.left.map(|_| Left::PartialProgram { slot: Some(slot) });
                    for st in self.steps.iter_mut() {
                        if let Some(Left::PartialProgram { .. }) = st.leaves {
                            st.leaves = Some(Left::PartialProgram { slot: Some(slot) });
                        }
                    }
                }
            }
            Check::Begin { what, bytes } => match status {
                0 => {}
                1 => {
                    self.result = Some(Err(self.fail(Problem::NoMemory { what, bytes })));
                }
                st => {
                    self.result = Some(Err(self.fail(Problem::Refused {
                        doing: format!("the download of {what}"),
                        status: st,
                    })));
                }
            },
            Check::Block { what, bytes, last } => match status {
                0 => {
                    self.progress.done += bytes;
                    self.report.bytes += bytes;
                    let more_blocks = self
                        .steps
                        .iter()
                        .any(|s| matches!(s.check, Check::Block { .. }));
                    if last && !more_blocks && !self.firmware_job {
                        self.left = None;
                    }
                }
                4 => self.result = Some(Err(self.fail(Problem::FirmwareChecksum))),
                st => {
                    self.result = Some(Err(self.fail(Problem::Refused {
                        doing: format!("a block of {what}"),
                        status: st,
                    })))
                }
            },
            Check::DatalogSize => {
                // No entries: no datalog was set up. Else entry 0 = (0xff, count incl. it).
                let count = if reply.len() >= 4 && reply[1] == 0xff {
                    i16::from_le_bytes([reply[2], reply[3]]).max(1) as usize - 1
                } else {
                    0
                };
                self.progress.total = count;
                self.report.datalog = Some(Vec::with_capacity(count));
                let mut first = 1usize;
                while first <= count {
                    let n = DATALOG_PAGE.min(count + 1 - first);
                    let [flo, fhi] = (first as u16).to_le_bytes();
                    let [nlo, nhi] = (n as u16).to_le_bytes();
                    self.push(step(
                        vec![opcode::POLLD, flo, fhi, nlo, nhi],
                        ReplyLen::UpTo {
                            max: 1 + 3 * n,
                            step: 3,
                        },
                        Check::DatalogPage { n },
                        "uploading the datalog",
                    ));
                    first += n;
                }
            }
            Check::DatalogPage { n } => {
                let log = self.report.datalog.get_or_insert_with(Vec::new);
                for e in reply[1..].chunks_exact(3) {
                    log.push((e[0], i16::from_le_bytes([e[1], e[2]])));
                }
                self.progress.done = log.len();
                if reply.len() < 1 + 3 * n {
                    // The brick had fewer entries than it said: stop asking.
                    self.steps
                        .retain(|s| !matches!(s.check, Check::DatalogPage { .. }));
                }
            }
        }
    }
}

//! The RCX link: a TCP server (default 127.0.0.1:4266) and a pseudo-terminal that speak the
//! RCX protocol to ROBOLAB, NQC and other hosts, as a brick would. Frames are pure bytes →
//! frames (`crate::rcx::wire`); this module buffers, routes and talks to the one shared
//! simulated RCX through the runner's channel (`runner::Command::OnBrick` jobs that see only
//! the [`crate::sim::Rcx`] trait, so the same jobs run on one brick of a scene), never
//! holding a lock across an await.
//!
//! Layout: `server` (TCP accept loop and the per-chunk plumbing), `session` (one
//! connection's dialect, framing, toggle memory and download state — pure, tested with a
//! bare VM), `lasm_text` (the LASM text dialect), `pty` (the pseudo-terminal for NQC),
//! `capture` (`--capture` byte logs). The link runs its own single-threaded tokio runtime
//! on its own thread; the simulation is only touched on the runner's thread.
//!
//! CONTRACT (add, don't rename): `LinkConfig`, `Dialect`, `LinkHandle::{local_addr,
//! pty_path, status, shutdown}`, `LinkStatus`, `start(config, runner_sender)`.
//! Added: `LinkEvent`, `LinkHandle::{next_event, try_event}`.

// Without `desktop` (the browser build) no link can start (`start` says why): what only
// the server and the pty use is then unused.
#![cfg_attr(not(feature = "desktop"), allow(dead_code, unused_imports))]

pub mod capture;
pub mod lasm_text;
pub mod pty;
#[cfg(feature = "desktop")]
pub mod server;
pub mod session;
pub mod summary;

use crate::runner::{Command, HostDone};
use std::collections::VecDeque;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How a connection's bytes are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Dialect {
    #[default]
    Auto,
    Framed,
    Raw,
    Lasm,
}

/// Link settings.
#[derive(Clone, Debug)]
pub struct LinkConfig {
    /// TCP address; `None` = no TCP listener.
    pub listen: Option<SocketAddr>,
    /// Permit a non-loopback listen address.
    pub allow_remote: bool,
    pub pty: Option<PathBuf>,
    pub dialect: Dialect,
    /// Tower echo of received bytes on framed connections.
    pub echo: bool,
    pub capture: Option<PathBuf>,
    /// Which robot's brick of the runner's simulation this link talks to (0 = the first;
    /// a scene has a link per robot).
    pub brick: usize,
    /// What the runner is told when a host finishes a ROBOLAB transfer or starts a task
    /// (`Command::HostFinished`, sent by the link itself before the event is told).
    pub after_host: AfterHost,
}

/// What a link tells the runner when a host has finished a download or started a task.
#[derive(Clone, Debug, Default)]
pub enum AfterHost {
    /// Nothing (a bare link: the tests drive the clock themselves).
    #[default]
    Nothing,
    /// The runner starts task 0 after a transfer and runs the clock (the app, `serve`).
    Run,
    /// As `Run`, but the clock runs `ms` now and stays paused; only the first host of all
    /// the links sharing `once` does it (`serve --run-seconds`).
    RunFor {
        ms: u64,
        once: Arc<std::sync::atomic::AtomicBool>,
    },
}

impl Default for LinkConfig {
    fn default() -> Self {
        LinkConfig {
            listen: Some(SocketAddr::from(([127, 0, 0, 1], 4266))),
            allow_remote: false,
            pty: None,
            dialect: Dialect::Auto,
            echo: true,
            capture: None,
            brick: 0,
            after_host: AfterHost::Nothing,
        }
    }
}

/// What the app shows about the link.
#[derive(Clone, Debug, Default)]
pub struct LinkStatus {
    pub connections: usize,
    /// Human-readable recent events ("download of task 0 complete from 127.0.0.1:50228").
    pub log: Vec<String>,
}

/// What a download writes into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DownloadTarget {
    Task(u8),
    Sub(u8),
    /// A firmware image (checked, acknowledged, never run: the VM is the firmware).
    Firmware,
}

impl std::fmt::Display for DownloadTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DownloadTarget::Task(i) => write!(f, "task {i}"),
            DownloadTarget::Sub(i) => write!(f, "sub {i}"),
            DownloadTarget::Firmware => write!(f, "firmware"),
        }
    }
}

/// Why bytes a client sent were thrown away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Discarded {
    /// Framed dialect: bytes that were not a valid IR frame.
    InvalidFrame,
    /// Raw dialect: bytes with unknown opcodes.
    UnknownOpcode,
}

/// Things that happened on the link, for the app and `serve` (in order of occurrence).
/// Each is also a line of [`LinkStatus::log`] (its `Display`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkEvent {
    /// The TCP listener is up (`remote`: on an address other machines can reach).
    Listening {
        addr: SocketAddr,
        remote: bool,
    },
    /// The pseudo-terminal is up at `path`.
    PtyReady {
        path: PathBuf,
    },
    Connected {
        peer: String,
    },
    Disconnected {
        peer: String,
    },
    /// A connection's dialect was chosen (detected from its first bytes, or forced).
    DialectChosen {
        peer: String,
        dialect: Dialect,
    },
    /// A client started a task (`71`, e.g. `nqc … -run`, or a `start` text line).
    TaskStarted {
        task: u8,
    },
    /// A download was armed: `bytes` announced for `target` in program `slot` (0-based).
    DownloadStarted {
        peer: String,
        target: DownloadTarget,
        slot: usize,
        bytes: usize,
    },
    /// A task or sub finished downloading (`announced` = what its begin said), or a LASM
    /// block was stored (`announced` = None), into `slot`.
    ProgramInstalled {
        peer: String,
        slot: usize,
        sub: bool,
        index: u8,
        bytes: usize,
        announced: Option<usize>,
    },
    /// A firmware image arrived whole with the right checksum.
    FirmwareInstalled {
        peer: String,
        bytes: usize,
    },
    /// A firmware image's checksum did not match what its begin announced.
    FirmwareRejected {
        peer: String,
        sum: u16,
        expected: u16,
    },
    /// The connection closed mid-download: nothing was installed.
    DownloadAborted {
        peer: String,
        target: DownloadTarget,
        received: usize,
        announced: usize,
    },
    /// Bytes sent past a download's announced length were dropped.
    ExcessDropped {
        peer: String,
        bytes: usize,
    },
    /// Bytes that were no command were dropped.
    Discarded {
        peer: String,
        bytes: usize,
        why: Discarded,
    },
    /// A LASM text line could not be used (`FILE:LINE: message`).
    LasmError {
        peer: String,
        message: String,
    },
    /// A LASM block does not fit in the brick's memory: not stored.
    NoMemory {
        peer: String,
        sub: bool,
        index: u8,
        bytes: usize,
    },
    /// A LASM text connection closed after storing at least one block: ROBOLAB's text
    /// transfer is complete (`serve --run-seconds` starts task 0 on this).
    TextTransferComplete {
        peer: String,
    },
    /// A client that did not read its replies for `secs` seconds was disconnected.
    ConnectionDropped {
        peer: String,
        secs: u64,
    },
    /// The link itself failed at something (`what`: "accept", "pty read", …).
    Failed {
        what: String,
        error: String,
    },
    /// `more` events of the same kind as `like` (the last of them) on one connection were
    /// not logged one by one ([`summary`]: a flood costs a few lines a second).
    Repeated {
        more: usize,
        like: Box<LinkEvent>,
    },
    /// The frontend did not take events as fast as they came: the `count` oldest waiting
    /// were dropped to keep the newest (what the frontend acts on).
    Lost {
        count: usize,
    },
}

impl LinkEvent {
    /// Something went wrong or was refused (the app shows these as warnings).
    pub fn is_problem(&self) -> bool {
        matches!(
            self,
            LinkEvent::FirmwareRejected { .. }
                | LinkEvent::DownloadAborted { .. }
                | LinkEvent::ExcessDropped { .. }
                | LinkEvent::Discarded { .. }
                | LinkEvent::LasmError { .. }
                | LinkEvent::NoMemory { .. }
                | LinkEvent::ConnectionDropped { .. }
                | LinkEvent::Failed { .. }
                | LinkEvent::Lost { .. }
        ) || matches!(self, LinkEvent::Repeated { like, .. } if like.is_problem())
    }

    /// What the runner does about this event ([`Command::HostFinished`], sent by the link
    /// as [`LinkConfig::after_host`] says): a completed ROBOLAB text transfer starts task 0 and runs the clock, a
    /// task the host started runs the clock.
    pub fn host_done(&self) -> Option<HostDone> {
        match self {
            LinkEvent::TextTransferComplete { .. } => Some(HostDone::TextTransfer),
            LinkEvent::TaskStarted { .. } => Some(HostDone::TaskStarted),
            _ => None,
        }
    }

    /// Bytes thrown away because they were no command: `serve` logs them at debug level
    /// only (`RUST_LOG=lurobotsim::link=debug`), since anyone who can reach the port can
    /// send them; the app still warns of them, a few a second ([`summary`]).
    pub fn is_garbage(&self) -> bool {
        match self {
            LinkEvent::Discarded { .. } => true,
            LinkEvent::Repeated { like, .. } => like.is_garbage(),
            _ => false,
        }
    }
}

impl std::fmt::Display for LinkEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = |sub: bool| if sub { "sub" } else { "task" };
        match self {
            LinkEvent::Listening {
                addr,
                remote: false,
            } => write!(f, "listening on {addr}"),
            LinkEvent::Listening { addr, remote: true } => write!(
                f,
                "listening on {addr} (warning: reachable from other machines, --allow-remote)"
            ),
            LinkEvent::PtyReady { path } => write!(
                f,
                "pty at {} (nqc -TRCX2 -S{} -d prog.nqc -run)",
                path.display(),
                path.display()
            ),
            LinkEvent::Connected { peer } => write!(f, "connection from {peer}"),
            LinkEvent::Disconnected { peer } => write!(f, "{peer} closed"),
            LinkEvent::DialectChosen { peer, dialect } => {
                write!(f, "{peer}: speaks the {} dialect", dialect.name())
            }
            LinkEvent::TaskStarted { task } => write!(f, "task {task} started by the host"),
            LinkEvent::DownloadStarted {
                peer,
                target: DownloadTarget::Firmware,
                ..
            } => write!(f, "{peer}: firmware download started"),
            LinkEvent::DownloadStarted {
                peer,
                target,
                slot,
                bytes,
            } => write!(
                f,
                "{peer}: download of {target} ({bytes} bytes) into program {} started",
                slot + 1
            ),
            LinkEvent::ProgramInstalled {
                peer,
                slot,
                sub,
                index,
                bytes,
                announced,
            } => match announced {
                Some(announced) => write!(
                    f,
                    "{peer}: download of {} {index} complete ({bytes} bytes, {announced} \
                     announced) into program {}",
                    kind(*sub),
                    slot + 1
                ),
                None => write!(
                    f,
                    "{peer}: LASM {} {index} ({bytes} bytes) stored in program {}",
                    kind(*sub),
                    slot + 1
                ),
            },
            LinkEvent::FirmwareInstalled { peer, bytes } => {
                write!(f, "{peer}: firmware download of {bytes} bytes complete")
            }
            LinkEvent::FirmwareRejected {
                peer,
                sum,
                expected,
            } => write!(
                f,
                "{peer}: firmware checksum {sum:#06x} does not match {expected:#06x}"
            ),
            LinkEvent::DownloadAborted {
                peer,
                target,
                received,
                announced,
            } => write!(
                f,
                "{peer}: download of {target} aborted after {received} of {announced} bytes; \
                 not installed (what the slot held before stays unless the client deleted it \
                 first, as NQC does)"
            ),
            LinkEvent::ExcessDropped { peer, bytes } => write!(
                f,
                "{peer}: {bytes} byte(s) sent past the announced length were dropped"
            ),
            LinkEvent::Discarded {
                peer,
                bytes,
                why: Discarded::InvalidFrame,
            } => write!(
                f,
                "{peer}: dropped {bytes} byte(s) that were not a valid frame"
            ),
            LinkEvent::Discarded {
                peer,
                bytes,
                why: Discarded::UnknownOpcode,
            } => write!(f, "{peer}: dropped {bytes} byte(s) with unknown opcodes"),
            LinkEvent::LasmError { peer, message } => write!(f, "{peer}: {message}"),
            LinkEvent::NoMemory {
                peer,
                sub,
                index,
                bytes,
            } => write!(
                f,
                "{peer}: LASM {} {index} ({bytes} bytes) does not fit in memory",
                kind(*sub)
            ),
            LinkEvent::TextTransferComplete { peer } => {
                write!(f, "{peer}: LASM text transfer complete")
            }
            LinkEvent::ConnectionDropped { peer, secs } => write!(
                f,
                "{peer} did not read its replies for {secs} s; connection dropped"
            ),
            LinkEvent::Failed { what, error } => write!(f, "{what}: {error}"),
            LinkEvent::Lost { count } => write!(
                f,
                "{count} older link message(s) dropped: they came faster than they were read"
            ),
            LinkEvent::Repeated { more, like } => {
                write!(f, "…and {more} more like this: {like}")
            }
        }
    }
}

/// How many log lines [`LinkStatus::log`] keeps.
const LOG_LINES: usize = 200;
/// How many undelivered events are kept for [`LinkHandle::next_event`].
const EVENT_QUEUE: usize = 1000;

/// The events waiting for the frontend. Bounded, so a frontend that never reads them does
/// not make the link grow without limit; when full, the oldest go (counted, and reported
/// as one [`LinkEvent::Lost`] before the rest), never the newest: what just happened —
/// a download completed, a task started — is what the frontend acts on.
#[derive(Default)]
pub(crate) struct EventQueue {
    waiting: Mutex<(VecDeque<LinkEvent>, usize)>,
    ready: Condvar,
}

impl EventQueue {
    fn push(&self, e: LinkEvent) {
        if let Ok(mut w) = self.waiting.lock() {
            if w.0.len() >= EVENT_QUEUE {
                w.0.pop_front();
                w.1 += 1;
            }
            w.0.push_back(e);
            self.ready.notify_one();
        }
    }

    /// The next event, waiting up to `timeout` for one.
    fn pop(&self, timeout: Duration) -> Option<LinkEvent> {
        let w = self.waiting.lock().ok()?;
        let (mut w, _) = self
            .ready
            .wait_timeout_while(w, timeout, |w| w.0.is_empty() && w.1 == 0)
            .ok()?;
        match std::mem::take(&mut w.1) {
            0 => w.0.pop_front(),
            count => Some(LinkEvent::Lost { count }),
        }
    }
}

/// What connections and the pty share.
pub(crate) struct Shared {
    pub(crate) runner: Sender<Command>,
    pub(crate) config: LinkConfig,
    status: Mutex<LinkStatus>,
    events: EventQueue,
    capture: Option<capture::Capture>,
    next_conn: AtomicUsize,
}

impl Shared {
    /// Adds an event to the status log (as its line) and the event stream.
    pub(crate) fn emit(&self, e: LinkEvent) {
        // What the host finished is the runner's to act on (task 0, the clock), told before
        // the event so whoever reads the event finds the runner already told.
        if let Some(done) = e.host_done() {
            let run_ms = match &self.config.after_host {
                AfterHost::Nothing => None,
                AfterHost::Run => Some(None),
                AfterHost::RunFor { ms, once } => {
                    (!once.swap(true, Ordering::SeqCst)).then_some(Some(*ms))
                }
            };
            if let Some(run_ms) = run_ms {
                let _ = self.runner.send(Command::HostFinished {
                    robot: self.config.brick,
                    done,
                    run_ms,
                });
            }
        }
        if let Ok(mut s) = self.status.lock() {
            s.log.push(e.to_string());
            let excess = s.log.len().saturating_sub(LOG_LINES);
            s.log.drain(..excess);
        }
        self.events.push(e);
    }

    pub(crate) fn capture(&self, conn: &str, what: &str, bytes: &[u8]) {
        if let Some(c) = &self.capture {
            c.record(conn, what, bytes);
        }
    }

    /// Counts a new connection; returns it (its capture label is `#N peer`).
    pub(crate) fn open_connection(&self, peer: &str) -> Connection {
        let n = self.next_conn.fetch_add(1, Ordering::Relaxed) + 1;
        let conn = Connection {
            label: format!("#{n} {peer}"),
            peer: peer.to_string(),
            summary: summary::Summary::default(),
        };
        if let Ok(mut s) = self.status.lock() {
            s.connections += 1;
        }
        self.capture(&conn.label, "CONN", &[]);
        self.emit(LinkEvent::Connected {
            peer: peer.to_string(),
        });
        conn
    }

    /// Logs what a connection's session reported, summarised per connection
    /// ([`summary`]), and records the bytes sent back.
    pub(crate) fn deliver(&self, conn: &mut Connection, out: &session::Output) {
        if !out.bytes.is_empty() {
            self.capture(&conn.label, "TX", &out.bytes);
        }
        self.report(conn, &out.events);
    }

    /// Logs `events` of a connection through its summary.
    pub(crate) fn report(&self, conn: &mut Connection, events: &[LinkEvent]) {
        for e in conn.summary.pass(Instant::now(), events) {
            self.emit(e);
        }
    }

    /// Logs the summaries of a connection's window once it has ended.
    pub(crate) fn report_due(&self, conn: &mut Connection) {
        for e in conn.summary.due(Instant::now()) {
            self.emit(e);
        }
    }

    pub(crate) fn close_connection(&self, mut conn: Connection) {
        for e in conn.summary.flush() {
            self.emit(e);
        }
        if let Ok(mut s) = self.status.lock() {
            s.connections = s.connections.saturating_sub(1);
        }
        self.capture(&conn.label, "CLOSE", &[]);
        self.emit(LinkEvent::Disconnected { peer: conn.peer });
    }
}

/// One open connection (TCP or the pty) as the link's log sees it.
pub(crate) struct Connection {
    /// The capture label, `#N peer`.
    pub(crate) label: String,
    pub(crate) peer: String,
    summary: summary::Summary,
}

impl Connection {
    /// How long until the summaries of what it held back are due, if it holds any back.
    pub(crate) fn summary_due_in(&self) -> Option<Duration> {
        let due = self.summary.next_due()?;
        Some(due.saturating_duration_since(Instant::now()))
    }
}

/// A running link.
pub struct LinkHandle {
    local_addr: Option<SocketAddr>,
    pty_path: Option<PathBuf>,
    shared: Arc<Shared>,
    #[cfg(feature = "desktop")]
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl LinkHandle {
    /// The bound TCP address (with the real port when 0 was asked for).
    pub fn local_addr(&self) -> Option<SocketAddr> {
        self.local_addr
    }
    /// The pty's link path.
    pub fn pty_path(&self) -> Option<&PathBuf> {
        self.pty_path.as_ref()
    }
    /// Current status.
    pub fn status(&self) -> LinkStatus {
        self.shared
            .status
            .lock()
            .map(|s| s.clone())
            .unwrap_or_default()
    }
    /// The next event, waiting up to `timeout`.
    pub fn next_event(&self, timeout: Duration) -> Option<LinkEvent> {
        self.shared.events.pop(timeout)
    }
    /// The next event if one is waiting.
    pub fn try_event(&self) -> Option<LinkEvent> {
        self.shared.events.pop(Duration::ZERO)
    }
    /// Closes listeners and connections (and removes the pty's link).
    pub fn shutdown(self) {}

    fn stop_now(&mut self) {
        #[cfg(feature = "desktop")]
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for LinkHandle {
    fn drop(&mut self) {
        self.stop_now();
    }
}

/// Reads a `--listen` address: `127.0.0.1:4266`, `[::1]:4266` or a name such as
/// `localhost:4266` (resolved; an IPv4 address is preferred, as clients such as ROBOLAB
/// and NQC try it first). The app and `serve` both use this one parser.
pub fn parse_listen(s: &str) -> Result<SocketAddr, String> {
    use std::net::ToSocketAddrs;
    let bad = || format!("\"{s}\" is not an address such as 127.0.0.1:4266 or localhost:4266");
    let addrs: Vec<SocketAddr> = s.trim().to_socket_addrs().map_err(|_| bad())?.collect();
    addrs
        .iter()
        .find(|a| a.is_ipv4())
        .or_else(|| addrs.first())
        .copied()
        .ok_or_else(bad)
}

/// Why the link could not start.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    #[error("cannot listen on {addr}: {message}")]
    Bind { addr: String, message: String },
    #[error("refusing to listen on non-loopback address {0} without --allow-remote")]
    NotLoopback(String),
    #[error("cannot create pty at {path}: {message}")]
    Pty { path: String, message: String },
    #[error("cannot start the link: {0}")]
    Runtime(String),
    #[error("cannot write capture file {path}: {message}")]
    Capture { path: String, message: String },
    #[error("a browser tab cannot open a TCP port or a serial port, so ROBOLAB and NQC cannot download here; use the desktop app (Windows or Linux) to receive programs over the RCX link, or open a program file")]
    Unsupported,
}

/// A path for robot `k` (0-based) of a scene: `PATH` for robot 1, `PATH-2`, `PATH-3`, …
/// for the others (their ptys and capture files).
pub fn numbered(path: &Path, k: usize) -> PathBuf {
    if k == 0 {
        return path.to_path_buf();
    }
    let mut s = path.as_os_str().to_os_string();
    s.push(format!("-{}", k + 1));
    PathBuf::from(s)
}

impl LinkConfig {
    /// Robot `k`'s link (0-based) of a world whose first robot's link is `self`: it
    /// listens on the port + k (port 0, any free port, stays 0), its pty and capture file
    /// are `PATH-k+1` ([`numbered`]) and it talks to brick `k`. The one per-robot set-up of
    /// `serve` and the app. `Err` ("no port P + k") when the port would pass 65535.
    pub fn for_robot(&self, k: usize) -> Result<LinkConfig, String> {
        let listen = match self.listen {
            Some(a) if a.port() != 0 => {
                let port = u16::try_from(k)
                    .ok()
                    .and_then(|k| a.port().checked_add(k))
                    .ok_or_else(|| format!("no port {} + {k}", a.port()))?;
                Some(SocketAddr::new(a.ip(), port))
            }
            other => other,
        };
        Ok(LinkConfig {
            listen,
            pty: self.pty.as_deref().map(|p| numbered(p, k)),
            capture: self.capture.as_deref().map(|p| numbered(p, k)),
            brick: k,
            ..self.clone()
        })
    }
}

/// Without the `desktop` feature (the browser build) there is no link: a tab can open
/// neither a TCP port nor a serial port. The answer says so and where to go instead.
#[cfg(not(feature = "desktop"))]
pub fn start(config: LinkConfig, runner: Sender<Command>) -> Result<LinkHandle, LinkError> {
    let _ = (config, runner);
    Err(LinkError::Unsupported)
}

/// Starts the link on its own thread (with its own tokio runtime), serving the simulation
/// behind `runner`. Binding and pty creation happen before this returns, so their errors
/// are reported here and `local_addr` is known.
#[cfg(feature = "desktop")]
pub fn start(config: LinkConfig, runner: Sender<Command>) -> Result<LinkHandle, LinkError> {
    if let Some(addr) = config.listen {
        if !addr.ip().is_loopback() && !config.allow_remote {
            return Err(LinkError::NotLoopback(addr.to_string()));
        }
    }
    let capture = match &config.capture {
        Some(p) => Some(capture::Capture::create(p).map_err(|e| LinkError::Capture {
            path: p.display().to_string(),
            message: e.to_string(),
        })?),
        None => None,
    };
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| LinkError::Runtime(e.to_string()))?;
    let listener = match config.listen {
        Some(addr) => Some(
            rt.block_on(tokio::net::TcpListener::bind(addr))
                .map_err(|e| LinkError::Bind {
                    addr: addr.to_string(),
                    message: e.to_string(),
                })?,
        ),
        None => None,
    };
    let local_addr = listener.as_ref().and_then(|l| l.local_addr().ok());
    let pty = match &config.pty {
        Some(p) => Some(pty::Pty::open(p)?),
        None => None,
    };
    let shared = Arc::new(Shared {
        runner,
        config: config.clone(),
        status: Mutex::new(LinkStatus::default()),
        events: EventQueue::default(),
        capture,
        next_conn: AtomicUsize::new(0),
    });
    if let Some(addr) = local_addr {
        shared.emit(LinkEvent::Listening {
            addr,
            remote: !addr.ip().is_loopback(),
        });
    }
    if let Some(p) = &config.pty {
        shared.emit(LinkEvent::PtyReady { path: p.clone() });
    }
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let s2 = shared.clone();
    let thread = std::thread::Builder::new()
        .name("lurobotsim-link".into())
        .spawn(move || {
            rt.block_on(async move {
                if let Some(l) = listener {
                    tokio::spawn(server::serve_tcp(l, s2.clone()));
                }
                if let Some(p) = pty {
                    tokio::spawn(pty::serve_pty(p, s2.clone()));
                }
                let _ = stop_rx.await;
            });
            // Dropping the runtime cancels every connection task, which closes their
            // sockets and drops the pty (removing its symlink).
            rt.shutdown_timeout(Duration::from_millis(500));
        })
        .map_err(|e| LinkError::Runtime(e.to_string()))?;
    Ok(LinkHandle {
        local_addr,
        pty_path: config.pty.clone(),
        shared,
        stop: Some(stop_tx),
        thread: Some(thread),
    })
}

#[cfg(test)]
mod event_queue {
    use super::{EventQueue, LinkEvent, EVENT_QUEUE};
    use std::time::Duration;

    fn started(task: u8) -> LinkEvent {
        LinkEvent::TaskStarted { task }
    }

    #[test]
    fn a_download_completed_while_the_frontend_lags_is_still_reported_and_the_dropped_counted() {
        // The frontend (serve writing to a slow stderr) fell behind a flood: the queue is
        // full when the pty's download completes. It used to drop the completion.
        let q = EventQueue::default();
        for k in 0..EVENT_QUEUE + 5 {
            q.push(started((k % 10) as u8));
        }
        let done = LinkEvent::TextTransferComplete { peer: "pty".into() };
        q.push(done.clone());
        let mut got = Vec::new();
        while let Some(e) = q.pop(Duration::ZERO) {
            got.push(e);
        }
        assert_eq!(got.first(), Some(&LinkEvent::Lost { count: 6 }));
        assert_eq!(got.last(), Some(&done));
        assert_eq!(got.len(), EVENT_QUEUE + 1);
        assert_eq!(q.pop(Duration::from_millis(1)), None);
    }
}

#[cfg(test)]
mod robot_links {
    use super::{numbered, LinkConfig};
    use std::net::SocketAddr;
    use std::path::{Path, PathBuf};

    #[test]
    fn the_first_brick_has_the_pty_path_and_the_others_path_dash_n() {
        let p = Path::new("/tmp/rcx");
        assert_eq!(numbered(p, 0), PathBuf::from("/tmp/rcx"));
        assert_eq!(numbered(p, 1), PathBuf::from("/tmp/rcx-2"));
        assert_eq!(numbered(p, 9), PathBuf::from("/tmp/rcx-10"));
    }

    #[test]
    fn robot_k_listens_on_the_port_plus_k_with_its_own_pty_capture_and_brick() {
        let first = LinkConfig {
            listen: Some(SocketAddr::from(([127, 0, 0, 1], 4266))),
            pty: Some("/tmp/rcx".into()),
            capture: Some("cap.log".into()),
            ..LinkConfig::default()
        };
        let third = first.for_robot(2).unwrap();
        assert_eq!(third.listen.unwrap().port(), 4268);
        assert_eq!(third.pty.as_deref(), Some(Path::new("/tmp/rcx-3")));
        assert_eq!(third.capture.as_deref(), Some(Path::new("cap.log-3")));
        assert_eq!(third.brick, 2);
        let any = LinkConfig {
            listen: Some(SocketAddr::from(([127, 0, 0, 1], 0))),
            ..first.clone()
        };
        assert_eq!(any.for_robot(5).unwrap().listen.unwrap().port(), 0);
        let last = LinkConfig {
            listen: Some(SocketAddr::from(([127, 0, 0, 1], 65535))),
            ..first
        };
        assert_eq!(last.for_robot(0).unwrap().listen.unwrap().port(), 65535);
        assert_eq!(last.for_robot(1).unwrap_err(), "no port 65535 + 1");
    }
}

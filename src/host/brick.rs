//! A real RCX as the app reaches it (issue 39's "Real RCX" window): the towers this
//! machine has (`crate::brick::open::list` on the desktop; a tab has the browser's own
//! picker instead), and [`BrickJob`], one `rcx::host::Job` over one tower as a host job —
//! opened and worked on its own thread on the desktop (a serial port's open, a TCP
//! connect and the brick's replies never block the frame), a slice of each frame where
//! there are no threads. The protocol stays in `crate::rcx::host`, the loop in
//! `crate::brick::Connection`; this is only the edge that runs them.

use super::job::{self, Slice, Step};
use crate::brick::{Connection, PortSpec, TowerError, Transport};
use crate::rcx::host::{Failure, Job, Poll, Problem, Refusal, Report, Stats};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

/// A port that may carry a tower, as the window lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TowerPort {
    /// What `--port` takes (`usb`, `/dev/ttyUSB0`, `COM3`).
    pub port: String,
    /// What it is ("LEGO USB IR tower (…)", a serial port's description).
    pub what: String,
    /// Certainly a LEGO tower (a serial port may be anything).
    pub tower: bool,
    pub kind: PortKind,
}

/// What kind of port, for the window's words (`what` keeps the system's details).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PortKind {
    /// LEGO's USB tower (`usb`, `usb:N`).
    UsbTower,
    /// The USB tower through Linux's `legousbtower` driver.
    UsbDriver,
    /// A serial port (the serial tower may be on it).
    Serial,
}

impl PortKind {
    /// The kind of the port `--port` names as `port`.
    pub fn of(port: &str) -> PortKind {
        if port.starts_with(WEBUSB_PREFIX) {
            return PortKind::UsbTower;
        }
        match crate::brick::PortSpec::parse(port) {
            Ok(crate::brick::PortSpec::Usb(_)) => PortKind::UsbTower,
            Ok(crate::brick::PortSpec::UsbDevice(_)) => PortKind::UsbDriver,
            _ => PortKind::Serial,
        }
    }
}

/// The browsers' pickers and what they ended with (kept in `crate::brick::pick`, which the
/// tab's transports name too).
pub use crate::brick::pick::{
    pick_error, Os, PickError, PickKind, PickStage, Pickers, WEBUSB_PREFIX,
};

/// Why a browser tab cannot reach a tower.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Browser {
    /// The page is not served over https or from localhost: browsers give devices to
    /// such pages only.
    NotSecure,
    /// The browser has neither Web Serial nor WebUSB (Firefox, Safari).
    NoDeviceApis,
    /// This build reaches no towers (neither the desktop's devices nor a tab's).
    NotBuilt,
}

/// What looking for towers found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Towers {
    pub ports: Vec<TowerPort>,
    /// What the system said while looking (no permission to list USB devices, …).
    pub notes: Vec<Note>,
    /// A browser tab: why it cannot reach a tower (nothing is listed or opened by name).
    pub browser: Option<Browser>,
    /// A browser tab that can: the browser's own pickers choose the tower
    /// (`Host::pick_tower`), these it has; `ports` are those picked so far.
    pub pickers: Option<Pickers>,
}

/// What the system said while looking for towers.
pub use crate::brick::ListNote as Note;

/// What a browser says it can do, read into why a tab cannot reach a tower (`None`: it
/// can, through Web Serial, WebUSB or both): `secure` (`window.isSecureContext`), `serial`
/// and `usb` (`navigator.serial`, `navigator.usb`).
pub fn browser_support(secure: bool, serial: bool, usb: bool) -> Option<Browser> {
    match (secure, serial, usb) {
        (false, _, _) => Some(Browser::NotSecure),
        (true, false, false) => Some(Browser::NoDeviceApis),
        (true, _, _) => None,
    }
}

/// A tab's towers before any is picked: why it reaches none, or its pickers.
pub fn tab_towers(secure: bool, serial: bool, usb: bool) -> Towers {
    let browser = browser_support(secure, serial, usb);
    Towers {
        browser,
        pickers: browser.is_none().then_some(Pickers { serial, usb }),
        ..Towers::default()
    }
}

/// The serial and USB towers on this machine (the desktop's devices).
pub fn towers() -> Towers {
    #[cfg(feature = "desktop")]
    {
        let (found, notes) = crate::brick::open::list();
        Towers {
            ports: found
                .into_iter()
                .map(|f| TowerPort {
                    kind: PortKind::of(&f.port),
                    port: f.port,
                    what: f.what,
                    tower: f.tower,
                })
                .collect(),
            notes,
            browser: None,
            pickers: None,
        }
    }
    #[cfg(not(feature = "desktop"))]
    {
        Towers {
            browser: Some(Browser::NotBuilt),
            ..Towers::default()
        }
    }
}

/// A tower, opened when the job starts (on its thread).
pub type Tower = Box<dyn Transport + Send>;
/// Opens the tower a job uses.
pub type Opener = Box<dyn FnOnce() -> Result<Tower, TowerError> + Send>;

/// The opener of the tower `spec` names (the desktop's devices and sockets; in a tab,
/// a port or device picked with the browser's picker, `webserial:N` or `webusb:N`).
pub fn opener(spec: PortSpec) -> Opener {
    Box::new(move || {
        #[cfg(feature = "web")]
        if let PortSpec::Serial(name) = &spec {
            if name.starts_with(crate::brick::web_serial::PREFIX) {
                return crate::brick::web_serial::open(name).map(|t| Box::new(t) as Tower);
            }
            if name.starts_with(crate::brick::web_usb::PREFIX) {
                return crate::brick::web_usb::open(name).map(|t| Box::new(t) as Tower);
            }
        }
        #[cfg(feature = "desktop")]
        {
            crate::brick::open::open(&spec)
        }
        #[cfg(not(feature = "desktop"))]
        {
            Err(TowerError::new(format!(
                "{spec}: this build cannot open towers by name"
            )))
        }
    })
}

/// Why a brick job gave no report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BrickError {
    /// The tower could not be opened: what the system said, as one line to act on.
    Open(TowerError),
    /// The job cannot work (a program too big, …): refused before anything was sent.
    Refused(Refusal),
    /// The brick or the tower failed part-way, or Cancel was pressed: what the brick is
    /// left with.
    Failed(Failure),
}

/// What a brick job tells as it goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BrickNews {
    /// The tower is open: what it is ("serial tower on /dev/ttyUSB0").
    Opened(String),
}

enum State {
    Closed(Option<Box<(Opener, Job)>>),
    Open {
        conn: Box<Connection<Tower>>,
        start: Instant,
    },
}

/// One job on one tower, as a host job (see the module's head). Cancel through the flag
/// given to [`BrickJob::new`], not the job handle's, so the job ends with what the brick
/// is left with.
pub struct BrickJob {
    state: State,
    stop: Arc<AtomicBool>,
}

impl BrickJob {
    /// `job` over the tower `open` opens; setting `stop` cancels it between two commands.
    pub fn new(open: Opener, job: Job, stop: Arc<AtomicBool>) -> BrickJob {
        BrickJob {
            state: State::Closed(Some(Box::new((open, job)))),
            stop,
        }
    }
}

/// How long a step may wait for the tower on a thread (in a frame: not at all).
const THREAD_WAIT: Duration = Duration::from_millis(10);

impl job::Job for BrickJob {
    type News = BrickNews;
    type Output = Result<Report, BrickError>;

    fn work(&mut self, slice: &mut Slice<'_, BrickNews>) -> Step<Self::Output> {
        if let State::Closed(what) = &mut self.state {
            let Some(what) = what.take() else {
                return Step::Done(Err(job::JobError::Failed("already ended".into())));
            };
            let (open, job) = *what;
            if self.stop.load(Ordering::Relaxed) {
                return Step::Done(Ok(Err(BrickError::Failed(cancelled()))));
            }
            let tower = match open() {
                Ok(t) => t,
                Err(e) => return Step::Done(Ok(Err(BrickError::Open(e)))),
            };
            slice.tell(BrickNews::Opened(tower.describe()));
            match Connection::new(job, tower) {
                Ok(conn) => {
                    self.state = State::Open {
                        conn: Box::new(conn),
                        start: Instant::now(),
                    }
                }
                Err(r) => return Step::Done(Ok(Err(BrickError::Refused(r)))),
            }
        }
        let State::Open { conn, start } = &mut self.state else {
            return Step::Busy;
        };
        // A frame's slice is a few milliseconds: it never waits for the tower.
        let wait = match slice.budget() >= job::THREAD_SLICE {
            true => THREAD_WAIT,
            false => Duration::ZERO,
        };
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return Step::Done(Ok(Err(BrickError::Failed(conn.cancel()))));
            }
            match conn.step(start.elapsed(), wait) {
                Poll::Done(Ok(r)) => return Step::Done(Ok(Ok(r))),
                Poll::Done(Err(f)) => return Step::Done(Ok(Err(BrickError::Failed(f)))),
                Poll::Running(p) => slice.progress(job::Progress {
                    done: p.done,
                    total: p.total,
                }),
            }
            if slice.over() || wait.is_zero() {
                return Step::Busy;
            }
        }
    }
}

/// Cancelled before anything was sent.
fn cancelled() -> Failure {
    Failure {
        problem: Problem::Cancelled,
        left: None,
        stats: Stats::default(),
    }
}

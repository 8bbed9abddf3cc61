//! A real RCX through an IR tower: the edge where `crate::rcx::host` (the protocol, pure)
//! meets a device. One small [`Transport`] trait hides which tower carries the bytes — the
//! serial tower (`serial`), the USB tower (`usb`, and on Linux its kernel driver's
//! character device, `legousbtower`), or TCP to lurobotsim's own link or BrickEmu
//! (`tcp`) — so the host never knows. [`Connection`] moves one job's bytes between a
//! `Host` and a transport: [`Connection::step`] never waits longer than it is told (a GUI
//! calls it once a frame with no wait; a browser's Web Serial or WebUSB transport, whose
//! reads are JS promises, can queue what arrived and hand it over the same way), and
//! [`Connection::run`] loops until the job ends (the command line).
//!
//! Pure here: the trait, the loop, what `--port` says ([`PortSpec`]). The devices
//! (`serialport`, `nusb`, sockets) are behind feature `desktop`, in `open.rs` and the
//! transports' files; a tab's Web Serial and WebUSB (feature `web`) in `web_serial.rs` and `web_usb.rs`.

#[cfg(feature = "desktop")]
pub mod legousbtower;
#[cfg(feature = "desktop")]
pub mod open;
pub mod pick;
#[cfg(feature = "desktop")]
pub mod serial;
#[cfg(feature = "desktop")]
pub mod tcp;
pub mod usb;
#[cfg(feature = "web")]
pub mod web_serial;
#[cfg(feature = "web")]
pub mod web_usb;

use crate::rcx::host::{Failure, Host, Job, Line, Poll, Progress, Refusal, Report};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// A tower that failed as a device (unplugged, busy, no permission, no driver): one line
/// saying what to do (`message`, English, as the command line says it), and what kind of
/// trouble it is (`trouble`), for a frontend that says it in its own words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct TowerError {
    pub message: String,
    pub trouble: Trouble,
}

/// The troubles with a tower a user can fix, each with its own advice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trouble {
    /// Nothing more to say than the message.
    Other,
    /// Linux forbids opening the USB tower: a udev rule (this line) fixes it.
    UsbPermission { rule: String },
    /// Linux forbids opening a serial port: join the `dialout` group.
    SerialPermission { port: String },
    /// Windows has no WinUSB driver on the USB tower (Zadig installs it).
    NoWinUsb,
    /// Another program holds the tower.
    Busy { port: String },
    /// No device or nothing listening there.
    NotThere { port: String },
}

impl TowerError {
    /// A failure with nothing more to advise than its message.
    pub fn new(message: impl Into<String>) -> TowerError {
        TowerError {
            message: message.into(),
            trouble: Trouble::Other,
        }
    }

    /// A failure of a kind the user can fix.
    pub fn of(trouble: Trouble, message: impl Into<String>) -> TowerError {
        TowerError {
            message: message.into(),
            trouble,
        }
    }
}

/// What the system said while looking for towers (`brick list` prints it in English;
/// the Real RCX window says it in the app's language).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ListNote {
    /// The USB devices could not be listed: what the system said.
    #[error("cannot list USB devices: {0}")]
    UsbList(String),
}

impl From<ListNote> for TowerError {
    fn from(n: ListNote) -> TowerError {
        TowerError::new(n.to_string())
    }
}

/// The udev rule that lets everyone use the USB tower (usbfs).
pub const USB_UDEV_RULE: &str = "SUBSYSTEM==\"usb\", ATTRS{idVendor}==\"0694\", \
     ATTRS{idProduct}==\"0001\", MODE=\"0666\"";

/// What carries the bytes between host and brick.
pub trait Transport {
    /// How the tower behaves: echo, time per byte on the IR side.
    fn line(&self) -> Line;
    /// Sends all of `bytes` (handed to the device; it may still be sending them).
    fn send(&mut self, bytes: &[u8]) -> Result<(), TowerError>;
    /// Appends what has arrived to `into`, waiting at most `wait` for the first byte. A
    /// transport that cannot wait (a browser's) returns at once with what it has.
    fn recv(&mut self, into: &mut Vec<u8>, wait: Duration) -> Result<(), TowerError>;
    /// What it is, for messages ("serial tower on /dev/ttyUSB0").
    fn describe(&self) -> String;
}

impl<T: Transport + ?Sized> Transport for Box<T> {
    fn line(&self) -> Line {
        (**self).line()
    }
    fn send(&mut self, bytes: &[u8]) -> Result<(), TowerError> {
        (**self).send(bytes)
    }
    fn recv(&mut self, into: &mut Vec<u8>, wait: Duration) -> Result<(), TowerError> {
        (**self).recv(into, wait)
    }
    fn describe(&self) -> String {
        (**self).describe()
    }
}

/// One job on one transport.
pub struct Connection<T: Transport> {
    host: Host,
    tower: T,
    buf: Vec<u8>,
}

/// How often [`Connection::run`] looks at its cancel flag while it waits.
const CANCEL_POLL: Duration = Duration::from_millis(20);

impl<T: Transport> Connection<T> {
    /// A connection that will do `job` over `tower`; a job that cannot work is refused
    /// before anything is sent.
    pub fn new(job: Job, tower: T) -> Result<Connection<T>, Refusal> {
        let host = Host::new(job, tower.line())?;
        Ok(Connection {
            host,
            tower,
            buf: Vec::with_capacity(512),
        })
    }

    /// The transport.
    pub fn tower(&self) -> &T {
        &self.tower
    }

    /// One step at `now` (any clock, as a duration since a fixed moment): send what is
    /// due, take what arrived (waiting at most `wait` — zero in a GUI's frame), move the
    /// job on.
    pub fn step(&mut self, now: Duration, wait: Duration) -> Poll {
        while let Some(bytes) = self.host.poll_transmit(now) {
            if let Err(e) = self.tower.send(&bytes) {
                return Poll::Done(Err(self.host.tower_failed(e.message)));
            }
        }
        if let Poll::Done(r) = self.host.poll(now) {
            return Poll::Done(r);
        }
        let wait = match self.host.deadline() {
            Some(d) => wait.min(d.saturating_sub(now)),
            None => Duration::ZERO,
        };
        self.buf.clear();
        if let Err(e) = self.tower.recv(&mut self.buf, wait) {
            return Poll::Done(Err(self.host.tower_failed(e.message)));
        }
        self.host.receive(&self.buf);
        Poll::Running(self.host.progress())
    }

    /// Stops the job; the failure says what the brick is left with.
    pub fn cancel(&mut self) -> Failure {
        self.host.cancel()
    }

    /// Runs the job to its end on the wall clock, calling `progress` after each step and
    /// stopping when `cancel` is set.
    pub fn run(
        mut self,
        cancel: &AtomicBool,
        mut progress: impl FnMut(Progress, Duration),
    ) -> Result<Report, Failure> {
        let start = web_time::Instant::now();
        loop {
            if cancel.load(Ordering::Relaxed) {
                return Err(self.host.cancel());
            }
            let now = start.elapsed();
            match self.step(now, CANCEL_POLL) {
                Poll::Done(r) => return r,
                Poll::Running(p) => progress(p, start.elapsed()),
            }
        }
    }
}

/// Where `--port` says the tower is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PortSpec {
    /// A serial device (`/dev/ttyUSB0`, `COM3`, a pty such as `serve --pty`'s).
    Serial(String),
    /// The n-th USB tower found (0-based; `usb` is the first, `usb:2` the second).
    Usb(usize),
    /// The Linux kernel driver's character device (`/dev/usb/legousbtower0`, or
    /// `usb:/dev/usb/legousbtower0`).
    UsbDevice(String),
    /// `tcp:HOST:PORT`: lurobotsim's own link or BrickEmu's IR port (no echo).
    Tcp(String),
}

/// The prefix of the Linux USB tower driver's character devices.
pub const LEGOUSBTOWER_DEV: &str = "/dev/usb/legousbtower";

impl PortSpec {
    /// Reads `--port`.
    pub fn parse(s: &str) -> Result<PortSpec, String> {
        let s = s.trim();
        if s.is_empty() {
            return Err("--port is empty: give a serial port, usb, usb:N or tcp:HOST:PORT".into());
        }
        let lower = s.to_ascii_lowercase();
        if lower == "usb" {
            return Ok(PortSpec::Usb(0));
        }
        if let Some(rest) = lower.strip_prefix("usb:") {
            let orig = &s[4..];
            if rest.starts_with('/') {
                return Ok(PortSpec::UsbDevice(orig.to_string()));
            }
            return match rest.parse::<usize>() {
                Ok(n) if n >= 1 => Ok(PortSpec::Usb(n - 1)),
                _ => Err(format!(
                    "--port {s}: after usb: comes the tower's number (usb:1 is the first) or \
                     the device path"
                )),
            };
        }
        if let Some(rest) = lower.strip_prefix("tcp:") {
            let orig = &s[4..];
            let ok = rest
                .rsplit_once(':')
                .is_some_and(|(h, p)| !h.is_empty() && p.parse::<u16>().is_ok_and(|p| p > 0));
            if !ok {
                return Err(format!(
                    "--port {s}: write tcp:HOST:PORT, e.g. tcp:localhost:4266 (lurobotsim's \
                     own link) or tcp:localhost:50637 (BrickEmu)"
                ));
            }
            return Ok(PortSpec::Tcp(orig.to_string()));
        }
        if s.starts_with(LEGOUSBTOWER_DEV) {
            return Ok(PortSpec::UsbDevice(s.to_string()));
        }
        let path = s.strip_prefix("serial:").unwrap_or(s);
        Ok(PortSpec::Serial(path.to_string()))
    }
}

impl std::fmt::Display for PortSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PortSpec::Serial(p) | PortSpec::UsbDevice(p) => f.write_str(p),
            PortSpec::Usb(0) => f.write_str("usb"),
            PortSpec::Usb(n) => write!(f, "usb:{}", n + 1),
            PortSpec::Tcp(a) => write!(f, "tcp:{a}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn port_specs_read_as_the_contract_says() {
        let p = |s| PortSpec::parse(s).unwrap();
        assert_eq!(p("/dev/ttyUSB0"), PortSpec::Serial("/dev/ttyUSB0".into()));
        assert_eq!(p("COM3"), PortSpec::Serial("COM3".into()));
        assert_eq!(p("serial:/tmp/rcx"), PortSpec::Serial("/tmp/rcx".into()));
        assert_eq!(p("usb"), PortSpec::Usb(0));
        assert_eq!(p("USB:2"), PortSpec::Usb(1));
        assert_eq!(
            p("usb:/dev/usb/legousbtower1"),
            PortSpec::UsbDevice("/dev/usb/legousbtower1".into())
        );
        assert_eq!(
            p("/dev/usb/legousbtower0"),
            PortSpec::UsbDevice("/dev/usb/legousbtower0".into())
        );
        assert_eq!(
            p("tcp:localhost:4266"),
            PortSpec::Tcp("localhost:4266".into())
        );
        assert_eq!(p("tcp:[::1]:4266"), PortSpec::Tcp("[::1]:4266".into()));
        for bad in ["", "usb:0", "usb:x", "tcp:host", "tcp::4266", "tcp:h:0"] {
            assert!(PortSpec::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(p("usb:2").to_string(), "usb:2");
    }
}

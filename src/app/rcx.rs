//! The "Real RCX" window (issue 39), a small model: the tower chosen (what the host found,
//! or a typed `tcp:HOST:PORT`), the brick's battery and firmware, a firmware file the
//! teacher picks downloaded, the program shown (opened, or downloaded from the editor)
//! downloaded to a slot 1–5, run and stopped, the datalog uploaded and shown beside the
//! simulated brick's. Each is one `rcx::host::Job` run as a host job
//! (`host::brick::BrickJob`: on its own thread on the desktop, in the frames' slices in
//! a tab), its progress taken in each frame, Cancel between two commands; nothing here
//! waits for a device. What went wrong is said in the app's language with what to do.
//!
//! [`RcxWindow::update`] takes an [`RcxMsg`] and returns the app's [`Command`]s;
//! `ui::rcx` draws it.

use super::command::{Command, Cx, Level};
use crate::brick::{PortSpec, Trouble};
use crate::host::brick::{self as hb, BrickError, BrickJob, BrickNews, Towers};
use crate::host::{FileBytes, JobHandle};
use crate::i18n::Lang;
use crate::rcx::host::{self as rh, FirmwareImage, Job, Left, Problem, Refusal, Report};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Receiver;
use std::sync::Arc;
use web_time::Instant;

/// What the Real RCX window is asked.
#[derive(Clone, Debug, PartialEq)]
pub enum RcxMsg {
    /// Show or hide the window (shown: the towers are looked for, once).
    Show(bool),
    /// Look for towers again.
    Scan,
    /// Open the browser's own tower picker of this kind — Web Serial for the serial
    /// tower, WebUSB for the USB tower (a tab; from the click, whose user gesture the
    /// browser asks for).
    PickTower(hb::PickKind),
    /// The tower chosen from the list or typed (`usb`, `/dev/ttyUSB0`, `tcp:HOST:PORT`).
    Port(String),
    /// The program slot (1–5) Download, Run and Stop use.
    Slot(u8),
    /// The firmware file's path typed or chosen (the desktop).
    FirmwarePath(String),
    /// The firmware file picked in a tab: its bytes.
    FirmwareGiven(FileBytes),
    /// Ask the brick its firmware and battery.
    Ping,
    /// Download the firmware file.
    Firmware,
    /// Download the program shown into the slot.
    Download,
    /// Download the editor's document (open, and not yet run in the simulator), compiled
    /// as its Download compiles it, or why it cannot be.
    DownloadEdited(Box<Result<crate::rcx::Program, String>>),
    /// Start the slot's program.
    Run,
    /// Stop every task.
    Stop,
    /// Upload the datalog.
    Datalog,
    /// Stop the job between two commands.
    Cancel,
    /// Each frame: the job's news.
    Poll,
}

/// What a job does, for the window's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Ping,
    Firmware,
    Download,
    Run,
    Stop,
    Datalog,
}

/// A job under way.
pub struct Busy {
    pub op: Op,
    /// A download of the editor's document.
    pub edited: bool,
    /// The tower, once open ("serial tower on /dev/ttyUSB0").
    pub tower: Option<String>,
    job: JobHandle<BrickJob>,
    stop: Arc<AtomicBool>,
    started: Instant,
}

impl Busy {
    /// How far (bytes of program or firmware, datalog entries); (0, 0) when not counted.
    pub fn progress(&self) -> (usize, usize) {
        let p = self.job.progress();
        (p.done, p.total)
    }

    /// Seconds since it started.
    pub fn elapsed_s(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    /// Seconds left, from the pace so far (a counted job, part done).
    pub fn time_left_s(&self) -> Option<f64> {
        let (done, total) = self.progress();
        (done > 0 && total > done).then(|| self.elapsed_s() * (total - done) as f64 / done as f64)
    }

    /// Cancel was pressed.
    pub fn cancelling(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// What the brick said of itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BrickSeen {
    /// Firmware version as written ("0328"); `None`: the ROM alone answers.
    pub firmware: Option<u32>,
    pub battery_mv: Option<u16>,
}

/// The Real RCX window.
pub struct RcxWindow {
    pub open: bool,
    /// What the last look for towers found (`None`: not looked yet).
    pub towers: Option<Towers>,
    /// The tower the jobs use, as `--port` takes it.
    pub port: String,
    /// The program slot, 1–5.
    pub slot: u8,
    /// The firmware file's path (the desktop).
    pub firmware_path: String,
    /// A tab's picked firmware file.
    pub firmware_given: Option<FileBytes>,
    pub busy: Option<Busy>,
    /// What the brick said of itself last.
    pub brick: Option<BrickSeen>,
    /// The last job's outcome, in the app's language.
    pub said: Option<(Level, String)>,
    /// How far the last job got (done, of total), as its progress bar last showed.
    pub last_progress: (usize, usize),
    /// The datalog uploaded last (entry 1 on).
    pub datalog: Option<Vec<(u8, i16)>>,
    /// The simulated brick's datalog, as the runner answered when the real one came.
    pub sim_datalog: Option<Vec<(u8, i16)>>,
    sim_rx: Option<Receiver<Vec<(u8, i16)>>>,
    /// The browser's tower picker is open (a tab).
    pub picking: bool,
    /// How many jobs have ended (a browser test waits for the next).
    pub finished: u32,
}

impl Default for RcxWindow {
    fn default() -> Self {
        RcxWindow {
            open: false,
            towers: None,
            port: String::new(),
            slot: 1,
            firmware_path: String::new(),
            firmware_given: None,
            busy: None,
            brick: None,
            said: None,
            last_progress: (0, 0),
            datalog: None,
            sim_datalog: None,
            sim_rx: None,
            picking: false,
            finished: 0,
        }
    }
}

/// The largest firmware file read (LEGO's are about 50 KB).
const MAX_FIRMWARE_FILE: u64 = rh::firmware::MAX_FILE_BYTES as u64;

impl RcxWindow {
    /// Carries out `msg`; what the app must do comes back.
    pub fn update(&mut self, msg: RcxMsg, cx: &Cx) -> Vec<Command> {
        let lang = cx.lang;
        match msg {
            RcxMsg::Show(open) => {
                self.open = open;
                if open && self.towers.is_none() {
                    self.scan(cx);
                }
            }
            RcxMsg::Scan => self.scan(cx),
            RcxMsg::PickTower(kind) => self.pick_tower(kind, cx),
            RcxMsg::Port(p) => self.port = p,
            RcxMsg::Slot(s) => self.slot = s.clamp(1, 5),
            RcxMsg::FirmwarePath(p) => {
                self.firmware_path = p;
                self.firmware_given = None;
            }
            RcxMsg::FirmwareGiven(f) => {
                self.firmware_path = f.name.clone();
                self.firmware_given = Some(f);
            }
            RcxMsg::Ping => self.start(Op::Ping, Job::Status, cx),
            RcxMsg::Firmware => {
                if let Some(job) = self.firmware_job(cx) {
                    self.start(Op::Firmware, job, cx);
                }
            }
            RcxMsg::Download => match cx.program {
                Some(p) => self.download(p.program.clone(), false, cx),
                None => self.say(Level::Warning, crate::tr!(lang, "rcx-no-program")),
            },
            RcxMsg::DownloadEdited(edited) => match *edited {
                Ok(program) => self.download(program, true, cx),
                Err(why) => self.say(
                    Level::Error,
                    crate::tr!(lang, "rcx-editor-refused", why = why),
                ),
            },
            RcxMsg::Run => self.start(
                Op::Run,
                Job::Run {
                    slot: Some(self.slot),
                },
                cx,
            ),
            RcxMsg::Stop => self.start(Op::Stop, Job::Stop { slot: None }, cx),
            RcxMsg::Datalog => self.start(Op::Datalog, Job::Datalog, cx),
            RcxMsg::Cancel => {
                if let Some(b) = &self.busy {
                    b.stop.store(true, Ordering::Relaxed);
                }
            }
            RcxMsg::Poll => {
                self.poll_picker(cx);
                return self.poll(lang);
            }
        }
        Vec::new()
    }

    /// A job is under way (the window keeps drawing).
    pub fn working(&self) -> bool {
        self.busy.is_some() || self.sim_rx.is_some() || self.picking
    }

    /// Downloads `program` (the editor's document when `edited`) into the slot.
    fn download(&mut self, program: crate::rcx::Program, edited: bool, cx: &Cx) {
        let job = Job::Download {
            program,
            slot: Some(self.slot),
            run: false,
        };
        self.start(Op::Download, job, cx);
        if let Some(b) = &mut self.busy {
            b.edited = edited;
        }
    }

    /// Opens the browser's picker of `kind`, or says why it cannot.
    fn pick_tower(&mut self, kind: hb::PickKind, cx: &Cx) {
        let lang = cx.lang;
        if self.busy.is_some() || self.picking {
            return;
        }
        let towers = self.towers.as_ref();
        if let Some(b) = towers.and_then(|t| t.browser) {
            return self.say(Level::Warning, browser_text(lang, b));
        }
        if towers.and_then(|t| t.pickers).is_some_and(|p| !p.has(kind)) {
            return self.say(
                Level::Warning,
                pick_error_text(lang, &hb::PickError::NoApi(kind)),
            );
        }
        self.picking = cx.host.pick_tower(kind);
        if !self.picking {
            self.say(Level::Warning, crate::tr!(lang, "rcx-no-picker"));
        }
    }

    /// The browser's picker closed: the tower chosen is the one the jobs use.
    fn poll_picker(&mut self, cx: &Cx) {
        let lang = cx.lang;
        if !self.picking {
            return;
        }
        let Some(picked) = cx.host.picked_tower() else {
            return;
        };
        self.picking = false;
        match picked {
            Ok(port) => {
                self.port = port;
                self.scan(cx);
                self.said = None;
            }
            Err(why) => {
                let level = match why {
                    hb::PickError::Cancelled => Level::Info,
                    _ => Level::Warning,
                };
                self.say(level, pick_error_text(lang, &why))
            }
        }
    }

    /// Looks for towers; the first certain tower (else the only port) is chosen when none
    /// is yet.
    fn scan(&mut self, cx: &Cx) {
        let towers = cx.host.towers();
        if self.port.trim().is_empty() {
            let certain: Vec<_> = towers.ports.iter().filter(|p| p.tower).collect();
            let pick = match (certain.first(), towers.ports.len()) {
                (Some(t), _) => Some(t.port.clone()),
                (None, 1) => Some(towers.ports[0].port.clone()),
                _ => None,
            };
            if let Some(p) = pick {
                self.port = p;
            }
        }
        self.towers = Some(towers);
    }

    fn say(&mut self, level: Level, text: String) {
        self.said = Some((level, text));
    }

    /// The firmware file read and checked, or why not (said; nothing is sent).
    fn firmware_job(&mut self, cx: &Cx) -> Option<Job> {
        let lang = cx.lang;
        let path = self.firmware_path.trim().to_string();
        let bytes = match &self.firmware_given {
            Some(f) => Ok(f.bytes.clone()),
            None if path.is_empty() => {
                self.say(Level::Warning, crate::tr!(lang, "rcx-choose-firmware"));
                return None;
            }
            None => cx
                .host
                .read(std::path::Path::new(&path), MAX_FIRMWARE_FILE)
                .map_err(|e| e.to_string()),
        };
        let image = bytes.and_then(|b| FirmwareImage::parse(&b).map_err(|e| e.to_string()));
        match image {
            Ok(img) => Some(Job::Firmware(img)),
            Err(e) => {
                let text = crate::tr!(lang, "rcx-not-firmware", file = path, why = e);
                self.say(Level::Error, text);
                None
            }
        }
    }

    /// Starts `job` on the chosen tower, unless one runs or it cannot work.
    fn start(&mut self, op: Op, job: Job, cx: &Cx) {
        let lang = cx.lang;
        if self.busy.is_some() {
            return;
        }
        if let Some(b) = self.towers.as_ref().and_then(|t| t.browser) {
            return self.say(Level::Warning, browser_text(lang, b));
        }
        let port = self.port.trim().to_string();
        let spec = match self.port_spec(lang, &port) {
            Ok(s) => s,
            Err(text) => return self.say(Level::Warning, text),
        };
        // Refused before the tower is touched (too big, empty, no such slot).
        if let Err(r) = rh::Host::new(job.clone(), rh::Line::TCP) {
            return self.say(Level::Error, refusal_text(lang, &r));
        }
        let stop = Arc::new(AtomicBool::new(false));
        let brick = BrickJob::new(hb::opener(spec), job, stop.clone());
        match cx.host.spawn(brick, "lurobotsim-brick") {
            Ok(handle) => {
                self.said = None;
                if op == Op::Datalog {
                    self.datalog = None;
                }
                self.busy = Some(Busy {
                    op,
                    edited: false,
                    tower: None,
                    job: handle,
                    stop,
                    started: Instant::now(),
                });
            }
            Err(e) => self.say(Level::Error, e),
        }
    }

    /// The chosen port read, or what to do.
    fn port_spec(&self, lang: Lang, port: &str) -> Result<PortSpec, String> {
        if port.is_empty() {
            if self.towers.as_ref().is_some_and(|t| t.pickers.is_some()) {
                return Err(crate::tr!(lang, "rcx-pick-tower-first"));
            }
            let none_found = self.towers.as_ref().is_none_or(|t| t.ports.is_empty());
            return Err(match none_found {
                true => crate::tr!(lang, "rcx-no-tower-found"),
                false => crate::tr!(lang, "rcx-choose-tower"),
            });
        }
        PortSpec::parse(port).map_err(|e| crate::tr!(lang, "rcx-bad-port", why = e))
    }

    /// Takes in the job's news; its end, said.
    fn poll(&mut self, lang: Lang) -> Vec<Command> {
        let mut cmds = Vec::new();
        if let Some(rx) = &self.sim_rx {
            if let Ok(d) = rx.try_recv() {
                self.sim_datalog = Some(d);
                self.sim_rx = None;
            }
        }
        let Some(busy) = self.busy.as_mut() else {
            return cmds;
        };
        let polled = busy.job.poll();
        for n in polled.news {
            let BrickNews::Opened(t) = n;
            busy.tower = Some(t);
        }
        let Some(end) = polled.done else {
            return cmds;
        };
        let op = busy.op;
        let edited = busy.edited;
        let took = busy.elapsed_s();
        self.last_progress = busy.progress();
        self.busy = None;
        self.finished += 1;
        match end {
            Ok(Ok(report)) => {
                let mut text = self.done(lang, op, &report, took);
                if edited && op == Op::Download {
                    text = format!("{text} {}", crate::tr!(lang, "rcx-download-was-editors"));
                }
                if op == Op::Datalog {
                    cmds.push(self.ask_sim_datalog());
                }
                cmds.push(Command::Note(Level::Info, text.clone()));
                self.say(Level::Info, text);
            }
            Ok(Err(e)) => {
                let (level, text) = error_text(lang, op, &e);
                cmds.push(Command::Note(level, text.clone()));
                self.say(level, text);
            }
            Err(e) => self.say(Level::Error, e.to_string()),
        }
        cmds
    }

    /// Asks the runner for the simulated brick's datalog, to plot beside the real one.
    fn ask_sim_datalog(&mut self) -> Command {
        let (tx, rx) = std::sync::mpsc::channel();
        self.sim_rx = Some(rx);
        Command::Runner(crate::runner::Command::Inspect(Box::new(move |sim| {
            let d = sim.robot(0).map(|r| r.vm().datalog()).unwrap_or_default();
            // The header entry (0xff, count) left out, as the real brick's upload.
            let _ = tx.send(d.into_iter().skip(1).collect());
        })))
    }

    /// What a finished job learned, kept and said.
    fn done(&mut self, lang: Lang, op: Op, r: &Report, took: f64) -> String {
        if let Some(v) = r.versions {
            self.brick = Some(BrickSeen {
                firmware: v.has_firmware().then_some(v.firmware),
                battery_mv: r.battery_mv.or(self.brick.and_then(|b| b.battery_mv)),
            });
        }
        let secs = crate::i18n::num_in(lang, took, 1);
        match op {
            Op::Ping => match r.versions {
                Some(v) if !v.has_firmware() => crate::tr!(lang, "rcx-answers-no-firmware"),
                _ => crate::tr!(lang, "rcx-answers"),
            },
            Op::Firmware => crate::tr!(lang, "rcx-firmware-done", bytes = r.bytes, secs = secs),
            Op::Download => crate::tr!(
                lang,
                "rcx-download-done",
                bytes = r.bytes,
                slot = r.slot.unwrap_or(self.slot),
                secs = secs
            ),
            Op::Run => crate::tr!(lang, "rcx-started", slot = r.slot.unwrap_or(self.slot)),
            Op::Stop => crate::tr!(lang, "rcx-stopped"),
            Op::Datalog => {
                let d = r.datalog.clone().unwrap_or_default();
                let n = d.len();
                self.datalog = Some(d);
                crate::tr!(lang, "rcx-datalog-done", count = n)
            }
        }
    }
}

/// The datalog as CSV (`entry,source,number,value`), as `brick datalog` writes it.
pub fn datalog_csv(entries: &[(u8, i16)]) -> String {
    rh::datalog::to_csv(entries)
}

/// A version as the brick's firmware files name it (0x0003_0208 → "0328").
pub fn firmware_name(v: u32) -> String {
    rh::Versions {
        rom: 0,
        firmware: v,
    }
    .firmware_name()
}

fn refusal_text(lang: Lang, r: &Refusal) -> String {
    match r {
        Refusal::EmptyProgram => crate::tr!(lang, "rcx-empty-program"),
        Refusal::TooBig { bytes, max } => {
            crate::tr!(lang, "rcx-too-big", bytes = *bytes, max = *max)
        }
        Refusal::BadSlot(s) => crate::tr!(lang, "rcx-bad-slot", slot = *s),
        Refusal::EmptyFirmware => crate::tr!(lang, "rcx-empty-firmware"),
    }
}

/// A failed job said with what to do, and what the brick is left with.
fn error_text(lang: Lang, op: Op, e: &BrickError) -> (Level, String) {
    let f = match e {
        BrickError::Open(t) => return (Level::Error, tower_text(lang, &t.trouble, &t.message)),
        BrickError::Refused(r) => return (Level::Error, refusal_text(lang, r)),
        BrickError::Failed(f) => f,
    };
    let problem = match &f.problem {
        Problem::NoTower => crate::tr!(lang, "rcx-tower-silent"),
        Problem::NoBrick { .. } => crate::tr!(lang, "rcx-no-brick"),
        Problem::NoFirmware => crate::tr!(lang, "rcx-no-firmware"),
        Problem::NoMemory { bytes, .. } => crate::tr!(lang, "rcx-no-memory", bytes = *bytes),
        Problem::Refused { status, .. } => crate::tr!(lang, "rcx-refused", status = *status),
        Problem::FirmwareChecksum => crate::tr!(lang, "rcx-firmware-checksum"),
        Problem::FirmwareNotStarted => crate::tr!(lang, "rcx-firmware-not-started"),
        Problem::Cancelled => crate::tr!(lang, "rcx-cancelled"),
        Problem::Tower(m) => crate::tr!(lang, "rcx-tower-failed", why = m.clone()),
    };
    let left = match f.left {
        Some(Left::PartialProgram { slot }) => Some(crate::tr!(
            lang,
            "rcx-left-partial",
            slot = slot.map_or("?".to_string(), |s| s.to_string())
        )),
        Some(Left::NoFirmware) => Some(crate::tr!(lang, "rcx-left-no-firmware")),
        None if f.problem == Problem::Cancelled && op != Op::Ping => {
            Some(crate::tr!(lang, "rcx-left-as-it-was"))
        }
        None => None,
    };
    let level = match f.problem {
        Problem::Cancelled => Level::Warning,
        _ => Level::Error,
    };
    match left {
        Some(l) => (level, format!("{problem} {l}")),
        None => (level, problem),
    }
}

/// Why a browser tab reaches no tower, said with what to do.
pub fn browser_text(lang: Lang, b: hb::Browser) -> String {
    match b {
        hb::Browser::NotSecure => crate::tr!(lang, "rcx-not-secure"),
        hb::Browser::NoDeviceApis => crate::tr!(lang, "rcx-no-web-serial"),
        hb::Browser::NotBuilt => crate::tr!(lang, "rcx-tab-no-devices"),
    }
}

/// Why the browser's picker gave no tower, said with what to do.
pub fn pick_error_text(lang: Lang, e: &hb::PickError) -> String {
    use hb::{Os, PickError as E, PickKind as K};
    match e {
        E::Cancelled => crate::tr!(lang, "rcx-picker-cancelled"),
        E::NoApi(K::Serial) => crate::tr!(lang, "rcx-no-webserial"),
        E::NoApi(K::Usb) => crate::tr!(lang, "rcx-no-webusb"),
        E::NotSecure => crate::tr!(lang, "rcx-not-secure"),
        E::Claimed { os: Os::Linux } => crate::tr!(
            lang,
            "rcx-usb-claimed-linux",
            rule = format!(
                "echo '{}' | sudo tee /etc/udev/rules.d/60-lego-ir-tower.rules",
                crate::brick::USB_UDEV_RULE
            )
        ),
        E::Claimed { os: Os::Windows } => crate::tr!(lang, "rcx-usb-claimed-windows"),
        E::Claimed { .. } => crate::tr!(lang, "rcx-usb-claimed-other"),
        E::Other(why) => crate::tr!(lang, "rcx-no-tower-picked", why = why.clone()),
    }
}

/// What the system said while looking for towers, in the app's language.
pub fn note_text(lang: Lang, n: &hb::Note) -> String {
    match n {
        hb::Note::UsbList(why) => crate::tr!(lang, "rcx-usb-list-failed", why = why.clone()),
    }
}

/// A tower that could not be opened, said with what fixes it.
pub fn tower_text(lang: Lang, t: &Trouble, message: &str) -> String {
    match t {
        Trouble::UsbPermission { rule } => {
            crate::tr!(lang, "rcx-usb-permission", rule = rule.clone())
        }
        Trouble::SerialPermission { port } => {
            crate::tr!(lang, "rcx-serial-permission", port = port.clone())
        }
        Trouble::NoWinUsb => crate::tr!(lang, "rcx-no-winusb"),
        Trouble::Busy { port } => crate::tr!(lang, "rcx-port-busy", port = port.clone()),
        Trouble::NotThere { port } => crate::tr!(lang, "rcx-port-not-there", port = port.clone()),
        Trouble::Other => crate::tr!(lang, "rcx-tower-failed", why = message.to_string()),
    }
}

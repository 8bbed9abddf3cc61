//! `lurobotsim brick list|ping|firmware|download|run|stop|datalog` (cli.md): a real RCX
//! through the serial tower, the USB tower or TCP. The protocol is `rcx::host`, the towers
//! `crate::brick`; this file reads the arguments and files (refusing what cannot work,
//! exit 2, before anything is sent), opens the tower, runs the job with progress on
//! stderr, and says what happened. Exit 0 success, 1 the brick or tower failed (one line
//! saying what to do), 2 a bad file or argument. Ctrl-C stops a job between two commands
//! and says what the brick is left with.

use super::{check_outputs, print_out, say, CliError, CliResult};
use crate::brick::{open, Connection, PortSpec};
use crate::rcx::host::{datalog, FirmwareImage, Job, Progress, Report};
use clap::{Args, Subcommand};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

#[derive(Args, Debug, Clone, Default)]
pub struct PortArg {
    /// The tower: a serial port (/dev/ttyUSB0, COM3, or a pty such as `serve --pty`'s),
    /// `usb` (the first USB tower; usb:N the Nth), /dev/usb/legousbtower0 (Linux's
    /// driver), or tcp:HOST:PORT (lurobotsim's own link or BrickEmu; no echo). Without it:
    /// the only tower found.
    #[arg(long, value_name = "PORT")]
    pub port: Option<String>,
}

#[derive(Subcommand, Debug)]
pub enum BrickCommand {
    /// List the serial ports and USB towers found (what --port takes).
    List,
    /// Is the brick there? Its firmware version (or that it has none) and battery.
    Ping(PortArg),
    /// Download firmware: an S-record file such as LEGO's firm0328.lgo or firm0332.lgo
    /// (schools have them with ROBOLAB; lurobotsim ships none). About 2–4 minutes at 2400
    /// baud; Ctrl-C leaves a brick without firmware that takes it again.
    Firmware {
        #[arg(value_name = "FILE.lgo")]
        file: PathBuf,
        /// Quad-speed download where the tower allows it (NQC's -firmfast). Not yet: it
        /// needs a helper program run on the brick that lurobotsim does not ship; the
        /// download goes at 2400 baud and says so.
        #[arg(long)]
        fast: bool,
        #[command(flatten)]
        port: PortArg,
    },
    /// Download a program (.rcx, .lasm, or .nqc compiled with the installed nqc) into a
    /// program slot; the brick plays its download sound.
    Download {
        #[arg(value_name = "PROGRAM")]
        program: PathBuf,
        /// The program slot, 1-5 [default: the slot the brick shows].
        #[arg(long, value_name = "1-5", value_parser = clap::value_parser!(u8).range(1..=5))]
        slot: Option<u8>,
        /// Start the program (task 0) once it is downloaded.
        #[arg(long)]
        run: bool,
        #[command(flatten)]
        port: PortArg,
    },
    /// Start the program (task 0) in a slot [default: the selected one].
    Run {
        #[arg(long, value_name = "1-5", value_parser = clap::value_parser!(u8).range(1..=5))]
        slot: Option<u8>,
        #[command(flatten)]
        port: PortArg,
    },
    /// Stop every task (then select --slot, if given).
    Stop {
        #[arg(long, value_name = "1-5", value_parser = clap::value_parser!(u8).range(1..=5))]
        slot: Option<u8>,
        #[command(flatten)]
        port: PortArg,
    },
    /// Upload the datalog as CSV (entry,source,number,value) to FILE or standard output.
    Datalog {
        #[arg(long, value_name = "FILE")]
        csv: Option<PathBuf>,
        #[command(flatten)]
        port: PortArg,
    },
}

/// A bad file or argument: exit 2, nothing sent.
fn bad(msg: impl Into<String>) -> CliError {
    CliError::Code(2, msg.into())
}

/// The brick or the tower failed: exit 1.
fn failed(msg: impl std::fmt::Display) -> CliError {
    CliError::Code(1, msg.to_string())
}

pub fn run(command: BrickCommand) -> CliResult {
    // Everything that can be refused is refused here, before a port is opened.
    let (job, port, out, what) = match command {
        BrickCommand::List => return list(),
        BrickCommand::Ping(p) => (Job::Status, p, None, "ping"),
        BrickCommand::Firmware { file, fast, port } => {
            let bytes = read_file(&file)?;
            let img = FirmwareImage::parse(&bytes)
                .map_err(|e| bad(format!("{}: not a firmware image: {e}", file.display())))?;
            if fast {
                say!(
                    "lurobotsim: --fast needs a helper program run on the brick, which \
                     lurobotsim does not ship yet: downloading at 2400 baud"
                );
            }
            (Job::Firmware(img), port, None, "firmware")
        }
        BrickCommand::Download {
            program,
            slot,
            run,
            port,
        } => {
            let p = crate::nqc::load(&program).map_err(|e| bad(e.to_string()))?;
            (
                Job::Download {
                    program: p,
                    slot,
                    run,
                },
                port,
                None,
                "download",
            )
        }
        BrickCommand::Run { slot, port } => (Job::Run { slot }, port, None, "run"),
        BrickCommand::Stop { slot, port } => (Job::Stop { slot }, port, None, "stop"),
        BrickCommand::Datalog { csv, port } => {
            if let Some(f) = &csv {
                check_outputs(&[("--csv", f)], &[]).map_err(|e| bad(e.to_string()))?;
            }
            (Job::Datalog, port, csv, "datalog")
        }
    };
    let spec = match &port.port {
        Some(p) => PortSpec::parse(p).map_err(bad)?,
        None => open::default_port().map_err(failed)?,
    };
    // Refuse a job that cannot work before the tower is touched.
    crate::rcx::host::Host::new(job.clone(), crate::rcx::host::Line::TCP)
        .map_err(|e| bad(e.to_string()))?;
    let tower = open::open(&spec).map_err(failed)?;
    let conn = Connection::new(job, tower).map_err(|e| bad(e.to_string()))?;
    let cancel = ctrl_c_flag();
    let mut shown = Shown::new(what);
    let result = conn.run(&cancel, |p, t| shown.progress(p, t));
    shown.finish();
    let report = result.map_err(|f| {
        failed(if f.problem == crate::rcx::host::Problem::Cancelled {
            match f.left {
                Some(l) => format!("cancelled: {l}"),
                None => "cancelled; the brick is as it was".to_string(),
            }
        } else {
            format!("{} ({spec}): {f}", what)
        })
    })?;
    say_done(what, &report, out.as_deref(), shown.elapsed)
}

fn read_file(path: &Path) -> Result<Vec<u8>, CliError> {
    let meta = std::fs::metadata(path).map_err(|e| bad(format!("{}: {e}", path.display())))?;
    if meta.len() > crate::rcx::host::firmware::MAX_FILE_BYTES as u64 {
        return Err(bad(format!(
            "{}: {} bytes is far larger than any firmware file (LEGO's are about 50 KB)",
            path.display(),
            meta.len()
        )));
    }
    std::fs::read(path).map_err(|e| bad(format!("{}: {e}", path.display())))
}

fn list() -> CliResult {
    let (found, notes) = open::list();
    let mut text = String::new();
    for f in &found {
        text.push_str(&format!("{}\t{}\n", f.port, f.what));
    }
    for n in notes {
        say!("lurobotsim: {n}");
    }
    if found.is_empty() {
        say!(
            "lurobotsim: no tower found (a TCP link, e.g. `lurobotsim serve`, is used with \
             --port tcp:HOST:PORT)"
        );
    }
    print_out(&text)
}

fn say_done(what: &str, r: &Report, csv: Option<&Path>, took: Duration) -> CliResult {
    let secs = took.as_secs_f64();
    match what {
        "ping" => {
            let v = r.versions;
            let line = match v {
                Some(v) if v.has_firmware() => format!(
                    "the brick answers: firmware {}, ROM {:08x}{}",
                    v.firmware_name(),
                    v.rom,
                    r.battery_mv
                        .map(|mv| format!(", battery {:.2} V", mv as f64 / 1000.0))
                        .unwrap_or_default()
                ),
                Some(v) => format!(
                    "the brick answers but has no firmware (ROM {:08x} only): download it with \
                     `lurobotsim brick firmware FILE.lgo`{}",
                    v.rom,
                    r.battery_mv
                        .map(|mv| format!("; battery {:.2} V", mv as f64 / 1000.0))
                        .unwrap_or_default()
                ),
                None => "the brick answers".to_string(),
            };
            print_out(&format!("{line}\n"))
        }
        "firmware" => print_out(&format!(
            "firmware downloaded ({} bytes in {secs:.1} s); the brick runs firmware {}\n",
            r.bytes,
            r.versions.map(|v| v.firmware_name()).unwrap_or_default()
        )),
        "download" => print_out(&format!(
            "downloaded {} bytes to program slot {} in {secs:.1} s{}\n",
            r.bytes,
            r.slot.map_or("(selected)".to_string(), |s| s.to_string()),
            if r.started { "; started" } else { "" }
        )),
        "run" => print_out("started\n"),
        "stop" => print_out("stopped\n"),
        _ => {
            let entries = r.datalog.clone().unwrap_or_default();
            let text = datalog::to_csv(&entries);
            match csv {
                Some(f) => {
                    std::fs::write(f, text).map_err(|e| failed(format!("{}: {e}", f.display())))?;
                    say!(
                        "lurobotsim: {} datalog entries written to {}",
                        entries.len(),
                        f.display()
                    );
                    Ok(())
                }
                None => print_out(&text),
            }
        }
    }
}

/// Progress on stderr for anything longer than a second: a line redrawn on a terminal,
/// else a line per tenth.
struct Shown {
    what: &'static str,
    tty: bool,
    drawn: bool,
    last_tenth: usize,
    last_draw: Duration,
    elapsed: Duration,
}

impl Shown {
    fn new(what: &'static str) -> Shown {
        Shown {
            what,
            tty: std::io::stderr().is_terminal(),
            drawn: false,
            last_tenth: 0,
            last_draw: Duration::ZERO,
            elapsed: Duration::ZERO,
        }
    }

    fn progress(&mut self, p: Progress, t: Duration) {
        self.elapsed = t;
        if t < Duration::from_secs(1) {
            return;
        }
        let line = if p.total == 0 {
            if self.drawn {
                return;
            }
            format!("{}: waiting for the brick…", self.what)
        } else {
            let pct = p.done * 100 / p.total.max(1);
            let left = if p.done > 0 {
                let secs = t.as_secs_f64() * (p.total - p.done) as f64 / p.done as f64;
                format!("{}:{:02} left", secs as u64 / 60, secs as u64 % 60)
            } else {
                "time left unknown".to_string()
            };
            let unit = if self.what == "datalog" {
                " entries"
            } else {
                " bytes"
            };
            format!(
                "{}: {pct:3}% ({} of {}{unit}), {left}",
                self.what, p.done, p.total
            )
        };
        if self.tty {
            if t.saturating_sub(self.last_draw) < Duration::from_millis(100) && self.drawn {
                return;
            }
            use std::io::Write as _;
            let _ = write!(std::io::stderr(), "\r{line}\x1b[K");
            self.last_draw = t;
        } else {
            let tenth = if p.total == 0 {
                0
            } else {
                p.done * 10 / p.total.max(1)
            };
            if self.drawn && tenth == self.last_tenth {
                return;
            }
            self.last_tenth = tenth;
            say!("{line}");
        }
        self.drawn = true;
    }

    fn finish(&self) {
        if self.tty && self.drawn {
            say!("");
        }
    }
}

/// A flag Ctrl-C (SIGINT; on Windows also Ctrl-Break) sets instead of ending the process,
/// so a job stops between two commands and says what the brick is left with.
fn ctrl_c_flag() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let f = flag.clone();
    let (ready, installed) = std::sync::mpsc::channel();
    let _ = std::thread::Builder::new()
        .name("ctrl-c".into())
        .spawn(move || {
            let Ok(rt) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                let _ = ready.send(());
                return;
            };
            rt.block_on(async {
                let signal = tokio::signal::ctrl_c();
                tokio::pin!(signal);
                // Polled once, the handler is installed: say so, then wait for it.
                tokio::select! {
                    biased;
                    r = &mut signal => {
                        let _ = ready.send(());
                        if r.is_ok() {
                            f.store(true, Ordering::Relaxed);
                        }
                        return;
                    }
                    _ = std::future::ready(()) => {}
                }
                let _ = ready.send(());
                if signal.await.is_ok() {
                    f.store(true, Ordering::Relaxed);
                }
            });
        });
    let _ = installed.recv_timeout(Duration::from_secs(2));
    flag
}

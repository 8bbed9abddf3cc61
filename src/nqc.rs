//! Program files as users have them: `.rcx` images and `.lasm` text load directly
//! ([`crate::rcx::load_program_file`]); `.nqc` sources are compiled with the installed NQC
//! (`nqc -TRCX2`) first. The one place NQC is run, for the app, `run` and `grade`. A
//! frontend helper: it starts a process and waits on the wall clock, so the core never
//! calls it.

use crate::rcx::program::Program;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use web_time::Instant;

/// Longest NQC may take for one source before it is stopped (a hostile `#include` of a
/// device must not hang a batch).
pub const NQC_TIMEOUT: Duration = Duration::from_secs(30);

/// Why a program file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ProgramFileError {
    #[error("{0}")]
    Load(#[from] crate::rcx::LoadError),
    #[error("{} is an NQC program: it must be compiled with NQC first (nqc -TRCX2 -Oprogram.rcx program.nqc), then open the .rcx file. NQC is not installed here.", path.display())]
    NqcMissing { path: PathBuf },
    /// The browser build: no program can be started from a tab.
    #[error("{} is an NQC program, and NQC cannot run in a browser tab: compile it with NQC on a computer (nqc -TRCX2 -Oprogram.rcx program.nqc) and open the .rcx file here, or use the desktop app, which runs NQC for you.", path.display())]
    NqcInBrowser { path: PathBuf },
    /// NQC's own words (its first 2,000 characters) and the line it named, if any.
    #[error("NQC could not compile {}: {said}", path.display())]
    NqcFailed {
        path: PathBuf,
        said: String,
        line: Option<usize>,
    },
}

impl ProgramFileError {
    /// The line of the source the error is about, when known.
    pub fn line(&self) -> Option<usize> {
        match self {
            ProgramFileError::Load(crate::rcx::LoadError::Syntax { line, .. }) => Some(*line),
            ProgramFileError::NqcFailed { line, .. } => *line,
            _ => None,
        }
    }
}

/// Whether `path` names an NQC source (by its extension, any case).
pub fn is_nqc(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.to_string_lossy().eq_ignore_ascii_case("nqc"))
}

/// Loads a `.rcx`, `.lasm` or `.nqc` program file.
pub fn load(path: &Path) -> Result<Program, ProgramFileError> {
    if is_nqc(path) {
        compile(path)
    } else {
        Ok(crate::rcx::load_program_file(path)?)
    }
}

/// Compiles an NQC source with the installed `nqc` (`nqc -TRCX2 -O…`) and loads the image.
pub fn compile(path: &Path) -> Result<Program, ProgramFileError> {
    // Without the desktop (a browser tab) there are no processes, no pids, no temp folder.
    if !cfg!(feature = "desktop") {
        return Err(ProgramFileError::NqcInBrowser {
            path: path.to_path_buf(),
        });
    }
    static NEXT: AtomicU64 = AtomicU64::new(0);
    // A name of its own per compilation: several may run at once (grading in threads).
    let out = std::env::temp_dir().join(format!(
        "lurobotsim-nqc-{}-{}.rcx",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let mut o = std::ffi::OsString::from("-O");
    o.push(&out);
    let child = std::process::Command::new("nqc")
        .arg("-TRCX2")
        .arg(o)
        .arg(path)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn();
    let result = match child {
        Err(_) => Err(ProgramFileError::NqcMissing {
            path: path.to_path_buf(),
        }),
        Ok(child) => match wait_bounded(child) {
            Err(said) => Err(ProgramFileError::NqcFailed {
                path: path.to_path_buf(),
                said,
                line: None,
            }),
            Ok(r) if !r.status.success() => {
                let said = String::from_utf8_lossy(&r.stderr).into_owned()
                    + &String::from_utf8_lossy(&r.stdout);
                // NQC writes `# Error: …` and `File "x.nqc" ; line N` lines.
                let line = said
                    .split("line ")
                    .nth(1)
                    .and_then(|t| t.split(|c: char| !c.is_ascii_digit()).next())
                    .and_then(|n| n.parse().ok());
                Err(ProgramFileError::NqcFailed {
                    path: path.to_path_buf(),
                    said: said.trim().chars().take(2000).collect(),
                    line,
                })
            }
            Ok(_) => crate::rcx::load_program_file(&out).map_err(ProgramFileError::from),
        },
    };
    let _ = std::fs::remove_file(&out);
    result
}

/// Waits for NQC at most [`NQC_TIMEOUT`], reading what it says as it goes (so a chatty
/// compiler never blocks on a full pipe); past the limit it is killed.
fn wait_bounded(mut child: std::process::Child) -> Result<std::process::Output, String> {
    use std::io::Read;
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            if let Some(p) = pipe {
                // At most 1 MiB is kept of what it says.
                let _ = p.take(1 << 20).read_to_end(&mut v);
            }
            v
        })
    };
    let out = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let err = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() < NQC_TIMEOUT => {
                std::thread::sleep(Duration::from_millis(5));
            }
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "it did not finish within {} s and was stopped",
                    NQC_TIMEOUT.as_secs()
                ));
            }
            Err(e) => return Err(e.to_string()),
        }
    };
    Ok(std::process::Output {
        status,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    })
}

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

/// Loads a program given as its bytes (a file the app's host read, a pupil's program in
/// memory): `.rcx` and `.lasm` directly, `.nqc` compiled by NQC from a copy in a folder of
/// its own under its own file name (so NQC's messages name the file as `name` does), its
/// `#include`s looked up in `include_dir` (the folder the file came from, if any). `name`
/// (a file name, or a path relative to what was picked) is how errors name it.
pub fn load_bytes(
    name: &str,
    bytes: &[u8],
    include_dir: Option<&Path>,
) -> Result<Program, ProgramFileError> {
    let shown = Path::new(name);
    if !is_nqc(shown) {
        return Ok(crate::rcx::load_program_bytes(bytes, name)?);
    }
    if !cfg!(feature = "desktop") {
        return Err(ProgramFileError::NqcInBrowser {
            path: shown.to_path_buf(),
        });
    }
    let dir = scratch("src");
    let file = shown
        .file_name()
        .map_or_else(|| "program.nqc".into(), |f| f.to_os_string());
    let source = dir.join(&file);
    let result = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(&source, bytes))
        .map_err(|e| ProgramFileError::NqcFailed {
            path: shown.to_path_buf(),
            said: format!("cannot copy the source for NQC: {e}"),
            line: None,
        })
        .and_then(|()| run_nqc(Path::new(&file), Some(&dir), shown, include_dir));
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// A name of its own per compilation in the temporary folder: several may run at once
/// (grading in threads).
fn scratch(what: &str) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    std::env::temp_dir().join(format!(
        "lurobotsim-nqc-{}-{}-{what}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ))
}

/// Compiles an NQC source with the installed `nqc` (`nqc -TRCX2 -O…`) and loads the image.
pub fn compile(path: &Path) -> Result<Program, ProgramFileError> {
    // Without the desktop (a browser tab) there are no processes, no pids, no temp folder.
    if !cfg!(feature = "desktop") {
        return Err(ProgramFileError::NqcInBrowser {
            path: path.to_path_buf(),
        });
    }
    run_nqc(path, None, path, None)
}

/// Runs NQC on `source` (relative to `cwd` when given), naming it `shown` in errors, with
/// `include` as an include folder, and loads the image it writes.
fn run_nqc(
    source: &Path,
    cwd: Option<&Path>,
    shown: &Path,
    include: Option<&Path>,
) -> Result<Program, ProgramFileError> {
    let out = scratch("out.rcx");
    let mut o = std::ffi::OsString::from("-O");
    o.push(&out);
    let mut command = std::process::Command::new("nqc");
    command.arg("-TRCX2").arg(o);
    if let Some(dir) = include {
        let mut i = std::ffi::OsString::from("-I");
        i.push(dir);
        command.arg(i);
    }
    if let Some(dir) = cwd {
        command.current_dir(dir);
    }
    let child = command
        .arg(source)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn();
    let path = shown.to_path_buf();
    let result = match child {
        Err(_) => Err(ProgramFileError::NqcMissing { path }),
        Ok(child) => match wait_bounded(child) {
            Err(said) => Err(ProgramFileError::NqcFailed {
                path,
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
                    path,
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

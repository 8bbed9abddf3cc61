//! `lurobotsim lasm asm|dis|check` (cli.md): thin file handling around `rcx::lasm` and
//! `rcx::image`. User mistakes (unreadable file, syntax errors) exit 1 with the messages.
use super::{CliError, CliResult, LasmCommand};
use crate::rcx::lasm::{self, AsmOptions, LasmError};
use crate::rcx::{image, load_program_bytes, Program};
use std::fmt::Write;
use std::path::Path;

fn read(path: &Path) -> Result<Vec<u8>, CliError> {
    let bytes =
        std::fs::read(path).map_err(|e| CliError::User(format!("{}: {e}", path.display())))?;
    if bytes.is_empty() {
        return Err(CliError::User(format!(
            "{}: the file is empty: neither an NQC .rcx image nor LASM text",
            path.display()
        )));
    }
    Ok(bytes)
}

/// At most this many errors are printed; the rest are counted (a 100,000-task file must
/// not print 300,000 lines).
pub const SHOWN_ERRORS: usize = 20;

fn errors_text(errors: &[LasmError]) -> String {
    let mut lines: Vec<String> = errors
        .iter()
        .take(SHOWN_ERRORS)
        .map(|e| e.to_string())
        .collect();
    if errors.len() > SHOWN_ERRORS {
        lines.push(format!(
            "… and {} more error(s)",
            errors.len() - SHOWN_ERRORS
        ));
    }
    lines.join("\n")
}

/// Assembles a text file, all errors as one user error.
fn assemble_file(path: &Path) -> Result<Program, CliError> {
    let bytes = read(path)?;
    let name = path.display().to_string();
    let text = std::str::from_utf8(&bytes)
        .map_err(|e| CliError::User(format!("{name}: not UTF-8 text: {e}")))?;
    lasm::assemble_with(text, &name, &AsmOptions::default()).map_err(|e| report(&name, &e))
}

/// Prints every error on stderr as `FILE:LINE:COL: message`; the returned error sums up.
fn report(name: &str, errors: &[LasmError]) -> CliError {
    super::say!("{}", errors_text(errors));
    CliError::User(format!("{name}: {} error(s)", errors.len()))
}

/// `task N: hex` / `sub N: hex` lines.
pub fn hex_listing(p: &Program) -> String {
    let mut out = String::new();
    let blocks = p
        .tasks
        .iter()
        .enumerate()
        .map(|(i, c)| ("task", i, c))
        .chain(p.subs.iter().enumerate().map(|(i, c)| ("sub", i, c)));
    for (what, i, code) in blocks {
        if let Some(code) = code {
            let hex: Vec<String> = code.iter().map(|b| format!("{b:02x}")).collect();
            let _ = writeln!(out, "{what} {i} ({} bytes): {}", code.len(), hex.join(" "));
        }
    }
    out
}

pub fn run(c: LasmCommand) -> CliResult {
    match c {
        LasmCommand::Asm { file, output } => {
            if let Some(out) = &output {
                super::check_outputs(&[("-o", out.as_path())], &[file.as_path()])?;
            }
            let program = assemble_file(&file)?;
            match output {
                Some(out) => std::fs::write(&out, image::write(&program, &[]))
                    .map_err(|e| CliError::User(format!("{}: {e}", out.display()))),
                None => super::print_out(&hex_listing(&program)),
            }
        }
        LasmCommand::Dis { file } => {
            let bytes = read(&file)?;
            let name = file.display().to_string();
            let text = if bytes.starts_with(image::MAGIC) {
                let img =
                    image::read(&bytes).map_err(|e| CliError::User(format!("{name}: {e}")))?;
                lasm::disassemble_named(&img.program, &img.symbols)
            } else {
                let p = match std::str::from_utf8(&bytes) {
                    Ok(t) => lasm::assemble_with(t, &name, &AsmOptions::default())
                        .map_err(|e| report(&name, &e))?,
                    Err(_) => load_program_bytes(&bytes, &name)
                        .map_err(|e| CliError::User(e.to_string()))?,
                };
                lasm::disassemble(&p)
            };
            super::print_out(&text)
        }
        LasmCommand::Check { file } => {
            let p = assemble_file(&file)?;
            let tasks = p.tasks.iter().flatten().count();
            let subs = p.subs.iter().flatten().count();
            super::print_out(&format!(
                "{}: ok ({tasks} task(s), {subs} sub(s), {} bytes)\n",
                file.display(),
                p.size()
            ))
        }
        LasmCommand::Run {
            file,
            ms,
            json,
            realism,
            battery_v,
        } => super::lasm_run::run(&file, ms, json, realism.into(), battery_v),
    }
}

//! The loaded program: its icons, their LASM lines, and why a file could not be opened
//! (with the lines around the faulty one); NQC sources are compiled with `nqc`.

use crate::i18n::Lang;
use crate::rcx::Program;
use crate::trace::{Strip, Vi};

/// The loaded program with its icons and their LASM lines.
#[derive(Clone, Debug)]
pub struct LoadedProgram {
    pub name: String,
    pub program: Program,
    pub vis: Vec<Vi>,
    pub strips: Vec<Strip>,
    /// LASM lines of each VI (`addr: text`).
    pub lasm: Vec<Vec<String>>,
}

impl LoadedProgram {
    /// `program` with the icons the simulation recognised in it (the runner's).
    pub fn new(lang: Lang, name: &str, program: Program, vis: Vec<Vi>) -> LoadedProgram {
        let strips = crate::trace::strips(&vis);
        let lasm = vis.iter().map(|v| lasm_lines(lang, &program, v)).collect();
        LoadedProgram {
            name: name.to_string(),
            program,
            vis,
            strips,
            lasm,
        }
    }
}

/// The LASM of one VI's instructions, one line per instruction with its address.
pub(super) fn lasm_lines(lang: Lang, p: &Program, vi: &Vi) -> Vec<String> {
    let code = match vi.sub {
        Some(s) => p.subs.get(s as usize).and_then(|c| c.as_ref()),
        None => p.tasks.get(vi.task as usize).and_then(|c| c.as_ref()),
    };
    let Some(code) = code else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for &(start, end) in &vi.ranges {
        let mut a = start as usize;
        while a < (end as usize).min(code.len()) {
            match crate::rcx::decode_one(code, a) {
                Ok(i) => {
                    out.push(format!("{a:4}: {}", crate::sim::instr_text(&i)));
                    a += (i.len as usize).max(1);
                }
                Err(_) => {
                    out.push(crate::tr!(
                        lang,
                        "app-program-raw",
                        a = format!("{:4}", a),
                        codea = code[a].to_string()
                    ));
                    a += 1;
                }
            }
        }
    }
    out
}

/// Why a program file could not be opened, with the lines around the faulty one.
#[derive(Clone, Debug, PartialEq)]
pub struct ErrorView {
    pub file: String,
    /// `FILE:LINE:COL: message` (or what NQC said).
    pub message: String,
    /// The faulty line and column (1-based), when known.
    pub at: Option<(usize, usize)>,
    /// Up to three lines before and after the faulty one: (line number, text with tabs
    /// as four spaces).
    pub lines: Vec<(usize, String)>,
    /// Where the caret goes under the faulty line (characters, tabs expanded).
    pub caret: usize,
    /// What could not be used: "program" or "assignment" (the window's title says it).
    pub what: &'static str,
}

/// Why a program file could not be loaded, with its faulty line and column when known
/// (`text`: the file's text, when it could be read).
pub(super) fn error_view(
    name: &str,
    text: Option<&str>,
    e: &crate::nqc::ProgramFileError,
) -> ErrorView {
    let at = match e {
        crate::nqc::ProgramFileError::Load(crate::rcx::LoadError::Syntax { line, col, .. }) => {
            Some((*line, *col))
        }
        other => other.line().map(|l| (l, 1)),
    };
    ErrorView::of_text(name, text, &e.to_string(), at)
}

/// Why a program given as its text (the browser's files) could not be loaded.
pub(super) fn error_view_of_text(name: &str, text: &str, e: &crate::rcx::LoadError) -> ErrorView {
    let at = match e {
        crate::rcx::LoadError::Syntax { line, col, .. } => Some((*line, *col)),
        _ => None,
    };
    ErrorView::of_text(name, Some(text), &e.to_string(), at)
}

impl ErrorView {
    /// The view of `file` whose text is `text` (when it could be read).
    pub fn of_text(
        file: &str,
        text: Option<&str>,
        message: &str,
        at: Option<(usize, usize)>,
    ) -> ErrorView {
        let mut lines = Vec::new();
        let mut caret = 0;
        if let (Some((line, col)), Some(text)) = (at, text) {
            let from = line.saturating_sub(3).max(1);
            for (i, l) in text.lines().enumerate() {
                let n = i + 1;
                if n >= from && n <= line + 3 {
                    // Bounded: a pathological line is cut.
                    let l: String = l.chars().take(200).collect();
                    if n == line {
                        caret = l
                            .chars()
                            .take(col.saturating_sub(1))
                            .map(|c| if c == '\t' { 4 } else { 1 })
                            .sum();
                    }
                    lines.push((n, l.replace('\t', "    ")));
                }
            }
        }
        ErrorView {
            file: file.to_string(),
            message: message.to_string(),
            at,
            lines,
            caret,
            what: "program",
        }
    }
}

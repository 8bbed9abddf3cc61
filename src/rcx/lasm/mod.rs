//! LASM text: the assembler (text → [`Program`](crate::rcx::Program)) and the disassembler ([`Program`](crate::rcx::Program) → text).
//!
//! Owns the LASM syntax of rcx.md §2.4 as ROBOLAB, the LEGO SDK and `nqc -L -c` write it.
//! Depends only on the opcode table and the bytecode codec of this module's parent; never
//! does I/O (the CLI and `rcx::load_program_file` read the files).
//!
//! Syntax accepted:
//! * blocks `task N` … `endt` (N 0–9) and `sub N` … `ends` (N 0–7);
//! * one instruction per line, `mnemonic a, b, c` — operands separated by commas and/or
//!   spaces; numbers decimal, negative or `0x` hex; mnemonics case-insensitive;
//! * labels `name:` on their own line or before an instruction (`L1: chkl 2,40,1,9,0,L2`),
//!   scoped to their task/sub, usable before or after their definition; a branch operand
//!   is a label or an absolute address within the task/sub;
//! * comments from `;` or `//` to the end of the line;
//! * `stop`, `delt`, `dels` with 0 or 1 operand (`stop 1` is opcode 0x81);
//! * `raw b, b, …`: bytes copied verbatim — not LASM; the disassembler writes it for bytes
//!   that do not decode to a program instruction, so that its output always re-assembles to
//!   the same bytes.
//!
//! Operand order of `out`/`gout`: ROBOLAB writes them mode first (`out 2,1` = A on), like
//! `dir`/`gdir`; NQC's `-c` listings write `out motors, mode` (rcx.md §2.4, §8.5). See
//! [`OutOrder`] and [`is_nqc_listing`] for how the order is chosen.

mod asm;
mod dis;
mod syntax;

/// Re-exported so callers of [`disassemble_named`] need one import.
pub use crate::rcx::image::{Symbol, SymbolKind};
pub use asm::{assemble, assemble_lines, assemble_with, SourceLine};
pub use dis::{disassemble, disassemble_named};

use std::fmt;

/// One assembly error, displayed `FILE:LINE:COL: message` (line and column 1-based; the
/// column counts characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LasmError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for LasmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.col, self.message
        )
    }
}

impl std::error::Error for LasmError {}

/// The lines of a LASM text: each ends at "\r\n", "\n" or a lone "\r" (old Mac files),
/// which is not part of the line; like [`str::lines`], a final line break adds no empty line.
pub fn lines(source: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(source);
    std::iter::from_fn(move || {
        let text = rest.filter(|t| !t.is_empty())?;
        match text.find(['\n', '\r']) {
            None => {
                rest = None;
                Some(text)
            }
            Some(i) => {
                let skip = if text[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = Some(&text[i + skip..]);
                Some(&text[..i])
            }
        }
    })
}

/// Operand order of `out` and `gout` (the only opcodes whose order differs between
/// ROBOLAB and NQC listings; `dir`/`gdir` are direction first in both).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OutOrder {
    /// NQC order when [`is_nqc_listing`] says so, else ROBOLAB's.
    #[default]
    Auto,
    /// `out mode, motors` (ROBOLAB, LEGO SDK; what the disassembler writes).
    ModeFirst,
    /// `out motors, mode` (`nqc -L -c`).
    MotorsFirst,
}

/// Assembler options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AsmOptions {
    pub out_order: OutOrder,
}

/// True when `source` looks like an `nqc -L -c` listing: one of its comment lines is NQC's
/// block header `; Task N = NAME, size: N bytes` or `; Sub N = NAME, size: N bytes`
/// (S1 `RCX_Disasm`; every listing NQC writes has one per task/sub). ROBOLAB never writes
/// that comment, and our disassembler does not either, so its presence is the rule. (NQC's
/// `tTTTAAAA:` labels are not used to decide: a hand-written file may use that style.)
pub fn is_nqc_listing(source: &str) -> bool {
    lines(source).any(|l| {
        let l = l.trim_start();
        let Some(rest) = l.strip_prefix(';') else {
            return false;
        };
        let rest = rest.trim_start();
        let rest = match rest
            .strip_prefix("Task ")
            .or_else(|| rest.strip_prefix("Sub "))
        {
            Some(r) => r,
            None => return false,
        };
        let digits = rest.bytes().take_while(|b| b.is_ascii_digit()).count();
        digits > 0 && rest[digits..].starts_with(" = ") && rest.contains(", size: ")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_carriage_return_ends_a_line_like_a_line_feed() {
        fn split(s: &str) -> Vec<&str> {
            lines(s).collect()
        }
        assert_eq!(split("a\rb\r\nc\nd"), ["a", "b", "c", "d"]);
        assert_eq!(split("a\r\rb\n"), ["a", "", "b"]);
        assert_eq!(split("a\r"), ["a"]);
        assert!(split("").is_empty());
    }

    #[test]
    fn nqc_headers_are_recognised_and_robolab_text_is_not() {
        assert!(is_nqc_listing(
            "; Var 0 = x\n\n; Task 0 = main, size: 81 bytes\n;main\n\ttask\t0\n"
        ));
        assert!(is_nqc_listing("; Sub 3 = helper, size: 2 bytes\n"));
        assert!(!is_nqc_listing(
            "task 0\nout 2,1\nwait 2,200\nout 1,1\nendt\n"
        ));
        assert!(!is_nqc_listing("; Task list = x, size: 3\n"));
    }
}

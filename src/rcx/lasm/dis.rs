//! The disassembler (stub until the next commit).
use crate::rcx::program::Program;

/// Disassembles a program to LASM.
pub fn disassemble(_p: &Program) -> String {
    String::new()
}

/// Disassembles with names.
pub fn disassemble_named(p: &Program) -> String {
    disassemble(p)
}

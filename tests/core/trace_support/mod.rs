//! Test sources for the trace tests go through the product's LASM assembler.

#![allow(dead_code)]

use lurobotsim::rcx::Program;

/// Assembles LASM test source (panics on a mistake: test sources only).
pub fn asm(src: &str) -> Program {
    lurobotsim::rcx::lasm::assemble(src, "<trace test>").unwrap_or_else(|e| panic!("{e}"))
}

/// Reads `tests/programs/<name>` with [`asm`].
pub fn asm_file(name: &str) -> Program {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/programs")
        .join(name);
    asm(&std::fs::read_to_string(&path).unwrap())
}

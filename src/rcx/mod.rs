//! The RCX 2.0 instruction set as pure data and codecs: the opcode table, sources, bytecode,
//! LASM text, NQC `.rcx` images and the IR wire framing. Depends on nothing else in the
//! crate and never touches I/O, threads or clocks.

pub mod bytecode;
pub mod opcode;
pub mod program;
pub mod source;

pub use bytecode::{decode, decode_one, encode, Instr};
pub use opcode::{OpInfo, Operand, Reply, OPCODES};
pub use program::Program;

/// Why a program file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{path}: {message}")]
    Io { path: String, message: String },
    /// `FILE:LINE:COL: message`.
    #[error("{file}:{line}:{col}: {message}")]
    Syntax {
        file: String,
        line: usize,
        col: usize,
        message: String,
    },
    #[error("{path}: {message}")]
    Format { path: String, message: String },
}

/// Loads a `.lasm` (LASM text) or `.rcx` (NQC image) file, told apart by content
/// (`RCXI` magic), as a program.
pub fn load_program_file(path: &std::path::Path) -> Result<Program, LoadError> {
    let _ = path;
    Err(LoadError::Format {
        path: path.display().to_string(),
        message: "program loading is not built yet".into(),
    })
}

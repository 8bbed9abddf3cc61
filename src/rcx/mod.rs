//! The RCX 2.0 instruction set as pure data and codecs: the opcode table, the sensor table,
//! sources, bytecode, LASM text, NQC `.rcx` images, the IR wire framing, and the host side
//! of the protocol (`host`: what a PC does to a real brick, sans-I/O). Depends on
//! nothing else in the crate and never touches I/O, threads or clocks.

pub mod bytecode;
pub mod host;
pub mod image;
pub mod lasm;
pub mod opcode;
pub mod program;
pub mod sensor;
pub mod source;
pub mod wire;

pub use bytecode::{decode, decode_one, encode, Instr};
pub use opcode::{OpInfo, Operand, Reply, OPCODES};
pub use program::Program;
pub use sensor::{SensorMode, SensorType};

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
/// (`RCXI` magic), as a program. LASM syntax errors report the first error
/// (`lasm::assemble_with` gives them all).
pub fn load_program_file(path: &std::path::Path) -> Result<Program, LoadError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| LoadError::Io {
        path: name.clone(),
        message: e.to_string(),
    })?;
    load_program_bytes(&bytes, &name)
}

/// Like [`load_program_file`] for bytes already read; `name` is used in error messages.
pub fn load_program_bytes(bytes: &[u8], name: &str) -> Result<Program, LoadError> {
    if bytes.is_empty() {
        return Err(LoadError::Format {
            path: name.to_string(),
            message: "the file is empty: neither an NQC .rcx image nor LASM text".into(),
        });
    }
    if bytes.starts_with(image::MAGIC) {
        return image::read(bytes)
            .map(|i| i.program)
            .map_err(|e| LoadError::Format {
                path: name.to_string(),
                message: e.to_string(),
            });
    }
    let text = std::str::from_utf8(bytes).map_err(|e| LoadError::Format {
        path: name.to_string(),
        message: format!(
            "neither an NQC .rcx image (no RCXI header) nor LASM text (not UTF-8: {e})"
        ),
    })?;
    lasm::assemble(text, name).map_err(|e| LoadError::Syntax {
        file: e.file,
        line: e.line,
        col: e.col,
        message: e.message,
    })
}

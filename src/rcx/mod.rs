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

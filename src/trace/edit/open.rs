//! Opening a program as icons: the tracer's VIs, their modifiers read back from the code.

use super::Doc;
use crate::rcx::Program;

pub(super) fn from_program(program: &Program) -> Doc {
    let _ = program;
    Doc::default()
}

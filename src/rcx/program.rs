//! A program as the brick stores it: up to 10 tasks and 8 subroutines of bytecode in one of
//! five program slots (rcx.md §3.4, §6.1).

/// Tasks per program.
pub const MAX_TASKS: usize = 10;
/// Subroutines per program.
pub const MAX_SUBS: usize = 8;
/// Program slots on the brick (shown 1–5 on the LCD).
pub const SLOTS: usize = 5;
/// Program memory of the brick in bytes, shared by all slots and the datalog. rcx.md §3.4
/// says "~6 KB"; the simulated brick answers status 1 past it, and the host refuses a
/// program larger than it before sending anything.
pub const MEMORY_BYTES: usize = 6000;

/// The bytecode of one program slot. `None` = not defined.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Program {
    pub tasks: [Option<Vec<u8>>; MAX_TASKS],
    pub subs: [Option<Vec<u8>>; MAX_SUBS],
    /// Labels from LASM source, if the program came as text: (is_sub, index, address, name).
    /// Used by the tracer to name icons and by the disassembler; not part of the bytecode.
    pub labels: Vec<Label>,
}

/// A named address in a task or subroutine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub sub: bool,
    pub index: u8,
    pub addr: u16,
    pub name: String,
}

impl Program {
    /// Total bytecode size in bytes (what the brick's memory holds).
    pub fn size(&self) -> usize {
        self.tasks
            .iter()
            .chain(self.subs.iter())
            .flatten()
            .map(|c| c.len())
            .sum()
    }

    /// True when no task or sub is defined.
    pub fn is_empty(&self) -> bool {
        self.tasks
            .iter()
            .chain(self.subs.iter())
            .all(|c| c.is_none())
    }
}

//! Predecoded bytecode of one task or subroutine: the instructions once, plus a table from
//! byte address to instruction index so a jump costs one array lookup. Owns nothing else;
//! depends only on `crate::rcx`.

use crate::rcx::{decode_one, Instr};

/// Marks a byte address that is not the start of a predecoded instruction.
const NOT_AN_INSTRUCTION: u32 = u32::MAX;

/// One task's or subroutine's code, decoded ahead of time.
#[derive(Clone, Debug, Default)]
pub struct Code {
    bytes: Vec<u8>,
    instrs: Vec<Instr>,
    /// `index_of[addr]` = index into `instrs`, or [`NOT_AN_INSTRUCTION`].
    index_of: Vec<u32>,
}

/// What lies at a program counter.
pub(crate) enum Fetch {
    /// An instruction to run.
    Instr(Instr),
    /// The address just past the last byte: the code has run out.
    End,
    /// Something the firmware could not run (message for the fault).
    Bad(String),
}

impl Code {
    /// Decodes `bytes` from address 0 as far as they decode. Bytes after an undecodable
    /// instruction are left to be decoded on demand (a jump may land on them), so a bad
    /// byte only faults when execution actually reaches it — as on the brick.
    pub fn new(bytes: Vec<u8>) -> Code {
        let mut instrs = Vec::new();
        let mut index_of = vec![NOT_AN_INSTRUCTION; bytes.len()];
        let mut addr = 0usize;
        while addr < bytes.len() {
            match decode_one(&bytes, addr) {
                Ok(i) => {
                    index_of[addr] = instrs.len() as u32;
                    addr += i.len as usize;
                    instrs.push(i);
                }
                Err(_) => break,
            }
        }
        Code {
            bytes,
            instrs,
            index_of,
        }
    }

    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// True when there is no code at all.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The raw bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The predecoded instructions (those reachable by falling through from address 0).
    pub fn instrs(&self) -> &[Instr] {
        &self.instrs
    }

    /// The instruction at byte address `pc`.
    #[inline]
    pub(crate) fn fetch(&self, pc: u16) -> Fetch {
        let pc = pc as usize;
        match self.index_of.get(pc) {
            Some(&i) if i != NOT_AN_INSTRUCTION => Fetch::Instr(self.instrs[i as usize]),
            Some(_) => {
                // A jump into the middle of an instruction, or past a bad byte: the firmware
                // decodes whatever is there, so do the same (slow path).
                match decode_one(&self.bytes, pc) {
                    Ok(i) => Fetch::Instr(i),
                    Err(e) => Fetch::Bad(e.to_string()),
                }
            }
            None if pc == self.bytes.len() => Fetch::End,
            None => Fetch::Bad(format!(
                "program counter {pc} outside the code ({} bytes)",
                self.bytes.len()
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_jump_into_the_middle_of_an_instruction_decodes_what_is_there() {
        // setv 0,2,0x10 — byte 3 is 0x10 = ping.
        let c = Code::new(vec![0x14, 0x00, 0x02, 0x10, 0x00]);
        assert!(matches!(c.fetch(0), Fetch::Instr(i) if i.op == crate::rcx::opcode::SETV));
        assert!(matches!(c.fetch(3), Fetch::Instr(i) if i.op == crate::rcx::opcode::PING));
        assert!(matches!(c.fetch(4), Fetch::Bad(_)));
        assert!(matches!(c.fetch(5), Fetch::End));
        assert!(matches!(c.fetch(9), Fetch::Bad(_)));
    }
}

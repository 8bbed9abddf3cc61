//! RCX bytecode: decoding bytes into [`Instr`] and encoding them back, driven by the opcode
//! table. Branch offsets are relative to the address of the first offset byte (rcx.md §2.2);
//! an [`Instr`] carries the absolute target instead, so code can be moved and re-encoded.

use super::opcode::{self, OpInfo, Operand};
use thiserror::Error;

/// Maximum operand values an instruction carries (the `chk` test has five).
pub const MAX_ARGS: usize = 6;

/// One decoded instruction.
///
/// `args` holds the LASM fields in LASM order, e.g. `setv 0, 2, 5` → `[0, 2, 5]`,
/// `out 2, 1` (mode, motors) → `[2, 1]`, `chkl 2, 40, 1, 9, 0, L` → `[2, 40, 1, 9, 0]` with the
/// label's address in `target`. Value16 arguments are sign-extended; bytes are 0–255.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instr {
    /// Canonical opcode (toggle bit clear).
    pub op: u8,
    /// Byte address of the opcode within its task or subroutine.
    pub addr: u16,
    /// Length in bytes.
    pub len: u16,
    /// Number of valid entries in `args`.
    pub nargs: u8,
    /// LASM fields in order (see above).
    pub args: [i32; MAX_ARGS],
    /// Absolute branch target for branching opcodes (may lie outside the code: the VM faults).
    pub target: Option<i32>,
}

impl Instr {
    /// Builds an instruction from LASM fields; `addr`/`len` are filled in by [`encode`].
    pub fn new(op: u8, args: &[i32], target: Option<i32>) -> Instr {
        let mut a = [0; MAX_ARGS];
        let n = args.len().min(MAX_ARGS);
        a[..n].copy_from_slice(&args[..n]);
        Instr {
            op,
            addr: 0,
            len: 0,
            nargs: n as u8,
            args: a,
            target,
        }
    }

    /// The opcode's table row.
    pub fn info(&self) -> &'static OpInfo {
        // Instr values are only made from table rows.
        opcode::info(self.op).unwrap_or(&opcode::OPCODES[0])
    }

    /// The LASM fields actually present.
    pub fn fields(&self) -> &[i32] {
        &self.args[..self.nargs as usize]
    }

    /// Address of the next instruction.
    pub fn next(&self) -> u16 {
        self.addr.wrapping_add(self.len)
    }
}

/// Why bytes could not be decoded.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DecodeError {
    #[error("unknown opcode {op:#04x} at {addr}")]
    UnknownOpcode { op: u8, addr: usize },
    #[error("instruction {mnemonic} at {addr} is cut off by the end of the code")]
    Truncated { mnemonic: &'static str, addr: usize },
    #[error("opcode {mnemonic} at {addr} is not allowed in a program")]
    NotInProgram { mnemonic: &'static str, addr: usize },
}

/// Why an instruction could not be encoded.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EncodeError {
    #[error("{mnemonic}: expected {expected} operands, got {got}")]
    Arity {
        mnemonic: &'static str,
        expected: usize,
        got: usize,
    },
    #[error("{mnemonic}: operand {index} value {value} is out of range {min}..={max}")]
    Range {
        mnemonic: &'static str,
        index: usize,
        value: i32,
        min: i32,
        max: i32,
    },
    #[error("{mnemonic}: branch target {target} is out of reach from {from} ({encoding})")]
    Reach {
        mnemonic: &'static str,
        target: i32,
        from: i32,
        encoding: &'static str,
    },
    #[error("{mnemonic}: missing branch target")]
    NoTarget { mnemonic: &'static str },
    #[error("{mnemonic} cannot be written as program bytecode")]
    NotEncodable { mnemonic: &'static str },
}

/// Decodes one instruction at `addr`. Accepts either toggle form of the opcode.
pub fn decode_one(code: &[u8], addr: usize) -> Result<Instr, DecodeError> {
    let first = *code.get(addr).ok_or(DecodeError::Truncated {
        mnemonic: "?",
        addr,
    })?;
    let info = opcode::info(first).ok_or(DecodeError::UnknownOpcode { op: first, addr })?;
    if info.op == opcode::TRANSFER {
        return Err(DecodeError::NotInProgram {
            mnemonic: info.mnemonic,
            addr,
        });
    }
    let len = info.fixed_len();
    if addr + len > code.len() {
        return Err(DecodeError::Truncated {
            mnemonic: info.mnemonic,
            addr,
        });
    }
    let b = &code[addr + 1..addr + len];
    let mut args = [0i32; MAX_ARGS];
    let mut n = 0usize;
    let mut target = None;
    let mut p = 0usize;
    let mut push = |v: i32, n: &mut usize| {
        if *n < MAX_ARGS {
            args[*n] = v;
        }
        *n += 1;
    };
    for &operand in info.operands {
        let at = addr + 1 + p; // absolute address of this operand's first byte
        match operand {
            Operand::Byte => push(b[p] as i32, &mut n),
            Operand::Zero => {}
            Operand::Word => push(u16::from_le_bytes([b[p], b[p + 1]]) as i32, &mut n),
            Operand::Value16 => {
                push(b[p] as i32, &mut n);
                push(i16::from_le_bytes([b[p + 1], b[p + 2]]) as i32, &mut n);
            }
            Operand::Value8 => {
                push(b[p] as i32, &mut n);
                push(b[p + 1] as i32, &mut n);
            }
            Operand::ModeMotors => {
                push((b[p] >> 6) as i32, &mut n);
                push((b[p] & 0x07) as i32, &mut n);
            }
            Operand::ModeSlope => {
                push((b[p] >> 5) as i32, &mut n);
                push((b[p] & 0x1f) as i32, &mut n);
            }
            Operand::Test => {
                push((b[p] & 0x3f) as i32, &mut n); // src1
                push(i16::from_le_bytes([b[p + 2], b[p + 3]]) as i32, &mut n); // val1
                push((b[p] >> 6) as i32, &mut n); // rel
                push((b[p + 1] & 0x3f) as i32, &mut n); // src2
                push(b[p + 4] as i32, &mut n); // val2 (8-bit)
            }
            Operand::Sm8 => {
                let m = (b[p] & 0x7f) as i32;
                target = Some(if b[p] & 0x80 != 0 {
                    at as i32 - m
                } else {
                    at as i32 + m
                });
            }
            Operand::Sm16 => {
                let m = (b[p] & 0x7f) as i32 + ((b[p + 1] as i32) << 7);
                target = Some(if b[p] & 0x80 != 0 {
                    at as i32 - m
                } else {
                    at as i32 + m
                });
            }
            Operand::U8Off => target = Some(at as i32 + b[p] as i32),
            Operand::S16Off => {
                target = Some(at as i32 + i16::from_le_bytes([b[p], b[p + 1]]) as i32)
            }
            Operand::Transfer => {}
        }
        p += operand.size();
    }
    Ok(Instr {
        op: info.op,
        addr: addr as u16,
        len: len as u16,
        nargs: n.min(MAX_ARGS) as u8,
        args,
        target,
    })
}

/// Decodes a whole task or subroutine.
pub fn decode(code: &[u8]) -> Result<Vec<Instr>, DecodeError> {
    let mut out = Vec::new();
    let mut addr = 0;
    while addr < code.len() {
        let i = decode_one(code, addr)?;
        addr += i.len as usize;
        out.push(i);
    }
    Ok(out)
}

/// Length in bytes of an instruction with this opcode.
pub fn instr_len(op: u8) -> Option<usize> {
    opcode::info(op).map(|i| i.fixed_len())
}

fn check(info: &OpInfo, index: usize, v: i32, min: i32, max: i32) -> Result<i32, EncodeError> {
    if v < min || v > max {
        Err(EncodeError::Range {
            mnemonic: info.lasm_name(),
            index,
            value: v,
            min,
            max,
        })
    } else {
        Ok(v)
    }
}

/// Encodes one instruction placed at `addr`, appending its bytes to `out`.
pub fn encode_one(instr: &Instr, addr: usize, out: &mut Vec<u8>) -> Result<(), EncodeError> {
    let info = opcode::info(instr.op).ok_or(EncodeError::NotEncodable { mnemonic: "?" })?;
    if info.op == opcode::TRANSFER {
        return Err(EncodeError::NotEncodable {
            mnemonic: info.mnemonic,
        });
    }
    let expected = info.lasm_fields() - usize::from(info.offset_operand().is_some());
    if instr.nargs as usize != expected {
        return Err(EncodeError::Arity {
            mnemonic: info.lasm_name(),
            expected,
            got: instr.nargs as usize,
        });
    }
    let a = instr.fields();
    let start = out.len();
    out.push(info.op);
    let mut k = 0usize;
    for &operand in info.operands {
        let at = (addr + (out.len() - start)) as i32;
        match operand {
            Operand::Byte => {
                out.push(check(info, k, a[k], 0, 255)? as u8);
                k += 1;
            }
            Operand::Zero => out.push(0),
            Operand::Word => {
                let v = check(info, k, a[k], -32768, 65535)? as u16;
                out.extend_from_slice(&v.to_le_bytes());
                k += 1;
            }
            Operand::Value16 => {
                out.push(check(info, k, a[k], 0, 63)? as u8);
                let v = check(info, k + 1, a[k + 1], -32768, 65535)? as u16;
                out.extend_from_slice(&v.to_le_bytes());
                k += 2;
            }
            Operand::Value8 => {
                out.push(check(info, k, a[k], 0, 63)? as u8);
                out.push(check(info, k + 1, a[k + 1], -128, 255)? as u8);
                k += 2;
            }
            Operand::ModeMotors => {
                let mode = check(info, k, a[k], 0, 3)? as u8;
                let motors = check(info, k + 1, a[k + 1], 0, 7)? as u8;
                out.push(mode << 6 | motors);
                k += 2;
            }
            Operand::ModeSlope => {
                let mode = check(info, k, a[k], 0, 7)? as u8;
                let slope = check(info, k + 1, a[k + 1], 0, 31)? as u8;
                out.push(mode << 5 | slope);
                k += 2;
            }
            Operand::Test => {
                let src1 = check(info, k, a[k], 0, 63)? as u8;
                let val1 = check(info, k + 1, a[k + 1], -32768, 65535)? as u16;
                let rel = check(info, k + 2, a[k + 2], 0, 3)? as u8;
                let src2 = check(info, k + 3, a[k + 3], 0, 63)? as u8;
                let val2 = check(info, k + 4, a[k + 4], -128, 255)? as u8;
                out.push(rel << 6 | src1);
                out.push(src2);
                out.extend_from_slice(&val1.to_le_bytes());
                out.push(val2);
                k += 5;
            }
            Operand::Sm8 | Operand::Sm16 | Operand::U8Off | Operand::S16Off => {
                let target = instr.target.ok_or(EncodeError::NoTarget {
                    mnemonic: info.lasm_name(),
                })?;
                let d = target - at;
                let reach = |encoding| EncodeError::Reach {
                    mnemonic: info.lasm_name(),
                    target,
                    from: at,
                    encoding,
                };
                match operand {
                    Operand::Sm8 => {
                        if d.abs() > 0x7f {
                            return Err(reach("8-bit sign-magnitude"));
                        }
                        out.push(if d < 0 { 0x80 | (-d) as u8 } else { d as u8 });
                    }
                    Operand::Sm16 => {
                        if d.abs() > 0x7fff {
                            return Err(reach("16-bit sign-magnitude"));
                        }
                        let m = d.unsigned_abs();
                        let lo = (m & 0x7f) as u8 | if d < 0 { 0x80 } else { 0 };
                        out.push(lo);
                        out.push((m >> 7) as u8);
                    }
                    Operand::U8Off => {
                        if !(0..=255).contains(&d) {
                            return Err(reach("8-bit forward"));
                        }
                        out.push(d as u8);
                    }
                    _ => {
                        if !(-32768..=32767).contains(&d) {
                            return Err(reach("16-bit signed"));
                        }
                        out.extend_from_slice(&(d as i16).to_le_bytes());
                    }
                }
            }
            Operand::Transfer => unreachable!("0x45 rejected above"),
        }
    }
    Ok(())
}

/// Encodes a sequence of instructions laid out from address 0.
pub fn encode(instrs: &[Instr]) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::new();
    for i in instrs {
        let at = out.len();
        encode_one(i, at, &mut out)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    // NQC's listing of task 0 in the captured download (vectors/nqc).
    const TASK0: &[u8] = &[
        0x13, 0x07, 0x02, 0x07, 0xe1, 0x87, 0x32, 0x00, 0x01, 0x42, 0x00, 0x20, 0x14, 0x00, 0x02,
        0x05, 0x00, 0x21, 0x85, 0x43, 0x02, 0x64, 0x00, 0x14, 0x2f, 0x02, 0x03, 0x00, 0xf2, 0x2f,
        0x0c, 0x23, 0xb8, 0x01, 0x0a, 0x24, 0x00, 0x02, 0x02, 0x00, 0x27, 0x8d, 0x85, 0x82, 0x09,
        0x01, 0x00, 0x00, 0x05, 0x21, 0x41, 0x27, 0x03, 0x21, 0x04, 0x71, 0x01, 0x95, 0x42, 0x01,
        0x14, 0x00, 0x00, 0xfa, 0xff, 0xe1, 0x01, 0x13, 0x01, 0x02, 0x03, 0xa1, 0x00, 0xe5, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x21, 0x45,
    ];

    #[test]
    fn nqc_task_decodes_with_the_listed_branch_targets() {
        let code = decode(TASK0).unwrap();
        let at = |a: u16| code.iter().find(|i| i.addr == a).unwrap();
        assert_eq!(at(28).target, Some(42)); // decvjn var[47], 42
        assert_eq!(at(40).target, Some(28)); // jmp 28
        assert_eq!(at(42).target, Some(53)); // chk 1 != Input(0), 53
        assert_eq!(at(42).fields(), &[2, 1, 2, 9, 0]);
        assert_eq!(at(57).target, Some(57)); // chkl self-loop
        assert_eq!(at(17).fields(), &[2, 5]); // out AC on: mode 2, motors 5
        assert_eq!(at(9).fields(), &[0, 1, 0]); // senm sensor 0, boolean, slope 0
        assert_eq!(at(73).fields(), &[0, 0, 0]); // disp precision 0, var 0
        assert_eq!(code.len(), 23);
    }

    #[test]
    fn nqc_task_re_encodes_byte_for_byte() {
        let code = decode(TASK0).unwrap();
        assert_eq!(encode(&code).unwrap(), TASK0);
    }

    #[test]
    fn out_of_reach_branches_are_errors_not_garbage() {
        let j = Instr::new(0x27, &[], Some(500));
        assert!(matches!(encode(&[j]), Err(EncodeError::Reach { .. })));
    }

    #[test]
    fn truncated_and_unknown_bytes_are_reported() {
        assert!(matches!(
            decode(&[0x14, 0x00]),
            Err(DecodeError::Truncated { .. })
        ));
        assert!(matches!(
            decode(&[0x47]),
            Err(DecodeError::UnknownOpcode { .. })
        ));
    }
}

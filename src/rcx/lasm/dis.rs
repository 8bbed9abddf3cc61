//! The disassembler: [`Program`] → LASM text that re-assembles to identical bytes.
//!
//! Writes ROBOLAB's operand order (`out mode, motors`). Every branch target that falls on an
//! instruction boundary (or the end of the code) gets a label: the source label from
//! `Program::labels` when there is one, else a generated `T<task>_<addr>` / `S<sub>_<addr>`;
//! other targets (mid-instruction, outside the code) are written as absolute addresses.
//!
//! Bytes that are not a program instruction — an unknown opcode, an instruction cut off by
//! the end of the code, a direct-only opcode, or an encoding our codec would not write back
//! identically (e.g. `out` with bits 3–5 set) — are written as `raw b, …` with a comment
//! saying why, so the output still re-assembles to the same bytes and never panics.

use super::syntax::{is_word_char, is_word_start};
use crate::rcx::bytecode::{decode_one, encode_one, DecodeError, Instr};
use crate::rcx::image::{Symbol, SymbolKind};
use crate::rcx::program::Program;
use std::collections::BTreeMap;
use std::fmt::Write;

enum Item {
    Op(Instr),
    Raw {
        addr: usize,
        bytes: Vec<u8>,
        why: String,
    },
}

impl Item {
    fn addr(&self) -> usize {
        match self {
            Item::Op(i) => i.addr as usize,
            Item::Raw { addr, .. } => *addr,
        }
    }
}

/// Splits code into instructions and raw stretches (see the module comment).
fn split(code: &[u8]) -> Vec<Item> {
    let mut items = Vec::new();
    let mut addr = 0usize;
    while addr < code.len() {
        let item = match decode_one(code, addr) {
            Ok(i) => {
                let end = addr + i.len as usize;
                let mut again = Vec::new();
                let same = encode_one(&i, addr, &mut again).is_ok() && again == code[addr..end];
                if !i.info().ctx.program {
                    Item::Raw {
                        addr,
                        bytes: code[addr..end].to_vec(),
                        why: format!("{} is a direct command", i.info().lasm_name()),
                    }
                } else if !same {
                    Item::Raw {
                        addr,
                        bytes: code[addr..end].to_vec(),
                        why: format!("{} with bits LASM cannot express", i.info().lasm_name()),
                    }
                } else {
                    Item::Op(i)
                }
            }
            Err(DecodeError::UnknownOpcode { op, .. }) => Item::Raw {
                addr,
                bytes: vec![op],
                why: format!("unknown opcode {op:#04x}"),
            },
            Err(DecodeError::Truncated { mnemonic, .. }) => Item::Raw {
                addr,
                bytes: code[addr..].to_vec(),
                why: format!("{mnemonic} cut off by the end of the code"),
            },
            Err(DecodeError::NotInProgram { mnemonic, .. }) => Item::Raw {
                addr,
                bytes: vec![code[addr]],
                why: format!("{mnemonic} is not a program instruction"),
            },
        };
        addr += match &item {
            Item::Op(i) => i.len as usize,
            Item::Raw { bytes, .. } => bytes.len(),
        };
        items.push(item);
    }
    items
}

/// True when `name` re-assembles as a label name (one LASM word).
fn is_label_word(name: &str) -> bool {
    let mut c = name.chars();
    c.next().is_some_and(is_word_start) && c.all(is_word_char)
}

fn block(out: &mut String, program: &Program, sub: bool, index: u8, code: &[u8]) {
    let items = split(code);
    let boundaries: Vec<usize> = items
        .iter()
        .map(Item::addr)
        .chain(std::iter::once(code.len()))
        .collect();
    // Names per address: source labels first, then generated ones for branch targets.
    let mut names: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for l in &program.labels {
        if l.sub == sub
            && l.index == index
            && boundaries.contains(&(l.addr as usize))
            && is_label_word(&l.name)
        {
            let v = names.entry(l.addr as usize).or_default();
            if !v.contains(&l.name) {
                v.push(l.name.clone());
            }
        }
    }
    let taken: Vec<String> = names.values().flatten().cloned().collect();
    for it in &items {
        if let Item::Op(i) = it {
            if let Some(t) = i.target {
                if t >= 0 && boundaries.contains(&(t as usize)) {
                    let v = names.entry(t as usize).or_default();
                    if v.is_empty() {
                        let mut name = format!("{}{}_{:04}", if sub { 'S' } else { 'T' }, index, t);
                        while taken.contains(&name) {
                            name.push('_');
                        }
                        v.push(name);
                    }
                }
            }
        }
    }
    let (open, close) = if sub {
        ("sub", "ends")
    } else {
        ("task", "endt")
    };
    let _ = writeln!(out, "{open} {index}");
    let label_lines = |out: &mut String, addr: usize| {
        for n in names.get(&addr).into_iter().flatten() {
            let _ = writeln!(out, "{n}:");
        }
    };
    for it in &items {
        label_lines(out, it.addr());
        match it {
            Item::Op(i) => {
                let info = i.info();
                let mut ops: Vec<String> = i.fields().iter().map(|v| v.to_string()).collect();
                if let Some(t) = i.target {
                    let named = usize::try_from(t)
                        .ok()
                        .and_then(|a| names.get(&a))
                        .and_then(|v| v.first());
                    ops.push(named.cloned().unwrap_or_else(|| t.to_string()));
                }
                if ops.is_empty() {
                    let _ = writeln!(out, "\t{}", info.lasm_name());
                } else {
                    let _ = writeln!(out, "\t{}\t{}", info.lasm_name(), ops.join(", "));
                }
            }
            Item::Raw { bytes, why, .. } => {
                let list: Vec<String> = bytes.iter().map(|b| format!("0x{b:02x}")).collect();
                let _ = writeln!(out, "\traw\t{}\t; {why}", list.join(", "));
            }
        }
    }
    label_lines(out, code.len());
    let _ = writeln!(out, "{close}");
}

/// Disassembles a program to LASM (tasks 0–9, then subs 0–7).
pub fn disassemble(program: &Program) -> String {
    disassemble_named(program, &[])
}

/// Like [`disassemble`], with the names of an NQC image's symbol table as comments.
pub fn disassemble_named(program: &Program, symbols: &[Symbol]) -> String {
    let mut out = String::from("; LASM written by lurobotsim (out/gout operands: mode, motors)\n");
    let name = |kind: SymbolKind, index: u8| {
        symbols
            .iter()
            .find(|s| s.kind == kind && s.index == index)
            .map(|s| s.name.replace(['\n', '\r'], " "))
    };
    for s in symbols.iter().filter(|s| s.kind == SymbolKind::Var) {
        let _ = writeln!(
            out,
            "; var {}: {}",
            s.index,
            s.name.replace(['\n', '\r'], " ")
        );
    }
    for (i, code) in program.tasks.iter().enumerate() {
        if let Some(code) = code {
            out.push('\n');
            if let Some(n) = name(SymbolKind::Task, i as u8) {
                let _ = writeln!(out, "; task {i}: {n}");
            }
            block(&mut out, program, false, i as u8, code);
        }
    }
    for (i, code) in program.subs.iter().enumerate() {
        if let Some(code) = code {
            out.push('\n');
            if let Some(n) = name(SymbolKind::Sub, i as u8) {
                let _ = writeln!(out, "; sub {i}: {n}");
            }
            block(&mut out, program, true, i as u8, code);
        }
    }
    out
}

//! A tiny LASM reader for the trace tests (the real assembler lives on the `rcx` branch):
//! `task N`/`endt`, `sub N`/`ends`, `name:` labels, `;` comments, numeric fields, a label as
//! the last field of a branching opcode. Panics on bad input — test sources only.

#![allow(dead_code)]

use lurobotsim::rcx::opcode::{by_mnemonic_arity, info};
use lurobotsim::rcx::program::Label;
use lurobotsim::rcx::{encode, Instr, Program};
use std::collections::HashMap;

/// An open `task`/`sub` block: (is_sub, number, instruction lines, labels → line index).
type OpenBlock = (
    bool,
    usize,
    Vec<(String, Vec<String>)>,
    Vec<(String, usize)>,
);

pub fn asm(src: &str) -> Program {
    let mut p = Program::default();
    let mut block: Option<OpenBlock> = None;
    for raw in src.lines() {
        let mut line = raw.split(';').next().unwrap().trim();
        // `name: instr` on one line: the label, then the instruction.
        if let Some((name, rest)) = line.split_once(':') {
            let b = block.as_mut().unwrap();
            b.3.push((name.trim().to_string(), b.2.len()));
            line = rest.trim();
        }
        if line.is_empty() {
            continue;
        }
        let mut words = line.splitn(2, char::is_whitespace);
        let head = words.next().unwrap().to_ascii_lowercase();
        let rest = words.next().unwrap_or("").trim();
        match head.as_str() {
            "task" | "sub" => {
                block = Some((head == "sub", rest.parse().unwrap(), vec![], vec![]));
            }
            "endt" | "ends" => {
                let (is_sub, n, lines, labels) = block.take().unwrap();
                let (code, addrs) = assemble(&lines, &labels);
                for (name, addr) in addrs {
                    p.labels.push(Label {
                        sub: is_sub,
                        index: n as u8,
                        addr,
                        name,
                    });
                }
                if is_sub {
                    p.subs[n] = Some(code);
                } else {
                    p.tasks[n] = Some(code);
                }
            }
            _ => {
                let fields: Vec<String> = rest
                    .split(',')
                    .map(|f| f.trim().to_string())
                    .filter(|f| !f.is_empty())
                    .collect();
                block.as_mut().unwrap().2.push((head, fields));
            }
        }
    }
    p
}

fn assemble(
    lines: &[(String, Vec<String>)],
    labels: &[(String, usize)],
) -> (Vec<u8>, Vec<(String, u16)>) {
    // Pass 1: addresses from the fixed instruction lengths.
    let mut addr_of_line = vec![];
    let mut addr = 0u16;
    let mut ops = vec![];
    for (m, f) in lines {
        let op = by_mnemonic_arity(m, f.len()).unwrap_or_else(|| panic!("unknown {m}"));
        // A branching opcode's label is one of the fields.
        let op = if op.offset_operand().is_some() || f.len() == op.lasm_fields() {
            op
        } else {
            by_mnemonic_arity(m, f.len() - 1).unwrap()
        };
        addr_of_line.push(addr);
        addr += op.fixed_len() as u16;
        ops.push(op);
    }
    addr_of_line.push(addr);
    let label_addr: HashMap<&str, u16> = labels
        .iter()
        .map(|(n, l)| (n.as_str(), addr_of_line[*l]))
        .collect();
    let mut instrs = vec![];
    for ((_, f), op) in lines.iter().zip(ops.iter()) {
        let branching = op.offset_operand().is_some();
        let (nums, target) = if branching {
            let (last, nums) = f.split_last().unwrap();
            let t = label_addr
                .get(last.as_str())
                .map(|&a| a as i32)
                .unwrap_or_else(|| last.parse().unwrap());
            (nums, Some(t))
        } else {
            (&f[..], None)
        };
        let nums: Vec<i32> = nums.iter().map(|n| n.parse().unwrap()).collect();
        instrs.push(Instr::new(info(op.op).unwrap().op, &nums, target));
    }
    let code = encode(&instrs).unwrap();
    let addrs = labels
        .iter()
        .map(|(n, l)| (n.clone(), addr_of_line[*l]))
        .collect();
    (code, addrs)
}

/// Reads `tests/programs/<name>` with [`asm`].
pub fn asm_file(name: &str) -> Program {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/programs")
        .join(name);
    asm(&std::fs::read_to_string(&path).unwrap())
}

//! The assembler: two passes over the lines. Pass 1 parses, checks the block structure and
//! gives every instruction its address (all lengths are fixed by the opcode) and every label
//! its address; pass 2 resolves branch operands and encodes through `bytecode::encode_one`,
//! which checks operand ranges and branch reach. All errors are collected.

use super::syntax::{parse_line, Arg, ArgAt};
use super::{is_nqc_listing, AsmOptions, LasmError, OutOrder};
use crate::rcx::bytecode::{encode_one, EncodeError, Instr};
use crate::rcx::opcode::{self, OpInfo};
use crate::rcx::program::{Label, Program, MAX_SUBS, MAX_TASKS};
use std::collections::HashMap;

/// Block identity: (is_sub, index).
type BlockId = (bool, u8);

enum Body {
    Op(&'static OpInfo),
    Raw(Vec<u8>),
}

struct Stmt {
    line: usize,
    col: usize,
    block: BlockId,
    addr: usize,
    body: Body,
    args: Vec<ArgAt>,
}

struct Open {
    id: BlockId,
    line: usize,
    col: usize,
    addr: usize,
}

/// Assembles LASM text with default options (`out` order detected); returns the first error.
pub fn assemble(source: &str, file_name: &str) -> Result<Program, LasmError> {
    assemble_with(source, file_name, &AsmOptions::default()).map_err(|mut e| e.remove(0))
}

/// Where an instruction of the assembled program was written: its task or sub (`sub`,
/// `index`), its byte address there and its source line (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SourceLine {
    pub sub: bool,
    pub index: u8,
    pub addr: u16,
    pub line: usize,
}

/// Assembles LASM text; on failure returns every error found, in line order (never empty).
pub fn assemble_with(
    source: &str,
    file_name: &str,
    options: &AsmOptions,
) -> Result<Program, Vec<LasmError>> {
    assemble_lines(source, file_name, options).map(|(p, _)| p)
}

/// As [`assemble_with`], with the source line of every instruction (what a tool that
/// changes a program's numbers names them by).
pub fn assemble_lines(
    source: &str,
    file_name: &str,
    options: &AsmOptions,
) -> Result<(Program, Vec<SourceLine>), Vec<LasmError>> {
    let motors_first = match options.out_order {
        OutOrder::Auto => is_nqc_listing(source),
        OutOrder::ModeFirst => false,
        OutOrder::MotorsFirst => true,
    };
    let mut errors: Vec<LasmError> = Vec::new();
    let mut err = |line: usize, col: usize, message: String| {
        errors.push(LasmError {
            file: file_name.to_string(),
            line,
            col,
            message,
        })
    };

    // Pass 1: structure, addresses, labels.
    let mut program = Program::default();
    let mut stmts: Vec<Stmt> = Vec::new();
    let mut labels: HashMap<BlockId, HashMap<String, usize>> = HashMap::new();
    let mut label_list: Vec<Label> = Vec::new();
    let mut open: Option<Open> = None;
    let mut last_line = 0;
    for (n, text) in super::lines(source).enumerate() {
        let line = n + 1;
        last_line = line;
        let parsed = match parse_line(text) {
            Ok(p) => p,
            Err((col, m)) => {
                err(line, col, m);
                continue;
            }
        };
        for (name, col) in &parsed.labels {
            let Some(o) = &open else {
                err(line, *col, format!("label '{name}' outside a task or sub"));
                continue;
            };
            let map = labels.entry(o.id).or_default();
            if map.contains_key(name) {
                err(line, *col, format!("label '{name}' is defined twice"));
                continue;
            }
            map.insert(name.clone(), o.addr);
            label_list.push(Label {
                sub: o.id.0,
                index: o.id.1,
                addr: o.addr.min(u16::MAX as usize) as u16,
                name: name.clone(),
            });
        }
        let Some((word, col)) = parsed.word else {
            continue;
        };
        let lower = word.to_ascii_lowercase();
        let args = parsed.args;
        match lower.as_str() {
            "task" | "sub" => {
                let is_sub = lower == "sub";
                let max = if is_sub { MAX_SUBS } else { MAX_TASKS };
                if let Some(o) = &open {
                    let what = if o.id.0 { "sub" } else { "task" };
                    err(
                        line,
                        col,
                        format!(
                            "'{word}' inside {what} {} opened at line {} (missing '{}')",
                            o.id.1,
                            o.line,
                            if o.id.0 { "ends" } else { "endt" }
                        ),
                    );
                    continue;
                }
                let index = match args.as_slice() {
                    [ArgAt {
                        arg: Arg::Num(v), ..
                    }] if (0..max as i32).contains(v) => *v as u8,
                    [a] => {
                        err(line, a.col, format!("{lower} number must be 0–{}", max - 1));
                        continue;
                    }
                    _ => {
                        err(line, col, format!("'{lower}' takes one number"));
                        continue;
                    }
                };
                let slot = if is_sub {
                    &mut program.subs[index as usize]
                } else {
                    &mut program.tasks[index as usize]
                };
                if slot.is_some() {
                    err(line, col, format!("{lower} {index} is defined twice"));
                    continue;
                }
                *slot = Some(Vec::new());
                open = Some(Open {
                    id: (is_sub, index),
                    line,
                    col,
                    addr: 0,
                });
            }
            "endt" | "ends" => {
                let want_sub = lower == "ends";
                if let Some(a) = args.first() {
                    err(line, a.col, format!("'{lower}' takes no operands"));
                }
                match &open {
                    None => err(line, col, format!("'{lower}' without an open block")),
                    Some(o) if o.id.0 != want_sub => {
                        let (what, close) = if o.id.0 {
                            ("sub", "ends")
                        } else {
                            ("task", "endt")
                        };
                        err(
                            line,
                            col,
                            format!("'{lower}' closes {what} {} (use '{close}')", o.id.1),
                        );
                        open = None;
                    }
                    Some(_) => open = None,
                }
            }
            _ => {
                let Some(o) = open.as_mut() else {
                    err(
                        line,
                        col,
                        format!("instruction '{word}' outside a task or sub"),
                    );
                    continue;
                };
                let body = if lower == "raw" {
                    let mut bytes = Vec::new();
                    for a in &args {
                        match a.arg {
                            Arg::Num(v) if (0..=255).contains(&v) => bytes.push(v as u8),
                            _ => err(line, a.col, "raw takes bytes 0–255".into()),
                        }
                    }
                    if args.is_empty() {
                        err(line, col, "raw needs at least one byte".into());
                    }
                    Body::Raw(bytes)
                } else {
                    let Some(info) = opcode::by_mnemonic_arity(&word, args.len())
                        .filter(|i| !i.mnemonic.starts_with('_'))
                    else {
                        err(line, col, format!("unknown mnemonic '{word}'"));
                        continue;
                    };
                    if !info.ctx.program {
                        err(
                            line,
                            col,
                            format!(
                                "'{}' is a direct command; it cannot be part of a program",
                                info.lasm_name()
                            ),
                        );
                        continue;
                    }
                    if args.len() != info.lasm_fields() {
                        let expected = match info.lasm_name() {
                            "stop" => "0 or 1 operands".to_string(),
                            _ => format!("{} operand(s)", info.lasm_fields()),
                        };
                        err(
                            line,
                            col,
                            format!(
                                "'{}' takes {expected}, got {}",
                                info.lasm_name(),
                                args.len()
                            ),
                        );
                        continue;
                    }
                    Body::Op(info)
                };
                let len = match &body {
                    Body::Op(i) => i.fixed_len(),
                    Body::Raw(b) => b.len(),
                };
                stmts.push(Stmt {
                    line,
                    col,
                    block: o.id,
                    addr: o.addr,
                    body,
                    args,
                });
                o.addr += len;
            }
        }
    }
    if let Some(o) = &open {
        let (what, close) = if o.id.0 {
            ("sub", "ends")
        } else {
            ("task", "endt")
        };
        err(
            o.line,
            o.col,
            format!("{what} {} is never closed with '{close}'", o.id.1),
        );
    }

    // Pass 2: resolve and encode.
    let empty = HashMap::new();
    for s in &stmts {
        let code = if s.block.0 {
            program.subs[s.block.1 as usize].get_or_insert_with(Vec::new)
        } else {
            program.tasks[s.block.1 as usize].get_or_insert_with(Vec::new)
        };
        if code.len() != s.addr {
            // An earlier statement of this block failed; addresses are still right because
            // lengths come from the opcode, so pad to keep going and report more errors.
            code.resize(s.addr, 0);
        }
        let info = match &s.body {
            Body::Raw(bytes) => {
                code.extend_from_slice(bytes);
                continue;
            }
            Body::Op(info) => *info,
        };
        let block_labels = labels.get(&s.block).unwrap_or(&empty);
        let has_target = info.offset_operand().is_some();
        let nvals = s.args.len() - usize::from(has_target);
        let mut values = Vec::with_capacity(nvals);
        let mut ok = true;
        for a in &s.args[..nvals] {
            match &a.arg {
                Arg::Num(v) => values.push(*v),
                Arg::Name(n) => {
                    err(s.line, a.col, format!("expected a number, found '{n}'"));
                    ok = false;
                }
            }
        }
        // Field k of `values` was written at source operand `order[k]`.
        let mut order: Vec<usize> = (0..nvals).collect();
        if motors_first && matches!(info.op, opcode::OUT | opcode::GOUT) && ok {
            values.swap(0, 1);
            order.swap(0, 1);
        }
        let target = if has_target {
            let a = &s.args[nvals];
            match &a.arg {
                Arg::Num(v) => Some(*v),
                Arg::Name(n) => match block_labels.get(n) {
                    Some(addr) => Some(*addr as i32),
                    None => {
                        err(s.line, a.col, format!("undefined label '{n}'"));
                        ok = false;
                        None
                    }
                },
            }
        } else {
            None
        };
        if !ok {
            continue;
        }
        let instr = Instr::new(info.op, &values, target);
        let before = code.len();
        if let Err(e) = encode_one(&instr, s.addr, code) {
            code.truncate(before);
            let (col, message) = match &e {
                EncodeError::Range {
                    mnemonic,
                    index,
                    value,
                    min,
                    max,
                } => {
                    let k = order.get(*index).copied().unwrap_or(*index);
                    (
                        s.args.get(k).map_or(s.col, |a| a.col),
                        format!(
                            "{mnemonic} operand {}: {value} is out of range {min}..={max}",
                            k + 1
                        ),
                    )
                }
                EncodeError::Reach { .. } | EncodeError::NoTarget { .. } => {
                    (s.args.last().map_or(s.col, |a| a.col), e.to_string())
                }
                _ => (s.col, e.to_string()),
            };
            err(s.line, col, message);
        }
    }
    for code in program.tasks.iter().chain(program.subs.iter()).flatten() {
        if code.len() > u16::MAX as usize {
            err(
                last_line.max(1),
                1,
                "a task or sub is longer than 65535 bytes".into(),
            );
            break;
        }
    }
    if !errors.is_empty() {
        errors.sort_by_key(|e| (e.line, e.col));
        return Err(errors);
    }
    program.labels = label_list;
    let lines = (stmts.iter())
        .map(|s| SourceLine {
            sub: s.block.0,
            index: s.block.1,
            addr: s.addr.min(u16::MAX as usize) as u16,
            line: s.line,
        })
        .collect();
    Ok((program, lines))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asm(s: &str) -> Program {
        match assemble_with(s, "t.lasm", &AsmOptions::default()) {
            Ok(p) => p,
            Err(e) => panic!("{}", e[0]),
        }
    }

    fn errs(s: &str) -> Vec<LasmError> {
        assemble_with(s, "t.lasm", &AsmOptions::default()).unwrap_err()
    }

    #[test]
    fn robolab_motor_forward_two_seconds_assembles() {
        let p = asm("task 0\ntmrz 3\nset 24,9,2,1\nset 0,47,2,5\nmulv 47,2,20\nset 5,0,0,47\nout 2,1\nwait 2,200\nout 1,1\nendt\n");
        let code = p.tasks[0].as_ref().unwrap();
        assert_eq!(
            &code[code.len() - 8..],
            &[0x21, 0x81, 0x43, 0x02, 0xc8, 0x00, 0x21, 0x41]
        );
    }

    #[test]
    fn forward_and_backward_labels_resolve() {
        let p = asm("task 0\nL: chkl 2,40,1,9,0,L2\njmpl L\nL2:\nendt");
        let code = p.tasks[0].as_ref().unwrap();
        // chkl at 0, offset byte at 6 → 11 = L2: +5; jmpl at 8, offset at 9 → 0: -9.
        assert_eq!(code, &[0x95, 0x42, 0x09, 40, 0, 0, 5, 0, 0x72, 0x89, 0x00]);
        assert_eq!(p.labels.len(), 2);
        assert_eq!(p.labels[1].addr, 11);
    }

    #[test]
    fn stop_with_and_without_a_task_picks_the_right_opcode() {
        let p = asm("task 0\nstop\nSTOP 1\nendt");
        assert_eq!(p.tasks[0].as_ref().unwrap(), &[0x50, 0x81, 0x01]);
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = errors_of("task 0\n  wait 2, 100\n  jmp far\n  out 9,1\nendt\n");
        assert_eq!(e[0].line, 3);
        assert_eq!(e[0].col, 7);
        assert!(e[0].message.contains("undefined label"), "{}", e[0]);
        assert_eq!((e[1].line, e[1].col), (4, 7));
        assert_eq!(e.len(), 2);
    }

    fn errors_of(s: &str) -> Vec<LasmError> {
        errs(s)
    }
}

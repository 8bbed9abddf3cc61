//! The numbers of a program `grade check` nudges to find a solution's margin: its waits
//! (`wait 2,N`, N hundredths of a second) and its motor powers — ROBOLAB's
//! `set 0,V,2,P` / `mulv V,2,±20` / `set 5,M,0,V` (level P as percent) and a constant
//! percent `set 5,M,2,P`. A level set with `pwr` (0–7) cannot be changed by a tenth and is
//! left alone. Equal numbers form one group ("the waits of 0.24 s"), nudged together, each
//! site found in the bytecode and, for LASM text, named by its source line.

use crate::rcx::bytecode::{decode, encode_one, Instr};
use crate::rcx::lasm::SourceLine;
use crate::rcx::opcode as op;
use crate::rcx::program::Program;

/// What kind of number a group is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum NumberKind {
    /// A wait, in hundredths of a second.
    Wait,
    /// A motor power in percent of full power (ROBOLAB's levels 1–5 are 20–100 %).
    Power,
}

/// Where one number is: its task or sub, the instruction's address, which LASM field of
/// it holds the number, and the source line when the program came as LASM text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Site {
    pub sub: bool,
    pub index: u8,
    pub addr: u16,
    pub field: usize,
    pub line: Option<usize>,
}

/// Equal numbers of one kind: nudged together.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub kind: NumberKind,
    /// The number as the program has it: hundredths of a second, or percent.
    pub value: i32,
    pub sites: Vec<Site>,
}

impl Group {
    /// The source lines of its sites, in order (none for an `.rcx` image).
    pub fn lines(&self) -> Vec<usize> {
        let mut v: Vec<usize> = self.sites.iter().filter_map(|s| s.line).collect();
        v.sort_unstable();
        v.dedup();
        v
    }
}

/// One block of a program: (is_sub, index, its code).
fn blocks(p: &Program) -> impl Iterator<Item = (bool, u8, &Vec<u8>)> {
    let tasks =
        (p.tasks.iter().enumerate()).filter_map(|(i, c)| c.as_ref().map(|c| (false, i as u8, c)));
    let subs =
        (p.subs.iter().enumerate()).filter_map(|(i, c)| c.as_ref().map(|c| (true, i as u8, c)));
    tasks.chain(subs)
}

/// Every number of `p` the check can nudge, grouped by kind and value (waits first, then
/// powers, each by value); `lines` names them for LASM text.
pub fn groups(p: &Program, lines: &[SourceLine]) -> Vec<Group> {
    let mut found: Vec<(NumberKind, i32, Site)> = Vec::new();
    for (sub, index, code) in blocks(p) {
        let Ok(instrs) = decode(code) else { continue };
        let line = |addr: u16| {
            (lines.iter())
                .find(|l| l.sub == sub && l.index == index && l.addr == addr)
                .map(|l| l.line)
        };
        let site = |i: &Instr, field: usize| Site {
            sub,
            index,
            addr: i.addr,
            field,
            line: line(i.addr),
        };
        for (k, i) in instrs.iter().enumerate() {
            let f = i.fields();
            match i.op {
                // wait 2,N: a constant wait.
                op::WAIT if f.len() == 2 && f[0] == 2 && f[1] > 0 => {
                    found.push((NumberKind::Wait, f[1], site(i, 1)))
                }
                // mulv V,2,K after set 0,V,2,P and before set 5,M,0,V: power P·K percent.
                op::MULV if f.len() == 3 && f[1] == 2 && k > 0 => {
                    let (prev, next) = (&instrs[k - 1], instrs.get(k + 1));
                    let pf = prev.fields();
                    let sets_var = prev.op == op::SET
                        && pf.len() == 4
                        && pf[0] == 0
                        && pf[1] == f[0]
                        && pf[2] == 2;
                    let feeds_motor = next.is_some_and(|n| {
                        let nf = n.fields();
                        n.op == op::SET
                            && nf.len() == 4
                            && nf[0] == 5
                            && nf[2] == 0
                            && nf[3] == f[0]
                    });
                    let percent = (pf.get(3).copied().unwrap_or(0) * f[2]).abs();
                    if sets_var && feeds_motor && (1..=100).contains(&percent) {
                        found.push((NumberKind::Power, percent, site(i, 2)));
                    }
                }
                // set 5,M,2,P: a constant percent power.
                op::SET
                    if f.len() == 4
                        && f[0] == 5
                        && f[2] == 2
                        && (1..=100).contains(&f[3].abs()) =>
                {
                    found.push((NumberKind::Power, f[3].abs(), site(i, 3)))
                }
                _ => {}
            }
        }
    }
    found.sort_by_key(|(kind, value, _)| (*kind, *value));
    let mut out: Vec<Group> = Vec::new();
    for (kind, value, site) in found {
        match out.last_mut() {
            Some(g) if g.kind == kind && g.value == value => g.sites.push(site),
            _ => out.push(Group {
                kind,
                value,
                sites: vec![site],
            }),
        }
    }
    out
}

/// `g`'s numbers in `p` scaled by `1 + percent/100`: the program and the number it now
/// has (as the group counts it); `None` when rounding leaves it as it was, or a power would
/// go past full.
pub fn nudged(p: &Program, g: &Group, percent: i32) -> Option<(Program, i32)> {
    let scale = |v: i32| (f64::from(v) * (1.0 + f64::from(percent) / 100.0)).round() as i32;
    let mut out = p.clone();
    let mut shown = None;
    for s in &g.sites {
        let slot = match s.sub {
            true => out.subs.get_mut(usize::from(s.index))?,
            false => out.tasks.get_mut(usize::from(s.index))?,
        };
        let code = slot.as_mut()?;
        let instr = crate::rcx::bytecode::decode_one(code, usize::from(s.addr)).ok()?;
        let mut fields = instr.fields().to_vec();
        let old = *fields.get(s.field)?;
        let (new, now) = match g.kind {
            NumberKind::Wait => {
                let n = scale(old).clamp(1, 32767);
                (n, n)
            }
            // A ROBOLAB level's multiplier (±20) or a percent, its sign kept.
            NumberKind::Power => {
                let n = scale(old.abs()).max(1) * old.signum();
                let now = match instr.op {
                    op::MULV => g.value / old.abs().max(1) * n.abs(),
                    _ => n.abs(),
                };
                if now > 100 {
                    return None;
                }
                (n, now)
            }
        };
        if new == old {
            return None;
        }
        fields[s.field] = new;
        let changed = Instr::new(instr.op, &fields, instr.target);
        let mut bytes = Vec::new();
        encode_one(&changed, usize::from(s.addr), &mut bytes).ok()?;
        let at = usize::from(s.addr);
        if bytes.len() != usize::from(instr.len) || at + bytes.len() > code.len() {
            return None;
        }
        code[at..at + bytes.len()].copy_from_slice(&bytes);
        shown = Some(now);
    }
    shown.map(|v| (out, v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rcx::lasm::{assemble_lines, AsmOptions};

    const SQUARE: &str = "task 0\n\tset 0,47,2,3\n\tmulv 47,2,20\n\tset 5,0,0,47\n\tout 2,1\n\twait 2,150\n\tout 1,1\n\tset 0,47,2,3\n\tmulv 47,2,-20\n\tset 5,2,0,47\n\tout 2,4\n\twait 2,24\n\tout 1,5\n\twait 2,24\n\tplayt 440,50\nendt\n";

    #[test]
    fn waits_and_robolab_powers_are_found_by_value_with_their_lines() {
        let (p, lines) = assemble_lines(SQUARE, "s.lasm", &AsmOptions::default()).unwrap();
        let g = groups(&p, &lines);
        let said: Vec<(NumberKind, i32, Vec<usize>)> =
            g.iter().map(|g| (g.kind, g.value, g.lines())).collect();
        assert_eq!(
            said,
            [
                (NumberKind::Wait, 24, vec![12, 14]),
                (NumberKind::Wait, 150, vec![6]),
                (NumberKind::Power, 60, vec![3, 9]),
            ]
        );
    }

    #[test]
    fn a_nudge_changes_every_number_of_its_group_and_nothing_else() {
        let (p, lines) = assemble_lines(SQUARE, "s.lasm", &AsmOptions::default()).unwrap();
        let g = groups(&p, &lines);
        let (q, now) = nudged(&p, &g[0], -10).unwrap();
        assert_eq!(now, 22);
        let text = crate::rcx::lasm::disassemble(&q).replace([' ', '\t'], "");
        assert_eq!(text.matches("wait2,22").count(), 2, "{text}");
        assert!(text.contains("wait2,150"), "{text}");
        // A power: the multiplier, its sign kept (level 3 → 54 % and −54 %).
        let (q, now) = nudged(&p, &g[2], -10).unwrap();
        assert_eq!(now, 54);
        let text = crate::rcx::lasm::disassemble(&q).replace([' ', '\t'], "");
        assert!(
            text.contains("mulv47,2,18") && text.contains("mulv47,2,-18"),
            "{text}"
        );
        // Full power cannot go up; a tiny change that rounds away is no nudge.
        let full = "task 0\n\tset 0,47,2,5\n\tmulv 47,2,20\n\tset 5,0,0,47\n\twait 2,7\nendt\n";
        let (p, lines) = assemble_lines(full, "f.lasm", &AsmOptions::default()).unwrap();
        let g = groups(&p, &lines);
        assert_eq!(g.len(), 2);
        assert!(nudged(&p, &g[1], 10).is_none());
        assert!(nudged(&p, &g[0], 5).is_none());
        assert!(nudged(&p, &g[0], -10).is_some());
    }
}

//! Validation: what cannot compile, on the icon concerned (or the strip, for a strip that
//! cannot exist).

use super::gen::{emit, sensor_of, SensorUse};
use super::why::Why;
use super::{Doc, Kind, Param, Problem, StripId};
use crate::rcx::program::{MAX_SUBS, MAX_TASKS};
use std::collections::{BTreeMap, HashMap};

/// Bytes of program memory the RCX has for programs (rcx.md §3.4: "~6 KB of program memory
/// shared by all slots and the datalog"; the VM refuses downloads past the same figure).
pub const PROGRAM_MEMORY: usize = crate::vm::MEMORY_BYTES;

/// Counted loops nested deeper than this have no counter left (tasks count in variables
/// 33–39, subs in 40–46; 47 is the motors' and darker/lighter's scratch variable).
pub const MAX_COUNTED_NESTING: usize = 7;

/// Everything in `doc` that cannot compile, in strip then icon order (empty: it compiles).
pub fn check(doc: &Doc) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut problem = |strip: usize, index: Option<usize>, reason: Why| {
        out.push(Problem {
            strip,
            index,
            reason,
        })
    };
    let tasks: Vec<u8> = ids(doc, true);
    let subs: Vec<u8> = ids(doc, false);
    let mut sensors: HashMap<i32, SensorUse> = HashMap::new();
    let mut seen_ids: Vec<StripId> = Vec::new();
    for (si, s) in doc.strips.iter().enumerate() {
        let first = (!s.icons.is_empty()).then_some(0);
        if seen_ids.contains(&s.id) {
            problem(si, first, Why::DefinedTwice(s.id));
        }
        seen_ids.push(s.id);
        match s.id {
            StripId::Task(task) if task as usize >= MAX_TASKS => problem(
                si,
                first,
                Why::NoSuchTaskSlot {
                    task,
                    max: MAX_TASKS,
                },
            ),
            StripId::Sub(sub) if sub as usize >= MAX_SUBS => {
                problem(si, first, Why::NoSuchSubSlot { sub, max: MAX_SUBS })
            }
            _ => {}
        }
        // Structures: loops and forks nest; each closes in order.
        let mut stack: Vec<(usize, Open)> = Vec::new();
        let lands: BTreeMap<i32, usize> = s
            .icons
            .iter()
            .enumerate()
            .filter(|(_, i)| i.kind == Kind::Land)
            .filter_map(|(n, i)| Some((i.get(Param::Label)?, n)))
            .rev()
            .collect();
        for (n, icon) in s.icons.iter().enumerate() {
            let at = Some(n);
            match icon.kind {
                k if k.is_loop()
                    || k.is_fork()
                    || matches!(k, Kind::LoopEnd | Kind::ForkBranch | Kind::ForkMerge) =>
                {
                    if let Some(reason) = structure(&mut stack, n, k) {
                        problem(si, at, reason);
                    }
                }
                Kind::Jump => {
                    let l = icon.get(Param::Label).unwrap_or(0);
                    if !lands.contains_key(&l) {
                        problem(si, at, Why::JumpWithoutLand(l));
                    }
                }
                Kind::Land => {
                    let l = icon.get(Param::Label).unwrap_or(0);
                    if lands.get(&l) != Some(&n) {
                        problem(si, at, Why::SecondLand(l));
                    }
                }
                Kind::TaskSplit | Kind::StartTask | Kind::StopTask => {
                    let t = icon.get(Param::Task).unwrap_or(0);
                    if !tasks.contains(&(t as u8)) {
                        problem(si, at, Why::MissingTask(t));
                    }
                }
                Kind::Subroutine => {
                    let t = icon.get(Param::Sub).unwrap_or(0);
                    if !subs.contains(&(t as u8)) {
                        problem(si, at, Why::MissingSub(t));
                    }
                }
                _ => {}
            }
            if let Some((port, kind)) = sensor_of(icon) {
                match sensors.get(&port) {
                    Some(&k) if k != kind => problem(
                        si,
                        at,
                        Why::SensorClash {
                            port: port + 1,
                            was: k.into(),
                            now: kind.into(),
                        },
                    ),
                    Some(_) => {}
                    None => {
                        sensors.insert(port, kind);
                    }
                }
            }
        }
        for (n, o) in stack {
            let reason = match o {
                Open::Loop { .. } => Why::LoopWithoutEnd,
                Open::Fork { .. } => Why::ForkWithoutMerge,
            };
            problem(si, Some(n), reason);
        }
    }
    out.extend(memory_problem(doc));
    out.sort_by_key(|p| (p.strip, p.index));
    out
}

/// A loop or fork not closed yet, as [`check`] reads a strip.
#[derive(PartialEq)]
enum Open {
    Loop { counted: bool },
    Fork { branched: bool },
}

/// Opens or closes a structure on `stack` for the icon of `kind` at `n` (a loop or fork
/// head, a loop end, a second branch, a merge); why it cannot, if so.
fn structure(stack: &mut Vec<(usize, Open)>, n: usize, kind: Kind) -> Option<Why> {
    match kind {
        k if k.is_loop() => {
            let counted = k == Kind::LoopCount;
            let depth = stack
                .iter()
                .filter(|(_, o)| *o == Open::Loop { counted: true })
                .count();
            stack.push((n, Open::Loop { counted }));
            (counted && depth >= MAX_COUNTED_NESTING).then_some(Why::CountersUsedUp {
                max: MAX_COUNTED_NESTING,
            })
        }
        k if k.is_fork() => {
            stack.push((n, Open::Fork { branched: false }));
            None
        }
        Kind::LoopEnd => match stack.last() {
            Some((_, Open::Loop { .. })) => {
                stack.pop();
                None
            }
            Some((f, Open::Fork { .. })) => Some(Why::LoopEndInFork(f + 1)),
            None => Some(Why::LoopEndWithoutLoop),
        },
        Kind::ForkBranch => match stack.last_mut() {
            Some((_, Open::Fork { branched })) if !*branched => {
                *branched = true;
                None
            }
            Some((_, Open::Fork { .. })) => Some(Why::SecondBranchTwice),
            Some((l, Open::Loop { .. })) => Some(Why::BranchInLoop(*l + 1)),
            None => Some(Why::BranchWithoutFork),
        },
        Kind::ForkMerge => match stack.last() {
            Some((_, Open::Fork { .. })) => {
                stack.pop();
                None
            }
            Some((l, Open::Loop { .. })) => Some(Why::MergeInLoop(l + 1)),
            None => Some(Why::MergeWithoutFork),
        },
        // Every other kind opens and closes nothing.
        _ => None,
    }
}

/// Program memory: a problem on the icon whose code goes past the limit, if any does.
fn memory_problem(doc: &Doc) -> Option<Problem> {
    let mut total = 0usize;
    for b in emit(doc) {
        let before = total;
        total += b.size as usize;
        if total > PROGRAM_MEMORY {
            let past = PROGRAM_MEMORY.saturating_sub(before);
            let index = b
                .icons
                .iter()
                .position(|(_, bytes)| bytes.end as usize > past);
            let all: usize = emit(doc).iter().map(|b| b.size as usize).sum();
            return Some(Problem {
                strip: b.strip,
                index,
                reason: Why::Memory {
                    bytes: all,
                    max: PROGRAM_MEMORY,
                },
            });
        }
    }
    None
}

fn ids(doc: &Doc, tasks: bool) -> Vec<u8> {
    doc.strips
        .iter()
        .filter_map(|s| match (s.id, tasks) {
            (StripId::Task(n), true) | (StripId::Sub(n), false) => Some(n),
            _ => None,
        })
        .collect()
}

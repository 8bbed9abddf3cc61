//! Numbering and wiring: lays every block's recognised icons out as one list (tasks 0–9
//! then subs 0–7) and follows each instruction's control flow out of its icon to find the
//! icons that can run next. Also hands the tracer its pc tables' raw material.

use super::cond::sensor_types;
use super::vi::{Block, BlockId, Context, Node};
use super::{Vi, ViKind};
use crate::rcx::opcode as op;
use crate::rcx::Program;
use std::collections::{BTreeMap, HashMap};

/// Where each recognised block's VIs landed, for the tracer's pc tables.
pub(crate) struct Layout {
    pub vis: Vec<Vi>,
    /// Per block: code length and, per VI, its byte ranges (already in `vis`).
    pub blocks: Vec<(BlockId, usize, std::ops::Range<usize>)>,
    /// Per block: addresses just after a `wait` instruction → that wait's VI.
    pub after_wait: Vec<(BlockId, Vec<(u16, usize)>)>,
}

/// Recognises every task and subroutine; numbers the VIs (tasks 0–9 then subs 0–7, each in
/// program order) and wires them.
pub(crate) fn layout(program: &Program) -> Layout {
    let ctx = Context {
        sensors: sensor_types(program),
        program,
    };
    let mut blocks: Vec<Block> = Vec::new();
    for (t, code) in program.tasks.iter().enumerate() {
        if let Some(code) = code {
            blocks.push(Block::new(BlockId::Task(t as u8), code, &ctx).recognise());
        }
    }
    for (s, code) in program.subs.iter().enumerate() {
        if let Some(code) = code {
            blocks.push(Block::new(BlockId::Sub(s as u8), code, &ctx).recognise());
        }
    }
    // The task a sub's icons are shown under: its lowest-numbered caller (0 if none).
    let mut caller: HashMap<u8, u8> = HashMap::new();
    for b in &blocks {
        if let BlockId::Task(t) = b.id {
            for i in &b.instrs {
                if i.op == op::CALLS {
                    caller.entry(i.fields()[0] as u8).or_insert(t);
                }
            }
        }
    }

    let mut vis = Vec::new();
    let mut spans = Vec::new();
    let mut after_wait = Vec::new();
    let mut first_of_task: HashMap<u8, usize> = HashMap::new();
    for b in &mut blocks {
        // An undecodable tail becomes one generic icon so every byte maps somewhere.
        if let Some((s, e)) = b.bad_tail {
            let mut n = Node::new(
                ViKind::Generic,
                format!("Undecodable bytes {s}..{e}"),
                vec![],
            );
            n.anchor = None;
            n.params.bad_bytes = Some((s, e));
            b.nodes.push(n);
        }
        let base = vis.len();
        let (task, sub) = match b.id {
            BlockId::Task(t) => (t, None),
            BlockId::Sub(s) => (caller.get(&s).copied().unwrap_or(0), Some(s)),
        };
        if let BlockId::Task(t) = b.id {
            if !b.nodes.is_empty() {
                first_of_task.insert(t, base);
            }
        }
        let mut waits = Vec::new();
        for (n, node) in b.nodes.iter().enumerate() {
            let mut ranges: Vec<(u16, u16)> = Vec::new();
            let mut ks = node.instrs.clone();
            ks.sort_unstable();
            for k in ks {
                let i = &b.instrs[k];
                if i.op == op::WAIT {
                    waits.push((i.next(), base + n));
                }
                match ranges.last_mut() {
                    Some(r) if r.1 == i.addr => r.1 = i.next(),
                    _ => ranges.push((i.addr, i.next())),
                }
            }
            if let Some(bad) = node.params.bad_bytes {
                ranges.push(bad);
            }
            vis.push(Vi {
                index: base + n,
                task,
                sub,
                kind: node.kind,
                label: node.label.clone(),
                params: node.params.clone(),
                ranges,
                successors: Vec::new(),
            });
        }
        let code_len = b.bad_tail.map(|t| t.1 as usize).unwrap_or(b.end as usize);
        spans.push((b.id, code_len, base..vis.len()));
        after_wait.push((b.id, waits));
    }

    wire(&blocks, &spans, &first_of_task, &mut vis);
    Layout {
        vis,
        blocks: spans,
        after_wait,
    }
}

/// Wires: follows each instruction's control flow out of its VI to the VIs that can run
/// next (`successors`), within each block of `spans` and into the tasks it starts.
fn wire(
    blocks: &[Block],
    spans: &[(BlockId, usize, std::ops::Range<usize>)],
    first_of_task: &HashMap<u8, usize>,
    vis: &mut [Vi],
) {
    for (b, (_, code_len, span)) in blocks.iter().zip(spans.iter()) {
        let base = span.start;
        let mut owner = vec![usize::MAX; code_len + 1];
        for v in &vis[span.clone()] {
            for &(s, e) in &v.ranges {
                for a in s..e {
                    if let Some(o) = owner.get_mut(a as usize) {
                        *o = v.index;
                    }
                }
            }
        }
        let mut anchors: BTreeMap<u16, Vec<usize>> = BTreeMap::new();
        for (n, node) in b.nodes.iter().enumerate() {
            if let Some(a) = node.anchor {
                anchors.entry(a).or_default().push(base + n);
            }
        }
        let resolve = |addr: i32, from: usize| -> Option<usize> {
            let a = u16::try_from(addr).ok()?;
            if let Some(list) = anchors.get(&a) {
                match list.iter().position(|&x| x == from) {
                    Some(p) if p + 1 < list.len() => return Some(list[p + 1]),
                    Some(_) => {}
                    None => return Some(list[0]),
                }
            }
            owner.get(a as usize).copied().filter(|&o| o != usize::MAX)
        };
        for (n, node) in b.nodes.iter().enumerate() {
            let me = base + n;
            let mut succ: Vec<usize> = Vec::new();
            let mut add = |s: Option<usize>| {
                if let Some(s) = s {
                    if s != me && !succ.contains(&s) {
                        succ.push(s);
                    }
                }
            };
            if node.instrs.is_empty() {
                if let Some(a) = node.anchor {
                    add(resolve(a as i32, me));
                }
            }
            let mut ks = node.instrs.clone();
            ks.sort_unstable();
            for k in ks {
                let i = &b.instrs[k];
                let own_task = matches!(b.id, BlockId::Task(t) if i.op == op::STOP1 && i.fields()[0] == t as i32);
                let ends = matches!(i.op, op::JMP | op::JMPL | op::STOP | op::RETS) || own_task;
                if !ends {
                    add(resolve(i.next() as i32, me));
                }
                if let Some(t) = i.target {
                    if op::info(i.op).and_then(|o| o.offset_operand()).is_some() {
                        add(resolve(t, me));
                    }
                }
            }
            if let Some(t) = node.starts {
                add(first_of_task.get(&t).copied());
            }
            vis[me].successors = succ;
        }
    }
}

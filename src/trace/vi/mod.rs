//! The recogniser: turns each task's and subroutine's decoded bytecode into ROBOLAB VIs
//! (icons) with wires between them. Knows ROBOLAB 2.9's code shapes (lurobotsim.md §8:
//! signed power through source 5, `chkl` waits and forks, `decvjnl` counted loops, jump/land)
//! and the standard-firmware shapes NQC emits (rcx.md §6.5: `pwr`/`dir`/`out`, `chk`
//! self-loops, `decvjn` loops, if/else). Pure: depends only on `rcx`.
//!
//! How a strip is read: the code of one task (or sub) is scanned front to back; at each
//! point the structured shapes (counted loop, condition → wait / while loop / fork, motor
//! group) are tried before single instructions. A `chk` alone does not decide between a wait
//! and a fork: the jumps around it do (a jump straight back to it = wait; a forward jump
//! before its target = if/else fork; a back jump before its target = while loop).
//! Unconditional jumps no structure explains become jump/land pairs.

use super::catalog::sound_name;
use super::cond::{is_jump, sensor_cfg_port};
use super::{ViKind, ViParams};
use crate::rcx::opcode as op;
use crate::rcx::source::{describe, src};
use crate::rcx::{decode_one, Instr, Program, SensorType};
use std::collections::{BTreeSet, HashMap};

mod condition;
mod motor;
/// Which code a VI lives in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum BlockId {
    Task(u8),
    Sub(u8),
}

/// A recognised VI before global numbering and wiring.
#[derive(Clone, Debug)]
pub(super) struct Node {
    pub(super) kind: ViKind,
    pub(super) label: String,
    pub(super) params: ViParams,
    /// Instruction indices (into the block's `instrs`) the VI covers.
    pub(super) instrs: Vec<usize>,
    /// Zero-width position for land and merge icons: edges into this address enter the VI
    /// before the instruction found there.
    pub(super) anchor: Option<u16>,
    /// Task a `start` instruction starts (a wire to that task's strip).
    pub(super) starts: Option<u8>,
}

impl Node {
    pub(super) fn new(kind: ViKind, label: impl Into<String>, instrs: Vec<usize>) -> Node {
        Node {
            kind,
            label: label.into(),
            params: ViParams::default(),
            instrs,
            anchor: None,
            starts: None,
        }
    }

    /// Sets parameters: `.param(|q| q.timer = Some(1))`.
    fn param(mut self, set: impl FnOnce(&mut ViParams)) -> Node {
        set(&mut self.params);
        self
    }
}

/// LASM text of one instruction, for generic icons' labels.
pub(crate) fn lasm_text(i: &Instr) -> String {
    let info = i.info();
    let mut s = info.lasm_name().to_string();
    let mut parts: Vec<String> = i.fields().iter().map(|v| v.to_string()).collect();
    if let Some(t) = i.target {
        parts.push(format!("@{t}"));
    }
    if !parts.is_empty() {
        s.push(' ');
        s.push_str(&parts.join(","));
    }
    s
}

/// Program-wide facts used to name things.
pub(super) struct Context<'p> {
    pub(super) sensors: [SensorType; 3],
    pub(super) program: &'p Program,
}

impl Context<'_> {
    fn label_at(&self, block: BlockId, addr: u16) -> Option<&str> {
        let (sub, index) = match block {
            BlockId::Task(t) => (false, t),
            BlockId::Sub(s) => (true, s),
        };
        self.program
            .labels
            .iter()
            .find(|l| l.sub == sub && l.index == index && l.addr == addr)
            .map(|l| l.name.as_str())
    }
}

/// One task's or sub's code, decoded, and what has been recognised in it.
pub(super) struct Block<'c> {
    pub(super) id: BlockId,
    pub(super) instrs: Vec<Instr>,
    /// Bytes after the last decodable instruction (undecodable tail), as [start, end).
    pub(super) bad_tail: Option<(u16, u16)>,
    index_of: HashMap<u16, usize>,
    /// Address just past the code.
    pub(super) end: u16,
    ctx: &'c Context<'c>,
    lands: BTreeSet<u16>,
    free_jump_targets: BTreeSet<u16>,
    pub(super) nodes: Vec<Node>,
    /// Housekeeping instructions waiting to join the next icon.
    pending: Vec<usize>,
    /// Last known direction per motor while reading the strip (true = forward).
    forward: [bool; 3],
}

impl<'c> Block<'c> {
    pub(super) fn new(id: BlockId, code: &[u8], ctx: &'c Context<'c>) -> Block<'c> {
        let mut instrs = Vec::new();
        let mut addr = 0usize;
        let mut bad_tail = None;
        while addr < code.len() {
            match decode_one(code, addr) {
                Ok(i) => {
                    addr += i.len as usize;
                    instrs.push(i);
                }
                Err(_) => {
                    bad_tail = Some((addr as u16, code.len() as u16));
                    break;
                }
            }
        }
        let index_of = instrs
            .iter()
            .enumerate()
            .map(|(k, i)| (i.addr, k))
            .collect();
        let end = instrs.last().map(|i| i.next()).unwrap_or(0);
        Block {
            id,
            instrs,
            bad_tail,
            index_of,
            end,
            ctx,
            lands: BTreeSet::new(),
            free_jump_targets: BTreeSet::new(),
            nodes: Vec::new(),
            pending: Vec::new(),
            forward: [true; 3],
        }
    }

    /// Index of the instruction at `addr`, or `instrs.len()` for the address past the code.
    fn idx(&self, addr: i32) -> Option<usize> {
        if addr == self.end as i32 {
            return Some(self.instrs.len());
        }
        u16::try_from(addr)
            .ok()
            .and_then(|a| self.index_of.get(&a).copied())
    }

    fn addr(&self, k: usize) -> u16 {
        self.instrs.get(k).map(|i| i.addr).unwrap_or(self.end)
    }

    fn push(&mut self, mut n: Node) {
        if !self.pending.is_empty() {
            let mut all = std::mem::take(&mut self.pending);
            all.append(&mut n.instrs);
            n.instrs = all;
        }
        self.nodes.push(n);
    }

    fn name_of(&self, addr: u16) -> String {
        match self.ctx.label_at(self.id, addr) {
            Some(n) => n.to_string(),
            None => format!("@{addr}"),
        }
    }

    /// Reads the whole block twice: first to learn which jumps no structure explains, then
    /// for real with land icons at those jumps' targets.
    pub(super) fn recognise(mut self) -> Block<'c> {
        self.read();
        self.lands = std::mem::take(&mut self.free_jump_targets);
        self.nodes.clear();
        self.pending.clear();
        self.forward = [true; 3];
        self.read();
        self
    }

    fn read(&mut self) {
        let mut n = self.instrs.len();
        // The `rets` the firmware appends to every sub is no icon of the user's: it joins
        // the sub's last icon.
        let rets = matches!(self.id, BlockId::Sub(_)) && n > 1 && self.instrs[n - 1].op == op::RETS;
        if rets {
            n -= 1;
        }
        self.housekeeping();
        let start = self.pending.len();
        self.scan(start, n);
        if rets {
            match self.nodes.iter_mut().rev().find(|x| !x.instrs.is_empty()) {
                Some(last) if self.pending.is_empty() => last.instrs.push(n),
                _ => self.pending.push(n),
            }
        }
        if !self.pending.is_empty() {
            let rest = std::mem::take(&mut self.pending);
            let label = self.instr_text(&rest);
            self.nodes.push(Node::new(ViKind::Generic, label, rest));
        }
    }

    /// ROBOLAB starts every task with `tmrz 3` and `set 24,9,2,1` (LCD refresh), NQC with
    /// `pwr 7,2,7` `dir 2,7` in `main`: neither is an icon the user placed, so they join the
    /// first icon of the strip (it lights up as soon as the task starts).
    fn housekeeping(&mut self) {
        if !matches!(self.id, BlockId::Task(_)) {
            return;
        }
        let mut k = 0;
        while let Some(i) = self.instrs.get(k) {
            let f = i.fields();
            let next_is_system = self
                .instrs
                .get(k + 1)
                .is_some_and(|j| j.op == op::SET && j.fields()[0] == src::SYSTEM as i32);
            let take = match i.op {
                op::SET => f[0] == src::SYSTEM as i32,
                op::TMRZ => f[0] == 3 && next_is_system,
                op::PWR => {
                    f == [7, 2, 7]
                        && self
                            .instrs
                            .get(k + 1)
                            .is_some_and(|j| j.op == op::DIR && j.fields() == [2, 7])
                }
                op::DIR => f == [2, 7] && k > 0 && self.instrs[k - 1].op == op::PWR,
                _ => false,
            };
            if !take {
                break;
            }
            self.pending.push(k);
            k += 1;
        }
    }

    fn instr_text(&self, ks: &[usize]) -> String {
        ks.iter()
            .map(|&k| lasm_text(&self.instrs[k]))
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// Recognises instructions [lo, hi) into nodes.
    fn scan(&mut self, lo: usize, hi: usize) {
        let mut k = lo;
        while k < hi {
            let a = self.addr(k);
            if self.lands.contains(&a)
                && !self
                    .nodes
                    .iter()
                    .any(|n| n.kind == ViKind::Land && n.anchor == Some(a))
            {
                let name = self.name_of(a);
                let mut n = Node::new(ViKind::Land, format!("Land {name}"), Vec::new())
                    .param(|q| q.label = Some(name));
                n.anchor = Some(a);
                self.push(n);
            }
            let next = self
                .counted_loop(k, hi)
                .or_else(|| self.condition(k, hi))
                .or_else(|| self.motor_group(k, hi))
                .unwrap_or_else(|| self.single(k, hi));
            // Every recogniser consumes at least one instruction.
            k = next.max(k + 1);
        }
    }

    /// `setv v,2,n ; L: decvjn v,END ; body ; jmp L ; END:` (NQC, ROBOLAB's `decvjnl`), or
    /// `loops n ; L: loopc END ; body ; jmp L ; END:`.
    fn counted_loop(&mut self, k: usize, hi: usize) -> Option<usize> {
        let i = self.instrs[k];
        let f = i.fields();
        let (head, count, var) = match i.op {
            // setv v, 2, n / set 0, v, 2, n followed by the decrement
            op::SETV if f[1] == src::CONST as i32 => (k + 1, Some(f[2]), Some(f[0])),
            op::SET if f[0] == src::VAR as i32 && f[2] == src::CONST as i32 => {
                (k + 1, Some(f[3]), Some(f[1]))
            }
            op::LOOPS if f[0] == src::CONST as i32 => (k + 1, Some(f[1]), None),
            op::DECVJN | op::DECVJNL => (k, None, Some(f[0])),
            _ => return None,
        };
        let h = *self.instrs.get(head)?;
        if head >= hi {
            return None;
        }
        let ok_head = match h.op {
            op::DECVJN | op::DECVJNL => var == Some(h.fields()[0]) && (i.op != op::LOOPS),
            op::LOOPC | op::LOOPCL => i.op == op::LOOPS,
            _ => false,
        };
        if !ok_head {
            return None;
        }
        let end = self.idx(h.target?)?;
        if end <= head + 1 || end > hi {
            return None;
        }
        let back = self.instrs[end - 1];
        if !(is_jump(&back) && back.target == Some(self.addr(k) as i32)
            || is_jump(&back) && back.target == Some(h.addr as i32))
        {
            return None;
        }
        let label = match count {
            Some(n) => format!("Loop {n} times"),
            None => format!("Loop (container {})", var.unwrap_or(0)),
        };
        let mut n = Node::new(ViKind::Loop, label, (k..=head).collect());
        if let Some(c) = count {
            n = n.param(|q| q.count = Some(c));
        }
        if let Some(v) = var {
            n = n.param(|q| q.container = Some(v));
        }
        self.push(n);
        self.scan(head + 1, end - 1);
        self.push(Node::new(ViKind::LoopEnd, "Loop end", vec![end - 1]));
        Some(end)
    }

    /// Every other instruction, one icon each (runs of sensor setup join into one).
    fn single(&mut self, k: usize, hi: usize) -> usize {
        let i = self.instrs[k];
        let f = i.fields();
        let node = match i.op {
            op::WAIT => wait_node(f, k),
            op::TMRZ => Node::new(ViKind::TimerReset, format!("Reset timer {}", f[0]), vec![k])
                .param(|q| q.timer = Some(f[0])),
            op::SET
                if (f[0] == src::TIMER as i32 || f[0] == src::FAST_TIMER as i32)
                    && f[2] == src::CONST as i32
                    && f[3] == 0 =>
            {
                Node::new(ViKind::TimerReset, format!("Reset timer {}", f[1]), vec![k])
                    .param(|q| q.timer = Some(f[1]))
            }
            op::PLAYS => Node::new(
                ViKind::PlaySound,
                format!("Play sound {} ({})", f[0], sound_name(f[0])),
                vec![k],
            )
            .param(|q| q.sound = Some(f[0])),
            op::PLAYT => {
                let secs = f[1] as f64 / 100.0;
                Node::new(
                    ViKind::PlayTone,
                    format!("Play tone {} Hz, {secs:.2} s", f[0]),
                    vec![k],
                )
                .param(|q| q.frequency_hz = Some(f[0]))
                .param(|q| q.seconds = Some(secs))
            }
            op::PLAYV => Node::new(
                ViKind::PlayTone,
                format!("Play tone from container {}", f[0]),
                vec![k],
            )
            .param(|q| q.container = Some(f[0]))
            .param(|q| q.seconds = Some(f[1] as f64 / 100.0)),
            op::SETV
            | op::SUMV
            | op::SUBV
            | op::DIVV
            | op::MULV
            | op::SGNV
            | op::ABSV
            | op::ANDV
            | op::ORV => container_node(i.op, f, k),
            op::SET if f[0] == src::VAR as i32 => Node::new(
                ViKind::Container,
                format!("Container {} = {}", f[1], describe(f[2] as u8, f[3])),
                vec![k],
            )
            .param(|q| q.container = Some(f[1])),
            _ if sensor_cfg_port(&i).is_some() => {
                let port = sensor_cfg_port(&i).unwrap_or(0);
                let mut j = k;
                // One icon per port: a run of setup instructions for the same sensor.
                while j < hi && sensor_cfg_port(&self.instrs[j]) == Some(port) {
                    j += 1;
                }
                let ks: Vec<usize> = (k..j).collect();
                let kind = self.sensor_kind(k..j, port);
                let n = Node::new(
                    ViKind::SensorSetup,
                    format!("{} on {}", kind.info().label, port + 1),
                    ks,
                )
                .param(|q| q.sensor_port = Some(port + 1));
                self.push(n);
                return j;
            }
            op::START => {
                let t = f[0];
                let own = matches!(self.id, BlockId::Task(x) if x as i32 == t);
                let defined = self
                    .ctx
                    .program
                    .tasks
                    .get(t as usize)
                    .is_some_and(|c| c.is_some());
                let first = defined && !own && self.ctx_first_start(t, k);
                let mut n = if first {
                    Node::new(ViKind::TaskSplit, format!("Task split: task {t}"), vec![k])
                } else {
                    Node::new(ViKind::StartTask, format!("Start task {t}"), vec![k])
                }
                .param(|q| q.task = Some(t));
                if defined {
                    n.starts = Some(t as u8);
                }
                n
            }
            op::STOP1 => Node::new(ViKind::StopTask, format!("Stop task {}", f[0]), vec![k])
                .param(|q| q.task = Some(f[0])),
            op::STOP => Node::new(ViKind::StopTask, "Stop all tasks", vec![k]),
            op::CALLS => Node::new(ViKind::Subroutine, format!("Subroutine {}", f[0]), vec![k])
                .param(|q| q.sub = Some(f[0])),
            op::JMP | op::JMPL => {
                let t = i.target.unwrap_or(-1);
                if let Ok(t16) = u16::try_from(t) {
                    if self.index_of.contains_key(&t16) || t16 == self.end {
                        self.free_jump_targets.insert(t16);
                    }
                }
                let name = u16::try_from(t)
                    .map(|a| self.name_of(a))
                    .unwrap_or_else(|_| format!("@{t}"));
                Node::new(ViKind::Jump, format!("Jump to {name}"), vec![k])
                    .param(|q| q.label = Some(name))
            }
            _ => Node::new(ViKind::Generic, lasm_text(&i), vec![k]),
        };
        self.push(node);
        k + 1
    }

    /// True when this `start t` (at instruction `k` of this block) is the program's first
    /// `start` of task `t`, reading tasks then subs in order: ROBOLAB's task split.
    fn ctx_first_start(&self, t: i32, k: usize) -> bool {
        let here = self.id;
        let blocks = self
            .ctx
            .program
            .tasks
            .iter()
            .enumerate()
            .map(|(n, c)| (BlockId::Task(n as u8), c))
            .chain(
                self.ctx
                    .program
                    .subs
                    .iter()
                    .enumerate()
                    .map(|(n, c)| (BlockId::Sub(n as u8), c)),
            );
        for (id, code) in blocks {
            let Some(code) = code else { continue };
            let mut addr = 0usize;
            while addr < code.len() {
                let Ok(i) = decode_one(code, addr) else { break };
                if id == here && addr == self.instrs[k].addr as usize {
                    return true;
                }
                if i.op == op::START && i.fields()[0] == t {
                    return false;
                }
                addr += i.len as usize;
            }
        }
        true
    }
}

/// A `wait` of a constant, a random or another source's time.
fn wait_node(f: &[i32], k: usize) -> Node {
    if f[0] == src::CONST as i32 {
        let secs = f[1] as f64 / 100.0;
        Node::new(ViKind::WaitTime, format!("Wait for {secs:.1} s"), vec![k])
            .param(|q| q.seconds = Some(secs))
    } else if f[0] == src::RANDOM as i32 {
        let secs = f[1] as f64 / 100.0;
        Node::new(
            ViKind::WaitTime,
            format!("Wait for random time up to {secs:.1} s"),
            vec![k],
        )
        .param(|q| q.random_max_seconds = Some(secs))
    } else {
        Node::new(
            ViKind::WaitTime,
            format!("Wait for {} × 10 ms", describe(f[0] as u8, f[1])),
            vec![k],
        )
    }
}

/// A container's arithmetic (`setv`, `sumv`, … `orv`).
fn container_node(opcode: u8, f: &[i32], k: usize) -> Node {
    let op = match opcode {
        op::SETV => "=",
        op::SUMV => "+=",
        op::SUBV => "-=",
        op::DIVV => "/=",
        op::MULV => "*=",
        op::SGNV => "= sign of",
        op::ABSV => "= abs of",
        op::ANDV => "&=",
        _ => "|=",
    };
    Node::new(
        ViKind::Container,
        format!("Container {} {op} {}", f[0], describe(f[1] as u8, f[2])),
        vec![k],
    )
    .param(|q| q.container = Some(f[0]))
}

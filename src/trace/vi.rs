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

use super::catalog::{ports, sound_name};
use super::cond::{
    is_check, is_jump, sensor_cfg_port, sensor_cfg_type, sensor_mode_hint, type_from, Cond, Shape,
};
use super::{Direction, Power, ViKind, ViParams};
use crate::rcx::opcode as op;
use crate::rcx::source::{describe, src};
use crate::rcx::{decode_one, Instr, Program, SensorType};
use std::collections::{BTreeSet, HashMap};
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

    /// Sensor configuration and threshold arithmetic that may lead up to a check:
    /// `sent`, `senm`, `senz`, and ROBOLAB's darker/lighter base `set 0,47,9,p` (or
    /// `setv 47,9,p`) + `subv/sumv 47,2,d`. Returns the index after the prefix and the
    /// darker/lighter base if any: (var, sensor port, signed delta).
    fn prefix(&self, k: usize, hi: usize) -> (usize, Option<(i32, i32, i32)>) {
        let mut j = k;
        let mut base = None;
        while j < hi {
            let i = &self.instrs[j];
            let f = i.fields();
            if sensor_cfg_port(i).is_some() {
                j += 1;
                continue;
            }
            match i.op {
                op::SET | op::SETV => {
                    let (var, s, p) = if i.op == op::SET {
                        if f[0] != src::VAR as i32 {
                            break;
                        }
                        (f[1], f[2], f[3])
                    } else {
                        (f[0], f[1], f[2])
                    };
                    if s != src::SENSOR_VALUE as i32 {
                        break;
                    }
                    let Some(d) = self.instrs.get(j + 1).filter(|_| j + 1 < hi) else {
                        break;
                    };
                    let df = d.fields();
                    let delta = match d.op {
                        op::SUBV if df[0] == var && df[1] == src::CONST as i32 => -df[2],
                        op::SUMV if df[0] == var && df[1] == src::CONST as i32 => df[2],
                        _ => break,
                    };
                    base = Some((var, p, delta));
                    j += 2;
                }
                _ => break,
            }
        }
        (j, base)
    }

    /// Sensor type a prefix sets for `port`, else what the program says elsewhere.
    fn sensor_kind(&self, prefix: std::ops::Range<usize>, port: i32) -> SensorType {
        for k in prefix.clone().rev() {
            if let Some((p, t)) = sensor_cfg_type(&self.instrs[k]) {
                if p == port {
                    return type_from(t);
                }
            }
        }
        let known = self
            .ctx
            .sensors
            .get(port as usize)
            .copied()
            .unwrap_or(SensorType::None);
        if known != SensorType::None {
            return known;
        }
        for k in prefix.clone().rev() {
            if let Some((p, t)) = sensor_mode_hint(&self.instrs[k]) {
                if p == port {
                    return t;
                }
            }
        }
        self.ctx
            .sensors
            .get(port as usize)
            .copied()
            .unwrap_or(SensorType::None)
    }

    /// A check (`chk`/`chkl`), with the sensor prefix before it: a wait, a while loop or a
    /// fork, decided by the jumps around it.
    fn condition(&mut self, k: usize, hi: usize) -> Option<usize> {
        let (j, base) = self.prefix(k, hi);
        let c = *self.instrs.get(j).filter(|_| j < hi)?;
        if !is_check(&c) {
            return None;
        }
        let t = c.target?;
        let head_lo = self.addr(k) as i32;
        let head_hi = c.addr as i32;
        let back_to_head =
            |i: &Instr| is_jump(i) && i.target.is_some_and(|x| x >= head_lo && x <= head_hi);
        let cond = Cond::of(&c);
        // A prefix belongs to the check only if all of it is about the port it reads;
        // otherwise the setup is read on its own and the check gets its turn later.
        if j > k {
            let p = cond.sensor_left().map(|s| s.a.1);
            let mine = (k..j).all(|x| {
                let i = &self.instrs[x];
                match sensor_cfg_port(i) {
                    Some(port) => Some(port) == p,
                    None => base.is_some_and(|b| Some(b.1) == p),
                }
            });
            if !mine {
                return None;
            }
        }
        let head: Vec<usize> = (k..=j).collect();
        // NQC's `until (c)`: `L: chk !c, L` — the check branches to itself.
        if t == head_hi {
            let node = self.classify(Shape::Wait, cond.negate(), base, k..j, head);
            self.push(node);
            return Some(j + 1);
        }
        // ROBOLAB's wait: `L: chkl c, L2 ; jmpl L ; L2:`. When the check's exit goes
        // elsewhere (`L: chkl c, L0 ; jmpl L` — a wait followed by a jump, folded into
        // one), it is still a wait: the task sits in it until `c`, then continues at the
        // target, which gets a land icon and the wait's wire.
        if let Some(n) = self.instrs.get(j + 1).filter(|_| j + 1 < hi) {
            let inside = t >= head_lo && t < n.next() as i32;
            if back_to_head(n) && !inside {
                let mut all = head;
                all.push(j + 1);
                let mut node = self.classify(Shape::Wait, cond, base, k..j, all);
                if t != n.next() as i32 {
                    if let Ok(t16) = u16::try_from(t) {
                        if self.index_of.contains_key(&t16) {
                            self.free_jump_targets.insert(t16);
                            node = node.param(|q| q.then_to = Some(self.name_of(t16)));
                        }
                    }
                }
                self.push(node);
                return Some(j + 2);
            }
        }
        // NQC's `do … while (c)`: a check that branches back. Its target gets a land icon.
        if t < head_lo {
            if let Ok(t16) = u16::try_from(t) {
                if self.index_of.contains_key(&t16) {
                    self.free_jump_targets.insert(t16);
                }
            }
            let node = Node::new(
                ViKind::LoopEnd,
                format!("Loop back while {}", cond.text()),
                head,
            )
            .param(|q| q.condition = Some(cond.text()));
            self.push(node);
            return Some(j + 1);
        }
        let e = self.idx(t)?;
        if e <= j + 1 || e > hi {
            return None;
        }
        let last = self.instrs[e - 1];
        // While loop: `L: chk c, END ; body ; jmp L ; END:` — runs while c is false.
        if back_to_head(&last) {
            let node = self.classify(Shape::While, cond.negate(), base, k..j, head);
            self.push(node);
            self.scan(j + 1, e - 1);
            self.push(Node::new(ViKind::LoopEnd, "Loop end", vec![e - 1]));
            return Some(e);
        }
        let node = self.classify(Shape::Fork, cond, base, k..j, head);
        self.push(node);
        // If/else: `chk c, ELSE ; a ; jmp END ; ELSE: b ; END:`.
        if is_jump(&last) {
            if let Some(m) = last.target.and_then(|x| self.idx(x)) {
                if m >= e && m <= hi {
                    // A jump to the merge point at the end of the second branch too is
                    // part of the merge, not a jump icon.
                    let tail = m > e
                        && is_jump(&self.instrs[m - 1])
                        && self.instrs[m - 1].target == Some(self.addr(m) as i32);
                    let b_end = if tail { m - 1 } else { m };
                    self.scan(j + 1, e - 1);
                    self.scan(e, b_end);
                    let mut ks = vec![e - 1];
                    ks.extend(b_end..m);
                    let mut merge = Node::new(ViKind::ForkMerge, "Fork merge", ks);
                    merge.anchor = Some(self.addr(m));
                    self.push(merge);
                    return Some(m);
                }
            }
        }
        // If without else: `chk c, END ; a ; END:`.
        self.scan(j + 1, e);
        let mut merge = Node::new(ViKind::ForkMerge, "Fork merge", Vec::new());
        merge.anchor = Some(t as u16);
        self.push(merge);
        Some(e)
    }

    /// Names a check. For a wait, `cond` is what ends the wait; for a while loop, what keeps
    /// it looping; for a fork, what sends the task down the branch (second successor).
    fn classify(
        &self,
        shape: Shape,
        cond: Cond,
        base: Option<(i32, i32, i32)>,
        prefix: std::ops::Range<usize>,
        instrs: Vec<usize>,
    ) -> Node {
        let generic = |what: &str| {
            Node::new(
                match shape {
                    Shape::While => ViKind::Loop,
                    _ => ViKind::Generic,
                },
                format!("{what} {}", cond.text()),
                instrs.clone(),
            )
            .param(|q| q.condition = Some(cond.text()))
        };
        let what = match shape {
            Shape::Wait => "Wait until",
            Shape::Fork => "Fork on",
            Shape::While => "While",
        };
        if let Some(tc) = cond.timer_left() {
            if shape == Shape::Wait && tc.b.0 == src::CONST {
                // Timers count 100 ms (source 1), 10 ms (26) or 1 ms (22).
                let unit = match tc.a.0 {
                    src::FAST_TIMER => 0.01,
                    src::TIMER_1MS => 0.001,
                    _ => 0.1,
                };
                let secs = tc.b.1 as f64 * unit;
                return Node::new(
                    ViKind::WaitTime,
                    format!(
                        "Wait until timer {} {} {:.1} s",
                        tc.a.1,
                        tc.rel.symbol(),
                        secs
                    ),
                    instrs,
                )
                .param(|q| q.timer = Some(tc.a.1))
                .param(|q| q.relation = Some(tc.rel.symbol().into()))
                .param(|q| q.seconds = Some(secs));
            }
            return generic(what);
        }
        let Some(sc) = cond.sensor_left() else {
            return generic(what);
        };
        let port = sc.a.1;
        let shown = port + 1;
        let mut kind_of_sensor = self.sensor_kind(prefix.clone(), port);
        if sc.a.0 == src::SENSOR_BOOL {
            kind_of_sensor = SensorType::Touch;
        }
        // Darker/lighter: the other side is the base variable computed in the prefix.
        if let Some((var, bport, delta)) = base {
            if sc.b == (src::VAR, var) && bport == port {
                let kind = if sc.rel.is_below() {
                    ViKind::WaitDarker
                } else if sc.rel.is_above() {
                    ViKind::WaitLighter
                } else {
                    return generic(what);
                };
                if shape != Shape::Wait {
                    return generic(what);
                }
                let word = if kind == ViKind::WaitDarker {
                    "darker"
                } else {
                    "lighter"
                };
                return Node::new(
                    kind,
                    format!("Wait for {word} by {} on {shown}", delta.abs()),
                    instrs,
                )
                .param(|q| q.sensor_port = Some(shown))
                .param(|q| q.change = Some(delta.abs()));
            }
        }
        if sc.b.0 != src::CONST {
            return generic(what);
        }
        let k = sc.b.1;
        if kind_of_sensor == SensorType::None {
            // No `sent` anywhere: a 0/1 threshold can only be a touch sensor.
            kind_of_sensor = if k == 0 || k == 1 {
                SensorType::Touch
            } else {
                SensorType::Light
            };
        }
        match kind_of_sensor {
            SensorType::Touch => {
                let pressed = sc.rel.holds(1, k) && !sc.rel.holds(0, k);
                let released = sc.rel.holds(0, k) && !sc.rel.holds(1, k);
                if !pressed && !released {
                    return generic(what);
                }
                match shape {
                    Shape::Wait => {
                        let (kind, word) = if pressed {
                            (ViKind::WaitPush, "push")
                        } else {
                            (ViKind::WaitLetgo, "let go")
                        };
                        Node::new(kind, format!("Wait for {word} on {shown}"), instrs)
                            .param(|q| q.sensor_port = Some(shown))
                    }
                    Shape::Fork => {
                        Node::new(ViKind::TouchFork, format!("Touch fork on {shown}"), instrs)
                            .param(|q| q.sensor_port = Some(shown))
                            .param(|q| {
                                q.branch_when =
                                    Some((if pressed { "pressed" } else { "released" }).into())
                            })
                    }
                    Shape::While => Node::new(
                        ViKind::Loop,
                        format!(
                            "While touch {shown} {}",
                            if pressed { "pressed" } else { "released" }
                        ),
                        instrs,
                    )
                    .param(|q| q.sensor_port = Some(shown))
                    .param(|q| q.condition = Some(sc.text())),
                }
            }
            SensorType::Light => {
                let dark = sc.rel.is_below();
                if !dark && !sc.rel.is_above() {
                    return generic(what);
                }
                match shape {
                    Shape::Wait => {
                        let (kind, word, sym) = if dark {
                            (ViKind::WaitDark, "dark", "<")
                        } else {
                            (ViKind::WaitLight, "light", ">")
                        };
                        Node::new(kind, format!("Wait for {word} {sym} {k}"), instrs)
                            .param(|q| q.sensor_port = Some(shown))
                            .param(|q| q.threshold = Some(k))
                            .param(|q| q.relation = Some(sc.rel.symbol().into()))
                    }
                    Shape::Fork => Node::new(
                        ViKind::LightFork,
                        format!("Light fork on {shown} at {k}"),
                        instrs,
                    )
                    .param(|q| q.sensor_port = Some(shown))
                    .param(|q| q.threshold = Some(k))
                    .param(|q| q.branch_when = Some(format!("value {} {k}", sc.rel.symbol()))),
                    Shape::While => Node::new(
                        ViKind::Loop,
                        format!("While light {shown} {} {k}", sc.rel.symbol()),
                        instrs,
                    )
                    .param(|q| q.sensor_port = Some(shown))
                    .param(|q| q.threshold = Some(k))
                    .param(|q| q.condition = Some(sc.text())),
                }
            }
            SensorType::Rotation if shape == Shape::Wait => Node::new(
                ViKind::WaitRotation,
                format!("Wait for rotation {} {k} on {shown}", sc.rel.symbol()),
                instrs,
            )
            .param(|q| q.sensor_port = Some(shown))
            .param(|q| q.count = Some(k))
            .param(|q| q.relation = Some(sc.rel.symbol().into())),
            _ => generic(what),
        }
    }

    /// Consecutive motor instructions up to and including one `out`: ROBOLAB's
    /// `set 0,47,2,n ; mulv 47,2,±20 ; set 5,port,0,47 ; out 2,mask`, NQC's
    /// `pwr`/`dir`/`out`.
    fn motor_group(&mut self, k: usize, hi: usize) -> Option<usize> {
        let mut j = k;
        let mut mask = 0u8;
        let mut power: Option<i32> = None;
        let mut percent: Option<i32> = None;
        let mut dir: Option<bool> = None;
        let mut out: Option<i32> = None;
        let mut pending_power: Option<(i32, i32, i32)> = None; // (var, level, factor)
        while j < hi && out.is_none() {
            let i = self.instrs[j];
            let f = i.fields();
            match i.op {
                // ROBOLAB's power arithmetic: var = level ; var *= ±20.
                op::SET | op::SETV => {
                    let (dsrc_is_var, var, s, v) = if i.op == op::SET {
                        (f[0] == src::VAR as i32, f[1], f[2], f[3])
                    } else {
                        (true, f[0], f[1], f[2])
                    };
                    if i.op == op::SET && f[0] == src::MOTOR_POWER8 as i32 {
                        // set 32, port, 2, n: ROBOLAB's power level 0–7.
                        mask |= 1 << (f[1].clamp(0, 2));
                        if s == src::CONST as i32 {
                            power = Some(v);
                        }
                        j += 1;
                        continue;
                    }
                    if i.op == op::SET && f[0] == src::MOTOR_POWER_SIGNED as i32 {
                        // set 5, port, src, val: signed power in percent.
                        mask |= 1 << (f[1].clamp(0, 2));
                        let signed = match (s, pending_power) {
                            (2, _) => Some(v),
                            (0, Some((pv, level, factor))) if pv == v => {
                                power = Some(level);
                                Some(level * factor)
                            }
                            _ => None,
                        };
                        if let Some(p) = signed {
                            percent = Some(p.abs());
                            dir = Some(p >= 0);
                        }
                        j += 1;
                        continue;
                    }
                    let is_mul = self.instrs.get(j + 1).filter(|_| j + 1 < hi).and_then(|m| {
                        let mf = m.fields();
                        (m.op == op::MULV && mf[0] == var && mf[1] == src::CONST as i32)
                            .then(|| mf[2])
                    });
                    let feeds = self
                        .instrs
                        .get(j + 2)
                        .filter(|_| j + 2 < hi)
                        .is_some_and(|m| {
                            let mf = m.fields();
                            m.op == op::SET
                                && mf[0] == src::MOTOR_POWER_SIGNED as i32
                                && mf[2] == src::VAR as i32
                                && mf[3] == var
                        });
                    match is_mul {
                        Some(factor) if dsrc_is_var && s == src::CONST as i32 && feeds => {
                            pending_power = Some((var, v, factor));
                            j += 2;
                        }
                        _ => break,
                    }
                }
                op::PWR => {
                    mask |= f[0] as u8 & 7;
                    if f[1] == src::CONST as i32 {
                        power = Some(f[2]);
                    }
                    j += 1;
                }
                op::DIR => {
                    mask |= f[1] as u8 & 7;
                    // 0 reverse, 2 forward; 1 and 3 flip (direction unknown here).
                    dir = match f[0] {
                        0 => Some(false),
                        2 => Some(true),
                        _ => dir,
                    };
                    j += 1;
                }
                op::OUT => {
                    mask = f[1] as u8 & 7;
                    out = Some(f[0]);
                    j += 1;
                }
                _ => break,
            }
        }
        if j == k {
            return None;
        }
        let ks: Vec<usize> = (k..j).collect();
        let p = ports(mask);
        let noun = if p.len() > 1 { "Motors" } else { "Motor" };
        // Remember directions for later `out` instructions that do not say.
        if let Some(d) = dir {
            for m in 0..3 {
                if mask & (1 << m) != 0 {
                    self.forward[m] = d;
                }
            }
        }
        let fwd = dir.unwrap_or_else(|| {
            (0..3)
                .filter(|m| mask & (1 << m) != 0)
                .all(|m| self.forward[m])
        });
        let kind = match out {
            Some(2) | Some(3) => {
                if fwd {
                    ViKind::MotorForward
                } else {
                    ViKind::MotorBackward
                }
            }
            Some(1) => ViKind::MotorStop,
            Some(_) => ViKind::MotorFloat,
            None if dir.is_some() => {
                if fwd {
                    ViKind::MotorForward
                } else {
                    ViKind::MotorBackward
                }
            }
            None => {
                let label = self.instr_text(&ks);
                self.push(
                    Node::new(ViKind::Generic, label, ks)
                        .param(|q| q.port = Some(p))
                        .param(|q| q.power = Some(power.map_or(Power::NotConstant, Power::Level))),
                );
                return Some(j);
            }
        };
        let mut label = match kind {
            ViKind::MotorForward => format!("{noun} {p} forward"),
            ViKind::MotorBackward => format!("{noun} {p} backward"),
            ViKind::MotorStop => format!("{noun} {p} stop"),
            _ => format!("{noun} {p} float"),
        };
        let mut n = Node::new(kind, String::new(), ks).param(|q| q.port = Some(p));
        if matches!(kind, ViKind::MotorForward | ViKind::MotorBackward) {
            n = n.param(|q| {
                q.direction = Some(if fwd {
                    Direction::Forward
                } else {
                    Direction::Backward
                })
            });
            if let Some(pw) = power {
                label.push_str(&format!(", power {pw}"));
                n = n.param(|q| q.power = Some(Power::Level(pw)));
            } else if let Some(pc) = percent {
                label.push_str(&format!(", power {pc}%"));
            }
            if let Some(pc) = percent {
                n = n.param(|q| q.power_percent = Some(pc));
            }
        }
        n.label = label;
        self.push(n);
        Some(j)
    }

    /// Every other instruction, one icon each (runs of sensor setup join into one).
    fn single(&mut self, k: usize, hi: usize) -> usize {
        let i = self.instrs[k];
        let f = i.fields();
        let node = match i.op {
            op::WAIT => {
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
            | op::ORV => {
                let op = match i.op {
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

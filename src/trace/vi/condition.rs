//! Checks and what leads up to them: the sensor prefix (types, modes, ROBOLAB's
//! darker/lighter base), then a wait, a while loop or a fork, named by the sensor it reads.

use super::{Block, Node};
use crate::rcx::opcode as op;
use crate::rcx::source::src;
use crate::rcx::{Instr, SensorType};
use crate::trace::cond::{
    is_check, is_jump, sensor_cfg_port, sensor_cfg_type, sensor_mode_hint, type_from, Cond, Shape,
};
use crate::trace::ViKind;

impl Block<'_> {
    /// Sensor configuration and threshold arithmetic that may lead up to a check:
    /// `sent`, `senm`, `senz`, and ROBOLAB's darker/lighter base `set 0,47,9,p` (or
    /// `setv 47,9,p`) + `subv/sumv 47,2,d`. Returns the index after the prefix and the
    /// darker/lighter base if any: (var, sensor port, signed delta).
    pub(super) fn prefix(&self, k: usize, hi: usize) -> (usize, Option<(i32, i32, i32)>) {
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
    pub(super) fn sensor_kind(&self, prefix: std::ops::Range<usize>, port: i32) -> SensorType {
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
    pub(super) fn condition(&mut self, k: usize, hi: usize) -> Option<usize> {
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
    pub(super) fn classify(
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
                touch_node(shape, sc, k, shown, instrs.clone()).unwrap_or_else(|| generic(what))
            }
            SensorType::Light => {
                light_node(shape, sc, k, shown, instrs.clone()).unwrap_or_else(|| generic(what))
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
}

/// A touch sensor's check as a wait, fork or while loop; `None` when the threshold `k`
/// does not tell pressed from released.
fn touch_node(shape: Shape, sc: Cond, k: i32, shown: i32, instrs: Vec<usize>) -> Option<Node> {
    let pressed = sc.rel.holds(1, k) && !sc.rel.holds(0, k);
    let released = sc.rel.holds(0, k) && !sc.rel.holds(1, k);
    if !pressed && !released {
        return None;
    }
    Some(match shape {
        Shape::Wait => {
            let (kind, word) = if pressed {
                (ViKind::WaitPush, "push")
            } else {
                (ViKind::WaitLetgo, "let go")
            };
            Node::new(kind, format!("Wait for {word} on {shown}"), instrs)
                .param(|q| q.sensor_port = Some(shown))
        }
        Shape::Fork => Node::new(ViKind::TouchFork, format!("Touch fork on {shown}"), instrs)
            .param(|q| q.sensor_port = Some(shown))
            .param(|q| q.branch_when = Some((if pressed { "pressed" } else { "released" }).into())),
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
    })
}

/// A light sensor's check as a wait, fork or while loop; `None` when it compares neither
/// below nor above.
fn light_node(shape: Shape, sc: Cond, k: i32, shown: i32, instrs: Vec<usize>) -> Option<Node> {
    let dark = sc.rel.is_below();
    if !dark && !sc.rel.is_above() {
        return None;
    }
    Some(match shape {
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
    })
}

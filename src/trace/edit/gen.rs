//! The generator: a document → the LASM text ROBOLAB 2.9 writes for its icons, and that
//! text assembled. The shapes are lurobotsim.md §8's and the tracer's (`trace/vi/`):
//!
//! * every task starts `tmrz 3` · `set 24,9,2,1`, then `sent`/`senm` for each sensor port
//!   its icons use (touch `sent p,1` `senm p,1,0`; light `sent p,3` `senm p,4,0`; rotation
//!   `sent p,4` `senm p,7,0`), in the order the icons first use them (a sub: the sensors);
//! * motor: `set 0,47,2,power` · `mulv 47,2,±20` · `set 5,port,0,47` per port · `out 2,mask`;
//!   stop `out 1,mask`, float `out 0,mask`; wait for time `wait 2,hundredths`;
//! * check waits `L: chkl a,…,E` · `jmpl L` · `E:` (a wait followed by a jump exits straight
//!   to the jump's land, as the line follower shows); darker/lighter first
//!   `set 0,47,9,p` · `subv/sumv 47,2,change`; rotation first `senz p`;
//! * loops: count `setv V,2,n` · `L: decvjnl V,E` … `jmpl L` · `E:` (V = 33 + nesting in a
//!   task, 40 + nesting in a sub); forever `L:` … `jmpl L`; until a sensor
//!   `L: chkl c,E` … `jmpl L` · `E:`;
//! * forks: `chkl c,B` (first branch) `jmpl M` · `B:` (second branch) `M:`;
//! * jump `jmpl LandN`, land `LandN:`; generic icons `raw` bytes.

use super::{Doc, Icon, Kind, Param, Pos, StripId};
use crate::rcx::opcode as op;
use crate::rcx::Program;
use std::ops::Range;

/// Where one icon's code went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IconCode {
    /// Its lines in [`Generated::lasm`] (0-based, end exclusive); empty for icons that
    /// write no code of their own.
    pub lines: Range<usize>,
    /// Its bytes in its block's code, [start, end).
    pub bytes: Range<u16>,
}

/// A generated program.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The LASM text (ROBOLAB's shapes and label names).
    pub lasm: String,
    /// The text assembled.
    pub program: Program,
    /// Per strip (indices of `Doc::strips`), per icon: where its code went.
    pub icons: Vec<Vec<IconCode>>,
    /// Per strip, its block.
    pub ids: Vec<StripId>,
}

impl Generated {
    /// The icon whose code holds `pc` in a block (for lighting the running icon).
    pub fn icon_at(&self, id: StripId, pc: u16) -> Option<Pos> {
        let strip = self.ids.iter().position(|&i| i == id)?;
        let index = self
            .icons
            .get(strip)?
            .iter()
            .position(|c| c.bytes.contains(&pc))?;
        Some(Pos::new(strip, index))
    }

    /// The LASM line (0-based) of the icon running at `pc` in a block.
    pub fn line_at(&self, id: StripId, pc: u16) -> Option<usize> {
        let at = self.icon_at(id, pc)?;
        self.icons[at.strip][at.index].lines.clone().next()
    }
}

/// The LASM text of a document and where each icon's code goes in it, also for a document
/// that does not compile (the editor's live LASM view): unresolved structures then name
/// labels that do not exist (`NoLoop`, `NoFork`, a missing `LandN`), so the text would not
/// assemble; [`super::generate`] refuses such documents first.
pub fn lasm_preview(doc: &Doc) -> (String, Vec<Vec<IconCode>>) {
    let blocks = emit(doc);
    let mut lasm = String::from("; ROBOLAB program written by lurobotsim's icon editor\n");
    let mut line = 1;
    let mut icons = vec![Vec::new(); doc.strips.len()];
    for b in &blocks {
        let (open, close) = match b.id {
            StripId::Task(n) => (format!("task {n}"), "endt"),
            StripId::Sub(n) => (format!("sub {n}"), "ends"),
        };
        lasm.push_str(&open);
        lasm.push('\n');
        line += 1;
        let first = line;
        for (text, _) in &b.lines {
            lasm.push_str(text);
            lasm.push('\n');
            line += 1;
        }
        lasm.push_str(close);
        lasm.push('\n');
        line += 1;
        icons[b.strip] = b
            .icons
            .iter()
            .map(|(l, bytes)| IconCode {
                lines: first + l.start..first + l.end,
                bytes: bytes.clone(),
            })
            .collect();
    }
    (lasm, icons)
}

/// One strip's code before assembly.
pub(super) struct Block {
    /// Index in `Doc::strips`.
    pub strip: usize,
    pub id: StripId,
    /// Lines (without the block's open/close) and each line's byte length.
    pub lines: Vec<(String, u16)>,
    /// Per icon: its lines (indices into `lines`) and bytes.
    pub icons: Vec<(Range<usize>, Range<u16>)>,
    /// Bytes in all.
    pub size: u16,
}

/// Which sensor an icon uses: (port 0–2, type, mode byte as `senm` writes it).
pub(super) fn sensor_of(icon: &Icon) -> Option<(i32, SensorUse)> {
    let port = icon.get(Param::SensorPort)? - 1;
    let kind = match icon.kind {
        Kind::WaitPush | Kind::WaitLetgo | Kind::TouchFork | Kind::LoopTouch => SensorUse::Touch,
        Kind::WaitDark
        | Kind::WaitLight
        | Kind::WaitDarker
        | Kind::WaitLighter
        | Kind::LightFork
        | Kind::LoopLight => SensorUse::Light,
        Kind::WaitRotation => SensorUse::Rotation,
        _ => return None,
    };
    Some((port, kind))
}

/// The sensor kinds the icons configure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SensorUse {
    Touch,
    Light,
    Rotation,
}

impl SensorUse {
    /// `sent` type and `senm` mode slot (rcx.md §4.1).
    pub(super) fn setup(self) -> (i32, i32) {
        match self {
            SensorUse::Touch => (1, 1),
            SensorUse::Light => (3, 4),
            SensorUse::Rotation => (4, 7),
        }
    }
}

/// The instructions of a strip's prologue: ROBOLAB's task header and the sensor setup.
pub(super) fn prologue(strip: &super::Strip) -> Vec<(u8, Vec<i32>)> {
    let mut out = Vec::new();
    if !strip.header {
        return out;
    }
    if matches!(strip.id, StripId::Task(_)) {
        out.push((op::TMRZ, vec![3]));
        out.push((op::SET, vec![24, 9, 2, 1]));
    }
    let mut seen: Vec<i32> = Vec::new();
    for icon in &strip.icons {
        if let Some((port, kind)) = sensor_of(icon) {
            if !seen.contains(&port) {
                seen.push(port);
                let (t, m) = kind.setup();
                out.push((op::SENT, vec![port, t]));
                out.push((op::SENM, vec![port, m, 0]));
            }
        }
    }
    out
}

/// An open structure while emitting.
enum Open {
    /// A loop: its head label, its exit label (if the loop has one), counted?
    Loop {
        head: String,
        exit: Option<String>,
        counted: bool,
    },
    /// A fork: the second branch's label, the merge label.
    Fork { branch: String, merge: String },
}

struct Emitter {
    lines: Vec<(String, u16)>,
    addr: u16,
    next_label: u32,
}

impl Emitter {
    fn label(&mut self) -> String {
        let l = format!("Label{}", self.next_label);
        self.next_label += 1;
        l
    }

    fn def(&mut self, name: &str) {
        self.lines.push((format!("{name}:"), 0));
    }

    fn ins(&mut self, opcode: u8, fields: &[i32], target: Option<&str>) {
        let info = op::info(opcode);
        let name = info.map(|i| i.lasm_name()).unwrap_or("raw");
        let len = info.map(|i| i.fixed_len()).unwrap_or(0) as u16;
        let mut parts: Vec<String> = fields.iter().map(|v| v.to_string()).collect();
        if let Some(t) = target {
            parts.push(t.to_string());
        }
        let text = if parts.is_empty() {
            format!("\t{name}")
        } else {
            format!("\t{name} {}", parts.join(","))
        };
        self.lines.push((text, len));
        self.addr = self.addr.wrapping_add(len);
    }

    fn raw(&mut self, code: &[u8]) {
        if code.is_empty() {
            return;
        }
        let bytes: Vec<String> = code.iter().map(|b| b.to_string()).collect();
        let mut text = format!("\traw {}", bytes.join(","));
        let what: Vec<String> = crate::rcx::decode(code)
            .map(|is| is.iter().map(super::super::vi::lasm_text).collect())
            .unwrap_or_default();
        if !what.is_empty() {
            text.push_str(&format!(" ; {}", what.join("; ")));
        }
        self.lines.push((text, code.len() as u16));
        self.addr = self.addr.wrapping_add(code.len() as u16);
    }
}

/// The name of a land's label.
pub(super) fn land_name(label: i32) -> String {
    format!("Land{label}")
}

/// The `chkl` operands (before the target) that branch when a check icon's condition holds:
/// push, let go, dark, light, darker, lighter, rotation; loops and forks use the same
/// checks (see [`check_of`]).
fn wait_check(icon: &Icon) -> Option<[i32; 5]> {
    let p = icon.get(Param::SensorPort).unwrap_or(1) - 1;
    let t = icon.get(Param::Threshold).unwrap_or(0);
    Some(match icon.kind {
        // 1 <= sensor: pressed.
        Kind::WaitPush => [2, 1, 0, 9, p],
        // 0 >= sensor: released.
        Kind::WaitLetgo => [2, 0, 1, 9, p],
        // threshold >= sensor: dark.
        Kind::WaitDark => [2, t, 1, 9, p],
        // threshold <= sensor: light.
        Kind::WaitLight => [2, t, 0, 9, p],
        Kind::WaitDarker => [0, 47, 1, 9, p],
        Kind::WaitLighter => [0, 47, 0, 9, p],
        Kind::WaitRotation => [2, icon.get(Param::Count).unwrap_or(1), 0, 9, p],
        _ => return None,
    })
}

/// The `chkl` operands of a loop-until or a fork: a loop leaves when its condition holds;
/// a fork goes to its second branch when the first branch's condition does not hold.
fn check_of(icon: &Icon) -> Option<[i32; 5]> {
    let p = icon.get(Param::SensorPort).unwrap_or(1) - 1;
    let t = icon.get(Param::Threshold).unwrap_or(0);
    let until = icon.get(Param::Until).unwrap_or(1) == 1;
    Some(match icon.kind {
        Kind::LoopTouch if until => [2, 1, 0, 9, p],
        Kind::LoopTouch => [2, 0, 1, 9, p],
        Kind::LoopLight if until => [2, t, 1, 9, p],
        Kind::LoopLight => [2, t, 0, 9, p],
        // Second branch when released.
        Kind::TouchFork => [2, 0, 1, 9, p],
        // Second branch when light (threshold <= sensor).
        Kind::LightFork => [2, t, 0, 9, p],
        _ => return None,
    })
}

/// Emits every strip (tasks by number, then subs) without assembling; works on documents
/// that do not check (unresolved labels stay as names), so sizes can be measured.
pub(super) fn emit(doc: &Doc) -> Vec<Block> {
    let mut order: Vec<usize> = (0..doc.strips.len()).collect();
    order.sort_by_key(|&i| match doc.strips[i].id {
        StripId::Task(n) => (0, n),
        StripId::Sub(n) => (1, n),
    });
    order.into_iter().map(|i| emit_strip(doc, i)).collect()
}

fn emit_strip(doc: &Doc, strip: usize) -> Block {
    let s = &doc.strips[strip];
    let mut e = Emitter {
        lines: Vec::new(),
        addr: 0,
        next_label: 1001,
    };
    for (opcode, fields) in prologue(s) {
        e.ins(opcode, &fields, None);
    }
    let counter_base = match s.id {
        StripId::Task(_) => 33,
        StripId::Sub(_) => 40,
    };
    let mut stack: Vec<Open> = Vec::new();
    let mut icons = Vec::new();
    let mut folded = false;
    for (n, icon) in s.icons.iter().enumerate() {
        let (l0, a0) = (e.lines.len(), e.addr);
        let next = s.icons.get(n + 1);
        let mut skip = false;
        if icon.kind == Kind::Jump && folded {
            // Its jump is the wait's exit (emitted with the wait).
            skip = true;
        }
        folded = false;
        let get = |p: Param| icon.get(p).unwrap_or_else(|| p.default_value());
        if !skip {
            match icon.kind {
                Kind::MotorForward | Kind::MotorBackward => {
                    let mask = get(Param::Ports);
                    let sign = if icon.kind == Kind::MotorForward {
                        20
                    } else {
                        -20
                    };
                    e.ins(op::SET, &[0, 47, 2, get(Param::Power)], None);
                    e.ins(op::MULV, &[47, 2, sign], None);
                    for m in 0..3 {
                        if mask & (1 << m) != 0 {
                            e.ins(op::SET, &[5, m, 0, 47], None);
                        }
                    }
                    e.ins(op::OUT, &[2, mask], None);
                }
                Kind::MotorStop => e.ins(op::OUT, &[1, get(Param::Ports)], None),
                Kind::MotorFloat => e.ins(op::OUT, &[0, get(Param::Ports)], None),
                Kind::WaitTime => e.ins(op::WAIT, &[2, get(Param::Time)], None),
                Kind::WaitPush
                | Kind::WaitLetgo
                | Kind::WaitDark
                | Kind::WaitLight
                | Kind::WaitDarker
                | Kind::WaitLighter
                | Kind::WaitRotation => folded = emit_wait(&mut e, icon, next),
                Kind::LoopCount
                | Kind::LoopForever
                | Kind::LoopTouch
                | Kind::LoopLight
                | Kind::LoopEnd
                | Kind::TouchFork
                | Kind::LightFork
                | Kind::ForkBranch
                | Kind::ForkMerge => emit_structure(&mut e, &mut stack, s, n, counter_base),
                Kind::Jump => {
                    let l = land_name(get(Param::Label));
                    e.ins(op::JMPL, &[], Some(&l));
                }
                Kind::Land => e.def(&land_name(get(Param::Label))),
                Kind::TaskSplit | Kind::StartTask => e.ins(op::START, &[get(Param::Task)], None),
                Kind::StopTask => e.ins(op::STOP1, &[get(Param::Task)], None),
                Kind::Subroutine => e.ins(op::CALLS, &[get(Param::Sub)], None),
                Kind::PlaySound => e.ins(op::PLAYS, &[get(Param::Sound)], None),
                Kind::PlayTone => e.ins(
                    op::PLAYT,
                    &[get(Param::Frequency), get(Param::Duration)],
                    None,
                ),
                Kind::Container => {
                    let opcode = match get(Param::Operation) {
                        1 => op::SUMV,
                        2 => op::SUBV,
                        3 => op::MULV,
                        4 => op::DIVV,
                        _ => op::SETV,
                    };
                    e.ins(opcode, &[get(Param::Container), 2, get(Param::Value)], None);
                }
                Kind::TimerReset => e.ins(op::TMRZ, &[get(Param::Timer)], None),
                Kind::Generic => e.raw(icon.code()),
            }
        }
        icons.push((l0..e.lines.len(), a0..e.addr));
    }
    Block {
        strip,
        id: s.id,
        lines: e.lines,
        icons,
        size: e.addr,
    }
}

/// A wait's code (`[prefix] L: chkl …, E · jmpl L`); `true` when its exit is the jump icon
/// that follows it (`next`), folded into it.
fn emit_wait(e: &mut Emitter, icon: &Icon, next: Option<&Icon>) -> bool {
    let get = |p: Param| icon.get(p).unwrap_or_else(|| p.default_value());
    let mut folded = false;
    let p = get(Param::SensorPort) - 1;
    match icon.kind {
        Kind::WaitDarker => {
            e.ins(op::SET, &[0, 47, 9, p], None);
            e.ins(op::SUBV, &[47, 2, get(Param::Change)], None);
        }
        Kind::WaitLighter => {
            e.ins(op::SET, &[0, 47, 9, p], None);
            e.ins(op::SUMV, &[47, 2, get(Param::Change)], None);
        }
        Kind::WaitRotation => e.ins(op::SENZ, &[p], None),
        _ => {}
    }
    let head = e.label();
    let exit = match next.filter(|j| j.kind == Kind::Jump) {
        Some(j) => {
            folded = true;
            land_name(j.get(Param::Label).unwrap_or(1))
        }
        None => e.label(),
    };
    e.def(&head);
    let c = wait_check(icon).unwrap_or([2, 0, 0, 2, 0]);
    e.ins(op::CHKL, &c, Some(&exit));
    e.ins(op::JMPL, &[], Some(&head));
    if !folded {
        e.def(&exit);
    }
    folded
}

/// A loop's or a fork's code, or the end or branch of the innermost open one (`stack`).
fn emit_structure(
    e: &mut Emitter,
    stack: &mut Vec<Open>,
    s: &super::Strip,
    n: usize,
    counter_base: i32,
) {
    let icon = &s.icons[n];
    let next = s.icons.get(n + 1);
    let get = |p: Param| icon.get(p).unwrap_or_else(|| p.default_value());
    match icon.kind {
        Kind::LoopCount => {
            let depth = stack
                .iter()
                .filter(|o| matches!(o, Open::Loop { counted: true, .. }))
                .count() as i32;
            let v = counter_base + depth;
            e.ins(op::SETV, &[v, 2, get(Param::Count)], None);
            let head = e.label();
            let exit = e.label();
            e.def(&head);
            e.ins(op::DECVJNL, &[v], Some(&exit));
            stack.push(Open::Loop {
                head,
                exit: Some(exit),
                counted: true,
            });
        }
        Kind::LoopForever => {
            let head = e.label();
            e.def(&head);
            stack.push(Open::Loop {
                head,
                exit: None,
                counted: false,
            });
        }
        Kind::LoopTouch | Kind::LoopLight => {
            let head = e.label();
            let exit = e.label();
            e.def(&head);
            let c = check_of(icon).unwrap_or([2, 0, 0, 2, 0]);
            e.ins(op::CHKL, &c, Some(&exit));
            stack.push(Open::Loop {
                head,
                exit: Some(exit),
                counted: false,
            });
        }
        Kind::LoopEnd => {
            if let Some(Open::Loop { head, exit, .. }) = pop_if(stack, true) {
                e.ins(op::JMPL, &[], Some(&head));
                if let Some(x) = exit {
                    e.def(&x);
                }
            } else {
                e.ins(op::JMPL, &[], Some("NoLoop"));
            }
        }
        Kind::TouchFork | Kind::LightFork => {
            let branch = e.label();
            let merge = e.label();
            let c = check_of(icon).unwrap_or([2, 0, 0, 2, 0]);
            e.ins(op::CHKL, &c, Some(&branch));
            stack.push(Open::Fork { branch, merge });
        }
        Kind::ForkBranch => match stack.last_mut() {
            Some(Open::Fork { branch, merge }) if !branch.is_empty() => {
                let b = std::mem::take(branch);
                let m = merge.clone();
                // An empty second branch needs no jump over it (unless the first is
                // empty too: a check that jumps to the next instruction is no fork
                // to the tracer).
                let first_empty = n > 0 && s.icons[n - 1].kind.is_fork();
                let second_empty = next.is_some_and(|x| x.kind == Kind::ForkMerge);
                if !second_empty || first_empty {
                    e.ins(op::JMPL, &[], Some(&m));
                }
                e.def(&b);
            }
            _ => e.ins(op::JMPL, &[], Some("NoFork")),
        },
        Kind::ForkMerge => {
            if let Some(Open::Fork { branch, merge }) = pop_if(stack, false) {
                if !branch.is_empty() {
                    // No second branch: both paths meet here.
                    e.def(&branch);
                }
                e.def(&merge);
            }
        }
        // Every other kind is emitted by `emit_strip` itself.
        _ => {}
    }
}

/// Pops the innermost structure if it is a loop (`want_loop`) or a fork.
fn pop_if(stack: &mut Vec<Open>, want_loop: bool) -> Option<Open> {
    match stack.last() {
        Some(Open::Loop { .. }) if want_loop => stack.pop(),
        Some(Open::Fork { .. }) if !want_loop => stack.pop(),
        _ => None,
    }
}

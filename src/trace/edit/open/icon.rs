//! One icon read back from the code of one VI: the exact instructions the generator
//! writes for each kind of icon, with their modifiers, or nothing.

use super::{shape, Item};
use crate::rcx::opcode as op;
use crate::rcx::Instr;
use crate::trace::edit::{Icon, Kind, Param};
use crate::trace::ViKind;

/// An icon of `kind` with these modifiers (`None` when one is out of its range).
fn mk(kind: Kind, ps: &[(Param, i32)]) -> Option<Icon> {
    ps.iter()
        .try_fold(Icon::new(kind), |i, &(p, v)| i.with(p, v).ok())
}

/// An icon read from code, its bytes set later.
fn plain(icon: Icon) -> Item {
    Item::plain(icon, 0..0)
}

/// One VI's instructions with their shapes (opcode and arguments), as both readers see them.
struct Code<'a> {
    is: &'a [Instr],
    shapes: Vec<(u8, Vec<i32>)>,
    ops: Vec<u8>,
}

impl<'a> Code<'a> {
    fn of(is: &'a [Instr]) -> Self {
        let shapes: Vec<(u8, Vec<i32>)> = is.iter().map(shape).collect();
        let ops = shapes.iter().map(|s| s.0).collect();
        Code { is, shapes, ops }
    }

    /// The arguments of instruction `k` (none past the end).
    fn args(&self, k: usize) -> &[i32] {
        self.shapes.get(k).map(|s| s.1.as_slice()).unwrap_or(&[])
    }

    /// Instruction `k`'s jump target, as an address.
    fn target(&self, k: usize) -> Option<u16> {
        self.is
            .get(k)
            .and_then(|i| i.target)
            .and_then(|t| u16::try_from(t).ok())
    }
}

pub(super) fn recognise_icon(is: &[Instr], vi: Option<(ViKind, bool)>) -> Option<Item> {
    let (vk, has_threshold) = vi?;
    let code = Code::of(is);
    let (sh, ops) = (&code.shapes, &code.ops);
    let f = |k: usize| code.args(k);
    let target = |k: usize| code.target(k);
    // Motors: set 0,47,2,p · mulv 47,2,±20 · set 5,m,0,47 … · out 2,mask.
    if ops.len() >= 4 && ops[0] == op::SET && f(0)[..3] == [0, 47, 2] {
        let n = ops.len();
        let sign = match f(1) {
            [47, 2, 20] => Kind::MotorForward,
            [47, 2, -20] => Kind::MotorBackward,
            _ => return None,
        };
        if ops[1] != op::MULV || ops[n - 1] != op::OUT || f(n - 1)[0] != 2 {
            return None;
        }
        let mut mask = 0;
        let mut last = -1;
        for (k, &o) in ops.iter().enumerate().take(n - 1).skip(2) {
            let g = f(k);
            if o != op::SET || g[0] != 5 || g[2..] != [0, 47] || g[1] <= last || g[1] > 2 {
                return None;
            }
            last = g[1];
            mask |= 1 << g[1];
        }
        if f(n - 1)[1] != mask {
            return None;
        }
        return mk(sign, &[(Param::Ports, mask), (Param::Power, f(0)[3])]).map(plain);
    }
    let one = sh.len() == 1;
    match (ops.as_slice(), vk) {
        ([op::OUT], _) if f(0)[0] == 1 => {
            return mk(Kind::MotorStop, &[(Param::Ports, f(0)[1])]).map(plain)
        }
        ([op::OUT], _) if f(0)[0] == 0 => {
            return mk(Kind::MotorFloat, &[(Param::Ports, f(0)[1])]).map(plain)
        }
        ([op::WAIT], _) if f(0)[0] == 2 => {
            return mk(Kind::WaitTime, &[(Param::Time, f(0)[1])]).map(plain)
        }
        ([op::START], ViKind::TaskSplit) => {
            return mk(Kind::TaskSplit, &[(Param::Task, f(0)[0])]).map(plain)
        }
        ([op::START], _) => return mk(Kind::StartTask, &[(Param::Task, f(0)[0])]).map(plain),
        ([op::STOP1], _) => return mk(Kind::StopTask, &[(Param::Task, f(0)[0])]).map(plain),
        ([op::CALLS], _) => return mk(Kind::Subroutine, &[(Param::Sub, f(0)[0])]).map(plain),
        ([op::PLAYS], _) => return mk(Kind::PlaySound, &[(Param::Sound, f(0)[0])]).map(plain),
        ([op::PLAYT], _) => {
            return mk(
                Kind::PlayTone,
                &[(Param::Frequency, f(0)[0]), (Param::Duration, f(0)[1])],
            )
            .map(plain)
        }
        ([op::TMRZ], _) => return mk(Kind::TimerReset, &[(Param::Timer, f(0)[0])]).map(plain),
        ([o], ViKind::Container) if one => {
            let operation = match *o {
                op::SETV => 0,
                op::SUMV => 1,
                op::SUBV => 2,
                op::MULV => 3,
                op::DIVV => 4,
                _ => return None,
            };
            let g = f(0);
            if g[1] != 2 {
                return None;
            }
            return mk(
                Kind::Container,
                &[
                    (Param::Container, g[0]),
                    (Param::Operation, operation),
                    (Param::Value, g[2]),
                ],
            )
            .map(plain);
        }
        ([op::JMPL], ViKind::Jump) => {
            let mut it = plain(Icon::new(Kind::Jump));
            it.jump_to = Some(target(0)?);
            return Some(it);
        }
        ([op::JMPL], ViKind::LoopEnd) => return Some(plain(Icon::new(Kind::LoopEnd))),
        ([op::JMPL], ViKind::ForkMerge) => {
            let mut it = plain(Icon::new(Kind::ForkBranch));
            it.fork_to = Some(target(0)?);
            return Some(it);
        }
        ([op::SETV, op::DECVJNL], ViKind::Loop) => {
            let (g, h) = (f(0), f(1));
            if g[1] != 2 || g[0] != h[0] {
                return None;
            }
            return mk(Kind::LoopCount, &[(Param::Count, g[2])]).map(plain);
        }
        _ => {}
    }
    recognise_check(&code, vk, has_threshold)
}

/// A sensor check's icon (`chkl a,b,rel,9,p`): a loop-until or a fork alone, a wait with
/// its `jmpl` back and the darker, lighter or rotation wait's prefix.
fn recognise_check(code: &Code<'_>, vk: ViKind, has_threshold: bool) -> Option<Item> {
    let (is, sh, ops) = (code.is, &code.shapes, &code.ops);
    let f = |k: usize| code.args(k);
    let target = |k: usize| code.target(k);
    // Checks: chkl a,b,rel,9,p (loops and forks alone; waits with their jmpl back and
    // darker/lighter/rotation's prefix).
    let c = ops.iter().position(|&o| o == op::CHKL)?;
    let g = f(c);
    if g[3] != 9 {
        return None;
    }
    let port = g[4] + 1;
    let (a, b, rel) = (g[0], g[1], g[2]);
    let pre = &sh[..c];
    let rest = &ops[c + 1..];
    let sensor = |kind: Kind, extra: &[(Param, i32)]| {
        let mut ps = vec![(Param::SensorPort, port)];
        ps.extend_from_slice(extra);
        mk(kind, &ps)
    };
    if rest.is_empty() && pre.is_empty() {
        // A loop-until or a fork.
        let icon = match (vk, has_threshold, a, b, rel) {
            (ViKind::Loop, false, 2, 1, 0) => sensor(Kind::LoopTouch, &[(Param::Until, 1)]),
            (ViKind::Loop, false, 2, 0, 1) => sensor(Kind::LoopTouch, &[(Param::Until, 0)]),
            (ViKind::Loop, true, 2, t, 1) => {
                sensor(Kind::LoopLight, &[(Param::Until, 1), (Param::Threshold, t)])
            }
            (ViKind::Loop, true, 2, t, 0) => {
                sensor(Kind::LoopLight, &[(Param::Until, 0), (Param::Threshold, t)])
            }
            (ViKind::TouchFork, _, 2, 0, 1) => sensor(Kind::TouchFork, &[]),
            (ViKind::LightFork, _, 2, t, 0) => sensor(Kind::LightFork, &[(Param::Threshold, t)]),
            _ => None,
        }?;
        let mut it = plain(icon);
        if it.icon.kind.is_fork() {
            it.fork_to = Some(target(c)?);
        }
        return Some(it);
    }
    // Waits: [prefix] L: chkl …, E · jmpl L.
    if rest != [op::JMPL] || is[c + 1].target != Some(is[c].addr as i32) {
        return None;
    }
    let icon = match (vk, pre, a, b, rel) {
        (ViKind::WaitPush, [], 2, 1, 0) => sensor(Kind::WaitPush, &[]),
        (ViKind::WaitLetgo, [], 2, 0, 1) => sensor(Kind::WaitLetgo, &[]),
        (ViKind::WaitDark, [], 2, t, 1) => sensor(Kind::WaitDark, &[(Param::Threshold, t)]),
        (ViKind::WaitLight, [], 2, t, 0) => sensor(Kind::WaitLight, &[(Param::Threshold, t)]),
        (ViKind::WaitRotation, [(op::SENZ, z)], 2, n, 0) if z[..] == [port - 1] => {
            sensor(Kind::WaitRotation, &[(Param::Count, n)])
        }
        (ViKind::WaitDarker | ViKind::WaitLighter, [(op::SET, s), (d, e)], 0, 47, r)
            if s[..] == [0, 47, 9, port - 1] && e.len() == 3 && e[..2] == [47, 2] =>
        {
            match (vk, *d, r) {
                (ViKind::WaitDarker, op::SUBV, 1) => {
                    sensor(Kind::WaitDarker, &[(Param::Change, e[2])])
                }
                (ViKind::WaitLighter, op::SUMV, 0) => {
                    sensor(Kind::WaitLighter, &[(Param::Change, e[2])])
                }
                _ => None,
            }
        }
        _ => None,
    }?;
    let mut it = plain(icon);
    let exit = target(c)?;
    if exit != is[c + 1].next() {
        it.folded_to = Some(exit);
    }
    Some(it)
}

//! Motor groups: ROBOLAB's signed power arithmetic and NQC's `pwr`/`dir`/`out`, up to
//! and including one `out`, as one motor icon.

use super::{Block, Node};
use crate::rcx::opcode as op;
use crate::rcx::source::src;
use crate::trace::catalog::ports;
use crate::trace::{Direction, Power, ViKind};

/// What a run of motor instructions said: where it ends, the ports, the power level or
/// percentage, the direction and the `out` mode, when given.
struct Scan {
    end: usize,
    mask: u8,
    power: Option<i32>,
    percent: Option<i32>,
    dir: Option<bool>,
    out: Option<i32>,
}

impl Block<'_> {
    /// Consecutive motor instructions up to and including one `out`: ROBOLAB's
    /// `set 0,47,2,n ; mulv 47,2,±20 ; set 5,port,0,47 ; out 2,mask`, NQC's
    /// `pwr`/`dir`/`out`.
    pub(super) fn motor_group(&mut self, k: usize, hi: usize) -> Option<usize> {
        let Scan {
            end: j,
            mask,
            power,
            percent,
            dir,
            out,
        } = self.motor_scan(k, hi);
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

    /// Reads the motor instructions from `k` (before `hi`) up to and including one `out`.
    fn motor_scan(&self, k: usize, hi: usize) -> Scan {
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
        Scan {
            end: j,
            mask,
            power,
            percent,
            dir,
            out,
        }
    }
}

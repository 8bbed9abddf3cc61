//! Conditions and sensors as the recogniser reads them: `chk` relations normalised so the
//! sensor (or timer) is on the left, and what the program's setup says each sensor port is.
//! Pure: depends only on `rcx`.

use crate::rcx::opcode as op;
use crate::rcx::source::{describe, src};
use crate::rcx::{decode_one, Instr, Program, SensorMode, SensorType};

/// What the recogniser knows about a sensor port is a [`SensorType`]; `SensorType::None`
/// means nothing is known.
pub(super) fn type_from(t: i32) -> SensorType {
    u8::try_from(t)
        .ok()
        .and_then(SensorType::from_byte)
        .unwrap_or(SensorType::None)
}

/// A `chk` relation (rcx.md §2.2, NQC's reading: branch if `v1 REL v2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rel {
    Le,
    Ge,
    Ne,
    Eq,
    Lt,
    Gt,
}

impl Rel {
    pub(super) fn from_code(r: i32) -> Rel {
        match r & 3 {
            0 => Rel::Le,
            1 => Rel::Ge,
            2 => Rel::Ne,
            _ => Rel::Eq,
        }
    }
    pub(super) fn negate(self) -> Rel {
        match self {
            Rel::Le => Rel::Gt,
            Rel::Gt => Rel::Le,
            Rel::Ge => Rel::Lt,
            Rel::Lt => Rel::Ge,
            Rel::Ne => Rel::Eq,
            Rel::Eq => Rel::Ne,
        }
    }
    /// The same relation with its sides swapped.
    pub(super) fn flip(self) -> Rel {
        match self {
            Rel::Le => Rel::Ge,
            Rel::Ge => Rel::Le,
            Rel::Lt => Rel::Gt,
            Rel::Gt => Rel::Lt,
            r => r,
        }
    }
    pub(super) fn holds(self, a: i32, b: i32) -> bool {
        match self {
            Rel::Le => a <= b,
            Rel::Ge => a >= b,
            Rel::Ne => a != b,
            Rel::Eq => a == b,
            Rel::Lt => a < b,
            Rel::Gt => a > b,
        }
    }
    pub(super) fn symbol(self) -> &'static str {
        match self {
            Rel::Le => "<=",
            Rel::Ge => ">=",
            Rel::Ne => "!=",
            Rel::Eq => "==",
            Rel::Lt => "<",
            Rel::Gt => ">",
        }
    }
    pub(super) fn is_below(self) -> bool {
        matches!(self, Rel::Le | Rel::Lt)
    }
    pub(super) fn is_above(self) -> bool {
        matches!(self, Rel::Ge | Rel::Gt)
    }
}

/// `a REL b` with each side a (source, value) operand.
#[derive(Clone, Copy, Debug)]
pub(super) struct Cond {
    pub(super) a: (u8, i32),
    pub(super) rel: Rel,
    pub(super) b: (u8, i32),
}

impl Cond {
    pub(super) fn of(i: &Instr) -> Cond {
        let f = i.fields();
        Cond {
            a: (f[0] as u8, f[1]),
            rel: Rel::from_code(f[2]),
            b: (f[3] as u8, f[4]),
        }
    }
    pub(super) fn negate(self) -> Cond {
        Cond {
            rel: self.rel.negate(),
            ..self
        }
    }
    /// The same condition with a sensor reading on the left, if one side is a sensor.
    pub(super) fn sensor_left(self) -> Option<Cond> {
        self.left(|s| matches!(s, src::SENSOR_VALUE | src::SENSOR_BOOL | src::SENSOR_RAW))
    }
    /// The same condition with a timer on the left, if one side is a timer.
    pub(super) fn timer_left(self) -> Option<Cond> {
        self.left(|s| matches!(s, src::TIMER | src::FAST_TIMER | src::TIMER_1MS))
    }
    /// The same condition with the side whose source is `wanted` on the left.
    fn left(self, wanted: impl Fn(u8) -> bool) -> Option<Cond> {
        if wanted(self.a.0) {
            Some(self)
        } else if wanted(self.b.0) {
            Some(Cond {
                a: self.b,
                rel: self.rel.flip(),
                b: self.a,
            })
        } else {
            None
        }
    }
    pub(super) fn text(self) -> String {
        format!(
            "{} {} {}",
            describe(self.a.0, self.a.1),
            self.rel.symbol(),
            describe(self.b.0, self.b.1)
        )
    }
}

/// How a condition check is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    Wait,
    Fork,
    While,
}

/// The sensor port a configuration instruction sets up: `sent`, `senm`, `senz`, or `set`
/// on sensor type (source 10) / mode (11).
pub(super) fn sensor_cfg_port(i: &Instr) -> Option<i32> {
    let f = i.fields();
    match i.op {
        op::SENT | op::SENM | op::SENZ => Some(f[0]),
        op::SET if f[0] == src::SENSOR_TYPE as i32 || f[0] == src::SENSOR_MODE as i32 => Some(f[1]),
        _ => None,
    }
}

/// The sensor type a configuration instruction sets, if it sets one.
pub(super) fn sensor_cfg_type(i: &Instr) -> Option<(i32, i32)> {
    let f = i.fields();
    match i.op {
        op::SENT => Some((f[0], f[1])),
        op::SET if f[0] == src::SENSOR_TYPE as i32 && f[2] == src::CONST as i32 => {
            Some((f[1], f[3]))
        }
        _ => None,
    }
}

/// The sensor type a mode implies when no type is set: boolean → touch, percent → light,
/// angle → rotation; `senz` alone is how ROBOLAB zeroes a rotation sensor.
pub(super) fn sensor_mode_hint(i: &Instr) -> Option<(i32, SensorType)> {
    let f = i.fields();
    let from_mode = |port: i32, mode: i32| match SensorMode::from_bits(mode as u8) {
        SensorMode::Boolean => Some((port, SensorType::Touch)),
        SensorMode::Percent => Some((port, SensorType::Light)),
        SensorMode::Angle => Some((port, SensorType::Rotation)),
        _ => None,
    };
    match i.op {
        op::SENM => from_mode(f[0], f[1]),
        op::SET if f[0] == src::SENSOR_MODE as i32 && f[2] == src::CONST as i32 => {
            from_mode(f[1], (f[3] >> 5) & 7)
        }
        op::SENZ => Some((f[0], SensorType::Rotation)),
        _ => None,
    }
}

pub(super) fn is_jump(i: &Instr) -> bool {
    matches!(i.op, op::JMP | op::JMPL)
}

pub(super) fn is_check(i: &Instr) -> bool {
    matches!(i.op, op::CHK | op::CHKL)
}

/// Program-wide sensor types from `sent p,t` / `set 10,p,2,t` (first one per port wins).
pub(super) fn sensor_types(program: &Program) -> [SensorType; 3] {
    let mut out = [SensorType::None; 3];
    let mut hints = Vec::new();
    for code in program.tasks.iter().chain(program.subs.iter()).flatten() {
        let mut addr = 0usize;
        while addr < code.len() {
            let Ok(i) = decode_one(code, addr) else { break };
            let (port, t) = sensor_cfg_type(&i).unwrap_or((-1, 0));
            // Modes hint at a type program-wide; a lone `senz` only next to its check.
            if let Some((p, t)) = sensor_mode_hint(&i).filter(|_| i.op != op::SENZ) {
                hints.push((p, t));
            }
            if let Some(s) = usize::try_from(port).ok().and_then(|p| out.get_mut(p)) {
                if *s == SensorType::None {
                    *s = type_from(t);
                }
            }
            addr += i.len as usize;
        }
    }
    for (p, t) in hints {
        if let Some(s) = usize::try_from(p).ok().and_then(|p| out.get_mut(p)) {
            if *s == SensorType::None {
                *s = t;
            }
        }
    }
    out
}

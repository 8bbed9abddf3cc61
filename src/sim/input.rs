//! External inputs to a simulation — everything that changes it besides its own ticks — as
//! data, stamped with the tick at which they were applied. The simulation logs each one, so a
//! run can be replayed exactly (record files, the runner's seek) by re-simulating from a
//! checkpoint and applying the same inputs at the same ticks.

use crate::rcx::program::{Label, Program, MAX_SUBS, MAX_TASKS};
use serde::{Deserialize, Serialize};

/// A program as plain data: each task's and sub's bytecode in hex (`null` = undefined),
/// plus the LASM labels the tracer uses to name icons.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProgramData {
    pub tasks: Vec<Option<String>>,
    pub subs: Vec<Option<String>>,
    #[serde(default)]
    pub labels: Vec<LabelData>,
}

/// A LASM label (see [`Label`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LabelData {
    pub sub: bool,
    pub index: u8,
    pub addr: u16,
    pub name: String,
}

/// Lower-case hex of bytes.
pub fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 15) as usize] as char);
    }
    s
}

/// Bytes from hex (either case); `None` on an odd length or a non-hex digit.
pub fn from_hex(s: &str) -> Option<Vec<u8>> {
    let s = s.as_bytes();
    if !s.len().is_multiple_of(2) {
        return None;
    }
    let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    s.chunks(2)
        .map(|p| Some(digit(p[0])? << 4 | digit(p[1])?))
        .collect()
}

impl ProgramData {
    pub fn of(p: &Program) -> ProgramData {
        let hex = |c: &Option<Vec<u8>>| c.as_ref().map(|b| to_hex(b));
        ProgramData {
            tasks: p.tasks.iter().map(hex).collect(),
            subs: p.subs.iter().map(hex).collect(),
            labels: p
                .labels
                .iter()
                .map(|l| LabelData {
                    sub: l.sub,
                    index: l.index,
                    addr: l.addr,
                    name: l.name.clone(),
                })
                .collect(),
        }
    }

    /// The program back; `Err` names the first bad part (a file may have been edited).
    pub fn to_program(&self) -> Result<Program, String> {
        let mut p = Program::default();
        if self.tasks.len() > MAX_TASKS || self.subs.len() > MAX_SUBS {
            return Err(format!(
                "at most {MAX_TASKS} tasks and {MAX_SUBS} subs, not {} and {}",
                self.tasks.len(),
                self.subs.len()
            ));
        }
        for (i, t) in self.tasks.iter().enumerate() {
            if let Some(h) = t {
                p.tasks[i] = Some(from_hex(h).ok_or(format!("task {i}: bad hex"))?);
            }
        }
        for (i, s) in self.subs.iter().enumerate() {
            if let Some(h) = s {
                p.subs[i] = Some(from_hex(h).ok_or(format!("sub {i}: bad hex"))?);
            }
        }
        p.labels = self
            .labels
            .iter()
            .map(|l| Label {
                sub: l.sub,
                index: l.index,
                addr: l.addr,
                name: l.name.clone(),
            })
            .collect();
        Ok(p)
    }
}

/// One external input.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Input {
    /// A program put into a slot: [`super::Simulation::load_program`], or a download through
    /// the link noticed by its change of the VM's program generation (then every slot that
    /// changed is logged this way).
    Program { slot: usize, program: ProgramData },
    /// Select the current program slot (`prgm`).
    SelectSlot { slot: usize },
    /// (Re)start a task (the Run button starts task 0).
    StartTask { task: u8 },
    /// Stop every task.
    StopAll,
    /// A direct command (opcode and parameters, unframed) given to the VM, in hex.
    Direct { hex: String },
    /// Pick the robot up and put it down at x, z (metres) facing yaw (degrees).
    PlaceRobot { x: f64, z: f64, yaw_deg: f64 },
    /// Add a fixed box (full size, centre, yaw in degrees) to the environment.
    AddBox {
        name: String,
        size: [f32; 3],
        centre: [f32; 3],
        yaw_deg: f32,
    },
    /// Remove a box added with `AddBox` by its id.
    RemoveBox { id: usize },
}

/// An input and the simulated time (= tick count) at which it was applied, before that
/// tick ran.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TimedInput {
    pub time_ms: u64,
    #[serde(flatten)]
    pub input: Input,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_and_rejects_garbage() {
        let b = vec![0x00, 0x13, 0xff, 0xa5];
        assert_eq!(to_hex(&b), "0013ffa5");
        assert_eq!(from_hex("0013FFa5"), Some(b));
        assert_eq!(from_hex("abc"), None);
        assert_eq!(from_hex("zz"), None);
    }

    #[test]
    fn program_data_round_trips_a_program() {
        let mut p = Program::default();
        p.tasks[0] = Some(vec![0x13, 0x01, 0x00]);
        p.subs[3] = Some(vec![0xf6]);
        p.labels.push(Label {
            sub: false,
            index: 0,
            addr: 2,
            name: "Again".into(),
        });
        let d = ProgramData::of(&p);
        let text = serde_json::to_string(&d).unwrap();
        let back: ProgramData = serde_json::from_str(&text).unwrap();
        assert_eq!(back.to_program().unwrap(), p);
    }
}

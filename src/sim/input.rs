//! External inputs to a simulation — everything that changes it besides its own ticks — as
//! data, stamped with the tick at which they were applied. The simulation logs each one, so a
//! run can be replayed exactly (record files, the runner's seek) by re-simulating from a
//! checkpoint and applying the same inputs at the same ticks.

use crate::rcx::program::{Label, Program, MAX_SUBS, MAX_TASKS};
use serde::{Deserialize, Serialize};

/// A program as plain data: each task's and sub's bytecode (`None` = undefined), plus the
/// LASM labels the tracer uses to name icons. Written with the bytecode in hex
/// ([`ProgramText`]); text that is not hex (an edited file) reads as a damaged program,
/// which [`ProgramData::to_program`] refuses, so it is dropped whole.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "ProgramText", into = "ProgramText")]
pub struct ProgramData {
    pub tasks: Vec<Option<Vec<u8>>>,
    pub subs: Vec<Option<Vec<u8>>>,
    pub labels: Vec<LabelData>,
    /// What was not hex when read from a file (`task 2: bad hex`).
    pub damaged: Option<String>,
}

/// [`ProgramData`] as files hold it: the bytecode in hex (`null` = undefined).
#[derive(Clone, Serialize, Deserialize)]
pub struct ProgramText {
    tasks: Vec<Option<String>>,
    subs: Vec<Option<String>>,
    #[serde(default)]
    labels: Vec<LabelData>,
}

impl From<ProgramText> for ProgramData {
    fn from(t: ProgramText) -> ProgramData {
        let mut damaged = None;
        let mut read = |what: &str, codes: Vec<Option<String>>| -> Vec<Option<Vec<u8>>> {
            let mut out = Vec::with_capacity(codes.len());
            for (i, c) in codes.into_iter().enumerate() {
                out.push(c.and_then(|h| {
                    let bytes = from_hex(&h);
                    if bytes.is_none() && damaged.is_none() {
                        damaged = Some(format!("{what} {i}: bad hex"));
                    }
                    bytes
                }));
            }
            out
        };
        let tasks = read("task", t.tasks);
        let subs = read("sub", t.subs);
        ProgramData {
            tasks,
            subs,
            labels: t.labels,
            damaged,
        }
    }
}

impl From<ProgramData> for ProgramText {
    fn from(d: ProgramData) -> ProgramText {
        let hex = |c: Vec<Option<Vec<u8>>>| c.iter().map(|b| b.as_deref().map(to_hex)).collect();
        ProgramText {
            tasks: hex(d.tasks),
            subs: hex(d.subs),
            labels: d.labels,
        }
    }
}

/// Bytes written as lower-case hex (`#[serde(with = "hex_bytes")]`); reading text that is
/// not hex is an error.
mod hex_bytes {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&super::to_hex(bytes))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let text = String::deserialize(d)?;
        super::from_hex(&text).ok_or_else(|| D::Error::custom("bytes that are not hex"))
    }
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
        ProgramData {
            tasks: p.tasks.to_vec(),
            subs: p.subs.to_vec(),
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
            damaged: None,
        }
    }

    /// The program back; `Err` names the first bad part (a file may have been edited).
    pub fn to_program(&self) -> Result<Program, String> {
        if let Some(what) = &self.damaged {
            return Err(what.clone());
        }
        let mut p = Program::default();
        if self.tasks.len() > MAX_TASKS || self.subs.len() > MAX_SUBS {
            return Err(format!(
                "at most {MAX_TASKS} tasks and {MAX_SUBS} subs, not {} and {}",
                self.tasks.len(),
                self.subs.len()
            ));
        }
        p.tasks[..self.tasks.len()].clone_from_slice(&self.tasks);
        p.subs[..self.subs.len()].clone_from_slice(&self.subs);
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
    /// A whole program put into a slot ([`super::RobotMut::load_program`], a reset's
    /// re-load of the programs kept). Stops every task.
    Program { slot: usize, program: ProgramData },
    /// One task's bytecode installed into a slot: a completed link download or LASM
    /// `task` block. Stops every task; the rest of the slot's program stays.
    InstallTask {
        slot: usize,
        task: u8,
        #[serde(with = "hex_bytes")]
        code: Vec<u8>,
    },
    /// One subroutine's bytecode installed into a slot, as [`Input::InstallTask`].
    InstallSub {
        slot: usize,
        sub: u8,
        #[serde(with = "hex_bytes")]
        code: Vec<u8>,
    },
    /// Delete every task of the current program (stopping them): a LASM text transfer
    /// clears the slot before its first block (the direct command `40` is an
    /// [`Input::Direct`]).
    DeleteTasks,
    /// Delete every subroutine of the current program (stopping the tasks).
    DeleteSubs,
    /// Select the current program slot (`prgm`).
    SelectSlot { slot: usize },
    /// (Re)start a task (the Run button starts task 0).
    StartTask { task: u8 },
    /// Stop every task.
    StopAll,
    /// A direct command (opcode and parameters, unframed) given to the VM; written as `hex`.
    Direct {
        #[serde(rename = "hex", with = "hex_bytes")]
        bytes: Vec<u8>,
    },
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
    /// A press of one of the brick's four buttons (On-Off, Run, Prgm, View).
    Button { button: crate::vm::Button },
}

impl Input {
    /// Whether it changes the world itself (a box added or taken away) rather than one
    /// robot: such an input is no robot's ([`crate::sim::Simulation::change_world`]).
    pub fn is_world(&self) -> bool {
        matches!(self, Input::AddBox { .. } | Input::RemoveBox { .. })
    }
}

/// An input and the simulated time (= tick count) at which it was applied, before that
/// tick ran.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TimedInput {
    pub time_ms: u64,
    /// Which robot's brick (or placement) it concerns, 0-based; robot 0's inputs (every
    /// input of a one-robot run) are written without it, and so are the world's own
    /// ([`Input::is_world`]: the boxes, which are no robot's; 0 here, and read as no
    /// robot's whatever a file says).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub brick: usize,
    #[serde(flatten)]
    pub input: Input,
}

fn is_zero(k: &usize) -> bool {
    *k == 0
}

/// Inputs per sealed segment of an [`InputLog`].
const SEGMENT: usize = 256;

/// Most an input log may cost (estimated heap bytes) before the runner lets the history
/// restart at the present (`Simulation::forget_inputs`): 32 MiB ≈ 250,000 direct commands or
/// ≈ 2,500 full-size (6 KB) program downloads.
pub const MAX_LOG_BYTES: usize = 32 << 20;

/// The input log: append-only, in sealed segments of 256 inputs shared (`Arc`) between
/// every clone, plus one open segment. A clone of a simulation (a replay checkpoint) costs
/// one pointer per 256 inputs and at most 255 inputs of its own, instead of a copy of the
/// whole log, so checkpoints never multiply the log's memory.
#[derive(Clone, Default)]
pub struct InputLog {
    sealed: Vec<std::sync::Arc<[TimedInput]>>,
    open: Vec<TimedInput>,
    /// Estimated heap bytes of the inputs (see [`TimedInput::cost`]).
    bytes: usize,
}

impl InputLog {
    pub fn push(&mut self, input: TimedInput) {
        self.bytes += input.cost();
        self.open.push(input);
        if self.open.len() >= SEGMENT {
            let seg: std::sync::Arc<[TimedInput]> = std::mem::take(&mut self.open).into();
            self.sealed.push(seg);
        }
    }

    pub fn len(&self) -> usize {
        self.sealed.len() * SEGMENT + self.open.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Estimated heap bytes the inputs hold (shared segments counted once).
    pub fn cost(&self) -> usize {
        self.bytes
    }

    pub fn clear(&mut self) {
        *self = InputLog::default();
    }

    pub fn get(&self, i: usize) -> Option<&TimedInput> {
        match self.sealed.get(i / SEGMENT) {
            Some(seg) => seg.get(i % SEGMENT),
            None => self.open.get(i - self.sealed.len() * SEGMENT),
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = &TimedInput> + '_ {
        self.sealed
            .iter()
            .flat_map(|s| s.iter())
            .chain(self.open.iter())
    }

    /// The inputs from the `from`-th on.
    pub fn iter_from(&self, from: usize) -> impl Iterator<Item = &TimedInput> + '_ {
        let seg = from / SEGMENT;
        let skip = from % SEGMENT;
        self.sealed
            .iter()
            .skip(seg)
            .flat_map(|s| s.iter())
            .chain(self.open.iter())
            .skip(if seg <= self.sealed.len() {
                skip
            } else {
                from - self.sealed.len() * SEGMENT
            })
    }

    /// How many of this log's inputs are stored in segments it shares with `other` (the
    /// same memory, not equal copies).
    pub fn shared_with(&self, other: &InputLog) -> usize {
        self.sealed
            .iter()
            .zip(&other.sealed)
            .filter(|(a, b)| std::sync::Arc::ptr_eq(a, b))
            .map(|(a, _)| a.len())
            .sum()
    }

    pub fn to_vec(&self) -> Vec<TimedInput> {
        self.iter().cloned().collect()
    }

    pub fn last(&self) -> Option<&TimedInput> {
        self.open
            .last()
            .or_else(|| self.sealed.last().and_then(|s| s.last()))
    }
}

impl PartialEq for InputLog {
    fn eq(&self, other: &InputLog) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl PartialEq<[TimedInput]> for InputLog {
    fn eq(&self, other: &[TimedInput]) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl std::fmt::Debug for InputLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl FromIterator<TimedInput> for InputLog {
    fn from_iter<I: IntoIterator<Item = TimedInput>>(iter: I) -> InputLog {
        let mut log = InputLog::default();
        for i in iter {
            log.push(i);
        }
        log
    }
}

impl TimedInput {
    /// Estimated bytes this input costs: its size plus what its strings hold, and bytecode
    /// and direct commands counted as the hex a recording writes (two per byte), so the
    /// log's bound also bounds the recording it makes.
    pub fn cost(&self) -> usize {
        let heap = match &self.input {
            Input::Program { program, .. } => {
                program
                    .tasks
                    .iter()
                    .chain(&program.subs)
                    .map(|t| t.as_ref().map_or(0, |b| 2 * b.len()) + 24)
                    .sum::<usize>()
                    + program
                        .labels
                        .iter()
                        .map(|l| l.name.len() + 48)
                        .sum::<usize>()
            }
            Input::Direct { bytes } => 2 * bytes.len(),
            Input::InstallTask { code, .. } | Input::InstallSub { code, .. } => 2 * code.len(),
            Input::AddBox { name, .. } => name.len(),
            _ => 0,
        };
        std::mem::size_of::<TimedInput>() + heap
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_reads_back_in_order_across_segments_and_clones_share_them() {
        let log: InputLog = (0..1000u64)
            .map(|t| TimedInput {
                time_ms: t,
                brick: 0,
                input: Input::StopAll,
            })
            .collect();
        assert_eq!(log.len(), 1000);
        assert!(log.iter().map(|i| i.time_ms).eq(0..1000));
        for from in [0, 1, 255, 256, 257, 768, 999, 1000, 5000] {
            assert!(
                log.iter_from(from)
                    .map(|i| i.time_ms)
                    .eq((from as u64).min(1000)..1000),
                "{from}"
            );
        }
        assert_eq!(log.get(700).map(|i| i.time_ms), Some(700));
        assert_eq!(log.last().map(|i| i.time_ms), Some(999));
        let copy = log.clone();
        assert!(std::sync::Arc::ptr_eq(&log.sealed[0], &copy.sealed[0]));
        assert_eq!(copy, log);
    }

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

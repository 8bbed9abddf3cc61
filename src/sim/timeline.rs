//! The replay timeline: compact frames for scrubbing (every `frame_ms` of simulated time)
//! and checkpoint clones of the whole simulation, both in bounded memory, to show any
//! earlier moment exactly and to resume from it. A moment between checkpoints is rebuilt by
//! cloning the checkpoint before it and re-simulating, applying the logged external inputs
//! at their ticks — the tick is deterministic, so this reproduces the original run exactly.
//!
//! Bounds: when the frames or checkpoints are full, every other one is dropped and the
//! interval doubles, so a long run keeps evenly spaced history in the same memory. The
//! checkpoints share the input log's sealed segments ([`InputLog`]), so they cost one
//! simulation each plus at most 255 inputs, never a copy of the log; the log itself is
//! bounded by the runner ([`super::input::MAX_LOG_BYTES`]: past it the history restarts at
//! the present, and `RunnerStatus::history_ms` says how far back it reaches).

use super::{InputLog, Simulation, TimedInput};
use crate::rcx::SensorType;
use crate::world::Pose;

/// Frames kept at most: 8192 frames of a ~10-body robot (≈ 400 bytes each) ≈ 3.3 MB; at
/// 20 ms that is the first 2¾ minutes at full resolution, after which every other frame is
/// dropped and the interval doubles (so memory stays flat however long the run; seeks are
/// exact anyway, re-simulated from a checkpoint).
pub const MAX_FRAMES: usize = 8192;
/// Checkpoints kept at most (each a full clone of the world, ~100 KB for one robot).
pub const MAX_CHECKPOINTS: usize = 64;
/// Default frame interval: 50 frames per simulated second, smoother than the original's
/// 50-step frames, so scrubbing in slow motion still looks continuous.
pub const FRAME_MS: u64 = 20;
/// Default checkpoint interval: re-simulating at most 1 s (≈ 15 ms of work) per seek.
pub const CHECKPOINT_MS: u64 = 1000;

/// One moment, compactly: enough to draw the robots and their readouts while scrubbing.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub time_ms: u64,
    /// Each robot body's position (x, y, z) and rotation quaternion (x, y, z, w), in the
    /// order of `World::bodies()`.
    pub bodies: Vec<[f32; 7]>,
    /// Every robot's pose, outputs, sensors and icon, in layout order (a frame read from a
    /// record file has the first robot's only).
    pub robots: Vec<RobotFrame>,
}

/// One robot's part of a [`Frame`].
#[derive(Clone, Debug, PartialEq)]
pub struct RobotFrame {
    pub pose: Pose,
    /// Outputs A, B, C as signed percent (0 off/float).
    pub outputs: [i32; 3],
    /// Current VI of task 0.
    pub vi_task0: Option<usize>,
    /// Each port's sensor value (ports 1–3) while a sensor type is set there (the plots);
    /// not part of a record file's pose stream (`None` in frames read from one).
    pub sensors: [Option<i16>; 3],
}

/// A VM's outputs as signed percent, and its sensor values where a type is set.
fn readings(vm: &crate::vm::Vm) -> ([i32; 3], [Option<i16>; 3]) {
    let o = vm.outputs();
    let mut v = [None; 3];
    for s in vm
        .sensors()
        .iter()
        .filter(|s| s.sensor_type != SensorType::None)
    {
        if let Some(slot) = v.get_mut(s.port as usize) {
            *slot = Some(s.value);
        }
    }
    (
        [
            o[0].signed_percent(),
            o[1].signed_percent(),
            o[2].signed_percent(),
        ],
        v,
    )
}

impl Frame {
    /// The frame of the simulation now.
    pub fn of(sim: &Simulation) -> Frame {
        Frame {
            time_ms: sim.time_ms(),
            bodies: sim
                .world()
                .bodies()
                .iter()
                .map(|b| {
                    let (p, q) = (b.position, b.rotation);
                    [p[0], p[1], p[2], q[0], q[1], q[2], q[3]]
                })
                .collect(),
            robots: sim
                .robots()
                .map(|r| {
                    let (outputs, sensors) = readings(r.vm());
                    RobotFrame {
                        pose: r.pose(),
                        outputs,
                        vi_task0: r.tracer().current().get(&0).copied(),
                        sensors,
                    }
                })
                .collect(),
        }
    }

    /// Floats per frame for `n` bodies in the record file's stream.
    pub fn stride(n: usize) -> usize {
        4 + 7 * n + 3 + 1
    }

    /// The frame as floats: the first robot's pose x, y, z, yaw; bodies; the first robot's
    /// outputs and VI of task 0 (−1 = none). Nothing for a frame without robots.
    pub fn to_floats(&self, out: &mut Vec<f32>) {
        let Some(r) = self.robots.first() else { return };
        let p = &r.pose;
        out.extend([p.x as f32, p.y as f32, p.z as f32, p.yaw_deg as f32]);
        for b in &self.bodies {
            out.extend_from_slice(b);
        }
        out.extend(r.outputs.map(|v| v as f32));
        out.push(r.vi_task0.map_or(-1.0, |v| v as f32));
    }

    /// The inverse of [`Frame::to_floats`] for one frame of `n` bodies.
    pub fn from_floats(time_ms: u64, f: &[f32], n: usize) -> Option<Frame> {
        if f.len() != Frame::stride(n) {
            return None;
        }
        let mut bodies = Vec::with_capacity(n);
        for i in 0..n {
            let s = &f[4 + 7 * i..4 + 7 * i + 7];
            bodies.push([s[0], s[1], s[2], s[3], s[4], s[5], s[6]]);
        }
        let o = 4 + 7 * n;
        let vi = f[o + 3];
        Some(Frame {
            time_ms,
            bodies,
            robots: vec![RobotFrame {
                pose: Pose {
                    x: f[0] as f64,
                    y: f[1] as f64,
                    z: f[2] as f64,
                    yaw_deg: f[3] as f64,
                },
                outputs: [f[o] as i32, f[o + 1] as i32, f[o + 2] as i32],
                vi_task0: if vi >= 0.0 { Some(vi as usize) } else { None },
                sensors: [None; 3],
            }],
        })
    }
}

/// Frames and checkpoints of one run (since its start or last reset).
pub struct Timeline {
    frame_ms: u64,
    checkpoint_ms: u64,
    max_frames: usize,
    max_checkpoints: usize,
    frames: Vec<Frame>,
    checkpoints: Vec<Simulation>,
}

impl Timeline {
    /// A timeline starting at `sim`'s present moment, with the default bounds.
    pub fn new(sim: &Simulation) -> Timeline {
        Timeline::with_bounds(sim, FRAME_MS, CHECKPOINT_MS, MAX_FRAMES, MAX_CHECKPOINTS)
    }

    /// A timeline with chosen intervals (ms, ≥ 1) and bounds (≥ 2).
    pub fn with_bounds(
        sim: &Simulation,
        frame_ms: u64,
        checkpoint_ms: u64,
        max_frames: usize,
        max_checkpoints: usize,
    ) -> Timeline {
        let mut t = Timeline {
            frame_ms: frame_ms.max(1),
            checkpoint_ms: checkpoint_ms.max(1),
            max_frames: max_frames.max(2),
            max_checkpoints: max_checkpoints.max(2),
            frames: Vec::new(),
            checkpoints: Vec::new(),
        };
        t.restart(sim);
        t
    }

    /// Forgets everything and starts again at `sim`'s present moment.
    pub fn restart(&mut self, sim: &Simulation) {
        self.frames.clear();
        self.checkpoints.clear();
        self.frames.push(Frame::of(sim));
        self.checkpoints.push(sim.clone());
    }

    /// Call after every tick (and after inputs): keeps a frame and a checkpoint when due. A
    /// clock that went backwards (a reset) restarts the timeline.
    pub fn observe(&mut self, sim: &Simulation) {
        let t = sim.time_ms();
        let last = self.frames.last().map_or(0, |f| f.time_ms);
        let first = self.checkpoints.first().map_or(0, |c| c.time_ms());
        if t < last || t < first {
            self.restart(sim);
            return;
        }
        if t.is_multiple_of(self.frame_ms) && t != last {
            if self.frames.len() >= self.max_frames {
                thin(&mut self.frames);
                self.frame_ms *= 2;
            }
            if t.is_multiple_of(self.frame_ms) {
                self.frames.push(Frame::of(sim));
            }
        }
        let last_cp = self.checkpoints.last().map_or(0, |c| c.time_ms());
        if t.is_multiple_of(self.checkpoint_ms) && t != last_cp {
            if self.checkpoints.len() >= self.max_checkpoints {
                // The first checkpoint (the start) always stays.
                let first = self.checkpoints.remove(0);
                thin(&mut self.checkpoints);
                self.checkpoints.insert(0, first);
                self.checkpoint_ms *= 2;
            }
            if t.is_multiple_of(self.checkpoint_ms) {
                self.checkpoints.push(sim.clone());
            }
        }
    }

    /// The frames kept, oldest first.
    pub fn frames(&self) -> &[Frame] {
        &self.frames
    }

    /// The newest frame at or before `time_ms`.
    pub fn frame_at(&self, time_ms: u64) -> Option<&Frame> {
        let i = self.frames.partition_point(|f| f.time_ms <= time_ms);
        self.frames.get(i.checked_sub(1)?)
    }

    /// Simulated times of the first and the newest frame.
    pub fn span_ms(&self) -> (u64, u64) {
        (
            self.frames.first().map_or(0, |f| f.time_ms),
            self.frames.last().map_or(0, |f| f.time_ms),
        )
    }

    /// The share of the checkpoints' logged inputs that are stored in `live`'s log segments
    /// rather than copied (1.0 = all shared).
    pub fn shared_log_fraction(&self, live: &InputLog) -> f64 {
        let total: usize = self.checkpoints.iter().map(|c| c.inputs().len()).sum();
        let shared: usize = self
            .checkpoints
            .iter()
            .map(|c| c.inputs().shared_with(live))
            .sum();
        if total == 0 {
            1.0
        } else {
            shared as f64 / total as f64
        }
    }

    /// The checkpoints kept (clones of the simulation), oldest first.
    pub fn checkpoints(&self) -> &[Simulation] {
        &self.checkpoints
    }

    pub fn checkpoint_count(&self) -> usize {
        self.checkpoints.len()
    }

    pub fn frame_ms(&self) -> u64 {
        self.frame_ms
    }

    /// The exact simulation at `time_ms` (including inputs applied at that time) rebuilt from
    /// the checkpoint before it and `live`'s input log; `None` before the timeline's start
    /// or after `live`'s present.
    pub fn state_at(&self, live: &Simulation, time_ms: u64) -> Option<Simulation> {
        if time_ms > live.time_ms() {
            return None;
        }
        let i = self.checkpoints.partition_point(|c| c.time_ms() <= time_ms);
        let cp = self.checkpoints.get(i.checked_sub(1)?)?;
        let mut sim = cp.clone();
        resimulate_log(&mut sim, live.inputs(), time_ms);
        Some(sim)
    }

    /// Forgets frames and checkpoints after `time_ms` ("resume from here").
    pub fn truncate_after(&mut self, time_ms: u64) {
        self.frames.retain(|f| f.time_ms <= time_ms);
        self.checkpoints.retain(|c| c.time_ms() <= time_ms);
    }
}

/// Runs `sim` forward to `time_ms`, applying the inputs of `log` it has not seen yet (those
/// past its own log's length — the two logs share their beginning) at their ticks, up to
/// and including those stamped `time_ms`.
pub fn resimulate(sim: &mut Simulation, log: &[TimedInput], time_ms: u64) {
    let done = sim.inputs().len();
    replay(sim, log.iter().skip(done), time_ms);
}

/// [`resimulate`] with a live simulation's [`InputLog`].
pub fn resimulate_log(sim: &mut Simulation, log: &InputLog, time_ms: u64) {
    let done = sim.inputs().len();
    replay(sim, log.iter_from(done), time_ms);
}

fn replay<'a>(sim: &mut Simulation, inputs: impl Iterator<Item = &'a TimedInput>, time_ms: u64) {
    // The one run loop; without observers nothing can fail.
    let _ = super::scenario::run_until(sim, time_ms, inputs, &mut []);
}

/// Drops every other element, keeping the first.
fn thin<T>(v: &mut Vec<T>) {
    let mut i = 0;
    v.retain(|_| {
        i += 1;
        i % 2 == 1
    });
}

impl super::scenario::Observer for Timeline {
    fn observe(&mut self, sim: &Simulation) -> std::io::Result<()> {
        Timeline::observe(self, sim);
        Ok(())
    }
}

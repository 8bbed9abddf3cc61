//! Record and replay. A recording holds everything needed to re-simulate a run exactly —
//! the robot and environment files' text, the seed, the VM settings and every external
//! input with its tick (program loads and downloads, task starts, direct commands, robot
//! moves…) — plus a compact per-frame pose stream so the app can scrub without
//! re-simulating.
//!
//! File format (JSON, one object; add keys, never rename):
//! ```text
//! { "format": "lurobotsim-recording", "version": 1,
//!   "robot": {"name", "label", "text", "dir"}, "environment": {…same…},
//!   "seed": 0, "instructions_per_tick": 1, "battery_mv": 9000, "robots": 1,
//!   "realism": "original",   (or "rcx"; absent in older files = "original")
//!   "battery_v": 7.2,        (only when `--battery-v` replaced the robot files' battery)
//!   "duration_ms": 10000,
//!   "inputs": [{"time_ms": 0, "kind": "program", "slot": 0, "program": {"tasks": ["13…", null…],
//!               "subs": [...], "labels": [...]}},
//!              {"time_ms": 0, "kind": "start_task", "task": 0},
//!              {"time_ms": 812, "kind": "install_task", "slot": 0, "task": 0, "code": "13…"}, …],
//!   "frame_ms": 20, "bodies": ["rcx", "left", …],
//!   "frames": "<base64 of little-endian f32: per frame pose x,y,z,yaw; per body x,y,z,
//!              qx,qy,qz,qw; out A,B,C signed %; VI of task 0 (−1 none)>",
//!   "final": {"x", "y", "z", "yaw_deg"} }
//! ```
//! Frame `i` is at `i × frame_ms`. Replaying = building a fresh simulation from the stored
//! files and applying the inputs at their ticks ([`Recording::simulation_at`]); `final`
//! lets a replay check itself. A run recorded after a reset starts from the reset (the
//! log restarts then and begins with the programs). Limitation: a custom floor picture is
//! found again by path, not stored.

use super::specs::SpecSource;
use super::timeline::{resimulate, Frame, Timeline};
use super::{SimConfig, Simulation, TimedInput};
use crate::vm::VmConfig;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// What went wrong reading, writing or replaying a recording.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("{path}: {message}")]
    Io { path: String, message: String },
    #[error("{path}: not a lurobotsim recording: {message}")]
    Format { path: String, message: String },
    #[error("recording: {0}")]
    Spec(#[from] crate::world::spec::SpecError),
    /// A robot or environment file the recording carries fails the checks files on disk get.
    #[error("{path}: the recording's {error}")]
    Embedded {
        path: String,
        error: crate::world::spec::SpecError,
    },
}

fn one() -> usize {
    1
}

const FORMAT: &str = "lurobotsim-recording";
const VERSION: u32 = 1;

/// A recorded run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recording {
    pub format: String,
    pub version: u32,
    pub robot: SpecSource,
    pub environment: SpecSource,
    pub seed: u64,
    pub instructions_per_tick: u32,
    pub battery_mv: u16,
    /// Copies of the robot in the world (benchmarks); 1 when absent.
    #[serde(default = "one")]
    pub robots: usize,
    pub duration_ms: u64,
    pub inputs: Vec<TimedInput>,
    pub frame_ms: u64,
    pub bodies: Vec<String>,
    #[serde(with = "base64_f32")]
    pub frames: Vec<f32>,
    #[serde(rename = "final")]
    pub final_pose: [f64; 4],
    /// `--realism` of the run; recordings made before it existed were `original`.
    #[serde(default)]
    pub realism: crate::vm::Realism,
    /// `--battery-v` of the run (absent: each robot file's battery, or the default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battery_v: Option<f32>,
    /// A scene's robots (name, robot file, start pose), in order; absent for one robot
    /// (then `robot` is the robot). Each input's `brick` says which robot it concerns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scene: Vec<RecordedPlacement>,
}

/// One robot of a recorded scene.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordedPlacement {
    pub name: String,
    pub model: SpecSource,
    /// x, z (m) and yaw (degrees).
    pub pose: [f32; 3],
}

/// Builds a recording while a simulation runs: create it at the start, call
/// [`Recorder::observe`] after every tick, then [`Recorder::finish`].
pub struct Recorder {
    robot: SpecSource,
    environment: SpecSource,
    frame_ms: u64,
    bodies: Vec<String>,
    frames: Vec<f32>,
    next_ms: u64,
}

impl Recorder {
    /// `sim` must be fresh (or just reset; its clock at 0 — frame `i` is taken at
    /// `i × frame_ms`) and built from `robot` and `environment`.
    pub fn new(
        sim: &Simulation,
        robot: SpecSource,
        environment: SpecSource,
        frame_ms: u64,
    ) -> Recorder {
        let mut r = Recorder {
            robot,
            environment,
            frame_ms: frame_ms.max(1),
            bodies: sim.world().bodies().into_iter().map(|b| b.name).collect(),
            frames: Vec::new(),
            next_ms: 0,
        };
        r.observe(sim);
        r
    }

    /// Keeps a frame when one is due.
    pub fn observe(&mut self, sim: &Simulation) {
        if sim.time_ms() >= self.next_ms {
            Frame::of(sim).to_floats(&mut self.frames);
            self.next_ms += self.frame_ms;
        }
    }

    /// The recording of `sim`'s run so far.
    pub fn finish(self, sim: &Simulation) -> Recording {
        let p = sim.robot(0).map(|r| r.pose()).unwrap_or_default();
        let c = sim.config();
        Recording {
            format: FORMAT.into(),
            version: VERSION,
            robot: self.robot,
            environment: self.environment,
            seed: c.seed,
            instructions_per_tick: c.vm.instructions_per_tick,
            battery_mv: c.vm.battery_mv,
            robots: c.robots.max(1),
            duration_ms: sim.time_ms(),
            inputs: sim.inputs().to_vec(),
            frame_ms: self.frame_ms,
            bodies: self.bodies,
            frames: self.frames,
            final_pose: [p.x, p.y, p.z, p.yaw_deg],
            realism: c.realism,
            battery_v: c.battery_v,
            scene: Vec::new(),
        }
    }
}

/// A scene's robots as a recording carries them (empty for one robot); `Err` names a
/// robot whose robot file is not known (neither from its scene nor a built-in model).
pub fn recorded_scene(sim: &Simulation) -> Result<Vec<RecordedPlacement>, String> {
    if !sim.is_scene() {
        return Ok(Vec::new());
    }
    sim.layout()
        .iter()
        .map(|p| {
            let model = match &p.model {
                Some(m) => m.clone(),
                None => SpecSource::robot(&p.spec.name)
                    .map_err(|e| format!("robot {}'s robot file is not known ({e})", p.name))?,
            };
            Ok(RecordedPlacement {
                name: p.name.clone(),
                model,
                pose: [p.pose.0, p.pose.1, p.pose.2],
            })
        })
        .collect()
}

impl Recording {
    /// The settings the run used.
    pub fn config(&self) -> SimConfig {
        SimConfig {
            seed: self.seed,
            vm: VmConfig {
                instructions_per_tick: self.instructions_per_tick,
                seed: self.seed,
                battery_mv: self.battery_mv,
                realism: self.realism,
            },
            robots: self.robots.max(1),
            realism: self.realism,
            battery_v: self.battery_v,
        }
    }

    /// A fresh simulation as the run began, before any input.
    pub fn fresh(&self) -> Result<Simulation, RecordError> {
        if !self.scene.is_empty() {
            let mut layout = Vec::with_capacity(self.scene.len());
            for p in &self.scene {
                layout.push(super::Placement {
                    name: p.name.clone(),
                    spec: p.model.robot_spec()?,
                    pose: (p.pose[0], p.pose[1], p.pose[2]),
                    model: Some(p.model.clone()),
                });
            }
            return Ok(Simulation::build(
                layout,
                self.environment.env_spec()?,
                self.config(),
                true,
            )?);
        }
        Ok(Simulation::new(
            self.robot.robot_spec()?,
            self.environment.env_spec()?,
            self.config(),
        )?)
    }

    /// The exact simulation at `time_ms` (clamped to the recorded duration), re-simulated.
    pub fn simulation_at(&self, time_ms: u64) -> Result<Simulation, RecordError> {
        let mut sim = self.fresh()?;
        resimulate(&mut sim, &self.inputs, time_ms.min(self.duration_ms));
        Ok(sim)
    }

    /// Re-simulates the whole run: the final simulation and a timeline of it for seeking
    /// (`timeline.state_at(&final_sim, t)`).
    pub fn replay(&self) -> Result<(Simulation, Timeline), RecordError> {
        let mut sim = self.fresh()?;
        let mut timeline = Timeline::new(&sim);
        for ti in &self.inputs {
            if ti.time_ms > self.duration_ms {
                break;
            }
            while sim.time_ms() < ti.time_ms {
                sim.tick();
                timeline.observe(&sim);
            }
            sim.apply(ti.brick, ti.input.clone());
        }
        while sim.time_ms() < self.duration_ms {
            sim.tick();
            timeline.observe(&sim);
        }
        Ok((sim, timeline))
    }

    /// True when `sim`'s (first) brick stands exactly where the recorded run ended.
    pub fn matches_final(&self, sim: &Simulation) -> bool {
        sim.robot(0).is_some_and(|r| {
            let p = r.pose();
            [p.x, p.y, p.z, p.yaw_deg] == self.final_pose
        })
    }

    /// Number of frames in the pose stream.
    pub fn frame_count(&self) -> usize {
        let stride = Frame::stride(self.bodies.len());
        self.frames.len() / stride
    }

    /// Frame `i` of the pose stream.
    pub fn frame(&self, i: usize) -> Option<Frame> {
        let stride = Frame::stride(self.bodies.len());
        let f = self.frames.get(i * stride..(i + 1) * stride)?;
        Frame::from_floats(i as u64 * self.frame_ms, f, self.bodies.len())
    }

    /// The frame at or before `time_ms`.
    pub fn frame_at(&self, time_ms: u64) -> Option<Frame> {
        let n = self.frame_count();
        if n == 0 {
            return None;
        }
        self.frame(((time_ms / self.frame_ms.max(1)) as usize).min(n - 1))
    }
}

/// Writes a recording as JSON.
pub fn save(path: &Path, rec: &Recording) -> Result<(), RecordError> {
    let io = |e: std::io::Error| RecordError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    };
    let text = serde_json::to_string(rec).map_err(|e| RecordError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    })?;
    std::fs::write(path, text).map_err(io)
}

/// Reads a recording; a file that is not one gives a `Format` error, never a panic.
pub fn load(path: &Path) -> Result<Recording, RecordError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| RecordError::Io {
        path: name.clone(),
        message: e.to_string(),
    })?;
    parse(&text, &name)
}

/// Parses a recording's text (`name` labels errors).
pub fn parse(text: &str, name: &str) -> Result<Recording, RecordError> {
    let bad = |message: String| RecordError::Format {
        path: name.to_string(),
        message,
    };
    let rec: Recording = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
    if rec.format != FORMAT {
        return Err(bad(format!("format is \"{}\"", rec.format)));
    }
    if rec.version != VERSION {
        return Err(bad(format!("version {} is not {VERSION}", rec.version)));
    }
    if rec.frame_ms == 0
        || !rec
            .frames
            .len()
            .is_multiple_of(Frame::stride(rec.bodies.len()))
    {
        return Err(bad("the frame stream does not fit its bodies".into()));
    }
    // The files it carries get the same checks as files on disk (world::spec).
    let embedded = |error| RecordError::Embedded {
        path: name.to_string(),
        error,
    };
    rec.robot.robot_spec().map_err(embedded)?;
    rec.environment.env_spec().map_err(embedded)?;
    if rec.scene.len() > super::scene::MAX_ROBOTS {
        return Err(bad(format!(
            "{} robots (at most {})",
            rec.scene.len(),
            super::scene::MAX_ROBOTS
        )));
    }
    for p in &rec.scene {
        p.model.robot_spec().map_err(embedded)?;
        if !p.pose.iter().all(|v| v.is_finite()) {
            return Err(bad(format!(
                "robot {}'s start pose is not a number",
                p.name
            )));
        }
    }
    // Every input concerns one of its robots.
    let robots = rec.scene.len().max(1);
    if let Some(ti) = rec.inputs.iter().find(|ti| ti.brick >= robots) {
        return Err(bad(format!(
            "an input at {} ms is for robot {}, but there are {robots}",
            ti.time_ms,
            ti.brick + 1
        )));
    }
    Ok(rec)
}

/// Floats as base64 of their little-endian bytes (compact, exact).
pub(crate) mod base64_f32 {
    use serde::{Deserialize, Deserializer, Serializer};

    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

    pub fn encode(bytes: &[u8]) -> String {
        let mut s = String::with_capacity(bytes.len().div_ceil(3) * 4);
        for c in bytes.chunks(3) {
            let n = (c[0] as u32) << 16
                | (*c.get(1).unwrap_or(&0) as u32) << 8
                | *c.get(2).unwrap_or(&0) as u32;
            for k in 0..4 {
                if k <= c.len() {
                    s.push(ALPHABET[(n >> (18 - 6 * k) & 63) as usize] as char);
                } else {
                    s.push('=');
                }
            }
        }
        s
    }

    pub fn decode(s: &str) -> Option<Vec<u8>> {
        let val = |c: u8| ALPHABET.iter().position(|&a| a == c).map(|p| p as u32);
        let s = s.trim_end_matches('=').as_bytes();
        let mut out = Vec::with_capacity(s.len() * 3 / 4);
        for c in s.chunks(4) {
            if c.len() == 1 {
                return None;
            }
            let mut n = 0u32;
            for (k, &ch) in c.iter().enumerate() {
                n |= val(ch)? << (18 - 6 * k);
            }
            out.push((n >> 16) as u8);
            if c.len() > 2 {
                out.push((n >> 8) as u8);
            }
            if c.len() > 3 {
                out.push(n as u8);
            }
        }
        Some(out)
    }

    pub fn serialize<S: Serializer>(v: &[f32], s: S) -> Result<S::Ok, S::Error> {
        let bytes: Vec<u8> = v.iter().flat_map(|f| f.to_le_bytes()).collect();
        s.serialize_str(&encode(&bytes))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<f32>, D::Error> {
        let s = String::deserialize(d)?;
        let bytes = decode(&s).ok_or_else(|| serde::de::Error::custom("frames: bad base64"))?;
        if bytes.len() % 4 != 0 {
            return Err(serde::de::Error::custom("frames: not whole floats"));
        }
        Ok(bytes
            .chunks(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn base64_round_trips_every_length() {
            for n in 0..20u8 {
                let b: Vec<u8> = (0..n).map(|i| i.wrapping_mul(37).wrapping_add(5)).collect();
                assert_eq!(super::decode(&super::encode(&b)), Some(b));
            }
            assert_eq!(super::encode(b"Man"), "TWFu");
            assert_eq!(super::encode(b"Ma"), "TWE=");
            assert_eq!(super::decode("T!Fu"), None);
        }
    }
}

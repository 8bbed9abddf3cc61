//! Record and replay: THE recording of a run, one robot or a scene. A recording holds
//! everything needed to re-simulate the run exactly — the robot and environment files'
//! text as the simulation was built from them (never re-read at save time), the seed, the
//! VM settings and every external input with its tick (program loads and downloads, task
//! starts, direct commands, robot moves…) — plus a compact per-frame pose stream so the app
//! can scrub without re-simulating. [`Recorder`] writes it (`run --record`, `run --scene
//! --record`), [`Recording::of`] makes it from a history's frames (the app's Save
//! recording, through the runner).
//!
//! File format (JSON, one object; add keys, never rename), version 2:
//! ```text
//! { "format": "lurobotsim-recording", "version": 2,
//!   "robot": {"name", "label", "text", "dir"}, "environment": {…same…},
//!   "seed": 0, "instructions_per_tick": 1, "battery_mv": 9000, "robots": 1,
//!   "realism": "original",   (or "rcx"; absent in older files = "original")
//!   "battery_v": 7.2,        (only when `--battery-v` replaced the robot files' battery)
//!   "duration_ms": 10000,
//!   "inputs": [{"time_ms": 0, "kind": "program", "slot": 0, "program": {"tasks": ["13…", null…],
//!               "subs": [...], "labels": [...]}},
//!              {"time_ms": 0, "kind": "start_task", "task": 0},
//!              {"time_ms": 812, "kind": "install_task", "slot": 0, "task": 0, "code": "13…",
//!               "brick": 1}, …],   ("brick": which robot of a scene; absent = robot 0)
//!   "frame_ms": 20, "bodies": ["rcx", "left", …],
//!   "frames": "<base64 of little-endian f32: per frame pose x,y,z,yaw; per body x,y,z,
//!              qx,qy,qz,qw; out A,B,C signed %; VI of task 0 (−1 none)>",
//!   "final": [x, y, z, yaw_deg],
//!   "scene": [{"name", "model": {…as robot…}, "pose": [x, z, yaw]}, …],  (a scene's robots)
//!   "finals": [[x, y, z, yaw_deg], …] }   (a scene's: every robot's final pose)
//! ```
//! Frame `i` is at `i × frame_ms`. Replaying = building a fresh simulation from the stored
//! files and applying the inputs at their ticks ([`Recording::simulation_at`]); `final`
//! (and a scene's `finals`) lets a replay check itself. A run recorded after a reset starts
//! from the reset (the log restarts then and begins with the programs). Limitation: a
//! custom floor picture is found again by path, not stored.
//!
//! Older files still open: version 1 (the same keys without `finals`) as it is, and a
//! scene recording of version 1 (`"format": "lurobotsim-scene-recording"`: each robot with
//! its program, no inputs) as the same run — its programs become inputs at 0 ms, started,
//! as a scene starts them (no pose stream: a replay makes one).

use super::specs::SpecSource;
use super::timeline::{resimulate, Frame, Timeline};
use super::{Listing, RobotDef, SimConfig, SimDef, Simulation, TimedInput};
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
/// The version written; older ones are read too (see the module's text).
const VERSION: u32 = 2;
/// The format name of the retired version-1 scene recordings (read, never written).
pub const SCENE_V1_FORMAT: &str = "lurobotsim-scene-recording";

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
    /// Copies of the robot driven by its one brick, which older builds made for benchmarks:
    /// always 1 now (a recording of several is refused); 1 when absent.
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
    /// A scene's final poses, one per robot of `scene` (version 2; empty for one robot and
    /// in older files).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub finals: Vec<[f64; 4]>,
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
    /// The files the simulation was built from, taken when recording began.
    files: Files,
    frame_ms: u64,
    bodies: Vec<String>,
    frames: Vec<f32>,
    next_ms: u64,
}

impl Recorder {
    /// `sim` must be fresh (or just reset; its clock at 0 — frame `i` is taken at
    /// `i × frame_ms`) and built from files (the recording carries their text as built);
    /// `Err` when it was built from parsed specs only. `listing`: whether the recording
    /// lists the robots as a scene's.
    pub fn new(sim: &Simulation, frame_ms: u64, listing: Listing) -> Result<Recorder, RecordError> {
        let mut r = Recorder {
            files: files_of(sim, listing)?,
            frame_ms: frame_ms.max(1),
            bodies: body_names(sim),
            frames: Vec::new(),
            next_ms: 0,
        };
        r.observe(sim);
        Ok(r)
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
        Recording::with_files(self.files, sim, self.frame_ms, self.bodies, self.frames)
    }
}

/// The recorder looks at a run as the run loop's observers do (`sim::scenario::run_until`).
impl super::scenario::Observer for Recorder {
    fn observe(&mut self, sim: &Simulation) -> std::io::Result<()> {
        Recorder::observe(self, sim);
        Ok(())
    }
}

/// The names of `sim`'s bodies, in the pose stream's order.
pub fn body_names(sim: &Simulation) -> Vec<String> {
    sim.world().bodies().into_iter().map(|b| b.name).collect()
}

/// A run's files as a recording carries them: robot 0's robot file, the environment
/// file, and a scene's robots (empty for one robot).
type Files = (SpecSource, SpecSource, Vec<RecordedPlacement>);

/// The files `sim` was built from, its robots listed as `listing` says. `Err` names what
/// is not known.
fn files_of(sim: &Simulation, listing: Listing) -> Result<Files, RecordError> {
    let unknown = |what: String| RecordError::Format {
        path: "<this run>".into(),
        message: format!("{what} is not known (built from a parsed spec)"),
    };
    let env = sim
        .env_model()
        .cloned()
        .ok_or_else(|| unknown("the environment file".into()))?;
    let mut scene = Vec::new();
    for p in sim.layout() {
        let model = p
            .model
            .clone()
            .ok_or_else(|| unknown(format!("robot {}'s robot file", p.name)))?;
        scene.push(RecordedPlacement {
            name: p.name.clone(),
            model,
            pose: [p.pose.0, p.pose.1, p.pose.2],
        });
    }
    let robot = scene[0].model.clone();
    if listing == Listing::One {
        scene.clear();
    }
    Ok((robot, env, scene))
}

impl Recording {
    /// The recording of `sim`'s run so far (since it was built or last reset) with a pose
    /// stream of `frames` (frame `i` at `i × frame_ms`, of `bodies`). The files are those
    /// `sim` was built from; `Err` when it was built from parsed specs only. `listing`:
    /// whether it lists the robots as a scene's.
    pub fn of(
        sim: &Simulation,
        frame_ms: u64,
        bodies: Vec<String>,
        frames: Vec<f32>,
        listing: Listing,
    ) -> Result<Recording, RecordError> {
        Ok(Recording::with_files(
            files_of(sim, listing)?,
            sim,
            frame_ms,
            bodies,
            frames,
        ))
    }

    /// [`Recording::of`] with the files given.
    fn with_files(
        (robot, environment, scene): Files,
        sim: &Simulation,
        frame_ms: u64,
        bodies: Vec<String>,
        frames: Vec<f32>,
    ) -> Recording {
        let pose = |k: usize| {
            let p = sim.robot(k).map(|r| r.pose()).unwrap_or_default();
            [p.x, p.y, p.z, p.yaw_deg]
        };
        let c = sim.config();
        Recording {
            format: FORMAT.into(),
            version: VERSION,
            robot,
            environment,
            seed: c.seed,
            instructions_per_tick: c.vm.instructions_per_tick,
            battery_mv: c.vm.battery_mv,
            robots: 1,
            duration_ms: sim.time_ms(),
            inputs: sim.inputs().to_vec(),
            frame_ms: frame_ms.max(1),
            bodies,
            frames,
            final_pose: pose(0),
            realism: c.realism,
            battery_v: c.battery_v,
            finals: (0..scene.len()).map(pose).collect(),
            scene,
        }
    }

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
            realism: self.realism,
            battery_v: self.battery_v,
        }
    }

    /// A fresh simulation as the run began, before any input, built from the files the
    /// recording carries.
    pub fn fresh(&self) -> Result<Simulation, RecordError> {
        let def = match self.scene.is_empty() {
            true => SimDef::from_files(&self.robot, &self.environment)?,
            false => {
                let mut robots = Vec::with_capacity(self.scene.len());
                for p in &self.scene {
                    let pose = (p.pose[0], p.pose[1], p.pose[2]);
                    robots.push(RobotDef::of_file(&p.name, &p.model, pose)?);
                }
                SimDef::new(&self.environment, robots)?
            }
        };
        Ok(Simulation::create(&def.with_config(self.config()))?)
    }

    /// How the recorded run listed its robots: a scene's list, or the one robot of `run`.
    pub fn listing(&self) -> Listing {
        match self.scene.is_empty() {
            true => Listing::One,
            false => Listing::Scene,
        }
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
        let inputs = self
            .inputs
            .iter()
            .filter(|ti| ti.time_ms <= self.duration_ms);
        // The one run loop; the timeline, an observer, cannot fail.
        let _ =
            super::scenario::run_until(&mut sim, self.duration_ms, inputs, &mut [&mut timeline]);
        Ok((sim, timeline))
    }

    /// True when `sim`'s first brick stands exactly where the recorded run ended (and,
    /// when the recording has them, every robot of a scene where it ended).
    pub fn matches_final(&self, sim: &Simulation) -> bool {
        let at = |k: usize| {
            sim.robot(k).map(|r| {
                let p = r.pose();
                [p.x, p.y, p.z, p.yaw_deg]
            })
        };
        at(0) == Some(self.final_pose)
            && (self.finals.iter().enumerate()).all(|(k, f)| at(k) == Some(*f))
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
    let head: Head = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
    let rec: Recording = match (head.format.as_str(), head.version) {
        (FORMAT, 1..=VERSION) => serde_json::from_str(text).map_err(|e| bad(e.to_string()))?,
        (SCENE_V1_FORMAT, 1) => scene_v1::parse(text, name)?,
        (FORMAT | SCENE_V1_FORMAT, v) => {
            return Err(bad(format!("version {v} is not one this build reads")))
        }
        (f, _) => return Err(bad(format!("format is \"{f}\""))),
    };
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
    if !rec.finals.is_empty() && rec.finals.len() != rec.scene.len() {
        return Err(bad(format!(
            "{} final poses for {} robots",
            rec.finals.len(),
            rec.scene.len()
        )));
    }
    if rec.robots > 1 {
        return Err(bad(format!(
            "{} copies of one robot driven by one brick (a benchmark of older builds): \
             not simulated any more",
            rec.robots
        )));
    }
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

/// A recording's first keys: which format and version the rest is.
#[derive(Deserialize)]
struct Head {
    format: String,
    version: u32,
}

/// The retired scene recordings of version 1 (`run --scene --record` before version 2),
/// read as the same run.
mod scene_v1 {
    use super::{RecordError, RecordedPlacement, Recording, FORMAT, VERSION};
    use crate::sim::input::ProgramData;
    use crate::sim::specs::SpecSource;
    use crate::sim::{Realism, SimConfig, Simulation};
    use crate::sim::{RobotDef, SimDef};
    use crate::vm::VmConfig;
    use serde::Deserialize;
    use std::path::PathBuf;

    /// One robot of the file.
    #[derive(Deserialize)]
    struct Robot {
        name: String,
        model: SpecSource,
        pose: [f32; 3],
        program: Option<ProgramData>,
    }

    /// The file (its pose stream is not read: a replay makes one).
    #[derive(Deserialize)]
    struct SceneV1 {
        environment: SpecSource,
        robots: Vec<Robot>,
        seed: u64,
        #[serde(default)]
        realism: Realism,
        #[serde(default)]
        battery_v: Option<f32>,
        instructions_per_tick: u32,
        battery_mv: u16,
        duration_ms: u64,
        frame_ms: u64,
        #[serde(rename = "final")]
        final_poses: Vec<[f64; 4]>,
    }

    /// The run of a version-1 scene recording: its programs as inputs at 0 ms (as a
    /// scene's build applies them), every robot's final pose to check a replay by.
    pub(super) fn parse(text: &str, name: &str) -> Result<Recording, RecordError> {
        let bad = |message: String| RecordError::Format {
            path: name.to_string(),
            message,
        };
        let old: SceneV1 = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
        let n = old.robots.len();
        if n == 0 || n > crate::sim::scene::MAX_ROBOTS || old.final_poses.len() != n {
            return Err(bad(format!(
                "{n} robots (1 to {}, each with a final pose)",
                crate::sim::scene::MAX_ROBOTS
            )));
        }
        let mut robots = Vec::with_capacity(n);
        for r in &old.robots {
            let program = match &r.program {
                None => None,
                Some(p) => Some((
                    PathBuf::from(format!("<recorded program of {}>", r.name)),
                    p.to_program()
                        .map_err(|m| bad(format!("robot {}'s program: {m}", r.name)))?,
                )),
            };
            robots.push(RobotDef {
                name: r.name.clone(),
                spec: r.model.robot_spec()?,
                model: Some(r.model.clone()),
                program,
                pose: (r.pose[0], r.pose[1], r.pose[2]),
            });
        }
        let config = SimConfig {
            seed: old.seed,
            vm: VmConfig {
                instructions_per_tick: old.instructions_per_tick,
                seed: old.seed,
                battery_mv: old.battery_mv,
                realism: old.realism,
            },
            realism: old.realism,
            battery_v: old.battery_v,
        };
        let start = Simulation::create(&SimDef {
            robots,
            ..SimDef::new(&old.environment, Vec::new())?.with_config(config)
        })?;
        Ok(Recording {
            format: FORMAT.into(),
            version: VERSION,
            robot: old.robots[0].model.clone(),
            environment: old.environment,
            seed: old.seed,
            instructions_per_tick: old.instructions_per_tick,
            battery_mv: old.battery_mv,
            robots: 1,
            duration_ms: old.duration_ms,
            inputs: start.inputs().to_vec(),
            frame_ms: old.frame_ms,
            bodies: Vec::new(),
            frames: Vec::new(),
            final_pose: old.final_poses[0],
            realism: old.realism,
            battery_v: old.battery_v,
            scene: old
                .robots
                .iter()
                .map(|r| RecordedPlacement {
                    name: r.name.clone(),
                    model: r.model.clone(),
                    pose: r.pose,
                })
                .collect(),
            finals: old.final_poses,
        })
    }
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

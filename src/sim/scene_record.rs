//! Recordings of scenes (`run --scene --record`): everything needed to re-simulate the run
//! exactly — the environment's and every robot's file text, each robot's name, start pose
//! and program, the seed and settings — plus a compact per-frame stream of every robot's
//! pose and outputs.
//!
//! File format (JSON, one object; add keys, never rename):
//! ```text
//! { "format": "lurobotsim-scene-recording", "version": 1,
//!   "scene": "path/of/the/scene.toml",
//!   "environment": {"name", "label", "text", "dir"},
//!   "robots": [{"name": "master", "model": {…as environment…}, "pose": [x, z, yaw],
//!               "program": {"tasks": [...], "subs": [...], "labels": [...]} or null}, …],
//!   "seed": 0, "realism": "original", "instructions_per_tick": 1, "battery_mv": 9000,
//!   "duration_ms": 6000, "frame_ms": 20,
//!   "frames": "<base64 of little-endian f32: per frame, per robot: x, y, z, yaw_deg,
//!              out A, B, C signed %>",
//!   "final": [[x, y, z, yaw_deg], …one per robot] }
//! ```
//! Frame `i` is at `i × frame_ms`. A scene run has no external inputs (each robot's program
//! starts at t = 0), so replaying is building the scene again and ticking
//! ([`SceneRecording::replay`]); `final` lets a replay check itself. The desktop app does
//! not open scene recordings yet.

use super::input::ProgramData;
use super::record::RecordError;
use super::scene::{Scene, SceneRobot, MAX_ROBOTS};
use super::specs::SpecSource;
use super::SimConfig;
use super::Simulation;
use crate::vm::VmConfig;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

pub const FORMAT: &str = "lurobotsim-scene-recording";
const VERSION: u32 = 1;
/// Floats per robot per frame.
pub const STRIDE: usize = 7;

/// One robot of a recorded scene.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordedRobot {
    pub name: String,
    pub model: SpecSource,
    /// x, z (m), yaw (degrees).
    pub pose: [f32; 3],
    pub program: Option<ProgramData>,
}

/// A recorded scene run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SceneRecording {
    pub format: String,
    pub version: u32,
    pub scene: String,
    pub environment: SpecSource,
    pub robots: Vec<RecordedRobot>,
    pub seed: u64,
    #[serde(default)]
    pub realism: crate::vm::Realism,
    /// `--battery-v` of the run (absent: each robot file's battery, or the default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battery_v: Option<f32>,
    pub instructions_per_tick: u32,
    pub battery_mv: u16,
    pub duration_ms: u64,
    pub frame_ms: u64,
    #[serde(with = "super::record::base64_f32")]
    pub frames: Vec<f32>,
    #[serde(rename = "final")]
    pub final_poses: Vec<[f64; 4]>,
}

/// Builds a scene recording while the scene runs: create it at t = 0, call
/// [`SceneRecorder::observe`] after every tick, then [`SceneRecorder::finish`].
pub struct SceneRecorder {
    robots: Vec<RecordedRobot>,
    scene: String,
    environment: SpecSource,
    frame_ms: u64,
    frames: Vec<f32>,
    next_ms: u64,
}

impl SceneRecorder {
    pub fn new(scene: &Scene, sim: &Simulation, frame_ms: u64) -> SceneRecorder {
        let mut r = SceneRecorder {
            robots: scene
                .robots
                .iter()
                .map(|r| RecordedRobot {
                    name: r.name.clone(),
                    model: r.model.clone(),
                    pose: [r.pose.0, r.pose.1, r.pose.2],
                    program: r.program.as_ref().map(|(_, p)| ProgramData::of(p)),
                })
                .collect(),
            scene: scene.file.clone(),
            environment: scene.environment.clone(),
            frame_ms: frame_ms.max(1),
            frames: Vec::new(),
            next_ms: 0,
        };
        r.observe(sim);
        r
    }

    /// Keeps a frame when one is due.
    pub fn observe(&mut self, sim: &Simulation) {
        if sim.time_ms() < self.next_ms {
            return;
        }
        for r in sim.robots() {
            let p = r.pose();
            let o = r.vm().outputs();
            self.frames.extend([
                p.x as f32,
                p.y as f32,
                p.z as f32,
                p.yaw_deg as f32,
                o[0].signed_percent() as f32,
                o[1].signed_percent() as f32,
                o[2].signed_percent() as f32,
            ]);
        }
        self.next_ms += self.frame_ms;
    }

    pub fn finish(self, sim: &Simulation) -> SceneRecording {
        let c = sim.config();
        SceneRecording {
            format: FORMAT.into(),
            version: VERSION,
            scene: self.scene,
            environment: self.environment,
            robots: self.robots,
            seed: c.seed,
            realism: c.realism,
            battery_v: c.battery_v,
            instructions_per_tick: c.vm.instructions_per_tick,
            battery_mv: c.vm.battery_mv,
            duration_ms: sim.time_ms(),
            frame_ms: self.frame_ms,
            frames: self.frames,
            final_poses: sim
                .robots()
                .map(|r| {
                    let p = r.pose();
                    [p.x, p.y, p.z, p.yaw_deg]
                })
                .collect(),
        }
    }
}

impl SceneRecording {
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
            robots: 1,
            realism: self.realism,
            battery_v: self.battery_v,
        }
    }

    /// The scene as recorded (files from the recording, not from disk).
    pub fn scene(&self) -> Result<Scene, RecordError> {
        let env = self.environment.env_spec()?;
        let mut robots = Vec::with_capacity(self.robots.len());
        for r in &self.robots {
            let program = match &r.program {
                None => None,
                Some(p) => Some((
                    PathBuf::from(format!("<recorded program of {}>", r.name)),
                    p.to_program().map_err(|message| RecordError::Format {
                        path: self.scene.clone(),
                        message: format!("robot {}'s program: {message}", r.name),
                    })?,
                )),
            };
            robots.push(SceneRobot {
                name: r.name.clone(),
                spec: r.model.robot_spec()?,
                model: r.model.clone(),
                program,
                pose: (r.pose[0], r.pose[1], r.pose[2]),
            });
        }
        Ok(Scene {
            file: self.scene.clone(),
            environment: self.environment.clone(),
            env,
            robots,
        })
    }

    /// The same run as a recording the app opens (`record::Recording` with its `scene`):
    /// the scene's programs are its inputs at 0 ms, as `Simulation::from_scene` applies
    /// them; no pose stream (the app re-simulates it).
    pub fn to_recording(&self) -> Result<super::record::Recording, RecordError> {
        let scene = self.scene()?;
        let start = Simulation::from_scene(&scene, self.config())?;
        let first = self
            .robots
            .first()
            .map(|r| r.model.clone())
            .ok_or_else(|| RecordError::Format {
                path: self.scene.clone(),
                message: "no robots".into(),
            })?;
        Ok(super::record::Recording {
            format: "lurobotsim-recording".into(),
            version: 1,
            robot: first,
            environment: self.environment.clone(),
            seed: self.seed,
            instructions_per_tick: self.instructions_per_tick,
            battery_mv: self.battery_mv,
            robots: 1,
            duration_ms: self.duration_ms,
            inputs: start.inputs().to_vec(),
            frame_ms: self.frame_ms,
            bodies: Vec::new(),
            frames: Vec::new(),
            final_pose: self.final_poses[0],
            realism: self.realism,
            battery_v: self.battery_v,
            scene: self
                .robots
                .iter()
                .map(|r| super::record::RecordedPlacement {
                    name: r.name.clone(),
                    model: r.model.clone(),
                    pose: r.pose,
                })
                .collect(),
        })
    }

    /// Re-simulates the whole run; the scene at its end.
    pub fn replay(&self) -> Result<Simulation, RecordError> {
        let mut sim = Simulation::from_scene(&self.scene()?, self.config())?;
        sim.run_until(self.duration_ms);
        Ok(sim)
    }
}

/// Writes a scene recording.
pub fn save(path: &Path, rec: &SceneRecording) -> Result<(), RecordError> {
    let io = |message: String| RecordError::Io {
        path: path.display().to_string(),
        message,
    };
    let text = serde_json::to_string(rec).map_err(|e| io(e.to_string()))?;
    std::fs::write(path, text).map_err(|e| io(e.to_string()))
}

/// Reads and checks a scene recording.
pub fn load(path: &Path) -> Result<SceneRecording, RecordError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| RecordError::Io {
        path: name.clone(),
        message: e.to_string(),
    })?;
    let bad = |message: String| RecordError::Format {
        path: name.clone(),
        message,
    };
    let rec: SceneRecording = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
    if rec.format != FORMAT {
        return Err(bad(format!("format is \"{}\"", rec.format)));
    }
    if rec.version != VERSION {
        return Err(bad(format!("version {} is not {VERSION}", rec.version)));
    }
    let n = rec.robots.len();
    if n == 0 || n > MAX_ROBOTS || rec.final_poses.len() != n {
        return Err(bad(format!(
            "{n} robots (1 to {MAX_ROBOTS}, each with a final pose)"
        )));
    }
    if rec.frame_ms == 0 || !rec.frames.len().is_multiple_of(STRIDE * n) {
        return Err(bad("the frame stream does not fit its robots".into()));
    }
    // The files it carries get the same checks as files on disk.
    rec.scene()?;
    Ok(rec)
}

//! The physical world: rapier3d bodies for a robot (from `robots/*.toml`) in an environment
//! (from `environments/*.toml`), the motors that drive its hinges and the touch, light and
//! rotation sensors that read it. Never reads a clock or touches the GUI, sockets or threads;
//! time advances only through [`World::step`] (one fixed 1 ms step).
//!
//! CONTRACT (add, don't rename): `spec::{RobotSpec, EnvSpec, SpecError}`,
//! `World::{new, set_outputs, step, brick_pose, bodies, statics, floor, robot_name, env_name}`,
//! `impl vm::Brick for World`, `Pose`, `BodyView`, `Shape`, `FloorView`.

pub mod spec;

use crate::vm::{Brick, OutputState};
use serde::Serialize;

/// Pose of the RCX brick: centre in world metres (Y up), heading of its +X axis in degrees,
/// counter-clockwise seen from above, in (−180, 180].
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Pose {
    pub x: f64,
    pub y: f64,
    pub z: f64,
    pub yaw_deg: f64,
}

/// A drawable shape in its body's local frame.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Shape {
    /// Half extents.
    Box {
        half: [f32; 3],
    },
    /// Along local Z: half length of the straight part, radius.
    Capsule {
        half_height: f32,
        radius: f32,
    },
    /// Along local Z.
    Cylinder {
        half_height: f32,
        radius: f32,
    },
    Sphere {
        radius: f32,
    },
}

/// One body to draw: world position, rotation quaternion (x, y, z, w), shape, RGBA colour.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BodyView {
    pub name: String,
    pub position: [f32; 3],
    pub rotation: [f32; 4],
    pub shape: Shape,
    pub colour: [f32; 4],
}

/// The floor picture: path of the image and the world rectangle (x0, z0, x1, z1) it covers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FloorView {
    pub image: Option<std::path::PathBuf>,
    pub rect: [f32; 4],
    pub colour: [f32; 4],
}

/// A robot in an environment.
pub struct World {
    robot: spec::RobotSpec,
    env: spec::EnvSpec,
    outputs: [OutputState; 3],
}

impl World {
    /// Builds the rapier world. `seed` drives optional sensor noise.
    pub fn new(
        robot: spec::RobotSpec,
        env: spec::EnvSpec,
        _seed: u64,
    ) -> Result<World, spec::SpecError> {
        Ok(World {
            robot,
            env,
            outputs: Default::default(),
        })
    }

    /// Sets what the motors do from the VM's effective outputs (the tick's actuator step).
    pub fn set_outputs(&mut self, outputs: &[OutputState; 3]) {
        self.outputs = *outputs;
    }

    /// One fixed 1 ms physics step.
    pub fn step(&mut self) {}

    /// The RCX brick's pose.
    pub fn brick_pose(&self) -> Pose {
        Pose::default()
    }

    /// The robot's bodies for drawing.
    pub fn bodies(&self) -> Vec<BodyView> {
        Vec::new()
    }

    /// The environment's static boxes for drawing.
    pub fn statics(&self) -> Vec<BodyView> {
        Vec::new()
    }

    /// The floor.
    pub fn floor(&self) -> FloorView {
        FloorView {
            image: None,
            rect: [-2.0, -2.0, 2.0, 2.0],
            colour: [0.9, 0.9, 0.9, 1.0],
        }
    }

    /// The robot's name (M1…, or the file stem).
    pub fn robot_name(&self) -> &str {
        &self.robot.name
    }

    /// The environment's name.
    pub fn env_name(&self) -> &str {
        &self.env.name
    }
}

impl Brick for World {
    fn sensor_raw(&mut self, _port: usize, _powered: bool) -> u16 {
        1023
    }
    fn rotation_count(&mut self, _port: usize) -> i32 {
        0
    }
}

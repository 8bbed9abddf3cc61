//! The world's sensors: what each robot's touch, light and rotation sensors are made of,
//! and the raw readings (and battery) a robot's RCX sees through `vm::Brick`.

use super::view::colour4;
use super::{battery, World, V3};
use crate::vm::{Brick, Realism};
use rapier3d::prelude::*;

#[derive(Clone, Debug)]
pub(super) enum SensorKind {
    None,
    Touch(ColliderHandle),
    Light { body: RigidBodyHandle, offset: V3 },
    Rotation { joint: ImpulseJointHandle },
}

#[derive(Clone, Debug)]
pub(super) struct Sensor {
    pub(super) kind: SensorKind,
    pub(super) black: f32,
    pub(super) white: f32,
    pub(super) spot: f32,
    pub(super) noise: f32,
    /// Unwrapped hinge angle (radians, positive = wheel turning forward).
    pub(super) angle: f64,
    pub(super) last: f32,
}

impl Brick for World {
    fn sensor_raw(&mut self, port: usize, powered: bool) -> u16 {
        self.sensor_raw_of(0, port, powered)
    }

    fn rotation_count(&mut self, port: usize) -> i32 {
        self.rotation_count_of(0, port)
    }

    /// The robot's battery (`motor.battery_v`, or the realism's default: 9 V in `original`),
    /// which also drives the motors, so `pollb` and source 34 read the battery they feel.
    fn battery_mv(&self) -> u16 {
        self.battery_mv_of(0)
    }
}

/// One robot of a scene as its RCX sees the world (`World::brick_of`).
pub struct RobotBrick<'a> {
    world: &'a mut World,
    robot: usize,
}

impl Brick for RobotBrick<'_> {
    fn sensor_raw(&mut self, port: usize, powered: bool) -> u16 {
        self.world.sensor_raw_of(self.robot, port, powered)
    }

    fn rotation_count(&mut self, port: usize) -> i32 {
        self.world.rotation_count_of(self.robot, port)
    }

    fn battery_mv(&self) -> u16 {
        self.world.battery_mv_of(self.robot)
    }
}

impl World {
    /// Robot `r`'s sensors and battery, for its own RCX.
    pub fn brick_of(&mut self, r: usize) -> RobotBrick<'_> {
        RobotBrick {
            world: self,
            robot: r,
        }
    }

    fn sensor_raw_of(&mut self, r: usize, port: usize, _powered: bool) -> u16 {
        let Some(s) = self
            .robots
            .get(r)
            .and_then(|r| r.sensors.get(port))
            .cloned()
        else {
            return 1023;
        };
        let raw: f32 = match s.kind {
            SensorKind::None => 1023.0,
            SensorKind::Touch(c) => {
                let pressed = self
                    .narrow
                    .contact_pairs_with(c)
                    .any(|p| p.has_any_active_contact());
                // Pressed pulls the input low (firmware thresholds 460/562). A real switch
                // (≈ 500 Ω against the RCX's 10 kΩ pull-up) reads ≈ 50 (legorot.htm).
                if pressed && self.realism == Realism::Rcx {
                    50.0
                } else if pressed {
                    100.0
                } else {
                    1023.0
                }
            }
            SensorKind::Light { body, offset } => {
                let Some(b) = self.bodies.get(body) else {
                    return 1023;
                };
                let p = b.position().transform_point(offset);
                let grey = self
                    .texture
                    .as_ref()
                    .map(|t| t.mean(p.x, p.z, s.spot))
                    .unwrap_or_else(|| {
                        let c = colour4(self.env.ground_colour.get_ref());
                        (c[0] + c[1] + c[2]) / 3.0
                    });
                let percent = s.black + (s.white - s.black) * grey;
                // Inverse of the firmware's percent = (1023 − raw)·25/156, rounded so that
                // the firmware's integer division gives back the configured percent.
                1023.0 - (percent * 156.0 / 25.0).ceil()
            }
            SensorKind::Rotation { .. } => 1023.0,
        };
        let noisy = if s.noise > 0.0 {
            raw + s.noise * self.gauss()
        } else {
            raw
        };
        noisy.round().clamp(0.0, 1023.0) as u16
    }

    fn rotation_count_of(&mut self, r: usize, port: usize) -> i32 {
        match self.robots.get(r).and_then(|r| r.sensors.get(port)) {
            Some(s) if matches!(s.kind, SensorKind::Rotation { .. }) => {
                (s.angle * 16.0 / std::f64::consts::TAU).floor() as i32
            }
            _ => 0,
        }
    }

    fn battery_mv_of(&self, r: usize) -> u16 {
        let Some(robot) = self.robots.get(r) else {
            return battery::millivolts(battery::default_v(self.realism));
        };
        battery::millivolts(robot.spec.motor.battery(self.realism))
    }
}

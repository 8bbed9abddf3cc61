//! The world's sensors: what each robot's touch, light and rotation sensors are made of,
//! and the raw readings (and battery) a robot's RCX sees through `vm::Brick`.

use super::view::{colour4, v3};
use super::{battery, spec, World, V3};
use crate::vm::{Brick, Realism};
use rapier3d::prelude::*;

#[derive(Clone, Debug)]
pub(super) enum SensorKind {
    None,
    Touch(ColliderHandle),
    Light { body: RigidBodyHandle, offset: V3 },
    Rotation { hinge: Hinge },
}

/// A hinge a rotation sensor reads: a rapier joint, or a wheel of our own (its index in the
/// world's wheels).
#[derive(Clone, Copy, Debug)]
pub(super) enum Hinge {
    Joint(ImpulseJointHandle),
    Wheel(usize),
}

#[derive(Clone, Debug)]
pub(super) struct Sensor {
    kind: SensorKind,
    black: f32,
    white: f32,
    spot: f32,
    noise: f32,
    /// Unwrapped hinge angle (radians, positive = wheel turning forward).
    angle: f64,
    last: f32,
}

impl Sensor {
    /// A robot's sensors by port (a port without one reads as unconnected), attached by
    /// name to the colliders (touch), bodies (light) and hinges (rotation) just built.
    pub(super) fn build_all(
        spec: &spec::RobotSpec,
        realism: Realism,
        colliders: &[(String, ColliderHandle)],
        bodies: &[(String, RigidBodyHandle, V3)],
        joints: &[(String, Hinge)],
    ) -> Result<[Sensor; 3], spec::SpecError> {
        // The spec's checks guarantee every name below; this only guards the builder.
        let missing = |name: &str| spec::SpecError {
            file: spec.file.clone(),
            line: 0,
            message: format!("no body named \"{name}\""),
        };
        let rcx = realism == Realism::Rcx;
        let blank = Sensor {
            kind: SensorKind::None,
            black: 30.0,
            white: 55.0,
            spot: 0.008,
            noise: 0.0,
            angle: 0.0,
            last: 0.0,
        };
        let mut sensors = [blank.clone(), blank.clone(), blank.clone()];
        for s in &spec.sensors {
            let port = (*s.port.get_ref()).clamp(1, 3) as usize - 1;
            let mut sensor = Sensor {
                noise: *s.noise.get_ref(),
                ..blank.clone()
            };
            sensor.kind = match &s.part {
                spec::SensorPart::Touch { body } => {
                    let n = body.get_ref();
                    let c = colliders
                        .iter()
                        .find(|x| x.0 == *n)
                        .map(|x| x.1)
                        .ok_or_else(|| missing(n))?;
                    SensorKind::Touch(c)
                }
                spec::SensorPart::Light(light) => {
                    let n = light.body.get_ref();
                    let body = bodies
                        .iter()
                        .find(|x| x.0 == *n)
                        .map(|x| x.1)
                        .ok_or_else(|| missing(n))?;
                    sensor.black = if rcx { light.rcx_black } else { light.black };
                    sensor.white = if rcx { light.rcx_white } else { light.white };
                    sensor.spot = light.spot_radius;
                    SensorKind::Light {
                        body,
                        offset: v3(light.offset),
                    }
                }
                spec::SensorPart::Rotation { joint } => {
                    let n = joint.get_ref();
                    let hinge = joints
                        .iter()
                        .find(|x| x.0 == *n)
                        .map(|x| x.1)
                        .ok_or_else(|| missing(n))?;
                    SensorKind::Rotation { hinge }
                }
            };
            sensors[port] = sensor;
        }
        Ok(sensors)
    }
}

/// One robot as its RCX sees the world (`World::brick`).
pub struct RobotBrick<'a> {
    world: &'a mut World,
    robot: usize,
}

impl Brick for RobotBrick<'_> {
    fn sensor_raw(&mut self, port: usize, powered: bool) -> u16 {
        self.world.sensor_raw(self.robot, port, powered)
    }

    fn rotation_count(&mut self, port: usize) -> i32 {
        self.world.rotation_count(self.robot, port)
    }

    /// The robot's battery (`motor.battery_v`, or the realism's default: 9 V in
    /// `original`), which also drives the motors, so `pollb` and source 34 read the battery
    /// they feel.
    fn battery_mv(&self) -> u16 {
        self.world.battery_mv(self.robot)
    }
}

impl World {
    /// Where robot `r`'s first light sensor (lowest port) looks at the floor now: x, z in m.
    pub fn light_spot(&self, r: usize) -> Option<(f32, f32)> {
        self.robots
            .get(r)?
            .sensors
            .iter()
            .find_map(|s| match &s.kind {
                SensorKind::Light { body, offset } => {
                    let p = self.bodies.get(*body)?.position().transform_point(*offset);
                    Some((p.x, p.z))
                }
                _ => None,
            })
    }

    /// Whether robot `r`'s touch sensor on `port` (0–2; `None`: its first) is pressed now:
    /// the switch's contact itself, without the reading's noise (what a criterion checks;
    /// it draws nothing from the noise generator). `None`: no touch sensor there.
    pub fn touch_pressed(&self, r: usize, port: Option<usize>) -> Option<bool> {
        let sensors = &self.robots.get(r)?.sensors;
        let touch = |s: &Sensor| match s.kind {
            SensorKind::Touch(c) => Some(c),
            _ => None,
        };
        let c = match port {
            Some(p) => touch(sensors.get(p)?)?,
            None => sensors.iter().find_map(touch)?,
        };
        Some(
            self.narrow
                .contact_pairs_with(c)
                .any(|p| p.has_any_active_contact()),
        )
    }

    /// After a physics step: unwraps each rotation sensor's hinge angle.
    pub(super) fn follow_rotation_sensors(&mut self) {
        for r in &mut self.robots {
            for s in &mut r.sensors {
                match s.kind {
                    SensorKind::Rotation {
                        hinge: Hinge::Wheel(w),
                    } => {
                        // Positive = turning forward (negative about the hinge axis).
                        if let Some(w) = self.wheels.get(w) {
                            s.angle = -w.angle;
                        }
                    }
                    SensorKind::Rotation {
                        hinge: Hinge::Joint(joint),
                    } => {
                        let Some(j) = self.joints.get(joint) else {
                            continue;
                        };
                        let (Some(b1), Some(b2)) =
                            (self.bodies.get(j.body1()), self.bodies.get(j.body2()))
                        else {
                            continue;
                        };
                        let rel = b1.rotation().inverse() * *b2.rotation();
                        let axis = j.data.local_axis1();
                        // Twist of the relative rotation about the hinge axis, in (−2π, 2π].
                        let twist =
                            2.0 * libm::atan2f(V3::new(rel.x, rel.y, rel.z).dot(axis), rel.w);
                        // Positive = turning forward (negative about +Z).
                        let a = -twist;
                        // The twist jumps by 4π where the quaternion changes sign; wrap the
                        // change into (−π, π] (the wheel turns < π per 1 ms step).
                        let tau = std::f32::consts::TAU;
                        let d = a - s.last;
                        let d = d - tau * (d / tau).round();
                        s.angle += d as f64;
                        s.last = a;
                    }
                    _ => {}
                }
            }
        }
    }

    /// Robot `r`'s sensors and battery, for its own RCX.
    pub fn brick(&mut self, r: usize) -> RobotBrick<'_> {
        RobotBrick {
            world: self,
            robot: r,
        }
    }

    fn sensor_raw(&mut self, r: usize, port: usize, _powered: bool) -> u16 {
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

    fn rotation_count(&mut self, r: usize, port: usize) -> i32 {
        match self.robots.get(r).and_then(|r| r.sensors.get(port)) {
            Some(s) if matches!(s.kind, SensorKind::Rotation { .. }) => {
                (s.angle * 16.0 / std::f64::consts::TAU).floor() as i32
            }
            _ => 0,
        }
    }

    fn battery_mv(&self, r: usize) -> u16 {
        let Some(robot) = self.robots.get(r) else {
            return battery::millivolts(battery::default_v(self.realism));
        };
        battery::millivolts(robot.spec.motor.battery(self.realism))
    }
}

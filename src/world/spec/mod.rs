//! Robot and environment description files (TOML) and their errors (`FILE:LINE: message`).
//! Owns parsing and validation only; never touches rapier. Schema and limits:
//! docs/world-files.md.
//!
//! Every word with a fixed set of values (shape, joint kind, output, sensor kind, motor
//! model) is a serde enum, so an unknown one is a TOML error at its line. Every number is
//! checked once here — finite and within the limits below, with its unit in the message —
//! and every name a body, joint or sensor refers to must exist and be the right thing, so
//! the world builder never meets a value it has to guess about.

use serde::Deserialize;
use std::collections::HashMap;
use std::path::PathBuf;
use toml::Spanned;

mod check;
mod source;

pub use source::{
    is_builtin_env, is_builtin_robot, Builtin, SpecSource, BUILTIN_ENVS, BUILTIN_ROBOTS,
};

/// A mistake in a robot or environment file, or a missing file. Displayed
/// `FILE:LINE: message`, or `FILE: message` when no line applies (line 0: the file cannot
/// be read at all).
#[derive(Debug)]
pub struct SpecError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

impl std::error::Error for SpecError {}

/// Limits every file is checked against (docs/world-files.md lists them).
pub mod limits {
    /// Largest length in a robot file (sizes, positions, anchors, sensor offsets), m.
    pub const ROBOT_LENGTH_M: f32 = 10.0;
    /// Largest length in an environment file (box sizes and positions, start pose, floor
    /// rectangle), m. (Boxes of ≥ 1e20 m crashed the collision library.)
    pub const ENV_LENGTH_M: f32 = 1000.0;
    /// Smallest size of a shape or a box, m (0.1 mm).
    pub const MIN_SIZE_M: f32 = 1.0e-4;
    /// Smallest side of the floor picture's rectangle, m (1 mm).
    pub const MIN_FLOOR_SIDE_M: f32 = 1.0e-3;
    /// Largest density, kg/m³ (osmium is 22,590).
    pub const DENSITY_KG_M3: f32 = 100_000.0;
    /// Largest mass of one shape, kg.
    pub const MASS_KG: f32 = 1000.0;
    /// Largest friction coefficient (the original's "infinite" friction behaves like 10).
    pub const FRICTION: f32 = 1000.0;
    /// Largest angle in a rotation or start yaw, degrees (either sign).
    pub const ANGLE_DEG: f32 = 360.0;
    /// Largest motor curve speed, rad/s.
    pub const SPEED_RAD_S: f32 = 1000.0;
    /// Largest motor torque limit, N·m.
    pub const TORQUE_NM: f32 = 100.0;
    /// Largest light sensor spot radius, m.
    pub const SPOT_RADIUS_M: f32 = 1.0;
    /// Largest battery voltage, V: the RCX 1.0's mains adapter gives at most 12 V.
    pub const BATTERY_V: f32 = crate::world::battery::MAX_V;
    /// Largest voltage drop of the RCX's output drivers, V (`rcx_drop`).
    pub const DROP_V: f32 = 12.0;
    /// Largest back-EMF (= torque) constant, V·s/rad (`ks`, `rcx_ke`).
    pub const EMF_CONSTANT_V_S_RAD: f32 = 100.0;
    /// Largest winding resistance, Ω (`ra`, `rcx_r`).
    pub const RESISTANCE_OHM: f32 = 1.0e6;
    /// Largest viscous friction, N·m·s (`b`, `rcx_viscous`).
    pub const VISCOUS_NMS: f32 = 100.0;
    /// Largest floor picture side, pixels.
    pub const FLOOR_SIDE_PX: u32 = 8192;
    /// Largest floor picture, pixels (4096 × 4096).
    pub const FLOOR_PIXELS: u64 = 4096 * 4096;
    /// Largest floor picture file, bytes (64 MiB).
    pub const FLOOR_FILE_BYTES: u64 = 64 << 20;
}

fn sp<T>(v: T) -> Spanned<T> {
    Spanned::new(0..0, v)
}

/// How a robot's motors turn power into torque.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum MotorModel {
    /// A velocity motor to the curve's speed, limited to `max_torque`.
    Ideal,
    /// A DC motor model (back-EMF, armature resistance, friction).
    Dc,
}

/// Motor settings shared by all outputs of a robot.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MotorSpec {
    /// No-load angular velocity (rad/s) for ROBOLAB power levels 1–5 (the original's calibration).
    #[serde(default = "default_curve")]
    pub curve: Spanned<[f32; 5]>,
    /// Torque limit of the velocity motor, N·m (0.05–0.15 reproduced the original's table).
    #[serde(default = "default_max_torque")]
    pub max_torque: Spanned<f32>,
    /// `ideal` (default) or `dc`.
    #[serde(default = "default_model")]
    pub model: MotorModel,
    /// DC model: back-EMF / torque constant Ks, V·s/rad.
    #[serde(default = "default_ks")]
    pub ks: Spanned<f32>,
    /// DC model: armature resistance, Ω.
    #[serde(default = "default_ra")]
    pub ra: Spanned<f32>,
    /// DC model: Coulomb friction, N·m.
    #[serde(default = "default_tc")]
    pub tc: Spanned<f32>,
    /// DC model: viscous friction, N·m·s.
    #[serde(default = "default_b")]
    pub b: Spanned<f32>,
    /// The battery's voltage, V (six AA cells, with a motor running): what `pollb` and
    /// source 34 read, what the LCD's low-battery sign compares (below 6.7 V), what feeds
    /// the `rcx` motors (less `rcx_drop`) and the `dc` model. Unset: 9.0 V in `--realism
    /// original`, [`battery::RCX_DEFAULT_V`](crate::world::battery::RCX_DEFAULT_V) in `rcx`
    /// ([`MotorSpec::battery`]); `--battery-v` replaces it.
    #[serde(default)]
    pub battery_v: Option<Spanned<f32>>,
    /// `--realism rcx` (every output is then a DC motor fed by PWM; see docs/realism.md):
    /// back-EMF = torque constant of the LEGO 71427 motor, V·s/rad, fitted to Philo
    /// Hurbain's measurements (philohome.com/motors/motorcomp.htm).
    #[serde(default = "default_rcx_ke")]
    pub rcx_ke: Spanned<f32>,
    /// `rcx`: winding resistance, Ω (9 V / 360 mA stall current, same source).
    #[serde(default = "default_rcx_r")]
    pub rcx_r: Spanned<f32>,
    /// `rcx`: Coulomb friction of motor and gears, N·m (fitted, same source).
    #[serde(default = "default_rcx_friction")]
    pub rcx_friction: Spanned<f32>,
    /// `rcx`: viscous friction, N·m·s (0: the measurements need none).
    #[serde(default = "zero")]
    pub rcx_viscous: Spanned<f32>,
    /// `rcx`: what the RCX's output drivers drop, V: a motor whose PWM is on sees
    /// `battery_v − rcx_drop` (docs/realism.md: ≈ 9 V cells give ≈ 7–7.6 V at an output).
    #[serde(default = "default_rcx_drop")]
    pub rcx_drop: Spanned<f32>,
    /// Gone: the motor's voltage now comes from `battery_v` (an error names the line).
    #[serde(default)]
    pub rcx_volts: Option<Spanned<f32>>,
}

impl MotorSpec {
    /// The battery's voltage, V: the robot file's `battery_v`, or the realism's default.
    pub fn battery(&self, realism: crate::vm::Realism) -> f32 {
        self.battery_v.as_ref().map_or_else(
            || crate::world::battery::default_v(realism),
            |v| *v.get_ref(),
        )
    }

    /// `rcx`: the voltage across a motor while its PWM is on, V.
    pub fn rcx_volts(&self, realism: crate::vm::Realism) -> f32 {
        (self.battery(realism) - self.rcx_drop.get_ref()).max(0.0)
    }
}

fn default_curve() -> Spanned<[f32; 5]> {
    sp([19.4, 20.4, 22.3, 24.3, 25.1])
}
fn default_max_torque() -> Spanned<f32> {
    sp(0.1)
}
fn default_model() -> MotorModel {
    MotorModel::Ideal
}
// RCX 9 V geared motor figures fitted so the no-load speed at 9 V is ≈ 27 rad/s and the stall
// torque ≈ 0.06 N·m (published figures for the 71427 motor: ~360 rpm unloaded, ~5.5 N·cm stall).
fn default_ks() -> Spanned<f32> {
    sp(0.3)
}
fn default_ra() -> Spanned<f32> {
    sp(45.0)
}
fn default_tc() -> Spanned<f32> {
    sp(2.0e-3)
}
fn default_b() -> Spanned<f32> {
    sp(1.0e-4)
}
// The 71427 fit (docs/realism.md): R from the stall current (9 V / 0.36 A); Ke from the two
// 2.25 N·cm load points (250 rpm at 9 V, 160 rpm at 7 V: Ke = 2 V / Δω); friction so that
// the 9 V load point holds. No-load speed at 9 V then comes out 369 rpm (measured 360).
fn default_rcx_ke() -> Spanned<f32> {
    sp(0.2122)
}
fn default_rcx_r() -> Spanned<f32> {
    sp(25.0)
}
fn default_rcx_friction() -> Spanned<f32> {
    sp(0.00672)
}
// Fresh alkalines give ≈ 9 V with a motor running (news.lugnet.com/robotics/?n=15824) and an
// output ≈ 7–7.6 V at full power (?n=9062; polytechforum.com "setpower has no effect on
// rcx2"): the drivers drop ≈ 1.4–2 V; 1.5 V puts 9 V cells at the 7.5 V between the two.
fn default_rcx_drop() -> Spanned<f32> {
    sp(1.5)
}

impl Default for MotorSpec {
    fn default() -> Self {
        MotorSpec {
            curve: default_curve(),
            max_torque: default_max_torque(),
            model: default_model(),
            ks: default_ks(),
            ra: default_ra(),
            tc: default_tc(),
            b: default_b(),
            battery_v: None,
            rcx_ke: default_rcx_ke(),
            rcx_r: default_rcx_r(),
            rcx_friction: default_rcx_friction(),
            rcx_viscous: zero(),
            rcx_drop: default_rcx_drop(),
            rcx_volts: None,
        }
    }
}

/// The shape of a body.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ShapeKind {
    /// size = full x, y, z.
    Box,
    /// size = radius, length along Z.
    Capsule,
    /// size = radius, length along Z.
    Cylinder,
    /// size = radius.
    Sphere,
}

impl ShapeKind {
    /// How many size values the shape takes.
    pub fn size_count(self) -> usize {
        match self {
            ShapeKind::Box => 3,
            ShapeKind::Capsule | ShapeKind::Cylinder => 2,
            ShapeKind::Sphere => 1,
        }
    }

    /// Its word in the file.
    pub fn name(self) -> &'static str {
        match self {
            ShapeKind::Box => "box",
            ShapeKind::Capsule => "capsule",
            ShapeKind::Cylinder => "cylinder",
            ShapeKind::Sphere => "sphere",
        }
    }
}

/// One rigid body or one extra shape fixed to another body: a checked `[[body]]` table.
#[derive(Clone, Debug)]
pub struct BodySpec {
    pub name: Spanned<String>,
    pub shape: Spanned<ShapeKind>,
    /// As many values as the shape takes (`ShapeKind::size_count`), m.
    pub size: Spanned<Vec<f32>>,
    /// Centre in the robot frame (metres; robot faces +X, Y up) at the start pose.
    pub position: Spanned<[f32; 3]>,
    /// Euler angles in degrees about X, Y, Z (applied in that order).
    pub rotation: Spanned<[f32; 3]>,
    /// RGB or RGBA 0–1.
    pub colour: Spanned<Vec<f32>>,
    /// false = drawn only, never collides.
    pub collider: bool,
    pub friction: Option<Spanned<f32>>,
    /// A body of its own or a shape on another.
    pub part: BodyPart,
}

/// A `[[body]]` is a rigid body of its own (it must weigh something) or a shape fixed to
/// another body (`attach`; it may weigh nothing).
#[derive(Clone, Debug)]
pub enum BodyPart {
    Body {
        weight: Weight,
    },
    Attached {
        to: Spanned<String>,
        weight: Option<Weight>,
    },
}

/// What a shape weighs: its `mass` (kg), else its `density` (kg/m³).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Weight {
    Mass(f32),
    Density(f32),
}

impl BodySpec {
    /// The body it is fixed to, if it is an attached shape.
    pub fn attached_to(&self) -> Option<&Spanned<String>> {
        match &self.part {
            BodyPart::Attached { to, .. } => Some(to),
            BodyPart::Body { .. } => None,
        }
    }

    /// What it weighs (None: an attached shape that adds nothing).
    pub fn weight(&self) -> Option<Weight> {
        match self.part {
            BodyPart::Body { weight } => Some(weight),
            BodyPart::Attached { weight, .. } => weight,
        }
    }
}

/// A `[[body]]` table as written, checked into a [`BodySpec`].
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BodyTable {
    pub name: Spanned<String>,
    pub shape: Spanned<ShapeKind>,
    pub size: Spanned<Vec<f32>>,
    /// kg/m³.
    pub density: Option<Spanned<f32>>,
    /// kg.
    pub mass: Option<Spanned<f32>>,
    /// Centre in the robot frame (metres; robot faces +X, Y up) at the start pose.
    pub position: Spanned<[f32; 3]>,
    /// Euler angles in degrees about X, Y, Z (applied in that order).
    #[serde(default = "zero3")]
    pub rotation: Spanned<[f32; 3]>,
    /// RGB or RGBA 0–1.
    #[serde(default = "default_colour")]
    pub colour: Spanned<Vec<f32>>,
    /// false = drawn only, never collides.
    #[serde(default = "yes")]
    pub collider: bool,
    /// Fix this shape to another body instead of making a body of its own.
    pub attach: Option<Spanned<String>>,
    pub friction: Option<Spanned<f32>>,
}

fn zero3() -> Spanned<[f32; 3]> {
    sp([0.0; 3])
}
fn default_colour() -> Spanned<Vec<f32>> {
    sp(vec![0.5, 0.5, 0.5, 1.0])
}
fn yes() -> bool {
    true
}

/// What kind of joint.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum JointKind {
    /// Turns about `axis`.
    #[default]
    Hinge,
    /// Turns freely about its anchor (e.g. a caster ball).
    Spherical,
}

/// An RCX output.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum Output {
    A,
    B,
    C,
}

impl Output {
    /// 0, 1, 2 for A, B, C.
    pub fn index(self) -> usize {
        match self {
            Output::A => 0,
            Output::B => 1,
            Output::C => 2,
        }
    }
}

/// A joint between two bodies.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JointSpec {
    #[serde(default = "no_name")]
    pub name: Spanned<String>,
    /// `hinge` (default) or `spherical`.
    #[serde(default)]
    pub kind: JointKind,
    pub body1: Spanned<String>,
    pub body2: Spanned<String>,
    /// Anchor in the robot frame.
    pub anchor: Spanned<[f32; 3]>,
    /// Hinge axis in the robot frame (all jointed bodies must start with the same rotation).
    #[serde(default = "default_axis")]
    pub axis: Spanned<[f32; 3]>,
    /// The output that drives this hinge; absent = free.
    pub output: Option<Output>,
    /// Flip the motor's direction (for a wheel mounted the other way round).
    #[serde(default)]
    pub reverse: bool,
    /// A hinge: `true` insists it is a wheel of our own (an error says why it cannot be),
    /// `false` keeps it a rapier joint; absent, inferred (`world::model`).
    #[serde(default)]
    pub wheel: Option<Spanned<bool>>,
    /// A spherical joint: `true` insists it is a caster (an error says why it cannot be),
    /// `false` keeps it a rapier joint; absent, inferred.
    #[serde(default)]
    pub caster: Option<Spanned<bool>>,
}

fn no_name() -> Spanned<String> {
    sp(String::new())
}
fn default_axis() -> Spanned<[f32; 3]> {
    sp([0.0, 0.0, 1.0])
}

/// What a sensor senses: the sensors the world can build (`world/sensors.rs`); the firmware's
/// types and modes are `rcx::sensor`'s table.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SensorKind {
    Touch,
    Light,
    Rotation,
}

/// A sensor on an input port as its kind needs it: a checked `[[sensor]]` table.
#[derive(Clone, Debug)]
pub struct SensorSpec {
    /// 1–3.
    pub port: Spanned<i64>,
    /// Gaussian noise sigma in raw units (0 = off).
    pub noise: Spanned<f32>,
    /// What it reads, with what that kind takes from the table.
    pub part: SensorPart,
}

/// What a sensor reads: one variant per [`SensorKind`], each with only its own words.
#[derive(Clone, Debug)]
pub enum SensorPart {
    /// The body (or attached shape) whose collider is the switch.
    Touch { body: Spanned<String> },
    /// The floor under a spot on a body.
    Light(LightSpec),
    /// The angle of a hinge (by its joint's name).
    Rotation { joint: Spanned<String> },
}

/// A light sensor's words.
#[derive(Clone, Debug)]
pub struct LightSpec {
    /// The body carrying it.
    pub body: Spanned<String>,
    /// The spot's centre in the body's frame, m.
    pub offset: [f32; 3],
    /// Percent read on black / white floor (`--realism original`).
    pub black: f32,
    pub white: f32,
    /// Percent read on black / white floor (`--realism rcx`).
    pub rcx_black: f32,
    pub rcx_white: f32,
    /// Radius of the averaged spot, m.
    pub spot_radius: f32,
}

impl SensorSpec {
    /// Its kind.
    pub fn kind(&self) -> SensorKind {
        match self.part {
            SensorPart::Touch { .. } => SensorKind::Touch,
            SensorPart::Light(_) => SensorKind::Light,
            SensorPart::Rotation { .. } => SensorKind::Rotation,
        }
    }

    /// The body it is on (touch and light).
    pub fn body(&self) -> Option<&str> {
        match &self.part {
            SensorPart::Touch { body } | SensorPart::Light(LightSpec { body, .. }) => {
                Some(body.get_ref())
            }
            SensorPart::Rotation { .. } => None,
        }
    }

    /// The hinge it counts (rotation).
    pub fn joint(&self) -> Option<&str> {
        match &self.part {
            SensorPart::Rotation { joint } => Some(joint.get_ref()),
            SensorPart::Touch { .. } | SensorPart::Light(_) => None,
        }
    }
}

/// A `[[sensor]]` table as written: every kind's words, checked into a [`SensorSpec`].
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SensorTable {
    /// 1–3.
    pub port: Spanned<i64>,
    pub kind: Spanned<SensorKind>,
    /// touch: the body (or attached shape) whose collider is the switch; light: the body
    /// carrying the sensor.
    #[serde(default)]
    pub body: Option<Spanned<String>>,
    /// light: the spot's centre in the body's frame, m.
    #[serde(default = "zero3")]
    pub offset: Spanned<[f32; 3]>,
    /// light: percent reading on black / white floor.
    #[serde(default = "default_black")]
    pub black: Spanned<f32>,
    #[serde(default = "default_white")]
    pub white: Spanned<f32>,
    /// light: radius of the averaged spot, metres.
    #[serde(default = "default_spot")]
    pub spot_radius: Spanned<f32>,
    /// Gaussian noise sigma in raw units (0 = off).
    #[serde(default = "zero")]
    pub noise: Spanned<f32>,
    /// rotation: the joint (by name) whose angle it counts.
    #[serde(default)]
    pub joint: Option<Spanned<String>>,
    /// light, `--realism rcx`: percent reading on black / white floor (default 33 / 50,
    /// the published readings on black tape and white paper; `black`/`white` are the
    /// original's calibration and stay in force in `original`).
    #[serde(default = "default_rcx_black")]
    pub rcx_black: Spanned<f32>,
    #[serde(default = "default_rcx_white")]
    pub rcx_white: Spanned<f32>,
}

fn default_black() -> Spanned<f32> {
    sp(30.0)
}
fn default_white() -> Spanned<f32> {
    sp(55.0)
}
// CMU robotics curriculum light-sensor page: white paper ≈ 50, black tape ≈ 33 (fidelity.md).
fn default_rcx_black() -> Spanned<f32> {
    sp(33.0)
}
fn default_rcx_white() -> Spanned<f32> {
    sp(50.0)
}
fn default_spot() -> Spanned<f32> {
    sp(0.008)
}
fn zero() -> Spanned<f32> {
    sp(0.0)
}

/// A robot: bodies, hinges, sensors, motor curve.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RobotSpec {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// The body whose pose is the brick's pose.
    #[serde(default = "default_brick")]
    pub brick: Spanned<String>,
    #[serde(default)]
    pub motor: MotorSpec,
    /// The `[[body]]` tables as written (checked into `bodies`).
    #[serde(default, rename = "body")]
    body_tables: Vec<BodyTable>,
    /// The bodies, each a body of its own or an attached shape (made by the check).
    #[serde(skip)]
    pub bodies: Vec<BodySpec>,
    #[serde(default, rename = "joint")]
    pub joints: Vec<JointSpec>,
    /// The `[[sensor]]` tables as written (checked into `sensors`).
    #[serde(default, rename = "sensor")]
    sensor_tables: Vec<SensorTable>,
    /// The sensors, each as its kind needs (made by the check).
    #[serde(skip)]
    pub sensors: Vec<SensorSpec>,
    #[serde(skip)]
    pub file: String,
}

fn default_brick() -> Spanned<String> {
    sp("rcx".into())
}

/// A fixed box in an environment.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StaticBox {
    #[serde(default)]
    pub name: String,
    /// Full size x, y, z, m.
    pub size: Spanned<[f32; 3]>,
    pub position: Spanned<[f32; 3]>,
    /// Degrees about X, Y, Z.
    #[serde(default = "zero3")]
    pub rotation: Spanned<[f32; 3]>,
    #[serde(default = "default_colour")]
    pub colour: Spanned<Vec<f32>>,
}

/// A picture on the floor.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FloorTexture {
    /// PNG path, relative to the environment file.
    pub image: Spanned<String>,
    /// World rectangle x0, z0, x1, z1 it covers (u along x, v along z).
    pub rect: Spanned<[f32; 4]>,
    #[serde(skip)]
    pub resolved: Option<PathBuf>,
    /// The line of `image = …` (for errors about the picture itself).
    #[serde(skip)]
    pub line: usize,
}

/// Start pose of the robot.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartPose {
    /// m.
    #[serde(default = "zero")]
    pub x: Spanned<f32>,
    /// m.
    #[serde(default = "zero")]
    pub z: Spanned<f32>,
    /// Degrees, counter-clockwise seen from above.
    #[serde(default = "zero")]
    pub yaw: Spanned<f32>,
}

impl Default for StartPose {
    fn default() -> Self {
        StartPose {
            x: zero(),
            z: zero(),
            yaw: zero(),
        }
    }
}

/// An environment: ground, static boxes, floor textures, start pose.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnvSpec {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// Ground colour RGB(A).
    #[serde(default = "default_ground")]
    pub ground_colour: Spanned<Vec<f32>>,
    #[serde(default = "default_ground_friction")]
    pub ground_friction: Spanned<f32>,
    /// `--realism rcx`: the floor's friction with rubber tyres, the real figure in place of
    /// `ground_friction`'s "never slips" (docs/realism.md "Why rcx robots did not turn");
    /// a contact with the floor takes the smaller of this and the part's `friction`.
    #[serde(default = "default_rcx_ground_friction")]
    pub rcx_ground_friction: Spanned<f32>,
    #[serde(default)]
    pub start: StartPose,
    #[serde(default, rename = "box")]
    pub boxes: Vec<StaticBox>,
    #[serde(default)]
    pub floor: Option<FloorTexture>,
    /// The line a line follower follows, as geometry (what `grade`'s `line` criterion
    /// measures against): polylines on the floor.
    #[serde(default, rename = "line")]
    pub lines: Vec<FloorLine>,
    #[serde(skip)]
    pub file: String,
}

/// A line on the floor: its centre as a polyline of (x, z) points in m, closed back to the
/// first point when `closed`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FloorLine {
    pub points: Spanned<Vec<[f32; 2]>>,
    #[serde(default)]
    pub closed: bool,
}

impl FloorLine {
    /// The polyline's segments, the closing one included.
    pub fn segments(&self) -> impl Iterator<Item = ([f32; 2], [f32; 2])> + '_ {
        let p = self.points.get_ref();
        let close = (self.closed && p.len() > 2).then(|| (p[p.len() - 1], p[0]));
        p.windows(2).map(|w| (w[0], w[1])).chain(close)
    }

    /// Horizontal distance from (x, z) to the line, m.
    pub fn distance_m(&self, x: f32, z: f32) -> f32 {
        self.segments()
            .map(|(a, b)| {
                let (dx, dz) = (b[0] - a[0], b[1] - a[1]);
                let len2 = dx * dx + dz * dz;
                let t = if len2 > 0.0 {
                    (((x - a[0]) * dx + (z - a[1]) * dz) / len2).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                libm::hypotf(x - a[0] - t * dx, z - a[1] - t * dz)
            })
            .fold(f32::INFINITY, f32::min)
    }
}

fn default_ground() -> Spanned<Vec<f32>> {
    sp(vec![0.85, 0.85, 0.85, 1.0])
}
// Wheels must not slip (the original used infinite friction); 10 behaves the same here.
fn default_ground_friction() -> Spanned<f32> {
    sp(10.0)
}
fn default_rcx_ground_friction() -> Spanned<f32> {
    sp(RCX_GROUND_FRICTION)
}

/// Default of `rcx_ground_friction`: rubber sliding on a dry hard floor, μk = 0.8 (μs = 1.0;
/// Serway & Beichner, Physics for Scientists and Engineers, 5th ed., table 5.2, "rubber on
/// concrete"; the Engineering Toolbox gives 0.6–0.85 for rubber on dry concrete). The
/// kinetic figure, because a wheel turning on the spot slides (scrubs) across its contact.
pub const RCX_GROUND_FRICTION: f32 = 0.8;

/// E3's floor picture, embedded for the same reason.
pub const E3_FLOOR_PNG: &[u8] = include_bytes!("../../../assets/textures/e3_floor.png");

/// E4's floor picture (grey patches and rows of stripes), embedded likewise.
pub const E4_FLOOR_PNG: &[u8] = include_bytes!("../../../assets/textures/e4_floor.png");

/// The embedded picture a built-in environment's floor names (`…/e3_floor.png`,
/// `…/e4_floor.png`), for a world built without the files on disk (a copied binary, a tab).
pub fn embedded_floor(image: &str) -> Option<&'static [u8]> {
    if image.ends_with("e3_floor.png") {
        Some(E3_FLOOR_PNG)
    } else if image.ends_with("e4_floor.png") {
        Some(E4_FLOOR_PNG)
    } else {
        None
    }
}

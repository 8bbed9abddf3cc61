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
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;

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

use limits::*;

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

    fn name(self) -> &'static str {
        match self {
            ShapeKind::Box => "box",
            ShapeKind::Capsule => "capsule",
            ShapeKind::Cylinder => "cylinder",
            ShapeKind::Sphere => "sphere",
        }
    }
}

/// One rigid body (or, with `attach`, one extra collider/visual on another body).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BodySpec {
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
}

fn no_name() -> Spanned<String> {
    sp(String::new())
}
fn default_axis() -> Spanned<[f32; 3]> {
    sp([0.0, 0.0, 1.0])
}

/// What a sensor senses.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SensorKind {
    Touch,
    Light,
    Rotation,
}

/// A sensor on an input port.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SensorSpec {
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
    #[serde(default, rename = "body")]
    pub bodies: Vec<BodySpec>,
    #[serde(default, rename = "joint")]
    pub joints: Vec<JointSpec>,
    #[serde(default, rename = "sensor")]
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
                (x - a[0] - t * dx).hypot(z - a[1] - t * dz)
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

/// Built-in files, so a copied binary works without the repository.
const BUILTIN_ROBOTS: [(&str, &str); 5] = [
    ("M1", include_str!("../../robots/M1.toml")),
    ("M2", include_str!("../../robots/M2.toml")),
    ("M3", include_str!("../../robots/M3.toml")),
    ("M4", include_str!("../../robots/M4.toml")),
    ("M5", include_str!("../../robots/M5.toml")),
];
const BUILTIN_ENVS: [(&str, &str); 3] = [
    ("E1", include_str!("../../environments/E1.toml")),
    ("E2", include_str!("../../environments/E2.toml")),
    ("E3", include_str!("../../environments/E3.toml")),
];
/// E3's floor picture, embedded for the same reason.
pub const E3_FLOOR_PNG: &[u8] = include_bytes!("../../assets/textures/e3_floor.png");

fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

fn err(file: &str, text: &str, span: Range<usize>, message: String) -> SpecError {
    SpecError {
        file: file.to_string(),
        line: line_of(text, span.start),
        message,
    }
}

/// Finds `folder/NAME.toml` next to the current directory, the executable or the crate.
fn find_named(folder: &str, name: &str) -> Option<PathBuf> {
    let file = format!("{name}.toml");
    let mut roots: Vec<PathBuf> = Vec::new();
    if let Ok(cwd) = std::env::current_dir() {
        roots.push(cwd);
    }
    if let Ok(exe) = std::env::current_exe() {
        roots.extend(exe.ancestors().skip(1).map(Path::to_path_buf));
    }
    roots.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    roots
        .into_iter()
        .map(|r| r.join(folder).join(&file))
        .find(|p| p.is_file())
}

/// Reads a named or path spec: (file label, text, directory for relative paths).
fn read_spec(
    folder: &str,
    name_or_path: &str,
    builtins: &[(&str, &str)],
) -> Result<(String, String, Option<PathBuf>), SpecError> {
    let looks_like_name = !name_or_path.contains('/')
        && !name_or_path.contains('\\')
        && !name_or_path.ends_with(".toml");
    let path = if looks_like_name {
        match find_named(folder, name_or_path) {
            Some(p) => p,
            None => {
                if let Some((n, text)) = builtins.iter().find(|(n, _)| *n == name_or_path) {
                    return Ok((
                        format!("<built-in {folder}/{n}.toml>"),
                        text.to_string(),
                        None,
                    ));
                }
                return Err(SpecError {
                    file: name_or_path.to_string(),
                    line: 0,
                    message: format!(
                        "no {folder}/{name_or_path}.toml found (and not a built-in name)"
                    ),
                });
            }
        }
    } else {
        PathBuf::from(name_or_path)
    };
    let label = path.display().to_string();
    let text = std::fs::read_to_string(&path).map_err(|e| SpecError {
        file: label.clone(),
        line: 0,
        message: format!("cannot read the file: {e}"),
    })?;
    Ok((label, text, path.parent().map(Path::to_path_buf)))
}

fn parse<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, SpecError> {
    toml::from_str(text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        err(file, text, span, e.message().to_string())
    })
}

fn stem(name_or_path: &str) -> String {
    Path::new(name_or_path)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The range a number must lie in, with its unit.
#[derive(Clone, Copy)]
struct Limit {
    lo: f32,
    /// true: the number must be more than `lo`; false: at least `lo`.
    lo_open: bool,
    hi: f32,
    unit: &'static str,
}

/// lo ≤ v ≤ hi.
const fn within(lo: f32, hi: f32, unit: &'static str) -> Limit {
    Limit {
        lo,
        lo_open: false,
        hi,
        unit,
    }
}

/// lo < v ≤ hi.
const fn above(lo: f32, hi: f32, unit: &'static str) -> Limit {
    Limit {
        lo,
        lo_open: true,
        hi,
        unit,
    }
}

impl Limit {
    fn holds(&self, v: f32) -> bool {
        v.is_finite()
            && v <= self.hi
            && if self.lo_open {
                v > self.lo
            } else {
                v >= self.lo
            }
    }

    fn describe(&self) -> String {
        let unit = if self.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", self.unit)
        };
        if self.lo_open {
            format!("more than {} and at most {}{unit}", self.lo, self.hi)
        } else {
            format!("from {} to {}{unit}", self.lo, self.hi)
        }
    }
}

const ROBOT_COORD: Limit = within(-ROBOT_LENGTH_M, ROBOT_LENGTH_M, "m");
const ROBOT_SIZE: Limit = within(MIN_SIZE_M, ROBOT_LENGTH_M, "m");
const ENV_COORD: Limit = within(-ENV_LENGTH_M, ENV_LENGTH_M, "m");
const ENV_SIZE: Limit = within(MIN_SIZE_M, ENV_LENGTH_M, "m");
const ANGLE: Limit = within(-ANGLE_DEG, ANGLE_DEG, "degrees");
const COLOUR: Limit = within(0.0, 1.0, "");
const FRICTION_LIMIT: Limit = within(0.0, FRICTION, "");

/// Checks values of one file and turns a span into `FILE:LINE: message`.
struct Check<'a> {
    file: &'a str,
    text: &'a str,
}

impl Check<'_> {
    fn at(&self, span: Range<usize>, message: String) -> SpecError {
        err(self.file, self.text, span, message)
    }

    fn line(&self, span: Range<usize>) -> usize {
        line_of(self.text, span.start)
    }

    /// Every value of `values` within `limit`.
    fn numbers(
        &self,
        span: Range<usize>,
        what: &str,
        values: &[f32],
        limit: Limit,
    ) -> Result<(), SpecError> {
        match values.iter().find(|v| !limit.holds(**v)) {
            None => Ok(()),
            Some(v) => {
                let each = if values.len() > 1 { ": each value" } else { "" };
                Err(self.at(
                    span,
                    format!("{what}{each} must be {} (got {v})", limit.describe()),
                ))
            }
        }
    }

    fn number(&self, v: &Spanned<f32>, what: &str, limit: Limit) -> Result<(), SpecError> {
        self.numbers(v.span(), what, &[*v.get_ref()], limit)
    }

    fn colour(&self, c: &Spanned<Vec<f32>>, what: &str) -> Result<(), SpecError> {
        if !(3..=4).contains(&c.get_ref().len()) {
            return Err(self.at(
                c.span(),
                format!("{what} needs 3 or 4 values (red, green, blue and optional alpha)"),
            ));
        }
        self.numbers(c.span(), what, c.get_ref(), COLOUR)
    }
}

/// Where a name is defined: its line and, for an attached shape, what it is attached to.
struct Named<'a> {
    line: usize,
    attached_to: Option<&'a str>,
    collider: bool,
}

impl RobotSpec {
    /// Loads `M1`…`M5` from the `robots/` folder, or a path to a robot file.
    pub fn load(name_or_path: &str) -> Result<RobotSpec, SpecError> {
        let (file, text, _) = read_spec("robots", name_or_path, &BUILTIN_ROBOTS)?;
        let mut spec = RobotSpec::parse(&file, &text)?;
        if spec.name.is_empty() {
            spec.name = stem(name_or_path);
        }
        Ok(spec)
    }

    /// Parses and checks a robot file's text (`file` labels errors).
    pub fn parse(file: &str, text: &str) -> Result<RobotSpec, SpecError> {
        let mut spec: RobotSpec = parse(file, text)?;
        spec.file = file.to_string();
        spec.check(&Check { file, text })?;
        Ok(spec)
    }

    fn check(&self, c: &Check) -> Result<(), SpecError> {
        // Names first, so every reference below can be judged.
        let mut names: HashMap<&str, Named> = HashMap::new();
        for b in &self.bodies {
            let name = b.name.get_ref().as_str();
            if name.is_empty() {
                return Err(c.at(b.name.span(), "a body needs a name".into()));
            }
            if let Some(first) = names.get(name) {
                return Err(c.at(
                    b.name.span(),
                    format!(
                        "two bodies named \"{name}\" (the first at line {})",
                        first.line
                    ),
                ));
            }
            names.insert(
                name,
                Named {
                    line: c.line(b.name.span()),
                    attached_to: b.attach.as_ref().map(|a| a.get_ref().as_str()),
                    collider: b.collider,
                },
            );
        }
        // A name that must be a body of its own (not an attached shape).
        let body = |s: &Spanned<String>, role: &str| -> Result<(), SpecError> {
            match names.get(s.get_ref().as_str()) {
                None => Err(c.at(s.span(), format!("no body named \"{}\"", s.get_ref()))),
                Some(Named {
                    attached_to: Some(to),
                    ..
                }) => Err(c.at(
                    s.span(),
                    format!(
                        "\"{}\" is a shape attached to \"{to}\", not a body: {role} needs a body",
                        s.get_ref()
                    ),
                )),
                Some(_) => Ok(()),
            }
        };
        if !names.contains_key(self.brick.get_ref().as_str()) {
            return Err(c.at(
                self.brick.span(),
                format!(
                    "no body named \"{}\" for the brick (brick = \"…\" names the body whose \
                     pose is the RCX's)",
                    self.brick.get_ref()
                ),
            ));
        }
        body(&self.brick, "the brick")?;

        for b in &self.bodies {
            let name = b.name.get_ref();
            let shape = *b.shape.get_ref();
            let n = shape.size_count();
            if b.size.get_ref().len() != n {
                return Err(c.at(
                    b.size.span(),
                    format!(
                        "body \"{name}\": a {} needs {n} size value(s), got {}",
                        shape.name(),
                        b.size.get_ref().len()
                    ),
                ));
            }
            c.numbers(
                b.size.span(),
                &format!("body \"{name}\": size"),
                b.size.get_ref(),
                ROBOT_SIZE,
            )?;
            c.numbers(
                b.position.span(),
                &format!("body \"{name}\": position"),
                b.position.get_ref(),
                ROBOT_COORD,
            )?;
            c.numbers(
                b.rotation.span(),
                &format!("body \"{name}\": rotation"),
                b.rotation.get_ref(),
                ANGLE,
            )?;
            c.colour(&b.colour, &format!("body \"{name}\": colour"))?;
            if let Some(f) = &b.friction {
                c.number(f, &format!("body \"{name}\": friction"), FRICTION_LIMIT)?;
            }
            // A body of its own must weigh something; an attached shape may add nothing.
            let (density, mass) = if b.attach.is_none() {
                (
                    above(0.0, DENSITY_KG_M3, "kg/m³"),
                    above(0.0, MASS_KG, "kg"),
                )
            } else {
                (
                    within(0.0, DENSITY_KG_M3, "kg/m³"),
                    within(0.0, MASS_KG, "kg"),
                )
            };
            if let Some(d) = &b.density {
                c.number(d, &format!("body \"{name}\": density"), density)?;
            }
            if let Some(m) = &b.mass {
                c.number(m, &format!("body \"{name}\": mass"), mass)?;
            }
            match &b.attach {
                None if b.density.is_none() && b.mass.is_none() => {
                    return Err(c.at(
                        b.name.span(),
                        format!("body \"{name}\" needs a density (kg/m³) or a mass (kg)"),
                    ))
                }
                None => {}
                Some(a) if a.get_ref() == name => {
                    return Err(c.at(
                        a.span(),
                        format!("\"{name}\" is attached to itself: attach it to another body"),
                    ))
                }
                Some(a) => body(a, &format!("attaching \"{name}\""))?,
            }
        }

        let mut joint_names: HashMap<&str, (usize, JointKind)> = HashMap::new();
        for j in &self.joints {
            body(&j.body1, "a joint")?;
            body(&j.body2, "a joint")?;
            if j.body1.get_ref() == j.body2.get_ref() {
                return Err(c.at(
                    j.body2.span(),
                    format!(
                        "a joint from body \"{}\" to itself: body1 and body2 must differ",
                        j.body1.get_ref()
                    ),
                ));
            }
            let label = if j.name.get_ref().is_empty() {
                format!("joint {}–{}", j.body1.get_ref(), j.body2.get_ref())
            } else {
                format!("joint \"{}\"", j.name.get_ref())
            };
            c.numbers(
                j.anchor.span(),
                &format!("{label}: anchor"),
                j.anchor.get_ref(),
                ROBOT_COORD,
            )?;
            let axis = j.axis.get_ref();
            c.numbers(
                j.axis.span(),
                &format!("{label}: axis"),
                axis,
                within(-1.0e6, 1.0e6, ""),
            )?;
            let length = axis.iter().map(|v| (*v as f64).powi(2)).sum::<f64>().sqrt();
            if length < 1.0e-6 {
                return Err(c.at(
                    j.axis.span(),
                    format!("{label}: the axis {axis:?} has no direction (give a non-zero vector)"),
                ));
            }
            let name = j.name.get_ref().as_str();
            if !name.is_empty() {
                if let Some((first, _)) = joint_names.get(name) {
                    return Err(c.at(
                        j.name.span(),
                        format!("two joints named \"{name}\" (the first at line {first})"),
                    ));
                }
                joint_names.insert(name, (c.line(j.name.span()), j.kind));
            }
        }

        let mut ports: HashMap<i64, usize> = HashMap::new();
        for s in &self.sensors {
            let port = *s.port.get_ref();
            if !(1..=3).contains(&port) {
                return Err(c.at(
                    s.port.span(),
                    format!("port must be 1, 2 or 3 (got {port})"),
                ));
            }
            if let Some(first) = ports.get(&port) {
                return Err(c.at(
                    s.port.span(),
                    format!("two sensors on port {port} (the first at line {first})"),
                ));
            }
            ports.insert(port, c.line(s.port.span()));
            let needs_body = || {
                s.body.as_ref().ok_or_else(|| {
                    c.at(
                        s.kind.span(),
                        "this sensor needs a body (body = \"…\")".into(),
                    )
                })
            };
            match s.kind.get_ref() {
                SensorKind::Touch => {
                    let b = needs_body()?;
                    match names.get(b.get_ref().as_str()) {
                        None => {
                            return Err(c.at(b.span(), format!("no body named \"{}\"", b.get_ref())))
                        }
                        Some(n) if !n.collider => {
                            return Err(c.at(
                                b.span(),
                                format!(
                                    "\"{}\" has collider = false, so a touch sensor on it \
                                     could never be pressed",
                                    b.get_ref()
                                ),
                            ))
                        }
                        Some(_) => {}
                    }
                }
                SensorKind::Light => {
                    body(needs_body()?, "a light sensor")?;
                    c.numbers(
                        s.offset.span(),
                        "light sensor: offset",
                        s.offset.get_ref(),
                        ROBOT_COORD,
                    )?;
                    let percent = within(0.0, 100.0, "%");
                    c.number(&s.black, "light sensor: black", percent)?;
                    c.number(&s.white, "light sensor: white", percent)?;
                    c.number(&s.rcx_black, "light sensor: rcx_black", percent)?;
                    c.number(&s.rcx_white, "light sensor: rcx_white", percent)?;
                    c.number(
                        &s.spot_radius,
                        "light sensor: spot_radius",
                        within(0.0, SPOT_RADIUS_M, "m"),
                    )?;
                }
                SensorKind::Rotation => match &s.joint {
                    None => {
                        return Err(c.at(
                            s.kind.span(),
                            "a rotation sensor needs a joint (joint = \"…\")".into(),
                        ))
                    }
                    Some(j) => match joint_names.get(j.get_ref().as_str()) {
                        None => {
                            return Err(
                                c.at(j.span(), format!("no joint named \"{}\"", j.get_ref()))
                            )
                        }
                        Some((_, JointKind::Spherical)) => {
                            return Err(c.at(
                                j.span(),
                                format!(
                                    "joint \"{}\" is spherical: a rotation sensor needs a hinge",
                                    j.get_ref()
                                ),
                            ))
                        }
                        Some(_) => {}
                    },
                },
            }
            c.number(&s.noise, "sensor noise", within(0.0, 1023.0, "raw units"))?;
        }

        let m = &self.motor;
        c.numbers(
            m.curve.span(),
            "motor.curve",
            m.curve.get_ref(),
            within(0.0, SPEED_RAD_S, "rad/s"),
        )?;
        c.number(
            &m.max_torque,
            "motor.max_torque",
            within(0.0, TORQUE_NM, "N·m"),
        )?;
        let emf = above(0.0, EMF_CONSTANT_V_S_RAD, "V·s/rad");
        let resistance = above(0.0, RESISTANCE_OHM, "Ω");
        let viscous = within(0.0, VISCOUS_NMS, "N·m·s");
        let battery = above(0.0, BATTERY_V, "V");
        let friction = within(0.0, TORQUE_NM, "N·m");
        c.number(&m.ks, "motor.ks", emf)?;
        c.number(&m.ra, "motor.ra", resistance)?;
        c.number(&m.tc, "motor.tc", friction)?;
        c.number(&m.b, "motor.b", viscous)?;
        if let Some(v) = &m.battery_v {
            c.number(v, "motor.battery_v", battery)?;
        }
        c.number(&m.rcx_ke, "motor.rcx_ke", emf)?;
        c.number(&m.rcx_r, "motor.rcx_r", resistance)?;
        c.number(&m.rcx_friction, "motor.rcx_friction", friction)?;
        c.number(&m.rcx_viscous, "motor.rcx_viscous", viscous)?;
        c.number(&m.rcx_drop, "motor.rcx_drop", within(0.0, DROP_V, "V"))?;
        if let Some(v) = &m.rcx_volts {
            return Err(c.at(
                v.span(),
                "motor.rcx_volts is replaced by battery_v: a motor now sees battery_v − rcx_drop \
                 (e.g. battery_v = 9.0 gives the former 7.5 V; docs/realism.md)"
                    .into(),
            ));
        }
        Ok(())
    }
}

impl EnvSpec {
    /// Loads `E1`…`E3` from the `environments/` folder, or a path to an environment file.
    pub fn load(name_or_path: &str) -> Result<EnvSpec, SpecError> {
        let (file, text, dir) = read_spec("environments", name_or_path, &BUILTIN_ENVS)?;
        let mut spec = EnvSpec::parse(&file, &text)?;
        if spec.name.is_empty() {
            spec.name = stem(name_or_path);
        }
        if let (Some(f), Some(dir)) = (spec.floor.as_mut(), dir) {
            f.resolved = Some(dir.join(f.image.get_ref()));
        }
        Ok(spec)
    }

    /// Parses and checks an environment file's text.
    pub fn parse(file: &str, text: &str) -> Result<EnvSpec, SpecError> {
        let mut spec: EnvSpec = parse(file, text)?;
        spec.file = file.to_string();
        let c = Check { file, text };
        spec.check(&c)?;
        if let Some(f) = spec.floor.as_mut() {
            f.line = c.line(f.image.span());
        }
        Ok(spec)
    }

    fn check(&self, c: &Check) -> Result<(), SpecError> {
        c.colour(&self.ground_colour, "ground_colour")?;
        c.number(&self.ground_friction, "ground_friction", FRICTION_LIMIT)?;
        c.number(
            &self.rcx_ground_friction,
            "rcx_ground_friction",
            FRICTION_LIMIT,
        )?;
        c.number(&self.start.x, "start.x", ENV_COORD)?;
        c.number(&self.start.z, "start.z", ENV_COORD)?;
        c.number(&self.start.yaw, "start.yaw", ANGLE)?;
        for (i, b) in self.boxes.iter().enumerate() {
            let label = if b.name.is_empty() {
                format!("box {}", i + 1)
            } else {
                format!("box \"{}\"", b.name)
            };
            c.numbers(
                b.size.span(),
                &format!("{label}: size"),
                b.size.get_ref(),
                ENV_SIZE,
            )?;
            c.numbers(
                b.position.span(),
                &format!("{label}: position"),
                b.position.get_ref(),
                ENV_COORD,
            )?;
            c.numbers(
                b.rotation.span(),
                &format!("{label}: rotation"),
                b.rotation.get_ref(),
                ANGLE,
            )?;
            c.colour(&b.colour, &format!("{label}: colour"))?;
        }
        for (i, l) in self.lines.iter().enumerate() {
            let points = l.points.get_ref();
            if points.len() < 2 {
                return Err(c.at(
                    l.points.span(),
                    format!("line {}: points needs at least two [x, z] points", i + 1),
                ));
            }
            let flat: Vec<f32> = points.iter().flatten().copied().collect();
            c.numbers(
                l.points.span(),
                &format!("line {}: points", i + 1),
                &flat,
                ENV_COORD,
            )?;
        }
        if let Some(f) = &self.floor {
            if f.image.get_ref().trim().is_empty() {
                return Err(c.at(f.image.span(), "floor.image is empty".into()));
            }
            let [x0, z0, x1, z1] = *f.rect.get_ref();
            c.numbers(f.rect.span(), "floor.rect", f.rect.get_ref(), ENV_COORD)?;
            if x1 - x0 < MIN_FLOOR_SIDE_M || z1 - z0 < MIN_FLOOR_SIDE_M {
                return Err(c.at(
                    f.rect.span(),
                    format!(
                        "floor.rect = [x0, z0, x1, z1] must have x1 > x0 and z1 > z0, each side \
                         at least {MIN_FLOOR_SIDE_M} m (got {} × {} m)",
                        x1 - x0,
                        z1 - z0
                    ),
                ));
            }
        }
        Ok(())
    }
}

//! Robot and environment description files (TOML) and their errors (`FILE:LINE: message`).
//! Owns parsing and validation only; never touches rapier. Schema: docs/world-files.md.

use serde::Deserialize;
use std::path::{Path, PathBuf};
use thiserror::Error;
use toml::Spanned;

/// A mistake in a robot or environment file, or a missing file.
#[derive(Debug, Error)]
#[error("{file}:{line}: {message}")]
pub struct SpecError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

/// Motor settings shared by all outputs of a robot.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MotorSpec {
    /// No-load angular velocity (rad/s) for ROBOLAB power levels 1–5 (the original's calibration).
    #[serde(default = "default_curve")]
    pub curve: [f32; 5],
    /// Torque limit of the velocity motor, N·m (0.05–0.15 reproduced the original's table).
    #[serde(default = "default_max_torque")]
    pub max_torque: f32,
    /// "ideal" (default) or "dc".
    #[serde(default = "default_model")]
    pub model: String,
    /// DC model: back-EMF / torque constant Ks, V·s/rad.
    #[serde(default = "default_ks")]
    pub ks: f32,
    /// DC model: armature resistance, Ω.
    #[serde(default = "default_ra")]
    pub ra: f32,
    /// DC model: Coulomb friction, N·m.
    #[serde(default = "default_tc")]
    pub tc: f32,
    /// DC model: viscous friction, N·m·s.
    #[serde(default = "default_b")]
    pub b: f32,
    /// DC model: battery voltage, V.
    #[serde(default = "default_battery")]
    pub battery_v: f32,
    /// `--realism rcx` (every output is then a DC motor fed by PWM; see docs/realism.md):
    /// back-EMF = torque constant of the LEGO 71427 motor, V·s/rad, fitted to Philo
    /// Hurbain's measurements (philohome.com/motors/motorcomp.htm).
    #[serde(default = "default_rcx_ke")]
    pub rcx_ke: f32,
    /// `rcx`: winding resistance, Ω (9 V / 360 mA stall current, same source).
    #[serde(default = "default_rcx_r")]
    pub rcx_r: f32,
    /// `rcx`: Coulomb friction of motor and gears, N·m (fitted, same source).
    #[serde(default = "default_rcx_friction")]
    pub rcx_friction: f32,
    /// `rcx`: viscous friction, N·m·s (0: the measurements need none).
    #[serde(default)]
    pub rcx_viscous: f32,
    /// `rcx`: voltage across the motor while the output's PWM is on, V — ≈ 7–8 V from fresh
    /// cells, not their 9 V (lugnet.robotics #9062, #10864).
    #[serde(default = "default_rcx_volts")]
    pub rcx_volts: f32,
}

fn default_curve() -> [f32; 5] {
    [19.4, 20.4, 22.3, 24.3, 25.1]
}
fn default_max_torque() -> f32 {
    0.1
}
fn default_model() -> String {
    "ideal".into()
}
// RCX 9 V geared motor figures fitted so the no-load speed at 9 V is ≈ 27 rad/s and the stall
// torque ≈ 0.06 N·m (published figures for the 71427 motor: ~360 rpm unloaded, ~5.5 N·cm stall).
fn default_ks() -> f32 {
    0.3
}
fn default_ra() -> f32 {
    45.0
}
fn default_tc() -> f32 {
    2.0e-3
}
fn default_b() -> f32 {
    1.0e-4
}
fn default_battery() -> f32 {
    9.0
}
// The 71427 fit (docs/realism.md): R from the stall current (9 V / 0.36 A); Ke from the two
// 2.25 N·cm load points (250 rpm at 9 V, 160 rpm at 7 V: Ke = 2 V / Δω); friction so that
// the 9 V load point holds. No-load speed at 9 V then comes out 369 rpm (measured 360).
fn default_rcx_ke() -> f32 {
    0.2122
}
fn default_rcx_r() -> f32 {
    25.0
}
fn default_rcx_friction() -> f32 {
    0.00672
}
fn default_rcx_volts() -> f32 {
    7.5
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
            battery_v: default_battery(),
            rcx_ke: default_rcx_ke(),
            rcx_r: default_rcx_r(),
            rcx_friction: default_rcx_friction(),
            rcx_viscous: 0.0,
            rcx_volts: default_rcx_volts(),
        }
    }
}

/// One rigid body (or, with `attach`, one extra collider/visual on another body).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BodySpec {
    pub name: Spanned<String>,
    /// "box" (size = full x, y, z), "capsule" / "cylinder" (size = radius, length along Z),
    /// "sphere" (size = radius).
    pub shape: Spanned<String>,
    pub size: Spanned<Vec<f32>>,
    pub density: Option<f32>,
    pub mass: Option<f32>,
    /// Centre in the robot frame (metres; robot faces +X, Y up) at the start pose.
    pub position: [f32; 3],
    /// Euler angles in degrees about X, Y, Z (applied in that order).
    #[serde(default)]
    pub rotation: [f32; 3],
    /// RGB or RGBA 0–1.
    #[serde(default = "default_colour")]
    pub colour: Vec<f32>,
    /// false = drawn only, never collides.
    #[serde(default = "yes")]
    pub collider: bool,
    /// Fix this shape to another body instead of making a body of its own.
    pub attach: Option<Spanned<String>>,
    pub friction: Option<f32>,
}

fn default_colour() -> Vec<f32> {
    vec![0.5, 0.5, 0.5, 1.0]
}
fn yes() -> bool {
    true
}

/// A joint between two bodies.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JointSpec {
    #[serde(default)]
    pub name: String,
    /// "hinge" (default) or "spherical".
    #[serde(default = "default_hinge")]
    pub kind: Spanned<String>,
    pub body1: Spanned<String>,
    pub body2: Spanned<String>,
    /// Anchor in the robot frame.
    pub anchor: [f32; 3],
    /// Hinge axis in the robot frame (all jointed bodies must start with the same rotation).
    #[serde(default = "default_axis")]
    pub axis: [f32; 3],
    /// "A", "B" or "C": the output that drives this hinge; absent = free.
    pub output: Option<Spanned<String>>,
    /// Flip the motor's direction (for a wheel mounted the other way round).
    #[serde(default)]
    pub reverse: bool,
}

fn default_hinge() -> Spanned<String> {
    Spanned::new(0..0, "hinge".into())
}
fn default_axis() -> [f32; 3] {
    [0.0, 0.0, 1.0]
}

/// A sensor on an input port.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SensorSpec {
    /// 1–3.
    pub port: Spanned<u8>,
    /// "touch", "light" or "rotation".
    pub kind: Spanned<String>,
    /// touch: the body (or attached shape) whose collider is the switch; light: the body
    /// carrying the sensor.
    #[serde(default)]
    pub body: Option<Spanned<String>>,
    /// light: the spot's centre in the body's frame.
    #[serde(default)]
    pub offset: [f32; 3],
    /// light: percent reading on black / white floor.
    #[serde(default = "default_black")]
    pub black: f32,
    #[serde(default = "default_white")]
    pub white: f32,
    /// light: radius of the averaged spot, metres.
    #[serde(default = "default_spot")]
    pub spot_radius: f32,
    /// Gaussian noise sigma in raw units (0 = off).
    #[serde(default)]
    pub noise: f32,
    /// rotation: the joint (by name) whose angle it counts.
    #[serde(default)]
    pub joint: Option<Spanned<String>>,
    /// light, `--realism rcx`: percent reading on black / white floor (default 33 / 50,
    /// the published readings on black tape and white paper; `black`/`white` are the
    /// original's calibration and stay in force in `original`).
    #[serde(default = "default_rcx_black")]
    pub rcx_black: f32,
    #[serde(default = "default_rcx_white")]
    pub rcx_white: f32,
}

fn default_black() -> f32 {
    30.0
}
fn default_white() -> f32 {
    55.0
}
// CMU robotics curriculum light-sensor page: white paper ≈ 50, black tape ≈ 33 (fidelity.md).
fn default_rcx_black() -> f32 {
    33.0
}
fn default_rcx_white() -> f32 {
    50.0
}
fn default_spot() -> f32 {
    0.008
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
    pub brick: String,
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

fn default_brick() -> String {
    "rcx".into()
}

/// A fixed box in an environment.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StaticBox {
    #[serde(default)]
    pub name: String,
    /// Full size x, y, z.
    pub size: [f32; 3],
    pub position: [f32; 3],
    /// Degrees about X, Y, Z.
    #[serde(default)]
    pub rotation: [f32; 3],
    #[serde(default = "default_colour")]
    pub colour: Vec<f32>,
}

/// A picture on the floor.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FloorTexture {
    /// PNG path, relative to the environment file.
    pub image: Spanned<String>,
    /// World rectangle x0, z0, x1, z1 it covers (u along x, v along z).
    pub rect: [f32; 4],
    #[serde(skip)]
    pub resolved: Option<PathBuf>,
}

/// Start pose of the robot.
#[derive(Clone, Copy, Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct StartPose {
    #[serde(default)]
    pub x: f32,
    #[serde(default)]
    pub z: f32,
    /// Degrees, counter-clockwise seen from above.
    #[serde(default)]
    pub yaw: f32,
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
    pub ground_colour: Vec<f32>,
    #[serde(default = "default_ground_friction")]
    pub ground_friction: f32,
    #[serde(default)]
    pub start: StartPose,
    #[serde(default, rename = "box")]
    pub boxes: Vec<StaticBox>,
    #[serde(default)]
    pub floor: Option<FloorTexture>,
    #[serde(skip)]
    pub file: String,
}

fn default_ground() -> Vec<f32> {
    vec![0.85, 0.85, 0.85, 1.0]
}
// Wheels must not slip (the original used infinite friction); 10 behaves the same here.
fn default_ground_friction() -> f32 {
    10.0
}

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
    text[..offset.min(text.len())].matches('\n').count() + 1
}

fn err(file: &str, text: &str, span: std::ops::Range<usize>, message: String) -> SpecError {
    SpecError {
        file: file.to_string(),
        line: if text.is_empty() {
            0
        } else {
            line_of(text, span.start)
        },
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
        let e = |span: std::ops::Range<usize>, m: String| err(file, text, span, m);
        let names: Vec<&str> = spec
            .bodies
            .iter()
            .map(|b| b.name.get_ref().as_str())
            .collect();
        let known = |s: &Spanned<String>| -> Result<(), SpecError> {
            if names.contains(&s.get_ref().as_str()) {
                Ok(())
            } else {
                Err(e(s.span(), format!("no body named \"{}\"", s.get_ref())))
            }
        };
        if !names.contains(&spec.brick.as_str()) {
            return Err(e(
                0..0,
                format!("no body named \"{}\" (the brick)", spec.brick),
            ));
        }
        for b in &spec.bodies {
            let n = match b.shape.get_ref().as_str() {
                "box" => 3,
                "capsule" | "cylinder" => 2,
                "sphere" => 1,
                other => {
                    return Err(e(
                        b.shape.span(),
                        format!("unknown shape \"{other}\" (box, capsule, cylinder, sphere)"),
                    ))
                }
            };
            if b.size.get_ref().len() != n
                || b.size.get_ref().iter().any(|v| v.is_nan() || *v <= 0.0)
            {
                return Err(e(
                    b.size.span(),
                    format!("a {} needs {n} positive size value(s)", b.shape.get_ref()),
                ));
            }
            if b.attach.is_none() && b.density.is_none() && b.mass.is_none() {
                return Err(e(b.name.span(), "a body needs a density or a mass".into()));
            }
            if let Some(a) = &b.attach {
                known(a)?;
            }
            if !(3..=4).contains(&b.colour.len()) {
                return Err(e(b.name.span(), "colour needs 3 or 4 values".into()));
            }
        }
        for j in &spec.joints {
            known(&j.body1)?;
            known(&j.body2)?;
            if !matches!(j.kind.get_ref().as_str(), "hinge" | "spherical") {
                return Err(e(
                    j.kind.span(),
                    "joint kind must be hinge or spherical".into(),
                ));
            }
            if let Some(o) = &j.output {
                if !matches!(o.get_ref().as_str(), "A" | "B" | "C") {
                    return Err(e(o.span(), "output must be \"A\", \"B\" or \"C\"".into()));
                }
            }
        }
        for s in &spec.sensors {
            if !(1..=3).contains(s.port.get_ref()) {
                return Err(e(s.port.span(), "port must be 1, 2 or 3".into()));
            }
            match s.kind.get_ref().as_str() {
                "touch" | "light" => match &s.body {
                    Some(b) => known(b)?,
                    None => return Err(e(s.kind.span(), "this sensor needs a body".into())),
                },
                "rotation" => match &s.joint {
                    Some(j) if spec.joints.iter().any(|x| x.name == *j.get_ref()) => {}
                    Some(j) => {
                        return Err(e(j.span(), format!("no joint named \"{}\"", j.get_ref())))
                    }
                    None => return Err(e(s.kind.span(), "a rotation sensor needs a joint".into())),
                },
                other => {
                    return Err(e(
                        s.kind.span(),
                        format!("unknown sensor kind \"{other}\" (touch, light, rotation)"),
                    ))
                }
            }
        }
        if !matches!(spec.motor.model.as_str(), "ideal" | "dc") {
            return Err(e(0..0, "motor.model must be \"ideal\" or \"dc\"".into()));
        }
        Ok(spec)
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

    /// Parses an environment file's text.
    pub fn parse(file: &str, text: &str) -> Result<EnvSpec, SpecError> {
        let mut spec: EnvSpec = parse(file, text)?;
        spec.file = file.to_string();
        Ok(spec)
    }
}

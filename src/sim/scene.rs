//! Scene files (cli.md, "Scene files"): an environment and any number of robots, each with
//! a model, an optional program and an optional start pose, parsed with serde into typed
//! values and checked once. Mistakes are `FILE:LINE: message`; every path in the file is
//! relative to the file's folder. Limits: at most [`MAX_ROBOTS`] robots, names of at most
//! [`MAX_NAME_CHARS`] characters and unique, the file at most [`MAX_FILE_BYTES`].
//!
//! ```toml
//! environment = "E2"
//! [[robot]]
//! name = "left"          # optional; default R1, R2, … in file order
//! model = "M4"           # M1–M5 or a robot file
//! program = "bumper.rcx" # optional .rcx or .lasm; task 0 starts at t = 0
//! x = 0.0                # start pose (default: the environment's start pose)
//! z = 0.5
//! yaw = 0.0
//! ```

use super::def::RobotDef;
use super::specs::SpecSource;
use crate::world::spec::{limits, EnvSpec, RobotSpec, SpecError};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// Most robots in one scene (each has its own collision group bit, its own RCX and, when
/// served, its own link port).
pub const MAX_ROBOTS: usize = 16;
/// Longest robot name, characters.
pub const MAX_NAME_CHARS: usize = 32;
/// Largest scene file, bytes.
pub const MAX_FILE_BYTES: u64 = 1 << 20;
/// Closest two robots may start, metres between their start points (closer ones would be
/// built inside each other).
pub const MIN_SPACING_M: f32 = 0.15;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScene {
    environment: Option<Spanned<String>>,
    #[serde(default)]
    robot: Vec<Spanned<RawRobot>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRobot {
    name: Option<Spanned<String>>,
    model: Spanned<String>,
    program: Option<Spanned<String>>,
    x: Option<Spanned<f32>>,
    z: Option<Spanned<f32>>,
    yaw: Option<Spanned<f32>>,
}

/// A scene file, read and checked.
#[derive(Clone, Debug)]
pub struct Scene {
    /// The file's path as given (errors and labels).
    pub file: String,
    pub environment: SpecSource,
    pub env: EnvSpec,
    /// Its robots, each with its program (when it names one) and start pose (the
    /// environment's when it gives none).
    pub robots: Vec<RobotDef>,
}

/// How far the robot reaches from its centre on the floor, m: the farthest of its bodies'
/// horizontal extents (a box's half diagonal, a cylinder's or capsule's radius and half
/// length, a sphere's radius) from the robot's origin. Two robots whose footprints
/// overlap cannot start there (rapier would push them apart violently at the first step).
pub fn footprint_m(spec: &RobotSpec) -> f32 {
    use crate::world::spec::ShapeKind;
    spec.bodies
        .iter()
        .map(|b| {
            let p = b.position.get_ref();
            let size = b.size.get_ref();
            let at = |i: usize| size.get(i).copied().unwrap_or(0.0).abs();
            let extent = match b.shape.get_ref() {
                ShapeKind::Box => 0.5 * libm::hypotf(at(0), at(2)),
                ShapeKind::Cylinder => libm::hypotf(at(0), at(1) / 2.0),
                ShapeKind::Capsule => libm::hypotf(at(0), at(1) / 2.0 + at(0)),
                ShapeKind::Sphere => at(0),
            };
            libm::hypotf(p[0], p[2]) + extent
        })
        .fold(0.0, f32::max)
}

/// The environment box a robot's footprint of `reach` m at `pose` (x, z, yaw) overlaps on
/// the floor, by name (boxes lower than 1 cm, mats and lines, do not count).
pub fn wall_at(env: &EnvSpec, pose: (f32, f32, f32), reach: f32) -> Option<String> {
    env.boxes.iter().enumerate().find_map(|(i, b)| {
        let size = b.size.get_ref();
        let c = b.position.get_ref();
        let rot = b.rotation.get_ref();
        if c[1] + size[1] / 2.0 < 0.01 {
            return None;
        }
        let (dx, dz) = (pose.0 - c[0], pose.1 - c[2]);
        let hit = if rot[0].abs() < 1e-3 && rot[2].abs() < 1e-3 {
            // Into the box's frame (turned about Y only): clamp to its rectangle.
            let t = rot[1].to_radians();
            let (sin, cos) = libm::sincosf(t);
            let lx = cos * dx - sin * dz;
            let lz = sin * dx + cos * dz;
            let (hx, hz) = (size[0] / 2.0, size[2] / 2.0);
            let (qx, qz) = (lx.clamp(-hx, hx), lz.clamp(-hz, hz));
            libm::hypotf(lx - qx, lz - qz) < reach
        } else {
            // Tilted: its bounding sphere.
            let r = 0.5 * (size[0] * size[0] + size[1] * size[1] + size[2] * size[2]).sqrt();
            libm::hypotf(dx, dz) < reach + r
        };
        hit.then(|| {
            if b.name.is_empty() {
                format!("box {}", i + 1)
            } else {
                b.name.clone()
            }
        })
    })
}

/// Where a robot would stand if put down: on another robot, or in a wall of the floor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spot {
    /// Its footprint overlaps this robot's.
    OnRobot(String),
    /// Its footprint overlaps this environment box (by name, `box N` without one).
    InWall(String),
}

/// A robot that cannot stand where it would be put: its name and where it would stand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clash {
    pub robot: String,
    pub spot: Spot,
}

impl std::fmt::Display for Spot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Spot::OnRobot(name) => write!(f, "on {name}"),
            Spot::InWall(wall) => write!(f, "in {wall}"),
        }
    }
}

impl std::fmt::Display for Clash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} would stand {}", self.robot, self.spot)
    }
}

impl Spot {
    /// "on NAME" / "in WALL" in `l`.
    pub fn words(&self, l: crate::i18n::Lang) -> String {
        match self {
            Spot::OnRobot(name) => crate::tr!(l, "scene-spot-on-robot", name = name.clone()),
            Spot::InWall(wall) => crate::tr!(l, "scene-spot-in-wall", wall = wall.clone()),
        }
    }
}

impl Clash {
    /// "NAME would stand on OTHER" in `l`.
    pub fn words(&self, l: crate::i18n::Lang) -> String {
        crate::tr!(
            l,
            "scene-clash",
            robot = self.robot.clone(),
            spot = self.spot.words(l)
        )
    }
}

/// Why robots placed as `poses` (name, robot file, x, z, yaw) cannot stand there: two
/// footprints overlap, or one is in a wall of `env` (`None`: they can).
pub fn clash<'a>(
    poses: impl IntoIterator<Item = (&'a str, &'a RobotSpec, (f32, f32, f32))>,
    env: &EnvSpec,
) -> Option<Clash> {
    let v: Vec<_> = poses.into_iter().collect();
    for (i, (name, spec, p)) in v.iter().enumerate() {
        let reach = footprint_m(spec);
        let spot = wall_at(env, *p, reach).map(Spot::InWall).or_else(|| {
            v[..i]
                .iter()
                .find(|(_, s, q)| libm::hypotf(q.0 - p.0, q.1 - p.1) < reach + footprint_m(s))
                .map(|(other, _, _)| Spot::OnRobot(other.to_string()))
        });
        if let Some(spot) = spot {
            return Some(Clash {
                robot: name.to_string(),
                spot,
            });
        }
    }
    None
}

/// The 1-based line of byte `offset` in `text`.
pub(crate) fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset.min(text.len()))
        .map_or(1, |t| t.bytes().filter(|&b| b == b'\n').count() + 1)
}

/// A file's name and text, for `FILE:LINE` errors from toml spans.
pub(crate) struct At<'a> {
    pub file: &'a str,
    pub text: &'a str,
}

/// A TOML file of at most `max` bytes: its name as given, its text and its folder (what
/// paths in it are relative to). `what` names the kind in the size error.
pub(crate) fn read_toml_file(
    path: &Path,
    max: u64,
    what: &str,
) -> Result<(String, String, PathBuf), SpecError> {
    let file = path.display().to_string();
    let fail = |message: String| SpecError {
        file: file.clone(),
        line: 0,
        message,
    };
    let size = std::fs::metadata(path)
        .map_err(|e| fail(format!("cannot read the file: {e}")))?
        .len();
    if size > max {
        return Err(fail(format!(
            "the file has {size} bytes; {what} may have at most {max}"
        )));
    }
    let text =
        std::fs::read_to_string(path).map_err(|e| fail(format!("cannot read the file: {e}")))?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    Ok((file, text, dir))
}

impl At<'_> {
    /// The text parsed into `T`, a mistake as `FILE:LINE: message`.
    pub(crate) fn parse<T: serde::de::DeserializeOwned>(&self) -> Result<T, SpecError> {
        toml::from_str(self.text).map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            self.err(span, e.message().trim().to_string())
        })
    }

    pub(crate) fn err(&self, span: std::ops::Range<usize>, message: String) -> SpecError {
        SpecError {
            file: self.file.to_string(),
            line: line_of(self.text, span.start),
            message,
        }
    }
}

/// `name` as written in the scene: a built-in name stays a name, anything else is a path
/// relative to the scene's folder.
pub(crate) fn resolve(dir: &Path, name: &str, builtin: bool) -> String {
    if builtin {
        return name.to_string();
    }
    let p = Path::new(name);
    if p.is_absolute() {
        name.to_string()
    } else {
        dir.join(p).display().to_string()
    }
}

pub(crate) use crate::world::spec::{is_builtin_env, is_builtin_robot};

/// Where the files another file names are read from: the disk ([`read_disk`]) or, for the
/// app's built-in challenges and in a browser tab, memory.
pub type ReadFile<'a> = &'a dyn Fn(&Path) -> std::io::Result<Vec<u8>>;

/// Reads a file from the disk.
pub fn read_disk(path: &Path) -> std::io::Result<Vec<u8>> {
    std::fs::read(path)
}

impl Scene {
    /// The scene's robots (with their programs) and environment, as a simulation's
    /// definition.
    pub fn into_def(self) -> super::def::SimDef {
        super::def::SimDef {
            environment: Some(self.environment),
            env: self.env,
            robots: self.robots,
            items: Vec::new(),
            presses: Vec::new(),
            goal: None,
            config: super::SimConfig::default(),
        }
    }

    /// Reads and checks a scene file, the robot and environment files it names and their
    /// programs.
    pub fn load(path: &Path) -> Result<Scene, SpecError> {
        let (file, text, dir) = read_toml_file(path, MAX_FILE_BYTES, "a scene file")?;
        Scene::parse(&file, &text, &dir)
    }

    /// Parses scene text; `dir` is the folder paths in it are relative to.
    pub fn parse(file: &str, text: &str, dir: &Path) -> Result<Scene, SpecError> {
        Scene::parse_with(file, text, dir, &read_disk)
    }

    /// As [`Scene::parse`], the programs read with `read` (robot and environment files
    /// other than M1–M5 and E1–E4 are read from the disk).
    pub fn parse_with(
        file: &str,
        text: &str,
        dir: &Path,
        read: ReadFile,
    ) -> Result<Scene, SpecError> {
        let at = At { file, text };
        let raw: RawScene = at.parse()?;
        let env_name = raw
            .environment
            .as_ref()
            .map_or("E1".to_string(), |e| e.get_ref().clone());
        let env_span = raw.environment.as_ref().map_or(0..0, |e| e.span());
        let environment = SpecSource::env(&resolve(dir, &env_name, is_builtin_env(&env_name)))
            .map_err(|e| at.err(env_span.clone(), format!("environment \"{env_name}\": {e}")))?;
        let env = environment
            .env_spec()
            .map_err(|e| at.err(env_span.clone(), format!("environment: {e}")))?;
        if raw.robot.is_empty() {
            return Err(at.err(
                0..0,
                "a scene needs at least one [[robot]] (with model = \"M1\"…\"M5\" or a robot file)"
                    .into(),
            ));
        }
        if raw.robot.len() > MAX_ROBOTS {
            return Err(at.err(
                raw.robot[MAX_ROBOTS].span(),
                format!(
                    "{} robots; a scene may have at most {MAX_ROBOTS}",
                    raw.robot.len()
                ),
            ));
        }
        let start = (
            *env.start.x.get_ref(),
            *env.start.z.get_ref(),
            *env.start.yaw.get_ref(),
        );
        let mut robots: Vec<RobotDef> = Vec::new();
        // The names the file gives: an unnamed robot's default (R<n>) avoids them.
        let given: Vec<&str> = raw
            .robot
            .iter()
            .filter_map(|r| r.get_ref().name.as_ref().map(|n| n.get_ref().as_str()))
            .collect();
        for (k, r) in raw.robot.iter().enumerate() {
            let span = r.span();
            let r = r.get_ref();
            let taken: Vec<&str> = robots.iter().map(|o| o.name.as_str()).collect();
            let name = robot_name(&at, r, k, &given, &taken)?;
            if robots.iter().any(|o| o.name == name) {
                let s = r.name.as_ref().map_or(span.clone(), |n| n.span());
                return Err(at.err(s, format!("two robots are named \"{name}\"")));
            }
            let m = r.model.get_ref();
            let model = SpecSource::robot(&resolve(dir, m, is_builtin_robot(m)))
                .map_err(|e| at.err(r.model.span(), format!("model \"{m}\": {e}")))?;
            let spec = model
                .robot_spec()
                .map_err(|e| at.err(r.model.span(), format!("model: {e}")))?;
            let program = match &r.program {
                None => None,
                Some(p) => Some(read_program(&at, p, dir, read)?),
            };
            let coord = |v: &Option<Spanned<f32>>, default: f32, lim: f32, what: &str| match v {
                None => Ok(default),
                Some(s) => {
                    let x = *s.get_ref();
                    if x.is_finite() && x.abs() <= lim {
                        Ok(x)
                    } else {
                        Err(at.err(s.span(), format!("{what} {x}: must be within ±{lim}")))
                    }
                }
            };
            let pose = (
                coord(&r.x, start.0, limits::ENV_LENGTH_M, "x")?,
                coord(&r.z, start.1, limits::ENV_LENGTH_M, "z")?,
                coord(&r.yaw, start.2, limits::ANGLE_DEG, "yaw")?,
            );
            start_clear(&at, span, &name, &spec, pose, &robots, &env)?;
            robots.push(RobotDef {
                name,
                model: Some(model),
                spec,
                program,
                pose,
            });
        }
        Ok(Scene {
            file: file.to_string(),
            environment,
            env,
            robots,
        })
    }
}

/// Robot `k`'s name: the one its `[[robot]]` gives (checked), or `R<n>` from its place
/// in the list that no robot is given or `taken` by one before it.
fn robot_name(
    at: &At,
    r: &RawRobot,
    k: usize,
    given: &[&str],
    taken: &[&str],
) -> Result<String, SpecError> {
    let Some(n) = &r.name else {
        return Ok((k + 1..)
            .map(|n| format!("R{n}"))
            .find(|c| !given.contains(&c.as_str()) && !taken.contains(&c.as_str()))
            .unwrap_or_default());
    };
    let v = n.get_ref().trim().to_string();
    if v.is_empty() || v.chars().count() > MAX_NAME_CHARS {
        return Err(at.err(
            n.span(),
            format!("a robot's name has 1 to {MAX_NAME_CHARS} characters"),
        ));
    }
    if v.chars().any(|c| c.is_control()) {
        return Err(at.err(n.span(), "a robot's name has no control characters".into()));
    }
    Ok(v)
}

/// A scene's program, read and checked (it must have a task 0 to start).
fn read_program(
    at: &At,
    p: &Spanned<String>,
    dir: &Path,
    read: ReadFile,
) -> Result<(PathBuf, crate::rcx::Program), SpecError> {
    let path = PathBuf::from(resolve(dir, p.get_ref(), false));
    let prog = read(&path)
        .map_err(|e| crate::rcx::LoadError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        })
        .and_then(|b| crate::rcx::load_program_bytes(&b, &path.display().to_string()))
        .map_err(|e| at.err(p.span(), format!("program: {e}")))?;
    if prog.tasks[0].is_none() {
        return Err(at.err(
            p.span(),
            format!("program {}: it has no task 0 to start", path.display()),
        ));
    }
    Ok((path, prog))
}

/// Refuses robot `name` (of `spec`, at `pose`) when it starts too near one of `robots`,
/// on top of one, or inside a wall of `env`.
fn start_clear(
    at: &At,
    span: std::ops::Range<usize>,
    name: &str,
    spec: &RobotSpec,
    pose: (f32, f32, f32),
    robots: &[RobotDef],
    env: &EnvSpec,
) -> Result<(), SpecError> {
    if let Some(o) = robots.iter().find(|o| {
        let (dx, dz) = (o.pose.0 - pose.0, o.pose.1 - pose.1);
        (dx * dx + dz * dz).sqrt() < MIN_SPACING_M
    }) {
        return Err(at.err(
            span.clone(),
            format!(
                "robot \"{name}\" starts within {MIN_SPACING_M} m of \"{}\"; give each robot its own x and z",
                o.name
            ),
        ));
    }
    let reach = footprint_m(spec);
    if let Some(o) = robots.iter().find(|o| {
        let (dx, dz) = (o.pose.0 - pose.0, o.pose.1 - pose.1);
        (dx * dx + dz * dz).sqrt() < reach + footprint_m(&o.spec)
    }) {
        return Err(at.err(
            span.clone(),
            format!(
                "robot \"{name}\" would start on top of \"{}\": their footprints ({:.2} m and {:.2} m from their centres) overlap; move one of them",
                o.name,
                reach,
                footprint_m(&o.spec)
            ),
        ));
    }
    if let Some(wall) = wall_at(env, pose, reach) {
        return Err(at.err(
            span.clone(),
            format!(
                "robot \"{name}\" would start inside \"{wall}\" of the environment (its footprint reaches {reach:.2} m from its centre); move it clear"
            ),
        ));
    }
    Ok(())
}

/// An assignment's scene: the robot whose program is the pupil's (`pupil_robot`, default the first), and
/// the others that run it too (`pupil_robots`: the first named is the pupil's robot).
pub(crate) fn pupils(
    at: &At,
    pupil_robot: Option<&toml::Spanned<String>>,
    pupil_robots: Option<&toml::Spanned<Vec<String>>>,
    names: &[String],
) -> Result<(usize, Vec<usize>), SpecError> {
    let find = |name: &str, span: std::ops::Range<usize>, field: &str| {
        names.iter().position(|n| n == name).ok_or_else(|| {
            at.err(
                span,
                format!(
                    "{field} = \"{name}\": the scene's robots are {}",
                    names.join(", ")
                ),
            )
        })
    };
    match (pupil_robot, pupil_robots) {
        (Some(_), Some(list)) => Err(at.err(
            list.span(),
            "pupil_robots: give pupil_robot (one robot) or pupil_robots (several), not both".into(),
        )),
        (None, None) => Ok((0, Vec::new())),
        (Some(p), None) => Ok((find(p.get_ref(), p.span(), "pupil_robot")?, Vec::new())),
        (None, Some(list)) => {
            let mut found = Vec::new();
            for name in list.get_ref() {
                let k = find(name, list.span(), "pupil_robots")?;
                if found.contains(&k) {
                    return Err(at.err(
                        list.span(),
                        format!("pupil_robots: \"{name}\" is named twice"),
                    ));
                }
                found.push(k);
            }
            if found.is_empty() {
                return Err(at.err(list.span(), "pupil_robots: name one robot or more".into()));
            }
            let first = found.remove(0);
            Ok((first, found))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Scene, SpecError> {
        Scene::parse("s.toml", text, Path::new("."))
    }

    #[test]
    fn robots_are_named_r1_r2_in_file_order_and_default_to_the_start_pose() {
        let s = parse(
            "environment = \"E2\"\n[[robot]]\nmodel = \"M4\"\n[[robot]]\nmodel = \"M1\"\nz = 0.5\n",
        )
        .unwrap();
        assert_eq!(s.robots.len(), 2);
        assert_eq!(s.robots[0].name, "R1");
        assert_eq!(s.robots[1].name, "R2");
        assert_eq!(s.robots[0].spec.name, "M4");
        assert_eq!(s.robots[1].pose.1, 0.5);
        assert_eq!(s.env.name, "E2");
    }

    #[test]
    fn a_mistake_names_the_file_and_line() {
        let e = parse("environment = \"E1\"\n[[robot]]\nmodel = \"M4\"\nspeed = 3\n").unwrap_err();
        assert_eq!((e.file.as_str(), e.line), ("s.toml", 4), "{e}");
        let e = parse("[[robot]]\nmodel = \"M9\"\n").unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        let e = parse("[[robot]]\nmodel = \"M1\"\nx = 1e9\nz = 1.0\n").unwrap_err();
        assert_eq!(e.line, 3, "{e}");
        let e = parse("[[robot]]\nmodel = \"M1\"\nprogram = \"nothing-here.rcx\"\n").unwrap_err();
        assert_eq!(e.line, 3, "{e}");
    }

    #[test]
    fn two_robots_on_the_same_spot_or_with_one_name_are_refused() {
        let e = parse("[[robot]]\nmodel = \"M1\"\n[[robot]]\nmodel = \"M1\"\n").unwrap_err();
        assert!(e.to_string().contains("starts within"), "{e}");
        let e = parse("[[robot]]\nname = \"a\"\nmodel = \"M1\"\n[[robot]]\nname = \"a\"\nmodel = \"M1\"\nz = 1\n")
            .unwrap_err();
        assert_eq!(e.line, 5, "{e}");
    }

    #[test]
    fn a_scene_without_robots_or_with_more_than_the_maximum_is_refused() {
        assert!(parse("environment = \"E1\"\n").is_err());
        let mut text = String::new();
        for k in 0..=MAX_ROBOTS {
            text.push_str(&format!(
                "[[robot]]\nmodel = \"M1\"\nz = {}\n",
                k as f32 * 0.5
            ));
        }
        let e = parse(&text).unwrap_err();
        assert!(e.to_string().contains("at most 16"), "{e}");
    }
}

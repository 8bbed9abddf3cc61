//! The physical world: rapier3d bodies for a robot (from `robots/*.toml`) in an environment
//! (from `environments/*.toml`), the motors that drive its hinges and the touch, light and
//! rotation sensors that read it. Never reads a clock or touches the GUI, sockets or threads;
//! time advances only through [`World::step`] (one fixed 1 ms step).
//!
//! CONTRACT (add, don't rename): `spec::{RobotSpec, EnvSpec, SpecError}`,
//! `World::{new, set_outputs, step, brick_pose, bodies, statics, floor, robot_name, env_name}`,
//! `impl vm::Brick for World`, `Pose`, `BodyView`, `Shape`, `FloorView`.

pub mod battery;
pub mod motor;
pub mod spec;

pub use motor::{rcx_motor_row, PWM_PERIOD_MS};

use crate::vm::{Brick, OutputMode, OutputState, Realism};
use rapier3d::prelude::*;
use serde::Serialize;

type V3 = rapier3d::math::Vector;
type Q = rapier3d::math::Rotation;
type P3 = rapier3d::math::Pose;

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

/// Fixed physics step, seconds (the original found 1 ms gives ~1 % error, 10 ms too much).
pub const DT: f32 = 0.001;
/// Velocity-motor stiffness: large so the wheel follows the target within the torque limit
/// (stack-notes: factor 1e6 with max torque 0.05–0.15 N·m reproduced the original's table).
const MOTOR_FACTOR: f32 = 1.0e6;
/// Contact natural frequency, Hz: the default 30/60 Hz lets wheels sink and costs ~0.3 % speed.
const CONTACT_HZ: f32 = 500.0;

/// A floor picture as grey levels 0–255 (read as 0–1).
#[derive(Clone, Debug)]
struct Texture {
    w: usize,
    h: usize,
    grey: std::sync::Arc<Vec<u8>>,
    rect: [f32; 4],
    /// Sum of all texels' grey (0–1 each), for a spot that covers the whole picture.
    total: f64,
    /// Per row, running sums of grey 0–255 ((w + 1) per row), made on the first reading by a
    /// spot too large to average texel by texel; shared by clones.
    rows: std::sync::Arc<std::sync::OnceLock<Vec<u32>>>,
}

/// A spot whose bounding square spans at most this many texels is averaged texel by texel
/// (every real light sensor: M5's 8 mm spot on E3 spans 7 × 7). A larger one goes by the
/// picture instead (see [`Texture::mean_large`]), so the work per reading is bounded by the
/// picture's size whatever the spot's radius or the picture's rectangle.
const EXACT_SPOT_TEXELS: i128 = 1 << 16;

impl Texture {
    fn grey_at(&self, i: usize, j: usize) -> f32 {
        self.grey[j * self.w + i] as f32 / 255.0
    }

    /// Mean brightness over a disc of `r` metres centred at (x, z); white outside the picture.
    fn mean(&self, x: f32, z: f32, r: f32) -> f32 {
        let [x0, z0, x1, z1] = self.rect;
        let du = (x1 - x0) / self.w as f32;
        let dv = (z1 - z0) / self.h as f32;
        let usable = |v: f32| v.is_finite() && v > 0.0;
        if !(usable(du) && usable(dv) && x.is_finite() && z.is_finite() && r.is_finite()) {
            return 1.0;
        }
        // Saturating casts: a far-off or huge spot gives extreme indices, never a wrap.
        let ia = ((x - r - x0) / du).floor() as i64;
        let ib = ((x + r - x0) / du).floor() as i64;
        let ja = ((z - r - z0) / dv).floor() as i64;
        let jb = ((z + r - z0) / dv).floor() as i64;
        let texels = (ib as i128 - ia as i128 + 1) * (jb as i128 - ja as i128 + 1);
        if texels > EXACT_SPOT_TEXELS {
            return self.mean_large(x, z, r, du, dv);
        }
        let (mut sum, mut n) = (0.0f32, 0u32);
        for j in ja..=jb {
            for i in ia..=ib {
                let cx = x0 + (i as f32 + 0.5) * du;
                let cz = z0 + (j as f32 + 0.5) * dv;
                if (cx - x).powi(2) + (cz - z).powi(2) > r * r && !(i == ia && ib == ia) {
                    continue;
                }
                let g = if i < 0 || j < 0 || i >= self.w as i64 || j >= self.h as i64 {
                    1.0
                } else {
                    self.grey_at(i as usize, j as usize)
                };
                sum += g;
                n += 1;
            }
        }
        if n == 0 {
            1.0
        } else {
            sum / n as f32
        }
    }

    /// Running sums along each row (see `rows`).
    fn row_sums(&self) -> &[u32] {
        self.rows.get_or_init(|| {
            let mut sums = Vec::with_capacity((self.w + 1) * self.h);
            for row in self.grey.chunks(self.w.max(1)).take(self.h) {
                let mut acc = 0u32;
                sums.push(0);
                for v in row {
                    acc += *v as u32;
                    sums.push(acc);
                }
            }
            sums
        })
    }

    /// The mean for a spot spanning more than [`EXACT_SPOT_TEXELS`]: the picture's texels
    /// inside the disc are summed row by row from running sums (the whole picture at once
    /// when the disc holds all four corners), and the disc's area outside the picture counts
    /// as white texels (area / texel area). Cost: one step per picture row at most, never
    /// per texel of the spot.
    fn mean_large(&self, x: f32, z: f32, r: f32, du: f32, dv: f32) -> f32 {
        let [x0, z0, x1, z1] = self.rect.map(f64::from);
        let (x, z, r, du, dv) = (x as f64, z as f64, r as f64, du as f64, dv as f64);
        let r2 = r * r;
        let within = |px: f64, pz: f64| (px - x).powi(2) + (pz - z).powi(2) <= r2;
        let (mut sum, mut inside) = (0.0f64, 0.0f64);
        if within(x0, z0) && within(x1, z0) && within(x0, z1) && within(x1, z1) {
            sum = self.total;
            inside = (self.w * self.h) as f64;
        } else {
            let sums = self.row_sums();
            let stride = self.w + 1;
            // Rows whose centre z0 + (j + 0.5)·dv lies within r of z.
            let ja = ((z - r - z0) / dv - 0.5).ceil().max(0.0);
            let jb = ((z + r - z0) / dv - 0.5).floor().min(self.h as f64 - 1.0);
            let rows = if jb < ja {
                0..0
            } else {
                ja as usize..jb as usize + 1
            };
            for j in rows {
                let cz = z0 + (j as f64 + 0.5) * dv;
                let dz2 = (cz - z).powi(2);
                if dz2 > r2 {
                    continue;
                }
                let half = (r2 - dz2).sqrt();
                // Texel centres x0 + (i + 0.5)·du within `half` of x.
                let lo = ((x - half - x0) / du - 0.5).ceil().max(0.0);
                let hi = ((x + half - x0) / du - 0.5)
                    .floor()
                    .min(self.w as f64 - 1.0);
                if hi < lo {
                    continue;
                }
                let row = &sums[j * stride..(j + 1) * stride];
                sum += (row[hi as usize + 1] - row[lo as usize]) as f64 / 255.0;
                inside += hi - lo + 1.0;
            }
        }
        let disc = std::f64::consts::PI * r2 / (du * dv);
        let outside = (disc - inside).max(0.0);
        if inside + outside <= 0.0 {
            1.0
        } else {
            ((sum + outside) / (inside + outside)) as f32
        }
    }
}

#[derive(Clone, Debug)]
struct Part {
    name: String,
    body: RigidBodyHandle,
    local: P3,
    shape: Shape,
    colour: [f32; 4],
}

#[derive(Clone, Debug)]
struct Motor {
    joint: ImpulseJointHandle,
    output: usize,
    reverse: bool,
}

#[derive(Clone, Debug)]
enum SensorKind {
    None,
    Touch(ColliderHandle),
    Light { body: RigidBodyHandle, offset: V3 },
    Rotation { joint: ImpulseJointHandle },
}

#[derive(Clone, Debug)]
struct Sensor {
    kind: SensorKind,
    black: f32,
    white: f32,
    spot: f32,
    noise: f32,
    /// Unwrapped hinge angle (radians, positive = wheel turning forward).
    angle: f64,
    last: f32,
}

#[derive(Clone, Debug)]
struct Robot {
    /// The robot's file (scenes may mix models).
    spec: std::sync::Arc<spec::RobotSpec>,
    /// The outputs its motors follow (see [`World::set_outputs_of`]).
    outputs: [OutputState; 3],
    brick: RigidBodyHandle,
    parts: Vec<Part>,
    motors: Vec<Motor>,
    sensors: [Sensor; 3],
}

/// A robot (or several copies) in an environment.
#[derive(Clone)]
pub struct World {
    robot: spec::RobotSpec,
    env: spec::EnvSpec,
    outputs: [OutputState; 3],
    params: IntegrationParameters,
    islands: IslandManager,
    broad: BroadPhaseBvh,
    narrow: NarrowPhase,
    bodies: RigidBodySet,
    colliders: ColliderSet,
    joints: ImpulseJointSet,
    multibody: MultibodyJointSet,
    soft: SoftBodySet,
    ccd: CCDSolver,
    robots: Vec<Robot>,
    statics: Vec<BodyView>,
    texture: Option<Texture>,
    rng: u64,
    pipeline: Pipeline,
    /// Boxes added at run time (None once removed) and their index in `statics`.
    added: Vec<Option<ColliderHandle>>,
    added_views: Vec<usize>,
    /// `--realism`: `Rcx` drives the hinges as PWM-fed DC motors and reads the sensors as a
    /// real brick's (see [`World::new_realism`]).
    realism: Realism,
    /// Physics steps since the world was built (the PWM phase in `Realism::Rcx`).
    steps: u64,
}

/// rapier's pipeline is workspace only (not Clone); a clone starts with a fresh one, which
/// rapier documents as giving the same results.
struct Pipeline(PhysicsPipeline);
impl Clone for Pipeline {
    fn clone(&self) -> Self {
        Pipeline(PhysicsPipeline::new())
    }
}

fn colour4(c: &[f32]) -> [f32; 4] {
    [
        c.first().copied().unwrap_or(0.5),
        c.get(1).copied().unwrap_or(0.5),
        c.get(2).copied().unwrap_or(0.5),
        c.get(3).copied().unwrap_or(1.0),
    ]
}

fn euler(deg: [f32; 3]) -> Q {
    let r = |d: f32| d.to_radians();
    Q::from_rotation_z(r(deg[2])) * Q::from_rotation_y(r(deg[1])) * Q::from_rotation_x(r(deg[0]))
}

fn v3(a: [f32; 3]) -> V3 {
    V3::new(a[0], a[1], a[2])
}

/// The casters of a robot file: (body, joint) indices of each free ball, a sphere body on a
/// spherical joint at its own centre that no other joint, shape or sensor refers to.
fn casters(spec: &spec::RobotSpec) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (ji, j) in spec.joints.iter().enumerate() {
        if j.kind != spec::JointKind::Spherical {
            continue;
        }
        let name = j.body2.get_ref();
        let Some(bi) = spec.bodies.iter().position(|b| b.name.get_ref() == name) else {
            continue;
        };
        let b = &spec.bodies[bi];
        let centre = *b.position.get_ref();
        let anchor = *j.anchor.get_ref();
        let at_centre = (0..3).all(|i| (centre[i] - anchor[i]).abs() < 1e-6);
        let used = spec
            .joints
            .iter()
            .enumerate()
            .any(|(k, o)| k != ji && (o.body1.get_ref() == name || o.body2.get_ref() == name))
            || spec
                .bodies
                .iter()
                .any(|o| o.attach.as_ref().is_some_and(|a| a.get_ref() == name))
            || spec.sensors.iter().any(|s| {
                s.body.as_ref().is_some_and(|x| x.get_ref() == name)
                    || s.joint
                        .as_ref()
                        .is_some_and(|x| x.get_ref() == j.name.get_ref())
            })
            || spec.brick.get_ref() == name;
        if *b.shape.get_ref() == spec::ShapeKind::Sphere
            && b.attach.is_none()
            && at_centre
            && !used
            && b.collider
        {
            out.push((bi, ji));
        }
    }
    out
}

/// Builds the collider shape and the drawable shape of a body spec.
fn shape_of(b: &spec::BodySpec) -> (ColliderBuilder, Shape, Q) {
    let s = b.size.get_ref();
    match *b.shape.get_ref() {
        spec::ShapeKind::Capsule => {
            let (radius, half_height) = (s[0], s[1] / 2.0);
            (
                ColliderBuilder::capsule_z(half_height, radius),
                Shape::Capsule {
                    half_height,
                    radius,
                },
                Q::IDENTITY,
            )
        }
        // rapier's cylinder runs along Y; turn it onto local Z.
        spec::ShapeKind::Cylinder => {
            let (radius, half_height) = (s[0], s[1] / 2.0);
            (
                ColliderBuilder::cylinder(half_height, radius),
                Shape::Cylinder {
                    half_height,
                    radius,
                },
                Q::from_rotation_x(std::f32::consts::FRAC_PI_2),
            )
        }
        spec::ShapeKind::Sphere => (
            ColliderBuilder::ball(s[0]),
            Shape::Sphere { radius: s[0] },
            Q::IDENTITY,
        ),
        spec::ShapeKind::Box => {
            let half = [s[0] / 2.0, s[1] / 2.0, s[2] / 2.0];
            (
                ColliderBuilder::cuboid(half[0], half[1], half[2]),
                Shape::Box { half },
                Q::IDENTITY,
            )
        }
    }
}

/// Reads a floor picture file, refusing one larger than [`spec::limits::FLOOR_FILE_BYTES`].
fn read_floor_file(path: &std::path::Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(spec::limits::FLOOR_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > spec::limits::FLOOR_FILE_BYTES {
        return Err(format!(
            "the file is larger than {} MiB",
            spec::limits::FLOOR_FILE_BYTES >> 20
        ));
    }
    Ok(bytes)
}

/// Decodes a floor picture after reading its size from the header, so an oversized picture
/// is refused before any pixel is decoded.
fn decode_floor(bytes: &[u8]) -> Result<image::GrayImage, String> {
    use spec::limits::{FLOOR_PIXELS, FLOOR_SIDE_PX};
    let reader = || {
        image::ImageReader::new(std::io::Cursor::new(bytes))
            .with_guessed_format()
            .map_err(|e| e.to_string())
    };
    // A PNG's size is in its first chunk (bytes 16–23); other formats ask the decoder.
    let (w, h) = match bytes {
        [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n', _, _, _, _, b'I', b'H', b'D', b'R', w0, w1, w2, w3, h0, h1, h2, h3, ..] => {
            (
                u32::from_be_bytes([*w0, *w1, *w2, *w3]),
                u32::from_be_bytes([*h0, *h1, *h2, *h3]),
            )
        }
        _ => reader()?.into_dimensions().map_err(|e| e.to_string())?,
    };
    if w == 0
        || h == 0
        || w > FLOOR_SIDE_PX
        || h > FLOOR_SIDE_PX
        || w as u64 * h as u64 > FLOOR_PIXELS
    {
        return Err(format!(
            "{w} × {h} px is too large (at most {FLOOR_SIDE_PX} px a side and {FLOOR_PIXELS} \
             pixels in all, e.g. 4096 × 4096)"
        ));
    }
    let mut r = reader()?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(FLOOR_SIDE_PX);
    limits.max_image_height = Some(FLOOR_SIDE_PX);
    r.limits(limits);
    Ok(r.decode().map_err(|e| e.to_string())?.to_luma8())
}

fn load_texture(env: &spec::EnvSpec) -> Result<Option<Texture>, spec::SpecError> {
    let Some(f) = &env.floor else { return Ok(None) };
    let fail = |message: String| spec::SpecError {
        file: env.file.clone(),
        line: f.line,
        message: format!("floor image {}: {message}", f.image.get_ref()),
    };
    let bytes = match &f.resolved {
        Some(p) => read_floor_file(p)
            .map_err(|e| fail(format!("cannot be read from {}: {e}", p.display())))?,
        None if f.image.get_ref().ends_with("e3_floor.png") => spec::E3_FLOOR_PNG.to_vec(),
        None => return Err(fail("cannot be found".into())),
    };
    let g = decode_floor(&bytes).map_err(fail)?;
    let (w, h) = (g.width() as usize, g.height() as usize);
    let grey = g.into_raw();
    let total = grey.iter().map(|v| (*v as f32 / 255.0) as f64).sum();
    Ok(Some(Texture {
        w,
        h,
        grey: std::sync::Arc::new(grey),
        rect: *f.rect.get_ref(),
        total,
        rows: Default::default(),
    }))
}

const ENV_GROUP: Group = Group::GROUP_1;

impl World {
    /// Builds the rapier world. `seed` drives optional sensor noise.
    pub fn new(
        robot: spec::RobotSpec,
        env: spec::EnvSpec,
        seed: u64,
    ) -> Result<World, spec::SpecError> {
        World::new_many(robot, env, 1, seed)
    }

    /// Builds `count` copies of the robot side by side (0.3 m apart along Z from the start
    /// pose); sensors and `brick_pose` belong to the first.
    pub fn new_many(
        robot: spec::RobotSpec,
        env: spec::EnvSpec,
        count: usize,
        seed: u64,
    ) -> Result<World, spec::SpecError> {
        World::new_realism(robot, env, count, seed, Realism::Original)
    }

    /// As [`World::new_many`], with the `--realism` setting. `Original` is the 2007
    /// simulator: velocity motors on the calibrated curve, the robot file's light
    /// calibration, touch pressed = raw 100. `Rcx`: every driven hinge is a DC motor (the
    /// `[motor]` table's `rcx_*` constants) fed by the output's PWM each 1 ms step — on at
    /// `battery_v − rcx_drop` for power + 1 of every 8 ms, floating otherwise; float coasts
    /// against the motor's friction; brake shorts the winding (drag ∝ speed, no holding
    /// torque beyond friction). The floor grips with `rcx_ground_friction` (rubber) instead
    /// of `ground_friction`. Light sensors read `rcx_black`/`rcx_white`; touch pressed reads
    /// raw ≈ 50.
    pub fn new_realism(
        robot: spec::RobotSpec,
        env: spec::EnvSpec,
        count: usize,
        seed: u64,
        realism: Realism,
    ) -> Result<World, spec::SpecError> {
        let start = (
            *env.start.x.get_ref(),
            *env.start.z.get_ref(),
            *env.start.yaw.get_ref(),
        );
        World::new_at(robot, env, start, count, seed, realism)
    }

    /// As [`World::new_realism`] with the first copy at `start` (x, z in m, yaw in
    /// degrees, the environment's `[start]` convention) instead of the environment's start.
    pub fn new_at(
        robot: spec::RobotSpec,
        env: spec::EnvSpec,
        (x, z, yaw): (f32, f32, f32),
        count: usize,
        seed: u64,
        realism: Realism,
    ) -> Result<World, spec::SpecError> {
        let shared = std::sync::Arc::new(robot.clone());
        let placed = (0..count.max(1))
            .map(|k| (shared.clone(), x, z + 0.3 * k as f32, yaw))
            .collect();
        World::build(robot, env, placed, seed, realism)
    }

    /// A scene's world: each robot its own file and start pose (x, z in m, yaw in degrees,
    /// the environment's `[start]` convention), built in order (robot `k` is index `k` of
    /// every `*_of` method). `robots` must not be empty; the first names the world.
    pub fn new_scene(
        env: spec::EnvSpec,
        robots: Vec<(spec::RobotSpec, f32, f32, f32)>,
        seed: u64,
        realism: Realism,
    ) -> Result<World, spec::SpecError> {
        let Some(first) = robots.first().map(|r| r.0.clone()) else {
            return Err(spec::SpecError {
                file: env.name.clone(),
                line: 0,
                message: "a scene needs at least one robot".into(),
            });
        };
        let placed = robots
            .into_iter()
            .map(|(r, x, z, yaw)| (std::sync::Arc::new(r), x, z, yaw))
            .collect();
        World::build(first, env, placed, seed, realism)
    }

    #[allow(clippy::type_complexity)]
    fn build(
        robot: spec::RobotSpec,
        env: spec::EnvSpec,
        placed: Vec<(std::sync::Arc<spec::RobotSpec>, f32, f32, f32)>,
        seed: u64,
        realism: Realism,
    ) -> Result<World, spec::SpecError> {
        let mut params = IntegrationParameters {
            dt: DT,
            // One substep of 1 ms: one biased and two unbiased (velocity-only) sweeps. rapier
            // solves friction only in the unbiased sweeps, so a robot turning on the spot needs
            // two of them (one gives ≈ 15 % less turn). The joint rows are rebuilt every
            // substep, so one substep costs about half of the former two (BENCHMARKS.md, issue
            // 24) with Table 4.1 within 0.8 %. Two substeps had hidden what one shows: a
            // driven wheel pressed against a wall climbed it (walls gripped as hard as the
            // floor, see the walls below) and a three-wheeler rocked on it; with walls that
            // grip as plastic does and frictionless casters, a stalled robot stays on its
            // wheels (test `stalled_three_wheeler_against_a_wall_stays_on_its_wheels`).
            num_solver_iterations: 1,
            num_internal_stabilization_iterations: 2,
            // No continuous collision detection: a robot moves < 1 mm per 1 ms step, far less
            // than any of its shapes, so CCD never acts; switching it off skips its per-step
            // sweep over every body (≈ 3 % of a step, trajectories bit-identical).
            max_ccd_substeps: 0,
            ..Default::default()
        };
        params.contact_softness.natural_frequency = CONTACT_HZ;
        params.static_contact_softness.natural_frequency = CONTACT_HZ;
        let texture = load_texture(&env)?;
        let mut w = World {
            robot,
            env,
            outputs: Default::default(),
            params,
            islands: IslandManager::new(),
            broad: BroadPhaseBvh::default(),
            narrow: NarrowPhase::new(),
            bodies: RigidBodySet::new(),
            colliders: ColliderSet::new(),
            joints: ImpulseJointSet::new(),
            multibody: MultibodyJointSet::new(),
            soft: SoftBodySet::new(),
            ccd: CCDSolver::new(),
            robots: Vec::new(),
            statics: Vec::new(),
            texture,
            rng: seed ^ 0x9e37_79b9_7f4a_7c15,
            pipeline: Pipeline(PhysicsPipeline::new()),
            added: Vec::new(),
            added_views: Vec::new(),
            realism,
            steps: 0,
        };
        // Ground: the half-space y ≤ 0 (cheaper capsule contacts than a big slab).
        // `rcx`: a real floor's friction with rubber, and a contact with the floor takes the
        // smaller of the two frictions (docs/realism.md "Why rcx robots did not turn").
        let mut ground = ColliderBuilder::halfspace(nalgebra::Unit::new_unchecked(V3::Y));
        ground = match realism {
            Realism::Original => ground.friction(*w.env.ground_friction.get_ref()),
            Realism::Rcx => ground
                .friction(*w.env.rcx_ground_friction.get_ref())
                .friction_combine_rule(CoefficientCombineRule::Min),
        };
        let ground = ground.collision_groups(InteractionGroups::new(
            ENV_GROUP,
            Group::ALL,
            InteractionTestMode::And,
        ));
        w.colliders.insert(ground);
        for b in w.env.boxes.clone() {
            let size = *b.size.get_ref();
            let position = *b.position.get_ref();
            let half = [size[0] / 2.0, size[1] / 2.0, size[2] / 2.0];
            let rot = euler(*b.rotation.get_ref());
            w.colliders.insert(
                ColliderBuilder::cuboid(half[0], half[1], half[2])
                    .position(P3::from_parts(v3(position), rot))
                    // A wall grips with its own friction (0.5, plastic or wood), not the
                    // average with a tyre's 10: a wheel pushed against it slides instead of
                    // climbing it.
                    .friction_combine_rule(CoefficientCombineRule::Min)
                    .collision_groups(InteractionGroups::new(
                        ENV_GROUP,
                        Group::ALL,
                        InteractionTestMode::And,
                    )),
            );
            w.statics.push(BodyView {
                name: b.name.clone(),
                position,
                rotation: [rot.x, rot.y, rot.z, rot.w],
                shape: Shape::Box { half },
                colour: colour4(b.colour.get_ref()),
            });
        }
        for (k, (spec, x, z, yaw)) in placed.into_iter().enumerate() {
            let at = P3::from_parts(V3::new(x, 0.0, z), Q::from_rotation_y(yaw.to_radians()));
            let r = w.build_robot(k, at, spec)?;
            w.robots.push(r);
        }
        Ok(w)
    }

    fn build_robot(
        &mut self,
        k: usize,
        at: P3,
        shared: std::sync::Arc<spec::RobotSpec>,
    ) -> Result<Robot, spec::SpecError> {
        // A free ball (caster) becomes a frictionless ball fixed to the body it hangs from: it
        // pushes but never drags, as a ball turning freely does, and its joint is not solved.
        let casters = casters(shared.as_ref());
        let folded;
        let spec = if casters.is_empty() {
            shared.as_ref()
        } else {
            let mut s = shared.as_ref().clone();
            for &(b, j) in &casters {
                s.bodies[b].attach = Some(s.joints[j].body1.clone());
            }
            let drop: Vec<usize> = casters.iter().map(|c| c.1).collect();
            let mut k = 0;
            s.joints.retain(|_| {
                k += 1;
                !drop.contains(&(k - 1))
            });
            folded = s;
            &folded
        };
        // Each robot has its own group bit: it collides with the environment and other
        // robots, never with itself (the brick never needs to touch its own wheels).
        let own = Group::from_bits_truncate(1u32 << (1 + k % 31));
        let groups = InteractionGroups::new(own, Group::ALL ^ own, InteractionTestMode::And);
        let mut handles: Vec<(String, RigidBodyHandle, V3)> = Vec::new();
        let mut parts = Vec::new();
        let mut colliders: Vec<(String, ColliderHandle)> = Vec::new();
        // The spec's checks guarantee every name below; this only guards the builder.
        let missing = |name: &str| spec::SpecError {
            file: spec.file.clone(),
            line: 0,
            message: format!("no body named \"{name}\""),
        };
        for b in spec.bodies.iter().filter(|b| b.attach.is_none()) {
            let pos = v3(*b.position.get_ref());
            let rot = euler(*b.rotation.get_ref());
            let body = RigidBodyBuilder::dynamic()
                .pose(at * P3::from_parts(pos, rot))
                .can_sleep(false)
                .build();
            let h = self.bodies.insert(body);
            handles.push((b.name.get_ref().clone(), h, pos));
        }
        for b in &spec.bodies {
            let (builder, shape, local_rot) = shape_of(b);
            let pos = v3(*b.position.get_ref());
            let rot = euler(*b.rotation.get_ref());
            let (h, local) = match &b.attach {
                None => {
                    let h = handles
                        .iter()
                        .find(|x| x.0 == *b.name.get_ref())
                        .map(|x| x.1)
                        .ok_or_else(|| missing(b.name.get_ref()))?;
                    (h, P3::from_parts(V3::ZERO, Q::IDENTITY))
                }
                Some(a) => {
                    let (_, h, ppos) = handles
                        .iter()
                        .find(|x| x.0 == *a.get_ref())
                        .cloned()
                        .ok_or_else(|| missing(a.get_ref()))?;
                    (h, P3::from_parts(pos - ppos, rot))
                }
            };
            let mut builder = builder
                .position(local * P3::from_rotation(local_rot))
                .collision_groups(groups)
                .friction(b.friction.as_ref().map_or(0.5, |f| *f.get_ref()));
            builder = match (&b.mass, &b.density, &b.attach) {
                (Some(m), _, _) => builder.mass(*m.get_ref()),
                (None, Some(d), _) => builder.density(*d.get_ref()),
                // Attached shapes without a mass add nothing to the body's inertia.
                (None, None, _) => builder.density(0.0),
            };
            if casters.iter().any(|c| spec.bodies[c.0].name == b.name) {
                builder = builder
                    .friction(0.0)
                    .friction_combine_rule(CoefficientCombineRule::Min);
            }
            if !b.collider {
                builder = builder
                    .sensor(true)
                    .collision_groups(InteractionGroups::none());
            }
            let ch = self
                .colliders
                .insert_with_parent(builder, h, &mut self.bodies);
            colliders.push((b.name.get_ref().clone(), ch));
            parts.push(Part {
                name: b.name.get_ref().clone(),
                body: h,
                local: local * P3::from_rotation(local_rot),
                shape,
                colour: colour4(b.colour.get_ref()),
            });
        }
        // Bodies with draw-only shapes keep their draw rotation in `local`; the collider is
        // placed identically so the picture matches the physics.
        let body_of = |n: &str| handles.iter().find(|x| x.0 == n).map(|x| (x.1, x.2));
        let mut motors = Vec::new();
        let mut joint_handles = Vec::new();
        for j in &spec.joints {
            let (b1, p1) = body_of(j.body1.get_ref()).ok_or_else(|| missing(j.body1.get_ref()))?;
            let (b2, p2) = body_of(j.body2.get_ref()).ok_or_else(|| missing(j.body2.get_ref()))?;
            let anchor = v3(*j.anchor.get_ref());
            let h = if j.kind == spec::JointKind::Spherical {
                let joint = SphericalJointBuilder::new()
                    .local_anchor1(anchor - p1)
                    .local_anchor2(anchor - p2)
                    .contacts_enabled(false);
                self.joints.insert(b1, b2, joint, true)
            } else {
                let mut joint =
                    RevoluteJointBuilder::new(v3(*j.axis.get_ref()).normalize_or_zero())
                        .local_anchor1(anchor - p1)
                        .local_anchor2(anchor - p2)
                        .contacts_enabled(false);
                if j.output.is_some() {
                    joint = self.motor_setup(spec, joint);
                }
                self.joints.insert(b1, b2, joint, true)
            };
            joint_handles.push((j.name.get_ref().clone(), h));
            if let Some(o) = j.output {
                motors.push(Motor {
                    joint: h,
                    output: o.index(),
                    reverse: j.reverse,
                });
            }
        }
        let rcx = self.realism == Realism::Rcx;
        let blank = Sensor {
            kind: SensorKind::None,
            black: 30.0,
            white: 55.0,
            spot: 0.008,
            noise: 0.0,
            angle: 0.0,
            last: 0.0,
        };
        let mut sensors = [blank.clone(), blank.clone(), blank];
        for s in &spec.sensors {
            let port = (*s.port.get_ref()).clamp(1, 3) as usize - 1;
            let kind = match *s.kind.get_ref() {
                spec::SensorKind::Touch => {
                    let n = s
                        .body
                        .as_ref()
                        .map(|b| b.get_ref().clone())
                        .unwrap_or_default();
                    let c = colliders
                        .iter()
                        .find(|x| x.0 == n)
                        .map(|x| x.1)
                        .ok_or_else(|| missing(&n))?;
                    SensorKind::Touch(c)
                }
                spec::SensorKind::Light => {
                    let n = s
                        .body
                        .as_ref()
                        .map(|b| b.get_ref().clone())
                        .unwrap_or_default();
                    let (body, p) = body_of(&n).ok_or_else(|| missing(&n))?;
                    let _ = p;
                    SensorKind::Light {
                        body,
                        offset: v3(*s.offset.get_ref()),
                    }
                }
                spec::SensorKind::Rotation => {
                    let n = s
                        .joint
                        .as_ref()
                        .map(|b| b.get_ref().clone())
                        .unwrap_or_default();
                    let joint = joint_handles
                        .iter()
                        .find(|x| x.0 == n)
                        .map(|x| x.1)
                        .ok_or_else(|| missing(&n))?;
                    SensorKind::Rotation { joint }
                }
            };
            sensors[port] = Sensor {
                kind,
                black: *if rcx { &s.rcx_black } else { &s.black }.get_ref(),
                white: *if rcx { &s.rcx_white } else { &s.white }.get_ref(),
                spot: *s.spot_radius.get_ref(),
                noise: *s.noise.get_ref(),
                angle: 0.0,
                last: 0.0,
            };
        }
        let brick = body_of(spec.brick.get_ref())
            .map(|x| x.0)
            .ok_or_else(|| missing(spec.brick.get_ref()))?;
        Ok(Robot {
            spec: shared.clone(),
            outputs: Default::default(),
            brick,
            parts,
            motors,
            sensors,
        })
    }

    /// Motor model settings for a driven hinge.
    fn motor_setup(
        &self,
        robot: &spec::RobotSpec,
        joint: RevoluteJointBuilder,
    ) -> RevoluteJointBuilder {
        if self.realism == Realism::Rcx {
            // Set every step by `drive_rcx`; a fresh motor floats.
            return joint
                .motor_model(MotorModel::ForceBased)
                .motor_velocity(0.0, 0.0)
                .motor_max_force(0.0);
        }
        let (_, factor, max) = World::motor_law(robot, 0.0);
        let model = if robot.motor.model == spec::MotorModel::Dc {
            MotorModel::ForceBased
        } else {
            MotorModel::AccelerationBased
        };
        joint
            .motor_model(model)
            .motor_velocity(0.0, factor)
            .motor_max_force(max)
    }

    /// (target rad/s, factor, max torque N·m) for a no-load speed `omega`.
    ///
    /// The DC model τ = Ks·(V − Ks·ω)/Ra − Tc − B·ω is linear in ω, so it is exactly a
    /// force-based velocity motor with damping Ks²/Ra + B towards the speed where τ = 0, limited
    /// to the stall torque (an explicit torque at 1 kHz is unstable, stack-notes).
    fn motor_law(robot: &spec::RobotSpec, omega: f32) -> (f32, f32, f32) {
        let m = &robot.motor;
        if m.model == spec::MotorModel::Dc {
            let (ks, ra) = (*m.ks.get_ref(), *m.ra.get_ref());
            let damping = ks * ks / ra + *m.b.get_ref();
            // The `dc` model belongs to `--realism original` (rcx drives its own motors).
            let battery = m.battery(Realism::Original);
            let stall = (ks * battery / ra - *m.tc.get_ref()).max(0.0);
            (omega, damping, stall)
        } else {
            (omega, MOTOR_FACTOR, *m.max_torque.get_ref())
        }
    }

    /// ROBOLAB power level 1–5 for an output: percent p → round(p/20) clamped to 1–5 (so
    /// 20/40/60/80/100 % → 1–5, 1–29 % → 1); standard power 0–7 → 0–1→1, 2–3→2, 4–5→3, 6→4,
    /// 7→5 (ROBOLAB's "7" behaves as level 5). None = percent 0 (motor holds still).
    pub fn power_level(o: &OutputState) -> Option<usize> {
        match o.percent {
            Some(0) => None,
            Some(p) => Some(((p as usize + 10) / 20).clamp(1, 5)),
            None => Some([1, 1, 2, 2, 3, 3, 4, 5][(o.power as usize).min(7)]),
        }
    }

    /// Sets what the motors do from the VM's effective outputs (the tick's actuator step).
    /// In `Realism::Rcx` the outputs are only stored: [`World::step`] drives the motors.
    pub fn set_outputs(&mut self, outputs: &[OutputState; 3]) {
        if self.outputs == *outputs {
            return;
        }
        self.outputs = *outputs;
        for r in 0..self.robots.len() {
            self.robots[r].outputs = *outputs;
            if self.realism != Realism::Rcx {
                self.apply_outputs(r);
            }
        }
    }

    /// As [`World::set_outputs`] for robot `r` of a scene alone (its own RCX's outputs).
    pub fn set_outputs_of(&mut self, r: usize, outputs: &[OutputState; 3]) {
        let Some(robot) = self.robots.get_mut(r) else {
            return;
        };
        if robot.outputs == *outputs {
            return;
        }
        robot.outputs = *outputs;
        if r == 0 {
            self.outputs = *outputs;
        }
        if self.realism != Realism::Rcx {
            self.apply_outputs(r);
        }
    }

    /// Sets robot `r`'s velocity motors from its outputs (`Realism::Original`).
    fn apply_outputs(&mut self, r: usize) {
        let spec = self.robots[r].spec.clone();
        for m in 0..self.robots[r].motors.len() {
            let motor = self.robots[r].motors[m].clone();
            let o = self.robots[r].outputs[motor.output];
            let (target, factor, max) = match o.mode {
                OutputMode::Float => (0.0, 0.0, 0.0),
                OutputMode::Off => World::motor_law(&spec, 0.0),
                OutputMode::On => {
                    let omega = match World::power_level(&o) {
                        Some(l) => spec.motor.curve.get_ref()[l - 1],
                        None => 0.0,
                    };
                    // Forward (+X) is a negative spin about +Z.
                    let sign = if o.forward != motor.reverse {
                        -1.0
                    } else {
                        1.0
                    };
                    let (t, f, mx) = World::motor_law(&spec, omega);
                    (sign * t, f, mx)
                }
            };
            if let Some(j) = self.joints.get_mut(motor.joint, true) {
                j.data.set_motor_velocity(JointAxis::AngX, target, factor);
                j.data.set_motor_max_force(JointAxis::AngX, max);
            }
        }
    }

    /// `Realism::Rcx`: sets each driven hinge's velocity row for this 1 ms step from its
    /// output's mode, the PWM phase and the hinge's speed now (see [`rcx_motor_row`]).
    fn drive_rcx(&mut self) {
        for robot in &self.robots {
            let m = &robot.spec.motor;
            for motor in &robot.motors {
                let o = robot.outputs[motor.output];
                let Some(j) = self.joints.get(motor.joint) else {
                    continue;
                };
                let (Some(b1), Some(b2)) = (self.bodies.get(j.body1()), self.bodies.get(j.body2()))
                else {
                    continue;
                };
                let axis = *b1.rotation() * j.data.local_axis1();
                let speed = (b2.angvel() - b1.angvel()).dot(axis);
                // Forward (+X) is a negative spin about the hinge axis.
                let sign = if o.forward != motor.reverse {
                    -1.0
                } else {
                    1.0
                };
                let on = o.mode == OutputMode::On && motor::pwm_on(o.power, self.steps);
                let volts = m.rcx_volts(Realism::Rcx);
                let (drive, damping) =
                    motor::rcx_drive(m, volts, on, o.mode == OutputMode::Off, sign);
                let row = rcx_motor_row(drive, damping, *m.rcx_friction.get_ref(), speed);
                if let Some(j) = self.joints.get_mut(motor.joint, true) {
                    j.data.set_motor_velocity(JointAxis::AngX, row.0, row.1);
                    j.data.set_motor_max_force(JointAxis::AngX, row.2);
                }
            }
        }
    }

    /// One fixed 1 ms physics step.
    pub fn step(&mut self) {
        if self.realism == Realism::Rcx {
            self.drive_rcx();
        }
        self.steps += 1;
        self.pipeline.0.step(
            V3::new(0.0, -9.81, 0.0),
            &self.params,
            &mut self.islands,
            &mut self.broad,
            &mut self.narrow,
            &mut self.bodies,
            &mut self.colliders,
            &mut self.joints,
            &mut self.multibody,
            &mut self.soft,
            &mut self.ccd,
            &(),
            &(),
        );
        // Unwrap rotation sensors' hinge angles.
        for r in &mut self.robots {
            for s in &mut r.sensors {
                if let SensorKind::Rotation { joint } = s.kind {
                    if let Some(j) = self.joints.get(joint) {
                        let (Some(b1), Some(b2)) =
                            (self.bodies.get(j.body1()), self.bodies.get(j.body2()))
                        else {
                            continue;
                        };
                        let rel = b1.rotation().inverse() * *b2.rotation();
                        let axis = j.data.local_axis1();
                        // Twist of the relative rotation about the hinge axis, in (−2π, 2π].
                        let twist = 2.0 * V3::new(rel.x, rel.y, rel.z).dot(axis).atan2(rel.w);
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
                }
            }
        }
    }

    /// Picks up the (first) robot and puts it down at `pose` (x, z, yaw; y is kept from the
    /// build so the wheels rest on the ground), at rest. For the app's "move the robot".
    pub fn place_robot(&mut self, pose: Pose) {
        self.place_robot_of(0, pose);
    }

    /// As [`World::place_robot`] for robot `r` of a scene.
    pub fn place_robot_of(&mut self, r: usize, pose: Pose) {
        // Only a damaged recording can ask for a pose that is not a number; it is ignored.
        let limit = spec::limits::ENV_LENGTH_M as f64;
        if !(pose.x.abs() <= limit && pose.z.abs() <= limit && pose.yaw_deg.is_finite()) {
            return;
        }
        let Some(robot) = self.robots.get(r) else {
            return;
        };
        let Some(brick) = self.bodies.get(robot.brick) else {
            return;
        };
        let old = *brick.position();
        let at = P3::from_parts(
            V3::new(pose.x as f32, 0.0, pose.z as f32),
            Q::from_rotation_y((pose.yaw_deg as f32).to_radians()),
        );
        // The brick's build height above the ground stays as it is now.
        let rest = World::brick_rest(&robot.spec);
        let lift = V3::new(0.0, old.translation.y - rest.translation.y, 0.0);
        let delta = P3::from_translation(lift) * at * rest * old.inverse();
        let handles: Vec<RigidBodyHandle> = {
            // Each body once (attached shapes share their parent's body).
            let mut v: Vec<RigidBodyHandle> = Vec::new();
            for p in &robot.parts {
                if !v.contains(&p.body) {
                    v.push(p.body);
                }
            }
            v
        };
        for h in handles {
            if let Some(b) = self.bodies.get_mut(h) {
                let p = delta * *b.position();
                b.set_position(p, true);
                b.set_linvel(V3::ZERO, true);
                b.set_angvel(V3::ZERO, true);
            }
        }
    }

    /// The brick's pose in the robot frame at build time.
    fn brick_rest(robot: &spec::RobotSpec) -> P3 {
        robot
            .bodies
            .iter()
            .find(|b| b.name.get_ref() == robot.brick.get_ref())
            .map(|b| P3::from_parts(v3(*b.position.get_ref()), euler(*b.rotation.get_ref())))
            .unwrap_or(P3::IDENTITY)
    }

    /// Adds a fixed box (full `size`, centre, yaw in degrees) to the environment — e.g. an
    /// obstacle dropped on the floor. Returns its id for [`World::remove_box`]. A box outside
    /// the environment file's limits (`spec::limits`: size 0.0001–1000 m, centre within
    /// ±1000 m, finite yaw) — only a damaged recording can ask for one — is not added; its id
    /// is used all the same, so later ids stay as recorded.
    pub fn add_box(&mut self, name: &str, size: [f32; 3], centre: [f32; 3], yaw_deg: f32) -> usize {
        use spec::limits::{ENV_LENGTH_M, MIN_SIZE_M};
        let sane = size.iter().all(|v| (MIN_SIZE_M..=ENV_LENGTH_M).contains(v))
            && centre
                .iter()
                .all(|v| (-ENV_LENGTH_M..=ENV_LENGTH_M).contains(v))
            && yaw_deg.is_finite();
        if !sane {
            self.added.push(None);
            self.added_views.push(usize::MAX);
            return self.added.len() - 1;
        }
        let half = [size[0] / 2.0, size[1] / 2.0, size[2] / 2.0];
        let rot = Q::from_rotation_y(yaw_deg.to_radians());
        let h = self.colliders.insert(
            ColliderBuilder::cuboid(half[0], half[1], half[2])
                .position(P3::from_parts(v3(centre), rot))
                // As the environment's walls: its own friction, not a tyre's.
                .friction_combine_rule(CoefficientCombineRule::Min)
                .collision_groups(InteractionGroups::new(
                    ENV_GROUP,
                    Group::ALL,
                    InteractionTestMode::And,
                )),
        );
        self.added.push(Some(h));
        self.statics.push(BodyView {
            name: name.to_string(),
            position: centre,
            rotation: [rot.x, rot.y, rot.z, rot.w],
            shape: Shape::Box { half },
            colour: [0.8, 0.3, 0.2, 1.0],
        });
        self.added_views.push(self.statics.len() - 1);
        self.added.len() - 1
    }

    /// The id of the last box added with [`World::add_box`] under `name` that is still
    /// there (for a frontend that names its boxes), or None.
    pub fn added_box_id(&self, name: &str) -> Option<usize> {
        (0..self.added.len()).rev().find(|&id| {
            self.added[id].is_some()
                && self
                    .statics
                    .get(self.added_views[id])
                    .is_some_and(|v| v.name == name)
        })
    }

    /// Removes a box added with [`World::add_box`]; false if there is no such box.
    pub fn remove_box(&mut self, id: usize) -> bool {
        let Some(Some(h)) = self.added.get(id).copied() else {
            return false;
        };
        self.colliders
            .remove(h, &mut self.islands, &mut self.bodies, &mut self.soft, true);
        self.added[id] = None;
        let view = self.added_views[id];
        self.statics[view].name.clear();
        self.statics[view].shape = Shape::Box { half: [0.0; 3] };
        true
    }

    /// The RCX brick's pose.
    pub fn brick_pose(&self) -> Pose {
        self.brick_pose_of(0)
    }

    /// How many robots the world holds.
    pub fn robot_count(&self) -> usize {
        self.robots.len()
    }

    /// Robot `r`'s file name (M1…, or the file stem); "" past the last robot.
    pub fn robot_name_of(&self, r: usize) -> &str {
        self.robots.get(r).map_or("", |x| x.spec.name.as_str())
    }

    /// Robot `r`'s RCX brick pose (the origin past the last robot).
    pub fn brick_pose_of(&self, r: usize) -> Pose {
        let Some(b) = self.robots.get(r).and_then(|r| self.bodies.get(r.brick)) else {
            return Pose::default();
        };
        let t = b.translation();
        let fwd = *b.rotation() * V3::X;
        let mut yaw = (-fwd.z as f64).atan2(fwd.x as f64).to_degrees();
        if yaw <= -180.0 {
            yaw += 360.0;
        }
        Pose {
            x: t.x as f64,
            y: t.y as f64,
            z: t.z as f64,
            yaw_deg: yaw,
        }
    }

    /// The robot's bodies for drawing.
    pub fn bodies(&self) -> Vec<BodyView> {
        let mut out = Vec::new();
        for r in &self.robots {
            for p in &r.parts {
                let Some(b) = self.bodies.get(p.body) else {
                    continue;
                };
                let pose = *b.position() * p.local;
                let q = pose.rotation;
                out.push(BodyView {
                    name: p.name.clone(),
                    position: [pose.translation.x, pose.translation.y, pose.translation.z],
                    rotation: [q.x, q.y, q.z, q.w],
                    shape: p.shape,
                    colour: p.colour,
                });
            }
        }
        out
    }

    /// Whether any part of robot `r` touches a wall or a box now (the environment's or one
    /// put down; not the floor, mats lower than 1 cm, or another robot).
    pub fn touches_wall_of(&self, r: usize) -> bool {
        let Some(robot) = self.robots.get(r) else {
            return false;
        };
        let is_wall = |c: ColliderHandle| {
            self.colliders.get(c).is_some_and(|col| {
                col.collision_groups().memberships == ENV_GROUP
                    && col.shape().as_halfspace().is_none()
                    && col.compute_aabb().maxs.y >= 0.01
            })
        };
        robot
            .parts
            .iter()
            .filter_map(|p| self.bodies.get(p.body))
            .flat_map(|b| b.colliders())
            .any(|&c| {
                self.narrow.contact_pairs_with(c).any(|pair| {
                    let other = if pair.collider1 == c {
                        pair.collider2
                    } else {
                        pair.collider1
                    };
                    pair.has_any_active_contact() && is_wall(other)
                })
            })
    }

    /// Where robot `r`'s first light sensor (lowest port) looks at the floor now: x, z in m.
    pub fn light_spot_of(&self, r: usize) -> Option<(f32, f32)> {
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

    /// The environment's static boxes for drawing (removed boxes are left out).
    pub fn statics(&self) -> Vec<BodyView> {
        self.statics
            .iter()
            .filter(|b| b.shape != Shape::Box { half: [0.0; 3] })
            .cloned()
            .collect()
    }

    /// The floor.
    pub fn floor(&self) -> FloorView {
        let f = self.env.floor.as_ref();
        FloorView {
            image: f.and_then(|f| f.resolved.clone()),
            rect: f.map_or([-2.0, -2.0, 2.0, 2.0], |f| *f.rect.get_ref()),
            colour: colour4(self.env.ground_colour.get_ref()),
        }
    }

    /// The floor picture's bytes (PNG) if it has one — for an embedded environment whose
    /// `floor().image` path is None.
    pub fn floor_png(&self) -> Option<Vec<u8>> {
        let f = self.env.floor.as_ref()?;
        match &f.resolved {
            Some(p) => std::fs::read(p).ok(),
            None => Some(spec::E3_FLOOR_PNG.to_vec()),
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

    /// Deterministic Gaussian sample (xorshift64* + Box–Muller).
    fn gauss(&mut self) -> f32 {
        let mut next = || {
            self.rng ^= self.rng >> 12;
            self.rng ^= self.rng << 25;
            self.rng ^= self.rng >> 27;
            let v = self.rng.wrapping_mul(0x2545_f491_4f6c_dd1d);
            ((v >> 11) as f64 + 0.5) / (1u64 << 53) as f64
        };
        let (u1, u2) = (next(), next());
        ((-2.0 * u1.ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos()) as f32
    }
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

#[cfg(test)]
mod tests {
    use super::Texture;

    fn texture(w: usize, h: usize, rect: [f32; 4], grey: impl Fn(usize, usize) -> u8) -> Texture {
        let mut g = Vec::with_capacity(w * h);
        for j in 0..h {
            for i in 0..w {
                g.push(grey(i, j));
            }
        }
        let total = g.iter().map(|v| (*v as f32 / 255.0) as f64).sum();
        Texture {
            w,
            h,
            grey: std::sync::Arc::new(g),
            rect,
            total,
            rows: Default::default(),
        }
    }

    #[test]
    fn a_spot_a_million_metres_wide_is_sampled_from_the_picture_not_texel_by_texel() {
        // Before, this looped over ~10^18 texels. Now the whole black picture counts once and
        // the rest of the disc is white floor.
        let t = texture(960, 960, [-1.2, -1.2, 1.2, 1.2], |_, _| 0);
        let m = t.mean(0.0, 0.0, 1.0e6);
        assert!(m.is_finite() && m > 0.999 && m <= 1.0, "{m}");
        // A disc just holding the 2 × 2 m black picture: 16 black texels of 0.25 m² in a
        // disc of π·1.5² m² → the rest (≈ 12.3 texels' worth) is white.
        let t = texture(4, 4, [-1.0, -1.0, 1.0, 1.0], |_, _| 0);
        let m = t.mean_large(0.0, 0.0, 1.5, 0.5, 0.5);
        let disc = std::f32::consts::PI * 2.25 / 0.25;
        assert!((m - (disc - 16.0) / disc).abs() < 1e-4, "{m}");
    }

    #[test]
    fn a_floor_rectangle_of_zero_or_a_billionth_of_a_metre_is_sampled_without_a_hang() {
        let zero = texture(960, 960, [0.0, 0.0, 0.0, 0.0], |_, _| 0);
        assert_eq!(zero.mean(0.0, 0.0, 0.008), 1.0);
        let tiny = texture(960, 960, [0.0, 0.0, 1e-9, 1e-9], |_, _| 0);
        let m = tiny.mean(0.0, 0.0, 0.008);
        assert!(m.is_finite() && m > 0.999, "{m}");
    }

    #[test]
    fn the_bounded_path_agrees_with_texel_by_texel_averaging() {
        let t = texture(64, 64, [-1.0, -1.0, 1.0, 1.0], |i, j| {
            if (i / 8 + j / 8) % 2 == 0 {
                0
            } else {
                255
            }
        });
        for (x, z, r) in [(0.1, -0.2, 0.3), (0.9, 0.9, 0.4), (-0.5, 0.3, 0.2)] {
            let (du, dv) = (2.0 / 64.0, 2.0 / 64.0);
            let exact = t.mean(x, z, r);
            let bounded = t.mean_large(x, z, r, du, dv);
            assert!(
                (exact - bounded).abs() < 0.03,
                "{x},{z},{r}: {exact} vs {bounded}"
            );
        }
    }
}

#[cfg(test)]
mod input_tests {
    use super::spec::{EnvSpec, RobotSpec};
    use super::{Pose, World};

    fn world() -> World {
        World::new(
            RobotSpec::load("M1").unwrap(),
            EnvSpec::load("E1").unwrap(),
            0,
        )
        .unwrap()
    }

    #[test]
    fn a_box_of_1e20_metres_from_a_damaged_recording_is_not_added_and_nothing_panics() {
        let mut w = world();
        let statics = w.statics().len();
        let bad = w.add_box("huge", [1.0e20, 0.2, 0.03], [0.0, 0.1, 0.0], 0.0);
        let nan = w.add_box("nan", [0.1, 0.1, 0.1], [f32::NAN, 0.0, 0.0], 0.0);
        let good = w.add_box("ok", [0.1, 0.1, 0.1], [1.0, 0.05, 0.0], 0.0);
        assert_eq!((bad, nan, good), (0, 1, 2));
        assert_eq!(w.statics().len(), statics + 1);
        for _ in 0..10 {
            w.step();
        }
        assert!(!w.remove_box(bad));
        assert!(w.remove_box(good));
        assert_eq!(w.statics().len(), statics);
    }

    #[test]
    fn placing_the_robot_at_a_nan_pose_is_ignored() {
        let mut w = world();
        let before = w.brick_pose();
        w.place_robot(Pose {
            x: f64::NAN,
            y: 0.0,
            z: 0.0,
            yaw_deg: 0.0,
        });
        assert_eq!(w.brick_pose(), before);
    }
}

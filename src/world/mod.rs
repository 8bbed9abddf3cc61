//! The physical world: rapier3d bodies for a robot (from `robots/*.toml`) in an environment
//! (from `environments/*.toml`), the motors that drive its hinges and the touch, light and
//! rotation sensors that read it. Never reads a clock or touches the GUI, sockets or threads;
//! time advances only through [`World::step`] (one fixed 1 ms step).
//!
//! Robots are reached by their index, robot 0 like any other: no robot is "the" robot.
//!
//! CONTRACT (add, don't rename): `spec::{RobotSpec, EnvSpec, SpecError}`,
//! `World::{new, set_outputs, step, brick, brick_pose, bodies, statics, floor, robot_name,
//! env_name}`, `Pose`, `BodyView`, `Shape`, `FloorView`.

pub mod battery;
pub mod model;
pub mod motor;
pub mod spec;

mod alone;
mod build;
mod edits;
mod floor;
mod grips;
mod profile;
mod sensors;
mod view;
mod wheels;

pub use alone::Standing;
pub use motor::{rcx_motor_row, PWM_PERIOD_MS};
pub use profile::{RapierStages, StepPhase};
pub use sensors::RobotBrick;
pub use view::{BodyView, FloorView, Pose, Shape};

use floor::{load_texture, Texture};
use sensors::Sensor;
use view::{colour4, euler, v3};

use crate::vm::{OutputMode, OutputState, Realism};
use rapier3d::prelude::*;

type V3 = rapier3d::math::Vector;
type Q = rapier3d::math::Rotation;
type P3 = rapier3d::math::Pose;

/// Fixed physics step, seconds (the original found 1 ms gives ~1 % error, 10 ms too much).
pub const DT: f32 = 0.001;
/// Gravity along y, m/s² (rapier's step and ours, `alone.rs`).
pub(super) const GRAVITY: f32 = -9.81;
/// Velocity-motor stiffness: large so the wheel follows the target within the torque limit
/// (stack-notes: factor 1e6 with max torque 0.05–0.15 N·m reproduced the original's table).
const MOTOR_FACTOR: f32 = 1.0e6;
/// Contact natural frequency, Hz: the default 30/60 Hz lets wheels sink and costs ~0.3 % speed.
const CONTACT_HZ: f32 = 500.0;

#[derive(Clone, Debug)]
struct Part {
    name: String,
    body: RigidBodyHandle,
    local: P3,
    shape: Shape,
    colour: [f32; 4],
    /// A wheel of our own (its index in `World::wheels`): drawn turned by its angle.
    spin: Option<usize>,
}

impl Part {
    /// Body file `b`'s part, drawn at `local` on body `body`.
    fn of(
        b: &spec::BodySpec,
        body: RigidBodyHandle,
        local: P3,
        shape: Shape,
        spin: Option<usize>,
    ) -> Part {
        Part {
            name: b.name.get_ref().clone(),
            body,
            local,
            shape,
            colour: colour4(b.colour.get_ref()),
            spin,
        }
    }
}

/// What a motor drives: a rapier joint's motor, or a wheel of our own's spin.
#[derive(Clone, Copy, Debug)]
enum Drive {
    Joint(ImpulseJointHandle),
    Wheel(usize),
}

#[derive(Clone, Debug)]
struct Motor {
    drive: Drive,
    output: usize,
    reverse: bool,
}

#[derive(Clone, Debug)]
struct Robot {
    /// The robot's file (scenes may mix models).
    spec: std::sync::Arc<spec::RobotSpec>,
    /// The outputs its motors follow (see [`World::set_outputs`]).
    outputs: [OutputState; 3],
    brick: RigidBodyHandle,
    parts: Vec<Part>,
    motors: Vec<Motor>,
    sensors: [Sensor; 3],
    /// How it stands alone on the floor, if it can (`alone.rs`).
    footing: Option<alone::Footing>,
}

/// Robots in an environment (robot `k` reached by its index everywhere).
#[derive(Clone)]
pub struct World {
    env: spec::EnvSpec,
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
    /// The environment's walls and boxes (a robot touching one touches a wall).
    walls: Vec<ColliderHandle>,
    /// Boxes added at run time (None once removed) and their index in `statics`.
    added: Vec<Option<ColliderHandle>>,
    added_views: Vec<usize>,
    /// `--realism`: `Rcx` drives the hinges as PWM-fed DC motors and reads the sensors as a
    /// real brick's (see [`World::new`]).
    realism: Realism,
    /// Physics steps since the world was built (the PWM phase in `Realism::Rcx`).
    steps: u64,
    /// Wheels of our own (`wheels.rs`), all robots', and their carriers' compounds.
    wheels: Vec<wheels::Wheel>,
    hubs: Vec<wheels::Hub>,
    scratch: wheels::Scratch,
    /// The ground's half-space (what a wheel on the floor grips, `grips.rs`).
    ground: ColliderHandle,
    /// Whether the step before was ours (every robot alone, `alone.rs`), and the floor's
    /// impulses on the feet then.
    last_alone: bool,
    floor_contacts: Vec<alone::FloorContact>,
    /// rapier steps the world every step (see [`World::set_rapier_only`]).
    rapier_only: bool,
}

/// rapier's pipeline is workspace only (not Clone); a clone starts with a fresh one, which
/// rapier documents as giving the same results.
struct Pipeline(PhysicsPipeline);
impl Clone for Pipeline {
    fn clone(&self) -> Self {
        Pipeline(PhysicsPipeline::new())
    }
}

const ENV_GROUP: Group = Group::GROUP_1;
/// The ground as a half-space (robots' own bits are 2–30): what rests on it meets it here —
/// wheels through their hub's hull (`wheels.rs`) or compound, and free balls (casters).
pub(super) const GROUND_GROUP: Group = Group::GROUP_32;
/// The ground again, as a slab whose top is the half-space's plane, for the parts on a
/// robot's brick's own body (the brick, bumpers and sensors fixed to it; the parts of its
/// other rigid bodies — a wheel rapier solves as a hinge, an arm — meet the half-space). A half-space's bounding box is unbounded, so the
/// broad phase paired every part of every robot with it, and the narrow phase computed a
/// manifold for the brick 25 mm above the floor every step, found nothing, and did it again
/// (a sixth of the M4's step, BENCHMARKS.md, issue 42). The slab's box ends at the floor: a
/// part is paired with it only once it comes within the contact margin of the floor (a robot
/// tipping over), and then meets the same plane. Neither touches the environment's walls
/// (fixed things never meet).
const SLAB_GROUP: Group = Group::GROUP_31;
/// The slab's half width, m: far beyond any environment (the half-space stays unbounded for
/// wheels and casters).
const SLAB_HALF: f32 = 1000.0;
/// Every robot's own bit (robot `k` has bit `1 + k % 29`, `build.rs`).
const ROBOT_GROUPS: Group = Group::from_bits_truncate(
    Group::ALL.bits() & !(ENV_GROUP.bits() | GROUND_GROUP.bits() | SLAB_GROUP.bits()),
);

/// The ground: the half-space y ≤ 0 (cheaper capsule contacts than a big slab) and its slab
/// (see `SLAB_GROUP`). `rcx`: a real floor's friction with rubber, and a contact with the
/// floor takes the smaller of the two frictions (docs/realism.md "Why rcx robots did not
/// turn").
fn ground(env: &spec::EnvSpec, realism: Realism) -> (ColliderBuilder, ColliderBuilder) {
    let mut ground = ColliderBuilder::halfspace(nalgebra::Unit::new_unchecked(V3::Y));
    ground = match realism {
        Realism::Original => ground.friction(*env.ground_friction.get_ref()),
        Realism::Rcx => ground
            .friction(*env.rcx_ground_friction.get_ref())
            .friction_combine_rule(CoefficientCombineRule::Min),
    };
    let slab = ColliderBuilder::cuboid(SLAB_HALF, 1.0, SLAB_HALF)
        .translation(V3::new(0.0, -1.0, 0.0))
        .friction(ground.friction)
        .friction_combine_rule(ground.friction_combine_rule)
        .collision_groups(InteractionGroups::new(
            SLAB_GROUP,
            ROBOT_GROUPS,
            InteractionTestMode::And,
        ));
    let ground = ground.collision_groups(InteractionGroups::new(
        GROUND_GROUP,
        Group::ALL ^ SLAB_GROUP,
        InteractionTestMode::And,
    ));
    (ground, slab)
}

impl World {
    /// THE world: the environment and its robots, robot `k` of the world built from
    /// `robots[k]` (its file, and its start pose: x, z in m, yaw in degrees, the
    /// environment's `[start]` convention), each with its own collision group, outputs and
    /// sensors. `seed` drives the sensors' noise. `realism`: `Original` is the 2007
    /// simulator — velocity motors on the calibrated curve, the robot file's light
    /// calibration, touch pressed = raw 100. `Rcx`: every driven hinge is a DC motor (the
    /// `[motor]` table's `rcx_*` constants) fed by the output's PWM each 1 ms step — on at
    /// `battery_v − rcx_drop` for power + 1 of every 8 ms, floating otherwise; float coasts
    /// against the motor's friction; brake shorts the winding (drag ∝ speed, no holding
    /// torque beyond friction). The floor grips with `rcx_ground_friction` (rubber) instead
    /// of `ground_friction`. Light sensors read `rcx_black`/`rcx_white`; touch pressed reads
    /// raw ≈ 50. A world without robots is refused.
    pub fn new(
        env: spec::EnvSpec,
        robots: Vec<(spec::RobotSpec, (f32, f32, f32))>,
        seed: u64,
        realism: Realism,
    ) -> Result<World, spec::SpecError> {
        if robots.is_empty() {
            return Err(spec::SpecError {
                file: env.name.clone(),
                line: 0,
                message: "no robots: a world needs at least one".into(),
            });
        }
        let mut params = IntegrationParameters {
            dt: DT,
            // One substep of 1 ms, one sweep (biased; rapier then solves friction in it). The
            // wheels' grip and motors are ours (wheels.rs), so rapier solves only contacts'
            // normals and any other hinge: two more (unbiased) sweeps changed no table and cost
            // 6 % of a step (BENCHMARKS.md, issue 24). Walls grip as plastic does and casters
            // are frictionless, so a stalled robot stays on its wheels (test
            // `stalled_three_wheeler_against_a_wall_stays_on_its_wheels`).
            num_solver_iterations: 1,
            num_internal_stabilization_iterations: 0,
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
            env,
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
            walls: Vec::new(),
            added: Vec::new(),
            added_views: Vec::new(),
            realism,
            steps: 0,
            wheels: Vec::new(),
            hubs: Vec::new(),
            scratch: wheels::Scratch::default(),
            ground: ColliderHandle::invalid(),
            last_alone: false,
            floor_contacts: Vec::new(),
            rapier_only: false,
        };
        let (ground, slab) = ground(&w.env, realism);
        w.ground = w.colliders.insert(ground);
        for b in w.env.boxes.clone() {
            let size = *b.size.get_ref();
            let position = *b.position.get_ref();
            let half = [size[0] / 2.0, size[1] / 2.0, size[2] / 2.0];
            let rot = euler(*b.rotation.get_ref());
            let wall = w.colliders.insert(
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
            w.walls.push(wall);
            w.statics.push(BodyView {
                name: b.name.clone(),
                position,
                rotation: [rot.x, rot.y, rot.z, rot.w],
                shape: Shape::Box { half },
                colour: colour4(b.colour.get_ref()),
            });
        }
        for (k, (spec, (x, z, yaw))) in robots.into_iter().enumerate() {
            let at = P3::from_parts(V3::new(x, 0.0, z), Q::from_rotation_y(yaw.to_radians()));
            let r = w.build_robot(k, at, std::sync::Arc::new(spec))?;
            w.robots.push(r);
        }
        // Last, so that every other collider keeps the handle it had before the slab was.
        w.colliders.insert(slab);
        w.build_footings();
        Ok(w)
    }

    /// A wheel's motor row before any output is set: as [`World::motor_setup`] (a fresh
    /// motor holds in `original`, floats in `rcx`).
    fn first_motor_row(&self, robot: &spec::RobotSpec) -> wheels::SpinMotor {
        if self.realism == Realism::Rcx {
            return wheels::SpinMotor {
                force_based: true,
                ..Default::default()
            };
        }
        let (_, factor, max) = World::motor_law(robot, 0.0);
        wheels::SpinMotor {
            target: 0.0,
            factor,
            max,
            force_based: robot.motor.model == spec::MotorModel::Dc,
        }
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

    /// Sets what robot `r`'s motors do from its RCX's effective outputs (the tick's actuator
    /// step). In `Realism::Rcx` the outputs are only stored: [`World::step`] drives the
    /// motors.
    pub fn set_outputs(&mut self, r: usize, outputs: &[OutputState; 3]) {
        let Some(robot) = self.robots.get_mut(r) else {
            return;
        };
        if robot.outputs == *outputs {
            return;
        }
        robot.outputs = *outputs;
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
            match motor.drive {
                Drive::Joint(h) => {
                    if let Some(j) = self.joints.get_mut(h, true) {
                        j.data.set_motor_velocity(JointAxis::AngX, target, factor);
                        j.data.set_motor_max_force(JointAxis::AngX, max);
                    }
                }
                Drive::Wheel(w) => {
                    if let Some(w) = self.wheels.get_mut(w) {
                        w.motor = wheels::SpinMotor {
                            target,
                            factor,
                            max,
                            force_based: spec.motor.model == spec::MotorModel::Dc,
                        };
                    }
                }
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
                let speed = match motor.drive {
                    Drive::Joint(h) => {
                        let Some(j) = self.joints.get(h) else {
                            continue;
                        };
                        let (Some(b1), Some(b2)) =
                            (self.bodies.get(j.body1()), self.bodies.get(j.body2()))
                        else {
                            continue;
                        };
                        let axis = *b1.rotation() * j.data.local_axis1();
                        (b2.angvel() - b1.angvel()).dot(axis)
                    }
                    Drive::Wheel(w) => {
                        let Some(wh) = self.wheels.get(w) else {
                            continue;
                        };
                        let Some(carrier) = self.bodies.get(self.hubs[wh.hub].body) else {
                            continue;
                        };
                        wh.relative_spin(carrier)
                    }
                };
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
                match motor.drive {
                    Drive::Joint(h) => {
                        if let Some(j) = self.joints.get_mut(h, true) {
                            j.data.set_motor_velocity(JointAxis::AngX, row.0, row.1);
                            j.data.set_motor_max_force(JointAxis::AngX, row.2);
                        }
                    }
                    Drive::Wheel(w) => {
                        if let Some(wh) = self.wheels.get_mut(w) {
                            wh.motor = wheels::SpinMotor {
                                target: row.0,
                                factor: row.1,
                                max: row.2,
                                force_based: true,
                            };
                        }
                    }
                }
            }
        }
    }

    /// One fixed 1 ms physics step.
    pub fn step(&mut self) {
        self.step_marked(&mut |_| {});
    }

    /// [`World::step`], calling `mark` as each of its parts ends (`profile.rs`).
    pub fn step_marked(&mut self, mark: &mut impl FnMut(StepPhase)) {
        if self.realism == Realism::Rcx {
            self.drive_rcx();
            mark(StepPhase::Motors);
        }
        self.steps += 1;
        let alone = self.all_alone();
        let stood = if self.last_alone {
            grips::Stood::Floor {
                ground: self.ground,
                contacts: &self.floor_contacts,
            }
        } else {
            grips::Stood::Rapier(&self.narrow)
        };
        let colliders = &self.colliders;
        wheels::solve(
            DT,
            &self.hubs,
            &mut self.wheels,
            &mut self.bodies,
            &mut self.scratch,
            &mut |hub, bodies, wheels, grips| stood.gather(hub, bodies, colliders, wheels, grips),
        );
        mark(StepPhase::Wheels);
        if alone {
            self.step_alone(!self.last_alone);
            self.last_alone = true;
            mark(StepPhase::Floor);
        } else {
            self.last_alone = false;
            self.step_rapier();
            mark(StepPhase::Rapier);
        }
        wheels::follow(DT, &self.hubs, &mut self.wheels, &self.bodies);
        self.follow_rotation_sensors();
        mark(StepPhase::Angles);
    }

    /// rapier's step of the whole world.
    fn step_rapier(&mut self) {
        self.pipeline.0.step(
            V3::new(0.0, GRAVITY, 0.0),
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
    }

    /// `true`: rapier steps the world every step, even while every robot stands alone on
    /// the floor (`alone.rs`) — to compare our own step with rapier's.
    pub fn set_rapier_only(&mut self, on: bool) {
        self.rapier_only = on;
    }

    /// How many robots the world holds.
    pub fn robot_count(&self) -> usize {
        self.robots.len()
    }

    /// Robot `r`'s file name (M1…, or the file stem); "" past the last robot.
    pub fn robot_name(&self, r: usize) -> &str {
        self.robots.get(r).map_or("", |x| x.spec.name.as_str())
    }

    /// Robot `r`'s RCX brick pose (the origin past the last robot).
    pub fn brick_pose(&self, r: usize) -> Pose {
        let Some(b) = self.robots.get(r).and_then(|r| self.bodies.get(r.brick)) else {
            return Pose::default();
        };
        let t = b.translation();
        let fwd = *b.rotation() * V3::X;
        let mut yaw = libm::atan2(-fwd.z as f64, fwd.x as f64).to_degrees();
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

    /// Every robot's bodies for drawing, robot by robot.
    pub fn bodies(&self) -> Vec<BodyView> {
        let mut out = Vec::new();
        for r in &self.robots {
            for p in &r.parts {
                let Some(b) = self.bodies.get(p.body) else {
                    continue;
                };
                let pose = match p.spin.and_then(|w| self.wheels.get(w)) {
                    // A wheel of ours turned about its hinge by its angle.
                    Some(w) => {
                        let turn = P3::from_translation(w.centre)
                            * P3::from_rotation(Q::from_axis_angle(w.axis, w.angle as f32))
                            * P3::from_translation(-w.centre);
                        *b.position() * turn * p.local
                    }
                    None => *b.position() * p.local,
                };
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
    pub fn touches_wall(&self, r: usize) -> bool {
        let Some(robot) = self.robots.get(r) else {
            return false;
        };
        // From the walls' side (a goal asks every tick): the environment's walls and the
        // boxes added, taller than 1 cm, each with its few contacts — none on a bare floor.
        let mine = |c: ColliderHandle| {
            self.colliders
                .get(c)
                .and_then(|col| col.parent())
                .is_some_and(|b| robot.parts.iter().any(|p| p.body == b))
        };
        let tall = |c: ColliderHandle| {
            self.colliders
                .get(c)
                .is_some_and(|col| col.compute_aabb().maxs.y >= 0.01)
        };
        self.walls
            .iter()
            .chain(self.added.iter().flatten())
            .any(|&w| {
                self.narrow.contact_pairs_with(w).any(|pair| {
                    let other = if pair.collider1 == w {
                        pair.collider2
                    } else {
                        pair.collider1
                    };
                    pair.has_any_active_contact() && mine(other)
                }) && tall(w)
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
            None => spec::embedded_floor(f.image.get_ref()).map(<[u8]>::to_vec),
        }
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
        ((-2.0 * libm::log(u1)).sqrt() * libm::cos(2.0 * std::f64::consts::PI * u2)) as f32
    }
}

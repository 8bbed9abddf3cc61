//! The `--realism rcx` motor: a LEGO 71427 DC motor fed by the RCX's PWM output, as one
//! rapier velocity row per hinge per 1 ms step ([`rcx_motor_row`]), and a test stand that
//! runs that motor alone on a flywheel against a constant load ([`stand`]) — for the tests
//! and benchmarks that compare it with the published measurements (docs/realism.md).
//!
//! PWM is simulated per 1 ms step, not averaged: level p drives the winding for the first
//! p + 1 ms of each 8 ms period and leaves it open for the rest, so the wheel really gets
//! pulses (and the rotation sensor and the 3 ms sensor scan see their ripple). It costs one
//! row update per motor per step (BENCHMARKS.md: "realism").

use super::spec::MotorSpec;
use crate::vm::OutputMode;
use rapier3d::prelude::*;

/// The RCX's PWM period, ms: power level p is on for the first p + 1 ms of each period
/// (duty (p + 1)/8, level 7 continuous) and floats for the rest (lugnet.robotics #9062: an
/// oscilloscope on the outputs, and Dave Baum's reply).
pub const PWM_PERIOD_MS: u64 = 8;
/// Below this hinge speed (rad/s) a motor whose drive cannot beat its friction is held by
/// the friction (Coulomb stick), instead of chattering about zero.
const STICK_SPEED: f32 = 0.2;
/// Damping of the stiff velocity row that holds a shaft at rest, or applies the friction
/// and winding drag of a coasting or braked motor, N·m·s (far stiffer than anything it acts
/// against, so its torque limit decides).
const STICK_DAMPING: f32 = 10.0;
/// Torque limit of a driven motor's row, N·m (none in practice: the winding's resistance
/// limits the torque by itself).
const DRIVE_MAX_TORQUE: f32 = 100.0;

/// One motor's velocity row for a step — (target rad/s, damping N·m·s, torque limit N·m) —
/// from its torque law τ(ω) = drive − damping·ω − friction·sign(ω) at hinge speed `speed`
/// (rad/s): `drive` = Kt·V/R while the PWM is on (0 otherwise), `damping` = Ke·Kt/R while
/// the winding is closed (on-phase, or braked: shorted) plus viscous friction. rapier solves
/// the row implicitly in ω, so the steep winding law is stable at 1 kHz.
///
/// - Driven, and moving or strong enough to beat the friction: the linear law itself, with
///   the friction taken against the motion (or against the drive, from rest): target
///   (drive − friction·s)/damping, that damping, no torque limit.
/// - Not driven (float, brake, PWM off-phase), or too weak to move: a stiff row towards 0
///   limited to friction + damping·|ω| — the drag of the open or shorted winding plus
///   Coulomb friction while it turns, and only friction holding it once stopped (a shorted
///   winding has no holding torque).
pub fn rcx_motor_row(drive: f32, damping: f32, friction: f32, speed: f32) -> (f32, f32, f32) {
    let moving = speed.abs() > STICK_SPEED;
    if drive != 0.0 && damping > 0.0 && (moving || drive.abs() > friction) {
        let s = if moving {
            speed.signum()
        } else {
            drive.signum()
        };
        ((drive - friction * s) / damping, damping, DRIVE_MAX_TORQUE)
    } else {
        (0.0, STICK_DAMPING, friction + damping * speed.abs())
    }
}

/// (drive, damping) of the torque law for a step, see [`rcx_motor_row`]. `volts`: across
/// the winding while the PWM is on ([`MotorSpec::rcx_volts`]: the battery less the drivers'
/// drop); `on`: the output is on and this ms is in its PWM on-phase; `brake`: the output is
/// off (winding shorted). `sign` ±1 is the direction in hinge coordinates.
pub fn rcx_drive(m: &MotorSpec, volts: f32, on: bool, brake: bool, sign: f32) -> (f32, f32) {
    // Checked when the file was read: ke, r > 0, viscous ≥ 0, all finite.
    let (ke, viscous) = (*m.rcx_ke.get_ref(), *m.rcx_viscous.get_ref());
    let r = m.rcx_r.get_ref().max(1e-6);
    let winding = ke * ke / r;
    if on {
        (sign * ke * volts / r, winding + viscous)
    } else if brake {
        (0.0, winding + viscous)
    } else {
        (0.0, viscous)
    }
}

/// Whether power level `power` (0–7) drives the winding in step `step` of the PWM.
pub fn pwm_on(power: u8, step: u64) -> bool {
    step % PWM_PERIOD_MS <= power as u64
}

/// What the test stand measured over the run's last 200 ms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StandReading {
    /// Mean shaft speed, rad/s.
    pub speed: f32,
    /// Mean winding current, A (0 while the PWM is off).
    pub current: f32,
}

impl StandReading {
    pub fn rpm(&self) -> f32 {
        self.speed * 60.0 / std::f32::consts::TAU
    }
}

/// The motor alone: `m` fed `volts` while its PWM is on (a bench supply; on an RCX,
/// [`MotorSpec::rcx_volts`]) turning a small flywheel in output `mode` at power level
/// `power` (0–7, PWM as on the RCX) against a constant `load` torque (N·m, against the
/// forward direction) for `ms` 1 ms steps in rapier, driven exactly as a robot's hinge is.
/// Positive speed is forward.
pub fn stand(
    m: &MotorSpec,
    volts: f32,
    mode: OutputMode,
    power: u8,
    load: f32,
    ms: u64,
) -> StandReading {
    let mut bodies = RigidBodySet::new();
    let mut colliders = ColliderSet::new();
    let mut joints = ImpulseJointSet::new();
    let base = bodies.insert(RigidBodyBuilder::fixed());
    let wheel = bodies.insert(RigidBodyBuilder::dynamic().can_sleep(false));
    // A 21 mm wheel's worth of flywheel (40 g): the transient is short, the steady state
    // does not depend on it.
    colliders.insert_with_parent(ColliderBuilder::ball(0.021).mass(0.04), wheel, &mut bodies);
    let axis = rapier3d::math::Vector::new(0.0, 0.0, 1.0);
    let joint = RevoluteJointBuilder::new(axis)
        .motor_model(MotorModel::ForceBased)
        .motor_velocity(0.0, 0.0)
        .motor_max_force(0.0);
    let j = joints.insert(base, wheel, joint, true);
    let params = IntegrationParameters {
        dt: super::DT,
        num_solver_iterations: 2,
        num_internal_stabilization_iterations: 2,
        ..Default::default()
    };
    let mut pipeline = PhysicsPipeline::new();
    let mut islands = IslandManager::new();
    let mut broad = BroadPhaseBvh::default();
    let mut narrow = NarrowPhase::new();
    let mut multibody = MultibodyJointSet::new();
    let mut soft = SoftBodySet::new();
    let mut ccd = CCDSolver::new();
    let (mut speed_sum, mut current_sum, mut n) = (0.0f64, 0.0f64, 0u32);
    for step in 0..ms {
        let speed = bodies
            .get(wheel)
            .map(|b| b.angvel().dot(axis))
            .unwrap_or(0.0);
        let on = mode == OutputMode::On && pwm_on(power, step);
        let (drive, damping) = rcx_drive(m, volts, on, mode == OutputMode::Off, 1.0);
        let row = rcx_motor_row(drive, damping, *m.rcx_friction.get_ref(), speed);
        if let Some(jt) = joints.get_mut(j, true) {
            jt.data.set_motor_velocity(JointAxis::AngX, row.0, row.1);
            jt.data.set_motor_max_force(JointAxis::AngX, row.2);
        }
        if let Some(b) = bodies.get_mut(wheel) {
            b.reset_torques(true);
            b.add_torque(axis * -load, true);
        }
        pipeline.step(
            rapier3d::math::Vector::ZERO,
            &params,
            &mut islands,
            &mut broad,
            &mut narrow,
            &mut bodies,
            &mut colliders,
            &mut joints,
            &mut multibody,
            &mut soft,
            &mut ccd,
            &(),
            &(),
        );
        if step + 200 >= ms {
            let w = bodies
                .get(wheel)
                .map(|b| b.angvel().dot(axis))
                .unwrap_or(0.0);
            speed_sum += w as f64;
            if on {
                current_sum += ((volts - m.rcx_ke.get_ref() * w) / m.rcx_r.get_ref()) as f64;
            }
            n += 1;
        }
    }
    let n = n.max(1) as f64;
    StandReading {
        speed: (speed_sum / n) as f32,
        current: (current_sum / n) as f32,
    }
}

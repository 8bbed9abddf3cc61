//! Wheels of our own: a wheel on a hinge is not a rapier body on a rapier joint but a shape
//! of the body it turns on (its carrier, usually the brick) with one degree of freedom of
//! its own, its spin. The world solves its grip and its motor itself, before each rapier
//! step, as sequential impulses on the carrier and the spin (warm-started from the step
//! before):
//!
//! - along the wheel, the contact point's speed equals the wheel's rolling speed (the spin's
//!   inertia on one side, the carrier's on the other);
//! - across it, no sideways slip;
//! - both together at most μ·N (a friction circle), N the normal impulse rapier applied at
//!   that wheel's contacts in the step before, μ combined from the tyre and the floor (or
//!   mat, or ramp) as rapier combines two frictions;
//! - twisting about the contact normal at most μ·N·h, h half the wheel's contact line
//!   (rapier's twist friction for a capsule's two contact points);
//! - the motor drives the spin relative to the carrier, its reaction on the carrier, with
//!   rapier's own motor law (a velocity row, force- or acceleration-based, torque-limited).
//!
//! rapier solves only the normal contacts. A carrier's wheels are one frictionless compound
//! collider for walls, boxes and other robots, and, where they are capsules of one radius,
//! one round convex hull for the ground (one manifold, where the compound gave one a wheel
//! to merge). A rapier revolute joint rebuilt and solved its rows every step; the whole
//! tick now costs 60 % of what it did with them (BENCHMARKS.md, issue 24). A wheel grips
//! only what it rolls on (`FLOOR_NORMAL_Y`) and fixed things; against a wall or another
//! robot's parts it slides.
//!
//! Which hinges become such wheels is the robot model's choice (`model.rs`: a capsule or
//! cylinder centred on its hinge, turning about its own axis, that nothing else holds, or
//! `wheel = true`); any other hinge stays a rapier joint.

use super::spec;
use super::{P3, V3};
use rapier3d::prelude::*;

type Inertia = rapier3d::math::AngularInertia;

/// Sweeps of the wheel impulses per step (warm-started: 2, 4 and 8 sweeps turn a spinning
/// M3 alike to 0.2 %).
const SWEEPS: usize = 2;
/// A wheel grips what it rolls on: a contact whose normal is within 45° of straight up (a
/// floor, a mat, a ramp). Against a wall it slides: gripping there (as rapier's jointed
/// wheel did at the wall's 0.5) made a driven wheel pressed against a wall climb it and the
/// robot rock, `stalled_three_wheeler_against_a_wall_stays_on_its_wheels`.
const FLOOR_NORMAL_Y: f32 = std::f32::consts::FRAC_1_SQRT_2;

/// A motor's velocity row on a wheel's spin, as rapier's joint motor takes it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct SpinMotor {
    /// Target speed of the spin relative to the carrier, rad/s about the hinge axis.
    pub target: f32,
    /// rapier's motor damping ("factor").
    pub factor: f32,
    /// Torque limit, N·m (0: the motor does nothing).
    pub max: f32,
    /// rapier's `MotorModel::ForceBased` (the DC law); otherwise acceleration-based.
    pub force_based: bool,
}

#[derive(Clone, Debug)]
pub(super) struct Wheel {
    /// The robot it belongs to.
    pub robot: usize,
    /// Its carrier's hub (index into `World::hubs`).
    pub hub: usize,
    /// Centre and hinge axis (unit) in the carrier's frame.
    pub centre: V3,
    pub axis: V3,
    /// The tyre's friction (combined with the other collider's as rapier would).
    pub friction: f32,
    /// The inverse of its moment of inertia about the axle, 1/(kg·m²).
    pub inv_inertia: f32,
    /// Spin about the axis in the world, rad/s (the carrier's own turn about it included).
    pub spin: f32,
    /// Angle turned relative to the carrier, rad about +axis.
    pub angle: f64,
    pub motor: SpinMotor,
    /// The impulses of the step before (motor; along, across and twist on `warm_other`),
    /// the next step's first guess (warm start).
    pub warm: [f32; 4],
    pub warm_other: Option<ColliderHandle>,
}

impl Wheel {
    /// The spin relative to the carrier (what a hinge's motor and sensor see), given the
    /// carrier's angular velocity and rotation.
    pub fn relative_spin(&self, carrier: &RigidBody) -> f32 {
        let a = *carrier.rotation() * self.axis;
        self.spin - carrier.angvel().dot(a)
    }
}

/// A wheel's shape in its hub's compound: a segment swept by a radius.
#[derive(Clone, Debug)]
pub(super) struct Member {
    pub centre: V3,
    pub dir: V3,
    pub half: f32,
    pub radius: f32,
    pub wheel: usize,
}

/// A carrier body's compound of wheels. (Caster balls stay colliders of their own: in the
/// compound, the floor cluster's four points were chosen among five, the choice flipped
/// from step to step, and a stalled M3 buzzed by 2 µm a step.)
#[derive(Clone, Debug)]
pub(super) struct Hub {
    pub body: RigidBodyHandle,
    pub collider: ColliderHandle,
    /// The wheels' hull that meets the ground instead of the compound, if built.
    pub hull: Option<ColliderHandle>,
    pub members: Vec<Member>,
}

/// A wheel's grip on one fixed collider in the step before: the summed normal impulse N,
/// the impulse-weighted contact point (on the wheel's middle plane) and normal (world), and
/// the friction μ of the tyre on that collider.
/// Twisting about the normal is resisted up to μ·N·h, h the half-length of the wheel's
/// contact line (its capsule's or cylinder's straight part): rapier's twist friction for a
/// line contact pressed evenly at its two ends, as rapier gave a jointed capsule wheel.
#[derive(Clone, Copy, Debug)]
pub(super) struct Grip {
    pub wheel: usize,
    pub other: ColliderHandle,
    pub impulse: f32,
    pub point: V3,
    pub normal: V3,
    pub twist: f32,
    pub mu: f32,
}

/// Mass properties of a body file's shape with its density or mass, as rapier's builder
/// gives them (`mass` scales the density-1 properties).
pub(super) fn mass_of(b: &spec::BodySpec, shape: &SharedShape) -> MassProperties {
    match b.weight() {
        Some(spec::Weight::Mass(m)) => {
            let mut mp = shape.mass_properties(1.0);
            mp.set_mass(m, true);
            mp
        }
        Some(spec::Weight::Density(d)) => shape.mass_properties(d),
        None => shape.mass_properties(0.0),
    }
}

/// What goes into a hub as it is built.
pub(super) struct HubBuilder {
    pub body: RigidBodyHandle,
    shapes: Vec<(P3, SharedShape)>,
    mass: MassProperties,
    members: Vec<Member>,
}

impl HubBuilder {
    pub fn new(body: RigidBodyHandle) -> HubBuilder {
        HubBuilder {
            body,
            shapes: Vec::new(),
            mass: MassProperties::default(),
            members: Vec::new(),
        }
    }

    /// Adds wheel `wheel`'s shape at `local` (carrier frame) with mass properties `mp` (its
    /// own frame). Returns its moment of inertia about `axis` (its hinge, carrier frame).
    pub fn add(
        &mut self,
        local: P3,
        shape: SharedShape,
        mp: MassProperties,
        wheel: usize,
        axis: V3,
    ) -> f32 {
        let placed = mp.transform_by(&local);
        self.mass += placed;
        let inertia = axis.dot(placed.reconstruct_inertia_matrix() * axis);
        // `wheel_joints` takes capsules and cylinders only.
        let (half, radius) = if let Some(c) = shape.as_capsule() {
            (c.half_height(), c.radius)
        } else if let Some(c) = shape.as_cylinder() {
            (c.half_height, c.radius)
        } else {
            (0.0, 0.0)
        };
        // A capsule runs along its local Z, a cylinder along its local Y.
        let dir = if shape.as_cylinder().is_some() {
            local.rotation * V3::Y
        } else {
            local.rotation * V3::Z
        };
        self.members.push(Member {
            centre: local.translation,
            dir,
            half,
            radius,
            wheel,
        });
        self.shapes.push((local, shape));
        inertia
    }

    /// Inserts the compound (frictionless: the grip is the wheels') and, where the wheels
    /// allow, their hull for the ground, and returns the hub. `own` is the robot's group.
    pub fn build(self, own: Group, colliders: &mut ColliderSet, bodies: &mut RigidBodySet) -> Hub {
        let hull = self.hull();
        // The wheels meet the ground's half-space (through the hull if built), never its
        // slab (`super::SLAB_GROUP`).
        let others = Group::ALL ^ own ^ super::SLAB_GROUP;
        let filter = if hull.is_some() {
            others ^ super::GROUND_GROUP
        } else {
            others
        };
        let collider = colliders.insert_with_parent(
            ColliderBuilder::compound(self.shapes)
                .mass_properties(self.mass)
                .friction(0.0)
                .friction_combine_rule(CoefficientCombineRule::Min)
                .collision_groups(InteractionGroups::new(
                    own,
                    filter,
                    InteractionTestMode::And,
                )),
            self.body,
            bodies,
        );
        let hull = hull.map(|shape| {
            colliders.insert_with_parent(
                ColliderBuilder::new(shape)
                    .density(0.0)
                    .friction(0.0)
                    .friction_combine_rule(CoefficientCombineRule::Min)
                    .collision_groups(InteractionGroups::new(
                        own,
                        super::GROUND_GROUP,
                        InteractionTestMode::And,
                    )),
                self.body,
                bodies,
            )
        });
        Hub {
            body: self.body,
            collider,
            hull,
            members: self.members,
        }
    }

    /// The wheels' hull against the ground: capsules of one radius are that radius around
    /// the convex hull of their segments' ends — one convex shape, one manifold, where the
    /// compound gave one per wheel for rapier to merge (a third of the step's contact
    /// work, BENCHMARKS.md). The ends are also taken 0.1 mm up and forward, so that wheels on
    /// one axle (or one plane) still span a solid; the ground meets only the bottom. None
    /// (the compound meets the ground) for cylinders or mixed radii.
    fn hull(&self) -> Option<SharedShape> {
        const EPS: f32 = 1.0e-4;
        let mut radius = None;
        let mut points = Vec::new();
        for (m, (_, shape)) in self.members.iter().zip(&self.shapes) {
            let r = shape.as_capsule()?.radius;
            if radius.is_some_and(|x: f32| (x - r).abs() > 1e-6) {
                return None;
            }
            radius = Some(r);
            for end in [m.centre - m.dir * m.half, m.centre + m.dir * m.half] {
                points.push(end);
                points.push(end + V3::Y * EPS);
                points.push(end + V3::X * EPS);
            }
        }
        let hull = SharedShape::round_convex_hull(&points, radius?)?;
        // Standing on the ground, the hull meets it with its bottom face, of which rapier
        // takes at most four corners: each wheel must own one of them, or a wheel would go
        // without a contact of its own (three axles, say) — then the compound meets the
        // ground instead.
        let poly = &hull.as_round_convex_polyhedron()?.inner_shape;
        let mut bottom = rapier3d::parry::shape::PolygonalFeature::default();
        rapier3d::parry::shape::PolygonalFeatureMap::local_support_feature(
            poly,
            -V3::Y,
            &mut bottom,
        );
        let corners = &bottom.vertices[..bottom.num_vertices];
        let owns_a_corner = |m: &Member| {
            [m.centre - m.dir * m.half, m.centre + m.dir * m.half]
                .iter()
                .any(|end| corners.iter().any(|c| (*c - *end).length() < 3.0 * EPS))
        };
        self.members.iter().all(owns_a_corner).then_some(hull)
    }
}

impl Hub {
    /// The wheel whose shape a contact point (compound frame) lies on: the nearest surface.
    pub fn member_at(&self, p: V3) -> Option<&Member> {
        let mut best = (f32::MAX, None);
        for m in &self.members {
            let t = (p - m.centre).dot(m.dir).clamp(-m.half, m.half);
            let d = ((p - m.centre - m.dir * t).length() - m.radius).abs();
            if d < best.0 {
                best = (d, Some(m));
            }
        }
        best.1
    }
}

/// One direction of a wheel's grip (along, across or twist) as a row of the step's solve:
/// how an impulse along it moves the carrier and the spin, and the impulse so far.
#[derive(Clone, Copy)]
struct Direction {
    /// The carrier's linear direction (zero for the twist, which has none).
    linear: V3,
    /// The carrier's angular direction (the spin's own share taken out).
    angular: V3,
    /// The carrier's inverse inertia times `angular`.
    angular_response: V3,
    /// The spin's lever: how much of the impulse turns the wheel about its axle.
    spin_arm: f32,
    /// The row's effective mass (carrier and spin together; 0 for a row that cannot move).
    mass: f32,
    /// The impulse accumulated this step.
    impulse: f32,
}

impl Direction {
    /// Its row against the carrier's inverse mass and inertia and the spin's inverse inertia.
    fn new(linear: V3, angular: V3, arm: f32, inv_m: f32, inv_i: Inertia, inv_spin: f32) -> Self {
        let angular_response = inv_i * angular;
        let k = inv_m + angular.dot(angular_response) + arm * arm * inv_spin;
        Direction {
            linear,
            angular,
            angular_response,
            spin_arm: arm,
            mass: if k > 0.0 { 1.0 / k } else { 0.0 },
            impulse: 0.0,
        }
    }
}

/// One grip row of the step's solve: a wheel on one fixed collider.
struct Row {
    wheel: usize,
    other: ColliderHandle,
    along: Direction,
    across: Direction,
    /// Twist about the contact normal.
    twist: Direction,
    /// The friction circle's radius, μ·N.
    grip_limit: f32,
    /// The twist's limit, μ·N·h.
    twist_limit: f32,
}

/// One motor row: a wheel's spin driven relative to its carrier.
struct MotorRow {
    wheel: usize,
    /// The carrier's angular direction (minus the hinge axis).
    angular: V3,
    angular_response: V3,
    /// 1 / (inverse effective mass + softness): the row's response to a speed error.
    gain: f32,
    /// rapier's constraint-force mixing: the motor's softness.
    softness: f32,
    target: f32,
    /// The torque limit times the step, N·m·s.
    limit: f32,
    impulse: f32,
}

/// The solve's working space, kept by the world so that a step does not allocate (a clone
/// starts empty).
#[derive(Default)]
pub(super) struct Scratch {
    grips: Vec<Grip>,
    rows: Vec<Row>,
    motors: Vec<MotorRow>,
}

impl Clone for Scratch {
    fn clone(&self) -> Self {
        Scratch::default()
    }
}

/// A carrier body during the solve: its velocities (the solve's unknowns) and what it
/// resists them with.
struct Carrier {
    pose: P3,
    centre_of_mass: V3,
    inverse_mass: f32,
    inverse_inertia: Inertia,
    velocity: V3,
    angular_velocity: V3,
}

impl Carrier {
    fn of(rb: &RigidBody) -> Carrier {
        Carrier {
            pose: *rb.position(),
            centre_of_mass: rb.center_of_mass(),
            inverse_mass: if rb.mass() > 0.0 {
                1.0 / rb.mass()
            } else {
                0.0
            },
            inverse_inertia: rb.mass_properties().effective_world_inv_inertia,
            velocity: rb.linvel(),
            angular_velocity: rb.angvel(),
        }
    }
}

/// (along, across) scaled back onto the friction circle of radius `limit` if outside it.
fn clamp_to_circle(mut along: f32, mut across: f32, limit: f32) -> (f32, f32) {
    let mag2 = along * along + across * across;
    if mag2 > limit * limit {
        let mag = mag2.sqrt();
        let s = if mag > 0.0 { limit / mag } else { 0.0 };
        along *= s;
        across *= s;
    }
    (along, across)
}

/// The wheel impulses of one step, applied to the carriers' velocities and the spins:
/// per hub, its grips of the step before (`gather`, `grips.rs`), then prepare its rows,
/// warm-start them, sweep them and store their impulses.
pub(super) fn solve(
    dt: f32,
    hubs: &[Hub],
    wheels: &mut [Wheel],
    bodies: &mut RigidBodySet,
    scratch: &mut Scratch,
    gather: &mut impl FnMut(&Hub, &RigidBodySet, &[Wheel], &mut Vec<Grip>),
) {
    for hub in hubs.iter() {
        gather(hub, bodies, wheels, &mut scratch.grips);
        let own = hub.members.iter().any(|m| wheels[m.wheel].motor.max > 0.0);
        if scratch.grips.is_empty() && !own {
            continue;
        }
        let Some(rb) = bodies.get(hub.body) else {
            continue;
        };
        let mut carrier = Carrier::of(rb);
        prepare_rows(&carrier, &scratch.grips, wheels, &mut scratch.rows);
        prepare_motors(dt, &carrier, hub, wheels, &mut scratch.motors);
        warm_start(&mut carrier, wheels, &mut scratch.rows, &mut scratch.motors);
        for _ in 0..SWEEPS {
            sweep(&mut carrier, wheels, &mut scratch.rows, &mut scratch.motors);
        }
        store(hub, wheels, &scratch.rows, &scratch.motors);
        if let Some(rb) = bodies.get_mut(hub.body) {
            rb.set_linvel(carrier.velocity, true);
            rb.set_angvel(carrier.angular_velocity, true);
        }
    }
}

/// A grip row for each grip on something a wheel rolls on (see `FLOOR_NORMAL_Y`).
fn prepare_rows(carrier: &Carrier, grips: &[Grip], wheels: &[Wheel], rows: &mut Vec<Row>) {
    rows.clear();
    let inv_i = carrier.inverse_inertia;
    let inv_m = carrier.inverse_mass;
    for g in grips.iter() {
        let wh = &wheels[g.wheel];
        // The impulse-weighted normal's direction (its weight drops out).
        let n = g.normal.normalize_or_zero();
        let p = g.point * (1.0 / g.impulse);
        let a = carrier.pose.rotation * wh.axis;
        let c = carrier.pose * wh.centre;
        let f = n.cross(a);
        let f2 = f.length_squared();
        if n.y < FLOOR_NORMAL_Y || f2 < 0.04 {
            // A wall, or its flat side against something: no grip (see FLOOR_NORMAL_Y).
            continue;
        }
        let f = f * (1.0 / f2.sqrt());
        // f and n are unit and square to each other: so is their cross product.
        let l = f.cross(n);
        let mu = g.mu;
        let r = p - carrier.centre_of_mass;
        let spin_f = a.dot((p - c).cross(f));
        let spin_l = a.dot((p - c).cross(l));
        let ang_f = r.cross(f) - a * spin_f;
        let ang_l = r.cross(l) - a * spin_l;
        let spin_t = a.dot(n);
        let ang_t = n - a * spin_t;
        let inv_spin = wh.inv_inertia;
        let along = Direction::new(f, ang_f, spin_f, inv_m, inv_i, inv_spin);
        let across = Direction::new(l, ang_l, spin_l, inv_m, inv_i, inv_spin);
        let twist = Direction::new(V3::ZERO, ang_t, spin_t, 0.0, inv_i, inv_spin);
        rows.push(Row {
            wheel: g.wheel,
            other: g.other,
            along,
            across,
            twist,
            grip_limit: mu * g.impulse,
            twist_limit: mu * g.twist,
        });
    }
}

/// A motor row for each of the hub's driven wheels.
fn prepare_motors(
    dt: f32,
    carrier: &Carrier,
    hub: &Hub,
    wheels: &[Wheel],
    motors: &mut Vec<MotorRow>,
) {
    motors.clear();
    for i in hub.members.iter().map(|m| m.wheel) {
        let wh = &wheels[i];
        if wh.motor.max <= 0.0 || wh.motor.factor <= 0.0 {
            continue;
        }
        let a = carrier.pose.rotation * wh.axis;
        let angular = -a;
        let angular_response = carrier.inverse_inertia * angular;
        let k = angular.dot(angular_response) + wh.inv_inertia;
        // rapier's motor rows: force-based damping D is an impulse D·dt per unit speed;
        // acceleration-based scales it by the row's effective mass.
        let softness = if wh.motor.force_based {
            1.0 / (dt * wh.motor.factor)
        } else {
            k / (dt * wh.motor.factor)
        };
        motors.push(MotorRow {
            wheel: i,
            angular,
            angular_response,
            gain: 1.0 / (k + softness),
            softness,
            target: wh.motor.target,
            limit: wh.motor.max * dt,
            impulse: 0.0,
        });
    }
}

/// Warm start: each row begins with its impulse of the step before (without it, four
/// sweeps left a spinning M3 7 % short of the converged turn).
fn warm_start(
    carrier: &mut Carrier,
    wheels: &mut [Wheel],
    rows: &mut [Row],
    motors: &mut [MotorRow],
) {
    for m in motors.iter_mut() {
        let wh = &mut wheels[m.wheel];
        let p = wh.warm[0].clamp(-m.limit, m.limit);
        m.impulse = p;
        carrier.angular_velocity += m.angular_response * p;
        wh.spin += p * wh.inv_inertia;
    }
    for row in rows.iter_mut() {
        let wh = &mut wheels[row.wheel];
        if wh.warm_other != Some(row.other) {
            continue;
        }
        let (pf, pl) = clamp_to_circle(wh.warm[1], wh.warm[2], row.grip_limit);
        let pt = wh.warm[3].clamp(-row.twist_limit, row.twist_limit);
        let (along, across, twist) = (&mut row.along, &mut row.across, &mut row.twist);
        along.impulse = pf;
        across.impulse = pl;
        twist.impulse = pt;
        carrier.velocity += (along.linear * pf + across.linear * pl) * carrier.inverse_mass;
        carrier.angular_velocity += along.angular_response * pf
            + across.angular_response * pl
            + twist.angular_response * pt;
        wh.spin +=
            (along.spin_arm * pf + across.spin_arm * pl + twist.spin_arm * pt) * wh.inv_inertia;
    }
}

/// One sweep: each motor row, then each grip row (the friction circle, then the twist).
fn sweep(carrier: &mut Carrier, wheels: &mut [Wheel], rows: &mut [Row], motors: &mut [MotorRow]) {
    for m in motors.iter_mut() {
        let wh = &mut wheels[m.wheel];
        let speed = wh.spin + carrier.angular_velocity.dot(m.angular);
        let d = (m.target - speed - m.softness * m.impulse) * m.gain;
        let new = (m.impulse + d).clamp(-m.limit, m.limit);
        let p = new - m.impulse;
        m.impulse = new;
        carrier.angular_velocity += m.angular_response * p;
        wh.spin += p * wh.inv_inertia;
    }
    for row in rows.iter_mut() {
        let wh = &mut wheels[row.wheel];
        let (along, across, twist) = (&mut row.along, &mut row.across, &mut row.twist);
        let (v, om) = (carrier.velocity, carrier.angular_velocity);
        let vf = v.dot(along.linear) + om.dot(along.angular) + wh.spin * along.spin_arm;
        let vl = v.dot(across.linear) + om.dot(across.angular) + wh.spin * across.spin_arm;
        let (nf, nl) = clamp_to_circle(
            along.impulse - vf * along.mass,
            across.impulse - vl * across.mass,
            row.grip_limit,
        );
        let (pf, pl) = (nf - along.impulse, nl - across.impulse);
        along.impulse = nf;
        across.impulse = nl;
        carrier.velocity += (along.linear * pf + across.linear * pl) * carrier.inverse_mass;
        carrier.angular_velocity += along.angular_response * pf + across.angular_response * pl;
        wh.spin += (along.spin_arm * pf + across.spin_arm * pl) * wh.inv_inertia;
        if row.twist_limit > 0.0 && twist.mass > 0.0 {
            let vt = carrier.angular_velocity.dot(twist.angular) + wh.spin * twist.spin_arm;
            let nt = (twist.impulse - vt * twist.mass).clamp(-row.twist_limit, row.twist_limit);
            let pt = nt - twist.impulse;
            twist.impulse = nt;
            carrier.angular_velocity += twist.angular_response * pt;
            wh.spin += twist.spin_arm * pt * wh.inv_inertia;
        }
    }
}

/// Each wheel of the hub keeps its motor's impulse and its first grip row's, for the next
/// step's warm start.
fn store(hub: &Hub, wheels: &mut [Wheel], rows: &[Row], motors: &[MotorRow]) {
    for m in &hub.members {
        let wh = &mut wheels[m.wheel];
        wh.warm = [0.0; 4];
        wh.warm_other = None;
    }
    for m in motors.iter() {
        wheels[m.wheel].warm[0] = m.impulse;
    }
    for row in rows.iter() {
        let wh = &mut wheels[row.wheel];
        if wh.warm_other.is_none() {
            wh.warm[1] = row.along.impulse;
            wh.warm[2] = row.across.impulse;
            wh.warm[3] = row.twist.impulse;
            wh.warm_other = Some(row.other);
        }
    }
}

/// After rapier's step: each wheel's angle turns by its spin relative to its carrier.
pub(super) fn follow(dt: f32, hubs: &[Hub], wheels: &mut [Wheel], bodies: &RigidBodySet) {
    for wh in wheels.iter_mut() {
        if let Some(rb) = hubs.get(wh.hub).and_then(|h| bodies.get(h.body)) {
            wh.angle += (wh.relative_spin(rb) * dt) as f64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hub of capsule wheels (M4's size) at the given (x, z) in the carrier's frame.
    fn hub(at: &[(f32, f32)]) -> HubBuilder {
        let mut hb = HubBuilder::new(RigidBodyHandle::invalid());
        for (k, &(x, z)) in at.iter().enumerate() {
            let shape = SharedShape::capsule_z(0.0065, 0.021);
            let mp = shape.mass_properties(714.0);
            let pose = P3::from_translation(V3::new(x, -0.029, z));
            hb.add(pose, shape, mp, k, V3::Z);
        }
        hb
    }

    #[test]
    fn the_robots_wheels_meet_the_ground_through_a_hull_unless_one_would_lose_its_contact() {
        let m4 = [
            (0.09, -0.057),
            (0.09, 0.057),
            (-0.09, -0.057),
            (-0.09, 0.057),
        ];
        let m3 = [(0.09, -0.057), (0.09, 0.057)];
        let m1 = [(0.09, -0.005), (-0.09, -0.057), (-0.09, 0.057)];
        for (name, at) in [("M4", &m4[..]), ("M3", &m3[..]), ("M1", &m1[..])] {
            assert!(hub(at).hull().is_some(), "{name} has no hull");
        }
        // A middle axle's wheels lie inside the bottom face: no corner of their own.
        let six = [
            (0.09, -0.057),
            (0.09, 0.057),
            (0.0, -0.057),
            (0.0, 0.057),
            (-0.09, -0.057),
            (-0.09, 0.057),
        ];
        assert!(hub(&six).hull().is_none());
        // Cylinders are not capsules around a segment.
        let mut hb = HubBuilder::new(RigidBodyHandle::invalid());
        let shape = SharedShape::cylinder(0.0065, 0.021);
        let mp = shape.mass_properties(714.0);
        hb.add(P3::IDENTITY, shape, mp, 0, V3::Z);
        assert!(hb.hull().is_none());
    }
}

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
//! A hinge becomes such a wheel when its body is a capsule or cylinder centred on the hinge,
//! turning about its own axis, with a collider, and nothing else refers to it (no other
//! joint, attached shape or sensor; a rotation sensor on the hinge itself is fine). Any
//! other hinge stays a rapier joint.

use super::spec;
use super::{P3, V3};
use rapier3d::prelude::*;

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
    /// Moment of inertia about the axle, kg·m².
    pub inertia: f32,
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
    centre: V3,
    dir: V3,
    half: f32,
    radius: f32,
    wheel: usize,
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
    members: Vec<Member>,
}

/// A wheel's grip on one fixed collider in the step before: the summed normal impulse N,
/// and the impulse-weighted contact point (on the wheel's middle plane) and normal (world).
/// Twisting about the normal is resisted up to μ·N·h, h the half-length of the wheel's
/// contact line (its capsule's or cylinder's straight part): rapier's twist friction for a
/// line contact pressed evenly at its two ends, as rapier gave a jointed capsule wheel.
#[derive(Clone, Copy, Debug)]
struct Grip {
    wheel: usize,
    other: ColliderHandle,
    impulse: f32,
    point: V3,
    normal: V3,
    twist: f32,
}

/// The joints of a robot file that become wheels of our own: (joint index, body index) of
/// each hinge whose free end (`super::free_end`) is a capsule or cylinder turning about its
/// own axis, on a body that is not an attached shape.
pub(super) fn wheel_joints(spec: &spec::RobotSpec) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (ji, j) in spec.joints.iter().enumerate() {
        if j.kind != spec::JointKind::Hinge {
            continue;
        }
        let Some(bi) = super::free_end(spec, ji) else {
            continue;
        };
        let b = &spec.bodies[bi];
        let Some(b1) = spec
            .bodies
            .iter()
            .find(|x| x.name.get_ref() == j.body1.get_ref())
        else {
            continue;
        };
        let round = matches!(
            *b.shape.get_ref(),
            spec::ShapeKind::Capsule | spec::ShapeKind::Cylinder
        );
        let rot = super::view::euler(*b.rotation.get_ref());
        let rot1 = super::view::euler(*b1.rotation.get_ref());
        let axis = super::view::v3(*j.axis.get_ref()).normalize_or_zero();
        // Its own axis (capsules and cylinders run along local Z) is the hinge's, and both
        // bodies start with the same rotation (as the robot file requires of a hinge).
        let about_own_axis = (rot * V3::Z).dot(axis).abs() > 0.9999 && rot.dot(rot1).abs() > 0.9999;
        if round && b1.attach.is_none() && about_own_axis {
            out.push((ji, bi));
        }
    }
    out
}

/// Mass properties of a body file's shape with its density or mass, as rapier's builder
/// gives them (`mass` scales the density-1 properties).
pub(super) fn mass_of(b: &spec::BodySpec, shape: &SharedShape) -> MassProperties {
    match (&b.mass, &b.density) {
        (Some(m), _) => {
            let mut mp = shape.mass_properties(1.0);
            mp.set_mass(*m.get_ref(), true);
            mp
        }
        (None, Some(d)) => shape.mass_properties(*d.get_ref()),
        (None, None) => shape.mass_properties(0.0),
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
        let others = Group::ALL ^ own;
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
    fn member_at(&self, p: V3) -> Option<&Member> {
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

/// One friction row pair (along and across) or a motor row of the step's solve.
struct Row {
    wheel: usize,
    other: ColliderHandle,
    lin_f: V3,
    ang_f: V3,
    /// The carrier's inverse inertia times `ang_f` (likewise `_l`, `_t`).
    ii_f: V3,
    spin_f: f32,
    k_f: f32,
    lin_l: V3,
    ang_l: V3,
    ii_l: V3,
    spin_l: f32,
    k_l: f32,
    max: f32,
    acc_f: f32,
    acc_l: f32,
    /// Twist about the normal.
    ang_t: V3,
    ii_t: V3,
    spin_t: f32,
    k_t: f32,
    max_t: f32,
    acc_t: f32,
}

struct MotorRow {
    wheel: usize,
    ang: V3,
    ii: V3,
    k: f32,
    cfm: f32,
    target: f32,
    limit: f32,
    acc: f32,
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

/// The wheel impulses of one step, applied to the carriers' velocities and the spins.
pub(super) fn solve(
    dt: f32,
    hubs: &[Hub],
    wheels: &mut [Wheel],
    bodies: &mut RigidBodySet,
    colliders: &ColliderSet,
    narrow: &NarrowPhase,
    scratch: &mut Scratch,
) {
    let grips = &mut scratch.grips;
    for hub in hubs.iter() {
        let Some(compound) = colliders.get(hub.collider) else {
            continue;
        };
        let pose = *compound.position();
        grips.clear();
        let pairs = narrow.contact_pairs_with(hub.collider).chain(
            hub.hull
                .into_iter()
                .flat_map(|h| narrow.contact_pairs_with(h)),
        );
        for pair in pairs {
            let first = pair.collider1 == hub.collider || Some(pair.collider1) == hub.hull;
            let other_h = if first {
                pair.collider2
            } else {
                pair.collider1
            };
            let Some(other) = colliders.get(other_h) else {
                continue;
            };
            let fixed = other
                .parent()
                .and_then(|b| bodies.get(b))
                .is_none_or(|b| b.is_fixed());
            if !fixed {
                continue;
            }
            let Some(rigid) = pair.rigid() else {
                continue;
            };
            for m in rigid.solver_manifolds() {
                let (sub, n_out) = if first {
                    (m.subshape_pos1(), m.local_n1)
                } else {
                    (m.subshape_pos2(), m.local_n2)
                };
                let n_out = sub.map_or(n_out, |s| s.rotation * n_out);
                // The normal pushing the wheel away from the other collider, world.
                let normal = pose.rotation * -n_out;
                for pt in &m.points {
                    let imp = pt.data.impulse;
                    if imp <= 0.0 {
                        continue;
                    }
                    let lp = if first { pt.local_p1 } else { pt.local_p2 };
                    let lp = sub.map_or(lp, |s| *s * lp);
                    let Some(m) = hub.member_at(lp) else {
                        continue;
                    };
                    let w = m.wheel;
                    // Onto the wheel's middle plane: the middle of its contact line.
                    let point = pose * (lp - m.dir * (lp - m.centre).dot(m.dir));
                    let g = match grips
                        .iter()
                        .position(|g| g.wheel == w && g.other == other_h)
                    {
                        Some(g) => g,
                        None => {
                            grips.push(Grip {
                                wheel: w,
                                other: other_h,
                                impulse: 0.0,
                                point: V3::ZERO,
                                normal: V3::ZERO,
                                twist: 0.0,
                            });
                            grips.len() - 1
                        }
                    };
                    let grip = &mut grips[g];
                    grip.impulse += imp;
                    grip.point += point * imp;
                    grip.normal += normal * imp;
                    grip.twist += imp * m.half;
                }
            }
        }
        let own = hub.members.iter().any(|m| wheels[m.wheel].motor.max > 0.0);
        if grips.is_empty() && !own {
            continue;
        }
        let Some(rb) = bodies.get(hub.body) else {
            continue;
        };
        let body_pose = *rb.position();
        let com = rb.center_of_mass();
        let inv_m = if rb.mass() > 0.0 {
            1.0 / rb.mass()
        } else {
            0.0
        };
        let inv_i = rb.mass_properties().effective_world_inv_inertia;
        let mut v = rb.linvel();
        let mut om = rb.angvel();
        // Rows: at most a few per wheel; on the stack for the usual robot.
        let rows = &mut scratch.rows;
        rows.clear();
        for g in grips.iter() {
            let wh = &wheels[g.wheel];
            let Some(other) = colliders.get(g.other) else {
                continue;
            };
            let n = (g.normal / g.impulse).normalize_or_zero();
            let p = g.point / g.impulse;
            let a = body_pose.rotation * wh.axis;
            let c = body_pose * wh.centre;
            let f = n.cross(a);
            if n.y < FLOOR_NORMAL_Y || f.length() < 0.2 {
                // A wall, or its flat side against something: no grip (see FLOOR_NORMAL_Y).
                continue;
            }
            let f = f.normalize();
            let l = f.cross(n).normalize();
            let mu = CoefficientCombineRule::combine(
                wh.friction,
                other.friction(),
                CoefficientCombineRule::Average,
                other.friction_combine_rule(),
            );
            let r = p - com;
            let spin_f = a.dot((p - c).cross(f));
            let spin_l = a.dot((p - c).cross(l));
            let ang_f = r.cross(f) - a * spin_f;
            let ang_l = r.cross(l) - a * spin_l;
            let spin_t = a.dot(n);
            let ang_t = n - a * spin_t;
            let (ii_f, ii_l, ii_t) = (inv_i * ang_f, inv_i * ang_l, inv_i * ang_t);
            let inv_spin = 1.0 / wh.inertia;
            rows.push(Row {
                wheel: g.wheel,
                other: g.other,
                lin_f: f,
                ang_f,
                ii_f,
                spin_f,
                k_f: inv_m + ang_f.dot(ii_f) + spin_f * spin_f * inv_spin,
                lin_l: l,
                ang_l,
                ii_l,
                spin_l,
                k_l: inv_m + ang_l.dot(ii_l) + spin_l * spin_l * inv_spin,
                max: mu * g.impulse,
                acc_f: 0.0,
                acc_l: 0.0,
                ang_t,
                ii_t,
                spin_t,
                k_t: ang_t.dot(ii_t) + spin_t * spin_t * inv_spin,
                max_t: mu * g.twist,
                acc_t: 0.0,
            });
        }
        let motors = &mut scratch.motors;
        motors.clear();
        for i in hub.members.iter().map(|m| m.wheel) {
            let wh = &wheels[i];
            if wh.motor.max <= 0.0 || wh.motor.factor <= 0.0 {
                continue;
            }
            let a = body_pose.rotation * wh.axis;
            let ang = -a;
            let ii = inv_i * ang;
            let k = ang.dot(ii) + 1.0 / wh.inertia;
            // rapier's motor rows: force-based damping D is an impulse D·dt per unit speed;
            // acceleration-based scales it by the row's effective mass.
            let cfm = if wh.motor.force_based {
                1.0 / (dt * wh.motor.factor)
            } else {
                k / (dt * wh.motor.factor)
            };
            motors.push(MotorRow {
                wheel: i,
                ang,
                ii,
                k,
                cfm,
                target: wh.motor.target,
                limit: wh.motor.max * dt,
                acc: 0.0,
            });
        }
        // Warm start: each row begins with its impulse of the step before (without it, four
        // sweeps left a spinning M3 7 % short of the converged turn).
        for m in motors.iter_mut() {
            let wh = &mut wheels[m.wheel];
            let p = wh.warm[0].clamp(-m.limit, m.limit);
            m.acc = p;
            om += m.ii * p;
            wh.spin += p / wh.inertia;
        }
        for row in rows.iter_mut() {
            let wh = &mut wheels[row.wheel];
            if wh.warm_other != Some(row.other) {
                continue;
            }
            let (mut pf, mut pl) = (wh.warm[1], wh.warm[2]);
            let mag = (pf * pf + pl * pl).sqrt();
            if mag > row.max {
                let s = if mag > 0.0 { row.max / mag } else { 0.0 };
                pf *= s;
                pl *= s;
            }
            let pt = wh.warm[3].clamp(-row.max_t, row.max_t);
            row.acc_f = pf;
            row.acc_l = pl;
            row.acc_t = pt;
            v += (row.lin_f * pf + row.lin_l * pl) * inv_m;
            om += row.ii_f * pf + row.ii_l * pl + row.ii_t * pt;
            wh.spin += (row.spin_f * pf + row.spin_l * pl + row.spin_t * pt) / wh.inertia;
        }
        for _ in 0..SWEEPS {
            for m in motors.iter_mut() {
                let wh = &mut wheels[m.wheel];
                let speed = wh.spin + om.dot(m.ang);
                let d = (m.target - speed - m.cfm * m.acc) / (m.k + m.cfm);
                let new = (m.acc + d).clamp(-m.limit, m.limit);
                let p = new - m.acc;
                m.acc = new;
                om += m.ii * p;
                wh.spin += p / wh.inertia;
            }
            for row in rows.iter_mut() {
                let wh = &mut wheels[row.wheel];
                let vf = v.dot(row.lin_f) + om.dot(row.ang_f) + wh.spin * row.spin_f;
                let vl = v.dot(row.lin_l) + om.dot(row.ang_l) + wh.spin * row.spin_l;
                let mut nf = row.acc_f - vf / row.k_f;
                let mut nl = row.acc_l - vl / row.k_l;
                let mag = (nf * nf + nl * nl).sqrt();
                if mag > row.max {
                    let s = if mag > 0.0 { row.max / mag } else { 0.0 };
                    nf *= s;
                    nl *= s;
                }
                let (pf, pl) = (nf - row.acc_f, nl - row.acc_l);
                row.acc_f = nf;
                row.acc_l = nl;
                v += (row.lin_f * pf + row.lin_l * pl) * inv_m;
                om += row.ii_f * pf + row.ii_l * pl;
                wh.spin += (row.spin_f * pf + row.spin_l * pl) / wh.inertia;
                if row.max_t > 0.0 && row.k_t > 0.0 {
                    let vt = om.dot(row.ang_t) + wh.spin * row.spin_t;
                    let nt = (row.acc_t - vt / row.k_t).clamp(-row.max_t, row.max_t);
                    let pt = nt - row.acc_t;
                    row.acc_t = nt;
                    om += row.ii_t * pt;
                    wh.spin += row.spin_t * pt / wh.inertia;
                }
            }
        }
        for m in &hub.members {
            let wh = &mut wheels[m.wheel];
            wh.warm = [0.0; 4];
            wh.warm_other = None;
        }
        for m in motors.iter() {
            wheels[m.wheel].warm[0] = m.acc;
        }
        for row in rows.iter() {
            let wh = &mut wheels[row.wheel];
            if wh.warm_other.is_none() {
                wh.warm[1] = row.acc_f;
                wh.warm[2] = row.acc_l;
                wh.warm[3] = row.acc_t;
                wh.warm_other = Some(row.other);
            }
        }
        if let Some(rb) = bodies.get_mut(hub.body) {
            rb.set_linvel(v, true);
            rb.set_angvel(om, true);
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

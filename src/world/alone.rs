//! Robots alone on the floor, stepped by our own code instead of rapier's.
//!
//! A robot whose one rigid body stands on the ground on its wheels and caster balls, and
//! touches nothing else — no wall, box, mat or other robot within reach, none of its other
//! parts near the floor — needs from a physics engine only the floor's push on its feet.
//! rapier's step for such a body costs ≈ 29,000 instructions, nearly all of it its
//! bookkeeping for any scene (BENCHMARKS.md, issue 42); this step costs a few hundred.
//!
//! When every robot of the world is alone, [`World::step`](super::World::step) steps them
//! here and rapier not at all; otherwise rapier steps the world as before. Either way the
//! bodies' state lives in rapier's bodies, so a step of one kind follows a step of the
//! other with nothing handed over but the floor's impulses for the wheels' grip
//! (`grips.rs`).
//!
//! The feet: each wheel's contact line on a flat floor (its segment's two ends, its radius
//! below them; capsules and cylinders alike) and each caster ball. The floor pushes each
//! foot closer than rapier's prediction distance with rapier's soft contact law (the static
//! contact softness, its bias and speculative term), warm-started, in sweeps where every
//! foot sees the same velocities (Jacobi, each foot's effective mass shared among the feet
//! touching): a robot symmetric left to right stays so, where feet solved one after
//! another pushed the first ones harder and turned an M4 driving straight 43° in a minute.
//! No friction: the wheels grip (`wheels.rs`), casters and the floor do not.
//!
//! Sines and cosines are `libm`'s and products written out, so a tab steps as the desktop
//! does to the bit.

use super::wheels::Hub;
use super::{World, DT, GRAVITY, GROUND_GROUP, P3, Q, V3};
use rapier3d::parry::bounding_volume::{Aabb, BoundingVolume};
use rapier3d::prelude::*;

/// Clearance kept from walls, boxes and other robots round each robot's box, m: more than
/// rapier's contact prediction distance (2 cm) and a step's travel, so that rapier, had it
/// stepped, would have found no contact there either.
const MARGIN: f32 = 0.03;
/// The lowest corner of a robot's other parts (its brick, sensors, bumpers) stays this far
/// above the floor, m; lower, rapier steps the world (the floor's slab may push them).
const FLOOR_CLEAR: f32 = 0.003;
/// Sweeps of the floor's impulses a step (warm-started; 2, 4 and 8 drove an M4 60 s to
/// within 0.03 mm of each other).
const SWEEPS: usize = 2;
/// A foot this close to the floor is in contact (rapier's prediction distance at
/// `length_unit` 1).
const PREDICTION: f32 = 0.02;

/// The floor's push on one foot in the step before: the body, the contact point (world)
/// and the normal impulse, N·s (straight up).
#[derive(Clone, Copy, Debug)]
pub(super) struct FloorContact {
    pub body: RigidBodyHandle,
    /// The wheel the foot is an end of (None: a caster ball).
    pub wheel: Option<usize>,
    pub point: V3,
    pub impulse: f32,
}

#[derive(Clone, Debug)]
struct Foot {
    /// The centre of its rounded end (body frame) and the radius around it.
    local: V3,
    radius: f32,
    /// The wheel it is an end of (None: a caster ball).
    wheel: Option<usize>,
    /// The step before's normal impulse (warm start).
    impulse: f32,
}

/// How a robot stands when it stands alone.
#[derive(Clone, Debug)]
pub(super) struct Footing {
    body: RigidBodyHandle,
    feet: Vec<Foot>,
    /// The box round every shape of the robot (body frame).
    bounds: Aabb,
    /// The corners of the boxes round its other parts (body frame).
    corners: Vec<V3>,
    /// The step's rows (kept so that a step does not allocate).
    rows: Vec<Row>,
}

/// The floor's push on one foot touching it, in a step's sweeps.
#[derive(Clone, Copy, Debug)]
struct Row {
    foot: usize,
    /// (point − centre of mass) × up: how the push turns the body.
    arm: V3,
    /// The effective mass along the push (the body's, at the point).
    mass: f32,
    /// rapier's target: the speculative gap closed in one step, less the bias that lifts a
    /// foot sunk into the floor.
    rhs: f32,
    /// rapier's softness factor for a foot sunk into the floor (1 for one above it).
    soft: f32,
    impulse: f32,
}

/// Whether a robot is stepped by our own code while it is alone on the floor, and if not,
/// why rapier steps its world always (`lurobotsim robot show`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Standing {
    /// It stands on its feet: the ends of its wheels' contact lines and its caster balls.
    Alone { wheel_ends: usize, casters: usize },
    /// This part moves on a joint rapier solves (not a wheel's).
    Jointed(String),
    /// A part that meets the floor is neither a wheel nor a caster ball.
    OtherFoot,
    /// No wheel or caster ball of it meets the floor.
    NoFeet,
}

impl Footing {
    /// Robot `body`'s footing, if it can stand alone: one rigid body whose shapes are its
    /// wheels (`hubs`, on it), caster balls and parts that meet only the floor's slab. Any
    /// other shape that meets the ground: rapier steps that robot's world always.
    fn of(
        body: RigidBodyHandle,
        hubs: &[&Hub],
        bodies: &RigidBodySet,
        colliders: &ColliderSet,
    ) -> Result<Footing, Standing> {
        let rb = bodies.get(body).ok_or(Standing::NoFeet)?;
        let mut f = Footing {
            body,
            feet: Vec::new(),
            bounds: Aabb::new_invalid(),
            corners: Vec::new(),
            rows: Vec::new(),
        };
        for &c in rb.colliders() {
            let col = colliders.get(c).ok_or(Standing::OtherFoot)?;
            let local = col.position_wrt_parent().copied().unwrap_or(P3::IDENTITY);
            let aabb = col.shape().compute_aabb(&local);
            f.bounds.merge(&aabb);
            let corners = aabb.vertices();
            if col.is_sensor() {
                continue;
            }
            if let Some(hub) = hubs.iter().find(|h| h.collider == c) {
                for m in &hub.members {
                    for end in [m.centre - m.dir * m.half, m.centre + m.dir * m.half] {
                        f.feet.push(Foot {
                            local: local * end,
                            radius: m.radius,
                            wheel: Some(m.wheel),
                            impulse: 0.0,
                        });
                    }
                }
            } else if hubs.iter().any(|h| h.hull == Some(c)) {
                // The wheels' hull for the ground: its feet are the wheels'.
            } else if col.collision_groups().filter.contains(GROUND_GROUP) {
                let ball = col.shape().as_ball().ok_or(Standing::OtherFoot)?;
                f.feet.push(Foot {
                    local: local.translation,
                    radius: ball.radius,
                    wheel: None,
                    impulse: 0.0,
                });
            } else {
                f.corners.extend(corners);
            }
        }
        if f.feet.is_empty() {
            return Err(Standing::NoFeet);
        }
        Ok(f)
    }

    /// One 1 ms step of the body on the floor: gravity, the floor's push on each foot, the
    /// move. `fresh`: the step before was rapier's, so the feet start from the body's weight
    /// shared among those touching. Each foot touching is added to `contacts`.
    fn step(
        &mut self,
        bodies: &mut RigidBodySet,
        params: &IntegrationParameters,
        fresh: bool,
        contacts: &mut Vec<FloorContact>,
    ) {
        let Some(rb) = bodies.get(self.body) else {
            return;
        };
        let pose = *rb.position();
        let com = rb.center_of_mass();
        let local_com = rb.local_center_of_mass();
        let inv_m = if rb.mass() > 0.0 {
            1.0 / rb.mass()
        } else {
            0.0
        };
        let inv_i = rb.mass_properties().effective_world_inv_inertia;
        let mut v = rb.linvel() + V3::new(0.0, GRAVITY * DT, 0.0);
        let mut w = rb.angvel();
        let cfm = params.static_contact_softness.cfm_factor(DT);
        let erp = params.static_contact_softness.erp_inv_dt(DT);
        let max_corrective = params.max_corrective_velocity();
        // Each foot touching: its row (the floor's push along +Y at its lowest point).
        self.rows.clear();
        let start = contacts.len();
        for (i, foot) in self.feet.iter_mut().enumerate() {
            let centre = pose * foot.local;
            let d = centre.y - foot.radius;
            if d >= PREDICTION {
                foot.impulse = 0.0;
                continue;
            }
            let point = V3::new(centre.x, d, centre.z);
            let arm = (point - com).cross(V3::Y);
            let k = inv_m + arm.dot(inv_i * arm);
            self.rows.push(Row {
                foot: i,
                arm,
                mass: if k > 0.0 { 1.0 / k } else { 0.0 },
                rhs: d.max(0.0) / DT + (d * erp).clamp(-max_corrective, 0.0),
                soft: if d <= 0.0 { cfm } else { 1.0 },
                impulse: foot.impulse,
            });
            contacts.push(FloorContact {
                body: self.body,
                wheel: foot.wheel,
                point,
                impulse: 0.0,
            });
        }
        let share = 1.0 / self.rows.len().max(1) as f32;
        if fresh {
            let weight = if inv_m > 0.0 {
                -GRAVITY * DT / inv_m
            } else {
                0.0
            };
            for r in &mut self.rows {
                r.impulse = weight * share;
            }
        }
        for r in &self.rows {
            v.y += r.impulse * inv_m;
            w += inv_i * r.arm * r.impulse;
        }
        for _ in 0..SWEEPS {
            let (v0, w0) = (v, w);
            for r in &mut self.rows {
                let vn = v0.y + w0.dot(r.arm);
                let new = (r.soft * (r.impulse - share * r.mass * (vn + r.rhs))).max(0.0);
                let dl = new - r.impulse;
                r.impulse = new;
                v.y += dl * inv_m;
                w += inv_i * r.arm * dl;
            }
        }
        for (r, c) in self.rows.iter().zip(&mut contacts[start..]) {
            self.feet[r.foot].impulse = r.impulse;
            c.impulse = r.impulse;
        }
        // The move, about the centre of mass.
        let rotation = turned(pose.rotation, w * DT);
        let translation = com + v * DT - rotation * local_com;
        let Some(rb) = bodies.get_mut(self.body) else {
            return;
        };
        rb.set_position(P3::from_parts(translation, rotation), false);
        rb.set_linvel(v, false);
        rb.set_angvel(w, false);
    }
}

/// `q` turned by the rotation vector `a` (world), renormalised; products written out and
/// `libm`'s sine and cosine, the same to the bit in a tab.
fn turned(q: Q, a: V3) -> Q {
    let angle = a.length();
    if angle == 0.0 {
        return q;
    }
    let half = 0.5 * angle;
    let s = libm::sinf(half) / angle;
    let (x1, y1, z1, w1) = (a.x * s, a.y * s, a.z * s, libm::cosf(half));
    let (x2, y2, z2, w2) = (q.x, q.y, q.z, q.w);
    let x = w1 * x2 + x1 * w2 + (y1 * z2 - z1 * y2);
    let y = w1 * y2 + y1 * w2 + (z1 * x2 - x1 * z2);
    let z = w1 * z2 + z1 * w2 + (x1 * y2 - y1 * x2);
    let w = w1 * w2 - (x1 * x2 + y1 * y2 + z1 * z2);
    let n = (x * x + y * y + z * z + w * w).sqrt();
    Q::from_xyzw(x / n, y / n, z / n, w / n)
}

impl World {
    /// Each robot's footing (None for one that cannot stand alone), once built.
    pub(super) fn build_footings(&mut self) {
        for r in 0..self.robots.len() {
            self.robots[r].footing = self.footing_of(r).ok();
        }
    }

    /// Robot `r`'s footing, or why it has none.
    fn footing_of(&self, r: usize) -> Result<Footing, Standing> {
        let robot = &self.robots[r];
        if let Some(p) = robot.parts.iter().find(|p| p.body != robot.brick) {
            return Err(Standing::Jointed(p.name.clone()));
        }
        let hubs: Vec<&Hub> = self.hubs.iter().filter(|h| h.body == robot.brick).collect();
        Footing::of(robot.brick, &hubs, &self.bodies, &self.colliders)
    }

    /// Whether robot `r` is stepped by our own code when it is alone on the floor (see the
    /// module's notes), and if not, why.
    pub fn standing(&self, r: usize) -> Standing {
        match self.footing_of(r) {
            Ok(f) => Standing::Alone {
                wheel_ends: f.feet.iter().filter(|x| x.wheel.is_some()).count(),
                casters: f.feet.iter().filter(|x| x.wheel.is_none()).count(),
            },
            Err(why) => why,
        }
    }

    /// Whether every robot stands alone now (see the module's notes).
    pub(super) fn all_alone(&self) -> bool {
        if self.rapier_only {
            return false;
        }
        for (i, robot) in self.robots.iter().enumerate() {
            let Some(f) = &robot.footing else {
                return false;
            };
            let Some(rb) = self.bodies.get(f.body) else {
                return false;
            };
            let pose = rb.position();
            if f.corners.iter().any(|c| (pose * *c).y < FLOOR_CLEAR) {
                return false;
            }
            let reach = f.bounds.transform_by(pose).loosened(MARGIN);
            for &w in self.walls.iter().chain(self.added.iter().flatten()) {
                if self
                    .colliders
                    .get(w)
                    .is_some_and(|c| c.compute_aabb().intersects(&reach))
                {
                    return false;
                }
            }
            for other in &self.robots[i + 1..] {
                let (Some(g), Some(ob)) = (&other.footing, self.bodies.get(other.brick)) else {
                    return false;
                };
                if g.bounds.transform_by(ob.position()).intersects(&reach) {
                    return false;
                }
            }
        }
        true
    }

    /// Steps every robot on the floor by our own code (they are all alone), keeping the
    /// floor's impulses for the next step's grip.
    pub(super) fn step_alone(&mut self, fresh: bool) {
        let mut contacts = std::mem::take(&mut self.floor_contacts);
        contacts.clear();
        for robot in &mut self.robots {
            if let Some(f) = &mut robot.footing {
                f.step(&mut self.bodies, &self.params, fresh, &mut contacts);
            }
        }
        self.floor_contacts = contacts;
    }
}

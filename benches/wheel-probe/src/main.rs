//! Issue 24's wheel probe (README.md here): the M4 or M3 in plain rapier 0.36.1, its wheels
//! either rapier's (a body each on a motorised revolute joint, as lurobotsim builds them) or
//! our own (colliders of the brick, one compound, with sequential impulses of our own along
//! and across each wheel before rapier's step, and a motor on the wheel's own spin).
//!
//!   wheel-probe (joints|own|own2) (m4|m3) LEVEL (fwd|spin) SECONDS
//!     joints  rapier's jointed wheels; own: our wheels, each its own collider;
//!     own2    our wheels as one compound collider (one contact pair, clustered);
//!     fwd     A and C forward at ROBOLAB level LEVEL; spin: A forward, C reverse for 2 s,
//!             then brake (the turning test).
//! Prints the brick's position, the revolutions turned and steps/s (wall clock: read
//! callgrind's instruction counts instead on a shared machine).
use rapier3d::prelude::*;
use std::time::Instant;

type V3 = rapier3d::math::Vector;
type Q = rapier3d::math::Rotation;
type P3 = rapier3d::math::Pose;

const DT: f32 = 0.001;
const CURVE: [f32; 5] = [19.4, 20.4, 22.3, 24.3, 25.1];
const R: f32 = 0.021;
const HALF: f32 = 0.0065;
const MU: f32 = 10.0;
const TMAX: f32 = 0.1;

struct Wheel {
    local: V3,           // wheel centre in the body frame
    driven: Option<i32>, // Some(sign): +1 forward on A, -1 for C in spin
    s: f32,              // rolling speed ω r, m/s
    j: f32,              // I / r², kg
    coll: ColliderHandle,
    lam_f: f32,
    lam_l: f32,
    lam_m: f32,
}

struct W {
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
    pipeline: PhysicsPipeline,
    ground: ColliderHandle,
}

fn new_world() -> W {
    let mut params = IntegrationParameters {
        dt: DT,
        num_solver_iterations: 1,
        num_internal_stabilization_iterations: 2,
        max_ccd_substeps: 0,
        ..Default::default()
    };
    params.contact_softness.natural_frequency = 500.0;
    params.static_contact_softness.natural_frequency = 500.0;
    let mut colliders = ColliderSet::new();
    let ground = colliders
        .insert(ColliderBuilder::halfspace(rapier3d::na::Unit::new_unchecked(V3::Y)).friction(MU));
    W {
        params,
        islands: IslandManager::new(),
        broad: BroadPhaseBvh::default(),
        narrow: NarrowPhase::new(),
        bodies: RigidBodySet::new(),
        colliders,
        joints: ImpulseJointSet::new(),
        multibody: MultibodyJointSet::new(),
        soft: SoftBodySet::new(),
        ccd: CCDSolver::new(),
        pipeline: PhysicsPipeline::new(),
        ground,
    }
}

impl W {
    fn step(&mut self) {
        self.pipeline.step(
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
    }
}

fn wheel_positions(m3: bool) -> Vec<(V3, Option<i32>)> {
    let mut v = vec![
        (V3::new(0.09, 0.021, -0.057), Some(1)), // left, A
        (V3::new(0.09, 0.021, 0.057), Some(-1)), // right, C
    ];
    if !m3 {
        v.push((V3::new(-0.09, 0.021, -0.057), None));
        v.push((V3::new(-0.09, 0.021, 0.057), None));
    }
    v
}

/// The RCX brick (robots/M4.toml) at y 0.05; M3's caster as lurobotsim builds it: a
/// frictionless ball fixed to the brick.
fn build_brick(w: &mut W, m3: bool) -> RigidBodyHandle {
    let brick = w.bodies.insert(
        RigidBodyBuilder::dynamic()
            .pose(P3::from_parts(V3::new(0.0, 0.05, 0.0), Q::IDENTITY))
            .can_sleep(false)
            .build(),
    );
    w.colliders.insert_with_parent(
        ColliderBuilder::cuboid(0.0625, 0.025, 0.032).density(1428.0),
        brick,
        &mut w.bodies,
    );
    if m3 {
        w.colliders.insert_with_parent(
            ColliderBuilder::ball(0.021)
                .density(714.0)
                .friction(0.0)
                .friction_combine_rule(CoefficientCombineRule::Min)
                .position(P3::from_parts(V3::new(-0.09, -0.029, 0.0), Q::IDENTITY)),
            brick,
            &mut w.bodies,
        );
    }
    brick
}

fn build_joints(w: &mut W, m3: bool) -> (RigidBodyHandle, Vec<(ImpulseJointHandle, Option<i32>)>) {
    let brick = build_brick(w, m3);
    let mut js = vec![];
    for (p, d) in wheel_positions(m3) {
        let wb = w.bodies.insert(
            RigidBodyBuilder::dynamic()
                .pose(P3::from_parts(p, Q::IDENTITY))
                .can_sleep(false)
                .build(),
        );
        w.colliders.insert_with_parent(
            ColliderBuilder::capsule_z(HALF, R)
                .density(714.0)
                .friction(MU),
            wb,
            &mut w.bodies,
        );
        let mut j = RevoluteJointBuilder::new(V3::Z)
            .local_anchor1(p - V3::new(0.0, 0.05, 0.0))
            .local_anchor2(V3::ZERO)
            .contacts_enabled(false);
        if d.is_some() {
            j = j
                .motor_model(MotorModel::AccelerationBased)
                .motor_velocity(0.0, 1.0e6)
                .motor_max_force(TMAX);
        }
        let h = w.joints.insert(brick, wb, j, true);
        js.push((h, d));
    }
    (brick, js)
}

fn build_own(w: &mut W, m3: bool, compound: bool) -> (RigidBodyHandle, Vec<Wheel>) {
    // One compound holds the wheels and M3's caster: every contact with the floor is then
    // one clustered manifold, one constraint.
    let brick = build_brick(w, m3 && !compound);
    let mut ws = vec![];
    let mut parts = vec![];
    for (p, _) in wheel_positions(m3) {
        parts.push((
            P3::from_parts(p - V3::new(0.0, 0.05, 0.0), Q::IDENTITY),
            SharedShape::capsule_z(HALF, R),
        ));
    }
    if m3 {
        parts.push((
            P3::from_parts(V3::new(-0.09, -0.029, 0.0), Q::IDENTITY),
            SharedShape::ball(0.021),
        ));
    }
    let comp = if compound {
        Some(
            w.colliders.insert_with_parent(
                ColliderBuilder::compound(parts)
                    .density(714.0)
                    .friction(0.0)
                    .friction_combine_rule(CoefficientCombineRule::Min),
                brick,
                &mut w.bodies,
            ),
        )
    } else {
        None
    };
    for (p, d) in wheel_positions(m3) {
        let local = p - V3::new(0.0, 0.05, 0.0);
        let cb = ColliderBuilder::capsule_z(HALF, R)
            .density(714.0)
            .friction(0.0)
            .friction_combine_rule(CoefficientCombineRule::Min)
            .position(P3::from_parts(local, Q::IDENTITY));
        let mp = cb.shape.mass_properties(714.0);
        let iz = mp.principal_inertia().z;
        let coll = match comp {
            Some(c) => c,
            None => w.colliders.insert_with_parent(cb, brick, &mut w.bodies),
        };
        ws.push(Wheel {
            local,
            driven: d,
            s: 0.0,
            j: iz / (R * R),
            coll,
            lam_f: 0.0,
            lam_l: 0.0,
            lam_m: 0.0,
        });
    }
    (brick, ws)
}

/// Our wheels: sequential impulses on the body's velocity before rapier's step.
fn own_wheels(w: &mut W, brick: RigidBodyHandle, ws: &mut [Wheel], targets: &[Option<f32>; 4]) {
    let g = w.ground;
    // Normal forces from the last step's contact impulses.
    let mut n_imp = [0.0f32; 4];
    let compound = ws.len() > 1 && ws[0].coll == ws[1].coll;
    if compound {
        if let Some(pair) = w.narrow.contact_pair(g, ws[0].coll) {
            let ground_first = pair.collider1 == g;
            let r = pair.rigid().unwrap();
            let ms = if r.solver_clusters.is_empty() {
                &r.manifolds
            } else {
                &r.solver_clusters
            };
            for m in ms {
                for p in &m.points {
                    let lp = if ground_first { p.local_p2 } else { p.local_p1 };
                    // The wheel whose capsule holds the point (a caster's point is none's).
                    let near =
                        |k: usize| (ws[k].local.x - lp.x).abs() + (ws[k].local.z - lp.z).abs();
                    if let Some(k) = (0..ws.len()).find(|k| near(*k) < 0.04) {
                        n_imp[k] += p.data.impulse;
                    }
                }
            }
        }
    } else {
        for (k, wh) in ws.iter().enumerate() {
            if let Some(pair) = w.narrow.contact_pair(g, wh.coll) {
                for m in pair.manifolds() {
                    for p in &m.points {
                        n_imp[k] += p.data.impulse;
                    }
                }
            }
        }
    }
    let rb = &w.bodies[brick];
    let pose = *rb.position();
    let com = rb.center_of_mass();
    let inv_m = 1.0 / rb.mass();
    let inv_i = rb.mass_properties().effective_world_inv_inertia;
    let mut v = rb.linvel();
    let mut om = rb.angvel();
    let up = V3::Y;
    struct C {
        r: V3,
        f: V3,
        l: V3,
        kf: f32,
        kl: f32,
        max: f32,
    }
    let mut cs: [C; 4] = std::array::from_fn(|_| C {
        r: V3::ZERO,
        f: V3::ZERO,
        l: V3::ZERO,
        kf: 0.0,
        kl: 0.0,
        max: 0.0,
    });
    for (k, wh) in ws.iter_mut().enumerate() {
        let centre = pose * wh.local;
        let axle = pose.rotation * V3::Z;
        let p = centre - up * R;
        let f = up.cross(axle).normalize();
        let l = f.cross(up).normalize();
        let r = p - com;
        let kf = inv_m + (r.cross(f)).dot(inv_i * r.cross(f));
        let kl = inv_m + (r.cross(l)).dot(inv_i * r.cross(l));
        let touching = centre.y - R < 0.003 || n_imp[k] > 0.0;
        let max = if touching { MU * n_imp[k] } else { 0.0 };
        wh.lam_f = 0.0;
        wh.lam_l = 0.0;
        wh.lam_m = 0.0;
        cs[k] = C {
            r,
            f,
            l,
            kf,
            kl,
            max,
        };
    }
    for _ in 0..4 {
        for (k, wh) in ws.iter_mut().enumerate() {
            let c = &cs[k];
            // Motor on the wheel's own spin.
            if let Some(t) = targets[k] {
                let lim = TMAX / R * DT;
                let d = wh.j * (t * R - wh.s);
                let old = wh.lam_m;
                wh.lam_m = (old + d).clamp(-lim, lim);
                wh.s += (wh.lam_m - old) / wh.j;
            }
            // Along: contact velocity equals rolling speed.
            let vp = v + om.cross(c.r);
            let slip = vp.dot(c.f) - wh.s;
            let d = -slip / (c.kf + 1.0 / wh.j);
            let old_f = wh.lam_f;
            let old_l = wh.lam_l;
            let mut nf = old_f + d;
            // Across: no sideways slip.
            let vp2 = vp + (c.f * (d) * inv_m) + (inv_i * c.r.cross(c.f * d)).cross(c.r);
            let dl = -vp2.dot(c.l) / c.kl;
            let mut nl = old_l + dl;
            let mag = (nf * nf + nl * nl).sqrt();
            if mag > c.max {
                let s = if mag > 0.0 { c.max / mag } else { 0.0 };
                nf *= s;
                nl *= s;
            }
            let imp = c.f * (nf - old_f) + c.l * (nl - old_l);
            v += imp * inv_m;
            om += inv_i * c.r.cross(imp);
            wh.s -= (nf - old_f) / wh.j;
            wh.lam_f = nf;
            wh.lam_l = nl;
        }
    }
    let rb = &mut w.bodies[brick];
    rb.set_linvel(v, true);
    rb.set_angvel(om, true);
}

fn yaw(w: &W, b: RigidBodyHandle) -> f32 {
    let fwd = w.bodies[b].rotation() * V3::X;
    (-fwd.z).atan2(fwd.x)
}

/// The brick's yaw change since `last` (unwrapped), and `last` set to the new yaw.
fn yaw_step(w: &W, brick: RigidBodyHandle, last: &mut f32) -> f32 {
    let y = yaw(w, brick);
    let d = (y - *last + std::f32::consts::PI).rem_euclid(2.0 * std::f32::consts::PI)
        - std::f32::consts::PI;
    *last = y;
    d
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let own = a[1].starts_with("own");
    let compound = a[1] == "own2";
    let m3 = a[2] == "m3";
    let level: usize = a[3].parse().unwrap();
    let spin = a[4] == "spin";
    let secs: f32 = a[5].parse().unwrap();
    let steps = (secs / DT).round() as u64;
    let omega = CURVE[level - 1];
    let mut w = new_world();
    let start = Instant::now();
    let mut turned = 0.0f32;
    let (brick, x, ret) = if own {
        let (brick, mut ws) = build_own(&mut w, m3, compound);
        let mut last = yaw(&w, brick);
        for s in 0..steps {
            let t = s as f32 * DT;
            let mut targets = [None; 4];
            for (k, t) in ws
                .iter()
                .map(|wh| {
                    wh.driven.map(|sign| {
                        if spin {
                            if t < 2.0 {
                                omega * sign as f32
                            } else {
                                0.0
                            }
                        } else {
                            omega
                        }
                    })
                })
                .enumerate()
            {
                targets[k] = t;
            }
            own_wheels(&mut w, brick, &mut ws, &targets);
            w.step();
            turned += yaw_step(&w, brick, &mut last);
        }
        (brick, w.bodies[brick].translation().x, ())
    } else {
        let (brick, js) = build_joints(&mut w, m3);
        let mut last = yaw(&w, brick);
        for s in 0..steps {
            let t = s as f32 * DT;
            for (h, d) in &js {
                if let Some(sign) = d {
                    let tgt = if spin {
                        if t < 2.0 {
                            omega * *sign as f32
                        } else {
                            0.0
                        }
                    } else {
                        omega
                    };
                    let j = w.joints.get_mut(*h, true).unwrap();
                    // forward (+X) is a negative angular velocity about +Z (wheel - brick)
                    j.data.set_motor_velocity(JointAxis::AngX, -tgt, 1.0e6);
                }
            }
            w.step();
            turned += yaw_step(&w, brick, &mut last);
        }
        (brick, w.bodies[brick].translation().x, ())
    };
    let _ = ret;
    let el = start.elapsed().as_secs_f64();
    let t = w.bodies[brick].translation();
    println!(
        "{} {} L{} {}: x {:.4} y {:.4} z {:.4} revs {:.3} | {:.0} steps/s",
        a[1],
        a[2],
        level,
        a[4],
        x,
        t.y,
        t.z,
        turned / (2.0 * std::f32::consts::PI),
        steps as f64 / el
    );
}

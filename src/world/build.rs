//! Instantiating a [`RobotModel`] in the world: its rigid bodies, the shapes on them, its
//! wheels' hubs (`wheels.rs`), its rapier joints, motors and sensors. Every choice was made
//! by the model; this only inserts, in the order the golden tests pin (bodies, shapes in
//! file order, hubs, joints).

use super::model::{BodyRole, Drives, JointRole, RobotModel};
use super::sensors::{Hinge, Sensor};
use super::view::{euler, shape_of, v3};
use super::{spec, wheels, Drive, Motor, Part, Robot, World, P3, Q, V3};
use rapier3d::prelude::*;
use std::sync::Arc;

/// What a robot's bodies and shapes became: each rigid body (name, handle, position in the
/// robot frame), each collider by its body's name, and the drawn parts.
#[derive(Default)]
struct Built {
    bodies: Vec<(String, RigidBodyHandle, V3)>,
    colliders: Vec<(String, ColliderHandle)>,
    parts: Vec<Part>,
}

impl Built {
    fn body(&self, name: &str) -> Option<(RigidBodyHandle, V3)> {
        self.bodies.iter().find(|x| x.0 == name).map(|x| (x.1, x.2))
    }
}

/// A robot's parts' collision groups (`own` its bit): a part of the brick's body meets the
/// ground's slab; a free ball (which rolls on the floor) and every part of the robot's other
/// rigid bodies (a wheel rapier solves as a hinge, an arm) its half-space
/// (`super::SLAB_GROUP`), as before the slab: a cylinder rolling on the slab's 2 km box went
/// wild (test `robot_show_says_why_a_wheel_with_a_touch_sensor_on_it_is_a_solved_hinge`).
fn part_groups(own: Group) -> (InteractionGroups, InteractionGroups) {
    let part = Group::ALL ^ own ^ super::GROUND_GROUP;
    let ball = Group::ALL ^ own ^ super::SLAB_GROUP;
    (
        InteractionGroups::new(own, part, InteractionTestMode::And),
        InteractionGroups::new(own, ball, InteractionTestMode::And),
    )
}

/// The collision groups of body `bi`'s shape in robot `model` (`own` its bit): the slab's
/// for a shape on the brick's own body, the half-space's for a free ball and for a shape on
/// any other rigid body.
fn groups_of(model: &RobotModel, bi: usize, own: Group) -> InteractionGroups {
    let (slab, floor) = part_groups(own);
    match model.bodies[bi] {
        BodyRole::Attached(to) if to == model.brick => slab,
        BodyRole::Body if bi == model.brick => slab,
        _ => floor,
    }
}

/// The spec's checks guarantee every name the builder looks up; this only guards it.
fn missing(spec: &spec::RobotSpec, name: &str) -> spec::SpecError {
    spec::SpecError {
        file: spec.file.clone(),
        line: 0,
        message: format!("no body named \"{name}\""),
    }
}

impl World {
    /// Robot `k` of the world, built from its file at `at`.
    pub(super) fn build_robot(
        &mut self,
        k: usize,
        at: P3,
        shared: Arc<spec::RobotSpec>,
    ) -> Result<Robot, spec::SpecError> {
        let model = RobotModel::of(shared);
        let spec = model.spec.as_ref();
        // Each robot has its own group bit: it collides with the environment and other
        // robots, never with itself (the brick never needs to touch its own wheels).
        let own = Group::from_bits_truncate(1u32 << (1 + k % 29));
        let mut built = Built::default();
        for (b, role) in spec.bodies.iter().zip(&model.bodies) {
            if *role != BodyRole::Body {
                continue;
            }
            let pos = v3(*b.position.get_ref());
            let rot = euler(*b.rotation.get_ref());
            let body = RigidBodyBuilder::dynamic()
                .pose(at * P3::from_parts(pos, rot))
                .can_sleep(false)
                .build();
            let h = self.bodies.insert(body);
            built.bodies.push((b.name.get_ref().clone(), h, pos));
        }
        let first_wheel = self.wheels.len();
        let hubs = self.insert_shapes(k, own, &model, &mut built)?;
        for hb in hubs {
            let hub = hb.build(own, &mut self.colliders, &mut self.bodies);
            self.hubs.push(hub);
        }
        // A wheel's collider (for a touch sensor's name) is its hub's compound.
        for (w, wm) in model.wheels.iter().enumerate() {
            let hub = &self.hubs[self.wheels[first_wheel + w].hub];
            let name = spec.bodies[wm.body].name.get_ref().clone();
            built.colliders.push((name, hub.collider));
        }
        let (motors, hinges) = self.insert_joints(&model, first_wheel, &built)?;
        let sensors =
            Sensor::build_all(spec, self.realism, &built.colliders, &built.bodies, &hinges)?;
        let brick = spec.bodies[model.brick].name.get_ref();
        let brick = built
            .body(brick)
            .map(|x| x.0)
            .ok_or_else(|| missing(spec, brick))?;
        Ok(Robot {
            spec: model.spec.clone(),
            outputs: Default::default(),
            brick,
            parts: built.parts,
            motors,
            sensors,
            footing: None,
        })
    }

    /// Every shape of the model in file order: a wheel's into its carrier's hub (returned,
    /// to be built once all are in), any other as a collider on its body; each a drawn part.
    fn insert_shapes(
        &mut self,
        k: usize,
        own: Group,
        model: &RobotModel,
        built: &mut Built,
    ) -> Result<Vec<wheels::HubBuilder>, spec::SpecError> {
        let spec = model.spec.as_ref();
        let name = |bi: usize| spec.bodies[bi].name.get_ref().as_str();
        let pose_of = |bi: usize| {
            let b = &spec.bodies[bi];
            P3::from_parts(v3(*b.position.get_ref()), euler(*b.rotation.get_ref()))
        };
        // Each carrier's compound of wheels; the wheels by their hinges' order, whatever the
        // order of the bodies.
        let mut hubs: Vec<wheels::HubBuilder> = Vec::new();
        let mut new_wheels: Vec<Option<wheels::Wheel>> = vec![None; model.wheels.len()];
        let first_wheel = self.wheels.len();
        for (bi, b) in spec.bodies.iter().enumerate() {
            let (builder, shape, local_rot) = shape_of(b);
            let pos = v3(*b.position.get_ref());
            let rot = euler(*b.rotation.get_ref());
            let on = match model.bodies[bi] {
                BodyRole::Wheel(wi) => {
                    let wm = model.wheels[wi];
                    let j = &spec.joints[wm.joint];
                    let carrier = name(wm.carrier);
                    let (h, _) = built.body(carrier).ok_or_else(|| missing(spec, carrier))?;
                    let carrier_pose = pose_of(wm.carrier);
                    let centre = carrier_pose.inverse() * P3::from_parts(pos, rot);
                    let local = centre * P3::from_rotation(local_rot);
                    let axis = (carrier_pose.rotation.inverse() * v3(*j.axis.get_ref()))
                        .normalize_or_zero();
                    let hub = match hubs.iter().position(|x| x.body == h) {
                        Some(i) => i,
                        None => {
                            hubs.push(wheels::HubBuilder::new(h));
                            hubs.len() - 1
                        }
                    };
                    let index = first_wheel + wi;
                    let shared = builder.shape.clone();
                    let mp = wheels::mass_of(b, &shared);
                    let inertia = hubs[hub].add(local, shared, mp, index, axis);
                    new_wheels[wi] = Some(wheels::Wheel {
                        robot: k,
                        hub: self.hubs.len() + hub,
                        centre: centre.translation,
                        axis,
                        friction: b.friction.as_ref().map_or(0.5, |f| *f.get_ref()),
                        // A wheel without mass would spin up at once; it gets a tiny one.
                        inv_inertia: 1.0 / inertia.max(1e-9),
                        spin: 0.0,
                        angle: 0.0,
                        motor: if j.output.is_some() {
                            self.first_motor_row(spec)
                        } else {
                            wheels::SpinMotor::default()
                        },
                        warm: [0.0; 4],
                        warm_other: None,
                    });
                    built.parts.push(Part::of(b, h, local, shape, Some(index)));
                    continue;
                }
                BodyRole::Body => None,
                BodyRole::Attached(to) | BodyRole::Caster(to) => Some(name(to)),
            };
            let (h, attached) = match on {
                None => {
                    let (h, _) = built
                        .body(b.name.get_ref())
                        .ok_or_else(|| missing(spec, b.name.get_ref()))?;
                    (h, P3::from_parts(V3::ZERO, Q::IDENTITY))
                }
                Some(to) => {
                    let (h, ppos) = built.body(to).ok_or_else(|| missing(spec, to))?;
                    (h, P3::from_parts(pos - ppos, rot))
                }
            };
            // Bodies with draw-only shapes keep their draw rotation in `local`; the collider
            // is placed identically so the picture matches the physics.
            let local = attached * P3::from_rotation(local_rot);
            built.parts.push(Part::of(b, h, local, shape, None));
            let mut builder = builder
                .position(local)
                .collision_groups(groups_of(model, bi, own))
                .friction(b.friction.as_ref().map_or(0.5, |f| *f.get_ref()));
            builder = match b.weight() {
                Some(spec::Weight::Mass(m)) => builder.mass(m),
                Some(spec::Weight::Density(d)) => builder.density(d),
                // Attached shapes without a mass add nothing to the body's inertia.
                None => builder.density(0.0),
            };
            // A free ball (caster) is a frictionless ball fixed to the body it hangs from: it
            // pushes but never drags, as a ball turning freely does, and has no joint.
            if matches!(model.bodies[bi], BodyRole::Caster(_)) {
                builder = builder
                    .friction(0.0)
                    .friction_combine_rule(CoefficientCombineRule::Min);
            }
            // Drawn only and massless: no collider (as one it cost work every step, issue 42).
            if !b.collider && b.weight().is_none() {
                continue;
            }
            if !b.collider {
                builder = builder
                    .sensor(true)
                    .collision_groups(InteractionGroups::none());
            }
            let ch = self
                .colliders
                .insert_with_parent(builder, h, &mut self.bodies);
            built.colliders.push((b.name.get_ref().clone(), ch));
        }
        self.wheels.extend(new_wheels.into_iter().flatten());
        Ok(hubs)
    }

    /// The model's rapier joints in file order (wheels and casters have none), the motors
    /// in joint order, and every hinge by name for the rotation sensors.
    #[allow(clippy::type_complexity)]
    fn insert_joints(
        &mut self,
        model: &RobotModel,
        first_wheel: usize,
        built: &Built,
    ) -> Result<(Vec<Motor>, Vec<(String, Hinge)>), spec::SpecError> {
        let spec = model.spec.as_ref();
        let mut hinges = Vec::new();
        let mut handles = vec![None; spec.joints.len()];
        for (ji, (j, m)) in spec.joints.iter().zip(&model.joints).enumerate() {
            let hinge = match m.role {
                JointRole::Caster => continue,
                JointRole::Wheel(w) => Hinge::Wheel(first_wheel + w),
                JointRole::Hinge | JointRole::Ball => {
                    let body = |n: &toml::Spanned<String>| {
                        built
                            .body(n.get_ref())
                            .ok_or_else(|| missing(spec, n.get_ref()))
                    };
                    let (b1, p1) = body(&j.body1)?;
                    let (b2, p2) = body(&j.body2)?;
                    let anchor = v3(*j.anchor.get_ref());
                    let h = if m.role == JointRole::Ball {
                        let joint = SphericalJointBuilder::new()
                            .local_anchor1(anchor - p1)
                            .local_anchor2(anchor - p2)
                            .contacts_enabled(false);
                        self.joints.insert(b1, b2, joint, true)
                    } else {
                        let axis = v3(*j.axis.get_ref()).normalize_or_zero();
                        let mut joint = RevoluteJointBuilder::new(axis)
                            .local_anchor1(anchor - p1)
                            .local_anchor2(anchor - p2)
                            .contacts_enabled(false);
                        if j.output.is_some() {
                            joint = self.motor_setup(spec, joint);
                        }
                        self.joints.insert(b1, b2, joint, true)
                    };
                    handles[ji] = Some(h);
                    Hinge::Joint(h)
                }
            };
            hinges.push((j.name.get_ref().clone(), hinge));
        }
        let motors = model
            .motors
            .iter()
            .filter_map(|m| {
                let drive = match m.drives {
                    Drives::Wheel(w) => Drive::Wheel(first_wheel + w),
                    Drives::Joint(j) => Drive::Joint(handles[j]?),
                };
                Some(Motor {
                    drive,
                    output: m.output.index(),
                    reverse: m.reverse,
                })
            })
            .collect();
        Ok((motors, hinges))
    }
}

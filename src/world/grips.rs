//! What each wheel stood on in the step before, for its grip (`wheels.rs`): the normal
//! impulses at its contacts, from rapier's contact manifolds after a step rapier solved, or
//! from our own floor contacts after a step we did (`alone.rs`).

use super::alone::FloorContact;
use super::wheels::{Grip, Hub, Member, Wheel};
use super::{P3, V3};
use rapier3d::prelude::*;

/// Where the wheels' contacts of the step before are: rapier's narrow phase after a step
/// rapier solved, or our own floor contacts on the ground collider (`alone.rs`).
#[derive(Clone, Copy)]
pub(super) enum Stood<'a> {
    Rapier(&'a NarrowPhase),
    Floor {
        ground: ColliderHandle,
        contacts: &'a [FloorContact],
    },
}

impl Stood<'_> {
    /// Hub `hub`'s grips of the step before, from where they are.
    pub fn gather(
        self,
        hub: &Hub,
        bodies: &RigidBodySet,
        colliders: &ColliderSet,
        wheels: &[Wheel],
        grips: &mut Vec<Grip>,
    ) {
        grips.clear();
        let Some(compound) = colliders.get(hub.collider) else {
            return;
        };
        match self {
            Stood::Rapier(narrow) => from_contacts(
                hub,
                *compound.position(),
                wheels,
                bodies,
                colliders,
                narrow,
                grips,
            ),
            Stood::Floor { ground, contacts } => {
                let (Some(rb), Some(g)) = (bodies.get(hub.body), colliders.get(ground)) else {
                    return;
                };
                let local = compound
                    .position_wrt_parent()
                    .copied()
                    .unwrap_or(P3::IDENTITY);
                from_floor(
                    hub,
                    *rb.position() * local,
                    wheels,
                    g,
                    ground,
                    contacts,
                    grips,
                );
            }
        }
    }
}

/// Each wheel's grip on each fixed collider it touched in the step before (rapier's normal
/// impulses at the hub's compound and hull), into `grips`.
fn from_contacts(
    hub: &Hub,
    pose: P3,
    wheels: &[Wheel],
    bodies: &RigidBodySet,
    colliders: &ColliderSet,
    narrow: &NarrowPhase,
    grips: &mut Vec<Grip>,
) {
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
                push(grips, m, pose, lp, normal, imp, wheels, other_h, other);
            }
        }
    }
}

/// As [`from_contacts`], from our own floor contacts of the step before (`alone.rs`): each
/// wheel's feet's contacts on the ground collider `ground`, the carrier at `pose` (its compound's
/// pose, from the body: rapier did not move the colliders).
fn from_floor(
    hub: &Hub,
    pose: P3,
    wheels: &[Wheel],
    ground: &Collider,
    ground_handle: ColliderHandle,
    contacts: &[FloorContact],
    grips: &mut Vec<Grip>,
) {
    let inverse = pose.inverse();
    for c in contacts
        .iter()
        .filter(|c| c.body == hub.body && c.impulse > 0.0)
    {
        // A wheel's foot (a caster's push is not a grip).
        let Some(m) = c
            .wheel
            .and_then(|w| hub.members.iter().find(|m| m.wheel == w))
        else {
            continue;
        };
        let lp = inverse * c.point;
        push(
            grips,
            m,
            pose,
            lp,
            V3::Y,
            c.impulse,
            wheels,
            ground_handle,
            ground,
        );
    }
}

/// Adds a push `imp` at `lp` (the compound's frame, carrier at `pose`) along `normal`
/// (world) on wheel `m` from collider `other` to that wheel's grip on it.
#[allow(clippy::too_many_arguments)]
fn push(
    grips: &mut Vec<Grip>,
    m: &Member,
    pose: P3,
    lp: V3,
    normal: V3,
    imp: f32,
    wheels: &[Wheel],
    other_h: ColliderHandle,
    other: &Collider,
) {
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
                mu: CoefficientCombineRule::combine(
                    wheels[w].friction,
                    other.friction(),
                    CoefficientCombineRule::Average,
                    other.friction_combine_rule(),
                ),
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

//! What the world shows: the brick's pose and the bodies to draw, and the rapier shapes
//! built from a robot or environment file's bodies.

use super::{spec, Q, V3};
use rapier3d::prelude::*;
use serde::Serialize;

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

pub(super) fn colour4(c: &[f32]) -> [f32; 4] {
    [
        c.first().copied().unwrap_or(0.5),
        c.get(1).copied().unwrap_or(0.5),
        c.get(2).copied().unwrap_or(0.5),
        c.get(3).copied().unwrap_or(1.0),
    ]
}

pub(super) fn euler(deg: [f32; 3]) -> Q {
    let r = |d: f32| d.to_radians();
    Q::from_rotation_z(r(deg[2])) * Q::from_rotation_y(r(deg[1])) * Q::from_rotation_x(r(deg[0]))
}

pub(super) fn v3(a: [f32; 3]) -> V3 {
    V3::new(a[0], a[1], a[2])
}

/// Builds the collider shape and the drawable shape of a body spec.
pub(super) fn shape_of(b: &spec::BodySpec) -> (ColliderBuilder, Shape, Q) {
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

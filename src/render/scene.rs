//! What one 3D frame shows, built on the CPU from a [`Snapshot`]: instanced meshes (boxes,
//! spheres, cylinders — capsules and wheels are made of those), the floor (colour, picture,
//! grid) and soft contact shadows. Pure data; the GPU side is `render::gpu`.

use crate::sim::Snapshot;
use crate::world::{BodyView, Shape};
use glam::{Mat3, Mat4, Quat, Vec2, Vec3};
use std::sync::Arc;

/// Direction toward the sun (not normalised): high and to the front-left, so shadows fall
/// behind-right and the robot's faces read apart.
pub const SUN: [f32; 3] = [0.45, 1.0, 0.3];

/// The unit meshes every body is drawn with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeshKind {
    /// The cube [−1, 1]³.
    Cube,
    /// The sphere of radius 1.
    Sphere,
    /// The cylinder of radius 1 along Z from −1 to 1.
    Cylinder,
}

/// One mesh instance: unit mesh, model matrix, sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrawItem {
    pub mesh: MeshKind,
    pub model: Mat4,
    pub colour: [f32; 4],
}

/// A soft shadow under a body: a rectangle on the floor in the robot's heading frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShadowBox {
    pub centre: Vec2,
    pub half: Vec2,
    /// Unit heading of the rectangle's first axis on the floor (x, z).
    pub axis: Vec2,
    /// Blur half-width in metres (grows with the body's height above the floor).
    pub soft: f32,
    /// 0–1 darkness.
    pub strength: f32,
}

/// The floor picture (e.g. E3's black lines) as RGBA pixels; `key` tells pictures apart.
#[derive(Clone, Debug, PartialEq)]
pub struct FloorImage {
    pub key: String,
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

impl FloorImage {
    /// Decodes a PNG; None if it is not one.
    pub fn from_png(key: &str, bytes: &[u8]) -> Option<FloorImage> {
        let img = image::load_from_memory_with_format(bytes, image::ImageFormat::Png).ok()?;
        let (width, height) = (img.width(), img.height());
        let rgba = match img {
            // A grey picture (E3's lines) spread to RGBA here: `to_rgba8`'s general
            // conversion took 0.1 s for E3 in a browser tab, before the first frame.
            image::DynamicImage::ImageLuma8(grey) => grey
                .into_raw()
                .into_iter()
                .flat_map(|g| [g, g, g, 255])
                .collect(),
            img => img.to_rgba8().into_raw(),
        };
        Some(FloorImage {
            key: key.to_string(),
            width,
            height,
            rgba,
        })
    }
}

/// Everything one frame draws (shared by every view of that frame).
#[derive(Clone, Debug, Default)]
pub struct SceneFrame {
    pub items: Vec<DrawItem>,
    pub shadows: Vec<ShadowBox>,
    /// World rectangle (x0, z0, x1, z1) the floor picture covers.
    pub floor_rect: [f32; 4],
    /// Ground colour (sRGB) outside the picture.
    pub floor_colour: [f32; 4],
    pub floor_image: Option<Arc<FloorImage>>,
    /// Draw the 10 cm grid.
    pub grid: bool,
    /// Where a light sensor looks at the floor (x, z): drawn as a red spot.
    pub light_spot: Option<[f32; 2]>,
}

/// Options of how the scene is built.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SceneOptions {
    pub grid: bool,
    /// Soft contact shadows under bodies.
    pub shadows: bool,
    /// Tint the robot (while it is picked up).
    pub robot_tint: Option<[f32; 4]>,
}

/// Most shadow rectangles the shader takes (see the `Globals` uniform).
pub const MAX_SHADOWS: usize = 32;

/// Builds the frame of a snapshot.
pub fn build(
    snap: &Snapshot,
    floor_image: Option<Arc<FloorImage>>,
    opts: SceneOptions,
) -> SceneFrame {
    let mut f = SceneFrame {
        floor_rect: snap.floor.rect,
        floor_colour: snap.floor.colour,
        floor_image,
        grid: opts.grid,
        ..Default::default()
    };
    // Robot shadows are laid out in the brick's heading frame so they turn with it.
    let heading = Vec2::new(
        (snap.pose.yaw_deg as f32).to_radians().cos(),
        -(snap.pose.yaw_deg as f32).to_radians().sin(),
    );
    for b in &snap.bodies {
        let mut b = b.clone();
        if let Some(t) = opts.robot_tint {
            for (c, t) in b.colour.iter_mut().zip(t).take(3) {
                *c = *c * 0.6 + t * 0.4;
            }
        }
        push_body(&mut f.items, &b);
        if opts.shadows && f.shadows.len() < MAX_SHADOWS {
            if let Some(s) = shadow_of(&b, heading, 0.55) {
                f.shadows.push(s);
            }
        }
    }
    // The light sensor reads the floor straight below its housing (robots/*.toml).
    f.light_spot = snap
        .bodies
        .iter()
        .find(|b| b.name.contains("light"))
        .map(|b| [b.position[0], b.position[2]]);
    for b in &snap.statics {
        push_body(&mut f.items, b);
        if opts.shadows && f.shadows.len() < MAX_SHADOWS {
            let q = quat(b);
            let ax = q * Vec3::X;
            let axis = Vec2::new(ax.x, ax.z).try_normalize().unwrap_or(Vec2::X);
            if let Some(s) = shadow_of(b, axis, 0.35) {
                f.shadows.push(s);
            }
        }
    }
    f
}

fn quat(b: &BodyView) -> Quat {
    let [x, y, z, w] = b.rotation;
    let q = Quat::from_xyzw(x, y, z, w);
    if q.length_squared() < 1e-12 {
        Quat::IDENTITY
    } else {
        q.normalize()
    }
}

/// True for a body drawn as a LEGO wheel (a dark capsule: tyre plus a light hub).
fn is_wheel(b: &BodyView) -> bool {
    matches!(b.shape, Shape::Capsule { .. }) && b.colour[0] + b.colour[1] + b.colour[2] < 1.0
}

/// Adds the meshes of one body.
pub fn push_body(out: &mut Vec<DrawItem>, b: &BodyView) {
    let pose = Mat4::from_rotation_translation(quat(b), Vec3::from(b.position));
    let item = |mesh, local: Mat4, colour| DrawItem {
        mesh,
        model: pose * local,
        colour,
    };
    match b.shape {
        Shape::Box { half } => out.push(item(
            MeshKind::Cube,
            Mat4::from_scale(Vec3::from(half)),
            b.colour,
        )),
        Shape::Sphere { radius } => out.push(item(
            MeshKind::Sphere,
            Mat4::from_scale(Vec3::splat(radius)),
            b.colour,
        )),
        Shape::Cylinder {
            half_height,
            radius,
        } => out.push(item(
            MeshKind::Cylinder,
            Mat4::from_scale(Vec3::new(radius, radius, half_height)),
            b.colour,
        )),
        Shape::Capsule {
            half_height,
            radius,
        } if is_wheel(b) => {
            // A wheel reads better as a tyre than as the physics' capsule: a cylinder as wide
            // as the capsule's straight part plus half its rounded ends, a grey hub, and a
            // white mark on the hub so you can see it turn.
            let w = half_height + radius * 0.45;
            out.push(item(
                MeshKind::Cylinder,
                Mat4::from_scale(Vec3::new(radius, radius, w)),
                b.colour,
            ));
            out.push(item(
                MeshKind::Cylinder,
                Mat4::from_scale(Vec3::new(radius * 0.55, radius * 0.55, w + 0.0015)),
                [0.62, 0.64, 0.66, 1.0],
            ));
            out.push(item(
                MeshKind::Cube,
                Mat4::from_translation(Vec3::new(radius * 0.3, 0.0, 0.0))
                    * Mat4::from_scale(Vec3::new(radius * 0.16, radius * 0.07, w + 0.002)),
                [0.95, 0.95, 0.95, 1.0],
            ));
        }
        Shape::Capsule {
            half_height,
            radius,
        } => {
            out.push(item(
                MeshKind::Cylinder,
                Mat4::from_scale(Vec3::new(radius, radius, half_height)),
                b.colour,
            ));
            for s in [-1.0, 1.0] {
                out.push(item(
                    MeshKind::Sphere,
                    Mat4::from_translation(Vec3::new(0.0, 0.0, s * half_height))
                        * Mat4::from_scale(Vec3::splat(radius)),
                    b.colour,
                ));
            }
        }
    }
}

/// A flat strip on the floor from `a` to `b` (x, z in m), `width` wide with square ends
/// half a width past them, its top `lift` above the floor and 1 mm thick: the marks a
/// challenge draws (region outlines, the path trail).
pub fn floor_strip(a: Vec2, b: Vec2, width: f32, lift: f32, colour: [f32; 4]) -> DrawItem {
    let d = b - a;
    let len = d.length();
    let mid = (a + b) / 2.0;
    // Turning about Y by atan2(−dz, dx) takes the cube's X axis to (dx, 0, dz).
    let yaw = (-d.y).atan2(d.x);
    let thick = 0.001;
    DrawItem {
        mesh: MeshKind::Cube,
        model: Mat4::from_scale_rotation_translation(
            Vec3::new(len / 2.0 + width / 2.0, thick / 2.0, width / 2.0),
            Quat::from_rotation_y(yaw),
            Vec3::new(mid.x, lift - thick / 2.0, mid.y),
        ),
        colour,
    }
}

/// Local points whose hull bounds a shape (enough for a footprint).
fn hull_points(shape: Shape) -> Vec<Vec3> {
    let corners = |h: Vec3| {
        let mut v = Vec::with_capacity(8);
        for sx in [-1.0, 1.0] {
            for sy in [-1.0, 1.0] {
                for sz in [-1.0, 1.0] {
                    v.push(h * Vec3::new(sx, sy, sz));
                }
            }
        }
        v
    };
    match shape {
        Shape::Box { half } => corners(Vec3::from(half)),
        Shape::Sphere { radius } => corners(Vec3::splat(radius)),
        Shape::Cylinder {
            half_height,
            radius,
        } => corners(Vec3::new(radius, radius, half_height)),
        Shape::Capsule {
            half_height,
            radius,
        } => corners(Vec3::new(radius, radius, half_height + radius)),
    }
}

/// The footprint of a body as a soft rectangle along `axis` (a unit vector on the floor).
fn shadow_of(b: &BodyView, axis: Vec2, strength: f32) -> Option<ShadowBox> {
    let m = Mat3::from_quat(quat(b));
    let p = Vec3::from(b.position);
    let perp = Vec2::new(-axis.y, axis.x);
    let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    let mut bottom = f32::MAX;
    for q in hull_points(b.shape) {
        let w = p + m * q;
        let xz = Vec2::new(w.x, w.z);
        let l = Vec2::new(xz.dot(axis), xz.dot(perp));
        lo = lo.min(l);
        hi = hi.max(l);
        bottom = bottom.min(w.y);
    }
    if !lo.is_finite() || !hi.is_finite() || hi.x - lo.x < 1e-4 || hi.y - lo.y < 1e-4 {
        return None;
    }
    let mid = (lo + hi) / 2.0;
    // Soft edge: a contact shadow is sharp; one under a raised part blurs with its height.
    let soft = 0.008 + 0.5 * bottom.max(0.0);
    // Cast a little away from the sun (see `SUN`), more for higher parts.
    let lift = (p.y * 0.5).min(0.1);
    let away = -Vec2::new(SUN[0], SUN[2]) * lift;
    Some(ShadowBox {
        centre: axis * mid.x + perp * mid.y + away,
        half: (hi - lo) / 2.0 + Vec2::splat(0.004),
        axis,
        soft,
        strength: strength * (1.0 - (bottom.max(0.0) * 4.0).min(0.8)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grey_floor_picture_spreads_to_the_rgba_the_general_conversion_gives() {
        let grey = image::GrayImage::from_fn(37, 23, |x, y| image::Luma([(x * 7 + y * 11) as u8]));
        let mut png = Vec::new();
        image::DynamicImage::ImageLuma8(grey.clone())
            .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
            .unwrap();
        let ours = FloorImage::from_png("grey", &png).unwrap();
        let general = image::DynamicImage::ImageLuma8(grey).to_rgba8();
        assert_eq!((ours.width, ours.height), (37, 23));
        assert_eq!(ours.rgba, general.into_raw());
        // E3's picture, 1 bit a pixel, likewise.
        let e3 = crate::world::spec::E3_FLOOR_PNG;
        let general = image::load_from_memory(e3).unwrap().to_rgba8();
        assert_eq!(
            FloorImage::from_png("e3", e3).unwrap().rgba,
            general.into_raw()
        );
    }

    fn body(shape: Shape, colour: [f32; 4]) -> BodyView {
        BodyView {
            name: "b".into(),
            position: [0.0, 0.05, 0.0],
            rotation: [0.0, 0.0, 0.0, 1.0],
            shape,
            colour,
        }
    }

    #[test]
    fn a_dark_capsule_is_drawn_as_a_wheel_with_hub_and_mark() {
        let mut v = Vec::new();
        let wheel = Shape::Capsule {
            half_height: 0.0065,
            radius: 0.021,
        };
        push_body(&mut v, &body(wheel, [0.08, 0.08, 0.08, 1.0]));
        assert_eq!(v.len(), 3);
        let mut v = Vec::new();
        push_body(&mut v, &body(wheel, [0.9, 0.9, 0.9, 1.0]));
        assert_eq!(v.len(), 3);
        assert_eq!(v[1].mesh, MeshKind::Sphere);
    }

    fn snapshot_of(robot: &str) -> crate::sim::Snapshot {
        use crate::world::spec::{EnvSpec, RobotSpec};
        crate::sim::Simulation::create(&crate::sim::SimDef::one(
            RobotSpec::load(robot).unwrap(),
            EnvSpec::load("E1").unwrap(),
        ))
        .unwrap()
        .robot(0)
        .unwrap()
        .snapshot()
    }

    #[test]
    fn the_light_sensor_spot_is_drawn_only_for_robots_with_one() {
        let opts = SceneOptions {
            grid: true,
            shadows: true,
            robot_tint: None,
        };
        let m5 = build(&snapshot_of("M5"), None, opts);
        let [x, z] = m5.light_spot.expect("M5 has a light sensor");
        assert!(x > 0.05 && z.abs() < 1e-3, "ahead of the brick: {x}, {z}");
        assert!(build(&snapshot_of("M1"), None, opts).light_spot.is_none());
        assert!(!m5.shadows.is_empty());
        let no_shadows = SceneOptions {
            shadows: false,
            ..opts
        };
        assert!(build(&snapshot_of("M5"), None, no_shadows)
            .shadows
            .is_empty());
    }

    #[test]
    fn a_floor_strip_lies_flat_between_its_two_ends() {
        let s = floor_strip(
            Vec2::new(0.0, 0.0),
            Vec2::new(0.0, 1.0),
            0.01,
            0.002,
            [1.0; 4],
        );
        let end = s.model.transform_point3(Vec3::new(1.0, 1.0, 0.0));
        // The cube's +X end is half a width past (0, 1); its top 2 mm above the floor.
        assert!(
            (end - Vec3::new(0.0, 0.002, 1.005)).length() < 1e-5,
            "{end}"
        );
        let side = s.model.transform_point3(Vec3::new(0.0, -1.0, 1.0));
        assert!(
            (side.x.abs() - 0.005).abs() < 1e-5 && (side.y - 0.001).abs() < 1e-6,
            "{side}"
        );
    }

    #[test]
    fn a_box_shadow_covers_its_footprint() {
        let b = body(
            Shape::Box {
                half: [0.0625, 0.025, 0.032],
            },
            [1.0, 0.85, 0.1, 1.0],
        );
        let s = shadow_of(&b, Vec2::X, 0.5).unwrap();
        assert!((s.half.x - 0.0665).abs() < 1e-4);
        assert!(s.centre.length() < 0.05);
        assert!(s.strength > 0.0);
    }
}

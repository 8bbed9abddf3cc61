//! The session's layout rules, pure: where a new robot starts and what it is called, the
//! user's lasting edit (a lone robot's start) that every reset puts back, and a dropped
//! box as an item of the simulation. The session's methods that apply them live in
//! `edits.rs`, which names this file (and not the other way round).

use crate::sim::{Item, RobotDef};
use crate::world::spec::{EnvSpec, RobotSpec};

/// The world's lasting edit (the app's) that is not the simulation's own: where a lone
/// robot was last put down. Every reset (Reset, realism, robots added or removed) puts it
/// back as an input at 0 s, so replays and recordings see it; a new world (robot,
/// environment, scene, recording, graded run) starts without it. (The dropped boxes are
/// the simulation's items: its resets put them back.)
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LayoutEdits {
    /// A lone robot's start pose (x, z, yaw in degrees), when it was put down elsewhere.
    pub start: Option<(f64, f64, f64)>,
}

/// A dropped box: 10 × 10 × 10 cm, on the floor at (x, z).
pub(super) fn box_item(name: &str, x: f32, z: f32) -> Item {
    Item::Box {
        name: name.to_string(),
        size: [0.1, 0.1, 0.1],
        centre: [x, 0.05, z],
        yaw_deg: 0.0,
    }
}

/// A free start spot for a new robot: the environment's start, moved along z (then x) in
/// steps of its footprint until it is clear of every other robot's footprint and of the
/// environment's walls.
pub(super) fn free_spot(layout: &[RobotDef], env: &EnvSpec, spec: &RobotSpec) -> (f32, f32, f32) {
    use crate::sim::scene::{footprint_m, wall_at};
    let (x0, z0, yaw) = crate::sim::env_start(env);
    let reach = footprint_m(spec);
    let clear = |x: f32, z: f32| {
        layout.iter().all(|p| {
            libm::hypotf(p.pose.0 - x, p.pose.1 - z) >= reach + footprint_m(&p.spec) + 0.02
        }) && wall_at(env, (x, z, yaw), reach).is_none()
    };
    let step = (2.0 * reach + 0.02).max(0.3);
    let half = crate::world::spec::limits::ENV_LENGTH_M / 2.0;
    for ring in 0..40 {
        for (dx, dz) in [(0.0, 1.0), (0.0, -1.0), (1.0, 0.0), (-1.0, 0.0)] {
            let (x, z) = (x0 + dx * step * ring as f32, z0 + dz * step * ring as f32);
            if x.abs() < half && z.abs() < half && clear(x, z) {
                return (x, z, yaw);
            }
        }
    }
    (x0, z0 + step * layout.len() as f32, yaw)
}

/// `R<n>` for its place in the list (robot 3: `R3`), or the next n no robot is called.
pub(super) fn next_name(layout: &[RobotDef]) -> String {
    (layout.len() + 1..)
        .map(|n| format!("R{n}"))
        .find(|n| layout.iter().all(|p| &p.name != n))
        .unwrap_or_else(|| "R".into())
}

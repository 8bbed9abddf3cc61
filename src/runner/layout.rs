//! The session's layout edits: where robots start and stand (never on each other or in a
//! wall), and the user's lasting edits (a lone robot's start, the dropped boxes) that every
//! reset puts back.

use super::session::Session;
use crate::sim::{Input, Placement};
use crate::world::spec::{EnvSpec, RobotSpec};

/// The world's lasting edits (the app's): where a lone robot was last put down and the
/// boxes dropped on the floor. Every reset (Reset, realism, robots added or removed) puts
/// them back as inputs at 0 s, so replays and recordings see them; a new world (robot,
/// environment, scene, recording, graded run) starts without them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LayoutEdits {
    /// A lone robot's start pose (x, z, yaw in degrees), when it was put down elsewhere.
    pub start: Option<(f64, f64, f64)>,
    /// The dropped boxes (name, x, z), oldest first.
    pub boxes: Vec<(String, f32, f32)>,
}

/// A dropped box: 10 × 10 × 10 cm, on the floor at (x, z).
fn box_input(name: &str, x: f32, z: f32) -> Input {
    Input::AddBox {
        name: name.to_string(),
        size: [0.1, 0.1, 0.1],
        centre: [x, 0.05, z],
        yaw_deg: 0.0,
    }
}

/// A free start spot for a new robot: the environment's start, moved along z (then x) in
/// steps of its footprint until it is clear of every other robot's footprint and of the
/// environment's walls.
pub(super) fn free_spot(layout: &[Placement], env: &EnvSpec, spec: &RobotSpec) -> (f32, f32, f32) {
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
pub(super) fn next_name(layout: &[Placement]) -> String {
    (layout.len() + 1..)
        .map(|n| format!("R{n}"))
        .find(|n| layout.iter().all(|p| &p.name != n))
        .unwrap_or_else(|| "R".into())
}

impl Session {
    /// Drops a box called `name` at (x, z) on the live floor (logged); resets keep it.
    pub fn drop_box(&mut self, name: String, x: f32, z: f32) {
        self.live.apply(0, box_input(&name, x, z));
        self.edits.boxes.push((name, x, z));
        self.observe_input();
    }

    /// Takes the dropped box `name` away (logged); resets no longer put it back.
    pub fn remove_box(&mut self, name: &str) {
        self.edits.boxes.retain(|b| b.0 != name);
        if let Some(id) = self.live.world().added_box_id(name) {
            self.live.apply(0, Input::RemoveBox { id });
        }
        self.observe_input();
    }

    /// Takes every dropped box away.
    pub fn clear_boxes(&mut self) {
        for (name, _, _) in std::mem::take(&mut self.edits.boxes) {
            if let Some(id) = self.live.world().added_box_id(&name) {
                self.live.apply(0, Input::RemoveBox { id });
            }
        }
        self.observe_input();
    }

    /// Puts robot `k` down at (x, z, yaw), at rest, and keeps it as where Reset brings it
    /// back: a lone robot's start; in a scene, before the clock has run, its start pose
    /// (a reset); later the robot is only moved (never onto another robot or into a wall).
    pub fn place_robot(&mut self, k: usize, (x, z, yaw): (f64, f64, f64)) -> Result<(), String> {
        self.view = None;
        let at = (x as f32, z as f32, yaw as f32);
        if self.live.robot_count() > 1 {
            if self.live.time_ms() == 0 {
                return self.set_start_pose(k, at);
            }
            if let Some(why) = self.clash_now(k, at) {
                return Err(format!("cannot put it there: {why}"));
            }
        } else {
            self.edits.start = Some((x, z, yaw));
        }
        self.live.apply(k, Input::PlaceRobot { x, z, yaw_deg: yaw });
        self.observe_input();
        Ok(())
    }

    /// Turns robot `k` where it stands by `degrees` (anticlockwise seen from above), as
    /// [`Session::place_robot`] would put it down there: the turn starts from the robot's
    /// pose in the live world, so clicks sent faster than the app sees snapshots all count.
    pub fn turn_robot(&mut self, k: usize, degrees: f64) -> Result<(), String> {
        let Some(p) = self.live.robot(k).map(|r| r.pose()) else {
            return Ok(());
        };
        let mut yaw = (p.yaw_deg + degrees) % 360.0;
        if yaw > 180.0 {
            yaw -= 360.0;
        } else if yaw <= -180.0 {
            yaw += 360.0;
        }
        self.place_robot(k, (p.x, p.z, yaw))
    }

    /// Moves robot `k`'s start pose (a reset with the robot there), unless it would stand
    /// on another robot's start or in a wall.
    pub fn set_start_pose(&mut self, k: usize, pose: (f32, f32, f32)) -> Result<(), String> {
        if let Some(why) = self.start_clash(k, pose) {
            return Err(why);
        }
        if k >= self.live.robot_count() {
            return Ok(());
        }
        let mut layout = self.live.layout().to_vec();
        layout[k].pose = pose;
        let keep: Vec<Option<usize>> = (0..layout.len()).map(Some).collect();
        self.relayout(layout, &keep)
    }

    /// After a reset: the lone robot back where the user put it, the dropped boxes back on
    /// the floor (inputs at 0 s, so replays see them too).
    pub(super) fn restore_edits(&mut self) {
        if self.edits == LayoutEdits::default() {
            return;
        }
        if let (Some((x, z, yaw_deg)), Some(mut r)) = (self.edits.start, self.live.robot_mut(0)) {
            r.place(crate::world::Pose {
                x,
                y: 0.0,
                z,
                yaw_deg,
            });
        }
        for (name, x, z) in &self.edits.boxes {
            self.live.apply(0, box_input(name, *x, *z));
        }
        self.observe_input();
    }

    /// Why a layout cannot stand in `env` (robots on each other or in walls), if so.
    pub(super) fn layout_clash(&self, layout: &[Placement], env: &EnvSpec) -> Option<String> {
        crate::sim::scene::clash(
            layout.iter().map(|p| (p.name.as_str(), &p.spec, p.pose)),
            env,
        )
    }

    /// Where robot `k` would stand if put at `at` with the others where `others` says
    /// (x, z): `"on NAME"` (footprints overlap) or `"in WALL"`; `None` when it is clear.
    fn clash_at(
        &self,
        k: usize,
        at: (f32, f32, f32),
        others: impl Fn(usize) -> (f32, f32),
    ) -> Option<String> {
        use crate::sim::scene::{footprint_m, wall_at};
        let layout = self.live.layout();
        let reach = footprint_m(&layout.get(k)?.spec);
        layout
            .iter()
            .enumerate()
            .find(|(i, o)| {
                let (x, z) = others(*i);
                *i != k && libm::hypotf(x - at.0, z - at.1) < reach + footprint_m(&o.spec)
            })
            .map(|(_, o)| format!("on {}", o.name))
            .or_else(|| wall_at(self.live.env_spec(), at, reach).map(|w| format!("in {w}")))
    }

    /// Why robot `k` cannot be put down at `at` now (on another robot where it stands
    /// now, or in a wall), if so.
    pub(super) fn clash_now(&self, k: usize, at: (f32, f32, f32)) -> Option<String> {
        let where_ = self.clash_at(k, at, |i| {
            let p = self.live.robot(i).map(|r| r.pose()).unwrap_or_default();
            (p.x as f32, p.z as f32)
        })?;
        Some(format!(
            "{} would stand {where_}",
            self.live.layout()[k].name
        ))
    }

    /// Why robot `k` cannot start at `pose` (on another robot's start or in a wall), if so.
    fn start_clash(&self, k: usize, pose: (f32, f32, f32)) -> Option<String> {
        let layout = self.live.layout();
        let where_ = self.clash_at(k, pose, |i| (layout[i].pose.0, layout[i].pose.1))?;
        Some(format!(
            "{} cannot start there: it would stand {where_}",
            layout[k].name
        ))
    }
}

//! The session's lasting edits of the world, applied: boxes dropped and taken away, a
//! robot put down or turned, a start pose moved, every reset putting them back, and the
//! clashes that refuse a robot on another or in a wall. The rules are `layout.rs`'s; the
//! run is `session.rs`'s (neither names this file).

use super::layout::{box_item, LayoutEdits};
use super::refusal::Refusal;
use super::session::Session;
use crate::sim::scene::{Clash, Spot};
use crate::sim::{Input, RobotDef};
use crate::world::spec::EnvSpec;

impl Session {
    /// Drops a box called `name` at (x, z) on the live floor (logged): an item of the
    /// simulation, so resets put it back.
    pub fn drop_box(&mut self, name: String, x: f32, z: f32) {
        self.live.add_item(box_item(&name, x, z));
        self.observe_input();
    }

    /// Takes the dropped box `name` away (logged); resets no longer put it back.
    pub fn remove_box(&mut self, name: &str) {
        self.live.forget_items(|i| i.name() == name);
        if let Some(id) = self.live.world().added_box_id(name) {
            self.live.change_world(Input::RemoveBox { id });
        }
        self.observe_input();
    }

    /// Takes every dropped box away.
    pub fn clear_boxes(&mut self) {
        let names: Vec<String> = (self.live.def().items.iter())
            .map(|i| i.name().to_string())
            .collect();
        self.live.forget_items(|_| true);
        for name in names {
            if let Some(id) = self.live.world().added_box_id(&name) {
                self.live.change_world(Input::RemoveBox { id });
            }
        }
        self.observe_input();
    }

    /// Puts robot `k` down at (x, z, yaw), at rest, and keeps it as where Reset brings it
    /// back: a lone robot's start; in a scene, before the clock has run, its start pose
    /// (a reset); later the robot is only moved (never onto another robot or into a wall).
    pub fn place_robot(&mut self, k: usize, (x, z, yaw): (f64, f64, f64)) -> Result<(), Refusal> {
        self.view = None;
        let at = (x as f32, z as f32, yaw as f32);
        if self.live.robot_count() > 1 {
            if self.live.time_ms() == 0 {
                return self.set_start_pose(k, at);
            }
            if let Some(clash) = self.clash_now(k, at) {
                return Err(Refusal::CannotPutThere(clash));
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
    pub fn turn_robot(&mut self, k: usize, degrees: f64) -> Result<(), Refusal> {
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
    pub fn set_start_pose(&mut self, k: usize, pose: (f32, f32, f32)) -> Result<(), Refusal> {
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

    /// After a reset: the lone robot back where the user put it (an input at 0 s, so
    /// replays see it too; the simulation's reset put the dropped boxes back).
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
        self.observe_input();
    }

    /// Why a layout cannot stand in `env` (robots on each other or in walls), if so.
    pub(super) fn layout_clash(&self, layout: &[RobotDef], env: &EnvSpec) -> Option<Clash> {
        crate::sim::scene::clash(
            layout.iter().map(|p| (p.name.as_str(), &p.spec, p.pose)),
            env,
        )
    }

    /// Where robot `k` would stand if put at `at` with the others where `others` says
    /// (x, z): on a robot (footprints overlap) or in a wall; `None` when it is clear.
    fn clash_at(
        &self,
        k: usize,
        at: (f32, f32, f32),
        others: impl Fn(usize) -> (f32, f32),
    ) -> Option<Clash> {
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
            .map(|(_, o)| Spot::OnRobot(o.name.clone()))
            .or_else(|| wall_at(self.live.env_spec(), at, reach).map(Spot::InWall))
            .map(|spot| Clash {
                robot: layout[k].name.clone(),
                spot,
            })
    }

    /// Why robot `k` cannot be put down at `at` now (on another robot where it stands
    /// now, or in a wall), if so.
    pub(super) fn clash_now(&self, k: usize, at: (f32, f32, f32)) -> Option<Clash> {
        self.clash_at(k, at, |i| {
            let p = self.live.robot(i).map(|r| r.pose()).unwrap_or_default();
            (p.x as f32, p.z as f32)
        })
    }

    /// Why robot `k` cannot start at `pose` (on another robot's start or in a wall), if so.
    fn start_clash(&self, k: usize, pose: (f32, f32, f32)) -> Option<Refusal> {
        let layout = self.live.layout();
        (self.clash_at(k, pose, |i| (layout[i].pose.0, layout[i].pose.1)))
            .map(Refusal::CannotStartThere)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::specs::SpecSource;
    use crate::sim::Simulation;
    use crate::world::spec::RobotSpec;

    /// M4 on E1 with a program that drives A and C forward.
    fn session() -> Session {
        let mut sim = Simulation::create(&crate::sim::SimDef::one(
            RobotSpec::load("M4").unwrap(),
            EnvSpec::load("E1").unwrap(),
        ))
        .unwrap();
        let p = crate::rcx::lasm::assemble("task 0\n out 2,5\nendt\n", "fwd.lasm").unwrap();
        sim.robot_mut(0).unwrap().load_program(p);
        Session::new(sim)
    }

    fn boxes(s: &Session) -> Vec<String> {
        s.snapshot().statics.into_iter().map(|b| b.name).collect()
    }

    #[test]
    fn reset_puts_the_dropped_boxes_and_the_lone_robots_start_back() {
        let mut s = session();
        s.drop_box("box 1".into(), 0.8, 0.3);
        s.drop_box("box 2".into(), 0.8, -0.3);
        s.place_robot(0, (0.2, 0.1, 90.0)).unwrap();
        s.run_for(500);
        s.remove_box("box 1");
        s.reset();
        assert_eq!(s.live().time_ms(), 0);
        let names = boxes(&s);
        assert!(names.contains(&"box 2".to_string()), "{names:?}");
        assert!(!names.contains(&"box 1".to_string()), "{names:?}");
        let p = s.live().robot(0).unwrap().pose();
        assert!(
            (p.x - 0.2).abs() < 1e-3 && (p.z - 0.1).abs() < 1e-3,
            "{p:?}"
        );
        // A new world starts without them.
        s.set_env(SpecSource::env("E2").unwrap()).unwrap();
        assert!(s.live().def().items.is_empty() && s.edits().start.is_none());
        assert!(!boxes(&s).contains(&"box 2".to_string()));
    }

    #[test]
    fn in_a_scene_a_robot_cannot_start_on_another() {
        let mut s = session();
        s.add_robot(SpecSource::robot("M4").unwrap()).unwrap();
        assert_eq!(s.live().robot_count(), 2);
        assert_eq!(s.selected(), 1);
        let (x, z, yaw) = s.live().layout()[0].pose;
        let err = s
            .place_robot(1, (x as f64, z as f64, yaw as f64))
            .unwrap_err();
        assert!(err.to_string().contains("on R1"), "{err}");
        // Elsewhere it is its new start: Reset brings it back there.
        s.place_robot(1, (x as f64, z as f64 - 0.5, yaw as f64))
            .unwrap();
        s.run_for(10);
        s.reset();
        assert!((s.live().robot(1).unwrap().pose().z - (z as f64 - 0.5)).abs() < 1e-3);
    }
}

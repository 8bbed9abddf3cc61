//! Run-time edits of the world: a robot picked up and put down, boxes dropped and removed.

use super::view::{euler, v3};
use super::{spec, BodyView, Pose, Shape, World, ENV_GROUP, P3, Q, V3};
use rapier3d::prelude::*;

impl World {
    /// Picks robot `r` up and puts it down at `pose` (x, z, yaw; y is kept from the build so
    /// the wheels rest on the ground), at rest. For the app's "move the robot".
    pub fn place_robot(&mut self, r: usize, pose: Pose) {
        // Only a damaged recording can ask for a pose that is not a number; it is ignored.
        let limit = spec::limits::ENV_LENGTH_M as f64;
        if !(pose.x.abs() <= limit && pose.z.abs() <= limit && pose.yaw_deg.is_finite()) {
            return;
        }
        let Some(robot) = self.robots.get(r) else {
            return;
        };
        let Some(brick) = self.bodies.get(robot.brick) else {
            return;
        };
        let old = *brick.position();
        let at = P3::from_parts(
            V3::new(pose.x as f32, 0.0, pose.z as f32),
            Q::from_rotation_y((pose.yaw_deg as f32).to_radians()),
        );
        // The brick's build height above the ground stays as it is now.
        let rest = World::brick_rest(&robot.spec);
        let lift = V3::new(0.0, old.translation.y - rest.translation.y, 0.0);
        let delta = P3::from_translation(lift) * at * rest * old.inverse();
        let handles: Vec<RigidBodyHandle> = {
            // Each body once (attached shapes share their parent's body).
            let mut v: Vec<RigidBodyHandle> = Vec::new();
            for p in &robot.parts {
                if !v.contains(&p.body) {
                    v.push(p.body);
                }
            }
            v
        };
        for h in handles {
            if let Some(b) = self.bodies.get_mut(h) {
                let p = delta * *b.position();
                b.set_position(p, true);
                b.set_linvel(V3::ZERO, true);
                b.set_angvel(V3::ZERO, true);
            }
        }
        for w in self.wheels.iter_mut().filter(|w| w.robot == r) {
            w.spin = 0.0;
            w.warm = [0.0; 4];
        }
    }

    /// The brick's pose in the robot frame at build time.
    fn brick_rest(robot: &spec::RobotSpec) -> P3 {
        robot
            .bodies
            .iter()
            .find(|b| b.name.get_ref() == robot.brick.get_ref())
            .map(|b| P3::from_parts(v3(*b.position.get_ref()), euler(*b.rotation.get_ref())))
            .unwrap_or(P3::IDENTITY)
    }

    /// Adds a fixed box (full `size`, centre, yaw in degrees) to the environment — e.g. an
    /// obstacle dropped on the floor. Returns its id for [`World::remove_box`]. A box outside
    /// the environment file's limits (`spec::limits`: size 0.0001–1000 m, centre within
    /// ±1000 m, finite yaw) — only a damaged recording can ask for one — is not added; its id
    /// is used all the same, so later ids stay as recorded.
    pub fn add_box(&mut self, name: &str, size: [f32; 3], centre: [f32; 3], yaw_deg: f32) -> usize {
        use spec::limits::{ENV_LENGTH_M, MIN_SIZE_M};
        let sane = size.iter().all(|v| (MIN_SIZE_M..=ENV_LENGTH_M).contains(v))
            && centre
                .iter()
                .all(|v| (-ENV_LENGTH_M..=ENV_LENGTH_M).contains(v))
            && yaw_deg.is_finite();
        if !sane {
            self.added.push(None);
            self.added_views.push(usize::MAX);
            return self.added.len() - 1;
        }
        let half = [size[0] / 2.0, size[1] / 2.0, size[2] / 2.0];
        let rot = Q::from_rotation_y(yaw_deg.to_radians());
        let h = self.colliders.insert(
            ColliderBuilder::cuboid(half[0], half[1], half[2])
                .position(P3::from_parts(v3(centre), rot))
                // As the environment's walls: its own friction, not a tyre's.
                .friction_combine_rule(CoefficientCombineRule::Min)
                .collision_groups(InteractionGroups::new(
                    ENV_GROUP,
                    Group::ALL,
                    InteractionTestMode::And,
                )),
        );
        self.added.push(Some(h));
        self.statics.push(BodyView {
            name: name.to_string(),
            position: centre,
            rotation: [rot.x, rot.y, rot.z, rot.w],
            shape: Shape::Box { half },
            colour: [0.8, 0.3, 0.2, 1.0],
        });
        self.added_views.push(self.statics.len() - 1);
        self.added.len() - 1
    }

    /// The id of the last box added with [`World::add_box`] under `name` that is still
    /// there (for a frontend that names its boxes), or None.
    pub fn added_box_id(&self, name: &str) -> Option<usize> {
        (0..self.added.len()).rev().find(|&id| {
            self.added[id].is_some()
                && self
                    .statics
                    .get(self.added_views[id])
                    .is_some_and(|v| v.name == name)
        })
    }

    /// Removes a box added with [`World::add_box`]; false if there is no such box.
    pub fn remove_box(&mut self, id: usize) -> bool {
        let Some(Some(h)) = self.added.get(id).copied() else {
            return false;
        };
        self.colliders
            .remove(h, &mut self.islands, &mut self.bodies, &mut self.soft, true);
        self.added[id] = None;
        let view = self.added_views[id];
        self.statics[view].name.clear();
        self.statics[view].shape = Shape::Box { half: [0.0; 3] };
        true
    }
}

#[cfg(test)]
mod input_tests {
    use super::spec::{EnvSpec, RobotSpec};
    use super::{Pose, World};

    fn world() -> World {
        let robot = (RobotSpec::load("M1").unwrap(), (0.0, 0.0, 0.0));
        let realism = crate::vm::Realism::Original;
        World::new(EnvSpec::load("E1").unwrap(), vec![robot], 0, realism).unwrap()
    }

    #[test]
    fn a_box_of_1e20_metres_from_a_damaged_recording_is_not_added_and_nothing_panics() {
        let mut w = world();
        let statics = w.statics().len();
        let bad = w.add_box("huge", [1.0e20, 0.2, 0.03], [0.0, 0.1, 0.0], 0.0);
        let nan = w.add_box("nan", [0.1, 0.1, 0.1], [f32::NAN, 0.0, 0.0], 0.0);
        let good = w.add_box("ok", [0.1, 0.1, 0.1], [1.0, 0.05, 0.0], 0.0);
        assert_eq!((bad, nan, good), (0, 1, 2));
        assert_eq!(w.statics().len(), statics + 1);
        for _ in 0..10 {
            w.step();
        }
        assert!(!w.remove_box(bad));
        assert!(w.remove_box(good));
        assert_eq!(w.statics().len(), statics);
    }

    #[test]
    fn placing_the_robot_at_a_nan_pose_is_ignored() {
        let mut w = world();
        let before = w.brick_pose(0);
        w.place_robot(
            0,
            Pose {
                x: f64::NAN,
                y: 0.0,
                z: 0.0,
                yaw_deg: 0.0,
            },
        );
        assert_eq!(w.brick_pose(0), before);
    }
}

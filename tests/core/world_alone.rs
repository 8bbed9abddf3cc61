//! Robots alone on the floor are stepped by our own code, not rapier's (`world/alone.rs`):
//! the same runs with rapier stepping every step (`World::set_rapier_only`) must drive,
//! turn and stand as they did.

use lurobotsim::vm::{OutputMode, OutputState, Realism};
use lurobotsim::world::spec::{EnvSpec, RobotSpec};
use lurobotsim::world::{Pose, Standing, World};

fn world(robot: &str, env: &str, rapier_only: bool) -> World {
    let env = EnvSpec::load(env).expect("env");
    let start = lurobotsim::sim::env_start(&env);
    let mut w = World::new(
        env,
        vec![(RobotSpec::load(robot).expect("robot"), start)],
        1,
        Realism::Original,
    )
    .expect("world");
    w.set_rapier_only(rapier_only);
    w
}

fn on(forward: bool) -> OutputState {
    OutputState {
        mode: OutputMode::On,
        forward,
        power: 7,
        percent: Some(100),
    }
}

fn off() -> OutputState {
    OutputState {
        mode: OutputMode::Off,
        ..OutputState::default()
    }
}

/// Robot 0's pose after `ms` steps with `outputs`, stepped by our code or rapier's.
fn drive(robot: &str, outputs: [OutputState; 3], ms: usize, rapier_only: bool) -> Pose {
    let mut w = world(robot, "E1", rapier_only);
    w.set_outputs(0, &outputs);
    for _ in 0..ms {
        w.step();
    }
    w.brick_pose(0)
}

#[test]
fn an_m4_alone_drives_as_far_as_rapier_drives_it() {
    let ours = drive("M4", [on(true), off(), on(true)], 3000, false);
    let rapier = drive("M4", [on(true), off(), on(true)], 3000, true);
    assert!(rapier.x > 1.0, "rapier's M4 drove only {} m", rapier.x);
    let diff = (ours.x - rapier.x).abs() / rapier.x;
    assert!(diff < 0.002, "ours {} m, rapier's {} m", ours.x, rapier.x);
    assert!(
        (ours.y - rapier.y).abs() < 1e-4,
        "heights {} and {}",
        ours.y,
        rapier.y
    );
}

/// The floor's feet once were solved one after another: the first pushed hardest, and an
/// M4 driving straight turned 43° in a minute (rapier's: none).
#[test]
fn an_m4_alone_driving_straight_for_a_minute_stays_straight() {
    let p = drive("M4", [on(true), off(), on(true)], 60_000, false);
    assert!(p.x > 20.0, "drove only {} m", p.x);
    assert!(p.yaw_deg.abs() < 0.01, "turned {}°", p.yaw_deg);
    assert!(p.z.abs() < 0.005, "drifted {} m sideways", p.z);
}

/// A caster ball's push was once taken as a grip of the nearest wheel: an M5 with one
/// wheel braked turned 0.15° in 2 s instead of rapier's 39°.
#[test]
fn an_m5_alone_turns_about_its_braked_wheel_as_with_rapier_its_caster_does_not_grip() {
    let ours = drive("M5", [on(true), off(), off()], 2000, false);
    let rapier = drive("M5", [on(true), off(), off()], 2000, true);
    assert!(
        rapier.yaw_deg.abs() > 20.0,
        "rapier's M5 turned {}°",
        rapier.yaw_deg
    );
    let diff = (ours.yaw_deg - rapier.yaw_deg).abs() / rapier.yaw_deg.abs();
    assert!(
        diff < 0.05,
        "ours turned {}°, rapier's {}°",
        ours.yaw_deg,
        rapier.yaw_deg
    );
}

/// Near a wall rapier steps the world again: an M2 driving into E2's wall stops where
/// rapier alone stops it, touching it.
#[test]
fn an_m2_driving_into_e2_s_wall_is_stopped_by_it_as_rapier_stops_it() {
    let stop = |rapier_only: bool| {
        let mut w = world("M2", "E2", rapier_only);
        w.set_outputs(0, &[on(true), off(), on(true)]);
        for _ in 0..6000 {
            w.step();
        }
        (w.brick_pose(0).x, w.touches_wall(0))
    };
    let (ours, touching) = stop(false);
    let (rapier, rapier_touching) = stop(true);
    assert!(
        rapier_touching,
        "rapier's M2 stopped at x = {rapier} off the wall"
    );
    assert!(touching, "ours stopped at x = {ours} off the wall");
    assert!(
        (ours - rapier).abs() < 0.002,
        "ours at x = {ours}, rapier's at {rapier}"
    );
}

/// Every built-in robot is stepped by our own code on an open floor: it stands on the two
/// ends of each wheel's contact line, and M3 and M5 on their caster balls too (`lurobotsim robot
/// show` says so).
#[test]
fn every_builtin_robot_stands_alone_on_its_wheel_ends_and_casters() {
    for (name, wheels, casters) in [
        ("M1", 3, 0),
        ("M2", 3, 0),
        ("M3", 2, 1),
        ("M4", 4, 0),
        ("M5", 2, 1),
    ] {
        assert_eq!(
            world(name, "E1", false).standing(0),
            Standing::Alone {
                wheel_ends: 2 * wheels,
                casters
            },
            "{name}"
        );
    }
}

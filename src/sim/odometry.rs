//! What the robot has done since its start pose: horizontal path length, unwrapped heading
//! change and displacement (cli.md's `path_length_m`, `yaw_total_deg`, `displacement_m`).

use crate::world::Pose;

/// Odometry of the brick, fed one pose per tick.
#[derive(Clone, Debug, Default)]
pub struct Odometry {
    pub start: Pose,
    last: Pose,
    pub path_length_m: f64,
    pub yaw_total_deg: f64,
}

impl Odometry {
    pub fn new(start: Pose) -> Odometry {
        Odometry {
            start,
            last: start,
            path_length_m: 0.0,
            yaw_total_deg: 0.0,
        }
    }

    /// Adds the move from the previous pose to `pose`.
    pub fn update(&mut self, pose: Pose) {
        let (dx, dz) = (pose.x - self.last.x, pose.z - self.last.z);
        self.path_length_m += (dx * dx + dz * dz).sqrt();
        self.yaw_total_deg += wrap_deg(pose.yaw_deg - self.last.yaw_deg);
        self.last = pose;
    }

    /// Horizontal straight-line distance from the start pose.
    pub fn displacement_m(&self) -> f64 {
        let (dx, dz) = (self.last.x - self.start.x, self.last.z - self.start.z);
        (dx * dx + dz * dz).sqrt()
    }
}

/// An angle difference wrapped into (−180, 180]: the brick turns far less than half a turn
/// per 1 ms tick, so the short way round is the way it went.
pub fn wrap_deg(d: f64) -> f64 {
    let mut d = d % 360.0;
    if d > 180.0 {
        d -= 360.0;
    } else if d <= -180.0 {
        d += 360.0;
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pose(x: f64, z: f64, yaw_deg: f64) -> Pose {
        Pose {
            x,
            y: 0.05,
            z,
            yaw_deg,
        }
    }

    #[test]
    fn two_anticlockwise_turns_count_720_degrees() {
        let mut o = Odometry::new(pose(0.0, 0.0, 0.0));
        for i in 1..=720 {
            let yaw = wrap_deg(i as f64 * 2.0);
            o.update(pose(0.0, 0.0, if yaw == -180.0 { 180.0 } else { yaw }));
        }
        assert!(
            (o.yaw_total_deg - 1440.0).abs() < 1e-9,
            "{}",
            o.yaw_total_deg
        );
        let mut o = Odometry::new(pose(0.0, 0.0, 170.0));
        o.update(pose(0.0, 0.0, -170.0));
        assert!((o.yaw_total_deg - 20.0).abs() < 1e-9);
    }

    #[test]
    fn path_length_adds_up_while_displacement_is_straight_line() {
        let mut o = Odometry::new(pose(0.0, 0.0, 0.0));
        o.update(pose(1.0, 0.0, 0.0));
        o.update(pose(1.0, 1.0, 90.0));
        assert!((o.path_length_m - 2.0).abs() < 1e-12);
        assert!((o.displacement_m() - 2f64.sqrt()).abs() < 1e-12);
    }
}

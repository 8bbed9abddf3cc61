//! A graded run's criteria are the live goal's ([`crate::sim::goal`]): the same code scores
//! a run in `grade` and in the app's challenge panel. What is `grade`'s own here is the
//! robot's path for the report ([`Path`], a point every [`PATH_EVERY_MS`]).

use crate::sim::scenario::Observer;
use crate::sim::Simulation;

/// How often the path for the report is sampled, simulated ms.
pub const PATH_EVERY_MS: u64 = 100;

/// The brick's (x, z) every [`PATH_EVERY_MS`], in mm, of one robot.
pub struct Path {
    pub robot: usize,
    pub points: Vec<[i32; 2]>,
}

impl Path {
    pub fn of(robot: usize) -> Path {
        Path {
            robot,
            points: Vec::new(),
        }
    }
}

fn mm(v: f64) -> i32 {
    (v * 1000.0).round().clamp(-1e9, 1e9) as i32
}

impl Observer for Path {
    fn observe(&mut self, sim: &Simulation) -> std::io::Result<()> {
        let t = sim.time_ms();
        let Some(robot) = sim.robot(self.robot) else {
            return Ok(());
        };
        if t.is_multiple_of(PATH_EVERY_MS) && self.points.len() as u64 <= t / PATH_EVERY_MS {
            let pose = robot.pose();
            self.points.push([mm(pose.x), mm(pose.z)]);
        }
        Ok(())
    }
}

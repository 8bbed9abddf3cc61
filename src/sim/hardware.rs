//! Hardware a program uses that its robot does not have: an output turned on with no
//! motor there, a sensor set up on a port with no sensor. The app shows these once each;
//! `run` prints them on standard error.

use crate::vm::{OutputMode, OutputState, SensorView};
use crate::world::spec::RobotSpec;

/// One use of missing hardware, by robot `robot` (its model's name).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum HardwareWarning {
    /// Output 0–2 (A–C) is on, but no motor is driven by it.
    NoMotor { robot: String, output: usize },
    /// A sensor type is set on port 1–3, but the robot has no sensor there.
    NoSensor { robot: String, port: u8 },
}

impl std::fmt::Display for HardwareWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HardwareWarning::NoMotor { robot, output } => {
                let letter = ["A", "B", "C"].get(*output).copied().unwrap_or("?");
                write!(
                    f,
                    "The program turns on output {letter}, but robot {robot} has no motor on {letter}: nothing moves there."
                )
            }
            HardwareWarning::NoSensor { robot, port } => write!(
                f,
                "The program reads a sensor on port {port}, but robot {robot} has no sensor there: it always reads nothing."
            ),
        }
    }
}

/// What a brick with these outputs and sensors uses that robot `spec` (called `robot`)
/// lacks.
pub fn warnings(
    spec: &RobotSpec,
    robot: &str,
    outputs: &[OutputState],
    sensors: &[SensorView],
) -> Vec<HardwareWarning> {
    let mut found = Vec::new();
    for (i, o) in outputs.iter().enumerate() {
        let has_motor = spec
            .joints
            .iter()
            .any(|j| j.output.is_some_and(|o| o.index() == i));
        if o.mode == OutputMode::On && !has_motor {
            found.push(HardwareWarning::NoMotor {
                robot: robot.to_string(),
                output: i,
            });
        }
    }
    for v in sensors
        .iter()
        .filter(|v| v.sensor_type != crate::rcx::SensorType::None)
    {
        let port = v.port + 1;
        let has = spec
            .sensors
            .iter()
            .any(|s| *s.port.get_ref() == i64::from(port));
        if !has {
            found.push(HardwareWarning::NoSensor {
                robot: robot.to_string(),
                port,
            });
        }
    }
    found
}

/// An observer of a run that collects each robot's warnings once, in the order first
/// seen (looked at every [`crate::sim::time::CSV_ROW_MS`], as often as a viewer sees a
/// frame).
#[derive(Default)]
pub struct HardwareWatch {
    seen: Vec<HardwareWarning>,
}

impl HardwareWatch {
    /// The warnings so far.
    pub fn warnings(&self) -> &[HardwareWarning] {
        &self.seen
    }
}

impl super::scenario::Observer for HardwareWatch {
    fn observe(&mut self, sim: &super::Simulation) -> std::io::Result<()> {
        if !sim.time_ms().is_multiple_of(super::time::CSV_ROW_MS) {
            return Ok(());
        }
        for (k, r) in sim.robots().enumerate() {
            let vm = r.vm();
            let name = sim.world().robot_name(k);
            for w in warnings(r.spec(), name, &vm.outputs(), &vm.sensors()) {
                if !self.seen.contains(&w) {
                    self.seen.push(w);
                }
            }
        }
        Ok(())
    }
}

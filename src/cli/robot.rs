//! `lurobotsim robot show FILE|M1..M5`: the robot model a robot file becomes
//! (`world::model`), printed: its bodies, wheels, casters, joints, motors and sensors, and
//! for each joint whether it is a wheel or a caster, and why (or why not); and who steps it
//! on an open floor (`world::Standing`).
use super::{print_out, CliError, CliResult};
use crate::vm::Realism;
use crate::world::model::RobotModel;
use crate::world::spec::{EnvSpec, RobotSpec, SpecSource};
use crate::world::{Standing, World};
use clap::Subcommand;
use std::sync::Arc;

#[derive(Subcommand, Debug)]
pub enum RobotCommand {
    /// Print the model a robot file is built as: bodies, wheels, casters, joints, motors and
    /// sensors, with what was inferred and why, and who steps it on an open floor (a mistake
    /// in the file: FILE:LINE, exit 1).
    Show {
        /// M1-M5 or a path to a robot file.
        #[arg(value_name = "FILE|M1..M5")]
        robot: String,
    },
}

pub fn run(command: RobotCommand) -> CliResult {
    match command {
        RobotCommand::Show { robot } => {
            let spec = SpecSource::robot(&robot)
                .and_then(|s| s.robot_spec())
                .map_err(|e| CliError::User(e.to_string()))?;
            let stepping = stepping(&spec)?;
            print_out(&format!("{}{stepping}", RobotModel::of(Arc::new(spec))))
        }
    }
}

/// The `stepping:` lines: who steps the robot, alone on E1's open floor.
fn stepping(spec: &RobotSpec) -> Result<String, CliError> {
    let user = |e: crate::world::spec::SpecError| CliError::User(e.to_string());
    let env = EnvSpec::load("E1").map_err(user)?;
    let start = crate::sim::env_start(&env);
    let world = World::new(env, vec![(spec.clone(), start)], 0, Realism::Original).map_err(user)?;
    let how = match world.standing(0) {
        Standing::Alone {
            wheel_ends,
            casters,
        } => format!(
            "alone on the floor: lurobotsim's own step (it stands on {}{}); near a wall, a \
             box or another robot: rapier's",
            count(wheel_ends, "wheel end", "wheel ends"),
            match casters {
                0 => String::new(),
                n => format!(" and {}", count(n, "caster ball", "caster balls")),
            }
        ),
        Standing::Jointed(part) => {
            format!("always rapier's: {part:?} moves on a joint rapier solves")
        }
        Standing::OtherFoot => {
            "always rapier's: a part that meets the floor is neither a wheel nor a caster ball"
                .into()
        }
        Standing::NoFeet => "always rapier's: no wheel or caster ball meets the floor".into(),
    };
    Ok(format!("stepping:\n  {how}\n"))
}

fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

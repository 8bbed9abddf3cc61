//! `lurobotsim robot show FILE|M1..M5`: the robot model a robot file becomes
//! (`world::model`), printed: its bodies, wheels, casters, joints, motors and sensors, and
//! for each joint whether it is a wheel or a caster, and why (or why not).
use super::{print_out, CliError, CliResult};
use crate::world::model::RobotModel;
use crate::world::spec::SpecSource;
use clap::Subcommand;
use std::sync::Arc;

#[derive(Subcommand, Debug)]
pub enum RobotCommand {
    /// Print the model a robot file is built as: bodies, wheels, casters, joints, motors and
    /// sensors, with what was inferred and why (a mistake in the file: FILE:LINE, exit 1).
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
            print_out(&RobotModel::of(Arc::new(spec)).to_string())
        }
    }
}

//! `lurobotsim run`: headless simulation.
use super::{CliError, CliResult, RunArgs};
pub fn run(_a: RunArgs) -> CliResult {
    Err(CliError::Internal("run is not built yet".into()))
}

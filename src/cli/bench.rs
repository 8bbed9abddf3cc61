//! `lurobotsim bench`.
use super::{BenchArgs, CliError, CliResult};
pub fn run(_a: BenchArgs) -> CliResult {
    Err(CliError::Internal("bench is not built yet".into()))
}

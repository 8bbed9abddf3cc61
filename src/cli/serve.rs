//! `lurobotsim serve`: the RCX link.
use super::{CliError, CliResult, ServeArgs};
pub fn run(_a: ServeArgs) -> CliResult {
    Err(CliError::Internal("serve is not built yet".into()))
}

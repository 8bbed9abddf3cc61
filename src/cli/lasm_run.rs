//! `lurobotsim lasm run`: a program on a bare brick.
use super::{CliError, CliResult};
use std::path::Path;
pub fn run(_file: &Path, _ms: u64, _json: bool) -> CliResult {
    Err(CliError::Internal("lasm run is not built yet".into()))
}

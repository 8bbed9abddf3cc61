//! `lurobotsim lasm asm|dis|check`.
use super::{CliError, CliResult, LasmCommand};
pub fn run(_c: LasmCommand) -> CliResult {
    Err(CliError::Internal("lasm is not built yet".into()))
}

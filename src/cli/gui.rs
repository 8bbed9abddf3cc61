//! `lurobotsim [gui]`: the desktop app.
use super::{CliError, CliResult, GuiArgs};
pub fn run(_a: GuiArgs) -> CliResult {
    Err(CliError::Internal("the app is not built yet".into()))
}

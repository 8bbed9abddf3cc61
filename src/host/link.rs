//! The RCX link as the app reaches it: one link per robot, started by the host (a tab has
//! none: `crate::link::start` says why), its typed events and status. The link itself
//! tells the runner when a host has finished a download or started a task
//! (`runner::Command::HostFinished`), so the app only shows what happened.

pub use crate::link::pty::SUPPORTED as PTY_SUPPORTED;
pub use crate::link::{AfterHost, LinkConfig, LinkEvent, LinkHandle};
use crate::runner::Command;
use std::path::PathBuf;
use std::sync::mpsc::Sender;

/// Robot `k`'s link: the first robot's listens on `listen` (with `pty`), robot k's on
/// the port + k and `PATH-k+1` (`LinkConfig::for_robot`), with `base`'s other settings;
/// or why it could not start.
pub fn start(
    listen: &str,
    pty: Option<PathBuf>,
    base: &LinkConfig,
    k: usize,
    runner: Sender<Command>,
) -> Result<LinkHandle, String> {
    let first = LinkConfig {
        listen: Some(crate::link::parse_listen(listen)?),
        pty,
        // The app's links run the clock when a host finishes (the link tells the runner).
        after_host: AfterHost::Run,
        ..base.clone()
    };
    crate::link::start(first.for_robot(k)?, runner).map_err(|e| e.to_string())
}

//! The RCX link: a TCP server (default 127.0.0.1:4266) and a pseudo-terminal that speak the
//! RCX protocol to ROBOLAB, NQC and other hosts, as a brick would. Frames are pure bytes →
//! frames (`crate::rcx::wire`); this module buffers, routes and talks to the one shared
//! simulated RCX through the runner's channel (`runner::with`), never holding a lock across
//! an await.
//!
//! CONTRACT (add, don't rename): `LinkConfig`, `Dialect`, `LinkHandle::{local_addr,
//! pty_path, status, shutdown}`, `LinkStatus`, `start(config, runner_sender)`.

use crate::runner::Command;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::mpsc::Sender;

/// How a connection's bytes are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Dialect {
    #[default]
    Auto,
    Framed,
    Raw,
    Lasm,
}

/// Link settings.
#[derive(Clone, Debug)]
pub struct LinkConfig {
    /// TCP address; `None` = no TCP listener.
    pub listen: Option<SocketAddr>,
    /// Permit a non-loopback listen address.
    pub allow_remote: bool,
    pub pty: Option<PathBuf>,
    pub dialect: Dialect,
    /// Tower echo of received bytes on framed connections.
    pub echo: bool,
    pub capture: Option<PathBuf>,
}

impl Default for LinkConfig {
    fn default() -> Self {
        LinkConfig {
            listen: Some(SocketAddr::from(([127, 0, 0, 1], 4266))),
            allow_remote: false,
            pty: None,
            dialect: Dialect::Auto,
            echo: true,
            capture: None,
        }
    }
}

/// What the app shows about the link.
#[derive(Clone, Debug, Default)]
pub struct LinkStatus {
    pub connections: usize,
    /// Human-readable recent events ("download of task 0 complete from 127.0.0.1:50228").
    pub log: Vec<String>,
}

/// A running link.
pub struct LinkHandle {
    local_addr: Option<SocketAddr>,
    pty_path: Option<PathBuf>,
}

impl LinkHandle {
    /// The bound TCP address (with the real port when 0 was asked for).
    pub fn local_addr(&self) -> Option<SocketAddr> {
        self.local_addr
    }
    /// The pty's link path.
    pub fn pty_path(&self) -> Option<&PathBuf> {
        self.pty_path.as_ref()
    }
    /// Current status.
    pub fn status(&self) -> LinkStatus {
        LinkStatus::default()
    }
    /// Closes listeners and connections.
    pub fn shutdown(self) {}
}

/// Why the link could not start.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    #[error("cannot listen on {addr}: {message}")]
    Bind { addr: String, message: String },
    #[error("refusing to listen on non-loopback address {0} without --allow-remote")]
    NotLoopback(String),
    #[error("cannot create pty at {path}: {message}")]
    Pty { path: String, message: String },
}

/// Starts the link on its own thread (with its own tokio runtime), serving the simulation
/// behind `runner`.
pub fn start(config: LinkConfig, runner: Sender<Command>) -> Result<LinkHandle, LinkError> {
    let _ = runner;
    Ok(LinkHandle {
        local_addr: config.listen,
        pty_path: config.pty,
    })
}

//! The link's integration tests: the wire codec, sessions, the TCP and pty server, real NQC downloads.
//! Grouped in one crate so the test build links one binary instead of one per file.
#![allow(clippy::unwrap_used)]

#[cfg(unix)]
mod link_brick;
mod link_flood;
mod link_nqc;
mod link_server;
mod link_session;
mod link_support;
mod link_wire;

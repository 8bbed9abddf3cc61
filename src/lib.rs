//! lurobotsim — a faithful, deterministic simulator for LEGO MINDSTORMS RCX programs.
//!
//! Layers, dependencies pointing down only (see ARCHITECTURE.md):
//!
//! - [`rcx`]: the RCX 2.0 instruction set as data and codecs (opcode table, bytecode, LASM,
//!   NQC images, IR framing). Pure.
//! - [`vm`]: the RCX interpreter, generic over a [`vm::Brick`] for its I/O. Pure.
//! - [`trace`]: recognises ROBOLAB icons (VIs) in programs and follows the running one. Pure.
//! - [`world`]: rapier3d robots M1–M5 and environments E1–E3 from data files, motors, sensors.
//! - [`sim`]: the fixed 1 ms tick that joins world and VM; snapshots, JSON, record/replay.
//! - [`runner`]: paces a simulation against the wall clock: on its own thread, or driven by
//!   the viewer's frame loop (the browser) — one port, `RunnerHandle`, either way.
//! - [`link`]: the TCP / pty server that ROBOLAB and NQC download to (tokio, feature
//!   `desktop`; without it `link::start` says a browser tab has no link).
//! - [`brick`]: a real RCX through an IR tower: the host side of the protocol
//!   (`rcx::host`, pure) driven over a transport — serial tower, USB tower, TCP (the devices
//!   with feature `desktop`).
//! - [`nqc`]: program files as users have them (.rcx, .lasm, and .nqc through the installed NQC).
//! - [`grade`]: grading a class: assignments, criteria checked every tick, reports, shards.
//! - [`host`]: the host port — what the app needs from the machine (files picked and put,
//!   settings, the link, the speaker, background jobs), a desktop's and a tab's; its job
//!   engines are pure std and always built.
//! - [`logger`]: the binary's `log` backend (`RUST_LOG`), so dependency warnings reach stderr.
//! - `cli` (feature `desktop`): the command line.
//! - `app`, `render`, `ui` (feature `gui`): the app on eframe/egui/wgpu; `web` (feature
//!   `web`): its browser glue (scripts/web-build).

pub mod brick;
#[cfg(feature = "desktop")]
pub mod cli;
pub mod grade;
pub mod host;
pub mod i18n;
pub mod link;
pub mod logger;
pub mod nqc;
pub mod rcx;
pub mod runner;
pub mod sim;
pub mod trace;
pub mod vm;
pub mod world;

#[cfg(feature = "gui")]
pub mod app;
#[cfg(feature = "gui")]
pub mod render;
#[cfg(feature = "gui")]
pub mod ui;
#[cfg(feature = "web")]
pub mod web;

//! What the app's small models (the challenge panel, the Grade window, the program editor)
//! read and what they ask for, Elm's way: each model's `update(msg, cx)` reads the shared
//! state through a [`Cx`] and returns [`Command`]s, which `LuApp` carries out in one place
//! (`LuApp::run_commands`). A model never holds the app, the runner or the link; it
//! reaches the machine only through `cx.host`.

use super::program::{ErrorView, LoadedProgram};
use crate::host::Host;
use crate::rcx::Program;
use crate::runner::{RunnerStatus, WorldShown};
use crate::sim::Snapshot;
use crate::vm::TaskState;
use std::path::Path;

/// How serious a message is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Info,
    Warning,
    Error,
}

/// A line in the message area.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    pub level: Level,
    pub text: String,
}

/// What a model asks the app to do.
pub enum Command {
    /// To the runner.
    Runner(crate::runner::Command),
    /// A line in the message area.
    Note(Level, String),
    /// Why a file could not be used, with its faulty line.
    ShowError(ErrorView),
    /// The model opened another world (the runner shows it next): the dropped boxes and
    /// the hardware warnings go with the old one, the floor picture is fetched again, the
    /// cameras go back to where they start and then back off `spread_m` more.
    NewWorld { spread_m: f32 },
    /// The program the app shows becomes this (the new world's, or none yet).
    ShowProgram(Option<LoadedProgram>),
    /// Load this program into the selected robot, as File > Open does.
    LoadProgram { name: String, program: Program },
}

/// What a model may read of the app while it updates.
pub struct Cx<'a> {
    /// The machine: files, settings, background jobs.
    pub host: &'a Host,
    /// The moment on screen, as the runner last published it.
    pub shown: Option<&'a Snapshot>,
    pub status: Option<&'a RunnerStatus>,
    /// The program the app shows.
    pub program: Option<&'a LoadedProgram>,
    /// The world the runner shows.
    pub world: &'a WorldShown,
    /// The folder the file windows and Save start in.
    pub file_dir: &'a Path,
    /// The shown robot's model as the app names it ("M4"; a scene's robot's own).
    pub robot_label: String,
    /// The environment's name as shown ("E2").
    pub env_label: String,
    /// The language the window speaks: every text a model makes is made in it.
    pub lang: crate::i18n::Lang,
}

impl Cx<'_> {
    /// Some task of a program is running or waiting (in a scene: of any robot's).
    pub fn program_active(&self) -> bool {
        self.shown.is_some_and(|s| {
            s.tasks.iter().any(|t| t.state != TaskState::Stopped)
                || s.robots.iter().any(|r| r.running)
        })
    }

    /// An earlier moment is on screen (the timeline scrubbed, a replay).
    pub fn reviewing(&self) -> bool {
        self.status.is_some_and(|s| s.reviewing_ms.is_some())
    }

    /// The robot a download goes to: in a scene the chosen one by name ("R3 (M4)").
    pub fn target(&self) -> String {
        match self.shown {
            Some(s) if s.robots.len() > 1 => match s.robots.get(s.selected) {
                Some(r) => format!("{} ({})", r.name, r.model),
                None => self.robot_label.clone(),
            },
            _ => self.robot_label.clone(),
        }
    }
}

/// A file's or a model's name as shown: a path's file stem, a name as it is.
pub fn label_of(name_or_path: &str) -> String {
    Path::new(name_or_path)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| name_or_path.to_string())
}

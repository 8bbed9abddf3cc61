//! The app's state and actions (feature `gui`). The simulation runs behind the runner
//! port: the app only sends commands and reads what the runner publishes (snapshots,
//! status, its events — which world it shows, the program, faults —, its history's frames
//! for the plots), so drawing can never slow or change the physics. The machine (files,
//! settings, the link, background jobs) is reached only through the [`Host`] handed to
//! it. Errors from outside (files, downloads, VM faults) become messages.
//!
//! The shape: [`LuApp`] keeps what is shared — the run as last published, the world and
//! program shown, the messages, the view and dialogs, the host — and [`LuApp::apply`]
//! carries out every [`Action`] the panels return. Each window with a life of its own is
//! a small model with its state and `update(msg, cx) -> Vec<Command>` (`command.rs`: what
//! a model reads, [`Cx`], and asks for, [`Command`], carried out by
//! [`LuApp::run_commands`]): the challenge panel (`challenge/`), the Grade window
//! (`grade.rs`), the program editor (`editor/`). Their background work is a `host::Job`
//! spawned through the host; their drawing is their `ui/` file. The rest: `start.rs` (how
//! the app starts), `controls.rs` (Run, Step, Stop, the history), `world.rs` (robot,
//! environment, program, the world's edits), `files.rs` (Save as, recordings, trace CSV,
//! files that arrive), `read.rs` (the core's files through the host), `program.rs` (icons
//! and LASM lines, open errors), `shot.rs` (screenshots), `connection.rs` (the RCX link),
//! `view.rs` (cameras, panes, dialogs), `config.rs`. It never imports `crate::ui`: the
//! panels draw it and return [`Action`]s; `ui::shell` implements `eframe::App`.

pub mod challenge;
mod command;
mod config;
mod connection;
mod controls;
pub mod editor;
pub mod examples;
mod files;
pub mod grade;
mod program;
pub mod rcx;
mod read;
pub mod share;
mod shot;
mod start;
mod view;
mod world;

pub use challenge::{ChallengeMsg, ChallengePanel};
pub use command::{label_of, Command, Cx, Level, Message};
pub use config::{AppConfig, ShotResult};
pub use editor::EditorAction;
pub use files::{png_bytes, SaveAs, SaveKind};
pub use grade::{Batch, GradeMsg, GradeWindow, PupilRow};
pub use program::{ErrorView, LoadedProgram};
pub use rcx::{RcxMsg, RcxWindow};
pub use view::{
    zoom_of_setting, zoom_step, Arrange, Browse, Dialogs, Look, Panes, Pending, Tool, View,
    ZOOM_STEPS,
};

use crate::host::link::{self, LinkConfig, LinkHandle};
use crate::host::Host;
use crate::rcx::Program;
use crate::render::{FloorImage, ViewPreset};
use crate::runner::{
    self, Command as Run, CsvExport, PlotPoint, RunnerConfig, RunnerEvent, RunnerHandle,
    RunnerStatus, Speed, StepKind, WorldShown,
};
use crate::sim::record;
use crate::sim::specs::SpecSource;
use crate::sim::{SimConfig, Simulation, Snapshot};
use shot::Shot;
use std::path::{Path, PathBuf};
use std::sync::mpsc::Receiver;
use std::sync::{Arc, Mutex};

/// What the user asked for through the window: the panels (`crate::ui`) return these and
/// [`LuApp::apply`] carries them out, so every change to the run, the world or the files
/// goes through one place.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Run,
    Pause,
    Step(StepKind),
    Stop,
    Slower,
    Faster,
    SetSpeed(Speed),
    ChooseRobot(String),
    ChooseEnv(String),
    ChooseRealism(crate::vm::Realism),
    ChooseExample(usize),
    /// The OK / Cancel question was answered (true = OK).
    AnswerPending(bool),
    /// Open a program, robot, environment or recording file.
    Open(PathBuf),
    /// Choose a file or folder for this: the app's own file window on the desktop, the
    /// page's picker in a tab (the host decides).
    Browse(Browse),
    PlaceRobot {
        x: f32,
        z: f32,
    },
    /// Turn the robot on the spot, degrees anticlockwise.
    TurnRobot(f64),
    DropBox {
        x: f32,
        z: f32,
    },
    RemoveBox(String),
    ClearBoxes,
    Seek(u64),
    Replay,
    LeaveReplay,
    ResumeHere,
    AskSave(SaveKind),
    ConfirmSave {
        replace: bool,
    },
    Tile,
    Cascade,
    Note(Level, String),
    /// View > Language: the app speaks `Lang` from the next frame on, and remembers it.
    SetLanguage(crate::i18n::Lang),
    /// View > High contrast / Reduce motion: the window's look, remembered.
    SetLook(Look),
    /// Ctrl + / Ctrl − / View > Zoom: the size of everything (1.0 = 100 %), remembered.
    SetZoom(f32),
    /// Save a screenshot of the window (the shell asks egui for the picture).
    Screenshot,
    /// A button of the brick's face (logged as an input).
    PressButton(crate::vm::Button),
    /// Show robot k's brick, readouts, trace and plots; the toolbar's robot, File > Open
    /// and the brick face act on it.
    SelectRobot(usize),
    /// Add a robot (the selected one's model) beside the others, with its own RCX and link.
    AddRobot,
    /// Remove robot k (the last one stays).
    RemoveRobot(usize),
    /// The Grade window asked for something.
    Grade(GradeMsg),
    /// The program editor's window asked for something.
    Editor(EditorAction),
    /// The challenge panel asked for something.
    Challenge(ChallengeMsg),
    /// The Real RCX window asked for something.
    Rcx(RcxMsg),
}

/// The small models, borrowed together for an update.
struct Models<'a> {
    challenge: &'a mut ChallengePanel,
    grade: &'a mut GradeWindow,
    editor: &'a mut editor::Editor,
    rcx: &'a mut RcxWindow,
}

/// The trace CSV's bytes and what they cover, or why not (the runner's answer).
type CsvBytes = Result<(Vec<u8>, CsvExport), runner::Refusal>;

/// Answers awaited from the runner (each polled once a frame until it comes).
#[derive(Default)]
struct Jobs {
    floor_rx: Option<Receiver<Option<Vec<u8>>>>,
    save_rx: Option<(PathBuf, Receiver<Result<String, runner::Refusal>>)>,
    csv_rx: Option<(PathBuf, Receiver<CsvBytes>)>,
    /// (recording's duration, the live clock once the runner has opened it).
    open_rx: Option<(u64, Receiver<u64>)>,
    /// The plots' series asked for, and whether a publication arrived since.
    plot_rx: Option<Receiver<Vec<PlotPoint>>>,
    plot_wanted: bool,
    /// The state object of a run at once (`share::run_at_once`).
    state_rx: Option<Receiver<Result<String, String>>>,
}

/// Screenshots in progress: `--screenshot` and the user's.
#[derive(Default)]
struct Shots {
    shot: Option<Shot>,
    shot_result: ShotResult,
    user_shot: Option<Arc<Mutex<Option<Arc<egui::ColorImage>>>>>,
}

/// The app: the simulation as the runner last showed it, the world and program shown,
/// the view and dialog state the panels draw, the small models, and the answers awaited.
pub struct LuApp {
    pub runner: RunnerHandle,
    /// Each robot's link, robot k's at k (`LinkConfig::for_robot`: the first on `listen`
    /// and `pty`, robot k's on `listen` + k and `pty`-k+1); `Err` says why one could not
    /// start. Empty without `listen`.
    pub links: Vec<Result<LinkHandle, String>>,
    /// How the first link was set up (address, pty, settings), for the others.
    link_setup: Option<(String, Option<PathBuf>, LinkConfig)>,
    /// The robot whose brick, readouts, trace and plots are shown (0-based).
    pub selected: usize,
    /// The world the runner shows (as it told: its robot and environment files).
    world: WorldShown,
    pub program: Option<LoadedProgram>,
    pub live: Option<Arc<Snapshot>>,
    pub status: Option<RunnerStatus>,
    /// The plots' series: the runner's history as it last answered (`Command::Plot`).
    pub plot: Vec<PlotPoint>,
    pub messages: Vec<Message>,
    /// Boxes dropped on the floor so far (for naming).
    pub dropped_boxes: usize,
    /// The dropped boxes (name, x, z): Stop and loading a program put them back.
    boxes: Vec<(String, f32, f32)>,
    /// The realism asked for at the start (shown until the runner's status reports it).
    config_realism: crate::vm::Realism,
    /// `--battery-v` (or a share link's battery), for the share link.
    config_battery_v: Option<f32>,
    /// The state object of [`LuApp::run_at_once`]'s run (`run --json`'s text), once the
    /// runner has answered; the browser build writes it into the page.
    pub state_json: Option<Result<String, String>>,
    /// Where this app is served from (the browser build: the page's address without its
    /// fragment), for File > Copy link; `None` on the desktop.
    pub share_base: Option<String>,
    /// Hardware warnings already given for this program on this robot.
    warned: std::collections::BTreeSet<String>,
    pub view: View,
    pub dialogs: Dialogs,
    /// The Grade window: its form, the class being graded or graded last.
    pub grade: GradeWindow,
    /// The program editor (its window, document, undo and autosave).
    pub editor: editor::Editor,
    /// The Real RCX window: the tower, the brick, the job under way.
    pub rcx: RcxWindow,
    /// The challenge panel (its challenge, regions and card), if one is open.
    pub challenge: ChallengePanel,
    /// The machine the app runs on: files, settings, the link, background jobs.
    pub host: Host,
    jobs: Jobs,
    shots: Shots,
}

impl LuApp {
    /// View > Language: speaks `lang` from the next frame (the run goes on untouched) and
    /// remembers it for the next start.
    pub fn set_language(&mut self, lang: crate::i18n::Lang) {
        self.view.lang = lang;
        if let Err(e) = self
            .host
            .set_setting(crate::host::setting::LANGUAGE, Some(lang.code()))
        {
            self.note(
                Level::Warning,
                crate::tr!(lang, "msg-language-not-remembered", error = e),
            );
        }
    }

    /// View > High contrast / Reduce motion: the new look, remembered for the next start.
    pub fn set_look(&mut self, look: Look) {
        self.view.look = look;
        let word = |on: bool| if on { "on" } else { "off" };
        use crate::host::setting::{HIGH_CONTRAST, REDUCE_MOTION};
        let kept = self
            .host
            .set_setting(HIGH_CONTRAST, Some(word(look.high_contrast)))
            .and_then(|()| {
                self.host
                    .set_setting(REDUCE_MOTION, Some(word(look.reduce_motion)))
            });
        if let Err(e) = kept {
            self.note(
                Level::Warning,
                crate::tr!(self.view.lang, "msg-setting-not-remembered", error = e),
            );
        }
    }

    /// Ctrl + / Ctrl −: the new zoom (kept within 80–200 %), remembered for the next start.
    pub fn set_zoom(&mut self, zoom: f32) {
        let zoom = view::zoom_of_setting(&zoom.to_string());
        if (zoom - self.view.zoom).abs() < 1e-3 {
            return;
        }
        self.view.zoom = zoom;
        let kept = format!("{zoom:.2}");
        if let Err(e) = self
            .host
            .set_setting(crate::host::setting::ZOOM, Some(&kept))
        {
            self.note(
                Level::Warning,
                crate::tr!(self.view.lang, "msg-setting-not-remembered", error = e),
            );
        }
    }

    // ----- what is shown -----

    /// The snapshot on screen: what the runner shows (the present, or the moment of the
    /// history being reviewed).
    pub fn shown(&self) -> Option<&Snapshot> {
        self.live.as_deref()
    }

    /// The runner is stepping time.
    pub fn is_running(&self) -> bool {
        self.status.as_ref().is_some_and(|s| s.running)
    }

    /// The moment of the history being shown instead of the present (after scrubbing the
    /// timeline or pressing Replay), ms.
    pub fn reviewing(&self) -> Option<u64> {
        self.status.as_ref().and_then(|s| s.reviewing_ms)
    }

    /// The runner's speed (normal mode).
    pub fn speed(&self) -> Speed {
        self.status
            .as_ref()
            .map(|s| s.speed)
            .unwrap_or(Speed::Factor(1.0))
    }

    /// The simulation's realism (`--realism`): the 2007 simulator or a real RCX brick.
    pub fn realism(&self) -> crate::vm::Realism {
        self.status
            .as_ref()
            .map(|s| s.realism)
            .unwrap_or(self.config_realism)
    }

    /// The runner's slow-mode delay after each 1 ms step (0: not slow).
    pub fn slow_delay_ms(&self) -> u32 {
        self.status.as_ref().map(|s| s.slow_delay_ms).unwrap_or(0)
    }

    /// Some task of the program is running or waiting (in a scene: of any robot's).
    pub fn program_active(&self) -> bool {
        self.cx().program_active()
    }

    pub fn note(&mut self, level: Level, text: impl Into<String>) {
        let text = text.into();
        if self.messages.last().is_some_and(|m| m.text == text) {
            return;
        }
        self.messages.push(Message { level, text });
        let excess = self.messages.len().saturating_sub(100);
        self.messages.drain(..excess);
    }

    /// The shown robot's model as the runner built it: its file's name (M1…M5, or a
    /// path), else its model's name.
    pub fn robot_name(&self) -> &str {
        match &self.world.robot_file {
            Some(f) => &f.name,
            None => &self.world.robot_spec.name,
        }
    }

    /// The environment as the runner built it: its file's name (E1…E4, or a path).
    pub fn env_name(&self) -> &str {
        match &self.world.env_file {
            Some(f) => &f.name,
            None => &self.world.env_spec.name,
        }
    }

    /// The (selected) robot's model as shown (a file's stem for robot files).
    pub fn robot_label(&self) -> String {
        match self.shown() {
            Some(s) if s.robots.len() > 1 => s.robot.clone(),
            _ => label_of(self.robot_name()),
        }
    }

    /// The environment's name as shown.
    pub fn env_label(&self) -> String {
        label_of(self.env_name())
    }

    /// The sym.txt lines ROBOLAB needs to find this simulator.
    pub fn sym_txt(&self) -> String {
        let port = self
            .shown_link()
            .0
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .unwrap_or(4266);
        // ROBOLAB 2.9.3's three settings; the original named its entry LegoSim.
        format!("SymName LegoSim\r\nSymAddr localhost\r\nSymPort {port}\r\n")
    }

    /// Run has something to start: a program on the shown robot, or (in a scene) on any.
    pub fn can_run(&self) -> bool {
        self.program.is_some()
            || self
                .shown()
                .is_some_and(|s| s.robots.len() > 1 && s.robots.iter().any(|r| r.has_program))
    }

    /// How many robots the world has.
    pub fn robot_count(&self) -> usize {
        self.shown().map_or(1, |s| s.robots.len().max(1))
    }

    /// Where the robot is on the floor now.
    pub fn robot_position(&self) -> glam::Vec3 {
        self.shown()
            .map(|s| glam::Vec3::new(s.pose.x as f32, 0.0, s.pose.z as f32))
            .unwrap_or_default()
    }

    /// A scene was opened: the cameras see all of it, and a word on how to use it.
    pub(crate) fn scene_shown(&mut self, scene: &crate::sim::scene::Scene) {
        let (x0, z0, _) = scene.robots[0].pose;
        let spread = scene
            .robots
            .iter()
            .map(|r| (r.pose.0 - x0).hypot(r.pose.1 - z0))
            .fold(0.0f32, f32::max);
        self.back_off(1.6 * spread);
        self.note(
            Level::Info,
            crate::tr!(
                self.view.lang,
                "app-scene-robots-pick-one-under",
                file = scene.file.to_string(),
                len = scene.robots.len().to_string()
            ),
        );
    }

    /// The cameras back where they start, then `spread_m` farther (at most 12 m away).
    fn back_off(&mut self, spread_m: f32) {
        self.view.cameras = View::default().cameras;
        for c in &mut self.view.cameras {
            c.distance = (c.distance + spread_m).min(12.0);
        }
    }

    // ----- the models -----

    /// What a model may read now (see [`Cx`]).
    pub fn cx(&self) -> Cx<'_> {
        self.cx_with(self.robot_label(), self.env_label())
    }

    fn cx_with(&self, robot_label: String, env_label: String) -> Cx<'_> {
        Cx {
            host: &self.host,
            shown: self.live.as_deref(),
            status: self.status.as_ref(),
            program: self.program.as_ref(),
            world: &self.world,
            file_dir: &self.dialogs.file_dir,
            robot_label,
            env_label,
            lang: self.view.lang,
        }
    }

    /// The models to update, beside what they may read (disjoint borrows of the app).
    fn models(&mut self) -> (Models<'_>, Cx<'_>) {
        let (robot_label, env_label) = (self.robot_label(), self.env_label());
        let models = Models {
            challenge: &mut self.challenge,
            grade: &mut self.grade,
            editor: &mut self.editor,
            rcx: &mut self.rcx,
        };
        let cx = Cx {
            host: &self.host,
            shown: self.live.as_deref(),
            status: self.status.as_ref(),
            program: self.program.as_ref(),
            world: &self.world,
            file_dir: &self.dialogs.file_dir,
            robot_label,
            env_label,
            lang: self.view.lang,
        };
        (models, cx)
    }

    /// The challenge panel's message; one that opens another world waits for OK while a
    /// program runs.
    pub(super) fn challenge_msg(&mut self, msg: ChallengeMsg) {
        if msg.replaces_world() && self.program_active() {
            self.dialogs.pending = Some(Pending::Challenge(msg));
            return;
        }
        self.challenge_now(msg);
    }

    /// The challenge panel's message, carried out now.
    pub(super) fn challenge_now(&mut self, msg: ChallengeMsg) {
        let (m, cx) = self.models();
        let cmds = m.challenge.update(msg, &cx);
        self.run_commands(cmds);
    }

    /// The Grade window's message; opening a graded run waits for OK while a program runs.
    fn grade_msg(&mut self, msg: GradeMsg) {
        if let (GradeMsg::OpenRun(i), true) = (&msg, self.program_active()) {
            self.dialogs.pending = Some(Pending::GradedRun(*i));
            return;
        }
        self.grade_now(msg);
    }

    /// The Grade window's message, carried out now.
    pub(super) fn grade_now(&mut self, msg: GradeMsg) {
        let (m, cx) = self.models();
        let cmds = m.grade.update(msg, &cx);
        // A graded run opened: another world, the challenge's criteria no longer apply.
        let new_world = cmds.iter().any(|c| matches!(c, Command::NewWorld { .. }));
        self.run_commands(cmds);
        if new_world {
            self.challenge_now(ChallengeMsg::WorldReplaced);
        }
    }

    /// The Real RCX window's message.
    pub(super) fn rcx_now(&mut self, msg: RcxMsg) {
        let lang = self.view.lang;
        let (m, cx) = self.models();
        // Download sends the editor's document when the simulator does not run it yet.
        let msg = match msg {
            RcxMsg::Download => match m.editor.program_for_brick(lang) {
                Some(p) => RcxMsg::DownloadEdited(Box::new(p)),
                None => RcxMsg::Download,
            },
            msg => msg,
        };
        let cmds = m.rcx.update(msg, &cx);
        self.run_commands(cmds);
    }

    /// The program editor's action.
    pub fn apply_editor(&mut self, action: EditorAction) {
        let (m, cx) = self.models();
        let cmds = m.editor.update(action, &cx);
        self.run_commands(cmds);
    }

    /// A draft (`.icons`) opened as the document being edited.
    pub(crate) fn open_draft(&mut self, name: &str, text: &str) {
        let cmds = self.editor.open_draft(self.view.lang, name, text);
        self.run_commands(cmds);
    }

    /// Hands the editor's autosave to the host (after every action and frame).
    fn flush_autosave(&mut self) {
        if let Some(text) = self.editor.take_autosave() {
            if let Err(e) = self.host.set_setting(editor::AUTOSAVE, text.as_deref()) {
                self.editor.autosave_failed(self.view.lang, &e);
            }
        }
    }

    /// Carries out what a model asked for.
    pub fn run_commands(&mut self, cmds: Vec<Command>) {
        for c in cmds {
            match c {
                Command::Runner(r) => self.runner.send(r),
                Command::Note(level, text) => self.note(level, text),
                Command::ShowError(view) => self.dialogs.error_view = Some(view),
                Command::NewWorld { spread_m } => {
                    self.after_restart();
                    self.back_off(spread_m);
                    self.view.selected_vi = None;
                }
                Command::ShowProgram(program) => {
                    self.program = program;
                    self.view.selected_vi = None;
                }
                Command::LoadProgram { name, program } => self.load_program(&name, program),
            }
        }
    }

    // ----- per frame -----

    /// Takes in what the runner, the link, the host and the models' jobs have produced.
    pub fn poll(&mut self) {
        self.poll_runner();
        self.poll_answers();
        self.poll_link();
        self.take_arrivals();
        self.flush_autosave();
        self.poll_files();
        self.grade_now(GradeMsg::Poll);
        self.challenge_now(ChallengeMsg::Poll);
        self.rcx_now(RcxMsg::Poll);
    }

    /// The runner's newest publication, with its events.
    fn poll_runner(&mut self) {
        let Some((snap, mut status)) = self.runner.latest() else {
            return;
        };
        let snap = Arc::new(snap);
        // What changed comes as the runner's events, not from comparing snapshots.
        for e in std::mem::take(&mut status.events) {
            self.on_event(e, &snap);
        }
        self.jobs.plot_wanted = true;
        if status.reviewing_ms.is_none() && self.world.robot == snap.selected {
            self.hardware_warnings(&snap);
        }
        self.live = Some(snap);
        self.status = Some(status);
        self.challenge_now(ChallengeMsg::Seen);
    }

    /// The runner's answers awaited: the plots (asked for again after each publication,
    /// one request at a time), the floor picture, a run's state object.
    fn poll_answers(&mut self) {
        if let Some(rx) = &self.jobs.plot_rx {
            match rx.try_recv() {
                Ok(p) => {
                    self.plot = p;
                    self.jobs.plot_rx = None;
                }
                Err(std::sync::mpsc::TryRecvError::Disconnected) => self.jobs.plot_rx = None,
                Err(std::sync::mpsc::TryRecvError::Empty) => {}
            }
        }
        if self.jobs.plot_wanted && self.jobs.plot_rx.is_none() {
            self.jobs.plot_wanted = false;
            self.jobs.plot_rx = Some(self.runner.plot());
        }
        if let Some(rx) = &self.jobs.floor_rx {
            if let Ok(png) = rx.try_recv() {
                let env = self.env_name().to_string();
                self.view.floor_image =
                    png.and_then(|b| FloorImage::from_png(&env, &b).map(Arc::new));
                self.jobs.floor_rx = None;
            }
        }
        if let Some(rx) = &self.jobs.state_rx {
            if let Ok(state) = rx.try_recv() {
                self.state_json = Some(state);
                self.jobs.state_rx = None;
            }
        }
    }

    /// One of the runner's events.
    fn on_event(&mut self, e: RunnerEvent, snap: &Snapshot) {
        let lang = self.view.lang;
        match e {
            RunnerEvent::Roster(names) => {
                if self.link_setup.is_some() && names.len() != self.links.len() {
                    self.sync_links(names.len());
                }
            }
            RunnerEvent::World(world) => {
                // Another floor: its picture is fetched (the runner built it from the file).
                let floor = world.env_file != self.world.env_file;
                self.world = *world;
                if floor {
                    self.fetch_floor();
                }
            }
            RunnerEvent::Program {
                robot,
                program,
                vis,
                quiet,
            } => self.program_told(robot, *program, vis, quiet, snap),
            RunnerEvent::Fault(f) => self.note(
                Level::Error,
                crate::tr!(lang, "app-program-fault", f = f.to_string()),
            ),
            RunnerEvent::Message(m) => self.note(Level::Error, m.words(lang)),
            RunnerEvent::Notice(n) => self.note(Level::Info, notice_words(lang, &n)),
        }
    }

    /// The runner's program for the shown robot (loaded, downloaded, another robot shown).
    fn program_told(
        &mut self,
        robot: usize,
        program: Program,
        vis: Arc<Vec<crate::trace::Vi>>,
        quiet: bool,
        snap: &Snapshot,
    ) {
        let lang = self.view.lang;
        if quiet {
            // Another robot is shown (chosen, added or removed): its program afresh.
            self.selected = robot;
            self.program = None;
            self.view.selected_vi = None;
        }
        let known = self
            .program
            .as_ref()
            .is_some_and(|lp| lp.program == program);
        if known || program.is_empty() {
            return;
        }
        // In a scene: the chosen robot's program (from the scene file, a download or File >
        // Open); the link's lines tell of downloads.
        let owner = (snap.robots.len() > 1 || quiet)
            .then(|| snap.robots.get(robot).map(|r| r.name.clone()))
            .flatten();
        let name = match &owner {
            Some(name) => crate::tr!(lang, "app-s-program", name = name.to_string()),
            None => crate::tr!(lang, "app-downloaded-program"),
        };
        let lp = LoadedProgram::new(lang, &name, program, vis.to_vec());
        if owner.is_none() && !quiet {
            self.note(
                Level::Info,
                crate::tr!(lang, "app-new-program-received-icon-s", len = lp.vis.len()),
            );
        }
        self.program = Some(lp);
        self.view.selected_vi = None;
    }

    /// Carries out what the panels asked for (`Action::Screenshot` needs the window: the
    /// shell handles it).
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::Run => self.run(),
            Action::Pause => self.pause(),
            Action::Step(kind) => self.step(kind),
            Action::Stop => self.stop(),
            Action::Slower => self.slower(),
            Action::Faster => self.faster(),
            Action::SetSpeed(s) => self.set_speed(s),
            Action::ChooseRobot(r) => self.choose_robot(&r),
            Action::ChooseEnv(e) => self.choose_env(&e),
            Action::ChooseRealism(r) => self.choose_realism(r),
            Action::ChooseExample(i) => self.choose_example(i),
            Action::AnswerPending(ok) => self.answer_pending(ok),
            Action::Open(p) => self.open_any(&p),
            Action::Browse(mode) => self.browse(mode),
            Action::PlaceRobot { x, z } => self.place_robot(x, z),
            Action::TurnRobot(d) => self.turn_robot(d),
            Action::DropBox { x, z } => self.drop_box(x, z),
            Action::RemoveBox(name) => self.remove_dropped_box(&name),
            Action::ClearBoxes => self.clear_boxes(),
            Action::Seek(t) => self.seek(t),
            Action::Replay => self.replay(),
            Action::LeaveReplay => self.leave_replay(),
            Action::PressButton(b) => self.press_button(b),
            Action::SelectRobot(k) => self.select_robot(k),
            Action::AddRobot => self.add_robot(),
            Action::RemoveRobot(k) => self.remove_robot(k),
            Action::ResumeHere => self.resume_from_replay(),
            Action::AskSave(kind) => self.ask_save(kind),
            Action::ConfirmSave { replace } => self.confirm_save(replace),
            Action::Tile => self.tile(),
            Action::Cascade => self.cascade(),
            Action::Note(level, text) => self.note(level, text),
            Action::SetLanguage(lang) => self.set_language(lang),
            Action::SetLook(look) => self.set_look(look),
            Action::SetZoom(zoom) => self.set_zoom(zoom),
            Action::Grade(msg) => self.grade_msg(msg),
            Action::Editor(a) => self.apply_editor(a),
            Action::Challenge(msg) => self.challenge_msg(msg),
            Action::Rcx(msg) => self.rcx_now(msg),
            Action::Screenshot => {}
        }
        self.flush_autosave();
    }

    /// Something other than the runner's publications is awaited (an answer, a screenshot,
    /// a drag, a model's job): the window keeps redrawing until it comes.
    pub fn waiting(&self) -> bool {
        self.screenshot_pending()
            || self.jobs.floor_rx.is_some()
            || self.jobs.save_rx.is_some()
            || self.jobs.csv_rx.is_some()
            || self.jobs.plot_rx.is_some()
            || self.jobs.open_rx.is_some()
            || self.jobs.state_rx.is_some()
            || self.shots.user_shot.is_some()
            || self.view.dragging_robot.is_some()
            || self.grade.busy()
            || self.challenge.busy()
    }
}

/// A runner's notice in the app's language.
fn notice_words(lang: crate::i18n::Lang, n: &runner::Notice) -> String {
    match n {
        runner::Notice::SteppedWithoutProgram { robot: None } => {
            crate::tr!(lang, "app-notice-the-robot-runs-no-program")
        }
        runner::Notice::SteppedWithoutProgram { robot: Some(name) } => {
            crate::tr!(
                lang,
                "app-notice-robot-runs-no-program",
                robot = name.clone()
            )
        }
        runner::Notice::HistoryRestarted { at_ms, bound_mib } => crate::tr!(
            lang,
            "app-notice-history-restarted",
            secs = crate::i18n::num_in(lang, *at_ms as f64 / 1000.0, 3),
            mib = *bound_mib
        ),
    }
}

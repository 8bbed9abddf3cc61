//! The desktop app's state and actions (the `eframe::App`). The simulation runs on the
//! runner thread: the app only sends commands and reads snapshots, so drawing can never
//! slow or change the physics. The app also starts the RCX link, remembers the run for
//! replay and plots, and turns every error from outside (files, downloads, VM faults) into
//! a message in the window. The panels are drawn by `crate::ui`.

pub mod examples;

use crate::link::{self, LinkConfig, LinkEvent, LinkHandle};
use crate::rcx::Program;
use crate::render::{FloorImage, OrbitCamera, SceneRenderer, ViewPreset};
use crate::runner::{
    self, Command, CsvExport, PlotPoint, RunnerConfig, RunnerHandle, RunnerStatus, Speed, StepKind,
};
use crate::sim::record;
use crate::sim::specs::SpecSource;
use crate::sim::{Input, SimConfig, Simulation, Snapshot};
use crate::trace::{Strip, Vi};
use crate::vm::TaskState;
use crate::world::spec::{EnvSpec, RobotSpec};
use std::path::{Path, PathBuf};
use std::sync::mpsc::Receiver;
use std::sync::{Arc, Mutex};

/// Where a `--screenshot` result is reported to the command line.
pub type ShotResult = Arc<Mutex<Option<Result<PathBuf, String>>>>;

/// How the app starts.
#[derive(Clone, Debug)]
pub struct AppConfig {
    pub robot: String,
    pub env: String,
    pub program: Option<PathBuf>,
    /// Address the link listens on; `None` starts no link (tests).
    pub listen: Option<String>,
    pub pty: Option<PathBuf>,
    /// The link's other settings (`serve`'s `--dialect`, `--no-echo`, `--capture`,
    /// `--allow-remote`); its `listen` and `pty` are ignored in favour of the two above.
    pub link: LinkConfig,
    /// Save the window as PNG at this simulated time (seconds), then close.
    pub screenshot: Option<(PathBuf, f64)>,
    pub shot_result: ShotResult,
    /// Physics steps between published frames in normal mode (the original's 50).
    pub frame_ticks: u32,
    /// `--realism` of the simulation.
    pub realism: crate::vm::Realism,
}

impl Default for AppConfig {
    fn default() -> Self {
        AppConfig {
            robot: "M1".into(),
            env: "E1".into(),
            program: None,
            listen: Some("127.0.0.1:4266".into()),
            pty: None,
            link: LinkConfig::default(),
            screenshot: None,
            shot_result: Arc::default(),
            frame_ticks: RunnerConfig::default().frame_ticks,
            realism: crate::vm::Realism::Original,
        }
    }
}

impl AppConfig {
    /// No link, M1 on E1: for tests.
    pub fn quiet() -> AppConfig {
        AppConfig {
            listen: None,
            ..Default::default()
        }
    }
}

/// What the "Save as" window saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveKind {
    /// The run so far as a replay file (`.json`, as `run --record`).
    Recording,
    /// The remembered trace as CSV (cli.md's columns).
    TraceCsv,
    /// The window as it looked when the screenshot was asked for (`.png`).
    Screenshot,
}

impl SaveKind {
    pub fn extension(self) -> &'static str {
        match self {
            SaveKind::Recording => "json",
            SaveKind::TraceCsv => "csv",
            SaveKind::Screenshot => "png",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            SaveKind::Recording => "Save the recording as",
            SaveKind::TraceCsv => "Export the trace as",
            SaveKind::Screenshot => "Save the screenshot as",
        }
    }

    fn stem(self) -> &'static str {
        match self {
            SaveKind::Recording => "recording",
            SaveKind::TraceCsv => "trace",
            SaveKind::Screenshot => "screenshot",
        }
    }
}

/// An open "Save as" window: the folder, the file name being typed, and whether the user
/// has been asked to replace an existing file.
pub struct SaveAs {
    pub kind: SaveKind,
    pub dir: PathBuf,
    pub name: String,
    /// Set when the chosen file exists: the window asks "Replace?" first.
    pub confirm_replace: Option<PathBuf>,
    image: Option<Arc<egui::ColorImage>>,
}

impl SaveAs {
    /// The full path the current name stands for (the kind's extension added if missing,
    /// relative names inside `dir`).
    pub fn target(&self) -> Option<PathBuf> {
        let name = self.name.trim();
        if name.is_empty() {
            return None;
        }
        let mut p = PathBuf::from(name);
        if p.extension().is_none() {
            p.set_extension(self.kind.extension());
        }
        Some(if p.is_absolute() { p } else { self.dir.join(p) })
    }
}

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

/// The loaded program with its icons and their LASM lines.
#[derive(Clone, Debug)]
pub struct LoadedProgram {
    pub name: String,
    pub program: Program,
    pub vis: Vec<Vi>,
    pub strips: Vec<Strip>,
    /// LASM lines of each VI (`addr: text`).
    pub lasm: Vec<Vec<String>>,
}

impl LoadedProgram {
    pub fn new(name: &str, program: Program) -> LoadedProgram {
        let vis = crate::trace::recognise(&program);
        let strips = crate::trace::strips(&vis);
        let lasm = vis.iter().map(|v| lasm_lines(&program, v)).collect();
        LoadedProgram {
            name: name.to_string(),
            program,
            vis,
            strips,
            lasm,
        }
    }
}

/// The LASM of one VI's instructions, one line per instruction with its address.
fn lasm_lines(p: &Program, vi: &Vi) -> Vec<String> {
    let code = match vi.sub {
        Some(s) => p.subs.get(s as usize).and_then(|c| c.as_ref()),
        None => p.tasks.get(vi.task as usize).and_then(|c| c.as_ref()),
    };
    let Some(code) = code else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for &(start, end) in &vi.ranges {
        let mut a = start as usize;
        while a < (end as usize).min(code.len()) {
            match crate::rcx::decode_one(code, a) {
                Ok(i) => {
                    out.push(format!("{a:4}: {}", crate::sim::instr_text(&i)));
                    a += (i.len as usize).max(1);
                }
                Err(_) => {
                    out.push(format!("{a:4}: raw {}", code[a]));
                    a += 1;
                }
            }
        }
    }
    out
}

/// Why a program file could not be opened, with the lines around the faulty one.
#[derive(Clone, Debug, PartialEq)]
pub struct ErrorView {
    pub file: String,
    /// `FILE:LINE:COL: message` (or what NQC said).
    pub message: String,
    /// The faulty line and column (1-based), when known.
    pub at: Option<(usize, usize)>,
    /// Up to three lines before and after the faulty one: (line number, text with tabs
    /// as four spaces).
    pub lines: Vec<(usize, String)>,
    /// Where the caret goes under the faulty line (characters, tabs expanded).
    pub caret: usize,
}

impl ErrorView {
    pub fn new(path: &Path, message: &str, at: Option<(usize, usize)>) -> ErrorView {
        let mut lines = Vec::new();
        let mut caret = 0;
        if let (Some((line, col)), Ok(text)) = (at, std::fs::read_to_string(path)) {
            let from = line.saturating_sub(3).max(1);
            for (i, l) in text.lines().enumerate() {
                let n = i + 1;
                if n >= from && n <= line + 3 {
                    // Bounded: a pathological line is cut.
                    let l: String = l.chars().take(200).collect();
                    if n == line {
                        caret = l
                            .chars()
                            .take(col.saturating_sub(1))
                            .map(|c| if c == '\t' { 4 } else { 1 })
                            .sum();
                    }
                    lines.push((n, l.replace('\t', "    ")));
                }
            }
        }
        ErrorView {
            file: path.display().to_string(),
            message: message.to_string(),
            at,
            lines,
            caret,
        }
    }
}

/// Compiles an NQC source with the installed `nqc` (`nqc -TRCX2 -O…`) and loads the
/// image; without NQC, says how to compile it.
fn compile_nqc(path: &Path) -> Result<Program, ErrorView> {
    let out = std::env::temp_dir().join(format!(
        "lurobotsim-{}-{}.rcx",
        std::process::id(),
        path.file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    ));
    let mut o = std::ffi::OsString::from("-O");
    o.push(&out);
    let run = std::process::Command::new("nqc")
        .arg("-TRCX2")
        .arg(o)
        .arg(path)
        .output();
    let result = match run {
        Err(_) => Err(ErrorView::new(
            path,
            &format!(
                "{} is an NQC program: it must be compiled with NQC first (nqc -TRCX2 -Oprogram.rcx program.nqc), then open the .rcx file. NQC is not installed here.",
                path.display()
            ),
            None,
        )),
        Ok(r) if !r.status.success() => {
            let said = String::from_utf8_lossy(&r.stderr).into_owned()
                + &String::from_utf8_lossy(&r.stdout);
            // NQC writes `# Error: …` and `File "x.nqc" ; line N` lines.
            let line = said
                .split("line ")
                .nth(1)
                .and_then(|t| t.split(|c: char| !c.is_ascii_digit()).next())
                .and_then(|n| n.parse().ok());
            let said: String = said.trim().chars().take(2000).collect();
            Err(ErrorView::new(
                path,
                &format!("NQC could not compile {}: {said}", path.display()),
                line.map(|l| (l, 1)),
            ))
        }
        Ok(_) => crate::rcx::load_program_file(&out)
            .map_err(|e| ErrorView::new(path, &e.to_string(), None)),
    };
    let _ = std::fs::remove_file(&out);
    result
}

/// A change that waits for OK / Cancel because a program is running.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    Robot(String),
    Env(String),
    Example(usize),
    Realism(crate::vm::Realism),
}

/// What a left drag in the 3D view does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Orbit,
    MoveRobot,
}

enum ShotPhase {
    /// The runner runs at max speed and pauses at the moment (`PauseAt`).
    Simulating,
    Settling(u32),
    Requested(Arc<Mutex<Option<Arc<egui::ColorImage>>>>),
    Done,
}

struct Shot {
    path: PathBuf,
    at_ms: u64,
    phase: ShotPhase,
    frames: u32,
}

/// Frames a screenshot may wait in total before giving up (the window may be hidden).
const SHOT_MAX_FRAMES: u32 = 2000;

/// How the panes around the 3D view are arranged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrange {
    /// Side by side, docked to the window's edges around the 3D view.
    Tile,
    /// Floating windows over the 3D view, each a step below and right of the previous.
    Cascade,
}

/// The panes beside the 3D view, each of which can be closed and opened again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Panes {
    /// Clock, robot, motors, sensors and program readouts.
    pub readouts: bool,
    /// The program's icons with the running one lit.
    pub trace: bool,
    /// Sensor and motor plots.
    pub plots: bool,
}

impl Default for Panes {
    fn default() -> Self {
        Panes {
            readouts: true,
            trace: true,
            plots: true,
        }
    }
}

/// The app.
pub struct LuApp {
    pub runner: RunnerHandle,
    pub link: Option<LinkHandle>,
    pub link_error: Option<String>,
    pub robot: String,
    pub env: String,
    robot_spec: RobotSpec,
    env_spec: EnvSpec,
    pub program: Option<LoadedProgram>,
    pub live: Option<Arc<Snapshot>>,
    pub status: Option<RunnerStatus>,
    /// The plots' series: the runner's history as it last answered (`Command::Plot`).
    pub plot: Vec<PlotPoint>,
    /// A publication arrived since the plot was last asked for.
    plot_wanted: bool,
    plot_rx: Option<Receiver<Vec<PlotPoint>>>,
    /// Main view and the second (top) view.
    pub cameras: [OrbitCamera; 2],
    pub second_view: bool,
    /// How the panes around the 3D view are arranged (the original's tile / cascade).
    pub arrange: Arrange,
    /// Which panes are open.
    pub panes: Panes,
    /// Bumped by every "Cascade": the floating panes start again from their cascade spots.
    pub cascade_generation: u32,
    pub follow: bool,
    pub grid: bool,
    pub shadows: bool,
    pub billboard: bool,
    pub tool: Tool,
    pub messages: Vec<Message>,
    pub pending: Option<Pending>,
    pub selected_vi: Option<usize>,
    pub floor_image: Option<Arc<FloorImage>>,
    /// A GPU is there to draw the 3D view (false in logic-only tests).
    pub gpu: bool,
    /// Robot being dragged: (x, z) where it will be put down.
    pub dragging_robot: Option<(f32, f32)>,
    /// Boxes dropped on the floor so far (for naming).
    pub dropped_boxes: usize,
    /// The dropped boxes (name, x, z): Stop and loading a program put them back.
    boxes: Vec<(String, f32, f32)>,
    /// The realism last chosen (shown until the runner's status reports it).
    config_realism: crate::vm::Realism,
    /// The dropped box whose context menu (right click in the 3D view) is open.
    pub box_menu: Option<String>,
    /// Where the user last put the robot down (x, z, heading): Stop returns it there.
    start_pose: Option<(f64, f64, f64)>,
    /// Hardware warnings already given for this program on this robot.
    warned: std::collections::BTreeSet<String>,
    /// Where the 3D view was drawn last frame (points).
    pub view_rect: egui::Rect,
    pub show_file_browser: bool,
    pub show_messages: bool,
    pub show_help: bool,
    pub show_about: bool,
    /// A program that could not be opened: the message and the faulty lines.
    pub error_view: Option<ErrorView>,
    pub file_dir: PathBuf,
    user_shot: Option<Arc<Mutex<Option<Arc<egui::ColorImage>>>>>,
    /// The "Save as" window, when open.
    pub save_as: Option<SaveAs>,
    floor_rx: Option<Receiver<Option<Vec<u8>>>>,
    program_rx: Option<Receiver<Program>>,
    save_rx: Option<(PathBuf, Receiver<Result<(), String>>)>,
    csv_rx: Option<(PathBuf, Receiver<Result<CsvExport, String>>)>,
    /// (recording's duration, the live clock once the runner has opened it).
    open_rx: Option<(u64, Receiver<u64>)>,
    shot: Option<Shot>,
    shot_result: ShotResult,
    seen_faults: usize,
    seen_generation: Option<u64>,
    pub icon_textures: std::collections::HashMap<crate::trace::ViKind, egui::TextureHandle>,
}

impl LuApp {
    /// Builds the app from eframe's creation context (tolerates having no GPU).
    pub fn new(cc: &eframe::CreationContext<'_>, config: AppConfig) -> Result<LuApp, String> {
        let gpu = match cc.wgpu_render_state.as_ref() {
            Some(rs) => {
                let r = SceneRenderer::new(&rs.device, &rs.adapter, rs.target_format);
                rs.renderer.write().callback_resources.insert(r);
                true
            }
            None => false,
        };
        crate::ui::style(&cc.egui_ctx);
        let mut app = LuApp::headless(config)?;
        app.gpu = gpu;
        // The runner wakes the window when it publishes; nothing else redraws it while idle.
        let ctx = cc.egui_ctx.clone();
        app.runner
            .send(Command::SetWaker(Box::new(move || ctx.request_repaint())));
        Ok(app)
    }

    /// The app's state without a window (tests drive it through its actions).
    pub fn headless(config: AppConfig) -> Result<LuApp, String> {
        let mut messages = Vec::new();
        let mut note = |level, text: String| messages.push(Message { level, text });
        let (robot, robot_spec) = match RobotSpec::load(&config.robot) {
            Ok(s) => (config.robot.clone(), s),
            Err(e) => {
                note(Level::Error, format!("Robot file: {e}. Using M1 instead."));
                let s = RobotSpec::load("M1").map_err(|e| e.to_string())?;
                ("M1".into(), s)
            }
        };
        let (env, env_spec) = match EnvSpec::load(&config.env) {
            Ok(s) => (config.env.clone(), s),
            Err(e) => {
                note(
                    Level::Error,
                    format!("Environment file: {e}. Using E1 instead."),
                );
                let s = EnvSpec::load("E1").map_err(|e| e.to_string())?;
                ("E1".into(), s)
            }
        };
        let sim_config = SimConfig {
            realism: config.realism,
            ..SimConfig::default()
        };
        let sim = match Simulation::new(robot_spec.clone(), env_spec.clone(), sim_config) {
            Ok(s) => s,
            Err(e) => return Err(format!("cannot build the world: {e}")),
        };
        // The first frame already shows the world (its layout does not wait for the runner).
        let first = Arc::new(sim.snapshot());
        let runner = runner::spawn(
            sim,
            RunnerConfig {
                frame_ticks: config.frame_ticks,
            },
        );
        let (link, link_error) = match &config.listen {
            Some(addr) => start_link(addr, config.pty.clone(), &config.link, &runner),
            None => (None, None),
        };
        if let Some(e) = &link_error {
            note(
                Level::Warning,
                format!("RCX link: {e}. The simulator works without it."),
            );
        }
        let mut app = LuApp {
            runner,
            link,
            link_error,
            robot,
            env,
            robot_spec,
            env_spec,
            program: None,
            live: Some(first),
            status: None,
            plot: Vec::new(),
            plot_wanted: true,
            plot_rx: None,
            cameras: [OrbitCamera::default(), OrbitCamera::top(glam::Vec3::ZERO)],
            second_view: false,
            arrange: Arrange::Tile,
            panes: Panes::default(),
            cascade_generation: 0,
            follow: true,
            grid: true,
            shadows: true,
            billboard: true,
            tool: Tool::Orbit,
            messages,
            pending: None,
            selected_vi: None,
            floor_image: None,
            gpu: false,
            dragging_robot: None,
            dropped_boxes: 0,
            boxes: Vec::new(),
            config_realism: config.realism,
            box_menu: None,
            start_pose: None,
            warned: Default::default(),
            view_rect: egui::Rect::NOTHING,
            show_file_browser: false,
            show_messages: false,
            show_help: false,
            show_about: false,
            error_view: None,
            user_shot: None,
            save_as: None,
            file_dir: std::env::current_dir().unwrap_or_default(),
            floor_rx: None,
            program_rx: None,
            save_rx: None,
            csv_rx: None,
            open_rx: None,
            shot: None,
            shot_result: config.shot_result.clone(),
            seen_faults: 0,
            seen_generation: None,
            icon_textures: Default::default(),
        };
        app.fetch_floor();
        if let Some(p) = &config.program {
            app.open_program(p);
        }
        if let Some((path, secs)) = &config.screenshot {
            app.begin_screenshot(path.clone(), *secs);
        }
        Ok(app)
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

    /// Switches the realism: like Stop under the new setting (robot back at its start,
    /// program and dropped boxes kept, paused, clock 0).
    pub fn set_realism(&mut self, realism: crate::vm::Realism) {
        self.runner.send(Command::Pause);
        self.runner.send(Command::SetRealism(realism));
        self.config_realism = realism;
        self.restore_world();
        self.seen_faults = 0;
    }

    /// The runner's slow-mode delay after each 1 ms step (0: not slow).
    pub fn slow_delay_ms(&self) -> u32 {
        self.status.as_ref().map(|s| s.slow_delay_ms).unwrap_or(0)
    }

    /// Some task of the program is running or waiting.
    pub fn program_active(&self) -> bool {
        self.live
            .as_ref()
            .is_some_and(|s| s.tasks.iter().any(|t| t.state != TaskState::Stopped))
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

    // ----- run controls -----

    /// Run: starts task 0 if no task is running, then lets time run.
    pub fn run(&mut self) {
        if self.program.is_none() {
            self.note(
                Level::Info,
                "No program loaded yet: open one (File > Open) or pick an example.",
            );
            return;
        }
        self.start_and_run();
    }

    /// Starts task 0 if no task is running and lets time run, whether or not this app has
    /// fetched the program yet (a download over the link is in the simulation before the
    /// app has its icons).
    fn start_and_run(&mut self) {
        self.leave_replay();
        // Decided on the runner thread, on the live run (the snapshot on screen may be a
        // moment of the history or not yet the newest).
        let _ = self.runner.with(|sim| {
            if !tasks_active(sim) {
                sim.start();
            }
        });
        self.runner.send(Command::Run);
    }

    pub fn pause(&mut self) {
        self.runner.send(Command::Pause);
    }

    /// One step of the chosen kind (starts task 0 first if nothing runs): one 1 ms tick,
    /// until a task has executed one more instruction, or until the running icon changes.
    pub fn step(&mut self, kind: StepKind) {
        self.runner.send(Command::Pause);
        // Stepping a moment of the history steps the history forward; stepping the
        // present starts task 0 first when nothing runs.
        if self.reviewing().is_none() && self.program.is_some() {
            let _ = self.runner.with(|sim| {
                if !tasks_active(sim) {
                    sim.start();
                }
            });
        }
        // The runner bounds instruction and icon steps (a simulated minute), so a program
        // that never moves on cannot hang it.
        self.runner.send(Command::Step(kind));
    }

    /// Stop: back to the start pose, program kept, paused.
    /// Stop: back to the start pose (where the robot was last put down), program and
    /// dropped boxes kept, paused, clock at 0.
    pub fn stop(&mut self) {
        self.runner.send(Command::Reset);
        self.restore_world();
        self.seen_faults = 0;
    }

    /// After a reset: the robot back where the user put it, the dropped boxes back on the
    /// floor (inputs at time 0, so replays see them too).
    fn restore_world(&mut self) {
        let boxes = self.boxes.clone();
        let start = self.start_pose;
        if boxes.is_empty() && start.is_none() {
            return;
        }
        let _ = self.runner.with(move |sim| {
            if let Some((x, z, yaw_deg)) = start {
                sim.place_robot(crate::world::Pose {
                    x,
                    y: 0.0,
                    z,
                    yaw_deg,
                });
            }
            for (name, x, z) in boxes {
                sim.apply(Input::AddBox {
                    name,
                    size: [0.1, 0.1, 0.1],
                    centre: [x, 0.05, z],
                    yaw_deg: 0.0,
                });
            }
        });
    }

    /// A new world (robot or environment): the start pose and the boxes go too.
    fn after_restart(&mut self) {
        self.seen_faults = 0;
        self.dropped_boxes = 0;
        self.boxes.clear();
        self.start_pose = None;
        self.warned.clear();
    }

    /// The original's "slow": +10 ms of delay after every 1 ms step per click, at most
    /// 200 ms (the runner keeps the rule).
    pub fn slower(&mut self) {
        self.runner.send(Command::SlowDown);
    }

    /// Faster: first undo slow mode 10 ms at a time, then up the runner's speed ladder.
    pub fn faster(&mut self) {
        self.runner.send(Command::SpeedUp);
    }

    /// A speed from the slider (leaves slow mode).
    pub fn set_speed(&mut self, speed: Speed) {
        self.runner.send(Command::SetSpeed(speed));
    }

    // ----- robot, environment, program -----

    /// Picks a robot (asks first while a program runs).
    /// Docks every open pane around the 3D view again.
    pub fn tile(&mut self) {
        self.arrange = Arrange::Tile;
    }

    /// Floats the open panes over the 3D view, staggered from its top-left corner (as the
    /// original's Cascade did with its windows); choosing it again puts them back there.
    pub fn cascade(&mut self) {
        self.arrange = Arrange::Cascade;
        self.cascade_generation = self.cascade_generation.wrapping_add(1);
    }

    pub fn choose_robot(&mut self, name: &str) {
        if self.program_active() {
            self.pending = Some(Pending::Robot(name.to_string()));
        } else {
            self.apply_robot(name);
        }
    }

    /// Picks an environment (asks first while a program runs).
    pub fn choose_env(&mut self, name: &str) {
        if self.program_active() {
            self.pending = Some(Pending::Env(name.to_string()));
        } else {
            self.apply_env(name);
        }
    }

    /// Picks the realism (asks first while a program runs).
    pub fn choose_realism(&mut self, realism: crate::vm::Realism) {
        if self.program_active() {
            self.pending = Some(Pending::Realism(realism));
        } else {
            self.set_realism(realism);
        }
    }

    /// Loads an example with its robot and environment (asks first while a program runs).
    pub fn choose_example(&mut self, i: usize) {
        if self.program_active() {
            self.pending = Some(Pending::Example(i));
        } else {
            self.apply_example(i);
        }
    }

    /// The user answered the OK / Cancel question.
    pub fn answer_pending(&mut self, ok: bool) {
        if let (true, Some(p)) = (ok, self.pending.take()) {
            match p {
                Pending::Robot(r) => self.apply_robot(&r),
                Pending::Env(e) => self.apply_env(&e),
                Pending::Example(i) => self.apply_example(i),
                Pending::Realism(r) => self.set_realism(r),
            }
        }
        self.pending = None;
    }

    pub fn apply_robot(&mut self, name: &str) {
        match RobotSpec::load(name) {
            Ok(s) => {
                self.robot = name.to_string();
                self.robot_spec = s;
                self.rebuild();
            }
            Err(e) => self.note(Level::Error, format!("Robot file: {e}")),
        }
    }

    pub fn apply_env(&mut self, name: &str) {
        match EnvSpec::load(name) {
            Ok(s) => {
                self.env = name.to_string();
                self.env_spec = s;
                self.rebuild();
                self.fetch_floor();
            }
            Err(e) => self.note(Level::Error, format!("Environment file: {e}")),
        }
    }

    fn apply_example(&mut self, i: usize) {
        let Some(e) = examples::EXAMPLES.get(i).copied() else {
            return;
        };
        match crate::rcx::lasm::assemble(e.lasm, e.file) {
            Ok(p) => {
                if let (Ok(r), Ok(v)) = (RobotSpec::load(e.robot), EnvSpec::load(e.env)) {
                    self.robot = e.robot.into();
                    self.env = e.env.into();
                    self.robot_spec = r;
                    self.env_spec = v;
                }
                self.load_program(&format!("Example: {}", e.title), p);
                self.rebuild();
                self.fetch_floor();
                self.cameras[0].preset(ViewPreset::Initial, glam::Vec3::ZERO);
            }
            Err(err) => self.note(Level::Error, format!("Example {}: {err}", e.file)),
        }
    }

    /// Opens a program file (.lasm or .rcx); errors become messages.
    pub fn open_program(&mut self, path: &Path) {
        let is_nqc = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("nqc"));
        let loaded = if is_nqc {
            compile_nqc(path)
        } else {
            crate::rcx::load_program_file(path).map_err(|e| {
                let at = match &e {
                    crate::rcx::LoadError::Syntax { line, col, .. } => Some((*line, *col)),
                    _ => None,
                };
                ErrorView::new(path, &e.to_string(), at)
            })
        };
        match loaded {
            Ok(p) => {
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_else(|| path.display().to_string());
                self.load_program(&name, p);
                if let Some(d) = path.parent().filter(|d| d.is_dir()) {
                    self.file_dir = d.to_path_buf();
                }
            }
            Err(view) => {
                self.note(
                    Level::Error,
                    format!("Cannot open the program: {}", view.message),
                );
                self.error_view = Some(view);
            }
        }
    }

    /// Loads a program into the simulation and shows its icons; like Stop, the clock goes
    /// back to 0 and the robot to its start (boxes kept), so a new try starts clean.
    pub fn load_program(&mut self, name: &str, program: Program) {
        self.runner.send(Command::Pause);
        self.runner
            .send(Command::LoadProgram(Box::new(program.clone())));
        self.stop();
        self.warned.clear();
        let lp = LoadedProgram::new(name, program);
        self.note(
            Level::Info,
            format!(
                "Loaded {name}: {} icon(s) in {} strip(s).",
                lp.vis.len(),
                lp.strips.len()
            ),
        );
        self.program = Some(lp);
        self.selected_vi = None;
    }

    /// Rebuilds the simulation with the current robot and environment, keeping the program,
    /// at the start pose, paused (a failure comes back in the runner's status message).
    fn rebuild(&mut self) {
        self.runner.send(Command::Pause);
        self.runner
            .send(Command::SetRobot(Box::new(self.robot_spec.clone())));
        self.runner
            .send(Command::SetEnv(Box::new(self.env_spec.clone())));
        self.after_restart();
    }

    fn fetch_floor(&mut self) {
        self.floor_rx = Some(self.runner.with(|sim| sim.world().floor_png()));
    }

    // ----- changing the world -----

    /// Picks the robot up and puts it down at (x, z) keeping its heading, at rest; the
    /// program carries on (logged as an input, so replays see it too).
    pub fn place_robot(&mut self, x: f32, z: f32) {
        let yaw = self.live.as_ref().map(|s| s.pose.yaw_deg).unwrap_or(0.0);
        self.place_robot_facing(x as f64, z as f64, yaw);
    }

    /// Turns the robot on the spot by `degrees` (anticlockwise seen from above), at rest.
    pub fn turn_robot(&mut self, degrees: f64) {
        let Some(p) = self.live.as_ref().map(|s| s.pose) else {
            return;
        };
        let mut yaw = (p.yaw_deg + degrees) % 360.0;
        if yaw > 180.0 {
            yaw -= 360.0;
        } else if yaw <= -180.0 {
            yaw += 360.0;
        }
        self.place_robot_facing(p.x, p.z, yaw);
    }

    /// Puts the robot down at (x, z) facing `yaw_deg`, at rest; this is also where Stop
    /// brings it back to.
    pub fn place_robot_facing(&mut self, x: f64, z: f64, yaw: f64) {
        self.leave_replay();
        self.start_pose = Some((x, z, yaw));
        let _ = self.runner.with(move |sim| {
            sim.place_robot(crate::world::Pose {
                x,
                y: 0.0,
                z,
                yaw_deg: yaw,
            })
        });
    }

    /// Drops a box obstacle (10 × 10 × 10 cm) on the floor at (x, z), also while the
    /// program runs.
    pub fn drop_box(&mut self, x: f32, z: f32) {
        self.leave_replay();
        self.dropped_boxes += 1;
        let name = format!("box {}", self.dropped_boxes);
        self.boxes.push((name.clone(), x, z));
        let _ = self.runner.with(move |sim| {
            sim.apply(Input::AddBox {
                name,
                size: [0.1, 0.1, 0.1],
                centre: [x, 0.05, z],
                yaw_deg: 0.0,
            })
        });
    }

    /// The boxes dropped on the floor (name, x, z), oldest first; Stop puts them back.
    pub fn dropped(&self) -> &[(String, f32, f32)] {
        &self.boxes
    }

    /// The dropped box a ray from the camera (origin, direction) meets first, by name:
    /// the ray is tried against each box's floor, middle and top planes (10 cm boxes, no
    /// yaw), so a click on its side or its lid finds it.
    pub fn dropped_box_hit(&self, origin: glam::Vec3, dir: glam::Vec3) -> Option<String> {
        if dir.y.abs() < 1e-6 {
            return None;
        }
        let mut best: Option<(f32, &str)> = None;
        for (name, x, z) in &self.boxes {
            for h in [0.0, 0.05, 0.1] {
                let t = (h - origin.y) / dir.y;
                let p = origin + dir * t;
                if t > 0.0
                    && (p.x - x).abs() <= 0.055
                    && (p.z - z).abs() <= 0.055
                    && best.is_none_or(|(bt, _)| t < bt)
                {
                    best = Some((t, name));
                }
            }
        }
        best.map(|(_, n)| n.to_string())
    }

    /// Takes away one dropped box by its name ("box 2"), also while the program runs
    /// (logged as a `RemoveBox` input, so replays and recordings see it); Stop no longer
    /// puts it back.
    pub fn remove_dropped_box(&mut self, name: &str) {
        let Some(i) = self.boxes.iter().position(|b| b.0 == name) else {
            return;
        };
        self.leave_replay();
        let (name, _, _) = self.boxes.remove(i);
        let _ = self.runner.with(move |sim| {
            if let Some(id) = sim.world().added_box_id(&name) {
                sim.apply(Input::RemoveBox { id });
            }
        });
    }

    /// Removes the boxes dropped since the last restart.
    pub fn clear_boxes(&mut self) {
        let n = self.dropped_boxes;
        let _ = self.runner.with(move |sim| {
            for id in 0..n {
                sim.apply(Input::RemoveBox { id });
            }
        });
        self.dropped_boxes = 0;
        self.boxes.clear();
    }

    // ----- replay (the runner keeps the history) -----

    /// Shows the moment `time_ms` of the run (pauses; the runner re-simulates it exactly).
    pub fn seek(&mut self, time_ms: u64) {
        self.runner.send(Command::Seek(time_ms));
    }

    /// Plays the run again from the moment shown (from the start when the present is
    /// shown), at the chosen speed, pausing when it reaches the present.
    pub fn replay(&mut self) {
        self.runner.send(Command::Replay);
    }

    /// Back to the present (the end of the timeline), if a moment of the history is shown.
    pub fn leave_replay(&mut self) {
        if self.reviewing().is_some() {
            self.runner.send(Command::Live);
        }
    }

    /// Continues the run from the moment shown, exactly; the later history is dropped.
    pub fn resume_from_replay(&mut self) {
        self.runner.send(Command::Pause);
        self.runner.send(Command::ResumeHere);
    }

    // ----- recordings (replay files) -----

    /// Saves the run so far as a recording (the format `run --record` writes): the robot
    /// and environment files, the seed and every input with its tick, plus a pose stream
    /// (the runner writes it from its history).
    pub fn save_recording(&mut self, path: &Path) {
        let sources =
            SpecSource::robot(&self.robot).and_then(|r| Ok((r, SpecSource::env(&self.env)?)));
        let (robot, env) = match sources {
            Ok(s) => s,
            Err(e) => {
                self.note(Level::Error, format!("Cannot save the recording: {e}"));
                return;
            }
        };
        let (tx, rx) = std::sync::mpsc::channel();
        self.runner.send(Command::SaveRecording {
            path: path.to_path_buf(),
            robot: Box::new(robot),
            env: Box::new(env),
            reply: tx,
        });
        self.save_rx = Some((path.to_path_buf(), rx));
    }

    /// Opens a recording: rebuilds its world, re-simulates it on the runner thread and
    /// shows it on the timeline from the start (paused), ready to replay or resume.
    pub fn open_recording(&mut self, path: &Path) {
        let rec = match record::load(path) {
            Ok(r) => r,
            Err(e) => {
                self.note(Level::Error, format!("Cannot open the recording: {e}"));
                return;
            }
        };
        match (rec.robot.robot_spec(), rec.environment.env_spec()) {
            (Ok(r), Ok(e)) => {
                self.robot = rec.robot.name.clone();
                self.env = rec.environment.name.clone();
                self.robot_spec = r;
                self.env_spec = e;
            }
            (Err(e), _) | (_, Err(e)) => {
                self.note(Level::Error, format!("Recording {}: {e}", path.display()));
                return;
            }
        }
        self.runner.send(Command::Pause);
        // The runner re-simulates it into its history and shows its start, paused.
        let duration = rec.duration_ms;
        self.runner.send(Command::OpenRecording(Box::new(rec)));
        self.open_rx = Some((duration, self.runner.with(|sim| sim.time_ms())));
        self.after_restart();
        self.fetch_floor();
        self.note(
            Level::Info,
            format!("Opening the recording {}…", path.display()),
        );
    }

    fn poll_files(&mut self) {
        if let Some((path, rx)) = &self.save_rx {
            if let Ok(res) = rx.try_recv() {
                let path = path.clone();
                self.save_rx = None;
                match res {
                    Ok(()) => self.note(
                        Level::Info,
                        format!("Recording saved as {}.", path.display()),
                    ),
                    Err(e) => self.note(Level::Error, format!("Cannot save the recording: {e}")),
                }
            }
        }
        if let Some((path, rx)) = &self.csv_rx {
            if let Ok(res) = rx.try_recv() {
                let path = path.clone();
                self.csv_rx = None;
                match res {
                    Ok(e) => self.note(
                        Level::Info,
                        format!(
                            "Trace saved as {} ({} rows, {:.3}–{:.3} s).",
                            path.display(),
                            e.rows,
                            e.from_ms as f64 / 1000.0,
                            e.to_ms as f64 / 1000.0
                        ),
                    ),
                    Err(e) => self.note(Level::Error, format!("Cannot export the trace: {e}")),
                }
            }
        }
        if let Some((duration, rx)) = &self.open_rx {
            if let Ok(live_ms) = rx.try_recv() {
                // A recording the runner could not replay leaves its message in the status.
                if live_ms == *duration {
                    self.note(
                        Level::Info,
                        "Recording loaded: press Replay, drag the timeline, or resume from any moment.",
                    );
                }
                self.open_rx = None;
            }
        }
    }

    // ----- files out -----

    /// Writes the run's history as the trace CSV of cli.md (the runner re-simulates it
    /// at full resolution with the CLI's writer, whatever this window has seen).
    pub fn export_csv(&mut self, path: &Path) {
        self.csv_rx = Some((
            path.to_path_buf(),
            self.runner.export_csv(path.to_path_buf()),
        ));
    }

    /// The sym.txt lines ROBOLAB needs to find this simulator.
    pub fn sym_txt(&self) -> String {
        let port = self
            .link
            .as_ref()
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .unwrap_or(4266);
        // ROBOLAB 2.9.3's three settings; the original named its entry LegoSim.
        format!("SymName LegoSim\r\nSymAddr localhost\r\nSymPort {port}\r\n")
    }

    /// The robot's name as shown (a file's stem for robot files).
    pub fn robot_label(&self) -> String {
        label_of(&self.robot)
    }

    /// The environment's name as shown.
    pub fn env_label(&self) -> String {
        label_of(&self.env)
    }

    /// Where the robot is on the floor now.
    pub fn robot_position(&self) -> glam::Vec3 {
        self.shown()
            .map(|s| glam::Vec3::new(s.pose.x as f32, 0.0, s.pose.z as f32))
            .unwrap_or_default()
    }

    /// Asks for a screenshot of the window; it is saved as the next frame arrives.
    pub fn request_user_screenshot(&mut self, ctx: &egui::Context) {
        let slot: Arc<Mutex<Option<Arc<egui::ColorImage>>>> = Arc::default();
        let s2 = slot.clone();
        let c2 = ctx.clone();
        ctx.request_screenshot(move |img| {
            if let Ok(mut g) = s2.lock() {
                *g = Some(img);
            }
            c2.request_repaint();
        });
        self.user_shot = Some(slot);
    }

    fn save_user_screenshot(&mut self) {
        let Some(slot) = &self.user_shot else { return };
        let img = slot.lock().ok().and_then(|mut g| g.take());
        if let Some(img) = img {
            self.user_shot = None;
            self.ask_save(SaveKind::Screenshot);
            if let Some(s) = &mut self.save_as {
                s.image = Some(img);
            }
        }
    }

    /// Opens the "Save as" window for `kind` in the file browser's folder, with a name that
    /// is not taken yet (`lurobotsim-M5-E3-trace-1.csv`, `…-2.csv`, …).
    pub fn ask_save(&mut self, kind: SaveKind) {
        let dir = self.file_dir.clone();
        let base = format!(
            "lurobotsim-{}-{}-{}",
            label_of(&self.robot),
            label_of(&self.env),
            kind.stem()
        );
        let name = (1..10_000)
            .map(|n| format!("{base}-{n}.{}", kind.extension()))
            .find(|n| !dir.join(n).exists())
            .unwrap_or_else(|| format!("{base}.{}", kind.extension()));
        self.save_as = Some(SaveAs {
            kind,
            dir,
            name,
            confirm_replace: None,
            image: None,
        });
    }

    /// The "Save as" window's Save button: asks before replacing a file unless `replace`,
    /// then saves and closes the window. Errors become messages and keep the window open.
    pub fn confirm_save(&mut self, replace: bool) {
        let Some(req) = &mut self.save_as else { return };
        let Some(path) = req.target() else {
            self.note(Level::Warning, "Type a file name to save as.");
            return;
        };
        if path.is_dir() {
            self.note(
                Level::Warning,
                format!("{} is a folder; type a file name.", path.display()),
            );
            return;
        }
        if path.exists() && !replace {
            req.confirm_replace = Some(path);
            return;
        }
        let Some(req) = self.save_as.take() else {
            return;
        };
        if let Some(parent) = path.parent() {
            if parent.is_dir() {
                self.file_dir = parent.to_path_buf();
            }
        }
        match req.kind {
            SaveKind::Recording => self.save_recording(&path),
            SaveKind::TraceCsv => self.export_csv(&path),
            SaveKind::Screenshot => match req.image.as_deref().map(|img| save_png(&path, img)) {
                Some(Ok(())) => self.note(
                    Level::Info,
                    format!("Screenshot saved as {}.", path.display()),
                ),
                Some(Err(e)) => self.note(Level::Error, format!("Screenshot: {e}")),
                None => self.note(Level::Error, "Screenshot: the picture was not taken."),
            },
        }
    }

    // ----- screenshot (--screenshot) -----

    fn begin_screenshot(&mut self, path: PathBuf, secs: f64) {
        let at_ms = (secs.max(0.0) * 1000.0).round() as u64;
        // The runner runs to the moment as fast as it goes and pauses there exactly (its
        // history, and so the plots, are the same as at any speed); the speed shown goes
        // back to 1× before the picture.
        self.runner.send(Command::Pause);
        self.runner.send(Command::PauseAt(Some(at_ms)));
        self.runner.send(Command::SetSpeed(Speed::Max));
        self.start_and_run();
        self.shot = Some(Shot {
            path,
            at_ms,
            phase: ShotPhase::Simulating,
            frames: 0,
        });
    }

    fn drive_screenshot(&mut self, ctx: &egui::Context) {
        let Some(shot) = self.shot.as_mut() else {
            return;
        };
        shot.frames += 1;
        let mut finish: Option<Result<PathBuf, String>> = None;
        match &mut shot.phase {
            ShotPhase::Simulating => {
                let there = self.status.as_ref().is_some_and(|s| {
                    !s.running && s.live_ms >= shot.at_ms && s.reviewing_ms.is_none()
                });
                if there {
                    self.runner.send(Command::SetSpeed(Speed::Factor(1.0)));
                    shot.phase = ShotPhase::Settling(0);
                }
            }
            // A few frames for layout, fonts and textures to settle.
            ShotPhase::Settling(n) => {
                *n += 1;
                let ready = self.floor_rx.is_none()
                    && self.plot_rx.is_none()
                    && !self.plot_wanted
                    && self.status.as_ref().map(|s| s.speed) == Some(Speed::Factor(1.0))
                    && self.live.as_ref().is_some_and(|s| s.time_ms >= shot.at_ms);
                if *n >= 6 && ready {
                    let slot: Arc<Mutex<Option<Arc<egui::ColorImage>>>> = Arc::default();
                    let s2 = slot.clone();
                    ctx.request_screenshot(move |img| {
                        if let Ok(mut g) = s2.lock() {
                            *g = Some(img);
                        }
                    });
                    shot.phase = ShotPhase::Requested(slot);
                }
            }
            ShotPhase::Requested(slot) => {
                let img = slot.lock().ok().and_then(|mut g| g.take());
                if let Some(img) = img {
                    finish = Some(save_png(&shot.path, &img).map(|()| shot.path.clone()));
                }
            }
            ShotPhase::Done => {}
        }
        if finish.is_none() && shot.frames > SHOT_MAX_FRAMES {
            finish = Some(Err("the window never produced a frame to capture".into()));
        }
        if let Some(res) = finish {
            shot.phase = ShotPhase::Done;
            if let Ok(mut g) = self.shot_result.lock() {
                *g = Some(res);
            }
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    /// A screenshot of the window is being prepared.
    pub fn screenshot_pending(&self) -> bool {
        self.shot
            .as_ref()
            .is_some_and(|s| !matches!(s.phase, ShotPhase::Done))
    }

    // ----- per frame -----

    /// Takes in what the runner, the link and pending jobs have produced.
    pub fn poll(&mut self) {
        if let Some((snap, status)) = self.runner.latest() {
            let snap = Arc::new(snap);
            let reviewing = status.reviewing_ms.is_some();
            self.plot_wanted = true;
            if !reviewing && snap.faults.len() > self.seen_faults {
                let new: Vec<String> = snap.faults[self.seen_faults..]
                    .iter()
                    .map(|f| {
                        format!(
                            "Program fault at {:.3} s in task {} (pc {}): {}",
                            f.time_ms as f64 / 1000.0,
                            f.task,
                            f.pc,
                            f.message
                        )
                    })
                    .collect();
                for m in new {
                    self.note(Level::Error, m);
                }
            }
            if !reviewing {
                self.seen_faults = snap.faults.len();
            }
            // A new program (loaded here or downloaded over the link): fetch its code for
            // the trace strip's LASM lines.
            if self.seen_generation != Some(snap.program_generation) {
                self.seen_generation = Some(snap.program_generation);
                self.program_rx = Some(self.runner.with(|s| s.program().clone()));
            }
            if let Some(m) = &status.message {
                self.note(Level::Error, m.clone());
            }
            if !reviewing {
                self.hardware_warnings(&snap);
            }
            self.live = Some(snap);
            self.status = Some(status);
        }
        // The plots follow the runner's history: asked for again after each publication
        // (one request at a time).
        if let Some(rx) = &self.plot_rx {
            match rx.try_recv() {
                Ok(p) => {
                    self.plot = p;
                    self.plot_rx = None;
                }
                Err(std::sync::mpsc::TryRecvError::Disconnected) => self.plot_rx = None,
                Err(std::sync::mpsc::TryRecvError::Empty) => {}
            }
        }
        if self.plot_wanted && self.plot_rx.is_none() {
            self.plot_wanted = false;
            self.plot_rx = Some(self.runner.plot());
        }
        if let Some(rx) = &self.floor_rx {
            if let Ok(png) = rx.try_recv() {
                self.floor_image =
                    png.and_then(|b| FloorImage::from_png(&self.env, &b).map(Arc::new));
                self.floor_rx = None;
            }
        }
        if let Some(rx) = &self.program_rx {
            if let Ok(p) = rx.try_recv() {
                self.program_rx = None;
                let known = self.program.as_ref().is_some_and(|lp| lp.program == p);
                if !known && !p.is_empty() {
                    let lp = LoadedProgram::new("downloaded program", p);
                    self.note(
                        Level::Info,
                        format!("New program received: {} icon(s).", lp.vis.len()),
                    );
                    self.program = Some(lp);
                    self.selected_vi = None;
                }
            }
        }
        let mut events = Vec::new();
        if let Some(l) = &self.link {
            while let Some(e) = l.try_event() {
                events.push(e);
            }
        }
        for e in events {
            match e {
                LinkEvent::TextTransferComplete { .. } => {
                    self.note(Level::Info, "ROBOLAB transfer complete: running task 0.");
                    self.start_and_run();
                }
                LinkEvent::TaskStarted { task } => {
                    self.note(Level::Info, format!("The host started task {task}."));
                    self.leave_replay();
                    self.runner.send(Command::Run);
                }
                LinkEvent::Connected { peer } => {
                    self.note(Level::Info, format!("{peer} connected."))
                }
                // Downloads, and malformed or aborted ones, are news for the user.
                e if e.is_problem() => self.note(Level::Warning, format!("Link: {e}")),
                e @ (LinkEvent::DownloadStarted { .. }
                | LinkEvent::ProgramInstalled { .. }
                | LinkEvent::FirmwareInstalled { .. }) => {
                    self.note(Level::Info, format!("Link: {e}"))
                }
                LinkEvent::Listening { .. }
                | LinkEvent::PtyReady { .. }
                | LinkEvent::Disconnected { .. }
                | LinkEvent::DialectChosen { .. }
                | LinkEvent::FirmwareRejected { .. }
                | LinkEvent::DownloadAborted { .. }
                | LinkEvent::ExcessDropped { .. }
                | LinkEvent::Discarded { .. }
                | LinkEvent::LasmError { .. }
                | LinkEvent::NoMemory { .. }
                | LinkEvent::ConnectionDropped { .. }
                | LinkEvent::Failed { .. } => {}
            }
        }
    }

    /// Warns once when the program drives an output with no motor on this robot, or sets
    /// up a sensor on a port where this robot has none.
    fn hardware_warnings(&mut self, snap: &Snapshot) {
        let robot = self.robot_label();
        let mut found = Vec::new();
        for (i, o) in snap.outputs.iter().enumerate() {
            let letter = ["A", "B", "C"][i];
            let has_motor = self
                .robot_spec
                .joints
                .iter()
                .any(|j| j.output.is_some_and(|o| o.index() == i));
            if o.mode == crate::vm::OutputMode::On && !has_motor {
                found.push(format!(
                    "The program turns on output {letter}, but robot {robot} has no motor on {letter}: nothing moves there. Try another robot (Robot menu)."
                ));
            }
        }
        for v in snap.sensors.iter().filter(|v| v.sensor_type != 0) {
            let port = v.port + 1;
            let has = self
                .robot_spec
                .sensors
                .iter()
                .any(|s| *s.port.get_ref() == i64::from(port));
            if !has {
                found.push(format!(
                    "The program reads a sensor on port {port}, but robot {robot} has no sensor there: it always reads nothing. Try another robot (Robot menu)."
                ));
            }
        }
        for w in found {
            if self.warned.insert(w.clone()) {
                self.note(Level::Warning, w);
            }
        }
    }

    /// Keys of the original: arrows move the camera along X / Z, F1/F2 down/up, F3/F4
    /// rotate; space runs or pauses.
    fn keys(&mut self, ctx: &egui::Context) {
        // Menu shortcuts work wherever the keyboard focus is.
        let (open, quit) = ctx.input_mut(|i| {
            (
                i.consume_shortcut(&crate::ui::toolbar::OPEN_SHORTCUT),
                i.consume_shortcut(&crate::ui::toolbar::QUIT_SHORTCUT),
            )
        });
        if open {
            self.show_file_browser = true;
        }
        if quit {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        if ctx.egui_wants_keyboard_input() {
            return;
        }
        let (dt, down, pressed) = ctx.input(|i| {
            let keys = [
                egui::Key::ArrowUp,
                egui::Key::ArrowDown,
                egui::Key::ArrowLeft,
                egui::Key::ArrowRight,
                egui::Key::F1,
                egui::Key::F2,
                egui::Key::F3,
                egui::Key::F4,
            ];
            (
                i.stable_dt.min(0.1),
                keys.map(|k| i.key_down(k)),
                i.key_pressed(egui::Key::Space),
            )
        });
        // Metres (or radians) per second while a key is held.
        let (v, w) = (0.8 * dt, 1.2 * dt);
        let c = &mut self.cameras[0];
        if down[0] {
            c.move_along(v, 0.0);
        }
        if down[1] {
            c.move_along(-v, 0.0);
        }
        if down[2] {
            c.move_along(0.0, -v);
        }
        if down[3] {
            c.move_along(0.0, v);
        }
        if down[4] {
            c.raise(-w);
        }
        if down[5] {
            c.raise(w);
        }
        if down[6] {
            c.rotate(-w);
        }
        if down[7] {
            c.rotate(w);
        }
        if down.iter().any(|&d| d) {
            self.follow = false;
            ctx.request_repaint();
        }
        if pressed {
            if self.is_running() {
                self.pause();
            } else {
                self.run();
            }
        }
    }

    /// Files dropped on the window: programs load; robot/environment files are used.
    fn dropped_files(&mut self, ctx: &egui::Context) {
        let files: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        for p in files {
            self.open_any(&p);
        }
    }

    /// Opens a file by its kind: .toml robot or environment, else a program.
    pub fn open_any(&mut self, p: &Path) {
        if p.extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("json"))
        {
            self.open_recording(p);
            return;
        }
        let is_toml = p
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("toml"));
        if !is_toml {
            self.open_program(p);
            return;
        }
        let text = std::fs::read_to_string(p).unwrap_or_default();
        let s = p.display().to_string();
        if text.contains("[[body]]") {
            self.choose_robot(&s);
        } else {
            self.choose_env(&s);
        }
    }
}

/// Some task of the live simulation is running or waiting.
fn tasks_active(sim: &Simulation) -> bool {
    sim.vm()
        .tasks()
        .iter()
        .any(|t| t.state != TaskState::Stopped)
}

fn label_of(name_or_path: &str) -> String {
    Path::new(name_or_path)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| name_or_path.to_string())
}

fn start_link(
    addr: &str,
    pty: Option<PathBuf>,
    base: &LinkConfig,
    runner: &RunnerHandle,
) -> (Option<LinkHandle>, Option<String>) {
    let listen = match link::parse_listen(addr) {
        Ok(a) => Some(a),
        Err(e) => return (None, Some(e)),
    };
    let config = LinkConfig {
        listen,
        pty,
        ..base.clone()
    };
    match link::start(config, runner.sender()) {
        Ok(h) => (Some(h), None),
        Err(e) => (None, Some(e.to_string())),
    }
}

fn save_png(path: &Path, img: &egui::ColorImage) -> Result<(), String> {
    let [w, h] = img.size;
    let mut buf = Vec::with_capacity(w * h * 4);
    for c in &img.pixels {
        buf.extend_from_slice(&c.to_srgba_unmultiplied());
    }
    let out = image::RgbaImage::from_raw(w as u32, h as u32, buf)
        .ok_or_else(|| "the screenshot had a wrong size".to_string())?;
    out.save_with_format(path, image::ImageFormat::Png)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

impl eframe::App for LuApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        self.poll();
        self.poll_files();
        self.keys(&ctx);
        self.dropped_files(&ctx);
        crate::ui::show(self, ui);
        self.drive_screenshot(&ctx);
        self.save_user_screenshot();
        // The runner wakes the window with each snapshot (running, replaying, or answering
        // a command); these wait for other things.
        let busy = self.screenshot_pending()
            || self.floor_rx.is_some()
            || self.program_rx.is_some()
            || self.save_rx.is_some()
            || self.csv_rx.is_some()
            || self.plot_rx.is_some()
            || self.open_rx.is_some()
            || self.user_shot.is_some()
            || self.dragging_robot.is_some();
        if busy {
            ctx.request_repaint();
        }
    }

    fn on_exit(&mut self) {
        self.runner.send(Command::Quit);
    }
}

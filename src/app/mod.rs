//! The desktop app's state and actions. The simulation runs on the runner thread: the app
//! only sends commands and reads what the runner publishes (snapshots, status, its history's
//! frames for the plots, the CSV and recordings it writes), so drawing can never slow or
//! change the physics. Errors from outside (files, downloads, VM faults) become messages.
//!
//! Parts: this module (the model as the runner last showed it, [`View`] and [`Dialogs`]
//! state, the answers awaited, [`Action`] and [`LuApp::apply`]); `world` (robot,
//! environment, program, the world's edits), `files` (Save as, recordings, trace CSV, PNG),
//! `program` (icons and LASM lines of the loaded program, open errors, NQC), `shot`
//! (screenshots), `connection` (the RCX link and its events). It never imports `crate::ui`:
//! the panels draw it and return [`Action`]s; `ui::shell` implements `eframe::App`.

pub mod audio;
pub mod challenge;
mod connection;
pub mod editor;
pub mod examples;
mod files;
pub mod grade;
mod program;
pub mod share;
mod shot;
mod world;

use connection::start_link;
pub use editor::EditorAction;
pub use files::{put_file, save_png, SaveAs, SaveKind};
pub use grade::{Batch, Browse, GradeForm, PupilRow};
pub use program::{ErrorView, LoadedProgram};
use shot::Shot;

use crate::link::{LinkConfig, LinkEvent, LinkHandle};
use crate::rcx::Program;
use crate::render::{FloorImage, OrbitCamera, ViewPreset};
use crate::runner::{
    self, Command, CsvExport, PlotPoint, RunnerConfig, RunnerEvent, RunnerHandle, RunnerStatus,
    Speed, StepKind,
};
use crate::sim::record;
use crate::sim::specs::SpecSource;
use crate::sim::{SimConfig, Simulation, Snapshot};
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
    /// `--battery-v`: every robot's battery, V (None: the robot files' or the default).
    pub battery_v: Option<f32>,
    /// A scene file (several robots, each with its own RCX): replaces robot, env and
    /// program; robot k's link listens on the port `listen` + k (pty `PATH-k+1`).
    pub scene: Option<PathBuf>,
    /// Run the simulation in the window's own frame loop instead of on a runner thread
    /// (the browser, which has no threads; `runner::inline`).
    pub inline_runner: bool,
    /// Where the program editor autosaves (the app's data folder; none in tests); the
    /// chosen language is remembered there too.
    pub editor_store: editor::Store,
    /// The language asked for (`--lang`, the browser's); `None`: the one remembered, else
    /// the system's (`LC_ALL`, `LC_MESSAGES`, `LANG`, Windows' user locale), else English.
    pub lang: Option<crate::i18n::Lang>,
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
            battery_v: None,
            scene: None,
            inline_runner: false,
            editor_store: editor::Store::from_env(),
            lang: None,
        }
    }
}

impl AppConfig {
    /// No link, M1 on E1: for tests.
    pub fn quiet() -> AppConfig {
        AppConfig {
            listen: None,
            editor_store: editor::Store::none(),
            lang: Some(crate::i18n::Lang::En),
            ..Default::default()
        }
    }
}

/// The language the app starts in: the one asked for, else the one remembered, else the
/// system's, else English.
fn start_language(config: &AppConfig) -> crate::i18n::Lang {
    use crate::i18n::Lang;
    config
        .lang
        .or_else(|| {
            let kept = config.editor_store.setting("language")?;
            Lang::from_code(&kept)
        })
        .or_else(|| crate::i18n::from_env_vars(|k| std::env::var(k).ok()))
        .or_else(|| Lang::from_code(&sys_locale::get_locale()?))
        .unwrap_or_default()
}

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
    /// The Grade window's Start: grade the class on a background thread.
    StartGrading,
    /// The Grade window's Cancel: stop after the runs in flight, write nothing.
    CancelGrading,
    /// Open run k of the graded batch (its index in the plan) in the normal view.
    OpenGradedRun(usize),
    /// The program editor's window asked for something.
    Editor(EditorAction),
    /// Open a challenge file (File > Open challenge…).
    OpenChallenge(PathBuf),
    /// Open challenge k of the built-in pack (the Challenges menu).
    OpenBuiltinChallenge(usize),
    /// Show scenario k of the open challenge (its world at its first seed).
    ChallengeScenario(usize),
    /// Close the challenge panel (the world stays).
    CloseChallenge,
    /// Grade the loaded program on every seed of the challenge in the background.
    GradeAllSeeds,
}

/// The zoom steps of Ctrl + and Ctrl − (egui's zoom factor; 2.0 is 200 %).
pub const ZOOM_STEPS: [f32; 8] = [0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0];

/// The step after `zoom` going in (`up`) or out.
pub fn zoom_step(zoom: f32, up: bool) -> f32 {
    let last = ZOOM_STEPS[ZOOM_STEPS.len() - 1];
    if up {
        ZOOM_STEPS
            .iter()
            .copied()
            .find(|s| *s > zoom + 0.01)
            .unwrap_or(last)
    } else {
        ZOOM_STEPS
            .iter()
            .rev()
            .copied()
            .find(|s| *s < zoom - 0.01)
            .unwrap_or(ZOOM_STEPS[0])
    }
}

/// A remembered zoom, read back within the steps' range (a damaged setting is 100 %).
pub fn zoom_of_setting(text: &str) -> f32 {
    text.trim()
        .parse::<f32>()
        .ok()
        .filter(|z| z.is_finite())
        .map_or(1.0, |z| {
            z.clamp(ZOOM_STEPS[0], ZOOM_STEPS[ZOOM_STEPS.len() - 1])
        })
}

/// `p` as an absolute path (against the current directory), so the file windows can go
/// up past where the app was started (a relative `assets/examples` ends at "").
pub fn absolute(p: &std::path::Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
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

/// A change that waits for OK / Cancel because a program is running.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    Robot(String),
    Env(String),
    Example(usize),
    Realism(crate::vm::Realism),
    /// A scene file to open (it replaces every robot).
    Scene(PathBuf),
    /// Run k of the graded batch to open in the normal view.
    GradedRun(usize),
    /// A challenge to open: its file, or challenge k of the built-in pack.
    Challenge(Option<PathBuf>, usize),
}

/// What a left drag in the 3D view does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Orbit,
    MoveRobot,
}

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

/// How the window looks for the pupil (View menu; remembered in the settings store).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Look {
    /// Black on white with strong outlines.
    pub high_contrast: bool,
    /// No animations, no camera easing.
    pub reduce_motion: bool,
}

impl Look {
    /// The look remembered in `store` (the default where nothing is).
    pub fn remembered(store: &editor::Store) -> Look {
        let on = |name: &str| store.setting(name).is_some_and(|v| v.trim() == "on");
        Look {
            high_contrast: on("high-contrast"),
            reduce_motion: on("reduce-motion"),
        }
    }
}

/// What the 3D view and the panes show and how (the user's choices; no simulation state).
pub struct View {
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
    /// Draw where the robot has driven on the floor (its path trail).
    pub trail: bool,
    pub tool: Tool,
    pub selected_vi: Option<usize>,
    pub floor_image: Option<Arc<FloorImage>>,
    /// A GPU is there to draw the 3D view (false in logic-only tests).
    pub gpu: bool,
    /// Robot being dragged: (x, z) where it will be put down.
    pub dragging_robot: Option<(f32, f32)>,
    /// Which robot the drag grabbed (in a scene: the one under the pointer).
    pub drag_robot: Option<usize>,
    /// The dropped box whose context menu (right click in the 3D view) is open.
    pub box_menu: Option<String>,
    /// Where the 3D view was drawn last frame (points).
    pub view_rect: egui::Rect,
    pub icon_textures: std::collections::HashMap<crate::trace::ViKind, egui::TextureHandle>,
    /// The language the window speaks (`crate::i18n`; set for the thread before each frame).
    pub lang: crate::i18n::Lang,
    /// High contrast and reduced motion.
    pub look: Look,
    /// The zoom (egui's zoom factor: 1.0 is 100 %, 2.0 the most).
    pub zoom: f32,
}

impl Default for View {
    fn default() -> Self {
        View {
            cameras: [OrbitCamera::default(), OrbitCamera::top(glam::Vec3::ZERO)],
            second_view: false,
            arrange: Arrange::Tile,
            panes: Panes::default(),
            cascade_generation: 0,
            follow: true,
            grid: true,
            shadows: true,
            billboard: true,
            trail: true,
            tool: Tool::Orbit,
            selected_vi: None,
            floor_image: None,
            gpu: false,
            dragging_robot: None,
            drag_robot: None,
            box_menu: None,
            view_rect: egui::Rect::NOTHING,
            icon_textures: Default::default(),
            lang: crate::i18n::Lang::En,
            look: Look::default(),
            zoom: 1.0,
        }
    }
}

/// The windows that open over the main one, and what they hold.
#[derive(Default)]
pub struct Dialogs {
    pub show_file_browser: bool,
    pub show_messages: bool,
    pub show_help: bool,
    pub show_about: bool,
    /// A program that could not be opened: the message and the faulty lines.
    pub error_view: Option<ErrorView>,
    /// The folder the file browser and "Save as" start in.
    pub file_dir: PathBuf,
    /// The "Save as" window, when open.
    pub save_as: Option<SaveAs>,
    /// A change that waits for OK / Cancel.
    pub pending: Option<Pending>,
    /// What the file window is choosing (a file to open, or the Grade window's files).
    pub browse: Browse,
    /// The Grade window and its form.
    pub grade: GradeForm,
}

/// The trace CSV's bytes and what they cover, or why not (the runner's answer).
type CsvBytes = Result<(Vec<u8>, CsvExport), String>;

/// A robot's file as parsed and as its text (the runner's answer for the selected robot).
type RobotFile = (RobotSpec, SpecSource);

/// Answers awaited from the runner (each polled once a frame until it comes).
#[derive(Default)]
struct Jobs {
    floor_rx: Option<Receiver<Option<Vec<u8>>>>,
    save_rx: Option<(PathBuf, Receiver<Result<String, String>>)>,
    /// Save as GIF: the file written (its path), or why not.
    gif_rx: Option<Receiver<Result<String, String>>>,
    csv_rx: Option<(PathBuf, Receiver<CsvBytes>)>,
    /// (recording's duration, the live clock once the runner has opened it).
    open_rx: Option<(u64, Receiver<u64>)>,
    /// The plots' series asked for, and whether a publication arrived since.
    plot_rx: Option<Receiver<Vec<PlotPoint>>>,
    plot_wanted: bool,
    /// The selected robot's robot file (index, spec), asked for after a selection.
    spec_rx: Option<(usize, Receiver<Option<RobotFile>>)>,
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

/// The app: the simulation as the runner last showed it, the program and the world's
/// edits (model), the view and dialog state the panels draw, and the answers awaited.
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
    /// `robot_spec` is robot `spec_of`'s.
    spec_of: usize,
    pub robot: String,
    pub env: String,
    robot_spec: RobotSpec,
    env_spec: EnvSpec,
    /// The files `robot_spec` and `env_spec` were parsed from (what the runner builds
    /// from, so a recording carries the text the run used).
    robot_file: SpecSource,
    env_file: SpecSource,
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
    /// The realism last chosen (shown until the runner's status reports it).
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
    /// The class being graded or graded last (the Grade window).
    pub grading: Option<Batch>,
    /// The program editor (its window, document, undo and autosave).
    pub editor: editor::Editor,
    /// Where the app's settings (the language) are remembered: the editor's store.
    prefs: editor::Store,
    /// The challenge open (its panel, regions and card), if any.
    pub challenge: Option<challenge::Challenge>,
    jobs: Jobs,
    shots: Shots,
}

impl LuApp {
    /// The app's state without a window (tests drive it through its actions).
    pub fn headless(config: AppConfig) -> Result<LuApp, String> {
        // The messages of the start (a file that could not be read, the program loaded) are
        // in the window's language too.
        let lang = start_language(&config);
        crate::i18n::set_current(lang);
        let mut messages = Vec::new();
        let mut note = |level, text: String| messages.push(Message { level, text });
        let robot_of = |name: &str| {
            let file = SpecSource::robot(name)?;
            Ok::<_, crate::world::spec::SpecError>((file.robot_spec()?, file))
        };
        let env_of = |name: &str| {
            let file = SpecSource::env(name)?;
            Ok::<_, crate::world::spec::SpecError>((file.env_spec()?, file))
        };
        let (robot, (robot_spec, robot_file)) = match robot_of(&config.robot) {
            Ok(s) => (config.robot.clone(), s),
            Err(e) => {
                note(
                    Level::Error,
                    crate::tr!("app-robot-file-using-m1-instead", e = e.to_string()),
                );
                let s = robot_of("M1").map_err(|e| e.to_string())?;
                ("M1".into(), s)
            }
        };
        let (env, (env_spec, env_file)) = match env_of(&config.env) {
            Ok(s) => (config.env.clone(), s),
            Err(e) => {
                note(
                    Level::Error,
                    crate::tr!("app-environment-file-using-e1-instead", e = e.to_string()),
                );
                let s = env_of("E1").map_err(|e| e.to_string())?;
                ("E1".into(), s)
            }
        };
        let sim_config = SimConfig {
            realism: config.realism,
            battery_v: config.battery_v,
            ..SimConfig::default()
        };
        let scene = match &config.scene {
            Some(path) => match crate::sim::scene::Scene::load(path) {
                Ok(s) => Some(s),
                Err(e) => {
                    note(
                        Level::Error,
                        crate::tr!("app-scene-showing-one-robot-instead", e = e.to_string()),
                    );
                    None
                }
            },
            None => None,
        };
        let (robot, robot_spec, robot_file, env, env_spec, env_file) = match &scene {
            Some(sc) => (
                sc.robots[0].model.name.clone(),
                sc.robots[0].spec.clone(),
                sc.robots[0].model.clone(),
                sc.environment.name.clone(),
                sc.env.clone(),
                sc.environment.clone(),
            ),
            None => (robot, robot_spec, robot_file, env, env_spec, env_file),
        };
        let built = match &scene {
            Some(sc) => Simulation::from_scene(sc, sim_config),
            None => Simulation::from_files(&robot_file, &env_file, sim_config),
        };
        let mut sim = match built {
            Ok(s) => s,
            Err(e) => return Err(crate::tr!("app-cannot-build-the-world", e = e.to_string())),
        };
        // In the app a scene waits, like a loaded program, for Run to start its programs
        // (`run --scene` starts them at 0 s): the same state Stop returns to.
        if scene.is_some() {
            sim.reset();
        }
        // The first frame already shows the world (its layout does not wait for the runner).
        let Some(first) = sim.robot(0).map(|r| Arc::new(r.snapshot())) else {
            return Err(crate::tr!("app-the-world-has-no-robot"));
        };
        let runner_config = RunnerConfig {
            frame_ticks: config.frame_ticks,
        };
        let runner = match config.inline_runner {
            true => runner::inline(sim, runner_config),
            false => runner::spawn(sim, runner_config),
        };
        let links = match &config.listen {
            Some(addr) => vec![start_link(addr, config.pty.clone(), &config.link, &runner)],
            None => Vec::new(),
        };
        if let Some(Err(e)) = links.first() {
            note(
                Level::Warning,
                crate::tr!("app-rcx-link-the-simulator-works", e = e.to_string()),
            );
        }
        let link_setup = config
            .listen
            .clone()
            .map(|a| (a, config.pty.clone(), config.link.clone()));
        let mut app = LuApp {
            runner,
            links,
            link_setup,
            selected: first.selected,
            spec_of: 0,
            robot,
            env,
            robot_spec,
            env_spec,
            robot_file,
            env_file,
            program: None,
            live: Some(first),
            status: None,
            plot: Vec::new(),
            messages,
            dropped_boxes: 0,
            boxes: Vec::new(),
            config_realism: config.realism,
            config_battery_v: config.battery_v,
            state_json: None,
            share_base: None,
            warned: Default::default(),
            view: View {
                lang,
                look: Look::remembered(&config.editor_store),
                zoom: config
                    .editor_store
                    .setting("zoom")
                    .map_or(1.0, |z| zoom_of_setting(&z)),
                ..View::default()
            },
            prefs: config.editor_store.clone(),
            grading: None,
            challenge: None,
            // A `--screenshot` run shows the window as it is: no restore offer, no autosave.
            editor: editor::Editor::new(match config.screenshot {
                Some(_) => editor::Store::none(),
                None => config.editor_store.clone(),
            }),
            dialogs: Dialogs {
                file_dir: std::env::current_dir().unwrap_or_default(),
                ..Dialogs::default()
            },
            jobs: Jobs {
                plot_wanted: true,
                ..Jobs::default()
            },
            shots: Shots {
                shot_result: config.shot_result.clone(),
                ..Shots::default()
            },
        };
        app.fetch_floor();
        if let Some(sc) = &scene {
            app.scene_shown(sc);
            // After the scene's note, so a link that could not start is the last word.
            app.sync_links(sc.robots.len());
        } else if let Some(p) = &config.program {
            app.open_program(p);
        }
        if let Some((path, secs)) = &config.screenshot {
            app.begin_screenshot(path.clone(), *secs);
        }
        Ok(app)
    }

    /// View > Language: speaks `lang` from the next frame (the run goes on untouched) and
    /// remembers it for the next start.
    pub fn set_language(&mut self, lang: crate::i18n::Lang) {
        self.view.lang = lang;
        crate::i18n::set_current(lang);
        if let Err(e) = self.prefs.set_setting("language", lang.code()) {
            self.note(
                Level::Warning,
                crate::tr!("msg-language-not-remembered", error = e),
            );
        }
    }

    /// View > High contrast / Reduce motion: the new look, remembered for the next start.
    pub fn set_look(&mut self, look: Look) {
        self.view.look = look;
        let word = |on: bool| if on { "on" } else { "off" };
        let kept = self
            .prefs
            .set_setting("high-contrast", word(look.high_contrast))
            .and_then(|()| {
                self.prefs
                    .set_setting("reduce-motion", word(look.reduce_motion))
            });
        if let Err(e) = kept {
            self.note(
                Level::Warning,
                crate::tr!("msg-setting-not-remembered", error = e),
            );
        }
    }

    /// Ctrl + / Ctrl −: the new zoom (kept within 80–200 %), remembered for the next start.
    pub fn set_zoom(&mut self, zoom: f32) {
        let zoom = zoom_of_setting(&zoom.to_string());
        if (zoom - self.view.zoom).abs() < 1e-3 {
            return;
        }
        self.view.zoom = zoom;
        if let Err(e) = self.prefs.set_setting("zoom", &format!("{zoom:.2}")) {
            self.note(
                Level::Warning,
                crate::tr!("msg-setting-not-remembered", error = e),
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

    /// Switches the realism: like Stop under the new setting (robot back at its start,
    /// program and dropped boxes kept, paused, clock 0).
    pub fn set_realism(&mut self, realism: crate::vm::Realism) {
        self.runner.send(Command::Pause);
        self.runner.send(Command::SetRealism(realism));
        self.config_realism = realism;
    }

    /// The runner's slow-mode delay after each 1 ms step (0: not slow).
    pub fn slow_delay_ms(&self) -> u32 {
        self.status.as_ref().map(|s| s.slow_delay_ms).unwrap_or(0)
    }

    /// Some task of the program is running or waiting (in a scene: of any robot's).
    pub fn program_active(&self) -> bool {
        self.live.as_ref().is_some_and(|s| {
            s.tasks.iter().any(|t| t.state != TaskState::Stopped)
                || s.robots.iter().any(|r| r.running)
        })
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
        if !self.can_run() {
            self.note(Level::Info, crate::tr!("app-no-program-loaded-yet-open"));
            return;
        }
        self.start_and_run();
    }

    /// Starts task 0 if no task is running and lets time run, whether or not this app has
    /// fetched the program yet (a download over the link is in the simulation before the
    /// app has its icons).
    fn start_and_run(&mut self) {
        self.leave_replay();
        self.arm_challenge_end();
        // Decided on the runner thread, on the live run (the snapshot on screen may be a
        // moment of the history or not yet the newest).
        self.runner.send(Command::Start);
    }

    pub fn pause(&mut self) {
        self.runner.send(Command::Pause);
    }

    /// One step of the chosen kind (starts task 0 first if nothing runs): one 1 ms tick,
    /// until a task has executed one more instruction, or until the running icon changes.
    pub fn step(&mut self, kind: StepKind) {
        self.runner.send(Command::Pause);
        // Stepping a moment of the history steps the history forward; stepping the
        // present starts the loaded programs first (the runner decides).
        // The runner bounds instruction and icon steps (a simulated minute), so a program
        // that never moves on cannot hang it.
        self.runner.send(Command::Step(kind));
    }

    /// Stop: back to the start pose, program kept, paused.
    /// Stop: back to the start pose (where the robot was last put down), program and
    /// dropped boxes kept, paused, clock at 0.
    pub fn stop(&mut self) {
        // The runner puts the robot's start pose and the dropped boxes back.
        self.runner.send(Command::Reset);
        self.rearm_challenge_end();
    }

    /// A new world (robot or environment): the start pose and the boxes go too.
    fn after_restart(&mut self) {
        // Another world: the challenge's criteria no longer apply.
        self.drop_challenge();
        self.dropped_boxes = 0;
        self.boxes.clear();
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

    /// The (selected) robot's model as shown (a file's stem for robot files).
    pub fn robot_label(&self) -> String {
        match self.shown() {
            Some(s) if s.robots.len() > 1 => s.robot.clone(),
            _ => label_of(&self.robot),
        }
    }

    /// Run has something to start: a program on the shown robot, or (in a scene) on any.
    pub fn can_run(&self) -> bool {
        self.program.is_some()
            || self
                .shown()
                .is_some_and(|s| s.robots.len() > 1 && s.robots.iter().any(|r| r.has_program))
    }

    /// A scene was opened: the cameras see all of it, and a word on how to use it.
    pub(crate) fn scene_shown(&mut self, scene: &crate::sim::scene::Scene) {
        self.fit_view(scene);
        self.note(
            Level::Info,
            crate::tr!(
                "app-scene-robots-pick-one-under",
                file = scene.file.to_string(),
                len = scene.robots.len().to_string()
            ),
        );
    }

    /// The cameras far enough back to see every robot of `scene` around the one followed.
    fn fit_view(&mut self, scene: &crate::sim::scene::Scene) {
        let (x0, z0, _) = scene.robots[0].pose;
        let spread = scene
            .robots
            .iter()
            .map(|r| (r.pose.0 - x0).hypot(r.pose.1 - z0))
            .fold(0.0f32, f32::max);
        self.view.cameras = View::default().cameras;
        for c in &mut self.view.cameras {
            c.distance = (c.distance + 1.6 * spread).min(12.0);
        }
    }

    /// How many robots the world has.
    pub fn robot_count(&self) -> usize {
        self.shown().map_or(1, |s| s.robots.len().max(1))
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

    // ----- per frame -----

    /// Takes in what the runner, the link and pending jobs have produced.
    pub fn poll(&mut self) {
        if let Some((snap, mut status)) = self.runner.latest() {
            let snap = Arc::new(snap);
            // What changed comes as the runner's events, not from comparing snapshots.
            for e in std::mem::take(&mut status.events) {
                self.on_event(e, &snap);
            }
            // The shown robot's file, asked for until it is answered.
            if self.spec_of != snap.selected && self.jobs.spec_rx.is_none() {
                let k = snap.selected;
                let (tx, rx) = std::sync::mpsc::channel();
                self.runner.send(Command::RobotSpecOf(k, tx));
                self.jobs.spec_rx = Some((k, rx));
            }
            self.jobs.plot_wanted = true;
            if status.reviewing_ms.is_none() && self.spec_of == snap.selected {
                self.hardware_warnings(&snap);
            }
            self.live = Some(snap);
            self.status = Some(status);
            self.challenge_seen();
        }
        // The plots follow the runner's history: asked for again after each publication
        // (one request at a time).
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
                self.view.floor_image =
                    png.and_then(|b| FloorImage::from_png(&self.env, &b).map(Arc::new));
                self.jobs.floor_rx = None;
            }
        }
        if let Some((k, rx)) = &self.jobs.spec_rx {
            let k = *k;
            match rx.try_recv() {
                Ok(spec) => {
                    self.jobs.spec_rx = None;
                    if let Some((spec, file)) = spec {
                        self.robot = spec.name.clone();
                        self.robot_spec = spec;
                        self.robot_file = file;
                        self.spec_of = k;
                    }
                }
                Err(std::sync::mpsc::TryRecvError::Disconnected) => self.jobs.spec_rx = None,
                Err(std::sync::mpsc::TryRecvError::Empty) => {}
            }
        }
        if let Some(rx) = &self.jobs.state_rx {
            if let Ok(state) = rx.try_recv() {
                self.state_json = Some(state);
                self.jobs.state_rx = None;
            }
        }
        self.poll_link();
        self.poll_files();
        self.poll_grading();
        self.poll_challenge();
    }

    /// One of the runner's events.
    fn on_event(&mut self, e: RunnerEvent, snap: &Snapshot) {
        match e {
            RunnerEvent::Roster(names) => {
                if self.link_setup.is_some() && names.len() != self.links.len() {
                    self.sync_links(names.len());
                }
            }
            RunnerEvent::Program {
                robot,
                program,
                vis,
                quiet,
            } => {
                if quiet {
                    // Another robot is shown (chosen, added or removed): its program and
                    // its robot file are asked for afresh.
                    self.selected = robot;
                    self.program = None;
                    self.view.selected_vi = None;
                    self.spec_of = usize::MAX;
                    self.jobs.spec_rx = None;
                }
                let known = self
                    .program
                    .as_ref()
                    .is_some_and(|lp| lp.program == *program);
                if known || program.is_empty() {
                    return;
                }
                // In a scene: the chosen robot's program (from the scene file, a download
                // or File > Open); the link's lines tell of downloads.
                let owner = (snap.robots.len() > 1 || quiet)
                    .then(|| snap.robots.get(robot).map(|r| r.name.clone()))
                    .flatten();
                let lp = match &owner {
                    Some(name) => LoadedProgram::new(
                        &crate::tr!("app-s-program", name = name.to_string()),
                        *program,
                        vis.to_vec(),
                    ),
                    None => LoadedProgram::new(
                        &crate::tr!("app-downloaded-program"),
                        *program,
                        vis.to_vec(),
                    ),
                };
                if owner.is_none() && !quiet {
                    self.note(
                        Level::Info,
                        crate::tr!("app-new-program-received-icon-s", len = lp.vis.len()),
                    );
                }
                self.program = Some(lp);
                self.view.selected_vi = None;
            }
            RunnerEvent::Fault(f) => self.note(
                Level::Error,
                crate::tr!("app-program-fault", f = f.to_string()),
            ),
            RunnerEvent::Message(m) => self.note(Level::Error, m),
        }
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
            Action::StartGrading => self.start_grading(),
            Action::CancelGrading => self.cancel_grading(),
            Action::OpenGradedRun(k) => self.choose_graded_run(k),
            Action::Editor(a) => self.apply_editor(a),
            Action::OpenChallenge(p) => self.choose_challenge(Some(p), 0),
            Action::OpenBuiltinChallenge(i) => self.choose_challenge(None, i),
            Action::ChallengeScenario(k) => self.choose_challenge_scenario(k),
            Action::CloseChallenge => self.close_challenge(),
            Action::GradeAllSeeds => self.grade_all_seeds(),
            Action::Screenshot => {}
        }
    }

    /// Something other than the runner's publications is awaited (an answer, a screenshot,
    /// a drag): the window keeps redrawing until it comes.
    pub fn waiting(&self) -> bool {
        self.screenshot_pending()
            || self.jobs.floor_rx.is_some()
            || self.jobs.save_rx.is_some()
            || self.jobs.gif_rx.is_some()
            || self.jobs.csv_rx.is_some()
            || self.jobs.plot_rx.is_some()
            || self.jobs.open_rx.is_some()
            || self.jobs.spec_rx.is_some()
            || self.jobs.state_rx.is_some()
            || self.shots.user_shot.is_some()
            || self.view.dragging_robot.is_some()
            || self.grading_seeds()
    }
}

fn label_of(name_or_path: &str) -> String {
    Path::new(name_or_path)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| name_or_path.to_string())
}

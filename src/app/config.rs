//! How the app starts ([`AppConfig`]: the command line's choices, the browser's link)
//! and the language it starts in.

use crate::host::link::LinkConfig;
use crate::host::Host;
use crate::runner::RunnerConfig;
use std::path::PathBuf;
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
    /// Build the 3D view's GPU pipelines after the first frame is shown rather than before
    /// it (the browser: compiling their shaders is the first frame's largest part that can
    /// wait a frame; BENCHMARKS.md "The tab's own costs").
    pub defer_scene_gpu: bool,
    /// The app's data folder on the desktop (`host::data_dir_from_env`; none in tests):
    /// where the program editor autosaves and the chosen language is remembered.
    pub data_dir: Option<PathBuf>,
    /// The language asked for (`--lang`, the browser's); `None`: the one remembered, else
    /// the system's (`LC_ALL`, `LC_MESSAGES`, `LANG`, Windows' user locale), else English.
    pub lang: Option<crate::i18n::Lang>,
    /// A share link to open once started (`--link`: an address or its `#fragment`; the
    /// world it names comes from [`crate::app::share::config_for`]).
    pub share_link: Option<String>,
    /// The address of the school's lurobotsim page (`--site`), which File > Copy link and
    /// Copy challenge link put before the `#…` (a tab: its own page's).
    pub site: Option<String>,
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
            defer_scene_gpu: false,
            data_dir: crate::host::data_dir_from_env(),
            lang: None,
            share_link: None,
            site: None,
        }
    }
}

impl AppConfig {
    /// No link, M1 on E1: for tests.
    pub fn quiet() -> AppConfig {
        AppConfig {
            listen: None,
            data_dir: None,
            lang: Some(crate::i18n::Lang::En),
            ..Default::default()
        }
    }
}

/// The language the app starts in: the one asked for, else the one remembered, else the
/// system's (or the browser's), else English.
pub(super) fn start_language(config: &AppConfig, host: &Host) -> crate::i18n::Lang {
    use crate::i18n::Lang;
    config
        .lang
        .or_else(|| Lang::from_code(host.setting(crate::host::setting::LANGUAGE)?.trim()))
        .or_else(|| host.system_language())
        .unwrap_or_default()
}

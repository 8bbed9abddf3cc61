//! What the window shows and how — the user's choices, no simulation state: the
//! cameras, panes and toggles ([`View`]), the windows open over the main one
//! ([`Dialogs`]), what a file window is choosing ([`Browse`]) and the change waiting for
//! OK / Cancel ([`Pending`]).

use super::challenge::ChallengeMsg;
use super::files::SaveAs;
use super::program::ErrorView;
use crate::render::{FloorImage, OrbitCamera};
use std::path::PathBuf;
use std::sync::Arc;

/// What the file window is choosing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Browse {
    /// A program, robot, environment, scene or recording to open.
    #[default]
    Open,
    /// The Grade window's assignment file.
    Assignment,
    /// The Grade window's programs folder (a tab: the pupils' files, or a zip).
    Programs,
    /// The Grade window's output folder.
    GradeOut,
    /// A challenge file to open (File > Open challenge…).
    Challenge,
    /// The Real RCX window's firmware file (`.lgo`, S-records).
    Firmware,
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
    /// A challenge to open (a file, one of the pack, a tab's text).
    Challenge(ChallengeMsg),
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
    /// The 3D view's GPU pipelines wait for this many more frames (`AppConfig::defer_scene_gpu`;
    /// the view is drawn empty until then).
    pub gpu_in_frames: u8,
    /// Robot being dragged: (x, z) where it will be put down.
    pub dragging_robot: Option<(f32, f32)>,
    /// Which robot the drag grabbed (in a scene: the one under the pointer).
    pub drag_robot: Option<usize>,
    /// The dropped box whose context menu (right click in the 3D view) is open.
    pub box_menu: Option<String>,
    /// Where the 3D view was drawn last frame (points).
    pub view_rect: egui::Rect,
    /// The program editor is docked beside the 3D view this frame (a wide window), not
    /// floating over it; the program trace gives it its place.
    pub editor_docked: bool,
    pub icon_textures: std::collections::HashMap<crate::trace::ViKind, egui::TextureHandle>,
    /// The language the window speaks (`crate::i18n`): handed to every text the app makes.
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
            gpu_in_frames: 0,
            dragging_robot: None,
            drag_robot: None,
            box_menu: None,
            view_rect: egui::Rect::NOTHING,
            editor_docked: false,
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
    /// What the page's picker was opened for (a tab), until its files arrive.
    pub picking: Option<Browse>,
}

/// How the window looks for the pupil (View menu; remembered as the host's settings).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Look {
    /// Black on white with strong outlines.
    pub high_contrast: bool,
    /// No animations, no camera easing.
    pub reduce_motion: bool,
}

impl Look {
    /// The look remembered by `host` (the default where nothing is).
    pub fn remembered(host: &crate::host::Host) -> Look {
        use crate::host::setting::{HIGH_CONTRAST, REDUCE_MOTION};
        let on = |name: &str| host.setting(name).is_some_and(|v| v.trim() == "on");
        Look {
            high_contrast: on(HIGH_CONTRAST),
            reduce_motion: on(REDUCE_MOTION),
        }
    }
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

//! `lurobotsim [gui]`: opens the desktop app (eframe on wgpu). Without a display it says so
//! plainly instead of failing inside the windowing library. `--screenshot PNG
//! --screenshot-at S` simulates to S seconds, saves the window as PNG and exits 0.

use super::{CliError, CliResult, GuiArgs};

/// Without the `gui` feature there is no window to open.
#[cfg(not(feature = "gui"))]
pub fn run(_a: GuiArgs, _link: crate::link::LinkConfig) -> CliResult {
    Err(CliError::User(
        "this build has no desktop app (built without the `gui` feature); use `run`, `serve --headless` or `lasm`".into(),
    ))
}

/// The message for a machine without a display.
#[cfg(feature = "gui")]
const NO_DISPLAY: &str = "no display to open the window on: neither DISPLAY (X11) nor \
WAYLAND_DISPLAY (Wayland) is set. Run it on a desktop, under `xvfb-run -a lurobotsim ...`, \
or use the headless commands (`lurobotsim run`, `lurobotsim serve --headless`)";

#[cfg(feature = "gui")]
/// `link` carries the link settings `serve` accepts beyond the address and pty.
pub fn run(a: GuiArgs, link: crate::link::LinkConfig) -> CliResult {
    use crate::app::{share, AppConfig, LuApp};
    // A language we lack is English, said in one line (not an error: the app still opens).
    let lang = a.lang.as_deref().map(|code| {
        crate::i18n::Lang::from_code(code).unwrap_or_else(|| {
            eprintln!("{}", unknown_language(code));
            crate::i18n::Lang::En
        })
    });
    #[cfg(target_os = "linux")]
    {
        let set = |v: &str| std::env::var_os(v).is_some_and(|s| !s.is_empty());
        if !set("DISPLAY") && !set("WAYLAND_DISPLAY") {
            return Err(CliError::User(NO_DISPLAY.into()));
        }
    }
    // A scene that cannot be read is the command line's error, before any window opens.
    if let Some(scene) = &a.scene {
        crate::sim::scene::Scene::load(scene).map_err(|e| CliError::User(e.to_string()))?;
    }
    if let Some(shot) = &a.screenshot {
        let mut inputs: Vec<&std::path::Path> = a.program.iter().map(|p| p.as_path()).collect();
        inputs.extend(a.robot.iter().chain(&a.env).map(std::path::Path::new));
        super::check_outputs(&[("--screenshot", shot.as_path())], &inputs)?;
    }
    let config = AppConfig {
        robot: a.robot.unwrap_or_else(|| "M1".into()),
        env: a.env.unwrap_or_else(|| "E1".into()),
        program: a.program,
        listen: Some(
            a.listen
                .map(|l| l.to_string())
                .unwrap_or_else(|| "127.0.0.1:4266".into()),
        ),
        pty: a.pty,
        link,
        screenshot: a.screenshot.zip(a.screenshot_at),
        frame_ticks: a.frame_steps.unwrap_or(AppConfig::default().frame_ticks),
        realism: a.realism.into(),
        battery_v: a.battery_v,
        scene: a.scene,
        lang,
        site: a.site,
        ..AppConfig::default()
    };
    // A link's robot, floor, realism and battery (a damaged link: the app says why).
    let config = match a
        .link
        .as_deref()
        .map(|l| share::parse(share::fragment_of(l)))
    {
        Some(Ok(shared)) => share::config_for(&shared, config),
        _ => config,
    };
    let config = AppConfig {
        share_link: a.link,
        ..config
    };
    let result = config.shot_result.clone();
    let wants_shot = config.screenshot.is_some();
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("LURobotSim — RCX robot simulator")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([800.0, 560.0])
            .with_drag_and_drop(true),
        renderer: eframe::Renderer::Wgpu,
        ..Default::default()
    };
    let mut failure: Option<String> = None;
    let run = eframe::run_native(
        "lurobotsim",
        options,
        Box::new(|cc| match LuApp::new(cc, config) {
            Ok(app) => Ok(Box::new(app)),
            Err(e) => Err(e.into()),
        }),
    );
    if let Err(e) = run {
        let msg = e.to_string();
        failure = Some(if msg.contains("DISPLAY") {
            NO_DISPLAY.to_string()
        } else {
            format!("the window could not open: {msg}")
        });
    }
    if let Some(f) = failure {
        return Err(if f == NO_DISPLAY {
            CliError::User(f)
        } else {
            CliError::Internal(f)
        });
    }
    if wants_shot {
        return match result.lock().ok().and_then(|mut g| g.take()) {
            Some(Ok(p)) => {
                let _ = super::print_out(&format!("screenshot saved: {}\n", p.display()));
                Ok(())
            }
            Some(Err(e)) => Err(CliError::Internal(format!("screenshot: {e}"))),
            None => Err(CliError::Internal(
                "screenshot: the window closed before the picture was taken".into(),
            )),
        };
    }
    Ok(())
}

/// The line `--lang CODE` prints for a language the app lacks.
pub fn unknown_language(code: &str) -> String {
    let have: Vec<&str> = crate::i18n::ALL.iter().map(|l| l.code()).collect();
    format!(
        "lurobotsim: no translation for --lang {code:?} (there are {}); the window is in English",
        have.join(", ")
    )
}

//! How the app starts: the first world (the robot and environment asked for, else M1 on
//! E1 with a message; or a scene), the runner (a thread, or the frame loop), the link,
//! the editor with its autosave, then the program or the screenshot asked for.

use super::*;
use crate::i18n::Lang;

impl LuApp {
    /// The app's state without a window (tests drive it through its actions), on the
    /// desktop's host (its jobs in the frames when the runner is, as in a tab).
    pub fn headless(config: AppConfig) -> Result<LuApp, String> {
        let host = LuApp::desktop_host(&config);
        LuApp::on_host(config, host)
    }

    /// The desktop's host for `config`: its data folder; jobs in the frames when the
    /// runner runs there too (as in a tab).
    pub fn desktop_host(config: &AppConfig) -> Host {
        let host = Host::desktop(config.data_dir.clone());
        match config.inline_runner {
            true => host.jobs_in_frames(),
            false => host,
        }
    }

    /// The app's state on `host`, without a window.
    pub fn on_host(config: AppConfig, host: Host) -> Result<LuApp, String> {
        // The messages of the start (a file that could not be read, the program loaded) are
        // in the window's language too.
        let lang = config::start_language(&config, &host);
        let mut messages = Vec::new();
        let (sim, scene, listing) = first_world(lang, &config, &host, &mut |level, text| {
            messages.push(Message { level, text })
        })?;
        // The first frame already shows the world (its layout does not wait for the runner).
        let Some(first) = sim.robot(0).map(|r| Arc::new(r.snapshot())) else {
            return Err(crate::tr!(lang, "app-the-world-has-no-robot"));
        };
        let world = WorldShown::of(&sim, 0);
        let runner_config = RunnerConfig {
            frame_ticks: config.frame_ticks,
            listing,
        };
        let runner = match config.inline_runner {
            true => runner::inline(sim, runner_config),
            false => runner::spawn(sim, runner_config),
        };
        let links = match &config.listen {
            Some(addr) => vec![link::start(
                addr,
                config.pty.clone(),
                &config.link,
                0,
                runner.sender(),
            )],
            None => Vec::new(),
        };
        if let Some(Err(e)) = links.first() {
            messages.push(Message {
                level: Level::Warning,
                text: crate::tr!(lang, "app-rcx-link-the-simulator-works", e = e.to_string()),
            });
        }
        let mut app = LuApp {
            runner,
            links,
            link_setup: config
                .listen
                .clone()
                .map(|a| (a, config.pty.clone(), config.link.clone())),
            selected: first.selected,
            world,
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
            share_base: config.site.clone(),
            warned: Default::default(),
            view: View {
                lang,
                look: super::view::Look::remembered(&host),
                zoom: host
                    .setting(crate::host::setting::ZOOM)
                    .map_or(1.0, |z| super::view::zoom_of_setting(&z)),
                ..View::default()
            },
            grade: GradeWindow::default(),
            rcx: RcxWindow::default(),
            challenge: ChallengePanel::default(),
            // A `--screenshot` run shows the window as it is: no restore offer, no autosave.
            editor: match config.screenshot {
                Some(_) => editor::Editor::new(lang, None, false),
                None => editor::Editor::new(lang, host.setting(editor::AUTOSAVE), true),
            },
            dialogs: Dialogs {
                file_dir: host.current_dir(),
                ..Dialogs::default()
            },
            host,
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
        if let Some(link) = &config.share_link {
            app.open_link(link);
        }
        if let Some((path, secs)) = &config.screenshot {
            app.begin_screenshot(path.clone(), *secs);
        }
        Ok(app)
    }
}

/// The first world, the scene it came from (if any), and how its exports list the robots.
type FirstWorld = (
    Simulation,
    Option<crate::sim::scene::Scene>,
    crate::sim::Listing,
);

/// The world the app starts with: the scene asked for, else the robot and environment
/// (M1 and E1 instead of a file that cannot be read, said through `note`).
fn first_world(
    lang: Lang,
    config: &AppConfig,
    host: &Host,
    note: &mut dyn FnMut(Level, String),
) -> Result<FirstWorld, String> {
    let sim_config = SimConfig {
        realism: config.realism,
        battery_v: config.battery_v,
        ..SimConfig::default()
    };
    let scene = config.scene.as_ref().and_then(|path| {
        let read = read::read_toml(
            host,
            path,
            crate::sim::scene::MAX_FILE_BYTES,
            "a scene file",
        )
        .and_then(|(file, text, dir)| {
            let read = |p: &Path| read::read_for_core(host, p);
            crate::sim::scene::Scene::parse_with(&file, &text, &dir, &read)
        });
        read.map_err(|e| {
            note(
                Level::Error,
                crate::tr!(
                    lang,
                    "app-scene-showing-one-robot-instead",
                    e = e.to_string()
                ),
            )
        })
        .ok()
    });
    // The world is built through a scenario, as `run` and `serve` build theirs.
    let scenario = match &scene {
        Some(sc) => Ok(crate::sim::scenario::Scenario::of_scene(sc.clone())),
        None => {
            let robot = file_or(&config.robot, "M1", SpecSource::robot, robot_ok, |e| {
                note(
                    Level::Error,
                    crate::tr!(lang, "app-robot-file-using-m1-instead", e = e.to_string()),
                )
            })?;
            let env = file_or(&config.env, "E1", SpecSource::env, env_ok, |e| {
                note(
                    Level::Error,
                    crate::tr!(
                        lang,
                        "app-environment-file-using-e1-instead",
                        e = e.to_string()
                    ),
                )
            })?;
            crate::sim::scenario::Scenario::one(robot, env, None, None)
        }
    };
    let listing = (scenario.as_ref()).map_or(crate::sim::Listing::One, |s| s.listing);
    let built = scenario.and_then(|mut s| {
        s.def.config = sim_config;
        s.build()
    });
    let mut sim =
        built.map_err(|e| crate::tr!(lang, "app-cannot-build-the-world", e = e.to_string()))?;
    // In the app a scene waits, like a loaded program, for Run to start its programs
    // (`run --scene` starts them at 0 s): the same state Stop returns to.
    if scene.is_some() {
        sim.reset();
    }
    Ok((sim, scene, listing))
}

type Checked = Result<(), crate::world::spec::SpecError>;

fn robot_ok(f: &SpecSource) -> Checked {
    f.robot_spec().map(drop)
}

fn env_ok(f: &SpecSource) -> Checked {
    f.env_spec().map(drop)
}

/// The file `name` names, read and checked (a robot's or an environment's), else the
/// built-in `fallback` after telling `said` why.
fn file_or(
    name: &str,
    fallback: &str,
    read: fn(&str) -> Result<SpecSource, crate::world::spec::SpecError>,
    check: fn(&SpecSource) -> Checked,
    said: impl FnOnce(crate::world::spec::SpecError),
) -> Result<SpecSource, String> {
    match read(name).and_then(|f| check(&f).map(|()| f)) {
        Ok(f) => Ok(f),
        Err(e) => {
            said(e);
            read(fallback).map_err(|e| e.to_string())
        }
    }
}

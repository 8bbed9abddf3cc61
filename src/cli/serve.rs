//! `lurobotsim serve`: the RCX link (cli.md). Builds the world — one robot (`--robot`,
//! `--env`) or a scene's (`--scene FILE`) — starts the runner and one link per robot, and
//! either serves until interrupted (the simulated clock running in real time) or, with
//! `--run-seconds S`, waits for a client to start a task on any brick — `nqc … -run`, any
//! `71` start command, a `start` LASM line, or a completed LASM text transfer (the
//! connection closing after at least one `task`/`sub` block; that brick's task 0 is then
//! started) — runs S simulated seconds as fast as possible, prints the state and exits 0.
//! Robot n (1-based) listens on the --listen port + n − 1 and, with `--pty PATH`, has
//! PATH (robot 1), PATH-2, PATH-3, … (`LinkConfig::for_robot`); each link's jobs
//! (`Command::OnBrick(k, …)`) act on exactly its brick. Log lines go to stderr (a scene's
//! tagged with the robot's name) so that stdout carries only the state.

use super::{CliError, CliResult, DialectArg, GuiArgs, ServeArgs};
use crate::link::{self, AfterHost, Dialect, LinkConfig, LinkEvent, LinkHandle};
use crate::runner::{self, Command, RunnerConfig, Speed};
use crate::sim::scenario::Scenario;
use crate::sim::specs::SpecSource;
use crate::sim::{Listing, SimConfig};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Set on Ctrl+C or a request to terminate (SIGINT/SIGTERM on Unix; Ctrl+C, Ctrl+Break or
/// closing the console on Windows) so the link shuts down cleanly (the pty link removed).
pub(super) static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Registers the handlers now (so a signal arriving at once is already caught) and waits for
/// them on a small thread of its own, through tokio's portable `signal` module (no raw libc).
/// If the handlers cannot be registered the process keeps the default behaviour (it ends).
pub(super) fn install_signal_handlers() {
    let Ok(rt) = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    else {
        return;
    };
    let waiting = {
        let _ctx = rt.enter();
        signals::register()
    };
    let Ok(waiting) = waiting else { return };
    let _ = std::thread::Builder::new()
        .name("lurobotsim-signals".into())
        .spawn(move || {
            rt.block_on(waiting.wait());
            INTERRUPTED.store(true, Ordering::SeqCst);
        });
}

#[cfg(unix)]
mod signals {
    use tokio::signal::unix::{signal, Signal, SignalKind};

    /// SIGINT (Ctrl+C) and SIGTERM.
    pub struct Waiting(Signal, Signal);

    pub fn register() -> std::io::Result<Waiting> {
        Ok(Waiting(
            signal(SignalKind::interrupt())?,
            signal(SignalKind::terminate())?,
        ))
    }

    impl Waiting {
        pub async fn wait(mut self) {
            tokio::select! {
                _ = self.0.recv() => {}
                _ = self.1.recv() => {}
            }
        }
    }
}

#[cfg(windows)]
mod signals {
    use tokio::signal::windows::{ctrl_break, ctrl_c, ctrl_close, CtrlBreak, CtrlC, CtrlClose};

    /// Ctrl+C, Ctrl+Break and the console window being closed.
    pub struct Waiting(CtrlC, CtrlBreak, CtrlClose);

    pub fn register() -> std::io::Result<Waiting> {
        Ok(Waiting(ctrl_c()?, ctrl_break()?, ctrl_close()?))
    }

    impl Waiting {
        pub async fn wait(mut self) {
            tokio::select! {
                _ = self.0.recv() => {}
                _ = self.1.recv() => {}
                _ = self.2.recv() => {}
            }
        }
    }
}

pub fn run(a: ServeArgs) -> CliResult {
    let user = |e: &dyn std::fmt::Display| CliError::User(e.to_string());
    let first = LinkConfig {
        listen: Some(a.listen),
        allow_remote: a.allow_remote,
        pty: a.pty.clone(),
        dialect: match a.dialect {
            DialectArg::Auto => Dialect::Auto,
            DialectArg::Framed => Dialect::Framed,
            DialectArg::Raw => Dialect::Raw,
            DialectArg::Lasm => Dialect::Lasm,
        },
        echo: !a.no_echo,
        capture: a.capture.clone(),
        brick: 0,
        // A host's finished download or task start runs the clock (the runner decides,
        // told by the link itself); with --run-seconds the first one runs it S seconds.
        after_host: match a.run_seconds {
            Some(s) if s.is_finite() && s >= 0.0 => AfterHost::RunFor {
                ms: (s * 1000.0).round() as u64,
                once: Default::default(),
            },
            _ => AfterHost::Run,
        },
    };
    // What this run reads, which --capture must not overwrite.
    let reads: Vec<&Path> = match &a.scene {
        Some(scene) => vec![scene.as_path()],
        None => vec![Path::new(&a.robot), Path::new(&a.env)],
    };
    if let Some(capture) = &a.capture {
        super::check_outputs(&[("--capture", capture.as_path())], &reads)?;
    }
    // --run-seconds is a batch run (wait, simulate as fast as possible, print, exit): it
    // never opens the window, --headless or not; nor does a scene.
    if a.scene.is_none() && !a.headless && a.run_seconds.is_none() {
        return super::gui::run(
            GuiArgs {
                lang: None,
                robot: Some(a.robot),
                env: Some(a.env),
                program: None,
                listen: Some(a.listen),
                pty: a.pty,
                screenshot: None,
                screenshot_at: None,
                frame_steps: None,
                realism: a.realism,
                battery_v: a.battery_v,
                scene: None,
                link: None,
                site: None,
            },
            first,
        );
    }
    if let Some(s) = a.run_seconds.filter(|s| !(s.is_finite() && *s >= 0.0)) {
        return Err(CliError::User(format!(
            "--run-seconds {s}: must be a number of seconds ≥ 0"
        )));
    }
    let config = SimConfig {
        seed: a.seed,
        realism: a.realism.into(),
        battery_v: a.battery_v,
        ..SimConfig::default()
    };
    // A scene's programs start at t = 0 of the simulated clock, which runs in real time
    // (or, with --run-seconds, from the moment a client starts a task).
    let mut scenario = match &a.scene {
        Some(path) => {
            let scene = crate::sim::scene::Scene::load(path).map_err(|e| user(&e))?;
            Scenario::of_scene(scene)
        }
        None => {
            let robot = SpecSource::robot(&a.robot).map_err(|e| user(&e))?;
            let env = SpecSource::env(&a.env).map_err(|e| user(&e))?;
            Scenario::one(robot, env, None, None).map_err(|e| user(&e))?
        }
    };
    scenario.def.config = config;
    let listing = scenario.listing;
    let sim = scenario.build().map_err(|e| user(&e))?;
    // A scene's log lines say whose link; one robot's need not.
    let robots: Vec<(String, String)> = sim
        .layout()
        .iter()
        .map(|p| (p.name.clone(), p.spec.name.clone()))
        .collect();
    let scene = listing == Listing::Scene;
    let tag = |k: usize| match scene {
        true => format!("[{}] ", robots[k].0),
        false => String::new(),
    };
    // Before any pty link exists: a Ctrl+C or SIGTERM from then on ends cleanly, removing
    // them.
    install_signal_handlers();
    let runner = runner::spawn(sim, RunnerConfig::default());
    let mut links: Vec<LinkHandle> = Vec::new();
    let stop_all = |links: Vec<LinkHandle>, runner: runner::RunnerHandle| {
        for l in links {
            l.shutdown();
        }
        runner.stop();
    };
    for (k, (name, model)) in robots.iter().enumerate() {
        let started = first
            .for_robot(k)
            .map_err(|e| format!("--listen {}: {e} for robot {name}", a.listen))
            .and_then(|c| {
                link::start(c, runner.sender()).map_err(|e| match scene {
                    true => format!("robot {name}: {e}"),
                    false => e.to_string(),
                })
            });
        match started {
            Ok(l) => {
                // The link's own lines ("listening on ADDR", "pty at PATH", downloads) are
                // printed below as its events arrive; a scene first says which is whose.
                if scene {
                    let mut where_ = Vec::new();
                    if let Some(addr) = l.local_addr() {
                        where_.push(format!("tcp {addr}"));
                    }
                    if let Some(p) = l.pty_path() {
                        where_.push(format!("pty {}", p.display()));
                    }
                    super::say!(
                        "lurobotsim: robot {} \"{name}\" ({model}): {}",
                        k + 1,
                        where_.join(", ")
                    );
                }
                links.push(l);
            }
            Err(e) => {
                stop_all(links, runner);
                return Err(CliError::User(e));
            }
        }
    }
    let interrupted = || INTERRUPTED.load(Ordering::SeqCst);
    // Every link's events, in robot order.
    let poll = |links: &[LinkHandle]| -> Vec<(usize, LinkEvent)> {
        let mut got = Vec::new();
        for (k, l) in links.iter().enumerate() {
            while let Some(e) = l.try_event() {
                got.push((k, e));
            }
        }
        got
    };
    let Some(seconds) = a.run_seconds else {
        // Plain serving: the robots live in real time while hosts download and run.
        runner.send(Command::SetSpeed(Speed::Factor(1.0)));
        runner.send(Command::Run);
        while !interrupted() {
            // A host's download or task start: the link has told the runner (as in the
            // app); here it is only logged.
            for (k, e) in poll(&links) {
                log_event(&tag(k), &e);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        stop_all(links, runner);
        return Ok(());
    };
    // Wait, paused, for a client to start a task or complete a LASM transfer: the link
    // has then told the runner, which starts that brick's task 0 (a transfer) and runs the
    // clock S seconds.
    loop {
        if interrupted() {
            stop_all(links, runner);
            return Ok(());
        }
        // The first start of this batch of events starts the run; every other event is
        // logged, in order.
        let mut started = false;
        for (k, e) in poll(&links) {
            match (started, &e, e.host_done()) {
                (false, LinkEvent::TaskStarted { task }, Some(_)) => {
                    super::say!(
                        "lurobotsim: {}task {task} started; running {seconds} s",
                        tag(k)
                    );
                    started = true;
                }
                (false, _, Some(_)) => {
                    super::say!(
                        "lurobotsim: {}LASM transfer complete; starting task 0, running {seconds} s",
                        tag(k)
                    );
                    started = true;
                }
                _ => log_event(&tag(k), &e),
            }
        }
        if started {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    // The runner has stepped the clock by now (the link told it before the event); the
    // state is read after it.
    let json = a.json;
    let out = runner::with(&runner.sender(), move |sim| {
        // The state streamed as `run --json` streams it (no `Value` tree of a long log).
        let mut text = Vec::new();
        match json {
            true => sim.write_state_line(&mut text, listing).map(|()| text),
            false => Ok(super::run::summary(sim, listing).into_bytes()),
        }
    })
    .recv()
    .map_err(|_| CliError::Internal("the simulation thread stopped".into()));
    for (k, e) in poll(&links) {
        log_event(&tag(k), &e);
    }
    stop_all(links, runner);
    let mut text = out?.map_err(|e| CliError::Internal(e.to_string()))?;
    text.push(b'\n');
    super::print_out(&String::from_utf8_lossy(&text))
}

/// Writes one link event to stderr; bytes thrown away as garbage only at debug level
/// (`RUST_LOG=lurobotsim::link=debug`): anyone who can reach the port can send them.
fn log_event(tag: &str, e: &LinkEvent) {
    match e.is_garbage() {
        true => log::debug!(target: "lurobotsim::link", "{tag}{e}"),
        false => super::say!("lurobotsim: {tag}{e}"),
    }
}

//! `lurobotsim serve --scene FILE`: every brick of a scene with its own link — robot n
//! (1-based) listens on the --listen port + n − 1 and, with `--pty PATH`, has the
//! pseudo-terminal PATH (robot 1), PATH-2, PATH-3, … — so NQC or ROBOLAB downloads to a
//! chosen brick. Headless: the simulated clock runs in real time (or, with --run-seconds,
//! starts when a client starts a task on any brick and runs S seconds as fast as possible,
//! then prints the scene's state).
//!
//! The scene runs in the runner as one simulation; each robot's link is started for its
//! brick (`LinkConfig::brick`), so its jobs (`Command::OnBrickOf`) act on exactly that
//! brick — downloads, direct commands and `nqc -msg` — through the same typed inputs as a
//! one-robot simulation's.

use super::{CliError, CliResult, DialectArg, ServeArgs};
use crate::link::{self, Dialect, LinkConfig, LinkEvent, LinkHandle};
use crate::runner::{self, Command, RunnerConfig, Speed};
use crate::sim::scene::Scene;
use crate::sim::{SimConfig, Simulation};
use std::net::SocketAddr;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::Duration;

pub use crate::link::numbered;

pub fn run(a: ServeArgs, scene_path: &Path, listen: SocketAddr) -> CliResult {
    let user = |e: &dyn std::fmt::Display| CliError::User(e.to_string());
    let scene = Scene::load(scene_path).map_err(|e| user(&e))?;
    let config = SimConfig {
        seed: a.seed,
        realism: a.realism.into(),
        battery_v: a.battery_v,
        ..SimConfig::default()
    };
    // The scene's programs start at t = 0 of the simulated clock, which runs in real time
    // (or, with --run-seconds, from the moment a client starts a task).
    let sim = Simulation::from_scene(&scene, config).map_err(|e| user(&e))?;
    if let Some(capture) = &a.capture {
        super::check_outputs(&[("--capture", capture.as_path())], &[scene_path])?;
    }
    // Before any pty link exists: a Ctrl+C or SIGTERM from then on ends cleanly, removing
    // them.
    super::serve::install_signal_handlers();
    let runner = runner::spawn(sim, RunnerConfig::default());
    let mut links: Vec<(String, LinkHandle)> = Vec::new();
    let stop_all = |links: Vec<(String, LinkHandle)>, runner: runner::RunnerHandle| {
        for (_, l) in links {
            l.shutdown();
        }
        runner.stop();
    };
    for (k, r) in scene.robots.iter().enumerate() {
        let addr = if listen.port() == 0 {
            listen
        } else {
            let Some(port) = listen
                .port()
                .checked_add(k as u16)
                .filter(|_| k < u16::MAX as usize)
            else {
                stop_all(links, runner);
                return Err(CliError::User(format!(
                    "--listen {listen}: no port {} + {k} for robot {}",
                    listen.port(),
                    r.name
                )));
            };
            SocketAddr::new(listen.ip(), port)
        };
        let link_config = LinkConfig {
            listen: Some(addr),
            allow_remote: a.allow_remote,
            pty: a.pty.as_deref().map(|p| numbered(p, k)),
            dialect: match a.dialect {
                DialectArg::Auto => Dialect::Auto,
                DialectArg::Framed => Dialect::Framed,
                DialectArg::Raw => Dialect::Raw,
                DialectArg::Lasm => Dialect::Lasm,
            },
            echo: !a.no_echo,
            capture: a.capture.as_deref().map(|p| numbered(p, k)),
            brick: k,
        };
        match link::start(link_config, runner.sender()) {
            Ok(l) => {
                let mut where_ = Vec::new();
                if let Some(addr) = l.local_addr() {
                    where_.push(format!("tcp {addr}"));
                }
                if let Some(p) = l.pty_path() {
                    where_.push(format!("pty {}", p.display()));
                }
                super::say!(
                    "lurobotsim: robot {} \"{}\" ({}): {}",
                    k + 1,
                    r.name,
                    r.spec.name,
                    where_.join(", ")
                );
                links.push((r.name.clone(), l));
            }
            Err(e) => {
                stop_all(links, runner);
                return Err(CliError::User(format!("robot {}: {e}", r.name)));
            }
        }
    }
    let interrupted = || super::serve::INTERRUPTED.load(Ordering::SeqCst);
    // Events of every link, each line tagged with its robot.
    let poll = |links: &[(String, LinkHandle)]| -> Vec<(usize, LinkEvent)> {
        let mut got = Vec::new();
        for (k, (name, l)) in links.iter().enumerate() {
            while let Some(e) = l.try_event() {
                if !matches!(
                    e,
                    LinkEvent::TaskStarted { .. } | LinkEvent::TextTransferComplete { .. }
                ) {
                    super::say!("lurobotsim: [{name}] {e}");
                }
                got.push((k, e));
            }
        }
        got
    };
    let Some(seconds) = a.run_seconds else {
        runner.send(Command::SetSpeed(Speed::Factor(1.0)));
        runner.send(Command::Run);
        while !interrupted() {
            poll(&links);
            std::thread::sleep(Duration::from_millis(100));
        }
        stop_all(links, runner);
        return Ok(());
    };
    if !(seconds.is_finite() && seconds >= 0.0) {
        stop_all(links, runner);
        return Err(CliError::User(format!(
            "--run-seconds {seconds}: must be a number of seconds ≥ 0"
        )));
    }
    let start = loop {
        if interrupted() {
            stop_all(links, runner);
            return Ok(());
        }
        let events = poll(&links);
        if let Some((k, e)) = events.iter().find(|(_, e)| {
            matches!(
                e,
                LinkEvent::TaskStarted { .. } | LinkEvent::TextTransferComplete { .. }
            )
        }) {
            let name = &links[*k].0;
            if matches!(e, LinkEvent::TextTransferComplete { .. }) {
                super::say!("lurobotsim: [{name}] LASM transfer complete; starting task 0, running {seconds} s");
                break Some(*k);
            }
            super::say!("lurobotsim: [{name}] a task started; running {seconds} s");
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let ticks = (seconds * 1000.0).round() as u64;
    if let Some(k) = start {
        runner.send(Command::Apply(k, crate::sim::Input::StartTask { task: 0 }));
    }
    // The runner steps the clock; the state is read after it.
    runner.send(Command::RunFor(ticks));
    let state = runner::with(&runner.sender(), |sim| sim.scene_json())
        .recv()
        .map_err(|_| CliError::Internal("the simulation thread stopped".into()));
    poll(&links);
    stop_all(links, runner);
    let state = state?;
    if a.json {
        super::print_out(&format!("{state}\n"))
    } else {
        let mut lines = vec![format!("simulated {} s", state["sim_time_s"])];
        for r in state["robots"].as_array().into_iter().flatten() {
            lines.push(format!(
                "{}: pose {} outputs {}",
                r["name"].as_str().unwrap_or(""),
                r["pose"],
                r["outputs"]
            ));
        }
        super::print_out(&format!("{}\n", lines.join("\n")))
    }
}

#[cfg(test)]
mod tests {
    use super::numbered;
    use std::path::{Path, PathBuf};

    #[test]
    fn the_first_brick_has_the_pty_path_and_the_others_path_dash_n() {
        let p = Path::new("/tmp/rcx");
        assert_eq!(numbered(p, 0), PathBuf::from("/tmp/rcx"));
        assert_eq!(numbered(p, 1), PathBuf::from("/tmp/rcx-2"));
        assert_eq!(numbered(p, 9), PathBuf::from("/tmp/rcx-10"));
    }
}

//! `lurobotsim serve --scene FILE`: every brick of a scene with its own link — robot n
//! (1-based) listens on the --listen port + n − 1 and, with `--pty PATH`, has the
//! pseudo-terminal PATH (robot 1), PATH-2, PATH-3, … — so NQC or ROBOLAB downloads to a
//! chosen brick. Headless: the simulated clock runs in real time (or, with --run-seconds,
//! starts when a client starts a task on any brick and runs S seconds as fast as possible,
//! then prints the scene's state).
//!
//! How the links reach a brick without a change to the link or the runner: each link gets
//! its own command channel, as it would from the runner; a scene thread owns the
//! [`Simulation`] and runs each link's job (a [`Command::OnBrick`]) on that link's brick
//! ([`Simulation::brick`], an [`crate::sim::Rcx`]) between ticks, as the runner does — so
//! downloads, direct commands and `nqc -msg` (an `f7` on that brick's link) act on exactly
//! that brick, through the same typed inputs as a one-robot simulation's
//! ([`Simulation::apply`]), and a new program is re-traced at once.

use super::{CliError, CliResult, DialectArg, ServeArgs};
use crate::link::{self, Dialect, LinkConfig, LinkEvent, LinkHandle};
use crate::runner::Command;
use crate::sim::scene::Scene;
use crate::sim::Simulation;
use crate::sim::{Input, SimConfig};
use serde_json::Value;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// What the scene thread is asked to do.
enum SceneCmd {
    /// A job from robot `k`'s link.
    Link(usize, Command),
    /// Run the clock in real time from now.
    RealTime,
    /// Start task 0 on the listed bricks (a completed text transfer), run `ticks` as fast
    /// as possible, send back the state.
    RunFor {
        ticks: u64,
        start: Vec<usize>,
        reply: Sender<Value>,
    },
    Quit,
}

/// Most ticks run between looks at the links' jobs in real time (keeps replies prompt).
const TICKS_PER_SLICE: u64 = 20;

fn scene_thread(mut sim: Simulation, rx: Receiver<SceneCmd>) {
    let mut clock: Option<(Instant, u64)> = None;
    loop {
        let wait = match clock {
            Some(_) => Duration::from_millis(1),
            None => Duration::from_millis(200),
        };
        match rx.recv_timeout(wait) {
            Ok(SceneCmd::Link(k, Command::OnBrick(job) | Command::OnBrickOf(_, job))) => {
                if let Some(mut brick) = sim.brick(k) {
                    job(&mut brick);
                }
            }
            Ok(SceneCmd::Link(_, Command::Quit)) | Ok(SceneCmd::Quit) => return,
            // The link sends only jobs; anything else is not for a scene.
            Ok(SceneCmd::Link(..)) => {}
            Ok(SceneCmd::RealTime) => clock = Some((Instant::now(), sim.time_ms())),
            Ok(SceneCmd::RunFor {
                ticks,
                start,
                reply,
            }) => {
                for k in start {
                    sim.apply_to(k, Input::StartTask { task: 0 });
                }
                let end = sim.time_ms() + ticks;
                sim.run_until(end);
                let _ = reply.send(sim.scene_json());
                clock = None;
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return,
        }
        if let Some((since, at)) = clock {
            let due = at + since.elapsed().as_millis() as u64;
            let mut n = 0;
            while sim.time_ms() < due && n < TICKS_PER_SLICE {
                sim.tick();
                n += 1;
            }
        }
    }
}

pub use crate::link::numbered;

pub fn run(a: ServeArgs, scene_path: &Path, listen: SocketAddr) -> CliResult {
    let user = |e: &dyn std::fmt::Display| CliError::User(e.to_string());
    let scene = Scene::load(scene_path).map_err(|e| user(&e))?;
    let config = SimConfig {
        seed: 0,
        realism: a.realism.into(),
        ..SimConfig::default()
    };
    // The scene's programs start at t = 0 of the simulated clock, which runs in real time
    // (or, with --run-seconds, from the moment a client starts a task).
    let sim = Simulation::from_scene(&scene, config).map_err(|e| user(&e))?;
    if let Some(capture) = &a.capture {
        super::check_outputs(&[("--capture", capture.as_path())], &[scene_path])?;
    }
    let (tx, rx) = mpsc::channel::<SceneCmd>();
    let thread = std::thread::Builder::new()
        .name("lurobotsim-scene".into())
        .spawn(move || scene_thread(sim, rx))
        .map_err(|e| CliError::Internal(e.to_string()))?;
    let mut links: Vec<(String, LinkHandle)> = Vec::new();
    let stop_all = |links: Vec<(String, LinkHandle)>, tx: &Sender<SceneCmd>| {
        for (_, l) in links {
            l.shutdown();
        }
        let _ = tx.send(SceneCmd::Quit);
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
                stop_all(links, &tx);
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
        // This link's jobs, tagged with its brick, onto the scene thread's channel.
        let (ltx, lrx) = mpsc::channel::<Command>();
        let fwd = tx.clone();
        let _ = std::thread::Builder::new()
            .name(format!("lurobotsim-link-{}", k + 1))
            .spawn(move || {
                while let Ok(c) = lrx.recv() {
                    if fwd.send(SceneCmd::Link(k, c)).is_err() {
                        return;
                    }
                }
            });
        match link::start(link_config, ltx) {
            Ok(l) => {
                let mut where_ = Vec::new();
                if let Some(addr) = l.local_addr() {
                    where_.push(format!("tcp {addr}"));
                }
                if let Some(p) = l.pty_path() {
                    where_.push(format!("pty {}", p.display()));
                }
                eprintln!(
                    "lurobotsim: robot {} \"{}\" ({}): {}",
                    k + 1,
                    r.name,
                    r.spec.name,
                    where_.join(", ")
                );
                links.push((r.name.clone(), l));
            }
            Err(e) => {
                stop_all(links, &tx);
                let _ = thread.join();
                return Err(CliError::User(format!("robot {}: {e}", r.name)));
            }
        }
    }
    super::serve::install_signal_handlers();
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
                    eprintln!("lurobotsim: [{name}] {e}");
                }
                got.push((k, e));
            }
        }
        got
    };
    let Some(seconds) = a.run_seconds else {
        let _ = tx.send(SceneCmd::RealTime);
        while !interrupted() {
            poll(&links);
            std::thread::sleep(Duration::from_millis(100));
        }
        stop_all(links, &tx);
        let _ = thread.join();
        return Ok(());
    };
    if !(seconds.is_finite() && seconds >= 0.0) {
        stop_all(links, &tx);
        let _ = thread.join();
        return Err(CliError::User(format!(
            "--run-seconds {seconds}: must be a number of seconds ≥ 0"
        )));
    }
    let start = loop {
        if interrupted() {
            stop_all(links, &tx);
            let _ = thread.join();
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
                eprintln!("lurobotsim: [{name}] LASM transfer complete; starting task 0, running {seconds} s");
                break vec![*k];
            }
            eprintln!("lurobotsim: [{name}] a task started; running {seconds} s");
            break Vec::new();
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let (rtx, rrx) = mpsc::channel();
    let _ = tx.send(SceneCmd::RunFor {
        ticks: (seconds * 1000.0).round() as u64,
        start,
        reply: rtx,
    });
    let state = rrx
        .recv()
        .map_err(|_| CliError::Internal("the scene thread stopped".into()));
    poll(&links);
    stop_all(links, &tx);
    let _ = thread.join();
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

//! `lurobotsim serve`: the RCX link (cli.md). Builds the simulation, starts the runner and
//! the link, and either serves until interrupted (the simulated clock running in real
//! time) or, with `--run-seconds S`, waits for a client to start a task — `nqc … -run`,
//! any `71` start command, a `start` LASM line, or a completed LASM text transfer (the
//! connection closing after at least one `task`/`sub` block; task 0 is then started) —
//! runs S simulated seconds as fast as possible, prints the state and exits 0.
//! Log lines go to stderr so that stdout carries only the state.

use super::{CliError, CliResult, DialectArg, GuiArgs, ServeArgs};
use crate::link::{self, Dialect, LinkConfig, LinkEvent};
use crate::runner::{self, Command, RunnerConfig, Speed};
use crate::sim::{SimConfig, Simulation};
use crate::world::spec::{EnvSpec, RobotSpec};
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
    let listen = a.listen;
    if let Some(scene) = a.scene.clone() {
        return super::serve_scene::run(a, &scene, listen);
    }
    if let Some(capture) = &a.capture {
        let inputs = [Path::new(&a.robot), Path::new(&a.env)];
        super::check_outputs(&[("--capture", capture.as_path())], &inputs)?;
    }
    let config = LinkConfig {
        listen: Some(listen),
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
    };
    // --run-seconds is a batch run (wait, simulate as fast as possible, print, exit): it
    // never opens the window, --headless or not.
    if !a.headless && a.run_seconds.is_none() {
        return super::gui::run(
            GuiArgs {
                robot: Some(a.robot),
                env: Some(a.env),
                program: None,
                listen: Some(listen),
                pty: a.pty,
                screenshot: None,
                screenshot_at: None,
                frame_steps: None,
                realism: a.realism,
                battery_v: a.battery_v,
                scene: None,
            },
            config,
        );
    }
    let robot = RobotSpec::load(&a.robot).map_err(|e| CliError::User(e.to_string()))?;
    let env = EnvSpec::load(&a.env).map_err(|e| CliError::User(e.to_string()))?;
    let sim_config = SimConfig {
        seed: a.seed,
        realism: a.realism.into(),
        battery_v: a.battery_v,
        ..SimConfig::default()
    };
    let sim = Simulation::new(robot, env, sim_config).map_err(|e| CliError::User(e.to_string()))?;
    let runner = runner::spawn(sim, RunnerConfig::default());
    let link = link::start(config, runner.sender()).map_err(|e| CliError::User(e.to_string()))?;
    install_signal_handlers();
    // The link's own log lines ("listening on ADDR", "pty at PATH", downloads) are
    // printed below as its events arrive.
    let Some(seconds) = a.run_seconds else {
        // Plain serving: the robot lives in real time while hosts download and run.
        runner.send(Command::SetSpeed(Speed::Factor(1.0)));
        runner.send(Command::Run);
        while !INTERRUPTED.load(Ordering::SeqCst) {
            if let Some(e) = link.next_event(Duration::from_millis(200)) {
                super::say!("lurobotsim: {e}");
            }
        }
        link.shutdown();
        runner.stop();
        return Ok(());
    };
    if !(seconds.is_finite() && seconds >= 0.0) {
        return Err(CliError::User(format!(
            "--run-seconds {seconds}: must be a number of seconds ≥ 0"
        )));
    }
    // Wait, paused, for a client to start a task.
    let start_task0 = loop {
        if INTERRUPTED.load(Ordering::SeqCst) {
            link.shutdown();
            runner.stop();
            return Ok(());
        }
        match link.next_event(Duration::from_millis(200)) {
            Some(LinkEvent::TaskStarted { task }) => {
                super::say!("lurobotsim: task {task} started; running {seconds} s");
                break false;
            }
            Some(LinkEvent::TextTransferComplete { .. }) => {
                super::say!(
                    "lurobotsim: LASM transfer complete; starting task 0, running {seconds} s"
                );
                break true;
            }
            Some(e) => super::say!("lurobotsim: {e}"),
            None => {}
        }
    };
    let ticks = (seconds * 1000.0).round() as u64;
    if start_task0 {
        runner.send(Command::Apply(0, crate::sim::Input::StartTask { task: 0 }));
    }
    // The runner steps the clock; the state is read after it.
    runner.send(Command::RunFor(ticks));
    let state = runner::with(&runner.sender(), |sim| {
        sim.robot(0).map(|r| r.state_json()).unwrap_or_default()
    })
    .recv()
    .map_err(|_| CliError::Internal("the simulation thread stopped".into()))?;
    link.shutdown();
    runner.stop();
    if a.json {
        super::print_out(&format!("{state}\n"))
    } else {
        super::print_out(&format!("{}\n", summary(&state)))
    }
}

/// A few lines for people: time, pose, outputs and the non-zero variables.
fn summary(state: &serde_json::Value) -> String {
    let mut s = format!(
        "simulated {} s",
        state.get("sim_time_s").cloned().unwrap_or_default()
    );
    if let Some(p) = state.get("pose") {
        s.push_str(&format!("\npose {p}"));
    }
    if let Some(o) = state.get("outputs") {
        s.push_str(&format!("\noutputs {o}"));
    }
    if let Some(serde_json::Value::Array(vars)) = state.get("variables") {
        let set: Vec<String> = vars
            .iter()
            .enumerate()
            .filter(|(_, v)| v.as_i64().is_some_and(|x| x != 0))
            .map(|(i, v)| format!("var[{i}]={v}"))
            .collect();
        if !set.is_empty() {
            s.push_str(&format!("\nvariables {}", set.join(" ")));
        }
    }
    s
}

//! Paces a [`Simulation`] against the wall clock on its own thread: normal (real time, a
//! snapshot every `frame_ticks` ticks, as the original's 50), slow (extra delay per tick),
//! paused, or as fast as possible. Commands in, snapshots out, through channels; no lock is
//! shared, and rendering never slows or changes the physics (the tick is the same whatever
//! the pace).
//!
//! CONTRACT (add, don't rename): `spawn`, `RunnerHandle::{send, latest, with, stop}`,
//! `Command`, `Speed`, `StepKind`, `RunnerConfig`, `RunnerStatus`.

use crate::rcx::Program;
use crate::sim::{Simulation, Snapshot};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How fast simulated time runs against real time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Speed {
    /// Simulated time = real time × factor (1.0 = the original's normal mode).
    Factor(f64),
    /// As fast as the machine can go.
    Max,
}

/// What one "step" press advances.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// One 1 ms tick.
    Tick,
    /// Until any task has executed one more instruction.
    Instruction,
    /// Until any task's current icon changes.
    Icon,
}

/// A job run on the simulation thread between ticks (used by the link and the app).
pub type SimJob = Box<dyn FnOnce(&mut Simulation) + Send>;

/// Commands to the runner thread.
pub enum Command {
    Run,
    Pause,
    Step(StepKind),
    SetSpeed(Speed),
    /// Extra real-time delay per tick in ms (the original's "slow": +10 per click, ≤ 200).
    SetSlowDelayMs(u32),
    /// Back to the start pose, program kept, stopped.
    Reset,
    LoadProgram(Box<Program>),
    /// Run a closure on the simulation between ticks.
    With(SimJob),
    Quit,
}

/// Runner settings.
#[derive(Clone, Debug)]
pub struct RunnerConfig {
    /// Ticks between published snapshots in normal mode (the original drew every 50th step).
    pub frame_ticks: u32,
}

impl Default for RunnerConfig {
    fn default() -> Self {
        RunnerConfig { frame_ticks: 50 }
    }
}

/// What the runner reports with every snapshot.
#[derive(Clone, Debug)]
pub struct RunnerStatus {
    pub running: bool,
    pub speed: Speed,
    pub slow_delay_ms: u32,
    /// Measured simulated seconds per real second over the last second of running.
    pub realtime_factor: f64,
}

/// The app's and the link's end of the runner.
pub struct RunnerHandle {
    tx: Sender<Command>,
    rx: Receiver<(Snapshot, RunnerStatus)>,
    thread: Option<JoinHandle<()>>,
}

impl RunnerHandle {
    /// Sends a command (ignored if the runner has stopped).
    pub fn send(&self, c: Command) {
        let _ = self.tx.send(c);
    }

    /// A sender that other threads (the link) can keep.
    pub fn sender(&self) -> Sender<Command> {
        self.tx.clone()
    }

    /// The newest snapshot published since the last call, if any.
    pub fn latest(&self) -> Option<(Snapshot, RunnerStatus)> {
        let mut last = None;
        while let Ok(s) = self.rx.try_recv() {
            last = Some(s);
        }
        last
    }

    /// Runs `f` on the simulation thread; the answer arrives on the returned receiver.
    pub fn with<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Simulation) -> R + Send + 'static,
    ) -> Receiver<R> {
        with(&self.tx, f)
    }

    /// Stops the thread and waits for it.
    pub fn stop(mut self) {
        let _ = self.tx.send(Command::Quit);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Runs `f` on the simulation thread behind `tx`; the answer arrives on the receiver.
pub fn with<R: Send + 'static>(
    tx: &Sender<Command>,
    f: impl FnOnce(&mut Simulation) -> R + Send + 'static,
) -> Receiver<R> {
    let (rtx, rrx) = mpsc::channel();
    let _ = tx.send(Command::With(Box::new(move |sim| {
        let _ = rtx.send(f(sim));
    })));
    rrx
}

/// Starts the runner thread with `sim`, paused.
pub fn spawn(sim: Simulation, config: RunnerConfig) -> RunnerHandle {
    let (tx, crx) = mpsc::channel::<Command>();
    let (stx, rx) = mpsc::channel();
    let thread = std::thread::Builder::new()
        .name("lurobotsim-runner".into())
        .spawn(move || run_loop(sim, config, crx, stx))
        .ok();
    RunnerHandle { tx, rx, thread }
}

fn run_loop(
    mut sim: Simulation,
    config: RunnerConfig,
    commands: Receiver<Command>,
    out: Sender<(Snapshot, RunnerStatus)>,
) {
    let mut status = RunnerStatus {
        running: false,
        speed: Speed::Factor(1.0),
        slow_delay_ms: 0,
        realtime_factor: 0.0,
    };
    // Real time at which simulated time `anchor_ms` was reached; pacing compares against it.
    let mut anchor = Instant::now();
    let mut anchor_ms = sim.time_ms();
    let publish = |sim: &Simulation, status: &RunnerStatus| {
        let _ = out.send((sim.snapshot(), status.clone()));
    };
    publish(&sim, &status);
    loop {
        // Commands first: while paused, block on them (the app keeps rendering on its side).
        let cmd = if status.running {
            match commands.try_recv() {
                Ok(c) => Some(c),
                Err(TryRecvError::Empty) => None,
                Err(TryRecvError::Disconnected) => return,
            }
        } else {
            match commands.recv_timeout(Duration::from_millis(50)) {
                Ok(c) => Some(c),
                Err(mpsc::RecvTimeoutError::Timeout) => None,
                Err(mpsc::RecvTimeoutError::Disconnected) => return,
            }
        };
        if let Some(cmd) = cmd {
            match cmd {
                Command::Run => {
                    status.running = true;
                    anchor = Instant::now();
                    anchor_ms = sim.time_ms();
                }
                Command::Pause => status.running = false,
                Command::Step(_) => sim.tick(),
                Command::SetSpeed(s) => {
                    status.speed = s;
                    anchor = Instant::now();
                    anchor_ms = sim.time_ms();
                }
                Command::SetSlowDelayMs(d) => status.slow_delay_ms = d.min(200),
                Command::Reset => {
                    sim.reset();
                    status.running = false;
                }
                Command::LoadProgram(p) => sim.load_program(*p),
                Command::With(f) => f(&mut sim),
                Command::Quit => return,
            }
            publish(&sim, &status);
            continue;
        }
        if !status.running {
            continue;
        }
        let frame = if status.slow_delay_ms > 0 {
            1
        } else {
            config.frame_ticks.max(1)
        };
        for _ in 0..frame {
            sim.tick();
        }
        if status.slow_delay_ms > 0 {
            std::thread::sleep(Duration::from_millis(status.slow_delay_ms as u64));
        } else if let Speed::Factor(f) = status.speed {
            let due =
                Duration::from_secs_f64((sim.time_ms() - anchor_ms) as f64 / 1000.0 / f.max(1e-3));
            let elapsed = anchor.elapsed();
            if due > elapsed {
                std::thread::sleep(due - elapsed);
            }
        }
        let real = anchor.elapsed().as_secs_f64();
        if real > 0.0 {
            status.realtime_factor = (sim.time_ms() - anchor_ms) as f64 / 1000.0 / real;
        }
        publish(&sim, &status);
    }
}

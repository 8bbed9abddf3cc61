//! Paces a [`Simulation`] against the wall clock on its own thread: normal (real time × a
//! factor from a ladder, a snapshot every `frame_ticks` ticks, as the original's 50), the
//! original's slow mode (an extra delay after every tick, every tick shown), paused, or as
//! fast as possible. Commands in, snapshots out, through channels; no lock is shared, and
//! pacing never changes results: the tick is the same whatever the pace.
//!
//! It also keeps the run's history ([`Timeline`]: compact frames and checkpoint clones in
//! bounded memory) so the app can seek to any earlier moment (shown exactly, re-simulated
//! from a checkpoint), play the history forward again (the logged inputs are re-applied,
//! so it is an exact replay), or resume from there (the later history is discarded).
//!
//! This is the only module of the core that reads the wall clock, and only for pacing and
//! the real-time factor; the decisions it makes from commands live in [`Runner`], which is
//! tested without threads or sleeping.
//!
//! CONTRACT (add, don't rename): `spawn`, `RunnerHandle::{send, latest, with, stop}`,
//! `Command`, `Speed`, `StepKind`, `RunnerConfig`, `RunnerStatus`.

use crate::rcx::Program;
use crate::sim::input::MAX_LOG_BYTES;
use crate::sim::record::Recording;
use crate::sim::specs::SpecSource;
use crate::sim::timeline::{Frame, Timeline};
use crate::sim::{Simulation, Snapshot};
use crate::vm::Realism;
use crate::world::spec::{EnvSpec, RobotSpec};
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, Sender, SyncSender, TryRecvError, TrySendError};
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

/// The speed ladder the app's faster/slower buttons walk.
pub const SPEED_LADDER: [Speed; 10] = [
    Speed::Factor(0.1),
    Speed::Factor(0.2),
    Speed::Factor(0.5),
    Speed::Factor(1.0),
    Speed::Factor(2.0),
    Speed::Factor(5.0),
    Speed::Factor(10.0),
    Speed::Factor(20.0),
    Speed::Factor(50.0),
    Speed::Max,
];

/// The original's slow mode: each click of "slow" adds 10 ms of delay per step…
pub const SLOW_STEP_MS: u32 = 10;
/// …up to 0.2 s (lurobotsim.md §6).
pub const SLOW_MAX_MS: u32 = 200;

impl Speed {
    fn rank(self) -> usize {
        match self {
            Speed::Max => SPEED_LADDER.len() - 1,
            Speed::Factor(f) => SPEED_LADDER
                .iter()
                .position(|s| matches!(s, Speed::Factor(g) if *g >= f - 1e-9))
                .unwrap_or(SPEED_LADDER.len() - 2),
        }
    }

    /// The next rung up the ladder (Max stays Max).
    pub fn faster(self) -> Speed {
        let r = self.rank();
        let r = match self {
            // A factor between rungs goes to the rung above it.
            Speed::Factor(f) if matches!(SPEED_LADDER[r], Speed::Factor(g) if g > f + 1e-9) => r,
            _ => (r + 1).min(SPEED_LADDER.len() - 1),
        };
        SPEED_LADDER[r]
    }

    /// The next rung down the ladder (0.1× stays 0.1×).
    pub fn slower(self) -> Speed {
        SPEED_LADDER[self.rank().saturating_sub(1)]
    }

    /// "1×", "0.5×", "max" for the toolbar.
    pub fn label(self) -> String {
        match self {
            Speed::Max => "max".into(),
            Speed::Factor(f) => format!("{f}×"),
        }
    }
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

/// At most this many ticks for one Step(Instruction) or Step(Icon) (one simulated minute),
/// so stepping a program that never changes icon cannot hang the app.
pub const STEP_MAX_TICKS: u64 = 60_000;

/// A look at the live simulation between ticks (tests and diagnostics): it reads, never
/// changes; every change is a typed command.
pub type Inspect = Box<dyn FnOnce(&Simulation) + Send>;

/// A job on one brick, between ticks: it reads the RCX and changes it only by typed inputs
/// ([`crate::sim::Rcx`]). The link sends these, so the same job runs on the runner's
/// simulation or on one brick of a scene (`serve --scene`).
pub type BrickJob = Box<dyn FnOnce(&mut dyn crate::sim::Rcx) + Send>;

/// A callback the runner calls after each snapshot it publishes.
pub type Waker = Box<dyn Fn() + Send>;

/// Commands to the runner thread.
pub enum Command {
    /// Run the clock (from a seeked moment: play the history forward, exactly).
    Run,
    Pause,
    /// Advance while paused (from a seeked moment: resume from there first).
    Step(StepKind),
    /// Choose a speed (leaves slow mode).
    SetSpeed(Speed),
    /// Extra real-time delay per tick in ms (the original's "slow": +10 per click, ≤ 200).
    SetSlowDelayMs(u32),
    /// The original's "slow down" button: +10 ms of delay per tick, at most 200.
    SlowDown,
    /// The original's "speed up" button: −10 ms of delay; out of slow mode, up the ladder.
    SpeedUp,
    /// Back to the start pose, program kept, stopped.
    Reset,
    LoadProgram(Box<Program>),
    /// The app's Run and Step: start task 0 of every idle robot that has a program (one
    /// robot: of the robot when no task runs), logged; time does not run.
    StartIdle,
    /// Press one of robot `k`'s brick buttons (logged); when Run starts a program there,
    /// the clock runs too (as the toolbar's Run).
    PressButton(usize, crate::vm::Button),
    /// Run the live clock this many ms now, as fast as possible, then stay paused
    /// (`serve --run-seconds`): the runner steps time, not the frontend.
    RunFor(u64),
    /// Put robot `k` down at (x, z, yaw in degrees), at rest. It is also where Reset
    /// brings it back: one robot keeps it as its start; in a scene, before the clock has
    /// run it moves the start pose, later the robot is only moved (never onto another
    /// robot or into a wall).
    PlaceRobot(usize, (f64, f64, f64)),
    /// Drop a 10 cm box called `name` on the floor at (x, z) (logged); Reset puts it back.
    DropBox {
        name: String,
        x: f32,
        z: f32,
    },
    /// Take the dropped box `name` away (logged); Reset no longer puts it back.
    RemoveBox(String),
    /// Take every dropped box away.
    ClearBoxes,
    /// Look at the live simulation between ticks (read only).
    Inspect(Inspect),
    /// Send the environment's floor texture (PNG bytes), if it has one.
    FloorPng(Sender<Option<Vec<u8>>>),
    /// Send robot `k`'s model (`None` past the last robot).
    RobotSpecOf(usize, Sender<Option<RobotSpec>>),
    /// Send the program in robot `k`'s current slot.
    ProgramOf(usize, Sender<Program>),
    /// Send the live clock, ms (answered after every command sent before it).
    LiveTime(Sender<u64>),
    /// Apply one input to robot `k` (its brick, or where it stands; boxes are the world's)
    /// of the live run, logged (the app's world edits).
    Apply(usize, crate::sim::Input),
    /// Run a closure on the (live) simulation's brick between ticks (the link's jobs).
    OnBrick(BrickJob),
    /// As `OnBrick` on robot `k`'s brick (a scene's link per robot); nothing past the last.
    OnBrickOf(usize, BrickJob),
    /// Show robot `k`'s brick, readouts, trace and plots (the app's robot choice); the
    /// loaded program, Step and the brick face act on it. Past the last robot: robot 0.
    Select(usize),
    /// Add a robot of this model (a reset: every brick keeps its programs, the new one has
    /// none), placed beside the others, and select it.
    AddRobot(Box<RobotSpec>),
    /// Remove robot `k` (a reset; the others keep their programs). The last robot stays.
    RemoveRobot(usize),
    /// Put robot `k`'s start pose at (x, z, yaw in degrees): a reset with the robot there.
    SetStartPose(usize, (f32, f32, f32)),
    /// Show the exact moment `time_ms` of the history (pauses).
    Seek(u64),
    /// Continue from the moment shown by `Seek`, discarding the later history.
    ResumeHere,
    /// Leave a seeked moment and show the present again.
    Live,
    /// Replace the selected robot's model (programs kept; like a reset).
    SetRobot(Box<RobotSpec>),
    /// Replace the environment (programs kept; like a reset).
    SetEnv(Box<EnvSpec>),
    /// Switch `--realism` (the app's realism choice): a reset under the new setting,
    /// programs kept, paused.
    SetRealism(Realism),
    /// Send the history's frames (for a timeline strip or a plot).
    Frames(Sender<Vec<Frame>>),
    /// Send the plots' series: the history's frames without the robot's bodies (light
    /// enough to ask for with every publication), and the present.
    Plot(Sender<Vec<PlotPoint>>),
    /// Pause when the live clock reaches this time, ms (`None`: no such stop). It holds
    /// whatever the speed, so a run paused this way always has the same history.
    PauseAt(Option<u64>),
    /// Write the trace CSV of the run's history (cli.md; the writer of `run --trace-csv`),
    /// a row every 50 ms from the history's start to the live present, whatever frames the
    /// viewer happened to see: the history is re-simulated exactly from its first
    /// checkpoint. The answer says how many rows, or why not.
    ExportCsv {
        path: PathBuf,
        reply: Sender<Result<CsvExport, String>>,
    },
    /// Write the run so far as a replay file; `robot`/`env` are the files the simulation
    /// was built from. The answer says where, or why not.
    SaveRecording {
        path: PathBuf,
        robot: Box<SpecSource>,
        env: Box<SpecSource>,
        reply: Sender<Result<(), String>>,
    },
    /// Open a replay file: re-simulate it, show its start, paused (Run plays it back).
    OpenRecording(Box<Recording>),
    /// Replace the world by a scene's (its robots, programs and environment; realism and
    /// seed kept), robot 1 shown, paused at 0 s, the programs loaded and stopped (Run
    /// starts them).
    OpenScene(Box<crate::sim::scene::Scene>),
    /// Replace the world by a run's description (the Grade window's run): its robot,
    /// environment, start pose, program, seed and realism, robot 1 shown, paused at 0 s,
    /// the program loaded and stopped (Run starts it), as `OpenScene` leaves a scene.
    OpenScenario(Box<crate::sim::scenario::Scenario>),
    /// Play the history forward from the moment shown (from the history's start when the
    /// present is shown), exactly, and pause when the present is reached.
    Replay,
    /// Called after every publication, from the runner thread (the app's
    /// `egui::Context::request_repaint`), so a viewer redraws only when there is news.
    SetWaker(Waker),
    Quit,
}

/// One moment of the plots' series (a [`Frame`] without the bodies).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlotPoint {
    pub time_ms: u64,
    /// Outputs A, B, C as signed percent.
    pub outputs: [i32; 3],
    /// Sensor values of ports 1–3 (`None`: no sensor type set there).
    pub sensors: [Option<i16>; 3],
    /// The icon task 0 is in.
    pub vi_task0: Option<usize>,
}

impl From<&Frame> for PlotPoint {
    fn from(f: &Frame) -> PlotPoint {
        PlotPoint {
            time_ms: f.time_ms,
            outputs: f.outputs,
            sensors: f.sensors,
            vi_task0: f.vi_task0,
        }
    }
}

impl PlotPoint {
    /// Robot `k`'s point of a frame (robot 0's when the frame has no robot `k`).
    pub fn of_robot(f: &Frame, k: usize) -> PlotPoint {
        match k.checked_sub(1).and_then(|i| f.others.get(i)) {
            Some(o) => PlotPoint {
                time_ms: f.time_ms,
                outputs: o.outputs,
                sensors: o.sensors,
                vi_task0: o.vi_task0,
            },
            None => PlotPoint::from(f),
        }
    }
}

/// A free start spot for a new robot: the environment's start, moved along z (then x) in
/// steps of its footprint until it is clear of every other robot's footprint and of the
/// environment's walls.
fn free_spot(layout: &[crate::sim::Placement], env: &EnvSpec, spec: &RobotSpec) -> (f32, f32, f32) {
    use crate::sim::scene::{footprint_m, wall_at};
    let (x0, z0, yaw) = crate::sim::env_start(env);
    let reach = footprint_m(spec);
    let clear = |x: f32, z: f32| {
        layout
            .iter()
            .all(|p| (p.pose.0 - x).hypot(p.pose.1 - z) >= reach + footprint_m(&p.spec) + 0.02)
            && wall_at(env, (x, z, yaw), reach).is_none()
    };
    let step = (2.0 * reach + 0.02).max(0.3);
    let half = crate::world::spec::limits::ENV_LENGTH_M / 2.0;
    for ring in 0..40 {
        for (dx, dz) in [(0.0, 1.0), (0.0, -1.0), (1.0, 0.0), (-1.0, 0.0)] {
            let (x, z) = (x0 + dx * step * ring as f32, z0 + dz * step * ring as f32);
            if x.abs() < half && z.abs() < half && clear(x, z) {
                return (x, z, yaw);
            }
        }
    }
    (x0, z0 + step * layout.len() as f32, yaw)
}

/// `R<n>` for its place in the list (robot 3: `R3`), or the next n no robot is called.
fn next_name(layout: &[crate::sim::Placement]) -> String {
    (layout.len() + 1..)
        .map(|n| format!("R{n}"))
        .find(|n| layout.iter().all(|p| &p.name != n))
        .unwrap_or_else(|| "R".into())
}

/// What [`Command::ExportCsv`] wrote.
#[derive(Clone, Debug, PartialEq)]
pub struct CsvExport {
    pub rows: usize,
    /// The span of simulated time the rows cover, ms.
    pub from_ms: u64,
    pub to_ms: u64,
}

impl Command {
    /// Only asks about the history (changes nothing, so nothing new is published).
    pub fn is_query(&self) -> bool {
        matches!(
            self,
            Command::Frames(_)
                | Command::Plot(_)
                | Command::Inspect(_)
                | Command::FloorPng(_)
                | Command::RobotSpecOf(..)
                | Command::ProgramOf(..)
                | Command::LiveTime(_)
        )
    }
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
    /// Set while an earlier moment is shown (after `Seek`): its time.
    pub reviewing_ms: Option<u64>,
    /// The present of the live simulation.
    pub live_ms: u64,
    /// The span of the history that can be sought.
    pub history_ms: (u64, u64),
    /// The last command's problem, if any ("robot file: …").
    pub message: Option<String>,
    /// The live simulation's `--realism`.
    pub realism: Realism,
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

    /// Runs `f` on the live simulation between ticks, read only (tests, diagnostics); the
    /// answer arrives on the returned receiver.
    pub fn with<R: Send + 'static>(
        &self,
        f: impl FnOnce(&Simulation) -> R + Send + 'static,
    ) -> Receiver<R> {
        with(&self.tx, f)
    }

    /// The history's frames (answered between ticks).
    pub fn frames(&self) -> Receiver<Vec<Frame>> {
        let (tx, rx) = mpsc::channel();
        self.send(Command::Frames(tx));
        rx
    }

    /// The plots' series (answered between ticks).
    pub fn plot(&self) -> Receiver<Vec<PlotPoint>> {
        let (tx, rx) = mpsc::channel();
        self.send(Command::Plot(tx));
        rx
    }

    /// Writes the history's trace CSV to `path` (answered between ticks).
    pub fn export_csv(&self, path: PathBuf) -> Receiver<Result<CsvExport, String>> {
        let (tx, rx) = mpsc::channel();
        self.send(Command::ExportCsv { path, reply: tx });
        rx
    }

    /// Stops the thread and waits for it.
    pub fn stop(mut self) {
        let _ = self.tx.send(Command::Quit);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Runs `f` on the live simulation behind `tx` between ticks, read only; the answer
/// arrives on the receiver.
pub fn with<R: Send + 'static>(
    tx: &Sender<Command>,
    f: impl FnOnce(&Simulation) -> R + Send + 'static,
) -> Receiver<R> {
    let (rtx, rrx) = mpsc::channel();
    let _ = tx.send(Command::Inspect(Box::new(move |sim| {
        let _ = rtx.send(f(sim));
    })));
    rrx
}

/// Snapshots waiting for [`RunnerHandle::latest`] at most (3 s of frames at 20 a second).
pub const SNAPSHOT_QUEUE: usize = 64;

/// Starts the runner thread with `sim`, paused.
pub fn spawn(sim: Simulation, config: RunnerConfig) -> RunnerHandle {
    let (tx, crx) = mpsc::channel::<Command>();
    // Bounded: a frontend that does not read snapshots (headless `serve`) must not make
    // them pile up (they did, ≈ 45 KB/s); when the queue is full new ones are dropped.
    let (stx, rx) = mpsc::sync_channel(SNAPSHOT_QUEUE);
    let thread = std::thread::Builder::new()
        .name("lurobotsim-runner".into())
        .spawn(move || run_loop(Runner::new(sim, config), crx, stx))
        .ok();
    RunnerHandle { tx, rx, thread }
}

/// The runner's state and every decision that does not depend on real time.
pub struct Runner {
    live: Simulation,
    /// An earlier moment being shown (after `Seek`), re-simulated from the history.
    view: Option<Simulation>,
    timeline: Timeline,
    status: RunnerStatus,
    config: RunnerConfig,
    /// Playing the history (`Replay`): pause when the present is reached.
    replaying: bool,
    /// A replay reached the present in this frame: no more ticks until the next command
    /// (the pacing loop may still be inside its frame).
    replay_done: bool,
    waker: Option<Waker>,
    /// `PauseAt`: the live clock time at which running stops.
    pause_at: Option<u64>,
    /// The robot whose brick is published (`Select`).
    selected: usize,
    /// The user's lasting edits of the world, put back after every reset.
    edits: LayoutEdits,
}

/// The world's lasting edits (the app's): where a lone robot was last put down and the
/// boxes dropped on the floor. Every reset (Reset, realism, robots added or removed) puts
/// them back as inputs at 0 s, so replays and recordings see them; a new world (robot,
/// environment, scene, recording, graded run) starts without them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LayoutEdits {
    /// A lone robot's start pose (x, z, yaw in degrees), when it was put down elsewhere.
    pub start: Option<(f64, f64, f64)>,
    /// The dropped boxes (name, x, z), oldest first.
    pub boxes: Vec<(String, f32, f32)>,
}

/// A dropped box: 10 × 10 × 10 cm, on the floor at (x, z).
fn box_input(name: &str, x: f32, z: f32) -> crate::sim::Input {
    crate::sim::Input::AddBox {
        name: name.to_string(),
        size: [0.1, 0.1, 0.1],
        centre: [x, 0.05, z],
        yaw_deg: 0.0,
    }
}

/// Whether robot `k` runs any task.
fn tasks_active(sim: &Simulation, k: usize) -> bool {
    sim.vm_of(k)
        .tasks()
        .iter()
        .any(|t| t.state != crate::vm::TaskState::Stopped)
}

/// Starts task 0 where nothing runs: the lone robot, or each robot of a scene that has
/// a program (the app's Run and Step).
fn start_idle(sim: &mut Simulation) {
    if sim.robot_count() == 1 {
        if !tasks_active(sim, 0) {
            sim.start();
        }
        return;
    }
    for k in 0..sim.robot_count() {
        if !sim.program_of(k).is_empty() && !tasks_active(sim, k) {
            sim.apply_to(k, crate::sim::Input::StartTask { task: 0 });
        }
    }
}

impl Runner {
    pub fn new(sim: Simulation, config: RunnerConfig) -> Runner {
        let timeline = Timeline::new(&sim);
        let mut r = Runner {
            status: RunnerStatus {
                running: false,
                speed: Speed::Factor(1.0),
                slow_delay_ms: 0,
                realtime_factor: 0.0,
                reviewing_ms: None,
                live_ms: sim.time_ms(),
                history_ms: (0, 0),
                message: None,
                realism: sim.config().realism,
            },
            live: sim,
            view: None,
            timeline,
            config,
            replaying: false,
            replay_done: false,
            waker: None,
            pause_at: None,
            selected: 0,
            edits: LayoutEdits::default(),
        };
        r.refresh_status();
        r
    }

    /// The simulation being shown: the seeked moment, or the live one.
    pub fn shown(&self) -> &Simulation {
        self.view.as_ref().unwrap_or(&self.live)
    }

    pub fn live(&self) -> &Simulation {
        &self.live
    }

    pub fn status(&self) -> &RunnerStatus {
        &self.status
    }

    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    /// The snapshot and status to publish now.
    pub fn publication(&self) -> (Snapshot, RunnerStatus) {
        (self.shown().snapshot_of(self.selected), self.status.clone())
    }

    /// Tells the viewer (if it gave a `SetWaker`) that a publication is waiting.
    pub fn wake(&self) {
        if let Some(w) = &self.waker {
            w();
        }
    }

    fn refresh_status(&mut self) {
        self.status.live_ms = self.live.time_ms();
        self.status.reviewing_ms = self.view.as_ref().map(|v| v.time_ms());
        self.status.history_ms = (self.timeline.span_ms().0, self.live.time_ms());
        self.status.realism = self.live.config().realism;
    }

    /// One tick of what is shown: the live simulation (recorded in the history), or the
    /// seeked one played forward with the logged inputs (joining the live one when it
    /// catches up).
    pub fn tick(&mut self) {
        if self.replay_done {
            return;
        }
        if self.view.is_none() && self.pause_at.is_some_and(|t| self.live.time_ms() >= t) {
            // Reached the `PauseAt` moment: paused, and no more ticks in this frame.
            self.pause_at = None;
            self.status.running = false;
            self.replay_done = true;
            return;
        }
        match self.view.as_mut() {
            None => {
                self.live.tick();
                self.timeline.observe(&self.live);
            }
            Some(v) => {
                let next = v.time_ms() + 1;
                if next >= self.live.time_ms() {
                    // Caught up: the present (which is this next moment) takes over; a
                    // replay ends there, paused.
                    self.view = None;
                    if self.replaying {
                        self.replaying = false;
                        self.replay_done = true;
                        self.status.running = false;
                    }
                } else {
                    crate::sim::timeline::resimulate_log(v, self.live.inputs(), next);
                }
            }
        }
        self.refresh_status();
    }

    /// Makes the seeked moment the present, discarding the later history.
    fn resume_here(&mut self) {
        if let Some(v) = self.view.take() {
            self.live = v;
            self.timeline.truncate_after(self.live.time_ms());
        }
    }

    /// Applies one command; returns false for `Quit`. `Run`/`Pause` only set the state —
    /// pacing is `run_loop`'s.
    pub fn handle(&mut self, cmd: Command) -> bool {
        self.status.message = None;
        self.replay_done = false;
        if !matches!(
            cmd,
            Command::Run
                | Command::Replay
                | Command::SetSpeed(_)
                | Command::SetSlowDelayMs(_)
                | Command::SlowDown
                | Command::SpeedUp
                | Command::Inspect(_)
                | Command::FloorPng(_)
                | Command::RobotSpecOf(..)
                | Command::ProgramOf(..)
                | Command::LiveTime(_)
                | Command::Apply(..)
                | Command::OnBrick(_)
                | Command::OnBrickOf(..)
                | Command::Select(_)
                | Command::Frames(_)
                | Command::Plot(_)
                | Command::PauseAt(_)
                | Command::ExportCsv { .. }
                | Command::SaveRecording { .. }
                | Command::SetWaker(_)
        ) {
            self.replaying = false;
        }
        match cmd {
            Command::Run => self.status.running = true,
            Command::Pause => self.status.running = false,
            Command::Replay => {
                if self.view.is_none() {
                    let start = self.timeline.span_ms().0;
                    self.view = self.timeline.state_at(&self.live, start);
                }
                self.replaying = self.view.is_some();
                self.status.running = self.view.is_some();
            }
            Command::SetWaker(w) => self.waker = Some(w),
            // Stepping an earlier moment steps the history forward (nothing is discarded);
            // stepping the present steps the live run.
            Command::Step(kind) => {
                self.status.running = false;
                self.step(kind);
            }
            Command::SetSpeed(s) => {
                self.status.speed = s;
                self.status.slow_delay_ms = 0;
            }
            Command::SetSlowDelayMs(d) => self.status.slow_delay_ms = d.min(SLOW_MAX_MS),
            Command::SlowDown => {
                self.status.slow_delay_ms =
                    (self.status.slow_delay_ms + SLOW_STEP_MS).min(SLOW_MAX_MS)
            }
            Command::SpeedUp => {
                if self.status.slow_delay_ms > 0 {
                    self.status.slow_delay_ms =
                        self.status.slow_delay_ms.saturating_sub(SLOW_STEP_MS);
                } else {
                    self.status.speed = self.status.speed.faster();
                }
            }
            Command::Reset => {
                self.view = None;
                self.live.reset();
                self.timeline.restart(&self.live);
                self.status.running = false;
                self.restore_edits();
            }
            Command::LoadProgram(p) => {
                self.resume_here();
                self.live.load_program_to(self.selected, *p);
                self.bound_log();
                self.timeline.observe(&self.live);
            }
            Command::StartIdle => {
                start_idle(&mut self.live);
                self.observe_input();
            }
            Command::PressButton(k, b) => {
                let before = tasks_active(&self.live, k);
                self.live
                    .apply_to(k, crate::sim::Input::Button { button: b });
                if b == crate::vm::Button::Run && !before && tasks_active(&self.live, k) {
                    self.status.running = true;
                }
                self.observe_input();
            }
            Command::RunFor(ms) => {
                self.view = None;
                for _ in 0..ms {
                    self.live.tick();
                    self.timeline.observe(&self.live);
                }
            }
            Command::PlaceRobot(k, pose) => self.place_robot(k, pose),
            Command::DropBox { name, x, z } => {
                self.live.apply(box_input(&name, x, z));
                self.edits.boxes.push((name, x, z));
                self.observe_input();
            }
            Command::RemoveBox(name) => {
                self.edits.boxes.retain(|b| b.0 != name);
                if let Some(id) = self.live.world().added_box_id(&name) {
                    self.live.apply(crate::sim::Input::RemoveBox { id });
                }
                self.observe_input();
            }
            Command::ClearBoxes => {
                for (name, _, _) in std::mem::take(&mut self.edits.boxes) {
                    if let Some(id) = self.live.world().added_box_id(&name) {
                        self.live.apply(crate::sim::Input::RemoveBox { id });
                    }
                }
                self.observe_input();
            }
            Command::Inspect(f) => f(&self.live),
            Command::FloorPng(tx) => {
                let _ = tx.send(self.live.world().floor_png());
            }
            Command::RobotSpecOf(k, tx) => {
                let _ = tx.send(self.live.layout().get(k).map(|p| p.spec.clone()));
            }
            Command::ProgramOf(k, tx) => {
                let _ = tx.send(self.live.program_of(k).clone());
            }
            Command::LiveTime(tx) => {
                let _ = tx.send(self.live.time_ms());
            }
            Command::OnBrick(f) => {
                f(&mut self.live);
                self.bound_log();
                self.timeline.observe(&self.live);
            }
            Command::Apply(k, input) => {
                // In a scene a robot is never put down on another or in a wall.
                if let (crate::sim::Input::PlaceRobot { x, z, yaw_deg }, true) =
                    (&input, self.live.robot_count() > 1)
                {
                    let at = (*x as f32, *z as f32, *yaw_deg as f32);
                    if let Some(why) = self.clash_now(k, at) {
                        self.status.message = Some(format!("cannot put it there: {why}"));
                        self.refresh_status();
                        return true;
                    }
                }
                self.live.apply_to(k, input);
                self.bound_log();
                self.timeline.observe(&self.live);
            }
            Command::OnBrickOf(k, f) => {
                if let Some(mut brick) = self.live.brick(k) {
                    f(&mut brick);
                }
                self.bound_log();
                self.timeline.observe(&self.live);
            }
            Command::Select(k) => {
                self.selected = if k < self.live.robot_count() { k } else { 0 };
            }
            Command::AddRobot(spec) => {
                // A lone robot put down elsewhere takes that spot into the layout as its
                // start pose before the new one finds room beside it (kept as the
                // one-robot start, it would undo the robots' own start poses).
                if let (Some((x, z, yaw)), 1) = (self.edits.start, self.live.robot_count()) {
                    self.edits.start = None;
                    self.set_start_pose(0, (x as f32, z as f32, yaw as f32));
                }
                let mut layout = self.live.layout().to_vec();
                let pose = free_spot(&layout, self.live.env_spec(), &spec);
                let name = next_name(&layout);
                layout.push(crate::sim::Placement {
                    name,
                    spec: *spec,
                    pose,
                    model: None,
                });
                let mut keep: Vec<Option<usize>> = (0..layout.len() - 1).map(Some).collect();
                keep.push(None);
                if self.relayout(layout, &keep) {
                    self.selected = self.live.robot_count() - 1;
                }
                self.restore_edits();
            }
            Command::RemoveRobot(k) => {
                let n = self.live.robot_count();
                if n <= 1 {
                    self.status.message = Some("the last robot cannot be removed".into());
                } else if k < n {
                    let mut layout = self.live.layout().to_vec();
                    layout.remove(k);
                    let keep: Vec<Option<usize>> = (0..n).filter(|&i| i != k).map(Some).collect();
                    if self.relayout(layout, &keep) {
                        self.selected = match self.selected {
                            s if s > k => s - 1,
                            s if s == k => k.min(n - 2),
                            s => s,
                        };
                        self.restore_edits();
                    }
                }
            }
            Command::SetStartPose(k, pose) => {
                if self.set_start_pose(k, pose) {
                    self.restore_edits();
                }
            }
            Command::Seek(t) => {
                self.status.running = false;
                self.view = if t >= self.live.time_ms() {
                    None
                } else {
                    self.timeline.state_at(&self.live, t)
                };
            }
            Command::ResumeHere => self.resume_here(),
            Command::Live => self.view = None,
            Command::SetRobot(robot) => {
                self.edits = LayoutEdits::default();
                let mut layout = self.live.layout().to_vec();
                if let Some(p) = layout.get_mut(self.selected) {
                    p.spec = (*robot).clone();
                }
                let why = self
                    .live
                    .is_scene()
                    .then(|| self.layout_clash(&layout, self.live.env_spec()))
                    .flatten();
                if let Some(why) = why {
                    self.status.message = Some(format!(
                        "the robot stays a {}: {why}",
                        self.live.layout()[self.selected].spec.name
                    ));
                } else if self.selected == 0 {
                    let env = self.live.env_spec().clone();
                    self.rebuild(*robot, env);
                } else {
                    let mut layout = self.live.layout().to_vec();
                    layout[self.selected].spec = *robot;
                    let keep: Vec<Option<usize>> = (0..layout.len()).map(Some).collect();
                    self.relayout(layout, &keep);
                }
            }
            Command::SetEnv(env) => {
                self.edits = LayoutEdits::default();
                let why = self
                    .live
                    .is_scene()
                    .then(|| self.layout_clash(self.live.layout(), &env))
                    .flatten();
                if let Some(why) = why {
                    self.status.message = Some(format!(
                        "the floor stays {}: {why}",
                        self.live.env_spec().name
                    ));
                } else {
                    let robot = self.live.robot_spec().clone();
                    self.rebuild(robot, *env);
                }
            }
            Command::SetRealism(realism) => {
                self.view = None;
                self.live.set_realism(realism);
                self.timeline.restart(&self.live);
                self.status.running = false;
                self.restore_edits();
            }
            Command::Frames(tx) => {
                let _ = tx.send(self.timeline.frames().to_vec());
            }
            Command::Plot(tx) => {
                let k = self.selected;
                let mut points: Vec<PlotPoint> = self
                    .timeline
                    .frames()
                    .iter()
                    .map(|f| PlotPoint::of_robot(f, k))
                    .collect();
                // Up to the present, between the history's frame steps too.
                if points
                    .last()
                    .is_some_and(|p| p.time_ms < self.live.time_ms())
                {
                    points.push(PlotPoint::of_robot(&Frame::of(&self.live), k));
                }
                let _ = tx.send(points);
            }
            Command::PauseAt(t) => self.pause_at = t,
            Command::ExportCsv { path, reply } => {
                let r = self.export_csv(&path);
                if let Err(e) = &r {
                    self.status.message = Some(e.clone());
                }
                let _ = reply.send(r);
            }
            Command::SaveRecording {
                path,
                robot,
                env,
                reply,
            } => {
                let r = match self.live.log_trimmed_at() {
                    Some(t) => Err(format!(
                        "cannot save a recording: the input log was restarted at {:.3} s to \
                         bound its memory, so the run cannot be replayed from its start \
                         (reset, then record)",
                        t as f64 / 1000.0
                    )),
                    None => match crate::sim::record::recorded_scene(&self.live) {
                        Ok(scene) => {
                            let mut rec = self.recording(*robot, *env);
                            if let Some(first) = scene.first() {
                                rec.robot = first.model.clone();
                            }
                            rec.scene = scene;
                            crate::sim::record::save(&path, &rec).map_err(|e| e.to_string())
                        }
                        Err(e) => Err(format!("cannot save a recording: {e}")),
                    },
                };
                if let Err(e) = &r {
                    self.status.message = Some(e.clone());
                }
                let _ = reply.send(r);
            }
            Command::OpenRecording(rec) => match rec.replay() {
                Ok((sim, timeline)) => {
                    self.edits = LayoutEdits::default();
                    self.live = sim;
                    self.selected = self.selected.min(self.live.robot_count() - 1);
                    self.timeline = timeline;
                    self.status.running = false;
                    self.view = self.timeline.state_at(&self.live, 0);
                }
                Err(e) => self.status.message = Some(e.to_string()),
            },
            Command::OpenScene(scene) => {
                self.open(Simulation::from_scene(&scene, self.live.config().clone()))
            }
            Command::OpenScenario(scenario) => self.open(scenario.build()),
            Command::Quit => return false,
        }
        self.refresh_status();
        true
    }

    /// After an input applied to the live run: the log bounded, the history told.
    fn observe_input(&mut self) {
        self.bound_log();
        self.timeline.observe(&self.live);
    }

    /// The world's lasting edits (the user's).
    pub fn edits(&self) -> &LayoutEdits {
        &self.edits
    }

    /// After a reset: the lone robot back where the user put it, the dropped boxes back on
    /// the floor (inputs at 0 s, so replays see them too).
    fn restore_edits(&mut self) {
        if self.edits == LayoutEdits::default() {
            return;
        }
        if let Some((x, z, yaw_deg)) = self.edits.start {
            self.live.place_robot(crate::world::Pose {
                x,
                y: 0.0,
                z,
                yaw_deg,
            });
        }
        for (name, x, z) in &self.edits.boxes {
            self.live.apply(box_input(name, *x, *z));
        }
        self.observe_input();
    }

    /// Moves robot `k`'s start pose (a reset with the robot there); false (and a message)
    /// when it would stand on another robot or in a wall.
    fn set_start_pose(&mut self, k: usize, pose: (f32, f32, f32)) -> bool {
        if let Some(why) = self.start_clash(k, pose) {
            self.status.message = Some(why);
            return false;
        }
        if k >= self.live.robot_count() {
            return false;
        }
        let mut layout = self.live.layout().to_vec();
        layout[k].pose = pose;
        let keep: Vec<Option<usize>> = (0..layout.len()).map(Some).collect();
        self.relayout(layout, &keep)
    }

    /// [`Command::PlaceRobot`].
    fn place_robot(&mut self, k: usize, (x, z, yaw): (f64, f64, f64)) {
        self.view = None;
        let input = crate::sim::Input::PlaceRobot { x, z, yaw_deg: yaw };
        if self.live.robot_count() > 1 {
            if self.live.time_ms() == 0 {
                if self.set_start_pose(k, (x as f32, z as f32, yaw as f32)) {
                    self.restore_edits();
                }
                return;
            }
            if let Some(why) = self.clash_now(k, (x as f32, z as f32, yaw as f32)) {
                self.status.message = Some(format!("cannot put it there: {why}"));
                return;
            }
        } else {
            self.edits.start = Some((x, z, yaw));
        }
        self.live.apply_to(k, input);
        self.observe_input();
    }

    /// Keeps the input log within [`MAX_LOG_BYTES`]: past it, the log is forgotten and the
    /// history restarts at the present (it then reaches back to this moment only).
    fn bound_log(&mut self) {
        if self.live.inputs().cost() > MAX_LOG_BYTES {
            self.view = None;
            self.live.forget_inputs();
            self.timeline.restart(&self.live);
            self.status.message = Some(format!(
                "history restarted at {:.3} s: the input log reached its {} MiB bound",
                self.live.time_ms() as f64 / 1000.0,
                MAX_LOG_BYTES >> 20
            ));
        }
    }

    /// Replaces the live run with a freshly built one (a scene, a graded run): programs
    /// loaded and waiting for Run, the state Stop returns to; the history starts again.
    fn open(&mut self, built: Result<Simulation, crate::world::spec::SpecError>) {
        match built {
            Ok(mut sim) => {
                sim.reset();
                self.edits = LayoutEdits::default();
                self.view = None;
                self.live = sim;
                self.timeline.restart(&self.live);
                self.status.running = false;
                self.selected = 0;
            }
            Err(e) => self.status.message = Some(e.to_string()),
        }
    }

    /// Rebuilds the live run with other robots (see `Simulation::relayout_robots`); true
    /// when it worked (else the message says why and nothing changed).
    fn relayout(&mut self, layout: Vec<crate::sim::Placement>, keep: &[Option<usize>]) -> bool {
        if layout.len() > crate::sim::scene::MAX_ROBOTS {
            self.status.message = Some(format!(
                "at most {} robots in one world",
                crate::sim::scene::MAX_ROBOTS
            ));
            return false;
        }
        self.view = None;
        match self.live.relayout_robots(layout, keep) {
            Ok(()) => {
                self.timeline.restart(&self.live);
                self.status.running = false;
                self.selected = self.selected.min(self.live.robot_count() - 1);
                true
            }
            Err(e) => {
                self.status.message = Some(e.to_string());
                false
            }
        }
    }

    /// Why a layout cannot stand in `env` (robots on each other or in walls), if so.
    fn layout_clash(&self, layout: &[crate::sim::Placement], env: &EnvSpec) -> Option<String> {
        crate::sim::scene::clash(
            layout.iter().map(|p| (p.name.as_str(), &p.spec, p.pose)),
            env,
        )
    }

    /// Where robot `k` would stand if put at `at` with the others where `others` says
    /// (x, z): `"on NAME"` (footprints overlap) or `"in WALL"`; `None` when it is clear.
    fn clash_at(
        &self,
        k: usize,
        at: (f32, f32, f32),
        others: impl Fn(usize) -> (f32, f32),
    ) -> Option<String> {
        use crate::sim::scene::{footprint_m, wall_at};
        let layout = self.live.layout();
        let reach = footprint_m(&layout.get(k)?.spec);
        layout
            .iter()
            .enumerate()
            .find(|(i, o)| {
                let (x, z) = others(*i);
                *i != k && (x - at.0).hypot(z - at.1) < reach + footprint_m(&o.spec)
            })
            .map(|(_, o)| format!("on {}", o.name))
            .or_else(|| wall_at(self.live.env_spec(), at, reach).map(|w| format!("in {w}")))
    }

    /// Why robot `k` cannot be put down at `at` now (on another robot where it stands
    /// now, or in a wall), if so.
    fn clash_now(&self, k: usize, at: (f32, f32, f32)) -> Option<String> {
        let where_ = self.clash_at(k, at, |i| {
            let p = self.live.pose_of(i);
            (p.x as f32, p.z as f32)
        })?;
        Some(format!(
            "{} would stand {where_}",
            self.live.layout()[k].name
        ))
    }

    /// Why robot `k` cannot start at `pose` (on another robot's start or in a wall), if so.
    fn start_clash(&self, k: usize, pose: (f32, f32, f32)) -> Option<String> {
        let layout = self.live.layout();
        let where_ = self.clash_at(k, pose, |i| (layout[i].pose.0, layout[i].pose.1))?;
        Some(format!(
            "{} cannot start there: it would stand {where_}",
            layout[k].name
        ))
    }

    /// The robot whose brick is published.
    pub fn selected(&self) -> usize {
        self.selected
    }

    fn rebuild(&mut self, robot: RobotSpec, env: EnvSpec) {
        self.view = None;
        match self.live.rebuild(robot, env) {
            Ok(()) => {
                self.timeline.restart(&self.live);
                self.status.running = false;
            }
            Err(e) => self.status.message = Some(e.to_string()),
        }
    }

    fn step(&mut self, kind: StepKind) {
        // A brick that runs nothing has no next instruction or icon to stop at: one tick,
        // and a word why (rather than a silent simulated minute of the other robots).
        let idle = self
            .shown()
            .vm_of(self.selected)
            .tasks()
            .iter()
            .all(|t| t.state == crate::vm::TaskState::Stopped);
        if kind != StepKind::Tick && idle {
            self.tick();
            let who = match self.live.robot_count() {
                1 => "the robot".to_string(),
                _ => self
                    .live
                    .layout()
                    .get(self.selected)
                    .map_or("this robot".into(), |p| p.name.clone()),
            };
            self.status.message = Some(format!(
                "{who} runs no program: stepped 1 ms (an instruction or icon step needs a running program)"
            ));
            return;
        }
        match kind {
            StepKind::Tick => self.tick(),
            StepKind::Instruction => {
                for _ in 0..STEP_MAX_TICKS {
                    let runs = self
                        .shown()
                        .vm_of(self.selected)
                        .tasks()
                        .iter()
                        .any(|t| t.state == crate::vm::TaskState::Running);
                    self.tick();
                    if runs {
                        break;
                    }
                }
            }
            StepKind::Icon => {
                let before = self.shown().tracer_of(self.selected).current().clone();
                for _ in 0..STEP_MAX_TICKS {
                    self.tick();
                    if *self.shown().tracer_of(self.selected).current() != before {
                        break;
                    }
                }
            }
        }
    }

    /// Writes the trace CSV of the live run's history to `path` with the CLI's writer
    /// ([`crate::sim::csv`]): the history's first checkpoint re-simulated tick by tick with
    /// the logged inputs up to the present, so the rows are exactly those `run
    /// --trace-csv` writes for the same inputs, at any speed the run was watched at.
    pub fn export_csv(&self, path: &std::path::Path) -> Result<CsvExport, String> {
        let err = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
        let from = self.timeline.span_ms().0;
        let to = self.live.time_ms();
        let mut sim = self
            .timeline
            .state_at(&self.live, from)
            .ok_or_else(|| "the history has no start to export from".to_string())?;
        let file = std::fs::File::create(path).map_err(err)?;
        let out = std::io::BufWriter::new(file);
        // A scene's CSV has a `robot` column and a row per robot (`run --scene`'s writer).
        enum Writer<W: std::io::Write> {
            One(crate::sim::csv::TraceCsv<W>),
            Scene(crate::sim::multi::SceneCsv<W>),
        }
        let mut csv = if sim.is_scene() {
            Writer::Scene(crate::sim::multi::SceneCsv::new(out).map_err(err)?)
        } else {
            Writer::One(crate::sim::csv::TraceCsv::new(out).map_err(err)?)
        };
        let mut rows = 0;
        let mut row = |sim: &Simulation, csv: &mut Writer<_>| {
            if sim.time_ms().is_multiple_of(crate::sim::time::CSV_ROW_MS) {
                rows += sim.robot_count();
            }
            match csv {
                Writer::One(c) => c.observe(sim),
                Writer::Scene(c) => c.observe(sim),
            }
        };
        row(&sim, &mut csv).map_err(err)?;
        while sim.time_ms() < to {
            let next = sim.time_ms() + 1;
            crate::sim::timeline::resimulate_log(&mut sim, self.live.inputs(), next);
            row(&sim, &mut csv).map_err(err)?;
        }
        match csv {
            Writer::One(c) => c.finish().map(|_| ()),
            Writer::Scene(c) => c.finish().map(|_| ()),
        }
        .map_err(err)?;
        Ok(CsvExport {
            rows,
            from_ms: from,
            to_ms: to,
        })
    }

    /// The live run as a recording, its pose stream resampled from the history's frames.
    pub fn recording(&self, robot: SpecSource, env: SpecSource) -> Recording {
        let frame_ms = self.timeline.frame_ms();
        let sim = &self.live;
        let mut frames = Vec::new();
        let mut t = 0;
        while t <= sim.time_ms() {
            if let Some(f) = self.timeline.frame_at(t) {
                f.to_floats(&mut frames);
            }
            t += frame_ms;
        }
        let p = sim.pose();
        let c = sim.config();
        Recording {
            format: "lurobotsim-recording".into(),
            version: 1,
            robot,
            environment: env,
            seed: c.seed,
            instructions_per_tick: c.vm.instructions_per_tick,
            battery_mv: c.vm.battery_mv,
            robots: c.robots.max(1),
            duration_ms: sim.time_ms(),
            inputs: sim.inputs().to_vec(),
            frame_ms,
            bodies: sim.world().bodies().into_iter().map(|b| b.name).collect(),
            frames,
            final_pose: [p.x, p.y, p.z, p.yaw_deg],
            realism: c.realism,
            battery_v: c.battery_v,
            scene: Vec::new(),
        }
    }

    /// Ticks in one published frame at the current pace.
    pub fn frame_ticks(&self) -> u64 {
        if self.status.slow_delay_ms > 0 {
            return 1;
        }
        match self.status.speed {
            // At 0.1× a 50-tick frame would show 2 frames a second; keep ~20 per second.
            Speed::Factor(f) => ((self.config.frame_ticks.max(1) as f64 * f).round() as u64).max(1),
            Speed::Max => self.config.frame_ticks.max(1) as u64,
        }
    }
}

/// How far behind real time a factor speed may fall before it stops trying to catch up
/// (a slow machine then simply runs slower, as the original did).
pub const MAX_LAG: Duration = Duration::from_millis(250);
/// While paused with a dropped publication, how often the runner tries to publish again.
const STALE_RETRY: Duration = Duration::from_millis(250);
/// At Max speed a snapshot goes out about this often (a display frame).
const MAX_SPEED_FRAME: Duration = Duration::from_millis(16);

/// What the pacing loop does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// Run this many ticks now (one published frame).
    Run(u64),
    /// Nothing is due yet: wait (handling commands meanwhile) this long at most.
    Wait(Duration),
}

/// The pacing decisions of a factor speed or slow mode, against a clock given to it (real
/// time in the runner thread, a made-up one in tests). The only thing that lets ticks run
/// is the clock: however often the loop wakes up (a link command, an app request), a frame
/// runs only when the clock says it is due, so traffic can never speed simulated time up.
/// Max speed is not paced.
#[derive(Clone, Debug)]
pub struct Pacer {
    /// Clock reading at which `anchor_ticks` ticks had run.
    anchor: Duration,
    anchor_ticks: u64,
    /// Simulated ms per real second (1000 × factor), or None in slow mode.
    rate: Option<f64>,
    /// Slow mode: real time per tick.
    slow: Duration,
}

impl Pacer {
    /// Starts pacing at clock reading `now`, with `ticks_run` ticks run so far, for a
    /// factor speed (`slow_delay_ms` 0) or slow mode.
    pub fn new(now: Duration, ticks_run: u64, speed: Speed, slow_delay_ms: u32) -> Pacer {
        let rate = match speed {
            _ if slow_delay_ms > 0 => None,
            Speed::Factor(f) => Some(1000.0 * f.max(1e-3)),
            Speed::Max => Some(f64::INFINITY),
        };
        Pacer {
            anchor: now,
            anchor_ticks: ticks_run,
            rate,
            slow: Duration::from_millis(slow_delay_ms as u64),
        }
    }

    /// Clock time (since the anchor) at which the frame starting after `ticks` ticks may
    /// run: a frame runs when the frames before it were due, so the simulated clock is at
    /// most one frame ahead of the real one, never more.
    fn due(&self, ticks: u64) -> Duration {
        let k = ticks.saturating_sub(self.anchor_ticks);
        match self.rate {
            None => self.slow * (k.min(u32::MAX as u64) as u32),
            Some(r) if r.is_finite() => Duration::from_secs_f64(k as f64 / r),
            Some(_) => Duration::ZERO,
        }
    }

    /// What to do at clock reading `now`, `ticks_run` ticks run so far, a frame being
    /// `frame_ticks` ticks. Falling more than [`MAX_LAG`] behind re-anchors (a slow machine
    /// runs slower rather than racing to catch up).
    pub fn next(&mut self, now: Duration, ticks_run: u64, frame_ticks: u64) -> Pace {
        let elapsed = now.saturating_sub(self.anchor);
        let due = self.due(ticks_run);
        if due > elapsed {
            return Pace::Wait(due - elapsed);
        }
        if elapsed - due > MAX_LAG {
            self.anchor = now;
            self.anchor_ticks = ticks_run;
        }
        Pace::Run(if self.rate.is_none() {
            1
        } else {
            frame_ticks.max(1)
        })
    }
}

/// Waits up to `d` for pacing, but handles a command as soon as one arrives, so a link
/// exchange is answered within the frame instead of after the pacing sleep. Handling a
/// command never runs ticks: the caller asks its [`Pacer`] again, which only lets the next
/// frame run when it is due. False when the runner must end.
fn wait_or_handle(
    runner: &mut Runner,
    commands: &Receiver<Command>,
    publish: &impl Fn(&Runner) -> bool,
    d: Duration,
) -> bool {
    match commands.recv_timeout(d) {
        Ok(c) => {
            let query = c.is_query();
            runner.handle(c) && (query || publish(runner))
        }
        Err(mpsc::RecvTimeoutError::Timeout) => true,
        Err(mpsc::RecvTimeoutError::Disconnected) => false,
    }
}

fn run_loop(
    mut runner: Runner,
    commands: Receiver<Command>,
    out: SyncSender<(Snapshot, RunnerStatus)>,
) {
    // A publication that finds the queue full is dropped (a frontend that never reads must
    // not make snapshots pile up); `stale` remembers it so a paused runner publishes again
    // once there is room, and a viewer never keeps showing an old moment.
    let stale = std::cell::Cell::new(false);
    let publish = |r: &Runner| {
        let sent = match out.try_send(r.publication()) {
            Ok(()) => {
                stale.set(false);
                true
            }
            Err(TrySendError::Full(_)) => {
                stale.set(true);
                true
            }
            Err(TrySendError::Disconnected(_)) => false,
        };
        r.wake();
        sent
    };
    if !publish(&runner) {
        return;
    }
    let clock = Instant::now();
    let mut ticks_run: u64 = 0;
    let mut pacer = Pacer::new(clock.elapsed(), 0, runner.status.speed, 0);
    // (real time, ticks run) over the last second, for the real-time factor.
    let mut window: VecDeque<(Instant, u64)> = VecDeque::new();
    let mut was_running = false;
    let mut pace = (runner.status.speed, runner.status.slow_delay_ms);
    loop {
        // Commands first; while paused, wait for one (the app keeps rendering on its side).
        let mut changed = false;
        loop {
            let cmd = if runner.status.running {
                match commands.try_recv() {
                    Ok(c) => c,
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => return,
                }
            } else if stale.get() {
                match commands.recv_timeout(STALE_RETRY) {
                    Ok(c) => c,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if !publish(&runner) {
                            return;
                        }
                        continue;
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => return,
                }
            } else {
                match commands.recv() {
                    Ok(c) => c,
                    Err(_) => return,
                }
            };
            // A question (frames, plots) changes nothing: no publication, so a viewer that
            // asks again after each publication does not make the runner publish forever.
            let query = cmd.is_query();
            if !runner.handle(cmd) {
                return;
            }
            if query {
                continue;
            }
            changed = true;
            if !runner.status.running {
                // Publish what each command did while paused.
                if !publish(&runner) {
                    return;
                }
                changed = false;
            }
        }
        if changed && !publish(&runner) {
            return;
        }
        if !runner.status.running {
            was_running = false;
            continue;
        }
        let now_pace = (runner.status.speed, runner.status.slow_delay_ms);
        if !was_running || now_pace != pace {
            pacer = Pacer::new(clock.elapsed(), ticks_run, now_pace.0, now_pace.1);
            window.clear();
            pace = now_pace;
            was_running = true;
        }
        // One frame of ticks, when it is due.
        if runner.status.slow_delay_ms == 0 && runner.status.speed == Speed::Max {
            let start = Instant::now();
            while start.elapsed() < MAX_SPEED_FRAME {
                for _ in 0..runner.frame_ticks() {
                    runner.tick();
                }
                ticks_run += runner.frame_ticks();
            }
        } else {
            match pacer.next(clock.elapsed(), ticks_run, runner.frame_ticks()) {
                Pace::Wait(d) => {
                    if !wait_or_handle(&mut runner, &commands, &publish, d) {
                        return;
                    }
                    continue;
                }
                Pace::Run(n) => {
                    for _ in 0..n {
                        runner.tick();
                    }
                    ticks_run += n;
                }
            }
        }
        // Real-time factor over the last second.
        let now = Instant::now();
        window.push_back((now, ticks_run));
        while window
            .front()
            .is_some_and(|(t, _)| now.duration_since(*t) > Duration::from_secs(1))
        {
            window.pop_front();
        }
        if let (Some(a), Some(b)) = (window.front(), window.back()) {
            let real = b.0.duration_since(a.0).as_secs_f64();
            if real > 0.0 {
                runner.status.realtime_factor = (b.1 - a.1) as f64 / 1000.0 / real;
            }
        }
        if !publish(&runner) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frontend_that_never_reads_snapshots_does_not_make_them_pile_up() {
        let sim = Simulation::new(
            RobotSpec::load("M4").unwrap(),
            EnvSpec::load("E1").unwrap(),
            Default::default(),
        )
        .unwrap();
        let handle = spawn(sim, RunnerConfig { frame_ticks: 1 });
        handle.send(Command::SetSpeed(Speed::Max));
        handle.send(Command::Run);
        // Wait (on the simulation clock, not the wall clock) until far more frames than
        // the queue holds were published: every tick is a frame here.
        while handle.with(|s| s.time_ms()).recv().unwrap() < 20 * SNAPSHOT_QUEUE as u64 {}
        handle.send(Command::Pause);
        let _ = handle.with(|_| ()).recv();
        let mut queued = 0;
        while handle.rx.try_recv().is_ok() {
            queued += 1;
        }
        assert!(queued <= SNAPSHOT_QUEUE, "{queued} snapshots queued");
        handle.stop();
    }

    #[test]
    fn the_ladder_goes_up_and_down_and_stops_at_its_ends() {
        assert_eq!(Speed::Factor(1.0).faster(), Speed::Factor(2.0));
        assert_eq!(Speed::Factor(1.0).slower(), Speed::Factor(0.5));
        assert_eq!(Speed::Factor(0.1).slower(), Speed::Factor(0.1));
        assert_eq!(Speed::Factor(50.0).faster(), Speed::Max);
        assert_eq!(Speed::Max.faster(), Speed::Max);
        assert_eq!(Speed::Max.slower(), Speed::Factor(50.0));
        // Off the ladder: to the neighbouring rungs.
        assert_eq!(Speed::Factor(1.5).faster(), Speed::Factor(2.0));
        assert_eq!(Speed::Factor(1.5).slower(), Speed::Factor(1.0));
    }
}

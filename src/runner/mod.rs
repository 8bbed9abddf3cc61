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
//! `Command`, `Speed`, `StepKind`, `RunnerConfig`, `RunnerStatus`. Added: `inline`,
//! `RunnerHandle::{drive, due_in}` (the runner port driven by a viewer's frame loop).

mod command;
mod edits;
mod export;
mod layout;
mod news;
mod pacer;
mod refusal;
mod session;

pub use command::{Command, CommandKind, HostDone};
pub use layout::LayoutEdits;
use news::Told;
pub use news::{Notice, RunnerEvent, WorldShown};
pub use pacer::{Pace, Pacer, MAX_LAG};
pub use refusal::Refusal;
pub use session::Session;

use crate::sim::record::Recording;
use crate::sim::timeline::{Frame, Timeline};
use crate::sim::{Simulation, Snapshot};
use crate::vm::Realism;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;

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
    /// Where the robot is on the floor (x, z), m: the app's path trail.
    pub xz: [f32; 2],
}

impl PlotPoint {
    /// Robot `k`'s point of a frame (the first robot's when the frame has no robot `k`).
    pub fn of_robot(f: &Frame, k: usize) -> PlotPoint {
        let r = f.robots.get(k).or(f.robots.first());
        PlotPoint {
            time_ms: f.time_ms,
            outputs: r.map_or([0; 3], |r| r.outputs),
            sensors: r.map_or([None; 3], |r| r.sensors),
            vi_task0: r.and_then(|r| r.vi_task0),
            xz: r.map_or([0.0; 2], |r| [r.pose.x as f32, r.pose.z as f32]),
        }
    }
}

/// What [`Command::CsvBytes`] holds.
#[derive(Clone, Debug, PartialEq)]
pub struct CsvExport {
    pub rows: usize,
    /// The span of simulated time the rows cover, ms.
    pub from_ms: u64,
    pub to_ms: u64,
}

/// Runner settings.
#[derive(Clone, Debug)]
pub struct RunnerConfig {
    /// Ticks between published snapshots in normal mode (the original drew every 50th step).
    pub frame_ticks: u32,
    /// How the run's exports (trace CSV, recordings) list its robots to begin with: as a
    /// scene's when the world was opened from a scene file (a world of several robots
    /// always does).
    pub listing: crate::sim::Listing,
}

impl Default for RunnerConfig {
    fn default() -> Self {
        RunnerConfig {
            frame_ticks: 50,
            listing: crate::sim::Listing::One,
        }
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
    pub message: Option<Refusal>,
    /// What the last command had to say that is not a problem, if anything.
    pub notice: Option<Notice>,
    /// The live simulation's `--realism`.
    pub realism: Realism,
    /// What happened since the last publication the viewer took, oldest first.
    pub events: Vec<RunnerEvent>,
}

/// The app's and the link's end of the runner: THE runner port. The same `send` /
/// `latest` face whoever runs the simulation — a thread of its own (`spawn`: the desktop,
/// `serve`, the tests), or the viewer's own frame loop (`inline`: the browser, which has no
/// threads), which lends it a slice of each frame in [`RunnerHandle::latest`].
pub struct RunnerHandle {
    tx: Sender<Command>,
    rx: Receiver<(Snapshot, RunnerStatus)>,
    engine: Engine,
}

/// Who runs the simulation behind a [`RunnerHandle`].
enum Engine {
    /// The runner thread (`pacer::run_loop`).
    Thread(Option<JoinHandle<()>>),
    /// The viewer's frame loop drives it (`pacer::Inline`), within a time budget.
    Inline(Box<std::cell::RefCell<pacer::Inline>>),
}

impl RunnerHandle {
    /// Sends a command (ignored if the runner has stopped). An inline runner takes it at
    /// the next [`RunnerHandle::latest`], in the order sent.
    pub fn send(&self, c: Command) {
        let _ = self.tx.send(c);
    }

    /// When an inline runner wants to be driven again (its next frame is due then, or it is
    /// running at full speed: now); `None` for a paused one and for a thread, which wakes
    /// the viewer itself.
    pub fn due_in(&self) -> Option<std::time::Duration> {
        match &self.engine {
            Engine::Thread(_) => None,
            Engine::Inline(i) => i.borrow().due_in(),
        }
    }

    /// The viewer's frame loop runs the simulation (the browser): whatever else the
    /// viewer does in the background must fit in its frames too.
    pub fn is_inline(&self) -> bool {
        matches!(self.engine, Engine::Inline(_))
    }

    /// Drives an inline runner for at most `budget` of wall-clock time now (commands, then
    /// the frames that are due); a thread runs by itself and this does nothing.
    pub fn drive(&self, budget: std::time::Duration) {
        if let Engine::Inline(i) = &self.engine {
            i.borrow_mut().drive(budget);
        }
    }

    /// A sender that other threads (the link) can keep.
    pub fn sender(&self) -> Sender<Command> {
        self.tx.clone()
    }

    /// The newest snapshot published since the last call, if any, with every event of
    /// the publications it replaces.
    pub fn latest(&self) -> Option<(Snapshot, RunnerStatus)> {
        self.drive(INLINE_FRAME_BUDGET);
        let mut last: Option<(Snapshot, RunnerStatus)> = None;
        let mut events = Vec::new();
        while let Ok((snap, mut status)) = self.rx.try_recv() {
            events.append(&mut status.events);
            last = Some((snap, status));
        }
        if let Some((_, status)) = &mut last {
            status.events = events;
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

    /// Stops the thread and waits for it.
    pub fn stop(mut self) {
        let _ = self.tx.send(Command::Quit);
        if let Engine::Thread(t) = &mut self.engine {
            if let Some(t) = t.take() {
                let _ = t.join();
            }
        }
    }
}

/// What an inline runner may spend of each viewer frame in [`RunnerHandle::latest`]: at
/// full speed it ticks until this is spent; paced, it runs the frames that are due (a
/// slow viewer gets several frames of ticks at once, as the thread would have run them).
pub const INLINE_FRAME_BUDGET: std::time::Duration = std::time::Duration::from_millis(12);

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
        .spawn(move || pacer::run_loop(Runner::new(sim, config), crx, stx))
        .ok();
    RunnerHandle {
        tx,
        rx,
        engine: Engine::Thread(thread),
    }
}

/// The runner with `sim`, paused, driven by the viewer's frame loop (no thread: the
/// browser): [`RunnerHandle::latest`] handles the commands sent since and runs the
/// frames that are due, within [`INLINE_FRAME_BUDGET`]. The same [`Runner`] and
/// [`Pacer`] decide everything, so a run is the same as on the runner thread.
pub fn inline(sim: Simulation, config: RunnerConfig) -> RunnerHandle {
    let (tx, crx) = mpsc::channel::<Command>();
    let (stx, rx) = mpsc::sync_channel(SNAPSHOT_QUEUE);
    let engine = pacer::Inline::new(Runner::new(sim, config), crx, stx);
    RunnerHandle {
        tx,
        rx,
        engine: Engine::Inline(Box::new(std::cell::RefCell::new(engine))),
    }
}

/// The runner's state on its thread: the [`Session`] (every decision about the run and
/// its history) and what pacing needs (speed, slow mode, the published status, the
/// viewer's waker). [`Runner::handle`] turns a [`Command`] into one call of the session.
pub struct Runner {
    session: Session,
    status: RunnerStatus,
    config: RunnerConfig,
    waker: Option<Waker>,
    told: Told,
}

impl Runner {
    pub fn new(sim: Simulation, config: RunnerConfig) -> Runner {
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
                notice: None,
                realism: sim.config().realism,
                events: Vec::new(),
            },
            session: Session::with_listing(sim, config.listing),
            config,
            waker: None,
            told: Told::default(),
        };
        // The viewer starts from the first snapshot (`Simulation::snapshot`): its robots
        // and selection are known, its program is told with the first publication.
        let first = r.session.snapshot();
        r.told.roster = first.robots.iter().map(|t| t.name.clone()).collect();
        r.told.selected = first.selected;
        r.refresh_status();
        r
    }

    /// The run and its history.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The simulation being shown: the seeked moment, or the live one.
    pub fn shown(&self) -> &Simulation {
        self.session.shown()
    }

    pub fn live(&self) -> &Simulation {
        self.session.live()
    }

    pub fn status(&self) -> &RunnerStatus {
        &self.status
    }

    pub fn timeline(&self) -> &Timeline {
        self.session.timeline()
    }

    /// The robot whose brick is published.
    pub fn selected(&self) -> usize {
        self.session.selected()
    }

    /// The live run as a recording (the files it was built from, as built), its pose
    /// stream resampled from the history's frames; `Err` says why not.
    pub fn recording(&self) -> Result<Recording, Refusal> {
        self.session.recording()
    }

    /// The snapshot and status to publish now.
    pub fn publication(&self) -> (Snapshot, RunnerStatus) {
        (self.session.snapshot(), self.status.clone())
    }

    /// The publication with the events since the viewer last took one.
    pub fn publish(&mut self) -> (Snapshot, RunnerStatus) {
        let (snap, mut status) = self.publication();
        self.news(&snap);
        status.events = self.told.pending.clone();
        (snap, status)
    }

    /// The viewer has the last publication: its events are told.
    pub fn published(&mut self) {
        self.told.pending.clear();
    }

    /// Tells the viewer (if it gave a `SetWaker`) that a publication is waiting.
    pub fn wake(&self) {
        if let Some(w) = &self.waker {
            w();
        }
    }

    fn refresh_status(&mut self) {
        let s = &self.session;
        self.status.running = s.running();
        self.status.live_ms = s.live().time_ms();
        self.status.reviewing_ms = s.reviewing_ms();
        self.status.history_ms = (s.timeline().span_ms().0, s.live().time_ms());
        self.status.realism = s.live().config().realism;
    }

    /// One tick of what is shown (see [`Session::tick`]).
    pub fn tick(&mut self) {
        self.session.tick();
        self.refresh_status();
    }

    /// Applies one command; returns false for `Quit`. `Run`/`Pause` only set the state —
    /// pacing is the pacer's. A refusal becomes the status message, a notice the status
    /// notice.
    pub fn handle(&mut self, cmd: Command) -> bool {
        self.status.message = None;
        self.status.notice = None;
        self.session.begin(cmd.kind().keeps_replay());
        let Some(done) = self.act(cmd) else {
            return false;
        };
        if let Some(n) = self.session.take_notice() {
            self.told.push(RunnerEvent::Notice(n.clone()));
            self.status.notice = Some(n);
        }
        if let Err(e) = done {
            self.status.message = Some(e);
        }
        if let Some(m) = &self.status.message {
            self.told.push(RunnerEvent::Message(m.clone()));
        }
        self.refresh_status();
        true
    }

    /// Every command in one arm (no catch-all, so a new one must be handled here): pacing
    /// changes the status, everything else is one call of the session (a query or an
    /// export answers on its channel). `None` for `Quit`.
    // Each arm is one call; `.done()` says a call that cannot be refused succeeded.
    #[allow(clippy::unit_arg)]
    fn act(&mut self, cmd: Command) -> Option<Result<(), Refusal>> {
        let s = &mut self.session;
        let st = &mut self.status;
        Some(match cmd {
            Command::Quit => return None,
            // Pacing: the speed ladder, slow mode and the viewer's waker.
            Command::SetWaker(w) => (self.waker = Some(w)).done(),
            Command::SetSpeed(speed) => {
                st.speed = speed;
                st.slow_delay_ms = 0;
                Ok(())
            }
            Command::SetSlowDelayMs(d) => (st.slow_delay_ms = d.min(SLOW_MAX_MS)).done(),
            Command::SlowDown => {
                st.slow_delay_ms = (st.slow_delay_ms + SLOW_STEP_MS).min(SLOW_MAX_MS);
                Ok(())
            }
            Command::SpeedUp if st.slow_delay_ms > 0 => {
                st.slow_delay_ms = st.slow_delay_ms.saturating_sub(SLOW_STEP_MS);
                Ok(())
            }
            Command::SpeedUp => (st.speed = st.speed.faster()).done(),
            // Questions: nothing in the run changes.
            Command::Frames(tx) => reply(tx, s.frames()),
            Command::Plot(tx) => reply(tx, s.plot()),
            Command::Inspect(f) => f(s.live()).done(),
            Command::FloorPng(tx) => reply(tx, s.live().world().floor_png()),
            Command::LiveTime(tx) => reply(tx, s.live().time_ms()),
            // The bytes written from the history: the answer, and its problem as a message.
            Command::CsvBytes(reply) => answer(reply, s.csv_bytes()),
            Command::RecordingText(reply) => answer(reply, s.recording_text()),
            // Changes of the run.
            Command::Run => s.run().done(),
            Command::Pause => s.pause().done(),
            Command::Replay => s.replay().done(),
            Command::Step(kind) => s.step(kind).done(),
            Command::RunFor(ms) => s.run_for(ms).done(),
            Command::PauseAt(t) => s.pause_at(t).done(),
            Command::Reset => s.reset().done(),
            Command::LoadProgram(p) => s.load_program(*p).done(),
            Command::Start => s.start().done(),
            Command::PressButton(k, b) => s.press_button(k, b).done(),
            Command::HostFinished {
                robot,
                done,
                run_ms,
            } => s.host_finished(robot, done, run_ms).done(),
            Command::Apply(k, input) => s.apply(k, input),
            Command::OnBrick(k, job) => s.on_brick(k, job).done(),
            Command::Select(k) => s.select(k).done(),
            Command::AddRobot(spec) => s.add_robot(*spec),
            Command::RemoveRobot(k) => s.remove_robot(k),
            Command::SetStartPose(k, pose) => s.set_start_pose(k, pose),
            Command::PlaceRobot(k, pose) => s.place_robot(k, pose),
            Command::TurnRobot(k, degrees) => s.turn_robot(k, degrees),
            Command::DropBox { name, x, z } => s.drop_box(name, x, z).done(),
            Command::RemoveBox(name) => s.remove_box(&name).done(),
            Command::ClearBoxes => s.clear_boxes().done(),
            Command::Seek(t) => s.seek(t).done(),
            Command::ResumeHere => s.resume_here().done(),
            Command::Live => s.show_live().done(),
            Command::SetRobot(robot) => s.set_robot(*robot),
            Command::SetEnv(env) => s.set_env(*env),
            Command::SetRealism(realism) => s.set_realism(realism).done(),
            Command::OpenRecording(rec) => s.open_recording(&rec),
            Command::OpenScene(scene) => {
                let mut scenario = crate::sim::scenario::Scenario::of_scene(*scene);
                scenario.def.config = s.live().config().clone();
                s.open(scenario.build(), scenario.listing)
            }
            Command::OpenScenario(scenario) => s.open(scenario.build(), scenario.listing),
        })
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

/// A command's outcome: a session method that cannot be refused is done.
trait Done {
    fn done(self) -> Result<(), Refusal>;
}

impl Done for () {
    fn done(self) -> Result<(), Refusal> {
        Ok(())
    }
}

/// Sends a query's answer (a viewer that stopped listening is no problem).
fn reply<T>(tx: Sender<T>, answer: T) -> Result<(), Refusal> {
    let _ = tx.send(answer);
    Ok(())
}

/// Sends a file's answer; its problem is the command's too (the status message).
fn answer<T>(tx: Sender<Result<T, Refusal>>, r: Result<T, Refusal>) -> Result<(), Refusal> {
    let problem = r.as_ref().err().cloned();
    let _ = tx.send(r);
    problem.map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::specs::SpecSource;
    use crate::world::spec::{EnvSpec, RobotSpec};

    /// M4 on E1, no program.
    fn m4_on_e1() -> Simulation {
        Simulation::create(&crate::sim::SimDef::one(
            RobotSpec::load("M4").unwrap(),
            EnvSpec::load("E1").unwrap(),
        ))
        .unwrap()
    }

    #[test]
    fn a_frontend_that_never_reads_snapshots_does_not_make_them_pile_up() {
        let sim = m4_on_e1();
        let handle = spawn(
            sim,
            RunnerConfig {
                frame_ticks: 1,
                ..Default::default()
            },
        );
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

    #[test]
    fn the_runner_tells_each_change_once_as_an_event() {
        let sim = m4_on_e1();
        let mut r = Runner::new(sim, RunnerConfig::default());
        let p = crate::rcx::lasm::assemble("task 0\n out 2,5\nendt\n", "fwd.lasm").unwrap();
        r.handle(Command::LoadProgram(Box::new(p.clone())));
        let (_, st) = r.publish();
        assert!(
            st.events.iter().any(|e| matches!(e,
                RunnerEvent::Program { robot: 0, program, quiet: false, vis }
                    if **program == p && !vis.is_empty())),
            "{:?}",
            st.events
        );
        r.published();
        assert!(r.publish().1.events.is_empty(), "told once");
        r.published();
        r.handle(Command::RemoveRobot(0));
        let events = r.publish().1.events;
        assert!(matches!(
            &events[..],
            [RunnerEvent::Message(Refusal::LastRobot)]
        ));
        // Not taken (a full queue): the events wait for the next publication.
        r.handle(Command::AddRobot(Box::new(
            SpecSource::robot("M4").unwrap(),
        )));
        let events = r.publish().1.events;
        assert!(events
            .iter()
            .any(|e| matches!(e, RunnerEvent::Roster(n) if n.len() == 2)));
        assert!(events.iter().any(|e| matches!(
            e,
            RunnerEvent::Program {
                robot: 1,
                quiet: true,
                ..
            }
        )));
        assert!(events
            .iter()
            .any(|e| matches!(e, RunnerEvent::Message(Refusal::LastRobot))));
    }
}

//! What a runner command is, said once: the [`Command`]s, and in [`Command::kind`] (one
//! match, no catch-all) whether each is a query and whether it keeps a replay playing.
//! `Runner::handle` answers each in one arm of one match, so a new command does not
//! compile until it is classified here and handled there.

use super::{BrickJob, CsvExport, Inspect, PlotPoint, Speed, StepKind, Waker};
use crate::rcx::Program;
use crate::sim::record::Recording;
use crate::sim::specs::SpecSource;
use crate::sim::timeline::Frame;
use crate::vm::Realism;
use std::sync::mpsc::Sender;

/// What a host finished on a link that the runner acts on ([`Command::HostFinished`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostDone {
    /// A ROBOLAB (LASM) text transfer delivered a program: its task 0 is started.
    TextTransfer,
    /// The host started a task itself (`nqc … -run`, a `71` command, a `start` line).
    TaskStarted,
}

/// What a command does to the run, which decides how the runner treats it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandKind {
    /// Asks about the run and changes nothing: nothing new is published, a replay keeps
    /// playing.
    Query,
    /// Writes a file or bytes from the history: the run does not change, a replay keeps
    /// playing (its answer or problem is published as a message).
    Export,
    /// Pacing (speed, slow mode, the viewer's waker): a replay keeps playing.
    Pace,
    /// Changes the run and leaves a replay playing (Run, Replay, a brick's inputs, the
    /// robot shown, `PauseAt`).
    Steer,
    /// Changes the run and ends a replay in progress.
    Change,
}

impl CommandKind {
    /// Leaves a replay in progress playing (every other kind ends it).
    pub fn keeps_replay(self) -> bool {
        self != CommandKind::Change
    }
}

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
    /// The toolbar's Run: start task 0 where nothing runs (the lone robot, or each robot
    /// of a scene that has a program), logged, then run the clock. (`Run` runs the clock
    /// only: a host's download starts its own task.)
    Start,
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
    /// Turn robot `k` where it stands by this many degrees (anticlockwise seen from
    /// above), put down as `PlaceRobot` puts it: from its pose in the live world, so quick
    /// clicks each count.
    TurnRobot(usize, f64),
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
    /// Send the live clock, ms (answered after every command sent before it).
    LiveTime(Sender<u64>),
    /// Apply one input to robot `k` (its brick, or where it stands; boxes are the world's)
    /// of the live run, logged (the app's world edits).
    Apply(usize, crate::sim::Input),
    /// Run a closure on robot `k`'s brick of the live simulation between ticks (the link's
    /// jobs; a link serves one robot); nothing past the last robot.
    OnBrick(usize, BrickJob),
    /// Show robot `k`'s brick, readouts, trace and plots (the app's robot choice); the
    /// loaded program, Step and the brick face act on it. Past the last robot: robot 0.
    Select(usize),
    /// Add a robot of this model (a reset: every brick keeps its programs, the new one has
    /// none), placed beside the others, and select it. The robot file's text, kept as
    /// built for recordings.
    AddRobot(Box<SpecSource>),
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
    /// Replace the selected robot's model by this robot file (programs kept; like a
    /// reset). The file's text is kept as built for recordings.
    SetRobot(Box<SpecSource>),
    /// Replace the environment by this environment file (programs kept; like a reset).
    SetEnv(Box<SpecSource>),
    /// Switch `--realism` (the app's realism choice): a reset under the new setting,
    /// programs kept, paused.
    SetRealism(Realism),
    /// Send the history's frames (for a timeline strip or a plot).
    Frames(Sender<Vec<Frame>>),
    /// Send the plots' series: the history's frames without the robot's bodies (light
    /// enough to ask for with every publication), and the present.
    Plot(Sender<Vec<PlotPoint>>),
    /// Pause when the live clock reaches this time, ms (`None`: no such stop). It holds
    /// whatever the speed, so a run paused this way always has the same history. (A run
    /// with a goal also pauses at the goal's end by itself, once: see `Session::tick`.)
    PauseAt(Option<u64>),
    /// The trace CSV of the run's history (cli.md; the writer of `run --trace-csv`), a
    /// row every 50 ms from the history's start to the live present, whatever frames the
    /// viewer happened to see: the history is re-simulated exactly from its first
    /// checkpoint. The bytes and how many rows, or why not, for the viewer's host to save
    /// (a file on the desktop, a download in a tab).
    CsvBytes(Sender<Result<(Vec<u8>, CsvExport), super::Refusal>>),
    /// The run so far as a replay file's text, with the robot and environment files' text
    /// as the simulation was built from them, for the viewer's host to save; or why not.
    RecordingText(Sender<Result<String, super::Refusal>>),
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
    /// A host finished something on robot `robot`'s link (`serve` and the app send the
    /// link's events that start a program as this, so the runner decides the same for
    /// every frontend): the present is shown, a ROBOLAB text transfer starts task 0, and
    /// the clock runs — or, with `run_ms`, runs that many ms now and stays paused (`serve
    /// --run-seconds`, as `RunFor`).
    HostFinished {
        robot: usize,
        done: HostDone,
        run_ms: Option<u64>,
    },
    /// Called after every publication, from the runner thread (the app's
    /// `egui::Context::request_repaint`), so a viewer redraws only when there is news.
    SetWaker(Waker),
    Quit,
}

impl Command {
    /// What this command is: THE list, one arm per command and no catch-all, so a new
    /// command must be classified here.
    pub fn kind(&self) -> CommandKind {
        use CommandKind::*;
        match self {
            Command::Frames(_)
            | Command::Plot(_)
            | Command::Inspect(_)
            | Command::FloorPng(_)
            | Command::LiveTime(_) => Query,
            Command::CsvBytes(_) | Command::RecordingText(_) => Export,
            Command::SetSpeed(_)
            | Command::SetSlowDelayMs(_)
            | Command::SlowDown
            | Command::SpeedUp
            | Command::SetWaker(_) => Pace,
            Command::Run
            | Command::Replay
            | Command::Apply(..)
            | Command::OnBrick(..)
            | Command::Select(_)
            | Command::PauseAt(_) => Steer,
            Command::Pause
            | Command::Step(_)
            | Command::Reset
            | Command::LoadProgram(_)
            | Command::Start
            | Command::PressButton(..)
            | Command::RunFor(_)
            | Command::PlaceRobot(..)
            | Command::TurnRobot(..)
            | Command::DropBox { .. }
            | Command::RemoveBox(_)
            | Command::ClearBoxes
            | Command::AddRobot(_)
            | Command::RemoveRobot(_)
            | Command::SetStartPose(..)
            | Command::Seek(_)
            | Command::ResumeHere
            | Command::Live
            | Command::SetRobot(_)
            | Command::SetEnv(_)
            | Command::SetRealism(_)
            | Command::OpenRecording(_)
            | Command::OpenScene(_)
            | Command::OpenScenario(_)
            | Command::HostFinished { .. }
            | Command::Quit => Change,
        }
    }

    /// Only asks about the history (changes nothing, so nothing new is published).
    pub fn is_query(&self) -> bool {
        self.kind() == CommandKind::Query
    }
}

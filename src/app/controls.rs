//! The run controls: Run, Pause, Step, Stop, the speed, and the history (seek, replay,
//! resume). Each is a command to the runner, which decides on the live run; nothing here
//! keeps state of its own.

use super::*;

impl LuApp {
    /// Switches the realism: like Stop under the new setting (robot back at its start,
    /// program and dropped boxes kept, paused, clock 0).
    pub fn set_realism(&mut self, realism: crate::vm::Realism) {
        self.runner.send(Run::Pause);
        self.runner.send(Run::SetRealism(realism));
    }

    /// Run: starts task 0 if no task is running, then lets time run.
    pub fn run(&mut self) {
        let lang = self.view.lang;
        if !self.can_run() {
            self.note(
                Level::Info,
                crate::tr!(lang, "app-no-program-loaded-yet-open"),
            );
            return;
        }
        self.start_and_run();
    }

    /// Starts task 0 if no task is running and lets time run, whether or not this app has
    /// fetched the program yet (a download over the link is in the simulation before the
    /// app has its icons).
    pub(super) fn start_and_run(&mut self) {
        self.leave_replay();
        // Decided on the runner thread, on the live run (the snapshot on screen may be a
        // moment of the history or not yet the newest).
        self.runner.send(Run::Start);
    }

    pub fn pause(&mut self) {
        self.runner.send(Run::Pause);
    }

    /// One step of the chosen kind (starts task 0 first if nothing runs): one 1 ms tick,
    /// until a task has executed one more instruction, or until the running icon changes.
    pub fn step(&mut self, kind: StepKind) {
        self.runner.send(Run::Pause);
        // Stepping a moment of the history steps the history forward; stepping the
        // present starts the loaded programs first (the runner decides).
        // The runner bounds instruction and icon steps (a simulated minute), so a program
        // that never moves on cannot hang it.
        self.runner.send(Run::Step(kind));
    }

    /// Stop: back to the start pose (where the robot was last put down), program and
    /// dropped boxes kept, paused, clock at 0 (a challenge's run pauses at its end
    /// again: the runner's rule).
    pub fn stop(&mut self) {
        // The runner puts the robot's start pose and the dropped boxes back.
        self.runner.send(Run::Reset);
    }

    /// The original's "slow": +10 ms of delay after every 1 ms step per click, at most
    /// 200 ms (the runner keeps the rule).
    pub fn slower(&mut self) {
        self.runner.send(Run::SlowDown);
    }

    /// Faster: first undo slow mode 10 ms at a time, then up the runner's speed ladder.
    pub fn faster(&mut self) {
        self.runner.send(Run::SpeedUp);
    }

    /// A speed from the slider (leaves slow mode).
    pub fn set_speed(&mut self, speed: Speed) {
        self.runner.send(Run::SetSpeed(speed));
    }

    // ----- replay (the runner keeps the history) -----

    /// Shows the moment `time_ms` of the run (pauses; the runner re-simulates it exactly).
    pub fn seek(&mut self, time_ms: u64) {
        self.runner.send(Run::Seek(time_ms));
    }

    /// Plays the run again from the moment shown (from the start when the present is
    /// shown), at the chosen speed, pausing when it reaches the present.
    pub fn replay(&mut self) {
        self.runner.send(Run::Replay);
    }

    /// Back to the present (the end of the timeline), if a moment of the history is shown.
    pub fn leave_replay(&mut self) {
        if self.reviewing().is_some() {
            self.runner.send(Run::Live);
        }
    }

    /// Continues the run from the moment shown, exactly; the later history is dropped.
    pub fn resume_from_replay(&mut self) {
        self.runner.send(Run::Pause);
        self.runner.send(Run::ResumeHere);
    }
}

//! The runner's pure part: the live simulation, the moment under review, the history, the
//! selected robot and the world's lasting edits. Every change is a method (those that can
//! be refused return `Result` with the reason); nothing here knows channels or the wall
//! clock, so it is driven directly in tests, tick by tick.

use super::layout::{free_spot, next_name, LayoutEdits};
use super::refusal::{not_built, Refusal};
use super::{HostDone, Notice, PlotPoint, StepKind, STEP_MAX_TICKS};
use crate::rcx::Program;
use crate::sim::input::MAX_LOG_BYTES;
use crate::sim::specs::SpecSource;
use crate::sim::timeline::{Frame, Timeline};
use crate::sim::{Input, Listing, RobotDef, Simulation, Snapshot};
use crate::vm::{Button, Realism, TaskState};
use crate::world::spec::SpecError;

/// A run and its history, paused or running (whether time runs is the pacer's business;
/// `running` is only what was asked for).
pub struct Session {
    pub(super) live: Simulation,
    /// An earlier moment being shown (after `seek`), re-simulated from the history.
    pub(super) view: Option<Simulation>,
    pub(super) timeline: Timeline,
    running: bool,
    /// Playing the history (`replay`): pause when the present is reached.
    replaying: bool,
    /// A replay or `pause_at` ended in this frame: no more ticks until the next command
    /// (the pacing loop may still be inside its frame).
    replay_done: bool,
    /// `pause_at`: the live clock time at which running stops.
    pause_at: Option<u64>,
    /// The robot whose brick is published (`select`).
    pub(super) selected: usize,
    /// The user's lasting edits of the world, put back after every reset (the dropped
    /// boxes are the simulation's items: its resets put them back).
    pub(super) edits: LayoutEdits,
    /// How exports (trace CSV, recordings) list the robots: as a scene's once the world
    /// came from a scene file or a recording of one, or has had more robots or a start
    /// pose of its own.
    pub(super) listing: Listing,
    /// Something worth saying that is not a refusal (the history restarted, a step that
    /// found no program); taken by [`Session::take_notice`].
    pub(super) notice: Option<Notice>,
    /// Bumped by every new world ([`Session::world_generation`]).
    world: u64,
    /// The live run has paused at its goal's end (Run goes on past it; back before the
    /// end — Stop, a new program, resuming earlier — it pauses there again).
    paused_at_goal_end: bool,
}

/// Whether robot `k` runs any task.
fn tasks_active(sim: &Simulation, k: usize) -> bool {
    sim.robot(k).is_some_and(|r| r.running())
}

impl Session {
    /// A session on `sim`, paused, its history starting now; exports list several robots
    /// as a scene's and one as `run`'s.
    pub fn new(sim: Simulation) -> Session {
        Session::with_listing(sim, Listing::One)
    }

    /// As [`Session::new`], exports listing the robots as `listing` says (always as a
    /// scene's when there are several).
    pub fn with_listing(sim: Simulation, listing: Listing) -> Session {
        let listing = match sim.robot_count() {
            1 => listing,
            _ => Listing::Scene,
        };
        Session {
            listing,
            timeline: Timeline::new(&sim),
            live: sim,
            view: None,
            running: false,
            replaying: false,
            replay_done: false,
            pause_at: None,
            selected: 0,
            edits: LayoutEdits::default(),
            notice: None,
            world: 0,
            paused_at_goal_end: false,
        }
    }

    /// The simulation being shown: the seeked moment, or the live one.
    pub fn shown(&self) -> &Simulation {
        self.view.as_ref().unwrap_or(&self.live)
    }

    pub fn live(&self) -> &Simulation {
        &self.live
    }

    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    /// The robot whose brick is shown.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// Whether time should run (Run given, not yet paused by Pause, a step, a seek, the
    /// end of a replay or `pause_at`).
    pub fn running(&self) -> bool {
        self.running
    }

    /// The moment shown, when it is an earlier one.
    pub fn reviewing_ms(&self) -> Option<u64> {
        self.view.as_ref().map(|v| v.time_ms())
    }

    /// The world's lasting edits.
    pub fn edits(&self) -> &LayoutEdits {
        &self.edits
    }

    /// How exports list the robots.
    pub fn listing(&self) -> Listing {
        self.listing
    }

    /// The selected robot's snapshot of the moment shown.
    pub fn snapshot(&self) -> Snapshot {
        // The selection is kept within the roster; robot 0 otherwise (a simulation always
        // has it).
        let sim = self.shown();
        let shown = sim.robot(self.selected).or_else(|| sim.robot(0));
        shown
            .map(|r| r.snapshot())
            .expect("a simulation has robot 0")
    }

    /// The last notice (not a refusal), once.
    pub fn take_notice(&mut self) -> Option<Notice> {
        self.notice.take()
    }

    /// Before each command: a finished replay may tick again; a command that is not
    /// `keeps_replay` ends a replay in progress.
    pub fn begin(&mut self, keeps_replay: bool) {
        self.replay_done = false;
        if !keeps_replay {
            self.replaying = false;
        }
    }

    // ----- time -----

    pub fn run(&mut self) {
        self.running = true;
    }

    pub fn pause(&mut self) {
        self.running = false;
    }

    /// Plays the history forward from the moment shown (from its start when the present
    /// is shown), pausing when the present is reached.
    pub fn replay(&mut self) {
        if self.view.is_none() {
            let start = self.timeline.span_ms().0;
            self.view = self.timeline.state_at(&self.live, start);
        }
        self.replaying = self.view.is_some();
        self.running = self.view.is_some();
    }

    /// Stops running when the live clock reaches `t` ms.
    pub fn pause_at(&mut self, t: Option<u64>) {
        self.pause_at = t;
    }

    /// One tick of what is shown: the live simulation (recorded in the history), or the
    /// seeked one played forward with the logged inputs (joining the live one when it
    /// catches up).
    pub fn tick(&mut self) {
        if self.replay_done {
            return;
        }
        if self.view.is_none() && self.pause_at.is_some_and(|t| self.live.time_ms() >= t) {
            // Reached the `pause_at` moment: paused, and no more ticks in this frame.
            self.pause_at = None;
            self.running = false;
            self.replay_done = true;
            return;
        }
        if self.view.is_none() && self.at_goal_end() {
            // The run's goal has ended (a challenge's card, a graded run's end): paused
            // there once, so what it decided is on screen; Run goes on past it.
            self.paused_at_goal_end = true;
            self.running = false;
            self.replay_done = true;
            return;
        }
        match self.view.as_mut() {
            None => self.step_live(),
            Some(v) => {
                let next = v.time_ms() + 1;
                if next >= self.live.time_ms() {
                    // Caught up: the present (which is this next moment) takes over; a
                    // replay ends there, paused.
                    self.view = None;
                    if self.replaying {
                        self.replaying = false;
                        self.replay_done = true;
                        self.running = false;
                    }
                } else {
                    crate::sim::timeline::resimulate_log(v, self.live.inputs(), next);
                }
            }
        }
    }

    /// The live run stands at its goal's end, running, and has not paused there yet (a
    /// run back before the end pauses there again).
    fn at_goal_end(&mut self) -> bool {
        let Some(end) = self.live.goal().map(|g| g.end_ms()) else {
            return false;
        };
        let now = self.live.time_ms();
        if now < end {
            self.paused_at_goal_end = false;
        }
        self.running && now == end && !self.paused_at_goal_end
    }

    /// Runs the live clock `ms` ticks now (`serve --run-seconds`), the present shown.
    pub fn run_for(&mut self, ms: u64) {
        self.view = None;
        for _ in 0..ms {
            self.step_live();
        }
    }

    /// One tick of the live run through the run loop's step, the history looking on.
    fn step_live(&mut self) {
        // The history's observer cannot fail.
        let _ = crate::sim::scenario::step(&mut self.live, &mut [&mut self.timeline]);
    }

    /// One step of `kind`, paused. Stepping an earlier moment steps the history forward
    /// (nothing is discarded); stepping the present steps the live run.
    pub fn step(&mut self, kind: StepKind) {
        self.running = false;
        // Stepping the present starts the programs that are loaded but idle first.
        if self.view.is_none() {
            self.start_idle_where(false);
        }
        // A brick that runs nothing has no next instruction or icon to stop at: one tick,
        // and a word why (rather than a silent simulated minute of the other robots).
        let idle = self
            .shown()
            .robot(self.selected)
            .is_none_or(|r| !r.running());
        if kind != StepKind::Tick && idle {
            self.tick();
            // One robot is "the robot"; of several, the one shown is named.
            let robot = match self.live.robot_count() {
                1 => None,
                _ => (self.live.layout().get(self.selected)).map(|p| p.name.clone()),
            };
            self.notice = Some(Notice::SteppedWithoutProgram { robot });
            return;
        }
        match kind {
            StepKind::Tick => self.tick(),
            StepKind::Instruction => {
                for _ in 0..STEP_MAX_TICKS {
                    let runs = self.shown().robot(self.selected).is_some_and(|r| {
                        r.vm().tasks().iter().any(|t| t.state == TaskState::Running)
                    });
                    self.tick();
                    if runs {
                        break;
                    }
                }
            }
            StepKind::Icon => {
                let k = self.selected;
                let icons = |s: &Simulation| s.robot(k).map(|r| r.tracer().current().clone());
                let before = icons(self.shown());
                for _ in 0..STEP_MAX_TICKS {
                    self.tick();
                    if icons(self.shown()) != before {
                        break;
                    }
                }
            }
        }
    }

    // ----- the history -----

    /// Shows the exact moment `t` of the history, paused (the present if `t` is not
    /// earlier).
    pub fn seek(&mut self, t: u64) {
        self.running = false;
        self.view = if t >= self.live.time_ms() {
            None
        } else {
            self.timeline.state_at(&self.live, t)
        };
    }

    /// Makes the seeked moment the present, discarding the later history.
    pub fn resume_here(&mut self) {
        if let Some(v) = self.view.take() {
            self.live = v;
            self.timeline.truncate_after(self.live.time_ms());
        }
    }

    /// Shows the present again.
    pub fn show_live(&mut self) {
        self.view = None;
    }

    /// The history's frames.
    pub fn frames(&self) -> Vec<Frame> {
        self.timeline.frames().to_vec()
    }

    /// The selected robot's plot series, up to the present.
    pub fn plot(&self) -> Vec<PlotPoint> {
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
        points
    }

    /// The world shown: the selected robot's file and the environment's, as built.
    pub fn world_shown(&self) -> super::WorldShown {
        super::WorldShown::of(&self.live, self.selected)
    }

    /// Bumped by every new world (robot, environment, scene, recording, layout): the
    /// viewer is told the world again.
    pub fn world_generation(&self) -> u64 {
        self.world
    }

    // ----- the brick -----

    /// Loads `p` into the selected robot's current slot (from a seeked moment: resumes
    /// there first).
    pub fn load_program(&mut self, p: Program) {
        self.resume_here();
        if let Some(mut r) = self.live.robot_mut(self.selected) {
            r.load_program(p);
        }
        self.observe_input();
    }

    /// The toolbar's Run: starts task 0 where nothing runs ([`Session::start_idle`]), then
    /// lets time run.
    pub fn start(&mut self) {
        self.start_idle();
        self.run();
    }

    /// Starts task 0 where nothing runs: the lone robot, or each robot of a scene that
    /// has a program, logged; time does not run.
    pub fn start_idle(&mut self) {
        self.start_idle_where(true);
    }

    /// Starts task 0 of every robot that has a program and runs no task (`lone`: the lone
    /// robot's even without one), logged.
    fn start_idle_where(&mut self, lone: bool) {
        let sim = &mut self.live;
        let lone = lone && sim.robot_count() == 1;
        for k in 0..sim.robot_count() {
            let has_program = sim.robot(k).is_some_and(|r| !r.program().is_empty());
            if (lone || has_program) && !tasks_active(sim, k) {
                sim.apply(k, Input::StartTask { task: 0 });
            }
        }
        self.observe_input();
    }

    /// A host finished something on robot `k`'s link — the link's policy, the same for
    /// every frontend: the present is shown; a ROBOLAB text transfer starts task 0 (the
    /// lone robot's as the toolbar's Run does, a scene's robot `k`'s); then the clock
    /// runs, or with `run_ms` runs that many ms now and stays paused (`run_for`).
    pub fn host_finished(&mut self, k: usize, done: HostDone, run_ms: Option<u64>) {
        self.show_live();
        if done == HostDone::TextTransfer {
            match self.live.robot_count() {
                1 => self.start_idle(),
                _ => self.on_brick(k, Box::new(|rcx| rcx.apply(Input::StartTask { task: 0 }))),
            }
        }
        match run_ms {
            None => self.run(),
            Some(ms) => self.run_for(ms),
        }
    }

    /// Presses one of robot `k`'s buttons (logged); Run that starts a program runs time.
    pub fn press_button(&mut self, k: usize, b: Button) {
        let before = tasks_active(&self.live, k);
        self.live.apply(k, Input::Button { button: b });
        if b == Button::Run && !before && tasks_active(&self.live, k) {
            self.running = true;
        }
        self.observe_input();
    }

    /// Applies one input to robot `k` of the live run (logged). In a scene a robot is
    /// never put down on another or in a wall.
    pub fn apply(&mut self, k: usize, input: Input) -> Result<(), Refusal> {
        if let (Input::PlaceRobot { x, z, yaw_deg }, true) = (&input, self.live.robot_count() > 1) {
            let at = (*x as f32, *z as f32, *yaw_deg as f32);
            if let Some(clash) = self.clash_now(k, at) {
                return Err(Refusal::CannotPutThere(clash));
            }
        }
        self.live.apply(k, input);
        self.observe_input();
        Ok(())
    }

    /// Runs a link's job on the live simulation's brick.
    pub fn on_brick(&mut self, k: usize, job: super::BrickJob) {
        if let Some(mut brick) = self.live.robot_mut(k) {
            job(&mut brick);
        }
        self.observe_input();
    }

    /// Shows robot `k` (past the last robot: robot 0).
    pub fn select(&mut self, k: usize) {
        self.selected = if k < self.live.robot_count() { k } else { 0 };
    }

    /// Back to the start, programs kept, paused; the lasting edits put back.
    pub fn reset(&mut self) {
        self.view = None;
        self.live.reset();
        self.timeline.restart(&self.live);
        self.running = false;
        self.restore_edits();
    }

    /// A reset under another `--realism`.
    pub fn set_realism(&mut self, realism: Realism) {
        self.view = None;
        self.live.set_realism(realism);
        self.timeline.restart(&self.live);
        self.running = false;
        self.restore_edits();
    }

    // ----- the world -----

    /// Adds a robot of this robot file beside the others (a reset) and selects it; the
    /// file's text is kept as built (recordings carry it).
    pub fn add_robot(&mut self, model: SpecSource) -> Result<(), Refusal> {
        let spec = model.robot_spec().map_err(not_built)?;
        // A lone robot put down elsewhere takes that spot into the layout as its start
        // pose before the new one finds room beside it (kept as the one-robot start, it
        // would undo the robots' own start poses).
        if let (Some((x, z, yaw)), 1) = (self.edits.start, self.live.robot_count()) {
            self.edits.start = None;
            self.set_start_pose(0, (x as f32, z as f32, yaw as f32))?;
        }
        let mut layout = self.live.layout().to_vec();
        let pose = free_spot(&layout, self.live.env_spec(), &spec);
        let name = next_name(&layout);
        layout.push(RobotDef {
            name,
            spec,
            pose,
            model: Some(model),
            program: None,
        });
        let mut keep: Vec<Option<usize>> = (0..layout.len() - 1).map(Some).collect();
        keep.push(None);
        self.relayout(layout, &keep)?;
        self.selected = self.live.robot_count() - 1;
        Ok(())
    }

    /// Removes robot `k` (a reset; the others keep their programs); the last one stays.
    pub fn remove_robot(&mut self, k: usize) -> Result<(), Refusal> {
        let n = self.live.robot_count();
        if n <= 1 {
            return Err(Refusal::LastRobot);
        }
        if k >= n {
            return Ok(());
        }
        let mut layout = self.live.layout().to_vec();
        layout.remove(k);
        let keep: Vec<Option<usize>> = (0..n).filter(|&i| i != k).map(Some).collect();
        self.relayout(layout, &keep)?;
        self.selected = match self.selected {
            s if s > k => s - 1,
            s if s == k => k.min(n - 2),
            s => s,
        };
        Ok(())
    }

    /// Replaces the selected robot's robot file (programs kept; a reset; the file's text
    /// kept as built). A new world: the lasting edits go.
    pub fn set_robot(&mut self, model: SpecSource) -> Result<(), Refusal> {
        let spec = model.robot_spec().map_err(not_built)?;
        self.edits = LayoutEdits::default();
        let mut layout = self.live.layout().to_vec();
        if let Some(p) = layout.get_mut(self.selected) {
            p.spec = spec;
            p.model = Some(model.clone());
        }
        let why = (self.listing == Listing::Scene)
            .then(|| self.layout_clash(&layout, self.live.env_spec()))
            .flatten();
        if let Some(clash) = why {
            let model = self.live.layout()[self.selected].spec.name.clone();
            return Err(Refusal::RobotStays { model, clash });
        }
        self.rebuild(layout, None)
    }

    /// Replaces the environment file (programs kept; a reset; the file's text kept as
    /// built); the one robot of `run` moves to the new environment's start, a scene's
    /// robots keep their starts. A new world: the lasting edits go.
    pub fn set_env(&mut self, model: SpecSource) -> Result<(), Refusal> {
        let env = model.env_spec().map_err(not_built)?;
        self.edits = LayoutEdits::default();
        let why = (self.listing == Listing::Scene)
            .then(|| self.layout_clash(self.live.layout(), &env))
            .flatten();
        if let Some(clash) = why {
            let env = self.live.env_spec().name.clone();
            return Err(Refusal::FloorStays { env, clash });
        }
        let mut layout = self.live.layout().to_vec();
        if self.listing == Listing::One {
            for r in &mut layout {
                r.pose = crate::sim::env_start(&env);
            }
        }
        self.rebuild(layout, Some(&model))
    }

    /// A new world of these robots and/or another environment (`None`: kept), every
    /// robot keeping its programs, without the dropped boxes.
    fn rebuild(&mut self, layout: Vec<RobotDef>, env: Option<&SpecSource>) -> Result<(), Refusal> {
        let keep: Vec<Option<usize>> = (0..layout.len()).map(Some).collect();
        let mut def = self.live.def().clone();
        def.robots = layout;
        def.items.clear();
        if let Some(e) = env {
            def.env = e.env_spec().map_err(not_built)?;
            def.environment = Some(e.clone());
        }
        self.live.redefine(def, &keep).map_err(not_built)?;
        self.view = None;
        self.timeline.restart(&self.live);
        self.running = false;
        self.world += 1;
        Ok(())
    }

    /// Replaces the live run with a freshly built one (a scene, a graded run): programs
    /// loaded and waiting for Run, the state Stop returns to; the history starts again.
    pub fn open(
        &mut self,
        built: Result<Simulation, SpecError>,
        listing: Listing,
    ) -> Result<(), Refusal> {
        let mut sim = built.map_err(not_built)?;
        sim.reset();
        self.listing = match sim.robot_count() {
            1 => listing,
            _ => Listing::Scene,
        };
        self.edits = LayoutEdits::default();
        self.view = None;
        self.live = sim;
        self.timeline.restart(&self.live);
        self.running = false;
        self.selected = 0;
        self.world += 1;
        Ok(())
    }

    /// Opens a replay: re-simulated, its start shown, paused.
    pub fn open_recording(&mut self, rec: &crate::sim::record::Recording) -> Result<(), Refusal> {
        let (sim, timeline) = rec.replay().map_err(not_built)?;
        self.edits = LayoutEdits::default();
        self.listing = rec.listing();
        self.live = sim;
        self.selected = self.selected.min(self.live.robot_count() - 1);
        self.timeline = timeline;
        self.running = false;
        self.view = self.timeline.state_at(&self.live, 0);
        self.world += 1;
        Ok(())
    }

    /// Rebuilds the live run with other robots (robot `k` with the programs of old robot
    /// `keep[k]`, see `Simulation::redefine`), the dropped boxes kept; from then on exports
    /// list the robots as a scene's unless there is one at the environment's start. On an
    /// error nothing changed.
    pub(super) fn relayout(
        &mut self,
        layout: Vec<RobotDef>,
        keep: &[Option<usize>],
    ) -> Result<(), Refusal> {
        if layout.len() > crate::sim::scene::MAX_ROBOTS {
            let max = crate::sim::scene::MAX_ROBOTS;
            return Err(Refusal::TooManyRobots { max });
        }
        let lone_at_start = match layout.as_slice() {
            [one] => one.pose == crate::sim::env_start(self.live.env_spec()),
            _ => false,
        };
        let mut def = self.live.def().clone();
        def.robots = layout;
        self.view = None;
        self.live.redefine(def, keep).map_err(not_built)?;
        if !lone_at_start {
            self.listing = Listing::Scene;
        }
        self.timeline.restart(&self.live);
        self.running = false;
        self.selected = self.selected.min(self.live.robot_count() - 1);
        self.world += 1;
        self.restore_edits();
        Ok(())
    }

    /// After an input applied to the live run: the log bounded, the history told.
    pub(super) fn observe_input(&mut self) {
        self.bound_log();
        self.timeline.observe(&self.live);
    }

    /// Keeps the input log within [`MAX_LOG_BYTES`]: past it, the log is forgotten and the
    /// history restarts at the present (it then reaches back to this moment only).
    fn bound_log(&mut self) {
        if self.live.inputs().cost() > MAX_LOG_BYTES {
            self.view = None;
            self.live.forget_inputs();
            self.timeline.restart(&self.live);
            self.notice = Some(Notice::HistoryRestarted {
                at_ms: self.live.time_ms(),
                bound_mib: MAX_LOG_BYTES >> 20,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::spec::{EnvSpec, RobotSpec};

    /// M4 on E1 with a program that drives A and C forward.
    fn session() -> Session {
        let mut sim = Simulation::create(&crate::sim::SimDef::one(
            RobotSpec::load("M4").unwrap(),
            EnvSpec::load("E1").unwrap(),
        ))
        .unwrap();
        let p = crate::rcx::lasm::assemble("task 0\n out 2,5\nendt\n", "fwd.lasm").unwrap();
        sim.robot_mut(0).unwrap().load_program(p);
        Session::new(sim)
    }

    #[test]
    fn run_starts_the_idle_program_and_the_clock_and_stepping_the_present_starts_it_too() {
        let mut s = session();
        s.start();
        assert!(tasks_active(s.live(), 0));
        assert!(s.running());
        let mut s = session();
        let p =
            crate::rcx::lasm::assemble("task 0\n out 2,5\n wait 2,100\nendt\n", "w.lasm").unwrap();
        s.load_program(p);
        s.step(StepKind::Tick);
        assert!(
            tasks_active(s.live(), 0),
            "a step starts the loaded program"
        );
        assert!(!s.running());
        // Without a program a step starts nothing (and says why it stepped 1 ms).
        let mut s = Session::new(
            Simulation::create(&crate::sim::SimDef::one(
                RobotSpec::load("M4").unwrap(),
                EnvSpec::load("E1").unwrap(),
            ))
            .unwrap(),
        );
        s.step(StepKind::Instruction);
        assert!(!tasks_active(s.live(), 0));
        assert_eq!(s.live().time_ms(), 1);
    }

    #[test]
    fn start_idle_starts_task_0_and_run_for_steps_exactly_that_long() {
        let mut s = session();
        assert!(!tasks_active(s.live(), 0));
        s.start_idle();
        assert!(tasks_active(s.live(), 0));
        assert!(!s.running(), "starting a program does not run time");
        s.run_for(1234);
        assert_eq!(s.live().time_ms(), 1234);
        assert!(
            s.live().robot(0).unwrap().pose().x.abs() + s.live().robot(0).unwrap().pose().z.abs()
                > 0.0
        );
    }

    #[test]
    fn a_finished_text_transfer_starts_task_0_and_runs_the_clock_from_the_present() {
        let mut s = session();
        s.run_for(500);
        s.seek(100);
        s.host_finished(0, HostDone::TextTransfer, None);
        assert_eq!(s.reviewing_ms(), None, "the present is shown");
        assert!(tasks_active(s.live(), 0));
        assert!(s.running());
    }

    #[test]
    fn a_task_the_host_started_runs_the_clock_and_with_run_ms_only_that_long() {
        let mut s = session();
        s.host_finished(0, HostDone::TaskStarted, None);
        assert!(!tasks_active(s.live(), 0), "the host starts its own task");
        assert!(s.running());
        let mut s = session();
        let at = s.live().robot(0).unwrap().pose();
        s.host_finished(0, HostDone::TextTransfer, Some(250));
        let p = s.live().robot(0).unwrap().pose();
        assert!(
            (p.x - at.x).abs() + (p.z - at.z).abs() > 0.0,
            "task 0 ran and drove"
        );
        assert_eq!(s.live().time_ms(), 250);
        assert!(
            !s.running(),
            "serve --run-seconds stays paused after its run"
        );
    }

    #[test]
    fn the_bricks_run_button_starts_the_program_and_the_clock() {
        let mut s = session();
        s.press_button(0, Button::Run);
        assert!(tasks_active(s.live(), 0));
        assert!(s.running());
        // Pressed again it stops the program; time is not started again.
        s.pause();
        s.press_button(0, Button::Run);
        assert!(!s.running());
    }

    #[test]
    fn seeking_shows_an_earlier_moment_and_live_returns_to_the_present() {
        let mut s = session();
        s.start_idle();
        s.run();
        for _ in 0..600 {
            s.tick();
        }
        s.seek(200);
        assert!(!s.running());
        assert_eq!(s.reviewing_ms(), Some(200));
        assert_eq!(s.shown().time_ms(), 200);
        s.show_live();
        assert_eq!(s.shown().time_ms(), 600);
    }
}

//! The robot, the environment and the program: choosing them (asking first while a
//! program runs), loading programs and examples, and the hardware warnings.

use super::*;

impl LuApp {
    // ----- robot, environment, program -----

    /// Docks every open pane around the 3D view again.
    pub fn tile(&mut self) {
        self.view.arrange = Arrange::Tile;
    }

    /// Floats the open panes over the 3D view, staggered from its top-left corner (as the
    /// original's Cascade did with its windows); choosing it again puts them back there.
    pub fn cascade(&mut self) {
        self.view.arrange = Arrange::Cascade;
        self.view.cascade_generation = self.view.cascade_generation.wrapping_add(1);
    }

    /// Picks a robot (asks first while a program runs).
    pub fn choose_robot(&mut self, name: &str) {
        if self.program_active() {
            self.dialogs.pending = Some(Pending::Robot(name.to_string()));
        } else {
            self.apply_robot(name);
        }
    }

    /// Picks an environment (asks first while a program runs).
    pub fn choose_env(&mut self, name: &str) {
        if self.program_active() {
            self.dialogs.pending = Some(Pending::Env(name.to_string()));
        } else {
            self.apply_env(name);
        }
    }

    /// Picks the realism (asks first while a program runs).
    pub fn choose_realism(&mut self, realism: crate::vm::Realism) {
        if self.program_active() {
            self.dialogs.pending = Some(Pending::Realism(realism));
        } else {
            self.set_realism(realism);
        }
    }

    /// Loads an example with its robot and environment (asks first while a program runs).
    pub fn choose_example(&mut self, i: usize) {
        if self.program_active() {
            self.dialogs.pending = Some(Pending::Example(i));
        } else {
            self.apply_example(i);
        }
    }

    /// The user answered the OK / Cancel question.
    pub fn answer_pending(&mut self, ok: bool) {
        if let (true, Some(p)) = (ok, self.dialogs.pending.take()) {
            match p {
                Pending::Robot(r) => self.apply_robot(&r),
                Pending::Env(e) => self.apply_env(&e),
                Pending::Example(i) => self.apply_example(i),
                Pending::Realism(r) => self.set_realism(r),
                Pending::Scene(p) => self.open_scene(&p),
                Pending::GradedRun(k) => self.grade_now(GradeMsg::OpenRun(k)),
                Pending::Challenge(msg) => self.challenge_now(msg),
            }
        }
        self.dialogs.pending = None;
    }

    pub fn apply_robot(&mut self, name: &str) {
        self.apply_robot_file(SpecSource::robot(name));
    }

    /// Uses a robot file already read; its error is a message (the runner tells the
    /// world it then shows).
    pub(super) fn apply_robot_file(
        &mut self,
        file: Result<SpecSource, crate::world::spec::SpecError>,
    ) {
        let lang = self.view.lang;
        match file.and_then(|f| f.robot_spec().map(|_| f)) {
            Ok(f) => {
                self.runner.send(Run::Pause);
                self.runner.send(Run::SetRobot(Box::new(f)));
                self.world_replaced();
            }
            Err(e) => self.note(
                Level::Error,
                crate::tr!(lang, "app-world-robot-file", e = e.to_string()),
            ),
        }
    }

    pub fn apply_env(&mut self, name: &str) {
        self.apply_env_file(SpecSource::env(name));
    }

    /// Uses an environment file already read; its error is a message (the runner tells
    /// the world it then shows, its floor picture fetched then).
    pub(super) fn apply_env_file(
        &mut self,
        file: Result<SpecSource, crate::world::spec::SpecError>,
    ) {
        let lang = self.view.lang;
        match file.and_then(|f| f.env_spec().map(|_| f)) {
            Ok(f) => {
                self.runner.send(Run::Pause);
                self.runner.send(Run::SetEnv(Box::new(f)));
                self.world_replaced();
            }
            Err(e) => self.note(
                Level::Error,
                crate::tr!(lang, "app-world-environment-file", e = e.to_string()),
            ),
        }
    }

    pub(super) fn apply_example(&mut self, i: usize) {
        let lang = self.view.lang;
        let Some(e) = examples::EXAMPLES.get(i).copied() else {
            return;
        };
        match crate::rcx::lasm::assemble(e.lasm, e.file) {
            Ok(p) => {
                let files = SpecSource::robot(e.robot).and_then(|r| {
                    let v = SpecSource::env(e.env)?;
                    r.robot_spec()?;
                    v.env_spec()?;
                    Ok((r, v))
                });
                self.load_program(
                    &crate::tr!(lang, "app-world-example", title = e.shown_title(lang,)),
                    p,
                );
                // The example's robot and floor, its program kept (a reset).
                if let Ok((r, v)) = files {
                    self.runner.send(Run::Pause);
                    self.runner.send(Run::SetRobot(Box::new(r)));
                    self.runner.send(Run::SetEnv(Box::new(v)));
                    self.world_replaced();
                }
                self.view.cameras[0].preset(ViewPreset::Initial, glam::Vec3::ZERO);
            }
            Err(err) => self.note(
                Level::Error,
                crate::tr!(
                    lang,
                    "app-world-example-2",
                    file = e.file.to_string(),
                    err = err.to_string()
                ),
            ),
        }
    }

    /// Opens a program file (.lasm, .rcx or .nqc; a draft .icons goes to the editor);
    /// errors become messages.
    pub fn open_program(&mut self, path: &Path) {
        let lang = self.view.lang;
        let name = path.display().to_string();
        let folder = path
            .parent()
            .filter(|d| self.host.is_folder(d) == Some(true))
            .map(|d| self.host.absolute(d));
        let bytes = self
            .host
            .read(path, crate::grade::class::MAX_PROGRAM_BYTES)
            .map_err(|e| format!("{name}: {e}"));
        let draft = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case(editor::DRAFT_EXT));
        if draft {
            match bytes {
                Ok(b) => self.open_draft(&name, &String::from_utf8_lossy(&b)),
                Err(e) => self.note(
                    Level::Error,
                    crate::tr!(lang, "app-world-cannot-open-the-draft", e = e),
                ),
            }
            if let Some(d) = folder {
                self.dialogs.file_dir = d;
            }
            return;
        }
        let loaded = match &bytes {
            Ok(b) => crate::nqc::load_bytes(&name, b, folder.as_deref())
                .map_err(|e| program::error_view(&name, Some(&String::from_utf8_lossy(b)), &e)),
            Err(e) => Err(ErrorView::of_text(&name, None, e, None)),
        };
        match loaded {
            Ok(p) => {
                let file = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or(name);
                self.load_program(&file, p);
                if let Some(d) = folder {
                    self.dialogs.file_dir = d;
                }
            }
            Err(view) => {
                self.note(
                    Level::Error,
                    crate::tr!(
                        lang,
                        "app-world-cannot-open-the-program",
                        message = view.message.to_string()
                    ),
                );
                self.challenge_now(ChallengeMsg::ProgramFailed(view.message.clone()));
                self.dialogs.error_view = Some(view);
            }
        }
    }

    /// Loads a program into the simulation and shows its icons; like Stop, the clock goes
    /// back to 0 and the robot to its start (boxes kept), so a new try starts clean.
    pub fn load_program(&mut self, name: &str, program: Program) {
        let lang = self.view.lang;
        self.runner.send(Run::Pause);
        self.runner
            .send(Run::LoadProgram(Box::new(program.clone())));
        self.stop();
        self.warned.clear();
        let vis = crate::trace::recognise(&program);
        let lp = LoadedProgram::new(lang, name, program, vis);
        self.note(
            Level::Info,
            crate::tr!(
                lang,
                "app-world-loaded-icon-s-in-strip",
                name = name.to_string(),
                len = lp.vis.len(),
                len2 = lp.strips.len()
            ),
        );
        self.program = Some(lp);
        self.view.selected_vi = None;
        self.challenge_now(ChallengeMsg::ProgramLoaded);
    }

    /// Another world is opened by the app itself (a robot, a floor, an example, a scene,
    /// a recording): the challenge's criteria no longer apply; the boxes and warnings go.
    pub(super) fn world_replaced(&mut self) {
        self.challenge_now(ChallengeMsg::WorldReplaced);
        self.after_restart();
    }

    /// A new world: the dropped boxes and the hardware warnings go with the old one (the
    /// start pose too: the runner's).
    pub(super) fn after_restart(&mut self) {
        self.dropped_boxes = 0;
        self.boxes.clear();
        self.warned.clear();
    }

    pub(super) fn fetch_floor(&mut self) {
        let (tx, rx) = std::sync::mpsc::channel();
        self.runner.send(Run::FloorPng(tx));
        self.jobs.floor_rx = Some(rx);
    }

    // ----- changing the world -----

    /// Picks the robot up and puts it down at (x, z) keeping its heading, at rest; the
    /// program carries on (logged as an input, so replays see it too).
    pub fn place_robot(&mut self, x: f32, z: f32) {
        let k = self.view.drag_robot.take().unwrap_or(self.selected);
        let yaw = self
            .live
            .as_ref()
            .map(|s| s.robots.get(k).map_or(s.pose.yaw_deg, |r| r.pose.yaw_deg))
            .unwrap_or(0.0);
        self.place_robot_of(k, x as f64, z as f64, yaw);
    }

    /// Turns the robot on the spot by `degrees` (anticlockwise seen from above), at rest.
    pub fn turn_robot(&mut self, degrees: f64) {
        if self.live.is_none() {
            return;
        }
        self.leave_replay();
        // The runner turns it from where it stands now, not from the last snapshot this
        // app saw (two quick clicks are two turns).
        self.runner.send(Run::TurnRobot(self.selected, degrees));
    }

    /// Puts the robot down at (x, z) facing `yaw_deg`, at rest; this is also where Stop
    /// brings it back to.
    /// In a scene it is the selected robot: before the clock has run (at 0 s) this moves
    /// its start pose (Stop brings it back there); later it is picked up and put down, and
    /// Stop returns it to its start pose.
    pub fn place_robot_facing(&mut self, x: f64, z: f64, yaw: f64) {
        self.place_robot_of(self.selected, x, z, yaw);
    }

    /// As [`LuApp::place_robot_facing`] for robot `k` of a scene.
    fn place_robot_of(&mut self, k: usize, x: f64, z: f64, yaw: f64) {
        self.leave_replay();
        // The runner decides what it means (a start pose, or a move) and keeps it.
        self.runner.send(Run::PlaceRobot(k, (x, z, yaw)));
    }

    /// Shows robot `k`'s brick, readouts, trace and plots.
    pub fn select_robot(&mut self, k: usize) {
        if k >= self.robot_count() || k == self.selected {
            return;
        }
        self.runner.send(Run::Select(k));
    }

    /// Adds a robot of the selected robot's model beside the others (a reset: every
    /// robot back at its start, programs kept, paused); it gets its own link. Past the
    /// most robots a world holds the runner refuses it (its message is shown).
    pub fn add_robot(&mut self) {
        // The runner refuses a robot past `sim::scene::MAX_ROBOTS` and says so.
        let Some(file) = self.world.robot_file.clone() else {
            return;
        };
        self.runner.send(Run::Pause);
        self.runner.send(Run::AddRobot(Box::new(file)));
    }

    /// Removes robot `k` (a reset, as adding one); the last robot stays.
    pub fn remove_robot(&mut self, k: usize) {
        let lang = self.view.lang;
        if self.robot_count() <= 1 {
            self.note(
                Level::Info,
                crate::tr!(lang, "app-world-the-last-robot-stays-a"),
            );
            return;
        }
        self.runner.send(Run::Pause);
        self.runner.send(Run::RemoveRobot(k));
    }

    /// Drops a box obstacle (10 × 10 × 10 cm) on the floor at (x, z), also while the
    /// program runs.
    pub fn drop_box(&mut self, x: f32, z: f32) {
        self.leave_replay();
        self.dropped_boxes += 1;
        let name = format!("box {}", self.dropped_boxes);
        self.boxes.push((name.clone(), x, z));
        self.runner.send(Run::DropBox { name, x, z });
    }

    /// The boxes dropped on the floor (name, x, z), oldest first; Stop puts them back.
    pub fn dropped(&self) -> &[(String, f32, f32)] {
        &self.boxes
    }

    /// The dropped box a ray from the camera (origin, direction) meets first, by name:
    /// the ray is tried against each box's floor, middle and top planes (10 cm boxes, no
    /// yaw), so a click on its side or its lid finds it.
    pub fn dropped_box_hit(&self, origin: glam::Vec3, dir: glam::Vec3) -> Option<String> {
        if dir.y.abs() < 1e-6 {
            return None;
        }
        let mut best: Option<(f32, &str)> = None;
        for (name, x, z) in &self.boxes {
            for h in [0.0, 0.05, 0.1] {
                let t = (h - origin.y) / dir.y;
                let p = origin + dir * t;
                if t > 0.0
                    && (p.x - x).abs() <= 0.055
                    && (p.z - z).abs() <= 0.055
                    && best.is_none_or(|(bt, _)| t < bt)
                {
                    best = Some((t, name));
                }
            }
        }
        best.map(|(_, n)| n.to_string())
    }

    /// Takes away one dropped box by its name ("box 2"), also while the program runs
    /// (logged as a `RemoveBox` input, so replays and recordings see it); Stop no longer
    /// puts it back.
    pub fn remove_dropped_box(&mut self, name: &str) {
        let Some(i) = self.boxes.iter().position(|b| b.0 == name) else {
            return;
        };
        self.leave_replay();
        let (name, _, _) = self.boxes.remove(i);
        self.runner.send(Run::RemoveBox(name));
    }

    /// Removes the boxes dropped since the last restart.
    pub fn clear_boxes(&mut self) {
        self.runner.send(Run::ClearBoxes);
        self.dropped_boxes = 0;
        self.boxes.clear();
    }

    /// Warns once when the program drives an output with no motor on this robot, or sets
    /// up a sensor on a port where this robot has none (the core's
    /// [`crate::sim::hardware::warnings`]).
    pub(super) fn hardware_warnings(&mut self, snap: &Snapshot) {
        let lang = self.view.lang;
        let robot = self.robot_label();
        let found = crate::sim::hardware::warnings(
            &self.world.robot_spec,
            &robot,
            &snap.outputs,
            &snap.sensors,
        );
        for w in found {
            // Once per warning whatever the language (the set keeps the core's words).
            if !self.warned.insert(w.to_string()) {
                continue;
            }
            use crate::sim::hardware::HardwareWarning;
            let said = match &w {
                HardwareWarning::NoMotor { robot, output } => crate::tr!(
                    lang,
                    "app-world-no-motor",
                    output = ["A", "B", "C"].get(*output).copied().unwrap_or("?"),
                    robot = robot.clone()
                ),
                HardwareWarning::NoSensor { robot, port } => crate::tr!(
                    lang,
                    "app-world-no-sensor",
                    port = port.to_string(),
                    robot = robot.clone()
                ),
            };
            let w = crate::tr!(lang, "app-world-try-another-robot-robot-menu", w = said);
            self.note(Level::Warning, w);
        }
    }

    /// Presses `b` on the brick of the live run (logged as an input). Run also lets time
    /// run when it started a program, as the toolbar's Run does.
    pub fn press_button(&mut self, b: crate::vm::Button) {
        self.leave_replay();
        self.runner.send(Run::PressButton(self.selected, b));
    }
}

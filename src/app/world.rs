//! The robot, the environment and the program: choosing them (asking first while a
//! program runs), loading programs and examples, and the hardware warnings.

use super::*;

impl LuApp {
    // ----- robot, environment, program -----

    /// Picks a robot (asks first while a program runs).
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
                Pending::GradedRun(k) => self.open_graded_run(k),
                Pending::Challenge(Some(p), _) => self.open_challenge(&p),
                Pending::Challenge(None, k) => self.open_builtin_challenge(k),
            }
        }
        self.dialogs.pending = None;
    }

    pub fn apply_robot(&mut self, name: &str) {
        self.apply_robot_file(name, SpecSource::robot(name));
    }

    /// Uses a robot file already read (`name` as the robot is shown); its error is a message.
    pub(super) fn apply_robot_file(
        &mut self,
        name: &str,
        file: Result<SpecSource, crate::world::spec::SpecError>,
    ) {
        match file.and_then(|f| Ok((f.robot_spec()?, f))) {
            Ok((s, f)) => {
                self.robot = name.to_string();
                self.robot_spec = s;
                self.robot_file = f;
                self.rebuild();
            }
            Err(e) => self.note(
                Level::Error,
                crate::tr!("app-world-robot-file", e = e.to_string()),
            ),
        }
    }

    pub fn apply_env(&mut self, name: &str) {
        self.apply_env_file(name, SpecSource::env(name));
    }

    /// Uses an environment file already read; its error is a message.
    pub(super) fn apply_env_file(
        &mut self,
        name: &str,
        file: Result<SpecSource, crate::world::spec::SpecError>,
    ) {
        match file.and_then(|f| Ok((f.env_spec()?, f))) {
            Ok((s, f)) => {
                self.env = name.to_string();
                self.env_spec = s;
                self.env_file = f;
                self.rebuild();
                self.fetch_floor();
            }
            Err(e) => self.note(
                Level::Error,
                crate::tr!("app-world-environment-file", e = e.to_string()),
            ),
        }
    }

    pub(super) fn apply_example(&mut self, i: usize) {
        let Some(e) = examples::EXAMPLES.get(i).copied() else {
            return;
        };
        match crate::rcx::lasm::assemble(e.lasm, e.file) {
            Ok(p) => {
                let files = SpecSource::robot(e.robot).and_then(|r| {
                    let v = SpecSource::env(e.env)?;
                    Ok((r.robot_spec()?, r, v.env_spec()?, v))
                });
                if let Ok((r, rf, v, vf)) = files {
                    self.robot = e.robot.into();
                    self.env = e.env.into();
                    self.robot_spec = r;
                    self.robot_file = rf;
                    self.env_spec = v;
                    self.env_file = vf;
                }
                self.load_program(&crate::tr!("app-world-example", title = e.shown_title()), p);
                self.rebuild();
                self.fetch_floor();
                self.view.cameras[0].preset(ViewPreset::Initial, glam::Vec3::ZERO);
            }
            Err(err) => self.note(
                Level::Error,
                crate::tr!(
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
        let draft = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case(editor::DRAFT_EXT));
        if draft {
            match editor::store::read_text(path) {
                Ok(text) => self.open_draft(&path.display().to_string(), &text),
                Err(e) => self.note(
                    Level::Error,
                    crate::tr!("app-world-cannot-open-the-draft", e = e.to_string()),
                ),
            }
            if let Some(d) = path.parent().filter(|d| d.is_dir()) {
                self.dialogs.file_dir = absolute(d);
            }
            return;
        }
        let loaded = crate::nqc::load(path).map_err(|e| program::error_view(path, &e));
        match loaded {
            Ok(p) => {
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_else(|| path.display().to_string());
                self.load_program(&name, p);
                if let Some(d) = path.parent().filter(|d| d.is_dir()) {
                    self.dialogs.file_dir = absolute(d);
                }
            }
            Err(view) => {
                self.note(
                    Level::Error,
                    crate::tr!(
                        "app-world-cannot-open-the-program",
                        message = view.message.to_string()
                    ),
                );
                self.challenge_program_failed(&view.message);
                self.dialogs.error_view = Some(view);
            }
        }
    }

    /// Loads a program into the simulation and shows its icons; like Stop, the clock goes
    /// back to 0 and the robot to its start (boxes kept), so a new try starts clean.
    pub fn load_program(&mut self, name: &str, program: Program) {
        self.runner.send(Command::Pause);
        self.runner
            .send(Command::LoadProgram(Box::new(program.clone())));
        self.stop();
        self.warned.clear();
        let vis = crate::trace::recognise(&program);
        let lp = LoadedProgram::new(name, program, vis);
        self.note(
            Level::Info,
            crate::tr!(
                "app-world-loaded-icon-s-in-strip",
                name = name.to_string(),
                len = lp.vis.len(),
                len2 = lp.strips.len()
            ),
        );
        self.program = Some(lp);
        self.view.selected_vi = None;
        if let Some(c) = &mut self.challenge {
            c.program_error = None;
            c.all_seeds = None;
        }
    }

    /// Rebuilds the simulation with the current robot and environment, keeping the program,
    /// at the start pose, paused (a failure comes back in the runner's status message).
    pub(super) fn rebuild(&mut self) {
        self.runner.send(Command::Pause);
        self.runner
            .send(Command::SetRobot(Box::new(self.robot_file.clone())));
        self.runner
            .send(Command::SetEnv(Box::new(self.env_file.clone())));
        self.after_restart();
    }

    pub(super) fn fetch_floor(&mut self) {
        let (tx, rx) = std::sync::mpsc::channel();
        self.runner.send(Command::FloorPng(tx));
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
        self.runner.send(Command::TurnRobot(self.selected, degrees));
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
        self.runner.send(Command::PlaceRobot(k, (x, z, yaw)));
    }

    /// Shows robot `k`'s brick, readouts, trace and plots.
    pub fn select_robot(&mut self, k: usize) {
        if k >= self.robot_count() || k == self.selected {
            return;
        }
        self.runner.send(Command::Select(k));
    }

    /// Adds a robot of the selected robot's model beside the others (a reset: every
    /// robot back at its start, programs kept, paused); it gets its own link. Past the
    /// most robots a world holds the runner refuses it (its message is shown).
    pub fn add_robot(&mut self) {
        // The runner refuses a robot past `sim::scene::MAX_ROBOTS` and says so.
        self.runner.send(Command::Pause);
        self.runner
            .send(Command::AddRobot(Box::new(self.robot_file.clone())));
    }

    /// Removes robot `k` (a reset, as adding one); the last robot stays.
    pub fn remove_robot(&mut self, k: usize) {
        if self.robot_count() <= 1 {
            self.note(Level::Info, crate::tr!("app-world-the-last-robot-stays-a"));
            return;
        }
        self.runner.send(Command::Pause);
        self.runner.send(Command::RemoveRobot(k));
    }

    /// Drops a box obstacle (10 × 10 × 10 cm) on the floor at (x, z), also while the
    /// program runs.
    pub fn drop_box(&mut self, x: f32, z: f32) {
        self.leave_replay();
        self.dropped_boxes += 1;
        let name = format!("box {}", self.dropped_boxes);
        self.boxes.push((name.clone(), x, z));
        self.runner.send(Command::DropBox { name, x, z });
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
        self.runner.send(Command::RemoveBox(name));
    }

    /// Removes the boxes dropped since the last restart.
    pub fn clear_boxes(&mut self) {
        self.runner.send(Command::ClearBoxes);
        self.dropped_boxes = 0;
        self.boxes.clear();
    }

    /// Warns once when the program drives an output with no motor on this robot, or sets
    /// up a sensor on a port where this robot has none (the core's
    /// [`crate::sim::hardware::warnings`]).
    pub(super) fn hardware_warnings(&mut self, snap: &Snapshot) {
        let robot = self.robot_label();
        let found =
            crate::sim::hardware::warnings(&self.robot_spec, &robot, &snap.outputs, &snap.sensors);
        for w in found {
            // Once per warning whatever the language (the set keeps the core's words).
            if !self.warned.insert(w.to_string()) {
                continue;
            }
            use crate::sim::hardware::HardwareWarning;
            let said = match &w {
                HardwareWarning::NoMotor { robot, output } => crate::tr!(
                    "app-world-no-motor",
                    output = ["A", "B", "C"].get(*output).copied().unwrap_or("?"),
                    robot = robot.clone()
                ),
                HardwareWarning::NoSensor { robot, port } => crate::tr!(
                    "app-world-no-sensor",
                    port = port.to_string(),
                    robot = robot.clone()
                ),
            };
            let w = crate::tr!("app-world-try-another-robot-robot-menu", w = said);
            self.note(Level::Warning, w);
        }
    }

    /// Presses `b` on the brick of the live run (logged as an input). Run also lets time
    /// run when it started a program, as the toolbar's Run does.
    pub fn press_button(&mut self, b: crate::vm::Button) {
        self.leave_replay();
        self.runner.send(Command::PressButton(self.selected, b));
    }
}

//! The deterministic core: one 1 ms tick in one fixed order —
//! sensors → VM instructions → actuators → physics step → timers — on a whole-millisecond
//! simulated clock, plus snapshots, the JSON state object, trace CSV and record/replay.
//! Never reads the wall clock; never touches tokio, wgpu or egui. Owns the [`World`], the
//! [`Vm`] and the [`Tracer`] and joins them; depends on nothing above it (runner, link, app).
//!
//! Determinism: the same robot and environment files, program, seed and external inputs
//! (applied at the same ticks) give bit-identical results, in any build with the same
//! rapier feature set. Every external input goes through [`Simulation::apply`] (or a method
//! that calls it) and is logged with its tick, so runs can be recorded, replayed and
//! re-simulated from a checkpoint clone (see [`record`] and [`timeline`]).
//!
//! CONTRACT (add, don't rename): `Simulation::{new, load_program, program, start, reset,
//! tick, time_ms, snapshot, state_json, vm, world, tracer}`, `Snapshot`, `SimConfig`. There is
//! no mutable access to the VM or the world from outside: every change is an [`Input`].

pub mod audio;
pub mod brick;
pub mod csv;
pub mod hardware;
pub mod input;
mod json_out;
pub mod multi;
pub mod odometry;
pub mod record;
pub mod scenario;
pub mod scene;
pub mod scene_record;
pub mod snapshot;
pub mod specs;
pub mod time;
pub mod timeline;

pub use brick::Rcx;
pub use input::{Input, InputLog, ProgramData, TimedInput};
pub use snapshot::RobotTag;
pub use snapshot::Snapshot;
pub use time::TICK_MS;

use crate::rcx::opcode as op;
use crate::rcx::program::{Program, MAX_SUBS, MAX_TASKS};
use crate::trace::Tracer;
pub use crate::vm::Realism;
use crate::vm::{TaskState, TaskView, Vm, VmConfig};
use crate::world::{spec, Pose, World};
use odometry::Odometry;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Settings of a simulation.
#[derive(Clone, Debug, Default)]
pub struct SimConfig {
    /// Seeds the world's sensor noise and the RCX's random source (`vm.seed` is replaced by
    /// it, so one number reproduces a run).
    pub seed: u64,
    pub vm: VmConfig,
    /// Copies of the robot in the world (0 or 1 = one; more for benchmarks — sensors, pose
    /// and odometry belong to the first).
    pub robots: usize,
    /// `--realism`: the 2007 simulator (default) or a real brick. Replaces `vm.realism` and
    /// reaches the world's motors and sensors too.
    pub realism: Realism,
    /// `--battery-v`: every robot's battery, V, in place of its robot file's `battery_v`
    /// (None: the file's, or the realism's default — `world::battery`). Out of range
    /// (`world::battery::check_v`) the simulation is not built: a `SpecError` naming
    /// `--battery-v`.
    pub battery_v: Option<f32>,
}

/// The empty program, for a slot that does not exist.
static EMPTY: Program = Program {
    tasks: [const { None }; MAX_TASKS],
    subs: [const { None }; MAX_SUBS],
    labels: Vec::new(),
};

/// Where one robot of a simulation starts and what it is: the robot's name (a scene's, or
/// `R1`, `R2`, … for robots added in the app), its robot file and its start pose (x, z in m,
/// yaw in degrees, the environment's `[start]` convention).
#[derive(Clone, Debug)]
pub struct Placement {
    pub name: String,
    pub spec: spec::RobotSpec,
    pub pose: (f32, f32, f32),
    /// The robot file's text, when known (a scene's; recordings carry it).
    pub model: Option<specs::SpecSource>,
}

/// Robots, their world and their RCXs, ticking together: one robot (`run`, the app's
/// default) or a scene of several (`run --scene`, `gui --scene`), each with its own brick.
/// Methods without a robot index (`vm`, `tracer`, `pose`, `apply`, `snapshot`, …) concern
/// robot 0; the `*_of`/`*_to` forms take the robot's index.
#[derive(Clone)]
pub struct Simulation {
    world: World,
    bots: Vec<multi::Bot>,
    time_ms: u64,
    config: SimConfig,
    env: spec::EnvSpec,
    /// The robots as built (reset and rebuild start from it).
    layout: Vec<Placement>,
    /// Built from a scene (every robot placed where its placement says) rather than as the
    /// one robot of `run` (which also builds `config.robots` benchmark copies).
    scene: bool,
    /// IR packets on the air between the bricks.
    air: Vec<multi::InFlight>,
    /// Packets dropped because too many were on the air.
    pub ir_dropped: u64,
    /// External inputs since the simulation began (or was last reset), in order.
    inputs: InputLog,
    /// Set when the log was restarted mid-run to bound its memory: the time from which it
    /// holds every input (replays and recordings need the log from the start).
    log_trimmed_at: Option<u64>,
}

impl Simulation {
    pub fn new(
        robot: spec::RobotSpec,
        env: spec::EnvSpec,
        config: SimConfig,
    ) -> Result<Simulation, spec::SpecError> {
        let pose = env_start(&env);
        let layout = vec![Placement {
            name: "R1".into(),
            spec: robot,
            pose,
            model: None,
        }];
        Simulation::build(layout, env, config, false)
    }

    /// Robots placed as `layout` says, each with a fresh brick (no programs).
    pub(crate) fn build(
        layout: Vec<Placement>,
        env: spec::EnvSpec,
        config: SimConfig,
        scene: bool,
    ) -> Result<Simulation, spec::SpecError> {
        let world = build_world(&layout, &env, &config, scene)?;
        let bots = layout
            .iter()
            .enumerate()
            .map(|(k, p)| multi::Bot::new(p.name.clone(), &config, k, world.brick_pose_of(k)))
            .collect();
        let mut sim = Simulation {
            world,
            bots,
            time_ms: 0,
            config,
            env,
            layout,
            scene,
            air: Vec::new(),
            ir_dropped: 0,
            inputs: InputLog::default(),
            log_trimmed_at: None,
        };
        for b in &mut sim.bots {
            b.retrace(0);
        }
        Ok(sim)
    }

    /// How many robots (and bricks).
    pub fn robot_count(&self) -> usize {
        self.bots.len()
    }

    /// The robots as built (names, robot files, start poses).
    pub fn layout(&self) -> &[Placement] {
        &self.layout
    }

    /// Whether the robots were placed as a scene (several robots, or a scene file's one).
    pub fn is_scene(&self) -> bool {
        self.scene
    }

    /// Loads a program into the current slot (tasks stopped) and recognises its VIs.
    pub fn load_program(&mut self, program: Program) {
        self.load_program_to(0, program);
    }

    /// As [`Simulation::load_program`] on robot `k`'s brick.
    pub fn load_program_to(&mut self, k: usize, program: Program) {
        let Some(b) = self.bots.get(k) else { return };
        let slot = b.vm.slot();
        self.apply_to(
            k,
            Input::Program {
                slot,
                program: ProgramData::of(&program),
            },
        );
    }

    /// The program in the current slot.
    pub fn program(&self) -> &Program {
        self.program_of(0)
    }

    /// The program in robot `k`'s current slot (empty past the last robot).
    pub fn program_of(&self, k: usize) -> &Program {
        self.bots
            .get(k)
            .and_then(|b| b.vm.program(b.vm.slot()))
            .unwrap_or(&EMPTY)
    }

    /// Starts task 0 (the Run button).
    pub fn start(&mut self) {
        self.apply(Input::StartTask { task: 0 });
    }

    /// (Re)starts one task of the current program.
    pub fn start_task(&mut self, task: u8) {
        self.apply(Input::StartTask { task });
    }

    /// Stops every task (the Stop button).
    pub fn stop(&mut self) {
        self.apply(Input::StopAll);
    }

    /// Executes a direct command (opcode and parameters, unframed) on the RCX and returns its
    /// reply payload (see [`Vm::direct`]). Commands that change something are logged, so
    /// recordings and seeks replay them; pure queries (ping, poll, pollb, pollp, memmap,
    /// polld), which a link client sends many times a second, change nothing and are not.
    pub fn direct(&mut self, payload: &[u8]) -> Option<Vec<u8>> {
        self.direct_to(0, payload)
    }

    /// As [`Simulation::direct`] on robot `k`'s brick (`None` past the last robot). A
    /// switched-off brick hears nothing: no reply, nothing changes (a host's tool times out
    /// as it does at a real brick that is off).
    pub fn direct_to(&mut self, k: usize, payload: &[u8]) -> Option<Vec<u8>> {
        if self.bots.get(k)?.vm.is_off() {
            return None;
        }
        if is_query(payload) {
            let b = self.bots.get_mut(k)?;
            return b.vm.direct(&mut self.world.brick_of(k), payload);
        }
        self.apply_to(
            k,
            Input::Direct {
                hex: input::to_hex(payload),
            },
        )
    }

    /// Presses one of the brick's buttons (logged like every input, so replays see it).
    pub fn press(&mut self, button: crate::vm::Button) {
        self.apply(Input::Button { button });
    }

    /// Picks the robot up and puts it down at `pose` (x, z, yaw), at rest.
    pub fn place_robot(&mut self, pose: Pose) {
        self.apply(Input::PlaceRobot {
            x: pose.x,
            z: pose.z,
            yaw_deg: pose.yaw_deg,
        });
    }

    /// Back to the start pose, programs kept, tasks stopped, clock and VM state as a fresh
    /// brick with the same programs in the same slots (the slot choice is kept too). The
    /// input log restarts: it then holds the programs, so a recording made afterwards
    /// replays from a fresh simulation.
    pub fn reset(&mut self) {
        // A fresh world cannot fail here: the same specs built one before.
        if let Ok(world) = build_world(&self.layout, &self.env, &self.config, self.scene) {
            self.world = world;
        }
        let keep: Vec<Option<usize>> = (0..self.bots.len()).map(Some).collect();
        self.restart_bricks(&keep);
    }

    /// Replaces the robot and/or environment, keeping the programs (the toolbar's robot and
    /// environment choice); otherwise as [`Simulation::reset`]. On an error nothing changes.
    /// In a scene the robot is robot 0's.
    pub fn rebuild(
        &mut self,
        robot: spec::RobotSpec,
        env: spec::EnvSpec,
    ) -> Result<(), spec::SpecError> {
        let mut layout = self.layout.clone();
        if !self.scene {
            layout[0].pose = env_start(&env);
        }
        layout[0].spec = robot;
        let keep = (0..layout.len()).map(Some).collect::<Vec<_>>();
        self.relayout(layout, env, self.scene, &keep)
    }

    /// Rebuilds with other robots (the app's add, remove, model and start-pose choices):
    /// robot `k` of the new layout gets the programs of old robot `keep[k]` (`None`: an
    /// empty brick). Otherwise as [`Simulation::reset`]; on an error nothing changes. The
    /// result is a scene unless it has one robot at the environment's start.
    pub fn relayout_robots(
        &mut self,
        layout: Vec<Placement>,
        keep: &[Option<usize>],
    ) -> Result<(), spec::SpecError> {
        let scene = layout.len() != 1 || layout[0].pose != env_start(&self.env) || self.scene;
        let env = self.env.clone();
        self.relayout(layout, env, scene, keep)
    }

    fn relayout(
        &mut self,
        layout: Vec<Placement>,
        env: spec::EnvSpec,
        scene: bool,
        keep: &[Option<usize>],
    ) -> Result<(), spec::SpecError> {
        let world = build_world(&layout, &env, &self.config, scene)?;
        self.world = world;
        self.env = env;
        self.scene = scene;
        self.layout = layout;
        self.restart_bricks(keep);
        Ok(())
    }

    /// Switches `--realism` (for a frontend's realism choice): as [`Simulation::reset`]
    /// under the new setting — programs and slot kept, clock 0, tasks stopped.
    pub fn set_realism(&mut self, realism: Realism) {
        self.config.realism = realism;
        self.reset();
    }

    /// Fresh VMs for the layout's robots, robot `k` with the programs of old robot
    /// `keep[k]`; clock 0, new odometry, IR air cleared, log restarted.
    fn restart_bricks(&mut self, keep: &[Option<usize>]) {
        let old = std::mem::take(&mut self.bots);
        self.time_ms = 0;
        self.inputs.clear();
        self.log_trimmed_at = None;
        self.air.clear();
        self.ir_dropped = 0;
        self.bots = self
            .layout
            .iter()
            .enumerate()
            .map(|(k, p)| {
                multi::Bot::new(p.name.clone(), &self.config, k, self.world.brick_pose_of(k))
            })
            .collect();
        for k in 0..self.bots.len() {
            let Some(prev) = keep.get(k).copied().flatten().and_then(|i| old.get(i)) else {
                continue;
            };
            let slot = prev.vm.slot();
            for s in 0..crate::rcx::program::SLOTS {
                if let Some(p) = prev.vm.program(s) {
                    if !p.is_empty() {
                        self.apply_to(
                            k,
                            Input::Program {
                                slot: s,
                                program: ProgramData::of(p),
                            },
                        );
                    }
                }
            }
            if slot != 0 {
                self.apply_to(k, Input::SelectSlot { slot });
            }
        }
        let t = self.time_ms;
        for b in &mut self.bots {
            b.retrace(t);
        }
    }

    /// Applies one external input now (before the next tick) and logs it. Returns the reply
    /// of a direct command.
    pub fn apply(&mut self, input: Input) -> Option<Vec<u8>> {
        self.apply_to(0, input)
    }

    /// As [`Simulation::apply`] for robot `k` (its brick, or where it is placed); the
    /// world's boxes are everyone's. Past the last robot nothing happens and nothing is
    /// logged.
    pub fn apply_to(&mut self, k: usize, input: Input) -> Option<Vec<u8>> {
        if k >= self.bots.len() {
            return None;
        }
        let mut reply = None;
        match &input {
            Input::PlaceRobot { x, z, yaw_deg } => {
                self.world.place_robot_of(
                    k,
                    Pose {
                        x: *x,
                        y: 0.0,
                        z: *z,
                        yaw_deg: *yaw_deg,
                    },
                );
                // Carrying the robot is not driving: odometry restarts from here.
                self.bots[k].odometry = Odometry::new(self.world.brick_pose_of(k));
            }
            Input::AddBox {
                name,
                size,
                centre,
                yaw_deg,
            } => {
                self.world.add_box(name, *size, *centre, *yaw_deg);
            }
            Input::RemoveBox { id } => {
                self.world.remove_box(*id);
            }
            brick_input => {
                reply = brick::apply_to_vm(
                    &mut self.bots[k].vm,
                    &mut self.world.brick_of(k),
                    brick_input,
                )
            }
        }
        self.inputs.push(TimedInput {
            time_ms: self.time_ms,
            brick: k,
            input,
        });
        let t = self.time_ms;
        let b = &mut self.bots[k];
        if b.program_changed() {
            b.retrace(t);
        }
        b.follow(t);
        reply
    }

    /// One 1 ms tick of every brick and the world.
    pub fn tick(&mut self) {
        let t = self.time_ms;
        for b in &mut self.bots {
            if b.program_changed() {
                b.retrace(t);
            }
        }
        // THE TICK — the one place its order is written down (architecture.md); with
        // several robots every step is done for robot 0, then 1, … before the next step:
        // 1. sensors: each VM samples every input port from the world as it stands;
        for (k, b) in self.bots.iter_mut().enumerate() {
            b.vm.sense(&mut self.world.brick_of(k));
        }
        // 2. VM: every running task executes this tick's instruction(s);
        for (k, b) in self.bots.iter_mut().enumerate() {
            b.vm.execute(&mut self.world.brick_of(k));
        }
        // 3. actuators: the motors take each VM's effective outputs (one robot's brick
        //    drives its benchmark copies too);
        if let [one] = &self.bots[..] {
            self.world.set_outputs(&one.vm.outputs());
        } else {
            for (k, b) in self.bots.iter().enumerate() {
                self.world.set_outputs_of(k, &b.vm.outputs());
            }
        }
        // 4. physics: one fixed 1 ms rapier step for the whole world;
        self.world.step();
        // 5. timers: every VM's clock, timers and waits advance by the same 1 ms;
        for b in &mut self.bots {
            b.vm.advance();
        }
        self.time_ms += TICK_MS;
        // 6. IR: what each brick sent goes on the air; what has arrived reaches the others
        //    (a brick alone keeps its transmissions: nobody hears them).
        if self.bots.len() > 1 {
            self.send_ir();
            self.deliver_ir();
        }
        // Bookkeeping that reads the tick's results and never changes them.
        let t = self.time_ms;
        for (k, b) in self.bots.iter_mut().enumerate() {
            b.odometry.update(self.world.brick_pose_of(k));
            b.follow(t);
        }
    }

    /// `n` ticks.
    pub fn run_ticks(&mut self, n: u64) {
        for _ in 0..n {
            self.tick();
        }
    }

    /// Ticks until the clock reads `time_ms` (nothing if it is already there or past).
    pub fn run_until(&mut self, time_ms: u64) {
        while self.time_ms < time_ms {
            self.tick();
        }
    }

    /// Simulated time in ms since the start (or the last reset).
    pub fn time_ms(&self) -> u64 {
        self.time_ms
    }

    pub fn vm(&self) -> &Vm {
        &self.bots[0].vm
    }

    /// Robot `k`'s VM (robot 0's past the last).
    pub fn vm_of(&self, k: usize) -> &Vm {
        &self.bots.get(k).unwrap_or(&self.bots[0]).vm
    }

    pub fn world(&self) -> &World {
        &self.world
    }

    pub fn tracer(&self) -> &Tracer {
        &self.bots[0].tracer
    }

    /// Robot `k`'s tracer (robot 0's past the last).
    pub fn tracer_of(&self, k: usize) -> &Tracer {
        &self.bots.get(k).unwrap_or(&self.bots[0]).tracer
    }

    pub fn config(&self) -> &SimConfig {
        &self.config
    }

    /// Robot 0's robot file.
    pub fn robot_spec(&self) -> &spec::RobotSpec {
        &self.layout[0].spec
    }

    pub fn env_spec(&self) -> &spec::EnvSpec {
        &self.env
    }

    /// The external inputs applied since the start (or last reset), with their ticks.
    pub fn inputs(&self) -> &InputLog {
        &self.inputs
    }

    /// Forgets the input log, to bound its memory (the runner does this when the log costs
    /// more than [`input::MAX_LOG_BYTES`], and restarts its history here). Afterwards the
    /// run can be replayed only from a copy of this moment, not from its start:
    /// [`Simulation::log_trimmed_at`] says since when the log is complete.
    pub fn forget_inputs(&mut self) {
        self.inputs.clear();
        self.log_trimmed_at = Some(self.time_ms);
    }

    /// When the input log was last forgotten mid-run (`None`: it holds every input since
    /// the start or the last reset).
    pub fn log_trimmed_at(&self) -> Option<u64> {
        self.log_trimmed_at
    }

    /// The brick's pose now.
    pub fn pose(&self) -> Pose {
        self.world.brick_pose()
    }

    /// Robot `k`'s brick pose now.
    pub fn pose_of(&self, k: usize) -> Pose {
        self.world.brick_pose_of(k)
    }

    /// Where the brick started (or was last placed).
    pub fn start_pose(&self) -> Pose {
        self.bots[0].odometry.start
    }

    pub fn path_length_m(&self) -> f64 {
        self.bots[0].odometry.path_length_m
    }

    pub fn yaw_total_deg(&self) -> f64 {
        self.bots[0].odometry.yaw_total_deg
    }

    pub fn displacement_m(&self) -> f64 {
        self.bots[0].odometry.displacement_m()
    }

    /// The instruction each running task of robot `k` executes next, as text.
    fn current_instructions(&self, k: usize, tasks: &[TaskView]) -> BTreeMap<u8, String> {
        let mut out = BTreeMap::new();
        let program = self.program_of(k);
        for t in tasks.iter().filter(|t| t.state != TaskState::Stopped) {
            let code = match t.sub {
                Some(s) => program.subs.get(s as usize),
                None => program.tasks.get(t.task as usize),
            };
            let Some(Some(code)) = code else { continue };
            let text = match crate::rcx::decode_one(code, t.pc as usize) {
                Ok(i) => instr_text(&i),
                Err(_) => "?".to_string(),
            };
            out.insert(t.task, text);
        }
        out
    }

    /// A snapshot of this moment (robot 0's brick).
    pub fn snapshot(&self) -> Snapshot {
        self.snapshot_of(0)
    }

    /// A snapshot of this moment, showing robot `k`'s brick, readouts and trace (robot 0's
    /// past the last); every robot's name and pose are in `robots`.
    pub fn snapshot_of(&self, k: usize) -> Snapshot {
        let k = if k < self.bots.len() { k } else { 0 };
        let b = &self.bots[k];
        let tasks = b.vm.tasks();
        let countdown_s = tasks
            .iter()
            .filter_map(|t| b.tracer.countdown(t.task).map(|s| (t.task, s)))
            .collect();
        Snapshot {
            time_ms: self.time_ms,
            robot: self.world.robot_name_of(k).to_string(),
            environment: self.world.env_name().to_string(),
            pose: self.world.brick_pose_of(k),
            start_pose: b.odometry.start,
            displacement_m: b.odometry.displacement_m(),
            path_length_m: b.odometry.path_length_m,
            yaw_total_deg: b.odometry.yaw_total_deg,
            bodies: self.world.bodies(),
            statics: self.world.statics(),
            floor: self.world.floor(),
            outputs: b.vm.outputs(),
            sensors: b.vm.sensors(),
            variables: b.vm.variables(),
            timers: b.vm.timers_100ms(),
            program_slot: b.vm.slot(),
            current_instr: self.current_instructions(k, &tasks),
            tasks,
            faults: b.vm.faults().to_vec(),
            current_vi: b.tracer.current().clone(),
            countdown_s,
            sounds_count: b.vm.sounds().len(),
            last_sound: b.vm.sounds().last().cloned(),
            recent_sounds: {
                // The last 16, without flattening the shared log.
                let mut recent: Vec<_> = b.vm.sounds().iter().rev().take(16).cloned().collect();
                recent.reverse();
                recent
            },
            program_generation: b.vm.program_generation(),
            vis: b.vis.clone(),
            trace_events: b.tracer.events().len(),
            display: b.vm.lcd(),
            selected: k,
            robots: self.robot_tags(),
        }
    }

    /// Every robot's name, model and pose (a snapshot's `robots`).
    pub fn robot_tags(&self) -> Vec<snapshot::RobotTag> {
        self.bots
            .iter()
            .enumerate()
            .map(|(k, b)| snapshot::RobotTag {
                name: b.name.clone(),
                model: self.world.robot_name_of(k).to_string(),
                pose: self.world.brick_pose_of(k),
                start_pose: b.odometry.start,
                running: b.vm.tasks().iter().any(|t| t.state != TaskState::Stopped),
                has_program: !self.program_of(k).is_empty(),
                display: b.vm.lcd().text,
                ir_sent: b.ir_sent,
                ir_received: b.ir_received,
            })
            .collect()
    }

    /// The state object of cli.md (`--json`): the simulation's keys, the VM's part and the
    /// tracer's `trace: {vis, events}` — robot 0's.
    pub fn state_json(&self) -> Value {
        self.robot_doc(0, false).to_value()
    }

    /// [`Simulation::state_json`] written to `w` as pretty JSON (the same text as
    /// `serde_json::to_writer_pretty` of it), one trace event and one sound at a time, so
    /// printing it costs no memory that grows with the run (`run --json`).
    pub fn write_state_json<W: std::io::Write>(&self, w: W) -> serde_json::Result<()> {
        self.robot_doc(0, false).write_pretty(w)
    }
}

/// Through the simulation's one `apply` path, so every change a link makes to the brick is
/// in its input log (recordings and the timeline replay them), and direct commands read the
/// world as the tick does.
impl Rcx for Simulation {
    fn vm(&self) -> &Vm {
        Simulation::vm(self)
    }
    fn direct(&mut self, payload: &[u8]) -> Option<Vec<u8>> {
        Simulation::direct(self, payload)
    }
    fn apply(&mut self, input: Input) {
        Simulation::apply(self, input);
    }
}

/// The world for a spec pair and config.
fn build_world(
    layout: &[Placement],
    env: &spec::EnvSpec,
    config: &SimConfig,
    scene: bool,
) -> Result<World, spec::SpecError> {
    // `--battery-v` replaces each robot file's battery (refused here too when out of range,
    // so no caller can feed the motors a NaN).
    if let Some(v) = config.battery_v {
        crate::world::battery::check_v(v).map_err(|message| spec::SpecError {
            file: "--battery-v".into(),
            line: 0,
            message,
        })?;
    }
    let spec = |s: &spec::RobotSpec| {
        let mut s = s.clone();
        if let Some(v) = config.battery_v {
            s.motor.battery_v = Some(toml::Spanned::new(0..0, v));
        }
        s
    };
    match layout {
        [one] if !scene => World::new_at(
            spec(&one.spec),
            env.clone(),
            one.pose,
            config.robots.max(1),
            config.seed,
            config.realism,
        ),
        _ => World::new_scene(
            env.clone(),
            layout
                .iter()
                .map(|p| (spec(&p.spec), p.pose.0, p.pose.1, p.pose.2))
                .collect(),
            config.seed,
            config.realism,
        ),
    }
}

/// The environment's start pose (x, z, yaw in degrees).
pub fn env_start(env: &spec::EnvSpec) -> (f32, f32, f32) {
    (
        *env.start.x.get_ref(),
        *env.start.z.get_ref(),
        *env.start.yaw.get_ref(),
    )
}

pub(crate) fn vm_config(config: &SimConfig) -> VmConfig {
    VmConfig {
        seed: config.seed,
        realism: config.realism,
        ..config.vm.clone()
    }
}

/// Rounds to 1e-6 for JSON: micrometres and micro-degrees are far below what the physics
/// resolves, and `1.05` reads better than `1.0499999523162842`.
pub(crate) fn round6(v: f64) -> f64 {
    (v * 1e6).round() / 1e6
}

/// A pose as the state object writes it: x, y, z in m and yaw in degrees, to 1e-6.
pub fn pose_json(p: &Pose) -> Value {
    json!({
        "x": round6(p.x),
        "y": round6(p.y),
        "z": round6(p.z),
        "yaw_deg": round6(p.yaw_deg),
    })
}

/// An instruction as LASM-like text: mnemonic, fields, and the jump target if any.
pub fn instr_text(i: &crate::rcx::Instr) -> String {
    let fields: Vec<String> = i.fields().iter().map(|v| v.to_string()).collect();
    let mut s = i.info().mnemonic.to_string();
    if !fields.is_empty() {
        s.push(' ');
        s.push_str(&fields.join(","));
    }
    if let Some(t) = i.target {
        s.push_str(&format!(" -> {t}"));
    }
    s
}

/// Whether a direct command only reads the RCX's state (its reply is all it does). A poll
/// of the random source draws a number (the generator moves on), so it is logged.
fn is_query(payload: &[u8]) -> bool {
    let Some(info) = payload.first().and_then(|&b| op::info(b)) else {
        return false;
    };
    match info.op {
        op::POLL => payload.get(1) != Some(&crate::rcx::source::src::RANDOM),
        other => matches!(
            other,
            op::PING | op::POLLP | op::MEMMAP | op::POLLB | op::POLLD
        ),
    }
}

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
pub mod input;
pub mod multi;
pub mod odometry;
pub mod record;
pub mod scene;
pub mod scene_record;
pub mod snapshot;
pub mod specs;
pub mod time;
pub mod timeline;

pub use brick::Rcx;
pub use input::{Input, InputLog, ProgramData, TimedInput};
pub use snapshot::Snapshot;
pub use time::TICK_MS;

use crate::rcx::opcode as op;
use crate::rcx::program::{Program, MAX_SUBS, MAX_TASKS};
use crate::trace::{Tracer, Vi};
pub use crate::vm::Realism;
use crate::vm::{TaskState, TaskView, Vm, VmConfig};
use crate::world::{spec, Pose, World};
use odometry::Odometry;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::Arc;

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
}

/// The empty program, for a slot that does not exist.
static EMPTY: Program = Program {
    tasks: [const { None }; MAX_TASKS],
    subs: [const { None }; MAX_SUBS],
    labels: Vec::new(),
};

/// A robot, its world and its RCX, ticking together.
#[derive(Clone)]
pub struct Simulation {
    world: World,
    vm: Vm,
    tracer: Tracer,
    /// The tracer's VIs, shared with snapshots.
    vis: Arc<Vec<Vi>>,
    time_ms: u64,
    config: SimConfig,
    robot: spec::RobotSpec,
    env: spec::EnvSpec,
    odometry: Odometry,
    /// The VM's program generation and slot the tracer was built for (a running program
    /// can select another slot itself: the tick re-recognises then, logging nothing).
    seen_generation: u64,
    seen_slot: usize,
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
        let world = build_world(&robot, &env, &config)?;
        let vm = Vm::new(vm_config(&config));
        let start = world.brick_pose();
        let mut sim = Simulation {
            world,
            vm,
            tracer: Tracer::default(),
            vis: Arc::new(Vec::new()),
            time_ms: 0,
            config,
            robot,
            env,
            odometry: Odometry::new(start),
            seen_generation: 0,
            seen_slot: 0,
            inputs: InputLog::default(),
            log_trimmed_at: None,
        };
        sim.retrace();
        Ok(sim)
    }

    /// Loads a program into the current slot (tasks stopped) and recognises its VIs.
    pub fn load_program(&mut self, program: Program) {
        let slot = self.vm.slot();
        self.apply(Input::Program {
            slot,
            program: ProgramData::of(&program),
        });
    }

    /// The program in the current slot.
    pub fn program(&self) -> &Program {
        self.vm.program(self.vm.slot()).unwrap_or(&EMPTY)
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
        if is_query(payload) {
            return self.vm.direct(&mut self.world, payload);
        }
        self.apply(Input::Direct {
            hex: input::to_hex(payload),
        })
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
        if let Ok(world) = build_world(&self.robot, &self.env, &self.config) {
            self.world = world;
        }
        self.restart_brick();
    }

    /// Replaces the robot and/or environment, keeping the programs (the toolbar's robot and
    /// environment choice); otherwise as [`Simulation::reset`]. On an error nothing changes.
    pub fn rebuild(
        &mut self,
        robot: spec::RobotSpec,
        env: spec::EnvSpec,
    ) -> Result<(), spec::SpecError> {
        self.world = build_world(&robot, &env, &self.config)?;
        self.robot = robot;
        self.env = env;
        self.restart_brick();
        Ok(())
    }

    /// Switches `--realism` (for a frontend's realism choice): as [`Simulation::reset`]
    /// under the new setting — programs and slot kept, clock 0, tasks stopped.
    pub fn set_realism(&mut self, realism: Realism) {
        self.config.realism = realism;
        self.reset();
    }

    /// A fresh VM with the old one's programs, clock 0, new odometry, log restarted.
    fn restart_brick(&mut self) {
        let old = std::mem::replace(&mut self.vm, Vm::new(vm_config(&self.config)));
        let slot = old.slot();
        self.time_ms = 0;
        self.inputs.clear();
        self.log_trimmed_at = None;
        self.odometry = Odometry::new(self.world.brick_pose());
        for s in 0..crate::rcx::program::SLOTS {
            if let Some(p) = old.program(s) {
                if !p.is_empty() {
                    self.apply(Input::Program {
                        slot: s,
                        program: ProgramData::of(p),
                    });
                }
            }
        }
        if slot != 0 {
            self.apply(Input::SelectSlot { slot });
        }
        self.retrace();
    }

    /// Applies one external input now (before the next tick) and logs it. Returns the reply
    /// of a direct command.
    pub fn apply(&mut self, input: Input) -> Option<Vec<u8>> {
        let mut reply = None;
        match &input {
            Input::PlaceRobot { x, z, yaw_deg } => {
                self.world.place_robot(Pose {
                    x: *x,
                    y: 0.0,
                    z: *z,
                    yaw_deg: *yaw_deg,
                });
                // Carrying the robot is not driving: odometry restarts from here.
                self.odometry = Odometry::new(self.world.brick_pose());
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
            brick_input => reply = brick::apply_to_vm(&mut self.vm, &mut self.world, brick_input),
        }
        self.inputs.push(TimedInput {
            time_ms: self.time_ms,
            input,
        });
        if self.program_changed() {
            self.retrace();
        }
        let tasks = self.vm.tasks();
        self.tracer.update(self.time_ms, &tasks);
        reply
    }

    /// Whether the current slot or any program changed since the icons were recognised.
    fn program_changed(&self) -> bool {
        self.vm.program_generation() != self.seen_generation || self.vm.slot() != self.seen_slot
    }

    /// Re-recognises the current program's VIs.
    fn retrace(&mut self) {
        self.tracer = Tracer::new(self.program());
        self.vis = Arc::new(self.tracer.vis().to_vec());
        self.seen_generation = self.vm.program_generation();
        self.seen_slot = self.vm.slot();
        let tasks = self.vm.tasks();
        self.tracer.update(self.time_ms, &tasks);
    }

    /// One 1 ms tick.
    pub fn tick(&mut self) {
        if self.program_changed() {
            self.retrace();
        }
        // THE TICK — the one place its order is written down (architecture.md):
        // 1. sensors: the VM samples every input port from the world as it stands;
        self.vm.sense(&mut self.world);
        // 2. VM: every running task executes this tick's instruction(s);
        self.vm.execute(&mut self.world);
        // 3. actuators: the motors take the VM's effective outputs;
        self.world.set_outputs(&self.vm.outputs());
        // 4. physics: one fixed 1 ms rapier step;
        self.world.step();
        // 5. timers: the VM's clock, timers and waits advance by the same 1 ms.
        self.vm.advance();
        self.time_ms += TICK_MS;
        // Bookkeeping that reads the tick's results and never changes them.
        self.odometry.update(self.world.brick_pose());
        let tasks = self.vm.tasks();
        self.tracer.update(self.time_ms, &tasks);
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
        &self.vm
    }

    pub fn world(&self) -> &World {
        &self.world
    }

    pub fn tracer(&self) -> &Tracer {
        &self.tracer
    }

    pub fn config(&self) -> &SimConfig {
        &self.config
    }

    pub fn robot_spec(&self) -> &spec::RobotSpec {
        &self.robot
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

    /// Where the brick started (or was last placed).
    pub fn start_pose(&self) -> Pose {
        self.odometry.start
    }

    pub fn path_length_m(&self) -> f64 {
        self.odometry.path_length_m
    }

    pub fn yaw_total_deg(&self) -> f64 {
        self.odometry.yaw_total_deg
    }

    pub fn displacement_m(&self) -> f64 {
        self.odometry.displacement_m()
    }

    /// The instruction each running task executes next, as text.
    fn current_instructions(&self, tasks: &[TaskView]) -> BTreeMap<u8, String> {
        let mut out = BTreeMap::new();
        let program = self.program();
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

    /// A snapshot of this moment.
    pub fn snapshot(&self) -> Snapshot {
        let tasks = self.vm.tasks();
        let countdown_s = tasks
            .iter()
            .filter_map(|t| self.tracer.countdown(t.task).map(|s| (t.task, s)))
            .collect();
        Snapshot {
            time_ms: self.time_ms,
            robot: self.world.robot_name().to_string(),
            environment: self.world.env_name().to_string(),
            pose: self.world.brick_pose(),
            start_pose: self.odometry.start,
            displacement_m: self.odometry.displacement_m(),
            path_length_m: self.odometry.path_length_m,
            yaw_total_deg: self.odometry.yaw_total_deg,
            bodies: self.world.bodies(),
            statics: self.world.statics(),
            floor: self.world.floor(),
            outputs: self.vm.outputs(),
            sensors: self.vm.sensors(),
            variables: self.vm.variables(),
            timers: self.vm.timers_100ms(),
            program_slot: self.vm.slot(),
            current_instr: self.current_instructions(&tasks),
            tasks,
            faults: self.vm.faults().to_vec(),
            current_vi: self.tracer.current().clone(),
            countdown_s,
            sounds_count: self.vm.sounds().len(),
            last_sound: self.vm.sounds().last().cloned(),
            recent_sounds: {
                // The last 16, without flattening the shared log.
                let mut recent: Vec<_> = self.vm.sounds().iter().rev().take(16).cloned().collect();
                recent.reverse();
                recent
            },
            program_generation: self.vm.program_generation(),
            vis: self.vis.clone(),
            trace_events: self.tracer.events().len(),
            display: self.vm.lcd(),
        }
    }

    /// The state object of cli.md (`--json`): the simulation's keys, the VM's part and the
    /// tracer's `trace: {vis, events}`.
    pub fn state_json(&self) -> Value {
        let pose = self.world.brick_pose();
        let mut m = serde_json::Map::new();
        m.insert("sim_time_s".into(), json!(time::seconds(self.time_ms)));
        m.insert("robot".into(), json!(self.world.robot_name()));
        m.insert("environment".into(), json!(self.world.env_name()));
        m.insert("pose".into(), pose_json(&pose));
        m.insert("start_pose".into(), pose_json(&self.odometry.start));
        m.insert(
            "displacement_m".into(),
            json!(round6(self.odometry.displacement_m())),
        );
        m.insert(
            "path_length_m".into(),
            json!(round6(self.odometry.path_length_m)),
        );
        m.insert(
            "yaw_total_deg".into(),
            json!(round6(self.odometry.yaw_total_deg)),
        );
        for (k, v) in self.vm.state_json() {
            m.insert(k, v);
        }
        m.insert(
            "trace".into(),
            json!({
                "vis": self.tracer.vis(),
                "events": self.tracer.events(),
            }),
        );
        Value::Object(m)
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
    robot: &spec::RobotSpec,
    env: &spec::EnvSpec,
    config: &SimConfig,
) -> Result<World, spec::SpecError> {
    World::new_realism(
        robot.clone(),
        env.clone(),
        config.robots.max(1),
        config.seed,
        config.realism,
    )
}

fn vm_config(config: &SimConfig) -> VmConfig {
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

pub(crate) fn pose_json(p: &Pose) -> Value {
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

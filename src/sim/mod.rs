//! The deterministic core: one 1 ms tick in one fixed order —
//! sensors → VM instructions → actuators → physics step → timers — on a whole-millisecond
//! simulated clock, plus snapshots, the JSON state object, trace CSV and record/replay.
//! Never reads the wall clock; never touches tokio, wgpu or egui. Owns the [`World`], the
//! [`Vm`](crate::vm::Vm) and the [`Tracer`](crate::trace::Tracer) and joins them; depends on nothing above it (runner, link, app).
//!
//! Determinism: the same robot and environment files, program, seed and external inputs
//! (applied at the same ticks) give bit-identical results, in any build with the same
//! rapier feature set. Every external input goes through [`Simulation::apply`] (or a method
//! that calls it) and is logged with its tick, so runs can be recorded, replayed and
//! re-simulated from a checkpoint clone (see [`record`] and [`timeline`]).
//!
//! CONTRACT (add, don't rename): `Simulation::{new, robots, robot, robot_mut, apply, reset,
//! tick, time_ms, world}`, [`Robot`]`::{vm, tracer, program, pose, snapshot, state_json}`,
//! [`RobotMut`]`::{load_program, start, stop, direct}`, `Snapshot`, `SimConfig`. There is no
//! mutable access to the VM or the world from outside: every change is an [`Input`].

pub mod assignment;
pub mod audio;
pub mod brick;
pub mod csv;
pub mod goal;
pub mod hardware;
pub mod input;
mod json_out;
pub mod multi;
pub mod odometry;
pub mod record;
pub mod robot;
pub mod scenario;
pub mod scene;
pub mod snapshot;
pub mod specs;
pub mod time;
pub mod timeline;
pub mod vary;

pub use brick::Rcx;
pub use input::{Input, InputLog, ProgramData, TimedInput};
pub use robot::{Robot, RobotMut};
pub use snapshot::RobotTag;
pub use snapshot::Snapshot;
pub use time::TICK_MS;

use crate::rcx::opcode as op;
use crate::rcx::program::{Program, MAX_SUBS, MAX_TASKS};
pub use crate::vm::Realism;
use crate::vm::{TaskState, VmConfig};
use crate::world::{spec, Pose, World};
use odometry::Odometry;
use serde_json::{json, Value};

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
pub(crate) static EMPTY: Program = Program {
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
    /// The robot file's text as the robot was built from it (recordings carry it), when
    /// known: always for a simulation built from files ([`scenario::Scenario`], the runner's
    /// robot choices); `None` only for one built from a parsed spec ([`Simulation::new`]).
    pub model: Option<specs::SpecSource>,
}

/// Robots, their world and their RCXs, ticking together: one robot (`run`, the app's
/// default) or a scene of several (`run --scene`, `gui --scene`), each with its own brick.
/// One robot is the case n = 1: everything about a robot (its brick, tracer, pose,
/// snapshot, inputs) is reached by its index through [`Simulation::robot`] and
/// [`Simulation::robot_mut`]; the simulation itself holds what is the world's (clock,
/// world, environment, layout, settings, input log, tick).
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
    /// The environment file's text as the world was built from it, when known (as
    /// [`Placement::model`]).
    env_model: Option<specs::SpecSource>,
    /// IR packets on the air between the bricks.
    air: Vec<multi::InFlight>,
    /// Packets dropped because too many were on the air.
    pub ir_dropped: u64,
    /// External inputs since the simulation began (or was last reset), in order.
    inputs: InputLog,
    /// Set when the log was restarted mid-run to bound its memory: the time from which it
    /// holds every input (replays and recordings need the log from the start).
    log_trimmed_at: Option<u64>,
    /// The criteria a challenge or assignment follows, looked at as each tick's last step
    /// (cloned with the simulation, restarted by a reset).
    goal: Option<Box<goal::Goal>>,
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

    /// As [`Simulation::new`] from the robot and environment files' text, which the
    /// simulation keeps as built ([`Placement::model`], [`Simulation::env_model`]) for its
    /// recordings.
    pub fn from_files(
        robot: &specs::SpecSource,
        env: &specs::SpecSource,
        config: SimConfig,
    ) -> Result<Simulation, spec::SpecError> {
        let mut sim = Simulation::new(robot.robot_spec()?, env.env_spec()?, config)?;
        sim.layout[0].model = Some(robot.clone());
        sim.env_model = Some(env.clone());
        Ok(sim)
    }

    /// Robots placed as `layout` says, each with a fresh brick (no programs).
    pub(crate) fn build(
        layout: Vec<Placement>,
        env: spec::EnvSpec,
        config: SimConfig,
        scene: bool,
    ) -> Result<Simulation, spec::SpecError> {
        no_robots(&layout)?;
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
            env_model: None,
            air: Vec::new(),
            ir_dropped: 0,
            inputs: InputLog::default(),
            log_trimmed_at: None,
            goal: None,
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

    /// Every robot, in layout order.
    pub fn robots(&self) -> impl ExactSizeIterator<Item = Robot<'_>> + '_ {
        self.bots
            .iter()
            .enumerate()
            .map(move |(k, bot)| Robot::of(self, bot, k))
    }

    /// Robot `k`, to read (`None` past the last).
    pub fn robot(&self, k: usize) -> Option<Robot<'_>> {
        Robot::new(self, k)
    }

    /// Robot `k`, to change through typed inputs (`None` past the last).
    pub fn robot_mut(&mut self, k: usize) -> Option<RobotMut<'_>> {
        RobotMut::new(self, k)
    }

    /// The robots as built (names, robot files, start poses).
    pub fn layout(&self) -> &[Placement] {
        &self.layout
    }

    /// The environment file's text as the world was built from it (`None` when built from
    /// a parsed spec).
    pub fn env_model(&self) -> Option<&specs::SpecSource> {
        self.env_model.as_ref()
    }

    /// Records which file text the environment was built from (the builders that have it).
    pub(crate) fn set_env_model(&mut self, env: specs::SpecSource) {
        self.env_model = Some(env);
    }

    /// Whether the robots were placed as a scene (several robots, or a scene file's one).
    pub fn is_scene(&self) -> bool {
        self.scene
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

    /// Replaces robot 0's robot file and/or the environment file (`None`: keep it), keeping
    /// the programs (the toolbar's robot and environment choice); otherwise as
    /// [`Simulation::reset`]. The files' text is kept as built (recordings carry it). On an
    /// error nothing changes.
    pub fn rebuild(
        &mut self,
        robot: Option<&specs::SpecSource>,
        env: Option<&specs::SpecSource>,
    ) -> Result<(), spec::SpecError> {
        let mut layout = self.layout.clone();
        if let Some(r) = robot {
            layout[0].spec = r.robot_spec()?;
            layout[0].model = Some(r.clone());
        }
        let env_spec = match env {
            Some(e) => e.env_spec()?,
            None => self.env.clone(),
        };
        if !self.scene {
            layout[0].pose = env_start(&env_spec);
        }
        let keep = (0..layout.len()).map(Some).collect::<Vec<_>>();
        self.relayout(layout, env_spec, self.scene, &keep)?;
        if let Some(e) = env {
            self.env_model = Some(e.clone());
        }
        Ok(())
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
        no_robots(&layout)?;
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
                        self.apply(
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
                self.apply(k, Input::SelectSlot { slot });
            }
        }
        let t = self.time_ms;
        for b in &mut self.bots {
            b.retrace(t);
        }
        // The goal starts over with the run.
        if let Some(g) = &mut self.goal {
            g.restart();
        }
        self.look_at_goal();
    }

    /// Applies one external input to robot `k` now (before the next tick) and logs it with
    /// `k` — THE input path: every change from outside is one of these. `k` is the brick
    /// (or the robot placed); the world's boxes are everyone's. Returns the reply of a
    /// direct command. Past the last robot nothing happens and nothing is logged.
    pub fn apply(&mut self, k: usize, input: Input) -> Option<Vec<u8>> {
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
        // 7. the goal, when there is one, looks at the tick's end (it changes nothing).
        self.look_at_goal();
    }

    /// The goal looks at the moment the simulation is at.
    fn look_at_goal(&mut self) {
        if let Some(mut g) = self.goal.take() {
            g.observe(self);
            self.goal = Some(g);
        }
    }

    /// Follows `goal` from now on (it looks at the present moment at once); `None`: no goal.
    pub fn set_goal(&mut self, goal: Option<goal::Goal>) {
        self.goal = goal.map(Box::new);
        self.look_at_goal();
    }

    pub fn goal(&self) -> Option<&goal::Goal> {
        self.goal.as_deref()
    }

    /// Where the goal stands now, when there is one.
    pub fn goal_status(&self) -> Option<goal::GoalStatus> {
        self.goal.as_ref().map(|g| g.status(self))
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

    pub fn world(&self) -> &World {
        &self.world
    }

    pub fn config(&self) -> &SimConfig {
        &self.config
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
                has_program: self.robot(k).is_some_and(|r| !r.program().is_empty()),
                display: b.vm.lcd().text,
                ir_sent: b.ir_sent,
                ir_received: b.ir_received,
            })
            .collect()
    }

    /// The state object on one line, streamed as `run --json` streams it: a scene's
    /// ([`Simulation::scene_json`]) when it is one, else its robot's
    /// ([`robot::Robot::state_json`]) — `serve --json`; the same text as printing that
    /// `Value`.
    pub fn write_state_line<W: std::io::Write>(&self, w: W) -> serde_json::Result<()> {
        if self.is_scene() {
            self.scene_doc().write_compact(w)
        } else {
            self.robot_doc(0, false).write_compact(w)
        }
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

/// Refuses a layout without robots: a simulation always has robot 0 (so a frontend can
/// always show one).
fn no_robots(layout: &[Placement]) -> Result<(), spec::SpecError> {
    if layout.is_empty() {
        return Err(spec::SpecError {
            file: "layout".into(),
            line: 0,
            message: "no robots: a world needs at least one".into(),
        });
    }
    Ok(())
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
pub(crate) fn is_query(payload: &[u8]) -> bool {
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

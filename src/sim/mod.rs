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
//! CONTRACT (add, don't rename): `Simulation::{create, robots, robot, robot_mut, apply, reset,
//! tick, time_ms, world}`, [`Robot`]`::{vm, tracer, program, pose, snapshot, state_json}`,
//! [`RobotMut`]`::{load_program, start, stop, direct}`, `Snapshot`, `SimDef`, `SimConfig`. There is no
//! mutable access to the VM or the world from outside: every change is an [`Input`].

pub mod assignment;
mod assignment_read;
pub mod audio;
pub mod brick;
pub mod csv;
pub mod def;
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
pub mod sources;
pub mod specs;
pub mod time;
pub mod timeline;
pub mod vary;

pub use brick::Rcx;
pub use def::{Item, Listing, RobotDef, SimDef};
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
    /// `--realism`: the 2007 simulator (default) or a real brick. Replaces `vm.realism` and
    /// reaches the world's motors and sensors too.
    pub realism: Realism,
    /// `--battery-v`: every robot's battery, V, in place of its robot file's `battery_v`
    /// (None: the file's, or the realism's default — `world::battery`). Out of range
    /// (`world::battery::check_v`) the simulation is not built: a `SpecError` naming
    /// `--battery-v`.
    pub battery_v: Option<f32>,
}

/// A step of the tick, as [`Simulation::tick_marked`] marks its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Every brick samples its sensors.
    Sensors,
    /// Every VM runs its instructions.
    Vm,
    /// The motors take the outputs.
    Actuators,
    /// The world's physics step, by its own steps.
    World(crate::world::StepPhase),
    /// The bricks' clocks, timers and waits.
    Timers,
    /// IR between bricks.
    Ir,
    /// Odometry and the running icons.
    Follow,
    /// The goal's look.
    Goal,
}

/// The empty program, for a slot that does not exist.
pub(crate) static EMPTY: Program = Program {
    tasks: [const { None }; MAX_TASKS],
    subs: [const { None }; MAX_SUBS],
    labels: Vec::new(),
};

/// Robots, their world and their RCXs, ticking together, made from one definition
/// ([`SimDef`], [`Simulation::create`]): one robot (`run`, the app's default) or a scene of
/// several, each with its own brick. Everything about a robot (its brick, tracer, pose,
/// snapshot, inputs) is reached by its index through [`Simulation::robot`] and
/// [`Simulation::robot_mut`]; the simulation itself holds what is the world's (clock, world,
/// definition, input log, tick).
#[derive(Clone)]
pub struct Simulation {
    world: World,
    bots: Vec<multi::Bot>,
    time_ms: u64,
    /// What the simulation was made from (the robots as built, the environment, the items,
    /// the settings): reset and rebuild start from it. Its programs and goal are not kept
    /// here: the bricks hold the programs, `goal` the goal.
    def: SimDef,
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
    /// THE constructor: the simulation at 0 s of `def` — every robot placed, every program
    /// loaded (as logged inputs, so a recording holds them), task 0 of each started unless
    /// presses are to drive that brick, the items put down, the goal set. Refused when it
    /// has no robot or a robot or the environment cannot be built.
    pub fn create(def: &SimDef) -> Result<Simulation, spec::SpecError> {
        let mut kept = def.clone();
        kept.goal = None;
        for r in &mut kept.robots {
            r.program = None;
        }
        let world = build_world(&kept)?;
        let bots = (kept.robots.iter().enumerate())
            .map(|(k, r)| multi::Bot::new(r.name.clone(), &kept.config, k, world.brick_pose(k)))
            .collect();
        let mut sim = Simulation {
            world,
            bots,
            time_ms: 0,
            def: kept,
            air: Vec::new(),
            ir_dropped: 0,
            inputs: InputLog::default(),
            log_trimmed_at: None,
            goal: None,
        };
        for b in &mut sim.bots {
            b.retrace(0);
        }
        for (k, r) in def.robots.iter().enumerate() {
            if let (Some((_, program)), Some(mut brick)) = (&r.program, sim.robot_mut(k)) {
                brick.load_program(program.clone());
                if !def.presses.iter().any(|p| p.robot == k) {
                    brick.start();
                }
            }
        }
        sim.put_items();
        sim.set_goal(def.goal.clone());
        Ok(sim)
    }

    /// How many robots (and bricks).
    pub fn robot_count(&self) -> usize {
        self.bots.len()
    }

    /// Every robot, in order.
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

    /// What the simulation was made from (without its programs and goal).
    pub fn def(&self) -> &SimDef {
        &self.def
    }

    /// The robots as built (names, robot files, start poses).
    pub fn layout(&self) -> &[RobotDef] {
        &self.def.robots
    }

    /// The environment file's text as the world was built from it (`None` when built from
    /// a parsed spec).
    pub fn env_model(&self) -> Option<&specs::SpecSource> {
        self.def.environment.as_ref()
    }

    /// Back to the start pose, programs kept, tasks stopped, clock and VM state as a fresh
    /// brick with the same programs in the same slots (the slot choice is kept too), the
    /// items put down again. The input log restarts: it then holds the programs and items,
    /// so a recording made afterwards replays from a fresh simulation.
    pub fn reset(&mut self) {
        // A fresh world cannot fail here: the same definition built one before.
        if let Ok(world) = build_world(&self.def) {
            self.world = world;
        }
        let keep: Vec<Option<usize>> = (0..self.bots.len()).map(Some).collect();
        self.restart_bricks(&keep);
    }

    /// Rebuilds from another definition (the app's robots added or removed, robot files,
    /// environment and start poses; its programs and goal are not used): robot `k` of the
    /// new robots gets the programs of old robot `keep[k]` (`None`: an empty brick), and
    /// the goal is kept. Otherwise as [`Simulation::reset`]; on an error nothing changes.
    pub fn redefine(
        &mut self,
        mut def: SimDef,
        keep: &[Option<usize>],
    ) -> Result<(), spec::SpecError> {
        self.world = build_world(&def)?;
        def.goal = None;
        for r in &mut def.robots {
            r.program = None;
        }
        self.def = def;
        self.restart_bricks(keep);
        Ok(())
    }

    /// Adds `item` to the definition (a reset puts it down again) and puts it down now.
    pub fn add_item(&mut self, item: Item) {
        self.change_world(item.input());
        self.def.items.push(item);
    }

    /// Forgets the items `gone` says (they stay where they are until the next reset).
    pub fn forget_items(&mut self, gone: impl Fn(&Item) -> bool) {
        self.def.items.retain(|i| !gone(i));
    }

    /// Puts the definition's items down, as logged inputs.
    fn put_items(&mut self) {
        for item in self.def.items.clone() {
            self.change_world(item.input());
        }
    }

    /// Switches `--realism` (for a frontend's realism choice): as [`Simulation::reset`]
    /// under the new setting — programs and slot kept, clock 0, tasks stopped.
    pub fn set_realism(&mut self, realism: Realism) {
        self.def.config.realism = realism;
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
        self.bots = (self.def.robots.iter().enumerate())
            .map(|(k, p)| {
                multi::Bot::new(
                    p.name.clone(),
                    &self.def.config,
                    k,
                    self.world.brick_pose(k),
                )
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
        self.put_items();
        // The goal starts over with the run.
        if let Some(g) = &mut self.goal {
            g.restart();
        }
        self.look_at_goal();
    }

    /// Applies one external input to robot `k` now (before the next tick) and logs it with
    /// `k` — THE input path: every change from outside is one of these. `k` is the brick
    /// (or the robot placed); an input to the world itself ([`Input::is_world`]: the boxes)
    /// is no robot's and goes to [`Simulation::change_world`] whatever `k` says. Returns
    /// the reply of a direct command. Past the last robot nothing happens and nothing is
    /// logged.
    pub fn apply(&mut self, k: usize, input: Input) -> Option<Vec<u8>> {
        if input.is_world() {
            self.change_world(input);
            return None;
        }
        if k >= self.bots.len() {
            return None;
        }
        let mut reply = None;
        match &input {
            Input::PlaceRobot { x, z, yaw_deg } => {
                self.world.place_robot(
                    k,
                    Pose {
                        x: *x,
                        y: 0.0,
                        z: *z,
                        yaw_deg: *yaw_deg,
                    },
                );
                // Carrying the robot is not driving: odometry restarts from here.
                self.bots[k].odometry = Odometry::new(self.world.brick_pose(k));
            }
            brick_input => {
                reply =
                    brick::apply_to_vm(&mut self.bots[k].vm, &mut self.world.brick(k), brick_input)
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

    /// Changes the world itself now (before the next tick): a box added or taken away,
    /// logged as no robot's input (written without a robot). Any other input is a robot's
    /// ([`Simulation::apply`]) and is ignored here.
    pub fn change_world(&mut self, input: Input) {
        match &input {
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
            _ => return,
        }
        self.inputs.push(TimedInput {
            time_ms: self.time_ms,
            brick: 0,
            input,
        });
    }

    /// One 1 ms tick of every brick and the world.
    pub fn tick(&mut self) {
        self.tick_marked(&mut |_| {});
    }

    /// [`Simulation::tick`], calling `mark` as each of its steps ends (`lurobotsim bench`'s
    /// profile: the frontend's clock charges the time since the last mark to that step; the
    /// core reads no clock). The same tick: `tick` is this with a mark that does nothing.
    pub fn tick_marked(&mut self, mark: &mut impl FnMut(Phase)) {
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
            b.vm.sense(&mut self.world.brick(k));
        }
        mark(Phase::Sensors);
        // 2. VM: every running task executes this tick's instruction(s);
        for (k, b) in self.bots.iter_mut().enumerate() {
            b.vm.execute(&mut self.world.brick(k));
        }
        mark(Phase::Vm);
        // 3. actuators: each robot's motors take its own VM's effective outputs;
        for (k, b) in self.bots.iter().enumerate() {
            self.world.set_outputs(k, &b.vm.outputs());
        }
        mark(Phase::Actuators);
        // 4. physics: one fixed 1 ms rapier step for the whole world;
        self.world.step_marked(&mut |p| mark(Phase::World(p)));
        // 5. timers: every VM's clock, timers and waits advance by the same 1 ms;
        for b in &mut self.bots {
            b.vm.advance();
        }
        self.time_ms += TICK_MS;
        mark(Phase::Timers);
        // 6. IR: what each brick sent goes on the air; what has arrived reaches the others
        //    (a brick alone keeps its transmissions: nobody hears them).
        if self.bots.len() > 1 {
            self.send_ir();
            self.deliver_ir();
        }
        mark(Phase::Ir);
        // Bookkeeping that reads the tick's results and never changes them.
        let t = self.time_ms;
        for (k, b) in self.bots.iter_mut().enumerate() {
            b.odometry.update(self.world.brick_pose(k));
            b.follow(t);
        }
        mark(Phase::Follow);
        // 7. the goal, when there is one, looks at the tick's end (it changes nothing).
        self.look_at_goal();
        mark(Phase::Goal);
    }

    /// Switches rapier's stage counters on or off (`lurobotsim bench`'s profile:
    /// `world().rapier_stages()` after each tick). Results do not change.
    pub fn profile_physics(&mut self, on: bool) {
        self.world.profile_rapier(on);
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

    /// `n` ticks (through the one run loop, as [`Simulation::run_to`]).
    pub fn run_ticks(&mut self, n: u64) {
        self.run_to(self.time_ms + n);
    }

    /// Ticks until the clock reads `time_ms` (nothing if it is already there or past): the
    /// one run loop ([`scenario::run_until`]) with no inputs and no observers.
    pub fn run_to(&mut self, time_ms: u64) {
        // Without observers nothing can fail.
        let _ = scenario::run_until(self, time_ms, &[], &mut []);
    }

    /// Simulated time in ms since the start (or the last reset).
    pub fn time_ms(&self) -> u64 {
        self.time_ms
    }

    pub fn world(&self) -> &World {
        &self.world
    }

    pub fn config(&self) -> &SimConfig {
        &self.def.config
    }

    pub fn env_spec(&self) -> &spec::EnvSpec {
        &self.def.env
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
                model: self.world.robot_name(k).to_string(),
                pose: self.world.brick_pose(k),
                start_pose: b.odometry.start,
                running: b.vm.tasks().iter().any(|t| t.state != TaskState::Stopped),
                has_program: self.robot(k).is_some_and(|r| !r.program().is_empty()),
                display: b.vm.lcd().text,
                ir_sent: b.ir_sent,
                ir_received: b.ir_received,
            })
            .collect()
    }

    /// The state object on one line, as `listing` shows the robots — a scene's
    /// ([`Simulation::scene_json`]) or the one robot's ([`robot::Robot::state_json`]) —
    /// streamed as `run --json` streams it (`serve --json`); the same text as printing that
    /// `Value`.
    pub fn write_state_line<W: std::io::Write>(
        &self,
        w: W,
        listing: Listing,
    ) -> serde_json::Result<()> {
        match listing {
            Listing::Scene => self.scene_doc().write_compact(w),
            Listing::One => self.robot_doc(0, false).write_compact(w),
        }
    }
}

/// The world of a definition: its environment and robots, with its seed, realism and
/// battery.
fn build_world(def: &SimDef) -> Result<World, spec::SpecError> {
    let config = &def.config;
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
    World::new(
        def.env.clone(),
        def.robots.iter().map(|p| (spec(&p.spec), p.pose)).collect(),
        config.seed,
        config.realism,
    )
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

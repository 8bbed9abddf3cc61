//! One robot of a [`Simulation`]: [`Robot`] reads it (its brick, tracer, pose, odometry,
//! program, snapshot and state object) and [`RobotMut`] changes it, only through the
//! simulation's one input path ([`Simulation::apply`]). A simulation of one robot is the
//! case of n = 1: every robot, the first included, is reached the same way —
//! [`Simulation::robots`], [`Simulation::robot`] and [`Simulation::robot_mut`], `None` past
//! the last.

use super::brick::Rcx;
use super::input::{Input, ProgramData};
use super::multi::Bot;
use super::odometry::Odometry;
use super::snapshot::Snapshot;
use super::{RobotDef, Simulation};
use crate::rcx::program::Program;
use crate::trace::{Tracer, Vi};
use crate::vm::{TaskState, TaskView, Vm};
use crate::world::{spec, Pose};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Robot `k` of a simulation, to read.
#[derive(Clone, Copy)]
pub struct Robot<'a> {
    sim: &'a Simulation,
    bot: &'a Bot,
    k: usize,
}

impl<'a> Robot<'a> {
    pub(crate) fn new(sim: &'a Simulation, k: usize) -> Option<Robot<'a>> {
        Some(Robot::of(sim, sim.bots.get(k)?, k))
    }

    pub(crate) fn of(sim: &'a Simulation, bot: &'a Bot, k: usize) -> Robot<'a> {
        Robot { sim, bot, k }
    }

    /// Which robot (0-based, in layout order).
    pub fn index(&self) -> usize {
        self.k
    }

    /// Its name (a scene's, or `R1`, `R2`, …).
    pub fn name(&self) -> &'a str {
        &self.bot.name
    }

    /// Its RCX.
    pub fn vm(&self) -> &'a Vm {
        &self.bot.vm
    }

    /// Its program's icons and what each task is doing in them.
    pub fn tracer(&self) -> &'a Tracer {
        &self.bot.tracer
    }

    /// The tracer's VIs, shared with snapshots.
    pub fn vis(&self) -> &'a Arc<Vec<Vi>> {
        &self.bot.vis
    }

    /// The program in its brick's current slot (empty when there is none).
    pub fn program(&self) -> &'a Program {
        let vm = &self.bot.vm;
        vm.program(vm.slot()).unwrap_or(&super::EMPTY)
    }

    /// Whether any of its tasks is not stopped.
    pub fn running(&self) -> bool {
        self.bot
            .vm
            .tasks()
            .iter()
            .any(|t| t.state != TaskState::Stopped)
    }

    /// Where it was built: name, robot file, start pose.
    pub fn placement(&self) -> &'a RobotDef {
        &self.sim.def.robots[self.k]
    }

    /// Its robot file.
    pub fn spec(&self) -> &'a spec::RobotSpec {
        &self.placement().spec
    }

    /// Its brick's pose now.
    pub fn pose(&self) -> Pose {
        self.sim.world.brick_pose(self.k)
    }

    /// Where its brick started (or was last placed).
    pub fn start_pose(&self) -> Pose {
        self.bot.odometry.start
    }

    /// What it has done since its start pose.
    pub fn odometry(&self) -> &'a Odometry {
        &self.bot.odometry
    }

    pub fn path_length_m(&self) -> f64 {
        self.bot.odometry.path_length_m
    }

    pub fn yaw_total_deg(&self) -> f64 {
        self.bot.odometry.yaw_total_deg
    }

    pub fn displacement_m(&self) -> f64 {
        self.bot.odometry.displacement_m()
    }

    /// IR packets its brick sent.
    pub fn ir_sent(&self) -> u64 {
        self.bot.ir_sent
    }

    /// IR messages its brick heard.
    pub fn ir_received(&self) -> u64 {
        self.bot.ir_received
    }

    /// A snapshot of this moment showing this robot's brick, readouts and trace; every
    /// robot's name and pose are in `robots`.
    pub fn snapshot(&self) -> Snapshot {
        let (sim, b, k) = (self.sim, self.bot, self.k);
        let tasks = b.vm.tasks();
        let countdown_s = tasks
            .iter()
            .filter_map(|t| b.tracer.countdown(t.task).map(|s| (t.task, s)))
            .collect();
        Snapshot {
            time_ms: sim.time_ms,
            robot: sim.world.robot_name(k).to_string(),
            environment: sim.world.env_name().to_string(),
            pose: sim.world.brick_pose(k),
            start_pose: b.odometry.start,
            displacement_m: b.odometry.displacement_m(),
            path_length_m: b.odometry.path_length_m,
            yaw_total_deg: b.odometry.yaw_total_deg,
            bodies: sim.world.bodies(),
            statics: sim.world.statics(),
            floor: sim.world.floor(),
            outputs: b.vm.outputs(),
            sensors: b.vm.sensors(),
            variables: b.vm.variables(),
            timers: b.vm.timers_100ms(),
            program_slot: b.vm.slot(),
            current_instr: self.current_instructions(&tasks),
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
            robots: sim.robot_tags(),
            goal: sim.goal_status(),
        }
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
                Ok(i) => super::instr_text(&i),
                Err(_) => "?".to_string(),
            };
            out.insert(t.task, text);
        }
        out
    }

    /// Its state object of cli.md (`--json` of one robot): the simulation's keys, the VM's
    /// part and the tracer's `trace: {vis, events}`.
    pub fn state_json(&self) -> Value {
        self.sim.robot_doc(self.k, false).to_value()
    }

    /// [`Robot::state_json`] written to `w` as pretty JSON (the same text as
    /// `serde_json::to_writer_pretty` of it), one trace event and one sound at a time, so
    /// printing it costs no memory that grows with the run (`run --json`).
    pub fn write_state_json<W: std::io::Write>(&self, w: W) -> serde_json::Result<()> {
        self.sim.robot_doc(self.k, false).write_pretty(w)
    }

    /// Its part of a scene's JSON: the state object plus `"name"` and `"ir"`.
    pub fn json(&self) -> Value {
        self.sim.robot_doc(self.k, true).to_value()
    }
}

/// Robot `k` of a simulation, to change: every change is an [`Input`] applied and logged
/// by [`Simulation::apply`]. Also the [`Rcx`] a link's jobs act on.
pub struct RobotMut<'a> {
    sim: &'a mut Simulation,
    k: usize,
}

impl RobotMut<'_> {
    pub(crate) fn new(sim: &mut Simulation, k: usize) -> Option<RobotMut<'_>> {
        (k < sim.bots.len()).then_some(RobotMut { sim, k })
    }

    /// Which robot (0-based).
    pub fn index(&self) -> usize {
        self.k
    }

    /// The robot, to read.
    pub fn get(&self) -> Robot<'_> {
        Robot {
            sim: self.sim,
            bot: &self.sim.bots[self.k],
            k: self.k,
        }
    }

    /// Applies one input to this robot now (see [`Simulation::apply`]); the reply of a
    /// direct command.
    pub fn apply(&mut self, input: Input) -> Option<Vec<u8>> {
        self.sim.apply(self.k, input)
    }

    /// Loads a program into the current slot (tasks stopped) and recognises its VIs.
    pub fn load_program(&mut self, program: Program) {
        let slot = self.sim.bots[self.k].vm.slot();
        self.apply(Input::Program {
            slot,
            program: ProgramData::of(&program),
        });
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

    /// Presses one of the brick's buttons (logged like every input, so replays see it).
    pub fn press(&mut self, button: crate::vm::Button) {
        self.apply(Input::Button { button });
    }

    /// Picks the robot up and puts it down at `pose` (x, z, yaw), at rest.
    pub fn place(&mut self, pose: Pose) {
        self.apply(Input::PlaceRobot {
            x: pose.x,
            z: pose.z,
            yaw_deg: pose.yaw_deg,
        });
    }

    /// Executes a direct command (opcode and parameters, unframed) on the RCX and returns
    /// its reply payload (see [`Vm::direct`]). Commands that change something are logged,
    /// so recordings and seeks replay them; pure queries (ping, poll, pollb, pollp, memmap,
    /// polld), which a link client sends many times a second, change nothing and are not.
    /// A switched-off brick hears nothing: no reply, nothing changes (a host's tool times
    /// out as it does at a real brick that is off).
    pub fn direct(&mut self, payload: &[u8]) -> Option<Vec<u8>> {
        let k = self.k;
        if self.sim.bots[k].vm.is_off() {
            return None;
        }
        if super::is_query(payload) {
            let sim = &mut *self.sim;
            return sim.bots[k].vm.direct(&mut sim.world.brick(k), payload);
        }
        self.apply(Input::Direct {
            bytes: payload.to_vec(),
        })
    }
}

impl Rcx for RobotMut<'_> {
    fn vm(&self) -> &Vm {
        &self.sim.bots[self.k].vm
    }
    fn direct(&mut self, payload: &[u8]) -> Option<Vec<u8>> {
        RobotMut::direct(self, payload)
    }
    fn apply(&mut self, input: Input) {
        RobotMut::apply(self, input);
    }
}

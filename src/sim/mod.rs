//! The deterministic core: one 1 ms tick in one fixed order —
//! sensors → VM instructions → actuators → physics step → timers — on a whole-millisecond
//! simulated clock, plus snapshots, the JSON state object, trace CSV and record/replay.
//! Never reads the wall clock; never touches tokio, wgpu or egui.
//!
//! CONTRACT (add, don't rename): `Simulation::{new, load_program, program, start, reset,
//! tick, time_ms, snapshot, state_json, vm, vm_mut, world, tracer}`, `Snapshot`, `SimConfig`.

use crate::rcx::Program;
use crate::trace::Tracer;
use crate::vm::{Fault, OutputState, SensorView, TaskView, Vm, VmConfig};
use crate::world::{spec, BodyView, FloorView, Pose, World};
use serde::Serialize;
use std::collections::BTreeMap;

/// Settings of a simulation.
#[derive(Clone, Debug, Default)]
pub struct SimConfig {
    pub seed: u64,
    pub vm: VmConfig,
}

/// Everything the app needs to draw and display one moment (cheap to clone and send).
#[derive(Clone, Debug, Serialize)]
pub struct Snapshot {
    pub time_ms: u64,
    pub robot: String,
    pub environment: String,
    pub pose: Pose,
    pub start_pose: Pose,
    pub path_length_m: f64,
    pub yaw_total_deg: f64,
    pub bodies: Vec<BodyView>,
    pub statics: Vec<BodyView>,
    pub floor: FloorView,
    pub outputs: [OutputState; 3],
    pub sensors: Vec<SensorView>,
    pub variables: [i16; 32],
    pub timers: [i16; 4],
    pub program_slot: usize,
    pub tasks: Vec<TaskView>,
    pub faults: Vec<Fault>,
    /// Current VI index per running task.
    pub current_vi: BTreeMap<u8, usize>,
}

/// A robot, its world and its RCX, ticking together.
pub struct Simulation {
    world: World,
    vm: Vm,
    tracer: Tracer,
    program: Program,
    time_ms: u64,
}

impl Simulation {
    pub fn new(
        robot: spec::RobotSpec,
        env: spec::EnvSpec,
        config: SimConfig,
    ) -> Result<Simulation, spec::SpecError> {
        Ok(Simulation {
            world: World::new(robot, env, config.seed)?,
            vm: Vm::new(config.vm),
            tracer: Tracer::default(),
            program: Program::default(),
            time_ms: 0,
        })
    }

    /// Loads a program into the current slot (tasks stopped) and recognises its VIs.
    pub fn load_program(&mut self, program: Program) {
        self.tracer = Tracer::new(&program);
        self.vm.load(self.vm.slot(), program.clone());
        self.program = program;
    }

    /// The loaded program.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// Starts task 0 (the Run button).
    pub fn start(&mut self) {
        self.vm.start_task(0);
    }

    /// Back to the start pose with the program kept and stopped.
    pub fn reset(&mut self) {}

    /// One 1 ms tick.
    pub fn tick(&mut self) {
        self.vm.sense(&mut self.world);
        self.vm.execute(&mut self.world);
        self.world.set_outputs(&self.vm.outputs());
        self.world.step();
        self.vm.advance();
        self.time_ms += 1;
        let tasks = self.vm.tasks();
        self.tracer.update(self.time_ms, &tasks);
    }

    /// Simulated time in ms.
    pub fn time_ms(&self) -> u64 {
        self.time_ms
    }

    pub fn vm(&self) -> &Vm {
        &self.vm
    }

    pub fn vm_mut(&mut self) -> &mut Vm {
        &mut self.vm
    }

    pub fn world(&self) -> &World {
        &self.world
    }

    pub fn tracer(&self) -> &Tracer {
        &self.tracer
    }

    /// A snapshot of this moment.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            time_ms: self.time_ms,
            robot: self.world.robot_name().to_string(),
            environment: self.world.env_name().to_string(),
            pose: self.world.brick_pose(),
            start_pose: Pose::default(),
            path_length_m: 0.0,
            yaw_total_deg: 0.0,
            bodies: self.world.bodies(),
            statics: self.world.statics(),
            floor: self.world.floor(),
            outputs: self.vm.outputs(),
            sensors: self.vm.sensors(),
            variables: self.vm.variables(),
            timers: self.vm.timers_100ms(),
            program_slot: self.vm.slot(),
            tasks: self.vm.tasks(),
            faults: self.vm.faults().to_vec(),
            current_vi: self.tracer.current().clone(),
        }
    }

    /// The state object of cli.md (`--json`).
    pub fn state_json(&self) -> serde_json::Value {
        serde_json::json!({ "sim_time_s": self.time_ms as f64 / 1000.0 })
    }
}

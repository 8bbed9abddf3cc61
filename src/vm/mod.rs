//! The RCX 2.0 virtual machine: program slots, tasks, variables, timers, sensors' firmware
//! processing, outputs, sounds, events, datalog. Generic over its I/O through [`Brick`], so it
//! runs and is tested with no physics. Owns the simulated RCX's state; never reads a clock,
//! never touches threads, sockets or the GUI. Time advances only through [`Vm::advance`].
//!
//! CONTRACT (other modules code against these names; add, don't rename):
//! `Brick`, `OutputMode`, `OutputState`, `SoundEvent`, `Fault`, `TaskState`, `TaskView`,
//! `SensorView`, `VmConfig`, `Vm::{new, load, program, select_slot, slot, start_task,
//! stop_all, sense, execute, advance, tick, outputs, direct, now_ms, variables, timers_100ms,
//! tasks, sensors, faults, sounds, install_task, install_sub, delete_tasks, delete_subs,
//! bytes_used,
//! program_generation, state_json}`.

use crate::rcx::Program;
use serde::Serialize;

/// What the VM needs from the outside world (a simulated robot, or a fake in tests).
pub trait Brick {
    /// The A/D reading 0–1023 the sensor on `port` (0–2) gives now. `powered` is true for
    /// active sensor types (light, rotation), which changes what a real sensor reads.
    fn sensor_raw(&mut self, port: usize, powered: bool) -> u16;
    /// For rotation sensors: total signed count of 1/16 turns of the sensor's axle since the
    /// world started. The VM turns changes of this into the firmware's angle value.
    fn rotation_count(&mut self, port: usize) -> i32;
    /// Battery voltage in millivolts (`pollb`, source 34).
    fn battery_mv(&self) -> u16 {
        9000
    }
}

/// Output mode as the firmware keeps it (rcx.md §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum OutputMode {
    /// Driven.
    On,
    /// Braked.
    Off,
    /// Coasting.
    #[default]
    Float,
}

/// The effective state of one output after the global controls (`gout`/`gdir`/`gpwr`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OutputState {
    pub mode: OutputMode,
    /// true = forward.
    pub forward: bool,
    /// Standard power level 0–7.
    pub power: u8,
    /// ROBOLAB 2.9's power in percent (0–100) when the program last set it through source 5;
    /// `None` when the power came from `pwr`. The world maps either onto its motor curve.
    pub percent: Option<u8>,
}

impl Default for OutputState {
    fn default() -> Self {
        OutputState {
            mode: OutputMode::Float,
            forward: true,
            power: 7,
            percent: None,
        }
    }
}

impl OutputState {
    /// Signed power in percent as the trace CSV reports it: 0 when off or float, else
    /// ±percent (standard levels map as (power+1)·100/8, rounded).
    pub fn signed_percent(&self) -> i32 {
        if self.mode != OutputMode::On {
            return 0;
        }
        let p = match self.percent {
            Some(p) => p as i32,
            None => ((self.power as i32 + 1) * 100 + 4) / 8,
        };
        if self.forward {
            p
        } else {
            -p
        }
    }
}

/// A sound the program asked for (`plays`, `playt`, `playv`), stamped with simulated time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SoundEvent {
    pub time_ms: u64,
    /// "system" (value = sound 0–5) or "tone" (value = Hz, duration_ms set).
    pub kind: &'static str,
    pub value: i32,
    pub duration_ms: u32,
}

/// A task that stopped (or continued) because of something wrong in the program.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fault {
    pub time_ms: u64,
    pub task: u8,
    pub pc: u16,
    pub message: String,
}

/// Run state of a task.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TaskState {
    Stopped,
    Running,
    Waiting,
}

/// What the outside may see of a task (for JSON, snapshots and tracing).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TaskView {
    pub task: u8,
    pub state: TaskState,
    /// Address of the next instruction to run, in the task's code — or in the subroutine's
    /// code while `sub` is `Some`.
    pub pc: u16,
    pub sub: Option<u8>,
    /// Milliseconds left in a `wait`, if waiting.
    pub wait_remaining_ms: Option<u32>,
}

/// A sensor port as the firmware sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SensorView {
    pub port: u8,
    /// 0 none, 1 touch, 2 temperature, 3 light, 4 rotation.
    pub sensor_type: u8,
    /// Mode 0–7 (raw, boolean, edge, pulse, percent, celsius, fahrenheit, angle).
    pub mode: u8,
    pub slope: u8,
    pub raw: u16,
    pub value: i16,
    pub boolean: bool,
}

/// VM settings.
#[derive(Clone, Debug)]
pub struct VmConfig {
    /// Instructions each runnable task executes per 1 ms tick (the original ran one).
    pub instructions_per_tick: u32,
    /// Seed of the VM's random source (source 4).
    pub seed: u64,
    /// Battery millivolts reported when the brick does not say otherwise.
    pub battery_mv: u16,
}

impl Default for VmConfig {
    fn default() -> Self {
        VmConfig {
            instructions_per_tick: 1,
            seed: 0,
            battery_mv: 9000,
        }
    }
}

/// The simulated RCX.
#[derive(Clone, Debug)]
pub struct Vm {
    config: VmConfig,
    slots: Vec<Program>,
    slot: usize,
    now_ms: u64,
    variables: [i16; 32],
    outputs: [OutputState; 3],
    faults: Vec<Fault>,
    sounds: Vec<SoundEvent>,
}

impl Vm {
    pub fn new(config: VmConfig) -> Vm {
        Vm {
            config,
            slots: vec![Program::default(); crate::rcx::program::SLOTS],
            slot: 0,
            now_ms: 0,
            variables: [0; 32],
            outputs: [OutputState::default(); 3],
            faults: Vec::new(),
            sounds: Vec::new(),
        }
    }

    /// The settings in force.
    pub fn config(&self) -> &VmConfig {
        &self.config
    }

    /// Replaces the program in `slot` (stopping its tasks).
    pub fn load(&mut self, slot: usize, program: Program) {
        if let Some(s) = self.slots.get_mut(slot) {
            *s = program;
        }
    }

    /// The program in `slot`.
    pub fn program(&self, slot: usize) -> Option<&Program> {
        self.slots.get(slot)
    }

    /// Selects the current program slot (stops all tasks), like `prgm`.
    pub fn select_slot(&mut self, slot: usize) {
        if slot < self.slots.len() {
            self.slot = slot;
        }
    }

    /// The current program slot.
    pub fn slot(&self) -> usize {
        self.slot
    }

    /// (Re)starts task `task` of the current program if it is defined.
    pub fn start_task(&mut self, _task: u8) {}

    /// Stops every task.
    pub fn stop_all(&mut self) {}

    /// Samples the sensors (first step of the tick).
    pub fn sense<B: Brick>(&mut self, _brick: &mut B) {}

    /// Runs this tick's instructions of every runnable task.
    pub fn execute<B: Brick>(&mut self, _brick: &mut B) {}

    /// Advances the simulated clock and timers by one millisecond (last step of the tick).
    pub fn advance(&mut self) {
        self.now_ms += 1;
    }

    /// sense + execute + advance: one tick with no physics.
    pub fn tick<B: Brick>(&mut self, brick: &mut B) {
        self.sense(brick);
        self.execute(brick);
        self.advance();
    }

    /// Effective outputs A, B, C.
    pub fn outputs(&self) -> [OutputState; 3] {
        self.outputs
    }

    /// Executes a direct command (canonical or toggled opcode + parameters, unframed) and
    /// returns the reply payload including the reply opcode (`!op` as received), or `None`
    /// when the firmware sends no reply. Download opcodes (0x25, 0x35, 0x45) and firmware
    /// opcodes are the link's business and answered `None` here.
    pub fn direct<B: Brick>(&mut self, _brick: &mut B, _payload: &[u8]) -> Option<Vec<u8>> {
        None
    }

    /// Simulated milliseconds since the VM started.
    pub fn now_ms(&self) -> u64 {
        self.now_ms
    }

    /// The 32 global variables.
    pub fn variables(&self) -> [i16; 32] {
        self.variables
    }

    /// The four timers in 100 ms ticks.
    pub fn timers_100ms(&self) -> [i16; 4] {
        [0; 4]
    }

    /// Every task of the current program that is defined.
    pub fn tasks(&self) -> Vec<TaskView> {
        Vec::new()
    }

    /// The three sensor ports.
    pub fn sensors(&self) -> Vec<SensorView> {
        Vec::new()
    }

    /// Faults so far.
    pub fn faults(&self) -> &[Fault] {
        &self.faults
    }

    /// Sounds so far.
    pub fn sounds(&self) -> &[SoundEvent] {
        &self.sounds
    }

    /// Installs one task's bytecode into a slot (a completed download). Stops running tasks.
    pub fn install_task(&mut self, slot: usize, task: usize, code: Vec<u8>) {
        if let Some(t) = self.slots.get_mut(slot).and_then(|p| p.tasks.get_mut(task)) {
            *t = Some(code);
        }
    }

    /// Installs one subroutine's bytecode (the firmware appends `rets`).
    pub fn install_sub(&mut self, slot: usize, sub: usize, code: Vec<u8>) {
        if let Some(s) = self.slots.get_mut(slot).and_then(|p| p.subs.get_mut(sub)) {
            *s = Some(code);
        }
    }

    /// `delt`: stop execution and delete all tasks of the current program.
    pub fn delete_tasks(&mut self) {
        if let Some(p) = self.slots.get_mut(self.slot) {
            p.tasks = Default::default();
        }
    }

    /// `dels`: delete all subroutines of the current program.
    pub fn delete_subs(&mut self) {
        if let Some(p) = self.slots.get_mut(self.slot) {
            p.subs = Default::default();
        }
    }

    /// A counter that changes whenever any program slot's code changes (downloads, deletes,
    /// loads), so the simulation knows to re-recognise icons.
    pub fn program_generation(&self) -> u64 {
        0
    }

    /// Program memory in use across all slots, in bytes (download status 1 past ~6 KB).
    pub fn bytes_used(&self) -> usize {
        self.slots.iter().map(|p| p.size()).sum()
    }

    /// The VM's part of cli.md's state object: `outputs`, `sensors`, `variables`, `timers`,
    /// `program_slot`, `tasks`, `faults`, `sounds` (times in seconds).
    pub fn state_json(&self) -> serde_json::Map<String, serde_json::Value> {
        serde_json::Map::new()
    }
}

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
//!
//! Files: `code.rs` predecoded bytecode (address → instruction index), `exec.rs` the
//! interpreter and sources, `sensors.rs` raw → value processing, `events.rs` events,
//! monitoring and access control, `direct.rs` direct commands and the memory map,
//! `json.rs` the state object, `state.rs` plain state records.
//!
//! One tick (1 ms), in this order: [`Vm::sense`] samples the three inputs and checks the
//! events; [`Vm::execute`] runs up to `instructions_per_tick` instructions of each running
//! task, tasks 0–9 in order; the world reads [`Vm::outputs`]; [`Vm::advance`] moves the
//! clock (timers are derived from it) and ends due waits.
//!
//! Where the reference (rcx.md) says UNCERTAIN or UNKNOWN, the choice is documented at the
//! code that makes it and tested; in short: a fifth `loops` level overwrites the top one
//! (S3); a sub called from a sub returns into its caller and the caller's own `rets` then
//! stops the task with a fault (S5); running off a task's end stops it; `cale` takes NQC's
//! (upper, lower) order; ActiveEvents(10) means the current task; ROBOLAB's source 5 maps
//! to percent + direction (see `set_signed_power`); the remote's first byte is the high
//! byte; event "fast change" compares the change per scan with the upper threshold.

use crate::rcx::{Program, SensorMode, SensorType};
use serde::Serialize;
use std::sync::Arc;

mod code;
mod direct;
mod display;
mod events;
mod exec;
mod json;
pub use display::display_json;
pub use json::{faults_json, sound_json};
mod sensors;
pub mod shared_log;
mod state;

pub use code::Code;
pub use display::{number_text, Button, Lcd, LOW_BATTERY_MV};
pub use shared_log::SharedLog;
use state::{Event, GlobalOut, Sensor, Task};

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

/// What a sound event is (`"system"` or `"tone"` in the state JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SoundKind {
    /// One of the brick's six system sounds (`plays`; value = sound 0–5).
    System,
    /// A tone (`playt`, `playv`; value = Hz, duration_ms set).
    Tone,
}

/// A sound the program asked for (`plays`, `playt`, `playv`), stamped with simulated time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SoundEvent {
    pub time_ms: u64,
    pub kind: SoundKind,
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

/// `at 1.234 s in task 0 (pc 12): message` — how every frontend writes a fault
/// (`fault …` in `run` and `lasm`, the app's messages and the Faults readout).
impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "at {:.3} s in task {} (pc {}): {}",
            self.time_ms as f64 / 1000.0,
            self.task,
            self.pc,
            self.message
        )
    }
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
    /// Serialized as its number (0 none … 4 rotation).
    #[serde(serialize_with = "as_byte::sensor_type")]
    pub sensor_type: SensorType,
    /// Serialized as its number (0 raw … 7 angle).
    #[serde(serialize_with = "as_byte::sensor_mode")]
    pub mode: SensorMode,
    pub slope: u8,
    pub raw: u16,
    pub value: i16,
    pub boolean: bool,
}

/// The sensor table's entries serialized as their numbers.
mod as_byte {
    use crate::rcx::{SensorMode, SensorType};
    use serde::Serializer;

    pub fn sensor_type<S: Serializer>(t: &SensorType, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(t.byte())
    }

    pub fn sensor_mode<S: Serializer>(m: &SensorMode, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(m.byte())
    }
}

/// How closely the simulation imitates a real brick (cli.md `--realism`).
///
/// `Original` (the default) is the 2007 simulator: one instruction per task per 1 ms tick,
/// sensors read every tick, ideal motors on the calibrated curve. `Rcx` is a real RCX on a
/// real table: one firmware interpreter shared round-robin by all tasks at the firmware's
/// measured speed, sensors sampled every 3 ms, PWM power driving DC motors with load, brake
/// without holding torque (docs/realism.md gives the figures and their sources).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Realism {
    #[default]
    Original,
    Rcx,
}

impl Realism {
    /// The name used on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            Realism::Original => "original",
            Realism::Rcx => "rcx",
        }
    }
}

/// Firmware time per interpreted opcode in `Realism::Rcx`, µs. Dick Swan measured the
/// standard LEGO firmware at "typically 3.2 milliseconds per opcode … just over 300" opcodes
/// a second, OS overhead included (elenafrancesco.org/old/lego "Firmware Features";
/// lugnet.robotics #22994), on the RCX 2.0 firmware this VM imitates. An oscilloscope on the
/// older 1.0 firmware (line.to/mac/MindStorms/exetime, 2000-03-05) saw ≈ 2 ms for the
/// simplest opcode (`a++`); we take Swan's figure because it is for the 2.0 firmware and an
/// average over real programs' opcode mixes (fidelity.md).
pub const FIRMWARE_OPCODE_US: u32 = 3200;
/// The firmware's sensor scan period in `Realism::Rcx`, ms: ≈ 2.9 ms powering the sensor and
/// ≈ 0.1 ms reading it (lugnet.robotics.rcx #1305; philohome.com/sensors/legorot.htm).
pub const SENSOR_SCAN_MS: u64 = 3;

/// VM settings.
#[derive(Clone, Debug)]
pub struct VmConfig {
    /// Instructions each runnable task executes per 1 ms tick (the original ran one).
    pub instructions_per_tick: u32,
    /// Seed of the VM's random source (source 4).
    pub seed: u64,
    /// Battery millivolts reported when the brick does not say otherwise.
    pub battery_mv: u16,
    /// `Rcx`: the firmware's timing ([`FIRMWARE_OPCODE_US`] per opcode for all tasks
    /// together, round-robin; `instructions_per_tick` is then unused) and its 3 ms sensor
    /// scan with rotation counts decoded as the firmware does.
    pub realism: Realism,
}

impl Default for VmConfig {
    fn default() -> Self {
        VmConfig {
            instructions_per_tick: 1,
            seed: 0,
            battery_mv: 9000,
            realism: Realism::Original,
        }
    }
}

/// Program memory of the brick in bytes (defined with the program, where the host side of
/// the link reads it too): downloads and `logz` past this get status 1.
pub use crate::rcx::program::MEMORY_BYTES;

/// At most this many faults are kept (a faulting loop must not eat memory).
const MAX_FAULTS: usize = 1000;
/// At most this many sound events are kept.
const MAX_SOUNDS: usize = 100_000;
/// Transmissions a brick keeps for [`Vm::take_ir_sent`] (a brick sends at most one packet
/// per task per tick, and a scene takes them every tick).
pub const IR_PENDING: usize = 64;

/// Decoded code of one program slot.
#[derive(Clone, Debug, Default)]
struct SlotCode {
    tasks: [Option<Arc<Code>>; crate::rcx::program::MAX_TASKS],
    subs: [Option<Arc<Code>>; crate::rcx::program::MAX_SUBS],
}

impl SlotCode {
    fn of(p: &Program) -> SlotCode {
        let mut s = SlotCode::default();
        for (d, c) in s.tasks.iter_mut().zip(p.tasks.iter()) {
            *d = c.as_ref().map(|b| Arc::new(Code::new(b.clone())));
        }
        for (d, c) in s.subs.iter_mut().zip(p.subs.iter()) {
            *d = c.as_ref().map(|b| Arc::new(Code::new(b.clone())));
        }
        s
    }
}

/// A message the program transmitted (`msg`) or a UART packet (`uart`), stamped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Transmission {
    pub time_ms: u64,
    pub bytes: Vec<u8>,
}

/// What the LCD shows (`view`, `disp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Display {
    /// 0 watch, 1–3 sensor, 4–6 output, 7 user value.
    pub view: u8,
    /// `disp`: decimal places 0–3, and the source/argument shown in view 7.
    pub precision: u8,
    pub source: u8,
    pub arg: i16,
}

/// The simulated RCX.
#[derive(Clone, Debug)]
pub struct Vm {
    config: VmConfig,
    slots: Vec<Program>,
    code: Vec<SlotCode>,
    slot: usize,
    now_ms: u64,
    globals: [i16; 32],
    tasks: [Task; crate::rcx::program::MAX_TASKS],
    /// Per-output state as programs set it (before the global controls).
    outputs: [OutputState; 3],
    global: [GlobalOut; 3],
    sensors: [Sensor; 3],
    /// Simulated ms at which each timer read 0.
    timer_zero_ms: [u64; 4],
    rng: u64,
    message: u8,
    /// Watch minutes at `watch_set_ms`.
    watch_minutes: i32,
    watch_set_ms: u64,
    events: [Event; 16],
    /// Access-control resource bits 0–7: owning task.
    owners: [Option<u8>; 8],
    /// ROBOLAB 2.9 "System" parameters (source 24), stored.
    system: [i16; 64],
    /// Source 33: UART data bytes 0–15, packet type 16, comm setup 17.
    uart: [i16; 18],
    display: Display,
    /// The face: On-Off state and the user view's number (display.rs).
    panel: display::Panel,
    /// `logz` size (entries excluding the header entry), if allocated.
    datalog_size: Option<u16>,
    /// Datalog entries after the header: (type byte, value).
    datalog: Vec<(u8, i16)>,
    /// Time at which the sound queue runs empty.
    sound_busy_until: u64,
    muted: bool,
    tx_range: u8,
    /// Power-down delay in minutes (`tout`); the RCX defaults to 15.
    power_down_min: u8,
    remote_keys: u16,
    battery_mv: u16,
    generation: u64,
    /// Events fired by the instruction being executed, dispatched after it.
    pending_events: u16,
    faults: Vec<Fault>,
    sounds: SharedLog<SoundEvent>,
    transmissions: SharedLog<Transmission>,
    /// Transmissions not yet taken by [`Vm::take_ir_sent`] (a scene's IR between bricks),
    /// at most [`IR_PENDING`].
    ir_pending: Vec<Transmission>,
    /// `Realism::Rcx`: interpreter time available, µs, and the task whose turn is next.
    budget_us: u32,
    next_task: usize,
    /// Instructions executed since the VM started (all tasks).
    executed: u64,
}

impl Vm {
    pub fn new(config: VmConfig) -> Vm {
        let slots = vec![Program::default(); crate::rcx::program::SLOTS];
        let code = slots.iter().map(SlotCode::of).collect();
        let mut vm = Vm {
            rng: 0,
            battery_mv: config.battery_mv,
            config,
            slots,
            code,
            slot: 0,
            now_ms: 0,
            globals: [0; 32],
            tasks: Default::default(),
            outputs: [OutputState::default(); 3],
            global: [GlobalOut::default(); 3],
            sensors: Default::default(),
            timer_zero_ms: [0; 4],
            message: 0,
            watch_minutes: 0,
            watch_set_ms: 0,
            events: Default::default(),
            owners: [None; 8],
            system: [0; 64],
            uart: [0; 18],
            display: Display {
                view: 0,
                precision: 0,
                source: 2,
                arg: 0,
            },
            panel: display::Panel::default(),
            datalog_size: None,
            datalog: Vec::new(),
            sound_busy_until: 0,
            muted: false,
            tx_range: 0,
            power_down_min: 15,
            remote_keys: 0,
            generation: 0,
            pending_events: 0,
            faults: Vec::new(),
            sounds: SharedLog::default(),
            transmissions: SharedLog::default(),
            ir_pending: Vec::new(),
            budget_us: FIRMWARE_OPCODE_US,
            next_task: 0,
            executed: 0,
        };
        vm.reseed(vm.config.seed);
        vm
    }

    /// The settings in force.
    pub fn config(&self) -> &VmConfig {
        &self.config
    }

    /// Replaces the program in `slot` (stopping its tasks).
    pub fn load(&mut self, slot: usize, program: Program) {
        if slot < self.slots.len() {
            if slot == self.slot {
                self.stop_all();
            }
            self.code[slot] = SlotCode::of(&program);
            self.slots[slot] = program;
            self.generation += 1;
        }
    }

    /// The program in `slot`.
    pub fn program(&self, slot: usize) -> Option<&Program> {
        self.slots.get(slot)
    }

    /// Selects the current program slot (stops all tasks), like `prgm`.
    pub fn select_slot(&mut self, slot: usize) {
        if slot < self.slots.len() {
            self.stop_all();
            self.slot = slot;
        }
    }

    /// The current program slot.
    pub fn slot(&self) -> usize {
        self.slot
    }

    /// (Re)starts task `task` of the current program if it is defined.
    pub fn start_task(&mut self, task: u8) {
        let t = task as usize;
        if t < self.tasks.len() && self.code[self.slot].tasks[t].is_some() {
            self.release_resources(t);
            self.tasks[t].reset(TaskState::Running);
        }
    }

    /// Stops one task (releasing its access-control resources).
    pub fn stop_task(&mut self, task: u8) {
        let t = task as usize;
        if t < self.tasks.len() {
            self.release_resources(t);
            self.tasks[t].reset(TaskState::Stopped);
        }
    }

    /// Stops every task.
    pub fn stop_all(&mut self) {
        for t in 0..self.tasks.len() {
            self.stop_task(t as u8);
        }
    }

    /// Samples the sensors (first step of the tick), then checks the events.
    /// In `Realism::Rcx` the ports are scanned only every [`SENSOR_SCAN_MS`] (values hold in
    /// between); events are checked every tick either way.
    pub fn sense<B: Brick>(&mut self, brick: &mut B) {
        if self.config.realism == Realism::Original || self.now_ms.is_multiple_of(SENSOR_SCAN_MS) {
            self.battery_mv = brick.battery_mv();
            for port in 0..3 {
                self.scan_sensor(brick, port);
            }
        }
        self.check_events();
        self.dispatch_events();
    }

    /// Runs this tick's instructions of every runnable task: each running task executes up
    /// to `instructions_per_tick` instructions, tasks in number order (a task started by a
    /// lower-numbered one runs in the same tick).
    ///
    /// In `Realism::Rcx` there is one interpreter for all tasks instead: each tick adds 1 ms
    /// of interpreter time, and while an opcode's worth ([`FIRMWARE_OPCODE_US`]) is there the
    /// next running task in round-robin order executes one instruction. Waiting tasks take no
    /// turn. An idle interpreter saves at most one opcode's time, so a task whose wait ends
    /// runs its next instruction at once.
    pub fn execute<B: Brick>(&mut self, brick: &mut B) {
        let _ = brick; // all brick input is sampled in `sense`
        if self.config.realism == Realism::Rcx {
            self.execute_firmware();
            return;
        }
        let budget = self.config.instructions_per_tick.max(1);
        for t in 0..self.tasks.len() {
            let mut n = 0;
            while n < budget && self.tasks[t].state == TaskState::Running {
                self.step(t);
                self.executed += 1;
                n += 1;
            }
        }
    }

    /// `Realism::Rcx`'s shared, round-robin interpreter (see [`Vm::execute`]).
    fn execute_firmware(&mut self) {
        self.budget_us = self.budget_us.saturating_add(1000);
        let n = self.tasks.len();
        while self.budget_us >= FIRMWARE_OPCODE_US {
            let Some(t) = (0..n)
                .map(|i| (self.next_task + i) % n)
                .find(|&t| self.tasks[t].state == TaskState::Running)
            else {
                self.budget_us = self.budget_us.min(FIRMWARE_OPCODE_US);
                return;
            };
            self.next_task = (t + 1) % n;
            self.budget_us -= FIRMWARE_OPCODE_US;
            self.step(t);
            self.executed += 1;
        }
    }

    /// Instructions executed since the VM started, all tasks together.
    pub fn instructions_executed(&self) -> u64 {
        self.executed
    }

    /// Advances the simulated clock and timers by one millisecond (last step of the tick),
    /// and ends the waits that are due.
    pub fn advance(&mut self) {
        self.now_ms += 1;
        for task in self.tasks.iter_mut() {
            if task.state == TaskState::Waiting && self.now_ms >= task.wait_until {
                task.state = TaskState::Running;
            }
        }
        self.refresh_lcd();
    }

    /// sense + execute + advance: one tick with no physics.
    pub fn tick<B: Brick>(&mut self, brick: &mut B) {
        self.sense(brick);
        self.execute(brick);
        self.advance();
    }

    /// Effective outputs A, B, C (task settings after `gout`/`gdir`/`gpwr`).
    pub fn outputs(&self) -> [OutputState; 3] {
        let mut r = self.outputs;
        for (o, g) in r.iter_mut().zip(self.global.iter()) {
            if g.mode != OutputMode::On {
                o.mode = g.mode;
            }
            if g.reverse {
                o.forward = !o.forward;
            }
            if o.power > g.max_power {
                o.power = g.max_power;
            }
            if let Some(p) = o.percent {
                // The same limit in percent: level L allows (L+1)/8 of full power.
                let cap = ((g.max_power as u32 + 1) * 100 / 8) as u8;
                o.percent = Some(p.min(cap));
            }
        }
        r
    }

    /// Executes a direct command (canonical or toggled opcode + parameters, unframed) and
    /// returns the reply payload including the reply opcode (`!op` as received), or `None`
    /// when the firmware sends no reply. Download opcodes (0x25, 0x35, 0x45) and firmware
    /// opcodes are the link's business and answered `None` here.
    pub fn direct<B: Brick>(&mut self, brick: &mut B, payload: &[u8]) -> Option<Vec<u8>> {
        self.battery_mv = brick.battery_mv();
        let reply = self.direct_command(payload);
        if self.pending_events != 0 {
            self.dispatch_events();
        }
        reply
    }

    /// Simulated milliseconds since the VM started.
    pub fn now_ms(&self) -> u64 {
        self.now_ms
    }

    /// The 32 global variables.
    pub fn variables(&self) -> [i16; 32] {
        self.globals
    }

    /// The 16 task-local variables (32–47) of `task`.
    pub fn locals(&self, task: usize) -> Option<[i16; 16]> {
        self.tasks.get(task).map(|t| t.locals)
    }

    /// The four timers in 100 ms ticks.
    pub fn timers_100ms(&self) -> [i16; 4] {
        [0, 1, 2, 3].map(|i| self.timer_value(i, 100))
    }

    /// Every task of the current program that is defined.
    pub fn tasks(&self) -> Vec<TaskView> {
        let mut v = Vec::new();
        self.tasks_into(&mut v);
        v
    }

    /// [`Vm::tasks`] into `v` (cleared first), reusing its memory: the simulation reads the
    /// tasks every tick for the tracer.
    pub fn tasks_into(&self, v: &mut Vec<TaskView>) {
        v.clear();
        for (i, t) in self.tasks.iter().enumerate() {
            if self.code[self.slot].tasks[i].is_none() {
                continue;
            }
            v.push(TaskView {
                task: i as u8,
                state: t.state,
                pc: t.pc,
                sub: t.sub,
                wait_remaining_ms: (t.state == TaskState::Waiting).then(|| {
                    t.wait_until
                        .saturating_sub(self.now_ms)
                        .min(u32::MAX as u64) as u32
                }),
            });
        }
    }

    /// The three sensor ports.
    pub fn sensors(&self) -> Vec<SensorView> {
        self.sensors
            .iter()
            .enumerate()
            .map(|(i, s)| SensorView {
                port: i as u8,
                sensor_type: s.ty,
                mode: s.mode,
                slope: s.slope,
                raw: s.raw,
                value: s.value,
                boolean: s.boolean,
            })
            .collect()
    }

    /// Faults so far.
    pub fn faults(&self) -> &[Fault] {
        &self.faults
    }

    /// Sounds so far (flushed ones that never started are removed).
    pub fn sounds(&self) -> &SharedLog<SoundEvent> {
        &self.sounds
    }

    /// IR messages (`msg`) and UART packets (`uart`) the program transmitted.
    pub fn transmissions(&self) -> &SharedLog<Transmission> {
        &self.transmissions
    }

    /// The IR message buffer (source 15).
    pub fn message(&self) -> u8 {
        self.message
    }

    /// Takes what the brick transmitted (`msg`, `uart`) since the last call, oldest first,
    /// for a scene to carry to the other bricks. A brick alone never calls it: then the
    /// first [`IR_PENDING`] stay and later ones are only in [`Vm::transmissions`].
    pub fn take_ir_sent(&mut self) -> Vec<Transmission> {
        std::mem::take(&mut self.ir_pending)
    }

    /// An IR message from another brick arrives (`f7 m`): the message buffer (source 15)
    /// takes it and the message events fire.
    pub fn receive_ir_message(&mut self, m: u8) {
        self.receive_message(m);
    }

    /// What the LCD shows.
    pub fn display(&self) -> Display {
        self.display
    }

    /// The datalog as `polld` would return it: the header entry (0xff, count) first.
    pub fn datalog(&self) -> Vec<(u8, i16)> {
        match self.datalog_size {
            None => Vec::new(),
            Some(_) => {
                let mut v = vec![(0xff, self.datalog.len() as i16 + 1)];
                v.extend_from_slice(&self.datalog);
                v
            }
        }
    }

    /// A ROBOLAB "System" parameter (source 24) as last written.
    pub fn system_param(&self, index: usize) -> Option<i16> {
        self.system.get(index).copied()
    }

    /// True after `mute` until `speak`.
    pub fn is_muted(&self) -> bool {
        self.muted
    }

    /// Installs one task's bytecode into a slot (a completed download). Stops running tasks.
    pub fn install_task(&mut self, slot: usize, task: usize, code: Vec<u8>) {
        if slot < self.slots.len() && task < crate::rcx::program::MAX_TASKS {
            self.stop_all();
            self.code[slot].tasks[task] = Some(Arc::new(Code::new(code.clone())));
            self.slots[slot].tasks[task] = Some(code);
            self.generation += 1;
        }
    }

    /// Installs one subroutine's bytecode. The firmware appends `rets`; here the stored
    /// bytes stay as given and running off the end of a sub returns (same behaviour).
    pub fn install_sub(&mut self, slot: usize, sub: usize, code: Vec<u8>) {
        if slot < self.slots.len() && sub < crate::rcx::program::MAX_SUBS {
            self.stop_all();
            self.code[slot].subs[sub] = Some(Arc::new(Code::new(code.clone())));
            self.slots[slot].subs[sub] = Some(code);
            self.generation += 1;
        }
    }

    /// `delt`: stop execution and delete all tasks of the current program.
    pub fn delete_tasks(&mut self) {
        self.stop_all();
        self.slots[self.slot].tasks = Default::default();
        self.code[self.slot].tasks = Default::default();
        self.generation += 1;
    }

    /// `delt t`: delete one task of the current program (stopping it).
    pub fn delete_task(&mut self, task: usize) {
        if task < crate::rcx::program::MAX_TASKS {
            self.stop_task(task as u8);
            self.slots[self.slot].tasks[task] = None;
            self.code[self.slot].tasks[task] = None;
            self.generation += 1;
        }
    }

    /// `dels`: delete all subroutines of the current program (stopping execution, since a
    /// running task might be inside one).
    pub fn delete_subs(&mut self) {
        self.stop_all();
        self.slots[self.slot].subs = Default::default();
        self.code[self.slot].subs = Default::default();
        self.generation += 1;
    }

    /// `dels s`: delete one subroutine (stops the tasks, which might call it).
    pub fn delete_sub(&mut self, sub: usize) {
        if sub < crate::rcx::program::MAX_SUBS {
            self.stop_all();
            self.slots[self.slot].subs[sub] = None;
            self.code[self.slot].subs[sub] = None;
            self.generation += 1;
        }
    }

    /// A counter that changes whenever any program slot's code changes (downloads, deletes,
    /// loads), so the simulation knows to re-recognise icons.
    pub fn program_generation(&self) -> u64 {
        self.generation
    }

    /// Program memory in use across all slots, in bytes, including the datalog (3 bytes per
    /// entry, as the firmware stores them) — download status 1 past [`MEMORY_BYTES`].
    pub fn bytes_used(&self) -> usize {
        self.slots.iter().map(|p| p.size()).sum::<usize>() + self.datalog_bytes()
    }

    fn datalog_bytes(&self) -> usize {
        self.datalog_size.map_or(0, |n| (n as usize + 1) * 3)
    }

    /// The VM's part of cli.md's state object: `outputs`, `sensors`, `variables`, `timers`,
    /// `program_slot`, `tasks`, `faults`, `sounds` (times in seconds).
    pub fn state_json(&self) -> serde_json::Map<String, serde_json::Value> {
        json::state_json(self)
    }

    /// [`Vm::state_json`] without `sounds`, for a caller that writes them one at a time
    /// ([`sound_json`]).
    pub fn state_json_without_sounds(&self) -> serde_json::Map<String, serde_json::Value> {
        json::state_json_without_sounds(self)
    }

    /// Records a fault. A fault identical to the previous one (a faulting loop) is not
    /// repeated, and at most [`MAX_FAULTS`] are kept.
    fn fault(&mut self, task: usize, pc: u16, message: String) {
        if let Some(last) = self.faults.last() {
            if last.task as usize == task && last.pc == pc && last.message == message {
                return;
            }
        }
        if self.faults.len() < MAX_FAULTS {
            self.faults.push(Fault {
                time_ms: self.now_ms,
                task: task as u8,
                pc,
                message,
            });
        }
    }
}

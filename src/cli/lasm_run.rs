//! `lurobotsim lasm run`: a program on a bare brick — no physics, sensors idle (raw 1023,
//! rotation 0) — for N ms of simulated time, then the VM's state (cli.md).
use super::{CliError, CliResult};
use crate::vm::{Brick, Realism, Vm, VmConfig};
use std::path::Path;

/// A brick with nothing connected.
pub struct BareBrick {
    /// Its battery, mV (`--battery-v`, or the realism's default).
    pub battery_mv: u16,
}

impl Brick for BareBrick {
    fn sensor_raw(&mut self, _port: usize, _powered: bool) -> u16 {
        1023
    }
    fn rotation_count(&mut self, _port: usize) -> i32 {
        0
    }
    fn battery_mv(&self) -> u16 {
        self.battery_mv
    }
}

/// Loads `file` into slot 0, starts task 0 and runs `ms` ticks.
pub fn run_vm(
    file: &Path,
    ms: u64,
    realism: Realism,
    battery_v: Option<f32>,
) -> Result<Vm, CliError> {
    let program = crate::rcx::load_program_file(file).map_err(|e| CliError::User(e.to_string()))?;
    let battery_mv = crate::world::battery::millivolts(
        battery_v.unwrap_or_else(|| crate::world::battery::default_v(realism)),
    );
    let mut vm = Vm::new(VmConfig {
        realism,
        battery_mv,
        ..VmConfig::default()
    });
    vm.load(0, program);
    vm.start_task(0);
    let mut brick = BareBrick { battery_mv };
    for _ in 0..ms {
        vm.tick(&mut brick);
    }
    Ok(vm)
}

pub fn run(
    file: &Path,
    ms: u64,
    json: bool,
    realism: Realism,
    battery_v: Option<f32>,
) -> CliResult {
    let vm = run_vm(file, ms, realism, battery_v)?;
    if json {
        let mut state = serde_json::Map::new();
        state.insert(
            "sim_time_s".into(),
            serde_json::json!(vm.now_ms() as f64 / 1000.0),
        );
        state.extend(vm.state_json());
        let text = serde_json::to_string_pretty(&serde_json::Value::Object(state))
            .map_err(|e| CliError::Internal(e.to_string()))?;
        super::print_out(&format!("{text}\n"))
    } else {
        super::print_out(&summary(&vm))
    }
}

/// The human summary: time, outputs, variables that are not 0, timers, tasks, faults,
/// sounds.
pub fn summary(vm: &Vm) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "time {:.3} s, program slot {}",
        vm.now_ms() as f64 / 1000.0,
        vm.slot() + 1
    );
    for (name, o) in ["A", "B", "C"].iter().zip(vm.outputs().iter()) {
        let dir = if o.forward { "fwd" } else { "rev" };
        let power = match o.percent {
            Some(p) => format!("{p}%"),
            None => format!("power {}", o.power),
        };
        let _ = writeln!(s, "output {name}: {:?} {dir} {power}", o.mode);
    }
    let vars: Vec<String> = vm
        .variables()
        .iter()
        .enumerate()
        .filter(|(_, v)| **v != 0)
        .map(|(i, v)| format!("var[{i}]={v}"))
        .collect();
    let _ = writeln!(
        s,
        "variables: {}",
        if vars.is_empty() {
            "all 0".to_string()
        } else {
            vars.join(" ")
        }
    );
    let _ = writeln!(s, "timers (100 ms): {:?}", vm.timers_100ms());
    for t in vm.tasks() {
        let _ = writeln!(s, "task {}: {:?} at {}", t.task, t.state, t.pc);
    }
    for f in vm.faults() {
        let _ = writeln!(s, "fault {f}");
    }
    let _ = writeln!(s, "sounds: {}", vm.sounds().len());
    s
}

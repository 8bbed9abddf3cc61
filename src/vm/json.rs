//! The VM's part of cli.md's state object. Field names and value spellings are the CLI
//! contract (cli.md "The state object"); add keys, never rename.

use super::{OutputMode, SoundEvent, TaskState, Vm};
use serde_json::{json, Map, Value};

fn seconds(ms: u64) -> f64 {
    ms as f64 / 1000.0
}

/// One sound of the state object's `sounds`.
pub fn sound_json(s: &SoundEvent) -> Value {
    json!({"time_s": seconds(s.time_ms), "kind": s.kind, "value": s.value,
           "duration_ms": s.duration_ms})
}

/// The state object's VM keys without `sounds` (a long list the caller writes itself, one
/// sound at a time: [`sound_json`]).
pub(crate) fn state_json_without_sounds(vm: &Vm) -> Map<String, Value> {
    keys(vm, false)
}

pub(crate) fn state_json(vm: &Vm) -> Map<String, Value> {
    keys(vm, true)
}

fn keys(vm: &Vm, with_sounds: bool) -> Map<String, Value> {
    let mut m = Map::new();
    let mut outputs = Map::new();
    for (name, o) in ["A", "B", "C"].iter().zip(vm.outputs().iter()) {
        let mode = match o.mode {
            OutputMode::On => "on",
            OutputMode::Off => "off",
            OutputMode::Float => "float",
        };
        outputs.insert(
            name.to_string(),
            json!({
                "mode": mode,
                "direction": if o.forward { "fwd" } else { "rev" },
                "power": o.power,
                "percent": o.percent,
            }),
        );
    }
    m.insert("outputs".into(), Value::Object(outputs));
    let sensors: Vec<Value> = vm
        .sensors()
        .iter()
        .map(|s| {
            json!({
                "port": s.port + 1,
                "type": s.sensor_type.name(),
                "mode": s.mode.name(),
                "raw": s.raw,
                "value": s.value,
            })
        })
        .collect();
    m.insert("sensors".into(), Value::Array(sensors));
    m.insert("variables".into(), json!(vm.variables().to_vec()));
    m.insert("timers".into(), json!(vm.timers_100ms().to_vec()));
    m.insert("program_slot".into(), json!(vm.slot()));
    let tasks: Vec<Value> = vm
        .tasks()
        .iter()
        .map(|t| {
            let state = match t.state {
                TaskState::Stopped => "stopped",
                TaskState::Running => "running",
                TaskState::Waiting => "waiting",
            };
            json!({"task": t.task, "state": state, "pc": t.pc, "sub": t.sub})
        })
        .collect();
    m.insert("tasks".into(), Value::Array(tasks));
    m.insert("faults".into(), faults_json(vm));
    if with_sounds {
        let sounds: Vec<Value> = vm.sounds().iter().map(sound_json).collect();
        m.insert("sounds".into(), Value::Array(sounds));
    }
    m.insert("display".into(), super::display::display_json(vm));
    m
}

/// The state object's `faults`: every fault with its time, task, pc and message.
pub fn faults_json(vm: &Vm) -> Value {
    Value::Array(
        vm.faults()
            .iter()
            .map(|f| {
                json!({"time_s": seconds(f.time_ms), "task": f.task, "pc": f.pc, "message": f.message})
            })
            .collect(),
    )
}

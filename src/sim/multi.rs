//! Several robots in one world, each with its own RCX (a [`Scene`](super::scene::Scene)),
//! ticking together, and the infrared between their bricks.
//!
//! THE SCENE TICK — the one-robot tick of [`super::Simulation::tick`] widened, one order for
//! every brick (robot 0 first, then 1, …):
//! 1. sensors: every brick samples its own robot's ports;
//! 2. VM: every brick runs this tick's instruction(s);
//! 3. actuators: every robot's motors take its own brick's outputs;
//! 4. physics: ONE 1 ms rapier step for the whole world (robots collide with each other and
//!    the walls; a touch sensor feels another robot as it feels a wall);
//! 5. timers: every brick's clock advances 1 ms;
//! 6. IR: what each brick transmitted this tick goes on the air, and every packet whose
//!    transmission has ended by the new time reaches every other brick (message buffer
//!    set, message events fire) — so the state at t ms holds what arrived by t ms, and the
//!    bricks' programs see it in the tick at t.
//!
//! Determinism: the same scene and seed give bit-identical results. Brick `k` seeds its
//! random source with `seed + k`, so identical programs do not run in lockstep; robot 0 of
//! a scene is exactly the robot of `run` with the same seed (a one-robot scene is today's
//! run).
//!
//! IR between bricks (rcx.md §1.1–1.2): a packet is `55 ff 00`, each payload byte and its
//! complement, and the checksum and its complement, sent at 2400 baud with 11 bits per byte
//! (start, 8 data, odd parity, stop) — a message (`f7 v`, 9 bytes) takes 41.25 ms. A brick's
//! packets go out one after another (one IR transmitter); a brick never hears itself. What
//! is simplified (docs/scenes.md): every other brick of the scene hears every packet
//! (range, line of sight and the direction of the IR window are not modelled — a real room's
//! IR bounces off walls and ceilings), and packets from two bricks that overlap in time do
//! not garble each other.

use super::json_out::Doc;
use super::odometry::Odometry;
use super::{time, SimConfig, Simulation};
use crate::rcx::opcode;
use crate::trace::{Tracer, Vi};
use crate::vm::{TaskState, Vm};
use crate::world::Pose;
use serde_json::{json, Value};
use std::sync::Arc;

/// Bits on the wire per byte: start, 8 data, odd parity, stop.
pub const IR_BITS_PER_BYTE: u64 = 11;
/// The IR link's speed.
pub const IR_BAUD: u64 = 2400;
/// Most packets on the air at once (past this a packet is dropped, as a flooded IR room
/// loses them); bounds memory whatever the programs do.
pub const IR_MAX_IN_FLIGHT: usize = 4096;

/// Bytes on the wire for a packet with this payload (opcode + parameters): the 3 header
/// bytes, every payload byte and its complement, the checksum and its complement.
pub fn ir_packet_bytes(payload_len: usize) -> u64 {
    3 + 2 * payload_len as u64 + 2
}

/// How long the packet takes at 2400 baud, in microseconds (`f7 v`: 41 250 µs).
pub fn ir_transmission_us(payload_len: usize) -> u64 {
    ir_packet_bytes(payload_len) * IR_BITS_PER_BYTE * 1_000_000 / IR_BAUD
}

/// A packet on the air.
#[derive(Clone, Debug)]
pub(crate) struct InFlight {
    /// When its last bit has arrived, µs of simulated time.
    arrive_us: u64,
    from: usize,
    payload: Vec<u8>,
}

/// One robot's RCX and what is kept about it.
#[derive(Clone)]
pub(crate) struct Bot {
    pub name: String,
    pub vm: Vm,
    pub tracer: Tracer,
    /// The tracer's VIs, shared with snapshots.
    pub(crate) vis: Arc<Vec<Vi>>,
    pub odometry: Odometry,
    /// The VM's program generation and slot the tracer was built for (a running program
    /// can select another slot itself: the tick re-recognises then, logging nothing).
    seen_generation: u64,
    seen_slot: usize,
    /// When its IR transmitter is free again, µs.
    ir_free_us: u64,
    /// IR packets it sent and received.
    pub ir_sent: u64,
    pub ir_received: u64,
    /// The VM's tasks as last read for the tracer (kept to reuse its memory every tick).
    pub(crate) views: Vec<crate::vm::TaskView>,
}

impl Bot {
    /// Robot `k`'s fresh brick: its random source is seeded with `seed + k`.
    pub(crate) fn new(name: String, config: &SimConfig, k: usize, start: Pose) -> Bot {
        let mut vm_config = super::vm_config(config);
        vm_config.seed = config.seed.wrapping_add(k as u64);
        Bot {
            name,
            vm: Vm::new(vm_config),
            tracer: Tracer::default(),
            vis: Arc::new(Vec::new()),
            odometry: Odometry::new(start),
            seen_generation: 0,
            seen_slot: 0,
            ir_free_us: 0,
            ir_sent: 0,
            ir_received: 0,
            views: Vec::new(),
        }
    }

    /// Shows the tracer the VM's tasks as they are now (after a tick or an input).
    pub(crate) fn follow(&mut self, time_ms: u64) {
        self.vm.tasks_into(&mut self.views);
        self.tracer.update(time_ms, &self.views);
    }

    /// Whether the current slot or any program changed since the icons were recognised.
    pub(crate) fn program_changed(&self) -> bool {
        self.vm.program_generation() != self.seen_generation || self.vm.slot() != self.seen_slot
    }

    /// Re-recognises the current program's VIs.
    pub(crate) fn retrace(&mut self, time_ms: u64) {
        let empty = crate::rcx::program::Program::default();
        self.tracer = Tracer::new(self.vm.program(self.vm.slot()).unwrap_or(&empty));
        self.vis = Arc::new(self.tracer.vis().to_vec());
        self.seen_generation = self.vm.program_generation();
        self.seen_slot = self.vm.slot();
        self.follow(time_ms);
    }
}

impl Simulation {
    /// Puts what each brick transmitted on the air, in brick order.
    pub(crate) fn send_ir(&mut self) {
        for (k, b) in self.bots.iter_mut().enumerate() {
            for t in b.vm.take_ir_sent() {
                let start_us = (t.time_ms * 1000).max(b.ir_free_us);
                let end_us = start_us + ir_transmission_us(t.bytes.len());
                b.ir_free_us = end_us;
                b.ir_sent += 1;
                if self.air.len() >= IR_MAX_IN_FLIGHT {
                    self.ir_dropped += 1;
                    continue;
                }
                self.air.push(InFlight {
                    arrive_us: end_us,
                    from: k,
                    payload: t.bytes,
                });
            }
        }
    }

    /// Hands every packet whose last bit has arrived to every other brick, oldest first
    /// (ties in brick order). Only messages (`f7`, either toggle form) mean anything to a
    /// brick running a program; other packets (a `uart` of something else) are heard and
    /// ignored.
    pub(crate) fn deliver_ir(&mut self) {
        if self.air.is_empty() {
            return;
        }
        let now_us = self.time_ms * 1000;
        if !self.air.iter().any(|p| p.arrive_us <= now_us) {
            return;
        }
        // Stable: packets keep their sending order within one arrival time.
        self.air.sort_by_key(|p| p.arrive_us);
        let n = self
            .air
            .iter()
            .take_while(|p| p.arrive_us <= now_us)
            .count();
        let arrived: Vec<InFlight> = self.air.drain(..n).collect();
        for p in arrived {
            let [op, v] = p.payload[..] else { continue };
            if op & !opcode::TOGGLE_BIT != opcode::MSGS {
                continue;
            }
            // A switched-off brick hears nothing.
            for (k, b) in self.bots.iter_mut().enumerate() {
                if k != p.from && !b.vm.is_off() {
                    b.vm.receive_ir_message(v);
                    b.ir_received += 1;
                }
            }
        }
    }

    /// Robot `k`'s state object as a [`Doc`] (`Null` past the last robot); without `name`
    /// and `ir` unless `scene` (the one-robot state object of cli.md has neither).
    pub(crate) fn robot_doc(&self, k: usize, scene: bool) -> Doc<'_> {
        let Some(b) = self.bots.get(k) else {
            return Doc::Value(Value::Null);
        };
        let pose = self.world.brick_pose(k);
        let mut m: Vec<(String, Doc<'_>)> = Vec::with_capacity(32);
        let mut put = |key: &str, v: Value| m.push((key.into(), Doc::Value(v)));
        if scene {
            put("name", json!(b.name));
            put(
                "ir",
                json!({"sent": b.ir_sent, "received": b.ir_received, "message": b.vm.message()}),
            );
        }
        put("sim_time_s", json!(time::seconds(self.time_ms)));
        put("robot", json!(self.world.robot_name(k)));
        put("environment", json!(self.world.env_name()));
        put("pose", super::pose_json(&pose));
        put("start_pose", super::pose_json(&b.odometry.start));
        put(
            "displacement_m",
            json!(super::round6(b.odometry.displacement_m())),
        );
        put(
            "path_length_m",
            json!(super::round6(b.odometry.path_length_m)),
        );
        put(
            "yaw_total_deg",
            json!(super::round6(b.odometry.yaw_total_deg)),
        );
        for (key, v) in b.vm.state_json_without_sounds() {
            m.push((key, Doc::Value(v)));
        }
        m.push(("sounds".into(), Doc::Sounds(b.vm.sounds())));
        m.push((
            "trace".into(),
            Doc::object(vec![
                ("vis".into(), Doc::Value(json!(b.tracer.vis()))),
                ("events".into(), Doc::Events(b.tracer.events())),
                (
                    "events_dropped".into(),
                    Doc::Value(json!(b.tracer.events_dropped())),
                ),
            ]),
        ));
        Doc::object(m)
    }

    /// The `--json` object of a scene (cli.md): `{"sim_time_s", "environment", "robots"}`.
    pub fn scene_json(&self) -> Value {
        self.scene_doc().to_value()
    }

    /// [`Simulation::scene_json`] written to `w` as pretty JSON (the same text as
    /// `serde_json::to_writer_pretty` of it), one event and one sound at a time: memory does
    /// not grow with the length of the logs.
    pub fn write_scene_json<W: std::io::Write>(&self, w: W) -> serde_json::Result<()> {
        self.scene_doc().write_pretty(w)
    }

    pub(crate) fn scene_doc(&self) -> Doc<'_> {
        Doc::object(vec![
            (
                "sim_time_s".into(),
                Doc::Value(json!(time::seconds(self.time_ms))),
            ),
            (
                "environment".into(),
                Doc::Value(json!(self.world.env_name())),
            ),
            (
                "robots".into(),
                Doc::List(
                    (0..self.bots.len())
                        .map(|k| self.robot_doc(k, true))
                        .collect(),
                ),
            ),
        ])
    }

    /// Whether any brick still has a task that is not stopped.
    pub fn any_running(&self) -> bool {
        self.bots
            .iter()
            .any(|b| b.vm.tasks().iter().any(|t| t.state != TaskState::Stopped))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_packet_is_nine_bytes_and_takes_41_25_ms_at_2400_baud() {
        // 55 ff 00 f7 08 12 ed 09 f6 (rcx.md's worked example).
        assert_eq!(ir_packet_bytes(2), 9);
        assert_eq!(ir_transmission_us(2), 41_250);
    }
}

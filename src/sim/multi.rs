//! Several robots in one world, each with its own RCX (a [`Scene`]), ticking together, and
//! the infrared between their bricks.
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

use super::brick::{self, Rcx};
use super::input::Input;
use super::odometry::Odometry;
use super::scene::Scene;
use super::{time, SimConfig};
use crate::trace::Tracer;
use crate::vm::{TaskState, Vm, VmConfig};
use crate::world::{spec, Pose, World};
use serde_json::{json, Value};

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
struct InFlight {
    /// When its last bit has arrived, µs of simulated time.
    arrive_us: u64,
    from: usize,
    payload: Vec<u8>,
}

/// One robot's RCX and what is kept about it.
#[derive(Clone)]
pub struct Bot {
    pub name: String,
    pub vm: Vm,
    pub tracer: Tracer,
    pub odometry: Odometry,
    seen_generation: u64,
    seen_slot: usize,
    /// When its IR transmitter is free again, µs.
    ir_free_us: u64,
    /// IR packets it sent and received.
    pub ir_sent: u64,
    pub ir_received: u64,
}

impl Bot {
    fn retrace(&mut self, time_ms: u64) {
        let empty = crate::rcx::program::Program::default();
        self.tracer = Tracer::new(self.vm.program(self.vm.slot()).unwrap_or(&empty));
        self.seen_generation = self.vm.program_generation();
        self.seen_slot = self.vm.slot();
        let tasks = self.vm.tasks();
        self.tracer.update(time_ms, &tasks);
    }
}

/// A scene ticking: one world, one RCX per robot.
#[derive(Clone)]
pub struct SceneSim {
    world: World,
    bots: Vec<Bot>,
    time_ms: u64,
    config: SimConfig,
    air: Vec<InFlight>,
    /// Packets dropped because too many were on the air.
    pub ir_dropped: u64,
}

impl SceneSim {
    /// Builds the world and the bricks, loads each robot's program into slot 1 and starts
    /// its task 0 (as `run` does).
    pub fn new(scene: &Scene, config: SimConfig) -> Result<SceneSim, spec::SpecError> {
        let robots = scene
            .robots
            .iter()
            .map(|r| (r.spec.clone(), r.pose.0, r.pose.1, r.pose.2))
            .collect();
        let world = World::new_scene(scene.env.clone(), robots, config.seed, config.realism)?;
        let mut bots = Vec::with_capacity(scene.robots.len());
        for (k, r) in scene.robots.iter().enumerate() {
            let vm = Vm::new(VmConfig {
                seed: config.seed.wrapping_add(k as u64),
                realism: config.realism,
                ..config.vm.clone()
            });
            let start = world.brick_pose_of(k);
            let mut bot = Bot {
                name: r.name.clone(),
                vm,
                tracer: Tracer::default(),
                odometry: Odometry::new(start),
                seen_generation: 0,
                seen_slot: 0,
                ir_free_us: 0,
                ir_sent: 0,
                ir_received: 0,
            };
            if let Some((_, p)) = &r.program {
                bot.vm.stop_all();
                bot.vm.load(bot.vm.slot(), p.clone());
                bot.vm.start_task(0);
            }
            bot.retrace(0);
            bots.push(bot);
        }
        Ok(SceneSim {
            world,
            bots,
            time_ms: 0,
            config,
            air: Vec::new(),
            ir_dropped: 0,
        })
    }

    /// One 1 ms tick of every brick and the world (the order is in the module's docs).
    pub fn tick(&mut self) {
        for b in &mut self.bots {
            if b.vm.program_generation() != b.seen_generation || b.vm.slot() != b.seen_slot {
                b.retrace(self.time_ms);
            }
        }
        // 1. sensors.
        for (k, b) in self.bots.iter_mut().enumerate() {
            b.vm.sense(&mut self.world.brick_of(k));
        }
        // 2. VMs.
        for (k, b) in self.bots.iter_mut().enumerate() {
            b.vm.execute(&mut self.world.brick_of(k));
        }
        // 3. actuators.
        for (k, b) in self.bots.iter().enumerate() {
            self.world.set_outputs_of(k, &b.vm.outputs());
        }
        // 4. physics.
        self.world.step();
        // 5. timers.
        for b in &mut self.bots {
            b.vm.advance();
        }
        self.time_ms += time::TICK_MS;
        // 6. IR.
        self.send_ir();
        self.deliver_ir();
        for (k, b) in self.bots.iter_mut().enumerate() {
            b.odometry.update(self.world.brick_pose_of(k));
            let tasks = b.vm.tasks();
            b.tracer.update(self.time_ms, &tasks);
        }
    }

    /// Puts what each brick transmitted on the air, in brick order.
    fn send_ir(&mut self) {
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
    fn deliver_ir(&mut self) {
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
            if op & !0x08 != 0xf7 {
                continue;
            }
            for (k, b) in self.bots.iter_mut().enumerate() {
                if k != p.from {
                    b.vm.receive_ir_message(v);
                    b.ir_received += 1;
                }
            }
        }
    }

    /// Ticks until the clock reads `time_ms`.
    pub fn run_until(&mut self, time_ms: u64) {
        while self.time_ms < time_ms {
            self.tick();
        }
    }

    pub fn time_ms(&self) -> u64 {
        self.time_ms
    }

    pub fn world(&self) -> &World {
        &self.world
    }

    pub fn config(&self) -> &SimConfig {
        &self.config
    }

    pub fn bots(&self) -> &[Bot] {
        &self.bots
    }

    /// Robot `k`'s brick (None past the last).
    pub fn bot(&self, k: usize) -> Option<&Bot> {
        self.bots.get(k)
    }

    /// Applies one brick input ([`brick::is_brick_input`]: programs, tasks, direct
    /// commands, buttons) to robot `k`'s RCX now, before the next tick, and re-traces its
    /// program when that changed — the one-robot [`super::Simulation::apply`] for one brick
    /// of the scene (the same code). The world's inputs (`PlaceRobot`, `AddBox`,
    /// `RemoveBox`) are not a brick's: they change nothing here. Returns the reply of a
    /// direct command; `None` past the last robot.
    pub fn apply(&mut self, k: usize, input: Input) -> Option<Vec<u8>> {
        let b = self.bots.get_mut(k)?;
        let reply = brick::apply_to_vm(&mut b.vm, &mut self.world.brick_of(k), &input);
        self.noticed(k);
        reply
    }

    /// A direct command (unframed) on robot `k`'s RCX, as its link sends it; the reply.
    /// Pure queries (ping, poll, …) only read; the others are applied as
    /// [`SceneSim::apply`] does.
    pub fn direct(&mut self, k: usize, payload: &[u8]) -> Option<Vec<u8>> {
        let b = self.bots.get_mut(k)?;
        let reply = b.vm.direct(&mut self.world.brick_of(k), payload);
        if !super::is_query(payload) {
            self.noticed(k);
        }
        reply
    }

    /// After an input to robot `k`'s brick: re-trace a changed program, note the tasks.
    fn noticed(&mut self, k: usize) {
        let Some(b) = self.bots.get_mut(k) else {
            return;
        };
        if b.vm.program_generation() != b.seen_generation || b.vm.slot() != b.seen_slot {
            b.retrace(self.time_ms);
        }
        let tasks = b.vm.tasks();
        b.tracer.update(self.time_ms, &tasks);
    }

    /// Robot `k`'s brick as an [`Rcx`] (what a link's jobs act on); `None` past the last.
    pub fn brick(&mut self, k: usize) -> Option<SceneBrick<'_>> {
        (k < self.bots.len()).then_some(SceneBrick { sim: self, k })
    }

    /// Robot `k`'s brick pose now.
    pub fn pose(&self, k: usize) -> Pose {
        self.world.brick_pose_of(k)
    }

    /// One robot's part of the JSON: the one-robot state object of cli.md plus `"name"`.
    pub fn robot_json(&self, k: usize) -> Value {
        let Some(b) = self.bots.get(k) else {
            return Value::Null;
        };
        let pose = self.world.brick_pose_of(k);
        let mut m = serde_json::Map::new();
        m.insert("name".into(), json!(b.name));
        m.insert("sim_time_s".into(), json!(time::seconds(self.time_ms)));
        m.insert("robot".into(), json!(self.world.robot_name_of(k)));
        m.insert("environment".into(), json!(self.world.env_name()));
        m.insert("pose".into(), super::pose_json(&pose));
        m.insert("start_pose".into(), super::pose_json(&b.odometry.start));
        m.insert(
            "displacement_m".into(),
            json!(super::round6(b.odometry.displacement_m())),
        );
        m.insert(
            "path_length_m".into(),
            json!(super::round6(b.odometry.path_length_m)),
        );
        m.insert(
            "yaw_total_deg".into(),
            json!(super::round6(b.odometry.yaw_total_deg)),
        );
        for (key, v) in b.vm.state_json() {
            m.insert(key, v);
        }
        m.insert(
            "trace".into(),
            json!({
                "vis": b.tracer.vis(),
                "events": b.tracer.events(),
            }),
        );
        m.insert(
            "ir".into(),
            json!({"sent": b.ir_sent, "received": b.ir_received, "message": b.vm.message()}),
        );
        Value::Object(m)
    }

    /// The `--json` object of a scene (cli.md): `{"sim_time_s", "environment", "robots"}`.
    pub fn state_json(&self) -> Value {
        json!({
            "sim_time_s": time::seconds(self.time_ms),
            "environment": self.world.env_name(),
            "robots": (0..self.bots.len()).map(|k| self.robot_json(k)).collect::<Vec<_>>(),
        })
    }

    /// Whether any brick still has a task that is not stopped.
    pub fn any_running(&self) -> bool {
        self.bots
            .iter()
            .any(|b| b.vm.tasks().iter().any(|t| t.state != TaskState::Stopped))
    }
}

/// One brick of a [`SceneSim`] as an [`Rcx`]: reads that brick's VM, changes it only
/// through [`SceneSim::apply`] and [`SceneSim::direct`] (`serve --scene` runs each link's
/// jobs on the handle of its brick).
pub struct SceneBrick<'a> {
    sim: &'a mut SceneSim,
    k: usize,
}

impl SceneBrick<'_> {
    /// Which robot of the scene (0-based).
    pub fn index(&self) -> usize {
        self.k
    }
}

impl Rcx for SceneBrick<'_> {
    fn vm(&self) -> &Vm {
        // `SceneSim::brick` made the handle only for an existing robot.
        &self.sim.bots[self.k].vm
    }
    fn direct(&mut self, payload: &[u8]) -> Option<Vec<u8>> {
        self.sim.direct(self.k, payload)
    }
    fn apply(&mut self, input: Input) {
        self.sim.apply(self.k, input);
    }
}

/// The scene trace CSV's header: the one-robot header with a `robot` column (the robot's
/// name) in front; each 50 ms has one row per robot, in scene order.
pub const CSV_HEADER: &str = "robot,time_s,x,y,z,yaw_deg,yaw_total_deg,out_a,out_b,out_c,\
s1_raw,s1_value,s2_raw,s2_value,s3_raw,s3_value,vi_task0";

/// Writes the scene trace CSV as the scene advances: call [`SceneCsv::observe`] once before
/// the first tick and after each one.
pub struct SceneCsv<W: std::io::Write> {
    out: W,
    last_ms: Option<u64>,
}

impl<W: std::io::Write> SceneCsv<W> {
    pub fn new(mut out: W) -> std::io::Result<SceneCsv<W>> {
        writeln!(out, "{CSV_HEADER}")?;
        Ok(SceneCsv { out, last_ms: None })
    }

    pub fn observe(&mut self, sim: &SceneSim) -> std::io::Result<()> {
        let t = sim.time_ms();
        if t.is_multiple_of(time::CSV_ROW_MS) && self.last_ms != Some(t) {
            for (k, b) in sim.bots().iter().enumerate() {
                let row =
                    super::csv::row_of(t, sim.pose(k), b.odometry.yaw_total_deg, &b.vm, &b.tracer);
                writeln!(self.out, "{},{row}", csv_field(&b.name))?;
            }
            self.last_ms = Some(t);
        }
        Ok(())
    }

    pub fn finish(mut self) -> std::io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
}

/// A name as a CSV field (quoted when it holds a comma or a quote).
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
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

//! The interpreter proper: one instruction of one task ([`Vm::step`]), the effect of every
//! opcode ([`Vm::exec`], shared with direct commands), and reading/writing sources
//! (rcx.md §3). Depends on `crate::rcx` only.

use super::code::Fetch;
use super::state::{LOCALS, LOOP_LEVELS};
use super::{OutputMode, SoundEvent, TaskState, Transmission, Vm, MAX_SOUNDS, MEMORY_BYTES};
use crate::rcx::opcode as op;
use crate::rcx::source::src;
use crate::rcx::Instr;

/// What an instruction did to its task's control flow.
pub(crate) enum Flow {
    /// Continue with the next instruction.
    Next,
    /// Branch to an absolute address in the current code (checked by the caller).
    Jump(i32),
    /// The instruction set the task's pc/state itself (call, return, restart, stop, …).
    Done,
    /// Sleep until the given simulated ms, then continue with the next instruction.
    Wait(u64),
    /// The task stops with a fault.
    Fault(String),
}

/// Firmware version reported by source 35 and system parameter 62: the standard 0328
/// firmware as a decimal number (rcx.md §2.3 `pollp`: firmware digits 0 3 2 8).
pub(crate) const FIRMWARE_VERSION: i16 = 328;

/// How long each system sound occupies the queue, in ms. Not documented; these are
/// listening estimates of the six firmware sounds (click, beep-beep, sweep down, sweep up,
/// buzz, fast sweep) and only matter for queueing.
const SYSTEM_SOUND_MS: [u32; 6] = [50, 250, 400, 400, 500, 250];
/// Pending sounds the queue holds; further ones are dropped. The real depth is UNKNOWN
/// (rcx.md §6.6); 8 is enough for every tune NQC's examples queue at once.
const SOUND_QUEUE_DEPTH: usize = 8;

impl Vm {
    /// Executes one instruction of task `t` (which is running).
    #[inline]
    pub(crate) fn step(&mut self, t: usize) {
        let task = &self.tasks[t];
        let (pc, sub) = (task.pc, task.sub);
        let code = match sub {
            None => self.code[self.slot].tasks[t].as_ref(),
            Some(s) => self.code[self.slot].subs[s as usize].as_ref(),
        };
        let Some(code) = code else {
            // The code was deleted under the task (cannot happen through the API, which
            // stops tasks first; kept as a guard).
            self.tasks[t].reset(TaskState::Stopped);
            return;
        };
        let len = code.len();
        let ins = match code.fetch(pc) {
            Fetch::Instr(i) => i,
            Fetch::End => {
                match sub {
                    // The firmware appends `rets` to every sub: running off the end returns.
                    Some(_) => self.do_return(t),
                    // A task that runs off its end stops (rcx.md §2.1).
                    None => self.stop_task(t as u8),
                }
                return;
            }
            Fetch::Bad(msg) => {
                self.fault(t, pc, msg);
                self.stop_task(t as u8);
                return;
            }
        };
        let epoch = self.tasks[t].epoch;
        let flow = self.exec(Some(t), &ins);
        if self.tasks[t].epoch != epoch {
            // The instruction restarted or stopped its own task: its pc is already right.
            if self.pending_events != 0 {
                self.dispatch_events();
            }
            return;
        }
        match flow {
            Flow::Next => {
                let next = ins.next();
                self.tasks[t].pc = next;
                // A task whose last instruction falls through ends at once (rcx.md §2.1);
                // a sub's end costs a tick, as the `rets` the firmware appends does.
                if sub.is_none() && next as usize == len {
                    self.stop_task(t as u8);
                }
            }
            Flow::Jump(target) => {
                if target < 0 || target as usize > len {
                    let what = match sub {
                        None => format!("task {t}"),
                        Some(s) => format!("sub {s}"),
                    };
                    self.fault(
                        t,
                        pc,
                        format!("jump target {target} outside {what} ({len} bytes)"),
                    );
                    self.stop_task(t as u8);
                } else {
                    self.tasks[t].pc = target as u16;
                }
            }
            Flow::Done => {}
            Flow::Wait(until) => {
                let task = &mut self.tasks[t];
                task.pc = ins.next();
                if until > self.now_ms {
                    task.state = TaskState::Waiting;
                    task.wait_until = until;
                }
            }
            Flow::Fault(msg) => {
                self.fault(t, pc, msg);
                self.stop_task(t as u8);
            }
        }
        if self.pending_events != 0 {
            self.dispatch_events();
        }
    }

    /// Applies one instruction's effect. `task` is `None` for a direct command (no task
    /// context: local variables read 0 and cannot be written).
    pub(crate) fn exec(&mut self, task: Option<usize>, ins: &Instr) -> Flow {
        let a = &ins.args;
        let t = task.unwrap_or(usize::MAX);
        match ins.op {
            // ---- variables and arithmetic (rcx.md §3.3: 16-bit, wrapping) ----
            op::SETV => {
                let v = self.read(task, a[1] as u8, a[2]);
                self.write_var(task, a[0] as usize, v);
            }
            op::SUMV
            | op::SUBV
            | op::MULV
            | op::DIVV
            | op::ANDV
            | op::ORV
            | op::ABSV
            | op::SGNV => {
                let v = self.read(task, a[1] as u8, a[2]);
                let x = self.read_var(task, a[0] as usize);
                let r = match ins.op {
                    op::SUMV => x.wrapping_add(v),
                    op::SUBV => x.wrapping_sub(v),
                    op::MULV => x.wrapping_mul(v),
                    op::DIVV => {
                        if v == 0 {
                            // Division by zero leaves the variable unchanged [S3].
                            if task.is_some() {
                                self.fault(t, ins.addr, "division by zero (ignored)".into());
                            }
                            return Flow::Next;
                        }
                        // H8 divxs truncates toward zero (rcx.md §3.3); −32768/−1 wraps.
                        x.wrapping_div(v)
                    }
                    op::ANDV => x & v,
                    op::ORV => x | v,
                    // abs(−32768) = 32767 [S3].
                    op::ABSV => v.checked_abs().unwrap_or(i16::MAX),
                    _ => v.signum(),
                };
                self.write_var(task, a[0] as usize, r);
            }
            op::SET => {
                let v = self.read(task, a[2] as u8, a[3]);
                self.write_source(task, (a[0] & 0x3f) as u8, a[1], v);
            }
            // ---- outputs (rcx.md §5) ----
            op::OUT => self.set_out_mode(a[1] as u8, a[0] as u8),
            op::DIR => self.set_out_dir(a[1] as u8, a[0] as u8),
            op::PWR => {
                let v = self.read(task, a[1] as u8, a[2]);
                // Values outside 0–7 are ignored [S3].
                if (0..=7).contains(&v) {
                    for o in 0..3 {
                        if a[0] & (1 << o) != 0 {
                            self.outputs[o].power = v as u8;
                            self.outputs[o].percent = None;
                        }
                    }
                }
            }
            op::GOUT => {
                let mode = out_mode(a[0] as u8);
                for o in 0..3 {
                    if a[1] & (1 << o) != 0 {
                        self.global[o].mode = mode;
                    }
                }
            }
            op::GDIR => {
                for o in 0..3 {
                    if a[1] & (1 << o) != 0 {
                        let g = &mut self.global[o];
                        g.reverse = match a[0] {
                            0 => true,
                            2 => false,
                            _ => !g.reverse,
                        };
                    }
                }
            }
            op::GPWR => {
                let v = self.read(task, a[1] as u8, a[2]);
                if (0..=7).contains(&v) {
                    for o in 0..3 {
                        if a[0] & (1 << o) != 0 {
                            self.global[o].max_power = v as u8;
                        }
                    }
                }
            }
            // ---- control flow ----
            op::JMP | op::JMPL => return Flow::Jump(ins.target.unwrap_or(-1)),
            op::CHK | op::CHKL => {
                let v1 = self.read(task, a[0] as u8, a[1]);
                let v2 = self.read(task, a[3] as u8, a[4]);
                // Branch when (v1 REL v2), REL 0 ≤, 1 ≥, 2 ≠, 3 = (rcx.md §2.2).
                let hit = match a[2] {
                    0 => v1 <= v2,
                    1 => v1 >= v2,
                    2 => v1 != v2,
                    _ => v1 == v2,
                };
                if hit {
                    return Flow::Jump(ins.target.unwrap_or(-1));
                }
            }
            op::DECVJN | op::DECVJNL => {
                let v = self.read_var(task, a[0] as usize).wrapping_sub(1);
                self.write_var(task, a[0] as usize, v);
                if v < 0 {
                    return Flow::Jump(ins.target.unwrap_or(-1));
                }
            }
            op::LOOPS => {
                let v = self.read(task, a[0] as u8, a[1]);
                // Counter 1–255, anything else loads 0 [S3].
                let v = if (1..=255).contains(&v) { v } else { 0 };
                let task = &mut self.tasks[t];
                // UNCERTAIN (rcx.md §6.5): on a fifth nesting S3 says the top counter is
                // overwritten, S5 that the command is ignored. We follow S3 (the
                // disassembly): overwrite the top level without pushing.
                if (task.loop_depth as usize) < LOOP_LEVELS {
                    task.loop_depth += 1;
                }
                task.loops[task.loop_depth as usize - 1] = v;
            }
            op::LOOPC | op::LOOPCL => {
                // S3: decrement; when it goes below 0 pop the level and branch. With an
                // empty stack there is nothing to count: branch (leave the loop).
                let task = &mut self.tasks[t];
                if task.loop_depth == 0 {
                    return Flow::Jump(ins.target.unwrap_or(-1));
                }
                let top = task.loop_depth as usize - 1;
                task.loops[top] = task.loops[top].wrapping_sub(1);
                if task.loops[top] < 0 {
                    task.loop_depth -= 1;
                    return Flow::Jump(ins.target.unwrap_or(-1));
                }
            }
            op::WAIT => {
                let v = self.read(task, a[0] as u8, a[1]);
                // Negative waits are ignored [S5]; the unit is 10 ms.
                if v > 0 {
                    return Flow::Wait(self.now_ms + v as u64 * 10);
                }
            }
            op::CALLS => return self.do_call(t, a[0] as usize, ins),
            op::RETS => {
                self.do_return(t);
                return Flow::Done;
            }
            // ---- tasks and programs ----
            op::START => {
                let target = a[0] as usize;
                self.start_task(a[0] as u8);
                if target == t {
                    return Flow::Done;
                }
            }
            op::STOP1 => {
                self.stop_task(a[0] as u8);
                if a[0] as usize == t {
                    return Flow::Done;
                }
            }
            op::STOP => {
                self.stop_all();
                if task.is_some() {
                    return Flow::Done;
                }
            }
            op::PRGM => {
                self.select_program(a[0], task.is_some());
                if task.is_some() {
                    return Flow::Done;
                }
            }
            op::SETP => self.tasks[t].priority = a[0] as u8,
            // ---- events, monitoring, access control (events.rs) ----
            op::SETE => self.define_event(a[0] as usize, a[1] as u8, a[2] as u8),
            op::DELE => self.delete_events(),
            op::EVENT => {
                let v = self.read(task, a[0] as u8, a[1]);
                self.pending_events |= v as u16;
            }
            op::CALE => self.calibrate_event(a[0] as usize, a[1], a[2], a[3]),
            op::MONE | op::MONEL => {
                let mask = self.read(task, a[0] as u8, a[1]) as u16;
                let Some(target) = ins.target.filter(|&x| (0..=u16::MAX as i32).contains(&x))
                else {
                    return Flow::Fault(format!(
                        "monitor handler {} outside the code",
                        ins.target.unwrap_or(-1)
                    ));
                };
                let task = &mut self.tasks[t];
                task.events = 0;
                task.monitor = Some((mask, target as u16, task.sub));
            }
            op::MONEX => self.tasks[t].monitor = None,
            op::MONAL => {
                let Some(target) = ins.target.filter(|&x| (0..=u16::MAX as i32).contains(&x))
                else {
                    return Flow::Fault(format!(
                        "access-control handler {} outside the code",
                        ins.target.unwrap_or(-1)
                    ));
                };
                return self.acquire(t, a[0] as u8, target as u16);
            }
            op::MONAX => {
                // Leaving the region gives the resources back (NQC's acquire block ends).
                self.release_resources(t);
                self.tasks[t].acquire = None;
            }
            op::CNTI | op::CNTD | op::CNTZ => {
                let c = a[0] as usize;
                if c < 3 {
                    self.globals[c] = match ins.op {
                        op::CNTI => self.globals[c].wrapping_add(1),
                        op::CNTD => self.globals[c].wrapping_sub(1),
                        _ => 0,
                    };
                    // Counters re-check events after each change [S5 p.44–46].
                    self.check_events();
                }
            }
            // ---- sensors (rcx.md §4) ----
            op::SENT => self.set_sensor_type(a[0] as usize, a[1] as u8),
            op::SENM => self.set_sensor_mode(a[0] as usize, a[1] as u8, a[2] as u8),
            op::SENZ => self.clear_sensor(a[0] as usize),
            // ---- timers, watch ----
            op::TMRZ => {
                if let Some(z) = self.timer_zero_ms.get_mut(a[0] as usize) {
                    *z = self.now_ms;
                }
            }
            op::SETW => self.set_watch(a[0] * 60 + a[1]),
            // ---- sound (rcx.md §6.6) ----
            op::PLAYS => {
                let s = a[0] as usize;
                if s < SYSTEM_SOUND_MS.len() {
                    self.queue_sound(crate::vm::SoundKind::System, s as i32, SYSTEM_SOUND_MS[s]);
                }
            }
            op::PLAYT => self.queue_sound(crate::vm::SoundKind::Tone, a[0], a[1] as u32 * 10),
            op::PLAYV => {
                let hz = self.read_var(task, a[0] as usize);
                self.queue_sound(crate::vm::SoundKind::Tone, hz as i32, a[1] as u32 * 10);
            }
            op::PLAYZ => self.flush_sounds(),
            op::MUTE => {
                self.flush_sounds();
                self.muted = true;
            }
            op::SPEAK => self.muted = false,
            // ---- display ----
            op::VIEW => {
                let v = self.read(task, a[0] as u8, a[1]);
                if (0..=7).contains(&v) {
                    self.display.view = v as u8;
                }
            }
            op::DISP => {
                self.display.precision = (a[0] as u8).min(3);
                self.display.source = a[1] as u8;
                self.display.arg = a[2] as i16;
                self.display.view = 7;
            }
            // ---- messages, IR, UART, power ----
            op::MSGS => self.receive_message(a[0] as u8),
            op::MSGZ => self.message = 0,
            op::MSG => {
                let v = self.read(task, a[0] as u8, a[1]);
                self.transmit(vec![op::MSGS, v as u8]);
            }
            op::UART => {
                let (start, count) = (a[0] as usize, a[1] as usize);
                let bytes: Vec<u8> = (start..(start + count).min(16))
                    .map(|i| self.uart[i] as u8)
                    .collect();
                self.transmit(bytes);
            }
            op::TXS => {
                if a[0] <= 1 {
                    self.tx_range = a[0] as u8;
                }
            }
            op::TOUT => self.power_down_min = a[0] as u8,
            op::OFFP => {
                // Power off is ignored when the power-down delay is 0 [S5]; otherwise the
                // brick switches off: programs stop and outputs float.
                if self.power_down_min != 0 {
                    self.power_off();
                    if task.is_some() {
                        return Flow::Done;
                    }
                }
            }
            op::PING => {} // ping: resets the power-down timer, which we do not model
            // ---- datalog (rcx.md §6.7) ----
            op::LOGZ => {
                self.datalog_alloc(a[0] as u16);
            }
            op::LOG => {
                self.datalog_append(task, a[0] as u8, a[1]);
            }
            // ---- direct-only opcodes met in a program: the firmware has no handler for
            // them in program context; treat as no-ops and say so ----
            _ => {
                if task.is_some() {
                    self.fault(
                        t,
                        ins.addr,
                        format!(
                            "opcode {:02x} ({}) is not valid in a program (ignored)",
                            ins.op,
                            ins.info().mnemonic
                        ),
                    );
                }
            }
        }
        Flow::Next
    }

    /// `calls s`: one return address per task (rcx.md §6.1).
    fn do_call(&mut self, t: usize, sub: usize, ins: &Instr) -> Flow {
        if sub >= crate::rcx::program::MAX_SUBS || self.code[self.slot].subs[sub].is_none() {
            // Calling an undefined sub is a no-op [S3].
            self.fault(
                t,
                ins.addr,
                format!("call to undefined sub {sub} (ignored)"),
            );
            return Flow::Next;
        }
        if let Some(outer) = self.tasks[t].sub {
            // Recursion cannot overflow anything (there is no stack): a self-call is a jump
            // that overwrites the return address. Say so once, and go on like the brick.
            self.fault(
                t,
                ins.addr,
                format!(
                    "sub {sub} called from inside sub {outer}: the return address of sub \
                     {outer} is lost (one per task)"
                ),
            );
        }
        let task = &mut self.tasks[t];
        // The single return slot is overwritten. For a call from inside a sub it holds an
        // address in the calling sub, so the inner sub returns correctly and the outer
        // sub's own return address is lost; see `do_return`.
        task.ret = Some((ins.next(), task.sub));
        task.sub = Some(sub as u8);
        task.pc = 0;
        Flow::Done
    }

    /// `rets` (or running off the end of a sub).
    ///
    /// Firmware quirk (rcx.md §6.1): the return address is not a stack. A sub that calls a
    /// sub returns from the inner one into the outer one; when the outer one returns, its
    /// return address is gone. S3 says all tasks then stop, S5 that the calling task dies;
    /// we CHOOSE the narrower S5 reading: that task stops, with a fault. `rets` outside a
    /// sub stops the task [S5] (not a fault: NQC never emits it, hand-written LASM may).
    pub(crate) fn do_return(&mut self, t: usize) {
        let task = &mut self.tasks[t];
        let Some(sub) = task.sub else {
            self.stop_task(t as u8);
            return;
        };
        match task.ret.take() {
            Some((pc, code)) => {
                task.sub = code;
                task.pc = pc;
            }
            None => {
                let pc = task.pc;
                self.fault(
                    t,
                    pc,
                    format!(
                        "sub {sub} returns, but its return address was overwritten by a call \
                         from inside a sub (the firmware keeps one per task)"
                    ),
                );
                self.stop_task(t as u8);
            }
        }
    }

    /// `prgm` / source 8: stop the program, select the slot; from inside a program also
    /// start task 0 of the new slot (S5, program chaining).
    fn select_program(&mut self, slot: i32, start: bool) {
        if (0..self.slots.len() as i32).contains(&slot) {
            self.select_slot(slot as usize);
            if start {
                self.start_task(0);
            }
        }
    }

    fn power_off(&mut self) {
        self.stop_all();
        for o in self.outputs.iter_mut() {
            o.mode = OutputMode::Float;
        }
    }

    // ---------------------------------------------------------------- outputs

    pub(crate) fn set_out_mode(&mut self, motors: u8, mode_bits: u8) {
        let mode = out_mode(mode_bits);
        for o in 0..3 {
            if motors & (1 << o) != 0 {
                self.outputs[o].mode = mode;
            }
        }
    }

    pub(crate) fn set_out_dir(&mut self, motors: u8, dir_bits: u8) {
        for o in 0..3 {
            if motors & (1 << o) != 0 {
                let out = &mut self.outputs[o];
                out.forward = match dir_bits {
                    0 => false,
                    2 => true,
                    _ => !out.forward,
                };
            }
        }
    }

    /// ROBOLAB 2.9 source 5 (rcx.md §3.2, lurobotsim.md §4): signed power in percent.
    /// Mapping (CHOSEN, the exact firmware semantics are UNCERTAIN): magnitude clamped to
    /// 0–100 becomes `OutputState::percent`; the sign sets the direction (0 keeps it); the
    /// standard level is ⌈p·8/100⌉ − 1 clamped to 0–7 (100 → 7, 80 → 6, 60 → 4, 40 → 3,
    /// 20 → 1), so source 3 and `gpwr` see a matching level. The mode is not changed: ROBOLAB
    /// follows with `out`.
    fn set_signed_power(&mut self, output: i32, v: i16) {
        let Some(out) = usize::try_from(output)
            .ok()
            .and_then(|o| self.outputs.get_mut(o))
        else {
            return;
        };
        let p = (v as i32).unsigned_abs().min(100);
        if v != 0 {
            out.forward = v > 0;
        }
        out.percent = Some(p as u8);
        out.power = ((p * 8).div_ceil(100) as i32 - 1).clamp(0, 7) as u8;
    }

    // ---------------------------------------------------------------- sound

    /// Queues a sound; it is recorded with the time it starts playing.
    fn queue_sound(&mut self, kind: crate::vm::SoundKind, value: i32, duration_ms: u32) {
        if self.muted || self.sounds.len() >= MAX_SOUNDS {
            return;
        }
        let pending = self
            .sounds
            .iter()
            .rev()
            .take_while(|s| s.time_ms > self.now_ms)
            .count();
        if pending >= SOUND_QUEUE_DEPTH {
            return;
        }
        let start = self.sound_busy_until.max(self.now_ms);
        self.sound_busy_until = start + duration_ms as u64;
        self.sounds.push(SoundEvent {
            time_ms: start,
            kind,
            value,
            duration_ms,
        });
    }

    /// `playz`: sounds that have not started yet never play.
    fn flush_sounds(&mut self) {
        while self.sounds.last().is_some_and(|s| s.time_ms > self.now_ms) {
            self.sounds.pop();
        }
        self.sound_busy_until = self.now_ms;
    }

    /// Sounds queued and not yet finished (system parameter 33).
    fn queued_sounds(&self) -> i16 {
        self.sounds
            .iter()
            .rev()
            .take_while(|s| s.time_ms + s.duration_ms as u64 > self.now_ms)
            .count() as i16
    }

    // ---------------------------------------------------------------- messages

    pub(crate) fn receive_message(&mut self, m: u8) {
        self.message = m;
        self.message_events();
    }

    fn transmit(&mut self, bytes: Vec<u8>) {
        if self.ir_pending.len() < super::IR_PENDING {
            self.ir_pending.push(Transmission {
                time_ms: self.now_ms,
                bytes: bytes.clone(),
            });
        }
        if self.transmissions.len() < MAX_SOUNDS {
            self.transmissions.push(Transmission {
                time_ms: self.now_ms,
                bytes,
            });
        }
    }

    // ---------------------------------------------------------------- datalog

    /// `logz n`: n entries plus the header; status 0 ok, 1 no memory.
    pub(crate) fn datalog_alloc(&mut self, n: u16) -> u8 {
        let programs: usize = self.slots.iter().map(|p| p.size()).sum();
        if programs + (n as usize + 1) * 3 > MEMORY_BYTES {
            return 1;
        }
        self.datalog_size = if n == 0 { None } else { Some(n) };
        self.datalog.clear();
        0
    }

    /// `log src,idx`: status 0 ok, 1 full (or no datalog, or a source it cannot log).
    pub(crate) fn datalog_append(&mut self, task: Option<usize>, source: u8, idx: i32) -> u8 {
        let Some(size) = self.datalog_size else {
            return 1;
        };
        if self.datalog.len() >= size as usize {
            return 1;
        }
        // Loggable sources and the entry's type byte = code << 5 | index [S3; S5 p.55].
        let ty = match source {
            src::VAR if (0..32).contains(&idx) => idx as u8,
            src::TIMER if (0..4).contains(&idx) => 0x20 | idx as u8,
            src::SENSOR_VALUE if (0..3).contains(&idx) => 0x40 | idx as u8,
            src::WATCH => 0x80,
            _ => return 1,
        };
        let v = self.read(task, source, idx);
        self.datalog.push((ty, v));
        0
    }

    // ---------------------------------------------------------------- variables

    #[inline]
    pub(crate) fn read_var(&self, task: Option<usize>, i: usize) -> i16 {
        match i {
            0..=31 => self.globals[i],
            32..=47 => task.map_or(0, |t| self.tasks[t].locals[i - 32]),
            _ => 0,
        }
    }

    #[inline]
    pub(crate) fn write_var(&mut self, task: Option<usize>, i: usize, v: i16) {
        match i {
            0..=31 => self.globals[i] = v,
            32..=47 => {
                if let Some(t) = task {
                    self.tasks[t].locals[i - 32] = v;
                }
            }
            _ => {}
        }
    }

    pub(crate) fn timer_value(&self, i: usize, unit_ms: u64) -> i16 {
        // Timers wrap after 32767 units (rcx.md §3.1).
        let ms = self.now_ms.wrapping_sub(self.timer_zero_ms[i]);
        ((ms / unit_ms) & 0x7fff) as i16
    }

    fn set_timer(&mut self, i: usize, v: i16, unit_ms: u64) {
        if i < 4 {
            let ms = (v.max(0) as u64) * unit_ms;
            self.timer_zero_ms[i] = self.now_ms.wrapping_sub(ms);
        }
    }

    fn set_watch(&mut self, minutes: i32) {
        self.watch_minutes = minutes.rem_euclid(24 * 60);
        self.watch_set_ms = self.now_ms;
    }

    fn watch(&self) -> i16 {
        let elapsed = ((self.now_ms - self.watch_set_ms) / 60_000) as i64;
        ((self.watch_minutes as i64 + elapsed) % (24 * 60)) as i16
    }

    /// Seeds the random source (SplitMix64 state; no std RNG, so runs are reproducible).
    pub(crate) fn reseed(&mut self, seed: u64) {
        self.rng = seed ^ 0x9e37_79b9_7f4a_7c15;
    }

    fn next_random(&mut self) -> u64 {
        self.rng = self.rng.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Motor status byte (source 3): power bits 0–2, bit 3 reverse, bit 6 off, bit 7 on.
    fn motor_status(&self, o: usize) -> i16 {
        let out = &self.outputs[o];
        let mode = match out.mode {
            OutputMode::On => 0x80,
            OutputMode::Off => 0x40,
            OutputMode::Float => 0,
        };
        (out.power as i16) | if out.forward { 0 } else { 0x08 } | mode
    }

    /// Global motor status (source 17), same layout for the global settings.
    fn global_status(&self, o: usize) -> i16 {
        let g = &self.global[o];
        let mode = match g.mode {
            OutputMode::On => 0x80,
            OutputMode::Off => 0x40,
            OutputMode::Float => 0,
        };
        (g.max_power as i16) | if g.reverse { 0x08 } else { 0 } | mode
    }

    // ---------------------------------------------------------------- sources

    /// Reads source `s` with argument `arg` (rcx.md §3.1). Unknown sources and indices out
    /// of range read 0 (the firmware reads whatever its table points at; 0 is the
    /// harmless choice).
    pub(crate) fn read(&mut self, task: Option<usize>, s: u8, arg: i32) -> i16 {
        let i = arg as usize; // negative args become huge and hit the `_ => 0` arms
        match s {
            src::VAR => self.read_var(task, i),
            src::TIMER if i < 4 => self.timer_value(i, 100),
            src::CONST => arg as i16,
            src::MOTOR_STATUS if i < 3 => self.motor_status(i),
            src::RANDOM => {
                // Random(n): 0..=n (NQC's documentation).
                let n = arg.max(0) as u64 + 1;
                (self.next_random() % n) as i16
            }
            src::MOTOR_POWER_SIGNED if i < 3 => {
                let o = &self.outputs[i];
                let p = o
                    .percent
                    .map_or(((o.power as i32 + 1) * 100 + 4) / 8, |p| p as i32);
                (if o.forward { p } else { -p }) as i16
            }
            src::PROGRAM => self.slot as i16,
            src::SENSOR_VALUE if i < 3 => self.sensors[i].value,
            src::SENSOR_TYPE if i < 3 => self.sensors[i].ty.byte() as i16,
            src::SENSOR_MODE if i < 3 => {
                let s = &self.sensors[i];
                ((s.mode.byte() << 5) | s.slope) as i16
            }
            src::SENSOR_RAW if i < 3 => self.sensors[i].raw as i16,
            src::SENSOR_BOOL if i < 3 => self.sensors[i].boolean as i16,
            src::WATCH => self.watch(),
            src::MESSAGE => self.message as i16,
            src::GLOBAL_MOTOR_STATUS if i < 3 => self.global_status(i),
            src::COUNTER if i < 3 => self.globals[i],
            // ROBOLAB: the timers in 1 ms units.
            src::TIMER_1MS if i < 4 => self.timer_value(i, 1),
            // UNCERTAIN (rcx.md §3.1): index 10 (NQC's ActiveEvents(10) inside a catch)
            // CHOSEN to mean the current task.
            src::TASK_EVENTS if i < 10 => self.tasks[i].events as i16,
            src::TASK_EVENTS => task.map_or(0, |t| self.tasks[t].events as i16),
            src::SYSTEM => self.read_system(task, i),
            src::EVENT_STATE if i < 16 => self.events[i].state as i16,
            src::FAST_TIMER if i < 4 => self.timer_value(i, 10),
            src::CLICK_COUNTER if i < 16 => self.events[i].clicks,
            src::UPPER_THRESHOLD if i < 16 => self.events[i].upper,
            src::LOWER_THRESHOLD if i < 16 => self.events[i].lower,
            src::HYSTERESIS if i < 16 => self.events[i].hysteresis,
            src::DURATION if i < 16 => self.events[i].duration,
            src::MOTOR_POWER8 if i < 3 => self.outputs[i].power as i16,
            src::UART if i < 18 => self.uart[i],
            src::BATTERY => self.battery_mv as i16,
            src::FIRMWARE_VERSION => FIRMWARE_VERSION,
            src::INDIRECT_VAR => {
                let j = self.read_var(task, i);
                self.read_var(task, j as usize)
            }
            _ => 0,
        }
    }

    /// ROBOLAB 2.9 System parameters (rcx.md §3.2a): computed where the simulation knows
    /// the answer, else the stored value.
    fn read_system(&self, task: Option<usize>, i: usize) -> i16 {
        match i {
            0 => self.battery_mv as i16,
            3 => task.map_or(-1, |t| t as i16),
            20 => self.power_down_min as i16,
            32 => (!self.muted) as i16,
            33 => self.queued_sounds(),
            53 => self.display.view as i16,
            60 => self.watch(),
            61 => self.slot as i16,
            62 => FIRMWARE_VERSION,
            _ => self.system.get(i).copied().unwrap_or(0),
        }
    }

    /// `set dsrc, didx, value` (rcx.md §3.1 W column). Writes to read-only or unknown
    /// sources are ignored by the firmware; we record a fault and continue.
    pub(crate) fn write_source(&mut self, task: Option<usize>, s: u8, arg: i32, v: i16) {
        let i = arg as usize;
        match s {
            src::VAR => self.write_var(task, i, v),
            src::TIMER => self.set_timer(i, v, 100),
            // Writing the random source reseeds it (NQC's SetRandomSeed).
            src::RANDOM => self.reseed(v as u16 as u64),
            src::MOTOR_POWER_SIGNED => self.set_signed_power(arg, v),
            src::PROGRAM => self.select_program(v as i32, task.is_some()),
            src::SENSOR_TYPE => self.set_sensor_type(i, v as u8),
            src::SENSOR_MODE => self.set_sensor_mode(i, (v as u8 >> 5) & 7, v as u8 & 0x1f),
            src::WATCH => self.set_watch(v as i32),
            src::MESSAGE => self.receive_message(v as u8),
            src::COUNTER if i < 3 => {
                self.globals[i] = v;
                self.check_events();
            }
            src::TIMER_1MS => self.set_timer(i, v, 1),
            src::SYSTEM => self.write_system(i, v),
            src::FAST_TIMER => self.set_timer(i, v, 10),
            src::CLICK_COUNTER if i < 16 => self.events[i].clicks = v,
            src::UPPER_THRESHOLD if i < 16 => self.events[i].upper = v,
            src::LOWER_THRESHOLD if i < 16 => self.events[i].lower = v,
            src::HYSTERESIS if i < 16 => self.events[i].hysteresis = v,
            src::DURATION if i < 16 => self.events[i].duration = v,
            // ROBOLAB: power 0–7 directly.
            src::MOTOR_POWER8 if i < 3 && (0..=7).contains(&v) => {
                self.outputs[i].power = v as u8;
                self.outputs[i].percent = None;
            }
            src::UART if i < 18 => self.uart[i] = v,
            src::INDIRECT_VAR => {
                let j = self.read_var(task, i);
                self.write_var(task, j as usize, v);
            }
            _ => {
                if let Some(t) = task {
                    let pc = self.tasks[t].pc;
                    self.fault(
                        t,
                        pc,
                        format!("set: source {s} index {arg} is not writable (ignored)"),
                    );
                }
            }
        }
    }

    /// Stores a System parameter and honours the few that matter in a simulation (program
    /// number, sounds, view, power-down delay, clock); the rest (LCD refresh rate, opcodes
    /// per timeslice, …) are stored only — changing the VM's pace would break timing.
    fn write_system(&mut self, i: usize, v: i16) {
        if let Some(p) = self.system.get_mut(i) {
            *p = v;
        }
        match i {
            20 => self.power_down_min = v.clamp(0, 255) as u8,
            32 => self.muted = v == 0,
            53 if (0..=7).contains(&v) => self.display.view = v as u8,
            60 => self.set_watch(v as i32),
            // Writing the program number behaves like source 8 from a direct command:
            // select without starting (a program writing it would otherwise restart itself).
            61 if (0..5).contains(&v) && v as usize != self.slot => self.select_slot(v as usize),
            _ => {}
        }
    }
}

/// Output mode from the `out`/`gout` mode bits (rcx.md §5): 0 float, 1 off, 2 and 3 on.
fn out_mode(bits: u8) -> OutputMode {
    match bits & 3 {
        0 => OutputMode::Float,
        1 => OutputMode::Off,
        _ => OutputMode::On,
    }
}

/// Keeps `LOCALS` referenced for readers: locals are indices 32..32+LOCALS.
const _: () = assert!(LOCALS == 16);

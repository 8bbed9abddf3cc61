//! RCX 2.0 events, event monitoring and access control (rcx.md §6.4): event definitions
//! and their per-event parameters, detection after every sensor scan / counter change /
//! message, dispatch to monitoring tasks, and resource arbitration by task priority.

use super::exec::Flow;
use super::state::Event;
use super::{TaskState, Vm};

/// Event types (rcx.md §6.4).
mod ty {
    pub const PRESSED: u8 = 0;
    pub const RELEASED: u8 = 1;
    pub const PULSE: u8 = 2;
    pub const EDGE: u8 = 3;
    pub const FAST_CHANGE: u8 = 7;
    pub const LOW: u8 = 8;
    pub const NORMAL: u8 = 9;
    pub const HIGH: u8 = 10;
    pub const CLICK: u8 = 11;
    pub const DOUBLE_CLICK: u8 = 12;
    pub const MESSAGE: u8 = 14;
    pub const DELETE: u8 = 16;
}

impl Vm {
    /// `sete evt, src, type`.
    pub(crate) fn define_event(&mut self, evt: usize, src: u8, kind: u8) {
        if evt >= self.events.len() {
            return;
        }
        if kind == ty::DELETE || src > 10 {
            self.events[evt].defined = false;
            return;
        }
        let (value, boolean) = self.event_input(src);
        let e = &mut self.events[evt];
        e.defined = true;
        e.src = src;
        e.ty = kind;
        e.last_value = value;
        e.last_bool = boolean;
        e.press_ms = None;
        e.click_ms = None;
        e.state = next_state(e, value);
    }

    /// `dele`: forget every definition (parameters included).
    pub(crate) fn delete_events(&mut self) {
        self.events = Default::default();
    }

    /// `cale evt, upper, lower, hyst` (NQC's operand order, rcx.md §2.3 — UNCERTAIN
    /// against S5's). Thresholds in percent of the live reading. The firmware averages 8
    /// samples; we take the current processed value (the sensor is sampled every tick).
    pub(crate) fn calibrate_event(&mut self, evt: usize, upper: i32, lower: i32, hyst: i32) {
        let Some(e) = self.events.get(evt) else {
            return;
        };
        let (v, _) = self.event_input(e.src);
        let pct = |p: i32| (v as i32 * p / 100).clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        let e = &mut self.events[evt];
        e.upper = pct(upper);
        e.lower = pct(lower);
        e.hysteresis = pct(hyst);
    }

    /// Value and "pressed" state of an event source: sensors give their processed value and
    /// boolean; timers, message and counters their value (pressed = non-zero).
    fn event_input(&self, src: u8) -> (i16, bool) {
        match src {
            0..=2 => {
                let s = &self.sensors[src as usize];
                (s.value, s.boolean)
            }
            3..=6 => {
                let v = self.timer_value(src as usize - 3, 100);
                (v, v != 0)
            }
            7 => (self.message as i16, self.message != 0),
            8..=10 => {
                let v = self.globals[src as usize - 8];
                (v, v != 0)
            }
            _ => (0, false),
        }
    }

    /// Re-evaluates every defined event (except message events) and marks those that fired
    /// as pending.
    pub(crate) fn check_events(&mut self) {
        let now = self.now_ms;
        let mut fired = 0u16;
        for i in 0..self.events.len() {
            if !self.events[i].defined || self.events[i].ty == ty::MESSAGE {
                continue;
            }
            let (value, boolean) = self.event_input(self.events[i].src);
            let e = &mut self.events[i];
            let old_state = e.state;
            e.state = next_state(e, value);
            let pressed = boolean && !e.last_bool;
            let released = !boolean && e.last_bool;
            let mut click = false;
            let mut double = false;
            if pressed {
                e.press_ms = Some(now);
            }
            if released {
                let window = e.duration.max(0) as u64 * 10;
                if e.press_ms.is_some_and(|p| now - p <= window) {
                    click = true;
                    e.clicks = e.clicks.wrapping_add(1);
                    double = e.click_ms.is_some_and(|c| now - c <= window);
                    e.click_ms = if double { None } else { Some(now) };
                }
            }
            let hit = match e.ty {
                ty::PRESSED => pressed,
                ty::RELEASED => released,
                // A pulse is a complete press and release.
                ty::PULSE => released,
                ty::EDGE => pressed || released,
                // UNCERTAIN: "fast change" (rate) has no public definition. CHOSEN: the
                // value moved by more than the upper threshold since the previous scan.
                ty::FAST_CHANGE => (value as i32 - e.last_value as i32).abs() > e.upper as i32,
                ty::LOW => e.state == 0 && old_state != 0,
                ty::NORMAL => e.state == 1 && old_state != 1,
                ty::HIGH => e.state == 2 && old_state != 2,
                ty::CLICK => click,
                ty::DOUBLE_CLICK => double,
                _ => false,
            };
            e.last_value = value;
            e.last_bool = boolean;
            if hit {
                fired |= 1 << i;
            }
        }
        // Dispatched by the caller once the current instruction has finished (it may be
        // the instruction that changed a counter, and the handler jump must win).
        self.pending_events |= fired;
    }

    /// A message arrived: fire the message events.
    pub(crate) fn message_events(&mut self) {
        for i in 0..self.events.len() {
            let e = &self.events[i];
            if e.defined && e.ty == ty::MESSAGE {
                self.pending_events |= 1 << i;
            }
        }
        self.check_events();
    }

    /// Delivers fired events to the tasks monitoring them: the task records them (source
    /// 23), leaves its monitored region and continues at the handler — a `wait` in
    /// progress is abandoned.
    pub(crate) fn dispatch_events(&mut self) {
        let mask = std::mem::take(&mut self.pending_events);
        for task in self.tasks.iter_mut() {
            if task.state == TaskState::Stopped {
                continue;
            }
            if let Some((watch, handler, sub)) = task.monitor {
                if watch & mask != 0 {
                    task.events |= watch & mask;
                    task.monitor = None;
                    task.pc = handler;
                    task.sub = sub;
                    task.state = TaskState::Running;
                }
            }
        }
    }

    /// `monal res, handler`: acquire resources at the task's priority (0 highest). A
    /// resource held by a task of equal or higher priority makes the acquire fail (jump to
    /// the handler); one held by a lower-priority task is taken from it, and that task
    /// jumps to its own handler (pre-emption, S5 p.69).
    pub(crate) fn acquire(&mut self, t: usize, res: u8, handler: u16) -> Flow {
        let prio = self.tasks[t].priority;
        let sub = self.tasks[t].sub;
        let blocked = (0..8).any(|b| {
            res & (1 << b) != 0
                && self.owners[b]
                    .is_some_and(|o| o as usize != t && self.tasks[o as usize].priority <= prio)
        });
        if blocked {
            return Flow::Jump(handler as i32);
        }
        for b in 0..8 {
            if res & (1 << b) == 0 {
                continue;
            }
            if let Some(o) = self.owners[b] {
                let o = o as usize;
                if o != t {
                    self.release_resources(o);
                    let victim = &mut self.tasks[o];
                    if let Some((_, h, s)) = victim.acquire.take() {
                        victim.pc = h;
                        victim.sub = s;
                        if victim.state == TaskState::Waiting {
                            victim.state = TaskState::Running;
                        }
                    }
                }
            }
            self.owners[b] = Some(t as u8);
        }
        let held = self.tasks[t].acquire.map_or(0, |a| a.0);
        self.tasks[t].acquire = Some((held | res, handler, sub));
        Flow::Next
    }

    /// Gives back every resource task `t` holds.
    pub(crate) fn release_resources(&mut self, t: usize) {
        for o in self.owners.iter_mut() {
            if o.is_some_and(|o| o as usize == t) {
                *o = None;
            }
        }
    }
}

/// Low/normal/high with hysteresis: leaving low needs value ≥ lower + hysteresis, leaving
/// high needs value ≤ upper − hysteresis.
fn next_state(e: &Event, v: i16) -> u8 {
    let v = v as i32;
    let (lo, hi, h) = (e.lower as i32, e.upper as i32, e.hysteresis as i32);
    let raw = if v < lo {
        0
    } else if v > hi {
        2
    } else {
        1
    };
    match e.state {
        0 if v < lo + h => 0,
        2 if v > hi - h => 2,
        _ => raw,
    }
}

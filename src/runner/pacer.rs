//! The pacer: the runner thread's loop. It owns the command channel, the wall clock and
//! the snapshot queue, and lets a frame of ticks run when the clock × speed says it is
//! due; what a command means is the [`super::Session`]'s.

use super::{Command, Runner, RunnerStatus, Speed};
use crate::sim::Snapshot;
use std::collections::VecDeque;
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError, TrySendError};
use std::time::Duration;
// The page's clock in a browser (std's `Instant` traps on wasm32), std's elsewhere.
use web_time::Instant;

/// How far behind real time a factor speed may fall before it stops trying to catch up
/// (a slow machine then simply runs slower, as the original did).
pub const MAX_LAG: Duration = Duration::from_millis(250);
/// While paused with a dropped publication, how often the runner tries to publish again.
const STALE_RETRY: Duration = Duration::from_millis(250);
/// At Max speed a snapshot goes out about this often (a display frame).
const MAX_SPEED_FRAME: Duration = Duration::from_millis(16);

/// What the pacing loop does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// Run this many ticks now (one published frame).
    Run(u64),
    /// Nothing is due yet: wait (handling commands meanwhile) this long at most.
    Wait(Duration),
}

/// The pacing decisions of a factor speed or slow mode, against a clock given to it (real
/// time in the runner thread, a made-up one in tests). The only thing that lets ticks run
/// is the clock: however often the loop wakes up (a link command, an app request), a frame
/// runs only when the clock says it is due, so traffic can never speed simulated time up.
/// Max speed is not paced.
#[derive(Clone, Debug)]
pub struct Pacer {
    /// Clock reading at which `anchor_ticks` ticks had run.
    anchor: Duration,
    anchor_ticks: u64,
    /// Simulated ms per real second (1000 × factor), or None in slow mode.
    rate: Option<f64>,
    /// Slow mode: real time per tick.
    slow: Duration,
}

impl Pacer {
    /// Starts pacing at clock reading `now`, with `ticks_run` ticks run so far, for a
    /// factor speed (`slow_delay_ms` 0) or slow mode.
    pub fn new(now: Duration, ticks_run: u64, speed: Speed, slow_delay_ms: u32) -> Pacer {
        let rate = match speed {
            _ if slow_delay_ms > 0 => None,
            Speed::Factor(f) => Some(1000.0 * f.max(1e-3)),
            Speed::Max => Some(f64::INFINITY),
        };
        Pacer {
            anchor: now,
            anchor_ticks: ticks_run,
            rate,
            slow: Duration::from_millis(slow_delay_ms as u64),
        }
    }

    /// Clock time (since the anchor) at which the frame starting after `ticks` ticks may
    /// run: a frame runs when the frames before it were due, so the simulated clock is at
    /// most one frame ahead of the real one, never more.
    fn due(&self, ticks: u64) -> Duration {
        let k = ticks.saturating_sub(self.anchor_ticks);
        match self.rate {
            None => self.slow * (k.min(u32::MAX as u64) as u32),
            Some(r) if r.is_finite() => Duration::from_secs_f64(k as f64 / r),
            Some(_) => Duration::ZERO,
        }
    }

    /// What to do at clock reading `now`, `ticks_run` ticks run so far, a frame being
    /// `frame_ticks` ticks. Falling more than [`MAX_LAG`] behind re-anchors (a slow machine
    /// runs slower rather than racing to catch up).
    pub fn next(&mut self, now: Duration, ticks_run: u64, frame_ticks: u64) -> Pace {
        let elapsed = now.saturating_sub(self.anchor);
        let due = self.due(ticks_run);
        if due > elapsed {
            return Pace::Wait(due - elapsed);
        }
        if elapsed - due > MAX_LAG {
            self.anchor = now;
            self.anchor_ticks = ticks_run;
        }
        Pace::Run(if self.rate.is_none() {
            1
        } else {
            frame_ticks.max(1)
        })
    }
}

/// Waits up to `d` for pacing, but handles a command as soon as one arrives, so a link
/// exchange is answered within the frame instead of after the pacing sleep. Handling a
/// command never runs ticks: the caller asks its [`Pacer`] again, which only lets the next
/// frame run when it is due. False when the runner must end.
fn wait_or_handle(
    runner: &mut Runner,
    commands: &Receiver<Command>,
    publish: &impl Fn(&mut Runner) -> bool,
    d: Duration,
) -> bool {
    match commands.recv_timeout(d) {
        Ok(c) => {
            let query = c.is_query();
            runner.handle(c) && (query || publish(runner))
        }
        Err(mpsc::RecvTimeoutError::Timeout) => true,
        Err(mpsc::RecvTimeoutError::Disconnected) => false,
    }
}

/// The real-time factor: (real time, ticks run) over the last second of running.
#[derive(Default)]
struct Realtime {
    window: VecDeque<(Instant, u64)>,
}

impl Realtime {
    fn clear(&mut self) {
        self.window.clear();
    }

    /// Notes that `ticks_run` ticks had run by now; the factor over the last second.
    fn note(&mut self, ticks_run: u64) -> Option<f64> {
        let now = Instant::now();
        self.window.push_back((now, ticks_run));
        while self
            .window
            .front()
            .is_some_and(|(t, _)| now.duration_since(*t) > Duration::from_secs(1))
        {
            self.window.pop_front();
        }
        let (a, b) = (self.window.front()?, self.window.back()?);
        let real = b.0.duration_since(a.0).as_secs_f64();
        (real > 0.0).then(|| (b.1 - a.1) as f64 / 1000.0 / real)
    }
}

/// The runner driven by its viewer's frame loop instead of a thread (the browser): each
/// [`Inline::drive`] handles the commands sent since the last, then runs the frames the
/// [`Pacer`] says are due — all of them at a factor speed or in slow mode (a slow viewer
/// gets several at once, as the thread would have run them, and [`MAX_LAG`] bounds the
/// catching up), or as many as fit in the budget at Max. Publications go into the same
/// bounded queue as the thread's.
pub struct Inline {
    runner: Runner,
    commands: Receiver<Command>,
    out: SyncSender<(Snapshot, RunnerStatus)>,
    clock: Instant,
    ticks_run: u64,
    pacer: Pacer,
    realtime: Realtime,
    /// The pace the pacer was set for, while running.
    pace: Option<(Speed, u32)>,
    /// When the next paced frame is due (from the last drive), or now at Max.
    due: Option<Duration>,
    /// The viewer has gone: nothing more to do.
    ended: bool,
}

impl Inline {
    pub(super) fn new(
        runner: Runner,
        commands: Receiver<Command>,
        out: SyncSender<(Snapshot, RunnerStatus)>,
    ) -> Inline {
        let clock = Instant::now();
        let pacer = Pacer::new(Duration::ZERO, 0, runner.status.speed, 0);
        let mut i = Inline {
            runner,
            commands,
            out,
            clock,
            ticks_run: 0,
            pacer,
            realtime: Realtime::default(),
            pace: None,
            due: None,
            ended: false,
        };
        i.publish();
        i
    }

    /// Publishes the runner's snapshot; a full queue drops it (the viewer reads every
    /// frame, so the next one goes).
    fn publish(&mut self) {
        match self.out.try_send(self.runner.publish()) {
            Ok(()) => self.runner.published(),
            Err(TrySendError::Full(_)) => {}
            Err(TrySendError::Disconnected(_)) => self.ended = true,
        }
        self.runner.wake();
    }

    /// When the next frame is due (see [`super::RunnerHandle::due_in`]).
    pub(super) fn due_in(&self) -> Option<Duration> {
        if self.ended || !self.runner.status.running {
            return None;
        }
        self.due
    }

    /// Commands, then the frames that are due, for at most about `budget`.
    pub(super) fn drive(&mut self, budget: Duration) {
        if self.ended {
            return;
        }
        let start = Instant::now();
        let mut changed = false;
        loop {
            match self.commands.try_recv() {
                Ok(c) => {
                    let query = c.is_query();
                    if !self.runner.handle(c) {
                        self.ended = true;
                        return;
                    }
                    changed |= !query;
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.ended = true;
                    return;
                }
            }
        }
        self.due = None;
        if !self.runner.status.running {
            self.pace = None;
            if changed {
                self.publish();
            }
            return;
        }
        let pace = (self.runner.status.speed, self.runner.status.slow_delay_ms);
        if self.pace != Some(pace) {
            self.pacer = Pacer::new(self.clock.elapsed(), self.ticks_run, pace.0, pace.1);
            self.realtime.clear();
            self.pace = Some(pace);
        }
        let max = pace.1 == 0 && pace.0 == Speed::Max;
        let mut ran = false;
        while self.runner.status.running && start.elapsed() < budget {
            let n = match self.pacer.next(
                self.clock.elapsed(),
                self.ticks_run,
                self.runner.frame_ticks(),
            ) {
                _ if max => self.runner.frame_ticks(),
                Pace::Run(n) => n,
                Pace::Wait(d) => {
                    self.due = Some(d);
                    break;
                }
            };
            for _ in 0..n {
                self.runner.tick();
            }
            self.ticks_run += n;
            ran = true;
            if !max {
                // One frame at a time at a factor speed: published as the thread does.
                if let Some(f) = self.realtime.note(self.ticks_run) {
                    self.runner.status.realtime_factor = f;
                }
                self.publish();
            }
        }
        if max && self.runner.status.running {
            self.due = Some(Duration::ZERO);
        }
        if max && ran {
            if let Some(f) = self.realtime.note(self.ticks_run) {
                self.runner.status.realtime_factor = f;
            }
        }
        if (max && ran) || (changed && !ran) {
            self.publish();
        }
    }
}

/// The commands waiting (while running), or the next one (while paused; retrying a
/// dropped publication meanwhile), each handled; a paused runner publishes what each did.
/// Whether something changed that is not published yet; `None` when the runner must end.
fn take_commands(
    runner: &mut Runner,
    commands: &Receiver<Command>,
    stale: &std::cell::Cell<bool>,
    publish: &impl Fn(&mut Runner) -> bool,
) -> Option<bool> {
    let mut changed = false;
    loop {
        let cmd = if runner.status.running {
            match commands.try_recv() {
                Ok(c) => c,
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return None,
            }
        } else if stale.get() {
            match commands.recv_timeout(STALE_RETRY) {
                Ok(c) => c,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if !publish(runner) {
                        return None;
                    }
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => return None,
            }
        } else {
            match commands.recv() {
                Ok(c) => c,
                Err(_) => return None,
            }
        };
        // A question (frames, plots) changes nothing: no publication, so a viewer that
        // asks again after each publication does not make the runner publish forever.
        let query = cmd.is_query();
        if !runner.handle(cmd) {
            return None;
        }
        if query {
            continue;
        }
        changed = true;
        if !runner.status.running {
            // Publish what each command did while paused.
            if !publish(runner) {
                return None;
            }
            changed = false;
        }
    }
    Some(changed)
}

pub(super) fn run_loop(
    mut runner: Runner,
    commands: Receiver<Command>,
    out: SyncSender<(Snapshot, RunnerStatus)>,
) {
    // A publication that finds the queue full is dropped (a frontend that never reads must
    // not make snapshots pile up); `stale` remembers it so a paused runner publishes again
    // once there is room, and a viewer never keeps showing an old moment.
    let stale = std::cell::Cell::new(false);
    let publish = |r: &mut Runner| {
        let sent = match out.try_send(r.publish()) {
            Ok(()) => {
                r.published();
                stale.set(false);
                true
            }
            Err(TrySendError::Full(_)) => {
                stale.set(true);
                true
            }
            Err(TrySendError::Disconnected(_)) => false,
        };
        r.wake();
        sent
    };
    if !publish(&mut runner) {
        return;
    }
    let clock = Instant::now();
    let mut ticks_run: u64 = 0;
    let mut pacer = Pacer::new(clock.elapsed(), 0, runner.status.speed, 0);
    let mut realtime = Realtime::default();
    let mut was_running = false;
    let mut pace = (runner.status.speed, runner.status.slow_delay_ms);
    loop {
        // Commands first; while paused, wait for one (the app keeps rendering on its side).
        let Some(changed) = take_commands(&mut runner, &commands, &stale, &publish) else {
            return;
        };
        if changed && !publish(&mut runner) {
            return;
        }
        if !runner.status.running {
            was_running = false;
            continue;
        }
        let now_pace = (runner.status.speed, runner.status.slow_delay_ms);
        if !was_running || now_pace != pace {
            pacer = Pacer::new(clock.elapsed(), ticks_run, now_pace.0, now_pace.1);
            realtime.clear();
            pace = now_pace;
            was_running = true;
        }
        // One frame of ticks, when it is due.
        if runner.status.slow_delay_ms == 0 && runner.status.speed == Speed::Max {
            let start = Instant::now();
            while start.elapsed() < MAX_SPEED_FRAME {
                for _ in 0..runner.frame_ticks() {
                    runner.tick();
                }
                ticks_run += runner.frame_ticks();
            }
        } else {
            match pacer.next(clock.elapsed(), ticks_run, runner.frame_ticks()) {
                Pace::Wait(d) => {
                    if !wait_or_handle(&mut runner, &commands, &publish, d) {
                        return;
                    }
                    continue;
                }
                Pace::Run(n) => {
                    for _ in 0..n {
                        runner.tick();
                    }
                    ticks_run += n;
                }
            }
        }
        if let Some(f) = realtime.note(ticks_run) {
            runner.status.realtime_factor = f;
        }
        if !publish(&mut runner) {
            return;
        }
    }
}

//! The pacer: the runner thread's loop. It owns the command channel, the wall clock and
//! the snapshot queue, and lets a frame of ticks run when the clock × speed says it is
//! due; what a command means is the [`super::Session`]'s.

use super::{Command, Runner, RunnerStatus, Speed};
use crate::sim::Snapshot;
use std::collections::VecDeque;
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError, TrySendError};
use std::time::{Duration, Instant};

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
    // (real time, ticks run) over the last second, for the real-time factor.
    let mut window: VecDeque<(Instant, u64)> = VecDeque::new();
    let mut was_running = false;
    let mut pace = (runner.status.speed, runner.status.slow_delay_ms);
    loop {
        // Commands first; while paused, wait for one (the app keeps rendering on its side).
        let mut changed = false;
        loop {
            let cmd = if runner.status.running {
                match commands.try_recv() {
                    Ok(c) => c,
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => return,
                }
            } else if stale.get() {
                match commands.recv_timeout(STALE_RETRY) {
                    Ok(c) => c,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if !publish(&mut runner) {
                            return;
                        }
                        continue;
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => return,
                }
            } else {
                match commands.recv() {
                    Ok(c) => c,
                    Err(_) => return,
                }
            };
            // A question (frames, plots) changes nothing: no publication, so a viewer that
            // asks again after each publication does not make the runner publish forever.
            let query = cmd.is_query();
            if !runner.handle(cmd) {
                return;
            }
            if query {
                continue;
            }
            changed = true;
            if !runner.status.running {
                // Publish what each command did while paused.
                if !publish(&mut runner) {
                    return;
                }
                changed = false;
            }
        }
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
            window.clear();
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
        // Real-time factor over the last second.
        let now = Instant::now();
        window.push_back((now, ticks_run));
        while window
            .front()
            .is_some_and(|(t, _)| now.duration_since(*t) > Duration::from_secs(1))
        {
            window.pop_front();
        }
        if let (Some(a), Some(b)) = (window.front(), window.back()) {
            let real = b.0.duration_since(a.0).as_secs_f64();
            if real > 0.0 {
                runner.status.realtime_factor = (b.1 - a.1) as f64 / 1000.0 / real;
            }
        }
        if !publish(&mut runner) {
            return;
        }
    }
}

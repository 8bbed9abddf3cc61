//! Simulated time: whole milliseconds counted by ticks. Nothing here (or anywhere in `sim`)
//! reads the wall clock.

/// Length of one tick in simulated milliseconds. The original found 1 ms physics steps
/// accurate to ~1 % and 10 ms too coarse (lurobotsim.md §6); the VM's timers count it too.
pub const TICK_MS: u64 = 1;

/// Interval of the trace CSV's rows (cli.md: one row per 50 ms of simulated time), which is
/// also the original's frame: 50 physics steps per displayed frame.
pub const CSV_ROW_MS: u64 = 50;

/// Seconds from milliseconds, for JSON and CSV.
pub fn seconds(ms: u64) -> f64 {
    ms as f64 / 1000.0
}

/// Whole ticks in `seconds` of simulated time (rounded to the nearest millisecond; negative,
/// NaN or absurd values give 0 or saturate).
pub fn ticks_in(seconds: f64) -> u64 {
    if seconds.is_nan() || seconds <= 0.0 {
        return 0;
    }
    let ms = (seconds * 1000.0).round();
    if ms >= u64::MAX as f64 {
        u64::MAX
    } else {
        ms as u64
    }
}

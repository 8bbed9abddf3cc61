//! THE trace CSV (cli.md): a header, then every 50 ms of simulated time one row per robot.
//! A scene's CSV has a `robot` column (the robot's name) in front and a row per robot, in
//! order; one robot's has neither. `run --trace-csv`, `run --scene --trace-csv` and the
//! app's Export CSV (through the runner) all write it with [`TraceCsv`].

use super::{Listing, Robot, Simulation};
use std::io::Write;

/// The header line (cli.md; tests and scripts depend on the exact names).
pub const HEADER: &str = "time_s,x,y,z,yaw_deg,yaw_total_deg,out_a,out_b,out_c,\
s1_raw,s1_value,s2_raw,s2_value,s3_raw,s3_value,vi_task0";

/// The scene header: [`HEADER`] with the `robot` column in front.
pub const SCENE_HEADER: &str = "robot,time_s,x,y,z,yaw_deg,yaw_total_deg,out_a,out_b,out_c,\
s1_raw,s1_value,s2_raw,s2_value,s3_raw,s3_value,vi_task0";

/// One row describing robot `r` at `time_ms` (no line end). `vi_task0` is empty while
/// task 0 is in no icon (stopped).
pub fn row(time_ms: u64, r: Robot<'_>) -> String {
    row_of(time_ms, r.pose(), r.yaw_total_deg(), r.vm(), r.tracer())
}

/// [`row`] from its parts (a scene writes one per robot).
fn row_of(
    time_ms: u64,
    p: crate::world::Pose,
    yaw_total_deg: f64,
    vm: &crate::vm::Vm,
    tracer: &crate::trace::Tracer,
) -> String {
    let o = vm.outputs();
    let mut s = format!(
        "{:.3},{},{},{},{},{},{},{},{}",
        super::time::seconds(time_ms),
        fixed(p.x, 6),
        fixed(p.y, 6),
        fixed(p.z, 6),
        fixed(p.yaw_deg, 3),
        fixed(yaw_total_deg, 3),
        o[0].signed_percent(),
        o[1].signed_percent(),
        o[2].signed_percent()
    );
    let sensors = vm.sensors();
    for port in 0..3u8 {
        match sensors.iter().find(|v| v.port == port) {
            Some(v) => s.push_str(&format!(",{},{}", v.raw, v.value)),
            None => s.push_str(",,"),
        }
    }
    s.push(',');
    if let Some(vi) = tracer.current().get(&0) {
        s.push_str(&vi.to_string());
    }
    s
}

/// `v` with `decimals` places, without the minus sign of a value that rounds to zero
/// (`-0.000` reads as a direction where there is none).
fn fixed(v: f64, decimals: usize) -> String {
    let s = format!("{v:.decimals$}");
    match s.strip_prefix('-') {
        Some(rest) if rest.bytes().all(|b| b == b'0' || b == b'.') => rest.to_string(),
        _ => s,
    }
}

/// A name as a CSV field (quoted when it holds a comma, a quote or a line end).
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Writes the trace CSV to `out` as the simulation advances: call [`TraceCsv::observe`]
/// after every tick (and once before the first); it writes when the clock is on a 50 ms
/// boundary.
pub struct TraceCsv<W: Write> {
    out: W,
    last_ms: Option<u64>,
    /// A scene's CSV: the `robot` column and a row per robot.
    scene: bool,
}

impl<W: Write> TraceCsv<W> {
    /// Writes the header of a run's CSV, with the `robot` column and a row per robot when
    /// `listing` lists them as a scene's.
    pub fn new(mut out: W, listing: Listing) -> std::io::Result<TraceCsv<W>> {
        let scene = listing == Listing::Scene;
        writeln!(out, "{}", if scene { SCENE_HEADER } else { HEADER })?;
        Ok(TraceCsv {
            out,
            last_ms: None,
            scene,
        })
    }

    /// Writes the rows of now if the clock is on a row boundary not yet written.
    pub fn observe(&mut self, sim: &Simulation) -> std::io::Result<()> {
        let t = sim.time_ms();
        if !t.is_multiple_of(super::time::CSV_ROW_MS) || self.last_ms == Some(t) {
            return Ok(());
        }
        for r in sim.robots() {
            match self.scene {
                true => writeln!(self.out, "{},{}", field(r.name()), row(t, r))?,
                false => writeln!(self.out, "{}", row(t, r))?,
            }
        }
        self.last_ms = Some(t);
        Ok(())
    }

    /// Flushes what is written so far.
    pub fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }

    /// Flushes and hands back the writer.
    pub fn finish(mut self) -> std::io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn values_that_round_to_zero_lose_their_minus_sign() {
        assert_eq!(super::fixed(-0.0001, 3), "0.000");
        assert_eq!(super::fixed(-0.0, 6), "0.000000");
        assert_eq!(super::fixed(-0.25, 3), "-0.250");
        assert_eq!(super::fixed(1.0, 3), "1.000");
    }
}

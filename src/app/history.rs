//! What the app remembers of a run: every snapshot it was shown (for the replay timeline),
//! the series the plots draw, and when each icon started (markers on the plots). Fed only
//! by snapshots; never touches the simulation. Bounded: when full, every other frame is
//! dropped, so a long run keeps its whole length at a coarser step.

use crate::sim::Snapshot;
use crate::vm::{OutputMode, OutputState};
use std::sync::Arc;

/// Most frames kept (at the runner's 20 snapshots a second: 25 minutes before thinning).
const MAX_FRAMES: usize = 30_000;

/// An icon started running in a task.
#[derive(Clone, Debug, PartialEq)]
pub struct IconStart {
    pub time_s: f64,
    pub task: u8,
    pub vi: usize,
}

/// The remembered run.
#[derive(Clone, Debug, Default)]
pub struct History {
    pub frames: Vec<Arc<Snapshot>>,
    pub icon_starts: Vec<IconStart>,
}

/// Signed output power in percent (0 when off or floating), as the trace CSV writes it.
/// Standard-firmware power 0–7 maps to (p + 1) × 12.5 % — level 7 is full power, as on the
/// brick — when the program did not set a ROBOLAB percentage.
pub fn signed_percent(o: &OutputState) -> f64 {
    if o.mode != OutputMode::On {
        return 0.0;
    }
    let p = match o.percent {
        Some(p) => p as f64,
        None => (o.power as f64 + 1.0) * 12.5,
    };
    if o.forward {
        p
    } else {
        -p
    }
}

impl History {
    pub fn clear(&mut self) {
        self.frames.clear();
        self.icon_starts.clear();
    }

    pub fn is_empty(&self) -> bool {
        self.frames.is_empty()
    }

    pub fn len(&self) -> usize {
        self.frames.len()
    }

    /// Adds a snapshot if it is newer than the last one (an older or equal time replaces
    /// the tail: the run was reset or re-simulated).
    pub fn push(&mut self, snap: Arc<Snapshot>) {
        if snap.time_ms == 0 {
            self.clear();
        } else if self
            .frames
            .last()
            .is_some_and(|l| l.time_ms >= snap.time_ms)
        {
            self.truncate_after(snap.time_ms - 1);
        }
        let before = self.frames.last().map(|l| l.current_vi.clone());
        for (task, vi) in &snap.current_vi {
            let changed = before.as_ref().is_none_or(|b| b.get(task) != Some(vi));
            if changed {
                self.icon_starts.push(IconStart {
                    time_s: snap.time_ms as f64 / 1000.0,
                    task: *task,
                    vi: *vi,
                });
            }
        }
        self.frames.push(snap);
        if self.frames.len() > MAX_FRAMES {
            // Thin to every other frame, keeping the newest.
            let n = self.frames.len();
            let mut i = 0;
            self.frames.retain(|_| {
                i += 1;
                (n - i).is_multiple_of(2)
            });
        }
    }

    /// Drops everything after `time_ms` (resuming from an earlier moment).
    pub fn truncate_after(&mut self, time_ms: u64) {
        self.frames.retain(|f| f.time_ms <= time_ms);
        let t = time_ms as f64 / 1000.0;
        self.icon_starts.retain(|s| s.time_s <= t);
    }

    /// Index of the last frame at or before `time_ms`.
    pub fn index_at(&self, time_ms: u64) -> usize {
        self.frames
            .partition_point(|f| f.time_ms <= time_ms)
            .saturating_sub(1)
    }

    /// (time s, value) points of one series.
    pub fn series(&self, f: impl Fn(&Snapshot) -> Option<f64>) -> Vec<[f64; 2]> {
        self.frames
            .iter()
            .filter_map(|s| f(s).map(|v| [s.time_ms as f64 / 1000.0, v]))
            .collect()
    }

    /// The trace CSV of cli.md, one row per remembered frame (the runner publishes every
    /// 50 ms of simulated time in normal mode, the CLI's row step).
    pub fn to_csv(&self, vi_of: impl Fn(&Snapshot) -> String) -> String {
        let mut out = String::from(
            "time_s,x,y,z,yaw_deg,yaw_total_deg,out_a,out_b,out_c,s1_raw,s1_value,s2_raw,s2_value,s3_raw,s3_value,vi_task0\n",
        );
        for s in &self.frames {
            let sensor = |port: u8| {
                s.sensors
                    .iter()
                    // The VM numbers ports 0–2; the CSV's s1–s3 are the brick's 1–3.
                    .find(|v| v.port + 1 == port)
                    .map(|v| format!("{},{}", v.raw, v.value))
                    .unwrap_or_else(|| ",".into())
            };
            out.push_str(&format!(
                "{:.3},{:.4},{:.4},{:.4},{:.2},{:.2},{},{},{},{},{},{},{}\n",
                s.time_ms as f64 / 1000.0,
                s.pose.x,
                s.pose.y,
                s.pose.z,
                s.pose.yaw_deg,
                s.yaw_total_deg,
                signed_percent(&s.outputs[0]),
                signed_percent(&s.outputs[1]),
                signed_percent(&s.outputs[2]),
                sensor(1),
                sensor(2),
                sensor(3),
                vi_of(s),
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// A real snapshot (M1 on E1) with its time and task 0's icon set.
    pub(crate) fn snap(time_ms: u64, vi: Option<usize>) -> Arc<Snapshot> {
        use crate::sim::{SimConfig, Simulation};
        use crate::world::spec::{EnvSpec, RobotSpec};
        let sim = Simulation::new(
            RobotSpec::load("M1").unwrap(),
            EnvSpec::load("E1").unwrap(),
            SimConfig::default(),
        )
        .unwrap();
        let mut s = sim.snapshot();
        s.time_ms = time_ms;
        s.current_vi = BTreeMap::new();
        if let Some(v) = vi {
            s.current_vi.insert(0u8, v);
        }
        Arc::new(s)
    }

    #[test]
    fn icon_starts_are_recorded_when_the_current_icon_changes() {
        let mut h = History::default();
        h.push(snap(0, None));
        h.push(snap(50, Some(0)));
        h.push(snap(100, Some(0)));
        h.push(snap(150, Some(1)));
        assert_eq!(h.icon_starts.len(), 2);
        assert_eq!(h.icon_starts[1].vi, 1);
        assert!((h.icon_starts[1].time_s - 0.15).abs() < 1e-9);
    }

    #[test]
    fn a_reset_snapshot_starts_a_new_history_and_time_never_goes_back() {
        let mut h = History::default();
        for t in [0, 50, 100, 150] {
            h.push(snap(t, None));
        }
        h.push(snap(100, None));
        assert_eq!(h.frames.last().unwrap().time_ms, 100);
        assert_eq!(h.len(), 3);
        h.push(snap(0, None));
        assert_eq!(h.len(), 1);
        assert_eq!(h.index_at(70), 0);
    }

    #[test]
    fn output_power_is_signed_percent_and_zero_when_off() {
        let mut o = OutputState {
            mode: OutputMode::On,
            forward: false,
            power: 7,
            percent: None,
        };
        assert_eq!(signed_percent(&o), -100.0);
        o.percent = Some(60);
        assert_eq!(signed_percent(&o), -60.0);
        o.mode = OutputMode::Off;
        assert_eq!(signed_percent(&o), 0.0);
    }

    #[test]
    fn the_csv_has_the_cli_header_and_one_row_per_frame() {
        let mut h = History::default();
        h.push(snap(0, None));
        h.push(snap(50, Some(2)));
        let csv = h.to_csv(|s| {
            s.current_vi
                .get(&0)
                .map(|v| v.to_string())
                .unwrap_or_default()
        });
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].starts_with("time_s,x,y,z,yaw_deg"));
        assert!(lines[2].starts_with("0.050,"));
        assert!(lines[2].ends_with(",2"));
        assert_eq!(lines[2].split(',').count(), 16);
    }
}

//! What the session writes from its history: the trace CSV (`ExportCsv`) and recordings
//! (`SaveRecording`).

use super::session::Session;
use super::CsvExport;
use crate::sim::record::Recording;
use crate::sim::specs::SpecSource;
use crate::sim::Simulation;

impl Session {
    /// Writes the trace CSV of the live run's history to `path` with the CLI's writer
    /// ([`crate::sim::csv`]): the history's first checkpoint re-simulated tick by tick with
    /// the logged inputs up to the present, so the rows are exactly those `run
    /// --trace-csv` writes for the same inputs, at any speed the run was watched at.
    pub fn export_csv(&self, path: &std::path::Path) -> Result<CsvExport, String> {
        let err = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
        let from = self.timeline.span_ms().0;
        let to = self.live.time_ms();
        let mut sim = self
            .timeline
            .state_at(&self.live, from)
            .ok_or_else(|| "the history has no start to export from".to_string())?;
        let file = std::fs::File::create(path).map_err(err)?;
        let out = std::io::BufWriter::new(file);
        // A scene's CSV has a `robot` column and a row per robot (`run --scene`'s writer).
        enum Writer<W: std::io::Write> {
            One(crate::sim::csv::TraceCsv<W>),
            Scene(crate::sim::multi::SceneCsv<W>),
        }
        let mut csv = if sim.is_scene() {
            Writer::Scene(crate::sim::multi::SceneCsv::new(out).map_err(err)?)
        } else {
            Writer::One(crate::sim::csv::TraceCsv::new(out).map_err(err)?)
        };
        let mut rows = 0;
        let mut row = |sim: &Simulation, csv: &mut Writer<_>| {
            if sim.time_ms().is_multiple_of(crate::sim::time::CSV_ROW_MS) {
                rows += sim.robot_count();
            }
            match csv {
                Writer::One(c) => c.observe(sim),
                Writer::Scene(c) => c.observe(sim),
            }
        };
        row(&sim, &mut csv).map_err(err)?;
        while sim.time_ms() < to {
            let next = sim.time_ms() + 1;
            crate::sim::timeline::resimulate_log(&mut sim, self.live.inputs(), next);
            row(&sim, &mut csv).map_err(err)?;
        }
        match csv {
            Writer::One(c) => c.finish().map(|_| ()),
            Writer::Scene(c) => c.finish().map(|_| ()),
        }
        .map_err(err)?;
        Ok(CsvExport {
            rows,
            from_ms: from,
            to_ms: to,
        })
    }

    /// The live run as a recording, its pose stream resampled from the history's frames.
    pub fn recording(&self, robot: SpecSource, env: SpecSource) -> Recording {
        let frame_ms = self.timeline.frame_ms();
        let sim = &self.live;
        let mut frames = Vec::new();
        let mut t = 0;
        while t <= sim.time_ms() {
            if let Some(f) = self.timeline.frame_at(t) {
                f.to_floats(&mut frames);
            }
            t += frame_ms;
        }
        let p = sim.robot(0).map(|r| r.pose()).unwrap_or_default();
        let c = sim.config();
        Recording {
            format: "lurobotsim-recording".into(),
            version: 1,
            robot,
            environment: env,
            seed: c.seed,
            instructions_per_tick: c.vm.instructions_per_tick,
            battery_mv: c.vm.battery_mv,
            robots: c.robots.max(1),
            duration_ms: sim.time_ms(),
            inputs: sim.inputs().to_vec(),
            frame_ms,
            bodies: sim.world().bodies().into_iter().map(|b| b.name).collect(),
            frames,
            final_pose: [p.x, p.y, p.z, p.yaw_deg],
            realism: c.realism,
            battery_v: c.battery_v,
            scene: Vec::new(),
        }
    }

    /// Writes the run so far as a replay file; `robot`/`env` are the files the
    /// simulation was built from.
    pub fn save_recording(
        &self,
        path: &std::path::Path,
        robot: SpecSource,
        env: SpecSource,
    ) -> Result<(), String> {
        if let Some(t) = self.live.log_trimmed_at() {
            return Err(format!(
                "cannot save a recording: the input log was restarted at {:.3} s to \
                 bound its memory, so the run cannot be replayed from its start \
                 (reset, then record)",
                t as f64 / 1000.0
            ));
        }
        match crate::sim::record::recorded_scene(&self.live) {
            Ok(scene) => {
                let mut rec = self.recording(robot, env);
                if let Some(first) = scene.first() {
                    rec.robot = first.model.clone();
                }
                rec.scene = scene;
                crate::sim::record::save(path, &rec).map_err(|e| e.to_string())
            }
            Err(e) => Err(format!("cannot save a recording: {e}")),
        }
    }
}

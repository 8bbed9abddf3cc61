//! What the session writes from its history: the trace CSV (`CsvBytes`) and recordings
//! (`RecordingText`), as bytes for the viewer's host to save (a file on the desktop, a
//! download in a tab) — the runner writes no file itself.

use super::refusal::Refusal;
use super::session::Session;
use super::CsvExport;
use crate::sim::record::Recording;

impl Session {
    /// The trace CSV of the live run's history with the CLI's writer
    /// ([`crate::sim::csv`]): the history's first checkpoint re-simulated tick by tick with
    /// the logged inputs up to the present, so the rows are exactly those `run
    /// --trace-csv` writes for the same inputs, at any speed the run was watched at.
    pub fn csv_bytes(&self) -> Result<(Vec<u8>, CsvExport), Refusal> {
        let err = |e: std::io::Error| Refusal::TraceNotWritten(e.to_string());
        let from = self.timeline.span_ms().0;
        let to = self.live.time_ms();
        let mut sim = self
            .timeline
            .state_at(&self.live, from)
            .ok_or(Refusal::NoHistoryStart)?;
        let mut out = Vec::new();
        let mut csv = crate::sim::csv::TraceCsv::new(&mut out, self.listing).map_err(err)?;
        // The one run loop re-simulates the history, the CSV looking at every tick.
        let done = sim.inputs().len();
        let inputs = self.live.inputs().iter_from(done);
        crate::sim::scenario::run_until(&mut sim, to, inputs, &mut [&mut csv]).map_err(
            |e| match e {
                crate::sim::scenario::RunError::Observer { source, .. } => err(source),
                other => Refusal::NotBuilt(other.to_string()),
            },
        )?;
        csv.finish().map_err(err)?;
        let row = crate::sim::time::CSV_ROW_MS;
        let rows = (to / row + 1).saturating_sub(from.div_ceil(row)) as usize * sim.robot_count();
        Ok((
            out,
            CsvExport {
                rows,
                from_ms: from,
                to_ms: to,
            },
        ))
    }

    /// The live run as a recording (the files it was built from, as built), its pose
    /// stream resampled from the history's frames; `Err` says why not.
    pub fn recording(&self) -> Result<Recording, Refusal> {
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
        let bodies = crate::sim::record::body_names(sim);
        Recording::of(sim, frame_ms, bodies, frames, self.listing)
            .map_err(|e| Refusal::RecordingNotMade(e.to_string()))
    }

    /// The run so far as a replay file's text, with the robot and environment files' text
    /// as the simulation was built from them (never read again now).
    pub fn recording_text(&self) -> Result<String, Refusal> {
        if let Some(at_ms) = self.live.log_trimmed_at() {
            return Err(Refusal::LogRestarted { at_ms });
        }
        let rec = self.recording()?;
        serde_json::to_string(&rec).map_err(|e| Refusal::RecordingNotMade(e.to_string()))
    }
}

//! A run as an animated GIF (`run --gif`, the app's "Save as GIF"): the 3D view rendered
//! offscreen every N ms of simulated time (t = 0 and the end included), each frame
//! quantised to its own 256-colour palette and written as it comes, so memory holds one
//! frame whatever the run's length. The GIF loops forever; a frame shows for the simulated
//! time until the next one (100 ms → 10 centiseconds).

use super::offscreen::{Offscreen, OffscreenError};
use crate::sim::scenario::{Observer, RunError, Scenario};
use crate::sim::Simulation;
use std::io::Write;

/// The default picture size: small enough to share, large enough to see the robot.
pub const DEFAULT_SIZE: [u32; 2] = [480, 360];
/// The default interval: 10 frames per simulated second.
pub const DEFAULT_EVERY_MS: u64 = 100;
/// The largest picture (full HD): frames beyond it are large files no one shares.
pub const MAX_SIZE: [u32; 2] = [1920, 1080];
/// The smallest side, pixels.
pub const MIN_SIDE: u32 = 16;
/// The shortest interval: GIF delays count centiseconds and browsers slow down frames
/// shorter than 2 cs, so 20 ms is the fastest that plays as written.
pub const MIN_EVERY_MS: u64 = 20;
/// The longest interval (a minute): a GIF frame shows at most 655 s.
pub const MAX_EVERY_MS: u64 = 60_000;
/// NeuQuant's sampling factor (1 best – 30 fastest). Measured on 101 frames of the line
/// follower at 480×360 (BENCHMARKS.md): 1 takes 140 ms a frame, 10 (the crate's suggestion)
/// 16 ms, 20 9 ms — less than lavapipe takes to render one — with files 2 % smaller than at
/// 10 and the RCX's yellow and the black line unchanged to the eye. 30 saves 2 ms more but
/// learns from one pixel in 30, too few for a robot small in a large picture.
const QUANTISE_SPEED: i32 = 20;

/// How a GIF is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GifOptions {
    /// A frame every this many simulated ms.
    pub every_ms: u64,
    /// Width and height, pixels.
    pub size: [u32; 2],
}

impl Default for GifOptions {
    fn default() -> Self {
        GifOptions {
            every_ms: DEFAULT_EVERY_MS,
            size: DEFAULT_SIZE,
        }
    }
}

impl GifOptions {
    /// Refuses a size or interval out of bounds.
    pub fn check(&self) -> Result<(), GifError> {
        let [w, h] = self.size;
        if !(MIN_SIDE..=MAX_SIZE[0]).contains(&w) || !(MIN_SIDE..=MAX_SIZE[1]).contains(&h) {
            return Err(GifError::Size(w, h));
        }
        if !(MIN_EVERY_MS..=MAX_EVERY_MS).contains(&self.every_ms) {
            return Err(GifError::Every(self.every_ms));
        }
        Ok(())
    }
}

/// Why a GIF could not be made.
#[derive(Debug, thiserror::Error)]
pub enum GifError {
    #[error(
        "{0}×{1} pixels: a GIF is {min}×{min} to {w}×{h} pixels",
        min = MIN_SIDE,
        w = MAX_SIZE[0],
        h = MAX_SIZE[1]
    )]
    Size(u32, u32),
    #[error("a frame every {0} ms: write {min} to {max} ms", min = MIN_EVERY_MS, max = MAX_EVERY_MS)]
    Every(u64),
    #[error("{0}")]
    Render(#[from] OffscreenError),
    #[error("{0}")]
    Run(#[from] RunError),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

impl GifError {
    /// True when there is no GPU (nor software renderer) to draw with.
    pub fn no_gpu(&self) -> bool {
        matches!(
            self,
            GifError::Render(OffscreenError::NoAdapter(_) | OffscreenError::Device(_))
        )
    }
}

/// Centiseconds of the GIF's clock at simulated `ms` (rounded): delays are differences of
/// these, so rounding never accumulates over a long run.
fn centis(ms: u64) -> u64 {
    (ms + 5) / 10
}

/// An [`Observer`] writing the run as a GIF into `W` as it goes.
pub struct GifRecorder<W: Write> {
    view: Offscreen,
    /// None once finished.
    encoder: Option<::gif::Encoder<W>>,
    /// The writer, once the GIF's trailer is written.
    done: Option<W>,
    every_ms: u64,
    /// When the next frame is due, simulated ms.
    next_ms: u64,
    /// The last frame and its time, written when the next one sets its delay.
    pending: Option<(u64, ::gif::Frame<'static>)>,
}

impl<W: Write> GifRecorder<W> {
    /// Checks `opts`, opens a headless GPU device and writes the GIF's header to `out`.
    pub fn new(out: W, opts: GifOptions) -> Result<GifRecorder<W>, GifError> {
        opts.check()?;
        let view = Offscreen::new(opts.size)?;
        GifRecorder::with_view(out, opts, view)
    }

    /// As [`GifRecorder::new`], drawing with `view` (opened first, so that a missing GPU
    /// is known before the file is made); `view`'s size is the GIF's.
    pub fn with_view(
        out: W,
        opts: GifOptions,
        view: Offscreen,
    ) -> Result<GifRecorder<W>, GifError> {
        let opts = GifOptions {
            size: view.size(),
            ..opts
        };
        opts.check()?;
        // Sizes are checked ≤ 1920 × 1080 above, so they fit GIF's 16 bits.
        let [w, h] = opts.size.map(|s| s as u16);
        let mut encoder = ::gif::Encoder::new(out, w, h, &[]).map_err(encoding)?;
        encoder
            .set_repeat(::gif::Repeat::Infinite)
            .map_err(encoding)?;
        Ok(GifRecorder {
            view,
            encoder: Some(encoder),
            done: None,
            every_ms: opts.every_ms,
            next_ms: 0,
            pending: None,
        })
    }

    /// The writer, after the run finished (None before).
    pub fn into_writer(self) -> Option<W> {
        self.done
    }

    /// Renders and quantises the frame of `sim` now; writes the previous one.
    fn frame(&mut self, sim: &Simulation) -> std::io::Result<()> {
        let t = sim.time_ms();
        let mut rgba = self.view.render(sim).map_err(std::io::Error::other)?;
        // Everything drawn is opaque: no pixel may become GIF transparency.
        for a in rgba.iter_mut().skip(3).step_by(4) {
            *a = 255;
        }
        let [w, h] = self.view.size().map(|s| s as u16);
        let frame = ::gif::Frame::from_rgba_speed(w, h, &mut rgba, QUANTISE_SPEED);
        self.write_pending(centis(t))?;
        self.pending = Some((t, frame));
        Ok(())
    }

    /// Writes the pending frame to show until `until_cs` on the GIF's clock.
    fn write_pending(&mut self, until_cs: u64) -> std::io::Result<()> {
        let (Some((t, mut frame)), Some(enc)) = (self.pending.take(), self.encoder.as_mut()) else {
            return Ok(());
        };
        frame.delay = until_cs.saturating_sub(centis(t)).clamp(1, 65_535) as u16;
        enc.write_frame(&frame).map_err(encoding_io)
    }
}

fn encoding(e: ::gif::EncodingError) -> GifError {
    GifError::Io(encoding_io(e))
}

fn encoding_io(e: ::gif::EncodingError) -> std::io::Error {
    match e {
        ::gif::EncodingError::Io(e) => e,
        e => std::io::Error::other(e.to_string()),
    }
}

impl<W: Write> Observer for GifRecorder<W> {
    fn observe(&mut self, sim: &Simulation) -> std::io::Result<()> {
        let t = sim.time_ms();
        if t < self.next_ms || self.encoder.is_none() {
            return Ok(());
        }
        self.next_ms = (t / self.every_ms + 1) * self.every_ms;
        self.frame(sim)
    }

    fn finish(&mut self, sim: &Simulation) -> std::io::Result<()> {
        if self.encoder.is_none() {
            return Ok(());
        }
        // The end, unless it was a frame's time already.
        if self
            .pending
            .as_ref()
            .is_none_or(|(t, _)| *t != sim.time_ms())
        {
            self.frame(sim)?;
        }
        let last = self.pending.as_ref().map_or(0, |(t, _)| *t);
        self.write_pending(centis(last + self.every_ms))?;
        if let Some(enc) = self.encoder.take() {
            let mut w = enc.into_inner().map_err(encoding_io)?;
            w.flush()?;
            self.done = Some(w);
        }
        Ok(())
    }
}

/// Runs `scenario` headless to its end and writes its GIF into `out` (a file, a
/// `Vec<u8>`), returned when done. The app's "Save as GIF" runs the scenario of its result
/// card (or one rebuilt from a recording) through this.
pub fn write_gif<W: Write>(scenario: &Scenario, opts: GifOptions, out: W) -> Result<W, GifError> {
    let mut recorder = GifRecorder::new(out, opts)?;
    scenario.run(&mut [&mut recorder])?;
    recorder
        .into_writer()
        .ok_or_else(|| GifError::Io(std::io::Error::other("the run did not finish")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_intervals_out_of_bounds_are_refused() {
        let ok = GifOptions::default();
        assert!(ok.check().is_ok());
        for size in [[1921, 360], [480, 1081], [15, 360], [480, 0]] {
            let e = GifOptions { size, ..ok }.check().unwrap_err();
            assert!(matches!(e, GifError::Size(..)), "{size:?}: {e}");
        }
        for every_ms in [0, 19, 60_001] {
            let e = GifOptions { every_ms, ..ok }.check().unwrap_err();
            assert!(e.to_string().contains("20 to 60000 ms"), "{e}");
        }
    }

    #[test]
    fn delays_are_differences_of_rounded_times_so_they_never_drift() {
        // 33 ms frames: 3, 4, 3 cs... and 99 ms after 3 frames is 10 cs on the GIF's clock.
        let delays: Vec<u64> = (0..3)
            .map(|k| centis(33 * (k + 1)) - centis(33 * k))
            .collect();
        assert_eq!(delays, vec![3, 4, 3]);
        assert_eq!(delays.iter().sum::<u64>(), centis(99));
    }
}

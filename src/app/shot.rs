//! Screenshots: `--screenshot PNG --screenshot-at S` (run to S exactly through the runner,
//! let the window settle, save, close) and the user's "Save a screenshot…".

use super::*;

pub(super) enum ShotPhase {
    /// The runner runs at max speed and pauses at the moment (`PauseAt`).
    Simulating,
    Settling(u32),
    Requested(Arc<Mutex<Option<Arc<egui::ColorImage>>>>),
    Done,
}

pub(super) struct Shot {
    path: PathBuf,
    at_ms: u64,
    phase: ShotPhase,
    frames: u32,
}

/// Frames a screenshot may wait in total before giving up (the window may be hidden).
pub(super) const SHOT_MAX_FRAMES: u32 = 2000;

impl LuApp {
    /// Asks for a screenshot of the window; it is saved as the next frame arrives.
    pub fn request_user_screenshot(&mut self, ctx: &egui::Context) {
        let slot: Arc<Mutex<Option<Arc<egui::ColorImage>>>> = Arc::default();
        let s2 = slot.clone();
        let c2 = ctx.clone();
        ctx.request_screenshot(move |img| {
            if let Ok(mut g) = s2.lock() {
                *g = Some(img);
            }
            c2.request_repaint();
        });
        self.shots.user_shot = Some(slot);
    }

    pub fn save_user_screenshot(&mut self) {
        let Some(slot) = &self.shots.user_shot else {
            return;
        };
        let img = slot.lock().ok().and_then(|mut g| g.take());
        if let Some(img) = img {
            self.shots.user_shot = None;
            self.ask_save(SaveKind::Screenshot);
            if let Some(s) = &mut self.dialogs.save_as {
                s.image = Some(img);
            }
        }
    }

    // ----- screenshot (--screenshot) -----

    pub(super) fn begin_screenshot(&mut self, path: PathBuf, secs: f64) {
        let at_ms = (secs.max(0.0) * 1000.0).round() as u64;
        // The runner runs to the moment as fast as it goes and pauses there exactly (its
        // history, and so the plots, are the same as at any speed); the speed shown goes
        // back to 1× before the picture.
        self.runner.send(Run::Pause);
        self.runner.send(Run::PauseAt(Some(at_ms)));
        self.runner.send(Run::SetSpeed(Speed::Max));
        self.start_and_run();
        self.shots.shot = Some(Shot {
            path,
            at_ms,
            phase: ShotPhase::Simulating,
            frames: 0,
        });
    }

    pub fn drive_screenshot(&mut self, ctx: &egui::Context) {
        let lang = self.view.lang;
        let Some(shot) = self.shots.shot.as_mut() else {
            return;
        };
        shot.frames += 1;
        let mut finish: Option<Result<PathBuf, String>> = None;
        match &mut shot.phase {
            ShotPhase::Simulating => {
                let there = self.status.as_ref().is_some_and(|s| {
                    !s.running && s.live_ms >= shot.at_ms && s.reviewing_ms.is_none()
                });
                if there {
                    self.runner.send(Run::SetSpeed(Speed::Factor(1.0)));
                    shot.phase = ShotPhase::Settling(0);
                }
            }
            // A few frames for layout, fonts and textures to settle.
            ShotPhase::Settling(n) => {
                *n += 1;
                let ready = self.jobs.floor_rx.is_none()
                    && self.jobs.plot_rx.is_none()
                    && !self.jobs.plot_wanted
                    && self.status.as_ref().map(|s| s.speed) == Some(Speed::Factor(1.0))
                    && self.live.as_ref().is_some_and(|s| s.time_ms >= shot.at_ms);
                if *n >= 6 && ready {
                    let slot: Arc<Mutex<Option<Arc<egui::ColorImage>>>> = Arc::default();
                    let s2 = slot.clone();
                    ctx.request_screenshot(move |img| {
                        if let Ok(mut g) = s2.lock() {
                            *g = Some(img);
                        }
                    });
                    shot.phase = ShotPhase::Requested(slot);
                }
            }
            ShotPhase::Requested(slot) => {
                let img = slot.lock().ok().and_then(|mut g| g.take());
                if let Some(img) = img {
                    let saved = png_bytes(lang, &img).and_then(|png| {
                        (self.host.put(&shot.path, &png, "image/png")).map_err(|e| e.words(lang))
                    });
                    finish = Some(saved.map(|()| shot.path.clone()));
                }
            }
            ShotPhase::Done => {}
        }
        if finish.is_none() && shot.frames > SHOT_MAX_FRAMES {
            finish = Some(Err(crate::tr!(
                lang,
                "app-shot-the-window-never-produced-a"
            )));
        }
        if let Some(res) = finish {
            shot.phase = ShotPhase::Done;
            if let Ok(mut g) = self.shots.shot_result.lock() {
                *g = Some(res);
            }
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    /// A screenshot of the window is being prepared.
    pub fn screenshot_pending(&self) -> bool {
        self.shots
            .shot
            .as_ref()
            .is_some_and(|s| !matches!(s.phase, ShotPhase::Done))
    }
}

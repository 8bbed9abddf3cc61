//! The browser build's glue (feature `web`, built for `wasm32-unknown-unknown` by
//! `scripts/web-build`): starts the app on the page's canvas on the tab's host
//! (`host::Host::tab`: the page's picker, downloads, local storage, jobs in the frames)
//! with its runner driven by the frame loop (`runner::inline`: a tab has no threads),
//! opens what the URL's fragment asks for (`app::share`), and writes the state of a
//! `run=` link into `<pre id="lurobotsim-state">` for the browser test. The same module
//! instantiated in a Web Worker of the tab's pool starts no app and runs the units it is
//! posted (`worker.rs`). Everything else is the desktop app's own code.

mod aria;
mod worker;

use crate::app::share;
use crate::app::{AppConfig, Level, LuApp};
use crate::host::Host;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The app in the tab, with the page's side of it.
struct WebApp {
    app: LuApp,
    /// When the app started (the page's clock), for the wall time a `run=` link took.
    started: web_time::Instant,
    /// The state of a `run=` link has been written into the page.
    state_written: bool,
    /// The first frame's time has been written into the page.
    first_frame_told: bool,
    /// How long the commands the link queued took to carry out, before the first frame's
    /// drawing: for a `run=` link, the run itself (BENCHMARKS.md's speed in a tab).
    commands_ms: Option<f64>,
}

thread_local! {
    /// The running app's eframe runner (kept for the page's lifetime).
    static RUNNER: RefCell<Option<eframe::WebRunner>> = const { RefCell::new(None) };
}

/// Starts the app when the module is loaded (`index.html` imports it); in a Web Worker
/// (no window: one of the tab's pool, `lurobotsim-worker.js`) it starts nothing.
#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    let Some(window) = web_sys::window() else {
        return Ok(());
    };
    let document = window.document().ok_or("no document")?;
    let canvas = document
        .get_element_by_id("lurobotsim-canvas")
        .ok_or("no canvas with id lurobotsim-canvas")?
        .dyn_into::<web_sys::HtmlCanvasElement>()?;
    let hash = window.location().hash().unwrap_or_default();
    let location = window.location();
    let share_base = format!(
        "{}{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default()
    );
    // A damaged link opens the defaults and says why: never a blank page.
    let (shared, problem) = match share::parse(&hash) {
        Ok(s) => (s, None),
        Err(e) => (share::Shared::default(), Some(e)),
    };
    let base = AppConfig {
        // The link is tried, and says plainly that a tab has none (`link::start`).
        listen: Some("127.0.0.1:4266".into()),
        inline_runner: true,
        // The tab's host keeps the settings in the page's local storage.
        data_dir: None,
        // The page shows its first frame before the 3D view's shaders are compiled.
        defer_scene_gpu: true,
        ..AppConfig::default()
    };
    let config = share::config_for(&shared, base);
    let host = Host::tab(&document)?;
    let runner = eframe::WebRunner::new();
    RUNNER.with(|r| *r.borrow_mut() = Some(runner.clone()));
    let page_canvas = canvas.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let started = runner
            .start(
                canvas,
                eframe::WebOptions::default(),
                Box::new(move |cc| {
                    // The tab's accessibility tree (eframe's web runner has none).
                    aria::install(&cc.egui_ctx, &page_canvas)
                        .map_err(|e| format!("the accessibility mirror: {e:?}"))?;
                    let mut app = LuApp::new_on(cc, config, host)?;
                    if let Some(e) = problem {
                        app.note(
                            Level::Warning,
                            crate::tr!(
                                app.view.lang,
                                "app-share-link-not-opened",
                                e = e.words(app.view.lang)
                            ),
                        );
                    }
                    app.share_base = Some(share_base);
                    app.open_shared(&shared);
                    Ok(Box::new(WebApp {
                        app,
                        started: web_time::Instant::now(),
                        first_frame_told: false,
                        state_written: false,
                        commands_ms: None,
                    }))
                }),
            )
            .await;
        if let Err(e) = started {
            show_failure(&format!("lurobotsim could not start: {e:?}"));
        }
    });
    Ok(())
}

/// Puts a failure where the user looks: the page's status line.
fn show_failure(text: &str) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("lurobotsim-status"))
    {
        // Over the loading message and its bar, and shown again if the page hid it.
        el.set_text_content(Some(text));
        let _ = el.set_attribute("data-failed", "1");
        let _ = el.remove_attribute("hidden");
    }
}

impl WebApp {
    /// The page's side of a frame: the first frame's time and the state of a `run=`
    /// link out (files come and go through the tab's host).
    fn sync_page(&mut self) {
        // When the first frame was drawn, ms since the page began to load (BENCHMARKS.md).
        if !self.first_frame_told {
            self.first_frame_told = true;
            let window = web_sys::window();
            let ms = window
                .as_ref()
                .and_then(|w| w.performance())
                .map(|p| p.now());
            if let (Some(ms), Some(canvas)) = (
                ms,
                window
                    .and_then(|w| w.document())
                    .and_then(|d| d.get_element_by_id("lurobotsim-canvas")),
            ) {
                let _ = canvas.set_attribute("data-first-frame-ms", &format!("{ms:.0}"));
            }
        }
        self.tell_grading();
        if let (false, Some(state)) = (self.state_written, &self.app.state_json) {
            self.state_written = true;
            let text = match state {
                Ok(t) => t.clone(),
                Err(e) => format!("error: {e}"),
            };
            if let Some(el) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id("lurobotsim-state"))
            {
                el.set_text_content(Some(&text));
                // The page's wall time from the app's start to the state (BENCHMARKS.md's
                // speed in a tab; 0 under a virtual-time budget, whose clock stands still).
                let ms = self.started.elapsed().as_secs_f64() * 1000.0;
                let _ = el.set_attribute("data-wall-ms", &format!("{ms:.0}"));
                // The run alone: without the first frame's drawing, which the native `run`
                // it is compared with has no counterpart of.
                if let Some(ms) = self.commands_ms {
                    let _ = el.set_attribute("data-run-ms", &format!("{ms:.0}"));
                }
            }
        }
    }
}

impl WebApp {
    /// The Grade window's state on `<pre id="lurobotsim-grade">` (made when first needed):
    /// `data-ready` once the assignment and the pupils' files are given, `data-done` the
    /// runs graded, `data-finished` (`ok` or the error) at the end — what the browser test
    /// waits for, as it waits for the state of a `run=` link.
    fn tell_grading(&mut self) {
        let g = &self.app.grade;
        if !g.open && g.batch.is_none() {
            return;
        }
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let el = match document.get_element_by_id("lurobotsim-grade") {
            Some(el) => el,
            None => {
                let Ok(el) = document.create_element("pre") else {
                    return;
                };
                el.set_id("lurobotsim-grade");
                let _ = el.set_attribute("style", "display: none");
                if let Some(body) = document.body() {
                    let _ = body.append_child(&el);
                }
                el
            }
        };
        let ready = g.form.assignment_file.is_some() && !g.form.program_files.is_empty();
        let _ = el.set_attribute("data-ready", if ready { "yes" } else { "no" });
        if let Some(b) = &g.batch {
            let _ = el.set_attribute("data-done", &b.done().to_string());
            if let Some(end) = &b.finished {
                let said = match end {
                    Ok(_) => "ok".to_string(),
                    Err(e) => e.clone(),
                };
                let _ = el.set_attribute("data-finished", &said);
            }
        }
    }
}

impl WebApp {
    /// The Real RCX window's state on `<pre id="lurobotsim-rcx">` (made when the window
    /// first opens): `data-port` (the tower chosen), `data-busy` (`yes` while a job
    /// runs), `data-said` (the last outcome), `data-done` (how many jobs ended), `data-firmware` (the brick's firmware as
    /// last asked, `none` for the ROM alone), `data-datalog` (the datalog uploaded last:
    /// `SOURCE:VALUE,…`), `data-buttons` (where its buttons are, in CSS pixels from the
    /// canvas's corner: `KEY x y;…`) — what the browser test waits for and where it
    /// clicks, as a pointer would.
    fn tell_rcx(&mut self, ctx: &egui::Context) {
        let r = &self.app.rcx;
        if !r.open {
            return;
        }
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let el = match document.get_element_by_id("lurobotsim-rcx") {
            Some(el) => el,
            None => {
                let Ok(el) = document.create_element("pre") else {
                    return;
                };
                el.set_id("lurobotsim-rcx");
                let _ = el.set_attribute("style", "display: none");
                if let Some(body) = document.body() {
                    let _ = body.append_child(&el);
                }
                el
            }
        };
        let _ = el.set_attribute("data-port", &r.port);
        let _ = el.set_attribute("data-busy", if r.working() { "yes" } else { "no" });
        let said = r.said.as_ref().map_or("", |(_, t)| t.as_str());
        let _ = el.set_attribute("data-said", said);
        let _ = el.set_attribute("data-done", &r.finished.to_string());
        let firmware = match r.brick {
            None => String::new(),
            Some(b) => b
                .firmware
                .map_or("none".into(), crate::app::rcx::firmware_name),
        };
        let _ = el.set_attribute("data-firmware", &firmware);
        let datalog: Vec<String> = r
            .datalog
            .iter()
            .flatten()
            .map(|(src, v)| format!("{src}:{v}"))
            .collect();
        let _ = el.set_attribute("data-datalog", &datalog.join(","));
        let buttons: Vec<(&'static str, egui::Rect)> = ctx.data(|d| {
            d.get_temp(egui::Id::unique(crate::ui::rcx::BUTTONS_ID))
                .unwrap_or_default()
        });
        let placed: Vec<String> = buttons
            .iter()
            .map(|(k, rect)| {
                let c = rect.center();
                format!("{k} {:.0} {:.0}", c.x, c.y)
            })
            .collect();
        let _ = el.set_attribute("data-buttons", &placed.join(";"));
    }
}

impl eframe::App for WebApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        if self.commands_ms.is_none() {
            // The link's commands (a `run=` link's whole run among them), carried out now as
            // the frame's own poll would, and timed.
            let t = web_time::Instant::now();
            self.app.runner.drive(std::time::Duration::ZERO);
            self.commands_ms = Some(t.elapsed().as_secs_f64() * 1000.0);
        }
        eframe::App::ui(&mut self.app, ui, frame);
        self.sync_page();
        self.tell_rcx(&ui.ctx().clone());
    }
}

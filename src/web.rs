//! The browser build's glue (feature `web`, built for `wasm32-unknown-unknown` by
//! `scripts/web-build`): starts the app on the page's canvas with its runner driven by the
//! frame loop (`runner::inline`: a tab has no threads), opens what the URL's fragment asks
//! for (`app::share`), and is the tab's file port — files dropped on the page or picked
//! with File > Open… arrive as bytes, saved files leave as downloads — and writes the
//! state of a `run=` link into `<pre id="lurobotsim-state">` for the browser test.
//! Everything else is the desktop app's own code.

mod aria;

use crate::app::share;
use crate::app::{AppConfig, Level, LuApp};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Files picked in the page (name, bytes), waiting for the next frame.
type Picked = Rc<RefCell<Vec<(String, Vec<u8>)>>>;

/// The app in the tab, with the page's side of it.
struct WebApp {
    app: LuApp,
    picked: Picked,
    /// When the app started (the page's clock), for the wall time a `run=` link took.
    started: web_time::Instant,
    /// The state of a `run=` link has been written into the page.
    state_written: bool,
    /// The first frame's time has been written into the page.
    first_frame_told: bool,
}

thread_local! {
    /// The running app's eframe runner (kept for the page's lifetime).
    static RUNNER: RefCell<Option<eframe::WebRunner>> = const { RefCell::new(None) };
}

/// Starts the app when the module is loaded (`index.html` imports it).
#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
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
        // The program being edited is kept in the page's local storage.
        editor_store: crate::app::editor::Store::browser(),
        // The language chosen before in this browser, else the browser's own.
        lang: crate::app::editor::Store::browser()
            .setting("language")
            .and_then(|code| crate::i18n::Lang::from_code(&code))
            .or_else(|| crate::i18n::Lang::from_code(&window.navigator().language()?)),
        ..AppConfig::default()
    };
    let config = share::config_for(&shared, base);
    let picked: Picked = Rc::default();
    install_file_input(&document, picked.clone())?;
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
                    let mut app = LuApp::new(cc, config)?;
                    if let Some(e) = problem {
                        app.note(
                            Level::Warning,
                            crate::tr_in!(
                                app.view.lang,
                                "app-share-link-not-opened",
                                e = e.to_string()
                            ),
                        );
                    }
                    app.share_base = Some(share_base);
                    app.open_shared(&shared);
                    Ok(Box::new(WebApp {
                        app,
                        picked,
                        started: web_time::Instant::now(),
                        first_frame_told: false,
                        state_written: false,
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
        el.set_text_content(Some(text));
    }
}

/// A hidden `<input type=file>` that File > Open… clicks; what it reads lands in `picked`.
fn install_file_input(document: &web_sys::Document, picked: Picked) -> Result<(), JsValue> {
    let input = document
        .create_element("input")?
        .dyn_into::<web_sys::HtmlInputElement>()?;
    input.set_type("file");
    input.set_id("lurobotsim-file");
    input.set_accept(".rcx,.lasm,.nqc,.icons,.json,.toml");
    input.style().set_property("display", "none")?;
    let on_change = {
        let input = input.clone();
        Closure::<dyn FnMut()>::new(move || {
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            let picked = picked.clone();
            let input = input.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let name = file.name();
                if let Ok(buf) = wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await {
                    let bytes = js_sys::Uint8Array::new(&buf).to_vec();
                    picked.borrow_mut().push((name, bytes));
                }
                // The same file can be picked again.
                input.set_value("");
            });
        })
    };
    input.add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref())?;
    on_change.forget();
    document.body().ok_or("no body")?.append_child(&input)?;
    Ok(())
}

/// Offers `bytes` as a download called `name` (the tab's "save").
pub fn download(name: &str, bytes: &[u8], mime: &str) -> Result<(), JsValue> {
    let array = js_sys::Uint8Array::from(bytes);
    let parts = js_sys::Array::of1(&array);
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let a = document
        .create_element("a")?
        .dyn_into::<web_sys::HtmlAnchorElement>()?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    web_sys::Url::revoke_object_url(&url)?;
    Ok(())
}

impl WebApp {
    /// The page's side of a frame: picked and dropped files in, File > Open… to the
    /// page's file picker, the state of a `run=` link out.
    fn sync_page(&mut self, ctx: &egui::Context) {
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
        let picked: Vec<(String, Vec<u8>)> = std::mem::take(&mut *self.picked.borrow_mut());
        for (name, bytes) in picked {
            self.app.open_bytes(&name, &bytes);
            ctx.request_repaint();
        }
        // Dropped files are read as the browser allows: later, into `picked`.
        let dropped: Vec<egui::DroppedFileHandle> = ctx.input(|i| i.raw.dropped_files.clone());
        for file in dropped {
            let picked = self.picked.clone();
            let ctx = ctx.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let name = file
                    .path()
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                if let Ok(bytes) = file.bytes_async().await {
                    picked.borrow_mut().push((name, bytes));
                    ctx.request_repaint();
                }
            });
        }
        // The desktop's file window lists folders a tab cannot see: the page's picker.
        let picker = matches!(
            self.app.dialogs.browse,
            crate::app::Browse::Open | crate::app::Browse::Challenge
        );
        if self.app.dialogs.show_file_browser && picker {
            self.app.dialogs.show_file_browser = false;
            if let Some(input) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id("lurobotsim-file"))
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            {
                input.click();
            }
        }
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
            }
        }
    }
}

impl eframe::App for WebApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        eframe::App::ui(&mut self.app, ui, frame);
        self.sync_page(&ctx);
    }
}

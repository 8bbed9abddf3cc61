//! The window shell: builds the app for eframe, and each frame takes in what the runner
//! and the link produced, handles keys and dropped files, draws the panels (`ui::show`) and
//! drives screenshots. `crate::app` holds the state and actions and never imports `ui`.

use crate::app::{Action, AppConfig, LuApp};
use crate::host::Host;
use crate::render::SceneRenderer;
use crate::runner::Command;

impl LuApp {
    /// Builds the app from eframe's creation context on the desktop's host (tolerates
    /// having no GPU).
    pub fn new(cc: &eframe::CreationContext<'_>, config: AppConfig) -> Result<LuApp, String> {
        let host = LuApp::desktop_host(&config);
        LuApp::new_on(cc, config, host)
    }

    /// Builds the app from eframe's creation context on `host` (a tab's, or the desktop's).
    pub fn new_on(
        cc: &eframe::CreationContext<'_>,
        config: AppConfig,
        host: Host,
    ) -> Result<LuApp, String> {
        let defer = config.defer_scene_gpu;
        let gpu = match cc.wgpu_render_state.as_ref() {
            Some(_) if defer => true,
            Some(rs) => {
                build_scene_renderer(rs);
                true
            }
            None => false,
        };
        crate::ui::style(&cc.egui_ctx);
        // Ctrl + / Ctrl − are the app's (its steps, to 200 %, remembered).
        cc.egui_ctx.options_mut(|o| o.zoom_with_keyboard = false);
        let mut app = LuApp::on_host(config, host)?;
        app.view.gpu = gpu;
        // Built at the start of the second frame (see `AppConfig::defer_scene_gpu`).
        app.view.gpu_in_frames = if gpu && defer { 1 } else { 0 };
        crate::ui::theme::apply(&cc.egui_ctx, app.view.look);
        cc.egui_ctx.set_zoom_factor(app.view.zoom);
        cc.egui_ctx
            .data_mut(|d| d.insert_temp(egui::Id::unique(LOOK_SHOWN), app.view.look));
        // The runner wakes the window when it publishes; nothing else redraws it while idle.
        let ctx = cc.egui_ctx.clone();
        app.runner
            .send(Command::SetWaker(Box::new(move || ctx.request_repaint())));
        Ok(app)
    }
}

/// Where the look last given to egui is kept (egui's memory).
const LOOK_SHOWN: &str = "lurobotsim look shown";

/// Gives egui the look and zoom the app holds when they changed (View menu, Ctrl + / −).
fn look_and_zoom(app: &LuApp, ctx: &egui::Context) {
    let id = egui::Id::unique(LOOK_SHOWN);
    if ctx.data(|d| d.get_temp::<crate::app::Look>(id)) != Some(app.view.look) {
        crate::ui::theme::apply(ctx, app.view.look);
        ctx.data_mut(|d| d.insert_temp(id, app.view.look));
    }
    if (ctx.zoom_factor() - app.view.zoom).abs() > 1e-3 {
        ctx.set_zoom_factor(app.view.zoom);
    }
}

/// The 3D view's pipelines, kept in egui's callback resources for its paint callbacks.
fn build_scene_renderer(rs: &egui_wgpu::RenderState) {
    let r = SceneRenderer::new(&rs.device, &rs.adapter, rs.target_format);
    rs.renderer.write().callback_resources.insert(r);
}

/// Keys of the original: arrows move the camera along X / Z, F1/F2 down/up, F3/F4
/// rotate; space runs or pauses. Ctrl + / Ctrl − / Ctrl 0 zoom the whole window.
fn keys(app: &mut LuApp, ctx: &egui::Context) {
    // Menu shortcuts work wherever the keyboard focus is.
    let (open, quit) = ctx.input_mut(|i| {
        (
            i.consume_shortcut(&crate::ui::toolbar::OPEN_SHORTCUT),
            i.consume_shortcut(&crate::ui::toolbar::QUIT_SHORTCUT),
        )
    });
    let zoom = ctx.input_mut(|i| {
        use crate::ui::look::{ZOOM_IN, ZOOM_IN_EQUALS, ZOOM_OUT, ZOOM_RESET};
        if i.consume_shortcut(&ZOOM_IN) || i.consume_shortcut(&ZOOM_IN_EQUALS) {
            Some(crate::app::zoom_step(app.view.zoom, true))
        } else if i.consume_shortcut(&ZOOM_OUT) {
            Some(crate::app::zoom_step(app.view.zoom, false))
        } else if i.consume_shortcut(&ZOOM_RESET) {
            Some(1.0)
        } else {
            None
        }
    });
    if let Some(z) = zoom {
        app.set_zoom(z);
    }
    // Run, Pause, Step, Stop, Replay, Slower, Faster (Ctrl + a key; `ui::keys`).
    for a in crate::ui::keys::pressed(ctx, app.grade.open) {
        app.apply(a);
    }
    if let Some(a) = crate::ui::keys::escape(app, ctx) {
        app.apply(a);
    }
    if open {
        app.browse(crate::app::Browse::Open);
    }
    if quit {
        ctx.send_viewport_cmd(egui::ViewportCommand::Close);
    }
    if ctx.egui_wants_keyboard_input() {
        return;
    }
    let (dt, down, pressed) = ctx.input(|i| {
        let keys = [
            egui::Key::ArrowUp,
            egui::Key::ArrowDown,
            egui::Key::ArrowLeft,
            egui::Key::ArrowRight,
            egui::Key::F1,
            egui::Key::F2,
            egui::Key::F3,
            egui::Key::F4,
        ];
        (
            i.stable_dt.min(0.1),
            keys.map(|k| i.key_down(k)),
            i.key_pressed(egui::Key::Space),
        )
    });
    // The arrows move the camera unless a control other than the 3D view has the keyboard:
    // there they move the focus (the editor's icons) or change a value (a slider).
    let focus = ctx.memory(|m| m.focused());
    let down = if focus.is_none() || focus == crate::ui::view3d::focused_view(ctx) {
        down
    } else {
        [
            false, false, false, false, down[4], down[5], down[6], down[7],
        ]
    };
    // Metres (or radians) per second while a key is held.
    let (v, w) = (0.8 * dt, 1.2 * dt);
    let c = &mut app.view.cameras[0];
    if down[0] {
        c.move_along(v, 0.0);
    }
    if down[1] {
        c.move_along(-v, 0.0);
    }
    if down[2] {
        c.move_along(0.0, -v);
    }
    if down[3] {
        c.move_along(0.0, v);
    }
    if down[4] {
        c.raise(-w);
    }
    if down[5] {
        c.raise(w);
    }
    if down[6] {
        c.rotate(-w);
    }
    if down[7] {
        c.rotate(w);
    }
    if down.iter().any(|&d| d) {
        app.view.follow = false;
        ctx.request_repaint();
    }
    // Space runs or pauses unless a control has the keyboard (there it presses the control).
    let focused = ctx.memory(|m| m.focused().is_some());
    if pressed && !focused {
        if app.is_running() {
            app.pause();
        } else {
            app.run();
        }
    }
}

/// Files dropped on the window go to the host, which reads them as its platform allows
/// (paths on the desktop, bytes later in a tab); the app takes them in as they arrive.
fn dropped_files(app: &mut LuApp, ctx: &egui::Context) {
    let files = ctx.input(|i| i.raw.dropped_files.clone());
    app.host.frame(files, ctx);
    // What is there already (a desktop's paths) is opened in this frame.
    app.take_arrivals();
}

impl eframe::App for LuApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        match self.view.gpu_in_frames {
            0 => {}
            1 => {
                // The first frame is out: the next one builds the 3D view's pipelines.
                self.view.gpu_in_frames = 2;
                ctx.request_repaint();
            }
            _ => {
                self.view.gpu_in_frames = 0;
                if let Some(rs) = frame.wgpu_render_state() {
                    build_scene_renderer(rs);
                }
            }
        }
        self.poll();
        keys(self, &ctx);
        dropped_files(self, &ctx);
        let actions = crate::ui::show(self, ui);
        if !actions.is_empty() {
            // Show what they did at once (they are applied after this frame was drawn).
            ctx.request_repaint();
        }
        for action in actions {
            match action {
                Action::Screenshot => self.request_user_screenshot(&ctx),
                a => self.apply(a),
            }
        }
        look_and_zoom(self, &ctx);
        self.drive_screenshot(&ctx);
        self.save_user_screenshot();
        // The runner wakes the window with each snapshot (running, replaying, or answering
        // a command); these wait for other things.
        let busy = self.waiting();
        if busy {
            ctx.request_repaint();
        }
        // A runner driven by this frame loop (the browser) runs only while frames come.
        if let Some(due) = self.runner.due_in() {
            ctx.request_repaint_after(due);
        }
    }

    fn on_exit(&mut self) {
        self.runner.send(Command::Quit);
    }
}

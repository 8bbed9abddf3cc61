//! The app's panels: menu bar and toolbar (every control with a tooltip), readouts and
//! plots, the program trace strip, the replay timeline, the 3D views and the dialogs. They
//! read the app ([`LuApp`]), change only its view and dialog state, and return everything
//! else as [`Action`]s, which the shell (`shell.rs`, the `eframe::App`) hands to
//! [`LuApp::apply`].

pub mod aria;
pub mod brick;
pub mod challenge;
pub mod editor;
pub mod files;
pub mod grade;
pub mod help;
pub mod keys;
pub mod look;
pub mod rcx;
pub mod readouts;
mod shell;
mod status;
pub mod theme;
pub mod toolbar;
pub mod trace;
pub mod view3d;

use crate::app::{Action, Arrange, ChallengeMsg, Level, LuApp, Pending, SaveKind};
use egui::{Color32, RichText};

/// Toolbar labels: keys of assets/i18n/*.ftl (show them with `tr!`; tests click `tr!(lang, RUN)`).
pub const RUN: &str = "main-run";
pub const PAUSE: &str = "main-pause";
pub const STEP_TICK: &str = "main-step-1-ms";
pub const STEP_INSTR: &str = "main-step-instruction";
pub const STEP_ICON: &str = "main-step-icon";
pub const SLOWER: &str = "main-slower";
pub const FASTER: &str = "main-faster";
pub const STOP: &str = "main-stop";
pub const REPLAY: &str = "main-replay";
pub const RESUME_HERE: &str = "main-resume-from-here";
pub const LIVE: &str = "main-live";
pub const TURN_LEFT: &str = "main-turn-left-15";
pub const TURN_RIGHT: &str = "main-turn-right-15";
pub const OK: &str = "main-ok";
pub const CANCEL: &str = "main-cancel";
pub const SAVE_RECORDING: &str = "main-save-recording";
pub const EXPORT_CSV: &str = "main-export-trace-as-csv";
pub const SAVE_SCREENSHOT: &str = "main-save-a-screenshot";
pub const SAVE: &str = "main-save";
pub const REPLACE: &str = "main-replace";
pub const TILE: &str = "main-tile-windows";
pub const CASCADE: &str = "main-cascade-windows";
pub const READOUTS: &str = "main-readouts";
pub const PROGRAM_TRACE: &str = "main-program-trace";
pub const PLOTS: &str = "main-plots";
pub const RESIZE_PANE: &str = "main-resize-pane";

/// Friendly colours: the RCX yellow for highlights, calm blue-grey for panels. Each word
/// written in them reads at 4.5:1 or more on every panel and button it is drawn on
/// (`theme::pairs`, checked by a test), so none is lighter than these.
pub const YELLOW: Color32 = Color32::from_rgb(255, 204, 0);
pub const GREEN: Color32 = Color32::from_rgb(10, 110, 35);
pub const RED: Color32 = Color32::from_rgb(185, 25, 15);
pub const BLUE: Color32 = Color32::from_rgb(25, 90, 190);
/// Words that matter less (paused, stopped, float, no sensor): grey, but still 4.5:1.
pub const MUTED: Color32 = Color32::from_gray(92);
/// Warnings.
pub const WARN: Color32 = Color32::from_rgb(145, 75, 0);
/// The dark edge round the lit icon's yellow frame (yellow alone is 1.4:1 on the panel).
pub const LIT_OUTLINE: Color32 = Color32::from_rgb(125, 90, 0);

/// `add` in a part of the window named `name` for screen readers (a landmark: the
/// toolbar, the readouts, the program trace…), with `role`.
pub fn region<R>(
    ui: &mut egui::Ui,
    role: egui::accesskit::Role,
    name: &str,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    ui.scope_builder(
        egui::UiBuilder::new()
            .accessibility_role(role)
            .accessibility_label(name),
        add,
    )
    .inner
}

/// Names the handle of the resizable panel `salt` (shown in `ui`) after its pane, in the
/// app's language: egui names every panel's handle "Resize panel", in English, so a screen
/// reader could not tell the readouts' from the program trace's.
pub fn name_resize_handle(ui: &egui::Ui, salt: &str, lang: crate::i18n::Lang, pane: &str) {
    // egui's own id for a panel's handle: the panel's (its parent's scope and its salt),
    // then "__resize".
    let id = ui.scope_id().with(salt).with("__resize");
    ui.ctx().accesskit_node_builder(id, |n| {
        n.set_label(crate::tr!(lang, RESIZE_PANE, pane = pane));
    });
}

/// Gives a painted thing that takes the keyboard (a plot, the 3D view) a role and a name
/// for screen readers, as a widget has.
pub fn name_it(ui: &egui::Ui, r: &egui::Response, role: egui::accesskit::Role, name: &str) {
    ui.ctx().accesskit_node_builder(r.id, |n| {
        n.set_role(role);
        n.set_label(name.to_string());
    });
}

/// The keyboard's focus ring round a painted control (egui draws none round an `interact`
/// area): the selection outline's colour, 3:1 on the panel (`theme::pairs`).
pub fn focus_ring(ui: &egui::Ui, r: &egui::Response, rect: egui::Rect, margin: f32) {
    if r.has_focus() {
        let stroke = egui::Stroke::new(2.5, ui.visuals().selection.stroke.color);
        ui.painter().rect_stroke(
            rect.expand(margin),
            6.0 + margin,
            stroke,
            egui::StrokeKind::Outside,
        );
    }
}

/// A selected toggle is not told by its colour alone: a dark outline marks it (3:1 on the
/// panel; `theme::pairs`).
pub fn mark_selected(ui: &egui::Ui, r: &egui::Response, on: bool) {
    if on {
        let stroke = egui::Stroke::new(2.0, ui.visuals().selection.stroke.color);
        ui.painter()
            .rect_stroke(r.rect, 5.0, stroke, egui::StrokeKind::Inside);
    }
}

/// `ui.toggle_value` with its "on" marked by more than colour.
pub fn toggle(
    ui: &mut egui::Ui,
    on: &mut bool,
    text: impl Into<egui::WidgetText>,
) -> egui::Response {
    let r = ui.toggle_value(on, text);
    mark_selected(ui, &r, *on);
    r
}

/// `ui.selectable_label` with its "chosen" marked by more than colour.
pub fn selectable(
    ui: &mut egui::Ui,
    on: bool,
    text: impl Into<egui::WidgetText>,
) -> egui::Response {
    let r = ui.selectable_label(on, text);
    mark_selected(ui, &r, on);
    r
}

/// A light theme with larger text: legible on a classroom projector.
pub fn style(ctx: &egui::Context) {
    ctx.set_theme(egui::Theme::Light);
    ctx.all_styles_mut(|s| {
        use egui::{FontFamily, FontId, TextStyle};
        s.text_styles = [
            (
                TextStyle::Small,
                FontId::new(12.0, FontFamily::Proportional),
            ),
            (TextStyle::Body, FontId::new(15.0, FontFamily::Proportional)),
            (
                TextStyle::Button,
                FontId::new(15.0, FontFamily::Proportional),
            ),
            (
                TextStyle::Heading,
                FontId::new(19.0, FontFamily::Proportional),
            ),
            (
                TextStyle::Monospace,
                FontId::new(13.5, FontFamily::Monospace),
            ),
        ]
        .into();
        s.spacing.button_padding = egui::vec2(8.0, 4.0);
        s.spacing.item_spacing = egui::vec2(7.0, 5.0);
        s.interaction.tooltip_delay = 0.25;
    });
}

/// A window too small for the docked layout's every part: narrower than 700 points or
/// lower than 450 (a 1024 × 600 netbook at 150 % zoom or more). The toolbar's second row
/// folds into its "More" menu, the docked plots fold away (Window > Cascade floats them)
/// and the side panes get narrower.
pub fn tiny(ctx: &egui::Context) -> bool {
    let r = ctx.content_rect();
    r.width() < 700.0 || r.height() < 450.0
}

/// Draws the whole window.
/// Draws the window and returns what the user asked for (the app applies it).
pub fn show(app: &mut LuApp, ui: &mut egui::Ui) -> Vec<Action> {
    // Screen readers speak the window in its language (`lang` of the tab's mirror).
    ui.ctx()
        .accesskit_node_builder(egui::accesskit_root_id(), |n| {
            n.set_language(app.view.lang.code())
        });
    // The focus left the control last scrolled to: scroll to it again when it comes back.
    let key = egui::Id::unique(FOCUS_FOLLOWED);
    if ui.data(|d| d.get_temp::<egui::Id>(key)) != ui.ctx().memory(|m| m.focused()) {
        ui.data_mut(|d| d.remove::<egui::Id>(key));
    }
    let mut acts = Vec::new();
    draw(app, &mut acts, ui);
    name_title_bars(ui.ctx());
    acts
}

/// Where `follow_focus` keeps the control it last scrolled to (egui's temp data).
const FOCUS_FOLLOWED: &str = "focus followed";

/// egui does not scroll to a control the keyboard focuses: call at the end of a scroll
/// area's content, and when the focus has moved onto a control drawn in it, the area
/// scrolls to show it (once per move, so the wheel is not fought).
pub fn follow_focus(ui: &mut egui::Ui) {
    let Some(f) = ui.ctx().memory(|m| m.focused()) else {
        return;
    };
    let key = egui::Id::unique(FOCUS_FOLLOWED);
    if ui.data(|d| d.get_temp::<egui::Id>(key)) == Some(f) {
        return;
    }
    let Some(r) = ui.ctx().read_response(f) else {
        return;
    };
    if r.layer_id == ui.layer_id() && ui.min_rect().contains_rect(r.rect) {
        ui.scroll_to_rect(r.rect, None);
        ui.data_mut(|d| d.insert_temp(key, f));
    }
}

/// egui's title bar of a window (its click area: double-click collapses, drag moves) takes
/// the keyboard with no role and no name, so Tab into a window stopped on a nameless node.
/// Each one shown this pass is named after its window, as a title bar.
fn name_title_bars(ctx: &egui::Context) {
    use egui::accesskit::Role;
    let layers: Vec<egui::LayerId> = ctx.memory(|m| m.layer_ids().collect());
    for layer in layers {
        // egui's ids: the window's node is its area's `move` widget, the bar `__title_click`.
        let bar = layer.id.with("__title_click");
        if !ctx.has_accesskit_node(bar) {
            continue;
        }
        let window = layer.id.with("move");
        if !ctx.has_accesskit_node(window) {
            continue;
        }
        let title = ctx
            .accesskit_node_builder(window, |n| {
                (n.role() == Role::Window)
                    .then(|| n.label().map(str::to_owned))
                    .flatten()
            })
            .flatten();
        if let Some(title) = title {
            ctx.accesskit_node_builder(bar, |n| {
                n.set_role(Role::TitleBar);
                n.set_label(title);
            });
        }
    }
}

fn draw(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    use egui::accesskit::Role;
    let lang = app.view.lang;
    brick::speaker(app, acts, ui.ctx());
    egui::Panel::top("menu").show(ui, |ui| {
        region(
            ui,
            Role::MenuBar,
            &crate::tr!(lang, "main-menu-bar"),
            |ui| toolbar::menu_bar(app, acts, ui),
        )
    });
    egui::Panel::top("toolbar").show(ui, |ui| {
        region(ui, Role::Toolbar, &crate::tr!(lang, "main-toolbar"), |ui| {
            toolbar::toolbar(app, acts, ui)
        })
    });
    egui::Panel::bottom("status")
        .resizable(false)
        .show(ui, |ui| {
            region(ui, Role::Status, &crate::tr!(lang, "main-status"), |ui| {
                status_bar(app, acts, ui)
            })
        });
    // The editor docks beside the 3D view in a wide window (the trace gives it its place).
    app.view.editor_docked = editor::docks(app, ui.ctx());
    editor::dock(app, acts, ui);
    match app.view.arrange {
        Arrange::Tile => tiled(app, acts, ui),
        Arrange::Cascade => cascaded(app, acts, ui),
    }
    dialogs(app, acts, ui.ctx());
}

/// The panes docked around the 3D view.
fn tiled(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    egui::Panel::bottom("timeline")
        .resizable(false)
        .show(ui, |ui| {
            ui.add_space(3.0);
            readouts::timeline(app, acts, ui);
            if app.view.panes.plots && !tiny(ui.ctx()) {
                ui.add_space(2.0);
                region(
                    ui,
                    egui::accesskit::Role::Region,
                    &crate::tr!(lang, PLOTS),
                    |ui| readouts::plots(app, ui),
                );
            }
        });
    // Narrower side panes on a small screen (a 1024-point netbook), so the 3D view keeps
    // about half the width; in a tiny window one pane on the right with the readouts and
    // the program trace as two tabs.
    let small = ui.ctx().content_rect().width() < 1200.0;
    let (readouts, trace) = (
        app.view.panes.readouts,
        app.view.panes.trace && !app.view.editor_docked,
    );
    let tabbed = tiny(ui.ctx()) && readouts && trace;
    let tab = egui::Id::unique("tiny window's pane shows the trace");
    let show_trace = ui.data(|d| d.get_temp::<bool>(tab)).unwrap_or(false);
    if readouts && !tabbed {
        egui::Panel::left("readouts")
            .resizable(true)
            .default_size(if small { 225.0 } else { 250.0 })
            .min_size(200.0)
            .show(ui, |ui| readouts_pane(app, acts, ui));
        name_resize_handle(ui, "readouts", lang, &crate::tr!(lang, READOUTS));
    }
    if trace || tabbed {
        egui::Panel::right("trace")
            .resizable(true)
            .default_size(if tabbed {
                230.0
            } else if small {
                250.0
            } else {
                330.0
            })
            .min_size(if tabbed { 200.0 } else { 220.0 })
            .show(ui, |ui| {
                if tabbed {
                    ui.horizontal(|ui| {
                        if selectable(ui, !show_trace, crate::tr!(lang, READOUTS)).clicked() {
                            ui.data_mut(|d| d.insert_temp(tab, false));
                        }
                        if selectable(ui, show_trace, crate::tr!(lang, PROGRAM_TRACE)).clicked() {
                            ui.data_mut(|d| d.insert_temp(tab, true));
                        }
                    });
                    ui.separator();
                    if !show_trace {
                        readouts_pane(app, acts, ui);
                        return;
                    }
                }
                region(
                    ui,
                    egui::accesskit::Role::Region,
                    &crate::tr!(lang, PROGRAM_TRACE),
                    |ui| {
                        challenge::section(app, acts, ui, 0.55);
                        trace::trace_panel(app, ui);
                    },
                )
            });
        let shown = if tabbed && !show_trace {
            READOUTS
        } else {
            PROGRAM_TRACE
        };
        name_resize_handle(ui, "trace", lang, &crate::tr!(lang, shown));
    }
    egui::CentralPanel::no_frame().show(ui, |ui| view3d::views(app, acts, ui));
}

/// The readouts, a region named for screen readers.
fn readouts_pane(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    region(
        ui,
        egui::accesskit::Role::Region,
        &crate::tr!(lang, READOUTS),
        |ui| readouts::readouts(app, acts, ui),
    );
}

/// Step between cascaded panes (points).
const CASCADE_STEP: f32 = 32.0;

/// The 3D view fills the window; the open panes float over it as windows, each a step
/// below and right of the one before. Every "Cascade" gives them fresh ids so they return
/// to those spots and sizes even after being dragged.
fn cascaded(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    egui::Panel::bottom("timeline")
        .resizable(false)
        .show(ui, |ui| {
            ui.add_space(3.0);
            readouts::timeline(app, acts, ui);
        });
    let area = egui::CentralPanel::no_frame()
        .show(ui, |ui| view3d::views(app, acts, ui))
        .response
        .rect;
    let ctx = ui.ctx().clone();
    let origin = area.min + egui::vec2(12.0, 12.0);
    let generation = app.view.cascade_generation;
    let mut slot = 0.0;
    let mut next_pos = || {
        let p = origin + egui::vec2(CASCADE_STEP * slot, CASCADE_STEP * slot);
        slot += 1.0;
        p
    };
    let max_h = (area.height() - 24.0).max(200.0);
    if app.view.panes.readouts {
        let mut open = true;
        egui::Window::new(crate::tr!(lang, READOUTS))
            .id(egui::Id::unique(("pane readouts", generation)))
            .open(&mut open)
            .default_pos(next_pos())
            .default_size([260.0, max_h.min(480.0)])
            .resizable(true)
            .show(&ctx, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| readouts::readouts(app, acts, ui));
            });
        app.view.panes.readouts = open;
    }
    if app.view.panes.trace {
        let mut open = true;
        egui::Window::new(crate::tr!(lang, PROGRAM_TRACE))
            .id(egui::Id::unique(("pane trace", generation)))
            .open(&mut open)
            .default_pos(next_pos())
            .default_size([360.0, max_h.min(420.0)])
            .resizable(true)
            .show(&ctx, |ui| trace::trace_panel(app, ui));
        app.view.panes.trace = open;
    }
    if app.view.panes.plots {
        let mut open = true;
        egui::Window::new(crate::tr!(lang, PLOTS))
            .id(egui::Id::unique(("pane plots", generation)))
            .open(&mut open)
            .default_pos(next_pos())
            .default_size([(area.width() * 0.6).max(360.0), 200.0])
            .resizable(true)
            .show(&ctx, |ui| readouts::plots(app, ui));
        app.view.panes.plots = open;
    }
}

/// The bottom line: link state and the newest message.
fn status_bar(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    ui.horizontal(|ui| {
        status::link_status(app, acts, ui);
        ui.separator();
        match app.messages.last() {
            Some(m) => {
                let (c, icon) = level_style(m.level);
                // One line, cut with "…" where the window ends (a long message in a long
                // language): the whole of it is in the tooltip and under View > Messages.
                let text = format!("{icon} {}", m.text);
                let r = ui.add(egui::Label::new(RichText::new(&text).color(c)).truncate());
                // A new message is said politely by screen readers.
                ui.ctx()
                    .accesskit_node_builder(r.id, |n| n.set_live(egui::accesskit::Live::Polite));
                r.on_hover_text(format!(
                    "{text}\n\n{}",
                    crate::tr!(lang, "main-the-newest-message-all-of")
                ));
            }
            None => {
                ui.label(crate::tr!(lang, "main-ready"))
                    .on_hover_text(crate::tr!(lang, "main-messages-about-files-downloads-and"));
            }
        }
    });
}

/// Title of the window that shows why a program could not be opened.
pub const CANNOT_OPEN: &str = "main-this-program-cannot-be-opened";
/// Its title for an assignment (the Grade window's Start).
pub const CANNOT_USE_ASSIGNMENT: &str = "main-this-assignment-cannot-be-used";

/// Why a program could not be opened: the message and the faulty line among its
/// neighbours, marked, with a caret under the column.
fn error_window(app: &mut LuApp, ctx: &egui::Context) {
    let lang = app.view.lang;
    let Some(view) = app.dialogs.error_view.clone() else {
        return;
    };
    let mut open = true;
    let title = match view.what {
        "assignment" => crate::tr!(lang, CANNOT_USE_ASSIGNMENT),
        "challenge" => crate::tr!(lang, challenge::CANNOT_OPEN_CHALLENGE),
        _ => crate::tr!(lang, CANNOT_OPEN),
    };
    egui::Window::new(title)
        .open(&mut open)
        .default_width(560.0)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.label(RichText::new(&view.message).color(RED));
            if let Some((line, _)) = view.at {
                ui.add_space(4.0);
                ui.label(crate::tr!(
                    lang,
                    "main-line-of",
                    line = line.to_string(),
                    file = view.file.to_string()
                ));
                egui::Frame::new()
                    .fill(Color32::from_gray(245))
                    .inner_margin(6.0)
                    .show(ui, |ui| {
                        for (n, text) in &view.lines {
                            let t = RichText::new(format!("{n:>4} | {text}")).monospace();
                            if *n == line {
                                ui.label(
                                    t.color(RED)
                                        .strong()
                                        .background_color(Color32::from_rgb(255, 230, 225)),
                                );
                                ui.label(
                                    RichText::new(format!("     | {}^", " ".repeat(view.caret)))
                                        .monospace()
                                        .color(RED),
                                );
                            } else {
                                ui.label(t.color(Color32::from_gray(90)));
                            }
                        }
                    });
                if view.what == "assignment" || view.what == "challenge" {
                    ui.label(crate::tr!(lang, "main-correct-the-red-line-of"));
                } else {
                    ui.label(crate::tr!(lang, "main-check-the-spelling-of-the"));
                }
            }
            if ui.button(crate::tr!(lang, "main-ok")).clicked() {
                app.dialogs.error_view = None;
            }
        });
    if !open {
        app.dialogs.error_view = None;
    }
}

pub fn level_style(l: Level) -> (Color32, &'static str) {
    match l {
        Level::Info => (Color32::from_rgb(40, 60, 90), "ℹ"),
        Level::Warning => (WARN, "⚠"),
        Level::Error => (RED, "⛔"),
    }
}

/// The OK / Cancel question while a program runs: what would change, and what happens.
fn confirm_pending(app: &LuApp, p: &Pending, acts: &mut Vec<Action>, ctx: &egui::Context) {
    let lang = app.view.lang;
    let what = match p {
        Pending::Robot(r) => crate::tr!(lang, "main-change-the-robot-to", r = r.to_string()),
        Pending::Env(e) => crate::tr!(lang, "main-change-the-environment-to", e = e.to_string()),
        Pending::Realism(r) => crate::tr!(
            lang,
            "main-change-the-realism-to",
            realism_name = toolbar::realism_name(lang, *r).to_string()
        ),
        Pending::Scene(path) => crate::tr!(
            lang,
            "main-open-the-scene",
            file_name = path
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_default()
                .to_string()
        ),
        Pending::Challenge(msg) => crate::tr!(
            lang,
            "main-open-the-challenge",
            name = match msg {
                ChallengeMsg::OpenFile(p) => p
                    .file_name()
                    .map(|f| f.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                ChallengeMsg::OpenText { name, .. } => name.clone(),
                ChallengeMsg::OpenBuiltin(k) => crate::app::challenge::BUILTIN
                    .get(*k)
                    .map(|b| format!("\"{}\"", b.title_in(lang)))
                    .unwrap_or_default(),
                _ => String::new(),
            }
        ),
        Pending::GradedRun(k) => crate::tr!(
            lang,
            "main-open-the-graded-run",
            gradingas_ref = app
                .grade
                .batch
                .as_ref()
                .and_then(|b| b.plan.runs.get(*k).map(|r| b.plan.id(r)))
                .unwrap_or_default()
                .to_string()
        ),
        Pending::Example(i) => crate::tr!(
            lang,
            "main-load-the-example",
            examplesget = crate::app::examples::EXAMPLES
                .get(*i)
                .map(|e| e.shown_title(lang,))
                .unwrap_or_else(|| "?".into())
        ),
    };
    let what_happens = match p {
        Pending::Example(_) => crate::tr!(lang, "main-a-program-is-running-it"),
        Pending::Scene(_) => crate::tr!(lang, "main-a-program-is-running-every"),
        Pending::GradedRun(_) => crate::tr!(lang, "main-a-program-is-running-every-2"),
        Pending::Challenge(..) => crate::tr!(lang, "main-a-program-is-running-challenge"),
        _ => crate::tr!(lang, "main-a-program-is-running-it-2"),
    };
    let mut answer = None;
    egui::Modal::new(egui::Id::unique("confirm")).show(ctx, |ui| {
        ui.set_width(340.0);
        ui.heading(what);
        ui.label(what_happens);
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui
                .button(RichText::new(crate::tr!(lang, OK)).strong())
                .on_hover_text(crate::tr!(lang, "main-yes-change-it-now"))
                .clicked()
            {
                answer = Some(true);
            }
            if ui
                .button(crate::tr!(lang, CANCEL))
                .on_hover_text(crate::tr!(lang, "main-no-keep-the-program-running"))
                .clicked()
            {
                answer = Some(false);
            }
        });
    });
    if let Some(ok) = answer {
        acts.push(Action::AnswerPending(ok));
    }
}

fn dialogs(app: &mut LuApp, acts: &mut Vec<Action>, ctx: &egui::Context) {
    let lang = app.view.lang;
    if let Some(p) = app.dialogs.pending.clone() {
        confirm_pending(app, &p, acts, ctx);
    }
    challenge::window(app, acts, ctx);
    if app.grade.open {
        grade::grade_window(app, acts, ctx);
    }
    if app.rcx.open {
        rcx::window(app, acts, ctx);
    }
    // A brick job reports while its window is closed too.
    if app.rcx.working() {
        ctx.request_repaint_after(std::time::Duration::from_millis(50));
    }
    // A batch being graded reports ten times a second, its window open or not.
    if app.grade.busy() {
        ctx.request_repaint_after(std::time::Duration::from_millis(100));
    }
    if app.dialogs.show_file_browser {
        files::browser(app, acts, ctx);
    }
    if app.dialogs.show_help {
        help::help_window(app, ctx);
    }
    if app.dialogs.error_view.is_some() {
        error_window(app, ctx);
    }
    if app.dialogs.show_about {
        help::about_window(app, ctx);
    }
    if app.dialogs.save_as.is_some() {
        files::save_as(app, acts, ctx);
    }
    editor::editor(app, acts, ctx);
    if app.dialogs.show_messages {
        let mut open = true;
        egui::Window::new(crate::tr!(lang, "main-messages"))
            .open(&mut open)
            .default_width(520.0)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(320.0)
                    .show(ui, |ui| {
                        for m in app.messages.iter().rev() {
                            let (c, icon) = level_style(m.level);
                            ui.label(RichText::new(format!("{icon} {}", m.text)).color(c));
                        }
                    });
                if ui
                    .button(crate::tr!(lang, "main-clear"))
                    .on_hover_text(crate::tr!(lang, "main-forget-all-messages"))
                    .clicked()
                {
                    app.messages.clear();
                }
            });
        app.dialogs.show_messages = open;
    }
}

#[cfg(test)]
mod tests {
    /// Characters inside string literals of the UI's sources (comment lines skipped).
    fn literal_chars(src: &str) -> std::collections::BTreeSet<char> {
        let mut out = std::collections::BTreeSet::new();
        for line in src.lines() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            let mut inside = false;
            let mut prev = ' ';
            for c in line.chars() {
                if c == '"' && prev != '\\' {
                    inside = !inside;
                } else if inside && !c.is_ascii() {
                    out.insert(c);
                }
                prev = c;
            }
        }
        out
    }

    /// Every symbol the UI writes is in egui's bundled fonts (a missing one is drawn as a
    /// box, which no pupil can read).
    #[test]
    fn every_symbol_in_the_ui_has_a_glyph() {
        let sources = [
            include_str!("mod.rs"),
            include_str!("toolbar.rs"),
            include_str!("readouts.rs"),
            include_str!("trace.rs"),
            include_str!("view3d.rs"),
            include_str!("challenge.rs"),
            include_str!("../app/challenge/mod.rs"),
            include_str!("files.rs"),
            include_str!("grade.rs"),
            include_str!("../app/grade.rs"),
            include_str!("help.rs"),
            include_str!("status.rs"),
            include_str!("editor/mod.rs"),
            include_str!("editor/side.rs"),
            include_str!("../app/editor/mod.rs"),
            include_str!("../app/editor/parts.rs"),
            include_str!("../app/mod.rs"),
            include_str!("../app/examples.rs"),
            include_str!("../render/camera.rs"),
        ];
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(Default::default(), |_| {});
        out.textures_delta.clear();
        let font = egui::FontId::proportional(14.0);
        let missing: Vec<char> = sources
            .iter()
            .flat_map(|s| literal_chars(s))
            .filter(|&c| !ctx.fonts_mut(|f| f.has_glyph(&font, c)))
            .collect();
        assert!(missing.is_empty(), "no glyph for {missing:?}");
        // The arrow keys' symbols Help shows for the editor's keys (once drawn as boxes).
        use egui::Key;
        let arrows: String = [
            Key::ArrowLeft,
            Key::ArrowUp,
            Key::ArrowRight,
            Key::ArrowDown,
        ]
        .iter()
        .map(|k| k.symbol_or_name())
        .collect();
        let missing: Vec<char> = (arrows.chars())
            .filter(|&c| !ctx.fonts_mut(|f| f.has_glyph(&font, c)))
            .collect();
        assert!(
            missing.is_empty(),
            "no glyph for the arrow keys' {missing:?}"
        );
    }
}

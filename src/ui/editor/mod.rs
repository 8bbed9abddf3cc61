//! The program editor window: a palette of ROBOLAB's icons grouped as ROBOLAB groups its
//! functions, one strip of icons per task and subroutine (drag an icon in, move it, delete
//! it; click it to set its modifiers), the LASM each icon compiles to beside them with the
//! running line lit, and Download / Save / New / Undo / Redo. It draws `app.editor` (the
//! state and its views live in `crate::app::editor`) and returns `Action::Editor`s.

mod save;
pub use save::CANCEL_SAVE;
mod side;

use super::*;
use crate::app::editor::{
    palette as palette_groups, Field, IconView, Payload, Saving, StripView, Style, Template,
};
use crate::app::{Action, EditorAction, LuApp};
use crate::i18n::Lang;
use crate::tr;
use crate::trace::edit::Pos;
use egui::{pos2, vec2, Rect, Sense, Stroke};
use side::{lasm_view, modifiers, new_menu, quit_question, restore_offer};

/// The editor window's title.
pub const EDITOR: &str = "editor-program-editor";
/// The toolbar button that opens it.
pub const EDIT_PROGRAM: &str = "editor-edit-program";
pub const DOWNLOAD: &str = "editor-download";
/// Run and Stop inside the editor (the toolbar's may be under the window).
pub const RUN_PROGRAM: &str = "editor-run-program";
pub const STOP_PROGRAM: &str = "editor-stop-program";
pub const UNDO: &str = "editor-undo";
pub const REDO: &str = "editor-redo";
pub const NEW: &str = "editor-new";
pub const SAVE_PROGRAM: &str = "editor-save-program";
pub const EDIT_LOADED: &str = "editor-edit-the-robot-s-program";
pub const DELETE_ICON: &str = "editor-delete-icon";
pub const ADD_TASK: &str = "editor-task";
pub const ADD_SUB: &str = "editor-subroutine";
pub const RESTORE: &str = "editor-restore-it";
pub const REPLACE_FILE: &str = "editor-replace-the-file";
pub const KEEP_FILE: &str = "editor-keep-the-file";
pub const DISCARD: &str = "editor-discard-it";
pub const QUIT_WITHOUT_SAVING: &str = "editor-close-without-saving";
pub const KEEP_EDITING: &str = "editor-keep-editing";
/// The docked editor's Close button.
pub const CLOSE_EDITOR: &str = "editor-close-editor";

/// From this width (points) the editor docks beside the 3D view instead of floating over
/// it: 1280 × 800 keeps the readouts, a 3D view about 390 points wide, and the editor.
const DOCK_FROM: f32 = 1200.0;

/// Whether the editor docks this frame (open, in a window wide enough).
pub fn docks(app: &LuApp, ctx: &egui::Context) -> bool {
    app.editor.open && ctx.content_rect().width() >= DOCK_FROM
}

/// The editor docked at the right of the main window, a region named as its window would
/// be, with its own Close; the 3D view keeps the rest (call before the central panel).
pub fn dock(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    if !app.view.editor_docked {
        return;
    }
    let screen = ui.ctx().content_rect().width();
    let beside = if app.view.panes.readouts { 250.0 } else { 0.0 };
    let room = screen - beside;
    egui::Panel::right("editor dock")
        .resizable(true)
        .default_size((room * 0.6).clamp(640.0, 1000.0))
        .min_size(640.0)
        .max_size((room - 300.0).max(640.0))
        .show(ui, |ui| {
            super::region(
                ui,
                egui::accesskit::Role::Region,
                &tr!(lang, EDITOR),
                |ui| {
                    ui.horizontal(|ui| {
                        ui.heading(tr!(lang, EDITOR));
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            if ui.button(tr!(lang, CLOSE_EDITOR)).clicked() {
                                acts.push(Action::Editor(EditorAction::Close));
                            }
                        });
                    });
                    // What the hidden trace pane said: the robot's program, what runs now.
                    if app.view.arrange == crate::app::Arrange::Tile || !app.view.panes.trace {
                        super::trace::program_lines(app, ui);
                    }
                    // The challenge open (as a window it would cover the 3D view).
                    super::challenge::section(app, acts, ui, 0.3);
                    window_body(app, acts, ui);
                },
            );
        });
    super::name_resize_handle(ui, "editor dock", lang, &tr!(lang, EDITOR));
}

/// Icon size in the strips and the palette, points.
const ICON: f32 = 48.0;
const PALETTE_ICON: f32 = 40.0;
/// One icon's cell in a strip: room for its caption and a wire.
const CELL_W: f32 = 74.0;
/// The band above each row where jump and loop wires run.
const LANE: f32 = 14.0;
const CELL_H: f32 = LANE + ICON + 36.0;

/// Everything of the editor that is drawn over the main window: the window itself, the
/// offer to restore an autosave, and the question before closing with unsaved changes.
pub fn editor(app: &mut LuApp, acts: &mut Vec<Action>, ctx: &egui::Context) {
    let lang = app.view.lang;
    restore_offer(app, acts, ctx);
    quit_question(app, acts, ctx);
    if !app.editor.open {
        app.editor.save_open = false;
        return;
    }
    // Docked beside the 3D view (`dock`), or in a narrow window floating: below the
    // toolbar (its Run stays reachable), as large as the window allows.
    if !app.view.editor_docked {
        let mut open = true;
        let screen = ctx.content_rect();
        let size = egui::vec2(
            (screen.width() - 40.0).clamp(640.0, 1100.0),
            (screen.height() - 160.0).clamp(360.0, 640.0),
        );
        egui::Window::new(tr!(lang, EDITOR))
            .open(&mut open)
            .default_pos(screen.left_top() + egui::vec2(20.0, 120.0))
            .default_size(size)
            // No larger than the screen (a small one at 200 %).
            .min_size([
                640.0_f32.min(screen.width() - 8.0),
                360.0_f32.min(screen.height() - 8.0),
            ])
            .resizable(true)
            .collapsible(false)
            .show(ctx, |ui| window_body(app, acts, ui));
        if !open {
            acts.push(Action::Editor(EditorAction::Close));
        }
    }
    // After the editor's window, so Save program clicked in it shows this in the same frame.
    save::window(app, acts, ctx);
    dragged_icon(app, ctx);
    keys(app, acts, ctx);
}

/// The icon being dragged, drawn under the pointer.
fn dragged_icon(app: &mut LuApp, ctx: &egui::Context) {
    let Some(payload) = egui::DragAndDrop::payload::<Payload>(ctx) else {
        return;
    };
    let kind = match *payload {
        Payload::New(k) => Some(k),
        Payload::Move(at) => app.editor.doc.icon(at).map(|i| i.kind),
    };
    let (Some(kind), Some(p)) = (kind, ctx.pointer_hover_pos()) else {
        return;
    };
    if let Some(tex) = super::trace::icon_texture(app, ctx, kind.vi()) {
        let painter = ctx.layer_painter(egui::LayerId::new(
            egui::Order::Tooltip,
            egui::Id::unique("editor dragged icon"),
        ));
        let r = Rect::from_center_size(p + vec2(14.0, 14.0), vec2(ICON, ICON));
        painter.image(
            tex,
            r,
            Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)),
            Color32::from_white_alpha(210),
        );
    }
}

/// The editor's keys while its window is open: Ctrl+Z undoes, Ctrl+Y (or Ctrl+Shift+Z)
/// redoes; Delete removes the selected icon. Text boxes keep their own.
fn keys(app: &LuApp, acts: &mut Vec<Action>, ctx: &egui::Context) {
    if ctx.egui_wants_keyboard_input() {
        return;
    }
    let undo = egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Z);
    let redo = egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Y);
    let redo2 = egui::KeyboardShortcut::new(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    let (r2, r, u, del) = ctx.input_mut(|i| {
        (
            i.consume_shortcut(&redo2),
            i.consume_shortcut(&redo),
            i.consume_shortcut(&undo),
            i.key_pressed(egui::Key::Delete),
        )
    });
    if u {
        acts.push(Action::Editor(EditorAction::Undo));
    }
    if r || r2 {
        acts.push(Action::Editor(EditorAction::Redo));
    }
    // A focused icon handles its own Delete (below); otherwise the selected icon goes.
    let focused = ctx.memory(|m| m.focused().is_some());
    if del && !focused {
        if let Some(at) = app.editor.selected {
            acts.push(Action::Editor(EditorAction::Delete(at)));
        }
    }
}

/// The Help window's list of the editor's keys (what `keys` and the icons' own handling
/// above do, and egui's Tab, arrows, Enter and Space).
pub fn help_keys(lang: Lang, ui: &mut egui::Ui) {
    use egui::{Key, KeyboardShortcut as K, Modifiers as M};
    let f = |k: K| ui.ctx().format_shortcut(&k);
    let rows = [
        (
            format!(
                "{}, Shift+{}, {} {} {} {}",
                Key::Tab.name(),
                Key::Tab.name(),
                Key::ArrowLeft.symbol_or_name(),
                Key::ArrowUp.symbol_or_name(),
                Key::ArrowRight.symbol_or_name(),
                Key::ArrowDown.symbol_or_name()
            ),
            "editor-keys-walk",
        ),
        (
            format!("{}, {}", Key::Enter.name(), Key::Space.name()),
            "editor-keys-insert",
        ),
        (Key::Enter.name().to_string(), "editor-keys-edit"),
        (
            format!(
                "{} / {}",
                f(K::new(M::ALT, Key::ArrowLeft)),
                f(K::new(M::ALT, Key::ArrowRight))
            ),
            "editor-keys-move",
        ),
        (Key::Delete.name().to_string(), "editor-keys-delete"),
        (
            format!(
                "{} / {}",
                f(K::new(M::COMMAND, Key::Z)),
                f(K::new(M::COMMAND, Key::Y))
            ),
            "editor-keys-undo",
        ),
    ];
    egui::Grid::new("help editor keys")
        .num_columns(2)
        .show(ui, |ui| {
            for (keys, what) in rows {
                ui.label(RichText::new(keys).monospace());
                ui.label(tr!(lang, what));
                ui.end_row();
            }
        });
}

fn window_body(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    egui::Panel::top("editor bar").show(ui, |ui| top_bar(app, acts, ui));
    egui::Panel::left("editor palette")
        .resizable(false)
        .exact_size(190.0)
        .show(ui, |ui| palette(app, acts, ui));
    // Docked beside the 3D view the LASM gives the strips room (three icons a row).
    let lasm = if app.view.editor_docked { 190.0 } else { 290.0 };
    egui::Panel::right("editor lasm")
        .resizable(true)
        .default_size(lasm)
        .min_size(180.0)
        .show(ui, |ui| lasm_view(app, ui));
    let lang = app.view.lang;
    super::name_resize_handle(ui, "editor lasm", lang, &tr!(lang, "editor-lasm"));
    // A fixed height, so the strips do not jump when another icon is selected.
    egui::Panel::bottom("editor modifiers")
        .resizable(false)
        .exact_size(96.0)
        .show(ui, |ui| modifiers(app, acts, ui));
    egui::CentralPanel::default().show(ui, |ui| strips(app, acts, ui));
}

/// New, Undo, Redo, Download, Save, the robot's program, and what the editor has to say.
fn top_bar(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    ui.add_space(2.0);
    ui.horizontal_wrapped(|ui| {
        new_menu(lang, acts, ui);
        if ui
            .add_enabled(app.editor.can_undo(), egui::Button::new(tr!(lang, UNDO)))
            .on_hover_text(tr!(lang, "editor-take-back-the-last-change"))
            .clicked()
        {
            acts.push(Action::Editor(EditorAction::Undo));
        }
        if ui
            .add_enabled(app.editor.can_redo(), egui::Button::new(tr!(lang, REDO)))
            .on_hover_text(tr!(lang, "editor-do-again-what-undo-took"))
            .clicked()
        {
            acts.push(Action::Editor(EditorAction::Redo));
        }
        ui.separator();
        let download = egui::Button::new(RichText::new(tr!(lang, DOWNLOAD)).strong().color(GREEN));
        if ui
            .add(download)
            .on_hover_text(tr!(
                lang,
                "editor-send-this-program-to-the",
                editor_target = app.cx().target().to_string()
            ))
            .clicked()
        {
            acts.push(Action::Editor(EditorAction::Download));
        }
        // Stop while the program runs (the clock going and a task not ended); once it has
        // ended, or while paused, Run again.
        if app.is_running() && app.program_active() {
            if ui
                .button(tr!(lang, STOP_PROGRAM))
                .on_hover_text(tr!(lang, "editor-stop-the-robot-and-put"))
                .clicked()
            {
                acts.push(Action::Stop);
            }
        } else if ui
            .add_enabled(
                app.can_run(),
                egui::Button::new(RichText::new(tr!(lang, RUN_PROGRAM)).color(GREEN)),
            )
            .on_hover_text(tr!(lang, "editor-run-the-program-the-robot"))
            .on_disabled_hover_text(tr!(lang, "editor-download-a-program-first"))
            .clicked()
        {
            acts.push(Action::Run);
        }
        if ui
            .button(tr!(lang, SAVE_PROGRAM))
            .on_hover_text(tr!(lang, "editor-save-the-program-as-a"))
            .clicked()
        {
            save::open(app, ui.ctx());
        }
        if ui
            .add_enabled(
                app.program.is_some(),
                egui::Button::new(tr!(lang, EDIT_LOADED)),
            )
            .on_hover_text(tr!(lang, "editor-open-the-program-the-robot"))
            .on_disabled_hover_text(tr!(lang, "editor-the-robot-has-no-program"))
            .clicked()
        {
            acts.push(Action::Editor(EditorAction::EditLoaded));
        }
    });
    // A Save found its file in the way.
    if let Some((_, path)) = &app.editor.replace {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        ui.horizontal(|ui| {
            ui.label(
                RichText::new(tr!(lang, "editor-exists-already", name = name.to_string()))
                    .color(RED),
            );
            if ui
                .button(tr!(lang, REPLACE_FILE))
                .on_hover_text(tr!(lang, "editor-write-over-it"))
                .clicked()
            {
                acts.push(Action::Editor(EditorAction::ConfirmReplace(true)));
            }
            if ui
                .button(tr!(lang, KEEP_FILE))
                .on_hover_text(tr!(lang, "editor-leave-it-choose-another-name"))
                .clicked()
            {
                acts.push(Action::Editor(EditorAction::ConfirmReplace(false)));
            }
        });
    }
    // What the editor has to say: why Download was refused, edits not yet downloaded.
    let hint_done = app.editor.run_hint && app.program_active();
    if let Some(n) = app.editor.notice.as_ref().filter(|_| !hint_done) {
        let (c, icon) = level_style(n.level);
        ui.label(RichText::new(format!("{icon} {}", n.text)).color(c));
    }
    if app.editor.changed_since_download() && app.program_active() {
        ui.label(RichText::new(tr!(lang, "editor-the-robot-still-runs-the")).color(WARN));
    }
    ui.add_space(2.0);
}

/// The palette: ROBOLAB's groups of functions, each icon ready to drag into a strip (a
/// click adds it after the selected icon). An icon of a strip dropped on it is deleted.
fn palette(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    let ctx = ui.ctx().clone();
    let area = egui::ScrollArea::vertical()
        .id_salt("editor palette scroll")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for (g, group) in palette_groups().iter().enumerate() {
                egui::CollapsingHeader::new(
                    RichText::new(crate::i18n::core_text_in(lang, "group", group.title)).strong(),
                )
                .id_salt(("palette group", g))
                .default_open(true)
                .show(ui, |ui| {
                    ui.horizontal_wrapped(|ui| {
                        for &kind in &group.kinds {
                            palette_icon(app, acts, ui, &ctx, kind);
                        }
                    });
                });
            }
            super::follow_focus(ui);
        })
        .inner_rect;
    let resp = ui.interact(area, egui::Id::unique("palette drop"), Sense::hover());
    if let Some(p) = resp.dnd_release_payload::<Payload>() {
        if let Payload::Move(at) = *p {
            acts.push(Action::Editor(EditorAction::Delete(at)));
        }
    }
}

/// One icon of the palette: drag it into a strip, or click it.
fn palette_icon(
    app: &mut LuApp,
    acts: &mut Vec<Action>,
    ui: &mut egui::Ui,
    ctx: &egui::Context,
    kind: crate::trace::edit::Kind,
) {
    let lang = app.view.lang;
    let (rect, _) =
        ui.allocate_exact_size(vec2(PALETTE_ICON + 4.0, PALETTE_ICON + 4.0), Sense::hover());
    let id = egui::Id::unique(("palette", kind));
    let resp = ui.interact(rect, id, Sense::click_and_drag());
    resp.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::Role::Button,
            true,
            crate::i18n::core_text_in(lang, "icon", kind.title()),
        )
    });
    resp.dnd_set_drag_payload(Payload::New(kind));
    if resp.hovered() {
        ui.painter().rect_filled(rect, 4.0, Color32::from_gray(225));
    }
    if let Some(tex) = super::trace::icon_texture(app, ctx, kind.vi()) {
        ui.painter().image(
            tex,
            rect.shrink(2.0),
            Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)),
            Color32::WHITE,
        );
    }
    mark(lang, ui.painter(), rect.shrink(2.0), kind);
    super::focus_ring(ui, &resp, rect, 1.0);
    let more = if kind.companions().is_empty() {
        String::new()
    } else {
        tr!(lang, "editor-it-comes-with-its-partner")
    };
    let tip = tr!(
        lang,
        "editor-drag-it-into-a-strip",
        title = crate::i18n::core_text_in(lang, "icon", kind.title()),
        more = more.to_string()
    );
    if resp.on_hover_text(tip).clicked() {
        acts.push(Action::Editor(EditorAction::Append(kind)));
    }
}

/// The strips, one per task and subroutine, with the insertion point shown while an icon
/// is dragged over one.
fn strips(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    let views = app
        .editor
        .strips(lang, app.live.as_deref(), app.program.as_ref());
    let ctx = ui.ctx().clone();
    egui::ScrollArea::vertical()
        .id_salt("editor strips")
        .show(ui, |ui| {
            for (s, view) in views.iter().enumerate() {
                ui.horizontal(|ui| {
                    ui.label(RichText::new(&view.title).strong())
                        .on_hover_text(&view.help);
                    if let Some(state) = &view.state {
                        ui.label(RichText::new(state).color(GREEN));
                    }
                });
                strip(app, acts, ui, &ctx, s, view);
                ui.add_space(6.0);
            }
            ui.horizontal(|ui| {
                if ui
                    .button(tr!(lang, ADD_TASK))
                    .on_hover_text(tr!(lang, "editor-add-task-tip"))
                    .clicked()
                {
                    acts.push(Action::Editor(EditorAction::AddStrip { sub: false }));
                }
                if ui
                    .button(tr!(lang, ADD_SUB))
                    .on_hover_text(tr!(lang, "editor-add-a-strip-for-a"))
                    .clicked()
                {
                    acts.push(Action::Editor(EditorAction::AddStrip { sub: true }));
                }
            });
            super::follow_focus(ui);
        });
}

/// Where an icon dropped at `p` goes in a strip laid out in `rect` with `per_row` cells a
/// row and `n` icons: before the cell under the pointer, or after it on its right half.
fn insertion(rect: Rect, per_row: usize, n: usize, p: egui::Pos2) -> usize {
    let row = (((p.y - rect.top()) / CELL_H).floor().max(0.0)) as usize;
    let col = (((p.x - rect.left()) / CELL_W).round().max(0.0) as usize).min(per_row);
    (row * per_row + col).min(n)
}

/// The top-left corner of cell `k`.
fn cell_min(rect: Rect, per_row: usize, k: usize) -> egui::Pos2 {
    let (r, c) = (k / per_row, k % per_row);
    rect.min
        + vec2(
            c as f32 * CELL_W + (CELL_W - ICON) / 2.0,
            r as f32 * CELL_H + 4.0,
        )
}

fn strip(
    app: &mut LuApp,
    acts: &mut Vec<Action>,
    ui: &mut egui::Ui,
    ctx: &egui::Context,
    s: usize,
    view: &StripView,
) {
    let lang = app.view.lang;
    let per_row = ((ui.available_width() / CELL_W).floor() as usize).max(1);
    let n = view.icons.len();
    let rows = (n + 1).div_ceil(per_row).max(1);
    let (rect, resp) = ui.allocate_exact_size(
        vec2(ui.available_width(), rows as f32 * CELL_H + 6.0),
        Sense::hover(),
    );
    let strip_name = tr!(lang, "editor-strip", title = view.title.to_string());
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Group, true, &strip_name));
    let painter = ui.painter_at(rect.expand(2.0));
    painter.rect_filled(rect, 6.0, Color32::from_gray(247));
    let cells: Vec<Rect> = (0..n)
        .map(|k| Rect::from_min_size(cell_min(rect, per_row, k), vec2(ICON, ICON)))
        .collect();
    // Wires from each icon to the next.
    let wire = Stroke::new(2.0, Color32::from_rgb(90, 110, 140));
    for w in cells.windows(2) {
        if (w[0].center().y - w[1].center().y).abs() < 1.0 {
            painter.line_segment([w[0].right_center(), w[1].left_center()], wire);
        }
    }
    // Jumps to their land, loop ends back to their head, merges to their fork: through
    // the lane above the icons (and down the strip's left margin between rows).
    let back = Stroke::new(1.5, Color32::from_rgb(200, 120, 40));
    for (k, icon) in view.icons.iter().enumerate() {
        let Some(j) = icon.pair.filter(|&j| j < n) else {
            continue;
        };
        let (a, b) = (cells[k], cells[j]);
        let ya = a.top() - LANE + 2.0 + (k % 3) as f32 * 3.0;
        let yb = b.top() - LANE + 2.0 + (k % 3) as f32 * 3.0;
        let mut pts = vec![a.center_top(), pos2(a.center().x, ya)];
        if (a.top() - b.top()).abs() > 1.0 {
            let x = rect.left() + 3.0 + (k % 3) as f32 * 2.0;
            pts.push(pos2(x, ya));
            pts.push(pos2(x, yb));
        }
        pts.push(pos2(b.center().x, yb));
        pts.push(b.center_top() - vec2(0.0, 1.0));
        painter.add(egui::Shape::line(pts, back));
        let tip = b.center_top();
        painter.add(egui::Shape::convex_polygon(
            vec![tip, tip + vec2(-4.0, -6.0), tip + vec2(4.0, -6.0)],
            back.color,
            Stroke::NONE,
        ));
    }
    if n == 0 {
        painter.text(
            rect.left_center() + vec2(12.0, 0.0),
            egui::Align2::LEFT_CENTER,
            tr!(lang, "editor-drag-icons-from-the-palette"),
            egui::FontId::proportional(14.0),
            MUTED,
        );
    }
    for (k, icon) in view.icons.iter().enumerate() {
        icon_cell(app, acts, ui, ctx, &painter, Pos::new(s, k), icon, cells[k]);
    }
    // The insertion point while something is dragged over the strip; the drop.
    if let (Some(_), Some(p)) = (resp.dnd_hover_payload::<Payload>(), ctx.pointer_hover_pos()) {
        let at = insertion(rect, per_row, n, p);
        let m = cell_min(rect, per_row, at);
        let x = m.x - (CELL_W - ICON) / 2.0;
        painter.line_segment(
            [pos2(x, m.y - 2.0), pos2(x, m.y + ICON + 2.0)],
            Stroke::new(4.0, BLUE),
        );
    }
    if let (Some(payload), Some(p)) = (
        resp.dnd_release_payload::<Payload>(),
        ctx.pointer_interact_pos(),
    ) {
        let at = Pos::new(s, insertion(rect, per_row, n, p));
        acts.push(Action::Editor(match *payload {
            Payload::New(kind) => EditorAction::Insert { at, kind },
            Payload::Move(from) => EditorAction::Move { from, to: at },
        }));
    }
}

/// The id of the icon cell at `at` (so focus can follow an icon the keyboard moved).
fn icon_id(at: Pos) -> egui::Id {
    egui::Id::unique(("editor icon", at.strip, at.index))
}

#[allow(clippy::too_many_arguments)]
fn icon_cell(
    app: &mut LuApp,
    acts: &mut Vec<Action>,
    ui: &mut egui::Ui,
    ctx: &egui::Context,
    painter: &egui::Painter,
    at: Pos,
    icon: &IconView,
    r: Rect,
) {
    let lang = app.view.lang;
    let resp = ui.interact(r, icon_id(at), Sense::click_and_drag());
    resp.dnd_set_drag_payload(Payload::Move(at));
    let selected = app.editor.selected == Some(at);
    resp.widget_info(|| {
        let mut info = egui::WidgetInfo::selected(egui::Role::Button, true, icon.lit, &icon.name);
        info.current_text_value = Some(
            format!("{} {}", icon.badge, icon.caption)
                .trim()
                .to_string(),
        );
        info
    });
    if icon.lit {
        painter.rect_filled(r.expand(5.0), 8.0, YELLOW.gamma_multiply(0.45));
        painter.rect_stroke(
            r.expand(4.0),
            7.0,
            Stroke::new(3.0, YELLOW),
            egui::StrokeKind::Outside,
        );
    }
    if icon.problem.is_some() {
        painter.rect_stroke(
            r.expand(3.0),
            6.0,
            Stroke::new(3.0, RED),
            egui::StrokeKind::Outside,
        );
    } else if selected || resp.has_focus() {
        painter.rect_stroke(
            r.expand(3.0),
            6.0,
            Stroke::new(2.0, BLUE),
            egui::StrokeKind::Outside,
        );
    }
    match super::trace::icon_texture(app, ctx, icon.kind.vi()) {
        Some(tex) => {
            painter.image(
                tex,
                r,
                Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)),
                Color32::WHITE,
            );
        }
        None => {
            painter.rect_filled(r, 6.0, Color32::from_gray(200));
        }
    }
    if icon.problem.is_some() {
        painter.text(
            r.right_top() + vec2(2.0, -4.0),
            egui::Align2::RIGHT_TOP,
            "⚠",
            egui::FontId::proportional(16.0),
            RED,
        );
    }
    mark(lang, painter, r, icon.kind);
    // The port over the bottom-right corner (the icons leave it clear for this).
    if !icon.badge.is_empty() {
        let at = r.right_bottom() - vec2(3.0, 2.0);
        for (d, c) in [
            (vec2(1.0, 1.0), Color32::WHITE),
            (vec2(0.0, 0.0), Color32::BLACK),
        ] {
            painter.text(
                at + d,
                egui::Align2::RIGHT_BOTTOM,
                &icon.badge,
                egui::FontId::proportional(14.0),
                c,
            );
        }
    }
    painter.text(
        pos2(r.center().x, r.bottom() + 3.0),
        egui::Align2::CENTER_TOP,
        &icon.caption,
        egui::FontId::proportional(11.5),
        Color32::from_gray(50),
    );
    if resp.has_focus() {
        icon_keys(app, acts, ui, ctx, at);
    }
    let mut tip = format!("{}\n{}", icon.name, icon.label);
    if let Some(p) = &icon.problem {
        tip.push_str(&format!("\n⚠ {p}"));
    }
    tip.push_str(&tr!(lang, "editor-click-to-set-its-modifiers"));
    if resp.on_hover_text(tip).clicked() {
        acts.push(Action::Editor(EditorAction::Select(Some(at))));
    }
}

/// The focused icon's keys (Tab or the arrows reach each icon): Enter opens its modifiers,
/// Delete removes it, Alt+← / Alt+→ move it one place along its strip (focus goes with it).
fn icon_keys(app: &LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui, ctx: &egui::Context, at: Pos) {
    let (enter, del, left, right) = ui.input_mut(|i| {
        (
            i.key_pressed(egui::Key::Enter),
            i.key_pressed(egui::Key::Delete),
            i.consume_key(egui::Modifiers::ALT, egui::Key::ArrowLeft),
            i.consume_key(egui::Modifiers::ALT, egui::Key::ArrowRight),
        )
    });
    if enter {
        acts.push(Action::Editor(EditorAction::Select(Some(at))));
    }
    if del {
        acts.push(Action::Editor(EditorAction::Delete(at)));
    }
    let n = app
        .editor
        .doc
        .strips
        .get(at.strip)
        .map_or(0, |s| s.icons.len());
    // `Move`'s `to` is a place before the move: two on to go one to the right.
    let step = match (left, right) {
        (true, false) if at.index > 0 => Some((at.index - 1, at.index - 1)),
        (false, true) if at.index + 1 < n => Some((at.index + 2, at.index + 1)),
        _ => None,
    };
    if let Some((to, lands)) = step {
        acts.push(Action::Editor(EditorAction::Move {
            from: at,
            to: Pos::new(at.strip, to),
        }));
        ctx.memory_mut(|m| m.request_focus(icon_id(Pos::new(at.strip, lands))));
    }
}

/// Kinds that share one ROBOLAB picture get a mark on its top-left corner: the loops (how
/// they end) and a fork's second branch.
fn mark(lang: Lang, painter: &egui::Painter, r: Rect, kind: crate::trace::edit::Kind) {
    use crate::trace::edit::Kind;
    let text = match kind {
        Kind::LoopCount => "123".to_string(),
        Kind::LoopForever => "∞".to_string(),
        Kind::LoopTouch => tr!(lang, "editor-touch"),
        Kind::LoopLight => tr!(lang, "editor-light"),
        Kind::ForkBranch => tr!(lang, "editor-2nd"),
        _ => return,
    };
    let galley = painter.layout_no_wrap(text, egui::FontId::proportional(10.5), Color32::WHITE);
    let bg = Rect::from_min_size(
        r.left_top() + vec2(1.0, 1.0),
        galley.size() + vec2(4.0, 0.0),
    );
    painter.rect_filled(bg, 3.0, Color32::from_rgb(70, 50, 120));
    painter.galley(bg.min + vec2(2.0, 0.0), galley, Color32::WHITE);
}

//! The program trace: one strip of ROBOLAB icons per task (and subroutine), wires between
//! them, parameters under them, the running icon lit with its wait countdown; clicking an
//! icon shows its LASM lines.

use super::*;
use crate::app::LuApp;
use crate::i18n::Lang;
use crate::trace::{Vi, ViKind};
use crate::vm::TaskState;
use egui::{pos2, vec2, Rect, Sense, Stroke};

/// The wires between icons, and a jump's or loop's wire (3:1 on the panel).
pub(crate) const WIRE: Color32 = Color32::from_rgb(90, 110, 140);
pub(crate) const JUMP: Color32 = Color32::from_rgb(190, 105, 25);

/// Icon size on screen, points.
pub const ICON: f32 = 48.0;
/// Width of one icon cell (room for the parameter text and a wire).
const CELL_W: f32 = 70.0;
/// Height of the band above each row of icons where jump and loop wires run, so they never
/// cross an icon or its parameters.
const LANE: f32 = 16.0;
const CELL_H: f32 = LANE + ICON + 34.0;

/// The texture of an icon kind (loaded once).
pub fn icon_texture(app: &mut LuApp, ctx: &egui::Context, kind: ViKind) -> Option<egui::TextureId> {
    if let Some(t) = app.view.icon_textures.get(&kind) {
        return Some(t.id());
    }
    let png = crate::trace::icon_png_96(kind).or_else(|| crate::trace::icon_png(kind))?;
    let img = image::load_from_memory_with_format(png, image::ImageFormat::Png).ok()?;
    let rgba = img.to_rgba8();
    let ci = egui::ColorImage::from_rgba_unmultiplied(
        [rgba.width() as usize, rgba.height() as usize],
        rgba.as_raw(),
    );
    let t = ctx.load_texture(kind.as_str(), ci, egui::TextureOptions::LINEAR);
    let id = t.id();
    app.view.icon_textures.insert(kind, t);
    Some(id)
}

/// A parameter as its JSON text without quotes.
fn text<T: serde::Serialize>(v: &Option<T>) -> Option<String> {
    v.as_ref().map(|v| {
        serde_json::to_value(v)
            .map(|j| j.to_string().trim_matches('"').to_string())
            .unwrap_or_default()
    })
}

/// A short parameter line for under an icon.
pub fn params_text(lang: Lang, vi: &Vi) -> String {
    let p = &vi.params;
    let mut parts = Vec::new();
    if vi.kind == ViKind::Container {
        // "Container 3 += 1" → "var 3 += 1"; a long value goes on a second line.
        if let Some(rest) = vi.label.strip_prefix("Container ") {
            let text = crate::tr!(lang, "trace-var", rest = rest.to_string());
            if text.chars().count() <= 12 {
                parts.push(text);
            } else {
                let mut words = rest.splitn(3, ' ');
                let (v, op, value) = (
                    words.next().unwrap_or_default(),
                    words.next().unwrap_or_default(),
                    words.next().unwrap_or_default(),
                );
                parts.push(crate::tr!(
                    lang,
                    "trace-var-2",
                    v = v.to_string(),
                    op = op.to_string(),
                    value = value.to_string()
                ));
            }
        }
    } else if let (Some(c), None) = (text(&p.container), text(&p.count)) {
        // A loop over a variable, a tone from a variable.
        parts.push(crate::tr!(lang, "trace-var-3", c = c.to_string()));
    }
    if let Some(port) = text(&p.port) {
        parts.push(port);
    }
    if let Some(sp) = text(&p.sensor_port) {
        parts.push(crate::tr!(lang, "trace-port", sp = sp.to_string()));
    }
    if let Some(pw) = text(&p.power) {
        parts.push(crate::tr!(lang, "trace-pwr", pw = pw.to_string()));
    }
    if let Some(sec) = text(&p.seconds) {
        parts.push(format!("{sec} s"));
    }
    if let Some(t) = text(&p.threshold) {
        parts.push(format!("{} {t}", text(&p.relation).unwrap_or_default()));
    }
    if let Some(c) = text(&p.count) {
        parts.push(format!("×{c}"));
    }
    if let Some(t) = text(&p.task) {
        if vi.kind == ViKind::TaskSplit
            || vi.kind == ViKind::StartTask
            || vi.kind == ViKind::StopTask
        {
            parts.push(crate::tr!(lang, "trace-task", t = t.to_string()));
        }
    }
    if let Some(f) = text(&p.frequency_hz) {
        parts.push(crate::tr!(lang, "trace-hz", f = f.to_string()));
    }
    parts.join(" ")
}

/// An icon's parameters in words in the window's language, for screen readers ("output
/// AC, power 3"; empty when it has none).
pub fn spoken_params(lang: Lang, vi: &Vi) -> String {
    let p = &vi.params;
    let mut parts = Vec::new();
    if let Some(ports) = &p.port {
        parts.push(crate::tr!(lang, "trace-say-output", ports = ports.clone()));
    }
    if let Some(port) = p.sensor_port {
        parts.push(crate::tr!(
            lang,
            "trace-say-sensor",
            port = port.to_string()
        ));
    }
    if let Some(pw) = text(&p.power) {
        parts.push(crate::tr!(lang, "trace-say-power", power = pw));
    }
    if let Some(sec) = p.seconds {
        parts.push(crate::tr!(
            lang,
            "trace-say-seconds",
            seconds = crate::i18n::num_in(lang, sec, 2)
        ));
    }
    if let Some(t) = p.threshold {
        parts.push(crate::tr!(
            lang,
            "trace-say-compare",
            relation = p.relation.clone().unwrap_or_default(),
            value = t.to_string()
        ));
    }
    if let Some(c) = p.count {
        parts.push(crate::tr!(lang, "trace-say-times", count = c.to_string()));
    }
    if let (Some(t), true) = (
        p.task,
        matches!(
            vi.kind,
            ViKind::TaskSplit | ViKind::StartTask | ViKind::StopTask
        ),
    ) {
        parts.push(crate::tr!(lang, "trace-say-task", task = t.to_string()));
    }
    if let Some(f) = p.frequency_hz {
        parts.push(crate::tr!(lang, "trace-say-hertz", hz = f.to_string()));
    }
    if let Some(c) = p.container {
        parts.push(crate::tr!(lang, "trace-say-variable", var = c.to_string()));
    }
    if let Some(l) = &p.label {
        parts.push(crate::tr!(lang, "trace-say-label", label = l.clone()));
    }
    parts.join(", ")
}

/// An icon's accessible name in the window's language: "icon output AC, power 3: Motor
/// forward".
pub fn spoken_name(lang: Lang, vi: &Vi) -> String {
    let title = crate::i18n::core_text_in(lang, "icon", vi.kind.title());
    let params = spoken_params(lang, vi);
    if params.is_empty() {
        crate::tr!(lang, "trace-icon-bare", title = title)
    } else {
        crate::tr!(lang, "trace-icon", label = params, title = title)
    }
}

/// Where the running icons' words are kept between frames: (words shown, when they
/// changed, seconds of the window's clock).
const NOW_RUNNING: &str = "trace now running";

/// The line that says what runs now, a polite live region: a screen reader says it when
/// it changes, at most once a second (not at every icon of a fast loop).
fn now_running(lang: Lang, ui: &mut egui::Ui, vis: &[Vi], snap: &crate::sim::Snapshot) {
    let current: Vec<String> = snap
        .current_vi
        .iter()
        .filter_map(|(task, v)| {
            let vi = vis.get(*v)?;
            Some(crate::tr!(
                lang,
                "trace-now-task",
                task = task.to_string(),
                icon = spoken_name(lang, vi)
            ))
        })
        .collect();
    let words = if current.is_empty() {
        crate::tr!(lang, "trace-now-nothing")
    } else {
        crate::tr!(lang, "trace-now-running", icons = current.join("; "))
    };
    let id = egui::Id::unique(NOW_RUNNING);
    let now = ui.input(|i| i.time);
    let (shown, since) = ui
        .data(|d| d.get_temp::<(String, f64)>(id))
        .unwrap_or((String::new(), f64::NEG_INFINITY));
    let shown = if shown != words && now - since >= 1.0 {
        ui.data_mut(|d| d.insert_temp(id, (words.clone(), now)));
        words
    } else {
        if shown != words {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(1.0 - (now - since)));
        }
        shown
    };
    let r = ui.add(egui::Label::new(RichText::new(&shown).small().color(MUTED)).truncate());
    ui.ctx().accesskit_node_builder(r.id, |n| {
        n.set_live(egui::accesskit::Live::Polite);
        n.set_label(shown.clone());
    });
}

/// The robot's program and what runs now, in one line each: the docked editor's stand-in
/// for the trace pane it takes the place of (the same polite live region).
pub(super) fn program_lines(app: &LuApp, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    let Some(prog) = &app.program else {
        ui.label(crate::tr!(lang, "trace-no-program-yet"));
        return;
    };
    ui.label(
        RichText::new(crate::tr!(
            lang,
            "trace-program-2",
            name = prog.name.to_string()
        ))
        .strong(),
    )
    .on_hover_text(crate::tr!(lang, "trace-the-icons-of-the-program"));
    if let (false, Some(snap)) = (prog.vis.is_empty(), app.shown()) {
        now_running(lang, ui, &prog.vis, snap);
    }
}

/// The right panel.
pub fn trace_panel(app: &mut LuApp, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    ui.add_space(4.0);
    let Some(prog) = app.program.clone() else {
        ui.heading(crate::tr!(lang, "trace-program"));
        ui.label(crate::tr!(lang, "trace-no-program-yet"));
        ui.label(crate::tr!(lang, "trace-open-a-lasm-or-rcx"));
        return;
    };
    ui.heading(crate::tr!(
        lang,
        "trace-program-2",
        name = prog.name.to_string()
    ))
    .on_hover_text(crate::tr!(lang, "trace-the-icons-of-the-program"));
    if prog.vis.is_empty() {
        ui.label(crate::tr!(lang, "trace-no-icons-recognised-in-this"));
        return;
    }
    let Some(snap) = app.shown().cloned() else {
        return;
    };
    now_running(lang, ui, &prog.vis, &snap);
    let ctx = ui.ctx().clone();
    let avail = ui.available_height();
    let lasm_h = if app.view.selected_vi.is_some() {
        170.0
    } else {
        0.0
    };
    egui::ScrollArea::vertical()
        .id_salt("strips")
        .max_height((avail - lasm_h).max(80.0))
        .show(ui, |ui| {
            for ((task, sub), list) in &prog.strips {
                let title = match sub {
                    Some(s) => crate::tr!(lang, "trace-subroutine", s = s.to_string()),
                    None => crate::tr!(lang, "trace-task-2", task = task.to_string()),
                };
                let state = snap.tasks.iter().find(|t| t.task == *task && sub.is_none());
                let state_txt = match state.map(|t| t.state) {
                    Some(TaskState::Running) => {
                        RichText::new(crate::tr!(lang, "trace-running")).color(GREEN)
                    }
                    Some(TaskState::Waiting) => {
                        RichText::new(crate::tr!(lang, "trace-waiting")).color(BLUE)
                    }
                    _ => RichText::new(crate::tr!(lang, "trace-stopped")).color(MUTED),
                };
                ui.horizontal(|ui| {
                    ui.label(RichText::new(title).strong());
                    ui.label(state_txt);
                });
                strip(app, ui, &ctx, &prog.vis, list, &snap);
                ui.add_space(6.0);
            }
        });
    if let Some(i) = app.view.selected_vi {
        ui.separator();
        let vi = prog.vis.get(i);
        ui.horizontal(|ui| {
            ui.label(RichText::new(vi.map(|v| v.label.clone()).unwrap_or_default()).strong());
            if ui
                .small_button("✖")
                .on_hover_text(crate::tr!(lang, "trace-hide-the-lasm-lines"))
                .clicked()
            {
                app.view.selected_vi = None;
            }
        });
        egui::ScrollArea::vertical().id_salt("lasm").show(ui, |ui| {
            for l in prog.lasm.get(i).into_iter().flatten() {
                ui.label(RichText::new(l).monospace());
            }
        });
    }
}

/// One strip: icons laid out left to right, wrapping; wires follow `successors`.
fn strip(
    app: &mut LuApp,
    ui: &mut egui::Ui,
    ctx: &egui::Context,
    vis: &[Vi],
    list: &[usize],
    snap: &crate::sim::Snapshot,
) {
    let per_row = ((ui.available_width() / CELL_W).floor() as usize).max(1);
    let rows = list.len().div_ceil(per_row);
    let (rect, _) = ui.allocate_exact_size(
        vec2(ui.available_width(), rows as f32 * CELL_H + 4.0),
        Sense::hover(),
    );
    let painter = ui.painter_at(rect.expand(2.0));
    let mut cells: std::collections::HashMap<usize, Rect> = Default::default();
    for (k, &vi) in list.iter().enumerate() {
        let (r, c) = (k / per_row, k % per_row);
        let min = rect.min
            + vec2(
                c as f32 * CELL_W + (CELL_W - ICON) / 2.0,
                r as f32 * CELL_H + LANE + 2.0,
            );
        cells.insert(vi, Rect::from_min_size(min, vec2(ICON, ICON)));
    }
    // Wires first, under the icons: straight to the next cell; jumps and loops run in the
    // lane above the rows (and down the strip's left or right margin between rows).
    draw_wires(&painter, rect, per_row, vis, list, &cells);
    let current: Vec<(u8, usize)> = snap.current_vi.iter().map(|(t, v)| (*t, *v)).collect();
    for &i in list {
        let Some(&r) = cells.get(&i) else { continue };
        let vi = &vis[i];
        let running_task = current.iter().find(|(_, v)| *v == i).map(|(t, _)| *t);
        icon(
            app,
            ui,
            ctx,
            &painter,
            (i, vi),
            r,
            running_task,
            current.is_empty(),
            snap,
        );
    }
}

/// One icon of a strip at `r`: lit while `running_task` runs it (the others dimmed while
/// any runs: `none_runs` false), selected, its port, caption, a timed wait's countdown,
/// its name for screen readers; a click selects it (its LASM shows).
#[allow(clippy::too_many_arguments)]
fn icon(
    app: &mut LuApp,
    ui: &mut egui::Ui,
    ctx: &egui::Context,
    painter: &egui::Painter,
    (i, vi): (usize, &Vi),
    r: Rect,
    running_task: Option<u8>,
    none_runs: bool,
    snap: &crate::sim::Snapshot,
) {
    let lang = app.view.lang;
    let lit = running_task.is_some();
    let id = ui.scope_id().with(("vi", i));
    let resp = ui.interact(r, id, Sense::click());
    // Screen readers (and the UI tests) learn which icon is lit, and what it does in the
    // window's language.
    let name = spoken_name(lang, vi);
    let params = params_text(lang, vi);
    resp.widget_info(|| {
        let mut info = egui::WidgetInfo::selected(egui::Role::Button, true, lit, &name);
        // The caption under the icon, as the window shows it.
        info.current_text_value = Some(params.clone());
        info
    });
    if let Some(task) = running_task {
        // Keep the running icon in sight: scroll to it when it changes.
        let key = egui::Id::unique(("trace lit icon", task));
        if ui.data(|d| d.get_temp::<usize>(key)) != Some(i) {
            ui.data_mut(|d| d.insert_temp(key, i));
            ui.scroll_to_rect(r.expand(8.0), None);
        }
    }
    if lit {
        painter.rect_filled(r.expand(5.0), 8.0, YELLOW.gamma_multiply(0.45));
        painter.rect_stroke(
            r.expand(4.0),
            7.0,
            Stroke::new(3.0, YELLOW),
            egui::StrokeKind::Outside,
        );
        // Yellow alone is faint on the panel: a dark edge round it.
        painter.rect_stroke(
            r.expand(7.0),
            9.0,
            Stroke::new(1.5, LIT_OUTLINE),
            egui::StrokeKind::Outside,
        );
    } else if app.view.selected_vi == Some(i) {
        painter.rect_stroke(
            r.expand(3.0),
            6.0,
            Stroke::new(2.0, BLUE),
            egui::StrokeKind::Outside,
        );
    }
    super::focus_ring(ui, &resp, r, 9.0);
    match icon_texture(app, ctx, vi.kind) {
        Some(tex) => {
            let tint = if lit || none_runs {
                Color32::WHITE
            } else {
                Color32::from_gray(215)
            };
            painter.image(
                tex,
                r,
                Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)),
                tint,
            );
        }
        None => {
            painter.rect_filled(r, 6.0, Color32::from_gray(200));
        }
    }
    icon_text(lang, painter, r, vi, &params, running_task, snap);
    let tip = crate::tr!(
        lang,
        "trace-click-to-see-its-lasm",
        label = vi.label.to_string(),
        title = crate::i18n::core_text_in(lang, "icon", vi.kind.title()),
        params = params.to_string()
    );
    if resp.on_hover_text(tip).clicked() {
        app.view.selected_vi = Some(i);
    }
}

/// What is written on and around an icon: its port on the corner, its caption under it,
/// a running timed wait's countdown over it.
fn icon_text(
    lang: Lang,
    painter: &egui::Painter,
    r: Rect,
    vi: &Vi,
    params: &str,
    running_task: Option<u8>,
    snap: &crate::sim::Snapshot,
) {
    // Port letter over the bottom-right corner (the icons leave it clear for this).
    let port = text(&vi.params.port).or_else(|| text(&vi.params.sensor_port));
    if let Some(p) = port {
        let at = r.right_bottom() - vec2(3.0, 2.0);
        painter.text(
            at + vec2(1.0, 1.0),
            egui::Align2::RIGHT_BOTTOM,
            &p,
            egui::FontId::proportional(14.0),
            Color32::WHITE,
        );
        painter.text(
            at,
            egui::Align2::RIGHT_BOTTOM,
            &p,
            egui::FontId::proportional(14.0),
            Color32::BLACK,
        );
    }
    painter.text(
        pos2(r.center().x, r.bottom() + 3.0),
        egui::Align2::CENTER_TOP,
        params,
        egui::FontId::proportional(11.5),
        Color32::from_gray(50),
    );
    // Countdown of a running timed wait.
    if let (Some(t), ViKind::WaitTime) = (running_task, vi.kind) {
        let left = snap
            .tasks
            .iter()
            .find(|x| x.task == t)
            .and_then(|x| x.wait_remaining_ms);
        if let Some(ms) = left {
            let txt = format!("{} s", crate::i18n::num_in(lang, ms as f64 / 1000.0, 1));
            let bg = Rect::from_center_size(r.center_top() + vec2(0.0, 2.0), vec2(44.0, 17.0));
            painter.rect_filled(bg, 4.0, Color32::from_rgb(30, 30, 30));
            painter.text(
                bg.center(),
                egui::Align2::CENTER_CENTER,
                txt,
                egui::FontId::proportional(12.5),
                YELLOW,
            );
        }
    }
}

/// The wires of one strip. A successor in the next cell gets a straight wire (or, across a
/// row break, a wire round the end of the row); any other successor — a jump, a loop back,
/// a fork's far branch — leaves its icon upwards into the lane above its row, runs along the
/// lane (and down the margin to the target's row) and drops onto the target with an arrow.
/// Each such wire gets its own height in the lane and its own margin track, so several
/// never merge into one line.
fn draw_wires(
    painter: &egui::Painter,
    rect: Rect,
    per_row: usize,
    vis: &[Vi],
    list: &[usize],
    cells: &std::collections::HashMap<usize, Rect>,
) {
    let wire = Stroke::new(2.0, WIRE);
    let jump = Stroke::new(1.5, JUMP);
    // Four tracks per lane (3 pt apart) and per margin (2 pt apart), taken in turn.
    let lane = |cell: &Rect, track: f32| cell.top() - LANE + 1.0 + track * 3.0;
    let left = rect.left() + 2.0;
    let right = rect.left() + per_row as f32 * CELL_W - 2.0;
    let mut jumps = 0usize;
    for (k, &i) in list.iter().enumerate() {
        let Some(a) = cells.get(&i) else { continue };
        for &s in &vis[i].successors {
            let Some(b) = cells.get(&s) else { continue };
            let next = list.get(k + 1) == Some(&s);
            let same_row = (b.center().y - a.center().y).abs() < 1.0;
            if next && same_row {
                painter.line_segment([a.right_center(), b.left_center()], wire);
                continue;
            }
            if next {
                // Round the end of the row, then along the next row's lane (its lowest
                // track) and down onto the first icon.
                let x = (a.right() + 6.0).min(right);
                let y = b.top() - 4.0;
                painter.add(egui::Shape::line(
                    vec![
                        a.right_center(),
                        pos2(x, a.center().y),
                        pos2(x, y),
                        pos2(b.center().x, y),
                        b.center_top(),
                    ],
                    wire,
                ));
                continue;
            }
            let track = (jumps % 4) as f32;
            jumps += 1;
            // Start a little off-centre so a wire in and a wire out of one icon stay apart.
            let ax = a.center().x + 6.0;
            let bx = b.center().x - 6.0;
            let (ya, yb) = (lane(a, track), lane(b, track));
            let mut pts = vec![pos2(ax, a.top()), pos2(ax, ya)];
            if !same_row {
                let side = if b.top() < a.top() {
                    left + track * 2.0
                } else {
                    right - track * 2.0
                };
                pts.push(pos2(side, ya));
                pts.push(pos2(side, yb));
            }
            pts.push(pos2(bx, yb));
            pts.push(pos2(bx, b.top() - 1.0));
            painter.add(egui::Shape::line(pts, jump));
            // Arrowhead onto the target.
            let tip = pos2(bx, b.top());
            painter.add(egui::Shape::convex_polygon(
                vec![tip, tip + vec2(-4.0, -6.0), tip + vec2(4.0, -6.0)],
                jump.color,
                Stroke::NONE,
            ));
        }
    }
}

//! The RCX itself, drawn (our own drawing with egui's painter): the yellow brick with its
//! three input ports, its LCD showing exactly the snapshot's `display` (the number, the
//! program slot, the standing or walking figure, the view and output arrows, the datalog
//! circle, the battery sign) and its four clickable buttons — View and Prgm above, On-Off
//! and Run below, as on the brick. A press goes to the simulation as an input (logged, so
//! replays include it); Run also lets time run when it starts a program.

use super::*;
use crate::host::audio::Speaker;
use crate::i18n::Lang;
use crate::sim::Snapshot;
use crate::vm::{Button, Lcd};
use egui::{pos2, vec2, Align2, FontId, Pos2, Rect, Sense, Shape, Stroke, StrokeKind};
use std::sync::{Arc, Mutex};

/// The buttons' accessible labels (tests click them by these names).
pub fn button_label(lang: Lang, b: Button) -> String {
    match b {
        Button::OnOff => crate::tr!(lang, "brick-brick-on-off"),
        Button::Run => crate::tr!(lang, "brick-brick-run"),
        Button::Prgm => crate::tr!(lang, "brick-brick-prgm"),
        Button::View => crate::tr!(lang, "brick-brick-view"),
    }
}

/// What the LCD shows, in the window's language ("watch", "sensor 1", "output A", "user").
fn view_words(lang: Lang, view: &str) -> String {
    if let Some(n) = view.strip_prefix("sensor ") {
        crate::tr!(lang, "brick-view-sensor", n = n.to_string())
    } else if let Some(o) = view.strip_prefix("output ") {
        crate::tr!(lang, "brick-view-output", o = o.to_string())
    } else {
        match view {
            "watch" => crate::tr!(lang, "brick-view-watch"),
            "user" => crate::tr!(lang, "brick-view-user"),
            other => other.to_string(),
        }
    }
}

/// What the LCD reads, as one line (its accessible label and tooltip):
/// "LCD 05.25 · program 1 · watch · running".
pub fn lcd_line(lang: Lang, l: &Lcd) -> String {
    if !l.on {
        return crate::tr!(lang, "brick-lcd-off");
    }
    crate::tr!(
        lang,
        "brick-lcd-program",
        text = l.text.to_string(),
        program = l.program.to_string(),
        view = view_words(lang, &l.view),
        state = if l.running {
            crate::tr!(lang, "brick-running")
        } else {
            crate::tr!(lang, "brick-stopped")
        }
    )
}

pub(crate) const LCD_BG: Color32 = Color32::from_rgb(196, 204, 178);
pub(crate) const INK: Color32 = Color32::from_rgb(30, 34, 30);
pub(crate) const PORT: Color32 = Color32::from_gray(70);

/// Draws the brick face for the snapshot on screen and handles its buttons.
pub fn face(lang: Lang, acts: &mut Vec<Action>, ui: &mut egui::Ui, s: &Snapshot) {
    let size = vec2(ui.available_width().clamp(190.0, 240.0), 210.0);
    let (outer, _) = ui.allocate_exact_size(size, Sense::hover());
    let p = ui.painter_at(outer);
    let body = outer.shrink(2.0);
    framed(
        &p,
        body,
        14.0,
        YELLOW,
        Stroke::new(1.5, Color32::from_gray(90)),
    );
    let cx = body.center().x;
    let port_dx = (body.width() * 0.22).min(48.0);
    // Input ports 1–3 along the top, outputs A–C along the bottom.
    for (i, name) in ["1", "2", "3"].iter().enumerate() {
        let c = pos2(cx + (i as f32 - 1.0) * port_dx, body.top() + 18.0);
        port(&p, c, name);
    }
    for (i, name) in ["A", "B", "C"].iter().enumerate() {
        let c = pos2(cx + (i as f32 - 1.0) * port_dx, body.bottom() - 18.0);
        port(&p, c, name);
    }
    // The LCD in the middle.
    let lcd = Rect::from_center_size(body.center(), vec2((body.width() - 96.0).max(100.0), 86.0));
    let l = &s.display;
    draw_lcd(&p, lcd, l, port_dx);
    let r = ui.interact(lcd, egui::Id::unique("brick lcd"), Sense::hover());
    let line = lcd_line(lang, l);
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &line));
    r.on_hover_text(crate::tr!(
        lang,
        "brick-the-rcx-s-display-the",
        line = line.to_string()
    ));
    // Buttons: View (black) and Prgm (grey) above, On-Off (red) and Run (green) below.
    let bx = (lcd.left() - body.left()) / 2.0;
    let spots = [
        (
            Button::View,
            pos2(body.left() + bx, lcd.top() + 14.0),
            INK,
            crate::tr!(lang, "brick-view"),
        ),
        (
            Button::OnOff,
            pos2(body.left() + bx, lcd.bottom() - 14.0),
            RED,
            crate::tr!(lang, "brick-on-off"),
        ),
        (
            Button::Prgm,
            pos2(body.right() - bx, lcd.top() + 14.0),
            Color32::from_gray(140),
            crate::tr!(lang, "brick-prgm"),
        ),
        (
            Button::Run,
            pos2(body.right() - bx, lcd.bottom() - 14.0),
            GREEN,
            crate::tr!(lang, "brick-run"),
        ),
    ];
    for (b, c, colour, text) in spots {
        let rect = Rect::from_center_size(c, vec2(34.0, 22.0));
        let id = egui::Id::unique(("brick button", b.name()));
        let resp = ui.interact(rect, id, Sense::click());
        let fill = if resp.is_pointer_button_down_on() {
            colour.gamma_multiply(0.6)
        } else if resp.hovered() {
            colour.gamma_multiply(0.85)
        } else {
            colour
        };
        framed(&p, rect, 9.0, fill, Stroke::new(1.0, INK));
        super::focus_ring(ui, &resp, rect, 3.0);
        p.text(
            c + vec2(0.0, 18.0),
            Align2::CENTER_CENTER,
            text,
            FontId::proportional(11.0),
            INK,
        );
        let label = button_label(lang, b);
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
        let resp = resp.on_hover_text(button_tip(lang, b));
        if resp.clicked() {
            acts.push(Action::PressButton(b));
        }
    }
}

fn button_tip(lang: Lang, b: Button) -> String {
    match b {
        Button::OnOff => crate::tr!(lang, "brick-on-off-switch-the-brick"),
        Button::Run => crate::tr!(lang, "brick-run-start-the-selected-program"),
        Button::Prgm => crate::tr!(lang, "brick-prgm-stop-the-program-and"),
        Button::View => crate::tr!(lang, "brick-view-show-the-next-of"),
    }
}

fn port(p: &egui::Painter, c: Pos2, name: &str) {
    let r = Rect::from_center_size(c, vec2(26.0, 18.0));
    p.rect_filled(r, 3.0, PORT);
    p.text(
        c,
        Align2::CENTER_CENTER,
        name,
        FontId::proportional(12.0),
        Color32::WHITE,
    );
}

fn triangle(p: &egui::Painter, c: Pos2, size: f32, dir: Vec2Dir) {
    let (a, b, t) = match dir {
        Vec2Dir::Up => (
            c + vec2(-size, size * 0.6),
            c + vec2(size, size * 0.6),
            c + vec2(0.0, -size * 0.6),
        ),
        Vec2Dir::Down => (
            c + vec2(-size, -size * 0.6),
            c + vec2(size, -size * 0.6),
            c + vec2(0.0, size * 0.6),
        ),
        Vec2Dir::Left => (
            c + vec2(size * 0.6, -size),
            c + vec2(size * 0.6, size),
            c + vec2(-size * 0.6, 0.0),
        ),
        Vec2Dir::Right => (
            c + vec2(-size * 0.6, -size),
            c + vec2(-size * 0.6, size),
            c + vec2(size * 0.6, 0.0),
        ),
    };
    p.add(Shape::convex_polygon(vec![a, b, t], INK, Stroke::NONE));
}

#[derive(Clone, Copy)]
enum Vec2Dir {
    Up,
    Down,
    Left,
    Right,
}

/// A rounded rectangle filled with `fill` and outlined by `line` inside its edge.
fn framed(p: &egui::Painter, r: Rect, radius: f32, fill: Color32, line: Stroke) {
    p.rect_filled(r, radius, fill);
    p.rect_stroke(r, radius, line, StrokeKind::Inside);
}

fn draw_lcd(p: &egui::Painter, lcd: Rect, l: &Lcd, port_dx: f32) {
    framed(
        p,
        lcd,
        4.0,
        LCD_BG,
        Stroke::new(2.0, Color32::from_gray(60)),
    );
    if !l.on {
        return;
    }
    let cx = lcd.center().x;
    // View arrows: under the sensor port or above the output port the View shows.
    if let Some(n) = l
        .view
        .strip_prefix("sensor ")
        .and_then(|n| n.parse::<f32>().ok())
    {
        triangle(
            p,
            pos2(cx + (n - 2.0) * port_dx, lcd.top() + 7.0),
            5.0,
            Vec2Dir::Up,
        );
    }
    if let Some(o) = l.view.strip_prefix("output ").and_then(|o| "ABC".find(o)) {
        triangle(
            p,
            pos2(cx + (o as f32 - 1.0) * port_dx, lcd.bottom() - 7.0),
            5.0,
            Vec2Dir::Down,
        );
    }
    // Output arrows: forward ▶ or reverse ◀ beside each driven output's place.
    for (i, a) in l.arrows.iter().enumerate() {
        let c = pos2(cx + (i as f32 - 1.0) * port_dx, lcd.bottom() - 18.0);
        match a {
            Some(true) => triangle(p, c + vec2(8.0, 0.0), 4.0, Vec2Dir::Right),
            Some(false) => triangle(p, c - vec2(8.0, 0.0), 4.0, Vec2Dir::Left),
            None => {}
        }
    }
    // The figure: standing, or walking while a program runs.
    let f = pos2(lcd.left() + 14.0, lcd.center().y - 4.0);
    let ink = Stroke::new(1.6, INK);
    p.circle_filled(f + vec2(0.0, -11.0), 3.2, INK);
    p.line_segment([f + vec2(0.0, -8.0), f + vec2(0.0, 3.0)], ink);
    if l.running {
        p.line_segment([f + vec2(0.0, 3.0), f + vec2(-5.0, 11.0)], ink);
        p.line_segment([f + vec2(0.0, 3.0), f + vec2(5.0, 11.0)], ink);
        p.line_segment([f + vec2(0.0, -5.0), f + vec2(-5.0, 0.0)], ink);
        p.line_segment([f + vec2(0.0, -5.0), f + vec2(5.0, -8.0)], ink);
    } else {
        p.line_segment([f + vec2(0.0, 3.0), f + vec2(-2.0, 11.0)], ink);
        p.line_segment([f + vec2(0.0, 3.0), f + vec2(2.0, 11.0)], ink);
        p.line_segment([f + vec2(0.0, -5.0), f + vec2(-3.0, 2.0)], ink);
        p.line_segment([f + vec2(0.0, -5.0), f + vec2(3.0, 2.0)], ink);
    }
    // The number, and the program slot at the right.
    p.text(
        pos2(lcd.right() - 26.0, lcd.center().y - 2.0),
        Align2::RIGHT_CENTER,
        &l.text,
        FontId::monospace(26.0),
        INK,
    );
    p.text(
        pos2(lcd.right() - 8.0, lcd.center().y + 2.0),
        Align2::RIGHT_CENTER,
        l.program.to_string(),
        FontId::monospace(16.0),
        INK,
    );
    // Datalog circle (quarters filled) and the battery-low sign, bottom left.
    if let Some(q) = l.datalog {
        let c = pos2(lcd.left() + 12.0, lcd.bottom() - 12.0);
        p.circle_stroke(c, 5.0, Stroke::new(1.0, INK));
        for k in 0..q.min(4) {
            let a0 = -std::f32::consts::FRAC_PI_2 + k as f32 * std::f32::consts::FRAC_PI_2;
            let pts: Vec<Pos2> = std::iter::once(c)
                .chain((0..=6).map(|j| {
                    let a = a0 + j as f32 * std::f32::consts::FRAC_PI_2 / 6.0;
                    c + 5.0 * vec2(a.cos(), a.sin())
                }))
                .collect();
            p.add(Shape::convex_polygon(pts, INK, Stroke::NONE));
        }
    }
    if l.battery_low {
        let r = Rect::from_min_size(
            pos2(lcd.left() + 22.0, lcd.bottom() - 16.0),
            vec2(12.0, 7.0),
        );
        p.rect_stroke(r, 1.0, Stroke::new(1.0, INK), StrokeKind::Inside);
        p.rect_filled(
            Rect::from_min_size(r.right_top() + vec2(0.0, 2.0), vec2(2.0, 3.0)),
            0.0,
            INK,
        );
    }
}

/// The LCD at a glance in the 3D view: a small display-coloured tag beside the robot with
/// the number and the program slot (drawn with the icon above the robot).
pub fn lcd_tag(
    lang: Lang,
    painter: &egui::Painter,
    to_screen: &dyn Fn(glam::Vec3) -> Option<Pos2>,
    snap: &Snapshot,
) {
    let l = &snap.display;
    let at = glam::Vec3::new(snap.pose.x as f32, snap.pose.y as f32, snap.pose.z as f32);
    let Some(p) = to_screen(at) else { return };
    let text = if l.on {
        format!(
            "{}  {}{}",
            l.text,
            l.program,
            if l.running { " *" } else { "" }
        )
    } else {
        crate::tr!(lang, "brick-off").to_string()
    };
    let galley = painter.layout_no_wrap(text, FontId::monospace(13.0), INK);
    let r = Rect::from_min_size(p + vec2(24.0, 6.0), galley.size() + vec2(10.0, 4.0));
    framed(
        painter,
        r,
        3.0,
        LCD_BG,
        Stroke::new(1.0, Color32::from_gray(60)),
    );
    painter.galley(r.min + vec2(5.0, 2.0), galley, INK);
}

/// The app's speaker, kept in egui's memory (one per window).
fn speaker_handle(ctx: &egui::Context) -> Arc<Mutex<Speaker>> {
    ctx.data_mut(|d| {
        d.get_temp_mut_or_insert_with(egui::Id::unique("brick speaker"), || {
            Arc::new(Mutex::new(Speaker::default()))
        })
        .clone()
    })
}

/// Each frame: plays the live run's new sounds through the computer's speaker, in step
/// with simulated time (see `app::audio`).
pub fn speaker(app: &LuApp, acts: &mut Vec<Action>, ctx: &egui::Context) {
    let Some(s) = app.live.clone() else { return };
    let running = app.is_running() && app.reviewing().is_none();
    let measured = app.status.as_ref().map_or(0.0, |st| st.realtime_factor);
    let speed = if app.slow_delay_ms() > 0 {
        if measured > 0.0 {
            measured
        } else {
            1.0 / (1.0 + app.slow_delay_ms() as f64)
        }
    } else {
        match app.speed() {
            crate::runner::Speed::Factor(f) => f,
            crate::runner::Speed::Max => f64::INFINITY,
        }
    };
    let sp = speaker_handle(ctx);
    let msg = match sp.lock() {
        Ok(mut sp) => sp.frame(s.time_ms, s.sounds_count, &s.recent_sounds, running, speed),
        Err(_) => None,
    };
    if let Some(why) = msg {
        let lang = app.view.lang;
        let m = crate::tr!(
            lang,
            "app-audio-the-brick-s-speaker-is",
            why = why.words(lang)
        );
        acts.push(Action::Note(Level::Info, m));
    }
}

/// The speaker's mute switch (under the brick).
pub fn mute_button(lang: Lang, ui: &mut egui::Ui) {
    let sp = speaker_handle(ui.ctx());
    let Ok(mut sp) = sp.lock() else { return };
    let muted = sp.muted();
    let text = if muted {
        crate::tr!(lang, UNMUTE)
    } else {
        crate::tr!(lang, MUTE)
    };
    let tip = match &sp.unavailable {
        Some(why) => crate::tr!(lang, "brick-the-brick-s-speaker-is", why = why.words(lang)),
        None => crate::tr!(lang, "brick-the-brick-s-beeps-and").to_string(),
    };
    if ui.button(text).on_hover_text(tip).clicked() {
        sp.set_muted(!muted);
    }
}

/// The mute switch's labels.
pub const MUTE: &str = "brick-mute-speaker";
pub const UNMUTE: &str = "brick-unmute-speaker";

//! The window's look for every pupil (WCAG 2.1 AA): the standard light theme and a
//! high-contrast one, both egui's light visuals with the contrast each text and control
//! needs; [`pairs`], every text/background and graphic/background pair the panels draw,
//! whose contrast a test computes from the theme's colours (WCAG's relative luminance:
//! 4.5:1 for text, 3:1 for controls and graphics); the zoom steps (Ctrl + / Ctrl −, to
//! 200 %); and "reduce motion" (no animations, no camera easing).

use super::{BLUE, GREEN, LIT_OUTLINE, MUTED, RED, WARN, YELLOW};
use egui::{Color32, Stroke};

pub use crate::app::{zoom_of_setting, zoom_step, Look, ZOOM_STEPS};

/// WCAG 2.1's relative luminance of an opaque colour (sRGB).
pub fn luminance(c: Color32) -> f64 {
    let ch = |v: u8| {
        let s = f64::from(v) / 255.0;
        if s <= 0.04045 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * ch(c.r()) + 0.7152 * ch(c.g()) + 0.0722 * ch(c.b())
}

/// WCAG 2.1's contrast ratio of two opaque colours (1 to 21).
pub fn contrast(a: Color32, b: Color32) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// `fg` (possibly translucent, premultiplied) painted over the opaque `bg`.
pub fn over(fg: Color32, bg: Color32) -> Color32 {
    let a = f32::from(fg.a()) / 255.0;
    let mix = |f: u8, b: u8| (f32::from(f) + f32::from(b) * (1.0 - a)).round().min(255.0) as u8;
    Color32::from_rgb(
        mix(fg.r(), bg.r()),
        mix(fg.g(), bg.g()),
        mix(fg.b(), bg.b()),
    )
}

/// The egui visuals of a look.
pub fn visuals(look: Look) -> egui::Visuals {
    let mut v = egui::Visuals::light();
    // egui's light defaults that read below 4.5:1 on its own panels.
    v.hyperlink_color = Color32::from_rgb(0, 90, 170);
    v.warn_fg_color = WARN;
    v.error_fg_color = RED;
    v.weak_text_color = Some(MUTED);
    // Controls need a boundary of 3:1 against the panel (a checkbox's box, a text field, a
    // combo box); egui's light buttons have none.
    v.widgets.inactive.bg_stroke = Stroke::new(1.0, Color32::from_gray(118));
    if look.high_contrast {
        let black = Color32::BLACK;
        let white = Color32::WHITE;
        v.override_text_color = Some(black);
        v.weak_text_color = Some(Color32::from_gray(40));
        v.panel_fill = white;
        v.window_fill = white;
        v.extreme_bg_color = white;
        v.faint_bg_color = Color32::from_gray(238);
        v.code_bg_color = Color32::from_gray(238);
        v.window_stroke = Stroke::new(2.0, black);
        v.hyperlink_color = Color32::from_rgb(0, 0, 190);
        v.selection.bg_fill = Color32::from_rgb(255, 225, 80);
        v.selection.stroke = Stroke::new(2.0, black);
        let w = &mut v.widgets;
        w.noninteractive.bg_fill = white;
        w.noninteractive.weak_bg_fill = white;
        w.noninteractive.bg_stroke = Stroke::new(1.0, black);
        w.noninteractive.fg_stroke = Stroke::new(1.0, black);
        // A check box's box and a slider's rail (white on white would vanish).
        w.inactive.bg_fill = Color32::from_gray(140);
        w.inactive.weak_bg_fill = white;
        w.inactive.bg_stroke = Stroke::new(1.5, black);
        w.inactive.fg_stroke = Stroke::new(1.5, black);
        for s in [&mut w.hovered, &mut w.open] {
            s.bg_fill = Color32::from_gray(222);
            s.weak_bg_fill = Color32::from_gray(222);
            s.bg_stroke = Stroke::new(2.0, black);
            s.fg_stroke = Stroke::new(2.0, black);
        }
        w.active.bg_fill = Color32::from_gray(200);
        w.active.weak_bg_fill = Color32::from_gray(200);
        w.active.bg_stroke = Stroke::new(2.5, black);
        w.active.fg_stroke = Stroke::new(2.0, black);
        v.text_cursor.stroke = Stroke::new(2.0, black);
    }
    v
}

/// Applies `look` to the window (both egui themes get it: the app is always light).
pub fn apply(ctx: &egui::Context, look: Look) {
    ctx.all_styles_mut(|s| {
        s.visuals = visuals(look);
        if look.reduce_motion {
            s.animation_time = 0.0;
            s.scroll_animation = egui::style::ScrollAnimation::none();
        } else {
            let d = egui::Style::default();
            s.animation_time = d.animation_time;
            s.scroll_animation = d.scroll_animation;
        }
    });
}

/// What a pair is: text (4.5:1) or a control's or graphic's colour (3:1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    Text,
    Graphic,
}

impl Need {
    /// The least contrast WCAG 2.1 AA asks for (1.4.3, 1.4.11).
    pub fn ratio(self) -> f64 {
        match self {
            Need::Text => 4.5,
            Need::Graphic => 3.0,
        }
    }
}

/// A colour drawn on another, and where.
#[derive(Clone, Debug)]
pub struct Pair {
    pub what: String,
    pub fg: Color32,
    pub bg: Color32,
    pub need: Need,
}

/// Every text/background and graphic/background pair the panels draw in `look` (the
/// momentary "pressed" colours of a button held down and disabled controls are left out,
/// as WCAG leaves them out).
pub fn pairs(look: Look) -> Vec<Pair> {
    let v = visuals(look);
    let mut out = Vec::new();
    text_on_grounds(&v, &mut out);
    special_text(&v, &mut out);
    graphics(&v, &mut out);
    out
}

/// Words without a colour of their own take the theme's override, if it has one.
fn text_of(v: &egui::Visuals, c: Color32) -> Color32 {
    v.override_text_color.unwrap_or(c)
}

/// A pair for `out` (a translucent ground is seen over white).
fn push(out: &mut Vec<Pair>, what: &str, fg: Color32, bg: Color32, need: Need) {
    out.push(Pair {
        what: what.to_string(),
        fg,
        bg: over(bg, Color32::WHITE),
        need,
    });
}

/// Plain, weak and coloured words on every ground they sit on.
fn text_on_grounds(v: &egui::Visuals, out: &mut Vec<Pair>) {
    let w = &v.widgets;
    let text = |c: Color32| text_of(v, c);
    let mut add = |what: &str, fg: Color32, bg: Color32, need: Need| push(out, what, fg, bg, need);
    // Where text sits: panels, windows, buttons (also hovered), text fields, code.
    let grounds = [
        ("panel", v.panel_fill),
        ("window", v.window_fill),
        ("button", w.inactive.weak_bg_fill),
        ("hovered button", w.hovered.weak_bg_fill),
        ("open menu button", w.open.weak_bg_fill),
        ("text field", v.extreme_bg_color),
        ("striped row", over(v.faint_bg_color, v.panel_fill)),
    ];
    for (ground, bg) in grounds {
        add(
            &format!("text on {ground}"),
            text(w.noninteractive.fg_stroke.color),
            bg,
            Need::Text,
        );
        add(
            &format!("weak text on {ground}"),
            v.weak_text_color(),
            bg,
            Need::Text,
        );
        // The app's own words in colour (Run, Stop, states, messages, robots' names).
        for (name, c) in [
            ("green", GREEN),
            ("red", RED),
            ("blue", BLUE),
            ("muted", MUTED),
            ("warning", WARN),
            ("error", v.error_fg_color),
            ("link", v.hyperlink_color),
            ("info", super::level_style(crate::app::Level::Info).0),
        ] {
            add(&format!("{name} text on {ground}"), c, bg, Need::Text);
        }
        for k in 0..6 {
            add(
                &format!("robot {k}'s name on {ground}"),
                super::readouts::robot_colour(k),
                bg,
                Need::Text,
            );
        }
    }
}

/// Words on grounds of their own: buttons, code, the running line, the brick.
fn special_text(v: &egui::Visuals, out: &mut Vec<Pair>) {
    let w = &v.widgets;
    let text = |c: Color32| text_of(v, c);
    let mut add = |what: &str, fg: Color32, bg: Color32, need: Need| push(out, what, fg, bg, need);
    add(
        "button text",
        text(w.inactive.fg_stroke.color),
        w.inactive.weak_bg_fill,
        Need::Text,
    );
    add(
        "hovered button text",
        text(w.hovered.fg_stroke.color),
        w.hovered.weak_bg_fill,
        Need::Text,
    );
    add(
        "selected button text",
        v.selection.stroke.color,
        v.selection.bg_fill,
        Need::Text,
    );
    add(
        "robot's name, chosen",
        super::readouts::robot_colour(0),
        v.selection.bg_fill,
        Need::Text,
    );
    add(
        "code",
        text(w.noninteractive.fg_stroke.color),
        v.code_bg_color,
        Need::Text,
    );
    // The LASM line running now, strong on yellow; a wait's countdown, yellow on dark.
    add(
        "running LASM line",
        text(w.active.fg_stroke.color),
        YELLOW,
        Need::Text,
    );
    add(
        "wait countdown",
        YELLOW,
        Color32::from_rgb(30, 30, 30),
        Need::Text,
    );
    // The brick: ink on its yellow and on the LCD, port names on the ports.
    add("brick button names", super::brick::INK, YELLOW, Need::Text);
    add("LCD", super::brick::INK, super::brick::LCD_BG, Need::Text);
    add("port names", Color32::WHITE, super::brick::PORT, Need::Text);
    add(
        "error line",
        RED,
        Color32::from_rgb(255, 230, 225),
        Need::Text,
    );
}

/// Controls and graphics against what they are drawn on (3:1).
fn graphics(v: &egui::Visuals, out: &mut Vec<Pair>) {
    let w = &v.widgets;
    let mut add = |what: &str, fg: Color32, bg: Color32, need: Need| push(out, what, fg, bg, need);
    // Controls and graphics against the panel they are on.
    let panel = v.panel_fill;
    add(
        "control outline",
        w.inactive.bg_stroke.color,
        panel,
        Need::Graphic,
    );
    add(
        "control outline in a text field's frame",
        w.inactive.bg_stroke.color,
        v.extreme_bg_color,
        Need::Graphic,
    );
    add(
        "selected toggle's outline",
        v.selection.stroke.color,
        panel,
        Need::Graphic,
    );
    add("lit icon's outline", LIT_OUTLINE, panel, Need::Graphic);
    add("selected icon's frame", BLUE, panel, Need::Graphic);
    add(
        "wire between icons",
        super::trace::WIRE,
        panel,
        Need::Graphic,
    );
    add("jump wire", super::trace::JUMP, panel, Need::Graphic);
    for (k, c) in super::readouts::SERIES.iter().enumerate() {
        add(
            &format!("plot line {k}"),
            *c,
            v.extreme_bg_color,
            Need::Graphic,
        );
    }
    add(
        "plot's time cursor",
        super::readouts::CURSOR,
        v.extreme_bg_color,
        Need::Graphic,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contrast_is_wcags() {
        assert!((contrast(Color32::BLACK, Color32::WHITE) - 21.0).abs() < 1e-9);
        assert!((contrast(Color32::WHITE, Color32::WHITE) - 1.0).abs() < 1e-9);
        // WCAG's own example: #777 on white is just under 4.5:1.
        let grey = contrast(Color32::from_gray(0x77), Color32::WHITE);
        assert!(grey > 4.47 && grey < 4.49, "{grey}");
    }

    /// Every pair the panels draw reads well enough, in both themes; the high-contrast
    /// theme's text reads at 7:1 (WCAG's AAA) on its panels.
    #[test]
    fn every_text_and_graphic_of_both_themes_has_the_contrast_wcag_aa_asks() {
        let mut failing = Vec::new();
        for look in [
            Look::default(),
            Look {
                high_contrast: true,
                reduce_motion: false,
            },
        ] {
            let all = pairs(look);
            assert!(all.len() > 100, "{} pairs", all.len());
            for p in all {
                let c = contrast(p.fg, p.bg);
                if c < p.need.ratio() {
                    failing.push(format!(
                        "{}{}: {c:.2}:1 < {}:1 ({:?} on {:?})",
                        if look.high_contrast {
                            "[high contrast] "
                        } else {
                            ""
                        },
                        p.what,
                        p.need.ratio(),
                        p.fg,
                        p.bg
                    ));
                }
            }
        }
        assert!(failing.is_empty(), "{}", failing.join("\n"));
        let hc = visuals(Look {
            high_contrast: true,
            reduce_motion: false,
        });
        assert!(
            contrast(hc.text_color(), hc.panel_fill) >= 7.0,
            "high contrast text"
        );
    }

    #[test]
    fn zoom_steps_reach_200_percent_and_stop() {
        let mut z = 1.0;
        for _ in 0..20 {
            z = zoom_step(z, true);
        }
        assert_eq!(z, 2.0);
        assert_eq!(zoom_step(2.0, false), 1.75);
        assert_eq!(zoom_step(1.0, false), 0.9);
        assert_eq!(zoom_of_setting("7"), 2.0);
        assert_eq!(zoom_of_setting("nonsense"), 1.0);
        assert_eq!(zoom_of_setting("1.5\n"), 1.5);
    }
}

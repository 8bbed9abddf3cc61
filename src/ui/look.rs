//! The View menu (what the 3D view shows, the messages, the language) and its High
//! contrast, Reduce motion and zoom (issue 44): the choices and their keys.

use crate::app::{Action, LuApp};
use crate::tr;

/// View > High contrast, Reduce motion, Zoom in / out / Actual size (keys of
/// assets/i18n/*.ftl).
pub const HIGH_CONTRAST: &str = "toolbar-high-contrast";
pub const REDUCE_MOTION: &str = "toolbar-reduce-motion";
pub const ZOOM_IN_LABEL: &str = "toolbar-zoom-in";
pub const ZOOM_OUT_LABEL: &str = "toolbar-zoom-out";
pub const ZOOM_RESET_LABEL: &str = "toolbar-actual-size";
/// View > Language.
pub const LANGUAGE: &str = "toolbar-language";

/// Ctrl + (and Ctrl =, the same key without Shift): zoom in.
pub const ZOOM_IN: egui::KeyboardShortcut =
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Plus);
pub const ZOOM_IN_EQUALS: egui::KeyboardShortcut =
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Equals);
/// Ctrl −: zoom out.
pub const ZOOM_OUT: egui::KeyboardShortcut =
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Minus);
/// Ctrl 0: 100 %.
pub const ZOOM_RESET: egui::KeyboardShortcut =
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Num0);

/// View > High contrast, Reduce motion, and the zoom (with their keys).
pub fn look_choices(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    let mut look = app.view.look;
    let hc = ui
        .checkbox(&mut look.high_contrast, crate::tr!(lang, HIGH_CONTRAST))
        .on_hover_text(crate::tr!(lang, "toolbar-high-contrast-tip"));
    let rm = ui
        .checkbox(&mut look.reduce_motion, crate::tr!(lang, REDUCE_MOTION))
        .on_hover_text(crate::tr!(lang, "toolbar-reduce-motion-tip"));
    if hc.changed() || rm.changed() {
        acts.push(Action::SetLook(look));
    }
    let zoom = app.view.zoom;
    for (key, shortcut, to, enabled) in [
        (
            ZOOM_IN_LABEL,
            &ZOOM_IN,
            crate::app::zoom_step(zoom, true),
            zoom < 1.99,
        ),
        (
            ZOOM_OUT_LABEL,
            &ZOOM_OUT,
            crate::app::zoom_step(zoom, false),
            zoom > 0.81,
        ),
        (
            ZOOM_RESET_LABEL,
            &ZOOM_RESET,
            1.0,
            (zoom - 1.0).abs() > 1e-3,
        ),
    ] {
        let keys = ui.ctx().format_shortcut(shortcut);
        if ui
            .add_enabled(
                enabled,
                egui::Button::new(crate::tr!(lang, key)).shortcut_text(keys),
            )
            .on_hover_text(crate::tr!(
                lang,
                "toolbar-zoom-now",
                percent = format!("{:.0}", zoom * 100.0)
            ))
            .clicked()
        {
            acts.push(Action::SetZoom(to));
        }
    }
}

/// View: what the 3D view shows, the messages, the language.
pub(super) fn view_menu(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    ui.checkbox(&mut app.view.grid, tr!(lang, "toolbar-n10-cm-grid"))
        .on_hover_text(tr!(lang, "toolbar-show-a-grid-on-the"));
    ui.checkbox(&mut app.view.shadows, tr!(lang, "toolbar-shadows"))
        .on_hover_text(tr!(lang, "toolbar-soft-shadows-under-the-robot"));
    ui.checkbox(&mut app.view.follow, tr!(lang, "toolbar-follow-the-robot"))
        .on_hover_text(tr!(lang, "toolbar-keep-the-camera-pointed-at"));
    ui.checkbox(
        &mut app.view.second_view,
        tr!(lang, "toolbar-second-view-top"),
    )
    .on_hover_text(tr!(lang, "toolbar-show-a-top-view-beside"));
    ui.checkbox(
        &mut app.view.billboard,
        tr!(lang, "toolbar-running-icon-above-the-robot"),
    )
    .on_hover_text(tr!(lang, "toolbar-show-the-icon-that-is"));
    ui.checkbox(&mut app.view.trail, tr!(lang, super::challenge::TRAIL))
        .on_hover_text(tr!(lang, "toolbar-trail-tip"));
    if ui
        .button(tr!(lang, "toolbar-messages"))
        .on_hover_text(tr!(lang, "toolbar-show-all-messages-errors-downloads"))
        .clicked()
    {
        app.dialogs.show_messages = true;
        ui.close();
    }
    ui.separator();
    look_choices(app, acts, ui);
    ui.menu_button(tr!(lang, LANGUAGE), |ui| {
        // Each language by its own name, as its speakers look for it.
        for lang in crate::i18n::ALL {
            if super::selectable(ui, app.view.lang == lang, lang.native_name()).clicked() {
                acts.push(Action::SetLanguage(lang));
                ui.close();
            }
        }
    })
    .response
    .on_hover_text(tr!(lang, "toolbar-language-tip"));
}

//! The editor window's side panes and questions: the selected icon's modifiers, the LASM
//! each icon compiles to (the running line lit), the offer to restore an autosave, the
//! question before closing with unsaved changes, and the New menu of templates.

use super::*;
use crate::i18n::Lang;
use crate::ui::keys;

/// The selected icon's modifiers with ROBOLAB's ranges, its problem, and Delete.
pub(super) fn modifiers(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    ui.add_space(3.0);
    let Some(at) = app.editor.selected else {
        ui.label(crate::tr!(lang, "editor-click-an-icon-to-set"));
        ui.add_space(3.0);
        return;
    };
    let Some((title, fields, problem)) = app.editor.fields_of(lang, at) else {
        ui.label(crate::tr!(lang, "editor-click-an-icon-to-set-2"));
        return;
    };
    // The title on its own line, so the controls below never move when a value changes it.
    ui.horizontal(|ui| {
        if ui
            .button(crate::tr!(lang, DELETE_ICON))
            .on_hover_text(crate::tr!(lang, "editor-take-this-icon-out-of"))
            .clicked()
        {
            acts.push(Action::Editor(EditorAction::Delete(at)));
        }
        ui.label(
            RichText::new(crate::tr!(
                lang,
                "editor-modifiers-of",
                title = title.to_string()
            ))
            .strong(),
        );
    });
    ui.horizontal_wrapped(|ui| {
        if fields.is_empty() {
            ui.label(crate::tr!(lang, "editor-this-icon-has-no-modifiers"));
        }
        for f in &fields {
            field(lang, acts, ui, at, f);
            ui.add_space(8.0);
        }
    });
    if let Some(p) = problem {
        ui.label(RichText::new(format!("⚠ {p}")).color(RED));
    }
    ui.add_space(3.0);
}

/// One modifier's control, labelled with its name, within ROBOLAB's range.
fn field(lang: Lang, acts: &mut Vec<Action>, ui: &mut egui::Ui, at: Pos, f: &Field) {
    let param = f.param;
    let set = |value| Action::Editor(EditorAction::SetField { at, param, value });
    match f.style {
        Style::Ports => {
            for (bit, port) in ["A", "B", "C"].iter().enumerate() {
                let on = f.value & (1 << bit) != 0;
                let m = f.value ^ (1 << bit);
                // The only lit port cannot go off (an icon drives at least one): it says so
                // when hovered and when clicked, rather than silently do nothing.
                let tip = if m == 0 {
                    crate::tr!(lang, "editor-port-last", port = port.to_string())
                } else {
                    crate::tr!(lang, "editor-the-motor-outputs-this-icon")
                };
                if ui
                    .selectable_label(on, crate::tr!(lang, "editor-port", port = port.to_string()))
                    .on_hover_text(tip.clone())
                    .clicked()
                {
                    if m != 0 {
                        acts.push(set(m));
                    } else {
                        acts.push(Action::Note(crate::app::Level::Info, tip));
                    }
                }
            }
        }
        Style::Number => {
            let mut x = f.value;
            let range = f.min..=f.max;
            ui.label(format!(
                "{}:",
                crate::i18n::core_text_in(lang, "param", f.title)
            ));
            let r = if f.max - f.min <= 10 {
                keys::number_field(ui, egui::Slider::new(&mut x, range))
            } else {
                keys::number_field(ui, egui::DragValue::new(&mut x).range(range))
            };
            r.widget_info(|| {
                egui::WidgetInfo::slider(
                    true,
                    x as f64,
                    crate::i18n::core_text_in(lang, "param", f.title),
                )
            });
            r.on_hover_text(crate::tr!(
                lang,
                "editor-to",
                title = crate::i18n::core_text_in(lang, "param", f.title),
                min = f.min.to_string(),
                max = f.max.to_string()
            ));
            if x != f.value {
                acts.push(set(x));
            }
        }
        Style::Hundredths => {
            let mut x = f.value as f64 / 100.0;
            ui.label(format!(
                "{}:",
                crate::i18n::core_text_in(lang, "param", f.title)
            ));
            let r = keys::number_field(
                ui,
                egui::DragValue::new(&mut x)
                    .range(f.min as f64 / 100.0..=f.max as f64 / 100.0)
                    .speed(0.05)
                    .fixed_decimals(2)
                    .suffix(" s"),
            );
            r.widget_info(|| {
                egui::WidgetInfo::slider(true, x, crate::i18n::core_text_in(lang, "param", f.title))
            });
            r.on_hover_text(crate::tr!(
                lang,
                "editor-to-seconds",
                title = crate::i18n::core_text_in(lang, "param", f.title),
                v0 = crate::i18n::num_in(lang, f.min as f64 / 100.0, 2),
                v02 = crate::i18n::num_in(lang, f.max as f64 / 100.0, 2)
            ));
            let v = (x * 100.0).round() as i32;
            if v != f.value {
                acts.push(set(v));
            }
        }
        Style::Choice(words) => {
            let i = (f.value - f.min).max(0) as usize;
            let mut x = i;
            let word = |w: &str| crate::i18n::core_text_in(lang, "choice", w);
            egui::ComboBox::from_label(crate::i18n::core_text_in(lang, "param", f.title))
                .selected_text(words.get(i).map(|w| word(w)).unwrap_or_else(|| "?".into()))
                .show_ui(ui, |ui| {
                    for (k, w) in words.iter().enumerate() {
                        ui.selectable_value(&mut x, k, word(w));
                    }
                });
            if x != i {
                acts.push(set(f.min + x as i32));
            }
        }
    }
}

/// The LASM each icon compiles to (Table 3.1 made live), the running line lit.
pub(super) fn lasm_view(app: &mut LuApp, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    ui.add_space(3.0);
    ui.heading(crate::tr!(lang, "editor-lasm"))
        .on_hover_text(crate::tr!(lang, "editor-the-rcx-code-each-icon"));
    let (blocks, problems) = app
        .editor
        .lasm(lang, app.live.as_deref(), app.program.as_ref());
    if !problems.is_empty() {
        ui.label(crate::tr!(lang, "editor-this-program-cannot-compile-yet"));
        for p in problems {
            ui.label(RichText::new(format!("⚠ {p}")).color(RED));
        }
        ui.separator();
    }
    egui::ScrollArea::vertical()
        .id_salt("editor lasm")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            if blocks.is_empty() {
                ui.label(crate::tr!(lang, "editor-each-icon-s-code-appears"));
            }
            for b in &blocks {
                let head = RichText::new(&b.title).strong();
                let head = if b.selected { head.color(BLUE) } else { head };
                ui.label(head);
                for l in &b.lines {
                    let t = RichText::new(&l.text).monospace();
                    let r = if l.running {
                        ui.label(t.background_color(YELLOW).strong())
                    } else {
                        ui.label(t.color(Color32::from_gray(60)))
                    };
                    if l.running {
                        r.scroll_to_me(None);
                    }
                }
            }
        });
}

/// At start: an autosave from a session that did not end cleanly — restore it?
pub(super) fn restore_offer(app: &mut LuApp, acts: &mut Vec<Action>, ctx: &egui::Context) {
    let lang = app.view.lang;
    let Some(summary) = app.editor.restore_offer.clone() else {
        return;
    };
    egui::Modal::new(egui::Id::unique("editor restore")).show(ctx, |ui| {
        ui.set_width(380.0);
        ui.heading(crate::tr!(lang, "editor-restore-your-program"));
        ui.label(crate::tr!(
            lang,
            "editor-the-program-editor-was-not",
            summary = summary.to_string()
        ));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui
                .button(RichText::new(crate::tr!(lang, RESTORE)).strong())
                .on_hover_text(crate::tr!(lang, "editor-open-it-in-the-program"))
                .clicked()
            {
                acts.push(Action::Editor(EditorAction::Restore(true)));
            }
            if ui
                .button(crate::tr!(lang, DISCARD))
                .on_hover_text(crate::tr!(lang, "editor-forget-it-and-start-with"))
                .clicked()
            {
                acts.push(Action::Editor(EditorAction::Restore(false)));
            }
        });
    });
}

/// Closing the app with changes not saved: ask first.
pub(super) fn quit_question(app: &mut LuApp, acts: &mut Vec<Action>, ctx: &egui::Context) {
    let lang = app.view.lang;
    let close = ctx.input(|i| i.viewport().close_requested());
    if close && app.editor.unsaved() && !app.editor.quit_confirmed {
        ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
        app.editor.asking_quit = true;
    }
    if !app.editor.asking_quit {
        return;
    }
    egui::Modal::new(egui::Id::unique("editor quit")).show(ctx, |ui| {
        ui.set_width(380.0);
        ui.heading(crate::tr!(lang, "editor-your-program-is-not-saved"));
        ui.label(crate::tr!(lang, "editor-the-program-editor-has-changes"));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui
                .button(RichText::new(crate::tr!(lang, KEEP_EDITING)).strong())
                .clicked()
            {
                app.editor.asking_quit = false;
                app.editor.open = true;
            }
            if ui
                .button(crate::tr!(lang, QUIT_WITHOUT_SAVING))
                .on_hover_text(crate::tr!(lang, "editor-close-the-simulator-the-program"))
                .clicked()
            {
                acts.push(Action::Editor(EditorAction::Discard));
                ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            }
        });
    });
}

/// New: a program from one of the templates (empty, one motor, …), undoable.
pub(super) fn new_menu(lang: Lang, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    ui.menu_button(tr!(lang, NEW), |ui| {
        for t in Template::ALL {
            if ui
                .button(t.title(lang))
                .on_hover_text(t.help(lang))
                .clicked()
            {
                acts.push(Action::Editor(EditorAction::New(t)));
                ui.close();
            }
        }
    })
    .response
    .on_hover_text(tr!(lang, "editor-start-a-new-program-empty"));
}

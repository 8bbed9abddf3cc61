//! The editor's Save window (issue 44): the folder (Up, its sub-folders) and the name,
//! typed with the keyboard or after a click (a menu closed on any click inside it), then
//! one of the three kinds of file; Enter saves a draft, Esc or Cancel closes. In a tab the
//! file is downloaded (the host's `put`), so no folder is shown.

use super::*;

/// The editor's Save window's Cancel.
pub const CANCEL_SAVE: &str = "editor-save-cancel";

/// Where "the name field wants the focus" is kept (the window's first frame).
const FOCUS_NAME: &str = "editor save: focus the name";

/// Opens the Save window with the name field focused.
pub fn open(app: &mut LuApp, ctx: &egui::Context) {
    app.editor.save_open = true;
    ctx.data_mut(|d| d.insert_temp(egui::Id::unique(FOCUS_NAME), true));
}

/// The Save window, while it is open.
pub fn window(app: &mut LuApp, acts: &mut Vec<Action>, ctx: &egui::Context) {
    let lang = app.view.lang;
    if !app.editor.save_open {
        return;
    }
    let mut open = true;
    let mut close = false;
    let folders_here = app.host.caps().folders;
    egui::Window::new(crate::tr!(lang, SAVE_PROGRAM))
        .id(egui::Id::unique("editor save window"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_width(420.0)
        .show(ctx, |ui| {
            if folders_here {
                folder(app, ui);
            } else {
                ui.label(crate::tr!(lang, "editor-save-downloads"));
            }
            ui.separator();
            ui.horizontal(|ui| {
                let label = ui.label(crate::tr!(lang, "editor-name"));
                let r = ui
                    .add(egui::TextEdit::singleline(&mut app.editor.save_name).desired_width(260.0))
                    .labelled_by(label.id)
                    .on_hover_text(crate::tr!(lang, "editor-name-tip"));
                let focus = egui::Id::unique(FOCUS_NAME);
                if ui.data(|d| d.get_temp::<bool>(focus)).unwrap_or(false) {
                    r.request_focus();
                    ui.data_mut(|d| d.remove::<bool>(focus));
                }
                if r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    acts.push(Action::Editor(EditorAction::Save(Saving::Draft)));
                    close = true;
                }
            });
            ui.add_space(4.0);
            for s in Saving::ALL {
                if ui
                    .button(s.title(lang))
                    .on_hover_text(s.help(lang))
                    .clicked()
                {
                    acts.push(Action::Editor(EditorAction::Save(s)));
                    close = true;
                }
            }
            ui.add_space(4.0);
            if ui
                .button(crate::tr!(lang, CANCEL_SAVE))
                .on_hover_text(crate::tr!(lang, "editor-save-cancel-tip"))
                .clicked()
            {
                close = true;
            }
        });
    if !open || close {
        app.editor.save_open = false;
    }
}

/// The folder the file goes into: Up, the folder's path, its sub-folders to go into.
fn folder(app: &mut LuApp, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    let mut go_to = None;
    ui.horizontal(|ui| {
        if ui
            .button(crate::tr!(lang, "files-up"))
            .on_hover_text(crate::tr!(lang, "files-go-to-the-folder-above"))
            .clicked()
        {
            go_to = app.dialogs.file_dir.parent().map(|p| p.to_path_buf());
        }
        ui.label(crate::tr!(
            lang,
            "editor-folder",
            display = app.dialogs.file_dir.display().to_string()
        ));
    });
    egui::ScrollArea::vertical()
        .id_salt("editor save folders")
        .max_height(140.0)
        .show(ui, |ui| {
            for d in super::super::files::folders(&app.host, &app.dialogs.file_dir) {
                let name = d
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                if ui
                    .selectable_label(false, format!("📁 {name}"))
                    .on_hover_text(crate::tr!(lang, "files-save-into-this-folder"))
                    .clicked()
                {
                    go_to = Some(d);
                }
            }
        });
    if let Some(d) = go_to {
        app.dialogs.file_dir = app.host.absolute(&d);
    }
}

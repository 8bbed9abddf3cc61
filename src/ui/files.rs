//! A small file browser (no native dialog dependency): folders and the files the app can
//! open (.lasm, .rcx, .toml), or a typed path; and the "Save as" window (folder, name,
//! "Replace?" before overwriting).

use super::*;
use crate::app::{Action, Browse, ChallengeMsg, GradeMsg, LuApp, RcxMsg};

/// The endings of firmware files (S-records: LEGO's firm0328.lgo).
const FIRMWARE_FILES: [&str; 3] = ["lgo", "srec", "s19"];
use std::path::PathBuf;

/// Extensions the app opens.
const OPENABLE: [&str; 7] = ["lasm", "rcx", "nqc", "icons", "toml", "txt", "json"];

/// The button that takes the folder shown (choosing a folder for the Grade window).
pub const USE_FOLDER: &str = "files-use-this-folder";

/// The "Open a file" window; also what the Grade window chooses its assignment, programs
/// folder and output folder with (`app.dialogs.browse`).
pub fn browser(app: &mut LuApp, acts: &mut Vec<Action>, ctx: &egui::Context) {
    let lang = app.view.lang;
    let mut open = true;
    let mut chosen: Option<PathBuf> = None;
    let mut go_to: Option<PathBuf> = None;
    let mode = app.dialogs.browse;
    let folders_only = matches!(mode, Browse::Programs | Browse::GradeOut);
    let title = match mode {
        Browse::Open => crate::tr!(lang, "files-open-a-file"),
        Browse::Assignment => crate::tr!(lang, "files-choose-the-assignment"),
        Browse::Programs => crate::tr!(lang, "files-choose-the-programs-folder"),
        Browse::GradeOut => crate::tr!(lang, "files-choose-the-output-folder"),
        Browse::Challenge => crate::tr!(lang, "files-open-a-challenge"),
        Browse::Firmware => crate::tr!(lang, "files-choose-the-firmware"),
    };
    egui::Window::new(title)
        .open(&mut open)
        .default_size([520.0, 420.0])
        .collapsible(false)
        .vscroll(true)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                if ui
                    .button(crate::tr!(lang, "files-up"))
                    .on_hover_text(crate::tr!(lang, "files-go-to-the-folder-above"))
                    .clicked()
                {
                    go_to = app.dialogs.file_dir.parent().map(|p| p.to_path_buf());
                }
                ui.label(RichText::new(app.dialogs.file_dir.display().to_string()).monospace());
            });
            if folders_only
                && ui
                    .button(crate::tr!(lang, USE_FOLDER))
                    .on_hover_text(crate::tr!(lang, "files-choose-the-folder-shown-above"))
                    .clicked()
            {
                chosen = Some(app.dialogs.file_dir.clone());
            }
            ui.separator();
            entries(app, mode, ui, &mut go_to, &mut chosen);
            ui.separator();
            typed_path(app, mode, ui, &mut chosen);
            super::follow_focus(ui);
        });
    if let Some(d) = go_to {
        app.dialogs.file_dir = app.host.absolute(&d);
    }
    if let Some(p) = chosen {
        let shown = p.display().to_string();
        match mode {
            Browse::Open => acts.push(Action::Open(p)),
            Browse::Challenge => acts.push(Action::Challenge(ChallengeMsg::OpenFile(p))),
            Browse::Assignment | Browse::Programs if !app.host.exists(&p) => {
                acts.push(Action::Note(
                    crate::app::Level::Warning,
                    crate::tr!(
                        lang,
                        "files-does-not-exist",
                        display = p.display().to_string()
                    ),
                ));
                return;
            }
            Browse::Assignment => {
                if let Some(d) = p.parent() {
                    app.dialogs.file_dir = d.to_path_buf();
                }
                acts.push(Action::Grade(GradeMsg::Assignment(shown)));
            }
            Browse::Programs => acts.push(Action::Grade(GradeMsg::Programs(shown))),
            Browse::GradeOut => acts.push(Action::Grade(GradeMsg::Out(shown))),
            Browse::Firmware => acts.push(Action::Rcx(RcxMsg::FirmwarePath(shown))),
        }
        open = false;
    }
    if !open {
        app.dialogs.browse = Browse::Open;
    }
    app.dialogs.show_file_browser = open;
}

/// The folder's entries the window offers (folders, and the files `mode` takes): a folder
/// clicked is gone into, a file chosen.
fn entries(
    app: &LuApp,
    mode: Browse,
    ui: &mut egui::Ui,
    go_to: &mut Option<PathBuf>,
    chosen: &mut Option<PathBuf>,
) {
    let lang = app.view.lang;
    // The folder through the host (hidden entries left out, folders first).
    let entries: Vec<(bool, PathBuf)> = app
        .host
        .list(&app.dialogs.file_dir)
        .unwrap_or_default()
        .into_iter()
        .map(|e| (e.folder, e.path))
        .filter(|(dir, p)| {
            let wanted = |x: &std::ffi::OsStr| {
                let x = x.to_string_lossy().to_lowercase();
                match mode {
                    Browse::Open => OPENABLE.contains(&x.as_str()),
                    Browse::Assignment | Browse::Challenge => x == "toml",
                    Browse::Programs | Browse::GradeOut => false,
                    Browse::Firmware => FIRMWARE_FILES.contains(&x.as_str()),
                }
            };
            *dir || p.extension().is_some_and(wanted)
        })
        .collect();
    // At most half the screen (at 200 % the window's other rows need the rest).
    let most = (ui.ctx().content_rect().height() * 0.45).min(300.0);
    egui::ScrollArea::vertical()
        .max_height(most)
        .show(ui, |ui| {
            if entries.is_empty() {
                ui.label(match mode {
                    Browse::Open => crate::tr!(lang, "files-no-programs-robots-or-environments"),
                    Browse::Assignment | Browse::Challenge => {
                        crate::tr!(lang, "files-no-toml-files-here")
                    }
                    Browse::Programs | Browse::GradeOut => {
                        crate::tr!(lang, "files-no-folders-here")
                    }
                    Browse::Firmware => crate::tr!(lang, "files-no-firmware-here"),
                });
            }
            for (dir, p) in entries {
                let name = p
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let label = if dir {
                    format!("📁 {name}")
                } else {
                    format!("📄 {name}")
                };
                let tip = match (dir, mode) {
                    (true, _) => crate::tr!(lang, "files-open-this-folder"),
                    (false, Browse::Assignment) => {
                        crate::tr!(lang, "files-use-this-assignment-file")
                    }
                    (false, Browse::Challenge) => crate::tr!(lang, "files-open-this-challenge"),
                    (false, _) => crate::tr!(lang, "files-open-this-file-a-lasm"),
                };
                if ui
                    .selectable_label(false, label)
                    .on_hover_text(tip)
                    .clicked()
                {
                    if dir {
                        *go_to = Some(p);
                    } else {
                        *chosen = Some(p);
                    }
                }
            }
            super::follow_focus(ui);
        });
}

/// A path typed (absolute, or inside the folder shown), chosen with Enter or the button.
fn typed_path(app: &LuApp, mode: Browse, ui: &mut egui::Ui, chosen: &mut Option<PathBuf>) {
    let lang = app.view.lang;
    ui.horizontal(|ui| {
        let id = egui::Id::unique("typed path");
        let mut typed: String = ui.data_mut(|d| d.get_temp(id).unwrap_or_default());
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut typed)
                    .hint_text(crate::tr!(lang, "files-or-type-a-path"))
                    .desired_width(360.0),
            )
            .on_hover_text(crate::tr!(lang, "files-a-file-path-absolute-or"));
        let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let button = ui
            .button(if mode == Browse::Open {
                crate::tr!(lang, "files-open")
            } else {
                crate::tr!(lang, "files-choose")
            })
            .on_hover_text(crate::tr!(lang, "files-open-the-typed-path"))
            .clicked();
        if (enter || button) && !typed.is_empty() {
            let p = PathBuf::from(&typed);
            *chosen = Some(if p.is_absolute() {
                p
            } else {
                app.dialogs.file_dir.join(p)
            });
        }
        ui.data_mut(|d| d.insert_temp(id, typed));
    });
}

/// The sub-folders of `dir`, sorted, hidden ones left out (through the host).
pub(crate) fn folders(host: &crate::host::Host, dir: &std::path::Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = host
        .list(dir)
        .unwrap_or_default()
        .into_iter()
        .filter(|e| e.folder)
        .map(|e| e.path)
        .collect();
    v.sort();
    v
}

/// The "Save as" window of [`LuApp::ask_save`].
pub fn save_as(app: &mut LuApp, acts: &mut Vec<Action>, ctx: &egui::Context) {
    let lang = app.view.lang;
    let Some(req) = &mut app.dialogs.save_as else {
        return;
    };
    let mut open = true;
    let mut save: Option<bool> = None;
    let mut cancel = false;
    let title = req.kind.title(lang);
    let ext = req.kind.extension();
    egui::Window::new(title)
        .open(&mut open)
        .default_size([480.0, 360.0])
        .collapsible(false)
        .show(ctx, |ui| {
            if let Some(p) = req.confirm_replace.clone() {
                ui.label(crate::tr!(
                    lang,
                    "files-already-exists-replace-it",
                    display = p.display().to_string()
                ));
                ui.horizontal(|ui| {
                    if ui
                        .button(crate::tr!(lang, REPLACE))
                        .on_hover_text(crate::tr!(lang, "files-overwrite-the-existing-file"))
                        .clicked()
                    {
                        save = Some(true);
                    }
                    if ui
                        .button(crate::tr!(lang, CANCEL))
                        .on_hover_text(crate::tr!(lang, "files-keep-the-existing-file-and"))
                        .clicked()
                    {
                        req.confirm_replace = None;
                    }
                });
                return;
            }
            ui.horizontal(|ui| {
                if ui
                    .button(crate::tr!(lang, "files-up"))
                    .on_hover_text(crate::tr!(lang, "files-go-to-the-folder-above"))
                    .clicked()
                {
                    if let Some(p) = req.dir.parent() {
                        req.dir = p.to_path_buf();
                    }
                }
                ui.label(RichText::new(req.dir.display().to_string()).monospace());
            });
            ui.separator();
            egui::ScrollArea::vertical()
                .max_height(200.0)
                .show(ui, |ui| {
                    for d in folders(&app.host, &req.dir) {
                        let name = d
                            .file_name()
                            .map(|n| n.to_string_lossy().into_owned())
                            .unwrap_or_default();
                        if ui
                            .selectable_label(false, format!("📁 {name}"))
                            .on_hover_text(crate::tr!(lang, "files-save-into-this-folder"))
                            .clicked()
                        {
                            req.dir = d;
                        }
                    }
                });
            ui.separator();
            ui.horizontal(|ui| {
                ui.label(crate::tr!(lang, "files-name"));
                let r = ui
                    .add(egui::TextEdit::singleline(&mut req.name).desired_width(320.0))
                    .on_hover_text(crate::tr!(lang, "files-name-tip", ext = ext.to_string()));
                if r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    save = Some(false);
                }
            });
            ui.horizontal(|ui| {
                if ui
                    .button(crate::tr!(lang, SAVE))
                    .on_hover_text(crate::tr!(lang, "files-save-under-this-name-in"))
                    .clicked()
                {
                    save = Some(false);
                }
                if ui
                    .button(crate::tr!(lang, CANCEL))
                    .on_hover_text(crate::tr!(lang, "files-close-without-saving"))
                    .clicked()
                {
                    cancel = true;
                }
            });
        });
    if !open || cancel {
        app.dialogs.save_as = None;
    } else if let Some(replace) = save {
        acts.push(Action::ConfirmSave { replace });
    }
}

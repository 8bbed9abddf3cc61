//! The Grade window: choose an assignment, a programs folder and an output folder (with
//! the app's file window), Start, watch the progress, read the class table and each
//! pupil's runs (every criterion's task and what happened, in the reports' words, the error of a program that did
//! not load), and open a run in the main view.

use super::*;
use crate::app::grade::GradeForm;
use crate::app::{Action, Batch, Browse, GradeMsg, LuApp};
use crate::grade::RunStatus;
use crate::i18n::Lang;
use crate::sim::goal::CriterionStatus;

/// The File menu's entry and the window's title.
pub const GRADE_A_CLASS: &str = "grade-grade-a-class";
pub const GRADE_TITLE: &str = "grade-grade-a-class-2";
pub const CHOOSE_ASSIGNMENT: &str = "grade-choose-the-assignment";
pub const CHOOSE_PROGRAMS: &str = "grade-choose-the-programs-folder";
pub const CHOOSE_OUT: &str = "grade-choose-the-output-folder";
pub const ASSIGNMENT_FIELD: &str = "grade-assignment-file";
pub const PROGRAMS_FIELD: &str = "grade-programs-folder";
pub const OUT_FIELD: &str = "grade-output-folder";
pub const START_GRADING: &str = "grade-start-grading";
pub const COPY_PATH: &str = "grade-copy-the-report-s-path";
pub const CANCEL_GRADING: &str = "grade-cancel-grading";
/// A tab's download of every file of the graded class, as one zip (Ctrl+S).
pub const DOWNLOAD_ALL: &str = "grade-download-all";
/// Start grading with the keyboard while the window is open.
pub const START_SHORTCUT: egui::KeyboardShortcut =
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Enter);
/// Download every file (a tab) with the keyboard while the window is open.
pub const DOWNLOAD_SHORTCUT: egui::KeyboardShortcut =
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::S);
/// A tab's field of the pupils' files and its button.
pub const PUPILS_FILES: &str = "grade-pupils-files";
pub const CHOOSE_PUPILS_FILES: &str = "grade-choose-the-pupils-files";

/// The label of a run's button: "Open alice/drive/seed0".
pub fn open_run_label(lang: Lang, run: &str) -> String {
    crate::tr!(lang, "grade-open", run = run.to_string())
}

/// One labelled path field with its chooser button; true when its text was edited.
fn path_row(
    ui: &mut egui::Ui,
    label: &str,
    text: &mut String,
    button: &str,
    tip: &str,
    choose: &mut bool,
) -> bool {
    let l = ui.label(format!("{label}:"));
    let edited = ui
        .add_sized([420.0, 22.0], egui::TextEdit::singleline(text))
        .labelled_by(l.id)
        .on_hover_text(tip)
        .changed();
    if ui.button(button).on_hover_text(tip).clicked() {
        *choose = true;
    }
    ui.end_row();
    edited
}

/// The Grade window (when open).
pub fn grade_window(app: &mut LuApp, acts: &mut Vec<Action>, ctx: &egui::Context) {
    let lang = app.view.lang;
    let mut open = app.grade.open;
    let mut browse: Option<Browse> = None;
    egui::Window::new(crate::tr!(lang, GRADE_TITLE))
        .open(&mut open)
        // Below the toolbar, over the 3D view: Run, the speed and the timeline stay in
        // reach when a run is opened.
        .default_pos([256.0, 100.0])
        .default_size([720.0, 480.0])
        // Sideways too on a narrow screen (200 % on 1024 × 600): the paths' rows are wider;
        // elsewhere the window widens to them.
        .scroll([ctx.content_rect().width() < 800.0, true])
        .show(ctx, |ui| {
            let running = app.grade.busy();
            browse = match app.host.caps().folders {
                true => folder_form(lang, &app.grade.form, acts, ui),
                false => files_form(lang, &app.grade.form, ui),
            };
            ui.add_space(4.0);
            if ui
                .add_enabled(
                    !running,
                    egui::Button::new(RichText::new(crate::tr!(lang, START_GRADING)).strong()),
                )
                .on_hover_text(crate::tr!(lang, "grade-run-every-pupil-s-program"))
                .clicked()
            {
                acts.push(Action::Grade(GradeMsg::Start));
            }
            if running
                && ui
                    .button(crate::tr!(lang, CANCEL_GRADING))
                    .on_hover_text(crate::tr!(lang, "grade-stop-after-the-runs-being"))
                    .clicked()
            {
                acts.push(Action::Grade(GradeMsg::Cancel));
            }
            let Some(batch) = &app.grade.batch else {
                ui.label(crate::tr!(lang, "grade-choose-an-assignment-and-the"));
                super::follow_focus(ui);
                return;
            };
            ui.separator();
            progress(lang, ui, batch, app.host.caps().folders, acts);
            ui.separator();
            class_table(lang, ui, batch, app.grade.pupil.as_deref(), acts);
            if let Some(student) = &app.grade.pupil {
                ui.separator();
                pupil_runs(lang, ui, batch, student, acts);
            }
            super::follow_focus(ui);
        });
    // The file window (or the page's picker) opens at once, over this window.
    if let Some(mode) = browse {
        app.browse(mode);
    }
    if !open {
        acts.push(Action::Grade(GradeMsg::Show(false)));
    }
    // Ctrl+Enter starts, Ctrl+S downloads every file (a tab), wherever the focus is.
    let (start, save) = ctx.input_mut(|i| {
        (
            i.consume_shortcut(&START_SHORTCUT),
            i.consume_shortcut(&DOWNLOAD_SHORTCUT),
        )
    });
    if start && !app.grade.busy() {
        acts.push(Action::Grade(GradeMsg::Start));
    }
    if save && !app.host.caps().folders {
        acts.push(Action::Grade(GradeMsg::Download(
            crate::app::grade::ALL.into(),
        )));
    }
}

/// The desktop's form: the assignment file, the programs folder and the output folder,
/// typed or chosen with the app's file window.
fn folder_form(
    lang: Lang,
    form: &GradeForm,
    acts: &mut Vec<Action>,
    ui: &mut egui::Ui,
) -> Option<Browse> {
    let mut browse = None;
    egui::Grid::new("grade form").num_columns(3).show(ui, |ui| {
        let rows: [(&str, &String, &str, &str, Browse); 3] = [
            (
                ASSIGNMENT_FIELD,
                &form.assignment,
                CHOOSE_ASSIGNMENT,
                "grade-the-assignment-toml-its-scenarios",
                Browse::Assignment,
            ),
            (
                PROGRAMS_FIELD,
                &form.programs,
                CHOOSE_PROGRAMS,
                "grade-one-program-per-pupil-alice",
                Browse::Programs,
            ),
            (
                OUT_FIELD,
                &form.out,
                CHOOSE_OUT,
                "grade-where-runs-jsonl-grades-csv",
                Browse::GradeOut,
            ),
        ];
        for (label, text, button, tip, mode) in rows {
            let mut typed = text.clone();
            let mut choose = false;
            let tip = crate::tr!(lang, tip);
            if path_row(
                ui,
                &crate::tr!(lang, label),
                &mut typed,
                &crate::tr!(lang, button),
                &tip,
                &mut choose,
            ) {
                acts.push(Action::Grade(match mode {
                    Browse::Assignment => GradeMsg::Assignment(typed),
                    Browse::Programs => GradeMsg::Programs(typed),
                    _ => GradeMsg::Out(typed),
                }));
            }
            if choose {
                browse = Some(mode);
            }
        }
    });
    browse
}

/// A tab's form: the assignment and the pupils' files (or a zip of them), picked with the
/// page's picker or dropped on the window; the reports come as downloads. Which file to
/// pick next, if a button was pressed.
fn files_form(lang: Lang, form: &GradeForm, ui: &mut egui::Ui) -> Option<Browse> {
    let mut browse = None;
    egui::Grid::new("grade files")
        .num_columns(3)
        .show(ui, |ui| {
            let rows = [
                (
                    ASSIGNMENT_FIELD,
                    &form.assignment,
                    CHOOSE_ASSIGNMENT,
                    crate::tr!(lang, "grade-the-assignment-toml-its-scenarios"),
                    Browse::Assignment,
                ),
                (
                    PUPILS_FILES,
                    &form.programs,
                    CHOOSE_PUPILS_FILES,
                    crate::tr!(lang, "grade-pupils-files-tip"),
                    Browse::Programs,
                ),
            ];
            for (label, given, button, tip, mode) in rows {
                ui.label(format!("{}:", crate::tr!(lang, label)));
                let shown = match given.is_empty() {
                    true => crate::tr!(lang, "grade-none-yet"),
                    false => given.clone(),
                };
                ui.label(RichText::new(shown).monospace())
                    .on_hover_text(&tip);
                if ui
                    .button(crate::tr!(lang, button))
                    .on_hover_text(&tip)
                    .clicked()
                {
                    browse = Some(mode);
                }
                ui.end_row();
            }
        });
    ui.label(RichText::new(crate::tr!(lang, "grade-drop-here")).small());
    browse
}

fn progress(lang: Lang, ui: &mut egui::Ui, b: &Batch, folders: bool, acts: &mut Vec<Action>) {
    ui.label(RichText::new(&b.name).strong());
    let (done, total) = (b.done(), b.total());
    let frac = if total == 0 {
        1.0
    } else {
        done as f32 / total as f32
    };
    let mut text = crate::tr!(
        lang,
        "grade-runs-not-ok",
        done = done.to_string(),
        total = total.to_string(),
        not_ok = b.not_ok.to_string()
    );
    if let Some(left) = b.time_left_s() {
        text.push_str(&crate::tr!(
            lang,
            "grade-about-s-left",
            left = crate::i18n::num_in(lang, left, 0)
        ));
    }
    ui.add(egui::ProgressBar::new(frac).text(text))
        .on_hover_text(crate::tr!(
            lang,
            "grade-simulations-at-once-a-run",
            jobs = b.jobs.to_string()
        ));
    match &b.finished {
        None => {}
        Some(Ok(errors)) => {
            ui.label(crate::tr!(
                lang,
                "grade-graded-runs-in-s",
                total = total.to_string(),
                took_s = crate::i18n::num_in(lang, b.took_s, 1),
                is_empty = if errors.is_empty() {
                    String::new()
                } else {
                    format!(
                        " {} could not be graded: {}",
                        errors.len(),
                        errors.join("; ")
                    )
                }
                .to_string()
            ));
            if !folders {
                downloads(lang, ui, b, acts);
                return;
            }
            let report = b.out.join("report.html");
            ui.horizontal(|ui| {
                ui.label(crate::tr!(lang, "grade-report"));
                ui.label(RichText::new(report.display().to_string()).monospace())
                    .on_hover_text(crate::tr!(lang, "grade-open-it-in-a-browser"));
                if ui
                    .button(crate::tr!(lang, COPY_PATH))
                    .on_hover_text(crate::tr!(lang, "grade-copy-the-report-s-path-2"))
                    .clicked()
                {
                    ui.ctx().copy_text(report.display().to_string());
                }
            });
        }
        Some(Err(_)) if b.cancelled() => {
            ui.label(crate::tr!(
                lang,
                "grade-cancelled-after-of-runs-no",
                done = done.to_string(),
                total = total.to_string()
            ));
        }
        Some(Err(e)) => {
            ui.label(
                RichText::new(crate::tr!(lang, "grade-grading-stopped", e = e.to_string()))
                    .color(RED),
            );
        }
    }
}

fn status_text(status: RunStatus) -> RichText {
    let c = match status {
        RunStatus::Ok => GREEN,
        RunStatus::LoadFailed | RunStatus::Error => RED,
    };
    RichText::new(status.as_str()).color(c)
}

/// A tab's Download buttons: the reports `grade` writes, byte for byte, and all of them
/// in one zip.
fn downloads(lang: Lang, ui: &mut egui::Ui, b: &Batch, acts: &mut Vec<Action>) {
    if b.files.is_empty() {
        return;
    }
    if ui
        .button(RichText::new(crate::tr!(lang, DOWNLOAD_ALL)).strong())
        .on_hover_text(crate::tr!(lang, "grade-download-all-tip"))
        .clicked()
    {
        acts.push(Action::Grade(GradeMsg::Download(
            crate::app::grade::ALL.into(),
        )));
    }
    ui.horizontal_wrapped(|ui| {
        for name in ["report.html", "grades.csv", "junit.xml", "runs.jsonl"] {
            if b.files.iter().any(|(n, _)| n == name)
                && ui
                    .button(download_label(lang, name))
                    .on_hover_text(crate::tr!(lang, "grade-download-tip"))
                    .clicked()
            {
                acts.push(Action::Grade(GradeMsg::Download(name.to_string())));
            }
        }
    });
}

/// The label of a Download button: "Download report.html".
pub fn download_label(lang: Lang, name: &str) -> String {
    crate::tr!(lang, "grade-download", name = name.to_string())
}

fn class_table(
    lang: Lang,
    ui: &mut egui::Ui,
    b: &Batch,
    chosen: Option<&str>,
    acts: &mut Vec<Action>,
) {
    let ids = b.scenario_ids();
    ui.label(crate::tr!(lang, "grade-click-a-pupil-to-see"));
    egui::Grid::new("class table")
        .striped(true)
        .num_columns(ids.len() + 4)
        .show(ui, |ui| {
            ui.label(RichText::new(crate::tr!(lang, "grade-pupil")).strong());
            ui.label(RichText::new(crate::tr!(lang, "grade-points")).strong());
            ui.label(RichText::new(crate::tr!(lang, "grade-of")).strong());
            for id in &ids {
                ui.label(RichText::new(id).strong())
                    .on_hover_text(crate::tr!(lang, "grade-points-in-this-scenario-the"));
            }
            ui.label(RichText::new(crate::tr!(lang, "grade-status")).strong());
            ui.end_row();
            for row in b.table() {
                let selected = chosen == Some(row.student.as_str());
                if ui
                    .selectable_label(selected, &row.student)
                    .on_hover_text(crate::tr!(lang, "grade-show-this-pupil-s-runs"))
                    .clicked()
                {
                    acts.push(Action::Grade(GradeMsg::Pupil(row.student.clone())));
                }
                ui.label(crate::grade::report::points(row.points));
                ui.label(crate::grade::report::points(row.max_points));
                for p in &row.scenarios {
                    ui.label(p.map_or("–".into(), crate::grade::report::points));
                }
                ui.label(status_text(row.status));
                ui.end_row();
            }
        });
}

fn pupil_runs(lang: Lang, ui: &mut egui::Ui, b: &Batch, student: &str, acts: &mut Vec<Action>) {
    if let Some(row) = b.table().into_iter().find(|r| r.student == student) {
        ui.heading(crate::tr!(
            lang,
            "grade-of-points",
            student = student.to_string(),
            points = crate::grade::report::points(row.points).to_string(),
            points2 = crate::grade::report::points(row.max_points).to_string(),
            status = row.status.to_string()
        ));
    }
    for (i, r) in b.runs_of(student) {
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            if ui
                .button(open_run_label(lang, &r.run))
                .on_hover_text(crate::tr!(lang, "grade-open-this-run-in-the"))
                .clicked()
            {
                acts.push(Action::Grade(GradeMsg::OpenRun(i)));
            }
            ui.label(crate::tr!(
                lang,
                "grade-of-points-2",
                points = crate::grade::report::points(r.points).to_string(),
                points2 = crate::grade::report::points(r.max_points).to_string()
            ));
            ui.label(status_text(r.status));
        });
        if let Some(e) = &r.error {
            ui.label(RichText::new(e).color(RED));
        }
        egui::Grid::new(("criteria", i))
            .striped(true)
            .num_columns(4)
            .show(ui, |ui| {
                for c in &r.criteria {
                    let (mark, colour) = match c.status {
                        CriterionStatus::Pass => (crate::tr!(lang, "grade-pass"), GREEN),
                        CriterionStatus::Fail => (crate::tr!(lang, "grade-fail"), RED),
                        CriterionStatus::Skipped => (crate::tr!(lang, "grade-skipped"), MUTED),
                    };
                    ui.label(RichText::new(mark).color(colour));
                    ui.label(&c.id);
                    ui.label(format!(
                        "{} / {}",
                        crate::grade::report::points(c.points),
                        crate::grade::report::points(c.max_points)
                    ));
                    let (task, happened) = crate::grade::report::criterion_words(
                        &b.plan.assignment,
                        &r.scenario,
                        c,
                        lang,
                    );
                    ui.label(format!("{task}: {happened}"));
                    ui.end_row();
                }
            });
    }
}

//! The Grade window: choose an assignment, a programs folder and an output folder (with
//! the app's file window), Start, watch the progress, read the class table and each
//! pupil's runs (every criterion's task and what happened, in the reports' words, the error of a program that did
//! not load), and open a run in the main view.

use super::*;
use crate::app::{Action, Batch, Browse, LuApp};
use crate::grade::criteria::CriterionStatus;
use crate::grade::RunStatus;

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

/// The label of a run's button: "Open alice/drive/seed0".
pub fn open_run_label(run: &str) -> String {
    crate::tr!("grade-open", run = run.to_string())
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
    let mut open = app.dialogs.grade.open;
    let mut browse: Option<Browse> = None;
    egui::Window::new(crate::tr!(GRADE_TITLE))
        .open(&mut open)
        // Below the toolbar, over the 3D view: Run, the speed and the timeline stay in
        // reach when a run is opened.
        .default_pos([256.0, 100.0])
        .default_size([720.0, 480.0])
        .vscroll(true)
        .show(ctx, |ui| {
            let running = app.grading.as_ref().is_some_and(Batch::running);
            let form = &mut app.dialogs.grade;
            egui::Grid::new("grade form").num_columns(3).show(ui, |ui| {
                let mut choose = false;
                if path_row(
                    ui,
                    &crate::tr!(ASSIGNMENT_FIELD),
                    &mut form.assignment,
                    &crate::tr!(CHOOSE_ASSIGNMENT),
                    &crate::tr!("grade-the-assignment-toml-its-scenarios"),
                    &mut choose,
                ) && !form.out_chosen
                {
                    let p = std::path::PathBuf::from(form.assignment.trim());
                    form.out = crate::app::grade::default_out(&p).display().to_string();
                }
                if choose {
                    browse = Some(Browse::Assignment);
                }
                let mut choose = false;
                path_row(
                    ui,
                    &crate::tr!(PROGRAMS_FIELD),
                    &mut form.programs,
                    &crate::tr!(CHOOSE_PROGRAMS),
                    &crate::tr!("grade-one-program-per-pupil-alice"),
                    &mut choose,
                );
                if choose {
                    browse = Some(Browse::Programs);
                }
                let mut choose = false;
                if path_row(
                    ui,
                    &crate::tr!(OUT_FIELD),
                    &mut form.out,
                    &crate::tr!(CHOOSE_OUT),
                    &crate::tr!("grade-where-runs-jsonl-grades-csv"),
                    &mut choose,
                ) {
                    form.out_chosen = true;
                }
                if choose {
                    browse = Some(Browse::GradeOut);
                }
            });
            ui.add_space(4.0);
            if ui
                .add_enabled(
                    !running,
                    egui::Button::new(RichText::new(crate::tr!(START_GRADING)).strong()),
                )
                .on_hover_text(crate::tr!("grade-run-every-pupil-s-program"))
                .clicked()
            {
                acts.push(Action::StartGrading);
            }
            if running
                && ui
                    .button(crate::tr!(CANCEL_GRADING))
                    .on_hover_text(crate::tr!("grade-stop-after-the-runs-being"))
                    .clicked()
            {
                acts.push(Action::CancelGrading);
            }
            let Some(batch) = &app.grading else {
                ui.label(crate::tr!("grade-choose-an-assignment-and-the"));
                return;
            };
            ui.separator();
            progress(ui, batch);
            ui.separator();
            class_table(ui, batch, &mut app.dialogs.grade.pupil);
            if let Some(student) = app.dialogs.grade.pupil.clone() {
                ui.separator();
                pupil_runs(ui, batch, &student, acts);
            }
        });
    if let Some(mode) = browse {
        app.dialogs.browse = mode;
        app.dialogs.show_file_browser = true;
    }
    app.dialogs.grade.open = open;
}

fn progress(ui: &mut egui::Ui, b: &Batch) {
    ui.label(RichText::new(&b.name).strong());
    let (done, total) = (b.done(), b.total());
    let frac = if total == 0 {
        1.0
    } else {
        done as f32 / total as f32
    };
    let mut text = crate::tr!(
        "grade-runs-not-ok",
        done = done.to_string(),
        total = total.to_string(),
        not_ok = b.not_ok.to_string()
    );
    if let Some(left) = b.time_left_s() {
        text.push_str(&crate::tr!(
            "grade-about-s-left",
            left = crate::i18n::num(left, 0)
        ));
    }
    ui.add(egui::ProgressBar::new(frac).text(text))
        .on_hover_text(crate::tr!(
            "grade-simulations-at-once-a-run",
            jobs = b.jobs.to_string()
        ));
    match &b.finished {
        None => {}
        Some(Ok(errors)) => {
            ui.label(crate::tr!(
                "grade-graded-runs-in-s",
                total = total.to_string(),
                took_s = crate::i18n::num(b.took_s, 1),
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
            let report = b.out.join("report.html");
            ui.horizontal(|ui| {
                ui.label(crate::tr!("grade-report"));
                ui.label(RichText::new(report.display().to_string()).monospace())
                    .on_hover_text(crate::tr!("grade-open-it-in-a-browser"));
                if ui
                    .button(crate::tr!(COPY_PATH))
                    .on_hover_text(crate::tr!("grade-copy-the-report-s-path-2"))
                    .clicked()
                {
                    ui.ctx().copy_text(report.display().to_string());
                }
            });
        }
        Some(Err(_)) if b.cancelled() => {
            ui.label(crate::tr!(
                "grade-cancelled-after-of-runs-no",
                done = done.to_string(),
                total = total.to_string()
            ));
        }
        Some(Err(e)) => {
            ui.label(
                RichText::new(crate::tr!("grade-grading-stopped", e = e.to_string())).color(RED),
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

fn class_table(ui: &mut egui::Ui, b: &Batch, chosen: &mut Option<String>) {
    let ids = b.scenario_ids();
    ui.label(crate::tr!("grade-click-a-pupil-to-see"));
    egui::Grid::new("class table")
        .striped(true)
        .num_columns(ids.len() + 4)
        .show(ui, |ui| {
            ui.label(RichText::new(crate::tr!("grade-pupil")).strong());
            ui.label(RichText::new(crate::tr!("grade-points")).strong());
            ui.label(RichText::new(crate::tr!("grade-of")).strong());
            for id in &ids {
                ui.label(RichText::new(id).strong())
                    .on_hover_text(crate::tr!("grade-points-in-this-scenario-the"));
            }
            ui.label(RichText::new(crate::tr!("grade-status")).strong());
            ui.end_row();
            for row in b.table() {
                let selected = chosen.as_deref() == Some(row.student.as_str());
                if ui
                    .selectable_label(selected, &row.student)
                    .on_hover_text(crate::tr!("grade-show-this-pupil-s-runs"))
                    .clicked()
                {
                    *chosen = Some(row.student.clone());
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

fn pupil_runs(ui: &mut egui::Ui, b: &Batch, student: &str, acts: &mut Vec<Action>) {
    if let Some(row) = b.table().into_iter().find(|r| r.student == student) {
        ui.heading(crate::tr!(
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
                .button(open_run_label(&r.run))
                .on_hover_text(crate::tr!("grade-open-this-run-in-the"))
                .clicked()
            {
                acts.push(Action::OpenGradedRun(i));
            }
            ui.label(crate::tr!(
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
                        CriterionStatus::Pass => (crate::tr!("grade-pass"), GREEN),
                        CriterionStatus::Fail => (crate::tr!("grade-fail"), RED),
                        CriterionStatus::Skipped => (crate::tr!("grade-skipped"), MUTED),
                    };
                    ui.label(RichText::new(mark).color(colour));
                    ui.label(&c.id);
                    ui.label(format!(
                        "{} / {}",
                        crate::grade::report::points(c.points),
                        crate::grade::report::points(c.max_points)
                    ));
                    let (task, happened) =
                        crate::grade::report::criterion_words(&b.plan.assignment, &r.scenario, c);
                    ui.label(format!("{task}: {happened}"));
                    ui.end_row();
                }
            });
    }
}

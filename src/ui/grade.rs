//! The Grade window: choose an assignment, a programs folder and an output folder (with
//! the app's file window), Start, watch the progress, read the class table and each
//! pupil's runs (every criterion's task and what happened, in the reports' words, the error of a program that did
//! not load), and open a run in the main view.

use super::*;
use crate::app::{Action, Batch, Browse, LuApp};
use crate::grade::criteria::CriterionStatus;
use crate::grade::RunStatus;

/// The File menu's entry and the window's title.
pub const GRADE_A_CLASS: &str = "Grade a class…";
pub const GRADE_TITLE: &str = "Grade a class";
pub const CHOOSE_ASSIGNMENT: &str = "📂 Choose the assignment…";
pub const CHOOSE_PROGRAMS: &str = "📂 Choose the programs folder…";
pub const CHOOSE_OUT: &str = "📂 Choose the output folder…";
pub const ASSIGNMENT_FIELD: &str = "Assignment file";
pub const PROGRAMS_FIELD: &str = "Programs folder";
pub const OUT_FIELD: &str = "Output folder";
pub const START_GRADING: &str = "▶ Start grading";
pub const COPY_PATH: &str = "Copy the report's path";
pub const CANCEL_GRADING: &str = "⏹ Cancel grading";

/// The label of a run's button: "Open alice/drive/seed0".
pub fn open_run_label(run: &str) -> String {
    format!("Open {run}")
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
    egui::Window::new(GRADE_TITLE)
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
                    ASSIGNMENT_FIELD,
                    &mut form.assignment,
                    CHOOSE_ASSIGNMENT,
                    "The assignment (.toml): its scenarios and criteria (docs/grading.md)",
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
                    PROGRAMS_FIELD,
                    &mut form.programs,
                    CHOOSE_PROGRAMS,
                    "One program per pupil: alice.rcx, bob.lasm, carol.nqc, or a folder per pupil holding one program",
                    &mut choose,
                );
                if choose {
                    browse = Some(Browse::Programs);
                }
                let mut choose = false;
                if path_row(
                    ui,
                    OUT_FIELD,
                    &mut form.out,
                    CHOOSE_OUT,
                    "Where runs.jsonl, grades.csv, junit.xml, the Gradescope files and report.html go (a 'graded' folder beside the assignment unless you choose one)",
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
                .add_enabled(!running, egui::Button::new(RichText::new(START_GRADING).strong()))
                .on_hover_text("Run every pupil's program in every scenario of the assignment, in the background; the simulator keeps working meanwhile")
                .clicked()
            {
                acts.push(Action::StartGrading);
            }
            if running
                && ui
                    .button(CANCEL_GRADING)
                    .on_hover_text("Stop after the runs being simulated now; no report is written")
                    .clicked()
            {
                acts.push(Action::CancelGrading);
            }
            let Some(batch) = &app.grading else {
                ui.label("Choose an assignment and the pupils' programs, then Start.");
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
    let mut text = format!("{done} / {total} runs · {} not ok", b.not_ok);
    if let Some(left) = b.time_left_s() {
        text.push_str(&format!(" · about {left:.0} s left"));
    }
    ui.add(egui::ProgressBar::new(frac).text(text))
        .on_hover_text(format!(
            "{} simulations at once; a run is not ok when its program did not load or it could not be graded",
            b.jobs
        ));
    match &b.finished {
        None => {}
        Some(Ok(errors)) => {
            ui.label(format!(
                "Graded {total} runs in {:.1} s.{}",
                b.took_s,
                if errors.is_empty() {
                    String::new()
                } else {
                    format!(
                        " {} could not be graded: {}",
                        errors.len(),
                        errors.join("; ")
                    )
                }
            ));
            let report = b.out.join("report.html");
            ui.horizontal(|ui| {
                ui.label("Report:");
                ui.label(RichText::new(report.display().to_string()).monospace())
                    .on_hover_text("Open it in a browser; grades.csv, junit.xml, runs.jsonl and gradescope/ are beside it");
                if ui
                    .button(COPY_PATH)
                    .on_hover_text("Copy the report's path, to paste into a browser or a file manager")
                    .clicked()
                {
                    ui.ctx().copy_text(report.display().to_string());
                }
            });
        }
        Some(Err(_)) if b.cancelled() => {
            ui.label(format!(
                "Cancelled after {done} of {total} runs: no report was written."
            ));
        }
        Some(Err(e)) => {
            ui.label(RichText::new(format!("Grading stopped: {e}")).color(RED));
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
    ui.label("Click a pupil to see their runs.");
    egui::Grid::new("class table")
        .striped(true)
        .num_columns(ids.len() + 4)
        .show(ui, |ui| {
            ui.label(RichText::new("Pupil").strong());
            ui.label(RichText::new("Points").strong());
            ui.label(RichText::new("of").strong());
            for id in &ids {
                ui.label(RichText::new(id).strong())
                    .on_hover_text("Points in this scenario (the mean over its seeds)");
            }
            ui.label(RichText::new("Status").strong());
            ui.end_row();
            for row in b.table() {
                let selected = chosen.as_deref() == Some(row.student.as_str());
                if ui
                    .selectable_label(selected, &row.student)
                    .on_hover_text("Show this pupil's runs and criteria")
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
        ui.heading(format!(
            "{student}: {} of {} points · {}",
            crate::grade::report::points(row.points),
            crate::grade::report::points(row.max_points),
            row.status
        ));
    }
    for (i, r) in b.runs_of(student) {
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            if ui
                .button(open_run_label(&r.run))
                .on_hover_text("Open this run in the main view: the scenario's robot, floor and start, this pupil's program, the run's seed and realism; then press Run or Replay")
                .clicked()
            {
                acts.push(Action::OpenGradedRun(i));
            }
            ui.label(format!(
                "{} of {} points ·",
                crate::grade::report::points(r.points),
                crate::grade::report::points(r.max_points)
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
                        CriterionStatus::Pass => ("✔ pass", GREEN),
                        CriterionStatus::Fail => ("✖ fail", RED),
                        CriterionStatus::Skipped => ("skipped", Color32::GRAY),
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

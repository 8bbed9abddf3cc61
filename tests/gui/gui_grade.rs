//! The Grade window (issue 22), as a teacher uses it: File > Grade a class…, choose the
//! sample assignment and the pupils' programs through the app's file window, Start, wait
//! for the class table, read a pupil's runs, and open a run in the main view.
#![cfg(feature = "gui")]

use crate::gui_support::*;
use egui::accesskit::Role;
use egui_kittest::kittest::{by, NodeT, Queryable};
use lurobotsim::app::AppConfig;
use lurobotsim::ui;
use lurobotsim::ui::grade as g;

/// Scrolls the Grade window to the widget labelled `label` and clicks it, as a person
/// scrolling down to it would.
fn click_in_view(h: &mut AppHarness, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run_steps(3);
    click(h, label);
}

/// A fresh output folder for one test.
fn out_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!(
        "lurobotsim-gui-grade-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// The text field labelled `label` in the Grade window.
fn field<'a>(h: &'a AppHarness, label: &str) -> egui_kittest::Node<'a> {
    h.query_all(by().role(Role::TextInput))
        .find(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| l.starts_with(label))
        })
        .unwrap_or_else(|| panic!("a text field labelled {label}"))
}

/// File > Grade a class…, then the sample assignment and programs chosen through the file
/// window (folders clicked one by one, as a person would), the output folder typed.
fn open_and_choose(h: &mut AppHarness, out: &std::path::Path) {
    assert!(wait_for(h, |a| a.live.is_some()));
    h.state_mut().dialogs.file_dir = root();
    click(h, "File");
    click(h, &lurobotsim::tr!(Lang::En, g::GRADE_A_CLASS));
    assert!(
        shows(h, &lurobotsim::tr!(Lang::En, g::START_GRADING)),
        "the Grade window is open"
    );
    click(h, &lurobotsim::tr!(Lang::En, g::CHOOSE_ASSIGNMENT));
    assert!(shows(h, "Choose the assignment"), "the file window opens");
    for folder in ["📁 tests", "📁 data", "📁 grade"] {
        click(h, folder);
    }
    click(h, "📄 assignment.toml");
    let a = field(h, &lurobotsim::tr!(Lang::En, g::ASSIGNMENT_FIELD))
        .value()
        .unwrap_or_default();
    assert!(a.ends_with("assignment.toml"), "{a}");
    let o = field(h, &lurobotsim::tr!(Lang::En, g::OUT_FIELD))
        .value()
        .unwrap_or_default();
    assert!(
        o.ends_with("grade/graded"),
        "the output folder defaults to 'graded' beside the assignment: {o}"
    );
    click(h, &lurobotsim::tr!(Lang::En, g::CHOOSE_PROGRAMS));
    assert!(shows(h, "Choose the programs folder"));
    click(h, "📁 programs");
    click(h, &lurobotsim::tr!(Lang::En, ui::files::USE_FOLDER));
    let p = field(h, &lurobotsim::tr!(Lang::En, g::PROGRAMS_FIELD))
        .value()
        .unwrap_or_default();
    assert!(p.ends_with("grade/programs"), "{p}");
    field(h, &lurobotsim::tr!(Lang::En, g::OUT_FIELD))
        .set_text_value_accesskit(&out.display().to_string());
    h.run_steps(2);
    assert_eq!(
        field(h, &lurobotsim::tr!(Lang::En, g::OUT_FIELD))
            .value()
            .unwrap_or_default(),
        out.display().to_string()
    );
}

/// Starts grading and waits for the class table's last pupil.
fn start_and_wait(h: &mut AppHarness) {
    click(h, &lurobotsim::tr!(Lang::En, g::START_GRADING));
    wait_for_batch(h);
}

/// Waits until the batch has finished and the window has drawn its end.
fn wait_for_batch(h: &mut AppHarness) {
    assert!(
        until(h, |h| h
            .state()
            .grade
            .batch
            .as_ref()
            .is_some_and(|b| !b.running())),
        "the batch finishes"
    );
    h.run_steps(2);
}

#[test]
fn grading_the_sample_class_in_the_window_gives_the_cli_s_points_and_opens_alice_s_run() {
    let out = out_dir("journey");
    let mut h = harness(AppConfig::quiet());
    open_and_choose(&mut h, &out);
    click(&mut h, &lurobotsim::tr!(Lang::En, g::START_GRADING));
    // The window keeps drawing while the class is graded: a progress bar with the runs.
    assert!(
        until(&mut h, |h| shows(h, " / 27 runs")),
        "the progress bar counts the runs"
    );
    wait_for_batch(&mut h);
    assert!(shows(&h, "27 / 27 runs"), "every run done");
    assert!(shows(&h, "report.html"), "the report's path is shown");
    // The class table as the CLI writes it (grades.csv, from this very batch).
    let csv = std::fs::read_to_string(out.join("grades.csv")).unwrap();
    let b = h.state().grade.batch.as_ref().unwrap();
    let table: Vec<String> = b
        .table()
        .iter()
        .map(|r| {
            let mut cells = vec![
                r.student.clone(),
                lurobotsim::grade::report::points(r.points),
                lurobotsim::grade::report::points(r.max_points),
            ];
            cells.extend(
                r.scenarios
                    .iter()
                    .map(|p| lurobotsim::grade::report::points(p.unwrap_or(f64::NAN))),
            );
            cells.join(",")
        })
        .collect();
    assert_eq!(
        csv.lines().skip(1).collect::<Vec<_>>(),
        table,
        "the window's table is grades.csv"
    );
    assert!(table.contains(&"alice,11,11,8,3".to_string()), "{table:?}");
    assert!(table.contains(&"bob,2,11,1,1".to_string()), "{table:?}");
    let dana = b.table().into_iter().find(|r| r.student == "dana").unwrap();
    assert_eq!(dana.status, lurobotsim::grade::RunStatus::LoadFailed);
    // Alice's runs, each criterion's task and what happened, in the reports' words.
    click(&mut h, "alice");
    assert!(shows(&h, "alice: 11 of 11 points · ok"));
    assert!(shows(&h, &g::open_run_label(Lang::En, "alice/drive/seed0")));
    assert!(
        shows(&h, "Run without a fault: no fault"),
        "criteria say their task and what happened"
    );
    click_in_view(&mut h, &g::open_run_label(Lang::En, "alice/drive/seed0"));
    assert!(
        until(&mut h, |h| shows(h, "Program: alice.lasm")),
        "the program pane shows her program"
    );
    assert!(until(&mut h, |h| shows(h, "M4 on E2")), "robot M4 on E2");
    // The runner's snapshot of the opened run can arrive a frame after the labels.
    assert!(until(&mut h, |h| h
        .state()
        .shown()
        .is_some_and(|s| s.robot == "M4")));
    let snap = h.state().shown().unwrap().clone();
    assert_eq!((snap.robot.as_str(), snap.time_ms), ("M4", 0));
    assert_eq!(clock_text(&h), "⏱ 0.000 s", "loaded and stopped");
    assert_eq!(run_state(&h), "paused");
    // Ready to Run: alice drives into the far box within the scenario's 3 s.
    set_speed(&mut h, "max");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(until(&mut h, |h| clock(h) >= 3.0));
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::PAUSE));
    assert!(until(&mut h, |h| run_state(h) == "paused"));
    let (x, z) = position(&h);
    assert!(
        (0.8..=1.4).contains(&x) && (-0.3..=0.3).contains(&z),
        "in the far box as graded: x {x}, z {z}"
    );
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn clicking_dana_s_run_shows_why_her_program_did_not_load() {
    let out = out_dir("dana");
    let mut h = harness(AppConfig::quiet());
    open_and_choose(&mut h, &out);
    start_and_wait(&mut h);
    click(&mut h, "dana");
    assert!(shows(&h, "dana: 0 of 11 points · load_failed"));
    let error = h
        .state()
        .grade
        .batch
        .as_ref()
        .unwrap()
        .records
        .iter()
        .find(|r| r.student == "dana")
        .and_then(|r| r.error.clone())
        .unwrap();
    assert!(shows(&h, &error), "the run's error is listed: {error}");
    let robot_before = h.state().shown().unwrap().robot.clone();
    click_in_view(&mut h, &g::open_run_label(Lang::En, "dana/drive/seed0"));
    assert!(
        until(&mut h, |h| shows(
            h,
            &lurobotsim::tr!(Lang::En, ui::CANNOT_OPEN)
        )),
        "the error window opens instead"
    );
    assert!(shows(&h, "prog.lasm"), "naming her file");
    assert!(h.state().program.is_none(), "nothing was loaded");
    assert_eq!(h.state().shown().unwrap().robot, robot_before);
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn a_wrong_assignment_is_shown_with_its_file_and_line_and_nothing_is_graded() {
    let dir = out_dir("bad");
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "[assignment]\nname = \"x\"\nseconds = 2\n\n[[scenario]]\nid = \"a\"\nrobot = \"M4\"\nenvironment = \"E1\"\n\n  [[scenario.criterion]]\n  id = \"c\"\n  kind = \"teleport\"\n  points = 1\n",
    )
    .unwrap();
    let mut h = harness(AppConfig::quiet());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    click(&mut h, "File");
    click(&mut h, &lurobotsim::tr!(Lang::En, g::GRADE_A_CLASS));
    field(&h, &lurobotsim::tr!(Lang::En, g::ASSIGNMENT_FIELD))
        .set_text_value_accesskit(&bad.display().to_string());
    field(&h, &lurobotsim::tr!(Lang::En, g::PROGRAMS_FIELD)).set_text_value_accesskit(
        &root()
            .join("tests/data/grade/programs")
            .display()
            .to_string(),
    );
    h.run_steps(2);
    click(&mut h, &lurobotsim::tr!(Lang::En, g::START_GRADING));
    assert!(
        until(&mut h, |h| shows(
            h,
            &lurobotsim::tr!(Lang::En, ui::CANNOT_USE_ASSIGNMENT)
        )),
        "a window explains it"
    );
    assert!(shows(&h, "bad.toml:12"), "FILE:LINE of the unknown kind");
    assert!(shows(&h, "teleport"), "the faulty line is shown");
    assert!(h.state().grade.batch.is_none(), "nothing was graded");
    assert!(!dir.join("graded").exists(), "no output folder was made");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn opening_a_graded_run_while_a_program_runs_asks_first_then_uses_the_run_s_seed() {
    let out = out_dir("seed");
    let mut h = harness(AppConfig {
        program: Some(root().join("assets/examples/motor_2s.lasm")),
        ..AppConfig::quiet()
    });
    assert!(until(&mut h, |h| shows(h, "Program: motor_2s")));
    open_and_choose(&mut h, &out);
    start_and_wait(&mut h);
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::RUN));
    assert!(until(&mut h, |h| clock(h) > 0.1), "a program runs");
    click(&mut h, "alice");
    click_in_view(&mut h, &g::open_run_label(Lang::En, "alice/drive/seed1"));
    assert!(
        until(&mut h, |h| shows(
            h,
            "Open the graded run alice/drive/seed1?"
        )),
        "asked before the running program goes"
    );
    assert!(shows(&h, "Program: motor_2s"), "nothing changed yet");
    click(&mut h, &lurobotsim::tr!(Lang::En, ui::OK));
    assert!(until(&mut h, |h| shows(h, "Program: alice.lasm")));
    assert!(until(&mut h, |h| shows(h, "M4 on E2 · original")));
    let seed = h.state().runner.with(|s| s.config().seed).recv().unwrap();
    assert_eq!(seed, 1, "the run's seed");
    assert_eq!(run_state(&h), "paused");
    let _ = std::fs::remove_dir_all(&out);
}

/// The sample class without carol's NQC source (a tab cannot run NQC), zipped as a
/// teacher zips the programs folder, and `grade`'s output of the same class.
fn zipped_class_and_grade_s_files(name: &str) -> (Vec<u8>, std::path::PathBuf) {
    let dir = out_dir(name);
    let programs = root().join("tests/data/grade/programs");
    let mut files = Vec::new();
    for e in std::fs::read_dir(&programs).unwrap() {
        let p = e.unwrap().path();
        let n = p.file_name().unwrap().to_string_lossy().into_owned();
        if n.ends_with(".nqc") {
            continue;
        }
        let inner: Vec<std::path::PathBuf> = match p.is_dir() {
            true => std::fs::read_dir(&p)
                .unwrap()
                .map(|f| f.unwrap().path())
                .collect(),
            false => vec![p.clone()],
        };
        for f in inner {
            let rel = f
                .strip_prefix(&programs)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let at = dir.join("programs").join(&rel);
            std::fs::create_dir_all(at.parent().unwrap()).unwrap();
            std::fs::copy(&f, &at).unwrap();
            files.push((format!("programs/{rel}"), std::fs::read(&f).unwrap()));
        }
    }
    files.sort();
    let a = lurobotsim::sim::assignment::Assignment::load(
        &root().join("tests/data/grade/assignment.toml"),
    )
    .unwrap();
    let pupils = lurobotsim::grade::class::pupils(&dir.join("programs")).unwrap();
    let plan = lurobotsim::grade::Plan::new(a, pupils);
    lurobotsim::grade::grade_into_folder(&plan, &dir.join("graded"), 2, |_| {}).unwrap();
    (lurobotsim::grade::zip::write(&files), dir.join("graded"))
}

#[test]
fn in_a_tab_a_zipped_class_is_graded_in_frames_and_its_reports_download_as_grade_writes_them() {
    let (zip, graded) = zipped_class_and_grade_s_files("tab");
    let (host, memory) = lurobotsim::host::Host::memory();
    let mut h = harness_on(AppConfig::quiet(), host);
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    click(&mut h, "File");
    click(&mut h, &lurobotsim::tr!(Lang::En, g::GRADE_A_CLASS));
    // A tab has no folders: the page's picker, then what the teacher picked.
    click(&mut h, &lurobotsim::tr!(Lang::En, g::CHOOSE_ASSIGNMENT));
    assert_eq!(memory.picks().last().map(|p| p.accept), Some(".toml"));
    let assignment = std::fs::read(root().join("tests/data/grade/assignment.toml")).unwrap();
    memory.give(
        vec![lurobotsim::host::FileBytes {
            name: "assignment.toml".into(),
            bytes: assignment,
        }],
        true,
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, g::CHOOSE_PUPILS_FILES));
    memory.give(
        vec![lurobotsim::host::FileBytes {
            name: "programs.zip".into(),
            bytes: zip,
        }],
        true,
    );
    assert!(
        until(&mut h, |h| shows(h, "9 files")),
        "the zip's files are given"
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, g::START_GRADING));
    wait_for_batch(&mut h);
    assert!(
        h.state().grade.batch.as_ref().unwrap().records.len() == 24,
        "every run of the eight pupils"
    );
    for name in ["report.html", "grades.csv", "junit.xml"] {
        click_in_view(&mut h, &g::download_label(Lang::En, name));
        let saved = memory.saved();
        let (_, bytes) = saved
            .iter()
            .rev()
            .find(|(p, _)| p.to_string_lossy() == name)
            .unwrap_or_else(|| panic!("{name} was downloaded"));
        let disk = std::fs::read(graded.join(name)).unwrap();
        assert!(*bytes == disk, "{name} is byte for byte grade's");
    }
    let _ = std::fs::remove_dir_all(graded.parent().unwrap());
}

/// Ctrl+Enter in the Grade window started the simulation instead of grading once Run had
/// that key too (issue 44's shortcuts): the window's own Start wins while it is open.
#[test]
fn ctrl_enter_in_the_grade_window_grades_the_class_and_does_not_run_the_simulation() {
    let out = out_dir("ctrl-enter");
    let mut h = harness(AppConfig::quiet());
    open_and_choose(&mut h, &out);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Enter);
    h.run_steps(2);
    assert!(
        h.state().grade.batch.is_some(),
        "Ctrl+Enter started grading"
    );
    wait_for_batch(&mut h);
    assert!(shows(&h, "27 / 27 runs"), "every run done");
    let running = h.state().status.as_ref().is_some_and(|s| s.running);
    assert!(!running, "the simulation did not start");
}

//! The program editor driven as a pupil drives it: icons dragged from the palette into a
//! strip, modifiers set by clicking and sliding, Download, Run, and the icons lighting up;
//! a program that cannot compile refused with its reason; undo and redo; the autosave
//! offered back after a crash.
#![cfg(feature = "gui")]

use crate::gui_support;

use egui_kittest::kittest::{NodeT, Queryable};
use gui_support::*;
use lurobotsim::app::AppConfig;
use lurobotsim::ui::editor as ed;

/// The robot with a light sensor on the floor with the black square.
fn m5_on_e3() -> AppConfig {
    AppConfig {
        robot: "M5".into(),
        env: "E3".into(),
        ..AppConfig::quiet()
    }
}

/// A fresh data folder for one test's autosave.
fn data_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("lurobotsim-editor-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Opens the editor with the toolbar's button.
fn open_editor(h: &mut AppHarness) {
    click(h, &lurobotsim::tr!(Lang::En, ed::EDIT_PROGRAM));
    assert!(
        until(h, |h| shows(h, "Task 0 strip")),
        "the editor shows task 0"
    );
}

/// Presses at `from`, moves in steps to `to` and releases there, as a hand does.
fn drag(h: &mut AppHarness, from: egui::Pos2, to: egui::Pos2) {
    h.hover_at(from);
    h.run_steps(1);
    h.drag_at(from);
    h.run_steps(1);
    for k in 1..=8 {
        h.hover_at(from + (to - from) * (k as f32 / 8.0));
        h.run_steps(1);
    }
    h.drop_at(to);
    h.run_steps(3);
}

/// Where to drop so an icon lands at the end of task 0: right of its last icon, or in the
/// empty strip.
fn end_of_strip(h: &AppHarness) -> egui::Pos2 {
    match icons(h).last() {
        Some(last) => h.get_by_label(last).rect().center() + egui::vec2(12.0, 0.0),
        None => h.get_by_label("Task 0 strip").rect().left_top() + egui::vec2(20.0, 30.0),
    }
}

/// Drags the palette's `title` icon to the end of task 0 and waits for it to appear.
fn add(h: &mut AppHarness, title: &str) {
    let before = icons(h).len();
    // Scroll the palette to the icon first, as a person would.
    h.get_by_label(title).scroll_to_me();
    h.run_steps(3);
    let from = h.get_by_label(title).rect().center();
    let to = end_of_strip(h);
    drag(h, from, to);
    assert!(
        until(h, |h| icons(h).len() > before),
        "{title} was dropped into task 0: {:?}",
        icons(h)
    );
}

/// Selects icon `n` (1-based) of task 0 by clicking it.
fn select(h: &mut AppHarness, n: usize) {
    let name = icons(h)[n - 1].clone();
    click(h, &name);
    assert!(
        until(h, |h| shows(h, "Modifiers of")),
        "its modifiers are shown"
    );
}

/// Sets the selected icon's modifier `title` to `value` as the slider or number box would.
fn set(h: &mut AppHarness, title: &str, value: f64) {
    h.get_by_label(title).set_value_accesskit(value);
    h.run_steps(3);
}

/// The selected motor icon drives exactly `ports` ("AC", "C", …): clicks the port buttons,
/// those to turn on first (an icon always drives at least one port).
fn ports(h: &mut AppHarness, want: &str) {
    for turn_on in [true, false] {
        for p in ["A", "B", "C"] {
            let label = format!("Port {p}");
            let on = h.get_by_label(&label).accesskit_node().toggled()
                == Some(egui::accesskit::Toggled::True);
            if on != want.contains(p) && want.contains(p) == turn_on {
                click(h, &label);
            }
        }
    }
}

/// Task 0's caption under icon `n` (1-based).
fn caption(h: &AppHarness, n: usize) -> String {
    let name = icons(h)[n - 1].clone();
    h.get_by_label(&name).value().unwrap_or_default()
}

/// Distance of (x, z) from E3's line, the square with corners (±1, ±1), metres.
fn off_the_line(x: f64, z: f64) -> f64 {
    (x.abs().max(z.abs()) - 1.0).abs()
}

#[test]
fn a_line_follower_built_from_an_empty_program_follows_the_line_with_its_icons_lit() {
    let mut h = harness(m5_on_e3());
    open_editor(&mut h);
    // Drive both motors at power 3 until the light sensor sees the line.
    add(&mut h, "Motor forward");
    select(&mut h, 1);
    ports(&mut h, "AC");
    set(&mut h, "Power level", 3.0);
    add(&mut h, "Wait for dark");
    select(&mut h, 2);
    set(&mut h, "Threshold", 40.0);
    // On the line: turn with C; wait for the white floor.
    add(&mut h, "Motor forward");
    select(&mut h, 3);
    ports(&mut h, "C");
    set(&mut h, "Power level", 3.0);
    add(&mut h, "Stop motor");
    add(&mut h, "Wait for light");
    select(&mut h, 5);
    set(&mut h, "Threshold", 55.0);
    // On white: turn back with A; wait for the line again.
    add(&mut h, "Motor forward");
    select(&mut h, 6);
    set(&mut h, "Power level", 3.0);
    add(&mut h, "Stop motor");
    select(&mut h, 7);
    ports(&mut h, "C");
    add(&mut h, "Wait for dark");
    select(&mut h, 8);
    set(&mut h, "Threshold", 40.0);
    // And again forever: a jump, whose land comes with it and is moved to after the first
    // wait for dark.
    add(&mut h, "Jump");
    let all = icons(&h);
    assert_eq!(all.len(), 10, "{all:?}");
    assert!(
        all[9].ends_with("Land"),
        "the jump brings its land: {all:?}"
    );
    let land = h.get_by_label(&all[9]).rect().center();
    let third = h.get_by_label(&all[2]).rect();
    drag(&mut h, land, third.left_center() - egui::vec2(4.0, 0.0));
    assert!(
        until(&mut h, |h| icons(h)
            .get(2)
            .is_some_and(|l| l.ends_with("Land"))),
        "the land moved to third place: {:?}",
        icons(&h)
    );
    assert!(caption(&h, 1).contains("AC") && caption(&h, 1).contains("pwr 3"));

    click(&mut h, &lurobotsim::tr!(Lang::En, ed::DOWNLOAD));
    assert!(
        until(&mut h, |h| shows(h, "Program: edited program")),
        "the robot has the edited program"
    );
    // The very bytes of the shipped ROBOLAB example.
    let example = root().join("assets/examples/line_follower.lasm");
    let want =
        lurobotsim::rcx::lasm::assemble(&std::fs::read_to_string(&example).unwrap(), "x").unwrap();
    let got = h.state().program.clone().unwrap().program;
    assert_eq!(got.tasks, want.tasks, "the icons make the example's code");
    set_speed(&mut h, "max");
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::RUN_PROGRAM));
    // Within 2 s an icon of the editor is lit (the same view as the trace).
    let lit = |h: &AppHarness| {
        h.query_all_by_label_contains("Task 0 #")
            .any(|n| n.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True))
    };
    assert!(until(&mut h, lit), "an editor icon lights while it runs");
    // After 20 s it is still on the line (it reached it after about 3 s).
    assert!(until(&mut h, |h| clock(h) > 20.0), "the clock passes 20 s");
    for _ in 0..5 {
        let t = clock(&h);
        assert!(until(&mut h, |h| clock(h) > t + 1.0));
        let (x, z) = position(&h);
        assert!(
            off_the_line(x, z) < 0.12,
            "at {:.1} s the robot is at ({x:.2}, {z:.2}), {:.2} m off the line",
            clock(&h),
            off_the_line(x, z)
        );
    }
    assert!(lit(&h), "its icons are still lit as it runs");
    // Editing while it runs is allowed; the editor says when it takes effect.
    add(&mut h, "Play tone");
    assert!(
        until(&mut h, |h| shows(h, "Your changes take effect at the next")),
        "the editor says the robot runs the old program until the next Download"
    );
    assert!(
        clock(&h) > 25.0 && h.state().is_running(),
        "the run goes on"
    );
}

#[test]
fn a_fork_without_its_merge_is_refused_at_download_with_its_reason() {
    let mut h = harness(m5_on_e3());
    open_editor(&mut h);
    add(&mut h, "Touch sensor fork");
    let all = icons(&h);
    assert_eq!(
        all.len(),
        3,
        "the fork comes with its second branch and merge: {all:?}"
    );
    // Take the merge away.
    select(&mut h, 3);
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::DELETE_ICON));
    assert!(until(&mut h, |h| icons(h).len() == 2), "{:?}", icons(&h));
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::DOWNLOAD));
    assert!(
        until(&mut h, |h| shows(h, "Download refused")),
        "Download says no"
    );
    assert!(shows(&h, "merge"), "and says why: the merge is missing");
    assert!(
        !shows(&h, "Program: edited program"),
        "nothing was downloaded"
    );
    // The icon at fault is marked with the reason (its modifiers panel says it too).
    assert!(shows(&h, "⚠"), "the faulty icon is marked");
}

#[test]
fn undo_takes_back_each_change_and_redo_does_it_again() {
    let mut h = harness(m5_on_e3());
    open_editor(&mut h);
    add(&mut h, "Motor forward");
    add(&mut h, "Wait for time");
    select(&mut h, 2);
    set(&mut h, "Seconds", 3.5);
    assert!(until(&mut h, |h| caption(h, 2).contains("3.50 s")));
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::UNDO));
    assert!(
        until(&mut h, |h| caption(h, 2).contains("1.00 s")),
        "{}",
        caption(&h, 2)
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::UNDO));
    assert!(until(&mut h, |h| icons(h).len() == 1), "{:?}", icons(&h));
    // Ctrl+Y redoes, Ctrl+Z undoes.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    h.run_steps(2);
    assert!(until(&mut h, |h| icons(h).len() == 2));
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::REDO));
    assert!(until(&mut h, |h| icons(h).len() == 2
        && caption(h, 2).contains("3.50 s")));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert!(until(&mut h, |h| caption(h, 2).contains("1.00 s")));
}

#[test]
fn an_autosave_left_by_a_crash_is_offered_and_restored_at_start() {
    let dir = data_dir("crash");
    // A session edits a program and "crashes": its harness is dropped without closing.
    {
        let mut h = harness(AppConfig {
            data_dir: Some(dir.clone()),
            ..m5_on_e3()
        });
        open_editor(&mut h);
        add(&mut h, "Motor forward");
        add(&mut h, "Play tone");
        assert!(
            dir.join("editor-autosave.txt").exists(),
            "the edit was autosaved"
        );
    }
    let mut h = harness(AppConfig {
        data_dir: Some(dir.clone()),
        ..m5_on_e3()
    });
    assert!(
        until(&mut h, |h| shows(h, "Restore your program?")),
        "the new app offers the autosave"
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::RESTORE));
    assert!(until(&mut h, |h| icons(h).len() == 2), "{:?}", icons(&h));
    assert!(icons(&h)[1].ends_with("Play tone"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tab_moves_between_icons_enter_edits_and_delete_removes() {
    let mut h = harness(m5_on_e3());
    open_editor(&mut h);
    add(&mut h, "Motor forward");
    add(&mut h, "Wait for time");
    add(&mut h, "Play tone");
    // Focus the first icon, Tab to the second, Enter shows its modifiers.
    h.get_by_label("Task 0 #1 Motor forward").focus();
    h.run_steps(2);
    h.key_press(egui::Key::Tab);
    h.run_steps(2);
    h.key_press(egui::Key::Enter);
    assert!(
        until(&mut h, |h| shows(h, "Modifiers of Wait for 1.00 s")),
        "Enter on the second icon edits it"
    );
    // Delete removes the focused icon.
    h.key_press(egui::Key::Delete);
    assert!(until(&mut h, |h| icons(h).len() == 2), "{:?}", icons(&h));
    assert!(icons(&h)[1].ends_with("Play tone"), "{:?}", icons(&h));
}

#[test]
fn a_program_saved_as_rcx_opens_again_as_the_same_icons_and_a_second_save_asks_to_replace() {
    let dir = data_dir("save");
    std::fs::create_dir_all(&dir).unwrap();
    let mut h = harness(m5_on_e3());
    h.state_mut().dialogs.file_dir = dir.clone();
    open_editor(&mut h);
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::NEW));
    click(&mut h, "Two motors, then wait");
    assert!(until(&mut h, |h| icons(h).len() == 3), "{:?}", icons(&h));
    let built = icons(&h);
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::SAVE_PROGRAM));
    click(&mut h, "Save as .rcx (finished program)");
    let file = dir.join("my-program.rcx");
    assert!(
        until(&mut h, |_| file.exists()),
        "saved as {}",
        file.display()
    );
    // Saving again asks first.
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::SAVE_PROGRAM));
    click(&mut h, "Save as .rcx (finished program)");
    assert!(until(&mut h, |h| shows(h, "my-program.rcx exists already")));
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::REPLACE_FILE));
    assert!(until(&mut h, |h| shows(h, "Saved ")), "replaced");
    // A new empty program, then the saved file opened and shown as icons.
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::NEW));
    click(&mut h, "Empty program");
    assert!(until(&mut h, |h| icons(h).is_empty()));
    h.state_mut()
        .apply(lurobotsim::app::Action::Open(file.clone()));
    assert!(until(&mut h, |h| shows(h, "Program: my-program.rcx")));
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::EDIT_LOADED));
    assert!(until(&mut h, |h| icons(h).len() == 3), "{:?}", icons(&h));
    assert_eq!(icons(&h), built, "the same icons come back");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn in_a_scene_download_goes_to_the_robot_chosen() {
    let mut h = harness(AppConfig {
        scene: Some(root().join("assets/examples/ir_master_slave.toml")),
        ..AppConfig::quiet()
    });
    assert!(until(&mut h, |h| shows(h, "slave · M4")));
    click(&mut h, "Add robot");
    assert!(until(&mut h, |h| h.state().selected == 2), "R3 is chosen");
    open_editor(&mut h);
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::NEW));
    click(&mut h, "Two motors, then wait");
    assert!(until(&mut h, |h| icons(h).len() == 3));
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::DOWNLOAD));
    assert!(
        until(&mut h, |h| shows(h, "Downloaded to R3")),
        "it says which robot: {:?}",
        h.state().editor.notice
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::RUN_PROGRAM));
    let moved = |h: &AppHarness| {
        h.state().shown().is_some_and(|s| {
            s.robots
                .get(2)
                .is_some_and(|r| (r.pose.x - r.start_pose.x).hypot(r.pose.z - r.start_pose.z) > 0.3)
        })
    };
    assert!(until(&mut h, moved), "R3 drives its new program");
}

/// Whether Debian's `nqc` is installed; says why the test skips when it is not. Under
/// `CI=true` a missing nqc fails instead (CI installs it: a skip there would hide a gap).
fn nqc_installed() -> bool {
    let ok = std::process::Command::new("nqc")
        .arg("-help")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok();
    if !ok {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI must have `nqc` installed"
        );
        eprintln!("SKIPPED: `nqc` is not installed (apt-get install nqc; .ci/run does it)");
    }
    ok
}

/// Runs `nqc -TRCX2 ARGS`; panics with its output unless it exits 0.
fn run_nqc(args: &[std::ffi::OsString]) {
    let out = std::process::Command::new("nqc")
        .arg("-TRCX2")
        .args(args)
        .output()
        .expect("nqc runs");
    assert!(
        out.status.success(),
        "nqc {args:?} failed: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[cfg(unix)]
#[test]
fn a_program_nqc_downloads_through_the_pty_opens_as_icons_and_saves_as_the_very_same_code() {
    use std::ffi::OsString;
    if !nqc_installed() {
        return;
    }
    let dir = data_dir("nqc");
    std::fs::create_dir_all(&dir).unwrap();
    let dev = dir.join("rcx");
    let src = root().join("tests/programs/link_subs.nqc");
    // NQC's own image of the program: what the download must carry and the save give back.
    let reference = dir.join("reference.rcx");
    run_nqc(&[
        format!("-O{}", reference.display()).into(),
        src.clone().into(),
    ]);
    let want = lurobotsim::rcx::image::read(&std::fs::read(&reference).unwrap())
        .unwrap()
        .program;
    let mut h = harness(AppConfig {
        listen: Some("127.0.0.1:0".into()),
        pty: Some(dev.clone()),
        ..AppConfig::quiet()
    });
    h.state_mut().dialogs.file_dir = dir.clone();
    assert!(until(&mut h, |_| dev.exists()), "the pty link appears");
    // NQC downloads through the pty while the app keeps drawing.
    let args: Vec<OsString> = vec![
        format!("-S{}", dev.display()).into(),
        "-d".into(),
        src.into(),
    ];
    let download = std::thread::spawn(move || run_nqc(&args));
    assert!(
        until(&mut h, |_| download.is_finished()),
        "nqc finished its download"
    );
    download.join().expect("nqc downloaded the program");
    assert!(
        until(&mut h, |h| h.state().program.as_ref().is_some_and(|lp| lp
            .program
            .tasks
            == want.tasks
            && lp.program.subs == want.subs)),
        "the robot has NQC's program"
    );
    // Opened in the editor: NQC's setup and its variables' code are generic icons.
    open_editor(&mut h);
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::EDIT_LOADED));
    assert!(
        until(&mut h, |h| shows(h, "kept as they are")),
        "the editor says some code is kept as it is: {:?}",
        h.state().editor.notice
    );
    let doc = &h.state().editor.doc;
    assert!(
        doc.strips.len() == 3,
        "task 0, task 1 and the sub are strips: {:?}",
        doc.strips.iter().map(|s| s.id).collect::<Vec<_>>()
    );
    assert!(
        doc.strips
            .iter()
            .flat_map(|s| &s.icons)
            .any(|i| i.kind == lurobotsim::trace::edit::Kind::Generic),
        "some of NQC's code has no ROBOLAB icon"
    );
    // Saved through the editor's Save program as .rcx: the same tasks and subs, byte for byte.
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::SAVE_PROGRAM));
    click(&mut h, "Save as .rcx (finished program)");
    let file = dir.join("my-program.rcx");
    assert!(
        until(&mut h, |_| file.exists()),
        "saved as {}",
        file.display()
    );
    let saved = lurobotsim::rcx::image::read(&std::fs::read(&file).unwrap())
        .unwrap()
        .program;
    assert_eq!(saved.tasks, want.tasks, "the tasks are NQC's bytes");
    assert_eq!(saved.subs, want.subs, "the subroutines are NQC's bytes");
    drop(h);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_draft_with_a_fork_missing_its_merge_is_saved_and_opens_again_as_the_same_icons() {
    let dir = data_dir("draft");
    std::fs::create_dir_all(&dir).unwrap();
    let mut h = harness(m5_on_e3());
    h.state_mut().dialogs.file_dir = dir.clone();
    open_editor(&mut h);
    add(&mut h, "Motor forward");
    add(&mut h, "Touch sensor fork");
    // The merge taken away: the program cannot compile, so only a draft keeps it.
    select(&mut h, 4);
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::DELETE_ICON));
    assert!(until(&mut h, |h| icons(h).len() == 3), "{:?}", icons(&h));
    let built = icons(&h);
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::SAVE_PROGRAM));
    click(&mut h, "Save as .rcx (finished program)");
    assert!(
        until(&mut h, |h| shows(h, "save it as a draft instead")),
        "a program that cannot compile is not saved as .rcx"
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::SAVE_PROGRAM));
    click(&mut h, "Save as a draft (.icons, may be unfinished)");
    let file = dir.join("my-program.icons");
    assert!(
        until(&mut h, |_| file.exists()),
        "saved as {}",
        file.display()
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::NEW));
    click(&mut h, "Empty program");
    assert!(until(&mut h, |h| icons(h).is_empty()));
    // File > Open of the draft brings the icons back into the editor, the fault marked.
    h.state_mut()
        .apply(lurobotsim::app::Action::Open(file.clone()));
    assert!(until(&mut h, |h| icons(h).len() == 3), "{:?}", icons(&h));
    assert_eq!(icons(&h), built, "the same icons come back");
    assert!(shows(&h, "Opened the draft"));
    assert!(shows(&h, "⚠"), "the fork without its merge is marked");
    // A broken draft is refused with its file and line.
    let broken = dir.join("broken.icons");
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&broken, format!("{text}no such icon here\n")).unwrap();
    h.state_mut()
        .apply(lurobotsim::app::Action::Open(broken.clone()));
    assert!(
        until(&mut h, |h| h
            .state()
            .messages
            .iter()
            .any(|m| m.text.contains("broken.icons:"))),
        "the error names the file and line: {:?}",
        h.state().messages.last()
    );
    assert_eq!(icons(&h), built, "the editor keeps its program");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 44: while the strip lit the Wait icon, the LASM pane lit the next icon's first
/// line (a waiting task's pc is already past its `wait`).
#[test]
fn the_lasm_pane_lights_the_waiting_icons_own_line_not_the_next_icons() {
    let mut h = harness(m5_on_e3());
    open_editor(&mut h);
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::NEW));
    click(&mut h, "Two motors, then wait");
    assert!(until(&mut h, |h| icons(h).len() == 3), "{:?}", icons(&h));
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::DOWNLOAD));
    assert!(
        until(&mut h, |h| shows(h, "Program: edited program")),
        "the robot has the edited program"
    );
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::RUN_PROGRAM));
    // The template waits 2 s in its second icon.
    let wait_lit = |h: &AppHarness| {
        h.query_all_by_label_contains("Task 0 #2")
            .any(|n| n.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True))
    };
    assert!(until(&mut h, wait_lit), "the Wait icon lights");
    let app = h.state_mut();
    let (blocks, problems) = app
        .editor
        .lasm(Lang::En, app.live.as_deref(), app.program.as_ref());
    assert!(problems.is_empty(), "{problems:?}");
    let running: Vec<(String, bool, String)> = blocks
        .iter()
        .flat_map(|b| {
            b.lines
                .iter()
                .filter(|l| l.running)
                .map(|l| (b.title.clone(), b.lit, l.text.clone()))
        })
        .collect();
    assert_eq!(running.len(), 1, "one line lit: {running:?}");
    let (title, lit, text) = &running[0];
    assert!(
        *lit && title.contains("icon 2"),
        "the lit line is the Wait icon's: {running:?}"
    );
    assert!(text.trim_start().starts_with("wait"), "{text}");
}

/// The text field of the editor's Save window (its value is the name being typed).
fn save_name_field(h: &AppHarness) -> egui_kittest::Node<'_> {
    h.query_all_by_role(egui::accesskit::Role::TextInput)
        .find(|n| n.value().as_deref() == Some(h.state().editor.save_name.as_str()))
        .expect("the Save window's name field")
}

#[test]
fn the_editors_save_window_takes_a_name_typed_after_a_click_and_a_folder_chosen_by_mouse() {
    let dir = data_dir("save-window");
    std::fs::create_dir_all(dir.join("class-4")).unwrap();
    let mut h = harness(m5_on_e3());
    h.state_mut().dialogs.file_dir = dir.clone();
    open_editor(&mut h);
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::NEW));
    click(&mut h, "Two motors, then wait");
    assert!(until(&mut h, |h| icons(h).len() == 3), "{:?}", icons(&h));
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::SAVE_PROGRAM));
    // A click into the name box leaves the window open (the old menu closed on it).
    save_name_field(&h).click();
    h.run_steps(2);
    assert!(
        shows(&h, &lurobotsim::tr!(Lang::En, ed::CANCEL_SAVE)),
        "the Save window stays open"
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    save_name_field(&h).type_text("robot-dance");
    h.run_steps(2);
    assert_eq!(h.state().editor.save_name, "robot-dance");
    click(&mut h, "📁 class-4");
    assert!(h.state().dialogs.file_dir.ends_with("class-4"));
    click(&mut h, "Save as .lasm (finished program)");
    let file = dir.join("class-4").join("robot-dance.lasm");
    assert!(
        until(&mut h, |_| file.exists()),
        "saved as {}",
        file.display()
    );
    assert!(
        !shows(&h, &lurobotsim::tr!(Lang::En, ed::CANCEL_SAVE)),
        "closed"
    );
    drop(h);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Tab until the focused node is named `name` (at most 80 presses), as a keyboard user.
fn tab_to(h: &mut AppHarness, name: &str) -> bool {
    for _ in 0..80 {
        h.key_press(egui::Key::Tab);
        h.run_steps(1);
        if h.query_all_by_label(name)
            .any(|n| n.accesskit_node().is_focused())
        {
            return true;
        }
    }
    false
}

#[test]
fn the_editors_save_window_is_used_with_the_keyboard_alone_and_esc_closes_it() {
    let dir = data_dir("save-keys");
    std::fs::create_dir_all(&dir).unwrap();
    let mut h = harness(m5_on_e3());
    h.state_mut().dialogs.file_dir = dir.clone();
    open_editor(&mut h);
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::NEW));
    click(&mut h, "Two motors, then wait");
    assert!(until(&mut h, |h| icons(h).len() == 3), "{:?}", icons(&h));
    let save = lurobotsim::tr!(Lang::En, ed::SAVE_PROGRAM);
    assert!(tab_to(&mut h, &save), "Tab reaches Save program");
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    assert!(
        save_name_field(&h).accesskit_node().is_focused(),
        "the name field has the keyboard when the window opens"
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    save_name_field(&h).type_text("dance-2");
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    let file = dir.join("dance-2.icons");
    assert!(
        until(&mut h, |_| file.exists()),
        "Enter saved a draft as {}",
        file.display()
    );
    // Open it again by keyboard, then Esc closes it without saving.
    assert!(tab_to(&mut h, &save), "Tab reaches Save program again");
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    assert!(shows(&h, &lurobotsim::tr!(Lang::En, ed::CANCEL_SAVE)));
    h.key_press(egui::Key::Escape);
    h.run_steps(3);
    assert!(
        !shows(&h, &lurobotsim::tr!(Lang::En, ed::CANCEL_SAVE)),
        "Esc closed it"
    );
    assert!(!h.state().editor.save_open);
    drop(h);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn after_the_program_ends_the_editor_offers_run_again_not_stop() {
    let mut h = harness(m5_on_e3());
    open_editor(&mut h);
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::NEW));
    click(&mut h, "Two motors, then wait");
    assert!(until(&mut h, |h| icons(h).len() == 3), "{:?}", icons(&h));
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::DOWNLOAD));
    assert!(until(&mut h, |h| shows(h, "Program: edited program")));
    click(&mut h, &lurobotsim::tr!(Lang::En, ed::RUN_PROGRAM));
    assert!(
        until(&mut h, |h| h.state().program_active()),
        "the program runs"
    );
    assert!(
        shows(&h, &lurobotsim::tr!(Lang::En, ed::STOP_PROGRAM)),
        "Stop while it runs"
    );
    // The template's wait is 2 s; the clock goes on after the program's end.
    h.state_mut().apply(lurobotsim::app::Action::SetSpeed(
        lurobotsim::runner::Speed::Max,
    ));
    assert!(
        until(&mut h, |h| !h.state().program_active()
            && time_ms(h.state()) > 2000),
        "the program ends"
    );
    h.run_steps(2);
    assert!(h.state().is_running(), "the clock still runs");
    assert!(
        !shows(&h, &lurobotsim::tr!(Lang::En, ed::STOP_PROGRAM)),
        "no Stop for a program that has ended"
    );
    assert!(
        shows(&h, &lurobotsim::tr!(Lang::En, ed::RUN_PROGRAM)),
        "Run again"
    );
}

#[test]
fn the_only_lit_port_of_an_icon_says_why_it_stays_on() {
    let mut h = harness(m5_on_e3());
    open_editor(&mut h);
    add(&mut h, "Motor forward");
    select(&mut h, 1);
    let a = lurobotsim::tr!(Lang::En, "editor-port", port = "A".to_string());
    let ports_on = |h: &AppHarness| h.state().editor.doc.strips[0].icons[0].clone();
    let before = ports_on(&h);
    // Motor forward drives A alone: clicking A cannot turn it off, and says so.
    click(&mut h, &a);
    let why = lurobotsim::tr!(Lang::En, "editor-port-last", port = "A".to_string());
    assert!(
        until(&mut h, |h| shows(h, &why[..30])),
        "the reason is said"
    );
    assert_eq!(ports_on(&h), before, "the port stays on");
}

/// Tab (Shift+Tab with `back`) until the focused node is named exactly `name`, as a
/// keyboard user walks: at most 400 presses (the palette has dozens of icons).
fn walk_to(h: &mut AppHarness, name: &str, back: bool) -> bool {
    let m = if back {
        egui::Modifiers::SHIFT
    } else {
        egui::Modifiers::NONE
    };
    for _ in 0..400 {
        if h.query_all_by_label(name)
            .any(|n| n.accesskit_node().is_focused())
        {
            return true;
        }
        h.key_press_modifiers(m, egui::Key::Tab);
        h.run_steps(1);
    }
    false
}

/// Issue 44: the editor without a mouse. From the main window, keys only: Tab to Edit
/// program and Enter; Tab to palette icons and Enter inserts each after the selected one;
/// Alt+← moves the focused icon one place; Enter on it opens its modifiers, Tab reaches
/// its power and the arrows set it; Tab to Download and Enter; Ctrl+Enter runs — and
/// the robot's motor runs at the power the keys set.
#[test]
fn the_editor_builds_and_downloads_a_whole_program_with_keys_only() {
    let mut h = harness(m5_on_e3());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    assert!(
        walk_to(&mut h, &lurobotsim::tr!(Lang::En, ed::EDIT_PROGRAM), false),
        "Tab reaches Edit program"
    );
    h.key_press(egui::Key::Enter);
    assert!(
        until(&mut h, |h| shows(h, "Task 0 strip")),
        "Enter opened the editor"
    );
    // Wait for time first, then Motor forward after it (Enter inserts after the selected).
    for (title, count) in [("Wait for time", 1), ("Motor forward", 2)] {
        assert!(walk_to(&mut h, title, false), "Tab reaches {title}");
        h.key_press(egui::Key::Enter);
        assert!(
            until(&mut h, |h| icons(h).len() == count),
            "Enter on {title} inserted it: {:?}",
            icons(&h)
        );
    }
    assert!(icons(&h)[1].ends_with("Motor forward"), "{:?}", icons(&h));
    // Alt+← moves the motor before the wait; the focus goes with it.
    assert!(walk_to(&mut h, "Task 0 #2 Motor forward", false));
    h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::ArrowLeft);
    assert!(
        until(&mut h, |h| icons(h)
            .first()
            .is_some_and(|l| l.ends_with("Motor forward"))),
        "Alt+← moved the motor first: {:?}",
        icons(&h)
    );
    h.run_steps(2);
    assert!(
        h.query_all_by_label("Task 0 #1 Motor forward")
            .any(|n| n.accesskit_node().is_focused()),
        "the focus followed the moved icon"
    );
    // Enter opens its modifiers; Tab (back) reaches Power level, ← ← sets 3.
    h.key_press(egui::Key::Enter);
    assert!(until(&mut h, |h| shows(h, "Modifiers of")));
    assert!(
        walk_to(&mut h, "Power level", true),
        "Tab reaches Power level"
    );
    let power = |h: &AppHarness| {
        h.get_by_label("Power level")
            .accesskit_node()
            .numeric_value()
    };
    for _ in 0..5 {
        if power(&h).is_some_and(|p| p <= 3.0) {
            break;
        }
        h.key_press(egui::Key::ArrowLeft);
        h.run_steps(2);
    }
    assert!(
        until(&mut h, |h| caption(h, 1).contains("pwr 3")),
        "the arrows set power 3: {}",
        caption(&h, 1)
    );
    assert!(
        h.state().view.follow,
        "the arrows on the slider left the camera alone (it still follows the robot)"
    );
    // Download by keys, then run with the Run shortcut.
    assert!(walk_to(
        &mut h,
        &lurobotsim::tr!(Lang::En, ed::DOWNLOAD),
        false
    ));
    h.key_press(egui::Key::Enter);
    assert!(
        until(&mut h, |h| shows(h, "Program: edited program")),
        "Enter on Download gave the robot the program"
    );
    let k = lurobotsim::ui::keys::RUN;
    h.key_press_modifiers(k.modifiers, k.logical_key);
    let on = |a: &lurobotsim::app::LuApp| {
        a.live.as_ref().is_some_and(|s| {
            s.outputs
                .iter()
                .any(|o| o.mode == lurobotsim::vm::OutputMode::On && o.percent == Some(60))
        })
    };
    assert!(
        wait_for(&mut h, on),
        "a motor runs at power 3 (ROBOLAB's 60 %): {:?}",
        h.state().live.as_ref().map(|s| s.outputs)
    );
    // Help lists the editor's keys.
    h.state_mut().dialogs.show_help = true;
    h.run_steps(3);
    assert!(shows(&h, &lurobotsim::tr!(Lang::En, "editor-keys-move")));
}

/// A keyboard user who presses ↑ or ↓ as soon as Tab lands on a number field, before the
/// app has drawn a second frame with the field focused (a quick hand on a slow machine),
/// steps the number and keeps the focus there. egui moved the focus on to the widget above
/// or below as well: a field locks its arrows only from its second focused frame. In the tab
/// under load this sent the journey's twenty ↑ for the wait's Seconds around the side
/// panel, and the wait stayed short of 2 s.
#[test]
fn an_arrow_pressed_right_after_tab_reaches_a_number_field_changes_it_and_keeps_the_focus() {
    let mut h = harness(m5_on_e3());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    open_editor(&mut h);
    assert!(walk_to(&mut h, "Wait for time", false));
    h.key_press(egui::Key::Enter);
    assert!(until(&mut h, |h| icons(h).len() == 1), "{:?}", icons(&h));
    // What a screen reader says has the focus: each focused node's name and number.
    let focus = |h: &AppHarness| -> Vec<(String, Option<f64>)> {
        h.query_all(egui_kittest::kittest::by().predicate(|n| n.is_focused()))
            .map(|n| {
                let n = n.accesskit_node();
                (n.label().unwrap_or_default(), n.numeric_value())
            })
            .collect()
    };
    let seconds = |h: &AppHarness| {
        focus(h)
            .into_iter()
            .find_map(|(n, v)| (n == "Seconds").then_some(v))
    };
    for (arrow, before, after) in [
        (egui::Key::ArrowUp, 1.0, 1.05),
        (egui::Key::ArrowDown, 1.05, 1.0),
    ] {
        assert!(walk_to(&mut h, "Task 0 #1 Wait for time", false));
        h.key_press(egui::Key::Enter);
        assert!(until(&mut h, |h| shows(h, "Modifiers of")));
        // Tab forward (egui moves the focus within the frame of the key going down) until
        // Seconds has it; the arrow goes down in the very next frame, before Tab comes up.
        let mut reached = false;
        for _ in 0..400 {
            h.key_down(egui::Key::Tab);
            h.run_steps(1);
            if seconds(&h).is_some() {
                reached = true;
                break;
            }
            h.key_up(egui::Key::Tab);
            h.run_steps(1);
        }
        assert!(reached, "Tab reaches Seconds");
        assert_eq!(seconds(&h), Some(Some(before)), "{:?}", focus(&h));
        h.key_down(arrow);
        h.run_steps(1);
        h.key_up(arrow);
        h.key_up(egui::Key::Tab);
        h.run_steps(2);
        assert_eq!(
            seconds(&h),
            Some(Some(after)),
            "{arrow:?} set Seconds to {after} and kept the focus there: {:?}",
            focus(&h)
        );
    }
}

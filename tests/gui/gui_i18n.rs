//! The app in every language (issue 34): the main flow — open an example, Run, Pause, Step,
//! the Grade window, a challenge — acted through each language's own labels at 1024 × 600, with no
//! control clipped by the window and no two toolbar controls overlapping; View > Language
//! switching live keeps the run.

use crate::gui_support::*;
use egui_kittest::kittest::{NodeT, Queryable};
use lurobotsim::app::AppConfig;
use lurobotsim::i18n::{Lang, ALL};
use lurobotsim::tr;
use lurobotsim::ui;

/// A school netbook's screen.
const SMALL: egui::Vec2 = egui::vec2(1024.0, 600.0);

/// The app at 1024 × 600, speaking `lang` from the start (as `--lang` would).
fn small_harness(lang: Lang) -> AppHarness {
    let config = AppConfig {
        lang: Some(lang),
        ..AppConfig::quiet()
    };
    egui_kittest::Harness::builder()
        .with_size(SMALL)
        .with_theme(egui::Theme::Light)
        .build_eframe(move |cc| lurobotsim::app::LuApp::new(cc, config).expect("the app starts"))
}

/// The controls a person reads or clicks.
fn is_control(role: egui::accesskit::Role) -> bool {
    use egui::accesskit::Role::*;
    matches!(
        role,
        Button
            | CheckBox
            | Label
            | ComboBox
            | Slider
            | MenuItem
            | Switch
            | RadioButton
            | MenuItemCheckBox
    )
}

/// The panel (accesskit `Pane`) a node is drawn in.
fn pane_of(node: &egui_kittest::Node<'_>) -> Option<String> {
    let mut p = node.parent();
    while let Some(q) = p {
        if q.accesskit_node().role() == egui::accesskit::Role::Pane {
            return Some(format!("{:?}", q.accesskit_node().id()));
        }
        p = q.parent();
    }
    None
}

/// The window's chrome that never scrolls: the panels of the menu bar, the toolbar and the
/// status bar (found by a control each shows).
fn chrome(h: &AppHarness, lang: Lang) -> Vec<String> {
    [
        h.get_by_role_and_label(egui::accesskit::Role::Button, &tr!(lang, "toolbar-file")),
        h.get_by_label(&tr!(lang, ui::RUN)),
        h.get_by_label(&tr!(lang, "toolbar-link-off-2")),
    ]
    .iter()
    .filter_map(pane_of)
    .collect()
}

/// Every control of the chrome, and every control named in `also`, that the window cuts:
/// its rect reaches past the window's edge. (The panes' scrolling content is left out: a
/// row half-scrolled out of a pane is not clipped by the window.)
fn clipped(h: &AppHarness, lang: Lang, also: &[String]) -> Vec<String> {
    clipped_in(h, lang, also, SMALL)
}

/// [`clipped`] for a window of `size`.
pub(crate) fn clipped_in(
    h: &AppHarness,
    lang: Lang,
    also: &[String],
    size: egui::Vec2,
) -> Vec<String> {
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, size).expand(0.5);
    let chrome = chrome(h, lang);
    assert_eq!(chrome.len(), 3, "menu bar, toolbar and status bar found");
    let mut found = Vec::new();
    for node in h.root().children_recursive() {
        let role = node.accesskit_node().role();
        if !is_control(role) {
            continue;
        }
        let r = node.rect();
        let label = node
            .accesskit_node()
            .label()
            .or_else(|| node.value())
            .unwrap_or_default();
        let in_chrome = pane_of(&node).is_some_and(|p| chrome.contains(&p));
        if (in_chrome || also.contains(&label)) && !window.contains_rect(r) {
            found.push(format!("{role:?} {label:?} at {r:?}"));
        }
    }
    found
}

/// Pairs of controls of the menu bar and the toolbar whose rects overlap.
fn overlapping_toolbar_controls(h: &AppHarness, lang: Lang) -> Vec<String> {
    let top = &chrome(h, lang)[..2];
    let controls: Vec<(String, egui::Rect)> = h
        .root()
        .children_recursive()
        .filter(|n| {
            use egui::accesskit::Role::*;
            matches!(
                n.accesskit_node().role(),
                Button | CheckBox | ComboBox | Slider | Switch | MenuItem
            )
        })
        .filter(|n| pane_of(n).is_some_and(|p| top.contains(&p)))
        .map(|n| (n.accesskit_node().label().unwrap_or_default(), n.rect()))
        .collect();
    let mut found = Vec::new();
    for (i, (a, ra)) in controls.iter().enumerate() {
        for (b, rb) in &controls[i + 1..] {
            let overlap = ra.intersect(*rb);
            if overlap.width() > 1.0 && overlap.height() > 1.0 {
                found.push(format!("{a:?} {ra:?} overlaps {b:?} {rb:?}"));
            }
        }
    }
    found
}

/// Opens a menu of the menu bar by its title (the toolbar has a label of the same words:
/// the menu is the button).
fn menu(h: &mut AppHarness, title: &str) {
    h.get_by_role_and_label(egui::accesskit::Role::Button, title)
        .click();
    h.run_steps(2);
}

/// The main flow in `lang`, every click through that language's label.
fn journey(lang: Lang) {
    let mut h = small_harness(lang);
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    h.run_steps(3);
    assert_eq!(h.state().view.lang, lang);
    // The window as it opens: nothing cut off, no toolbar control over another.
    let cut = clipped(&h, lang, &[]);
    assert!(
        cut.is_empty(),
        "{}: clipped at 1024×600:\n{}",
        lang.code(),
        cut.join("\n")
    );
    let over = overlapping_toolbar_controls(&h, lang);
    assert!(
        over.is_empty(),
        "{}: overlapping:\n{}",
        lang.code(),
        over.join("\n")
    );

    // Examples > Motor for 2 seconds (M4 on E1), as the menu writes it in this language.
    click(&mut h, &tr!(lang, "toolbar-examples-2"));
    let title = tr!(lang, "example-motor-2s");
    let entry = tr!(
        lang,
        "toolbar-on",
        title = title.clone(),
        robot = "M4",
        env = "E1"
    );
    click(&mut h, &entry);
    assert!(
        wait_for(&mut h, |a| a.program.is_some()
            && a.live.as_ref().is_some_and(|s| s.robot == "M4")),
        "{}: the example opened",
        lang.code()
    );
    let program = tr!(
        lang,
        "trace-program-2",
        name = tr!(lang, "app-world-example", title = title)
    );
    assert!(
        until(&mut h, |h| shows(h, &program)),
        "{}: trace shows {program:?}",
        lang.code()
    );

    // Run, then Pause: time moved and then stands.
    click(&mut h, &tr!(lang, ui::RUN));
    assert!(
        wait_for(&mut h, |a| time_ms(a) > 100),
        "{}: Run runs",
        lang.code()
    );
    click(&mut h, &tr!(lang, ui::PAUSE));
    assert!(
        wait_for(&mut h, |a| !a.is_running()),
        "{}: Pause pauses",
        lang.code()
    );
    let paused = tr!(lang, "readouts-paused");
    assert!(
        until(&mut h, |h| shows(h, &paused)),
        "{}: says {paused:?}",
        lang.code()
    );

    // Step > Step 1 ms: exactly one millisecond later.
    let before = time_ms(h.state());
    click(&mut h, &tr!(lang, "toolbar-step"));
    click(&mut h, &tr!(lang, ui::STEP_TICK));
    assert!(
        wait_for(&mut h, |a| time_ms(a) == before + 1),
        "{}: one step",
        lang.code()
    );

    // The clock writes its decimals the language's way.
    let clock = clock_text(&h);
    let want = format!(
        "⏱ {} s",
        lurobotsim::i18n::num_in(lang, (before + 1) as f64 / 1000.0, 3)
    );
    assert_eq!(clock, want, "{}", lang.code());

    // File > Grade a class…: the Grade window, in this language, nothing cut off.
    click(&mut h, &tr!(lang, "toolbar-file"));
    click(&mut h, &tr!(lang, ui::grade::GRADE_A_CLASS));
    assert!(
        shows(&h, &tr!(lang, ui::grade::START_GRADING)),
        "{}: Grade window",
        lang.code()
    );
    h.run_steps(2);
    let grade_controls: Vec<String> = [
        ui::grade::CHOOSE_ASSIGNMENT,
        ui::grade::CHOOSE_PROGRAMS,
        ui::grade::CHOOSE_OUT,
        ui::grade::START_GRADING,
        ui::grade::ASSIGNMENT_FIELD,
    ]
    .iter()
    .map(|k| tr!(lang, k))
    .collect();
    for c in &grade_controls[..4] {
        assert!(
            shows(&h, c),
            "{}: the Grade window shows {c:?}",
            lang.code()
        );
    }
    let cut = clipped(&h, lang, &grade_controls);
    assert!(
        cut.is_empty(),
        "{}: Grade window clipped:\n{}",
        lang.code(),
        cut.join("\n")
    );
    // Challenges > the first of the pack: its panel, titled in this language.
    use lurobotsim::app::challenge::{BuiltinChallenge, BUILTIN};
    let Some(&first) = BuiltinChallenge::in_order().first() else {
        return;
    };
    let b = &BUILTIN[first];
    // The pack's title and tasks in this language too (under their stable keys).
    let title = lurobotsim::i18n::text_in(lang, &format!("pack-{}", b.stem), None);
    menu(&mut h, &tr!(lang, ui::challenge::CHALLENGES));
    click(&mut h, &title);
    // A program is loaded: the app asks first, in this language.
    let ask = tr!(
        lang,
        "main-open-the-challenge",
        name = format!("\"{title}\"")
    );
    assert!(
        until(&mut h, |h| shows(h, &ask)),
        "{}: {ask:?}",
        lang.code()
    );
    click(&mut h, &tr!(lang, ui::OK));
    let panel = tr!(lang, "challenge-challenge", name = title.clone());
    assert!(
        until(&mut h, |h| shows(h, &panel)),
        "{}: {panel:?}",
        lang.code()
    );
    let a = b.assignment().expect("the pack reads");
    let say = a.scenarios[0].criteria[0]
        .say
        .clone()
        .expect("the pack says its tasks");
    let key = a.scenarios[0].criteria[0].say_key.clone();
    let task = lurobotsim::i18n::text_in(lang, &key.expect("the pack's tasks have keys"), None);
    assert!(
        until(&mut h, |h| shows(h, &task)),
        "{}: the task in this language: {task:?}",
        lang.code()
    );
    if lang != Lang::En {
        assert_ne!(task, say, "{}: the pack's task is translated", lang.code());
    }
    let cut = clipped(&h, lang, &[]);
    assert!(
        cut.is_empty(),
        "{}: clipped with a challenge:\n{}",
        lang.code(),
        cut.join("\n")
    );
}

#[test]
fn the_main_flow_works_in_english_through_its_labels_at_1024_by_600() {
    journey(Lang::En);
}

#[test]
fn the_main_flow_works_in_spanish_through_its_labels_at_1024_by_600() {
    journey(Lang::Es);
}

#[test]
fn the_main_flow_works_in_german_through_its_labels_at_1024_by_600() {
    journey(Lang::De);
}

#[test]
fn the_main_flow_works_in_french_through_its_labels_at_1024_by_600() {
    journey(Lang::Fr);
}

#[test]
fn the_main_flow_works_in_dutch_through_its_labels_at_1024_by_600() {
    journey(Lang::Nl);
}

#[test]
fn the_main_flow_works_in_portuguese_through_its_labels_at_1024_by_600() {
    journey(Lang::Pt);
}

#[test]
fn the_main_flow_works_in_italian_through_its_labels_at_1024_by_600() {
    journey(Lang::It);
}

#[test]
fn every_language_is_journeyed() {
    // The seven tests above, one per language the app has.
    assert_eq!(ALL.len(), 7);
}

#[test]
fn view_language_switches_the_window_at_once_and_the_run_goes_on() {
    let mut h = harness(AppConfig::quiet());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    click(&mut h, "⭐ Examples");
    h.get_by_label_contains("Motor for 2 seconds").click();
    assert!(wait_for(&mut h, |a| a.program.is_some()));
    click(&mut h, "▶ Run");
    assert!(wait_for(&mut h, |a| time_ms(a) > 50));
    // View > Language > Deutsch, while the robot drives.
    menu(&mut h, "View");
    click(&mut h, "Language");
    click(&mut h, "Deutsch");
    h.run_steps(2);
    assert!(shows(&h, "⏸ Pause"), "Pause is Pause in German too");
    assert!(shows(&h, "Ansicht"), "the menu speaks German");
    assert!(!shows(&h, "Environment"), "no English menu left");
    assert!(h.state().is_running(), "the run went on");
    let t = time_ms(h.state());
    assert!(wait_for(&mut h, |a| time_ms(a) > t), "and time still runs");
    // Through the German labels now.
    click(&mut h, "⏸ Pause");
    assert!(wait_for(&mut h, |a| !a.is_running()));
    menu(&mut h, "Ansicht");
    click(&mut h, "Sprache");
    click(&mut h, "English");
    h.run_steps(2);
    assert!(shows(&h, "Environment"));
    assert!(time_ms(h.state()) > 50, "the run was never reset");
}

#[test]
fn the_chosen_language_is_remembered_for_the_next_start() {
    let dir = std::env::temp_dir().join(format!("lurobotsim-lang-{}", std::process::id()));
    let config = || AppConfig {
        lang: None,
        data_dir: Some(dir.clone()),
        ..AppConfig::quiet()
    };
    let mut h = harness(config());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    // Whatever this machine's language, its own View > Language.
    let first = h.state().view.lang;
    menu(&mut h, &tr!(first, "toolbar-view"));
    click(&mut h, &tr!(first, "toolbar-language"));
    click(&mut h, "Italiano");
    h.run_steps(2);
    drop(h);
    let h = harness(config());
    assert_eq!(
        h.state().view.lang,
        Lang::It,
        "the next start speaks Italian"
    );
    assert!(shows(&h, "▶ Avvia"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_clipping_check_sees_controls_a_narrow_window_cuts_off() {
    // The check is not assumed: at 110 points (the menu bar wraps, the toolbar folds) the
    // German toolbar's robot choice runs past the edge.
    let narrow = egui::vec2(110.0, 600.0);
    let config = AppConfig {
        lang: Some(Lang::De),
        ..AppConfig::quiet()
    };
    let mut h = egui_kittest::Harness::builder()
        .with_size(narrow)
        .with_theme(egui::Theme::Light)
        .build_eframe(move |cc| lurobotsim::app::LuApp::new(cc, config).expect("the app starts"));
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    h.run_steps(3);
    let cut = clipped_in(&h, Lang::De, &[], narrow);
    assert!(
        cut.iter().any(|c| c.contains("Wähle den Roboter")),
        "{cut:?}"
    );
}

#[test]
fn the_program_loaded_at_start_is_announced_in_the_chosen_language() {
    // The note of a program given on the command line is written before the first frame.
    let config = AppConfig {
        lang: Some(Lang::Es),
        program: Some(root().join("assets/examples/line_follower.lasm")),
        ..AppConfig::quiet()
    };
    let mut h = harness(config);
    assert!(wait_for(&mut h, |a| a.program.is_some()));
    h.run_steps(2);
    assert!(
        shows(&h, "line_follower.lasm cargado"),
        "the status bar says it in Spanish"
    );
}

// ----- issue 40: the language is given, never the thread's -----

/// Opens `tests/data/challenges/PARTS…` in `lang`: through File > Open challenge… when
/// `challenge`, else through the toolbar's Open, clicking the folders as a person would.
fn open_in(h: &mut AppHarness, lang: Lang, challenge: bool, parts: &[&str]) {
    h.state_mut().dialogs.file_dir = root();
    if challenge {
        menu(h, &tr!(lang, "toolbar-file"));
        click(h, &tr!(lang, ui::challenge::OPEN_CHALLENGE));
    } else {
        click(h, &tr!(lang, "toolbar-open"));
    }
    let (file, folders) = parts.split_last().unwrap();
    for folder in ["tests", "data", "challenges"].iter().chain(folders) {
        click(h, &format!("📁 {folder}"));
    }
    click(h, &format!("📄 {file}"));
}

/// The panel's verdict on `unfair.toml` (six problems), in `lang`.
fn unfair_verdict(lang: Lang) -> String {
    let six = tr!(lang, "check-unfair", n = "6");
    tr!(lang, "challenge-check-verdict", verdict = six)
}

/// An app speaking `lang` from the start, with its first world shown.
fn started_in(lang: Lang) -> AppHarness {
    let mut h = harness(AppConfig {
        lang: Some(lang),
        ..AppConfig::quiet()
    });
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    h
}

/// Issue 40: the language was the thread's, set as each app drew its frame, so what an
/// app said before drawing — the report of its challenge's check, taken in from the
/// background job — came out in the language of whichever app had drawn last on that
/// thread. Two apps on one thread, German and English, each say it in their own.
#[test]
fn two_apps_on_one_thread_each_say_a_background_check_in_their_own_language() {
    let mut de = started_in(Lang::De);
    let mut en = started_in(Lang::En);
    open_in(&mut de, Lang::De, true, &["unfair.toml"]);
    open_in(&mut en, Lang::En, true, &["unfair.toml"]);
    assert!(
        de.state().challenge.check.is_some(),
        "the German app checks"
    );
    assert!(
        en.state().challenge.check.is_some(),
        "the English app checks"
    );
    // The English app draws after the German one every round, as a second window would.
    let done = |de: &AppHarness, en: &AppHarness| {
        [de, en].iter().all(|h| {
            let c = h.state().challenge.check.as_ref();
            c.is_some_and(|c| c.problems.is_some() || c.error.is_some())
        })
    };
    let mut frames = 0;
    while !done(&de, &en) && frames < 20_000 {
        de.step();
        en.step();
        frames += 1;
    }
    de.step();
    en.step();
    assert!(
        shows(&de, &unfair_verdict(Lang::De)),
        "the German app's verdict is German: {:?}",
        de.state()
            .challenge
            .check
            .as_ref()
            .map(|c| c.lines(Lang::De))
    );
    assert!(
        shows(&en, &unfair_verdict(Lang::En)),
        "the English app's is English"
    );
    // The report under the verdict too.
    de.get_by_label_contains(&unfair_verdict(Lang::De)).click();
    de.run_steps(2);
    assert!(shows(&de, &tr!(Lang::De, "check-stock-nothing")));
    assert!(!shows(&de, &tr!(Lang::En, "check-stock-nothing")));
}

/// Issue 40: a challenge's check said its report once, in the language of the moment it
/// finished, so after View > Language > Deutsch the panel kept its English verdict. The
/// report is kept typed and said as it is drawn.
#[test]
fn a_finished_challenge_check_speaks_the_language_chosen_afterwards() {
    let mut h = started_in(Lang::En);
    open_in(&mut h, Lang::En, true, &["unfair.toml"]);
    let mut frames = 0;
    while !shows(&h, &unfair_verdict(Lang::En)) && frames < 20_000 {
        h.step();
        frames += 1;
    }
    assert!(
        shows(&h, &unfair_verdict(Lang::En)),
        "the verdict, in English"
    );
    menu(&mut h, "View");
    click(&mut h, "Language");
    click(&mut h, "Deutsch");
    h.run_steps(2);
    assert!(
        shows(&h, &unfair_verdict(Lang::De)),
        "the same verdict, now in German"
    );
}

/// Issue 40: "All seeds" grades on the host's worker threads, which never spoke the
/// app's language; what they return is typed (the runs' records) and the panel says the
/// total in the language chosen — German here, where English would be wrong.
#[test]
fn all_seeds_graded_in_the_background_says_its_total_in_the_apps_language() {
    let lang = Lang::De;
    let mut h = started_in(lang);
    open_in(&mut h, lang, true, &["drive.toml"]);
    assert!(
        wait_for(&mut h, |a| a.challenge.open.is_some()),
        "the challenge opens"
    );
    open_in(&mut h, lang, false, &["drive", "solution.lasm"]);
    assert!(
        wait_for(&mut h, |a| a.program.is_some()),
        "the pupil's program is loaded"
    );
    click(&mut h, &tr!(lang, ui::challenge::ALL_SEEDS));
    // The reference solution scores every point on every seed (`grade` gives 7 of 7).
    let total = ui::challenge::all_seeds_text(lang, 7.0, 7.0);
    assert!(until(&mut h, |h| shows(h, &total)), "{total:?}");
    assert!(!shows(
        &h,
        &ui::challenge::all_seeds_text(Lang::En, 7.0, 7.0)
    ));
}

/// The app in German with the M5 line follower loaded and its program open in the editor.
fn german_line_follower_in_the_editor() -> AppHarness {
    let mut h = harness(AppConfig {
        lang: Some(Lang::De),
        robot: "M5".into(),
        env: "E3".into(),
        program: Some(root().join("assets/examples/line_follower.lasm")),
        ..AppConfig::quiet()
    });
    assert!(wait_for(&mut h, |a| a.program.is_some()));
    click(&mut h, &tr!(Lang::De, ui::editor::EDIT_PROGRAM));
    h.run_steps(4);
    h
}

/// The program's icons in the editor's strips are named in the app's language, as the
/// palette's are: a German screen reader read "Task 0 #1 Motor forward" in the strip
/// beside the palette's "Motor vorwärts" (the strip's names took the core's English title).
#[test]
fn the_strips_icons_are_named_in_the_apps_language_as_the_palettes_are() {
    let h = german_line_follower_in_the_editor();
    let motor = lurobotsim::i18n::core_text_in(Lang::De, "icon", "Motor forward");
    assert_ne!(motor, "Motor forward", "the German words of the icon");
    assert!(
        h.query_all_by_label(&motor).next().is_some(),
        "the palette's {motor}"
    );
    let names: Vec<String> = h
        .query_all_by_label_contains("Task 0 #")
        .filter_map(|n| n.accesskit_node().label())
        .collect();
    assert_eq!(names.len(), 10, "the line follower's ten icons: {names:?}");
    assert_eq!(names[0], format!("Task 0 #1 {motor}"));
    let english = ["forward", "Wait for", "Stop motor", "Jump"];
    assert!(
        !names.iter().any(|n| english.iter().any(|e| n.contains(e))),
        "no English words in {names:?}"
    );
}

/// An icon described with its modifiers — its modifiers' title, its tooltip, its block in
/// the LASM pane — is in the app's language: a German pupil read "Motor AC forward, power
/// 7" there (the core's description was English in every language).
#[test]
fn an_icon_with_its_modifiers_is_described_in_the_apps_language() {
    let mut h = german_line_follower_in_the_editor();
    let motor = lurobotsim::i18n::core_text_in(Lang::De, "icon", "Motor forward");
    h.get_by_label(&format!("Task 0 #1 {motor}")).focus();
    h.run_steps(2);
    h.key_press(egui::Key::Enter);
    let title = tr!(Lang::De, "editor-modifiers-of", title = "Motor ");
    assert!(
        until(&mut h, |h| shows(h, &title)),
        "Enter on the first icon shows {title:?}"
    );
    let texts: Vec<String> = h
        .query_all_by_label_contains(&title)
        .filter_map(|n| n.accesskit_node().label().or(n.accesskit_node().value()))
        .collect();
    assert!(
        texts.iter().any(|t| t.contains(" vorwärts, Leistung ")),
        "the first icon's modifiers in German: {texts:?}"
    );
    let english = [
        "forward, power",
        "Wait for",
        "Loop",
        "Stop motor",
        "Jump to",
    ];
    let shown: Vec<String> = h
        .query_all_by_label_contains("")
        .filter_map(|n| n.accesskit_node().label().or(n.accesskit_node().value()))
        .filter(|l| english.iter().any(|e| l.contains(e)))
        .collect();
    assert!(shown.is_empty(), "English descriptions shown: {shown:?}");
}

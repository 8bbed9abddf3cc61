//! Issue 44's "done when", on the desktop: a pupil who uses no mouse and does not see the
//! screen writes, runs and scores a challenge's program. Keys only (Tab, Shift+Tab, Enter,
//! ↑, the shortcuts) and the AccessKit tree only (names, values and focus: what a screen
//! reader hears) — no clicks, no pixels, no reaching into the app's state to act.
#![cfg(feature = "gui")]

use crate::gui_support::*;
use egui_kittest::kittest::{NodeT, Queryable};
use lurobotsim::app::AppConfig;
use lurobotsim::ui::challenge as c;
use lurobotsim::ui::editor as ed;

/// Tab (or Shift+Tab) until the node named exactly `name` has the keyboard focus.
fn walk_to(h: &mut AppHarness, name: &str, back: bool) -> bool {
    let m = if back {
        egui::Modifiers::SHIFT
    } else {
        egui::Modifiers::NONE
    };
    for _ in 0..400 {
        if focused(h, name) {
            return true;
        }
        h.key_press_modifiers(m, egui::Key::Tab);
        h.run_steps(1);
    }
    false
}

fn focused(h: &AppHarness, name: &str) -> bool {
    h.query_all_by_label(name)
        .any(|n| n.accesskit_node().is_focused())
}

/// The program strip's icons as a screen reader names them, in order.
fn icons(h: &AppHarness) -> Vec<String> {
    let mut v: Vec<(usize, String)> = h
        .query_all_by_label_contains("Task 0 #")
        .filter_map(|n| n.accesskit_node().label())
        .filter_map(|l| {
            let n = l
                .strip_prefix("Task 0 #")?
                .split(' ')
                .next()?
                .parse()
                .ok()?;
            Some((n, l))
        })
        .collect();
    v.sort();
    v.dedup();
    v.into_iter().map(|(_, l)| l).collect()
}

/// What a screen reader says for every node whose name contains `text`: its label, or a
/// text label's value (egui's labels carry their words as the value).
fn names_with(h: &AppHarness, text: &str) -> Vec<String> {
    h.query_all_by_label_contains(text)
        .filter_map(|n| n.accesskit_node().label().or_else(|| n.value()))
        .collect()
}

/// Challenge 1 of the built-in pack ("Drive into the box and stop": M1 drives into a box
/// 1 m ahead and stops in it), from the Challenges menu; the program built from three
/// icons in the editor (motor A forward at power 5, wait 2 s, stop motor A); Download;
/// Run with Ctrl+Enter; then the result card and each criterion read from the tree, in
/// words: full points, every criterion "passed".
#[test]
fn a_pupil_with_keys_and_a_screen_reader_opens_writes_runs_and_scores_a_challenge() {
    use lurobotsim::app::challenge::{BuiltinChallenge, BUILTIN};
    let Some(i) = BuiltinChallenge::in_order()
        .into_iter()
        .find(|&i| BUILTIN[i].stem == "drive-into-the-box")
    else {
        eprintln!("no built-in challenges in this build (assets/challenges is empty)");
        return;
    };
    let title = BUILTIN[i].title().to_string();
    let mut h = harness(AppConfig::quiet());
    assert!(wait_for(&mut h, |a| a.live.is_some()));

    // Challenges (Tab to the toolbar's menu, Enter), then Tab to the challenge and Enter.
    let menu = lurobotsim::tr!(c::CHALLENGES);
    assert!(walk_to(&mut h, &menu, false), "Tab reaches {menu}");
    h.key_press(egui::Key::Enter);
    assert!(
        until(&mut h, |h| h.query_all_by_label(&title).next().is_some()),
        "Enter opened the Challenges menu"
    );
    assert!(walk_to(&mut h, &title, false), "Tab reaches {title}");
    h.key_press(egui::Key::Enter);
    let panel = format!("Challenge: {title}");
    let ok = lurobotsim::tr!(lurobotsim::ui::OK);
    assert!(
        until(&mut h, |h| shows(h, &panel)
            || shows(h, "Open the challenge")),
        "Enter on {title} opened it (or asked first)"
    );
    if shows(&h, "Open the challenge") {
        assert!(walk_to(&mut h, &ok, false), "Tab reaches {ok}");
        h.key_press(egui::Key::Enter);
    }
    assert!(until(&mut h, |h| shows(h, &panel)), "its panel is open");
    assert!(
        until(&mut h, |h| shows(h, "M1 on E1")),
        "the challenge's robot and floor"
    );
    // Before the run, each criterion says in words that it is not decided yet.
    let pending = lurobotsim::tr!("challenge-state-pending");
    // (What each criterion says, from the challenge, to know what to listen for.)
    let says: Vec<String> = h
        .state()
        .challenge
        .open
        .as_ref()
        .unwrap()
        .rows(h.state().shown())
        .iter()
        .map(|r| r.task.to_string())
        .collect();
    assert_eq!(says.len(), 2, "{says:?}");
    for say in &says {
        let rows = names_with(&h, say);
        assert!(
            rows.iter().any(|r| r.ends_with(&format!("— {pending}"))),
            "{say}: {rows:?}"
        );
    }

    // The editor, by keys.
    assert!(walk_to(&mut h, &lurobotsim::tr!(ed::EDIT_PROGRAM), false));
    h.key_press(egui::Key::Enter);
    assert!(
        until(&mut h, |h| shows(h, "Task 0 strip")),
        "Enter opened the editor"
    );
    assert!(icons(&h).is_empty(), "a new program: {:?}", icons(&h));
    // Each palette icon Enter inserts after the selected (the one just inserted).
    for (n, palette) in ["Motor forward", "Wait for time", "Stop motor"]
        .into_iter()
        .enumerate()
    {
        assert!(walk_to(&mut h, palette, false), "Tab reaches {palette}");
        h.key_press(egui::Key::Enter);
        assert!(
            until(&mut h, |h| icons(h).len() == n + 1),
            "Enter on {palette} inserted it: {:?}",
            icons(&h)
        );
    }
    let strip = icons(&h);
    assert!(
        strip[0].ends_with("Motor forward")
            && strip[1].ends_with("Wait for time")
            && strip[2].ends_with("Stop motor"),
        "{strip:?}"
    );
    // The wait: Enter opens its modifiers; Shift+Tab reaches Seconds; ↑ adds 0.05 s.
    assert!(walk_to(&mut h, &strip[1], false));
    h.key_press(egui::Key::Enter);
    assert!(until(&mut h, |h| shows(h, "Modifiers of")));
    let seconds = "Seconds";
    assert!(walk_to(&mut h, seconds, true), "Tab reaches {seconds}");
    let value = |h: &AppHarness| {
        h.query_all_by_label(seconds)
            .find_map(|n| n.accesskit_node().numeric_value())
    };
    assert_eq!(value(&h), Some(1.0), "a new wait is 1 s");
    for _ in 0..40 {
        if value(&h).is_some_and(|s| s >= 2.0 - 1e-9) {
            break;
        }
        h.key_press(egui::Key::ArrowUp);
        h.run_steps(2);
    }
    // Its caption (the icon's value) says 2 s, as a screen reader reads it.
    let caption = |h: &AppHarness| {
        icons(h)
            .get(1)
            .and_then(|name| h.get_by_label(name).value())
            .unwrap_or_default()
    };
    assert!(
        until(&mut h, |h| caption(h).contains('2')),
        "↑ set the wait to 2 s: {:?} / {:?}",
        value(&h),
        caption(&h)
    );
    // Download, then Run with its shortcut.
    assert!(walk_to(&mut h, &lurobotsim::tr!(ed::DOWNLOAD), false));
    h.key_press(egui::Key::Enter);
    assert!(
        until(&mut h, |h| shows(h, "Program: edited program")),
        "Enter on Download gave the robot the program"
    );
    let k = lurobotsim::ui::keys::RUN;
    h.key_press_modifiers(k.modifiers, k.logical_key);

    // The score, read from the tree: the card's points line and each criterion's words.
    let card = c::result_text(3.0, 3.0);
    assert!(
        until(&mut h, |h| shows(h, &lurobotsim::tr!(c::RESULT))),
        "the result card appears at the challenge's end"
    );
    let result = names_with(&h, &lurobotsim::tr!(c::RESULT));
    assert!(
        result.iter().any(|r| r == &card),
        "the card says {card}: {result:?}"
    );
    let passed = lurobotsim::tr!("challenge-state-passed");
    for say in &says {
        let rows = names_with(&h, say);
        assert!(
            rows.iter().any(|r| r.ends_with(&format!("— {passed}"))),
            "{say} passed, in words: {rows:?}"
        );
    }
    assert!(shows(
        &h,
        &lurobotsim::tr!("challenge-every-criterion-passed-well-done")
    ));
}

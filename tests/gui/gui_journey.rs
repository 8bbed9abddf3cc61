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
    let menu = lurobotsim::tr!(Lang::En, c::CHALLENGES);
    assert!(walk_to(&mut h, &menu, false), "Tab reaches {menu}");
    h.key_press(egui::Key::Enter);
    assert!(
        until(&mut h, |h| h.query_all_by_label(&title).next().is_some()),
        "Enter opened the Challenges menu"
    );
    assert!(walk_to(&mut h, &title, false), "Tab reaches {title}");
    h.key_press(egui::Key::Enter);
    let panel = format!("Challenge: {title}");
    let ok = lurobotsim::tr!(Lang::En, lurobotsim::ui::OK);
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
    let pending = lurobotsim::tr!(Lang::En, "challenge-state-pending");
    // (What each criterion says, from the challenge, to know what to listen for.)
    let says: Vec<String> = h
        .state()
        .challenge
        .open
        .as_ref()
        .unwrap()
        .rows(Lang::En, h.state().shown())
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
    assert!(walk_to(
        &mut h,
        &lurobotsim::tr!(Lang::En, ed::EDIT_PROGRAM),
        false
    ));
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

    // The score, read from the tree: the card's points line and each criterion's words.
    let card = c::result_text(Lang::En, 3.0, 3.0);
    assert!(
        until(&mut h, |h| shows(h, &lurobotsim::tr!(Lang::En, c::RESULT))),
        "the result card appears at the challenge's end"
    );
    let result = names_with(&h, &lurobotsim::tr!(Lang::En, c::RESULT));
    assert!(
        result.iter().any(|r| r == &card),
        "the card says {card}: {result:?}"
    );
    let passed = lurobotsim::tr!(Lang::En, "challenge-state-passed");
    for say in &says {
        let rows = names_with(&h, say);
        assert!(
            rows.iter().any(|r| r.ends_with(&format!("— {passed}"))),
            "{say} passed, in words: {rows:?}"
        );
    }
    assert!(shows(
        &h,
        &lurobotsim::tr!(Lang::En, "challenge-every-criterion-passed-well-done")
    ));
}

// ----- the tab: headless Chromium, keys through DevTools, the page's accessibility tree -----

/// Presses `key` (a DOM key name) in the page with `modifiers` (DevTools' bits: 2 = Ctrl,
/// 8 = Shift), down and up, as a keyboard does.
fn press(dt: &mut crate::gui_access::DevTools, key: &str, vk: u32, modifiers: u32) {
    for kind in ["rawKeyDown", "keyUp"] {
        dt.call(
            "Input.dispatchKeyEvent",
            serde_json::json!({
                "type": kind,
                "key": key,
                "code": key,
                "windowsVirtualKeyCode": vk,
                "nativeVirtualKeyCode": vk,
                "modifiers": modifiers,
            }),
        );
    }
}

/// The names of the nodes the page's accessibility tree marks focused, and of each one's
/// active descendant (the canvas keeps the keyboard and names the widget egui focused as
/// its `aria-activedescendant`: what a screen reader says on Tab). Only the nodes that can
/// be focused are read (`Accessibility.getPartialAXTree`): the focused element's
/// (`document.activeElement`, the document's when nothing has focus) and its active
/// descendants' — the same nodes and names a search of the whole tree finds, for a few
/// nodes' cost instead of the tree's after every key.
fn ax_focused(dt: &mut crate::gui_access::DevTools) -> Vec<(String, i64)> {
    use serde_json::{json, Value};
    let nodes_of = |dt: &mut crate::gui_access::DevTools, at: Value| -> Vec<Value> {
        dt.call("Accessibility.getPartialAXTree", at)["nodes"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    };
    // The document's own node (the tree marks the page focused while it has the keyboard)
    // and the focused element's.
    let mut nodes: Vec<Value> = Vec::new();
    for expression in [
        "document",
        "document.activeElement && document.activeElement !== document.body \
         ? document.activeElement : document",
    ] {
        let found = dt.call("Runtime.evaluate", json!({ "expression": expression }));
        let Some(object) = found["result"]["objectId"].as_str().map(str::to_string) else {
            continue;
        };
        for n in nodes_of(dt, json!({ "objectId": object, "fetchRelatives": false })) {
            if !nodes.contains(&n) {
                nodes.push(n);
            }
        }
        dt.call("Runtime.releaseObject", json!({ "objectId": object }));
    }
    // The active descendants' own nodes (the one the tree marks focused may be either).
    let descendants = |n: &Value| -> Vec<i64> {
        n["properties"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|p| p["name"] == "activedescendant")
            .flat_map(|p| {
                p["value"]["relatedNodes"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default()
            })
            .filter_map(|r| r["backendDOMNodeId"].as_i64())
            .collect()
    };
    let related: Vec<i64> = nodes.iter().flat_map(descendants).collect();
    for id in related {
        for n in nodes_of(dt, json!({ "backendNodeId": id, "fetchRelatives": false })) {
            if !nodes.contains(&n) {
                nodes.push(n);
            }
        }
    }
    // From here as over the whole tree: each focused node's name, and its active
    // descendants' names (the first node of that DOM node the tree does not ignore).
    let mut names = Vec::new();
    for n in &nodes {
        let props = n["properties"].as_array().cloned().unwrap_or_default();
        if !props
            .iter()
            .any(|p| p["name"] == "focused" && p["value"]["value"] == true)
        {
            continue;
        }
        names.push((
            n["name"]["value"].as_str().unwrap_or_default().to_string(),
            n["backendDOMNodeId"].as_i64().unwrap_or(-1),
        ));
        for id in descendants(n) {
            let its = if nodes.iter().any(|m| m["backendDOMNodeId"] == id) {
                nodes.clone()
            } else {
                nodes_of(dt, json!({ "backendNodeId": id, "fetchRelatives": false }))
            };
            names.extend(
                its.iter()
                    .find(|m| m["backendDOMNodeId"] == id && m["ignored"] != true)
                    .and_then(|m| m["name"]["value"].as_str())
                    .map(|name| (name.to_string(), id)),
            );
        }
    }
    names
}

/// Tab (with Shift when `back`) until the tree's focused node is named `name`: after each
/// press, waits for the focus to move (frames in a loaded tab come late), so it never
/// overshoots.
fn tab_to(dt: &mut crate::gui_access::DevTools, name: &str, back: bool) -> bool {
    let mut was = ax_focused(dt);
    for _ in 0..120 {
        if was.iter().any(|(n, _)| n == name) {
            return true;
        }
        press(dt, "Tab", 9, if back { 8 } else { 0 });
        // Reading the focused node is cheap: look often, so each Tab costs about a frame.
        let now = crate::gui_access::poll_every(20, std::time::Duration::from_millis(40), || {
            let f = ax_focused(dt);
            (f != was).then_some(f)
        });
        match now {
            Some(f) => was = f,
            None => return false,
        }
    }
    false
}

/// The same journey in the tab, real key events and the page's accessibility tree only:
/// Tab into the app, Tab to Challenges and Enter, Tab to challenge 1 and Enter (OK if it
/// asks); Tab to Edit program, Enter on three palette icons, the wait set to 2 s with ↑,
/// Download; Ctrl+Enter runs; the card's points and each criterion's state are read from
/// Chromium's accessibility tree (the ARIA mirror), full points.
#[test]
fn in_the_tab_a_pupil_opens_runs_and_scores_a_challenge_by_keys_and_the_accessibility_tree() {
    use crate::gui_access::{poll, skip_unless_ci};
    use lurobotsim::app::challenge::{BuiltinChallenge, BUILTIN};
    use lurobotsim::i18n::Lang;
    use lurobotsim::tr;
    let browser = match crate::gui_web::chromium() {
        Ok(b) => b,
        Err(why) => {
            skip_unless_ci(format!("the tab's journey: {why}"));
            return;
        }
    };
    let Some(i) = BuiltinChallenge::in_order()
        .into_iter()
        .find(|&i| BUILTIN[i].stem == "drive-into-the-box")
    else {
        eprintln!("no built-in challenges in this build (assets/challenges is empty)");
        return;
    };
    let title = BUILTIN[i].title().to_string();
    let port = crate::gui_web::serve(root().join("target/web/dist"), 20);
    let url = format!("http://127.0.0.1:{port}/index.html");
    let (_chromium, mut dt) = crate::gui_access::open_page(&browser, &url, "journey");
    let menu = tr!(Lang::En, c::CHALLENGES);
    let named =
        |t: &[(String, String, Option<i64>)], name: &str| t.iter().any(|(_, n, _)| n == name);
    // Under load compiling the module takes a while: up to 5 minutes.
    let tree = poll(300, || {
        let t = dt.ax_tree();
        named(&t, &menu).then_some(t)
    })
    .unwrap_or_else(|| panic!("the tab never showed {menu}"));
    // Into the app as Tab from the page's top does: the canvas (the page's application)
    // takes the keyboard.
    let app = tree
        .iter()
        .find(|(r, _, _)| r == "application")
        .and_then(|(_, _, id)| *id)
        .expect("the app's canvas is the page's application");
    dt.call("DOM.focus", serde_json::json!({ "backendNodeId": app }));
    assert!(
        tab_to(&mut dt, &menu, false),
        "Tab reaches {menu}: {:?}",
        ax_focused(&mut dt)
    );
    press(&mut dt, "Enter", 13, 0);
    assert!(
        poll(30, || named(&dt.ax_tree(), &title).then_some(())).is_some(),
        "Enter opened the Challenges menu"
    );
    assert!(
        tab_to(&mut dt, &title, false),
        "Tab reaches {title}: {:?}",
        ax_focused(&mut dt)
    );
    press(&mut dt, "Enter", 13, 0);
    let panel = format!("Challenge: {title}");
    let ok = tr!(Lang::En, lurobotsim::ui::OK);
    let opened = poll(60, || {
        let t = dt.ax_tree();
        if named(&t, &panel) {
            Some(true)
        } else if t.iter().any(|(_, n, _)| n.contains("Open the challenge")) {
            Some(false)
        } else {
            None
        }
    })
    .expect("Enter on the challenge opened it or asked first");
    if !opened {
        assert!(tab_to(&mut dt, &ok, false), "Tab reaches {ok}");
        press(&mut dt, "Enter", 13, 0);
        assert!(poll(60, || named(&dt.ax_tree(), &panel).then_some(())).is_some());
    }
    // The editor, by keys: Tab to Edit program, Enter; Enter on three palette icons.
    let edit = tr!(Lang::En, ed::EDIT_PROGRAM);
    assert!(tab_to(&mut dt, &edit, false), "Tab reaches {edit}");
    press(&mut dt, "Enter", 13, 0);
    assert!(
        poll(60, || named(&dt.ax_tree(), "Task 0 strip").then_some(())).is_some(),
        "Enter opened the editor"
    );
    for (n, palette) in ["Motor forward", "Wait for time", "Stop motor"]
        .into_iter()
        .enumerate()
    {
        assert!(tab_to(&mut dt, palette, false), "Tab reaches {palette}");
        press(&mut dt, "Enter", 13, 0);
        let icon = format!("Task 0 #{} {palette}", n + 1);
        assert!(
            poll(60, || named(&dt.ax_tree(), &icon).then_some(())).is_some(),
            "Enter on {palette} inserted {icon}"
        );
    }
    // The wait's modifiers: Shift+Tab back to it, Enter; Shift+Tab to Seconds; ↑ × 20
    // (0.05 s each) makes 2 s.
    let wait = "Task 0 #2 Wait for time";
    assert!(tab_to(&mut dt, wait, true), "Shift+Tab reaches {wait}");
    press(&mut dt, "Enter", 13, 0);
    assert!(
        poll(60, || named(&dt.ax_tree(), "Seconds").then_some(())).is_some(),
        "Enter showed the wait's modifiers"
    );
    assert!(
        tab_to(&mut dt, "Seconds", true),
        "Shift+Tab reaches Seconds: {:?}",
        ax_focused(&mut dt)
    );
    for _ in 0..20 {
        press(&mut dt, "ArrowUp", 38, 0);
    }
    // As a pupil would, see the wait say 2 s before moving on: egui's number field, if the
    // arrows and the Tab that leaves it fall in one frame (a slow tab), takes back its text
    // from before the arrows as it loses focus, so the value would go back to 1 s.
    assert!(
        poll(60, || dt
            .ax_tree()
            .iter()
            .any(|(_, n, _)| n.contains("Wait for 2.00 s"))
            .then_some(()))
        .is_some(),
        "↑ twenty times set the wait to 2 s"
    );
    let download = tr!(Lang::En, ed::DOWNLOAD);
    assert!(tab_to(&mut dt, &download, false), "Tab reaches {download}");
    press(&mut dt, "Enter", 13, 0);
    assert!(
        poll(60, || dt
            .ax_tree()
            .iter()
            .any(|(_, n, _)| n.contains("Program: edited program"))
            .then_some(()))
        .is_some(),
        "Enter on Download gave the robot the program"
    );
    // Run: Ctrl+Enter.
    press(&mut dt, "Enter", 13, 2);
    let card = c::result_text(Lang::En, 3.0, 3.0);
    let tree = poll(180, || {
        let t = dt.ax_tree();
        named(&t, &card).then_some(t)
    })
    .unwrap_or_else(|| {
        let t = dt.ax_tree();
        let said: Vec<&String> = t
            .iter()
            .map(|(_, n, _)| n)
            .filter(|n| !n.is_empty())
            .collect();
        panic!("the tab's tree never said {card}: {said:?}")
    });
    let passed = tr!(Lang::En, "challenge-state-passed");
    let rows: Vec<&String> = tree
        .iter()
        .map(|(_, n, _)| n)
        .filter(|n| n.ends_with(&format!("— {passed}")))
        .collect();
    assert!(
        rows.iter()
            .any(|n| n.contains("Drive into the box within 4 seconds"))
            && rows.iter().any(|n| n.contains("Stop inside the box")),
        "each criterion passed, in words: {rows:?}"
    );
    eprintln!("in the tab: {card}; {rows:?}");
}

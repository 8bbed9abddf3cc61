//! Issue 42 part 3: a challenge's seeds graded in the tab run on a pool of Web Workers,
//! each its own instance of the module (`src/host/tab_pool.rs`), and give the rows the
//! native `grade` gives. The built site (`scripts/web-build`) in headless Chromium over
//! the DevTools protocol; the panel's rows read from the page's accessibility tree, "Grade
//! all seeds" pressed through its node, as assistive technology presses it.

use crate::gui_access::{open_page, poll, skip_unless_ci, DevTools};
use crate::gui_support::*;
use lurobotsim::app::challenge::link::Source;
use lurobotsim::app::share;
use lurobotsim::i18n::Lang;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// The built-in relay (a scene: two robots, the partner's program) and its solution.
const CHALLENGE: &str = "assets/challenges/infrared-relay.toml";
const PROGRAM: &str = "assets/challenges/infrared-relay/solution.lasm";

/// The link that opens the challenge with the pupil's program loaded.
fn link_fragment() -> String {
    let path = root().join(CHALLENGE);
    let text = std::fs::read_to_string(&path).unwrap();
    let (a, source) = Source::record(
        &path.display().to_string(),
        &text,
        path.parent().unwrap(),
        &lurobotsim::sim::scene::read_disk,
    );
    let value = share::challenge_value(&source, &a.unwrap()).unwrap();
    let prog = share::deflate(&std::fs::read(root().join(PROGRAM)).unwrap());
    format!("#challenge={value}&name=solution.lasm&prog={prog}")
}

/// The panel's rows as `grade` gives them natively: the same program (as the brick holds
/// it, an image, as the panel grades it) on every seed, each run graded by `grade_one`.
fn native_rows() -> Vec<String> {
    use lurobotsim::grade::class::{ProgramFile, Pupil};
    let a = lurobotsim::sim::assignment::Assignment::load(&root().join(CHALLENGE)).unwrap();
    let program = lurobotsim::nqc::load(&root().join(PROGRAM)).unwrap();
    let pupil = Pupil {
        id: "solution".into(),
        program: Ok(ProgramFile {
            name: "solution.rcx".into(),
            bytes: lurobotsim::rcx::image::write(&program, &[]),
            dir: None,
        }),
        fingerprint: Vec::new(),
    };
    let plan = lurobotsim::grade::Plan::new(a, vec![pupil]);
    assert!(plan.runs.len() >= 3, "a challenge of at least three seeds");
    plan.runs
        .iter()
        .map(|r| {
            let record = lurobotsim::grade::grade_one(&plan, r);
            lurobotsim::ui::challenge::seed_row_text(Lang::En, &record)
        })
        .collect()
}

/// The page's "Grade all seeds" pressed through its accessibility node, once the page
/// shows it; then the rows (words of the panel that begin as a row does) once there are
/// `n` of them.
fn grade_all_seeds(dt: &mut DevTools, n: usize) -> Vec<String> {
    let button = lurobotsim::tr!(Lang::En, lurobotsim::ui::challenge::ALL_SEEDS);
    // Under load compiling the module takes a while: up to 5 minutes.
    let node = poll(300, || {
        dt.ax_tree()
            .into_iter()
            .find(|(r, name, _)| r == "button" && *name == button)
            .and_then(|(_, _, id)| id)
    })
    .expect("the panel's Grade all seeds button in the tab's tree");
    let object = dt.call(
        "DOM.resolveNode",
        serde_json::json!({ "backendNodeId": node }),
    )["object"]["objectId"]
        .as_str()
        .expect("the button's element")
        .to_string();
    dt.call(
        "Runtime.callFunctionOn",
        serde_json::json!({ "objectId": object, "functionDeclaration": "function() { this.click(); }" }),
    );
    let rows = |dt: &mut DevTools| -> BTreeSet<String> {
        dt.ax_tree()
            .into_iter()
            .map(|(_, name, _)| name)
            .filter(|name| name.starts_with("Seed ") && name.contains("): "))
            .collect()
    };
    poll(600, || Some(rows(dt)).filter(|r| r.len() >= n))
        .unwrap_or_else(|| {
            panic!(
                "the tab showed {} of {n} rows: {:?}",
                rows(dt).len(),
                rows(dt)
            )
        })
        .into_iter()
        .collect()
}

/// A number the page keeps on `<html>` (the pool's counts), or what `expr` gives.
fn page_number(dt: &mut DevTools, expr: &str) -> u64 {
    let r = dt.call(
        "Runtime.evaluate",
        serde_json::json!({ "expression": expr, "returnByValue": true }),
    );
    r["result"]["value"]
        .as_str()
        .and_then(|s| s.parse().ok())
        .or_else(|| r["result"]["value"].as_u64())
        .unwrap_or(0)
}

/// All seeds of the relay in the tab: one row a seed, each the row the native `grade`
/// gives, from Web Workers the page started (as many as `navigator.hardwareConcurrency`
/// + 1, at most one a seed), each of which gave back a seed.
#[test]
fn all_seeds_in_the_tab_run_on_web_workers_and_give_grade_s_rows() {
    let browser = match crate::gui_web::chromium() {
        Ok(b) => b,
        Err(why) => {
            skip_unless_ci(format!("the tab's pool of workers: {why}"));
            return;
        }
    };
    let mut want = native_rows();
    want.sort();
    let port = crate::gui_web::serve(root().join("target/web/dist"), 200);
    let url = format!("http://127.0.0.1:{port}/index.html{}", link_fragment());
    let (_chromium, mut dt) = open_page(&browser, &url, "pool");
    let got = grade_all_seeds(&mut dt, want.len());
    assert_eq!(got, want, "the tab's rows against grade's");
    let cores = page_number(&mut dt, "navigator.hardwareConcurrency");
    let started = page_number(&mut dt, "document.documentElement.dataset.workersStarted");
    let ran = page_number(&mut dt, "document.documentElement.dataset.workersRan");
    let size = (cores + 1).min(want.len() as u64).min(8);
    eprintln!("{cores} cores: {started} workers started, {ran} gave back a seed");
    assert_eq!(started, size, "workers started for {} seeds", want.len());
    assert_eq!(ran, started, "every worker graded a seed");
}

/// A worker whose script fails (here: it throws as it loads) gives each seed a row that
/// says it was not graded and why, and the panel ends (nothing waits for it).
#[test]
fn a_failing_worker_gives_each_seed_a_row_that_says_why() {
    let browser = match crate::gui_web::chromium() {
        Ok(b) => b,
        Err(why) => {
            skip_unless_ci(format!("the tab's pool of workers: {why}"));
            return;
        }
    };
    let broken: PathBuf =
        std::env::temp_dir().join(format!("lurobotsim-broken-worker-{}", std::process::id()));
    std::fs::create_dir_all(&broken).unwrap();
    std::fs::write(
        broken.join("lurobotsim-worker.js"),
        "throw new Error(\"this worker is broken\");\n",
    )
    .unwrap();
    let n = native_rows().len();
    let port =
        crate::gui_web::serve_from(vec![broken.clone(), root().join("target/web/dist")], 200);
    let url = format!("http://127.0.0.1:{port}/index.html{}", link_fragment());
    let (_chromium, mut dt) = open_page(&browser, &url, "pool-broken");
    let rows = grade_all_seeds(&mut dt, n);
    let _ = std::fs::remove_dir_all(&broken);
    for row in &rows {
        assert!(
            row.contains("not graded") && row.contains("this worker is broken"),
            "a failed seed's row says why: {row}"
        );
    }
    let ran = page_number(&mut dt, "document.documentElement.dataset.workersRan");
    assert_eq!(ran, 0, "no worker gave back a seed");
    // The job ended: the total is shown (every run counted, as grade counts an error).
    let total = poll(60, || {
        dt.ax_tree()
            .into_iter()
            .find(|(_, name, _)| name.starts_with("All seeds: 0 of "))
    });
    assert!(total.is_some(), "the panel's total after the failed seeds");
}

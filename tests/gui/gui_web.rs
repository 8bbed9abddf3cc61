//! The browser build: the app with its runner driven by the frame loop (as in a tab, which
//! has no threads), share links, and the built site (`scripts/web-build`) in Debian's
//! headless Chromium, its state compared with the native `run --json` of the same run.

use crate::gui_support::*;
use lurobotsim::app::share;
use lurobotsim::app::AppConfig;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;

/// `lurobotsim run … --json` for a built-in robot, floor and an example, as JSON.
fn native_state(robot: &str, env: &str, example: &str, seconds: f64) -> serde_json::Value {
    let program = root().join(format!("assets/examples/{example}.lasm"));
    let out = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(["run", "--robot", robot, "--env", env, "--program"])
        .arg(&program)
        .args(["--seconds", &seconds.to_string(), "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The app as the browser starts it for `fragment`: its config, its runner in the frame
/// loop, then the link opened.
fn app_for_link(fragment: &str) -> AppHarness {
    let shared = share::parse(fragment).unwrap();
    let config = share::config_for(
        &shared,
        AppConfig {
            inline_runner: true,
            ..AppConfig::quiet()
        },
    );
    let mut h = harness(config);
    h.state_mut().open_shared(&shared);
    h
}

#[test]
fn a_share_links_run_in_the_frame_loop_ends_in_the_state_run_prints() {
    let mut h = app_for_link("#robot=M5&env=E3&example=line_follower&run=10");
    assert!(
        wait_for(&mut h, |app| app.state_json.is_some()),
        "no state after the run"
    );
    let text = h.state().state_json.clone().unwrap().unwrap();
    let ours: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(ours, native_state("M5", "E3", "line_follower", 10.0));
}

#[test]
fn the_frame_loops_runner_runs_paced_and_its_icons_light() {
    let mut h = app_for_link("#example=line_follower");
    click(&mut h, &lurobotsim::tr!(Lang::En, lurobotsim::ui::RUN));
    assert!(
        wait_for(&mut h, |app| time_ms(app) >= 1500),
        "the clock did not run"
    );
    assert!(!lit_icons(&h).is_empty(), "no icon lit while running");
    click(&mut h, &lurobotsim::tr!(Lang::En, lurobotsim::ui::PAUSE));
    assert!(until(&mut h, |h| run_state(h) == "paused"));
    let paused_at = clock(&h);
    for _ in 0..20 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(clock(&h), paused_at, "time ran on while paused");
}

#[test]
fn a_damaged_link_opens_the_defaults_and_says_why() {
    let err = share::parse("#robot=M5&prog=not-a-program!")
        .unwrap_err()
        .to_string();
    assert!(err.contains("prog"), "{err}");
    // The copied link of a loaded program opens that program again.
    let mut h = app_for_link("#example=touch");
    h.run_steps(2);
    let fragment = h.state().share_fragment();
    let back = share::parse(&fragment).unwrap();
    let (name, bytes) = back.program.clone().unwrap();
    assert!(name.ends_with(".rcx"), "{name}");
    let program = lurobotsim::rcx::load_program_bytes(&bytes, &name).unwrap();
    let example = lurobotsim::rcx::lasm::assemble(
        include_str!("../../assets/examples/touch.lasm"),
        "touch.lasm",
    )
    .unwrap();
    // The same code (an .rcx image keeps no LASM label names).
    assert_eq!((program.tasks, program.subs), (example.tasks, example.subs));
    assert_eq!(back.robot.as_deref(), Some("M2"));
    assert_eq!(back.env.as_deref(), Some("E2"));
}

/// Serves `dir` over HTTP on a free loopback port (a thread per request; at most
/// `requests` of them, so the server ends with the test).
pub(crate) fn serve(dir: PathBuf, requests: usize) -> u16 {
    serve_from(vec![dir], requests)
}

/// As [`serve`], each file from the first of `dirs` that has it; `/wait` answers after
/// 20 ms of real time (a page under a virtual-time budget asks it while it waits for
/// real work — a file read — as virtual time stands still while a fetch is pending).
pub(crate) fn serve_from(dirs: Vec<PathBuf>, requests: usize) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming().take(requests).flatten() {
            let dirs = dirs.clone();
            std::thread::spawn(move || {
                let mut reader = BufReader::new(&stream);
                let mut line = String::new();
                if reader.read_line(&mut line).is_err() {
                    return;
                }
                let path = line.split_whitespace().nth(1).unwrap_or("/").to_string();
                let path = path.split(['?', '#']).next().unwrap_or("/");
                if path == "/wait" {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                let name = if path == "/" {
                    "index.html"
                } else {
                    &path[1..]
                };
                let file = dirs
                    .iter()
                    .map(|d| d.join(name))
                    .find(|f| f.exists())
                    .unwrap_or_default();
                let (status, body) = match (name.contains(".."), std::fs::read(&file)) {
                    (false, Ok(b)) => ("200 OK", b),
                    _ => ("404 Not Found", b"not found".to_vec()),
                };
                let mime = match file.extension().and_then(|e| e.to_str()) {
                    Some("html") => "text/html; charset=utf-8",
                    Some("js") => "text/javascript",
                    Some("wasm") => "application/wasm",
                    _ => "application/octet-stream",
                };
                let mut s = &stream;
                let _ = write!(
                    s,
                    "HTTP/1.1 {status}\r\nContent-Type: {mime}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    body.len()
                );
                let _ = s.write_all(&body);
                let mut rest = Vec::new();
                let _ = reader.read_to_end(&mut rest);
            });
        }
    });
    port
}

/// Debian's Chromium, or why the browser test cannot run (a failure under `CI=true`).
pub(crate) fn chromium() -> Result<PathBuf, String> {
    let dist = root().join("target/web/dist");
    if !dist.join("index.html").exists() || !dist.join("lurobotsim_bg.wasm").exists() {
        return Err("the site is not built (run scripts/web-build)".into());
    }
    ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
        .ok_or_else(|| "Chromium is not installed (apt-get install chromium)".into())
}

/// Headless Chromium on WebGL2 through SwiftShader, with `budget_ms` of virtual time
/// (the page's clock; the run itself is not paced), and `what` (`--dump-dom` or
/// `--screenshot=FILE`).
fn chromium_at(browser: &Path, url: &str, budget_ms: u32, what: &str) -> String {
    // A profile of its own per call (tests run at once; a shared one yields blank pages).
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let profile = std::env::temp_dir().join(format!(
        "lurobotsim-chromium-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&profile);
    let out = Command::new(browser)
        .args([
            "--headless=new",
            "--no-sandbox",
            "--use-angle=swiftshader",
            "--enable-unsafe-swiftshader",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--window-size=1280,800",
            "--hide-scrollbars",
        ])
        .arg(format!("--virtual-time-budget={budget_ms}"))
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(what)
        .arg(url)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&profile);
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The text of `<pre id="lurobotsim-state" …>` in a dumped page, unescaped (the page adds
/// attributes to it, such as `data-wall-ms`).
fn state_in(dom: &str) -> Option<String> {
    let tag = dom.find("<pre id=\"lurobotsim-state\"")?;
    let start = tag + dom[tag..].find('>')? + 1;
    let end = start + dom[start..].find("</pre>")?;
    let text = &dom[start..end];
    Some(
        text.replace("&quot;", "\"")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&"),
    )
}

#[test]
fn the_site_in_headless_chromium_ends_every_example_where_run_does() {
    let browser = match chromium() {
        Ok(b) => b,
        Err(why) if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("the browser test must run in CI: {why}")
        }
        Err(why) => {
            eprintln!("skipping the browser test: {why}");
            return;
        }
    };
    let port = serve(root().join("target/web/dist"), 200);
    let site = format!("http://127.0.0.1:{port}/index.html");
    // Each shipped example on its own robot and floor: the tab's state is the desktop's,
    // bit for bit (rapier's enhanced determinism and libm on both).
    for (example, robot, env, seconds) in [
        ("motor_2s", "M4", "E1", 3.0),
        ("touch", "M2", "E2", 6.0),
        ("line_follower", "M5", "E3", 10.0),
        ("wait_for_darker", "M5", "E3", 6.0),
        ("task_split", "M3", "E1", 5.0),
    ] {
        let url = format!("{site}#robot={robot}&env={env}&example={example}&run={seconds}");
        // Under load, compiling the 13 MB module can outlast a virtual-time budget (the
        // page's clock runs on meanwhile): a page that wrote no state yet is asked again
        // with a longer budget before the test gives up.
        let mut dom = String::new();
        for budget in [30_000, 90_000, 240_000] {
            dom = chromium_at(&browser, &url, budget, "--dump-dom");
            if state_in(&dom).is_some_and(|t| t.starts_with('{')) {
                break;
            }
        }
        let text = state_in(&dom).unwrap_or_default();
        assert!(
            text.starts_with('{'),
            "{example}: the page wrote no state: {}",
            &dom[..dom.len().min(2000)]
        );
        let ours: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            ours,
            native_state(robot, env, example, seconds),
            "{example} in the browser"
        );
    }

    // The screenshot shows the app drawn (not a blank canvas): many colours, and the
    // robot's floor and icons are there to look at (target/web/line_follower.png).
    let url = format!("{site}#robot=M5&env=E3&example=line_follower&run=10");
    let shot = root().join("target/web/line_follower.png");
    let _ = std::fs::remove_file(&shot);
    chromium_at(
        &browser,
        &url,
        90_000,
        &format!("--screenshot={}", shot.display()),
    );
    let img = image::open(&shot).unwrap().to_rgb8();
    let colours: std::collections::HashSet<[u8; 3]> = img.pixels().map(|p| p.0).collect();
    assert!(
        colours.len() > 200,
        "only {} colours: a blank page?",
        colours.len()
    );
    // The icons' panel is drawn: the lit icon's yellow frame is there on the right.
    let lit = img
        .enumerate_pixels()
        .filter(|(x, _, p)| *x > 960 && p.0[0] > 230 && p.0[1] > 180 && p.0[2] < 60)
        .count();
    assert!(lit > 300, "no lit icon on the right: {lit} yellow pixels");
}

/// The built-in relay (a scene, the partner's program) as a link's value, made as File >
/// Copy challenge link makes it: read from its files, packed, deflated.
fn relay_link_value() -> Option<(String, String)> {
    use lurobotsim::app::challenge::link::Source;
    let path = root().join("assets/challenges/infrared-relay.toml");
    let text = std::fs::read_to_string(&path).ok()?;
    let (a, source) = Source::record(
        &path.display().to_string(),
        &text,
        path.parent()?,
        &lurobotsim::sim::scene::read_disk,
    );
    let a = a.unwrap();
    Some((share::challenge_value(&source, &a).unwrap(), a.name))
}

/// Issue 41: a challenge link opens in the tab with its panel — the challenge's name and
/// its criteria in the page's accessibility mirror —, its scene's two robots included; a
/// damaged one shows the defaults and says why (target/web/challenge-link.png shows the
/// panel).
#[test]
fn a_challenge_link_opens_in_the_tab_with_its_panel_and_a_damaged_one_says_why() {
    let browser = match chromium() {
        Ok(b) => b,
        Err(why) if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("the browser test must run in CI: {why}")
        }
        Err(why) => {
            eprintln!("skipping the browser challenge-link test: {why}");
            return;
        }
    };
    let (value, name) = relay_link_value().expect("the pack's relay is in the source tree");
    let port = serve(root().join("target/web/dist"), 100);
    let site = format!("http://127.0.0.1:{port}/index.html");
    let criterion = "Drive your robot to the circle beside your friend within 4 seconds";
    let shown = |url: &str, wanted: &str| {
        let mut dom = String::new();
        for budget in [20_000, 60_000, 180_000] {
            dom = chromium_at(&browser, url, budget, "--dump-dom");
            if dom.contains(wanted) {
                break;
            }
        }
        dom
    };
    let url = format!("{site}#challenge={value}");
    let dom = shown(&url, criterion);
    let panel = format!("Challenge: {name}");
    assert!(
        dom.contains(&panel) && dom.contains(criterion),
        "the panel is not in the page: {}",
        &dom[..dom.len().min(3000)]
    );
    assert!(dom.contains("Robot 2"), "the scene's second robot");
    let shot = root().join("target/web/challenge-link.png");
    let _ = std::fs::remove_file(&shot);
    chromium_at(
        &browser,
        &url,
        60_000,
        &format!("--screenshot={}", shot.display()),
    );
    assert!(shot.exists(), "no screenshot");

    let cut = &value[..value.len() / 2];
    let dom = shown(&format!("{site}#challenge={cut}"), "could not be opened");
    assert!(
        dom.contains("This link could not be opened (its challenge is damaged"),
        "the why is not in the page: {}",
        &dom[..dom.len().min(3000)]
    );
    assert!(
        !dom.contains(&panel),
        "no challenge panel for a damaged link"
    );
}

/// A page that loads the built app as `index.html` does, gives it a class through its
/// real file input (the assignment and a zip of the programs folder, fetched from the
/// test's server), starts grading and downloads every file with the keyboard (Ctrl+Enter,
/// Ctrl+S, as a teacher may), and writes the downloaded zip into the page (the download
/// itself is caught on its way out: `URL.createObjectURL` and the link's `click`).
const GRADE_PAGE: &str = r#"<!DOCTYPE html>
<html><head><meta charset="utf-8"></head><body style="margin:0">
<canvas id="lurobotsim-canvas" style="width:1280px;height:800px"></canvas>
<div id="lurobotsim-status"></div>
<pre id="lurobotsim-state"></pre>
<pre id="grade-test">waiting</pre>
<script type="module">
const out = document.getElementById("grade-test");
const caught = {};
const make = URL.createObjectURL.bind(URL);
URL.createObjectURL = (blob) => { caught.last = blob; return make(blob); };
HTMLAnchorElement.prototype.click = function () { caught[this.download] = caught.last; };
const until = async (f, what) => {
  for (let i = 0; !f(); i++) {
    if (i > 20000) throw new Error("waited too long for " + what);
    await new Promise((r) => setTimeout(r, 50));
    // Real time for the page's real work (reading the given files): virtual time
    // stands still while a fetch is pending (the server answers after 20 ms).
    await fetch("wait?" + i);
  }
};
const key = (k, code) => {
  const c = document.getElementById("lurobotsim-canvas");
  c.focus();
  for (const type of ["keydown", "keyup"]) {
    c.dispatchEvent(new KeyboardEvent(type, { key: k, code, ctrlKey: true, bubbles: true }));
  }
};
try {
  const { default: init } = await import("./lurobotsim.js");
  await init();
  const canvas = document.getElementById("lurobotsim-canvas");
  await until(() => canvas.hasAttribute("data-first-frame-ms"), "the first frame");
  const file = async (url) => new File([await (await fetch(url)).arrayBuffer()], url);
  const given = new DataTransfer();
  given.items.add(await file("assignment.toml"));
  given.items.add(await file("programs.zip"));
  const input = document.getElementById("lurobotsim-file");
  input.files = given.files;
  input.dispatchEvent(new Event("change"));
  const grade = () => document.getElementById("lurobotsim-grade");
  await until(() => grade()?.dataset.ready === "yes", "the class given");
  key("Enter", "Enter");
  await until(() => grade()?.dataset.finished, "the class graded");
  if (grade().dataset.finished !== "ok") throw new Error(grade().dataset.finished);
  key("s", "KeyS");
  await until(() => caught["graded.zip"], "the download");
  const bytes = new Uint8Array(await caught["graded.zip"].arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  }
  out.textContent = "zip:" + btoa(text);
} catch (e) {
  out.textContent = "error: " + e;
}
</script>
</body></html>
"#;

/// Standard base64 (what `btoa` writes) to bytes.
fn from_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let digits: Vec<u8> = text.bytes().filter(|c| *c != b'=').map(value).collect();
    let mut out = Vec::new();
    for chunk in digits.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &d)| n | (u32::from(d) << (18 - 6 * i)));
        out.extend(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

/// The sample class without its NQC source (a tab cannot run NQC), as `grade` reads it
/// from a folder and as a teacher zips it.
fn class_without_nqc(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let programs = root().join("tests/data/grade/programs");
    let mut files = Vec::new();
    for e in std::fs::read_dir(&programs).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if p.extension().is_some_and(|x| x == "nqc") {
            continue;
        }
        if p.is_dir() {
            for f in std::fs::read_dir(&p).unwrap() {
                let f = f.unwrap().path();
                let inner = f.file_name().unwrap().to_string_lossy().into_owned();
                files.push((
                    format!("programs/{name}/{inner}"),
                    std::fs::read(&f).unwrap(),
                ));
            }
        } else {
            files.push((format!("programs/{name}"), std::fs::read(&p).unwrap()));
        }
    }
    files.sort();
    for (name, bytes) in &files {
        let at = dir.join(name);
        std::fs::create_dir_all(at.parent().unwrap()).unwrap();
        std::fs::write(at, bytes).unwrap();
    }
    files
}

#[test]
fn a_class_graded_in_the_tab_gives_grade_s_reports_byte_for_byte() {
    let browser = match chromium() {
        Ok(b) => b,
        Err(why) if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("the browser test must run in CI: {why}")
        }
        Err(why) => {
            eprintln!("skipping the browser grading test: {why}");
            return;
        }
    };
    let work = std::env::temp_dir().join(format!("lurobotsim-tab-grade-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    let files = class_without_nqc(&work);
    // The desktop's `grade` of the same class.
    let assignment = root().join("tests/data/grade/assignment.toml");
    let out = work.join("graded");
    let cli = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .arg("grade")
        .arg(&assignment)
        .arg("--programs")
        .arg(work.join("programs"))
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        cli.status.success(),
        "{}",
        String::from_utf8_lossy(&cli.stderr)
    );
    // The page, the assignment and the zip beside the built site.
    let page = work.join("page");
    std::fs::create_dir_all(&page).unwrap();
    std::fs::write(page.join("grade-test.html"), GRADE_PAGE).unwrap();
    std::fs::copy(&assignment, page.join("assignment.toml")).unwrap();
    std::fs::write(
        page.join("programs.zip"),
        lurobotsim::grade::zip::write(&files),
    )
    .unwrap();
    // The page's files, then a `/wait` per 50 ms of virtual time it waits.
    let port = serve_from(vec![page, root().join("target/web/dist")], 20_000);
    let url = format!("http://127.0.0.1:{port}/grade-test.html#grade");
    let mut said = String::new();
    for budget in [120_000, 600_000] {
        let dom = chromium_at(&browser, &url, budget, "--dump-dom");
        let at = dom.find("<pre id=\"grade-test\">").map(|i| i + 21);
        said = at
            .and_then(|i| dom[i..].split("</pre>").next().map(str::to_string))
            .unwrap_or_default();
        if said.starts_with("zip:") {
            break;
        }
    }
    let zip = said
        .strip_prefix("zip:")
        .unwrap_or_else(|| panic!("the page graded nothing: {said}"));
    let members = lurobotsim::grade::zip::read(&from_base64(zip), 64 << 20).unwrap();
    let mut compared = Vec::new();
    for m in members {
        let bytes = m.bytes.unwrap();
        let disk = std::fs::read(out.join(&m.name)).unwrap();
        if m.name == "runs.jsonl" {
            // The one field that differs between runs: each run's wall time.
            let strip = |b: &[u8]| -> Vec<serde_json::Value> {
                String::from_utf8_lossy(b)
                    .lines()
                    .map(|l| {
                        let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                        v["wall_s"] = serde_json::Value::Null;
                        v
                    })
                    .collect()
            };
            assert_eq!(strip(&bytes), strip(&disk), "runs.jsonl but wall_s");
        } else {
            assert!(bytes == disk, "{} differs from lurobotsim grade's", m.name);
        }
        compared.push(m.name);
    }
    for name in ["report.html", "grades.csv", "junit.xml", "runs.jsonl"] {
        assert!(compared.iter().any(|n| n == name), "{name} in {compared:?}");
    }
    let _ = std::fs::remove_dir_all(&work);
}

/// A page that loads the built app as `index.html` does, with a fake device (`fake`, a
/// script) standing in for the browser's `navigator.serial` or `navigator.usb`: the bytes
/// the app writes go over HTTP to the test's relay (`POST tx`, `GET rx`), which hands them
/// to a simulated brick over TCP. The page opens the Real RCX window (`#…&rcx`), runs
/// `steps` (a script that clicks the window's buttons where it last drew them, as a
/// pointer would: the app sees a click and calls the picker from it, and sets `told`),
/// and writes `told` with what the fake was asked (`asked`) into the page.
fn rcx_page(fake: &str, steps: &str) -> String {
    [RCX_PAGE_HEAD, fake, RCX_PAGE_TOOLS, steps, RCX_PAGE_TAIL].concat()
}

const RCX_PAGE_HEAD: &str = r#"<!DOCTYPE html>
<html><head><meta charset="utf-8"></head><body style="margin:0">
<canvas id="lurobotsim-canvas" style="width:1280px;height:800px"></canvas>
<div id="lurobotsim-status"></div>
<pre id="lurobotsim-state"></pre>
<pre id="rcx-test">waiting</pre>
<script type="module">
const out = document.getElementById("rcx-test");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let stopped = false;
const asked = {};
// What the relay has for the app, as it comes (empty: nothing yet).
const fromBrick = async () => new Uint8Array(await (await fetch("rx")).arrayBuffer());
const toBrick = async (bytes) => { await fetch("tx", { method: "POST", body: bytes }); };
"#;

/// The fake serial port: its streams carry the bytes to the relay.
const FAKE_SERIAL: &str = r#"
asked.requestPort = 0;
asked.opened = null;
const port = {
  getInfo: () => ({ usbVendorId: 0x0403, usbProductId: 0x6001 }),
  open: async (options) => { asked.opened = options; },
  readable: new ReadableStream({
    async pull(c) {
      for (;;) {
        if (stopped) return new Promise(() => {});
        const got = await fromBrick();
        if (got.length) { c.enqueue(got); return; }
        // Virtual time moves (the app's frames run) only while no fetch is pending.
        await sleep(10);
      }
    },
  }),
  writable: new WritableStream({ async write(chunk) { await toBrick(chunk); } }),
};
Object.defineProperty(navigator, "serial", {
  configurable: true,
  value: { requestPort: async () => { asked.requestPort++; return port; } },
});
"#;

/// The fake USB tower: a USBDevice whose control requests answer as LEGO's tower does
/// (u16 length, u8 error 0, the version 1.3.12 to GET_VERSION), whose interrupt OUT
/// transfers go to the relay and whose interrupt IN transfers bring what the relay has,
/// at most the length asked; everything it is asked is noted in `asked`.
const FAKE_USB: &str = r#"
asked.requestDevice = [];
asked.calls = [];
asked.control = [];
asked.outEndpoints = [];
asked.inTransfers = [];
let pending = new Uint8Array(0);
const device = {
  vendorId: 0x0694, productId: 0x0001, productName: "LEGO USB Tower",
  opened: false, configuration: null,
  open: async () => { asked.calls.push("open"); device.opened = true; },
  selectConfiguration: async (n) => {
    asked.calls.push("selectConfiguration " + n);
    device.configuration = { configurationValue: n };
  },
  claimInterface: async (n) => { asked.calls.push("claimInterface " + n); },
  controlTransferIn: async (setup, length) => {
    asked.control.push([setup.requestType, setup.recipient, setup.request, setup.value,
      setup.index, length]);
    const reply = setup.request === 0xfd ? [8, 0, 0, 0, 1, 3, 12, 0] : [length, 0, 0, 0];
    return { status: "ok", data: new DataView(new Uint8Array(reply).buffer) };
  },
  transferOut: async (ep, data) => {
    if (!asked.outEndpoints.includes(ep)) asked.outEndpoints.push(ep);
    await toBrick(data);
    return { status: "ok", bytesWritten: data.byteLength };
  },
  transferIn: async (ep, length) => {
    const key = ep + " " + length;
    if (!asked.inTransfers.includes(key)) asked.inTransfers.push(key);
    for (;;) {
      if (stopped) return new Promise(() => {});
      if (pending.length) {
        const packet = pending.slice(0, length);
        pending = pending.slice(length);
        return { status: "ok", data: new DataView(packet.buffer) };
      }
      pending = await fromBrick();
      // Virtual time moves (the app's frames run) only while no fetch is pending.
      if (!pending.length) await sleep(10);
    }
  },
  clearHalt: async () => {},
};
Object.defineProperty(navigator, "usb", {
  configurable: true,
  value: {
    requestDevice: async (options) => { asked.requestDevice.push(options); return device; },
    getDevices: async () => [],
  },
});
"#;

const RCX_PAGE_TOOLS: &str = r#"
const rcx = () => document.getElementById("lurobotsim-rcx");
// At most 1,000 s of the page's virtual time: it passes while the relay has nothing from
// the brick, so a busy machine, where the brick's real-time answers come late, spends
// more of it. A 16 KB firmware download took 28 s of it alone, 76 s beside four busy
// loops on two cores, and over 200 s (the old bound) in CI's clean clone (stop 52).
const until = async (f, what) => {
  for (let i = 0; !f(); i++) {
    if (i > 20000) throw new Error("waited too long for " + what + ": " + rcx()?.dataset.said);
    await sleep(50);
  }
};
const click = async (key) => {
  await until(() => (rcx()?.dataset.buttons || "").includes(key + " "), key);
  const at = rcx().dataset.buttons.split(";").map((p) => p.split(" ")).find((p) => p[0] === key);
  const c = document.getElementById("lurobotsim-canvas");
  const r = c.getBoundingClientRect();
  const o = { clientX: r.left + Number(at[1]), clientY: r.top + Number(at[2]), bubbles: true,
    button: 0, buttons: 1, pointerId: 1, pointerType: "mouse", isPrimary: true };
  c.dispatchEvent(new MouseEvent("mousemove", { ...o, buttons: 0 }));
  await sleep(100);
  c.dispatchEvent(new PointerEvent("pointerdown", o));
  await sleep(50);
  c.dispatchEvent(new PointerEvent("pointerup", { ...o, buttons: 0 }));
  await sleep(100);
};
const idle = () => rcx()?.dataset.busy === "no";
// A job started by `key`'s click, to its end: what the window then said.
const job = async (key) => {
  const before = Number(rcx().dataset.done);
  await click(key);
  await until(() => idle() && Number(rcx().dataset.done) > before, key);
  return rcx().dataset.said;
};
// The page's file picker gives `name` (fetched from the relay) when the app opens it.
const givePickedFile = (name) => {
  HTMLInputElement.prototype.click = async function () {
    const bytes = new Uint8Array(await (await fetch(name)).arrayBuffer());
    const files = new DataTransfer();
    files.items.add(new File([bytes], name));
    this.files = files.files;
    this.dispatchEvent(new Event("change"));
  };
};
const told = {};
try {
  const { default: init } = await import("./lurobotsim.js");
  await init();
  const canvas = document.getElementById("lurobotsim-canvas");
  await until(() => canvas.hasAttribute("data-first-frame-ms"), "the first frame");
  await until(() => rcx(), "the Real RCX window");
"#;

const RCX_PAGE_TAIL: &str = r#"
  told.asked = asked;
  out.textContent = JSON.stringify(told);
} catch (e) {
  out.textContent = "error: " + e;
}
stopped = true;
</script>
</body></html>
"#;

/// Choose the tower (`button`, waiting for `port`), Download the program shown, Run it.
fn download_and_run(button: &str, port: &str) -> String {
    format!(
        r#"
  await click("{button}");
  await until(() => rcx().dataset.port === "{port}", "the tower chosen");
  await click("rcx-download");
  await until(() => idle() && rcx().dataset.said, "the download");
  told.downloaded = rcx().dataset.said;
  told.ran = await job("rcx-run");
"#
    )
}

/// The relay between the page's fake serial port and a simulated brick (`brick`,
/// `HOST:PORT`): serves the page's files from the first of `dirs` that has them, `POST
/// tx` sends the body to the brick, `GET rx` answers what the brick sent since (waiting
/// up to 20 ms of real time for something).
fn relay(dirs: Vec<PathBuf>, brick: &str) -> u16 {
    use std::sync::{Arc, Condvar, Mutex};
    let to_brick = std::net::TcpStream::connect(brick).unwrap();
    let from_brick = to_brick.try_clone().unwrap();
    let to_brick = Arc::new(Mutex::new(to_brick));
    let came = Arc::new((Mutex::new(Vec::<u8>::new()), Condvar::new()));
    {
        let came = came.clone();
        let mut from_brick = from_brick;
        std::thread::spawn(move || {
            let mut buf = [0u8; 1024];
            while let Ok(n @ 1..) = from_brick.read(&mut buf) {
                came.0.lock().unwrap().extend_from_slice(&buf[..n]);
                came.1.notify_all();
            }
        });
    }
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let (dirs, to_brick, came) = (dirs.clone(), to_brick.clone(), came.clone());
            std::thread::spawn(move || {
                let mut reader = BufReader::new(&stream);
                let mut line = String::new();
                if reader.read_line(&mut line).is_err() {
                    return;
                }
                let mut length = 0usize;
                loop {
                    let mut h = String::new();
                    if reader.read_line(&mut h).unwrap_or(0) == 0 || h.trim().is_empty() {
                        break;
                    }
                    if let Some((k, v)) = h.split_once(':') {
                        if k.eq_ignore_ascii_case("content-length") {
                            length = v.trim().parse().unwrap_or(0);
                        }
                    }
                }
                let mut body = vec![0u8; length];
                if reader.read_exact(&mut body).is_err() {
                    return;
                }
                let path = line.split_whitespace().nth(1).unwrap_or("/").to_string();
                let path = path.split(['?', '#']).next().unwrap_or("/").to_string();
                let (status, mime, answer) = match path.as_str() {
                    "/tx" => {
                        let _ = to_brick.lock().unwrap().write_all(&body);
                        ("200 OK", "application/octet-stream", Vec::new())
                    }
                    "/rx" => {
                        let (lock, cv) = &*came;
                        let mut got = lock.lock().unwrap();
                        if got.is_empty() {
                            got = cv
                                .wait_timeout(got, std::time::Duration::from_millis(20))
                                .unwrap()
                                .0;
                        }
                        (
                            "200 OK",
                            "application/octet-stream",
                            std::mem::take(&mut *got),
                        )
                    }
                    _ => {
                        let name = path.trim_start_matches('/');
                        let file = dirs
                            .iter()
                            .map(|d| d.join(name))
                            .find(|f| f.is_file())
                            .unwrap_or_default();
                        let mime = match file.extension().and_then(|e| e.to_str()) {
                            Some("html") => "text/html; charset=utf-8",
                            Some("js") => "text/javascript",
                            Some("wasm") => "application/wasm",
                            _ => "application/octet-stream",
                        };
                        match (name.contains(".."), std::fs::read(&file)) {
                            (false, Ok(b)) => ("200 OK", mime, b),
                            _ => ("404 Not Found", "text/plain", b"not found".to_vec()),
                        }
                    }
                };
                let mut s = &stream;
                let _ = write!(
                    s,
                    "HTTP/1.1 {status}\r\nContent-Type: {mime}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    answer.len()
                );
                let _ = s.write_all(&answer);
            });
        }
    });
    port
}

/// `lurobotsim serve --headless` on a free port with `args`, and where it listens; its log
/// is read away so it never blocks.
fn serve_brick(args: &[&str]) -> (std::process::Child, String) {
    let mut brick = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(["serve", "--headless", "--listen", "127.0.0.1:0"])
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(brick.stderr.take().unwrap());
    let addr = loop {
        let mut line = String::new();
        assert!(err.read_line(&mut line).unwrap() > 0, "serve says where");
        if let Some(a) = line.trim().strip_prefix("lurobotsim: listening on ") {
            break a.to_string();
        }
    };
    std::thread::spawn(move || std::io::copy(&mut err, &mut std::io::sink()));
    (brick, addr)
}

/// Opens `page` (at `#fragment`) in headless Chromium, its relay handing the fake
/// device's bytes to the brick at `addr`; what the page told, as JSON (`brick` is killed
/// when the page did not finish).
fn tell_page(
    browser: &Path,
    brick: &mut std::process::Child,
    addr: &str,
    page: &str,
    fragment: &str,
    extra: &[(&str, &[u8])],
) -> serde_json::Value {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let work = std::env::temp_dir().join(format!(
        "lurobotsim-tab-rcx-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).unwrap();
    std::fs::write(work.join("rcx-test.html"), page).unwrap();
    for (name, bytes) in extra {
        std::fs::write(work.join(name), bytes).unwrap();
    }
    let port = relay(vec![work.clone(), root().join("target/web/dist")], addr);
    let url = format!("http://127.0.0.1:{port}/rcx-test.html#{fragment}");
    // The virtual time the page may take: more than its waits' bound (`until`, 1,000 s).
    let dom = chromium_at(browser, &url, 1_500_000, "--dump-dom");
    let at = dom.find("<pre id=\"rcx-test\">").map(|i| i + 19);
    let said = at
        .and_then(|i| dom[i..].split("</pre>").next())
        .unwrap_or_default()
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    let _ = std::fs::remove_dir_all(&work);
    let told: serde_json::Value = serde_json::from_str(&said).unwrap_or_else(|_| {
        let _ = brick.kill();
        panic!("the page did not finish: {said}")
    });
    eprintln!("the page: {told}");
    told
}

/// Chromium for a browser test, or `None` (the reason printed) where it cannot run
/// outside CI.
fn browser_for(what: &str) -> Option<PathBuf> {
    match chromium() {
        Ok(b) => Some(b),
        Err(why) if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("the browser test must run in CI: {why}")
        }
        Err(why) => {
            eprintln!("skipping the browser {what} test: {why}");
            None
        }
    }
}

/// The state `serve --run-seconds 2 --json` printed once the tab's Run started the
/// program equals `run`'s of the same program loaded: what the tab downloaded ran exactly.
fn assert_ran_as_run_does(brick: std::process::Child) {
    let mut brick = brick;
    let mut printed = String::new();
    brick
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut printed)
        .unwrap();
    let _ = brick.wait();
    let state: serde_json::Value = serde_json::from_str(printed.trim()).unwrap();
    let loaded: serde_json::Value = serde_json::from_slice(
        &Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
            .args(["run", "--robot", "M5", "--env", "E3", "--program"])
            .arg(root().join("assets/examples/line_follower.lasm"))
            .args(["--seconds", "2", "--json"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    for key in [
        "sim_time_s",
        "pose",
        "path_length_m",
        "yaw_total_deg",
        "outputs",
        "sensors",
        "variables",
        "timers",
    ] {
        assert_eq!(state[key], loaded[key], "{key}");
    }
}

/// The brick `serve` plays for the download tests: M5 on E3, 2 s once the program
/// starts, then its state as JSON.
const BRICK_RUNS_2_S: [&str; 7] = [
    "--robot",
    "M5",
    "--env",
    "E3",
    "--run-seconds",
    "2",
    "--json",
];

#[test]
fn the_tabs_download_through_web_serial_lands_in_the_brick_as_run_does() {
    let Some(browser) = browser_for("Web Serial") else {
        return;
    };
    // The simulated brick, with the serial tower's echo (Web Serial carries the serial
    // tower's bytes): it runs 2 s once the program starts, then prints its state.
    let (mut brick, addr) = serve_brick(&BRICK_RUNS_2_S);
    let page = rcx_page(
        FAKE_SERIAL,
        &download_and_run("rcx-choose-tower-button", "webserial:1"),
    );
    let told = tell_page(
        &browser,
        &mut brick,
        &addr,
        &page,
        "example=line_follower&rcx",
        &[],
    );
    // The app asked the browser's picker once and opened the port as the tower wants.
    assert_eq!(told["asked"]["requestPort"], 1);
    let opened = &told["asked"]["opened"];
    assert_eq!(opened["baudRate"], 2400);
    assert_eq!(opened["dataBits"], 8);
    assert_eq!(opened["parity"], "odd");
    assert_eq!(opened["stopBits"], 1);
    let downloaded = told["downloaded"].as_str().unwrap();
    assert!(
        downloaded.starts_with("Downloaded") && downloaded.contains("to program slot 1"),
        "{downloaded}"
    );
    assert_eq!(told["ran"], "Program slot 1 started.");
    // serve ran the brick 2 s after the task started and printed its state: the program
    // the tab downloaded ran exactly as the same program loaded by `run`.
    assert_ran_as_run_does(brick);
}

#[test]
fn the_tabs_download_through_webusb_lands_in_the_brick_as_run_does() {
    let Some(browser) = browser_for("WebUSB") else {
        return;
    };
    // The USB tower does not echo: the simulated brick neither.
    let mut args = BRICK_RUNS_2_S.to_vec();
    args.push("--no-echo");
    let (mut brick, addr) = serve_brick(&args);
    let page = rcx_page(
        FAKE_USB,
        &download_and_run("rcx-choose-usb-tower-button", "webusb:1"),
    );
    let told = tell_page(
        &browser,
        &mut brick,
        &addr,
        &page,
        "example=line_follower&rcx",
        &[],
    );
    let asked = &told["asked"];
    // The browser's picker was asked once, for LEGO's tower only.
    assert_eq!(
        asked["requestDevice"],
        serde_json::json!([{ "filters": [{ "vendorId": 0x0694, "productId": 1 }] }])
    );
    // Opened, configuration 1, interface 0, then LEGO's vendor requests, device-to-host:
    // the tower's version, the range (medium), 2400 baud out and in, a flush both ways.
    assert_eq!(
        asked["calls"],
        serde_json::json!(["open", "selectConfiguration 1", "claimInterface 0"])
    );
    let control = |request: u8, value: u16, length: u16| {
        serde_json::json!(["vendor", "device", request, value, 0, length])
    };
    assert_eq!(
        asked["control"],
        serde_json::json!([
            control(0xfd, 0, 8),
            control(0x02, 0x0202, 4),
            control(0xef, 8, 4),
            control(0xf1, 8, 4),
            control(0x03, 3, 4),
        ])
    );
    // Writes on interrupt OUT endpoint 2; reads on interrupt IN endpoint 1, 8 bytes each.
    assert_eq!(asked["outEndpoints"], serde_json::json!([2]));
    assert_eq!(asked["inTransfers"], serde_json::json!(["1 8"]));
    let downloaded = told["downloaded"].as_str().unwrap();
    assert!(
        downloaded.starts_with("Downloaded") && downloaded.contains("to program slot 1"),
        "{downloaded}"
    );
    assert_eq!(told["ran"], "Program slot 1 started.");
    assert_ran_as_run_does(brick);
}

/// A logging program that takes its time: variable 0 = 3, 6, 9, … and variable 1 =
/// 1000 − it, logged every second until the datalog's 200 entries are full (100 s; the
/// tab's jobs through the relay take seconds of real time each).
const SLOW_LOGGER: &str = "task 0\nlogz 200\nsetv 0, 2, 0\nsetv 1, 2, 1000\nloop:\nsumv 0, 2, 3\n\
subv 1, 2, 3\nlog 0, 0\nlog 0, 1\nwait 2, 100\nchkl 2, 1000, 1, 0, 0, loop\nendt\n";

#[test]
fn the_tabs_web_serial_uploads_the_datalog_stops_the_brick_and_downloads_firmware() {
    let Some(browser) = browser_for("Web Serial firmware/datalog/stop") else {
        return;
    };
    // The simulated brick, with the serial tower's echo, in real time.
    let (mut brick, addr) = serve_brick(&[]);
    let firmware: Vec<u8> = (0..16 * 1024).map(|i| (i * 13 + i / 251) as u8).collect();
    let lgo = lurobotsim::rcx::host::firmware::to_srecords(&firmware);
    let steps = r#"
  await click("rcx-choose-tower-button");
  await until(() => rcx().dataset.port === "webserial:1", "the tower chosen");
  told.downloaded = await job("rcx-download");
  told.ran = await job("rcx-run");
  // The brick runs in real time, logging 2 entries a second: upload until a few are
  // logged, as a teacher presses again; then Stop, and the datalog grows no more.
  for (let i = 0; i < 40; i++) {
    await job("rcx-upload-datalog");
    if (rcx().dataset.datalog.split(",").length >= 4) break;
    await sleep(250);
  }
  told.stopped = await job("rcx-stop");
  told.uploaded = await job("rcx-upload-datalog");
  told.datalog = rcx().dataset.datalog;
  for (let i = 0; i < 3; i++) await job("rcx-ask-brick");
  await job("rcx-upload-datalog");
  told.again = rcx().dataset.datalog;
  givePickedFile("firm.lgo");
  await click("rcx-choose");
  await sleep(500);
  told.firmware = await job("rcx-download-firmware");
  told.version = rcx().dataset.firmware;
  told.answered = await job("rcx-ask-brick");
"#;
    let fragment = format!(
        "name=logger.lasm&prog={}&rcx",
        share::deflate(SLOW_LOGGER.as_bytes())
    );
    let told = tell_page(
        &browser,
        &mut brick,
        &addr,
        &rcx_page(FAKE_SERIAL, steps),
        &fragment,
        &[("firm.lgo", lgo.as_bytes())],
    );
    let _ = brick.kill();
    let _ = brick.wait();
    assert!(
        told["downloaded"]
            .as_str()
            .unwrap()
            .contains("to program slot 1"),
        "{told}"
    );
    assert_eq!(told["ran"], "Program slot 1 started.");
    // Stop: the brick acknowledged StopAllTasks, and its program logged nothing more
    // (three round trips to the brick later, the datalog is the same).
    assert_eq!(told["stopped"], "Stopped.");
    let datalog = told["datalog"].as_str().unwrap();
    assert_eq!(told["again"], datalog, "the program stopped");
    // The datalog the tab uploaded is the one the program logged.
    let entries: Vec<&str> = datalog.split(',').collect();
    assert!(
        (4..200).contains(&entries.len()),
        "stopped part-way: {datalog}"
    );
    assert_eq!(
        told["uploaded"],
        format!("{} datalog entries uploaded.", entries.len())
    );
    for (k, entry) in entries.iter().enumerate() {
        let n = 3 * (k / 2 + 1);
        let value = if k % 2 == 0 { n } else { 1000 - n };
        assert_eq!(*entry, format!("{}:{value}", k % 2), "entry {k}");
    }
    // The 16 KB image went down (every byte acknowledged, its checksum accepted), and the
    // brick then reported its firmware version.
    let fw = told["firmware"].as_str().unwrap();
    assert!(
        fw.starts_with("Firmware downloaded (16384 bytes in"),
        "{fw}"
    );
    assert_eq!(told["version"], "0328");
    assert_eq!(told["answered"], "The brick answers.");
}

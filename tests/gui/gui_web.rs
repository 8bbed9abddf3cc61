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
    click(&mut h, &lurobotsim::tr!(lurobotsim::ui::RUN));
    assert!(
        wait_for(&mut h, |app| time_ms(app) >= 1500),
        "the clock did not run"
    );
    assert!(!lit_icons(&h).is_empty(), "no icon lit while running");
    click(&mut h, &lurobotsim::tr!(lurobotsim::ui::PAUSE));
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
    let err = share::parse("#robot=M5&prog=not-a-program!").unwrap_err();
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
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming().take(requests).flatten() {
            let dir = dir.clone();
            std::thread::spawn(move || {
                let mut reader = BufReader::new(&stream);
                let mut line = String::new();
                if reader.read_line(&mut line).is_err() {
                    return;
                }
                let path = line.split_whitespace().nth(1).unwrap_or("/").to_string();
                let path = path.split(['?', '#']).next().unwrap_or("/");
                let name = if path == "/" {
                    "index.html"
                } else {
                    &path[1..]
                };
                let file = dir.join(name);
                let (status, body) = match (name.contains(".."), std::fs::read(&file)) {
                    (false, Ok(b)) => ("200 &lurobotsim::tr!(OK)", b),
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
    let profile = std::env::temp_dir().join(format!(
        "lurobotsim-chromium-{}-{}",
        std::process::id(),
        what.len()
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

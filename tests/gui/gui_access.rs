//! Accessibility (issue 44), tried as assistive technology tries it:
//! - the tab's mirror of the accessibility tree (`ui::aria`, the plugin `crate::web` puts
//!   in the page) run against the real app natively: the toolbar's buttons by name, a
//!   click through the mirror runs the program, focus follows, every control named in
//!   every language;
//! - the real platform interface on the desktop: the binary under Xvfb with a private
//!   session bus and the AT-SPI registry, read and driven by `python3-pyatspi`
//!   (`tests/gui/atspi_probe.py`): Run found by its accessible name and pressed through
//!   its action, the running icon's name read back;
//! - the built site in headless Chromium over the DevTools protocol:
//!   `Accessibility.getFullAXTree` shows the app's buttons by name, and pressing Run
//!   through its node runs the program;
//! - zoom to 200 % at 1024 × 600 with no control of the window's chrome cut off.

use crate::gui_support::*;
use egui_kittest::kittest::Queryable;
use lurobotsim::app::AppConfig;
use lurobotsim::i18n::{Lang, ALL};
use lurobotsim::tr;
use lurobotsim::ui::aria::{Act, AriaMirror, Mirror, Requests};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The app with the tab's mirror plugin, as `crate::web` installs it; the mirror each
/// frame gave its sink, and the handle a page asks for actions through.
fn mirrored(config: AppConfig, size: egui::Vec2) -> (AppHarness, Arc<Mutex<Mirror>>, Requests) {
    let seen = Arc::new(Mutex::new(Mirror::default()));
    let sink = seen.clone();
    let (plugin, requests) = AriaMirror::new(Box::new(move |_, m| {
        *sink.lock().unwrap() = m.clone();
    }));
    let h = egui_kittest::Harness::builder()
        .with_size(size)
        .with_theme(egui::Theme::Light)
        .build_eframe(move |cc| {
            cc.egui_ctx.add_plugin(plugin);
            lurobotsim::app::LuApp::new(cc, config).expect("the app starts")
        });
    (h, seen, requests)
}

fn line_follower() -> AppConfig {
    AppConfig {
        robot: "M5".into(),
        env: "E3".into(),
        program: Some(root().join("assets/examples/line_follower.lasm")),
        ..AppConfig::quiet()
    }
}

#[test]
fn the_tabs_mirror_names_the_buttons_and_a_click_through_it_runs_the_program() {
    let (mut h, seen, requests) = mirrored(line_follower(), egui::vec2(1280.0, 800.0));
    let run_name = lurobotsim::tr!(Lang::En, lurobotsim::ui::RUN);
    assert!(
        until(&mut h, |_| seen
            .lock()
            .unwrap()
            .find("button", &run_name)
            .is_some()),
        "the mirror has the Run button"
    );
    let m = seen.lock().unwrap().clone();
    for key in [lurobotsim::ui::PAUSE, lurobotsim::ui::STOP] {
        let name = lurobotsim::tr!(Lang::En, key);
        assert!(m.find("button", &name).is_some(), "{name} is mirrored");
    }
    // The parts of the window are named landmarks.
    let toolbar = m
        .elements
        .iter()
        .find(|e| e.role() == Some("toolbar"))
        .expect("a toolbar");
    assert_eq!(toolbar.attr("aria-label"), Some("Toolbar"));
    for region in ["Readouts", "Program trace"] {
        assert!(
            m.elements
                .iter()
                .any(|e| e.role() == Some("region") && e.attr("aria-label") == Some(region)),
            "the {region} region"
        );
    }
    // The program's icons are toggle buttons named with their parameters, none lit yet.
    let icons: Vec<_> = m
        .elements
        .iter()
        .filter(|e| e.name().is_some_and(|n| n.starts_with("icon ")))
        .collect();
    assert!(icons.len() >= 5, "{} icons", icons.len());
    assert!(icons
        .iter()
        .all(|e| e.attr("aria-pressed") == Some("false")));
    assert!(
        icons
            .iter()
            .any(|e| e.name() == Some("icon output AC, power 3: Motor forward")),
        "{:?}",
        icons.iter().map(|e| e.name()).collect::<Vec<_>>()
    );
    // The brick's buttons and display.
    assert!(m.find("button", "Brick Run").is_some());
    assert!(m
        .elements
        .iter()
        .any(|e| e.name().is_some_and(|n| n.starts_with("LCD "))));
    // Nothing runs until the click comes through the mirror.
    let run = m.find("button", &run_name).unwrap().id;
    h.run_steps(5);
    assert!(!h.state().is_running());
    requests.push(run, Act::Click);
    assert!(
        wait_for(&mut h, |a| a.is_running() && time_ms(a) > 500),
        "the click through the mirror ran the program"
    );
    // The mirror shows it: an icon lit (pressed) and the polite line saying which.
    assert!(until(&mut h, |_| seen
        .lock()
        .unwrap()
        .elements
        .iter()
        .any(|e| e.name().is_some_and(|n| n.starts_with("icon "))
            && e.attr("aria-pressed") == Some("true"))));
    assert!(until(&mut h, |_| seen.lock().unwrap().elements.iter().any(
        |e| {
            e.attr("aria-live") == Some("polite")
                && e.name()
                    .is_some_and(|n| n.starts_with("Running now: task 0: icon "))
        }
    )));
    // Focus asked through the mirror lands on the widget, and the mirror says so.
    let pause = seen
        .lock()
        .unwrap()
        .find("button", &lurobotsim::tr!(Lang::En, lurobotsim::ui::PAUSE))
        .unwrap()
        .id;
    requests.push(pause, Act::Focus);
    assert!(
        until(&mut h, |_| seen.lock().unwrap().focus == Some(pause)),
        "focus follows"
    );
}

/// Every control a pupil can click has a name a screen reader says, in every language
/// (the main window with a program loaded, and its View menu open).
#[test]
fn every_clickable_control_of_the_main_window_has_a_name_in_every_language() {
    let mut missing = Vec::new();
    for lang in ALL {
        let config = AppConfig {
            lang: Some(lang),
            ..line_follower()
        };
        let (mut h, seen, _) = mirrored(config, egui::vec2(1280.0, 800.0));
        assert!(wait_for(&mut h, |a| a.program.is_some()));
        h.run_steps(3);
        h.get_by_role_and_label(egui::accesskit::Role::Button, &tr!(lang, "toolbar-view"))
            .click();
        h.run_steps(3);
        let m = seen.lock().unwrap().clone();
        assert!(m.elements.len() > 100, "{lang:?}: {}", m.elements.len());
        for e in m.elements.iter().filter(|e| e.clickable) {
            if e.name().is_none_or(|n| n.trim().is_empty()) {
                missing.push(format!("{lang:?}: {:?}", e.attrs));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// In the tab's mirror each pane's resize handle is a separator named after its pane, as
/// the desktop's AccessKit tree names it (egui said "Resize panel" for every one).
#[test]
fn the_tabs_mirror_shows_each_resize_handle_as_a_separator_named_after_its_pane() {
    use lurobotsim::ui::{PROGRAM_TRACE, READOUTS, RESIZE_PANE};
    let (mut h, seen, _) = mirrored(line_follower(), egui::vec2(1280.0, 800.0));
    assert!(wait_for(&mut h, |a| a.program.is_some()));
    h.run_steps(3);
    let m = seen.lock().unwrap().clone();
    let mut got: Vec<&str> = m
        .elements
        .iter()
        .filter(|e| e.attr("role") == Some("separator"))
        .filter_map(|e| e.name())
        .collect();
    got.sort();
    let named = |p: &str| tr!(Lang::En, RESIZE_PANE, pane = tr!(Lang::En, p));
    let mut want = vec![named(READOUTS), named(PROGRAM_TRACE)];
    want.sort();
    assert_eq!(got, want);
}

/// Ctrl + five times from 100 % reaches 200 % at a 1024 × 600 netbook's screen: no control
/// of the menu bar, toolbar or status bar is cut by the window; the zoom is remembered.
#[test]
fn zoom_to_200_percent_at_1024_by_600_cuts_no_control_and_is_remembered() {
    let dir = std::env::temp_dir().join(format!("lurobotsim-zoom-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let config = || AppConfig {
        data_dir: Some(dir.clone()),
        ..line_follower()
    };
    let size = egui::vec2(1024.0, 600.0);
    let (mut h, _, _) = mirrored(config(), size);
    assert!(wait_for(&mut h, |a| a.program.is_some()));
    for _ in 0..8 {
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Plus);
        h.run_steps(2);
    }
    assert_eq!(h.state().view.zoom, 2.0, "stops at 200 %");
    h.run_steps(2);
    assert!((h.ctx.zoom_factor() - 2.0).abs() < 1e-3);
    // A real window's egui gets its size in points: 1024 × 600 pixels at 200 % are 512 ×
    // 300 points (egui-winit divides by the zoom; the harness is given points).
    h.set_size(size / 2.0);
    h.run_steps(4);
    let cut = crate::gui_i18n::clipped_in(&h, Lang::En, &[], size / 2.0);
    assert!(cut.is_empty(), "cut at 200 %: {cut:#?}");
    // The panels do not eat the window: the 3D view keeps some of it, between the
    // toolbar and the timeline.
    let view = h.state().view.view_rect;
    assert!(
        view.width() >= 100.0 && view.height() >= 60.0,
        "the 3D view at 200 %: {view:?}"
    );
    // Every toolbar button is still there to press.
    for key in [
        lurobotsim::ui::RUN,
        lurobotsim::ui::PAUSE,
        lurobotsim::ui::STOP,
    ] {
        assert!(shows(&h, &lurobotsim::tr!(Lang::En, key)), "{key}");
    }
    drop(h);
    let (h, _, _) = mirrored(config(), size);
    assert_eq!(h.state().view.zoom, 2.0, "the next start remembers 200 %");
    let _ = std::fs::remove_dir_all(&dir);
}

/// View > High contrast and View > Reduce motion, ticked through the menu, change the
/// window at once and are there at the next start.
#[test]
fn high_contrast_and_reduce_motion_are_chosen_in_the_view_menu_and_remembered() {
    let dir = std::env::temp_dir().join(format!("lurobotsim-look-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let config = || AppConfig {
        data_dir: Some(dir.clone()),
        ..line_follower()
    };
    let mut h = harness(config());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    assert_ne!(
        h.ctx.global_style().visuals.panel_fill,
        egui::Color32::WHITE
    );
    for key in [
        lurobotsim::ui::look::HIGH_CONTRAST,
        lurobotsim::ui::look::REDUCE_MOTION,
    ] {
        h.get_by_role_and_label(
            egui::accesskit::Role::Button,
            &lurobotsim::tr!(Lang::En, "toolbar-view"),
        )
        .click();
        h.run_steps(2);
        click(&mut h, &lurobotsim::tr!(Lang::En, key));
        h.key_press(egui::Key::Escape);
        h.run_steps(2);
    }
    let look = h.state().view.look;
    assert!(look.high_contrast && look.reduce_motion, "{look:?}");
    let style = h.ctx.global_style();
    assert_eq!(
        style.visuals.panel_fill,
        egui::Color32::WHITE,
        "white panels"
    );
    assert_eq!(
        style.visuals.text_color(),
        egui::Color32::BLACK,
        "black text"
    );
    assert_eq!(style.animation_time, 0.0, "no animations");
    drop(h);
    let h = harness(config());
    assert_eq!(h.state().view.look, look, "the next start remembers");
    assert_eq!(
        h.ctx.global_style().visuals.panel_fill,
        egui::Color32::WHITE
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// ----- the desktop's real accessibility interface: AT-SPI under Xvfb -----

/// A process this test started, ended when the test ends (by its own id).
pub(crate) struct Started(pub(crate) Child);

impl Drop for Started {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Whether `program` can be run (found on PATH or at that path).
fn have(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The system's Python, whose packages `apt` installs (python3-pyatspi), before any
/// other `python3` on the PATH (pyenv's, a virtualenv's).
fn python() -> &'static str {
    if Path::new("/usr/bin/python3").exists() {
        "/usr/bin/python3"
    } else {
        "python3"
    }
}

/// Why the AT-SPI test cannot run here, if it cannot (a failure under `CI=true`).
fn atspi_missing() -> Option<String> {
    for (tool, package) in [
        ("Xvfb", "xvfb"),
        ("dbus-daemon", "dbus"),
        ("dbus-send", "dbus"),
        ("/usr/libexec/at-spi-bus-launcher", "at-spi2-core"),
        (python(), "python3"),
    ] {
        if !have(tool) {
            return Some(format!("{tool} is missing (apt-get install {package})"));
        }
    }
    let pyatspi = Command::new(python())
        .args(["-c", "import pyatspi"])
        .output();
    if !pyatspi.is_ok_and(|o| o.status.success()) {
        return Some("python3's pyatspi is missing (apt-get install python3-pyatspi)".into());
    }
    None
}

/// Skips with a reason, except in CI, where the test must run.
pub(crate) fn skip_unless_ci(why: String) {
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("this test must run in CI: {why}");
    }
    eprintln!("skipping: {why}");
}

/// The first line a child writes on its standard output.
fn first_line(child: &mut Child) -> String {
    use std::io::BufRead;
    let out = child.stdout.take().expect("piped stdout");
    let mut line = String::new();
    std::io::BufReader::new(out)
        .read_line(&mut line)
        .expect("a line");
    line.trim().to_string()
}

/// One AT-SPI node as the probe prints it.
#[derive(Debug, serde::Deserialize)]
struct AtNode {
    role: String,
    name: String,
    states: Vec<String>,
}

/// Runs the probe (a fresh process each time: libatspi caches what it read).
fn probe(env: &[(&str, String)], args: &[&str]) -> Result<serde_json::Value, String> {
    let mut cmd = Command::new(python());
    cmd.arg(root().join("tests/gui/atspi_probe.py")).args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    serde_json::from_str(&text).map_err(|_| {
        format!(
            "probe {args:?}: {text} {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// The app's nodes over AT-SPI (empty while it is not there yet).
fn atspi_tree(env: &[(&str, String)]) -> Vec<AtNode> {
    probe(env, &["dump"])
        .ok()
        .and_then(|v| serde_json::from_value(v).ok())
        .unwrap_or_default()
}

/// Polls `f` for up to `secs` seconds, every 300 ms.
pub(crate) fn poll<T>(secs: u64, f: impl FnMut() -> Option<T>) -> Option<T> {
    poll_every(secs, Duration::from_millis(300), f)
}

/// Polls `f` for up to `secs` seconds, waiting `every` between tries.
pub(crate) fn poll_every<T>(
    secs: u64,
    every: Duration,
    mut f: impl FnMut() -> Option<T>,
) -> Option<T> {
    let end = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < end {
        if let Some(v) = f() {
            return Some(v);
        }
        std::thread::sleep(every);
    }
    None
}

#[test]
fn over_at_spi_run_is_found_by_name_pressed_and_the_running_icon_is_named() {
    if let Some(why) = atspi_missing() {
        skip_unless_ci(why);
        return;
    }
    let dir = std::env::temp_dir().join(format!("lurobotsim-atspi-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let runtime = dir.join("xdg");
    std::fs::create_dir_all(&runtime).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    // A display of its own, a session bus of its own, and the accessibility bus on it.
    let mut xvfb = Command::new("Xvfb")
        .args([
            "-displayfd",
            "1",
            "-screen",
            "0",
            "1280x800x24",
            "-nolisten",
            "tcp",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("Xvfb starts");
    let display = format!(":{}", first_line(&mut xvfb));
    let _xvfb = Started(xvfb);
    let mut bus = Command::new("dbus-daemon")
        .args(["--session", "--nofork", "--print-address=1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("dbus-daemon starts");
    let address = first_line(&mut bus);
    let _bus = Started(bus);
    let env: Vec<(&str, String)> = vec![
        ("DISPLAY", display.clone()),
        ("DBUS_SESSION_BUS_ADDRESS", address.clone()),
        ("XDG_RUNTIME_DIR", runtime.display().to_string()),
        ("NO_AT_BRIDGE", "0".into()),
    ];
    let _launcher = Started(
        Command::new("/usr/libexec/at-spi-bus-launcher")
            .arg("--launch-immediately")
            .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the AT-SPI bus launcher starts"),
    );
    let enabled = poll(20, || {
        Command::new("dbus-send")
            .args([
                "--session",
                "--dest=org.a11y.Bus",
                "--print-reply",
                "/org/a11y/bus",
                "org.freedesktop.DBus.Properties.Set",
                "string:org.a11y.Status",
                "string:IsEnabled",
                "variant:boolean:true",
            ])
            .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
            .output()
            .ok()
            .filter(|o| o.status.success())
    });
    assert!(enabled.is_some(), "accessibility switched on over the bus");
    let _app = Started(
        Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
            .args(["--robot", "M5", "--env", "E3", "--listen", "127.0.0.1:0"])
            .arg("--program")
            .arg(root().join("assets/examples/line_follower.lasm"))
            .args(["--lang", "en"])
            .env_remove("WAYLAND_DISPLAY")
            .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
            .env("LUROBOTSIM_DATA_DIR", dir.join("data"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the app starts"),
    );
    let run = lurobotsim::tr!(Lang::En, lurobotsim::ui::RUN);
    let tree = poll(120, || {
        let t = atspi_tree(&env);
        t.iter().any(|n| n.name == run).then_some(t)
    })
    .unwrap_or_else(|| {
        panic!(
            "the app's Run never appeared over AT-SPI: {:?}",
            atspi_tree(&env)
        )
    });
    // The toolbar's buttons by name, with their roles.
    let role_of = |name: &str| {
        tree.iter()
            .find(|n| n.name == name)
            .map(|n| n.role.clone())
            .unwrap_or_default()
    };
    assert!(
        role_of(&run).ends_with("button"),
        "Run is a button: {}",
        role_of(&run)
    );
    let icons: Vec<&AtNode> = tree
        .iter()
        .filter(|n| n.name.starts_with("icon "))
        .collect();
    assert!(!icons.is_empty(), "the program's icons are there");
    assert!(
        !icons
            .iter()
            .any(|n| n.states.iter().any(|s| s == "pressed")),
        "nothing runs before Run: {icons:?}"
    );
    // Press Run through its accessible action, as a screen reader does.
    let pressed = probe(&env, &["press", &run]).expect("the probe pressed");
    assert_eq!(pressed["pressed"], run.as_str(), "{pressed}");
    // The running icon is lit (pressed) and named: the line follower's motors or waits.
    let lit = poll(60, || {
        atspi_tree(&env)
            .into_iter()
            .find(|n| n.name.starts_with("icon ") && n.states.iter().any(|s| s == "pressed"))
    })
    .expect("an icon lights after Run");
    assert!(
        lit.name.contains("Wait") || lit.name.contains("Motor"),
        "the running icon's name: {}",
        lit.name
    );
    eprintln!("over AT-SPI, the running icon: {:?}", lit.name);
    // The line that says what runs, a polite live region (its changes are announced).
    let now = poll(30, || {
        atspi_tree(&env)
            .into_iter()
            .find(|n| n.name.starts_with("Running now: task 0: icon "))
    });
    if now.is_none() {
        let names: Vec<String> = atspi_tree(&env)
            .into_iter()
            .filter(|n| n.role == "label")
            .map(|n| n.name)
            .collect();
        panic!("no line says what runs; the labels: {names:?}");
    }
    eprintln!("and the line that says it: {now:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ----- the tab: headless Chromium's accessibility tree over the DevTools protocol -----

/// A DevTools WebSocket connection (text frames, masked as a client must).
pub(crate) struct DevTools {
    stream: std::net::TcpStream,
    next: u64,
}

impl DevTools {
    /// Connects to `ws://127.0.0.1:port/path`.
    pub(crate) fn connect(port: u16, path: &str) -> std::io::Result<DevTools> {
        use std::io::{Read, Write};
        let mut stream = std::net::TcpStream::connect(("127.0.0.1", port))?;
        stream.set_read_timeout(Some(Duration::from_secs(120)))?;
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n\
             Connection: Upgrade\r\nSec-WebSocket-Key: bHVyb2JvdHNpbS1heHRyZWU=\r\n\
             Sec-WebSocket-Version: 13\r\n\r\n"
        )?;
        let mut head = Vec::new();
        let mut b = [0u8; 1];
        while !head.ends_with(b"\r\n\r\n") {
            stream.read_exact(&mut b)?;
            head.push(b[0]);
        }
        let head = String::from_utf8_lossy(&head);
        if !head.starts_with("HTTP/1.1 101") {
            return Err(std::io::Error::other(format!("no upgrade: {head}")));
        }
        Ok(DevTools { stream, next: 1 })
    }

    fn send_frame(&mut self, text: &str) -> std::io::Result<()> {
        use std::io::Write;
        let data = text.as_bytes();
        let mut frame = vec![0x81u8];
        let mask = [0x5a, 0x3c, 0x96, 0x0f];
        match data.len() {
            n if n < 126 => frame.push(0x80 | n as u8),
            n if n < 65536 => {
                frame.push(0x80 | 126);
                frame.extend_from_slice(&(n as u16).to_be_bytes());
            }
            n => {
                frame.push(0x80 | 127);
                frame.extend_from_slice(&(n as u64).to_be_bytes());
            }
        }
        frame.extend_from_slice(&mask);
        frame.extend(data.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
        self.stream.write_all(&frame)
    }

    fn read_message(&mut self) -> std::io::Result<String> {
        use std::io::Read;
        let mut message = Vec::new();
        loop {
            let mut h = [0u8; 2];
            self.stream.read_exact(&mut h)?;
            let fin = h[0] & 0x80 != 0;
            let opcode = h[0] & 0x0f;
            let mut len = u64::from(h[1] & 0x7f);
            if len == 126 {
                let mut l = [0u8; 2];
                self.stream.read_exact(&mut l)?;
                len = u64::from(u16::from_be_bytes(l));
            } else if len == 127 {
                let mut l = [0u8; 8];
                self.stream.read_exact(&mut l)?;
                len = u64::from_be_bytes(l);
            }
            let mut payload = vec![0u8; len as usize];
            self.stream.read_exact(&mut payload)?;
            match opcode {
                0x8 => return Err(std::io::Error::other("closed")),
                0x9 | 0xA => continue,
                _ => message.extend(payload),
            }
            if fin {
                return Ok(String::from_utf8_lossy(&message).into_owned());
            }
        }
    }

    /// Calls `method` and returns its `result` (events that come between are skipped).
    pub(crate) fn call(&mut self, method: &str, params: serde_json::Value) -> serde_json::Value {
        let id = self.next;
        self.next += 1;
        let msg = serde_json::json!({ "id": id, "method": method, "params": params });
        self.send_frame(&msg.to_string()).expect("sent to DevTools");
        loop {
            let text = self.read_message().expect("an answer from DevTools");
            let v: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
            if v["id"] == id {
                assert!(v.get("error").is_none(), "{method}: {v}");
                return v["result"].clone();
            }
        }
    }

    /// The page's accessibility tree: (role, name, backend DOM node) of each node.
    pub(crate) fn ax_tree(&mut self) -> Vec<(String, String, Option<i64>)> {
        let r = self.call("Accessibility.getFullAXTree", serde_json::json!({}));
        r["nodes"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .map(|n| {
                (
                    n["role"]["value"].as_str().unwrap_or_default().to_string(),
                    n["name"]["value"].as_str().unwrap_or_default().to_string(),
                    n["backendDOMNodeId"].as_i64(),
                )
            })
            .collect()
    }
}

/// The page's WebSocket path, from Chromium's `/json/list` on `port` (HTTP/1.1: Chromium
/// refuses 1.0).
pub(crate) fn page_socket(port: u16) -> Option<String> {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
    write!(
        s,
        "GET /json/list HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    // Chromium may keep the connection open: read the head, then Content-Length bytes.
    let mut head = Vec::new();
    let mut b = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        s.read_exact(&mut b).ok()?;
        head.push(b[0]);
    }
    let head = String::from_utf8_lossy(&head).to_ascii_lowercase();
    let len: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))?
        .trim()
        .parse()
        .ok()?;
    let mut body = vec![0u8; len];
    s.read_exact(&mut body).ok()?;
    let list: serde_json::Value = serde_json::from_slice(&body).ok()?;
    let url = list.as_array()?.iter().find(|t| t["type"] == "page")?["webSocketDebuggerUrl"]
        .as_str()?
        .to_string();
    Some(url[url.find("/devtools")?..].to_string())
}

/// Chromium, headless with WebGL (SwiftShader), a profile of its own (`name` and this
/// process), opened on `url` with its DevTools protocol: the page's socket connected and
/// its accessibility domain on. Chromium ends, and its profile is removed, when the first
/// part is dropped.
pub(crate) fn open_page(browser: &Path, url: &str, name: &str) -> (Chromium, DevTools) {
    let profile: PathBuf =
        std::env::temp_dir().join(format!("lurobotsim-chromium-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let started = Started(
        Command::new(browser)
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
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg(url)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Chromium starts"),
    );
    let devtools = poll(60, || devtools_port(&profile)).expect("Chromium's DevTools port");
    let socket = poll(60, || page_socket(devtools)).expect("the page's DevTools socket");
    let mut dt = DevTools::connect(devtools, &socket).expect("connected to the page");
    dt.call("Accessibility.enable", serde_json::json!({}));
    let chromium = Chromium {
        started: Some(started),
        profile,
    };
    (chromium, dt)
}

/// A Chromium [`open_page`] started: ended, then its profile removed, when dropped.
pub(crate) struct Chromium {
    started: Option<Started>,
    profile: PathBuf,
}

impl Drop for Chromium {
    fn drop(&mut self) {
        drop(self.started.take());
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Chromium's DevTools port, from the `DevToolsActivePort` file in its profile.
pub(crate) fn devtools_port(profile: &Path) -> Option<u16> {
    std::fs::read_to_string(profile.join("DevToolsActivePort"))
        .ok()?
        .lines()
        .next()?
        .trim()
        .parse()
        .ok()
}

#[test]
fn in_headless_chromium_the_tabs_accessibility_tree_names_run_and_pressing_it_runs() {
    let browser = match crate::gui_web::chromium() {
        Ok(b) => b,
        Err(why) => {
            skip_unless_ci(format!("the tab's accessibility test: {why}"));
            return;
        }
    };
    let port = crate::gui_web::serve(root().join("target/web/dist"), 20);
    let url = format!("http://127.0.0.1:{port}/index.html#robot=M5&env=E3&example=line_follower");
    let (_chromium, mut dt) = open_page(&browser, &url, "ax");
    let run = lurobotsim::tr!(Lang::En, lurobotsim::ui::RUN);
    // Under load compiling the 13 MB module takes a while: up to 5 minutes.
    let tree = poll(300, || {
        let t = dt.ax_tree();
        t.iter()
            .any(|(role, name, _)| role == "button" && *name == run)
            .then_some(t)
    })
    .unwrap_or_else(|| {
        let t = dt.ax_tree();
        panic!(
            "the tab's accessibility tree never named Run ({} nodes): {:?}",
            t.len(),
            &t[..t.len().min(40)]
        )
    });
    let named = |role: &str, name: &str| tree.iter().any(|(r, n, _)| r == role && n == name);
    for key in [lurobotsim::ui::PAUSE, lurobotsim::ui::STOP] {
        let name = lurobotsim::tr!(Lang::En, key);
        assert!(named("button", &name), "{name} in the tab's tree");
    }
    assert!(named("toolbar", "Toolbar"), "the toolbar landmark");
    let icons = tree
        .iter()
        .filter(|(r, n, _)| r == "button" && n.starts_with("icon "))
        .count();
    assert!(icons >= 5, "the program's icons as buttons: {icons}");
    eprintln!("the tab's accessibility tree: {} nodes", tree.len());
    // Press Run as assistive technology does: its node's element is clicked.
    let node = tree
        .iter()
        .find(|(r, n, _)| r == "button" && *n == run)
        .and_then(|(_, _, id)| *id)
        .expect("Run has a DOM node");
    let object = dt.call(
        "DOM.resolveNode",
        serde_json::json!({ "backendNodeId": node }),
    )["object"]["objectId"]
        .as_str()
        .expect("Run's element")
        .to_string();
    dt.call(
        "Runtime.callFunctionOn",
        serde_json::json!({ "objectId": object, "functionDeclaration": "function() { this.click(); }" }),
    );
    // The program runs: an icon lights and the line that says so names it.
    let running = poll(120, || {
        dt.ax_tree()
            .into_iter()
            .find(|(_, n, _)| n.starts_with("Running now: task 0: icon "))
    });
    assert!(
        running.is_some(),
        "the program did not run after Run was pressed through its node"
    );
    eprintln!("in the tab, after Run: {:?}", running.map(|r| r.1));
}

#[test]
#[ignore = "scratch: a picture of the window at a zoom (LOOK_ZOOM, LOOK_HC)"]
fn scratch_picture_at_zoom() {
    let zoom: f32 = std::env::var("LOOK_ZOOM")
        .ok()
        .and_then(|z| z.parse().ok())
        .unwrap_or(2.0);
    let size = egui::vec2(1024.0, 600.0);
    let mut h = gpu_harness(line_follower(), size / zoom);
    h.set_pixels_per_point(zoom);
    if std::env::var("LOOK_HC").is_ok() {
        h.state_mut()
            .apply(lurobotsim::app::Action::SetLook(lurobotsim::app::Look {
                high_contrast: true,
                reduce_motion: false,
            }));
    }
    assert!(wait_for(&mut h, |a| a.program.is_some()));
    h.state_mut().apply(lurobotsim::app::Action::Run);
    assert!(wait_for(&mut h, |a| time_ms(a) > 1500));
    h.run_steps(4);
    let img = h.render().unwrap();
    img.save(std::env::var("LOOK_OUT").unwrap_or("/tmp/look.png".into()))
        .unwrap();
}

/// The focused node: its role, its name (label, else value) and where it is.
fn focused(h: &AppHarness) -> Option<(egui::accesskit::Role, String, egui::Rect)> {
    use egui_kittest::kittest::NodeT;
    h.query_all(egui_kittest::kittest::by())
        .find(|n| n.accesskit_node().is_focused())
        .map(|n| {
            let a = n.accesskit_node();
            let name = a.label().or_else(|| a.value()).unwrap_or_default();
            (a.role(), name, n.rect())
        })
}

/// Tab from the start walks the main window's controls in reading order (the menus, then
/// the toolbar's Run, Pause, Step, Stop, then the timeline's Replay), each focused control
/// with a role and a name, and comes round again: no control keeps the keyboard.
#[test]
fn tab_walks_the_main_window_in_reading_order_each_stop_named_and_no_trap() {
    let mut h = harness(line_follower());
    assert!(wait_for(&mut h, |a| a.program.is_some() && a.live.is_some()));
    // A run of a second, paused: the timeline and its Replay are there too.
    h.state_mut().apply(lurobotsim::app::Action::Run);
    assert!(wait_for(&mut h, |a| time_ms(a) > 1000));
    h.state_mut().apply(lurobotsim::app::Action::Pause);
    assert!(wait_for(&mut h, |a| !a.is_running()));
    h.run_steps(2);
    let mut walk: Vec<(egui::accesskit::Role, String, egui::Rect)> = Vec::new();
    for _ in 0..200 {
        h.key_press(egui::Key::Tab);
        h.run_steps(1);
        let Some(f) = focused(&h) else { continue };
        if walk
            .first()
            .is_some_and(|first| first.1 == f.1 && first.2 == f.2)
        {
            break; // round again
        }
        walk.push(f);
    }
    let names: Vec<&str> = walk.iter().map(|w| w.1.as_str()).collect();
    assert!(walk.len() >= 20, "Tab reaches the controls: {names:?}");
    assert!(
        walk.len() < 200,
        "Tab comes round to the first control again: {names:?}"
    );
    for (role, name, _) in &walk {
        assert!(
            !name.trim().is_empty(),
            "a {role:?} with no name in {names:?}"
        );
        assert!(
            !matches!(
                role,
                egui::accesskit::Role::Unknown | egui::accesskit::Role::GenericContainer
            ),
            "{name} has no role"
        );
    }
    let at = |key: &str| {
        let want = lurobotsim::tr!(Lang::En, key);
        names
            .iter()
            .position(|n| *n == want)
            .unwrap_or_else(|| panic!("Tab never reaches {want}: {names:?}"))
    };
    let file = at("toolbar-file");
    let (run, pause, stop) = (
        at(lurobotsim::ui::RUN),
        at(lurobotsim::ui::PAUSE),
        at(lurobotsim::ui::STOP),
    );
    let replay = at(lurobotsim::ui::REPLAY);
    assert!(
        file < run && run < pause && pause < stop && stop < replay,
        "reading order: the menus, Run, Pause, Stop, Replay: {names:?}"
    );
}

/// Ctrl+Enter runs, Ctrl+Space pauses, Ctrl+I steps an icon, Ctrl+] and Ctrl+[ change the
/// speed, Ctrl+Backspace stops; Help lists every one of them.
#[test]
fn the_time_keys_run_pause_step_stop_and_help_lists_them() {
    use lurobotsim::ui::keys;
    let mut h = harness(line_follower());
    assert!(wait_for(&mut h, |a| a.program.is_some() && a.live.is_some()));
    let press = |h: &mut AppHarness, k: egui::KeyboardShortcut| {
        h.key_press_modifiers(k.modifiers, k.logical_key);
        h.run_steps(2);
    };
    press(&mut h, keys::RUN);
    assert!(
        wait_for(&mut h, |a| a.is_running() && time_ms(a) > 100),
        "Ctrl+Enter runs"
    );
    press(&mut h, keys::PAUSE);
    assert!(wait_for(&mut h, |a| !a.is_running()), "Ctrl+Space pauses");
    let before = time_ms(h.state());
    press(&mut h, keys::STEP);
    assert!(
        wait_for(&mut h, |a| time_ms(a) > before),
        "Ctrl+I steps to the next icon"
    );
    let pace = |a: &lurobotsim::app::LuApp| (format!("{:?}", a.speed()), a.slow_delay_ms());
    let normal = pace(h.state());
    press(&mut h, keys::FASTER);
    assert!(wait_for(&mut h, |a| pace(a) != normal), "Ctrl+] is faster");
    let fast = pace(h.state());
    press(&mut h, keys::SLOWER);
    assert!(wait_for(&mut h, |a| pace(a) != fast), "Ctrl+[ is slower");
    press(&mut h, keys::STOP);
    assert!(
        wait_for(&mut h, |a| time_ms(a) == 0),
        "Ctrl+Backspace stops"
    );
    h.state_mut().dialogs.show_help = true;
    h.run_steps(3);
    for (name, k, _) in keys::table() {
        let written = h.ctx.format_shortcut(&k);
        assert!(shows(&h, &written), "Help lists {written} ({name})");
    }
}

/// Esc closes the window on top, one per press; the window under it stays until the next.
#[test]
fn esc_closes_the_windows_one_at_a_time() {
    let mut h = harness(line_follower());
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    h.state_mut().dialogs.show_messages = true;
    h.state_mut().dialogs.show_help = true;
    h.run_steps(2);
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(!h.state().dialogs.show_help, "Help closed first");
    assert!(h.state().dialogs.show_messages, "Messages still open");
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(!h.state().dialogs.show_messages, "then Messages");
}

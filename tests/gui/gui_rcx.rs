//! The Real RCX window (issue 39), as a teacher uses it: File > Real RCX…, the tower typed
//! (there is no RCX or tower here: lurobotsim's own brick, `lurobotsim serve`, over TCP
//! without echo, stands in), Download of the program the app shows, Run, and the brick
//! then runs it exactly as `run` does; the messages that say what to do when nothing
//! answers, when no firmware file is chosen or the file is not one; Cancel.
#![cfg(feature = "gui")]

use crate::gui_support::*;
use egui::accesskit::Role;
use egui_kittest::kittest::{by, NodeT, Queryable};
use lurobotsim::app::AppConfig;
use lurobotsim::tr;
use lurobotsim::ui::rcx as w;
use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// `lurobotsim serve --headless --listen 127.0.0.1:0 --no-echo EXTRA…`, once it listens.
struct Served {
    child: Child,
    addr: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(extra: &[&str]) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args([
            "serve",
            "--headless",
            "--no-echo",
            "--listen",
            "127.0.0.1:0",
        ])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("serve starts");
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    let addr = loop {
        line.clear();
        assert!(
            err.read_line(&mut line).unwrap() > 0,
            "serve says where it listens"
        );
        if let Some(a) = line.trim().strip_prefix("lurobotsim: listening on ") {
            break a.to_string();
        }
    };
    // Keep reading its log so it never blocks on a full pipe.
    std::thread::spawn(move || std::io::copy(&mut err, &mut std::io::sink()));
    Served { child, addr }
}

impl Served {
    /// Waits for serve's exit and parses the state object it printed.
    fn state(mut self) -> serde_json::Value {
        let mut out = String::new();
        self.child
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut out)
            .unwrap();
        let _ = self.child.wait();
        serde_json::from_str(out.trim()).expect("one JSON object")
    }
}

fn line_follower() -> PathBuf {
    root().join("assets/examples/line_follower.lasm")
}

/// The app with the line follower open on M5 in E3, File > Real RCX… opened.
fn app_with_window() -> AppHarness {
    let mut h = harness(AppConfig {
        robot: "M5".into(),
        env: "E3".into(),
        program: Some(line_follower()),
        ..AppConfig::quiet()
    });
    assert!(wait_for(&mut h, |a| a.live.is_some() && a.program.is_some()));
    click(&mut h, "File");
    click(&mut h, &tr!(Lang::En, w::REAL_RCX));
    h.run_steps(2);
    assert!(h.state().rcx.open, "the window is open");
    assert!(
        shows(&h, &tr!(Lang::En, w::DOWNLOAD_FIRMWARE)),
        "the window is drawn"
    );
    h
}

/// The text field labelled `label`.
fn field<'a>(h: &'a AppHarness, label: &str) -> egui_kittest::Node<'a> {
    h.query_all(by().role(Role::TextInput))
        .find(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| l.starts_with(label))
        })
        .unwrap_or_else(|| panic!("a text field labelled {label}"))
}

fn type_into(h: &mut AppHarness, label: &str, text: &str) {
    field(h, &tr!(Lang::En, label)).set_text_value_accesskit(text);
    h.run_steps(2);
}

/// What the window said last (its outcome line).
fn said(h: &AppHarness) -> String {
    h.state()
        .rcx
        .said
        .as_ref()
        .map(|(_, t)| t.clone())
        .unwrap_or_default()
}

/// Frames until the job under way ends (at most ~60 s: a silent brick's retries).
fn until_idle(h: &mut AppHarness) {
    for _ in 0..12000 {
        h.step();
        if h.state().rcx.busy.is_none() {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the brick job never ended");
}

#[test]
fn the_windows_download_and_run_land_the_program_in_the_brick_as_run_does() {
    let served = serve(&[
        "--robot",
        "M5",
        "--env",
        "E3",
        "--run-seconds",
        "2",
        "--json",
    ]);
    let mut h = app_with_window();
    type_into(&mut h, w::TOWER_FIELD, &format!("tcp:{}", served.addr));
    click(&mut h, &tr!(Lang::En, w::ASK_BRICK));
    until_idle(&mut h);
    assert_eq!(said(&h), tr!(Lang::En, "rcx-answers"));
    assert!(shows(&h, "Firmware: 0328"), "the brick's firmware is shown");
    assert!(
        h.state().rcx.brick.unwrap().battery_mv.is_some(),
        "and its battery"
    );
    click(&mut h, "3");
    click(&mut h, &tr!(Lang::En, w::DOWNLOAD));
    assert!(
        h.state().rcx.busy.is_some() || !said(&h).is_empty(),
        "Download started a job"
    );
    until_idle(&mut h);
    let s = said(&h);
    assert!(s.contains("to program slot 3"), "{s}");
    click(&mut h, &tr!(Lang::En, w::RUN));
    until_idle(&mut h);
    assert_eq!(said(&h), tr!(Lang::En, "rcx-started", slot = 3));
    // serve ran the brick 2 s after the task started, then printed its state: the
    // downloaded program ran exactly as the same program loaded by `run`.
    let state = served.state();
    let out = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(["run", "--robot", "M5", "--env", "E3", "--program"])
        .arg(line_follower())
        .args(["--seconds", "2", "--json"])
        .output()
        .unwrap();
    let loaded: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
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

#[test]
fn a_port_where_nothing_listens_says_what_to_do_and_the_window_stays_usable() {
    let mut h = app_with_window();
    // A port nothing listens on: bound, then let go.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    type_into(&mut h, w::TOWER_FIELD, &format!("tcp:127.0.0.1:{port}"));
    click(&mut h, &tr!(Lang::En, w::ASK_BRICK));
    until_idle(&mut h);
    let s = said(&h);
    assert_eq!(
        s,
        tr!(
            Lang::En,
            "rcx-port-not-there",
            port = format!("tcp:127.0.0.1:{port}")
        )
    );
    assert!(shows(&h, "Nothing answers at"), "said in the window: {s}");
}

#[test]
fn a_brick_that_never_answers_asks_whether_it_is_on_and_facing_the_tower() {
    // Something listens but never answers: as a brick switched off in front of a tower.
    let silent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = silent.local_addr().unwrap();
    let keep = std::thread::spawn(move || {
        let conn = silent.accept();
        std::thread::sleep(Duration::from_secs(30));
        drop(conn);
    });
    let mut h = app_with_window();
    type_into(&mut h, w::TOWER_FIELD, &format!("tcp:{addr}"));
    click(&mut h, &tr!(Lang::En, w::DOWNLOAD));
    // The frame never waits for the brick: the window draws while it retries.
    h.run_steps(3);
    assert!(
        h.state().rcx.busy.is_some(),
        "the job runs in the background"
    );
    assert!(
        shows(&h, &tr!(Lang::En, w::CANCEL)),
        "with Cancel on screen"
    );
    until_idle(&mut h);
    assert!(
        said(&h).starts_with(&tr!(Lang::En, "rcx-no-brick")),
        "{}",
        said(&h)
    );
    drop(keep);
}

#[test]
fn cancel_stops_the_job_and_says_what_the_brick_is_left_with() {
    let silent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = silent.local_addr().unwrap();
    std::thread::spawn(move || {
        let conn = silent.accept();
        std::thread::sleep(Duration::from_secs(30));
        drop(conn);
    });
    let mut h = app_with_window();
    type_into(&mut h, w::TOWER_FIELD, &format!("tcp:{addr}"));
    click(&mut h, &tr!(Lang::En, w::ASK_BRICK));
    h.run_steps(3);
    click(&mut h, &tr!(Lang::En, w::CANCEL));
    until_idle(&mut h);
    assert_eq!(said(&h), tr!(Lang::En, "rcx-cancelled"));
}

#[test]
fn firmware_without_a_file_or_with_a_file_that_is_not_one_is_refused_before_sending() {
    let mut h = app_with_window();
    type_into(&mut h, w::TOWER_FIELD, "tcp:127.0.0.1:9");
    click(&mut h, &tr!(Lang::En, w::DOWNLOAD_FIRMWARE));
    assert_eq!(said(&h), tr!(Lang::En, "rcx-choose-firmware"));
    assert!(h.state().rcx.busy.is_none(), "nothing was started");
    let not_fw = line_follower();
    type_into(&mut h, w::FIRMWARE_FIELD, not_fw.to_str().unwrap());
    click(&mut h, &tr!(Lang::En, w::DOWNLOAD_FIRMWARE));
    assert!(h.state().rcx.busy.is_none(), "nothing was started");
    assert!(
        said(&h).starts_with(&format!("{} is not a firmware file", not_fw.display())),
        "{}",
        said(&h)
    );
}

#[test]
fn no_tower_chosen_says_to_choose_one() {
    let mut h = app_with_window();
    type_into(&mut h, w::TOWER_FIELD, "");
    click(&mut h, &tr!(Lang::En, w::RUN));
    let s = said(&h);
    assert!(
        s == tr!(Lang::En, "rcx-no-tower-found") || s == tr!(Lang::En, "rcx-choose-tower"),
        "{s}"
    );
}

/// A temporary file for one test.
fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
    let p = std::env::temp_dir().join(format!("lurobotsim-gui-rcx-{}-{name}", std::process::id()));
    std::fs::write(&p, bytes).unwrap();
    p
}

#[test]
fn a_firmware_file_chosen_is_downloaded_with_progress_and_the_brick_then_runs_it() {
    let served = serve(&[]);
    let data: Vec<u8> = (0..16 * 1024).map(|i| (i * 13 + i / 251) as u8).collect();
    let fw = temp_file(
        "fw.lgo",
        lurobotsim::rcx::host::firmware::to_srecords(&data).as_bytes(),
    );
    let mut h = app_with_window();
    type_into(&mut h, w::TOWER_FIELD, &format!("tcp:{}", served.addr));
    type_into(&mut h, w::FIRMWARE_FIELD, fw.to_str().unwrap());
    click(&mut h, &tr!(Lang::En, w::DOWNLOAD_FIRMWARE));
    until_idle(&mut h);
    // The progress bar counted the image's bytes, all of them acknowledged.
    assert_eq!(h.state().rcx.last_progress, (16384, 16384));
    let s = said(&h);
    assert!(s.starts_with("Firmware downloaded (16384 bytes in"), "{s}");
    assert!(shows(&h, "Firmware: 0328"), "the versions asked after it");
    let _ = std::fs::remove_file(fw);
}

/// A logging program: variable 0 = 3, 6, 9, … and variable 1 = 1000 − it, logged until
/// the datalog's 60 entries are full.
const LOGGER: &str = "task 0\nlogz 60\nsetv 0, 2, 0\nsetv 1, 2, 1000\nloop:\nsumv 0, 2, 3\n\
subv 1, 2, 3\nlog 0, 0\nlog 0, 1\nchkl 2, 100, 1, 0, 0, loop\nendt\n";

#[test]
fn the_datalog_uploaded_is_the_bricks_and_is_plotted_beside_the_simulated_one() {
    let served = serve(&[]);
    let prog = temp_file("logger.lasm", LOGGER.as_bytes());
    let mut h = harness(AppConfig {
        program: Some(prog.clone()),
        ..AppConfig::quiet()
    });
    assert!(wait_for(&mut h, |a| a.live.is_some() && a.program.is_some()));
    // The simulated brick logs too (the toolbar's Run).
    click(&mut h, "▶ Run");
    click(&mut h, "File");
    click(&mut h, &tr!(Lang::En, w::REAL_RCX));
    h.run_steps(2);
    type_into(&mut h, w::TOWER_FIELD, &format!("tcp:{}", served.addr));
    for button in [w::DOWNLOAD, w::RUN] {
        click(&mut h, &tr!(Lang::En, button));
        until_idle(&mut h);
    }
    // The brick runs in real time: upload until its 60 entries are logged (well under a
    // second), as a teacher presses again.
    let mut real = Vec::new();
    for _ in 0..20 {
        click(&mut h, &tr!(Lang::En, w::DATALOG));
        until_idle(&mut h);
        real = h.state().rcx.datalog.clone().expect("a datalog");
        if real.len() == 60 {
            break;
        }
        std::thread::sleep(Duration::from_millis(250));
    }
    assert_eq!(real.len(), 60, "{}", said(&h));
    for (k, (src, v)) in real.iter().enumerate() {
        let n = 3 * (k as i16 / 2 + 1);
        assert_eq!(
            (*src, *v),
            ((k % 2) as u8, if k % 2 == 0 { n } else { 1000 - n }),
            "entry {k}"
        );
    }
    assert!(
        until(&mut h, |h| h.state().rcx.sim_datalog.is_some()),
        "the simulated brick's datalog is asked for"
    );
    assert_eq!(
        h.state().rcx.sim_datalog.as_deref(),
        Some(&real[..]),
        "the simulated brick logged the same"
    );
    assert!(shows(
        &h,
        "Datalog: 60 entries from the brick, 60 from the simulated brick"
    ));
    let _ = std::fs::remove_file(prog);
}

/// The window in a tab (a memory host standing for the browser): what the browser lacks
/// is said with what to do, and nothing is started.
fn tab_with_window(secure: bool, serial: bool, usb: bool) -> AppHarness {
    let (host, memory) = lurobotsim::host::Host::memory();
    memory.set_browser(secure, serial, usb);
    let mut h = harness_on(AppConfig::quiet(), host);
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    click(&mut h, "File");
    click(&mut h, &tr!(Lang::En, w::REAL_RCX));
    h.run_steps(2);
    h
}

#[test]
fn in_a_tab_a_page_not_on_https_or_localhost_says_browsers_allow_devices_only_there() {
    let mut h = tab_with_window(false, true, true);
    assert!(shows(&h, "not served over https or from localhost"));
    click(&mut h, &tr!(Lang::En, w::ASK_BRICK));
    assert!(h.state().rcx.busy.is_none(), "nothing was started");
    assert_eq!(said(&h), tr!(Lang::En, "rcx-not-secure"));
}

#[test]
fn in_a_browser_without_web_serial_or_webusb_it_says_use_chrome_or_edge() {
    let h = tab_with_window(true, false, false);
    assert!(shows(&h, "use Chrome or Edge, or the desktop app"));
}

#[test]
fn a_tower_linux_or_windows_will_not_open_is_said_with_its_fix_in_the_apps_language() {
    use lurobotsim::app::rcx::tower_text;
    use lurobotsim::brick::{Trouble, USB_UDEV_RULE};
    let rule =
        format!("echo '{USB_UDEV_RULE}' | sudo tee /etc/udev/rules.d/60-lego-ir-tower.rules");
    for lang in [Lang::En, Lang::Es, Lang::De] {
        let udev = tower_text(lang, &Trouble::UsbPermission { rule: rule.clone() }, "");
        assert!(udev.contains(&rule), "{udev}");
        assert!(udev.contains("udev"), "{udev}");
        let winusb = tower_text(lang, &Trouble::NoWinUsb, "");
        assert!(
            winusb.contains("WinUSB") && winusb.contains("Zadig"),
            "{winusb}"
        );
        let dialout = tower_text(
            lang,
            &Trouble::SerialPermission {
                port: "/dev/ttyUSB0".into(),
            },
            "",
        );
        assert!(dialout.contains("dialout") && dialout.contains("/dev/ttyUSB0"));
    }
    assert!(tower_text(Lang::Es, &Trouble::NoWinUsb, "").starts_with("Windows no puede"));
}

#[test]
fn in_a_tab_with_web_serial_the_browsers_picker_chooses_the_tower() {
    use lurobotsim::host::brick::{PickError, PickKind};
    let (host, memory) = lurobotsim::host::Host::memory();
    memory.set_browser(true, true, false);
    let mut h = harness_on(AppConfig::quiet(), host);
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    click(&mut h, "File");
    click(&mut h, &tr!(Lang::En, w::REAL_RCX));
    h.run_steps(2);
    // Nothing found to list: the window says to use the picker, not to plug something in.
    assert!(!shows(&h, &tr!(Lang::En, "rcx-no-tower-found")));
    click(&mut h, &tr!(Lang::En, w::ASK_BRICK));
    assert!(h.state().rcx.busy.is_none(), "nothing was started");
    assert_eq!(said(&h), tr!(Lang::En, "rcx-pick-tower-first"));
    // The user closes the browser's picker without choosing: said, with what to do.
    click(&mut h, &tr!(Lang::En, w::CHOOSE_TOWER));
    assert_eq!(memory.tower_pick_kinds(), vec![PickKind::Serial]);
    assert!(h.state().rcx.picking);
    memory.answer_tower_pick(Err(PickError::Cancelled));
    h.run_steps(2);
    assert!(!h.state().rcx.picking);
    assert_eq!(said(&h), tr!(Lang::En, "rcx-picker-cancelled"));
    // Anything else the browser says is passed on.
    click(&mut h, &tr!(Lang::En, w::CHOOSE_TOWER));
    memory.answer_tower_pick(Err(PickError::Other("Failed to open serial port.".into())));
    h.run_steps(2);
    assert_eq!(
        said(&h),
        tr!(
            Lang::En,
            "rcx-no-tower-picked",
            why = "Failed to open serial port."
        )
    );
    // This browser has no WebUSB: the USB tower's button says so and opens nothing.
    click(&mut h, &tr!(Lang::En, w::CHOOSE_USB_TOWER));
    assert_eq!(
        memory.tower_picks(),
        2,
        "no picker opened for the USB tower"
    );
    assert!(said(&h).contains("no WebUSB"), "{}", said(&h));
    // Chosen: the jobs use it.
    click(&mut h, &tr!(Lang::En, w::CHOOSE_TOWER));
    memory.answer_tower_pick(Ok("webserial:1".into()));
    h.run_steps(2);
    assert_eq!(h.state().rcx.port, "webserial:1");
    assert_eq!(said(&h), "");
}

#[test]
fn in_a_tab_with_webusb_the_usb_towers_picker_chooses_it_and_a_claimed_tower_says_what_to_do() {
    use lurobotsim::brick::USB_UDEV_RULE;
    use lurobotsim::host::brick::{Os, PickError, PickKind};
    // A browser with WebUSB alone (no Web Serial) now reaches the USB tower.
    let mut h = tab_with_window(true, false, true);
    assert!(!shows(&h, &tr!(Lang::En, "rcx-tab-no-devices")));
    click(&mut h, &tr!(Lang::En, w::CHOOSE_TOWER));
    assert!(said(&h).contains("no Web Serial"), "{}", said(&h));
    assert!(!h.state().rcx.picking);
    let (host, memory) = lurobotsim::host::Host::memory();
    memory.set_browser(true, true, true);
    let mut h = harness_on(AppConfig::quiet(), host);
    assert!(wait_for(&mut h, |a| a.live.is_some()));
    click(&mut h, "File");
    click(&mut h, &tr!(Lang::En, w::REAL_RCX));
    h.run_steps(2);
    // Linux's legousbtower driver (or another program) holds the tower: what to do.
    click(&mut h, &tr!(Lang::En, w::CHOOSE_USB_TOWER));
    assert_eq!(memory.tower_pick_kinds(), vec![PickKind::Usb]);
    memory.answer_tower_pick(Err(PickError::Claimed { os: Os::Linux }));
    h.run_steps(2);
    let linux = said(&h);
    assert!(
        linux.contains("rmmod legousbtower") && linux.contains(USB_UDEV_RULE),
        "{linux}"
    );
    // Windows with LEGO's driver, not WinUSB.
    click(&mut h, &tr!(Lang::En, w::CHOOSE_USB_TOWER));
    memory.answer_tower_pick(Err(PickError::Claimed { os: Os::Windows }));
    h.run_steps(2);
    let windows = said(&h);
    assert!(
        windows.contains("WinUSB") && windows.contains("Zadig"),
        "{windows}"
    );
    // Chosen: the jobs use it, and it is the USB tower.
    click(&mut h, &tr!(Lang::En, w::CHOOSE_USB_TOWER));
    memory.answer_tower_pick(Ok("webusb:1".into()));
    h.run_steps(2);
    assert_eq!(h.state().rcx.port, "webusb:1");
    assert_eq!(
        lurobotsim::host::brick::PortKind::of("webusb:1"),
        lurobotsim::host::brick::PortKind::UsbTower
    );
    assert_eq!(said(&h), "");
}

#[test]
fn the_browsers_device_errors_read_as_what_the_user_can_fix() {
    use lurobotsim::host::brick::{pick_error, Os, PickError, PickKind, PickStage};
    let e = |kind, stage, name| pick_error(kind, stage, name, "said", Os::Linux);
    // Closing the picker: "No device selected." / "No port selected by the user."
    assert_eq!(
        e(PickKind::Usb, PickStage::Choose, "NotFoundError"),
        PickError::Cancelled
    );
    assert_eq!(
        e(PickKind::Serial, PickStage::Choose, "NotFoundError"),
        PickError::Cancelled
    );
    // Chrome's "Access denied." (open) and "Unable to claim interface." (claim).
    for (stage, name) in [
        (PickStage::Open, "SecurityError"),
        (PickStage::Open, "NetworkError"),
        (PickStage::Claim, "NetworkError"),
        (PickStage::Claim, "InvalidStateError"),
    ] {
        assert_eq!(
            e(PickKind::Usb, stage, name),
            PickError::Claimed { os: Os::Linux },
            "{stage:?} {name}"
        );
    }
    assert_eq!(
        e(PickKind::Serial, PickStage::Open, "NetworkError"),
        PickError::Other("said".into())
    );
    let ua = |s| Os::from_user_agent(s);
    assert_eq!(
        ua("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120"),
        Os::Windows
    );
    assert_eq!(ua("Mozilla/5.0 (X11; Linux x86_64) Chrome/120"), Os::Linux);
    assert_eq!(
        ua("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)"),
        Os::Mac
    );
}

/// Esc closed every window but the Real RCX one (issue 44's keys were written before it).
#[test]
fn esc_closes_the_real_rcx_window() {
    let mut h = app_with_window();
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(!h.state().rcx.open, "Esc closed the window");
}

#[test]
fn with_the_editor_open_on_a_document_the_simulator_lacks_download_sends_the_editors_program() {
    use lurobotsim::app::editor::Template;
    use lurobotsim::app::EditorAction;
    let served = serve(&[
        "--robot",
        "M5",
        "--env",
        "E3",
        "--run-seconds",
        "2",
        "--json",
    ]);
    let mut h = harness(AppConfig {
        robot: "M5".into(),
        env: "E3".into(),
        program: Some(line_follower()),
        ..AppConfig::quiet()
    });
    assert!(wait_for(&mut h, |a| a.live.is_some() && a.program.is_some()));
    // The editor opened on the loaded program: that program is what goes.
    click(&mut h, &tr!(Lang::En, lurobotsim::ui::editor::EDIT_PROGRAM));
    h.run_steps(2);
    assert!(h.state().editor.open);
    // The Real RCX window opened last, over the editor.
    click(&mut h, "File");
    click(&mut h, &tr!(Lang::En, w::REAL_RCX));
    h.run_steps(2);
    assert!(!shows(&h, &tr!(Lang::En, "rcx-program-line-editor")));
    // A new document, not downloaded to the simulator: the window says it sends that.
    h.state_mut()
        .apply_editor(EditorAction::New(Template::OneMotor));
    h.run_steps(2);
    assert!(shows(&h, &tr!(Lang::En, "rcx-program-line-editor")));
    let lasm = match h.state_mut().editor.generated() {
        Ok(g) => g.lasm.clone(),
        Err(p) => panic!("the template compiles: {p:?}"),
    };
    type_into(&mut h, w::TOWER_FIELD, &format!("tcp:{}", served.addr));
    click(&mut h, &tr!(Lang::En, w::DOWNLOAD));
    until_idle(&mut h);
    let s = said(&h);
    assert!(
        s.contains("to program slot 1") && s.ends_with(&tr!(Lang::En, "rcx-download-was-editors")),
        "{s}"
    );
    click(&mut h, &tr!(Lang::En, w::RUN));
    until_idle(&mut h);
    // The brick ran the editor's document exactly as `run` runs its LASM, not the line
    // follower the app shows.
    let state = served.state();
    let prog = temp_file("edited.lasm", lasm.as_bytes());
    let run = |program: &std::path::Path| -> serde_json::Value {
        let out = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
            .args(["run", "--robot", "M5", "--env", "E3", "--program"])
            .arg(program)
            .args(["--seconds", "2", "--json"])
            .output()
            .unwrap();
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let edited = run(&prog);
    for key in [
        "sim_time_s",
        "pose",
        "path_length_m",
        "outputs",
        "variables",
    ] {
        assert_eq!(state[key], edited[key], "{key}");
    }
    assert_ne!(state["pose"], run(&line_follower())["pose"]);
    let _ = std::fs::remove_file(prog);
}

#[test]
fn usb_devices_that_cannot_be_listed_are_said_in_the_apps_language() {
    use lurobotsim::app::rcx::note_text;
    use lurobotsim::host::brick::Note;
    let note = Note::UsbList("Permission denied".into());
    // The command line keeps its English line.
    assert_eq!(
        note.to_string(),
        "cannot list USB devices: Permission denied"
    );
    let de = note_text(Lang::De, &note);
    assert!(
        de.starts_with("Die USB-Geräte") && de.contains("Permission denied"),
        "{de}"
    );
    assert!(note_text(Lang::En, &note).starts_with("The USB devices could not be listed"));
}

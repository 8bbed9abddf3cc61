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
    click(&mut h, &tr!(w::REAL_RCX));
    h.run_steps(2);
    assert!(h.state().rcx.open, "the window is open");
    assert!(shows(&h, &tr!(w::DOWNLOAD_FIRMWARE)), "the window is drawn");
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
    field(h, &tr!(label)).set_text_value_accesskit(text);
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
    click(&mut h, &tr!(w::ASK_BRICK));
    until_idle(&mut h);
    assert_eq!(said(&h), tr!("rcx-answers"));
    assert!(shows(&h, "Firmware: 0328"), "the brick's firmware is shown");
    assert!(
        h.state().rcx.brick.unwrap().battery_mv.is_some(),
        "and its battery"
    );
    click(&mut h, "3");
    click(&mut h, &tr!(w::DOWNLOAD));
    assert!(
        h.state().rcx.busy.is_some() || !said(&h).is_empty(),
        "Download started a job"
    );
    until_idle(&mut h);
    let s = said(&h);
    assert!(s.contains("to program slot 3"), "{s}");
    click(&mut h, &tr!(w::RUN));
    until_idle(&mut h);
    assert_eq!(said(&h), tr!("rcx-started", slot = 3));
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
    click(&mut h, &tr!(w::ASK_BRICK));
    until_idle(&mut h);
    let s = said(&h);
    assert_eq!(
        s,
        tr!("rcx-port-not-there", port = format!("tcp:127.0.0.1:{port}"))
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
    click(&mut h, &tr!(w::DOWNLOAD));
    // The frame never waits for the brick: the window draws while it retries.
    h.run_steps(3);
    assert!(
        h.state().rcx.busy.is_some(),
        "the job runs in the background"
    );
    assert!(shows(&h, &tr!(w::CANCEL)), "with Cancel on screen");
    until_idle(&mut h);
    assert!(said(&h).starts_with(&tr!("rcx-no-brick")), "{}", said(&h));
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
    click(&mut h, &tr!(w::ASK_BRICK));
    h.run_steps(3);
    click(&mut h, &tr!(w::CANCEL));
    until_idle(&mut h);
    assert_eq!(said(&h), tr!("rcx-cancelled"));
}

#[test]
fn firmware_without_a_file_or_with_a_file_that_is_not_one_is_refused_before_sending() {
    let mut h = app_with_window();
    type_into(&mut h, w::TOWER_FIELD, "tcp:127.0.0.1:9");
    click(&mut h, &tr!(w::DOWNLOAD_FIRMWARE));
    assert_eq!(said(&h), tr!("rcx-choose-firmware"));
    assert!(h.state().rcx.busy.is_none(), "nothing was started");
    let not_fw = line_follower();
    type_into(&mut h, w::FIRMWARE_FIELD, not_fw.to_str().unwrap());
    click(&mut h, &tr!(w::DOWNLOAD_FIRMWARE));
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
    click(&mut h, &tr!(w::RUN));
    let s = said(&h);
    assert!(
        s == tr!("rcx-no-tower-found") || s == tr!("rcx-choose-tower"),
        "{s}"
    );
}

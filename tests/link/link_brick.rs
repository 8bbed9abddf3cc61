//! `lurobotsim brick` end to end against lurobotsim's own brick (there is no RCX or tower
//! here): the serial transport through `serve --pty` (the serial tower's framing with
//! echo), TCP through `serve --listen --no-echo`, the exit codes and messages, and Ctrl-C
//! mid-firmware.

use super::link_nqc::{have, stderr_lines, temp_path, wait_exit, wait_for_path};
use lurobotsim::rcx::host::firmware::to_srecords;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

fn exe() -> Command {
    Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
}

fn root(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

/// `lurobotsim brick ARGS`: its output; stdout and stderr as text.
fn brick(args: &[&str]) -> (Output, String, String) {
    let out = exe()
        .arg("brick")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("lurobotsim runs");
    let so = String::from_utf8_lossy(&out.stdout).to_string();
    let se = String::from_utf8_lossy(&out.stderr).to_string();
    (out, so, se)
}

struct Served {
    child: Child,
    lines: std::sync::mpsc::Receiver<String>,
    addr: Option<String>,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `serve --headless --listen 127.0.0.1:0 EXTRA…`, once it listens.
fn serve(extra: &[&str]) -> Served {
    let mut child = exe()
        .args(["serve", "--headless", "--listen", "127.0.0.1:0"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("serve starts");
    let lines = stderr_lines(&mut child);
    let addr = loop {
        let l = lines
            .recv_timeout(Duration::from_secs(60))
            .expect("serve says where it listens");
        if let Some(a) = l.strip_prefix("lurobotsim: listening on ") {
            break a.to_string();
        }
    };
    Served {
        child,
        lines,
        addr: Some(addr),
    }
}

impl Served {
    fn tcp(&self) -> String {
        format!("tcp:{}", self.addr.as_deref().unwrap())
    }

    /// Waits for serve's exit and parses the state object it printed.
    fn state(mut self) -> serde_json::Value {
        let status = wait_exit(&mut self.child);
        assert!(status.success());
        let mut out = String::new();
        self.child
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut out)
            .unwrap();
        serde_json::from_str(out.trim()).expect("one JSON object")
    }

    /// serve's log lines so far.
    fn log(&self) -> Vec<String> {
        self.lines.try_iter().collect()
    }
}

/// What `run` prints for the same robot, world and program.
fn run_state(robot: &str, env: &str, program: &Path, seconds: &str) -> serde_json::Value {
    let out = exe()
        .args(["run", "--robot", robot, "--env", env, "--program"])
        .arg(program)
        .args(["--seconds", seconds, "--json"])
        .output()
        .expect("run");
    assert!(out.status.success());
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The downloaded program ran exactly as the same program loaded by `run`.
fn assert_same_run(served: &serde_json::Value, loaded: &serde_json::Value) {
    for key in [
        "sim_time_s",
        "pose",
        "path_length_m",
        "yaw_total_deg",
        "outputs",
        "sensors",
        "variables",
        "timers",
        "tasks",
    ] {
        assert_eq!(served[key], loaded[key], "{key}");
    }
}

#[test]
fn a_download_over_the_serial_transport_runs_in_the_brick_exactly_as_if_loaded() {
    let dev = temp_path("brick-pty");
    let dev_s = dev.to_str().unwrap().to_string();
    let served = serve(&[
        "--robot",
        "M5",
        "--env",
        "E3",
        "--pty",
        &dev_s,
        "--run-seconds",
        "3",
        "--json",
    ]);
    wait_for_path(&dev);
    let prog = root("assets/examples/line_follower.lasm");
    let (out, so, se) = brick(&[
        "download",
        prog.to_str().unwrap(),
        "--slot",
        "1",
        "--run",
        "--port",
        &dev_s,
    ]);
    assert!(out.status.success(), "{so}{se}");
    assert!(
        so.contains("to program slot 1") && so.contains("started"),
        "{so}"
    );
    let state = served.state();
    assert_same_run(&state, &run_state("M5", "E3", &prog, "3"));
    // The brick played its download sound.
    assert!(state["sounds"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["kind"] == "system" && s["value"] == 5));
}

#[test]
fn a_download_over_tcp_without_echo_runs_in_the_brick_exactly_as_if_loaded() {
    let served = serve(&[
        "--no-echo",
        "--robot",
        "M5",
        "--env",
        "E3",
        "--run-seconds",
        "2",
        "--json",
    ]);
    let prog = root("assets/examples/line_follower.lasm");
    let tcp = served.tcp();
    let (out, so, se) = brick(&["download", prog.to_str().unwrap(), "--run", "--port", &tcp]);
    assert!(out.status.success(), "{so}{se}");
    assert_same_run(&served.state(), &run_state("M5", "E3", &prog, "2"));
}

fn firmware_file(n: usize) -> PathBuf {
    let data: Vec<u8> = (0..n).map(|i| (i * 13 + i / 251) as u8).collect();
    let f = temp_path("fw.lgo");
    std::fs::write(&f, to_srecords(&data)).unwrap();
    f
}

#[test]
fn firmware_over_the_pty_and_over_tcp_is_accepted_with_its_checksum() {
    let dev = temp_path("brick-fw");
    let dev_s = dev.to_str().unwrap().to_string();
    let served = serve(&["--pty", &dev_s]);
    wait_for_path(&dev);
    let fw = firmware_file(16 * 1024);
    for port in [dev_s.clone(), served.tcp()] {
        let (out, so, se) = brick(&["firmware", fw.to_str().unwrap(), "--port", &port]);
        assert!(out.status.success(), "{port}: {so}{se}");
        assert!(
            so.contains("16384 bytes") && so.contains("firmware 0328"),
            "{port}: {so}"
        );
    }
    std::thread::sleep(Duration::from_millis(300));
    let log = served.log().join("\n");
    assert_eq!(
        log.matches("firmware download of 16384 bytes complete")
            .count(),
        2,
        "{log}"
    );
    assert!(!log.contains("checksum"), "{log}");
    let (out, so, _) = brick(&["ping", "--port", &dev_s]);
    assert!(out.status.success());
    assert!(
        so.contains("firmware 0328") && so.contains("battery"),
        "{so}"
    );
    let _ = std::fs::remove_file(fw);
}

/// A logging program: variable 0 = 3, 6, 9, … and variable 1 = 1000 − it, logged until
/// the datalog's 60 entries are full.
const LOGGER: &str = "task 0\nlogz 60\nsetv 0, 2, 0\nsetv 1, 2, 1000\nloop:\nsumv 0, 2, 3\n\
subv 1, 2, 3\nlog 0, 0\nlog 0, 1\nchkl 2, 100, 1, 0, 0, loop\nendt\n";

fn expected_log() -> String {
    let mut s = String::from("entry,source,number,value\n");
    for k in 0..30 {
        let v0 = 3 * (k + 1);
        s.push_str(&format!("{},variable,0,{v0}\n", 2 * k + 1));
        s.push_str(&format!("{},variable,1,{}\n", 2 * k + 2, 1000 - v0));
    }
    s
}

#[test]
fn the_datalog_over_the_pty_equals_the_simulated_one_and_nqcs() {
    let dev = temp_path("brick-log");
    let dev_s = dev.to_str().unwrap().to_string();
    let _served = serve(&["--pty", &dev_s]);
    wait_for_path(&dev);
    let prog = temp_path("logger.lasm");
    std::fs::write(&prog, LOGGER).unwrap();
    let (out, so, se) = brick(&[
        "download",
        prog.to_str().unwrap(),
        "--run",
        "--port",
        &dev_s,
    ]);
    assert!(out.status.success(), "{so}{se}");
    // The runner runs the brick in real time: 60 entries take well under a second.
    std::thread::sleep(Duration::from_millis(1500));
    let csv = temp_path("log.csv");
    let (out, so, se) = brick(&["datalog", "--csv", csv.to_str().unwrap(), "--port", &dev_s]);
    assert!(out.status.success(), "{so}{se}");
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), expected_log());
    // Without --csv: standard output.
    let (_, so, _) = brick(&["datalog", "--port", &dev_s]);
    assert_eq!(so, expected_log());
    if have("nqc") {
        // NQC reads the same datalog through the same pty: the same values.
        let out = Command::new("nqc")
            .arg("-TRCX2")
            .arg(format!("-S{dev_s}"))
            .arg("-datalog")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let values: Vec<i64> = text
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        let ours: Vec<i64> = expected_log()
            .lines()
            .skip(1)
            .map(|l| l.rsplit(',').next().unwrap().parse().unwrap())
            .collect();
        assert_eq!(values, ours, "nqc -datalog said: {text}");
    }
    let _ = std::fs::remove_file(csv);
    let _ = std::fs::remove_file(prog);
}

/// A relay between a TCP client and the pty at `dev`, each chunk towards the brick delayed
/// by `delay`; after `budget` bytes towards the brick it goes silent (the brick carried out
/// of range). It ends when the client closes or `stop` is set, and never reads the pty
/// after that (another reader of the same pty would lose its bytes to it).
fn relay(dev: &Path, delay: Duration, budget: usize) -> (u16, Arc<AtomicBool>) {
    use std::os::unix::fs::OpenOptionsExt;
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let dev = dev.to_path_buf();
    let stop = Arc::new(AtomicBool::new(false));
    let stop2 = stop.clone();
    std::thread::spawn(move || {
        let (mut client, _) = listener.accept().unwrap();
        client.set_nonblocking(true).unwrap();
        let mut pty = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&dev)
            .unwrap();
        let mut sent = 0usize;
        let mut b = [0u8; 512];
        while !stop2.load(Ordering::Relaxed) {
            let mut idle = true;
            match client.read(&mut b) {
                Ok(0) => break,
                Ok(n) => {
                    idle = false;
                    std::thread::sleep(delay);
                    sent += n;
                    if sent <= budget && pty.write_all(&b[..n]).is_err() {
                        break;
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(_) => break,
            }
            match pty.read(&mut b) {
                Ok(n) if n > 0 => {
                    idle = false;
                    if client.write_all(&b[..n]).is_err() {
                        break;
                    }
                }
                _ => {}
            }
            if idle {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    });
    (port, stop)
}

#[test]
fn a_brick_silent_mid_download_is_an_exit_1_naming_the_half_filled_slot() {
    let dev = temp_path("brick-cut");
    let dev_s = dev.to_str().unwrap().to_string();
    let _served = serve(&["--pty", &dev_s, "--no-echo"]);
    wait_for_path(&dev);
    // About the first blocks of the line follower get through.
    let (port, _stop) = relay(&dev, Duration::ZERO, 250);
    let prog = root("assets/examples/line_follower.lasm");
    let (out, so, se) = brick(&[
        "download",
        prog.to_str().unwrap(),
        "--slot",
        "2",
        "--port",
        &format!("tcp:127.0.0.1:{port}"),
    ]);
    assert_eq!(out.status.code(), Some(1), "{so}{se}");
    // Progress lines, then one line of error.
    let errors: Vec<&str> = se
        .lines()
        .filter(|l| l.starts_with("lurobotsim:"))
        .collect();
    assert_eq!(errors.len(), 1, "one line: {se}");
    let line = errors[0];
    assert!(line.contains("does not answer"), "{line}");
    assert!(
        line.contains("program slot 2 now holds an incomplete program"),
        "{line}"
    );
}

#[test]
fn ctrl_c_mid_firmware_leaves_a_brick_without_firmware_that_takes_it_again() {
    let dev = temp_path("brick-cancel");
    let dev_s = dev.to_str().unwrap().to_string();
    let _served = serve(&["--pty", &dev_s, "--no-echo"]);
    wait_for_path(&dev);
    // Slowed down so the download lasts seconds and the progress shows.
    let (port, stop) = relay(&dev, Duration::from_millis(15), usize::MAX);
    let fw = firmware_file(16 * 1024);
    let mut child = exe()
        .args(["brick", "firmware"])
        .arg(&fw)
        .args(["--port", &format!("tcp:127.0.0.1:{port}")])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = stderr_lines(&mut child);
    let progress = lines
        .recv_timeout(Duration::from_secs(30))
        .expect("progress after a second");
    assert!(
        progress.starts_with("firmware:") && progress.contains("left"),
        "{progress}"
    );
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let status = wait_exit(&mut child);
    stop.store(true, Ordering::Relaxed);
    assert_eq!(status.code(), Some(1));
    let said: Vec<String> = lines.try_iter().collect();
    let said = said.join("\n");
    assert!(
        said.contains("cancelled: the brick has no firmware now"),
        "{said}"
    );
    // The brick's ROM alone answers now …
    let (out, so, _) = brick(&["ping", "--port", &dev_s]);
    assert!(out.status.success());
    assert!(so.contains("has no firmware"), "{so}");
    let (out, _, se) = brick(&["run", "--port", &dev_s]);
    assert_eq!(out.status.code(), Some(1));
    assert!(se.contains("download the firmware first"), "{se}");
    // … and it takes the firmware again.
    let (out, so, se) = brick(&["firmware", fw.to_str().unwrap(), "--port", &dev_s]);
    assert!(out.status.success(), "{so}{se}");
    let (_, so, _) = brick(&["ping", "--port", &dev_s]);
    assert!(so.contains("firmware 0328"), "{so}");
    let _ = std::fs::remove_file(fw);
}

#[test]
fn bad_files_and_arguments_are_exit_2_before_anything_is_sent() {
    // A listener that records whether anyone connected.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let tcp = format!("tcp:{}", listener.local_addr().unwrap());
    let big = temp_path("big.lasm");
    let mut src = String::from("task 0\n");
    for _ in 0..1300 {
        src.push_str("setv 0, 2, 1\n");
    }
    src.push_str("endt\n");
    std::fs::write(&big, src).unwrap();
    let notfw = temp_path("notfw.lgo");
    std::fs::write(&notfw, "task 0\nendt\n").unwrap();
    for (args, says) in [
        (vec!["download", "/nonexistent/prog.rcx"], "prog.rcx"),
        (vec!["download", big.to_str().unwrap()], "6500 bytes"),
        (
            vec!["firmware", notfw.to_str().unwrap()],
            "not a firmware image",
        ),
        (
            vec!["firmware", "/nonexistent/firm0332.lgo"],
            "firm0332.lgo",
        ),
        (vec!["download", "x.lasm", "--slot", "6"], "6"),
        (vec!["run", "--port", "tcp:nowhere"], "tcp:HOST:PORT"),
    ] {
        let mut a = args.clone();
        if !a.contains(&"--port") {
            a.extend(["--port", tcp.as_str()]);
        }
        let (out, so, se) = brick(&a);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {so}{se}");
        assert!(se.contains(says), "{args:?}: {se}");
    }
    assert!(listener.accept().is_err(), "nothing connected");
    let _ = std::fs::remove_file(big);
    let _ = std::fs::remove_file(notfw);
}

#[test]
fn a_missing_tower_or_silent_brick_is_exit_1_with_one_line_to_act_on() {
    // Nothing listens.
    let free = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = free.local_addr().unwrap().port();
    drop(free);
    let (out, _, se) = brick(&["ping", "--port", &format!("tcp:127.0.0.1:{port}")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(se.contains("is `lurobotsim serve`"), "{se}");
    let (out, _, se) = brick(&["ping", "--port", "/nonexistent/ttyUSB9"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(se.contains("there is no serial port"), "{se}");
    // Something listens and never answers: a brick out of range.
    let silent = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = silent.local_addr().unwrap();
    // It holds the connection, silent, until the ping has given up (at most 8 s), and no
    // longer: the test does not sit out the rest of the 8 s.
    let (done, gave_up) = std::sync::mpsc::channel::<()>();
    let hold = std::thread::spawn(move || {
        let (s, _) = silent.accept().unwrap();
        let _ = gave_up.recv_timeout(Duration::from_secs(8));
        drop::<TcpStream>(s);
    });
    let (out, _, se) = brick(&["ping", "--port", &format!("tcp:{addr}")]);
    let _ = done.send(());
    assert_eq!(out.status.code(), Some(1));
    let errors = se.lines().filter(|l| l.starts_with("lurobotsim:")).count();
    assert_eq!(errors, 1, "{se}");
    assert!(
        se.contains("the brick does not answer") && se.contains("switched on"),
        "{se}"
    );
    let _ = hold.join();
}

#[test]
fn brick_help_describes_every_subcommand() {
    let out = exe().args(["brick", "--help"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    for sub in [
        "list", "ping", "firmware", "download", "run", "stop", "datalog",
    ] {
        assert!(text.contains(sub), "{sub}: {text}");
    }
    let out = exe()
        .args(["brick", "download", "--help"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    for opt in ["--slot", "--run", "--port", "tcp:HOST:PORT", "usb"] {
        assert!(text.contains(opt), "{opt}: {text}");
    }
    let (out, _, _) = brick(&["list"]);
    assert!(out.status.success());
}

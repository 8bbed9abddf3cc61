//! The link against NQC: byte-exact replays of a captured NQC 3.1.r6 download (run 1 of
//! the project's capture log) and of NQC 4.1's session straight over TCP (both copied to
//! tests/data/nqc/), and end-to-end downloads by the
//! real Debian `nqc` through our pty and through socat → TCP, after which the program runs
//! and its effect is checked. The end-to-end tests skip, saying why, when nqc or socat is
//! not installed (`.ci/run` installs both).

use crate::link_support;

use link_support::{hex, Rig};
use lurobotsim::link::{Dialect, LinkConfig, LinkEvent};
use lurobotsim::rcx::wire;
use lurobotsim::vm::OutputMode;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// One exchange of the capture: what NQC wrote, and the echo + reply it got.
struct Exchange {
    rx: Vec<u8>,
    back: Vec<u8>,
}

fn capture_run1() -> (Vec<Exchange>, Vec<Vec<u8>>) {
    let text = include_str!("../data/nqc/capture_run1.log");
    let mut ex: Vec<Exchange> = Vec::new();
    let mut images = Vec::new();
    for line in text.lines() {
        let mut it = line.split_whitespace();
        let (_t, kind) = (it.next(), it.next());
        let bytes = |l: &str| -> Vec<u8> {
            let rest = l.split(';').next().unwrap_or("");
            rest.split_whitespace()
                .skip(2)
                .map(|h| u8::from_str_radix(h, 16).unwrap())
                .collect()
        };
        match kind {
            Some("RX") => ex.push(Exchange {
                rx: bytes(line),
                back: Vec::new(),
            }),
            Some("ECHO") | Some("TX") => ex.last_mut().unwrap().back.extend(bytes(line)),
            Some("IMAGE") => images.push(bytes(line)),
            _ => {}
        }
    }
    (ex, images)
}

#[test]
fn replaying_nqc_capture_run_1_gives_the_captured_echo_and_replies_byte_for_byte() {
    let (exchanges, images) = capture_run1();
    assert_eq!(exchanges.len(), 16);
    let rig = Rig::new(Dialect::Auto, true);
    let mut c = rig.connect();
    for (i, e) in exchanges.iter().enumerate() {
        c.send(&e.rx);
        let got = c.read(e.back.len());
        assert_eq!(got, e.back, "exchange {i}");
    }
    // The stored code is what the fake RCX recorded as IMAGE (sub 0, task 0, task 1).
    let p = rig.with(|sim| sim.robot(0).unwrap().vm().program(0).unwrap().clone());
    assert_eq!(images.len(), 3);
    assert_eq!(p.subs[0].as_ref(), Some(&images[0]));
    assert_eq!(p.tasks[0].as_ref(), Some(&images[1]));
    assert_eq!(p.tasks[1].as_ref(), Some(&images[2]));
    // Sanity: the battery reply is the 9.0 V NQC printed.
    assert_eq!(
        exchanges[15].back[7..],
        hex("55 ff 00 cf 30 28 d7 23 dc 1a e5")[..]
    );
}

/// NQC 4.1's whole TCP session (`nqc -TRCX2 -Stcp:127.0.0.1:PORT -d prog.nqc -run`, no
/// socat: the route on Windows), captured byte for byte against the link and copied to
/// tests/data/nqc/: per exchange, what NQC sent and what came back.
fn nqc41_tcp_session() -> Vec<Exchange> {
    let text = include_str!("../data/nqc/nqc41_tcp_capture.log");
    let mut ex: Vec<Exchange> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        // `TIME #CONN ADDR KIND BYTES…`
        let fields: Vec<&str> = line.split_whitespace().collect();
        let bytes = || hex(&fields[4..].join(" "));
        match fields.get(3) {
            Some(&"RX") => ex.push(Exchange {
                rx: bytes(),
                back: Vec::new(),
            }),
            Some(&"TX") => ex.last_mut().unwrap().back.extend(bytes()),
            _ => {}
        }
    }
    ex
}

#[test]
fn replaying_nqc_4_1s_tcp_session_gives_the_captured_replies_installs_the_program_and_runs_it() {
    let exchanges = nqc41_tcp_session();
    assert_eq!(exchanges.len(), 9);
    let rig = Rig::new(Dialect::Auto, true);
    let x0 = rig.with(|sim| sim.world().brick_pose(0).x);
    let mut c = rig.connect();
    for (i, e) in exchanges.iter().enumerate() {
        c.send(&e.rx);
        let got = c.read(e.back.len());
        assert_eq!(got, e.back, "exchange {i}");
        // NQC 4.1 takes the tower echo: every answer starts with the bytes it sent.
        assert!(e.back.starts_with(&e.rx), "exchange {i} echoes");
    }
    // Installed: task 0 holds exactly the bytes of NQC's download blocks (ops 45/4d:
    // block number, length, data, data checksum), as long as its begin-task (25) said.
    let sent: Vec<Vec<u8>> = exchanges
        .iter()
        .map(|e| {
            wire::decode(&e.rx)
                .expect("NQC sends valid frames")
                .0
                .payload
        })
        .collect();
    let begin = sent
        .iter()
        .find(|p| p[0] & 0xf7 == 0x25)
        .expect("begin task");
    assert_eq!(begin[1..4], [0, 0, 0], "task 0");
    let declared = usize::from(begin[4]) | usize::from(begin[5]) << 8;
    let mut code = Vec::new();
    for p in sent.iter().filter(|p| p[0] & 0xf7 == 0x45) {
        let len = usize::from(p[3]) | usize::from(p[4]) << 8;
        code.extend_from_slice(&p[5..5 + len]);
    }
    assert_eq!(code.len(), declared);
    let task0 = rig.with(|sim| sim.robot(0).unwrap().vm().program(0).unwrap().tasks[0].clone());
    assert_eq!(task0.as_deref(), Some(&code[..]));
    // Runs (the session ended with `71 00`, start task 0): OnFwd(A+C); Wait(100);
    // OnRev(C); Wait(85); Off(A+C).
    rig.tick(50);
    let out = rig.with(|sim| sim.robot(0).unwrap().vm().outputs());
    for o in [out[0], out[2]] {
        assert_eq!(o.mode, OutputMode::On);
        assert!(o.forward);
    }
    rig.tick(1000);
    let out = rig.with(|sim| sim.robot(0).unwrap().vm().outputs());
    assert_eq!((out[0].mode, out[0].forward), (OutputMode::On, true));
    assert_eq!((out[2].mode, out[2].forward), (OutputMode::On, false));
    let x1 = rig.with(|sim| sim.world().brick_pose(0).x);
    assert!(x1 - x0 > 0.05, "the robot drove forward: {x0} → {x1}");
    rig.tick(1000);
    let out = rig.with(|sim| sim.robot(0).unwrap().vm().outputs());
    assert_eq!(
        (out[0].mode, out[2].mode),
        (OutputMode::Off, OutputMode::Off)
    );
}

/// Whether `tool` is installed; says why a test skips when it is not. Under `CI=true` a
/// missing tool fails instead (CI installs nqc and socat: a skip there would hide a gap).
pub(crate) fn have(tool: &str) -> bool {
    let ok = Command::new(tool)
        .arg(if tool == "socat" { "-V" } else { "-help" })
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok();
    if !ok {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI must have `{tool}` installed"
        );
        eprintln!("SKIPPED: `{tool}` is not installed (apt-get install {tool}; .ci/run does it)");
    }
    ok
}

pub(crate) fn temp_path(name: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    std::env::temp_dir().join(format!(
        "lurobotsim-{}-{}-{name}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ))
}

pub(crate) fn program(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/programs")
        .join(name)
}

/// Runs nqc with `args` on device `dev`; panics with its output unless it exits 0.
pub(crate) fn nqc(dev: &Path, args: &[&str]) {
    let out = Command::new("nqc")
        .arg("-TRCX2")
        .arg(format!("-S{}", dev.display()))
        .args(args)
        .output()
        .expect("nqc runs");
    assert!(
        out.status.success(),
        "nqc {args:?} failed: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

pub(crate) fn wait_for_path(p: &Path) {
    for _ in 0..200 {
        if p.exists() {
            return;
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    panic!("{} never appeared", p.display());
}

/// Checks link_drive.nqc's effect: x = 42 and A, C on forward; x = 43 after a second, and
/// the robot (M1: output A drives its front wheel) has driven forward (+X).
fn assert_drive_program_runs(rig: &Rig) {
    let x0 = rig.with(|sim| sim.world().brick_pose(0).x);
    rig.tick(50);
    assert_eq!(rig.var(0), 42);
    let out = rig.with(|sim| sim.robot(0).unwrap().vm().outputs());
    for o in [out[0], out[2]] {
        assert_eq!(o.mode, OutputMode::On);
        assert!(o.forward);
        assert_eq!(o.power, 7);
    }
    rig.tick(1100);
    assert_eq!(rig.var(0), 43);
    let x1 = rig.with(|sim| sim.world().brick_pose(0).x);
    assert!(x1 - x0 > 0.05, "the robot drove forward: {x0} → {x1}");
}

#[test]
fn nqc_downloads_and_runs_through_the_pty_across_reopenings() {
    if !have("nqc") {
        return;
    }
    let dev = temp_path("rcx");
    let rig = Rig::with_config(LinkConfig {
        listen: None,
        pty: Some(dev.clone()),
        ..LinkConfig::default()
    });
    let prog = program("link_drive.nqc");
    // Two invocations: NQC closes the device in between and opens it again.
    nqc(&dev, &["-d", prog.to_str().unwrap()]);
    assert_eq!(rig.var(0), 0, "downloaded, not started");
    nqc(&dev, &["-run"]);
    assert_drive_program_runs(&rig);
    drop(rig);
    assert!(
        std::fs::symlink_metadata(&dev).is_err(),
        "the pty link is removed on shutdown"
    );
}

#[test]
fn nqc_downloads_a_program_with_subs_and_tasks_through_the_pty() {
    if !have("nqc") {
        return;
    }
    let dev = temp_path("rcx");
    let rig = Rig::with_config(LinkConfig {
        listen: None,
        pty: Some(dev.clone()),
        ..LinkConfig::default()
    });
    nqc(
        &dev,
        &["-d", program("link_subs.nqc").to_str().unwrap(), "-run"],
    );
    let p = rig.with(|sim| sim.robot(0).unwrap().vm().program(0).unwrap().clone());
    assert_eq!(p.subs[0].as_deref(), Some(&hex("24 00 02 01 00")[..]));
    assert_eq!(p.tasks[0].as_ref().map(|c| c.len()), Some(33));
    assert_eq!(p.tasks[1].as_ref().map(|c| c.len()), Some(9));
    rig.tick(1000);
    assert_eq!(rig.var(1), 1);
    assert_eq!(rig.var(0), 110);
}

struct KillOnDrop(Child);
impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn nqc_downloads_and_runs_through_socat_and_tcp() {
    if !have("nqc") || !have("socat") {
        return;
    }
    let rig = Rig::new(Dialect::Auto, true);
    let port = rig.link().local_addr().unwrap().port();
    let dev = temp_path("socat");
    let socat = KillOnDrop(
        Command::new("socat")
            .arg(format!("pty,raw,echo=0,link={}", dev.display()))
            .arg(format!("TCP:127.0.0.1:{port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("socat starts"),
    );
    wait_for_path(&dev);
    // As in real use, socat's TCP connection sits silent for a while before NQC starts.
    std::thread::sleep(lurobotsim::link::server::DETECT_IDLE * 3);
    nqc(
        &dev,
        &["-d", program("link_drive.nqc").to_str().unwrap(), "-run"],
    );
    drop(socat);
    assert_drive_program_runs(&rig);
    let mut started = false;
    while let Some(e) = rig.link().try_event() {
        started |= e == LinkEvent::TaskStarted { task: 0 };
    }
    assert!(started, "the link reported the start");
}

/// Reads the child's stderr on a thread; returns a receiver of its lines.
pub(crate) fn stderr_lines(child: &mut Child) -> std::sync::mpsc::Receiver<String> {
    use std::io::BufRead;
    let (tx, rx) = std::sync::mpsc::channel();
    let err = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for l in std::io::BufReader::new(err).lines().map_while(Result::ok) {
            let _ = tx.send(l);
        }
    });
    rx
}

pub(crate) fn wait_exit(child: &mut Child) -> std::process::ExitStatus {
    for _ in 0..1200 {
        if let Ok(Some(s)) = child.try_wait() {
            return s;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    panic!("serve did not exit");
}

#[test]
fn serve_with_run_seconds_runs_after_nqc_starts_the_program_and_prints_the_state() {
    if !have("nqc") {
        return;
    }
    let dev = temp_path("serve");
    let mut serve = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(["serve", "--headless", "--listen", "127.0.0.1:0", "--pty"])
        .arg(&dev)
        .args(["--run-seconds", "2", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("serve starts");
    let _lines = stderr_lines(&mut serve);
    wait_for_path(&dev);
    nqc(
        &dev,
        &["-d", program("link_drive.nqc").to_str().unwrap(), "-run"],
    );
    let status = wait_exit(&mut serve);
    assert!(status.success());
    let mut out = String::new();
    use std::io::Read;
    serve
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let state: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!(state["sim_time_s"], serde_json::json!(2.0));
    if let Some(vars) = state.get("variables") {
        assert_eq!(vars[0], serde_json::json!(43));
    }
    assert!(!dev.exists(), "pty link removed");
}

/// `serve` ends cleanly on Ctrl+C (SIGINT) and on SIGTERM — exit 0, its pty link removed —
/// through the portable signal handling (tokio's `signal`, no raw libc).
#[cfg(unix)]
#[test]
fn serve_exits_0_and_removes_its_pty_link_on_sigint_and_sigterm() {
    for signal in ["INT", "TERM"] {
        let dev = temp_path("signal");
        let mut serve = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
            .args(["serve", "--headless", "--listen", "127.0.0.1:0", "--pty"])
            .arg(&dev)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("serve starts");
        let lines = stderr_lines(&mut serve);
        // Its log says it listens once the link (and the handlers) are up.
        let ready = lines
            .recv_timeout(Duration::from_secs(60))
            .expect("serve logs");
        assert!(ready.contains("listening on"), "{ready}");
        wait_for_path(&dev);
        let kill = Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(serve.id().to_string())
            .status()
            .expect("kill runs");
        assert!(kill.success());
        let status = wait_exit(&mut serve);
        assert_eq!(status.code(), Some(0), "SIG{signal}: {status}");
        assert!(
            std::fs::symlink_metadata(&dev).is_err(),
            "SIG{signal}: the pty link is removed"
        );
    }
}

#[test]
fn serve_with_run_seconds_starts_task_0_after_a_completed_lasm_transfer() {
    let mut serve = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(["serve", "--headless", "--listen", "127.0.0.1:0"])
        .args(["--run-seconds", "1.5", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("serve starts");
    let lines = stderr_lines(&mut serve);
    let addr = loop {
        let l = lines
            .recv_timeout(Duration::from_secs(30))
            .expect("serve prints its address");
        if let Some(a) = l.strip_prefix("lurobotsim: listening on ") {
            break a.to_string();
        }
    };
    {
        use std::io::Write;
        let mut s = std::net::TcpStream::connect(&addr).unwrap();
        s.write_all(b"task 0\nsetv 0, 2, 7\nwait 2, 100\nsetv 0, 2, 8\nendt\n")
            .unwrap();
    }
    let status = wait_exit(&mut serve);
    assert!(status.success());
    let mut out = String::new();
    use std::io::Read;
    serve
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let state: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!(state["sim_time_s"], serde_json::json!(1.5));
    if let Some(vars) = state.get("variables") {
        assert_eq!(vars[0], serde_json::json!(8));
    }
}

/// A Motorola S-record firmware file of `len` bytes at 0x8000 (NQC reads `.lgo` files).
fn srecord_firmware(len: usize) -> String {
    fn rec(t: u8, addr: u16, data: &[u8]) -> String {
        let mut body = vec![data.len() as u8 + 3, (addr >> 8) as u8, addr as u8];
        body.extend_from_slice(data);
        let ck = !body.iter().fold(0u8, |a, &b| a.wrapping_add(b));
        let hexs: String = body.iter().map(|b| format!("{b:02X}")).collect();
        format!("S{t}{hexs}{ck:02X}\n")
    }
    let img: Vec<u8> = (0..len).map(|i| (i * 7) as u8).collect();
    let mut out = rec(0, 0, b"test");
    for (k, c) in img.chunks(32).enumerate() {
        out.push_str(&rec(1, 0x8000 + 32 * k as u16, c));
    }
    out.push_str(&rec(9, 0x8000, &[]));
    out
}

#[test]
fn nqc_installs_firmware_through_the_pty_and_reads_the_versions_back() {
    if !have("nqc") {
        return;
    }
    let dev = temp_path("fw");
    let lgo = temp_path("fw.lgo");
    std::fs::write(&lgo, srecord_firmware(1000)).unwrap();
    let rig = Rig::with_config(LinkConfig {
        listen: None,
        pty: Some(dev.clone()),
        ..LinkConfig::default()
    });
    let out = Command::new("nqc")
        .arg(format!("-S{}", dev.display()))
        .arg("-firmware")
        .arg(&lgo)
        .output()
        .expect("nqc runs");
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    // NQC unlocks, then asks for the versions: ROM 3.1, firmware 3.2.8 (0328).
    assert!(text.contains("00030001/00030208"), "{text}");
    let mut complete = false;
    while let Some(e) = rig.link().try_event() {
        complete |= matches!(&e, LinkEvent::FirmwareInstalled { bytes: 1000, .. });
    }
    assert!(complete);
    let _ = std::fs::remove_file(&lgo);
}

// ---------------------------------------------------------------- serve --scene

/// Starts `serve --scene SCENE --pty PTY` on a fixed base port plus `extra` arguments.
fn serve_scene(scene: &str, pty: &Path, port: u16, extra: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(["serve", "--scene", scene, "--listen"])
        .arg(format!("127.0.0.1:{port}"))
        .arg("--pty")
        .arg(pty)
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("serve starts")
}

/// A base port for this test process (each brick takes base + n − 1).
fn base_port(offset: u16) -> u16 {
    30000 + (std::process::id() % 10000) as u16 * 2 + offset * 20
}

#[test]
fn nqc_downloads_to_the_second_brick_of_a_served_scene_through_its_own_pty_and_port() {
    if !have("nqc") {
        return;
    }
    let dev = temp_path("scene");
    let dev2 = PathBuf::from(format!("{}-2", dev.display()));
    let port = base_port(0);
    let mut serve = serve_scene(
        "tests/data/scenes/two_m1_served.toml",
        &dev,
        port,
        &["--run-seconds", "2", "--json"],
    );
    let lines = stderr_lines(&mut serve);
    wait_for_path(&dev2);
    // The second brick's TCP port is the --listen port + 1: a ping there gets its reply.
    let mut tcp = std::net::TcpStream::connect(("127.0.0.1", port + 1)).expect("brick 2's port");
    tcp.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    use std::io::{Read, Write};
    let ping = hex("55 ff 00 10 ef 10 ef");
    tcp.write_all(&ping).unwrap();
    let mut back = vec![0u8; 14];
    tcp.read_exact(&mut back).unwrap();
    assert_eq!(back, hex("55 ff 00 10 ef 10 ef 55 ff 00 ef 10 ef 10"));
    drop(tcp);
    nqc(
        &dev2,
        &["-d", program("link_drive.nqc").to_str().unwrap(), "-run"],
    );
    let status = wait_exit(&mut serve);
    assert!(status.success());
    let mut out = String::new();
    serve
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let state: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!(state["sim_time_s"], serde_json::json!(2.0));
    let robots = state["robots"].as_array().unwrap();
    assert_eq!(robots[1]["name"], "second");
    assert_eq!(
        robots[1]["variables"][0], 43,
        "the program ran on the second brick"
    );
    assert!(robots[1]["displacement_m"].as_f64().unwrap() > 0.5);
    assert_eq!(robots[0]["variables"][0], 0, "the first brick got nothing");
    assert!(robots[0]["displacement_m"].as_f64().unwrap() < 0.01);
    let log: Vec<String> = lines.try_iter().collect();
    let want = format!(
        "robot 2 \"second\" (M1): tcp 127.0.0.1:{}, pty {}",
        port + 1,
        dev2.display()
    );
    assert!(
        log.iter().any(|l| l.ends_with(&want)),
        "{want} not in {log:#?}"
    );
    assert!(!dev.exists() && !dev2.exists(), "pty links removed");
}

#[cfg(unix)]
#[test]
fn a_hosts_nqc_msg_reaches_the_brick_of_that_link_only() {
    if !have("nqc") {
        return;
    }
    // Both bricks run the IR slave example (order = the message, in variable 0).
    let dev = temp_path("scene-msg");
    let dev2 = PathBuf::from(format!("{}-2", dev.display()));
    let mut serve = serve_scene("tests/data/scenes/two_slaves.toml", &dev, 0, &[]);
    let _lines = stderr_lines(&mut serve);
    wait_for_path(&dev2);
    nqc(&dev2, &["-msg", "2"]);
    let order = |d: &Path| -> String {
        let out = Command::new("nqc")
            .arg("-TRCX2")
            .arg(format!("-S{}", d.display()))
            .args(["-raw", "120000"])
            .output()
            .expect("nqc runs");
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    // The clock runs in real time: the slave takes the order within a tick or two.
    let mut got = String::new();
    for _ in 0..50 {
        got = order(&dev2);
        if got == "02 00" {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(got, "02 00", "brick 2 obeys the host's message");
    assert_eq!(order(&dev), "00 00", "brick 1 did not hear it");
    let pid = serve.id().to_string();
    let _ = Command::new("kill").args(["-INT", &pid]).status();
    assert!(wait_exit(&mut serve).success());
    assert!(!dev.exists() && !dev2.exists(), "pty links removed");
}

/// The random number brick `k` (0-based) of `serve --scene … --seed SEED` draws first
/// (`poll 4,100` over its TCP port).
fn first_random(seed: &str, k: u16) -> u16 {
    use std::io::{Read, Write};
    let dev = temp_path(&format!("seed-{seed}-{k}"));
    // Port 0: every brick gets a free port of its own, read from serve's log (no clash
    // with other tests' ports).
    let mut serve = serve_scene(
        "tests/data/scenes/two_m1_served.toml",
        &dev,
        0,
        &["--seed", seed],
    );
    let lines = stderr_lines(&mut serve);
    // The server goes whatever happens below (a failed read must not leave it running).
    struct KillOnDrop(Child);
    impl Drop for KillOnDrop {
        fn drop(&mut self) {
            // SIGTERM: serve ends cleanly and removes its pty links.
            let _ = Command::new("kill")
                .arg("-TERM")
                .arg(self.0.id().to_string())
                .status();
            let _ = self.0.wait();
        }
    }
    let _serve = KillOnDrop(serve);
    // "lurobotsim: robot 2 "second" (M1): tcp 127.0.0.1:PORT, pty …"
    let want = format!("robot {} \"", k + 1);
    let addr = loop {
        let line = lines
            .recv_timeout(Duration::from_secs(60))
            .expect("serve logs each robot's link");
        if let Some(rest) = line.split(&want).nth(1) {
            let tcp = rest.split("tcp ").nth(1).expect("a tcp address");
            break tcp.split(',').next().unwrap().trim().to_string();
        }
    };
    let mut tcp = std::net::TcpStream::connect(&addr).expect("the brick's port");
    tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    // 12 04 64: poll the random source (4) with 100 as its bound.
    tcp.write_all(&hex("55 ff 00 12 ed 04 fb 64 9b 7a 85"))
        .unwrap();
    let mut back = vec![0u8; 11 + 11];
    tcp.read_exact(&mut back).unwrap();
    assert_eq!(&back[11..15], &hex("55 ff 00 ed")[..], "{back:02x?}");
    u16::from_le_bytes([back[15], back[17]])
}

#[cfg(unix)]
#[test]
fn serve_scene_seed_reproduces_each_bricks_random_numbers_and_each_brick_draws_its_own() {
    let a = first_random("5", 1);
    let again = first_random("5", 1);
    assert_eq!(a, again, "the same seed draws the same number");
    let first_brick = first_random("5", 0);
    let other_seed = first_random("6", 1);
    // Brick 2 draws from seed + 1 = 6: brick 1 of seed 6 would draw what it does.
    let brick1_seed6 = first_random("6", 0);
    assert_eq!(a, brick1_seed6, "brick 2 of seed 5 = brick 1 of seed 6");
    assert!(
        first_brick != a || other_seed != a,
        "the bricks and seeds draw different numbers: {first_brick} {a} {other_seed}"
    );
}

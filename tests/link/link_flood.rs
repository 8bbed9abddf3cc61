//! A flood cannot fill the log (issue 35): three TCP clients send random bytes to `serve`
//! for a bounded time while the real Debian `nqc` downloads and runs a program through the
//! pty. `serve`'s stderr stays under 10 KB per second of flood, repeated lines are
//! summarised ("…and N more like this"), and the download is logged as complete.
//! Skips, saying why, when nqc is not installed (not under CI=true).

use crate::link_nqc::{have, nqc, program, temp_path, wait_exit, wait_for_path};
use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream};
use std::process::{Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// How long each garbage client sends (the trial: 10 s).
const FLOOD: Duration = Duration::from_secs(10);
/// At most this many bytes per client, whatever the machine's speed.
const FLOOD_MAX_BYTES: usize = 64 << 20;
/// The log's budget: bytes of stderr per second of flood.
const LOG_BYTES_PER_SECOND: f64 = 10_000.0;

/// A deterministic stream of random bytes (xorshift64*), one seed per client.
fn random_bytes(seed: u64, buf: &mut [u8]) -> u64 {
    let mut x = seed;
    for chunk in buf.chunks_mut(8) {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        let v = x.wrapping_mul(0x2545_f491_4f6c_dd1d).to_le_bytes();
        chunk.copy_from_slice(&v[..chunk.len()]);
    }
    x
}

/// One garbage client: sends random bytes until `FLOOD` or `FLOOD_MAX_BYTES`, reading and
/// throwing away whatever comes back (a client that never reads is dropped, not flooding).
fn garbage_client(addr: String, seed: u64) -> std::thread::JoinHandle<usize> {
    std::thread::spawn(move || {
        let mut s = TcpStream::connect(&addr).expect("serve accepts");
        let mut r = s.try_clone().expect("a second handle");
        let reader = std::thread::spawn(move || {
            let mut sink = [0u8; 4096];
            while matches!(r.read(&mut sink), Ok(n) if n > 0) {}
        });
        let start = Instant::now();
        let (mut sent, mut state, mut buf) = (0, seed, vec![0u8; 4096]);
        while start.elapsed() < FLOOD && sent < FLOOD_MAX_BYTES {
            state = random_bytes(state, &mut buf);
            if s.write_all(&buf).is_err() {
                break;
            }
            sent += buf.len();
        }
        let _ = s.shutdown(Shutdown::Both);
        let _ = reader.join();
        sent
    })
}

/// The child's stderr lines, read as slowly as a terminal or a journal takes them (a pause
/// per line): `serve` must not lose what it logs when its reader lags (it used to drop the
/// newest events, a download's completion among them, once 1,000 were waiting).
fn slow_stderr_lines(child: &mut std::process::Child) -> Receiver<String> {
    use std::io::BufRead;
    let (tx, rx) = std::sync::mpsc::channel();
    let err = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for l in std::io::BufReader::new(err).lines().map_while(Result::ok) {
            std::thread::sleep(Duration::from_millis(1));
            let _ = tx.send(l);
        }
    });
    rx
}

/// Lines of `lines` until one satisfies `done` (or `wait` passes), each added to `log`.
fn read_until(
    lines: &Receiver<String>,
    log: &mut Vec<String>,
    wait: Duration,
    done: impl Fn(&str) -> bool,
) -> bool {
    let end = Instant::now() + wait;
    while let Some(left) = end.checked_duration_since(Instant::now()) {
        match lines.recv_timeout(left) {
            Ok(l) => {
                let hit = done(&l);
                log.push(l);
                if hit {
                    return true;
                }
            }
            Err(_) => return false,
        }
    }
    false
}

#[cfg(unix)]
#[test]
fn three_clients_flooding_serve_with_random_bytes_leave_a_small_log_and_an_nqc_download_completes()
{
    if !have("nqc") {
        return;
    }
    let dev = temp_path("flood");
    let mut serve = Command::new(env!("CARGO_BIN_EXE_lurobotsim"))
        .args(["serve", "--headless", "--listen", "127.0.0.1:0", "--pty"])
        .arg(&dev)
        .env_remove("RUST_LOG")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("serve starts");
    let lines = slow_stderr_lines(&mut serve);
    let mut log = Vec::new();
    assert!(
        read_until(&lines, &mut log, Duration::from_secs(60), |l| l
            .contains("listening on")),
        "serve says where it listens: {log:?}"
    );
    let addr = log
        .iter()
        .find_map(|l| l.strip_prefix("lurobotsim: listening on "))
        .expect("the address")
        .to_string();
    wait_for_path(&dev);
    let flood_start = Instant::now();
    let clients: Vec<_> = (1..=3u64)
        .map(|k| garbage_client(addr.clone(), k.wrapping_mul(0x9e37_79b9_7f4a_7c15)))
        .collect();
    // The download while the flood is under way. It goes into whichever program slot is
    // selected when it begins — the garbage selects slots too, on the one shared brick, as
    // it would on a real RCX — so only its completion is checked.
    std::thread::sleep(Duration::from_secs(1));
    nqc(
        &dev,
        &["-d", program("link_drive.nqc").to_str().unwrap(), "-run"],
    );
    let sent: usize = clients.into_iter().map(|c| c.join().unwrap()).sum();
    let complete = |l: &str| l.contains("pty ") && l.contains("download of task 0 complete");
    let logged_complete = read_until(&lines, &mut log, Duration::from_secs(30), complete);
    // Everything serve logs up to now counts against the flood's time.
    let kill = Command::new("kill")
        .arg("-TERM")
        .arg(serve.id().to_string())
        .status()
        .expect("kill runs");
    let seconds = flood_start.elapsed().as_secs_f64();
    assert!(kill.success());
    assert!(wait_exit(&mut serve).success());
    log.extend(lines.iter());
    let bytes: usize = log.iter().map(|l| l.len() + 1).sum();
    println!(
        "{sent} random bytes from 3 clients; serve logged {} lines, {bytes} bytes in {seconds:.1} s",
        log.len()
    );
    assert!(sent > 0, "the clients sent their garbage");
    assert!(
        logged_complete,
        "the pty download is logged as complete: {log:#?}"
    );
    assert!(
        (bytes as f64) < LOG_BYTES_PER_SECOND * seconds,
        "{bytes} bytes of log in {seconds:.1} s: {log:#?}"
    );
    assert!(
        log.iter().any(|l| l.contains("more like this")),
        "repeats are summarised with their count: {log:#?}"
    );
}

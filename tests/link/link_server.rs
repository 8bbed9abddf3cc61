//! The link served over real TCP on port 0, with a real simulation behind the real runner:
//! each dialect's replies byte for byte, the tower echo, toggle-bit repeats, garbage,
//! disconnects mid-download, the capture file, and many clients at once.

use crate::link_support;
use lurobotsim::sim::{SimDef, Simulation};

use link_support::{hex, Rig};
use lurobotsim::link::{self, Dialect, LinkConfig, LinkError, LinkEvent};
use lurobotsim::rcx::wire;
use lurobotsim::vm::OutputMode;
use std::time::Duration;

#[test]
fn a_framed_ping_is_echoed_then_answered() {
    let rig = Rig::new(Dialect::Auto, true);
    let mut c = rig.connect();
    c.send(&hex("55 ff 00 10 ef 10 ef"));
    assert_eq!(c.read(14), hex("55 ff 00 10 ef 10 ef 55 ff 00 ef 10 ef 10"));
}

#[test]
fn a_connection_that_stays_silent_before_its_first_packet_is_still_detected() {
    // socat connects as soon as it starts; NQC opens the pty and sends its first framed
    // packet much later. Silence must not be taken for a LASM client.
    let rig = Rig::new(Dialect::Auto, true);
    let mut c = rig.connect();
    std::thread::sleep(lurobotsim::link::server::DETECT_IDLE * 4);
    c.send(&hex("55 ff 00 10 ef 10 ef"));
    assert_eq!(c.read(14), hex("55 ff 00 10 ef 10 ef 55 ff 00 ef 10 ef 10"));
}

#[test]
fn a_framed_poll_of_a_variable_returns_its_value() {
    let rig = Rig::new(Dialect::Auto, true);
    let mut c = rig.connect();
    // setv var 5 = 300, then poll it.
    assert_eq!(c.framed(&[0x14, 5, 2, 0x2c, 0x01], 1), vec![0xeb]);
    assert_eq!(c.framed(&[0x12, 0x00, 0x05], 3), vec![0xed, 0x2c, 0x01]);
    assert_eq!(rig.var(5), 300);
}

#[test]
fn without_echo_only_the_reply_comes_back() {
    let rig = Rig::new(Dialect::Auto, false);
    let mut c = rig.connect();
    c.send(&hex("55 ff 00 30 cf 30 cf"));
    assert_eq!(c.read(11), hex("55 ff 00 cf 30 28 d7 23 dc 1a e5"));
}

#[test]
fn header_less_and_partial_header_frames_are_answered() {
    let rig = Rig::new(Dialect::Framed, false);
    let mut c = rig.connect();
    for req in ["10 ef 10 ef", "00 18 e7 18 e7", "ff 00 10 ef 10 ef"] {
        c.send(&hex(req));
        let reply = c.framed_reply(1);
        assert_eq!(reply[0] & 0xf7, 0xef & 0xf7, "{req}");
    }
}

#[test]
fn a_framed_repeat_is_answered_without_running_twice() {
    let rig = Rig::new(Dialect::Auto, true);
    let mut c = rig.connect();
    let sumv = [0x24, 9, 2, 5, 0];
    assert_eq!(c.framed(&sumv, 1), vec![0xdb]);
    assert_eq!(c.framed(&sumv, 1), vec![0xdb]);
    assert_eq!(rig.var(9), 5);
    assert_eq!(c.framed(&[0x2c, 9, 2, 5, 0], 1), vec![0xd3]);
    assert_eq!(rig.var(9), 10);
}

#[test]
fn the_raw_dialect_answers_a_toggled_poll_unframed() {
    let rig = Rig::new(Dialect::Auto, true);
    let mut c = rig.connect();
    c.send(&hex("10"));
    assert_eq!(c.read(1), hex("ef"));
    c.send(&hex("1a 08 00"));
    assert_eq!(c.read(3), hex("e5 00 00"));
    // A printable first byte that is a complete packet is raw too once the line is quiet.
    let mut c2 = rig.connect();
    c2.send(&hex("50"));
    assert_eq!(c2.read(1), hex("af"));
}

#[test]
fn lasm_text_over_tcp_stores_the_program_and_answers_direct_lines() {
    let rig = Rig::new(Dialect::Auto, true);
    let mut c = rig.connect();
    c.send(b"task 0\r\n");
    c.send(b"  setv 1, 2, 42\r\n  out 2, 1\r\nendt\r\n");
    c.send(b"start 0\r\n");
    assert_eq!(c.read(1), vec![0x8e]);
    rig.tick(10);
    c.send(b"poll 0, 1\r\n");
    assert_eq!(c.read(3), hex("e5 2a 00"));
    assert_eq!(
        rig.with(|sim| sim.robot(0).unwrap().vm().outputs()[0].mode),
        OutputMode::On
    );
}

#[test]
fn garbage_does_not_kill_the_connection_or_disturb_another() {
    let rig = Rig::new(Dialect::Framed, true);
    let mut bad = rig.connect();
    let mut good = rig.connect();
    let junk = hex("55 ff 00 12 34 56 99 aa 55 ff 00 45 ba 01 fe 00 ff ff ff");
    bad.send(&junk);
    assert_eq!(bad.read(junk.len()), junk, "the tower echoes everything");
    good.ping();
    // A truncated frame followed by a whole one: the whole one is answered.
    let ping = wire::encode(&[0x10]);
    bad.send(&ping[..5]);
    bad.send(&ping);
    assert_eq!(bad.read(5 + ping.len()), [&ping[..5], &ping[..]].concat());
    assert_eq!(bad.framed_reply(1), vec![0xef]);
    good.ping();
}

#[test]
fn a_client_that_vanishes_mid_download_leaves_the_old_program_running() {
    let rig = Rig::new(Dialect::Framed, true);
    let mut a = rig.connect();
    // Task 0: var 2 counts up forever.
    let old = vec![0x14, 2, 2, 0, 0, 0x24, 2, 2, 1, 0, 0x27, 0x86];
    assert_eq!(c_begin(&mut a, 0, old.len()), 0);
    assert_eq!(a.framed(&block(0, &old), 2), vec![0xba, 0]);
    assert_eq!(a.framed(&[0x71, 0], 1), vec![0x8e]);
    rig.tick(20);
    let before = rig.var(2);
    assert!(before > 0);
    {
        let mut b = rig.connect();
        assert_eq!(c_begin(&mut b, 0, 60), 0);
        assert_eq!(b.framed(&block(1, &[0x50; 20]), 2), vec![0xba, 0]);
        // Half of block 2, then gone.
        b.send(&wire::encode(&block(2, &[0x50; 20]))[..20]);
    }
    // Wait until the link has seen the close.
    let link = rig.link();
    let mut closed = false;
    for _ in 0..200 {
        if let Some(LinkEvent::DownloadAborted { .. }) = link.next_event(Duration::from_millis(50))
        {
            closed = true;
            break;
        }
    }
    assert!(closed, "the link reported the aborted download");
    rig.tick(20);
    assert!(rig.var(2) > before, "the old task is still counting");
    let code = rig.with(|sim| sim.robot(0).unwrap().vm().program(0).unwrap().tasks[0].clone());
    assert_eq!(code, Some(old));
    a.ping();
}

fn c_begin(c: &mut link_support::Client, task: u8, len: usize) -> u8 {
    let l = (len as u16).to_le_bytes();
    let r = c.framed(&[0x25, 0, task, 0, l[0], l[1]], 2);
    assert_eq!(r[0], 0xda);
    r[1]
}

fn block(seq: u16, data: &[u8]) -> Vec<u8> {
    let mut p = vec![0x45];
    p.extend_from_slice(&seq.to_le_bytes());
    p.extend_from_slice(&(data.len() as u16).to_le_bytes());
    p.extend_from_slice(data);
    p.push(wire::checksum(data));
    p
}

#[test]
fn every_download_status_code_comes_back_over_tcp() {
    let rig = Rig::new(Dialect::Framed, true);
    let mut c = rig.connect();
    assert_eq!(c.framed(&block(1, &[1]), 2), vec![0xba, 6], "no begin");
    assert_eq!(c_begin(&mut c, 10, 4), 2, "bad index");
    assert_eq!(c_begin(&mut c, 0, 7000), 1, "no memory");
    assert_eq!(c_begin(&mut c, 0, 4), 0);
    let mut bad = block(1, &[0x10, 0x10]);
    *bad.last_mut().unwrap() = 0x99;
    assert_eq!(c.framed(&bad, 2), vec![0xba, 3], "block checksum");
    // Out of order: no reply at all; the next ping's reply is the next thing to arrive.
    let frame = wire::encode(&block(5, &[0x10]));
    c.send(&frame);
    assert_eq!(c.read(frame.len()), frame, "only the echo");
    c.ping();
}

#[test]
fn fifty_clients_at_once_each_get_their_own_answers() {
    let rig = Rig::new(Dialect::Auto, true);
    let addr = rig.link().local_addr().unwrap();
    let threads: Vec<_> = (0..50)
        .map(|i| {
            std::thread::spawn(move || {
                let s = std::net::TcpStream::connect(addr).unwrap();
                s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
                let mut c = link_support::Client { s };
                if i % 2 == 0 {
                    for _ in 0..5 {
                        c.ping();
                    }
                    // var 0 += 1, sent twice: the second is a repeat on this connection.
                    assert_eq!(c.framed(&[0x24, 0, 2, 1, 0], 1), vec![0xdb]);
                    assert_eq!(c.framed(&[0x24, 0, 2, 1, 0], 1), vec![0xdb]);
                    let r = c.framed(&[0x12, 2, i as u8], 3);
                    assert_eq!(r, vec![0xed, i as u8, 0], "poll of constant {i}");
                } else {
                    c.send(&[0x10]);
                    assert_eq!(c.read(1), vec![0xef]);
                    c.send(&[0x24, 0, 2, 1, 0]);
                    assert_eq!(c.read(1), vec![0xdb]);
                    c.send(&[0x12, 2, i as u8]);
                    assert_eq!(c.read(3), vec![0xed, i as u8, 0]);
                }
            })
        })
        .collect();
    for t in threads {
        t.join().expect("client thread");
    }
    assert_eq!(rig.var(0), 50);
}

#[test]
fn the_capture_file_records_both_directions() {
    let dir = std::env::temp_dir().join(format!("lurobotsim-cap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("cap.log");
    let rig = Rig::with_config(LinkConfig {
        listen: Some("127.0.0.1:0".parse().unwrap()),
        capture: Some(file.clone()),
        ..LinkConfig::default()
    });
    let mut c = rig.connect();
    c.ping();
    drop(c);
    let mut closed = false;
    for _ in 0..200 {
        if let Some(LinkEvent::Disconnected { .. }) =
            rig.link().next_event(Duration::from_millis(50))
        {
            closed = true;
            break;
        }
    }
    assert!(closed);
    drop(rig);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("RX    55 ff 00 10 ef 10 ef\n"), "{text}");
    assert!(
        text.contains("TX    55 ff 00 10 ef 10 ef 55 ff 00 ef 10 ef 10\n"),
        "{text}"
    );
    assert!(text.contains("CONN") && text.contains("CLOSE"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_non_loopback_address_needs_allow_remote() {
    let runner = lurobotsim::runner::spawn(
        Simulation::create(&SimDef::one(
            lurobotsim::world::spec::RobotSpec::load("M1").unwrap(),
            lurobotsim::world::spec::EnvSpec::load("E1").unwrap(),
        ))
        .unwrap(),
        Default::default(),
    );
    let r = link::start(
        LinkConfig {
            listen: Some("0.0.0.0:0".parse().unwrap()),
            ..LinkConfig::default()
        },
        runner.sender(),
    );
    assert!(matches!(r, Err(LinkError::NotLoopback(_))));
    let ok = link::start(
        LinkConfig {
            listen: Some("0.0.0.0:0".parse().unwrap()),
            allow_remote: true,
            ..LinkConfig::default()
        },
        runner.sender(),
    )
    .expect("allowed");
    assert!(ok.status().log.iter().any(|l| l.contains("warning")));
    ok.shutdown();
    runner.stop();
}

#[test]
fn status_counts_open_connections() {
    let rig = Rig::new(Dialect::Auto, true);
    let mut c = rig.connect();
    c.ping();
    assert_eq!(rig.link().status().connections, 1);
}

#[test]
fn a_download_over_tcp_is_recorded_as_inputs_and_its_recording_replays_bit_identically() {
    use lurobotsim::runner::Command;
    use lurobotsim::sim::{record, Input};
    let rig = Rig::new(Dialect::Framed, true);
    let mut c = rig.connect();
    rig.tick(100);
    // Sub 0: var 3 = 5. Task 0: power 7 on every output, call sub 0, all outputs on forward.
    let sub = vec![0x14, 3, 2, 5, 0, 0xf6];
    let task = vec![0x13, 0x07, 2, 7, 0x17, 0, 0xe1, 0x87, 0x21, 0x87];
    let l = (sub.len() as u16).to_le_bytes();
    assert_eq!(c.framed(&[0x35, 0, 0, 0, l[0], l[1]], 2), vec![0xca, 0]);
    assert_eq!(c.framed(&block(0, &sub), 2), vec![0xba, 0]);
    rig.tick(7);
    assert_eq!(c_begin(&mut c, 0, task.len()), 0);
    assert_eq!(c.framed(&block(0, &task), 2), vec![0xba, 0]);
    assert_eq!(c.framed(&[0x71, 0], 1), vec![0x8e]);
    rig.tick(1000);
    // A second client's download of task 1 breaks off mid-transfer: nothing is installed.
    {
        let mut b = rig.connect();
        assert_eq!(c_begin(&mut b, 1, 60), 0);
        assert_eq!(b.framed(&block(1, &[0x50; 20]), 2), vec![0xba, 0]);
        b.send(&wire::encode(&block(2, &[0x50; 20]))[..20]);
    }
    let link = rig.link();
    let mut closed = false;
    for _ in 0..200 {
        if let Some(LinkEvent::DownloadAborted { .. }) = link.next_event(Duration::from_millis(50))
        {
            closed = true;
            break;
        }
    }
    assert!(closed, "the link reported the aborted download");
    rig.tick(500);
    let path = std::env::temp_dir().join(format!(
        "lurobotsim-link-download-{}.json",
        std::process::id()
    ));
    let (tx, rx) = std::sync::mpsc::channel();
    rig.runner.send(Command::RecordingText(tx));
    let text = rx
        .recv_timeout(Duration::from_secs(10))
        .unwrap()
        .expect("saved");
    std::fs::write(&path, text).unwrap();
    let (json, pose, moved, inputs, program) = rig.with(|s| {
        (
            s.robot(0).unwrap().state_json(),
            s.robot(0).unwrap().pose(),
            s.robot(0).unwrap().displacement_m(),
            s.inputs().to_vec(),
            s.robot(0).unwrap().program().clone(),
        )
    });
    assert_eq!(program.tasks[0], Some(task.clone()));
    assert_eq!(program.subs[0], Some(sub.clone()));
    assert_eq!(
        program.tasks[1], None,
        "the broken download installed nothing"
    );
    assert_eq!(rig.var(3), 5, "the downloaded sub ran");
    // The log holds exactly the two installs (at their ticks) and the start.
    let kinds: Vec<(u64, &Input)> = inputs.iter().map(|i| (i.time_ms, &i.input)).collect();
    assert!(
        matches!(
            kinds.as_slice(),
            [
                (
                    100,
                    Input::InstallSub {
                        slot: 0,
                        sub: 0,
                        ..
                    }
                ),
                (
                    107,
                    Input::InstallTask {
                        slot: 0,
                        task: 0,
                        ..
                    }
                ),
                (107, Input::Direct { .. }),
            ]
        ),
        "{kinds:?}"
    );
    let rec = record::load(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let replayed = rec.simulation_at(u64::MAX).unwrap();
    assert!(rec.matches_final(&replayed));
    assert_eq!(replayed.time_ms(), 1607);
    assert_eq!(
        replayed.robot(0).unwrap().pose(),
        pose,
        "bit-identical trajectory"
    );
    assert!(moved > 0.05, "the downloaded task drove ({moved} m)");
    assert_eq!(replayed.robot(0).unwrap().state_json(), json);
    assert_eq!(*replayed.robot(0).unwrap().program(), program);
}

#[test]
fn a_link_that_runs_the_clock_tells_the_runner_itself_when_a_lasm_transfer_completes() {
    // Nobody forwards the link's events here: the link tells the runner (as the app's and
    // `serve`'s links do), which starts task 0 and runs the clock.
    let rig = Rig::with_config(LinkConfig {
        listen: Some("127.0.0.1:0".parse().unwrap()),
        dialect: Dialect::Lasm,
        after_host: link::AfterHost::Run,
        ..LinkConfig::default()
    });
    {
        let mut c = rig.connect();
        c.send(b"task 0\nsetv 0, 2, 7\nendt\n");
    }
    let started = (0..400).any(|_| {
        std::thread::sleep(Duration::from_millis(25));
        rig.var(0) == 7
    });
    assert!(started, "task 0 ran after the transfer");
    let t = rig.with(|s| s.time_ms());
    std::thread::sleep(Duration::from_millis(200));
    assert!(rig.with(|s| s.time_ms()) > t, "the clock runs");
}

#[test]
fn a_bare_link_leaves_the_runner_as_it_was_after_a_transfer() {
    let rig = Rig::new(Dialect::Lasm, false);
    {
        let mut c = rig.connect();
        c.send(b"task 0\nsetv 0, 2, 7\nendt\n");
    }
    let installed = (0..400).any(|_| {
        std::thread::sleep(Duration::from_millis(25));
        rig.with(|s| {
            s.robot(0)
                .unwrap()
                .vm()
                .program(0)
                .is_some_and(|p| p.tasks[0].is_some())
        })
    });
    assert!(installed, "the transfer installed task 0");
    assert_eq!(rig.var(0), 0, "nothing started it");
    assert_eq!(rig.with(|s| s.time_ms()), 0, "the clock did not run");
}

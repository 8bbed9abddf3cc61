//! The host side of the RCX protocol (`rcx::host`) against lurobotsim's own brick side
//! (`link::session::Session` over a bare VM), wired together in memory with a virtual
//! clock and fault injection: every job, with and without the tower's echo, with lost
//! frames, damaged replies and a brick that goes silent.

use lurobotsim::link::session::Session;
use lurobotsim::link::Dialect;
use lurobotsim::rcx::host::firmware::{to_srecords, FirmwareImage};
use lurobotsim::rcx::host::{
    datalog, Failure, Host, Job, Left, Line, Poll, Problem, Refusal, Report,
};
use lurobotsim::rcx::{lasm, Program};
use lurobotsim::vm::{TaskState, Vm, VmConfig, MEMORY_BYTES};
use std::collections::HashSet;
use std::time::Duration;

use crate::vm_support::FakeBrick;

/// What goes wrong between host and brick, counted in frames the host sends (0-based).
#[derive(Default)]
struct Faults {
    /// These frames never reach the brick.
    lost_to_brick: HashSet<usize>,
    /// The brick's reply to these frames is lost.
    lost_replies: HashSet<usize>,
    /// The brick's reply to these frames arrives with one byte damaged.
    damaged_replies: HashSet<usize>,
    /// From this frame on the brick hears nothing (switched off, carried away).
    silent_from: Option<usize>,
    /// No tower at all: nothing comes back, not even the echo.
    no_tower: bool,
    /// Cancel the job once this many frames were sent.
    cancel_at: Option<usize>,
}

/// A host and a brick in memory.
struct Bench {
    vm: Vm,
    session: Session,
    line: Line,
    faults: Faults,
    now: Duration,
    frames: usize,
}

impl Bench {
    fn new(line: Line) -> Bench {
        Bench {
            vm: Vm::new(VmConfig::default()),
            session: Session::new(Dialect::Framed, line.echo, "host"),
            line,
            faults: Faults::default(),
            now: Duration::ZERO,
            frames: 0,
        }
    }

    /// Runs `job` to its end; every frame's progress is checked to only grow.
    fn run(&mut self, job: Job) -> Result<Report, Failure> {
        let mut host = Host::new(job, self.line).expect("a job that can be sent");
        self.drive(&mut host)
    }

    fn drive(&mut self, host: &mut Host) -> Result<Report, Failure> {
        let mut last_done = 0;
        for _ in 0..100_000 {
            while let Some(frame) = host.poll_transmit(self.now) {
                let k = self.frames;
                self.frames += 1;
                if self.faults.cancel_at == Some(k) {
                    return Err(host.cancel());
                }
                let bytes = self.tower(k, &frame);
                // The IR takes its time (none over TCP).
                self.now += self.line.wire_time(frame.len() + bytes.len());
                host.receive(&bytes);
            }
            match host.poll(self.now) {
                Poll::Done(r) => return r,
                Poll::Running(p) => {
                    assert!(p.done >= last_done, "progress went back");
                    assert!(p.total == 0 || p.done <= p.total);
                    last_done = p.done;
                }
            }
            if let Some(d) = host.deadline() {
                // Nothing more arrives: the next thing that happens is the time-out.
                self.now = self.now.max(d);
            }
        }
        panic!("the job never ended");
    }

    /// What comes back from the tower for frame `k`: the echo (serial tower), then the
    /// brick's reply, with the faults applied.
    fn tower(&mut self, k: usize, frame: &[u8]) -> Vec<u8> {
        if self.faults.no_tower {
            return Vec::new();
        }
        let heard = !self.faults.lost_to_brick.contains(&k)
            && self.faults.silent_from.is_none_or(|s| k < s);
        let mut bytes = if heard {
            self.session.feed(&mut self.vm, frame).bytes
        } else if self.line.echo {
            frame.to_vec()
        } else {
            Vec::new()
        };
        let echo = if self.line.echo { frame.len() } else { 0 };
        if self.faults.lost_replies.contains(&k) {
            bytes.truncate(echo);
        }
        if self.faults.damaged_replies.contains(&k) && bytes.len() > echo + 4 {
            let at = bytes.len() - 3;
            bytes[at] ^= 0x20;
        }
        bytes
    }

    fn tick(&mut self, ms: usize) {
        let mut b = FakeBrick::default();
        for _ in 0..ms {
            self.vm.tick(&mut b);
        }
    }
}

fn program(src: &str) -> Program {
    lasm::assemble(src, "test.lasm").expect("valid LASM")
}

/// Two tasks and a sub, 65 bytes of tasks: more than one 20-byte block each.
fn three_chunks() -> Program {
    program(
        "sub 0\nsetv 5, 2, 77\nends\n\
         task 0\nsetv 0, 2, 42\nsetv 1, 2, 1\nsetv 2, 2, 2\nsetv 3, 2, 3\nsetv 4, 2, 4\n\
         setv 6, 2, 6\ncalls 0\nstart 1\nsetv 7, 2, 7\nendt\n\
         task 1\nsetv 10, 2, 10\nsetv 11, 2, 11\nsetv 12, 2, 12\nsetv 13, 2, 13\n\
         setv 14, 2, 14\nsetv 15, 2, 15\nsetv 16, 2, 16\nendt\n",
    )
}

const LINES: [(&str, Line); 3] = [
    ("serial tower (echo)", Line::SERIAL),
    ("USB tower (no echo)", Line::USB),
    ("TCP (no echo, no IR time)", Line::TCP),
];

#[test]
fn status_reads_the_versions_and_the_battery_over_every_line() {
    for (name, line) in LINES {
        let mut b = Bench::new(line);
        let r = b.run(Job::Status).unwrap_or_else(|e| panic!("{name}: {e}"));
        let v = r.versions.expect("versions");
        assert_eq!(v.rom, 0x0003_0001, "{name}");
        assert_eq!(v.firmware, 0x0003_0208, "{name}");
        assert_eq!(v.firmware_name(), "0328");
        assert_eq!(r.battery_mv, Some(b.vm.config().battery_mv), "{name}");
        assert_eq!(r.stats.retries, 0, "{name}");
    }
}

#[test]
fn a_download_lands_in_the_slot_exactly_and_runs() {
    for (name, line) in LINES {
        let mut b = Bench::new(line);
        let p = three_chunks();
        let r = b
            .run(Job::Download {
                program: p.clone(),
                slot: Some(3),
                run: true,
            })
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(r.slot, Some(3));
        assert_eq!(r.bytes, p.size());
        assert_eq!(b.vm.slot(), 2, "{name}: slot 3 selected");
        let got = b.vm.program(2).expect("slot 3 holds the program");
        assert_eq!(got.tasks, p.tasks, "{name}");
        assert_eq!(got.subs, p.subs, "{name}");
        // The download-complete sound, then task 0 runs.
        assert!(
            b.vm.sounds()
                .iter()
                .any(|s| s.kind == lurobotsim::vm::SoundKind::System && s.value == 5),
            "{name}: sound 5"
        );
        assert_eq!(b.vm.tasks()[0].state, TaskState::Running, "{name}");
        b.tick(100);
        let v = b.vm.variables();
        assert_eq!((v[0], v[5], v[7], v[16]), (42, 77, 7, 16), "{name}");
    }
}

#[test]
fn without_a_slot_the_download_goes_to_the_selected_one_and_says_which() {
    let mut b = Bench::new(Line::SERIAL);
    b.run(Job::Stop { slot: Some(4) }).unwrap();
    let r = b
        .run(Job::Download {
            program: three_chunks(),
            slot: None,
            run: false,
        })
        .unwrap();
    assert_eq!(r.slot, Some(4));
    assert!(b.vm.program(3).is_some_and(|p| p.tasks[1].is_some()));
    assert_eq!(b.vm.tasks()[0].state, TaskState::Stopped, "not run");
    b.run(Job::Run { slot: None }).unwrap();
    assert_eq!(b.vm.tasks()[0].state, TaskState::Running);
    b.run(Job::Stop { slot: None }).unwrap();
    assert!(b.vm.tasks().iter().all(|t| t.state == TaskState::Stopped));
}

#[test]
fn lost_frames_and_damaged_replies_are_retried_and_the_program_is_exact() {
    for (name, line) in LINES {
        let mut b = Bench::new(line);
        // Spread out: four failures in a row of one command would exhaust its tries.
        b.faults.lost_to_brick = [1, 9].into();
        b.faults.lost_replies = [3, 12].into();
        b.faults.damaged_replies = [5, 15].into();
        let p = three_chunks();
        let r = b
            .run(Job::Download {
                program: p.clone(),
                slot: Some(1),
                run: false,
            })
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(r.stats.retries, 6, "{name}: {:?}", r.stats);
        let got = b.vm.program(0).unwrap();
        assert_eq!((&got.tasks, &got.subs), (&p.tasks, &p.subs), "{name}");
    }
}

#[test]
fn a_brick_that_goes_silent_mid_download_is_named_with_the_half_filled_slot() {
    for (name, line) in LINES {
        let mut b = Bench::new(line);
        b.faults.silent_from = Some(8);
        let e = b
            .run(Job::Download {
                program: three_chunks(),
                slot: Some(2),
                run: false,
            })
            .unwrap_err();
        assert!(
            matches!(e.problem, Problem::NoBrick { .. }),
            "{name}: {e:?}"
        );
        assert_eq!(e.left, Some(Left::PartialProgram { slot: Some(2) }));
        let msg = e.to_string();
        assert!(msg.contains("program slot 2"), "{name}: {msg}");
        assert!(msg.contains("switched on"), "{name}: {msg}");
        // Every command got its four tries, then the versions were asked twice.
        assert!(e.stats.retries >= 3, "{name}");
    }
}

#[test]
fn a_silent_brick_before_anything_changed_leaves_nothing_to_repair() {
    let mut b = Bench::new(Line::SERIAL);
    b.faults.silent_from = Some(0);
    let e = b.run(Job::Status).unwrap_err();
    assert!(matches!(e.problem, Problem::NoBrick { .. }), "{e:?}");
    assert_eq!(e.left, None);
    // No echo at all from a serial tower: the tower is what is missing.
    let mut b = Bench::new(Line::SERIAL);
    b.faults.no_tower = true;
    let e = b.run(Job::Status).unwrap_err();
    assert_eq!(e.problem, Problem::NoTower);
    assert!(e.to_string().contains("9 V battery"), "{e}");
}

#[test]
fn the_program_too_big_for_any_rcx_is_refused_before_sending_and_a_full_brick_says_so() {
    let mut big = Program::default();
    big.tasks[0] = Some(vec![0x10; MEMORY_BYTES + 1]);
    let e = Host::new(
        Job::Download {
            program: big,
            slot: Some(1),
            run: false,
        },
        Line::SERIAL,
    )
    .unwrap_err();
    assert_eq!(
        e,
        Refusal::TooBig {
            bytes: MEMORY_BYTES + 1,
            max: MEMORY_BYTES
        }
    );
    assert!(e.to_string().contains("6001 bytes"), "{e}");
    assert!(matches!(
        Host::new(Job::Run { slot: Some(6) }, Line::SERIAL),
        Err(Refusal::BadSlot(6))
    ));
    assert!(matches!(
        Host::new(
            Job::Download {
                program: Program::default(),
                slot: None,
                run: false
            },
            Line::SERIAL
        ),
        Err(Refusal::EmptyProgram)
    ));
    // Four slots of 1400 bytes: the fifth finds no room.
    let mut b = Bench::new(Line::SERIAL);
    let mut p = Program::default();
    p.tasks[0] = Some(vec![0x10; 1400]);
    for slot in 1..=4 {
        b.run(Job::Download {
            program: p.clone(),
            slot: Some(slot),
            run: false,
        })
        .unwrap();
    }
    let e = b
        .run(Job::Download {
            program: p,
            slot: Some(5),
            run: false,
        })
        .unwrap_err();
    assert!(
        matches!(&e.problem, Problem::NoMemory { bytes: 1400, .. }),
        "{e:?}"
    );
    assert!(e.to_string().contains("no room for task 0"), "{e}");
}

/// A synthetic firmware image of `n` bytes (we ship none of LEGO's).
fn firmware(n: usize) -> FirmwareImage {
    let data: Vec<u8> = (0..n).map(|i| (i * 31 + i / 7) as u8).collect();
    FirmwareImage::parse(to_srecords(&data).as_bytes()).unwrap()
}

#[test]
fn firmware_goes_in_with_the_checksum_the_brick_checks_and_starts() {
    for (name, line) in LINES {
        let mut b = Bench::new(line);
        let img = firmware(16 * 1024);
        let r = b
            .run(Job::Firmware(img.clone()))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(r.bytes, 16 * 1024);
        assert_eq!(r.versions.map(|v| v.firmware), Some(0x0003_0208), "{name}");
        // 82 blocks of 200 bytes.
        assert!(r.stats.commands >= 82 + 4, "{name}: {:?}", r.stats);
    }
}

#[test]
fn firmware_survives_lost_blocks_and_replies() {
    let mut b = Bench::new(Line::SERIAL);
    b.faults.lost_to_brick = [4, 20].into();
    b.faults.lost_replies = [5, 33].into();
    b.faults.damaged_replies = [40].into();
    let r = b.run(Job::Firmware(firmware(12_000))).unwrap();
    assert!(r.stats.retries >= 5);
    assert!(r.versions.unwrap().has_firmware());
}

#[test]
fn cancelled_mid_firmware_the_brick_has_none_and_takes_the_firmware_again() {
    let mut b = Bench::new(Line::SERIAL);
    b.faults.cancel_at = Some(30);
    let e = b.run(Job::Firmware(firmware(16 * 1024))).unwrap_err();
    assert_eq!(e.problem, Problem::Cancelled);
    assert_eq!(e.left, Some(Left::NoFirmware));
    assert!(e.to_string().contains("download the firmware again"), "{e}");
    b.faults.cancel_at = None;
    // The ROM alone answers now: no firmware, and a program cannot go in.
    let r = b.run(Job::Status).unwrap();
    assert!(!r.versions.unwrap().has_firmware());
    let e = b
        .run(Job::Download {
            program: three_chunks(),
            slot: Some(1),
            run: false,
        })
        .unwrap_err();
    assert_eq!(e.problem, Problem::NoFirmware, "{e}");
    assert!(e.to_string().contains("download the firmware first"), "{e}");
    let e = b.run(Job::Run { slot: None }).unwrap_err();
    assert_eq!(e.problem, Problem::NoFirmware);
    // The firmware again, from the start: taken.
    let r = b.run(Job::Firmware(firmware(16 * 1024))).unwrap();
    assert!(r.versions.unwrap().has_firmware());
    b.run(Job::Download {
        program: three_chunks(),
        slot: Some(1),
        run: true,
    })
    .unwrap();
}

#[test]
fn a_brick_silent_mid_firmware_says_the_firmware_is_gone() {
    let mut b = Bench::new(Line::USB);
    b.faults.silent_from = Some(20);
    let e = b.run(Job::Firmware(firmware(8000))).unwrap_err();
    assert!(matches!(e.problem, Problem::NoBrick { .. }), "{e:?}");
    assert_eq!(e.left, Some(Left::NoFirmware));
}

/// Runs a program that logs `n` entries: variable 0 counting, the timer, sensor 1, watch.
fn logged(b: &mut Bench, n: usize) {
    // Four entries a round until the log is full (later ones are ignored).
    let src = format!(
        "task 0\nlogz {n}\nsetv 0, 2, 0\nloop:\nsumv 0, 2, 3\nlog 0, 0\nlog 1, 0\n\
         log 9, 0\nlog 14, 0\nchkl 2, {}, 1, 0, 0, loop\nendt\n",
        3 * n
    );
    b.run(Job::Download {
        program: program(&src),
        slot: Some(1),
        run: true,
    })
    .unwrap();
    b.tick(5000);
}

#[test]
fn the_datalog_uploads_in_pages_and_equals_the_bricks() {
    for (name, line) in LINES {
        let mut b = Bench::new(line);
        logged(&mut b, 130);
        let want = b.vm.datalog()[1..].to_vec();
        assert_eq!(want.len(), 130, "{name}");
        let r = b
            .run(Job::Datalog)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(r.datalog.as_ref().unwrap(), &want, "{name}");
        // Four pages after the size.
        let csv = datalog::to_csv(r.datalog.as_ref().unwrap());
        assert!(csv.starts_with("entry,source,number,value\n1,variable,0,3\n2,timer,0,"));
        assert!(csv.contains("\n4,watch,,"), "{csv}");
        assert_eq!(csv.lines().count(), 131);
    }
}

#[test]
fn the_datalog_survives_lost_pages_and_an_empty_one_is_empty() {
    let mut b = Bench::new(Line::SERIAL);
    logged(&mut b, 60);
    b.faults.lost_replies = [b.frames + 2].into();
    b.faults.lost_to_brick = [b.frames + 3].into();
    let r = b.run(Job::Datalog).unwrap();
    assert_eq!(r.datalog.unwrap(), b.vm.datalog()[1..].to_vec());
    let mut b = Bench::new(Line::SERIAL);
    let r = b.run(Job::Datalog).unwrap();
    assert_eq!(r.datalog, Some(vec![]));
}

#[test]
fn the_toggle_bit_alternates_on_consecutive_blocks_as_nqc_sends_them() {
    let mut b = Bench::new(Line::TCP);
    let mut host = Host::new(Job::Firmware(firmware(1000)), Line::TCP).unwrap();
    let mut ops = Vec::new();
    loop {
        while let Some(f) = host.poll_transmit(b.now) {
            ops.push(f[3]);
            let bytes = b.session.feed(&mut b.vm, &f).bytes;
            host.receive(&bytes);
        }
        if let Poll::Done(r) = host.poll(b.now) {
            r.unwrap();
            break;
        }
    }
    // ping, delete, begin, 5 blocks (45 4d 45 4d 45), unlock, versions.
    assert_eq!(
        ops,
        vec![0x10, 0x65, 0x75, 0x45, 0x4d, 0x45, 0x4d, 0x45, 0xa5, 0x15]
    );
}

// ---------------------------------------------------------------- the USB tower's transport

mod usb {
    use super::*;
    use lurobotsim::brick::usb::{request, Range, UsbPipe, UsbTower, IN_PACKET, OUT_MAX};
    use lurobotsim::brick::{Connection, TowerError};
    use std::collections::VecDeque;
    use std::sync::atomic::AtomicBool;
    use std::sync::{Arc, Mutex};

    /// A USB tower as the device answers: LEGO's vendor requests (reply = u16 length, u8
    /// error code, value), OUT transfers of at most 200 bytes carried to a brick over IR,
    /// what the brick says back in 8-byte IN packets. No echo.
    struct FakeTower {
        brick: Arc<Mutex<(Session, Vm)>>,
        asked: Arc<Mutex<Vec<(u8, u16, u16)>>>,
        inq: VecDeque<u8>,
        out_sizes: Arc<Mutex<Vec<usize>>>,
        in_sizes: Arc<Mutex<Vec<usize>>>,
        speed: u16,
    }

    impl UsbPipe for FakeTower {
        fn control_in(&mut self, req: u8, value: u16, len: u16) -> Result<Vec<u8>, TowerError> {
            self.asked.lock().unwrap().push((req, value, len));
            let ok = |v: u8| vec![4, 0, 0, v];
            Ok(match req {
                request::GET_VERSION => vec![8, 0, 0, 0, 1, 0, 0x0c, 0],
                request::SET_PARM => ok(value as u8),
                request::SET_TX_SPEED | request::SET_RX_SPEED => {
                    self.speed = value;
                    ok(0)
                }
                request::FLUSH | request::RESET => ok(0),
                _ => vec![4, 0, 1, 0], // bad parameter
            })
        }
        fn write_out(&mut self, bytes: &[u8]) -> Result<(), TowerError> {
            assert!(bytes.len() <= OUT_MAX);
            assert_eq!(self.speed, 8, "2400 baud set before sending");
            self.out_sizes.lock().unwrap().push(bytes.len());
            let mut b = self.brick.lock().unwrap();
            let (s, vm) = &mut *b;
            let reply = s.feed(vm, bytes).bytes;
            self.inq.extend(reply);
            Ok(())
        }
        fn read_in(&mut self, _wait: Duration) -> Result<Vec<u8>, TowerError> {
            let n = self.inq.len().min(IN_PACKET);
            if n > 0 {
                self.in_sizes.lock().unwrap().push(n);
            }
            Ok(self.inq.drain(..n).collect())
        }
        fn describe(&self) -> String {
            "fake".into()
        }
    }

    type Brick = Arc<Mutex<(Session, Vm)>>;
    type Asked = Arc<Mutex<Vec<(u8, u16, u16)>>>;

    fn fake() -> (FakeTower, Brick, Asked) {
        let brick = Arc::new(Mutex::new((
            Session::new(Dialect::Framed, false, "usb"),
            Vm::new(VmConfig::default()),
        )));
        let asked = Arc::new(Mutex::new(Vec::new()));
        (
            FakeTower {
                brick: brick.clone(),
                asked: asked.clone(),
                inq: VecDeque::new(),
                out_sizes: Arc::new(Mutex::new(Vec::new())),
                in_sizes: Arc::new(Mutex::new(Vec::new())),
                speed: 0,
            },
            brick,
            asked,
        )
    }

    #[test]
    fn the_usb_tower_is_set_up_with_legos_requests_and_carries_a_download_and_firmware() {
        let (tower, brick, asked) = fake();
        let (outs, ins) = (tower.out_sizes.clone(), tower.in_sizes.clone());
        let t = UsbTower::open(tower, Range::Medium).unwrap();
        assert_eq!(t.version, (1, 0, 12));
        assert_eq!(
            asked.lock().unwrap().clone(),
            vec![
                (request::GET_VERSION, 0, 8),
                (request::SET_PARM, 0x0202, 4),
                (request::SET_TX_SPEED, 8, 4),
                (request::SET_RX_SPEED, 8, 4),
                (request::FLUSH, 3, 4),
            ]
        );
        let p = three_chunks();
        let conn = Connection::new(
            Job::Download {
                program: p.clone(),
                slot: Some(5),
                run: true,
            },
            t,
        )
        .unwrap();
        let r = conn.run(&AtomicBool::new(false), |_, _| {}).unwrap();
        assert_eq!(r.slot, Some(5));
        {
            let b = brick.lock().unwrap();
            assert_eq!(b.1.program(4).unwrap().tasks, p.tasks);
            assert_eq!(b.1.tasks()[0].state, TaskState::Running);
        }
        assert!(ins.lock().unwrap().iter().all(|&n| n <= 8));
        // Firmware: 200-byte blocks are 415 bytes framed, written 200 at a time.
        let (tower, brick2, _) = fake();
        let outs2 = tower.out_sizes.clone();
        let t = UsbTower::open(tower, Range::Long).unwrap();
        let conn = Connection::new(Job::Firmware(firmware(4000)), t).unwrap();
        let r = conn.run(&AtomicBool::new(false), |_, _| {}).unwrap();
        assert!(r.versions.unwrap().has_firmware());
        assert!(outs2.lock().unwrap().contains(&200));
        assert!(outs2.lock().unwrap().iter().all(|&n| n <= 200));
        drop((brick2, outs));
    }

    #[test]
    fn a_tower_that_refuses_or_breaks_is_a_failure_that_says_so() {
        struct Unplugged;
        impl UsbPipe for Unplugged {
            fn control_in(&mut self, _: u8, _: u16, _: u16) -> Result<Vec<u8>, TowerError> {
                Ok(vec![4, 0, 0, 0])
            }
            fn write_out(&mut self, _: &[u8]) -> Result<(), TowerError> {
                Err(TowerError("the USB tower was unplugged".into()))
            }
            fn read_in(&mut self, _: Duration) -> Result<Vec<u8>, TowerError> {
                Ok(vec![])
            }
            fn describe(&self) -> String {
                "gone".into()
            }
        }
        let t = UsbTower::open(Unplugged, Range::Short).unwrap();
        let conn = Connection::new(Job::Status, t).unwrap();
        let e = conn.run(&AtomicBool::new(false), |_, _| {}).unwrap_err();
        assert_eq!(
            e.problem,
            Problem::Tower("the USB tower was unplugged".into())
        );
    }
}

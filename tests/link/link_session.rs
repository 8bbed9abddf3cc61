//! One connection's protocol rules (`link::session`) against a bare VM, no sockets: the
//! toggle bit, every download status code, slots, atomic installs, aborted transfers,
//! firmware download and unlock, and the raw and LASM dialects.

use lurobotsim::link::session::{status, Session, UNLOCK_REPLY};
use lurobotsim::link::{Dialect, Discarded, DownloadTarget, LinkEvent};
use lurobotsim::rcx::wire;
use lurobotsim::vm::{OutputMode, TaskState, Vm, VmConfig, MEMORY_BYTES};
use proptest::prelude::*;

fn vm() -> Vm {
    Vm::new(VmConfig::default())
}

/// Sends one framed payload on a session without echo; returns the reply payload, if any.
fn cmd(s: &mut Session, vm: &mut Vm, payload: &[u8]) -> Option<Vec<u8>> {
    let out = s.feed(vm, &wire::encode(payload));
    if out.bytes.is_empty() {
        return None;
    }
    let len = (out.bytes.len() - 5) / 2;
    let (f, n) = wire::decode_reply(&out.bytes, len).expect("framed reply");
    assert_eq!(n, out.bytes.len(), "exactly one reply");
    Some(f.payload)
}

fn framed() -> Session {
    Session::new(Dialect::Framed, false, "test")
}

/// A transfer block payload: `45 seq len data blk` with the right block checksum.
fn block(seq: u16, data: &[u8]) -> Vec<u8> {
    let mut p = vec![0x45];
    p.extend_from_slice(&seq.to_le_bytes());
    p.extend_from_slice(&(data.len() as u16).to_le_bytes());
    p.extend_from_slice(data);
    p.push(wire::checksum(data));
    p
}

/// Downloads `code` as task `t` in 20-byte blocks the way NQC does (toggling `45`/`4d`).
fn download_task(s: &mut Session, vm: &mut Vm, t: u8, code: &[u8]) {
    let len = (code.len() as u16).to_le_bytes();
    assert_eq!(
        cmd(s, vm, &[0x25, 0, t, 0, len[0], len[1]]),
        Some(vec![0xda, status::OK])
    );
    let chunks: Vec<&[u8]> = code.chunks(20).collect();
    for (i, c) in chunks.iter().enumerate() {
        let seq = if i + 1 == chunks.len() {
            0
        } else {
            i as u16 + 1
        };
        let mut b = block(seq, c);
        if i % 2 == 1 {
            b[0] = 0x4d;
        }
        let r = cmd(s, vm, &b).expect("block reply");
        assert_eq!(r, vec![!b[0], status::OK]);
    }
}

/// task: var[v] = 0; loop { var[v] += 1 } — visibly running.
fn counting_task(v: u8) -> Vec<u8> {
    // setv v,2,0 ; L: sumv v,2,1 ; jmp L (SM8: back 6 from the offset byte at 11 to 5)
    vec![0x14, v, 2, 0, 0, 0x24, v, 2, 1, 0, 0x27, 0x86]
}

fn run_ticks(vm: &mut Vm, ms: u32) {
    struct Idle;
    impl lurobotsim::vm::Brick for Idle {
        fn sensor_raw(&mut self, _: usize, _: bool) -> u16 {
            1023
        }
        fn rotation_count(&mut self, _: usize) -> i32 {
            0
        }
    }
    for _ in 0..ms {
        vm.tick(&mut Idle);
    }
}

#[test]
fn an_identical_repeat_is_answered_but_not_executed_twice() {
    let (mut s, mut vm) = (framed(), vm());
    let sumv = [0x24, 5, 2, 1, 0]; // var 5 += 1
    assert_eq!(cmd(&mut s, &mut vm, &sumv), Some(vec![0xdb]));
    assert_eq!(cmd(&mut s, &mut vm, &sumv), Some(vec![0xdb]));
    assert_eq!(vm.variables()[5], 1, "the repeat was not executed");
    let toggled = [0x2c, 5, 2, 1, 0];
    assert_eq!(cmd(&mut s, &mut vm, &toggled), Some(vec![0xd3]));
    assert_eq!(vm.variables()[5], 2, "the toggled form is a new command");
    assert_eq!(cmd(&mut s, &mut vm, &sumv), Some(vec![0xdb]));
    assert_eq!(vm.variables()[5], 3);
}

#[test]
fn a_ping_clears_the_toggle_memory() {
    let (mut s, mut vm) = (framed(), vm());
    let sumv = [0x24, 5, 2, 1, 0];
    cmd(&mut s, &mut vm, &sumv);
    assert_eq!(cmd(&mut s, &mut vm, &[0x10]), Some(vec![0xef]));
    cmd(&mut s, &mut vm, &sumv);
    assert_eq!(vm.variables()[5], 2, "after a ping the same bytes are new");
}

#[test]
fn set_message_is_exempt_from_the_toggle_rule_and_never_answered() {
    let (mut s, mut vm) = (framed(), vm());
    assert_eq!(cmd(&mut s, &mut vm, &[0xf7, 3]), None);
    assert_eq!(vm.message(), 3);
    cmd(&mut s, &mut vm, &[0x90]); // msgz
    assert_eq!(vm.message(), 0);
    // msgz in between makes f7 03 not "the last command", but exemption is what lets
    // a straight repeat through too:
    assert_eq!(cmd(&mut s, &mut vm, &[0xf7, 3]), None);
    assert_eq!(cmd(&mut s, &mut vm, &[0xf7, 3]), None);
    assert_eq!(vm.message(), 3);
}

#[test]
fn begin_download_answers_ok_bad_index_and_no_memory() {
    let (mut s, mut vm) = (framed(), vm());
    assert_eq!(
        cmd(&mut s, &mut vm, &[0x25, 0, 9, 0, 10, 0]),
        Some(vec![0xda, status::OK])
    );
    assert_eq!(
        cmd(&mut s, &mut vm, &[0x25, 0, 10, 0, 10, 0]),
        Some(vec![0xda, status::BAD_INDEX])
    );
    assert_eq!(
        cmd(&mut s, &mut vm, &[0x35, 0, 8, 0, 10, 0]),
        Some(vec![0xca, status::BAD_INDEX])
    );
    assert_eq!(
        cmd(&mut s, &mut vm, &[0x3d, 0, 7, 0, 10, 0]),
        Some(vec![0xc2, status::OK])
    );
    // Fill the memory to within 100 bytes of the limit.
    vm.install_task(4, 0, vec![0x10; MEMORY_BYTES - 100]);
    let fits = 100u16.to_le_bytes();
    let too_big = 101u16.to_le_bytes();
    assert_eq!(
        cmd(&mut s, &mut vm, &[0x25, 0, 1, 0, too_big[0], too_big[1]]),
        Some(vec![0xda, status::NO_MEMORY])
    );
    assert_eq!(
        cmd(&mut s, &mut vm, &[0x2d, 0, 1, 0, fits[0], fits[1]]),
        Some(vec![0xd2, status::OK])
    );
}

#[test]
fn replacing_a_task_counts_only_the_growth_against_memory() {
    let (mut s, mut vm) = (framed(), vm());
    vm.install_task(0, 0, vec![0x10; MEMORY_BYTES - 10]);
    let n = ((MEMORY_BYTES - 10) as u16).to_le_bytes();
    assert_eq!(
        cmd(&mut s, &mut vm, &[0x25, 0, 0, 0, n[0], n[1]]),
        Some(vec![0xda, status::OK])
    );
}

#[test]
fn blocks_answer_no_download_bad_checksum_and_nothing_when_out_of_order() {
    let (mut s, mut vm) = (framed(), vm());
    assert_eq!(
        cmd(&mut s, &mut vm, &block(1, &[1, 2, 3])),
        Some(vec![0xba, status::NO_DOWNLOAD])
    );
    cmd(&mut s, &mut vm, &[0x25, 0, 0, 0, 6, 0]);
    let mut bad = block(1, &[0x10, 0x10, 0x10]);
    *bad.last_mut().unwrap() ^= 0xff;
    assert_eq!(
        cmd(&mut s, &mut vm, &bad),
        Some(vec![0xba, status::BLOCK_CHECKSUM])
    );
    assert_eq!(
        cmd(&mut s, &mut vm, &block(2, &[0x10])),
        None,
        "seq 2 before 1"
    );
    assert_eq!(
        cmd(&mut s, &mut vm, &block(1, &[0x10, 0x10, 0x10])),
        Some(vec![0xba, status::OK])
    );
    // The block checksum of the last block (seq 0) is not checked (rcx.md §7.1).
    let mut last = block(0, &[0x10, 0x10, 0x10]);
    *last.last_mut().unwrap() = 0;
    assert_eq!(cmd(&mut s, &mut vm, &last), Some(vec![0xba, status::OK]));
    assert_eq!(vm.program(0).unwrap().tasks[0], Some(vec![0x10; 6]));
    // After the last block a new begin is needed (a different block than the last).
    assert_eq!(
        cmd(&mut s, &mut vm, &block(1, &[0x10])),
        Some(vec![0xba, status::NO_DOWNLOAD])
    );
}

#[test]
fn a_retransmitted_block_is_answered_again_but_stored_once() {
    let (mut s, mut vm) = (framed(), vm());
    cmd(&mut s, &mut vm, &[0x25, 0, 0, 0, 4, 0]);
    let b1 = block(1, &[0x10, 0x10]);
    assert_eq!(cmd(&mut s, &mut vm, &b1), Some(vec![0xba, 0]));
    assert_eq!(cmd(&mut s, &mut vm, &b1), Some(vec![0xba, 0]));
    let b0 = block(0, &[0x51, 0x01]);
    assert_eq!(cmd(&mut s, &mut vm, &b0), Some(vec![0xba, 0]));
    assert_eq!(cmd(&mut s, &mut vm, &b0), Some(vec![0xba, 0]));
    assert_eq!(
        vm.program(0).unwrap().tasks[0],
        Some(vec![0x10, 0x10, 0x51, 0x01])
    );
}

#[test]
fn the_same_program_downloaded_twice_is_stored_twice() {
    let (mut s, mut vm) = (framed(), vm());
    download_task(&mut s, &mut vm, 0, &[0x51, 0x01]);
    vm.delete_tasks();
    download_task(&mut s, &mut vm, 0, &[0x51, 0x01]);
    assert_eq!(vm.program(0).unwrap().tasks[0], Some(vec![0x51, 0x01]));
}

#[test]
fn a_download_goes_into_the_selected_slot_and_reports_its_event() {
    let (mut s, mut vm) = (framed(), vm());
    assert_eq!(cmd(&mut s, &mut vm, &[0x91, 2]), Some(vec![0x6e]));
    let code = counting_task(7);
    let len = (code.len() as u16).to_le_bytes();
    cmd(&mut s, &mut vm, &[0x35, 0, 3, 0, len[0], len[1]]);
    let out = s.feed(&mut vm, &wire::encode(&block(0, &code)));
    assert!(out.events.iter().any(|e| matches!(
        e,
        LinkEvent::ProgramInstalled {
            slot: 2,
            sub: true,
            index: 3,
            bytes,
            announced: Some(announced),
            ..
        } if *bytes == code.len() && *announced == code.len()
    )));
    assert_eq!(vm.program(2).unwrap().subs[3], Some(code));
    assert_eq!(vm.program(0).unwrap().subs[3], None);
}

#[test]
fn a_long_task_arrives_in_numbered_blocks_and_runs() {
    let (mut s, mut vm) = (framed(), vm());
    // 45 bytes: nine `sumv 1, 2, 1` then the counting loop on var 2.
    let mut code: Vec<u8> = (0..9).flat_map(|_| [0x24, 1, 2, 1, 0]).collect();
    // The loop's jump is relative, so the counting loop works at its new address too.
    code.extend(counting_task(2).iter().skip(5));
    download_task(&mut s, &mut vm, 0, &code);
    assert_eq!(vm.program(0).unwrap().tasks[0], Some(code));
    let out = s.feed(&mut vm, &wire::encode(&[0x71, 0]));
    assert!(out.events.contains(&LinkEvent::TaskStarted { task: 0 }));
    run_ticks(&mut vm, 100);
    assert_eq!(vm.variables()[1], 9);
    assert!(vm.variables()[2] > 10);
}

#[test]
fn an_aborted_download_leaves_the_previous_program_running() {
    let (mut s, mut vm) = (framed(), vm());
    let old = counting_task(3);
    download_task(&mut s, &mut vm, 0, &old);
    cmd(&mut s, &mut vm, &[0x71, 0]);
    run_ticks(&mut vm, 50);
    let before = vm.variables()[3];
    assert!(before > 0);
    // A second connection starts replacing task 0 and vanishes after one block.
    let mut s2 = framed();
    assert_eq!(
        cmd(&mut s2, &mut vm, &[0x25, 0, 0, 0, 40, 0]),
        Some(vec![0xda, 0])
    );
    assert_eq!(
        cmd(&mut s2, &mut vm, &block(1, &[0x50; 20])),
        Some(vec![0xba, 0])
    );
    let out = s2.close(&mut vm);
    assert!(
        out.events.iter().any(|e| matches!(
            e,
            LinkEvent::DownloadAborted {
                target: DownloadTarget::Task(0),
                received: 20,
                announced: 40,
                ..
            }
        )),
        "{:?}",
        out.events
    );
    assert_eq!(vm.program(0).unwrap().tasks[0], Some(old));
    run_ticks(&mut vm, 50);
    assert!(vm.variables()[3] > before, "old task still counting");
    assert_eq!(vm.tasks()[0].state, TaskState::Running);
}

#[test]
fn firmware_download_and_unlock_are_answered_like_a_brick() {
    let (mut s, mut vm) = (framed(), vm());
    assert_eq!(
        cmd(&mut s, &mut vm, &[0x65, 1, 3, 5, 7, 11]),
        Some(vec![0x9a])
    );
    let image: Vec<u8> = (0..450u32).map(|i| (i * 7) as u8).collect();
    let sum = image
        .iter()
        .fold(0u16, |a, &b| a.wrapping_add(b as u16))
        .to_le_bytes();
    assert_eq!(
        cmd(&mut s, &mut vm, &[0x75, 0x00, 0x80, sum[0], sum[1], 0]),
        Some(vec![0x8a, status::OK])
    );
    let chunks: Vec<&[u8]> = image.chunks(200).collect();
    for (i, c) in chunks.iter().enumerate() {
        let seq = if i + 1 == chunks.len() {
            0
        } else {
            i as u16 + 1
        };
        assert_eq!(
            cmd(&mut s, &mut vm, &block(seq, c)),
            Some(vec![0xba, status::OK])
        );
    }
    let mut unlock = vec![0x5a];
    unlock.extend_from_slice(UNLOCK_REPLY);
    assert_eq!(
        cmd(&mut s, &mut vm, &[0xa5, 0x4c, 0x45, 0x47, 0x4f, 0xae]),
        Some(unlock)
    );
    assert_eq!(&UNLOCK_REPLY[..], b"Just a bit off the block!");
    assert_eq!(
        cmd(&mut s, &mut vm, &[0xad, 1, 2, 3, 4, 5]),
        None,
        "wrong key"
    );
    // A wrong image checksum gives status 4 on the last block.
    cmd(&mut s, &mut vm, &[0x75, 0x00, 0x80, 0, 0, 0]);
    assert_eq!(
        cmd(&mut s, &mut vm, &block(0, &[1, 2, 3])),
        Some(vec![0xba, status::FIRMWARE_CHECKSUM])
    );
}

#[test]
fn get_versions_answers_only_the_right_key() {
    let (mut s, mut vm) = (framed(), vm());
    assert_eq!(
        cmd(&mut s, &mut vm, &[0x15, 1, 3, 5, 7, 11]),
        Some(vec![0xea, 0, 3, 0, 1, 0, 3, 2, 8])
    );
    assert_eq!(cmd(&mut s, &mut vm, &[0x1d, 1, 3, 5, 7, 12]), None);
}

#[test]
fn the_raw_dialect_answers_unframed() {
    let mut s = Session::new(Dialect::Raw, true, "raw");
    let mut vm = vm();
    assert_eq!(s.feed(&mut vm, &[0x10]).bytes, vec![0xef]);
    assert_eq!(s.feed(&mut vm, &[0x1a, 0x08]).bytes, Vec::<u8>::new());
    assert_eq!(s.feed(&mut vm, &[0x00]).bytes, vec![0xe5, 0x00, 0x00]);
    // Unknown opcodes are dropped; the next packet is answered.
    let out = s.feed(&mut vm, &[0x08, 0xfe, 0x30]);
    assert_eq!(out.bytes, vec![0xcf, 0x28, 0x23]);
    assert!(out.events.iter().any(|e| matches!(
        e,
        LinkEvent::Discarded {
            why: Discarded::UnknownOpcode,
            ..
        }
    )));
}

#[test]
fn auto_detection_picks_raw_for_printable_opcodes_once_quiet() {
    let mut vm = vm();
    let mut s = Session::new(Dialect::Auto, true, "auto");
    assert!(s.feed(&mut vm, &[0x50]).bytes.is_empty());
    assert!(s.undecided());
    let out = s.decide_now(&mut vm);
    assert_eq!(s.dialect(), Dialect::Raw);
    assert_eq!(out.bytes, vec![0xaf]);
}

#[test]
fn lasm_text_stores_blocks_and_answers_direct_lines_with_the_original_bytes() {
    let mut vm = vm();
    let mut s = Session::new(Dialect::Auto, true, "robolab");
    // An old program in another task must go: the text transfer replaces the program.
    vm.install_task(0, 5, vec![0x10]);
    let text =
        "task 0\n  setv 1, 2, 42\n  out 2, 1 ; A on\n  wait 2, 200\nendt\nsub 2\nplays 1\nends\n";
    let out = s.feed(&mut vm, text.as_bytes());
    assert_eq!(s.dialect(), Dialect::Lasm);
    assert!(out.bytes.is_empty(), "program blocks get no reply");
    let p = vm.program(0).unwrap();
    assert_eq!(
        p.tasks[0],
        Some(vec![0x14, 1, 2, 42, 0, 0x21, 0x81, 0x43, 2, 200, 0])
    );
    assert_eq!(p.subs[2], Some(vec![0x51, 1]));
    assert_eq!(p.tasks[5], None);
    // Direct lines: the first canonical, then toggled, alternately.
    assert_eq!(s.feed(&mut vm, b"start 0\n").bytes, vec![0x8e]);
    run_ticks(&mut vm, 5);
    assert_eq!(
        s.feed(&mut vm, b"poll 0, 1\r\n").bytes,
        vec![0xe5, 42, 0],
        "toggled poll"
    );
    assert_eq!(vm.outputs()[0].mode, OutputMode::On);
    assert_eq!(s.feed(&mut vm, b"poll 0, 1\n").bytes, vec![0xed, 42, 0]);
    let out = s.close(&mut vm);
    assert!(out
        .events
        .iter()
        .any(|e| matches!(e, LinkEvent::TextTransferComplete { .. })));
}

#[test]
fn lasm_errors_are_logged_and_store_nothing() {
    let mut vm = vm();
    let mut s = Session::new(Dialect::Lasm, true, "robolab");
    let out = s.feed(&mut vm, b"task 0\nsetv 1, 2\nendt\nfrobnicate 3\n");
    assert!(out.bytes.is_empty());
    let errors: Vec<&String> = out
        .events
        .iter()
        .filter_map(|e| match e {
            LinkEvent::LasmError { message, .. } => Some(message),
            _ => None,
        })
        .collect();
    assert_eq!(errors.len(), 2, "{:?}", out.events);
    assert!(errors[0].contains("lasm:2:"), "{}", errors[0]);
    assert!(vm.program(0).unwrap().is_empty());
    let out = s.close(&mut vm);
    assert!(!out
        .events
        .iter()
        .any(|e| matches!(e, LinkEvent::TextTransferComplete { .. })));
}

/// Garbage on the link once logged "task 164 started by the host" thousands of times, and
/// a `71` for a task the program lacks started `serve --run-seconds`' clock.
#[test]
fn a_start_of_a_task_that_does_not_exist_is_not_reported_as_started() {
    let (mut s, mut vm) = (framed(), vm());
    download_task(&mut s, &mut vm, 0, &counting_task(1));
    for task in [164u8, 9, 3] {
        let out = s.feed(&mut vm, &wire::encode(&[0x71, task]));
        assert!(
            !out.events
                .iter()
                .any(|e| matches!(e, LinkEvent::TaskStarted { .. })),
            "task {task}: {:?}",
            out.events
        );
    }
    let out = s.feed(&mut vm, &wire::encode(&[0x71, 0]));
    assert!(out.events.contains(&LinkEvent::TaskStarted { task: 0 }));
}

#[test]
fn a_remote_program_key_reports_the_task_it_starts() {
    let (mut s, mut vm) = (framed(), vm());
    download_task(&mut s, &mut vm, 0, &counting_task(1));
    // Program 1 key (high byte 0x02 per the VM's reading of `d2 hi lo`): no reply.
    let out = s.feed(&mut vm, &wire::encode(&[0xd2, 0x02, 0x00]));
    assert_eq!(out.bytes, Vec::<u8>::new());
    assert!(out.events.contains(&LinkEvent::TaskStarted { task: 0 }));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn no_bytes_in_any_dialect_panic_the_session_or_the_vm(
        chunks in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..80), 1..6),
        dialect in prop_oneof![Just(Dialect::Auto), Just(Dialect::Framed), Just(Dialect::Raw), Just(Dialect::Lasm)],
    ) {
        let mut vm = vm();
        let mut s = Session::new(dialect, true, "fuzz");
        for c in &chunks {
            let _ = s.feed(&mut vm, c);
        }
        let _ = s.decide_now(&mut vm);
        let _ = s.close(&mut vm);
        run_ticks(&mut vm, 5);
    }

    #[test]
    fn framed_packets_of_every_opcode_never_panic(
        op in any::<u8>(),
        params in proptest::collection::vec(any::<u8>(), 0..12),
    ) {
        let mut vm = vm();
        let mut s = framed();
        // Params cut or padded to the opcode's own length where the table knows it.
        let mut p = vec![op];
        p.extend_from_slice(&params);
        if let Some(info) = lurobotsim::rcx::opcode::info(op) {
            if info.op != 0x45 {
                p.resize(info.fixed_len(), 0);
            }
        }
        let _ = s.feed(&mut vm, &wire::encode(&p));
        let mut raw = Session::new(Dialect::Raw, false, "raw");
        let _ = raw.feed(&mut vm, &p);
        run_ticks(&mut vm, 5);
    }
}

#[test]
fn a_transfer_past_the_announced_length_does_not_bypass_the_memory_check() {
    let (mut s, mut vm) = (framed(), vm());
    // 5,600 bytes of task 0 leave 400 for task 1.
    download_task(&mut s, &mut vm, 0, &vec![0x50; 5600]);
    assert_eq!(
        cmd(&mut s, &mut vm, &[0x25, 0, 1, 0, 0x90, 0x01]),
        Some(vec![0xda, status::OK]),
        "400 bytes fit"
    );
    // The client announced 400 bytes and sends 2,000 in 100 blocks of 20.
    for seq in 1..100u16 {
        assert_eq!(
            cmd(&mut s, &mut vm, &block(seq, &[0x50; 20])),
            Some(vec![0xba, status::OK])
        );
    }
    let out = s.feed(&mut vm, &wire::encode(&block(0, &[0x50; 20])));
    assert!(!out.bytes.is_empty());
    assert!(
        out.events
            .iter()
            .any(|e| matches!(e, LinkEvent::ExcessDropped { bytes, .. } if *bytes > 0)),
        "{:?}",
        out.events
    );
    assert_eq!(
        vm.program(0).unwrap().tasks[1].as_ref().map(Vec::len),
        Some(400)
    );
    assert!(vm.bytes_used() <= MEMORY_BYTES, "{}", vm.bytes_used());
}

#[test]
fn a_datalog_upload_asking_for_65535_entries_answers_only_what_the_datalog_holds() {
    let (mut s, mut vm) = (framed(), vm());
    // No datalog: just the reply opcode (it used to be 196,606 bytes of zeros).
    assert_eq!(
        cmd(&mut s, &mut vm, &[0xa4, 0, 0, 0xff, 0xff]),
        Some(vec![0x5b])
    );
    // A datalog of 5 with two entries: the size record and the two.
    assert_eq!(cmd(&mut s, &mut vm, &[0x52, 5, 0]), Some(vec![0xad, 0]));
    cmd(&mut s, &mut vm, &[0x14, 3, 2, 7, 0]);
    assert_eq!(cmd(&mut s, &mut vm, &[0x62, 0, 3]), Some(vec![0x9d, 0]));
    assert_eq!(cmd(&mut s, &mut vm, &[0x6a, 0, 3]), Some(vec![0x95, 0]));
    let r = cmd(&mut s, &mut vm, &[0xa4, 0, 0, 0xff, 0xff]).unwrap();
    assert_eq!(r, vec![0x5b, 0xff, 3, 0, 3, 7, 0, 3, 7, 0]);
    // A window inside it is answered as before; one past its end is empty.
    let r = cmd(&mut s, &mut vm, &[0xac, 1, 0, 1, 0]).unwrap();
    assert_eq!(r, vec![0x53, 3, 7, 0]);
    assert_eq!(cmd(&mut s, &mut vm, &[0xa4, 9, 0, 2, 0]), Some(vec![0x5b]));
}

#[test]
fn replies_to_a_chunk_of_commands_come_in_bounded_pieces_for_a_client_that_does_not_read() {
    let (mut s, mut vm) = (framed(), vm());
    // A full datalog makes each `a4` reply large (3 bytes an entry, framed twice over).
    assert_eq!(
        cmd(&mut s, &mut vm, &[0x52, 0xe8, 0x03]),
        Some(vec![0xad, 0])
    );
    for _ in 0..1000 {
        s.feed(&mut vm, &wire::encode(&[0x62, 0, 3]));
        s.feed(&mut vm, &wire::encode(&[0x6a, 0, 3]));
    }
    let one = wire::encode(&[0xa4, 0, 0, 0xff, 0xff]);
    let chunk: Vec<u8> = one.iter().copied().cycle().take(one.len() * 300).collect();
    let mut out = s.feed(&mut vm, &chunk);
    let mut replies = 0;
    loop {
        assert!(
            out.bytes.len() <= lurobotsim::link::session::REPLY_BUDGET + 7000,
            "{} bytes at once",
            out.bytes.len()
        );
        let mut d = &out.bytes[..];
        while !d.is_empty() {
            let (_, n) = wire::decode_reply(d, 1 + 3 * 1001).expect("a whole reply");
            d = &d[n..];
            replies += 1;
        }
        if !s.more_to_answer() {
            break;
        }
        out = s.resume(&mut vm);
    }
    assert_eq!(
        replies, 300,
        "every command answered, in order, nothing lost"
    );
}

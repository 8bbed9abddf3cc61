//! Direct commands: the exact reply payload for each opcode of context D, either toggle
//! form, and their effects.

use crate::vm_support;
use lurobotsim::vm::{OutputMode, TaskState, Vm, VmConfig};
use vm_support::*;

fn vm() -> (Vm, FakeBrick) {
    (Vm::new(VmConfig::default()), FakeBrick::default())
}

#[test]
fn ping_is_acknowledged_with_the_complement_of_the_byte_as_received() {
    let (mut vm, mut b) = vm();
    assert_eq!(vm.direct(&mut b, &[0x10]), Some(vec![0xef]));
    assert_eq!(vm.direct(&mut b, &[0x18]), Some(vec![0xe7]));
}

#[test]
fn poll_returns_a_little_endian_value_in_either_toggle_form() {
    let (mut vm, mut b) = vm();
    assert_eq!(
        vm.direct(&mut b, &[0x14, 3, 2, 0x34, 0x12]),
        Some(vec![0xeb])
    );
    assert_eq!(
        vm.direct(&mut b, &[0x12, 0, 3]),
        Some(vec![0xed, 0x34, 0x12])
    );
    // ROBOLAB's toggled poll of a zero variable: `e5 00 00` (lurobotsim.md §1).
    assert_eq!(vm.direct(&mut b, &[0x1a, 0, 0]), Some(vec![0xe5, 0, 0]));
    // Task-local variables cannot be polled: 0.
    assert_eq!(vm.direct(&mut b, &[0x12, 0, 40]), Some(vec![0xed, 0, 0]));
    // Negative values in two's complement.
    vm.direct(&mut b, &[0x14, 1, 2, 0xfe, 0xff]);
    assert_eq!(
        vm.direct(&mut b, &[0x12, 0, 1]),
        Some(vec![0xed, 0xfe, 0xff])
    );
}

#[test]
fn pollb_reports_the_battery_in_millivolts() {
    let (mut vm, mut b) = vm();
    b.battery_mv = 9000;
    assert_eq!(vm.direct(&mut b, &[0x30]), Some(vec![0xcf, 0x28, 0x23]));
}

#[test]
fn pollp_answers_only_the_key_with_rom_and_firmware_versions() {
    let (mut vm, mut b) = vm();
    assert_eq!(
        vm.direct(&mut b, &[0x15, 1, 3, 5, 7, 11]),
        Some(vec![0xea, 0, 3, 0, 1, 0, 3, 2, 8])
    );
    assert_eq!(vm.direct(&mut b, &[0x15, 1, 3, 5, 7, 12]), None);
}

#[test]
fn memmap_is_94_big_endian_words_with_the_task_and_sub_layout() {
    let (mut vm, mut b) = vm();
    vm.install_sub(0, 0, vec![0x51, 0x00]);
    vm.install_task(0, 0, vec![0x10; 81]);
    vm.install_task(0, 1, vec![0x10; 9]);
    let r = vm.direct(&mut b, &[0x20]).unwrap();
    assert_eq!(r.len(), 189);
    assert_eq!(r[0], 0xdf);
    let w = |i: usize| u16::from_be_bytes([r[1 + 2 * i], r[2 + 2 * i]]);
    let base = w(0);
    assert_eq!(w(1), base + 2, "sub 1 follows sub 0's 2 bytes");
    assert_eq!(w(40), base + 2, "task 0 follows the subs of slot 0");
    assert_eq!(w(41), base + 83);
    assert_eq!(w(42), base + 92);
    assert_eq!(w(90), base + 92, "datalog starts after all programs");
    assert_eq!(w(92), base + 92, "no datalog: first free = datalog start");
    assert!(w(93) > w(92));
    // pollm reads those bytes back.
    let [lo, hi] = (base + 2).to_le_bytes();
    assert_eq!(
        vm.direct(&mut b, &[0x63, lo, hi, 3]),
        Some(vec![0x9c, 0x10, 0x10, 0x10])
    );
    let [lo, hi] = base.to_le_bytes();
    assert_eq!(
        vm.direct(&mut b, &[0x63, lo, hi, 2]),
        Some(vec![0x9c, 0x51, 0x00])
    );
}

#[test]
fn start_stop_and_prgm_control_the_program() {
    let (mut vm, mut b) = vm();
    vm.load(1, program(&[Asm::new().label("l").br(JMP, &[], "l")], &[]));
    assert_eq!(vm.direct(&mut b, &[0x91, 1]), Some(vec![0x6e]));
    assert_eq!(vm.slot(), 1);
    assert_eq!(
        vm.tasks()[0].state,
        TaskState::Stopped,
        "direct prgm does not start"
    );
    assert_eq!(vm.direct(&mut b, &[0x71, 0]), Some(vec![0x8e]));
    assert_eq!(vm.tasks()[0].state, TaskState::Running);
    assert_eq!(vm.direct(&mut b, &[0x50]), Some(vec![0xaf]));
    assert_eq!(vm.tasks()[0].state, TaskState::Stopped);
    vm.direct(&mut b, &[0x79, 0]);
    assert_eq!(vm.direct(&mut b, &[0x81, 0]), Some(vec![0x7e]));
    assert_eq!(vm.tasks()[0].state, TaskState::Stopped);
}

#[test]
fn delt_and_dels_delete_all_or_one_and_bump_the_generation() {
    let (mut vm, mut b) = vm();
    vm.load(
        0,
        program(
            &[Asm::new().op(PING, &[]), Asm::new().op(PING, &[])],
            &[Asm::new().op(PING, &[]), Asm::new().op(PING, &[])],
        ),
    );
    let g = vm.program_generation();
    assert_eq!(vm.direct(&mut b, &[0x61, 1]), Some(vec![0x9e]));
    assert!(vm.program(0).unwrap().tasks[1].is_none());
    assert!(vm.program(0).unwrap().tasks[0].is_some());
    assert_eq!(vm.direct(&mut b, &[0xc1, 0]), Some(vec![0x3e]));
    assert!(vm.program(0).unwrap().subs[0].is_none());
    assert!(vm.program(0).unwrap().subs[1].is_some());
    assert_eq!(vm.direct(&mut b, &[0x40]), Some(vec![0xbf]));
    assert_eq!(vm.direct(&mut b, &[0x70]), Some(vec![0x8f]));
    assert!(vm.program(0).unwrap().is_empty());
    assert!(vm.program_generation() > g);
    assert_eq!(vm.bytes_used(), 0);
}

#[test]
fn outputs_and_sounds_work_as_direct_commands() {
    let (mut vm, mut b) = vm();
    assert_eq!(vm.direct(&mut b, &[0x21, 0x81]), Some(vec![0xde]));
    assert_eq!(vm.direct(&mut b, &[0xe1, 0x01]), Some(vec![0x1e]));
    assert_eq!(vm.direct(&mut b, &[0x13, 0x01, 2, 4]), Some(vec![0xec]));
    let a = vm.outputs()[0];
    assert_eq!((a.mode, a.forward, a.power), (OutputMode::On, false, 4));
    assert_eq!(vm.direct(&mut b, &[0x51, 5]), Some(vec![0xae]));
    assert_eq!(vm.sounds()[0].value, 5);
    assert_eq!(vm.direct(&mut b, &[0x23, 0xb8, 0x01, 10]), Some(vec![0xdc]));
}

#[test]
fn log_and_logz_answer_a_status_byte() {
    let (mut vm, mut b) = vm();
    assert_eq!(vm.direct(&mut b, &[0x52, 2, 0]), Some(vec![0xad, 0]));
    assert_eq!(vm.direct(&mut b, &[0x62, 0, 0]), Some(vec![0x9d, 0]));
    assert_eq!(
        vm.direct(&mut b, &[0x52, 0xff, 0xff]),
        Some(vec![0xad, 1]),
        "no memory"
    );
    assert_eq!(vm.datalog().len(), 2, "the old log survives a failed logz");
}

#[test]
fn downloads_firmware_and_program_only_opcodes_get_no_reply() {
    let (mut vm, mut b) = vm();
    for p in [
        &[0x25, 0, 0, 0, 2, 0][..],
        &[0x35, 0, 0, 0, 2, 0],
        &[0x45, 0, 0, 1, 0, 0x10, 0x10],
        &[0x65, 1, 3, 5, 7, 11],
        &[0x75, 0, 0x80, 0, 0, 0],
        &[0xa5, 0x4c, 0x45, 0x47, 0x4f, 0xae],
        &[0x27, 0x81],
        &[0x43, 2, 1, 0],
        &[0xd2, 0, 0],
        &[0xf7, 1],
        &[0x47],
        &[],
        &[0x14, 0], // truncated
    ] {
        assert_eq!(vm.direct(&mut b, p), None, "{p:02x?}");
    }
}

#[test]
fn remote_program_keys_select_and_run_and_stop_stops() {
    let (mut vm, mut b) = vm();
    vm.load(
        2,
        program(
            &[Asm::new().op(OUT, &[2, 1]).label("l").br(JMP, &[], "l")],
            &[],
        ),
    );
    // Program 3 = 0x0800: the first byte is the high byte.
    assert_eq!(vm.direct(&mut b, &[0xd2, 0x08, 0x00]), None);
    assert_eq!(vm.slot(), 2);
    run(&mut vm, &mut b, 5);
    assert_eq!(vm.tasks()[0].state, TaskState::Running);
    vm.direct(&mut b, &[0xd2, 0x00, 0x00]);
    vm.direct(&mut b, &[0xd2, 0x40, 0x00]);
    assert_eq!(vm.tasks()[0].state, TaskState::Stopped);
    assert_eq!(vm.outputs()[0].mode, OutputMode::Float);
    // Motor C backward while held.
    vm.direct(&mut b, &[0xd2, 0x01, 0x00]);
    let c = vm.outputs()[2];
    assert_eq!((c.mode, c.forward), (OutputMode::On, false));
    vm.direct(&mut b, &[0xd2, 0x00, 0x00]);
    assert_eq!(vm.outputs()[2].mode, OutputMode::Float);
    // Message 2.
    vm.direct(&mut b, &[0xd2, 0x00, 0x02]);
    assert_eq!(vm.message(), 2);
}

#[test]
fn direct_set_writes_sources_and_setw_sets_the_watch() {
    let (mut vm, mut b) = vm();
    vm.direct(&mut b, &[0x05, 1, 0, 2, 30, 0]); // timer 0 = 3 s
    assert_eq!(vm.timers_100ms()[0], 30);
    vm.direct(&mut b, &[0x22, 13, 45]);
    assert_eq!(
        vm.direct(&mut b, &[0x12, 14, 0]),
        Some(vec![0xed, 0x39, 0x03])
    );
}

//! Sensors, global outputs, sound, display, messages, counters, datalog, events,
//! monitoring and access control against a scripted fake brick.

use crate::vm_support;
use lurobotsim::vm::{OutputMode, TaskState};
use vm_support::*;

/// Copies sensor 0's value into var 0 forever.
fn watch_sensor(setup: Asm) -> Asm {
    setup.label("l").op(SETV, &[0, 9, 0]).br(JMP, &[], "l")
}

#[test]
fn edge_and_pulse_modes_count_boolean_transitions() {
    let mut vm = vm_with(program(
        &[watch_sensor(
            Asm::new().op(SENT, &[0, 1]).op(SENM, &[0, 2, 0]),
        )],
        &[],
    ));
    let mut b = FakeBrick::default();
    run(&mut vm, &mut b, 5);
    for _ in 0..3 {
        b.raw[0] = 100;
        run(&mut vm, &mut b, 5);
        b.raw[0] = 1000;
        run(&mut vm, &mut b, 5);
    }
    assert_eq!(vm.variables()[0], 6);
    // Pulse mode (set by `set 11`) starts from zero and counts press+release pairs.
    let mut vm = vm_with(program(
        &[watch_sensor(
            Asm::new().op(SENT, &[0, 1]).op(SET, &[11, 0, 2, 0x60]),
        )],
        &[],
    ));
    run(&mut vm, &mut b, 5);
    for _ in 0..3 {
        b.raw[0] = 100;
        run(&mut vm, &mut b, 5);
        b.raw[0] = 1000;
        run(&mut vm, &mut b, 5);
    }
    assert_eq!(vm.variables()[0], 3);
}

#[test]
fn slope_mode_reacts_to_fast_changes_not_levels() {
    let mut vm = vm_with(program(
        &[watch_sensor(
            Asm::new().op(SENT, &[0, 3]).op(SENM, &[0, 1, 10]),
        )],
        &[],
    ));
    let mut b = FakeBrick::default();
    b.raw[0] = 800;
    run(&mut vm, &mut b, 5);
    assert_eq!(vm.variables()[0], 0);
    b.raw[0] = 780; // a fall of 20 > slope 10: true
    run(&mut vm, &mut b, 5);
    assert_eq!(vm.variables()[0], 1);
    b.raw[0] = 200; // low level but no further change after this scan: stays true
    run(&mut vm, &mut b, 5);
    assert_eq!(vm.variables()[0], 1);
    b.raw[0] = 205; // a rise of 5 ≤ slope: unchanged
    run(&mut vm, &mut b, 5);
    assert_eq!(vm.variables()[0], 1);
    b.raw[0] = 300; // a rise of 95: false
    run(&mut vm, &mut b, 5);
    assert_eq!(vm.variables()[0], 0);
}

#[test]
fn rotation_sensor_counts_sixteenths_and_senz_clears() {
    let mut vm = vm_with(program(&[watch_sensor(Asm::new().op(SENT, &[0, 4]))], &[]));
    let mut b = FakeBrick::default();
    b.rotation[0] = 1000; // the world's count before the sensor was configured
    run(&mut vm, &mut b, 5);
    assert_eq!(vm.variables()[0], 0);
    b.rotation[0] = 1032;
    run(&mut vm, &mut b, 5);
    assert_eq!(vm.variables()[0], 32);
    b.rotation[0] = 990;
    run(&mut vm, &mut b, 5);
    assert_eq!(vm.variables()[0], -10);
    assert!(b.powered[0]);
    // senz as a direct command zeroes the angle.
    vm.direct(&mut b, &[SENZ, 0]);
    run(&mut vm, &mut b, 5);
    assert_eq!(vm.variables()[0], 0);
}

#[test]
fn temperature_sensor_reads_tenths_of_a_degree() {
    let mut vm = vm_with(program(&[watch_sensor(Asm::new().op(SENT, &[0, 2]))], &[]));
    let mut b = FakeBrick::default();
    b.raw[0] = 0x122;
    run(&mut vm, &mut b, 5);
    assert_eq!(vm.variables()[0], 695);
    vm.direct(&mut b, &[SENM, 0, 6 << 5]);
    run(&mut vm, &mut b, 5);
    assert_eq!(vm.variables()[0], 695 * 18 / 10 + 320);
}

#[test]
fn sensor_sources_report_type_mode_raw_and_boolean() {
    let vm = {
        let mut vm = vm_with(program(
            &[Asm::new()
                .op(SENT, &[1, 1])
                .op(WAIT, &[2, 1])
                .op(SETV, &[0, 10, 1])
                .op(SETV, &[1, 11, 1])
                .op(SETV, &[2, 12, 1])
                .op(SETV, &[3, 13, 1])],
            &[],
        ));
        let mut b = FakeBrick::default();
        b.raw[1] = 50;
        run(&mut vm, &mut b, 30);
        vm
    };
    assert_eq!(&vm.variables()[0..4], &[1, 0x20, 50, 1]);
}

#[test]
fn global_controls_override_every_task() {
    let vm = run_task(
        Asm::new()
            .op(OUT, &[2, 0b111])
            .op(GOUT, &[1, 0b001]) // A forced off
            .op(GDIR, &[0, 0b010]) // B inverted
            .op(GPWR, &[0b100, 2, 2]) // C at most 2
            .op(SETV, &[0, 17, 0])
            .op(SETV, &[1, 17, 1])
            .op(SETV, &[2, 3, 0]),
        20,
    );
    let [a, b, c] = vm.outputs();
    assert_eq!(a.mode, OutputMode::Off);
    assert_eq!((b.mode, b.forward), (OutputMode::On, false));
    assert_eq!((c.mode, c.power), (OutputMode::On, 2));
    let v = vm.variables();
    assert_eq!(v[0], 0x40 | 7, "global status A: off, power 7");
    assert_eq!(v[1], 0x80 | 0x08 | 7, "global status B: on, reversed");
    assert_eq!(v[2], 0x80 | 7, "task status A is still on");
}

#[test]
fn gpwr_limits_a_robolab_percent_too() {
    let vm = run_task(
        Asm::new()
            .op(SET, &[5, 0, 2, 100])
            .op(GPWR, &[1, 2, 3])
            .op(OUT, &[2, 1]),
        10,
    );
    assert_eq!(vm.outputs()[0].percent, Some(50));
}

#[test]
fn sounds_queue_one_after_another_and_playz_drops_the_pending_ones() {
    let vm = run_task(
        Asm::new()
            .op(PLAYT, &[440, 10])
            .op(PLAYT, &[880, 20])
            .op(SETV, &[0, 2, 262])
            .op(PLAYV, &[0, 5]),
        10,
    );
    let s = vm.sounds();
    assert_eq!(s.len(), 3);
    assert_eq!((s[0].time_ms, s[0].value, s[0].duration_ms), (0, 440, 100));
    assert_eq!((s[1].time_ms, s[1].value), (100, 880));
    assert_eq!(
        (s[2].time_ms, s[2].value, s[2].kind),
        (300, 262, lurobotsim::vm::SoundKind::Tone)
    );
    let vm = run_task(
        Asm::new()
            .op(PLAYS, &[2])
            .op(PLAYS, &[3])
            .op(PLAYZ, &[])
            .op(PLAYS, &[0]),
        10,
    );
    let kinds: Vec<i32> = vm.sounds().iter().map(|s| s.value).collect();
    assert_eq!(kinds, vec![2, 0]);
    assert_eq!(vm.sounds()[1].time_ms, 3);
}

#[test]
fn mute_silences_program_sounds_until_speak() {
    let vm = run_task(
        Asm::new()
            .op(MUTE, &[])
            .op(PLAYS, &[1])
            .op(SPEAK, &[])
            .op(PLAYS, &[4]),
        10,
    );
    assert_eq!(vm.sounds().len(), 1);
    assert_eq!(vm.sounds()[0].value, 4);
}

#[test]
fn view_and_disp_select_what_the_lcd_shows() {
    let vm = run_task(Asm::new().op(VIEW, &[2, 2]).op(DISP, &[1, 0, 3]), 10);
    let d = vm.display();
    assert_eq!((d.view, d.precision, d.source, d.arg), (7, 1, 0, 3));
    let vm = run_task(Asm::new().op(VIEW, &[2, 5]), 10);
    assert_eq!(vm.display().view, 5);
}

#[test]
fn messages_are_received_cleared_and_transmitted() {
    let mut vm = vm_with(program(
        &[Asm::new()
            .label("w")
            .br(CHKL, &[2, 0, 3, 15, 0], "w") // until message != 0
            .op(SETV, &[0, 15, 0])
            .op(MSGZ, &[])
            .op(SETV, &[1, 15, 0])
            .op(MSG, &[2, 77])],
        &[],
    ));
    let mut b = FakeBrick::default();
    run(&mut vm, &mut b, 10);
    assert_eq!(vm.direct(&mut b, &[MSGS, 42]), None, "f7 gets no reply");
    run(&mut vm, &mut b, 10);
    assert_eq!(vm.variables()[0], 42);
    assert_eq!(vm.variables()[1], 0);
    assert_eq!(vm.transmissions()[0].bytes, vec![0xf7, 77]);
}

#[test]
fn counters_share_storage_with_variables_0_to_2() {
    let vm = run_task(
        Asm::new()
            .op(SETV, &[1, 2, 10])
            .op(CNTI, &[1])
            .op(CNTI, &[1])
            .op(CNTD, &[0])
            .op(CNTZ, &[2])
            .op(SETV, &[5, 21, 1]),
        20,
    );
    let v = vm.variables();
    assert_eq!((v[0], v[1], v[2], v[5]), (-1, 12, 0, 12));
}

#[test]
fn the_datalog_records_entries_and_uploads_them() {
    let mut vm = vm_with(program(
        &[Asm::new()
            .op(LOGZ, &[3])
            .op(SETV, &[4, 2, 1234])
            .op(LOG, &[0, 4])
            .op(LOG, &[1, 0])
            .op(LOG, &[9, 0])
            .op(LOG, &[0, 4])], // full: ignored
        &[],
    ));
    let mut b = FakeBrick::default();
    run(&mut vm, &mut b, 10);
    assert_eq!(
        vm.datalog(),
        vec![(0xff, 4), (0x04, 1234), (0x20, 0), (0x40, 1023)]
    );
    // NQC -datalog: first the size entry, then the data.
    assert_eq!(
        vm.direct(&mut b, &[0xa4, 0, 0, 1, 0]),
        Some(vec![0x5b, 0xff, 4, 0])
    );
    assert_eq!(
        vm.direct(&mut b, &[0xa4, 1, 0, 1, 0]),
        Some(vec![0x5b, 0x04, 0xd2, 0x04])
    );
    // Full log: `log` answers status 1.
    assert_eq!(vm.direct(&mut b, &[0x62, 0, 4]), Some(vec![0x9d, 1]));
}

// ---------------------------------------------------------------- events

/// Task 0: touch on port 1, event 0 = pressed; monitor it around a long wait; the
/// handler stores source 23 in var 0.
fn monitored_wait() -> Asm {
    Asm::new()
        .op(SENT, &[0, 1])
        .op(SETE, &[0, 0, 0])
        .br(MONE, &[2, 1], "handler")
        .op(WAIT, &[2, 1000])
        .op(SETV, &[1, 2, 99])
        .op(MONEX, &[])
        .br(JMP, &[], "end")
        .label("handler")
        .op(SETV, &[0, 23, 10])
        .op(SETV, &[2, 26, 0])
        .label("end")
}

#[test]
fn a_monitored_event_interrupts_a_wait_and_jumps_to_the_handler() {
    let mut vm = vm_with(program(&[monitored_wait()], &[]));
    let mut b = FakeBrick::default();
    run(&mut vm, &mut b, 100);
    assert_eq!(vm.tasks()[0].state, TaskState::Waiting);
    b.raw[0] = 50;
    run(&mut vm, &mut b, 10);
    let v = vm.variables();
    assert_eq!(v[0], 1, "source 23 shows event 0");
    assert_eq!(v[1], 0, "the body after the wait did not run");
    assert!(
        (10..=11).contains(&v[2]),
        "handler ran right after the press: {}",
        v[2]
    );
}

#[test]
fn the_event_opcode_fires_events_by_mask() {
    let p = program(
        &[
            Asm::new()
                .op(SETE, &[3, 8, 10]) // defined, never hit by itself
                .br(MONE, &[2, 8], "h")
                .label("l")
                .br(JMP, &[], "l")
                .label("h")
                .op(SETV, &[0, 23, 0]),
            Asm::new().op(WAIT, &[2, 5]).op(EVENT, &[2, 8]),
        ],
        &[],
    );
    let mut vm = vm_with(p);
    vm.start_task(1);
    run(&mut vm, &mut FakeBrick::default(), 100);
    assert_eq!(vm.variables()[0], 8);
}

#[test]
fn threshold_events_fire_on_entering_high_with_hysteresis() {
    // Event 1 on counter 0 (src 8): high above 5, hysteresis 2.
    let t = Asm::new()
        .op(SETE, &[1, 8, 10])
        .op(SET, &[28, 1, 2, 5])
        .op(SET, &[29, 1, 2, 0])
        .op(SET, &[30, 1, 2, 2])
        .br(MONE, &[2, 2], "h")
        .label("l")
        .op(CNTI, &[0])
        .br(JMP, &[], "l")
        .label("h")
        .op(SETV, &[5, 25, 1])
        .op(SETV, &[6, 0, 0]);
    let vm = run_task(t, 100);
    let v = vm.variables();
    assert_eq!(v[6], 6, "fired when the counter went above 5");
    assert_eq!(v[5], 2, "event state high");
}

#[test]
fn message_events_fire_when_a_message_arrives() {
    let mut vm = vm_with(program(
        &[Asm::new()
            .op(SETE, &[2, 7, 14])
            .br(MONE, &[2, 4], "h")
            .label("l")
            .br(JMP, &[], "l")
            .label("h")
            .op(SETV, &[0, 15, 0])],
        &[],
    ));
    let mut b = FakeBrick::default();
    run(&mut vm, &mut b, 10);
    vm.direct(&mut b, &[MSGS, 9]);
    run(&mut vm, &mut b, 10);
    assert_eq!(vm.variables()[0], 9);
}

#[test]
fn click_events_need_press_and_release_within_the_duration() {
    let t = Asm::new()
        .op(SENT, &[0, 1])
        .op(SETE, &[0, 0, 11])
        .op(SET, &[31, 0, 2, 20]) // 200 ms
        .br(MONE, &[2, 1], "h")
        .label("l")
        .br(JMP, &[], "l")
        .label("h")
        .op(SETV, &[0, 2, 1])
        .op(SETV, &[1, 27, 0]);
    let mut vm = vm_with(program(&[t], &[]));
    let mut b = FakeBrick::default();
    run(&mut vm, &mut b, 10);
    b.raw[0] = 50; // long press: no click
    run(&mut vm, &mut b, 500);
    b.raw[0] = 1000;
    run(&mut vm, &mut b, 10);
    assert_eq!(vm.variables()[0], 0);
    b.raw[0] = 50; // short press: click
    run(&mut vm, &mut b, 100);
    b.raw[0] = 1000;
    run(&mut vm, &mut b, 10);
    assert_eq!(vm.variables()[0], 1);
    assert_eq!(vm.variables()[1], 1, "click counter");
}

#[test]
fn cale_sets_thresholds_as_percent_of_the_live_reading() {
    let mut vm = vm_with(program(
        &[Asm::new()
            .op(SENT, &[0, 3])
            .op(SETE, &[4, 0, 8])
            .op(WAIT, &[2, 1])
            .op(CALE, &[4, 120, 80, 5])
            .op(SETV, &[0, 28, 4])
            .op(SETV, &[1, 29, 4])
            .op(SETV, &[2, 30, 4])],
        &[],
    ));
    let mut b = FakeBrick::default();
    b.raw[0] = 700; // 51 %
    run(&mut vm, &mut b, 30);
    assert_eq!(&vm.variables()[0..3], &[61, 40, 2]);
}

#[test]
fn dele_forgets_every_event() {
    let vm = run_task(
        Asm::new()
            .op(SETE, &[0, 8, 10])
            .op(DELE, &[])
            .br(MONE, &[2, 1], "h")
            .op(CNTI, &[0])
            .op(CNTI, &[0])
            .op(SETV, &[5, 2, 1])
            .op(MONEX, &[])
            .label("h"),
        20,
    );
    assert_eq!(vm.variables()[5], 1);
}

// ---------------------------------------------------------------- access control

#[test]
fn a_higher_priority_acquire_preempts_the_owner() {
    let p = program(
        &[
            Asm::new()
                .op(SETP, &[5])
                .op(START, &[1])
                .op(WAIT, &[2, 2])
                .br(MONAL, &[1], "lost")
                .op(SETV, &[0, 2, 1])
                .op(MONAX, &[])
                .br(JMP, &[], "end")
                .label("lost")
                .op(SETV, &[0, 2, 2])
                .label("end"),
            Asm::new()
                .op(SETP, &[1])
                .op(WAIT, &[2, 5])
                .br(MONAL, &[1], "lost")
                .op(SETV, &[1, 2, 1])
                .label("l")
                .br(JMP, &[], "l")
                .label("lost")
                .op(SETV, &[1, 2, 2]),
        ],
        &[],
    );
    let mut vm = vm_with(p);
    run(&mut vm, &mut FakeBrick::default(), 100);
    let v = vm.variables();
    assert_eq!(v[0], 1, "task 0 (priority 5) acquired first, then left");
    assert_eq!(v[1], 1, "task 1 acquired after task 0 released");

    // Now task 1 (priority 1) holds A forever and task 0 (priority 5) tries: fails.
    let p = program(
        &[
            Asm::new()
                .op(SETP, &[5])
                .op(START, &[1])
                .op(WAIT, &[2, 5])
                .br(MONAL, &[1], "lost")
                .op(SETV, &[0, 2, 1])
                .br(JMP, &[], "end")
                .label("lost")
                .op(SETV, &[0, 2, 2])
                .label("end"),
            Asm::new()
                .op(SETP, &[1])
                .br(MONAL, &[1], "lost")
                .label("l")
                .br(JMP, &[], "l")
                .label("lost")
                .op(SETV, &[1, 2, 2]),
        ],
        &[],
    );
    let mut vm = vm_with(p);
    run(&mut vm, &mut FakeBrick::default(), 100);
    assert_eq!(vm.variables()[0], 2, "lower priority cannot take it");

    // And the other way round: task 0 (5) holds it, task 1 (1) takes it away.
    let p = program(
        &[
            Asm::new()
                .op(SETP, &[5])
                .br(MONAL, &[1], "lost")
                .op(START, &[1])
                .label("l")
                .br(JMP, &[], "l")
                .label("lost")
                .op(SETV, &[0, 2, 3]),
            Asm::new()
                .op(SETP, &[1])
                .br(MONAL, &[1], "lost")
                .op(SETV, &[1, 2, 1])
                .label("l")
                .br(JMP, &[], "l")
                .label("lost")
                .op(SETV, &[1, 2, 2]),
        ],
        &[],
    );
    let mut vm = vm_with(p);
    run(&mut vm, &mut FakeBrick::default(), 100);
    assert_eq!(
        vm.variables()[0],
        3,
        "task 0 was pre-empted into its handler"
    );
    assert_eq!(vm.variables()[1], 1);
}

#[test]
fn stopping_a_task_releases_its_resources() {
    let p = program(
        &[
            Asm::new()
                .op(START, &[1])
                .op(WAIT, &[2, 1])
                .op(STOP1, &[1])
                .br(MONAL, &[1], "lost")
                .op(SETV, &[0, 2, 1])
                .br(JMP, &[], "end")
                .label("lost")
                .op(SETV, &[0, 2, 2])
                .label("end"),
            Asm::new()
                .op(SETP, &[0])
                .br(MONAL, &[1], "x")
                .label("x")
                .label("l")
                .br(JMP, &[], "l"),
        ],
        &[],
    );
    let mut vm = vm_with(p);
    run(&mut vm, &mut FakeBrick::default(), 50);
    assert_eq!(vm.variables()[0], 1);
}

// ---- the brick's face: LCD and buttons (issue 16) ----

#[test]
fn a_program_cycling_select_display_shows_each_view_in_turn_and_setwatch_5_25_reads_05_25() {
    let mut vm = vm_with(program(
        &[Asm::new()
            .op(SETW, &[5, 25])
            .op(SENT, &[1, 1]) // touch on sensor 2
            .op(PWR, &[4, 2, 3]) // output C power 3
            .op(OUT, &[2, 4]) // …on
            .op(VIEW, &[2, 2]) // sensor 2
            .op(WAIT, &[2, 10])
            .op(VIEW, &[2, 6]) // output C
            .op(WAIT, &[2, 10])
            .op(VIEW, &[2, 0]) // watch
            .op(WAIT, &[2, 10])
            .op(SETV, &[4, 2, -75])
            .op(DISP, &[1, 0, 4]) // user: var 4, one decimal
            .op(WAIT, &[2, 10])],
        &[],
    ));
    let mut b = FakeBrick::default();
    b.raw[1] = 50; // pressed
    let mut seen = Vec::new();
    for _ in 0..4 {
        run(&mut vm, &mut b, 100);
        let l = vm.lcd();
        seen.push((l.view, l.value, l.text));
    }
    assert_eq!(
        seen,
        [
            ("sensor 2".to_string(), 1, "1".to_string()),
            ("output C".to_string(), 3, "3".to_string()),
            ("watch".to_string(), 325, "05.25".to_string()),
            ("user".to_string(), -75, "-7.5".to_string()),
        ]
    );
    let l = vm.lcd();
    assert_eq!(l.arrows, [None, None, Some(true)]);
    assert_eq!(l.program, 1);
    assert!(l.running);
}

#[test]
fn the_watch_counts_minutes_since_power_on_and_wraps_at_24_hours() {
    let mut vm = vm_with(program(&[Asm::new().op(SETW, &[23, 59])], &[]));
    let mut b = FakeBrick::default();
    run(&mut vm, &mut b, 5);
    assert_eq!(vm.lcd().text, "23.59");
    run(&mut vm, &mut b, 60_000);
    assert_eq!(vm.lcd().text, "00.00");
    assert!(!vm.lcd().running, "the figure stands once the task ended");
}

#[test]
fn prgm_then_run_starts_task_0_of_the_next_slot_and_run_again_stops_it() {
    use lurobotsim::vm::{Button, Vm, VmConfig};
    let mut vm = Vm::new(VmConfig::default());
    // Slot 1 (shown as 1): var 0 = 1; slot 2: motor A on and var 0 = 2, then wait.
    vm.load(0, program(&[Asm::new().op(SETV, &[0, 2, 1])], &[]));
    vm.load(
        1,
        program(
            &[Asm::new()
                .op(OUT, &[2, 1])
                .op(SETV, &[0, 2, 2])
                .op(WAIT, &[2, 1000])],
            &[],
        ),
    );
    let mut b = FakeBrick::default();
    vm.press(Button::Prgm);
    assert_eq!((vm.slot(), vm.lcd().program), (1, 2));
    vm.press(Button::Run);
    run(&mut vm, &mut b, 10);
    assert_eq!(vm.variables()[0], 2, "the program in the new slot ran");
    assert!(vm.lcd().running);
    assert_eq!(vm.outputs()[0].mode, OutputMode::On);
    vm.press(Button::Run);
    assert!(!vm.lcd().running, "Run while running stops the program");
    assert_eq!(vm.outputs()[0].mode, OutputMode::Float);
    for _ in 0..4 {
        vm.press(Button::Prgm);
    }
    assert_eq!(vm.lcd().program, 1, "Prgm wraps from 5 to 1");
}

#[test]
fn view_cycles_watch_sensors_outputs_and_back() {
    use lurobotsim::vm::{Button, Vm, VmConfig};
    let mut vm = Vm::new(VmConfig::default());
    let mut views = vec![vm.lcd().view];
    for _ in 0..7 {
        vm.press(Button::View);
        views.push(vm.lcd().view);
    }
    assert_eq!(
        views,
        [
            "watch", "sensor 1", "sensor 2", "sensor 3", "output A", "output B", "output C",
            "watch"
        ]
    );
}

#[test]
fn on_off_blanks_the_brick_stops_the_program_and_keeps_programs_and_variables() {
    use lurobotsim::vm::Button;
    let mut vm = vm_with(program(
        &[Asm::new()
            .op(SETW, &[1, 0])
            .op(SETV, &[7, 2, 9])
            .op(OUT, &[2, 1])
            .op(WAIT, &[2, 1000])],
        &[],
    ));
    let mut b = FakeBrick::default();
    run(&mut vm, &mut b, 10);
    vm.press(Button::OnOff);
    let l = vm.lcd();
    assert!(!l.on && l.text.is_empty() && !l.running);
    assert_eq!(vm.outputs()[0].mode, OutputMode::Float);
    vm.press(Button::Run);
    run(&mut vm, &mut b, 10);
    assert!(
        vm.tasks().iter().all(|t| t.state == TaskState::Stopped),
        "Run does nothing while off"
    );
    vm.press(Button::OnOff);
    let l = vm.lcd();
    assert!(l.on);
    assert_eq!((l.view.as_str(), l.text.as_str()), ("watch", "00.00"));
    assert_eq!(vm.variables()[7], 9, "variables survive off/on");
    vm.press(Button::Run);
    run(&mut vm, &mut b, 10);
    assert!(vm.lcd().running, "the program is still there");
}

#[test]
fn the_datalog_circle_fills_in_quarters() {
    let vm = run_task(
        Asm::new().op(LOGZ, &[4]).op(LOG, &[1, 0]).op(LOG, &[1, 0]),
        10,
    );
    assert_eq!(vm.lcd().datalog, Some(2));
    assert_eq!(run_task(Asm::new(), 2).lcd().datalog, None);
}

#[test]
fn switching_the_brick_off_cuts_the_tone_that_is_playing() {
    // Regression: the tone under way played to its end, 0.3 s after the brick went off.
    use lurobotsim::vm::Button;
    let mut vm = vm_with(program(
        &[Asm::new().op(PLAYT, &[440, 50]).op(PLAYT, &[880, 100])],
        &[],
    ));
    let mut b = FakeBrick::default();
    run(&mut vm, &mut b, 200);
    vm.press(Button::OnOff);
    let s: Vec<_> = vm.sounds().iter().cloned().collect();
    assert_eq!(s.len(), 1, "the queued 880 Hz tone never plays: {s:?}");
    assert_eq!(s[0].value, 440);
    assert!(
        s[0].time_ms + s[0].duration_ms as u64 <= vm.now_ms(),
        "the 440 Hz tone ends when the brick goes off: {s:?} at {} ms",
        vm.now_ms()
    );
}

//! The ROBOLAB 2.9 programs of lurobotsim.md §8, instruction for instruction, with the
//! touch and light sensors scripted through the fake brick.

use crate::vm_support;
use lurobotsim::vm::{OutputMode, TaskState, Vm};
use vm_support::*;

/// ROBOLAB's "motor A at level L" (negative = backward): set 0,47,2,L ; mulv 47,2,20 ;
/// set 5,0,0,47 ; out 2,1.
fn motor_a(a: Asm, level: i32) -> Asm {
    a.op(SET, &[0, 47, 2, level])
        .op(MULV, &[47, 2, 20])
        .op(SET, &[5, 0, 0, 47])
        .op(OUT, &[2, 1])
}

/// Ticks until `cond` holds (at most `max` ms); returns the time it first held.
fn run_until(vm: &mut Vm, b: &mut FakeBrick, max: u64, cond: impl Fn(&Vm) -> bool) -> u64 {
    for _ in 0..max {
        if cond(vm) {
            return vm.now_ms();
        }
        vm.tick(b);
    }
    panic!("condition not met within {max} ms");
}

/// Raw reading of a light sensor showing `percent` (inverse of the firmware formula).
fn light_raw(percent: i32) -> u16 {
    (1023 - (percent * 156 + 24) / 25) as u16
}

#[test]
fn touch_script_drives_to_the_wall_stops_reverses_and_stops() {
    // M2 on E2: forward until pushed, stop 1 s, backward 2 s, stop.
    let mut t = Asm::new()
        .op(TMRZ, &[3])
        .op(SET, &[24, 9, 2, 1])
        .op(SENT, &[0, 1]);
    t = motor_a(t, 5)
        .label("l")
        .br(CHKL, &[2, 1, 0, 9, 0], "pushed")
        .br(JMPL, &[], "l")
        .label("pushed")
        .op(OUT, &[1, 1])
        .op(WAIT, &[2, 100]);
    t = motor_a(t, -5).op(WAIT, &[2, 200]).op(OUT, &[1, 1]);
    let mut vm = vm_with(program(&[t], &[]));
    let mut b = FakeBrick::default();
    run(&mut vm, &mut b, 1500);
    let a = vm.outputs()[0];
    assert_eq!(
        (a.mode, a.forward, a.percent),
        (OutputMode::On, true, Some(100))
    );
    b.raw[0] = 80; // the bumper hits the wall
    let hit = vm.now_ms();
    let braked = run_until(&mut vm, &mut b, 50, |vm| {
        vm.outputs()[0].mode == OutputMode::Off
    });
    assert!(
        braked - hit <= 4,
        "stops within a few instructions: {}",
        braked - hit
    );
    b.raw[0] = 1023;
    let reversed = run_until(&mut vm, &mut b, 2000, |vm| {
        vm.outputs()[0].mode == OutputMode::On
    });
    assert!(
        (1000..=1006).contains(&(reversed - braked)),
        "{}",
        reversed - braked
    );
    let a = vm.outputs()[0];
    assert_eq!(
        (a.forward, a.percent, a.signed_percent()),
        (false, Some(100), -100)
    );
    let stopped = run_until(&mut vm, &mut b, 3000, |vm| {
        vm.outputs()[0].mode == OutputMode::Off
    });
    assert!(
        (2000..=2003).contains(&(stopped - reversed)),
        "{}",
        stopped - reversed
    );
    run(&mut vm, &mut b, 5);
    assert_eq!(vm.tasks()[0].state, TaskState::Stopped);
}

#[test]
fn touch_fork_takes_the_pressed_branch_only_when_pressed() {
    // "Touch sensor fork": chkl 2,1,0,9,0,Pressed ; (released branch) ; jmpl End ; Pressed:
    let t = Asm::new()
        .op(SENT, &[0, 1])
        .op(WAIT, &[2, 1])
        .br(CHKL, &[2, 1, 0, 9, 0], "pressed")
        .op(SETV, &[0, 2, 1])
        .br(JMPL, &[], "end")
        .label("pressed")
        .op(SETV, &[0, 2, 2])
        .label("end");
    let released = {
        let mut vm = vm_with(program(&[t], &[]));
        run(&mut vm, &mut FakeBrick::default(), 100);
        vm.variables()[0]
    };
    assert_eq!(released, 1);
    let t = Asm::new()
        .op(SENT, &[0, 1])
        .op(WAIT, &[2, 1])
        .br(CHKL, &[2, 1, 0, 9, 0], "pressed")
        .op(SETV, &[0, 2, 1])
        .br(JMPL, &[], "end")
        .label("pressed")
        .op(SETV, &[0, 2, 2])
        .label("end");
    let mut vm = vm_with(program(&[t], &[]));
    let mut b = FakeBrick::default();
    b.raw[0] = 100;
    run(&mut vm, &mut b, 100);
    assert_eq!(vm.variables()[0], 2);
}

/// sent 0,3 ; motor A on ; <wait> ; out 1,1 — returns when A braked.
fn light_wait_program(wait: impl FnOnce(Asm) -> Asm) -> Vm {
    let t = motor_a(Asm::new().op(SENT, &[0, 3]), 3);
    let t = wait(t).op(OUT, &[1, 1]);
    vm_with(program(&[t], &[]))
}

#[test]
fn wait_for_dark_stops_at_the_black_line() {
    let mut vm = light_wait_program(|a| {
        a.label("l")
            .br(CHKL, &[2, 40, 1, 9, 0], "l2")
            .br(JMPL, &[], "l")
            .label("l2")
    });
    let mut b = FakeBrick::default();
    b.raw[0] = light_raw(55); // white floor
    run(&mut vm, &mut b, 500);
    assert_eq!(vm.outputs()[0].mode, OutputMode::On);
    b.raw[0] = light_raw(41);
    run(&mut vm, &mut b, 100);
    assert_eq!(vm.outputs()[0].mode, OutputMode::On, "41 % is not dark yet");
    b.raw[0] = light_raw(30); // the black line
    run(&mut vm, &mut b, 5);
    assert_eq!(vm.outputs()[0].mode, OutputMode::Off);
}

#[test]
fn wait_for_light_stops_on_white() {
    let mut vm = light_wait_program(|a| {
        a.label("l")
            .br(CHKL, &[2, 55, 0, 9, 0], "l2")
            .br(JMPL, &[], "l")
            .label("l2")
    });
    let mut b = FakeBrick::default();
    b.raw[0] = light_raw(30);
    run(&mut vm, &mut b, 300);
    assert_eq!(vm.outputs()[0].mode, OutputMode::On);
    b.raw[0] = light_raw(58);
    run(&mut vm, &mut b, 5);
    assert_eq!(vm.outputs()[0].mode, OutputMode::Off);
}

#[test]
fn wait_for_darker_compares_against_a_variable_threshold() {
    // The original could not run this (needs subv and a variable in chkl).
    let mut vm = light_wait_program(|a| {
        a.op(WAIT, &[2, 1])
            .op(SET, &[0, 47, 9, 0])
            .op(SUBV, &[47, 2, 20])
            .label("l")
            .br(CHKL, &[0, 47, 1, 9, 0], "l2")
            .br(JMPL, &[], "l")
            .label("l2")
    });
    let mut b = FakeBrick::default();
    b.raw[0] = light_raw(50);
    run(&mut vm, &mut b, 300);
    b.raw[0] = light_raw(35); // darker, but by less than 20
    run(&mut vm, &mut b, 300);
    assert_eq!(vm.outputs()[0].mode, OutputMode::On);
    b.raw[0] = light_raw(28);
    run(&mut vm, &mut b, 5);
    assert_eq!(vm.outputs()[0].mode, OutputMode::Off);
}

#[test]
fn wait_for_lighter_compares_against_a_variable_threshold() {
    let mut vm = light_wait_program(|a| {
        a.op(WAIT, &[2, 1])
            .op(SET, &[0, 47, 9, 0])
            .op(SUMV, &[47, 2, 15])
            .label("l")
            .br(CHKL, &[0, 47, 0, 9, 0], "l2")
            .br(JMPL, &[], "l")
            .label("l2")
    });
    let mut b = FakeBrick::default();
    b.raw[0] = light_raw(30);
    run(&mut vm, &mut b, 300);
    b.raw[0] = light_raw(40);
    run(&mut vm, &mut b, 300);
    assert_eq!(vm.outputs()[0].mode, OutputMode::On);
    b.raw[0] = light_raw(47);
    run(&mut vm, &mut b, 5);
    assert_eq!(vm.outputs()[0].mode, OutputMode::Off);
}

#[test]
fn two_motor_forward_turns_a_on_one_instruction_before_c() {
    // ROBOLAB sets each motor with its own `out`: A goes on 1 ms before C (lurobotsim.md §4).
    let mut t = Asm::new();
    t = t
        .op(SET, &[0, 47, 2, 4])
        .op(MULV, &[47, 2, 20])
        .op(SET, &[5, 0, 0, 47])
        .op(SET, &[5, 2, 0, 47])
        .op(OUT, &[2, 1])
        .op(OUT, &[2, 4])
        .op(WAIT, &[2, 200])
        .op(OUT, &[1, 5]);
    let mut vm = vm_with(program(&[t], &[]));
    let mut b = FakeBrick::default();
    run(&mut vm, &mut b, 5);
    let [a, _, c] = vm.outputs();
    assert_eq!((a.mode, c.mode), (OutputMode::On, OutputMode::Float));
    run(&mut vm, &mut b, 1);
    let [a, _, c] = vm.outputs();
    assert_eq!((a.mode, c.mode), (OutputMode::On, OutputMode::On));
    assert_eq!((a.percent, c.percent, a.power), (Some(80), Some(80), 6));
}

//! Control flow: loops, decrement-and-jump, subroutines and their one return address,
//! program selection, and faults that must never crash the VM.

use crate::vm_support;
use lurobotsim::vm::TaskState;
use vm_support::*;

#[test]
fn decvjn_repeat_runs_the_body_n_times() {
    // NQC's repeat(3): setv 47,2,3 ; L: decvjn 47,END ; body ; jmp L ; END:
    let vm = run_task(
        Asm::new()
            .op(SETV, &[47, 2, 3])
            .label("l")
            .br(DECVJN, &[47], "end")
            .op(SUMV, &[0, 2, 2])
            .br(JMP, &[], "l")
            .label("end"),
        100,
    );
    assert_eq!(vm.variables()[0], 6);
}

#[test]
fn decvjnl_for_loop_as_robolab_writes_it() {
    let vm = run_task(
        Asm::new()
            .op(SETV, &[33, 2, 5])
            .label("l1")
            .br(DECVJNL, &[33], "l2")
            .op(SUMV, &[0, 2, 1])
            .br(JMPL, &[], "l1")
            .label("l2"),
        100,
    );
    assert_eq!(vm.variables()[0], 5);
}

#[test]
fn loop_counters_nest_and_give_n_iterations() {
    // loops 3 { loops 2 { var0++ } var1++ }
    let vm = run_task(
        Asm::new()
            .op(LOOPS, &[2, 3])
            .label("outer")
            .br(LOOPC, &[], "outer_end")
            .op(LOOPS, &[2, 2])
            .label("inner")
            .br(LOOPCL, &[], "inner_end")
            .op(SUMV, &[0, 2, 1])
            .br(JMP, &[], "inner")
            .label("inner_end")
            .op(SUMV, &[1, 2, 1])
            .br(JMP, &[], "outer")
            .label("outer_end"),
        200,
    );
    assert_eq!(vm.variables()[0], 6);
    assert_eq!(vm.variables()[1], 3);
}

#[test]
fn loops_with_a_count_outside_1_to_255_runs_zero_times() {
    let vm = run_task(
        Asm::new()
            .op(LOOPS, &[2, 0])
            .label("l")
            .br(LOOPC, &[], "end")
            .op(SUMV, &[0, 2, 1])
            .br(JMP, &[], "l")
            .label("end"),
        50,
    );
    assert_eq!(vm.variables()[0], 0);
}

#[test]
fn a_fifth_loop_level_overwrites_the_top_counter() {
    // Five pushes then count the top level: 7 (the fifth value), then the level below
    // it is the fourth push (2), not the fifth's predecessor shifted.
    let mut a = Asm::new();
    for v in [1, 1, 1, 2, 7] {
        a = a.op(LOOPS, &[2, v]);
    }
    let vm = run_task(
        a.label("l")
            .br(LOOPC, &[], "next")
            .op(SUMV, &[0, 2, 1])
            .br(JMP, &[], "l")
            .label("next")
            .label("m")
            .br(LOOPC, &[], "end")
            .op(SUMV, &[1, 2, 1])
            .br(JMP, &[], "m")
            .label("end"),
        200,
    );
    assert_eq!(vm.variables()[0], 7);
    assert_eq!(
        vm.variables()[1],
        1,
        "fourth level holds 1 (the third push)"
    );
}

#[test]
fn calls_runs_the_sub_on_the_calling_task_and_returns() {
    let p = program(
        &[Asm::new()
            .op(CALLS, &[0])
            .op(CALLS, &[0])
            .op(SETV, &[1, 0, 0])],
        &[Asm::new().op(SUMV, &[0, 2, 10]).op(RETS, &[])],
    );
    let mut vm = vm_with(p);
    run(&mut vm, &mut FakeBrick::default(), 50);
    assert_eq!(vm.variables()[0], 20);
    assert_eq!(vm.variables()[1], 20);
    assert!(vm.faults().is_empty());
}

#[test]
fn a_sub_without_rets_returns_at_its_end_as_if_the_firmware_appended_one() {
    let p = program(
        &[Asm::new().op(CALLS, &[3]).op(SETV, &[1, 2, 1])],
        &[
            Asm::new(),
            Asm::new(),
            Asm::new(),
            Asm::new().op(SETV, &[0, 2, 5]),
        ],
    );
    let mut vm = vm_with(p);
    run(&mut vm, &mut FakeBrick::default(), 50);
    assert_eq!(vm.variables(), {
        let mut v = [0; 32];
        v[0] = 5;
        v[1] = 1;
        v
    });
}

#[test]
fn calling_an_undefined_sub_is_a_no_op_with_a_fault() {
    let vm = run_task(Asm::new().op(CALLS, &[5]).op(SETV, &[0, 2, 1]), 20);
    assert_eq!(vm.variables()[0], 1);
    assert!(vm.faults()[0].message.contains("undefined sub 5"));
}

#[test]
fn a_sub_calling_a_sub_loses_the_outer_return_address_and_stops_the_task() {
    let p = program(
        &[Asm::new().op(CALLS, &[0]).op(SETV, &[9, 2, 1])],
        &[
            Asm::new()
                .op(CALLS, &[1])
                .op(SETV, &[0, 2, 1])
                .op(RETS, &[]),
            Asm::new().op(SETV, &[1, 2, 1]).op(RETS, &[]),
        ],
    );
    let mut vm = vm_with(p);
    run(&mut vm, &mut FakeBrick::default(), 50);
    let v = vm.variables();
    assert_eq!((v[0], v[1]), (1, 1), "inner sub returns into the outer one");
    assert_eq!(v[9], 0, "the outer sub cannot return to the task");
    assert_eq!(vm.tasks()[0].state, TaskState::Stopped);
    assert!(vm.faults()[0].message.contains("called from inside sub 0"));
    assert!(vm.faults()[1]
        .message
        .contains("return address was overwritten"));
}

#[test]
fn recursion_is_a_loop_with_one_fault_and_never_hangs() {
    let p = program(
        &[Asm::new().op(CALLS, &[0])],
        &[Asm::new()
            .op(SUMV, &[0, 2, 1])
            .op(CALLS, &[0])
            .op(RETS, &[])],
    );
    let mut vm = vm_with(p);
    run(&mut vm, &mut FakeBrick::default(), 10_000);
    // With one return address a self-call is a jump: the sub loops, as on the brick.
    assert_eq!(vm.tasks()[0].state, TaskState::Running);
    assert_eq!(vm.variables()[0], 5000);
    assert_eq!(vm.faults().len(), 1, "{:?}", vm.faults());
}

#[test]
fn rets_outside_a_sub_stops_the_task() {
    let vm = run_task(Asm::new().op(RETS, &[]).op(SETV, &[0, 2, 1]), 10);
    assert_eq!(vm.variables()[0], 0);
    assert_eq!(vm.tasks()[0].state, TaskState::Stopped);
}

#[test]
fn a_bad_opcode_stops_the_task_with_a_fault() {
    let mut bytes = Asm::new().op(SETV, &[0, 2, 1]).bytes();
    bytes.push(0x47); // not an RCX 2.0 opcode
    bytes.extend(Asm::new().op(SETV, &[1, 2, 1]).bytes());
    let mut p = lurobotsim::rcx::Program::default();
    p.tasks[0] = Some(bytes);
    let mut vm = vm_with(p);
    run(&mut vm, &mut FakeBrick::default(), 10);
    assert_eq!(vm.variables()[0], 1);
    assert_eq!(vm.variables()[1], 0);
    let f = &vm.faults()[0];
    assert_eq!((f.task, f.pc, f.time_ms), (0, 5, 1));
    assert!(f.message.contains("0x47"), "{}", f.message);
}

#[test]
fn a_jump_outside_the_task_stops_it_with_a_fault() {
    let mut p = lurobotsim::rcx::Program::default();
    // jmpl +1000 from a 3-byte task.
    p.tasks[0] = Some(vec![0x72, 0xe8, 0x07]);
    let mut vm = vm_with(p);
    run(&mut vm, &mut FakeBrick::default(), 10);
    assert_eq!(vm.tasks()[0].state, TaskState::Stopped);
    assert!(
        vm.faults()[0].message.contains("outside task 0"),
        "{:?}",
        vm.faults()
    );
}

#[test]
fn a_truncated_instruction_at_the_end_faults() {
    let mut p = lurobotsim::rcx::Program::default();
    p.tasks[0] = Some(vec![0x14, 0x00, 0x02]);
    let mut vm = vm_with(p);
    run(&mut vm, &mut FakeBrick::default(), 10);
    assert!(vm.faults()[0].message.contains("cut off"));
}

#[test]
fn a_self_loop_costs_one_instruction_per_tick_and_never_hangs() {
    let mut vm = vm_with(program(&[Asm::new().label("l").br(JMP, &[], "l")], &[]));
    run(&mut vm, &mut FakeBrick::default(), 1000);
    assert_eq!(vm.tasks()[0].state, TaskState::Running);
    assert_eq!(vm.now_ms(), 1000);
}

#[test]
fn start_of_a_running_task_restarts_it_from_the_beginning() {
    let p = program(
        &[
            Asm::new().op(START, &[1]).op(WAIT, &[2, 1]).op(START, &[1]),
            Asm::new().op(SUMV, &[0, 2, 1]).op(WAIT, &[2, 100]),
        ],
        &[],
    );
    let mut vm = vm_with(p);
    run(&mut vm, &mut FakeBrick::default(), 50);
    assert_eq!(vm.variables()[0], 2);
}

#[test]
fn prgm_in_a_program_selects_the_slot_and_starts_its_task_0() {
    let mut vm = vm_with(program(
        &[Asm::new().op(PRGM, &[2]).op(SETV, &[0, 2, 1])],
        &[],
    ));
    vm.load(2, program(&[Asm::new().op(SETV, &[1, 2, 5])], &[]));
    run(&mut vm, &mut FakeBrick::default(), 10);
    assert_eq!(vm.slot(), 2);
    assert_eq!(vm.variables()[0], 0);
    assert_eq!(vm.variables()[1], 5);
}

#[test]
fn source_8_reads_the_program_slot() {
    let mut vm = vm_with(program(&[], &[]));
    vm.load(4, program(&[Asm::new().op(SETV, &[0, 8, 0])], &[]));
    vm.select_slot(4);
    vm.start_task(0);
    run(&mut vm, &mut FakeBrick::default(), 5);
    assert_eq!(vm.variables()[0], 4);
}

#[test]
fn indirect_variables_read_and_write_through_a_pointer() {
    let vm = run_task(
        Asm::new()
            .op(SETV, &[47, 2, 5])
            .op(SET, &[36, 47, 2, 7]) // var[var47] = 7
            .op(SETV, &[0, 36, 47]),
        20,
    );
    assert_eq!(vm.variables()[5], 7);
    assert_eq!(vm.variables()[0], 7);
}

#[test]
fn writing_a_read_only_source_is_ignored_with_a_fault() {
    let vm = run_task(Asm::new().op(SET, &[9, 0, 2, 5]).op(SETV, &[0, 2, 1]), 10);
    assert_eq!(vm.variables()[0], 1);
    assert!(vm.faults()[0].message.contains("not writable"));
}

#[test]
fn random_is_deterministic_for_a_seed_and_stays_in_range() {
    let t = || {
        let mut a = Asm::new();
        for i in 0..20 {
            a = a.op(SETV, &[i, 4, 10]);
        }
        a
    };
    let a = run_task(t(), 50).variables();
    let b = run_task(t(), 50).variables();
    assert_eq!(a, b);
    assert!(a[..20].iter().all(|v| (0..=10).contains(v)));
    assert!(a[..20].iter().any(|&v| v != a[0]), "not constant: {a:?}");
}

#[test]
fn writing_source_8_in_a_program_switches_and_starts_the_new_slot_from_its_start() {
    let mut vm = vm_with(program(
        &[Asm::new().op(SET, &[8, 0, 2, 1]).op(SETV, &[0, 2, 1])],
        &[],
    ));
    vm.load(
        1,
        program(&[Asm::new().op(SETV, &[1, 2, 5]).op(SETV, &[2, 2, 6])], &[]),
    );
    run(&mut vm, &mut FakeBrick::default(), 10);
    assert_eq!(vm.slot(), 1);
    let v = vm.variables();
    assert_eq!(
        (v[0], v[1], v[2]),
        (0, 5, 6),
        "the new task 0 ran from address 0"
    );
}

#[test]
fn the_seed_decides_the_random_numbers_and_nothing_else_does() {
    let run_seed = |seed: u64| {
        let mut vm = lurobotsim::vm::Vm::new(lurobotsim::vm::VmConfig {
            seed,
            ..Default::default()
        });
        let mut a = Asm::new();
        for i in 0..8 {
            a = a.op(SETV, &[i, 4, 1000]);
        }
        vm.load(0, program(&[a], &[]));
        vm.start_task(0);
        run(&mut vm, &mut FakeBrick::default(), 20);
        serde_json::Value::Object(vm.state_json())
    };
    assert_eq!(run_seed(7), run_seed(7));
    assert_ne!(run_seed(7)["variables"], run_seed(8)["variables"]);
}

//! Every VI kind from ROBOLAB-style programs (tests/programs/trace_*.lasm) and NQC's code
//! (the captured `nqc` download, bytes from its listing), with their wires.

use crate::trace_support;

use lurobotsim::rcx::Program;
use lurobotsim::trace::{recognise, Vi, ViKind};
use serde_json::json;
use std::collections::BTreeSet;
use trace_support::{asm, asm_file};

fn strip(vis: &[Vi], task: u8, sub: Option<u8>) -> Vec<&Vi> {
    vis.iter()
        .filter(|v| v.task == task && v.sub == sub)
        .collect()
}

#[test]
fn a_strip_of_most_kinds_is_recognised_in_order() {
    let vis = recognise(&asm_file("trace_kinds.lasm"));
    use ViKind::*;
    let t0: Vec<ViKind> = strip(&vis, 0, None).iter().map(|v| v.kind).collect();
    assert_eq!(
        t0,
        vec![
            SensorSetup,
            SensorSetup,
            WaitDarker,
            WaitLighter,
            WaitRotation,
            Loop,
            PlaySound,
            PlayTone,
            LoopEnd,
            Container,
            Container,
            TimerReset,
            Subroutine,
            TaskSplit,
            StopTask,
            StartTask,
            Generic,
            WaitTime,
            StopTask,
        ]
    );
    let t0 = strip(&vis, 0, None);
    assert_eq!(t0[0].label, "Touch sensor on 1");
    assert_eq!(t0[1].label, "Rotation sensor on 3");
    assert_eq!(t0[2].label, "Wait for darker by 40 on 2");
    assert_eq!(t0[2].params.change, Some(40));
    assert_eq!(t0[3].label, "Wait for lighter by 55 on 2");
    assert_eq!(t0[4].label, "Wait for rotation >= 16 on 3");
    assert_eq!(t0[5].label, "Loop 5 times");
    assert_eq!(t0[5].params.count, Some(5));
    assert_eq!(t0[6].label, "Play sound 1 (double beep)");
    assert_eq!(t0[7].label, "Play tone 440 Hz, 0.20 s");
    assert_eq!(t0[9].label, "Container 0 = 7");
    assert_eq!(t0[10].label, "Container 0 += 1");
    assert_eq!(t0[11].label, "Reset timer 1");
    assert_eq!(t0[12].label, "Subroutine 0");
    assert_eq!(t0[13].label, "Task split: task 1");
    assert_eq!(t0[14].label, "Stop task 1");
    assert_eq!(t0[15].label, "Start task 1");
    assert_eq!(t0[16].label, "disp 0,0,0");
    assert_eq!(t0[17].label, "Wait for random time up to 3.0 s");
    assert_eq!(t0[18].label, "Stop all tasks");
    // The loop's wires: body first, then the exit; the loop end goes back to the head.
    assert_eq!(t0[5].successors, vec![t0[6].index, t0[9].index]);
    assert_eq!(t0[8].successors, vec![t0[5].index]);
    // A task split wires to its own next icon and to the first icon of the new task.
    let t1 = strip(&vis, 1, None);
    assert_eq!(t0[13].successors, vec![t0[14].index, t1[0].index]);
    assert!(t0[18].successors.is_empty());
    // The sub's strip, shown under its caller, with the appended `rets` hidden.
    let s0 = strip(&vis, 0, Some(0));
    assert_eq!(s0.len(), 1);
    assert_eq!(s0[0].kind, PlaySound);
}

#[test]
fn a_task_split_program_gives_one_strip_per_task_with_the_right_wires() {
    let vis = recognise(&asm_file("trace_task_split.lasm"));
    use ViKind::*;
    let t0 = strip(&vis, 0, None);
    let t1 = strip(&vis, 1, None);
    assert_eq!(
        t0.iter().map(|v| v.kind).collect::<Vec<_>>(),
        vec![MotorForward, TaskSplit, WaitPush, MotorStop, StopTask]
    );
    assert_eq!(
        t1.iter().map(|v| v.kind).collect::<Vec<_>>(),
        vec![Land, PlaySound, WaitTime, Jump]
    );
    assert_eq!(t0[0].label, "Motor A forward, power 4");
    assert_eq!(t0[1].successors, vec![t0[2].index, t1[0].index]);
    assert_eq!(t0[2].successors, vec![t0[3].index]);
    assert_eq!(t1[3].successors, vec![t1[0].index]);
    assert_eq!(t1[0].successors, vec![t1[1].index]);
    // Indices are global and in order.
    for (n, v) in vis.iter().enumerate() {
        assert_eq!(v.index, n);
    }
}

#[test]
fn a_line_follower_alternates_wait_for_dark_and_wait_for_light() {
    let vis = recognise(&asm_file("trace_line_follower.lasm"));
    use ViKind::*;
    let kinds: Vec<ViKind> = vis.iter().map(|v| v.kind).collect();
    assert_eq!(
        kinds,
        vec![
            SensorSetup,
            Land,
            MotorForward,
            MotorStop,
            WaitDark,
            MotorForward,
            MotorStop,
            WaitLight,
            Jump
        ]
    );
    assert_eq!(vis[1].label, "Land Again");
    assert_eq!(vis[2].label, "Motor A forward, power 3");
    assert_eq!(vis[3].label, "Motor C stop");
    assert_eq!(vis[4].params.sensor_port, Some(2));
    assert_eq!(vis[7].label, "Wait for light > 55");
    assert_eq!(vis[8].successors, vec![1]);
}

/// NQC's captured download (vectors/nqc listing): task main, task second, sub helper.
fn nqc_capture() -> Program {
    let mut p = Program::default();
    p.tasks[0] = Some(vec![
        0x13, 0x07, 0x02, 0x07, 0xe1, 0x87, 0x32, 0x00, 0x01, 0x42, 0x00, 0x20, 0x14, 0x00, 0x02,
        0x05, 0x00, 0x21, 0x85, 0x43, 0x02, 0x64, 0x00, 0x14, 0x2f, 0x02, 0x03, 0x00, 0xf2, 0x2f,
        0x0c, 0x23, 0xb8, 0x01, 0x0a, 0x24, 0x00, 0x02, 0x02, 0x00, 0x27, 0x8d, 0x85, 0x82, 0x09,
        0x01, 0x00, 0x00, 0x05, 0x21, 0x41, 0x27, 0x03, 0x21, 0x04, 0x71, 0x01, 0x95, 0x42, 0x01,
        0x14, 0x00, 0x00, 0xfa, 0xff, 0xe1, 0x01, 0x13, 0x01, 0x02, 0x03, 0xa1, 0x00, 0xe5, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x21, 0x45,
    ]);
    p.tasks[1] = Some(vec![0x14, 0x00, 0x04, 0x0a, 0x00, 0x17, 0x00, 0x27, 0x88]);
    p.subs[0] = Some(vec![0x51, 0x00]);
    p
}

#[test]
fn nqc_code_gets_a_sensible_icon_strip_too() {
    let vis = recognise(&nqc_capture());
    use ViKind::*;
    let t0 = strip(&vis, 0, None);
    assert_eq!(
        t0.iter().map(|v| v.kind).collect::<Vec<_>>(),
        vec![
            SensorSetup,   // pwr/dir init + SetSensor(SENSOR_1, SENSOR_TOUCH)
            Container,     // x = 5
            MotorForward,  // On(OUT_A + OUT_C)
            WaitTime,      // Wait(100)
            Loop,          // repeat(3)
            PlayTone,      //   PlayTone(440, 10)
            Container,     //   x += 2
            LoopEnd,       //
            TouchFork,     // if (SENSOR_1 == 1)
            MotorStop,     //   Off(OUT_A)
            MotorFloat,    // else Float(OUT_C)
            ForkMerge,     //
            TaskSplit,     // start second
            WaitTime,      // until (Timer(0) > 20)
            MotorBackward, // Rev(OUT_A); SetPower(OUT_A, 3)
            TimerReset,    // ClearTimer(0)
            Generic,       // SetUserDisplay(x, 0)
            MotorStop,     // Off(OUT_A + OUT_C)
        ]
    );
    assert_eq!(t0[0].ranges, vec![(0, 12)]);
    assert_eq!(t0[2].label, "Motors AC forward");
    assert_eq!(t0[3].label, "Wait for 1.0 s");
    assert_eq!(t0[4].label, "Loop 3 times");
    assert_eq!(t0[8].params.branch_when, Some("released".to_string()));
    // Fork: the fall-through (pressed) path, then the branch (released).
    assert_eq!(t0[8].successors, vec![t0[9].index, t0[10].index]);
    assert_eq!(t0[9].successors, vec![t0[11].index]);
    assert_eq!(t0[10].successors, vec![t0[11].index]);
    assert_eq!(t0[11].successors, vec![t0[12].index]);
    assert_eq!(t0[13].label, "Wait until timer 0 > 2.0 s");
    assert_eq!(t0[14].label, "Motor A backward, power 3");
    let t1 = strip(&vis, 1, None);
    assert_eq!(
        t1.iter().map(|v| v.kind).collect::<Vec<_>>(),
        vec![Land, Container, Subroutine, Jump]
    );
    assert_eq!(t1[1].label, "Container 0 = Random(10)");
    assert_eq!(t0[12].successors, vec![t0[13].index, t1[0].index]);
    let s0 = strip(&vis, 1, Some(0));
    assert_eq!(s0.len(), 1);
    assert_eq!(s0[0].label, "Play sound 0 (click)");
}

#[test]
fn a_while_loop_is_a_loop_with_a_condition_not_a_wait() {
    let p = asm("task 0\nsent 1,3\nL1: chkl 2,40,1,9,1,L2\nout 2,1\njmpl L1\nL2: out 1,1\nendt");
    let vis = recognise(&p);
    use ViKind::*;
    assert_eq!(
        vis.iter().map(|v| v.kind).collect::<Vec<_>>(),
        vec![Loop, MotorForward, LoopEnd, MotorStop]
    );
    // The loop runs while the sensor reads above 40.
    assert_eq!(vis[0].label, "While light 2 > 40");
    assert_eq!(vis[0].successors, vec![1, 3]);
    assert_eq!(vis[2].successors, vec![0]);
}

#[test]
fn robolab_counted_loop_with_decvjnl_is_a_loop() {
    let p = asm("task 0\nsetv 33,2,5\nL1: decvjnl 33,L2\nplays 1\njmpl L1\nL2: plays 2\nendt");
    let vis = recognise(&p);
    use ViKind::*;
    assert_eq!(
        vis.iter().map(|v| v.kind).collect::<Vec<_>>(),
        vec![Loop, PlaySound, LoopEnd, PlaySound]
    );
    assert_eq!(vis[0].params.container, Some(33));
}

#[test]
fn nested_forks_merge_in_the_right_order() {
    let p = asm("task 0
        chkl 2,1,0,9,0,ELSE
        plays 1
        jmpl END
    ELSE: chkl 2,1,0,9,1,ELSE2
        plays 2
        jmpl END
    ELSE2: plays 3
    END: plays 4
    endt");
    let vis = recognise(&p);
    use ViKind::*;
    assert_eq!(
        vis.iter().map(|v| v.kind).collect::<Vec<_>>(),
        vec![
            TouchFork, PlaySound, TouchFork, PlaySound, PlaySound, ForkMerge, ForkMerge, PlaySound
        ]
    );
    // Inner branches reach the inner merge first, which leads to the outer merge.
    assert_eq!(vis[3].successors, vec![5]);
    assert_eq!(vis[4].successors, vec![5]);
    assert_eq!(vis[5].successors, vec![6]);
    assert_eq!(vis[1].successors, vec![6]);
    assert_eq!(vis[6].successors, vec![7]);
}

#[test]
fn every_byte_of_every_task_belongs_to_exactly_one_icon() {
    for p in [
        asm_file("trace_kinds.lasm"),
        asm_file("trace_task_split.lasm"),
        asm_file("trace_line_follower.lasm"),
        nqc_capture(),
    ] {
        let vis = recognise(&p);
        for (t, code) in p.tasks.iter().enumerate() {
            let Some(code) = code else { continue };
            let mut seen = BTreeSet::new();
            for v in vis.iter().filter(|v| v.task == t as u8 && v.sub.is_none()) {
                for &(s, e) in &v.ranges {
                    for a in s..e {
                        assert!(seen.insert(a), "byte {a} of task {t} in two icons");
                    }
                }
            }
            assert_eq!(seen.len(), code.len(), "task {t}");
        }
    }
}

#[test]
fn vis_serialise_as_the_cli_json_describes_and_group_into_strips() {
    let vis = recognise(&asm_file("trace_task_split.lasm"));
    let v = serde_json::to_value(&vis[0]).unwrap();
    assert_eq!(v["index"], json!(0));
    assert_eq!(v["task"], json!(0));
    assert_eq!(v["kind"], json!("motor_forward"));
    assert_eq!(v["label"], json!("Motor A forward, power 4"));
    assert_eq!(v["params"]["port"], json!("A"));
    assert_eq!(v["params"]["power"], json!(4));
    assert!(v.get("sub").is_none());
    assert_eq!(v["successors"], json!([1]));
    let strips = lurobotsim::trace::strips(&vis);
    assert_eq!(strips.len(), 2);
    assert_eq!(strips[0].0, (0, None));
    assert_eq!(strips[0].1, vec![0, 1, 2, 3, 4]);
    assert_eq!(strips[1].0, (1, None));
    assert_eq!(strips[1].1, vec![5, 6, 7, 8]);
}

#[test]
fn typed_params_serialise_as_the_json_object_they_always_were() {
    // A power set from a variable, with no motor command after it: a generic icon whose
    // power is not a constant (JSON null), keys in alphabetical order.
    let vis = recognise(&asm("task 0\npwr 1, 0, 3\nwait 2, 10\nendt"));
    let v = serde_json::to_string(&vis[0].params).unwrap();
    assert_eq!(v, r#"{"port":"A","power":null}"#);
    assert_eq!(
        vis[0].params.power,
        Some(lurobotsim::trace::Power::NotConstant)
    );
    let wait = serde_json::to_string(&vis[1].params).unwrap();
    assert_eq!(wait, r#"{"seconds":0.1}"#);
}

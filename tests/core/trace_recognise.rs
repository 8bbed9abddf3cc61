//! The recogniser on ROBOLAB-style and NQC-style code: one test per VI kind, the
//! wait-versus-fork cases, and wires.

use crate::trace_support;

use lurobotsim::trace::{recognise, Direction, Power, Vi, ViKind};
use serde_json::json;
use trace_support::asm;

fn kinds(vis: &[Vi]) -> Vec<ViKind> {
    vis.iter().map(|v| v.kind).collect()
}

fn task0(body: &str) -> Vec<Vi> {
    recognise(&asm(&format!("task 0\n{body}\nendt\n")))
}

#[test]
fn robolab_motor_forward_wait_and_stop_make_three_icons() {
    let vis = task0(
        "tmrz 3\nset 24,9,2,1\nset 0,47,2,5\nmulv 47,2,20\nset 5,0,0,47\nout 2,1\nwait 2,200\nout 1,1",
    );
    use ViKind::*;
    assert_eq!(kinds(&vis), vec![MotorForward, WaitTime, MotorStop]);
    assert_eq!(vis[0].label, "Motor A forward, power 5");
    assert_eq!(vis[0].params.port, Some("A".to_string()));
    assert_eq!(vis[0].params.power, Some(Power::Level(5)));
    assert_eq!(vis[0].params.power_percent, Some(100));
    // The housekeeping joins the first icon: it covers the task from byte 0.
    assert_eq!(vis[0].ranges[0].0, 0);
    assert_eq!(vis[1].label, "Wait for 2.0 s");
    assert_eq!(vis[1].params.seconds, Some(2.0));
    assert_eq!(vis[2].label, "Motor A stop");
    assert_eq!(vis[0].successors, vec![1]);
    assert_eq!(vis[1].successors, vec![2]);
    assert!(vis[2].successors.is_empty());
}

#[test]
fn robolab_negative_power_factor_is_motor_backward() {
    let vis = task0("set 0,47,2,3\nmulv 47,2,-20\nset 5,2,0,47\nout 2,4");
    assert_eq!(kinds(&vis), vec![ViKind::MotorBackward]);
    assert_eq!(vis[0].label, "Motor C backward, power 3");
    assert_eq!(vis[0].params.direction, Some(Direction::Backward));
}

#[test]
fn nqc_on_rev_off_and_float_are_motor_icons() {
    // NQC: SetPower(OUT_A,3); OnRev(OUT_A); Off(OUT_A); Float(OUT_C); On(OUT_C)
    let vis = task0("pwr 1,2,3\ndir 0,1\nout 2,1\nout 1,1\nout 0,4\nout 2,4");
    use ViKind::*;
    assert_eq!(
        kinds(&vis),
        vec![MotorBackward, MotorStop, MotorFloat, MotorForward]
    );
    assert_eq!(vis[0].label, "Motor A backward, power 3");
    assert_eq!(vis[2].label, "Motor C float");
}

#[test]
fn nqc_direction_is_remembered_for_a_later_on() {
    let vis = task0("dir 0,1\nwait 2,10\nout 2,1");
    assert_eq!(vis[2].kind, ViKind::MotorBackward);
}

#[test]
fn robolab_wait_for_dark_is_a_chkl_with_a_jump_back() {
    let vis = task0("L: chkl 2,40,1,9,1,L2\njmpl L\nL2: out 1,1");
    assert_eq!(vis[0].kind, ViKind::WaitDark);
    assert_eq!(vis[0].label, "Wait for dark < 40");
    assert_eq!(vis[0].params.sensor_port, Some(2));
    assert_eq!(vis[0].params.threshold, Some(40));
    assert_eq!(vis[0].ranges, vec![(0, 11)]);
    assert_eq!(vis[0].successors, vec![1]);
}

#[test]
fn robolab_wait_for_light_is_a_chkl_below_the_reading() {
    let vis = task0("L: chkl 2,55,0,9,0,L2\njmpl L\nL2:\nout 1,1");
    assert_eq!(vis[0].kind, ViKind::WaitLight);
    assert_eq!(vis[0].label, "Wait for light > 55");
}

#[test]
fn robolab_wait_for_push_is_not_a_fork() {
    let vis = task0("L: chkl 2,1,0,9,0,L2\njmpl L\nL2:\nout 1,1");
    assert_eq!(kinds(&vis), vec![ViKind::WaitPush, ViKind::MotorStop]);
    assert_eq!(vis[0].label, "Wait for push on 1");
}

#[test]
fn wait_for_let_go_ends_when_the_button_reads_zero() {
    let vis = task0("sent 0,1\nL: chkl 2,0,1,9,0,L2\njmpl L\nL2:\nout 1,1");
    assert_eq!(vis[0].kind, ViKind::WaitLetgo);
    // The sensor setup right before the wait is part of the wait icon.
    assert_eq!(vis[0].ranges, vec![(0, 14)]);
}

#[test]
fn nqc_until_self_loop_is_a_wait() {
    // until (SENSOR_1 == 1);  → chkl 1 != Input(0), self
    let vis = task0("sent 0,1\nsenm 0,1,0\nL: chkl 2,1,2,9,0,L\nout 1,1");
    assert_eq!(kinds(&vis), vec![ViKind::WaitPush, ViKind::MotorStop]);
    // until (SENSOR_2 < 40) with a light sensor → loop while 40 <= Input(1)
    let vis = task0("sent 1,3\nL: chkl 2,40,0,9,1,L\nout 1,1");
    assert_eq!(vis[0].kind, ViKind::WaitDark);
    // until (SENSOR_2 > 55) → loop while 55 >= Input(1)
    let vis = task0("sent 1,3\nL: chkl 2,55,1,9,1,L\nout 1,1");
    assert_eq!(vis[0].kind, ViKind::WaitLight);
    assert_eq!(vis[0].params.relation, Some(">".to_string()));
}

#[test]
fn a_wait_whose_exit_jumps_back_is_a_wait_wired_to_a_land() {
    // The line follower's last wait: `L5: chkl 2,40,1,9,0,L2 ; jmpl L5` — wait for dark,
    // then carry on at L2 (a wait and a jump folded into one check).
    let vis = task0(
        "sent 0,3\nL2: out 2,4\nout 1,1\nL3: chkl 2,55,0,9,0,L4\njmpl L3\n\
         L4: out 2,1\nL5: chkl 2,40,1,9,0,L2\njmpl L5",
    );
    use ViKind::*;
    assert_eq!(
        kinds(&vis),
        vec![
            SensorSetup,
            Land,
            MotorForward,
            MotorStop,
            WaitLight,
            MotorForward,
            WaitDark
        ]
    );
    let wait = &vis[6];
    assert_eq!(wait.params.then_to, Some("L2".to_string()));
    assert_eq!(wait.successors, vec![1], "wired back to the land at L2");
    assert_eq!(vis[1].successors, vec![2]);
    // Both instructions of the loop belong to the wait: the tracer stays on it.
    assert_eq!(wait.ranges.len(), 1);
    let (s, e) = wait.ranges[0];
    assert_eq!(e - s, 11, "chkl (8 bytes) + jmpl (3 bytes)");
}

#[test]
fn touch_fork_is_a_chkl_whose_branch_jumps_forward_and_merges() {
    let vis = task0("chkl 2,1,0,9,0,ELSE\nout 2,1\njmpl END\nELSE: out 2,4\nEND: plays 1");
    use ViKind::*;
    assert_eq!(
        kinds(&vis),
        vec![TouchFork, MotorForward, MotorForward, ForkMerge, PlaySound]
    );
    assert_eq!(vis[0].params.branch_when, Some("pressed".to_string()));
    // Released (fall-through) path first, pressed branch second.
    assert_eq!(vis[0].successors, vec![1, 2]);
    assert_eq!(vis[1].successors, vec![3]);
    assert_eq!(vis[2].successors, vec![3]);
    assert_eq!(vis[3].successors, vec![4]);
}

#[test]
fn light_fork_without_else_merges_at_its_target() {
    let vis = task0("sent 1,3\nchk 2,40,1,9,1,END\nout 2,1\nEND: out 1,1");
    use ViKind::*;
    assert_eq!(
        kinds(&vis),
        vec![LightFork, MotorForward, ForkMerge, MotorStop]
    );
    assert_eq!(vis[0].successors, vec![1, 2]);
    assert_eq!(vis[2].successors, vec![3]);
    assert!(vis[2].ranges.is_empty());
}

#[test]
fn nqc_counted_loop_is_loop_and_loop_end() {
    let vis = task0("setv 47,2,3\nL: decvjn 47,END\nplayt 440,10\njmp L\nEND: out 1,1");
    use ViKind::*;
    assert_eq!(kinds(&vis), vec![Loop, PlayTone, LoopEnd, MotorStop]);
    assert_eq!(vis[0].label, "Loop 3 times");
    assert_eq!(vis[0].successors, vec![1, 3]);
    assert_eq!(vis[2].successors, vec![0]);
}

#[test]
fn robolab_forever_loop_is_land_and_jump() {
    let vis = task0("tmrz 3\nset 24,9,2,1\nL0: plays 1\nwait 2,50\njmpl L0");
    use ViKind::*;
    assert_eq!(kinds(&vis), vec![Land, PlaySound, WaitTime, Jump]);
    assert_eq!(vis[0].label, "Land L0");
    assert_eq!(vis[3].label, "Jump to L0");
    assert_eq!(vis[3].successors, vec![0]);
    assert_eq!(vis[0].successors, vec![1]);
}

#[test]
fn every_kind_has_a_png_icon_of_both_sizes_named_by_its_json_string() {
    for kind in ViKind::ALL {
        let json = serde_json::to_value(kind).unwrap();
        assert_eq!(json, json!(kind.as_str()));
        assert_eq!(ViKind::from_name(kind.as_str()), Some(kind));
        for (png, size) in [
            (lurobotsim::trace::icon_png(kind), 48u32),
            (lurobotsim::trace::icon_png_96(kind), 96),
        ] {
            let png = png.unwrap_or_else(|| panic!("{kind:?} has no icon"));
            let img = image::load_from_memory(png).unwrap();
            assert_eq!((img.width(), img.height()), (size, size), "{kind:?}");
        }
    }
}

#[test]
fn a_timer_cleared_with_set_is_a_timer_reset() {
    // ROBOLAB's NXT-era compiler writes `set 1,t,2,0` for `tmrz t`.
    let vis = task0("plays 0\nset 1,2,2,0");
    assert_eq!(vis[1].kind, ViKind::TimerReset);
    assert_eq!(vis[1].label, "Reset timer 2");
}

#[test]
fn nqc_rcx1_loop_counter_loop_is_a_loop() {
    let vis = task0("loops 2,4\nL: loopc END\nplays 1\njmp L\nEND: plays 2");
    use ViKind::*;
    assert_eq!(kinds(&vis), vec![Loop, PlaySound, LoopEnd, PlaySound]);
    assert_eq!(vis[0].label, "Loop 4 times");
}

#[test]
fn nqc_until_released_is_wait_for_let_go() {
    // until (SENSOR_1 == 0); → chkl 0 != Input(0), self
    let vis = task0("sent 0,1\nL: chkl 2,0,2,9,0,L\nplays 1");
    assert_eq!(vis[0].kind, ViKind::WaitLetgo);
    assert_eq!(vis[0].label, "Wait for let go on 1");
}

#[test]
fn a_check_on_something_else_is_a_generic_icon_named_by_its_condition() {
    // Wait until container 3 == 5: no ROBOLAB sensor icon for that.
    let vis = task0("L: chkl 2,5,2,0,3,L\nplays 1");
    assert_eq!(vis[0].kind, ViKind::Generic);
    assert_eq!(vis[0].label, "Wait until 5 == var[3]");
}

#[test]
fn an_undecodable_tail_becomes_one_generic_icon() {
    let mut p = asm("task 0\nplays 1\nendt");
    p.tasks[0]
        .as_mut()
        .unwrap()
        .extend_from_slice(&[0x47, 0x00]);
    let vis = recognise(&p);
    assert_eq!(kinds(&vis), vec![ViKind::PlaySound, ViKind::Generic]);
    assert_eq!(vis[1].ranges, vec![(2, 4)]);
    assert_eq!(vis[0].successors, vec![1]);
}

#[test]
fn sensors_configured_through_set_are_recognised_too() {
    // set 10,p,2,3 = light sensor type on port 2; set 11,p,2,128 = percent mode.
    let vis = task0("set 10,1,2,3\nset 11,1,2,128\nL: chkl 2,40,1,9,1,D\njmpl L\nD: plays 1");
    assert_eq!(vis[0].kind, ViKind::WaitDark);
    assert_eq!(vis[0].ranges, vec![(0, 23)]);
    let vis = task0("set 10,0,2,1\nplays 1");
    assert_eq!(vis[0].kind, ViKind::SensorSetup);
    assert_eq!(vis[0].label, "Touch sensor on 1");
}

#[test]
fn a_jump_to_the_merge_at_the_end_of_both_branches_belongs_to_the_merge() {
    let vis = task0("chkl 2,1,0,9,0,B\nplays 1\njmpl M\nB: plays 2\njmpl M\nM: plays 3");
    use ViKind::*;
    assert_eq!(
        kinds(&vis),
        vec![TouchFork, PlaySound, PlaySound, ForkMerge, PlaySound]
    );
    assert_eq!(vis[2].successors, vec![3]);
    assert_eq!(vis[3].ranges.len(), 2);
}

#[test]
fn nqc_do_while_is_a_land_and_a_conditional_loop_end() {
    // do { PlaySound(1); } while (SENSOR_1 == 0); → L: plays 1 ; chkl 0 == Input(0), L
    let vis = task0("sent 0,1\nL: plays 1\nchkl 2,0,3,9,0,L\nplays 2");
    use ViKind::*;
    assert_eq!(
        kinds(&vis),
        vec![SensorSetup, Land, PlaySound, LoopEnd, PlaySound]
    );
    assert_eq!(vis[3].successors, vec![4, 1]);
}

#[test]
fn without_a_sensor_type_the_mode_or_a_reset_tells_the_sensor() {
    // Angle mode → rotation sensor.
    let vis = task0("senm 2,7,0\nL: chkl 2,32,0,9,2,D\njmpl L\nD: plays 1");
    assert_eq!(vis[0].kind, ViKind::WaitRotation);
    // ROBOLAB zeroes a rotation sensor right before waiting on it.
    let vis = task0("senz 2\nL: chkl 2,32,0,9,2,D\njmpl L\nD: plays 1");
    assert_eq!(vis[0].kind, ViKind::WaitRotation);
    assert_eq!(vis[0].params.count, Some(32));
    // Nothing at all: a threshold other than 0/1 reads as a light sensor.
    let vis = task0("L: chkl 2,32,0,9,2,D\njmpl L\nD: plays 1");
    assert_eq!(vis[0].kind, ViKind::WaitLight);
}

#[test]
fn robolab_power_level_through_source_32_names_the_power() {
    let vis = task0("set 32,1,2,6\nout 2,2");
    assert_eq!(vis[0].kind, ViKind::MotorForward);
    assert_eq!(vis[0].label, "Motor B forward, power 6");
}

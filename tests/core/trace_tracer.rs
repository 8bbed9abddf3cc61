//! The tracer: pc → VI per task, events only on change, countdowns of timed waits.

use crate::trace_support;

use lurobotsim::trace::{Tracer, ViKind};
use lurobotsim::vm::{TaskState, TaskView};
use trace_support::asm;

fn view(task: u8, state: TaskState, pc: u16, wait: Option<u32>) -> TaskView {
    TaskView {
        task,
        state,
        pc,
        sub: None,
        wait_remaining_ms: wait,
    }
}

const FWD_WAIT_STOP: &str = "task 0
    tmrz 3
    set 24,9,2,1
    set 0,47,2,5
    mulv 47,2,20
    set 5,0,0,47
    out 2,1
    wait 2,200
    out 1,1
endt";

#[test]
fn tracer_maps_each_pc_to_its_icon_and_logs_only_changes() {
    let p = asm(FWD_WAIT_STOP);
    let mut t = Tracer::new(&p);
    let vis = t.vis().to_vec();
    let wait = &vis[1];
    assert_eq!(wait.kind, ViKind::WaitTime);
    let (ws, we) = wait.ranges[0];
    // Task starts: pc 0 is the housekeeping, shown as the motor icon.
    t.update(0, &[view(0, TaskState::Running, 0, None)]);
    t.update(1, &[view(0, TaskState::Running, 2, None)]);
    assert_eq!(t.current().get(&0), Some(&0));
    assert_eq!(t.events().len(), 1);
    // About to run the wait.
    t.update(7, &[view(0, TaskState::Running, ws, None)]);
    assert_eq!(t.current().get(&0), Some(&1));
    // Sleeping: the VM's pc is already past the wait, but the wait stays lit.
    t.update(8, &[view(0, TaskState::Waiting, we, Some(1990))]);
    assert_eq!(t.current().get(&0), Some(&1));
    assert_eq!(t.countdown(0), Some(1.99));
    t.update(1000, &[view(0, TaskState::Waiting, we, Some(999))]);
    assert_eq!(t.countdown(0), Some(0.999));
    // Woken: the stop icon.
    t.update(2008, &[view(0, TaskState::Running, we, None)]);
    assert_eq!(t.current().get(&0), Some(&2));
    assert_eq!(t.countdown(0), None);
    let evs: Vec<(f64, usize)> = t.events().iter().map(|e| (e.time_s, e.vi)).collect();
    assert_eq!(evs, vec![(0.0, 0), (0.007, 1), (2.008, 2)]);
    // Stopped tasks leave the current map without an event.
    t.update(2009, &[view(0, TaskState::Stopped, we + 2, None)]);
    assert!(t.current().is_empty());
    assert_eq!(t.events().len(), 3);
}

#[test]
fn tracer_follows_a_task_into_its_subroutine() {
    let p = asm("task 0\ncalls 0\nplays 1\nendt\nsub 0\nplayt 440,10\nrets\nends");
    let mut t = Tracer::new(&p);
    let sub_vi = t
        .vis()
        .iter()
        .find(|v| v.sub == Some(0) && v.kind == ViKind::PlayTone)
        .unwrap()
        .index;
    let mut v = view(0, TaskState::Running, 0, None);
    v.sub = Some(0);
    t.update(5, &[v]);
    assert_eq!(t.current().get(&0), Some(&sub_vi));
    assert_eq!(t.vis()[sub_vi].task, 0);
}

#[test]
fn tracer_ignores_pcs_outside_the_code() {
    let p = asm(FWD_WAIT_STOP);
    let mut t = Tracer::new(&p);
    t.update(0, &[view(0, TaskState::Running, 9999, None)]);
    t.update(0, &[view(7, TaskState::Running, 0, None)]);
    assert!(t.current().is_empty());
    assert!(t.events().is_empty());
}

#[test]
fn two_tasks_are_followed_independently() {
    let p = trace_support::asm_file("trace_task_split.lasm");
    let mut t = Tracer::new(&p);
    let vis = t.vis().to_vec();
    let beep = vis
        .iter()
        .find(|v| v.task == 1 && v.kind == ViKind::PlaySound)
        .unwrap();
    let push = vis.iter().find(|v| v.kind == ViKind::WaitPush).unwrap();
    let a = |v: &lurobotsim::trace::Vi| v.ranges[0].0;
    t.update(10, &[view(0, TaskState::Running, a(push), None)]);
    t.update(
        11,
        &[
            view(0, TaskState::Running, a(push) + 8, None),
            view(1, TaskState::Running, a(beep), None),
        ],
    );
    t.update(
        12,
        &[
            view(0, TaskState::Running, a(push), None),
            view(1, TaskState::Running, a(beep), None),
        ],
    );
    assert_eq!(t.current().get(&0), Some(&push.index));
    assert_eq!(t.current().get(&1), Some(&beep.index));
    let evs: Vec<(u8, usize)> = t.events().iter().map(|e| (e.task, e.vi)).collect();
    assert_eq!(evs, vec![(0, push.index), (1, beep.index)]);
}

/// Issue 24: a busy program whose icon changes every tick (a two-icon loop) must not grow
/// the tracer's memory with simulated time: the log stops at `MAX_EVENTS` and counts the
/// rest.
#[test]
fn a_busy_loop_keeps_at_most_max_events_trace_events_and_counts_the_ones_dropped() {
    use lurobotsim::trace::MAX_EVENTS;
    let p = asm("task 0
    out 2,5
Loop:
    sumv 0,2,1
    jmpl Loop
endt");
    let mut t = Tracer::new(&p);
    let vis = t.vis().to_vec();
    // Two pcs in two different icons, alternating every tick as the VM runs the loop.
    let (a, b) = (
        vis[vis.len() - 2].ranges[0].0,
        vis[vis.len() - 1].ranges[0].0,
    );
    t.update(0, &[view(0, TaskState::Running, a, None)]);
    t.update(1, &[view(0, TaskState::Running, b, None)]);
    assert_eq!(t.events().len(), 2, "{vis:?}: two icons, an event each");
    let extra = 1000u64;
    for ms in 2..(MAX_EVENTS as u64 + extra) {
        let pc = if ms % 2 == 0 { a } else { b };
        t.update(ms, &[view(0, TaskState::Running, pc, None)]);
    }
    assert_eq!(t.events().len(), MAX_EVENTS);
    assert_eq!(t.events_dropped(), extra);
    // The first events are the ones kept (the run's start is what a reader looks for).
    assert_eq!(
        t.events()[MAX_EVENTS - 1].time_s,
        (MAX_EVENTS - 1) as f64 / 1000.0
    );
}

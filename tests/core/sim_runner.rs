//! The runner's decisions, driven without threads or sleeping: commands, stepping, seeking,
//! playing history forward, resuming from an earlier moment, robot and environment changes.
//! (No timing assertions: pacing against the wall clock is not tested here.)

use lurobotsim::runner::{self, Command, Runner, RunnerConfig, Speed, StepKind};
use lurobotsim::sim::specs::SpecSource;
use lurobotsim::sim::SimDef;
use lurobotsim::sim::{Input, Simulation};
use std::path::Path;
use std::time::Duration;

fn program(name: &str) -> lurobotsim::rcx::Program {
    lurobotsim::rcx::load_program_file(&Path::new("tests/programs").join(name)).unwrap()
}

fn sim(robot: &str, env: &str, prog: &str) -> Simulation {
    let mut s = SimDef::from_files(
        &SpecSource::robot(robot).unwrap(),
        &SpecSource::env(env).unwrap(),
    )
    .and_then(|d| Simulation::create(&d))
    .unwrap();
    s.robot_mut(0).unwrap().load_program(program(prog));
    s
}

fn runner(prog: &str) -> Runner {
    Runner::new(sim("M4", "E1", prog), RunnerConfig::default())
}

/// Saves the run's recording at `path` through the runner and reads it back.
fn save_recording(r: &mut Runner, path: &Path) -> lurobotsim::sim::record::Recording {
    let (tx, rx) = std::sync::mpsc::channel();
    r.handle(Command::RecordingText(tx));
    std::fs::write(path, rx.recv().unwrap().unwrap()).unwrap();
    lurobotsim::sim::record::load(path).unwrap()
}

/// The icon robot 0's task 0 is at (its tracer's current VI).
fn icon_of_task_0(r: &Runner) -> Option<usize> {
    r.live()
        .robot(0)
        .unwrap()
        .tracer()
        .current()
        .get(&0)
        .copied()
}

fn ticks(r: &mut Runner, n: u64) {
    for _ in 0..n {
        r.tick();
    }
}

#[test]
fn seek_shows_the_exact_earlier_moment_and_pauses() {
    let mut reference = sim("M4", "E1", "sim_m4_forward_3.lasm");
    let mut r = Runner::new(reference.clone(), RunnerConfig::default());
    reference.robot_mut(0).unwrap().start();
    r.handle(Command::Apply(0, Input::StartTask { task: 0 }));
    r.handle(Command::Run);
    ticks(&mut r, 2500);
    reference.run_to(1234);
    r.handle(Command::Seek(1234));
    assert!(!r.status().running);
    assert_eq!(r.status().reviewing_ms, Some(1234));
    assert_eq!(r.status().live_ms, 2500);
    assert_eq!(
        r.shown().robot(0).unwrap().pose(),
        reference.robot(0).unwrap().pose()
    );
    let (snap, status) = r.publication();
    assert_eq!(snap.time_ms, 1234);
    assert_eq!(status.history_ms, (0, 2500));
    // Back to the present.
    r.handle(Command::Live);
    assert_eq!(r.shown().time_ms(), 2500);
    assert_eq!(r.status().reviewing_ms, None);
}

#[test]
fn running_from_a_seeked_moment_replays_history_exactly_and_rejoins_the_present() {
    let mut r = runner("sim_m4_forward_4.lasm");
    r.handle(Command::Apply(0, Input::StartTask { task: 0 }));
    // A direct command in the middle of the history (var 3 = 9): replay must redo it.
    ticks(&mut r, 800);
    r.handle(Command::OnBrick(
        0,
        Box::new(|b| {
            b.direct(&[0x14, 3, 2, 9, 0]);
        }),
    ));
    ticks(&mut r, 1200);
    let live_pose = r.live().robot(0).unwrap().pose();
    r.handle(Command::Seek(500));
    assert_eq!(r.shown().robot(0).unwrap().vm().variables()[3], 0);
    r.handle(Command::Run);
    ticks(&mut r, 400);
    assert_eq!(r.shown().time_ms(), 900);
    assert_eq!(
        r.shown().robot(0).unwrap().vm().variables()[3],
        9,
        "replayed the direct command"
    );
    ticks(&mut r, 1100);
    // Caught up: the live simulation is shown again, unchanged by the replay, and runs on.
    assert_eq!(r.status().reviewing_ms, None);
    assert_eq!(r.live().robot(0).unwrap().pose(), live_pose);
    ticks(&mut r, 10);
    assert_eq!(r.live().time_ms(), 2010);
}

#[test]
fn resume_here_discards_the_later_history_and_continues_deterministically() {
    let mut r = runner("sim_m4_forward_5.lasm");
    r.handle(Command::Apply(0, Input::StartTask { task: 0 }));
    ticks(&mut r, 3000);
    let at_2000 = {
        let mut s = sim("M4", "E1", "sim_m4_forward_5.lasm");
        s.robot_mut(0).unwrap().start();
        s.run_to(2000);
        s
    };
    r.handle(Command::Seek(1000));
    r.handle(Command::ResumeHere);
    assert_eq!(r.live().time_ms(), 1000);
    assert_eq!(r.status().history_ms.1, 1000);
    assert!(r.timeline().frames().iter().all(|f| f.time_ms <= 1000));
    ticks(&mut r, 1000);
    assert_eq!(
        r.live().robot(0).unwrap().pose(),
        at_2000.robot(0).unwrap().pose()
    );
}

#[test]
fn step_tick_instruction_and_icon_advance_as_named() {
    let mut r = runner("sim_m4_forward_2.lasm");
    r.handle(Command::Apply(0, Input::StartTask { task: 0 }));
    r.handle(Command::Step(StepKind::Tick));
    assert_eq!(r.live().time_ms(), 1);
    assert!(!r.status().running);
    // The program's first instructions run one per tick.
    let pc = r.live().robot(0).unwrap().vm().tasks()[0].pc;
    r.handle(Command::Step(StepKind::Instruction));
    assert_eq!(r.live().time_ms(), 2);
    assert_ne!(r.live().robot(0).unwrap().vm().tasks()[0].pc, pc);
    // Through the 2 s wait: the next icon is reached only when the wait is over.
    let vi = icon_of_task_0(&r);
    let mut steps = 0;
    while icon_of_task_0(&r) == vi && steps < 20 {
        r.handle(Command::Step(StepKind::Icon));
        steps += 1;
    }
    assert!(steps < 20);
    assert_ne!(icon_of_task_0(&r), vi);
    // Stepping an instruction while the task waits runs through the wait.
    while r.live().robot(0).unwrap().vm().tasks()[0].state != lurobotsim::vm::TaskState::Waiting {
        r.handle(Command::Step(StepKind::Instruction));
    }
    let before = r.live().time_ms();
    r.handle(Command::Step(StepKind::Instruction));
    assert!(r.live().time_ms() - before >= 1900, "ran through the wait");
}

#[test]
fn slow_mode_adds_ten_ms_per_click_up_to_two_hundred_and_speed_up_undoes_it() {
    let mut r = runner("sim_m4_forward_2.lasm");
    for _ in 0..3 {
        r.handle(Command::SlowDown);
    }
    assert_eq!(r.status().slow_delay_ms, 30);
    assert_eq!(r.frame_ticks(), 1, "every step displayed in slow mode");
    for _ in 0..30 {
        r.handle(Command::SlowDown);
    }
    assert_eq!(r.status().slow_delay_ms, runner::SLOW_MAX_MS);
    for _ in 0..20 {
        r.handle(Command::SpeedUp);
    }
    assert_eq!(r.status().slow_delay_ms, 0);
    assert_eq!(r.status().speed, Speed::Factor(1.0));
    r.handle(Command::SpeedUp);
    assert_eq!(r.status().speed, Speed::Factor(2.0));
    assert_eq!(r.frame_ticks(), 100);
    r.handle(Command::SetSpeed(Speed::Factor(0.1)));
    assert_eq!(r.frame_ticks(), 5);
    r.handle(Command::SetSlowDelayMs(999));
    assert_eq!(r.status().slow_delay_ms, 200);
    r.handle(Command::SetSpeed(Speed::Max));
    assert_eq!(
        r.status().slow_delay_ms,
        0,
        "choosing a speed leaves slow mode"
    );
}

#[test]
fn reset_and_robot_or_environment_changes_keep_the_program_and_restart_history() {
    let mut r = runner("sim_m4_forward_2.lasm");
    let prog = r.live().robot(0).unwrap().program().clone();
    r.handle(Command::Apply(0, Input::StartTask { task: 0 }));
    ticks(&mut r, 1500);
    r.handle(Command::Reset);
    assert_eq!(r.live().time_ms(), 0);
    assert_eq!(r.live().robot(0).unwrap().displacement_m(), 0.0);
    assert_eq!(r.live().robot(0).unwrap().program(), &prog);
    assert_eq!(r.status().history_ms, (0, 0));
    r.handle(Command::SetRobot(Box::new(
        SpecSource::robot("M3").unwrap(),
    )));
    assert_eq!(r.live().world().robot_name(0), "M3");
    assert_eq!(r.live().robot(0).unwrap().program(), &prog);
    r.handle(Command::SetEnv(Box::new(SpecSource::env("E2").unwrap())));
    assert_eq!(r.live().world().env_name(), "E2");
    assert_eq!(r.live().world().robot_name(0), "M3");
    assert_eq!(r.live().robot(0).unwrap().program(), &prog);
    assert!(r.status().message.is_none());
}

#[test]
fn the_link_helpers_with_runs_on_the_simulation_thread() {
    let sim = sim("M4", "E1", "sim_m4_forward_2.lasm");
    let h = runner::spawn(sim, RunnerConfig::default());
    h.send(Command::RunFor(10));
    let t = h.with(|s| s.time_ms());
    assert_eq!(t.recv().unwrap(), 10);
    let frames = h.frames().recv().unwrap();
    assert!(!frames.is_empty());
    h.stop();
}

#[test]
fn a_recording_opened_in_the_runner_starts_at_its_beginning_and_plays_back_exactly() {
    let mut r = runner("sim_m4_forward_5.lasm");
    r.handle(Command::Apply(0, Input::StartTask { task: 0 }));
    ticks(&mut r, 1500);
    let rec = r.recording().unwrap();
    let end_pose = r.live().robot(0).unwrap().pose();
    let mut other = runner("sim_m4_forward_1.lasm");
    other.handle(Command::OpenRecording(Box::new(rec)));
    assert_eq!(other.status().reviewing_ms, Some(0));
    assert_eq!(other.live().robot(0).unwrap().pose(), end_pose);
    other.handle(Command::Run);
    ticks(&mut other, 1500);
    assert_eq!(other.shown().robot(0).unwrap().pose(), end_pose);
}

#[test]
fn the_frame_cadence_follows_the_configured_steps_per_frame() {
    let mut r = Runner::new(
        sim("M4", "E1", "sim_m4_forward_2.lasm"),
        RunnerConfig {
            frame_ticks: 10,
            ..Default::default()
        },
    );
    assert_eq!(r.frame_ticks(), 10, "10 steps per frame at 1×");
    r.handle(Command::SpeedUp);
    assert_eq!(r.status().speed, Speed::Factor(2.0));
    assert_eq!(r.frame_ticks(), 20, "twice the steps per frame at 2×");
    assert_eq!(
        runner("sim_m4_forward_2.lasm").frame_ticks(),
        50,
        "the original's 50 by default"
    );
}

/// Drives a [`runner::Pacer`] the way the runner thread does, on a made-up clock: the loop
/// wakes when its wait ends or when a command arrives (every `command_every`), asks the
/// pacer, and runs the frame it is given (taking no time). Returns the ticks run by `end`.
fn paced_ticks(speed: Speed, slow_ms: u32, command_every: Option<Duration>, end: Duration) -> u64 {
    let frame = RunnerConfig::default().frame_ticks as u64;
    let frame = match speed {
        Speed::Factor(f) => ((frame as f64 * f).round() as u64).max(1),
        Speed::Max => frame,
    };
    let mut pacer = runner::Pacer::new(Duration::ZERO, 0, speed, slow_ms);
    let mut now = Duration::ZERO;
    let mut next_command = command_every.unwrap_or(Duration::MAX);
    let mut ticks = 0;
    while now < end {
        match pacer.next(now, ticks, frame) {
            runner::Pace::Run(n) => ticks += n,
            runner::Pace::Wait(d) => {
                // Woken by whichever comes first: the pacing deadline or a command.
                let deadline = now + d;
                if next_command < deadline {
                    now = next_command;
                    next_command += command_every.unwrap_or(Duration::MAX);
                } else {
                    now = deadline;
                }
            }
        }
    }
    ticks
}

#[test]
fn a_ping_flood_does_not_speed_up_the_simulated_clock() {
    let end = Duration::from_secs(60);
    let quiet = paced_ticks(Speed::Factor(1.0), 0, None, end);
    for every_us in [50_000, 10_000, 1_000, 100] {
        let busy = paced_ticks(
            Speed::Factor(1.0),
            0,
            Some(Duration::from_micros(every_us)),
            end,
        );
        // One frame (50 ticks) of slack: a frame runs when the previous one was due.
        assert!(
            busy.abs_diff(60_000) <= 50 && busy == quiet,
            "a command every {every_us} µs: {busy} ticks in 60 s (quiet: {quiet})"
        );
    }
}

#[test]
fn link_traffic_does_not_speed_up_other_speeds_or_slow_mode() {
    let end = Duration::from_secs(20);
    let flood = Some(Duration::from_millis(1));
    for (speed, slow, want) in [
        (Speed::Factor(0.1), 0, 2_000u64),
        (Speed::Factor(5.0), 0, 100_000),
        (Speed::Factor(1.0), 200, 100),
        (Speed::Factor(1.0), 10, 2_000),
    ] {
        let got = paced_ticks(speed, slow, flood, end);
        assert!(
            got.abs_diff(want) <= want / 50 + 1,
            "{speed:?} slow {slow}: {got} ticks in 20 s, want {want}"
        );
    }
}

#[test]
fn brick_changing_commands_cannot_grow_the_input_log_past_its_bound() {
    use lurobotsim::sim::input::MAX_LOG_BYTES;
    let mut r = runner("sim_m4_forward_3.lasm");
    r.handle(Command::Run);
    ticks(&mut r, 1500);
    assert_eq!(r.status().history_ms.0, 0);
    // Each `setv` with a 64 KB tail (a client cannot send that; it makes the test short)
    // costs 128 KB of log.
    let mut payload = vec![0x14, 3, 2, 7, 0];
    payload.resize(64 << 10, 0);
    let mut restarted = false;
    let mut noticed = false;
    for _ in 0..400 {
        let p = payload.clone();
        r.handle(Command::OnBrick(
            0,
            Box::new(move |b| {
                b.direct(&p);
            }),
        ));
        noticed |= matches!(
            r.status().notice,
            Some(runner::Notice::HistoryRestarted { bound_mib: 32, .. })
        );
        ticks(&mut r, 1);
        let cost = r.live().inputs().cost();
        assert!(cost <= MAX_LOG_BYTES + (130 << 10), "log of {cost} bytes");
        restarted |= r.live().log_trimmed_at().is_some();
    }
    assert!(restarted, "the bound was reached and the history restarted");
    assert!(noticed, "and the runner said so, as a typed notice");
    // The history now reaches back to the restart only, and says so.
    let (from, to) = r.status().history_ms;
    assert!(from > 1500 && from <= to, "{from}..{to}");
    r.handle(Command::Seek(1000));
    assert_eq!(
        r.status().reviewing_ms,
        None,
        "before the history: not shown"
    );
    r.handle(Command::Seek(from + 1));
    assert_eq!(r.status().reviewing_ms, Some(from + 1));
    // A recording from the start cannot be made any more: refused, not wrong.
    let (tx, rx) = std::sync::mpsc::channel();
    r.handle(Command::RecordingText(tx));
    let answer = rx.recv().unwrap();
    assert!(
        matches!(&answer, Err(runner::Refusal::LogRestarted { .. })),
        "{answer:?}"
    );
}

#[test]
fn replay_checkpoints_share_the_input_log_instead_of_copying_it() {
    // 20,000 brick-changing commands over 70 s of simulated time: 64 checkpoints, each
    // holding a log of up to 20,000 inputs; the log is stored once.
    let mut r = runner("sim_m4_forward_3.lasm");
    r.handle(Command::Run);
    for i in 0..20_000u32 {
        let p = vec![0x14, 3, 2, (i % 200) as u8, 0];
        r.handle(Command::OnBrick(
            0,
            Box::new(move |b| {
                b.direct(&p);
            }),
        ));
        if i % 4 == 0 {
            ticks(&mut r, 14);
        }
    }
    assert!(r.timeline().checkpoint_count() > 32);
    let log = r.live().inputs();
    assert!(log.len() > 20_000);
    // Every checkpoint's log is a prefix sharing the live one's segments.
    assert!(
        r.timeline().shared_log_fraction(log) > 0.95,
        "{}",
        r.timeline().shared_log_fraction(log)
    );
}

#[test]
fn a_replay_stops_exactly_at_the_present_even_inside_a_frame_of_ticks() {
    let mut r = runner("sim_m4_forward_3.lasm");
    r.handle(Command::Apply(0, Input::StartTask { task: 0 }));
    r.handle(Command::Run);
    ticks(&mut r, 1000);
    r.handle(Command::Pause);
    let end = r.live().robot(0).unwrap().pose();
    r.handle(Command::Seek(400));
    r.handle(Command::Replay);
    assert!(r.status().running, "the replay plays");
    assert_eq!(r.status().reviewing_ms, Some(400));
    // More ticks than the history has left, as a pacing frame may run.
    ticks(&mut r, 700);
    assert!(!r.status().running, "paused at the present");
    assert_eq!(r.status().reviewing_ms, None);
    assert_eq!(r.live().time_ms(), 1000, "the live run did not move on");
    assert_eq!(r.live().robot(0).unwrap().pose(), end);
    // The next command lets time run again.
    r.handle(Command::Run);
    ticks(&mut r, 10);
    assert_eq!(r.live().time_ms(), 1010);
}

#[test]
fn replay_from_the_present_plays_the_whole_history() {
    let mut r = runner("sim_m4_forward_3.lasm");
    r.handle(Command::Apply(0, Input::StartTask { task: 0 }));
    ticks(&mut r, 300);
    r.handle(Command::Replay);
    assert_eq!(r.status().reviewing_ms, Some(0));
    ticks(&mut r, 299);
    assert_eq!(r.shown().time_ms(), 299);
    ticks(&mut r, 1);
    assert_eq!(r.status().reviewing_ms, None);
    assert!(!r.status().running);
}

#[test]
fn stepping_an_earlier_moment_steps_the_history_and_keeps_the_later_part() {
    let mut r = runner("sim_m4_forward_3.lasm");
    r.handle(Command::Apply(0, Input::StartTask { task: 0 }));
    ticks(&mut r, 800);
    r.handle(Command::Seek(300));
    r.handle(Command::Step(StepKind::Tick));
    assert_eq!(r.status().reviewing_ms, Some(301));
    assert_eq!(r.status().live_ms, 800, "the later history is kept");
    assert_eq!(r.status().history_ms.1, 800);
}

#[test]
fn the_waker_is_called_after_each_publication() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    let woken = Arc::new(AtomicUsize::new(0));
    let w = woken.clone();
    let h = runner::spawn(
        sim("M4", "E1", "sim_m4_forward_3.lasm"),
        RunnerConfig::default(),
    );
    h.send(Command::SetWaker(Box::new(move || {
        w.fetch_add(1, Ordering::SeqCst);
    })));
    h.send(Command::Step(StepKind::Tick));
    // Answered in order: once the frames reply arrives, both commands were published.
    let _ = h.frames().recv();
    h.stop();
    assert!(
        woken.load(Ordering::SeqCst) >= 2,
        "woken for SetWaker and Step"
    );
}

#[test]
fn replay_checkpoints_share_the_sound_list_and_trace_events_instead_of_copying_them() {
    // A 10 ms tone and a 10 ms wait in a loop for 70 s: thousands of sounds and icon
    // changes, 64 checkpoints each holding the lists as they were.
    let p = lurobotsim::rcx::lasm::assemble(
        "task 0\nL1:\n\tplayt 1000,1\n\twait 2,1\n\tjmp L1\nendt\n",
        "beep",
    )
    .unwrap();
    let mut s = sim("M4", "E1", "sim_m4_forward_3.lasm");
    s.robot_mut(0).unwrap().load_program(p);
    let mut reference = s.clone();
    let mut r = Runner::new(s, RunnerConfig::default());
    r.handle(Command::Apply(0, Input::StartTask { task: 0 }));
    r.handle(Command::Run);
    ticks(&mut r, 70_000);
    let live = r.live();
    assert!(live.robot(0).unwrap().vm().sounds().len() > 5000);
    assert!(live.robot(0).unwrap().tracer().events().len() > 15_000);
    let cps = r.timeline().checkpoints();
    assert!(cps.len() > 32);
    let (mut held, mut shared) = (0, 0);
    for c in cps {
        held +=
            c.robot(0).unwrap().vm().sounds().len() + c.robot(0).unwrap().tracer().events().len();
        shared += c
            .robot(0)
            .unwrap()
            .vm()
            .sounds()
            .shared_with(live.robot(0).unwrap().vm().sounds())
            + c.robot(0)
                .unwrap()
                .tracer()
                .events()
                .shared_with(live.robot(0).unwrap().tracer().events());
    }
    assert!(
        shared as f64 > 0.95 * held as f64,
        "{shared} of {held} entries shared"
    );
    // Sharing changes nothing: a seek still shows the exact moment.
    reference.robot_mut(0).unwrap().start();
    reference.run_to(33_333);
    r.handle(Command::Seek(33_333));
    assert_eq!(
        r.shown().robot(0).unwrap().state_json(),
        reference.robot(0).unwrap().state_json()
    );
}

#[test]
fn asking_for_the_plots_publishes_nothing_so_a_viewer_asking_after_each_publication_settles() {
    // Regression: every command published a snapshot, the app asked for the plots after
    // each publication, and so a paused runner published (and the app redrew) forever.
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    let h = runner::spawn(
        sim("M5", "E3", "sim_line_follower.lasm"),
        RunnerConfig::default(),
    );
    // The waker runs after every publication: it counts them without a clock.
    let wakes = Arc::new(AtomicUsize::new(0));
    let w = wakes.clone();
    h.send(Command::SetWaker(Box::new(move || {
        w.fetch_add(1, Ordering::SeqCst);
    })));
    // A barrier: once a `with` has answered, every earlier command's publication is done
    // (each is published before the next command is handled).
    let _ = h.with(|_| ()).recv();
    let before = wakes.load(Ordering::SeqCst);
    for _ in 0..5 {
        let points = h.plot().recv().unwrap();
        assert_eq!(points.len(), 1, "the history's one frame (t = 0)");
        let _ = h.frames().recv().unwrap();
    }
    h.send(Command::SetSlowDelayMs(0));
    let _ = h.with(|_| ()).recv();
    let after = wakes.load(Ordering::SeqCst);
    // At most: the first barrier's, SetSlowDelayMs's and the second barrier's; the ten
    // questions publish nothing.
    assert!(
        after - before <= 3,
        "{} publications for ten questions and three commands",
        after - before
    );
    h.stop();
}

#[test]
fn pause_at_stops_the_live_run_exactly_there_at_max_speed() {
    let h = runner::spawn(
        sim("M5", "E3", "sim_line_follower.lasm"),
        RunnerConfig::default(),
    );
    h.send(Command::PauseAt(Some(1234)));
    h.send(Command::SetSpeed(Speed::Max));
    h.send(Command::Apply(0, Input::StartTask { task: 0 }));
    h.send(Command::Run);
    let status = loop {
        if let Some((_, st)) = h.latest() {
            if !st.running && st.live_ms > 0 {
                break st;
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    assert_eq!(status.live_ms, 1234);
    assert_eq!(h.with(|s| s.time_ms()).recv().unwrap(), 1234);
    h.stop();
}

// ---- a scene in the runner (issue 15) ----

fn scene_runner(name: &str) -> Runner {
    let scene =
        lurobotsim::sim::scene::Scene::load(&Path::new("assets/examples").join(name)).unwrap();
    Runner::new(
        Simulation::create(&scene.clone().into_def()).unwrap(),
        RunnerConfig::default(),
    )
}

fn temp_file(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("lurobotsim-{}-{name}", std::process::id()))
}

#[test]
fn the_published_snapshot_shows_the_selected_robots_brick_and_every_robots_pose() {
    let mut r = scene_runner("ir_master_slave.toml");
    r.handle(Command::Run);
    ticks(&mut r, 1000);
    let (s0, _) = r.publication();
    assert_eq!(s0.selected, 0);
    assert_eq!(
        s0.robots
            .iter()
            .map(|t| t.name.as_str())
            .collect::<Vec<_>>(),
        ["master", "slave"]
    );
    // The master only talks; the slave drives forward.
    assert!(s0.outputs.iter().all(|o| o.signed_percent() == 0));
    r.handle(Command::Select(1));
    let (s1, _) = r.publication();
    assert_eq!(s1.selected, 1);
    assert!(s1.outputs[0].signed_percent() > 0, "{:?}", s1.outputs);
    assert_eq!(s1.pose, s1.robots[1].pose);
    assert_ne!(s1.vis.len(), s0.vis.len(), "each robot's own program");
    // Past the last robot: the first.
    r.handle(Command::Select(7));
    assert_eq!(r.publication().0.selected, 0);
}

#[test]
fn the_plots_and_step_follow_the_selected_robot() {
    let mut r = scene_runner("ir_master_slave.toml");
    r.handle(Command::Select(1));
    r.handle(Command::Run);
    ticks(&mut r, 2500);
    let (tx, rx) = std::sync::mpsc::channel();
    r.handle(Command::Plot(tx));
    let points = rx.recv().unwrap();
    // The slave went forward, then back after the second message (≈ 2 s).
    assert!(points.iter().any(|p| p.outputs[0] > 0));
    assert!(points.iter().any(|p| p.outputs[0] < 0));
    r.handle(Command::Select(0));
    let (tx, rx) = std::sync::mpsc::channel();
    r.handle(Command::Plot(tx));
    assert!(rx.recv().unwrap().iter().all(|p| p.outputs == [0, 0, 0]));
}

#[test]
fn adding_a_robot_gives_it_a_free_spot_an_empty_brick_and_keeps_the_others_programs() {
    let mut r = scene_runner("ir_master_slave.toml");
    r.handle(Command::Run);
    ticks(&mut r, 500);
    r.handle(Command::AddRobot(Box::new(
        SpecSource::robot("M1").unwrap(),
    )));
    let live = r.live();
    assert_eq!(live.robot_count(), 3);
    assert_eq!(live.time_ms(), 0, "a reset");
    assert!(!r.status().running);
    assert_eq!(r.selected(), 2, "the new robot is selected");
    assert_eq!(live.layout()[2].name, "R3");
    assert!(live.robot(2).unwrap().program().is_empty());
    assert!(
        !live.robot(0).unwrap().program().is_empty()
            && !live.robot(1).unwrap().program().is_empty()
    );
    // At least 0.3 m from the others.
    let p = live.layout()[2].pose;
    for q in &live.layout()[..2] {
        assert!(
            (p.0 - q.pose.0).hypot(p.1 - q.pose.1) >= 0.299,
            "{p:?} {:?}",
            q.pose
        );
    }
    assert_eq!(r.publication().0.robot, "M1");
}

#[test]
fn removing_a_robot_keeps_the_others_programs_and_the_last_robot_stays() {
    let mut r = scene_runner("ir_master_slave.toml");
    let slave_program = r.live().robot(1).unwrap().program().clone();
    r.handle(Command::Select(1));
    r.handle(Command::RemoveRobot(0));
    assert_eq!(r.live().robot_count(), 1);
    assert_eq!(r.live().layout()[0].name, "slave");
    assert_eq!(*r.live().robot(0).unwrap().program(), slave_program);
    assert_eq!(r.selected(), 0, "the slave is robot 1 now and still shown");
    r.handle(Command::RemoveRobot(0));
    assert_eq!(r.live().robot_count(), 1);
    assert!(r
        .status()
        .message
        .as_ref()
        .map(ToString::to_string)
        .unwrap_or_default()
        .contains("last robot"));
}

#[test]
fn a_start_pose_set_for_one_robot_is_where_it_stands_after_every_stop() {
    let mut r = scene_runner("ir_master_slave.toml");
    r.handle(Command::SetStartPose(1, (0.5, 0.8, 90.0)));
    let at = |r: &Runner| r.live().robot(1).unwrap().pose();
    assert!((at(&r).x - 0.5).abs() < 0.01 && (at(&r).z - 0.8).abs() < 0.01);
    assert!((at(&r).yaw_deg - 90.0).abs() < 0.5, "{}", at(&r).yaw_deg);
    r.handle(Command::Run);
    ticks(&mut r, 300);
    r.handle(Command::Reset);
    assert!((at(&r).x - 0.5).abs() < 0.01 && (at(&r).z - 0.8).abs() < 0.01);
    // The master did not move.
    assert!((r.live().robot(0).unwrap().pose().z + 0.4).abs() < 0.01);
}

#[test]
fn an_input_for_one_robot_is_logged_with_its_index_and_replays_on_that_robot() {
    let mut r = scene_runner("ir_master_slave.toml");
    r.handle(Command::Apply(
        1,
        lurobotsim::sim::Input::PlaceRobot {
            x: 0.3,
            z: 1.0,
            yaw_deg: 0.0,
        },
    ));
    let last = r.live().inputs().last().unwrap().clone();
    assert_eq!(last.brick, 1);
    assert!((r.live().robot(1).unwrap().pose().z - 1.0).abs() < 0.01);
    assert!((r.live().robot(0).unwrap().pose().z + 0.4).abs() < 0.01);
}

#[test]
fn a_scene_run_in_the_runner_saves_a_recording_that_replays_every_robot_bit_identically() {
    let mut r = scene_runner("ir_master_slave.toml");
    r.handle(Command::Run);
    ticks(&mut r, 1500);
    // A mid-run download of a new program to the slave, and the slave carried aside.
    r.handle(Command::Apply(
        1,
        lurobotsim::sim::Input::PlaceRobot {
            x: 0.2,
            z: 0.6,
            yaw_deg: 30.0,
        },
    ));
    ticks(&mut r, 1500);
    let path = temp_file("scene-rec.json");
    let rec = save_recording(&mut r, &path);
    let _ = std::fs::remove_file(&path);
    assert_eq!(
        rec.scene
            .iter()
            .map(|p| p.name.as_str())
            .collect::<Vec<_>>(),
        ["master", "slave"]
    );
    let (replayed, _) = rec.replay().unwrap();
    assert_eq!(replayed.scene_json(), r.live().scene_json());
    // And opened in the runner, it is the same run.
    let mut r2 = Runner::new(replayed, RunnerConfig::default());
    r2.handle(Command::OpenRecording(Box::new(rec)));
    assert_eq!(r2.live().scene_json(), r.live().scene_json());
}

#[test]
fn a_recording_of_run_scene_record_opens_as_the_same_run() {
    let scene =
        lurobotsim::sim::scene::Scene::load(Path::new("assets/examples/ir_master_slave.toml"))
            .unwrap();
    let mut sim = Simulation::create(&scene.clone().into_def()).unwrap();
    let mut recorder =
        lurobotsim::sim::record::Recorder::new(&sim, 20, lurobotsim::sim::Listing::Scene).unwrap();
    for _ in 0..2500 {
        sim.tick();
        recorder.observe(&sim);
    }
    let rec = recorder.finish(&sim);
    let (replayed, _) = rec.replay().unwrap();
    assert_eq!(replayed.scene_json(), sim.scene_json());
}

#[test]
fn a_recording_whose_input_names_a_robot_it_does_not_have_is_refused() {
    let mut r = scene_runner("ir_master_slave.toml");
    ticks(&mut r, 10);
    let (tx, rx) = std::sync::mpsc::channel();
    r.handle(Command::RecordingText(tx));
    let text = rx.recv().unwrap().unwrap();
    let bad = text.replacen("\"brick\":1", "\"brick\":9", 1);
    assert_ne!(bad, text);
    let e = lurobotsim::sim::record::parse(&bad, "bad.json").unwrap_err();
    assert!(e.to_string().contains("robot 10"), "{e}");
}

#[test]
fn a_start_pose_on_another_robot_or_in_a_wall_is_refused_with_a_message() {
    let mut r = scene_runner("ir_master_slave.toml");
    let before = r.live().robot(1).unwrap().pose();
    // Onto the master (at z = -0.4).
    r.handle(Command::SetStartPose(1, (0.0, -0.35, 0.0)));
    assert!(
        r.status()
            .message
            .as_ref()
            .map(ToString::to_string)
            .unwrap_or_default()
            .contains("master"),
        "{:?}",
        r.status().message
    );
    assert_eq!(r.live().robot(1).unwrap().pose(), before);
}

#[test]
fn an_instruction_step_on_a_robot_without_a_program_steps_1_ms_and_says_why_not_a_minute() {
    let mut r = scene_runner("ir_master_slave.toml");
    r.handle(Command::AddRobot(Box::new(
        SpecSource::robot("M4").unwrap(),
    )));
    assert_eq!(r.selected(), 2);
    r.handle(Command::Step(StepKind::Instruction));
    assert_eq!(r.live().time_ms(), 1);
    // Said as a typed notice, which the frontend words in its language.
    assert_eq!(
        r.status().notice,
        Some(runner::Notice::SteppedWithoutProgram {
            robot: Some("R3".into())
        }),
        "{:?}",
        r.status()
    );
    assert_eq!(r.status().message, None, "a notice is no refusal");
}

#[test]
fn a_switched_off_brick_of_a_scene_hears_neither_its_link_nor_the_other_bricks() {
    let mut r = scene_runner("ir_master_slave.toml");
    // Switch the slave off (On-Off) before anything runs.
    r.handle(Command::Apply(
        1,
        lurobotsim::sim::Input::Button {
            button: lurobotsim::vm::Button::OnOff,
        },
    ));
    let (tx, rx) = std::sync::mpsc::channel();
    r.handle(Command::OnBrick(
        1,
        Box::new(move |rcx| {
            let _ = tx.send(rcx.direct(&[0x10]));
        }),
    ));
    assert_eq!(rx.recv().unwrap(), None, "no answer to a ping when off");
    r.handle(Command::Run);
    ticks(&mut r, 3000);
    let slave = r.live().robot(1).unwrap();
    assert_eq!(
        slave.ir_received(),
        0,
        "the master's messages were not heard"
    );
    assert!(slave.odometry().displacement_m() < 0.01);
}

#[test]
fn a_floor_or_model_that_would_put_a_robot_in_a_wall_or_on_another_is_refused_in_a_scene() {
    // "inside" stands where E2 has its east wall; "near" is 0.29 m from "a": room for two
    // M4s (footprints ≈ 0.14 m each) but not for an M5 (≈ 0.16 m) beside an M4.
    let scene = lurobotsim::sim::scene::Scene::parse(
        "wall.toml",
        "environment = \"E1\"\n[[robot]]\nname = \"a\"\nmodel = \"M4\"\n\n[[robot]]\nname = \"near\"\nmodel = \"M4\"\nz = 0.29\n\n[[robot]]\nname = \"inside\"\nmodel = \"M4\"\nx = 1.6\n",
        Path::new("."),
    )
    .unwrap();
    let mut r = Runner::new(
        Simulation::create(&scene.clone().into_def()).unwrap(),
        RunnerConfig::default(),
    );
    r.handle(Command::SetEnv(Box::new(SpecSource::env("E2").unwrap())));
    assert_eq!(r.live().env_spec().name, "E1");
    let m = r
        .status()
        .message
        .as_ref()
        .map(ToString::to_string)
        .unwrap_or_default();
    assert!(m.contains("inside") && m.contains("wall_east"), "{m}");
    r.handle(Command::Select(1));
    r.handle(Command::SetRobot(Box::new(
        SpecSource::robot("M5").unwrap(),
    )));
    let m = r
        .status()
        .message
        .as_ref()
        .map(ToString::to_string)
        .unwrap_or_default();
    assert!(m.contains("near would stand on a"), "{m}");
    assert_eq!(r.live().layout()[1].spec.name, "M4");
    // A model that fits there is taken.
    r.handle(Command::SetRobot(Box::new(
        SpecSource::robot("M1").unwrap(),
    )));
    assert_eq!(r.status().message, None);
    assert_eq!(r.live().layout()[1].spec.name, "M1");
}

#[test]
fn a_robot_put_down_on_another_while_the_scene_runs_is_refused() {
    let mut r = scene_runner("ir_master_slave.toml");
    r.handle(Command::Run);
    ticks(&mut r, 500);
    let master = r.live().robot(0).unwrap().pose();
    let before = r.live().robot(1).unwrap().pose();
    r.handle(Command::Apply(
        1,
        lurobotsim::sim::Input::PlaceRobot {
            x: master.x + 0.05,
            z: master.z,
            yaw_deg: 0.0,
        },
    ));
    let m = r
        .status()
        .message
        .as_ref()
        .map(ToString::to_string)
        .unwrap_or_default();
    assert!(m.contains("slave would stand on master"), "{m}");
    assert_eq!(r.live().robot(1).unwrap().pose(), before);
    // Clear of it, it is put down.
    r.handle(Command::Apply(
        1,
        lurobotsim::sim::Input::PlaceRobot {
            x: 0.5,
            z: 0.6,
            yaw_deg: 0.0,
        },
    ));
    assert!((r.live().robot(1).unwrap().pose().x - 0.5).abs() < 0.01);
}

#[test]
fn a_recording_saved_after_the_robot_file_was_edited_carries_the_robot_the_run_used() {
    // The run's robot is a file of the user's; it is edited (here: made another robot)
    // after the world was built and before the recording is saved.
    let dir = temp_file("edited-robot");
    std::fs::create_dir_all(&dir).unwrap();
    let robot_file = dir.join("mine.toml");
    let used = std::fs::read_to_string("robots/M4.toml").unwrap();
    std::fs::write(&robot_file, &used).unwrap();
    let mut r = runner("sim_m4_forward_5.lasm");
    r.handle(Command::SetRobot(Box::new(
        SpecSource::robot(robot_file.to_str().unwrap()).unwrap(),
    )));
    r.handle(Command::Apply(
        0,
        lurobotsim::sim::Input::StartTask { task: 0 },
    ));
    r.handle(Command::Run);
    ticks(&mut r, 1500);
    assert!(
        r.live().robot(0).unwrap().displacement_m() > 0.05,
        "the robot drove"
    );
    std::fs::write(
        &robot_file,
        std::fs::read_to_string("robots/M1.toml").unwrap(),
    )
    .unwrap();
    let path = dir.join("rec.json");
    let rec = save_recording(&mut r, &path);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(rec.robot.text, used, "the robot file as the run was built");
    let (replayed, _) = rec.replay().unwrap();
    assert_eq!(
        replayed.robot(0).unwrap().pose(),
        r.live().robot(0).unwrap().pose(),
        "and it replays the run"
    );
    assert!(rec.matches_final(&replayed));
}

#[test]
fn latest_keeps_the_events_of_the_publications_it_skips() {
    let h = runner::spawn(
        sim("M4", "E1", "sim_m4_forward_2.lasm"),
        RunnerConfig::default(),
    );
    // Two publications while paused: a refusal's message, then a speed change.
    h.send(Command::RemoveRobot(0));
    h.send(Command::SetSpeed(Speed::Factor(2.0)));
    let _ = h.with(|_| ()).recv();
    let (_, status) = h.latest().expect("published");
    assert_eq!(status.speed, Speed::Factor(2.0), "the newest publication");
    assert!(
        status
            .events
            .iter()
            .any(|e| matches!(e, runner::RunnerEvent::Message(runner::Refusal::LastRobot))),
        "{:?}",
        status.events
    );
    h.stop();
}

/// The app's turn buttons used to turn from the last snapshot the app had seen, so two
/// clicks sent before the next publication counted as one (15° instead of 30°).
#[test]
fn two_quick_turns_of_the_robot_turn_it_twice_and_reset_keeps_the_turn() {
    let mut r = runner("sim_m4_forward_3.lasm");
    let start = r.shown().robot(0).unwrap().pose();
    r.handle(Command::TurnRobot(0, 15.0));
    r.handle(Command::TurnRobot(0, 15.0));
    let turned = r.shown().robot(0).unwrap().pose();
    assert!(
        (turned.yaw_deg - (start.yaw_deg + 30.0)).abs() < 0.01,
        "{start:?} → {turned:?}"
    );
    assert!((turned.x - start.x).abs() < 1e-3 && (turned.z - start.z).abs() < 1e-3);
    // Past the last robot: nothing happens, nothing fails.
    r.handle(Command::TurnRobot(5, 15.0));
    r.handle(Command::Reset);
    let reset = r.shown().robot(0).unwrap().pose();
    assert!((reset.yaw_deg - turned.yaw_deg).abs() < 0.01, "{reset:?}");
}

/// The drive challenge's scenario with its reference solution, as the app opens it.
fn challenge_runner() -> (Runner, u64) {
    use lurobotsim::sim::assignment::Assignment;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/challenges");
    let a = Assignment::load(&root.join("drive.toml")).unwrap();
    let sc = &a.scenarios[0];
    let path = root.join("drive/solution.lasm");
    let program = lurobotsim::rcx::load_program_file(&path).unwrap();
    let scenario = sc.run_of(a.realism, sc.seeds[0], Some((path, program)));
    let mut r = Runner::new(
        sim("M4", "E1", "sim_m4_forward_2.lasm"),
        RunnerConfig::default(),
    );
    r.handle(Command::OpenScenario(Box::new(scenario)));
    (r, sc.end_ms)
}

/// Ticks while the runner runs, at most `limit` ticks.
fn run_while_running(r: &mut Runner, limit: u64) {
    for _ in 0..limit {
        if !r.status().running {
            return;
        }
        r.tick();
    }
}

#[test]
fn a_run_with_a_goal_pauses_at_the_goal_s_end_by_itself_and_again_after_stop() {
    let (mut r, end) = challenge_runner();
    r.handle(Command::Start);
    run_while_running(&mut r, end + 1000);
    assert_eq!(r.live().time_ms(), end, "paused at the end, by the runner");
    assert!(!r.status().running);
    // Run goes on past the end (to see what happens next).
    r.handle(Command::Run);
    ticks(&mut r, 50);
    assert!(r.live().time_ms() > end, "past the end");
    // Stop: from 0 s again, and again it pauses at the end.
    r.handle(Command::Reset);
    r.handle(Command::Start);
    run_while_running(&mut r, end + 1000);
    assert_eq!(
        r.live().time_ms(),
        end,
        "paused at the end again after Stop"
    );
}

#[test]
fn the_runner_tells_which_world_it_shows_once_and_again_when_it_changes() {
    use lurobotsim::runner::RunnerEvent;
    let world = |events: &[RunnerEvent]| -> Option<(String, String)> {
        events.iter().rev().find_map(|e| match e {
            RunnerEvent::World(w) => Some((
                w.robot_file
                    .as_ref()
                    .map(|f| f.name.clone())
                    .unwrap_or_default(),
                w.env_file
                    .as_ref()
                    .map(|f| f.name.clone())
                    .unwrap_or_default(),
            )),
            _ => None,
        })
    };
    let mut r = runner("sim_m4_forward_2.lasm");
    let first = r.publish().1.events;
    r.published();
    assert_eq!(world(&first), Some(("M4".into(), "E1".into())));
    ticks(&mut r, 10);
    assert_eq!(world(&r.publish().1.events), None, "told once");
    r.published();
    r.handle(Command::SetEnv(Box::new(SpecSource::env("E2").unwrap())));
    assert_eq!(
        world(&r.publish().1.events),
        Some(("M4".into(), "E2".into())),
        "another floor is told"
    );
}

/// The runner's refusals were English prose the app showed untranslated (issue 40): each is
/// now a typed `Refusal` the app says in its language, names and numbers kept.
#[test]
fn runner_refusals_are_said_in_every_language_not_in_english_prose() {
    use lurobotsim::i18n::{Lang, ALL};
    for refusal in runner::Refusal::examples() {
        let english = refusal.words(Lang::En);
        assert_eq!(
            english,
            refusal.to_string(),
            "the app's English is the log's"
        );
        for l in ALL {
            let w = refusal.words(l);
            assert!(
                !w.contains("runner-refusal") && !w.contains('{'),
                "{l:?}: {w}"
            );
            for name in [
                "slave",
                "master",
                "near",
                "wall_east",
                "M4",
                "E1",
                "disk full",
            ] {
                if english.contains(name) {
                    assert!(w.contains(name), "{l:?} lost {name}: {w}");
                }
            }
            if l != Lang::En {
                assert_ne!(w, english, "{l:?} says {refusal:?} in English");
            }
        }
    }
    // A real refusal, typed, then in French.
    let mut r = scene_runner("ir_master_slave.toml");
    r.handle(Command::SetStartPose(1, (0.0, -0.35, 0.0)));
    let m = r.status().message.clone().expect("refused");
    assert!(matches!(&m, runner::Refusal::CannotStartThere(c) if c.robot == "slave"));
    assert_eq!(
        m.words(Lang::Fr),
        "slave ne peut pas partir de là : il se trouverait sur master"
    );
}

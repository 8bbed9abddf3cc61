//! Record and replay: a run written to a file and read back re-simulates to exactly the
//! same state; external inputs (direct commands, downloads, robot moves) are replayed at
//! their ticks; the pose stream scrubs without re-simulating; bad files are errors.

use lurobotsim::sim::record::{self, RecordError, Recorder};
use lurobotsim::sim::specs::SpecSource;
use lurobotsim::sim::timeline::Timeline;
use lurobotsim::sim::SimDef;
use lurobotsim::sim::{Input, Realism, SimConfig, Simulation};
use lurobotsim::world::Pose;
use std::path::{Path, PathBuf};

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("lurobotsim-{}-{name}", std::process::id()))
}

fn program(name: &str) -> lurobotsim::rcx::Program {
    lurobotsim::rcx::load_program_file(&Path::new("tests/programs").join(name)).unwrap()
}

fn fresh(robot: &str, env: &str, seed: u64) -> (Simulation, SpecSource, SpecSource) {
    let r = SpecSource::robot(robot).unwrap();
    let e = SpecSource::env(env).unwrap();
    let config = SimConfig {
        seed,
        ..SimConfig::default()
    };
    let s = SimDef::from_files(&r, &e)
        .and_then(|d| Simulation::create(&d.with_config(config)))
        .unwrap();
    (s, r, e)
}

/// A run with every kind of input: program, start, a direct command, a robot move.
fn eventful_run() -> (Simulation, record::Recording) {
    let (mut s, _, _) = fresh("M2", "E2", 7);
    let mut rec = Recorder::new(&s, 20, lurobotsim::sim::Listing::One).unwrap();
    s.robot_mut(0)
        .unwrap()
        .load_program(program("sim_touch_wall.lasm"));
    s.robot_mut(0).unwrap().start();
    for t in 1..=5000u64 {
        s.tick();
        rec.observe(&s);
        if t == 1000 {
            // setv var 5 = 42 (source 2 = constant), as a direct command from a host.
            assert!(s
                .robot_mut(0)
                .unwrap()
                .direct(&[0x14, 5, 2, 42, 0])
                .is_some());
        }
        if t == 1500 {
            s.robot_mut(0).unwrap().place(Pose {
                x: 0.2,
                y: 0.0,
                z: 0.3,
                yaw_deg: 20.0,
            });
        }
    }
    let recording = rec.finish(&s);
    (s, recording)
}

#[test]
fn a_recorded_run_saved_and_loaded_replays_to_exactly_the_same_state() {
    let (s, rec) = eventful_run();
    let path = temp("eventful.lsrec");
    record::save(&path, &rec).unwrap();
    let back = record::load(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(back, rec);
    let replayed = back.simulation_at(u64::MAX).unwrap();
    assert_eq!(replayed.time_ms(), 5000);
    assert!(back.matches_final(&replayed));
    assert_eq!(
        replayed.robot(0).unwrap().state_json(),
        s.robot(0).unwrap().state_json()
    );
    assert_eq!(
        replayed.robot(0).unwrap().vm().variables()[5],
        42,
        "the direct command was replayed"
    );
    assert_eq!(replayed.inputs(), s.inputs());
}

#[test]
fn the_recording_stores_the_files_text_and_every_input_with_its_tick() {
    let (_, rec) = eventful_run();
    assert!(rec.robot.text.contains("[[body]]"));
    assert!(rec.environment.text.contains("[[box]]") || rec.environment.text.contains("box"));
    assert_eq!(rec.seed, 7);
    let kinds: Vec<(u64, &str)> = rec
        .inputs
        .iter()
        .map(|i| {
            let k = match i.input {
                Input::Program { .. } => "program",
                Input::StartTask { .. } => "start",
                Input::Direct { .. } => "direct",
                Input::PlaceRobot { .. } => "place",
                _ => "other",
            };
            (i.time_ms, k)
        })
        .collect();
    assert_eq!(
        kinds,
        vec![
            (0, "program"),
            (0, "start"),
            (1000, "direct"),
            (1500, "place")
        ]
    );
}

#[test]
fn any_moment_of_a_recording_re_simulates_exactly() {
    let (_, rec) = eventful_run();
    let at = rec.simulation_at(1234).unwrap();
    assert_eq!(at.time_ms(), 1234);
    // The same moment reached by re-simulating the whole run with a timeline, then seeking.
    let (end, timeline) = rec.replay().unwrap();
    let seek = timeline.state_at(&end, 1234).unwrap();
    assert_eq!(
        seek.robot(0).unwrap().state_json(),
        at.robot(0).unwrap().state_json()
    );
    assert_eq!(seek.robot(0).unwrap().pose(), at.robot(0).unwrap().pose());
}

#[test]
fn the_pose_stream_scrubs_without_re_simulating() {
    let (s, rec) = eventful_run();
    assert_eq!(rec.frame_ms, 20);
    assert_eq!(rec.frame_count(), 5000 / 20 + 1);
    let last = rec.frame_at(5000).unwrap();
    assert_eq!(last.time_ms, 5000);
    assert!((last.robots[0].pose.x - s.robot(0).unwrap().pose().x).abs() < 1e-6);
    assert_eq!(last.bodies.len(), rec.bodies.len());
    assert!(rec.bodies.iter().any(|b| b == "rcx"));
    // Mid-run: the frame at 1.01 s is the one taken at 1.00 s.
    let at = rec.simulation_at(1000).unwrap();
    let f = rec.frame_at(1010).unwrap();
    assert_eq!(f.time_ms, 1000);
    assert!((f.robots[0].pose.x - at.robot(0).unwrap().pose().x).abs() < 1e-6);
    assert_eq!(f.robots[0].outputs[0], 100, "motor A forward at full power");
}

#[test]
fn a_download_applied_as_typed_inputs_is_logged_once_and_replayed() {
    let (mut s, _, _) = fresh("M4", "E1", 0);
    let rec = Recorder::new(&s, 50, lurobotsim::sim::Listing::One).unwrap();
    s.run_ticks(300);
    // What the link does with a finished download: one typed input per task or sub.
    let code = program("sim_m4_forward_5.lasm").tasks[0].clone().unwrap();
    let slot = s.robot(0).unwrap().vm().slot();
    s.apply(
        0,
        Input::InstallTask {
            slot,
            task: 0,
            code,
        },
    );
    s.robot_mut(0).unwrap().direct(&[0x71, 0]); // start task 0
    s.run_ticks(1500);
    assert!(
        s.robot(0).unwrap().displacement_m() > 0.5,
        "the downloaded program drove"
    );
    assert!(
        !s.robot(0).unwrap().tracer().vis().is_empty(),
        "icons re-recognised after the download"
    );
    let recording = rec.finish(&s);
    assert_eq!(recording.inputs.len(), 2, "{:?}", recording.inputs);
    assert!(matches!(
        recording.inputs[0].input,
        Input::InstallTask {
            slot: 0,
            task: 0,
            ..
        }
    ));
    assert_eq!(recording.inputs[0].time_ms, 300);
    let replayed = recording.simulation_at(u64::MAX).unwrap();
    assert!(recording.matches_final(&replayed));
    assert_eq!(
        replayed.robot(0).unwrap().state_json(),
        s.robot(0).unwrap().state_json()
    );
}

#[test]
fn an_install_whose_bytecode_is_not_hex_installs_nothing() {
    // Bytecode is bytes in memory and hex only in files: an edited file whose bytecode is
    // not hex does not read as an input at all, so nothing can install it.
    let (mut s, _, _) = fresh("M4", "E1", 0);
    s.robot_mut(0)
        .unwrap()
        .load_program(program("sim_m4_forward_5.lasm"));
    let before = s.robot(0).unwrap().program().clone();
    for text in [
        r#"{"time_ms":0,"kind":"install_task","slot":0,"task":0,"code":"13zz"}"#,
        r#"{"time_ms":0,"kind":"install_sub","slot":0,"sub":1,"code":"abc"}"#,
        r#"{"time_ms":0,"kind":"direct","hex":"5"}"#,
    ] {
        let read = serde_json::from_str::<lurobotsim::sim::TimedInput>(text);
        assert!(read.is_err(), "{text} read as {read:?}");
    }
    // The same inputs with hex bytecode read back as the bytes.
    let good = r#"{"time_ms":0,"kind":"install_sub","slot":0,"sub":1,"code":"13FF"}"#;
    let read: lurobotsim::sim::TimedInput = serde_json::from_str(good).unwrap();
    assert_eq!(
        read.input,
        Input::InstallSub {
            slot: 0,
            sub: 1,
            code: vec![0x13, 0xff],
        }
    );
    assert_eq!(*s.robot(0).unwrap().program(), before);
}

#[test]
fn the_timeline_keeps_bounded_history_and_still_seeks_exactly() {
    let (mut s, _, _) = fresh("M4", "E1", 0);
    s.robot_mut(0)
        .unwrap()
        .load_program(program("sim_m4_forward_2.lasm"));
    s.robot_mut(0).unwrap().start();
    let reference = {
        let mut r = s.clone();
        r.run_to(2345);
        r
    };
    // Tiny bounds so thinning happens: 8 frames, 4 checkpoints.
    let mut t = Timeline::with_bounds(&s, 10, 100, 8, 4);
    for _ in 0..4000 {
        s.tick();
        t.observe(&s);
    }
    assert!(t.frames().len() <= 8, "{} frames", t.frames().len());
    assert!(t.checkpoint_count() <= 4);
    assert!(t.frame_ms() > 10, "the frame interval grew as it thinned");
    let seek = t.state_at(&s, 2345).unwrap();
    assert_eq!(
        seek.robot(0).unwrap().pose(),
        reference.robot(0).unwrap().pose()
    );
    assert_eq!(
        seek.robot(0).unwrap().state_json(),
        reference.robot(0).unwrap().state_json()
    );
    assert!(t.state_at(&s, 4001).is_none(), "no future");
}

#[test]
fn files_that_are_not_recordings_are_errors_not_panics() {
    let bad = [
        ("", "empty"),
        ("{}", "no fields"),
        ("[1,2,3]", "an array"),
        ("not json at all", "text"),
    ];
    for (text, what) in bad {
        assert!(
            matches!(record::parse(text, "x"), Err(RecordError::Format { .. })),
            "{what}"
        );
    }
    let (_, rec) = eventful_run();
    let good = serde_json::to_string(&rec).unwrap();
    let wrong_format = good.replace("lurobotsim-recording", "something-else");
    assert!(record::parse(&wrong_format, "x").is_err());
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    v["frames"] = serde_json::json!("!!!not base64");
    assert!(record::parse(&v.to_string(), "x").is_err());
    v["frames"] = serde_json::json!("AAAA");
    assert!(
        record::parse(&v.to_string(), "x").is_err(),
        "frames not whole"
    );
    assert!(matches!(
        record::load(Path::new("/nonexistent/rec.json")),
        Err(RecordError::Io { .. })
    ));
    // A damaged program in the inputs is dropped, not a crash.
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    v["inputs"][0]["program"]["tasks"][0] = serde_json::json!("zz");
    let rec = record::parse(&v.to_string(), "x").unwrap();
    let sim = rec.simulation_at(100).unwrap();
    assert!(sim.robot(0).unwrap().program().tasks[0].is_none());
}

#[test]
fn floats_in_a_recording_survive_the_file_bit_for_bit() {
    // Regression: serde_json's default float parser is not exact; a robot moved to an
    // arbitrary spot replayed a hair off, and the final pose no longer matched.
    let (mut s, _, _) = fresh("M4", "E1", 0);
    let rec = Recorder::new(&s, 20, lurobotsim::sim::Listing::One).unwrap();
    s.robot_mut(0).unwrap().place(Pose {
        x: 0.123_456_789_012_345_67,
        y: 0.0,
        z: -0.987_654_321_098_765_4,
        yaw_deg: 33.333_333_333_333_33,
    });
    s.run_ticks(200);
    let mut rec = rec.finish(&s);
    // Many awkward values, as poses and robot moves produce them.
    let mut v: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..2000 {
        v = v.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let x = (v >> 11) as f64 / (1u64 << 53) as f64 * 3.0 - 1.5;
        rec.inputs.push(lurobotsim::sim::TimedInput {
            time_ms: 200,
            brick: 0,
            input: Input::PlaceRobot {
                x,
                z: -x / 7.0,
                yaw_deg: x * 120.0,
            },
        });
    }
    let path = temp("floats.lsrec");
    record::save(&path, &rec).unwrap();
    let back = record::load(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(back.inputs, rec.inputs);
    assert_eq!(back.final_pose, rec.final_pose);
    let mut short = back.clone();
    short.inputs.truncate(1);
    assert!(short.matches_final(&short.simulation_at(200).unwrap()));
}

#[test]
fn link_direct_commands_are_logged_and_replayed_but_polls_are_not() {
    use lurobotsim::link::session::Session;
    use lurobotsim::link::Dialect;
    let (mut s, _, _) = fresh("M4", "E1", 0);
    let rec = Recorder::new(&s, 50, lurobotsim::sim::Listing::One).unwrap();
    s.run_ticks(100);
    // Raw dialect: poll variable 0, set output A and C forward at full power, turn them
    // on, then poll again — as a host would between ticks.
    let mut session = Session::new(Dialect::Raw, false, "test");
    let out = session.feed(&mut s.robot_mut(0).unwrap(), &[0x12, 0, 0]);
    assert_eq!(out.bytes, vec![0xed, 0, 0], "poll answered");
    session.feed(&mut s.robot_mut(0).unwrap(), &[0xe1, 0x85]); // dir forward, A and C
    session.feed(&mut s.robot_mut(0).unwrap(), &[0x13, 0x05, 2, 7]); // pwr A and C constant 7
    session.feed(&mut s.robot_mut(0).unwrap(), &[0x21, 0x85]); // out on, A and C
    session.feed(&mut s.robot_mut(0).unwrap(), &[0x1a, 0, 0]); // toggled poll
    s.run_ticks(1000);
    assert!(
        s.robot(0).unwrap().displacement_m() > 0.3,
        "the host's commands drove the robot"
    );
    let logged: Vec<_> = s
        .inputs()
        .iter()
        .filter(|t| matches!(t.input, Input::Direct { .. }))
        .collect();
    assert_eq!(
        logged.len(),
        3,
        "dir, pwr and out are logged, polls not: {logged:?}"
    );
    assert!(logged.iter().all(|t| t.time_ms == 100));
    let recording = rec.finish(&s);
    let replayed = recording.simulation_at(u64::MAX).unwrap();
    assert_eq!(
        replayed.robot(0).unwrap().state_json(),
        s.robot(0).unwrap().state_json()
    );
}

#[test]
fn pollb_reads_the_robot_files_battery() {
    let (mut s, _, _) = fresh("M4", "E1", 0);
    // 9.0 V unless the robot file says otherwise (the NQC capture's 0x2328).
    assert_eq!(
        s.robot_mut(0).unwrap().direct(&[0x30]),
        Some(vec![0xcf, 0x28, 0x23])
    );
    let mut robot = SpecSource::robot("M4").unwrap().robot_spec().unwrap();
    robot.motor.battery_v = Some(toml::Spanned::new(0..0, 7.5));
    let e = SpecSource::env("E1").unwrap().env_spec().unwrap();
    let mut s = Simulation::create(&SimDef::one(robot, e)).unwrap();
    assert_eq!(
        s.robot_mut(0).unwrap().direct(&[0x30]),
        Some(vec![0xcf, 0x4c, 0x1d])
    );
    s.run_ticks(10);
    // Source 34 in a program sees the same battery (poll source 34 → 7500).
    assert_eq!(
        s.robot_mut(0).unwrap().direct(&[0x12, 34, 0]),
        Some(vec![0xed, 0x4c, 0x1d])
    );
}

#[test]
fn an_rcx_realism_run_is_recorded_as_rcx_and_replays_exactly() {
    let r = SpecSource::robot("M4").unwrap();
    let e = SpecSource::env("E1").unwrap();
    let config = SimConfig {
        realism: Realism::Rcx,
        ..SimConfig::default()
    };
    let mut s = SimDef::from_files(&r, &e)
        .and_then(|d| Simulation::create(&d.with_config(config)))
        .unwrap();
    let mut rec = Recorder::new(&s, 20, lurobotsim::sim::Listing::One).unwrap();
    s.robot_mut(0)
        .unwrap()
        .load_program(program("sim_m4_forward_3.lasm"));
    s.robot_mut(0).unwrap().start();
    for _ in 0..3000 {
        s.tick();
        rec.observe(&s);
    }
    let rec = rec.finish(&s);
    assert_eq!(rec.realism, Realism::Rcx);
    let path = temp("rcx.lsrec");
    record::save(&path, &rec).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(text.contains("\"realism\":\"rcx\""));
    let back = record::parse(&text, "rcx.lsrec").unwrap();
    let replayed = back.simulation_at(u64::MAX).unwrap();
    assert_eq!(replayed.config().realism, Realism::Rcx);
    assert!(back.matches_final(&replayed));
    assert_eq!(
        replayed.robot(0).unwrap().state_json(),
        s.robot(0).unwrap().state_json()
    );
}

#[test]
fn a_recording_from_before_realism_existed_loads_as_original() {
    let (_, rec) = eventful_run();
    assert_eq!(rec.realism, Realism::Original);
    let mut v = serde_json::to_value(&rec).unwrap();
    v.as_object_mut().unwrap().remove("realism");
    let old: record::Recording = serde_json::from_value(v).unwrap();
    assert_eq!(old.realism, Realism::Original);
    let replayed = old.simulation_at(u64::MAX).unwrap();
    assert!(old.matches_final(&replayed));
}

#[test]
fn a_host_polling_the_random_source_is_logged_so_a_replay_draws_the_same_numbers() {
    let (mut s, _, _) = fresh("M4", "E1", 3);
    let rec = Recorder::new(&s, 50, lurobotsim::sim::Listing::One).unwrap();
    // Task 0: wait 100 ms, then var 1 = random(1000).
    let mut p = lurobotsim::rcx::Program::default();
    p.tasks[0] = Some(vec![0x43, 2, 10, 0, 0x14, 1, 4, 0xe8, 0x03]);
    s.robot_mut(0).unwrap().load_program(p);
    s.robot_mut(0).unwrap().start();
    s.run_ticks(50);
    // poll random(100): the host's draw moves the generator on.
    for _ in 0..3 {
        assert!(s.robot_mut(0).unwrap().direct(&[0x12, 4, 100]).is_some());
    }
    s.run_ticks(200);
    let recording = rec.finish(&s);
    let replayed = recording.simulation_at(u64::MAX).unwrap();
    assert_ne!(
        s.robot(0).unwrap().vm().variables()[1],
        0,
        "the task drew its number"
    );
    assert_eq!(
        replayed.robot(0).unwrap().vm().variables()[1],
        s.robot(0).unwrap().vm().variables()[1]
    );
    assert_eq!(
        replayed.robot(0).unwrap().state_json(),
        s.robot(0).unwrap().state_json()
    );
}

#[test]
fn button_presses_are_logged_and_a_recording_replays_them() {
    use lurobotsim::sim::Input;
    use lurobotsim::vm::Button;
    let (mut s, _, _) = fresh("M4", "E1", 3);
    let mut rec = Recorder::new(&s, 20, lurobotsim::sim::Listing::One).unwrap();
    s.robot_mut(0)
        .unwrap()
        .load_program(program("sim_m4_forward_5.lasm"));
    for t in 0..3000u64 {
        match t {
            500 => s.robot_mut(0).unwrap().press(Button::Run),
            800 => s.robot_mut(0).unwrap().press(Button::View),
            1200 => s.robot_mut(0).unwrap().press(Button::Run),
            _ => {}
        }
        s.tick();
        rec.observe(&s);
    }
    let logged: Vec<(u64, Button)> = s
        .inputs()
        .iter()
        .filter_map(|i| match i.input {
            Input::Button { button } => Some((i.time_ms, button)),
            _ => None,
        })
        .collect();
    assert_eq!(
        logged,
        [(500, Button::Run), (800, Button::View), (1200, Button::Run)]
    );
    let rec = rec.finish(&s);
    let path = temp("buttons.lsrec");
    record::save(&path, &rec).unwrap();
    let back = record::load(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let replayed = back.simulation_at(u64::MAX).unwrap();
    assert_eq!(
        replayed.robot(0).unwrap().state_json(),
        s.robot(0).unwrap().state_json()
    );
    assert_eq!(
        replayed.robot(0).unwrap().state_json()["display"]["view"],
        "sensor 1"
    );
    assert!(
        s.robot(0).unwrap().displacement_m() > 0.1,
        "the robot drove between the presses"
    );
}

/// A file of `tests/data/recordings/` with the state `run --json` printed for its run.
fn old_recording(name: &str) -> (record::Recording, serde_json::Value) {
    let dir = Path::new("tests/data/recordings");
    let rec = record::load(&dir.join(format!("{name}.json"))).unwrap();
    let state = std::fs::read_to_string(dir.join(format!("{name}.state.json"))).unwrap();
    (rec, serde_json::from_str(&state).unwrap())
}

/// The same run: the program's state as printed then, and every robot within 2 cm of
/// where the recorded run ended. (Not bit for bit: the physics has changed since these
/// files were written; a recording replays with the physics of the build that opens it.)
fn same_run(rec: &record::Recording, sim: &Simulation, printed: &serde_json::Value, k: usize) {
    let now = match rec.listing() {
        lurobotsim::sim::Listing::Scene => sim.robot(k).unwrap().json(),
        lurobotsim::sim::Listing::One => sim.robot(k).unwrap().state_json(),
    };
    for key in ["sim_time_s", "tasks", "variables", "outputs"] {
        assert_eq!(now[key], printed[key], "robot {k}'s {key}");
    }
    let end = match k {
        0 => rec.final_pose,
        k => rec.finals[k],
    };
    let p = sim.robot(k).unwrap().pose();
    let off = (p.x - end[0]).hypot(p.z - end[2]);
    assert!(off < 0.02, "robot {k} ends {off} m from where it did");
}

#[test]
fn a_version_1_recording_still_opens_and_replays_as_the_same_run() {
    // `run --robot M4 --program tests/programs/sim_m4_forward_1.lasm --seconds 1 --seed 3
    // --record … --json`, written by the build before version 2.
    let (rec, state) = old_recording("v1_m4_forward");
    assert_eq!(rec.version, 1);
    assert!(rec.scene.is_empty());
    assert_eq!(rec.frame_count(), 51);
    let (sim, _) = rec.replay().unwrap();
    assert_eq!(sim.time_ms(), 1000);
    same_run(&rec, &sim, &state, 0);
}

#[test]
fn a_version_1_scene_recording_still_opens_as_the_same_run() {
    // `run --scene assets/examples/ir_master_slave.toml --seconds 1 --seed 3 --record …
    // --json`, written by the build before version 2 (format "lurobotsim-scene-recording").
    let (rec, state) = old_recording("scene_v1_master_slave");
    let names: Vec<&str> = rec.scene.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["master", "slave"]);
    assert_eq!(rec.finals.len(), 2);
    let (sim, _) = rec.replay().unwrap();
    assert_eq!(sim.time_ms(), 1000);
    for k in 0..2 {
        same_run(&rec, &sim, &state["robots"][k], k);
    }
}

#[test]
fn a_recording_is_written_as_version_2_and_read_back_the_same() {
    let (_, rec) = eventful_run();
    assert_eq!(rec.version, 2);
    let text = serde_json::to_string(&rec).unwrap();
    assert_eq!(record::parse(&text, "v2.json").unwrap(), rec);
    let newer = text.replacen("\"version\":2", "\"version\":3", 1);
    let e = record::parse(&newer, "v3.json").unwrap_err();
    assert!(e.to_string().contains("version 3"), "{e}");
}

/// A definition's items go down as logged inputs at 0 s and again at every reset, and its
/// presses are inputs of the one input log, applied by the one run loop at their ticks; a
/// recording of such a run replays to exactly the same state.
#[test]
fn a_definitions_items_and_presses_are_logged_inputs_that_resets_and_replays_keep() {
    use lurobotsim::sim::def::Press;
    use lurobotsim::sim::scenario::Scenario;
    use lurobotsim::sim::{Item, Listing};
    use lurobotsim::vm::Button;
    let r = SpecSource::robot("M4").unwrap();
    let e = SpecSource::env("E1").unwrap();
    let mut def = SimDef::from_files(&r, &e).unwrap();
    def.robots[0].program = Some((
        PathBuf::from("fwd.lasm"),
        lurobotsim::rcx::lasm::assemble("task 0\n out 2,5\nendt\n", "fwd.lasm").unwrap(),
    ));
    def.items.push(Item::Box {
        name: "crate".into(),
        size: [0.1, 0.1, 0.1],
        centre: [0.5, 0.05, 0.5],
        yaw_deg: 0.0,
    });
    def.presses.push(Press {
        at_ms: 300,
        robot: 0,
        button: Button::Run,
    });
    let scenario = Scenario {
        def,
        end_ms: 1000,
        listing: Listing::One,
    };
    let mut sim = scenario.build().unwrap();
    let start = sim.robot(0).unwrap().pose();
    let mut rec = Recorder::new(&sim, 20, Listing::One).unwrap();
    let inputs = scenario.def.press_inputs();
    lurobotsim::sim::scenario::run_until(&mut sim, scenario.end_ms, &inputs, &mut [&mut rec])
        .unwrap();
    let logged: Vec<(u64, String)> = sim
        .inputs()
        .iter()
        .map(|ti| (ti.time_ms, format!("{:?}", ti.input)))
        .collect();
    assert!(
        logged
            .iter()
            .any(|(t, i)| *t == 0 && i.starts_with("AddBox") && i.contains("crate")),
        "the item is a logged input at 0 s: {logged:?}"
    );
    assert!(
        logged
            .iter()
            .any(|(t, i)| *t == 300 && i.contains("Button") && i.contains("Run")),
        "the press is a logged input at its tick: {logged:?}"
    );
    // Started by the press (a robot with presses is not started at 0 s): it drove off.
    let now = sim.robot(0).unwrap().pose();
    assert!(
        (now.x - start.x).abs() + (now.z - start.z).abs() > 0.01,
        "{start:?} → {now:?}"
    );
    assert!(sim.world().added_box_id("crate").is_some());
    // The recording replays to exactly the same state.
    let recording = rec.finish(&sim);
    let (replayed, _) = recording.replay().unwrap();
    assert_eq!(
        replayed.robot(0).unwrap().state_json(),
        sim.robot(0).unwrap().state_json()
    );
    assert!(replayed.world().added_box_id("crate").is_some());
    // A reset puts the item down again, as a logged input at 0 s.
    sim.reset();
    assert!(sim.world().added_box_id("crate").is_some());
    assert!(sim
        .inputs()
        .iter()
        .any(|ti| format!("{:?}", ti.input).contains("crate")));
}

/// A box is the world's, not robot 0's: adding one through any robot's number (even one
/// past the last robot, which used to drop it silently) puts it down, and the log writes
/// it without a robot.
#[test]
fn a_box_is_the_worlds_input_not_robot_zeros() {
    let (mut sim, _, _) = fresh("M4", "E1", 0);
    let add = |name: &str| Input::AddBox {
        name: name.into(),
        size: [0.1, 0.1, 0.1],
        centre: [0.5, 0.05, 0.5],
        yaw_deg: 0.0,
    };
    assert!(add("crate").is_world());
    assert!(!Input::StopAll.is_world());
    sim.apply(3, add("crate"));
    sim.change_world(add("cone"));
    assert!(sim.world().added_box_id("crate").is_some());
    assert!(sim.world().added_box_id("cone").is_some());
    let written: Vec<String> = sim
        .inputs()
        .iter()
        .filter(|ti| ti.input.is_world())
        .map(|ti| serde_json::to_string(ti).unwrap())
        .collect();
    assert_eq!(written.len(), 2, "{written:?}");
    assert!(written.iter().all(|w| !w.contains("brick")), "{written:?}");
    // A robot's input past the last robot still does nothing and logs nothing.
    let before = sim.inputs().len();
    assert!(sim.apply(3, Input::StopAll).is_none());
    assert_eq!(sim.inputs().len(), before);
}

//! The live goal (`sim::goal`): each criterion decided at the tick it happens, the end equal
//! to what `grade` scores, kept with the runner's history (a seek shows the goal of that
//! moment, a reset starts it over), and criteria about any robot of a scene.

use lurobotsim::i18n::Lang;
use lurobotsim::runner::Session;
use lurobotsim::sim::assignment::Assignment;
use lurobotsim::sim::goal::CriterionStatus;
use lurobotsim::sim::goal::{words, GoalStatus, LiveState};
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn program(rel: &str) -> (PathBuf, lurobotsim::rcx::Program) {
    let path = root().join(rel);
    let p = lurobotsim::nqc::load(&path).expect("the program loads");
    (path, p)
}

/// Alice drives both motors forward for 2 s (M4 on E1, starting at the origin facing +x).
const ALICE: &str = r#"
[assignment]
seconds = 3

[[scenario]]
id = "drive"
robot = "M4"
environment = "E1"

  [[scenario.criterion]]
  id = "ahead"
  kind = "reach"
  region = { rect = [0.1, -1.0, 5.0, 1.0] }
  by_s = 2.5
  points = 4

  [[scenario.criterion]]
  id = "behind"
  kind = "reach"
  region = { rect = [-5.0, -1.0, -0.5, 1.0] }
  by_s = 1.0

  [[scenario.criterion]]
  id = "after-behind"
  kind = "no_contact"
  requires = ["behind"]

  [[scenario.criterion]]
  id = "far"
  kind = "displacement"
  min_m = 0.1
"#;

fn alice_session() -> (Session, Assignment) {
    let a = Assignment::parse("alice.toml", ALICE, &root()).expect("a right assignment");
    let sc = &a.scenarios[0];
    let run = sc.run_of(
        a.realism,
        0,
        Some(program("tests/data/grade/programs/alice.lasm")),
    );
    let sim = run.build().expect("the run builds");
    (Session::new(sim), a)
}

fn state(g: &GoalStatus, id: &str) -> LiveState {
    g.live
        .iter()
        .find(|l| l.id == id)
        .expect("the criterion")
        .state
}

#[test]
fn the_live_goal_decides_each_criterion_at_the_tick_it_happens_and_ends_as_grade_scores() {
    let a = Assignment::parse("alice.toml", ALICE, &root()).expect("a right assignment");
    let sc = &a.scenarios[0];
    let run = sc.run_of(
        a.realism,
        0,
        Some(program("tests/data/grade/programs/alice.lasm")),
    );
    let mut sim = run.build().expect("the run builds");
    let mut reached: Option<u64> = None;
    let mut failed_behind: Option<u64> = None;
    while sim.time_ms() < sc.end_ms {
        sim.tick();
        let g = sim.goal_status().expect("a goal");
        if reached.is_none() {
            if let LiveState::Passed { at_ms } = state(&g, "ahead") {
                // Decided at the very tick the brick entered the region.
                assert_eq!(at_ms, sim.time_ms());
                reached = Some(at_ms);
            }
        }
        if failed_behind.is_none() {
            if let LiveState::Failed { at_ms } = state(&g, "behind") {
                assert_eq!(at_ms, 1000, "failed at its by_s");
                assert_eq!(sim.time_ms(), 1001, "known the tick after by_s");
                failed_behind = Some(at_ms);
                assert_eq!(
                    state(&g, "after-behind"),
                    LiveState::Skipped { at_ms: 1000 }
                );
            }
        }
        if !g.ended {
            // Decided only at the end.
            assert_eq!(state(&g, "far"), LiveState::Pending);
        }
    }
    assert!(reached.is_some_and(|t| t > 0 && t < 2500));
    assert_eq!(failed_behind, Some(1000));
    let g = sim.goal_status().expect("a goal");
    assert!(g.ended);
    // The end is grade's score, criterion by criterion, in plain words too.
    let results = sim.goal().expect("a goal").results(&sim);
    for (live, r) in g.live.iter().zip(&results) {
        let live_status = match live.state {
            LiveState::Passed { .. } => CriterionStatus::Pass,
            LiveState::Failed { .. } => CriterionStatus::Fail,
            LiveState::Skipped { .. } => CriterionStatus::Skipped,
            LiveState::Pending => panic!("{} still pending at the end", live.id),
        };
        assert_eq!(live_status, r.status, "{}", live.id);
        assert_eq!(live.points, r.points);
        assert_eq!(live.result.as_ref(), Some(r), "{}", live.id);
        assert!(!r.outcome(Lang::En).is_empty());
    }
    assert_eq!(g.points, 5.0);
    assert_eq!(g.max_points, 7.0);
    assert_eq!(
        words::task(&g.criteria[0], None, Lang::En),
        "Reach the green area by 2.5 s"
    );
    let ahead = g.live[0]
        .result
        .as_ref()
        .expect("decided")
        .outcome(Lang::En);
    assert!(ahead.starts_with("reached it at "), "{ahead}");
    assert!(ahead.ends_with("; needed by 2.5 s"), "{ahead}");
}

#[test]
fn the_goal_stops_looking_at_its_end_so_running_on_keeps_the_score() {
    let (mut s, _) = alice_session();
    s.run_for(3000);
    let at_end = s.live().goal_status().expect("a goal");
    s.run_for(2000);
    let later = s.live().goal_status().expect("a goal");
    assert_eq!(at_end.live, later.live);
    assert_eq!(later.time_ms, 3000);
}

#[test]
fn a_seek_shows_the_goal_of_that_moment_and_a_reset_starts_it_over() {
    let (mut s, _) = alice_session();
    s.run_for(3000);
    let live = s.live().goal_status().expect("a goal");
    let LiveState::Passed { at_ms } = state(&live, "ahead") else {
        panic!("ahead passed in the live run");
    };
    // Just before it was reached, in the history: pending; at that moment: passed.
    s.seek(at_ms - 1);
    let before = s.shown().goal_status().expect("a goal");
    assert_eq!(state(&before, "ahead"), LiveState::Pending);
    assert_eq!(before.time_ms, at_ms - 1);
    s.seek(at_ms);
    let then = s.shown().goal_status().expect("a goal");
    assert_eq!(state(&then, "ahead"), LiveState::Passed { at_ms });
    s.show_live();
    assert_eq!(s.shown().goal_status(), Some(live));
    s.reset();
    let fresh = s
        .live()
        .goal_status()
        .expect("the goal stays after a reset");
    assert!(fresh.live.iter().all(|l| l.state == LiveState::Pending));
    assert_eq!(fresh.time_ms, 0);
}

/// Two M4s: the master (the pupil's) tells the slave "forward", "back", "stop" by infrared.
const RELAY: &str = r#"
[assignment]
seconds = 6

[[scenario]]
id = "relay"
scene = "ir_master_slave.toml"
pupil_robot = "master"

  [[scenario.criterion]]
  id = "slave-moved"
  kind = "path_length"
  robot = "slave"
  min_m = 1.0
  say = "Make the slave drive"

  [[scenario.criterion]]
  id = "master-stays"
  kind = "displacement"
  max_m = 0.05
"#;

#[test]
fn a_two_robot_scene_grades_the_second_robots_criterion() {
    let dir = root().join("assets/examples");
    let a = Assignment::parse("relay.toml", RELAY, &dir).expect("a right assignment");
    let sc = &a.scenarios[0];
    assert_eq!(sc.pupil, 0);
    assert_eq!(sc.robot_names, ["master", "slave"]);
    assert_eq!(sc.criteria[0].robot, 1);
    let grade = |prog: &str| {
        let run = sc.run_of(a.realism, 0, Some(program(prog)));
        let sim = run.run(&mut []).expect("the run");
        let results = sim.goal().expect("a goal").results(&sim);
        let status = sim.goal_status().expect("a goal");
        (results, status)
    };
    // The master's own program tells the slave to move.
    let (r, g) = grade("assets/examples/ir_master.rcx");
    assert_eq!(r[0].status, CriterionStatus::Pass, "{:?}", r[0]);
    assert_eq!(r[1].status, CriterionStatus::Pass, "{:?}", r[1]);
    let task = |k: usize| {
        let robot = g.robot_name(g.live[k].robot);
        words::task(&g.criteria[k], robot, Lang::En)
    };
    assert_eq!(task(0), "slave: Make the slave drive");
    assert_eq!(task(1), "master: End at most 5 cm from the start");
    // A master that drives away and sends nothing: the slave never moves.
    let (r, _) = grade("tests/data/grade/programs/alice.lasm");
    assert_eq!(r[0].status, CriterionStatus::Fail, "{:?}", r[0]);
    assert_eq!(r[1].status, CriterionStatus::Fail, "{:?}", r[1]);
}

#[test]
fn a_scenario_names_robots_the_scene_has_or_says_which_line_is_wrong() {
    let dir = root().join("assets/examples");
    let bad = RELAY.replace("robot = \"slave\"", "robot = \"nobody\"");
    let e = Assignment::parse("relay.toml", &bad, &dir).expect_err("no such robot");
    assert_eq!(e.line, 13, "{e}");
    assert!(e.to_string().contains("master, slave"), "{e}");
    let bad = RELAY.replace("pupil_robot = \"master\"", "pupil_robot = \"boss\"");
    let e = Assignment::parse("relay.toml", &bad, &dir).expect_err("no such pupil robot");
    assert_eq!(e.line, 8, "{e}");
    let bad = RELAY.replace("pupil_robot = \"master\"", "robot = \"M1\"");
    let e = Assignment::parse("relay.toml", &bad, &dir).expect_err("robot beside scene");
    assert!(e.to_string().contains("from the scene"), "{e}");
    let bad = RELAY.replace(
        "scene = \"ir_master_slave.toml\"",
        "scene = \"missing.toml\"",
    );
    let e = Assignment::parse("relay.toml", &bad, &dir).expect_err("a missing scene");
    assert_eq!(e.line, 7, "{e}");
}

#[test]
fn a_press_goes_to_the_robot_it_names_and_the_others_start_at_once() {
    let names = vec!["master".to_string(), "slave".to_string()];
    let p = lurobotsim::sim::scenario::parse_presses("slave:run@0.5, prgm@1", &names, 0)
        .expect("right presses");
    assert_eq!(p[0].robot, 1);
    assert_eq!(p[0].at_ms, 500);
    assert_eq!(p[1].robot, 0);
    let e = lurobotsim::sim::scenario::parse_presses("boss:run@1", &names, 0)
        .expect_err("no such robot");
    assert!(e.contains("master, slave"), "{e}");
    // The slave waits for its Run press; the master starts at 0 s and sends at once.
    let dir = root().join("assets/examples");
    let text = RELAY.replace(
        "pupil_robot = \"master\"",
        "pupil_robot = \"master\"\npress = \"slave:run@3\"",
    );
    let a = Assignment::parse("relay.toml", &text, &dir).expect("a right assignment");
    let sc = &a.scenarios[0];
    let run = sc.run_of(a.realism, 0, Some(program("assets/examples/ir_master.rcx")));
    let mut sim = run.build().expect("the run builds");
    assert!(sim.robot(0).is_some_and(|r| r.running()));
    assert!(!sim.robot(1).is_some_and(|r| r.running()));
    lurobotsim::sim::scenario::run_until(&mut sim, 3100, &run.def.press_inputs(), &mut [])
        .expect("the run");
    assert!(sim.robot(1).is_some_and(|r| r.running()));
}

#[test]
fn a_failure_shows_at_its_moment_while_the_criterion_it_requires_is_still_pending() {
    // The naive parking bumps the wall at 2.8 s; "no-bump" requires "close", which is
    // decided only at the end: clicking the card's "failed at 2.8 s" shows the cross there.
    let a = Assignment::load(&root().join("assets/challenges/park-by-the-wall.toml"))
        .expect("the pack's challenge");
    let sc = &a.scenarios[0];
    let run = sc.run_of(
        a.realism,
        0,
        Some(program("assets/challenges/park-by-the-wall/naive.lasm")),
    );
    let mut s = Session::new(run.build().expect("the run builds"));
    s.run_for(sc.end_ms);
    let end = s.live().goal_status().expect("a goal");
    let LiveState::Failed { at_ms } = state(&end, "no-bump") else {
        panic!("the naive try bumps the wall: {:?}", end.live);
    };
    assert_eq!(state(&end, "close"), LiveState::Passed { at_ms: sc.end_ms });
    s.seek(at_ms - 1);
    let before = s.shown().goal_status().expect("a goal");
    assert_eq!(state(&before, "no-bump"), LiveState::Pending);
    s.seek(at_ms);
    let then = s.shown().goal_status().expect("a goal");
    assert_eq!(
        state(&then, "close"),
        LiveState::Pending,
        "decided at the end"
    );
    assert_eq!(state(&then, "no-bump"), LiveState::Failed { at_ms });
}

//! One test per criterion kind: an assignment's criterion read from its text, followed
//! through a short run of the test class's `alice.lasm` (var 0 = 42, a 440 Hz tone of
//! 200 ms, both motors forward for 2 s, then off) and scored — a pass and, where a still
//! world allows one, a fail — and what each observed read back from `runs.jsonl`'s JSON.
//! The end-to-end tests (tests/core/grade_*.rs) grade whole classes through the command
//! line.

use super::kinds::NoFault;
use super::{Check, CriterionResult, CriterionStatus, Kind};
use crate::sim::assignment::Assignment;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// Reads `criteria` (`[[scenario.criterion]]` tables) for `robot` on `env`, runs alice's
/// program for `seconds` and scores them.
fn grade(robot: &str, env: &str, seconds: f64, criteria: &str) -> Vec<CriterionResult> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/grade/programs/alice.lasm");
    let text = std::fs::read_to_string(&path).expect("alice's program");
    grade_program(&text, robot, env, seconds, criteria)
}

/// As [`grade`], with the LASM program `lasm`.
fn grade_program(
    lasm: &str,
    robot: &str,
    env: &str,
    seconds: f64,
    criteria: &str,
) -> Vec<CriterionResult> {
    let text = format!(
        "[assignment]\nseconds = {seconds}\n\n[[scenario]]\nid = \"s\"\nrobot = \"{robot}\"\nenvironment = \"{env}\"\n\n{criteria}"
    );
    let a = Assignment::parse("t.toml", &text, Path::new(".")).expect("a right assignment");
    let sc = &a.scenarios[0];
    let program = crate::rcx::load_program_bytes(lasm.as_bytes(), "p.lasm").expect("LASM");
    let scenario = sc.run_of(a.realism, 0, Some((PathBuf::from("p.lasm"), program)));
    let sim = scenario.run(&mut []).expect("the run");
    sim.goal().expect("the goal").results(&sim)
}

/// What a result says, in English.
fn said(r: &CriterionResult) -> String {
    r.outcome(crate::i18n::Lang::En)
}

/// `[[scenario.criterion]]` with `id` and `kind = KIND`, then `fields`.
fn criterion(id: &str, kind: Kind, fields: &str) -> String {
    format!(
        "[[scenario.criterion]]\nid = \"{id}\"\nkind = \"{}\"\n{fields}\n",
        kind.name()
    )
}

/// What a criterion observed, as `runs.jsonl` writes it.
fn actual(r: &CriterionResult) -> Value {
    serde_json::to_value(&r.actual).expect("JSON")
}

fn statuses(results: &[CriterionResult]) -> Vec<CriterionStatus> {
    results.iter().map(|r| r.status).collect()
}

use CriterionStatus::{Fail, Pass};

/// A region around the whole floor, and one far off it.
const EVERYWHERE: &str = "{ rect = [-100.0, -100.0, 100.0, 100.0] }";
const NOWHERE: &str = "{ circle = [50.0, 50.0, 0.1] }";

#[test]
fn no_fault_passes_a_program_that_runs_without_one() {
    let r = grade("M4", "E1", 0.5, &criterion("ok", Kind::NoFault, ""));
    assert_eq!(statuses(&r), [Pass]);
    assert_eq!(actual(&r[0]), json!("no fault"));
}

#[test]
fn reach_passes_at_the_first_tick_inside_and_fails_with_the_final_pose_when_never_inside() {
    let r = grade(
        "M4",
        "E1",
        0.5,
        &(criterion("in", Kind::Reach, &format!("region = {EVERYWHERE}"))
            + &criterion(
                "out",
                Kind::Reach,
                &format!("region = {NOWHERE}\nby_s = 0.2"),
            )),
    );
    assert_eq!(statuses(&r), [Pass, Fail]);
    assert_eq!(actual(&r[0])["reached_at_s"], json!(0.0));
    assert_eq!(actual(&r[1])["inside_at_end"], json!(false));
    assert_eq!(r[1].expected["by_s"], json!(0.2));
}

#[test]
fn visit_needs_every_region_in_order() {
    let r = grade(
        "M4",
        "E1",
        0.5,
        &(criterion(
            "both",
            Kind::Visit,
            &format!("regions = [{EVERYWHERE}, {EVERYWHERE}]"),
        ) + &criterion(
            "far",
            Kind::Visit,
            &format!("regions = [{EVERYWHERE}, {NOWHERE}]"),
        )),
    );
    assert_eq!(statuses(&r), [Pass, Fail]);
    assert_eq!(actual(&r[1])["visited"], json!(1));
    assert_eq!(actual(&r[1])["of"], json!(2));
}

#[test]
fn never_enter_fails_at_the_first_tick_inside() {
    let r = grade(
        "M4",
        "E1",
        0.5,
        &(criterion("clear", Kind::NeverEnter, &format!("region = {NOWHERE}"))
            + &criterion("in", Kind::NeverEnter, &format!("region = {EVERYWHERE}"))),
    );
    assert_eq!(statuses(&r), [Pass, Fail]);
    assert_eq!(actual(&r[0])["entered_at_s"], json!(null));
    assert_eq!(actual(&r[1])["entered_at_s"], json!(0.0));
}

#[test]
fn no_contact_passes_a_robot_that_touches_nothing() {
    let r = grade("M4", "E1", 0.5, &criterion("free", Kind::NoContact, ""));
    assert_eq!(statuses(&r), [Pass]);
    assert_eq!(actual(&r[0])["first_contact_s"], json!(null));
}

#[test]
fn displacement_and_path_length_compare_the_distance_driven_with_their_bounds() {
    let r = grade(
        "M4",
        "E1",
        3.0,
        &(criterion("far", Kind::Displacement, "min_m = 0.5")
            + &criterion("near", Kind::Displacement, "max_m = 0.1")
            + &criterion("long", Kind::PathLength, "min_m = 0.5")
            + &criterion("short", Kind::PathLength, "min_m = 0.1\nmax_m = 0.2")),
    );
    assert_eq!(statuses(&r), [Pass, Fail, Pass, Fail]);
    let d = actual(&r[0]).as_f64().unwrap();
    assert!(d > 0.5, "{d}");
    assert_eq!(r[1].expected, json!({ "min_m": null, "max_m": 0.1 }));
}

#[test]
fn variable_reads_the_value_at_its_moment_against_a_value_or_a_range() {
    let r = grade(
        "M4",
        "E1",
        1.0,
        &(criterion(
            "is-42",
            Kind::Variable,
            "index = 0\nat_s = 0.5\nequals = 42",
        ) + &criterion("is-41", Kind::Variable, "index = 0\nequals = 41")
            + &criterion("forties", Kind::Variable, "index = 0\nmin = 40\nmax = 49")
            + &criterion("untouched", Kind::Variable, "index = 1\nmin = 1")),
    );
    assert_eq!(statuses(&r), [Pass, Fail, Pass, Fail]);
    assert_eq!(actual(&r[1]), json!(42));
    assert_eq!(actual(&r[3]), json!(0));
}

#[test]
fn display_compares_the_view_and_value_shown_at_its_moment() {
    let r = grade(
        "M4",
        "E1",
        0.5,
        &(criterion("watch", Kind::Display, "equals = { view = \"watch\" }")
            + &criterion("sensor", Kind::Display, "equals = { view = \"sensor 1\" }")),
    );
    assert_eq!(statuses(&r), [Pass, Fail]);
    assert_eq!(actual(&r[1])["view"], json!("watch"));
}

#[test]
fn sound_needs_every_tone_listed_to_have_been_played() {
    let r = grade(
        "M4",
        "E1",
        0.5,
        &(criterion("a", Kind::Sound, "contains = [{ freq_hz = 440, ms = 200 }]")
            + &criterion(
                "high-a",
                Kind::Sound,
                "contains = [{ freq_hz = 880, ms = 200 }]",
            )),
    );
    assert_eq!(statuses(&r), [Pass, Fail]);
    assert_eq!(
        actual(&r[1])["missing"],
        json!([{ "freq_hz": 880, "ms": 200 }])
    );
}

#[test]
fn line_follows_the_light_spot_and_fails_a_robot_without_a_light_sensor() {
    let line = criterion("on", Kind::Line, "max_m = 0.05\nfor_fraction = 0.0");
    let with = grade("M5", "E3", 0.5, &line);
    assert_eq!(statuses(&with), [Pass]);
    assert!(
        actual(&with[0])["fraction"].is_number(),
        "{}",
        actual(&with[0])
    );
    let without = grade("M4", "E3", 0.5, &line);
    assert_eq!(statuses(&without), [Fail]);
    assert_eq!(actual(&without[0]), json!("the robot has no light sensor"));
}

#[test]
fn every_kind_reads_into_its_own_check_and_rejects_the_fields_of_others() {
    for &kind in Kind::ALL {
        let text = format!(
            "[assignment]\n[[scenario]]\nid = \"s\"\nrobot = \"M4\"\nenvironment = \"E1\"\n{}",
            criterion("c", kind, "colour = 1")
        );
        let e = Assignment::parse("t.toml", &text, Path::new(".")).unwrap_err();
        assert_eq!(e.line, 9, "{kind:?}: {e}");
        assert!(
            e.message.starts_with(&format!(
                "criterion \"c\" ({}): unknown field `colour`",
                kind.name()
            )),
            "{kind:?}: {e}"
        );
    }
    let text = "[assignment]\n[[scenario]]\nid = \"s\"\nrobot = \"M4\"\nenvironment = \"E1\"\n[[scenario.criterion]]\nid = \"c\"\nkind = \"no_fault\"\n";
    let a = Assignment::parse("t.toml", text, Path::new(".")).unwrap();
    let c = &a.scenarios[0].criteria[0];
    assert_eq!(c.check, Check::NoFault(NoFault));
    assert_eq!(c.check.kind(), Kind::NoFault);
}

#[test]
fn what_every_kind_observed_reads_back_from_the_json_runs_jsonl_writes() {
    let all = criterion("ok", Kind::NoFault, "")
        + &criterion("in", Kind::Reach, &format!("region = {EVERYWHERE}"))
        + &criterion("out", Kind::Reach, &format!("region = {NOWHERE}"))
        + &criterion(
            "tour",
            Kind::Visit,
            &format!("regions = [{EVERYWHERE}, {NOWHERE}]"),
        )
        + &criterion("clear", Kind::NeverEnter, &format!("region = {EVERYWHERE}"))
        + &criterion("free", Kind::NoContact, "")
        + &criterion("far", Kind::Displacement, "min_m = 0.5")
        + &criterion("long", Kind::PathLength, "max_m = 0.5")
        + &criterion("var", Kind::Variable, "index = 0\nequals = 41\nat_s = 0.2")
        + &criterion("late", Kind::Variable, "index = 0\nmin = 1")
        + &criterion("lcd", Kind::Display, "equals = { view = \"watch\" }")
        + &criterion(
            "beep",
            Kind::Sound,
            "contains = [{ freq_hz = 440, ms = 200 }]",
        )
        + &criterion("bump", Kind::Touch, "")
        + &criterion("send", Kind::Message, "value = 3")
        + &criterion("hear", Kind::Played, "freq_hz = 440")
        + &criterion("hear-high", Kind::Played, "freq_hz = 880")
        + &criterion("halt", Kind::Stopped, "after = [\"in\"]")
        + &criterion("then", Kind::NoFault, "requires = [\"out\"]");
    let text = format!(
        "[assignment]\nseconds = 0.5\n\n[[scenario]]\nid = \"s\"\nrobot = \"M4\"\nenvironment = \"E1\"\n\n{all}"
    );
    let a = Assignment::parse("t.toml", &text, Path::new(".")).expect("a right assignment");
    let sc = &a.scenarios[0];
    let results = grade("M4", "E1", 0.5, &all);
    assert_eq!(results.len(), sc.criteria.len());
    assert!(matches!(
        results.last().map(|r| &r.actual),
        Some(super::Observed::NotChecked { .. })
    ));
    for (c, r) in sc.criteria.iter().zip(&results) {
        let back = super::Observed::read(&c.check, actual(r)).expect("reads back");
        assert_eq!(back, r.actual, "{}", c.id);
        assert_eq!(serde_json::to_value(&back).unwrap(), actual(r), "{}", c.id);
    }
    for c in &sc.criteria {
        let unloaded = super::Observed::read(&c.check, json!("the program did not load"));
        assert_eq!(unloaded.ok(), Some(super::Observed::DidNotLoad), "{}", c.id);
    }
}

/// M2 forward on motor A at full power for 6 s: it bumps E2's east wall (≈ 3 s in).
const BUMP: &str =
    "task 0\n\tset 24,9,2,1\n\tpwr 1,2,7\n\tdir 2,1\n\tout 2,1\n\twait 2,600\n\tout 1,1\nendt\n";

#[test]
fn touch_passes_when_the_sensor_is_pressed_and_says_where_a_press_outside_the_region_was() {
    let r = grade_program(
        BUMP,
        "M2",
        "E2",
        6.0,
        &(criterion("bump", Kind::Touch, "by_s = 6")
            + &criterion("here", Kind::Touch, &format!("region = {NOWHERE}"))
            + &criterion("soon", Kind::Touch, "by_s = 1")),
    );
    assert_eq!(statuses(&r), [Pass, Fail, Fail]);
    let at = actual(&r[0])["at_s"].as_f64().unwrap();
    assert!(at > 1.0 && at < 6.0, "{at}");
    assert!(
        said(&r[0]).starts_with("pressed the touch sensor at "),
        "{}",
        said(&r[0])
    );
    assert_eq!(actual(&r[1])["missed"]["why"], json!("outside"));
    assert!(
        said(&r[1]).contains("outside the green area"),
        "{}",
        said(&r[1])
    );
    assert!(said(&r[2]).contains("too late"), "{}", said(&r[2]));
    // A robot with no touch sensor cannot press one.
    let none = grade("M4", "E1", 0.5, &criterion("bump", Kind::Touch, ""));
    assert_eq!(statuses(&none), [Fail]);
    assert_eq!(said(&none[0]), "the robot has no touch sensor there");
}

#[test]
fn message_passes_on_the_value_wanted_and_says_what_was_sent_instead() {
    let send = "task 0\n\twait 2,50\n\tmsg 2,7\nendt\n";
    let r = grade_program(
        send,
        "M4",
        "E1",
        1.0,
        &(criterion("any", Kind::Message, "")
            + &criterion("seven", Kind::Message, "value = 7\nby_s = 1")
            + &criterion("one", Kind::Message, "value = 1")),
    );
    assert_eq!(statuses(&r), [Pass, Pass, Fail]);
    assert_eq!(actual(&r[1])["what"], json!(7));
    assert_eq!(said(&r[1]), "sent message 7 at 0.5 s");
    assert_eq!(
        said(&r[2]),
        "did not send message 1 by 1.0 s; sent message 7 at 0.5 s"
    );
    let silent = grade("M4", "E1", 0.5, &criterion("any", Kind::Message, ""));
    assert_eq!(said(&silent[0]), "sent no message by 0.5 s");
}

#[test]
fn played_counts_a_sound_as_it_starts_and_says_the_tone_it_heard() {
    let r = grade(
        "M4",
        "E1",
        0.5,
        &(criterion("any", Kind::Played, "")
            + &criterion("a", Kind::Played, "freq_hz = 440")
            + &criterion("high-a", Kind::Played, "freq_hz = 880")),
    );
    assert_eq!(statuses(&r), [Pass, Pass, Fail]);
    assert_eq!(actual(&r[1])["what"], json!({ "freq_hz": 440, "ms": 200 }));
    assert_eq!(
        said(&r[2]),
        "did not play a 880 Hz tone by 0.5 s; played 440 Hz for 0.2 s at 0.001 s"
    );
}

#[test]
fn stopped_needs_the_motors_to_have_run_and_then_stop() {
    let r = grade(
        "M4",
        "E1",
        3.0,
        &(criterion("stop", Kind::Stopped, "outputs = \"AC\"")
            + &criterion("early", Kind::Stopped, "by_s = 1")),
    );
    assert_eq!(statuses(&r), [Pass, Fail]);
    let at = actual(&r[0])["at_s"].as_f64().unwrap();
    assert!((1.9..2.2).contains(&at), "{at}");
    assert_eq!(r[0].expected["stopped"], json!("AC"));
    assert!(said(&r[1]).contains("too late"), "{}", said(&r[1]));
    // A robot that never drives never stops.
    let still = grade_program(
        "task 0\nendt\n",
        "M4",
        "E1",
        1.0,
        &criterion("stop", Kind::Stopped, ""),
    );
    assert_eq!(statuses(&still), [Fail]);
    assert_eq!(said(&still[0]), "did not stop the motors by 1.0 s");
}

#[test]
fn after_counts_only_from_the_moment_the_criteria_named_passed() {
    // Alice beeps at 0 s, drives 2 s and stops: "away" passes at about 0.5 s.
    let away = "region = { rect = [0.2, -1.0, 5.0, 1.0] }";
    let r = grade(
        "M4",
        "E1",
        3.0,
        &(criterion("away", Kind::Reach, away)
            + &criterion("beep", Kind::Played, "after = [\"away\"]")
            + &criterion("stop", Kind::Stopped, "after = [\"away\"]")
            + &criterion("never", Kind::Reach, &format!("region = {NOWHERE}"))
            + &criterion("then", Kind::Stopped, "after = [\"never\"]")),
    );
    assert_eq!(
        statuses(&r),
        [Pass, Fail, Pass, Fail, CriterionStatus::Skipped]
    );
    // The beep before "away" does not count.
    assert!(
        said(&r[1]).starts_with("played no sound by 3.0 s"),
        "{}",
        said(&r[1])
    );
    let from = r[2].from_s.expect("when it began to count");
    assert_eq!(Some(from), actual(&r[0])["reached_at_s"].as_f64());
    assert!(
        said(&r[2]).ends_with(&format!("(counted from {from} s)")),
        "{}",
        said(&r[2])
    );
    assert_eq!(said(&r[4]), "not checked: \"never\" did not pass");
    // The task says it.
    let text = format!(
        "[assignment]\n[[scenario]]\nid = \"s\"\nrobot = \"M4\"\nenvironment = \"E1\"\n{}{}",
        criterion("away", Kind::Reach, away),
        criterion("stop", Kind::Stopped, "after = [\"away\"]")
    );
    let a = Assignment::parse("t.toml", &text, Path::new(".")).unwrap();
    let c = &a.scenarios[0].criteria[1];
    assert_eq!(
        super::words::task(c, None, crate::i18n::Lang::En),
        "After “away”: Stop the motors (ABC) by 10.0 s"
    );
    // `after` names a criterion before it.
    let text = text.replace("after = [\"away\"]", "after = [\"later\"]");
    let e = Assignment::parse("t.toml", &text, Path::new(".")).unwrap_err();
    assert!(
        e.message.starts_with("after \"later\": no criterion"),
        "{e}"
    );
}

#[test]
fn a_visit_names_the_areas_it_missed() {
    let r = grade(
        "M4",
        "E1",
        0.5,
        &criterion(
            "tour",
            Kind::Visit,
            &format!("regions = [{EVERYWHERE}, {NOWHERE}, {NOWHERE}]"),
        ),
    );
    assert_eq!(said(&r[0]), "visited 1 of 3 by 0.5 s; missed 2, 3");
}

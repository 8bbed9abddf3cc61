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
    let text = format!(
        "[assignment]\nseconds = {seconds}\n\n[[scenario]]\nid = \"s\"\nrobot = \"{robot}\"\nenvironment = \"{env}\"\n\n{criteria}"
    );
    let a = Assignment::parse("t.toml", &text, Path::new(".")).expect("a right assignment");
    let sc = &a.scenarios[0];
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/grade/programs/alice.lasm");
    let bytes = std::fs::read(&path).expect("alice's program");
    let program = crate::rcx::load_program_bytes(&bytes, "alice.lasm").expect("LASM");
    let scenario = sc.run_of(a.realism, 0, Some((path, program)));
    let sim = scenario.run(&mut []).expect("the run");
    sim.goal().expect("the goal").results(&sim)
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

//! The check's own verdicts, on a challenge unfair on purpose (tests/data/challenges/
//! unfair.toml): doing nothing and spinning score, the timed program scores everything,
//! the solution has no margin below its wait, and the seeds give one run.

use super::*;
use std::path::Path;

fn unfair() -> (Arc<Assignment>, Solution) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/challenges");
    let a = Assignment::load(&root.join("unfair.toml")).unwrap();
    let bytes = std::fs::read(root.join("unfair/solution.lasm")).unwrap();
    (
        Arc::new(a),
        Solution::read("solution.lasm", &bytes).unwrap(),
    )
}

#[test]
fn an_unfair_challenge_is_told_what_is_unfair_in_it() {
    let (a, solution) = unfair();
    let report = Checker::new(a, Some(Ok(solution))).run_all(2);
    let problems = report.problems();
    for p in [
        Problem::Scores(Variant::Nothing),
        Problem::Scores(Variant::Spin),
        Problem::Scores(Variant::Forward),
        Problem::SeedsAlike(0),
    ] {
        assert!(problems.contains(&p), "{p:?} not in {problems:?}");
    }
    // The best timed program is the task itself: it scores everything.
    let timed = report
        .stock
        .iter()
        .find(|s| matches!(s.variant, Variant::ForwardFor { .. }));
    let timed = timed.expect("a timed program");
    assert_eq!(timed.points, 4.0);
    assert!(problems.contains(&Problem::Scores(timed.variant)));
    // The solution scores everything, but not with its wait 5 % shorter.
    let sol = report.solution.as_ref().unwrap();
    assert!(sol.short.is_empty(), "{:?}", sol.short);
    let wait = sol
        .margins
        .iter()
        .position(|m| m.group.kind == NumberKind::Wait)
        .unwrap();
    assert_eq!(sol.margins[wait].group.value, 200);
    assert!(problems.contains(&Problem::NoMargin(wait)), "{problems:?}");
    let (lo, _, keeps) = sol.margins[wait].range();
    assert!(!keeps);
    assert_eq!(lo, 200, "nothing shorter passes");

    let text = report.lines(crate::i18n::Lang::En).join("\n");
    for said in [
        "✖ a program that does nothing scores 2 of 4: criterion home (line 22)",
        "✖ a program that spins on the spot scores 2 of 4: criterion home (line 22)",
        "✔ it scores 4 of 4 on every seed",
        "✖ waits of 2.0 s (line 10): passes with 2.0 s–2.2 s; fails with 1.9 s (-5 %) on seed 0: criterion there (line 15)",
        "✖ scenario \"box\": the 3 seeds give identical runs",
    ] {
        assert!(text.contains(said), "{said:?} not in\n{text}");
    }
    assert!(text.ends_with("problem(s) found."), "{text}");
    // Another language says it too.
    let de = report.lines(crate::i18n::Lang::De).join("\n");
    assert!(de.contains("Zeile 22"), "{de}");
}

#[test]
fn a_precision_challenge_with_a_timed_task_and_varied_seeds_is_fair_with_the_same_solution() {
    let (a, solution) = unfair();
    let mut fair = (*a).clone();
    fair.check.precision = true;
    fair.check.timed = true;
    let sc = &mut fair.scenarios[0];
    // Nothing scores for doing nothing or spinning now; the start varies.
    sc.criteria[0].points = 1.0;
    sc.criteria[1].points = 3.0;
    sc.criteria[1].requires = vec!["there".into()];
    sc.vary = Some(crate::sim::assignment::Vary {
        x_m: 0.005,
        z_m: 0.0,
        yaw_deg: 0.0,
    });
    let report = Checker::new(Arc::new(fair), Some(Ok(solution))).run_all(2);
    assert_eq!(
        report.problems(),
        [],
        "{}",
        report.lines(crate::i18n::Lang::En).join("\n")
    );
    let text = report.lines(crate::i18n::Lang::En).join("\n");
    assert!(text.contains("(a precision challenge"), "{text}");
    assert!(text.contains("give different runs"), "{text}");
    assert!(text.ends_with("Fair: no problems found."), "{text}");
}

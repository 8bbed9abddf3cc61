//! Criteria in plain words, as a pupil reads them in the challenge panel and a teacher in
//! the reports: the task ("Reach the green area by 15.0 s") and what happened ("reached it
//! at 9.0 s; needed by 15.0 s"), in the language given. What happened is said from a
//! [`CriterionResult`] — the live goal's or one read back from `runs.jsonl` — so the
//! panel and the reports say the same thing. Each kind says its own ([`super::kind`]); the
//! colours named are those the app draws the regions in: reach green, never-enter red,
//! visit blue (numbered).

use super::{Criterion, CriterionResult};
use crate::i18n::Lang;

pub use super::kind::{metres, secs};

/// The task in plain words in `l`; `robot` names the robot when the run has several.
pub fn task(c: &Criterion, robot: Option<&str>, l: Lang) -> String {
    let said = match &c.say {
        // The teacher's words as written; the built-in pack's in the pupil's language
        // (the translation files have them under stable keys, `say-STEM-SCENARIO-ID`).
        Some(s) => match &c.say_key {
            Some(key) => crate::i18n::keyed_text_in(l, key, s),
            None => s.clone(),
        },
        // After others: said first ("After “there”: …").
        None if !c.after.is_empty() => {
            let ids: Vec<String> = c.after.iter().map(|a| format!("“{a}”")).collect();
            crate::tr!(
                l,
                "goal-after-task",
                ids = ids.join(", "),
                task = c.check.task(l)
            )
        }
        None => c.check.task(l),
    };
    match robot {
        Some(name) => crate::tr!(l, "goal-robot-task", robot = name, task = said),
        None => said,
    }
}

/// What happened, in plain words in `l`, from a criterion's result.
pub fn outcome(r: &CriterionResult, l: Lang) -> String {
    r.outcome(l)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::goal::kinds::{
        Displacement, Followed, Judged, Line, NoContact, Reach, Reached,
    };
    use crate::sim::goal::{Check, CriterionStatus, Observed, Region};

    fn crit(check: Check) -> Criterion {
        Criterion {
            id: "c".into(),
            points: 4.0,
            requires: Vec::new(),
            after: Vec::new(),
            check,
            robot: 0,
            say: None,
            say_key: None,
            line: 0,
        }
    }

    fn result(status: CriterionStatus, actual: Judged) -> CriterionResult {
        CriterionResult {
            id: "c".into(),
            status,
            points: 0.0,
            max_points: 4.0,
            actual: Observed::Seen(actual),
            expected: serde_json::Value::Null,
            from_s: None,
        }
    }

    fn reach(by_ms: u64) -> Reach {
        Reach {
            region: Region::Rect([0.0, 0.0, 1.0, 1.0]),
            by_ms,
        }
    }

    #[test]
    fn a_reach_says_when_it_was_reached_and_by_when_it_was_needed() {
        let c = crit(Check::Reach(reach(15_000)));
        assert_eq!(task(&c, None, Lang::En), "Reach the green area by 15.0 s");
        assert_eq!(
            task(&c, Some("R2"), Lang::En),
            "R2: Reach the green area by 15.0 s"
        );
        let seen = |reached_at_s, final_xz, inside_at_end| Reached {
            final_xz,
            inside_at_end,
            reached_at_s,
        };
        let r = result(
            CriterionStatus::Pass,
            Judged::Reach(reach(15_000), seen(Some(9.0), None, None)),
        );
        assert_eq!(
            outcome(&r, Lang::En),
            "reached it at 9.0 s; needed by 15.0 s"
        );
        let r = result(
            CriterionStatus::Fail,
            Judged::Reach(reach(15_000), seen(None, Some([1.5, 0.5]), Some(false))),
        );
        assert_eq!(
            outcome(&r, Lang::En),
            "not reached by 15.0 s; ended 50 cm from the green area"
        );
    }

    #[test]
    fn the_words_are_in_the_language_given_with_its_decimal_comma() {
        let c = crit(Check::Reach(reach(15_500)));
        let r = result(
            CriterionStatus::Pass,
            Judged::Reach(
                reach(15_500),
                Reached {
                    final_xz: None,
                    inside_at_end: None,
                    reached_at_s: Some(9.25),
                },
            ),
        );
        assert_eq!(
            task(&c, None, Lang::De),
            "Bis 15,5 s den grünen Bereich erreichen"
        );
        assert_eq!(
            outcome(&r, Lang::De),
            "bei 9,25 s erreicht; nötig bis 15,5 s"
        );
        assert_eq!(
            outcome(&r, Lang::En),
            "reached it at 9.25 s; needed by 15.5 s"
        );
    }

    #[test]
    fn the_teachers_own_words_replace_the_generated_task() {
        let mut c = crit(Check::NoContact(NoContact));
        c.say = Some("Do not bump the wall".into());
        assert_eq!(task(&c, None, Lang::En), "Do not bump the wall");
    }

    #[test]
    fn a_line_and_a_distance_say_what_was_needed() {
        let line = Line {
            max_m: 0.03,
            for_fraction: 0.8,
            after_ms: 3000,
        };
        let c = crit(Check::Line(line.clone()));
        assert_eq!(
            task(&c, None, Lang::En),
            "Keep the light sensor within 3 cm of the line 80% of the time after 3.0 s"
        );
        let r = result(
            CriterionStatus::Fail,
            Judged::Line(
                line,
                Followed::Near {
                    farthest_m: 0.12,
                    fraction: 0.5,
                },
            ),
        );
        assert_eq!(
            outcome(&r, Lang::En),
            "near the line 50% of the time (needed 80%); at most 12 cm from the line"
        );
        let d = Displacement {
            min_m: Some(0.4),
            max_m: None,
            from: None,
        };
        let r = result(CriterionStatus::Fail, Judged::Displacement(d, 0.25));
        assert_eq!(
            outcome(&r, Lang::En),
            "ended 25 cm from the start; needed at least 40 cm"
        );
        // With `after`, the distance is from where the robot was then, and says so.
        let d = Displacement {
            min_m: Some(0.3),
            max_m: None,
            from: Some("wall".into()),
        };
        let r = result(CriterionStatus::Fail, Judged::Displacement(d, 0.12));
        assert_eq!(
            outcome(&r, Lang::En),
            "ended 12 cm from where it was when “wall” passed; needed at least 30 cm"
        );
        assert_eq!(
            outcome(&r, Lang::De),
            "endete 12 cm von dort entfernt, wo er war, als „wall“ erfüllt war; nötig: mindestens 30 cm"
        );
    }
}

//! Criteria in plain words, as a pupil reads them in the challenge panel and a teacher in
//! the reports: the task ("Reach the green area by 15.0 s") and what happened ("reached it
//! at 9.0 s; needed by 15.0 s"). What happened is read from a [`CriterionResult`] — the
//! live goal's or one read back from `runs.jsonl` — so the panel and the reports say the
//! same thing. The colours named are those the app draws the regions in: reach green,
//! never-enter red, visit blue (numbered).

use super::{Check, Criterion, CriterionResult, CriterionStatus, Expect};
use serde_json::Value;

/// Seconds as the words write them: one decimal ("9.0 s"), more when needed ("0.25 s").
pub fn secs(s: f64) -> String {
    if (s * 10.0).fract().abs() < 1e-9 {
        format!("{} s", crate::i18n::num(s, 1))
    } else {
        format!("{} s", crate::i18n::decimal((s * 1000.0).round() / 1000.0))
    }
}

fn ms(t: u64) -> String {
    secs(t as f64 / 1000.0)
}

/// Metres as the words write them: centimetres under a metre.
pub fn metres(m: f64) -> String {
    if m.abs() < 1.0 {
        format!("{} cm", crate::i18n::decimal((m * 1000.0).round() / 10.0))
    } else {
        format!("{} m", crate::i18n::decimal((m * 100.0).round() / 100.0))
    }
}

fn range(min: Option<f64>, max: Option<f64>) -> String {
    match (min, max) {
        (Some(a), Some(b)) => crate::tr!("goal-between", a = metres(a), b = metres(b)),
        (Some(a), None) => crate::tr!("goal-at-least", a = metres(a)),
        (None, Some(b)) => crate::tr!("goal-at-most", b = metres(b)),
        (None, None) => crate::tr!("goal-any-distance"),
    }
}

fn tones(list: &[(u32, u32)]) -> String {
    list.iter()
        .map(|(f, d)| crate::tr!("goal-tone", f = f.to_string(), d = ms(u64::from(*d))))
        .collect::<Vec<_>>()
        .join(", ")
}

fn expect(e: &Expect) -> String {
    match e {
        Expect::Equals(v) => format!("{v}"),
        Expect::Range(Some(a), Some(b)) => {
            crate::tr!("goal-from-to", a = a.to_string(), b = b.to_string())
        }
        Expect::Range(Some(a), None) => crate::tr!("goal-at-least", a = a.to_string()),
        Expect::Range(None, Some(b)) => crate::tr!("goal-at-most", b = b.to_string()),
        Expect::Range(None, None) => crate::tr!("goal-any-value"),
    }
}

/// The task in plain words; `robot` names the robot when the run has several.
pub fn task(c: &Criterion, robot: Option<&str>) -> String {
    let said = match &c.say {
        // The teacher's words as written; the built-in pack's in the pupil's language
        // (the translation files have them, keyed by their English words).
        Some(s) => crate::i18n::core_text("say", s),
        None => generated(&c.check),
    };
    match robot {
        Some(name) => crate::tr!("goal-robot-task", robot = name, task = said),
        None => said,
    }
}

fn generated(check: &Check) -> String {
    match check {
        Check::NoFault => crate::tr!("goal-no-fault"),
        Check::Reach { by_ms, .. } => crate::tr!("goal-reach", by = ms(*by_ms)),
        Check::Visit { regions, by_ms } => {
            crate::tr!("goal-visit", n = regions.len().to_string(), by = ms(*by_ms))
        }
        Check::NeverEnter { .. } => crate::tr!("goal-never-enter"),
        Check::NoContact => crate::tr!("goal-no-contact"),
        Check::Displacement { min_m, max_m } => {
            crate::tr!("goal-displacement", range = range(*min_m, *max_m))
        }
        Check::PathLength { min_m, max_m } => {
            crate::tr!("goal-path-length", range = range(*min_m, *max_m))
        }
        Check::Variable {
            index,
            at_ms,
            expect: e,
        } => crate::tr!(
            "goal-variable",
            index = index.to_string(),
            expect = expect(e),
            at = ms(*at_ms)
        ),
        Check::Display { at_ms, view, value } => {
            let what = match (view, value) {
                (Some(v), Some(n)) => format!("{v} {n}"),
                (Some(v), None) => v.clone(),
                (None, Some(n)) => n.to_string(),
                (None, None) => crate::tr!("goal-anything"),
            };
            crate::tr!("goal-display", what = what, at = ms(*at_ms))
        }
        Check::Sound { contains } => crate::tr!("goal-sound", tones = tones(contains)),
        Check::Line {
            max_m,
            for_fraction,
            after_ms,
        } => {
            let after = match after_ms {
                0 => String::new(),
                t => crate::tr!("goal-after", t = ms(*t)),
            };
            crate::tr!(
                "goal-line",
                max = metres(*max_m),
                percent = (for_fraction * 100.0).round().to_string(),
                after = after
            )
        }
    }
}

fn num(v: &Value) -> Option<f64> {
    v.as_f64()
}

/// What happened, in plain words, from a criterion's result.
pub fn outcome(c: &Criterion, r: &CriterionResult) -> String {
    let a = &r.actual;
    if r.status == CriterionStatus::Skipped {
        return match a.as_str() {
            Some(s) => s.to_string(),
            None => crate::tr!("goal-not-checked"),
        };
    }
    if a.as_str() == Some("the program did not load") {
        return crate::tr!("goal-did-not-load");
    }
    let pass = r.status == CriterionStatus::Pass;
    match &c.check {
        Check::NoFault => match pass {
            true => crate::tr!("goal-no-fault-happened"),
            false => a
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| crate::tr!("goal-a-fault")),
        },
        Check::Reach { region, by_ms } => match num(&a["reached_at_s"]) {
            Some(t) => crate::tr!("goal-reached", t = secs(t), by = ms(*by_ms)),
            None => {
                let away = match (num(&a["final"][0]), num(&a["final"][1])) {
                    (Some(x), Some(z)) => {
                        crate::tr!("goal-ended-away", d = metres(region.distance_m(x, z)))
                    }
                    _ => String::new(),
                };
                crate::tr!("goal-not-reached", by = ms(*by_ms), away = away)
            }
        },
        Check::Visit { regions, by_ms } => {
            let n = a["visited"].as_u64().unwrap_or(0);
            match pass {
                true => {
                    let last = a["at_s"]
                        .as_array()
                        .and_then(|v| v.last())
                        .and_then(Value::as_f64)
                        .unwrap_or(0.0);
                    crate::tr!(
                        "goal-visited-all",
                        n = regions.len().to_string(),
                        t = secs(last)
                    )
                }
                false => crate::tr!(
                    "goal-visited-some",
                    n = n.to_string(),
                    of = regions.len().to_string(),
                    by = ms(*by_ms)
                ),
            }
        }
        Check::NeverEnter { .. } => match num(&a["entered_at_s"]) {
            Some(t) => crate::tr!("goal-entered", t = secs(t)),
            None => crate::tr!("goal-never-entered"),
        },
        Check::NoContact => match num(&a["first_contact_s"]) {
            Some(t) => crate::tr!("goal-touched", t = secs(t)),
            None => crate::tr!("goal-never-touched"),
        },
        Check::Displacement { min_m, max_m } => crate::tr!(
            "goal-ended-from-start",
            d = metres(num(a).unwrap_or(0.0)),
            range = range(*min_m, *max_m)
        ),
        Check::PathLength { min_m, max_m } => crate::tr!(
            "goal-drove",
            d = metres(num(a).unwrap_or(0.0)),
            range = range(*min_m, *max_m)
        ),
        Check::Variable {
            index,
            at_ms,
            expect: e,
        } => match a.as_i64() {
            Some(v) => crate::tr!(
                "goal-variable-was",
                index = index.to_string(),
                v = v.to_string(),
                at = ms(*at_ms),
                expect = expect(e)
            ),
            None => crate::tr!("goal-run-ended-before", at = ms(*at_ms)),
        },
        Check::Display { at_ms, .. } => {
            let shown = match (a["view"].as_str(), a["value"].as_i64()) {
                (Some(v), Some(n)) => format!("{v} {n}"),
                (Some(v), None) => v.to_string(),
                (None, Some(n)) => n.to_string(),
                (None, None) => crate::tr!("goal-nothing"),
            };
            crate::tr!("goal-display-showed", shown = shown, at = ms(*at_ms))
        }
        Check::Sound { contains } => {
            let missing: Vec<(u32, u32)> = a["missing"]
                .as_array()
                .map(|v| {
                    v.iter()
                        .map(|t| {
                            (
                                t["freq_hz"].as_u64().unwrap_or(0) as u32,
                                t["ms"].as_u64().unwrap_or(0) as u32,
                            )
                        })
                        .collect()
                })
                .unwrap_or_default();
            match missing.is_empty() {
                true => crate::tr!("goal-played-all", n = contains.len().to_string()),
                false => crate::tr!("goal-did-not-play", tones = tones(&missing)),
            }
        }
        Check::Line { for_fraction, .. } => match (num(&a["fraction"]), num(&a["farthest_m"])) {
            (Some(f), Some(w)) => crate::tr!(
                "goal-near-line",
                f = (f * 100.0).round().to_string(),
                need = (for_fraction * 100.0).round().to_string(),
                w = metres(w)
            ),
            _ => a
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| crate::tr!("goal-not-checked")),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::goal::Region;
    use serde_json::json;

    fn crit(check: Check) -> Criterion {
        Criterion {
            id: "c".into(),
            points: 4.0,
            requires: Vec::new(),
            check,
            robot: 0,
            say: None,
        }
    }

    fn result(status: CriterionStatus, actual: Value) -> CriterionResult {
        CriterionResult {
            id: "c".into(),
            status,
            points: 0.0,
            max_points: 4.0,
            actual,
            expected: Value::Null,
        }
    }

    #[test]
    fn a_reach_says_when_it_was_reached_and_by_when_it_was_needed() {
        let c = crit(Check::Reach {
            region: Region::Rect([0.0, 0.0, 1.0, 1.0]),
            by_ms: 15_000,
        });
        assert_eq!(task(&c, None), "Reach the green area by 15.0 s");
        assert_eq!(task(&c, Some("R2")), "R2: Reach the green area by 15.0 s");
        let r = result(CriterionStatus::Pass, json!({ "reached_at_s": 9.0 }));
        assert_eq!(outcome(&c, &r), "reached it at 9.0 s; needed by 15.0 s");
        let r = result(
            CriterionStatus::Fail,
            json!({ "reached_at_s": null, "final": [1.5, 0.5], "inside_at_end": false }),
        );
        assert_eq!(outcome(&c, &r), "not reached by 15.0 s; ended 50 cm away");
    }

    #[test]
    fn the_words_follow_the_thread_s_language_with_its_decimal_comma() {
        let c = crit(Check::Reach {
            region: Region::Rect([0.0, 0.0, 1.0, 1.0]),
            by_ms: 15_500,
        });
        let r = result(CriterionStatus::Pass, json!({ "reached_at_s": 9.25 }));
        let _de = crate::i18n::speak(crate::i18n::Lang::De);
        assert_eq!(task(&c, None), "Bis 15,5 s den grünen Bereich erreichen");
        assert_eq!(outcome(&c, &r), "bei 9,25 s erreicht; nötig bis 15,5 s");
    }

    #[test]
    fn the_teachers_own_words_replace_the_generated_task() {
        let mut c = crit(Check::NoContact);
        c.say = Some("Do not bump the wall".into());
        assert_eq!(task(&c, None), "Do not bump the wall");
    }

    #[test]
    fn a_line_and_a_distance_say_what_was_needed() {
        let c = crit(Check::Line {
            max_m: 0.03,
            for_fraction: 0.8,
            after_ms: 3000,
        });
        assert_eq!(
            task(&c, None),
            "Keep the light sensor within 3 cm of the line 80% of the time after 3.0 s"
        );
        let r = result(
            CriterionStatus::Fail,
            json!({ "fraction": 0.5, "farthest_m": 0.12 }),
        );
        assert_eq!(
            outcome(&c, &r),
            "near the line 50% of the time (needed 80%); at most 12 cm away"
        );
        let c = crit(Check::Displacement {
            min_m: Some(0.4),
            max_m: None,
        });
        let r = result(CriterionStatus::Fail, json!(0.25));
        assert_eq!(
            outcome(&c, &r),
            "ended 25 cm from the start; needed at least 40 cm"
        );
    }
}

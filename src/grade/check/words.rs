//! A challenge's check in plain words, a line each, in a given language: what each stock
//! program scored and which criteria (with their lines in the file) gave it points, how
//! the solution did and how far its numbers may move, whether the seeds differ, and the
//! verdict. ✔ marks what is fair, ✖ a problem, – a note.

use super::{Report, Stock, Variant};
use crate::i18n::Lang;
use crate::sim::goal::CriterionStatus;

const OK: &str = "✔";
const BAD: &str = "✖";
const NOTE: &str = "–";

/// Points as the reports write them.
fn pts(l: Lang, v: f64) -> String {
    let p = crate::grade::report::points(v);
    match l.decimal_comma() {
        true => p.replace('.', ","),
        false => p,
    }
}

/// "criterion home (line 30)" for criteria `ids` of scenario `k`.
fn criteria(r: &Report, l: Lang, k: usize, ids: impl Iterator<Item = usize>) -> String {
    let sc = &r.assignment.scenarios[k];
    ids.filter_map(|c| sc.criteria.get(c))
        .map(|c| {
            crate::tr!(
                l,
                "check-criterion",
                id = c.id.clone(),
                line = c.line.to_string()
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A stock program in words.
fn program(l: Lang, v: Variant) -> String {
    match v {
        Variant::Nothing => crate::tr!(l, "check-stock-nothing"),
        Variant::Forward => crate::tr!(l, "check-stock-forward"),
        Variant::Spin => crate::tr!(l, "check-stock-spin"),
        Variant::ForwardFor { ms } => crate::tr!(
            l,
            "check-stock-timed",
            t = crate::sim::goal::kind::ms(l, ms)
        ),
        Variant::Solution | Variant::Nudged { .. } => String::new(),
    }
}

fn stock_line(r: &Report, l: Lang, s: &Stock) -> String {
    let max = r.assignment.max_points();
    let mut text = crate::tr!(
        l,
        "check-scores",
        program = program(l, s.variant),
        points = pts(l, s.points),
        max = pts(l, max)
    );
    // The criteria that gave it points, scenario by scenario.
    let mut by: Vec<String> = Vec::new();
    for k in 0..r.assignment.scenarios.len() {
        let ids = s
            .earned
            .iter()
            .filter(|e| e.scenario == k)
            .map(|e| e.criterion);
        let said = criteria(r, l, k, ids);
        if !said.is_empty() {
            by.push(said);
        }
    }
    if !by.is_empty() {
        text = format!("{text}: {}", by.join("; "));
    }
    let mark = match (s.fair, s.excused) {
        (true, _) => OK,
        (false, true) => NOTE,
        (false, false) => BAD,
    };
    if s.excused && !s.fair {
        text = format!("{text} {}", crate::tr!(l, "check-excused"));
    }
    format!("  {mark} {text}")
}

pub fn lines(r: &Report, l: Lang) -> Vec<String> {
    let a = &r.assignment;
    let mut out = vec![crate::tr!(
        l,
        "check-title",
        name = a.name_in(l),
        file = a.file.clone()
    )];
    for sc in &a.scenarios {
        let seeds: Vec<String> = sc.seeds.iter().map(u64::to_string).collect();
        let mut text = crate::tr!(
            l,
            "check-scenario",
            id = sc.id.clone(),
            line = sc.line.to_string(),
            secs = crate::sim::goal::kind::ms(l, sc.end_ms),
            seeds = seeds.join(", ")
        );
        if let Some(v) = &sc.vary {
            text = format!(
                "{text} {}",
                crate::tr!(l, "check-scenario-varies", bounds = v.words(l))
            );
        }
        if sc.noisy_sensors() {
            text = format!("{text} {}", crate::tr!(l, "check-scenario-noise"));
        }
        out.push(text);
    }
    out.push(crate::tr!(l, "check-stock-heading"));
    out.extend(r.stock.iter().map(|s| stock_line(r, l, s)));
    solution_lines(r, l, &mut out);
    out.push(crate::tr!(l, "check-seeds-heading"));
    for s in &r.seeds {
        let id = a.scenarios[s.scenario].id.clone();
        let n = s.count.to_string();
        out.push(match (s.count, s.identical) {
            (0 | 1, _) => format!("  {NOTE} {}", crate::tr!(l, "check-seeds-one", id = id)),
            (_, true) => format!(
                "  {BAD} {}",
                crate::tr!(l, "check-seeds-alike", id = id, n = n)
            ),
            (_, false) => format!(
                "  {OK} {}",
                crate::tr!(
                    l,
                    "check-seeds-differ",
                    id = id,
                    n = n,
                    d = crate::sim::goal::kind::metres(l, s.spread_m)
                )
            ),
        });
    }
    let problems = r.problems();
    out.push(match problems.len() {
        0 => crate::tr!(l, "check-fair"),
        n => crate::tr!(l, "check-unfair", n = n.to_string()),
    });
    out
}

fn solution_lines(r: &Report, l: Lang, out: &mut Vec<String>) {
    let a = &r.assignment;
    let Some(sol) = &r.solution else {
        out.push(match &r.solution_error {
            Some(e) => crate::tr!(l, "check-solution-error", e = e.clone()),
            None => crate::tr!(l, "check-no-solution"),
        });
        return;
    };
    out.push(crate::tr!(
        l,
        "check-solution-heading",
        name = sol.name.clone()
    ));
    let max = pts(l, a.max_points());
    if sol.short.is_empty() {
        out.push(format!(
            "  {OK} {}",
            crate::tr!(l, "check-solution-full", max = max.clone())
        ));
    }
    for (k, seed, points, results) in &sol.short {
        let sc = &a.scenarios[*k];
        let failed = (results.iter().enumerate())
            .filter(|(_, res)| res.status != CriterionStatus::Pass)
            .map(|(c, res)| {
                format!(
                    "{} ({})",
                    criteria(r, l, *k, std::iter::once(c)),
                    res.outcome(l)
                )
            })
            .collect::<Vec<_>>()
            .join("; ");
        out.push(format!(
            "  {BAD} {}",
            crate::tr!(
                l,
                "check-solution-short",
                seed = seed.to_string(),
                id = sc.id.clone(),
                points = pts(l, *points),
                max = pts(l, sc.max_points()),
                failed = failed
            )
        ));
    }
    let precision = a.check.precision;
    for m in &sol.margins {
        let g = &m.group;
        let (lo, hi, keeps) = m.range();
        let numbers = match g.kind {
            super::NumberKind::Wait => {
                crate::tr!(l, "check-waits", v = g.kind.value_words(l, g.value))
            }
            super::NumberKind::Power => {
                crate::tr!(l, "check-powers", v = g.kind.value_words(l, g.value))
            }
        };
        let lines: Vec<String> = g.lines().iter().map(usize::to_string).collect();
        let at = match lines.is_empty() {
            true => String::new(),
            false => format!(
                " ({})",
                crate::tr!(l, "check-lines", lines = lines.join(", "))
            ),
        };
        let mut text = crate::tr!(
            l,
            "check-margin",
            numbers = numbers,
            at = at,
            lo = g.kind.value_words(l, lo),
            hi = g.kind.value_words(l, hi)
        );
        // The nearest failure, when there is one.
        let mut failures: Vec<&super::Nudge> =
            m.nudges.iter().filter(|n| n.failed.is_some()).collect();
        failures.sort_by_key(|n| n.percent.abs());
        if let Some(n) = failures.first() {
            if let Some((k, seed, ids)) = &n.failed {
                text.push_str(&crate::tr!(
                    l,
                    "check-margin-fails",
                    v = g.kind.value_words(l, n.value),
                    percent = format!("{:+} %", n.percent),
                    seed = seed.to_string(),
                    failed = criteria(r, l, *k, ids.iter().copied())
                ));
            }
        }
        let mark = match (keeps, precision) {
            (true, _) => OK,
            (false, true) => NOTE,
            (false, false) => BAD,
        };
        if !keeps && precision {
            text = format!("{text} {}", crate::tr!(l, "check-margin-precision"));
        }
        out.push(format!("  {mark} {text}"));
    }
}

//! The teacher's files, made from a finished `runs.jsonl` (by `grade` and by `grade merge`
//! alike, so both give the same bytes): `grades.csv`, `junit.xml`,
//! `gradescope/<student>/results.json` and `report.html`. Two passes over the file — the
//! class's totals first, then each pupil's runs — so memory holds one pupil at a time.
//!
//! A pupil's points in a scenario are the mean over its seeds; their total is the sum over
//! scenarios. In junit.xml and Gradescope one test stands for a scenario × criterion
//! (over all its seeds: it passes when every seed passed).

use super::{Plan, RunRecord, RunStatus, Totals};
use crate::sim::assignment::{Assignment, Criterion, Region, Scenario};
use crate::sim::goal::CriterionStatus;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{BufRead, BufWriter, Write};
use std::path::Path;

/// A number of points as written: whole numbers without a decimal point, others with up
/// to three decimals.
pub fn points(v: f64) -> String {
    let r = (v * 1000.0).round() / 1000.0;
    if r.fract() == 0.0 {
        format!("{r:.0}")
    } else {
        let s = format!("{r:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Points in the class's language (a decimal comma where it writes one).
fn pts(lang: crate::i18n::Lang, v: f64) -> String {
    let p = points(v);
    if lang.decimal_comma() {
        p.replace('.', ",")
    } else {
        p
    }
}

/// A status word (pass, fail, ok, …) in the class's language; it stays the CSS class.
fn status_word(lang: crate::i18n::Lang, status: &str) -> String {
    let key = format!("report-status-{status}");
    match crate::i18n::has_key(&key) {
        true => crate::i18n::text_in(lang, &key, None),
        false => status.to_string(),
    }
}

fn xml(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            // XML 1.0 allows no other control characters, even escaped.
            c if (c as u32) < 0x20 && !matches!(c, '\n' | '\r' | '\t') => o.push('\u{fffd}'),
            c => o.push(c),
        }
    }
    o
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The runs.jsonl a report is made from, opened afresh for each pass.
pub type Runs<'a> = &'a dyn Fn() -> std::io::Result<Box<dyn BufRead + 'a>>;

/// Opens a report file by its name under the output (`grades.csv`,
/// `gradescope/alice/results.json`).
pub type Open<'a> = &'a mut dyn FnMut(&str) -> std::io::Result<Box<dyn Write>>;

fn read_runs<'r: 'x, 'x>(
    runs: Runs<'r>,
    a: &'x Assignment,
) -> std::io::Result<impl Iterator<Item = std::io::Result<RunRecord>> + 'x> {
    let text: Box<dyn BufRead + 'x> = runs()?;
    Ok(text.lines().map(move |l| {
        RunRecord::read(&l?, a).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }))
}

/// Calls `each` with every pupil's runs in turn (runs.jsonl holds them together).
fn by_pupil(
    runs: Runs<'_>,
    a: &Assignment,
    mut each: impl FnMut(&str, &[RunRecord]) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut current: Vec<RunRecord> = Vec::new();
    for r in read_runs(runs, a)? {
        let r = r?;
        if current.first().is_some_and(|c| c.student != r.student) {
            each(&current[0].student.clone(), &current)?;
            current.clear();
        }
        current.push(r);
    }
    if let Some(first) = current.first() {
        each(&first.student.clone(), &current)?;
    }
    Ok(())
}

/// Writes every report into `out` from `out/runs.jsonl`.
pub fn write_all(plan: &Plan, out: &Path) -> std::io::Result<()> {
    let path = out.join("runs.jsonl");
    let runs = || -> std::io::Result<Box<dyn BufRead>> {
        Ok(Box::new(std::io::BufReader::new(std::fs::File::open(
            &path,
        )?)))
    };
    std::fs::create_dir_all(out.join("gradescope"))?;
    let mut open = |name: &str| -> std::io::Result<Box<dyn Write>> {
        let p = out.join(name);
        if let Some(dir) = p.parent() {
            std::fs::create_dir_all(dir)?;
        }
        Ok(Box::new(BufWriter::new(std::fs::File::create(p)?)))
    };
    write_all_to(&plan.assignment, &runs, &mut open)
}

/// A report file being written in memory.
#[derive(Clone, Default)]
struct Shared(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Every report of the runs in `jsonl` (runs.jsonl's text), in memory: (name under the
/// output folder, bytes), the same bytes [`write_all`] writes from the same runs.
pub fn in_memory(a: &Assignment, jsonl: &[u8]) -> std::io::Result<Vec<(String, Vec<u8>)>> {
    let runs = || -> std::io::Result<Box<dyn BufRead + '_>> { Ok(Box::new(jsonl)) };
    let mut made: Vec<(String, Shared)> = Vec::new();
    let mut open = |name: &str| -> std::io::Result<Box<dyn Write>> {
        let buf = Shared::default();
        made.push((name.to_string(), buf.clone()));
        Ok(Box::new(buf))
    };
    write_all_to(a, &runs, &mut open)?;
    Ok(made
        .into_iter()
        .map(|(name, buf)| (name, buf.0.take()))
        .collect())
}

/// Writes every report of `runs` through `open`: grades.csv, junit.xml, report.html and
/// gradescope/STUDENT/results.json. Two passes, so memory holds one pupil at a time.
pub fn write_all_to(a: &Assignment, runs: Runs<'_>, open: Open<'_>) -> std::io::Result<()> {
    let mut scenario_ids: Vec<&str> = a.scenarios.iter().map(|s| s.id.as_str()).collect();
    scenario_ids.sort_unstable();
    // Pass one: every pupil's points.
    let mut summaries: BTreeMap<String, Totals> = BTreeMap::new();
    by_pupil(runs, a, |student, rs| {
        let t = summaries.entry(student.to_string()).or_default();
        rs.iter().for_each(|r| t.add(r));
        Ok(())
    })?;
    let max_total = a.max_points();
    let mut csv = open("grades.csv")?;
    write_csv(&mut csv, &scenario_ids, &summaries, max_total)?;
    csv.flush()?;
    drop(csv);

    // Pass two: junit, Gradescope and the report, one pupil at a time.
    let (mut tests, mut failures, mut errors, mut skipped) = (0, 0, 0, 0);
    // Counts first (junit's root carries them): from the summaries' runs.
    by_pupil(runs, a, |_, rs| {
        for case in cases(a, rs) {
            tests += 1;
            match case.outcome {
                Outcome::Failure(_) => failures += 1,
                Outcome::Error(_) => errors += 1,
                Outcome::Skipped => skipped += 1,
                Outcome::Pass => {}
            }
        }
        Ok(())
    })?;
    let mut junit = open("junit.xml")?;
    writeln!(junit, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
    writeln!(
        junit,
        "<testsuites name=\"{}\" tests=\"{tests}\" failures=\"{failures}\" errors=\"{errors}\" skipped=\"{skipped}\">",
        xml(&a.name)
    )?;
    let mut html = open("report.html")?;
    html_head(&mut html, a, &scenario_ids, &summaries, max_total)?;
    by_pupil(runs, a, |student, rs| {
        let cs = cases(a, rs);
        write_junit_suite(&mut junit, student, &cs)?;
        let mut gs = open(&format!("gradescope/{student}/results.json"))?;
        write_gradescope(&mut gs, a, rs, &cs)?;
        gs.flush()?;
        for (i, r) in rs.iter().enumerate() {
            html_run(&mut html, a, r, i == 0)?;
        }
        Ok(())
    })?;
    writeln!(junit, "</testsuites>")?;
    junit.flush()?;
    writeln!(html, "</body>\n</html>")?;
    html.flush()
}

fn write_csv(
    w: &mut impl Write,
    scenario_ids: &[&str],
    summaries: &BTreeMap<String, Totals>,
    max_total: f64,
) -> std::io::Result<()> {
    write!(w, "student,points,max_points")?;
    for id in scenario_ids {
        write!(w, ",{}", csv_field(id))?;
    }
    writeln!(w)?;
    for (student, s) in summaries {
        write!(
            w,
            "{},{},{}",
            csv_field(student),
            points(s.total()),
            points(max_total)
        )?;
        for id in scenario_ids {
            write!(
                w,
                ",{}",
                s.scenario_points(id).map(points).unwrap_or_default()
            )?;
        }
        writeln!(w)?;
    }
    Ok(())
}

enum Outcome {
    Pass,
    Failure(String),
    Error(String),
    Skipped,
}

/// One scenario × criterion of a pupil, over its seeds.
struct Case {
    scenario: String,
    criterion: String,
    points: f64,
    max_points: f64,
    visibility: Option<String>,
    outcome: Outcome,
}

fn cases(a: &Assignment, rs: &[RunRecord]) -> Vec<Case> {
    let mut out = Vec::new();
    let mut scenarios: Vec<&Scenario> = a.scenarios.iter().collect();
    scenarios.sort_by(|x, y| x.id.cmp(&y.id));
    for sc in scenarios {
        let runs: Vec<&RunRecord> = rs.iter().filter(|r| r.scenario == sc.id).collect();
        for c in &sc.criteria {
            let mut pts = 0.0;
            let (mut failed, mut errored, mut all_skipped) = (Vec::new(), Vec::new(), true);
            for r in &runs {
                if r.status == RunStatus::Error {
                    errored.push(crate::tr!(
                        a.language,
                        "report-seed",
                        seed = r.seed.to_string(),
                        text = r.error.clone().unwrap_or_default()
                    ));
                    all_skipped = false;
                    continue;
                }
                if r.status == RunStatus::LoadFailed {
                    all_skipped = false;
                    failed.push(crate::tr!(
                        a.language,
                        "report-did-not-load",
                        seed = r.seed.to_string(),
                        error = r.error.clone().unwrap_or_default()
                    ));
                    continue;
                }
                match r.criteria.iter().find(|x| x.id == c.id) {
                    Some(x) => {
                        pts += x.points;
                        if x.status != CriterionStatus::Skipped {
                            all_skipped = false;
                        }
                        if x.status == CriterionStatus::Fail {
                            failed.push(crate::tr!(
                                a.language,
                                "report-seed",
                                seed = r.seed.to_string(),
                                text = x.outcome(a.language)
                            ));
                        }
                    }
                    None => all_skipped = false,
                }
            }
            let outcome = if !errored.is_empty() {
                Outcome::Error(errored.join("\n"))
            } else if !failed.is_empty() {
                Outcome::Failure(format!(
                    "{}\n{}",
                    task_of(sc, c, a.language),
                    failed.join("\n")
                ))
            } else if all_skipped && !runs.is_empty() {
                Outcome::Skipped
            } else {
                Outcome::Pass
            };
            out.push(Case {
                scenario: sc.id.clone(),
                criterion: c.id.clone(),
                points: pts / runs.len().max(1) as f64,
                max_points: c.points,
                visibility: sc.visibility.clone(),
                outcome,
            });
        }
    }
    out
}

/// A criterion's task in plain words, naming its robot when the scenario has several.
fn task_of(sc: &Scenario, c: &Criterion, l: crate::i18n::Lang) -> String {
    let robot = match sc.robot_names.len() {
        1 => None,
        _ => sc.robot_names.get(c.robot).map(String::as_str),
    };
    crate::sim::goal::words::task(c, robot, l)
}

/// A run's criterion as the challenge panel says it, in `l`: its task and what happened (a
/// criterion the assignment does not have shows what it observed as `runs.jsonl` writes it).
pub fn criterion_words(
    a: &Assignment,
    scenario: &str,
    c: &crate::sim::goal::CriterionResult,
    l: crate::i18n::Lang,
) -> (String, String) {
    let sc = a.scenarios.iter().find(|s| s.id == scenario);
    match sc.and_then(|sc| sc.criteria.iter().find(|x| x.id == c.id).map(|x| (sc, x))) {
        Some((sc, x)) => (task_of(sc, x, l), c.outcome(l)),
        None => (String::new(), c.actual.to_string()),
    }
}

fn write_junit_suite(w: &mut impl Write, student: &str, cs: &[Case]) -> std::io::Result<()> {
    let count = |f: fn(&Outcome) -> bool| cs.iter().filter(|c| f(&c.outcome)).count();
    writeln!(
        w,
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
        xml(student),
        cs.len(),
        count(|o| matches!(o, Outcome::Failure(_))),
        count(|o| matches!(o, Outcome::Error(_))),
        count(|o| matches!(o, Outcome::Skipped)),
    )?;
    for c in cs {
        let open = format!(
            "    <testcase classname=\"{}\" name=\"{}/{}\"",
            xml(student),
            xml(&c.scenario),
            xml(&c.criterion)
        );
        match &c.outcome {
            Outcome::Pass => writeln!(w, "{open}/>")?,
            Outcome::Skipped => writeln!(w, "{open}>\n      <skipped/>\n    </testcase>")?,
            Outcome::Failure(m) => writeln!(
                w,
                "{open}>\n      <failure message=\"{}\">{}</failure>\n    </testcase>",
                xml(m.lines().next().unwrap_or_default()),
                xml(m)
            )?,
            Outcome::Error(m) => writeln!(
                w,
                "{open}>\n      <error message=\"{}\">{}</error>\n    </testcase>",
                xml(m.lines().next().unwrap_or_default()),
                xml(m)
            )?,
        }
    }
    writeln!(w, "  </testsuite>")
}

fn write_gradescope(
    w: &mut impl Write,
    a: &Assignment,
    rs: &[RunRecord],
    cs: &[Case],
) -> std::io::Result<()> {
    let tests: Vec<serde_json::Value> = cs
        .iter()
        .map(|c| {
            let output = match &c.outcome {
                Outcome::Pass => crate::tr!(a.language, "report-passed"),
                Outcome::Skipped => crate::tr!(a.language, "report-skipped"),
                Outcome::Failure(m) => m.clone(),
                Outcome::Error(m) => {
                    crate::tr!(a.language, "report-not-graded", error = m.clone())
                }
            };
            serde_json::json!({
                "name": format!("{}/{}", c.scenario, c.criterion),
                "score": (c.points * 1e6).round() / 1e6,
                "max_score": c.max_points,
                "output": output,
                "visibility": c.visibility.clone().unwrap_or_else(|| "visible".into()),
            })
        })
        .collect();
    let score: f64 = tests.iter().filter_map(|t| t["score"].as_f64()).sum();
    let mut body = serde_json::json!({
        "score": (score * 1e6).round() / 1e6,
        "max_score": a.max_points(),
        "tests": tests,
    });
    if let Some(e) = rs.iter().find_map(|r| r.error.as_ref()) {
        body["output"] = serde_json::json!(e);
    }
    let text = serde_json::to_string_pretty(&body).map_err(std::io::Error::other)?;
    w.write_all((text + "\n").as_bytes())
}

const STYLE: &str = "body{font-family:sans-serif;margin:2em;color:#222}\
table{border-collapse:collapse;margin:0.5em 0}td,th{border:1px solid #bbb;padding:0.2em 0.6em;text-align:left}\
th{background:#eee}.pass{color:#176b1b}.fail{color:#b00020}.skipped{color:#777}\
.load_failed,.error{color:#b00020;font-weight:bold}pre{background:#f6f6f6;padding:0.5em;white-space:pre-wrap}\
section{border-top:2px solid #ccc;margin-top:1.5em;padding-top:0.5em}svg{background:#fafafa;border:1px solid #ccc}\
.num{text-align:right}.run{display:flex;gap:1.5em;align-items:flex-start}";

fn html_head(
    w: &mut impl Write,
    a: &Assignment,
    scenario_ids: &[&str],
    summaries: &BTreeMap<String, Totals>,
    max_total: f64,
) -> std::io::Result<()> {
    writeln!(
        w,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>",
        a.language.code(),
        xml(&a.name)
    )?;
    let l = a.language;
    let summary = crate::tr!(
        l,
        "report-summary",
        pupils = summaries.len(),
        scenarios = scenario_ids.len(),
        points = pts(l, max_total)
    );
    writeln!(w, "<h1>{}</h1>\n<p>{}</p>", xml(&a.name), xml(&summary))?;
    write!(
        w,
        "<table>\n<tr><th>{}</th><th>{}</th><th>{}</th>",
        xml(&crate::tr!(l, "report-pupil")),
        xml(&crate::tr!(l, "report-points")),
        xml(&crate::tr!(l, "report-of"))
    )?;
    for id in scenario_ids {
        write!(w, "<th>{}</th>", xml(id))?;
    }
    writeln!(w, "<th>{}</th></tr>", xml(&crate::tr!(l, "report-status")))?;
    for (student, s) in summaries {
        let status = s.status();
        write!(
            w,
            "<tr><td><a href=\"#{}\">{}</a></td><td class=\"num\">{}</td><td class=\"num\">{}</td>",
            xml(&anchor(student)),
            xml(student),
            pts(l, s.total()),
            pts(l, max_total)
        )?;
        for id in scenario_ids {
            write!(
                w,
                "<td class=\"num\">{}</td>",
                s.scenario_points(id).map(|p| pts(l, p)).unwrap_or_default()
            )?;
        }
        let said = status_word(l, &status.to_string());
        writeln!(w, "<td class=\"{status}\">{said}</td></tr>")?;
    }
    writeln!(w, "</table>")
}

/// An HTML id for a pupil (ids from file names may hold any character).
fn anchor(student: &str) -> String {
    let mut s = String::from("p-");
    for b in student.bytes() {
        if b.is_ascii_alphanumeric() || b == b'-' || b == b'_' {
            s.push(b as char);
        } else {
            let _ = write!(s, ".{b:02x}");
        }
    }
    s
}

/// One run's section; the pupil's first run carries the anchor the class table links to.
fn html_run(w: &mut impl Write, a: &Assignment, r: &RunRecord, first: bool) -> std::io::Result<()> {
    let id_attr = if first {
        format!(" id=\"{}\"", xml(&anchor(&r.student)))
    } else {
        String::new()
    };
    let l = a.language;
    writeln!(
        w,
        "<section{id_attr}>\n<h2>{} <span class=\"{}\">{}</span> — {}</h2>",
        xml(&r.run),
        r.status,
        status_word(l, &r.status.to_string()),
        xml(&crate::tr!(
            l,
            "report-points-of",
            points = pts(l, r.points),
            max = pts(l, r.max_points)
        ))
    )?;
    if let Some(e) = &r.error {
        writeln!(w, "<pre>{}</pre>", xml(e))?;
    }
    let sc = a.scenarios.iter().find(|s| s.id == r.scenario);
    if let Some(changed) = sc.and_then(|sc| seed_words(sc, r.seed, l)) {
        writeln!(w, "<p>{}</p>", xml(&changed))?;
    }
    writeln!(w, "<div class=\"run\">")?;
    if let Some(sc) = sc {
        let start = sc.start.unwrap_or_else(|| crate::sim::env_start(&sc.env));
        let start = match r.start_offset {
            Some(o) => o.apply(start),
            None => start,
        };
        writeln!(w, "{}", svg(sc, &r.path, start))?;
    }
    writeln!(
        w,
        "<table>\n<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
        xml(&crate::tr!(l, "report-criterion")),
        xml(&crate::tr!(l, "report-task")),
        xml(&crate::tr!(l, "report-result")),
        xml(&crate::tr!(l, "report-points")),
        xml(&crate::tr!(l, "report-what-happened"))
    )?;
    for c in &r.criteria {
        let (task, happened) = criterion_words(a, &r.scenario, c, l);
        writeln!(
            w,
            "<tr><td>{}</td><td>{}</td><td class=\"{}\">{}</td><td class=\"num\">{} / {}</td><td>{}</td></tr>",
            xml(&c.id),
            xml(&task),
            c.status,
            status_word(l, &c.status.to_string()),
            pts(l, c.points),
            pts(l, c.max_points),
            xml(&happened),
        )?;
    }
    writeln!(w, "</table>\n</div>\n</section>")
}

/// What a run's seed changed, in words in `l` ("Seed 3: moved the start …; the sensors
/// read with this seed's noise."), when it changed anything.
pub fn seed_words(sc: &Scenario, seed: u64, l: crate::i18n::Lang) -> Option<String> {
    let mut changes = Vec::new();
    if let Some(o) = sc.offset(seed) {
        // Said from where the pupil's robot faces at its start.
        let heading = match &sc.scene {
            Some(scene) => scene.robots.get(sc.pupil).map_or(0.0, |r| r.pose.2),
            None => sc.start.unwrap_or_else(|| crate::sim::env_start(&sc.env)).2,
        };
        changes.push(o.words(l, heading));
    }
    if sc.noisy_sensors() {
        changes.push(crate::tr!(l, "vary-noise"));
    }
    (!changes.is_empty()).then(|| {
        crate::tr!(
            l,
            "vary-seed",
            seed = seed.to_string(),
            changes = changes.join("; ")
        )
    })
}

/// The floor seen from above (x right, z down, as the app's top view), in metres: walls
/// and boxes, the line, the criteria's regions, the robot's start (`start`: x, z, yaw)
/// and its path.
pub fn svg(sc: &Scenario, path: &[[i32; 2]], start: (f32, f32, f32)) -> String {
    let env = &sc.env;
    let regions: Vec<Region> = sc.criteria.iter().flat_map(|c| c.check.regions()).collect();
    let (x0, z0, x1, z1) = view_box(env, path, &regions, start);
    let (w, h) = (x1 - x0, z1 - z0);
    let px = 320.0 / w.max(h);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0}\" height=\"{:.0}\" viewBox=\"{x0:.3} {z0:.3} {w:.3} {h:.3}\">",
        w * px,
        h * px
    );
    let stroke = 1.5 / px;
    svg_floor(&mut s, env, stroke);
    for r in &regions {
        match *r {
            Region::Rect([a, b, c, d]) => {
                let _ = write!(
                    s,
                    "<rect x=\"{a}\" y=\"{b}\" width=\"{}\" height=\"{}\" fill=\"#2e7d32\" fill-opacity=\"0.2\" stroke=\"#2e7d32\" stroke-width=\"{stroke:.4}\"/>",
                    c - a,
                    d - b
                );
            }
            Region::Circle([x, z, rad]) => {
                let _ = write!(
                    s,
                    "<circle cx=\"{x}\" cy=\"{z}\" r=\"{rad}\" fill=\"#2e7d32\" fill-opacity=\"0.2\" stroke=\"#2e7d32\" stroke-width=\"{stroke:.4}\"/>"
                );
            }
        }
    }
    if path.len() > 1 {
        let pts: Vec<String> = path
            .iter()
            .map(|p| {
                format!(
                    "{:.3},{:.3}",
                    f64::from(p[0]) / 1000.0,
                    f64::from(p[1]) / 1000.0
                )
            })
            .collect();
        let _ = write!(
            s,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"#1565c0\" stroke-width=\"{:.4}\"/>",
            pts.join(" "),
            2.0 * stroke
        );
    }
    let _ = write!(
        s,
        "<circle cx=\"{}\" cy=\"{}\" r=\"{:.4}\" fill=\"#1565c0\"><title>start</title></circle>",
        start.0,
        start.1,
        4.0 / px
    );
    if let Some(p) = path.last() {
        let _ = write!(
            s,
            "<circle cx=\"{:.3}\" cy=\"{:.3}\" r=\"{:.4}\" fill=\"#c62828\"><title>end</title></circle>",
            f64::from(p[0]) / 1000.0,
            f64::from(p[1]) / 1000.0,
            4.0 / px
        );
    }
    s.push_str("</svg>");
    s
}

/// The part of the floor the drawing shows (x0, z0, x1, z1): the floor, the tall boxes,
/// the path, the regions and a metre around the start at least, with a margin; at most
/// 50 m a side.
fn view_box(
    env: &crate::world::spec::EnvSpec,
    path: &[[i32; 2]],
    regions: &[Region],
    start: (f32, f32, f32),
) -> (f64, f64, f64, f64) {
    let mut xs: Vec<f64> = Vec::new();
    let mut zs: Vec<f64> = Vec::new();
    let mut grow = |x: f64, z: f64| {
        xs.push(x);
        zs.push(z);
    };
    if let Some(f) = &env.floor {
        let r = f.rect.get_ref();
        grow(f64::from(r[0]), f64::from(r[1]));
        grow(f64::from(r[2]), f64::from(r[3]));
    }
    for b in &env.boxes {
        let (p, s, rot) = (b.position.get_ref(), b.size.get_ref(), b.rotation.get_ref());
        if p[1] + s[1] / 2.0 < 0.01 {
            continue;
        }
        // The box's four corners on the floor, turned about Y.
        let (sin, cos) = f64::from(rot[1]).to_radians().sin_cos();
        for (dx, dz) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
            let (hx, hz) = (dx * f64::from(s[0]) / 2.0, dz * f64::from(s[2]) / 2.0);
            grow(
                f64::from(p[0]) + cos * hx + sin * hz,
                f64::from(p[2]) - sin * hx + cos * hz,
            );
        }
    }
    for p in path {
        grow(f64::from(p[0]) / 1000.0, f64::from(p[1]) / 1000.0);
    }
    for r in regions {
        match *r {
            Region::Rect([x0, z0, x1, z1]) => {
                grow(x0, z0);
                grow(x1, z1);
            }
            Region::Circle([x, z, rad]) => {
                grow(x - rad, z - rad);
                grow(x + rad, z + rad);
            }
        }
    }
    grow(f64::from(start.0), f64::from(start.1));
    let lo = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = |v: &[f64]| v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    // A metre around the start at least, and a margin; at most 50 m a side.
    let (mut x0, mut x1) = (
        lo(&xs).min(f64::from(start.0) - 0.5),
        hi(&xs).max(f64::from(start.0) + 0.5),
    );
    let (mut z0, mut z1) = (
        lo(&zs).min(f64::from(start.1) - 0.5),
        hi(&zs).max(f64::from(start.1) + 0.5),
    );
    x0 = (x0 - 0.1).max(-25.0);
    z0 = (z0 - 0.1).max(-25.0);
    x1 = (x1 + 0.1).min(x0 + 50.0);
    z1 = (z1 + 0.1).min(z0 + 50.0);
    (x0, z0, x1, z1)
}

/// The floor, its boxes and its lines.
fn svg_floor(s: &mut String, env: &crate::world::spec::EnvSpec, stroke: f64) {
    if let Some(f) = &env.floor {
        let r = f.rect.get_ref();
        let _ = write!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#fff\" stroke=\"#ddd\" stroke-width=\"{stroke:.4}\"/>",
            r[0],
            r[1],
            r[2] - r[0],
            r[3] - r[1]
        );
    }
    for b in &env.boxes {
        let (p, sz, rot) = (b.position.get_ref(), b.size.get_ref(), b.rotation.get_ref());
        let tall = p[1] + sz[1] / 2.0 >= 0.01;
        let _ = write!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" transform=\"rotate({} {} {})\" fill=\"{}\"><title>{}</title></rect>",
            p[0] - sz[0] / 2.0,
            p[2] - sz[2] / 2.0,
            sz[0],
            sz[2],
            -rot[1],
            p[0],
            p[2],
            if tall { "#8d5a3b" } else { "#ccc" },
            xml(&b.name)
        );
    }
    for l in &env.lines {
        let pts: Vec<String> = l
            .points
            .get_ref()
            .iter()
            .map(|p| format!("{},{}", p[0], p[1]))
            .collect();
        let _ = write!(
            s,
            "<{} points=\"{}\" fill=\"none\" stroke=\"#000\" stroke-width=\"0.02\"/>",
            if l.closed { "polygon" } else { "polyline" },
            pts.join(" ")
        );
    }
}

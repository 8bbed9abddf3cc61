//! The assignment file (docs/grading.md): `[assignment]` and its `[[scenario]]`s, each
//! with `[[scenario.criterion]]`s, parsed with serde and checked once, before any run.
//! Every mistake is `FILE:LINE: message`; robot and environment files are read here, so a
//! missing one stops the batch before it starts.

use crate::sim::scene::{is_builtin_env, is_builtin_robot, read_toml_file, resolve, At};
use crate::sim::specs::SpecSource;
use crate::sim::time;
use crate::vm::Button;
use crate::world::spec::{EnvSpec, RobotSpec, SpecError};
use serde::Deserialize;
use std::path::Path;
use toml::Spanned;

/// Largest assignment file, bytes.
pub const MAX_FILE_BYTES: u64 = 1 << 20;
/// Longest scenario a run may simulate, seconds (an hour: a run is bounded in simulated
/// time, never in wall time).
pub const MAX_SECONDS: f64 = 3600.0;
/// Most seeds per scenario and scenarios per assignment.
pub const MAX_SEEDS: usize = 100;
pub const MAX_SCENARIOS: usize = 100;
/// Most criteria per scenario.
pub const MAX_CRITERIA: usize = 100;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    assignment: Spanned<RawAssignment>,
    #[serde(default)]
    scenario: Vec<Spanned<RawScenario>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAssignment {
    name: Option<String>,
    seconds: Option<Spanned<f64>>,
    realism: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    id: Spanned<String>,
    robot: Spanned<String>,
    environment: Spanned<String>,
    seconds: Option<Spanned<f64>>,
    start: Option<Spanned<RawStart>>,
    seeds: Option<Spanned<Vec<u64>>>,
    press: Option<Spanned<String>>,
    battery_v: Option<Spanned<toml::Value>>,
    visibility: Option<Spanned<String>>,
    #[serde(default)]
    criterion: Vec<Spanned<RawCriterion>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStart {
    x: Option<f32>,
    z: Option<f32>,
    yaw_deg: Option<f32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCriterion {
    id: Spanned<String>,
    kind: Spanned<String>,
    points: Option<Spanned<f64>>,
    requires: Option<Spanned<Vec<String>>>,
    region: Option<Spanned<RawRegion>>,
    regions: Option<Spanned<Vec<RawRegion>>>,
    by_s: Option<Spanned<f64>>,
    min_m: Option<Spanned<f64>>,
    max_m: Option<Spanned<f64>>,
    index: Option<Spanned<i64>>,
    at_s: Option<Spanned<f64>>,
    equals: Option<Spanned<toml::Value>>,
    min: Option<Spanned<i64>>,
    max: Option<Spanned<i64>>,
    contains: Option<Spanned<Vec<RawTone>>>,
    for_fraction: Option<Spanned<f64>>,
    after_s: Option<Spanned<f64>>,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
struct RawRegion {
    rect: Option<[f64; 4]>,
    circle: Option<[f64; 3]>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTone {
    freq_hz: u32,
    ms: u32,
}

/// A place on the floor, in the frame of `run --json`'s `pose` (x, z in m).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Region {
    /// x0, z0, x1, z1 with x0 ≤ x1, z0 ≤ z1.
    Rect([f64; 4]),
    /// x, z, radius.
    Circle([f64; 3]),
}

impl Region {
    /// Whether (x, z) is inside (edges count).
    pub fn contains(&self, x: f64, z: f64) -> bool {
        match *self {
            Region::Rect([x0, z0, x1, z1]) => (x0..=x1).contains(&x) && (z0..=z1).contains(&z),
            Region::Circle([cx, cz, r]) => (x - cx).hypot(z - cz) <= r,
        }
    }

    /// As written in reports: `rect [x0, z0, x1, z1]` or `circle [x, z, r]`.
    pub fn describe(&self) -> String {
        match self {
            Region::Rect(v) => format!("rect {v:?}"),
            Region::Circle(v) => format!("circle {v:?}"),
        }
    }

    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Region::Rect(v) => serde_json::json!({ "rect": v }),
            Region::Circle(v) => serde_json::json!({ "circle": v }),
        }
    }
}

/// What a criterion checks (docs/grading.md's table).
#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    NoFault,
    Reach {
        region: Region,
        by_ms: u64,
    },
    Visit {
        regions: Vec<Region>,
        by_ms: u64,
    },
    NeverEnter {
        region: Region,
    },
    NoContact,
    Displacement {
        min_m: Option<f64>,
        max_m: Option<f64>,
    },
    PathLength {
        min_m: Option<f64>,
        max_m: Option<f64>,
    },
    Variable {
        index: usize,
        at_ms: u64,
        expect: Expect,
    },
    Display {
        at_ms: u64,
        view: Option<String>,
        value: Option<i64>,
    },
    Sound {
        contains: Vec<(u32, u32)>,
    },
    Line {
        max_m: f64,
        for_fraction: f64,
        after_ms: u64,
    },
}

/// A variable's expected value: exactly one, or a range (either end open).
#[derive(Clone, Debug, PartialEq)]
pub enum Expect {
    Equals(i64),
    Range(Option<i64>, Option<i64>),
}

/// One criterion of a scenario.
#[derive(Clone, Debug)]
pub struct Criterion {
    pub id: String,
    pub kind: String,
    pub points: f64,
    /// Ids of criteria of the same scenario that must have passed (else this one is skipped).
    pub requires: Vec<String>,
    pub check: Check,
}

/// One scenario: the world a pupil's program runs in, and what it is graded on.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub id: String,
    pub robot: SpecSource,
    pub robot_spec: RobotSpec,
    pub environment: SpecSource,
    pub env: EnvSpec,
    pub end_ms: u64,
    pub start: Option<(f32, f32, f32)>,
    pub seeds: Vec<u64>,
    pub presses: Vec<(u64, Button)>,
    /// `--battery-v` for this scenario's runs (volts), when set.
    pub battery_v: Option<f32>,
    pub visibility: Option<String>,
    pub criteria: Vec<Criterion>,
}

impl Scenario {
    pub fn max_points(&self) -> f64 {
        self.criteria.iter().map(|c| c.points).sum()
    }
}

/// An assignment, read and checked.
#[derive(Clone, Debug)]
pub struct Assignment {
    /// The file as given (errors, reports).
    pub file: String,
    pub name: String,
    pub realism: crate::vm::Realism,
    pub scenarios: Vec<Scenario>,
    /// A digest of the file's text (shards of one batch must agree on it).
    pub digest: String,
}

/// FNV-1a, 64 bits, as 16 hex digits: a digest that tells two inputs apart (not a
/// cryptographic one; shards and merge only compare their own outputs).
pub fn digest(parts: &[&[u8]]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &b in part.iter().chain((part.len() as u64).to_le_bytes().iter()) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

const GRADESCOPE_VISIBILITY: [&str; 4] = ["hidden", "after_due_date", "after_published", "visible"];

impl Assignment {
    /// Reads and checks an assignment file and the robot and environment files it names.
    pub fn load(path: &Path) -> Result<Assignment, SpecError> {
        let (file, text, dir) = read_toml_file(path, MAX_FILE_BYTES, "an assignment file")?;
        Assignment::parse(&file, &text, &dir)
    }

    /// Parses assignment text; `dir` is the folder robot and environment paths are
    /// relative to.
    pub fn parse(file: &str, text: &str, dir: &Path) -> Result<Assignment, SpecError> {
        let at = At { file, text };
        let raw: RawFile = at.parse()?;
        let a = raw.assignment.get_ref();
        let realism = match a.realism.as_ref() {
            None => crate::vm::Realism::Original,
            Some(r) => match r.get_ref().as_str() {
                "original" => crate::vm::Realism::Original,
                "rcx" => crate::vm::Realism::Rcx,
                other => {
                    return Err(at.err(
                        r.span(),
                        format!("realism = \"{other}\": must be \"original\" or \"rcx\""),
                    ))
                }
            },
        };
        let default_seconds = match &a.seconds {
            Some(s) => seconds(&at, s, "seconds")?,
            None => 10.0,
        };
        if raw.scenario.is_empty() {
            return Err(at.err(
                raw.assignment.span(),
                "an assignment needs at least one [[scenario]]".into(),
            ));
        }
        if raw.scenario.len() > MAX_SCENARIOS {
            return Err(at.err(
                raw.scenario[MAX_SCENARIOS].span(),
                format!("at most {MAX_SCENARIOS} scenarios"),
            ));
        }
        let mut scenarios: Vec<Scenario> = Vec::new();
        for s in &raw.scenario {
            let sc = scenario(&at, s.get_ref(), dir, default_seconds)?;
            if scenarios.iter().any(|o| o.id == sc.id) {
                return Err(at.err(
                    s.get_ref().id.span(),
                    format!("scenario id \"{}\" is used twice", sc.id),
                ));
            }
            scenarios.push(sc);
        }
        Ok(Assignment {
            file: file.to_string(),
            name: a.name.clone().unwrap_or_else(|| {
                Path::new(file)
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default()
            }),
            realism,
            scenarios,
            digest: digest(&[text.as_bytes()]),
        })
    }

    pub fn max_points(&self) -> f64 {
        self.scenarios.iter().map(Scenario::max_points).sum()
    }
}

/// An id: 1–64 characters of a–z, 0–9 and `-`.
fn check_id(at: &At, id: &Spanned<String>, what: &str) -> Result<String, SpecError> {
    let s = id.get_ref();
    let ok = !s.is_empty()
        && s.len() <= 64
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if ok {
        Ok(s.clone())
    } else {
        Err(at.err(
            id.span(),
            format!("{what} \"{s}\": use 1–64 characters of a–z, 0–9 and -"),
        ))
    }
}

fn seconds(at: &At, s: &Spanned<f64>, what: &str) -> Result<f64, SpecError> {
    let v = *s.get_ref();
    if v.is_finite() && v > 0.0 && v <= MAX_SECONDS {
        Ok(v)
    } else {
        Err(at.err(
            s.span(),
            format!("{what} = {v}: must be more than 0 and at most {MAX_SECONDS} seconds"),
        ))
    }
}

fn scenario(
    at: &At,
    s: &RawScenario,
    dir: &Path,
    default_seconds: f64,
) -> Result<Scenario, SpecError> {
    let id = check_id(at, &s.id, "scenario id")?;
    let robot_name = s.robot.get_ref();
    let robot = SpecSource::robot(&resolve(dir, robot_name, is_builtin_robot(robot_name)))
        .map_err(|e| at.err(s.robot.span(), format!("robot \"{robot_name}\": {e}")))?;
    let robot_spec = robot
        .robot_spec()
        .map_err(|e| at.err(s.robot.span(), format!("robot: {e}")))?;
    let env_name = s.environment.get_ref();
    let environment =
        SpecSource::env(&resolve(dir, env_name, is_builtin_env(env_name))).map_err(|e| {
            at.err(
                s.environment.span(),
                format!("environment \"{env_name}\": {e}"),
            )
        })?;
    let env = environment
        .env_spec()
        .map_err(|e| at.err(s.environment.span(), format!("environment: {e}")))?;
    let secs = match &s.seconds {
        Some(v) => seconds(at, v, "seconds")?,
        None => default_seconds,
    };
    let end_ms = time::ticks_in(secs);
    let start = match &s.start {
        None => None,
        Some(st) => {
            let v = st.get_ref();
            let (x0, z0, yaw0) = crate::sim::env_start(&env);
            let p = (
                v.x.unwrap_or(x0),
                v.z.unwrap_or(z0),
                v.yaw_deg.unwrap_or(yaw0),
            );
            let lim = crate::world::spec::limits::ENV_LENGTH_M;
            let fine = [p.0, p.1].iter().all(|c| c.is_finite() && c.abs() <= lim)
                && p.2.is_finite()
                && p.2.abs() <= 3600.0;
            if !fine {
                return Err(at.err(
                    st.span(),
                    format!("start = {{ x = {}, z = {}, yaw_deg = {} }}: x and z within ±{lim} m, yaw_deg within ±3600", p.0, p.1, p.2),
                ));
            }
            let reach = crate::sim::scene::footprint_m(&robot_spec);
            if let Some(wall) = crate::sim::scene::wall_at(&env, p, reach) {
                return Err(at.err(st.span(), format!("the robot would start inside {wall}")));
            }
            Some(p)
        }
    };
    let seeds = match &s.seeds {
        None => vec![0],
        Some(v) => {
            let seeds = v.get_ref().clone();
            let mut sorted = seeds.clone();
            sorted.sort_unstable();
            sorted.dedup();
            if seeds.is_empty() || seeds.len() > MAX_SEEDS || sorted.len() != seeds.len() {
                return Err(at.err(
                    v.span(),
                    format!("seeds: 1 to {MAX_SEEDS} different numbers"),
                ));
            }
            seeds
        }
    };
    let presses = match &s.press {
        None => Vec::new(),
        Some(p) => {
            let list = crate::sim::scenario::parse_presses(p.get_ref())
                .map_err(|e| at.err(p.span(), e))?;
            if list.is_empty() {
                return Err(at.err(p.span(), "press: no presses given".into()));
            }
            if let Some((t, b)) = list.iter().find(|(t, _)| *t >= end_ms) {
                return Err(at.err(
                    p.span(),
                    format!(
                        "press {}@{}: at or after the end of the run ({secs} s)",
                        b.name(),
                        *t as f64 / 1000.0
                    ),
                ));
            }
            list
        }
    };
    // Volts or a preset's name, as `--battery-v` takes them.
    let battery_v = match &s.battery_v {
        None => None,
        Some(v) => {
            let text = match v.get_ref() {
                toml::Value::String(t) => t.clone(),
                toml::Value::Float(f) => f.to_string(),
                toml::Value::Integer(i) => i.to_string(),
                other => other.type_str().to_string(),
            };
            Some(
                crate::world::battery::parse_arg(&text)
                    .map_err(|e| at.err(v.span(), format!("battery_v = {text}: {e}")))?,
            )
        }
    };
    let visibility = match &s.visibility {
        None => None,
        Some(v) if GRADESCOPE_VISIBILITY.contains(&v.get_ref().as_str()) => {
            Some(v.get_ref().clone())
        }
        Some(v) => {
            return Err(at.err(
                v.span(),
                format!(
                    "visibility = \"{}\": one of {}",
                    v.get_ref(),
                    GRADESCOPE_VISIBILITY.join(", ")
                ),
            ))
        }
    };
    if s.criterion.len() > MAX_CRITERIA {
        return Err(at.err(
            s.criterion[MAX_CRITERIA].span(),
            format!("at most {MAX_CRITERIA} criteria in a scenario"),
        ));
    }
    let mut criteria: Vec<Criterion> = Vec::new();
    for c in &s.criterion {
        let crit = criterion(at, c, end_ms, &env)?;
        if criteria.iter().any(|o| o.id == crit.id) {
            return Err(at.err(
                c.get_ref().id.span(),
                format!(
                    "criterion id \"{}\" is used twice in scenario \"{id}\"",
                    crit.id
                ),
            ));
        }
        if let Some(req) = &c.get_ref().requires {
            for r in req.get_ref() {
                if !criteria.iter().any(|o| &o.id == r) {
                    return Err(at.err(
                        req.span(),
                        format!("requires \"{r}\": no criterion of that id before this one in scenario \"{id}\""),
                    ));
                }
            }
        }
        criteria.push(crit);
    }
    Ok(Scenario {
        id,
        robot,
        robot_spec,
        environment,
        env,
        end_ms,
        start,
        seeds,
        presses,
        battery_v,
        visibility,
        criteria,
    })
}

fn region(at: &At, span: std::ops::Range<usize>, r: &RawRegion) -> Result<Region, SpecError> {
    let finite = |v: &[f64]| v.iter().all(|x| x.is_finite());
    match (r.rect, r.circle) {
        (Some(v), None) => {
            if !finite(&v) {
                return Err(at.err(span, "region rect: numbers only".into()));
            }
            if v[0] > v[2] || v[1] > v[3] {
                return Err(at.err(
                    span,
                    format!("region rect = {v:?}: write [x0, z0, x1, z1] with x0 ≤ x1 and z0 ≤ z1"),
                ));
            }
            Ok(Region::Rect(v))
        }
        (None, Some(v)) => {
            if !finite(&v) || v[2] <= 0.0 {
                return Err(at.err(
                    span,
                    format!("region circle = {v:?}: write [x, z, r] with r > 0"),
                ));
            }
            Ok(Region::Circle(v))
        }
        _ => Err(at.err(
            span,
            "a region is { rect = [x0, z0, x1, z1] } or { circle = [x, z, r] }".into(),
        )),
    }
}

const KINDS: [&str; 11] = [
    "no_fault",
    "reach",
    "visit",
    "never_enter",
    "no_contact",
    "displacement",
    "path_length",
    "variable",
    "display",
    "sound",
    "line",
];

fn criterion(
    at: &At,
    c: &Spanned<RawCriterion>,
    end_ms: u64,
    env: &EnvSpec,
) -> Result<Criterion, SpecError> {
    let span = c.span();
    let c = c.get_ref();
    let id = check_id(at, &c.id, "criterion id")?;
    let kind = c.kind.get_ref().clone();
    let need = |what: &str| {
        at.err(
            span.clone(),
            format!("criterion \"{id}\" ({kind}) needs {what}"),
        )
    };
    // A time within the run: the run's end when not given.
    let time_ms = |v: &Option<Spanned<f64>>, what: &str| -> Result<u64, SpecError> {
        match v {
            None => Ok(end_ms),
            Some(s) => {
                let t = *s.get_ref();
                if t.is_finite() && t >= 0.0 && time::ticks_in(t) <= end_ms {
                    Ok(time::ticks_in(t))
                } else {
                    Err(at.err(
                        s.span(),
                        format!(
                            "{what} = {t}: must be from 0 to the scenario's {} s",
                            end_ms as f64 / 1000.0
                        ),
                    ))
                }
            }
        }
    };
    let metres = |v: &Option<Spanned<f64>>, what: &str| -> Result<Option<f64>, SpecError> {
        match v {
            None => Ok(None),
            Some(s) if s.get_ref().is_finite() && *s.get_ref() >= 0.0 => Ok(Some(*s.get_ref())),
            Some(s) => Err(at.err(
                s.span(),
                format!("{what} = {}: a distance ≥ 0 in m", s.get_ref()),
            )),
        }
    };
    let the_region = || -> Result<Region, SpecError> {
        let r = c
            .region
            .as_ref()
            .ok_or_else(|| need("region = { rect = [...] } or { circle = [...] }"))?;
        region(at, r.span(), r.get_ref())
    };
    let check = match kind.as_str() {
        "no_fault" => Check::NoFault,
        "no_contact" => Check::NoContact,
        "reach" => Check::Reach {
            region: the_region()?,
            by_ms: time_ms(&c.by_s, "by_s")?,
        },
        "never_enter" => Check::NeverEnter {
            region: the_region()?,
        },
        "visit" => {
            let rs = c
                .regions
                .as_ref()
                .ok_or_else(|| need("regions = [ {...}, ... ]"))?;
            if rs.get_ref().is_empty() {
                return Err(need("at least one region in regions"));
            }
            Check::Visit {
                regions: rs
                    .get_ref()
                    .iter()
                    .map(|r| region(at, rs.span(), r))
                    .collect::<Result<_, _>>()?,
                by_ms: time_ms(&c.by_s, "by_s")?,
            }
        }
        "displacement" | "path_length" => {
            let (min_m, max_m) = (metres(&c.min_m, "min_m")?, metres(&c.max_m, "max_m")?);
            if min_m.is_none() && max_m.is_none() {
                return Err(need("min_m, max_m or both"));
            }
            if let (Some(a), Some(b)) = (min_m, max_m) {
                if a > b {
                    return Err(at.err(span, format!("criterion \"{id}\": min_m {a} > max_m {b}")));
                }
            }
            if kind == "displacement" {
                Check::Displacement { min_m, max_m }
            } else {
                Check::PathLength { min_m, max_m }
            }
        }
        "variable" => {
            let index = c.index.as_ref().ok_or_else(|| need("index = 0…31"))?;
            if !(0..32).contains(index.get_ref()) {
                return Err(at.err(
                    index.span(),
                    format!("index = {}: a variable 0…31", index.get_ref()),
                ));
            }
            let expect = match (&c.equals, &c.min, &c.max) {
                (Some(e), None, None) => match e.get_ref() {
                    toml::Value::Integer(v) => Expect::Equals(*v),
                    _ => return Err(at.err(e.span(), "equals: a whole number".into())),
                },
                (None, min, max) if min.is_some() || max.is_some() => {
                    let (lo, hi) = (
                        min.as_ref().map(|v| *v.get_ref()),
                        max.as_ref().map(|v| *v.get_ref()),
                    );
                    if let (Some(a), Some(b)) = (lo, hi) {
                        if a > b {
                            return Err(
                                at.err(span, format!("criterion \"{id}\": min {a} > max {b}"))
                            );
                        }
                    }
                    Expect::Range(lo, hi)
                }
                _ => return Err(need("equals = N, or min and/or max (not both kinds)")),
            };
            Check::Variable {
                index: *index.get_ref() as usize,
                at_ms: time_ms(&c.at_s, "at_s")?,
                expect,
            }
        }
        "display" => {
            let e = c
                .equals
                .as_ref()
                .ok_or_else(|| need("equals = { view = \"watch\", value = N }"))?;
            let toml::Value::Table(t) = e.get_ref() else {
                return Err(at.err(e.span(), "equals: a table { view = …, value = … }".into()));
            };
            if let Some(k) = t.keys().find(|k| *k != "view" && *k != "value") {
                return Err(at.err(
                    e.span(),
                    format!("equals: unknown key \"{k}\" (view, value)"),
                ));
            }
            let view = match t.get("view") {
                None => None,
                Some(toml::Value::String(v)) => Some(v.clone()),
                Some(_) => {
                    return Err(at.err(e.span(), "equals.view: a string such as \"watch\"".into()))
                }
            };
            let value = match t.get("value") {
                None => None,
                Some(toml::Value::Integer(v)) => Some(*v),
                Some(_) => return Err(at.err(e.span(), "equals.value: a whole number".into())),
            };
            if view.is_none() && value.is_none() {
                return Err(need("equals with view, value or both"));
            }
            Check::Display {
                at_ms: time_ms(&c.at_s, "at_s")?,
                view,
                value,
            }
        }
        "sound" => {
            let list = c
                .contains
                .as_ref()
                .ok_or_else(|| need("contains = [{ freq_hz = …, ms = … }]"))?;
            if list.get_ref().is_empty() {
                return Err(need("at least one tone in contains"));
            }
            Check::Sound {
                contains: list.get_ref().iter().map(|t| (t.freq_hz, t.ms)).collect(),
            }
        }
        "line" => {
            if env.lines.is_empty() {
                return Err(at.err(
                    span,
                    format!(
                        "criterion \"{id}\" (line): environment \"{}\" has no [[line]]",
                        env.name
                    ),
                ));
            }
            let max_m = metres(&c.max_m, "max_m")?.ok_or_else(|| need("max_m"))?;
            let for_fraction = match &c.for_fraction {
                None => return Err(need("for_fraction = 0…1")),
                Some(f) if (0.0..=1.0).contains(f.get_ref()) => *f.get_ref(),
                Some(f) => {
                    return Err(at.err(
                        f.span(),
                        format!("for_fraction = {}: from 0 to 1", f.get_ref()),
                    ))
                }
            };
            let after_ms = match &c.after_s {
                None => 0,
                some => time_ms(some, "after_s")?,
            };
            if after_ms >= end_ms {
                return Err(at.err(
                    span,
                    format!("criterion \"{id}\": after_s leaves no ticks to check"),
                ));
            }
            Check::Line {
                max_m,
                for_fraction,
                after_ms,
            }
        }
        other => {
            return Err(at.err(
                c.kind.span(),
                format!("unknown kind \"{other}\" (one of {})", KINDS.join(", ")),
            ))
        }
    };
    let points = match &c.points {
        None => 1.0,
        Some(p) if p.get_ref().is_finite() && *p.get_ref() >= 0.0 && *p.get_ref() <= 1e6 => {
            *p.get_ref()
        }
        Some(p) => {
            return Err(at.err(
                p.span(),
                format!("points = {}: from 0 to 1000000", p.get_ref()),
            ))
        }
    };
    Ok(Criterion {
        id,
        kind,
        points,
        requires: c
            .requires
            .as_ref()
            .map(|r| r.get_ref().clone())
            .unwrap_or_default(),
        check,
    })
}

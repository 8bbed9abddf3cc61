//! A `[[scenario.criterion]]` as written: its id, kind, points and requires, then the
//! fields of its kind — one raw struct per kind (`RawCheck`, tagged by `kind`), each
//! taking exactly its own fields, checked into a [`Check`]. Every mistake is
//! `FILE:LINE: message` at the field that is wrong.
//!
//! Serde's own `#[serde(tag = "kind")]` buffers a table before it reads the tag, which
//! loses the positions of its fields; so the tag is read first here and the criterion's
//! table (parsed with its spans, [`toml::de::DeTable`]) is then read as its kind's struct.

use super::assignment::{check_id, Check, Criterion, Expect, Kind, Region};
use crate::sim::scene::At;
use crate::sim::time;
use crate::world::spec::{EnvSpec, SpecError};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::ops::Range;
use toml::de::{DeTable, DeValue, ValueDeserializer};
use toml::Spanned;

/// The fields every criterion has; the rest of its table belongs to its kind.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCommon {
    id: Spanned<String>,
    kind: Spanned<String>,
    points: Option<Spanned<f64>>,
    requires: Option<Spanned<Vec<String>>>,
    robot: Option<Spanned<String>>,
    say: Option<Spanned<String>>,
}

const COMMON: [&str; 6] = ["id", "kind", "points", "requires", "robot", "say"];

/// Longest `say`, characters.
const MAX_SAY_CHARS: usize = 200;

/// `no_fault` and `no_contact` take no fields of their own.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNothing {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReach {
    region: Option<Spanned<RawRegion>>,
    by_s: Option<Spanned<f64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNeverEnter {
    region: Option<Spanned<RawRegion>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVisit {
    regions: Option<Spanned<Vec<RawRegion>>>,
    by_s: Option<Spanned<f64>>,
}

/// `displacement` and `path_length`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDistance {
    min_m: Option<Spanned<f64>>,
    max_m: Option<Spanned<f64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVariable {
    index: Option<Spanned<i64>>,
    at_s: Option<Spanned<f64>>,
    equals: Option<Spanned<toml::Value>>,
    min: Option<Spanned<i64>>,
    max: Option<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDisplay {
    at_s: Option<Spanned<f64>>,
    equals: Option<Spanned<toml::Value>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSound {
    contains: Option<Spanned<Vec<RawTone>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLine {
    max_m: Option<Spanned<f64>>,
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

/// A criterion's own fields, by kind.
enum RawCheck {
    NoFault(RawNothing),
    Reach(RawReach),
    Visit(RawVisit),
    NeverEnter(RawNeverEnter),
    NoContact(RawNothing),
    Displacement(RawDistance),
    PathLength(RawDistance),
    Variable(RawVariable),
    Display(RawDisplay),
    Sound(RawSound),
    Line(RawLine),
}

impl RawCheck {
    /// Reads `fields` as `kind`'s struct.
    fn read(kind: Kind, fields: ValueDeserializer<'_>) -> Result<RawCheck, toml::de::Error> {
        Ok(match kind {
            Kind::NoFault => RawCheck::NoFault(de(fields)?),
            Kind::Reach => RawCheck::Reach(de(fields)?),
            Kind::Visit => RawCheck::Visit(de(fields)?),
            Kind::NeverEnter => RawCheck::NeverEnter(de(fields)?),
            Kind::NoContact => RawCheck::NoContact(de(fields)?),
            Kind::Displacement => RawCheck::Displacement(de(fields)?),
            Kind::PathLength => RawCheck::PathLength(de(fields)?),
            Kind::Variable => RawCheck::Variable(de(fields)?),
            Kind::Display => RawCheck::Display(de(fields)?),
            Kind::Sound => RawCheck::Sound(de(fields)?),
            Kind::Line => RawCheck::Line(de(fields)?),
        })
    }

    /// Checks the fields' values into what the grader follows.
    fn check(self, cx: &Cx) -> Result<Check, SpecError> {
        match self {
            RawCheck::NoFault(RawNothing {}) => Ok(Check::NoFault),
            RawCheck::NoContact(RawNothing {}) => Ok(Check::NoContact),
            RawCheck::Reach(r) => Ok(Check::Reach {
                region: cx.region(&r.region)?,
                by_ms: cx.time_ms(&r.by_s, "by_s")?,
            }),
            RawCheck::NeverEnter(r) => Ok(Check::NeverEnter {
                region: cx.region(&r.region)?,
            }),
            RawCheck::Visit(r) => visit(cx, r),
            RawCheck::Displacement(r) => {
                let (min_m, max_m) = distance(cx, r)?;
                Ok(Check::Displacement { min_m, max_m })
            }
            RawCheck::PathLength(r) => {
                let (min_m, max_m) = distance(cx, r)?;
                Ok(Check::PathLength { min_m, max_m })
            }
            RawCheck::Variable(r) => variable(cx, r),
            RawCheck::Display(r) => display(cx, r),
            RawCheck::Sound(r) => sound(cx, r),
            RawCheck::Line(r) => line(cx, r),
        }
    }
}

fn de<T: DeserializeOwned>(fields: ValueDeserializer<'_>) -> Result<T, toml::de::Error> {
    T::deserialize(fields)
}

/// The robots of a scenario, by name, and which is the pupil's (a criterion is about the
/// pupil's unless it says `robot = "NAME"`).
pub(super) struct Robots {
    pub names: Vec<String>,
    pub pupil: usize,
}

/// One criterion read from the file, with where its id and requires were written (the
/// scenario checks them against the criteria before it).
pub(super) struct Read {
    pub criterion: Criterion,
    pub id_span: Range<usize>,
    pub requires_span: Range<usize>,
}

/// Reads and checks the criterion `table` (as parsed with its spans) of a scenario of
/// `end_ms` in `env`.
pub(super) fn criterion(
    at: &At,
    table: &Spanned<DeValue<'_>>,
    end_ms: u64,
    env: &EnvSpec,
    robots: &Robots,
) -> Result<Read, SpecError> {
    let span = table.span();
    let DeValue::Table(t) = table.get_ref() else {
        return Err(at.err(
            span,
            "a criterion is a table ([[scenario.criterion]])".into(),
        ));
    };
    // The common fields, and the rest: the kind's own.
    let (mut common, mut own) = (DeTable::new(), DeTable::new());
    for (k, v) in t {
        let part = match COMMON.contains(&k.get_ref().as_ref()) {
            true => &mut common,
            false => &mut own,
        };
        part.insert(k.clone(), v.clone());
    }
    let fields = |t| ValueDeserializer::from(Spanned::new(span.clone(), DeValue::Table(t)));
    let c: RawCommon = de(fields(common)).map_err(|e| toml_err(at, &span, e, ""))?;
    let id = check_id(at, &c.id, "criterion id")?;
    let kind = Kind::parse(c.kind.get_ref()).ok_or_else(|| {
        let all: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
        at.err(
            c.kind.span(),
            format!(
                "unknown kind \"{}\" (one of {})",
                c.kind.get_ref(),
                all.join(", ")
            ),
        )
    })?;
    let context = format!("criterion \"{id}\" ({}): ", kind.name());
    let raw = RawCheck::read(kind, fields(own)).map_err(|e| {
        let mut err = toml_err(at, &span, e, &context);
        // Serde says "there are no fields" of a kind without fields of its own.
        err.message = err.message.replace(
            ", there are no fields",
            &format!(
                ": {} takes only id, kind, points, requires, robot and say",
                kind.name()
            ),
        );
        err
    })?;
    let cx = Cx {
        at,
        span: span.clone(),
        id: &id,
        kind,
        end_ms,
        env,
    };
    let check = raw.check(&cx)?;
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
    let robot = match &c.robot {
        None => robots.pupil,
        Some(name) => robots
            .names
            .iter()
            .position(|n| n == name.get_ref())
            .ok_or_else(|| {
                at.err(
                    name.span(),
                    format!(
                        "robot = \"{}\": the scenario's robots are {}",
                        name.get_ref(),
                        robots.names.join(", ")
                    ),
                )
            })?,
    };
    let say = match &c.say {
        None => None,
        Some(s)
            if !s.get_ref().trim().is_empty() && s.get_ref().chars().count() <= MAX_SAY_CHARS =>
        {
            Some(s.get_ref().trim().to_string())
        }
        Some(s) => {
            return Err(at.err(
                s.span(),
                format!("say: 1 to {MAX_SAY_CHARS} characters of plain words"),
            ))
        }
    };
    Ok(Read {
        id_span: c.id.span(),
        requires_span: c.requires.as_ref().map_or(span, |r| r.span()),
        criterion: Criterion {
            id,
            points,
            requires: c.requires.map(Spanned::into_inner).unwrap_or_default(),
            check,
            robot,
            say,
        },
    })
}

/// A serde error from a criterion's table as `FILE:LINE: message`, at the field it is
/// about (else at the criterion), the message after `context`.
fn toml_err(at: &At, span: &Range<usize>, e: toml::de::Error, context: &str) -> SpecError {
    let at_field = e.span().unwrap_or_else(|| span.clone());
    at.err(at_field, format!("{context}{}", e.message().trim()))
}

/// What checking a criterion's values needs: where it is, what it is, and its scenario's
/// length and environment.
struct Cx<'a> {
    at: &'a At<'a>,
    span: Range<usize>,
    id: &'a str,
    kind: Kind,
    end_ms: u64,
    env: &'a EnvSpec,
}

impl Cx<'_> {
    /// "criterion "ID" (KIND) needs WHAT", at the criterion.
    fn need(&self, what: &str) -> SpecError {
        self.at.err(
            self.span.clone(),
            format!(
                "criterion \"{}\" ({}) needs {what}",
                self.id,
                self.kind.name()
            ),
        )
    }

    /// An error at the criterion.
    fn err(&self, message: String) -> SpecError {
        self.at.err(self.span.clone(), message)
    }

    /// A time within the run: the run's end when not given.
    fn time_ms(&self, v: &Option<Spanned<f64>>, what: &str) -> Result<u64, SpecError> {
        let Some(s) = v else {
            return Ok(self.end_ms);
        };
        let t = *s.get_ref();
        if t.is_finite() && t >= 0.0 && time::ticks_in(t) <= self.end_ms {
            Ok(time::ticks_in(t))
        } else {
            Err(self.at.err(
                s.span(),
                format!(
                    "{what} = {t}: must be from 0 to the scenario's {} s",
                    self.end_ms as f64 / 1000.0
                ),
            ))
        }
    }

    /// A distance ≥ 0, when given.
    fn metres(&self, v: &Option<Spanned<f64>>, what: &str) -> Result<Option<f64>, SpecError> {
        match v {
            None => Ok(None),
            Some(s) if s.get_ref().is_finite() && *s.get_ref() >= 0.0 => Ok(Some(*s.get_ref())),
            Some(s) => Err(self.at.err(
                s.span(),
                format!("{what} = {}: a distance ≥ 0 in m", s.get_ref()),
            )),
        }
    }

    /// The criterion's one `region`.
    fn region(&self, r: &Option<Spanned<RawRegion>>) -> Result<Region, SpecError> {
        let r = r
            .as_ref()
            .ok_or_else(|| self.need("region = { rect = [...] } or { circle = [...] }"))?;
        region(self.at, r.span(), r.get_ref())
    }
}

fn region(at: &At, span: Range<usize>, r: &RawRegion) -> Result<Region, SpecError> {
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

fn visit(cx: &Cx, r: RawVisit) -> Result<Check, SpecError> {
    let rs = r
        .regions
        .as_ref()
        .ok_or_else(|| cx.need("regions = [ {...}, ... ]"))?;
    if rs.get_ref().is_empty() {
        return Err(cx.need("at least one region in regions"));
    }
    Ok(Check::Visit {
        regions: rs
            .get_ref()
            .iter()
            .map(|r| region(cx.at, rs.span(), r))
            .collect::<Result<_, _>>()?,
        by_ms: cx.time_ms(&r.by_s, "by_s")?,
    })
}

/// `displacement` and `path_length`: min_m, max_m or both, in order.
fn distance(cx: &Cx, r: RawDistance) -> Result<(Option<f64>, Option<f64>), SpecError> {
    let (min_m, max_m) = (cx.metres(&r.min_m, "min_m")?, cx.metres(&r.max_m, "max_m")?);
    if min_m.is_none() && max_m.is_none() {
        return Err(cx.need("min_m, max_m or both"));
    }
    if let (Some(a), Some(b)) = (min_m, max_m) {
        if a > b {
            return Err(cx.err(format!("criterion \"{}\": min_m {a} > max_m {b}", cx.id)));
        }
    }
    Ok((min_m, max_m))
}

fn variable(cx: &Cx, r: RawVariable) -> Result<Check, SpecError> {
    let index = r.index.as_ref().ok_or_else(|| cx.need("index = 0…31"))?;
    if !(0..32).contains(index.get_ref()) {
        return Err(cx.at.err(
            index.span(),
            format!("index = {}: a variable 0…31", index.get_ref()),
        ));
    }
    let expect = match (&r.equals, &r.min, &r.max) {
        (Some(e), None, None) => match e.get_ref() {
            toml::Value::Integer(v) => Expect::Equals(*v),
            _ => return Err(cx.at.err(e.span(), "equals: a whole number".into())),
        },
        (None, min, max) if min.is_some() || max.is_some() => {
            let (lo, hi) = (
                min.as_ref().map(|v| *v.get_ref()),
                max.as_ref().map(|v| *v.get_ref()),
            );
            if let (Some(a), Some(b)) = (lo, hi) {
                if a > b {
                    return Err(cx.err(format!("criterion \"{}\": min {a} > max {b}", cx.id)));
                }
            }
            Expect::Range(lo, hi)
        }
        _ => return Err(cx.need("equals = N, or min and/or max (not both kinds)")),
    };
    Ok(Check::Variable {
        index: *index.get_ref() as usize,
        at_ms: cx.time_ms(&r.at_s, "at_s")?,
        expect,
    })
}

fn display(cx: &Cx, r: RawDisplay) -> Result<Check, SpecError> {
    let e = r
        .equals
        .as_ref()
        .ok_or_else(|| cx.need("equals = { view = \"watch\", value = N }"))?;
    let bad = |message: &str| cx.at.err(e.span(), message.to_string());
    let toml::Value::Table(t) = e.get_ref() else {
        return Err(bad("equals: a table { view = …, value = … }"));
    };
    if let Some(k) = t.keys().find(|k| *k != "view" && *k != "value") {
        return Err(bad(&format!("equals: unknown key \"{k}\" (view, value)")));
    }
    let view = match t.get("view") {
        None => None,
        Some(toml::Value::String(v)) => Some(v.clone()),
        Some(_) => return Err(bad("equals.view: a string such as \"watch\"")),
    };
    let value = match t.get("value") {
        None => None,
        Some(toml::Value::Integer(v)) => Some(*v),
        Some(_) => return Err(bad("equals.value: a whole number")),
    };
    if view.is_none() && value.is_none() {
        return Err(cx.need("equals with view, value or both"));
    }
    Ok(Check::Display {
        at_ms: cx.time_ms(&r.at_s, "at_s")?,
        view,
        value,
    })
}

fn sound(cx: &Cx, r: RawSound) -> Result<Check, SpecError> {
    let list = r
        .contains
        .as_ref()
        .ok_or_else(|| cx.need("contains = [{ freq_hz = …, ms = … }]"))?;
    if list.get_ref().is_empty() {
        return Err(cx.need("at least one tone in contains"));
    }
    Ok(Check::Sound {
        contains: list.get_ref().iter().map(|t| (t.freq_hz, t.ms)).collect(),
    })
}

fn line(cx: &Cx, r: RawLine) -> Result<Check, SpecError> {
    if cx.env.lines.is_empty() {
        return Err(cx.err(format!(
            "criterion \"{}\" (line): environment \"{}\" has no [[line]]",
            cx.id, cx.env.name
        )));
    }
    let max_m = cx
        .metres(&r.max_m, "max_m")?
        .ok_or_else(|| cx.need("max_m"))?;
    let for_fraction = match &r.for_fraction {
        None => return Err(cx.need("for_fraction = 0…1")),
        Some(f) if (0.0..=1.0).contains(f.get_ref()) => *f.get_ref(),
        Some(f) => {
            return Err(cx.at.err(
                f.span(),
                format!("for_fraction = {}: from 0 to 1", f.get_ref()),
            ))
        }
    };
    let after_ms = match &r.after_s {
        None => 0,
        some => cx.time_ms(some, "after_s")?,
    };
    if after_ms >= cx.end_ms {
        return Err(cx.err(format!(
            "criterion \"{}\": after_s leaves no ticks to check",
            cx.id
        )));
    }
    Ok(Check::Line {
        max_m,
        for_fraction,
        after_ms,
    })
}

//! One criterion of a scenario ([`Criterion`]) and how a `[[scenario.criterion]]` is read:
//! its id, kind, points, requires, robot and say, then the fields of its kind (read as
//! that kind's own struct, `Check::read`). Every mistake is `FILE:LINE: message` at the
//! field that is wrong.
//!
//! Serde's own `#[serde(tag = "kind")]` buffers a table before it reads the tag, which
//! loses the positions of its fields; so the tag is read first here and the criterion's
//! table (parsed with its spans, [`toml::de::DeTable`]) is then read as its kind's struct.

use super::kinds::{Check, Kind};
use super::read::Cx;
use crate::sim::scene::At;
use crate::world::spec::{EnvSpec, SpecError};
use serde::Deserialize;
use std::ops::Range;
use toml::de::{DeTable, DeValue, ValueDeserializer};
use toml::Spanned;

/// One criterion of a scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Criterion {
    pub id: String,
    pub points: f64,
    /// Ids of criteria of the same scenario that must have passed (else this one is skipped).
    pub requires: Vec<String>,
    /// Ids of criteria of the same scenario after which this one counts: it looks at the run
    /// only from the moment they have all passed (and is skipped when one does not).
    pub after: Vec<String>,
    pub check: Check,
    /// The robot it is about (index into the run's robots; the pupil's by default).
    pub robot: usize,
    /// The task in the teacher's own words (`say = "…"`), shown instead of the generated
    /// ones.
    pub say: Option<String>,
    /// The translation key of `say` (`say-STEM-SCENARIO-ID`, set by the assignment that
    /// read it): a stable key, whatever the English words; `say` is translated only where
    /// the English file's text for the key is `say` itself (so a teacher's own file of the
    /// same name, or changed words, show as written).
    pub say_key: Option<String>,
    /// The line of its `[[scenario.criterion]]` in the file (1-based; 0 when not read from
    /// one), for words that point at it.
    pub line: usize,
}

/// The fields every criterion has; the rest of its table belongs to its kind.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCommon {
    id: Spanned<String>,
    kind: Spanned<String>,
    points: Option<Spanned<f64>>,
    requires: Option<Spanned<Vec<String>>>,
    after: Option<Spanned<Vec<String>>>,
    robot: Option<Spanned<String>>,
    say: Option<Spanned<String>>,
}

const COMMON: [&str; 7] = ["id", "kind", "points", "requires", "after", "robot", "say"];

/// Longest `say`, characters.
const MAX_SAY_CHARS: usize = 200;

/// The robots of a scenario, by name, and which is the pupil's (a criterion is about the
/// pupil's unless it says `robot = "NAME"`).
pub struct Robots {
    pub names: Vec<String>,
    pub pupil: usize,
}

/// One criterion read from the file, with where its id, requires and after were written
/// (the scenario checks them against the criteria before it).
pub struct Read {
    pub criterion: Criterion,
    pub id_span: Range<usize>,
    pub requires_span: Range<usize>,
    pub after_span: Range<usize>,
}

/// An id: 1–64 characters of a–z, 0–9 and `-`.
pub(crate) fn check_id(at: &At, id: &Spanned<String>, what: &str) -> Result<String, SpecError> {
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

/// A serde error from a criterion's table as `FILE:LINE: message`, at the field it is
/// about (else at the criterion), the message after `context`.
fn toml_err(at: &At, span: &Range<usize>, e: toml::de::Error, context: &str) -> SpecError {
    let at_field = e.span().unwrap_or_else(|| span.clone());
    at.err(at_field, format!("{context}{}", e.message().trim()))
}

/// Reads and checks the criterion `table` (as parsed with its spans) of a scenario of
/// `end_ms` in `env`.
pub(crate) fn read(
    at: &At,
    table: &Spanned<DeValue<'_>>,
    end_ms: u64,
    env: &EnvSpec,
    robots: &Robots,
) -> Result<Read, SpecError> {
    let span = table.span();
    let span_start = span.start;
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
    let c = RawCommon::deserialize(fields(common)).map_err(|e| toml_err(at, &span, e, ""))?;
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
    let serde_err = |e| {
        let mut err = toml_err(at, &span, e, &context);
        // Serde says "there are no fields" of a kind without fields of its own.
        err.message = err.message.replace(
            ", there are no fields",
            &format!(
                ": {} takes only id, kind, points, requires, after, robot and say",
                kind.name()
            ),
        );
        err
    };
    let after: Vec<String> = c
        .after
        .as_ref()
        .map(|a| a.get_ref().clone())
        .unwrap_or_default();
    let cx = Cx {
        at,
        span: span.clone(),
        id: &id,
        kind: kind.name(),
        end_ms,
        env,
        after: &after,
    };
    let check = Check::read(kind, fields(own), &serde_err, &cx)?;
    Ok(Read {
        id_span: c.id.span(),
        requires_span: c.requires.as_ref().map_or(span.clone(), |r| r.span()),
        after_span: c.after.as_ref().map_or(span, |r| r.span()),
        criterion: Criterion {
            points: points(at, &c.points)?,
            robot: robot(at, &c.robot, robots)?,
            say: say(at, &c.say)?,
            say_key: None,
            id,
            requires: c.requires.map(Spanned::into_inner).unwrap_or_default(),
            after: c.after.map(Spanned::into_inner).unwrap_or_default(),
            check,
            line: crate::sim::scene::line_of(at.text, span_start),
        },
    })
}

/// `points`: from 0 to 1,000,000 (1 when not given).
fn points(at: &At, p: &Option<Spanned<f64>>) -> Result<f64, SpecError> {
    match p {
        None => Ok(1.0),
        Some(p) if p.get_ref().is_finite() && *p.get_ref() >= 0.0 && *p.get_ref() <= 1e6 => {
            Ok(*p.get_ref())
        }
        Some(p) => Err(at.err(
            p.span(),
            format!("points = {}: from 0 to 1000000", p.get_ref()),
        )),
    }
}

/// `robot`: one of the scenario's (the pupil's when not given).
fn robot(at: &At, name: &Option<Spanned<String>>, robots: &Robots) -> Result<usize, SpecError> {
    let Some(name) = name else {
        return Ok(robots.pupil);
    };
    robots
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
        })
}

/// `say`: 1 to [`MAX_SAY_CHARS`] characters, trimmed.
fn say(at: &At, s: &Option<Spanned<String>>) -> Result<Option<String>, SpecError> {
    match s {
        None => Ok(None),
        Some(s)
            if !s.get_ref().trim().is_empty() && s.get_ref().chars().count() <= MAX_SAY_CHARS =>
        {
            Ok(Some(s.get_ref().trim().to_string()))
        }
        Some(s) => Err(at.err(
            s.span(),
            format!("say: 1 to {MAX_SAY_CHARS} characters of plain words"),
        )),
    }
}

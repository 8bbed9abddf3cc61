//! What checking a criterion's fields needs ([`Cx`]): where the criterion is written, its
//! id and kind, and its scenario's length and environment — with the checks every kind
//! shares (times within the run, distances, regions). Every mistake is `FILE:LINE:
//! message` at the field that is wrong, else at the criterion.

use super::region::Region;
use crate::sim::scene::At;
use crate::sim::time;
use crate::world::spec::{EnvSpec, SpecError};
use serde::Deserialize;
use std::ops::Range;
use toml::Spanned;

/// A region as written: `{ rect = [x0, z0, x1, z1] }` or `{ circle = [x, z, r] }`.
#[derive(Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct RawRegion {
    rect: Option<[f64; 4]>,
    circle: Option<[f64; 3]>,
}

/// Where a criterion is and what it is, with its scenario's length and environment.
pub struct Cx<'a> {
    pub(crate) at: &'a At<'a>,
    /// The criterion's table.
    pub span: Range<usize>,
    pub id: &'a str,
    /// Its kind's name (`reach`).
    pub kind: &'static str,
    pub end_ms: u64,
    pub env: &'a EnvSpec,
}

impl Cx<'_> {
    /// "criterion "ID" (KIND) needs WHAT", at the criterion.
    pub fn need(&self, what: &str) -> SpecError {
        self.err(format!(
            "criterion \"{}\" ({}) needs {what}",
            self.id, self.kind
        ))
    }

    /// An error at the criterion.
    pub fn err(&self, message: String) -> SpecError {
        self.at.err(self.span.clone(), message)
    }

    /// An error at a field.
    pub fn err_at(&self, span: Range<usize>, message: String) -> SpecError {
        self.at.err(span, message)
    }

    /// A time within the run: the run's end when not given.
    pub fn time_ms(&self, v: &Option<Spanned<f64>>, what: &str) -> Result<u64, SpecError> {
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
    pub fn metres(&self, v: &Option<Spanned<f64>>, what: &str) -> Result<Option<f64>, SpecError> {
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
    pub fn region(&self, r: &Option<Spanned<RawRegion>>) -> Result<Region, SpecError> {
        let r = r
            .as_ref()
            .ok_or_else(|| self.need("region = { rect = [...] } or { circle = [...] }"))?;
        self.region_at(r.span(), r.get_ref())
    }

    /// A region written at `span`.
    pub fn region_at(&self, span: Range<usize>, r: &RawRegion) -> Result<Region, SpecError> {
        let at = self.at;
        let finite = |v: &[f64]| v.iter().all(|x| x.is_finite());
        match (r.rect, r.circle) {
            (Some(v), None) => {
                if !finite(&v) {
                    return Err(at.err(span, "region rect: numbers only".into()));
                }
                if v[0] > v[2] || v[1] > v[3] {
                    return Err(at.err(
                        span,
                        format!(
                            "region rect = {v:?}: write [x0, z0, x1, z1] with x0 ≤ x1 and z0 ≤ z1"
                        ),
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
}

/// The fields of a kind that has none of its own (`no_fault`, `no_contact`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoFields {}

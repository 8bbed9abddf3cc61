//! How a scenario's start varies with the seed (`vary = { x = 0.02, z = 0.02, yaw_deg = 5 }`
//! in an assignment, docs/grading.md): every robot of a run starts moved by up to ± these
//! from its set start, by an amount drawn from the run's seed (and the robot's place in
//! the run), so each seed is a table a real robot might be put down on. Pure: the same
//! seed gives the same start on every machine and in a browser tab (integer mixing, no
//! floating-point library calls).

use crate::i18n::Lang;
use crate::sim::scene::At;
use crate::world::spec::{EnvSpec, SpecError};
use serde::{Deserialize, Serialize};
use toml::Spanned;

/// The largest variation a scenario may ask for: 2 m either way along x and z, and half a
/// turn either way.
pub const MAX_VARY_M: f32 = 2.0;
pub const MAX_VARY_DEG: f32 = 180.0;

/// How far each robot's start may move either way: x and z in m, the heading in degrees.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Vary {
    pub x_m: f32,
    pub z_m: f32,
    pub yaw_deg: f32,
}

/// What a seed did to one robot's start: moved it by `dx_m`, `dz_m` and turned it by
/// `dyaw_deg` (rounded to 1 mm and 0.1°, as `runs.jsonl` writes it).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Offset {
    pub dx_m: f32,
    pub dz_m: f32,
    pub dyaw_deg: f32,
}

/// SplitMix64's finaliser: a well-mixed 64-bit value from any input.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A number in [−1, 1] drawn from the seed, the robot and the axis (0 x, 1 z, 2 heading).
fn draw(seed: u64, robot: usize, axis: u64) -> f64 {
    let v = mix(seed ^ mix(0x005e_ed0f_57a7 ^ ((robot as u64) << 2 | axis)));
    // 53 bits into [0, 1), then onto [−1, 1].
    (v >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
}

impl Vary {
    /// Nothing varies.
    pub fn is_none(&self) -> bool {
        self.x_m == 0.0 && self.z_m == 0.0 && self.yaw_deg == 0.0
    }

    /// How `seed` moves robot `robot`'s start: uniform within the bounds, rounded to 1 mm
    /// and 0.1°.
    pub fn offset(&self, seed: u64, robot: usize) -> Offset {
        let mm = |v: f64| ((v * 1000.0).round() / 1000.0) as f32;
        let tenth = |v: f64| ((v * 10.0).round() / 10.0) as f32;
        Offset {
            dx_m: mm(draw(seed, robot, 0) * f64::from(self.x_m)),
            dz_m: mm(draw(seed, robot, 1) * f64::from(self.z_m)),
            dyaw_deg: tenth(draw(seed, robot, 2) * f64::from(self.yaw_deg)),
        }
    }

    /// The bounds in words ("±2 cm in x, ±2 cm in z, ±5° of heading"), the parts that vary.
    pub fn words(&self, l: Lang) -> String {
        let mut parts = Vec::new();
        if self.x_m > 0.0 {
            parts.push(crate::tr!(
                l,
                "vary-x",
                d = crate::sim::goal::kind::metres(l, f64::from(self.x_m))
            ));
        }
        if self.z_m > 0.0 {
            parts.push(crate::tr!(
                l,
                "vary-z",
                d = crate::sim::goal::kind::metres(l, f64::from(self.z_m))
            ));
        }
        if self.yaw_deg > 0.0 {
            parts.push(crate::tr!(
                l,
                "vary-yaw",
                d = crate::i18n::num_in(l, f64::from(self.yaw_deg), 0)
            ));
        }
        parts.join(", ")
    }
}

impl Offset {
    /// The pose `p` (x, z in m, yaw in degrees) moved by this offset.
    pub fn apply(&self, p: (f32, f32, f32)) -> (f32, f32, f32) {
        (p.0 + self.dx_m, p.1 + self.dz_m, p.2 + self.dyaw_deg)
    }

    /// What the seed changed, in words a pupil follows: relative to the robot's start
    /// heading `heading_deg` (yaw, degrees anticlockwise from +x), so "moved the start
    /// 2.1 cm forward and 0.8 cm to the left and turned it 1.5° to the left" (forward is
    /// where the robot faces; turning left is anticlockwise seen from above).
    pub fn words(&self, l: Lang, heading_deg: f32) -> String {
        let cm = |v: f64| crate::i18n::decimal_in(l, (v.abs() * 1000.0).round() / 10.0) + " cm";
        let (sin, cos) = f64::from(heading_deg).to_radians().sin_cos();
        let (dx, dz) = (f64::from(self.dx_m), f64::from(self.dz_m));
        // The robot faces (cos, −sin) in (x, z) at its heading; its left is (−sin, −cos).
        let forward = dx * cos - dz * sin;
        let left = -dx * sin - dz * cos;
        let along = match forward >= 0.0 {
            true => crate::tr!(l, "vary-forward", d = cm(forward)),
            false => crate::tr!(l, "vary-back", d = cm(forward)),
        };
        let side = match left >= 0.0 {
            true => crate::tr!(l, "vary-left", d = cm(left)),
            false => crate::tr!(l, "vary-right", d = cm(left)),
        };
        let deg = crate::i18n::num_in(l, f64::from(self.dyaw_deg.abs()), 1);
        let turn = match self.dyaw_deg >= 0.0 {
            true => crate::tr!(l, "vary-turn-left", d = deg),
            false => crate::tr!(l, "vary-turn-right", d = deg),
        };
        crate::tr!(l, "vary-moved", along = along, side = side, turn = turn)
    }
}

/// A scenario's `vary = { x, z, yaw_deg }` as written (each optional, at least one > 0).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawVary {
    x: Option<f32>,
    z: Option<f32>,
    yaw_deg: Option<f32>,
}

/// A scenario's `vary`: each bound from 0 to its limit, and no robot put inside a wall
/// by any seed (every start within the bounds is kept clear of the walls).
pub(crate) fn read(
    at: &At,
    raw: Option<&Spanned<RawVary>>,
    env: &EnvSpec,
    starts: &[((f32, f32, f32), f32)],
) -> Result<Option<Vary>, SpecError> {
    let Some(v) = raw else {
        return Ok(None);
    };
    let r = v.get_ref();
    let bound = |b: Option<f32>, max: f32, what: &str| match b {
        None => Ok(0.0),
        Some(b) if b.is_finite() && (0.0..=max).contains(&b) => Ok(b),
        Some(b) => Err(at.err(
            v.span(),
            format!("vary {what} = {b}: from 0 to {max} (how far either way)"),
        )),
    };
    let vary = Vary {
        x_m: bound(r.x, MAX_VARY_M, "x")?,
        z_m: bound(r.z, MAX_VARY_M, "z")?,
        yaw_deg: bound(r.yaw_deg, MAX_VARY_DEG, "yaw_deg")?,
    };
    if vary.is_none() {
        return Err(at.err(
            v.span(),
            "vary: give x, z or yaw_deg more than 0 (or leave vary out)".into(),
        ));
    }
    // Anywhere within the bounds: the robot's reach grown by the farthest move.
    let far = libm::hypotf(vary.x_m, vary.z_m);
    for (pose, reach) in starts {
        if let Some(wall) = crate::sim::scene::wall_at(env, *pose, reach + far) {
            return Err(at.err(
                v.span(),
                format!(
                    "vary: a seed could put the robot starting at ({}, {}) inside {wall}; \
                     keep its start farther from it or vary it less",
                    pose.0, pose.1
                ),
            ));
        }
    }
    Ok(Some(vary))
}

#[cfg(test)]
mod tests {
    use super::*;

    const V: Vary = Vary {
        x_m: 0.05,
        z_m: 0.02,
        yaw_deg: 10.0,
    };

    #[test]
    fn a_seed_moves_the_start_within_the_bounds_and_always_the_same_way() {
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..200 {
            let o = V.offset(seed, 0);
            assert!(o.dx_m.abs() <= 0.05 && o.dz_m.abs() <= 0.02 && o.dyaw_deg.abs() <= 10.0);
            assert_eq!(o, V.offset(seed, 0));
            seen.insert((o.dx_m * 1000.0) as i32);
        }
        // Spread over the range, both ways.
        assert!(seen.len() > 50, "{}", seen.len());
        assert!(seen.iter().any(|v| *v < -40) && seen.iter().any(|v| *v > 40));
        // Two robots of one run move independently.
        assert_ne!(V.offset(3, 0), V.offset(3, 1));
    }

    #[test]
    fn no_variation_moves_nothing() {
        let none = Vary {
            x_m: 0.0,
            z_m: 0.0,
            yaw_deg: 0.0,
        };
        assert!(none.is_none());
        let o = none.offset(7, 0);
        assert_eq!(o.apply((1.0, 2.0, 30.0)), (1.0, 2.0, 30.0));
    }

    #[test]
    fn the_offset_is_said_with_signs_in_the_language_given() {
        let o = Offset {
            dx_m: 0.021,
            dz_m: -0.008,
            dyaw_deg: 1.5,
        };
        // Facing +x (yaw 0): +x is forward and −z is the robot's left.
        assert_eq!(
            o.words(Lang::En, 0.0),
            "moved the start 2.1 cm forward and 0.8 cm to the left and turned it 1.5° to the left"
        );
        assert!(
            o.words(Lang::De, 0.0).contains("2,1 cm"),
            "{}",
            o.words(Lang::De, 0.0)
        );
        // Facing −z (yaw 90°, turned left from +x): +x is the robot's right, −z ahead.
        assert_eq!(
            o.words(Lang::En, 90.0),
            "moved the start 0.8 cm forward and 2.1 cm to the right and turned it 1.5° to the left"
        );
        // Facing −x: +x is behind it; a clockwise turn is to the right.
        let back = Offset {
            dyaw_deg: -0.5,
            ..o
        };
        assert_eq!(
            back.words(Lang::En, 180.0),
            "moved the start 2.1 cm back and 0.8 cm to the right and turned it 0.5° to the right"
        );
        for l in crate::i18n::ALL {
            let w = o.words(l, 0.0);
            assert!(!w.contains("vary-") && !w.contains(" x "), "{l:?}: {w}");
        }
        assert_eq!(V.words(Lang::En), "±5 cm in x, ±2 cm in z, ±10° of heading");
    }
}

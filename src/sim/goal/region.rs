//! Places on the floor a criterion is about ([`Region`]) and what each is for, as the
//! challenge panel draws it ([`Mark`]). Pure data.

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
            Region::Circle([cx, cz, r]) => libm::hypot(x - cx, z - cz) <= r,
        }
    }

    /// How far (x, z) is from the region (0 inside), m.
    pub fn distance_m(&self, x: f64, z: f64) -> f64 {
        match *self {
            Region::Rect([x0, z0, x1, z1]) => {
                let dx = (x0 - x).max(0.0).max(x - x1);
                let dz = (z0 - z).max(0.0).max(z - z1);
                libm::hypot(dx, dz)
            }
            Region::Circle([cx, cz, r]) => (libm::hypot(x - cx, z - cz) - r).max(0.0),
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

/// What a place on the floor is for: how the challenge panel draws it (the report draws
/// every region alike).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// To reach (green).
    Reach,
    /// Never to enter (red).
    Avoid,
    /// The n-th place to visit, from 1 (blue, numbered).
    Visit(usize),
}

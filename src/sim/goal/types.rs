//! What a goal is made of: places on the floor ([`Region`]), what a criterion checks
//! ([`Check`], one variant per kind of docs/grading.md's table) and the criterion itself.
//! Read from an assignment file by `grade::assignment`; pure data.

/// The kinds of criterion (docs/grading.md's table), as `kind = "…"` names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    NoFault,
    Reach,
    Visit,
    NeverEnter,
    NoContact,
    Displacement,
    PathLength,
    Variable,
    Display,
    Sound,
    Line,
}

impl Kind {
    /// Every kind, in the order the docs list them.
    pub const ALL: [Kind; 11] = [
        Kind::NoFault,
        Kind::Reach,
        Kind::Visit,
        Kind::NeverEnter,
        Kind::NoContact,
        Kind::Displacement,
        Kind::PathLength,
        Kind::Variable,
        Kind::Display,
        Kind::Sound,
        Kind::Line,
    ];

    /// The name an assignment file uses.
    pub fn name(self) -> &'static str {
        match self {
            Kind::NoFault => "no_fault",
            Kind::Reach => "reach",
            Kind::Visit => "visit",
            Kind::NeverEnter => "never_enter",
            Kind::NoContact => "no_contact",
            Kind::Displacement => "displacement",
            Kind::PathLength => "path_length",
            Kind::Variable => "variable",
            Kind::Display => "display",
            Kind::Sound => "sound",
            Kind::Line => "line",
        }
    }

    /// The kind `kind = "…"` names.
    pub fn parse(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }
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

impl Check {
    /// The places on the floor it is about (the report draws them).
    pub fn regions(&self) -> Vec<Region> {
        match self {
            Check::Reach { region, .. } | Check::NeverEnter { region } => vec![*region],
            Check::Visit { regions, .. } => regions.clone(),
            Check::NoFault
            | Check::NoContact
            | Check::Displacement { .. }
            | Check::PathLength { .. }
            | Check::Variable { .. }
            | Check::Display { .. }
            | Check::Sound { .. }
            | Check::Line { .. } => Vec::new(),
        }
    }

    /// The kind of criterion this checks.
    pub fn kind(&self) -> Kind {
        match self {
            Check::NoFault => Kind::NoFault,
            Check::Reach { .. } => Kind::Reach,
            Check::Visit { .. } => Kind::Visit,
            Check::NeverEnter { .. } => Kind::NeverEnter,
            Check::NoContact => Kind::NoContact,
            Check::Displacement { .. } => Kind::Displacement,
            Check::PathLength { .. } => Kind::PathLength,
            Check::Variable { .. } => Kind::Variable,
            Check::Display { .. } => Kind::Display,
            Check::Sound { .. } => Kind::Sound,
            Check::Line { .. } => Kind::Line,
        }
    }
}

/// One criterion of a scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Criterion {
    pub id: String,
    pub points: f64,
    /// Ids of criteria of the same scenario that must have passed (else this one is skipped).
    pub requires: Vec<String>,
    pub check: Check,
    /// The robot it is about (index into the run's robots; the pupil's by default).
    pub robot: usize,
    /// The task in the teacher's own words (`say = "…"`), shown instead of the generated
    /// ones.
    pub say: Option<String>,
}

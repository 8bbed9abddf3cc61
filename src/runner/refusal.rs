//! Why the runner refused a command, as a value: the session names it, the viewer says it
//! ([`Refusal::words`] in the app's language; `Display` in English for logs and tests).

use crate::i18n::Lang;
use crate::sim::scene::Clash;

/// A command the runner refused (nothing changed), or an export it could not make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A robot put down where it would stand on another robot or in a wall.
    CannotPutThere(Clash),
    /// A start pose on another robot's start or in a wall.
    CannotStartThere(Clash),
    /// Another robot file for a scene's robot that would not fit where it stands.
    RobotStays { model: String, clash: Clash },
    /// Another floor under a scene's robots that would stand in its walls.
    FloorStays { env: String, clash: Clash },
    /// Removing a world's last robot.
    LastRobot,
    /// A world past the robots one holds.
    TooManyRobots { max: usize },
    /// A file or world the core could not build; its own message (`FILE:LINE: …`).
    NotBuilt(String),
    /// A trace export with no start in the history.
    NoHistoryStart,
    /// A trace export whose writing failed (the error's text).
    TraceNotWritten(String),
    /// A recording of a run whose input log restarted at `at_ms` to bound its memory.
    LogRestarted { at_ms: u64 },
    /// A recording that could not be made (the error's text).
    RecordingNotMade(String),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::CannotPutThere(c) => write!(f, "cannot put it there: {c}"),
            Refusal::CannotStartThere(c) => write!(
                f,
                "{} cannot start there: it would stand {}",
                c.robot, c.spot
            ),
            Refusal::RobotStays { model, clash } => write!(f, "the robot stays a {model}: {clash}"),
            Refusal::FloorStays { env, clash } => write!(f, "the floor stays {env}: {clash}"),
            Refusal::LastRobot => write!(f, "the last robot cannot be removed"),
            Refusal::TooManyRobots { max } => write!(f, "at most {max} robots in one world"),
            Refusal::NotBuilt(e) => write!(f, "{e}"),
            Refusal::NoHistoryStart => write!(f, "the history has no start to export from"),
            Refusal::TraceNotWritten(e) => write!(f, "cannot write the trace: {e}"),
            Refusal::LogRestarted { at_ms } => write!(
                f,
                "cannot save a recording: the input log was restarted at {:.3} s to bound its \
                 memory, so the run cannot be replayed from its start (reset, then record)",
                *at_ms as f64 / 1000.0
            ),
            Refusal::RecordingNotMade(e) => write!(f, "cannot save a recording: {e}"),
        }
    }
}

/// A core error (a file that does not read, a world that cannot be built) as the refusal
/// it is: its own message, `FILE:LINE: …`.
pub(super) fn not_built(e: impl std::fmt::Display) -> Refusal {
    Refusal::NotBuilt(e.to_string())
}

impl Refusal {
    /// The refusal in `l`'s words (the app's status line).
    pub fn words(&self, l: Lang) -> String {
        match self {
            Refusal::CannotPutThere(c) => {
                crate::tr!(l, "runner-refusal-cannot-put-there", clash = c.words(l))
            }
            Refusal::CannotStartThere(c) => crate::tr!(
                l,
                "runner-refusal-cannot-start-there",
                robot = c.robot.clone(),
                spot = c.spot.words(l)
            ),
            Refusal::RobotStays { model, clash } => crate::tr!(
                l,
                "runner-refusal-robot-stays",
                model = model.clone(),
                clash = clash.words(l)
            ),
            Refusal::FloorStays { env, clash } => crate::tr!(
                l,
                "runner-refusal-floor-stays",
                env = env.clone(),
                clash = clash.words(l)
            ),
            Refusal::LastRobot => crate::tr!(l, "runner-refusal-last-robot"),
            Refusal::TooManyRobots { max } => crate::tr!(
                l,
                "runner-refusal-too-many-robots",
                max = i64::try_from(*max).unwrap_or(i64::MAX)
            ),
            Refusal::NotBuilt(e) => e.clone(),
            Refusal::NoHistoryStart => crate::tr!(l, "runner-refusal-no-history-start"),
            Refusal::TraceNotWritten(e) => {
                crate::tr!(l, "runner-refusal-trace-not-written", error = e.clone())
            }
            Refusal::LogRestarted { at_ms } => crate::tr!(
                l,
                "runner-refusal-log-restarted",
                at = crate::i18n::num_in(l, *at_ms as f64 / 1000.0, 3)
            ),
            Refusal::RecordingNotMade(e) => {
                crate::tr!(l, "runner-refusal-recording-not-made", error = e.clone())
            }
        }
    }

    /// Every kind of refusal once (the translation test says each in every language).
    pub fn examples() -> Vec<Refusal> {
        use crate::sim::scene::Spot;
        let on = Clash {
            robot: "slave".into(),
            spot: Spot::OnRobot("master".into()),
        };
        let wall = Clash {
            robot: "near".into(),
            spot: Spot::InWall("wall_east".into()),
        };
        vec![
            Refusal::CannotPutThere(on.clone()),
            Refusal::CannotPutThere(wall.clone()),
            Refusal::CannotStartThere(on.clone()),
            Refusal::RobotStays {
                model: "M4".into(),
                clash: on,
            },
            Refusal::FloorStays {
                env: "E1".into(),
                clash: wall,
            },
            Refusal::LastRobot,
            Refusal::TooManyRobots { max: 8 },
            Refusal::NoHistoryStart,
            Refusal::TraceNotWritten("disk full".into()),
            Refusal::LogRestarted { at_ms: 61_250 },
            Refusal::RecordingNotMade("too large".into()),
        ]
    }
}

//! The assignment file (docs/grading.md): `[assignment]` and its `[[scenario]]`s, each
//! with `[[scenario.criterion]]`s (read by [`crate::sim::goal::criterion`]), parsed with
//! serde and checked once, before any run. Every mistake is `FILE:LINE: message`; robot and
//! environment files are read here, so a missing one stops the batch before it starts. A
//! scenario makes the runs `grade` scores and the app's challenges show
//! ([`Scenario::run_of`]). Pure: the files another file names are read through a
//! [`ReadFile`](crate::sim::scene::ReadFile).

use crate::sim::goal::criterion::{check_id, Robots};
pub use crate::sim::goal::{Check, Criterion, Expect, Kind, Region};
use crate::sim::scenario::Press;
use crate::sim::scene::Scene;
use crate::sim::scene::{is_builtin_env, is_builtin_robot, read_toml_file, resolve, At};
use crate::sim::specs::SpecSource;
use crate::sim::time;
pub use crate::sim::vary::{Offset, Vary};
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
    /// What `grade check` is told about the challenge (`grade` itself ignores it).
    check: Option<RawCheck>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCheck {
    precision: Option<bool>,
    timed: Option<bool>,
    solution: Option<Spanned<String>>,
}

/// What a challenge tells `grade check` (`[check]`): it is a precision challenge (its
/// solution's numbers need not keep a margin: the task says so), driving forward for a
/// time and stopping is its task (such a stock program may score), and where its solution
/// is (default `NAME/solution.*` beside the file).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CheckSettings {
    pub precision: bool,
    pub timed: bool,
    pub solution: Option<std::path::PathBuf>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAssignment {
    name: Option<String>,
    seconds: Option<Spanned<f64>>,
    realism: Option<Spanned<String>>,
    language: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    id: Spanned<String>,
    robot: Option<Spanned<String>>,
    environment: Option<Spanned<String>>,
    /// A scene file (the `run --scene` format) instead of robot, environment and start.
    scene: Option<Spanned<String>>,
    /// The scene's robot whose program is the pupil's (default the first).
    pupil_robot: Option<Spanned<String>>,
    /// Or the scene's robots that all run the pupil's one program (the first is the
    /// pupil's robot the criteria and the panel mean).
    pupil_robots: Option<Spanned<Vec<String>>>,
    seconds: Option<Spanned<f64>>,
    start: Option<Spanned<RawStart>>,
    /// How far each seed may move every robot's start ([`crate::sim::vary`]).
    vary: Option<Spanned<crate::sim::vary::RawVary>>,
    seeds: Option<Spanned<Vec<u64>>>,
    press: Option<Spanned<String>>,
    battery_v: Option<Spanned<toml::Value>>,
    visibility: Option<Spanned<String>>,
    /// Read again with their fields' spans, by kind ([`crate::sim::goal::criterion`]).
    #[serde(default)]
    criterion: Vec<Spanned<serde::de::IgnoredAny>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStart {
    x: Option<f32>,
    z: Option<f32>,
    yaw_deg: Option<f32>,
}

/// One scenario: the world a pupil's program runs in, and what it is graded on.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub id: String,
    /// The line of its `[[scenario]]` in the file (1-based).
    pub line: usize,
    pub robot: SpecSource,
    pub robot_spec: RobotSpec,
    pub environment: SpecSource,
    pub env: EnvSpec,
    pub end_ms: u64,
    pub start: Option<(f32, f32, f32)>,
    /// How far each seed moves every robot's start (`None`: every seed starts alike).
    pub vary: Option<Vary>,
    pub seeds: Vec<u64>,
    pub presses: Vec<Press>,
    /// The scene the scenario is (`scene = "FILE.toml"`): its robots, poses and the other
    /// robots' programs; `robot`, `environment` above are the pupil's robot's and its.
    pub scene: Option<Scene>,
    /// The robot whose program is the pupil's (index into the robots; 0 without a scene).
    pub pupil: usize,
    /// The other robots that run the pupil's program too (`pupil_robots`; none by default).
    pub also_pupil: Vec<usize>,
    /// The robots' names, in order (`R1` without a scene).
    pub robot_names: Vec<String>,
    /// `--battery-v` for this scenario's runs (volts), when set.
    pub battery_v: Option<f32>,
    pub visibility: Option<String>,
    pub criteria: Vec<Criterion>,
}

impl Scenario {
    pub fn max_points(&self) -> f64 {
        self.criteria.iter().map(|c| c.points).sum()
    }

    /// What `seed` does to the pupil's robot's start (`None` when the start does not vary).
    pub fn offset(&self, seed: u64) -> Option<Offset> {
        self.vary.map(|v| v.offset(seed, self.pupil))
    }

    /// Whether any robot of the scenario reads a sensor with noise (then every seed reads
    /// the floor a little differently).
    pub fn noisy_sensors(&self) -> bool {
        let noisy = |spec: &RobotSpec| spec.sensors.iter().any(|s| *s.noise.get_ref() > 0.0);
        match &self.scene {
            Some(sc) => sc.robots.iter().any(|r| noisy(&r.spec)),
            None => noisy(&self.robot_spec),
        }
    }
}

/// An assignment, read and checked.
#[derive(Clone, Debug)]
pub struct Assignment {
    /// The file as given (errors, reports).
    pub file: String,
    pub name: String,
    /// The translation key of `name` (`pack-STEM`, from the file's name): the built-in
    /// pack's titles are translated by it, where the English file's text for it is `name`.
    pub key: String,
    pub realism: crate::vm::Realism,
    /// `language = "es"`: the class's language, which report.html, junit.xml and the
    /// Gradescope files are written in (English unless said).
    pub language: crate::i18n::Lang,
    pub scenarios: Vec<Scenario>,
    /// A digest of the file's text (shards of one batch must agree on it).
    pub digest: String,
    /// What `grade check` is told (`[check]`).
    pub check: CheckSettings,
    /// Its text and the files it read: enough to read it again where no file can be read.
    pub sources: std::sync::Arc<crate::sim::sources::Sources>,
}

impl Assignment {
    /// Its name in `lang`: the built-in pack's translated, anyone else's as written.
    pub fn name_in(&self, lang: crate::i18n::Lang) -> String {
        crate::i18n::keyed_text_in(lang, &self.key, &self.name)
    }
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
        Assignment::parse_with(file, text, dir, &crate::sim::scene::read_disk)
    }

    /// [`Assignment::parse_with`]'s reading, the files it reads not kept.
    pub(super) fn parse_reading(
        file: &str,
        text: &str,
        dir: &Path,
        read: crate::sim::scene::ReadFile,
    ) -> Result<Assignment, SpecError> {
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
        let language = match a.language.as_ref() {
            None => crate::i18n::Lang::En,
            Some(l) => crate::i18n::Lang::from_code(l.get_ref()).ok_or_else(|| {
                let have: Vec<&str> = crate::i18n::ALL.iter().map(|l| l.code()).collect();
                at.err(
                    l.span(),
                    format!(
                        "language = \"{}\": the reports can be written in {}",
                        l.get_ref(),
                        have.join(", ")
                    ),
                )
            })?,
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
        // The criteria again, with their fields' spans (the first parse succeeded: so does
        // this one).
        let doc = toml::de::DeTable::parse(text).map_err(|e| at.err(0..0, e.to_string()))?;
        let tables = criterion_tables(doc.get_ref());
        let mut scenarios: Vec<Scenario> = Vec::new();
        for (k, s) in raw.scenario.iter().enumerate() {
            let criteria = tables.get(k).map_or(&[][..], Vec::as_slice);
            let sc = scenario(
                &at,
                s.get_ref(),
                s.span().start,
                criteria,
                dir,
                default_seconds,
                read,
            )?;
            if scenarios.iter().any(|o| o.id == sc.id) {
                return Err(at.err(
                    s.get_ref().id.span(),
                    format!("scenario id \"{}\" is used twice", sc.id),
                ));
            }
            scenarios.push(sc);
        }
        let stem = crate::i18n::key_words(file);
        for sc in &mut scenarios {
            for c in &mut sc.criteria {
                c.say_key = (c.say.as_ref()).map(|_| {
                    format!(
                        "say-{stem}-{}-{}",
                        crate::i18n::key_words(&sc.id),
                        crate::i18n::key_words(&c.id)
                    )
                });
            }
        }
        Ok(Assignment {
            key: format!("pack-{stem}"),
            file: file.to_string(),
            name: a.name.clone().unwrap_or_else(|| {
                Path::new(file)
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default()
            }),
            realism,
            language,
            scenarios,
            digest: digest(&[text.as_bytes()]),
            check: raw
                .check
                .map_or_else(CheckSettings::default, |c| CheckSettings {
                    precision: c.precision.unwrap_or(false),
                    timed: c.timed.unwrap_or(false),
                    solution: c
                        .solution
                        .map(|p| Path::new(&resolve(dir, p.get_ref(), false)).to_path_buf()),
                }),
            sources: Default::default(),
        })
    }

    pub fn max_points(&self) -> f64 {
        self.scenarios.iter().map(Scenario::max_points).sum()
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

/// Every scenario's criterion tables, as parsed with their spans.
fn criterion_tables<'a, 'i>(
    doc: &'a toml::de::DeTable<'i>,
) -> Vec<Vec<&'a Spanned<toml::de::DeValue<'i>>>> {
    use toml::de::DeValue;
    let Some(DeValue::Array(scenarios)) = doc.get("scenario").map(Spanned::get_ref) else {
        return Vec::new();
    };
    scenarios
        .iter()
        .map(
            |s| match s.get_ref().get("criterion").map(Spanned::get_ref) {
                Some(DeValue::Array(criteria)) => criteria.iter().collect(),
                _ => Vec::new(),
            },
        )
        .collect()
}

/// The scenario's `start`, its missing parts from the environment's start; refused when
/// off the floor or inside a wall.
fn start_pose(
    at: &At,
    start: Option<&Spanned<RawStart>>,
    env: &EnvSpec,
    robot_spec: &RobotSpec,
) -> Result<Option<(f32, f32, f32)>, SpecError> {
    let Some(st) = start else {
        return Ok(None);
    };
    let v = st.get_ref();
    let (x0, z0, yaw0) = crate::sim::env_start(env);
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
    let reach = crate::sim::scene::footprint_m(robot_spec);
    if let Some(wall) = crate::sim::scene::wall_at(env, p, reach) {
        return Err(at.err(st.span(), format!("the robot would start inside {wall}")));
    }
    Ok(Some(p))
}

/// The scenario's criteria, each id new and each `requires` naming one before it.
fn criteria(
    at: &At,
    s: &RawScenario,
    tables: &[&Spanned<toml::de::DeValue<'_>>],
    id: &str,
    end_ms: u64,
    env: &EnvSpec,
    robots: &Robots,
) -> Result<Vec<Criterion>, SpecError> {
    if s.criterion.len() > MAX_CRITERIA {
        return Err(at.err(
            s.criterion[MAX_CRITERIA].span(),
            format!("at most {MAX_CRITERIA} criteria in a scenario"),
        ));
    }
    let mut criteria: Vec<Criterion> = Vec::new();
    for table in tables {
        let read = crate::sim::goal::criterion::read(at, table, end_ms, env, robots)?;
        let crit = read.criterion;
        if criteria.iter().any(|o| o.id == crit.id) {
            return Err(at.err(
                read.id_span,
                format!(
                    "criterion id \"{}\" is used twice in scenario \"{id}\"",
                    crit.id
                ),
            ));
        }
        for (list, span, what) in [
            (&crit.requires, &read.requires_span, "requires"),
            (&crit.after, &read.after_span, "after"),
        ] {
            for r in list {
                if !criteria.iter().any(|o| &o.id == r) {
                    return Err(at.err(
                        span.clone(),
                        format!("{what} \"{r}\": no criterion of that id before this one in scenario \"{id}\""),
                    ));
                }
            }
        }
        criteria.push(crit);
    }
    Ok(criteria)
}

/// The scenario's world: a robot on an environment, or a scene file's robots.
struct World {
    robot: SpecSource,
    robot_spec: RobotSpec,
    environment: SpecSource,
    env: EnvSpec,
    scene: Option<Scene>,
    pupil: usize,
    also_pupil: Vec<usize>,
    names: Vec<String>,
}

fn world(
    at: &At,
    s: &RawScenario,
    dir: &Path,
    read: crate::sim::scene::ReadFile,
) -> Result<World, SpecError> {
    let Some(scene_name) = &s.scene else {
        return single_world(at, s, dir);
    };
    // A scene: robot, environment and start are the scene's.
    for (given, what) in [
        (s.robot.as_ref(), "robot"),
        (s.environment.as_ref(), "environment"),
    ] {
        if let Some(g) = given {
            return Err(at.err(g.span(), format!("{what}: a scenario with scene = \"…\" takes its robots and environment from the scene")));
        }
    }
    if let Some(st) = &s.start {
        return Err(at.err(
            st.span(),
            "start: a scene gives each robot its start (x, z, yaw)".into(),
        ));
    }
    let path = Path::new(&resolve(dir, scene_name.get_ref(), false)).to_path_buf();
    let bytes = read(&path).map_err(|e| {
        at.err(
            scene_name.span(),
            format!(
                "scene \"{}\": cannot read the file: {e}",
                scene_name.get_ref()
            ),
        )
    })?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(at.err(
            scene_name.span(),
            format!(
                "scene \"{}\": more than {MAX_FILE_BYTES} bytes",
                scene_name.get_ref()
            ),
        ));
    }
    let text = String::from_utf8(bytes).map_err(|_| {
        at.err(
            scene_name.span(),
            format!("scene \"{}\": not UTF-8 text", scene_name.get_ref()),
        )
    })?;
    let scene_dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    // The scene's own mistakes are FILE:LINE in the scene file.
    let scene = Scene::parse_with(&path.display().to_string(), &text, &scene_dir, read)?;
    let names: Vec<String> = scene.robots.iter().map(|r| r.name.clone()).collect();
    let (pupil, also_pupil) =
        crate::sim::scene::pupils(at, s.pupil_robot.as_ref(), s.pupil_robots.as_ref(), &names)?;
    let r = &scene.robots[pupil];
    let model = r.model.clone().ok_or_else(|| {
        at.err(
            scene_name.span(),
            format!(
                "scene \"{}\": its robots' files are not known",
                scene_name.get_ref()
            ),
        )
    })?;
    Ok(World {
        robot: model,
        robot_spec: r.spec.clone(),
        environment: scene.environment.clone(),
        env: scene.env.clone(),
        pupil,
        also_pupil,
        names,
        scene: Some(scene),
    })
}

/// The world of a scenario without a scene: its robot and environment fields.
fn single_world(at: &At, s: &RawScenario, dir: &Path) -> Result<World, SpecError> {
    let need = |what: &str| {
        at.err(
            s.id.span(),
            format!(
                "scenario \"{}\" needs {what} (or scene = \"FILE.toml\")",
                s.id.get_ref()
            ),
        )
    };
    let robot_field = s
        .robot
        .as_ref()
        .ok_or_else(|| need("robot = \"M1\"…\"M5\" or a robot file"))?;
    let env_field = s
        .environment
        .as_ref()
        .ok_or_else(|| need("environment = \"E1\"…\"E3\" or an environment file"))?;
    if let Some(p) = &s.pupil_robot {
        return Err(at.err(
            p.span(),
            "pupil_robot names a robot of a scene: write scene = \"FILE.toml\" too".into(),
        ));
    }
    if let Some(p) = &s.pupil_robots {
        return Err(at.err(
            p.span(),
            "pupil_robots names robots of a scene: write scene = \"FILE.toml\" too".into(),
        ));
    }
    let robot_name = robot_field.get_ref();
    let robot = SpecSource::robot(&resolve(dir, robot_name, is_builtin_robot(robot_name)))
        .map_err(|e| at.err(robot_field.span(), format!("robot \"{robot_name}\": {e}")))?;
    let robot_spec = robot
        .robot_spec()
        .map_err(|e| at.err(robot_field.span(), format!("robot: {e}")))?;
    let env_name = env_field.get_ref();
    let environment = SpecSource::env(&resolve(dir, env_name, is_builtin_env(env_name)))
        .map_err(|e| at.err(env_field.span(), format!("environment \"{env_name}\": {e}")))?;
    let env = environment
        .env_spec()
        .map_err(|e| at.err(env_field.span(), format!("environment: {e}")))?;
    Ok(World {
        robot,
        robot_spec,
        environment,
        env,
        scene: None,
        pupil: 0,
        also_pupil: Vec::new(),
        names: vec!["R1".into()],
    })
}

/// The scenario's `seeds`: 1 to [`MAX_SEEDS`] different numbers (default: seed 0).
fn seeds(at: &At, seeds: Option<&Spanned<Vec<u64>>>) -> Result<Vec<u64>, SpecError> {
    let Some(v) = seeds else {
        return Ok(vec![0]);
    };
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
    Ok(seeds)
}

fn scenario(
    at: &At,
    s: &RawScenario,
    line_start: usize,
    tables: &[&Spanned<toml::de::DeValue<'_>>],
    dir: &Path,
    default_seconds: f64,
    read: crate::sim::scene::ReadFile,
) -> Result<Scenario, SpecError> {
    let id = check_id(at, &s.id, "scenario id")?;
    let World {
        robot,
        robot_spec,
        environment,
        env,
        scene,
        pupil,
        also_pupil,
        names,
    } = world(at, s, dir, read)?;
    let secs = match &s.seconds {
        Some(v) => seconds(at, v, "seconds")?,
        None => default_seconds,
    };
    let end_ms = time::ticks_in(secs);
    let start = start_pose(at, s.start.as_ref(), &env, &robot_spec)?;
    // Every robot's set start, and how far it reaches.
    let starts: Vec<((f32, f32, f32), f32)> = match &scene {
        Some(sc) => (sc.robots.iter())
            .map(|r| (r.pose, crate::sim::scene::footprint_m(&r.spec)))
            .collect(),
        None => vec![(
            start.unwrap_or_else(|| crate::sim::env_start(&env)),
            crate::sim::scene::footprint_m(&robot_spec),
        )],
    };
    let vary = crate::sim::vary::read(at, s.vary.as_ref(), &env, &starts)?;
    let seeds = seeds(at, s.seeds.as_ref())?;
    let presses = match &s.press {
        None => Vec::new(),
        Some(p) => {
            let list = crate::sim::scenario::parse_presses(p.get_ref(), &names, pupil)
                .map_err(|e| at.err(p.span(), e))?;
            if list.is_empty() {
                return Err(at.err(p.span(), "press: no presses given".into()));
            }
            if let Some(pr) = list.iter().find(|pr| pr.at_ms >= end_ms) {
                return Err(at.err(
                    p.span(),
                    format!(
                        "press {}@{}: at or after the end of the run ({secs} s)",
                        pr.button.name(),
                        pr.at_ms as f64 / 1000.0
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
    let robots = Robots {
        names: names.clone(),
        pupil,
    };
    let criteria = criteria(at, s, tables, &id, end_ms, &env, &robots)?;
    Ok(Scenario {
        id,
        line: crate::sim::scene::line_of(at.text, line_start),
        robot,
        robot_spec,
        environment,
        env,
        end_ms,
        start,
        vary,
        seeds,
        presses,
        battery_v,
        visibility,
        criteria,
        scene,
        pupil,
        also_pupil,
        robot_names: names,
    })
}

impl Scenario {
    /// A run of this scenario with `seed` under `realism`: its robots (the pupil's with
    /// `program`, when given), presses, length and goal — the one place `grade` and the
    /// app's challenges build it.
    pub fn run_of(
        &self,
        realism: crate::vm::Realism,
        seed: u64,
        program: Option<(std::path::PathBuf, crate::rcx::Program)>,
    ) -> crate::sim::scenario::Scenario {
        use crate::sim::scenario::Scenario;
        let mut scenario = match &self.scene {
            Some(scene) => {
                let mut s = Scenario::of_scene(scene.clone());
                for &k in &self.also_pupil {
                    if let Some(r) = s.def.robots.get_mut(k) {
                        r.program.clone_from(&program);
                    }
                }
                if let Some(r) = s.def.robots.get_mut(self.pupil) {
                    r.program = program;
                }
                s
            }
            None => {
                let pose = self
                    .start
                    .unwrap_or_else(|| crate::sim::env_start(&self.env));
                let r1 = crate::sim::RobotDef {
                    name: "R1".into(),
                    model: Some(self.robot.clone()),
                    spec: self.robot_spec.clone(),
                    program,
                    pose,
                };
                let def = crate::sim::SimDef {
                    environment: Some(self.environment.clone()),
                    env: self.env.clone(),
                    robots: vec![r1],
                    items: Vec::new(),
                    presses: Vec::new(),
                    goal: None,
                    config: Default::default(),
                };
                Scenario {
                    def,
                    end_ms: 0,
                    listing: crate::sim::Listing::One,
                }
            }
        };
        if let Some(v) = &self.vary {
            for (k, r) in scenario.def.robots.iter_mut().enumerate() {
                r.pose = v.offset(seed, k).apply(r.pose);
            }
        }
        let def = &mut scenario.def;
        def.config.seed = seed;
        def.config.realism = realism;
        def.config.battery_v = self.battery_v;
        def.presses = self.presses.clone();
        def.goal = Some(crate::sim::goal::Goal::new(
            self.criteria.clone(),
            self.end_ms,
        ));
        scenario.end_ms = self.end_ms;
        scenario
    }
}

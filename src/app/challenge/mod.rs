//! Challenges in the app (issue 33), a small model: an assignment file opened as a task for
//! one pupil — its first scenario's robot, floor and start at its first seed, its criteria
//! followed as the program runs (the goal inside the simulation; the runner pauses at its
//! end), a result card at its end — from File > Open challenge… or the built-in pack
//! (`pack`). "All seeds" grades the pupil's program on every seed of every scenario in the
//! background and Save as GIF draws the run (`jobs`, through the host).
//!
//! [`ChallengePanel::update`] takes a [`ChallengeMsg`] and returns the app's
//! [`Command`]s; `ui::challenge` draws it.

mod jobs;
pub mod link;
mod pack;

pub use jobs::GifJob;
pub use pack::{BuiltinChallenge, BUILTIN};

use super::command::{label_of, Command, Cx, Level};
use super::program::ErrorView;
use super::read::load_challenge;
use crate::grade::check::Solution;
use crate::host::JobHandle;
use crate::i18n::Lang;
use crate::rcx::Program;
use crate::runner::Command as Run;
use crate::sim::assignment::{Assignment, Region};
use crate::sim::scenario::Scenario;
use crate::sim::Snapshot;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A criterion's state as the panel shows it: the goal's.
pub use crate::sim::goal::LiveState as RowState;

/// One line of the challenge panel: a criterion in plain words, its state and points.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub id: String,
    pub task: String,
    pub state: RowState,
    pub points: f64,
    pub max_points: f64,
    /// What happened, in plain words ("" while pending).
    pub outcome: String,
}

/// "All seeds": the pupil's program graded on every seed of every scenario.
pub struct AllSeeds {
    /// Runs done and to do.
    pub done: usize,
    pub total: usize,
    /// The total as `grade` gives it, once every run is graded.
    pub points: Option<f64>,
    pub max_points: f64,
    /// Why it could not finish.
    pub error: Option<String>,
    work: Option<JobHandle<crate::grade::job::ClassJob>>,
    /// The runs graded so far.
    records: Vec<crate::grade::RunRecord>,
}

impl AllSeeds {
    /// The runs graded so far, in run order (a row each in the panel).
    pub fn records(&self) -> &[crate::grade::RunRecord] {
        &self.records
    }

    /// Graded a slice of each frame (no thread), as in a browser tab.
    pub fn in_frames(&self) -> bool {
        self.work.as_ref().is_some_and(|j| j.in_frames())
    }
}

/// An open challenge.
pub struct Challenge {
    /// The `[assignment] name`.
    pub name: String,
    /// The file as given (messages).
    pub file: String,
    pub assignment: Arc<Assignment>,
    /// The scenario shown (its index) and its seed.
    pub scenario: usize,
    pub seed: u64,
    /// The pupil's program could not be loaded: why (shown on the card).
    pub program_error: Option<String>,
    pub all_seeds: Option<AllSeeds>,
    /// The criteria as the run's end decided them (the card), kept while an earlier
    /// moment is shown; gone when the present is before the end again (Stop, a new
    /// program).
    pub card: Option<Vec<Row>>,
}

impl Challenge {
    /// How far the cameras back off to see the regions around the robot's start at
    /// (x, z): about the spread (as a scene's robots are fitted).
    fn spread_m(&self, (x, z): (f32, f32)) -> f32 {
        let (x, z) = (f64::from(x), f64::from(z));
        let spread = self
            .regions()
            .iter()
            .map(|(r, _)| match *r {
                Region::Rect([x0, z0, x1, z1]) => [(x0, z0), (x0, z1), (x1, z0), (x1, z1)]
                    .iter()
                    .map(|&(a, b)| (a - x).hypot(b - z))
                    .fold(0.0, f64::max),
                Region::Circle([cx, cz, r]) => (cx - x).hypot(cz - z) + r,
            })
            .fold(0.0, f64::max) as f32;
        1.2 * spread
    }

    /// The scenario shown.
    pub fn shown(&self) -> &crate::sim::assignment::Scenario {
        &self.assignment.scenarios[self.scenario]
    }

    /// What the seed shown changed ("Seed 0: moved the start +1.2 cm in x …; the sensors
    /// read with this seed's noise."), in the app's language; `None` when nothing varies.
    pub fn seed_said(&self, lang: Lang) -> Option<String> {
        let sc = self.assignment.scenarios.get(self.scenario)?;
        crate::grade::report::seed_words(sc, self.seed, lang)
    }

    /// When the scenario ends, ms.
    pub fn end_ms(&self) -> u64 {
        self.shown().end_ms
    }

    /// The places on the floor the criteria are about: (region, what it is for, its
    /// number among a visit's regions).
    pub fn regions(&self) -> Vec<(Region, MarkKind)> {
        (self.shown().criteria.iter())
            .flat_map(|c| c.check.marks())
            .collect()
    }

    /// The criteria as the panel lists them, live from the goal of the moment shown (all
    /// pending, in the file's words, before the runner has published one).
    pub fn rows(&self, lang: Lang, snap: Option<&Snapshot>) -> Vec<Row> {
        let sc = self.shown();
        let robot = |k: usize| {
            sc.robot_names
                .get(k)
                .filter(|_| sc.robot_names.len() > 1)
                .map(String::as_str)
        };
        if let Some(g) = self.goal_of(snap) {
            // Said here, in the app's language, from the goal's typed status.
            return g
                .live
                .iter()
                .zip(g.criteria.iter())
                .map(|(l, c)| Row {
                    id: l.id.clone(),
                    task: crate::sim::goal::words::task(c, robot(l.robot), lang),
                    state: l.state,
                    points: l.points,
                    max_points: l.max_points,
                    outcome: (l.result.as_ref())
                        .map(|r| r.outcome(lang))
                        .unwrap_or_default(),
                })
                .collect();
        }
        sc.criteria
            .iter()
            .map(|c| Row {
                id: c.id.clone(),
                task: crate::sim::goal::words::task(c, robot(c.robot), lang),
                state: RowState::Pending,
                points: 0.0,
                max_points: c.points,
                outcome: String::new(),
            })
            .collect()
    }

    /// The scenario has ended on the moment shown: every criterion is decided, as `grade`
    /// scores it.
    pub fn ended(&self, snap: Option<&Snapshot>) -> bool {
        self.goal_of(snap).is_some_and(|g| g.ended)
    }

    /// The snapshot's goal when it is this challenge's (just after opening, the runner may
    /// still show the world before).
    fn goal_of<'a>(&self, snap: Option<&'a Snapshot>) -> Option<&'a crate::sim::goal::GoalStatus> {
        let g = snap.and_then(|s| s.goal.as_ref())?;
        let ours = &self.shown().criteria;
        let same = g.end_ms == self.end_ms()
            && g.live.len() == ours.len()
            && g.live.iter().zip(ours).all(|(l, c)| l.id == c.id);
        same.then_some(g)
    }

    /// The points of the scenario's criteria.
    pub fn max_points(&self) -> f64 {
        self.shown().max_points()
    }
}

/// What a place on the floor is for (how it is drawn): the goal's marks.
pub use crate::sim::goal::Mark as MarkKind;

/// What the challenge panel is asked.
#[derive(Clone, Debug, PartialEq)]
pub enum ChallengeMsg {
    /// Open a challenge file (File > Open challenge…; asked first while a program runs).
    OpenFile(PathBuf),
    /// Open challenge k of the built-in pack (the Challenges menu).
    OpenBuiltin(usize),
    /// Open a challenge given as its text (a tab's file).
    OpenText { name: String, text: String },
    /// Open the challenge a link carries (`#challenge=…`; a tab's page, `--link`).
    OpenLink(link::Source),
    /// Show scenario k of the open challenge (its world at its first seed).
    Scenario(usize),
    /// Close the panel (the world stays).
    Close,
    /// Grade the loaded program on every seed of the challenge in the background.
    AllSeeds,
    /// Save the challenge's run with the loaded program as an animated GIF here.
    SaveGif(PathBuf),
    /// The runner published: the card of the run's end is kept.
    Seen,
    /// A program was loaded: the card and "All seeds" start again.
    ProgramLoaded,
    /// A program could not be loaded: why (on the card).
    ProgramFailed(String),
    /// Another world was opened: the challenge's criteria no longer apply.
    WorldReplaced,
    /// Each frame: the background jobs' news.
    Poll,
}

impl ChallengeMsg {
    /// This opens another world (asked first while a program runs).
    pub fn replaces_world(&self) -> bool {
        matches!(
            self,
            ChallengeMsg::OpenFile(_)
                | ChallengeMsg::OpenBuiltin(_)
                | ChallengeMsg::OpenText { .. }
                | ChallengeMsg::OpenLink(_)
        )
    }
}

/// The challenge panel: the challenge open (if any), its check and the GIF being drawn.
#[derive(Default)]
pub struct ChallengePanel {
    pub open: Option<Challenge>,
    /// The check of a challenge opened from a file (`grade check`'s), run in the background.
    pub check: Option<FairCheck>,
    gif: Option<(PathBuf, JobHandle<GifJob>)>,
    /// The open challenge's file and the files it read, as a link carries them.
    source: Option<link::Source>,
}

/// A challenge file's check (`lurobotsim grade check`) as the app runs it when a teacher
/// opens the file: its progress, then its typed report, said in the app's language when
/// it is drawn ([`FairCheck::lines`]).
pub struct FairCheck {
    pub progress: crate::host::Progress,
    /// The report, once done.
    report: Option<crate::grade::check::Report>,
    /// How many problems it found, once done.
    pub problems: Option<usize>,
    pub error: Option<String>,
    work: Option<JobHandle<crate::grade::check::job::CheckJob>>,
}

impl FairCheck {
    /// The report's lines in `lang`, once done (the last is the verdict); none before.
    pub fn lines(&self, lang: crate::i18n::Lang) -> Vec<String> {
        self.report
            .as_ref()
            .map(|r| r.lines(lang))
            .unwrap_or_default()
    }
}

impl ChallengePanel {
    /// Carries out `msg`; what the app must do comes back.
    pub fn update(&mut self, msg: ChallengeMsg, cx: &Cx) -> Vec<Command> {
        let lang = cx.lang;
        match msg {
            ChallengeMsg::OpenFile(path) => self.open_file(&path, true, cx),
            ChallengeMsg::OpenBuiltin(i) => match BUILTIN.get(i) {
                // From its file when installed (its folder's files are found beside it);
                // the pack is checked by its own test, not each time it opens.
                Some(b) => match b.path(cx.host) {
                    Some(p) => self.open_file(&p, false, cx),
                    None => {
                        let name = format!("{}.toml", b.stem);
                        let read = |p: &Path| b.read(p);
                        match link::Source::record(&name, b.toml, Path::new(""), &read) {
                            (Ok(a), source) => {
                                self.check = None;
                                self.open_first(a, Some(source), cx)
                            }
                            (Err(e), _) => error(lang, &e, Some(b.toml)),
                        }
                    }
                },
                None => Vec::new(),
            },
            ChallengeMsg::OpenText { name, text } => {
                let read = &crate::sim::scene::read_disk;
                match link::Source::record(&name, &text, Path::new(""), read) {
                    (Ok(a), source) => {
                        self.start_check(&a, None, cx);
                        self.open_first(a, Some(source), cx)
                    }
                    (Err(e), _) => error(lang, &e, Some(&text)),
                }
            }
            ChallengeMsg::OpenLink(source) => match source.assignment() {
                // A pupil's link: no check (that is for the teacher who wrote it).
                Ok(a) => {
                    self.check = None;
                    self.open_first(a, Some(source), cx)
                }
                Err(p) => vec![Command::Note(
                    Level::Warning,
                    crate::tr!(lang, "app-share-link-not-opened", e = p.words(lang)),
                )],
            },
            ChallengeMsg::Scenario(k) => match &self.open {
                Some(c) if c.scenario != k && k < c.assignment.scenarios.len() => {
                    let a = c.assignment.clone();
                    self.show(a, k, true, cx)
                }
                _ => Vec::new(),
            },
            ChallengeMsg::Close | ChallengeMsg::WorldReplaced => {
                self.open = None;
                self.check = None;
                self.source = None;
                Vec::new()
            }
            ChallengeMsg::AllSeeds => self.all_seeds(cx),
            ChallengeMsg::SaveGif(path) => self.save_gif(path, cx),
            ChallengeMsg::Seen => {
                if let (Some(c), false) = (&mut self.open, cx.reviewing()) {
                    c.card = c.ended(cx.shown).then(|| c.rows(lang, cx.shown));
                }
                Vec::new()
            }
            ChallengeMsg::ProgramLoaded => {
                // File > Open loads the selected robot; where several robots run the
                // pupil's program (`pupil_robots`), the scenario is built again with it on
                // each of them.
                let again = self.open.as_ref().filter(|c| {
                    let sc = c.assignment.scenarios.get(c.scenario);
                    sc.is_some_and(|sc| !sc.also_pupil.is_empty())
                });
                if let Some(c) = again {
                    let (a, k) = (c.assignment.clone(), c.scenario);
                    return self.show(a, k, true, cx);
                }
                if let Some(c) = &mut self.open {
                    c.program_error = None;
                    c.all_seeds = None;
                }
                Vec::new()
            }
            ChallengeMsg::ProgramFailed(why) => {
                if let Some(c) = &mut self.open {
                    c.program_error = Some(why);
                    c.all_seeds = None;
                }
                Vec::new()
            }
            ChallengeMsg::Poll => self.poll(cx),
        }
    }

    /// Background work goes on: the window keeps drawing.
    pub fn busy(&self) -> bool {
        self.gif.is_some()
            || self
                .open
                .as_ref()
                .and_then(|c| c.all_seeds.as_ref())
                .is_some_and(|a| a.work.is_some())
    }

    /// Shows a read challenge: its first scenario (by id) at its first seed, the pupil's
    /// program to come (File > Open), paused at 0 s.
    /// Opens the challenge file at `path`; `check`: runs its check in the background (a
    /// teacher's file), with the solution beside it when there is one.
    fn open_file(&mut self, path: &Path, check: bool, cx: &Cx) -> Vec<Command> {
        let lang = cx.lang;
        match load_challenge(cx.host, path) {
            (Ok((a, source)), _) => {
                self.check = None;
                if check {
                    let solution = jobs::solution_beside(cx.host, path);
                    self.start_check(&a, solution, cx);
                }
                self.open_first(a, Some(source), cx)
            }
            (Err(e), text) => error(lang, &e, text.as_deref()),
        }
    }

    /// Starts the check of `a` (as `grade check` makes it) as a host job.
    fn start_check(&mut self, a: &Assignment, solution: Option<Result<Solution, String>>, cx: &Cx) {
        let checker = crate::grade::check::Checker::new(Arc::new(a.clone()), solution);
        let job = crate::grade::check::job::CheckJob::new(checker);
        self.check = Some(match cx.host.spawn(job, "check") {
            Ok(work) => FairCheck {
                progress: Default::default(),
                report: None,
                problems: None,
                error: None,
                work: Some(work),
            },
            Err(e) => FairCheck {
                progress: Default::default(),
                report: None,
                problems: None,
                error: Some(e),
                work: None,
            },
        });
    }

    /// Shows `a` (read from `source`, which a link carries) at its first scenario.
    fn open_first(&mut self, a: Assignment, source: Option<link::Source>, cx: &Cx) -> Vec<Command> {
        let a = Arc::new(a);
        let Some(k) =
            (0..a.scenarios.len()).min_by(|&x, &y| a.scenarios[x].id.cmp(&a.scenarios[y].id))
        else {
            return Vec::new();
        };
        let cmds = self.show(a, k, false, cx);
        if cmds.iter().any(|c| matches!(c, Command::NewWorld { .. })) {
            self.source = source;
        }
        cmds
    }

    /// The open challenge as a link carries it, and as it was read; `None` when none is
    /// open.
    pub fn shared(&self) -> Option<(&link::Source, &Assignment)> {
        let c = self.open.as_ref()?;
        Some((self.source.as_ref()?, &c.assignment))
    }

    /// Opens scenario `k` of `a` at its first seed, with the program shown on the pupil's
    /// robot when `keep` (else none: the pupil opens it next), paused at 0 s.
    fn show(&mut self, a: Arc<Assignment>, k: usize, keep: bool, cx: &Cx) -> Vec<Command> {
        let lang = cx.lang;
        let sc = &a.scenarios[k];
        let seed = sc.seeds.iter().copied().min().unwrap_or(0);
        let program = cx.program.filter(|_| keep).cloned();
        let given = program
            .as_ref()
            .map(|lp| (PathBuf::from(&lp.name), lp.program.clone()));
        let scenario = match scenario_of(lang, &a, k, seed, given) {
            Ok(s) => s,
            Err(e) => {
                return vec![Command::Note(
                    Level::Error,
                    crate::tr!(lang, "app-challenge-cannot-open-the-challenge", e = e),
                )]
            }
        };
        let start = scenario
            .robots()
            .get(sc.pupil)
            .map_or((0.0, 0.0), |r| (r.pose.0, r.pose.1));
        let waiting = program.is_none();
        let mut cmds = vec![
            Command::Runner(Run::Pause),
            Command::Runner(Run::OpenScenario(Box::new(scenario))),
        ];
        // In a scene, the pupil's robot is the one whose brick File > Open loads.
        if sc.pupil != 0 {
            cmds.push(Command::Runner(Run::Select(sc.pupil)));
        }
        let challenge = Challenge {
            name: a.name.clone(),
            file: a.file.clone(),
            scenario: k,
            seed,
            assignment: a.clone(),
            program_error: None,
            all_seeds: None,
            card: None,
        };
        cmds.push(Command::NewWorld {
            spread_m: challenge.spread_m(start),
        });
        cmds.push(Command::ShowProgram(program));
        cmds.push(Command::Note(
            Level::Info,
            crate::tr!(
                lang,
                "app-challenge-opened",
                name = a.name_in(lang),
                scenario = sc.id.to_string(),
                robot = label_of(&sc.robot.name),
                env = label_of(&sc.environment.name),
                secs = crate::i18n::num_in(lang, sc.end_ms as f64 / 1000.0, 0),
                then = if waiting {
                    crate::tr!(lang, "app-challenge-open-and-run")
                } else {
                    crate::tr!(lang, "app-grade-press-run")
                }
            ),
        ));
        self.open = Some(challenge);
        cmds
    }

    /// "All seeds": grades the loaded program on every seed of every scenario, on the
    /// host's workers (a slice of each frame in a tab).
    fn all_seeds(&mut self, cx: &Cx) -> Vec<Command> {
        let lang = cx.lang;
        let Some(lp) = cx.program else {
            return vec![Command::Note(
                Level::Info,
                crate::tr!(lang, "app-challenge-open-your-program-first-file"),
            )];
        };
        let Some(c) = &mut self.open else {
            return Vec::new();
        };
        let plan = Arc::new(jobs::seeds_plan(&c.assignment, &lp.name, &lp.program));
        let total = plan.runs.len();
        let job = crate::grade::job::ClassJob::new(plan, false);
        match cx.host.spawn(job, "all seeds") {
            Ok(work) => {
                c.all_seeds = Some(AllSeeds {
                    done: 0,
                    total,
                    points: None,
                    max_points: c.assignment.max_points(),
                    error: None,
                    work: Some(work),
                    records: Vec::new(),
                });
                Vec::new()
            }
            Err(e) => vec![Command::Note(
                Level::Error,
                crate::tr!(lang, "app-challenge-cannot-grade-the-seeds", e = e),
            )],
        }
    }

    /// Save as GIF (the card): the challenge's run at its seed with the loaded program,
    /// re-simulated headless and drawn as `run --gif` draws it, in the background. A tab
    /// cannot wait on the GPU: there it says so.
    fn save_gif(&mut self, path: PathBuf, cx: &Cx) -> Vec<Command> {
        let lang = cx.lang;
        let note = |level, text| vec![Command::Note(level, text)];
        let (Some(c), Some(lp)) = (&self.open, cx.program) else {
            return note(
                Level::Info,
                crate::tr!(lang, "app-challenge-gif-needs-a-program"),
            );
        };
        let program = (PathBuf::from(&lp.name), lp.program.clone());
        let scenario = match scenario_of(lang, &c.assignment, c.scenario, c.seed, Some(program)) {
            Ok(s) => s,
            Err(e) => return note(Level::Error, crate::tr!(lang, "app-files-gif-error", e = e)),
        };
        if !cx.host.caps().gpu_readback {
            return note(
                Level::Info,
                crate::tr!(lang, "app-challenge-gif-needs-the-desktop"),
            );
        }
        match cx.host.spawn(GifJob(Some(scenario)), "gif") {
            Ok(job) => {
                let shown = path.display().to_string();
                self.gif = Some((path, job));
                note(
                    Level::Info,
                    crate::tr!(lang, "app-challenge-gif-drawing", path = shown),
                )
            }
            Err(e) => note(Level::Error, crate::tr!(lang, "app-files-gif-error", e = e)),
        }
    }

    /// Takes in the jobs' news (each frame; in a tab their slices run here).
    fn poll(&mut self, cx: &Cx) -> Vec<Command> {
        let lang = cx.lang;
        let mut cmds = Vec::new();
        if let Some((path, job)) = &mut self.gif {
            if let Some(end) = job.poll().done {
                let path = path.clone();
                self.gif = None;
                let written = end.map_err(|e| e.to_string()).and_then(|bytes| {
                    (cx.host.put(&path, &bytes, "image/gif")).map_err(|e| e.words(lang))
                });
                cmds.push(match written {
                    Ok(()) => Command::Note(
                        Level::Info,
                        crate::tr!(
                            lang,
                            "app-files-gif-saved-as",
                            path = path.display().to_string()
                        ),
                    ),
                    Err(e) => {
                        Command::Note(Level::Error, crate::tr!(lang, "app-files-gif-error", e = e))
                    }
                });
            }
        }
        self.poll_check();
        let Some(all) = self.open.as_mut().and_then(|c| c.all_seeds.as_mut()) else {
            return cmds;
        };
        let Some(job) = &mut all.work else {
            return cmds;
        };
        let polled = job.poll();
        all.records.extend(polled.news);
        all.done = job.progress().done;
        if let Some(r) = polled.done {
            all.work = None;
            all.done = all.total;
            match r {
                Ok(_) => all.points = Some(jobs::seeds_total(&all.records)),
                Err(e) => all.error = Some(e.to_string()),
            }
        }
        cmds
    }
}

impl ChallengePanel {
    /// The check's progress, and its report once done.
    fn poll_check(&mut self) {
        let Some(check) = self.check.as_mut() else {
            return;
        };
        let Some(job) = &mut check.work else {
            return;
        };
        let polled = job.poll();
        check.progress = job.progress();
        if let Some(end) = polled.done {
            check.work = None;
            match end {
                Ok(report) => {
                    check.problems = Some(report.problems().len());
                    check.report = Some(report);
                }
                Err(e) => check.error = Some(e.to_string()),
            }
        }
    }
}

/// A challenge file with a mistake: `FILE:LINE: message` with the line; the world stays.
fn error(lang: Lang, e: &crate::world::spec::SpecError, text: Option<&str>) -> Vec<Command> {
    let at = (e.line > 0).then_some((e.line, 1));
    let mut view = ErrorView::of_text(&e.file, text, &e.to_string(), at);
    view.what = "challenge";
    vec![
        Command::Note(
            Level::Error,
            crate::tr!(
                lang,
                "app-challenge-cannot-open-the-challenge",
                e = e.to_string()
            ),
        ),
        Command::ShowError(view),
    ]
}
/// Scenario `k` of `a` at `seed`, with the pupil's program: its world, presses, length,
/// goal, seed and realism, as `grade` runs it.
fn scenario_of(
    lang: Lang,
    a: &Assignment,
    k: usize,
    seed: u64,
    program: Option<(PathBuf, Program)>,
) -> Result<Scenario, String> {
    let sc = a.scenarios.get(k).ok_or_else(|| {
        crate::tr!(
            lang,
            "app-challenge-no-scenario",
            file = a.file.to_string(),
            k = k.to_string()
        )
    })?;
    Ok(sc.run_of(a.realism, seed, program))
}

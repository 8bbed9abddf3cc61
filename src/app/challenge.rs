//! Challenges in the app (issue 33): an assignment file opened as a task for one pupil —
//! its first scenario's robot, floor and start at its first seed, its criteria followed as
//! the program runs, a result card at its end — from File > Open challenge… or the
//! built-in pack (`assets/challenges/`, embedded by `build.rs`). "All seeds" grades the
//! pupil's program on every seed of every scenario in the background (a thread on the
//! desktop, a slice of each frame in a browser tab) and totals it as `grade` does: the
//! mean over a scenario's seeds, summed over scenarios.

use super::*;
use crate::sim::assignment::{Assignment, Region};
use crate::sim::scenario::Scenario;
use std::sync::OnceLock;

/// One challenge of the built-in pack: `assets/challenges/STEM.toml` and the files of its
/// folder `assets/challenges/STEM/`, embedded.
#[derive(Clone, Copy, Debug)]
pub struct BuiltinChallenge {
    pub stem: &'static str,
    pub toml: &'static str,
    pub files: &'static [(&'static str, &'static [u8])],
}

/// The built-in pack, in file-name order (`build.rs` lists `assets/challenges/*.toml`).
pub const BUILTIN: &[BuiltinChallenge] = include!(concat!(env!("OUT_DIR"), "/challenges.rs"));

impl BuiltinChallenge {
    /// The file's `[assignment] name` (its stem when it has none).
    pub fn title(&self) -> &'static str {
        static TITLES: OnceLock<Vec<String>> = OnceLock::new();
        let titles = TITLES.get_or_init(|| {
            BUILTIN
                .iter()
                .map(|b| {
                    toml::from_str::<toml::Table>(b.toml)
                        .ok()
                        .and_then(|t| {
                            t.get("assignment")?
                                .get("name")?
                                .as_str()
                                .map(str::to_string)
                        })
                        .unwrap_or_else(|| b.stem.to_string())
                })
                .collect()
        });
        BUILTIN
            .iter()
            .position(|b| b.stem == self.stem)
            .and_then(|i| titles.get(i))
            .map_or(self.stem, String::as_str)
    }

    /// A file of its folder by the path the challenge names it with (`STEM/scene.toml`,
    /// and the scene's programs beside it): what the embedded copy reads instead of a disk.
    pub fn read(&self, path: &Path) -> std::io::Result<Vec<u8>> {
        let inside = path
            .strip_prefix(self.stem)
            .ok()
            .and_then(|p| p.to_str())
            .and_then(|name| self.files.iter().find(|(f, _)| *f == name));
        match inside {
            Some((_, bytes)) => Ok(bytes.to_vec()),
            None => Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("{} is not a file of the built-in challenge", path.display()),
            )),
        }
    }

    /// The challenge read from its embedded copy, the files of its folder included.
    pub fn assignment(&self) -> Result<Assignment, crate::world::spec::SpecError> {
        let name = format!("{}.toml", self.stem);
        Assignment::parse_with(&name, self.toml, Path::new(""), &|p| self.read(p))
    }

    /// The pack in menu order: by the number its name starts with ("2 · Park by the
    /// wall"), then by name.
    pub fn in_order() -> Vec<usize> {
        let number = |t: &str| {
            let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
            digits.parse::<u64>().unwrap_or(u64::MAX)
        };
        let mut order: Vec<usize> = (0..BUILTIN.len()).collect();
        order.sort_by_key(|&i| (number(BUILTIN[i].title()), BUILTIN[i].title()));
        order
    }

    /// Where the pack lies on disk (its folder's files beside it), when installed with this
    /// program: `assets/challenges/STEM.toml` under the current folder, the executable's
    /// folders or the source tree.
    pub fn path(&self) -> Option<PathBuf> {
        examples::asset_path(&format!("challenges/{}.toml", self.stem))
    }
}

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
    work: SeedWork,
}

impl AllSeeds {
    /// Graded a slice of each frame (no thread), as in a browser tab.
    pub fn in_frames(&self) -> bool {
        matches!(self.work, SeedWork::Inline(_))
    }
}

enum SeedWork {
    /// A thread's news: runs done so far, then the result.
    Thread(Receiver<SeedNews>),
    /// A slice of each frame (the browser).
    Inline(Box<SeedGrader>),
    Finished,
}

enum SeedNews {
    Done(usize),
    Total(Result<f64, String>),
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
    /// The scenario shown.
    pub fn shown(&self) -> &crate::sim::assignment::Scenario {
        &self.assignment.scenarios[self.scenario]
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
    pub fn rows(&self, snap: Option<&Snapshot>) -> Vec<Row> {
        let sc = self.shown();
        let robot = |k: usize| {
            sc.robot_names
                .get(k)
                .filter(|_| sc.robot_names.len() > 1)
                .map(String::as_str)
        };
        let lang = crate::i18n::current();
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

/// Scenario `k` of `a` at `seed`, with the pupil's program: its world, presses, length,
/// goal, seed and realism, as `grade` runs it.
fn scenario_of(
    a: &Assignment,
    k: usize,
    seed: u64,
    program: Option<(PathBuf, Program)>,
) -> Result<Scenario, String> {
    let sc = a.scenarios.get(k).ok_or_else(|| {
        crate::tr!(
            "app-challenge-no-scenario",
            file = a.file.to_string(),
            k = k.to_string()
        )
    })?;
    Ok(sc.run_of(a.realism, seed, program))
}

/// Grades every (scenario, seed) of a challenge with one program, a slice at a time.
struct SeedGrader {
    assignment: Arc<Assignment>,
    program: (PathBuf, Program),
    /// (scenario index, seed), in `grade`'s order: scenarios by id, seeds ascending.
    runs: Vec<(usize, u64)>,
    next: usize,
    /// The run being simulated.
    current: Option<(Scenario, Simulation)>,
    /// Points per scenario index: summed over seeds, seeds counted.
    sums: Vec<(f64, usize)>,
}

impl SeedGrader {
    fn new(assignment: Arc<Assignment>, program: (PathBuf, Program)) -> SeedGrader {
        let mut order: Vec<usize> = (0..assignment.scenarios.len()).collect();
        order.sort_by(|&a, &b| assignment.scenarios[a].id.cmp(&assignment.scenarios[b].id));
        let mut runs = Vec::new();
        for k in order {
            let mut seeds = assignment.scenarios[k].seeds.clone();
            seeds.sort_unstable();
            runs.extend(seeds.into_iter().map(|s| (k, s)));
        }
        SeedGrader {
            sums: vec![(0.0, 0); assignment.scenarios.len()],
            assignment,
            program,
            runs,
            next: 0,
            current: None,
        }
    }

    fn total(&self) -> usize {
        self.runs.len()
    }

    /// Simulates for about `budget` of wall time (at least one slice), a run at a time;
    /// `Ok(Some(total))` when every run is graded.
    fn work(&mut self, budget: std::time::Duration) -> Result<Option<f64>, String> {
        let started = web_time::Instant::now();
        loop {
            if self.current.is_none() {
                let Some(&(k, seed)) = self.runs.get(self.next) else {
                    return Ok(Some(self.points()));
                };
                let scenario = scenario_of(&self.assignment, k, seed, Some(self.program.clone()))?;
                let sim = scenario.build().map_err(|e| e.to_string())?;
                self.current = Some((scenario, sim));
            }
            let Some((scenario, sim)) = self.current.as_mut() else {
                continue;
            };
            let now = sim.time_ms();
            let to = scenario.end_ms.min(now + SLICE_MS);
            // The presses not applied yet (the run loop applies those due up to the end
            // of its slice).
            let presses: Vec<_> = (scenario.def.press_inputs().into_iter())
                .filter(|p| p.time_ms > now || now == 0)
                .collect();
            crate::sim::scenario::run_until(sim, to, &presses, &mut [])
                .map_err(|e| e.to_string())?;
            if sim.time_ms() >= scenario.end_ms {
                let (k, _) = self.runs[self.next];
                let results = sim
                    .goal()
                    .map(|g| g.results(sim))
                    .ok_or_else(|| crate::tr!("app-challenge-the-run-has-no-goal").to_string())?;
                let points = results.iter().fold(0.0, |sum, c| sum + c.points);
                // As `grade` rounds a run's points (runs.jsonl).
                self.sums[k].0 += (points * 1e6).round() / 1e6;
                self.sums[k].1 += 1;
                self.next += 1;
                self.current = None;
            }
            if started.elapsed() >= budget {
                return Ok((self.next >= self.runs.len()).then(|| self.points()));
            }
        }
    }

    /// The total as `grade` gives it: the mean over each scenario's seeds, summed over the
    /// scenarios in id order.
    fn points(&self) -> f64 {
        let mut order: Vec<usize> = (0..self.assignment.scenarios.len()).collect();
        order.sort_by(|&a, &b| {
            self.assignment.scenarios[a]
                .id
                .cmp(&self.assignment.scenarios[b].id)
        });
        order
            .into_iter()
            .map(|k| self.sums[k].0 / self.sums[k].1.max(1) as f64)
            .sum()
    }
}

/// Simulated ms between looks at the wall clock while grading the seeds (cheap to check,
/// short enough to stay within a frame in a browser tab).
const SLICE_MS: u64 = 20;
/// Wall time "All seeds" takes of a frame in a browser tab (a third of a 60 Hz frame, so
/// the view stays smooth), and of each report from the desktop's thread.
const FRAME_BUDGET: std::time::Duration = std::time::Duration::from_millis(5);
const THREAD_REPORT: std::time::Duration = std::time::Duration::from_millis(100);

impl LuApp {
    /// A challenge chosen (its file, or challenge `k` of the pack): asks first while a
    /// program runs, as a scene does.
    pub fn choose_challenge(&mut self, path: Option<PathBuf>, k: usize) {
        if self.program_active() {
            self.dialogs.pending = Some(Pending::Challenge(path, k));
            return;
        }
        match path {
            Some(p) => self.open_challenge(&p),
            None => self.open_builtin_challenge(k),
        }
    }

    /// Opens a challenge file: the world is replaced by the challenge's.
    pub fn open_challenge(&mut self, path: &Path) {
        match Assignment::load(path) {
            Ok(a) => self.open_loaded_challenge(a),
            Err(e) => {
                let text = std::fs::read_to_string(path).ok();
                self.challenge_error(&e, text.as_deref());
            }
        }
    }

    /// Opens challenge `i` of the built-in pack (from its file when installed, so the
    /// files of its folder are found; else from the embedded copy).
    pub fn open_builtin_challenge(&mut self, i: usize) {
        let Some(b) = BUILTIN.get(i) else {
            return;
        };
        if let Some(p) = b.path() {
            self.open_challenge(&p);
            return;
        }
        match b.assignment() {
            Ok(a) => self.open_loaded_challenge(a),
            Err(e) => self.challenge_error(&e, Some(b.toml)),
        }
    }

    /// Opens a challenge given as text (a tab's file, or the embedded pack).
    pub fn open_challenge_text(&mut self, name: &str, text: &str) {
        match Assignment::parse(name, text, Path::new("")) {
            Ok(a) => self.open_loaded_challenge(a),
            Err(e) => self.challenge_error(&e, Some(text)),
        }
    }

    /// A challenge file with a mistake: `FILE:LINE: message` with the line, the world as it
    /// was.
    fn challenge_error(&mut self, e: &crate::world::spec::SpecError, text: Option<&str>) {
        self.note(
            Level::Error,
            crate::tr!("app-challenge-cannot-open-the-challenge", e = e.to_string()),
        );
        let at = (e.line > 0).then_some((e.line, 1));
        let mut view = ErrorView::of_text(&e.file, text, &e.to_string(), at);
        view.what = "challenge";
        self.dialogs.error_view = Some(view);
    }

    /// Shows a read challenge: its first scenario (by id) at its first seed, the pupil's
    /// program to come (File > Open), paused at 0 s.
    fn open_loaded_challenge(&mut self, a: Assignment) {
        let a = Arc::new(a);
        let Some(k) =
            (0..a.scenarios.len()).min_by(|&x, &y| a.scenarios[x].id.cmp(&a.scenarios[y].id))
        else {
            return;
        };
        self.show_challenge_scenario(a, k, None);
    }

    /// Shows scenario `k` of the open challenge instead (its world at its first seed),
    /// the pupil's program kept.
    pub fn choose_challenge_scenario(&mut self, k: usize) {
        let Some(c) = &self.challenge else {
            return;
        };
        if c.scenario == k || k >= c.assignment.scenarios.len() {
            return;
        }
        let a = c.assignment.clone();
        let program = self.program.take();
        self.show_challenge_scenario(a, k, program);
    }

    /// Opens scenario `k` of `a` at its first seed, with `program` on the pupil's robot
    /// (none: the pupil opens it next), paused at 0 s.
    fn show_challenge_scenario(
        &mut self,
        a: Arc<Assignment>,
        k: usize,
        program: Option<LoadedProgram>,
    ) {
        let sc = &a.scenarios[k];
        let seed = sc.seeds.iter().copied().min().unwrap_or(0);
        let given = program
            .as_ref()
            .map(|lp| (PathBuf::from(&lp.name), lp.program.clone()));
        let scenario = match scenario_of(&a, k, seed, given) {
            Ok(s) => s,
            Err(e) => {
                self.note(
                    Level::Error,
                    crate::tr!("app-challenge-cannot-open-the-challenge", e = e.to_string()),
                );
                return;
            }
        };
        self.runner.send(Command::Pause);
        self.robot = sc.robot.name.clone();
        self.robot_spec = sc.robot_spec.clone();
        self.robot_file = sc.robot.clone();
        self.env = sc.environment.name.clone();
        self.env_spec = sc.env.clone();
        self.env_file = sc.environment.clone();
        self.config_realism = a.realism;
        let start = scenario
            .robots()
            .get(sc.pupil)
            .map_or((0.0, 0.0), |r| (r.pose.0, r.pose.1));
        self.runner.send(Command::OpenScenario(Box::new(scenario)));
        // In a scene, the pupil's robot is the one whose brick File > Open loads.
        if sc.pupil != 0 {
            self.runner.send(Command::Select(sc.pupil));
        }
        self.after_restart();
        self.fetch_floor();
        self.view.cameras = View::default().cameras;
        self.view.selected_vi = None;
        let waiting = program.is_none();
        self.program = program;
        self.note(
            Level::Info,
            crate::tr!(
                "app-challenge-opened",
                name = crate::i18n::core_text("pack", &a.name),
                scenario = sc.id.to_string(),
                robot = label_of(&self.robot).to_string(),
                env = label_of(&self.env).to_string(),
                secs = crate::i18n::num(sc.end_ms as f64 / 1000.0, 0),
                then = if waiting {
                    crate::tr!("app-challenge-open-and-run")
                } else {
                    crate::tr!("app-grade-press-run")
                }
            ),
        );
        let challenge = Challenge {
            name: a.name.clone(),
            file: a.file.clone(),
            scenario: k,
            seed,
            assignment: a,
            program_error: None,
            all_seeds: None,
            card: None,
        };
        self.fit_regions(&challenge, start);
        self.challenge = Some(challenge);
    }

    /// The cameras far enough back to see the challenge's regions around the robot's
    /// start.
    fn fit_regions(&mut self, c: &Challenge, (x, z): (f32, f32)) {
        let (x, z) = (f64::from(x), f64::from(z));
        let spread = c
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
        for cam in &mut self.view.cameras {
            // As a scene's robots are fitted: back by about the spread (at most 12 m).
            cam.distance = (cam.distance + 1.2 * spread).min(12.0);
        }
    }

    /// Keeps the card of the run's end from what the runner shows (each publication).
    pub(super) fn challenge_seen(&mut self) {
        let reviewing = self.reviewing().is_some();
        let Some(c) = &mut self.challenge else {
            return;
        };
        let snap = self.live.as_deref();
        if !reviewing {
            c.card = c.ended(snap).then(|| c.rows(snap));
        }
    }

    /// Closes the challenge panel (the world stays).
    pub fn close_challenge(&mut self) {
        self.drop_challenge();
    }

    /// A program that could not be loaded while a challenge is open: its error goes on
    /// the card.
    pub(super) fn challenge_program_failed(&mut self, why: &str) {
        if let Some(c) = &mut self.challenge {
            c.program_error = Some(why.to_string());
            c.all_seeds = None;
        }
    }

    /// The run of a challenge pauses at its end, so the card shows (the runner's
    /// `PauseAt`, given with each Run before the end).
    /// Run after the end goes on (to see what happens next); Stop arms it again.
    pub(super) fn arm_challenge_end(&mut self) {
        let Some(end) = self.challenge.as_ref().map(Challenge::end_ms) else {
            return;
        };
        // The present's clock, whatever moment is shown.
        let now = match &self.status {
            Some(s) => s.live_ms,
            None => self.live.as_ref().map_or(0, |s| s.time_ms),
        };
        if now < end {
            self.runner.send(Command::PauseAt(Some(end)));
        }
    }

    /// After Stop (and a new program) the run starts at 0 s again: it pauses at the end,
    /// even if Run comes before the runner has said so.
    pub(super) fn rearm_challenge_end(&mut self) {
        if let Some(end) = self.challenge.as_ref().map(Challenge::end_ms) {
            self.runner.send(Command::PauseAt(Some(end)));
        }
    }

    /// The challenge goes (closed, or another world): its pause at the end too.
    pub(super) fn drop_challenge(&mut self) {
        if self.challenge.take().is_some() {
            self.runner.send(Command::PauseAt(None));
        }
    }

    /// "All seeds": grades the loaded program on every seed of every scenario in the
    /// background.
    pub fn grade_all_seeds(&mut self) {
        let Some(lp) = &self.program else {
            self.note(
                Level::Info,
                crate::tr!("app-challenge-open-your-program-first-file"),
            );
            return;
        };
        let Some(c) = &mut self.challenge else {
            return;
        };
        let program = (PathBuf::from(&lp.name), lp.program.clone());
        let mut grader = SeedGrader::new(c.assignment.clone(), program);
        let total = grader.total();
        let max_points = c.assignment.max_points();
        // Where the runner runs in the frame loop (a tab has no threads), so do the seeds.
        let work = if self.runner.is_inline() {
            SeedWork::Inline(Box::new(grader))
        } else {
            let (tx, rx) = std::sync::mpsc::channel();
            let spawned = std::thread::Builder::new()
                .name("all seeds".into())
                .spawn(move || {
                    let result = loop {
                        match grader.work(THREAD_REPORT) {
                            Ok(Some(p)) => break Ok(p),
                            Ok(None) => {
                                if tx.send(SeedNews::Done(grader.next)).is_err() {
                                    return;
                                }
                            }
                            Err(e) => break Err(e),
                        }
                    };
                    let _ = tx.send(SeedNews::Total(result));
                });
            match spawned {
                Ok(_) => SeedWork::Thread(rx),
                Err(e) => {
                    self.note(
                        Level::Error,
                        crate::tr!("app-challenge-cannot-grade-the-seeds", e = e.to_string()),
                    );
                    return;
                }
            }
        };
        c.all_seeds = Some(AllSeeds {
            done: 0,
            total,
            points: None,
            max_points,
            error: None,
            work,
        });
    }

    /// Save as GIF (the card): the challenge's run at its seed with the loaded program,
    /// re-simulated headless and drawn as `run --gif` draws it, on a thread; the frame
    /// loop says when it is written. A tab cannot wait on the GPU: there it says so.
    pub fn save_challenge_gif(&mut self, path: &Path) {
        let (Some(c), Some(lp)) = (&self.challenge, &self.program) else {
            self.note(Level::Info, crate::tr!("app-challenge-gif-needs-a-program"));
            return;
        };
        let program = (PathBuf::from(&lp.name), lp.program.clone());
        let scenario = match scenario_of(&c.assignment, c.scenario, c.seed, Some(program)) {
            Ok(s) => s,
            Err(e) => {
                self.note(Level::Error, crate::tr!("app-files-gif-error", e = e));
                return;
            }
        };
        #[cfg(target_arch = "wasm32")]
        {
            let _ = (scenario, path);
            self.note(
                Level::Info,
                crate::tr!("app-challenge-gif-needs-the-desktop"),
            );
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let (tx, rx) = std::sync::mpsc::channel();
            let target = path.to_path_buf();
            let spawned = std::thread::Builder::new()
                .name("gif".into())
                .spawn(move || {
                    let written = std::fs::File::create(&target)
                        .map_err(|e| format!("cannot write {}: {e}", target.display()))
                        .and_then(|f| {
                            let out = std::io::BufWriter::new(f);
                            crate::render::gif::write_gif(
                                &scenario,
                                crate::render::gif::GifOptions::default(),
                                out,
                            )
                            .map_err(|e| e.to_string())
                            .and_then(|mut w| {
                                use std::io::Write as _;
                                w.flush().map_err(|e| e.to_string())
                            })
                        });
                    let _ = tx.send(written.map(|_| target.display().to_string()));
                });
            match spawned {
                Ok(_) => {
                    self.jobs.gif_rx = Some(rx);
                    self.note(
                        Level::Info,
                        crate::tr!(
                            "app-challenge-gif-drawing",
                            path = path.display().to_string()
                        ),
                    );
                }
                Err(e) => self.note(
                    Level::Error,
                    crate::tr!("app-files-gif-error", e = e.to_string()),
                ),
            }
        }
    }

    /// Takes in "All seeds"' progress (each frame); in a tab, runs its slice.
    pub(super) fn poll_challenge(&mut self) {
        let Some(all) = self.challenge.as_mut().and_then(|c| c.all_seeds.as_mut()) else {
            return;
        };
        let mut end: Option<Result<f64, String>> = None;
        match &mut all.work {
            SeedWork::Thread(rx) => loop {
                match rx.try_recv() {
                    Ok(SeedNews::Done(n)) => all.done = n,
                    Ok(SeedNews::Total(r)) => {
                        end = Some(r);
                        break;
                    }
                    Err(std::sync::mpsc::TryRecvError::Empty) => break,
                    Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                        end = Some(Err(crate::tr!("app-challenge-the-grading-thread-stopped")));
                        break;
                    }
                }
            },
            SeedWork::Inline(g) => {
                match g.work(FRAME_BUDGET) {
                    Ok(Some(p)) => end = Some(Ok(p)),
                    Ok(None) => {}
                    Err(e) => end = Some(Err(e)),
                }
                all.done = g.next;
            }
            SeedWork::Finished => {}
        }
        if let Some(r) = end {
            all.work = SeedWork::Finished;
            all.done = all.total;
            match r {
                Ok(p) => all.points = Some(p),
                Err(e) => all.error = Some(e),
            }
        }
    }

    /// "All seeds" is grading: the window keeps drawing.
    pub(super) fn grading_seeds(&self) -> bool {
        self.challenge
            .as_ref()
            .and_then(|c| c.all_seeds.as_ref())
            .is_some_and(|a| !matches!(a.work, SeedWork::Finished))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every challenge of the pack reads as an assignment (from its file, whose folder's
    /// files it may name, or else from the embedded copy) and has a name for the menu.
    #[test]
    fn every_built_in_challenge_reads_and_has_a_name() {
        for b in BUILTIN {
            let read = match b.path() {
                Some(p) => Assignment::load(&p),
                None => Assignment::parse(b.stem, b.toml, Path::new("")),
            };
            let a = read.unwrap_or_else(|e| panic!("{}: {e}", b.stem));
            assert_eq!(a.name, b.title());
            assert!(!b.title().is_empty());
        }
        assert_eq!(BuiltinChallenge::in_order().len(), BUILTIN.len());
    }

    /// A tab has no disk: every challenge of the pack opens from its embedded copy, a
    /// scene's files and programs included, as the browser build opens it.
    #[test]
    fn the_whole_pack_opens_from_its_embedded_copy_scenes_included() {
        for b in BUILTIN {
            let a = b.assignment();
            assert!(
                a.is_ok(),
                "{}: {:?}",
                b.stem,
                a.err().map(|e| e.to_string())
            );
        }
        let scene = BUILTIN
            .iter()
            .filter_map(|b| b.assignment().ok())
            .flat_map(|a| a.scenarios)
            .find(|s| s.scene.is_some());
        assert!(
            BUILTIN.is_empty() || scene.is_some_and(|s| s.robot_names.len() > 1),
            "the pack's relay reads its scene from memory"
        );
        let relay = BUILTIN
            .iter()
            .find(|b| b.files.iter().any(|(f, _)| f.ends_with(".toml")));
        if let Some(b) = relay {
            assert!(b.read(Path::new("../secret.txt")).is_err());
            assert!(b.read(Path::new("nowhere/scene.toml")).is_err());
        }
    }

    /// "All seeds" a slice at a time (a tab's frames) totals as `grade` does: the mean of
    /// grade's run points over the seeds.
    #[test]
    fn all_seeds_in_slices_give_grade_s_total() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/challenges");
        let a = Assignment::load(&root.join("drive.toml")).unwrap();
        for (name, expected) in [("solution.lasm", 7.0), ("naive.lasm", 3.0)] {
            let path = root.join("drive").join(name);
            let pupil = crate::grade::class::Pupil {
                id: "p".into(),
                program: Ok(path.clone()),
                fingerprint: Vec::new(),
            };
            let plan = crate::grade::Plan::new(a.clone(), vec![pupil]);
            let points: Vec<f64> = plan
                .runs
                .iter()
                .map(|r| crate::grade::grade_one(&plan, r).points)
                .collect();
            let mean = points.iter().sum::<f64>() / points.len() as f64;
            let program = crate::nqc::load(&path).unwrap();
            let mut g = SeedGrader::new(Arc::new(a.clone()), (path, program));
            let mut slices = 0;
            let total = loop {
                slices += 1;
                if let Some(t) = g.work(std::time::Duration::ZERO).unwrap() {
                    break t;
                }
            };
            assert!(slices > 10, "{name}: done in many slices ({slices})");
            assert_eq!(total, mean, "{name}");
            assert_eq!(total, expected, "{name}");
        }
    }
}

//! The Grade window's work (issue 22, docs/grading.md): a class graded on a background
//! thread by the batch function `grade` uses (`grade::grade_into_folder`: the same runs,
//! runs.jsonl and reports), its progress and results taken in each frame, and a graded run
//! opened in the normal view through the runner (`Command::OpenScenario`: that scenario's
//! robot, environment, start pose, the pupil's program, the run's seed and realism).

use super::*;
use crate::grade::assignment::Assignment;
use crate::grade::{Plan, RunRecord, RunStatus};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, TryRecvError};
use web_time::Instant;

/// What the file window is choosing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Browse {
    /// A program, robot, environment, scene or recording to open.
    #[default]
    Open,
    /// The Grade window's assignment file.
    Assignment,
    /// The Grade window's programs folder.
    Programs,
    /// The Grade window's output folder.
    GradeOut,
    /// A challenge file to open (File > Open challenge…).
    Challenge,
}

/// The Grade window's form: what the user chose or typed.
#[derive(Clone, Debug, Default)]
pub struct GradeForm {
    pub open: bool,
    pub assignment: String,
    pub programs: String,
    pub out: String,
    /// The user chose or typed the output folder: it no longer follows the assignment.
    pub out_chosen: bool,
    /// The pupil whose runs are shown under the class table.
    pub pupil: Option<String>,
}

impl GradeForm {
    /// Takes `path` as the assignment; the output folder follows it (a `graded` folder
    /// beside it) until the user chooses one.
    pub fn set_assignment(&mut self, path: &Path) {
        self.assignment = path.display().to_string();
        if !self.out_chosen {
            self.out = default_out(path).display().to_string();
        }
    }
}

/// The default output folder: `graded` beside the assignment.
pub fn default_out(assignment: &Path) -> PathBuf {
    absolute(assignment)
        .parent()
        .map(|d| d.join("graded"))
        .unwrap_or_else(|| PathBuf::from("graded"))
}

/// What the grading thread tells the app.
enum News {
    Run(Box<RunRecord>),
    /// The batch ended: the runs that could not be graded, or why the folder could not be
    /// written.
    Done(Result<Vec<String>, String>),
}

/// A batch: started, running or finished.
pub struct Batch {
    /// The assignment's name.
    pub name: String,
    pub out: PathBuf,
    pub plan: Arc<Plan>,
    /// Simulations at once.
    pub jobs: usize,
    /// The runs graded so far, in the plan's order (record `i` is run `i`), without their
    /// paths (the report draws them).
    pub records: Vec<RunRecord>,
    /// Runs whose status is not `ok`.
    pub not_ok: usize,
    /// When the batch ended: the runs that could not be graded, or why the reports could
    /// not be written.
    pub finished: Option<Result<Vec<String>, String>>,
    started: Instant,
    /// Seconds the batch took (when finished).
    pub took_s: f64,
    rx: Option<Receiver<News>>,
    /// Set by Cancel: the grading thread stops after the runs in flight and writes nothing.
    cancel: Arc<AtomicBool>,
}

/// One row of the class table (as grades.csv: a scenario's points are the mean over its
/// seeds, a pupil's the sum over scenarios).
#[derive(Clone, Debug, PartialEq)]
pub struct PupilRow {
    pub student: String,
    pub points: f64,
    pub max_points: f64,
    /// Per scenario id (in [`Batch::scenario_ids`] order): points, when graded.
    pub scenarios: Vec<Option<f64>>,
    /// The worst of the pupil's runs.
    pub status: RunStatus,
}

impl Batch {
    pub fn total(&self) -> usize {
        self.plan.runs.len()
    }

    pub fn done(&self) -> usize {
        self.records.len()
    }

    pub fn running(&self) -> bool {
        self.finished.is_none()
    }

    /// Cancel was pressed.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Estimated seconds left (from the pace so far), once a run is done.
    pub fn time_left_s(&self) -> Option<f64> {
        let done = self.done();
        if done == 0 || !self.running() {
            return None;
        }
        let per_run = self.started.elapsed().as_secs_f64() / done as f64;
        Some(per_run * (self.total() - done.min(self.total())) as f64)
    }

    /// The scenarios' ids as runs are ordered (by id).
    pub fn scenario_ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = self
            .plan
            .assignment
            .scenarios
            .iter()
            .map(|s| s.id.clone())
            .collect();
        ids.sort();
        ids
    }

    /// The class table from the runs graded so far: one row per pupil with a graded run.
    pub fn table(&self) -> Vec<PupilRow> {
        let ids = self.scenario_ids();
        let max_points: f64 = self.plan.assignment.max_points();
        let mut rows: Vec<PupilRow> = Vec::new();
        let mut sums: Vec<(f64, usize)> = Vec::new();
        let finish = |row: &mut PupilRow, sums: &[(f64, usize)]| {
            row.scenarios = sums
                .iter()
                .map(|&(p, n)| (n > 0).then(|| p / n as f64))
                .collect();
            row.points = row.scenarios.iter().flatten().sum();
        };
        for r in &self.records {
            if rows.last().is_none_or(|row| row.student != r.student) {
                if let Some(row) = rows.last_mut() {
                    finish(row, &sums);
                }
                rows.push(PupilRow {
                    student: r.student.clone(),
                    points: 0.0,
                    max_points,
                    scenarios: Vec::new(),
                    status: RunStatus::Ok,
                });
                sums = vec![(0.0, 0); ids.len()];
            }
            if let Some(i) = ids.iter().position(|id| *id == r.scenario) {
                sums[i].0 += r.points;
                sums[i].1 += 1;
            }
            if let Some(row) = rows.last_mut() {
                // The worst of the pupil's runs.
                row.status = row.status.max(r.status);
            }
        }
        if let Some(row) = rows.last_mut() {
            finish(row, &sums);
        }
        rows
    }

    /// A pupil's graded runs: (index in the plan, record).
    pub fn runs_of<'a>(
        &'a self,
        student: &'a str,
    ) -> impl Iterator<Item = (usize, &'a RunRecord)> + 'a {
        self.records
            .iter()
            .enumerate()
            .filter(move |(_, r)| r.student == student)
    }

    /// Takes in what the grading thread sent; true when something arrived.
    fn poll(&mut self) -> bool {
        let Some(rx) = &self.rx else {
            return false;
        };
        let mut news = false;
        loop {
            match rx.try_recv() {
                Ok(News::Run(r)) => {
                    news = true;
                    if r.status != RunStatus::Ok {
                        self.not_ok += 1;
                    }
                    self.records.push(*r);
                }
                Ok(News::Done(result)) => {
                    news = true;
                    self.took_s = self.started.elapsed().as_secs_f64();
                    self.finished = Some(result);
                    self.rx = None;
                    break;
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    news = true;
                    self.finished = Some(Err("the grading thread stopped".into()));
                    self.rx = None;
                    break;
                }
            }
        }
        news
    }
}

/// How many simulations the Grade window runs at once: every core but one (the window
/// and the simulation view keep theirs), at least one.
pub fn grade_jobs() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .saturating_sub(1)
        .max(1)
}

impl LuApp {
    /// The Grade window's Start: checks the assignment (its mistakes shown as `FILE:LINE`
    /// with the faulty line, as a program's) and the programs folder, then grades every run
    /// on a background thread into the output folder.
    pub fn start_grading(&mut self) {
        if self.grading.as_ref().is_some_and(Batch::running) {
            return;
        }
        // A tab sees no folders and runs no threads: it says so where the user pressed Start.
        if !cfg!(feature = "desktop") {
            self.note(Level::Warning, crate::tr!("app-grade-not-in-a-browser"));
            return;
        }
        let form = self.dialogs.grade.clone();
        if form.assignment.trim().is_empty() || form.programs.trim().is_empty() {
            self.note(Level::Warning, crate::tr!("app-grade-choose-first"));
            return;
        }
        let path = PathBuf::from(form.assignment.trim());
        let assignment = match Assignment::load(&path) {
            Ok(a) => a,
            Err(e) => {
                self.note(
                    Level::Error,
                    crate::tr!("app-grade-cannot-use-assignment", e = e.to_string()),
                );
                let at = (e.line > 0).then_some((e.line, 1));
                let mut view = ErrorView::new(Path::new(&e.file), &e.to_string(), at);
                view.what = "assignment";
                self.dialogs.error_view = Some(view);
                return;
            }
        };
        let programs = PathBuf::from(form.programs.trim());
        let pupils = match crate::grade::class::pupils(&programs) {
            Ok(p) => p,
            Err(e) => {
                self.note(
                    Level::Error,
                    crate::tr!("app-grade-programs-folder", e = e.to_string()),
                );
                return;
            }
        };
        let out = if form.out.trim().is_empty() {
            default_out(&path)
        } else {
            PathBuf::from(form.out.trim())
        };
        let plan = Arc::new(Plan::new(assignment, pupils));
        let jobs = grade_jobs();
        let (tx, rx) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let (plan2, out2, cancel2) = (plan.clone(), out.clone(), cancel.clone());
        let spawned = std::thread::Builder::new()
            .name("grade".into())
            .spawn(move || {
                let result =
                    crate::grade::grade_into_folder_unless(&plan2, &out2, jobs, &cancel2, |r| {
                        let mut r = r.clone();
                        r.path = Vec::new();
                        let _ = tx.send(News::Run(Box::new(r)));
                    });
                let _ = tx.send(News::Done(result.map_err(|e| e.to_string())));
            });
        if let Err(e) = spawned {
            self.note(
                Level::Error,
                crate::tr!("app-grade-cannot-start", e = e.to_string()),
            );
            return;
        }
        self.note(
            Level::Info,
            crate::tr!(
                "app-grade-grading",
                name = plan.assignment.name.clone(),
                runs = plan.runs.len(),
                pupils = plan.pupils.len(),
                jobs = jobs,
                out = out.display().to_string()
            ),
        );
        self.dialogs.grade.pupil = None;
        self.grading = Some(Batch {
            name: plan.assignment.name.clone(),
            out,
            plan,
            jobs,
            records: Vec::new(),
            not_ok: 0,
            finished: None,
            started: Instant::now(),
            took_s: 0.0,
            rx: Some(rx),
            cancel,
        });
    }

    /// The Grade window's Cancel: the runs in flight finish, then nothing is written.
    pub fn cancel_grading(&mut self) {
        if let Some(b) = self.grading.as_ref().filter(|b| b.running()) {
            b.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Takes in the grading thread's news (each frame).
    pub(super) fn poll_grading(&mut self) {
        let Some(b) = &mut self.grading else {
            return;
        };
        let was_running = b.running();
        if !b.poll() || !was_running || b.running() {
            return;
        }
        let text = match &b.finished {
            Some(Ok(errors)) if errors.is_empty() => (
                Level::Info,
                crate::tr!(
                    "app-grade-graded",
                    runs = b.total(),
                    secs = crate::i18n::num(b.took_s, 1),
                    not_ok = b.not_ok,
                    out = b.out.display().to_string()
                ),
            ),
            Some(Ok(errors)) => (
                Level::Warning,
                crate::tr!(
                    "app-grade-graded-with-errors",
                    count = errors.len(),
                    errors = errors.join("; ")
                ),
            ),
            Some(Err(_)) if b.cancelled() => (
                Level::Info,
                crate::tr!(
                    "app-grade-cancelled",
                    done = b.done(),
                    runs = b.total(),
                    out = b.out.display().to_string()
                ),
            ),
            Some(Err(e)) => (
                Level::Error,
                crate::tr!(
                    "app-grade-stopped",
                    out = b.out.display().to_string(),
                    e = e.to_string()
                ),
            ),
            None => return,
        };
        self.note(text.0, text.1);
    }

    /// A graded run clicked in the Grade window (asks first while a program runs).
    pub fn choose_graded_run(&mut self, i: usize) {
        if self.program_active() {
            self.dialogs.pending = Some(Pending::GradedRun(i));
        } else {
            self.open_graded_run(i);
        }
    }

    /// Opens run `i` of the batch in the normal view: its scenario's robot, environment
    /// and start pose, the pupil's program loaded and stopped, the run's seed and realism
    /// (ready to Run and replay). A program that did not load shows why instead, and the
    /// world stays as it was.
    pub fn open_graded_run(&mut self, i: usize) {
        let Some(b) = &self.grading else {
            return;
        };
        let plan = b.plan.clone();
        let Some(r) = plan.runs.get(i).copied() else {
            return;
        };
        let id = plan.id(&r);
        let scenario = match plan.scenario(&r) {
            Ok(s) => s,
            Err(why) => {
                self.note(Level::Error, format!("{id}: {why}"));
                let view = match &plan.pupils[r.pupil].program {
                    Ok(path) => match crate::nqc::load(path) {
                        Err(e) => program::error_view(path, &e),
                        Ok(_) => ErrorView::new(path, &why, None),
                    },
                    Err(_) => ErrorView::new(Path::new(&plan.pupils[r.pupil].id), &why, None),
                };
                self.dialogs.error_view = Some(view);
                return;
            }
        };
        let sc = &plan.assignment.scenarios[r.scenario];
        // The pupil's robot: in a scene, the one whose brick holds the pupil's program.
        let pupil = scenario.robots().get(sc.pupil);
        let name = pupil
            .and_then(|r| r.program.as_ref())
            .and_then(|(p, _)| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| plan.pupils[r.pupil].id.clone());
        let program = (pupil.and_then(|r| r.program.as_ref())).map(|(_, p)| p.clone());
        self.runner.send(Command::Pause);
        self.robot = sc.robot.name.clone();
        self.robot_spec = sc.robot_spec.clone();
        self.robot_file = sc.robot.clone();
        self.env = sc.environment.name.clone();
        self.env_spec = sc.env.clone();
        self.env_file = sc.environment.clone();
        self.config_realism = scenario.def.config.realism;
        let presses = !scenario.def.presses.is_empty();
        self.runner.send(Command::OpenScenario(Box::new(scenario)));
        // The pupil's robot is the one shown (in a scene, the one whose brick File > Open
        // loads), as a challenge shows it.
        if sc.pupil != 0 {
            self.runner.send(Command::Select(sc.pupil));
        }
        self.after_restart();
        self.fetch_floor();
        self.view.cameras = View::default().cameras;
        self.view.selected_vi = None;
        if let Some(p) = program {
            let vis = crate::trace::recognise(&p);
            self.program = Some(LoadedProgram::new(&name, p, vis));
        }
        self.note(
            Level::Info,
            crate::tr!(
                "app-grade-opened-run",
                id = id.to_string(),
                robot = label_of(&self.robot).to_string(),
                env = label_of(&self.env).to_string(),
                name = name.to_string(),
                seed = r.seed.to_string(),
                realism = match plan.assignment.realism {
                    crate::vm::Realism::Original => "original",
                    crate::vm::Realism::Rcx => "rcx",
                },
                then = if presses {
                    crate::tr!("app-grade-press-the-brick")
                } else {
                    crate::tr!("app-grade-press-run")
                }
            ),
        );
    }
}

//! The Grade window (issue 22, docs/grading.md), a small model: the class chosen (on the
//! desktop an assignment file, a programs folder and an output folder; in a tab the
//! assignment and the pupils' files — or a zip of them — picked or dropped), graded in
//! the background by the host (`grade::job::ClassJob`: the runs `grade` runs, on the
//! host's workers or in a tab's frames; runs.jsonl and the reports in `grade`'s bytes,
//! written into the output folder on the desktop, offered as downloads in a tab), its
//! progress and class table taken in each frame, and a graded run opened in the normal
//! view through the runner (`Command::OpenScenario`).
//!
//! [`GradeWindow::update`] takes a [`GradeMsg`] and returns the app's [`Command`]s;
//! `ui::grade` draws it.

use super::command::{label_of, Command, Cx, Level};
use super::program::{self, ErrorView, LoadedProgram};
use super::view::Browse;
use crate::grade::class::{self, Content};
use crate::grade::job::{ClassJob, Graded};
use crate::grade::{Plan, RunRecord, RunStatus};
use crate::host::{FileBytes, JobHandle};
use crate::i18n::Lang;
use crate::runner::Command as Run;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use web_time::Instant;

/// What the Grade window is asked.
#[derive(Clone, Debug, PartialEq)]
pub enum GradeMsg {
    /// Show or hide the window.
    Show(bool),
    /// The assignment file typed or chosen (the desktop).
    Assignment(String),
    /// The programs folder typed or chosen (the desktop).
    Programs(String),
    /// The output folder typed or chosen (the desktop; it no longer follows the
    /// assignment).
    Out(String),
    /// Files given for the class (a tab: picked, or dropped on the window): an assignment
    /// (`.toml`), the pupils' programs, or zips of them.
    Given(Browse, Vec<FileBytes>),
    /// Start grading.
    Start,
    /// Stop after the runs in flight; write nothing.
    Cancel,
    /// Show this pupil's runs under the class table.
    Pupil(String),
    /// Open run k of the batch (its index in the plan) in the normal view.
    OpenRun(usize),
    /// Save this file the batch made (a tab's download: `report.html`, …).
    Download(String),
    /// Each frame: the grading job's news.
    Poll,
}

/// The Grade window's form: what the user chose or typed.
#[derive(Clone, Debug, Default)]
pub struct GradeForm {
    /// The desktop's paths.
    pub assignment: String,
    pub programs: String,
    pub out: String,
    /// The user chose or typed the output folder: it no longer follows the assignment.
    pub out_chosen: bool,
    /// A tab's files: the assignment's and the pupils' (a zip's members unpacked), each
    /// by its name relative to what was given.
    pub assignment_file: Option<FileBytes>,
    pub program_files: Vec<(String, Content)>,
}

/// The Grade window.
#[derive(Default)]
pub struct GradeWindow {
    pub open: bool,
    pub form: GradeForm,
    /// The pupil whose runs are shown under the class table.
    pub pupil: Option<String>,
    /// The class being graded or graded last.
    pub batch: Option<Batch>,
}

/// The default output folder: `graded` beside the assignment.
pub fn default_out(cx_absolute: PathBuf) -> PathBuf {
    cx_absolute
        .parent()
        .map(|d| d.join("graded"))
        .unwrap_or_else(|| PathBuf::from("graded"))
}

/// The download of every file the batch made, as one zip.
pub const ALL: &str = "graded.zip";

/// Largest zip of a class a tab unpacks, bytes.
const MAX_ZIP_BYTES: usize = 256 << 20;

/// A batch: started, running or finished.
pub struct Batch {
    /// The assignment's name.
    pub name: String,
    /// Where the files go (the desktop).
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
    /// not be made or written.
    pub finished: Option<Result<Vec<String>, String>>,
    started: Instant,
    /// Seconds the batch took (when finished).
    pub took_s: f64,
    job: Option<JobHandle<ClassJob>>,
    /// What it made: runs.jsonl and the reports (by name under the output folder).
    pub files: Vec<(String, Vec<u8>)>,
    cancelled: bool,
}

/// One row of the class table (as grades.csv: `grade::totals`).
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
        self.cancelled
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

    /// The class table from the runs graded so far: one row per pupil with a graded run
    /// (`grade::totals`, as grades.csv).
    pub fn table(&self) -> Vec<PupilRow> {
        let ids = self.scenario_ids();
        let max_points: f64 = self.plan.assignment.max_points();
        crate::grade::totals(&self.records)
            .into_iter()
            .map(|(student, t)| PupilRow {
                points: t.total(),
                max_points,
                scenarios: ids.iter().map(|id| t.scenario_points(id)).collect(),
                status: t.status(),
                student,
            })
            .collect()
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

    /// Takes in what the grading job told; its end once (what it made).
    fn poll(&mut self) -> Option<Result<Graded, String>> {
        let job = self.job.as_mut()?;
        let polled = job.poll();
        for r in polled.news {
            if r.status != RunStatus::Ok {
                self.not_ok += 1;
            }
            self.records.push(r);
        }
        let end = polled.done?;
        self.took_s = self.started.elapsed().as_secs_f64();
        self.job = None;
        Some(end.map_err(|e| e.to_string()))
    }
}

impl GradeWindow {
    /// Carries out `msg`; what the app must do comes back.
    pub fn update(&mut self, msg: GradeMsg, cx: &Cx) -> Vec<Command> {
        let lang = cx.lang;
        match msg {
            GradeMsg::Show(open) => self.open = open,
            GradeMsg::Assignment(path) => {
                if !self.form.out_chosen && !path.trim().is_empty() {
                    let abs = cx.host.absolute(Path::new(path.trim()));
                    self.form.out = default_out(abs).display().to_string();
                }
                self.form.assignment = path;
            }
            GradeMsg::Programs(path) => self.form.programs = path,
            GradeMsg::Out(path) => {
                self.form.out = path;
                self.form.out_chosen = true;
            }
            GradeMsg::Given(what, files) => return self.given(lang, what, files),
            GradeMsg::Start => return self.start(cx),
            GradeMsg::Cancel => {
                if let Some(b) = self.batch.as_mut().filter(|b| b.running()) {
                    b.cancelled = true;
                    if let Some(j) = &b.job {
                        j.cancel();
                    }
                }
            }
            GradeMsg::Pupil(p) => self.pupil = Some(p),
            GradeMsg::OpenRun(i) => return self.open_run(i, cx),
            GradeMsg::Download(name) => return self.download(&name, cx),
            GradeMsg::Poll => return self.poll(cx),
        }
        Vec::new()
    }

    /// Grading goes on: the window keeps drawing.
    pub fn busy(&self) -> bool {
        self.batch.as_ref().is_some_and(Batch::running)
    }

    /// Files a tab was given: the assignment (the `.toml` with `[assignment]`), and the
    /// pupils' programs (a zip unpacked into its members).
    fn given(&mut self, lang: Lang, what: Browse, files: Vec<FileBytes>) -> Vec<Command> {
        let mut programs = Vec::new();
        for f in files {
            let lower = f.name.to_ascii_lowercase();
            let assignment = lower.ends_with(".toml")
                && (what == Browse::Assignment
                    || String::from_utf8_lossy(&f.bytes).contains("[assignment]"));
            if assignment {
                self.form.assignment = f.name.clone();
                self.form.assignment_file = Some(f);
            } else if lower.ends_with(".zip") {
                if f.bytes.len() > MAX_ZIP_BYTES {
                    let why = format!("{} bytes; at most {MAX_ZIP_BYTES}", f.bytes.len());
                    programs.push((f.name.clone(), Err(format!("{}: {why}", f.name))));
                    continue;
                }
                match crate::grade::zip::read(&f.bytes, class::MAX_PROGRAM_BYTES) {
                    Ok(members) => programs.extend(members.into_iter().map(|m| (m.name, m.bytes))),
                    Err(e) => {
                        return vec![Command::Note(
                            Level::Error,
                            crate::tr!(
                                lang,
                                "app-grade-programs-folder",
                                e = format!("{}: {e}", f.name)
                            ),
                        )]
                    }
                }
            } else {
                programs.push((f.name, Ok(f.bytes)));
            }
        }
        if !programs.is_empty() {
            self.form.programs = crate::tr!(lang, "app-grade-files-given", count = programs.len());
            self.form.program_files = programs;
        }
        Vec::new()
    }

    /// The assignment and the pupils, from the desktop's folder or a tab's files.
    fn class(
        &self,
        cx: &Cx,
    ) -> Result<(crate::sim::assignment::Assignment, Vec<class::Pupil>), Vec<Command>> {
        let lang = cx.lang;
        let note = |level, text| vec![Command::Note(level, text)];
        let form = &self.form;
        let folders = cx.host.caps().folders;
        let chosen = match folders {
            true => !form.assignment.trim().is_empty() && !form.programs.trim().is_empty(),
            false => form.assignment_file.is_some() && !form.program_files.is_empty(),
        };
        if !chosen {
            return Err(note(
                Level::Warning,
                crate::tr!(lang, "app-grade-choose-first"),
            ));
        }
        let (read, text) = match (&form.assignment_file, folders) {
            (Some(f), false) => {
                let text = String::from_utf8_lossy(&f.bytes).into_owned();
                let a = crate::sim::assignment::Assignment::parse(&f.name, &text, Path::new(""));
                (a, Some(text))
            }
            _ => super::read::load_assignment(cx.host, Path::new(form.assignment.trim())),
        };
        let assignment = read.map_err(|e| {
            let at = (e.line > 0).then_some((e.line, 1));
            let mut view = ErrorView::of_text(&e.file, text.as_deref(), &e.to_string(), at);
            view.what = "assignment";
            vec![
                Command::Note(
                    Level::Error,
                    crate::tr!(lang, "app-grade-cannot-use-assignment", e = e.to_string()),
                ),
                Command::ShowError(view),
            ]
        })?;
        let pupils = match folders {
            true => class::pupils(Path::new(form.programs.trim())),
            false => class::pupils_of(class::entries_of_files(form.program_files.clone())),
        };
        let pupils = pupils.map_err(|e| {
            note(
                Level::Error,
                crate::tr!(lang, "app-grade-programs-folder", e = e.to_string()),
            )
        })?;
        Ok((assignment, pupils))
    }

    /// Start: checks the assignment (its mistakes shown as `FILE:LINE` with the faulty
    /// line, as a program's) and the class, then grades every run in the background.
    fn start(&mut self, cx: &Cx) -> Vec<Command> {
        let lang = cx.lang;
        if self.busy() {
            return Vec::new();
        }
        let (assignment, pupils) = match self.class(cx) {
            Ok(c) => c,
            Err(cmds) => return cmds,
        };
        let out = match self.form.out.trim() {
            "" => default_out(cx.host.absolute(Path::new(self.form.assignment.trim()))),
            o => PathBuf::from(o),
        };
        let plan = Arc::new(Plan::new(assignment, pupils));
        let jobs = cx.host.workers();
        let job = match cx.host.spawn(ClassJob::new(plan.clone(), true), "grade") {
            Ok(j) => j,
            Err(e) => {
                return vec![Command::Note(
                    Level::Error,
                    crate::tr!(lang, "app-grade-cannot-start", e = e),
                )]
            }
        };
        let told = Command::Note(
            Level::Info,
            crate::tr!(
                lang,
                "app-grade-grading",
                name = plan.assignment.name.clone(),
                runs = plan.runs.len(),
                pupils = plan.pupils.len(),
                jobs = jobs,
                out = self.destination(&out, cx)
            ),
        );
        self.pupil = None;
        self.batch = Some(Batch {
            name: plan.assignment.name.clone(),
            out,
            plan,
            jobs,
            records: Vec::new(),
            not_ok: 0,
            finished: None,
            started: Instant::now(),
            took_s: 0.0,
            job: Some(job),
            files: Vec::new(),
            cancelled: false,
        });
        vec![told]
    }

    /// Where the reports go, in words: the output folder, or a tab's downloads.
    fn destination(&self, out: &Path, cx: &Cx) -> String {
        let lang = cx.lang;
        match cx.host.caps().folders {
            true => out.display().to_string(),
            false => crate::tr!(lang, "app-grade-downloads"),
        }
    }

    /// Takes in the grading job's news (each frame); at its end, the files into the
    /// output folder on the desktop (a tab offers them as downloads) and a message.
    fn poll(&mut self, cx: &Cx) -> Vec<Command> {
        let lang = cx.lang;
        let Some(b) = &mut self.batch else {
            return Vec::new();
        };
        let Some(end) = b.poll() else {
            return Vec::new();
        };
        let folders = cx.host.caps().folders;
        let end = end.and_then(|graded| {
            if folders {
                for (name, bytes) in &graded.files {
                    cx.host
                        .put(&b.out.join(name), bytes, "application/octet-stream")
                        .map_err(|e| e.words(lang))?;
                }
            }
            b.files = graded.files;
            Ok(graded.errors)
        });
        b.finished = Some(end);
        let b = &*b;
        let out = match folders {
            true => b.out.display().to_string(),
            false => crate::tr!(lang, "app-grade-downloads"),
        };
        let (level, text) = match &b.finished {
            Some(Ok(errors)) if errors.is_empty() => (
                Level::Info,
                crate::tr!(
                    lang,
                    "app-grade-graded",
                    runs = b.total(),
                    secs = crate::i18n::num_in(lang, b.took_s, 1),
                    not_ok = b.not_ok,
                    out = out
                ),
            ),
            Some(Ok(errors)) => (
                Level::Warning,
                crate::tr!(
                    lang,
                    "app-grade-graded-with-errors",
                    count = errors.len(),
                    errors = errors.join("; ")
                ),
            ),
            Some(Err(_)) if b.cancelled() => (
                Level::Info,
                crate::tr!(
                    lang,
                    "app-grade-cancelled",
                    done = b.done(),
                    runs = b.total(),
                    out = out
                ),
            ),
            Some(Err(e)) => (
                Level::Error,
                crate::tr!(lang, "app-grade-stopped", out = out, e = e.to_string()),
            ),
            None => return Vec::new(),
        };
        vec![Command::Note(level, text)]
    }

    /// A file the batch made, saved through the host (a tab's download); [`ALL`]: every
    /// one of them in one zip, as the output folder holds them.
    fn download(&self, name: &str, cx: &Cx) -> Vec<Command> {
        let Some(b) = &self.batch else {
            return Vec::new();
        };
        let zipped;
        let bytes = match name {
            ALL if !b.files.is_empty() => {
                zipped = crate::grade::zip::write(&b.files);
                &zipped
            }
            _ => match b.files.iter().find(|(n, _)| n == name) {
                Some((_, bytes)) => bytes,
                None => return Vec::new(),
            },
        };
        let mime = match name.rsplit('.').next() {
            Some("html") => "text/html",
            Some("csv") => "text/csv",
            Some("xml") => "application/xml",
            Some("zip") => "application/zip",
            _ => "application/octet-stream",
        };
        match cx.host.put(Path::new(name), bytes, mime) {
            Ok(()) => Vec::new(),
            Err(e) => vec![Command::Note(Level::Error, e.words(cx.lang))],
        }
    }

    /// Opens run `i` of the batch in the normal view: its scenario's robot, environment
    /// and start pose, the pupil's program loaded and stopped, the run's seed and realism
    /// (ready to Run and replay). A program that did not load shows why instead, and the
    /// world stays as it was.
    fn open_run(&mut self, i: usize, cx: &Cx) -> Vec<Command> {
        let lang = cx.lang;
        let Some(b) = &self.batch else {
            return Vec::new();
        };
        let plan = b.plan.clone();
        let Some(r) = plan.runs.get(i).copied() else {
            return Vec::new();
        };
        let id = plan.id(&r);
        let pupil = &plan.pupils[r.pupil];
        let scenario = match plan.scenario(&r) {
            Ok(s) => s,
            Err(why) => {
                let view = match &pupil.program {
                    Ok(f) => {
                        let text = String::from_utf8_lossy(&f.bytes).into_owned();
                        match crate::nqc::load_bytes(&f.name, &f.bytes, f.dir.as_deref()) {
                            Err(e) => program::error_view(&f.name, Some(&text), &e),
                            Ok(_) => ErrorView::of_text(&f.name, None, &why, None),
                        }
                    }
                    Err(_) => ErrorView::of_text(&pupil.id, None, &why, None),
                };
                return vec![
                    Command::Note(Level::Error, format!("{id}: {why}")),
                    Command::ShowError(view),
                ];
            }
        };
        let sc = &plan.assignment.scenarios[r.scenario];
        // The pupil's robot: in a scene, the one whose brick holds the pupil's program.
        let robot = scenario.robots().get(sc.pupil);
        let name = robot
            .and_then(|r| r.program.as_ref())
            .and_then(|(p, _)| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| pupil.id.clone());
        let program = (robot.and_then(|r| r.program.as_ref())).map(|(_, p)| {
            let vis = crate::trace::recognise(p);
            LoadedProgram::new(lang, &name, p.clone(), vis)
        });
        let presses = !scenario.def.presses.is_empty();
        let mut cmds = vec![
            Command::Runner(Run::Pause),
            Command::Runner(Run::OpenScenario(Box::new(scenario))),
        ];
        // The pupil's robot is the one shown (in a scene, the one whose brick File > Open
        // loads), as a challenge shows it.
        if sc.pupil != 0 {
            cmds.push(Command::Runner(Run::Select(sc.pupil)));
        }
        cmds.extend([
            Command::NewWorld { spread_m: 0.0 },
            Command::ShowProgram(program),
            Command::Note(
                Level::Info,
                crate::tr!(
                    lang,
                    "app-grade-opened-run",
                    id = id.to_string(),
                    robot = label_of(&sc.robot.name),
                    env = label_of(&sc.environment.name),
                    name = name.to_string(),
                    seed = r.seed.to_string(),
                    realism = match plan.assignment.realism {
                        crate::vm::Realism::Original => "original",
                        crate::vm::Realism::Rcx => "rcx",
                    },
                    then = if presses {
                        crate::tr!(lang, "app-grade-press-the-brick")
                    } else {
                        crate::tr!(lang, "app-grade-press-run")
                    }
                ),
            ),
        ]);
        cmds
    }
}

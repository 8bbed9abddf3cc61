//! A class graded as a background job ([`ClassJob`], a `host::Job`): the app's Grade
//! window and a challenge's "All seeds" (a class of one). Its runs are units a pool of
//! workers can run ([`ClassUnits`]: the desktop's threads; later a tab's Web Workers), or
//! it runs them itself a slice at a time (a tab's frames); either way the records come out
//! in run order as runs.jsonl's lines, and at the end the reports are made from that text
//! by the code `grade` writes them with ([`super::report::in_memory`]), so they are the
//! same bytes.

use super::{grade_one, Plan, RunGrader, RunRecord, RunStatus};
use crate::host::{Job, JobError, Progress, Recipe, Slice, Step, Units};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use web_time::Instant;

/// What a graded class ends with.
#[derive(Clone, Debug, PartialEq)]
pub struct Graded {
    /// The runs that could not be graded (`id: why`), as `grade` lists them.
    pub errors: Vec<String>,
    /// runs.jsonl and the reports, by their names under the output folder (none when the
    /// job was asked for no reports).
    pub files: Vec<(String, Vec<u8>)>,
}

/// A class being graded (see the module's head).
pub struct ClassJob {
    plan: Arc<Plan>,
    reports: bool,
    /// Runs done and not yet told, by index: their runs.jsonl lines.
    waiting: BTreeMap<usize, String>,
    told: usize,
    jsonl: Vec<u8>,
    errors: Vec<String>,
    /// The runs went to a pool of workers.
    pooled: bool,
    /// Its own work: the next run to start, the one running.
    next: usize,
    current: Option<(usize, RunGrader)>,
}

impl ClassJob {
    /// Grades every run of `plan`; `reports`: makes runs.jsonl and the reports at the end.
    pub fn new(plan: Arc<Plan>, reports: bool) -> ClassJob {
        ClassJob {
            plan,
            reports,
            waiting: BTreeMap::new(),
            told: 0,
            jsonl: Vec::new(),
            errors: Vec::new(),
            pooled: false,
            next: 0,
            current: None,
        }
    }

    fn total(&self) -> usize {
        self.plan.runs.len()
    }

    /// Runs its own runs, a slice at a time, until the slice is spent.
    fn run_some(&mut self, slice: &Slice<'_, RunRecord>) {
        let started = Instant::now();
        loop {
            if self.current.is_none() {
                let Some(r) = self.plan.runs.get(self.next) else {
                    return;
                };
                self.current = Some((self.next, RunGrader::start(&self.plan, r)));
                self.next += 1;
            }
            let Some((i, g)) = self.current.as_mut() else {
                return;
            };
            let left = slice.budget().saturating_sub(started.elapsed());
            if let Some(record) = g.step(Some(left)) {
                let i = *i;
                self.current = None;
                self.waiting.insert(i, line(&record));
            }
            if slice.over() {
                return;
            }
        }
    }

    /// Tells the runs done, in order.
    fn tell(&mut self, slice: &mut Slice<'_, RunRecord>) {
        while let Some(text) = self.waiting.remove(&self.told) {
            self.told += 1;
            let record = match RunRecord::read(&text, &self.plan.assignment) {
                Ok(r) => r,
                Err(e) => lost(&self.plan, self.told - 1, &e.to_string()),
            };
            if record.status == RunStatus::Error {
                let why = record.error.clone().unwrap_or_default();
                self.errors.push(format!("{}: {why}", record.run));
            }
            self.jsonl.extend(text.as_bytes());
            self.jsonl.push(b'\n');
            // The owner's table needs no path (the reports draw it from runs.jsonl).
            let mut record = record;
            record.path = Vec::new();
            slice.tell(record);
        }
    }
}

/// A record as runs.jsonl writes it.
fn line(r: &RunRecord) -> String {
    serde_json::to_string(r).unwrap_or_default()
}

/// The record of run `i` whose result was lost (a worker that failed).
fn lost(plan: &Plan, i: usize, why: &str) -> RunRecord {
    let r = &plan.runs[i];
    let sc = &plan.assignment.scenarios[r.scenario];
    RunRecord {
        run: plan.id(r),
        student: plan.pupils[r.pupil].id.clone(),
        scenario: sc.id.clone(),
        seed: r.seed,
        status: RunStatus::Error,
        error: Some(format!("internal error while simulating: {why}")),
        points: 0.0,
        max_points: (sc.max_points() * 1e6).round() / 1e6,
        criteria: Vec::new(),
        final_state: serde_json::Value::Null,
        path: Vec::new(),
        start_offset: sc.offset(r.seed),
        wall_s: 0.0,
    }
}

impl Job for ClassJob {
    type News = RunRecord;
    type Output = Graded;

    fn work(&mut self, slice: &mut Slice<'_, RunRecord>) -> Step<Graded> {
        if slice.cancelled() {
            return Step::Done(Err(JobError::Cancelled));
        }
        if !self.pooled {
            self.run_some(slice);
        }
        self.tell(slice);
        slice.progress(Progress {
            done: self.told,
            total: self.total(),
        });
        if self.told < self.total() {
            return Step::Busy;
        }
        let mut files = Vec::new();
        if self.reports {
            match super::report::in_memory(&self.plan.assignment, &self.jsonl) {
                Ok(reports) => {
                    files.push(("runs.jsonl".to_string(), std::mem::take(&mut self.jsonl)));
                    files.extend(reports);
                }
                Err(e) => return Step::Done(Err(JobError::Failed(e.to_string()))),
            }
        }
        Step::Done(Ok(Graded {
            errors: std::mem::take(&mut self.errors),
            files,
        }))
    }

    fn units(&mut self) -> Option<Arc<dyn Units>> {
        self.pooled = true;
        Some(Arc::new(ClassUnits(self.plan.clone())))
    }

    fn unit_done(&mut self, i: usize, out: Vec<u8>) {
        let text = match String::from_utf8(out) {
            Ok(t) if !t.is_empty() => t,
            _ => line(&lost(&self.plan, i, "the worker gave no result")),
        };
        self.waiting.insert(i, text);
    }

    fn unit_failed(&mut self, i: usize, why: String) {
        let why = format!("its worker failed: {why}");
        self.waiting.insert(i, line(&lost(&self.plan, i, &why)));
    }
}

/// The kind of [`ClassUnits`]' recipe.
pub const CLASS_UNITS: &str = "grade-class";

/// A class as data: the assignment's sources and each pupil's entry.
#[derive(Serialize, Deserialize)]
struct ClassRecipe {
    assignment: crate::sim::sources::Sources,
    pupils: Vec<PupilRecipe>,
}

#[derive(Serialize, Deserialize)]
struct PupilRecipe {
    id: String,
    /// The program file (name, bytes, its folder) or why there is none.
    program: Result<(String, Vec<u8>, Option<String>), String>,
    fingerprint: Vec<u8>,
}

impl ClassUnits {
    /// The units a [`Units::recipe`] of [`CLASS_UNITS`] describes: the same plan, read
    /// again from the assignment's sources and the pupils' bytes.
    pub fn from_recipe(bytes: &[u8]) -> Result<ClassUnits, String> {
        let r: ClassRecipe = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
        let assignment = r.assignment.assignment().map_err(|e| e.to_string())?;
        let pupils = r
            .pupils
            .into_iter()
            .map(|p| super::class::Pupil {
                id: p.id,
                program: p
                    .program
                    .map(|(name, bytes, dir)| super::class::ProgramFile {
                        name,
                        bytes,
                        dir: dir.map(Into::into),
                    }),
                fingerprint: p.fingerprint,
            })
            .collect();
        Ok(ClassUnits(Arc::new(Plan::new(assignment, pupils))))
    }
}

/// A class's runs as units: run `i` graded whole, its runs.jsonl line as bytes.
pub struct ClassUnits(pub Arc<Plan>);

impl Units for ClassUnits {
    fn count(&self) -> usize {
        self.0.runs.len()
    }

    fn run(&self, i: usize, _cancel: &AtomicBool) -> Vec<u8> {
        match self.0.runs.get(i) {
            Some(r) => line(&grade_one(&self.0, r)).into_bytes(),
            None => Vec::new(),
        }
    }

    fn recipe(&self) -> Option<Recipe> {
        let pupils = self
            .0
            .pupils
            .iter()
            .map(|p| PupilRecipe {
                id: p.id.clone(),
                program: p.program.clone().map(|f| {
                    let dir = f.dir.map(|d| d.to_string_lossy().into_owned());
                    (f.name, f.bytes, dir)
                }),
                fingerprint: p.fingerprint.clone(),
            })
            .collect();
        let recipe = ClassRecipe {
            assignment: (*self.0.assignment.sources).clone(),
            pupils,
        };
        Some(Recipe {
            kind: CLASS_UNITS,
            bytes: serde_json::to_vec(&recipe).ok()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::class;
    use std::path::Path;

    fn sample() -> Plan {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/grade");
        let a = crate::sim::assignment::Assignment::load(&root.join("assignment.toml")).unwrap();
        // NQC may be missing here: carol's .nqc is left out of the comparison class.
        let pupils = class::pupils(&root.join("programs"))
            .unwrap()
            .into_iter()
            .filter(|p| p.id != "carol")
            .collect();
        Plan::new(a, pupils)
    }

    fn finish(mut h: crate::host::JobHandle<ClassJob>) -> (Vec<RunRecord>, Graded) {
        let mut news = Vec::new();
        loop {
            let p = h.poll();
            news.extend(p.news);
            if let Some(done) = p.done {
                return (news, done.unwrap());
            }
            std::thread::yield_now();
        }
    }

    /// A class's units read back from their recipe alone (as a tab's Web Worker reads
    /// them) grade every run as the units themselves do, to the byte.
    #[test]
    fn a_class_read_back_from_its_recipe_grades_each_run_to_the_byte() {
        let units = ClassUnits(Arc::new(sample()));
        let recipe = units.recipe().expect("a class has a recipe");
        assert_eq!(recipe.kind, CLASS_UNITS);
        let again = ClassUnits::from_recipe(&recipe.bytes).unwrap();
        assert_eq!(again.count(), units.count());
        let no = AtomicBool::new(false);
        let wall = |b: Vec<u8>| {
            let mut v: serde_json::Value = serde_json::from_slice(&b).unwrap();
            v["wall_s"] = serde_json::Value::Null;
            v
        };
        for i in 0..units.count() {
            assert_eq!(wall(again.run(i, &no)), wall(units.run(i, &no)), "run {i}");
        }
        assert!(ClassUnits::from_recipe(b"not a class").is_err());
        // A scene's challenge: its scene file and the partner's program cross as bytes.
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/challenges");
        let a = crate::sim::assignment::Assignment::load(&root.join("infrared-relay.toml"));
        let a = a.unwrap();
        assert!(!a.sources.files.is_empty(), "the scene was read and kept");
        let file = class::ProgramFile {
            name: "solution.lasm".into(),
            bytes: std::fs::read(root.join("infrared-relay/solution.lasm")).unwrap(),
            dir: None,
        };
        let pupil = class::Pupil {
            id: "p".into(),
            program: Ok(file),
            fingerprint: Vec::new(),
        };
        let units = ClassUnits(Arc::new(Plan::new(a, vec![pupil])));
        let again = ClassUnits::from_recipe(&units.recipe().unwrap().bytes).unwrap();
        assert_eq!(units.count(), 3);
        for i in 0..units.count() {
            let (x, y) = (wall(again.run(i, &no)), wall(units.run(i, &no)));
            assert_eq!(x, y, "relay run {i}");
            assert_eq!(x["status"], "ok", "relay run {i}");
        }
    }

    #[test]
    fn in_frames_and_on_a_pool_the_class_gives_grade_s_files() {
        let plan = Arc::new(sample());
        let out = std::env::temp_dir().join(format!("lurobotsim-classjob-{}", std::process::id()));
        crate::grade::grade_into_folder(&plan, &out, 2, |_| {}).unwrap();
        let frames = finish(crate::host::job::in_frames(ClassJob::new(
            plan.clone(),
            true,
        )));
        let pool = crate::host::job::spawn_thread(ClassJob::new(plan.clone(), true), "t", 3);
        let pool = finish(pool.unwrap());
        for (news, graded) in [&frames, &pool] {
            assert_eq!(news.len(), plan.runs.len());
            let ids: Vec<&str> = news.iter().map(|r| r.run.as_str()).collect();
            let want: Vec<String> = plan.runs.iter().map(|r| plan.id(r)).collect();
            assert_eq!(ids, want, "in run order");
            for (name, bytes) in &graded.files {
                if name == "runs.jsonl" {
                    continue;
                }
                let disk = std::fs::read(out.join(name)).unwrap();
                assert!(disk == *bytes, "{name} differs from grade's");
            }
            assert!(graded.files.iter().any(|(n, _)| n == "report.html"));
        }
        let _ = std::fs::remove_dir_all(out);
    }
}

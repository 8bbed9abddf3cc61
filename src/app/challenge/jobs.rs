//! The challenge's background work, as host jobs: "All seeds" (the loaded program graded
//! on every seed of every scenario as `grade` grades a class of one: `grade::job::ClassJob`,
//! totalled by `grade::totals`) and Save as GIF (the run drawn off screen as `run --gif`
//! draws it).

use crate::rcx::Program;
use crate::sim::assignment::Assignment;
use crate::sim::scenario::Scenario;
use std::path::Path;

/// "All seeds" is the class of one pupil: the loaded program graded as `grade` grades a
/// class (`grade::job::ClassJob`, no reports), totalled by `grade::totals`.
pub(super) fn seeds_plan(a: &Assignment, name: &str, program: &Program) -> crate::grade::Plan {
    let stem = Path::new(name)
        .file_stem()
        .map_or("program".into(), |s| s.to_string_lossy().into_owned());
    let file = crate::grade::class::ProgramFile {
        // As the brick holds it: an image (whatever it was written in).
        name: format!("{stem}.rcx"),
        bytes: crate::rcx::image::write(program, &[]),
        dir: None,
    };
    let pupil = crate::grade::class::Pupil {
        id: stem,
        program: Ok(file),
        fingerprint: Vec::new(),
    };
    crate::grade::Plan::new(a.clone(), vec![pupil])
}

/// The total `grade` gives the one pupil of `records`.
pub(super) fn seeds_total(records: &[crate::grade::RunRecord]) -> f64 {
    crate::grade::totals(records)
        .values()
        .next()
        .map_or(0.0, crate::grade::Totals::total)
}

/// Save as GIF: the challenge's run drawn headless as `run --gif` draws it (the bytes).
pub struct GifJob(pub(super) Option<Scenario>);

impl crate::host::Job for GifJob {
    type News = ();
    type Output = Vec<u8>;

    /// One slice: the whole picture (a thread's; a tab cannot wait on the GPU).
    fn work(&mut self, _slice: &mut crate::host::Slice<'_, ()>) -> crate::host::Step<Vec<u8>> {
        use crate::host::{JobError, Step};
        let Some(scenario) = self.0.take() else {
            return Step::Done(Err(JobError::Failed("drawn already".into())));
        };
        Step::Done(crate::render::gif_bytes(&scenario).map_err(JobError::Failed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// "All seeds" a slice at a time (a tab's frames) totals as `grade` does: the mean of
    /// grade's run points over the seeds, whatever the program was written in.
    #[test]
    fn all_seeds_in_slices_give_grade_s_total() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/challenges");
        let a = Assignment::load(&root.join("drive.toml")).unwrap();
        for (name, expected) in [("solution.lasm", 7.0), ("naive.lasm", 3.0)] {
            let path = root.join("drive").join(name);
            let program = crate::nqc::load(&path).unwrap();
            let plan = Arc::new(seeds_plan(&a, name, &program));
            let mut job =
                crate::host::job::in_frames(crate::grade::job::ClassJob::new(plan, false));
            let (mut records, mut slices) = (Vec::new(), 0);
            loop {
                slices += 1;
                let p = job.poll();
                records.extend(p.news);
                if let Some(end) = p.done {
                    end.unwrap();
                    break;
                }
            }
            assert!(slices > 10, "{name}: done in many slices ({slices})");
            assert_eq!(seeds_total(&records), expected, "{name}");
        }
    }
}

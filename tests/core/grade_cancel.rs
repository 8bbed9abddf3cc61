//! The batch function `grade` uses, cancelled part way: the runs in flight finish, then
//! nothing is left in the output folder. (The app's Grade window cancels its
//! `grade::job::ClassJob` the same way: nothing is written.)

use lurobotsim::grade::{self, class, Plan};
use lurobotsim::sim::assignment::Assignment;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

fn sample_plan() -> Plan {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/grade");
    let a = Assignment::load(&root.join("assignment.toml")).unwrap();
    let pupils = class::pupils(&root.join("programs")).unwrap();
    Plan::new(a, pupils)
}

#[test]
fn a_batch_cancelled_after_two_runs_writes_no_runs_file_no_report_and_no_partial_file() {
    let plan = sample_plan();
    let out = std::env::temp_dir().join(format!("lurobotsim-grade-cancel-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let cancel = AtomicBool::new(false);
    let mut seen = 0;
    let result = grade::grade_into_folder_unless(&plan, &out, 1, &cancel, |_| {
        seen += 1;
        if seen == 2 {
            cancel.store(true, Ordering::Relaxed);
        }
    });
    match result {
        Err(grade::WriteError::Write(e)) => {
            assert_eq!(e.kind(), std::io::ErrorKind::Interrupted, "{e}")
        }
        other => panic!("cancelled, not {other:?}"),
    }
    assert_eq!(seen, 2, "no run is reported after Cancel");
    let left: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(left.is_empty(), "nothing left behind: {left:?}");
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn an_uncancelled_batch_grades_every_run_as_grade_into_folder_does() {
    let plan = sample_plan();
    let out =
        std::env::temp_dir().join(format!("lurobotsim-grade-nocancel-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let mut seen = 0;
    let errors =
        grade::grade_into_folder_unless(&plan, &out, 2, &AtomicBool::new(false), |_| seen += 1)
            .unwrap();
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(seen, plan.runs.len());
    let csv = std::fs::read_to_string(out.join("grades.csv")).unwrap();
    assert!(csv.lines().any(|l| l == "alice,11,11,8,3"), "{csv}");
    assert!(out.join("report.html").exists());
    let _ = std::fs::remove_dir_all(&out);
}

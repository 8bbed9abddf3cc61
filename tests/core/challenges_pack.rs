//! The built-in challenge pack (`assets/challenges`, issue 33): every `NAME.toml` found
//! in the folder is graded in-process with its reference program `NAME/solution.*`, which
//! must score full points on every seed, and its naive first try `NAME/naive.*`, which
//! must load, run and score less; every program opens in the app's editor as icons; and
//! the pack as a whole goes from easy to hard over every robot and every environment.

use lurobotsim::grade::{self, class, Plan, RunRecord, RunStatus};
use lurobotsim::rcx::load_program_file;
use lurobotsim::sim::assignment::Assignment;
use lurobotsim::trace::edit::{generate, Doc, Kind};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn pack() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/challenges")
}

/// Every challenge's assignment file, sorted: found by listing the folder, so a new
/// challenge is tested as soon as it is added.
fn challenges() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(pack())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

/// The one program `NAME/STEM.*` (a program ending `grade` takes) beside `assignment`.
fn program(assignment: &Path, stem: &str) -> PathBuf {
    let dir = assignment.with_extension("");
    let found: Vec<PathBuf> = class::EXTENSIONS
        .iter()
        .map(|ext| dir.join(format!("{stem}.{ext}")))
        .filter(|p| p.is_file())
        .collect();
    assert_eq!(
        found.len(),
        1,
        "{}: one {stem}.* expected, found {found:?}",
        dir.display()
    );
    found[0].clone()
}

fn pupil(id: &str, program: PathBuf) -> class::Pupil {
    let file = class::ProgramFile {
        name: program.file_name().unwrap().to_string_lossy().into_owned(),
        bytes: std::fs::read(&program).unwrap(),
        dir: program.parent().map(|d| d.to_path_buf()),
    };
    class::Pupil {
        id: id.to_string(),
        program: Ok(file),
        fingerprint: Vec::new(),
    }
}

/// A program's points in the whole assignment: the sum over scenarios of the mean over
/// seeds, as grades.csv adds them.
fn total(plan: &Plan, runs: &[RunRecord], student: &str) -> f64 {
    plan.assignment
        .scenarios
        .iter()
        .map(|sc| {
            let points: Vec<f64> = runs
                .iter()
                .filter(|r| r.student == student && r.scenario == sc.id)
                .map(|r| r.points)
                .collect();
            points.iter().sum::<f64>() / points.len() as f64
        })
        .sum()
}

/// What failed in a run, for a message: `criterion: actual`.
fn failures(run: &RunRecord) -> Vec<String> {
    run.criteria
        .iter()
        .filter(|c| c.points < c.max_points)
        .map(|c| format!("{}: {}", c.id, c.actual))
        .collect()
}

#[test]
fn every_challenge_s_solution_scores_full_points_on_every_seed_and_its_naive_try_does_not() {
    for file in challenges() {
        let name = file.display().to_string();
        let assignment = Assignment::load(&file).unwrap_or_else(|e| panic!("{e}"));
        let pupils = vec![
            pupil("naive", program(&file, "naive")),
            pupil("solution", program(&file, "solution")),
        ];
        let plan = Plan::new(assignment, pupils);
        let every: Vec<usize> = (0..plan.runs.len()).collect();
        let mut runs = Vec::new();
        grade::grade_all(&plan, &every, 2, |r| {
            runs.push(r);
            Ok(())
        })
        .unwrap();

        for run in &runs {
            assert_eq!(
                run.status,
                RunStatus::Ok,
                "{name} {}: {:?}",
                run.run,
                run.error
            );
            if run.student == "solution" {
                assert!(
                    run.points == run.max_points,
                    "{name} {}: {} of {} points; failed {:?}",
                    run.run,
                    run.points,
                    run.max_points,
                    failures(run)
                );
            }
        }
        let max = plan.assignment.max_points();
        let naive = total(&plan, &runs, "naive");
        assert!(
            naive < max,
            "{name}: the naive try scored full points ({naive} of {max})"
        );
    }
}

/// The models and environments a challenge's scenarios use (`robot` and `environment`,
/// or the robots and environment of its `scene`); every criterion must have a `say`.
fn worlds(file: &Path) -> (Vec<String>, Vec<String>) {
    let text = std::fs::read_to_string(file).unwrap();
    let doc: toml::Table = toml::from_str(&text).unwrap();
    let (mut robots, mut envs) = (Vec::new(), Vec::new());
    let text_of = |v: Option<&toml::Value>| v.and_then(|v| v.as_str()).map(str::to_string);
    for sc in doc["scenario"].as_array().unwrap() {
        // A pupil reads every criterion in the app's panel: each says it in words.
        for c in sc["criterion"].as_array().unwrap() {
            let say = text_of(c.get("say")).unwrap_or_default();
            assert!(
                !say.trim().is_empty(),
                "{}: {:?} says nothing",
                file.display(),
                c["id"]
            );
        }
        robots.extend(text_of(sc.get("robot")));
        envs.extend(text_of(sc.get("environment")));
        if let Some(scene) = text_of(sc.get("scene")) {
            let path = file.parent().unwrap().join(scene);
            let scene: toml::Table =
                toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
            envs.push(text_of(scene.get("environment")).unwrap_or_else(|| "E1".into()));
            for r in scene["robot"].as_array().unwrap() {
                robots.extend(text_of(r.get("model")));
            }
        }
    }
    (robots, envs)
}

#[test]
fn the_pack_has_eight_or_more_short_challenges_in_plain_words_numbered_easy_to_hard_over_every_robot_and_floor(
) {
    let files = challenges();
    assert!(files.len() >= 8, "only {} challenges", files.len());
    let (mut robots, mut envs) = (BTreeSet::new(), BTreeSet::new());
    let mut numbers = Vec::new();
    for file in &files {
        let name = file.display().to_string();
        let a = Assignment::load(file).unwrap_or_else(|e| panic!("{e}"));
        // The title starts with its place in the pack: "3 · There and back".
        let (number, title) = a
            .name
            .split_once(" · ")
            .unwrap_or_else(|| panic!("{name}: {}", a.name));
        assert!(!title.trim().is_empty(), "{name}");
        numbers.push(
            number
                .parse::<usize>()
                .unwrap_or_else(|_| panic!("{name}: {}", a.name)),
        );
        for sc in &a.scenarios {
            assert!(sc.end_ms <= 30_000, "{name} {}: {} ms", sc.id, sc.end_ms);
        }
        let (r, e) = worlds(file);
        robots.extend(r);
        envs.extend(e);
    }
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=files.len()).collect::<Vec<_>>());
    for model in ["M1", "M2", "M3", "M4", "M5"] {
        assert!(
            robots.contains(model),
            "no challenge for {model}: {robots:?}"
        );
    }
    for env in ["E1", "E2", "E3"] {
        assert!(envs.contains(env), "no challenge on {env}: {envs:?}");
    }
}

#[test]
fn every_program_of_the_pack_opens_as_icons_and_generates_back_byte_for_byte() {
    let mut opened = 0;
    for file in challenges() {
        let programs = std::fs::read_dir(file.with_extension(""))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "lasm"));
        for p in programs {
            let program = load_program_file(&p).unwrap_or_else(|e| panic!("{e}"));
            let doc = Doc::from_program(&program);
            // The palette has no infrared icons: only a program that sends or reads
            // messages may show code the editor cannot name.
            let text = std::fs::read_to_string(&p).unwrap();
            if !text.contains("\tmsg") && !text.contains(",15,") {
                let generic = doc
                    .strips
                    .iter()
                    .flat_map(|s| &s.icons)
                    .filter(|i| i.kind == Kind::Generic)
                    .count();
                assert_eq!(generic, 0, "{}: code with no icon", p.display());
            }
            let g = generate(&doc).unwrap_or_else(|e| panic!("{}: {e:?}", p.display()));
            assert_eq!(g.program.tasks, program.tasks, "{}", p.display());
            assert_eq!(g.program.subs, program.subs, "{}", p.display());
            opened += 1;
        }
    }
    assert!(opened >= 16, "only {opened} programs");
}

/// Issue 41: every challenge of the pack passes `grade check` with its solution — a
/// program that does nothing earns nothing, one that only drives forward, only spins or
/// drives forward for a time earns less than half (unless the challenge says timed driving
/// is its task), the solution scores full points on every seed with its waits and powers
/// nudged ±5 %, and the seeds give different runs.
#[test]
fn every_challenge_passes_the_fairness_check_with_its_solution() {
    use lurobotsim::grade::check::{Checker, Solution};
    for file in challenges() {
        let a = Assignment::load(&file).unwrap();
        let solution = Solution::from_file(&program(&file, "solution"));
        let report = Checker::new(std::sync::Arc::new(a), Some(solution)).run_all(2);
        let said = report.lines(lurobotsim::i18n::Lang::En).join("\n");
        assert_eq!(report.problems(), [], "{}:\n{said}", file.display());
        assert!(report.solution.is_some(), "{said}");
        for s in &report.seeds {
            assert!(s.count > 1 && !s.identical, "{}:\n{said}", file.display());
        }
        assert!(said.ends_with("Fair: no problems found."), "{said}");
    }
}

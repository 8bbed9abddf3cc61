//! What `scripts/check` runs once: the core's tests run without the app's features, then
//! every test runs again with them, but for the modules named after `--skip`. Those must
//! reach nothing the features change, or that run would be lost.

use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The module names after `--skip` in `scripts/check` (each written `name::`).
fn skipped_with_the_features() -> Vec<String> {
    let script = std::fs::read_to_string(root().join("scripts/check")).unwrap();
    let line = script
        .lines()
        .find(|l| l.starts_with("phase \"test (all)\""))
        .expect("scripts/check has its test (all) phase");
    let words: Vec<&str> = line.split_whitespace().collect();
    words
        .windows(2)
        .filter(|w| w[0] == "--skip")
        .map(|w| {
            let name = w[1]
                .strip_suffix("::")
                .unwrap_or_else(|| panic!("--skip {} must name a module as `name::`", w[1]));
            name.to_string()
        })
        .collect()
}

#[test]
fn the_modules_run_only_without_the_app_s_features_reach_nothing_the_features_change() {
    let skipped = skipped_with_the_features();
    assert!(!skipped.is_empty(), "the phase names what it skips");
    let main = std::fs::read_to_string(root().join("tests/core/main.rs")).unwrap();
    for name in &skipped {
        // A module of this crate, compiled in both phases.
        let declared = format!("\nmod {name};");
        let at = main
            .find(&declared)
            .unwrap_or_else(|| panic!("{name} is not a module of tests/core"));
        let before = main[..at].lines().last().unwrap_or_default();
        assert!(
            !before.contains("cfg"),
            "{name} is built only with a feature"
        );
        // No code that differs by feature: no cfg, and no NQC (compiled only with the
        // desktop feature; without it a .nqc program is refused).
        let text = std::fs::read_to_string(root().join(format!("tests/core/{name}.rs")))
            .unwrap_or_else(|e| panic!("tests/core/{name}.rs: {e}"));
        for (n, line) in text.lines().enumerate() {
            assert!(
                !line.contains("cfg(") && !line.contains("cfg!(") && !line.contains("nqc"),
                "tests/core/{name}.rs:{}: {line}\nthis module runs only without the app's \
                 features: take it out of scripts/check's --skip list",
                n + 1
            );
        }
    }
    // The challenge pack, which challenges_pack runs, holds no NQC program either.
    let mut files = Vec::new();
    let mut dirs = vec![root().join("assets/challenges")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else {
                files.push(p);
            }
        }
    }
    assert!(files.len() > 20, "{files:?}");
    let nqc: Vec<_> = files
        .iter()
        .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("nqc")))
        .collect();
    assert!(nqc.is_empty(), "{nqc:?}");
}

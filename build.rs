//! Embeds the built-in challenge pack: every `assets/challenges/NAME.toml` with the files of
//! its folder `assets/challenges/NAME/`, as a table the app's Challenges menu lists
//! (`$OUT_DIR/challenges.rs`), so a new challenge appears without a change to the code.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new("assets/challenges");
    println!("cargo:rerun-if-changed=assets/challenges");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .filter_map(|e| {
                    let p = e.path();
                    let toml = p.extension().is_some_and(|x| x == "toml") && p.is_file();
                    toml.then(|| p.file_stem()?.to_str().map(str::to_string))
                        .flatten()
                })
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let root = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let mut out = String::from("&[\n");
    for name in &names {
        let folder = dir.join(name);
        println!("cargo:rerun-if-changed={}", folder.display());
        let mut files: Vec<String> = std::fs::read_dir(&folder)
            .map(|rd| {
                rd.flatten()
                    .filter(|e| e.path().is_file())
                    .filter_map(|e| e.file_name().to_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        let path = |rel: &str| format!("{root}/assets/challenges/{rel}");
        let _ = write!(
            out,
            "    BuiltinChallenge {{ stem: {name:?}, toml: include_str!({:?}), files: &[",
            path(&format!("{name}.toml"))
        );
        for f in &files {
            let _ = write!(
                out,
                "({f:?}, include_bytes!({:?})), ",
                path(&format!("{name}/{f}"))
            );
        }
        out.push_str("] },\n");
    }
    out.push(']');
    let target = Path::new(&std::env::var("OUT_DIR").unwrap_or_default()).join("challenges.rs");
    if let Err(e) = std::fs::write(&target, out) {
        panic!("cannot write {}: {e}", target.display());
    }
}

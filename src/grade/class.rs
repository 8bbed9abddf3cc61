//! The programs folder: one entry per pupil, a file (`alice.rcx`) or a folder (`alice/`,
//! holding one program). Anything wrong with a pupil's entry — a second program, none, a
//! file of another kind, one over [`MAX_PROGRAM_BYTES`], a link out of the folder — is
//! that pupil's `load_failed`, found here and carried into every one of their runs.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Largest program file a pupil may hand in, bytes (an RCX holds 6 KB of programs; NQC
/// sources and LASM text are larger, but not this large).
pub const MAX_PROGRAM_BYTES: u64 = 1 << 20;
/// Most pupils in one folder.
pub const MAX_PUPILS: usize = 100_000;

/// Program file endings `grade` takes.
pub const EXTENSIONS: [&str; 3] = ["rcx", "lasm", "nqc"];

/// One pupil's entry.
#[derive(Clone, Debug)]
pub struct Pupil {
    pub id: String,
    /// The program file, or why there is none to load.
    pub program: Result<PathBuf, String>,
    /// What the entry holds, for the digest that shards and merge compare: names and bytes.
    pub fingerprint: Vec<u8>,
}

fn has_program_extension(p: &Path) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| EXTENSIONS.iter().any(|x| x.eq_ignore_ascii_case(e)))
}

/// Whether `p`, followed through any links, stays inside `root` (already canonical).
fn inside(root: &Path, p: &Path) -> bool {
    std::fs::canonicalize(p).is_ok_and(|c| c.starts_with(root))
}

/// Checks one program file: inside the folder, a regular file, not too large.
fn check_file(root: &Path, p: &Path) -> Result<PathBuf, String> {
    let shown = p.display();
    if !inside(root, p) {
        return Err(format!(
            "{shown}: a link to outside the programs folder is not followed"
        ));
    }
    let meta = std::fs::metadata(p).map_err(|e| format!("{shown}: {e}"))?;
    if !meta.is_file() {
        return Err(format!("{shown}: not a regular file"));
    }
    if meta.len() > MAX_PROGRAM_BYTES {
        return Err(format!(
            "{shown}: {} bytes; a program file may have at most {MAX_PROGRAM_BYTES} (1 MiB)",
            meta.len()
        ));
    }
    Ok(p.to_path_buf())
}

/// The pupils of a programs folder, ordered by id. Errors only when the folder itself
/// cannot be read.
pub fn pupils(dir: &Path) -> Result<Vec<Pupil>, String> {
    let root = std::fs::canonicalize(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    if !root.is_dir() {
        return Err(format!("{}: not a folder", dir.display()));
    }
    let mut names: Vec<(String, PathBuf)> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .filter(|(n, _)| !n.starts_with('.'))
        .collect();
    names.sort();
    if names.len() > MAX_PUPILS {
        return Err(format!(
            "{}: {} entries; at most {MAX_PUPILS} pupils",
            dir.display(),
            names.len()
        ));
    }
    // Each id with every entry that claims it.
    let mut by_id: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for (name, path) in names {
        let is_dir = std::fs::metadata(&path).is_ok_and(|m| m.is_dir());
        let id = if is_dir {
            name
        } else {
            Path::new(&name)
                .file_stem()
                .map_or(name.clone(), |s| s.to_string_lossy().into_owned())
        };
        by_id.entry(id).or_default().push(path);
    }
    Ok(by_id
        .into_iter()
        .map(|(id, entries)| {
            let program = entry_program(&root, &entries);
            let mut fingerprint = Vec::new();
            // Names relative to the folder: shards may see it mounted at other paths.
            let rel = |p: &Path| p.strip_prefix(dir).unwrap_or(p).display().to_string();
            if let Ok(p) = &program {
                fingerprint.extend(rel(p).into_bytes());
                fingerprint.extend(std::fs::read(p).unwrap_or_default());
            } else {
                for e in &entries {
                    fingerprint.extend(rel(e).into_bytes());
                }
            }
            Pupil {
                id,
                program,
                fingerprint,
            }
        })
        .collect())
}

/// The one program of a pupil's entries, or why there is none.
fn entry_program(root: &Path, entries: &[PathBuf]) -> Result<PathBuf, String> {
    let [entry] = entries else {
        let names: Vec<String> = entries
            .iter()
            .filter_map(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .collect();
        return Err(format!(
            "more than one entry for this pupil ({}); keep one",
            names.join(", ")
        ));
    };
    if !inside(root, entry) {
        return Err(format!(
            "{}: a link to outside the programs folder is not followed",
            entry.display()
        ));
    }
    if std::fs::metadata(entry).is_ok_and(|m| m.is_dir()) {
        let mut programs: Vec<PathBuf> = std::fs::read_dir(entry)
            .map_err(|e| format!("{}: {e}", entry.display()))?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| {
                has_program_extension(p)
                    && !p
                        .file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
            })
            .collect();
        programs.sort();
        return match programs.as_slice() {
            [] => Err(format!(
                "{}: no program in the folder (a .rcx, .lasm or .nqc file)",
                entry.display()
            )),
            [one] => check_file(root, one),
            many => Err(format!(
                "{}: {} programs in the folder ({}); keep one",
                entry.display(),
                many.len(),
                many.iter()
                    .filter_map(|p| p.file_name())
                    .map(|n| n.to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        };
    }
    if !has_program_extension(entry) {
        return Err(format!(
            "{}: not a program file (a .rcx, .lasm or .nqc file)",
            entry.display()
        ));
    }
    check_file(root, entry)
}

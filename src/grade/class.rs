//! The class: one entry per pupil, a file (`alice.rcx`) or a folder (`alice/`, holding one
//! program), its program as loaded bytes. Anything wrong with a pupil's entry — a second
//! program, none, a file of another kind, one over [`MAX_PROGRAM_BYTES`], a link out of
//! the folder — is that pupil's `load_failed`, found here and carried into every one of
//! their runs.
//!
//! Which pupil is who is decided in memory ([`pupils_of`]) from the entries as read: from
//! a programs folder on disk ([`pupils`], the command line and the desktop app), or from
//! files a browser tab was given, picked or unpacked from a zip ([`entries_of_files`]).
//! Every name is relative to the programs folder, so the same class gives the same words
//! wherever it lies.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Largest program file a pupil may hand in, bytes (an RCX holds 6 KB of programs; NQC
/// sources and LASM text are larger, but not this large).
pub const MAX_PROGRAM_BYTES: u64 = 1 << 20;
/// Most pupils in one folder.
pub const MAX_PUPILS: usize = 100_000;

/// Program file endings `grade` takes.
pub const EXTENSIONS: [&str; 3] = ["rcx", "lasm", "nqc"];

/// A pupil's program as handed in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramFile {
    /// Its path relative to the programs folder, `/` between folders (`dana/prog.lasm`).
    pub name: String,
    pub bytes: Vec<u8>,
    /// The folder it lies in on disk, when it came from one (NQC's `#include`s).
    pub dir: Option<PathBuf>,
}

/// One pupil's entry.
#[derive(Clone, Debug)]
pub struct Pupil {
    pub id: String,
    /// The program, or why there is none to load.
    pub program: Result<ProgramFile, String>,
    /// What the entry holds, for the digest that shards and merge compare: names and bytes.
    pub fingerprint: Vec<u8>,
}

/// A file of an entry as read: its bytes, or why it cannot be used (`NAME: why`).
pub type Content = Result<Vec<u8>, String>;

/// One entry of a programs folder as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A file at the top (`alice.lasm`); only a program file's bytes are read.
    File { name: String, content: Content },
    /// A folder (`dana`) with the files in it (`prog.lasm`, `notes.txt`).
    Folder {
        name: String,
        files: Vec<(String, Content)>,
    },
    /// Something that cannot be an entry (a folder's or a file's), and why (`NAME: why`).
    Unusable {
        name: String,
        folder: bool,
        why: String,
    },
}

impl Entry {
    fn name(&self) -> &str {
        match self {
            Entry::File { name, .. }
            | Entry::Folder { name, .. }
            | Entry::Unusable { name, .. } => name,
        }
    }
}

/// Whether `name` ends in a program file's extension (any case).
pub fn is_program(name: &str) -> bool {
    Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| EXTENSIONS.iter().any(|x| x.eq_ignore_ascii_case(e)))
}

fn hidden(name: &str) -> bool {
    name.starts_with('.')
}

/// A file's bytes checked against [`MAX_PROGRAM_BYTES`] (`name`: how errors call it).
pub fn bounded(name: &str, bytes: Vec<u8>) -> Content {
    match bytes.len() as u64 > MAX_PROGRAM_BYTES {
        true => Err(too_large(name, bytes.len() as u64)),
        false => Ok(bytes),
    }
}

fn too_large(name: &str, size: u64) -> String {
    format!("{name}: {size} bytes; a program file may have at most {MAX_PROGRAM_BYTES} (1 MiB)")
}

/// The pupils of a class read into `entries`, ordered by id. Errors only when there are
/// too many.
pub fn pupils_of(entries: Vec<Entry>) -> Result<Vec<Pupil>, String> {
    let mut entries: Vec<Entry> = entries.into_iter().filter(|e| !hidden(e.name())).collect();
    if entries.len() > MAX_PUPILS {
        return Err(format!(
            "{} entries; at most {MAX_PUPILS} pupils",
            entries.len()
        ));
    }
    entries.sort_by(|a, b| a.name().cmp(b.name()));
    // Each id with every entry that claims it.
    let mut by_id: BTreeMap<String, Vec<Entry>> = BTreeMap::new();
    for e in entries {
        let id = match &e {
            Entry::File { name, .. }
            | Entry::Unusable {
                name,
                folder: false,
                ..
            } => Path::new(name)
                .file_stem()
                .map_or(name.clone(), |s| s.to_string_lossy().into_owned()),
            Entry::Folder { name, .. } | Entry::Unusable { name, .. } => name.clone(),
        };
        by_id.entry(id).or_default().push(e);
    }
    Ok(by_id
        .into_iter()
        .map(|(id, entries)| {
            let program = entry_program(&entries);
            let mut fingerprint = Vec::new();
            match &program {
                Ok(p) => {
                    fingerprint.extend(p.name.as_bytes());
                    fingerprint.extend(&p.bytes);
                }
                Err(_) => {
                    for e in &entries {
                        fingerprint.extend(e.name().as_bytes());
                    }
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
fn entry_program(entries: &[Entry]) -> Result<ProgramFile, String> {
    let [entry] = entries else {
        let names: Vec<&str> = entries.iter().map(Entry::name).collect();
        return Err(format!(
            "more than one entry for this pupil ({}); keep one",
            names.join(", ")
        ));
    };
    match entry {
        Entry::Unusable { why, .. } => Err(why.clone()),
        Entry::File { name, content } => {
            if !is_program(name) {
                return Err(format!(
                    "{name}: not a program file (a .rcx, .lasm or .nqc file)"
                ));
            }
            file(name.clone(), content)
        }
        Entry::Folder { name, files } => {
            let mut programs: Vec<&(String, Content)> = files
                .iter()
                .filter(|(f, _)| is_program(f) && !hidden(f))
                .collect();
            programs.sort_by(|a, b| a.0.cmp(&b.0));
            match programs.as_slice() {
                [] => Err(format!(
                    "{name}: no program in the folder (a .rcx, .lasm or .nqc file)"
                )),
                [(f, content)] => file(format!("{name}/{f}"), content),
                many => Err(format!(
                    "{name}: {} programs in the folder ({}); keep one",
                    many.len(),
                    many.iter()
                        .map(|(f, _)| f.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            }
        }
    }
}

fn file(name: String, content: &Content) -> Result<ProgramFile, String> {
    let bytes = content.clone()?;
    Ok(ProgramFile {
        name,
        bytes,
        dir: None,
    })
}

/// The entries of a class given as files with their names relative to what was given
/// (`alice.lasm`, `dana/prog.lasm`; a folder's own name ends in `/`: a browser tab's picked
/// files, a zip's members), each its bytes or why they could not be read: a folder that
/// holds everything (`programs/…`, a zipped folder) is looked into; a file deeper than a
/// pupil's folder is not one of theirs (as on disk).
pub fn entries_of_files(files: Vec<(String, Content)>) -> Vec<Entry> {
    let mut files: Vec<(Vec<String>, bool, Content)> = files
        .into_iter()
        .map(|(n, b)| {
            let n = n.replace('\\', "/");
            let folder = n.ends_with('/');
            let parts = n
                .split('/')
                .filter(|p| !p.is_empty() && *p != ".")
                .map(str::to_string)
                .collect();
            (parts, folder, b)
        })
        .filter(|(parts, _, _): &(Vec<String>, bool, Content)| {
            !parts.is_empty() && !parts.iter().any(|p| p == "..")
        })
        .collect();
    // One folder around everything (a zipped `programs/`): its inside is the class.
    loop {
        let first = files
            .iter()
            .find(|(p, folder, _)| p.len() > 1 || !folder)
            .map(|(p, _, _)| p[0].clone());
        let Some(first) = first else { break };
        let around = files
            .iter()
            .all(|(p, folder, _)| p[0] == first && (p.len() > 1 || (*folder && p.len() == 1)));
        if !around {
            break;
        }
        files.retain(|(p, _, _)| p.len() > 1);
        for (p, _, _) in &mut files {
            p.remove(0);
        }
    }
    let mut tops: BTreeMap<String, Entry> = BTreeMap::new();
    for (parts, folder, content) in files {
        match (parts.as_slice(), folder) {
            ([one], false) => {
                let content = match is_program(one) {
                    true => content.and_then(|b| bounded(one, b)),
                    false => Ok(Vec::new()),
                };
                tops.insert(
                    one.clone(),
                    Entry::File {
                        name: one.clone(),
                        content,
                    },
                );
            }
            ([one], true) => {
                tops.entry(one.clone()).or_insert_with(|| Entry::Folder {
                    name: one.clone(),
                    files: Vec::new(),
                });
            }
            ([name, inside], false) => {
                let e = tops.entry(name.clone()).or_insert_with(|| Entry::Folder {
                    name: name.clone(),
                    files: Vec::new(),
                });
                if let Entry::Folder { files, .. } = e {
                    let shown = format!("{name}/{inside}");
                    files.push((inside.clone(), content.and_then(|b| bounded(&shown, b))));
                }
            }
            // Deeper, or a folder inside: only the pupil's folder is there.
            ([name, ..], _) => {
                tops.entry(name.clone()).or_insert_with(|| Entry::Folder {
                    name: name.clone(),
                    files: Vec::new(),
                });
            }
            ([], _) => {}
        }
    }
    tops.into_values().collect()
}

/// Whether `p`, followed through any links, stays inside `root` (already canonical).
fn inside(root: &Path, p: &Path) -> bool {
    std::fs::canonicalize(p).is_ok_and(|c| c.starts_with(root))
}

/// One program file of the folder on disk: inside it, a regular file, not too large.
fn read_file(root: &Path, p: &Path, shown: &str) -> Content {
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
        return Err(too_large(shown, meta.len()));
    }
    let bytes = std::fs::read(p).map_err(|e| format!("{shown}: {e}"))?;
    bounded(shown, bytes)
}

/// The names in `dir` (hidden ones left out), sorted.
fn names_in(dir: &Path) -> Result<Vec<(String, PathBuf)>, String> {
    let mut names: Vec<(String, PathBuf)> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .filter(|(n, _)| !hidden(n))
        .collect();
    names.sort();
    Ok(names)
}

/// The entries of a programs folder on disk: every program file read (links out of the
/// folder not followed).
pub fn read_folder(dir: &Path) -> Result<Vec<Entry>, String> {
    let root = std::fs::canonicalize(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    if !root.is_dir() {
        return Err(format!("{}: not a folder", dir.display()));
    }
    let names = names_in(dir)?;
    if names.len() > MAX_PUPILS {
        return Err(format!(
            "{}: {} entries; at most {MAX_PUPILS} pupils",
            dir.display(),
            names.len()
        ));
    }
    let mut entries = Vec::new();
    for (name, path) in names {
        let entry = if !inside(&root, &path) {
            Entry::Unusable {
                why: format!("{name}: a link to outside the programs folder is not followed"),
                folder: std::fs::metadata(&path).is_ok_and(|m| m.is_dir()),
                name,
            }
        } else if std::fs::metadata(&path).is_ok_and(|m| m.is_dir()) {
            let files = names_in(&path)
                .unwrap_or_default()
                .into_iter()
                .map(|(f, p)| {
                    let shown = format!("{name}/{f}");
                    let content = match is_program(&f) {
                        true => read_file(&root, &p, &shown),
                        false => Ok(Vec::new()),
                    };
                    (f, content)
                })
                .collect();
            Entry::Folder { name, files }
        } else {
            let content = match is_program(&name) {
                true => read_file(&root, &path, &name),
                false => Ok(Vec::new()),
            };
            Entry::File { name, content }
        };
        entries.push(entry);
    }
    Ok(entries)
}

/// The pupils of a programs folder on disk, ordered by id, each program read (NQC finds a
/// source's `#include`s beside it). Errors only when the folder itself cannot be read.
pub fn pupils(dir: &Path) -> Result<Vec<Pupil>, String> {
    let mut pupils = pupils_of(read_folder(dir)?).map_err(|e| format!("{}: {e}", dir.display()))?;
    for p in &mut pupils {
        if let Ok(f) = &mut p.program {
            let at = dir.join(&f.name);
            f.dir = at.parent().map(Path::to_path_buf);
        }
    }
    Ok(pupils)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(pupils: &[Pupil]) -> Vec<(String, Result<String, String>)> {
        pupils
            .iter()
            .map(|p| {
                let program = p
                    .program
                    .as_ref()
                    .map(|f| f.name.clone())
                    .map_err(Clone::clone);
                (p.id.clone(), program)
            })
            .collect()
    }

    #[test]
    fn files_given_in_memory_make_the_same_class_as_the_folder_on_disk() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/grade/programs");
        let on_disk = pupils(&root).unwrap();
        // The folder as a zip holds it: everything under one folder.
        let mut files = Vec::new();
        for e in read_folder(&root).unwrap() {
            match e {
                Entry::File { name, .. } => {
                    let bytes = std::fs::read(root.join(&name)).unwrap();
                    files.push((format!("programs/{name}"), Ok(bytes)));
                }
                Entry::Folder { name, files: inner } => {
                    for (f, _) in inner {
                        let bytes = std::fs::read(root.join(&name).join(&f)).unwrap();
                        files.push((format!("programs/{name}/{f}"), Ok(bytes)));
                    }
                }
                Entry::Unusable { .. } => unreachable!("no links in the sample class"),
            }
        }
        let in_memory = pupils_of(entries_of_files(files)).unwrap();
        assert_eq!(names(&on_disk), names(&in_memory));
        for (a, b) in on_disk.iter().zip(&in_memory) {
            assert_eq!(a.fingerprint, b.fingerprint, "{}", a.id);
        }
        let hal = in_memory.iter().find(|p| p.id == "hal").unwrap();
        assert!(hal
            .program
            .as_ref()
            .unwrap_err()
            .contains("hal.lasm, hal.rcx"));
        let erin = in_memory.iter().find(|p| p.id == "erin").unwrap();
        assert!(erin
            .program
            .as_ref()
            .unwrap_err()
            .starts_with("erin: no program"));
    }

    #[test]
    fn a_file_over_the_limit_or_too_deep_is_not_a_program() {
        let big = vec![b' '; MAX_PROGRAM_BYTES as usize + 1];
        let entries = entries_of_files(vec![
            ("big.lasm".into(), Ok(big)),
            ("deep/er/x.lasm".into(), Ok(b"task 0\nendt\n".to_vec())),
            ("../evil.lasm".into(), Ok(b"task 0\nendt\n".to_vec())),
        ]);
        let p = pupils_of(entries).unwrap();
        assert_eq!(p.len(), 2, "{:?}", names(&p));
        assert!(p[0]
            .program
            .as_ref()
            .unwrap_err()
            .contains("at most 1048576"));
        assert!(p[1]
            .program
            .as_ref()
            .unwrap_err()
            .starts_with("deep: no program"));
    }
}

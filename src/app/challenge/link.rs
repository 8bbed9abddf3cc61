//! A challenge by link (issue 41): a teacher's challenge file and the files it names — a
//! scene, the scene's programs (the partner robots') — packed into the bytes of one key of
//! a share link, `#challenge=…`, which `share.rs` deflates and base64url-encodes as it does
//! `prog=` (one encoding for every link). Pure bytes and text: no files, no GUI.
//!
//! The packed bytes ([`Source::pack`]): the line `lurobotsim-challenge 1\n`, then each file
//! as its name's length (2 bytes, little-endian), its name (UTF-8: the path the challenge
//! names it by, relative to the challenge's folder, `/` between folders), its length
//! (4 bytes, little-endian) and its bytes; the first file is the challenge itself.
//! Bounds: the link's fragment at most `share.rs`'s `MAX_FRAGMENT` (64 KiB) characters,
//! the packed bytes at most [`MAX_PACKED`] (what an assignment file may have), at most
//! [`MAX_FILES`] files. Robot and floor files other than M1–M5 and E1–E4 are not carried (a
//! challenge that names one cannot be shared by link, and says so).

use crate::i18n::Lang;
use crate::sim::assignment::Assignment;
use crate::world::spec::SpecError;
use std::path::{Component, Path};

/// The first line of the packed bytes (the format's name and version).
pub const MAGIC: &[u8] = b"lurobotsim-challenge 1\n";
/// The most bytes a challenge link unpacks to: an assignment file's own bound.
pub const MAX_PACKED: usize = crate::sim::assignment::MAX_FILE_BYTES as usize;
/// The most files a challenge link carries (the challenge, its scenes and their programs).
pub const MAX_FILES: usize = 64;
/// The longest file name carried, bytes.
const MAX_NAME: usize = 1024;

/// A challenge as a link carries it: its file's name and text, and the files it names by
/// the paths it names them with.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Source {
    pub name: String,
    pub text: String,
    pub files: Vec<(String, Vec<u8>)>,
}

/// Why a challenge link could not be made or opened: said in the reader's language by
/// [`Problem::words`], in English by `Display`.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// The value is not base64url text.
    NotBase64,
    /// The value is not DEFLATE data (cut short or changed).
    Damaged,
    /// It unpacks to more than `max` bytes.
    TooLarge { max: usize },
    /// The unpacked bytes are not a challenge lurobotsim packed.
    NotAChallenge,
    /// The challenge names a file the link does not carry.
    MissingFile { file: String },
    /// The challenge file has a mistake (`FILE:LINE: message`, as the file's loader says it).
    Mistake(String),
    /// The challenge names a robot or floor file (not M1–M5, E1–E4): a link cannot carry it.
    NamesAWorldFile { file: String },
    /// The link would be longer than a link may be.
    TooLong { chars: usize, max: usize },
}

impl Problem {
    /// The problem in `lang`, as a clause the app puts in its sentence.
    pub fn words(&self, lang: Lang) -> String {
        match self {
            Problem::NotBase64 => crate::tr!(lang, "challenge-link-not-base64"),
            Problem::Damaged => crate::tr!(lang, "challenge-link-damaged"),
            Problem::TooLarge { max } => {
                crate::tr!(lang, "challenge-link-too-large", max = max.to_string())
            }
            Problem::NotAChallenge => crate::tr!(lang, "challenge-link-not-a-challenge"),
            Problem::MissingFile { file } => {
                crate::tr!(lang, "challenge-link-missing-file", file = file.clone())
            }
            Problem::Mistake(e) => crate::tr!(lang, "challenge-link-mistake", e = e.clone()),
            Problem::NamesAWorldFile { file } => {
                crate::tr!(lang, "challenge-link-world-file", file = file.clone())
            }
            Problem::TooLong { chars, max } => crate::tr!(
                lang,
                "challenge-link-too-long",
                chars = chars.to_string(),
                max = max.to_string()
            ),
        }
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words(Lang::En))
    }
}

/// `path` as a link names it: its parts joined by `/`, whatever the system's separator.
fn key_of(path: &Path) -> String {
    path.components()
        .filter(|c| !matches!(c, Component::CurDir))
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

impl Source {
    /// Reads the challenge `text` (file `name`, in folder `dir`) with `read`, and keeps every
    /// file it reads by its path relative to `dir`: the assignment, and the source a link
    /// carries.
    pub fn record(
        name: &str,
        text: &str,
        dir: &Path,
        read: crate::sim::scene::ReadFile,
    ) -> (Result<Assignment, SpecError>, Source) {
        let kept = std::cell::RefCell::new(Vec::<(String, Vec<u8>)>::new());
        let keeping = |p: &Path| {
            let bytes = read(p)?;
            let rel = p.strip_prefix(dir).unwrap_or(p);
            let key = key_of(rel);
            let mut kept = kept.borrow_mut();
            if !kept.iter().any(|(k, _)| *k == key) {
                kept.push((key, bytes.clone()));
            }
            Ok(bytes)
        };
        let a = Assignment::parse_with(name, text, dir, &keeping);
        let file = Path::new(name)
            .file_name()
            .map_or_else(|| name.to_string(), |n| n.to_string_lossy().into_owned());
        let source = Source {
            name: file,
            text: text.to_string(),
            files: kept.into_inner(),
        };
        (a, source)
    }

    /// The challenge read from the link's files alone (never the disk): a file it names
    /// that the link lacks is [`Problem::MissingFile`], a mistake [`Problem::Mistake`].
    pub fn assignment(&self) -> Result<Assignment, Problem> {
        let missing = std::cell::RefCell::new(None::<String>);
        let read = |p: &Path| {
            let key = key_of(p);
            match self.files.iter().find(|(k, _)| *k == key) {
                Some((_, bytes)) => Ok(bytes.clone()),
                None => {
                    missing.borrow_mut().get_or_insert(key.clone());
                    Err(std::io::Error::new(
                        std::io::ErrorKind::NotFound,
                        format!("{key} is not in the link"),
                    ))
                }
            }
        };
        let a = Assignment::parse_with(&self.name, &self.text, Path::new(""), &read);
        match (a, missing.into_inner()) {
            (Ok(a), _) => {
                world_files_builtin(&a)?;
                Ok(a)
            }
            (Err(_), Some(file)) => Err(Problem::MissingFile { file }),
            (Err(e), None) => Err(Problem::Mistake(e.to_string())),
        }
    }

    /// The packed bytes (see the module's documentation).
    pub fn pack(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        let first = (self.name.as_str(), self.text.as_bytes());
        let rest = self.files.iter().map(|(n, b)| (n.as_str(), b.as_slice()));
        for (name, bytes) in std::iter::once(first).chain(rest) {
            out.extend_from_slice(&(name.len() as u16).to_le_bytes());
            out.extend_from_slice(name.as_bytes());
            out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
            out.extend_from_slice(bytes);
        }
        out
    }

    /// The inverse of [`Source::pack`]: anything else is [`Problem::NotAChallenge`].
    pub fn unpack(bytes: &[u8]) -> Result<Source, Problem> {
        let mut rest = bytes.strip_prefix(MAGIC).ok_or(Problem::NotAChallenge)?;
        let mut files: Vec<(String, Vec<u8>)> = Vec::new();
        while !rest.is_empty() {
            let name_len = u16::from_le_bytes(take(&mut rest)?) as usize;
            if name_len == 0 || name_len > MAX_NAME || files.len() >= MAX_FILES {
                return Err(Problem::NotAChallenge);
            }
            let name = std::str::from_utf8(take_n(&mut rest, name_len)?)
                .map_err(|_| Problem::NotAChallenge)?
                .to_string();
            let size = u32::from_le_bytes(take(&mut rest)?) as usize;
            let data = take_n(&mut rest, size)?.to_vec();
            if files.iter().any(|(n, _)| *n == name) {
                return Err(Problem::NotAChallenge);
            }
            files.push((name, data));
        }
        if files.is_empty() {
            return Err(Problem::NotAChallenge);
        }
        let (name, text) = files.remove(0);
        let text = String::from_utf8(text).map_err(|_| Problem::NotAChallenge)?;
        Ok(Source { name, text, files })
    }
}

/// The next `n` bytes of `rest`, which moves past them.
fn take_n<'a>(rest: &mut &'a [u8], n: usize) -> Result<&'a [u8], Problem> {
    if rest.len() < n {
        return Err(Problem::NotAChallenge);
    }
    let (head, tail) = rest.split_at(n);
    *rest = tail;
    Ok(head)
}

/// The next `N` bytes of `rest` as an array (a little-endian length).
fn take<const N: usize>(rest: &mut &[u8]) -> Result<[u8; N], Problem> {
    take_n(rest, N)?
        .try_into()
        .map_err(|_| Problem::NotAChallenge)
}

/// Refuses a challenge whose scenarios name robot or floor files a link cannot carry.
pub fn world_files_builtin(a: &Assignment) -> Result<(), Problem> {
    use crate::world::spec::{is_builtin_env, is_builtin_robot};
    for sc in &a.scenarios {
        let mut robots = vec![&sc.robot];
        let mut envs = vec![&sc.environment];
        if let Some(scene) = &sc.scene {
            robots.extend(scene.robots.iter().filter_map(|r| r.model.as_ref()));
            envs.push(&scene.environment);
        }
        let robot = robots.iter().find(|s| !is_builtin_robot(&s.name));
        let env = envs.iter().find(|s| !is_builtin_env(&s.name));
        if let Some(s) = robot.or(env) {
            return Err(Problem::NamesAWorldFile {
                file: s.name.clone(),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The test relay: a challenge whose scenario is a scene with a partner's program,
    /// read (and kept) from a class folder.
    pub(crate) fn relay() -> (Source, Assignment) {
        let challenge = r#"
[assignment]
name = "Relay by link"
seconds = 5

[[scenario]]
id = "relay"
scene = "relay/scene.toml"

[[scenario.criterion]]
id = "moved"
kind = "displacement"
robot = "R1"
min_m = 0.1
"#;
        let scene = "environment = \"E1\"\n[[robot]]\nmodel = \"M4\"\n[[robot]]\nmodel = \"M4\"\nx = 0.5\nprogram = \"partner.lasm\"\n";
        let partner = "task 0\n out 2,5\nendt\n";
        let files = [
            ("/class/relay/scene.toml", scene.as_bytes()),
            ("/class/relay/partner.lasm", partner.as_bytes()),
        ];
        let read = |p: &Path| {
            files
                .iter()
                .find(|(f, _)| Path::new(f) == p)
                .map(|(_, b)| b.to_vec())
                .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::NotFound))
        };
        let (a, source) =
            Source::record("/class/relay.toml", challenge, Path::new("/class"), &read);
        let a = a.unwrap_or_else(|e| panic!("{e}"));
        (source, a)
    }

    #[test]
    fn a_challenge_is_kept_with_its_scene_and_the_partners_program_and_read_back_from_them() {
        let (s, _) = relay();
        assert_eq!(s.name, "relay.toml");
        let names: Vec<&str> = s.files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["relay/scene.toml", "relay/partner.lasm"]);
        let back = Source::unpack(&s.pack()).unwrap();
        assert_eq!(back, s);
        let a = back.assignment().unwrap();
        assert_eq!(a.name, "Relay by link");
        let scene = a.scenarios[0].scene.as_ref().unwrap();
        assert!(scene.robots[1].program.is_some(), "the partner's program");
    }

    #[test]
    fn a_challenge_link_with_bad_toml_or_a_missing_file_says_which() {
        let (mut s, _) = relay();
        s.files.retain(|(n, _)| n != "relay/partner.lasm");
        assert_eq!(
            s.assignment().unwrap_err(),
            Problem::MissingFile {
                file: "relay/partner.lasm".into()
            }
        );
        let s = Source {
            name: "bad.toml".into(),
            text: "[assignment\nname = 1".into(),
            files: Vec::new(),
        };
        let back = Source::unpack(&s.pack()).unwrap();
        match back.assignment() {
            Err(Problem::Mistake(e)) => assert!(e.starts_with("bad.toml:1"), "{e}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn bytes_that_are_not_a_packed_challenge_are_refused_not_trusted() {
        let packed = relay().0.pack();
        for bad in [
            b"hello".to_vec(),
            MAGIC.to_vec(),
            packed[..packed.len() - 3].to_vec(),
            [MAGIC, &[0, 0]].concat(),
            [MAGIC, &[5, 0, b'a']].concat(),
            [MAGIC, &[1, 0, b'a', 255, 255, 255, 255]].concat(),
            [packed.as_slice(), &[7]].concat(),
        ] {
            assert_eq!(Source::unpack(&bad), Err(Problem::NotAChallenge), "{bad:?}");
        }
        assert_eq!(Source::unpack(&packed), Ok(relay().0));
    }

    #[test]
    fn a_challenge_naming_a_robot_file_cannot_be_shared_by_link() {
        let dir = std::env::temp_dir().join(format!("lurobotsim-link-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let m4 = crate::world::spec::BUILTIN_ROBOTS
            .iter()
            .find(|b| b.name == "M4")
            .unwrap();
        std::fs::write(dir.join("mine.toml"), m4.text).unwrap();
        let text = "[assignment]\nname = \"Mine\"\n[[scenario]]\nid = \"a\"\nrobot = \"mine.toml\"\nenvironment = \"E1\"\n[[scenario.criterion]]\nid = \"moved\"\nkind = \"displacement\"\nmin_m = 0.1\n";
        let (a, _) = Source::record(
            "mine-challenge.toml",
            text,
            &dir,
            &crate::sim::scene::read_disk,
        );
        let a = a.unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        match world_files_builtin(&a) {
            Err(Problem::NamesAWorldFile { file }) => assert!(file.ends_with("mine.toml")),
            other => panic!("{other:?}"),
        }
        assert_eq!(world_files_builtin(&relay().1), Ok(()));
    }

    #[test]
    fn every_problem_is_said_in_every_language() {
        let all = [
            Problem::NotBase64,
            Problem::Damaged,
            Problem::TooLarge { max: 5 },
            Problem::NotAChallenge,
            Problem::MissingFile { file: "f".into() },
            Problem::Mistake("m".into()),
            Problem::NamesAWorldFile { file: "w".into() },
            Problem::TooLong { chars: 9, max: 8 },
        ];
        for lang in crate::i18n::ALL {
            for p in &all {
                let w = p.words(lang);
                assert!(
                    !w.is_empty() && !w.contains("challenge-link-"),
                    "{lang:?}: {w}"
                );
            }
        }
    }
}

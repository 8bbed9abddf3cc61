//! The built-in challenge pack (`assets/challenges/`, embedded by `build.rs`): each
//! challenge's file and the files of its folder, read from the disk where the program is
//! installed and from memory where it is not (a browser tab).

use crate::host::Host;
use crate::sim::assignment::Assignment;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// One challenge of the built-in pack: `assets/challenges/STEM.toml` and the files of its
/// folder `assets/challenges/STEM/`, embedded.
#[derive(Clone, Copy, Debug)]
pub struct BuiltinChallenge {
    pub stem: &'static str,
    pub toml: &'static str,
    pub files: &'static [(&'static str, &'static [u8])],
}

/// The built-in pack, in file-name order (`build.rs` lists `assets/challenges/*.toml`).
pub const BUILTIN: &[BuiltinChallenge] = include!(concat!(env!("OUT_DIR"), "/challenges.rs"));

impl BuiltinChallenge {
    /// The file's `[assignment] name` (its stem when it has none).
    pub fn title(&self) -> &'static str {
        static TITLES: OnceLock<Vec<String>> = OnceLock::new();
        let titles = TITLES.get_or_init(|| {
            BUILTIN
                .iter()
                .map(|b| {
                    toml::from_str::<toml::Table>(b.toml)
                        .ok()
                        .and_then(|t| {
                            t.get("assignment")?
                                .get("name")?
                                .as_str()
                                .map(str::to_string)
                        })
                        .unwrap_or_else(|| b.stem.to_string())
                })
                .collect()
        });
        BUILTIN
            .iter()
            .position(|b| b.stem == self.stem)
            .and_then(|i| titles.get(i))
            .map_or(self.stem, String::as_str)
    }

    /// Its title in `lang` (the translation files have it as `pack-STEM`).
    pub fn title_in(&self, lang: crate::i18n::Lang) -> String {
        let key = format!("pack-{}", crate::i18n::key_words(self.stem));
        crate::i18n::keyed_text_in(lang, &key, self.title())
    }

    /// A file of its folder by the path the challenge names it with (`STEM/scene.toml`,
    /// and the scene's programs beside it): what the embedded copy reads instead of a disk.
    pub fn read(&self, path: &Path) -> std::io::Result<Vec<u8>> {
        let inside = path
            .strip_prefix(self.stem)
            .ok()
            .and_then(|p| p.to_str())
            .and_then(|name| self.files.iter().find(|(f, _)| *f == name));
        match inside {
            Some((_, bytes)) => Ok(bytes.to_vec()),
            None => Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("{} is not a file of the built-in challenge", path.display()),
            )),
        }
    }

    /// The challenge read from its embedded copy, the files of its folder included.
    pub fn assignment(&self) -> Result<Assignment, crate::world::spec::SpecError> {
        let name = format!("{}.toml", self.stem);
        Assignment::parse_with(&name, self.toml, Path::new(""), &|p| self.read(p))
    }

    /// The pack in menu order: by the number its name starts with ("2 · Park by the
    /// wall"), then by name.
    pub fn in_order() -> Vec<usize> {
        let number = |t: &str| {
            let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
            digits.parse::<u64>().unwrap_or(u64::MAX)
        };
        let mut order: Vec<usize> = (0..BUILTIN.len()).collect();
        order.sort_by_key(|&i| (number(BUILTIN[i].title()), BUILTIN[i].title()));
        order
    }

    /// Where the pack lies on disk (its folder's files beside it), when installed with this
    /// program (`assets/challenges/STEM.toml` where the host finds the assets).
    pub fn path(&self, host: &Host) -> Option<PathBuf> {
        host.asset_path(&format!("challenges/{}.toml", self.stem))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every challenge of the pack reads as an assignment (from its file, whose folder's
    /// files it may name, or else from the embedded copy) and has a name for the menu.
    #[test]
    fn every_built_in_challenge_reads_and_has_a_name() {
        for b in BUILTIN {
            let read = match b.path(&Host::desktop(None)) {
                Some(p) => Assignment::load(&p),
                None => Assignment::parse(b.stem, b.toml, Path::new("")),
            };
            let a = read.unwrap_or_else(|e| panic!("{}: {e}", b.stem));
            assert_eq!(a.name, b.title());
            assert!(!b.title().is_empty());
        }
        assert_eq!(BuiltinChallenge::in_order().len(), BUILTIN.len());
    }

    /// A tab has no disk: every challenge of the pack opens from its embedded copy, a
    /// scene's files and programs included, as the browser build opens it.
    #[test]
    fn the_whole_pack_opens_from_its_embedded_copy_scenes_included() {
        for b in BUILTIN {
            let a = b.assignment();
            assert!(
                a.is_ok(),
                "{}: {:?}",
                b.stem,
                a.err().map(|e| e.to_string())
            );
        }
        let scene = BUILTIN
            .iter()
            .filter_map(|b| b.assignment().ok())
            .flat_map(|a| a.scenarios)
            .find(|s| s.scene.is_some());
        assert!(
            BUILTIN.is_empty() || scene.is_some_and(|s| s.robot_names.len() > 1),
            "the pack's relay reads its scene from memory"
        );
        let relay = BUILTIN
            .iter()
            .find(|b| b.files.iter().any(|(f, _)| f.ends_with(".toml")));
        if let Some(b) = relay {
            assert!(b.read(Path::new("../secret.txt")).is_err());
            assert!(b.read(Path::new("nowhere/scene.toml")).is_err());
        }
    }

    /// The pack's titles and tasks have stable keys (`pack-STEM`, `say-STEM-SCENARIO-ID`)
    /// whose English is the file's words exactly, so a word changed in a challenge file
    /// without its translations fails here instead of silently showing English; and every
    /// language says them (not English) wherever English has a translation.
    #[test]
    fn the_packs_titles_and_tasks_have_stable_keys_whose_english_is_the_files_words() {
        use crate::i18n::{keyed_text_in, text_in, Lang, ALL};
        for b in BUILTIN {
            let a = b.assignment().unwrap();
            assert_eq!(a.key, format!("pack-{}", b.stem));
            let mut keyed = vec![(a.key.clone(), a.name.clone())];
            for sc in &a.scenarios {
                for c in &sc.criteria {
                    match (&c.say, &c.say_key) {
                        (Some(say), Some(key)) => keyed.push((key.clone(), say.clone())),
                        (None, None) => {}
                        other => panic!("{}: {}: say and its key {other:?}", b.stem, c.id),
                    }
                }
            }
            for (key, english) in keyed {
                assert_eq!(text_in(Lang::En, &key, None), english, "{}: {key}", b.stem);
                for l in ALL {
                    assert_eq!(keyed_text_in(l, &key, &english), text_in(l, &key, None));
                }
            }
            assert_eq!(b.title_in(Lang::En), b.title());
            let german = b.title_in(Lang::De);
            assert!(!german.is_empty());
        }
        let square = BUILTIN.iter().find(|b| b.stem == "drive-a-square").unwrap();
        assert_eq!(
            square.title_in(Lang::De),
            text_in(Lang::De, "pack-drive-a-square", None)
        );
        assert_ne!(
            square.title_in(Lang::De),
            square.title(),
            "German has its own words"
        );
    }

    /// A teacher's own challenge that shares a built-in one's file name keeps its own
    /// words in every language; the built-in one's translations apply only to its words.
    #[test]
    fn a_teachers_challenge_named_like_a_built_in_one_shows_its_own_words() {
        let text = "[assignment]\nname = \"Our square\"\n[[scenario]]\nid = \"square\"\n\
                    robot = \"M3\"\nenvironment = \"E1\"\n[[scenario.criterion]]\n\
                    id = \"corners\"\nkind = \"reach\"\nregion = { circle = [0.5, 0.0, 0.2] }\n\
                    say = \"Reach the circle\"\n";
        let a = Assignment::parse("drive-a-square.toml", text, Path::new("")).unwrap();
        let c = &a.scenarios[0].criteria[0];
        for l in crate::i18n::ALL {
            assert_eq!(a.name_in(l), "Our square");
            assert_eq!(
                crate::sim::goal::words::task(c, None, l),
                "Reach the circle"
            );
        }
    }
}

//! The desktop's host: std's files and folders, threads for jobs, the settings as small
//! text files in the app's data folder (`<name>.txt`, written beside and renamed, so a
//! crash mid-write leaves the old one whole), the system's language.

use super::port::{Arrived, Caps, Entry, Pick, Platform, ReadError};
use std::cell::RefCell;
use std::path::{Path, PathBuf};

/// The app's data folder: `$LUROBOTSIM_DATA_DIR`, else `$XDG_DATA_HOME/lurobotsim`, else
/// `~/.local/share/lurobotsim` (on Windows `%APPDATA%\lurobotsim`); none without a home.
pub fn data_dir_from_env() -> Option<PathBuf> {
    let var = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    var("LUROBOTSIM_DATA_DIR")
        .or_else(|| var("XDG_DATA_HOME").map(|d| d.join("lurobotsim")))
        .or_else(|| var("APPDATA").map(|d| d.join("lurobotsim")))
        .or_else(|| var("HOME").map(|h| h.join(".local/share/lurobotsim")))
}

pub(super) struct Desktop {
    data: Option<PathBuf>,
    arrived: RefCell<Vec<Arrived>>,
}

impl Desktop {
    pub(super) fn new(data: Option<PathBuf>) -> Desktop {
        Desktop {
            data,
            arrived: RefCell::default(),
        }
    }
}

fn hidden(p: &Path) -> bool {
    p.file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
}

impl Platform for Desktop {
    fn caps(&self) -> Caps {
        Caps {
            threads: true,
            folders: true,
            gpu_readback: true,
        }
    }

    fn read(&self, path: &Path, max: u64) -> Result<Vec<u8>, ReadError> {
        use std::io::Read as _;
        let cannot = |e: std::io::Error| ReadError::Cannot(e.to_string());
        let size = std::fs::metadata(path).map_err(cannot)?.len();
        if size > max {
            return Err(ReadError::TooLarge(size));
        }
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(max + 1).read_to_end(&mut bytes))
            .map_err(cannot)?;
        match bytes.len() as u64 > max {
            true => Err(ReadError::TooLarge(bytes.len() as u64)),
            false => Ok(bytes),
        }
    }

    fn list(&self, dir: &Path) -> Result<Vec<Entry>, String> {
        let rd = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let mut v: Vec<Entry> = rd
            .flatten()
            .map(|e| e.path())
            .filter(|p| !hidden(p))
            .map(|path| Entry {
                folder: path.is_dir(),
                path,
            })
            .collect();
        v.sort_by(|a, b| b.folder.cmp(&a.folder).then(a.path.cmp(&b.path)));
        Ok(v)
    }

    fn is_folder(&self, path: &Path) -> Option<bool> {
        std::fs::metadata(path).ok().map(|m| m.is_dir())
    }

    /// Writes the file (its folder made if missing).
    fn put(&self, path: &Path, bytes: &[u8], _mime: &str) -> Result<(), super::PutError> {
        let folder = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => std::fs::create_dir_all(d),
            _ => Ok(()),
        };
        folder
            .and_then(|()| std::fs::write(path, bytes))
            .map_err(|e| super::PutError::Write {
                path: path.display().to_string(),
                why: e.to_string(),
            })
    }

    /// The desktop picks with the app's own file window.
    fn pick(&self, _pick: &Pick) -> bool {
        false
    }

    fn arrived(&self) -> Vec<Arrived> {
        std::mem::take(&mut *self.arrived.borrow_mut())
    }

    fn frame(&self, files: Vec<egui::DroppedFileHandle>, _ctx: &egui::Context) {
        if files.is_empty() {
            return;
        }
        let paths = files.iter().map(|f| f.path().to_path_buf()).collect();
        self.arrived.borrow_mut().push(Arrived::Paths(paths));
    }

    fn setting(&self, name: &str) -> Option<String> {
        let text = std::fs::read_to_string(self.data.as_ref()?.join(format!("{name}.txt"))).ok()?;
        (!text.trim().is_empty()).then_some(text)
    }

    fn set_setting(&self, name: &str, value: Option<&str>) -> Result<(), String> {
        let Some(dir) = &self.data else {
            return Ok(());
        };
        let file = format!("{name}.txt");
        let path = dir.join(&file);
        let Some(text) = value else {
            return match std::fs::remove_file(&path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    Err(format!("{}: {e}", path.display()))
                }
                _ => Ok(()),
            };
        };
        let tmp = dir.join(format!("{file}.new"));
        std::fs::create_dir_all(dir)
            .and_then(|_| std::fs::write(&tmp, text))
            .and_then(|_| std::fs::rename(&tmp, &path))
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// `LC_ALL`, `LC_MESSAGES`, `LANG`, then the system's own (Windows' user locale).
    fn system_language(&self) -> Option<crate::i18n::Lang> {
        crate::i18n::from_env_vars(|k| std::env::var(k).ok())
            .or_else(|| crate::i18n::Lang::from_code(&sys_locale::get_locale()?))
    }

    fn current_dir(&self) -> PathBuf {
        std::env::current_dir().unwrap_or_default()
    }

    fn towers(&self) -> super::brick::Towers {
        super::brick::towers()
    }

    fn absolute(&self, path: &Path) -> PathBuf {
        std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
    }

    /// `assets/REL` under the current folder, the executable's folders or the source
    /// tree, or `REL` next to the Windows .exe.
    fn asset_path(&self, rel: &str) -> Option<PathBuf> {
        let mut roots: Vec<PathBuf> = Vec::new();
        if let Ok(cwd) = std::env::current_dir() {
            roots.push(cwd);
        }
        if let Ok(exe) = std::env::current_exe() {
            roots.extend(exe.ancestors().skip(1).map(Path::to_path_buf));
        }
        roots.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")));
        roots
            .into_iter()
            .flat_map(|r| [r.join("assets").join(rel), r.join(rel)])
            .find(|p| p.is_file())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setting_written_is_read_back_and_forgotten() {
        let dir = std::env::temp_dir().join(format!("lurobotsim-setting-{}", std::process::id()));
        let d = Desktop::new(Some(dir.join("nested")));
        assert_eq!(d.setting("language"), None);
        d.set_setting("language", Some("de")).unwrap();
        assert_eq!(d.setting("language").as_deref(), Some("de"));
        d.set_setting("editor-autosave", Some("task 0\n")).unwrap();
        assert!(dir.join("nested/editor-autosave.txt").exists());
        d.set_setting("editor-autosave", None).unwrap();
        assert_eq!(d.setting("editor-autosave"), None);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn no_data_folder_keeps_nothing() {
        let d = Desktop::new(None);
        assert!(d.set_setting("language", Some("x")).is_ok());
        assert_eq!(d.setting("language"), None);
    }
}

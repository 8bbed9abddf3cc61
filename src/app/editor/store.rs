//! The editor's one place for files: the autosave (text in, text out) and the programs
//! saved with "Save as". In a browser tab the autosave lives in the page's local storage
//! ([`Store::browser`]) and a saved program is a download; nothing else in the editor
//! touches the file system.

use std::path::{Path, PathBuf};

/// The autosave's file name inside the data folder.
const AUTOSAVE: &str = "editor-autosave.txt";

/// Where the editor keeps the program being edited between runs of the app: a folder, or
/// nowhere (tests, or a machine without a home folder).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Store {
    dir: Option<PathBuf>,
    /// The browser's local storage instead of a folder (the browser build).
    browser: bool,
}

/// The local-storage key of the browser's autosave.
#[cfg_attr(not(feature = "web"), allow(dead_code))]
const BROWSER_KEY: &str = "lurobotsim-editor-autosave";

impl Store {
    /// The app's data folder: `$LUROBOTSIM_DATA_DIR`, else `$XDG_DATA_HOME/lurobotsim`, else
    /// `~/.local/share/lurobotsim` (on Windows `%APPDATA%\lurobotsim`).
    pub fn from_env() -> Store {
        let var = |k: &str| {
            std::env::var_os(k)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        let dir = var("LUROBOTSIM_DATA_DIR")
            .or_else(|| var("XDG_DATA_HOME").map(|d| d.join("lurobotsim")))
            .or_else(|| var("APPDATA").map(|d| d.join("lurobotsim")))
            .or_else(|| var("HOME").map(|h| h.join(".local/share/lurobotsim")));
        Store {
            dir,
            browser: false,
        }
    }

    /// A store in `dir`.
    pub fn at(dir: &Path) -> Store {
        Store {
            dir: Some(dir.to_path_buf()),
            browser: false,
        }
    }

    /// No store: nothing is autosaved or restored.
    pub fn none() -> Store {
        Store::default()
    }

    /// The page's local storage (the browser build; elsewhere, as [`Store::none`]).
    pub fn browser() -> Store {
        Store {
            dir: None,
            browser: cfg!(feature = "web"),
        }
    }

    /// The autosave file, if there is a data folder.
    pub fn autosave_path(&self) -> Option<PathBuf> {
        self.dir.as_ref().map(|d| d.join(AUTOSAVE))
    }

    /// The autosave left behind, if any (unreadable counts as none).
    pub fn load(&self) -> Option<String> {
        self.read(AUTOSAVE, BROWSER_KEY)
    }

    /// Writes the autosave (the folder is made if missing). Written beside and renamed, so
    /// a crash mid-write leaves the previous autosave whole.
    pub fn save(&self, text: &str) -> Result<(), String> {
        self.write(AUTOSAVE, BROWSER_KEY, text)
    }

    /// A remembered setting of the app (`language`), kept as `<name>.txt` in the data
    /// folder or under `lurobotsim-<name>` in the page's local storage.
    pub fn setting(&self, name: &str) -> Option<String> {
        self.read(&format!("{name}.txt"), &format!("lurobotsim-{name}"))
            .map(|t| t.trim().to_string())
    }

    /// Remembers a setting of the app (see [`Store::setting`]).
    pub fn set_setting(&self, name: &str, value: &str) -> Result<(), String> {
        self.write(&format!("{name}.txt"), &format!("lurobotsim-{name}"), value)
    }

    /// The text kept as `file` in the folder (`key` in the browser), if any and not blank.
    fn read(&self, file: &str, key: &str) -> Option<String> {
        if self.browser {
            return local_storage()?
                .get_item(key)
                .ok()?
                .filter(|t| !t.trim().is_empty());
        }
        let text = std::fs::read_to_string(self.dir.as_ref()?.join(file)).ok()?;
        (!text.trim().is_empty()).then_some(text)
    }

    /// Keeps `text` as `file` in the folder (written beside and renamed) or `key`.
    fn write(&self, file: &str, key: &str, text: &str) -> Result<(), String> {
        if self.browser {
            return local_storage()
                .ok_or("this browser keeps no local storage")?
                .set_item(key, text)
                .map_err(|_| "the browser's storage is full or refused".to_string());
        }
        let Some(dir) = &self.dir else {
            return Ok(());
        };
        let path = dir.join(file);
        let tmp = dir.join(format!("{file}.new"));
        std::fs::create_dir_all(dir)
            .and_then(|_| std::fs::write(&tmp, text))
            .and_then(|_| std::fs::rename(&tmp, &path))
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Forgets the autosave (the program was saved, or the user chose to drop it).
    pub fn clear(&self) {
        if self.browser {
            if let Some(s) = local_storage() {
                let _ = s.remove_item(BROWSER_KEY);
            }
            return;
        }
        if let Some(p) = self.autosave_path() {
            let _ = std::fs::remove_file(p);
        }
    }
}

/// Writes a saved program (the "Save as" of the editor) through the app's file port: a
/// file on the desktop, a download in a tab.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    crate::app::put_file(path, bytes, "application/octet-stream")
}

/// The page's local storage, if the browser has one.
#[cfg(feature = "web")]
fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// No page, no storage.
#[cfg(not(feature = "web"))]
fn local_storage() -> Option<NoStorage> {
    None
}

/// What [`local_storage`] is off the web: never made.
#[cfg(not(feature = "web"))]
struct NoStorage;

#[cfg(not(feature = "web"))]
impl NoStorage {
    fn get_item(&self, _: &str) -> Result<Option<String>, ()> {
        Ok(None)
    }
    fn set_item(&self, _: &str, _: &str) -> Result<(), ()> {
        Ok(())
    }
    fn remove_item(&self, _: &str) -> Result<(), ()> {
        Ok(())
    }
}

/// Whether a file already exists (the editor asks before replacing it).
pub fn exists(path: &Path) -> bool {
    path.exists()
}

/// Reads a saved editor document.
pub fn read_text(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_autosave_written_is_read_back_and_cleared() {
        let dir = std::env::temp_dir().join(format!("lurobotsim-store-{}", std::process::id()));
        let s = Store::at(&dir.join("nested"));
        assert_eq!(s.load(), None);
        s.save("task 0\n").unwrap();
        assert_eq!(s.load().as_deref(), Some("task 0\n"));
        s.clear();
        assert_eq!(s.load(), None);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_setting_written_is_read_back_beside_the_autosave() {
        let dir = std::env::temp_dir().join(format!("lurobotsim-setting-{}", std::process::id()));
        let s = Store::at(&dir);
        assert_eq!(s.setting("language"), None);
        s.set_setting("language", "de").unwrap();
        assert_eq!(s.setting("language").as_deref(), Some("de"));
        assert_eq!(s.load(), None);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn no_store_keeps_nothing() {
        let s = Store::none();
        assert!(s.save("x").is_ok());
        assert_eq!(s.load(), None);
    }
}

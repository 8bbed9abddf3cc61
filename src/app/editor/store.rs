//! The editor's one place for files: the autosave (text in, text out) and the programs
//! saved with "Save as". The browser build replaces this module with the browser's storage;
//! nothing else in the editor touches the file system.

use std::path::{Path, PathBuf};

/// The autosave's file name inside the data folder.
const AUTOSAVE: &str = "editor-autosave.txt";

/// Where the editor keeps the program being edited between runs of the app: a folder, or
/// nowhere (tests, or a machine without a home folder).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Store {
    dir: Option<PathBuf>,
}

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
        Store { dir }
    }

    /// A store in `dir`.
    pub fn at(dir: &Path) -> Store {
        Store {
            dir: Some(dir.to_path_buf()),
        }
    }

    /// No store: nothing is autosaved or restored.
    pub fn none() -> Store {
        Store { dir: None }
    }

    /// The autosave file, if there is a data folder.
    pub fn autosave_path(&self) -> Option<PathBuf> {
        self.dir.as_ref().map(|d| d.join(AUTOSAVE))
    }

    /// The autosave left behind, if any (unreadable counts as none).
    pub fn load(&self) -> Option<String> {
        let text = std::fs::read_to_string(self.autosave_path()?).ok()?;
        (!text.trim().is_empty()).then_some(text)
    }

    /// Writes the autosave (the folder is made if missing). Written beside and renamed, so
    /// a crash mid-write leaves the previous autosave whole.
    pub fn save(&self, text: &str) -> Result<(), String> {
        let (Some(dir), Some(path)) = (&self.dir, self.autosave_path()) else {
            return Ok(());
        };
        let tmp = dir.join(format!("{AUTOSAVE}.new"));
        std::fs::create_dir_all(dir)
            .and_then(|_| std::fs::write(&tmp, text))
            .and_then(|_| std::fs::rename(&tmp, &path))
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Forgets the autosave (the program was saved, or the user chose to drop it).
    pub fn clear(&self) {
        if let Some(p) = self.autosave_path() {
            let _ = std::fs::remove_file(p);
        }
    }
}

/// Writes a saved program (the "Save as" of the editor).
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
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
    fn no_store_keeps_nothing() {
        let s = Store::none();
        assert!(s.save("x").is_ok());
        assert_eq!(s.load(), None);
    }
}

//! A host in memory: a browser tab without the browser, for the tests. No paths, no
//! folders, no threads (jobs in the frames' slices, as in a tab); what the app picks is
//! answered by the test ([`Memory::give`]), what it saves is kept ([`Memory::saved`]),
//! settings live in a map.

use super::port::{Arrived, Caps, Entry, FileBytes, Pick, Platform, ReadError};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

#[derive(Default)]
struct State {
    inbox: Vec<Arrived>,
    saved: Vec<(PathBuf, Vec<u8>)>,
    picks: Vec<Pick>,
    settings: BTreeMap<String, String>,
    /// What the browser can do: secure, Web Serial, WebUSB (`None`: not said, a build
    /// that reaches no towers in effect).
    browser: Option<(bool, bool, bool)>,
    /// The tower pickers opened, oldest first.
    tower_picks: Vec<super::brick::PickKind>,
    /// What the tower picker answers next (the test's).
    tower_picked: Option<Result<String, super::brick::PickError>>,
}

/// The test's end of a memory host (shared with the host the app holds).
#[derive(Clone, Default)]
pub struct Memory(Rc<RefCell<State>>);

impl Memory {
    /// Files for the app, as a tab's picker gives them (`picked`) or as dropped.
    pub fn give(&self, files: Vec<FileBytes>, picked: bool) {
        self.0
            .borrow_mut()
            .inbox
            .push(Arrived::Files { files, picked });
    }

    /// What the app saved (a tab's downloads), oldest first.
    pub fn saved(&self) -> Vec<(PathBuf, Vec<u8>)> {
        self.0.borrow().saved.clone()
    }

    /// What the browser this tab stands for can do (Web Serial or WebUSB on a secure
    /// page: the window offers the browser's tower pickers, answered by
    /// [`Memory::answer_tower_pick`]), as the Real RCX window finds it.
    pub fn set_browser(&self, secure: bool, serial: bool, usb: bool) {
        self.0.borrow_mut().browser = Some((secure, serial, usb));
    }

    /// How often the app opened the browser's tower pickers.
    pub fn tower_picks(&self) -> usize {
        self.0.borrow().tower_picks.len()
    }

    /// Which pickers the app opened, oldest first.
    pub fn tower_pick_kinds(&self) -> Vec<super::brick::PickKind> {
        self.0.borrow().tower_picks.clone()
    }

    /// The tower picker's answer: the port chosen, or why none (the user closed it).
    pub fn answer_tower_pick(&self, answer: Result<String, super::brick::PickError>) {
        self.0.borrow_mut().tower_picked = Some(answer);
    }

    /// What the app asked the picker for, oldest first.
    pub fn picks(&self) -> Vec<Pick> {
        self.0.borrow().picks.clone()
    }
}

impl Platform for Memory {
    fn towers(&self) -> super::brick::Towers {
        match self.0.borrow().browser {
            Some((secure, serial, usb)) => super::brick::tab_towers(secure, serial, usb),
            None => super::brick::Towers {
                browser: Some(super::brick::Browser::NotBuilt),
                ..Default::default()
            },
        }
    }

    fn pick_tower(&self, kind: super::brick::PickKind) -> bool {
        let can = self.towers().pickers.is_some_and(|p| p.has(kind));
        if can {
            self.0.borrow_mut().tower_picks.push(kind);
        }
        can
    }

    fn picked_tower(&self) -> Option<Result<String, super::brick::PickError>> {
        self.0.borrow_mut().tower_picked.take()
    }

    fn caps(&self) -> Caps {
        Caps {
            threads: false,
            folders: false,
            gpu_readback: false,
        }
    }

    fn read(&self, _path: &Path, _max: u64) -> Result<Vec<u8>, ReadError> {
        Err(ReadError::Cannot("no paths in memory".into()))
    }

    fn list(&self, _dir: &Path) -> Result<Vec<Entry>, String> {
        Err("no folders in memory".into())
    }

    fn is_folder(&self, _path: &Path) -> Option<bool> {
        None
    }

    fn put(&self, path: &Path, bytes: &[u8], _mime: &str) -> Result<(), super::PutError> {
        let name = path.file_name().map_or_else(PathBuf::new, PathBuf::from);
        self.0.borrow_mut().saved.push((name, bytes.to_vec()));
        Ok(())
    }

    fn pick(&self, pick: &Pick) -> bool {
        self.0.borrow_mut().picks.push(pick.clone());
        true
    }

    fn arrived(&self) -> Vec<Arrived> {
        std::mem::take(&mut self.0.borrow_mut().inbox)
    }

    /// Dropped files are read at once (as a tab reads them later).
    fn frame(&self, dropped: Vec<egui::DroppedFileHandle>, _ctx: &egui::Context) {
        if dropped.is_empty() {
            return;
        }
        let files = dropped
            .iter()
            .filter_map(|f| {
                let name = f.path().file_name()?.to_string_lossy().into_owned();
                Some(FileBytes {
                    name,
                    bytes: read_dropped(f.as_ref())?,
                })
            })
            .collect();
        self.give(files, false);
    }

    fn setting(&self, name: &str) -> Option<String> {
        self.0.borrow().settings.get(name).cloned()
    }

    fn set_setting(&self, name: &str, value: Option<&str>) -> Result<(), String> {
        let mut s = self.0.borrow_mut();
        match value {
            Some(v) => s.settings.insert(name.to_string(), v.to_string()),
            None => s.settings.remove(name),
        };
        Ok(())
    }

    fn system_language(&self) -> Option<crate::i18n::Lang> {
        None
    }

    fn current_dir(&self) -> PathBuf {
        PathBuf::new()
    }

    fn absolute(&self, path: &Path) -> PathBuf {
        path.to_path_buf()
    }

    fn asset_path(&self, _rel: &str) -> Option<PathBuf> {
        None
    }
}

/// A dropped file's bytes where files are read at once (not in a tab).
fn read_dropped(f: &(dyn egui::DroppedFile + Send + Sync)) -> Option<Vec<u8>> {
    read_now(f)
}

#[cfg(not(target_arch = "wasm32"))]
fn read_now(f: &(dyn egui::DroppedFile + Send + Sync)) -> Option<Vec<u8>> {
    f.bytes().ok()
}

#[cfg(target_arch = "wasm32")]
fn read_now(_f: &(dyn egui::DroppedFile + Send + Sync)) -> Option<Vec<u8>> {
    None
}

//! The host port: everything the app needs from the machine it runs on, handed to it as
//! one `Host` — files picked and put (saved on the desktop, downloaded in a tab), the
//! folders the desktop's own file window lists, settings kept between runs (eframe's
//! `Storage` is the model: a file in the app's data folder, the page's local storage),
//! the RCX link, the speaker, and `Host::spawn`: background work on a thread on the
//! desktop, in slices of each frame in a tab ([`job`]).
//!
//! Two implementations: `desktop` (std's files, threads, the data folder) and `tab`
//! (feature `web`: the page's picker, downloads, local storage). The app and its panels
//! (`crate::app`, `crate::ui`) reach the machine only through here, and hold no `cfg` for
//! the platform (`tests/core/shape.rs` checks it).
//!
//! [`job`] is pure std and always built (the core's jobs, `grade::ClassJob`, implement
//! it); the rest comes with the `gui` feature.

pub mod job;

#[cfg(feature = "gui")]
pub mod audio;
#[cfg(feature = "gui")]
pub mod brick;
#[cfg(feature = "gui")]
mod desktop;
#[cfg(feature = "gui")]
pub mod link;
#[cfg(feature = "gui")]
mod memory;
#[cfg(feature = "web")]
mod tab;
#[cfg(feature = "web")]
mod tab_pool;

#[cfg(feature = "gui")]
pub use desktop::data_dir_from_env;
pub use job::{Farm, Job, JobError, JobHandle, Progress, Recipe, Slice, Step, Units};
#[cfg(feature = "gui")]
pub use memory::Memory;

#[cfg(feature = "gui")]
pub use port::*;

#[cfg(feature = "gui")]
mod port {
    use super::job::{self, Job, JobHandle};
    use std::path::{Path, PathBuf};

    /// The settings the app keeps, by the name the host keeps each under (`NAME.txt` in
    /// the data folder, `lurobotsim-NAME` in a tab's local storage).
    pub mod setting {
        /// The language chosen (View > Language): its code.
        pub const LANGUAGE: &str = "language";
        /// View > High contrast: `on` or `off`.
        pub const HIGH_CONTRAST: &str = "high-contrast";
        /// View > Reduce motion: `on` or `off`.
        pub const REDUCE_MOTION: &str = "reduce-motion";
        /// The zoom (Ctrl + / Ctrl −): egui's zoom factor, 0.80 to 2.00.
        pub const ZOOM: &str = "zoom";
        /// The program editor's document while it has unsaved changes (its text format).
        pub const EDITOR_AUTOSAVE: &str = "editor-autosave";
    }

    /// Why a file could not be read.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum ReadError {
        /// It has this many bytes, more than asked for at most.
        TooLarge(u64),
        /// The system's words.
        Cannot(String),
    }

    impl std::fmt::Display for ReadError {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            match self {
                ReadError::TooLarge(n) => write!(f, "the file has {n} bytes, too many"),
                ReadError::Cannot(e) => f.write_str(e),
            }
        }
    }

    /// Why [`Host::put`] could not save: typed, so the app says it in the language it
    /// speaks ([`PutError::words`]).
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum PutError {
        /// The desktop could not write the file: its path and the system's words.
        Write { path: String, why: String },
        /// The tab could not start the download: its name and the browser's words.
        Download { name: String, why: String },
    }

    impl PutError {
        /// What went wrong, in `lang`.
        pub fn words(&self, lang: crate::i18n::Lang) -> String {
            match self {
                PutError::Write { path, why } => crate::tr!(
                    lang,
                    "app-files-cannot-write",
                    display = path.as_str(),
                    e = why.as_str()
                ),
                PutError::Download { name, why } => crate::tr!(
                    lang,
                    "app-files-cannot-download",
                    name = name.as_str(),
                    e = why.as_str()
                ),
            }
        }
    }

    /// What this host can do, for the app to offer only that.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Caps {
        /// Jobs run on threads (else in the frames' slices).
        pub threads: bool,
        /// Folders can be listed and files opened by path: the app's own file window.
        /// Without (a tab), files are picked with the page's picker and arrive as bytes.
        pub folders: bool,
        /// The GPU's pictures can be waited for (Save as GIF draws off screen).
        pub gpu_readback: bool,
    }

    /// One entry of a listed folder.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct Entry {
        pub path: PathBuf,
        pub folder: bool,
    }

    /// A file that arrived as its bytes (a tab's picker or drop, a zip's member), by its
    /// name: its path relative to what was picked, with `/` between folders.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct FileBytes {
        pub name: String,
        pub bytes: Vec<u8>,
    }

    /// Files that came in since the app last looked.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum Arrived {
        /// Dropped on the desktop's window: their paths.
        Paths(Vec<PathBuf>),
        /// Read by a tab: picked with [`Host::pick`] (`picked`) or dropped on the page.
        Files { files: Vec<FileBytes>, picked: bool },
    }

    /// What the page's picker offers (a tab).
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct Pick {
        /// File endings offered (`.rcx,.lasm`), as `<input accept>`.
        pub accept: &'static str,
        pub multiple: bool,
        /// A whole folder (its files with their relative names).
        pub folder: bool,
    }

    /// One implementation of the port: the desktop's, or a tab's.
    pub(super) trait Platform {
        fn caps(&self) -> Caps;
        fn read(&self, path: &Path, max: u64) -> Result<Vec<u8>, ReadError>;
        fn list(&self, dir: &Path) -> Result<Vec<Entry>, String>;
        fn is_folder(&self, path: &Path) -> Option<bool>;
        fn put(&self, path: &Path, bytes: &[u8], mime: &str) -> Result<(), PutError>;
        fn pick(&self, pick: &Pick) -> bool;
        fn arrived(&self) -> Vec<Arrived>;
        fn frame(&self, dropped: Vec<egui::DroppedFileHandle>, ctx: &egui::Context);
        fn setting(&self, name: &str) -> Option<String>;
        fn set_setting(&self, name: &str, value: Option<&str>) -> Result<(), String>;
        fn system_language(&self) -> Option<crate::i18n::Lang>;
        fn current_dir(&self) -> PathBuf;
        fn absolute(&self, path: &Path) -> PathBuf;
        fn asset_path(&self, rel: &str) -> Option<PathBuf>;
        /// The towers this machine has, or why a tab reaches none.
        fn towers(&self) -> super::brick::Towers;
        /// Opens the browser's own picker of `kind` (a tab); false where there is none.
        fn pick_tower(&self, _kind: super::brick::PickKind) -> bool {
            false
        }
        /// What the picker chose since last asked: the port, or why none.
        fn picked_tower(&self) -> Option<Result<String, super::brick::PickError>> {
            None
        }
        /// Workers for a job's units where there are no threads (a tab's Web Workers);
        /// `None`: the units run in the frames with the job.
        fn farm(&self) -> Option<Box<dyn job::Farm>> {
            None
        }
    }

    /// The machine the app runs on (see the module's head).
    pub struct Host {
        platform: Box<dyn Platform>,
        /// Jobs run in the frames' slices even where threads exist (the browser's way,
        /// tried on the desktop by the tests).
        in_frames: bool,
    }

    impl Host {
        /// The desktop: files, threads, and the settings in `data` (none: nothing is
        /// kept, as in the tests).
        pub fn desktop(data: Option<PathBuf>) -> Host {
            Host {
                platform: Box::new(super::desktop::Desktop::new(data)),
                in_frames: false,
            }
        }

        /// A browser tab: the page's picker and downloads, its local storage, jobs in the
        /// frames (`document` is the page the picker is put into).
        #[cfg(feature = "web")]
        pub fn tab(document: &web_sys::Document) -> Result<Host, wasm_bindgen::JsValue> {
            Ok(Host {
                platform: Box::new(super::tab::Tab::new(document)?),
                in_frames: true,
            })
        }

        /// A tab without the browser, in memory (the tests): no paths or folders, jobs in
        /// the frames; the test answers its picks and reads its downloads through the
        /// [`super::Memory`] returned with it.
        pub fn memory() -> (Host, super::Memory) {
            let m = super::Memory::default();
            let host = Host {
                platform: Box::new(m.clone()),
                in_frames: true,
            };
            (host, m)
        }

        /// This host with its jobs run in the frames' slices, as a tab runs them.
        pub fn jobs_in_frames(mut self) -> Host {
            self.in_frames = true;
            self
        }

        pub fn caps(&self) -> Caps {
            let mut c = self.platform.caps();
            c.threads &= !self.in_frames;
            c
        }

        /// Runs `job` in the background: on a thread (its units on the other cores but
        /// one), or a slice of each frame where there are no threads — its units then on
        /// the tab's Web Workers where there are some. `name` names the thread.
        pub fn spawn<J: Job>(&self, job: J, name: &str) -> Result<JobHandle<J>, String> {
            if self.caps().threads {
                return job::spawn_thread(job, name, self.workers());
            }
            Ok(match self.platform.farm() {
                Some(farm) => job::farmed(job, farm),
                None => job::in_frames(job),
            })
        }

        /// How many workers a job's units get: every core but one (the window and the
        /// simulation keep theirs), at least one.
        pub fn workers(&self) -> usize {
            match self.caps().threads {
                true => std::thread::available_parallelism()
                    .map_or(1, |n| n.get())
                    .saturating_sub(1)
                    .max(1),
                false => 1,
            }
        }

        /// A file's bytes, by path (the desktop; a tab has no paths): at most `max`, so a
        /// device or a huge file is refused before it is read.
        pub fn read(&self, path: &Path, max: u64) -> Result<Vec<u8>, ReadError> {
            self.platform.read(path, max)
        }

        /// A file's text, by path, at most `max` bytes (invalid UTF-8 replaced).
        pub fn read_text(&self, path: &Path, max: u64) -> Result<String, ReadError> {
            self.read(path, max)
                .map(|b| String::from_utf8_lossy(&b).into_owned())
        }

        /// A folder's entries (hidden ones left out), folders first, then by name.
        pub fn list(&self, dir: &Path) -> Result<Vec<Entry>, String> {
            self.platform.list(dir)
        }

        /// Whether `path` is a folder (`Some(true)`), a file, or nothing there (`None`).
        pub fn is_folder(&self, path: &Path) -> Option<bool> {
            self.platform.is_folder(path)
        }

        /// Something exists at `path`.
        pub fn exists(&self, path: &Path) -> bool {
            self.is_folder(path).is_some()
        }

        /// Saves `bytes` as `path`: a file on the desktop, a download named after the
        /// path's file name in a tab (`mime` tells the browser its kind); why not, typed.
        pub fn put(&self, path: &Path, bytes: &[u8], mime: &str) -> Result<(), PutError> {
            self.platform.put(path, bytes, mime)
        }

        /// Opens the page's file picker (a tab): what is chosen arrives later through
        /// [`Host::arrived`]. `false` where the app picks with its own file window.
        pub fn pick(&self, pick: &Pick) -> bool {
            self.platform.pick(pick)
        }

        /// The files picked or dropped since the last call.
        pub fn arrived(&self) -> Vec<Arrived> {
            self.platform.arrived()
        }

        /// Each frame: the files dropped on the window (read as the platform allows:
        /// paths on the desktop, bytes later in a tab, which then wakes the window).
        pub fn frame(&self, dropped: Vec<egui::DroppedFileHandle>, ctx: &egui::Context) {
            self.platform.frame(dropped, ctx);
        }

        /// A setting kept between runs (`language`, `editor-autosave`), if any and not
        /// blank.
        pub fn setting(&self, name: &str) -> Option<String> {
            self.platform.setting(name)
        }

        /// Keeps a setting (`None`: forgets it).
        pub fn set_setting(&self, name: &str, value: Option<&str>) -> Result<(), String> {
            self.platform.set_setting(name, value)
        }

        /// The language of the system or the browser, if one we speak.
        pub fn system_language(&self) -> Option<crate::i18n::Lang> {
            self.platform.system_language()
        }

        /// Where the app was started (the file windows begin there).
        pub fn current_dir(&self) -> PathBuf {
            self.platform.current_dir()
        }

        /// `path` made absolute against the current folder (so a file window can go up
        /// past where the app was started).
        pub fn absolute(&self, path: &Path) -> PathBuf {
            self.platform.absolute(path)
        }

        /// The RCX towers this machine has (serial ports, USB towers), or why a browser
        /// tab reaches none (the Real RCX window).
        pub fn towers(&self) -> super::brick::Towers {
            self.platform.towers()
        }

        /// Opens the browser's own picker for a tower of `kind` (a tab: Web Serial for
        /// the serial tower, WebUSB for the USB tower; call it from a click, whose user
        /// gesture the browser asks for); false where there is none. What was chosen
        /// comes from [`Host::picked_tower`].
        pub fn pick_tower(&self, kind: super::brick::PickKind) -> bool {
            self.platform.pick_tower(kind)
        }

        /// The tower the browser's picker chose since last asked (`webserial:N` or
        /// `webusb:N`, as the window's tower field takes it), or why none.
        pub fn picked_tower(&self) -> Option<Result<String, super::brick::PickError>> {
            self.platform.picked_tower()
        }

        /// Where `assets/REL` lies on disk when installed with this program (`None` in a
        /// tab, whose assets are all built in).
        pub fn asset_path(&self, rel: &str) -> Option<PathBuf> {
            self.platform.asset_path(rel)
        }
    }
}

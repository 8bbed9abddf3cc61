//! Files in and out through the runner: the "Save as" window, recordings (save, open)
//! and the trace CSV (the runner writes both from its history), and PNG encoding.

use super::*;
use crate::i18n::Lang;

/// What the "Save as" window saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveKind {
    /// The run so far as a replay file (`.json`, as `run --record`).
    Recording,
    /// The remembered trace as CSV (cli.md's columns).
    TraceCsv,
    /// The window as it looked when the screenshot was asked for (`.png`).
    Screenshot,
    /// The challenge's run with the loaded program as an animated GIF of the 3D view
    /// (`run --gif`'s, re-simulated headless on a thread; not in a tab).
    Gif,
}

impl SaveKind {
    pub fn extension(self) -> &'static str {
        match self {
            SaveKind::Recording => "json",
            SaveKind::TraceCsv => "csv",
            SaveKind::Screenshot => "png",
            SaveKind::Gif => "gif",
        }
    }

    pub fn title(self, lang: Lang) -> String {
        match self {
            SaveKind::Recording => crate::tr!(lang, "app-files-save-the-recording-as"),
            SaveKind::TraceCsv => crate::tr!(lang, "app-files-export-the-trace-as"),
            SaveKind::Screenshot => crate::tr!(lang, "app-files-save-the-screenshot-as"),
            SaveKind::Gif => crate::tr!(lang, "app-files-save-the-run-as-gif"),
        }
    }

    pub(super) fn stem(self) -> &'static str {
        match self {
            SaveKind::Recording => "recording",
            SaveKind::TraceCsv => "trace",
            SaveKind::Screenshot => "screenshot",
            SaveKind::Gif => "run",
        }
    }
}

/// An open "Save as" window: the folder, the file name being typed, and whether the user
/// has been asked to replace an existing file.
pub struct SaveAs {
    pub kind: SaveKind,
    pub dir: PathBuf,
    pub name: String,
    /// Set when the chosen file exists: the window asks "Replace?" first.
    pub confirm_replace: Option<PathBuf>,
    pub(super) image: Option<Arc<egui::ColorImage>>,
}

impl SaveAs {
    /// The full path the current name stands for (the kind's extension added if missing,
    /// relative names inside `dir`).
    pub fn target(&self) -> Option<PathBuf> {
        let name = self.name.trim();
        if name.is_empty() {
            return None;
        }
        let mut p = PathBuf::from(name);
        if p.extension().is_none() {
            p.set_extension(self.kind.extension());
        }
        Some(if p.is_absolute() { p } else { self.dir.join(p) })
    }
}

impl LuApp {
    // ----- recordings (replay files) -----

    /// Saves the run so far as a recording (the format `run --record` writes): the robot
    /// and environment files as the run was built from them, the seed and every input
    /// with its tick, plus a pose stream (the runner writes it from its history).
    pub fn save_recording(&mut self, path: &Path) {
        let (tx, rx) = std::sync::mpsc::channel();
        self.runner.send(Run::RecordingText(tx));
        self.jobs.save_rx = Some((path.to_path_buf(), rx));
    }

    /// Opens a recording: rebuilds its world, re-simulates it on the runner thread and
    /// shows it on the timeline from the start (paused), ready to replay or resume.
    pub fn open_recording(&mut self, path: &Path) {
        let lang = self.view.lang;
        let name = path.display().to_string();
        let read = self
            .host
            .read_text(path, MAX_RECORDING_BYTES)
            .map_err(|e| format!("{name}: {e}"))
            .and_then(|text| record::parse(&text, &name).map_err(|e| e.to_string()));
        match read {
            Ok(rec) => self.open_loaded_recording(rec, &name),
            Err(e) => self.note(
                Level::Error,
                crate::tr!(lang, "app-files-cannot-open-the-recording", e = e),
            ),
        }
    }

    /// Opens a recording already read (`name` for messages).
    fn open_loaded_recording(&mut self, rec: record::Recording, name: &str) {
        let lang = self.view.lang;
        let path = Path::new(name);
        match (rec.robot.robot_spec(), rec.environment.env_spec()) {
            (Ok(_), Ok(_)) => {}
            (Err(e), _) | (_, Err(e)) => {
                self.note(
                    Level::Error,
                    crate::tr!(
                        lang,
                        "app-files-recording-2",
                        display = path.display().to_string(),
                        e = e.to_string()
                    ),
                );
                return;
            }
        }
        self.runner.send(Run::Pause);
        // The runner re-simulates it into its history and shows its start, paused.
        let duration = rec.duration_ms;
        self.runner.send(Run::OpenRecording(Box::new(rec)));
        let (tx, rx) = std::sync::mpsc::channel();
        self.runner.send(Run::LiveTime(tx));
        self.jobs.open_rx = Some((duration, rx));
        self.world_replaced();
        self.note(
            Level::Info,
            crate::tr!(
                lang,
                "app-files-opening-the-recording",
                display = path.display().to_string()
            ),
        );
    }

    /// Opens a scene file (several robots, each with its own RCX and link): the world
    /// starts again with its robots and programs, paused at 0 s.
    pub fn open_scene(&mut self, path: &Path) {
        use crate::sim::scene::{Scene, MAX_FILE_BYTES};
        let lang = self.view.lang;
        let scene = read::read_toml(&self.host, path, MAX_FILE_BYTES, "a scene file").and_then(
            |(file, text, dir)| {
                let read = |p: &Path| read::read_for_core(&self.host, p);
                Scene::parse_with(&file, &text, &dir, &read)
            },
        );
        match scene {
            Ok(scene) => self.open_loaded_scene(scene),
            Err(e) => self.note(
                Level::Error,
                crate::tr!(lang, "app-files-scene", e = e.to_string()),
            ),
        }
    }

    /// Opens a scene already read (from a file, or a tab's bytes).
    fn open_loaded_scene(&mut self, scene: crate::sim::scene::Scene) {
        self.runner.send(Run::Pause);
        self.scene_shown(&scene);
        self.runner.send(Run::OpenScene(Box::new(scene)));
        self.world_replaced();
    }

    pub(super) fn poll_files(&mut self) {
        let lang = self.view.lang;
        if let Some((path, rx)) = &self.jobs.save_rx {
            if let Ok(res) = rx.try_recv() {
                let path = path.clone();
                self.jobs.save_rx = None;
                let res = (res.map_err(|r| r.words(lang))).and_then(|text| {
                    (self.host.put(&path, text.as_bytes(), "application/json"))
                        .map_err(|e| e.words(lang))
                });
                match res {
                    Ok(()) => self.note(
                        Level::Info,
                        crate::tr!(
                            lang,
                            "app-files-recording-saved-as",
                            display = path.display().to_string()
                        ),
                    ),
                    Err(e) => self.note(
                        Level::Error,
                        crate::tr!(
                            lang,
                            "app-files-cannot-save-the-recording",
                            e = e.to_string()
                        ),
                    ),
                }
            }
        }
        if let Some((path, rx)) = &self.jobs.csv_rx {
            if let Ok(res) = rx.try_recv() {
                let path = path.clone();
                self.jobs.csv_rx = None;
                let res = (res.map_err(|r| r.words(lang))).and_then(|(bytes, e)| {
                    (self.host.put(&path, &bytes, "text/csv"))
                        .map(|()| e)
                        .map_err(|e| e.words(lang))
                });
                match res {
                    Ok(e) => self.note(
                        Level::Info,
                        crate::tr!(
                            lang,
                            "app-files-trace-saved-as-rows-s",
                            display = path.display().to_string(),
                            rows = e.rows.to_string(),
                            v0 = crate::i18n::num_in(lang, e.from_ms as f64 / 1000.0, 3),
                            v02 = crate::i18n::num_in(lang, e.to_ms as f64 / 1000.0, 3)
                        ),
                    ),
                    Err(e) => self.note(
                        Level::Error,
                        crate::tr!(lang, "app-files-cannot-export-the-trace", e = e.to_string()),
                    ),
                }
            }
        }
        if let Some((duration, rx)) = &self.jobs.open_rx {
            if let Ok(live_ms) = rx.try_recv() {
                // A recording the runner could not replay leaves its message in the status.
                if live_ms == *duration {
                    self.note(
                        Level::Info,
                        crate::tr!(lang, "app-files-recording-loaded-press-replay-drag"),
                    );
                }
                self.jobs.open_rx = None;
            }
        }
    }

    // ----- files out -----

    /// Writes the run's history as the trace CSV of cli.md (the runner re-simulates it
    /// at full resolution with the CLI's writer, whatever this window has seen).
    pub fn export_csv(&mut self, path: &Path) {
        let (tx, rx) = std::sync::mpsc::channel();
        self.runner.send(Run::CsvBytes(tx));
        self.jobs.csv_rx = Some((path.to_path_buf(), rx));
    }

    /// Opens the "Save as" window for `kind` in the file browser's folder, with a name that
    /// is not taken yet (`lurobotsim-M5-E3-trace-1.csv`, `…-2.csv`, …).
    pub fn ask_save(&mut self, kind: SaveKind) {
        let dir = self.host.absolute(&self.dialogs.file_dir);
        let base = format!(
            "lurobotsim-{}-{}-{}",
            self.robot_label(),
            self.env_label(),
            kind.stem()
        );
        let name = (1..10_000)
            .map(|n| format!("{base}-{n}.{}", kind.extension()))
            .find(|n| !self.host.exists(&dir.join(n)))
            .unwrap_or_else(|| format!("{base}.{}", kind.extension()));
        self.dialogs.save_as = Some(SaveAs {
            kind,
            dir,
            name,
            confirm_replace: None,
            image: None,
        });
    }

    /// The "Save as" window's Save button: asks before replacing a file unless `replace`,
    /// then saves and closes the window. Errors become messages and keep the window open.
    pub fn confirm_save(&mut self, replace: bool) {
        let lang = self.view.lang;
        let Some(req) = &mut self.dialogs.save_as else {
            return;
        };
        let Some(path) = req.target() else {
            self.note(
                Level::Warning,
                crate::tr!(lang, "app-files-type-a-file-name-to"),
            );
            return;
        };
        if self.host.is_folder(&path) == Some(true) {
            self.note(
                Level::Warning,
                crate::tr!(
                    lang,
                    "app-files-is-a-folder-type-a",
                    display = path.display().to_string()
                ),
            );
            return;
        }
        if self.host.exists(&path) && !replace {
            req.confirm_replace = Some(path);
            return;
        }
        let Some(req) = self.dialogs.save_as.take() else {
            return;
        };
        if let Some(parent) = path.parent() {
            if self.host.is_folder(parent) == Some(true) {
                self.dialogs.file_dir = self.host.absolute(parent);
            }
        }
        match req.kind {
            SaveKind::Recording => self.save_recording(&path),
            SaveKind::TraceCsv => self.export_csv(&path),
            SaveKind::Screenshot => {
                match req.image.as_deref().map(|img| {
                    png_bytes(lang, img).and_then(|png| {
                        (self.host.put(&path, &png, "image/png")).map_err(|e| e.words(lang))
                    })
                }) {
                    Some(Ok(())) => self.note(
                        Level::Info,
                        crate::tr!(
                            lang,
                            "app-files-screenshot-saved-as",
                            display = path.display().to_string()
                        ),
                    ),
                    Some(Err(e)) => self.note(
                        Level::Error,
                        crate::tr!(lang, "app-files-screenshot-2", e = e.to_string()),
                    ),
                    None => self.note(
                        Level::Error,
                        crate::tr!(lang, "app-files-screenshot-the-picture-was-not"),
                    ),
                }
            }
            SaveKind::Gif => self.challenge_now(ChallengeMsg::SaveGif(path)),
        }
    }

    /// Chooses a file or folder for `mode`: the app's own file window where the host has
    /// folders (the desktop), else the page's picker (a tab), whose files arrive later.
    pub fn browse(&mut self, mode: Browse) {
        if self.host.caps().folders {
            self.dialogs.browse = mode;
            self.dialogs.show_file_browser = true;
            return;
        }
        let accept = match mode {
            Browse::Open => ".rcx,.lasm,.nqc,.icons,.json,.toml",
            Browse::Challenge | Browse::Assignment => ".toml",
            Browse::Programs => ".rcx,.lasm,.nqc,.zip",
            Browse::Firmware => ".lgo,.srec,.s19",
            // The output of a class graded in a tab is downloaded.
            Browse::GradeOut => return,
        };
        let pick = crate::host::Pick {
            accept,
            multiple: mode == Browse::Programs,
            folder: false,
        };
        if self.host.pick(&pick) {
            self.dialogs.picking = Some(mode);
        }
    }

    /// Files that arrived through the host since the last frame: dropped on the desktop's
    /// window (opened by path), picked or dropped in a tab (opened from their bytes).
    pub fn take_arrivals(&mut self) {
        for arrived in self.host.arrived() {
            match arrived {
                crate::host::Arrived::Paths(paths) => {
                    for p in paths {
                        self.apply(Action::Open(p));
                    }
                }
                crate::host::Arrived::Files { files, picked } => {
                    let asked = match picked {
                        true => self.dialogs.picking.take(),
                        false => None,
                    };
                    // The Grade window's files: picked for it, or dropped while it is open.
                    let for_grade = match asked {
                        Some(b @ (Browse::Assignment | Browse::Programs)) => Some(b),
                        None if self.grade.open => Some(Browse::Programs),
                        _ => None,
                    };
                    if asked == Some(Browse::Firmware) {
                        if let Some(f) = files.into_iter().next() {
                            self.rcx_now(crate::app::RcxMsg::FirmwareGiven(f));
                        }
                        continue;
                    }
                    match for_grade {
                        Some(b) => self.grade_now(GradeMsg::Given(b, files)),
                        None => {
                            for f in files {
                                self.open_bytes(&f.name, &f.bytes);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Opens a file given as its name and bytes (the browser's file picker and dropped
    /// files: the file port of a tab): a recording (.json), a scene (.toml with robots,
    /// whose own files must be built-in names there), an editor draft (.icons), else a
    /// program (.rcx, .lasm; an .nqc says NQC cannot run here), a robot or an environment
    /// file (.toml; a floor picture it names must be built in).
    pub fn open_bytes(&mut self, name: &str, bytes: &[u8]) {
        let lang = self.view.lang;
        let ext = Path::new(name)
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        let text = || String::from_utf8_lossy(bytes).into_owned();
        match ext.as_str() {
            "json" => match record::parse(&text(), name) {
                Ok(rec) => self.open_loaded_recording(rec, name),
                Err(e) => self.note(
                    Level::Error,
                    crate::tr!(
                        lang,
                        "app-files-cannot-open-the-recording",
                        e = e.to_string()
                    ),
                ),
            },
            // A challenge (an assignment file), a scene (it has robots; its own robot and
            // floor files must be built-in names here), else a robot file (it has bodies)
            // or an environment file.
            "toml" if text().contains("[assignment]") => {
                self.challenge_msg(ChallengeMsg::OpenText {
                    name: name.to_string(),
                    text: text(),
                })
            }
            "toml" if text().contains("[[robot]]") => {
                match crate::sim::scene::Scene::parse(name, &text(), Path::new("")) {
                    Ok(scene) => self.open_loaded_scene(scene),
                    Err(e) => self.note(
                        Level::Error,
                        crate::tr!(lang, "app-files-scene", e = e.to_string()),
                    ),
                }
            }
            "toml" => {
                let file = SpecSource {
                    name: name.to_string(),
                    label: name.to_string(),
                    text: text(),
                    dir: None,
                };
                if file.text.contains("[[body]]") {
                    self.apply_robot_file(Ok(file));
                } else {
                    self.apply_env_file(Ok(file));
                }
            }
            editor::DRAFT_EXT => self.open_draft(name, &text()),
            "nqc" => {
                let e = crate::nqc::ProgramFileError::NqcInBrowser { path: name.into() };
                self.note(
                    Level::Error,
                    crate::tr!(lang, "app-files-cannot-open-the-program", e = e.to_string()),
                );
            }
            _ => match crate::rcx::load_program_bytes(bytes, name) {
                Ok(p) => self.load_program(name, p),
                Err(e) => {
                    let view = program::error_view_of_text(name, &text(), &e);
                    self.note(
                        Level::Error,
                        crate::tr!(
                            lang,
                            "app-files-cannot-open-the-program-2",
                            message = view.message.to_string()
                        ),
                    );
                    self.challenge_now(ChallengeMsg::ProgramFailed(view.message.clone()));
                    self.dialogs.error_view = Some(view);
                }
            },
        }
    }

    /// Opens a file by its kind: .toml robot or environment, else a program.
    pub fn open_any(&mut self, p: &Path) {
        if p.extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("json"))
        {
            self.open_recording(p);
            return;
        }
        let is_toml = p
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("toml"));
        if !is_toml {
            self.open_program(p);
            return;
        }
        let text = self
            .host
            .read_text(p, crate::sim::scene::MAX_FILE_BYTES)
            .unwrap_or_default();
        let s = p.display().to_string();
        if text.contains("[assignment]") {
            self.challenge_msg(ChallengeMsg::OpenFile(p.to_path_buf()));
        } else if text.contains("[[robot]]") {
            if self.program_active() {
                self.dialogs.pending = Some(Pending::Scene(p.to_path_buf()));
            } else {
                self.open_scene(p);
            }
        } else if text.contains("[[body]]") {
            self.choose_robot(&s);
        } else {
            self.choose_env(&s);
        }
    }
}

/// The longest recording the app opens, bytes (the input log is capped at 32 MiB; the
/// pose stream and the files' text come on top).
const MAX_RECORDING_BYTES: u64 = 256 << 20;

/// An egui screenshot as PNG bytes.
pub fn png_bytes(lang: Lang, img: &egui::ColorImage) -> Result<Vec<u8>, String> {
    let [w, h] = img.size;
    let mut buf = Vec::with_capacity(w * h * 4);
    for c in &img.pixels {
        buf.extend_from_slice(&c.to_srgba_unmultiplied());
    }
    let out = image::RgbaImage::from_raw(w as u32, h as u32, buf)
        .ok_or_else(|| crate::tr!(lang, "app-files-the-screenshot-had-a-wrong").to_string())?;
    let mut png = std::io::Cursor::new(Vec::new());
    out.write_to(&mut png, image::ImageFormat::Png)
        .map_err(|e| {
            crate::tr!(
                lang,
                "app-files-cannot-encode",
                display = "PNG".to_string(),
                e = e.to_string()
            )
        })?;
    Ok(png.into_inner())
}

//! Files in and out through the runner: the "Save as" window, recordings (save, open)
//! and the trace CSV (the runner writes both from its history), and PNG encoding.

use super::*;

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

    pub fn title(self) -> String {
        match self {
            SaveKind::Recording => crate::tr!("app-files-save-the-recording-as"),
            SaveKind::TraceCsv => crate::tr!("app-files-export-the-trace-as"),
            SaveKind::Screenshot => crate::tr!("app-files-save-the-screenshot-as"),
            SaveKind::Gif => crate::tr!("app-files-save-the-run-as-gif"),
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
        self.runner.send(Command::RecordingText(tx));
        self.jobs.save_rx = Some((path.to_path_buf(), rx));
    }

    /// Opens a recording: rebuilds its world, re-simulates it on the runner thread and
    /// shows it on the timeline from the start (paused), ready to replay or resume.
    pub fn open_recording(&mut self, path: &Path) {
        match record::load(path) {
            Ok(rec) => self.open_loaded_recording(rec, &path.display().to_string()),
            Err(e) => self.note(
                Level::Error,
                crate::tr!("app-files-cannot-open-the-recording", e = e.to_string()),
            ),
        }
    }

    /// Opens a recording already read (`name` for messages).
    fn open_loaded_recording(&mut self, rec: record::Recording, name: &str) {
        let path = Path::new(name);
        match (rec.robot.robot_spec(), rec.environment.env_spec()) {
            (Ok(r), Ok(e)) => {
                self.robot = rec.robot.name.clone();
                self.env = rec.environment.name.clone();
                self.robot_spec = r;
                self.env_spec = e;
                self.robot_file = rec.robot.clone();
                self.env_file = rec.environment.clone();
            }
            (Err(e), _) | (_, Err(e)) => {
                self.note(
                    Level::Error,
                    crate::tr!(
                        "app-files-recording-2",
                        display = path.display().to_string(),
                        e = e.to_string()
                    ),
                );
                return;
            }
        }
        self.runner.send(Command::Pause);
        // The runner re-simulates it into its history and shows its start, paused.
        let duration = rec.duration_ms;
        self.runner.send(Command::OpenRecording(Box::new(rec)));
        let (tx, rx) = std::sync::mpsc::channel();
        self.runner.send(Command::LiveTime(tx));
        self.jobs.open_rx = Some((duration, rx));
        self.after_restart();
        self.fetch_floor();
        self.note(
            Level::Info,
            crate::tr!(
                "app-files-opening-the-recording",
                display = path.display().to_string()
            ),
        );
    }

    /// Opens a scene file (several robots, each with its own RCX and link): the world
    /// starts again with its robots and programs, paused at 0 s.
    pub fn open_scene(&mut self, path: &Path) {
        match crate::sim::scene::Scene::load(path) {
            Ok(scene) => self.open_loaded_scene(scene),
            Err(e) => self.note(
                Level::Error,
                crate::tr!("app-files-scene", e = e.to_string()),
            ),
        }
    }

    /// Opens a scene already read (from a file, or a tab's bytes).
    fn open_loaded_scene(&mut self, scene: crate::sim::scene::Scene) {
        self.runner.send(Command::Pause);
        self.env = scene.environment.name.clone();
        self.env_spec = scene.env.clone();
        self.env_file = scene.environment.clone();
        self.scene_shown(&scene);
        self.runner.send(Command::OpenScene(Box::new(scene)));
        self.after_restart();
        self.fetch_floor();
    }

    pub(super) fn poll_files(&mut self) {
        if let Some(rx) = &self.jobs.gif_rx {
            if let Ok(res) = rx.try_recv() {
                self.jobs.gif_rx = None;
                match res {
                    Ok(path) => self.note(
                        Level::Info,
                        crate::tr!("app-files-gif-saved-as", path = path),
                    ),
                    Err(e) => self.note(Level::Error, crate::tr!("app-files-gif-error", e = e)),
                }
            }
        }
        if let Some((path, rx)) = &self.jobs.save_rx {
            if let Ok(res) = rx.try_recv() {
                let path = path.clone();
                self.jobs.save_rx = None;
                let res = res.and_then(|text| put_file(&path, text.as_bytes(), "application/json"));
                match res {
                    Ok(()) => self.note(
                        Level::Info,
                        crate::tr!(
                            "app-files-recording-saved-as",
                            display = path.display().to_string()
                        ),
                    ),
                    Err(e) => self.note(
                        Level::Error,
                        crate::tr!("app-files-cannot-save-the-recording", e = e.to_string()),
                    ),
                }
            }
        }
        if let Some((path, rx)) = &self.jobs.csv_rx {
            if let Ok(res) = rx.try_recv() {
                let path = path.clone();
                self.jobs.csv_rx = None;
                let res =
                    res.and_then(|(bytes, e)| put_file(&path, &bytes, "text/csv").map(|()| e));
                match res {
                    Ok(e) => self.note(
                        Level::Info,
                        crate::tr!(
                            "app-files-trace-saved-as-rows-s",
                            display = path.display().to_string(),
                            rows = e.rows.to_string(),
                            v0 = crate::i18n::num(e.from_ms as f64 / 1000.0, 3),
                            v02 = crate::i18n::num(e.to_ms as f64 / 1000.0, 3)
                        ),
                    ),
                    Err(e) => self.note(
                        Level::Error,
                        crate::tr!("app-files-cannot-export-the-trace", e = e.to_string()),
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
                        crate::tr!("app-files-recording-loaded-press-replay-drag"),
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
        self.runner.send(Command::CsvBytes(tx));
        self.jobs.csv_rx = Some((path.to_path_buf(), rx));
    }

    /// Opens the "Save as" window for `kind` in the file browser's folder, with a name that
    /// is not taken yet (`lurobotsim-M5-E3-trace-1.csv`, `…-2.csv`, …).
    pub fn ask_save(&mut self, kind: SaveKind) {
        let dir = absolute(&self.dialogs.file_dir);
        let base = format!(
            "lurobotsim-{}-{}-{}",
            label_of(&self.robot),
            label_of(&self.env),
            kind.stem()
        );
        let name = (1..10_000)
            .map(|n| format!("{base}-{n}.{}", kind.extension()))
            .find(|n| !dir.join(n).exists())
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
        let Some(req) = &mut self.dialogs.save_as else {
            return;
        };
        let Some(path) = req.target() else {
            self.note(Level::Warning, crate::tr!("app-files-type-a-file-name-to"));
            return;
        };
        if path.is_dir() {
            self.note(
                Level::Warning,
                crate::tr!(
                    "app-files-is-a-folder-type-a",
                    display = path.display().to_string()
                ),
            );
            return;
        }
        if path.exists() && !replace {
            req.confirm_replace = Some(path);
            return;
        }
        let Some(req) = self.dialogs.save_as.take() else {
            return;
        };
        if let Some(parent) = path.parent() {
            if parent.is_dir() {
                self.dialogs.file_dir = absolute(parent);
            }
        }
        match req.kind {
            SaveKind::Recording => self.save_recording(&path),
            SaveKind::TraceCsv => self.export_csv(&path),
            SaveKind::Screenshot => match req.image.as_deref().map(|img| save_png(&path, img)) {
                Some(Ok(())) => self.note(
                    Level::Info,
                    crate::tr!(
                        "app-files-screenshot-saved-as",
                        display = path.display().to_string()
                    ),
                ),
                Some(Err(e)) => self.note(
                    Level::Error,
                    crate::tr!("app-files-screenshot-2", e = e.to_string()),
                ),
                None => self.note(
                    Level::Error,
                    crate::tr!("app-files-screenshot-the-picture-was-not"),
                ),
            },
            SaveKind::Gif => self.save_challenge_gif(&path),
        }
    }

    /// Opens a file given as its name and bytes (the browser's file picker and dropped
    /// files: the file port of a tab): a recording (.json), a scene (.toml with robots,
    /// whose own files must be built-in names there), an editor draft (.icons), else a
    /// program (.rcx, .lasm; an .nqc says NQC cannot run here), a robot or an environment
    /// file (.toml; a floor picture it names must be built in).
    pub fn open_bytes(&mut self, name: &str, bytes: &[u8]) {
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
                    crate::tr!("app-files-cannot-open-the-recording", e = e.to_string()),
                ),
            },
            // A challenge (an assignment file), a scene (it has robots; its own robot and
            // floor files must be built-in names here), else a robot file (it has bodies)
            // or an environment file.
            "toml" if text().contains("[assignment]") => self.open_challenge_text(name, &text()),
            "toml" if text().contains("[[robot]]") => {
                match crate::sim::scene::Scene::parse(name, &text(), Path::new("")) {
                    Ok(scene) => self.open_loaded_scene(scene),
                    Err(e) => self.note(
                        Level::Error,
                        crate::tr!("app-files-scene", e = e.to_string()),
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
                    self.apply_robot_file(name, Ok(file));
                } else {
                    self.apply_env_file(name, Ok(file));
                }
            }
            editor::DRAFT_EXT => self.open_draft(name, &text()),
            "nqc" => {
                let e = crate::nqc::ProgramFileError::NqcInBrowser { path: name.into() };
                self.note(
                    Level::Error,
                    crate::tr!("app-files-cannot-open-the-program", e = e.to_string()),
                );
            }
            _ => match crate::rcx::load_program_bytes(bytes, name) {
                Ok(p) => self.load_program(name, p),
                Err(e) => {
                    let view = program::error_view_of_text(name, &text(), &e);
                    self.note(
                        Level::Error,
                        crate::tr!(
                            "app-files-cannot-open-the-program-2",
                            message = view.message.to_string()
                        ),
                    );
                    self.challenge_program_failed(&view.message);
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
        let text = std::fs::read_to_string(p).unwrap_or_default();
        let s = p.display().to_string();
        if text.contains("[assignment]") {
            self.choose_challenge(Some(p.to_path_buf()), 0);
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

/// THE file port's way out: `bytes` saved as `path` — a file on the desktop, a download
/// named after the path's file name in a browser tab (`mime` tells the browser its kind).
pub fn put_file(path: &Path, bytes: &[u8], mime: &str) -> Result<(), String> {
    #[cfg(feature = "web")]
    {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "lurobotsim-file".into());
        crate::web::download(&name, bytes, mime).map_err(|e| {
            crate::tr!(
                "app-files-cannot-download",
                name = name.to_string(),
                e = format!("{:?}", e)
            )
        })
    }
    #[cfg(not(feature = "web"))]
    {
        let _ = mime;
        std::fs::write(path, bytes).map_err(|e| {
            crate::tr!(
                "app-files-cannot-write",
                display = path.display().to_string(),
                e = e.to_string()
            )
        })
    }
}

/// Writes an egui screenshot as PNG.
pub fn save_png(path: &Path, img: &egui::ColorImage) -> Result<(), String> {
    let [w, h] = img.size;
    let mut buf = Vec::with_capacity(w * h * 4);
    for c in &img.pixels {
        buf.extend_from_slice(&c.to_srgba_unmultiplied());
    }
    let out = image::RgbaImage::from_raw(w as u32, h as u32, buf)
        .ok_or_else(|| crate::tr!("app-files-the-screenshot-had-a-wrong").to_string())?;
    let mut png = std::io::Cursor::new(Vec::new());
    out.write_to(&mut png, image::ImageFormat::Png)
        .map_err(|e| {
            crate::tr!(
                "app-files-cannot-encode",
                display = path.display().to_string(),
                e = e.to_string()
            )
        })?;
    put_file(path, png.get_ref(), "image/png")
}

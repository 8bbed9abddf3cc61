//! The program editor, a small model: the document of icons being edited
//! (`crate::trace::edit`), its undo and redo snapshots, the selected icon, Download, Save,
//! New from a template, the autosave and its restore offer. [`Editor::update`] takes an
//! [`EditorAction`] and returns the app's [`Command`]s; the window (`ui::editor`) draws
//! what [`Editor::strips`] and [`Editor::lasm`] (`views.rs`) make. Every file it reads or
//! writes goes through the app's host: the autosave is the host's setting [`AUTOSAVE`] (a
//! file in the data folder, the page's local storage; handed over by the app after each
//! change), a saved program the host's `put` (a file, a download). `parts.rs` holds its
//! vocabulary (templates, Save's kinds, the palette, the views' shapes).

mod parts;
mod views;

pub use parts::{
    palette, Field, IconView, LasmBlock, LasmLine, PaletteGroup, Payload, Saving, StripView, Style,
    Template, DRAFT_EXT,
};

use super::command::{Command, Cx, Level, Message};
use crate::i18n::Lang;
use crate::trace::edit::{self, Doc, Generated, Icon, Kind, Param, Pos, Problem};
use parts::strip_title;
use std::path::Path;

/// The host's setting that holds the autosave (`editor-autosave.txt` in the data folder).
pub use crate::host::setting::EDITOR_AUTOSAVE as AUTOSAVE;

/// Most undo steps kept.
const UNDO_DEPTH: usize = 200;

/// What the editor window asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum EditorAction {
    /// Show the window (with the robot's program if the editor has none yet).
    Open,
    Close,
    /// A new program from a template (undoable).
    New(Template),
    /// Open the robot's loaded program as icons (undoable).
    EditLoaded,
    /// An icon from the palette dropped at `at` (a structure comes with its companions).
    Insert {
        at: Pos,
        kind: Kind,
    },
    /// An icon from the palette clicked: after the selected icon, or at the end of the
    /// first strip.
    Append(Kind),
    /// An icon dragged to before the icon now at `to`.
    Move {
        from: Pos,
        to: Pos,
    },
    Delete(Pos),
    Select(Option<Pos>),
    /// One modifier of an icon (in the units of `trace::edit::Param`).
    SetField {
        at: Pos,
        param: Param,
        value: i32,
    },
    /// A new empty task or subroutine strip.
    AddStrip {
        sub: bool,
    },
    RemoveStrip(usize),
    Undo,
    Redo,
    /// Load the program into the selected robot, as a transfer from ROBOLAB does.
    Download,
    Save(Saving),
    /// Replace the file the last Save found in the way (true) or not.
    ConfirmReplace(bool),
    /// The answer to the restore offer: true restores the autosave.
    Restore(bool),
    /// The user closes the app without saving: the autosave goes too.
    Discard,
}

/// The program editor's state.
#[derive(Default)]
pub struct Editor {
    /// The window is open.
    pub open: bool,
    pub doc: Doc,
    undo: Vec<Doc>,
    redo: Vec<Doc>,
    /// The last change was this modifier of this icon (a slider's drag is one undo step).
    last_field: Option<(Pos, Param)>,
    pub selected: Option<Pos>,
    /// The document as last saved, opened or started (closing asks when it differs).
    saved: Doc,
    /// The document as last downloaded.
    downloaded: Option<Doc>,
    /// The document as the simulator has it: as last downloaded, or opened from the
    /// robot's program (the Real RCX window sends the document when it differs).
    in_simulator: Option<Doc>,
    /// What the editor says at its top (a refused Download, a save).
    pub notice: Option<Message>,
    /// The notice is Download's "press Run": it goes once the program runs.
    pub run_hint: bool,
    /// The file name "Save program" uses (without extension).
    pub save_name: String,
    /// The Save window is open (the name, the folder, the kind of file).
    pub save_open: bool,
    /// A Save found this file in the way: replace it?
    pub replace: Option<(Saving, std::path::PathBuf)>,
    /// An autosave was found at start: what it holds (the window offers to restore it).
    pub restore_offer: Option<String>,
    restore_doc: Option<Doc>,
    /// Closing the app waits for the user's answer.
    pub asking_quit: bool,
    /// The user chose to close without saving.
    pub quit_confirmed: bool,
    /// The autosave is kept (not in a `--screenshot` run).
    autosaving: bool,
    /// What the autosave should become, for the app to hand to its host (`Some(None)`:
    /// forget it).
    autosave_out: Option<Option<String>>,
    /// Bumped by every change of `doc`; the generated code belongs to `generated.0`.
    revision: u64,
    generated: Option<(u64, Result<Generated, Vec<Problem>>)>,
}

impl Editor {
    /// The editor; `left` is an autosave left by a session that did not end cleanly
    /// (offered for restoring); `autosaving`: the document is autosaved as it changes.
    pub fn new(lang: Lang, left: Option<String>, autosaving: bool) -> Editor {
        let mut e = Editor {
            save_name: "my-program".into(),
            save_open: false,
            autosaving,
            ..Editor::default()
        };
        if let Some(text) = left.filter(|_| autosaving) {
            match edit::from_text(&text) {
                Ok(doc) => {
                    let icons: usize = doc.strips.iter().map(|s| s.icons.len()).sum();
                    e.restore_offer = Some(crate::tr!(
                        lang,
                        "app-editor-icon-s-in-strip-s",
                        icons = icons,
                        len = doc.strips.len()
                    ));
                    e.restore_doc = Some(doc);
                }
                Err(err) => {
                    e.notice = Some(Message {
                        level: Level::Warning,
                        text: crate::tr!(
                            lang,
                            "app-editor-the-autosaved-program-could-not",
                            line = err.line.to_string(),
                            message = err.message.to_string()
                        ),
                    });
                }
            }
        }
        e
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The document has changes not saved as a file.
    pub fn unsaved(&self) -> bool {
        self.doc != self.saved
    }

    /// The document differs from what was last downloaded.
    pub fn changed_since_download(&self) -> bool {
        self.downloaded.as_ref().is_some_and(|d| *d != self.doc)
    }

    /// The generated code of the document as it is now, or why it cannot compile (made
    /// once per change).
    pub fn generated(&mut self) -> &Result<Generated, Vec<Problem>> {
        let fresh = matches!(&self.generated, Some((r, _)) if *r == self.revision);
        if !fresh {
            self.generated = Some((self.revision, edit::generate(&self.doc)));
        }
        match &self.generated {
            Some((_, g)) => g,
            None => unreachable!("just generated"),
        }
    }

    /// The problems of the document now (none when it compiles).
    pub fn problems(&mut self) -> Vec<Problem> {
        match self.generated() {
            Ok(_) => Vec::new(),
            Err(p) => p.clone(),
        }
    }

    /// Replaces the document as one undoable step.
    fn change(&mut self, doc: Doc) {
        if doc == self.doc {
            return;
        }
        let old = std::mem::replace(&mut self.doc, doc);
        self.undo.push(old);
        if self.undo.len() > UNDO_DEPTH {
            self.undo.remove(0);
        }
        self.redo.clear();
        self.last_field = None;
        self.changed();
    }

    /// After any change of the document: the code is made again, the autosave written
    /// (or removed when nothing is unsaved), a stale selection dropped.
    fn changed(&mut self) {
        self.revision += 1;
        if self.selected.is_some_and(|p| self.doc.icon(p).is_none()) {
            self.selected = None;
        }
        if self.unsaved() {
            self.keep_autosave(Some(edit::to_text(&self.doc)));
        } else {
            self.keep_autosave(None);
        }
    }

    /// The autosave becomes `text` (`None`: forgotten), when the app hands it to its host.
    fn keep_autosave(&mut self, text: Option<String>) {
        if self.autosaving {
            self.autosave_out = Some(text);
        }
    }

    /// What the autosave should become since the last call (`Some(None)`: forget it).
    pub fn take_autosave(&mut self) -> Option<Option<String>> {
        self.autosave_out.take()
    }

    /// The host could not keep the autosave: the editor says so.
    pub fn autosave_failed(&mut self, lang: Lang, why: &str) {
        self.say(
            Level::Warning,
            crate::tr!(lang, "app-editor-autosave-failed", e = why.to_string()),
        );
    }

    /// Starts afresh from `doc` (undoable; counts as saved: there is nothing to lose).
    fn replace_doc(&mut self, doc: Doc) {
        self.change(doc);
        self.saved = self.doc.clone();
        self.selected = None;
        self.changed();
    }

    fn say(&mut self, level: Level, text: impl Into<String>) {
        self.run_hint = false;
        self.notice = Some(Message {
            level,
            text: text.into(),
        });
    }

    fn undo(&mut self) {
        if let Some(d) = self.undo.pop() {
            let now = std::mem::replace(&mut self.doc, d);
            self.redo.push(now);
            self.last_field = None;
            self.changed();
        }
    }

    fn redo(&mut self) {
        if let Some(d) = self.redo.pop() {
            let now = std::mem::replace(&mut self.doc, d);
            self.undo.push(now);
            self.last_field = None;
            self.changed();
        }
    }

    /// One modifier set; successive changes of the same modifier of the same icon (a
    /// slider dragged) are one undo step.
    fn set_field(&mut self, at: Pos, param: Param, value: i32) {
        match edit::set_param(&self.doc, at, param, value) {
            Ok(doc) if doc != self.doc => {
                if self.last_field == Some((at, param)) {
                    self.doc = doc;
                    self.redo.clear();
                    self.changed();
                } else {
                    self.change(doc);
                }
                self.last_field = Some((at, param));
            }
            Ok(_) => {}
            Err(e) => self.say(Level::Warning, e.to_string()),
        }
    }

    /// The modifiers of the icon at `at`: its title, fields and problem.
    pub fn fields_of(
        &mut self,
        lang: Lang,
        at: Pos,
    ) -> Option<(String, Vec<Field>, Option<String>)> {
        let icon = self.doc.icon(at)?.clone();
        let kind = icon.kind;
        let fields = icon
            .params()
            .map(|(param, value)| {
                let r = param.range();
                let style = match param {
                    Param::Ports => Style::Ports,
                    Param::Time | Param::Duration => Style::Hundredths,
                    Param::Until if kind == Kind::LoopTouch => {
                        Style::Choice(&["released", "pressed"])
                    }
                    Param::Until => Style::Choice(&["light", "dark"]),
                    Param::Operation => {
                        Style::Choice(&["fill", "add", "subtract", "multiply", "divide"])
                    }
                    Param::Sound => Style::Choice(&[
                        "click",
                        "double beep",
                        "sweep down",
                        "sweep up",
                        "error buzz",
                        "fast sweep up",
                    ]),
                    _ => Style::Number,
                };
                Field {
                    param,
                    title: param.title(),
                    value,
                    min: *r.start(),
                    max: *r.end(),
                    style,
                }
            })
            .collect();
        let problem = self
            .problems()
            .into_iter()
            .find(|p| p.strip == at.strip && p.index == Some(at.index))
            .map(|p| p.reason.words(lang));
        let title = if kind == Kind::Generic {
            crate::tr!(
                lang,
                "app-editor-kept-as-it-is-it",
                label = icon.label_in(lang)
            )
        } else {
            icon.label_in(lang)
        };
        Some((title, fields, problem))
    }
}

impl Editor {
    /// Carries out what the editor window asked for; what the app must do comes back.
    pub fn update(&mut self, action: EditorAction, cx: &Cx) -> Vec<Command> {
        let lang = cx.lang;
        let e = self;
        match action {
            EditorAction::Open => {
                e.open = true;
                let untouched = e.doc == Doc::default() && !e.can_undo();
                if untouched && cx.program.is_some() {
                    e.edit_loaded(cx);
                }
            }
            EditorAction::Close => e.open = false,
            EditorAction::New(t) => {
                e.replace_doc(t.doc());
                e.say(
                    Level::Info,
                    crate::tr!(
                        lang,
                        "app-editor-new-program-undo-brings-the",
                        title = t.title(lang)
                    ),
                );
            }
            EditorAction::EditLoaded => e.edit_loaded(cx),
            EditorAction::Insert { at, kind } => e.insert(at, kind),
            EditorAction::Append(kind) => {
                let at = match e.selected {
                    Some(p) => Pos::new(p.strip, p.index + 1),
                    None => Pos::new(0, e.doc.strips.first().map_or(0, |s| s.icons.len())),
                };
                e.insert(at, kind);
            }
            EditorAction::Move { from, to } => match edit::move_icon(&e.doc, from, to) {
                Ok(d) => {
                    e.change(d);
                    // A selected icon stays selected where it landed (the keyboard's move).
                    let lands = if to.strip == from.strip && to.index > from.index {
                        Pos::new(to.strip, to.index - 1)
                    } else {
                        to
                    };
                    e.selected = (e.selected == Some(from)).then_some(lands);
                }
                Err(err) => e.say(Level::Warning, err.to_string()),
            },
            EditorAction::Delete(at) => match edit::remove(&e.doc, at) {
                Ok(d) => {
                    e.change(d);
                    e.selected = None;
                }
                Err(err) => e.say(Level::Warning, err.to_string()),
            },
            EditorAction::Select(at) => e.selected = at,
            EditorAction::SetField { at, param, value } => e.set_field(at, param, value),
            EditorAction::AddStrip { sub } => {
                let made = if sub {
                    edit::add_sub(&e.doc)
                } else {
                    edit::add_task(&e.doc)
                };
                match made {
                    Ok((d, _)) => e.change(d),
                    Err(err) => e.say(Level::Warning, err.to_string()),
                }
            }
            EditorAction::RemoveStrip(s) => match edit::remove_strip(&e.doc, s) {
                Ok(d) => e.change(d),
                Err(err) => e.say(Level::Warning, err.to_string()),
            },
            EditorAction::Undo => e.undo(),
            EditorAction::Redo => e.redo(),
            EditorAction::Download => return e.download(cx),
            EditorAction::Save(s) => e.save(s, false, cx),
            EditorAction::ConfirmReplace(yes) => {
                if let (true, Some((s, _))) = (yes, e.replace.take()) {
                    e.save(s, true, cx);
                }
                e.replace = None;
            }
            EditorAction::Restore(yes) => {
                e.restore_offer = None;
                match (yes, e.restore_doc.take()) {
                    (true, Some(doc)) => {
                        e.change(doc);
                        e.open = true;
                        e.say(
                            Level::Info,
                            crate::tr!(lang, "app-editor-your-program-is-back-save"),
                        );
                    }
                    _ => e.keep_autosave(None),
                }
            }
            EditorAction::Discard => {
                e.keep_autosave(None);
                e.saved = e.doc.clone();
                e.quit_confirmed = true;
                e.asking_quit = false;
            }
        }
        Vec::new()
    }

    /// A draft (`.icons`, the editor's text format) as the document being edited, in the
    /// editor (undoable), or NAME:LINE and what is wrong with it (a message).
    pub fn open_draft(&mut self, lang: Lang, name: &str, text: &str) -> Vec<Command> {
        match edit::from_text(text) {
            Ok(doc) => {
                let e = self;
                e.open = true;
                e.replace_doc(doc);
                if let Some(stem) = Path::new(name).file_stem() {
                    e.save_name = stem.to_string_lossy().into_owned();
                }
                e.say(
                    Level::Info,
                    crate::tr!(
                        lang,
                        "app-editor-opened-the-draft-as-icons",
                        name = name.to_string()
                    ),
                );
            }
            Err(err) => {
                return vec![Command::Note(
                    Level::Error,
                    crate::tr!(
                        lang,
                        "app-editor-cannot-open-the-draft",
                        name = name.to_string(),
                        line = err.line.to_string(),
                        message = err.message.to_string()
                    ),
                )]
            }
        }
        Vec::new()
    }

    /// The robot's program as icons, replacing the document (undoable).
    fn edit_loaded(&mut self, cx: &Cx) {
        let lang = cx.lang;
        let Some(lp) = cx.program else {
            self.say(
                Level::Info,
                crate::tr!(lang, "app-editor-the-robot-has-no-program"),
            );
            return;
        };
        let (name, doc) = (lp.name.clone(), Doc::from_program(&lp.program));
        let generic = doc
            .strips
            .iter()
            .flat_map(|s| &s.icons)
            .filter(|i| i.kind == Kind::Generic)
            .count();
        self.replace_doc(doc);
        self.in_simulator = Some(self.doc.clone());
        let more = if generic > 0 {
            crate::tr!(
                lang,
                "app-editor-part-s-robolab-has-no",
                generic = generic.to_string()
            )
        } else {
            String::new()
        };
        self.say(
            Level::Info,
            crate::tr!(
                lang,
                "app-editor-opened-as-icons",
                name = name.to_string(),
                more = more.to_string()
            ),
        );
    }

    /// The document compiled, as Download compiles it; or why not, said at the editor's
    /// top (an empty document: `None`; a problem: its text, the icon selected).
    fn compiled(&mut self, lang: Lang) -> Result<crate::rcx::Program, Option<String>> {
        let empty = self.doc.strips.iter().all(|s| s.icons.is_empty());
        if empty {
            self.say(
                Level::Warning,
                crate::tr!(lang, "app-editor-nothing-to-download-yet-drag"),
            );
            return Err(None);
        }
        match self.generated() {
            Ok(g) => Ok(g.program.clone()),
            Err(problems) => {
                let first = problems.first().cloned();
                let text = match &first {
                    Some(p) => crate::tr!(
                        lang,
                        "app-editor-download-refused",
                        editor_place = self.place(lang, p.strip, p.index).to_string(),
                        reason = p.reason.words(lang)
                    ),
                    None => crate::tr!(lang, "app-editor-download-refused-the-program-cannot")
                        .to_string(),
                };
                if let Some(Problem {
                    strip,
                    index: Some(i),
                    ..
                }) = first
                {
                    self.selected = Some(Pos::new(strip, i));
                }
                self.say(Level::Error, text.clone());
                Err(Some(text))
            }
        }
    }

    /// The editor is open with a document the simulator does not have (never downloaded
    /// nor opened from the robot's program, or changed since): the Real RCX window sends
    /// that document.
    pub fn ahead_of_simulator(&self) -> bool {
        let empty = self.doc.strips.iter().all(|s| s.icons.is_empty());
        self.open && !empty && self.in_simulator.as_ref() != Some(&self.doc)
    }

    /// What the Real RCX window's Download sends from the editor: `None` when the program
    /// the app shows is the one ([`Editor::ahead_of_simulator`] false); else the document
    /// compiled as Download compiles it, or why it cannot be (said at the editor's top too).
    pub fn program_for_brick(&mut self, lang: Lang) -> Option<Result<crate::rcx::Program, String>> {
        if !self.ahead_of_simulator() {
            return None;
        }
        Some(self.compiled(lang).map_err(|why| {
            why.unwrap_or_else(|| crate::tr!(lang, "app-editor-nothing-to-download-yet-drag"))
        }))
    }

    /// Download: the document's program into the selected robot, as a transfer from
    /// ROBOLAB does (the robot stops and goes back to its start; Run starts it), or why not.
    fn download(&mut self, cx: &Cx) -> Vec<Command> {
        let lang = cx.lang;
        let program = match self.compiled(lang) {
            Ok(p) => p,
            Err(None) => return Vec::new(),
            Err(Some(text)) => return vec![Command::Note(Level::Error, text)],
        };
        let running = cx.program_active();
        self.downloaded = Some(self.doc.clone());
        self.in_simulator = Some(self.doc.clone());
        let robot = cx.target();
        let what = if running {
            crate::tr!(
                lang,
                "app-editor-downloaded-to-the-old-program",
                robot = robot.to_string()
            )
        } else {
            crate::tr!(
                lang,
                "app-editor-downloaded-to-press-run-to",
                robot = robot.to_string()
            )
        };
        self.say(Level::Info, what);
        self.run_hint = true;
        vec![Command::LoadProgram {
            name: "edited program".into(),
            program,
        }]
    }

    /// "Task 0, icon 3 (Touch sensor fork)".
    fn place(&self, lang: Lang, strip: usize, index: Option<usize>) -> String {
        let Some(s) = self.doc.strips.get(strip) else {
            return crate::tr!(lang, "app-editor-strip", strip1 = (strip + 1).to_string());
        };
        match index.and_then(|i| s.icons.get(i).map(|c| (i, c))) {
            Some((i, icon)) => crate::tr!(
                lang,
                "app-editor-icon",
                strip_title = strip_title(lang, s.id).to_string(),
                i1 = (i + 1).to_string(),
                title = icon.kind.title().to_string()
            ),
            None => strip_title(lang, s.id),
        }
    }

    /// Save program: `.rcx` / `.lasm` (the program must compile) or the draft text, in the
    /// file window's folder under the typed name.
    fn save(&mut self, kind: Saving, replace: bool, cx: &Cx) {
        let lang = cx.lang;
        let name = self.save_name.trim().to_string();
        if name.is_empty() {
            self.say(
                Level::Warning,
                crate::tr!(lang, "app-editor-type-a-name-for-the"),
            );
            return;
        }
        let mut path = cx.file_dir.join(&name);
        if path.extension().and_then(|e| e.to_str()) != Some(kind.extension()) {
            path = cx.file_dir.join(format!("{name}.{}", kind.extension()));
        }
        if !replace && cx.host.exists(&path) {
            self.replace = Some((kind, path));
            return;
        }
        let bytes = match kind {
            Saving::Draft => Ok(edit::to_text(&self.doc).into_bytes()),
            Saving::Rcx | Saving::Lasm => match self.generated() {
                Ok(g) if kind == Saving::Rcx => Ok(crate::rcx::image::write(&g.program, &[])),
                Ok(g) => Ok(g.lasm.clone().into_bytes()),
                Err(p) => Err((p.first())
                    .map(|p| p.reason.words(lang))
                    .unwrap_or_default()),
            },
        };
        let result = match bytes {
            Ok(b) => {
                (cx.host.put(&path, &b, "application/octet-stream")).map_err(|e| e.words(lang))
            }
            Err(reason) => Err(crate::tr!(
                lang,
                "app-editor-it-cannot-compile-yet-save",
                reason = reason.to_string()
            )),
        };
        match result {
            Ok(()) => {
                self.saved = self.doc.clone();
                self.keep_autosave(None);
                self.say(
                    Level::Info,
                    crate::tr!(
                        lang,
                        "app-editor-saved",
                        display = path.display().to_string()
                    ),
                );
            }
            Err(e) => self.say(
                Level::Error,
                crate::tr!(lang, "app-editor-not-saved", e = e.to_string()),
            ),
        }
    }

    /// An icon from the palette at `at`; a structure comes with its companions.
    fn insert(&mut self, at: Pos, kind: Kind) {
        let icon = Icon::new(kind);
        let made = if kind.companions().is_empty() {
            edit::insert(&self.doc, at, icon)
        } else {
            edit::insert_structure(&self.doc, at, icon)
        };
        match made {
            Ok(d) => {
                self.change(d);
                self.selected = Some(at);
            }
            Err(err) => self.say(Level::Warning, err.to_string()),
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dragging_a_slider_is_one_undo_step_and_undo_redo_restore_each_document() {
        let mut e = Editor::new(Lang::En, None, false);
        e.insert(Pos::new(0, 0), Kind::WaitTime);
        let one = e.doc.clone();
        for v in [150, 200, 250] {
            e.set_field(Pos::new(0, 0), Param::Time, v);
        }
        let dragged = e.doc.clone();
        e.undo();
        assert_eq!(e.doc, one, "the whole drag is undone at once");
        e.undo();
        assert_eq!(e.doc, Doc::default());
        e.redo();
        e.redo();
        assert_eq!(e.doc, dragged);
        assert!(!e.can_redo());
    }
}

//! The program editor's state and actions: the document of icons being edited
//! (`crate::trace::edit`), its undo and redo snapshots, the selected icon, Download, Save,
//! New from a template, the autosave and its restore offer. The window (`ui::editor`)
//! draws what [`LuApp::editor_strips`] and [`LuApp::editor_lasm`] return and sends
//! [`EditorAction`]s. Every file the editor reads or writes goes through `store`.

pub mod store;

use super::{Level, LuApp, Message};
use crate::rcx::Program;
use crate::trace::edit::{self, Doc, Generated, Icon, Kind, Param, Pos, Problem, StripId};
use crate::vm::TaskState;
use std::path::Path;
pub use store::Store;

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

/// The ready-made beginnings of New (the Pilot levels' shapes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Template {
    Empty,
    OneMotor,
    TwoMotorsWait,
    LineFollower,
}

impl Template {
    pub const ALL: [Template; 4] = [
        Template::Empty,
        Template::OneMotor,
        Template::TwoMotorsWait,
        Template::LineFollower,
    ];

    pub fn title(self) -> String {
        match self {
            Template::Empty => crate::tr!("app-editor-empty-program"),
            Template::OneMotor => crate::tr!("app-editor-one-motor-for-a-time"),
            Template::TwoMotorsWait => crate::tr!("app-editor-two-motors-then-wait"),
            Template::LineFollower => crate::tr!("app-editor-line-follower-skeleton"),
        }
    }

    pub fn help(self) -> String {
        match self {
            Template::Empty => crate::tr!("app-editor-task-0-with-no-icons"),
            Template::OneMotor => crate::tr!("app-editor-motor-a-forward-wait-2"),
            Template::TwoMotorsWait => {
                crate::tr!("app-editor-motors-a-and-c-forward")
            }
            Template::LineFollower => {
                crate::tr!("app-editor-drive-until-the-light-sensor")
            }
        }
    }

    /// The template's document.
    pub fn doc(self) -> Doc {
        let icon = |k: Kind, set: &[(Param, i32)]| {
            set.iter()
                .try_fold(Icon::new(k), |i, &(p, v)| i.with(p, v))
                .unwrap_or_else(|_| Icon::new(k))
        };
        let (a, c, ac) = (1, 4, 5);
        let icons = match self {
            Template::Empty => vec![],
            Template::OneMotor => vec![
                icon(Kind::MotorForward, &[(Param::Ports, a)]),
                icon(Kind::WaitTime, &[(Param::Time, 200)]),
                icon(Kind::MotorStop, &[(Param::Ports, a)]),
            ],
            Template::TwoMotorsWait => vec![
                icon(Kind::MotorForward, &[(Param::Ports, ac)]),
                icon(Kind::WaitTime, &[(Param::Time, 200)]),
                icon(Kind::MotorStop, &[(Param::Ports, ac)]),
            ],
            Template::LineFollower => vec![
                icon(Kind::MotorForward, &[(Param::Ports, ac), (Param::Power, 3)]),
                icon(Kind::WaitDark, &[(Param::Threshold, 40)]),
                icon(Kind::Land, &[]),
                icon(Kind::MotorForward, &[(Param::Ports, c), (Param::Power, 3)]),
                icon(Kind::MotorStop, &[(Param::Ports, a)]),
                icon(Kind::WaitLight, &[(Param::Threshold, 55)]),
                icon(Kind::MotorForward, &[(Param::Ports, a), (Param::Power, 3)]),
                icon(Kind::MotorStop, &[(Param::Ports, c)]),
                icon(Kind::WaitDark, &[(Param::Threshold, 40)]),
                icon(Kind::Jump, &[]),
            ],
        };
        let mut doc = Doc::default();
        doc.strips[0].icons = icons;
        doc
    }
}

/// What "Save program" writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Saving {
    Rcx,
    Lasm,
    Draft,
}

/// The draft's extension (the editor's text format, docs/editor-format.md).
pub const DRAFT_EXT: &str = "icons";

impl Saving {
    pub const ALL: [Saving; 3] = [Saving::Rcx, Saving::Lasm, Saving::Draft];

    pub fn title(self) -> String {
        match self {
            Saving::Rcx => crate::tr!("app-editor-save-as-rcx-finished-program"),
            Saving::Lasm => crate::tr!("app-editor-save-as-lasm-finished-program"),
            Saving::Draft => crate::tr!("app-editor-save-as-a-draft-icons"),
        }
    }

    pub fn help(self) -> String {
        match self {
            Saving::Rcx => crate::tr!("app-editor-the-program-as-a-brick"),
            Saving::Lasm => crate::tr!("app-editor-the-program-as-robolab-s"),
            Saving::Draft => crate::tr!("app-editor-the-icons-as-the-editor"),
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Saving::Rcx => "rcx",
            Saving::Lasm => "lasm",
            Saving::Draft => DRAFT_EXT,
        }
    }
}

/// A palette group: ROBOLAB's function group and the icons in it.
pub struct PaletteGroup {
    pub title: &'static str,
    pub kinds: Vec<Kind>,
}

/// The palette: every kind but the generic one, in ROBOLAB's function groups.
pub fn palette() -> Vec<PaletteGroup> {
    edit::Group::ALL
        .iter()
        .map(|&g| PaletteGroup {
            title: g.title(),
            kinds: Kind::ALL
                .iter()
                .copied()
                .filter(|k| k.group() == g && *k != Kind::Generic)
                .collect(),
        })
        .filter(|g| !g.kinds.is_empty())
        .collect()
}

/// What is dragged: a new icon from the palette, or an icon of a strip.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Payload {
    New(Kind),
    Move(Pos),
}

/// How a modifier is edited.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Style {
    /// Motor ports A, B, C (a mask).
    Ports,
    /// Hundredths of a second, shown as seconds.
    Hundredths,
    /// A number in its range.
    Number,
    /// One of these words, by index (value = index + the range's start).
    Choice(&'static [&'static str]),
}

/// One modifier of the selected icon, ready to edit.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub param: Param,
    pub title: &'static str,
    pub value: i32,
    pub min: i32,
    pub max: i32,
    pub style: Style,
}

/// One icon as the window draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct IconView {
    pub kind: Kind,
    /// Its accessible name: "Task 0 #2 Wait for time".
    pub name: String,
    /// The line under it ("2.00 s", "pwr 3").
    pub caption: String,
    /// The port on its corner ("AC", "1").
    pub badge: String,
    /// Its one-line description ("Motor AC forward, power 3").
    pub label: String,
    /// Why it cannot compile.
    pub problem: Option<String>,
    /// It is running now.
    pub lit: bool,
    /// Where its wire goes back or jumps to: a jump's land, a loop end's head, a merge's
    /// fork (index in the strip).
    pub pair: Option<usize>,
}

/// One strip as the window draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct StripView {
    pub title: String,
    pub help: String,
    /// "running" / "waiting" while its task runs the program shown.
    pub state: Option<String>,
    /// A problem of the whole strip.
    pub problem: Option<String>,
    pub icons: Vec<IconView>,
}

/// One LASM line of the view.
#[derive(Clone, Debug, PartialEq)]
pub struct LasmLine {
    pub text: String,
    pub running: bool,
}

/// One icon's LASM lines.
#[derive(Clone, Debug, PartialEq)]
pub struct LasmBlock {
    pub title: String,
    pub selected: bool,
    pub lit: bool,
    pub lines: Vec<LasmLine>,
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
    /// What the editor says at its top (a refused Download, a save).
    pub notice: Option<Message>,
    /// The notice is Download's "press Run": it goes once the program runs.
    pub run_hint: bool,
    /// The file name "Save program" uses (without extension).
    pub save_name: String,
    /// A Save found this file in the way: replace it?
    pub replace: Option<(Saving, std::path::PathBuf)>,
    /// An autosave was found at start: what it holds (the window offers to restore it).
    pub restore_offer: Option<String>,
    restore_doc: Option<Doc>,
    /// Closing the app waits for the user's answer.
    pub asking_quit: bool,
    /// The user chose to close without saving.
    pub quit_confirmed: bool,
    store: Store,
    /// Bumped by every change of `doc`; the generated code belongs to `generated.0`.
    revision: u64,
    generated: Option<(u64, Result<Generated, Vec<Problem>>)>,
}

impl Editor {
    /// The editor with its autosave in `store`; an autosave left there by a session that did
    /// not end cleanly is offered for restoring.
    pub fn new(store: Store) -> Editor {
        let mut e = Editor {
            save_name: "my-program".into(),
            store,
            ..Editor::default()
        };
        if let Some(text) = e.store.load() {
            match edit::from_text(&text) {
                Ok(doc) => {
                    let icons: usize = doc.strips.iter().map(|s| s.icons.len()).sum();
                    e.restore_offer = Some(crate::tr!(
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
            if let Err(e) = self.store.save(&edit::to_text(&self.doc)) {
                self.say(
                    Level::Warning,
                    crate::tr!("app-editor-autosave-failed", e = e.to_string()),
                );
            }
        } else {
            self.store.clear();
        }
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
    pub fn fields_of(&mut self, at: Pos) -> Option<(String, Vec<Field>, Option<String>)> {
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
            .map(|p| p.reason);
        let title = if kind == Kind::Generic {
            crate::tr!(
                "app-editor-kept-as-it-is-it",
                label = icon.label().to_string()
            )
        } else {
            icon.label()
        };
        Some((title, fields, problem))
    }
}

/// "Task 0" / "Subroutine 2".
fn strip_title(id: StripId) -> String {
    match id {
        StripId::Task(t) => crate::tr!("app-editor-task", t = t.to_string()),
        StripId::Sub(s) => crate::tr!("app-editor-subroutine", s = s.to_string()),
    }
}

/// Each icon's partner for the strip's wires: a jump's land (same label), a loop end's
/// head, a merge's fork.
fn pairs(icons: &[Icon]) -> Vec<Option<usize>> {
    let mut out = vec![None; icons.len()];
    let mut open = Vec::new();
    for (i, icon) in icons.iter().enumerate() {
        match icon.kind {
            k if k.opens() => open.push(i),
            Kind::LoopEnd | Kind::ForkMerge => out[i] = open.pop(),
            Kind::Jump => {
                let label = icon.get(Param::Label);
                out[i] = icons
                    .iter()
                    .position(|l| l.kind == Kind::Land && l.get(Param::Label) == label);
            }
            _ => {}
        }
    }
    out
}

/// The port drawn on an icon's corner: motor letters ("AC") or the sensor's number.
fn badge(icon: &Icon) -> String {
    match (icon.get(Param::Ports), icon.get(Param::SensorPort)) {
        (Some(m), _) => edit::ports_text(m),
        (None, Some(s)) => s.to_string(),
        (None, None) => String::new(),
    }
}

/// The short caption under an icon (its port is on the icon's corner).
fn caption(icon: &Icon) -> String {
    let mut parts = Vec::new();
    let dark = matches!(icon.kind, Kind::WaitDark)
        || (icon.kind == Kind::LoopLight && icon.get(Param::Until) == Some(1));
    for (p, v) in icon.params() {
        parts.push(match p {
            Param::Ports | Param::SensorPort => continue,
            Param::Power => crate::tr!("app-editor-pwr", v = v.to_string()),
            Param::Time | Param::Duration => format!("{} s", crate::i18n::num(v as f64 / 100.0, 2)),
            Param::Threshold if dark => format!("≤ {v}"),
            Param::Threshold if icon.kind == Kind::LightFork => format!("< {v}"),
            Param::Threshold => format!("≥ {v}"),
            Param::Change => crate::tr!("app-editor-by", v = v.to_string()),
            Param::Frequency => crate::tr!("app-editor-hz", v = v.to_string()),
            Param::Count => format!("×{v}"),
            Param::Until if icon.kind == Kind::LoopTouch => (if v == 1 {
                crate::tr!("app-editor-pressed")
            } else {
                crate::tr!("app-editor-released")
            })
            .to_string(),
            Param::Until => continue,
            Param::Container => crate::tr!("app-editor-var", v = v.to_string()),
            Param::Operation => ["=", "+", "−", "×", "÷"]
                .get(v as usize)
                .unwrap_or(&"=")
                .to_string(),
            Param::Sound => crate::tr!("app-editor-sound", v = v.to_string()),
            p => format!("{} {v}", p.as_str()),
        });
    }
    if icon.kind == Kind::Generic {
        parts.push(crate::tr!(
            "app-editor-bytes",
            code = icon.code().len().to_string()
        ));
    }
    parts.join(" ")
}

impl LuApp {
    /// Carries out what the editor window asked for.
    pub fn apply_editor(&mut self, action: EditorAction) {
        let e = &mut self.editor;
        match action {
            EditorAction::Open => {
                e.open = true;
                let untouched = e.doc == Doc::default() && !e.can_undo();
                if untouched && self.program.is_some() {
                    self.edit_loaded();
                }
            }
            EditorAction::Close => e.open = false,
            EditorAction::New(t) => {
                e.replace_doc(t.doc());
                e.say(
                    Level::Info,
                    crate::tr!(
                        "app-editor-new-program-undo-brings-the",
                        title = t.title().to_string()
                    ),
                );
            }
            EditorAction::EditLoaded => self.edit_loaded(),
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
                    e.selected = None;
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
            EditorAction::Download => self.download(),
            EditorAction::Save(s) => self.save_edited(s, false),
            EditorAction::ConfirmReplace(yes) => {
                if let (true, Some((s, _))) = (yes, e.replace.take()) {
                    self.save_edited(s, true);
                }
                self.editor.replace = None;
            }
            EditorAction::Restore(yes) => {
                e.restore_offer = None;
                match (yes, e.restore_doc.take()) {
                    (true, Some(doc)) => {
                        e.change(doc);
                        e.open = true;
                        e.say(
                            Level::Info,
                            crate::tr!("app-editor-your-program-is-back-save"),
                        );
                    }
                    _ => e.store.clear(),
                }
            }
            EditorAction::Discard => {
                e.store.clear();
                e.saved = e.doc.clone();
                e.quit_confirmed = true;
                e.asking_quit = false;
            }
        }
    }

    /// A draft (`.icons`, the editor's text format) as the document being edited, in the
    /// editor (undoable), or NAME:LINE and what is wrong with it.
    pub(crate) fn open_draft(&mut self, name: &str, text: &str) {
        match edit::from_text(text) {
            Ok(doc) => {
                let e = &mut self.editor;
                e.open = true;
                e.replace_doc(doc);
                if let Some(stem) = Path::new(name).file_stem() {
                    e.save_name = stem.to_string_lossy().into_owned();
                }
                e.say(
                    Level::Info,
                    crate::tr!(
                        "app-editor-opened-the-draft-as-icons",
                        name = name.to_string()
                    ),
                );
            }
            Err(err) => self.note(
                Level::Error,
                crate::tr!(
                    "app-editor-cannot-open-the-draft",
                    name = name.to_string(),
                    line = err.line.to_string(),
                    message = err.message.to_string()
                ),
            ),
        }
    }

    /// The robot's program as icons, replacing the document (undoable).
    fn edit_loaded(&mut self) {
        let Some(lp) = &self.program else {
            self.editor.say(
                Level::Info,
                crate::tr!("app-editor-the-robot-has-no-program"),
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
        self.editor.replace_doc(doc);
        let more = if generic > 0 {
            crate::tr!(
                "app-editor-part-s-robolab-has-no",
                generic = generic.to_string()
            )
        } else {
            String::new()
        };
        self.editor.say(
            Level::Info,
            crate::tr!(
                "app-editor-opened-as-icons",
                name = name.to_string(),
                more = more.to_string()
            ),
        );
    }

    /// Download: the document's program into the selected robot, as a transfer from
    /// ROBOLAB does (the robot stops and goes back to its start; Run starts it), or why not.
    fn download(&mut self) {
        let empty = self.editor.doc.strips.iter().all(|s| s.icons.is_empty());
        if empty {
            self.editor.say(
                Level::Warning,
                crate::tr!("app-editor-nothing-to-download-yet-drag"),
            );
            return;
        }
        let program = match self.editor.generated() {
            Ok(g) => g.program.clone(),
            Err(problems) => {
                let first = problems.first().cloned();
                let text = match &first {
                    Some(p) => crate::tr!(
                        "app-editor-download-refused",
                        editor_place = self.editor_place(p.strip, p.index).to_string(),
                        reason = p.reason.to_string()
                    ),
                    None => {
                        crate::tr!("app-editor-download-refused-the-program-cannot").to_string()
                    }
                };
                if let Some(Problem {
                    strip,
                    index: Some(i),
                    ..
                }) = first
                {
                    self.editor.selected = Some(Pos::new(strip, i));
                }
                self.editor.say(Level::Error, text.clone());
                self.note(Level::Error, text);
                return;
            }
        };
        let running = self.program_active();
        self.load_program("edited program", program);
        self.editor.downloaded = Some(self.editor.doc.clone());
        let robot = self.editor_target();
        let what = if running {
            crate::tr!(
                "app-editor-downloaded-to-the-old-program",
                robot = robot.to_string()
            )
        } else {
            crate::tr!(
                "app-editor-downloaded-to-press-run-to",
                robot = robot.to_string()
            )
        };
        self.editor.say(Level::Info, what);
        self.editor.run_hint = true;
    }

    /// The robot Download goes to: in a scene the chosen one by name ("R3 (M4)").
    pub fn editor_target(&self) -> String {
        match self.shown() {
            Some(s) if s.robots.len() > 1 => match s.robots.get(s.selected) {
                Some(r) => format!("{} ({})", r.name, r.model),
                None => self.robot_label(),
            },
            _ => self.robot_label(),
        }
    }

    /// "Task 0, icon 3 (Touch sensor fork)".
    fn editor_place(&self, strip: usize, index: Option<usize>) -> String {
        let Some(s) = self.editor.doc.strips.get(strip) else {
            return crate::tr!("app-editor-strip", strip1 = (strip + 1).to_string());
        };
        match index.and_then(|i| s.icons.get(i).map(|c| (i, c))) {
            Some((i, icon)) => crate::tr!(
                "app-editor-icon",
                strip_title = strip_title(s.id).to_string(),
                i1 = (i + 1).to_string(),
                title = icon.kind.title().to_string()
            ),
            None => strip_title(s.id),
        }
    }

    /// Save program: `.rcx` / `.lasm` (the program must compile) or the draft text, in the
    /// file window's folder under the typed name.
    fn save_edited(&mut self, kind: Saving, replace: bool) {
        let name = self.editor.save_name.trim().to_string();
        if name.is_empty() {
            self.editor
                .say(Level::Warning, crate::tr!("app-editor-type-a-name-for-the"));
            return;
        }
        let mut path = self.dialogs.file_dir.join(&name);
        if path.extension().and_then(|e| e.to_str()) != Some(kind.extension()) {
            path = self
                .dialogs
                .file_dir
                .join(format!("{name}.{}", kind.extension()));
        }
        if !replace && store::exists(&path) {
            self.editor.replace = Some((kind, path));
            return;
        }
        let bytes = match kind {
            Saving::Draft => Ok(edit::to_text(&self.editor.doc).into_bytes()),
            Saving::Rcx | Saving::Lasm => match self.editor.generated() {
                Ok(g) if kind == Saving::Rcx => Ok(crate::rcx::image::write(&g.program, &[])),
                Ok(g) => Ok(g.lasm.clone().into_bytes()),
                Err(p) => Err(p.first().map(|p| p.reason.clone()).unwrap_or_default()),
            },
        };
        let result = match bytes {
            Ok(b) => store::write_file(&path, &b),
            Err(reason) => Err(crate::tr!(
                "app-editor-it-cannot-compile-yet-save",
                reason = reason.to_string()
            )),
        };
        match result {
            Ok(()) => {
                self.editor.saved = self.editor.doc.clone();
                self.editor.store.clear();
                self.editor.say(
                    Level::Info,
                    crate::tr!("app-editor-saved", display = path.display().to_string()),
                );
            }
            Err(e) => self.editor.say(
                Level::Error,
                crate::tr!("app-editor-not-saved", e = e.to_string()),
            ),
        }
    }

    /// The strips as the window draws them: each icon's name, caption, problem, and
    /// whether it runs now (when the robot runs this very program).
    pub fn editor_strips(&mut self) -> Vec<StripView> {
        let problems = self.editor.problems();
        let lit = self.editor_lit();
        let states = self.editor_states();
        let doc = &self.editor.doc;
        doc.strips
            .iter()
            .enumerate()
            .map(|(s, strip)| {
                let title = strip_title(strip.id);
                let pairs = pairs(&strip.icons);
                let icons = strip
                    .icons
                    .iter()
                    .enumerate()
                    .map(|(i, icon)| IconView {
                        kind: icon.kind,
                        name: format!("{title} #{} {}", i + 1, icon.kind.title()),
                        caption: caption(icon),
                        badge: badge(icon),
                        label: icon.label(),
                        problem: problems
                            .iter()
                            .find(|p| p.strip == s && p.index == Some(i))
                            .map(|p| p.reason.clone()),
                        lit: lit.contains(&Pos::new(s, i)),
                        pair: pairs[i],
                    })
                    .collect();
                StripView {
                    help: match strip.id {
                        StripId::Task(0) => crate::tr!("app-editor-task-0-starts-when-you"),
                        StripId::Task(_) => {
                            "A task: a Task split or Start task icon starts it".into()
                        }
                        StripId::Sub(_) => {
                            crate::tr!("app-editor-a-subroutine-a-subroutine-icon")
                        }
                    },
                    state: states.get(&strip.id).cloned(),
                    problem: problems
                        .iter()
                        .find(|p| p.strip == s && p.index.is_none())
                        .map(|p| p.reason.clone()),
                    title,
                    icons,
                }
            })
            .collect()
    }

    /// The generated program is the one the robot runs now.
    fn editor_runs(&mut self) -> bool {
        // Taken out and put back rather than cloned: this is asked every frame.
        let loaded = self.program.take();
        let runs = match (self.editor.generated(), &loaded) {
            // The bytecode decides (a file's label names may differ from the editor's).
            (Ok(g), Some(p)) => {
                g.program.tasks == p.program.tasks && g.program.subs == p.program.subs
            }
            _ => false,
        };
        self.program = loaded;
        runs
    }

    /// The icons running now (the tracer's lit VIs, found in the generated code).
    fn editor_lit(&mut self) -> Vec<Pos> {
        if !self.editor_runs() {
            return Vec::new();
        }
        let Some(snap) = self.live.clone() else {
            return Vec::new();
        };
        let Ok(g) = self.editor.generated() else {
            return Vec::new();
        };
        snap.current_vi
            .values()
            .filter_map(|&v| snap.vis.get(v))
            .filter_map(|vi| {
                let id = match vi.sub {
                    Some(s) => StripId::Sub(s),
                    None => StripId::Task(vi.task),
                };
                // The tracer may count a task's header into its first icon: the first of
                // the VI's bytes that the generator gave to an icon decides.
                vi.ranges
                    .iter()
                    .flat_map(|&(a, b)| a..b)
                    .find_map(|pc| g.icon_at(id, pc))
            })
            .collect()
    }

    /// "running" / "waiting" per task strip while the robot runs this program.
    fn editor_states(&mut self) -> std::collections::BTreeMap<StripId, String> {
        let mut out = std::collections::BTreeMap::new();
        if !self.editor_runs() {
            return out;
        }
        if let Some(snap) = &self.live {
            for t in &snap.tasks {
                let word = match t.state {
                    TaskState::Running => crate::tr!("app-editor-running"),
                    TaskState::Waiting => crate::tr!("app-editor-waiting"),
                    _ => continue,
                };
                out.insert(StripId::Task(t.task), word.to_string());
            }
        }
        out
    }

    /// The LASM of each icon, the line each task runs now lit (when the robot runs this
    /// program); empty with the problems when the document cannot compile.
    pub fn editor_lasm(&mut self) -> (Vec<LasmBlock>, Vec<String>) {
        let runs = self.editor_runs();
        let lit = self.editor_lit();
        let selected = self.editor.selected;
        let snap = self.live.clone();
        let doc = self.editor.doc.clone();
        // A program that cannot compile yet still shows each icon's code (no addresses).
        let (lasm, icons, program, problems) = match self.editor.generated() {
            Ok(g) => (
                g.lasm.clone(),
                g.icons.clone(),
                Some(g.program.clone()),
                Vec::new(),
            ),
            Err(problems) => {
                let reasons = problems.iter().map(|p| p.reason.clone()).collect();
                let (lasm, icons) = edit::lasm_preview(&doc);
                (lasm, icons, None, reasons)
            }
        };
        let lines: Vec<&str> = lasm.lines().collect();
        // Where each task is: its strip, its pc, and whether it waits. A waiting task's pc
        // is already past the instruction it waits in (`wait` ends its step), so that
        // instruction is the one that ends at the pc, not the one that starts there (the
        // next icon's first line).
        let running_pcs: Vec<(StripId, usize, bool)> = match (&snap, runs) {
            (Some(s), true) => s
                .tasks
                .iter()
                .filter(|t| t.state != TaskState::Stopped)
                .map(|t| {
                    let id = t.sub.map_or(StripId::Task(t.task), StripId::Sub);
                    (id, usize::from(t.pc), t.state == TaskState::Waiting)
                })
                .collect(),
            _ => Vec::new(),
        };
        let mut out = Vec::new();
        for (s, strip) in doc.strips.iter().enumerate() {
            let code = program.as_ref().and_then(|p| block_code(p, strip.id));
            let title = strip_title(strip.id);
            for (i, icon) in strip.icons.iter().enumerate() {
                let Some(ic) = icons.get(s).and_then(|v| v.get(i)) else {
                    continue;
                };
                let mut addr = ic.bytes.start as usize;
                let mut block = Vec::new();
                for text in lines.get(ic.lines.clone()).unwrap_or_default() {
                    let t = text.trim();
                    let is_instr = !t.is_empty() && !t.ends_with(':') && !t.starts_with(';');
                    let mut running = false;
                    if is_instr {
                        let len = code
                            .and_then(|c| crate::rcx::decode_one(c, addr).ok())
                            .map_or(1, |ins| (ins.len as usize).max(1));
                        running = running_pcs.iter().any(|&(id, pc, waiting)| {
                            id == strip.id
                                && if waiting {
                                    addr + len == pc
                                } else {
                                    addr == pc
                                }
                        });
                        addr += len;
                    }
                    block.push(LasmLine {
                        text: text.to_string(),
                        running,
                    });
                }
                if block.is_empty() {
                    continue;
                }
                let at = Pos::new(s, i);
                out.push(LasmBlock {
                    title: crate::tr!(
                        "app-editor-icon-2",
                        title = title.to_string(),
                        i1 = (i + 1).to_string(),
                        label = icon.label().to_string()
                    ),
                    selected: selected == Some(at),
                    lit: lit.contains(&at),
                    lines: block,
                });
            }
        }
        (out, problems)
    }
}

impl Editor {
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

/// A task's or subroutine's code in a program.
fn block_code(p: &Program, id: StripId) -> Option<&[u8]> {
    match id {
        StripId::Task(t) => p.tasks.get(t as usize)?.as_deref(),
        StripId::Sub(s) => p.subs.get(s as usize)?.as_deref(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_but_the_empty_one_compiles() {
        for t in Template::ALL {
            let doc = t.doc();
            let empty = doc.strips.iter().all(|s| s.icons.is_empty());
            assert_eq!(empty, t == Template::Empty, "{}", t.title());
            if !empty {
                assert!(edit::generate(&doc).is_ok(), "{} compiles", t.title());
            }
        }
    }

    #[test]
    fn the_line_follower_template_is_the_shipped_example() {
        let got = edit::generate(&Template::LineFollower.doc())
            .unwrap()
            .program;
        let want = crate::rcx::lasm::assemble(
            include_str!("../../../assets/examples/line_follower.lasm"),
            "line_follower.lasm",
        )
        .unwrap();
        assert_eq!(got.tasks, want.tasks);
    }

    #[test]
    fn a_jump_is_wired_to_its_land_and_a_loop_end_to_its_head() {
        let icons = vec![
            Icon::new(Kind::Land),
            Icon::new(Kind::LoopForever),
            Icon::new(Kind::WaitTime),
            Icon::new(Kind::LoopEnd),
            Icon::new(Kind::Jump),
        ];
        assert_eq!(pairs(&icons), vec![None, None, None, Some(1), Some(0)]);
    }

    #[test]
    fn dragging_a_slider_is_one_undo_step_and_undo_redo_restore_each_document() {
        let mut e = Editor::new(Store::none());
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

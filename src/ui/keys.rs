//! The keys for what pupils do most (issue 44): Run, Pause, Step, Stop, Replay, Slower and
//! Faster, one table that the shell acts on, the Help window lists and the toolbar's
//! tooltips name, so the three never disagree. Each is Ctrl (⌘ on a Mac) with a key no
//! browser takes from a page (Ctrl+R, Ctrl+P, F5 would reload or print the tab), and none is
//! a single character key (WCAG 2.1.4): typing in a field never runs anything.

use crate::app::Action;
use crate::i18n::Lang;
use crate::runner::StepKind;
use egui::{Key, KeyboardShortcut, Modifiers};

const fn ctrl(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, key)
}

pub const RUN: KeyboardShortcut = ctrl(Key::Enter);
pub const PAUSE: KeyboardShortcut = ctrl(Key::Space);
pub const STEP: KeyboardShortcut = ctrl(Key::I);
pub const STOP: KeyboardShortcut = ctrl(Key::Backspace);
pub const REPLAY: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Enter);
pub const SLOWER: KeyboardShortcut = ctrl(Key::OpenBracket);
pub const FASTER: KeyboardShortcut = ctrl(Key::CloseBracket);

/// Each shortcut with what it does (a key of assets/i18n/*.ftl naming it) and its action.
pub fn table() -> [(&'static str, KeyboardShortcut, Action); 7] {
    [
        (super::RUN, RUN, Action::Run),
        (super::PAUSE, PAUSE, Action::Pause),
        (super::STEP_ICON, STEP, Action::Step(StepKind::Icon)),
        (super::STOP, STOP, Action::Stop),
        (super::REPLAY, REPLAY, Action::Replay),
        (super::SLOWER, SLOWER, Action::Slower),
        (super::FASTER, FASTER, Action::Faster),
    ]
}

/// The actions whose keys were pressed this frame (wherever the keyboard focus is; the
/// longer shortcut first, so Ctrl+Shift+Enter is Replay, not Run). While the Grade window
/// is open its own Ctrl+Enter (Start grading) wins over Run.
pub fn pressed(ctx: &egui::Context, grading: bool) -> Vec<Action> {
    let mut t = table().to_vec();
    if grading {
        t.retain(|(_, k, _)| *k != RUN);
    }
    t.sort_by_key(|(_, k, _)| std::cmp::Reverse(k.modifiers.shift));
    ctx.input_mut(|i| {
        t.into_iter()
            .filter(|(_, k, _)| i.consume_shortcut(k))
            .map(|(_, _, a)| a)
            .collect()
    })
}

/// `tip` with the shortcut's keys after it: "Run the program (Ctrl+Enter)".
pub fn tip(ctx: &egui::Context, tip: String, keys: &KeyboardShortcut) -> String {
    format!("{tip} ({})", ctx.format_shortcut(keys))
}

/// The Help window's list: each shortcut and what it does.
pub fn help(lang: Lang, ui: &mut egui::Ui) {
    egui::Grid::new("help keys").num_columns(2).show(ui, |ui| {
        for (name, keys, _) in table() {
            ui.label(egui::RichText::new(ui.ctx().format_shortcut(&keys)).monospace());
            ui.label(crate::tr!(lang, name));
            ui.end_row();
        }
    });
}

/// Esc closes the window on top (one per press, the last-opened kinds first): the editor's
/// Save window, Save as, the file window, Help, About, Messages, the Real RCX window, the
/// Grade window, then the
/// editor (which asks first if its program is unsaved); also from a field being typed in.
/// A menu or a list that is open closes by itself first (egui's).
pub fn escape(app: &mut crate::app::LuApp, ctx: &egui::Context) -> Option<Action> {
    if egui::Popup::is_any_open(ctx) {
        return None;
    }
    if !ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape)) {
        return None;
    }
    let d = &mut app.dialogs;
    if app.editor.save_open {
        app.editor.save_open = false;
    } else if d.save_as.is_some() {
        d.save_as = None;
    } else if d.show_file_browser {
        d.show_file_browser = false;
        d.browse = crate::app::Browse::Open;
    } else if d.show_help {
        d.show_help = false;
    } else if d.show_about {
        d.show_about = false;
    } else if d.show_messages {
        d.show_messages = false;
    } else if app.rcx.open {
        return Some(Action::Rcx(crate::app::RcxMsg::Show(false)));
    } else if app.grade.open {
        app.grade.open = false;
    } else if app.editor.open {
        return Some(Action::Editor(crate::app::EditorAction::Close));
    }
    None
}

/// Adds a number field or slider that keeps the keyboard focus when an arrow key steps it.
/// egui locks a field's arrows only from its second focused frame, so an arrow pressed just
/// after Tab landed on it (a quick hand, a slow machine) stepped the value and also moved the
/// focus on, to the next widget that way; here that move is cancelled when the arrow changed
/// the value. (An arrow that does not step the field, ↑ on a slider's rail, still moves on.)
pub fn number_field(ui: &mut egui::Ui, field: impl egui::Widget) -> egui::Response {
    const ARROWS: [Key; 4] = [
        Key::ArrowLeft,
        Key::ArrowRight,
        Key::ArrowUp,
        Key::ArrowDown,
    ];
    // Read before the field consumes its arrows: the last key egui moves the focus with.
    let last = ui.input(|i| {
        i.events.iter().rev().find_map(|e| match e {
            egui::Event::Key {
                key,
                pressed: true,
                modifiers,
                ..
            } if matches!(key, Key::Tab | Key::Escape) || ARROWS.contains(key) => {
                Some((*key, modifiers.any()))
            }
            _ => None,
        })
    });
    let r = ui.add(field);
    let arrow = matches!(last, Some((k, false)) if ARROWS.contains(&k));
    if arrow && r.has_focus() && r.changed() {
        ui.memory_mut(|m| m.move_focus(egui::FocusDirection::None));
    }
    r
}

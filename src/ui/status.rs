//! The status bar's link: whether ROBOLAB and NQC can reach the simulator (a dot, where
//! the link listens, its last lines) and the sym.txt settings to copy.

use super::*;
use crate::app::{Action, LuApp};

/// The link's state with a "copy sym.txt settings" button.
pub fn link_status(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    // In a scene: the shown robot's link, named.
    let whose = match app.shown() {
        Some(s) if s.robots.len() > 1 => s
            .robots
            .get(s.selected)
            .map(|r| crate::tr!(lang, "toolbar-of", name = r.name.to_string()))
            .unwrap_or_default(),
        _ => String::new(),
    };
    match app.shown_link() {
        (Some(l), _) => {
            let st = l.status();
            let addr = l
                .local_addr()
                .map(|a| a.to_string())
                .unwrap_or_else(|| crate::tr!(lang, "toolbar-no-tcp"));
            // The link counts its pty as an open connection from the start, whether or not
            // a program has opened it: count only the others as clients.
            let pty_path = l.pty_path();
            let clients = st
                .connections
                .saturating_sub(usize::from(pty_path.is_some()));
            let pty = pty_path
                .map(|p| crate::tr!(lang, "toolbar-pty-ready", display = p.display().to_string()))
                .unwrap_or_default();
            let dot = if clients > 0 { GREEN } else { BLUE };
            dot_label(ui, dot);
            let who = match clients {
                0 => crate::tr!(lang, "toolbar-waiting-for-robolab-or-nqc").to_string(),
                1 => crate::tr!(lang, "toolbar-n1-client-connected").to_string(),
                n => crate::tr!(lang, "toolbar-clients-connected", n = n.to_string()),
            };
            ui.label(crate::tr!(
                lang,
                "toolbar-link",
                whose = whose.to_string(),
                addr = addr.to_string(),
                pty = pty.to_string(),
                who = who.to_string()
            ))
            .on_hover_text(
                crate::tr!(lang, "toolbar-robolab-and-nqc-can-download").to_string()
                    + &st
                        .log
                        .iter()
                        .rev()
                        .take(8)
                        .cloned()
                        .collect::<Vec<_>>()
                        .join("\n"),
            );
            if ui
                .small_button(crate::tr!(lang, "toolbar-copy-sym-txt-settings"))
                .on_hover_text(crate::tr!(lang, "toolbar-copy-the-three-lines-robolab"))
                .clicked()
            {
                ui.ctx().copy_text(app.sym_txt());
                acts.push(Action::Note(
                    crate::app::Level::Info,
                    crate::tr!(lang, "toolbar-sym-txt-settings-copied-paste"),
                ));
            }
        }
        (None, Some(e)) => {
            dot_label(ui, RED);
            ui.label(
                RichText::new(crate::tr!(
                    lang,
                    "toolbar-link-off",
                    whose = whose.to_string()
                ))
                .color(RED),
            )
            .on_hover_text(crate::tr!(
                lang,
                "toolbar-the-rcx-link-could-not",
                e = e.to_string()
            ));
        }
        (None, None) => {
            dot_label(ui, MUTED);
            ui.label(RichText::new(crate::tr!(lang, "toolbar-link-off-2")).color(MUTED))
                .on_hover_text(crate::tr!(lang, "toolbar-no-rcx-link-in-this"));
        }
    }
}

/// A coloured status dot.
fn dot_label(ui: &mut egui::Ui, c: Color32) {
    let (r, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
    ui.painter().circle_filled(r.center(), 5.0, c);
}

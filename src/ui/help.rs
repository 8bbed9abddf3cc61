//! Help for pupils and teachers (what each icon means, how to run, slow down, step and
//! replay, how to connect ROBOLAB and NQC, the mouse and the keys) and the About window.

use super::*;
use crate::app::LuApp;
use crate::i18n::Lang;
use crate::trace::ViKind;

/// Title of the help window (and of its menu entry).
pub const HELP: &str = "help-how-to-use-the-simulator";
/// Title of the About window (and of its menu entry).
pub const ABOUT: &str = "help-about-lurobotsim";

/// What an icon does, in a pupil's words.
pub fn meaning(lang: Lang, kind: ViKind) -> String {
    match kind {
        ViKind::MotorForward => {
            crate::tr!(lang, "help-turns-a-motor-on-forwards")
        }
        ViKind::MotorBackward => crate::tr!(lang, "help-turns-a-motor-on-backwards"),
        ViKind::MotorStop => crate::tr!(lang, "help-stops-a-motor-at-once"),
        ViKind::MotorFloat => crate::tr!(lang, "help-lets-a-motor-run-freely"),
        ViKind::WaitTime => crate::tr!(lang, "help-waits-for-some-seconds-the"),
        ViKind::WaitPush => crate::tr!(lang, "help-waits-until-the-touch-sensor"),
        ViKind::WaitLetgo => crate::tr!(lang, "help-waits-until-the-touch-sensor-2"),
        ViKind::WaitDark => crate::tr!(lang, "help-waits-until-the-light-sensor"),
        ViKind::WaitLight => crate::tr!(lang, "help-waits-until-the-light-sensor-2"),
        ViKind::WaitDarker => crate::tr!(lang, "help-waits-until-the-light-sensor-3"),
        ViKind::WaitLighter => crate::tr!(lang, "help-waits-until-the-light-sensor-4"),
        ViKind::WaitRotation => crate::tr!(lang, "help-waits-until-a-wheel-has"),
        ViKind::TouchFork => crate::tr!(lang, "help-goes-one-way-if-the"),
        ViKind::LightFork => crate::tr!(lang, "help-goes-one-way-if-the-2"),
        ViKind::ForkMerge => crate::tr!(lang, "help-where-the-two-ways-of"),
        ViKind::Jump => crate::tr!(lang, "help-jumps-to-the-land-icon"),
        ViKind::Land => crate::tr!(lang, "help-where-a-jump-arrives"),
        ViKind::Loop => crate::tr!(lang, "help-start-of-a-part-that"),
        ViKind::LoopEnd => crate::tr!(lang, "help-end-of-the-repeated-part"),
        ViKind::TaskSplit => crate::tr!(lang, "help-starts-a-second-line-of"),
        ViKind::PlaySound => crate::tr!(lang, "help-plays-one-of-the-rcx"),
        ViKind::PlayTone => crate::tr!(lang, "help-plays-a-note"),
        ViKind::Container => crate::tr!(lang, "help-sets-or-changes-a-number"),
        ViKind::TimerReset => crate::tr!(lang, "help-sets-a-timer-back-to"),
        ViKind::SensorSetup => crate::tr!(lang, "help-tells-the-rcx-which-sensor"),
        ViKind::StartTask => crate::tr!(lang, "help-starts-another-task"),
        ViKind::StopTask => crate::tr!(lang, "help-stops-a-task"),
        ViKind::Subroutine => crate::tr!(lang, "help-runs-a-group-of-icons"),
        ViKind::Generic => crate::tr!(lang, "help-instructions-that-are-not-one"),
    }
}

/// A section's heading.
fn title(ui: &mut egui::Ui, heading: &str) {
    ui.add_space(6.0);
    ui.label(RichText::new(heading).strong().size(17.0));
}

/// A section: its heading, then each paragraph.
fn para(lang: Lang, ui: &mut egui::Ui, heading: &str, lines: &[&str]) {
    title(ui, &crate::tr!(lang, heading));
    for l in lines {
        ui.label(crate::tr!(lang, *l));
    }
}

/// The help's sections: a heading and its paragraphs (keys of assets/i18n/*.ftl).
const SECTIONS: &[(&str, &[&str])] = &[
    (
        "help-n1-get-a-program",
        &[
            "help-examples-gives-ready-made-programs",
            "help-open-ctrl-o-opens-a",
            "help-or-download-from-robolab-or",
            "help-or-write-your-own-with",
        ],
    ),
    (
        "help-n2-run-it",
        &[
            "help-run-starts-the-program-pause",
            "help-stop-puts-the-robot-back",
            "help-on-the-right-the-program",
        ],
    ),
    (
        "help-n3-watch-it-slowly",
        &[
            "help-slower-every-click-waits-10",
            "help-the-speed-slider-0-1",
            "help-step-one-millisecond-one-instruction",
        ],
    ),
    (
        "help-n4-look-back",
        &[
            "help-drag-the-timeline-under-the",
            "help-replay-plays-the-run-again",
        ],
    ),
    (
        "help-n5-change-the-world",
        &[
            "help-pick-another-robot-m1-m5",
            "help-move-robot-drag-the-robot",
        ],
    ),
    (
        "help-the-rcx-itself",
        &[
            "help-at-the-top-of-the",
            "help-click-its-buttons-as-on",
            "help-its-beeps-and-tunes-play",
        ],
    ),
    (
        "help-connecting-robolab",
        &[
            "help-press-copy-sym-txt-settings",
            "help-in-robolab-choose-the-simulator",
        ],
    ),
    (
        "help-connecting-nqc",
        &[
            "help-nqc-4-x-downloads-straight",
            if crate::host::link::PTY_SUPPORTED {
                "help-older-nqc-speaks-only-to"
            } else {
                "help-on-windows-there-is-no"
            },
            "help-or-compile-nqc-trcx2-oprogram",
        ],
    ),
    (
        "help-mouse-and-keys",
        &[
            "help-left-drag-turns-the-camera",
            "help-arrows-move-the-camera-f1",
        ],
    ),
];

/// The help window.
pub fn help_window(app: &mut LuApp, ctx: &egui::Context) {
    let lang = app.view.lang;
    let mut open = app.dialogs.show_help;
    egui::Window::new(crate::tr!(lang, HELP))
        .open(&mut open)
        .default_size([560.0, 460.0])
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                for (heading, lines) in SECTIONS {
                    para(lang, ui, heading, lines);
                    if *heading == "help-mouse-and-keys" {
                        title(ui, &crate::tr!(lang, "help-keyboard-shortcuts"));
                        super::keys::help(lang, ui);
                        title(ui, &crate::tr!(lang, "editor-keys"));
                        super::editor::help_keys(lang, ui);
                    }
                }
                title(ui, &crate::tr!(lang, "help-what-the-icons-mean"));
                egui::Grid::new("icon meanings")
                    .num_columns(2)
                    .show(ui, |ui| {
                        for kind in ViKind::ALL {
                            match super::trace::icon_texture(app, ctx, kind) {
                                Some(tex) => {
                                    ui.image((tex, egui::vec2(32.0, 32.0)));
                                }
                                None => {
                                    ui.label("");
                                }
                            }
                            ui.label(format!(
                                "{}: {}",
                                crate::i18n::core_text_in(lang, "icon", kind.title()),
                                meaning(lang, kind)
                            ));
                            ui.end_row();
                        }
                    });
                super::follow_focus(ui);
            });
        });
    app.dialogs.show_help = open;
}

/// The About window.
pub fn about_window(app: &mut LuApp, ctx: &egui::Context) {
    let lang = app.view.lang;
    let mut open = app.dialogs.show_about;
    egui::Window::new(crate::tr!(lang, ABOUT))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.heading(crate::tr!(
                lang,
                "help-lurobotsim",
                env = env!("CARGO_PKG_VERSION").to_string()
            ));
            ui.label(crate::tr!(lang, "help-a-simulator-for-lego-mindstorms"));
            ui.label(crate::tr!(lang, "help-a-rust-port-of-lurobotsim"));
        });
    app.dialogs.show_about = open;
}

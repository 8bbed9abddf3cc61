//! The editor's vocabulary, pure: the templates of New, what Save writes, the palette,
//! what is dragged, how a modifier is edited, and the views the window draws (icons,
//! strips, LASM lines) with their captions, badges and wires.

use crate::i18n::Lang;
use crate::trace::edit::{self, Doc, Icon, Kind, Param, Pos, StripId};

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

    pub fn title(self, lang: Lang) -> String {
        match self {
            Template::Empty => crate::tr!(lang, "app-editor-empty-program"),
            Template::OneMotor => crate::tr!(lang, "app-editor-one-motor-for-a-time"),
            Template::TwoMotorsWait => crate::tr!(lang, "app-editor-two-motors-then-wait"),
            Template::LineFollower => crate::tr!(lang, "app-editor-line-follower-skeleton"),
        }
    }

    pub fn help(self, lang: Lang) -> String {
        match self {
            Template::Empty => crate::tr!(lang, "app-editor-task-0-with-no-icons"),
            Template::OneMotor => crate::tr!(lang, "app-editor-motor-a-forward-wait-2"),
            Template::TwoMotorsWait => {
                crate::tr!(lang, "app-editor-motors-a-and-c-forward")
            }
            Template::LineFollower => {
                crate::tr!(lang, "app-editor-drive-until-the-light-sensor")
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

    pub fn title(self, lang: Lang) -> String {
        match self {
            Saving::Rcx => crate::tr!(lang, "app-editor-save-as-rcx-finished-program"),
            Saving::Lasm => crate::tr!(lang, "app-editor-save-as-lasm-finished-program"),
            Saving::Draft => crate::tr!(lang, "app-editor-save-as-a-draft-icons"),
        }
    }

    pub fn help(self, lang: Lang) -> String {
        match self {
            Saving::Rcx => crate::tr!(lang, "app-editor-the-program-as-a-brick"),
            Saving::Lasm => crate::tr!(lang, "app-editor-the-program-as-robolab-s"),
            Saving::Draft => crate::tr!(lang, "app-editor-the-icons-as-the-editor"),
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

/// "Task 0" / "Subroutine 2".
pub(super) fn strip_title(lang: Lang, id: StripId) -> String {
    match id {
        StripId::Task(t) => crate::tr!(lang, "app-editor-task", t = t.to_string()),
        StripId::Sub(s) => crate::tr!(lang, "app-editor-subroutine", s = s.to_string()),
    }
}

/// Each icon's partner for the strip's wires: a jump's land (same label), a loop end's
/// head, a merge's fork.
pub(super) fn pairs(icons: &[Icon]) -> Vec<Option<usize>> {
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
pub(super) fn badge(icon: &Icon) -> String {
    match (icon.get(Param::Ports), icon.get(Param::SensorPort)) {
        (Some(m), _) => edit::ports_text(m),
        (None, Some(s)) => s.to_string(),
        (None, None) => String::new(),
    }
}

/// The short caption under an icon (its port is on the icon's corner).
pub(super) fn caption(lang: Lang, icon: &Icon) -> String {
    let mut parts = Vec::new();
    let dark = matches!(icon.kind, Kind::WaitDark)
        || (icon.kind == Kind::LoopLight && icon.get(Param::Until) == Some(1));
    for (p, v) in icon.params() {
        parts.push(match p {
            Param::Ports | Param::SensorPort => continue,
            Param::Power => crate::tr!(lang, "app-editor-pwr", v = v.to_string()),
            Param::Time | Param::Duration => {
                format!("{} s", crate::i18n::num_in(lang, v as f64 / 100.0, 2))
            }
            Param::Threshold if dark => format!("≤ {v}"),
            Param::Threshold if icon.kind == Kind::LightFork => format!("< {v}"),
            Param::Threshold => format!("≥ {v}"),
            Param::Change => crate::tr!(lang, "app-editor-by", v = v.to_string()),
            Param::Frequency => crate::tr!(lang, "app-editor-hz", v = v.to_string()),
            Param::Count => format!("×{v}"),
            Param::Until if icon.kind == Kind::LoopTouch => (if v == 1 {
                crate::tr!(lang, "app-editor-pressed")
            } else {
                crate::tr!(lang, "app-editor-released")
            })
            .to_string(),
            Param::Until => continue,
            Param::Container => crate::tr!(lang, "app-editor-var", v = v.to_string()),
            Param::Operation => ["=", "+", "−", "×", "÷"]
                .get(v as usize)
                .unwrap_or(&"=")
                .to_string(),
            Param::Sound => crate::tr!(lang, "app-editor-sound", v = v.to_string()),
            Param::Value => crate::tr!(lang, "app-editor-caption-value", v = v.to_string()),
            Param::Task => crate::tr!(lang, "app-editor-caption-task", v = v.to_string()),
            Param::Sub => crate::tr!(lang, "app-editor-caption-sub", v = v.to_string()),
            Param::Timer => crate::tr!(lang, "app-editor-caption-timer", v = v.to_string()),
            Param::Label => crate::tr!(lang, "app-editor-caption-label", v = v.to_string()),
        });
    }
    if icon.kind == Kind::Generic {
        parts.push(crate::tr!(
            lang,
            "app-editor-bytes",
            code = icon.code().len().to_string()
        ));
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The caption under an icon is in the app's language: a German pupil read "label 1"
    /// under a jump (a modifier the captions had no words for was named in English).
    #[test]
    fn a_caption_names_its_modifiers_in_the_apps_language() {
        let jump = Icon::new(Kind::Jump).with(Param::Label, 2).unwrap();
        assert_eq!(caption(Lang::En, &jump), "label 2");
        assert_eq!(caption(Lang::De, &jump), "Marke 2");
        let start = Icon::new(Kind::StartTask).with(Param::Task, 3).unwrap();
        assert_eq!(caption(Lang::Es, &start), "tarea 3");
        for lang in crate::i18n::ALL {
            for kind in Kind::ALL {
                let text = caption(lang, &Icon::new(kind));
                assert!(!text.contains("app-editor"), "{kind:?}: {text}");
            }
        }
    }

    #[test]
    fn every_template_but_the_empty_one_compiles() {
        for t in Template::ALL {
            let doc = t.doc();
            let empty = doc.strips.iter().all(|s| s.icons.is_empty());
            assert_eq!(empty, t == Template::Empty, "{}", t.title(Lang::En));
            if !empty {
                assert!(
                    edit::generate(&doc).is_ok(),
                    "{} compiles",
                    t.title(Lang::En)
                );
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
}

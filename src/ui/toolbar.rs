//! The menu bar and the toolbar: run · pause · step (tick / instruction / icon) · slower ·
//! faster · stop · speed · robot · environment · realism · open · examples · views · follow · second
//! view · screenshot · connection. Every control says what it does in a tooltip.

use super::*;
use crate::app::examples::EXAMPLES;
use crate::app::{Action, Arrange, LuApp, Tool};
use crate::i18n::Lang;
use crate::render::ViewPreset;
use crate::runner::{Speed, StepKind, SPEED_LADDER};
use crate::tr;
use crate::world::spec::{BUILTIN_ENVS, BUILTIN_ROBOTS};

/// File > Copy link (the browser build, or the desktop's `--site`).
pub const COPY_LINK: &str = "toolbar-copy-link-to-this-run";

/// File > Copy challenge link (enabled while a challenge is open).
pub const COPY_CHALLENGE_LINK: &str = "toolbar-copy-challenge-link";

/// View > Language (a key of assets/i18n/*.ftl; the View menu is `look`'s).
pub use super::look::LANGUAGE;

/// The menu bar (on a second line where the window is too narrow for one, as at 200 %
/// zoom on a small screen).
pub fn menu_bar(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.horizontal_wrapped(|ui| menus(app, acts, ui));
    });
}

/// The menus of the menu bar.
fn menus(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    {
        ui.menu_button(tr!(lang, "toolbar-file"), |ui| file_menu(app, acts, ui))
            .response
            .on_hover_text(tr!(lang, "toolbar-open-programs-export-the-trace"));
        ui.menu_button(tr!(lang, "toolbar-run"), |ui| run_choices(app, acts, ui))
            .response
            .on_hover_text(tr!(lang, "toolbar-run-pause-step-slow-down"));
        ui.menu_button(tr!(lang, "toolbar-robot"), |ui| {
            robot_choices(app, acts, ui)
        })
        .response
        .on_hover_text(tr!(lang, "toolbar-choose-the-robot-model"));
        ui.menu_button(tr!(lang, "toolbar-environment"), |ui| {
            env_choices(app, acts, ui)
        })
        .response
        .on_hover_text(tr!(lang, "toolbar-choose-the-floor-and-walls"));
        ui.menu_button(tr!(lang, "toolbar-examples"), |ui| {
            example_choices(lang, &app.host, acts, ui)
        })
        .response
        .on_hover_text(tr!(lang, "toolbar-ready-made-robolab-programs-one"));
        ui.menu_button(tr!(lang, super::challenge::CHALLENGES), |ui| {
            super::challenge::menu(app, acts, ui)
        })
        .response
        .on_hover_text(tr!(lang, "toolbar-challenges-tip"));
        ui.menu_button(tr!(lang, "toolbar-view"), |ui| {
            super::look::view_menu(app, acts, ui)
        })
        .response
        .on_hover_text(tr!(lang, "toolbar-what-the-3d-view-shows"));
        ui.menu_button(tr!(lang, "toolbar-window"), |ui| {
            window_choices(app, acts, ui)
        })
        .response
        .on_hover_text(tr!(lang, "toolbar-arrange-the-panes-around-the"));
        ui.menu_button(tr!(lang, "toolbar-help"), |ui| {
            if ui
                .button(tr!(lang, super::help::HELP))
                .on_hover_text(tr!(lang, "toolbar-what-the-icons-mean-how"))
                .clicked()
            {
                app.dialogs.show_help = true;
                ui.close();
            }
            if ui
                .button(tr!(lang, super::help::ABOUT))
                .on_hover_text(tr!(lang, "toolbar-the-version-of-this-simulator"))
                .clicked()
            {
                app.dialogs.show_about = true;
                ui.close();
            }
        })
        .response
        .on_hover_text(tr!(lang, "toolbar-how-to-use-the-simulator"));
    }
}

/// File: open, a challenge, grade a class, save and export, copy a link, quit.
fn file_menu(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    let open_keys = ui.ctx().format_shortcut(&OPEN_SHORTCUT);
    if ui
        .add(
            egui::Button::new(tr!(lang, "toolbar-open-a-program-robot-environment"))
                .shortcut_text(open_keys),
        )
        .on_hover_text(tr!(lang, "toolbar-open-a-lasm-or-rcx"))
        .clicked()
    {
        app.browse(crate::app::Browse::Open);
        ui.close();
    }
    super::challenge::open_file_button(app, ui);
    if ui
        .button(tr!(lang, super::grade::GRADE_A_CLASS))
        .on_hover_text(tr!(lang, "toolbar-grade-every-pupil-s-program"))
        .clicked()
    {
        app.grade.open = true;
        ui.close();
    }
    if ui
        .button(tr!(lang, super::rcx::REAL_RCX))
        .on_hover_text(tr!(lang, "rcx-menu-tip"))
        .clicked()
    {
        acts.push(Action::Rcx(crate::app::RcxMsg::Show(true)));
        ui.close();
    }
    ui.separator();
    if ui
        .button(tr!(lang, SAVE_RECORDING))
        .on_hover_text(tr!(lang, "toolbar-save-the-run-so-far"))
        .clicked()
    {
        acts.push(Action::AskSave(SaveKind::Recording));
        ui.close();
    }
    if ui
        .button(tr!(lang, EXPORT_CSV))
        .on_hover_text(tr!(lang, "toolbar-save-time-pose-motor-powers"))
        .clicked()
    {
        acts.push(Action::AskSave(SaveKind::TraceCsv));
        ui.close();
    }
    if ui
        .button(tr!(lang, SAVE_SCREENSHOT))
        .on_hover_text(tr!(lang, "toolbar-take-a-picture-of-the"))
        .clicked()
    {
        acts.push(Action::Screenshot);
        ui.close();
    }
    if let Some(base) = app.share_base.clone() {
        if ui
            .button(tr!(lang, COPY_LINK))
            .on_hover_text(tr!(lang, "toolbar-copy-a-link-that-opens"))
            .clicked()
        {
            let link = format!("{base}{}", app.share_fragment());
            ui.ctx().copy_text(link.clone());
            acts.push(Action::Note(
                crate::app::Level::Info,
                tr!(
                    lang,
                    "toolbar-link-copied-characters-paste-it",
                    len = link.len().to_string()
                ),
            ));
            ui.close();
        }
    }
    let open = app.challenge.open.is_some();
    let copy = ui
        .add_enabled(open, egui::Button::new(tr!(lang, COPY_CHALLENGE_LINK)))
        .on_hover_text(tr!(lang, "toolbar-copy-challenge-link-tip"))
        .on_disabled_hover_text(tr!(lang, "toolbar-copy-challenge-link-needs"));
    if copy.clicked() {
        if let Some(link) = app.copy_challenge_link() {
            ui.ctx().copy_text(link);
        }
        ui.close();
    }
    ui.separator();
    let quit_keys = ui.ctx().format_shortcut(&QUIT_SHORTCUT);
    if ui
        .add(egui::Button::new(tr!(lang, "toolbar-quit")).shortcut_text(quit_keys))
        .on_hover_text(tr!(lang, "toolbar-close-the-simulator"))
        .clicked()
    {
        ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
    }
}

/// Ctrl+O (⌘O on a Mac): open a file.
pub const OPEN_SHORTCUT: egui::KeyboardShortcut =
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::O);
/// Ctrl+Q: quit.
pub const QUIT_SHORTCUT: egui::KeyboardShortcut =
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Q);

/// The Run menu: the toolbar's time controls with their keys.
fn run_choices(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    let running = app.is_running();
    let (label, tip) = if running {
        (tr!(lang, PAUSE), tr!(lang, "toolbar-stop-the-clock"))
    } else {
        (tr!(lang, RUN), tr!(lang, "toolbar-run-the-program"))
    };
    if ui
        .add_enabled(
            running || app.can_run(),
            egui::Button::new(label).shortcut_text(tr!(lang, "toolbar-space")),
        )
        .on_hover_text(tip)
        .clicked()
    {
        if running {
            acts.push(Action::Pause);
        } else {
            acts.push(Action::Run);
        }
        ui.close();
    }
    for (label, kind) in [
        (tr!(lang, STEP_TICK), StepKind::Tick),
        (tr!(lang, STEP_INSTR), StepKind::Instruction),
        (tr!(lang, STEP_ICON), StepKind::Icon),
    ] {
        if ui.button(label).clicked() {
            acts.push(Action::Step(kind));
            ui.close();
        }
    }
    ui.separator();
    let keyed = |ui: &mut egui::Ui, name: &str, keys: &egui::KeyboardShortcut| {
        let k = ui.ctx().format_shortcut(keys);
        ui.add(egui::Button::new(tr!(lang, name)).shortcut_text(k))
            .clicked()
    };
    if keyed(ui, SLOWER, &super::keys::SLOWER) {
        acts.push(Action::Slower);
    }
    if keyed(ui, FASTER, &super::keys::FASTER) {
        acts.push(Action::Faster);
    }
    if keyed(ui, STOP, &super::keys::STOP) {
        acts.push(Action::Stop);
        ui.close();
    }
}

fn window_choices(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    if ui
        .button(tr!(lang, TILE))
        .on_hover_text(tr!(lang, "toolbar-dock-the-panes-around-the"))
        .clicked()
    {
        acts.push(Action::Tile);
        ui.close();
    }
    if ui
        .button(tr!(lang, CASCADE))
        .on_hover_text(tr!(lang, "toolbar-float-the-panes-over-the"))
        .clicked()
    {
        acts.push(Action::Cascade);
        ui.close();
    }
    ui.separator();
    ui.checkbox(&mut app.view.panes.readouts, tr!(lang, READOUTS))
        .on_hover_text(tr!(lang, "toolbar-the-clock-robot-motor-sensor"));
    ui.checkbox(&mut app.view.panes.trace, tr!(lang, PROGRAM_TRACE))
        .on_hover_text(tr!(lang, "toolbar-the-program-s-icons-with"));
    ui.checkbox(&mut app.view.panes.plots, tr!(lang, PLOTS))
        .on_hover_text(tr!(lang, "toolbar-sensor-values-and-motor-power"));
}

/// A built-in robot's or floor's summary in the window's language (`robot-m1`, `env-e2`).
fn builtin_summary(lang: Lang, kind: &str, b: &crate::world::spec::Builtin) -> String {
    crate::i18n::text_or_in(
        lang,
        &format!("{kind}-{}", b.name.to_lowercase()),
        b.summary,
    )
}

fn robot_choices(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    for b in &BUILTIN_ROBOTS {
        let (name, tip) = (b.name, builtin_summary(lang, "robot", b));
        if selectable(ui, app.robot_name() == name, format!("{name}  {tip}"))
            .on_hover_text(tr!(
                lang,
                "toolbar-use-robot",
                name = name.to_string(),
                tip = tip.to_string()
            ))
            .clicked()
        {
            acts.push(Action::ChooseRobot(name.to_string()));
            ui.close();
        }
    }
    ui.separator();
    if ui
        .button(tr!(lang, "toolbar-robot-file"))
        .on_hover_text(tr!(lang, "toolbar-use-your-own-robot-description"))
        .clicked()
    {
        app.browse(crate::app::Browse::Open);
        ui.close();
    }
}

fn env_choices(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    for b in &BUILTIN_ENVS {
        let (name, tip) = (b.name, builtin_summary(lang, "env", b));
        if selectable(ui, app.env_name() == name, format!("{name}  {tip}"))
            .on_hover_text(tr!(
                lang,
                "toolbar-use-environment",
                name = name.to_string(),
                tip = tip.to_string()
            ))
            .clicked()
        {
            acts.push(Action::ChooseEnv(name.to_string()));
            ui.close();
        }
    }
    ui.separator();
    if ui
        .button(tr!(lang, "toolbar-remove-dropped-boxes"))
        .on_hover_text(tr!(lang, "toolbar-take-away-the-boxes-you"))
        .clicked()
    {
        acts.push(Action::ClearBoxes);
        ui.close();
    }
    let mut remove = None;
    for (name, x, z) in app.dropped() {
        if ui
            .button(tr!(lang, "toolbar-remove", name = name.to_string()))
            .on_hover_text(tr!(
                lang,
                "toolbar-take-away-only-dropped-at",
                name = name.to_string(),
                x = format!("{:+.2}", x),
                z = format!("{:+.2}", z)
            ))
            .clicked()
        {
            remove = Some(name.clone());
        }
    }
    if let Some(name) = remove {
        acts.push(Action::RemoveBox(name.clone()));
        ui.close();
    }
    if ui
        .button(tr!(lang, "toolbar-environment-file"))
        .on_hover_text(tr!(lang, "toolbar-use-your-own-environment-description"))
        .clicked()
    {
        app.browse(crate::app::Browse::Open);
        ui.close();
    }
}

const REALISM_TIP: &str = "toolbar-how-real-the-brick-behaves";

/// The realism combo's text ("Realism: original", "Realism: rcx brick").
pub fn realism_label(lang: Lang, r: crate::vm::Realism) -> String {
    tr!(
        lang,
        "toolbar-realism",
        realism_name = realism_name(lang, r).to_string()
    )
}

pub(crate) fn realism_name(lang: Lang, r: crate::vm::Realism) -> String {
    match r {
        crate::vm::Realism::Original => tr!(lang, "toolbar-original"),
        crate::vm::Realism::Rcx => tr!(lang, "toolbar-rcx-brick"),
    }
}

fn realism_choices(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    use crate::vm::Realism;
    let lang = app.view.lang;
    for (r, tip) in [
        (
            Realism::Original,
            tr!(lang, "toolbar-behave-like-the-2007-simulator"),
        ),
        (Realism::Rcx, tr!(lang, "toolbar-behave-like-a-real-rcx")),
    ] {
        if selectable(ui, app.realism() == r, realism_name(lang, r))
            .on_hover_text(tip)
            .clicked()
            && app.realism() != r
        {
            acts.push(Action::ChooseRealism(r));
            ui.close();
        }
    }
}

fn example_choices(
    lang: Lang,
    host: &crate::host::Host,
    acts: &mut Vec<Action>,
    ui: &mut egui::Ui,
) {
    for (i, e) in EXAMPLES.iter().enumerate() {
        if ui
            .button(tr!(
                lang,
                "toolbar-on",
                title = e.shown_title(lang,),
                robot = e.robot.to_string(),
                env = e.env.to_string()
            ))
            .on_hover_text(e.shown_tooltip(lang))
            .clicked()
        {
            acts.push(Action::ChooseExample(i));
            ui.close();
        }
    }
    ui.separator();
    for (title, tip, file) in crate::app::examples::SCENES {
        let path = crate::app::examples::scene_path(host, file);
        let key = crate::app::examples::scene_key(file);
        let (title, tip) = (
            crate::i18n::text_or_in(lang, &key, title),
            crate::i18n::text_or_in(lang, &format!("{key}-tip"), tip),
        );
        if ui
            .add_enabled(
                path.is_some(),
                egui::Button::new(tr!(lang, "toolbar-n2-robots", title = title.to_string())),
            )
            .on_hover_text(tip)
            .on_disabled_hover_text(tr!(
                lang,
                "toolbar-assets-examples-is-not-installed",
                file = file.to_string()
            ))
            .clicked()
        {
            if let Some(p) = path {
                acts.push(Action::Open(p));
            }
            ui.close();
        }
    }
}

fn big(text: impl Into<String>) -> RichText {
    RichText::new(text).size(16.0)
}

fn open_and_examples(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    if ui
        .button(big(tr!(lang, "toolbar-open")))
        .on_hover_text(tr!(lang, "toolbar-open-a-program-file-lasm"))
        .clicked()
    {
        app.browse(crate::app::Browse::Open);
    }
    ui.menu_button(big(tr!(lang, "toolbar-examples-2")), |ui| {
        example_choices(lang, &app.host, acts, ui)
    })
    .response
    .on_hover_text(tr!(lang, "toolbar-load-a-ready-made-program"));
}

/// The toolbar: two rows at any width from 1024 points up.
pub fn toolbar(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    let small = ui.ctx().content_rect().width() < 1200.0;
    let tiny = crate::ui::tiny(ui.ctx());
    ui.add_space(2.0);
    ui.horizontal_wrapped(|ui| {
        first_row(app, acts, ui, small);
        // A tiny window (a netbook at 150–200 % zoom): the second row folds into a menu, so
        // the 3D view keeps some room.
        if tiny {
            ui.menu_button(big(tr!(lang, MORE)), |ui| {
                ui.set_max_width(260.0);
                ui.horizontal_wrapped(|ui| second_row(app, acts, ui, small));
            })
            .response
            .on_hover_text(tr!(lang, "toolbar-more-tip"));
        }
    });
    // Second row: how the 3D view looks and the realism (on a small screen: Open and
    // Examples first; the look toggles and Tile / Cascade stay in the View and Window menus).
    if !tiny {
        ui.horizontal_wrapped(|ui| second_row(app, acts, ui, small));
    }
    ui.add_space(2.0);
}

/// The toolbar's "More" (in a tiny window: the second row's controls).
pub const MORE: &str = "toolbar-more";

/// The first row: Run, Pause, Step, Stop, the speed, the robot and the floor.
fn first_row(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui, small: bool) {
    let lang = app.view.lang;
    let running = app.is_running();
    // Green while it can start the program; the selected look (and its outline) while it
    // runs.
    let words = big(tr!(lang, RUN));
    let run = egui::Button::new(if running { words } else { words.color(GREEN) }).selected(running);
    let r = ui.add_enabled(app.can_run(), run);
    mark_selected(ui, &r, running);
    let ctx = ui.ctx().clone();
    let tip = |t: String, k| super::keys::tip(&ctx, t, k);
    if r.on_hover_text(tip(
        tr!(lang, "toolbar-run-the-program-starts-task"),
        &super::keys::RUN,
    ))
    .on_disabled_hover_text(tr!(lang, "toolbar-open-a-program-first-open"))
    .clicked()
    {
        acts.push(Action::Run);
    }
    let paused = !running && app.live.as_ref().is_some_and(|s| s.time_ms > 0);
    let r = ui.add(egui::Button::new(big(tr!(lang, PAUSE))).selected(paused));
    mark_selected(ui, &r, paused);
    if r.on_hover_text(tip(
        tr!(lang, "toolbar-pause-time-stops-you-can"),
        &super::keys::PAUSE,
    ))
    .clicked()
    {
        acts.push(Action::Pause);
    }
    ui.menu_button(big(tr!(lang, "toolbar-step")), |ui| {
        for (label, kind, tip) in [
            (
                tr!(lang, STEP_TICK),
                StepKind::Tick,
                tr!(lang, "toolbar-advance-the-simulation-by-one"),
            ),
            (
                tr!(lang, STEP_INSTR),
                StepKind::Instruction,
                tr!(lang, "toolbar-run-until-a-task-has"),
            ),
            (
                tr!(lang, STEP_ICON),
                StepKind::Icon,
                tr!(lang, "toolbar-run-until-the-running-icon"),
            ),
        ] {
            // The icon step's keys in its tooltip (as shortcut text they would join its name).
            let tip = if kind == StepKind::Icon {
                super::keys::tip(&ctx, tip, &super::keys::STEP)
            } else {
                tip
            };
            if ui.button(label).on_hover_text(tip).clicked() {
                acts.push(Action::Step(kind));
            }
        }
    })
    .response
    .on_hover_text(tip(
        tr!(lang, "toolbar-step-through-the-program-by"),
        &super::keys::STEP,
    ));
    if ui
        .button(big(tr!(lang, STOP)).color(RED))
        .on_hover_text(tip(
            tr!(lang, "toolbar-stop-put-the-robot-back"),
            &super::keys::STOP,
        ))
        .clicked()
    {
        acts.push(Action::Stop);
    }
    ui.separator();
    if ui
        .button(big(tr!(lang, SLOWER)))
        .on_hover_text(tip(
            tr!(lang, "toolbar-slow-down-wait-10-ms"),
            &super::keys::SLOWER,
        ))
        .clicked()
    {
        acts.push(Action::Slower);
    }
    if ui
        .button(big(tr!(lang, FASTER)))
        .on_hover_text(tip(
            tr!(lang, "toolbar-speed-up-first-undo-slow"),
            &super::keys::FASTER,
        ))
        .clicked()
    {
        acts.push(Action::Faster);
    }
    speed_control(app, acts, ui);
    ui.separator();
    egui::ComboBox::from_id_salt("robot")
        .selected_text(tr!(
            lang,
            "toolbar-robot-2",
            robot_label = app.robot_label().to_string()
        ))
        .show_ui(ui, |ui| robot_choices(app, acts, ui))
        .response
        .on_hover_text(tr!(lang, "toolbar-choose-the-robot-asks-first"));
    egui::ComboBox::from_id_salt("env")
        .selected_text(tr!(
            lang,
            "toolbar-floor",
            env_label = app.env_label().to_string()
        ))
        .show_ui(ui, |ui| env_choices(app, acts, ui))
        .response
        .on_hover_text(tr!(lang, "toolbar-choose-the-environment-e1-plain"));
    if !small {
        open_and_examples(app, acts, ui);
    }
}

/// The second row: the editor, the camera presets and tools, the realism, the look
/// toggles and Tile / Cascade.
fn second_row(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui, small: bool) {
    let lang = app.view.lang;
    if small {
        open_and_examples(app, acts, ui);
        ui.separator();
    }
    // The program editor (on this row: the first is full at 1280 points).
    if ui
        .button(tr!(lang, super::editor::EDIT_PROGRAM))
        .on_hover_text(tr!(lang, "toolbar-write-or-change-a-program"))
        .clicked()
    {
        acts.push(Action::Editor(crate::app::EditorAction::Open));
    }
    ui.separator();
    ui.label(RichText::new(tr!(lang, "toolbar-view")).color(Color32::from_gray(90)))
        .on_hover_text(tr!(lang, "toolbar-camera-presets-f-front-b"));
    for p in ViewPreset::ALL {
        if ui
            .button(RichText::new(p.letter()).monospace().strong())
            .on_hover_text(p.tooltip())
            .clicked()
        {
            // Follow stays as it is: the preset looks at the robot either way.
            let at = app.robot_position();
            app.view.cameras[0].preset(p, at);
        }
    }
    toggle(ui, &mut app.view.follow, tr!(lang, "toolbar-follow"))
        .on_hover_text(tr!(lang, "toolbar-keep-the-camera-on-the"));
    toggle(ui, &mut app.view.second_view, tr!(lang, "toolbar-top-view"))
        .on_hover_text(tr!(lang, "toolbar-open-a-second-view-from"));
    let mut moving = app.view.tool == Tool::MoveRobot;
    if toggle(ui, &mut moving, tr!(lang, "toolbar-move-robot"))
        .on_hover_text(tr!(lang, "toolbar-pick-up-the-robot-drag"))
        .changed()
    {
        app.view.tool = if moving { Tool::MoveRobot } else { Tool::Orbit };
    }
    if app.view.tool == Tool::MoveRobot {
        if ui
            .button(tr!(lang, TURN_LEFT))
            .on_hover_text(tr!(lang, "toolbar-turn-the-robot-15-to"))
            .clicked()
        {
            acts.push(Action::TurnRobot(15.0));
        }
        if ui
            .button(tr!(lang, TURN_RIGHT))
            .on_hover_text(tr!(lang, "toolbar-turn-the-robot-15-to-2"))
            .clicked()
        {
            acts.push(Action::TurnRobot(-15.0));
        }
    }
    ui.separator();
    // What the simulation imitates (on this row: the first is full at 1280 points).
    egui::ComboBox::from_id_salt("realism")
        .selected_text(realism_label(lang, app.realism()))
        .show_ui(ui, |ui| realism_choices(app, acts, ui))
        .response
        .on_hover_text(tr!(lang, REALISM_TIP));
    if small {
        return;
    }
    ui.separator();
    toggle(ui, &mut app.view.grid, tr!(lang, "toolbar-grid"))
        .on_hover_text(tr!(lang, "toolbar-a-grid-on-the-floor"));
    toggle(ui, &mut app.view.shadows, tr!(lang, "toolbar-shadows"))
        .on_hover_text(tr!(lang, "toolbar-soft-shadows-under-the-robot-2"));
    toggle(
        ui,
        &mut app.view.billboard,
        tr!(lang, "toolbar-icon-above-robot"),
    )
    .on_hover_text(tr!(lang, "toolbar-show-the-running-icon-floating"));
    toggle(
        ui,
        &mut app.view.trail,
        tr!(lang, super::challenge::TRAIL_SHORT),
    )
    .on_hover_text(tr!(lang, "toolbar-trail-short-tip"));
    ui.separator();
    let tiled = app.view.arrange == Arrange::Tile;
    if selectable(ui, tiled, tr!(lang, "toolbar-tile"))
        .on_hover_text(tr!(lang, "toolbar-dock-the-panes-around-the"))
        .clicked()
    {
        acts.push(Action::Tile);
    }
    if selectable(ui, !tiled, tr!(lang, "toolbar-cascade"))
        .on_hover_text(tr!(lang, "toolbar-float-the-panes-over-the-2"))
        .clicked()
    {
        acts.push(Action::Cascade);
    }
}

/// Where `speed` stands on the runner's ladder (the slider's position).
fn ladder_index(speed: Speed) -> usize {
    SPEED_LADDER
        .iter()
        .position(|s| *s == speed)
        .unwrap_or_else(|| {
            // Off the ladder (a command-line speed): the rung at or above it.
            let up = speed.faster();
            SPEED_LADDER.iter().position(|s| *s == up).unwrap_or(3)
        })
}

/// The speed slider (the runner's ladder, 0.1× … max) and the slow-mode label, in a
/// fixed width so the toolbar does not move when it appears.
fn speed_control(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    let current = ladder_index(app.speed());
    let mut i = current;
    let last = SPEED_LADDER.len() - 1;
    let slow = app.slow_delay_ms();
    ui.spacing_mut().slider_width = 90.0;
    // The slider with its label is one piece that a wrapping row cannot break: on a narrow
    // window (200 % zoom) it starts a row of its own rather than run past the edge.
    if ui.available_size_before_wrap().x < 150.0 {
        ui.end_row();
    }
    let r = super::keys::number_field(
        ui,
        egui::Slider::new(&mut i, 0..=last)
            .show_value(false)
            .text(RichText::new(format!("{:>5}", SPEED_LADDER[current].label())).monospace()),
    )
    .on_hover_text(tr!(lang, "toolbar-speed-simulated-seconds-per-real"));
    // Only a move by the user changes the speed (never a redraw).
    if r.changed() && i != current {
        acts.push(Action::SetSpeed(SPEED_LADDER[i.min(last)]));
    }
    let text = if slow > 0 {
        RichText::new(tr!(lang, "toolbar-slow-ms-step", slow = slow.to_string())).color(BLUE)
    } else {
        RichText::new("")
    };
    ui.add_sized(
        [128.0, ui.spacing().interact_size.y],
        egui::Label::new(text),
    )
    .on_hover_text(tr!(lang, "toolbar-slow-motion-a-pause-after"));
}

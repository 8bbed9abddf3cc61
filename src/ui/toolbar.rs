//! The menu bar and the toolbar: run · pause · step (tick / instruction / icon) · slower ·
//! faster · stop · speed · robot · environment · realism · open · examples · views · follow · second
//! view · screenshot · connection. Every control says what it does in a tooltip.

use super::*;
use crate::app::examples::EXAMPLES;
use crate::app::{Action, Arrange, LuApp, Tool};
use crate::render::ViewPreset;
use crate::runner::{Speed, StepKind, SPEED_LADDER};
use crate::world::spec::{BUILTIN_ENVS, BUILTIN_ROBOTS};

/// File > Copy link (the browser build).
pub const COPY_LINK: &str = "🔗 Copy link to this run";

/// The menu bar.
pub fn menu_bar(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            let open_keys = ui.ctx().format_shortcut(&OPEN_SHORTCUT);
            if ui
                .add(egui::Button::new("📂 Open a program, robot, environment or recording…").shortcut_text(open_keys))
                .on_hover_text("Open a .lasm or .rcx program, a robot / environment .toml file, or a .json recording. You can also drop a file on the window.")
                .clicked()
            {
                app.dialogs.browse = crate::app::Browse::Open;
                app.dialogs.show_file_browser = true;
                ui.close();
            }
            super::challenge::open_file_button(app, ui);
            if ui
                .button(super::grade::GRADE_A_CLASS)
                .on_hover_text("Grade every pupil's program against an assignment (scenarios and criteria) in the background, see the class table, and open any pupil's run here")
                .clicked()
            {
                app.dialogs.grade.open = true;
                ui.close();
            }
            ui.separator();
            if ui
                .button(SAVE_RECORDING)
                .on_hover_text("Save the run so far as a replay file (.json); open it later to watch it or resume from any moment. You choose the folder and the name.")
                .clicked()
            {
                acts.push(Action::AskSave(SaveKind::Recording));
                ui.close();
            }
            if ui
                .button(EXPORT_CSV)
                .on_hover_text("Save time, pose, motor powers, sensor values and the running icon (one row per 50 ms) as a CSV file for a spreadsheet. You choose the folder and the name.")
                .clicked()
            {
                acts.push(Action::AskSave(SaveKind::TraceCsv));
                ui.close();
            }
            if ui
                .button(SAVE_SCREENSHOT)
                .on_hover_text("Take a picture of the whole window now, then choose where to save it as PNG")
                .clicked()
            {
                acts.push(Action::Screenshot);
                ui.close();
            }
            if let Some(base) = app.share_base.clone() {
                if ui
                    .button(COPY_LINK)
                    .on_hover_text("Copy a link that opens this run — robot, floor, realism, battery, start and program — in a browser. The program travels inside the link itself, not through any server.")
                    .clicked()
                {
                    let link = format!("{base}{}", app.share_fragment());
                    ui.ctx().copy_text(link.clone());
                    acts.push(Action::Note(
                        crate::app::Level::Info,
                        format!("Link copied ({} characters): paste it to share this run.", link.len()),
                    ));
                    ui.close();
                }
            }
            ui.separator();
            let quit_keys = ui.ctx().format_shortcut(&QUIT_SHORTCUT);
            if ui
                .add(egui::Button::new("Quit").shortcut_text(quit_keys))
                .on_hover_text("Close the simulator")
                .clicked()
            {
                ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            }
        })
        .response
        .on_hover_text("Open programs, export the trace, screenshots");
        ui.menu_button("Run", |ui| run_choices(app, acts, ui))
            .response
            .on_hover_text("Run, pause, step, slow down and speed up (also on the toolbar)");
        ui.menu_button("Robot", |ui| robot_choices(app, acts, ui))
            .response
            .on_hover_text("Choose the robot model");
        ui.menu_button("Environment", |ui| env_choices(app, acts, ui))
            .response
            .on_hover_text("Choose the floor and walls");
        ui.menu_button("Examples", |ui| example_choices(acts, ui))
            .response
            .on_hover_text("Ready-made ROBOLAB programs, one click away");
        ui.menu_button(super::challenge::CHALLENGES, |ui| super::challenge::menu(app, acts, ui))
            .response
            .on_hover_text("Tasks to solve with a program: reach a place, avoid another, follow a line; each says how it is scored");
        ui.menu_button("View", |ui| {
            ui.checkbox(&mut app.view.grid, "10 cm grid")
                .on_hover_text("Show a grid on the floor: thin lines every 10 cm, thick every metre");
            ui.checkbox(&mut app.view.shadows, "Shadows")
                .on_hover_text("Soft shadows under the robot and the boxes, so you can see they stand on the floor");
            ui.checkbox(&mut app.view.follow, "Follow the robot")
                .on_hover_text("Keep the camera pointed at the robot as it drives");
            ui.checkbox(&mut app.view.second_view, "Second view (top)")
                .on_hover_text("Show a top view beside the 3D view");
            ui.checkbox(&mut app.view.billboard, "Running icon above the robot")
                .on_hover_text("Show the icon that is running now floating above the robot");
            ui.checkbox(&mut app.view.trail, super::challenge::TRAIL)
                .on_hover_text("Draw where the robot has driven as an orange line on the floor (pale after the moment shown); Stop clears it");
            if ui
                .button("Messages…")
                .on_hover_text("Show all messages (errors, downloads, faults)")
                .clicked()
            {
                app.dialogs.show_messages = true;
                ui.close();
            }
        })
        .response
        .on_hover_text("What the 3D view shows");
        ui.menu_button("Window", |ui| window_choices(app, acts, ui))
            .response
            .on_hover_text("Arrange the panes around the 3D view, or close and reopen them");
        ui.menu_button("Help", |ui| {
            if ui
                .button(super::help::HELP)
                .on_hover_text("What the icons mean; how to run, slow down, step and replay; connecting ROBOLAB and NQC")
                .clicked()
            {
                app.dialogs.show_help = true;
                ui.close();
            }
            if ui
                .button(super::help::ABOUT)
                .on_hover_text("The version of this simulator")
                .clicked()
            {
                app.dialogs.show_about = true;
                ui.close();
            }
        })
        .response
        .on_hover_text("How to use the simulator");
    });
}

/// Ctrl+O (⌘O on a Mac): open a file.
pub const OPEN_SHORTCUT: egui::KeyboardShortcut =
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::O);
/// Ctrl+Q: quit.
pub const QUIT_SHORTCUT: egui::KeyboardShortcut =
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Q);

/// The Run menu: the toolbar's time controls with their keys.
fn run_choices(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let running = app.is_running();
    let (label, tip) = if running {
        (PAUSE, "Stop the clock")
    } else {
        (RUN, "Run the program")
    };
    if ui
        .add_enabled(
            running || app.can_run(),
            egui::Button::new(label).shortcut_text("Space"),
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
        (STEP_TICK, StepKind::Tick),
        (STEP_INSTR, StepKind::Instruction),
        (STEP_ICON, StepKind::Icon),
    ] {
        if ui.button(label).clicked() {
            acts.push(Action::Step(kind));
            ui.close();
        }
    }
    ui.separator();
    if ui.button(SLOWER).clicked() {
        acts.push(Action::Slower);
    }
    if ui.button(FASTER).clicked() {
        acts.push(Action::Faster);
    }
    if ui.button(STOP).clicked() {
        acts.push(Action::Stop);
        ui.close();
    }
}

fn window_choices(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    if ui
        .button(TILE)
        .on_hover_text("Dock the panes around the 3D view, side by side")
        .clicked()
    {
        acts.push(Action::Tile);
        ui.close();
    }
    if ui
        .button(CASCADE)
        .on_hover_text("Float the panes over the 3D view as windows, one a step below the other; you can drag, resize and close them")
        .clicked()
    {
        acts.push(Action::Cascade);
        ui.close();
    }
    ui.separator();
    ui.checkbox(&mut app.view.panes.readouts, READOUTS)
        .on_hover_text("The clock, robot, motor, sensor and program readouts");
    ui.checkbox(&mut app.view.panes.trace, PROGRAM_TRACE)
        .on_hover_text("The program's icons, with the running one lit");
    ui.checkbox(&mut app.view.panes.plots, PLOTS)
        .on_hover_text("Sensor values and motor power over time");
}

fn robot_choices(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    for b in &BUILTIN_ROBOTS {
        let (name, tip) = (b.name, b.summary);
        if ui
            .selectable_label(app.robot == name, format!("{name}  {tip}"))
            .on_hover_text(format!("Use robot {name}: {tip}"))
            .clicked()
        {
            acts.push(Action::ChooseRobot(name.to_string()));
            ui.close();
        }
    }
    ui.separator();
    if ui
        .button("Robot file…")
        .on_hover_text("Use your own robot description (.toml)")
        .clicked()
    {
        app.dialogs.browse = crate::app::Browse::Open;
        app.dialogs.show_file_browser = true;
        ui.close();
    }
}

fn env_choices(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    for b in &BUILTIN_ENVS {
        let (name, tip) = (b.name, b.summary);
        if ui
            .selectable_label(app.env == name, format!("{name}  {tip}"))
            .on_hover_text(format!("Use environment {name}: {tip}"))
            .clicked()
        {
            acts.push(Action::ChooseEnv(name.to_string()));
            ui.close();
        }
    }
    ui.separator();
    if ui
        .button("Remove dropped boxes")
        .on_hover_text("Take away the boxes you dropped on the floor")
        .clicked()
    {
        acts.push(Action::ClearBoxes);
        ui.close();
    }
    let mut remove = None;
    for (name, x, z) in app.dropped() {
        if ui
            .button(format!("🗑 Remove {name}"))
            .on_hover_text(format!(
                "Take away only {name} (dropped at x {x:+.2} m, z {z:+.2} m); the other boxes stay"
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
        .button("Environment file…")
        .on_hover_text("Use your own environment description (.toml)")
        .clicked()
    {
        app.dialogs.browse = crate::app::Browse::Open;
        app.dialogs.show_file_browser = true;
        ui.close();
    }
}

const REALISM_TIP: &str = "How real the brick behaves: original = the 2007 simulator (every task runs one instruction per ms, ideal motors); rcx brick = a real RCX (about 300 instructions a second shared by all tasks, power levels as PWM on DC motors that slow under load, brake without holding torque). Choosing one puts the robot back at its start; the program is kept";

/// The realism combo's text ("Realism: original", "Realism: rcx brick").
pub fn realism_label(r: crate::vm::Realism) -> String {
    format!("Realism: {}", realism_name(r))
}

pub(crate) fn realism_name(r: crate::vm::Realism) -> &'static str {
    match r {
        crate::vm::Realism::Original => "original",
        crate::vm::Realism::Rcx => "rcx brick",
    }
}

fn realism_choices(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    use crate::vm::Realism;
    for (r, tip) in [
        (
            Realism::Original,
            "Behave like the 2007 simulator (the default)",
        ),
        (Realism::Rcx, "Behave like a real RCX brick on a real table"),
    ] {
        if ui
            .selectable_label(app.realism() == r, realism_name(r))
            .on_hover_text(tip)
            .clicked()
            && app.realism() != r
        {
            acts.push(Action::ChooseRealism(r));
            ui.close();
        }
    }
}

fn example_choices(acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    for (i, e) in EXAMPLES.iter().enumerate() {
        if ui
            .button(format!("{}  ({} on {})", e.title, e.robot, e.env))
            .on_hover_text(e.tooltip)
            .clicked()
        {
            acts.push(Action::ChooseExample(i));
            ui.close();
        }
    }
    ui.separator();
    for (title, tip, file) in crate::app::examples::SCENES {
        let path = crate::app::examples::scene_path(file);
        if ui
            .add_enabled(
                path.is_some(),
                egui::Button::new(format!("{title}  (2 robots)")),
            )
            .on_hover_text(tip)
            .on_disabled_hover_text(format!(
                "assets/examples/{file} is not installed next to this program"
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

fn big(text: &str) -> RichText {
    RichText::new(text).size(16.0)
}

fn open_and_examples(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    if ui
        .button(big("📂 Open"))
        .on_hover_text("Open a program file (.lasm from ROBOLAB or the SDK, .rcx from NQC); you can also drop it on the window — Ctrl+O")
        .clicked()
    {
        app.dialogs.browse = crate::app::Browse::Open;
        app.dialogs.show_file_browser = true;
    }
    ui.menu_button(big("⭐ Examples"), |ui| example_choices(acts, ui))
        .response
        .on_hover_text("Load a ready-made program with the right robot and floor");
}

/// The toolbar: two rows at any width from 1024 points up.
pub fn toolbar(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let small = ui.ctx().content_rect().width() < 1200.0;
    ui.add_space(2.0);
    ui.horizontal_wrapped(|ui| {
        let running = app.is_running();
        let run = egui::Button::new(big(RUN).color(if running { Color32::GRAY } else { GREEN }))
            .selected(running);
        if ui
            .add_enabled(app.can_run(), run)
            .on_hover_text("Run the program (starts task 0 if it is not running) — space bar")
            .on_disabled_hover_text("Open a program first (📂 Open, ⭐ Examples, or download one from ROBOLAB or NQC)")
            .clicked()
        {
            acts.push(Action::Run);
        }
        if ui
            .add(egui::Button::new(big(PAUSE)).selected(!running && app.live.as_ref().is_some_and(|s| s.time_ms > 0)))
            .on_hover_text("Pause: time stops, you can still move the camera — space bar")
            .clicked()
        {
            acts.push(Action::Pause);
        }
        ui.menu_button(big("⏭ Step"), |ui| {
            for (label, kind, tip) in [
                (STEP_TICK, StepKind::Tick, "Advance the simulation by one 1 ms tick"),
                (STEP_INSTR, StepKind::Instruction, "Run until a task has executed one more instruction"),
                (STEP_ICON, StepKind::Icon, "Run until the running icon changes"),
            ] {
                if ui.button(label).on_hover_text(tip).clicked() {
                    acts.push(Action::Step(kind));
                }
            }
        })
        .response
        .on_hover_text("Step through the program: by one tick, one instruction or one icon");
        if ui
            .button(big(STOP).color(RED))
            .on_hover_text("Stop: put the robot back at the start; the program is kept")
            .clicked()
        {
            acts.push(Action::Stop);
        }
        ui.separator();
        if ui
            .button(big(SLOWER))
            .on_hover_text("Slow down: wait 10 ms more after every 1 ms step (up to 200 ms) and show every step; the physics stays the same")
            .clicked()
        {
            acts.push(Action::Slower);
        }
        if ui
            .button(big(FASTER))
            .on_hover_text("Speed up: first undo slow motion 10 ms at a time, then 0.1×, 0.2×, 0.5×, 1×, 2×, 5×, 10×, 20×, 50×, then as fast as possible")
            .clicked()
        {
            acts.push(Action::Faster);
        }
        speed_control(app, acts, ui);
        ui.separator();
        egui::ComboBox::from_id_salt("robot")
            .selected_text(format!("Robot {}", app.robot_label()))
            .show_ui(ui, |ui| robot_choices(app, acts, ui))
            .response
            .on_hover_text("Choose the robot (asks first if a program is running)");
        egui::ComboBox::from_id_salt("env")
            .selected_text(format!("Floor {}", app.env_label()))
            .show_ui(ui, |ui| env_choices(app, acts, ui))
            .response
            .on_hover_text("Choose the environment: E1 plain floor, E2 walls, E3 black line");
        if !small {
            open_and_examples(app, acts, ui);
        }
    });
    // Second row: how the 3D view looks and the realism (on a small screen: Open and
    // Examples first; the look toggles and Tile / Cascade stay in the View and Window menus).
    ui.horizontal_wrapped(|ui| {
        if small {
            open_and_examples(app, acts, ui);
            ui.separator();
        }
        // The program editor (on this row: the first is full at 1280 points).
        if ui
            .button(super::editor::EDIT_PROGRAM)
            .on_hover_text("Write or change a program with ROBOLAB's icons (no ROBOLAB needed), then Download it to the robot")
            .clicked()
        {
            acts.push(Action::Editor(crate::app::EditorAction::Open));
        }
        ui.separator();
        ui.label(RichText::new("View").color(Color32::from_gray(90)))
            .on_hover_text("Camera presets: F front, B back, T top, S side, i initial");
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
        ui.toggle_value(&mut app.view.follow, "🎯 Follow")
            .on_hover_text("Keep the camera on the robot as it drives");
        ui.toggle_value(&mut app.view.second_view, "Top view")
            .on_hover_text("Open a second view from above beside the 3D view");
        let mut moving = app.view.tool == Tool::MoveRobot;
        if ui
            .toggle_value(&mut moving, "✋ Move robot")
            .on_hover_text("Pick up the robot: drag it on the floor with the left mouse button and let go where it should stand")
            .changed()
        {
            app.view.tool = if moving { Tool::MoveRobot } else { Tool::Orbit };
        }
        if app.view.tool == Tool::MoveRobot {
            if ui
                .button(TURN_LEFT)
                .on_hover_text("Turn the robot 15° to the left on the spot (Stop brings it back facing this way)")
                .clicked()
            {
                acts.push(Action::TurnRobot(15.0));
            }
            if ui
                .button(TURN_RIGHT)
                .on_hover_text("Turn the robot 15° to the right on the spot")
                .clicked()
            {
                acts.push(Action::TurnRobot(-15.0));
            }
        }
        ui.separator();
        // What the simulation imitates (on this row: the first is full at 1280 points).
        egui::ComboBox::from_id_salt("realism")
            .selected_text(realism_label(app.realism()))
            .show_ui(ui, |ui| realism_choices(app, acts, ui))
            .response
            .on_hover_text(REALISM_TIP);
        if small {
            return;
        }
        ui.separator();
        ui.toggle_value(&mut app.view.grid, "Grid")
            .on_hover_text("A grid on the floor: thin lines every 10 cm, thick every metre");
        ui.toggle_value(&mut app.view.shadows, "Shadows")
            .on_hover_text("Soft shadows under the robot and the boxes");
        ui.toggle_value(&mut app.view.billboard, "Icon above robot")
            .on_hover_text("Show the running icon floating above the robot");
        ui.toggle_value(&mut app.view.trail, super::challenge::TRAIL_SHORT)
            .on_hover_text("Draw where the robot has driven as an orange line on the floor; Stop clears it");
        ui.separator();
        let tiled = app.view.arrange == Arrange::Tile;
        if ui
            .selectable_label(tiled, "Tile")
            .on_hover_text("Dock the panes around the 3D view, side by side")
            .clicked()
        {
            acts.push(Action::Tile);
        }
        if ui
            .selectable_label(!tiled, "Cascade")
            .on_hover_text("Float the panes over the 3D view as windows, one a step below the other")
            .clicked()
        {
            acts.push(Action::Cascade);
        }
    });
    ui.add_space(2.0);
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
    let current = ladder_index(app.speed());
    let mut i = current;
    let last = SPEED_LADDER.len() - 1;
    let slow = app.slow_delay_ms();
    ui.spacing_mut().slider_width = 90.0;
    let r = ui
        .add(
            egui::Slider::new(&mut i, 0..=last)
                .show_value(false)
                .text(RichText::new(format!("{:>5}", SPEED_LADDER[current].label())).monospace()),
        )
        .on_hover_text(
            "Speed: simulated seconds per real second (1× = real time, max = as fast as the computer can); moving it ends slow motion",
        );
    // Only a move by the user changes the speed (never a redraw).
    if r.changed() && i != current {
        acts.push(Action::SetSpeed(SPEED_LADDER[i.min(last)]));
    }
    let text = if slow > 0 {
        RichText::new(format!("slow +{slow} ms/step")).color(BLUE)
    } else {
        RichText::new("")
    };
    ui.add_sized(
        [128.0, ui.spacing().interact_size.y],
        egui::Label::new(text),
    )
    .on_hover_text(
        "Slow motion: a pause after every 1 ms step, every step shown; press Faster to undo",
    );
}

/// The link's state with a "copy sym.txt settings" button.
pub fn link_status(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    // In a scene: the shown robot's link, named.
    let whose = match app.shown() {
        Some(s) if s.robots.len() > 1 => s
            .robots
            .get(s.selected)
            .map(|r| format!(" of {}", r.name))
            .unwrap_or_default(),
        _ => String::new(),
    };
    match app.shown_link() {
        (Some(l), _) => {
            let st = l.status();
            let addr = l
                .local_addr()
                .map(|a| a.to_string())
                .unwrap_or_else(|| "no TCP".into());
            // The link counts its pty as an open connection from the start, whether or not
            // a program has opened it: count only the others as clients.
            let pty_path = l.pty_path();
            let clients = st
                .connections
                .saturating_sub(usize::from(pty_path.is_some()));
            let pty = pty_path
                .map(|p| format!(" · pty {} ready", p.display()))
                .unwrap_or_default();
            let dot = if clients > 0 { GREEN } else { BLUE };
            dot_label(ui, dot);
            let who = match clients {
                0 => "waiting for ROBOLAB or NQC".to_string(),
                1 => "1 client connected".to_string(),
                n => format!("{n} clients connected"),
            };
            ui.label(format!("Link{whose}: {addr}{pty} · {who}"))
            .on_hover_text(
                "ROBOLAB and NQC can download programs here, as to a real RCX. Recent link events:\n"
                    .to_string()
                    + &st.log.iter().rev().take(8).cloned().collect::<Vec<_>>().join("\n"),
            );
            if ui
                .small_button("copy sym.txt settings")
                .on_hover_text("Copy the three lines ROBOLAB's sym.txt needs (SymName, SymAddr, SymPort) to the clipboard")
                .clicked()
            {
                ui.ctx().copy_text(app.sym_txt());
                acts.push(Action::Note(crate::app::Level::Info, "sym.txt settings copied: paste them into sym.txt in ROBOLAB's folder.".into()));
            }
        }
        (None, Some(e)) => {
            dot_label(ui, RED);
            ui.label(RichText::new(format!("Link{whose} off")).color(RED))
                .on_hover_text(format!("The RCX link could not start: {e}. Start the app with --listen ADDR to use another port."));
        }
        (None, None) => {
            dot_label(ui, Color32::GRAY);
            ui.label(RichText::new("Link off").color(Color32::GRAY))
                .on_hover_text("No RCX link in this window");
        }
    }
}

/// A coloured status dot.
fn dot_label(ui: &mut egui::Ui, c: Color32) {
    let (r, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
    ui.painter().circle_filled(r.center(), 5.0, c);
}

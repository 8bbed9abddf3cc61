//! The menu bar and the toolbar: run · pause · step (tick / instruction / icon) · slower ·
//! faster · stop · speed · robot · environment · open · examples · views · follow · second
//! view · screenshot · connection. Every control says what it does in a tooltip.

use super::*;
use crate::app::examples::EXAMPLES;
use crate::app::{Arrange, LuApp, Tool};
use crate::render::ViewPreset;
use crate::runner::StepKind;

const ROBOTS: [(&str, &str); 5] = [
    ("M1", "One motor (A), one driven front wheel, no sensor"),
    ("M2", "M1 plus a touch sensor at the front (port 1)"),
    (
        "M3",
        "Two motors (A, C) and a free caster wheel at the back",
    ),
    ("M4", "Two motors (A, C) and four wheels"),
    ("M5", "M3 plus a light sensor looking at the floor (port 1)"),
];

const ENVS: [(&str, &str); 3] = [
    ("E1", "A flat, empty floor"),
    (
        "E2",
        "A floor with a wall all around (for the touch sensor)",
    ),
    (
        "E3",
        "A white floor with a black square line (for the light sensor)",
    ),
];

/// The menu bar.
pub fn menu_bar(app: &mut LuApp, ui: &mut egui::Ui) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            if ui
                .button("📂 Open a program, robot, environment or recording…")
                .on_hover_text("Open a .lasm or .rcx program, a robot / environment .toml file, or a .json recording. You can also drop a file on the window.")
                .clicked()
            {
                app.show_file_browser = true;
                ui.close();
            }
            if ui
                .button(SAVE_RECORDING)
                .on_hover_text("Save the run so far as a replay file (.json); open it later to watch it or resume from any moment. You choose the folder and the name.")
                .clicked()
            {
                app.ask_save(SaveKind::Recording);
                ui.close();
            }
            if ui
                .button(EXPORT_CSV)
                .on_hover_text("Save time, pose, motor powers, sensor values and the running icon (one row per 50 ms) as a CSV file for a spreadsheet. You choose the folder and the name.")
                .clicked()
            {
                app.ask_save(SaveKind::TraceCsv);
                ui.close();
            }
            if ui
                .button(SAVE_SCREENSHOT)
                .on_hover_text("Take a picture of the whole window now, then choose where to save it as PNG")
                .clicked()
            {
                app.request_user_screenshot(ui.ctx());
                ui.close();
            }
            ui.separator();
            if ui.button("Quit").on_hover_text("Close the simulator").clicked() {
                ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            }
        })
        .response
        .on_hover_text("Open programs, export the trace, screenshots");
        ui.menu_button("Robot", |ui| robot_choices(app, ui))
            .response
            .on_hover_text("Choose the robot model");
        ui.menu_button("Environment", |ui| env_choices(app, ui))
            .response
            .on_hover_text("Choose the floor and walls");
        ui.menu_button("Examples", |ui| example_choices(app, ui))
            .response
            .on_hover_text("Ready-made ROBOLAB programs, one click away");
        ui.menu_button("View", |ui| {
            ui.checkbox(&mut app.grid, "10 cm grid")
                .on_hover_text("Show a grid on the floor: thin lines every 10 cm, thick every metre");
            ui.checkbox(&mut app.shadows, "Shadows")
                .on_hover_text("Soft shadows under the robot and the boxes, so you can see they stand on the floor");
            ui.checkbox(&mut app.follow, "Follow the robot")
                .on_hover_text("Keep the camera pointed at the robot as it drives");
            ui.checkbox(&mut app.second_view, "Second view (top)")
                .on_hover_text("Show a top view beside the 3D view");
            ui.checkbox(&mut app.billboard, "Running icon above the robot")
                .on_hover_text("Show the icon that is running now floating above the robot");
            if ui
                .button("Messages…")
                .on_hover_text("Show all messages (errors, downloads, faults)")
                .clicked()
            {
                app.show_messages = true;
                ui.close();
            }
        })
        .response
        .on_hover_text("What the 3D view shows");
        ui.menu_button("Window", |ui| window_choices(app, ui))
            .response
            .on_hover_text("Arrange the panes around the 3D view, or close and reopen them");
        ui.menu_button("Help", |ui| {
            ui.label("Mouse: drag to turn the camera, wheel to zoom, right-drag to move it.");
            ui.label("Keys: arrows move the camera, F1/F2 lower/raise it, F3/F4 turn it, space runs or pauses.");
            ui.label("ROBOLAB: put the sym.txt settings (Connection button) in ROBOLAB's folder, pick the simulator as the COM port, press the white arrow.");
            ui.label(if cfg!(unix) {
                "NQC: nqc -TRCX2 -S<pty path> -d program.nqc (start the app with --pty PATH), or NQC 4.x: nqc -TRCX2 -Stcp:localhost:4266 -d program.nqc."
            } else {
                "NQC 4.x: nqc -TRCX2 -Stcp:localhost:4266 -d program.nqc -run (no --pty on Windows)."
            });
        })
        .response
        .on_hover_text("How to use the simulator");
    });
}

fn window_choices(app: &mut LuApp, ui: &mut egui::Ui) {
    if ui
        .button(TILE)
        .on_hover_text("Dock the panes around the 3D view, side by side")
        .clicked()
    {
        app.tile();
        ui.close();
    }
    if ui
        .button(CASCADE)
        .on_hover_text("Float the panes over the 3D view as windows, one a step below the other; you can drag, resize and close them")
        .clicked()
    {
        app.cascade();
        ui.close();
    }
    ui.separator();
    ui.checkbox(&mut app.panes.readouts, READOUTS)
        .on_hover_text("The clock, robot, motor, sensor and program readouts");
    ui.checkbox(&mut app.panes.trace, PROGRAM_TRACE)
        .on_hover_text("The program's icons, with the running one lit");
    ui.checkbox(&mut app.panes.plots, PLOTS)
        .on_hover_text("Sensor values and motor power over time");
}

fn robot_choices(app: &mut LuApp, ui: &mut egui::Ui) {
    for (name, tip) in ROBOTS {
        if ui
            .selectable_label(app.robot == name, format!("{name}  {tip}"))
            .on_hover_text(format!("Use robot {name}: {tip}"))
            .clicked()
        {
            app.choose_robot(name);
            ui.close();
        }
    }
    ui.separator();
    if ui
        .button("Robot file…")
        .on_hover_text("Use your own robot description (.toml)")
        .clicked()
    {
        app.show_file_browser = true;
        ui.close();
    }
}

fn env_choices(app: &mut LuApp, ui: &mut egui::Ui) {
    for (name, tip) in ENVS {
        if ui
            .selectable_label(app.env == name, format!("{name}  {tip}"))
            .on_hover_text(format!("Use environment {name}: {tip}"))
            .clicked()
        {
            app.choose_env(name);
            ui.close();
        }
    }
    ui.separator();
    if ui
        .button("Remove dropped boxes")
        .on_hover_text("Take away the boxes you dropped on the floor")
        .clicked()
    {
        app.clear_boxes();
        ui.close();
    }
    if ui
        .button("Environment file…")
        .on_hover_text("Use your own environment description (.toml)")
        .clicked()
    {
        app.show_file_browser = true;
        ui.close();
    }
}

fn example_choices(app: &mut LuApp, ui: &mut egui::Ui) {
    for (i, e) in EXAMPLES.iter().enumerate() {
        if ui
            .button(format!("{}  ({} on {})", e.title, e.robot, e.env))
            .on_hover_text(e.tooltip)
            .clicked()
        {
            app.choose_example(i);
            ui.close();
        }
    }
}

fn big(text: &str) -> RichText {
    RichText::new(text).size(16.0)
}

/// The toolbar.
pub fn toolbar(app: &mut LuApp, ui: &mut egui::Ui) {
    ui.add_space(2.0);
    ui.horizontal_wrapped(|ui| {
        let running = app.is_running();
        let run = egui::Button::new(big(RUN).color(if running { Color32::GRAY } else { GREEN }))
            .selected(running);
        if ui
            .add(run)
            .on_hover_text("Run the program (starts task 0 if it is not running) — space bar")
            .clicked()
        {
            app.run();
        }
        if ui
            .add(egui::Button::new(big(PAUSE)).selected(!running && app.live.as_ref().is_some_and(|s| s.time_ms > 0)))
            .on_hover_text("Pause: time stops, you can still move the camera — space bar")
            .clicked()
        {
            app.pause();
        }
        ui.menu_button(big("⏭ Step"), |ui| {
            for (label, kind, tip) in [
                (STEP_TICK, StepKind::Tick, "Advance the simulation by one 1 ms tick"),
                (STEP_INSTR, StepKind::Instruction, "Run until a task has executed one more instruction"),
                (STEP_ICON, StepKind::Icon, "Run until the running icon changes"),
            ] {
                if ui.button(label).on_hover_text(tip).clicked() {
                    app.step(kind);
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
            app.stop();
        }
        ui.separator();
        if ui
            .button(big(SLOWER))
            .on_hover_text("Slow down: wait 10 ms more after every 1 ms step (up to 200 ms) and show every step; the physics stays the same")
            .clicked()
        {
            app.slower();
        }
        if ui
            .button(big(FASTER))
            .on_hover_text("Speed up: first undo slow-down, then 1×, 2×, 5×, 10×, then as fast as possible")
            .clicked()
        {
            app.faster();
        }
        speed_control(app, ui);
        ui.separator();
        egui::ComboBox::from_id_salt("robot")
            .selected_text(format!("Robot {}", app.robot_label()))
            .show_ui(ui, |ui| robot_choices(app, ui))
            .response
            .on_hover_text("Choose the robot (asks first if a program is running)");
        egui::ComboBox::from_id_salt("env")
            .selected_text(format!("Floor {}", app.env_label()))
            .show_ui(ui, |ui| env_choices(app, ui))
            .response
            .on_hover_text("Choose the environment: E1 plain floor, E2 walls, E3 black line");
        if ui
            .button(big("📂 Open"))
            .on_hover_text("Open a program file (.lasm from ROBOLAB or the SDK, .rcx from NQC); you can also drop it on the window")
            .clicked()
        {
            app.show_file_browser = true;
        }
        ui.menu_button(big("⭐ Examples"), |ui| example_choices(app, ui))
            .response
            .on_hover_text("Load a ready-made program with the right robot and floor");
    });
    // Second row: how the 3D view looks.
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("View").color(Color32::from_gray(90)))
            .on_hover_text("Camera presets: F front, B back, T top, S side, i initial");
        for p in ViewPreset::ALL {
            if ui
                .button(RichText::new(p.letter()).monospace().strong())
                .on_hover_text(p.tooltip())
                .clicked()
            {
                let at = app.robot_position();
                app.cameras[0].preset(p, at);
                app.follow = false;
            }
        }
        ui.toggle_value(&mut app.follow, "🎯 Follow")
            .on_hover_text("Keep the camera on the robot as it drives");
        ui.toggle_value(&mut app.second_view, "Top view")
            .on_hover_text("Open a second view from above beside the 3D view");
        let mut moving = app.tool == Tool::MoveRobot;
        if ui
            .toggle_value(&mut moving, "✋ Move robot")
            .on_hover_text("Pick up the robot: drag it on the floor with the left mouse button and let go where it should stand")
            .changed()
        {
            app.tool = if moving { Tool::MoveRobot } else { Tool::Orbit };
        }
        ui.separator();
        ui.toggle_value(&mut app.grid, "Grid")
            .on_hover_text("A grid on the floor: thin lines every 10 cm, thick every metre");
        ui.toggle_value(&mut app.shadows, "Shadows")
            .on_hover_text("Soft shadows under the robot and the boxes");
        ui.toggle_value(&mut app.billboard, "Icon above robot")
            .on_hover_text("Show the running icon floating above the robot");
        ui.separator();
        let tiled = app.arrange == Arrange::Tile;
        if ui
            .selectable_label(tiled, "Tile")
            .on_hover_text("Dock the panes around the 3D view, side by side")
            .clicked()
        {
            app.tile();
        }
        if ui
            .selectable_label(!tiled, "Cascade")
            .on_hover_text("Float the panes over the 3D view as windows, one a step below the other")
            .clicked()
        {
            app.cascade();
        }
    });
    ui.add_space(2.0);
}

fn speed_control(app: &mut LuApp, ui: &mut egui::Ui) {
    ui.spacing_mut().slider_width = 80.0;
    let mut f = app.speed_factor;
    let enabled = !app.max_speed && app.slow_ms == 0;
    let r = ui
        .add_enabled(
            enabled,
            egui::Slider::new(&mut f, 0.1..=10.0)
                .logarithmic(true)
                .fixed_decimals(1)
                .suffix("×"),
        )
        .on_hover_text("Speed: simulated seconds per real second (1× = real time)");
    if r.changed() {
        app.set_speed(f);
    }
    let mut max = app.max_speed;
    if ui
        .checkbox(&mut max, "max")
        .on_hover_text("Run as fast as the computer can")
        .changed()
    {
        app.set_max_speed(max);
    }
    if app.slow_ms > 0 {
        ui.label(RichText::new(format!("slow +{} ms/step", app.slow_ms)).color(BLUE))
            .on_hover_text("Slow mode: a pause after every 1 ms step; press Faster to undo");
    }
}

/// The link's state with a "copy sym.txt settings" button.
pub fn link_status(app: &mut LuApp, ui: &mut egui::Ui) {
    match (&app.link, &app.link_error) {
        (Some(l), _) => {
            let st = l.status();
            let addr = l
                .local_addr()
                .map(|a| a.to_string())
                .unwrap_or_else(|| "no TCP".into());
            let pty = l
                .pty_path()
                .map(|p| format!(" · pty {}", p.display()))
                .unwrap_or_default();
            let dot = if st.connections > 0 { GREEN } else { BLUE };
            dot_label(ui, dot);
            ui.label(format!(
                "Link: {addr}{pty} · {} connection(s)",
                st.connections
            ))
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
                app.note(crate::app::Level::Info, "sym.txt settings copied: paste them into sym.txt in ROBOLAB's folder.");
            }
        }
        (None, Some(e)) => {
            dot_label(ui, RED);
            ui.label(RichText::new("Link off").color(RED))
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

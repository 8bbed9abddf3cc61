//! Help for pupils and teachers (what each icon means, how to run, slow down, step and
//! replay, how to connect ROBOLAB and NQC, the mouse and the keys) and the About window.

use super::*;
use crate::app::LuApp;
use crate::trace::ViKind;

/// Title of the help window (and of its menu entry).
pub const HELP: &str = "How to use the simulator";
/// Title of the About window (and of its menu entry).
pub const ABOUT: &str = "About lurobotsim";

/// What an icon does, in a pupil's words.
pub fn meaning(kind: ViKind) -> &'static str {
    match kind {
        ViKind::MotorForward => {
            "Turns a motor on, forwards. The letter says which port: A, B or C."
        }
        ViKind::MotorBackward => "Turns a motor on, backwards.",
        ViKind::MotorStop => "Stops a motor at once (brake).",
        ViKind::MotorFloat => "Lets a motor run freely until it rolls to a stop.",
        ViKind::WaitTime => "Waits for some seconds; the countdown shows on the icon.",
        ViKind::WaitPush => "Waits until the touch sensor is pressed.",
        ViKind::WaitLetgo => "Waits until the touch sensor is let go.",
        ViKind::WaitDark => "Waits until the light sensor sees dark (below a number).",
        ViKind::WaitLight => "Waits until the light sensor sees light (above a number).",
        ViKind::WaitDarker => "Waits until the light sensor sees darker than now.",
        ViKind::WaitLighter => "Waits until the light sensor sees lighter than now.",
        ViKind::WaitRotation => "Waits until a wheel has turned far enough.",
        ViKind::TouchFork => "Goes one way if the touch sensor is pressed, the other way if not.",
        ViKind::LightFork => "Goes one way if the light sensor sees light, the other way if dark.",
        ViKind::ForkMerge => "Where the two ways of a fork meet again.",
        ViKind::Jump => "Jumps to the Land icon with the same colour.",
        ViKind::Land => "Where a Jump arrives.",
        ViKind::Loop => "Start of a part that is repeated.",
        ViKind::LoopEnd => "End of the repeated part: back to the Loop icon.",
        ViKind::TaskSplit => "Starts a second line of icons that runs at the same time.",
        ViKind::PlaySound => "Plays one of the RCX's sounds.",
        ViKind::PlayTone => "Plays a note.",
        ViKind::Container => "Sets or changes a number the program remembers (a container).",
        ViKind::TimerReset => "Sets a timer back to zero.",
        ViKind::SensorSetup => "Tells the RCX which sensor is on a port.",
        ViKind::StartTask => "Starts another task.",
        ViKind::StopTask => "Stops a task.",
        ViKind::Subroutine => "Runs a group of icons kept elsewhere, then comes back.",
        ViKind::Generic => "Instructions that are not one of ROBOLAB's icons.",
    }
}

/// A section's heading.
fn title(ui: &mut egui::Ui, heading: &str) {
    ui.add_space(6.0);
    ui.label(RichText::new(heading).strong().size(17.0));
}

/// A section: its heading, then each paragraph.
fn para(ui: &mut egui::Ui, heading: &str, lines: &[&str]) {
    title(ui, heading);
    for l in lines {
        ui.label(*l);
    }
}

/// The help's sections: a heading and its paragraphs.
const SECTIONS: &[(&str, &[&str])] = &[
    (
        "1. Get a program",
        &[
            "⭐ Examples gives ready-made programs with the right robot and floor.",
            "📂 Open (Ctrl+O) opens a .lasm or .rcx file; you can also drop a file on the window.",
            "Or download from ROBOLAB or NQC, as to a real RCX (see below).",
            "Or write your own with ✏ Edit program: drag ROBOLAB's icons from the palette into the strip, click an icon to set its ports, power or seconds, then ⬇ Download and ▶ Run program. Undo (Ctrl+Z) takes back any change; your program is saved automatically.",
        ],
    ),
    (
        "2. Run it",
        &[
            "▶ Run starts the program. ⏸ Pause stops the clock; ▶ Run carries on from there. The space bar does both.",
            "⏹ Stop puts the robot back where it started; the program and your boxes stay.",
            "On the right, the program's icons: the one running now is lit yellow. Click an icon to see its instructions.",
        ],
    ),
    (
        "3. Watch it slowly",
        &[
            "🐢 Slower: every click waits 10 ms more after each 1 ms step (up to 200 ms), so you can follow every icon. 🐇 Faster undoes it, then goes faster.",
            "The speed slider: 0.1× is ten times slower than real life, 1× is real time, max is as fast as the computer can.",
            "⏭ Step: one millisecond, one instruction, or until the next icon lights up. The clock then shows milliseconds.",
        ],
    ),
    (
        "4. Look back",
        &[
            "Drag the timeline under the 3D view to see any earlier moment.",
            "⟲ Replay plays the run again from there; ⏵ Resume from here carries on from that moment; Live goes back to now.",
        ],
    ),
    (
        "5. Change the world",
        &[
            "Pick another robot (M1–M5) or floor (E1–E3) in the toolbar. Drag the red Box onto the floor to put an obstacle in the way; the Environment menu takes boxes away again, all or one, and a right click on a box offers to remove just that box. Realism: original behaves like the 2007 simulator, rcx brick like a real RCX (slower firmware, motors that slow under load).",
            "✋ Move robot: drag the robot to a new place; the Turn buttons change where it faces.",
        ],
    ),
    (
        "The RCX itself",
        &[
            "At the top of the readouts, the yellow brick: its display shows the watch (hours.minutes since it was switched on), a sensor's value, an output's power or the program's own number, the program slot 1-5 at the right, and a little figure that walks while a program runs.",
            "Click its buttons as on a real brick: View shows the next sensor or motor, Prgm picks the next program slot, Run starts or stops the selected program, On-Off switches the brick off and on (programs are kept).",
            "Its beeps and tunes play through this computer's speaker, slower in slow motion and silent while paused; Mute speaker turns them off.",
        ],
    ),
    (
        "Connecting ROBOLAB",
        &[
            "Press \"copy sym.txt settings\" in the status bar and paste the lines into the file sym.txt in ROBOLAB's folder.",
            "In ROBOLAB choose the simulator (LegoSim) as the port, then press the white arrow: the program appears here and runs.",
        ],
    ),
    (
        "Connecting NQC",
        &[
            "NQC 4.x downloads straight over TCP: nqc -TRCX2 -Stcp:localhost:4266 -d program.nqc -run",
            if crate::link::pty::SUPPORTED {
                "Older NQC speaks only to a serial port: start the simulator with --pty /tmp/rcx, then nqc -TRCX2 -S/tmp/rcx -d program.nqc"
            } else {
                "On Windows there is no pseudo-terminal (--pty): use NQC 4.x over TCP as above."
            },
            "Or compile: nqc -TRCX2 -Oprogram.rcx program.nqc, and open program.rcx here.",
        ],
    ),
    (
        "Mouse and keys",
        &[
            "Left-drag turns the camera, the wheel zooms, right-drag moves it. View buttons F, B, T, S, i jump to a view.",
            "Arrows move the camera, F1/F2 lower/raise it, F3/F4 turn it. Space: run or pause. Ctrl+O: open a file.",
        ],
    ),
];

/// The help window.
pub fn help_window(app: &mut LuApp, ctx: &egui::Context) {
    let mut open = app.dialogs.show_help;
    egui::Window::new(HELP)
        .open(&mut open)
        .default_size([560.0, 460.0])
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                for (heading, lines) in SECTIONS {
                    para(ui, heading, lines);
                }
                title(ui, "What the icons mean");
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
                            ui.label(format!("{}: {}", kind.title(), meaning(kind)));
                            ui.end_row();
                        }
                    });
            });
        });
    app.dialogs.show_help = open;
}

/// The About window.
pub fn about_window(app: &mut LuApp, ctx: &egui::Context) {
    let mut open = app.dialogs.show_about;
    egui::Window::new(ABOUT)
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.heading(format!("lurobotsim {}", env!("CARGO_PKG_VERSION")));
            ui.label("A simulator for LEGO MINDSTORMS RCX programs: test ROBOLAB and NQC programs on virtual robots and watch each icon light up as it runs.");
            ui.label("A Rust port of LURobotSim.");
        });
    app.dialogs.show_about = open;
}

//! Readouts (time, real-time factor, pose, distance, outputs, sensors, variables, timers,
//! tasks, faults), the replay timeline and the plots of sensor values and output powers
//! against time, marked where each icon started.

use super::*;
use crate::app::{Action, LuApp};
use crate::i18n::Lang;
use crate::rcx::SensorType;
use crate::vm::{OutputMode, TaskState};
use egui_plot::{Line, Plot, PlotPoints, VLine};

/// A plot axis's number in the window's language (a decimal comma in German), with as
/// many decimals as the grid's step needs.
fn axis_number(lang: Lang, mark: egui_plot::GridMark) -> String {
    let decimals = (-mark.step_size.log10().floor()).clamp(0.0, 6.0) as usize;
    crate::i18n::num_in(lang, mark.value, decimals)
}

/// The pointer's place on a plot: time and value, in the window's language.
fn hover_number(lang: Lang, h: &egui_plot::HoverPosition<'_>) -> Option<String> {
    let (name, x, y) = match h {
        egui_plot::HoverPosition::NearDataPoint {
            plot_name,
            position,
            ..
        } => (*plot_name, position.x, position.y),
        egui_plot::HoverPosition::Elsewhere { position } => ("", position.x, position.y),
    };
    let head = if name.is_empty() {
        String::new()
    } else {
        format!("{name}\n")
    };
    Some(format!(
        "{head}t = {} s\n{}",
        crate::i18n::num_in(lang, x, 2),
        crate::i18n::num_in(lang, y, 1)
    ))
}

fn row(ui: &mut egui::Ui, name: &str, tip: &str, value: impl Into<egui::WidgetText>) {
    ui.label(RichText::new(name).color(Color32::from_gray(80)))
        .on_hover_text(tip);
    ui.label(value);
    ui.end_row();
}

/// The clock: "⏱ 4.12 s" while running normally, "⏱ 4.123 s" while paused, stepping or in
/// slow motion (a 1 ms step must show).
pub fn clock_text(app: &LuApp, s: &crate::sim::Snapshot) -> String {
    let lang = app.view.lang;
    let t = s.time_ms as f64 / 1000.0;
    if app.is_running() && app.slow_delay_ms() == 0 {
        format!("⏱ {} s", crate::i18n::num_in(lang, t, 2))
    } else {
        format!("⏱ {} s", crate::i18n::num_in(lang, t, 3))
    }
}

/// "running at 1.00× real time", "slow motion: +30 ms after each 1 ms step", "paused",
/// "replaying 2.345 s of 8.000 s"…
pub fn run_state(app: &LuApp) -> RichText {
    let lang = app.view.lang;
    let st = app.status.as_ref();
    let rtf = st.map(|st| st.realtime_factor).unwrap_or(0.0);
    let live = st.map(|st| st.live_ms).unwrap_or(0) as f64 / 1000.0;
    if let Some(t) = app.reviewing() {
        let what = if app.is_running() {
            crate::tr!(lang, "readouts-replaying")
        } else {
            crate::tr!(lang, "readouts-showing")
        };
        RichText::new(crate::tr!(
            lang,
            "readouts-s-of-s",
            what = what.to_string(),
            v0 = crate::i18n::num_in(lang, t as f64 / 1000.0, 3),
            live = crate::i18n::num_in(lang, live, 3)
        ))
        .color(BLUE)
    } else if app.is_running() && app.slow_delay_ms() > 0 {
        RichText::new(crate::tr!(
            lang,
            "readouts-slow-motion-ms-after-each",
            slow_delay_ms = app.slow_delay_ms().to_string()
        ))
        .color(BLUE)
    } else if app.is_running() {
        RichText::new(crate::tr!(
            lang,
            "readouts-running-at-real-time",
            rtf = crate::i18n::num_in(lang, rtf, 2)
        ))
        .color(GREEN)
    } else {
        RichText::new(crate::tr!(lang, "readouts-paused")).color(MUTED)
    }
}

/// A section title, compact so the essentials fit a 600-point-high window.
fn section(ui: &mut egui::Ui, title: &str) {
    ui.label(RichText::new(title).strong().size(16.0));
}

/// The left panel.
pub fn readouts(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    egui::ScrollArea::vertical().show(ui, |ui| {
        let Some(s) = app.shown().cloned() else {
            ui.label(crate::tr!(lang, "readouts-starting"));
            return;
        };
        ui.add_space(4.0);
        ui.label(RichText::new(clock_text(app, &s)).size(26.0).strong())
            .on_hover_text(crate::tr!(lang, "readouts-simulated-time-since-the-start"));
        // One line, never wrapped: the brick face below must not move under the mouse.
        ui.add(egui::Label::new(run_state(app)).truncate())
            .on_hover_text(crate::tr!(lang, "readouts-running-paused-in-slow-motion"));
        super::brick::face(lang, acts, ui, &s);
        super::brick::mute_button(lang, ui);
        ui.separator();
        robots(app, acts, ui, &s);
        ui.separator();
        robot_section(app, ui, &s);
        ui.separator();
        motors_section(lang, ui, &s);
        ui.separator();
        sensors_section(lang, ui, &s);
        ui.separator();
        program_section(lang, ui, &s);
    });
}

/// The robot: its model and floor, where it is, how far it went.
fn robot_section(app: &LuApp, ui: &mut egui::Ui, s: &crate::sim::Snapshot) {
    let lang = app.view.lang;
    section(ui, &crate::tr!(lang, "readouts-robot"));
    egui::Grid::new("pose").num_columns(2).show(ui, |ui| {
        let realism = super::toolbar::realism_name(lang, app.realism());
        row(
            ui,
            &crate::tr!(lang, "readouts-row-robot"),
            &crate::tr!(lang, "readouts-the-robot-model-the-environment"),
            crate::tr!(
                lang,
                "readouts-on",
                robot = s.robot.to_string(),
                environment = s.environment.to_string(),
                realism = realism.to_string()
            ),
        );
        row(
            ui,
            &crate::tr!(lang, "readouts-row-position"),
            &crate::tr!(lang, "readouts-centre-of-the-rcx-brick"),
            format!(
                "x {:+.3}  z {:+.3}  {:+.1}°",
                s.pose.x, s.pose.z, s.pose.yaw_deg
            ),
        );
        let dx = s.pose.x - s.start_pose.x;
        let dz = s.pose.z - s.start_pose.z;
        row(
            ui,
            &crate::tr!(lang, "readouts-row-distance"),
            &crate::tr!(lang, "readouts-straight-line-distance-from-where"),
            format!(
                "{} m ({} m)",
                crate::i18n::num_in(lang, (dx * dx + dz * dz).sqrt(), 3),
                crate::i18n::num_in(lang, s.path_length_m, 3)
            ),
        );
    });
}

/// The motors A, B, C: on (direction, power, percent), brake or float.
fn motors_section(lang: Lang, ui: &mut egui::Ui, s: &crate::sim::Snapshot) {
    section(ui, &crate::tr!(lang, "readouts-motors"));
    egui::Grid::new("outputs").num_columns(2).show(ui, |ui| {
        for (i, o) in s.outputs.iter().enumerate() {
            let name = ["A", "B", "C"][i];
            let (txt, c) = match o.mode {
                OutputMode::On => (
                    format!(
                        "{} {} {:.0} %",
                        if o.forward {
                            crate::tr!(lang, "readouts-forward")
                        } else {
                            crate::tr!(lang, "readouts-backward")
                        },
                        o.power,
                        o.signed_percent().abs()
                    ),
                    GREEN,
                ),
                OutputMode::Off => (crate::tr!(lang, "readouts-brake").to_string(), RED),
                OutputMode::Float => (crate::tr!(lang, "readouts-float").to_string(), MUTED),
            };
            row(
                ui,
                &crate::tr!(lang, "readouts-output", name = name.to_string()),
                &crate::tr!(lang, "readouts-motor-output-on-direction-power"),
                RichText::new(txt).color(c).strong(),
            );
        }
    });
}

/// The sensors on ports 1–3: type, mode, value and raw reading.
fn sensors_section(lang: Lang, ui: &mut egui::Ui, s: &crate::sim::Snapshot) {
    section(ui, &crate::tr!(lang, "readouts-sensors"));
    egui::Grid::new("sensors").num_columns(2).show(ui, |ui| {
        if s.sensors.iter().all(|v| v.sensor_type == SensorType::None) {
            row(
                ui,
                &crate::tr!(lang, "readouts-ports-1-3"),
                &crate::tr!(lang, "readouts-this-robot-has-no-sensors"),
                crate::tr!(lang, "readouts-no-sensor"),
            );
        }
        for v in s
            .sensors
            .iter()
            .filter(|v| v.sensor_type != SensorType::None)
        {
            row(
                ui,
                &crate::tr!(lang, "readouts-port", port1 = (v.port + 1).to_string()),
                &crate::tr!(lang, "readouts-sensor-type-and-mode-the"),
                crate::tr!(
                    lang,
                    "readouts-raw",
                    name = v.sensor_type.name().to_string(),
                    info = v.mode.info().short.to_string(),
                    value = v.value.to_string(),
                    raw = v.raw.to_string()
                ),
            );
        }
    });
}

/// The program: each task's state, the timers, the variables in use, the faults.
fn program_section(lang: Lang, ui: &mut egui::Ui, s: &crate::sim::Snapshot) {
    section(ui, &crate::tr!(lang, "readouts-program"));
    egui::Grid::new("tasks").num_columns(2).show(ui, |ui| {
        for t in s
            .tasks
            .iter()
            .filter(|t| t.state != TaskState::Stopped || t.pc > 0)
        {
            let state = match t.state {
                TaskState::Running => RichText::new(crate::tr!(
                    lang,
                    "readouts-running-pc",
                    pc = t.pc.to_string()
                ))
                .color(GREEN),
                TaskState::Waiting => RichText::new(match t.wait_remaining_ms {
                    Some(ms) => crate::tr!(
                        lang,
                        "readouts-waiting-s-pc",
                        v0 = crate::i18n::num_in(lang, ms as f64 / 1000.0, 2),
                        pc = t.pc.to_string()
                    ),
                    None => crate::tr!(lang, "readouts-waiting-pc", pc = t.pc.to_string()),
                })
                .color(BLUE),
                TaskState::Stopped => RichText::new(crate::tr!(
                    lang,
                    "readouts-stopped-pc",
                    pc = t.pc.to_string()
                ))
                .color(MUTED),
            };
            row(
                ui,
                &crate::tr!(lang, "readouts-task", task = t.task.to_string()),
                &crate::tr!(lang, "readouts-a-task-of-the-program"),
                state,
            );
        }
        row(
            ui,
            &crate::tr!(lang, "readouts-row-timers"),
            &crate::tr!(lang, "readouts-the-four-rcx-timers-in"),
            format!("{:?}", s.timers),
        );
    });
    egui::CollapsingHeader::new(crate::tr!(lang, "readouts-variables"))
        .default_open(true)
        .show(ui, |ui| {
            let used: Vec<(usize, i16)> = s
                .variables
                .iter()
                .enumerate()
                .filter(|(_, v)| **v != 0)
                .map(|(i, v)| (i, *v))
                .collect();
            if used.is_empty() {
                ui.label(RichText::new(crate::tr!(lang, "readouts-all-32-are-0")).color(MUTED))
                    .on_hover_text(crate::tr!(lang, "readouts-the-rcx-s-32-global"));
            }
            egui::Grid::new("vars").num_columns(4).show(ui, |ui| {
                for (k, (i, v)) in used.iter().enumerate() {
                    ui.label(
                        RichText::new(crate::tr!(lang, "readouts-var", i = i.to_string()))
                            .color(Color32::from_gray(80)),
                    )
                    .on_hover_text(crate::tr!(
                        lang,
                        "readouts-a-global-variable-robolab-container"
                    ));
                    ui.label(v.to_string());
                    if k % 2 == 1 {
                        ui.end_row();
                    }
                }
            });
        });
    if !s.faults.is_empty() {
        ui.separator();
        ui.heading(RichText::new(crate::tr!(lang, "readouts-faults")).color(RED));
        for f in s.faults.iter().rev().take(5) {
            ui.label(RichText::new(f.to_string()).color(RED))
                .on_hover_text(crate::tr!(lang, "readouts-the-rcx-stopped-this-task"));
        }
    }
}

/// The replay bar: Replay, the timeline slider, and (while an earlier moment is shown)
/// "Resume from here" and "Live". Only the user's own moves of the slider seek.
pub fn timeline(app: &mut LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    ui.horizontal(|ui| {
        let Some(st) = app.status.clone() else {
            ui.label(crate::tr!(lang, "readouts-replay-nothing-recorded-yet"));
            return;
        };
        let (start, end) = st.history_ms;
        if end <= start {
            ui.label(crate::tr!(lang, "readouts-replay-nothing-recorded-yet"))
                .on_hover_text(crate::tr!(lang, "readouts-every-run-is-recorded-once"));
            return;
        }
        let shown = app.shown().map(|s| s.time_ms).unwrap_or(end);
        let playing = st.reviewing_ms.is_some() && st.running;
        if ui
            .add_enabled(!playing, egui::Button::new(crate::tr!(lang, REPLAY)))
            .on_hover_text(super::keys::tip(
                ui.ctx(),
                crate::tr!(lang, "readouts-play-the-run-again-from"),
                &super::keys::REPLAY,
            ))
            .clicked()
        {
            acts.push(Action::Replay);
        }
        let w = (ui.available_width() - 330.0).max(120.0);
        ui.spacing_mut().slider_width = w;
        // Whole milliseconds (no rounding of the value, so a redraw never "moves" it).
        let mut t = shown.clamp(start, end);
        let resp = super::keys::number_field(
            ui,
            egui::Slider::new(&mut t, start..=end)
                .custom_formatter(|v, _| crate::i18n::num_in(lang, v / 1000.0, 3))
                .custom_parser(|s| {
                    // A decimal comma is read as the point it stands for.
                    let s = s.trim().replace(',', ".");
                    s.parse::<f64>().ok().map(|v| (v * 1000.0).round())
                })
                .suffix(" s"),
        )
        .on_hover_text(crate::tr!(lang, "readouts-the-timeline-drag-to-see"))
        .accessible_name(crate::tr!(
            lang,
            "readouts-timeline-at",
            shown = crate::i18n::num_in(lang, shown as f64 / 1000.0, 3),
            end = crate::i18n::num_in(lang, end as f64 / 1000.0, 3)
        ));
        if resp.changed() && t != shown {
            acts.push(Action::Seek(t));
        }
        if st.reviewing_ms.is_some() {
            if ui
                .button(crate::tr!(lang, RESUME_HERE))
                .on_hover_text(crate::tr!(
                    lang,
                    "readouts-continue-the-simulation-from-this"
                ))
                .clicked()
            {
                acts.push(Action::ResumeHere);
            }
            if ui
                .button(crate::tr!(lang, LIVE))
                .on_hover_text(crate::tr!(lang, "readouts-leave-the-replay-and-show"))
                .clicked()
            {
                acts.push(Action::LeaveReplay);
            }
        }
    });
}

/// Plot height, points: fixed, because a bottom panel sized by its content must not feed
/// its own height back into it (it would grow every frame).
/// It follows the window's height (not the panel's content): short on a netbook's 600
/// points, so the 3D view and the readouts keep their room.
fn plot_height(ctx: &egui::Context) -> f32 {
    let h = ctx.content_rect().height();
    if h < 700.0 {
        64.0
    } else if h < 860.0 {
        96.0
    } else {
        128.0
    }
}
/// Series colours: outputs A, B, C and sensors 1, 2, 3 (the same hues in both plots).
pub(crate) const SERIES: [Color32; 3] = [
    Color32::from_rgb(220, 60, 40),
    Color32::from_rgb(40, 110, 220),
    Color32::from_rgb(30, 130, 55),
];
/// The plots' line at the moment shown (3:1 on the plot, as the RCX yellow is not).
pub(crate) const CURSOR: Color32 = Color32::from_rgb(165, 115, 0);

/// A heading with a colour key: "Title  ● a  ● b".
fn keyed_heading(ui: &mut egui::Ui, title: &str, tip: &str, keys: &[(String, Color32)]) {
    ui.horizontal(|ui| {
        ui.label(RichText::new(title).strong()).on_hover_text(tip);
        for (name, c) in keys {
            let (r, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
            ui.painter().circle_filled(r.center(), 4.5, *c);
            ui.label(RichText::new(name).color(*c));
        }
    });
}

/// (time s, value) points of one series of the runner's frames.
fn series(
    plot: &[crate::runner::PlotPoint],
    f: impl Fn(&crate::runner::PlotPoint) -> Option<f64>,
) -> Vec<[f64; 2]> {
    plot.iter()
        .filter_map(|p| f(p).map(|v| [p.time_ms as f64 / 1000.0, v]))
        .collect()
}

/// The sensor and motor plots side by side.
/// A plot's lines: (name, colour, points).
type Lines = Vec<(String, Color32, Vec<[f64; 2]>)>;

/// Where task 0 entered an icon, s (the runner's frames follow task 0's icon).
fn icon_marks(app: &LuApp) -> Vec<f64> {
    app.plot
        .windows(2)
        .filter(|w| w[1].vi_task0.is_some() && w[1].vi_task0 != w[0].vi_task0)
        .map(|w| w[1].time_ms as f64 / 1000.0)
        .rev()
        .take(300)
        .collect()
}

/// The sensors' lines (the ports with a sensor) and the motors' (A, B, C).
fn plot_series(app: &LuApp) -> (Lines, Lines) {
    let lang = app.view.lang;
    let ports: Vec<u8> = app
        .live
        .as_ref()
        .map(|s| {
            s.sensors
                .iter()
                .filter(|v| v.sensor_type != SensorType::None)
                .map(|v| v.port)
                .collect()
        })
        .unwrap_or_default();
    let sensors: Lines = ports
        .iter()
        .map(|&port| {
            (
                crate::tr!(lang, "readouts-sensor", port1 = (port + 1).to_string()),
                SERIES[port as usize % 3],
                series(&app.plot, |p| {
                    p.sensors
                        .get(port as usize)
                        .copied()
                        .flatten()
                        .map(f64::from)
                }),
            )
        })
        .collect();
    let outs: Lines = ["A", "B", "C"]
        .iter()
        .enumerate()
        .map(|(i, n)| {
            (
                n.to_string(),
                SERIES[i],
                series(&app.plot, |p| Some(f64::from(p.outputs[i]))),
            )
        })
        .collect();
    (sensors, outs)
}

pub fn plots(app: &mut LuApp, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    let link = egui::Id::unique("plots x");
    let cursor = app.shown().map(|s| s.time_ms as f64 / 1000.0);
    let marks = icon_marks(app);
    let w = ui.available_width() / 2.0 - 6.0;
    let plot_h = plot_height(ui.ctx());
    let add_marks = |p: &mut egui_plot::PlotUi<'_>| {
        for t in &marks {
            p.vline(
                VLine::new("", *t)
                    .color(Color32::from_rgba_unmultiplied(120, 120, 160, 90))
                    .width(1.0),
            );
        }
        if let Some(c) = cursor {
            p.vline(VLine::new("", c).color(CURSOR).width(2.0));
        }
    };
    let (sensors, outs) = plot_series(app);
    ui.horizontal(|ui| {
        ui.vertical(|ui| {
            ui.set_width(w);
            let keys: Vec<(String, Color32)> =
                sensors.iter().map(|(n, c, _)| (n.clone(), *c)).collect();
            keyed_heading(
                ui,
                &crate::tr!(lang, "readouts-sensor-values"),
                &crate::tr!(lang, "readouts-what-the-program-reads-from"),
                &keys,
            );
            // Empty plots still get sensible axes: 0–1 s, 0–100.
            let no_sensor = sensors.is_empty();
            let r = Plot::new("sensors")
                .height(plot_h)
                .x_axis_formatter(move |m, _| axis_number(lang, m))
                .y_axis_formatter(move |m, _| axis_number(lang, m))
                .label_formatter(move |h| hover_number(lang, h))
                .link_axis(link, [true, false])
                .include_x(0.0)
                .include_x(1.0)
                .include_y(0.0)
                .include_y(if no_sensor { 100.0 } else { 1.0 })
                .show(ui, |p| {
                    for (name, c, pts) in sensors {
                        p.line(Line::new(name, PlotPoints::from(pts)).color(c).width(2.0));
                    }
                    add_marks(p);
                })
                .response;
            let named = plot_name(lang, &crate::tr!(lang, "readouts-sensor-values"), &keys);
            super::name_it(ui, &r, egui::accesskit::Role::Figure, &named);
            super::focus_ring(ui, &r, r.rect, 1.0);
        });
        ui.vertical(|ui| {
            ui.set_width(w);
            let keys: Vec<(String, Color32)> =
                outs.iter().map(|(n, c, _)| (n.clone(), *c)).collect();
            keyed_heading(
                ui,
                &crate::tr!(lang, "readouts-motor-power"),
                &crate::tr!(lang, "readouts-power-of-outputs-a-b"),
                &keys,
            );
            let r = Plot::new("outputs")
                .height(plot_h)
                .x_axis_formatter(move |m, _| axis_number(lang, m))
                .y_axis_formatter(move |m, _| axis_number(lang, m))
                .label_formatter(move |h| hover_number(lang, h))
                .link_axis(link, [true, false])
                .include_x(0.0)
                .include_x(1.0)
                .include_y(-100.0)
                .include_y(100.0)
                .show(ui, |p| {
                    for (name, c, pts) in outs {
                        p.line(Line::new(name, PlotPoints::from(pts)).color(c).width(2.0));
                    }
                    add_marks(p);
                })
                .response;
            let named = plot_name(lang, &crate::tr!(lang, "readouts-motor-power"), &keys);
            super::name_it(ui, &r, egui::accesskit::Role::Figure, &named);
            super::focus_ring(ui, &r, r.rect, 1.0);
        });
    });
}

/// A plot's name for screen readers: its heading and its lines ("Motor power: A, B, C").
fn plot_name(lang: Lang, heading: &str, keys: &[(String, Color32)]) -> String {
    let lines: Vec<&str> = keys.iter().map(|(n, _)| n.as_str()).collect();
    if lines.is_empty() {
        format!("{heading}: {}", crate::tr!(lang, "readouts-no-sensor"))
    } else {
        format!("{heading}: {}", lines.join(", "))
    }
}

/// The robots of the world: which one is shown (click to choose), its model and the
/// link it listens on; add one, remove the chosen one.
fn robots(app: &LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui, s: &crate::sim::Snapshot) {
    let lang = app.view.lang;
    let several = s.robots.len() > 1;
    section(
        ui,
        &if several {
            crate::tr!(lang, "readouts-robots")
        } else {
            crate::tr!(lang, "readouts-robot-link")
        },
    );
    // The buttons first: with many robots the list grows below them.
    ui.horizontal(|ui| {
        if ui
            .small_button(crate::tr!(lang, "readouts-add-robot"))
            .on_hover_text(crate::tr!(lang, "readouts-put-another-robot-of-this"))
            .clicked()
        {
            acts.push(Action::AddRobot);
        }
        if several
            && ui
                .small_button(crate::tr!(lang, "readouts-remove-robot"))
                .on_hover_text(crate::tr!(lang, "readouts-take-the-chosen-robot-out"))
                .clicked()
        {
            acts.push(Action::RemoveRobot(s.selected));
        }
    });
    for (k, r) in s.robots.iter().enumerate() {
        let link = app
            .link_of(k)
            .unwrap_or_else(|| crate::tr!(lang, "readouts-no-link"));
        // ▶ its program runs or waits; ⏹ it runs nothing (the clock may still be paused).
        let state = if r.running { "▶" } else { "⏹" };
        let text = if several {
            format!("{state} {} · {} · {link}", r.name, r.model)
        } else {
            format!("{} · {link}", r.model)
        };
        let chosen = k == s.selected;
        let label = RichText::new(text).color(robot_colour(k));
        let resp = ui
            .selectable_label(
                chosen && several,
                if chosen { label.strong() } else { label },
            )
            .on_hover_text(crate::tr!(
                lang,
                "readouts-robot-its-rcx-listens-on",
                k1 = (k + 1).to_string(),
                name = r.name.to_string(),
                model = r.model.to_string(),
                link = link.to_string()
            ));
        if resp.clicked() && !chosen {
            acts.push(Action::SelectRobot(k));
        }
    }
}

/// A colour per robot (its label in the 3D view and its line in the robot list).
pub fn robot_colour(k: usize) -> Color32 {
    // Each reads at 4.5:1 on the panel and on the chosen line's highlight.
    const C: [Color32; 6] = [
        Color32::from_rgb(0, 70, 170),
        Color32::from_rgb(150, 30, 0),
        Color32::from_rgb(0, 95, 35),
        Color32::from_rgb(120, 30, 140),
        Color32::from_rgb(110, 75, 0),
        Color32::from_rgb(0, 90, 100),
    ];
    C[k % C.len()]
}

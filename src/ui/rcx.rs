//! The Real RCX window (issue 39): the tower (found, or typed), the brick's firmware and
//! battery, a firmware file downloaded, the program shown downloaded to a slot, run,
//! stopped, the datalog uploaded and plotted beside the simulated one; progress and
//! Cancel while a job runs. It draws `app.rcx` and returns `Action::Rcx`.

use super::*;
use crate::app::rcx::{firmware_name, Op};
use crate::app::{Action, Browse, LuApp, RcxMsg};
use crate::host::brick::{PickKind, PortKind};
use egui_plot::{Line, Plot, PlotPoints};

/// The File menu's entry and the window's title.
pub const REAL_RCX: &str = "rcx-menu";
pub const TITLE: &str = "rcx-title";
pub const TOWER_FIELD: &str = "rcx-tower";
pub const LOOK_AGAIN: &str = "rcx-look-again";
/// A tab's buttons that open the browser's own tower pickers: Web Serial's (the serial
/// tower) and WebUSB's (the USB tower).
pub const CHOOSE_TOWER: &str = "rcx-choose-tower-button";
pub const CHOOSE_USB_TOWER: &str = "rcx-choose-usb-tower-button";
pub const ASK_BRICK: &str = "rcx-ask-brick";
pub const FIRMWARE_FIELD: &str = "rcx-firmware-file";
pub const CHOOSE_FIRMWARE: &str = "rcx-choose";
pub const DOWNLOAD_FIRMWARE: &str = "rcx-download-firmware";
pub const DOWNLOAD: &str = "rcx-download";
pub const RUN: &str = "rcx-run";
pub const STOP: &str = "rcx-stop";
pub const DATALOG: &str = "rcx-upload-datalog";
pub const CANCEL: &str = "rcx-cancel";

/// Where the window drew its buttons last (by their message key, in points), kept in
/// egui's memory under this id: the page's side of a tab writes them out for the
/// browser test, which clicks there as a pointer would.
pub const BUTTONS_ID: &str = "lurobotsim-rcx-buttons";

/// Notes where the button `key` was drawn (see [`BUTTONS_ID`]).
fn placed(ui: &egui::Ui, key: &'static str, r: &egui::Response) {
    let rect = r.rect;
    ui.ctx().data_mut(|d| {
        d.get_temp_mut_or_default::<Vec<(&'static str, egui::Rect)>>(egui::Id::unique(BUTTONS_ID))
            .retain(|(k, _)| *k != key);
        d.get_temp_mut_or_default::<Vec<(&'static str, egui::Rect)>>(egui::Id::unique(BUTTONS_ID))
            .push((key, rect));
    });
}

/// The Real RCX window (when open).
pub fn window(app: &mut LuApp, acts: &mut Vec<Action>, ctx: &egui::Context) {
    let lang = app.view.lang;
    let mut open = app.rcx.open;
    let mut browse = false;
    egui::Window::new(crate::tr!(lang, TITLE))
        .open(&mut open)
        .default_pos([300.0, 90.0])
        .default_size([560.0, 480.0])
        .scroll([ctx.content_rect().width() < 800.0, true])
        .show(ctx, |ui| {
            tower(app, acts, ui);
            ui.separator();
            brick(app, acts, ui);
            ui.separator();
            firmware(app, acts, ui, &mut browse);
            ui.separator();
            program(app, acts, ui);
            ui.separator();
            busy(app, acts, ui);
            if let Some((level, text)) = &app.rcx.said {
                let (color, sign) = level_style(*level);
                ui.label(RichText::new(format!("{sign} {text}")).color(color));
            }
            datalog(app, ui);
            super::follow_focus(ui);
        });
    if browse {
        app.browse(Browse::Firmware);
    }
    if !open {
        acts.push(Action::Rcx(RcxMsg::Show(false)));
    }
}

/// The tower: the field (typed, or filled by a click on what was found), the ports found.
fn tower(app: &LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    let r = &app.rcx;
    ui.horizontal(|ui| {
        let l = ui.label(format!("{}:", crate::tr!(lang, TOWER_FIELD)));
        let mut text = r.port.clone();
        if ui
            .add_sized([260.0, 22.0], egui::TextEdit::singleline(&mut text))
            .labelled_by(l.id)
            .on_hover_text(crate::tr!(lang, "rcx-tower-tip"))
            .changed()
        {
            acts.push(Action::Rcx(RcxMsg::Port(text)));
        }
        if ui
            .button(crate::tr!(lang, LOOK_AGAIN))
            .on_hover_text(crate::tr!(lang, "rcx-look-again-tip"))
            .clicked()
        {
            acts.push(Action::Rcx(RcxMsg::Scan));
        }
    });
    // A tab: the browser's own pickers choose the tower (from this click's gesture). Both
    // are offered; one the browser lacks says so when pressed.
    if r.towers.as_ref().is_some_and(|t| t.pickers.is_some()) {
        ui.horizontal(|ui| {
            let pickers = [
                (
                    CHOOSE_TOWER,
                    "rcx-choose-tower-button-tip",
                    PickKind::Serial,
                ),
                (
                    CHOOSE_USB_TOWER,
                    "rcx-choose-usb-tower-button-tip",
                    PickKind::Usb,
                ),
            ];
            for (key, tip, kind) in pickers {
                let b = ui
                    .add_enabled(
                        r.busy.is_none() && !r.picking,
                        egui::Button::new(crate::tr!(lang, key)),
                    )
                    .on_hover_text(crate::tr!(lang, tip));
                placed(ui, key, &b);
                if b.clicked() {
                    acts.push(Action::Rcx(RcxMsg::PickTower(kind)));
                }
            }
        });
    }
    let Some(t) = &r.towers else {
        return;
    };
    if let Some(b) = t.browser {
        ui.label(
            RichText::new(crate::app::rcx::browser_text(lang, b))
                .color(level_style(crate::app::Level::Warning).0),
        );
        return;
    }
    if t.ports.is_empty() && t.pickers.is_none() {
        ui.label(RichText::new(crate::tr!(lang, "rcx-no-tower-found")).italics());
    }
    for p in &t.ports {
        let kind = match p.kind {
            PortKind::UsbTower => crate::tr!(lang, "rcx-port-usb-tower"),
            PortKind::UsbDriver => crate::tr!(lang, "rcx-port-usb-driver"),
            PortKind::Serial => crate::tr!(lang, "rcx-port-serial"),
        };
        // The system's own details (a USB-serial adapter's ids and name) after the kind.
        let label = match p.kind {
            PortKind::Serial if p.what != "serial port" => {
                format!("{} — {kind} ({})", p.port, p.what)
            }
            _ => format!("{} — {kind}", p.port),
        };
        if ui.selectable_label(r.port == p.port, label).clicked() {
            acts.push(Action::Rcx(RcxMsg::Port(p.port.clone())));
        }
    }
    for n in &t.notes {
        ui.label(RichText::new(crate::app::rcx::note_text(lang, n)).small());
    }
}

/// What the brick said of itself, and the button that asks it.
fn brick(app: &LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    let r = &app.rcx;
    ui.horizontal(|ui| {
        let ask = ui
            .add_enabled(
                r.busy.is_none(),
                egui::Button::new(crate::tr!(lang, ASK_BRICK)),
            )
            .on_hover_text(crate::tr!(lang, "rcx-ask-brick-tip"));
        placed(ui, ASK_BRICK, &ask);
        if ask.clicked() {
            acts.push(Action::Rcx(RcxMsg::Ping));
        }
        let (fw, battery) = match r.brick {
            None => ("—".to_string(), "—".to_string()),
            Some(b) => (
                b.firmware
                    .map_or(crate::tr!(lang, "rcx-none"), firmware_name),
                b.battery_mv.map_or("—".to_string(), |mv| {
                    format!("{} V", crate::i18n::num_in(lang, mv as f64 / 1000.0, 2))
                }),
            ),
        };
        ui.label(crate::tr!(
            lang,
            "rcx-brick-line",
            firmware = fw,
            battery = battery
        ));
    });
}

/// The firmware file, its chooser and Download firmware.
fn firmware(app: &LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui, browse: &mut bool) {
    let lang = app.view.lang;
    let r = &app.rcx;
    ui.horizontal(|ui| {
        let l = ui.label(format!("{}:", crate::tr!(lang, FIRMWARE_FIELD)));
        let mut text = r.firmware_path.clone();
        if ui
            .add_sized([260.0, 22.0], egui::TextEdit::singleline(&mut text))
            .labelled_by(l.id)
            .on_hover_text(crate::tr!(lang, "rcx-firmware-tip"))
            .changed()
        {
            acts.push(Action::Rcx(RcxMsg::FirmwarePath(text)));
        }
        let choose = ui.button(crate::tr!(lang, CHOOSE_FIRMWARE));
        placed(ui, CHOOSE_FIRMWARE, &choose);
        if choose.clicked() {
            *browse = true;
        }
    });
    let download = ui
        .add_enabled(
            r.busy.is_none(),
            egui::Button::new(crate::tr!(lang, DOWNLOAD_FIRMWARE)),
        )
        .on_hover_text(crate::tr!(lang, "rcx-download-firmware-tip"));
    placed(ui, DOWNLOAD_FIRMWARE, &download);
    if download.clicked() {
        acts.push(Action::Rcx(RcxMsg::Firmware));
    }
}

/// The program shown, the slot, Download, Run, Stop.
fn program(app: &LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    let r = &app.rcx;
    // The editor's document goes when the simulator does not run it yet.
    let line = match app.editor.ahead_of_simulator() {
        true => crate::tr!(lang, "rcx-program-line-editor"),
        false => crate::tr!(
            lang,
            "rcx-program-line",
            name = app
                .program
                .as_ref()
                .map_or(crate::tr!(lang, "rcx-none"), |p| crate::app::label_of(
                    &p.name
                ))
        ),
    };
    ui.label(line);
    ui.horizontal(|ui| {
        ui.label(format!("{}:", crate::tr!(lang, "rcx-slot")));
        for s in 1..=5u8 {
            if ui
                .selectable_label(r.slot == s, s.to_string())
                .on_hover_text(crate::tr!(lang, "rcx-slot-tip", slot = s))
                .clicked()
            {
                acts.push(Action::Rcx(RcxMsg::Slot(s)));
            }
        }
    });
    let idle = r.busy.is_none();
    ui.horizontal(|ui| {
        let buttons = [
            (DOWNLOAD, "rcx-download-tip", RcxMsg::Download),
            (RUN, "rcx-run-tip", RcxMsg::Run),
            (STOP, "rcx-stop-tip", RcxMsg::Stop),
            (DATALOG, "rcx-datalog-tip", RcxMsg::Datalog),
        ];
        for (key, tip, msg) in buttons {
            let b = ui
                .add_enabled(idle, egui::Button::new(crate::tr!(lang, key)))
                .on_hover_text(crate::tr!(lang, tip));
            placed(ui, key, &b);
            if b.clicked() {
                acts.push(Action::Rcx(msg));
            }
        }
    });
}

/// The job under way: what, on which tower, how far, time left, Cancel.
fn busy(app: &LuApp, acts: &mut Vec<Action>, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    let Some(b) = &app.rcx.busy else {
        return;
    };
    let what = match b.op {
        Op::Ping => crate::tr!(lang, "rcx-doing-ping"),
        Op::Firmware => crate::tr!(lang, "rcx-doing-firmware"),
        Op::Download => crate::tr!(lang, "rcx-doing-download", slot = app.rcx.slot),
        Op::Run => crate::tr!(lang, "rcx-doing-run"),
        Op::Stop => crate::tr!(lang, "rcx-doing-stop"),
        Op::Datalog => crate::tr!(lang, "rcx-doing-datalog"),
    };
    let on = b
        .tower
        .clone()
        .unwrap_or_else(|| crate::tr!(lang, "rcx-opening", port = app.rcx.port.clone()));
    ui.label(format!("{what} — {on}"));
    let (done, total) = b.progress();
    let bar = match total {
        0 => egui::ProgressBar::new(0.0).animate(true),
        t => {
            let left = b.time_left_s().map_or(String::new(), |s| {
                format!(
                    " — {}",
                    crate::tr!(
                        lang,
                        "rcx-time-left",
                        secs = crate::i18n::num_in(lang, s, 0)
                    )
                )
            });
            egui::ProgressBar::new(done.min(t) as f32 / t as f32)
                .text(format!("{done} / {t}{left}"))
        }
    };
    ui.add(bar);
    if ui
        .add_enabled(!b.cancelling(), egui::Button::new(crate::tr!(lang, CANCEL)))
        .on_hover_text(crate::tr!(lang, "rcx-cancel-tip"))
        .clicked()
    {
        acts.push(Action::Rcx(RcxMsg::Cancel));
    }
    ui.ctx()
        .request_repaint_after(std::time::Duration::from_millis(50));
}

/// The uploaded datalog, plotted (value by entry) beside the simulated brick's.
fn datalog(app: &LuApp, ui: &mut egui::Ui) {
    let lang = app.view.lang;
    let Some(real) = &app.rcx.datalog else {
        return;
    };
    ui.separator();
    let points = |d: &[(u8, i16)]| -> Vec<[f64; 2]> {
        d.iter()
            .enumerate()
            .map(|(i, (_, v))| [i as f64 + 1.0, *v as f64])
            .collect()
    };
    let sim = app.rcx.sim_datalog.clone().unwrap_or_default();
    ui.label(crate::tr!(
        lang,
        "rcx-datalog-line",
        real = real.len(),
        sim = sim.len()
    ));
    let (real_name, sim_name) = (
        crate::tr!(lang, "rcx-real-brick"),
        crate::tr!(lang, "rcx-simulated"),
    );
    Plot::new("rcx datalog")
        .height(160.0)
        .legend(egui_plot::Legend::default())
        .show(ui, |p| {
            p.line(
                Line::new(real_name, PlotPoints::from(points(real)))
                    .color(Color32::from_rgb(200, 40, 40))
                    .width(2.0),
            );
            p.line(
                Line::new(sim_name, PlotPoints::from(points(&sim)))
                    .color(Color32::from_rgb(40, 90, 200))
                    .width(2.0),
            );
        });
}

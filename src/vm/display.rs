//! The brick's face: what its LCD shows and what its four buttons do (issue 16).
//!
//! The LCD (Kekoa Proudfoot's ROM notes, librcx `rom.h`: the segments the firmware can
//! light): a four-digit number with a minus sign and a decimal point after digit 1, 2 or 3;
//! a one-digit program number (slot 1–5) at the right; a standing or walking figure (a
//! program is running); an arrow at each sensor (the one the View shows) and at each output,
//! with forward/reverse arrows for a driven output; a datalog circle filled in quarters; a
//! battery-low sign; IR range and transfer dots (not modelled: the link is not IR).
//!
//! What the number shows is the View (`view` opcode / `SelectDisplay`, rcx.md §2.3):
//! 0 the watch, 1–3 a sensor, 4–6 an output, 7 the user value (`disp` /
//! `SetUserDisplay`). Formats, with the sources they rest on:
//! - watch: hours and minutes as `HH.MM` — Dick Swan (author of the RCX 2.0 firmware's
//!   successor) calls `HH.MM` "the Lego standard" clock format (lugnet
//!   robotics.rcx.robolab #372), and the ROM's unsigned number format prints leading
//!   zeros (rom.h `set_lcd_number` 0x301f), so `SetWatch(5,25)` reads `05.25`. The watch
//!   counts minutes since power-on and restarts at 00.00 on power-up (Swan, same post).
//! - sensor: the sensor's value as its mode makes it (raw, boolean, percent, …), signed
//!   with no leading zeros (ROM format 0x3001), clamped to ±9999 as the ROM does.
//! - output: CHOSEN (UNCERTAIN, no source describes the digits): the power level 0–7; the
//!   direction is shown by the arrows.
//! - user: the source `disp` names, read about every 1 ms (the firmware refreshes its LCD
//!   on its own schedule, UNCERTAIN), with `precision` digits after the decimal point, signed
//!   with no leading zeros before it (`disp 0,2,…` of 5 reads `0.05`). A random source
//!   (4) is CHOSEN to show 0 rather than draw from the program's random sequence.
//!
//! Buttons (CHOSEN where noted; the firmware's key handling is not documented in detail):
//! - Run: starts task 0 of the selected program (rcx.md §6.1); while a program runs it
//!   stops it, with every output floating (as the remote's stop key does).
//! - Prgm: stops a running program and selects the next slot (5 wraps to 1).
//! - View: the next view: watch → sensor 1–3 → output A–C → watch; from the user view
//!   back to the watch.
//! - On-Off: switches the brick off (tasks stop, outputs float, queued sounds are
//!   dropped, the LCD is blank, the other buttons do nothing) or on again (watch restarts
//!   at 00.00, View on the watch). Kept across off/on, as the RCX keeps its RAM powered
//!   while it is "off": the five programs, the selected slot, variables, sensor
//!   configuration, the datalog (UNCERTAIN beyond programs and datalog, which LEGO's
//!   documentation says survive). The power-down timer and the link are not affected.

use super::{OutputMode, TaskState, Vm};
use crate::rcx::source::src;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// Battery level below which the LCD shows its battery-low sign, mV: "Standard Lego
/// firmware … has two stages of low battery detection: At 6.7 volts it turns off motors and
/// power to active sensors and start flashing low battery icon on the LCD. It generates a
/// periodic beep. Shuts down … after one minute. At 6.3 volts it shuts down immediately"
/// (news.lugnet.com/robotics/rcx/nqc/?n=1835, 2005; Q). Only the sign is modelled (shown
/// steadily, no beep; the motors keep running and the brick stays on — docs/realism.md).
pub const LOW_BATTERY_MV: u16 = 6700;

/// One of the four buttons on the brick's face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Button {
    OnOff,
    Run,
    Prgm,
    View,
}

impl Button {
    pub const ALL: [Button; 4] = [Button::OnOff, Button::Run, Button::Prgm, Button::View];

    /// The name used on the command line (`run --press NAME@SECONDS`) and on the face.
    pub fn name(self) -> &'static str {
        match self {
            Button::OnOff => "on-off",
            Button::Run => "run",
            Button::Prgm => "prgm",
            Button::View => "view",
        }
    }

    /// A button from its name (case-insensitive; `onoff` and `on_off` also work).
    pub fn parse(s: &str) -> Option<Button> {
        match s.to_ascii_lowercase().as_str() {
            "on-off" | "onoff" | "on_off" | "on" | "off" => Some(Button::OnOff),
            "run" => Some(Button::Run),
            "prgm" | "program" => Some(Button::Prgm),
            "view" => Some(Button::View),
            _ => None,
        }
    }
}

/// The face's own state kept in the VM.
#[derive(Clone, Debug, Default)]
pub(crate) struct Panel {
    /// Switched off with the On-Off button.
    pub off: bool,
    /// The user view's number as last refreshed.
    pub user_value: i16,
}

/// What the LCD shows at one moment (cli.md "The brick's display").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Lcd {
    /// false when switched off (then nothing else is lit).
    pub on: bool,
    /// `"watch"`, `"sensor 1"`…`"sensor 3"`, `"output A"`…`"output C"` or `"user"`.
    pub view: String,
    /// The number shown (watch: minutes; user: before placing the decimal point).
    pub value: i16,
    /// Digits after the decimal point (watch: 2).
    pub decimals: u8,
    /// The digits as they read, e.g. `"05.25"`, `"-12"`, `"0.05"`.
    pub text: String,
    /// Selected program slot, 1–5.
    pub program: u8,
    /// The walking figure (a task is running or waiting); else the standing one.
    pub running: bool,
    /// Per output A–C: `Some(true)` forward arrow, `Some(false)` reverse arrow (driven),
    /// `None` no arrow (off or floating).
    pub arrows: [Option<bool>; 3],
    /// The datalog circle: `None` no datalog, else quarters filled 0–4 (CHOSEN: the
    /// fraction of the datalog used, rounded up; the ROM fills it a quarter at a time).
    pub datalog: Option<u8>,
    pub battery_low: bool,
}

impl Vm {
    /// What the LCD shows now.
    pub fn lcd(&self) -> Lcd {
        let running = self.tasks.iter().any(|t| t.state != TaskState::Stopped);
        let program = self.slot as u8 + 1;
        if self.panel.off {
            return Lcd {
                on: false,
                view: "off".into(),
                value: 0,
                decimals: 0,
                text: String::new(),
                program,
                running: false,
                arrows: [None; 3],
                datalog: None,
                battery_low: false,
            };
        }
        let outs = self.outputs();
        let arrows = outs.map(|o| (o.mode == OutputMode::On).then_some(o.forward));
        let (view, value, decimals, text) = match self.display.view {
            1..=3 => {
                let i = self.display.view as usize - 1;
                let v = self.sensors[i].value;
                (format!("sensor {}", i + 1), v, 0, number_text(v, 0))
            }
            4..=6 => {
                let i = self.display.view as usize - 4;
                let v = outs[i].power as i16;
                (
                    format!("output {}", ["A", "B", "C"][i]),
                    v,
                    0,
                    number_text(v, 0),
                )
            }
            7 => {
                let v = self.panel.user_value;
                let d = self.display.precision.min(3);
                ("user".to_string(), v, d, number_text(v, d))
            }
            _ => {
                let m = self.watch_now();
                (
                    "watch".to_string(),
                    m,
                    2,
                    format!("{:02}.{:02}", m / 60, m % 60),
                )
            }
        };
        let datalog = self.datalog_size.map(|size| {
            let used = self.datalog.len() as u32;
            ((used * 4).div_ceil(size.max(1) as u32)).min(4) as u8
        });
        Lcd {
            on: true,
            view,
            value,
            decimals,
            text,
            program,
            running,
            arrows,
            datalog,
            battery_low: self.battery_mv < LOW_BATTERY_MV,
        }
    }

    /// True while the brick is switched off with its On-Off button.
    pub fn is_off(&self) -> bool {
        self.panel.off
    }

    /// A press of one of the face's buttons (see the module's notes for what each does).
    pub fn press(&mut self, button: Button) {
        if self.panel.off {
            if button == Button::OnOff {
                self.panel.off = false;
                self.watch_minutes = 0;
                self.watch_set_ms = self.now_ms;
                self.display.view = 0;
            }
            return;
        }
        match button {
            Button::OnOff => {
                self.stop_program_and_motors();
                // Sounds that have not started never play, and the one playing stops now.
                while self.sounds.last().is_some_and(|s| s.time_ms > self.now_ms) {
                    self.sounds.pop();
                }
                let now = self.now_ms;
                if self
                    .sounds
                    .last()
                    .is_some_and(|s| s.time_ms + s.duration_ms as u64 > now)
                {
                    if let Some(mut s) = self.sounds.pop() {
                        s.duration_ms = (now - s.time_ms) as u32;
                        self.sounds.push(s);
                    }
                }
                self.sound_busy_until = self.now_ms;
                self.panel.off = true;
            }
            Button::Run => {
                if self.tasks.iter().any(|t| t.state != TaskState::Stopped) {
                    self.stop_program_and_motors();
                } else {
                    self.start_task(0);
                }
            }
            Button::Prgm => {
                let next = (self.slot + 1) % self.slots.len();
                self.stop_program_and_motors();
                self.select_slot(next);
            }
            Button::View => {
                self.display.view = match self.display.view {
                    v @ 0..=5 => v + 1,
                    _ => 0,
                };
            }
        }
    }

    fn stop_program_and_motors(&mut self) {
        let was_running = self.tasks.iter().any(|t| t.state != TaskState::Stopped);
        self.stop_all();
        if was_running {
            for o in self.outputs.iter_mut() {
                o.mode = OutputMode::Float;
            }
        }
    }

    /// Refreshes the user view's number (called once per tick by [`Vm::advance`]).
    pub(crate) fn refresh_lcd(&mut self) {
        if self.display.view == 7 && !self.panel.off {
            let (s, arg) = (self.display.source, self.display.arg as i32);
            self.panel.user_value = if s == src::RANDOM {
                0
            } else {
                self.read(None, s, arg)
            };
        }
    }

    /// Watch minutes now (source 14), without touching anything.
    fn watch_now(&self) -> i16 {
        let elapsed = ((self.now_ms - self.watch_set_ms) / 60_000) as i64;
        ((self.watch_minutes as i64 + elapsed) % (24 * 60)) as i16
    }
}

/// A signed number as the LCD prints it: no leading zeros, `decimals` digits after the
/// point (with a 0 before it), clamped to ±9999 (the ROM's range).
pub fn number_text(v: i16, decimals: u8) -> String {
    let v = (v as i32).clamp(-9999, 9999);
    let sign = if v < 0 { "-" } else { "" };
    let a = v.unsigned_abs();
    if decimals == 0 {
        return format!("{sign}{a}");
    }
    let p = 10u32.pow(decimals as u32);
    format!("{sign}{}.{:0w$}", a / p, a % p, w = decimals as usize)
}

/// The `display` key of the state object.
pub fn display_json(vm: &Vm) -> Value {
    let l = vm.lcd();
    json!({
        "view": l.view,
        "value": l.value,
        "text": l.text,
        "decimals": l.decimals,
        "program": l.program,
        "running": l.running,
        "on": l.on,
        "arrows": l.arrows.iter().map(|a| match a {
            Some(true) => "fwd",
            Some(false) => "rev",
            None => "",
        }).collect::<Vec<_>>(),
        "datalog_quarters": l.datalog,
        "battery_low": l.battery_low,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_the_lcd_prints_them() {
        assert_eq!(number_text(0, 0), "0");
        assert_eq!(number_text(-12, 0), "-12");
        assert_eq!(number_text(5, 2), "0.05");
        assert_eq!(number_text(-1234, 1), "-123.4");
        assert_eq!(number_text(32000, 0), "9999");
        assert_eq!(number_text(-32000, 3), "-9.999");
    }

    #[test]
    fn buttons_parse_by_name() {
        for b in Button::ALL {
            assert_eq!(Button::parse(b.name()), Some(b));
        }
        assert_eq!(Button::parse("Run"), Some(Button::Run));
        assert_eq!(Button::parse("jump"), None);
    }
}

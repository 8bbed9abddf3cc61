//! The RCX's six AA cells (docs/realism.md "The battery"): the voltage a robot's battery
//! gives (`[motor] battery_v` in its robot file, or `--battery-v`), the presets a user can
//! name, and what it means for the `--realism rcx` motors — the output drivers drop
//! [`MotorSpec::rcx_drop`](super::spec::MotorSpec) volts, so a motor whose PWM is on sees
//! `battery_v − rcx_drop`.
//!
//! The battery is a constant voltage: it is the voltage with a motor running (what the
//! firmware measures then), not the cells' open-circuit voltage; its sag with the current
//! drawn (the cells' internal resistance) is not modelled.

use crate::vm::Realism;

/// Largest battery voltage, V: the RCX 1.0's mains adapter gives at most 12 V; six cells
/// never reach it.
pub const MAX_V: f32 = 12.0;

/// `--realism original`'s battery when the robot file does not set one: 9.0 V, what the
/// NQC capture's `pollb` read (rcx.md §7.2: `Battery Level = 9.0 V`). The 2007 simulator's
/// ideal motors do not depend on it; `pollb` and source 34 report it.
pub const ORIGINAL_V: f32 = 9.0;

/// `--realism rcx`'s battery when neither the robot file nor `--battery-v` sets one: the
/// voltage with which M4 drives the thesis's real-robot distance at ROBOLAB level 5
/// forward (1.05 m in 2 s, lurobotsim.md §7) — calibrated on that one point, as the 2007
/// simulator calibrated its motor curve on its real motor (docs/realism.md).
pub const RCX_DEFAULT_V: f32 = 7.7;

/// A named battery for `--battery-v`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Preset {
    pub name: &'static str,
    pub volts: f32,
    pub what: &'static str,
}

/// The documented presets (docs/realism.md "The battery" gives the sources).
pub const PRESETS: [Preset; 3] = [
    // "A fresh set of Energizer Alkaline batteries will supply 9.6V with a small load. Once
    // you turn on a motor, the voltage will immediately drop to 9V or below" (Tilman
    // Sporkert, news.lugnet.com/robotics/?n=15824).
    Preset {
        name: "alkaline",
        volts: 9.0,
        what: "six fresh alkaline cells with a motor running",
    },
    // Six NiCd/NiMH cells of 1.2 V (news.lugnet.com/robotics/?n=1576, ?n=25973).
    Preset {
        name: "nimh",
        volts: 7.2,
        what: "six charged NiMH rechargeable cells",
    },
    // "very used ones (6.75V all six)" (Octavian Vararu, news.lugnet.com/robotics/rcx/?n=2308),
    // just above the firmware's 6.7 V low-battery threshold.
    Preset {
        name: "worn",
        volts: 6.75,
        what: "six well-used alkaline cells, just above the low-battery sign",
    },
];

/// The battery a robot has when its robot file sets none.
pub fn default_v(realism: Realism) -> f32 {
    match realism {
        Realism::Original => ORIGINAL_V,
        Realism::Rcx => RCX_DEFAULT_V,
    }
}

/// Whether `v` is a usable battery voltage: finite, more than 0, at most [`MAX_V`].
pub fn check_v(v: f32) -> Result<f32, String> {
    if v.is_finite() && v > 0.0 && v <= MAX_V {
        Ok(v)
    } else {
        Err(format!(
            "the battery must be more than 0 and at most {MAX_V} V (got {v})"
        ))
    }
}

/// `--battery-v`: volts (`7.2`, `7.2V`) or a preset's name (`alkaline`, `nimh`, `worn`).
pub fn parse_arg(s: &str) -> Result<f32, String> {
    let t = s.trim();
    if let Some(p) = PRESETS.iter().find(|p| p.name.eq_ignore_ascii_case(t)) {
        return Ok(p.volts);
    }
    let number = t.strip_suffix(['V', 'v']).unwrap_or(t).trim();
    match number.parse::<f32>() {
        Ok(v) => check_v(v),
        Err(_) => Err(format!(
            "expected volts (e.g. 7.2) or a preset: {}",
            PRESETS
                .iter()
                .map(|p| format!("{} ({} V)", p.name, p.volts))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Battery millivolts as `pollb` and source 34 report them.
pub fn millivolts(v: f32) -> u16 {
    (v * 1000.0).round().clamp(0.0, 65535.0) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_battery_flag_takes_volts_or_a_preset_and_refuses_nonsense() {
        assert_eq!(parse_arg("7.2"), Ok(7.2));
        assert_eq!(parse_arg("8.1V"), Ok(8.1));
        assert_eq!(parse_arg("NiMH"), Ok(7.2));
        assert_eq!(parse_arg("alkaline"), Ok(9.0));
        assert_eq!(parse_arg("worn"), Ok(6.75));
        for bad in ["0", "-1", "NaN", "inf", "12.5", "nine", ""] {
            assert!(parse_arg(bad).is_err(), "{bad:?} accepted");
        }
        assert_eq!(parse_arg("12"), Ok(12.0));
    }
}

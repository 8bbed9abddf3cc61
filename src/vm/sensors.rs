//! The firmware's sensor processing (rcx.md §4): types and default modes, raw → value
//! conversions, boolean hysteresis and slope mode, edge/pulse counts, rotation angle from
//! `Brick::rotation_count` deltas. Reads the world only through [`Brick`].

use super::state::Sensor;
use super::{Brick, Vm};

/// Boolean thresholds with hysteresis, slope 0 [S3 "Set sensor mode"]: above 562 reads
/// false, below 460 true, in between keeps the previous value.
const BOOL_HIGH_RAW: u16 = 562;
const BOOL_LOW_RAW: u16 = 460;

/// Percent: raw below 0x187 reads 100, else (1023 − raw)·25/156 — which gives 101 for raw
/// 391–392, a quirk of the standard firmware [S6 #2146 quoting S3].
pub fn percent(raw: u16) -> i16 {
    if raw < 0x187 {
        100
    } else {
        ((1023 - raw.min(1023) as i32) * 25 / 156) as i16
    }
}

/// Temperature in tenths of °C, or 0x7fff out of range (rcx.md §4.3: piecewise linear,
/// segments from Kekoa's disassembly; division truncates toward zero like the H8's).
pub fn celsius(raw: u16) -> i16 {
    if !(0x122..0x3a0).contains(&raw) {
        return 0x7fff;
    }
    let (scale, offset): (i32, i32) = match raw {
        r if r < 0x154 => (-261, 0x23730),
        r if r < 0x186 => (-194, 0x1e078),
        r if r < 0x1de => (-144, 0x1944c),
        r if r < 0x208 => (-123, 0x16da0),
        r if r < 0x316 => (-107, 0x14cd0),
        r if r < 0x376 => (-134, 0x1a068),
        _ => (-175, 0x22d08),
    };
    ((raw as i32 * scale + offset) / 100) as i16
}

/// Tenths of °F from tenths of °C (`t·18/10 + 320`), keeping the out-of-range marker.
pub fn fahrenheit(raw: u16) -> i16 {
    let c = celsius(raw);
    if c == 0x7fff {
        return c;
    }
    (c as i32 * 18 / 10 + 320) as i16
}

/// What the firmware counts for a rotation sensor that turned `d` sixteenths since the last
/// scan, in `Realism::Rcx`. The sensor shows one of four states that step once per
/// sixteenth (its quadrature code), so a scan sees only `d` mod 4: one step either way is
/// counted, two steps cannot be told apart and are lost, three look like one step back.
/// With the 3 ms scan this loses counts above ≈ 333 sixteenths a second, as measured
/// (lugnet.robotics #22989; philohome.com/sensors/legorot.htm).
pub fn rotation_step(d: i32) -> i32 {
    match d.rem_euclid(4) {
        1 => 1,
        3 => -1,
        _ => 0,
    }
}

/// The default mode of each sensor type (rcx.md §4.1).
fn default_mode(ty: u8) -> u8 {
    match ty {
        1 => 1, // touch: boolean
        2 => 5, // temperature: °C
        3 => 4, // light: percent
        4 => 7, // rotation: angle
        _ => 0,
    }
}

impl Sensor {
    /// The processed value for the current mode.
    fn compute_value(&self) -> i16 {
        match self.mode {
            0 => self.raw as i16,
            1 => self.boolean as i16,
            2 => self.transitions,
            3 => self.transitions / 2,
            4 => percent(self.raw),
            5 => celsius(self.raw),
            6 => fahrenheit(self.raw),
            _ => self.angle,
        }
    }

    /// Clears the accumulated value (edge/pulse counts, angle), as `senm` and `senz` do.
    fn clear(&mut self) {
        self.transitions = 0;
        self.angle = 0;
        self.value = self.compute_value();
    }
}

impl Vm {
    /// One scan of one port.
    pub(crate) fn scan_sensor<B: Brick>(&mut self, brick: &mut B, port: usize) {
        let s = &mut self.sensors[port];
        // Light and rotation sensors are powered (active) inputs.
        let powered = matches!(s.ty, 3 | 4);
        let raw = brick.sensor_raw(port, powered).min(1023);
        s.prev_raw = s.raw;
        s.raw = raw;
        let before = s.boolean;
        if s.slope == 0 {
            if raw > BOOL_HIGH_RAW {
                s.boolean = false;
            } else if raw < BOOL_LOW_RAW {
                s.boolean = true;
            }
        } else {
            // Dynamic mode: a fall by more than `slope` between scans reads true, a rise by
            // more than `slope` reads false [S3].
            let d = raw as i32 - s.prev_raw as i32;
            if d < -(s.slope as i32) {
                s.boolean = true;
            } else if d > s.slope as i32 {
                s.boolean = false;
            }
        }
        if s.boolean != before {
            s.transitions = s.transitions.wrapping_add(1);
        }
        if s.ty == 4 {
            let count = brick.rotation_count(port);
            if let Some(last) = s.last_rotation {
                let d = count.wrapping_sub(last);
                let d = if self.config.realism == super::Realism::Rcx {
                    rotation_step(d)
                } else {
                    d
                };
                s.angle = s.angle.wrapping_add(d as i16);
            }
            s.last_rotation = Some(count);
        }
        s.value = s.compute_value();
    }

    /// `sent` / source 10: set the type, reset the port and apply the default mode.
    pub(crate) fn set_sensor_type(&mut self, port: usize, ty: u8) {
        if port < 3 && ty <= 4 {
            let raw = self.sensors[port].raw;
            self.sensors[port] = Sensor {
                ty,
                mode: default_mode(ty),
                raw,
                prev_raw: raw,
                ..Sensor::default()
            };
            let s = &mut self.sensors[port];
            s.value = s.compute_value();
        }
    }

    /// `senm` / source 11: set mode and slope, clearing the accumulated value.
    pub(crate) fn set_sensor_mode(&mut self, port: usize, mode: u8, slope: u8) {
        if let Some(s) = self.sensors.get_mut(port) {
            s.mode = mode & 7;
            s.slope = slope & 0x1f;
            s.clear();
        }
    }

    /// `senz`: clear the sensor's value.
    pub(crate) fn clear_sensor(&mut self, port: usize) {
        if let Some(s) = self.sensors.get_mut(port) {
            s.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_scans_count_one_step_lose_two_and_misread_three() {
        assert_eq!(rotation_step(0), 0);
        assert_eq!(rotation_step(1), 1);
        assert_eq!(rotation_step(-1), -1);
        assert_eq!(rotation_step(2), 0);
        assert_eq!(rotation_step(3), -1);
        assert_eq!(rotation_step(5), 1);
    }

    #[test]
    fn percent_reads_101_just_above_the_cutoff_like_the_firmware() {
        assert_eq!(percent(390), 100);
        assert_eq!(percent(391), 101);
        assert_eq!(percent(392), 101);
        assert_eq!(percent(393), 100);
        assert_eq!(percent(1023), 0);
        assert_eq!(percent(700), 51);
    }

    #[test]
    fn temperature_follows_the_piecewise_segments_and_marks_out_of_range() {
        assert_eq!(celsius(0x121), 0x7fff);
        assert_eq!(celsius(0x3a0), 0x7fff);
        assert_eq!(celsius(0x122), 695); // 69.5 °C at the hot end
        assert_eq!(celsius(0x39f), -196);
        assert_eq!(fahrenheit(0x122), 695 * 18 / 10 + 320);
        assert_eq!(fahrenheit(0), 0x7fff);
    }
}

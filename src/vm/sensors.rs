//! The firmware's sensor processing (rcx.md §4; types, modes and raw → value conversions
//! are `rcx::sensor`'s table): boolean hysteresis and slope mode, edge/pulse counts, rotation angle from
//! `Brick::rotation_count` deltas. Reads the world only through [`Brick`].

use super::state::Sensor;
use super::{Brick, Vm};
use crate::rcx::sensor::{celsius, fahrenheit, percent, SensorMode, SensorType};

/// Boolean thresholds with hysteresis, slope 0 [S3 "Set sensor mode"]: above 562 reads
/// false, below 460 true, in between keeps the previous value.
const BOOL_HIGH_RAW: u16 = 562;
const BOOL_LOW_RAW: u16 = 460;

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

impl Sensor {
    /// The processed value for the current mode.
    fn compute_value(&self) -> i16 {
        match self.mode {
            SensorMode::Raw => self.raw as i16,
            SensorMode::Boolean => self.boolean as i16,
            SensorMode::Edge => self.transitions,
            SensorMode::Pulse => self.transitions / 2,
            SensorMode::Percent => percent(self.raw),
            SensorMode::Celsius => celsius(self.raw),
            SensorMode::Fahrenheit => fahrenheit(self.raw),
            SensorMode::Angle => self.angle,
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
        let powered = s.ty.info().powered;
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
        if s.ty == SensorType::Rotation {
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
        if let (true, Some(ty)) = (port < 3, SensorType::from_byte(ty)) {
            let raw = self.sensors[port].raw;
            self.sensors[port] = Sensor {
                ty,
                mode: ty.info().default_mode,
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
            s.mode = SensorMode::from_bits(mode);
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
}

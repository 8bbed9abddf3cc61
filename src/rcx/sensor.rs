//! The one sensor table (rcx.md §4): each sensor type and mode with its number, its name in
//! the state JSON, its label, and the firmware's raw → value conversions. The VM, tracer,
//! world, state JSON and app all read it; none writes a sensor type or mode as a number.

/// A sensor type as `sent` / source 10 sets it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SensorType {
    #[default]
    None,
    Touch,
    Temperature,
    Light,
    Rotation,
}

/// One row of [`SENSOR_TYPES`].
pub struct TypeInfo {
    pub ty: SensorType,
    /// Its number in `sent` and source 10.
    pub byte: u8,
    /// Its word in the state JSON and the app's readouts.
    pub name: &'static str,
    /// What the trace calls a sensor icon of this type.
    pub label: &'static str,
    /// The mode `sent` gives it.
    pub default_mode: SensorMode,
    /// Powered (active) input: the brick drives it between readings.
    pub powered: bool,
}

const fn ty(
    ty: SensorType,
    name: &'static str,
    label: &'static str,
    default_mode: SensorMode,
    powered: bool,
) -> TypeInfo {
    TypeInfo {
        ty,
        byte: ty as u8,
        name,
        label,
        default_mode,
        powered,
    }
}

/// Every sensor type, in number order (row `n` has byte `n`).
pub const SENSOR_TYPES: [TypeInfo; 5] = [
    ty(SensorType::None, "none", "Sensor", SensorMode::Raw, false),
    ty(
        SensorType::Touch,
        "touch",
        "Touch sensor",
        SensorMode::Boolean,
        false,
    ),
    ty(
        SensorType::Temperature,
        "temperature",
        "Temperature sensor",
        SensorMode::Celsius,
        false,
    ),
    ty(
        SensorType::Light,
        "light",
        "Light sensor",
        SensorMode::Percent,
        true,
    ),
    ty(
        SensorType::Rotation,
        "rotation",
        "Rotation sensor",
        SensorMode::Angle,
        true,
    ),
];

impl SensorType {
    /// The type with this number, if the firmware knows one.
    pub fn from_byte(b: u8) -> Option<SensorType> {
        SENSOR_TYPES.get(b as usize).map(|i| i.ty)
    }

    /// Its row in [`SENSOR_TYPES`].
    pub fn info(self) -> &'static TypeInfo {
        &SENSOR_TYPES[self as usize]
    }

    /// Its number in `sent` and source 10.
    pub fn byte(self) -> u8 {
        self as u8
    }

    /// Its word in the state JSON and the app.
    pub fn name(self) -> &'static str {
        self.info().name
    }
}

/// A sensor mode as `senm` / source 11 sets it (the top three bits of the mode byte).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SensorMode {
    #[default]
    Raw,
    Boolean,
    Edge,
    Pulse,
    Percent,
    Celsius,
    Fahrenheit,
    Angle,
}

/// One row of [`SENSOR_MODES`].
pub struct ModeInfo {
    pub mode: SensorMode,
    /// Its number (0–7).
    pub byte: u8,
    /// Its word in the state JSON.
    pub name: &'static str,
    /// Its short text in the app's readouts.
    pub short: &'static str,
}

const fn mode(mode: SensorMode, name: &'static str, short: &'static str) -> ModeInfo {
    ModeInfo {
        mode,
        byte: mode as u8,
        name,
        short,
    }
}

/// Every sensor mode, in number order (row `n` has byte `n`).
pub const SENSOR_MODES: [ModeInfo; 8] = [
    mode(SensorMode::Raw, "raw", "raw"),
    mode(SensorMode::Boolean, "boolean", "boolean"),
    mode(SensorMode::Edge, "edge", "edge"),
    mode(SensorMode::Pulse, "pulse", "pulse"),
    mode(SensorMode::Percent, "percent", "percent"),
    mode(SensorMode::Celsius, "celsius", "°C"),
    mode(SensorMode::Fahrenheit, "fahrenheit", "°F"),
    mode(SensorMode::Angle, "angle", "angle"),
];

impl SensorMode {
    /// The mode in the low three bits of `b` (a mode byte's top bits, shifted down).
    pub fn from_bits(b: u8) -> SensorMode {
        SENSOR_MODES[(b & 7) as usize].mode
    }

    /// Its row in [`SENSOR_MODES`].
    pub fn info(self) -> &'static ModeInfo {
        &SENSOR_MODES[self as usize]
    }

    /// Its number (0–7).
    pub fn byte(self) -> u8 {
        self as u8
    }

    /// Its word in the state JSON.
    pub fn name(self) -> &'static str {
        self.info().name
    }
}

/// Percent: raw below 0x187 reads 100, else (1023 − raw)·25/156 — which gives 101 for raw
/// 391–392, a quirk of the standard firmware (S6 #2146 quoting S3).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_row_sits_at_its_own_number() {
        for (i, t) in SENSOR_TYPES.iter().enumerate() {
            assert_eq!((t.byte as usize, t.ty.byte() as usize), (i, i));
            assert_eq!(SensorType::from_byte(t.byte), Some(t.ty));
        }
        for (i, m) in SENSOR_MODES.iter().enumerate() {
            assert_eq!((m.byte as usize, m.mode.byte() as usize), (i, i));
            assert_eq!(SensorMode::from_bits(m.byte), m.mode);
        }
        assert_eq!(SensorType::from_byte(5), None);
        assert_eq!(SensorMode::from_bits(8 | 2), SensorMode::Edge);
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

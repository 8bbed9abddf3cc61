//! The brick's datalog as the host uploads it (rcx.md §6.7): entries of `type lo hi`, the
//! type byte `source << 5 | index` — 0x00–0x1f a variable, 0x20–0x23 a timer, 0x40–0x42 a
//! sensor, 0x80 the watch; entry 0 (type 0xff) holds the count of entries including
//! itself. Written as CSV, one row per logged value.

/// What one datalog entry logged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Logged {
    /// Global variable 0–31.
    Variable(u8),
    /// Timer 0–3.
    Timer(u8),
    /// Sensor port 1–3 (its value in the sensor's mode).
    Sensor(u8),
    /// The watch, in minutes since midnight.
    Watch,
    /// A type byte the firmware does not write.
    Other(u8),
}

impl Logged {
    /// The entry's type byte read.
    pub fn of(ty: u8) -> Logged {
        match ty {
            0x00..=0x1f => Logged::Variable(ty),
            0x20..=0x23 => Logged::Timer(ty - 0x20),
            0x40..=0x42 => Logged::Sensor(ty - 0x40 + 1),
            0x80 => Logged::Watch,
            t => Logged::Other(t),
        }
    }

    /// The CSV's `source` and `number` columns.
    fn columns(self) -> (&'static str, String) {
        match self {
            Logged::Variable(i) => ("variable", i.to_string()),
            Logged::Timer(i) => ("timer", i.to_string()),
            Logged::Sensor(p) => ("sensor", p.to_string()),
            Logged::Watch => ("watch", String::new()),
            Logged::Other(t) => ("type", format!("0x{t:02x}")),
        }
    }
}

/// The CSV header line (without its newline).
pub const CSV_HEADER: &str = "entry,source,number,value";

/// Writes the entries (the header entry 0 already left out; `entries[0]` is entry 1) as
/// CSV: `entry,source,number,value` — e.g. `1,variable,5,123`, `2,sensor,2,48`,
/// `3,timer,0,17`, `4,watch,,605`.
pub fn to_csv(entries: &[(u8, i16)]) -> String {
    let mut out = String::with_capacity(24 * (entries.len() + 1));
    out.push_str(CSV_HEADER);
    out.push('\n');
    for (k, &(ty, v)) in entries.iter().enumerate() {
        let (source, number) = Logged::of(ty).columns();
        out.push_str(&format!("{},{source},{number},{v}\n", k + 1));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_source_gets_its_words() {
        let csv = to_csv(&[(5, 123), (0x41, 48), (0x20, -17), (0x80, 605), (0x60, 1)]);
        assert_eq!(
            csv,
            "entry,source,number,value\n1,variable,5,123\n2,sensor,2,48\n3,timer,0,-17\n\
             4,watch,,605\n5,type,0x60,1\n"
        );
    }
}

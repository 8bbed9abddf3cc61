//! Finding towers and opening the one `--port` names (feature `desktop`).

use super::legousbtower::{self, CharTower};
use super::serial::{self, SerialTower};
use super::tcp::TcpTower;
use super::usb::{self, NusbPipe, Range, UsbTower};
use super::{ListNote, PortSpec, TowerError, Transport};

/// Something that may be a tower.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// What to give `--port`.
    pub port: String,
    /// What it is.
    pub what: String,
    /// Certainly a LEGO tower (the USB tower's ids); a serial port may be anything.
    pub tower: bool,
}

/// The USB towers and serial ports on this computer.
pub fn list() -> (Vec<Found>, Vec<ListNote>) {
    let mut found = Vec::new();
    let mut notes = Vec::new();
    match usb::find_towers() {
        Ok(towers) => {
            for (k, t) in towers.iter().enumerate() {
                found.push(Found {
                    port: PortSpec::Usb(k).to_string(),
                    what: format!("LEGO USB IR tower ({})", t.describe()),
                    tower: true,
                });
            }
        }
        Err(n) => notes.push(n),
    }
    let has_usb = !found.is_empty();
    for dev in legousbtower::devices() {
        // The same tower through Linux's driver: listed, but `usb` is what to use.
        found.push(Found {
            port: dev,
            what: if has_usb {
                "the USB tower through Linux's legousbtower driver".into()
            } else {
                "LEGO USB IR tower (Linux's legousbtower driver)".into()
            },
            tower: !has_usb,
        });
    }
    for (port, what) in serial::ports() {
        found.push(Found {
            port,
            what,
            tower: false,
        });
    }
    (found, notes)
}

/// The port to use when none is given: the only USB tower, else the only serial port;
/// otherwise an error that lists what was found.
pub fn default_port() -> Result<PortSpec, TowerError> {
    let (found, notes) = list();
    let towers: Vec<&Found> = found.iter().filter(|f| f.tower).collect();
    if towers.len() == 1 {
        return PortSpec::parse(&towers[0].port).map_err(TowerError::new);
    }
    if towers.is_empty() && found.len() == 1 {
        return PortSpec::parse(&found[0].port).map_err(TowerError::new);
    }
    let listed = if found.is_empty() {
        "none found".to_string()
    } else {
        found
            .iter()
            .map(|f| format!("{} ({})", f.port, f.what))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let notes = if notes.is_empty() {
        String::new()
    } else {
        let notes: Vec<String> = notes.iter().map(ToString::to_string).collect();
        format!("; {}", notes.join("; "))
    };
    Err(TowerError::new(if found.is_empty() {
        format!(
            "no tower found: plug in the USB tower or the serial tower (and its 9 V battery), \
             or name one with --port{notes}"
        )
    } else {
        format!("more than one port could be the tower, choose with --port: {listed}{notes}")
    }))
}

/// Opens the tower `spec` names.
pub fn open(spec: &PortSpec) -> Result<Box<dyn Transport + Send>, TowerError> {
    Ok(match spec {
        PortSpec::Serial(p) => Box::new(SerialTower::open(p)?),
        PortSpec::Tcp(a) => Box::new(TcpTower::connect(a)?),
        PortSpec::UsbDevice(p) => Box::new(CharTower::open(p)?),
        PortSpec::Usb(n) => {
            let towers = usb::find_towers()?;
            let Some(found) = towers.get(*n) else {
                // Linux's driver may hold the tower where usbfs access is not allowed.
                if let Some(dev) = legousbtower::devices().get(*n) {
                    return Ok(Box::new(CharTower::open(dev)?));
                }
                return Err(TowerError::new(if towers.is_empty() {
                    "no USB tower found: is it plugged in? (`lurobotsim brick list`)".into()
                } else {
                    format!(
                        "there are {} USB tower(s), not {}: `lurobotsim brick list` shows them",
                        towers.len(),
                        n + 1
                    )
                }));
            };
            Box::new(UsbTower::open(NusbPipe::open(found)?, Range::default())?)
        }
    })
}

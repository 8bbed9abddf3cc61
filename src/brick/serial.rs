//! The serial IR tower (and anything that speaks like one: a USB-serial adapter, a pty such
//! as `serve --pty`'s) through `serialport`: 2400 baud, 8 data bits, odd parity, 1 stop
//! bit, no flow control — the settings NQC and WebPBrick use. The tower echoes what it
//! sends.

use super::{TowerError, Transport};
use crate::rcx::host::Line;
use std::io::{ErrorKind, Read, Write};
use std::time::Duration;

pub struct SerialTower {
    port: Box<dyn serialport::SerialPort>,
    path: String,
}

/// What to do when a serial port cannot be opened, by what the system said.
fn open_error(path: &str, e: serialport::Error) -> TowerError {
    use serialport::ErrorKind as K;
    let io = match e.kind() {
        K::Io(k) => Some(k),
        _ => None,
    };
    TowerError(match (e.kind(), io) {
        (K::NoDevice, _) | (_, Some(ErrorKind::NotFound)) => format!(
            "there is no serial port {path}: is the tower's cable plugged in? (`lurobotsim brick \
             list` shows the ports found)"
        ),
        (_, Some(ErrorKind::PermissionDenied)) => format!(
            "no permission to open {path}: on Linux add yourself to the dialout group (sudo \
             usermod -aG dialout $USER), then log out and in again"
        ),
        (_, Some(ErrorKind::ResourceBusy)) => format!(
            "{path} is in use by another program: close NQC, ROBOLAB or the other lurobotsim"
        ),
        _ => format!("cannot open the serial port {path}: {e}"),
    })
}

impl SerialTower {
    /// Opens `path` at 2400 8O1, for this program alone.
    pub fn open(path: &str) -> Result<SerialTower, TowerError> {
        let port = serialport::new(path, 2400)
            .data_bits(serialport::DataBits::Eight)
            .parity(serialport::Parity::Odd)
            .stop_bits(serialport::StopBits::One)
            .flow_control(serialport::FlowControl::None)
            .timeout(Duration::from_millis(20))
            .open()
            .map_err(|e| open_error(path, e))?;
        let _ = port.clear(serialport::ClearBuffer::All);
        Ok(SerialTower {
            port,
            path: path.to_string(),
        })
    }

    fn gone(&self, e: std::io::Error) -> TowerError {
        TowerError(format!(
            "the serial port {} failed ({e}): was the tower's cable pulled out?",
            self.path
        ))
    }
}

impl Transport for SerialTower {
    fn line(&self) -> Line {
        Line::SERIAL
    }

    fn send(&mut self, bytes: &[u8]) -> Result<(), TowerError> {
        self.port.write_all(bytes).map_err(|e| self.gone(e))
    }

    fn recv(&mut self, into: &mut Vec<u8>, wait: Duration) -> Result<(), TowerError> {
        let mut buf = [0u8; 1024];
        // Wait for the first bytes; then take what else is there at once.
        let mut w = wait;
        loop {
            self.port.set_timeout(w).map_err(|e| self.gone(e.into()))?;
            match self.port.read(&mut buf) {
                Ok(0) => return Ok(()),
                Ok(n) => {
                    into.extend_from_slice(&buf[..n]);
                    if into.len() > 8192 {
                        return Ok(());
                    }
                    w = Duration::ZERO;
                }
                Err(e) if matches!(e.kind(), ErrorKind::TimedOut | ErrorKind::WouldBlock) => {
                    return Ok(())
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(self.gone(e)),
            }
        }
    }

    fn describe(&self) -> String {
        format!("serial tower on {}", self.path)
    }
}

/// The serial ports the system lists: (name, what it is).
pub fn ports() -> Vec<(String, String)> {
    let Ok(list) = serialport::available_ports() else {
        return Vec::new();
    };
    list.into_iter()
        .map(|p| {
            let what = match p.port_type {
                serialport::SerialPortType::UsbPort(u) => format!(
                    "USB serial adapter {:04x}:{:04x}{}",
                    u.vid,
                    u.pid,
                    u.product.map(|s| format!(" ({s})")).unwrap_or_default()
                ),
                serialport::SerialPortType::PciPort => "serial port (PCI)".to_string(),
                serialport::SerialPortType::BluetoothPort => "Bluetooth serial port".to_string(),
                serialport::SerialPortType::Unknown => "serial port".to_string(),
            };
            (p.port_name, what)
        })
        .collect()
}

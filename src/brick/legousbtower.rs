//! The USB tower through Linux's own driver, `legousbtower`: its character device
//! `/dev/usb/legousbtower0` (as NQC on Linux opens it). The driver sets the tower up
//! itself; reads give what the tower heard (the driver waits up to its read time-out, 200
//! ms by default, so the device is opened non-blocking and polled). No echo. Linux only:
//! elsewhere opening it says to use `--port usb`.

use super::{TowerError, Transport};
use crate::rcx::host::Line;
use std::time::Duration;

/// The tower's character devices that exist (`/dev/usb/legousbtower0`, …).
pub fn devices() -> Vec<String> {
    (0..16)
        .map(|n| format!("{}{n}", super::LEGOUSBTOWER_DEV))
        .filter(|p| std::path::Path::new(p).exists())
        .collect()
}

#[cfg(target_os = "linux")]
pub use linux::CharTower;

#[cfg(not(target_os = "linux"))]
pub use other::CharTower;

#[cfg(not(target_os = "linux"))]
mod other {
    use super::*;

    /// Never opened off Linux.
    pub struct CharTower {
        _never: (),
    }

    impl CharTower {
        pub fn open(path: &str) -> Result<CharTower, TowerError> {
            Err(TowerError(format!(
                "{path}: the legousbtower device exists only on Linux; use --port usb"
            )))
        }
    }

    impl Transport for CharTower {
        fn line(&self) -> Line {
            Line::USB
        }
        fn send(&mut self, _: &[u8]) -> Result<(), TowerError> {
            Ok(())
        }
        fn recv(&mut self, _: &mut Vec<u8>, _: Duration) -> Result<(), TowerError> {
            Ok(())
        }
        fn describe(&self) -> String {
            String::new()
        }
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use super::*;
    use std::io::{ErrorKind, Read, Write};
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::OpenOptionsExt;

    pub struct CharTower {
        file: std::fs::File,
        path: String,
    }

    impl CharTower {
        pub fn open(path: &str) -> Result<CharTower, TowerError> {
            let file = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .custom_flags(libc::O_NONBLOCK)
                .open(path)
                .map_err(|e| {
                    TowerError(match e.kind() {
                        ErrorKind::NotFound => format!(
                            "there is no {path}: is the USB tower plugged in? (`lurobotsim brick \
                             list`)"
                        ),
                        ErrorKind::PermissionDenied => format!(
                            "no permission to open {path}: add a udev rule — echo \
                             'KERNEL==\"legousbtower*\", MODE=\"0666\"' | sudo tee \
                             /etc/udev/rules.d/60-legousbtower.rules — then replug the tower"
                        ),
                        ErrorKind::ResourceBusy => {
                            format!("{path} is in use by another program (NQC, another lurobotsim)")
                        }
                        _ => format!("cannot open {path}: {e}"),
                    })
                })?;
            Ok(CharTower {
                file,
                path: path.to_string(),
            })
        }

        fn gone(&self, e: std::io::Error) -> TowerError {
            TowerError(format!(
                "{} failed ({e}): was the tower unplugged?",
                self.path
            ))
        }

        /// Waits until the device has bytes, at most `wait`.
        fn readable(&self, wait: Duration) -> bool {
            let mut p = libc::pollfd {
                fd: self.file.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            let ms = wait.as_millis().min(i32::MAX as u128) as i32;
            // SAFETY: one valid pollfd for a descriptor this struct owns.
            let n = unsafe { libc::poll(&mut p, 1, ms) };
            n > 0
        }
    }

    impl Transport for CharTower {
        fn line(&self) -> Line {
            Line::USB
        }

        fn send(&mut self, bytes: &[u8]) -> Result<(), TowerError> {
            let mut rest = bytes;
            while !rest.is_empty() {
                match self
                    .file
                    .write(&rest[..rest.len().min(super::super::usb::OUT_MAX)])
                {
                    Ok(n) => rest = &rest[n..],
                    Err(e) if e.kind() == ErrorKind::WouldBlock => {
                        std::thread::sleep(Duration::from_millis(2));
                    }
                    Err(e) if e.kind() == ErrorKind::Interrupted => {}
                    Err(e) => return Err(self.gone(e)),
                }
            }
            Ok(())
        }

        fn recv(&mut self, into: &mut Vec<u8>, wait: Duration) -> Result<(), TowerError> {
            if !self.readable(wait) {
                return Ok(());
            }
            let mut buf = [0u8; 512];
            loop {
                match self.file.read(&mut buf) {
                    Ok(0) => return Ok(()),
                    Ok(n) => {
                        into.extend_from_slice(&buf[..n]);
                        if into.len() > 4096 {
                            return Ok(());
                        }
                    }
                    Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                        return Ok(())
                    }
                    Err(e) if e.kind() == ErrorKind::Interrupted => {}
                    Err(e) => return Err(self.gone(e)),
                }
            }
        }

        fn describe(&self) -> String {
            format!("USB tower on {}", self.path)
        }
    }
}

//! LEGO's USB IR tower (VID 0x0694, PID 0x0001): interrupt OUT endpoint 0x02 for what the
//! host sends (at most 200 bytes a write, as NQC writes), interrupt IN 0x81 for what the
//! tower heard (8-byte packets), and LEGO's vendor control requests, each answered with a
//! u16 length, a u8 error code and a value (brick.md: NQC's tower pipes, Linux's
//! `legousbtower` driver). No echo, and parity cannot be set: the tower speaks 2400 baud
//! 8O1 on the IR side by itself.
//!
//! [`UsbTower`] is the protocol over a [`UsbPipe`], the seam under the USB calls: `nusb`
//! on the desktop (`NusbPipe`, feature `desktop`), a fake device in the tests, and WebUSB
//! in a tab (`web_usb.rs`, feature `web`). [`setup`] is the one list of requests that sets
//! a tower up, whichever stack sends them.

use super::{TowerError, Transport};
use crate::rcx::host::Line;
use std::time::Duration;

/// LEGO's vendor id.
pub const VENDOR_ID: u16 = 0x0694;
/// The IR tower's product id.
pub const PRODUCT_ID: u16 = 0x0001;
/// The interrupt IN endpoint (tower → host).
pub const EP_IN: u8 = 0x81;
/// The interrupt OUT endpoint (host → tower).
pub const EP_OUT: u8 = 0x02;
/// Bytes in one IN packet.
pub const IN_PACKET: usize = 8;
/// Most bytes one write carries.
pub const OUT_MAX: usize = 200;

/// LEGO's vendor requests (device-to-host, recipient device).
pub mod request {
    /// Set a parameter: value = parameter | (setting << 8).
    pub const SET_PARM: u8 = 0x02;
    /// Flush buffers: value 1 = transmit, 2 = receive, 3 = both.
    pub const FLUSH: u8 = 0x03;
    /// Reset the tower's ports and parameters.
    pub const RESET: u8 = 0x04;
    /// Set the IR transmit speed.
    pub const SET_TX_SPEED: u8 = 0xef;
    /// Set the IR receive speed.
    pub const SET_RX_SPEED: u8 = 0xf1;
    /// Firmware version of the tower (an 8-byte reply).
    pub const GET_VERSION: u8 = 0xfd;
}

/// The range parameter of SET_PARM and its settings.
pub const PARM_RANGE: u8 = 0x02;
/// `SET_TX_SPEED`/`SET_RX_SPEED` value for 2400 baud.
pub const SPEED_2400: u16 = 0x0008;

/// The tower's transmit range (its switch on the serial tower; a setting on the USB one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Range {
    Short = 1,
    #[default]
    Medium = 2,
    Long = 3,
}

/// The USB calls the tower needs: the seam between the protocol and a USB stack.
pub trait UsbPipe {
    /// A vendor control request, device-to-host: the reply's bytes.
    fn control_in(&mut self, request: u8, value: u16, len: u16) -> Result<Vec<u8>, TowerError>;
    /// One interrupt OUT transfer (≤ [`OUT_MAX`] bytes).
    fn write_out(&mut self, bytes: &[u8]) -> Result<(), TowerError>;
    /// One interrupt IN packet (≤ [`IN_PACKET`] bytes), or nothing after `wait` (a pipe
    /// that cannot wait — a tab's — hands over every packet it has queued).
    fn read_in(&mut self, wait: Duration) -> Result<Vec<u8>, TowerError>;
    /// For messages.
    fn describe(&self) -> String;
}

/// The tower's error codes in a control reply.
fn reply_error(code: u8) -> &'static str {
    match code {
        1 => "bad parameter",
        2 => "busy",
        3 => "not enough power (plug it into the computer, not an unpowered hub)",
        4 => "wrong mode",
        _ => "error",
    }
}

/// One vendor control request (device-to-host, recipient device, index 0) of the setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    pub request: u8,
    pub value: u16,
    /// The reply's length asked for.
    pub length: u16,
}

/// The requests that set a tower up, in order — the one list the desktop (`nusb`) and a
/// tab (WebUSB) both send: GET_VERSION, the range, 2400 baud out and in, flush both ways.
pub fn setup(range: Range) -> [Setup; 5] {
    let s = |request, value, length| Setup {
        request,
        value,
        length,
    };
    [
        s(request::GET_VERSION, 0, 8),
        s(
            request::SET_PARM,
            PARM_RANGE as u16 | (range as u16) << 8,
            4,
        ),
        s(request::SET_TX_SPEED, SPEED_2400, 4),
        s(request::SET_RX_SPEED, SPEED_2400, 4),
        s(request::FLUSH, 3, 4),
    ]
}

/// A control reply checked: too short or with an error code, an error that says why.
pub fn check_reply(req: u8, r: Vec<u8>) -> Result<Vec<u8>, TowerError> {
    if r.len() < 3 {
        return Err(TowerError::new(format!(
            "the USB tower gave a short answer to request 0x{req:02x}: is it a LEGO IR tower?"
        )));
    }
    if r[2] != 0 {
        return Err(TowerError::new(format!(
            "the USB tower refused request 0x{req:02x}: {} (code {})",
            reply_error(r[2]),
            r[2]
        )));
    }
    Ok(r)
}

/// The tower's firmware version (major, minor, build) in GET_VERSION's reply.
pub fn version_of(reply: &[u8]) -> Option<(u8, u8, u16)> {
    (reply.len() >= 8).then(|| (reply[4], reply[5], u16::from_le_bytes([reply[6], reply[7]])))
}

/// The USB tower as a [`Transport`].
pub struct UsbTower<P: UsbPipe> {
    pipe: P,
    /// The tower's firmware version, as GET_VERSION said (major, minor, build).
    pub version: (u8, u8, u16),
}

impl<P: UsbPipe> UsbTower<P> {
    /// Sets the tower up ([`setup`]'s requests: its version — is it there and answering? —
    /// the range, 2400 baud both ways, a flush of what it held).
    pub fn open(pipe: P, range: Range) -> Result<UsbTower<P>, TowerError> {
        let mut t = UsbTower::opened(pipe, (0, 0, 0));
        for s in setup(range) {
            let r = check_reply(s.request, t.pipe.control_in(s.request, s.value, s.length)?)?;
            if s.request == request::GET_VERSION {
                t.version = version_of(&r).unwrap_or_default();
            }
        }
        Ok(t)
    }

    /// A tower whose pipe was set up already (a tab's WebUSB does [`setup`]'s requests
    /// itself, as promises, before its jobs begin).
    pub fn opened(pipe: P, version: (u8, u8, u16)) -> UsbTower<P> {
        UsbTower { pipe, version }
    }

    /// The pipe (tests look at what the fake device was asked).
    pub fn pipe(&self) -> &P {
        &self.pipe
    }
}

impl<P: UsbPipe> Transport for UsbTower<P> {
    fn line(&self) -> Line {
        Line::USB
    }

    fn send(&mut self, bytes: &[u8]) -> Result<(), TowerError> {
        for chunk in bytes.chunks(OUT_MAX) {
            self.pipe.write_out(chunk)?;
        }
        Ok(())
    }

    fn recv(&mut self, into: &mut Vec<u8>, wait: Duration) -> Result<(), TowerError> {
        // The first packet may be waited for; then whatever else is there at once.
        let mut w = wait;
        loop {
            let p = self.pipe.read_in(w)?;
            if p.is_empty() {
                return Ok(());
            }
            into.extend_from_slice(&p);
            w = Duration::ZERO;
            if into.len() > 4096 {
                return Ok(());
            }
        }
    }

    fn describe(&self) -> String {
        format!("USB tower ({})", self.pipe.describe())
    }
}

#[cfg(feature = "desktop")]
pub use desktop::{find as find_towers, NusbPipe};

#[cfg(feature = "desktop")]
mod desktop {
    use super::*;
    use nusb::transfer::{Buffer, ControlIn, ControlType, In, Interrupt, Out, Recipient};
    use nusb::MaybeFuture;

    /// How long a control request or a write may take before the tower counts as gone.
    const USB_TIMEOUT: Duration = Duration::from_secs(2);

    /// A USB tower found on the bus.
    pub struct Found {
        pub info: nusb::DeviceInfo,
    }

    impl Found {
        /// Where it is, for `brick list`.
        pub fn describe(&self) -> String {
            format!(
                "bus {} device {}",
                self.info.bus_id(),
                self.info.device_address()
            )
        }
    }

    /// The USB towers on the system, in the order the OS lists them.
    pub fn find() -> Result<Vec<Found>, crate::brick::ListNote> {
        let devices = nusb::list_devices()
            .wait()
            .map_err(|e| crate::brick::ListNote::UsbList(e.to_string()))?;
        Ok(devices
            .filter(|d| d.vendor_id() == VENDOR_ID && d.product_id() == PRODUCT_ID)
            .map(|info| Found { info })
            .collect())
    }

    /// What to do when a USB tower cannot be opened, by what the system said.
    fn open_error(e: nusb::Error) -> TowerError {
        use crate::brick::Trouble;
        use nusb::ErrorKind as K;
        let rule = format!(
            "echo '{}' | sudo tee /etc/udev/rules.d/60-lego-ir-tower.rules",
            crate::brick::USB_UDEV_RULE
        );
        match e.kind() {
            K::PermissionDenied => TowerError::of(
                Trouble::UsbPermission { rule: rule.clone() },
                format!(
                    "no permission to use the USB tower: on Linux add a udev rule — {rule} — \
                     then unplug and replug the tower"
                ),
            ),
            K::Busy => TowerError::of(
                Trouble::Busy { port: "usb".into() },
                "the USB tower is in use by another program (close ROBOLAB, NQC or another \
                 lurobotsim) or held by a driver",
            ),
            K::Unsupported | K::NotFound if std::env::consts::OS == "windows" => TowerError::of(
                Trouble::NoWinUsb,
                "Windows cannot use the USB tower without the WinUSB driver: install it for the \
                 tower with Zadig (zadig.akeo.ie: Options > List All Devices, the device with USB \
                 ID 0694 0001, WinUSB, Install Driver) — LEGO's own driver is 32-bit only",
            ),
            K::Disconnected => TowerError::new("the USB tower was unplugged"),
            _ => TowerError::new(format!("cannot open the USB tower: {e}")),
        }
    }

    /// The tower through `nusb`: interface 0 claimed (on Linux from the `legousbtower`
    /// kernel driver, which is detached), an IN transfer kept waiting.
    pub struct NusbPipe {
        iface: nusb::Interface,
        out: nusb::Endpoint<Interrupt, Out>,
        inp: nusb::Endpoint<Interrupt, In>,
        name: String,
    }

    impl NusbPipe {
        /// Opens the tower `found`.
        pub fn open(found: &Found) -> Result<NusbPipe, TowerError> {
            let dev = found.info.open().wait().map_err(open_error)?;
            let iface = dev
                .detach_and_claim_interface(0)
                .wait()
                .map_err(open_error)?;
            let out = iface
                .endpoint::<Interrupt, Out>(EP_OUT)
                .map_err(open_error)?;
            let inp = iface.endpoint::<Interrupt, In>(EP_IN).map_err(open_error)?;
            Ok(NusbPipe {
                iface,
                out,
                inp,
                name: found.describe(),
            })
        }
    }

    fn transfer_error(e: nusb::transfer::TransferError) -> TowerError {
        use nusb::transfer::TransferError as T;
        TowerError::new(match e {
            T::Disconnected => "the USB tower was unplugged".to_string(),
            e => format!("the USB tower failed: {e}"),
        })
    }

    impl UsbPipe for NusbPipe {
        fn control_in(&mut self, request: u8, value: u16, len: u16) -> Result<Vec<u8>, TowerError> {
            self.iface
                .control_in(
                    ControlIn {
                        control_type: ControlType::Vendor,
                        recipient: Recipient::Device,
                        request,
                        value,
                        index: 0,
                        length: len,
                    },
                    USB_TIMEOUT,
                )
                .wait()
                .map_err(transfer_error)
        }

        fn write_out(&mut self, bytes: &[u8]) -> Result<(), TowerError> {
            let c = self
                .out
                .transfer_blocking(Buffer::from(bytes.to_vec()), USB_TIMEOUT);
            c.status.map_err(transfer_error)
        }

        fn read_in(&mut self, wait: Duration) -> Result<Vec<u8>, TowerError> {
            if self.inp.pending() == 0 {
                let mps = self.inp.max_packet_size().max(1);
                self.inp
                    .submit(Buffer::new(mps.max(IN_PACKET).div_ceil(mps) * mps));
            }
            match self.inp.wait_next_complete(wait) {
                None => Ok(Vec::new()),
                Some(c) => {
                    c.status.map_err(transfer_error)?;
                    let mut v = c.buffer.into_vec();
                    v.truncate(c.actual_len);
                    Ok(v)
                }
            }
        }

        fn describe(&self) -> String {
            self.name.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;

    /// A tower that answers every request with success and loops OUT back to IN.
    #[derive(Default)]
    struct Loop {
        asked: Vec<(u8, u16)>,
        queue: VecDeque<u8>,
        writes: Vec<usize>,
    }

    impl UsbPipe for Loop {
        fn control_in(&mut self, r: u8, v: u16, len: u16) -> Result<Vec<u8>, TowerError> {
            self.asked.push((r, v));
            let mut reply = vec![len as u8, 0, 0, 0];
            if r == request::GET_VERSION {
                reply = vec![8, 0, 0, 0, 1, 3, 0x0c, 0x00];
            }
            Ok(reply)
        }
        fn write_out(&mut self, b: &[u8]) -> Result<(), TowerError> {
            self.writes.push(b.len());
            self.queue.extend(b);
            Ok(())
        }
        fn read_in(&mut self, _: Duration) -> Result<Vec<u8>, TowerError> {
            let n = self.queue.len().min(IN_PACKET);
            Ok(self.queue.drain(..n).collect())
        }
        fn describe(&self) -> String {
            "loop".into()
        }
    }

    #[test]
    fn opening_sets_range_and_2400_baud_and_bytes_pass_in_8_byte_packets() {
        let mut t = UsbTower::open(Loop::default(), Range::Long).unwrap();
        assert_eq!(t.version, (1, 3, 12));
        assert_eq!(
            t.pipe().asked,
            vec![
                (request::GET_VERSION, 0),
                (request::SET_PARM, 0x0302),
                (request::SET_TX_SPEED, 8),
                (request::SET_RX_SPEED, 8),
                (request::FLUSH, 3),
            ]
        );
        let data: Vec<u8> = (0..450u32).map(|i| i as u8).collect();
        t.send(&data).unwrap();
        assert_eq!(t.pipe().writes, vec![200, 200, 50]);
        let mut got = Vec::new();
        t.recv(&mut got, Duration::ZERO).unwrap();
        assert_eq!(got, data);
    }

    #[test]
    fn a_refused_request_is_an_error_that_says_why() {
        struct Refuses;
        impl UsbPipe for Refuses {
            fn control_in(&mut self, _: u8, _: u16, _: u16) -> Result<Vec<u8>, TowerError> {
                Ok(vec![4, 0, 3, 0])
            }
            fn write_out(&mut self, _: &[u8]) -> Result<(), TowerError> {
                Ok(())
            }
            fn read_in(&mut self, _: Duration) -> Result<Vec<u8>, TowerError> {
                Ok(vec![])
            }
            fn describe(&self) -> String {
                String::new()
            }
        }
        let e = UsbTower::open(Refuses, Range::Medium).err().unwrap();
        assert!(e.message.contains("not enough power"), "{e}");
    }
}

//! A browser tab's own device pickers (Web Serial for the serial tower, WebUSB for the USB
//! tower) and what they ended with, typed for the Real RCX window's words: shared by the
//! tab's transports (`web_serial.rs`, `web_usb.rs`) and the host's `brick.rs`, and naming
//! neither.

/// How a tab names the USB towers picked with WebUSB (`webusb:1`, …).
pub const WEBUSB_PREFIX: &str = "webusb:";

/// A browser's own device pickers: Web Serial for the serial tower, WebUSB for the USB
/// tower.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickKind {
    Serial,
    Usb,
}

/// Which pickers a tab's browser has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pickers {
    pub serial: bool,
    pub usb: bool,
}

impl Pickers {
    /// The browser has the picker `kind` needs.
    pub fn has(self, kind: PickKind) -> bool {
        match kind {
            PickKind::Serial => self.serial,
            PickKind::Usb => self.usb,
        }
    }
}

/// The computer a browser runs on, for advice that differs by system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Os {
    Linux,
    Windows,
    Mac,
    Other,
}

impl Os {
    /// The system a browser's `navigator.userAgent` names.
    pub fn from_user_agent(ua: &str) -> Os {
        if ua.contains("Windows") {
            Os::Windows
        } else if ua.contains("Mac OS") || ua.contains("Macintosh") {
            Os::Mac
        } else if ua.contains("Linux") || ua.contains("CrOS") || ua.contains("X11") {
            Os::Linux
        } else {
            Os::Other
        }
    }
}

/// Why the browser's picker gave no tower, for the window's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PickError {
    /// The user closed the browser's list without choosing.
    Cancelled,
    /// This browser lacks what the tower needs (Web Serial, or WebUSB).
    NoApi(PickKind),
    /// The page is not served over https or from localhost.
    NotSecure,
    /// The USB tower was chosen but the browser could not take it: another program or a
    /// driver holds it (Linux's `legousbtower`; on Windows LEGO's driver, not WinUSB).
    Claimed { os: Os },
    /// Anything else, as the browser said it.
    Other(String),
}

/// Where a picked tower failed to open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickStage {
    /// The browser's list (`requestPort`, `requestDevice`).
    Choose,
    /// Opening the device or port, selecting the USB configuration.
    Open,
    /// Claiming the USB tower's interface.
    Claim,
    /// The tower's setup (Web Serial's settings; the USB tower's control requests).
    Setup,
}

/// What a browser's failure (a DOMException's `name` and `message`) means for a tower of
/// `kind` picked on `os`, at `stage`.
pub fn pick_error(
    kind: PickKind,
    stage: PickStage,
    name: &str,
    message: &str,
    os: Os,
) -> PickError {
    let said = || match message.is_empty() {
        true => name.to_string(),
        false => message.to_string(),
    };
    match (kind, stage, name) {
        (_, PickStage::Choose, "NotFoundError") => PickError::Cancelled,
        (PickKind::Usb, PickStage::Open | PickStage::Claim, "SecurityError")
        | (PickKind::Usb, PickStage::Open | PickStage::Claim, "NetworkError")
        | (PickKind::Usb, PickStage::Claim, "InvalidStateError") => PickError::Claimed { os },
        _ => PickError::Other(said()),
    }
}

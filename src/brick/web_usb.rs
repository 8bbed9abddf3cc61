//! The USB tower in a browser tab (feature `web`): WebUSB. The tower is chosen with the
//! browser's own picker (`navigator.usb.requestDevice()` with LEGO's ids, from the click's
//! user gesture), opened, configuration 1 selected, interface 0 claimed, and set up with
//! the same vendor control requests the desktop sends ([`usb::setup`]: one list); it
//! stays open for the tab's later jobs. As in `web_serial.rs`, nothing waits: a reader
//! loop keeps one 8-byte interrupt IN transfer (endpoint 1) pending and queues what comes,
//! a writer loop sends what the job wrote as interrupt OUT transfers (endpoint 2) in
//! order, and the job's [`UsbTower`] over a [`WebUsbPipe`] — the same protocol as the
//! desktop's tower over `nusb` (≤ 200 bytes a write, no echo) — takes what is queued when
//! its step asks. The JS objects live in this thread's registry; a pipe holds only the
//! tower's number, so it is `Send` as jobs want.
//!
//! The API is reached through `js_sys::Reflect`, so a page may stand a fake in for
//! `navigator.usb` (the browser test does).

use super::usb::{self, Range, UsbPipe, UsbTower, EP_IN, EP_OUT, IN_PACKET};
use super::web_serial::{call, get, js_text, pick_error, settled};
use super::{TowerError, Trouble};
use crate::brick::pick::{PickError, PickKind, PickStage};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::time::Duration;
use wasm_bindgen::prelude::*;

/// What `--port` (the window's tower field) says for the n-th tower picked (1-based).
pub const PREFIX: &str = crate::brick::pick::WEBUSB_PREFIX;

/// At most this many bytes wait unread (then the queue is emptied, not grown).
const MAX_QUEUED: usize = 64 * 1024;

/// One tower the user picked.
struct Picked {
    device: JsValue,
    /// What it is ("LEGO USB IR tower, firmware 1.3.12").
    what: String,
    version: (u8, u8, u16),
    queued: Vec<u8>,
    /// What the jobs wrote, waiting for the writer loop.
    outgoing: VecDeque<Vec<u8>>,
    writing: bool,
    /// Why the tower stopped working (unplugged, a transfer refused).
    failed: Option<String>,
}

#[derive(Default)]
struct Registry {
    towers: Vec<Picked>,
    /// The picker's outcome, once: the tower's name or why none.
    picked: Option<Result<String, PickError>>,
    picking: bool,
}

thread_local! {
    static REGISTRY: RefCell<Registry> = RefCell::new(Registry::default());
}

/// `navigator.usb`, if the browser has it.
fn webusb() -> Option<JsValue> {
    let nav = JsValue::from(web_sys::window()?.navigator());
    get(&nav, "usb")
        .ok()
        .filter(|s| !s.is_undefined() && !s.is_null())
}

/// The browser has WebUSB.
pub fn available() -> bool {
    webusb().is_some()
}

/// A JS object from its fields.
fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let o = js_sys::Object::new();
    for (k, v) in fields {
        let _ = js_sys::Reflect::set(&o, &JsValue::from_str(k), v);
    }
    o.into()
}

/// Opens the browser's picker, offering LEGO's USB tower only (call it while the click's
/// user gesture lasts); the outcome comes later from [`picked`]. False when the browser
/// has no WebUSB or a picker is already open.
pub fn pick(wake: impl Fn() + 'static) -> bool {
    let Some(webusb) = webusb() else {
        return false;
    };
    if REGISTRY.with(|r| std::mem::replace(&mut r.borrow_mut().picking, true)) {
        return false;
    }
    let filter = object(&[
        ("vendorId", JsValue::from(usb::VENDOR_ID)),
        ("productId", JsValue::from(usb::PRODUCT_ID)),
    ]);
    let filters = js_sys::Array::of1(&filter);
    let asked = call(
        &webusb,
        "requestDevice",
        &[object(&[("filters", filters.into())])],
    );
    wasm_bindgen_futures::spawn_local(async move {
        let outcome = match asked {
            Ok(p) => open_picked(p).await,
            Err(e) => Err(pick_error(PickKind::Usb, PickStage::Choose, &e)),
        };
        REGISTRY.with(|r| {
            let mut r = r.borrow_mut();
            r.picking = false;
            r.picked = Some(outcome);
        });
        wake();
    });
    true
}

/// The picker's outcome since last asked: the tower's name (`webusb:N`), or why none.
pub fn picked() -> Option<Result<String, PickError>> {
    REGISTRY.with(|r| r.borrow_mut().picked.take())
}

/// The towers picked so far: name and what it is.
pub fn towers() -> Vec<(String, String)> {
    REGISTRY.with(|r| {
        r.borrow()
            .towers
            .iter()
            .enumerate()
            .filter(|(_, t)| t.failed.is_none())
            .map(|(i, t)| (format!("{PREFIX}{}", i + 1), t.what.clone()))
            .collect()
    })
}

/// Waits for the picker's promise; opens the device, selects configuration 1, claims
/// interface 0, sends the setup requests, starts the reader loop.
async fn open_picked(promise: JsValue) -> Result<String, PickError> {
    let failed = |stage| move |e: JsValue| pick_error(PickKind::Usb, stage, &e);
    let device = settled(promise).await.map_err(failed(PickStage::Choose))?;
    // Picked again: the same tower, already set up (a failed one is set up anew).
    let known = REGISTRY.with(|r| {
        r.borrow()
            .towers
            .iter()
            .position(|t| t.failed.is_none() && js_sys::Object::is(&t.device, &device))
    });
    if let Some(i) = known {
        return Ok(format!("{PREFIX}{}", i + 1));
    }
    let await_call = |name: &'static str, args: Vec<JsValue>, stage: PickStage| {
        let device = device.clone();
        async move {
            let p = call(&device, name, &args).map_err(failed(stage))?;
            settled(p).await.map_err(failed(stage))
        }
    };
    if !get(&device, "opened").is_ok_and(|o| o.is_truthy()) {
        await_call("open", vec![], PickStage::Open).await?;
    }
    let configuration = get(&device, "configuration")
        .ok()
        .and_then(|c| get(&c, "configurationValue").ok())
        .and_then(|v| v.as_f64());
    if configuration != Some(1.0) {
        await_call(
            "selectConfiguration",
            vec![JsValue::from(1)],
            PickStage::Open,
        )
        .await?;
    }
    await_call("claimInterface", vec![JsValue::from(0)], PickStage::Claim).await?;
    let mut version = (0, 0, 0);
    for s in usb::setup(Range::default()) {
        let setup = object(&[
            ("requestType", JsValue::from_str("vendor")),
            ("recipient", JsValue::from_str("device")),
            ("request", JsValue::from(s.request)),
            ("value", JsValue::from(s.value)),
            ("index", JsValue::from(0)),
        ]);
        let result = await_call(
            "controlTransferIn",
            vec![setup, JsValue::from(s.length)],
            PickStage::Setup,
        )
        .await?;
        let status = get(&result, "status")
            .ok()
            .and_then(|s| s.as_string())
            .unwrap_or_default();
        if status != "ok" {
            return Err(PickError::Other(format!(
                "the USB tower answered request 0x{:02x} with {status}",
                s.request
            )));
        }
        let reply = usb::check_reply(s.request, bytes_of(&result))
            .map_err(|e| PickError::Other(e.message))?;
        if s.request == usb::request::GET_VERSION {
            version = usb::version_of(&reply).unwrap_or_default();
        }
    }
    let what = format!(
        "LEGO USB IR tower, firmware {}.{}.{}",
        version.0, version.1, version.2
    );
    let index = REGISTRY.with(|r| {
        let mut r = r.borrow_mut();
        r.towers.push(Picked {
            device: device.clone(),
            what,
            version,
            queued: Vec::new(),
            outgoing: VecDeque::new(),
            writing: false,
            failed: None,
        });
        r.towers.len() - 1
    });
    wasm_bindgen_futures::spawn_local(read_loop(index, device));
    Ok(format!("{PREFIX}{}", index + 1))
}

/// The bytes of a transfer's result (`result.data`, a DataView), or none.
fn bytes_of(result: &JsValue) -> Vec<u8> {
    let Ok(data) = get(result, "data") else {
        return Vec::new();
    };
    if data.is_undefined() || data.is_null() {
        return Vec::new();
    }
    let view: js_sys::DataView = data.unchecked_into();
    js_sys::Uint8Array::new_with_byte_offset_and_length(
        &view.buffer(),
        view.byte_offset() as u32,
        view.byte_length() as u32,
    )
    .to_vec()
}

fn fail(index: usize, why: String) {
    REGISTRY.with(|r| {
        if let Some(t) = r.borrow_mut().towers.get_mut(index) {
            t.failed.get_or_insert(why);
            t.outgoing.clear();
        }
    });
}

fn is_failed(index: usize) -> bool {
    REGISTRY.with(|r| {
        r.borrow()
            .towers
            .get(index)
            .is_none_or(|t| t.failed.is_some())
    })
}

/// Keeps one interrupt IN transfer pending and queues what it brings, until the tower
/// fails.
async fn read_loop(index: usize, device: JsValue) {
    let ep = JsValue::from(EP_IN & 0x7f);
    loop {
        if is_failed(index) {
            return;
        }
        let got = match call(
            &device,
            "transferIn",
            &[ep.clone(), JsValue::from(IN_PACKET)],
        ) {
            Ok(p) => settled(p).await,
            Err(e) => Err(e),
        };
        let result = match got {
            Ok(r) => r,
            Err(e) => return fail(index, js_text(&e)),
        };
        let status = get(&result, "status").ok().and_then(|s| s.as_string());
        match status.as_deref() {
            Some("stall") => {
                // A halted endpoint is cleared and read again.
                let cleared = call(&device, "clearHalt", &[JsValue::from_str("in"), ep.clone()]);
                if let Err(e) = match cleared {
                    Ok(p) => settled(p).await,
                    Err(e) => Err(e),
                } {
                    return fail(index, js_text(&e));
                }
                continue;
            }
            Some("ok") => {}
            // Babble: more than the packet held; what came is dropped (the host retries).
            _ => continue,
        }
        let bytes = bytes_of(&result);
        REGISTRY.with(|r| {
            if let Some(t) = r.borrow_mut().towers.get_mut(index) {
                if t.queued.len() + bytes.len() > MAX_QUEUED {
                    t.queued.clear();
                }
                t.queued.extend_from_slice(&bytes);
            }
        });
    }
}

/// Sends what the jobs wrote, one interrupt OUT transfer after another, in order.
async fn write_loop(index: usize) {
    let ep = JsValue::from(EP_OUT);
    loop {
        let next = REGISTRY.with(|r| {
            let mut r = r.borrow_mut();
            let t = r.towers.get_mut(index)?;
            let next = t.outgoing.pop_front().map(|b| (t.device.clone(), b));
            t.writing = next.is_some();
            next
        });
        let Some((device, bytes)) = next else {
            return;
        };
        let array = js_sys::Uint8Array::from(bytes.as_slice());
        let sent = match call(&device, "transferOut", &[ep.clone(), array.into()]) {
            Ok(p) => settled(p).await,
            Err(e) => Err(e),
        };
        let status = sent
            .as_ref()
            .ok()
            .and_then(|r| get(r, "status").ok())
            .and_then(|s| s.as_string());
        let why = match (sent, status.as_deref()) {
            (Err(e), _) => Some(js_text(&e)),
            (Ok(_), Some("ok")) => None,
            (Ok(_), s) => Some(format!("a write ended with {}", s.unwrap_or("nothing"))),
        };
        if let Some(why) = why {
            fail(index, why);
            REGISTRY.with(|r| {
                if let Some(t) = r.borrow_mut().towers.get_mut(index) {
                    t.writing = false;
                }
            });
            return;
        }
    }
}

/// A picked tower's USB calls, queued (see the module's head).
pub struct WebUsbPipe {
    index: usize,
    name: String,
}

impl WebUsbPipe {
    fn failed(&self, why: &str) -> TowerError {
        TowerError::new(format!("the USB tower ({}) failed: {why}", self.name))
    }
}

impl UsbPipe for WebUsbPipe {
    fn control_in(&mut self, request: u8, _: u16, _: u16) -> Result<Vec<u8>, TowerError> {
        // The setup was sent as promises when the tower was picked; jobs send none.
        Err(self.failed(&format!(
            "request 0x{request:02x} cannot wait for its answer in a job"
        )))
    }

    fn write_out(&mut self, bytes: &[u8]) -> Result<(), TowerError> {
        let start = REGISTRY.with(|r| {
            let mut r = r.borrow_mut();
            let t = r
                .towers
                .get_mut(self.index)
                .ok_or_else(|| self.failed("gone"))?;
            if let Some(why) = &t.failed {
                return Err(self.failed(why));
            }
            t.outgoing.push_back(bytes.to_vec());
            Ok(!std::mem::replace(&mut t.writing, true))
        })?;
        if start {
            wasm_bindgen_futures::spawn_local(write_loop(self.index));
        }
        Ok(())
    }

    fn read_in(&mut self, _wait: Duration) -> Result<Vec<u8>, TowerError> {
        REGISTRY.with(|r| {
            let mut r = r.borrow_mut();
            let t = r
                .towers
                .get_mut(self.index)
                .ok_or_else(|| self.failed("gone"))?;
            let got = std::mem::take(&mut t.queued);
            match &t.failed {
                Some(why) if got.is_empty() => Err(self.failed(why)),
                _ => Ok(got),
            }
        })
    }

    fn describe(&self) -> String {
        format!("{}, WebUSB", self.name)
    }
}

/// The tower `name` (`webusb:N`) names, for a job; what it held unread is dropped.
pub fn open(name: &str) -> Result<UsbTower<WebUsbPipe>, TowerError> {
    let not_there = || {
        TowerError::of(
            Trouble::NotThere {
                port: name.to_string(),
            },
            format!("{name}: no such USB tower was chosen in this tab (choose the tower again)"),
        )
    };
    let n: usize = name
        .strip_prefix(PREFIX)
        .and_then(|n| n.parse().ok())
        .filter(|n| *n >= 1)
        .ok_or_else(not_there)?;
    let index = n - 1;
    let version = REGISTRY.with(|r| {
        let mut r = r.borrow_mut();
        let t = r.towers.get_mut(index).ok_or_else(not_there)?;
        if let Some(why) = &t.failed {
            return Err(TowerError::new(format!(
                "{name} stopped working ({why}): choose the tower again"
            )));
        }
        t.queued.clear();
        Ok(t.version)
    })?;
    let pipe = WebUsbPipe {
        index,
        name: name.to_string(),
    };
    Ok(UsbTower::opened(pipe, version))
}

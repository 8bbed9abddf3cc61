//! The serial tower in a browser tab (feature `web`): Web Serial. The port is chosen with
//! the browser's own picker (`navigator.serial.requestPort()`, from the click's user
//! gesture) and opened at the tower's 2400 baud, 8 data bits, odd parity, 1 stop bit; it
//! stays open for the tab's later jobs. Web Serial is all promises, and a tab's jobs run
//! in slices of the frames, so nothing here waits: a reader loop (a future on the page's
//! event loop) queues what arrives, writes are queued on the port's writer, and
//! [`WebSerialTower`] — the [`Transport`] a job gets — hands over what is queued when
//! the job's step asks. The JS objects live in this thread's registry (a tab has one
//! thread); a tower holds only its port's number, so it is `Send` as jobs want.
//!
//! The API is reached through `js_sys::Reflect` (web-sys has it only behind its unstable
//! cfg), so a page may also stand a fake in for `navigator.serial` (the browser test does).

use super::{TowerError, Transport, Trouble};
use crate::brick::pick::{Os, PickError, PickKind, PickStage};
use crate::rcx::host::Line;
use std::cell::RefCell;
use std::time::Duration;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// What `--port` (the window's tower field) says for the n-th port picked (1-based).
pub const PREFIX: &str = "webserial:";

/// At most this many bytes wait unread: a tower sends a few hundred per reply, so more
/// means nothing reads them (the queue is then emptied, not grown).
const MAX_QUEUED: usize = 64 * 1024;

/// One port the user picked.
struct Picked {
    port: JsValue,
    writer: JsValue,
    /// What the browser says it is (its USB ids), or nothing.
    what: String,
    queued: Vec<u8>,
    /// Why the port stopped working (unplugged, a write refused, the stream ended).
    failed: Option<String>,
}

#[derive(Default)]
struct Registry {
    ports: Vec<Picked>,
    /// The picker's outcome, once: the port's name or why none.
    picked: Option<Result<String, PickError>>,
    picking: bool,
}

thread_local! {
    static REGISTRY: RefCell<Registry> = RefCell::new(Registry::default());
}

pub(super) fn get(o: &JsValue, name: &str) -> Result<JsValue, JsValue> {
    js_sys::Reflect::get(o, &JsValue::from_str(name))
}

/// Calls `o.name(args…)`.
pub(super) fn call(o: &JsValue, name: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let f: js_sys::Function = get(o, name)?.dyn_into()?;
    f.apply(o, &args.iter().collect::<js_sys::Array>())
}

/// A promise's outcome (a value that is no promise is its own).
pub(super) fn settled(v: JsValue) -> JsFuture {
    JsFuture::from(js_sys::Promise::resolve(&v))
}

/// What a JS error says (its message, else how it prints).
pub(super) fn js_text(e: &JsValue) -> String {
    get(e, "message")
        .ok()
        .and_then(|m| m.as_string())
        .filter(|m| !m.is_empty())
        .or_else(|| e.as_string())
        .unwrap_or_else(|| format!("{e:?}"))
}

/// What a browser's failure at `stage` means for a tower of `kind` (by the exception's
/// name, on the system the browser names).
pub(super) fn pick_error(kind: PickKind, stage: PickStage, e: &JsValue) -> PickError {
    let name = get(e, "name")
        .ok()
        .and_then(|n| n.as_string())
        .unwrap_or_default();
    let ua = web_sys::window()
        .and_then(|w| w.navigator().user_agent().ok())
        .unwrap_or_default();
    crate::brick::pick::pick_error(kind, stage, &name, &js_text(e), Os::from_user_agent(&ua))
}

/// `navigator.serial`, if the browser has it.
fn serial() -> Option<JsValue> {
    let nav = JsValue::from(web_sys::window()?.navigator());
    get(&nav, "serial")
        .ok()
        .filter(|s| !s.is_undefined() && !s.is_null())
}

/// The browser has Web Serial.
pub fn available() -> bool {
    serial().is_some()
}

/// Opens the browser's picker (call it while the click's user gesture lasts); the
/// outcome comes later from [`picked`]. False when the browser has no Web Serial or a
/// picker is already open.
pub fn pick(wake: impl Fn() + 'static) -> bool {
    let Some(serial) = serial() else {
        return false;
    };
    if REGISTRY.with(|r| std::mem::replace(&mut r.borrow_mut().picking, true)) {
        return false;
    }
    // Any port: the serial tower sits behind any USB-serial adapter or a real COM port.
    let asked = call(&serial, "requestPort", &[js_sys::Object::new().into()]);
    wasm_bindgen_futures::spawn_local(async move {
        let outcome = match asked {
            Ok(p) => open_picked(p).await,
            Err(e) => Err(pick_error(PickKind::Serial, PickStage::Choose, &e)),
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

/// The picker's outcome since last asked: the port's name (`webserial:N`), or why none
/// (the picker closed with nothing chosen, the port would not open).
pub fn picked() -> Option<Result<String, PickError>> {
    REGISTRY.with(|r| r.borrow_mut().picked.take())
}

/// The ports picked so far: name and what it is.
pub fn ports() -> Vec<(String, String)> {
    REGISTRY.with(|r| {
        r.borrow()
            .ports
            .iter()
            .enumerate()
            .filter(|(_, p)| p.failed.is_none())
            .map(|(i, p)| (format!("{PREFIX}{}", i + 1), p.what.clone()))
            .collect()
    })
}

/// Waits for the picker's promise, opens the port at the tower's settings and starts its
/// reader loop.
async fn open_picked(promise: JsValue) -> Result<String, PickError> {
    let failed = |stage| move |e: JsValue| pick_error(PickKind::Serial, stage, &e);
    let port = settled(promise).await.map_err(failed(PickStage::Choose))?;
    // Picked again: the same port, already open (a failed one is opened anew).
    let known = REGISTRY.with(|r| {
        r.borrow()
            .ports
            .iter()
            .position(|p| p.failed.is_none() && js_sys::Object::is(&p.port, &port))
    });
    if let Some(i) = known {
        return Ok(format!("{PREFIX}{}", i + 1));
    }
    let options = js_sys::Object::new();
    for (k, v) in [
        ("baudRate", JsValue::from(2400)),
        ("dataBits", JsValue::from(8)),
        ("parity", JsValue::from_str("odd")),
        ("stopBits", JsValue::from(1)),
    ] {
        js_sys::Reflect::set(&options, &JsValue::from_str(k), &v)
            .map_err(failed(PickStage::Setup))?;
    }
    let opening = call(&port, "open", &[options.into()]).map_err(failed(PickStage::Open))?;
    settled(opening).await.map_err(failed(PickStage::Open))?;
    let streams = (|| -> Result<(JsValue, JsValue), JsValue> {
        let writer = call(&get(&port, "writable")?, "getWriter", &[])?;
        let reader = call(&get(&port, "readable")?, "getReader", &[])?;
        Ok((writer, reader))
    })();
    let (writer, reader) = streams.map_err(failed(PickStage::Open))?;
    let what = describe_port(&port);
    let index = REGISTRY.with(|r| {
        let mut r = r.borrow_mut();
        r.ports.push(Picked {
            port,
            writer,
            what,
            queued: Vec::new(),
            failed: None,
        });
        r.ports.len() - 1
    });
    wasm_bindgen_futures::spawn_local(read_loop(index, reader));
    Ok(format!("{PREFIX}{}", index + 1))
}

/// "USB 0694:…" from `port.getInfo()`, when the browser says.
fn describe_port(port: &JsValue) -> String {
    let info = call(port, "getInfo", &[]).unwrap_or(JsValue::UNDEFINED);
    let id = |k| get(&info, k).ok().and_then(|v| v.as_f64());
    match (id("usbVendorId"), id("usbProductId")) {
        (Some(v), Some(p)) => format!("USB {:04x}:{:04x}", v as u32, p as u32),
        _ => String::new(),
    }
}

fn fail(index: usize, why: String) {
    REGISTRY.with(|r| {
        if let Some(p) = r.borrow_mut().ports.get_mut(index) {
            p.failed.get_or_insert(why);
        }
    });
}

/// Queues what the port reads until it ends or fails.
async fn read_loop(index: usize, reader: JsValue) {
    loop {
        let read = match call(&reader, "read", &[]) {
            Ok(p) => settled(p).await,
            Err(e) => Err(e),
        };
        let chunk = match read {
            Ok(c) => c,
            Err(e) => return fail(index, js_text(&e)),
        };
        if get(&chunk, "done").ok().is_some_and(|d| d.is_truthy()) {
            return fail(index, "the port closed".into());
        }
        let Ok(value) = get(&chunk, "value") else {
            continue;
        };
        let bytes = js_sys::Uint8Array::new(&value).to_vec();
        let stop = REGISTRY.with(|r| {
            let mut r = r.borrow_mut();
            let Some(p) = r.ports.get_mut(index) else {
                return true;
            };
            if p.queued.len() + bytes.len() > MAX_QUEUED {
                p.queued.clear();
            }
            p.queued.extend_from_slice(&bytes);
            false
        });
        if stop {
            return;
        }
    }
}

/// A picked port as a job's transport.
pub struct WebSerialTower {
    index: usize,
    name: String,
}

/// The port `name` (`webserial:N`) names, for a job; what it held unread is dropped.
pub fn open(name: &str) -> Result<WebSerialTower, TowerError> {
    let not_there = || {
        TowerError::of(
            Trouble::NotThere {
                port: name.to_string(),
            },
            format!("{name}: no such port was chosen in this tab (choose the tower again)"),
        )
    };
    let n: usize = name
        .strip_prefix(PREFIX)
        .and_then(|n| n.parse().ok())
        .filter(|n| *n >= 1)
        .ok_or_else(not_there)?;
    let index = n - 1;
    REGISTRY.with(|r| {
        let mut r = r.borrow_mut();
        let p = r.ports.get_mut(index).ok_or_else(not_there)?;
        if let Some(why) = &p.failed {
            return Err(TowerError::new(format!(
                "{name} stopped working ({why}): choose the tower again"
            )));
        }
        p.queued.clear();
        Ok(())
    })?;
    Ok(WebSerialTower {
        index,
        name: name.to_string(),
    })
}

impl WebSerialTower {
    fn failed(&self, why: &str) -> TowerError {
        TowerError::new(format!("the serial tower ({}) failed: {why}", self.name))
    }
}

impl Transport for WebSerialTower {
    fn line(&self) -> Line {
        Line::SERIAL
    }

    fn send(&mut self, bytes: &[u8]) -> Result<(), TowerError> {
        let writer = REGISTRY.with(|r| {
            let r = r.borrow();
            let p = r.ports.get(self.index).ok_or_else(|| self.failed("gone"))?;
            match &p.failed {
                Some(why) => Err(self.failed(why)),
                None => Ok(p.writer.clone()),
            }
        })?;
        // Queued on the stream in order; a refusal is seen at the next step.
        let array = js_sys::Uint8Array::from(bytes);
        let written =
            call(&writer, "write", &[array.into()]).map_err(|e| self.failed(&js_text(&e)))?;
        let index = self.index;
        wasm_bindgen_futures::spawn_local(async move {
            if let Err(e) = settled(written).await {
                fail(index, js_text(&e));
            }
        });
        Ok(())
    }

    fn recv(&mut self, into: &mut Vec<u8>, _wait: Duration) -> Result<(), TowerError> {
        REGISTRY.with(|r| {
            let mut r = r.borrow_mut();
            let p = r
                .ports
                .get_mut(self.index)
                .ok_or_else(|| self.failed("gone"))?;
            into.append(&mut p.queued);
            match &p.failed {
                Some(why) if into.is_empty() => Err(self.failed(why)),
                _ => Ok(()),
            }
        })
    }

    fn describe(&self) -> String {
        format!("serial tower on {} (Web Serial)", self.name)
    }
}

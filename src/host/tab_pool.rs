//! A tab's pool of Web Workers (feature `web`): a job's units (a challenge's seeds, a
//! class's runs) run at once, each worker its own instance of the page's module — the
//! module the page compiled once (`wasm_bindgen::module()`) is posted to each, with the
//! units' recipe (`Units::recipe`: small bytes) and a unit's index; each result comes back
//! as the bytes the desktop's worker threads give (`web/lurobotsim-worker.js`,
//! `web::worker`). No memory is shared. The page's own run stays on the page.
//!
//! How many: `navigator.hardwareConcurrency` + 1 (the page's thread mostly waits while its
//! workers run, and a third run on two cores ends with the other two, not after them), at
//! most one a unit and at most [`MOST`]. A worker that fails — its script or module cannot
//! start, a unit traps (a panic) — gives its unit that error, is ended, and another takes
//! the next unit, so every unit comes back once and nothing waits forever. Dropping the
//! pool (the job ended, was cancelled or let go) ends every worker.
//!
//! For the browser test: `<html>` carries `data-workers-started` (workers made) and
//! `data-workers-ran` (workers that gave back at least one unit), counted over the page's
//! life.

use super::job::{Farm, Units};
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::{Rc, Weak};
use std::sync::Arc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The most workers one job gets (each holds a module instance: tens of MB).
pub const MOST: usize = 8;
/// The workers' script, beside the page.
const SCRIPT: &str = "./lurobotsim-worker.js";

#[wasm_bindgen]
extern "C" {
    /// The page's `Worker` (bound here: web-sys's would rebuild the GUI crates).
    #[wasm_bindgen(js_name = Worker)]
    type JsWorker;
    #[wasm_bindgen(constructor, js_class = "Worker", catch)]
    fn new(url: &str, options: &JsValue) -> Result<JsWorker, JsValue>;
    #[wasm_bindgen(method, js_class = "Worker", js_name = postMessage, catch)]
    fn post_message(this: &JsWorker, message: &JsValue) -> Result<(), JsValue>;
    #[wasm_bindgen(method, js_class = "Worker")]
    fn terminate(this: &JsWorker);
    #[wasm_bindgen(method, js_class = "Worker", setter = onmessage)]
    fn set_onmessage(this: &JsWorker, f: Option<&js_sys::Function>);
    #[wasm_bindgen(method, js_class = "Worker", setter = onerror)]
    fn set_onerror(this: &JsWorker, f: Option<&js_sys::Function>);
}

thread_local! {
    static STARTED: Cell<u32> = const { Cell::new(0) };
    static RAN: Cell<u32> = const { Cell::new(0) };
}

/// One worker of the pool and the unit it runs.
struct Slot {
    id: u32,
    worker: JsWorker,
    busy: Option<usize>,
    ran: bool,
    _on_message: Closure<dyn FnMut(JsValue)>,
    _on_error: Closure<dyn FnMut(JsValue)>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// The pool's state, shared with the workers' event handlers.
#[derive(Default)]
struct State {
    size: usize,
    slots: Vec<Slot>,
    next_id: u32,
    queue: VecDeque<usize>,
    done: Vec<(usize, Result<Vec<u8>, String>)>,
    /// Workers ended inside their own handlers, kept until the next `take` (a closure is
    /// not freed while it runs).
    ended: Vec<Slot>,
    /// The message every unit is posted in (module, kind, recipe; `unit` set per post).
    message: Option<js_sys::Object>,
    wake: Option<Rc<dyn Fn()>>,
}

/// A tab's pool of Web Workers (see the module's head).
pub(super) struct WorkerPool {
    state: Rc<RefCell<State>>,
}

impl WorkerPool {
    /// A pool that calls `wake` when a result comes in (the window's repaint).
    pub(super) fn new(wake: Rc<dyn Fn()>) -> WorkerPool {
        let cores = web_sys::window()
            .map(|w| w.navigator().hardware_concurrency())
            .filter(|n| n.is_finite() && *n >= 1.0)
            .map_or(1, |n| n as usize);
        let state = State {
            size: (cores + 1).min(MOST),
            wake: Some(wake),
            ..State::default()
        };
        WorkerPool {
            state: Rc::new(RefCell::new(state)),
        }
    }
}

fn tell_page() {
    let Some(html) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    else {
        return;
    };
    let _ = html.set_attribute("data-workers-started", &STARTED.get().to_string());
    let _ = html.set_attribute("data-workers-ran", &RAN.get().to_string());
}

fn set(o: &js_sys::Object, key: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(o, &JsValue::from_str(key), value);
}

fn get(o: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(o, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// Words for a thrown value or an error event.
fn said(v: &JsValue) -> String {
    if let Some(s) = v.as_string() {
        return s;
    }
    match get(v, "message").as_string() {
        Some(m) if !m.is_empty() => m,
        _ => "the worker's script could not be loaded or failed".to_string(),
    }
}

impl State {
    /// Starts a worker; Err: why none could be made.
    fn spawn(&mut self, me: &Weak<RefCell<State>>) -> Result<(), String> {
        let options = js_sys::Object::new();
        set(&options, "type", &JsValue::from_str("module"));
        let worker = JsWorker::new(SCRIPT, &options).map_err(|e| said(&e))?;
        let id = self.next_id;
        self.next_id += 1;
        let on_message = {
            let me = me.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |event: JsValue| {
                let data = get(&event, "data");
                let out = get(&data, "out");
                let result = match out.dyn_into::<js_sys::Uint8Array>() {
                    Ok(bytes) => Ok(bytes.to_vec()),
                    Err(_) => Err(said(&get(&data, "error"))),
                };
                answered(&me, id, result);
            })
        };
        let on_error = {
            let me = me.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |event: JsValue| {
                if let Ok(e) = event.clone().dyn_into::<web_sys::Event>() {
                    e.prevent_default();
                }
                answered(&me, id, Err(said(&event)));
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        STARTED.set(STARTED.get() + 1);
        self.slots.push(Slot {
            id,
            worker,
            busy: None,
            ran: false,
            _on_message: on_message,
            _on_error: on_error,
        });
        Ok(())
    }

    /// Hands the next units to idle workers, starting workers up to the pool's size; a
    /// unit no worker can take is failed with why (each round that fails one ends a
    /// worker and takes a unit, so this ends).
    fn dispatch(&mut self, me: &Weak<RefCell<State>>) {
        loop {
            while !self.queue.is_empty() && self.slots.len() < self.size {
                if let Err(why) = self.spawn(me) {
                    if self.slots.is_empty() {
                        let why = format!("no Web Worker could be started: {why}");
                        self.done
                            .extend(self.queue.drain(..).map(|i| (i, Err(why.clone()))));
                    }
                    break;
                }
            }
            let Some(message) = self.message.clone() else {
                return;
            };
            let mut failed = Vec::new();
            for slot in self.slots.iter_mut().filter(|s| s.busy.is_none()) {
                let Some(unit) = self.queue.pop_front() else {
                    break;
                };
                set(&message, "unit", &JsValue::from_f64(unit as f64));
                match slot.worker.post_message(&message) {
                    Ok(()) => slot.busy = Some(unit),
                    Err(e) => failed.push((slot.id, unit, said(&e))),
                }
            }
            if failed.is_empty() {
                return;
            }
            for (id, unit, why) in failed {
                self.end(id);
                self.done.push((unit, Err(why)));
            }
        }
    }

    /// Ends worker `id` (kept in `ended` until the next `take`).
    fn end(&mut self, id: u32) {
        if let Some(k) = self.slots.iter().position(|s| s.id == id) {
            let slot = self.slots.remove(k);
            slot.worker.terminate();
            self.ended.push(slot);
        }
    }
}

/// Worker `id` answered: its unit's result, or it failed (then it is ended).
fn answered(me: &Weak<RefCell<State>>, id: u32, result: Result<Vec<u8>, String>) {
    let Some(state) = me.upgrade() else {
        return;
    };
    let wake = {
        let mut s = state.borrow_mut();
        let Some(k) = s.slots.iter().position(|slot| slot.id == id) else {
            return;
        };
        let unit = s.slots[k].busy.take();
        let failed = result.is_err();
        if let Some(unit) = unit {
            if !failed && !s.slots[k].ran {
                s.slots[k].ran = true;
                RAN.set(RAN.get() + 1);
            }
            s.done.push((unit, result));
        }
        if failed {
            // Its instance may be broken (a trap): it is ended, and another may start.
            s.end(id);
        }
        s.dispatch(me);
        s.wake.clone()
    };
    tell_page();
    if let Some(wake) = wake {
        wake();
    }
}

impl Farm for WorkerPool {
    fn start(&mut self, units: &Arc<dyn Units>) -> bool {
        let Some(recipe) = units.recipe() else {
            return false;
        };
        let message = js_sys::Object::new();
        set(&message, "module", &wasm_bindgen::module());
        set(&message, "kind", &JsValue::from_str(recipe.kind));
        set(
            &message,
            "recipe",
            &js_sys::Uint8Array::from(recipe.bytes.as_slice()),
        );
        let me = Rc::downgrade(&self.state);
        let mut s = self.state.borrow_mut();
        s.size = s.size.min(units.count()).max(1);
        s.message = Some(message);
        s.queue = (0..units.count()).collect();
        s.dispatch(&me);
        let started = !s.slots.is_empty();
        if !started {
            // Not one worker: the units run on the page instead.
            s.done.clear();
        }
        drop(s);
        tell_page();
        started
    }

    fn take(&mut self) -> Vec<(usize, Result<Vec<u8>, String>)> {
        let mut s = self.state.borrow_mut();
        s.ended.clear();
        std::mem::take(&mut s.done)
    }
}

impl Drop for WorkerPool {
    /// Ends every worker (a job done, cancelled or let go).
    fn drop(&mut self) {
        let mut s = self.state.borrow_mut();
        s.queue.clear();
        s.slots.clear();
    }
}

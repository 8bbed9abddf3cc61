//! The module's side in a Web Worker of the tab's pool (`host::tab_pool` on the page,
//! `web/lurobotsim-worker.js` the worker's script): a job's units read back from their
//! recipe (`host::Recipe`: its kind and bytes) and unit `i` run whole, its result posted
//! back as bytes. The worker's instance is the page's module instantiated again (its own
//! memory: nothing is shared), so a unit runs the very code the desktop runs.

use crate::host::Units;
use std::cell::RefCell;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

/// A recipe's bytes and the units read from them.
type Built = (Vec<u8>, Arc<dyn Units>);

thread_local! {
    /// The units last read (by their recipe's bytes): a worker given several units of one
    /// job reads the recipe once.
    static LAST: RefCell<Option<Built>> = const { RefCell::new(None) };
}

/// The units a recipe of `kind` describes, or why there are none.
fn units_of(kind: &str, recipe: &[u8]) -> Result<Arc<dyn Units>, String> {
    match kind {
        crate::grade::job::CLASS_UNITS => Ok(Arc::new(crate::grade::job::ClassUnits::from_recipe(
            recipe,
        )?)),
        other => Err(format!("no units of kind {other}")),
    }
}

/// Runs unit `unit` of the units `recipe` (of `kind`) describes: its result's bytes, or
/// why it could not run (thrown: the worker's script posts it as the unit's error).
#[wasm_bindgen(js_name = lurobotsimUnit)]
pub fn lurobotsim_unit(kind: &str, recipe: &[u8], unit: usize) -> Result<Vec<u8>, JsValue> {
    let cached = LAST.with(|l| {
        l.borrow()
            .as_ref()
            .filter(|(bytes, _)| bytes.as_slice() == recipe)
            .map(|(_, u)| u.clone())
    });
    let units = match cached {
        Some(u) => u,
        None => {
            let u = units_of(kind, recipe).map_err(|e| JsValue::from_str(&e))?;
            LAST.with(|l| *l.borrow_mut() = Some((recipe.to_vec(), u.clone())));
            u
        }
    };
    if unit >= units.count() {
        return Err(JsValue::from_str(&format!(
            "unit {unit} of {}",
            units.count()
        )));
    }
    Ok(units.run(unit, &AtomicBool::new(false)))
}

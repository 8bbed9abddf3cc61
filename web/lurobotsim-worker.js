// A Web Worker of the tab's pool (src/host/tab_pool.rs makes them; ARCHITECTURE.md).
// The page posts the module it compiled once (a WebAssembly.Module) with the job's recipe
// and a unit; this worker instantiates its own copy of the module (its own memory: nothing
// is shared with the page) and posts back the unit's result as bytes, or why it failed.
// The module's start function sees no window here and starts no app.
import init, { lurobotsimUnit } from "./lurobotsim.js";

let ready = null;
self.onmessage = async (event) => {
  const m = event.data;
  try {
    ready ??= init({ module_or_path: m.module });
    await ready;
    const out = lurobotsimUnit(m.kind, m.recipe, m.unit);
    self.postMessage({ unit: m.unit, out }, [out.buffer]);
  } catch (e) {
    // A module that cannot start, a unit that cannot be read, a trap (a panic): the
    // page gives that unit an error and ends this worker.
    self.postMessage({ unit: m.unit, error: String((e && e.message) || e) });
  }
};

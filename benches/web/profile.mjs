// Where the tab's time goes (BENCHMARKS.md "In a browser"): Chromium's sampling profiler
// (the DevTools protocol's Profiler domain) over one page load of a link, summed by
// function (self time) and by crate. Not part of CI.
//
//   node --experimental-websocket benches/web/profile.mjs URL [TOP] [INTERVAL_US]
//
// URL is a page of a site built with its function names kept (scripts/web-build
// --keep-names; without them every wasm function is `wasm-function[N]`), with a fragment,
// e.g. http://127.0.0.1:8765/index.html#robot=M5&env=E3&example=line_follower&run=60.
// The profile runs from navigation until the page has written its state (a `run=` link)
// or, without `run=`, its first frame.
import { openTab, sleep } from "./chrome.mjs";

const [link, top = "30", interval = "200"] = process.argv.slice(2);
const { call, read, close } = await openTab();
try {
  await call("Profiler.enable");
  await call("Profiler.setSamplingInterval", { interval: Number(interval) });
  await call("Profiler.start");
  await call("Page.navigate", { url: link });
  const wantState = link.includes("run=");
  let done;
  for (let i = 0; i < 3000 && done === undefined; i++) {
    await sleep(100);
    done = wantState
      ? await read(`document.getElementById("lurobotsim-state")?.getAttribute("data-wall-ms") ?? undefined`)
      : await read(`document.getElementById("lurobotsim-canvas")?.getAttribute("data-first-frame-ms") ?? undefined`);
  }
  const { profile } = await call("Profiler.stop");
  // Self time per node from the samples.
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const d = profile.timeDeltas[i + 1] ?? 0;
    dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + d);
  }
  const byFn = new Map();
  const byCrate = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    const t = (dt.get(node.id) ?? 0) / 1000;
    if (!t) continue;
    const name = node.callFrame.functionName || `(${node.callFrame.url.split("/").pop() || "anonymous"})`;
    if (name === "(idle)" || name === "(program)") { byCrate.set(name, (byCrate.get(name) ?? 0) + t); continue; }
    total += t;
    byFn.set(name, (byFn.get(name) ?? 0) + t);
    const m = name.match(/^<?(?:<)?([a-z_][a-z0-9_]*)::/);
    const crate = m ? m[1] : node.callFrame.url.endsWith(".wasm") || name.startsWith("wasm-function") ? "(wasm, unnamed)" : name.startsWith("(") ? name : "(JS)";
    byCrate.set(crate, (byCrate.get(crate) ?? 0) + t);
  }
  console.log(`${wantState ? "state" : "first frame"} at ${done} ms; ${total.toFixed(0)} ms of samples (idle and (program) apart)`);
  console.log(`\n| crate (by the function's path) | ms | % |\n|---|---:|---:|`);
  for (const [c, t] of [...byCrate].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`| ${c} | ${t.toFixed(0)} | ${(100 * t / total).toFixed(1)} |`);
  console.log(`\n| function (self time) | ms | % |\n|---|---:|---:|`);
  for (const [f, t] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, Number(top)))
    console.log(`| \`${f.replace(/\|/g, "\\|").slice(0, 140)}\` | ${t.toFixed(0)} | ${(100 * t / total).toFixed(1)} |`);
  // Inclusive time of the app's own functions (a function counted once per sample, however
  // deep it recurs): which of them the self times above are spent under.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map();
  for (const [leaf, t0] of dt) {
    const t = t0 / 1000;
    const seen = new Set();
    for (let id = leaf; id !== undefined; id = parent.get(id)) {
      const name = byId.get(id).callFrame.functionName;
      if (!/^(<)?lurobotsim::|^__wbg_|^(<)?eframe::/.test(name) || seen.has(name)) continue;
      seen.add(name);
      incl.set(name, (incl.get(name) ?? 0) + t);
    }
  }
  console.log(`\n| the app's function (inclusive) | ms | % |\n|---|---:|---:|`);
  for (const [f, t] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, Number(top)))
    console.log(`| \`${f.replace(/\|/g, "\\|").slice(0, 140)}\` | ${t.toFixed(0)} | ${(100 * t / total).toFixed(1)} |`);
} finally {
  await close();
}

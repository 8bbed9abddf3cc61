// Real-time figures of the browser build (BENCHMARKS.md "In a browser"), measured in
// Debian's headless Chromium over the DevTools protocol (virtual time would stop the
// page's clock): the first frame after loading, and the wall time of a `run=SECONDS`
// link against the same run of the native binary. Not part of CI.
//
//   node --experimental-websocket benches/web/measure.mjs URL_OF_DIST [SECONDS] [ROUNDS] [FRAGMENT]
//
// URL_OF_DIST is where target/web/dist is served (e.g. http://127.0.0.1:8765/index.html);
// FRAGMENT the run (default `#robot=M5&env=E3&example=line_follower`; a program of one's own
// goes in `name=…&prog=…`, as File > Copy link writes it).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [base, seconds = "60", rounds = "3", fragment = "#robot=M5&env=E3&example=line_follower"] =
  process.argv.slice(2);
const port = 9300 + Math.floor(Math.random() * 500);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function once(link) {
  const profile = mkdtempSync(join(tmpdir(), "lurobotsim-cdp-"));
  const chrome = spawn("chromium", [
    "--headless=new", "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
    "--disable-background-networking", "--disable-component-update", "--no-first-run",
    "--window-size=1280,800", `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`,
    "about:blank",
  ], { stdio: "ignore" });
  try {
    let target;
    for (let i = 0; i < 100 && !target; i++) {
      await sleep(100);
      try {
        const list = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
        target = list.find((t) => t.type === "page");
      } catch { /* not up yet */ }
    }
    const ws = new WebSocket(target.webSocketDebuggerUrl);
    await new Promise((r) => ws.addEventListener("open", r));
    let id = 0;
    const pending = new Map();
    ws.addEventListener("message", (m) => {
      const msg = JSON.parse(m.data);
      if (pending.has(msg.id)) { pending.get(msg.id)(msg.result); pending.delete(msg.id); }
    });
    const call = (method, params = {}) => new Promise((r) => {
      pending.set(++id, r);
      ws.send(JSON.stringify({ id, method, params }));
    });
    const read = async (expr) => (await call("Runtime.evaluate", { expression: expr, returnByValue: true }))?.result?.value;
    await call("Page.navigate", { url: link });
    let first, wall;
    const wantWall = link.includes("&run=");
    for (let i = 0; i < 1200 && (first === undefined || (wantWall && wall === undefined)); i++) {
      await sleep(100);
      first ??= await read(`document.getElementById("lurobotsim-canvas")?.getAttribute("data-first-frame-ms") ?? undefined`);
      wall ??= await read(`document.getElementById("lurobotsim-state")?.getAttribute("data-wall-ms") ?? undefined`);
    }
    ws.close();
    return { first: Number(first), wall: Number(wall) };
  } finally {
    chrome.kill();
    await sleep(300);
    rmSync(profile, { recursive: true, force: true });
  }
}

// The first frame of a plain link (no run=, whose run would come before the first frame),
// then the run alone (its wall time is measured from the app's start to the state).
for (let r = 0; r < Number(rounds); r++) {
  const { first } = await once(`${base}${fragment}`);
  const { wall } = await once(`${base}${fragment}&run=${seconds}`);
  console.log(`round ${r + 1}: first frame ${first} ms after loading began; ${seconds} s of ${fragment.slice(0, 40)}… in ${wall} ms of the page's clock`);
}

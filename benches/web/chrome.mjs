// One headless Chromium page driven over the DevTools protocol, for the benches in this
// folder (measure.mjs, profile.mjs, pool.mjs, revisit.mjs). Not part of CI.
//
//   const tab = await openTab();          // a fresh Chromium with its own new profile
//   await tab.call("Page.navigate", { url });
//   const v = await tab.read("document.title");
//   await tab.close();                    // the browser ended, its profile removed
//
// Every launch gets its own --user-data-dir (a shared profile silently yields blank pages)
// and the flags that keep Chromium off the network this machine does not have.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// More flags for Chromium, space-separated, from LUROBOTSIM_CHROME_FLAGS (for a try such as
// "--js-flags=--no-liftoff"; none by default).
const extraFlags = () => (process.env.LUROBOTSIM_CHROME_FLAGS ?? "").split(" ").filter(Boolean);

export async function openTab() {
  const port = 9300 + Math.floor(Math.random() * 500);
  const profile = mkdtempSync(join(tmpdir(), "lurobotsim-cdp-"));
  const chrome = spawn("chromium", [
    "--headless=new", "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run", "--window-size=1280,800", `--remote-debugging-port=${port}`,
    `--user-data-dir=${profile}`, ...extraFlags(), "about:blank",
  ], { stdio: "ignore" });
  const close = async () => {
    chrome.kill();
    await sleep(500);
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    let target;
    for (let i = 0; i < 100 && !target; i++) {
      await sleep(100);
      try {
        const list = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
        target = list.find((t) => t.type === "page");
      } catch { /* not up yet */ }
    }
    if (!target) throw new Error("Chromium's DevTools page did not come up");
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
    const read = async (expr) =>
      (await call("Runtime.evaluate", { expression: expr, returnByValue: true }))?.result?.value;
    return { call, read, close: async () => { ws.close(); await close(); } };
  } catch (e) {
    await close();
    throw e;
  }
}

// Real-time figures of the browser build (BENCHMARKS.md "In a browser"), measured in
// Debian's headless Chromium over the DevTools protocol (virtual time would stop the
// page's clock): the first frame after loading, and the wall time of a `run=SECONDS`
// link against the same run of the native binary: the page's (`data-wall-ms`, from the
// app's start to the frame that wrote the state, the first frame's drawing included) and
// the run's alone (`data-run-ms`). Not part of CI.
//
//   node --experimental-websocket benches/web/measure.mjs URL_OF_DIST [SECONDS] [ROUNDS] [FRAGMENT]
//
// URL_OF_DIST is where target/web/dist is served (e.g. http://127.0.0.1:8765/index.html);
// FRAGMENT the run (default `#robot=M5&env=E3&example=line_follower`; a program of one's own
// goes in `name=…&prog=…`, as File > Copy link writes it).
import { openTab, sleep } from "./chrome.mjs";

const [base, seconds = "60", rounds = "3", fragment = "#robot=M5&env=E3&example=line_follower"] =
  process.argv.slice(2);

async function once(link) {
  const { call, read, close } = await openTab();
  try {
    await call("Page.navigate", { url: link });
    let first, wall, run;
    const wantWall = link.includes("&run=");
    for (let i = 0; i < 1200 && (first === undefined || (wantWall && wall === undefined)); i++) {
      await sleep(100);
      first ??= await read(`document.getElementById("lurobotsim-canvas")?.getAttribute("data-first-frame-ms") ?? undefined`);
      wall ??= await read(`document.getElementById("lurobotsim-state")?.getAttribute("data-wall-ms") ?? undefined`);
      run ??= await read(`document.getElementById("lurobotsim-state")?.getAttribute("data-run-ms") ?? undefined`);
    }
    return { first: Number(first), wall: Number(wall), run: Number(run) };
  } finally {
    await close();
  }
}

// The first frame of a plain link (no run=, whose run would come before the first frame),
// then the run alone (its wall time is measured from the app's start to the state).
for (let r = 0; r < Number(rounds); r++) {
  const { first } = await once(`${base}${fragment}`);
  const { wall, run } = await once(`${base}${fragment}&run=${seconds}`);
  console.log(`round ${r + 1}: first frame ${first} ms after loading began; ${seconds} s of ${fragment.slice(0, 40)}… in ${wall} ms of the page's clock (the run alone ${run} ms; the rest is the first frame's drawing)`);
}

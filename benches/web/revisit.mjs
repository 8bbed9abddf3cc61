// The same link twice in one Chromium profile: a first visit, then a return visit (the
// module from the HTTP cache, and V8's cache of the code it compiled, if it wrote one).
//   node --experimental-websocket benches/web/revisit.mjs URL_OF_DIST [SECONDS] [ROUNDS] [FRAGMENT]
import { openTab, sleep } from "./chrome.mjs";

const [base, seconds = "60", rounds = "3", fragment = "#robot=M5&env=E3&example=line_follower"] =
  process.argv.slice(2);

async function visit(call, read, link) {
  await call("Page.navigate", { url: link });
  let first, wall, run;
  for (let i = 0; i < 1200 && (first === undefined || wall === undefined); i++) {
    await sleep(100);
    first ??= await read(`document.getElementById("lurobotsim-canvas")?.getAttribute("data-first-frame-ms") ?? undefined`);
    wall ??= await read(`document.getElementById("lurobotsim-state")?.getAttribute("data-wall-ms") ?? undefined`);
    run ??= await read(`document.getElementById("lurobotsim-state")?.getAttribute("data-run-ms") ?? undefined`);
  }
  return `first frame ${first} ms, ${seconds} s in ${wall} ms of the page's clock (the run alone ${run} ms)`;
}

for (let r = 0; r < Number(rounds); r++) {
  const { call, read, close } = await openTab();
  try {
    const link = `${base}${fragment}&run=${seconds}`;
    const one = await visit(call, read, link);
    await call("Page.navigate", { url: "about:blank" });
    await sleep(3000);
    const two = await visit(call, read, link);
    console.log(`round ${r + 1}: first visit: ${one}; return visit: ${two}`);
  } finally {
    await close();
  }
}

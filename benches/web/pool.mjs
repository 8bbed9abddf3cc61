// Issue 42 part 3's figure (BENCHMARKS.md): a challenge's "Grade all seeds" in the tab —
// its seeds on the tab's pool of Web Workers — against the same challenge with one seed,
// measured in Debian's headless Chromium over the DevTools protocol, real time. Not part
// of CI.
//
//   node --experimental-websocket benches/web/pool.mjs URL_OF_DIST [ROUNDS] [CHALLENGE]
//
// URL_OF_DIST is where target/web/dist is served (e.g. http://127.0.0.1:8765/index.html);
// CHALLENGE a built-in challenge's stem (default drive-into-the-box), graded with its own
// solution. Each round loads the page twice, interleaved: the challenge as it is (all its
// seeds) and the same file with `seeds = [0]`; the time is the page's own clock from the
// press of "Grade all seeds" (through the page's accessibility mirror) to the total shown,
// and includes starting the workers (each instantiates the module the page compiled).
import { readFileSync } from "node:fs";
import { deflateRawSync } from "node:zlib";
import { openTab, sleep } from "./chrome.mjs";

const [base, rounds = "5", stem = "drive-into-the-box"] = process.argv.slice(2);
const b64 = (bytes) => Buffer.from(deflateRawSync(bytes, { level: 9 })).toString("base64url");

// A challenge link (src/app/challenge/link.rs's pack: the magic line, then each file as
// its name's length (u16 LE), name, length (u32 LE), bytes; the challenge first) with the
// pupil's program (`prog=`).
function fragment(text, files) {
  const parts = [Buffer.from("lurobotsim-challenge 1\n")];
  for (const [name, bytes] of [[`${stem}.toml`, Buffer.from(text)], ...files]) {
    const n = Buffer.alloc(2); n.writeUInt16LE(Buffer.byteLength(name));
    const l = Buffer.alloc(4); l.writeUInt32LE(bytes.length);
    parts.push(n, Buffer.from(name), l, bytes);
  }
  const prog = readFileSync(`assets/challenges/${stem}/solution.lasm`);
  return `#challenge=${b64(Buffer.concat(parts))}&name=solution.lasm&prog=${b64(prog)}`;
}

const text = readFileSync(`assets/challenges/${stem}.toml`, "utf8");
// A scene's files ride along (the relay's scene and its partner's program).
const files = [];
const scene = text.match(/scene = "([^"]+)"/);
if (scene) {
  const dir = `assets/challenges/${scene[1].split("/")[0]}`;
  files.push([scene[1], readFileSync(`assets/challenges/${scene[1]}`)]);
  const sceneText = readFileSync(`assets/challenges/${scene[1]}`, "utf8");
  for (const m of sceneText.matchAll(/program = "([^"]+)"/g)) {
    files.push([`${scene[1].split("/")[0]}/${m[1]}`, readFileSync(`${dir}/${m[1]}`)]);
  }
}
const seeds = (text.match(/seeds = \[([^\]]*)\]/) || [, ""])[1].split(",").length;
const one = text.replace(/seeds = \[[^\]]*\]/g, "seeds = [0]");

async function once(link) {
  const { call, read, close } = await openTab();
  try {
    await call("Page.navigate", { url: link });
    const press = `(() => {
      const root = document.getElementById("lurobotsim-a11y");
      if (!root) return false;
      const b = [...root.querySelectorAll("[role=button]")].find((e) =>
        (e.getAttribute("aria-label") || e.textContent).trim() === "Grade all seeds");
      if (!b) return false;
      window.poolStart = performance.now();
      const t = setInterval(() => {
        if (/All seeds: [0-9.]+ of [0-9.]+ points/.test(root.textContent)) {
          window.poolMs = performance.now() - window.poolStart;
          clearInterval(t);
        }
      }, 5);
      b.click();
      return true;
    })()`;
    let pressed = false;
    for (let i = 0; i < 1200 && !pressed; i++) {
      await sleep(100);
      pressed = await read(press);
    }
    let ms;
    for (let i = 0; i < 2400 && ms === undefined; i++) {
      await sleep(50);
      ms = await read("window.poolMs");
    }
    const ran = await read("document.documentElement.dataset.workersRan");
    return { ms, ran: Number(ran) };
  } finally {
    await close();
  }
}

const all = [], single = [];
for (let r = 0; r < Number(rounds); r++) {
  const a = await once(base + fragment(text, files));
  const s = await once(base + fragment(one, files));
  all.push(a.ms); single.push(s.ms);
  console.log(`round ${r + 1}: all ${seeds} seeds ${a.ms?.toFixed(0)} ms (${a.ran} workers); ` +
    `one seed ${s.ms?.toFixed(0)} ms (${s.ran} worker)`);
}
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log(`median: all seeds ${median(all).toFixed(0)} ms, one seed ${median(single).toFixed(0)} ms, ` +
  `ratio ${(median(all) / median(single)).toFixed(2)}`);

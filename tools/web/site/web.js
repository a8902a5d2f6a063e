// The web board: boots the firmware's own app.App on MicroPython's WebAssembly port, on the
// web board (tools/web/py: webboard.py, webfs.py, keylatch.py, webmain.py). main.js imports
// it when the page is not a PicoPeg W's live view.
//
//   1. MicroPython (micropython.mjs + .wasm) and the firmware (firmware.pack: the .mpy files
//      of `make build`, less hal.py, plus the web board) load at once.
//   2. This tab takes the game (a Web Lock): a second tab on the same game says so and waits.
//   3. The runner ticks every 20 ms (a keypad scan and a frame); a key event scans at once.
//   4. When a count of the show is due as cards, the card picker (cardpicker.js) shows the
//      52 cards; a count picked goes into the firmware as one entry (webentry.js).
// window.picopeg is for people's own scripts and the tests (docs/WEB.md).
// SPDX-License-Identifier: MIT

import { BoardView } from "./board.js";
import { CardPicker } from "./cardpicker.js";
import { History } from "./history.js";
import { Keypad } from "./input.js";
import { NamesForm } from "./names.js";
import { BANNER, DISPLAY, STATUS, screen } from "./messages.js";
import { startOffline } from "./offline.js";
import { banner, keepAwake, note, setStatus } from "./page.js";
import { OWNER_KEY, Store } from "./storage.js";
import { takeGame } from "./tablock.js";
import { PageEntries } from "./webentry.js";

const TICK_MS = 20;
const HEAP = 512 * 1024; // the Pico has about 240 KB; the firmware fits in 192 KB (make heap)
const EPOCH_2000 = 946684800; // seconds: MicroPython's embedded epoch
const TICKS_MASK = 2 ** 30 - 1;

const $ = (sel) => document.querySelector(sel);
const tabId = Math.random().toString(36).slice(2) + Date.now().toString(36);
const view = new BoardView($("#board"), $("[data-display]"));
const store = new Store(tabId);
const page = { runner: null, timer: 0, lost: false, owner: false };
const records = () => (page.runner ? page.runner.records() : "");
const history = new History($("#history"), records);
// A count of the show picked as cards: into the firmware here, as a paired phone's entry.
const entries = new PageEntries($("#entry"), () => page.runner, () => history.changed());
const picker = new CardPicker({ paired: true }, entries, $("#entry"));
// The Names form: the firmware keeps them (webmain.Runner.set_names); "" or why not.
new NamesForm(
  $("#names"),
  $("[data-action=names]"),
  () => {
    const game = (JSON.parse(records() || "{}") || {}).game;
    const sides = game ? Object.keys(game.names).length : 2;
    return { names: game ? Object.keys(game.names).sort().map((s) => game.names[s]) : [], sides };
  },
  (list) => (page.runner ? page.runner.set_names(JSON.stringify(list)) : "the board is off"),
);


// The `webhost` the web board calls (webboard.py lists it).
const host = {
  now: () => Math.floor(performance.now()) & TICKS_MASK,
  epoch: () => Math.floor(Date.now() / 1000) - EPOCH_2000,
  leds: (hex) => view.leds(hex),
  show: (text) => view.show(text),
  exposure: (scale) => view.exposure(scale),
  due: (json) => picker.draw({ due: JSON.parse(json) }), // the count due (webmain.py)
  power: (on) => {
    document.body.classList.toggle("off", !on);
    $("[data-action=power]").setAttribute("aria-pressed", on ? "false" : "true");
  },
  lost: () => lostGame(),
  get: (key) => store.get(key),
  put: (key, hex) => store.put(key, hex),
  append: (key, hex) => store.append(key, hex),
  copy: (src, dst) => store.copy(src, dst),
  drop: (key) => store.drop(key),
  keys: (prefix) => store.keys(prefix),
};

async function loadFirmware(mp) {
  const buf = new Uint8Array(await (await fetch("firmware.pack")).arrayBuffer());
  // "picopeg-pack 1\n", then per file "path size\n" and its bytes
  let pos = 0;
  const line = () => {
    const end = buf.indexOf(10, pos);
    const text = new TextDecoder().decode(buf.subarray(pos, end));
    pos = end + 1;
    return text;
  };
  if (line() !== "picopeg-pack 1") throw new Error("firmware.pack: not a PicoPeg pack");
  const made = new Set();
  while (pos < buf.length) {
    const [path, size] = line().split(" ");
    const parts = ("/lib/" + path).split("/").slice(1, -1);
    for (let i = 1; i <= parts.length; i++) {
      const dir = "/" + parts.slice(0, i).join("/");
      if (!made.has(dir)) {
        made.add(dir);
        try {
          mp.FS.mkdir(dir);
        } catch {
          // already there (/lib)
        }
      }
    }
    mp.FS.writeFile("/lib/" + path, buf.subarray(pos, pos + Number(size)));
    pos += Number(size);
  }
}

async function loadMicroPython() {
  const { loadMicroPython } = await import("./micropython.mjs");
  const mp = await loadMicroPython({
    url: new URL("micropython.wasm", import.meta.url).href,
    heapsize: HEAP,
    stdout: (text) => console.log(text),
    stderr: (text) => console.error(text),
  });
  window.picopeg.marks.wasm = performance.now();
  await loadFirmware(mp);
  window.picopeg.marks.firmware = performance.now();
  return mp;
}

// -- one tab owns the game ------------------------------------------------------------------

// The game has stopped in this tab: another tab took it, or the site's data was cleared.
function lostGame() {
  if (page.lost) return;
  page.lost = true;
  stopTicks();
  page.runner = null;
  picker.draw({ due: null });
  const why = store.cleared() ? "cleared" : "elsewhere";
  document.body.classList.add(why);
  view.show(screen(DISPLAY[why]));
  setStatus("owner", STATUS[why]);
}

window.addEventListener("storage", (e) => {
  if (!page.owner) return;
  if ((e.key === OWNER_KEY && e.newValue !== tabId) || (e.key === null && store.cleared())) {
    lostGame();
  }
});

// -- the board's time ------------------------------------------------------------------------

function stopTicks() {
  clearTimeout(page.timer);
  page.timer = 0;
}

function schedule() {
  clearTimeout(page.timer);
  page.timer = setTimeout(tick, TICK_MS);
}

// The runner catches the firmware's errors itself (logged, shown, a reset); anything that
// still reaches here is the page's, and must not stop the board's clock.
function guarded(fn) {
  try {
    fn();
  } catch (e) {
    console.error(e);
  }
}

function tick() {
  if (!page.runner) return;
  guarded(() => page.runner.tick());
  schedule();
}

function send(legend, down) {
  if (!page.runner) return;
  if (store.cleared()) {
    lostGame(); // the site's data went under the page: say so before the key goes anywhere
    return;
  }
  guarded(() => page.runner.key(legend, down)); // scans at once; the next scan in 20 ms
  schedule();
  history.changed();
}

// The power fails within windowMs, tear bytes into a write if one comes (webmain.py);
// the board is dark for offMs, then boots on the storage as it is.
function powerCut(tear = Math.floor(Math.random() * 64), windowMs = 100, offMs = 1000) {
  if (page.runner) page.runner.power_cut(tear, windowMs, offMs);
}

// -- the screen stays awake while a game is open (page.js) ------------------------------------

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") keepAwake();
  else page.keypad?.releaseAll();
});

// -- boot ---------------------------------------------------------------------------------------

async function start(steal) {
  const mp = await page.mp;
  const how = await takeGame(store, steal, lostGame);
  if (!how) {
    page.owner = false;
    page.lost = false;
    lostGame();
    return;
  }
  run(mp, how);
}

// Boot the board in this tab, which now keeps the game (held `how`: tablock.js).
function run(mp, how) {
  page.how = how;
  page.owner = true;
  page.lost = false;
  document.body.classList.remove("elsewhere", "cleared");
  setStatus("owner", how === "memory" ? STATUS.memory : "");
  if (how === "memory") banner(BANNER.memory);
  const webmain = mp.pyimport("webmain");
  page.runner = webmain.start(host);
  document.body.classList.add("ready");
  window.picopeg.marks.booted = performance.now();
  schedule();
  keepAwake();
}

async function boot() {
  page.mp = loadMicroPython();
  page.keypad = new Keypad($("#keypad"), send, () => powerCut(), note);
  $("[data-action=power]").addEventListener("click", () => powerCut());
  $("[data-action=takeover]").addEventListener("click", () => start(true));
  $("[data-action=restore]").addEventListener("click", () => afterClear(true));
  $("[data-action=afresh]").addEventListener("click", () => afterClear(false));
  store.onfull = () => {
    const { own, other } = store.usage();
    banner(BANNER.full(own, other));
  };
  store.onroom = () => banner(page.how === "memory" ? BANNER.memory : "");
  if (store.persistent && navigator.storage && navigator.storage.persist) {
    navigator.storage.persist().catch(() => {});
  }
  startOffline({ setStatus, offer: banner });
  try {
    await start(false);
  } catch (e) {
    console.error(e);
    const wasm = typeof WebAssembly === "object";
    view.show(wasm ? screen(DISPLAY.nostart, String(e.message || e)) : screen(DISPLAY.noWasm));
    banner(BANNER.failed);
    page.failed = true;
  }
}

// The site's data was cleared under the page: put the game back as this tab last had it,
// or start a new board on the empty storage. The Web Lock is still this tab's.
async function afterClear(restore) {
  if (restore) store.restore();
  else store.forget();
  run(await page.mp, page.how);
}

window.picopeg = {
  view,
  store,
  powerCut,
  key: send,
  status: () =>
    page.runner ? page.runner.status() : page.lost ? "lost" : page.failed ? "failed" : "loading",
  idle: () => Boolean(page.runner && page.runner.idle()) && entries.pending === 0,
  picker,
  entries,
  entry: (doc) => entries.send(doc), // a whole entry, as the picker sends one (docs/WEB.md)
  records, // the History view's JSON (docs/RECORDS.md), the same as its download
  marks: {}, // performance.now() when MicroPython, the firmware and the App were ready
};

boot();

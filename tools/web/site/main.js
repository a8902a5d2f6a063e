// PicoPeg in the browser: boots the firmware's own app.App on MicroPython's WebAssembly port,
// on the web board (tools/web/py: webboard.py, webfs.py, keylatch.py, webmain.py).
//
//   1. MicroPython (micropython.mjs + .wasm) and the firmware (firmware.pack: the .mpy files
//      of `make build`, less hal.py, plus the web board) load at once.
//   2. This tab takes the game (a Web Lock): a second tab on the same game says so and waits.
//   3. The runner ticks every 20 ms (a keypad scan and a frame); a key event scans at once.
// window.picopeg is for people's own scripts and the tests (docs/WEB.md).
// SPDX-License-Identifier: MIT

import { BoardView } from "./board.js";
import { Keypad } from "./input.js";
import { Store } from "./storage.js";

const TICK_MS = 20;
const HEAP = 512 * 1024; // the Pico has about 240 KB; the firmware fits in 192 KB (make heap)
const LOCK = "picopeg-board";
const EPOCH_2000 = 946684800; // seconds: MicroPython's embedded epoch
const TICKS_MASK = 2 ** 30 - 1;
const NO_STORAGE = "this browser keeps no storage here: the game is lost on a reload";

const $ = (sel) => document.querySelector(sel);
const tabId = Math.random().toString(36).slice(2) + Date.now().toString(36);
const view = new BoardView($("#board"), $("[data-display]"));
const store = new Store(tabId);
const page = { runner: null, timer: 0, lost: false, wake: null, owner: false };

function note(text) {
  $("#note").textContent = text;
}

function setStatus(id, text) {
  const el = document.getElementById(id);
  if (el) el.textContent = text;
}

// The `webhost` the web board calls (webboard.py lists it).
const host = {
  now: () => Math.floor(performance.now()) & TICKS_MASK,
  epoch: () => Math.floor(Date.now() / 1000) - EPOCH_2000,
  leds: (hex) => view.leds(hex),
  show: (text) => view.show(text),
  exposure: (scale) => view.exposure(scale),
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

async function takeLock(steal) {
  if (!navigator.locks) {
    store.claim(); // no Web Locks: the newest tab takes the game; the other sees it go
    return true;
  }
  // A reload's old page may hold the lock for a moment after the new one starts.
  for (let i = 0; i < 4; i++) {
    if (await requestLock(steal)) return true;
    await new Promise((r) => setTimeout(r, 150));
  }
  return false;
}

function requestLock(steal) {
  return new Promise((resolve) => {
    const opts = steal ? { steal: true } : { ifAvailable: true };
    navigator.locks
      .request(LOCK, opts, (lock) => {
        if (!lock) {
          resolve(false);
          return undefined;
        }
        store.claim();
        resolve(true);
        return new Promise(() => {}); // held while this page lives
      })
      .catch(() => lostGame()); // another tab stole it
  });
}

function lostGame() {
  if (page.lost) return;
  page.lost = true;
  stopTicks();
  page.runner = null;
  document.body.classList.add("elsewhere");
  view.show("This game is open\nin another tab.\n\nUse it there, or\ntake it here.");
  setStatus("owner", "open in another tab");
}

window.addEventListener("storage", (e) => {
  if (e.key === "picopeg-owner" && page.owner && e.newValue !== tabId) lostGame();
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
  guarded(() => page.runner.key(legend, down)); // scans at once; the next scan in 20 ms
  schedule();
}

// The power fails within windowMs, tear bytes into a write if one comes (webmain.py);
// the board is dark for offMs, then boots on the storage as it is.
function powerCut(tear = Math.floor(Math.random() * 64), windowMs = 100, offMs = 1000) {
  if (page.runner) page.runner.power_cut(tear, windowMs, offMs);
}

// -- the screen stays awake while a game is open -----------------------------------------------

async function keepAwake() {
  if (!("wakeLock" in navigator) || document.visibilityState !== "visible" || page.wake) return;
  try {
    page.wake = await navigator.wakeLock.request("screen");
    setStatus("awake", "screen kept awake");
    page.wake.addEventListener("release", () => {
      page.wake = null;
      setStatus("awake", "screen may sleep");
    });
  } catch {
    setStatus("awake", "screen may sleep");
  }
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") keepAwake();
  else page.keypad?.releaseAll();
});

// -- boot ---------------------------------------------------------------------------------------

async function start(steal) {
  const mp = await page.mp;
  if (!(await takeLock(steal))) {
    page.owner = false;
    page.lost = false;
    lostGame();
    return;
  }
  page.owner = true;
  page.lost = false;
  document.body.classList.remove("elsewhere");
  setStatus("owner", store.persistent ? "" : NO_STORAGE);
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
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist();
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("sw.js").then(
      () => navigator.serviceWorker.ready.then(() => setStatus("offline", "works offline")),
      () => setStatus("offline", "needs the network"),
    );
  }
  try {
    await start(false);
  } catch (e) {
    console.error(e);
    view.show("The board could not\nstart here:\n" + String(e.message || e).slice(0, 60));
  }
}

window.picopeg = {
  view,
  store,
  powerCut,
  key: send,
  status: () => (page.runner ? page.runner.status() : page.lost ? "lost" : "loading"),
  idle: () => Boolean(page.runner && page.runner.idle()),
  marks: {}, // performance.now() when MicroPython, the firmware and the App were ready
};

boot();

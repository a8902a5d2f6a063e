// The live view: a PicoPeg W's board on a phone (main.js starts it when GET api/state
// answers {"live": 1}). No WebAssembly: the board runs on the board; this page draws the
// state it sends (the frame on the same holes as the web board, its display's lines, each
// side's score) and follows it by Server-Sent Events (GET api/events: the state at once,
// then one per change, only after the board has saved it). EventSource reconnects by
// itself; each time it does the page reads the state again, and while the board is gone
// the page says it is reconnecting. A board that goes silent without closing (out of range,
// its power cut) is found by a GET api/state when nothing has come for a while.
// The History view reads GET api/history (the JSON `make export` writes). Pairing:
// livepair.js; a paired phone's entries: liveentry.js; a count of the show picked as cards:
// cardpicker.js (the web board's too). window.picopeg is for people's own
// scripts and the tests (docs/WEB.md).
// SPDX-License-Identifier: MIT

import { BoardView, UPRIGHT, turnBoard } from "./board.js";
import { History } from "./history.js";
import { Keypad } from "./input.js";
import { CardPicker } from "./cardpicker.js";
import { LiveEntry } from "./liveentry.js";
import { LivePair } from "./livepair.js";
import { NamesForm } from "./names.js";
import { DISPLAY, LIVE } from "./messages.js";
import { banner, keepAwake, readState, setStatus } from "./page.js";
import { Scores } from "./scores.js";

const QUIET_MS = 20000; // nothing for this long (keep-alives are every ~15 s): is it there?
const ASK_MS = 5000; // ... and how long the board has to answer that
const RETRY_MS = 2000; // a stream the browser gave up on is opened again after this

const $ = (sel) => document.querySelector(sel);
const view = new BoardView($("#board"), $("[data-display]"));
const scores = new Scores($("#scores"));
const link = {
  up: false,
  paired: false,
  rev: -1, // the newest state drawn from this stream
  stream: 0, // one more each time a stream opens: a state read for an older one is stale
  source: null,
  heard: 0, // performance.now() of the last state
  scale: 0,
  states: 0,
  seq: 0, // the board's number of this phone's last entry (paired)
  show: false, // the hand is in its show (the board's state)
  names: [], // the sides' players' names (the board's state)
  sides: 2,
  setPaired,
  reconnect: connect,
};
const pairing = new LivePair(link);
const entries = new LiveEntry(link, $("#entry"));
const picker = new CardPicker(link, entries, $("#entry")); // a count of the show as cards
// The Names form: a paired phone sends them as one entry (the entry line shows the verdict).
$("[data-action=names]").hidden = true; // (until paired)
new NamesForm(
  $("#names"),
  $("[data-action=names]"),
  () => ({ names: link.names, sides: link.sides }),
  (list) => {
    if (!link.paired) return LIVE.pairFirst;
    entries.send({ kind: "names", names: list });
    return "";
  },
);
const marks = {}; // performance.now() when the board's state was first drawn
const history = new History($("#history"), () =>
  fetch("api/history", { cache: "no-store" }).then((r) => (r.ok ? r.text() : "")),
);

// -- the state the board sends ---------------------------------------------------------------

function draw(state, stream) {
  if (stream !== link.stream || typeof state.frame !== "string") return;
  if (typeof state.rev === "number" && state.rev <= link.rev) return; // a read racing the stream
  link.rev = typeof state.rev === "number" ? state.rev : link.rev + 1;
  link.heard = performance.now();
  link.states++;
  if (!marks.drawn) marks.drawn = performance.now();
  if (state.scale && state.scale !== link.scale) {
    link.scale = state.scale;
    view.exposure(state.scale);
  }
  view.leds(state.frame);
  view.show((state.lines || []).join("\n").replace(/\s+$/, ""));
  if (scores.draw(state)) history.changed(); // a point, a deal, a new game: a new record
  link.show = Boolean(state.show);
  if (Array.isArray(state.names)) link.names = state.names;
  if (typeof state.sides === "number") link.sides = state.sides;
  if (typeof state.seq === "number") link.seq = state.seq;
  setPaired(Boolean(state.paired));
  pairing.lockedFor(state.locked);
  picker.draw(state);
  document.body.classList.add("ready");
}

async function reread(stream) {
  const state = await readState(ASK_MS);
  if (state) draw(state, stream);
  return state;
}

function setUp(up) {
  link.up = up;
  document.body.classList.toggle("down", !up);
  showState();
  if (up) banner("");
  else banner(LIVE.downBanner);
}

function setPaired(paired) {
  // Names are set by a paired phone: a watcher's header keeps its room for the board.
  $("[data-action=names]").hidden = !paired;
  if (paired && !link.paired) showKeys(true); // paired just now: the keys come up
  link.paired = paired;
  document.body.classList.toggle("paired", paired);
  $("[data-action=pair]").textContent = paired ? LIVE.pairedLabel : LIVE.pairLabel;
  showState();
}

function showState() {
  $("#state").textContent = !link.up ? LIVE.down : link.paired ? LIVE.paired : LIVE.watching;
}

// -- the stream ------------------------------------------------------------------------------

function connect() {
  if (link.source) link.source.close();
  const source = new EventSource("api/events");
  link.source = source;
  let stream = ++link.stream;
  source.onopen = () => {
    if (source !== link.source) return;
    stream = ++link.stream; // a new stream (a restarted board counts its revs afresh)
    link.rev = -1;
    setUp(true);
    reread(stream);
  };
  source.onmessage = (e) => {
    if (source !== link.source) return;
    try {
      draw(JSON.parse(e.data), stream);
    } catch (err) {
      console.error("api/events: not a state:", err);
    }
  };
  source.onerror = () => {
    if (source !== link.source) return;
    setUp(false);
    if (source.readyState === EventSource.CLOSED) setTimeout(connect, RETRY_MS);
  };
}

// Nothing heard for a while: a board that is there answers api/state; one that is not is
// gone without closing the stream (out of range, a power cut): open it again.
async function check() {
  if (!link.up || performance.now() - link.heard < QUIET_MS) return;
  const state = await reread(link.stream);
  if (state) link.heard = performance.now();
  else {
    setUp(false);
    connect();
  }
}

// -- the page around it ----------------------------------------------------------------------

function showKeys(on) {
  document.body.classList.toggle("keys", on);
  $("[data-action=keys]").setAttribute("aria-pressed", on ? "true" : "false");
}

function showHistory(on) {
  document.body.classList.toggle("history", on);
  const root = $("#history");
  $("[data-action=history]").textContent = on ? "Board" : "History";
  if (on) {
    root.open = true; // its toggle event reads api/history
    window.scrollTo(0, 0);
  }
}

// The hole numbers read upright on a board turned to run down the screen (board.js), with
// room at its edges for the numbers of the outer streets.
const EDGE_MM = 2;

function widenBoard(svg) {
  const [x, y, w, h] = svg.dataset.view.split(" ").map(Number);
  svg.dataset.view = [x, y - EDGE_MM, w, h + 2 * EDGE_MM].join(" ");
}

function uprightNumbers(upright) {
  turnBoard($("#board"), upright);
  for (const t of $("#board").querySelectorAll("text.num:not(.skunk-label)")) {
    if (!upright) {
      t.removeAttribute("transform");
      continue;
    }
    const b = t.getBBox();
    t.setAttribute("transform", `rotate(90 ${b.x + b.width / 2} ${b.y + b.height / 2})`);
  }
}

export function start(state) {
  document.body.classList.add("live");
  for (const el of document.querySelectorAll("[data-live]")) el.hidden = false;
  $("#about").textContent = LIVE.footer;
  const upright = window.matchMedia(UPRIGHT);
  widenBoard($("#board"));
  uprightNumbers(upright.matches);
  upright.addEventListener("change", (e) => uprightNumbers(e.matches));
  new Keypad($("#keypad"), (legend, down) => entries.key(legend, down), () => {}, () => {});
  $("[data-action=keys]").addEventListener("click", () => showKeys(!document.body.classList.contains("keys")));
  $("[data-action=history]").addEventListener("click", () => showHistory(!document.body.classList.contains("history")));
  $("#history").addEventListener("toggle", () => {
    if (!$("#history").open) showHistory(false);
  });
  setUp(Boolean(state));
  if (state) draw(state, link.stream);
  else view.show(DISPLAY.connecting.join("\n"));
  connect();
  setInterval(check, ASK_MS);
  keepAwake();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") keepAwake();
  });
}

window.picopeg = {
  view,
  live: link,
  entries,
  picker,
  status: () => (link.up ? (link.paired ? "paired" : "watching") : "down"),
  idle: () => entries.pending === 0,
  records: () => history.text || "",
  marks,
};

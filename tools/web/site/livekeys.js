// The live view's keys and pairing (live.js). A key on the page goes to the board as
// POST api/key {"key": "A", "ms": how long it was held} when it is let go (at least a tap's
// 100 ms, at most 4 s: the board holds it that long, so a long press and the 3 s hold of #
// work, and a dropped phone can never leave a key down). The board decides: a paired
// phone's key goes through its keypad's own path; any other is refused (403), changes
// nothing, and the page says how to pair. Pair asks the board for a code
// (POST api/pair/request: the board shows 6 digits), input[data-pair] takes it (Enter
// submits: POST api/pair), and the board's cookie pairs this phone. Keys go one at a time,
// in order. Wrong codes and the lock after 5 of them are said plainly.
// SPDX-License-Identifier: MIT

import { LIVE } from "./messages.js";
import { banner, note } from "./page.js";

const TAP_MS = 100;
const MAX_MS = 4000;
const LONG_MS = 800;
const HOLD_MS = 3000;

async function post(path, body) {
  const init = { method: "POST", cache: "no-store" };
  if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const r = await fetch(path, init);
  let data = {};
  try {
    data = await r.json();
  } catch {
    // 204: no body
  }
  return { status: r.status, data };
}

export class LiveKeys {
  // link: { paired (bool), setPaired(bool), reconnect() }: live.js's connection
  constructor(link) {
    this.link = link;
    this.queue = Promise.resolve();
    this.pending = 0; // keys let go and not yet answered by the board
    this.sent = 0; // keys the board took (204)
    this.refused = 0; // keys the board refused (403: not paired)
    this.downAt = new Map();
    this.hints = new Map();
    this.lockUntil = 0;
    this.form = document.getElementById("pair");
    this.input = this.form.querySelector("[data-pair]");
    this.said = document.getElementById("pair-note");
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.submit();
    });
    this.form.querySelector("[data-action=pair-cancel]").addEventListener("click", () => this.close());
    document.querySelector("[data-action=pair]").addEventListener("click", () => this.request());
    setInterval(() => this.tickLock(), 1000);
  }

  // -- keys ---------------------------------------------------------------------------------

  // input.js's Keypad calls this on every down and up (a screen key or the keyboard).
  send(legend, down) {
    clearTimeout(this.hints.get(legend));
    if (down) {
      this.downAt.set(legend, performance.now());
      this.hints.set(legend, setTimeout(() => note(LIVE.held(LONG_MS)), LONG_MS));
      return;
    }
    const t = this.downAt.get(legend);
    this.downAt.delete(legend);
    if (t === undefined) return;
    const ms = Math.min(MAX_MS, Math.max(TAP_MS, Math.round(performance.now() - t)));
    if (ms >= HOLD_MS) note(LIVE.held(ms));
    this.pending++;
    this.queue = this.queue.then(() => this.post(legend, ms)).finally(() => this.pending--);
  }

  async post(legend, ms) {
    let r;
    try {
      r = await post("api/key", { key: legend, ms });
    } catch {
      note(LIVE.notSent);
      return;
    }
    if (r.status === 204 || r.status === 200) {
      this.sent++;
      if (ms >= LONG_MS) setTimeout(() => note(""), 1500);
      return;
    }
    if (r.status === 403) {
      this.refused++;
      this.link.setPaired(false);
      banner(LIVE.pairFirst, LIVE.pairLabel, () => this.request());
      note("");
      return;
    }
    note(r.data.error ? `${LIVE.badKey} (${r.data.error})` : LIVE.badKey);
  }

  // -- pairing --------------------------------------------------------------------------------

  open() {
    this.form.hidden = false;
    document.body.classList.add("pairing");
  }

  close() {
    this.form.hidden = true;
    document.body.classList.remove("pairing");
  }

  say(text) {
    this.said.textContent = text;
  }

  async request() {
    banner("");
    this.open();
    this.say(LIVE.ask);
    let r;
    try {
      r = await post("api/pair/request");
    } catch {
      this.say(LIVE.noAnswer);
      return;
    }
    if (r.status === 429) {
      this.lockedFor(r.data.seconds);
      return;
    }
    if (r.status !== 204 && r.status !== 200) {
      this.say(LIVE.noAnswer);
      return;
    }
    this.say(LIVE.codeShown);
    this.input.value = "";
    this.input.focus();
  }

  async submit() {
    const code = this.input.value.trim();
    if (!/^[0-9]{6}$/.test(code)) {
      this.say(LIVE.sixDigits);
      return;
    }
    let r;
    try {
      r = await post("api/pair", { code });
    } catch {
      this.say(LIVE.noAnswer);
      return;
    }
    if (r.status === 200) {
      this.input.value = "";
      this.close();
      this.link.setPaired(true);
      banner("");
      note(LIVE.pairedNote);
      this.link.reconnect(); // the stream again, with the board's cookie: "paired" from now on
    } else if (r.status === 429) {
      this.lockedFor(r.data.seconds);
    } else if (r.status === 403) {
      this.say(LIVE.wrong);
      this.input.select();
    } else {
      this.say(LIVE.noAnswer);
    }
  }

  // The board says pairing is locked for s seconds (a 429, or the state's "locked").
  lockedFor(s) {
    const seconds = Number(s) || 0;
    this.lockUntil = seconds > 0 ? Date.now() + seconds * 1000 : 0;
    document.body.classList.toggle("locked", seconds > 0);
    if (seconds > 0 && !this.form.hidden) this.say(LIVE.locked(seconds));
  }

  tickLock() {
    if (!this.lockUntil) return;
    const left = Math.ceil((this.lockUntil - Date.now()) / 1000);
    if (left > 0) {
      if (!this.form.hidden) this.say(LIVE.locked(left));
      return;
    }
    this.lockUntil = 0;
    document.body.classList.remove("locked");
    if (!this.form.hidden) this.say("");
  }
}

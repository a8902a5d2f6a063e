// The live view's pairing (live.js). Pair asks the board for a code (POST api/pair/request:
// the board shows 6 digits on its display, never on a phone), input[data-pair] takes it (Enter
// submits: POST api/pair), and the board's cookie pairs this phone: from then on its entries
// (liveentry.js) go to the board. Wrong codes and the lock after 5 of them are said plainly.
// SPDX-License-Identifier: MIT

import { LIVE } from "./messages.js";
import { banner, note } from "./page.js";

export async function post(path, body, timeoutMs = 0) {
  const init = { method: "POST", cache: "no-store" };
  if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const ctl = timeoutMs ? new AbortController() : null;
  const timer = ctl ? setTimeout(() => ctl.abort(), timeoutMs) : 0;
  if (ctl) init.signal = ctl.signal;
  try {
    const r = await fetch(path, init);
    let data = {};
    try {
      data = await r.json();
    } catch {
      // 204: no body
    }
    return { status: r.status, data };
  } finally {
    clearTimeout(timer);
  }
}

export class LivePair {
  // link: { paired (bool), setPaired(bool), reconnect() }: live.js's connection
  constructor(link) {
    this.link = link;
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
    if (r.status === 429 && r.data.error !== "pairing locked") {
      this.say(LIVE.askedJustNow(r.data.seconds)); // this phone asked a moment ago
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

// What both modes of the page (web.js: the web board, live.js: a PicoPeg W's live view) share:
// the board's state as a live board answers it, and what the page says around the board (the
// banner above it, the note and the footer's status line).
// SPDX-License-Identifier: MIT

import { STATUS } from "./messages.js";

const PROBE_MS = 2500; // a static host answers at once; a board that does not is not there

// The board's state (GET api/state) if a live board answers it, else null.
export async function readState(timeoutMs = PROBE_MS) {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), timeoutMs);
  try {
    const r = await fetch("api/state", { cache: "no-store", signal: ctl.signal });
    if (!r.ok) return null;
    const state = await r.json();
    return state && state.live === 1 ? state : null;
  } catch {
    return null; // a 404 page, no JSON, no network, too slow
  } finally {
    clearTimeout(timer);
  }
}

export function note(text) {
  document.getElementById("note").textContent = text;
}

// The banner above the board: what the player must know now, with a button if there is
// something to do about it (offline.js: the new version's reload; live.js: Pair).
export function banner(text, label = "", action = null) {
  document.getElementById("banner-text").textContent = text;
  const button = document.querySelector("#banner button");
  button.hidden = !action;
  button.textContent = label;
  button.onclick = action;
  document.getElementById("banner").hidden = !text;
}

export function setStatus(id, text) {
  const el = document.getElementById(id);
  if (el) el.textContent = text;
}

// The screen stays awake while a game is open (the Screen Wake Lock, where the browser gives
// it: a secure origin); the footer says whether it is.
let wake = null;

export async function keepAwake() {
  if (!("wakeLock" in navigator) || document.visibilityState !== "visible" || wake) return;
  try {
    wake = await navigator.wakeLock.request("screen");
    setStatus("awake", STATUS.awake);
    wake.addEventListener("release", () => {
      wake = null;
      setStatus("awake", STATUS.sleepy);
    });
  } catch {
    setStatus("awake", STATUS.sleepy);
  }
}

// The keypad in the page: the 16 on-screen keys (pointer events, so a long press and a 3 s
// hold work on a touch screen) and the computer's keyboard, with the keys of `make sim`:
// 0-9, a-d (or A-D), * and #; l then a key: a long press (1 s), h then a key: a hold
// (3.2 s), p: the power cut, Esc: forget a pending l or h. A key held on the keyboard is
// held on the board too. The runner (webmain.py) latches every down and up, so a click of
// any length is exactly one tap (tools/web/py/keylatch.py).
// SPDX-License-Identifier: MIT

const LEGENDS = "123A456B789C*0#D";
const LONG_MS = 1000; // past the board's 0.8 s long press
const HOLD_MS = 3200; // past its 3 s hold

export function legendOf(key) {
  const k = key.length === 1 ? key.toUpperCase() : "";
  return k && LEGENDS.includes(k) ? k : null;
}

export class Keypad {
  // send(legend, down): to the runner; power(): the power cut; note(text): the status line
  constructor(root, send, power, note) {
    this.send = send;
    this.power = power;
    this.note = note;
    this.prefix = null;
    this.timed = new Set(); // keys held for a set time (l, h): their keyboard up is early
    this.buttons = new Map();
    for (const el of root.querySelectorAll("[data-key]")) {
      this.buttons.set(el.dataset.key, el);
      this._wire(el, el.dataset.key);
    }
    document.addEventListener("keydown", (e) => this._keydown(e));
    document.addEventListener("keyup", (e) => this._keyup(e));
    window.addEventListener("blur", () => this.releaseAll());
  }

  _down(legend) {
    this.buttons.get(legend)?.classList.add("down");
    this.send(legend, true);
  }

  _up(legend) {
    this.buttons.get(legend)?.classList.remove("down");
    this.send(legend, false);
  }

  releaseAll() {
    for (const [legend, el] of this.buttons) {
      if (el.classList.contains("down")) this._up(legend);
    }
  }

  _wire(el, legend) {
    el.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      e.preventDefault(); // no focus ring flash, no text selection, no emulated mouse events
      try {
        el.setPointerCapture(e.pointerId); // the up comes here even off the key
      } catch {
        // a synthetic event's pointer cannot be captured: its up still comes to the key
      }
      this._down(legend);
    });
    const up = () => {
      if (el.classList.contains("down")) this._up(legend);
    };
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", up);
    el.addEventListener("lostpointercapture", up);
    el.addEventListener("contextmenu", (e) => e.preventDefault()); // a touch long press
    el.addEventListener("click", (e) => {
      // Enter or Space on a focused key, or a screen reader's activation: no pointer events
      if (e.detail === 0) {
        this._down(legend);
        this._up(legend);
      }
    });
  }

  _timed(legend, ms) {
    this.timed.add(legend);
    this._down(legend);
    setTimeout(() => {
      this.timed.delete(legend);
      this._up(legend);
    }, ms);
  }

  _keydown(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA")) return;
    if (e.key === "Escape") {
      this.prefix = null;
      this.note("");
      return;
    }
    if (e.repeat) return;
    const k = e.key;
    if (k === "l" || k === "h") {
      this.prefix = k;
      this.note(k === "l" ? "next key: a long press" : "next key: a 3 s hold");
      e.preventDefault();
      return;
    }
    if (k === "p") {
      this.prefix = null;
      this.power();
      return;
    }
    const legend = legendOf(k);
    if (!legend) return;
    e.preventDefault();
    if (this.prefix) {
      const ms = this.prefix === "l" ? LONG_MS : HOLD_MS;
      this.prefix = null;
      this.note("");
      this._timed(legend, ms);
      return;
    }
    this._down(legend);
  }

  _keyup(e) {
    const legend = legendOf(e.key);
    if (!legend || this.timed.has(legend)) return;
    if (this.buttons.get(legend)?.classList.contains("down")) this._up(legend);
  }
}

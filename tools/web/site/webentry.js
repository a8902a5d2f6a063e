// The web board's whole entries (web.js): the card picker's counts (cardpicker.js) go into
// the firmware in this page (tools/web/py/webentry.py), as a paired phone's go to a Pico W
// (liveentry.js): the same kinds, checked and applied by the same firmware code, the same
// answers said the same way in the entry line. The board takes an entry in its loop once no
// key is down on its keypad: the answer comes at once, or a few ticks later.
// SPDX-License-Identifier: MIT

import { describe } from "./liveentry.js";
import { LIVE } from "./messages.js";

const POLL_MS = 20; // the board's tick
const OFF = { applied: false, error: "the board is off" };

export class PageEntries {
  // line: the entry line (the picker says what it shows); runner(): the board's runner, or
  // null while there is none; after(): each entry the board applied (the History view)
  constructor(line, runner, after) {
    this.line = line;
    this.runner = runner;
    this.after = after;
    this.asked = null; // {doc, key}: the board asked to confirm (a wrong claim's verdict)
    this.pending = 0;
    this.sent = 0;
    this.refused = 0;
  }

  send(doc) {
    const what = describe(doc);
    const r = this.runner();
    const text = r ? r.entry(JSON.stringify(doc)) : JSON.stringify(OFF);
    if (text) return this.answered(doc, what, JSON.parse(text));
    this.pending++;
    this.show(LIVE.entry.sending(what, 0), "sending");
    const wait = () => {
      const now = this.runner();
      const got = now ? now.answer() : JSON.stringify(OFF);
      if (!got) return setTimeout(wait, POLL_MS);
      this.pending--;
      this.answered(doc, what, JSON.parse(got));
    };
    setTimeout(wait, POLL_MS);
  }

  answered(doc, what, d) {
    if (d.applied) {
      this.sent++;
      this.after();
      return this.show(LIVE.entry.done(what, d.note), "done");
    }
    this.refused++;
    if (d.confirm) {
      this.asked = { doc, key: "#" };
      return this.show(LIVE.entry.asked(d.error, "#"), "asked");
    }
    return this.show(LIVE.entry.refused(what, d.error), "refused");
  }

  show(text, kind) {
    this.line.textContent = text;
    this.line.dataset.kind = kind;
  }
}

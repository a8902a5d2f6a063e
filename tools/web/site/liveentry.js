// A paired phone's entries (live.js): the keypad on the phone composes a whole entry, as the
// board's scoreboard reads its keys (digits, then a side key: the play's points, or in the
// show that side's count; a side key alone: a go; a long side key: his heels; digits then #:
// the next count; # alone: the show starts or the deal passes; *: clear, or undo; long *: a
// correction). What is typed stays on the phone until it is a whole entry; then it goes to the
// board as one POST api/entry {"seq": n, "kind": ...} (docs/WIFI.md, Entries). The board
// applies it once or refuses it whole with its reason. Until the board answers, the entry line
// above the keypad says "sending…" and the entry is sent again, with the same number, after a
// 503, a timeout or a dropped connection (0.25 s, then twice as long each time, at most 4 s):
// the board takes a number once, so a retry never pegs twice. The scores on the page are only
// ever the board's (its state), never an entry still on its way.
// SPDX-License-Identifier: MIT

import { LIVE } from "./messages.js";
import { banner, note } from "./page.js";
import { post } from "./livepair.js";

const LONG_MS = 800; // the board's long press
const HOLD_MS = 3000; // its hold
const ANSWER_MS = 8000; // the board answers within 5 s (its line), or says 503
const FIRST_RETRY_MS = 250;
const MOST_RETRY_MS = 4000;
const SEQ_KEY = "picopeg.seq";
const SIDES = "ABCD";

// What an entry says, for the entry line.
export function describe(e) {
  const pts = (p) => (p > 0 ? `+${p}` : String(p));
  switch (e.kind) {
    case "peg":
      return `${e.side} ${pts(e.points)}`;
    case "go":
      return `${e.side} go`;
    case "heels":
      return LIVE.entry.heels;
    case "count":
      return e.side ? `${e.side} count ${e.points}` : LIVE.entry.count(e.points);
    case "correction":
      return `${e.side} fix ${pts(e.points)}`;
    case "undo":
      return LIVE.entry.undo;
    case "next":
      return "#";
    case "cut":
      return LIVE.entry.cut(e.side);
    case "cards":
      return (
        [...e.cards, "|", e.starter].join(" ") +
        (e.claim === undefined ? "" : ` claim ${e.claim}`) +
        (e.muggins ? ` muggins ${e.muggins}` : "")
      );
    case "names":
      return e.names.filter(Boolean).join(" / ") || "names";
    default:
      return e.kind;
  }
}

function storedSeq() {
  try {
    return Number(localStorage.getItem(SEQ_KEY)) || 0;
  } catch {
    return 0; // no storage (a private window): the board's own number is the floor
  }
}

export class LiveEntry {
  // link: { paired, seq (the board's last number for this phone), show (in the show),
  //         setPaired(bool) }: live.js's connection
  constructor(link, line) {
    this.link = link;
    this.line = line; // the entry line above the keypad
    this.digits = "";
    this.sign = 0; // a correction: +1, -1
    this.asked = null; // {doc, key}: the board asked to confirm; that key again sends it
    this.downAt = new Map();
    this.queue = []; // entries waiting to go, oldest first
    this.sending = null; // the entry on its way: {doc, seq, tries}
    this.sent = 0; // entries the board applied
    this.refused = 0; // entries the board refused (409), or not paired (403)
    this.seq = 0;
    this.show("");
  }

  // -- the keys ------------------------------------------------------------------------------

  // input.js's Keypad calls this on every down and up (a screen key or the keyboard).
  key(legend, down) {
    if (down) {
      this.downAt.set(legend, performance.now());
      return;
    }
    const t = this.downAt.get(legend);
    this.downAt.delete(legend);
    if (t === undefined) return;
    const ms = performance.now() - t;
    if (!this.link.paired) {
      this.refused++;
      banner(LIVE.pairFirst, LIVE.pairLabel, () => document.querySelector("[data-action=pair]").click());
      return;
    }
    const asked = this.asked;
    this.asked = null;
    if (ms >= HOLD_MS && (legend === "#" || legend === "D")) return this.say(LIVE.entry.onBoard);
    if (ms >= LONG_MS && this.long(legend)) return;
    if (asked && legend === asked.key && !this.digits && !this.sign) {
      return this.send({ ...asked.doc, confirm: true });
    }
    const d = "0123456789".indexOf(legend);
    if (d >= 0) {
      if (this.digits.length >= 3) return this.say(LIVE.entry.threeDigits);
      this.digits += legend;
      return this.show("");
    }
    const side = SIDES.indexOf(legend);
    if (side >= 0) return this.side(legend);
    if (legend === "*") {
      if (this.digits || this.sign) return this.clear();
      return this.send({ kind: "undo" });
    }
    if (legend === "#") {
      if (this.sign) return this.say(LIVE.entry.fixToSide);
      if (this.digits) return this.send({ kind: "count", points: this.take() });
      return this.send({ kind: "next" });
    }
  }

  // A long press: true if it means something of its own (else it is taken as a tap, as the
  // board takes a side key held a little long).
  long(legend) {
    if (legend === "*") {
      this.sign = this.sign === 0 ? 1 : this.sign > 0 ? -1 : 0;
      this.show("");
    } else if ("ABC".includes(legend) && !this.digits && !this.sign) {
      this.send({ kind: "heels" });
    } else if (legend === "D") {
      this.say(LIVE.entry.onBoard);
    } else {
      return false;
    }
    return true;
  }

  side(legend) {
    const points = this.digits ? Number(this.digits) : null;
    if (this.sign) {
      if (points === null) return this.say(LIVE.entry.fixPoints);
      return this.send({ kind: "correction", side: legend, points: this.sign * this.take() });
    }
    if (points === null) return this.send({ kind: "go", side: legend });
    this.take();
    if (this.link.show) return this.send({ kind: "count", side: legend, points });
    if (points === 0) return this.send({ kind: "cut", side: legend });
    return this.send({ kind: "peg", side: legend, points });
  }

  take() {
    const n = Number(this.digits);
    this.digits = "";
    this.sign = 0;
    return n;
  }

  clear() {
    this.digits = "";
    this.sign = 0;
    this.show("");
  }

  // -- the entry line ------------------------------------------------------------------------

  typed() {
    if (!this.digits && !this.sign) return "";
    const sign = this.sign ? (this.sign > 0 ? LIVE.entry.fixPlus : LIVE.entry.fixMinus) : "";
    return `${sign}${this.digits || "…"} ${LIVE.entry.then}`;
  }

  show(verdict, kind = "") {
    const text = this.typed() || verdict;
    this.line.textContent = text;
    this.line.dataset.kind = this.typed() ? "typed" : kind;
  }

  say(text) {
    this.show(text, "hint");
  }

  // -- sending ---------------------------------------------------------------------------------

  nextSeq() {
    this.seq = Math.max(this.seq, storedSeq(), this.link.seq || 0) + 1;
    try {
      localStorage.setItem(SEQ_KEY, String(this.seq));
    } catch {
      // kept in this page only
    }
    return this.seq;
  }

  send(doc) {
    this.queue.push(doc);
    this.pump();
  }

  get pending() {
    return this.queue.length + (this.sending ? 1 : 0);
  }

  async pump() {
    if (this.sending || !this.queue.length) return;
    const doc = this.queue.shift();
    const item = { doc, seq: this.nextSeq(), tries: 0 };
    this.sending = item;
    const what = describe(doc);
    for (;;) {
      this.show(LIVE.entry.sending(what, item.tries), "sending");
      let r = null;
      try {
        r = await post("api/entry", { ...doc, seq: item.seq }, ANSWER_MS);
      } catch {
        r = null; // no answer: a dropped connection, the board away, a timeout
      }
      if (r && r.status !== 503) {
        this.answered(doc, what, r);
        break;
      }
      item.tries++;
      const wait = Math.min(MOST_RETRY_MS, FIRST_RETRY_MS * 2 ** (item.tries - 1));
      await new Promise((ok) => setTimeout(ok, wait));
    }
    this.sending = null;
    this.pump();
  }

  answered(doc, what, r) {
    const d = r.data || {};
    if (r.status === 200) {
      this.sent++;
      return this.show(LIVE.entry.done(what, d.note), "done");
    }
    this.refused++;
    if (r.status === 403) {
      this.queue = [];
      this.link.setPaired(false);
      banner(LIVE.pairFirst, LIVE.pairLabel, () => document.querySelector("[data-action=pair]").click());
      return this.show(LIVE.entry.notPaired, "refused");
    }
    if (r.status === 409 && d.confirm) {
      const key = doc.kind === "correction" ? doc.side : "#"; // the key the board asks for
      this.asked = { doc, key };
      return this.show(LIVE.entry.asked(d.error, key), "asked");
    }
    note("");
    return this.show(LIVE.entry.refused(what, d.error || r.status), "refused");
  }
}

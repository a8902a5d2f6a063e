// The card picker, on the web board (web.js) and on a paired phone's live page (live.js):
// when the board says a count of the show is due to be typed as cards ("due": the count, its
// number of cards, the rule, the starter picked this deal, the cards picked counts used;
// firmware/live/showdue.py), the page shows the 52 cards as tiles, suits in rows and ranks
// across, the used ones greyed out (a count keyed on the board's keypad gives only ranks:
// its ranks' tiles are marked, and greyed once all four of a rank are in counts). The player taps the count's cards (then the starter, in
// the deal's first count, as on the board's keypad), then the claim (one tap, where the board
// checks claims) or Peg (where it counts the cards): the whole count goes as ONE entry
// {"kind": "cards", "cards": [...], "starter", "claim"} (docs/WIFI.md), and the board takes
// it as its keypad's keys for those cards (firmware/live/cardentry.py). `entries` sends it:
// on a phone liveentry.js (over the network, its number, its retries), on the web board
// webentry.js (into the firmware in the page). A wrong claim: the board's verdict, and "Peg"
// sends the same entry with "confirm": pegs what the rules say; with muggins on, a short
// claim's verdict offers each opponent's "muggins" key (the entry with "muggins": that side
// takes the points missed, then the claim is pegged). "Keypad" folds the tiles away
// for the board's keys until the next deal. Each tile has data-card in tools/count.py's
// notation (KH, TD, 5S) for people's scripts and the tests.
// SPDX-License-Identifier: MIT

const RANKS = "A23456789TJQK";
const SUITS = "CDHS"; // the firmware's order (clubs, diamonds, hearts, spades)
const SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
const NO_HAND = [19, 25, 26, 27]; // no four cards and a starter score these
const MOST = 29;

export function cardText(card) {
  const r = card[0] === "T" ? "10" : card[0];
  return r + SYMBOL[card[1]];
}

function el(tag, attrs = {}, text = "") {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

export class CardPicker {
  // link: {paired} (live.js's connection; the web board's page is always "paired");
  // entries: {send(doc), asked, line} (liveentry.js's LiveEntry, webentry.js's PageEntries);
  // before: the element the picker goes in front of.
  constructor(link, entries, before) {
    this.link = link;
    this.entries = entries;
    this.due = null;
    this.key = ""; // the due count drawn: picks are kept while it stays the same
    this.hand = []; // the count's own cards tapped, in order
    this.starter = ""; // the starter tapped (when the board has none from a phone)
    this.taps = 0; // every tap on a tile, a claim, Peg, Clear (the benchmark's count)
    this.root = el("section", { id: "picker", hidden: "", "aria-label": "Cards of the count" });
    this.head = el("p", { class: "picked", "aria-live": "polite" });
    this.said = el("p", { class: "said", "aria-live": "assertive" });
    this.grid = el("div", { class: "tiles", role: "group", "aria-label": "The 52 cards" });
    for (const s of SUITS) {
      for (const r of RANKS) {
        const card = r + s;
        const b = el("button", { type: "button", "data-card": card, class: `suit-${s}` });
        b.textContent = cardText(card);
        b.addEventListener("click", () => this.tap(card));
        this.grid.append(b);
      }
    }
    this.claims = el("div", { class: "claims", role: "group", "aria-label": "The claim" });
    for (let n = 0; n <= MOST; n++) {
      const b = el("button", { type: "button", "data-claim": String(n) }, String(n));
      b.addEventListener("click", () => this.send(n));
      this.claims.append(b);
    }
    const row = el("div", { class: "actions" });
    this.peg = el("button", { type: "button", "data-action": "peg-cards" }, "Peg");
    this.peg.addEventListener("click", () => this.pegIt());
    const clear = el("button", { type: "button", "data-action": "clear-cards" }, "Clear");
    clear.addEventListener("click", () => this.clear());
    const undo = el("button", { type: "button", "data-action": "undo-count" }, "Undo");
    undo.addEventListener("click", () => this.tapped() && entries.send({ kind: "undo" }));
    this.fold = el("button", { type: "button", "data-action": "fold-cards", "aria-pressed": "false" }, "Keypad");
    this.fold.addEventListener("click", () => this.folded(!document.body.classList.contains("fold")));
    this.mugs = el("span", { class: "muggins", role: "group", "aria-label": "Muggins" });
    row.append(clear, undo, this.fold, this.mugs, this.peg);
    this.root.append(this.head, this.said, this.grid, this.claims, row);
    before.parentNode.insertBefore(this.root, before);
    // The board's answers show in the entry line (liveentry.js); the picker says them too.
    new MutationObserver(() => this.echo()).observe(entries.line, {
      childList: true,
      characterData: true,
      subtree: true,
      attributes: true,
    });
  }

  // live.js: each state the board sends.
  draw(state) {
    const due = this.link.paired && state.due && typeof state.due === "object" ? state.due : null;
    const key = due ? JSON.stringify(due) : "";
    if (key !== this.key) {
      this.key = key;
      this.due = due;
      this.hand = [];
      this.starter = "";
    }
    if (!due) this.folded(false); // (the next deal's show: the tiles again)
    document.body.classList.toggle("picking", Boolean(due));
    this.root.hidden = !due;
    this.render();
  }

  // The tiles folded away for the board's keypad (the count due stays in the bar), or back.
  folded(on) {
    document.body.classList.toggle("fold", on);
    this.fold.setAttribute("aria-pressed", on ? "true" : "false");
    this.fold.textContent = on ? "Cards" : "Keypad";
  }

  get need() {
    return this.due ? this.due.cards : 0;
  }

  get complete() {
    return Boolean(this.due) && this.hand.length === this.need && Boolean(this.theStarter);
  }

  get theStarter() {
    return (this.due && this.due.starter) || this.starter;
  }

  tapped() {
    this.taps++;
    return true;
  }

  tap(card) {
    this.tapped();
    if (!this.due) return;
    const i = this.hand.indexOf(card);
    if (i >= 0) this.hand.splice(i, 1);
    else if (card === this.starter) this.starter = "";
    else if (this.hand.length < this.need) this.hand.push(card);
    else if (!this.theStarter) this.starter = card;
    else this.say(`${this.due.count}: ${this.need} cards are in; tap one to take it back`);
    this.render();
  }

  clear() {
    this.tapped();
    this.hand = [];
    this.starter = "";
    this.render();
  }

  send(claim) {
    this.tapped();
    if (!this.complete) return this.say(this.todo());
    const doc = { kind: "cards", cards: [...this.hand], starter: this.theStarter };
    if (this.due.claims) doc.claim = claim;
    this.entries.asked = null;
    this.entries.send(doc);
  }

  // Peg: the count where the board counts the cards; after a wrong claim's verdict, what
  // the rules say (the same entry, confirmed, as # again on the keypad).
  pegIt() {
    const asked = this.entries.asked;
    if (asked && asked.doc.kind === "cards") {
      this.tapped();
      this.entries.asked = null;
      return this.entries.send({ ...asked.doc, confirm: true });
    }
    if (this.due && this.due.claims) {
      this.tapped();
      return this.say(this.complete ? "tap the claim" : this.todo());
    }
    this.send(null);
  }

  // Muggins (on, a short claim): an opponent takes the points missed, then the claim is
  // pegged: the same entry with "muggins" (the keypad's opponent key, then #).
  muggins(side) {
    const asked = this.entries.asked;
    if (!asked || asked.doc.kind !== "cards") return;
    this.tapped();
    this.entries.asked = null;
    this.entries.send({ ...asked.doc, muggins: side });
  }

  todo() {
    if (!this.due) return "";
    const left = this.need - this.hand.length;
    if (left > 0) return `${this.due.count}: ${left} more card${left > 1 ? "s" : ""}`;
    return `${this.due.count}: now the starter`;
  }

  say(text) {
    this.said.textContent = text;
  }

  echo() {
    this.said.textContent = this.entries.line.textContent;
    this.render(); // (a wrong claim's question: Peg pegs what the rules say)
  }

  render() {
    const due = this.due;
    if (!due) return;
    const used = new Set(due.used || []);
    if (due.starter) used.add(due.starter);
    // Counts keyed on the board's keypad give ranks, not suits: a rank whose four cards are
    // all in counts is greyed whole; a rank with some keyed is marked (dashed), not greyed.
    const keyed = {};
    const taken = {};
    for (const r of due.keyed || "") keyed[r] = (keyed[r] || 0) + 1;
    for (const c of used) taken[c[0]] = (taken[c[0]] || 0) + 1;
    const starter = this.theStarter;
    for (const b of this.grid.children) {
      const c = b.dataset.card;
      const k = keyed[c[0]] || 0;
      const gone = used.has(c) || (k > 0 && k + (taken[c[0]] || 0) >= 4);
      b.disabled = Boolean(gone);
      b.classList.toggle("used", Boolean(gone));
      b.classList.toggle("keyed", k > 0 && !gone);
      b.title = k > 0 && !gone ? `${k} of this rank keyed on the board (suit not known)` : "";
      b.classList.toggle("starter", c === starter);
      b.setAttribute("aria-pressed", this.hand.includes(c) || c === starter ? "true" : "false");
    }
    const slots = [];
    for (let i = 0; i < this.need; i++) slots.push(this.hand[i] ? cardText(this.hand[i]) : "_");
    const rule = due.claims ? "then the claim" : "then Peg";
    const todo = this.complete ? rule : this.todo().replace(`${due.count}: `, "");
    this.head.textContent = `${due.count}: ${slots.join(" ")} | ${starter ? cardText(starter) : "starter _"} — ${todo}`;
    this.claims.hidden = !due.claims;
    for (const b of this.claims.children) {
      const n = Number(b.dataset.claim);
      b.disabled = !this.complete || (due.cards === 4 && NO_HAND.includes(n));
    }
    const asked = this.entries.asked && this.entries.asked.doc.kind === "cards";
    this.peg.hidden = due.claims && !asked;
    this.peg.disabled = !asked && !this.complete;
    this.peg.textContent = asked ? "Peg what the rules say" : "Peg";
    // Muggins is offered where the board's verdict offers it ("A: +2 muggins").
    const offer = asked && /\+\d+ muggins/.test(this.entries.line.textContent) ? due.muggins || [] : [];
    if (this.mugs.dataset.sides !== offer.join("")) {
      this.mugs.dataset.sides = offer.join("");
      this.mugs.replaceChildren(
        ...offer.map((side) => {
          const b = el("button", { type: "button", "data-muggins": side }, `${side}: muggins`);
          b.addEventListener("click", () => this.muggins(side));
          return b;
        }),
      );
    }
  }
}

// The History view: the current game deal by deal (a table and a chart of the scores), each
// side's statistics of the game, the archive of finished games, and the download of the same
// JSON that `make export` writes (docs/RECORDS.md). The firmware computes it all
// (scorekeeper/records.py, through webmain.PageRunner.records); this page only draws it, and only
// while the view is open: opened, and again after the keys have rested a moment.
// SPDX-License-Identifier: MIT

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = ["#6f9bff", "#ffa040", "#a0ff60", "#ff5fd2"]; // the board's sides, lightened
const KINDS = [
  ["pegging", "pegging"],
  ["hands", "hands counted"],
  ["average_hand_tenths", "average hand"],
  ["best_hand", "best hand"],
  ["best_crib", "best crib"],
  ["heels", "his heels"],
  ["muggins", "muggins"],
  ["correction", "corrections"],
];
const SKUNKS = { none: "", skunk: "skunk", double: "double skunk", triple: "triple skunk" };
const REFRESH_MS = 300;

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

function svg(tag, attrs = {}, text = "") {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

const tenths = (n) => `${Math.floor(n / 10)}.${n % 10}`;
const signed = (n) => (n > 0 ? `+${n}` : String(n));
const letters = (obj) => Object.keys(obj).sort();
// A side as the players know it: its player's name (docs/RECORDS.md, "names"), else its letter.
const who = (names, s) => (names && names[s]) || s;
// "121-80": the winner's score first, then the others in side order (as the board says it).
const winnerFirst = (scores, winner) => {
  const w = "ABCD".indexOf(winner);
  return [scores[w], ...scores.filter((_, i) => i !== w)].join("-");
};

function showText(deal) {
  // A count that count verify pegged has its cards: "B 12 (5H 5C 5D JS | 5S)".
  const text = (c) => `${c.side}${c.count === "crib" ? " crib" : ""} ${c.points}`;
  return deal.show.map((c) => (c.cards ? `${text(c)} (${c.cards})` : text(c))).join(" · ");
}

function dealsTable(game) {
  const sides = letters(game.sides);
  const head = el("tr", {}, el("th", {}, "deal"), el("th", {}, "dealt"));
  for (const s of sides) head.append(el("th", { "data-side": s }, who(game.names, s)));
  head.append(el("th", { class: "show" }, "show"));
  const body = el("tbody");
  for (const d of game.deals) {
    const row = el("tr", { "data-deal": d.number }, el("td", {}, String(d.number)), el("td", {}, d.dealer));
    for (const s of sides) {
      const p = d.sides[s];
      const parts = [];
      const play = p.play + p.go + p.heels + p.start;
      if (play) parts.push(`play ${play}`);
      if (p.hand) parts.push(`hand ${p.hand}`);
      if (p.crib) parts.push(`crib ${p.crib}`);
      if (p.muggins) parts.push(`muggins ${p.muggins}`);
      if (p.correction) parts.push(`fix ${signed(p.correction)}`);
      const cell = el("td", { "data-side": s, "data-score": p.score, title: parts.join(", ") });
      cell.append(el("b", {}, String(p.score)), " ", el("small", {}, signed(p.points)));
      row.append(cell);
    }
    const extra = [showText(d)];
    for (const m of d.muggins) extra.push(`muggins ${m.side} ${m.points}`);
    for (const c of d.corrections) extra.push(`fix ${c.side} ${signed(c.points)}`);
    row.append(el("td", { class: "show" }, extra.filter(Boolean).join("; ")));
    body.append(row);
  }
  return el("table", { "data-history": "deals" }, el("thead", {}, head), body);
}

// Both sides' scores after each deal, from 0 before the first: a line each, a dot a deal.
function chart(game) {
  const W = 340;
  const H = 210;
  const L = 30;
  const B = 22;
  const T = 8;
  const R = 28;
  const target = game.rules.target;
  const n = game.deals.length;
  const x = (i) => L + ((W - L - R) * i) / Math.max(n, 1);
  const y = (s) => T + (H - T - B) * (1 - s / target);
  const root = svg("svg", {
    viewBox: `0 0 ${W} ${H}`,
    role: "img",
    "data-history": "chart",
    "aria-label": `Scores after each deal: ${letters(game.sides).map((s, i) => `${who(game.names, s)} ${game.scores[i]}`).join(", ")}`,
  });
  const lines = target === 121 ? [0, 31, 61, 91, 121] : [0, 31, 61];
  for (const v of lines) {
    root.append(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: v && v < target ? "skunk" : "grid" }));
    root.append(svg("text", { x: L - 4, y: y(v) + 4, class: "axis", "text-anchor": "end" }, String(v)));
  }
  const step = Math.max(1, Math.ceil(n / 8));
  for (let i = step; i <= n; i += step) {
    root.append(svg("text", { x: x(i), y: H - 6, class: "axis", "text-anchor": "middle" }, String(i)));
  }
  letters(game.sides).forEach((s, k) => {
    const pts = [[x(0), y(0)]];
    const group = svg("g", { "data-side": s, stroke: COLOURS[k], fill: COLOURS[k] });
    game.deals.forEach((d, i) => {
      const score = d.sides[s].score;
      pts.push([x(i + 1), y(score)]);
      group.append(svg("circle", { cx: x(i + 1), cy: y(score), r: 2.6, "data-deal": d.number, "data-score": score }));
    });
    group.prepend(svg("polyline", { points: pts.map((p) => p.join(",")).join(" "), fill: "none" }));
    const last = pts[pts.length - 1];
    group.append(svg("text", { x: last[0] + 4, y: last[1] + 4 + (k % 2 ? 9 : -3), class: "end", stroke: "none" }, s));
    root.append(group);
  });
  return root;
}

function sidesTable(game) {
  const sides = letters(game.sides);
  const head = el("tr", {}, el("th", {}, ""));
  for (const s of sides) head.append(el("th", { "data-side": s }, who(game.names, s)));
  const body = el("tbody");
  for (const [key, label] of KINDS) {
    const row = el("tr", {}, el("th", {}, label));
    for (const s of sides) {
      const v = game.sides[s][key];
      row.append(el("td", { "data-side": s }, key === "average_hand_tenths" ? tenths(v) : String(v)));
    }
    body.append(row);
  }
  return el("table", { "data-history": "sides" }, el("thead", {}, head), body);
}

function archiveTable(archive) {
  if (!archive.length) return el("p", { "data-history": "archive" }, "No finished games yet: a won game is kept here when the next one starts.");
  const body = el("tbody");
  for (const g of [...archive].reverse()) {
    const when = g.date ? g.date.slice(0, 16).replace("T", " ") : "—";
    const score = winnerFirst(g.scores, g.winner);
    const players = letters(g.names || {}).map((s) => g.names[s]).filter(Boolean).join(" v ");
    body.append(
      el("tr", { title: players }, el("td", {}, when), el("td", {}, who(g.names, g.winner)), el("td", {}, score), el("td", {}, SKUNKS[g.skunk_name]), el("td", {}, String(g.game_points))),
    );
  }
  const head = el("tr", {}, ...["ended", "won", "score", "", "pts"].map((h) => el("th", {}, h)));
  return el("table", { "data-history": "archive" }, el("thead", {}, head), body);
}

export class History {
  // root: the view's <details>; records(): the JSON text (or its promise), "" while the
  // board is off.
  constructor(root, records) {
    this.root = root;
    this.records = records;
    this.text = null;
    this.url = "";
    this.timer = 0;
    root.addEventListener("toggle", () => this.refresh());
  }

  // Something may have changed (a key): redraw once the keys rest, if the view is open.
  changed() {
    if (!this.root.open) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.refresh(), REFRESH_MS);
  }

  // records() gives the text, or a promise of it (the live view reads it from the board).
  refresh() {
    if (!this.root.open) return;
    Promise.resolve(this.records()).then(
      (text) => this.draw(text),
      (e) => console.error("History:", e),
    );
  }

  draw(text) {
    if (!this.root.open || !text || text === this.text) return;
    this.text = text;
    const doc = JSON.parse(text);
    const game = doc.game;
    const r = game.result;
    const summary = r
      ? `${who(game.names, r.winner)} won ${winnerFirst(r.scores, r.winner)} by ${r.margin}${SKUNKS[r.skunk_name] ? ", a " + SKUNKS[r.skunk_name] : ""}: ${r.game_points} game points`
      : `deal ${game.deals.length} under way: ${letters(game.sides).map((s, i) => `${who(game.names, s)} ${game.scores[i]}`).join(", ")}`;
    const body = this.root.querySelector("[data-history-body]");
    body.replaceChildren(
      el("p", { "data-history": "summary" }, summary),
      chart(game),
      dealsTable(game),
      el("h3", {}, "This game"),
      sidesTable(game),
      el("h3", {}, "Finished games"),
      archiveTable(doc.archive),
    );
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = this.root.querySelector("[data-action=download]");
    link.href = this.url;
  }
}

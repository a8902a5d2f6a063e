// The standings screen: a projector or TV across the room. Live from the hub's event stream;
// the rows fill the screen in as many columns as they need, in type large enough to read
// from the back of the room, and a field too big for one screen turns its pages by itself.
// SPDX-License-Identifier: MIT
"use strict";
(function () {
  const { el, signed, handsText } = window.club;
  const PAGE_S = 12;        // a page of a long field shows this long
  const MIN_ROW_PX = 34;    // rows no smaller than this (readable at about 10 m)
  let doc = null, page = 0, shown = {}, pageTimer = null;

  // Columns and row height: the largest type that shows every row at once, a column being
  // COLUMN_EM of its type wide; under MIN_ROW_PX the field turns pages instead.
  const COLUMN_EM = 21, TYPE = 0.62;
  function layout(n) {
    const h = window.innerHeight - 130, w = window.innerWidth - 40;
    let best = { rowPx: 0 };
    for (let cols = 1; cols <= 4; cols++) {
      const perCol = Math.ceil(n / cols);
      const rowPx = Math.min(72, Math.floor(h / Math.max(perCol, 6)),
        Math.floor(w / cols / (COLUMN_EM * TYPE)));
      if (rowPx > best.rowPx) best = { cols, perCol, rowPx, pages: 1 };
    }
    if (best.rowPx >= MIN_ROW_PX) return best;
    const cols = Math.max(1, Math.floor(w / (COLUMN_EM * TYPE * MIN_ROW_PX)));
    const perCol = Math.max(1, Math.floor(h / MIN_ROW_PX));
    return { cols, perCol, rowPx: MIN_ROW_PX, pages: Math.ceil(n / (cols * perCol)) };
  }

  // Each row's change as it reaches the screen: {name, gp, spread, at (Date.now())}, for the
  // tests and `make bench` (a result's time from the board's last peg to the screen).
  const changes = (window.club.changes = []);

  function row(r) {
    const changed = shown[r.id] !== undefined && shown[r.id] !== r.game_points + "/" + r.spread;
    if (shown[r.id] === undefined || changed) {
      changes.push({ name: r.name, gp: r.game_points, spread: r.spread, at: Date.now() });
    }
    const special = (r.grand_slam ? "Grand Slam " : "") + handsText(r.hands);
    return el("tr", { class: changed ? "fresh" : null,
      dataset: { name: r.name, gp: r.game_points, wins: r.wins, spread: r.spread, rank: r.rank } },
      el("td", { class: "rank", text: r.rank }),
      el("td", { class: "name", text: r.name }),
      el("td", { class: "gp", text: r.game_points + " / " + r.wins }),
      el("td", { class: "spread", text: signed(r.spread) }),
      el("td", { class: "grp", text: r.grp || "" }),
      el("td", { class: "special", text: special }));
  }

  function draw() {
    const board = document.getElementById("board");
    const rows = doc.rows;
    const L = layout(rows.length);
    page = page % L.pages;
    document.documentElement.style.setProperty("--row", L.rowPx + "px");
    board.replaceChildren();
    const first = page * L.cols * L.perCol;
    for (let c = 0; c < L.cols; c++) {
      const part = rows.slice(first + c * L.perCol, first + (c + 1) * L.perCol);
      if (!part.length) break;
      board.append(el("table", {},
        el("colgroup", {}, ...["rank", "name", "gp", "spread", "grp", "special"].map((c) => el("col", { class: c }))),
        el("thead", {}, el("tr", {}, ...["#", "Player", "GP / W", "Spread", "GRP", ""].map(
          (t) => el("th", { text: t })))),
        el("tbody", {}, ...part.map(row))));
    }
    const r = doc.night ? (doc.closed ? "Final standings" : "Round " + doc.round + " of " +
      doc.rounds + " \u00b7 " + doc.done + " of " + doc.tables + " tables in") : "No night yet";
    document.getElementById("round").textContent =
      r + (L.pages > 1 ? " \u00b7 page " + (page + 1) + " of " + L.pages : "");
    const hands = doc.hands.map((h) => h.points + " " + h.kind + ": " + h.name + " (round " + h.round + ")");
    const slams = doc.rows.filter((x) => x.grand_slam).map((x) => "Grand Slam: " + x.name);
    document.getElementById("hands").textContent = slams.concat(hands).join("   \u2022   ");
    shown = {};
    for (const x of rows) shown[x.id] = x.game_points + "/" + x.spread;
    window.club.rendered = performance.now();
    window.club.rev += 1;
    clearTimeout(pageTimer);
    if (L.pages > 1) pageTimer = setTimeout(() => { page += 1; draw(); }, PAGE_S * 1000);
  }

  // Where the players' page is: the screen is opened from the hub, so its own address.
  document.getElementById("address").textContent = "Your table and card: " + location.host + "/";
  window.club.follow((d) => { doc = d; draw(); },
    (ok) => { document.getElementById("link").className = ok ? "ok" : "dim"; });
  window.addEventListener("resize", () => doc && draw());
})();

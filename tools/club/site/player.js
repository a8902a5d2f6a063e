// The players' page on a phone: pick your name once, then your table and opponent this round,
// the result of a table without an electronic board (your opponent's phone confirms it), and
// your card so far. It follows the hub by itself.
// SPDX-License-Identifier: MIT
"use strict";
(function () {
  const { el, api, signed } = window.club;
  const app = document.getElementById("app");
  const errorLine = document.getElementById("error");
  const say = (text) => { errorLine.textContent = text || ""; };

  async function pickName() {
    const doc = await api("api/players");
    if (!doc.players.length) {
      app.replaceChildren(el("p", { text: "No night is open yet." }));
      return;
    }
    app.replaceChildren(el("p", { text: "Who are you?" }), el("div", { class: "names" },
      ...doc.players.map((p) => el("button", { class: "plain", dataset: { player: p.id },
        onclick: () => api("api/me", { player: p.id }).then(refresh, (e) => say(e.message)),
        text: p.name }))));
  }

  function resultForm(now) {
    const mine = el("input", { type: "number", min: 0, max: 121, inputmode: "numeric", name: "mine" });
    const theirs = el("input", { type: "number", min: 0, max: 121, inputmode: "numeric", name: "theirs" });
    const form = el("form", { onsubmit: (e) => {
      e.preventDefault();
      api("api/me/result", { mine: Number(mine.value), theirs: Number(theirs.value) })
        .then((r) => { say(r.state === "differs" ? "Your opponent sent other scores: ask the director" : ""); refresh(); },
          (e2) => say(e2.message));
    } },
    el("label", { text: "My score" }, mine), el("label", { text: now.opponent + "'s" }, theirs),
    el("button", { type: "submit", text: "Send the result" }));
    if (now.claimed) {
      const m = now.seat === "A" ? now.claimed : [now.claimed[1], now.claimed[0]];
      return el("div", {}, el("p", { text: "Sent: " + m[0] + "-" + m[1] + ". Waiting for " +
        now.opponent + "'s phone to send the same (or the director)." }), form);
    }
    return el("div", {}, el("p", { text: "No board at your table? Send the final scores:" }), form);
  }

  function nowBox(doc) {
    const now = doc.now;
    if (!now) return el("div", { class: "now" }, el("p", { text: doc.closed ? "The night is over." : "Waiting for the next round." }));
    if (!now.opponent) return el("div", { class: "now" }, el("div", { class: "big", text: "Round " + now.round + ": a bye" }));
    const box = el("div", { class: "now", dataset: { table: now.table } },
      el("div", { text: "Round " + now.round + " of " + doc.rounds }),
      el("div", { class: "big", text: "Table " + now.table + " \u00b7 seat " + now.seat }),
      el("div", { class: "big", text: "vs " + now.opponent }));
    if (now.result) {
      const r = now.seat === "A" ? now.result : [now.result[1], now.result[0]];
      box.append(el("p", { text: "Result: " + r[0] + "-" + r[1] + " (" + now.result[2] + ")" }));
    } else box.append(resultForm(now));
    return box;
  }

  function cardTable(doc) {
    const s = doc.standing;
    return el("div", {},
      el("h2", { text: "My card" + (s ? ": " + s.game_points + " GP, " + s.wins + " won, " +
        signed(s.spread) + ", rank " + s.rank : "") }),
      el("table", {}, el("tr", {}, ...["Rd", "Opponent", "Score", "GP", "+", "\u2212"].map((t) => el("th", { text: t }))),
        ...doc.card.map((l) => el("tr", {},
          el("td", { text: l.round }), el("td", { text: l.opponent || "bye" }),
          el("td", { text: l.opponent ? l.mine + "-" + l.theirs : "" }),
          el("td", { text: l.points }), el("td", { text: l.plus || "" }), el("td", { text: l.minus || "" })))));
  }

  async function refresh() {
    let doc;
    try {
      doc = await api("api/me");
    } catch (e) {
      if (e.status === 404) return pickName();
      return say(e.message);
    }
    const header = el("p", {}, el("strong", { text: doc.name }), " ",
      el("button", { class: "plain", text: "not me", onclick: pickName }));
    app.replaceChildren(header, nowBox(doc), cardTable(doc));
    window.club.shown = doc;
  }

  window.club.follow(() => {
    const active = document.activeElement;
    if (!active || active.tagName !== "INPUT") refresh();  // never under a thumb typing
  });
})();

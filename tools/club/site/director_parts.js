// The director's page's sections, each drawn from the hub's state document (director.js
// fetches it and sends the actions). SPDX-License-Identifier: MIT
"use strict";
(function () {
  const { el, signed } = window.club;
  const parts = (window.club.parts = {});

  parts.login = (act) => {
    const pin = el("input", { type: "password", inputmode: "numeric", autocomplete: "current-password", name: "pin" });
    return el("form", { class: "card", onsubmit: (e) => { e.preventDefault(); act.login(pin.value); } },
      el("h2", { text: "The director's PIN" }), pin, " ", el("button", { type: "submit", text: "Log in" }));
  };

  parts.settings = (doc, values, action, title) => {
    const inputs = {};
    const rows = Object.entries(doc.fields).map(([k, f]) => {
      inputs[k] = el("input", { type: "number", min: f.min, max: f.max, value: values[k], name: k, class: "score" });
      return el("tr", {}, el("td", {}, inputs[k]), el("td", { text: k }), el("td", { class: "src", text: f.what }));
    });
    return el("form", { class: "card", onsubmit: (e) => {
      e.preventDefault();
      const v = {};
      for (const [k, i] of Object.entries(inputs)) if (Number(i.value) !== values[k]) v[k] = Number(i.value);
      action(v);
    } }, el("h2", { text: title }), el("table", {}, ...rows), el("button", { type: "submit", text: "Save" }));
  };

  parts.players = (doc, act) => {
    const names = el("textarea", { rows: 3, cols: 28, name: "names", placeholder: "one name a line" });
    const list = el("div", { class: "players" }, ...doc.roster.map((p) => {
      const present = doc.night ? doc.present[p.id] : undefined;
      const box = el("input", { type: "checkbox", checked: present === 1, dataset: { player: p.id },
        onchange: (e) => act.post("checkin", { player: p.id, present: e.target.checked }) });
      return el("label", {}, doc.night ? box : null, p.name,
        el("button", { class: "plain", title: "rename", text: "\u270e", onclick: () => {
          const n = prompt("New name for " + p.name, p.name);
          if (n) act.post("rename", { player: p.id, name: n });
        } }),
        doc.night ? el("button", { class: "plain", title: "free the name for another phone", text: "\u260e",
          onclick: () => act.post("release", { player: p.id }) }) : null);
    }));
    return el("section", { class: "card" }, el("h2", { text: "Players (" + doc.roster.length + ")" +
      (doc.night ? ": ticked are checked in" : "") }), list,
    el("form", { onsubmit: (e) => {
      e.preventDefault();
      const add = names.value.split(/[\n,]/).map((s) => s.trim()).filter(Boolean);
      if (add.length) act.post("players", { add });
    } }, names, " ", el("button", { type: "submit", text: "Add players" })));
  };

  function scoreInputs(t, prefix) {
    return [0, 1].map((i) => el("input", { type: "number", min: 0, max: 121, class: "score",
      name: prefix + i, "aria-label": t.players[i] + "'s score" }));
  }

  function tableRow(t, rnd, act, claims, boards) {
    const [a, b] = t.players;
    if (!b) return el("tr", { dataset: { table: t.table } }, el("td", { class: "num", text: t.table }),
      el("td", { text: a }), el("td", { text: "bye" }), el("td"), el("td"));
    const cells = [el("td", { class: "num", text: t.table }), el("td", { text: a }), el("td", { text: b })];
    if (t.result) {
      const inputs = scoreInputs(t, "fix");
      const reason = el("input", { name: "reason", placeholder: "reason", size: 18 });
      cells.push(el("td", { class: "num", text: t.result.scores.join("-") }),
        el("td", {}, el("span", { class: "src", text: t.result.source + " " }),
          el("details", {}, el("summary", { text: "correct" }), ...inputs, reason,
            el("button", { text: "Correct", onclick: () => act.post("correct",
              { round: rnd, table: t.table, scores: inputs.map((i) => Number(i.value)), reason: reason.value }) }))));
    } else {
      const inputs = scoreInputs(t, "s");
      const pending = claims.filter((c) => c.round === rnd && c.number === t.table)
        .map((c) => c.score_a + "-" + c.score_b).join(" / ");
      const board = (boards || []).find((b) => b.table === t.table);
      const playing = board ? " board " + (board.online ? (board.scores || []).join("-") : "away") : "";
      cells.push(el("td", {}, ...inputs), el("td", {},
        el("button", { text: "Enter", dataset: { enter: t.table }, onclick: () => act.post("result",
          { round: rnd, table: t.table, scores: inputs.map((i) => Number(i.value)) }) }),
        pending ? el("span", { class: "src", text: " phones: " + pending }) : null,
        playing ? el("span", { class: "src", dataset: { playing: t.table }, text: playing }) : null));
    }
    return el("tr", { dataset: { table: t.table } }, ...cells);
  }

  parts.round = (doc, r, act) => el("section", { class: "card", dataset: { round: r.round } },
    el("h2", { text: "Round " + r.round }),
    el("table", {}, el("tr", {}, ...["Table", "Seat A", "Seat B", "Score", ""].map((x) => el("th", { text: x }))),
      ...r.tables.map((t) => tableRow(t, r.round, act, doc.claims, r.round === doc.round ? doc.boards : null))));

  parts.hands = (doc, act) => {
    const who = el("select", { name: "player" }, ...doc.standings.map((s) => el("option", { value: s.id, text: s.name })));
    const pts = el("select", { name: "points" }, ...[29, 28, 24].map((p) => el("option", { value: p, text: p })));
    const kind = el("select", { name: "kind" }, el("option", { text: "hand" }), el("option", { text: "crib" }));
    return el("section", { class: "card" }, el("h2", { text: "Special hands" }),
      el("ul", {}, ...doc.hands.map((h) => el("li", {}, h.points + " " + h.kind + ": " + h.name +
        " (round " + h.round + ", " + h.source + ") ",
      el("button", { class: "plain", text: "remove", onclick: () => act.post("hand_remove", { id: h.id }) })))),
      who, " ", pts, " ", kind, " ",
      el("button", { text: "Add", onclick: () => act.post("hand",
        { player: Number(who.value), points: Number(pts.value), kind: kind.value }) }));
  };

  parts.standings = (doc) => {
    const b = doc.balance;
    return el("section", { class: "card" }, el("h2", { text: "Standings" }),
      el("p", { class: b.ok ? "ok" : "bad", text: "Check: spreads sum to " + b.spread + "; skunks " +
        b.skunks_given + " given, " + b.skunks_taken + " taken; wins " + b.wins + ", losses " +
        b.losses + (b.ok ? ": balanced" : ": does not balance") }),
      el("table", {}, el("tr", {}, ...["#", "Player", "GP", "W", "Spread", "GRP"].map((x) => el("th", { text: x }))),
        ...doc.standings.map((s) => el("tr", {}, el("td", { class: "num", text: s.rank }), el("td", { text: s.name }),
          el("td", { class: "num", text: s.game_points }), el("td", { class: "num", text: s.wins }),
          el("td", { class: "num", text: signed(s.spread) }), el("td", { class: "num", text: s.grp })))));
  };

  // The boards at the tables: each one's table, pairing, link and live score; add one by its
  // address, pair it with the code its display shows.
  parts.boards = (doc, act) => {
    const rows = (doc.boards || []).map((b) => {
      const code = el("input", { name: "code", placeholder: "code", size: 7, inputmode: "numeric" });
      const table = el("input", { type: "number", min: 1, max: 999, value: b.table ?? "", name: "table", class: "score",
        onchange: (e) => act.post("board/table", { board: b.id, table: e.target.value ? Number(e.target.value) : null }) });
      const live = b.scores ? b.scores.join("-") + (b.winner >= 0 ? " won" : "") : "";
      return el("tr", { dataset: { board: b.id } },
        el("td", {}, table),
        el("td", { text: b.name, title: b.url }),
        el("td", { class: b.online ? "ok" : "bad", text: b.online ? "online" : "away" }),
        el("td", { class: "num", text: live }),
        el("td", {}, b.paired ? el("span", { class: "ok", text: "paired" }) : el("span", {},
          el("button", { class: "plain", text: "show code", onclick: () => act.post("board/code", { board: b.id }) }), " ",
          code, " ", el("button", { text: "pair", onclick: () => act.post("board/pair", { board: b.id, code: code.value }) }))),
        el("td", { class: "src", text: b.error || (b.waiting ? "sending the round..." : "") }),
        el("td", {}, el("button", { class: "plain", text: "remove", onclick: () => act.post("board/remove", { board: b.id }) })));
    });
    const url = el("input", { name: "url", placeholder: "192.168.1.57", size: 18 });
    const table = el("input", { type: "number", min: 1, max: 999, name: "board-table", class: "score", placeholder: "table" });
    return el("section", { class: "card", dataset: { boards: 1 } }, el("h2", { text: "Boards at the tables" }),
      rows.length ? el("table", {}, el("tr", {}, ...["Table", "Board", "", "Score", "Pairing", "", ""].map((x) => el("th", { text: x }))), ...rows)
        : el("p", { class: "src", text: "No boards: every table types its result (here or on the players' phones)." }),
      el("form", { onsubmit: (e) => {
        e.preventDefault();
        act.post("board/add", { url: url.value, table: table.value ? Number(table.value) : null });
      } }, url, " ", table, " ", el("button", { type: "submit", text: "Add a board" })));
  };

  parts.corrections = (doc) => el("section", { class: "card" }, el("h2", { text: "Corrections" }),
    el("ul", {}, ...doc.corrections.map((c) => el("li", { text: "Round " + c.round + ", table " + c.number +
      ": " + c.old_a + "-" + c.old_b + " to " + c.new_a + "-" + c.new_b + " (" + c.reason + ", " + c.at + ")" }))));
})();

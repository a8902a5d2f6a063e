// The director's page: log in with the PIN, then the night (open, settings, draw, results,
// corrections, special hands, close) from the hub's state, redrawn after every change.
// SPDX-License-Identifier: MIT
"use strict";
(function () {
  const { el, api, parts } = window.club;
  const app = document.getElementById("app");
  const errorLine = document.getElementById("error");
  let state = null, stale = false;
  const say = (text) => { errorLine.textContent = text || ""; };

  const act = {
    post(action, body) {
      say("");
      // the fields of what was sent are cleared: its table's, or the names just added
      const done = body && body.table && body.round ? body.round + "/" + body.table + "/" : action === "players" ? "//names" : "-";
      return api("api/director/" + action, body || {}).then(() => load(done), (e) => { say(e.message); throw e; });
    },
    login(pin) { api("api/login", { pin }).then(() => load(), (e) => say(e.message)); },
  };
  window.club.act = act;

  function links(doc) {
    const night = doc.night || doc.last_closed;
    if (!night) return null;
    return el("p", {}, "Night " + night + ": ",
      el("a", { href: "api/director/export/sheet.html", target: "_blank", text: "printable standings sheet" }), " \u00b7 ",
      el("a", { href: "api/director/export/standings.csv", text: "standings CSV" }), " \u00b7 ",
      el("a", { href: "api/director/export/games.csv", text: "games CSV" }), " \u00b7 ",
      el("a", { href: "screen", target: "_blank", text: "standings screen" }));
  }

  function noNight(doc) {
    const games = el("input", { type: "number", min: 1, max: 30, value: doc.defaults.games, name: "games", class: "score" });
    return [el("section", { class: "card" }, el("h2", { text: "No night is open" }), "Games: ", games, " ",
      el("button", { text: "Open a night", dataset: { open: 1 },
        onclick: () => act.post("night", { games: Number(games.value) }) })),
    parts.players(doc, act),
    parts.boards(doc, act),
    parts.settings(doc, doc.defaults, (v) => act.post("defaults", { values: v }), "The club's settings (new nights)")];
  }

  function render(doc) {
    const summary = document.getElementById("summary");
    if (!doc.night) {
      summary.textContent = "";
      app.replaceChildren(...noNight(doc), links(doc) || "");
      return;
    }
    const rnd = doc.round, total = doc.rounds_total;
    summary.textContent = "Night " + doc.night + " \u00b7 " + (rnd ? "round " + rnd + " of " + total : "not started") +
      " \u00b7 " + (doc.balance.ok ? "cards balance" : "cards do not balance");
    const controls = el("p", {},
      el("button", { text: rnd ? "Draw round " + (rnd + 1) : "Draw round 1", dataset: { draw: 1 },
        onclick: () => act.post("draw") }), " ",
      rnd ? el("button", { class: "plain", text: "Take back round " + rnd, onclick: () => act.post("undo") }) : null, " ",
      el("button", { class: "plain", text: "Close the night", dataset: { close: 1 }, onclick: () => {
        if (confirm("Close the night? Its standings become final.")) act.post("close");
      } }));
    const rounds = doc.rounds.slice().reverse().map((r) => parts.round(doc, r, act));
    app.replaceChildren(controls, links(doc),
      el("div", { class: "grid" }, rounds[0] || el("div"), parts.standings(doc)),
      el("div", { class: "grid" }, parts.players(doc, act), parts.hands(doc, act)),
      parts.boards(doc, act),
      ...rounds.slice(1),
      el("div", { class: "grid" }, parts.settings(doc, doc.settings, (v) => act.post("settings", { values: v }),
        "Tonight's settings"), parts.corrections(doc)));
  }

  // The boards' section and the live scores at the tables, redrawn in place (the rest of the
  // page, where the director may be about to click, stays as it is).
  function patchBoards(state) {
    const section = app.querySelector("[data-boards]");
    if (!section.contains(document.activeElement)) section.replaceWith(parts.boards(state, act));
    for (const b of state.boards || []) {
      const span = app.querySelector(`[data-round="${state.round}"] [data-playing="${b.table}"]`);
      if (span) span.textContent = " board " + (b.online ? (b.scores || []).join("-") : "away");
    }
  }

  // What the director has typed but not sent survives a redraw: each field is known by its
  // round, table and name.
  function typedValues() {
    const kept = {};
    for (const i of app.querySelectorAll("input[name], textarea[name]")) {
      if (i.type === "checkbox" || !i.value) continue;
      const r = i.closest("[data-round]"), t = i.closest("[data-table]");
      kept[(r ? r.dataset.round : "") + "/" + (t ? t.dataset.table : "") + "/" + i.name] = i.value;
    }
    return kept;
  }
  function restore(kept) {
    for (const i of app.querySelectorAll("input[name], textarea[name]")) {
      const r = i.closest("[data-round]"), t = i.closest("[data-table]");
      const v = kept[(r ? r.dataset.round : "") + "/" + (t ? t.dataset.table : "") + "/" + i.name];
      if (v !== undefined && i.type !== "checkbox") i.value = v;
    }
  }

  async function load(done) {
    try {
      state = await api("api/director/state");
    } catch (e) {
      if (e.status === 401) { app.replaceChildren(parts.login(act)); return; }
      say(e.message);
      return;
    }
    const before = window.club.state;
    window.club.state = state;
    if (before && before.srev === state.srev && before.night === state.night && app.querySelector("[data-boards]")) {
      patchBoards(state); // only the boards' live scores and links changed: nothing else moves
      return;
    }
    const kept = typedValues();
    for (const k of Object.keys(kept)) if (typeof done === "string" && k.startsWith(done)) delete kept[k];
    render(state);
    restore(kept);
  }

  // Redraw after every change, but never under the director's fingers: while a field has
  // the focus, the redraw waits until it loses it.
  // (Every change of the hub, the boards' live scores too: at most a load a second.)
  let last = 0, timer = 0;
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => { last = Date.now(); load(); }, Math.max(0, 1000 - (Date.now() - last)));
  };
  window.club.follow(() => {
    const a = document.activeElement;
    if (a && (a.tagName === "INPUT" || a.tagName === "TEXTAREA" || a.tagName === "SELECT")) stale = true;
    else soon();
  }, null, "api/events?all=1");
  document.addEventListener("focusout", () => setTimeout(() => {
    const a = document.activeElement;
    const typing = a && (a.tagName === "INPUT" || a.tagName === "TEXTAREA" || a.tagName === "SELECT");
    if (stale && !typing) { stale = false; load(); }
  }, 50));
})();

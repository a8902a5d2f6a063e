// The club pages' shared helpers: the hub's JSON API, its event stream, and DOM building.
// SPDX-License-Identifier: MIT
"use strict";

const club = (window.club = window.club || { updates: 0, rev: 0 });

// POST (with body) or GET (without) a JSON API path; resolves to the reply's object, rejects
// with an Error whose message is the hub's reason.
club.api = async function (path, body) {
  const opts = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const r = await fetch(path, Object.assign({ cache: "no-store", credentials: "same-origin" }, opts));
  let doc = {};
  try { doc = await r.json(); } catch (e) { doc = {}; }
  if (!r.ok) {
    const err = new Error(doc.error || r.status + " " + r.statusText);
    err.status = r.status;
    throw err;
  }
  return doc;
};

// Follow the hub: onDoc(standings) at once and after every change; the stream reopens by
// itself, and with nothing heard for 30 s it is opened again.
club.follow = function (onDoc, onState, path) {
  let source = null, heard = Date.now();
  const open = () => {
    if (source) source.close();
    source = new EventSource(path || "api/events");
    source.onmessage = (e) => {
      heard = Date.now();
      const doc = JSON.parse(e.data);
      club.updates += 1;
      club.lastUpdate = performance.now();
      onDoc(doc);
      if (onState) onState(true);
    };
    source.onerror = () => { if (onState) onState(false); };
  };
  open();
  setInterval(() => { if (Date.now() - heard > 30000) { heard = Date.now(); open(); } }, 5000);
};

// el("td", {class: "x", text: "1"}, child, ...): an element.
club.el = function (tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(e.dataset, v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
};

club.signed = (n) => (n > 0 ? "+" + n : String(n));
club.handsText = (hands) => hands.map((h) => h.points + (h.kind === "crib" ? " crib" : "")).join(", ");

// The live view's score strip: each side's score in large digits in its colour, the dealer
// and the winner marked, from the board's state (GET api/state: sides, scores, dealer,
// winner, colours; docs/WIFI.md's Protocol). A board that sends no scores gets no strip.
// SPDX-License-Identifier: MIT

import { screenColour } from "./board.js";

const LETTERS = "ABCD";

function colourOf(hex) {
  if (!/^[0-9a-f]{6}$/i.test(hex || "")) return "";
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.substr(i, 2), 16));
  const c = screenColour(r, g, b, 255); // as a fully lit LED looks: legible on the dark page
  return c ? `rgb(${c.join(",")})` : "";
}

function card(side, score, colour, dealer, winner, name) {
  const el = document.createElement("div");
  el.className = "score";
  el.dataset.side = LETTERS[side];
  el.style.color = colour;
  const who = document.createElement("span");
  who.className = "who";
  who.textContent = name || LETTERS[side]; // a player's name (docs/WIFI.md: "names"), or A-D
  if (name) who.dataset.name = name;
  const digits = document.createElement("b");
  digits.dataset.score = String(score);
  digits.textContent = String(score);
  const tag = document.createElement("span");
  tag.className = "tag";
  tag.textContent = winner ? "wins" : dealer ? "deals" : "";
  if (dealer) el.dataset.dealer = "";
  if (winner) el.dataset.winner = "";
  const words = `${name || LETTERS[side]} ${score}${winner ? ", wins" : dealer ? ", deals" : ""}`;
  el.setAttribute("aria-label", words);
  el.append(who, digits, tag);
  return el;
}

export class Scores {
  constructor(root) {
    this.root = root;
    this.key = "";
  }

  // Redraw from a state if its scores, dealer, winner or colours changed; true if they did.
  draw(state) {
    const scores = Array.isArray(state.scores) ? state.scores.slice(0, 4) : null;
    const names = Array.isArray(state.names) ? state.names : [];
    const key = JSON.stringify(scores && [scores, state.dealer, state.winner, state.colours, names]);
    if (key === this.key) return false;
    this.key = key;
    this.root.hidden = !scores;
    if (!scores) return true;
    const colours = Array.isArray(state.colours) ? state.colours : [];
    this.root.replaceChildren(
      ...scores.map((s, i) => card(i, s, colourOf(colours[i]), i === state.dealer, i === state.winner, names[i])),
    );
    this.root.dataset.sides = String(scores.length);
    return true;
  }
}

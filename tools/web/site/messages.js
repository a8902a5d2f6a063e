// The page's own words. What it puts on the board's display is held to the display's size
// (16 columns, 8 lines, as the firmware's own messages are); the rest goes in the banner
// above the board and the footer's status line. host_tests/web/test_web_browser.py checks each.
// SPDX-License-Identifier: MIT

export const COLS = 16;
export const ROWS = 8;

// On the display, one string a line.
export const DISPLAY = {
  elsewhere: ["Open in", "another tab:", "play it there,", "or take it here."],
  cleared: ["The site's data", "was cleared:", "put the game", "back, or start", "a new board."],
  nostart: ["The board could", "not start here:"],
  noWasm: ["The board could", "not start here:", "this browser", "has no", "WebAssembly."],
  connecting: ["Looking for", "the board..."],
};

// The live view of a PicoPeg W (live.js, livepair.js, liveentry.js): the header's state, the pairing
// panel's and the banner's words.
export const LIVE = {
  watching: "watching",
  paired: "paired",
  down: "reconnecting…",
  downBanner:
    "The board is not answering (switched off, restarting, or out of Wi-Fi range): " +
    "reconnecting by itself. What is shown is the board as it last sent it.",
  pairFirst:
    "This phone only watches: its keys go nowhere. To key in from it, tap Pair and type " +
    "the 6-digit code the board shows.",
  pairLabel: "Pair",
  pairedLabel: "Paired",
  ask: "Asking the board for a code…",
  codeShown:
    "The board shows a 6-digit code on its display (or lights it on the holes): type it here.",
  sixDigits: "The code is 6 digits: type the code the board shows.",
  wrong:
    "Wrong code: nothing is paired. Type the code the board shows now, or tap Pair for a new one.",
  locked: (s) =>
    `Pairing is locked for ${s} s on this phone after 5 wrong codes in a minute; watching ` +
    "goes on. Then tap Pair for a new code.",
  askedJustNow: (s) =>
    `This phone asked for a code a moment ago: type the code the board shows, or tap Pair ` +
    `again in ${s} s.`,
  pairedNote: "Paired: this phone's entries go to the board, as its own keypad's do.",
  noAnswer: "The board did not answer: try again.",
  // The entry line above the keypad (liveentry.js).
  entry: {
    heels: "his heels",
    count: (p) => `count ${p}`,
    undo: "undo",
    cut: (s) => `${s} deals first`,
    then: "then A-D or #",
    fixPlus: "fix +",
    fixMinus: "fix −",
    threeDigits: "At most 3 digits: * clears.",
    fixToSide: "A correction goes to a side key.",
    fixPoints: "Type the correction's points, then the side.",
    onBoard: "Modes and a new game: on the board's own keypad.",
    sending: (what, tries) => (tries ? `sending… ${what} (again)` : `sending… ${what}`),
    done: (what, said) => (said ? `✓ ${what}: ${said}` : `✓ ${what}`),
    refused: (what, why) => `✗ ${what}: ${why}`,
    asked: (question, key) => `? ${question} (${key} again)`,
    notPaired: "✗ not paired: nothing was entered",
  },
  footer:
    "Live from the board: this page draws what the board sends, after it is saved on the " +
    "board. The game is kept on the board; anyone on its network may watch, a paired phone " +
    "may key in.",
};

export const BANNER = {
  memory:
    "This browser keeps no data for this site (site data is blocked, or a private window " +
    "keeps none): the game is played from memory and will not survive a reload.",
  full: (own, other) =>
    "The browser's storage for this site is full: that entry was not saved, and nothing " +
    "else changed. " +
    (other > own
      ? `Other pages of this site use ${kb(other)} of it: remove their data in the ` +
        "browser's settings (Site settings), then enter it again."
      : `This game's records use ${kb(own)}: free space on the device, or keep the board ` +
        "on a site of its own, then enter it again."),
  update: "A new version is ready: reload to use it (the game is kept).",
  failed: "The board could not start in this browser: see the display.",
};

// The footer's status, where a feature is missing.
export const STATUS = {
  offline: "works offline",
  online: "needs the network",
  insecure:
    "plain http: no offline copy, no screen wake lock and no tab lock (serve it over HTTPS, " +
    "or open it on 127.0.0.1)",
  awake: "screen kept awake",
  sleepy: "screen may sleep",
  elsewhere: "open in another tab",
  cleared: "the site's data was cleared",
  memory: "in memory only: a reload loses the game",
};

function kb(units) {
  return Math.max(1, Math.round((units * 2) / 1024)) + " KB"; // UTF-16: 2 bytes a unit
}

// Words into lines of at most `cols` characters (a word longer than a line is split).
export function wrap(text, cols = COLS) {
  const lines = [];
  let line = "";
  for (let word of String(text).split(/\s+/).filter(Boolean)) {
    while (word.length > cols) {
      if (line) lines.push(line);
      lines.push(word.slice(0, cols));
      word = word.slice(cols);
      line = "";
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= cols) line += " " + word;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

// A message for the display: its lines, then `detail` wrapped into what room is left.
export function screen(lines, detail = "") {
  const out = [...lines, ...wrap(detail)].slice(0, ROWS);
  return out.join("\n");
}

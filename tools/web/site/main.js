// The page's entry: one page, two modes. GET api/state decides:
//   - it answers {"live": 1, ...}: the page is served by a PicoPeg W (or `tools/sim.py
//     --serve`) and shows that board live (live.js): its frame, display and scores as the
//     board sends them, its keys from a paired phone. No WebAssembly is loaded.
//   - anything else (a static host's 404, no network): the web board (web.js), the firmware
//     itself on MicroPython's WebAssembly port.
// The board's copy of the site (python -m tools.web.build --board) marks <html data-site=
// "board"> and holds no wasm: it is always live, and waits for the board if it is not there.
// SPDX-License-Identifier: MIT

import { readState } from "./page.js";

const state = await readState();
if (state || document.documentElement.dataset.site === "board") {
  const live = await import("./live.js");
  live.start(state);
} else {
  await import("./web.js");
}

// The board's LEDs and text display in the page: the frames the firmware writes, drawn on the
// 121 holes of index.html (placed by tools/web/build.py from hardware/holes.csv).
// Each hole keeps the firmware's own colour in data-rgb="r,g,b"; its fill is that colour as a
// person sees a lit LED, legible on a screen. LED drive is linear light and dim on purpose, so
// each level is taken relative to the brightness cap (t, 0-1), keeps its hue, and is shown at
// the luminance it has, but never below FLOOR + STEP * t: the floor keeps every lit hole, the
// dimmest back peg included, at 3:1 or more against the unlit hole and the lane (WCAG's
// contrast for graphics; style.css's --hole and --lane), the step keeps a front peg brighter
// than its back peg. A hue too dark for that at full drive (a pure blue) is lifted toward
// white, as a bright LED looks, and its dimmer levels are that lifted colour, darker: one
// colour a side, whatever the level. host_tests/web/test_web_colours.py checks every palette at every brightness
// against the page's own colours.
// SPDX-License-Identifier: MIT

export const FLOOR = 0.12; // relative luminance of the dimmest lit hole
export const STEP = 0.13; // and how much more a fully driven one gets at least

function srgb(linear) {
  return linear <= 0.0031308 ? 12.92 * linear : 1.055 * Math.pow(linear, 1 / 2.4) - 0.055;
}

function luminance([r, g, b]) {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function screenColour(r, g, b, scale) {
  if (!(r || g || b)) return null;
  const rel = [r, g, b].map((c) => Math.min(1, c / scale));
  const t = Math.max(...rel);
  const hue = rel.map((c) => c / t); // linear light, the brightest channel 1
  const own = luminance(hue);
  // The hue fully driven: itself, or (too dark for FLOOR + STEP: a pure blue) lifted toward
  // white to it. Every level of it is that one colour, dimmed: so a side's back peg is its
  // front peg's colour, darker, never a deeper, more saturated one than its front.
  const top = FLOOR + STEP;
  const full = own >= top ? hue : hue.map((c) => c + ((1 - c) * (top - own)) / (1 - own));
  const want = Math.max(own * t, FLOOR + STEP * t);
  const lin = full.map((c) => (c * want) / Math.max(own, top));
  return lin.map((c) => Math.round(255 * srgb(Math.min(1, c))));
}

const DARK = "0,0,0";

// On a phone held upright the board runs down the screen, a quarter turn anticlockwise:
// street 1 up the right-hand side from hole 1 at the bottom, the game hole at the foot.
export const UPRIGHT = "(max-width: 699px) and (orientation: portrait)";

export function turnBoard(svg, upright) {
  if (!svg.dataset.view) svg.dataset.view = svg.getAttribute("viewBox");
  const [x, y, w, h] = svg.dataset.view.split(" ").map(Number);
  const turn = svg.querySelector(".turn");
  if (upright) {
    svg.setAttribute("viewBox", [y, -(x + w), h, w].join(" "));
    turn.setAttribute("transform", "rotate(-90)");
  } else {
    svg.setAttribute("viewBox", svg.dataset.view);
    turn.removeAttribute("transform");
  }
  svg.classList.toggle("upright", upright);
}

export class BoardView {
  constructor(root, display) {
    this.display = display;
    const upright = window.matchMedia(UPRIGHT);
    turnBoard(root, upright.matches);
    upright.addEventListener("change", (e) => turnBoard(root, e.matches));
    this.holes = [...root.querySelectorAll("[data-hole]")].map((el) => ({
      el,
      led: Number(el.dataset.led),
      rgb: DARK,
    }));
    this.scale = 52; // render.BRIGHTNESS at the default brightness, until the board says
    this.frames = 0;
    this.lastFrameAt = 0; // performance.now() of the last frame drawn
    this.firstFrameAt = 0;
    this.firstPaintAt = 0; // the animation frame that paints the first frame

    this.hex = "";
  }

  // The 363-byte frame (G R B per LED, in chain order) as hex.
  leds(hex) {
    this.hex = hex;
    for (const h of this.holes) {
      const o = h.led * 6;
      const g = parseInt(hex.substr(o, 2), 16);
      const r = parseInt(hex.substr(o + 2, 2), 16);
      const b = parseInt(hex.substr(o + 4, 2), 16);
      const rgb = r + "," + g + "," + b;
      if (rgb !== h.rgb) {
        h.rgb = rgb;
        this._paint(h, r, g, b);
      }
    }
    this.frames++;
    this.lastFrameAt = performance.now();
    if (!this.firstFrameAt) {
      this.firstFrameAt = this.lastFrameAt;
      requestAnimationFrame(() => (this.firstPaintAt = performance.now()));
    }
  }

  _paint(h, r, g, b) {
    h.el.dataset.rgb = h.rgb;
    const c = screenColour(r, g, b, this.scale);
    if (c) {
      h.el.style.fill = "rgb(" + c.join(",") + ")";
      h.el.classList.add("lit");
    } else {
      h.el.style.fill = "";
      h.el.classList.remove("lit");
    }
  }

  exposure(scale) {
    this.scale = scale > 0 ? scale : 52;
    for (const h of this.holes) {
      const [r, g, b] = h.rgb.split(",").map(Number);
      this._paint(h, r, g, b);
    }
  }

  show(text) {
    this.display.textContent = text;
  }
}

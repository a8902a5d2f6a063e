"""Draw the board: a pure function from (view, time) to a preallocated 363-byte LED frame.

    r = Renderer(view)                  # once, at start-up
    if r.render(ticks_ms()):            # every frame; True when the bytes changed
        strip.buf[:] = r.frame          # then strip.write() (the HAL, at a capped rate)

``frame`` is in the strip's wire order: 3 bytes per LED, LED 0 first, each G, R, B (WS2812B
order, the same layout as MicroPython's ``NeoPixel.buf`` for a GRB strip), so the HAL copies
it straight in (``np.buf[:] = frame``: a memcpy, no allocation). Hole h (1-121) is LED
``hole_to_led[h - 1]``, by default ``ledmap.HOLE_TO_LED`` (generated from hardware/).

Layers, bottom to top: hole markers (dim white every 5 holes, red on the skunk lines, the game
hole in the dealer's colour), overlay bars, signal flashes, pegs (front bright, back dim; two
sides in one hole take turns every 512 ms), the blinking preview (of one side, or of every
side). A win replaces all of that with an animation for WIN_MS, then the final position holds.
With the power-bank keep-awake on, a faint pulse every 8 s (keepawake.py). Finally the
frame is scaled down if the estimated LED current (power.py's model) would exceed
the view's budget.

Nothing here allocates per frame (tested on MicroPython); settings changes rebuild the small
ink and marker tables, and periods are powers of two so phases survive the tick wrap.
SPDX-License-Identifier: MIT
"""

import palette
from compat import const, ticks_diff
from ledmap import HOLE_TO_LED
from palette import (
    BACK,
    BAR,
    DEALER,
    FRONT,
    INK_BAR_RED,
    INK_BAR_WHITE,
    INK_ERROR,
    INK_FLASH,
    INK_MARK,
    INK_SKUNK,
)
from power import frame_ma, limit
from view import PREVIEW_ALL, SIG_ERROR, SIG_NEWGAME, SIG_OK, SIG_UNDO

LEDS = const(121)
FRAME_BYTES = const(363)
GAME_HOLE = const(121)
# Brightness setting 1-8 -> global scale 0-255, about x1.6 a step. The top entry is THE
# brightness cap; the current budget below can only lower it further.
BRIGHTNESS = (0, 8, 13, 20, 32, 52, 84, 136, 220)
WIN_MS = const(4096)  # the win animation; after it the final position holds
_ALT_SHIFT = const(9)  # two sides in one hole: 512 ms each
_BLINK_SHIFT = const(8)  # preview and blinking bars: 256 ms on, 256 ms off
SIGNAL_MS = (0, 768, 192, 512, 512, 1536)  # by view.SIG_*: NONE ERROR OK UNDO NEWGAME RECOV


class Renderer:
    """Owns the frame; ``render(now)`` redraws it from the view. See the module docstring."""

    def __init__(self, view, hole_to_led=HOLE_TO_LED):
        if len(hole_to_led) != LEDS or len(set(hole_to_led)) != LEDS or max(hole_to_led) > 120:
            raise ValueError("hole_to_led must map 121 holes to 121 distinct LEDs 0-120")
        self.view = view
        self.frame = bytearray(FRAME_BYTES)
        self._work = bytearray(FRAME_BYTES)
        self._blank = bytes(FRAME_BYTES)
        self._base = bytearray(FRAME_BYTES)  # the hole markers, redrawn on settings changes
        self._off = [0] * (LEDS + 1)  # hole -> byte offset of its LED; [0] unused
        for h in range(1, LEDS + 1):
            self._off[h] = hole_to_led[h - 1] * 3
        self._inks = bytearray(palette.N_INKS * 3)
        self._marks = bytearray(32)  # marker holes (game hole apart)
        self._mark_ink = bytearray(32)
        self._n_marks = 0
        self._peg_hole = [0] * 8
        self._cfg = [-1, -1, -1]  # brightness, palette, target the tables were built for
        self.limit_scale = 256  # x/256 the budget applied to the last frame (256 = none)
        # keepawake.pulse, loaded by the first frame that asks for it: most boards never
        # turn the setting on, and a module less before the first frame is ~15 ms sooner
        # on the make flash Pico (each import is read from littlefs).
        self._pulse = None

    def configure(self):
        """Rebuild the tables from the view's settings (render() calls it on a change)."""
        v = self.view
        if v.target not in (121, 61):
            raise ValueError("a game is 121 or 61 points")
        # Settings come from a file a person may edit: out-of-range values are clamped, not
        # raised, so a bad brightness can never stop the display (or pass the cap).
        level = min(max(v.brightness, 1), len(BRIGHTNESS) - 1)
        pal = v.palette if 0 <= v.palette < len(palette.PALETTES) else 0
        palette.build_inks(self._inks, pal, BRIGHTNESS[level])
        n = 0
        for h in range(5, v.target, 5):  # 5, 10 ... 120 (or ... 60)
            self._marks[n] = h
            self._mark_ink[n] = INK_MARK
            n += 1
        # A skunk is losing short of 91 (double: of 61; a 61 game: of 31), so the marker is on
        # the first hole that escapes it; with the every-5 marker just before, the pair
        # brackets the skunk line between 90 and 91 that printed boards draw.
        skunk = 61 if v.target == 121 else 31
        while skunk < v.target:
            self._marks[n] = skunk
            self._mark_ink[n] = INK_SKUNK
            n += 1
            skunk += 30
        self._n_marks = n
        w = self._work  # paint the markers once into the base layer every frame starts from
        w[:] = self._blank
        for i in range(n):
            self._put(self._marks[i], self._mark_ink[i])
        self._base[:] = w
        c = self._cfg
        c[0], c[1], c[2] = v.brightness, v.palette, v.target

    def render(self, now):
        """Draw the view at tick now into frame; return True if any byte changed."""
        v = self.view
        c = self._cfg
        if c[0] != v.brightness or c[1] != v.palette or c[2] != v.target:
            self.configure()
        w = self._work
        if v.winner >= 0 and 0 <= ticks_diff(now, v.won_ms) < WIN_MS:
            w[:] = self._blank
            self._win(ticks_diff(now, v.won_ms))
        else:
            w[:] = self._base
            self._board(now)
        if v.keep_awake:  # a power bank's keep-awake pulse (keepawake.py), within the cap
            pulse = self._pulse
            if pulse is None:  # once: the refresh path allocates nothing after this frame
                from keepawake import pulse

                self._pulse = pulse
            pulse(w, now)  # type: ignore[misc]  # (mypy sees only the None above)
        # The power cap: scale the frame so power.py's estimate stays within the budget.
        self.limit_scale = limit(w, v.budget_ma)
        if w == self.frame:
            return False
        self.frame[:] = w
        return True

    def estimate_ma(self):
        """Estimated LED current of the current frame, in mA (power.py's model)."""
        return frame_ma(self.frame)

    # -- layers ----------------------------------------------------------------------------

    def _put(self, hole, ink):
        o = self._off[hole]
        i = ink * 3
        w = self._work
        inks = self._inks
        w[o] = inks[i]
        w[o + 1] = inks[i + 1]
        w[o + 2] = inks[i + 2]

    def _span(self, first, count, ink):
        # Holes first .. first + count - 1, clipped to the track; _put inlined (hot loop).
        h = first if first > 0 else 1
        end = first + count
        end = min(end, LEDS + 1)
        off = self._off
        w = self._work
        i = ink * 3
        g = self._inks[i]
        r = self._inks[i + 1]
        b = self._inks[i + 2]
        while h < end:
            o = off[h]
            w[o] = g
            w[o + 1] = r
            w[o + 2] = b
            h += 1

    def _hole(self, points):
        # Points to hole: the target (61 or 121) is always the game hole, LED-wise hole 121.
        return GAME_HOLE if points >= self.view.target else points

    def _board(self, now):
        v = self.view
        d = v.dealer
        self._put(GAME_HOLE, d * 4 + DEALER if 0 <= d < v.sides else INK_MARK)
        for i in range(v.seg_count):
            color = v.seg_color[i]
            if not (color & 8 and (now >> _BLINK_SHIFT) & 1):
                c = color & 7
                ink = c * 4 + BAR if c < 4 else (INK_BAR_RED if c == 5 else INK_BAR_WHITE)
                self._span(v.seg_start[i], v.seg_len[i], ink)
        if v.signal:
            self._signal(now)
        if v.show_pegs:
            self._pegs(now)
        s = v.preview_side
        if v.preview_points and not (now >> _BLINK_SHIFT) & 1:
            if 0 <= s < v.sides:
                self._preview(s)
            elif s == PREVIEW_ALL:
                for t in range(v.sides):
                    self._preview(t)

    def _preview(self, s):
        p = self.view.front[s] + self.view.preview_points
        if p > 0:
            self._put(self._hole(p), s * 4 + FRONT)

    def _signal(self, now):
        v = self.view
        sig = v.signal
        t = ticks_diff(now, v.signal_ms)
        if sig >= len(SIGNAL_MS) or not 0 <= t < SIGNAL_MS[sig]:
            return
        if sig == SIG_ERROR:  # the whole track red, 128 ms on / 128 ms off
            if not (t >> 7) & 1:
                self._span(1, LEDS, INK_ERROR)
        elif sig == SIG_UNDO or sig == SIG_NEWGAME:  # noqa: PLR1714 - `in (..)` would allocate
            # 5 white holes run back from the game hole (UNDO) or on from hole 1 (NEWGAME).
            head = (t * LEDS) >> 9  # 0..120 over the 512 ms
            self._span(GAME_HOLE - 4 - head if sig == SIG_UNDO else head - 4, 5, INK_FLASH)
        elif sig == SIG_OK or not (t >> 8) & 1:  # OK: one flash; RECOVERED: 3 slow blinks
            for i in range(self._n_marks):
                self._put(self._marks[i], INK_FLASH)
            self._put(GAME_HOLE, INK_FLASH)

    def _pegs(self, now):
        v = self.view
        n = v.sides
        target = v.target
        ph = self._peg_hole  # [2s] front, [2s + 1] back: the hole, or 0 when not shown
        for s in range(n):
            f = v.front[s]
            b = v.back[s]
            ph[2 * s] = (GAME_HOLE if f >= target else f) if f > 0 else 0
            # A back peg on (or, after a correction, past) its front peg's hole is hidden.
            ph[2 * s + 1] = (GAME_HOLE if b >= target else b) if 0 < b < f else 0
        turn = now >> _ALT_SHIFT
        for j in range(2 * n):
            h = ph[j]
            if not h:
                continue
            s = j >> 1
            here = mine = 0  # sides with a peg in hole h, and where s falls among them
            for t in range(n):
                if ph[2 * t] == h or ph[2 * t + 1] == h:
                    if t == s:
                        mine = here
                    here += 1
            if here < 2 or turn % here == mine:
                self._put(h, s * 4 + (BACK if j & 1 else FRONT))

    def _win(self, t):
        v = self.view
        side = v.winner
        if not v.skunk:  # a comet with a dim tail laps the track, one lap per 1024 ms
            head = ((t * LEDS) >> 10) % LEDS + 1
            self._span(head - 6, 6, side * 4 + BACK)
            if head < 7:  # the tail wraps back round past the game hole
                self._span(LEDS + head - 6, 7 - head, side * 4 + BACK)
            self._put(head, side * 4 + FRONT)
        elif t < 1024:  # skunk: the track fills with the winner's colour ...
            self._span(1, ((t * LEDS) >> 10) + 1, side * 4 + BAR)
        else:  # ... then flashes once per skunk level every 1024 ms (128 ms on, 128 off)
            k = (t & 1023) >> 7
            if k < 2 * v.skunk and not k & 1:
                self._span(1, LEDS, side * 4 + FRONT)

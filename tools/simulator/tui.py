"""The interactive simulator (`make sim`): the board in a terminal, drawn with Textual.

The 121 holes in the PCB's geometry (geom.py, from hardware/holes.csv) lit from the
firmware's own frames (live.py), the optional display's 8 lines, the keypad and its keys.
Without colour (NO_COLOR, --no-color, a terminal without colours) the holes are letters
(glyph.py's legend). From 80 columns the display and keypad sit beside the board; narrower,
below it; in a terminal too small for either, a message says what size is needed.
SPDX-License-Identifier: MIT
"""

import os

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import Static

from tools.simulator.geom import fit, load_holes
from tools.simulator.glyph import glyphs_for, hole_rgb
from tools.simulator.live import HOLD_MS, LONG_MS, PRESS_MS, Live, screen_colour
from tools.simulator.panels import (
    DARK_GLYPH,
    KEY_HELP,
    hole_shape,
    layout_for,
    legend_text,
    notes_text,
    packed_legend,
    pc_key,
    small_text,
    status_text,
    title_text,
)

DARK_HOLE = "#4a4a4a"
PREFIX_MS = {"l": LONG_MS, "h": HOLD_MS}
LAYOUTS = ("wide", "narrow", "small")


class BoardView(Widget):
    """The track: each hole one cell, placed by geom.fit in the space the widget has."""

    def __init__(self, sim, **kw):
        super().__init__(**kw)
        self.sim = sim
        self.grid = None
        self._fitted = None  # the content size the grid was fitted to

    def get_content_height(self, container, viewport, width):
        """The rows of the widest grid that fits, leaving 16 rows of the terminal for the
        title, the legend, the notes and the status line."""
        return fit(self.sim.holes, width, max(7, viewport.height - 16)).height

    def render(self):
        live = self.sim.live
        w, h = self.content_size.width, self.content_size.height
        if self._fitted != (w, h):
            self.grid = fit(self.sim.holes, w, h)
            self._fitted = (w, h)
        grid = self.grid
        frame = live.board.leds
        view = live.app.view
        letters = glyphs_for(live.app, frame)
        left = max(0, (w - grid.width) // 2)
        top = max(0, (h - grid.height) // 2)
        text = Text("\n" * top, no_wrap=True)
        for row in grid.rows():
            col = 0
            text.append(" " * left)
            for c, hole in row:
                text.append(" " * (c - col))
                col = c + 1
                letter = letters[hole - 1]
                if self.sim.letters:
                    text.append(letter)
                    continue
                rgb = screen_colour(hole_rgb(frame, hole), view.brightness)
                if rgb is None:
                    text.append(DARK_GLYPH, style=DARK_HOLE)
                else:
                    text.append(hole_shape(letter), style="rgb({},{},{})".format(*rgb))
            text.append("\n")
        return text


class SimApp(App):
    """The simulator; see the module docstring. ``live`` is the board (live.Live)."""

    CSS = """
    #title { height: 1; background: $panel; }
    #top { height: auto; }
    #board { width: 1fr; height: auto; border: round $accent; padding: 1 1; }
    #pads { width: auto; height: 10; }
    #display { width: 18; height: 10; border: round $secondary; }
    #keypad { width: 21; height: 10; border: round $secondary; }
    #bottom { height: 1fr; }
    #legend { width: 1fr; padding: 0 1; }
    #notes { width: 39; padding: 0 1; }
    #status { height: 1; background: $panel; dock: bottom; }
    #small { display: none; padding: 1 2; }
    Screen.-narrow #top { layout: vertical; }
    Screen.-narrow #board { width: 100%; padding: 0 0; }
    Screen.-narrow #pads { width: 100%; }
    Screen.-narrow #notes { display: none; }
    Screen.-small #main { display: none; }
    Screen.-small #small { display: block; }
    """
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("q", "quit", "quit", priority=True),
        Binding("ctrl+c", "quit", "quit", priority=True, show=False),
    ]

    def __init__(self, state_dir, holes_csv, letters=False, clock=None, notice=None):
        # Without colour, Textual's ANSI mode: with NO_COLOR its filter then drops every
        # colour (by default it only greys them, still sending 256-colour escapes).
        super().__init__(ansi_color=True if letters else None)
        self.state_dir = state_dir
        self.notice = notice  # a stale lock taken over (sim.py), said on the screen
        self.holes = load_holes(holes_csv)
        self.letters = letters
        self.live = Live(state_dir) if clock is None else Live(state_dir, clock)
        self.prefix = None  # "l" or "h": the next key is a long press or a hold
        self.layout = "wide"
        self._shown = None

    def compose(self) -> ComposeResult:
        with Vertical(id="main"):
            yield Static(id="title")
            with Horizontal(id="top"):
                board = BoardView(self, id="board")
                board.border_title = "board"
                board.border_subtitle = "hole 1 bottom left"
                yield board
                with Horizontal(id="pads"):
                    yield Static(id="display")
                    yield Static(id="keypad")
            with Horizontal(id="bottom"):
                yield Static(id="legend", classes="legend")
                yield Static(notes_text(self.letters, self.state_dir), id="notes")
            yield Static(id="status")
        yield Static(id="small")

    def on_mount(self):
        self.query_one("#display").border_title = "display"
        self.query_one("#keypad").border_title = "keypad"
        self.set_layout(self.size.width, self.size.height)
        self.set_interval(0.02, self.tick)
        self.show(force=True)
        if self.notice:  # stderr is under the screen: say it where it is seen
            self.notify(self.notice, title="board taken over", severity="warning", timeout=20)

    def on_resize(self, event):
        self.set_layout(event.size.width, event.size.height)

    def set_layout(self, width, height):
        """The screen class for the layout this size allows (the CSS above does the rest)."""
        self.layout = layout_for(width, height, self.letters)
        for name in LAYOUTS:
            self.screen.set_class(name == self.layout, "-" + name)
        self.query_one("#small", Static).update(small_text(width, height, self.letters))
        self.show(force=True)  # the legend and the status line follow the width

    def tick(self):
        try:
            if self.live.tick():
                self.query_one(BoardView).refresh()
            self.show()
        except NoMatches:  # a last tick can land after quit has torn the screen down
            pass

    def show(self, force=False):
        """Repaint the text panels when what they show has changed."""
        live = self.live
        v = live.app.view
        down = live.down[0] if live.down else ""
        width = self.size.width
        status = status_text(live, self.prefix, width)
        state = (tuple(live.lines), v.mode, v.brightness, v.palette, down, self.prefix, status,
                 self.layout, width)  # fmt: skip
        if state == self._shown and not force:
            return
        self._shown = state
        self.query_one("#title", Static).update(title_text(v, self.letters, live.off))
        self.query_one("#display", Static).update("\n".join(live.lines))
        self.query_one("#keypad", Static).update(keypad_text(down, self.prefix))
        legend = self.query_one("#legend", Static)
        if self.layout == "narrow":  # under the keypad, packed into the width: nothing cut
            legend.update(packed_legend(v, self.letters, width - 2))
        else:
            legend.update(legend_text(v, self.letters))
        self.query_one("#status", Static).update(status)
        self.query_one(BoardView).refresh()

    def on_key(self, event):
        ch = event.character
        event.stop()
        if self.layout == "small":  # nothing to see: keys would be typed blind
            return
        if event.key == "escape":
            self.prefix = None
        elif ch in PREFIX_MS:
            self.prefix = ch
        elif ch == "p":
            self.prefix = None
            self.live.power_cycle()
        elif ch is not None and pc_key(ch) is not None:
            self.live.key(pc_key(ch), PREFIX_MS.get(self.prefix, PRESS_MS))
            self.prefix = None
        self.show()


def keypad_text(down, prefix):
    """The 4x4 keypad, the key held now in reverse, then the PC keys."""
    text = Text(no_wrap=True)
    for row in ("123A", "456B", "789C", "*0#D"):
        text.append(" ")
        for legend in row:
            style = "reverse bold" if legend == down else "bold"
            text.append(" {} ".format(legend), style=style)
            text.append(" ")
        text.append("\n")
    for i, line in enumerate(KEY_HELP):
        lit = (prefix == "l" and i == 1) or (prefix == "h" and i == 2)
        text.append(line + "\n", style="reverse" if lit else "")
    return text


def main(state_dir, no_color, holes_csv, notice=None):
    if no_color:
        os.environ["NO_COLOR"] = "1"  # Textual's own panels go monochrome too
    SimApp(state_dir, holes_csv, letters=no_color, notice=notice).run()

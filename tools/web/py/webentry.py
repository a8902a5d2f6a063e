"""The web board's whole entries: its card picker's counts of the show, taken by the firmware
as a paired phone's are, in the board's own loop.

    desk = PageDesk(app)              # sets app.remote = desk: App.tick calls apply and tick
    desk.submit('{"kind": "cards", "cards": ["5H", "5C", "JD", "KS"], "starter": "2C",
                 "claim": 10}')       # "" (it waits for the loop) or the answer at once
    desk.answer                       # the last answer, once taken (then None again)
    desk.due.json(app)                # the count due to pick, as a Pico W's state says it

An entry is one of a paired phone's kinds (live.entries: "cards", "undo", ...), checked as
the board checks a phone's (malformed: answered at once, nothing kept). It waits until App.tick
calls ``apply`` with the board's keypad idle, then goes in whole through the controller as the
keypad's keys for it (live.entries.take; a count's cards: live.cardentry), and the cards of
a count pegged are kept as used (live.showdue). The answer is the JSON the page reads:
``{"applied": true, "note": ...}``, or ``{"applied": false, "error": ..., "confirm": true}``
when the board asks first (a wrong claim: the same entry with ``"confirm": true`` pegs what
the rules say). No numbers and no pairing: the page is the board's own, one tab owns it.
SPDX-License-Identifier: MIT
"""

from json import dumps, loads

from compat import ticks_diff
from live.entries import APPLIED, ASKED, blocked, build, take
from live.showdue import ShowDue

WAIT_MS = 4000  # a key held on the board (live.inbox's): the entry is answered "busy"


def answer(applied, text, asked=False):
    word = "note" if applied else "error"
    return '{{"applied":{},"{}":{}{}}}'.format(
        "true" if applied else "false", word, dumps(text), ',"confirm":true' if asked else ""
    )


class PageDesk:
    """The web board's remote (App.remote); see the module docstring."""

    def __init__(self, app):
        self.app = app
        self.due = ShowDue()  # the count due, the cards used (live.cardentry keeps them)
        self.waiting = None  # (entry, since): build's entry, until the loop takes it
        self.answer = None
        self.decoder = None  # the entries' own keypad decoder, at first use
        app.remote = self

    def submit(self, text):
        """An entry's JSON text: "" while it waits for the loop, or the answer now (a
        malformed entry, one still waiting)."""
        if self.waiting is not None:
            return answer(False, "one entry at a time: the last is still going in")
        try:
            doc = loads(text)
            if not isinstance(doc, dict):
                raise ValueError("an entry is a JSON object")
            entry = build(doc)
        except ValueError as e:
            return answer(False, str(e))
        self.answer = None
        self.waiting = (entry, self.app.board.ticks_ms())
        return ""

    def apply(self, now):
        """App.tick, after the keypad's scan: the entry waiting, if the keypad is idle (1)."""
        w = self.waiting
        if w is None:
            return 0
        app = self.app
        if not app.decoder.idle:  # a key down on the board: the entry waits for it
            if ticks_diff(now, w[1]) < WAIT_MS:
                return 0
            self.waiting = None
            self.answer = answer(False, "a key is held on the board: nothing was entered")
            return 0
        self.waiting = None
        entry = w[0]
        why = blocked(app, entry)
        if why:
            self.answer = answer(False, why)
            return 0
        if self.decoder is None:  # one like the board's (its timings, its repeat keys)
            from keypad import KeyDecoder

            self.decoder = KeyDecoder(repeat_mask=app.decoder.repeat_mask)
        result, text = take(app, self.decoder, entry, now)
        self.answer = answer(result == APPLIED, text, result == ASKED)
        return 1

    def tick(self, now):
        """After the App's turn: a count picked and pegged keeps its cards as used."""
        self.due.settle(self.app)

"""Count-verify mode: check a count of the show against its cards, then peg it.

The same entry as the scoreboard's show checked against the cards (``ui.showentry``), with
claims, whatever the ``show`` rule says: the count checked is the one due next in the show
(``B hand``, ``A crib``); each card one key (1-9, 0 a ten, A B C jack queen king), the
starter last in the deal's first count; then the claim's digits and the key that says what
the suits make where they could change the count (``#`` none, ``A`` nobs, ``B`` a flush,
``C`` a flush with the starter; else ``#``). A correct claim is pegged at once; a wrong one shows
the verdict (a white bar from hole 1 for the true count, the points missed blinking red
after it, or a red bar for the points claimed too many) and ``#`` pegs what the rules say,
an opponent's key takes missed points under muggins. ``#`` with nothing typed steps to the
hand's next count (a count pegged already is not pegged again). After the deal's last count
the deal passes and the board goes back to the scoreboard. ``*`` takes back a digit, the
verdict, a card; long ``*`` starts the count again.
SPDX-License-Identifier: MIT
"""

from compat import const
from ui import HOLD, LONG, ModeBase, Refused, goto
from ui.keys import K_HASH, K_STAR
from ui.showentry import NOT_MINE, RANKS, VERDICT, ShowEntry
from view import BLINK, COLOR_RED, COLOR_WHITE

from modes import MODE_SCORE

_CARDS_AT = const(96)  # the cards entered: holes 96-120, 5 a card


class Mode(ModeBase):
    def __init__(self, keeper):
        ModeBase.__init__(self, keeper)
        self.cards = ShowEntry(keeper, True)

    def reset(self):
        self.cards.reset()

    def enter(self, now):
        self.cards.sync()

    def key(self, k, how, now):
        e = self.cards
        if how == HOLD:
            return None
        if how == LONG:
            if k != K_STAR:
                raise Refused("long * starts again; long D: next mode")
            e.sync()
            e.start_again()
            return None
        e.done = False
        out = e.key(k)
        if out == NOT_MINE:
            if k == K_HASH:
                e.step()
                return None
            raise Refused("the count's cards: 1-9, 0=10, A B C=J Q K")
        if e.done and out is not None:  # the deal's last count: back to the scoreboard
            return (out[0] | goto(MODE_SCORE), out[1])
        return out

    def paint(self, view, now):
        view.show_pegs = False
        e = self.cards
        n = len(e.ranks)
        claim = e.claim.value
        if e.phase == VERDICT:
            total = e.total
            if total:
                view.set_segment(0, 1, total, COLOR_WHITE)
            if e._verdict().missed(e):
                view.set_segment(1, claim + 1, total - claim, COLOR_RED | BLINK)
            else:
                view.set_segment(1, total + 1, claim - total, COLOR_RED)
        elif claim:
            view.set_segment(0, 1, claim, COLOR_WHITE)
        if n:
            view.set_segment(2, _CARDS_AT, 5 * n - 1, COLOR_WHITE)
        if n < e.needed():
            view.set_segment(3, _CARDS_AT + 5 * n, 4, COLOR_WHITE | BLINK)

    def lines(self):
        e = self.cards
        e.sync()
        if e.slot < 0:
            return ["no count is due:", "the play first"]
        out = e.lines(True)
        if not e.ranks and e.phase == RANKS:
            out.append("#: next count")
        return out

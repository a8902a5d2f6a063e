"""Pegging helper: each card as it is played, one key a card; the board pegs what it scores.

Keys: ``1``-``9`` ace to nine, ``0`` ten, ``A`` jack, ``B`` queen, ``C`` king (suits do not
matter in the play), ``D`` go. ``*`` takes back the last card or go and the points it
pegged; long ``*`` starts the hand's play again (its cards and their points are taken back,
so playing them again pegs them once); ``#`` returns to the scoreboard (once the play is
over, with the show started: digits then a side key are a count). The turn, the count, 15s,
31s, pairs, runs, go and last card come from ``cribbage.play.Pegging`` (helper mode: hands
unknown) for 2, 3 or 4 players, partnerships and the five-card game; each card and what it
pegged are one CARD event in the keeper's log (filed as a go when its points hold the go or
the last card: the record then counts 1 of them as the go, as the scoreboard's ``2 A`` then
``A`` files it), which is the hand's only store: the engine
here is rebuilt from the log whenever the log has changed (``Keeper.revision``: a power
cut, an undo on the scoreboard), so the two can never disagree. LEDs: the count as a white
bar from hole 1, and a blinking light after the peg of the side to play.
SPDX-License-Identifier: MIT
"""

from cribbage.errors import CribbageError, IllegalPlayError
from cribbage.play import Pegging
from scorekeeper.events import CARD, EV_KIND, GO, GO_CODE, PLAY
from scorekeeper.rules import kept_cards
from ui import HOLD, LONG, ModeBase, Refused, forget, goto
from ui.entry import RANK_TEXT
from ui.keys import K_D, K_HASH, K_STAR, SIDES, digit, letter
from ui.text import wrap
from view import BLINK, COLOR_WHITE, SIG_UNDO

from modes import MODE_SCORE

GAME_OVER = "game over: hold # for a new game"


def reason_of(score):
    """GO when an action's points hold a go or the last card (the scoreboard's rule: that
    point is a go, the rest the card's play: the record files them so), else PLAY."""
    for what, _points in score.items:
        if what in ("go", "last card"):
            return GO
    return PLAY


def engine(game, codes=None, strict=True):
    """The play engine of the game's current hand with its cards played (game.hand_cards, or
    codes). strict=False stops at a card the engine refuses instead of raising."""
    cfg = game.cfg
    p = Pegging(None, game.dealer, players=cfg.players, partners=bool(cfg.partners),
                five_card=cfg.five_card, three_go=cfg.three_go,
                cards_each=kept_cards(cfg))  # fmt: skip
    for code in game.hand_cards if codes is None else codes:
        try:
            act(p, code)
        except (CribbageError, Refused):
            if strict:
                raise
            break
    return p


def act(p, code):
    """Play the card (or go) for the seat whose turn it is; its PlayScore."""
    if p.turn is None:
        raise Refused("the play is over: # for the scoreboard, * takes back")
    return p.go(p.turn) if code == GO_CODE else p.play(p.turn, code)


class Mode(ModeBase):
    def __init__(self, keeper):
        ModeBase.__init__(self, keeper)
        self._play = None  # the engine: a cache of the log's current hand ...
        self._rev = -1  # ... at this keeper revision
        self.over_said = False  # the last key was refused with the game-over hint

    def reset(self):
        self._play = None

    @property
    def play(self):
        """The engine of the keeper's current hand, rebuilt when the log has changed."""
        k = self.keeper
        if self._play is None or self._rev != k.revision:
            self._play = engine(k.game, strict=False)  # (a log written by a bug stops short)
            self._rev = k.revision
        return self._play

    # -- keys ----------------------------------------------------------------------------

    def key(self, k, how, now):
        self.over_said = False
        if how == HOLD:
            return None
        if how == LONG and k == K_STAR:
            return self._rare("restart", None)
        d = digit(k)
        s = letter(k)
        if d >= 0:
            return self._card(10 if d == 0 else d)
        if 0 <= s <= 2:
            return self._card(11 + s)
        if k == K_D:
            return self._act(GO_CODE, 0)
        if k == K_STAR:
            return self._undo()
        if k == K_HASH:
            if self.play.turn is None and not self.keeper.game.over:  # on to the show
                self.keeper.begin_show()
            return goto(MODE_SCORE)
        return None

    def _card(self, rank):
        played = self.keeper.game.hand_cards
        for suit in range(4):  # the first card of this rank not played yet: suits never score
            code = suit * 13 + rank - 1
            if code not in played:
                return self._act(code, rank)
        raise Refused("all four {}s have been played".format(RANK_TEXT[rank]))

    def _act(self, code, rank):
        k = self.keeper
        if k.game.over:
            self.over_said = True  # said by the refusal: the lines leave it out
            raise Refused(GAME_OVER)
        p = self.play
        try:
            score = act(p, code)  # refused: raises before the engine changes
        except IllegalPlayError as e:
            self._rare("refuse", (e, code, rank))  # raises the refusal in the player's words
        self._play = None  # stale until the log holds the card: a refusal rebuilds it
        points = score.points
        k.card(code, score.side if points else 0, points, reason_of(score))
        self._play = p  # the engine has played the card the log now holds
        self._rev = k.revision

    def _undo(self):
        g = self.keeper.game
        if g.hand_cards and g.last[EV_KIND] == CARD:
            self.keeper.undo()  # the card and its points: one event
            return SIG_UNDO
        return self._rare("undo_refused", None)

    def _rare(self, name, arg):
        """What the helper does now and then (a refusal's words, the play started again): its
        code (ui.pegrare) loads for it and leaves the heap after."""
        from ui import pegrare

        try:
            return getattr(pegrare, name)(self, arg)
        finally:
            forget("ui.pegrare")

    # -- display -------------------------------------------------------------------------

    def paint(self, view, now):
        p = self.play
        if p.count:
            view.set_segment(0, 1, p.count, COLOR_WHITE)
        if p.turn is not None and not self.keeper.game.over:
            s = p.side(p.turn)
            if view.front[s] < view.target:
                view.set_segment(1, view.front[s] + 1, 1, s | BLINK)

    def lines(self):
        p = self.play
        g = self.keeper.game
        if g.over:
            out = [] if self.over_said else wrap(GAME_OVER)
        elif p.turn is None:
            out = ["play over: #"]
        else:
            out = ["count {} {} plays".format(p.count, SIDES[p.side(p.turn)])]
        if p.pile:
            pile = " ".join([RANK_TEXT[c % 13 + 1] for c in p.pile])
            out.append(pile if len(pile) <= 16 else ".." + pile[-14:])  # the latest cards
        if p.scores:
            r = p.scores[-1]
            if r.points:
                # What happened: "A +2" for a card; "go: A +1" when a go ends the count and
                # the point goes to whoever played the last card.
                who = "{} +{}".format(SIDES[r.side], r.points)
                out.append(who if r.card is not None else "go: " + who)
                for what, pts in r.items:
                    if what == "double pair royal":  # 17 letters: too long for the display
                        what = "4 of a kind"
                    out.append(" {} {}".format(what, pts))
            else:
                who = SIDES[p.side(r.actor)]
                out.append("{} {}".format(who, "go" if r.card is None else "played"))
        score = wrap("score " + " ".join([SIDES[i] + str(g.scores[i]) for i in range(g.sides)]))
        return out[: 7 - len(score)] + score

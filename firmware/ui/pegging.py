"""Pegging helper: each card as it is played, one key a card; the board pegs what it scores.

Keys: ``1``-``9`` ace to nine, ``0`` ten, ``A`` jack, ``B`` queen, ``C`` king (suits do not
matter in the play), ``D`` go. ``*`` takes back the last card or go (and the points it
pegged); long ``*`` starts the hand's play again (points pegged stay); ``#`` returns to the
scoreboard (once the play is over, with the show started: digits then a side key are a
count). The turn, the count, 15s, 31s, pairs, runs, go and last card come from
``cribbage.play.Pegging`` (helper mode: hands unknown) for 2, 3 or 4 players and the
five-card game; the points go to the right side through the keeper (PLAY, or GO when the
action scored only a go or last card). LEDs: the count as a white bar from hole 1, and a
blinking light after the peg of the side to play. The hand is kept on flash (``pegsave``).
SPDX-License-Identifier: MIT
"""

from cribbage.cards import VALUES
from cribbage.errors import IllegalPlayError
from cribbage.play import Pegging
from cribbage.playsetup import FIVE_CARD, SIX_CARD
from scorekeeper.events import GO, PEG, PLAY, peg
from view import BLINK, COLOR_WHITE, MODE_SCORE, SIG_UNDO

from ui import HOLD, LONG, ModeBase, Refused, pegsave
from ui.entry import RANK_TEXT
from ui.keys import K_D, K_HASH, K_STAR, SIDES, digit, letter
from ui.text import wrap

GO_CODE = pegsave.GO_CODE


def reason_of(score):
    """GO when an action scored only a go or last card, else PLAY."""
    for what, _points in score.items:
        if what not in ("go", "last card"):
            return PLAY
    return GO


class Mode(ModeBase):
    def __init__(self, ctl):
        self.ctl = ctl
        self.k = ctl.k
        self.fs = ctl.k.fs
        self.play = None  # the Pegging engine of the keeper's current hand
        self.codes = []  # cards (0-51) and goes (GO_CODE) played, in order
        self.hand = ""  # pegsave.hand_key of the hand the engine belongs to
        self.expect = 0  # the keeper's event count once the last action's points are in

    def reset(self):
        self.play = None

    def enter(self, now):
        self._sync()

    # -- following the keeper's hand ---------------------------------------------------

    def _sync(self):
        """Resume the saved play of the keeper's hand, or start it afresh."""
        g = self.k.game
        key = pegsave.hand_key(g)
        if self.play is not None and self.hand == key and len(g.events) >= self.expect:
            return
        saved = pegsave.load(self.fs, self.ctl.folder)
        self._fresh(key)
        if saved is None or saved[0] != key:
            return
        try:
            for code in saved[2]:
                self._apply(code)
                self.codes.append(code)
        except ValueError:  # a file the engine does not accept: start the play again
            self._fresh(key)
            return
        self.expect = saved[1]
        n = len(g.events)
        if n == self.expect - 1 and self.codes and self.play.scores[-1].points:
            # Cut between saving a card and pegging its points: that card is typed again.
            self.play.undo()
            self.codes.pop()
            self.expect = n
            self._save()
        elif n < self.expect:
            self._fresh(key)
            self.ctl.note = ["scores changed:", "play restarted"]

    def _fresh(self, key):
        g = self.k.game
        cfg = g.cfg
        self.play = Pegging(None, g.dealer, players=cfg.players, partners=bool(cfg.partners),
                            variant=FIVE_CARD if cfg.five_card else SIX_CARD)  # fmt: skip
        self.codes = []
        self.hand = key
        self.expect = len(g.events)

    def _apply(self, code):
        p = self.play
        if p.turn is None:
            raise Refused("the play is over: # for the scoreboard, * takes back")
        try:
            return p.go(p.turn) if code == GO_CODE else p.play(p.turn, code)
        except IllegalPlayError as e:  # the engine names seats "player 1"..: say the side
            text = str(e)
            for seat in range(p.players):
                text = text.replace("player {}".format(seat + 1), SIDES[p.side(seat)])
            raise Refused(text) from None

    def _save(self, codes=None, events=-1):
        pegsave.save(self.fs, self.ctl.folder, self.hand, self.expect if events < 0 else events,
                     self.codes if codes is None else codes)  # fmt: skip

    # -- keys ----------------------------------------------------------------------------

    def key(self, k, how, now):
        self._sync()
        if how == HOLD:
            return
        if how == LONG and k == K_STAR:
            self._fresh(self.hand)
            self._save()
            self.ctl.note = ["play restarted;", "points stay"]
            return
        d = digit(k)
        s = letter(k)
        if d >= 0:
            self._card(10 if d == 0 else d, now)
        elif 0 <= s <= 2:
            self._card(11 + s, now)
        elif k == K_D:
            self._act(GO_CODE, now)
        elif k == K_STAR:
            self._undo(now)
        elif k == K_HASH:
            g = self.k.game
            if self.play.turn is None and not g.over:  # the play is over: on to the show
                self.ctl.save_app_setting("app.show", g.deals + 1)
            self.ctl.set_mode(MODE_SCORE, now)

    def _card(self, rank, now):
        for suit in range(4):  # the first card of this rank not played yet: suits never score
            code = suit * 13 + rank - 1
            if code not in self.codes:
                p = self.play
                count = p.count + VALUES[code]
                if p.turn is not None and count > 31:  # the engine would name a suit
                    raise Refused("{} makes {}: over 31 (D: go)".format(RANK_TEXT[rank], count))
                self._act(code, now)
                return
        raise Refused("all four {}s have been played".format(RANK_TEXT[rank]))

    def _act(self, code, now):
        g = self.k.game
        if g.over:
            raise Refused("game over: hold # for a new game")
        score = self._apply(code)  # an illegal play raises here, before anything changes
        try:
            points = score.points
            if points:
                g.check(peg(score.side, points, reason_of(score)))  # refused: nothing written
            after = len(g.events) + (1 if points else 0)
            self._save(self.codes + [code], after)  # the hand first, then the points (pegsave)
        except Exception:
            self.play.undo()
            raise
        self.codes.append(code)
        self.expect = after
        if points:
            try:
                self.k.peg(score.side, points, reason_of(score))
            except Exception:
                self.play = None  # resync from the file, which explains what happened
                raise
            self.ctl.game_changed(now)

    def _undo(self, now):
        if not self.codes:
            raise Refused("no card to take back")
        g = self.k.game
        score = self.play.scores[-1]
        last = g.last
        linked = (score.points and last is not None and len(g.events) == self.expect
                  and last[0] == PEG and last[1] == score.side and last[3] == score.points
                  and last[2] == reason_of(score))  # fmt: skip
        if linked:
            self.k.undo()  # the points first, then the hand (see pegsave)
            self.ctl.game_changed(now)
        self.play.undo()
        self.codes.pop()
        self.expect = len(g.events)
        self._save()
        self.ctl.view.set_signal(SIG_UNDO, now)
        if score.points and not linked:
            self.ctl.note = ["card back; its", "points stay"]

    # -- display -------------------------------------------------------------------------

    def paint(self, view, now):
        p = self.play
        if p is None:
            return
        if p.count:
            view.set_segment(0, 1, p.count, COLOR_WHITE)
        if p.turn is not None:
            s = p.side(p.turn)
            if view.front[s] < view.target:
                view.set_segment(1, view.front[s] + 1, 1, s | BLINK)

    def lines(self):
        p = self.play
        if p is None:
            return []
        if p.turn is None:
            out = ["play over: #"]
        else:
            out = ["count {} {} plays".format(p.count, SIDES[p.side(p.turn)])]
        if p.pile:
            pile = " ".join([RANK_TEXT[c % 13 + 1] for c in p.pile])
            out.append(pile if len(pile) <= 16 else ".." + pile[-14:])  # the latest cards
        if p.scores:
            r = p.scores[-1]
            who = SIDES[p.side(r.actor)]
            if r.points:
                out.append("{} +{} to {}".format(who, r.points, SIDES[r.side]))
                for what, pts in r.items:
                    if what == "double pair royal":  # 17 letters: too long for the display
                        what = "4 of a kind"
                    out.append(" {} {}".format(what, pts))
            else:
                out.append("{} {}".format(who, "go" if r.card is None else "played"))
        g = self.k.game
        score = wrap("score " + " ".join([SIDES[i] + str(g.scores[i]) for i in range(g.sides)]))
        return out[: 7 - len(score)] + score

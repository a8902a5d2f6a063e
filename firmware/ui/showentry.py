"""A count of the show typed as its cards, one key a card: the scoreboard's show (when the
show rule checks claims or counts the cards) and count verify use it.

    e = ShowEntry(keeper, claims=True)    # claims: a claim is checked; else the board counts
    e.key(k)          # an outcome (ui's), or NOT_MINE for a key the caller keeps, or Refused
    e.lines(), e.preview()

The count typed is the one due next in the show (``game.next_slot``: pone, dealer, crib).
Its cards are typed one key a card (``ui.keys.rank``: 1-9, 0 a ten, A B C jack queen king),
the kept cards and then, in the deal's first count, the starter (kept for the deal's other
counts). Suits only where they can count (``cribbage.rankcount``): where the ranks leave a
flush or nobs possible, the key that ends the count says what the suits make: ``#`` none
(the common answer), ``A`` nobs, ``B`` a flush, ``C`` a flush with the starter; where they
do not, ``#``. With claims, the claim's digits come first: a correct claim is pegged at
once; a wrong one shows the verdict, and ``#`` pegs what the rules say (over: the true
count; short: the claim under muggins, and with muggins off the claim (ACC) or the true
count (house): the ``short_claim`` rule), an opponent's key takes the missed points under
muggins. Without claims that key pegs the count. ``*`` takes back a digit, the verdict, a
card. The deal passes by itself once its last count is in (``pass_if_done``).
SPDX-License-Identifier: MIT
"""

from compat import const
from cribbage.rankcount import FLUSH, FLUSH5, NOBS, NONE, RankCount
from cribbage.totals import is_achievable
from scorekeeper.events import CRIB, HAND
from scorekeeper.rules import crib_cards, kept_cards
from view import SIG_OK

from ui import Refused, forget
from ui.entry import RANK_TEXT, Number
from ui.keys import K_HASH, K_STAR, digit, letter, rank
from ui.names import GAME_OVER, count_name, pass_if_done

NOT_MINE = const(-1)  # a key the caller deals with (nothing typed: * undoes, # passes)
RANKS = const(0)  # typing the cards
CLAIM = const(1)  # the cards are in: the claim's digits (claims), the key that ends it
VERDICT = const(2)  # a wrong claim: # pegs, an opponent's key calls muggins


def answer_lines(rc):
    """The keys for what the suits make: '#:none A:nobs', 'flush: B 4, C 5'."""
    m = rc.answers()
    n = len(rc.hand)
    out = ["#:none" + (" A:nobs" if m >> NOBS & 1 else "")]
    if m >> FLUSH & 1 and m >> FLUSH5 & 1:
        out.append("flush: B {}, C {}".format(n, n + 1))
    elif m >> FLUSH5 & 1:
        out.append("C: flush of {}".format(n + 1))
    elif m >> FLUSH & 1:
        out.append("B: flush of {}".format(n))
    return out


class ShowEntry:
    def __init__(self, keeper, claims):
        self.keeper = keeper
        self.claims = claims
        self.claim = Number(2)
        self.reset()

    # -- the deal and the count --------------------------------------------------------

    def reset(self):
        """Forget the deal's cards (a new deal, a new game, an undo past a count)."""
        g = self.keeper.game
        self.deal = (self.keeper.game_rev, g.deals)
        self.starter = 0  # the starter's rank once typed this deal
        self.seen = bytearray(14)  # ranks in the deal's counts pegged so far
        self.counted = g.counted
        self.slot = g.next_slot
        self.stepped = False  # count verify chose another count than the one due
        self.done = False  # the last count pegged ended the deal (or the game)
        self.start_again()

    def start_again(self):
        self.ranks = []
        self.claim.clear()
        self.stale = False  # a refused claim: a digit starts a new one
        self.phase = RANKS
        self.count = None  # the RankCount, once the cards are in
        self.total = -1  # a wrong claim's true count (the VERDICT phase)
        self.awarded = False  # its missed points pegged under muggins ...
        self.award = -1  # ... at this keeper revision

    def step(self):
        """Count verify's # with nothing typed: the hand's next count, in the show's order."""
        self.sync()
        self.slot = (self.slot + 1) % len(self.keeper.game.order)
        self.stepped = True
        self.start_again()

    def sync(self):
        """Follow the keeper: another deal, or counts pegged or undone elsewhere."""
        g = self.keeper.game
        if self.deal != (self.keeper.game_rev, g.deals) or g.counted & ~self.counted:
            self.reset()  # (a count pegged by hand: the cards typed for it would be wrong)
        elif g.counted != self.counted or (
            self.slot != g.next_slot and not self.ranks and not self.stepped
        ):
            self.counted = g.counted
            self.slot = g.next_slot
            self.stepped = False
            self.start_again()

    def _crib(self):
        return bool(self.keeper.game.order[self.slot] & 1)

    def _side(self):
        return self.keeper.game.order[self.slot] >> 1

    def needed(self):
        """Cards to type for this count: its own, and the starter in the deal's first."""
        cfg = self.keeper.game.cfg
        n = crib_cards(cfg) if self._crib() else kept_cards(cfg)
        return n + (0 if self.starter else 1)

    @property
    def typing(self):
        """True once a card of this count is typed (the caller's keys are this one's)."""
        return bool(self.ranks)

    def _rc(self):
        """The count of the cards typed (every phase past the cards has one)."""
        rc = self.count
        if rc is None:
            raise Refused("the cards first")  # (not reached)
        return rc

    # -- keys ----------------------------------------------------------------------------

    def key(self, k):
        self.sync()
        if self.keeper.game.over:
            raise Refused(GAME_OVER)
        if self.slot < 0:
            return NOT_MINE
        if self.phase == VERDICT:
            return self._verdict().key(self, k)
        if self.phase == CLAIM:
            return self._claim_key(k)
        r = rank(k)
        if r > 0:
            return self._add(r)
        if not self.ranks:
            return NOT_MINE
        if k == K_STAR:
            self.ranks.pop()
            return None
        raise Refused("{} more: 1-9, 0=10, A B C=J Q K".format(self.needed() - len(self.ranks)))

    def _add(self, r):
        n = self.seen[r] + (1 if self.starter == r else 0)
        for x in self.ranks:
            n += x == r
        if n >= 4:
            raise Refused("a 5th {}? a deck has four: * takes back".format(RANK_TEXT[r]))
        self.ranks.append(r)
        if len(self.ranks) == self.needed():
            kept = self.ranks if self.starter else self.ranks[:-1]
            self.count = RankCount(kept, self.starter or self.ranks[-1], self._crib())
            self.phase = CLAIM

    def _claim_key(self, k):
        c = self.claim
        d = digit(k)
        if d >= 0 and self.claims:
            if self.stale:
                c.clear()
            self.stale = False
            c.push(d)
            return None
        if k == K_STAR:
            if c.digits:
                c.pop()
            else:
                self.ranks.pop()
                self.count = None
                self.phase = RANKS
            return None
        s = letter(k)
        rc = self._rc()
        if k != K_HASH and (s < 0 or s > 2 or rc.total >= 0):  # (a card too many: J, Q, K)
            raise Refused("the cards are in: " + ("claim, then #" if self.claims else "# pegs"))
        if self.claims:
            if not c.digits:
                raise Refused("type the claim (0 if none), then #")
            kept = 4 if self._crib() else kept_cards(self.keeper.game.cfg)
            if not is_achievable(c.value, self._crib(), kept):
                self.stale = True
                raise Refused("no {} scores {}: is that the claim?".format(
                    "crib" if self._crib() else ("3-card hand" if kept == 3 else "hand"),
                    c.value))  # fmt: skip
        if rc.total < 0:  # what the suits make, one key: # none, A nobs, B flush, C with the
            rc.answer(NONE if s < 0 else s + 1)  # starter (refused where it cannot be)
        if not self.claims or c.value == rc.total:
            return self._peg(rc.total, "correct: " if self.claims else "")
        self.total = rc.total
        self.phase = VERDICT
        return None

    def _verdict(self):
        """The verdict's code (ui.verdict): loaded for a wrong claim, dropped with it."""
        from ui import verdict

        return verdict

    def _peg(self, points, how):
        g = self.keeper.game
        what = count_name(g, self.slot)
        if (g.counted >> self.slot) & 1:  # count verify on a count pegged already
            self._learn()
            self.slot = g.next_slot
            self.stepped = False
            self.start_again()
            return (SIG_OK, "{}{} was pegged already".format(how, what))
        flagged = self.keeper.count(self._side(), points, CRIB if self._crib() else HAND,
                                    self._cards())  # fmt: skip
        self._learn()
        passed = pass_if_done(self.keeper)
        note = "{}{} +{}{}{}".format(how, what, points, " (out of turn)" if flagged else "",
                                     passed)  # fmt: skip
        self.counted = self.keeper.game.counted
        self.slot = self.keeper.game.next_slot
        self.stepped = False
        self.start_again()
        forget("ui.verdict")  # (if this count had a wrong claim)
        if passed or self.slot < 0:
            self.reset()  # the deal has passed (or the game is over)
        self.done = bool(passed) or self.keeper.game.over
        return (SIG_OK, note)

    def _learn(self):
        """Keep what this count's cards tell of the deal: its ranks, the starter."""
        for r in self.ranks:
            self.seen[r] += 1
        if not self.starter:
            self.starter = self.ranks[-1]
            self.seen[self.starter] -= 1  # the starter is not a count's own card

    def _cards(self):
        """The count's cards for the log: its ranks, the starter last (typed by rank: the
        suits are not kept; countcards.RANKS_ONLY)."""
        rc = self._rc()
        out = [-r for r in rc.hand]
        out.append(-rc.starter)
        return out

    # -- display -------------------------------------------------------------------------

    def preview(self):
        """(side, points) that # would peg, for the LEDs and the display; side -1: none."""
        if self.phase == VERDICT:
            return self._side(), self._verdict().pegs(self)
        rc = self.count
        if rc is None:
            return -1, 0
        if self.claims:
            return self._side(), self.claim.value
        return self._side(), rc.total if rc.total >= 0 else rc.fifteens + rc.pairs + rc.runs

    def cards_line(self):
        """'4 5 J _ | _': the cards so far, those to come as _, the starter after the bar."""
        need = self.needed()
        out = []
        for i in range(need if self.starter else need - 1):
            out.append(RANK_TEXT[self.ranks[i]] if i < len(self.ranks) else "_")
        starter = self.starter
        if not starter:
            starter = self.ranks[-1] if len(self.ranks) == need else 0
        return " ".join(out) + " | " + (RANK_TEXT[starter] if starter else "_")

    def lines(self, whole=False):
        """The display's lines (16 columns); whole: the verdict's count parts too."""
        what = count_name(self.keeper.game, self.slot)
        if self.phase == VERDICT:
            return self._verdict().lines(self, whole)
        rc = self.count
        if rc is None:
            left = self.needed() - len(self.ranks)
            out = [what + " cards:", self.cards_line()]  # _ for each card to come
            if left == 1 and not self.starter:
                out.append("now the starter")
            elif not self.ranks:
                out.append("1-9 0=10 ABC=JQK")
            return out
        if self.claims:
            head = "{} claims {}".format(what, self.claim.value if self.claim.digits else "?")
        else:
            head = "{}: {}".format(what, rc.total if rc.total >= 0 else
                                   rc.fifteens + rc.pairs + rc.runs)  # fmt: skip
        out = [head, self.cards_line()]
        if rc.total < 0:
            return out + answer_lines(rc)
        return out + ["#: check it" if self.claims else "#: peg it"]

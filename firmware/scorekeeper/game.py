"""One game's state, derived by replaying its events: pegs, dealer, counting order, winner.

    g = Game(settings, dealer=0)
    g.apply(events.peg(1, 2))        # checks, then applies; returns True if flagged
    g.add(ev, flagged)               # applies an event the caller has checked (the keeper)
    g.pop()                          # undo: drop the last event and replay the rest
    g.replay(evs)                    # apply each in turn, up to one refused: how many stood

Nothing here is set by hand: ``apply`` folds one event into the state, ``pop`` replays the
events that remain, so the state after an undo is exactly the state before the undone event.
Everything is small ints in preallocated lists; the board reads ``front``, ``back``,
``scores``, ``dealer``, ``winner`` directly (no allocation in its refresh path).
Sides are numbered clockwise, so "the dealer's left" is ``(dealer + 1) % sides``.
SPDX-License-Identifier: MIT
"""

from scorekeeper import rules
from scorekeeper.errors import ScorekeeperError
from scorekeeper.events import (
    CARD,
    CORRECTION,
    CRIB,
    DEAL,
    EV_CODE,
    EV_DT,
    EV_KIND,
    EV_POINTS,
    EV_REASON,
    EV_SIDE,
    GO,
    HAND,
    HEELS,
    PEG,
    PLAY,
    SHOW,
)
from scorekeeper.evlist import EventList
from scorekeeper.rules import MAX_PLAY, check_event, skunk_level


class Game:
    """The state of one game; ``events`` holds the events still standing (undo removed)."""

    def __init__(self, settings, dealer=0, start=0, names=None):
        self.cfg = settings
        self.sides = settings.sides
        self.target = settings.target
        self.first_dealer = dealer
        self.start = start
        self.names = list(names) if names else ["", "", "", ""]  # each side's (names.py)
        # The counting order of a hand for each dealer, built once (no allocation per deal).
        self.orders = tuple(rules.count_order(settings, d) for d in range(self.sides))
        self.events = EventList()  # 8 bytes an event, not a list of tuples
        self.scores = [0, 0, 0, 0]
        self.front = [0, 0, 0, 0]
        self.back = [0, 0, 0, 0]
        # Show statistics of this game, per side: hands counted, their points, best counts.
        self.hands = [0, 0, 0, 0]
        self.hand_points = [0, 0, 0, 0]
        self.best_hand = [0, 0, 0, 0]
        self.best_crib = [0, 0, 0, 0]
        self.heels_pegged = [0, 0, 0, 0]  # his heels pegged (statistics)
        self.moved = [0, 0, 0, 0]  # each side's last points that moved its peg, uncapped
        self.fixed = 0  # bit s: side s's last move was a correction (shown as one)
        self.hand_cards = []  # the pegging helper's CARD codes of this hand, in order
        # Play time kept apart from the events' dt (TIME records: the time that passed
        # without an event, kept so that a power cut loses little of it). Replay keeps it.
        self.kept = 0
        self._reset()

    def _reset(self):
        for i in range(4):
            self.scores[i] = self.front[i] = self.back[i] = 0
            self.hands[i] = self.hand_points[i] = self.best_hand[i] = self.best_crib[i] = 0
            self.heels_pegged[i] = self.moved[i] = 0
        self.fixed = 0
        self.dealer = self.first_dealer
        self.deals = 0  # times the deal has passed
        self.pegs = 0  # peg events so far (the five-card bonus comes before any)
        self.heels = False  # his heels pegged in this hand
        self.winner = -1  # the side that reached the target, or -1
        self.at_win = -1  # the best-placed loser's score when the winner went out (skunks)
        self.over = False  # no more points: won (and, with finish_hand, the hand counted out)
        self.flagged = False  # the last event was out of the expected order
        self.seconds = self.kept  # play time: the events' dt added up, and the time kept
        self._new_hand()

    def _new_hand(self):
        self.order = self.orders[self.dealer]
        self.counted = 0  # bit i: order[i] has been counted
        del self.hand_cards[:]
        # The play of this hand has begun (his heels is then too late, ACC 6.3; issue 20:
        # whatever the number of players): a helper's card, play or go points, or the show.
        self.play_begun = False
        self.hand_gos = 0  # go (and last card) points of this deal: at most one a count
        self.show = False  # a SHOW event: the play is over, the show has begun (see in_show)
        self.find_next()

    def find_next(self):
        """Set next_side / next_kind (HAND or CRIB) to the first count not yet entered."""
        order = self.order
        for i in range(len(order)):
            if not (self.counted >> i) & 1:
                self.next_slot = i
                self.next_side = order[i] >> 1
                self.next_kind = CRIB if order[i] & 1 else HAND
                return
        self.next_slot = self.next_side = self.next_kind = -1

    # -- changing the state ------------------------------------------------------------

    def check(self, ev):
        """Raise the reason ev is refused now; else return True if it is allowed but flagged."""
        return check_event(self, ev)

    def apply(self, ev):
        """Check ev, fold it into the state and keep it; return the flag (see check)."""
        flagged = check_event(self, ev)
        self.add(ev, flagged)
        return flagged

    def add(self, ev, flagged):
        """Fold ev into the state and keep it, unchecked: the caller has checked it (the
        keeper, with rules.check_entry, before it wrote it), so it is checked once."""
        self._fold(ev, flagged)
        self.events.append(ev)

    def pop(self):
        """Remove the last event and replay the others; return the removed event or None."""
        if not self.events:
            return None
        evs = self.events
        ev = evs.pop()
        self._reset()
        self.events = EventList()  # 8 bytes an event, not a list of tuples
        self.replay(evs)  # they stood before: none is refused
        return ev

    def replay(self, evs):
        """Apply evs in order as ``apply`` does, up to the first one the rules refuse; return
        how many were applied (len(evs): all).

        The restored board replays its whole log at power-on (and an undo replays the game),
        so the events that are most of a game, pegs for a play or a go before anyone has
        won, take a path here with the same checks and fold as check_event and _fold, on
        locals (host_tests/keeper/test_scorekeeper_replay.py holds the two to the same states and
        refusals); every other event goes through ``apply``. evs hold ints, as decoded from
        the log (apply's type checks guard the entries of the API).
        """
        scores, front, back, moved = self.scores, self.front, self.back, self.moved
        kept = self.events
        sides, target = self.sides, self.target
        cfg = self.cfg
        stinkhole = cfg.stinkhole
        # The field indices as locals: imported names are global lookups on every use.
        f_kind, f_side, f_reason, f_points, f_dt = EV_KIND, EV_SIDE, EV_REASON, EV_POINTS, EV_DT
        for i in range(len(evs)):
            ev = evs[i]
            reason = ev[f_reason]
            # == chains, not `in (PLAY, GO)`: MicroPython builds a tuple of names every time.
            if ev[f_kind] == PEG and (reason == PLAY or reason == GO) and self.winner < 0:  # noqa: PLR1714
                side, points = ev[f_side], ev[f_points]
                old = scores[side] if 0 <= side < sides else -1
                top = MAX_PLAY if reason == PLAY else 2
                if (
                    0 <= old
                    and 0 < points <= top
                    and not (  # else apply says what is wrong
                        reason == GO and stinkhole and old == target - 1
                    )
                ):
                    # _fold for a play or go peg before a win: the peg moves up (old <
                    # target, points > 0), the back peg to where the front one was.
                    self.seconds += ev[f_dt]
                    self.flagged = False
                    self.play_begun = True
                    if reason == GO:
                        self.hand_gos += 1
                    new = min(old + points, target)
                    back[side] = front[side]
                    front[side] = new
                    scores[side] = new
                    moved[side] = points
                    self.fixed &= ~(1 << side)
                    self.pegs += 1
                    if new >= target:
                        self._won(side)
                    kept.append(ev)
                    continue
            try:
                self.apply(ev)
            except ScorekeeperError:
                return i
        return len(evs)

    def add_time(self, dt):
        """Play time that passed without an event (a TIME record)."""
        self.kept += dt
        self.seconds += dt

    def _fold(self, ev, flagged):
        self.seconds += ev[EV_DT]
        self.flagged = flagged
        kind = ev[EV_KIND]
        if kind == DEAL:
            if self.winner >= 0:  # finish_hand: passing the deal ends the won game
                self.over = True
                return
            self.dealer = ev[EV_SIDE]
            self.deals += 1
            self.heels = False
            self._new_hand()
            return
        if kind == SHOW:
            self.show = True
            self.play_begun = True  # the show: the play is over
            return
        if kind == CARD:
            self._card(ev[EV_CODE])
            if not ev[EV_POINTS]:
                return
        elif kind != PEG:
            return
        side, reason, points = ev[EV_SIDE], ev[EV_REASON], ev[EV_POINTS]
        if reason in (PLAY, GO):  # points in the play follow a card: the play has begun
            self.play_begun = True
            if reason == GO:
                self.hand_gos += 1
        old = self.scores[side]
        # A winner stops in the game hole; with finish_hand the others stop one short of it.
        cap = self.target if self.winner < 0 else self.target - 1
        new = min(max(old + points, 0), cap)
        if new > old:  # leapfrog: the back peg jumps to where the front peg was
            self.back[side] = self.front[side]
            self.front[side] = new
        elif new < old:  # a correction moves the front peg back; the back peg never passes it
            self.front[side] = new
            self.back[side] = min(self.back[side], new)
        self.scores[side] = new
        if new != old:
            self.moved[side] = points
            if reason == CORRECTION:
                self.fixed |= 1 << side
            else:
                self.fixed &= ~(1 << side)
        self.pegs += 1
        if reason in (HAND, CRIB):
            self._count(side, reason, points)
            self.play_begun = True  # the show: the play is over
        elif reason == HEELS and side == self.dealer:
            self.heels = True
            self.heels_pegged[side] += 1
        if new >= self.target and self.winner < 0:
            self._won(side)

    def _won(self, side):
        """side has reached the game hole. The skunk is decided now, by the losers' scores
        at the win: with finish_hand they count on, but the game was over (rulebook, "How
        the game ends": it "ends immediately"; docs/RULES.md)."""
        self.winner = side
        self.over = not self.cfg.finish_hand
        best = 0
        for s in range(self.sides):
            if s != side and self.scores[s] > best:
                best = self.scores[s]
        self.at_win = best

    def _card(self, code):
        """A card (or go) of the pegging helper: the play has begun."""
        self.hand_cards.append(code)
        self.play_begun = True

    def _count(self, side, reason, points):
        slot = rules.count_slot(self, side, reason)
        if slot >= 0:
            self.counted |= 1 << slot
            self.find_next()
        if reason == HAND:
            self.hands[side] += 1
            self.hand_points[side] += points
            self.best_hand[side] = max(self.best_hand[side], points)
        elif points > self.best_crib[side]:
            self.best_crib[side] = points

    # -- reading the state --------------------------------------------------------------

    @property
    def in_show(self):
        """True once this hand's show has begun: a count is in, or a SHOW event (``#``)."""
        return self.counted != 0 or self.show

    @property
    def last(self):
        """The last event still standing, or None at the start of the game."""
        return self.events[-1] if self.events else None

    def skunk_of(self, side):
        """0, or 1/2/3 for a skunk/double/triple skunk (lurch on 61) suffered by side: the
        game's, for every loser (a skunk is a kind of win, docs/RULES.md)."""
        if self.winner < 0 or side == self.winner:
            return 0
        return self.skunk

    @property
    def skunk(self):
        """The game's skunk level: the best-placed loser's at the win (every loser must be
        short of the line), so the result, the match's game points and the statistics agree."""
        if self.winner < 0:
            return 0
        return skunk_level(self.cfg, self.at_win)

    def start_bonus_due(self):
        """Five-card game: the side owed "three for last" now (the pone), else -1."""
        if self.cfg.five_card and self.pegs == 0 and not self.over:
            return (self.dealer + 1) % self.sides
        return -1

    def loser(self):
        """Who deals the next game: the lowest loser, ties to the winner's left; -1 if none."""
        if self.winner < 0:
            return -1
        low = -1
        for i in range(1, self.sides):
            s = (self.winner + i) % self.sides
            if low < 0 or self.scores[s] < self.scores[low]:
                low = s
        return low

    def snapshot(self):
        """Everything derived, as one comparable tuple (for tests and debugging)."""
        return (
            tuple(self.scores), tuple(self.front), tuple(self.back), self.dealer, self.deals,
            self.counted, self.next_side, self.next_kind, self.heels, self.winner, self.over,
            self.skunk, self.pegs, self.flagged, self.seconds, tuple(self.hands),
            tuple(self.hand_points), tuple(self.best_hand), tuple(self.best_crib),
            tuple(self.heels_pegged), tuple(self.moved), self.fixed, tuple(self.hand_cards),
            self.play_begun, self.hand_gos, self.show, self.start_bonus_due(), self.last,
        )  # fmt: skip

"""The play of one hand: turns, go, last card, resets and the points pegged, for 2-4 players.

    >>> p = Pegging([["5H", "KD", "2C", "9S"], ["TC", "5S", "3D", "AH"]], dealer=1)
    >>> p.turn, p.play(0, "5H").points, p.play(1, "TC").items
    (0, 0, [('fifteen', 2)])

Two modes share the code. With ``hands`` the engine knows every card and refuses a card
not held and a go from a player who could play. With ``hands=None`` (the board's pegging
helper, which sees cards only as they are played) it is told ``players`` and counts the
cards each has left; it still refuses a card played twice, a count past 31, a play out of
turn and a go while any card would fit (count 21 or less).

The rules (the rulebook: docs/RULES.md; for three or four players
and the five-card game, where it is silent, the classic descriptions such as the
Encyclopaedia Britannica's "Cribbage" and Bicycle's three- and four-hand rules):
- Seat ``dealer + 1`` leads; turns go round by seat. Players with no cards are skipped;
  a player who says go sits out until the count is reset while the others play on.
- When nobody can play (everyone still holding cards has said go: with two players, the
  one who plays on after a go says go too when stuck), whoever played the last card pegs
  1 ("go"); a card that makes 31 pegs 2 instead (never both). Then the
  count resets to 0 and the first player after the last card's player who has cards leads.
  That is the default: play goes round the table until no one can play. ``three_go=1`` is
  Bicycle's three-hand reading (three players only): when the first player after a go
  cannot play either, the count ends there (the next player does not play on).
- The last card of the whole play pegs 1 ("last card"), or the 2 for 31 instead.
- The two-player five-card game (``five_card=1``) counts once to 31: at 31, or when
  nobody can play, the play ends and the cards still held are not played.
- Partners (4 players, ``partners=True``): seats 0 and 2 are side 0, seats 1 and 3 side 1;
  otherwise each seat is its own side.

An illegal action raises IllegalPlayError (InvalidCardError for text that is not a card)
before anything changes.

SPDX-License-Identifier: MIT
"""

from cribbage.cards import VALUES, format_card, parse_card
from cribbage.errors import (
    WHY_31,
    WHY_GO,
    WHY_HELD,
    WHY_OVER,
    WHY_PLAYED,
    WHY_SEAT,
    WHY_TURN,
    WHY_UNDO,
    IllegalPlayError,
)
from cribbage.pegging import MAX_COUNT, items_of, scan
from cribbage.playsetup import check_setup, player_name


class PlayScore:
    """What one action (a card, or a go) pegged.

    ``seat`` and ``side`` score ``points`` (both None when nothing scored); ``items`` is a
    list of (what, points), e.g. [('fifteen', 2), ('go', 1)]; ``actor`` is the seat that
    acted and ``card`` the card int it played (None for a go); ``count`` is the count after
    the action (before any reset); ``reset`` is True when the count then went back to 0,
    ``over`` when the action ended the play.
    """

    def __init__(self, actor, card, count, items):
        self.actor = actor
        self.card = card
        self.count = count
        self.items = items
        self.points = 0
        for _what, pts in items:
            self.points += pts
        self.seat = self.side = None
        self.reset = self.over = False

    def __repr__(self):
        return "<PlayScore {} {} to {}: {} {}{}>".format(
            player_name(self.actor),
            "go" if self.card is None else format_card(self.card),
            self.count,
            self.points,
            self.items,
            " reset" if self.reset else (" over" if self.over else ""),
        )


class Pegging:
    """One hand's play. Read (never assign) the attributes; act with play() and go().

    ``count``: the running count; ``pile``: the card ints played since the last reset;
    ``turn``: the seat to act (None when over); ``gone``: per seat, True once it has said
    go in this count; ``pegged``: points per side in this play; ``over``; ``history``: a
    list of (seat, card int or None for a go); ``scores``: the PlayScore of each action.
    """

    def __init__(
        self,
        hands=None,
        dealer=0,
        *,
        players=None,
        partners=False,
        five_card=0,
        three_go=0,
        cards_each=None,
    ):
        hands, players, cards_each = check_setup(
            hands,
            dealer,
            players=players,
            partners=partners,
            five_card=five_card,
            three_go=three_go,
            cards_each=cards_each,
        )
        self.players = players
        self.dealer = dealer
        self.partners = partners
        self.five_card = five_card
        self.cards_each = cards_each
        self.go_next = bool(three_go) and players == 3  # Bicycle's reading of the go
        self.sides = 2 if partners else players
        self._hands = hands
        self._start()

    def _start(self):
        """Set the state to the start of the play (undo replays from here)."""
        self.count = 0
        self.pile = []
        self.turn = (self.dealer + 1) % self.players
        self.gone = [False] * self.players
        self.pegged = [0] * self.sides
        self.over = False
        self.history = []
        self.scores = []
        self._held = None if self._hands is None else [list(h) for h in self._hands]
        self._left = [self.cards_each] * self.players
        self._played = []  # every card played this hand, to refuse one played twice
        self._last = None  # the seat that played the last card of the current count
        self._went = False  # the last action of the current count was a go

    # -- queries ---------------------------------------------------------------------------

    def side(self, seat):
        """The side (score track) of a seat: seat % 2 with partners, else the seat."""
        return seat % 2 if self.partners else seat

    def cards_left(self, seat):
        """How many cards the seat has still to play."""
        return self._left[seat]

    def hand(self, seat):
        """The card ints the seat still holds (a copy), or None when hands are unknown."""
        return None if self._held is None else list(self._held[seat])

    def playable(self, seat):
        """The cards the seat holds that fit under 31 now (None when hands are unknown)."""
        if self._held is None:
            return None
        room = MAX_COUNT - self.count
        return [c for c in self._held[seat] if VALUES[c] <= room]

    # -- actions ---------------------------------------------------------------------------

    def play(self, seat, card):
        """The seat plays a card (text or int); returns its PlayScore."""
        self._check_turn(seat, "play")
        card = parse_card(card)
        name = format_card(card)
        if card in self._played:
            raise IllegalPlayError("{} has already been played this hand".format(name),
                                   WHY_PLAYED, seat, self.count)  # fmt: skip
        held = self._held
        if held is not None and card not in held[seat]:
            raise IllegalPlayError("{} does not hold {}".format(player_name(seat), name),
                                   WHY_HELD, seat, self.count)  # fmt: skip
        if self.count + VALUES[card] > MAX_COUNT:
            if held is None:
                hint = "say go if no card fits"
            else:
                hint = "play another card" if self.playable(seat) else "say go"
            raise IllegalPlayError(
                "{} would make {}: past 31 ({})".format(
                    name, self.count + VALUES[card], hint
                ),
                WHY_31, seat, self.count,
            )  # fmt: skip
        # The play is legal: from here on the state changes.
        if held is not None:
            held[seat].remove(card)
        self._left[seat] -= 1
        self._went = False
        self._played.append(card)
        self.pile.append(card)
        self._last = seat
        count, streak, run = scan(self.pile)
        self.count = count
        items = items_of(count, streak, run)
        if count != MAX_COUNT:
            nxt = self._next_active(seat)
            if nxt is not None:
                self.turn = nxt
                return self._record(PlayScore(seat, card, count, items), seat, False)
            items.append(self._last_point())  # nobody left who can play: the last card's point
        return self._record(PlayScore(seat, card, count, items), seat, True)

    def go(self, seat):
        """The seat says go (no card fits under 31); returns the PlayScore (the go point, if
        this go ends the count, goes to the player of the last card)."""
        self._check_turn(seat, "say go")
        if self._held is not None:
            fits = self.playable(seat)
            if fits:
                raise IllegalPlayError(
                    "{} can play {} (count {}): no go yet".format(
                        player_name(seat), format_card(fits[0]), self.count
                    ),
                    WHY_GO, seat, self.count,
                )  # fmt: skip
        elif self.count + 10 <= MAX_COUNT:
            raise IllegalPlayError(
                "{} cannot say go at {}: every card fits under 31".format(
                    player_name(seat), self.count
                ),
                WHY_GO, seat, self.count,
            )  # fmt: skip
        self.gone[seat] = True
        if self.go_next and self._went:
            nxt = None  # the first player after a go cannot play either: the count ends
        else:
            nxt = self._next_active(seat)
        self._went = True
        if nxt is not None:
            self.turn = nxt
            return self._record(PlayScore(seat, None, self.count, []), None, False)
        result = PlayScore(seat, None, self.count, [self._last_point()])
        return self._record(result, self._last, True)

    def undo(self):
        """Take back the last action by replaying the others; returns it as (seat, card)."""
        if not self.history:
            raise IllegalPlayError("nothing to undo: no card has been played", WHY_UNDO)
        undone = self.history[-1]
        actions = self.history[:-1]
        self._start()
        for seat, card in actions:
            if card is None:
                self.go(seat)
            else:
                self.play(seat, card)
        return undone

    # -- internals -------------------------------------------------------------------------

    def _check_turn(self, seat, what):
        if self.over:
            raise IllegalPlayError("the play is over: every card that can be played has been",
                                   WHY_OVER, seat, self.count)  # fmt: skip
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalPlayError(
                "there is no seat {!r}: seats are 0-{}".format(seat, self.players - 1),
                WHY_SEAT, None, self.count,
            )  # fmt: skip
        if seat != self.turn:
            raise IllegalPlayError(
                "it is {}'s turn: {} may not {} now".format(
                    player_name(self.turn), player_name(seat), what
                ),
                WHY_TURN, seat, self.count,
            )  # fmt: skip

    def _any_left(self):
        for n in self._left:
            if n:
                return True
        return False

    def _last_point(self):
        """The item for the last card of a count: 'go', or 'last card' when the hand is out."""
        return ("go", 1) if self._any_left() else ("last card", 1)

    def _next_active(self, seat):
        """The next seat after `seat` (itself last) that has cards and has not said go."""
        n = self.players
        for step in range(1, n + 1):
            s = (seat + step) % n
            if self._left[s] and not self.gone[s]:
                return s
        return None

    def _record(self, result, scorer, ends_count):
        """Peg the result for `scorer`, end the count if asked (reset, or end of the play)."""
        if result.points:
            result.seat = scorer
            result.side = self.side(scorer)
            self.pegged[result.side] += result.points
        if ends_count:
            if self.five_card or not self._any_left():
                result.over = self.over = True
                self.turn = None
            else:
                result.reset = True
                self.count = 0
                self.pile = []
                self.gone = [False] * self.players
                self.turn = self._next_active(self._last)
            self._last = None
            self._went = False
        self.history.append((result.actor, result.card))
        self.scores.append(result)
        return result

"""The scoring rules the scorekeeper enforces: what may be pegged now, counting order, skunks.

Refusals raise (nothing changes); entries that are allowed but unexpected, such as a hand
counted out of turn, are accepted and flagged, because the board's idea of the deal may be
the thing that is wrong. Where the product rules are silent, the ACC rules apply: the game
ends the moment a side reaches the target, even mid-count.

``check_event`` is what every event in a log must pass (a log written by older firmware
too); ``check_entry`` adds the checks for a new entry only (issue 11, docs/RULES.md): a
count out of turn may not reach the game hole (ACC 9.2), his heels is the dealer's, once a
hand and only before the play begins (ACC 6.3), no card is played in the show, and a deal
has no more go points than it can have counts (``max_gos``).
SPDX-License-Identifier: MIT
"""

from scorekeeper.errors import BadSide, ImpossibleCount, OutOfTurn, ScorekeeperError, ScoreRefused
from scorekeeper.events import (
    CARD,
    CORRECTION,
    CRIB,
    DEAL,
    EV_CARDS,
    EV_CODE,
    EV_KIND,
    EV_POINTS,
    EV_REASON,
    EV_SIDE,
    GO,
    GO_CODE,
    HAND,
    HEELS,
    MUGGINS,
    PEG,
    PLAY,
    REASONS,
    SHOW,
    START,
    side_name,
)

# One card pegs at most 12 (four of a kind) + 2 (making 15 or 31), and 1 more when it is
# also the last card of the play (at 15: the 2 for 31 replaces the last-card point), which
# the pegging helper enters with the card: 7-2-2-2-2 ending the play pegs 15.
MAX_PLAY = 15
MAX_SHOW = 29


def count_order(cfg, dealer):
    """The counts of a hand in order, each ``side * 2 + is_crib``.

    Pone first, dealer's hand, then the crib; with three or four players, clockwise from
    the dealer's left; partnerships alternate, each partner counting a hand.
    """
    crib = dealer * 2 + 1
    if cfg.partners:
        pone = (1 - dealer) * 2
        return (pone, dealer * 2, pone, dealer * 2, crib)
    n = cfg.players
    return tuple(((dealer + i) % n) * 2 for i in range(1, n + 1)) + (crib,)


def count_slot(game, side, reason):
    """The order slot a HAND/CRIB count of side fills, or -1 if it fills none."""
    want = side * 2 + (1 if reason == CRIB else 0)
    order = game.order
    for i in range(len(order)):
        if order[i] == want and not (game.counted >> i) & 1:
            return i
    return -1


def skunk_level(cfg, loser_score):
    """0 none, 1 skunk, 2 double (a lurch on 61: a double game), 3 triple (with that option)."""
    if cfg.target != 121:
        return 2 if loser_score <= 30 else 0
    if loser_score <= 30 and cfg.triple_skunk:
        return 3
    if loser_score <= 60:
        return 2
    return 1 if loser_score <= 90 else 0


def result_text(game):
    """The result, like ``A won 121-87`` (winner first, then the others in side order)."""
    w = game.winner
    parts = [str(game.scores[w])]
    for s in range(game.sides):
        if s != w:
            parts.append(str(game.scores[s]))
    return "{} won {}".format(side_name(w), "-".join(parts))


def check_event(game, ev):
    """Raise why ev is refused; else return True when it is allowed but flagged."""
    kind = ev[EV_KIND]
    if kind == DEAL:
        _check_side(game, ev[EV_SIDE])
        if game.over:
            raise ScoreRefused(_game_over(game))
        return game.winner < 0 and game.next_side >= 0  # counts still missing
    if kind == SHOW:
        if game.over:
            raise ScoreRefused(_game_over(game))
        if game.in_show:
            raise ScoreRefused("the show has begun already: digits, then a side, count")
        return False
    if kind == CARD:
        if len(ev) != 6 or not 0 <= ev[EV_CODE] <= GO_CODE or ev[EV_REASON] not in (PLAY, GO):
            raise ScorekeeperError("not a card event: {!r}".format(ev))
        if not ev[EV_POINTS]:  # a card that pegged nothing
            if game.over:
                raise ScoreRefused(_game_over(game))
            return False
    elif kind != PEG:
        raise ScorekeeperError("not an event: {!r}".format(ev))
    elif len(ev) > 5:  # a count with its cards (count verify)
        if len(ev) != 6 or ev[EV_REASON] not in (HAND, CRIB):
            raise ScorekeeperError("cards only go with a hand or crib count: {!r}".format(ev))
        from scorekeeper.countcards import unpack_cards  # (loaded only for such a count)

        unpack_cards(ev[EV_CARDS])  # raises if they are not a count's cards
    side, reason, points = ev[EV_SIDE], ev[EV_REASON], ev[EV_POINTS]
    _check_side(game, side)
    if not isinstance(points, int) or not 0 <= reason < len(REASONS):
        raise ScorekeeperError("bad points or reason: {!r}".format(ev))
    if game.over:
        raise ScoreRefused(_game_over(game))
    if game.winner == side:
        raise ScoreRefused("{} has won; the others count out the hand, then pass the deal"
                           .format(side_name(side)))  # fmt: skip
    score = game.scores[side]
    if reason == CORRECTION:
        if points == 0:
            raise ScoreRefused("a correction of 0 changes nothing")
        if score + points < 0:
            raise ScoreRefused(
                "{} has {}: a correction cannot take a score below 0".format(
                    side_name(side), score
                )
            )
        return False
    if points < 0:
        raise ScoreRefused("only a correction takes points away")
    if reason in (HAND, CRIB):
        check_count(game.cfg, points, reason == CRIB)
        slot = count_slot(game, side, reason)
        return slot < 0 or slot != game.next_slot
    if points == 0:
        raise ScoreRefused("nothing to peg: enter the points, then the side")
    if reason == PLAY:
        _check_range(points, MAX_PLAY, "one card pegs at most 14, 15 with the last card")
    elif reason == GO and kind == CARD and points > 1:  # a card's points with its go
        _check_range(points, MAX_PLAY, "one card pegs at most 14, 15 with the last card")
    elif reason == GO:
        _check_range(points, 2, "a go is 1 (2 with 31)")
        _check_stinkhole(game, score, "a go")
    elif reason == HEELS:
        if points != 2:
            raise ScoreRefused("his heels is 2")
        _check_stinkhole(game, score, "his heels")
        return side != game.dealer or game.heels
    elif reason == MUGGINS:
        if not game.cfg.muggins:
            raise ScoreRefused("muggins is off in the settings")
        _check_range(points, MAX_SHOW, "no muggins claim is over 29")
    elif reason == START:
        _check_start(game, side, points)
    return False


def _game_over(game):
    return "game over: {}; undo or start a new game".format(result_text(game))


def check_entry(game, ev):
    """Raise why a new entry is refused (beyond check_event); else return its flag."""
    flagged = check_event(game, ev)
    kind, side, reason, points = ev[EV_KIND], ev[EV_SIDE], ev[EV_REASON], ev[EV_POINTS]
    if kind == CARD and game.in_show:
        raise ScoreRefused("the show has begun: no more cards in this hand")
    if reason == GO and points and game.hand_gos >= max_gos(game.cfg):
        raise ScoreRefused(_too_many_gos(game.cfg))
    if kind != PEG:
        return flagged
    if reason == CORRECTION and game.scores[side] + points > game.target:
        raise ScoreRefused("a correction sets a score of 0-{}: {} has {}".format(
            game.target, side_name(side), game.scores[side]))  # fmt: skip
    if reason in (HAND, CRIB) and flagged and game.winner < 0 and game.next_side >= 0:
        if game.scores[side] + points >= game.target:
            due = "{} {}".format(side_name(game.next_side), REASONS[game.next_kind])
            raise OutOfTurn(
                "{} first: {} cannot count into the game hole".format(due, side_name(side)),
                side, game.next_side, game.next_kind)  # fmt: skip
    elif reason == HEELS:
        if side != game.dealer:
            raise ScoreRefused("his heels is the dealer's: {} deals".format(
                side_name(game.dealer)))  # fmt: skip
        if game.heels:
            raise ScoreRefused("his heels is pegged already: one starter a hand")
        if game.play_begun:
            raise ScoreRefused("too late for his heels: the play has begun (ACC 6.3)")
    return flagged


def _check_side(game, side):
    if not isinstance(side, int) or not 0 <= side < game.sides:
        raise BadSide(
            "there is no side {} in a {}-side game".format(side_name(side), game.sides)
            if isinstance(side, int)
            else "a side is a number 0-{}".format(game.sides - 1)
        )


def _check_range(points, top, message):
    if points > top:
        raise ScoreRefused(message)


def _check_stinkhole(game, score, what):
    if game.cfg.stinkhole and score == game.target - 1:
        raise ScoreRefused("house rule: no pegging out from {} on {}".format(score, what))


def _check_start(game, side, points):
    if not game.cfg.five_card:
        raise ScoreRefused("three for last is only in the five-card game")
    if game.pegs:
        raise ScoreRefused("three for last comes before any other points")
    if side != (game.dealer + 1) % game.sides:
        raise ScoreRefused("three for last goes to the pone, not the dealer")
    if points != 3:
        raise ScoreRefused("three for last is 3")


def max_gos(cfg):
    """The most go (and last card) points a deal can have: each closes a count, and a deal
    has at most as many counts as cards played (8 with two players, 12 with three, 16 with
    four); the five-card game plays to 31 once (rulebook, "Common variations"): one."""
    if cfg.five_card:
        return 1
    return cfg.players * kept_cards(cfg)


def _too_many_gos(cfg):
    n = max_gos(cfg)
    if cfg.five_card:
        return "the five-card game plays to 31 once: 1 go a deal"
    return "{} gos this deal: {} cards make {} counts at most".format(n, n, n)


def kept_cards(cfg):
    """Cards a hand keeps: 4, or the five-card game's 3 (Hoyle) or 4 (the rulebook's reading).

    A crib count is checked as a four-card crib's (``check_count``): in the five-card game's
    keep-4 reading the crib has two cards (``crib_cards``), and every count two cards and a
    starter can score is one a four-card crib can."""
    return cfg.five_keep if cfg.five_card else 4


def crib_cards(cfg):
    """Cards in the crib: 4, or 2 in the five-card game keeping 4 (one thrown by each)."""
    return 2 if cfg.five_card and cfg.five_keep == 4 else 4


def check_count(cfg, points, crib):
    """ImpossibleCount unless some hand (or crib) scores exactly points."""
    from cribbage.totals import is_achievable

    kept = 4 if crib else kept_cards(cfg)
    if not is_achievable(points, crib, kept):
        what = "crib" if crib else ("3-card hand" if kept == 3 else "hand")
        raise ImpossibleCount(
            "no {} scores {}; a correction can enter it".format(
                what, points
            ),
            points, crib, kept)  # fmt: skip

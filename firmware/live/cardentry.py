"""A count of the show picked as cards (a paired phone's or the web board's card picker),
turned into the keypad's keys.

    fn = card_entry(doc)        # ValueError says what is malformed; fn(app) -> the keys
    {"kind": "cards", "cards": ["5H", "5C", "JD", "KS"], "starter": "2C", "claim": 10}

The phone knows each card's suit; the board's keypad takes one key a rank and, where the ranks
leave a flush or nobs possible, one key for what the suits make (``ui.showentry``: ``#``
none, ``A`` nobs, ``B`` a flush, ``C`` a flush with the starter). The keys are worked out when
the board takes the entry, from the count due then: the cards' ranks, the starter's rank if
the deal's first count is due (else the starter must be the one the board has), the claim's
digits where the board checks claims, and the suits' key from the cards themselves. So the
entry goes through the same checks and refusals as the keypad's keys: a fifth card of a rank,
a claim no hand scores, the wrong number of cards; and what only the suits show: a card that
a count picked this deal already used, a starter other than the one picked with the deal's
first count. ``"confirm": true`` adds ``#`` after a
wrong claim's verdict: it pegs what the rules say, as the keypad's ``#`` does; with muggins on,
``"muggins": "A"`` instead adds that opponent's key first, as on the keypad: A takes the points
a short claim missed, then ``#`` pegs the claim (the entry is applied once the count is
pegged: live.entries.KINDS' ``pegged``).
SPDX-License-Identifier: MIT
"""

from cribbage.cards import RANKS, SUITS, parse_card, parse_cards
from keypad import KEYS

RANK_KEYS = "1234567890ABC"  # ace .. king: the show's one key a card (ui.keys.rank)
_TAP = 0  # live.entries.TAP (not imported: entries imports this module)
_JACK = 11


def _key(legend):
    return (KEYS.find(legend), _TAP)


def card_entry(doc):
    """The keys' function of a "cards" entry (checked now: what does not need the board)."""
    cards = doc.get("cards")
    if not isinstance(cards, list) or not 2 <= len(cards) <= 4:
        raise ValueError('"cards" is a list of 2-4 cards such as "5H", "TD", "KS"')
    cards = parse_cards(cards)  # (InvalidCardError, DuplicateCardError: ValueErrors)
    starter = doc.get("starter")
    if not isinstance(starter, str):
        raise ValueError('"starter" is the card turned, such as "2C"')
    starter = parse_card(starter)
    if starter in cards:
        raise ValueError("the starter is one of the cards")
    claim = doc.get("claim")
    if claim is not None and (
        not isinstance(claim, int) or isinstance(claim, bool) or not 0 <= claim <= 29
    ):
        raise ValueError('"claim" is a whole number 0-29')
    again = doc.get("confirm", False)
    if not isinstance(again, bool):
        raise ValueError('"confirm" is true or false')
    mug = doc.get("muggins")
    if mug is not None:
        if not isinstance(mug, str) or len(mug) != 1 or mug not in "ABCD":
            raise ValueError('"muggins" is the side that takes the points missed: "A"-"D"')
        if claim is None:
            raise ValueError('muggins takes what a claim missed: send "claim"')
        again = mug  # after the verdict: that side's key, then # pegs the claim

    def keys(app):
        return _keys(app, cards, starter, claim, again)

    return keys


def suits_key(cards, starter, crib):
    """What the suits make, as the key that ends the count: '#' no flush and no jack of the
    starter's suit, 'A' nobs, 'B' a flush of the kept cards alone (not in a crib), 'C' a
    flush with the starter (which makes a jack of the hand the starter's suit too)."""
    s = SUITS[starter]
    f = SUITS[cards[0]]
    if all(SUITS[c] == f for c in cards):
        if f == s:
            return "C"
        if not crib:
            return "B"  # (every jack of the hand is f's, not the starter's: no nobs)
    for c in cards:
        if RANKS[c] == _JACK and SUITS[c] == s:
            return "A"
    return "#"


def _keys(app, cards, starter, claim, again):
    """The keypad's keys for the cards, for the count due on the board now (ValueError: why
    it cannot take them; nothing is typed)."""
    e = app.ctl.mode._show_cards()
    if e is None:
        raise ValueError("the show is typed as counts here (Settings, show): send the count")
    from ui.names import count_name

    name = count_name(app.keeper.game, e.slot)
    n = e.needed() - (0 if e.starter else 1)
    if len(cards) != n:
        raise ValueError("{} counts {} cards, not {}".format(name, n, len(cards)))
    steps = [_key(RANK_KEYS[RANKS[c] - 1]) for c in cards]
    r = RANKS[starter]
    if not e.starter:
        steps.append(_key(RANK_KEYS[r - 1]))  # the deal's first count: the starter too
    elif e.starter != r:
        from ui.entry import RANK_TEXT

        raise ValueError("the starter on the board is a {}, not a {}".format(
            RANK_TEXT[e.starter], RANK_TEXT[r]))  # fmt: skip
    due = app.remote.due if app.remote is not None else None
    if due is not None:
        _unused(app, due, cards, starter)
    if e.claims:
        if claim is None:
            raise ValueError('the board checks claims: send "claim" (0 if none)')
        steps += [_key(d) for d in str(claim)]
    elif claim is not None:
        raise ValueError("the board counts the cards: no claim")
    steps.append(_key(suits_key(cards, starter, e._crib())))
    if again:  # a wrong claim's verdict: # pegs what the rules say; an opponent's key
        if again is not True:  # first takes the points a short claim missed (muggins)
            steps.append(_key(again))
        steps.append(_key("#"))
    if due is not None:  # the cards' suits, for the phones' state once pegged
        due.offered(app, e.slot, cards, starter)
    return steps


def _unused(app, due, cards, starter):
    """ValueError if a card is in a count a phone picked this deal, or the starter is not
    the one a phone sent (a card is in one hand or crib only, and one starter a deal)."""
    if due.starter >= 0 and starter != due.starter:
        from live.showdue import card_text

        raise ValueError("the starter is {}, not {}".format(card_text(due.starter),
                                                           card_text(starter)))  # fmt: skip
    used, slots = due.used(app)
    for c in cards:
        if c in used:
            from ui.names import count_name

            from live.showdue import card_text

            where = count_name(app.keeper.game, slots[used.index(c)])
            raise ValueError("{} is in {} already".format(card_text(c), where))

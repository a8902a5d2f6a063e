"""The show's counts and the game's events in the display's words, shared by the modes.

    count_name(game, slot)   'B hand', 'A crib'; with partners 'B pone', 'A partner', ...
    next_count(game)         the count due next, '' once every count is in
    hint(game)               '#: B's hand next': what # alone does in a hand's play
    pass_if_done(keeper)     the deal passes by itself once its show is counted
SPDX-License-Identifier: MIT
"""

from scorekeeper.errors import StorageError
from scorekeeper.events import CRIB, HAND

from ui.keys import SIDES

GAME_OVER = "game over: hold # (new game) or * (undo)"


def count_kind(game, side):
    """HAND or CRIB: what side counts next in this hand's show; -1 when it has counted all."""
    order = game.order
    for i in range(len(order)):
        if order[i] >> 1 == side and not (game.counted >> i) & 1:
            return CRIB if order[i] & 1 else HAND
    return -1


def count_name(game, slot):
    """Count slot i of this hand's show: 'B hand', 'A crib'; with partners, which partner:
    'B pone', 'A partner' (the dealer's), 'B partner' (the pone's), 'A dealer'."""
    entry = game.order[slot]
    side = SIDES[entry >> 1]
    if entry & 1:
        return side + " crib"
    if not game.cfg.partners:
        return side + " hand"
    return side + (" pone", " partner", " partner", " dealer")[slot]


def next_count(game):
    """The count due next in the show, 'B hand'; '' once every count is in."""
    return count_name(game, game.next_slot) if game.next_side >= 0 else ""


def owned(name):
    """'B hand' -> "B's hand", as a player says it; a partner's ('B pone') stays."""
    if name.endswith(" hand") or name.endswith(" crib"):
        return name[0] + "'s" + name[1:]
    return name


def hint(what, then=" next"):
    """'#: ' and what # does, with then where it fits the display's 16 columns."""
    text = "#: " + what
    return text + then if len(text) + len(then) <= 16 else text


def pass_if_done(keeper):
    """Pass the deal once every count of the show is in (the game not over): the board
    never waits for a key to say the deal is done. A note for the display, or ''."""
    g = keeper.game
    if g.next_side >= 0 or g.over:
        return ""
    keeper.pass_deal()
    if keeper.fold_due:  # the deal done: the journal's fold now, while the heap has room
        try:  # (rather than at a key of the next deal's play, in the pegging helper)
            keeper.fold()
        except StorageError:  # the journal keeps the records: the board's idle fold retries
            pass
    return "; {} deals".format(SIDES[keeper.game.dealer])

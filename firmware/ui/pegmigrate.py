"""Upgrading a board mid-hand: the pegging helper's hand from the old ``pegging.txt`` file.

Firmware before log version 2 kept the helper's cards in ``pegging.txt`` (``1 <hand>
<events> <codes>``, the hand named ``start.first_dealer.deals.dealer``) and their points in
the game log. Now the log holds both (CARD events). On the first boot after the upgrade the
cards of a file that names the keeper's current hand become CARD events pegging nothing
(their points are in the log already, as before), and the file goes. A file for another
hand, a damaged one, or cards the play engine refuses are dropped: the play starts afresh,
as the old firmware did then. Loaded only when the file is there.
SPDX-License-Identifier: MIT
"""

from cribbage.errors import CribbageError
from scorekeeper.errors import ScorekeeperError
from scorekeeper.events import GO_CODE
from scorekeeper.fileops import join

NAME = "pegging.txt"
# What a migration imports that the board does not keep loaded (app.py forgets them after).
MODULES = ("ui.pegmigrate", "modes.pegging", "cribbage.play", "cribbage.pegging",
           "cribbage.playsetup")  # fmt: skip


def _read(data):
    """(hand, events, codes) of the old file's text, or None."""
    try:
        words = bytes(data).decode().split()
        if not 3 <= len(words) <= 4 or words[0] != "1":
            return None
        codes = [int(c) for c in words[3].split(",")] if len(words) == 4 else []
        for c in codes:
            if not 0 <= c <= GO_CODE:
                return None
        return words[1], int(words[2]), codes
    except ValueError:  # not text, or not numbers
        return None


def migrate(keeper, folder):
    """Move the old file's cards into the keeper's log, then remove it; return how many.

    A cut before the removal is harmless: the next boot finds the hand's cards in the log
    and only removes the file."""
    path = join(folder, NAME)
    try:
        return _migrate(keeper, _read(keeper.fs.read(path) or b""))
    finally:
        keeper.fs.remove(path)


def _migrate(keeper, saved):
    g = keeper.game
    hand = "{}.{}.{}.{}".format(g.start, g.first_dealer, g.deals, g.dealer)
    if saved is None or saved[0] != hand or g.hand_cards or g.counted:
        return 0
    codes = saved[2]
    if saved[1] == len(g.events) + 1 and codes:
        codes = codes[:-1]  # cut between saving a card and pegging it: it is typed again
    elif saved[1] != len(g.events):
        return 0  # the scores changed since: the old firmware restarted the play too
    from modes.pegging import engine

    try:
        engine(g, codes)  # the cards as the engine replays them, or refused
        for code in codes:
            keeper.card(code)
    except (CribbageError, ScorekeeperError):
        return 0
    return len(codes)

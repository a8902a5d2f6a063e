"""The pegging helper's hand on flash: a power cut in the middle of the play loses no card.

One small text file in the keeper's folder, replaced whole (temp file + rename):

    1 <hand> <events> <codes>
    1 0.1.4.0 17 4,17,52,30

``hand`` names the keeper's hand (game start, first dealer, deals, dealer): a file for another
hand is ignored. ``events`` is how many events the keeper should hold once the last card's
points are pegged, ``codes`` the cards played (0-51) and goes (52) in order; the turns follow
from the play engine. The helper writes this file before pegging a card's points and after
undoing them, so after a power cut between the two the keeper holds one event fewer than
``events``: the helper then drops that last card, and it is typed again and pegged once.
SPDX-License-Identifier: MIT
"""

from scorekeeper.atomic import write_atomic
from scorekeeper.fileops import join

NAME = "pegging.txt"
GO_CODE = 52


def hand_key(game):
    """The keeper's current hand, as text."""
    return "{}.{}.{}.{}".format(game.start, game.first_dealer, game.deals, game.dealer)


def save(fs, folder, key, events, codes):
    text = "1 {} {} {}\n".format(key, events, ",".join([str(c) for c in codes]))
    write_atomic(fs, join(folder, NAME), text.encode())


def load(fs, folder):
    """(hand key, events, codes) from the file, or None if there is none or it is damaged."""
    data = fs.read(join(folder, NAME))
    if data is None:
        return None
    try:
        words = bytes(data).decode().split()
        if not 3 <= len(words) <= 4 or words[0] != "1":
            return None
        codes = [int(c) for c in words[3].split(",")] if len(words) == 4 else []
        for c in codes:
            if not 0 <= c <= GO_CODE:
                return None
        return words[1], int(words[2]), codes
    except ValueError:  # not text, or not numbers: a damaged file is no hand
        return None


def discard(fs, folder):
    """Forget the saved hand (a new game)."""
    path = join(folder, NAME)
    if fs.exists(path):
        fs.remove(path)

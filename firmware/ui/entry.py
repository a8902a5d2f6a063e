"""A number a player is typing (points, a claimed count), and the ranks' names.

    n = Number(3)          # up to 3 digits
    n.push(1); n.push(2)   # n.value == 12, n.digits == 2

Every method either changes the entry or raises ``Refused`` having changed nothing.
Cards are typed one key a card (``ui.keys.rank``): the show's (``ui.showentry``), count
verify's and the coach's; RANK_TEXT names them on the display.
SPDX-License-Identifier: MIT
"""

from ui import Refused

RANK_TEXT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


class Number:
    """A non-negative number of at most ``most`` digits."""

    def __init__(self, most):
        self.most = most
        self.clear()

    def clear(self):
        self.value = 0
        self.digits = 0

    def push(self, d):
        if self.digits >= self.most:
            raise Refused("at most {} digits: * clears".format(self.most))
        self.value = self.value * 10 + d
        self.digits += 1

    def pop(self):
        """Take back the last digit."""
        if not self.digits:
            raise Refused("nothing to take back")
        self.value //= 10
        self.digits -= 1

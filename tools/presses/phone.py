"""The taps of a deal on a paired phone's live page: the play on the page's keypad, the show
picked as cards (tools/web/site/cardpicker.js), with the show rule "check claims".

    steps = phone_steps(d)       # [('key', '2'), ('key', 'A'), ..., ('card', '5H'), ('claim', 10)]
    len(steps)                   # the taps of the deal (each step one tap on the page)

The play is the same entries as every way keys it (ways.play_steps), each key a tap on the
page's keypad (a long press of A, his heels, a tap held); a second go in a row for a side is
asked about and the page's ``#`` says yes (liveentry.js). ``#`` starts the show. Each count is
its cards tapped as tiles, the starter's tile in the deal's first count (the board keeps it
for the others), and its claim, one tap on the claim row, which sends the count. A test plays
these steps on the page in Chromium and counts its real taps against them
(host_tests/web/test_web_live_cards.py).
SPDX-License-Identifier: MIT
"""

from tools.presses.dealer import card_name
from tools.presses.ways import count_cards, play_steps


def phone_steps(d):
    """Each tap of the deal on the page, in order: ('key', legend), ('long', legend),
    ('card', 'KH'), ('claim', n)."""
    out = []
    last = None
    for step in play_steps(d):
        cmd, _, rest = step.partition(" ")
        if cmd == "type":
            out += [("key", k) for k in rest]
        elif cmd == "long":
            out.append(("long", rest))
        elif step == last and cmd == "press":  # the board asks about a second go: # says yes
            out.append(("key", "#"))
            step = None  # (a third go in a row is a new entry, asked about again)
        else:
            out.append(("key", rest))
        last = step
    out.append(("key", "#"))  # the play is over: the show
    first = True
    for side, kind, points in d.counts():
        out += [("card", card_name(c)) for c in count_cards(d, side, kind)]
        if first:
            out.append(("card", card_name(d.starter)))
            first = False
        out.append(("claim", points))
    return out

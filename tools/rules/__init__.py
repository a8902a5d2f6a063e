"""The rules engine's generated tables and the enumeration that checks them.

    show_enumeration  every hand and crib (12,994,800 shows), scored by the fast path
    gen_showtable     firmware/cribbage/showtable.py: fifteens, pairs and runs by ranks
    gen_totals        firmware/cribbage/totals.py: the totals some show can score
    gen_cribtable     firmware/cribbage/cribtable.py: expected crib points of each discard

SPDX-License-Identifier: MIT
"""

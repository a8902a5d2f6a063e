"""The club night hub (docs/CLUB.md): a club's players, its nights' draws, results and
standings in one SQLite file, served to the director's page, the standings screen, the
players' phones and the boards at the tables.

    rules.py, standings.py      the scorecard's rules and the standings drawn from the cards
    draw.py, matching.py        the round's draw (rotation; Edmonds' blossom matching)
    store.py, night.py          the club file and the night's operations
    results.py                  results, corrections, special hands, phones' results
    views.py, sheet.py          the documents the pages show; CSV and the printable sheet
    auth.py                     the director's PIN and sessions
    cli.py                      tools/club.py; hub.py: the web server (make club)

SPDX-License-Identifier: MIT
"""

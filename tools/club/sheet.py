"""The night's records: the standings as CSV, its games as CSV, and the printable standings
sheet (HTML for a browser's Print), all drawn from the club file.

    standings_csv(club, night)     # rank, name, game points, wins, ... one row a player
    games_csv(club, night)         # round, table, each seat's player and score, source
    sheet_html(club, night)        # a page to print: the standings, special hands, checks

SPDX-License-Identifier: MIT
"""

import csv
import html
import io

from tools.club.standings import balance, standings
from tools.club.views import cards_of

COLUMNS = (
    "rank",
    "name",
    "game_points",
    "wins",
    "losses",
    "byes",
    "plus",
    "minus",
    "spread",
    "skunks_given",
    "skunks_taken",
    "grp",
    "grand_slam",
    "special_hands",
)


def hands_text(row):
    return "; ".join(f"{h['points']} {h['kind']} (round {h['round']})" for h in row["hands"])


def rows_of(club, night):
    cards, s = cards_of(club, night)
    return standings(cards, s, night["rounds"] or 0), cards, s


def standings_csv(club, night):
    rows, _cards, _s = rows_of(club, night)
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(COLUMNS)
    for r in rows:
        extra = {"grand_slam": "yes" if r["grand_slam"] else "", "special_hands": hands_text(r)}
        w.writerow([extra.get(c, r.get(c)) for c in COLUMNS])
    return out.getvalue()


def games_csv(club, night):
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(
        ("round", "table", "player_a", "score_a", "player_b", "score_b", "source", "corrected")
    )
    names = club.names()
    for r in club.q(
        "SELECT s.round, s.number, s.player_a, r.score_a, s.player_b, r.score_b, r.source,"
        " (SELECT group_concat(c.old_a || '-' || c.old_b || ' -> ' || c.new_a || '-' ||"
        " c.new_b || ': ' || c.reason, ' | ') FROM corrections c WHERE c.night=s.night AND"
        " c.round=s.round AND c.number=s.number) FROM seats s LEFT JOIN results r USING"
        " (night, round, number) WHERE s.night=? ORDER BY s.round, s.number",
        night["id"],
    ):
        bye = r[4] is None
        w.writerow(
            (
                r[0],
                r[1],
                names[r[2]],
                "bye" if bye else r[3],
                "" if bye else names[r[4]],
                "" if bye else r[5],
                r[6] or "",
                r[7] or "",
            )
        )
    return out.getvalue()


_STYLE = """
body { font: 11pt/1.35 system-ui, sans-serif; margin: 1.5em; color: #000; }
h1 { font-size: 16pt; margin: 0 0 .2em; } p { margin: .2em 0 .8em; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #888; padding: .15em .4em; text-align: right; }
th { background: #eee; } td.name, th.name { text-align: left; }
tr:nth-child(even) td { background: #f6f6f6; }
@media print { body { margin: 0; } button { display: none; } }
"""


def sheet_html(club, night):
    rows, cards, s = rows_of(club, night)
    e = html.escape
    state = f"closed {e(night['closed'])}" if night["closed"] else "in play (not closed)"
    out = [
        f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>Club night {night['id']}: standings</title><style>{_STYLE}</style>"
        f"</head><body><button onclick='print()'>Print</button>"
        f"<h1>Club night {night['id']}: standings</h1>"
        f"<p>Opened {e(night['opened'])}, {state}. {night['rounds'] or s.games} games;"
        f" {s.win} for a win, {s.skunk} for a skunk; Grass Roots points from"
        f" {s.grp_min} game points.</p><table><tr><th>Rank</th><th class='name'>Player"
        "</th><th>GP</th><th>Won</th><th>Lost</th><th>Plus</th><th>Minus</th>"
        "<th>Spread</th><th>Skunks</th><th>GRP</th><th class='name'>Special</th></tr>"
    ]
    for r in rows:
        special = ("Grand Slam; " if r["grand_slam"] else "") + hands_text(r)
        out.append(
            f"<tr><td>{r['rank']}</td><td class='name'>{e(r['name'])}</td>"
            f"<td>{r['game_points']}</td><td>{r['wins']}</td><td>{r['losses']}</td>"
            f"<td>{r['plus']}</td><td>{r['minus']}</td><td>{r['spread']:+d}</td>"
            f"<td>{r['skunks_given']}/{r['skunks_taken']}</td><td>{r['grp']}</td>"
            f"<td class='name'>{e(special)}</td></tr>"
        )
    b = balance(cards)
    ok = "balances" if b["ok"] else "DOES NOT BALANCE"
    out.append(
        f"</table><p>Check: spreads sum to {b['spread']}, skunks given {b['skunks_given']}"
        f" / taken {b['skunks_taken']}, wins {b['wins']} / losses {b['losses']}: {ok}."
        "</p>"
    )
    fixes = club.q("SELECT * FROM corrections WHERE night=? ORDER BY id", night["id"])
    if fixes:
        out.append("<h2>Corrections</h2><ul>")
        for c in fixes:
            out.append(
                f"<li>Round {c['round']}, table {c['number']}: {c['old_a']}-{c['old_b']}"
                f" to {c['new_a']}-{c['new_b']} ({e(c['reason'])}, {e(c['at'])})</li>"
            )
        out.append("</ul>")
    out.append("</body></html>")
    return "".join(out)

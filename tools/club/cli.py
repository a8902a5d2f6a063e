"""tools/club.py: the club night from a terminal or a script (docs/CLUB.md).

    tools/club.py --db club.db players add Ann Bob Cat Dan
    tools/club.py --db club.db night new --games 9
    tools/club.py --db club.db round                  # draws it; prints its tables as JSON
    tools/club.py --db club.db result 3 121 95        # table 3: the scores as round printed
    tools/club.py --db club.db standings [--json]
    tools/club.py --db club.db serve                  # the hub: director's page, screen, phones

Without --db: $PICOPEG_CLUB_DB, else ~/.local/share/picopeg/club.db. A refusal prints why on
stderr and exits 1; nothing is written then.
SPDX-License-Identifier: MIT
"""

import argparse
import json
import os
import sys
from pathlib import Path

from tools.club import results, sheet, views
from tools.club.night import Club, ClubError


def default_db():
    if os.environ.get("PICOPEG_CLUB_DB"):
        return os.environ["PICOPEG_CLUB_DB"]
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return str(Path(base) / "picopeg" / "club.db")


def parser():
    p = argparse.ArgumentParser(prog="club.py", description="PicoPeg's club night hub")
    p.add_argument("--db", metavar="FILE", help="the club file (SQLite); default: " + default_db())
    sub = p.add_subparsers(dest="cmd", required=True)
    pl = sub.add_parser("players", help="the roster").add_subparsers(dest="what", required=True)
    pl.add_parser("add", help="add players (they join an open night)").add_argument(
        "names", nargs="+", metavar="NAME"
    )
    pl.add_parser("list", help="the roster")
    rn = pl.add_parser("rename", help="rename a player")
    rn.add_argument("old")
    rn.add_argument("new")
    for name, text in (
        ("checkin", "check players in to the night"),
        ("checkout", "players gone home: drawn no more"),
    ):
        sub.add_parser(name, help=text).add_argument("names", nargs="+", metavar="NAME")
    nt = sub.add_parser("night", help="the night").add_subparsers(dest="what", required=True)
    new = nt.add_parser("new", help="open a night (every player on the roster checked in)")
    new.add_argument("--games", type=int, help="games each plays (default: the club's, 9)")
    new.add_argument("--players", nargs="+", metavar="NAME", help="only these players")
    nt.add_parser("settings", help="the night's settings; NAME=VALUE changes one").add_argument(
        "changes", nargs="*", metavar="NAME=VALUE"
    )
    sub.add_parser("settings", help="the club's settings for new nights").add_argument(
        "changes", nargs="*", metavar="NAME=VALUE"
    )
    rd = sub.add_parser("round", help="draw the next round; print its tables as JSON")
    rd.add_argument("--show", type=int, metavar="N", help="print round N again, drawing nothing")
    rd.add_argument("--undo", action="store_true", help="take back the last draw (no results)")
    for name, text in (
        ("result", "a table's final scores, in the order round printed"),
        ("correct", "change a table's result (with --reason)"),
    ):
        r = sub.add_parser(name, help=text)
        r.add_argument("table", type=int)
        r.add_argument("score1", type=int)
        r.add_argument("score2", type=int)
        r.add_argument("--round", type=int, help="default: the round being played")
        if name == "correct":
            r.add_argument("--reason", required=True)
    hd = sub.add_parser("hand", help="a special hand (28, 29) of a player")
    hd.add_argument("name")
    hd.add_argument("points", type=int)
    hd.add_argument("--crib", action="store_true")
    st = sub.add_parser("standings", help="the standings")
    st.add_argument("--json", action="store_true")
    sub.add_parser("close", help="close the night")
    ex = sub.add_parser(
        "export", help="the last night's standings and games as CSV, and the sheet"
    )
    ex.add_argument("--out", default="club-export", metavar="DIR")
    sub.add_parser("pin", help="set the director's PIN").add_argument("pin")
    sv = sub.add_parser("serve", help="run the hub (make club)")
    sv.add_argument("--host", default="0.0.0.0")
    sv.add_argument("--port", type=int, default=8090)
    return p


def changes(items):
    values = {}
    for item in items:
        name, _, value = item.partition("=")
        try:
            values[name] = int(value)
        except ValueError:
            raise ClubError(f"{item!r}: settings are NAME=NUMBER") from None
    return values


def run(club, a):
    """Do what a asks; the text to print."""
    if a.cmd == "players":
        if a.what == "add":
            club.add_players(a.names)
            return f"added {len(a.names)}"
        if a.what == "rename":
            club.rename(a.old, a.new)
            return "renamed"
        return "\n".join(sorted(club.names().values(), key=str.lower))
    if a.cmd in ("checkin", "checkout"):
        club.check_in(a.names, a.cmd == "checkin")
        return ""
    if a.cmd == "night":
        if a.what == "new":
            return f"night {club.new_night(a.games, a.players)} is open"
        s = club.set_settings(changes(a.changes)) if a.changes else club.settings()
        return json.dumps(s.as_dict(), indent=1)
    if a.cmd == "settings":
        s = club.set_defaults(changes(a.changes)) if a.changes else club.defaults()
        return json.dumps(s.as_dict(), indent=1)
    if a.cmd == "round":
        if a.undo:
            return f"round {club.undo_round()} taken back"
        rnd = a.show or club.draw_round()
        return json.dumps(views.round_tables(club, rnd))
    if a.cmd == "result":
        results.record(club, a.table, a.score1, a.score2, "script", rnd=a.round)
        return ""
    if a.cmd == "correct":
        results.correct(club, a.table, a.score1, a.score2, a.reason, rnd=a.round)
        return ""
    if a.cmd == "hand":
        results.add_hand(club, a.name, a.points, "crib" if a.crib else "hand")
        return ""
    if a.cmd == "standings":
        doc = views.standings_doc(club)
        return json.dumps(doc["rows"], indent=1) if a.json else standings_text(doc)
    if a.cmd == "close":
        return f"night {club.close_night()} is closed"
    if a.cmd == "export":
        return export(club, Path(a.out))
    if a.cmd == "pin":
        from tools.club.auth import set_pin

        set_pin(club, a.pin)
        return "the director's PIN is set"
    raise AssertionError(a.cmd)


def standings_text(doc):
    lines = [f"{'#':>3} {'player':24} {'GP':>3} {'W':>2} {'spread':>6} {'GRP':>3}"]
    for r in doc["rows"]:
        lines.append(
            f"{r['rank']:>3} {r['name']:24} {r['game_points']:>3} {r['wins']:>2}"
            f" {r['spread']:>+6} {r['grp']:>3}"
        )
    return "\n".join(lines)


def export(club, out):
    night = views.shown_night(club)
    if night is None:
        raise ClubError("no night to export")
    out.mkdir(parents=True, exist_ok=True)
    files = {
        "standings.csv": sheet.standings_csv(club, night),
        "games.csv": sheet.games_csv(club, night),
        "standings.html": sheet.sheet_html(club, night),
    }
    for name, text in files.items():
        (out / f"night{night['id']}-{name}").write_text(text, encoding="utf-8")
    return f"wrote {len(files)} files of night {night['id']} to {out}"


def main(argv=None):
    try:
        a = parser().parse_args(argv)
    except SystemExit as e:  # argparse's usage error (2) or --help (0): a return, not an exit
        return e.code
    path = a.db or default_db()
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    if a.cmd == "serve":
        from tools.club.hub import serve

        return serve(path, a.host, a.port)
    club = Club(path)
    try:
        text = run(club, a)
    except ClubError as e:
        print(f"club.py: {e}", file=sys.stderr)
        return 1
    finally:
        club.close()
    if text:
        print(text)
    return 0

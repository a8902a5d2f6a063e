"""The records export (docs/RECORDS.md): the current game deal by deal, the archive of
finished games, the match and the statistics, as one JSON document.

    doc = document(keeper)        # plain dicts, lists, ints, strings, booleans and None
    text = dumps(doc)             # the JSON text: the same bytes on CPython and MicroPython
    for p in pieces(doc): ...     # the same text in small pieces (the board's server sends
                                  # them as they come: live.hub)

The PC's ``make export`` (tools/export.py) and the web page's download both write
``dumps(document(keeper))``, so the two files are identical for the same board files. Keys
are sorted and every number is an int (the board has no floats: averages are in tenths), so
``dumps`` equals CPython's ``json.dumps(doc, sort_keys=True, indent=1)``; MicroPython's
``json`` has neither option, hence the small writer here.
SPDX-License-Identifier: MIT
"""

from scorekeeper import history
from scorekeeper.events import REASONS, SIDE_NAMES
from scorekeeper.ruletable import RULES

SCHEMA = "picopeg-records"
VERSION = 1
SKUNKS = ("none", "skunk", "double", "triple")
# A board's clock counts seconds from 1970 (CPython, a Pico whose port says so) or from 2000
# (MicroPython's embedded epoch: the web board's). A value from 2023 on is a date: since 1970,
# or, below 1970's 2023, since 2000 up to 2040 (past that it reads as an unset clock counted
# from 1970). Anything else is a clock that was never set (a Pico's starts at 2021).
UNIX_2023 = 1672531200  # 2023-01-01 in seconds since 1970
Y2K = 946684800  # 2000-01-01 in seconds since 1970
Y2K_2023 = UNIX_2023 - Y2K  # 2023-01-01 in seconds since 2000
Y2K_2040 = 2208988800 - Y2K  # 2040-01-01 in seconds since 2000
_ESCAPES = {"\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t"}  # as json.dumps writes them


def iso_date(seconds):
    """'2026-12-01T21:05:09Z' for a board's clock time, or None when the clock was not set:
    seconds since 1970 from 2023 on, else seconds since 2000 from 2023 to 2040 (UNIX_2023)."""
    if seconds < UNIX_2023:
        if not Y2K_2023 <= seconds < Y2K_2040:
            return None
        seconds += Y2K  # MicroPython's epoch
    days, rem = divmod(seconds, 86400)
    # Civil date from days since 1970-01-01 (H. Hinnant's algorithm, integers only).
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    day = doy - (153 * mp + 2) // 5 + 1
    month = mp + 3 if mp < 10 else mp - 9
    year = yoe + era * 400 + (1 if month <= 2 else 0)
    return "{:04d}-{:02d}-{:02d}T{:02d}:{:02d}:{:02d}Z".format(
        year, month, day, rem // 3600, rem // 60 % 60, rem % 60
    )


def rule_value(values, v):
    """A rule's value as the export has it: a boolean for an off/on rule, a list for the
    game points, else the number."""
    if values == (0, 1):
        return bool(v)
    return list(v) if isinstance(v, tuple) else v


def _rules(cfg):
    """Every rule of ruletable.RULES by its name, and the sides it makes."""
    out = {}
    for r in RULES:
        out[r[0]] = rule_value(r[1], getattr(cfg, r[0]))
    out["sides"] = cfg.sides
    return out


def _deal(d):
    sides = {}
    for s in range(d.sides):
        row = {}
        for r in range(len(REASONS)):
            row[REASONS[r]] = d.kind(s, r)
        row["points"] = d.total(s)
        row["score"] = d.scores[s]
        sides[SIDE_NAMES[s]] = row
    show = []
    for i in range(len(d.counts)):
        c = d.counts[i]
        entry = {"side": SIDE_NAMES[c[0]], "count": REASONS[c[1]], "points": c[2]}
        cards = d.cards[i]
        if cards:  # typed as cards: as text, and as card ints (typed by rank: the ranks)
            entry["cards"] = history.cards_text(cards)
            if cards[0] < 0:
                entry["ranks"] = [-c for c in cards]
            else:
                entry["card_ints"] = list(cards)
        show.append(entry)
    return {
        "number": d.number,
        "dealer": SIDE_NAMES[d.dealer],
        "seconds": d.seconds,
        "sides": sides,
        "show": show,
        "muggins": [{"side": SIDE_NAMES[m[0]], "points": m[1]} for m in d.muggins],
        "corrections": [{"side": SIDE_NAMES[c[0]], "points": c[1]} for c in d.corrections],
    }


def _result(r):
    if r is None:
        return None
    return {
        "winner": SIDE_NAMES[r.winner],
        "scores": list(r.scores),
        "margin": r.margin,
        "skunk": r.skunk,
        "skunk_name": SKUNKS[r.skunk],
        "game_points": r.game_points,
        "seconds": r.seconds,
    }


def _side_stats(t):
    out = {}
    for r in range(len(REASONS)):
        out[REASONS[r]] = t.moved[r]
    out["pegging"] = t.moved[0] + t.moved[1] + t.moved[4] + t.moved[7]  # play go heels start
    out["hands"] = t.hands
    out["hand_points"] = t.hand_points
    out["average_hand_tenths"] = t.average_hand_tenths()
    out["best_hand"] = t.best_hand
    out["cribs"] = t.cribs
    out["best_crib"] = t.best_crib
    out["deals_dealt"] = t.deals_dealt
    return out


def _names(names, sides):
    """{"A": name, ...} of the sides in play ("" for a side without a name)."""
    return {SIDE_NAMES[s]: names[s] for s in range(sides)}


def game_document(game):
    """The current game: its rules, names, deals, result and each side's statistics."""
    ds = history.deals(game)
    totals = history.side_totals(ds, game.sides)
    return {
        "names": _names(game.names, game.sides),
        "rules": _rules(game.cfg),
        "first_dealer": SIDE_NAMES[game.first_dealer],
        "start": game.start,
        "date": iso_date(game.start),
        "seconds": game.seconds,
        "scores": game.scores[: game.sides],
        "deals": [_deal(d) for d in ds],
        "result": _result(history.result(game)),
        "sides": {SIDE_NAMES[s]: _side_stats(totals[s]) for s in range(game.sides)},
    }


def _archived(e):
    return {
        "names": _names(e.names, e.cfg.sides),
        "rules": _rules(e.cfg),
        "first_dealer": SIDE_NAMES[e.first_dealer],
        "start": e.start,
        "end": e.end,
        "date": iso_date(e.end),
        "seconds": e.seconds,
        "deals": e.deals,
        "winner": SIDE_NAMES[e.winner],
        "scores": list(e.scores),
        "skunk": e.skunk,
        "skunk_name": SKUNKS[e.skunk],
        "game_points": e.game_points,
    }


def _totals(match, stats):
    sides = {}
    for s in range(4):
        row = {"games_won": match.games[s], "game_points": match.points[s]}
        for name in stats.NAMES + stats.EXTRA:
            row[name] = getattr(stats, name)[s]
        row["average_hand_tenths"] = stats.average_hand_tenths(s)
        sides[SIDE_NAMES[s]] = row
    return {"finished": stats.finished, "seconds": stats.seconds, "sides": sides}


def document(keeper):
    """Everything the board records, as one JSON-ready dict (schema: docs/RECORDS.md)."""
    return {
        "schema": SCHEMA,
        "version": VERSION,
        "game": game_document(keeper.game),
        "archive": [_archived(e) for e in keeper.archive()],
        "totals": _totals(keeper.match, keeper.stats),
    }


def _string(s):
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"' or ch == "\\":  # noqa: PLR1714 (no tuple per character)
            out.append("\\" + ch)
        elif ch in _ESCAPES:
            out.append("\\" + _ESCAPES[ch])
        elif o < 0x20 or o > 0x7F:
            out.append("\\u{:04x}".format(o))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def pieces(v, pad=""):
    """The JSON text of v in small pieces (no one of them the whole text: a board with a
    fragmented heap may have no block that holds it)."""
    if v is None:
        yield "null"
    elif v is True:
        yield "true"
    elif v is False:
        yield "false"
    elif isinstance(v, int):
        yield str(v)
    elif isinstance(v, str):
        yield _string(v)
    elif isinstance(v, dict):
        if not v:
            yield "{}"
            return
        inner = pad + " "
        first = True
        for k in sorted(v):
            yield ("{\n" if first else ",\n") + inner + _string(k) + ": "
            first = False
            yield from pieces(v[k], inner)
        yield "\n" + pad + "}"
    elif isinstance(v, (list, tuple)):
        if not v:
            yield "[]"
            return
        inner = pad + " "
        for i in range(len(v)):
            yield ("[\n" if i == 0 else ",\n") + inner
            yield from pieces(v[i], inner)
        yield "\n" + pad + "]"
    else:
        raise TypeError("no JSON for {!r}".format(v))


def dumps(doc):
    """The JSON text of doc (sorted keys, one space of indent, ASCII), ending in a newline."""
    return "".join(pieces(doc)) + "\n"

"""`make export`: the board's records as JSON and CSV files (docs/RECORDS.md).

    python -m tools.export --state DIR --out OUT     the simulator's state folder
    python -m tools.export --port auto --out OUT     an attached Pico, over mpremote

Writes OUT/picopeg.json (the whole record: the current game deal by deal, the archive of
finished games, the match and statistics; schema picopeg-records, version 1), OUT/deals.csv
(one row per deal and side) and OUT/games.csv (one row per archived game). The files are read
into memory first and the board's keeper is run on that copy, so an export never changes
the state folder or the board, even when the files need a repair (it says so on stderr).
Every failure is one line saying what to do, and exit status 1.
SPDX-License-Identifier: MIT
"""

import argparse
import csv
import os
import sys
import tempfile
from pathlib import Path

from scorekeeper import Keeper, records
from scorekeeper.events import REASONS
from scorekeeper.ruletable import NAMES as RULE_NAMES

from tools.board.memfs import MemFS

REPO = Path(__file__).resolve().parents[1]
FIRMWARE = REPO / "firmware"

DEAL_COLUMNS = ("deal", "dealer", "side") + REASONS + ("points", "score", "hand_cards",
                                                       "crib_cards")  # fmt: skip
# Then the game's rules, one column each (scorekeeper/ruletable.py's order and names), but
# the game points table: this file's game_points are the points the game won.
RULES_COLUMNS = tuple(n for n in RULE_NAMES if n != "game_points")
GAME_COLUMNS = ("game", "date", "winner", "score_A", "score_B", "score_C", "score_D",
                "margin", "skunk", "game_points", "first_dealer", "deals",
                "minutes") + RULES_COLUMNS + ("name_A", "name_B", "name_C", "name_D")  # fmt: skip


class ExportError(Exception):
    """What went wrong, said so that the user knows what to do."""


def keeper_of(folder):
    """A Keeper on an in-memory copy of a state folder's files."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ExportError(f"no state folder {folder}: give STATE= the folder sim.py keeps")
    files = {}
    for path in folder.iterdir():
        if path.is_file():
            files["state/" + path.name] = path.read_bytes()
    if "state/game.log" not in files:
        raise ExportError(f"{folder} holds no game.log: is it a PicoPeg state folder?")
    k = Keeper("state", MemFS(files))
    if k.notice:
        print(f"note: {k.notice} (in the copy read; the files are unchanged)", file=sys.stderr)
    return k


def deal_rows(doc):
    """deals.csv's rows: one per deal and side, plain integers."""
    rows = []
    for d in doc["game"]["deals"]:
        for side in sorted(d["sides"]):
            s = d["sides"][side]
            rows.append([d["number"], d["dealer"], side] + [s[r] for r in REASONS]
                        + [s["points"], s["score"], _cards(d, side, "hand"),
                           _cards(d, side, "crib")])  # fmt: skip
    return rows


def _cards(deal, side, count):
    """The cards count verify had for the side's hand (or crib) count of the deal, as text
    ('5H 5C 5D JS | 5S'); '' when it had none."""
    return "; ".join(c["cards"] for c in deal["show"]
                     if c["side"] == side and c["count"] == count and "cards" in c)  # fmt: skip


def game_rows(doc):
    """games.csv's rows: one per archived game, oldest first."""
    rows = []
    for i, g in enumerate(doc["archive"], 1):
        scores = g["scores"] + [""] * (4 - len(g["scores"]))
        others = [g["scores"][s] for s in range(len(g["scores"])) if "ABCD"[s] != g["winner"]]
        rules = [int(g["rules"][n]) for n in RULES_COLUMNS]  # off/on rules as 0 and 1
        names = [g["names"].get(s, "") for s in "ABCD"]
        rows.append([i, g["date"] or "", g["winner"]] + scores + [
            max(g["scores"]) - max(others), g["skunk_name"], g["game_points"],
            g["first_dealer"], g["deals"], g["seconds"] // 60] + rules + names)  # fmt: skip
    return rows


def write(doc, out):
    """Write the three files into out; return their paths."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    paths = (out / "picopeg.json", out / "deals.csv", out / "games.csv")
    paths[0].write_text(records.dumps(doc), encoding="ascii")
    for path, columns, rows in ((paths[1], DEAL_COLUMNS, deal_rows(doc)),
                                (paths[2], GAME_COLUMNS, game_rows(doc))):  # fmt: skip
        with path.open("w", newline="", encoding="ascii") as f:
            w = csv.writer(f)
            w.writerow(columns)
            w.writerows(rows)
    return paths


def from_pico(port):
    """Copy the attached board's /state into a temporary folder (make backup's copy, each
    file checked by sha256) and return a Keeper on it."""
    from tools.flashing import backup, link, ports
    from tools.flashing.errors import FlashError

    with tempfile.TemporaryDirectory() as tmp:
        try:
            board = link.connect(ports.choose(port))
            try:
                backup.backup(board, Path(tmp) / "copy", log=lambda _line: None)
            finally:
                board.close()
        except FlashError as e:
            raise ExportError(str(e)) from e
        state = Path(tmp) / "copy" / "state"
        if not state.is_dir():
            raise ExportError("the board has no /state yet: play a game on it first")
        return keeper_of(state)


def parser():
    p = argparse.ArgumentParser(prog="python -m tools.export", description=__doc__.split("\n")[0])
    p.add_argument("--out", type=Path, required=True, help="the folder to write the files into")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--state", type=Path, help="a state folder (tools/sim.py --state-dir)")
    src.add_argument("--port", default="auto", help="the Pico: auto (default), a port or a URL")
    return p


def main(argv=None):
    args = parser().parse_args(argv)
    try:
        k = keeper_of(args.state) if args.state else from_pico(args.port)
        doc = records.document(k)
        paths = write(doc, args.out)
    except ExportError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"error: {e.strerror or e}: {e.filename or ''}".rstrip(": "), file=sys.stderr)
        return 1
    print(
        f"exported {len(doc['game']['deals'])} deals of the current game and "
        f"{len(doc['archive'])} finished games: " + ", ".join(os.fspath(p) for p in paths)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The rule table (firmware/scorekeeper/ruletable.py) is the one list of the game's rules:
the settings file, the settings mode, the game record's rules word, the export, the docs and
the play engine agree with it. (Adding a rule as docs/DEVELOPING.md says:
project/test_recipes.py.)"""

import inspect
import re
import struct
from pathlib import Path

from app_support import fresh_python
from scorekeeper import Keeper, records
from scorekeeper.ruletable import NAMES, RULES, pack_word
from scorekeeper.settings import Settings, decode
from support import raises

from tools.board.testkit import Clock, FakeFS, keeper

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
FORMAT = REPO / "firmware" / "scorekeeper" / "FORMAT.md"


def test_each_row_is_whole():
    assert len(set(NAMES)) == len(NAMES)
    for name, values, default, label, texts, _bit, bits in RULES:
        assert default in values and len(set(values)) == len(values) > 1, name
        assert texts is None or len(texts) == len(values), name
        # The settings mode's lines are 16 columns: the label, and "= " and a value's text.
        assert len(label) <= 16, name
        for t in texts or [str(v) for v in values]:
            assert len("= " + t) <= 16, (name, t)
        if not bits:
            assert name == "game_points"  # the one rule with bytes of its own in the record
        else:
            assert len(values) <= 1 << bits, name  # its bits hold every value's place


def test_the_rules_word_bits_never_overlap_and_fit():
    used = 0
    for name, _values, _default, _label, _texts, first, bits in RULES:
        mask = ((1 << bits) - 1) << first
        assert first + bits <= 32 and not used & mask, name  # FORMAT.md: a u32
        used |= mask


def test_settings_declares_every_rule_for_mypy():
    # Settings sets its attributes from the table; the class declares them for mypy only.
    assert list(Settings.__annotations__) == list(NAMES)


def test_every_value_of_every_rule_goes_through_the_file_and_the_game_record():
    for name, values, default, _label, _texts, bit, bits in RULES:
        assert getattr(Settings(), name) == default
        for v in values:
            s = Settings()
            s.set(name, v)
            if name == "partners" and v:
                s.set("players", 4)
            if name == "five_card" and v:
                s.set("target", 61)
            assert getattr(decode(s.encode()), name) == v
            k = keeper()
            assert k.set_settings(s) is True
            again = Keeper("st", k.fs, Clock())
            assert getattr(again.game.cfg, name) == v, (name, v)
            if bits:  # the word holds the value's place in the rule's values
                assert pack_word(s) >> bit & ((1 << bits) - 1) == values.index(v)


def record(seq, rtype, payload):
    from scorekeeper.crc import crc16

    body = bytes((6 + len(payload), seq & 0xFF, seq >> 8, rtype)) + payload
    c = crc16(body)
    return body + bytes((c & 0xFF, c >> 8))


def version_5_log(word, dealer=0):
    """A log built from FORMAT.md: header, totals, a version 5 game record with this word."""
    game = struct.pack("<BBBBBII", dealer, 1, 2, 3, 4, 7000, word)
    peg = struct.pack("<BBhH", 1, 0, 2, 5)  # B +2 play
    return (b"PicoPeg\x05" + record(0, 0x4D, bytes(16)) + record(1, 0x53, bytes(94))
            + record(2, 0x47, game) + record(3, 0x50, peg))  # fmt: skip


def test_a_rules_word_built_from_the_format_description():
    # FORMAT.md's table: players 3 is place 1 in bits 0-1, muggins bit 6, three_go bit 10.
    fs = FakeFS({"st/game.log": version_5_log(1 | 1 << 6 | 1 << 10, dealer=2)})
    k = Keeper("st", fs, Clock())
    cfg = k.game.cfg
    assert k.notice == "" and (cfg.players, cfg.muggins, cfg.three_go) == (3, 1, 1)
    assert (cfg.partners, cfg.target, cfg.five_card, cfg.stinkhole) == (0, 121, 0, 0)
    assert cfg.game_points == (1, 2, 3, 4) and (k.game.first_dealer, k.game.start) == (2, 7000)
    assert k.game.scores[:3] == [0, 2, 0]


def test_a_rules_word_this_firmware_cannot_read_sets_the_log_aside():
    # A bit no rule has (a newer firmware's rule), or a place past a rule's values (players
    # place 3, show place 3): the game is never guessed at; the file is kept aside and the
    # board says so.
    free = max(r[5] + r[6] for r in RULES)  # the first bit past every rule's
    for word in (1 << free, 3, 3 << 11, 1 << 31):
        fs = FakeFS({"st/game.log": version_5_log(word)})
        k = Keeper("st", fs, Clock())
        assert "st/game.bad1" in fs.files and "set aside" in k.notice, word
        assert k.game.scores[:2] == [0, 0]


def test_format_md_lays_out_the_rules_word_as_the_table_does():
    rows = re.findall(r"^\| (\d+)(?:-(\d+))? \| `(\w+)`", FORMAT.read_text(), re.M)
    found = {name: (int(a), int(b or a) - int(a) + 1) for a, b, name in rows}
    assert found == {r[0]: (r[5], r[6]) for r in RULES if r[6]}


def test_the_export_and_its_docs_name_every_rule():
    doc = records.game_document(keeper().game)
    assert set(doc["rules"]) == set(NAMES) | {"sides"}
    for name, values, _default, _label, _texts, _bit, _bits in RULES:
        v = doc["rules"][name]
        assert isinstance(v, bool) if values == (0, 1) else not isinstance(v, bool), name
    text = (DOCS / "RECORDS.md").read_text()
    rules_paragraph = text[text.index("**RULES**") : text.index("**ARCHIVED**")]
    for name in NAMES:
        assert "`{}`".format(name) in rules_paragraph, name
    from tools import export

    assert set(export.GAME_COLUMNS) >= set(NAMES) - {"game_points"}


def test_the_settings_mode_lists_the_rules_in_the_tables_order():
    from modes.settings import ITEMS

    assert [i[0] for i in ITEMS[: len(RULES)]] == list(NAMES)
    for item, row in zip(ITEMS, RULES, strict=False):
        assert item == (row[0], row[3], row[1], row[4])


def test_the_play_engine_takes_the_rules_by_their_table_names():
    from cribbage.play import Pegging
    from modes.pegging import engine

    params = inspect.signature(Pegging).parameters
    rules = [n for n, p in params.items() if p.kind == p.KEYWORD_ONLY and n != "cards_each"]
    assert rules and set(rules) <= set(NAMES)
    # The helper hands the game's values over as they are: no translation between the two.
    k = keeper()
    s = k.settings.copy()
    s.set("five_card", 1)
    s.set("target", 61)
    k.set_settings(s)
    p = engine(k.game)
    assert (p.five_card, p.cards_each, p.go_next) == (1, 3, False)
    for players, go_next in ((3, True), (2, False)):  # Bicycle's go: three players only
        s = k.settings.copy()
        s.set("five_card", 0)
        s.set("players", players)
        s.set("three_go", 1)
        k.set_settings(s)
        assert engine(k.game).go_next is go_next
    raises(ValueError, Pegging, None, 0, players=2, five_card=2)


def test_the_table_is_off_the_heap_while_the_board_plays(tmp_path):
    # A fresh process (this one holds the table): the keeper lets the table's module go once
    # it has loaded and after each whole rewrite (a new game); playing, switching modes and
    # changing a board setting need only the names; a rule change takes it for its check,
    # and the new game's record, and lets it go again.
    code = (
        "import sys\n"
        "from modes import MODE_STATS\n"
        "from tools.board.pcboard import Harness\n"
        "T = 'scorekeeper.ruletable'\n"
        "h = Harness({st!r})\n"
        "out = [T in sys.modules]\n"
        "h.type('2A3B')\n"
        "h.to_mode(MODE_STATS)\n"
        "h.keeper.set_setting('app.brightness', 3)\n"
        "h.hold('#', 3200)\n"
        "out.append(T in sys.modules)\n"
        "h.keeper.set_setting('muggins', 1)\n"
        "out.append(h.keeper.game.cfg.muggins == 1 and T not in sys.modules)\n"
        "print(out)\n"
    ).format(st=str(tmp_path / "st"))
    out = fresh_python(code)
    assert out.strip() == "[False, False, True]", out

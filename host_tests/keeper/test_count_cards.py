# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Issue 18: the cards a count was typed as are kept in the game log with their count (a
version 4 "K" record), undo takes them back with it, the history puts them on that count,
and a log of the format before (version 3) still loads. Cards are typed one key a card, so
a count typed so keeps its ranks (the record's bit 30); a record with suits still reads.
Expectations come from the script's own keys and from FORMAT.md, never from the code under
test."""

import struct

from app_support import A_KEYS, B_KEYS, CRIB_KEYS, STARTER, board_in, ranked, typed
from cribbage.cards import parse_card
from modes import MODE_SCORE, MODE_VERIFY
from props import sweep
from scorekeeper import Keeper, ScorekeeperError
from scorekeeper.countcards import pack_cards, unpack_cards
from scorekeeper.crc import crc16
from scorekeeper.events import CRIB, HAND, PLAY
from scorekeeper.eventtext import format_event, parse_event
from scorekeeper.history import cards_text, deals
from scorekeeper.records import document
from support import ON_MICROPYTHON, raises, skip_unless

from tools.board.testkit import Clock, FakeFS, keeper, record_ends

LOG = "st/game.log"
JNL = "st/game.jnl"
CKP = "st/game.ckp"


def ints(names):
    return tuple(parse_card(n) for n in names)


def record(seq, rtype, payload):
    """A record built from FORMAT.md: length, seq (LE), type, payload, CRC-16 (LE)."""
    body = bytes((6 + len(payload), seq & 0xFF, seq >> 8, rtype)) + payload
    c = crc16(body)
    return body + bytes((c & 0xFF, c >> 8))


def packed(cards):
    """FORMAT.md's cards field: 6 bits a card (card + 1), the first card lowest."""
    v = 0
    for i, c in enumerate(cards):
        v += (c + 1) << (6 * i)
    return v


# The show of test_app_cards' issue-20 game: A deals; B's hand 4 5 6 7, starter 5 (the
# 4C 5S 6D 7C and 5H of the rulebook), claimed 12 and pegged as claimed (muggins off: the
# ACC's short claim); A's hand 5 5 J 10 with nobs (21, correct: pegged at once); A's crib
# 2 4 6 8 claimed 9, pegged as the 7 it scores. The crib's count passes the deal.
SHOW = [(1, HAND, 12), (0, HAND, 21), (0, CRIB, 7)]


def expected_cards():
    return [ranked(B_KEYS), ranked(A_KEYS) + STARTER, ranked(CRIB_KEYS) + STARTER]


def verified_show():
    """A board whose first deal's show was pegged through count verify."""
    h = board_in(MODE_VERIFY)
    h.type(B_KEYS + "12##")
    h.type(A_KEYS + "21A")
    h.type(CRIB_KEYS + "9##")
    assert h.view.mode == MODE_SCORE and h.keeper.game.deals == 1
    return h


def test_count_verify_keeps_the_typed_cards_with_each_count_of_the_show():
    h = verified_show()
    want = expected_cards()
    ds = deals(h.keeper.game)
    assert ds[0].counts == SHOW and ds[0].cards == want
    assert [cards_text(c) for c in ds[0].cards] == ["4 5 6 7 | 5", "5 5 J 10 | 5",
                                                    "2 4 6 8 | 5"]  # fmt: skip
    # On flash: a board booted on the files (the journal), and again after a fold (the log).
    fs = h.board.fs
    assert deals(Keeper("state", FakeFS(dict(fs.files)), Clock()).game)[0].cards == want
    h.keeper.fold()
    again = Keeper("state", FakeFS(dict(fs.files)), Clock())
    assert deals(again.game)[0].cards == want and again.notice == ""
    # The records export: each count's cards as text and as card ints.
    show = document(again)["game"]["deals"][0]["show"]
    assert [(s["side"], s["count"], s["points"]) for s in show] == [("B", "hand", 12),
                                                                   ("A", "hand", 21),
                                                                   ("A", "crib", 7)]  # fmt: skip
    assert [s["cards"] for s in show] == [cards_text(c) for c in want]
    assert [s["ranks"] for s in show] == [[4, 5, 6, 7, 5], [5, 5, 11, 10, 5], [2, 4, 6, 8, 5]]
    assert "card_ints" not in show[0]


def test_undo_takes_the_cards_back_with_their_count():
    h = verified_show()
    k = h.keeper
    k.undo()  # the deal's pass
    k.undo()  # the crib's count, and its cards with it
    ds = deals(k.game)
    assert ds[0].counts == SHOW[:2] and ds[0].cards == expected_cards()[:2]
    assert len(k.game.events.raw_cards()) == 2 * 4
    for c in ds[0].cards:  # a count typed by rank: bit 30 of its record's cards
        assert pack_cards(c) >> 30 == 1 and unpack_cards(pack_cards(c)) == c
    k.peg(0, 7, CRIB)  # pegged again on the scoreboard: no cards
    ds = deals(k.game)
    assert ds[0].counts == SHOW and ds[0].cards == expected_cards()[:2] + [None]
    booted = Keeper("state", FakeFS(dict(h.board.fs.files)), Clock())
    assert deals(booted.game)[0].cards == expected_cards()[:2] + [None]
    k.undo()
    k.undo()  # A's hand: only B's cards are left
    assert deals(k.game)[0].cards == expected_cards()[:1]


def test_a_count_record_is_what_the_format_describes():
    k = keeper(clock=Clock(start=5000, step=0))
    cards = ints(["4C", "5S", "6D", "7C", "5H"])
    k.count(1, 14, HAND, cards)
    rec = record(3, 0x4B, struct.pack("<BBhHI", 1, HAND, 14, 0, packed(cards)))
    assert len(rec) == 16  # 6 of frame, 10 of payload
    assert k.fs.files[JNL] == b"PicoJnl\x06" + rec
    k.fold()
    assert k.fs.files[LOG][0:8] == b"PicoPeg\x06" and k.fs.files[LOG][213:] == rec
    three = ints(["5C", "5D", "5H", "JS"])  # the five-card game's 3-card hand and its starter
    assert unpack_cards(pack_cards(three)) == three and pack_cards(three) == packed(three)


def test_bad_cards_are_refused_and_write_nothing():
    k = keeper()
    before = dict(k.fs.files)
    for cards in ((), (52,), (0, 1, 2, 3, 4, 5), (-1, 2)):
        raises(ScorekeeperError, k.count, 1, 4, HAND, cards)
    raises(ScorekeeperError, k.count, 1, 2, PLAY, (0, 1, 2, 3, 4))  # cards only with a count
    assert k.fs.files == before and not k.game.events
    raises(ScorekeeperError, unpack_cards, packed((3, 3)))  # a card twice
    raises(ScorekeeperError, unpack_cards, 0)


def test_event_text_of_a_count_with_its_cards():
    for text in ("B +14 hand 4C 5S 6D 7C | 5H", "A +7 crib 2C 4C 6C 8C | 5H t=3",
                 "C +20 hand 5C 5D 5H | 5S", "B +21 hand 5 5 J 10 | 5"):  # fmt: skip
        assert format_event(parse_event(text)) == text
    ev = parse_event("B +14 hand 4C 5S 6D 7C | 5H")
    assert ev[0:5] == (1, 1, HAND, 14, 0) and unpack_cards(ev[5]) == ints(typed("4A 5D 6B 7A 5C"))
    ev = parse_event("B +21 hand 5 5 J 10 | 5")
    assert unpack_cards(ev[5]) == (-5, -5, -11, -10, -5)


def version_3_log():
    """A log of the format before this one (version 3), built from FORMAT.md: A deals,
    the play's 2, the show begun, B's hand 12 and A's 8 pegged on the scoreboard."""
    game = struct.pack("<BBBBBBBBI", 0, 2, 0, 121, 2, 3, 3, 3, 5000)
    data = b"PicoPeg\x03" + record(0, 0x4D, bytes(16)) + record(1, 0x53, bytes(94))
    data += record(2, 0x47, game)
    data += record(3, 0x50, struct.pack("<BBhH", 1, PLAY, 2, 5))
    data += record(4, 0x48, struct.pack("<H", 9))  # the show begins
    data += record(5, 0x50, struct.pack("<BBhH", 1, HAND, 12, 20))
    data += record(6, 0x50, struct.pack("<BBhH", 0, HAND, 8, 30))
    return data


def test_a_version_3_log_loads_whole_and_is_rewritten_in_this_version():
    fs = FakeFS({LOG: version_3_log()})
    k = Keeper("st", fs, Clock())
    assert k.notice == "" and k.game.scores[0:2] == [8, 14] and k.game.in_show
    ds = deals(k.game)
    assert ds[0].counts == [(1, HAND, 12), (0, HAND, 8)] and ds[0].cards == [None, None]
    assert fs.files[LOG][0:8] == b"PicoPeg\x06"  # rewritten before anything is appended
    k.count(0, 4, CRIB, ints(["2C", "3D", "9H", "KS", "QC"]))
    booted = Keeper("st", FakeFS(dict(fs.files)), Clock())
    assert booted.notice == "" and booted.game.scores[0:2] == [12, 14]
    assert deals(booted.game)[0].cards == [None, None, ints(["2C", "3D", "9H", "KS", "QC"])]
    # A count record in a version 3 log is no record of that version: damage, dropped.
    bad = version_3_log() + record(7, 0x4B, struct.pack("<BBhHI", 0, CRIB, 4, 0, 65))
    k = Keeper("st", FakeFS({LOG: bad}), Clock())
    assert k.game.scores[0:2] == [8, 14] and "dropped 16 damaged bytes" in k.notice


def counted_game(deals_wanted):
    """A keeper through deals_wanted deals, each with a play peg and three counts with their
    cards; [(snapshot, events)] after each event."""
    k = keeper()
    snaps = [(k.snapshot(), list(k.game.events))]
    hands = [(0, 5, 10, 15, 20), (1, 6, 11, 16, 20), (2, 7, 12, 17, 20)]
    for n in range(deals_wanted):
        dealer = k.game.dealer
        pone = 1 - dealer
        k.peg(pone, 2)
        snaps.append((k.snapshot(), list(k.game.events)))
        for side, reason, cards in ((pone, HAND, hands[0]), (dealer, HAND, hands[1]),
                                    (dealer, CRIB, hands[2])):  # fmt: skip
            k.count(side, 2 + n % 3, reason, cards[n % 2 :])  # 5 cards, or 4 (3 + starter)
            snaps.append((k.snapshot(), list(k.game.events)))
        k.pass_deal()
        snaps.append((k.snapshot(), list(k.game.events)))
    return k, snaps


def now(k):
    return (k.snapshot(), list(k.game.events))


def test_the_log_of_counts_with_cards_cut_at_every_byte():
    k, snaps = counted_game(4)
    k.fold()
    data = k.fs.files[LOG]
    ends = record_ends(data)
    assert len(ends) == 3 + len(snaps) - 1
    for size in sweep(ends[2], len(data) + 1):
        got = Keeper("st", FakeFS({LOG: data[0:size]}), Clock())
        n = sum(1 for e in ends[3:] if e <= size)
        assert now(got) == snaps[n], size
        assert (got.notice == "") == (size in ends), (size, got.notice)


def test_the_journal_of_counts_with_cards_cut_at_every_byte():
    k, _ = counted_game(2)
    k.fold()
    log = k.fs.files[LOG]
    snaps = [now(k)]
    dealer = k.game.dealer
    for side, reason, cards in ((1 - dealer, HAND, (3, 8, 13, 18, 21)),
                                (dealer, HAND, (4, 9, 14, 19, 21)),
                                (dealer, CRIB, (22, 23, 24, 25, 21))):  # fmt: skip
        k.count(side, 6, reason, cards)
        snaps.append(now(k))
    jnl = k.fs.files[JNL]
    ends = [8, 24, 40, 56]  # the journal's header, then 16 bytes a count
    assert len(jnl) == ends[-1]
    for size in sweep(len(jnl) + 1):
        got = Keeper("st", FakeFS({LOG: log, JNL: jnl[0:size]}), Clock())
        n = sum(1 for e in ends[1:] if e <= size)
        assert now(got) == snaps[n], size
        assert (got.notice == "") == (size in ends or size == 0), (size, got.notice)


def test_a_checkpoint_keeps_the_cards_and_a_cut_one_is_ignored():
    k, snaps = counted_game(10)  # 50 records: a fold writes a checkpoint
    k.fold()
    assert CKP in k.fs.files
    got = Keeper("st", FakeFS(dict(k.fs.files)), Clock())
    assert got._ck_seq >= 0 and now(got) == snaps[-1]
    assert deals(got.game)[3].cards == deals(k.game)[3].cards
    got.undo()  # a count the checkpoint holds, taken back with its cards
    assert now(got) == snaps[-2]
    ckp = k.fs.files[CKP]
    step = 1 if not ON_MICROPYTHON else 3
    for size in range(0, len(ckp), step):
        files = dict(k.fs.files)
        files[CKP] = ckp[0:size]
        b = Keeper("st", FakeFS(files), Clock())
        assert now(b) == snaps[-1] and b._ck_seq == -1, size


def test_the_deals_csv_has_each_sides_counted_cards():
    skip_unless(not ON_MICROPYTHON, "make export is a PC tool")
    from tools.export import DEAL_COLUMNS, deal_rows

    h = verified_show()
    rows = [dict(zip(DEAL_COLUMNS, r, strict=True)) for r in deal_rows(document(h.keeper))]
    a, b = rows[0], rows[1]
    assert (a["side"], b["side"]) == ("A", "B")
    assert a["hand_cards"] == "5 5 J 10 | 5" and a["crib_cards"] == "2 4 6 8 | 5"
    assert b["hand_cards"] == "4 5 6 7 | 5" and b["crib_cards"] == ""

# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The scorekeeper's file formats, checked against FORMAT.md and published check values."""

import struct

from scorekeeper import CORRECTION, HAND, HEELS, PLAY, Keeper, ScorekeeperError
from scorekeeper.crc import crc16
from scorekeeper.eventtext import format_event, parse_event
from scorekeeper.log import VERSION
from scorekeeper.names import set_names
from support import raises

from tools.board.testkit import Clock, FakeFS, keeper


def test_crc16_ccitt_false_check_values():
    # The catalogue's check value for "123456789", and two short vectors.
    assert crc16(b"123456789") == 0x29B1
    assert crc16(b"") == 0xFFFF
    assert crc16(b"A") == 0xB915
    assert crc16(b"xx123456789yy", 2, 11) == 0x29B1


def record(seq, rtype, payload):
    """A record built from FORMAT.md: length, seq (LE), type, payload, CRC-16 (LE)."""
    body = bytes((6 + len(payload), seq & 0xFF, seq >> 8, rtype)) + payload
    c = crc16(body)
    return body + bytes((c & 0xFF, c >> 8))


def hand_built_log():
    """A log written by hand from the format description: header, totals, a game, events."""
    match = struct.pack("<8H", 1, 0, 0, 0, 3, 0, 0, 0)  # A has won one game, for 3 points
    stats = bytearray(86)
    struct.pack_into("<HHHHHHBBHI", stats, 0, 1, 1, 1, 0, 0, 0, 20, 8, 5, 41)
    struct.pack_into("<HHHHHHBBHI", stats, 20, 1, 0, 0, 1, 0, 0, 12, 6, 5, 30)
    struct.pack_into("<HI", stats, 80, 1, 1800)
    # Game: B deals first, 2 players, muggins on (flag bit 2), to 121, ACC points, t=5000.
    game = struct.pack("<BBBBBBBBI", 1, 2, 0x04, 121, 2, 3, 3, 3, 5000)
    data = b"PicoPeg\x01" + record(0, 0x4D, match) + record(1, 0x53, bytes(stats))
    data += record(2, 0x47, game)
    data += record(3, 0x50, struct.pack("<BBhH", 0, PLAY, 2, 7))  # A +2 play
    data += record(4, 0x50, struct.pack("<BBhH", 0, HAND, 12, 30))  # A (pone) hand 12
    data += record(5, 0x50, struct.pack("<BBhH", 1, 5, 2, 4))  # B +2 muggins
    data += record(6, 0x55, b"")  # undo the muggins
    data += record(7, 0x44, struct.pack("<BH", 0, 60))  # A deals
    data += record(8, 0x50, struct.pack("<BBhH", 0, CORRECTION, -1, 3))  # A -1 correction
    return data


def test_a_log_written_by_hand_from_the_format_description():
    fs = FakeFS({"st/game.log": hand_built_log()})
    k = Keeper("st", fs, Clock())
    assert k.notice == ""
    g = k.game
    assert (g.scores[0:2], g.front[0:2], g.back[0:2]) == ([13, 0], [13, 0], [2, 0])
    assert (g.first_dealer, g.dealer, g.deals, g.cfg.muggins, g.start) == (1, 0, 1, 1, 5000)
    assert g.seconds == 7 + 30 + 60 + 3
    assert k.history() == ["A +2 play t=7", "A +12 hand t=30", "deal A t=60",
                           "A -1 correction t=3"]  # fmt: skip
    assert (k.match.games[0:2], k.match.points[0:2]) == ([1, 0], [3, 0])
    st = k.stats
    assert (st.hands[0:2], st.hand_points[0:2], st.best_hand[0:2]) == ([6, 5], [53, 30],
                                                                        [20, 12])  # fmt: skip
    assert (st.finished, st.seconds, st.skunks_given[0], st.skunks_taken[1]) == (1, 1900, 1, 1)


def test_a_version_1_log_loads_whole_and_is_rewritten_in_this_version():
    # A game saved by the version-1 firmware (a board upgraded mid-match): everything loads,
    # including entries the new rules refuse for new entries (heels for the pone, a count out
    # of turn into the game hole were taken and flagged); the first boot rewrites the file in
    # this firmware's version, with nothing lost, before anything is appended.
    data = hand_built_log()
    data += record(9, 0x50, struct.pack("<BBhH", 1, HEELS, 2, 1))  # B (pone) heels: flagged
    data += record(10, 0x50, struct.pack("<BBhH", 0, CORRECTION, 100, 1))  # A 113
    data += record(11, 0x50, struct.pack("<BBhH", 0, HAND, 8, 1))  # A (dealer) 8 first: wins
    fs = FakeFS({"st/game.log": data})
    k = Keeper("st", fs, Clock())
    g = k.game
    assert k.notice == "" and (g.scores[0:2], g.winner, g.flagged) == ([121, 2], 0, True)
    assert fs.files["st/game.log"][0:8] == b"PicoPeg" + bytes((VERSION,))
    k2 = Keeper("st", fs, Clock())
    assert k2.snapshot() == k.snapshot() and k2.stats.hands[0:2] == [7, 5]  # A: 5 + 12 + 8
    assert k2.game.heels_pegged[0:2] == [0, 0]  # the pone's heels is no dealer's heels


def loads_the_events_before(data, damage):
    """Keeper on data + damage + a further good peg record: the damage and everything after
    it are dropped (FORMAT.md, "Start-up and recovery" 3), the events before it stand."""
    after = record(10, 0x50, struct.pack("<BBhH", 1, PLAY, 5, 1))  # numbered after damage
    fs = FakeFS({"st/game.log": data + damage + after})
    k = Keeper("st", fs, Clock())
    assert k.game.scores[0:2] == [13, 0]
    assert k.history()[-1] == "A -1 correction t=3"
    # Records 3-8 (five events and an undo) are kept; the damage and the peg after it go.
    assert k.notice == "recovered 6 events; dropped {} damaged bytes".format(len(damage) + 12)
    # The file was rewritten without the damage: a reload finds nothing to repair.
    assert Keeper("st", fs, Clock()).notice == ""


def test_a_record_of_no_known_type_ends_the_good_prefix():
    # A 5-byte "record" (length 5 = the 6-byte frame of a payload of -1 bytes) whose type
    # byte and the byte after it happen to be the CRC of its first three bytes: its type is
    # none of FORMAT.md's, so it is damage, not a record.
    body = bytes((5, 9, 0))
    c = crc16(body)
    assert c & 0xFF not in (0x4D, 0x53, 0x47, 0x50, 0x44, 0x55)
    loads_the_events_before(hand_built_log(), body + bytes((c & 0xFF, c >> 8)))


def test_a_totals_or_game_record_after_the_start_ends_the_good_prefix():
    # FORMAT.md: M, S and G are records 0-2 and a new game is never appended, so a whole
    # M, S or G record among the events (a CRC passed by chance, or a bug) is damage.
    game = struct.pack("<BBBBBBBBI", 1, 2, 0, 121, 2, 3, 3, 3, 6000)
    loads_the_events_before(hand_built_log(), record(9, 0x47, game))
    loads_the_events_before(hand_built_log(), record(9, 0x4D, bytes(16)))


def test_the_keeper_writes_what_the_format_describes():
    k = keeper(clock=Clock(start=5000, step=0))
    k.peg(1, 2)
    # The event goes to the journal, numbered on from the log's records; a fold moves it.
    assert len(k.fs.files["st/game.log"]) == 213
    peg = record(3, 0x50, struct.pack("<BBhH", 1, PLAY, 2, 0))
    assert k.fs.files["st/game.jnl"] == b"PicoJnl\x06" + peg
    k.fold()
    assert "st/game.jnl" not in k.fs.files
    data = k.fs.files["st/game.log"]
    assert data[0:8] == b"PicoPeg\x06"  # version 6
    assert data[8:30] == record(0, 0x4D, bytes(16))
    assert data[30:130] == record(1, 0x53, bytes(94))  # version 2 on: heels per side at the end
    # Version 5: dealer, game points, start, the rules word (every rule its first value: 0);
    # version 6: then the sides' names, 16 bytes each (none yet: zeros).
    game = struct.pack("<BBBBBII", 0, 2, 3, 3, 3, 5000, 0)
    assert data[130:213] == record(2, 0x47, game + bytes(64))
    assert data[213:] == record(3, 0x50, struct.pack("<BBhH", 1, PLAY, 2, 0))
    assert len(data) == 225  # 8 + 22 + 100 + 83 header, 12 per peg
    k.undo()
    k.pass_deal()
    k.card(4, 0, 2, PLAY)  # the pegging helper: 5C, A pegs 2 with it
    k.card(52)  # a go that pegs nothing
    k.begin_show()  # version 3: the show begins (#)
    k.fold()
    data = k.fs.files["st/game.log"]
    assert data[225:] == (record(4, 0x55, b"") + record(5, 0x44, struct.pack("<BH", 1, 0))
                          + record(6, 0x43, struct.pack("<BBBBH", 4, 0, PLAY, 2, 0))
                          + record(7, 0x43, struct.pack("<BBBBH", 52, 0, PLAY, 0, 0))
                          + record(8, 0x48, struct.pack("<H", 0)))  # fmt: skip
    k.clock.now += 75  # 75 s without an event: keep_time writes it (at most once a minute)
    assert k.keep_time() is True and k.keep_time() is False
    assert k.fs.files["st/game.jnl"] == b"PicoJnl\x06" + record(9, 0x54, struct.pack("<H", 75))
    assert Keeper("st", k.fs, Clock()).game.seconds == 75


def test_the_names_are_in_the_game_record():
    k = keeper(clock=Clock(start=5000, step=0))
    k.peg(0, 2)
    set_names(k, ["Ann Lee", "Zo\u00eb"])  # a rewrite: the game record with the names, the events
    data = k.fs.files["st/game.log"]
    names = b"Ann Lee" + bytes(9) + "Zo\u00eb".encode() + bytes(12) + bytes(32)
    game = struct.pack("<BBBBBII", 0, 2, 3, 3, 3, 5000, 0) + names
    assert data[130 + 4 : 130 + 4 + 77] == game  # (the record's seq follows the last written)
    assert "st/game.jnl" not in k.fs.files and len(data) == 225
    again = Keeper("st", k.fs, Clock())
    assert again.game.names == ["Ann Lee", "Zo\u00eb", "", ""]
    assert again.game.scores[:2] == [2, 0]


def test_event_text_round_trip():
    for text in ("A +2 play", "B -3 correction t=12", "C +0 hand", "D +3 start t=1",
                 "deal B", "deal A t=600", "undo", "card 5C", "card go t=4",
                 "card 10D A +2 play", "card go B +1 go t=9", "show", "show t=5"):  # fmt: skip
        assert format_event(parse_event(text)) == text
    assert parse_event("B 12 crib") == (1, 1, 3, 12, 0)
    assert parse_event("card JS B +2 play") == (4, 1, 0, 2, 0, 49)  # (CARD, B, play, 2, dt, JS)
    for bad in ("E +2 play", "A two play", "A +2 plays", "deal", "deal Q", "A +2 play t=x",
                "card 1Z", "card 5C A +2"):  # fmt: skip
        raises(ScorekeeperError, parse_event, bad)


def test_settings_file_text():
    k = keeper()
    k.set_setting("app.brightness", 35)
    text = k.fs.files["st/settings.txt"]
    body = (
        b"picopeg-settings 1\nplayers=2\npartners=0\ntarget=121\nfive_card=0\nfive_keep=3\n"
        b"muggins=0\ntriple_skunk=0\ngame_points=2,3,3,3\nstinkhole=0\nfinish_hand=0\n"
        b"three_go=0\nshow=0\nshort_claim=0\n"
        b"app.brightness=35\n"
    )
    assert text == body + "crc={:04X}\n".format(crc16(body)).encode()

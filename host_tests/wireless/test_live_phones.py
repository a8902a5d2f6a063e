# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The paired phones on flash (firmware/live/phones.py): 128-bit tokens compared whole, at most
eight phones, and, across a power cut, each phone's pairing and its entries' numbers: a power
cut at every byte an entry writes, then the phone's retry, leaves the entry in the game exactly
once (never lost, never pegged twice)."""

import json

from live.hub import Hub
from live.phones import MAX_PHONES, Phones, fingerprint
from props import sweep

from tools.board.memfs import MemFS
from tools.board.pcboard import Harness
from tools.board.testkit import FakeFS, PowerCut

PATH = "/s/phones.txt"

ADDR = "192.168.4.2"  # the phone's address


class Counter:
    """A deterministic rand_bytes: bytes n, n+1, ... (so the tokens can be worked out)."""

    def __init__(self, start=0):
        self.n = start

    def __call__(self, k):
        out = bytes((self.n + i) & 255 for i in range(k))
        self.n += k
        return out


def test_a_token_is_128_random_bits_compared_whole():
    p = Phones(MemFS(), PATH, Counter(11))
    token = p.add()
    assert token == "".join("{:02x}".format((11 + i) & 255) for i in range(16))
    assert p.find(token) is p.list[0]
    assert p.find(token[:-1] + ("0" if token[-1] != "0" else "1")) is None
    for bad in ("", None, token[:-1], token + "0", 5):
        assert p.find(bad) is None


def test_at_most_eight_phones_the_oldest_forgotten_and_all_forgotten_at_once():
    fs = MemFS()
    p = Phones(fs, PATH, Counter())
    tokens = [p.add() for _ in range(MAX_PHONES + 1)]
    assert len(set(tokens)) == MAX_PHONES + 1
    assert p.find(tokens[0]) is None and all(p.find(t) for t in tokens[1:])
    again = Phones(fs, PATH, Counter())  # after a power cut: the same eight
    again.load("")
    assert [q.token for q in again.list] == tokens[1:]
    again.forget_all()
    after = Phones(fs, PATH, Counter())
    after.load("")
    assert after.list == []


def test_a_damaged_file_is_set_aside_and_the_phones_pair_again():
    for data in (b"phones 1\nnot a token 3\n", b"\xff\xfe", b"phones 2\n", b"phones 1\n" + b"x"):
        fs = MemFS({PATH: data})
        p = Phones(fs, PATH, Counter())
        p.load("")
        assert p.list == [] and fs.read("/s/phones.bad1") == data and not fs.exists(PATH)


class Table:
    """A board, its hub and a paired phone, on a flash that can lose power (FakeFS)."""

    def __init__(self, fs):
        self.fs = fs
        self.h = Harness("/s", fs=fs)
        self.hub = Hub(self.h.app, Counter(1))
        now = self.h.board.ticks_ms()
        self.token = self.hub.pair(ADDR, self.hub.pair_request(ADDR, now), now)[1]

    def reboot(self):
        """The power comes back: the board and its hub start again on the same files."""
        self.fs.budget = -1
        self.h.power_cut()
        self.hub = Hub(self.h.app, Counter(100))

    def send(self, seq, doc):
        phone = self.hub.phone(self.token)
        got = self.hub.submit(phone, dict(doc, seq=seq), self.h.board.ticks_ms())
        while got is None:
            a = phone.answer
            if a is not None and a[0] == seq:
                got = a[1:]
            else:
                self.h.wait(20)
        return got[0], json.loads(got[1])


PLAYED = [{"kind": "peg", "side": "A", "points": 2}, {"kind": "go", "side": "B"}]
ENTRY = {"kind": "peg", "side": "B", "points": 5}


def test_the_pairing_and_the_numbers_applied_survive_a_power_cut():
    t = Table(FakeFS())
    for i, doc in enumerate(PLAYED):
        assert t.send(i + 1, doc)[0] == 200
    t.reboot()
    assert t.hub.phone(t.token) is not None  # still paired: it keys in without a new code
    status, answer = t.send(2, PLAYED[1])  # the last entry again (its answer was lost)
    assert status == 200 and answer["applied"] is True
    assert t.h.keeper.game.scores[:2] == [2, 1]  # not pegged twice
    assert t.send(3, ENTRY)[0] == 200 and t.h.keeper.game.scores[:2] == [2, 6]
    state = json.loads(t.hub.state(t.hub.phone(t.token), ADDR, t.h.board.ticks_ms()))
    assert state["seq"] == 3  # where a reloaded page's numbers go on from


def test_a_power_cut_at_every_byte_of_an_entry_then_its_retry_applies_it_once():
    # The board as it is before the entry, and how much flash work the entry does.
    base = Table(FakeFS())
    for i, doc in enumerate(PLAYED):
        base.send(i + 1, doc)
    files = dict(base.fs.files)
    base.fs.budget = 1 << 20
    base.send(3, ENTRY)
    work = (1 << 20) - base.fs.budget
    want = base.h.keeper.game.scores[:2]
    assert want == [2, 6] and work > 20
    lost = kept = 0
    for cut in sweep(work):
        t = Table(FakeFS(files))
        t.token = base.token
        t.fs.budget = cut
        try:
            t.send(3, ENTRY)
            raise AssertionError("no power cut at {} of {}".format(cut, work))
        except PowerCut:
            pass
        t.reboot()
        before = t.h.keeper.game.scores[:2]
        status, answer = t.send(3, ENTRY)  # the phone's retry, the same number
        assert status == 200 and answer["applied"] is True, (cut, status, answer)
        assert t.h.keeper.game.scores[:2] == want, (cut, before, t.h.keeper.game.scores)
        if before == want:
            kept += 1  # the cut came after the keeper's write: the retry only answers
        else:
            lost += 1  # before it: the retry applies it, once
    assert lost and kept  # both sides of the keeper's write were cut
    print("entry: {} units of flash work; cut before its record {}, after {}".format(
        work, lost, kept))  # fmt: skip


def test_a_refused_entry_cut_short_is_only_refused_again():
    t = Table(FakeFS())
    t.send(1, PLAYED[0])
    fs = t.fs
    refused = {"kind": "peg", "side": "C", "points": 2}  # no side C
    assert t.send(2, refused)[0] == 409
    t.reboot()
    assert t.send(2, refused)[0] == 409  # run again after the cut: refused, nothing pegged
    assert t.h.keeper.game.scores[:2] == [2, 0] and fs.read(PATH).count(b"pending") == 0


def test_the_fingerprint_follows_the_events_not_the_time():
    h = Harness("/f", fs=MemFS())
    first = fingerprint(h.keeper.game)
    h.wait(5000)
    assert fingerprint(h.keeper.game) == first
    h.type("2A")
    pegged = fingerprint(h.keeper.game)
    assert pegged != first
    h.type("*")  # undone: the same events as before, so the same fingerprint
    assert fingerprint(h.keeper.game) == first

"""The board's Wi-Fi server on loopback (issue 19): `tools/sim.py --serve` on CPython and on the
MicroPython unix port, every route of docs/WIFI.md's protocol, who may do what (a watcher's key
refused and the game unchanged; a paired phone's entries change the game exactly as the
keypad's keys for them, once each),
the pairing lock, and the page's files served only by their names."""

import json
import time

import pytest
from live_support import (
    INTERPRETERS,
    SETTINGS_SECRET,
    SITE,
    Served,
    sse_event,
    sse_open,
)

from tools.board.memfs import MemFS
from tools.board.pcboard import Harness

KEYS = "2A3B"  # a few of the scoreboard's keys: points, then the side
PEGS = [("A", 2), ("B", 3)]  # the same as a phone's entries


@pytest.fixture(params=INTERPRETERS)
def served(request, tmp_path):
    with Served(tmp_path, request.param) as s:
        yield s


def test_the_state_is_the_board_and_never_the_pairing_code(served):
    doc = served.state()
    assert doc["live"] == 1 and doc["paired"] is False and doc["locked"] == 0
    assert len(doc["frame"]) == 363 * 2 and int(doc["frame"], 16) >= 0
    assert doc["lines"] == served.display  # what the board's display shows
    assert doc["sides"] == 2 and doc["scores"] == [0, 0] and doc["winner"] == -1
    before = doc
    assert served.post("/api/pair/request")[0] == 204
    code = served.code(None)
    doc = served.state()
    text = json.dumps(doc)
    assert code not in text and "pair:" not in text  # the board shows it, the phones never
    assert doc["lines"] == before["lines"] and doc["frame"] == before["frame"]
    assert served.display[1:] == doc["lines"][1:]


def test_a_watchers_entry_is_refused_and_changes_nothing(served):
    before = served.settle()
    for token in (None, "0" * 32, "not a token"):
        status, _, body = served.post("/api/entry", {"seq": 1, "kind": "go", "side": "A"}, token)
        assert (status, json.loads(body)) == (403, {"error": "pair first"})
    time.sleep(0.5)
    after = served.state()
    assert after["rev"] == before["rev"] and after["lines"] == before["lines"]
    assert after["frame"] == before["frame"]


def test_a_paired_phones_entries_change_the_game_as_the_keypad_would(served):
    token = served.pair()
    assert served.state(token)["paired"] is True and served.state()["paired"] is False
    for side, points in PEGS:
        status, answer = served.entry(token, {"kind": "peg", "side": side, "points": points})
        assert (status, answer) == (200, {"seq": served.seqs[token], "applied": True,
                                          "note": ""})  # fmt: skip
    assert served.entry(token, {"kind": "peg", "side": "B", "points": 3}, seq=2) == (
        200,
        {"seq": 2, "applied": True, "note": ""},
    )  # a retry: the first answer, no peg
    doc = served.settle(token)
    assert doc["seq"] == 2
    h = Harness("/s", fs=MemFS())  # the same keys on the keypad of a board on a fake clock
    h.type(KEYS)
    h.wait(3000)
    assert doc["lines"] == h.lines
    assert doc["scores"] == h.view.front[:2] and doc["scores"] != [0, 0]
    assert doc["frame"] == h.board.leds.hex()


def test_malformed_entries_are_400_refused_ones_409_and_both_change_nothing(served):
    token = served.pair()
    before = served.settle(token)
    for body in ({"seq": 1, "kind": "peg", "side": "E", "points": 2}, {"seq": 1, "kind": "x"},
                 {"seq": 1, "kind": "peg", "side": "A", "points": 1000}, {"kind": "undo"},
                 {"seq": "1", "kind": "undo"}, b"not json", b"[1]"):  # fmt: skip
        status, _, text = served.post("/api/entry", body, token)
        assert status == 400 and json.loads(text)["error"], body
    status, answer = served.entry(token, {"kind": "count", "side": "A", "points": 19})
    assert status == 409 and answer == {
        "seq": 1,
        "applied": False,
        "error": "the show has not begun: # starts it",
    }
    time.sleep(0.4)
    after = served.state(token)
    assert after["scores"] == before["scores"] and after["frame"] == before["frame"]


def test_wrong_codes_lock_the_address_that_sent_them_and_no_other(served):
    griefer, phone = "127.0.0.9", "127.0.0.10"
    assert served.post("/api/pair/request", source=phone)[0] == 204
    code = served.code(None)
    wrong = "000000" if code != "000000" else "999999"
    for _ in range(4):
        status, _, body = served.post("/api/pair", {"code": wrong}, source=griefer)
        assert (status, json.loads(body)) == (403, {"error": "wrong code"})
    status, _, body = served.post("/api/pair", {"code": wrong}, source=griefer)
    doc = json.loads(body)
    assert status == 429 and doc["error"] == "pairing locked" and 55 <= doc["seconds"] <= 60
    assert served.post("/api/pair", {"code": code}, source=griefer)[0] == 429  # its own lock
    status, _, body = served.post("/api/pair/request", source=griefer)
    assert status == 429 and 50 <= json.loads(body)["seconds"] <= 60
    assert served.display[0] == "pair: " + code  # the code is still on the board ...
    status, headers, body = served.post("/api/pair", {"code": code}, source=phone)
    assert status == 200 and "Set-Cookie" in headers  # ... and the honest phone pairs with it
    assert served.post("/api/pair", {}, source=phone)[0] == 400


def test_asking_for_codes_again_and_again_changes_the_code_at_most_every_5_s(served):
    assert served.post("/api/pair/request", source="127.0.0.20")[0] == 204
    code = served.code(None)
    status, _, body = served.post("/api/pair/request", source="127.0.0.20")
    assert status == 429 and json.loads(body) == {"error": "asked just now: wait",
                                                  "seconds": 5}  # fmt: skip
    for i in range(8):  # eight more phones ask at once: the same code stays on the board
        assert served.post("/api/pair/request", source="127.0.0.{}".format(30 + i))[0] == 204
    time.sleep(0.3)
    assert served.display[0] == "pair: " + code


FOREIGN = (
    ({"Host": "evil.example"}, "not addressed to the board"),  # a name rebound to the board
    ({"Origin": "http://evil.example"}, "from another site"),  # a page of another site
    ({"Origin": "null"}, "from another site"),
    ({"Sec-Fetch-Site": "cross-site"}, "from another site"),
)


def test_a_post_from_another_site_or_for_another_host_is_refused(served):
    token = served.pair()
    before = served.settle(token)
    for extra, why in FOREIGN:
        for path, body in (
            ("/api/entry", {"seq": 1, "kind": "go", "side": "A"}),
            ("/api/pair/request", {}),
            ("/api/pair", {"code": "123456"}),
        ):
            h = {"Content-Type": "text/plain", **extra}  # (a form post, no CORS preflight)
            status, _, text = served.request("POST", path, json.dumps(body).encode(), token,
                                             headers=h)  # fmt: skip
            assert status == 403 and why in json.loads(text)["error"], (path, extra, text)
    own = "http://127.0.0.1:{}".format(served.port)  # the page's own origin: taken
    status, _, _ = served.request("POST", "/api/entry", b'{"seq":1,"kind":"go","side":"A"}',
                                  token, headers={"Origin": own,
                                                  "Sec-Fetch-Site": "same-origin"})  # fmt: skip
    assert status == 200
    assert served.settle(token)["scores"] == [before["scores"][0] + 1, before["scores"][1]]


def test_every_answer_has_its_reason_phrase_and_the_security_headers(served):
    token = served.pair()
    answers = [
        served.raw(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", close_write=True),
        served.raw(b"POST /api/pair/request HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                   b"Content-Length: 0\r\n\r\n", close_write=True, source="127.0.0.40"),
        served.raw(b"POST /api/pair/request HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                   b"Content-Length: 0\r\n\r\n", close_write=True),  # asked just now
        served.raw(b"GET /nothing HTTP/1.1\r\n\r\n", close_write=True),
        served.raw(b"PUT / HTTP/1.1\r\n\r\n", close_write=True),
        served.raw(b"GET /api/state HTTP/1.1\r\nX\r\n\r\n", close_write=True),
        served.raw(b"POST /api/entry HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: picopeg=" +
                   token.encode() + b"\r\nContent-Length: 40\r\n\r\n" +
                   b'{"seq":1,"kind":"count","side":"A","points":19}'[:40], close_write=True),
    ]  # fmt: skip
    want = ["200 OK", "204 No Content", "429 Too Many Requests", "404 Not Found",
            "405 Method Not Allowed", "400 Bad Request", "400 Bad Request"]  # fmt: skip
    for reply, status in zip(answers, want, strict=True):
        head = reply.split(b"\r\n\r\n")[0].decode()
        assert head.startswith("HTTP/1.0 " + status), (status, head)
        assert "X-Content-Type-Options: nosniff" in head and "Referrer-Policy: no-referrer" in head
        assert "Content-Security-Policy: default-src 'self'; script-src 'self';" in head
        assert "frame-ancestors 'none'" in head


def test_history_is_the_records_json(served):
    token = served.pair()
    for side, points in PEGS:
        served.peg(token, side, points)
    status, headers, body = served.get("/api/history")
    assert status == 200 and headers["Content-Type"] == "application/json"
    doc = json.loads(body)
    assert doc["game"]["deals"], doc  # the keys' points are in the game's record
    # Sent in chunks as it is made, it is still the whole text of `make export`, its length
    # said first (a cut answer is seen as cut).
    assert body.decode() == json.dumps(doc, sort_keys=True, indent=1) + "\n"
    assert int(headers["Content-Length"]) == len(body) > 256 * 2


def test_the_events_stream_sends_the_state_then_each_change(served):
    token = served.pair()
    s, head = sse_open(served.port)
    try:
        assert head.startswith(b"HTTP/1.0 200") and b"text/event-stream" in head
        first, buf = sse_event(s, head.split(b"\r\n\r\n", 1)[1])
        assert first["live"] == 1 and first["paired"] is False
        served.peg(token, "A", 2)
        seen = first
        end = time.monotonic() + 10
        while seen["scores"] == [0, 0] and time.monotonic() < end:
            nxt, buf = sse_event(s, buf)
            assert nxt["rev"] > seen["rev"]  # each message a newer state
            seen = nxt
        assert seen["scores"] != [0, 0]
        assert seen["lines"] == served.state()["lines"] or seen["rev"] < served.state()["rev"]
    finally:
        s.close()


def ended(s, wait=1.0):
    """True if the stream s ends (the server closed it) within wait seconds."""
    s.settimeout(wait)
    try:
        while s.recv(65536):
            pass
    except TimeoutError:
        return False
    return True


def test_one_address_with_every_stream_gives_one_up_to_another(served):
    mine = [sse_open(served.port) for _ in range(8)]  # 127.0.0.1 watches on all eight
    try:
        assert all(head.startswith(b"HTTP/1.0 200") for _, head in mine)
        s, head = sse_open(served.port)  # its ninth: refused (it has the most already)
        s.close()
        assert head.startswith(b"HTTP/1.0 503 Service Unavailable")
        other, head = sse_open(served.port, source="127.0.0.11")  # another phone: let in
        assert head.startswith(b"HTTP/1.0 200") and b"text/event-stream" in head
        first, _ = sse_event(other, head.split(b"\r\n\r\n", 1)[1])
        assert first["live"] == 1
        gone = [i for i, (s, _) in enumerate(mine) if ended(s)]
        assert gone == [0]  # the oldest of the eight was ended (its page reconnects)
        other.close()
    finally:
        for s, _ in mine:
            s.close()


def test_the_page_is_served_by_name_and_nothing_else(served):
    status, headers, body = served.get("/")
    assert (status, body) == (200, SITE["index.html"])
    assert headers["Content-Type"].startswith("text/html")
    status, headers, body = served.get("/page.js")
    assert (status, body) == (200, SITE["page.js"])
    assert headers["Content-Type"].startswith("text/javascript")
    assert int(headers["Content-Length"]) == len(SITE["page.js"])  # (sent without microdot)
    status, head, body = served.request("HEAD", "/page.js")
    assert (status, body, head["Content-Length"]) == (200, b"", headers["Content-Length"])
    status, _, body = served.get("/page.js?v=2")  # (microdot's: a query string)
    assert (status, body) == (200, SITE["page.js"])
    for path in ("/sub/inner.js", "/sub", "/.hidden", "/nothing.js", "/wifi-note.txt",
                 "/../state/wifi-note.txt", "/..%2fstate%2fwifi-note.txt",
                 "/%2e%2e/state/wifi-note.txt", "/%2e%2e%2fstate%2fwifi-note.txt",
                 "//etc/passwd", "/site/index.html"):  # fmt: skip
        status, _, body = served.get(path)
        assert status in (400, 404), path
        assert SETTINGS_SECRET.encode() not in body and b"root:" not in body


def test_wrong_methods_are_refused(served):
    before = served.state()
    assert served.request("DELETE", "/api/entry")[0] == 405
    assert served.request("PUT", "/")[0] == 405
    assert served.request("GET", "/api/entry")[0] == 405
    assert served.request("POST", "/api/state", b"")[0] == 405
    assert served.raw(b"BREW /api/state HTTP/1.1\r\n\r\n").startswith(b"HTTP/1.0 405")
    assert served.state()["rev"] == before["rev"]


def test_a_power_cut_keeps_the_score_the_pairing_and_the_entries_numbers(tmp_path):
    with Served(tmp_path, "micropython") as s:
        token = s.pair()
        for side, points in PEGS:
            s.peg(token, side, points)
        before = s.settle(token)
        s.kill()  # SIGKILL, then the same folder and port
        s.start()
        after = s.settle()
        assert after["scores"] == before["scores"] and after["lines"] == before["lines"]
        assert s.state(token)["paired"] is True and s.state(token)["seq"] == 2
        assert s.entry(token, {"kind": "peg", "side": "B", "points": 3}, seq=2)[0] == 200
        assert s.settle(token)["scores"] == before["scores"]  # the retry pegged nothing
        s.peg(token, "B", 1)
        assert s.settle(token)["scores"] == [2, 4]


def test_the_boards_security_headers_are_make_web_serves_without_webassembly():
    from live.answers import SECURITY

    from tools.web import serve

    board = dict(SECURITY)
    web = dict(serve.HEADERS)
    for name in ("X-Content-Type-Options", "Referrer-Policy"):
        assert board[name] == web[name], name
    wasm = ("'wasm-unsafe-eval'", "worker-src 'self'")  # the web board's wasm port and worker
    want = [d.strip() for d in web["Content-Security-Policy"].split(";")]
    want = [" ".join(w for w in d.split() if w != wasm[0]) for d in want if d != wasm[1]]
    assert [d.strip() for d in board["Content-Security-Policy"].split(";")] == want

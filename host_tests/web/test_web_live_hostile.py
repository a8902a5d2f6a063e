"""A hostile network around a game (Debian's headless Chromium, `tools/sim.py --serve` on
loopback): a paired phone's page keys two deals while, all at once, 200 idle sockets from one
address (each opened again as the board drops it) and 1,000 malformed requests from another
(tools/web/flood.py), pairing codes guessed from three more addresses, and cross-site posts
(another site's Origin, a text/plain form post, the board's own Host) from a fifth. At the
end the board's scores and display are those of the same keys on a board with no network,
every entry applied once (the page's count of applied entries is the script's), the page and
a watching page have each drawn every commit once and in order, no guess paired and no
cross-site post did anything, and an honest phone still pairs.

The board runs on CPython, as `make sim --serve` does, and on the MicroPython unix port with
the compiled firmware at a 384 KB heap, where its free heap must stay above 60 KB all along
(the Pico's floor by make heap's measure: live_support.py).
Without chromium, chromium-driver or microdot it skips, except under PICOPEG_CI=1.
"""

import http.client
import json
import threading
import time

import pytest
from live_support import HEAP_KB, INTERPRETERS, MIN_FREE, compiled_firmware, unix_port_board
from test_web_live import open_live, pair, phone, press, show_keys, site_dir
from test_web_live_retry import WATCH

from tools.board.memfs import MemFS
from tools.board.pcboard import Harness
from tools.web import liveboard
from tools.web.flood import Flood

__all__ = ["site_dir"]  # (the fixture, shared with test_web_live)
pytestmark = pytest.mark.slow  # Chromium

# A deals first; the crib's count passes the deal; B deals. One word an entry
# (liveboard.words), each one the board applies (no refusal to count).
WORDS = "4B 8A # 24# 28# 20# 4A 8B # 24# 28# 20#"
DEALS = WORDS.replace(" ", "")
GUESSERS = ("127.0.0.4", "127.0.0.5", "127.0.0.6")
CROSS_SITE = "127.0.0.7"


def request(port, source, method, path, body=b"", *, headers=None):
    """(status, body) of one request from a client address; (0, b"") with no answer."""
    try:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=10,
                                       source_address=(source, 0))  # fmt: skip
        c.request(method, path, body, headers or {})
        r = c.getresponse()
        out = r.status, r.read()
        c.close()
        return out
    except (OSError, http.client.HTTPException):
        return 0, b""


def guess(port, source, stop, got):
    """Ask for codes and guess them, as fast as the board answers."""
    n = 0
    while not stop.is_set():
        got.append(request(port, source, "POST", "/api/pair/request")[0])
        for _ in range(3):
            body = json.dumps({"code": "{:06d}".format(n * 7919 % 1000000)})
            got.append(request(port, source, "POST", "/api/pair", body)[0])
            n += 1
        time.sleep(0.05)


def cross_site(port, stop, got):
    """Posts from a page of another site: a text/plain form post (no CORS preflight)."""
    host = "127.0.0.1:{}".format(port)
    forged = {"Host": host, "Origin": "http://evil.example", "Content-Type": "text/plain"}
    while not stop.is_set():
        posts = (("/api/entry", '{"seq": 99, "kind": "undo"}'), ("/api/pair/request", ""),
                 ("/api/pair", '{"code": "123456"}'))  # fmt: skip
        for path, body in posts:
            got.append(request(port, CROSS_SITE, "POST", path, body, headers=forged))
        time.sleep(0.05)


def expected():
    """The same keys on a board with no network: its scores and each score pair it showed."""
    h = Harness("/ref", fs=MemFS())
    commits = []
    for legend in DEALS:
        h.press(legend)
        now = "{},{}".format(*h.view.front[:2])
        if now != "0,0" and (not commits or commits[-1] != now):
            commits.append(now)
    h.wait(3000)
    return list(h.view.front[:2]), commits, h.lines


@pytest.mark.parametrize("interp", INTERPRETERS)
def test_a_game_keyed_through_a_hostile_network_ends_as_without_it(site_dir, tmp_path, interp):
    want, commits, lines = expected()
    interpreter, args = None, ()
    if interp == "micropython":
        interpreter, args = unix_port_board(compiled_firmware(tmp_path / "fw"))
    with liveboard.LiveBoard(tmp_path / "state", site_dir, interpreter=interpreter,
                             args=args) as board:  # fmt: skip
        watcher, keyer = phone(), phone()
        stop = threading.Event()
        guesses, forged = [], []
        threads = [threading.Thread(target=guess, args=(board.port, a, stop, guesses))
                   for a in GUESSERS]  # fmt: skip
        threads.append(threading.Thread(target=cross_site, args=(board.port, stop, forged)))
        try:
            open_live(watcher, board.url)
            open_live(keyer, board.url)
            pair(keyer, board)
            show_keys(keyer)
            for page in (keyer, watcher):
                page.js(WATCH)
            flood = Flood(board.port, malformed=1000, fuzzers=4)
            for t in threads:
                t.start()
            time.sleep(2)  # the idle sockets in every slot the board has
            for legend in DEALS:
                press(keyer, legend)
            stop.set()
            for t in threads:
                t.join()
            for _ in range(3):  # an honest phone pairs (a code shown is read off the board)
                try:
                    board.pair()
                    break
                except RuntimeError:
                    time.sleep(1)
            else:
                raise AssertionError("an honest phone could not pair under the flood")
            end = time.monotonic() + 60
            while flood.sent < 1000 and time.monotonic() < end:
                time.sleep(0.1)
            flood.stop()
            state = board.state()
            for page in (keyer, watcher):
                seen = [s for s in page.js("return window.seen") if s != "0,0"]
                assert seen == commits  # every commit once, in order
            applied = keyer.js(
                "return [window.picopeg.entries.sent, window.picopeg.entries.refused]"
            )
            print("hostile: {} malformed requests, {} guesses, {} cross-site posts; the entries' "
                  "page: {}".format(flood.sent, len(guesses), len(forged), applied))  # fmt: skip
        finally:
            stop.set()
            watcher.quit()
            keyer.quit()
    assert state["scores"] == want
    assert state["lines"] == lines
    assert applied == [len(liveboard.words(WORDS)), 0]
    assert 200 not in guesses and 204 in guesses and 429 in guesses, sorted(set(guesses))
    statuses = {s for s, _ in forged}
    assert statuses <= {403, 503, 0} and 403 in statuses, statuses
    assert all(b"refused" in body for s, body in forged if s == 403)
    answered = [a for a in flood.answers if a]
    assert flood.sent >= 1000 and answered, flood.sent
    assert all(a.split(b" ")[1] in (b"400", b"403", b"404", b"431", b"503") for a in answered)
    if interp == "micropython":
        assert len(board.heap) > 10 and min(board.heap) >= MIN_FREE, (min(board.heap), HEAP_KB)
        print("hostile: the unix port's lowest free heap {} bytes at {} KB ({} samples)".format(
            min(board.heap), HEAP_KB, len(board.heap)))  # fmt: skip

"""Phones at the table opening the board's page at the same moment (issue 19): the board's own
copy of the page (tools.web.build --board) served by `tools/sim.py --serve` on CPython and the
unix port, 8 phones watching, and five phones loading the whole page (19 files each) at once
as a browser does (6 connections to the board at a time): every one of the 95 GETs gets 200
and the file's bytes (live/slots.py parks the connections over the cap and answers them as
slots free; before it, those over the cap got 503). Over the waiting line's bound 503 still
comes, at once, and nothing else breaks; the unix port at 384 KB keeps 60 KB free with the
line full and five pages loading (the figures are printed)."""

import contextlib
import selectors
import socket
import time

import pytest
from live_support import (
    HEAP_KB,
    INTERPRETERS,
    MIN_FREE,
    Served,
    compiled_firmware,
    sse_event,
    sse_open,
)

from tools.web.build import build_board

PHONES = 5
WATCHERS = 8  # live.server.MAX_WATCHERS
MAX_CONN = 12  # live.slots.MAX_CONN
MAX_WAITING = 32  # live.slots.MAX_WAITING
PER_PHONE = 6  # a browser's connections to one host at a time
READ_S = 3  # live.guard.READ_MS


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("board") / "site"
    build_board(out, log=lambda _: None)
    return {p.name: p.read_bytes() for p in out.iterdir() if not p.name.startswith(".")}, out


def get_all(port, names, wait=30):
    """Open one connection per name, all at once, each sending its GET at once; then read
    every reply together. [(status, headers, body)] in the order of names (0: no reply)."""
    socks = []
    for name in names:
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall("GET /{} HTTP/1.1\r\nHost: board\r\nAccept: */*\r\n\r\n".format(name).encode())
        socks.append(s)
    return read_replies(socks, wait)


def read_replies(socks, wait):
    sel = selectors.DefaultSelector()
    data = {}
    for s in socks:
        s.setblocking(False)
        sel.register(s, selectors.EVENT_READ)
        data[s] = b""
    left = len(socks)
    end = time.monotonic() + wait
    while left and time.monotonic() < end:
        for key, _ in sel.select(timeout=0.5):
            chunk = recv(key.fileobj)
            if chunk:
                data[key.fileobj] += chunk
            else:
                sel.unregister(key.fileobj)
                left -= 1
    for s in socks:
        s.close()
    return [parse(data[s]) for s in socks]


def recv(s):
    """What came on s (b"": its end, or a reset)."""
    try:
        return s.recv(65536)
    except OSError:
        return b""


def parse(reply):
    if not reply.startswith(b"HTTP/1."):
        return 0, {}, reply
    head, _, body = reply.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return int(lines[0].split()[1]), headers, body


def page_names(files):
    """What one phone asks for: the whole page ("" is index.html, at /)."""
    return [""] + sorted(n for n in files if n != "index.html")


def load_pages(port, files, phones=PHONES, wait=60):
    """`phones` browsers loading the page at once, each on PER_PHONE connections at a time
    (the next file asked as one finishes). [(name, (status, headers, body))] as they came."""
    todo = [page_names(files) for _ in range(phones)]
    sel = selectors.DefaultSelector()
    done = []

    def ask(phone):
        name = todo[phone].pop(0)
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall("GET /{} HTTP/1.1\r\nHost: board\r\nAccept: */*\r\n\r\n".format(name).encode())
        s.setblocking(False)
        sel.register(s, selectors.EVENT_READ, [phone, name, b""])

    for phone in range(phones):
        for _ in range(PER_PHONE):
            ask(phone)
    end = time.monotonic() + wait
    while sel.get_map() and time.monotonic() < end:
        for key, _ in sel.select(timeout=0.5):
            chunk = recv(key.fileobj)
            if chunk:
                key.data[2] += chunk
                continue
            sel.unregister(key.fileobj)
            key.fileobj.close()
            phone, name, reply = key.data
            done.append((name, parse(reply)))
            if todo[phone]:
                ask(phone)
    return done


def check_files(replies, names, files):
    assert len(replies) == len(names)
    for name, (status, _, body) in zip(names, replies, strict=True):
        assert status == 200, (name, status, body[:80])
        assert body == files[name or "index.html"], name  # whole: the server closed after it


@contextlib.contextmanager
def watching(port):
    """8 phones watching: their streams, after each one's response head."""
    streams = [sse_open(port) for _ in range(WATCHERS)]
    try:
        for _, head in streams:
            assert head.startswith(b"HTTP/1.0 200"), head
        yield [(s, head.split(b"\r\n\r\n", 1)[1]) for s, head in streams]
    finally:
        for s, _ in streams:
            s.close()


def check_pages(done, files):
    """Every phone got every file of the page, whole."""
    check_files([r for _, r in done], [n for n, _ in done], files)
    assert sorted(n for n, _ in done) == sorted(page_names(files) * PHONES)


def still_watching(served, streams):
    """Every watcher gets the next change; a ninth phone's stream is still refused."""
    s9, head = sse_open(served.port)
    s9.close()
    assert head.startswith(b"HTTP/1.0 503"), head
    before = served.state()["rev"]
    token = served.pair()  # (the pairing code on the display: a change)
    served.peg(token, "A", 2)
    for s, buf in streams:
        doc, buf = sse_event(s, buf)
        while doc["rev"] <= before:
            doc, buf = sse_event(s, buf)
        assert doc["live"] == 1


@pytest.mark.parametrize("interp", INTERPRETERS)
def test_five_phones_opening_the_page_at_once_all_get_every_file(tmp_path, site, interp):
    files, folder = site
    assert len(files) >= 19
    with Served(tmp_path, interp, site=folder) as served:
        with watching(served.port) as streams:
            start = time.monotonic()
            done = load_pages(served.port, files)
            took = time.monotonic() - start
            check_pages(done, files)
            still_watching(served, streams)
        err = served.stderr()
    assert "Traceback" not in err, err
    print("{}: {} phones' pages, {} GETs, beside {} streams: all 200 in {:.2f} s".format(
        interp, PHONES, len(done), WATCHERS, took))  # fmt: skip


def over_the_line(served, files, extra):
    """Beside 8 streams, 4 idle sockets fill the slots; MAX_WAITING GETs wait, `extra` more
    come. Returns (the extras' replies, the waiting ones' replies, their names)."""
    idle = [socket.create_connection(("127.0.0.1", served.port))
            for _ in range(MAX_CONN - WATCHERS)]  # fmt: skip
    try:
        time.sleep(0.3)
        names = (sorted(files) * 2)[:MAX_WAITING]
        waiting = []
        for name in names:
            s = socket.create_connection(("127.0.0.1", served.port), timeout=10)
            s.sendall("GET /{} HTTP/1.0\r\n\r\n".format(name).encode())
            waiting.append(s)
        time.sleep(0.3)
        mark = len(served.heap)
        start = time.monotonic()
        turned = get_all(served.port, ["index.html"] * extra, wait=READ_S)
        assert time.monotonic() - start < READ_S - 1  # answered at once, not after the wait
        assert [r[0] for r in turned] == [503] * extra, [r[:2] for r in turned]
        assert all(r[1].get("Retry-After") == "2" for r in turned)
        time.sleep(0.8)
        served.heap_full = served.heap[mark:]  # the samples while the line was full
        check_files(read_replies(waiting, 30), names, files)  # answered once slots freed
    finally:
        for s in idle:
            s.close()


@pytest.mark.parametrize("interp", INTERPRETERS)
def test_over_the_waiting_line_503_comes_at_once_and_nothing_else_breaks(tmp_path, site, interp):
    files, folder = site
    with Served(tmp_path, interp, site=folder) as served:
        with watching(served.port) as streams:
            over_the_line(served, files, 10)
            still_watching(served, streams)
        err = served.stderr()
    assert "Traceback" not in err, err


@pytest.mark.slow
def test_the_heap_holds_with_the_line_full(tmp_path, site):
    files, folder = site
    fw = compiled_firmware(tmp_path / "fw")
    with Served(tmp_path, "micropython", heap_ms=100, heap_kb=HEAP_KB, firmware=fw,
                site=folder) as served:  # fmt: skip
        time.sleep(0.5)
        idle_free = min(served.heap)
        with watching(served.port):
            over_the_line(served, files, 10)
            done = load_pages(served.port, files)
        heap = list(served.heap)
        full = served.heap_full
        err = served.stderr()
    assert "Traceback" not in err and "MemoryError" not in err, err
    check_pages(done, files)
    assert len(heap) > 10, len(heap)
    assert min(heap) >= MIN_FREE, (min(heap), min(full), idle_free)
    print("heap at {} KB: {} free at idle; {} with 8 watching and {} waiting; lowest {} "
          "({} samples, with 5 phones' pages at once after)".format(
              HEAP_KB, idle_free, min(full), MAX_WAITING, min(heap), len(heap)))  # fmt: skip

# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The board's error log: entries with the traceback, never over its size, newest kept."""

from errlog import LOG_MAX, append_error, format_error, trim

from tools.board.testkit import FakeFS


def error(text):
    try:
        raise ValueError(text)
    except ValueError as e:
        return e


def test_an_entry_has_a_header_and_the_traceback():
    entry = format_error(error("bad peg"), "uptime 5 ms")
    lines = entry.split("\n")
    assert lines[0] == "=== uptime 5 ms"
    assert lines[1].startswith("Traceback")
    assert "ValueError: bad peg" in entry and entry.endswith("\n")


def test_trim_keeps_the_newest_whole_entries():
    data = b"=== 1\naaaa\n=== 2\nbbbb\n=== 3\ncccc\n"  # three entries of 11 bytes
    assert trim(data, 33) == data
    assert trim(data, 32) == b"=== 2\nbbbb\n=== 3\ncccc\n"
    assert trim(data, 22) == b"=== 2\nbbbb\n=== 3\ncccc\n"
    assert trim(data, 21) == b"=== 3\ncccc\n"
    assert trim(data, 5) == b"cccc\n"  # one entry too long for the log: its tail


def test_the_log_never_grows_past_its_limit_and_keeps_the_last_error():
    fs = FakeFS()
    for i in range(60):
        append_error(fs, "errors.log", error("number {}".format(i)), "boot {}".format(i))
        data = fs.read("errors.log")
        assert len(data) <= LOG_MAX and data.startswith(b"=== boot ")
    assert data.endswith(format_error(error("number 59"), "boot 59").encode())
    assert b"number 0\n" not in data
    assert "errors.log.tmp" not in fs.files  # written whole, then renamed

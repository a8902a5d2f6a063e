"""The Pico W's side of the board tool (issue 19) on the fake Pico: `make wifi` writes the home
network to /wifi.json and never shows its password (no output, no error, no hash of it), and
`make flash` gives a Pico W microdot and the page (copied by hash, stale ones removed) while
a plain Pico gets none of the W's files, its W-only modules included."""

import json

import pytest
from fake_pico import FakePico
from flash_support import MPY_CROSS, flash_board, real_image

from tools import flash
from tools.flashing import homenet, link, wireless
from tools.flashing.driver import DriverError
from tools.flashing.errors import FlashError

PASSWORD = "correct horse battery"
PICO_W = "Raspberry Pi Pico W with RP2040"
KEPT = json.dumps({"key": "abcdefghjkmn"}).encode()


def run_wifi(capsys, monkeypatch, pico, env):
    """`make wifi` with env (SSID, PASSWORD) against pico: (status, stdout + stderr)."""
    for var in (homenet.SSID_VAR, homenet.PASSWORD_VAR):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    connect = lambda port: link.connect(port, factory=pico.factory)  # noqa: E731
    status = flash.main(["wifi", "--port", "fake"], connect=connect)
    got = capsys.readouterr()
    return status, got.out + got.err


def saved(pico):
    return json.loads(bytes(pico.fs.files[homenet.FILE]))


def test_make_wifi_writes_the_home_network_and_never_shows_the_password(capsys, monkeypatch):
    pico = FakePico({homenet.FILE: KEPT}, machine=PICO_W)
    status, out = run_wifi(capsys, monkeypatch, pico, {"SSID": "Our house", "PASSWORD": PASSWORD})
    assert status == 0
    assert saved(pico) == {"key": "abcdefghjkmn", "ssid": "Our house", "password": PASSWORD}
    assert "the board joins Our house" in out and PASSWORD not in out
    assert pico.resets == 1  # it starts again on the new network
    # Only the one snippet that writes it carried the password to the board.
    assert [c for c in pico.execs if PASSWORD in c] == [
        c for c in pico.execs if "json.dumps(_c)" in c
    ]


def test_make_wifi_alone_goes_back_to_the_access_point_and_says_its_passphrase(
    capsys, monkeypatch
):
    before = {"key": "abcdefghjkmn", "ssid": "Our house", "password": PASSWORD}
    pico = FakePico({homenet.FILE: json.dumps(before).encode()}, machine=PICO_W)
    status, out = run_wifi(capsys, monkeypatch, pico, {})
    assert status == 0
    assert saved(pico) == {"key": "abcdefghjkmn"}
    assert "its own network" in out and "passphrase abcdefghjkmn" in out
    assert PASSWORD not in out


def test_a_password_that_cannot_be_wpa2_is_refused_before_the_board_without_showing_it(
    capsys, monkeypatch
):
    pico = FakePico(machine=PICO_W)
    for bad in ("short", "x" * 64, "caf\u00e9 au lait"):
        status, out = run_wifi(capsys, monkeypatch, pico, {"SSID": "Home", "PASSWORD": bad})
        assert status == 1 and out.startswith("error: PASSWORD is not a WPA2 passphrase")
        assert bad not in out
    assert pico.execs == []  # refused before connecting
    assert homenet.from_env({"SSID": "Home", "PASSWORD": "ab" * 32}) == ("Home", "ab" * 32)
    assert homenet.from_env({"SSID": "Cafe"}) == ("Cafe", "")  # an open network
    assert homenet.from_env({"SSID": "Home"}, ask=lambda prompt: PASSWORD) == ("Home", PASSWORD)
    with pytest.raises(FlashError, match="PASSWORD given without SSID"):
        homenet.from_env({"PASSWORD": PASSWORD})


def test_a_board_that_cannot_write_the_file_is_said_without_the_password(capsys, monkeypatch):
    pico = FakePico(machine=PICO_W, capacity=0)  # a full flash: the write raises ENOSPC
    status, out = run_wifi(capsys, monkeypatch, pico, {"SSID": "Home", "PASSWORD": PASSWORD})
    assert status == 1 and "could not write /wifi.json (OSError)" in out
    assert PASSWORD not in out and "Traceback" not in out


def w_files():
    """What wireless.files gives, made up: two microdot modules and a three-file page."""
    return {
        wireless.LIB + "/__init__.mpy": b"M\x06 init",
        wireless.LIB + "/microdot.mpy": b"M\x06 core" * 300,
        wireless.SITE + "/index.html": b"<html>live</html>",
        wireless.SITE + "/live.js": b"// live view",
        wireless.SITE + "/board.css": b"/* board */",
    }


def on_board(pico, prefix):
    return sorted(p for p in pico.fs.files if p.startswith(prefix))


def test_flash_gives_a_pico_w_microdot_and_the_page_copied_by_hash():
    image = real_image()
    before = {"key": "abcdefghjkmn", "ssid": "Home", "password": PASSWORD}
    pico = FakePico({homenet.FILE: json.dumps(before).encode(),
                     wireless.SITE + "/old.js": b"gone"}, machine=PICO_W)  # fmt: skip
    lines = flash_board(pico, image, wifi=w_files, reset=False)
    assert on_board(pico, wireless.LIB) == sorted(p for p in w_files() if "lib" in p)
    assert on_board(pico, wireless.SITE + "/") == sorted(p for p in w_files() if "www" in p)
    for path, data in w_files().items():
        assert bytes(pico.fs.files[path]) == data
    assert "/wifi.mpy" in image.files and "/radio.mpy" in image.files  # the W modules go on
    assert all(p in pico.fs.files for p in image.files)
    assert len([ln for ln in lines if ln.startswith("copying ") and "/www/" in ln]) == 0
    assert len([ln for ln in lines if ln.startswith("copying ") and "www/" in ln]) == 3
    assert any("removing /www/old.js" in ln for ln in lines)
    assert saved(pico) == before  # the network settings stay, and are never hashed:
    listed = "\n".join(c for c in pico.execs if "_hash(p)" in c)
    assert "'/wifi.json'" in listed  # passed to the tree snippet as a no-hash path
    again = flash_board(pico, image, wifi=w_files, reset=False)
    assert not [ln for ln in again if ln.startswith("copying ")]
    assert any("5 files verified (0 copied" in ln for ln in again)


def test_flash_gives_a_plain_pico_none_of_the_w_files():
    image = real_image()
    stale = {"/live/hub.mpy": b"M\x06 old hub", "/radio.mpy": b"M\x06 old radio"}
    pico = FakePico(stale)
    asked = []
    flash_board(pico, image, wifi=lambda: asked.append(1) or w_files(), reset=False)
    assert asked == []  # not even fetched
    assert on_board(pico, wireless.LIB) == [] and on_board(pico, wireless.SITE) == []
    w_only = [p for p in image.files if wireless.w_only(p)]
    assert {"/wifi.mpy", "/radio.mpy", "/ui/wifiopts.mpy"} <= set(w_only)
    assert not [p for p in pico.fs.files if wireless.w_only(p)]  # stale ones removed too
    plain = [p for p in image.files if not wireless.w_only(p)]
    assert all(p in pico.fs.files for p in plain)


def test_forced_on_a_plain_pico_and_offline_the_flash_goes_on():
    def offline():
        raise DriverError("could not fetch the web server library microdot 2.7.0 with pip (x)")

    pico = FakePico()
    lines = flash_board(pico, real_image(), wifi=offline, wifi_mode="on", reset=False)
    assert any(ln.startswith("Wi-Fi: could not fetch") and "make flash again" in ln
               for ln in lines)  # fmt: skip
    assert "/wifi.mpy" in pico.fs.files  # forced: the W's modules are there
    assert on_board(pico, wireless.LIB) == []


def test_the_tool_compiles_microdot_with_mpy_cross(tmp_path, monkeypatch):
    """wireless.files: each pinned source compiled for /lib/microdot, the site under /www."""
    from tools.flashing import weblib

    src = tmp_path / "src"
    for rel in weblib.FILES:
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(f"NAME = {rel!r}\n")
    monkeypatch.setattr(weblib, "fetch", lambda cache=None, log=None: src)
    got = wireless.files(MPY_CROSS, log=lambda s: None, site={"index.html": b"<html>"})
    want = {"/lib/" + rel[:-3] + ".mpy" for rel in weblib.FILES} | {"/www/index.html"}
    assert set(got) == want
    assert all(got[p][:1] == b"M" for p in got if p.endswith(".mpy"))


def test_make_wifi_passes_the_password_by_the_environment_and_never_prints_it():
    """Through the Makefile: the recipe's command line has no password (make -n), and a board
    that cannot be reached is said without it."""
    import subprocess

    from flash_support import REPO

    args = ["make", "-s", "--no-print-directory", "-C", str(REPO), "wifi", "SSID=Our house",
            f"PASSWORD={PASSWORD}", "PORT=socket://127.0.0.1:1"]  # fmt: skip
    shown = subprocess.run([*args[:5], "-n", *args[5:]], capture_output=True, text=True,
                           check=False)  # fmt: skip
    assert "tools.flash wifi" in shown.stdout and PASSWORD not in shown.stdout + shown.stderr
    done = subprocess.run(args, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode != 0
    assert "error: nothing answers at socket://127.0.0.1:1" in done.stderr
    assert PASSWORD not in done.stdout + done.stderr

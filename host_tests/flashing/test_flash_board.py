"""`make flash` on a fake Pico (host_tests/fake_pico.py): copies, hashes, stale files, the
games left alone, progress, "up to date", and a board pulled out half-way."""

import pytest
from fake_pico import FakePico
from flash_support import FIRMWARE, STATE, flash_board, plain_image, sha, writes

from tools.flashing.errors import FrozenFirmware, LinkLost, NotMicroPython, TooOld
from tools.flashing.report import size


@pytest.fixture(scope="module")
def image():
    return plain_image()


def firmware_on(pico, image):
    """The image's paths whose bytes on the board equal the local file's."""
    return {p for p in image.files if bytes(pico.fs.files.get(p, b"")) == image.read(p)}


def test_a_blank_board_gets_every_file_verified_then_a_reset(image):
    pico = FakePico(STATE)
    lines = flash_board(pico, image)
    assert firmware_on(pico, image) == set(image.files)
    for path, data in STATE.items():
        assert bytes(pico.fs.files[path]) == data  # the games and the log untouched
    assert pico.resets == 1
    assert bytes(pico.fs.files["/state/flashed"]) == b""  # the reset was asked for (app.py)
    assert lines[0] == "board: MicroPython 1.28.0 on Raspberry Pi Pico with RP2040 on fake"
    copying = [line for line in lines if line.startswith("copying ")]
    total = len(image.files)
    assert len(copying) == total
    assert copying[0].startswith(f"copying 1/{total} ")
    main_size = (FIRMWARE / "main.py").stat().st_size  # main.py goes on as source, as it is
    assert copying[-1] == f"copying {total}/{total} main.py ({size(main_size)})"
    assert "copying 12/" in copying[11]
    assert f"verified: all {total} firmware files on the board match the build (sha256)" in lines
    assert lines[-1] == "reset: the board is starting the new firmware"
    assert writes(pico.execs)[-1] == "/main.py.part"  # main.py last: it is what boots


def test_a_second_flash_with_nothing_changed_copies_nothing(image):
    pico = FakePico(STATE)
    flash_board(pico, image)
    before = len(pico.execs)
    lines = flash_board(pico, image)
    assert writes(pico.execs[before:]) == []
    assert not any(line.startswith(("copying", "removing")) for line in lines)
    assert f"up to date: all {len(image.files)} firmware files on the board match the build " \
        "(sha256); nothing to copy" in lines  # fmt: skip
    assert pico.resets == 2  # the app was stopped to talk to the board: start it again


def test_only_a_file_that_hashes_differently_is_copied(image):
    pico = FakePico(STATE)
    flash_board(pico, image)
    pico.fs.files["/cribbage/show.mpy"][-1] ^= 0xFF  # same size, one byte different
    before = len(pico.execs)
    lines = flash_board(pico, image)
    assert writes(pico.execs[before:]) == ["/cribbage/show.mpy.part"]
    assert "copying 1/1 cribbage/show.mpy (" in lines[1]
    assert firmware_on(pico, image) == set(image.files)


def test_stale_firmware_goes_and_everything_else_stays(image):
    others = {
        "/lib/ssd1306.mpy": b"M\x06driver",
        "/boot.py": b"# the maker's own\n",
        "/notes.txt": b"a maker's file",
        "/state/pegging.txt": b"1 3 0 0\n",
    }
    stale = {"/old_mode.mpy": b"M\x06", "/app.py": b"print('stale source')\n",
             "/ui/gone.mpy": b"M\x06", "/oldpkg/a.mpy": b"M\x06", "/oldpkg/b.py": b""}  # fmt: skip
    pico = FakePico({**STATE, **others, **stale})
    lines = flash_board(pico, image)
    for path in stale:
        assert path not in pico.fs.files, path
        assert f"removing {path} (no longer in the build)" in lines
    assert "/oldpkg" not in pico.fs.dirs
    assert "/ui" in pico.fs.dirs
    for path, data in {**STATE, **others}.items():
        assert bytes(pico.fs.files[path]) == data, path
    assert "left alone (not firmware): /notes.txt" in lines
    assert (  # /lib/ssd1306.mpy is there, and offline it cannot be checked: kept
        "display driver: ssd1306 is installed (not checked against micropython-ssd1306 0.3: "
        "could not fetch the display driver (no network))" in lines
    )


def test_hashes_are_computed_on_the_board_and_compared_with_the_local_files(image):
    pico = FakePico(STATE)
    flash_board(pico, image)
    # An independent view: every file the board holds hashes (here) like the image's file.
    for path in image.files:
        assert sha(pico.fs.files[path]) == image.sha256(path)
    tree_calls = [c for c in pico.execs if "hashlib.sha256()" in c]
    assert len(tree_calls) == 2  # once to plan, once to verify after copying


def test_a_board_unplugged_mid_copy_keeps_whole_files_and_the_next_flash_finishes(image):
    old = {path: b"old " + path.encode() for path in image.files}
    for n in range(40, 100):  # a few files in, and inside a file's chunks (which exec that
        pico = FakePico({**STATE, **old})  # is depends on the image's file sizes)
        pico.unplug_after(n)
        with pytest.raises(LinkLost) as caught:
            flash_board(pico, image)
        if any(p.endswith(".part") for p in pico.fs.files):
            break
    message = str(caught.value)
    assert message.startswith("the board disconnected while copying ")
    assert message.endswith("reconnect it and run make flash again: files are compared by "
                            "hash, so only what is missing or different is copied")  # fmt: skip
    assert "\n" not in message
    cut = message.split(" ")[5]  # "copying K/N name": the file being written
    cut_path = "/" + message.split(" ")[6].rstrip(":")
    assert int(cut.split("/")[0]) > 1
    for path in image.files:  # every file is the old one or the new one, never half of either
        assert bytes(pico.fs.files[path]) in (old[path], image.read(path)), path
    assert bytes(pico.fs.files[cut_path]) == old[cut_path]
    assert cut_path + ".part" in pico.fs.files  # the half-written copy
    done = firmware_on(pico, image)
    before = len(pico.execs)
    lines = flash_board(pico, image)
    copied = writes(pico.execs[before:])
    assert sorted(p[: -len(".part")] for p in copied) == sorted(set(image.files) - done)
    assert f"removing {cut_path}.part (no longer in the build)" not in lines  # copied over
    assert firmware_on(pico, image) == set(image.files)
    assert cut_path + ".part" not in pico.fs.files


def test_a_micropython_older_than_1_21_is_refused_before_anything_is_written(image):
    pico = FakePico(STATE, version=(1, 20, 0), mpy=6)
    with pytest.raises(TooOld) as caught:
        flash_board(pico, image)
    assert str(caught.value) == (
        "the board runs MicroPython 1.20.0, too old for this firmware: it needs v1.21 or later "
        "(asyncio; .mpy version 6); install the current MicroPython UF2 (docs/FLASHING.md)"
    )
    assert writes(pico.execs) == []


def test_a_micropython_with_another_mpy_version_is_refused(image):
    pico = FakePico(version=(2, 0, 0), mpy=7)
    with pytest.raises(TooOld, match=r"loads \.mpy version 7, but this build makes version 6"):
        flash_board(pico, image)
    old = FakePico(version=(1, 12, 0), mpy=5)
    with pytest.raises(TooOld, match=r"runs MicroPython 1\.12\.0, too old"):
        flash_board(old, image)
    assert writes(pico.execs) == writes(old.execs) == []


def test_a_board_without_mpy_information_is_judged_by_its_version(image):
    pico = FakePico(version=(1, 22, 2), mpy=None)
    flash_board(pico, image)
    assert firmware_on(pico, image) == set(image.files)


def test_a_board_running_the_picopeg_uf2_is_refused_before_anything_is_written(image):
    machine = "PicoPeg 0.1.0, Raspberry Pi Pico with RP2040"  # what tools/uf2 names it
    pico = FakePico(STATE, version=(1, 26, 1), mpy=6, machine=machine)
    with pytest.raises(FrozenFirmware) as caught:
        flash_board(pico, image)
    assert str(caught.value).startswith(f"the board runs the PicoPeg UF2 ({machine}), whose ")
    assert "make uf2" in str(caught.value) and "stock MicroPython" in str(caught.value)
    assert writes(pico.execs) == []


def test_circuitpython_is_not_micropython(image):
    pico = FakePico(name="circuitpython", version=(9, 2, 1), mpy=0)
    with pytest.raises(NotMicroPython, match=r"^fake runs circuitpython, not MicroPython: if it"):
        flash_board(pico, image)


def test_the_watchdog_left_running_is_stopped_on_connect():
    pico = FakePico()
    flash_support_connect(pico)
    assert pico.mem32 == {0x40058000 + 0x3000: 1 << 30}  # RP2040: WATCHDOG CTRL, clear ENABLE
    pico2 = FakePico(machine="Raspberry Pi Pico2 with RP2350")
    flash_support_connect(pico2)
    assert pico2.mem32 == {0x400D8000 + 0x3000: 1 << 30}


def flash_support_connect(pico):
    from tools.flashing import link

    return link.connect("fake", factory=pico.factory)

"""Power cuts during flash writes, on the emulated board running the real firmware.

The board boots the `make build` image with a saved game (made on the PC by the firmware
itself), a player types a score on the emulated key matrix, and the power goes off in the
middle of one of the flash erases or programs that write it (flashchip.py leaves that
operation half done). The board is then powered on again from what the flash holds. Every
point committed before the cut must be there, the point being written may or may not be,
and the board must show it: its first frame must be one the same firmware draws on the PC
from the same files (pico_figures.host_frames).
"""

import asyncio

from tools.emu import board_files, fs_image
from tools.emu.board_session import FS_REGION as FS
from tools.emu.board_session import PicoBoard
from tools.emu.pico_figures import host_frames

# 41 pegs (A 25, B 20, apart on the track): the log (~630 bytes) has outgrown littlefs's
# inline limit, so a fold of the journal into it copies the log's block to a fresh one, as
# late in a game; the entries typed go to the journal (firmware/scorekeeper/log.py).
GAME = "5A" + ("1B1A" * 4 + "###") * 5  # 8 gos a deal at most (rules.max_gos), then pass it


def scores(files) -> list[int]:
    return board_files.host_keeper(files).game.scores[:2]


def plus(score: list[int], side: int, points: int) -> list[int]:
    out = list(score)
    out[side] += points
    return out


async def play_and_cut(start, entries, n, fraction, idle_ms=1000):
    """Boot from `start` (files or an image), type each (keys, side, points) entry, cut the
    power `fraction` into the n-th filesystem write after the first frame (n=None: no cut;
    returns the count of those writes). Returns the flash image left, the cut, and the
    entries whose keys were all released before it."""
    kind = "fs_image" if isinstance(start, bytes) else "files"
    async with PicoBoard(**{kind: start}) as pico:
        first = await pico.next_frame(until_ms=5000)
        assert first is not None, "no LED frame within 5 s of power-on"
        # The player types as soon as the track lights: 100 ms after the first frame, while
        # the modes still load (the board keeps the keys until then: firmware/bootkeys.py).
        if n is None:
            t = pico.tap("".join(e[0] for e in entries), first.ms + 100)
            await pico.run_until(t + idle_ms)
            return sum(
                FS[0] <= o.address < FS[1] and o.start_ns > first.ns for o in pico.flash.ops
            )
        pico.cut_power_during(n=n, fraction=fraction)
        t = first.ms + 100
        released = []
        for keys, _side, _points in entries:
            t = pico.tap(keys, t)
            released.append(t - 100)  # the last key of the entry went up here
            t += 400
        await pico.run_until(t + idle_ms)
        assert pico.was_cut, f"no filesystem write #{n} after the entries: {pico.flash.ops}"
        cut = pico.flash.cut
        before = [
            e for e, r in zip(entries, released, strict=True) if r * 1e6 < cut["op"].start_ns
        ]
        return pico.fs_image(), cut, before


async def power_on_again(image):
    async with PicoBoard(fs_image=image) as pico:
        frame = await pico.next_frame(until_ms=5000)
        assert frame is not None, "the board did not come back (no LED frame in 5 s)"
        await pico.run_until(frame.ms + 200)
        return frame, pico.files(), pico.fs_image()


def check_restored(image, frame, files_after, committed, in_flight):
    on_flash = fs_image.read_image(image)
    kept = scores(on_flash)
    assert kept in (committed, in_flight), (kept, committed, in_flight)
    # The board's first frame is the game the firmware reads from those files.
    assert frame.pixels in host_frames(on_flash)
    # Whatever the board repaired at boot, the score stands.
    assert scores(files_after) == kept
    return kept


def test_the_score_survives_power_cuts_in_the_middle_of_flash_writes():
    files = board_files.device_files()
    files.update(board_files.saved_game(GAME))
    start = scores(files)
    assert start == [25, 20]  # 5 + 20 for A, 20 for B: worked out from GAME by hand

    # 1: halfway through the first flash write of A's 2 (an erase: on this image, of the root
    # folder's metadata block, which littlefs compacts first).
    entries = [("2A", 0, 2)]
    image, cut, before = asyncio.run(play_and_cut(files, entries, n=1, fraction=0.5))
    assert before == entries and cut["op"].kind == "erase"
    frame, after, image2 = asyncio.run(power_on_again(image))
    now = check_restored(image, frame, after, start, plus(start, 0, 2))

    # 2: halfway through the last flash write of B's 3 (the end of littlefs's commit of the
    # record appended to the journal). A first run from the same flash without a cut counts
    # the writes.
    entries = [("3B", 1, 3)]
    last = asyncio.run(play_and_cut(image2, entries, n=None, fraction=0))
    image, cut, before = asyncio.run(play_and_cut(image2, entries, n=last, fraction=0.5))
    assert before == entries and cut["op"].kind == "program"
    frame, after, image3 = asyncio.run(power_on_again(image))
    now = check_restored(image, frame, after, now, plus(now, 1, 3))

    # 3: halfway through the first flash write of the fold, 5 s after eight 2s for A (the
    # journal is then half full: app.App.idle folds it; the fold appends its records to the
    # log: the erase of the block it copies the log's end to). The 2s were on flash in the
    # journal before the fold began: they must stand. (Play points: a second go in a row for
    # one side would only ask, modes/score.py.)
    entries = [("2A" * 8, 0, 16)]
    appended = asyncio.run(play_and_cut(image3, entries, n=None, fraction=0))
    image, cut, before = asyncio.run(
        play_and_cut(image3, entries, n=appended + 1, fraction=0.5, idle_ms=7000)
    )
    assert before == entries and cut["op"].kind == "erase"
    frame, after, _ = asyncio.run(power_on_again(image))
    assert check_restored(image, frame, after, now, plus(now, 0, 16)) == plus(now, 0, 16)

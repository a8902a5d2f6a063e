"""Keys pressed while the board boots, on the emulated board running the real firmware.

The board boots the `make build` image on a blank flash: its first frame comes some 400 ms
before the controller and the modes have loaded from littlefs (docs/FIRMWARE.md). The player
taps as soon as the track lights: 2 then A from 100 ms after the first frame (each 100 ms
down, 100 ms up), then holds D for a second. The board reads the keys from its first frame
(firmware/bootkeys.py: a timer interrupt scans the matrix while the modes load) and acts on
them once the modes have loaded: A has 2 (the witness: the firmware's keeper on the PC,
loading the files the board wrote), and D's long press, begun before the modes loaded, was a
long press: the board went on to count verify (the app's mode, kept in its settings).
"""

import asyncio

from tools.emu import board_files
from tools.emu.board_session import PicoBoard


async def boot_and_type():
    async with PicoBoard(board_files.device_files()) as pico:
        first = await pico.next_frame(until_ms=5000)
        assert first is not None, "no LED frame within 5 s of power-on"
        t = pico.tap("2A", first.ms + 100)
        t = pico.hold("D", t, 1000)
        await pico.run_until(t + 500)
        return first, pico.frames, pico.files()


def test_keys_tapped_and_held_as_the_track_lights_are_taken_once_the_modes_load():
    from ledmap import HOLE_TO_LED  # the firmware's, from the installed project
    from modes import MODE_VERIFY  # the mode after the scoreboard (docs/KEYMAP.md)

    first, frames, files = asyncio.run(boot_and_type())
    keeper = board_files.host_keeper(files)
    assert keeper.game.scores[:2] == [2, 0]
    assert keeper.settings.extra.get("app.mode") == MODE_VERIFY
    # A's peg in hole 2: not on the first frame, on a later one.
    led = HOLE_TO_LED[1]
    assert not any(first.pixels[led])
    assert any(any(f.pixels[led]) for f in frames if f.ns > first.ns)

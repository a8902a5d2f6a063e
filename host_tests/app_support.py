"""Helpers for the app tests (CPython and MicroPython): a board on an in-memory file system,
and the LED colours the tests expect, derived by hand.

Colours at the default brightness 5 (render.BRIGHTNESS[5] = global scale 52): a channel of
value v at role level L (out of 256) shows v * 52 * L // 65280, and at least 1 when lit.
Side A is blue (0, 0, 255), B amber (255, 128, 0), C lime (160, 255, 96), D magenta
(255, 64, 192); markers, bars and flashes are white (255, 255, 255) or red (255, 0, 0).
"""

from view import SIG_ERROR

from tools.board.pcboard import Harness
from tools.board.testkit import FakeFS

A_FRONT = (0, 0, 52)  # 255 * 52 * 256 / 65280 = 52.0
A_BACK = (0, 0, 8)  # level 42: 8.45
A_DEALER = (0, 0, 19)  # level 96: 19.5
A_BAR = (0, 0, 13)  # level 64: 13.0
B_FRONT = (52, 26, 0)  # G: 128 * 52 * 256 / 65280 = 26.1
B_BACK = (8, 4, 0)  # G: 4.2
B_DEALER = (19, 9, 0)  # G: 9.8
B_BAR = (13, 6, 0)  # G: 6.5
C_FRONT = (32, 52, 19)  # R: 160 * 52 * 256 / 65280 = 32.6, B: 19.6
D_FRONT = (52, 13, 39)  # G: 64 * 52 * 256 / 65280 = 13.05, B: 39.2
MARK = (4, 4, 4)  # level 20: 4.06
SKUNK = (4, 0, 0)  # level 20 (as the markers): 4.06
ERROR = (19, 0, 0)  # level 96
FLASH = (19, 19, 19)
BAR_WHITE = (13, 13, 13)
BAR_RED = (13, 0, 0)
DARK = (0, 0, 0)
FOLDER = "state"


def is_error_pattern(frame):
    """True for app.error_pattern's frame: every fifth LED dim red (G R B), the rest dark."""
    return frame[1] == 40 and frame[4] == 0 and frame[15 + 1] == 40


def fail_once(read):
    """read (a file system's read, the page's get), but the first read of the settings
    raises: the keeper fails while the app boots."""
    broken = [True]

    def flaky(path):
        if broken[0] and path.endswith("settings.txt"):
            broken[0] = False
            raise RuntimeError("flash gone")
        return read(path)

    return flaky


def fresh_python(code):
    """The stdout of code run by this Python in a process of its own (one that has imported
    nothing yet: what a board loads shows in its sys.modules). CPython only."""
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=True).stdout  # fmt: skip


def board(fs=None, now_ms=0, display=True):
    """A harness (tools/board/pcboard.py) on a fresh in-memory file system, or on fs."""
    return Harness(FOLDER, now_ms=now_ms, display=display, fs=fs if fs is not None else FakeFS())


def board_in(m, *settings):
    """A fresh board in mode m (modes.MODE_*). Settings, (name, value) pairs, are saved
    first and the board is booted again on them."""
    h = board()
    for name, value in settings:
        h.keeper.set_setting(name, value)
    if settings:
        h.power_cut()
    h.to_mode(m)
    return h


def files(h):
    """A copy of every file's bytes: to show that a refused input wrote nothing."""
    return dict(h.board.fs.files)


def refused(h, before_files, before_state):
    """Assert the last key was refused: red flash, a reason on the display, nothing changed."""
    v = h.view
    assert v.signal == SIG_ERROR, v.signal
    assert h.keeper.snapshot() == before_state
    assert files(h) == before_files
    since = h.board.ticks_ms() - v.signal_ms
    if 0 <= since < 128:  # the flash's first 128 ms: the whole track is red
        assert h.led(117) == ERROR and h.led(118) == ERROR


def fits(h):
    """Every line the app gives the display fits its 16 columns (textview would cut it)."""
    for line in h.view.detail:
        assert len(line) <= 16, line
    return True


def state(h):
    return files(h), h.keeper.snapshot()


def blink_on(h):
    """Wait until the blink phase (256 ms on, 256 off) is on."""
    while (h.board.ticks_ms() >> 8) & 1:
        h.wait(20)


def blink_off(h):
    while not (h.board.ticks_ms() >> 8) & 1:
        h.wait(20)


def quiet(h):
    """Wait out any signal or animation (the longest, the win, is 4096 ms)."""
    h.wait(4200)


def text(h):
    """The display's lines as one string."""
    return " ".join(h.lines)


SUITS = {"A": "C", "B": "D", "C": "H", "D": "S"}  # the suit keys of older records' cards
RANKS = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K", 0: "10"}
KEY_RANKS = {"0": 10, "A": 11, "B": 12, "C": 13}  # one key a card: 1-9, 0 ten, A B C J Q K


def typed(keys):
    """The card names of rank-and-suit words ('4A 11C' -> 4C JH): how count verify took
    cards before one key a card, as records written then hold them."""
    out = []
    for word in keys.split():
        rank = int(word[:-1])
        out.append(RANKS.get(rank, str(rank)) + SUITS[word[-1]])
    return out


def ranked(keys):
    """The ranks typed one key a card ('55A0' -> 5 5 J 10), as a count keeps them: -rank."""
    return tuple(-KEY_RANKS.get(k, int(k) if k.isdigit() else 0) for k in keys)


# The show of test_app_cards' count-verify game (keeper/test_count_cards.py, the web page's
# history): A deals; B's hand 4 5 6 7, starter 5 (the rulebook's 4C 5S 6D 7C and 5H),
# claimed 12 and pegged as claimed (muggins off: the ACC's short claim); A's hand 5 5 J 10
# with nobs (21, correct: pegged at once); A's crib 2 4 6 8 claimed 9, pegged as the 7 it
# scores. The crib's count passes the deal.
B_KEYS, A_KEYS, CRIB_KEYS = "45675", "55A0", "2468"
STARTER = ranked("5")

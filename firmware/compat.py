"""The one shim between MicroPython and CPython: const, tick arithmetic, exceptions, collect
(and forget, which lets a module's code leave the heap).

Nothing else in the firmware looks at sys.implementation; import these names from here.
SPDX-License-Identifier: MIT
"""

import sys
import time

try:
    from micropython import const
except ImportError:  # pragma: no cover - CPython
    # (mypy reads MicroPython's stubs here: their const is generic, this one the identity)
    def const(value):  # type: ignore[misc]
        """Identity stand-in for MicroPython's compile-time const()."""
        return value


IS_MICROPYTHON = sys.implementation.name == "micropython"
# The runtime's version ("1.26.1"), and whether this is the PicoPeg UF2: tools/uf2 names its
# board "PicoPeg <version>, Raspberry Pi Pico", so the frozen firmware can tell (main.py).
RUNTIME_VERSION = ".".join(str(n) for n in sys.implementation.version[:3])
IN_UF2 = "PicoPeg" in getattr(sys.implementation, "_machine", "")

if IS_MICROPYTHON:
    from gc import collect  # the Pico's small heap: collect before big allocations
else:  # pragma: no cover - CPython

    def collect():  # type: ignore[misc]
        """Nothing on CPython: reference counting frees the firmware's garbage as it goes,
        and a full collection would walk the whole host process (pytest's heap, for one)."""
        return 0


# The device's ticks wrap at 2**30 ms (about 12.4 days); we keep that period on the PC too
# so tick arithmetic behaves the same everywhere and stays within small-int range.
_TICKS_PERIOD = const(1 << 30)
_TICKS_MAX = const((1 << 30) - 1)
_TICKS_HALF = const(1 << 29)

if hasattr(time, "ticks_ms"):
    ticks_ms = time.ticks_ms
    ticks_add = time.ticks_add
    ticks_diff = time.ticks_diff
    sleep_ms = time.sleep_ms
else:  # pragma: no cover - CPython

    def ticks_ms():
        """Milliseconds from an arbitrary point, wrapping like MicroPython's."""
        return int(time.monotonic() * 1000) & _TICKS_MAX  # type: ignore[attr-defined]

    def ticks_add(ticks, delta):
        """ticks + delta on the wrapping tick circle."""
        return (ticks + delta) & _TICKS_MAX

    def ticks_diff(end, start):
        """Signed end - start on the wrapping tick circle."""
        return ((end - start + _TICKS_HALF) & _TICKS_MAX) - _TICKS_HALF

    def sleep_ms(ms):
        """Sleep for ms milliseconds."""
        time.sleep(ms / 1000)


def forget(name):
    """Drop a module from sys.modules (and its package) so its code can be collected."""
    sys.modules.pop(name, None)
    parent, _dot, leaf = name.rpartition(".")
    package = sys.modules.get(parent)
    if package is not None and hasattr(package, leaf):
        delattr(package, leaf)


if hasattr(sys, "print_exception"):
    print_exception = sys.print_exception
else:  # pragma: no cover - CPython
    import traceback  # type: ignore[import-not-found]  # CPython's; not in MicroPython

    def print_exception(exc, file=sys.stdout):
        """Print a traceback of exc the way MicroPython's sys.print_exception does."""
        traceback.print_exception(type(exc), exc, exc.__traceback__, file=file)

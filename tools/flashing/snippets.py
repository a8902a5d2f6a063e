"""The MicroPython code the tool sends to the board, one small snippet per job.

Each runs in the board's raw REPL (MicroPython >= 1.19 and, for the tests' fakes, CPython):
no f-strings, no startswith with a tuple, output as plain lines or a repr() the host parses
with ast.literal_eval. Paths are always absolute and passed in with %r.
SPDX-License-Identifier: MIT
"""

# (implementation, version, mpy, platform, machine, free bytes) of the board.
INFO = """
import sys, os
_i = sys.implementation
try:
    _s = os.statvfs('/')
    _free = _s[0] * _s[4]
except Exception:
    _free = -1
print(repr((_i.name, tuple(_i.version[:3]), getattr(_i, '_mpy', 0), sys.platform,
            getattr(_i, '_machine', ''), _free)))
"""

# Stop a watchdog the running firmware left on (hal.py's watchdog_stop: the RP2040's, or the
# RP2350's, watchdog CTRL register, ENABLE bit 30 cleared through the atomic-clear alias), so
# a long copy is not cut short by a reset. A no-op when the app already stopped it on Ctrl-C.
WATCHDOG_STOP = """
import sys
if sys.platform == 'rp2':
    import machine
    machine.mem32[(0x400D8000 if 'RP2350' in sys.implementation._machine else 0x40058000)
                  + 0x3000] = 0x40000000
"""

# Walk `roots` (folders or files; missing ones skipped) and print one line per entry:
# "D <path>" for a folder, "F <size> <sha256 or -> <path>" for a file. Files under a folder in
# `nohash` are listed without their hash.
TREE = """
import os, hashlib, binascii
_b = bytearray(512)
_m = memoryview(_b)
def _hash(p):
    h = hashlib.sha256()
    with open(p, 'rb') as f:
        while True:
            n = f.readinto(_b)
            if not n:
                break
            h.update(_m[:n])
    return binascii.hexlify(h.digest()).decode()
def _skip(p, nohash):
    for d in nohash:
        if p == d or p[:len(d) + 1] == d + '/':
            return True
    return False
def _file(p, size, nohash):
    print('F', size, '-' if _skip(p, nohash) else _hash(p), p)
def _walk(d, nohash):
    for e in os.ilistdir(d or '/'):
        p = d + '/' + e[0]
        if e[1] & 0x4000:
            print('D', p)
            _walk(p, nohash)
        else:
            _file(p, e[3] if len(e) > 3 else os.stat(p)[6], nohash)
for _r in %r:
    try:
        _st = os.stat(_r or '/')
    except OSError:
        continue
    if _st[0] & 0x4000:
        if _r:
            print('D', _r)
        _walk(_r, %r)
    else:
        _file(_r, _st[6], %r)
"""

# Writing a file: open a temporary name, write chunks, then rename over the real name, so a
# board unplugged half-way keeps the old file (littlefs renames atomically).
WRITE_OPEN = "_f = open(%r, 'wb')\n_w = _f.write"
WRITE_CHUNK = "_w(%r)"
WRITE_CLOSE = """
_f.close()
import os
try:
    os.rename(%r, %r)
except OSError:
    os.remove(%r)
    os.rename(%r, %r)
"""

READ_OPEN = "_f = open(%r, 'rb')\n_r = _f.read"
READ_CHUNK = "print(repr(_r(%d)))"
READ_CLOSE = "_f.close()"

MAKE_DIRS = """
import os
for _p in %r:
    try:
        os.mkdir(_p)
    except OSError as e:
        if e.errno != 17:
            raise
"""
REMOVE_FILES = "import os\nfor _p in %r:\n    os.remove(_p)"
REMOVE_DIRS = "import os\nfor _p in %r:\n    os.rmdir(_p)"  # deepest first, each empty

# True if a device answers on `addr` on the I2C bus and pins given (no driver needed).
PROBE_I2C = """
from machine import I2C, Pin
try:
    print(%d in I2C(%d, sda=Pin(%d), scl=Pin(%d), freq=400000).scan())
except Exception:
    print(False)
"""

# The firmware's modules load on this board (what main.py imports before the hardware).
IMPORT_CHECK = "import gc\ngc.collect()\nimport app\nprint('imported')"

# A hard reset, sent without waiting for an answer (the USB link drops with it). The Pico
# reports machine.reset() as a watchdog reset; the mark (app.FLASHED in the state folder) tells
# the firmware this one was asked for, so it boots without the "recovered" blink.
RESET = """import os, time, machine
try:
    os.mkdir('/state')
except OSError:
    pass
open('/state/flashed', 'w').close()
time.sleep_ms(100)
machine.reset()"""

# Run one upy_run.py test module from `folder`: upy_run prints its counts, then sys.exit()s,
# which must not reach the raw REPL (it would soft-reset the board). Modules the test loaded
# are dropped afterwards, so the next module starts on a clean heap.
DEVICE_TEST = """
import sys, gc
if %r not in sys.path:
    sys.path.insert(0, %r)
_before = list(sys.modules)
sys.argv.clear()
sys.argv.append('upy_run.py')
sys.argv.append(%r)
try:
    import upy_run
except SystemExit:
    pass
except Exception as e:
    print('CRASH')
    sys.print_exception(e)
for _k in [k for k in sys.modules if k not in _before]:
    del sys.modules[_k]
gc.collect()
"""

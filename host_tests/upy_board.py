"""UnixPico: the fake board's cable on a real MicroPython (unix port + littlefs in RAM).

    with UnixPico(i2c=[0x3C]) as pico:
        link = flashing.link.connect("upy", factory=pico.factory)

The snippets the flashing tool sends run in host_tests/upy_pico.py under .venv/bin/micropython,
so what CPython's fake only imitates (MicroPython's os, open, hashlib, imports of .mpy files,
littlefs) is the real thing here. The board survives a "reset" (the process and its RAM disk
stay), as a Pico's flash does.
"""

import os
import subprocess
from pathlib import Path

from fake_pico import Cable

HERE = Path(__file__).resolve().parent
MICROPYTHON = os.environ.get("MICROPYTHON", str(HERE.parent / ".venv" / "bin" / "micropython"))


def available():
    return Path(MICROPYTHON).exists()


def missing():
    """Why the unix port cannot run here ("" when it can), for ci_gate.need()."""
    return (
        "" if available() else "no MicroPython unix port at {}: run make venv".format(MICROPYTHON)
    )


class UnixPico(Cable):
    def __init__(self, files=None, i2c=()):
        self.proc = subprocess.Popen(
            [MICROPYTHON, "-X", "heapsize=16M", str(HERE / "upy_pico.py")] + [str(a) for a in i2c],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        self.execs = []
        self.resets = self.soft_resets = 0
        for path, data in (files or {}).items():
            self.put(path, data)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.write(b"Q\n")
            self.proc.stdin.close()
            self.proc.wait(timeout=10)

    def _send(self, header, body=b""):
        self.proc.stdin.write(header + body)
        self.proc.stdin.flush()
        buf = b""
        while buf.count(b"\x04") < 2:
            chunk = self.proc.stdout.read1(65536)
            if not chunk:
                raise RuntimeError("the MicroPython board process ended: " + buf.decode())
            buf += chunk
        out, err, _ = buf.split(b"\x04", 2)
        return out.replace(b"\n", b"\r\n"), err.replace(b"\n", b"\r\n")

    def run(self, code):
        self.execs.append(code)
        data = code.encode() if isinstance(code, str) else code
        out, err = self._send(b"E %d\n" % len(data), data)
        if err == b"RESET":
            self.resets += 1
            self.plugged = False
            return out, b""
        return out, err

    def soft_reset(self):
        self.soft_resets += 1
        self._send(b"S\n")

    def put(self, path, data):
        self._send(b"P %s %d\n" % (path.encode(), len(data)), data)

    def read(self, path):
        """A file's bytes, or None (test checks, through MicroPython's own open)."""
        code = f"try:\n print(repr(open({path!r}, 'rb').read()))\nexcept OSError:\n print(None)"
        out, err = self._send(b"E %d\n" % len(code), code.encode())
        if err:
            raise RuntimeError(err.decode())
        import ast

        return ast.literal_eval(out.decode().strip())

    def listing(self):
        """Every file path on the board (walked here, not by the tool's snippet)."""
        code = (
            "import os\ndef w(d):\n for e in os.ilistdir(d or '/'):\n  p = d + '/' + e[0]\n"
            "  if e[1] & 0x4000:\n   w(p)\n  else:\n   print(p)\nw('')"
        )
        out, _ = self._send(b"E %d\n" % len(code), code.encode())
        return sorted(out.decode().split())

"""A Pico for the flashing tests: an in-memory MicroPython board behind mpremote's own API.

    pico = FakePico({"/state/game.log": b"..."}, version=(1, 28, 0), i2c=[0x3C])
    link = flashing.link.connect("fake", factory=pico.factory)   # as with a real port

`FakeTransport` is mpremote's SerialTransport with only the serial line replaced: exec, eval,
exec_raw and the fs_* helpers (which mip uses) are mpremote's code. The board *runs* the code
it is sent: CPython execs each snippet with MicroPython-shaped `os`, `sys`, `machine`, `gc`
and `time` modules over an in-memory filesystem (`FakeFS`), and an error comes back as a
MicroPython traceback ("OSError: [Errno 2] ENOENT"). Limits, stated: a `.mpy` on the board
imports as an empty module (CPython cannot run it; `.py` modules run for real), and timing is
not modelled. host_tests/upy_pico.py runs the same snippets in the real MicroPython unix port.

Faults for the error paths: `raw_repl=False` (a port that is not MicroPython),
`unplug_after(n)` (the USB cable pulled at the n-th exec from now), `capacity` (ENOSPC).
"""

import builtins
import contextlib
import errno
import hashlib
import io
import json
import traceback
from types import ModuleType, SimpleNamespace

import serial
from fake_fs import FakeFS, FakeOS
from mpremote.transport import TransportError
from mpremote.transport_serial import SerialTransport

GONE = "read failed: device reports readiness to read but returned no data (device disconnected)"


class MachineReset(BaseException):
    """machine.reset() on the fake board: RAM is gone, the link drops."""


class Cable:
    """The USB side of a fake board: plugging, unplugging, and the transport factory."""

    raw_repl = True
    plugged = True
    _unplug_at = None

    def factory(self, port, baudrate=115200):
        """What connect() calls instead of SerialTransport(port)."""
        if not self.plugged:
            raise TransportError("failed to access " + port)
        return FakeTransport(self, port)

    def unplug_after(self, n):
        """Pull the cable when the n-th exec from now arrives (1: the next one)."""
        self._unplug_at = len(self.execs) + n

    def check_plugged(self):
        if self._unplug_at is not None and len(self.execs) + 1 >= self._unplug_at:
            self.plugged = False
        if not self.plugged:
            raise serial.SerialException(GONE)

    def reboot(self):
        """Plug the board back in after a reset or an unplug."""
        self.plugged = True
        self._unplug_at = None


class FakePico(Cable):
    def __init__(self, files=None, *, version=(1, 28, 0), mpy=0x0B06, name="micropython",
                 platform="rp2", machine="Raspberry Pi Pico with RP2040", i2c=(),
                 raw_repl=True, capacity=1408 * 1024):  # fmt: skip
        self.fs = FakeFS(files, capacity)
        self.implementation = SimpleNamespace(
            name=name, version=version, _mpy=mpy, _machine=machine
        )
        if mpy is None:
            del self.implementation._mpy
        self.platform = platform
        self.i2c = list(i2c)
        self.raw_repl = raw_repl
        self.execs = []  # every snippet received, in order
        self.resets = self.soft_resets = 0
        self.mem32 = {}
        self.soft_reset()

    # --- the board ----------------------------------------------------------------------------

    def soft_reset(self):
        """Ctrl-D in the raw REPL: a fresh heap (globals and sys.modules), same files."""
        self.soft_resets += 1
        self.modules = {}
        self.sys = SimpleNamespace(
            implementation=self.implementation, platform=self.platform,
            path=["", ".frozen", "/lib"], modules=self.modules, argv=[],
            print_exception=_print_exception, exit=_exit,
        )  # fmt: skip
        self.builtins = dict(vars(builtins), __import__=self._import, open=self.fs.open)
        self.main = {"__name__": "__main__", "__builtins__": self.builtins}

    def run(self, code):
        """Exec `code` as the raw REPL would: (stdout, stderr) bytes, stderr a traceback."""
        self.execs.append(code)
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                exec(compile(code, "<stdin>", "exec"), self.main)
        except MachineReset:
            self.resets += 1
            self.plugged = False  # the USB link drops as the board reboots
            self.soft_reset()
            return out.getvalue().encode(), b""
        except SystemExit as e:
            raise AssertionError("sys.exit() reached the raw REPL: the board would reset") from e
        except Exception as e:
            return out.getvalue().encode(), _traceback(e).encode()
        return out.getvalue().encode(), b""

    def _modules(self):
        machine = SimpleNamespace(
            reset=_reset, Pin=lambda n, *a, **k: n, I2C=self._i2c, mem32=self.mem32
        )
        return {
            "os": FakeOS(self.fs), "sys": self.sys, "hashlib": hashlib, "binascii": _binascii(),
            "json": json,
            "gc": SimpleNamespace(collect=lambda: None, mem_free=lambda: 150_000),
            "time": SimpleNamespace(sleep_ms=lambda ms: None), "machine": machine,
        }  # fmt: skip

    def _i2c(self, bus, sda=None, scl=None, freq=None):
        return SimpleNamespace(scan=lambda: list(self.i2c))

    def _import(self, name, globals=None, locals=None, fromlist=(), level=0):
        top = name.split(".")[0]
        fakes = self._modules()
        if top in fakes:
            return fakes[top]
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            self._load(".".join(parts[:i]))
        return self.modules[name] if fromlist else self.modules[top]

    def _load(self, name):
        """Find `name` on the board's filesystem as MicroPython does (.py before .mpy)."""
        if name in self.modules:
            return
        rel = name.replace(".", "/")
        for base in self.sys.path:
            for suffix, package in (("/__init__.py", True), ("/__init__.mpy", True),
                                    (".py", False), (".mpy", False)):  # fmt: skip
                path = (base.rstrip("/") + "/" + rel + suffix).replace("//", "/")
                path = path if path.startswith("/") else "/" + path
                if self.fs.isfile(path):
                    self._exec_module(name, path, package)
                    return
        raise ImportError(f"no module named '{name}'")

    def _exec_module(self, name, path, package):
        module = ModuleType(name)
        module.__file__ = path
        module.__dict__["__builtins__"] = self.builtins
        if package:
            module.__path__ = [path.rsplit("/", 1)[0]]
        self.modules[name] = module
        if path.endswith(".py"):  # a .mpy stays empty: CPython cannot run MicroPython bytecode
            source = bytes(self.fs.files[path]).decode()
            exec(compile(source, path.lstrip("/"), "exec"), module.__dict__)
        if "." in name:
            parent, _, child = name.rpartition(".")
            setattr(self.modules[parent], child, module)


class FakeTransport(SerialTransport):
    """mpremote's SerialTransport on a FakePico instead of a serial port."""

    def __init__(self, pico, device="fake"):  # no super().__init__(): there is no port
        self.pico = pico
        self.device_name = device
        self.in_raw_repl = False
        self.use_raw_paste = True
        self.mounted = False
        self.is_pty = False
        self.closed = False
        self._reply = (b"", b"")

    def enter_raw_repl(self, soft_reset=True, timeout_overall=10):
        self.pico.check_plugged()
        if not self.pico.raw_repl:
            print(b"\r\nsome other firmware\r\n")  # SerialTransport prints what it saw
            raise TransportError("could not enter raw repl")
        if soft_reset:
            self.pico.soft_reset()
        self.in_raw_repl = True

    def exit_raw_repl(self):
        self.pico.check_plugged()
        self.in_raw_repl = False

    def exec_raw_no_follow(self, command):
        if self.closed:
            raise serial.SerialException("Attempting to use a port that is not open")
        self.pico.check_plugged()
        if not self.in_raw_repl:
            raise TransportError("could not enter raw repl")
        if isinstance(command, bytes):
            command = command.decode()
        self._reply = self.pico.run(command)

    def follow(self, timeout, data_consumer=None):
        out, err = self._reply
        if data_consumer and out:
            data_consumer(out)
        return out, err

    def close(self):
        self.closed = True


def _reset():
    raise MachineReset


def _exit(code=0):
    raise SystemExit(code)


def _print_exception(e, file=None):
    print(_traceback(e), end="", file=file)


def _binascii():
    import binascii

    return binascii


def _traceback(e):
    """The exception as MicroPython prints it."""
    line = 1
    for frame in traceback.extract_tb(e.__traceback__):
        if frame.filename == "<stdin>":
            line = frame.lineno
    if isinstance(e, OSError) and e.errno is not None:
        text = f"OSError: [Errno {e.errno}] {errno.errorcode.get(e.errno, '')}"
    else:
        text = type(e).__name__ + (f": {e}" if str(e) else "")
    where = f'  File "<stdin>", line {line}, in <module>'
    return f"Traceback (most recent call last):\r\n{where}\r\n{text}\r\n"

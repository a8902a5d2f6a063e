# Run by the MicroPython unix port (not pytest): a stand-in Pico for the flashing tests.
"""A Pico made of the real MicroPython unix port and a real littlefs in RAM.

    micropython -X heapsize=16M upy_pico.py [I2C_ADDR ...]

The filesystem is a 1.4 MB littlefs v2 (the RPI_PICO's size, 4 KB blocks) on a RAM block
device, mounted at "/" in place of the host's files, so the flashing tool's snippets meet
MicroPython's own os, open, hashlib and import. `machine` is a stand-in: I2C.scan() answers
with the addresses given, reset() ends the "boot". Commands on stdin, one a line:

    E <n>\\n<n bytes>    exec the code: its output, \\x04, the traceback if any, \\x04
    S                    soft reset (fresh globals and modules): \\x04\\x04
    P <path> <n>\\n<n>   put a file (test setup): \\x04\\x04
    Q                    quit
A machine.reset() in the code answers "\\x04RESET\\x04".
"""

import gc
import os
import sys

import vfs


class RAMBlockDev:
    """The block device protocol littlefs needs (docs: "Custom block devices")."""

    def __init__(self, block_size, count):
        self.block_size = block_size
        self.data = bytearray(block_size * count)

    def readblocks(self, block, buf, offset=0):
        addr = block * self.block_size + offset
        buf[:] = self.data[addr : addr + len(buf)]

    def writeblocks(self, block, buf, offset=0):
        addr = block * self.block_size + offset
        self.data[addr : addr + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return len(self.data) // self.block_size
        if op == 5:  # block size
            return self.block_size
        if op == 6:  # erase: nothing to do in RAM
            return 0
        return None


class Reset(BaseException):
    pass


class I2C:
    addrs = []

    def __init__(self, bus, sda=None, scl=None, freq=None):
        pass

    def scan(self):
        return list(I2C.addrs)


class Machine:
    I2C = I2C
    mem32 = {}

    @staticmethod
    def Pin(n, *args, **kwargs):
        return n

    @staticmethod
    def reset():
        raise Reset()


def fresh_globals():
    return {"__name__": "__main__"}


def main():
    I2C.addrs = [int(a) for a in sys.argv[1:]]
    bdev = RAMBlockDev(4096, 352)
    vfs.VfsLfs2.mkfs(bdev)
    vfs.umount("/")
    vfs.mount(vfs.VfsLfs2(bdev), "/")
    os.chdir("/")
    sys.path[:] = ["", ".frozen", "/lib"]
    sys.modules["machine"] = Machine()
    builtin = set(sys.modules)
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    g = fresh_globals()
    while True:
        line = inp.readline()
        if not line or line.startswith(b"Q"):
            return
        if line.startswith(b"S"):
            # A soft reset finalises every object (gc_sweep_all): files left open by a
            # session cut short are closed now, not later by a collection mid-walk.
            for value in list(g.values()):
                if hasattr(value, "readinto") and hasattr(value, "close"):
                    value.close()
            g = fresh_globals()
            for name in [m for m in sys.modules if m not in builtin]:
                del sys.modules[name]
            gc.collect()
            out.write(b"\x04\x04")
        elif line.startswith(b"P "):
            path, n = line[2:].decode().split()
            data = inp.read(int(n))
            parts = path.split("/")[1:-1]
            for i in range(1, len(parts) + 1):
                try:
                    os.mkdir("/" + "/".join(parts[:i]))
                except OSError:
                    pass
            with open(path, "wb") as f:
                f.write(data)
            out.write(b"\x04\x04")
        elif line.startswith(b"E "):
            code = inp.read(int(line[2:]))
            try:
                exec(code, g)
                out.write(b"\x04\x04")
            except Reset:
                out.write(b"\x04RESET\x04")
                g = fresh_globals()
            except Exception as e:
                out.write(b"\x04")
                sys.print_exception(e, sys.stdout)
                out.write(b"\x04")


main()

"""Exact inputs of the emulator firmware build: Debian packages, pinned by version and SHA-256.

No reachable registry ships a MicroPython rp2 firmware image, but Debian ships every source it
is built from: MicroPython itself (with ports/rp2, without git submodules), the Pico SDK and
TinyUSB as arch-independent "-source" packages, and mbedTLS. The suites are Debian's, reached
through the mirror this machine already uses (see debian_fetch.py); nothing is installed from
them, the files are only downloaded and unpacked into build/.

To move to another version: change a line here, run `tools/emu/emu.py firmware`, and let the
SHA-256 mismatch message give the new digest after checking the file came from Debian's signed
index (apt verifies that on download).
"""

from typing import NamedTuple


class SourcePackage(NamedTuple):
    """A Debian source package: only its upstream tarball is used."""

    name: str
    version: str
    suite: str
    tarball: str
    sha256: str


class BinaryPackage(NamedTuple):
    """An arch-all Debian binary package whose payload is source code (unpacked, not installed)."""

    name: str
    version: str
    suite: str
    sha256: str
    payload: str  # directory inside the package that holds the sources


# Newest MicroPython Debian has (sid). trixie's 1.25.0+ds-1 also builds with the same pins.
MICROPYTHON = SourcePackage(
    "micropython",
    "1.26.1+ds-1",
    "sid",
    "micropython_1.26.1+ds.orig.tar.xz",
    "f5ad2ec89d3e921f753d448955af98b6005655f84ba26087dde6ba0e8d062f34",
)
# ports/rp2 always builds mbedTLS (hashlib, cryptolib, tls); MicroPython 1.26 tracks 3.6.x.
MBEDTLS = SourcePackage(
    "mbedtls",
    "3.6.6-0.1~deb13u1",
    "trixie",
    "mbedtls_3.6.6.orig.tar.bz2",
    "8fb65fae8dcae5840f793c0a334860a411f884cc537ea290ce1c52bb64ca007a",
)
# MicroPython 1.25 and 1.26 pin pico-sdk 2.1.1 upstream too.
PICO_SDK = BinaryPackage(
    "pico-sdk-source",
    "2.1.1-1",
    "trixie",
    "507a3ca37636641bc90239d7c04dc9dc28c5008087a8162102ea94d2273153d3",
    "usr/src/pico-sdk",
)
TINYUSB = BinaryPackage(
    "tinyusb-source",
    "0.18.0+dfsg-1",
    "trixie",
    "01ce2c645df68f14a8a7dcfc8fb355713152543757955820479a87949a61154e",
    "usr/src/tinyusb",
)

SOURCE_PACKAGES = (MICROPYTHON, MBEDTLS)
BINARY_PACKAGES = (PICO_SDK, TINYUSB)

# Installed with apt-get on the build machine (bookworm's own suite): the Arm cross compiler, its
# C library and libstdc++ (pico-sdk links with g++), and CMake. A C compiler and make for
# mpy-cross come with build-essential.
HOST_PACKAGES = (
    "build-essential",
    "cmake",
    "gcc-arm-none-eabi",
    "libnewlib-arm-none-eabi",
    "libstdc++-arm-none-eabi-newlib",
)

# Bump when firmware_build.py changes how the image is built, so cached images are rebuilt.
REVISION = 1

# Fixed build date (2023-11-14) so two builds of the same inputs give the same image.
SOURCE_DATE_EPOCH = "1700000000"

# RPI_PICO flash layout (ports/rp2/boards/RPI_PICO/mpconfigboard.h: 2 MiB flash, 1408 KiB of
# it for the filesystem at the top): what the firmware mounts as its littlefs root.
FS_START = 0x200000 - 1408 * 1024
FS_BLOCK_SIZE = 4096
FS_BLOCK_COUNT = 1408 * 1024 // FS_BLOCK_SIZE

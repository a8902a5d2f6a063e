# ruff: noqa: F821 - a MicroPython manifest (see ../../../../README.md)
# micropython-lib's onewire is not packaged anywhere this build can reach, and PicoPeg does not
# use it: the rp2 manifest's require("onewire") resolves here and freezes nothing.
metadata(description="not in the PicoPeg UF2", version="0")

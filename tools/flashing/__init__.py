"""PicoPeg's flashing tool, in small parts (tools/flash.py is the command line).

    errors     FlashError and its kinds: one line that says what to do
    ports      finding the board: serial ports, PORT=, a Pico in BOOTSEL mode
    link       the raw REPL over mpremote's SerialTransport: run code, reset, close
    snippets   the MicroPython code sent to the board
    device     board operations built on the link: info, file tree with hashes, copy, remove
    image      the device image: firmware compiled with mpy-cross, main.py as source
    outdir     a build's output folder: cleaned only when the build made it
    plan       what to copy, delete and keep, from the image's and the board's hashes
    flashcmd   `make flash`                    display   the SSD1306 probe and mip install
    devtest    `make device-test`              backup    `make backup` / `make restore`
    report     progress lines and sizes

Everything that talks to a board goes through `link.Link.run()`, so tests stand a fake
transport (host_tests/fake_pico.py) in for mpremote's SerialTransport and nothing else.
SPDX-License-Identifier: MIT
"""

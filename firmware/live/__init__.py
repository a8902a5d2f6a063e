"""The board's Wi-Fi server (issue 19): watch from any phone, enter from a paired one.

Pure: imports only microdot, asyncio, json and the firmware's own modules; never ``network``
or ``machine`` (the radio is hal.py's). Nothing loads it unless the board starts the server,
so a plain Pico spends no heap on it. ``pairing`` (codes, lock), ``phones`` (the paired
devices and their entries' numbers, on flash), ``entries`` (the kinds of entry, taken through
the keypad's path), ``inbox`` (entries waiting for the board's loop, their answers), ``hub``
(the glue to the running App: entries, the code on the board, the snapshot), ``server`` (the
HTTP API of docs/WIFI.md on microdot, bounded), ``guard`` (each connection's limits and
timeouts), ``slots`` (the connection cap and its line), ``events`` (a watcher's stream).
SPDX-License-Identifier: MIT
"""

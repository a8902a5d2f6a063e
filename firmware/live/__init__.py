"""The board's Wi-Fi server (issue 19): watch from any phone, key in from a paired one.

Pure: imports only microdot, asyncio, json and the firmware's own modules; never ``network``
or ``machine`` (the radio is hal.py's). Nothing loads it unless the board starts the server,
so a plain Pico spends no heap on it. ``pairing`` (codes, lock, tokens), ``hub`` (the glue to
the running App: phone keys, the code on the board, the snapshot), ``server`` (the HTTP API of
docs/WIFI.md on microdot, bounded), ``guard`` (each connection's limits and timeouts).
SPDX-License-Identifier: MIT
"""

"""The keypad's asyncio task: scan, decode, hand each event on. Thin on purpose.

The HAL supplies ``scan_fn()`` (drive each row, read the columns, return the 16-bit mask of
keys down, bit ``row * 4 + col``); the pure ``keypad.KeyDecoder`` does the rest. Polling with
a sleep, not pin interrupts (CONVENTIONS 2.4): the sleep is part of the debounce.

    asyncio.create_task(poll_keys(hal.scan_keys, KeyDecoder(), app.on_key))

``on_event(code, now_ms)`` is called once per event, in order; see keypad for the codes;
then ``after(now_ms)``, if given, once (the app draws the frame at once rather than at the
frame task's next turn). The wait between scans is the decoder's ``next_scan_ms``: a whole
period, or a few ms when a release waits for its confirming scan.
SPDX-License-Identifier: MIT
"""

import asyncio

from compat import ticks_ms

try:
    _sleep_ms = asyncio.sleep_ms
except AttributeError:  # pragma: no cover - CPython has no sleep_ms

    def _sleep_ms(ms):
        return asyncio.sleep(ms / 1000)


async def poll_keys(
    scan_fn, decoder, on_event, period_ms=20, *, clock=ticks_ms, scans=-1, after=None
):
    """Scan every period_ms forever (or for ``scans`` scans, for tests)."""
    events = decoder.events
    while scans != 0:
        now = clock()
        n = decoder.update(scan_fn(), now)
        for i in range(n):
            on_event(events[i], now)
        if n and after is not None:
            after(now)
        if scans > 0:
            scans -= 1
        await _sleep_ms(decoder.next_scan_ms(period_ms))

"""Boot: build the board while the heap is empty, then run the app (see app.py).

SPDX-License-Identifier: MIT
"""

import gc

gc.collect()
import hal  # noqa: E402 - after the collect, so the board's buffers come first

board = hal.Board()
import app  # noqa: E402

app.run(board)

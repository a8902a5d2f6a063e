"""A page's event stream (Server-Sent Events): the standings after each change.

    Response(Stream(hub, text), 200, {"Content-Type": "text/event-stream"})

The first chunk is the state at once; each next one waits until the hub's revision moves and
is the state at that moment, so changes that come while a slow screen is written to coalesce
into one, and nothing queues behind a page that stops reading. A comment every KEEPALIVE_S
of quiet keeps the connection open through idle routers, and finds a page that has gone.
SPDX-License-Identifier: MIT
"""

import asyncio

KEEPALIVE_S = 15


class Stream:
    """One page's stream; see the module docstring."""

    def __init__(self, hub, text, rev=None):
        self.hub = hub
        self.text = text  # text(): the document's JSON for the revision now
        self.rev = rev or (lambda: hub.srev)  # the revision it follows (default: the cards')
        self.sent = -1

    def __aiter__(self):
        return self

    async def __anext__(self):
        hub = self.hub
        while self.rev() == self.sent:
            try:
                await asyncio.wait_for(hub.changed.wait(), KEEPALIVE_S)
            except TimeoutError:
                if self.rev() == self.sent:
                    return b": keep-alive\n\n"
        self.sent = self.rev()
        return b"data: " + self.text().encode() + b"\n\n"

    async def aclose(self):
        self.sent = -2

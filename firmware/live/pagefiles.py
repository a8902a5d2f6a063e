"""The page's own files, answered without microdot: the load that peaks the board's heap.

    if not await send_page_file(conn, site_dir, files):  # a GET or HEAD of a listed name,
        await microdot_app.handle_request(conn, conn)    # answered; else nothing is taken

Five phones opening the page at once ask for ~95 files, 4 answered at a time (live.slots):
each of microdot's requests holds about 2.5 KB (its Request, dicts, frames) and its file
answer allocates a buffer a chunk. A plain ``GET /name`` of a name in the page's folder (or
``/``: index.html) needs none of it: its head is read through live.guard's checks (a bad
one is refused as any other), the file goes out through one 512-byte buffer, with its
Content-Length and the answers' security headers (live.answers). Anything else (a query
string, an escape, another path) is left to microdot, the request line still unread.
SPDX-License-Identifier: MIT
"""

import os

from compat import const

from live.answers import head

_CHUNK = const(512)


async def send_page_file(conn, site_dir, files):
    """Answer conn's request if it is a GET or HEAD of one of files ({name: content type});
    True if answered (or refused by live.guard: OSError), False if nothing was read."""
    line = await conn.peek()
    words = line.split()
    if len(words) != 3 or words[0] not in (b"GET", b"HEAD") or words[1][:1] != b"/":
        return False
    try:
        name = words[1][1:].decode() or "index.html"
    except UnicodeError:
        return False
    kind = files.get(name)
    if kind is None:
        return False
    while (await conn.readline()).strip():  # the head, checked line by line (live.guard)
        pass
    path = site_dir + "/" + name
    await conn.awrite(head(200, kind, os.stat(path)[6]))
    if words[0] == b"HEAD":
        return True
    buf = bytearray(_CHUNK)
    mv = memoryview(buf)
    copy = not hasattr(conn.writer, "awrite")  # CPython's transport may keep what it is given
    with open(path, "rb") as f:
        while True:
            n = f.readinto(buf)
            if not n:
                return True
            await conn.awrite(bytes(mv[:n]) if copy else mv[:n])

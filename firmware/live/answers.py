"""What every answer of the board's server carries, and which requests it refuses unread.

    finish(request, response)    # microdot's after-request hook: the reason phrase and the
                                 # security headers (also after an error)
    raw(503, '{"error": ...}')   # the bytes of an answer written without microdot (live.slots'
                                 # 503 Busy, live.guard's 400 for a malformed request), and
    head(200, kind, length)      # of an answer's head (live.events' stream)
    foreign(request, address)    # "" or why a state-changing request is refused: its Host is
                                 # not the board's address, or it comes from another site

The security headers are those `make web-serve` sends (tools/web/serve.py), for the board's
page, which runs no WebAssembly: the page may run and load only its own files, nothing is
sniffed as another type, no referrer leaves, nothing frames it. A POST (every request that
changes anything) must name the board's own address as its Host (a site that rebinds its
name to the board cannot), and a browser's Origin must be that same http://host (a page of
another site, the player's browser open on it, cannot post to the board).
SPDX-License-Identifier: MIT
"""

REASONS = {200: "OK", 204: "No Content", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
           405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict",
           413: "Content Too Large", 429: "Too Many Requests", 431:
           "Request Header Fields Too Large", 500: "Internal Server Error",
           503: "Service Unavailable"}  # fmt: skip
SECURITY = (
    ("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; "
     "img-src 'self' data:; connect-src 'self'; manifest-src 'self'; object-src 'none'; "
     "base-uri 'self'; form-action 'none'; frame-ancestors 'none'"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
)  # fmt: skip


def finish(request, response):
    """microdot's after_request and after_error_request: a reason phrase for every status
    (microdot says N/A but for 200), and the security headers. (No request: one that could
    not be parsed, which the connection answers itself: live.guard.)"""
    if request is None:
        return response
    if response.reason is None:
        response.reason = REASONS.get(response.status_code, "Error")
    h = response.headers
    for name, value in SECURITY:
        h[name] = value
    return response


def head(status, kind, length, extra=""):
    """An answer's head as bytes, written as they are (the connection closes after its body):
    the status and its reason, Content-Type kind, Content-Length length (none if negative: a
    stream), the security headers; extra: more header lines, each ending in CRLF."""
    text = "HTTP/1.0 {} {}\r\nContent-Type: {}\r\n{}{}".format(
        status, REASONS.get(status, "Error"), kind,
        "Content-Length: {}\r\n".format(length) if length >= 0 else "", extra)  # fmt: skip
    for name, value in SECURITY:
        text += name + ": " + value + "\r\n"
    return (text + "\r\n").encode()


def raw(status, body, extra=""):
    """A whole answer's bytes with a JSON body (head's)."""
    return head(status, "application/json", len(body), extra) + body.encode()


def foreign(request, address):
    """Why a POST is refused ("" if it is not): Host must be the board's address (address:
    its text; "" if the board has none yet), with or without a port; a browser's Origin, if
    sent, must be http://<that Host>, and its Sec-Fetch-Site, if sent, same-origin."""
    h = request.headers
    host = h.get("Host", "")
    if not address or host.split(":")[0] != address:
        return "refused: not addressed to the board (Host: its address)"
    origin = h.get("Origin")
    if origin is not None and origin != "http://" + host:
        return "refused: a request from another site"
    site = h.get("Sec-Fetch-Site")
    if site is not None and site not in ("same-origin", "none"):
        return "refused: a request from another site"
    return ""

"""`make wifi`: the home network a Pico W joins, written to the board (docs/WIFI.md).

    make wifi SSID="Our house" PASSWORD="..."    # join this network (from the next start)
    make wifi                                    # no home network: the board's own again

The two come from the environment (make passes its command-line variables there), never
from the command line of a process, which other users of the PC can list. The board keeps
them in /wifi.json (firmware/radio.py: beside the access point's passphrase, which stays),
at the root of its flash: never in the state folder (make backup does not copy it) and never
served. The password is sent once to the board's raw REPL, which does not echo it, and is
never printed back, logged or put in an error message: the snippet that writes it catches
every error and answers only with the error's type. `make flash` leaves the file alone.
SPDX-License-Identifier: MIT
"""

import os

from tools.flashing.errors import BoardError, FlashError

FILE = "/wifi.json"  # firmware/radio.py WIFI_FILE
SSID_VAR, PASSWORD_VAR = "SSID", "PASSWORD"

# Set (or, with None, drop) the home network in /wifi.json, keeping the rest (the access
# point's key). Prints ('ok', the access point's key or '') or ('failed', error type).
WIFI_SET = """
import json, os
try:
    try:
        _f = open(%r)
        _c = json.loads(_f.read())
        _f.close()
    except (OSError, ValueError):
        _c = {}
    if not isinstance(_c, dict):
        _c = {}
    _c.pop('ssid', None)
    _c.pop('password', None)
    _n = %r
    if _n:
        _c['ssid'] = _n[0]
        _c['password'] = _n[1]
    _f = open(%r, 'w')
    _f.write(json.dumps(_c))
    _f.close()
    os.rename(%r, %r)
    _n = None
    print(repr(('ok', _c.get('key', ''))))
except Exception as _e:
    _n = None
    print(repr(('failed', type(_e).__name__)))
"""


def from_env(env=None, ask=None):
    """(ssid, password) from SSID and PASSWORD, or None (no SSID: the access point again);
    with SSID alone, ask(prompt) for the password (getpass: typed unseen). FlashError (naming
    no password) when they cannot be a WPA2 network's."""
    env = os.environ if env is None else env
    ssid = env.get(SSID_VAR, "")
    password = env.get(PASSWORD_VAR, "")
    if ssid and PASSWORD_VAR not in env and ask is not None:
        password = ask(f"password of {ssid} (not shown; empty for an open network): ")
    if not ssid:
        if password:
            raise FlashError("PASSWORD given without SSID: make wifi SSID=<network> PASSWORD=...")
        return None
    if len(ssid.encode()) > 32:
        raise FlashError("SSID is longer than a network name can be (32 bytes)")
    if password:
        hex_key = len(password) == 64 and all(c in "0123456789abcdefABCDEF" for c in password)
        if not hex_key and not (8 <= len(password) <= 63 and password.isascii()):
            raise FlashError(
                "PASSWORD is not a WPA2 passphrase: it must be 8 to 63 ASCII characters "
                "(or 64 hex digits); leave it out for an open network"
            )
    return ssid, password


def write(link, network):
    """Write network ((ssid, password) or None) to the board; return the access point's key
    ('' until the board has drawn it, at its first start as a Pico W)."""
    link.doing = "writing the network settings"
    tmp = FILE + ".tmp"
    try:
        out = link.eval(WIFI_SET % (FILE, network and list(network), tmp, tmp, FILE))
    except BoardError:  # no detail: the snippet's source held the password
        raise BoardError("the board could not run the network settings' update") from None
    if out[0] != "ok":
        raise BoardError(f"the board could not write {FILE} ({out[1]}): is its flash full?")
    return out[1]

"""The director's PIN and sessions: the PIN kept only as a salted hash in the club file,
wrong PINs rate-limited, a session a random token in the director's cookie.

    pin = ensure_pin(club)          # a new club gets a random 6-digit PIN (returned once)
    set_pin(club, "4821")
    token = login(club, "4821")     # a session token, or None for a wrong PIN
    is_director(club, token)

SPDX-License-Identifier: MIT
"""

import hashlib
import hmac
import secrets

from tools.club.night import ClubError, now
from tools.club.store import meta, set_meta, write

ROUNDS = 100_000  # PBKDF2-SHA256 iterations: a PIN has few digits, so make each try cost


def _hash(pin, salt):
    return hashlib.pbkdf2_hmac("sha256", pin.encode(), bytes.fromhex(salt), ROUNDS).hex()


def set_pin(club, pin):
    pin = str(pin).strip()
    if not (4 <= len(pin) <= 12 and pin.isdigit()):
        raise ClubError("a director's PIN is 4 to 12 digits")
    salt = secrets.token_hex(16)
    with write(club.db):
        set_meta(club.db, "pin", salt + ":" + _hash(pin, salt))
        club.db.execute("DELETE FROM sessions")  # a new PIN logs everyone out


def ensure_pin(club):
    """The PIN of a club that had none (drawn now, to be shown once), else None."""
    if meta(club.db, "pin"):
        return None
    pin = f"{secrets.randbelow(10**6):06d}"
    set_pin(club, pin)
    return pin


def login(club, pin):
    kept = meta(club.db, "pin")
    if not kept or not isinstance(pin, str):
        return None
    salt, digest = kept.split(":")
    if not hmac.compare_digest(_hash(pin.strip(), salt), digest):
        return None
    token = secrets.token_hex(16)
    with write(club.db):
        club.db.execute("INSERT INTO sessions VALUES (?, ?)", (token, now()))
    return token


def is_director(club, token):
    if not token or len(token) != 32:
        return False
    return club.q1("SELECT 1 FROM sessions WHERE token=?", token) is not None


def logout(club, token):
    with write(club.db):
        club.db.execute("DELETE FROM sessions WHERE token=?", (token,))

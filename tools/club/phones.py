"""A player's phone: it picks a name of the night once, and keeps it in a cookie.

    token = pick_name(club, player_id, old_token)    # the phone's token (a new one, or its own)
    release(club, player_id)                         # the director frees a name taken by mistake

One phone per name and one name per phone for the night, so a phone cannot send results as
someone else once that player has picked their name; the director can free a name.
SPDX-License-Identifier: MIT
"""

import secrets

from tools.club.night import ClubError
from tools.club.store import write


def pick_name(club, pid, old_token=None):
    night = club.need_night()
    if not isinstance(pid, int) or isinstance(pid, bool):
        raise ClubError("pick a name of tonight's players")
    if not club.q1("SELECT 1 FROM entrants WHERE night=? AND player=?", night["id"], pid):
        raise ClubError("that player is not in tonight's night")
    holder = club.q1("SELECT token FROM phones WHERE night=? AND player=?", night["id"], pid)
    if holder is not None and holder[0] != old_token:
        raise ClubError("another phone has that name: ask the director to free it")
    if holder is not None:
        return old_token
    token = secrets.token_hex(16)
    with write(club.db):
        if old_token:
            club.db.execute("DELETE FROM phones WHERE token=?", (old_token,))
        club.db.execute("INSERT INTO phones VALUES (?, ?, ?)", (token, night["id"], pid))
    return token


def release(club, pid):
    night = club.need_night()
    with write(club.db):
        club.db.execute("DELETE FROM phones WHERE night=? AND player=?", (night["id"], pid))

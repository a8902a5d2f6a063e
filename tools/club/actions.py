"""What the director's page asks of the hub: POST /api/director/ACTION with a JSON object.

    director_action(hub, "result", {"round": 2, "table": 3, "scores": [121, 95]})

Each action checks its fields (a ClubError says which is wrong) and makes one change through
night.py or results.py; NoAction for an action that does not exist.
SPDX-License-Identifier: MIT
"""

from tools.club import auth, phones, results
from tools.club.night import ClubError


class NoAction(LookupError):
    """The director's page asked for an action there is not."""


def _int(doc, name, optional=False):
    v = doc.get(name)
    if v is None and optional:
        return None
    if isinstance(v, bool) or not isinstance(v, int):
        raise ClubError(f"{name} is a whole number")
    return v


def _scores(doc):
    s = doc.get("scores")
    if not isinstance(s, list) or len(s) != 2:
        raise ClubError("scores is a list of two numbers: seat A's, seat B's")
    return _int({"a": s[0]}, "a"), _int({"b": s[1]}, "b")


def _name(club, doc):
    """The player named by id in doc["player"]."""
    names = club.names()
    pid = _int(doc, "player")
    if pid not in names:
        raise ClubError(f"no player {pid}")
    return names[pid]


def director_action(hub, action, doc):
    club = hub.club
    if action == "players":
        names = doc.get("add")
        if not isinstance(names, list) or not names:
            raise ClubError('add is a list of names: {"add": ["Ann", "Bob"]}')
        return {"ids": club.add_players(names)}
    if action == "rename":
        club.rename(_name(club, doc), doc.get("name", ""))
    elif action == "checkin":
        club.check_in([_name(club, doc)], bool(doc.get("present", True)))
    elif action == "night":
        return {"night": club.new_night(_int(doc, "games", True))}
    elif action == "settings":
        club.set_settings(_values(doc))
    elif action == "defaults":
        club.set_defaults(_values(doc))
    elif action == "draw":
        return {"round": club.draw_round()}
    elif action == "undo":
        return {"round": club.undo_round()}
    elif action == "result":
        a, b = _scores(doc)
        rnd = _int(doc, "round", True)
        results.record(club, _int(doc, "table"), a, b, "director", rnd=rnd)
    elif action == "correct":
        a, b = _scores(doc)
        rnd = _int(doc, "round", True)
        results.correct(club, _int(doc, "table"), a, b, doc.get("reason"), rnd=rnd)
    elif action == "hand":
        rnd = _int(doc, "round", True)
        results.add_hand(
            club, _name(club, doc), _int(doc, "points"), doc.get("kind", "hand"), rnd=rnd
        )
    elif action == "hand_remove":
        results.remove_hand(club, _int(doc, "id"))
    elif action == "release":
        phones.release(club, _int(doc, "player"))
    elif action == "close":
        return {"night": club.close_night()}
    elif action == "pin":
        auth.set_pin(club, doc.get("pin", ""))
    else:
        raise NoAction(action)
    return None


def _values(doc):
    values = doc.get("values")
    if not isinstance(values, dict):
        raise ClubError('values is an object: {"values": {"grp_min": 12}}')
    return values

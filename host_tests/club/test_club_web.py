"""The hub's HTTP API (tools/club/web.py) on loopback: the director's PIN and its lock, the
director's actions, a phone's name and result, the event stream, and what a hostile page or
a malformed request gets (nothing changes).
SPDX-License-Identifier: MIT
"""

import json
import socket
import time

import pytest

from tools.club.kit import HubError, HubProcess


@pytest.fixture
def hub(tmp_path):
    with HubProcess(tmp_path / "club.db") as h:
        yield h


def night(hub, names=("Ann", "Bob", "Cat", "Dan")):
    hub.login()
    hub.act("players", {"add": list(names)})
    hub.act("night", {"games": 3})
    hub.act("draw")
    return hub.get("api/director/state")


def test_the_director_needs_the_pin(hub):
    assert len(hub.pin) == 6
    with pytest.raises(HubError) as e:
        hub.act("draw")
    assert e.value.status == 401
    with pytest.raises(HubError) as e:
        hub.login("000000" if hub.pin != "000000" else "111111")
    assert e.value.status == 403
    hub.login()
    assert hub.get("api/director/state")["night"] is None


def test_five_wrong_pins_lock_the_login(hub):
    wrong = "1234" if hub.pin != "1234" else "4321"
    for _ in range(5):
        with pytest.raises(HubError):
            hub.login(wrong)
    with pytest.raises(HubError) as e:
        hub.login()  # the right PIN, but locked
    assert e.value.status == 429 and "wait" in e.value.message


def test_a_night_through_the_api(hub):
    state = night(hub)
    tables = state["rounds"][0]["tables"]
    assert len(tables) == 2 and all(t["result"] is None for t in tables)
    hub.act("result", {"round": 1, "table": 1, "scores": [121, 88]})
    with pytest.raises(HubError, match="has its result"):
        hub.act("result", {"round": 1, "table": 1, "scores": [121, 90]})
    with pytest.raises(HubError, match="reason"):
        hub.act("correct", {"round": 1, "table": 1, "scores": [121, 90], "reason": " "})
    hub.act("correct", {"round": 1, "table": 1, "scores": [121, 90], "reason": "miscount"})
    hub.act("result", {"round": 1, "table": 2, "scores": [60, 121]})
    state = hub.get("api/director/state")
    got = [t["result"]["scores"] for t in state["rounds"][0]["tables"]]
    assert got == [[121, 90], [60, 121]]
    assert state["balance"]["ok"] and state["corrections"][0]["reason"] == "miscount"
    rows = hub.get("api/standings")["rows"]
    winner = state["rounds"][0]["tables"][1]["players"][1]
    assert (rows[0]["name"], rows[0]["game_points"], rows[0]["spread"]) == (winner, 3, 61)
    for name in ("standings.csv", "games.csv", "sheet.html"):
        status, text = hub.request("api/director/export/" + name)
        assert status == 200 and winner in text


def test_a_phone_picks_its_name_and_sends_its_result(hub, tmp_path):
    state = night(hub)
    a, b = state["rounds"][0]["tables"][0]["ids"]
    players = hub.get("api/players")["players"]
    assert sorted(p["name"] for p in players) == ["Ann", "Bob", "Cat", "Dan"]
    phone_a, phone_b = HubProcess(hub.db), HubProcess(hub.db)
    for phone, pid in ((phone_a, a), (phone_b, b)):
        phone.url = hub.url
        phone.post("api/me", {"player": pid})
    intruder = HubProcess(hub.db)
    intruder.url = hub.url
    with pytest.raises(HubError) as e:
        intruder.post("api/me", {"player": a})  # Ann's name is her phone's
    assert e.value.status == 409
    me = phone_a.get("api/me")
    assert me["now"]["table"] == 1 and me["now"]["seat"] == "A"
    assert phone_a.post("api/me/result", {"mine": 121, "theirs": 97})["state"] == "waiting"
    assert phone_b.post("api/me/result", {"mine": 97, "theirs": 121})["state"] == "applied"
    assert phone_b.get("api/me")["now"]["result"] == [121, 97, "phones"]
    assert phone_a.get("api/me")["card"][0]["plus"] == 24


def test_another_sites_page_and_malformed_requests_change_nothing(hub):
    night(hub)
    status, _ = hub.request("api/director/draw", {}, {"Origin": "http://evil.example"})
    assert status == 403
    for body in (b"[1, 2]", b"{not json", b"\xff\xfe"):
        s = socket.create_connection(("127.0.0.1", hub.port))
        cookie = "; ".join(f"{k}={v}" for k, v in hub.cookies.items())
        s.sendall(
            b"POST /api/director/result HTTP/1.1\r\nHost: x\r\nCookie: "
            + cookie.encode()
            + b"\r\nContent-Length: %d\r\n\r\n" % len(body)
            + body
        )
        reply = s.recv(4096)
        s.close()
        assert reply.startswith(b"HTTP/1.0 400"), reply
    for bad in (
        {"round": 1, "table": "1", "scores": [121, 9]},
        {"round": 1, "table": 1},
        {"round": 1, "table": 1, "scores": [121, True]},
    ):
        with pytest.raises(HubError) as e:
            hub.act("result", bad)
        assert e.value.status == 400
    with pytest.raises(HubError) as e:
        hub.act("explode")
    assert e.value.status == 404
    status, _ = hub.request("../tools/club/night.py")
    assert status == 404
    assert all(t["result"] is None for t in hub.get("api/director/state")["rounds"][0]["tables"])


def test_the_event_stream_follows_every_change(hub):
    night(hub)
    s = socket.create_connection(("127.0.0.1", hub.port))
    s.sendall(b"GET /api/events HTTP/1.1\r\nHost: x\r\n\r\n")
    s.settimeout(10)
    buf = b""

    def next_doc():
        nonlocal buf
        while b"\n\n" not in buf.partition(b"data: ")[2]:
            buf += s.recv(65536)
        _, _, rest = buf.partition(b"data: ")
        doc, _, buf = rest.partition(b"\n\n")
        return json.loads(doc)

    assert next_doc()["done"] == 0
    t0 = time.monotonic()
    hub.act("result", {"round": 1, "table": 1, "scores": [121, 100]})
    assert next_doc()["done"] == 1
    assert time.monotonic() - t0 < 2
    # A write by another process on the same file (tools/club.py) reaches the stream too.
    from tools.club import results
    from tools.club.night import Club

    c = Club(hub.db)
    results.record(c, 2, 121, 101, "script")
    c.close()
    assert next_doc()["done"] == 2
    s.close()

"""The hub's pages and their HTTP API on microdot (docs/CLUB.md, "The hub's API").

Anyone on the club's network may read the standings (GET /api/standings, the event stream
/api/events) and pick their name on the players' page; a phone that picked a name sees its
table and card (/api/me) and may send its table's result (the opponent's phone confirms
it). Everything else is the director's: POST /api/login with the PIN gives a session
cookie; /api/director/* need it. POST bodies are JSON; a POST whose Origin is another site
is refused (403), so a page elsewhere cannot drive the director's browser.
SPDX-License-Identifier: MIT
"""

import json
import time
from pathlib import Path

from microdot import Microdot, Request, Response

from tools.club import auth, views
from tools.club.actions import NoAction, director_action
from tools.club.night import ClubError
from tools.club.stream import Stream

SITE = Path(__file__).resolve().parent / "site"
DIRECTOR, PHONE = "club_director", "club_phone"
_TYPES = {
    "html": "text/html; charset=utf-8",
    "js": "text/javascript; charset=utf-8",
    "css": "text/css; charset=utf-8",
    "svg": "image/svg+xml",
}
_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:",
}
WRONG_MAX, WRONG_WINDOW_S, LOCK_S = 5, 60, 60  # wrong PINs: 5 in a minute lock login a minute
Request.max_content_length = 64 * 1024  # a roster of 300 names is about 8 KB


def reply(doc, status=200):
    return Response(
        json.dumps(doc), status, {"Content-Type": "application/json", "Cache-Control": "no-store"}
    )


def error(message, status=400):
    return reply({"error": message}, status)


def with_cookie(response, name, token):
    response.headers["Set-Cookie"] = [f"{name}={token}; Path=/; HttpOnly; SameSite=Strict"]
    return response


def body(request):
    try:
        doc = json.loads(request.body or b"{}")
    except ValueError:
        return None
    return doc if isinstance(doc, dict) else None


class Lock:
    """Wrong PINs: WRONG_MAX within WRONG_WINDOW_S lock the login for LOCK_S."""

    def __init__(self, clock=time.monotonic):
        self.clock = clock
        self.wrong = []
        self.until = 0.0

    def left(self):
        return max(0, int(self.until - self.clock() + 0.999))

    def failed(self):
        t = self.clock()
        self.wrong = [w for w in self.wrong if t - w < WRONG_WINDOW_S] + [t]
        if len(self.wrong) >= WRONG_MAX:
            self.until = t + LOCK_S
            self.wrong = []


def make_app(hub):
    app = Microdot()
    club = hub.club
    lock = Lock()
    files = {p.name: _TYPES[p.suffix[1:]] for p in SITE.iterdir() if p.suffix[1:] in _TYPES}

    def page(name):
        return Response.send_file(str(SITE / name), content_type=files[name])

    def standings_text():
        return hub.cached("standings", lambda: json.dumps(views.standings_doc(club)))

    def director(request):
        return auth.is_director(club, request.cookies.get(DIRECTOR))

    def phone_player(request):
        token = request.cookies.get(PHONE)
        night = club.night()
        if not token or night is None:
            return None
        row = club.q1("SELECT player FROM phones WHERE token=? AND night=?", token, night["id"])
        return row[0] if row else None

    @app.before_request
    async def guard(request):
        if request.method == "POST":
            origin = request.headers.get("Origin")
            if origin and origin.split("://", 1)[-1] != request.headers.get("Host"):
                return error("another site's page may not change the club night", 403)
            if body(request) is None:
                return error("send a JSON object")
        return None

    @app.after_request
    async def headers(request, response):
        for k, v in _HEADERS.items():
            response.headers.setdefault(k, v)
        return response

    @app.get("/")
    async def players_page(request):
        return page("player.html")

    @app.get("/screen")
    async def screen_page(request):
        return page("screen.html")

    @app.get("/director")
    async def director_page(request):
        return page("director.html")

    @app.get("/<name>")
    async def static(request, name):
        return page(name) if name in files else error("not found", 404)

    @app.get("/api/standings")
    async def standings(request):
        return Response(
            standings_text(),
            200,
            {"Content-Type": "application/json", "Cache-Control": "no-store"},
        )

    @app.get("/api/events")
    async def events(request):
        """The standings after each change of the cards; ?all=1 (the director's page): the
        hub's revision after any change (a board's live score too)."""
        head = {"Content-Type": "text/event-stream", "Cache-Control": "no-store"}
        if request.args.get("all"):
            stream = Stream(hub, lambda: json.dumps({"rev": hub.rev}), lambda: hub.rev)
        else:
            stream = Stream(hub, standings_text)
        return Response(stream, 200, head)  # type: ignore[arg-type]

    @app.get("/api/players")
    async def players(request):
        night = views.shown_night(club)
        doc = views.standings_doc(club) if night else {"rows": []}
        return reply(
            {
                "night": doc.get("night"),
                "players": sorted(
                    ({"id": r["id"], "name": r["name"]} for r in doc["rows"]),
                    key=lambda p: p["name"].lower(),
                ),
            }
        )

    @app.get("/api/me")
    async def me(request):
        pid = phone_player(request)
        if pid is None:
            return error("pick your name first", 404)
        return reply(views.player_doc(club, pid))

    @app.post("/api/me")
    async def pick(request):
        from tools.club.phones import pick_name

        try:
            token = pick_name(club, body(request).get("player"), request.cookies.get(PHONE))
        except ClubError as e:
            return error(str(e), 409)
        hub.bump()
        return with_cookie(reply({"ok": True}), PHONE, token)

    @app.post("/api/me/result")
    async def my_result(request):
        from tools.club.results import claim

        pid = phone_player(request)
        if pid is None:
            return error("pick your name first", 403)
        doc = body(request)
        try:
            state = claim(club, pid, doc.get("mine"), doc.get("theirs"))
        except ClubError as e:
            return error(str(e))
        hub.bump()
        return reply({"state": state})

    @app.post("/api/login")
    async def login(request):
        if lock.left():
            return error(f"too many wrong PINs: wait {lock.left()} s", 429)
        token = auth.login(club, body(request).get("pin"))
        if token is None:
            lock.failed()
            return error("wrong PIN", 403)
        return with_cookie(reply({"ok": True}), DIRECTOR, token)

    @app.get("/api/director/state")
    async def director_state(request):
        if not director(request):
            return error("log in with the director's PIN", 401)
        doc = views.director_doc(club)
        return reply(doc | {"rev": hub.rev, "srev": hub.srev, "boards": hub.boards.status()})

    @app.get("/api/director/export/<name>")
    async def export(request, name):
        from tools.club import sheet

        if not director(request):
            return error("log in with the director's PIN", 401)
        night = views.shown_night(club)
        makers = {
            "standings.csv": sheet.standings_csv,
            "games.csv": sheet.games_csv,
            "sheet.html": sheet.sheet_html,
        }
        if night is None or name not in makers:
            return error("not found", 404)
        kind = "text/html; charset=utf-8" if name.endswith("html") else "text/csv; charset=utf-8"
        head = {"Content-Type": kind}
        if name.endswith(".csv"):
            head["Content-Disposition"] = f'attachment; filename="night{night["id"]}-{name}"'
        return Response(makers[name](club, night), 200, head)

    @app.post("/api/director/board/<action>")
    async def board_act(request, action):
        if not director(request):
            return error("log in with the director's PIN", 401)
        try:
            done = await hub.boards.action(action, body(request))
        except ClubError as e:
            return error(str(e))
        hub.bump()
        return reply({"ok": True} | (done or {}))

    @app.post("/api/director/<action>")
    async def act(request, action):
        if not director(request):
            return error("log in with the director's PIN", 401)
        try:
            done = director_action(hub, action, body(request))
        except ClubError as e:
            return error(str(e))
        except NoAction:
            return error(f"no action {action!r}", 404)
        hub.bump()
        return reply({"ok": True} | (done or {}))

    return app

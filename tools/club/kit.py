"""The hub as a subprocess, driven as a browser or a script would: for the tests, `make bench`
and the README's pictures.

    with HubProcess(db) as hub:           # tools/club.py --db DB serve on a free loopback port
        hub.url, hub.pin                  # http://127.0.0.1:PORT/, the PIN a new file drew
        hub.login()                       # the director's cookie (kept for the next calls)
        hub.act("draw")                   # POST /api/director/draw {} -> the reply's object
        hub.get("api/standings")          # a GET's JSON
        hub.kill(); hub.start()           # kill -9, then the same command again

SPDX-License-Identifier: MIT
"""

import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from tools.child import Child

REPO = Path(__file__).resolve().parents[2]
START_S = 30


class HubError(RuntimeError):
    def __init__(self, status, message):
        super().__init__(f"{status}: {message}")
        self.status = status
        self.message = message


class HubProcess(Child):
    """tools/club.py --db DB serve --host 127.0.0.1 --port PORT (0: a free one, kept after)."""

    def __init__(self, db, port=0):
        self.db = str(db)
        self.port = port
        self.url = ""
        self.pin = None
        self.proc = None
        self.cookies = {}
        self.lines = []

    def start(self):
        cmd = [
            sys.executable,
            str(REPO / "tools" / "club.py"),
            "--db",
            self.db,
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
        ]
        end = time.monotonic() + START_S
        while True:
            self.proc = subprocess.Popen(
                cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=REPO
            )
            first = self.proc.stdout.readline()
            m = re.search(r"http://127\.0\.0\.1:(\d+)/", first)
            if m:
                break
            self.proc.wait(10)
            if time.monotonic() > end:  # (a killed hub's port may linger a moment)
                raise RuntimeError(f"the hub did not start: {first!r}")
            time.sleep(0.3)
        self.port = int(m.group(1))
        self.url = f"http://127.0.0.1:{self.port}/"
        for _ in range(5):  # the PIN (a new file's), then the pages, the players' last
            line = self.proc.stdout.readline()
            self.lines.append(line)
            pin = re.search(r"PIN is (\d+)", line)
            if pin:
                self.pin = pin.group(1)
            if "players' page" in line:
                break
        return self

    # -- HTTP ------------------------------------------------------------------------

    def request(self, path, body=None, headers=None):
        """(status, reply text) of a GET (body None) or a JSON POST, with the cookies kept."""
        data = None if body is None else json.dumps(body).encode()
        head = {"Content-Type": "application/json"} if data is not None else {}
        if self.cookies:
            head["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        head.update(headers or {})
        req = urllib.request.Request(self.url + path, data, head)
        try:
            with urllib.request.urlopen(req, timeout=20) as r:
                self._keep(r.headers)
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    def _keep(self, headers):
        for c in headers.get_all("Set-Cookie") or []:
            name, _, rest = c.partition("=")
            self.cookies[name] = rest.split(";")[0]

    def get(self, path):
        status, text = self.request(path)
        if status != 200:
            raise HubError(status, text)
        return json.loads(text)

    def post(self, path, body):
        status, text = self.request(path, body)
        if status != 200:
            raise HubError(status, json.loads(text).get("error", text))
        return json.loads(text)

    def login(self, pin=None):
        return self.post("api/login", {"pin": pin or self.pin})

    def act(self, action, body=None):
        return self.post("api/director/" + action, body or {})


def click(b, css, tries=40):
    """Click css's element on browser b (tools.web.browser.Browser); again if the page redrew
    it meanwhile (the club's pages follow the hub)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    for _ in range(tries):
        try:
            b.driver.find_element(By.CSS_SELECTOR, css).click()
            return
        except StaleElementReferenceException:
            time.sleep(0.05)
    raise AssertionError(f"{css} kept being redrawn")


def pair_board(hub, board, table, tries=10):
    """Add a served board (tools/web/liveboard.LiveBoard) to the hub's night at a table and
    pair it as a director does: its display shows a code, the code is typed. A board that was
    asked for a code just now says to wait a few seconds: then it is asked again after them."""
    bid = hub.post("api/director/board/add", {"url": board.url, "table": table})["board"]
    for _ in range(tries):
        mark = board.mark()
        try:
            hub.post("api/director/board/code", {"board": bid})
        except HubError as e:
            if "wait" not in e.message:
                raise
            time.sleep(2)
            continue
        hub.post("api/director/board/pair", {"board": bid, "code": board.code(mark)})
        return bid
    raise RuntimeError(f"{board.url} never showed a pairing code")

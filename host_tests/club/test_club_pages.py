"""The hub's three pages in headless Chromium (Debian's, driven by Selenium): the director
logs in, adds players, opens a night, draws, enters and corrects a result by clicking; the
standings screen shows each change by itself; a phone picks its name, sees its table and
sends its result.
SPDX-License-Identifier: MIT
"""

import time

import pytest
from selenium.webdriver.common.by import By

from tools.club.kit import HubProcess, click
from tools.web import browser

pytestmark = pytest.mark.skipif(bool(browser.missing()), reason=browser.missing() or "ok")

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def typed(b, css, text):
    e = b.driver.find_element(By.CSS_SELECTOR, css)
    e.clear()
    e.send_keys(str(text))


def screen_row(b, name):
    return b.js(
        "const r = document.querySelector(`#board tr[data-name='${arguments[0]}']`);"
        " return r && [Number(r.dataset.gp), Number(r.dataset.spread)];",
        name,
    )


@pytest.fixture
def hub(tmp_path):
    with HubProcess(tmp_path / "club.db") as h:
        yield h


def test_a_director_runs_a_round_and_the_screen_follows(hub):
    with browser.Browser(1280, 1000) as d, browser.Browser(1280, 720) as screen:
        screen.driver.get(hub.url + "screen")
        screen.wait_for("return window.club.updates > 0")
        d.driver.get(hub.url + "director")
        d.wait_for("return document.querySelector('input[name=pin]')")
        typed(d, "input[name=pin]", hub.pin)
        click(d, "form button[type=submit]")
        d.wait_for("return document.querySelector('[data-open]')")
        typed(d, "textarea[name=names]", "\n".join(NAMES))
        d.js("document.querySelector('textarea[name=names]').form.requestSubmit()")
        d.wait_for("return window.club.state && window.club.state.roster.length === 6")
        click(d, "[data-open]")
        d.wait_for("return document.querySelector('[data-draw]')")
        click(d, "[data-draw]")
        d.wait_for("return window.club.state.round === 1")
        table = d.js("return window.club.state.rounds[0].tables[0]")
        a, b = table["players"]
        screen.wait_for("return document.querySelectorAll('#board tr[data-name]').length === 6")
        assert screen_row(screen, a) == [0, 0]

        typed(d, "[data-round='1'] tr[data-table='1'] input[name=s0]", 121)
        typed(d, "[data-round='1'] tr[data-table='1'] input[name=s1]", 85)
        t0 = time.monotonic()
        click(d, "[data-enter='1']")
        screen.wait_for(
            "const r = document.querySelector(`#board tr[data-name='${arguments[0]}']`);"
            " return r && r.dataset.gp === '3';",
            5,
            a,
        )
        shown_s = time.monotonic() - t0
        assert screen_row(screen, a) == [3, 36] and screen_row(screen, b) == [0, -36]
        assert shown_s < 2, f"the screen took {shown_s:.2f} s"

        d.wait_for("return window.club.state.rounds[0].tables[0].result")
        d.js("document.querySelector(\"[data-round='1'] tr[data-table='1'] details\").open = true")
        typed(d, "[data-round='1'] tr[data-table='1'] input[name=fix0]", 121)
        typed(d, "[data-round='1'] tr[data-table='1'] input[name=fix1]", 95)
        typed(d, "[data-round='1'] tr[data-table='1'] input[name=reason]", "miscounted crib")
        click(d, "[data-round='1'] tr[data-table='1'] details button")
        screen.wait_for(
            "const r = document.querySelector(`#board tr[data-name='${arguments[0]}']`);"
            " return r && r.dataset.gp === '2';",
            5,
            a,
        )
        assert screen_row(screen, a) == [2, 26]
        d.wait_for("return window.club.state.corrections.length === 1")
        assert "miscounted crib" in d.js("return document.body.textContent")
        assert "cards balance" in d.js("return document.getElementById('summary').textContent")


def test_a_phone_sees_its_table_and_sends_its_result(hub):
    hub.login()
    hub.act("players", {"add": NAMES[:4]})
    hub.act("night", {"games": 3})
    hub.act("draw")
    t = hub.get("api/director/state")["rounds"][0]["tables"][0]
    a, b = t["players"]
    with browser.Browser(390, 844, mobile=True) as phone:
        phone.driver.get(hub.url)
        phone.wait_for("return document.querySelector('.names button')")
        phone.driver.find_element(By.XPATH, f"//button[text()='{a}']").click()
        phone.wait_for("return window.club.shown && window.club.shown.now")
        text = phone.js("return document.querySelector('.now').textContent")
        assert "Table 1" in text and f"vs {b}" in text and "seat A" in text
        width = phone.js("return document.documentElement.scrollWidth")
        assert width <= 390, "nothing wider than the phone"
        typed(phone, "input[name=mine]", 121)
        typed(phone, "input[name=theirs]", 110)
        phone.js("document.querySelector('.now form').requestSubmit()")
        phone.wait_for("return /Waiting for/.test(document.querySelector('.now').textContent)")
        other = HubProcess(hub.db)
        other.url = hub.url
        other.post("api/me", {"player": t["ids"][1]})
        other.post("api/me/result", {"mine": 110, "theirs": 121})
        phone.wait_for("return /Result: 121-110 \\(phones\\)/.test(document.body.textContent)", 5)
        assert phone.js("return document.querySelectorAll('h2 + table tr').length") == 2

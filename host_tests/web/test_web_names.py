"""Players' names from the page (tools/web/site/names.js), in headless Chromium: on the web
board the firmware keeps them across a reload (a power cycle) and shows them on its display
and in History; on a PicoPeg W's live view a paired phone sends them as one entry and every
watching phone's score strip shows them; the board refuses a name it cannot keep, and says
why."""

import json

import page_support
import pytest
from page_support import build_site
from selenium.webdriver.common.by import By

from tools.web import browser, liveboard
from tools.web import build as webbuild

site, laptop, page = page_support.site, page_support.laptop, page_support.page
REPO = page_support.REPO
LIVE_UP = "return !!(window.picopeg && window.picopeg.live && window.picopeg.live.states > 0)"


@pytest.fixture(scope="module")
def site_dir():
    return build_site("web-names-test")


def set_names(b, names):
    """Open the Names form, type the names (A's first) and save; what the form then says."""
    b.driver.find_element(By.CSS_SELECTOR, "[data-action=names]").click()
    b.wait_for("return !document.getElementById('names').hidden")
    for side, name in zip("ABCD", names, strict=False):
        field = b.driver.find_element(By.CSS_SELECTOR, f"input[data-name-side={side}]")
        field.clear()
        field.send_keys(name)
    b.js("document.getElementById('names').requestSubmit()")
    b.wait_for(
        "return document.getElementById('names').hidden"
        " || document.querySelector('[data-names-note]').textContent !== ''",
        10,
    )
    return b.js("return document.querySelector('[data-names-note]').textContent")


def test_the_web_board_keeps_the_names_it_is_given(page):
    assert set_names(page, ["Ann Lee", "Bob"]) == ""
    page.tap("5A")
    page.wait_for(
        "return /Ann Lee\\s+5 \\+5/.test(document.querySelector('[data-display]').textContent)", 10
    )
    assert "Bob" in page.display()
    doc = json.loads(page.js("return window.picopeg.records()"))
    assert doc["game"]["names"] == {"A": "Ann Lee", "B": "Bob"}
    page.reload()  # a power cycle: the names are in the game's record on the storage
    doc = json.loads(page.js("return window.picopeg.records()"))
    assert doc["game"]["names"] == {"A": "Ann Lee", "B": "Bob"} and doc["game"]["scores"][0] == 5
    said = set_names(page, ["Ann\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9", "Bob"])
    assert "16" in said  # 9 letters, 20 bytes: the form says so before the board is asked
    doc = json.loads(page.js("return window.picopeg.records()"))
    assert doc["game"]["names"]["A"] == "Ann Lee"


@pytest.fixture(scope="module")
def board_site():
    from ci_gate import need

    need(browser.missing() or liveboard.missing())
    out = REPO / "build" / "web-names-live"
    webbuild.build_board(out, log=lambda *a: None)
    return out


def test_a_paired_phone_names_the_sides_for_every_watcher(board_site, tmp_path):
    with liveboard.LiveBoard(tmp_path / "state", board_site) as board:
        with (
            browser.Browser(390, 844, mobile=True) as watcher,
            browser.Browser(390, 844, mobile=True) as phone,
        ):
            for b in (watcher, phone):
                b.driver.get(board.url)
                b.wait_for(LIVE_UP, browser.BOOT_S)
            assert watcher.js("return document.querySelector('[data-action=names]').hidden")
            mark = board.mark()
            phone.driver.find_element(By.CSS_SELECTOR, "[data-action=pair]").click()
            phone.wait_for(
                "return document.getElementById('pair-note').textContent.includes('6-digit code')",
                10,
            )
            field = phone.driver.find_element(By.CSS_SELECTOR, "input[data-pair]")
            field.send_keys(board.code(mark))
            phone.js("document.getElementById('pair').requestSubmit()")
            phone.wait_for("return window.picopeg.status() === 'paired'", 10)
            assert set_names(phone, ["Ann Lee", "Bob"]) == ""
            watcher.wait_for(
                "return [...document.querySelectorAll('#scores .who')]"
                ".map(e => e.textContent).join('|') === 'Ann Lee|Bob'",
                10,
            )
            assert board.state()["names"] == ["Ann Lee", "Bob"]
            assert any("Ann Lee" in line for line in board.printed[-8:])  # its display

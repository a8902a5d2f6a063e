"""The web page around the board, in Debian's headless Chromium (tools/web/browser.py): what
it says when the browser keeps no storage, when the site's data is cleared under it, when
the storage is full, on plain http, offline at a deep link and when a new build is out; its
own messages on the 16-column display; the headers `make web-serve` sends.
"""

import re
import shutil
import time
import urllib.request

import page_support
import pytest
from app_support import A_FRONT, B_FRONT, DARK
from page_support import LOG, banner, build_site, offline_ready, text_of, wait_rgb

from tools.web import browser, serve
from tools.web import build as webbuild

BLOCKED = {"profile.default_content_setting_values.cookies": 2}  # "block site data"

# The shared fixtures (page_support.py): the site served, a laptop-sized Chromium, a fresh page.
site, laptop, page = page_support.site, page_support.laptop, page_support.page


@pytest.fixture(scope="module")
def site_dir():
    return build_site("web-test-page")


def lines_fit(text):
    lines = text.split("\n")
    return len(lines) <= 8 and all(len(line) <= 16 for line in lines)


# -- storage ----------------------------------------------------------------------------------


def test_with_site_data_blocked_it_plays_from_memory_and_says_a_reload_loses_it(site):
    with browser.Browser(prefs=BLOCKED) as b:
        b.open(site.url)
        assert b.js("try { localStorage.length; return false } catch (e) { return e.name }") \
            == "SecurityError"  # fmt: skip
        assert b.status() == "on"  # not "open in another tab": there is none
        assert "another tab" not in b.display()
        assert "will not survive a reload" in banner(b)
        assert "in memory only" in text_of(b, "#status")
        b.tap("2A")
        wait_rgb(b, 2, A_FRONT)
        b.reload()  # as it said: the game is gone
        wait_rgb(b, 2, DARK)


def test_clearing_the_sites_data_is_told_from_another_tab_and_the_game_can_be_put_back(page):
    page.tap("2A 3B")
    wait_rgb(page, 3, B_FRONT)
    page.js("localStorage.clear()")
    page.tap("4A", wait=False)
    page.wait_for("return document.body.classList.contains('cleared')", 5)
    assert "another tab" not in page.display() and "cleared" in page.display()
    assert lines_fit(page.display())
    assert page.js("return document.body.classList.contains('elsewhere')") is False
    assert page.rgb(4) == DARK  # the key went nowhere
    page.driver.find_element("css selector", "[data-action=restore]").click()
    page.wait_for("return window.picopeg.status() === 'on'", 10)
    wait_rgb(page, 2, A_FRONT)
    wait_rgb(page, 3, B_FRONT)
    assert page.storage().get(LOG)  # written back
    page.tap("4A")
    wait_rgb(page, 6, A_FRONT)
    page.reload()  # and it is on storage again
    wait_rgb(page, 6, A_FRONT)
    # The other choice: a new board on the emptied storage.
    page.js("localStorage.clear()")
    page.tap("1B", wait=False)
    page.wait_for("return document.body.classList.contains('cleared')", 5)
    page.driver.find_element("css selector", "[data-action=afresh]").click()
    page.wait_for("return window.picopeg.status() === 'on'", 10)
    wait_rgb(page, 6, DARK)
    page.tap("5A")
    wait_rgb(page, 5, A_FRONT)


def test_a_full_storage_says_so_and_what_to_do_and_changes_nothing(page):
    page.tap("2A")
    wait_rgb(page, 2, A_FRONT)
    filled = page.js(
        "let n = 0; for (let size = 1 << 20; size >= 1; size >>= 1) {"
        " for (;;) { try { localStorage.setItem('other-page-' + n, 'x'.repeat(size)); n++; }"
        " catch (e) { break; } } } return n;"
    )
    assert filled > 0
    log = page.storage()[LOG]
    page.tap("3B")
    assert "storage for this site is full" in banner(page)
    assert "Other pages of this site use" in banner(page)
    assert page.storage()[LOG] == log  # nothing changed
    assert re.search(r"B\s+0\b", page.display()) and re.search(r"A\s+2\b", page.display())
    page.tap("*")  # clear what is still typed
    page.js("for (const k of Object.keys(localStorage)) if (k.startsWith('other-page-'))"
            " localStorage.removeItem(k);")  # fmt: skip
    page.tap("3B")
    wait_rgb(page, 3, B_FRONT)
    assert banner(page) == ""  # room again: the word goes


def test_web_locks_refused_with_storage_kept_is_not_another_tab(site):
    # As where the browser refuses Web Locks (a SecurityError) but keeps localStorage.
    refuse = (
        "navigator.locks.request = () => Promise.reject("
        "new DOMException('The request was denied.', 'SecurityError'));"
    )
    with browser.Browser() as b:
        b.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": refuse})
        b.open(site.url)
        assert b.status() == "on" and "another tab" not in b.display()
        b.tap("2A")
        wait_rgb(b, 2, A_FRONT)
        b.reload()  # kept on storage
        wait_rgb(b, 2, A_FRONT)


# -- plain http, the headers ---------------------------------------------------------------


def test_on_plain_http_over_a_lan_the_footer_says_what_is_missing(site):
    port = site.url.rstrip("/").rsplit(":", 1)[1]
    # lan.test is this machine, but not a secure origin to the browser, as a LAN address is
    with browser.Browser(args=["--host-resolver-rules=MAP lan.test 127.0.0.1"]) as b:
        b.open(f"http://lan.test:{port}/")
        assert b.js("return window.isSecureContext") is False
        status = text_of(b, "#status")
        for missing in ("no offline copy", "no screen wake lock", "no tab lock", "HTTPS"):
            assert missing in status, status
        b.tap("2A")
        wait_rgb(b, 2, A_FRONT)


def test_web_serve_sends_a_content_security_policy_and_nosniff(site):
    for path in ("", "main.js", "micropython.wasm", "sw.js"):
        with urllib.request.urlopen(site.url + path) as r:
            headers = r.headers
        csp = headers["Content-Security-Policy"]
        assert "'wasm-unsafe-eval'" in csp and "script-src 'self'" in csp, csp
        assert "'unsafe-eval'" not in csp.replace("'wasm-unsafe-eval'", "")
        assert "unsafe-inline" not in csp
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Cache-Control"] == "no-cache"
    assert serve.HEADERS["Content-Security-Policy"] == csp


def test_the_page_runs_under_its_policy_with_no_violation(page):
    page.tap("2A")
    wait_rgb(page, 2, A_FRONT)
    for details in ("#help", "#history"):  # the help's picture, the History view
        page.driver.find_element("css selector", details + " summary").click()
    time.sleep(0.5)
    assert page.js("return window.__csp") == []


# -- the page's messages, offline, a new version ------------------------------------------


def test_every_message_the_page_puts_on_the_display_fits_it(page):
    found = page.js(
        "return import('./messages.js').then(m => [Object.entries(m.DISPLAY),"
        " m.screen(m.DISPLAY.nostart, 'TypeError: Failed to fetch dynamically imported"
        " module: http://127.0.0.1/micropython.mjs')])"
    )
    messages, error = found
    assert {name for name, _ in messages} >= {"elsewhere", "cleared", "nostart", "noWasm"}
    for name, lines in messages:
        assert lines_fit("\n".join(lines)), (name, lines)
    assert lines_fit(error) and "Failed to fetch" in error.replace("\n", " "), error


def test_without_webassembly_the_page_says_so_within_the_display(site):
    with browser.Browser() as b:
        script = "delete globalThis.WebAssembly;"  # as a browser without it, before any script
        b.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})
        b.driver.get(site.url)
        b.wait_for("return window.picopeg && window.picopeg.status() === 'failed'", 20)
        text = b.display()
        assert "WebAssembly" in text and lines_fit(text), text
        assert "could not start" in banner(b)


def test_a_deep_link_offline_loads_the_board(site_dir):
    with browser.Site(site_dir) as s, browser.Browser() as b:
        offline_ready(b, s.url)
        b.tap("2A")
        wait_rgb(b, 2, A_FRONT)
        s.stop()  # the network is gone
        b.open(s.url + "some/deep/path?x=1")
        assert b.js("return location.pathname") == "/"
        wait_rgb(b, 2, A_FRONT)
        b.tap("3B")
        wait_rgb(b, 3, B_FRONT)


def test_a_new_build_offers_a_reload_and_keeps_the_game(site_dir, tmp_path):
    folder = tmp_path / "web"
    shutil.copytree(site_dir, folder)
    with browser.Site(folder) as s, browser.Browser() as b:
        offline_ready(b, s.url)
        b.tap("2A")
        wait_rgb(b, 2, A_FRONT)
        assert banner(b) == ""
        # A new build is published: one file changes, and with it the worker's cache name.
        with (folder / "style.css").open("a") as f:
            f.write("\n/* the new build */\n")
        names = sorted(
            p.name for p in folder.iterdir() if p.name not in ("sw.js", ".picopeg-build")
        )
        webbuild.service_worker(folder, names)
        b.reload()  # the next visit finds it
        b.wait_for("return document.getElementById('banner').hidden === false", 20)
        assert "new version is ready" in banner(b)
        wait_rgb(b, 2, A_FRONT)  # the old version plays on meanwhile
        b.driver.find_element("css selector", "#banner button").click()
        b.wait_for(
            "return fetch('style.css').then(r => r.text()).then(t => t.includes('new build'))",
            20,
        )
        b.wait_booted()
        wait_rgb(b, 2, A_FRONT)  # the game is kept
        assert banner(b) == ""


# -- the help -----------------------------------------------------------------------------------


def test_the_help_has_every_modes_keys_as_the_board_names_them(page):
    from cribbage.cards import RANK_NAMES
    from cribbage.rankcount import ANSWER_WORDS, FLUSH, FLUSH5, NOBS
    from keypad import KEYS
    from modes import MODES

    sections = page.js(
        "const out = {}; let name = null;"
        "for (const el of document.querySelectorAll('#keys-help > *')) {"
        " if (el.tagName === 'H2') name = el.dataset.mode || null;"
        " else if (name) out[name] = (out[name] || '') + ' ' + el.textContent; }"
        "return out;"
    )
    shown = []  # the mode's name on the display, as the board steps through them
    screens = {}
    for _ in MODES:
        screens[page.display().split("\n")[0].split("  ")[0].strip()] = page.display()
        shown.append(page.display().split("\n")[0].split("  ")[0].strip())
        page.hold("D", 1200)
    assert shown == [row[1] for row in MODES]
    for name in shown:
        assert len(sections.get(name, "")) > 80, (name, sorted(sections))
    # Count verify: the card keys as its display names them (one key a card), and the keys
    # that say what the suits make (A nobs, B a flush, C a flush with the starter).
    cv = " ".join(sections["Count verify"].split())
    hint = [ln for ln in screens["Count verify"].split("\n") if "ABC=" in ln]
    assert hint and hint[0].strip() in cv, (hint, cv)
    for key, answer in zip("ABC", (NOBS, FLUSH, FLUSH5), strict=True):
        assert f"{key} {ANSWER_WORDS[answer]}" in cv, (key, cv)
    pegging = " ".join(sections["Pegging"].split())
    court = ", ".join(n.lower() for n in RANK_NAMES[10:13])  # A B C: 11 + the letter
    assert f"A B C {court}" in pegging and "D go" in pegging, pegging
    keys = page.js(
        "return [...document.querySelectorAll('#keys-help td:first-child code')]"
        ".map(e => e.textContent)"
    )
    singles = {k for k in keys if len(k) == 1}
    assert singles and singles <= set(KEYS), singles - set(KEYS)


# -- phones -----------------------------------------------------------------------------------

PLAY = (  # every control needed to play, with its box and whether it is on top at its centre
    "return [...document.querySelectorAll('[data-key], [data-display], #board,"
    " [data-action=power]')].map(e => { const r = e.getBoundingClientRect();"
    " const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);"
    " return [e.dataset.key || e.id || e.dataset.action, r.left, r.top, r.right, r.bottom,"
    " e === top || e.contains(top)]; })"
)
BOARD_W, BOARD_H = 270.5, 58.0  # the board's drawing, mm (boardsvg: holes.csv and margins)
HOLE_MM = 5.4


@pytest.mark.parametrize(
    "size", [(390, 844), (360, 640), (320, 568), (844, 390)], ids=lambda s: "x".join(map(str, s))
)
def test_a_phone_upright_or_sideways_shows_every_key_and_the_largest_board(site, size):
    w, h = size
    with browser.Browser(w, h, mobile=True) as phone:
        phone.open(site.url)
        assert phone.js("return [innerWidth, innerHeight]") == [w, h]
        boxes = phone.js(PLAY)
        assert len(boxes) == 19
        for name, left, top, right, bottom, on_top in boxes:
            assert left >= 0 and top >= 0 and right <= w and bottom <= h, (name, right, bottom)
            assert on_top, name  # nothing covers it
        keys = [b for b in boxes if len(b[0]) == 1]
        assert min(b[3] - b[1] for b in keys) >= 48 and min(b[4] - b[2] for b in keys) >= 48
        assert phone.js("return document.documentElement.scrollWidth") <= w  # no sideways
        board = next(b for b in boxes if b[0] == "board")
        hole = phone.js(
            "return document.querySelector('[data-hole=\"7\"]').getBoundingClientRect().width"
        )
        across = (w - 12) / BOARD_W * HOLE_MM  # a hole of the board laid across the width
        if h > w:  # upright: turned down the screen's length, so larger than across it
            assert board[4] - board[2] > board[3] - board[1]
            assert hole >= 1.25 * across, (hole, across)
        else:  # sideways: across most of the width, the keys beside it
            assert board[3] - board[1] >= 0.55 * w and hole >= 0.55 * across
        phone.tap("6A")
        wait_rgb(phone, 6, A_FRONT)
        phone.tap("*")  # the bottom row
        wait_rgb(phone, 6, DARK)

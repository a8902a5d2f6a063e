"""PicoPeg in a real browser: the site of `make web`, served as `make web-serve` serves it, in
Debian's headless Chromium driven by Selenium (tools/web/browser.py). The page runs the
firmware's own App on MicroPython's WebAssembly port; these tests click its keys and read
its DOM contract (data-hole / data-rgb, data-key, data-display, data-action="power").

Without chromium, chromium-driver or the npm package they skip, except under PICOPEG_CI=1
(.ci/run), where they fail. Colours are the firmware's bytes at the default brightness,
derived by hand in app_support.py.
"""

import re
import time

import page_support
import pytest
from app_support import A_FRONT, B_FRONT, BAR_RED, BAR_WHITE, DARK, MARK, board
from page_support import LOG, build_site, offline_ready, wait_rgb

from tools.web import browser

# The shared fixtures (page_support.py): the site served, a laptop-sized Chromium, a fresh page.
site, laptop, page = page_support.site, page_support.laptop, page_support.page


@pytest.fixture(scope="module")
def site_dir():
    return build_site("web-test")


def side_pegs(b, colour):
    return [i + 1 for i, c in enumerate(b.rgbs()) if c == colour]


def wait_display(b, text, timeout=8.0):
    """Until the display shows text (anywhere in its lines)."""
    script = "return document.querySelector('[data-display]').textContent.includes(arguments[0])"
    b.wait_for(script, timeout, text)


def wait_on(b, timeout=10.0):
    b.wait_for("return window.picopeg.status() === 'on'", timeout)


# -- the page and its contract ----------------------------------------------------------------


def test_the_page_draws_the_121_holes_as_the_pc_board_does(page):
    holes = page.js(
        "return [...document.querySelectorAll('[data-hole]')].map(e => e.dataset.hole)"
    )
    assert sorted(int(h) for h in holes) == list(range(1, 122))
    pc = board()  # the firmware on the PC stand-in, freshly booted: the same frame
    assert page.rgbs() == [pc.led(h) for h in range(1, 122)]
    assert set(page.lit()) == set(range(5, 121, 5)) | {61, 91, 121}  # markers, skunks, game
    assert page.display().split("\n")[0].startswith("Scoreboard")
    keys = page.js(
        "return [...document.querySelectorAll('button[data-key]')]"
        ".map(e => [e.dataset.key, e.getAttribute('aria-label') || e.textContent])"
    )
    assert sorted(k for k, _ in keys) == sorted("123A456B789C*0#D")
    assert all(name.strip() for _, name in keys)  # every key has an accessible name
    live = page.js("return document.querySelector('[data-display]').getAttribute('aria-live')")
    assert live == "polite"
    assert page.js("return !!document.querySelector('[data-action=power]')")
    # The screen is kept awake while the game is open (headless Chromium grants the lock).
    page.wait_for("return document.getElementById('awake').textContent", 5)
    assert page.js("return document.getElementById('awake').textContent") == "screen kept awake"
    # Installable: the manifest, its icons and a service worker.
    manifest = page.js(
        "return fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"
    )
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    for icon in manifest["icons"]:
        ok = page.js("return fetch(arguments[0]).then(r => r.ok && r.headers.get('content-type'))",
                     icon["src"])  # fmt: skip
        assert ok == icon["type"], icon
    page.wait_for("return navigator.serviceWorker.getRegistration().then(r => !!r)", 10)


def test_two_then_a_pegs_hole_2_for_a_and_star_takes_it_back(page):
    page.tap("2A")
    wait_rgb(page, 2, A_FRONT)
    assert re.search(r"A\s+2\b", page.display())
    assert page.storage().get(LOG)  # on storage before the LEDs showed it
    page.tap("*")
    wait_rgb(page, 2, DARK)
    assert side_pegs(page, A_FRONT) == []
    assert re.search(r"A\s+0\b", page.display())


def test_a_click_of_any_length_is_exactly_one_tap(page):
    # Down and up in one go (no time at all between them) on 1, 2 and A: A pegs 12, not
    # nothing, not 2 (a tap missed) and not 112 (a tap seen twice).
    page.js(
        "for (const k of ['1', '2', 'A']) {"
        " const el = document.querySelector(`[data-key='${k}']`);"
        " for (const t of ['pointerdown', 'pointerup']) el.dispatchEvent(new PointerEvent(t,"
        " {bubbles: true, pointerId: 7, button: 0, isPrimary: true})); }"
    )
    page.wait_idle()
    wait_rgb(page, 12, A_FRONT)
    assert side_pegs(page, A_FRONT) == [12]
    page.hold("D", 1200)  # a long click: the long press of D, the next mode
    wait_display(page, "Count verify")


def test_the_computer_keyboard_plays_as_make_sim(page):
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(page.driver).send_keys("5b").perform()
    page.wait_idle()
    wait_rgb(page, 5, B_FRONT)
    ActionChains(page.driver).send_keys("ld").perform()  # l, then d: a long press of D
    wait_display(page, "Count verify")


def test_a_reload_keeps_the_game(page):
    page.tap("2A 3B")
    wait_rgb(page, 3, B_FRONT)
    page.reload()
    wait_rgb(page, 2, A_FRONT)
    wait_rgb(page, 3, B_FRONT)
    assert "recovered" not in page.display()


# -- power cuts -------------------------------------------------------------------------------

ENTRY_POINTS = (  # how far the entry "3 B" has got when the power fails
    ("before 3", [], 0),
    ("3 down", [("3", True)], 0),
    ("3 up", [("3", True), ("3", False)], 0),
    ("B down", [("3", True), ("3", False), ("B", True)], 0),
    ("B up, before the write", [("3", True), ("3", False), ("B", True), ("B", False)], 0),
    ("B up, 1 byte written", [("3", True), ("3", False), ("B", True), ("B", False)], 1),
    ("B up, torn record", [("3", True), ("3", False), ("B", True), ("B", False)], 7),
    # 20: the record whole even when it starts a new journal (its 8-byte header first:
    # after the torn record above, start-up rewrote the log and removed the journal).
    ("B up, whole record", [("3", True), ("3", False), ("B", True), ("B", False)], 20),
)


def test_a_power_cut_at_any_point_of_an_entry_never_loses_a_committed_point(page):
    page.tap("2A")
    wait_rgb(page, 2, A_FRONT)
    for name, events, tear in ENTRY_POINTS:
        boots = page.js("return window.picopeg.view.frames")
        # The keys go down and up as the page's pointer events would; the power cut is armed
        # with them, so it lands wherever the entry has got to (inside the write, if any).
        page.js(
            "const [evs, tear] = arguments;"
            "for (const [k, down] of evs) window.picopeg.key(k, down);"
            "window.picopeg.powerCut(tear, 400, 300);",
            events,
            tear,
        )
        page.wait_for("return window.picopeg.status() === 'off'", 5)
        assert page.lit() == [], name  # the LEDs are off
        wait_on(page)
        assert page.js("return window.picopeg.view.frames") > boots
        wait_rgb(page, 2, A_FRONT)  # the committed point, always
        b = side_pegs(page, B_FRONT)
        assert b in ([], [3]), (name, b)
        if tear == 20:
            assert b == [3], name  # a whole record is a committed point too
        if b:  # take it back, so every cut starts from A 2, B 0
            page.tap("*")
            wait_rgb(page, 3, DARK)
    # The page's own control: a click of the power button.
    page.driver.find_element("css selector", "[data-action=power]").click()
    page.wait_for("return window.picopeg.status() === 'off'", 5)
    wait_on(page)
    wait_rgb(page, 2, A_FRONT)


# -- the modes and a whole game ---------------------------------------------------------------


def test_count_verify_of_the_rulebooks_hand_says_14(page):
    page.hold("D", 1200)  # long D: count verify
    wait_display(page, "Count verify")
    # The rulebook's hand 4C 5S 6D 7C, the starter 5H: one key a card, then the claim 12;
    # # says the suits make nothing (no flush). Fifteens 4, pairs 2, runs 8: 14.
    page.tap("4567 5")
    page.tap("12#")
    text = page.display()
    assert re.search(r"\b14\b", text.replace("12", "")), text
    time.sleep(0.4)
    rgbs = page.rgbs()
    assert all(rgbs[h - 1] in (BAR_WHITE, BAR_RED) for h in range(1, 15)), rgbs[:16]
    assert rgbs[14] == MARK  # hole 15: only its marker


def test_a_whole_game_to_121_shows_the_winner_and_refuses_more_points(page):
    # Each hand: the pone pegs 4 and the dealer 8 in the play; then the show: the pone's hand
    # 24, the dealer's 28, the crib 20. A deals first: A 56 B 28, then A 84 B 84, then the
    # third hand A reaches 120 with its hand and pegs out with the crib: A 121, B 112.
    for hand in range(3):
        dealer, pone = ("A", "B") if hand % 2 == 0 else ("B", "A")
        page.tap(f"4{pone} 8{dealer} # 24# 28# 20#")
        if hand < 2:
            page.tap("#")  # the deal passes
    time.sleep(0.5)
    text = page.display()
    assert re.search(r"A\s+121\b", text) and re.search(r"B\s+112\b", text), text
    assert "win" in text.lower(), text
    page.wait_for("return window.picopeg.view.frames > 0")
    page.tap("2B")  # refused: the game is over
    time.sleep(0.3)
    text = page.display()
    assert re.search(r"B\s+112\b", text), text
    page.reload()  # and the end stands after a power cycle
    text = page.display()
    assert re.search(r"A\s+121\b", text) and re.search(r"B\s+112\b", text), text


# -- bad storage, a second tab ----------------------------------------------------------------


@pytest.mark.parametrize(
    "junk",
    ["PicoPeg\x01\x16\x00\x00M" + "\xff" * 9, '{"score": "\u2603 not a board\'s"}'],
    ids=["corrupt", "foreign"],
)
def test_a_damaged_or_foreign_game_log_is_set_aside_and_nothing_else_lost(page, junk):
    page.hold("D", 1200)  # count verify: the mode is kept in settings.txt
    page.tap("2#")
    before = page.storage()
    assert "picopeg/state/settings.txt" in before
    page.js("localStorage.setItem(arguments[0], arguments[1])", LOG, junk)
    page.reload()
    text = page.display()
    assert "recovered" in text, text
    after = page.storage()
    assert after.get("picopeg/state/game.bad1") == junk  # kept aside, as the board keeps it
    assert after["picopeg/state/settings.txt"] == before["picopeg/state/settings.txt"]
    wait_display(page, "Count verify")


def test_damaged_settings_are_set_aside_and_the_game_kept(page):
    page.tap("2A")
    wait_rgb(page, 2, A_FRONT)
    page.js("localStorage.setItem(arguments[0], arguments[1])",
            "picopeg/state/settings.txt", "picopeg-settings 1\nplayers=9\ncrc=0000\n")  # fmt: skip
    page.reload()
    assert "recovered" in page.display()
    assert page.storage().get("picopeg/state/settings.bad1", "").startswith("picopeg-settings")
    wait_rgb(page, 2, A_FRONT)


def test_a_second_tab_says_so_and_corrupts_nothing(page, site):
    d = page.driver
    page.tap("2A")
    wait_rgb(page, 2, A_FRONT)
    first = d.current_window_handle
    d.switch_to.new_window("tab")
    try:
        d.get(site.url)
        page.wait_for("return window.picopeg && window.picopeg.status() === 'lost'", 20)
        assert "another tab" in page.display()
        log = page.storage()[LOG]
        page.tap("5B", wait=False)  # keys in the second tab do nothing
        assert page.storage()[LOG] == log
        d.find_element("css selector", "[data-action=takeover]").click()
        page.wait_for("return window.picopeg.status() === 'on'", 20)
        wait_rgb(page, 2, A_FRONT)  # the same game, taken over
        page.tap("3B")
        wait_rgb(page, 3, B_FRONT)
        d.switch_to.window(first)
        page.wait_for("return window.picopeg.status() === 'lost'", 5)
        log = page.storage()[LOG]
        page.tap("9A", wait=False)  # the first tab has let go: it writes nothing
        assert page.storage()[LOG] == log
    finally:
        for handle in d.window_handles:
            if handle != first:
                d.switch_to.window(handle)
                d.close()
        d.switch_to.window(first)


# -- no network (the phones: test_web_page.py) ------------------------------------------------


def test_with_the_network_cut_after_one_visit_the_page_reloads_and_plays(site_dir):
    with browser.Site(site_dir) as s, browser.Browser() as b:
        offline_ready(b, s.url)  # from now on the service worker serves the page
        assert b.js("return caches.keys().then(k => k.length > 0)")
        b.tap("2A")
        wait_rgb(b, 2, A_FRONT)
        s.stop()  # the network is gone
        gone = b.js("return fetch('/not-cached-' + Date.now()).then(() => false, () => true)")
        assert gone
        b.reload()
        wait_rgb(b, 2, A_FRONT)
        b.tap("4B")
        wait_rgb(b, 4, B_FRONT)

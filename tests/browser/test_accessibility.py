"""The pages players read, checked in a real browser (headless Chromium) with axe-core, at a
desktop's and at a phone's width: the front door, the list of games, every guide and a game
page have no serious or critical accessibility violation, and none scrolls sideways on a phone.

axe-core is found at test time: $HERALD_AXE_JS, else node_modules/axe-core/axe.min.js in the
working directory or /tmp/axe (`npm install axe-core` there); without it the test is skipped
with that reason (.ci/run installs it when npm is there)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser.test_game_pages import browser, play_any, server, start  # noqa: F401 - the module's fixtures

PAGES = ["/", "/rules", "/rules/castle-assault", "/rules/medieval-mastery", "/rules/wizards-quest",
         "/rules/no-such-game"]
SIZES = {"desktop": (1280, 1000), "phone": (390, 844)}
BAD = ("serious", "critical")


def axe_source() -> str:
    candidates = [os.environ.get("HERALD_AXE_JS", "")]
    candidates += [str(Path(root) / "node_modules" / "axe-core" / "axe.min.js") for root in (os.getcwd(), "/tmp/axe")]
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            return Path(candidate).read_text(encoding="utf-8")
    pytest.skip("axe-core not found: set HERALD_AXE_JS to axe.min.js, or `npm install axe-core` in /tmp/axe")


@pytest.fixture(scope="module")
def axe():
    return axe_source()


def violations(driver, axe: str, every_impact: bool = False) -> list[str]:
    """axe-core's serious and critical violations on the page shown, one line each; `every_impact`:
    every violation, with the target-size rule (off by default in axe) on too."""
    driver.execute_script(axe)
    options = "{resultTypes: ['violations']" + (", rules: {'target-size': {enabled: true}}" if every_impact else "") + "}"
    found = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        f"axe.run(document, {options})"
        ".then(function (r) { done(r.violations.map(function (v) { return {id: v.id, impact: v.impact,"
        " help: v.help, nodes: v.nodes.map(function (n) { return n.target.join(' '); })}; })); })"
        ".catch(function (e) { done('axe failed: ' + e); });")
    assert not isinstance(found, str), found
    return [f"{v['impact']} {v['id']}: {v['help']} at {v['nodes'][:3]}" for v in found
            if every_impact or v["impact"] in BAD]


def sideways(driver) -> int:
    """How far the page itself scrolls sideways (a table scrolls in its own box, not the page)."""
    return driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth;")


@pytest.mark.parametrize("path,size", [pytest.param(path, size, marks=pytest.mark.slow)
                                       if size != "desktop" and path != PAGES[0] else (path, size)
                                       for path in PAGES for size in sorted(SIZES)])
def test_the_pages_for_players_pass_axe(server, browser, axe, path, size):  # noqa: F811 - fixtures
    browser.set_window_size(*SIZES[size])
    browser.get(server + path)
    assert browser.execute_script("return document.documentElement.lang") == "en"
    assert violations(browser, axe) == []
    if size == "phone":
        assert sideways(browser) <= 0


LANGUAGES = ("en", "sv", "ru", "nl", "es", "hu")
NOTATION_MARKS = ("var codes = document.querySelectorAll('code');"
                  "return [codes.length, Array.prototype.filter.call(codes, function (c) {"
                  " return c.lang !== 'en' || c.getAttribute('translate') !== 'no' || c.translate; })"
                  ".map(function (c) { return c.outerHTML; })];")


@pytest.mark.parametrize("language", LANGUAGES)
def test_notation_is_english_and_untranslated_on_a_guide_and_the_game_page(server, browser, axe, language):  # noqa: F811
    """A screen reader read a Swedish guide's `advance S03 S04 2` with the Swedish voice, and a
    page translator translated it into a move that no longer parses: in every language, each
    code element of a guide and of the game page is English and not for translating (the
    browser's own `translate` property says no), and axe still passes."""
    game, players = start(server, "castle-assault", {"first-player": 0})
    play_any(game, players[0])  # a move in the log; the other seat is asked, with its legal moves and patterns
    for address in (f"{server}/rules/castle-assault?lang={language}",
                    players[1].call("GET", f"/games/{game}/link")["url"] + f"&lang={language}"):
        browser.get(address)
        assert browser.execute_script("return document.documentElement.lang") == language
        count, unmarked = browser.execute_script(NOTATION_MARKS)
        assert count and unmarked == [], (address, unmarked)
        assert browser.execute_script("return Array.prototype.every.call(document.querySelectorAll("
                                      "'#legal button, .pattern [lang=en]'), function (e) { return !e.translate; });")
        assert violations(browser, axe) == []


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_game_page_passes_axe(server, browser, axe, size):  # noqa: F811 - fixtures
    game, players = start(server, "castle-assault", {"first-player": 0})
    players[1].call("POST", f"/games/{game}/chat", json={"text": "Good luck!"})  # the table talk listed too
    players[1].call("POST", f"/games/{game}/chat", json={"text": "A word between us", "to": [0]})
    browser.set_window_size(*SIZES[size])
    browser.get(players[0].call("GET", f"/games/{game}/link")["url"])
    assert violations(browser, axe) == []
    if size == "phone":
        assert sideways(browser) <= 0


def test_a_move_is_played_with_the_keyboard_alone(server, browser):  # noqa: F811 - fixtures
    """From the page's top, Tab reaches the move box (every control before it is reachable too),
    typing a legal move and Enter plays it: no mouse needed."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    game, players = start(server, "castle-assault", {"first-player": 0})
    line = next(m["text"] for m in players[0].call("GET", f"/games/{game}/legal")["moves"] if not m.get("pattern"))
    browser.set_window_size(*SIZES["phone"])
    browser.get(players[0].call("GET", f"/games/{game}/link")["url"])
    for _ in range(60):  # Tab through the page until the move box has the focus
        ActionChains(browser).send_keys(Keys.TAB).perform()
        if browser.switch_to.active_element.get_attribute("id") == "move-text":
            break
    else:
        pytest.fail("Tab never reached the move box")
    ActionChains(browser).send_keys(line).send_keys(Keys.ENTER).perform()
    for _ in range(100):
        if players[0].call("GET", f"/games/{game}")["version"] == 1:
            break
        browser.implicitly_wait(0.1)
    assert players[0].call("GET", f"/games/{game}")["version"] == 1
    assert line.split()[0] in browser.page_source

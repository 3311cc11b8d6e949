"""The game page and the guides for a player with a keyboard and a screen reader, on a phone of
320 pixels, in Swedish and Dutch (an accessibility explorer's report): what changes is said in a
polite live region and the focus stays where it was, a refused move puts the focus back in the
box, resigning asks to be confirmed, a skip link leads to the move box, and axe-core (all its
rules, target size included) finds nothing on the pages at that width.

Run in headless Chromium against a live server (tests/browser/test_game_pages.py's fixtures);
the axe checks skip without axe-core (tests/browser/test_accessibility.py says where it looks)."""
from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from tests.browser.test_game_pages import (UPDATE_SECONDS, Player, browser, chromium, play_any,  # noqa: F401
                                           prompted_seats, start, version_shown)
from tests.browser.test_accessibility import axe_source, violations
from tests.server.live import serving

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

NARROW = (320, 700)
STALE = (StaleElementReferenceException,)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """test_game_pages' live server, without its limit on registrations (a game here registers two
    players, more than ten a minute in all)."""
    from server.app import create_app
    from server.config import load_config, reconfigure
    from server.store.db import database
    from server.table.seeds import SOURCE
    from tests.support.seeds import PerTestSeeds

    folder = tmp_path_factory.mktemp("screen-reader-server")
    config = load_config({"HERALD_DATABASE_URL": f"sqlite:///{folder / 'herald.db'}",
                          "HERALD_MAIL_DIR": str(folder / "mail"), "HERALD_SECRET_KEY": "s" * 32,
                          "HERALD_RATELIMIT_ENABLED": "0"})
    app = create_app({**config, SOURCE: PerTestSeeds(__name__)})
    with serving(app) as url:
        reconfigure(app, public_url=url)
        yield url
    database.close()


def active_id(driver) -> str:
    return driver.execute_script("return document.activeElement ? document.activeElement.id : '';")


def announced(driver) -> str:
    return driver.execute_script("var e = document.getElementById('announce'); return e ? e.textContent : '';")


def wait_for(driver, condition, seconds: float = UPDATE_SECONDS):
    return WebDriverWait(driver, seconds, ignored_exceptions=STALE).until(condition)


def page_of(player: Player, game: int, language: str | None = None) -> str:
    url = player.call("GET", f"/games/{game}/link")["url"]
    return url + (f"&lang={language}" if language else "")


def test_another_seats_move_is_announced_and_the_focus_stays_in_the_box(server, browser):  # noqa: F811
    """Ben waits with the focus in his (empty) move box; Ann moves: the page reloads itself, says
    in its live region that the game moved on and that it is his turn, puts the focus back in the
    box, and its title says it is his turn."""
    game, players = start(server, "castle-assault", {"first-player": 0})
    ann, ben = players
    browser.get(page_of(ben, game))
    assert not browser.title.startswith("(Your turn)")
    browser.find_element(By.ID, "move-text").click()
    assert active_id(browser) == "move-text"
    for _ in range(200):
        if 1 in prompted_seats(game, players) or ann.call("GET", f"/games/{game}")["status"] != "active":
            break
        play_any(game, ann)
    now = ann.call("GET", f"/games/{game}")["version"]
    wait_for(browser, lambda b: version_shown(b) == now)
    wait_for(browser, lambda b: "It is your turn." in announced(b), 5)
    assert announced(browser).startswith("The game has moved on.")
    assert browser.execute_script("return document.getElementById('announce').getAttribute('role')") == "status"
    assert active_id(browser) == "move-text"
    assert browser.title.startswith("(Your turn) ")


def test_a_played_move_is_said_and_a_refused_one_keeps_the_focus_in_the_box(server, browser):  # noqa: F811
    game, players = start(server, "castle-assault", {"first-player": 0})
    ann = players[0]
    view = ann.call("GET", f"/games/{game}")["view"]
    line = next(m["text"] for m in ann.call("GET", f"/games/{game}/legal")["moves"] if not m.get("pattern"))
    browser.get(page_of(ann, game))
    # Refused: the page comes back with the refusal, and the focus in the box that holds the move.
    browser.find_element(By.ID, "move-text").send_keys(f"attack 1/C {view['hand'][0]}", Keys.ENTER)
    wait_for(browser, lambda b: b.find_element(By.ID, "move-error"), 10)
    assert active_id(browser) == "move-text"
    box = browser.find_element(By.ID, "move-text")
    assert box.get_attribute("aria-describedby") == "move-error"
    # Played: once the page is back, it says which move was played, with its number in the log.
    box.clear()
    box.send_keys(line, Keys.ENTER)
    wait_for(browser, lambda b: version_shown(b) >= 1, 10)
    wait_for(browser, lambda b: "Played move 0: " in announced(b), 5)
    assert f"Played move 0: {line}" in announced(browser)
    assert browser.execute_script("return document.querySelector('#announce code').lang") == "en"
    assert active_id(browser) == "move-text"


@pytest.fixture(scope="module")
def cookieless_browser():
    driver = chromium({"profile.default_content_setting_values.cookies": 2})
    yield driver
    driver.quit()


def test_the_moved_on_notice_is_said_and_its_link_keeps_the_pages_link(server, cookieless_browser):  # noqa: F811
    """With a half-typed move the page does not reload: it unhides its "moved on" notice, in a
    live region, and the notice's link carries the page's ?t= (no cookie holds it)."""
    driver = cookieless_browser
    game, players = start(server, "castle-assault", {"first-player": 0})
    ann, ben = players
    url = page_of(ben, game)
    driver.get(url)
    driver.find_element(By.ID, "move-text").send_keys("pass")
    play_any(game, ann)
    wait_for(driver, lambda b: b.find_element(By.ID, "moved").is_displayed())
    assert driver.execute_script("return document.getElementById('moved').closest('[role=status]') !== null")
    href = driver.find_element(By.ID, "moved-link").get_attribute("href")
    assert parse_qs(urlsplit(href).query)["t"] == parse_qs(urlsplit(url).query)["t"]
    driver.find_element(By.ID, "moved-link").click()
    wait_for(driver, lambda b: version_shown(b) == ann.call("GET", f"/games/{game}")["version"], 10)


def test_resigning_asks_to_be_confirmed(server, browser):  # noqa: F811
    """Neither typing `resign` in the move box nor the Resign button alone resigns: the box
    "Yes, I resign" must be ticked first (the browser's own form check: no script needed)."""
    game, players = start(server, "castle-assault", {"first-player": 0})
    ann, ben = players
    browser.get(page_of(ben, game))
    box = browser.find_element(By.ID, "move-text")
    box.send_keys("resign", Keys.ENTER)
    assert browser.execute_script("return document.getElementById('move-text').validity.patternMismatch")
    browser.find_element(By.CSS_SELECTOR, "#resign-form button").click()
    assert browser.execute_script("return document.getElementById('resign-confirm').validity.valueMissing")
    assert ann.call("GET", f"/games/{game}")["status"] == "active"
    assert not browser.find_elements(By.CSS_SELECTOR, "#legal button[value=resign]")
    browser.find_element(By.ID, "resign-confirm").click()
    browser.find_element(By.CSS_SELECTOR, "#resign-form button").click()
    wait_for(browser, lambda b: version_shown(b) == 1, 10)
    assert ann.call("GET", f"/games/{game}")["status"] == "finished"
    wait_for(browser, lambda b: "Played move 0: resign" in announced(b), 5)


def test_a_skip_link_on_a_phone_leads_to_the_move_box(server, browser):  # noqa: F811
    game, players = start(server, "castle-assault", {"first-player": 0})
    browser.set_window_size(*NARROW)
    try:
        browser.get(page_of(players[0], game, "sv"))
        skip = browser.find_element(By.CSS_SELECTOR, "a.skip")
        assert skip.is_displayed() and skip.rect["x"] >= 0 and skip.rect["height"] >= 24  # shown: no need to find it
        ActionChains(browser).send_keys(Keys.TAB).perform()
        assert browser.execute_script("return document.activeElement.className") == "skip"
        ActionChains(browser).send_keys(Keys.ENTER).perform()
        assert active_id(browser) == "move-text"
    finally:
        browser.set_window_size(1280, 1100)


# --- axe-core, every rule (target size too), at 320 pixels -----------------------------------------


@pytest.fixture(scope="module")
def axe():
    return axe_source()


@pytest.mark.parametrize("language", ["sv", "nl"])
@pytest.mark.parametrize("path", ["/rules", "/rules/castle-assault", "/rules/medieval-mastery", "/rules/wizards-quest"])
def test_the_guides_pass_every_axe_rule_on_a_narrow_phone(server, browser, axe, path, language):  # noqa: F811
    browser.set_window_size(*NARROW)
    try:
        browser.get(f"{server}{path}?lang={language}")
        assert violations(browser, axe, every_impact=True) == []
    finally:
        browser.set_window_size(1280, 1100)


@pytest.mark.parametrize("language", ["sv", "nl"])
def test_the_game_page_with_a_long_log_passes_every_axe_rule_on_a_narrow_phone(server, browser, axe, language):  # noqa: F811
    """A log longer than its box scrolls, so it takes the focus; the board as text is open."""
    game, players = start(server, "castle-assault", {"first-player": 0})
    for _ in range(30):
        seats = prompted_seats(game, players)
        if not seats or players[0].call("GET", f"/games/{game}")["status"] != "active":
            break
        play_any(game, players[seats[0]])
    seat = (prompted_seats(game, players) or [0])[0]
    browser.set_window_size(*NARROW)
    try:
        browser.get(page_of(players[seat], game, language))
        assert browser.execute_script("var l = document.getElementById('log'); return l.scrollHeight > l.clientHeight")
        browser.find_element(By.CSS_SELECTOR, ".board-text summary").click()
        assert violations(browser, axe, every_impact=True) == []
        assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        browser.set_window_size(1280, 1100)


def test_the_refusal_page_passes_every_axe_rule(server, browser, axe):  # noqa: F811
    game, _ = start(server, "castle-assault", {"first-player": 0})
    fresh = chromium({"profile.default_content_setting_values.cookies": 2})
    try:
        fresh.set_window_size(*NARROW)
        fresh.get(f"{server}/play/{game}")
        assert fresh.find_element(By.TAG_NAME, "main")
        assert violations(fresh, axe, every_impact=True) == []
    finally:
        fresh.quit()

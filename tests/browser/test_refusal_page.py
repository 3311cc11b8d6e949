"""The refusal page a browser-only player meets when the server is busy (503) or what they sent
is too large (413), in headless Chromium against a live server whose database gives up on a
lock within a fifth of a second: what they typed is in a box to copy or send again, and a link
leads back to the game; the page passes axe.

Its own server (module scope): the database's lock timeout is the process's, and the other
browser modules' server keeps the 15 s a service has."""
from __future__ import annotations

import sqlite3
from contextlib import contextmanager

import pytest

from tests.browser.test_accessibility import axe, violations  # noqa: F401 - the module's fixture
from tests.browser.test_game_pages import browser, console_errors, start  # noqa: F401 - the module's fixtures
from tests.server.live import serving

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402  (installed: test_game_pages skips otherwise)
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

RELOADING = (StaleElementReferenceException, NoSuchElementException)


@pytest.fixture(scope="module")
def impatient_server(tmp_path_factory):
    """(the server's address, a context manager holding its database's write lock)."""
    from server.app import create_app
    from server.config import load_config, reconfigure
    from server.store import db
    from server.table.seeds import SOURCE
    from tests.support.seeds import PerTestSeeds

    folder = tmp_path_factory.mktemp("impatient-server")
    config = load_config({"HERALD_DATABASE_URL": f"sqlite:///{folder / 'herald.db'}",
                          "HERALD_MAIL_DIR": str(folder / "mail"), "HERALD_SECRET_KEY": "i" * 32,
                          "HERALD_RATELIMIT_ENABLED": "0"})

    @contextmanager
    def locked():
        holder = sqlite3.connect(folder / "herald.db", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # (WAL: the link is read, the message's write waits and gives up)
        try:
            yield
        finally:
            holder.execute("ROLLBACK")
            holder.close()

    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(db.SQLITE_PRAGMAS, "busy_timeout", 200)
        app = create_app({**config, SOURCE: PerTestSeeds(__name__)})
    with serving(app) as url:
        reconfigure(app, public_url=url)
        yield url, locked
    db.database.close()


def test_a_message_refused_by_a_busy_server_is_kept_and_sent_again(impatient_server, browser, axe):  # noqa: F811
    """A player typed a long message, the server was busy: the refusal page shows the message
    in a box (their words, escaped), sends it again from there once the server is free, and
    the game page then shows it at the table."""
    url, locked = impatient_server
    game, (ann, ben) = start(url, "castle-assault", {"first-player": 0})
    browser.get(ann.call("GET", f"/games/{game}/link")["url"])
    words = "Shall we <b>share</b> the north & the south? " * 12
    browser.find_element(By.ID, "talk-text").send_keys(words)
    with locked():
        browser.find_element(By.CSS_SELECTOR, "#talk-form button[type=submit]").click()
        WebDriverWait(browser, 10, ignored_exceptions=RELOADING).until(
            lambda b: b.find_element(By.TAG_NAME, "main").get_attribute("data-code") == "busy")
    box = browser.find_element(By.ID, "typed")
    assert box.get_attribute("value") == words
    assert not browser.find_elements(By.CSS_SELECTOR, "main b")  # the words as text, never as markup
    assert "copy it, or send it again" in browser.find_element(By.CSS_SELECTOR, "label[for=typed]").text
    assert violations(browser, axe) == []
    browser.find_element(By.CSS_SELECTOR, "#typed-form button[type=submit]").click()
    WebDriverWait(browser, 10, ignored_exceptions=RELOADING).until(
        lambda b: words.strip() in b.find_element(By.ID, "talk").text)
    assert [m["text"] for m in ben.call("GET", f"/games/{game}/chat")["messages"]] == [words.strip()]


def test_a_move_too_large_to_read_leads_back_to_the_game(impatient_server, browser):  # noqa: F811
    """A move box sent with more than the server reads (413): the page says it cannot show it
    again, and its link leads back to the game page."""
    url, _ = impatient_server
    game, (ann, _ben) = start(url, "castle-assault", {"first-player": 0})
    browser.get(ann.call("GET", f"/games/{game}/link")["url"])
    browser.execute_script("document.getElementById('move-text').value = 'x'.repeat(200000);"
                           "document.getElementById('move-form').submit();")
    WebDriverWait(browser, 10, ignored_exceptions=RELOADING).until(
        lambda b: b.find_element(By.TAG_NAME, "main").get_attribute("data-code") == "too-large")
    assert browser.find_element(By.ID, "typed-lost").is_displayed()
    browser.find_element(By.ID, "back-to-game").click()
    WebDriverWait(browser, 10, ignored_exceptions=RELOADING).until(lambda b: b.find_element(By.ID, "move-form"))
    assert [e for e in console_errors(browser) if "status of 413" not in e and "status of 503" not in e] == []

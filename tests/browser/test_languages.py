"""The game page in the player's language in a real browser (headless Chromium): a Russian
player's page says lang="ru" and speaks Russian (the game's question too), and choosing Swedish in the page's own form
turns the page (and the player's mail) Swedish, with no error in the console."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from tests.browser.test_game_pages import browser, console_errors, server, start  # noqa: F401 - the module's fixtures

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402  (installed: test_game_pages skips otherwise)
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402


def test_the_game_page_speaks_the_players_language_and_changes_it(server, browser):  # noqa: F811 - fixtures
    game, players = start(server, "castle-assault", {"first-player": 0})
    players[0].call("PATCH", "/players/me", json={"language": "ru"})
    link = players[0].call("GET", f"/games/{game}/link")["url"]
    browser.get(server + urlsplit(link).path + "?" + urlsplit(link).query)
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ru"
    assert browser.find_element(By.ID, "asked-heading").text == "Что от вас требуется"
    asked = browser.find_element(By.ID, "asked")  # the game's own question, said in Russian and marked so
    assert asked.get_attribute("lang") == "ru" and re.search("[а-яА-Я]", asked.text), asked.text
    assert browser.find_element(By.CSS_SELECTOR, "label[for=move-text]").text == "Ваш ход"
    Select(browser.find_element(By.ID, "language-choice")).select_by_value("sv")
    browser.find_element(By.CSS_SELECTOR, "#language-form button").click()
    # The form's answer replaces the page: an element read while it does so is stale, and one
    # further down may not be parsed yet when <html lang> already says "sv": neither is an answer.
    WebDriverWait(browser, 10, ignored_exceptions=(StaleElementReferenceException, NoSuchElementException)).until(
        lambda b: b.find_element(By.TAG_NAME, "html").get_attribute("lang") == "sv"
        and b.find_element(By.ID, "asked-heading").text == "Det här ska du svara på")
    assert players[0].call("GET", "/players/me")["language"] == "sv"
    assert console_errors(browser) == []

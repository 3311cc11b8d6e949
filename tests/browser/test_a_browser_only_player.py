"""What a player who has only a browser and a mailbox met on the game page and the guides (a
review in Chromium): the focus after a move played from its button, a page opened with its
link revoked or its seat handed over, a browser without JavaScript, a choice in a form kept when
the game moves, text typed in one box kept when the other is sent, players with long names, and
the guides' console.

Run in headless Chromium against a live server (tests/browser/test_game_pages.py's fixtures)."""
from __future__ import annotations

import pytest

from tests.browser.test_game_pages import (NUMBERS, UPDATE_SECONDS, Player, browser, chromium,  # noqa: F401
                                           console_errors, play_any, prompted_seats, server, start,
                                           version_shown)

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

RELOADING = (StaleElementReferenceException, NoSuchElementException)


def wait_for(driver, condition, seconds: float = UPDATE_SECONDS):
    return WebDriverWait(driver, seconds, ignored_exceptions=RELOADING).until(condition)


def text_of(driver, element_id: str) -> str:
    """An element's text read in one script: a page that reloads between finding the element and
    reading it (chromedriver's "Node with given id does not belong to the document") can't fail it."""
    return driver.execute_script("const e = document.getElementById(arguments[0]); return e ? e.textContent : '';",
                                 element_id)


def active_id(driver) -> str:
    return driver.execute_script("return document.activeElement ? document.activeElement.id : '';")


@pytest.fixture(scope="module")
def scriptless_browser():
    """Chromium with JavaScript off, as some players keep it."""
    driver = chromium({"profile.managed_default_content_settings.javascript": 2})
    yield driver
    driver.quit()


def first_line(player, game: int) -> str:
    return next(m["text"] for m in player.call("GET", f"/games/{game}/legal")["moves"] if not m.get("pattern"))


def test_a_move_played_from_its_button_leaves_the_focus_in_the_move_box(server, browser):  # noqa: F811
    """A keyboard player who pressed Enter on one of the legal moves landed, once the page was
    back, at the top of the document: the focus was lost, and the next move meant tabbing
    through the page again. It is back in the move box. A move tapped (a pointer) does not
    put it there: on a phone the box's focus opens the keyboard over the board."""
    game, players = start(server, "castle-assault", {"first-player": 0})
    ann = players[0]
    line = first_line(ann, game)
    browser.get(ann.call("GET", f"/games/{game}/link")["url"])
    button = browser.find_element(By.CSS_SELECTOR, f"#legal button[value='{line}']")
    browser.execute_script("arguments[0].focus();", button)
    button.send_keys(Keys.ENTER)
    wait_for(browser, lambda b: version_shown(b) == 1, 10)
    wait_for(browser, lambda b: active_id(b) == "move-text", 5)
    seat = prompted_seats(game, players)[0]
    browser.get(players[seat].call("GET", f"/games/{game}/link")["url"])
    line = first_line(players[seat], game)
    browser.find_element(By.CSS_SELECTOR, f"#legal button[value='{line}']").click()
    wait_for(browser, lambda b: version_shown(b) == 2, 10)
    wait_for(browser, lambda b: "Played move 1" in text_of(b, "announce"), 5)
    assert active_id(browser) != "move-text"


def test_without_javascript_the_page_says_it_does_not_follow_the_game(server, scriptless_browser, browser):  # noqa: F811
    """The page follows the game with its script; without one it stayed at its position with
    nothing to say so. It says so now, with a link to the game as it stands."""
    driver = scriptless_browser
    game, (ann, ben) = start(server, "castle-assault", {"first-player": 0})
    driver.get(ann.call("GET", f"/games/{game}/link")["url"])
    note = driver.find_element(By.ID, "no-script")
    assert note.is_displayed() and "does not follow the game by itself" in note.text
    line = first_line(ann, game)
    driver.find_element(By.CSS_SELECTOR, f"#legal button[value='{line}']").click()
    wait_for(driver, lambda b: version_shown(b) == 1, 10)
    assert driver.find_element(By.ID, "played-now").text == f"Played move 0: {line}"
    play_any(game, (ann, ben)[prompted_seats(game, (ann, ben))[0]])  # the game moves on: the note's link shows it
    driver.find_element(By.CSS_SELECTOR, "#no-script a").click()
    wait_for(driver, lambda b: version_shown(b) == ann.call("GET", f"/games/{game}")["version"], 10)
    browser.get(ann.call("GET", f"/games/{game}/link")["url"])  # with a script: no such note
    assert not browser.find_element(By.ID, "link-refused").is_displayed()
    assert not [e for e in browser.find_elements(By.ID, "no-script") if e.is_displayed()]


def test_a_revoked_link_says_so_on_the_open_page_in_its_players_language(server, browser):  # noqa: F811
    """A page left open when its link was revoked (or its seat handed over) went on polling in
    silence: it never followed the game again, and said nothing until a move typed in it was
    thrown away on a refusal page in the browser's language. It says at once that the link no
    longer works, in its player's language (Swedish here, in an English browser), and so does
    the refusal page of a move sent anyway."""
    game, (ann, _) = start(server, "castle-assault", {"first-player": 0})
    ann.call("PATCH", "/players/me", json={"language": "sv"})
    browser.get(ann.call("GET", f"/games/{game}/link")["url"])  # Ann is asked: the page polls every 3 s
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "sv"
    ann.call("POST", f"/games/{game}/link/revoke")
    notice = wait_for(browser, lambda b: b.find_element(By.ID, "link-refused").is_displayed()
                      and b.find_element(By.ID, "link-refused"))
    assert notice.get_attribute("lang") == "sv"
    assert notice.text == "Den här länken till partiet gäller inte (eller inte längre): öppna länken i ditt senaste dragbrev."
    assert browser.execute_script("return document.getElementById('link-refused').closest('[role=status]') !== null")
    browser.find_element(By.ID, "move-text").send_keys(first_line(ann, game), Keys.ENTER)
    wait_for(browser, lambda b: b.find_element(By.ID, "refusal"), 10)
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "sv"
    assert ann.call("GET", f"/games/{game}")["version"] == 0


def test_a_chosen_recipient_is_kept_when_the_game_moves(server, browser):  # noqa: F811
    """Whom to talk to, chosen before typing, was thrown away when the other seat moved and the
    page reloaded itself: a choice in a form counts as something typed, and the page offers the
    new position instead."""
    game, (ann, ben) = start(server, "castle-assault", {"first-player": 0})
    browser.get_log("browser")  # start the console afresh
    browser.get(ben.call("GET", f"/games/{game}/link")["url"])
    Select(browser.find_element(By.ID, "talk-to")).select_by_value("0")
    play_any(game, ann)
    wait_for(browser, lambda b: b.find_element(By.ID, "moved").is_displayed())
    assert Select(browser.find_element(By.ID, "talk-to")).first_selected_option.get_attribute("value") == "0"
    assert console_errors(browser) == []


@pytest.mark.parametrize("path", ["/", "/rules", "/rules/castle-assault", "/rules/medieval-mastery",
                                  "/rules/wizards-quest"])
def test_the_site_pages_log_no_error_in_the_console(server, browser, path):  # noqa: F811
    """The front page, the list of games and every guide logged a policy violation: their empty
    icon (a `data:` address) was refused by their own Content-Security-Policy."""
    browser.get_log("browser")  # start the console afresh
    browser.get(f"{server}{path}?lang=hu")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "hu"
    assert console_errors(browser) == []


@pytest.mark.parametrize("ruleset", ["castle-assault", "medieval-mastery", "wizards-quest"])
def test_long_names_neither_widen_the_page_nor_run_out_of_the_picture(server, browser, ruleset):  # noqa: F811
    """Names may be 40 characters in one word. Two such players made the page scroll sideways
    on a phone (the status line, the log, the talk form's list of whom to talk to) and even on a
    desktop, and in the picture their names ran out of their boxes and over each other."""
    number = next(NUMBERS)
    players = [Player(server, f"{letter * 34}{number}{seat}") for seat, letter in enumerate("WM")]
    created = players[0].call("POST", "/games", json={"ruleset": ruleset, "seats": 2, "options": {}})
    for player, invite in zip(players, created["invites"]):
        player.call("POST", "/games/join", json={"invite": invite["code"]})
    game = created["id"]
    players[1].call("POST", f"/games/{game}/chat", json={"text": "Hello", "to": [0]})
    seat = prompted_seats(game, players)[0]
    play_any(game, players[seat])
    for size in [(360, 800), (1280, 1100)]:
        browser.set_window_size(*size)
        try:
            browser.get(players[0].call("GET", f"/games/{game}/link")["url"])
            assert browser.execute_script("return document.documentElement.scrollWidth "
                                          "- document.documentElement.clientWidth") <= 0, size
            assert players[0].call("GET", "/players/me")["name"] in browser.find_element(By.ID, "status").text
            cut = browser.execute_script(
                "var svg = document.querySelector('.board svg').getBoundingClientRect(), out = [];"
                "document.querySelectorAll('.board svg text').forEach(function (t) {"
                "  var r = t.getBoundingClientRect();"
                "  if (r.width && (r.right > svg.right + 1 || r.left < svg.left - 1)) { out.push(t.textContent); } });"
                "return out;")
            assert cut == [], size
        finally:
            browser.set_window_size(1280, 1100)


def test_what_is_typed_in_one_box_survives_sending_the_other(server, browser):  # noqa: F811
    """A move half typed was thrown away when the player said something at the table (the talk
    form's answer is the page again), and a message half typed when a move was played or
    refused: each comes back in its box."""
    game, (ann, _) = start(server, "castle-assault", {"first-player": 0})
    browser.get(ann.call("GET", f"/games/{game}/link")["url"])
    browser.find_element(By.ID, "move-text").send_keys("attack 1/W1")
    browser.find_element(By.ID, "talk-text").send_keys("Here I come")
    browser.find_element(By.CSS_SELECTOR, "#talk-form button[type=submit]").click()
    wait_for(browser, lambda b: "Here I come" in b.find_element(By.ID, "talk").text
             and b.find_element(By.ID, "move-text").get_attribute("value") == "attack 1/W1", 10)
    assert browser.find_element(By.ID, "talk-text").get_attribute("value") == ""
    browser.find_element(By.ID, "talk-text").send_keys("And now")
    box = browser.find_element(By.ID, "move-text")
    box.send_keys(" nonsense", Keys.ENTER)  # refused: the move box keeps it, the talk box its own
    wait_for(browser, lambda b: b.find_element(By.ID, "move-error")
             and b.find_element(By.ID, "talk-text").get_attribute("value") == "And now", 10)
    browser.find_element(By.ID, "move-text").clear()
    line = first_line(ann, game)
    browser.find_element(By.CSS_SELECTOR, f"#legal button[value='{line}']").click()
    wait_for(browser, lambda b: version_shown(b) == 1
             and b.find_element(By.ID, "talk-text").get_attribute("value") == "And now", 10)


def test_the_start_of_the_game_is_said_on_a_page_that_waited_for_players(server, browser):  # noqa: F811
    """A page opened while the game waited for players reloaded itself when the last one joined,
    but said nothing in its live region (the move number is still 0): a player listening for it
    did not hear that the game had begun, nor that it was their turn."""
    number = next(NUMBERS)
    ann, ben = Player(server, f"ann{number}"), Player(server, f"ben{number}")
    created = ann.call("POST", "/games", json={"ruleset": "castle-assault", "seats": 2,
                                               "options": {"first-player": 0}})
    ann.call("POST", "/games/join", json={"invite": created["invites"][0]["code"]})
    browser.get(ann.call("GET", f"/games/{created['id']}/link")["url"])
    assert not browser.find_elements(By.ID, "move-text")
    ben.call("POST", "/games/join", json={"invite": created["invites"][1]["code"]})
    wait_for(browser, lambda b: "It is your turn." in text_of(b, "announce"))
    assert browser.title.startswith("(Your turn) ")

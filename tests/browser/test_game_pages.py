"""The game page in a real browser (headless Chromium through chromedriver and Selenium) for
each ruleset, against a live server: the board drawn with the view's numbers, a legal move
played through the page's form, an illegal one refused with its rule ID beside the box, the
page updating itself when another seat moves, and no error in the browser's console.

A screenshot of each game's page goes to the test's temporary folder (and to
$HERALD_SCREENSHOTS if set)."""
from __future__ import annotations

import itertools
import os
import re
import shutil
from pathlib import Path

import pytest
import requests

from tests.server.live import serving

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")
if not (CHROMIUM and CHROMEDRIVER):
    pytest.skip("Chromium and chromedriver are not installed (Debian: apt-get install chromium chromium-driver)",
                allow_module_level=True)

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402
from server.config import reconfigure

UPDATE_SECONDS = 15
NUMBERS = itertools.count()  # player names are unique on the module's one server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from server.app import create_app
    from server.config import load_config
    from server.store.db import database

    folder = tmp_path_factory.mktemp("browser-server")
    from server.table.seeds import SOURCE
    from tests.support.seeds import PerTestSeeds

    config = load_config({"HERALD_DATABASE_URL": f"sqlite:///{folder / 'herald.db'}",
                          "HERALD_MAIL_DIR": str(folder / "mail"), "HERALD_SECRET_KEY": "b" * 32,
                          "HERALD_RATELIMIT_ENABLED": "0"})  # (each test registers its players: past 10 a minute)
    app = create_app({**config, SOURCE: PerTestSeeds(__name__)})  # the module's games: the same deals every run
    with serving(app) as url:
        reconfigure(app, public_url=url)
        yield url
    database.close()


def chromium(prefs: dict | None = None):
    """Headless Chromium with its console kept (`prefs`: the profile's settings, e.g. no cookies)."""
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,1100", "--disable-extensions"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if prefs:
        options.add_experimental_option("prefs", prefs)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


@pytest.fixture(scope="module")
def browser():
    driver = chromium()
    yield driver
    driver.quit()


class Player:
    def __init__(self, server: str, name: str):
        self.server = server
        answer = requests.post(f"{server}/players", json={"name": name, "email": f"{name}@example.org"}, timeout=10)
        self.headers = {"Authorization": f"Bearer {answer.json()['token']}"}

    def call(self, method: str, path: str, **kwargs):
        answer = requests.request(method, self.server + path, headers=self.headers, timeout=30, **kwargs)
        assert answer.status_code < 400, answer.text
        return answer.json()


def start(server: str, ruleset: str, options: dict) -> tuple[int, list[Player]]:
    players = [Player(server, f"{ruleset[:4]}{next(NUMBERS)}") for _ in range(2)]
    created = players[0].call("POST", "/games", json={"ruleset": ruleset, "seats": 2, "options": options})
    for player, invite in zip(players, created["invites"]):
        player.call("POST", "/games/join", json={"invite": invite["code"]})
    return created["id"], players


def prompted_seats(game: int, players) -> list[int]:
    return sorted({p["seat"] for who in players for p in who.call("GET", f"/games/{game}")["prompted"]})


def play_any(game: int, player: Player) -> None:
    legal = player.call("GET", f"/games/{game}/legal")
    move = next(m for m in legal["moves"] if not m.get("pattern"))
    player.call("PUT", f"/games/{game}/moves/{legal['version']}", json={"text": move["text"]})


def drawn(browser, cls: str, attribute: str) -> dict[str, str]:
    return browser.execute_script(
        "var out = {}, name = arguments[1]; document.querySelectorAll('svg g.' + arguments[0]).forEach("
        "function (g) { out[g.getAttribute('data-id')] = g.getAttribute(name); }); return out;", cls, attribute)


def expected_counts(ruleset: str, view: dict) -> tuple[str, str, dict[str, str]]:
    """(class, attribute, {id: number}) the picture must show, from the seat's view."""
    if ruleset == "medieval-mastery":
        return "territory", "data-knights", {t["slot"]: str(t["knights"]) for t in view["territories"]}
    if ruleset == "wizards-quest":
        return "territory", "data-count", {t["id"]: str(t["orcs"] if t["owner"] == "orcs" else t["men"])
                                           for t in view["territories"]}
    from core.castle_assault.data import half_text
    return "post", "data-shields", {f"{f['seat']}/{p['post']}": half_text(p["shields"])
                                    for f in view["fortresses"] for p in f["posts"]}


def illegal_move(ruleset: str, view: dict, legal: list[dict]) -> tuple[str, str]:
    """A move the rules refuse at the start, and the pattern of the rule ID the refusal cites."""
    if ruleset == "medieval-mastery":
        target = next(m["text"].split()[1] for m in legal if m["text"].startswith("advance "))
        return f"advance {target} 99", r"MM-ADV-1"
    if ruleset == "wizards-quest":
        return "county D1C1", r"WQ-SETUP-3"
    return f"attack 1/C {view['hand'][0]}", r"CA-ACT-ATTACK-[24]"


def console_errors(browser) -> list[str]:
    """Errors in the console, except the refused form posts' own HTTP status (4xx on /move)."""
    return [e["message"] for e in browser.get_log("browser")
            if e["level"] == "SEVERE" and not re.search(r"/move - Failed to load resource: .* status of 4\d\d",
                                                        e["message"])]


def version_shown(browser) -> int:
    """The move number the page shows (-1 while a new page loads)."""
    text = browser.execute_script("var e = document.getElementById('version'); return e ? e.textContent : '';")
    return int(text) if text and text.strip().isdigit() else -1


@pytest.mark.parametrize("ruleset,options", [("castle-assault", {"first-player": 0}), ("medieval-mastery", {}),
                                             ("wizards-quest", {})])
def test_the_game_page_in_a_browser(server, browser, tmp_path, ruleset, options):
    game, players = start(server, ruleset, options)
    seat = prompted_seats(game, players)[0]
    me, other = players[seat], players[1 - seat]
    view = me.call("GET", f"/games/{game}")["view"]
    legal = me.call("GET", f"/games/{game}/legal")["moves"]
    browser.get_log("browser")  # start the console afresh
    browser.get(me.call("GET", f"/games/{game}/link")["url"])

    # The board: one element per territory / post, each with the view's number.
    cls, attribute, expected = expected_counts(ruleset, view)
    assert drawn(browser, cls, attribute) == expected
    if ruleset == "wizards-quest":
        assert len(expected) == 44
    screenshot(browser, tmp_path, ruleset)

    # An illegal move, typed and sent with the keyboard: refused beside the box with its rule.
    text, rule = illegal_move(ruleset, view, legal)
    box = browser.find_element(By.ID, "move-text")
    box.send_keys(text, Keys.ENTER)
    error = WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "move-error"))
    assert re.search(rf"\(rule {rule}\)", error.text), error.text
    assert browser.find_element(By.ID, "move-text").get_attribute("value") == text

    # A legal move from the list: played through the move path; the page shows the new move.
    first = next(m["text"] for m in legal if not m.get("pattern"))
    browser.find_element(By.CSS_SELECTOR, f"#legal button[value='{first}']").click()
    WebDriverWait(browser, 10).until(lambda b: version_shown(b) >= 1)
    log = me.call("GET", f"/games/{game}/moves")["moves"]
    assert log[0]["text"] == first and log[0]["seat"] == seat

    # Another seat moves (through the API): the page follows by itself.
    for _ in range(200):
        if seat not in prompted_seats(game, players) or me.call("GET", f"/games/{game}")["status"] != "active":
            break
        play_any(game, me)
    before = me.call("GET", f"/games/{game}")["version"]
    for _ in range(200):
        if seat in prompted_seats(game, players) or other.call("GET", f"/games/{game}")["status"] != "active":
            break
        play_any(game, other)
    now = me.call("GET", f"/games/{game}")["version"]
    assert now > before, "the other seat made no move"
    WebDriverWait(browser, UPDATE_SECONDS).until(lambda b: version_shown(b) == now)
    _, _, expected = expected_counts(ruleset, me.call("GET", f"/games/{game}")["view"])
    assert drawn(browser, cls, attribute) == expected
    assert console_errors(browser) == []


def screenshot(browser, folder: Path, ruleset: str) -> None:
    """The whole page, as a person sees it."""
    height = browser.execute_script("return document.documentElement.scrollHeight")
    browser.set_window_size(1280, min(max(height + 160, 800), 2400))  # the window's frame takes some
    browser.save_screenshot(str(folder / f"{ruleset}.png"))
    if os.environ.get("HERALD_SCREENSHOTS"):
        target = Path(os.environ["HERALD_SCREENSHOTS"])
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy(folder / f"{ruleset}.png", target / f"{ruleset}.png")
    browser.set_window_size(1280, 1100)


def test_the_page_fits_a_phone_screen(server, browser, tmp_path):
    """Nothing wider than a 390-pixel screen: the board scales, the side panel goes below it."""
    game, players = start(server, "castle-assault", {"first-player": 0})
    browser.set_window_size(390, 844)
    try:
        browser.get(players[0].call("GET", f"/games/{game}/link")["url"])
        width = browser.execute_script("return document.documentElement.scrollWidth")
        inner = browser.execute_script("return window.innerWidth")
        assert width <= inner, f"the page is {width} px wide on a {inner} px screen"
        board = browser.find_element(By.CSS_SELECTOR, ".board svg").rect
        assert board["width"] <= inner
        browser.save_screenshot(str(tmp_path / "phone.png"))
        if os.environ.get("HERALD_SCREENSHOTS"):
            shutil.copy(tmp_path / "phone.png", Path(os.environ["HERALD_SCREENSHOTS"]) / "phone.png")
    finally:
        browser.set_window_size(1280, 1100)
    assert console_errors(browser) == []




@pytest.fixture(scope="module")
def cookieless_browser():
    """Chromium set to keep no cookie, as some players' browsers are."""
    driver = chromium({"profile.default_content_setting_values.cookies": 2})
    yield driver
    driver.quit()


def test_a_browser_that_keeps_no_cookie_plays_and_follows_the_game(server, cookieless_browser):
    """Without cookies a played move landed on 'open this page with the link from your mail', and
    the page never followed the other seat's moves: its long-poll went without the link."""
    browser = cookieless_browser
    game, players = start(server, "castle-assault", {"first-player": 0})
    me, other = players
    browser.get(me.call("GET", f"/games/{game}/link")["url"])
    assert browser.get_cookies() == []
    first = next(m["text"] for m in me.call("GET", f"/games/{game}/legal")["moves"] if not m.get("pattern"))
    browser.find_element(By.CSS_SELECTOR, f"#legal button[value='{first}']").click()
    WebDriverWait(browser, 10).until(lambda b: version_shown(b) >= 1)
    for _ in range(200):  # the turn passes to the other seat, who moves through the API
        if 1 in prompted_seats(game, players) and 0 not in prompted_seats(game, players):
            break
        play_any(game, me)
    before = me.call("GET", f"/games/{game}")["version"]
    WebDriverWait(browser, UPDATE_SECONDS).until(lambda b: version_shown(b) == before)
    play_any(game, other)
    WebDriverWait(browser, UPDATE_SECONDS).until(lambda b: version_shown(b) == before + 1)


def test_a_cookieless_page_shown_after_a_refused_move_still_follows_the_game(server, cookieless_browser):
    """A refused move comes back at the form's address, which carries no `?t=`: the page's
    long-poll must still carry the link (from the page itself), and see the other seat's move."""
    browser = cookieless_browser
    game, (me, other) = start(server, "castle-assault", {"first-player": 0})
    browser.get(me.call("GET", f"/games/{game}/link")["url"])
    hand = me.call("GET", f"/games/{game}")["view"]["hand"]
    browser.find_element(By.ID, "move-text").send_keys(f"attack 1/C {hand[0]}")  # the rules refuse it
    browser.find_element(By.CSS_SELECTOR, "#move-form button[type=submit]").click()
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.ID, "move-error"))
    assert "/move" in browser.current_url and "t=" not in browser.current_url
    browser.find_element(By.ID, "move-text").clear()  # nothing typed: the page may reload itself
    before = version_shown(browser)
    play_any(game, me)  # the player moves from the API (a phone) meanwhile
    WebDriverWait(browser, UPDATE_SECONDS + 5).until(
        lambda b: version_shown(b) > before or b.find_element(By.ID, "moved").is_displayed())
    if browser.find_element(By.ID, "moved").is_displayed():
        browser.find_element(By.ID, "moved-link").click()
        WebDriverWait(browser, 10).until(lambda b: b.execute_script("return document.readyState") == "complete")
    assert browser.find_elements(By.ID, "move-text") or version_shown(browser) > before, browser.page_source[:300]


def test_a_player_talks_at_the_table_from_the_page(server, browser):
    """A player with only a browser reads the table's talk and talks back: the message typed in
    the page's talk box is said once, listed on the page, and read by the other seat. A message
    still being typed is not thrown away when the other seat moves: the page offers the new
    position instead of reloading."""
    game, (me, other) = start(server, "castle-assault", {"first-player": 1})
    other.call("POST", f"/games/{game}/chat", json={"text": "Shall we leave each other alone?"})
    browser.get(me.call("GET", f"/games/{game}/link")["url"])
    assert "Shall we leave each other alone?" in browser.find_element(By.ID, "talk").text
    box = browser.find_element(By.ID, "talk-text")
    box.send_keys("Agreed, for three turns.")
    browser.find_element(By.CSS_SELECTOR, "#talk-form button[type=submit]").click()
    WebDriverWait(browser, 10).until(lambda b: "Agreed, for three turns." in b.execute_script(
        "var e = document.getElementById('talk'); return e ? e.textContent : '';"))
    assert [m["text"] for m in other.call("GET", f"/games/{game}/chat")["messages"]] == [
        "Shall we leave each other alone?", "Agreed, for three turns."]
    assert browser.current_url.endswith("#talk-heading")
    browser.find_element(By.ID, "talk-text").send_keys("And then")
    play_any(game, other)
    WebDriverWait(browser, UPDATE_SECONDS).until(lambda b: b.find_element(By.ID, "moved").is_displayed())
    assert browser.find_element(By.ID, "talk-text").get_attribute("value") == "And then"
    assert console_errors(browser) == []

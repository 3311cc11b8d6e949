"""Small breaks a player met on the game page (issue 26), over a real HTTP server: the log's
numbers are the move numbers, whole; Wizard's Quest cards read as what they do, not as
`C15 MAN-EXTRA`; the Medieval Mastery picture shows the artefacts; and the player handed
treasures to hide sees whose they are."""
from __future__ import annotations

import json
import re
import urllib.request
from html.parser import HTMLParser

import pytest

from core import games
from core.rng import Rng
from server.config import load_config
from server.store.models import Game, Snapshot
from tests.server.conftest import Api
from tests.server.live import serving

KIND_CODE = re.compile(r"\bC\d\d (BOAT|MEN\d|SIX|MAN-EXTRA|2MEN-EXTRA|EXTRA|DRAGON|PEACE|TREASURE|MINUS\d|NOSUPPLY)\b")


@pytest.fixture
def config(tmp_path):
    return load_config({"HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'herald.db'}",
                        "HERALD_MAIL_DIR": str(tmp_path / "mail"), "HERALD_SECRET_KEY": "k" * 32,
                        "HERALD_PUBLIC_URL": "https://herald.example.org", "HERALD_RATELIMIT_ENABLED": "0"})


@pytest.fixture
def site(app):
    """(the API helper, the base URL of a real server over the same database)."""
    with serving(app) as url:
        yield Api(app.test_client()), url


def page(site, game_id, player) -> str:
    api, url = site
    link = api.call("GET", f"/games/{game_id}/link", player).json["url"]
    path = link.split("herald.example.org", 1)[1]
    with urllib.request.urlopen(url + path, timeout=30) as answer:
        return answer.read().decode()


def play(api, game_id, players, rng, until, limit=400) -> None:
    """Random legal moves of whoever is asked, until `until()` holds."""
    engine = games[Game.get_by_id(game_id).ruleset]
    for _ in range(limit):
        if until():
            return
        game = Game.get_by_id(game_id)
        seat = game.prompted[0]["seat"]
        state = engine.from_json(json.loads(Snapshot.get(Snapshot.game == game_id).state))
        move = engine.random_move(state, seat, rng)
        assert api.call("PUT", f"/games/{game_id}/moves/{game.version}", players[seat],
                        json={"move": move}).status_code == 201
    raise AssertionError("never reached")


class LogItems(HTMLParser):
    """The text of each <li> of the page's log."""

    def __init__(self):
        super().__init__()
        self.items, self.inside, self.depth = [], False, 0

    def handle_starttag(self, tag, attrs):
        if tag == "ol" and ("id", "log") in attrs:
            self.inside = True
        elif self.inside and tag == "li":
            self.items.append("")

    def handle_endtag(self, tag):
        if tag == "ol":
            self.inside = False

    def handle_data(self, data):
        if self.inside and self.items:
            self.items[-1] += data


def test_the_log_shows_each_move_number_whole(site, toy_game):
    api, _ = site
    players = [api.register("ann"), api.register("ben")]
    game_id = api.start_game(players, options={"target": 60})
    play(api, game_id, players, Rng("log"), lambda: Game.get_by_id(game_id).version >= 12)
    html = page(site, game_id, players[0])
    reader = LogItems()
    reader.feed(html)
    numbers = [int(re.match(r"\s*(\d+)\.", item).group(1)) for item in reader.items]
    assert numbers == list(range(Game.get_by_id(game_id).version - 1, -1, -1))  # 11. ... 0., newest first
    assert "list-style: none" in html.split("ol.log", 1)[1].split("}", 1)[0]  # no marker to clip


def test_wizards_quest_cards_read_as_what_they_do(site):
    api, _ = site
    players = [api.register(name) for name in ("ann", "ben", "cyd")]
    game_id = api.start_game(players, "wizards-quest")

    def someone_holds_a_card():
        return any(api.game(game_id, p)["view"]["hand"] for p in players)

    play(api, game_id, players, Rng("cards"), someone_holds_a_card, limit=600)
    holder = next(p for p in players if api.game(game_id, p)["view"]["hand"])
    card = api.game(game_id, holder)["view"]["hand"][0]
    html, text = page(site, game_id, holder), api.call("GET", f"/games/{game_id}/render", holder).json["text"]
    for shown in (html, text):
        assert card in shown and not KIND_CODE.search(shown), KIND_CODE.search(shown)


def test_the_medieval_mastery_picture_shows_the_artefacts(site):
    api, _ = site
    players = [api.register(name) for name in ("ann", "ben", "cyd")]
    game_id = api.start_game(players, "medieval-mastery")
    svg = page(site, game_id, players[0]).split("<svg", 1)[1].split("</svg>", 1)[0]
    for seat in api.game(game_id, players[0])["view"]["seats"]:
        for artefact in seat["artefacts"]:
            assert artefact["name"] in svg


def test_the_player_hiding_treasures_sees_whose_they_are(site):
    api, _ = site
    players = [api.register(name) for name in ("ann", "ben", "cyd")]
    game_id = api.start_game(players, "wizards-quest")

    def hiding():
        game = Game.get_by_id(game_id)
        return bool(game.prompted) and game.prompted[0]["text"].startswith("Hide")

    play(api, game_id, players, Rng("hide"), hiding)
    hider = Game.get_by_id(game_id).prompted[0]["seat"]
    handed = sorted({m["text"].split()[1] for m in api.legal(game_id, players[hider])["moves"]})
    treasures = {t["id"]: t for t in api.game(game_id, players[hider])["view"]["treasures"]}
    text = api.call("GET", f"/games/{game_id}/render", players[hider]).json["text"]
    html = page(site, game_id, players[hider])
    for tid in handed:
        whose = f"{tid}=P{treasures[tid]['owner']} {treasures[tid]['kind']}"
        assert whose in text and whose in html
    other = players[(hider + 1) % 3]  # handed treasures of its own: only those are listed to it
    listed = [line for line in api.call("GET", f"/games/{game_id}/render", other).json["text"].splitlines()
              if line.startswith("To hide")]
    assert not any(tid in line for tid in handed for line in listed)

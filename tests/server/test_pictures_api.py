"""GET /games/{id}/picture.svg: the board for the caller's seat, under the view's access rules."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from tests.server.conftest import Api

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def api(client):
    return Api(client)


def castle_game(api, names=("Ann O'Neil", "ben")):
    players = [api.register(name, f"p{i}@example.org") for i, name in enumerate(names)]
    return players, api.start_game(players, "castle-assault", {"first-player": 0})


def test_each_seat_gets_its_own_board_with_names_written_in(api, client, app):
    players, game = castle_game(api)
    ann = api.call("GET", f"/games/{game}/picture.svg", players[0])
    assert ann.status_code == 200 and ann.mimetype == "image/svg+xml"
    assert ann.headers["Cache-Control"] == "private, no-store"
    root = ET.fromstring(ann.data)  # valid XML although the name holds an apostrophe
    text = "".join(root.itertext())
    assert "Ann O'Neil (you)" in text and "ben" in text and "{P0}" not in text
    ann_hand = api.game(game, players[0])["view"]["hand"]
    ben_svg = api.call("GET", f"/games/{game}/picture.svg", players[1]).get_data(as_text=True)
    words = set(re.findall(r"[A-Za-z0-9]+", ben_svg))
    assert not words & set(ann_hand), "ben's picture shows Ann's hand"
    assert api.game(game, players[0])["seed_hash"] not in ben_svg


def test_the_same_access_rules_as_the_view(api, client):
    players, game = castle_game(api)
    stranger = api.register("carl")
    assert api.call("GET", f"/games/{game}/picture.svg", stranger).status_code == 403
    assert client.get(f"/games/{game}/picture.svg").status_code == 401
    other = api.call("GET", f"/games/{game}/picture.svg?seat=1", players[0])
    assert other.status_code == 403 and other.json["error"]["code"] == "forbidden"
    assert api.call("GET", f"/games/{game + 1}/picture.svg", players[0]).status_code == 404


def test_a_game_waiting_for_players_has_no_board_yet(api):
    ann = api.register("ann")
    created = api.call("POST", "/games", ann, json={"ruleset": "wizards-quest", "seats": 3, "options": {}})
    answer = api.call("GET", f"/games/{created.json['id']}/picture.svg", ann)
    assert answer.status_code == 409 and answer.json["error"]["code"] == "game-not-started"


def test_a_game_without_pictures_says_so(api):
    players = [api.register("ann"), api.register("ben")]
    game = api.start_game(players)  # the toy game draws no picture
    answer = api.call("GET", f"/games/{game}/picture.svg", players[0])
    assert answer.status_code == 404 and answer.json["error"]["code"] == "no-picture"


# A deal in which seat 0, first to play, holds the cards to attack seat 1's first wall at once.
WALL_ATTACK_ON_MOVE_0 = "wall-attack-on-move-0-0"


def test_the_last_move_is_marked_for_those_who_may_see_it(api, game_seeds):
    game_seeds.pin(WALL_ATTACK_ON_MOVE_0)
    players, game = castle_game(api)
    attack = next(m for m in api.legal(game, players[0])["moves"]
                  if not m.get("pattern") and m["text"].startswith("attack 1/W1 "))
    put = api.call("PUT", f"/games/{game}/moves/0", players[0], json={"text": attack["text"]})
    assert put.status_code == 201, put.json
    root = ET.fromstring(api.call("GET", f"/games/{game}/picture.svg", players[1]).data)
    post = next(g for g in root.iter(f"{SVG}g") if g.get("data-id") == "1/W1")
    assert post.find(f"{SVG}*[@class='touched']") is not None

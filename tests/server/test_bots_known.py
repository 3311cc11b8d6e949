"""GET /games/{id}/known: a seat's knowledge for bots, and nothing more.

Through a real game on the real API: after every move, each seat's answer holds none of
`hidden_from(state, seat)` and not the seed, and a world sampled from it shows that seat the
very view the server shows. Outsiders get 403, an open game 409, a game without bots 409."""
from __future__ import annotations

import json

from core import games
from core.rng import Rng
from server.store.models import Game
from tests.server.test_full_games import prompted_seats, server_state, shows


def test_each_seat_gets_its_own_knowledge_and_no_secret(api):
    engine = games["castle-assault"]
    players = [api.register(f"k{i}") for i in range(3)]
    game_id = api.start_game(players, ruleset="castle-assault")
    seed = Game.get_by_id(game_id).seed
    rng = Rng("known-endpoint")
    for _ in range(40):
        state = server_state(engine, game_id)
        if engine.result(state) is not None:
            break
        for seat, player in enumerate(players):
            answer = api.call("GET", f"/games/{game_id}/known", player)
            assert answer.status_code == 200, answer.json
            body = answer.json
            text = json.dumps(body)
            assert seed not in text
            assert not [token for token in engine.hidden_from(state, seat) if shows(text, token)]
            assert body["seat"] == seat and body["ruleset"] == "castle-assault"
            world = engine.sample_state(body["known"], seat, rng)
            assert engine.view(world, seat) == api.game(game_id, player)["view"]
        seat = prompted_seats(api, game_id, players)[0]
        move = engine.random_move(state, seat, rng)
        assert api.call("PUT", f"/games/{game_id}/moves/{body['version']}", players[seat],
                        json={"move": move}).status_code == 201


def test_only_seated_players_of_active_games_with_bots(api):
    players = [api.register(f"q{i}") for i in range(2)]
    stranger = api.register("stranger")
    game_id = api.start_game(players, ruleset="castle-assault")
    answer = api.call("GET", f"/games/{game_id}/known", stranger)
    assert answer.status_code == 403 and answer.json["error"]["code"] == "forbidden"
    created = api.call("POST", "/games", players[0], json={"ruleset": "castle-assault", "seats": 2}).json
    api.call("POST", "/games/join", players[0], json={"invite": created["invites"][0]["code"]})
    answer = api.call("GET", f"/games/{created['id']}/known", players[0])
    assert answer.status_code == 409 and answer.json["error"]["code"] == "game-not-active"
    toy = api.start_game(players)   # the test toy game has no known_state: no bots for it
    answer = api.call("GET", f"/games/{toy}/known", players[0])
    assert answer.status_code == 409 and answer.json["error"]["code"] == "no-bots"
    assert "no bots" in answer.json["error"]["message"]

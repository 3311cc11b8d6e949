"""GET /games/{id}/known: a seat's knowledge for bots. That it holds nothing more (no hidden id,
no seed; a world sampled from it shows the seat the server's view) is the `known` surface of
tests/e2e/test_secrecy.py; here: outsiders get 403, an open game 409, a game without bots 409."""
from __future__ import annotations


def test_only_seated_players_of_active_games_with_bots(api, no_bots_game):
    players = [api.register(f"q{i}") for i in range(2)]
    stranger = api.register("stranger")
    game_id = api.start_game(players, ruleset="castle-assault")
    answer = api.call("GET", f"/games/{game_id}/known", stranger)
    assert answer.status_code == 403 and answer.json["error"]["code"] == "forbidden"
    created = api.call("POST", "/games", players[0], json={"ruleset": "castle-assault", "seats": 2}).json
    api.call("POST", "/games/join", players[0], json={"invite": created["invites"][0]["code"]})
    answer = api.call("GET", f"/games/{created['id']}/known", players[0])
    assert answer.status_code == 409 and answer.json["error"]["code"] == "game-not-active"
    toy = api.start_game(players, ruleset=no_bots_game.name)  # no known_state: no bots for it
    answer = api.call("GET", f"/games/{toy}/known", players[0])
    assert answer.status_code == 409 and answer.json["error"]["code"] == "no-bots"
    assert "no bots" in answer.json["error"]["message"]

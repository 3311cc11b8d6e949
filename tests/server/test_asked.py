"""GET /me/next: what is asked of me, oldest first, from the games rows alone."""
from server.store import state_cache
from server.store.models import Snapshot


def asked(api, player) -> list[dict]:
    response = api.call("GET", "/me/next", player)
    assert response.status_code == 200, response.json
    return response.json


def test_only_my_seats_in_active_games_are_listed(api, alice_bob):
    alice, bob = alice_bob
    carol = api.register("carol")
    open_game = api.call("POST", "/games", alice, json={"ruleset": "toy-race", "seats": 2}).json["id"]
    game = api.start_game([alice, bob])
    assert [(e["game"], e["seat"]) for e in asked(api, alice)] == [(game, 0)]
    assert open_game not in [e["game"] for e in asked(api, alice)]
    assert asked(api, bob) == [] and asked(api, carol) == []
    api.play_first_legal(game, [alice, bob])
    assert asked(api, alice) == [] and [e["seat"] for e in asked(api, bob)] == [1]


def test_it_reads_no_game_state(api, alice_bob):
    """With every snapshot gone (so any read of a game's state fails), the list still answers:
    it costs the same however large the games' states are."""
    alice, bob = alice_bob
    game = api.start_game([alice, bob])
    Snapshot.delete().execute()
    state_cache.clear()
    assert api.call("GET", f"/games/{game}", alice).status_code == 500  # the state is unreadable now
    [entry] = asked(api, alice)
    assert entry["game"] == game and entry["text"] == "Play a card (total 0/21)."


def test_a_finished_game_asks_nothing(api, alice_bob):
    alice, bob = alice_bob
    game = api.start_game([alice, bob], options={"target": 5})
    while api.game(game, alice)["status"] == "active":
        assert api.play_first_legal(game, [alice, bob]).status_code == 201
    assert asked(api, alice) == [] and asked(api, bob) == []

"""Public games: `herald new --public`, listed by `herald games --open`, `herald join GAME`."""
from __future__ import annotations

from client import exitcodes


def test_only_public_open_games_are_listed_to_strangers(api, alice_bob):
    alice, bob = alice_bob
    private = api.call("POST", "/games", alice, json={"ruleset": "toy-race", "seats": 2}).json["id"]
    public = api.call("POST", "/games", alice, json={"ruleset": "toy-race", "seats": 2, "public": True}).json
    assert public["public"] is True
    listed = api.call("GET", "/games?open=1", bob).json
    assert [g["id"] for g in listed] == [public["id"]] and listed[0]["public"] is True
    assert private not in [g["id"] for g in listed]


def test_join_by_number_takes_the_first_free_seat_and_the_last_starts_the_game(api, alice_bob):
    alice, bob = alice_bob
    carol = api.register("carol")
    game_id = api.call("POST", "/games", alice, json={"ruleset": "toy-race", "seats": 2, "public": True}).json["id"]
    first = api.call("POST", f"/games/{game_id}/join", bob)
    assert first.status_code == 200 and first.json == {"game": game_id, "seat": 0}
    again = api.call("POST", f"/games/{game_id}/join", bob)  # a retry: the same seat, not a second one
    assert again.json == {"game": game_id, "seat": 0}
    assert api.call("POST", f"/games/{game_id}/join", carol).json == {"game": game_id, "seat": 1}
    assert api.game(game_id, bob)["status"] == "active"
    full = api.call("POST", f"/games/{game_id}/join", alice)
    assert full.status_code == 409 and full.json["error"]["code"] == "game-not-open"
    # anyone may watch a public game as a spectator
    watched = api.call("GET", f"/games/{game_id}", alice).json
    assert watched["my_seat"] is None and watched["view"]["hand"] is None


def test_a_private_game_cannot_be_joined_or_watched_by_number(api, alice_bob):
    alice, bob = alice_bob
    game_id = api.call("POST", "/games", alice, json={"ruleset": "toy-race", "seats": 2}).json["id"]
    refused = api.call("POST", f"/games/{game_id}/join", bob)
    assert refused.status_code == 403 and refused.json["error"]["details"]["reason"] == "not-public"
    assert api.call("GET", f"/games/{game_id}", bob).status_code == 403
    missing = api.call("POST", "/games/999/join", bob)
    assert missing.status_code == 404


def test_cli_public_game_from_new_to_start(herald):
    ana, ben = herald.register("ana"), herald.register("ben")
    created = herald("new", "toy-race", "--seats", 2, "--public", token=ana)
    assert created.exit_code == 0 and "herald join" in created.stdout and "Public" in created.stdout
    game_id = int(created.stdout.split()[2])
    listing = herald("games", "--open", token=ben)
    assert f"join: herald join {game_id}" in listing.stdout
    assert herald.json("join", game_id, token=ben) == {"game": game_id, "seat": 0}
    assert herald("join", f"#{game_id}", token=ana).stdout.strip() == f"Joined game {game_id} as seat 1."
    assert herald.json("show", game_id, token=ana)["status"] == "active"
    assert herald.json("games", "--open", token=ben) == []
    private = herald.json("new", "toy-race", "--seats", 2, token=ana)["id"]
    refused = herald("join", private, token=ben)
    assert refused.exit_code == exitcodes.REJECTED and "invitation only" in refused.stderr

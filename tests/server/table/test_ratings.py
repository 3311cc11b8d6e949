"""Ratings with openskill: updated when a rated game ends, shown by `herald ratings`, and the
change in each player's game-over mail."""
from __future__ import annotations

import re

from server.notify.channels.mail import compose
from server.store.models import Notification


def finish(api, players, winner_resigns_others=True, rated=True):
    """A toy game where every seat but seat 0's player resigns: seat 0 wins."""
    created = api.call("POST", "/games", players[0], json={"ruleset": "toy-race", "seats": len(players),
                                                           "rated": rated}).json
    for index, (player, invite) in enumerate(zip(players, created["invites"])):
        another = {"another_seat": True} if player in players[:index] else {}  # one person in several seats
        api.call("POST", "/games/join", player, json={"invite": invite["code"], **another})
    game_id = created["id"]
    for loser in players[1:]:
        version = api.game(game_id, loser)["version"]
        assert api.call("PUT", f"/games/{game_id}/moves/{version}", loser, json={"text": "resign"}).status_code == 201
    return game_id


def test_ratings_follow_finished_rated_games_and_are_mailed(api):
    ana, ben, cal = (api.register(n) for n in ("ana", "ben", "cal"))
    game_id = finish(api, [ana, ben, cal])
    table = api.call("GET", "/ratings/toy-race", ana).json["ratings"]
    assert [r["name"] for r in table][0] == "ana" and {r["games"] for r in table} == {1}
    assert {r["name"]: r["player"] for r in table} == {"ana": ana["id"], "ben": ben["id"], "cal": cal["id"]}
    assert table[0]["rating"] > table[1]["rating"]
    over = Notification.get((Notification.game == game_id) & (Notification.kind == "over")
                            & (Notification.player == ana["id"]))
    body = compose(over, {"MAIL_FROM": "h@example.org"}).get_content()
    assert "Your rating in Race to 21: 0.0 ->" in body and "1 rated game)" in body
    finish(api, [ben, cal])  # ben beats cal
    again = {r["name"]: r for r in api.call("GET", "/ratings/toy-race", ana).json["ratings"]}
    assert again["ben"]["games"] == 2 and again["ben"]["rating"] > again["cal"]["rating"]


def test_a_rating_is_written_with_the_readers_decimal_comma_and_minus(api):
    """A Spanish game-over mail wrote 'Tu puntuación ...: 0.0 -> -1.8 (-1.8; ...)': its numbers
    now read as Spanish writes them, with a decimal comma (English keeps its point)."""
    ana, ben = api.register("ana"), api.register("ben")
    api.call("PATCH", "/players/me", ben, json={"language": "es"})
    game_id = finish(api, [ana, ben])
    over = Notification.get((Notification.game == game_id) & (Notification.kind == "over")
                            & (Notification.player == ben["id"]))
    body = " ".join(compose(over, {"MAIL_FROM": "h@example.org"}).get_content().split())
    assert re.search(r": 0,0 -> -\d+,\d \(-\d+,\d; 1 partida", body), body


def test_unrated_and_solo_games_do_not_count(api):
    ana, ben = api.register("ana"), api.register("ben")
    finish(api, [ana, ben], rated=False)
    finish(api, [ana, ana])  # one person in both seats: testing, not competing
    assert api.call("GET", "/ratings/toy-race", ana).json["ratings"] == []
    assert api.call("GET", "/ratings/no-such-game", ana).status_code == 422


def test_cli_ratings(herald):
    ana, ben = herald.register("ana"), herald.register("ben")
    assert "No rated toy-race game" in herald("ratings", "toy-race", token=ana).stdout
    created = herald.json("new", "toy-race", "--seats", 2, token=ana)
    herald.json("join", created["invites"][0]["code"], token=ana)
    herald.json("join", created["invites"][1]["code"], token=ben)
    herald("resign", created["id"], "--yes", token=ben)
    lines = herald("ratings", "toy-race", token=ben).stdout.splitlines()
    assert lines[1].split()[:2] == ["1", "ana"] and lines[2].split()[:2] == ["2", "ben"]
    assert herald("new", "toy-race", "--seats", 2, "--unrated", "--json", token=ana).exit_code == 0

"""`herald resign GAME` on a real server: an ordinary logged move that `verify` replays."""
from __future__ import annotations

import json

from client import exitcodes


def test_resign_ends_a_two_player_game_and_verify_replays_it(herald, two_player_game, tmp_path):
    game_id, alice, bob = two_player_game
    refused = herald("resign", game_id, token=bob)  # no --yes and no answer on stdin: aborted
    assert refused.exit_code != 0 and herald.json("show", game_id, token=bob)["status"] == "active"
    scripted = herald("resign", game_id, "--json", token=bob)  # a script is not asked: a JSON usage error
    assert scripted.exit_code == exitcodes.USAGE and "--yes" in json.loads(scripted.stderr)["message"]
    assert "[y/N]" not in scripted.stderr and herald.json("show", game_id, token=bob)["status"] == "active"
    result = herald("resign", game_id, "--yes", token=bob)  # not bob's turn: resigning needs none
    assert result.exit_code == 0, result.stderr
    assert "Played resign" in result.stdout and "resigns" in result.stdout
    state = herald.json("show", game_id, token=alice)
    assert state["status"] == "finished" and state["result"]["winner_names"] == ["alice"]
    assert herald.json("log", game_id, token=alice)["moves"][-1]["text"] == "resign"
    again = herald("resign", game_id, "--yes", token=alice)
    assert again.exit_code == exitcodes.REJECTED and "game-not-active" in again.stderr
    from server.store.verify import verify_game
    from server.store.models import Game
    assert verify_game(Game.get_by_id(game_id)).ok


def test_resigning_from_a_game_without_my_seat_is_refused_before_the_question(herald, two_player_game):
    """A player with no seat was asked 'Resign from game 4? ... [y/N]' and only after 'y' told
    they have no seat there."""
    game_id, alice, bob = two_player_game
    carol = herald.register("carol")
    refused = herald("resign", game_id, token=carol)
    assert refused.exit_code == exitcodes.REJECTED and "forbidden" in refused.stderr
    assert "Resign from game" not in refused.stderr + refused.stdout


def test_in_a_three_player_game_the_others_play_on(api):
    players = [api.register(n) for n in ("ana", "ben", "cal")]
    game_id = api.start_game(players)
    answer = api.call("PUT", f"/games/{game_id}/moves/0", players[1], json={"text": "resign"})
    assert answer.status_code == 201 and answer.json["text"] == "resign"
    detail = api.game(game_id, players[0])
    assert detail["status"] == "active" and detail["version"] == 1
    while detail["status"] == "active":
        assert detail["prompted"][0]["seat"] != 1  # the resigned seat is never asked again
        assert api.play_first_legal(game_id, players).status_code == 201
        detail = api.game(game_id, players[0])
    assert 1 not in detail["result"]["winners"]


def test_medieval_mastery_with_three_players_plays_on_without_the_resigned_seat(api):
    """MM-WIN-2: the leaving player's holdings leave play (core/medieval_mastery/resign.py); the
    turn order passes over them, so nobody ever waits for them and verify replays the game."""
    from core import games
    from core.rng import Rng
    from server.store.models import Game, Move
    from server.store.verify import verify_game
    from tests.server.table.helpers import prompted_seat, server_state

    players = [api.register(n) for n in ("ana", "ben", "cal")]
    game_id = api.start_game(players, "medieval-mastery")
    gone = (server_state("medieval-mastery", game_id)["active"] + 1) % 3  # not the player whose turn it is
    answer = api.call("PUT", f"/games/{game_id}/moves/0", players[gone], json={"text": "resign"})
    assert answer.status_code == 201 and any("leave the map" in e for e in answer.json["events"])
    engine, rng = games["medieval-mastery"], Rng("mm-server")
    turns = set()
    for _ in range(60):  # the others play: the turn order comes round past the resigned seat
        detail = api.game(game_id, players[(gone + 1) % 3])
        if detail["status"] != "active":
            break
        seat = prompted_seat(api, game_id, players)
        assert seat != gone  # never left waiting for the resigned player
        turns.add(server_state("medieval-mastery", game_id)["turn"])
        move = engine.random_move(server_state("medieval-mastery", game_id), seat, rng)
        response = api.call("PUT", f"/games/{game_id}/moves/{detail['version']}", players[seat], json={"move": move})
        assert response.status_code == 201, response.json
    assert len(turns) >= 3  # the turn went round at least once
    assert Move.select().where((Move.game == game_id) & (Move.seat == gone)).count() == 1  # the resignation only
    assert verify_game(Game.get_by_id(game_id)).ok

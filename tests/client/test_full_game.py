"""A complete game between two players, driven through `herald` only.

Each turn: `wait --timeout 0` tells who is prompted, `moves --json` lists the legal
moves, `play` sends the first one; it ends when `wait` exits 3 for both players.
"""
import json
import threading

from client import exitcodes
from client.api import HeraldApi


def test_two_players_finish_a_game_through_the_cli(herald, two_player_game):
    game, alice, bob = two_player_game
    players = {"alice": alice, "bob": bob}
    played = []
    for _turn in range(60):  # a toy-race game lasts at most 20 cards
        statuses = {name: herald("wait", game, "--timeout", 0, token=tok).exit_code for name, tok in players.items()}
        if set(statuses.values()) == {exitcodes.GAME_OVER}:
            break
        prompted = [name for name, code in statuses.items() if code == exitcodes.OK]
        assert len(prompted) == 1, statuses  # toy-race prompts exactly one seat at a time
        assert set(statuses.values()) == {exitcodes.OK, exitcodes.TIMEOUT}
        token = players[prompted[0]]
        hand = herald.json("show", game, token=token)["view"]["hand"]
        moves = herald.json("moves", game, token=token)
        assert [m["text"] for m in moves] == ([f"play {c}" for c in hand] or ["pass"])
        answer = herald.json("play", game, moves[0]["text"], token=token)
        assert answer["text"] == moves[0]["text"]
        played.append(answer["seq"])
    else:
        raise AssertionError("the game did not end")

    assert played == list(range(len(played)))  # one accepted move per version, none lost or doubled
    final = herald.json("show", game, token=alice)
    assert final["status"] == "finished" and final["result"]["winners"]
    assert final["seed"]  # revealed at the end
    winner_seat = final["result"]["winners"][0]
    text = herald("show", game, token=bob).stdout
    assert "won" in text and f"seat {winner_seat}" in text
    log = herald("log", game, token=bob)
    assert log.exit_code == 0 and "wins." in log.stdout.splitlines()[-1]


def test_wait_blocks_until_the_other_player_moves(herald, two_player_game):
    game, alice, bob = two_player_game
    first = HeraldApi(herald.server, alice).legal(game)["moves"][0]["text"]
    mover = threading.Timer(0.5, lambda: HeraldApi(herald.server, alice).play(game, 0, first))
    mover.start()
    try:
        result = herald("wait", game, "--timeout", 20, "--json", token=bob)
    finally:
        mover.join()
    assert result.exit_code == exitcodes.OK, result.stderr
    body = json.loads(result.stdout)
    assert body["reason"] == "prompted" and body["game"]["version"] == 1
    assert body["game"]["my_seat"] == 1

"""One person holding every seat of a game (testing alone), as docs/api.md allows.

Without --seat the server acts for the caller's only prompted seat, so a solo player
can drive a whole game with one token; --seat picks a seat explicitly.
"""
from client import exitcodes


def test_one_player_holding_both_seats_plays_a_whole_game(herald):
    solo = herald.register("solo")
    created = herald.json("new", "toy-race", "--seats", 2, token=solo)
    first, *others = created["invites"]
    herald.json("join", first["code"], token=solo)
    for invite in others:
        herald.json("join", invite["code"], "--another-seat", token=solo)
    game = created["id"]
    assert herald.json("moves", game, "--seat", 1, token=solo) == []  # seat 0 starts
    assert herald.json("moves", game, "--seat", 0, token=solo)

    for _turn in range(40):
        waited = herald("wait", game, "--timeout", 0, token=solo)
        if waited.exit_code == exitcodes.GAME_OVER:
            break
        assert waited.exit_code == exitcodes.OK, waited.stderr
        first = herald.json("moves", game, token=solo)[0]["text"]
        assert herald("play", game, first, token=solo).exit_code == 0
    else:
        raise AssertionError("the game did not end")

    finished = herald.json("show", game, "--seat", 0, token=solo)
    assert finished["status"] == "finished" and finished["result"]["winners"]
    # Nobody is prompted any more, so the server cannot guess whose moves: the CLI says how to choose.
    ambiguous = herald("moves", game, token=solo)
    assert ambiguous.exit_code == exitcodes.REJECTED
    assert "seat-required" in ambiguous.stderr and "--seat N" in ambiguous.stderr

"""`herald server verify`: a full replay from seed + moves catches a hand-edited log."""
import json
import sqlite3

from click.testing import CliRunner

from server.cli import server


def env_for(config):
    return {"HERALD_DATABASE_URL": config["DATABASE_URL"], "HERALD_MAIL_DIR": config["MAIL_DIR"],
            "HERALD_CONFIG": ""}


def play_some(api, players, count):
    game = api.start_game(players, options={"target": 60})
    for _ in range(count):
        assert api.play_first_legal(game, players).status_code == 201
    return game


def test_verify_passes_on_honest_games(api, alice_bob, config):
    play_some(api, alice_bob, 6)
    play_some(api, alice_bob, 3)
    result = CliRunner().invoke(server, ["verify"], env=env_for(config))
    assert result.exit_code == 0, result.output
    assert "checked 2 game(s), 9 move(s): all agree" in result.output


def test_verify_reports_a_hand_edited_move(api, alice_bob, config):
    honest = play_some(api, alice_bob, 6)
    edited = play_some(api, alice_bob, 6)
    path = config["DATABASE_URL"].removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:
        payload, = db.execute("SELECT payload FROM moves WHERE game_id = ? AND seq = 2", (edited,)).fetchone()
        # Any other card: either not in that hand on replay, or a different state and chain.
        other = {"play": "t0" if json.loads(payload)["play"] != "t0" else "t1"}
        db.execute("UPDATE moves SET payload = ? WHERE game_id = ? AND seq = 2", (json.dumps(other), edited))
    result = CliRunner().invoke(server, ["verify"], env=env_for(config))
    assert result.exit_code == 1
    assert f"game {edited}:" in result.output and f"game {honest}:" not in result.output
    assert "move 2" in result.output
    assert "1 disagree" in result.output


def test_verify_reports_a_tampered_snapshot(api, alice_bob, config):
    game = play_some(api, alice_bob, 4)
    path = config["DATABASE_URL"].removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:
        state = json.loads(db.execute("SELECT state FROM snapshots WHERE game_id = ?", (game,)).fetchone()[0])
        state["total"] += 1
        db.execute("UPDATE snapshots SET state = ? WHERE game_id = ?", (json.dumps(state), game))
    result = CliRunner().invoke(server, ["verify"], env=env_for(config))
    assert result.exit_code == 1 and f"game {game}:" in result.output
    assert "snapshot" in result.output

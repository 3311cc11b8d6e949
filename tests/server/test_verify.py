"""`herald server verify`: a full replay from seed + moves catches a hand-edited log."""
import json
import sqlite3

from click.testing import CliRunner

from server.cli import server


def env_for(config):
    return {"HERALD_DATABASE_URL": config["DATABASE_URL"], "HERALD_MAIL_DIR": config["MAIL_DIR"],
            "HERALD_CONFIG": ""}


def forge_move(config, game: int, seq: int, column: str, value) -> None:
    """Change one stored move by hand, as a forger with the database file would (the
    append-only trigger is the first thing to go)."""
    with sqlite3.connect(config["DATABASE_URL"].removeprefix("sqlite:///")) as db:
        db.execute("DROP TRIGGER IF EXISTS moves_no_update")
        db.execute(f"UPDATE moves SET {column} = ? WHERE game_id = ? AND seq = ?", (value, game, seq))


def verify(config, *args):
    return CliRunner().invoke(server, ["verify", *args], env=env_for(config))


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
        db.execute("DROP TRIGGER moves_no_update")  # the forger's first step
        db.execute("UPDATE moves SET payload = ? WHERE game_id = ? AND seq = 2", (json.dumps(other), edited))
    result = CliRunner().invoke(server, ["verify"], env=env_for(config))
    assert result.exit_code == 1
    assert f"game {edited}:" in result.output and f"game {honest}:" not in result.output
    assert "move 2" in result.output
    assert "1 disagree" in result.output


def test_the_database_refuses_to_change_a_logged_move(api, alice_bob, config):
    game = play_some(api, alice_bob, 2)
    path = config["DATABASE_URL"].removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:
        for statement in ("UPDATE moves SET payload = '{}' WHERE game_id = ?", "DELETE FROM moves WHERE game_id = ?"):
            try:
                db.execute(statement, (game,))
            except sqlite3.DatabaseError as exc:
                assert "append-only" in str(exc)
            else:
                raise AssertionError(f"the database allowed: {statement}")
        assert db.execute("SELECT COUNT(*) FROM moves WHERE game_id = ?", (game,)).fetchone() == (2,)


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


def test_a_broken_game_is_named_and_does_not_stop_reminders_for_others(api, alice_bob, config):
    """After a hand edit the move path refuses with a pointer to verify; other games go on."""
    from datetime import timedelta

    from server.store import state_cache
    from server.store.models import utcnow
    from server.table.reminders import queue_reminders

    broken = play_some(api, alice_bob, 2)
    healthy = play_some(api, alice_bob, 1)
    path = config["DATABASE_URL"].removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:
        db.execute("UPDATE snapshots SET version = 7 WHERE game_id = ?", (broken,))
    state_cache.clear()
    for method, url in (("GET", f"/games/{broken}"), ("PUT", f"/games/{broken}/moves/2")):
        response = api.call(method, url, alice_bob[0], json={"text": "pass"})
        assert response.status_code == 500 and response.json["error"]["code"] == "inconsistent-game"
        assert "verify" in response.json["error"]["message"]
    assert queue_reminders(timedelta(hours=1), now=utcnow() + timedelta(hours=2)) == 1  # the healthy game
    assert api.play_first_legal(healthy, alice_bob).status_code == 201


def test_verify_reports_a_changed_timestamp(api, alice_bob, config):
    """The chain commits to when each move was made, too."""
    game = play_some(api, alice_bob, 3)
    forge_move(config, game, 1, "created", "2020-01-01 00:00:00")
    result = verify(config)
    assert result.exit_code == 1 and "move 1: the hash chain is broken" in result.output


def test_verify_agrees_while_players_keep_moving(api, alice_bob):
    """verify runs from cron while the server takes moves: a move landing between reading
    the game and reading its moves and snapshot is not a disagreement."""
    from server.store.models import Game
    from server.store.verify import verify_all, verify_game

    game_id = play_some(api, alice_bob, 3)
    read_before = Game.get_by_id(game_id)  # what verify_all holds when it reaches this game
    assert api.play_first_legal(game_id, alice_bob).status_code == 201
    report = verify_game(read_before)
    assert report.ok, report.problems
    assert [r.ok for r in verify_all()] == [True]



def moves_seen_with_a_move_landing_midway(api, players) -> tuple[int, int, int]:
    """Inside verify's read snapshot: read the games row, let another connection commit a
    move, then count moves and read the snapshot's version as verify would next.
    Returns (games row version, moves seen, snapshot version seen)."""
    import threading

    from server.store.db import read_snapshot
    from server.store.models import Game, Move, Snapshot

    game_id = play_some(api, players, 2)
    landed = []
    with read_snapshot():
        version = Game.get_by_id(game_id).version
        mover = threading.Thread(target=lambda: landed.append(api.play_first_legal(game_id, players).status_code))
        mover.start()
        mover.join()
        seen = (version, Move.select().where(Move.game == game_id).count(),
                Snapshot.get(Snapshot.game == game_id).version)
    assert landed == [201] and api.game(game_id, players[0])["version"] == version + 1
    return seen


def test_verify_reads_one_moment_while_a_move_lands(api, alice_bob):
    assert moves_seen_with_a_move_landing_midway(api, alice_bob) == (2, 2, 2)


def play_real(api, players, count, config):
    """A game of a ruleset every process knows (--jobs replays in new processes, which have
    not registered the tests' toy game)."""
    from core import games
    from core.rng import Rng
    from tests.server.test_mail_story import play_random

    game = api.start_game(players, "castle-assault", {"first-player": 0})
    play_random(api, game, players, games["castle-assault"], Rng(f"verify {game}"), count, config)
    assert api.game(game, players[0])["version"] == count
    return game


def test_verify_with_jobs_agrees_on_honest_games(api, alice_bob, config):
    """--jobs replays in several processes and says what one process says."""
    for count in (2, 3, 1, 4):
        play_real(api, alice_bob, count, config)
    single = CliRunner().invoke(server, ["verify"], env=env_for(config))
    parallel = CliRunner().invoke(server, ["verify", "--jobs", "2"], env=env_for(config))
    assert single.exit_code == parallel.exit_code == 0, parallel.output
    assert "checked 4 game(s), 10 move(s): all agree" in parallel.output
    assert parallel.output == single.output


def test_verify_with_jobs_still_finds_a_corrupted_game(api, alice_bob, config):
    """A forged move in one game among several: named, with the same exit code as without --jobs."""
    games = [play_real(api, alice_bob, 4, config) for _ in range(5)]
    forged = games[3]
    forge_move(config, forged, 2, "created", "2020-01-01 00:00:00")
    single = verify(config)
    parallel = verify(config, "--jobs", "3")
    assert single.exit_code == parallel.exit_code == 1
    assert f"game {forged}: 3 problem(s)\n  move 2: the hash chain is broken" in parallel.output
    assert not any(f"game {other}:" in parallel.output for other in games if other != forged)
    assert "checked 5 game(s), 20 move(s): 1 disagree" in parallel.output
    assert parallel.output == single.output


def test_a_snapshot_spelled_differently_but_equal_is_no_disagreement(api, alice_bob, config):
    """verify compares the snapshot's text with the replayed state's canonical JSON first; a
    snapshot holding the same state in other spelling is still checked by its meaning."""
    import hashlib

    game = play_some(api, alice_bob, 4)
    path = config["DATABASE_URL"].removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:
        state = json.loads(db.execute("SELECT state FROM snapshots WHERE game_id = ?", (game,)).fetchone()[0])
        spelled = json.dumps(state, indent=2)
        db.execute("UPDATE snapshots SET state = ?, state_hash = ? WHERE game_id = ?",
                   (spelled, hashlib.sha256(spelled.encode()).hexdigest(), game))
    result = CliRunner().invoke(server, ["verify"], env=env_for(config))
    assert result.exit_code == 0, result.output


def test_a_move_whose_payload_is_not_json_is_reported_not_fatal(api, alice_bob, config):
    honest = play_some(api, alice_bob, 3)
    broken = play_some(api, alice_bob, 3)
    forge_move(config, broken, 1, "payload", '{"play":')
    result = verify(config)
    assert result.exit_code == 1
    assert f"game {broken}:" in result.output and f"game {honest}:" not in result.output
    assert "move 1" in result.output


def test_verify_reports_an_edit_to_what_readers_see_beside_the_chain(api, alice_bob, config):
    """The chain covers the move, its seat, time and state, not the columns a reader's log is made
    of: a move made public (another seat then sees a face-down card's move), a text changed to
    'resign', or events that cannot be read all passed verify. Each is named now."""
    game = play_some(api, alice_bob, 6)
    assert "all agree" in verify(config).output
    forge_move(config, game, 1, "public", 0)
    forge_move(config, game, 2, "text", "resign")
    forge_move(config, game, 3, "events", "not json")
    result = verify(config)
    assert result.exit_code == 1, result.output
    assert "move 1: it is stored as private, but the rules make it public" in result.output
    assert "move 2: its shown text 'resign' is not its move's notation" in result.output
    assert "move 3: its events or prompts cannot be read" in result.output


def test_a_snapshot_edited_by_hand_is_neither_shown_nor_played_on(api, alice_bob, config, caplog):
    """A snapshot whose text no longer matches its hash (written by hand, or torn) was read as
    the position: the game was shown from it, played on from it, or failed as 'an engine bug'. It
    is refused as 500 state-mismatch, with a log line, until the operator has looked."""
    from server.store import state_cache

    game = play_some(api, alice_bob, 4)
    path = config["DATABASE_URL"].removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:
        db.execute("UPDATE snapshots SET state = ? WHERE game_id = ?", (json.dumps({"garbage": 1}), game))
    state_cache.clear()  # (this process had the position in memory: another one would read the row)
    shown = api.call("GET", f"/games/{game}", alice_bob[0])
    assert shown.status_code == 500 and shown.json["error"]["code"] == "state-mismatch"
    mover = alice_bob[0]
    played = api.call("PUT", f"/games/{game}/moves/4", mover, json={"move": {"play": "t0"}})
    assert played.status_code == 500 and played.json["error"]["code"] == "state-mismatch"
    assert "does not match its own hash" in caplog.text

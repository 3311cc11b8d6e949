"""Herald behind PgBouncer in transaction pooling, as deploy/pgbouncer.md sets it up: a real
PostgreSQL, a real PgBouncer on 127.0.0.1 (`pool_mode = transaction`, 2 server connections
for as many clients as come), and a server (gunicorn with the shipped settings, 2 workers of
10 pooled connections each) whose requests go through PgBouncer while its waiters' notifier
LISTENs on PostgreSQL directly (`HERALD_WAIT_DATABASE_URL`).

Transaction pooling hands each transaction whichever server connection is free, so nothing
may stay on a connection between two: no session SET, no server-side prepared statement, no
session advisory lock. The moves, the race for one seq, the long-poll and `verify` (a
REPEATABLE READ snapshot) all pass through it here.

Skipped, saying which, where PostgreSQL, pgbouncer or gunicorn is missing.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.server.live import Background, race_across

ROOT = Path(__file__).resolve().parents[2]
RULESET = "castle-assault"
SERVER_CONNECTIONS = 2  # PgBouncer's default_pool_size here: far fewer than the clients

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("pgbouncer")]


@pytest.fixture(scope="module")
def bouncer(postgres):
    from tests.server.pgbouncer import start_or_skip

    server = start_or_skip(postgres.port, pool_mode="transaction", pool_size=SERVER_CONNECTIONS)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def herald(postgres, bouncer, tmp_path_factory):
    """(port, settings) of a Herald server whose pool goes through PgBouncer, its waiters direct."""
    pytest.importorskip("gunicorn", reason="gunicorn is not installed: the server runs as deploy/ ships it")
    from tests.server.gunicorn_live import shipped_gunicorn

    direct = postgres.new_database()
    settings = {"HERALD_DATABASE_URL": bouncer.url_for(direct), "HERALD_WAIT_DATABASE_URL": direct,
                "HERALD_POOL_SIZE": "10", "HERALD_PREPARED_STATEMENTS": "0"}
    with shipped_gunicorn(tmp_path_factory.mktemp("pgbouncer"), workers=2, env=settings) as (port, _):
        yield port, settings


def call(port, method, path, body=None, token=None):
    from tests.server.gunicorn_live import call as gunicorn_call

    return gunicorn_call(port, method, path, body, token)


def players_and_game(port: int, names: tuple[str, str]) -> tuple[int, dict[int, dict]]:
    players = []
    for name in names:
        status, player = call(port, "POST", "/players", {"name": name, "email": f"{name}@example.org"})
        assert status == 201, player
        players.append(player)
    status, game = call(port, "POST", "/games", {"ruleset": RULESET, "seats": 2, "options": {"first-player": 0}},
                        players[0]["token"])
    assert status == 201, game
    for player, invite in zip(players, game["invites"]):
        status, joined = call(port, "POST", "/games/join", {"invite": invite["code"]}, player["token"])
        assert status == 200, joined
    return game["id"], dict(enumerate(players))


def asked(port: int, game: int, seats: dict[int, dict]) -> tuple[int, int] | None:
    """(the seat asked now, the version), or None once the game is over: a reaction is shown
    only to the seat that reacts."""
    for seat, player in seats.items():
        status, detail = call(port, "GET", f"/games/{game}", token=player["token"])
        assert status == 200, detail
        if detail["status"] == "finished":
            return None
        if seat in [p["seat"] for p in detail["prompted"]]:
            return seat, detail["version"]
    raise AssertionError(f"no seat of game {game} is asked anything")


def legal_moves(port: int, game: int, player: dict) -> list:
    status, legal = call(port, "GET", f"/games/{game}/legal", token=player["token"])
    assert status == 200, legal
    return [m["move"] for m in legal["moves"] if "move" in m]


def play(port: int, game: int, seats: dict[int, dict], count: int) -> int:
    """Up to `count` first legal moves, fewer where the game ends first (about one deal in a
    hundred: the first legal moves can take a castle by move 10): the moves played."""
    for played in range(count):
        found = asked(port, game, seats)
        if found is None:
            return played
        seat, version = found
        status, answer = call(port, "PUT", f"/games/{game}/moves/{version}",
                              {"move": legal_moves(port, game, seats[seat])[0]}, seats[seat]["token"])
        assert status == 201 and answer["version"] == version + 1, answer
    return count


def test_moves_go_through_pgbouncer_and_verify_reads_them_back(herald, bouncer):
    port, settings = herald
    game, seats = players_and_game(port, ("ada", "bea"))
    played = play(port, game, seats, 12)
    status, log = call(port, "GET", f"/games/{game}/moves", token=seats[0]["token"])
    assert status == 200 and [m["seq"] for m in log["moves"]] == list(range(played)) and played >= 10
    database = settings["HERALD_WAIT_DATABASE_URL"].rsplit("/", 1)[1]
    [pool] = [p for p in bouncer.admin("SHOW POOLS") if p["database"] == database]
    assert pool["pool_mode"] == "transaction"
    [stats] = [s for s in bouncer.admin("SHOW STATS") if s["database"] == database]
    assert stats["total_xact_count"] > played  # the requests' transactions went through PgBouncer
    servers = [s for s in bouncer.admin("SHOW SERVERS") if s["database"] == database]
    assert len(servers) <= SERVER_CONNECTIONS, servers
    # The operator's `verify` through PgBouncer too: each game read in one REPEATABLE READ snapshot.
    done = subprocess.run([sys.executable, "-c", "from client.cli import main; main()", "server", "verify"],
                          cwd=ROOT, env={**os.environ, **settings, "HERALD_CONFIG": "", "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_long_poll_wakes_when_the_move_commits_through_pgbouncer(herald, record_property):
    port, _ = herald
    game, seats = players_and_game(port, ("cleo", "dirk"))
    waiter = Background(f"http://127.0.0.1:{port}/games/{game}/wait?timeout=60", seats[1]["token"])
    time.sleep(1.0)
    assert waiter.result is None  # asleep, holding no connection of the pool
    status, _ = call(port, "PUT", f"/games/{game}/moves/0", {"move": legal_moves(port, game, seats[0])[0]},
                     seats[0]["token"])
    assert status == 201
    committed = time.monotonic()
    body = waiter.join(30)  # generous, and half the wait's own 60 s: woken, not timed out
    woken_after = time.monotonic() - committed
    record_property("wake_seconds", round(woken_after, 3))
    print(f"waiter woken {woken_after * 1000:.0f} ms after the move's 201 (requests through PgBouncer)")
    assert body["version"] == 1 and 1 in [p["seat"] for p in body["prompted"]]


def test_puts_racing_for_one_seq_through_pgbouncer_accept_exactly_one(herald):
    """More racers than PgBouncer has server connections: the row lock's holder keeps its one
    for its transaction, the others queue in PgBouncer or on the lock; one wins."""
    port, _ = herald
    game, seats = players_and_game(port, ("emma", "finn"))
    assert play(port, game, seats, 3) == 3
    found = asked(port, game, seats)
    assert found is not None
    seat, version = found
    moves = legal_moves(port, game, seats[seat])
    url = f"http://127.0.0.1:{port}/games/{game}/moves/{version}"
    puts = [(url, {"move": moves[i % len(moves)]}) for i in range(8)]
    results = race_across(puts, seats[seat]["token"])
    assert [status for status, _ in results].count(201) == 1, results
    winner = next(body for status, body in results if status == 201)
    for (status, body), (_, sent) in zip(results, puts):
        if status == 200:
            assert sent["move"] == winner["move"] and body == winner
        elif status != 201:
            assert status == 409 and body["error"]["code"] == "seq-taken", body
    status, log = call(port, "GET", f"/games/{game}/moves", token=seats[0]["token"])
    assert status == 200 and log["version"] == version + 1 and log["moves"][-1]["move"] == winner["move"]


def test_without_a_direct_wait_url_waiters_wake_by_the_poll_and_requests_keep_no_notifications(
        postgres, bouncer, tmp_path, toy_game):
    """HERALD_WAIT_DATABASE_URL unset: the notifier's LISTEN goes through PgBouncer, stays on a
    server connection that PgBouncer then lends to requests, and the announcements land there
    (PgBouncer logs "got packet 'A' from server when not linked"). The waiters still wake, by
    the snapshot poll; and the pooled request connections drop the notifications they meet
    instead of keeping them for ever (psycopg2 would)."""
    from server.app import create_app
    from server.config import load_config
    from server.store.db import database
    from tests.server.conftest import Api
    from tests.server.live import serving

    app = create_app(load_config({"HERALD_DATABASE_URL": bouncer.url_for(postgres.new_database()),
                                  "HERALD_PREPARED_STATEMENTS": "0", "HERALD_MAIL_DIR": str(tmp_path / "mail"),
                                  "HERALD_RATELIMIT_ENABLED": "0"}))
    try:
        assert database.obj.prepare is False  # HERALD_PREPARED_STATEMENTS=0, as deploy/pgbouncer.md says
        api = Api(app.test_client())
        players = [api.register("gus"), api.register("hal")]
        with serving(app) as url:
            for _ in range(3):
                game = api.start_game(players)
                waiter = Background(f"{url}/games/{game}/wait?timeout=60", players[1]["token"])
                time.sleep(0.5)
                assert api.play_first_legal(game, players).status_code == 201
                assert waiter.join(30)["version"] == 1  # not the wait's 60 s
                for _ in range(4):
                    assert api.play_first_legal(game, players).status_code == 201
        pooled = [entry[-1] for entry in database.obj._connections]
        assert pooled and all(connection.notifies == [] for connection in pooled)
    finally:
        database.close()

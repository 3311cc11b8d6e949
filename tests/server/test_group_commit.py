"""Group commit (server/store/groupcommit.py): moves that arrive together at one server process
are written in one transaction, each answered as if alone; a refusal stays its own, and a
failure after a move began writing has every move of the batch made again alone.

Each test makes a batch for certain: the first move leads the process's only transaction of
moves and waits on a lock the test holds (the game's row on PostgreSQL, the database's write
lock on SQLite), the others queue behind it, and the lock is let go; the queued moves then go
together, in one transaction (PostgreSQL: their rows share one `xmin`)."""
import logging
import sqlite3
import threading
import time
from contextlib import contextmanager

import psycopg2
import pytest

from server.store import groupcommit
from server.store.verify import verify_all
from server.table import movelog
from tests.server.conftest import Api
from tests.server.live import http_put, serving
from tests.server.conftest import registered
from tests.support.toyversions import BuggyGame

FOLLOWERS = 4


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'herald.db'}"
    return request.getfixturevalue("postgres").new_database()


@pytest.fixture
def gathering(database_url, config, buggy, monkeypatch):
    """A server on `database_url` whose process leads one transaction of moves at a time."""
    from server.app import create_app
    from server.store.db import database

    app = create_app({**config, "DATABASE_URL": database_url})
    monkeypatch.setattr(movelog.MOVES, "leaders", 1)
    monkeypatch.setattr(movelog.MOVES, "batches", {})
    monkeypatch.setattr(groupcommit, "QUEUE_WAIT", 60)  # the queued moves wait to be taken along, however slow
    with serving(app) as url:
        yield Api(app.test_client()), url, database_url
    database.close()


@contextmanager
def held(database_url: str, game_id: int):
    with holding(database_url, game_id):
        yield


@contextmanager
def holding(database_url: str, game_id: int):
    """The lock the first move waits on: the game's row (PostgreSQL), or every write (SQLite)."""
    if database_url.startswith("sqlite"):
        connection = sqlite3.connect(database_url[len("sqlite:///"):], isolation_level=None)
        connection.execute("BEGIN IMMEDIATE")
    else:
        connection = psycopg2.connect(database_url)
        connection.cursor().execute("SELECT id FROM games WHERE id = %s FOR UPDATE", (game_id,))
    try:
        yield
    finally:
        connection.rollback()
        connection.close()


def until(condition, what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting until {what}"
        time.sleep(0.005)


def first_move(api: Api, game_id: int, players: list[dict]) -> tuple[dict, dict]:
    """(who is asked, their first legal move) in a new game."""
    mover = players[api.game(game_id, players[0])["prompted"][0]["seat"]]
    return mover, api.legal(game_id, mover)["moves"][0]["move"]


def first_puts(api: Api, game_ids: list[int], players: list[dict]) -> list[tuple[int, int, dict, dict]]:
    """A (game, seq, player, body) PUT of each game's first legal move, by the seat asked."""
    return [(g, 0, mover, {"move": move}) for g in game_ids for mover, move in [first_move(api, g, players)]]


def putters(url: str, puts: list[tuple[int, int, dict, dict]]) -> tuple[list[threading.Thread], list]:
    """A thread for each (game, seq, player, body) PUT, not yet started, and the list each puts
    its answer in, by its place."""
    answers: list = [None] * len(puts)

    def put(i):
        game_id, seq, player, body = puts[i]
        answers[i] = http_put(f"{url}/games/{game_id}/moves/{seq}", player["token"], body)

    return [threading.Thread(target=put, args=(i,)) for i in range(len(puts))], answers


def gathered(url: str, database_url: str, puts: list[tuple[int, int, dict, dict]],
             meanwhile=lambda: None) -> list[tuple[int, dict]]:
    """PUT the first (game, seq, player, body) while its game is held, so that it leads and
    waits; the others while it waits, so that they queue; then `meanwhile()`, and let go. The
    answers, in order."""
    threads, answers = putters(url, puts)
    with held(database_url, puts[0][0]):
        threads[0].start()
        until(lambda: movelog.MOVES._leading == 1, "the first move leads")
        for thread in threads[1:]:
            thread.start()
        until(lambda: len(movelog.MOVES._queue) == len(puts) - 1, "the others queue")
        meanwhile()
    for thread in threads:
        thread.join(30)
    return answers


def new_games(api: Api, count: int, ruleset: str = "toy-race", players=None) -> tuple[list[dict], list[int]]:
    players = players or [api.register("alice"), api.register("bob")]
    return players, [api.start_game(players, ruleset=ruleset) for _ in range(count)]


def xmins(database_url: str, game_ids: list[int]) -> dict[int, int]:
    """Each game's first move row's inserting transaction (PostgreSQL)."""
    with psycopg2.connect(database_url) as connection, connection.cursor() as cursor:
        cursor.execute("SELECT game_id, xmin::text FROM moves WHERE game_id = ANY(%s) AND seq = 0", (game_ids,))
        return {game: int(xmin) for game, xmin in cursor.fetchall()}


def commands(database_url: str, table: str, key: str, game_ids: list[int]) -> set[int]:
    """The command ids (within their transactions) that last wrote these games' rows of `table`."""
    with psycopg2.connect(database_url) as connection, connection.cursor() as cursor:
        cursor.execute(f"SELECT DISTINCT cmin::text FROM {table} WHERE {key} = ANY(%s)"
                       + (" AND kind = 'turn' AND version > 0" if table == "notifications" else ""),  # (a move's)
                       (game_ids,))
        return {int(row[0]) for row in cursor.fetchall()}


def test_moves_arriving_together_share_one_transaction_and_each_gets_its_answer(gathering):
    api, url, database_url = gathering
    players, game_ids = new_games(api, 1 + FOLLOWERS)
    puts = [(game_id, 0, *first) for game_id in game_ids
            for first in [first_move(api, game_id, players)]]
    answers = gathered(url, database_url, [(g, seq, mover, {"move": move}) for g, seq, mover, move in puts])
    assert [status for status, _ in answers] == [201] * len(puts), answers
    assert movelog.MOVES.batches == {FOLLOWERS: 1}  # the first alone, the others together
    for (game_id, _, mover, move), (_, body) in zip(puts, answers):
        assert body["seq"] == 0 and body["move"] == move and body["version"] == 1
        again = api.call("PUT", f"/games/{game_id}/moves/0", mover, json={"move": move})
        assert again.status_code == 200 and again.json == body  # stored as answered
    assert all(not report.problems for report in verify_all())
    if database_url.startswith("postgres"):
        together = xmins(database_url, game_ids)
        assert len({together[g] for g in game_ids[1:]}) == 1 and together[game_ids[0]] != together[game_ids[1]]
        # each kind of write of the batch's moves went as one statement (server/store/lanes.py):
        # rows written by one statement of a transaction share its command id (cmin)
        for table, key in (("moves", "game_id"), ("snapshots", "game_id"), ("games", "id"),
                           ("notifications", "game_id")):
            assert len(commands(database_url, table, key, game_ids[1:])) == 1, table


def test_a_refusal_in_a_batch_is_that_moves_answer_and_the_others_commit(gathering):
    api, url, database_url = gathering
    players, game_ids = new_games(api, 1 + FOLLOWERS)
    firsts = [first_move(api, game_id, players) for game_id in game_ids]
    puts = [(game_ids[0], 0, firsts[0][0], {"move": firsts[0][1]}),
            (game_ids[1], 0, firsts[1][0], {"move": firsts[1][1]}),
            (game_ids[2], 0, firsts[2][0], {"move": {"play": "no such card"}}),  # illegal
            (game_ids[3], 5, firsts[3][0], {"move": firsts[3][1]}),  # ahead of the game
            (game_ids[4], 0, firsts[4][0], {"move": firsts[4][1]})]
    answers = gathered(url, database_url, puts)
    assert [status for status, _ in answers] == [201, 201, 422, 409, 201], answers
    assert answers[2][1]["error"]["code"] == "illegal-move" and answers[2][1]["error"]["rule"]
    assert answers[3][1]["error"]["code"] == "seq-ahead"
    assert movelog.MOVES.batches == {FOLLOWERS: 1}
    assert versions_of(api, players[0], game_ids) == [1, 1, 0, 0, 1]
    assert all(not report.problems for report in verify_all())


def batch_with_a_bug(gathering, engine, bug: str, at: int, caplog) -> tuple[list, list[int], int, dict]:
    """A batch whose move number `at` (of 1 + FOLLOWERS) is in a game of `engine`, which fails at
    `bug`: (the answers, the games, the bugged game, a player of them all)."""
    api, url, database_url = gathering
    players, game_ids = new_games(api, FOLLOWERS)
    _, (bugged,) = new_games(api, 1, ruleset=engine.name, players=players)
    game_ids.insert(at, bugged)
    firsts = [first_move(api, game_id, players) for game_id in game_ids]
    engine.bug = bug
    caplog.set_level(logging.ERROR)
    answers = gathered(url, database_url, [(g, 0, mover, {"move": move}) for g, (mover, move) in zip(game_ids, firsts)])
    assert answers[at][0] == 500 and answers[at][1]["error"]["code"] == "engine-error", answers
    assert any(f"planted bug in {bug}" in r.getMessage() for r in caplog.records if r.name == "herald.engine")
    return answers, game_ids, bugged, players[0]


def versions_of(api: Api, player: dict, game_ids: list[int]) -> list[int]:
    return [api.game(game_id, player)["version"] for game_id in game_ids]


def test_an_engine_bug_before_writing_is_a_500_and_the_batch_commits(gathering, buggy, caplog):
    answers, game_ids, _, player = batch_with_a_bug(gathering, buggy, "apply", 2, caplog)
    assert [status for status, _ in answers] == [201, 201, 500, 201, 201], answers
    assert movelog.MOVES.batches == {FOLLOWERS: 1}
    assert versions_of(gathering[0], player, game_ids) == [1, 1, 0, 1, 1]


class DescribedWrong(BuggyGame):
    """A bug after the move began writing: describing an accepted move fails."""

    name = "toy-described-wrong"

    def format(self, move):
        if self.bug == "format":
            raise ZeroDivisionError("planted bug in format")
        return super().format(move)


@pytest.fixture
def described_wrong(toy_game):
    with registered(DescribedWrong()) as engine:
        yield engine


def test_a_failure_after_writing_began_makes_every_move_of_the_batch_again_alone(gathering, described_wrong,
                                                                                  caplog):
    answers, game_ids, bugged, player = batch_with_a_bug(gathering, described_wrong, "format", 3, caplog)
    assert [status for status, _ in answers] == [201, 201, 201, 500, 201], answers
    assert movelog.MOVES.batches == {}  # the batch rolled back: every move went alone
    assert versions_of(gathering[0], player, game_ids) == [1, 1, 1, 0, 1]
    assert all(not report.problems for report in verify_all())
    database_url = gathering[2]
    if database_url.startswith("postgres"):
        alone = xmins(database_url, [g for g in game_ids if g != bugged])
        assert len(set(alone.values())) == len(alone)
        until(lambda: not lane_connections(database_url), "the failed batch's lane connection is closed")


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)  # (SQLite locks the whole database)
def test_a_game_held_by_another_transaction_goes_alone_and_the_batch_commits(gathering):
    """A batch never waits on a lock: it skips a game another transaction holds (SKIP LOCKED),
    whose move then goes alone and waits for it, while the others commit together."""
    api, url, database_url = gathering
    players, game_ids = new_games(api, 4)
    puts = first_puts(api, game_ids, players)
    threads, answers = putters(url, puts)
    with holding(database_url, game_ids[1]):
        with held(database_url, game_ids[0]):
            threads[0].start()
            until(lambda: movelog.MOVES._leading == 1, "the first move leads")
            for thread in threads[1:]:
                thread.start()
            until(lambda: len(movelog.MOVES._queue) == 3, "the others queue")
        threads[2].join(30)
        threads[3].join(30)
        assert [answers[i][0] for i in (0, 2, 3)] == [201, 201, 201], answers
        assert answers[1] is None  # still waiting for its game, alone
    threads[1].join(30)
    assert answers[1][0] == 201, answers
    assert movelog.MOVES.batches == {2: 1}
    together = xmins(database_url, game_ids)
    assert together[game_ids[2]] == together[game_ids[3]] != together[game_ids[1]]


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)  # (on SQLite every move waits anyway)
def test_a_move_waiting_on_a_lock_holds_up_no_other_game_for_long(gathering, monkeypatch):
    """A move that leads alone and waits for its game's lock (a stuck transaction elsewhere)
    does not keep the moves queued behind it waiting: after QUEUE_WAIT they go alone."""
    api, url, database_url = gathering
    monkeypatch.setattr(groupcommit, "QUEUE_WAIT", 0.2)
    players, game_ids = new_games(api, 4)
    puts = first_puts(api, game_ids, players)
    threads, answers = putters(url, puts)
    with held(database_url, game_ids[0]):
        threads[0].start()
        until(lambda: movelog.MOVES._leading == 1, "the first move leads")
        started = time.monotonic()
        for thread in threads[1:]:
            thread.start()
        for thread in threads[1:]:
            thread.join(30)
        waited = time.monotonic() - started
        assert [answers[i][0] for i in (1, 2, 3)] == [201, 201, 201], answers
        assert answers[0] is None and waited < 5, waited  # the stuck game's move still waits; the rest did not
    threads[0].join(30)
    assert answers[0][0] == 201


def lane_connections(database_url: str) -> list[tuple[int, str]]:
    """(backend pid, its last statements) of each lane's connection to the test's database."""
    with psycopg2.connect(database_url) as connection, connection.cursor() as cursor:
        cursor.execute("SELECT pid, query FROM pg_stat_activity WHERE datname = current_database() "
                       "AND application_name LIKE 'herald lane %%'")
        return cursor.fetchall()


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_batches_run_on_their_lanes_connection_whichever_request_leads(gathering):
    """A batch runs on its lane's connection, kept by the process (server/store/lanes.py), not on
    its leader's request's: batches led by different requests commit on one backend."""
    api, url, database_url = gathering
    players, game_ids = new_games(api, 2 * (1 + FOLLOWERS))
    backends = []
    for games in (game_ids[:1 + FOLLOWERS], game_ids[1 + FOLLOWERS:]):
        puts = first_puts(api, games, players)
        answers = gathered(url, database_url, puts)
        assert [status for status, _ in answers] == [201] * len(puts), answers
        (pid, last), = lane_connections(database_url)
        assert "EXECUTE herald_" in last, last  # the batch's writes (the text is cut at 1 KB)
        backends.append(pid)
    assert movelog.MOVES.batches == {FOLLOWERS: 2}
    assert backends[0] == backends[1]
    assert all(not report.problems for report in verify_all())
    from server.store.db import database

    database.obj.close_all()  # the pool closes, and the lanes with it
    until(lambda: not lane_connections(database_url), "the lane's connection is closed")


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_lane_whose_backend_was_ended_is_opened_again_before_its_batch(gathering, caplog):
    """A lane's connection PostgreSQL has ended while it was idle (pg_terminate_backend, a
    restart, idle_session_timeout) is replaced before its next batch, which then commits as
    one, instead of failing and sending each move again alone."""
    api, url, database_url = gathering
    players, game_ids = new_games(api, 2 * (1 + FOLLOWERS))
    caplog.set_level(logging.WARNING)
    for number, games in enumerate((game_ids[:1 + FOLLOWERS], game_ids[1 + FOLLOWERS:])):
        if number:
            (pid, _), = lane_connections(database_url)
            with psycopg2.connect(database_url) as connection, connection.cursor() as cursor:
                cursor.execute("SELECT pg_terminate_backend(%s)", (pid,))
            until(lambda: not lane_connections(database_url), "the lane's backend has ended")
        puts = first_puts(api, games, players)
        answers = gathered(url, database_url, puts)
        assert [status for status, _ in answers] == [201] * len(puts), answers
    assert movelog.MOVES.batches == {FOLLOWERS: 2}
    assert not [r for r in caplog.records if "gathered moves failed" in r.getMessage()]
    (pid_after, _), = lane_connections(database_url)
    assert pid_after != pid


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_batch_reads_the_states_it_lacks_at_once_and_its_writes_still_go_merged(gathering):
    """A batch whose games' states this process has not cached (another worker played their
    last moves) reads them all before its first move (state_cache.prefetch): no move reads
    between the others' writes, which go as one statement per kind."""
    from server.store import state_cache

    api, url, database_url = gathering
    players, game_ids = new_games(api, 1 + FOLLOWERS)
    answers = gathered(url, database_url, first_puts(api, game_ids, players),
                       meanwhile=state_cache.clear)  # as if another worker had made their games' last moves
    assert [status for status, _ in answers] == [201] * len(game_ids), answers
    assert movelog.MOVES.batches == {FOLLOWERS: 1}
    for table, key in (("moves", "game_id"), ("snapshots", "game_id"), ("games", "id")):
        assert len(commands(database_url, table, key, game_ids[1:])) == 1, table
    assert all(not report.problems for report in verify_all())


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_snapshot_the_batch_cannot_trust_is_that_moves_refusal_alone(gathering, caplog):
    """The batch's read of the states it lacks leaves out a snapshot whose text does not match
    its hash: that move's own read refuses it (500 `state-mismatch`, logged), the others commit."""
    from server.store import state_cache

    api, url, database_url = gathering
    players, game_ids = new_games(api, 1 + FOLLOWERS)
    caplog.set_level(logging.ERROR)

    def tamper():
        with psycopg2.connect(database_url) as connection, connection.cursor() as cursor:
            cursor.execute("UPDATE snapshots SET state_hash = repeat('0', 64) WHERE game_id = %s", (game_ids[2],))
        state_cache.clear()

    answers = gathered(url, database_url, first_puts(api, game_ids, players), meanwhile=tamper)
    assert [status for status, _ in answers] == [201, 201, 500, 201, 201], answers
    assert answers[2][1]["error"]["code"] == "state-mismatch"
    assert movelog.MOVES.batches == {FOLLOWERS: 1}  # (the refused move was in it, and wrote nothing)
    assert any("does not match its own hash" in r.getMessage() for r in caplog.records)

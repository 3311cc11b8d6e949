"""GET /games/{id}/wait: woken by the process's notifier, with no query of its own while it waits."""
import logging
import threading
import time

import pytest

from tests.server.live import Background, http_put, serving


class QueryCounter(logging.Handler):
    """Counts the SQL statements peewee runs, per thread name (the notifier's own polling
    goes to the driver directly and is not counted)."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.by_thread = {}

    def emit(self, record):
        name = threading.current_thread().name
        self.by_thread[name] = self.by_thread.get(name, 0) + 1

    def requests(self) -> int:
        return sum(self.by_thread.values())


@pytest.fixture
def queries():
    logger = logging.getLogger("peewee")
    counter, level = QueryCounter(), logger.level
    logger.addHandler(counter)
    logger.setLevel(logging.DEBUG)
    yield counter
    logger.removeHandler(counter)
    logger.setLevel(level)


def idle_and_mover(api, game, players):
    detail = api.game(game, players[0])
    mover = detail["prompted"][0]["seat"]
    return players[1 - mover], players[mover]


def test_a_waiter_is_woken_by_the_move_that_prompts_it(app, api, alice_bob):
    game = api.start_game(alice_bob)
    idle, mover = idle_and_mover(api, game, alice_bob)
    with serving(app) as url:
        waiter = Background(f"{url}/games/{game}/wait?timeout=60", idle["token"])
        time.sleep(0.3)  # let it register and fall asleep
        assert waiter.result is None
        move = api.legal(game, mover)["moves"][0]["move"]
        status, answer = http_put(f"{url}/games/{game}/moves/0", mover["token"], {"move": move})
        assert status == 201
        body = waiter.join()
    idle_seat = alice_bob.index(idle)
    assert body["version"] == 1 and body["my_seat"] == idle_seat
    assert [p["seat"] for p in body["prompted"]] == [idle_seat] == [p["seat"] for p in answer["prompted"]]


def test_a_waiting_request_makes_no_query_and_ignores_other_games(app, api, alice_bob, queries):
    watched = api.start_game(alice_bob)
    other = api.start_game(alice_bob)
    idle, _ = idle_and_mover(api, watched, alice_bob)
    with serving(app) as url:
        waiter = Background(f"{url}/games/{watched}/wait?timeout=3", idle["token"])
        time.sleep(0.5)
        before = queries.requests()
        for _ in range(3):  # moves in another game wake the notifier, not this waiter
            assert api.play_first_legal(other, alice_bob).status_code == 201
        moves_made = queries.requests() - before
        time.sleep(1.0)
        during = queries.requests() - before - moves_made
        body = waiter.join()
    assert during == 0, queries.by_thread  # the old long-poll read the games row 4 times a second
    assert body["version"] == 0 and alice_bob.index(idle) not in [p["seat"] for p in body["prompted"]]


def test_a_waiter_returns_at_once_when_already_prompted_or_the_game_is_over(app, api, alice_bob):
    game = api.start_game(alice_bob, options={"target": 15})
    _, mover = idle_and_mover(api, game, alice_bob)
    started = time.monotonic()
    assert api.call("GET", f"/games/{game}/wait?timeout=60", mover).status_code == 200
    while api.game(game, alice_bob[0])["status"] == "active":
        assert api.play_first_legal(game, alice_bob).status_code == 201
    for player in alice_bob:
        assert api.call("GET", f"/games/{game}/wait?timeout=60", player).json["status"] == "finished"
    assert time.monotonic() - started < 30  # none of the three waited out its 60 s


def woken_by_a_move(app) -> float:
    """The idle player of a new game waits on a real server; the other moves: the waiter wakes
    with move 1 and the idle seat asked. The seconds from the move to the wake."""
    from tests.server.conftest import Api

    api = Api(app.test_client())
    players = [api.register("alice"), api.register("bob")]
    game = api.start_game(players)
    idle, mover = idle_and_mover(api, game, players)
    with serving(app) as url:
        waiter = Background(f"{url}/games/{game}/wait?timeout=60", idle["token"])
        time.sleep(0.3)
        assert api.play_first_legal(game, players).status_code == 201
        moved = time.monotonic()
        body = waiter.join()
        woke = time.monotonic() - moved
    assert body["version"] == 1 and [p["seat"] for p in body["prompted"]] == [players.index(idle)]
    return woke


def test_postgres_waiters_are_woken_by_the_notifier(postgres_app, toy_game):
    """PostgreSQL: the notifier sees the commit (pg_current_snapshot) and reads the game."""
    woken_by_a_move(postgres_app)


def test_postgres_waiters_are_woken_by_the_poll_alone(postgres_app, toy_game, monkeypatch):
    """No announcement (a deadline's move, a lost NOTIFY, LISTEN through PgBouncer): the
    notifier's snapshot poll still sees the commit, within a poll or two."""
    from server.store import announcements
    monkeypatch.setattr(announcements, "announce", lambda game_id: None)
    assert woken_by_a_move(postgres_app) < 5  # seconds after the move, not the wait's 60


def test_the_notifier_uses_its_own_database_url_when_one_is_set(postgres, tmp_path, toy_game):
    """HERALD_WAIT_DATABASE_URL: behind PgBouncer's transaction pooling the notifier's LISTEN
    needs PostgreSQL directly, while requests go through PgBouncer."""
    from server.app import create_app
    from server.config import load_config
    from server.store import longpoll as waiting
    from server.store.db import database
    from tests.server.conftest import Api

    url = postgres.new_database()
    direct = url + "?application_name=herald-waiters"
    app = create_app(load_config({"HERALD_DATABASE_URL": url, "HERALD_WAIT_DATABASE_URL": direct,
                                  "HERALD_MAIL_DIR": str(tmp_path / "mail")}))
    try:
        api = Api(app.test_client())
        players = [api.register("alice"), api.register("bob")]
        game = api.start_game(players)
        idle, _ = idle_and_mover(api, game, players)
        assert api.call("GET", f"/games/{game}/wait?timeout=1", idle).status_code == 200
        assert waiting.notifier_for(direct).thread is not None and not waiting.notifier_for(url).waiters
    finally:
        database.close()


class Listener:
    """A connection LISTENing on `herald_games`, as every process's notifier does, and waiting
    on `watching` (their watched_games marks written as a waiting request writes its game's)."""

    def __init__(self, url: str, watching=()):
        import psycopg2

        from server.store.longpoll import MARK

        self.connection = psycopg2.connect(url)
        self.connection.autocommit = True
        for game in watching:
            self.connection.cursor().execute(MARK, (game, game, 60))
        self.connection.cursor().execute("LISTEN herald_games")
        self.heard: set[str] = set()

    def hears(self, *games, seconds: float = 5) -> bool:
        """Whether every one of `games` is announced within `seconds` (or was already)."""
        import select

        wanted, deadline = {str(game) for game in games}, time.monotonic() + seconds
        while not wanted <= self.heard and time.monotonic() < deadline:
            if select.select([self.connection], [], [], 0.5)[0]:
                self.connection.poll()
                self.heard |= {g for n in self.connection.notifies for g in n.payload.split(",")}
                self.connection.notifies.clear()
        return wanted <= self.heard

    def close(self) -> None:
        self.connection.close()


def test_a_move_is_announced_after_its_commit_not_by_it(postgres_app, toy_game):
    """The move's own transaction sends nothing (no trigger, no NOTIFY); the process's
    announcer sends the game id on `herald_games` once the move has committed."""
    from tests.server.conftest import Api

    api = Api(postgres_app.test_client())
    players = [api.register("alice"), api.register("bob")]
    game = api.start_game(players)
    time.sleep(0.1)  # (the join's announcement gone)
    listener = Listener(postgres_app.config["DATABASE_URL"], watching=[game])
    cursor = listener.connection.cursor()
    cursor.execute("SELECT tgname FROM pg_trigger WHERE tgrelid = 'games'::regclass AND NOT tgisinternal")
    assert cursor.fetchall() == []
    assert api.play_first_legal(game, players).status_code == 201
    assert listener.hears(game)
    listener.close()


def test_a_move_of_a_game_nobody_waits_on_is_not_announced_and_a_waiter_marks_its_game(postgres_app, toy_game):
    """An announcement costs PostgreSQL a transaction, about as much as a move: a game no
    waiting request has marked watched is not announced. A waiting request marks its game
    (until a while after its timeout) before it looks at it, once for several waits, and the
    game's moves are announced from then on."""
    from server.store.longpoll import MARK
    from tests.server.conftest import Api

    api = Api(postgres_app.test_client())
    players = [api.register("alice"), api.register("bob")]
    game = api.start_game(players)
    time.sleep(0.1)  # (the join's announcement gone)
    listener = Listener(postgres_app.config["DATABASE_URL"])
    assert api.play_first_legal(game, players).status_code == 201
    assert not listener.hears(game, seconds=0.5)
    marks = listener.connection.cursor()
    marks.execute("SELECT count(*) FROM watched_games")
    assert marks.fetchone() == (0,)

    idle, _ = idle_and_mover(api, game, players)
    assert api.call("GET", f"/games/{game}/wait?timeout=1", idle).status_code == 200  # (times out: not its turn)
    marks.execute("SELECT game_id, until - (now() AT TIME ZONE 'UTC') FROM watched_games")
    (marked, left), = marks.fetchall()
    assert marked == game and 100 < left.total_seconds() <= 121
    marks.execute("DELETE FROM watched_games")  # (taken away behind the process's back)
    assert api.call("GET", f"/games/{game}/wait?timeout=1", idle).status_code == 200
    marks.execute("SELECT count(*) FROM watched_games")
    assert marks.fetchone() == (0,)  # the process knew its mark still held: not written again
    marks.execute(MARK, (game, game, 60))
    assert api.play_first_legal(game, players).status_code == 201
    assert listener.hears(game)
    listener.close()


def test_the_last_move_repeated_is_announced_again(postgres_app, toy_game):
    """A PUT that repeats the game's last move (its client never heard the first answer, which
    may have been lost with its announcement: a connection gone as its commit was answered)
    is answered as before and announced again, so that other servers' waiters wake now."""
    from tests.server.conftest import Api

    api = Api(postgres_app.test_client())
    players = [api.register("alice"), api.register("bob")]
    game = api.start_game(players)
    first = api.play_first_legal(game, players)
    assert first.status_code == 201
    time.sleep(0.2)  # (its announcement sent, WINDOW after its commit, before anyone listens)
    listener = Listener(postgres_app.config["DATABASE_URL"])
    assert not listener.hears(game, seconds=0.3)
    mover = players[first.json["seat"]]  # (play_first_legal's: seat n is players[n])
    again = api.call("PUT", f"/games/{game}/moves/{first.json['seq']}", mover, json={"move": first.json["move"]})
    assert again.status_code == 200 and again.json == first.json
    assert listener.hears(game)
    listener.close()


def test_a_wait_whose_mark_cannot_be_written_still_waits(postgres_app, toy_game, caplog):
    """The watched mark is a hint: where it cannot be written (here its table is gone), the
    wait goes on, answered at its timeout, with a warning logged (the poll would still wake it:
    test_postgres_waiters_are_woken_by_the_poll_alone)."""
    from tests.server.conftest import Api

    api = Api(postgres_app.test_client())
    players = [api.register("alice"), api.register("bob")]
    game = api.start_game(players)
    listener = Listener(postgres_app.config["DATABASE_URL"])
    listener.connection.cursor().execute("ALTER TABLE watched_games RENAME TO watched_elsewhere")
    idle, _ = idle_and_mover(api, game, players)
    with caplog.at_level(logging.WARNING, logger="server.store.longpoll"):
        assert api.call("GET", f"/games/{game}/wait?timeout=1", idle).status_code == 200
    assert "could not mark game" in caplog.text
    listener.connection.cursor().execute("ALTER TABLE watched_elsewhere RENAME TO watched_games")
    listener.close()


def test_a_join_under_an_idempotency_key_is_announced_once_it_commits(postgres_app, toy_game):
    """A request under an Idempotency-Key runs in a transaction of its own around the join:
    the game's start is announced when that commits (it was not announced at all, and other
    servers' waiters woke at their poll); a join refused, whose transaction rolls back,
    announces nothing."""
    from tests.server.conftest import Api

    api = Api(postgres_app.test_client())
    alice, bob = api.register("alice"), api.register("bob")
    created = api.call("POST", "/games", alice, json={"ruleset": "toy-race", "seats": 2, "options": {}})
    game, invites = created.json["id"], created.json["invites"]
    assert api.call("POST", "/games/join", alice, json={"invite": invites[0]["code"]}).status_code == 200
    time.sleep(0.1)  # (anything announced so far gone)
    listener = Listener(postgres_app.config["DATABASE_URL"])
    refused = api.call("POST", "/games/join", bob, json={"invite": "no-such-code"},
                       headers={"Idempotency-Key": "join-refused"})
    assert refused.status_code >= 400 and not listener.hears(game, seconds=0.3)
    joined = api.call("POST", "/games/join", bob, json={"invite": invites[1]["code"]},
                      headers={"Idempotency-Key": "join-1"})
    assert joined.status_code == 200 and listener.hears(game)
    listener.close()


def test_an_announcer_sends_each_id_once_with_those_offered_meanwhile():
    """A request hands its game id to its process's announcer and goes on; the announcer's thread
    sends it, with every id offered while the last send was on its way, each once; with nothing
    to send for a while its thread stops, and the next id starts another."""
    from server.store.announcements import Announcer

    sends: list[list[int]] = []
    first_send, go_on, released = threading.Event(), threading.Event(), threading.Event()

    def send(ids):
        sends.append(ids)
        first_send.set()
        go_on.wait(5)  # the first send is on its way until the test lets it go

    announcer = Announcer(send, released.set, idle=0.2)
    announcer.offer(7)
    assert first_send.wait(5) and sends == [[7]]
    for game in (3, 9, 3):  # offered while [7] is on its way: one send after it, 3 once
        announcer.offer(game)
    go_on.set()
    deadline = time.monotonic() + 5
    while len(sends) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert sends == [[7], [3, 9]]
    thread = announcer.thread
    assert thread is not None
    thread.join(5)  # nothing more to send: it stops after its idle time, its connection released
    assert not thread.is_alive() and announcer.thread is None and released.is_set()
    announcer.offer(4)
    while len(sends) < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert sends[2] == [4] and announcer.thread is not thread


def test_moves_made_together_are_all_announced(postgres_app, toy_game):
    """Eight games moved at once from eight threads of one process: each game's id is heard on
    `herald_games`, whichever request's announcement carried it."""
    from tests.server.conftest import Api

    api = Api(postgres_app.test_client())
    pair = [api.register("alice"), api.register("bob")]
    games = [(api.start_game(pair), pair) for _ in range(8)]
    listener = Listener(postgres_app.config["DATABASE_URL"], watching=[game for game, _ in games])
    start = threading.Barrier(len(games))
    answers: list[int] = []

    def move(game, pair):
        mover = Api(postgres_app.test_client())
        start.wait()
        answers.append(mover.play_first_legal(game, pair).status_code)

    threads = [threading.Thread(target=move, args=game) for game in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [201] * len(games)
    assert listener.hears(*(game for game, _ in games))
    listener.close()


def test_an_announcer_whose_connection_went_announces_on_a_fresh_one(postgres_app, toy_game, caplog):
    """The pool closes the announcer's connection under it (as a database restart would): the
    next move's announcement goes out on a new connection, heard, with no warning logged."""
    from server.store.db import database
    from tests.server.conftest import Api

    api = Api(postgres_app.test_client())
    pair = [api.register("alice"), api.register("bob")]
    games = [api.start_game(pair) for _ in range(2)]
    listener = Listener(postgres_app.config["DATABASE_URL"], watching=games)
    assert api.play_first_legal(games[0], pair).status_code == 201 and listener.hears(games[0])
    database.obj.close_all()  # every pooled connection, the announcer's among them
    with caplog.at_level(logging.WARNING, logger="server.store.announcements"):
        assert api.play_first_legal(games[1], pair).status_code == 201 and listener.hears(games[1])
    listener.close()
    assert not [r for r in caplog.records if r.name == "server.store.announcements"]


def test_a_process_that_ends_at_once_still_announces_its_move(postgres, tmp_path):
    """A one-shot command (`herald read-mail` answering a move by mail) ends within the
    announcer's window: what it holds is sent as the process exits."""
    import subprocess
    import sys

    url = postgres.new_database()
    listener = Listener(url)
    script = ("import sys; from server.store.db import open_database; from server.store import announcements; "
              "open_database(sys.argv[1]); announcements.announce(4242)")
    subprocess.run([sys.executable, "-c", script, url], check=True, timeout=60)
    assert listener.hears(4242)
    listener.close()


@pytest.fixture
def postgres_app(postgres, tmp_path, toy_game):
    from server.app import create_app
    from server.config import load_config
    from server.store.db import database

    app = create_app(load_config({"HERALD_DATABASE_URL": postgres.new_database(),
                                  "HERALD_MAIL_DIR": str(tmp_path / "mail")}))
    yield app
    database.close()


def wake_across(call, created_on: int, joined_on: int, waiting_on: int, moved_on: int, wait_for: float):
    """A two-player game created and joined through the given servers' ports; Ben's long-poll
    on `waiting_on` must still be asleep after a second, then Ana's first move goes through
    `moved_on`. (Ben's wait answer, seconds from the move's 201 to it.)"""
    players = [call(created_on, "POST", "/players", {"name": n, "email": f"{n}@example.org"})[1] for n in ("ana", "ben")]
    game = call(created_on, "POST", "/games", {"ruleset": "castle-assault", "seats": 2,
                                               "options": {"first-player": 0}}, players[0]["token"])[1]
    for player, invite in zip(players, game["invites"]):
        assert call(joined_on, "POST", "/games/join", {"invite": invite["code"]}, player["token"])[0] == 200
    waiter = Background(f"http://127.0.0.1:{waiting_on}/games/{game['id']}/wait?timeout=60", players[1]["token"])
    time.sleep(1.0)
    assert waiter.result is None
    legal = call(moved_on, "GET", f"/games/{game['id']}/legal", token=players[0]["token"])[1]
    move = next(m["move"] for m in legal["moves"] if "move" in m)
    assert call(moved_on, "PUT", f"/games/{game['id']}/moves/0", {"move": move}, players[0]["token"])[0] == 201
    committed = time.monotonic()
    body = waiter.join(wait_for)
    return body, time.monotonic() - committed


def test_a_move_through_one_server_process_wakes_a_waiter_in_another(tmp_path):
    """Two gunicorn servers (shipped settings) on one SQLite file: the waiter sleeps in one,
    the move lands through the other; its notifier sees the commit (data_version). The same
    on PostgreSQL, with the rest of a cluster: tests/server/test_two_servers.py."""
    pytest.importorskip("gunicorn", reason="runs the shipped gunicorn settings")
    from tests.server.gunicorn_live import call, shipped_gunicorn

    with shipped_gunicorn(tmp_path, workers=1) as (one, _), shipped_gunicorn(tmp_path, workers=1) as (two, _):
        body, _ = wake_across(call, created_on=one, joined_on=two, waiting_on=one, moved_on=two, wait_for=30)
    assert body["version"] == 1 and 1 in [p["seat"] for p in body["prompted"]]


def test_sleeping_waiters_hold_no_database_connection(app, api, alice_bob):
    """Connections are pooled per process; a request asleep in /wait gives its own back, so
    more waiters than the pool holds never exhaust it (PostgreSQL would refuse them)."""
    from server.store.db import POOL_SIZE, database

    game = api.start_game(alice_bob)
    idle, mover = idle_and_mover(api, game, alice_bob)
    with serving(app) as url:
        waiters = [Background(f"{url}/games/{game}/wait?timeout=60", idle["token"]) for _ in range(POOL_SIZE + 8)]
        time.sleep(1.0)
        assert len(database.obj._in_use) <= 1  # at most the test's own
        move = api.legal(game, mover)["moves"][0]["move"]
        status, _ = http_put(f"{url}/games/{game}/moves/0", mover["token"], {"move": move})
        assert status == 201  # served while more requests wait than the pool has connections
        assert {waiter.join()["version"] for waiter in waiters} == {1}


def test_a_graceful_reload_answers_sleeping_waiters_at_once(tmp_path):
    """gunicorn's reload (SIGHUP: new workers, the old ones stopped gracefully, as after an
    upgrade) answers waiting clients at once instead of cutting them off after 30 s; the
    next wait is served by a new worker."""
    pytest.importorskip("gunicorn", reason="runs the shipped gunicorn settings")
    import signal

    from tests.server.gunicorn_live import call, shipped_gunicorn

    with shipped_gunicorn(tmp_path, workers=1) as (port, master):
        players = [call(port, "POST", "/players", {"name": n, "email": f"{n}@example.org"})[1] for n in ("ana", "ben")]
        game = call(port, "POST", "/games", {"ruleset": "castle-assault", "seats": 2,
                                             "options": {"first-player": 0}}, players[0]["token"])[1]
        for player, invite in zip(players, game["invites"]):
            assert call(port, "POST", "/games/join", {"invite": invite["code"]}, player["token"])[0] == 200
        url = f"http://127.0.0.1:{port}/games/{game['id']}/wait?timeout=60"
        waiter = Background(url, players[1]["token"])
        time.sleep(1.0)
        master.send_signal(signal.SIGHUP)
        body = waiter.join(20)  # answered long before its 60 s, and before gunicorn's 30 s grace
        assert body["version"] == 0 and body["my_seat"] == 1
        again = Background(url.replace("timeout=60", "timeout=1"), players[1]["token"])
        assert again.join(30)["version"] == 0

"""PostgreSQL with fewer round trips (server/store/roundtrips.py): BEGIN goes with the first
statement, queued writes with the next statement or the COMMIT, the statements built once
prepared once per connection; nothing else changes."""
import re
import time

import psycopg2.extensions
import pytest
from peewee import IntegrityError

from tests.server.conftest import Api


class CountingCursor(psycopg2.extensions.cursor):
    """Every statement string sent is one round trip: the test reads them here."""

    sent: list = []
    prepared: dict = {}  # name: SQL text, from every PREPARE sent

    def execute(self, query, vars=None):
        text = self.mogrify(query, vars)
        CountingCursor.sent.append(text)
        CountingCursor.prepared.update(re.findall(rb"PREPARE (herald_\d+)(?: \([^)]*\))? AS (.*?)(?=; |$)", text))
        return super().execute(query, vars)


def spelt_out(query: bytes) -> bytes:
    """A query string with each EXECUTE of a prepared statement written as its SQL text."""
    return re.sub(rb"EXECUTE (herald_\d+)", lambda m: CountingCursor.prepared[m.group(1)], query)


@pytest.fixture
def db(postgres):
    from server.store.db import database, open_database

    opened = open_database(postgres.new_database())
    opened.connect_params["cursor_factory"] = CountingCursor
    database.execute_sql("CREATE TABLE things (id INTEGER PRIMARY KEY, note TEXT)")
    CountingCursor.sent.clear()
    yield opened
    opened.close_all()


def sent() -> list[bytes]:
    """What was sent since the last call, the pool's liveness check left out."""
    found = [q for q in CountingCursor.sent if q != b"SELECT 1"]
    CountingCursor.sent.clear()
    return found


def notes(db) -> list:
    return [row for row in db.execute_sql("SELECT id, note FROM things ORDER BY id").fetchall()]


def test_begin_and_queued_writes_travel_with_the_next_statement_and_the_commit(db):
    with db.atomic():
        db.later("INSERT INTO things VALUES (%s, %s)", (1, "it's 100% 'quoted' %s"))
        assert db.execute_sql("SELECT count(*) FROM things").fetchone() == (1,)  # the write went first
        db.later("INSERT INTO things VALUES (%s, %s)", (2, None))
    assert sent() == [b"BEGIN; INSERT INTO things VALUES (1, 'it''s 100% ''quoted'' %s'); SELECT count(*) FROM things",
                      b"INSERT INTO things VALUES (2, NULL); COMMIT"]
    assert notes(db) == [(1, "it's 100% 'quoted' %s"), (2, None)]


def test_a_transaction_that_sends_nothing_sends_no_begin_or_commit(db):
    with db.atomic():
        pass
    with pytest.raises(RuntimeError):
        with db.atomic():
            raise RuntimeError("before any statement")
    assert sent() == []
    db.later("INSERT INTO things VALUES (%s, %s)", (3, "outside a transaction: at once"))
    assert sent() == [b"INSERT INTO things VALUES (3, 'outside a transaction: at once')"]


def test_a_refused_queued_write_is_raised_at_the_commit_and_nothing_stays(db):
    db.execute_sql("INSERT INTO things VALUES (1, 'first')")
    with pytest.raises(IntegrityError):
        with db.atomic():
            db.execute_sql("UPDATE things SET note = 'changed' WHERE id = 1")
            db.later("INSERT INTO things VALUES (%s, %s)", (1, "a duplicate"))
    assert notes(db) == [(1, "first")]  # rolled back whole; the connection goes on
    with pytest.raises(IntegrityError):
        with db.atomic():
            db.later("INSERT INTO things VALUES (%s, %s)", (1, "a duplicate"))
            db.execute_sql("SELECT 2")  # raised by the statement it travels with
    assert notes(db) == [(1, "first")]


def test_a_savepoint_rolled_back_drops_its_queued_writes_only(db):
    with db.atomic():
        db.later("INSERT INTO things VALUES (%s, %s)", (1, "kept"))
        with pytest.raises(RuntimeError):
            with db.atomic():  # a savepoint: its SAVEPOINT took the outer write along
                db.later("INSERT INTO things VALUES (%s, %s)", (2, "dropped"))
                raise RuntimeError("inner")
        db.later("INSERT INTO things VALUES (%s, %s)", (3, "kept too"))
    assert notes(db) == [(1, "kept"), (3, "kept too")]


def test_what_waits_for_a_commit_runs_once_it_commits_and_never_after_a_rollback(db):
    """peewee's after_commit on this database, whose COMMIT carries the queued writes
    (announcements.announce relies on it): at once outside a transaction; after the outermost
    COMMIT inside one (a savepoint rolled back keeps it: an announcement too many harms nobody);
    dropped when the transaction rolls back, or its COMMIT refuses a queued write."""
    done: list[str] = []
    db.after_commit(lambda: done.append("outside"))
    assert done == ["outside"]
    with db.atomic():
        db.execute_sql("INSERT INTO things VALUES (1, 'a')")
        with db.atomic() as inner:
            db.after_commit(lambda: done.append("in a savepoint"))
            inner.rollback()
        db.after_commit(lambda: done.append("committed"))
        assert done == ["outside"]
    assert done == ["outside", "in a savepoint", "committed"]
    with pytest.raises(RuntimeError):
        with db.atomic():
            db.after_commit(lambda: done.append("rolled back"))
            raise RuntimeError("the request failed")
    with pytest.raises(IntegrityError):
        with db.atomic():
            db.later("INSERT INTO things VALUES (%s, %s)", (1, "taken"), fixed=True)  # (refused at the COMMIT)
            db.after_commit(lambda: done.append("refused at the commit"))
    with db.atomic():
        db.execute_sql("INSERT INTO things VALUES (2, 'b')")
    assert done == ["outside", "in a savepoint", "committed"]


def test_a_begin_by_hand_goes_with_the_next_statement(db):
    db.begin()  # outside peewee's atomic(): no transaction on its stack, still a transaction
    db.execute_sql("INSERT INTO things VALUES (1, 'rolled back')")
    db.rollback()
    assert sent()[0] == b"BEGIN; INSERT INTO things VALUES (1, 'rolled back')"
    assert notes(db) == []


def test_a_read_snapshot_begins_with_its_isolation_level(db):
    from server.store.db import read_snapshot

    with read_snapshot():
        assert db.execute_sql("SELECT current_setting('transaction_isolation')").fetchone() == ("repeatable read",)
    assert sent()[0].startswith(b"BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ; SELECT")


def test_a_statement_built_once_connects_again_after_the_connection_was_given_back(db):
    """A long-poll gives its connection back while it sleeps (server/store/pooling.py) and reads
    the game again when woken: a statement built once then connects as peewee's own do."""
    from server.store import statements

    db.execute_sql("INSERT INTO things VALUES (1, 'kept')")
    db.close()
    assert db.is_closed()
    assert statements.select_rows("SELECT note FROM things WHERE id = %s", (1,)) == [("kept",)]


def test_a_move_is_two_round_trips_then_announced(postgres, toy_game, tmp_path):
    """The lock with BEGIN, reading with it what the turn mail needs (table talk? webhooks?)
    and whether someone waits on the game; the move, snapshot, games row and turn mail with the
    COMMIT (the mail setting asked by the insert itself); the announcement for the waiters of a
    watched game comes from the process's announcer, a transaction of its own that the request
    does not wait for; a game nobody waits on is not announced. A game with
    table talk reads its digest in a round trip of its own, and a webhook read with the lock
    gets its row like one read by its own query."""
    from server.app import create_app
    from server.config import load_config
    from server.store import longpoll
    from server.store.db import database

    app = create_app(load_config({"HERALD_DATABASE_URL": postgres.new_database(),
                                  "HERALD_MAIL_DIR": str(tmp_path / "mail"),
                                  "HERALD_WEBHOOK_ALLOW_NETWORKS": "127.0.0.0/8"}))
    try:
        database.obj.close_all()
        database.obj.connect_params["cursor_factory"] = CountingCursor
        api = Api(app.test_client())
        players = [api.register("alice"), api.register("bob")]
        game, unwatched = api.start_game(players), api.start_game(players)
        longpoll.mark_watched(game, 60)  # (as a waiting request does: bob's, on another server)
        time.sleep(0.1)  # (the joins' announcements gone)
        move = api.legal(unwatched, players[0])["moves"][0]["move"]
        sent()
        assert api.call("PUT", f"/games/{unwatched}/moves/0", players[0], json={"move": move}).status_code == 201
        time.sleep(0.2)  # (the announcer's window, ten times over)
        assert [q for q in sent() if b"pg_notify" in q] == []
        move = api.legal(game, players[0])["moves"][0]["move"]
        sent()
        assert api.call("PUT", f"/games/{game}/moves/0", players[0], json={"move": move}).status_code == 201
        # (each statement built once is prepared on a connection the first time it sends it)
        trips = [spelt_out(q) for q in sent()]
        trips = [q for q in trips if b"token_hash" not in q]  # the caller's token, before the transaction
        announced = announcement(trips)
        trips = [q for q in trips if b"pg_notify" not in q]
        assert len(trips) == 2, trips
        assert trips[0].startswith(b"BEGIN; ") and b"FOR UPDATE" in trips[0]
        assert b"chat_messages" in trips[0] and b"webhooks" in trips[0] and b"watched_games" in trips[0]
        assert [b"INSERT INTO \"moves\"" in trips[1], b"UPDATE \"snapshots\"" in trips[1],
                b"INSERT INTO \"notifications\"" in trips[1], b"NOT EXISTS" in trips[1]] == [True] * 4
        assert trips[1].endswith(b"; COMMIT")
        assert f"pg_notify('herald_games', '{game}')".encode() in announced
        assert api.game(game, players[0])["version"] == 1
        assert database.execute_sql("SELECT count(*) FROM notifications WHERE kind = 'turn'").fetchone() == (4,)

        hook = api.call("POST", "/webhooks", players[0], json={"url": "http://127.0.0.1:9/hook", "game": game})
        assert hook.status_code == 201, hook.json
        assert api.call("POST", f"/games/{game}/chat", players[1], json={"text": "your move, alice"}).status_code == 201
        move = api.legal(game, players[1])["moves"][0]["move"]
        sent()
        assert api.call("PUT", f"/games/{game}/moves/1", players[1], json={"move": move}).status_code == 201
        trips = [q for q in (spelt_out(q) for q in sent()) if b"token_hash" not in q]
        announcement(trips)
        trips = [q for q in trips if b"pg_notify" not in q]
        assert len(trips) == 3 and b"chat_messages" in trips[1], trips  # the digest, after the lock
        turn, hooked = database.execute_sql(
            "SELECT (SELECT context FROM notifications WHERE kind = 'turn' AND version = 2), "
            "(SELECT count(*) FROM notifications WHERE kind = 'webhook' AND version = 2)").fetchone()
        assert "your move, alice" in turn and hooked == 1
    finally:
        database.close()


def test_the_lock_finds_a_games_webhooks_by_their_indexes_among_many(postgres, toy_game, tmp_path):
    """The webhooks read with a move's lock are the game's own and its seated players' ones for
    all their games, by id, whatever else the table holds; and PostgreSQL finds them by their
    indexes, not by reading every webhook under the game's lock on every move (written as one
    `OR`, it read all 20,000 here)."""
    from server.app import create_app
    from server.config import load_config
    from server.store.db import database, write_transaction
    from server.store.models import MOVE_READS, lock_game

    app = create_app(load_config({"HERALD_DATABASE_URL": postgres.new_database(),
                                  "HERALD_MAIL_DIR": str(tmp_path / "mail"),
                                  "HERALD_WEBHOOK_ALLOW_NETWORKS": "127.0.0.0/8"}))
    try:
        api = Api(app.test_client())
        alice, bob, carol = api.register("alice"), api.register("bob"), api.register("carol")
        game = api.start_game([alice, bob])
        other = api.start_game([carol, bob])
        made = {}
        for name, player, body in (("game's", alice, {"game": game}), ("alice's", alice, {}), ("bob's", bob, {}),
                                   ("carol's", carol, {}), ("other game's", carol, {"game": other})):
            answer = api.call("POST", "/webhooks", player, json={"url": "http://127.0.0.1:9/hook", **body})
            assert answer.status_code == 201, answer.json
            made[name] = answer.json["id"]
        database.execute_sql(  # 20,000 more of carol's, for all her games and for the other one
            "INSERT INTO webhooks (player_id, game_id, created, url, format, secret) SELECT player_id, "
            "CASE WHEN n %% 2 = 0 THEN NULL ELSE game_id END, created, url, format, secret "
            "FROM webhooks, generate_series(1, 20000) AS n WHERE id = %s", (made["other game's"],))
        database.execute_sql("ANALYZE")
        with write_transaction():
            hooks = lock_game(game, move_reads=True).move_reads.hooks
        assert [hook[0] for hook in hooks] == [made["game's"], made["alice's"], made["bob's"]]
        plan = "\n".join(row[0] for row in database.execute_sql(
            f'EXPLAIN SELECT "id", {", ".join(MOVE_READS)} FROM "games" WHERE "id" = %s', (game,)).fetchall())
        assert "Seq Scan on webhooks" not in plan, plan
    finally:
        database.close()


def announcement(trips: list[bytes]) -> bytes:
    """The announcement of a move: sent by its process's announcer thread a moment after the
    move's answer, never by the request itself (among `trips` already, or waited for)."""
    deadline = time.monotonic() + 5
    while not any(b"pg_notify" in q for q in trips) and time.monotonic() < deadline:
        time.sleep(0.01)
        trips = trips + sent()
    found = [q for q in trips if b"pg_notify" in q]
    assert found, "no announcement"
    return found[0]


def test_statements_built_once_are_prepared_once_per_connection(db):
    from server.store.statements import select_rows

    with db.atomic():
        db.later("INSERT INTO things VALUES (%s, %s || '%%')", (1, "100"), fixed=True)
        assert select_rows("SELECT note FROM things WHERE id = %s", (1,)) == [("100%",)]
    with db.atomic():
        db.later("INSERT INTO things VALUES (%s, %s || '%%')", (2, "50"), fixed=True)
        assert select_rows("SELECT note FROM things WHERE id = %s", (2,)) == [("50%",)]
    first, _, again, _ = sent()
    insert, select = sorted(CountingCursor.prepared.items(), key=lambda item: int(item[0][7:]))[-2:]
    assert first == (b"BEGIN; PREPARE %s (bigint, unknown) AS INSERT INTO things VALUES ($1, $2 || '%%'); "
                     b"EXECUTE %s(1, '100'); PREPARE %s (bigint) AS SELECT note FROM things WHERE id = $1; EXECUTE %s(1)"
                     % (insert[0], insert[0], select[0], select[0]))
    assert again == b"BEGIN; EXECUTE %s(2, '50'); EXECUTE %s(2)" % (insert[0], select[0])
    assert notes(db) == [(1, "100%"), (2, "50%")]


def test_a_new_connection_prepares_again_and_a_failed_prepare_is_never_used(db):
    from server.store.statements import select_rows

    assert select_rows("SELECT note FROM things WHERE id = %s", (1,)) == []
    db.close()
    db.close_all()  # the pool's connections go: the next one knows no prepared statement
    with pytest.raises(IntegrityError):
        with db.atomic():
            db.execute_sql("INSERT INTO things VALUES (1, 'first')")
            db.later("INSERT INTO things VALUES (%s, %s)", (1, "a duplicate"))
            select_rows("SELECT note FROM things WHERE id = %s", (1,))  # its PREPARE goes with the failure
    assert select_rows("SELECT note FROM things WHERE id = %s", (1,)) == []
    names = [re.search(rb"PREPARE (herald_\d+)", q).group(1) for q in sent() if b"PREPARE" in q]
    assert len(names) == 3 and len(set(names)) == 3  # on the new connection, then after the failure: new names


def test_a_connection_that_lost_its_prepared_statements_sends_them_unprepared(db):
    """A pooler in front after all (HERALD_PREPARED_STATEMENTS left on): the first round trip
    of a transaction is sent again, unprepared, and nothing fails."""
    from server.store.statements import select_rows

    db.execute_sql("INSERT INTO things VALUES (1, 'first')")
    assert select_rows("SELECT note FROM things WHERE id = %s", (1,)) == [("first",)]
    db.execute_sql("DEALLOCATE ALL")  # as a server connection other than the one that prepared it
    with db.atomic():
        assert select_rows("SELECT note FROM things WHERE id = %s", (1,)) == [("first",)]
        db.later("INSERT INTO things VALUES (%s, %s)", (2, "second"), fixed=True)
    assert db.prepare is False
    assert select_rows("SELECT note FROM things WHERE id = %s", (2,)) == [("second",)]
    assert sent()[-1] == b"SELECT note FROM things WHERE id = 2"
    db.prepare = True


def test_without_preparing_the_text_goes_as_before(postgres):
    """HERALD_PREPARED_STATEMENTS=0 (PgBouncer's transaction pooling): values bound into the text."""
    from server.store.db import open_database
    from server.store.statements import select_rows

    opened = open_database(postgres.new_database(), prepare=False)
    opened.connect_params["cursor_factory"] = CountingCursor
    try:
        opened.execute_sql("CREATE TABLE things (id INTEGER PRIMARY KEY, note TEXT)")
        sent()
        with opened.atomic():
            opened.later("INSERT INTO things VALUES (%s, %s)", (1, "plain"), fixed=True)
            assert select_rows("SELECT note FROM things WHERE id = %s", (1,)) == [("plain",)]
        assert sent() == [b"BEGIN; INSERT INTO things VALUES (1, 'plain'); SELECT note FROM things WHERE id = 1",
                          b"COMMIT"]
    finally:
        opened.close_all()


@pytest.fixture
def tallies(db):
    """A table of the kinds of values the move path writes, as a model, and a connection to
    write it on with merging (as a lane of gathered moves does, server/store/lanes.py)."""
    from peewee import BooleanField, CharField, DateTimeField, IntegerField, Model

    from server.store.db import database

    class Tally(Model):
        key = IntegerField(primary_key=True)
        label = CharField(max_length=8, null=True)
        count = IntegerField(default=0, null=True)
        seen = DateTimeField(null=True)
        done = BooleanField(default=False, null=True)

        class Meta:
            table_name = "tallies"

    Tally._meta.set_database(database)
    db.create_tables([Tally])
    conn = db.unpooled_connection()
    sent()
    yield Tally, conn
    conn.close()


def executed(trip: bytes) -> list[bytes]:
    """The SQL of each prepared statement a round trip executed, in order."""
    return [CountingCursor.prepared[name] for name in re.findall(rb"EXECUTE (herald_\d+)", trip)]


def rows_of(db) -> list:
    return db.execute_sql('SELECT "key", label, count, seen, done FROM tallies ORDER BY "key"').fetchall()


def test_in_a_lane_each_kind_of_write_goes_as_one_statement_of_several_rows(db, tallies):
    """Queued writes of one statement, interleaved as a batch's moves queue them, go as one
    multi-row INSERT and one UPDATE from a VALUES list, with NULLs, times and booleans intact."""
    import datetime

    from server.store import statements

    Tally, conn = tallies
    when = datetime.datetime(2026, 11, 28, 10, 0, 0)
    for key in (1, 2, 3):
        Tally.create(key=key)
    sent()
    with db.using(conn, merging=True), db.atomic():
        for key, label, seen in ((1, "one", when), (2, None, None), (3, "three", when)):
            statements.insert(Tally, {"key": key + 10, "label": label, "count": key, "seen": seen, "done": True},
                              later=True)
            statements.update_by_key(Tally, "key", key, {"label": label, "seen": seen, "done": key == 2}, later=True)
    (trip,) = sent()
    assert [sql.split()[0] for sql in executed(trip)] == [b"INSERT", b"UPDATE"], trip
    assert rows_of(db) == [(1, "one", 0, when, False), (2, None, 0, None, True), (3, "three", 0, when, False),
                           (11, "one", 1, when, True), (12, None, 2, None, True), (13, "three", 3, when, True)]


def test_in_a_lane_two_updates_of_one_row_stay_two_statements_in_their_order(db, tallies):
    from server.store import statements

    Tally, conn = tallies
    Tally.create(key=1)
    Tally.create(key=2)
    sent()
    with db.using(conn, merging=True), db.atomic():
        statements.update_by_key(Tally, "key", 1, {"count": 5}, later=True)
        statements.update_by_key(Tally, "key", 2, {"count": 6}, later=True)
        statements.update_by_key(Tally, "key", 1, {"count": 7}, later=True)
    assert [sql.split()[0] for sql in executed(sent()[0])] == [b"UPDATE", b"UPDATE"]
    assert [row[2] for row in rows_of(db)] == [7, 6]


def test_in_a_lane_a_value_too_long_is_refused_not_cut_and_nothing_stays(db, tallies):
    """The VALUES list is typed by casts to the columns' types without their lengths, so the
    column still refuses what it refused one row at a time."""
    from peewee import DataError

    from server.store import statements

    Tally, conn = tallies
    Tally.create(key=1)
    Tally.create(key=2)
    with pytest.raises(DataError):
        with db.using(conn, merging=True), db.atomic():
            statements.update_by_key(Tally, "key", 1, {"label": "short"}, later=True)
            statements.update_by_key(Tally, "key", 2, {"label": "far too long a label"}, later=True)
    assert [row[1] for row in rows_of(db)] == [None, None]


def test_in_a_lane_an_insert_unless_is_asked_for_each_row(db, tallies):
    """An insert with `unless` (a turn mail the player does not want) keeps its condition per row."""
    from server.store import statements

    Tally, conn = tallies
    Tally.create(key=100, label="quiet")
    sent()
    with db.using(conn, merging=True), db.atomic():
        for key, asker in ((1, 100), (2, 200), (3, 100)):
            statements.insert(Tally, {"key": key, "count": asker}, later=True,
                              unless=('SELECT 1 FROM tallies WHERE "key" = %s AND label IN (%s)', (asker, "quiet")))
    assert [sql.split()[0] for sql in executed(sent()[0])] == [b"INSERT"]
    assert [row[0] for row in rows_of(db)] == [2, 100]


def test_without_a_lane_queued_writes_go_one_statement_each(db, tallies):
    from server.store import statements

    Tally, conn = tallies
    with db.atomic():
        for key in (1, 2):
            statements.insert(Tally, {"key": key}, later=True)
    assert [sql.split()[0] for sql in executed(sent()[0])] == [b"INSERT", b"INSERT"]

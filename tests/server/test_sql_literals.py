"""A prepared statement's values written as SQL literals by server/store/literals.py: exactly
what psycopg2 writes, on a real PostgreSQL connection, and read back by PostgreSQL as the
values sent; psycopg2 writes whatever this module does not."""
import datetime
import random

import psycopg2
import pytest

from server.store import literals
from server.store.roundtrips import _types

AWKWARD = ["", "'", "''", "\\", "\\'", "it's 100% 'quoted' %s", "%(name)s", "$1", "--", "/*", ";", "E'\\n'",
           "line\nbreak\r\n\ttab", "Åsa Öberg", "Фёдор", "Győző", "señor", "漢字", "🏰⚔️", "\u2028", "\x7f", "\x01",
           "x" * 5000]
MOMENTS = [datetime.datetime(2026, 11, 28, 18, 40, 1, 123456), datetime.datetime(1, 1, 1),
           datetime.datetime(9999, 12, 31, 23, 59, 59, 999999), datetime.datetime(2026, 3, 29, 2, 30),
           datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc),
           datetime.datetime(2026, 1, 2, 3, 4, 5, 6, tzinfo=datetime.timezone(datetime.timedelta(hours=5, minutes=30))),
           datetime.datetime(2026, 1, 2, tzinfo=datetime.timezone(-datetime.timedelta(hours=9)))]
NUMBERS = [0, 1, -1, 7, -42, 2**31, -2**31, 2**63 - 1, -2**63, 2**63, -2**63 - 1, 10**30, -10**30]


def values(rng: random.Random) -> tuple:
    """A row of the values the server's statements carry, drawn at random."""
    def one():
        kind = rng.randrange(7)
        if kind == 0:
            return rng.choice(AWKWARD) + "".join(chr(rng.choice([rng.randrange(1, 128), rng.randrange(128, 0xD800),
                                                                 rng.randrange(0xE000, 0x110000)]))
                                                 for _ in range(rng.randrange(6)))
        if kind == 1:
            return rng.choice(NUMBERS + [rng.randrange(-10**6, 10**6)])
        if kind == 2:
            return rng.random() < 0.5
        if kind == 3:
            return None
        if kind == 4:
            return rng.choice(MOMENTS)
        if kind == 5:
            return datetime.date(rng.randrange(1, 10000), rng.randrange(1, 13), rng.randrange(1, 29))
        return rng.choice(AWKWARD)
    return tuple(one() for _ in range(rng.randrange(1, 12)))


@pytest.fixture(scope="module")
def connection(postgres):
    conn = psycopg2.connect(postgres.new_database())
    conn.autocommit = True
    yield conn
    conn.close()


def test_the_connection_is_plain_only_with_standard_strings_in_utf8(connection):
    assert literals.plain(connection)
    with connection.cursor() as c:
        c.execute("SET standard_conforming_strings = off")
        try:
            assert not literals.plain(connection)  # a backslash would escape: psycopg2 writes everything
        finally:
            c.execute("SET standard_conforming_strings = on")
    connection.set_client_encoding("LATIN1")
    try:
        assert not literals.plain(connection)
    finally:
        connection.set_client_encoding("UTF8")


def test_literals_are_psycopg2s_own_and_read_back_as_sent(connection):
    rng = random.Random(17)
    with connection.cursor() as c:
        for _ in range(400):
            row = values(rng)
            written = literals.arguments(row)
            assert written == c.mogrify("(" + ", ".join(["%s"] * len(row)) + ")", row), row
            c.execute(b"SELECT " + written[1:-1])
            assert c.fetchone() == row


def test_what_it_cannot_write_is_left_to_psycopg2():
    assert literals.arguments(("a\x00b",)) is None  # psycopg2 refuses a NUL with its own error
    assert literals.arguments(("\ud800",)) is None  # a lone surrogate: likewise
    assert literals.arguments((1.5,)) is None
    assert literals.arguments((b"bytes",)) is None
    assert literals.arguments(((1, 2),)) is None

    class Name(str):
        pass

    assert literals.arguments((Name("a subclass may write itself otherwise"),)) is None


def test_a_server_statement_with_a_nul_is_refused_as_psycopg2_refuses_it(postgres):
    from server.store.db import open_database

    db = open_database(postgres.new_database())
    try:
        db.execute_sql("CREATE TABLE things (id INTEGER PRIMARY KEY, note TEXT)")
        with pytest.raises(ValueError, match="NUL"):
            db.execute_fixed("INSERT INTO things VALUES (%s, %s)", (1, "a\x00b"))
        db.execute_fixed("INSERT INTO things VALUES (%s, %s)", (2, "it's \\ fine"))
        db.execute_fixed("INSERT INTO things VALUES (%s, %s)", (-3, "ok"))
        assert db.execute_sql("SELECT id, note FROM things ORDER BY id").fetchall() == [(-3, "ok"), (2, "it's \\ fine")]
    finally:
        db.close_all()


def test_a_connection_without_standard_strings_still_stores_what_was_sent(postgres):
    """A backslash is an escape where strings are not standard-conforming: psycopg2 writes those."""
    from server.store.db import open_database

    db = open_database(postgres.new_database())
    try:
        db.execute_sql("CREATE TABLE things (id INTEGER PRIMARY KEY, note TEXT)")
        with db.connection_context():
            db.execute_sql("SET standard_conforming_strings = off")
            db.execute_fixed("INSERT INTO things VALUES (%s, %s)", (1, "back\\slash 'and' quote"))
            assert db.execute_sql("SELECT note FROM things").fetchone() == ("back\\slash 'and' quote",)
    finally:
        db.close_all()


def test_parameter_types_are_worked_out_once_per_shape_and_still_per_value():
    naive, aware = MOMENTS[0], MOMENTS[4]
    assert _types((1, "a", None, True, naive, datetime.date(2026, 1, 1))) == \
        "bigint, unknown, unknown, boolean, timestamp, date"
    assert _types((2, "b", "c", False, naive, datetime.date(2026, 1, 2))) == \
        "bigint, unknown, unknown, boolean, timestamp, date"
    assert _types((2**63, "a")) is None  # past bigint: the literal's numeric type decides
    assert _types((1, "a")) == "bigint, unknown"  # (the same shape, now in range)
    assert _types((1, -2**63 - 1)) is None
    assert _types((-2**63,)) == "bigint"
    assert _types((naive, aware)) == "timestamp, timestamptz"
    assert _types((aware, naive)) == "timestamptz, timestamp"
    assert _types((1.5,)) is None
    assert _types([1]) is None
    assert _types(()) == ""

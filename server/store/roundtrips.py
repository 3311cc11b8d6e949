"""PostgreSQL with fewer round trips: the pooled peewee database the server opens for a
`postgres://` URL.

Each statement psycopg2 sends is a round trip, and on a busy server each costs CPU on both
sides (a move was twelve of them, now three: the lock with what its mails read, the writes
with the COMMIT, the announcement; bench/bench_cluster.py, docs/benchmarks.md).
Two things need no answer of their own, so they travel with the next statement that does,
in one query string (PostgreSQL runs its statements in order and stops at the first error):

* `BEGIN`: a transaction's BEGIN is sent with its first statement (a transaction that sends
  nothing sends no BEGIN and no COMMIT either);
* writes queued with `later(sql, params)`: sent with the transaction's next statement, or
  with its COMMIT. The move path queues its inserts and updates (server/table/movelog.py).

And the statements whose text is fixed (built once: server/store/statements.py sends them with
`execute_fixed`, or `later(..., fixed=True)`) are prepared on each connection the first time it
sends them (`PREPARE herald_N AS ...`, in the same query string as their first `EXECUTE`), then
only executed: PostgreSQL plans them once per connection instead of on every move (planning was
0.34 of the move's 0.82 ms, docs/benchmarks.md). Their values are bound on the client as before,
into `EXECUTE herald_N(...)`: as psycopg2 writes them, character for character, but written by
server/store/literals.py at a quarter of its CPU where it can. Prepared statements live on one
server connection, so `HERALD_PREPARED_STATEMENTS=0` turns this off where the database URL goes through PgBouncer's
transaction pooling (deploy/pgbouncer.md). A new or reconnected connection knows none and
prepares again; a send that fails forgets the ones it was preparing (a PREPARE that ran stays on
the server under a name never used again). A server connection that has lost them ("prepared
statement does not exist": a pooler in front after all) turns preparing off for this process,
with a warning; where that failure came on a transaction's first round trip (nothing of it had
run) or outside a transaction, the same statements are sent again unprepared, so the caller sees
nothing.

Nothing else changes: the statements run in the same order, in the same transaction, with
the same values. What a queued write reports comes later: its error (a unique index refusing
a row) is raised by the statement it travels with, or by the commit, which then rolls back as
for any error (peewee's `atomic` does); and it reports no row count. PgBouncer's transaction
pooling keeps a server connection from a transaction's BEGIN to its end, whichever query
string carries them; with prepared statements off, nothing stays on a connection between
transactions.
"""
from __future__ import annotations

import contextlib
import datetime
import itertools
import logging
import operator
import os
import re
import threading
import weakref
from typing import Any, Callable

import peewee
from peewee import InterfaceError, _savepoint
from playhouse.pool import PooledPostgresqlDatabase

from server.store import literals

# peewee's translation of driver errors into its own, as its execute_sql uses (its stubs leave it out).
EXCEPTION_WRAPPER = peewee.__exception_wrapper__  # type: ignore[attr-defined]  # in peewee, not its stubs
SEPARATOR = b"; "
PREPARED_MAX = 200  # statements prepared per connection at most (each keeps a plan); past it, sent as text
INVALID_STATEMENT_NAME = "26000"  # "prepared statement ... does not exist"
DUPLICATE_STATEMENT_NAME = "42P05"  # "prepared statement ... already exists": another client's, on a shared connection
# A server connection shared with other clients (PgBouncer's transaction pooling) lacks this
# connection's statements, or holds another process's under the same name.
SHARED_CONNECTION = (INVALID_STATEMENT_NAME, DUPLICATE_STATEMENT_NAME)
_names = itertools.count(1)  # prepared statements' names, unique in the process: never reused
_PLACEHOLDER = re.compile(r"%%|%s")
log = logging.getLogger(__name__)


class _Lost(Exception):
    """The server connection has lost this connection's prepared statements, or holds another
    client's under the name one of them was given (a connection PgBouncer shares)."""


def _numbered(sql: str) -> str:
    """psycopg2's `%s` placeholders as PREPARE's `$1, $2, ...` (and `%%` as `%`)."""
    numbers = itertools.count(1)
    return _PLACEHOLDER.sub(lambda m: "%" if m.group() == "%%" else f"${next(numbers)}", sql)


def _types(params) -> str | None:
    """PREPARE's parameter types for these values, as their literals would type them (a string or
    NULL is untyped, `unknown`: typed by where it stands, as a quoted literal is), or None where
    a value has no such type here (a tuple binds as a list: `(1, 2)`). Without them an `id < $1`
    would take the column's `integer` and refuse a bigint that the literal compared fine.
    Worked out once per shape (the values' types in order), then only the integers' range and
    the timestamps' time zones are looked at: a batch of moves sends a few hundred values."""
    if not isinstance(params, tuple):
        return None
    shape = tuple(map(type, params))
    known = _SHAPES.get(shape)
    if known is None:
        if len(_SHAPES) >= SHAPES_MAX:
            _SHAPES.clear()
        known = _SHAPES[shape] = _Shape(shape)
    if known.types is None:
        return None
    if known.integers:
        values = known.integers(params)
        if not (-2**63 <= min(values) and max(values) < 2**63):
            return None
    if known.timestamps and any(params[i].tzinfo is not None for i in known.timestamps):
        return ", ".join("timestamptz" if i in known.timestamps and params[i].tzinfo is not None else str(kind)
                         for i, kind in enumerate(known.kinds))
    return known.types


class _Shape:
    """What `_types` needs of one shape of values: their types (None: one has none here), and
    where the integers and the timestamps stand."""

    __slots__ = ("kinds", "types", "integers", "timestamps")

    def __init__(self, shape: tuple[type, ...]) -> None:
        kinds = [_TYPES.get(kind) for kind in shape]
        self.kinds = kinds
        self.types = None if None in kinds else ", ".join(kind for kind in kinds if kind)
        places = [i for i, kind in enumerate(kinds) if kind == "bigint"]
        # (the integers as a tuple: itemgetter of one place gives the value alone)
        self.integers: Callable[[tuple], tuple] | None = (
            (lambda params, at=places[0]: (params[at],)) if len(places) == 1 else
            operator.itemgetter(*places) if places else None)
        self.timestamps = frozenset(i for i, kind in enumerate(kinds) if kind == "timestamp")


SHAPES_MAX = 4096  # shapes kept (a few dozen in use: one per statement and number of rows, and where NULLs stand)
_SHAPES: dict[tuple[type, ...], _Shape] = {}


_TYPES = {str: "unknown", type(None): "unknown", bool: "boolean", int: "bigint",
          datetime.datetime: "timestamp", datetime.date: "date", bytes: "bytea"}


class _Savepoint(_savepoint):
    """A savepoint rolled back drops the writes queued inside it (its SAVEPOINT statement
    took all those queued before it along)."""

    def rollback(self, begin=True):
        self.db._take()
        super().rollback(begin)


class FewerRoundTrips(PooledPostgresqlDatabase):
    """peewee's pooled PostgreSQL database, sending BEGIN and queued writes along with the next
    statement (see above)."""

    def __init__(self, *args, prepare: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.prepare = prepare
        # Per driver connection: {(fixed SQL text, its parameters' types): its prepared statement's name there}.
        self._prepared: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        # Per thread, like peewee's connection state: `items` waiting to be sent on `conn`, the
        # connection their transaction began on (on any other they are dropped: it is gone), and
        # whether its BEGIN is among them.
        self._queue = threading.local()
        # Group commit's lanes (server/store/lanes.py): lane -> (the process that opened it, its connection).
        self.lanes: dict[int, tuple[int, Any]] = {}
        self.lanes_lock = threading.Lock()

    # --- what waits to be sent ------------------------------------------------------------

    def _take(self) -> list[tuple]:
        """What waits on this connection (and forget it: it is being sent, or dropped)."""
        queue = self._queue
        items = getattr(queue, "items", None) or []
        live = items and queue.conn is not None and queue.conn is self._state.conn
        queue.items, queue.conn, queue.begin_unsent = [], None, False
        return items if live else []

    def _begin_unsent(self) -> bool:
        return getattr(self._queue, "begin_unsent", False) and self._queue.conn is self._state.conn

    def _render(self, items: list[tuple]) -> tuple[bytes, list[tuple]]:
        """The query string for these statements, each with its values bound as psycopg2 binds
        them (peewee passes () for none: `%%` is `%` then too), a fixed one as the EXECUTE of its
        prepared statement (preceded by its PREPARE the first time on this connection); and the
        (SQL text, types) it prepares."""
        conn = self._state.conn
        mogrify = conn.cursor().mogrify
        known = self._prepared.get(conn)
        if known is None:
            known = self._prepared[conn] = {}
        plain = literals.plain(conn)  # (its values written by server/store/literals.py)
        parts, preparing = [], []
        for sql, params, fixed, *_ in items:
            if params is None:  # BEGIN
                parts.append(sql.encode())
                continue
            types = _types(params) if fixed and self.prepare and "$" not in sql and "%(" not in sql else None
            key = (sql, types)
            name = known.get(key) if types is not None else None
            if name is None and types is not None and len(known) < PREPARED_MAX and sql.count("%s") == len(params):
                name = known[key] = f"herald_{next(_names)}"
                parts.append(f"PREPARE {name}{f' ({types})' if types else ''} AS {_numbered(sql)}".encode())
                preparing.append(key)
            if name is None:
                parts.append(mogrify(sql, params))
                continue
            written = literals.arguments(params) if plain and params else None
            if written is not None:
                parts.append(b"EXECUTE " + name.encode() + written)
            else:
                parts.append(mogrify(f"EXECUTE {name}({', '.join(['%s'] * len(params))})" if params else
                                     f"EXECUTE {name}", params))
        return SEPARATOR.join(parts), preparing

    def later(self, sql: str, params, fixed: bool = False, rows: Rows | None = None) -> None:
        """Inside a transaction, queue a write to go with the next statement or the commit;
        outside one, run it now. `fixed`: its text is built once (see above). `rows`: how to
        write several rows of it in one statement, where the transaction allows (`using`)."""
        if not self.in_transaction():
            (self.execute_fixed if fixed else self.execute_sql)(sql, params)
            return
        self.connection()
        queue = self._queue
        if getattr(queue, "conn", None) is not self._state.conn:  # the BEGIN went already
            queue.items, queue.conn, queue.begin_unsent = [], self._state.conn, False
        queue.items.append((sql, tuple(params or ()), fixed, rows))

    def execute_fixed(self, sql: str, params):
        """Run a statement whose text is built once (prepared on this connection, see above),
        after what waits."""
        return self._send(self._take() + [(sql, tuple(params or ()), True)])

    def _send(self, items: list[tuple]):
        if self.is_closed():
            if self.in_transaction():  # never on a new connection, outside the transaction they belong to
                raise InterfaceError("the database connection was closed inside a transaction")
            self.connect()  # as peewee's own statements connect (a long-poll gave its connection back)
        try:
            return self._send_once(items)
        except _Lost as lost:
            begun = items[0][1] is None and items[0][0].startswith("BEGIN")  # this round trip carried it
            if begun:
                super().execute_sql("ROLLBACK")  # what it began, nothing of which ran
            elif self.in_transaction():
                raise peewee.OperationalError("the database connection lost its prepared statements in a "
                                              "transaction (set HERALD_PREPARED_STATEMENTS=0 behind PgBouncer)") from lost
            return self._send_once(items)  # now unprepared: self.prepare is off

    def _send_once(self, items: list[tuple]):
        if getattr(self._queue, "merging", None) is self._state.conn:
            items = merged(items)
        sql, preparing = self._render(items)
        self._log_query(sql, None)
        with EXCEPTION_WRAPPER:  # (not for _Lost: not a driver error)
            cursor = self.cursor()
            try:
                cursor.execute(sql)  # bound already: no second interpolation
            except Exception as exc:
                known = self._prepared.get(self._state.conn, {})
                for text in preparing:  # whether each PREPARE ran is unknown: never use its name again
                    known.pop(text, None)
                if getattr(exc, "pgcode", None) in SHARED_CONNECTION and self.prepare:
                    known.clear()
                    self.prepare = False
                    log.warning("the database connection lost its prepared statements: preparing is off in "
                                "this process; set HERALD_PREPARED_STATEMENTS=0 when the database URL goes "
                                "through PgBouncer's transaction pooling")
                    raise _Lost() from exc
                raise
        return cursor

    # --- peewee's hooks -------------------------------------------------------------------

    def execute_sql(self, sql, params=None):
        waiting = self._take()
        if not waiting:
            return super().execute_sql(sql, params)
        return self._send(waiting + [(sql, tuple(params or ()), False)])

    def cursor(self, named_cursor=None):
        """Anything else sent on this connection (through a raw cursor) goes after what waits,
        which is sent first."""
        waiting = self._take()
        if waiting:
            self._send(waiting)
        return super().cursor(named_cursor)

    def begin(self, isolation_level=None):
        conn = self.connection()  # now, as peewee's BEGIN connects: connecting later resets the transaction
        if isolation_level is None:
            isolation_level = self._isolation_level
        statement = "BEGIN"
        if isolation_level:
            statement = "BEGIN TRANSACTION ISOLATION LEVEL %s" % self._adapter.isolation_level_str(isolation_level)
        self._queue.items, self._queue.conn, self._queue.begin_unsent = [(statement, None, False)], conn, True

    def commit(self):
        if self._begin_unsent() and len(self._queue.items) == 1:
            self._take()
            return  # the transaction sent nothing: nothing to commit
        self._send(self._take() + [("COMMIT", None, False)])

    def rollback(self):
        unsent = self._begin_unsent()
        self._take()
        if not unsent:  # else nothing was sent: nothing to roll back
            super().rollback()

    def savepoint(self):
        return _Savepoint(self)

    def close(self):
        if not self.in_transaction():  # (peewee refuses to close inside one)
            self._take()
        return super().close()

    # --- connections outside the pool (group commit's lanes: server/store/lanes.py) ---------

    def unpooled_connection(self, application_name: str | None = None):
        """A new connection of this database's, which the pool neither counts nor hands out;
        `application_name` (what `pg_stat_activity` shows) is a parameter of its start, which
        PgBouncer keeps per client: a SET would stay on a server connection it shares."""
        named = {} if application_name is None else {"application_name": application_name}
        conn = self._adapter.connect(self, **{**self.connect_params, **named})
        if self._isolation_level:  # (as peewee's own _connect)
            conn.set_isolation_level(self._isolation_level)
        conn.autocommit = True
        return conn

    def close_all(self):
        """The pool's connections, and the lanes' this process opened."""
        with self.lanes_lock:
            lanes, self.lanes = self.lanes, {}
        for pid, conn in lanes.values():
            if pid == os.getpid():
                close_quietly(conn)
        return super().close_all()

    @contextlib.contextmanager
    def using(self, conn, merging: bool = False):
        """This thread's statements go on `conn` for the block, in transactions of their own;
        the thread's own connection (a request's, from the pool) is kept aside meanwhile,
        untouched, and is its connection again after. `merging`: the caller vouches that the
        writes it queues (`later`) with `rows` touch rows no other queued write touches, except
        where they repeat a key (`Rows.key`): each statement's queued writes then go as one
        statement of several rows, in the place of the first (see `merged`)."""
        state = self._state
        kept = (state.conn, state.closed, state.ctx, state.transactions, state.commit_callbacks)
        state.set_connection(conn)
        self._queue.merging = conn if merging else None
        try:
            yield
        finally:
            self._queue.merging = None
            state.conn, state.closed, state.ctx, state.transactions, state.commit_callbacks = kept


class Rows:
    """How several rows of one queued write go in one statement: `sql(n)`, the statement for n
    rows, taking each row's values one row after another; `key`, the place among a row's values
    of the key two rows of one statement must not share (an UPDATE's row: two updates of one
    row stay two statements, in their order), or None."""

    __slots__ = ("sql", "key")

    def __init__(self, sql: Callable[[int], str], key: int | None = None) -> None:
        self.sql, self.key = sql, key


def merged(items: list[tuple]) -> list[tuple]:
    """`items` with every queued write of one statement (its text, with `Rows`) in one statement
    of several rows, in the place of the first. Only for writes that touch disjoint rows (see
    `FewerRoundTrips.using`): moving a later write up beside the first is then the same. A
    write that repeats a key (`Rows.key`) of its statement's rows starts a statement of its own,
    in its own place."""
    out: list[tuple | _Merging] = []
    merging: dict[str, _Merging] = {}  # a statement's text -> the rows gathered for it
    for item in items:
        sql, params, fixed, *more = item
        rows: Rows | None = more[0] if more else None
        if rows is None:
            out.append(item)
            continue
        key = None if rows.key is None else params[rows.key]
        found = merging.get(sql)
        if found is None or (key is not None and key in found.keys):
            found = merging[sql] = _Merging(sql, fixed, rows)
            out.append(found)
        found.values.append(params)
        found.keys.add(key)
    return [entry.statement() if isinstance(entry, _Merging) else entry for entry in out]


class _Merging:
    """The rows of one statement `merged` gathers: their values, in order, and their keys."""

    def __init__(self, sql: str, fixed: bool, rows: Rows) -> None:
        self.sql, self.fixed, self.rows = sql, fixed, rows
        self.values: list[tuple] = []
        self.keys: set = set()

    def statement(self) -> tuple:
        if len(self.values) == 1:
            return self.sql, self.values[0], self.fixed
        return self.rows.sql(len(self.values)), tuple(value for row in self.values for value in row), self.fixed


def close_quietly(conn) -> None:
    """Close a driver connection that may be broken already (closing it may fail too)."""
    try:
        conn.close()
    except Exception:
        pass

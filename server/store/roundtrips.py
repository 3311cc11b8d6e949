"""PostgreSQL with fewer round trips: the pooled peewee database the server opens for a
`postgres://` URL.

Each statement psycopg2 sends is a round trip, and on a busy server each costs CPU on both
sides (a move was twelve of them, now five; bench/bench_cluster.py, docs/benchmarks.md).
Two things need no answer of their own, so they travel with the next statement that does,
in one query string (PostgreSQL runs its statements in order and stops at the first error):

* `BEGIN`: a transaction's BEGIN is sent with its first statement (a transaction that sends
  nothing sends no BEGIN and no COMMIT either);
* writes queued with `later(sql, params)`: sent with the transaction's next statement, or
  with its COMMIT. The move path queues its inserts and updates (server/table/movelog.py).

Nothing else changes: the statements run in the same order, in the same transaction, with
the same values. What a queued write reports comes later: its error (a unique index refusing
a row) is raised by the statement it travels with, or by the commit, which then rolls back as
for any error (peewee's `atomic` does); and it reports no row count. PgBouncer's transaction
pooling keeps a server connection from a transaction's BEGIN to its end, whichever query
string carries them; nothing stays on a connection between transactions (values are bound
on the client, as psycopg2 always does: no prepared statement).
"""
from __future__ import annotations

import threading

import peewee
from peewee import InterfaceError, _savepoint
from playhouse.pool import PooledPostgresqlDatabase

# peewee's translation of driver errors into its own, as its execute_sql uses (its stubs leave it out).
EXCEPTION_WRAPPER = peewee.__exception_wrapper__  # type: ignore[attr-defined]  # in peewee, not its stubs
SEPARATOR = b"; "


class _Savepoint(_savepoint):
    """A savepoint rolled back drops the writes queued inside it (its SAVEPOINT statement
    took all those queued before it along)."""

    def rollback(self, begin=True):
        self.db._take()
        super().rollback(begin)


class FewerRoundTrips(PooledPostgresqlDatabase):
    """peewee's pooled PostgreSQL database, sending BEGIN and queued writes along with the next
    statement (see above)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Per thread, like peewee's connection state: `items` waiting to be sent on `conn`, the
        # connection their transaction began on (on any other they are dropped: it is gone), and
        # whether its BEGIN is among them.
        self._queue = threading.local()

    # --- what waits to be sent ------------------------------------------------------------

    def _take(self) -> list[bytes]:
        """What waits on this connection (and forget it: it is being sent, or dropped)."""
        queue = self._queue
        items = getattr(queue, "items", None) or []
        live = items and queue.conn is not None and queue.conn is self._state.conn
        queue.items, queue.conn, queue.begin_unsent = [], None, False
        return items if live else []

    def _begin_unsent(self) -> bool:
        return getattr(self._queue, "begin_unsent", False) and self._queue.conn is self._state.conn

    def _text(self, sql, params) -> bytes:
        """One statement with its values bound, as psycopg2 binds them (peewee passes () for
        none: `%%` is `%` then too)."""
        return self.connection().cursor().mogrify(sql, params or ())

    def later(self, sql: str, params) -> None:
        """Inside a transaction, queue a write to go with the next statement or the commit;
        outside one, run it now."""
        if not self.in_transaction():
            self.execute_sql(sql, params)
            return
        text = self._text(sql, params)
        queue = self._queue
        if getattr(queue, "conn", None) is not self._state.conn:  # the BEGIN went already
            queue.items, queue.conn, queue.begin_unsent = [], self._state.conn, False
        queue.items.append(text)

    def _send(self, parts: list[bytes]):
        if self.is_closed():  # never on a new connection, outside the transaction they belong to
            raise InterfaceError("the database connection was closed inside a transaction")
        sql = SEPARATOR.join(parts)
        self._log_query(sql, None)
        with EXCEPTION_WRAPPER:
            cursor = self.cursor()
            cursor.execute(sql)  # bound already: no second interpolation
        return cursor

    # --- peewee's hooks -------------------------------------------------------------------

    def execute_sql(self, sql, params=None):
        waiting = self._take()
        if not waiting:
            return super().execute_sql(sql, params)
        return self._send(waiting + [self._text(sql, params)])

    def cursor(self, named_cursor=None):
        """Anything else sent on this connection (through a raw cursor) goes after what waits,
        which is sent first."""
        cursor = super().cursor(named_cursor)
        waiting = self._take()
        if waiting:
            with EXCEPTION_WRAPPER:
                cursor.execute(SEPARATOR.join(waiting))
        return cursor

    def begin(self, isolation_level=None):
        conn = self.connection()  # now, as peewee's BEGIN connects: connecting later resets the transaction
        if isolation_level is None:
            isolation_level = self._isolation_level
        statement = "BEGIN"
        if isolation_level:
            statement = "BEGIN TRANSACTION ISOLATION LEVEL %s" % self._adapter.isolation_level_str(isolation_level)
        self._queue.items, self._queue.conn, self._queue.begin_unsent = [statement.encode()], conn, True

    def commit(self):
        if self._begin_unsent() and len(self._queue.items) == 1:
            self._take()
            return  # the transaction sent nothing: nothing to commit
        self._send(self._take() + [b"COMMIT"])

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

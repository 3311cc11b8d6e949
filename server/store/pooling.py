"""Each request gives its database connection back to the process's pool when it ends
(see `server.store.db.POOL_SIZE`); a request that finds the pool exhausted for POOL_WAIT seconds
is answered 503 `busy`, like a locked database (server/api/error_handlers.py, in the request's
language)."""
from __future__ import annotations

import logging

from peewee import OperationalError

from server.store.db import database

log = logging.getLogger(__name__)


def release_connection() -> None:
    """Give this thread's connection back to the pool (nothing if it holds none, or is inside
    a transaction, which its own `atomic()` block ends)."""
    if database.obj is None or database.is_closed() or database.in_transaction():
        return
    forget_notifications(database.connection())
    try:
        database.close()
    except OperationalError:  # a broken connection: the pool discards it
        log.warning("could not return a database connection to the pool", exc_info=True)


def forget_notifications(connection) -> None:
    """Drop the NOTIFY messages a PostgreSQL connection has met. Only the waiters' notifier
    LISTENs, on a connection of its own; but behind PgBouncer's transaction pooling without
    HERALD_WAIT_DATABASE_URL its LISTEN stays on a server connection that PgBouncer goes on
    lending to requests, and psycopg2 keeps every notification a connection meets, for ever."""
    notifies = getattr(connection, "notifies", None)  # SQLite's connections have none
    if notifies:
        notifies.clear()


def init_app(app) -> None:
    # The connection that created the tables at start-up goes back to the pool, idle: close it,
    # so a gunicorn master that preloads the app never hands one SQLite connection to its forks.
    if hasattr(database.obj, "close_idle"):
        database.obj.close_idle()
    app.teardown_request(lambda exc: release_connection())

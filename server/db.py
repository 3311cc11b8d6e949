"""The database handle: one proxy the models bind to, opened from a peewee URL.

SQLite runs in WAL mode and takes the write lock at BEGIN (`atomic('IMMEDIATE')`), so two
gunicorn workers never both validate a move against the same version. Other databases
lock the game row instead (`SELECT ... FOR UPDATE`, see `models.lock_game`).
"""
from __future__ import annotations

from urllib.parse import urlparse

from peewee import DatabaseProxy, PostgresqlDatabase, SqliteDatabase
from playhouse.db_url import connect

database = DatabaseProxy()

SQLITE_PRAGMAS = {
    "busy_timeout": 15000,  # first, so the pragmas below wait for a lock instead of failing
    "journal_mode": "wal",
    "synchronous": "full",  # HERALD_SQLITE_SYNCHRONOUS; see bench/bench_synchronous.py for its cost
    "foreign_keys": 1,
}


def open_database(url: str, synchronous: str | None = None):
    """A peewee Database for the URL (not yet connected), bound to the models' proxy.
    `synchronous`: SQLite's setting (default FULL: an acknowledged move survives power loss)."""
    params = {}
    if urlparse(url).scheme.startswith("sqlite"):
        params["pragmas"] = {**SQLITE_PRAGMAS, **({"synchronous": synchronous} if synchronous else {})}
    db = connect(url, **params)
    database.initialize(db)
    return db


def is_sqlite() -> bool:
    return isinstance(database.obj, SqliteDatabase)


def write_transaction():
    """The one kind of transaction that changes a game: write-locked from its first statement."""
    if is_sqlite():
        return database.obj.atomic("IMMEDIATE")
    return database.obj.atomic()


def read_snapshot():
    """A read-only transaction whose reads all see one moment, while moves keep landing:
    SQLite's WAL readers see the database as of their first read; PostgreSQL needs
    REPEATABLE READ for that (READ COMMITTED re-reads per statement)."""
    if isinstance(database.obj, PostgresqlDatabase):
        return database.obj.atomic(isolation_level="REPEATABLE READ")
    return database.obj.atomic()

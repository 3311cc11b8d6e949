"""The database handle: one proxy the models bind to, opened from a peewee URL.

SQLite runs in WAL mode and takes the write lock at BEGIN (`atomic('IMMEDIATE')`), so two
gunicorn workers never both validate a move against the same version. Other databases
lock the game row instead (`SELECT ... FOR UPDATE`, see `models.lock_game`).
"""
from __future__ import annotations

import logging
import os
import stat
from urllib.parse import urlparse

from peewee import DatabaseProxy, PostgresqlDatabase, SqliteDatabase
from playhouse.db_url import connect, register_database

from server.store.roundtrips import FewerRoundTrips

database = DatabaseProxy()

SQLITE_PRAGMAS = {
    "busy_timeout": 15000,  # first, so the pragmas below wait for a lock instead of failing
    "journal_mode": "wal",
    "synchronous": "full",  # HERALD_SQLITE_SYNCHRONOUS; see bench/bench_synchronous.py for its cost
    "foreign_keys": 1,
}


# Connections are pooled per process: a request takes one and gives it back when it ends
# (server/store/pooling.py), so a thousand worker threads, most of them asleep in GET /wait, share
# a few connections instead of keeping one each (PostgreSQL would run out; a new SQLite
# connection with its pragmas costs ~4 ms, taking a pooled one ~10 us). HERALD_POOL_SIZE sets
# it; each process also has its waiters' notifier connection (server/store/longpoll.py) and
# group commit's two lanes (server/store/lanes.py): POOL_SIZE + 3. The default keeps 2 servers
# of 2 workers (4 x 13) and their hosts' timers and bots (12 each) under PostgreSQL's default
# max_connections of 100 (deploy/pgbouncer.md); one process runs Python one thread at a time,
# so 10 connections outnumber the queries it can have in flight.
POOL_SIZE = 10  # connections per process at most, unless HERALD_POOL_SIZE says otherwise
POOL_SIZE_MAX = 1000
POOL_WAIT = 10  # seconds a request waits for a free connection before 503 busy
# PostgreSQL: the pool, sending BEGIN and queued writes along with other statements (roundtrips.py)
POOLED_SCHEMES = {"sqlite": "sqlite+pool", "postgres": "postgres+herald", "postgresql": "postgres+herald"}
register_database(FewerRoundTrips, "postgres+herald")


def open_database(url: str, synchronous: str | None = None, pool_size: int | None = None, prepare: bool = True):
    """A peewee Database for the URL (not yet connected), bound to the models' proxy.
    `synchronous`: SQLite's setting (default FULL: an acknowledged move survives power loss);
    `pool_size`: connections this process may hold at most (default POOL_SIZE); `prepare`:
    PostgreSQL prepares the statements built once on each connection (roundtrips.py; off
    behind PgBouncer's transaction pooling)."""
    params: dict[str, object] = {}
    scheme = urlparse(url).scheme
    if scheme.startswith("sqlite"):
        params["pragmas"] = {**SQLITE_PRAGMAS, **({"synchronous": synchronous} if synchronous else {})}
        params["check_same_thread"] = False  # a pooled connection serves one thread at a time
    if scheme in POOLED_SCHEMES:
        url = POOLED_SCHEMES[scheme] + url[len(scheme):]
        params.update(max_connections=pool_size or POOL_SIZE, timeout=POOL_WAIT)
        if POOLED_SCHEMES[scheme] == "postgres+herald":
            params["prepare"] = prepare
    db = connect(url, **params)
    if isinstance(db, SqliteDatabase) and db.database != ":memory:":
        _keep_private(db.database)
    database.initialize(db)
    return db


def _keep_private(path: str) -> None:
    """The SQLite file holds the token hashes, every address and perhaps the key that signs
    codes: a new one is made readable by its owner alone (0600, whatever the umask; SQLite gives
    its -wal and -shm the main file's mode), as `backup` and `export` write theirs. An existing
    one keeps the mode its operator chose, unless every account may read it (0644, as releases
    before this one made it): then it, its -wal and its -shm lose the other accounts' access."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        return
    except FileExistsError:
        pass
    except OSError:
        return  # (no such folder, no permission: SQLite says why as it connects, as before)
    log = logging.getLogger(__name__)
    for name in (path, f"{path}-wal", f"{path}-shm"):
        try:
            mode = stat.S_IMODE(os.stat(name).st_mode)
        except OSError:
            continue  # (no -wal or -shm while nobody has the database open)
        if mode & stat.S_IROTH:
            try:
                os.chmod(name, mode & ~0o007)
                log.warning("%s was readable by every account on this machine; now only by its owner and group", name)
            except OSError as exc:  # not ours to change
                log.warning("%s is readable by every account on this machine (%s): chmod o-rwx it", name, exc.strerror)


def discard_connection() -> None:
    """Close this thread's connection for good: a pooled one is not handed out again."""
    if database.obj is None or database.is_closed():
        return
    try:
        close_for_good = getattr(database.obj, "manual_close", None)
        (close_for_good or database.close)()
    except Exception:  # closing a broken connection may fail too; it is gone either way
        pass


def is_sqlite() -> bool:
    return isinstance(database.obj, SqliteDatabase)


def write_transaction():
    """The one kind of transaction that changes a game: write-locked from its first statement."""
    if is_sqlite():
        return database.obj.atomic("IMMEDIATE")
    return database.obj.atomic()


def transaction_healthy() -> bool:
    """Whether this thread's transaction may still commit: PostgreSQL marks one failed after an
    error (its COMMIT then rolls back without saying so); the driver knows, with no round trip."""
    if not isinstance(database.obj, PostgresqlDatabase) or database.is_closed():
        return True
    from psycopg2.extensions import TRANSACTION_STATUS_INERROR  # PostgreSQL's driver (peewee's, for its URLs)

    return database.connection().info.transaction_status != TRANSACTION_STATUS_INERROR


def read_snapshot():
    """A read-only transaction whose reads all see one moment, while moves keep landing:
    SQLite's WAL readers see the database as of their first read; PostgreSQL needs
    REPEATABLE READ for that (READ COMMITTED re-reads per statement)."""
    if isinstance(database.obj, PostgresqlDatabase):
        return database.obj.atomic(isolation_level="REPEATABLE READ")
    return database.obj.atomic()

"""Several hosts on one PostgreSQL: who runs a scan, and who thinks for a house bot.

The outbox is shared row by row (batches claimed with SKIP LOCKED and leased: server/notify/delivery.py).
The scans are shared differently:

* `deadlines`, `remind`, `clocks` and `digest` are short runs started by a timer on every host. Each
  scan has one leader at a time: a run takes the scan's advisory lock without waiting
  (`pg_try_advisory_xact_lock`) and holds it until the scan ends; a run on another host that
  finds it taken skips the scan (and still sends its share of the mail). Every game such a
  scan touches is row-locked and checked again anyway, so overlapping scans were already
  correct; the lock only stops them from walking the same games in the same order. The
  digest claims each player's day with one guarded update (`players.digest_checked`) in the
  transaction that writes the digest, so two hosts never write a player two; the lock saves
  the second host the walk.
* `herald server bots` runs for good on each host; its work is thinking (CPU), so a second
  host should add capacity: each game is claimed while a bot thinks and plays in it
  (an advisory lock on the game id), and a game another host holds is left to it.

The locks are transaction-level, taken in a transaction of their own on a connection of
their own, held open while the work lasts (an idle transaction with no snapshot holds back
nothing); so they also work through PgBouncer's transaction pooling, and a host that dies
loses its connection and with it its locks. SQLite serves one machine: nothing to share.
"""
from __future__ import annotations

import logging
from contextlib import contextmanager

from peewee import PostgresqlDatabase

from server.store.db import database

log = logging.getLogger(__name__)

SCAN_LOCK = 4242002  # the first key of a scan's advisory lock (the migrations' lock is 4242001)
BOT_LOCK = 4242003  # the first key of a game's advisory lock while a house bot plays in it
SCANS = {"deadlines": 1, "reminders": 2, "clocks": 3, "digest": 4}


def shared() -> bool:
    """True on PostgreSQL, where several hosts may run the same commands."""
    return isinstance(database.obj, PostgresqlDatabase)


def _own_connection():
    """A driver connection with the pool's settings, outside the pool."""
    # peewee's stubs leave out _connect, the driver connection that the pool's own _connect wraps.
    connection = PostgresqlDatabase._connect(database.obj)  # type: ignore[attr-defined]
    connection.autocommit = False
    return connection


def _try_lock(connection, first: int, second: int) -> bool:
    """In a transaction of its own on `connection` (ended by the caller's rollback)."""
    cursor = connection.cursor()
    cursor.execute("SELECT pg_try_advisory_xact_lock(%s, %s)", (first, second))
    return bool(cursor.fetchone()[0])


@contextmanager
def leading(scan: str):
    """Yields True when this run has the scan to itself until the block ends, False when a run
    on another host has it now (skip it: that run does the work)."""
    if not shared():
        yield True
        return
    connection = _own_connection()
    try:
        yield _try_lock(connection, SCAN_LOCK, SCANS[scan])
    finally:
        try:
            connection.rollback()  # ends the transaction: the lock goes with it
        finally:
            connection.close()


class GameClaims:
    """For `herald server bots`: one game at a time per host, on one connection kept open."""

    def __init__(self):
        self.connection = None

    @contextmanager
    def claim(self, game_id: int):
        """Yields True when this host may play in the game until the block ends."""
        if not shared():
            yield True
            return
        if self.connection is None or self.connection.closed:
            self.connection = _own_connection()
        try:
            mine = _try_lock(self.connection, BOT_LOCK, game_id)
        except Exception:
            self.close()  # a broken connection: the next claim opens another
            raise
        try:
            yield mine
        finally:
            try:
                self.connection.rollback()
            except Exception:
                log.warning("could not end a house-bot game claim; reconnecting", exc_info=True)
                self.close()

    def close(self) -> None:
        if self.connection is not None:
            try:
                self.connection.close()
            except Exception:  # already broken
                pass
            self.connection = None

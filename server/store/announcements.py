"""Announcing committed moves to every process's waiters (PostgreSQL), off the move's path.

A move or a join that commits should wake its game's waiters in every process at once, not at
their notifier's next poll (server/store/longpoll.py). The announcement is `pg_notify` on
`longpoll.CHANNEL` in a small transaction of its own (never in the move's: PostgreSQL
serialises the commits of notifying transactions), which waits for no flush (synchronous_commit
off, SET LOCAL so that nothing stays on a connection PgBouncer may share). That transaction
still costs PostgreSQL a commit, so each process has one `Announcer` per database: a request
hands it the game id and answers its client at once, and the announcer's thread sends, every
WINDOW at most, one transaction naming every game committed since (comma-separated ids). Alone,
a move is announced WINDOW after its commit; under load one transaction announces the moves of
many requests (docs/benchmarks.md). A lost announcement (a crash, a broken connection) costs
only the notifiers' poll, so a failure is logged and the ids are dropped. A process that ends
sends what its announcers still hold as it exits (`flush_all`).
"""
from __future__ import annotations

import atexit
import logging
import threading
import time
import weakref
from functools import partial
from typing import Callable

from peewee import PostgresqlDatabase

from server.store.longpoll import CHANNEL

log = logging.getLogger(__name__)

ANNOUNCE = f"BEGIN; SET LOCAL synchronous_commit = off; SELECT pg_notify('{CHANNEL}', %s); COMMIT"
WINDOW = 0.005  # seconds an announcement waits for others to go with it (the wake-up's price)
IDS_PER_NOTIFY = 800  # game ids per pg_notify at most (its payload stays far below PostgreSQL's 8,000 bytes)
IDLE_EXIT = 10.0  # an announcer with nothing to send for this long stops (the next move starts it again)


class Announcer:
    """This process's announcements to one database: the ids to send, and the thread sending
    them with `send(ids)` (started by the first id, gone after IDLE_EXIT without any, calling
    `release()` as it goes; a forked worker starts its own)."""

    def __init__(self, send: Callable[[list[int]], object], release: Callable[[], object] = lambda: None,
                 idle: float = IDLE_EXIT) -> None:
        self.send, self.release, self.idle = send, release, idle
        self.ready = threading.Condition()
        self.pending: list[int] = []
        self.thread: threading.Thread | None = None

    def offer(self, game_id: int) -> None:
        """Announce `game_id` with the next send."""
        with self.ready:
            self.pending.append(game_id)
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run, name="herald-announcer", daemon=True)
                self.thread.start()
            self.ready.notify()

    def take(self) -> list[int] | None:
        """The ids to send once some have come (None: none came for its idle time, and this
        thread is given up: the next offer starts another)."""
        with self.ready:
            if not self.pending and not self.ready.wait_for(lambda: self.pending, self.idle):
                self.thread = None
                return None
        time.sleep(WINDOW)  # (outside the lock: the requests go on handing ids in)
        return self.drain()

    def drain(self) -> list[int]:
        """The ids not sent yet, taken now (whoever sends them: see flush_all)."""
        with self.ready:
            ids, self.pending = self.pending, []
        return sorted(set(ids))

    def _run(self) -> None:
        try:
            while (ids := self.take()) is not None:
                self.send(ids)
        finally:
            self.release()


def send(db, game_ids: list[int]) -> bool:
    """One announcement of `game_ids` on this thread's connection, tried again once on a fresh
    connection where that one had gone (the database restarted, the pool closed it: an
    announcement is a hint, sending it twice harms nobody); False (logged) when both failed."""
    for attempt in (1, 2):
        try:
            _notify(db, game_ids)
            return True
        except Exception:
            _drop_connection(db)
            if attempt == 2:
                log.warning("could not announce games %s to the waiters; they wake at their next poll", game_ids,
                            exc_info=True)
    return False


def _notify(db, game_ids: list[int]) -> None:
    from server.store.pooling import forget_notifications

    connection = db.connection()
    with connection.cursor() as cursor:
        notify(cursor, game_ids)
    forget_notifications(connection)  # (LISTEN through PgBouncer: see pooling)


def notify(cursor, game_ids: list[int]) -> None:
    """The announcement's transaction(s) on a driver cursor: IDS_PER_NOTIFY ids at most in each
    (bench/bench_cluster.py sends its model's with this too)."""
    for start in range(0, len(game_ids), IDS_PER_NOTIFY):
        cursor.execute(ANNOUNCE, (",".join(map(str, game_ids[start:start + IDS_PER_NOTIFY])),))


def _drop_connection(db) -> None:
    """After a failed announcement: its transaction rolled back, or a broken connection closed
    for good (the pool hands it out no more)."""
    from server.store.db import discard_connection

    try:
        db.connection().cursor().execute("ROLLBACK")
    except Exception:
        discard_connection()


def _send_to(ref: weakref.ref, game_ids: list[int]) -> None:
    db = ref()
    if db is not None:
        send(db, game_ids)


def _release(ref: weakref.ref) -> None:
    """The announcer's thread stops: its pooled connection goes back."""
    db = ref()
    if db is not None and not db.is_closed():
        db.close()


_announcers: "weakref.WeakKeyDictionary[object, Announcer]" = weakref.WeakKeyDictionary()
_announcers_lock = threading.Lock()


def announcer_of(db) -> Announcer:
    """The announcer of this database object (a process has one; the tests open several)."""
    with _announcers_lock:
        found = _announcers.get(db)
        if found is None:
            ref = weakref.ref(db)  # (the announcer keeps no database alive: it is the table's key)
            found = _announcers[db] = Announcer(partial(_send_to, ref), partial(_release, ref))
        return found


@atexit.register
def flush_all() -> None:
    """At the process's end, what its announcers still hold is sent from this thread: a one-shot
    command (`herald read-mail`, `fetch-mail`) that made a move ends before an announcer's window."""
    with _announcers_lock:
        announcers = list(_announcers.values())
    for announcer in announcers:
        ids = announcer.drain()
        if ids:
            announcer.send(ids)


def announce(game_id: int) -> None:
    """Called right after the commit of a move or a join: wake that game's waiters in every
    process soon (PostgreSQL; SQLite's poll is a shared-memory read), without a round trip of
    the request's own. Inside an outer transaction (a request under an Idempotency-Key, a
    mailed reply) the move is not committed yet: it is announced once that commits (peewee's
    `after_commit`), and not at all if it rolls back."""
    from server.store.db import database

    db = database.obj
    if isinstance(db, PostgresqlDatabase):
        db.after_commit(partial(announcer_of(db).offer, game_id))

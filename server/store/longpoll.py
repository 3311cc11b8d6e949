"""Long-polls that cost nothing while they wait: one notifier per server process.

`GET /games/{id}/wait` used to poll the games row every 0.25 s per waiting client. Now a
waiting request registers a `Waiter` and sleeps on a `threading.Event`: no query, no CPU.
One notifier thread per process and database watches for commits and wakes only the waiters
of the games that changed, and only when their seat is prompted or the game is over:

* SQLite: the notifier reads `PRAGMA data_version` on its own connection every
  `SQLITE_POLL` seconds. The number changes whenever any other connection, in this process
  or another one, commits; then one query reads the watched games' rows.
* PostgreSQL: the notifier reads `pg_current_snapshot()` every `PG_POLL` seconds on its own
  connection (one trivial query: no table is read). The snapshot changes whenever any
  transaction that wrote something commits (or starts writing); then one query reads the
  watched games' version and status. The watched games are read at least every `RECHECK`
  seconds whatever the snapshot says, so no waiter is stranded. That alone is correct.
  To wake sooner than the next poll, a waiting request first marks its game watched
  (`mark_watched`: a row of `watched_games`, until a while after its timeout, written once
  for several waits), and the request that has committed a move of a watched game (read
  with the game's lock) or a join hands
  the game id to its process's announcer (server/store/announcements.py), whose thread sends
  `pg_notify(CHANNEL, ids)` in a small transaction of its own, for every game committed within
  a few milliseconds (it waits for no flush); the notifier LISTENs and reads those games at once. While announcements arrive
  the poll slows to `PG_POLL_HEARING`: it then only catches changes nobody announced (a
  timer's deadline move, an undo, a cancel). A lost announcement (a crash) costs only the
  poll's delay; where none arrive (LISTEN through PgBouncer's transaction pooling, which
  cannot carry it) the poll stays fast.

  (Until m0091 a trigger on `games` sent `pg_notify` with every update, inside the move's
  transaction. PostgreSQL serialises the commits of transactions that NOTIFY, flush
  included: 16 threads committed 151 moves/s with it against 1,495 without. Now no move
  transaction notifies: only the announcements' small transactions do, and they wait for
  nothing.)

So several gunicorn workers, or several machines on one PostgreSQL, all wake their own
waiters. Why threads and not gevent: see deploy/README.md.
"""
from __future__ import annotations

import json
import logging
import os
import select
import signal
import threading
import time
import weakref
from urllib.parse import urlparse

from peewee import DatabaseError, PostgresqlDatabase
from playhouse.db_url import connect

log = logging.getLogger(__name__)

SQLITE_POLL = 0.05  # seconds between two reads of PRAGMA data_version (a shared-memory read)
PG_POLL = 0.05  # seconds between two reads of pg_current_snapshot() (a query that reads no table)
PG_POLL_HEARING = 0.5  # the same while announcements arrive: then it only catches changes nobody announced
HEARING = 10.0  # seconds after the last announcement heard that the notifier counts on them
RECHECK = 2.0  # seconds: the watched games are read at least this often, changed snapshot or not
IDLE_EXIT = 10.0  # a notifier nobody used for this long stops (a new waiter starts it again)
RETRY_PAUSE = 1.0  # after a database error, before the notifier reconnects
IN_CHUNK = 500  # ids per `IN (...)` query
WATCH_SLACK = 120  # seconds a game stays marked watched past its waiter's own timeout
WATCH_KEPT = 3600  # seconds an expired mark stays before a later mark clears it away
FEW = 8  # up to this many games (an announced move's) are read whole at once; more: version first
CHANNEL = "herald_games"  # announcements: comma-separated game ids


def ready(status: str, prompted: list | None, seat: int | None) -> bool:
    """What a waiter waits for: its seat is asked something, or the game is over."""
    return status == "finished" or any(p.get("seat") == seat for p in prompted or [])


class Waiter:
    """One waiting request: the game and seat it waits for, and the event that wakes it."""

    __slots__ = ("game_id", "seat", "woken")

    def __init__(self, game_id: int, seat: int | None):
        self.game_id = game_id
        self.seat = seat
        self.woken = threading.Event()


class Notifier:
    """The one watcher of a database in this process; waiters register with it."""

    def __init__(self, url: str):
        self.url = url
        self.lock = threading.Lock()
        self.waiters: dict[int, set[Waiter]] = {}
        self.thread: threading.Thread | None = None
        self.idle_since = time.monotonic()
        self.seen: dict[int, tuple] = {}  # game id -> (version, status) at the last check

    # --- the waiting side ---------------------------------------------------------------

    def add(self, waiter: Waiter) -> None:
        with self.lock:
            self.waiters.setdefault(waiter.game_id, set()).add(waiter)
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run, name="herald-notifier", daemon=True)
                self.thread.start()

    def remove(self, waiter: Waiter) -> None:
        with self.lock:
            group = self.waiters.get(waiter.game_id)
            if group is not None:
                group.discard(waiter)
                if not group:
                    del self.waiters[waiter.game_id]
                    self.seen.pop(waiter.game_id, None)
            if not self.waiters:
                self.idle_since = time.monotonic()

    def count(self) -> int:
        with self.lock:
            return sum(len(group) for group in self.waiters.values())

    # --- the notifier thread ------------------------------------------------------------

    def _run(self) -> None:
        while not self._idle():
            try:
                database = open_watch_database(self.url)
                try:
                    if isinstance(database, PostgresqlDatabase):
                        self._poll_snapshot(database)
                    else:
                        self._poll_data_version(database)
                finally:
                    database.close()
            except Exception:  # the database went away: waiters time out meanwhile, never hang
                if self._idle(grace=0):
                    return  # nobody waits: the next waiter starts a fresh notifier
                log.exception("wait notifier for %s failed; reconnecting", _safe(self.url))
                time.sleep(RETRY_PAUSE)

    def _idle(self, grace: float = IDLE_EXIT) -> bool:
        """True (and the thread is given up) once nobody has waited for `grace` seconds."""
        with self.lock:
            if not self.waiters and time.monotonic() - self.idle_since >= grace:
                self.thread = None
                self.seen.clear()
                return True
            return False

    def _poll_data_version(self, database) -> None:
        last = None
        while not self._idle():
            version = _run_sql(database, "PRAGMA data_version")[0][0]
            # Read the version before the rows, so a commit after this read is seen next round.
            if version != last:
                last = version
                self._wake_ready(database, self._watched())
            time.sleep(SQLITE_POLL)

    def _poll_snapshot(self, database) -> None:
        """PostgreSQL: the snapshot (the oldest running transaction, the next one, those in
        progress) is the same text as long as no transaction has committed. It is read before
        the rows, so a commit after this read changes the next one. Between two reads the
        notifier sleeps in select() on its LISTEN connection: an announcement wakes the
        announced games' waiters at once."""
        connection = database.connection()
        connection.autocommit = True  # each read sees what is committed now
        connection.cursor().execute(f"LISTEN {CHANNEL}")
        last, checked, polled, heard = None, 0.0, 0.0, -HEARING
        while not self._idle():
            # Announcements cover the moves and joins players make; while they arrive the poll
            # only has to catch what nobody announced (a timer's deadline move, an undo, a
            # cancel). None heard (LISTEN through PgBouncer, or a quiet server): the fast poll.
            every = PG_POLL_HEARING if time.monotonic() - heard < HEARING else PG_POLL
            pause = polled + every - time.monotonic()
            if pause > 0 and select.select([connection], [], [], pause)[0]:
                connection.poll()
                announced = {int(game) for n in connection.notifies for game in n.payload.split(",") if game.isdigit()}
                connection.notifies.clear()
                if announced:
                    heard = time.monotonic()
                watched = announced & set(self._watched())
                if watched:
                    self._wake_ready(database, watched)
                continue
            polled = time.monotonic()
            mark = _run_sql(database, "SELECT pg_current_snapshot()::text")[0][0]
            if mark != last or polled - checked >= RECHECK:
                last, checked = mark, polled
                self._wake_ready(database, self._watched())

    def _watched(self) -> list[int]:
        with self.lock:
            return list(self.waiters)

    def _wake_ready(self, database, game_ids) -> None:
        """Wake whoever is done among the waiters of the games that changed since the last
        check. Of many games, version and status are read first, and the question lists only
        of those whose version or status moved (under load, a few)."""
        ids = sorted(game_ids)
        for start in range(0, len(ids), IN_CHUNK):
            chunk = ids[start:start + IN_CHUNK]
            if len(chunk) > FEW:
                marks = ", ".join([database.param] * len(chunk))
                rows = _run_sql(database, f"SELECT id, version, status FROM games WHERE id IN ({marks})", chunk)
                # Unchanged since the last check: every waiter registered since then looked itself.
                chunk = [game_id for game_id, version, status in rows if self.seen.get(game_id) != (version, status)]
                if not chunk:
                    continue
            marks = ", ".join([database.param] * len(chunk))
            rows = _run_sql(database, f"SELECT id, version, status, prompted FROM games WHERE id IN ({marks})", chunk)
            for game_id, version, status, prompted_json in rows:
                if self.seen.get(game_id) == (version, status):
                    continue
                self.seen[game_id] = (version, status)
                prompted = _json(prompted_json)
                with self.lock:
                    group = list(self.waiters.get(game_id, ()))
                for waiter in group:
                    if ready(status, prompted, waiter.seat):
                        waiter.woken.set()


def _run_sql(database, sql: str, params=()) -> list:
    """On the driver's own cursor: the notifier's polling stays out of peewee's query log."""
    cursor = database.connection().cursor()
    try:
        cursor.execute(sql, params)
        return cursor.fetchall()
    finally:
        cursor.close()


def _json(text):
    try:
        return json.loads(text) if text else []
    except ValueError:
        return []


def _safe(url: str) -> str:
    """The URL without its password, for log lines."""
    parts = urlparse(url)
    return parts._replace(netloc=parts.hostname or "").geturl() if parts.password else url


def open_watch_database(url: str):
    """A database object of the notifier's own, apart from the request threads' proxy (and
    their pool): it only reads, so on SQLite it needs nothing but patience with a checkpoint."""
    if urlparse(url).scheme.startswith("sqlite"):
        return connect(url, pragmas={"busy_timeout": 5000})
    return connect(url)


_notifiers: dict[tuple[int, str], Notifier] = {}
_registry_lock = threading.Lock()


def notifier_for(url: str) -> Notifier:
    """This process's notifier for a database (a forked worker gets its own)."""
    key = (os.getpid(), url)
    with _registry_lock:
        found = _notifiers.get(key)
        if found is None:
            found = _notifiers[key] = Notifier(url)
        return found


def wait_until_ready(url: str, game_id: int, seat: int | None, seconds: float, is_ready) -> None:
    """Block until the notifier says the seat is ready, or `seconds` pass.

    `is_ready()` is asked once after registering, so a move landing between the caller's
    first look and the registration is not missed."""
    if seconds <= 0:
        return
    from server.store.pooling import release_connection

    notifier = notifier_for(url)
    waiter = Waiter(game_id, seat)
    notifier.add(waiter)
    try:
        mark_watched(game_id, seconds)
        if not is_ready():
            release_connection()  # a sleeping request holds no database connection
            waiter.woken.wait(seconds)
    finally:
        notifier.remove(waiter)


# Per database: game id -> until when (monotonic) its mark holds there, as marked by this process.
_marked: "weakref.WeakKeyDictionary[object, dict[int, float]]" = weakref.WeakKeyDictionary()
_marked_lock = threading.Lock()
# One round trip: the mark, and the marks long past their time cleared away (not this game's:
# one statement may not change a row twice).
MARK = ('WITH "cleared" AS (DELETE FROM "watched_games" WHERE "game_id" <> %s AND '
        f'"until" < (now() AT TIME ZONE \'UTC\') - interval \'{WATCH_KEPT} seconds\') '
        'INSERT INTO "watched_games" ("game_id", "until") '
        'VALUES (%s, (now() AT TIME ZONE \'UTC\') + %s * interval \'1 second\') '
        'ON CONFLICT ("game_id") DO UPDATE SET "until" = GREATEST("watched_games"."until", EXCLUDED."until")')


def mark_watched(game_id: int, seconds: float) -> None:
    """PostgreSQL: mark `game_id` watched for this wait, before the waiter looks at its game:
    a move whose lock reads the mark is announced to every process at once (server/table/movelog.py).
    One written for an earlier wait in this process that lasts past this one is enough. A
    move that read no mark (it locked its game just before the mark was written) wakes the
    waiter at the notifier's next poll. SQLite announces nothing: nothing to mark."""
    from server.store.db import database, is_sqlite

    if is_sqlite():
        return
    now = time.monotonic()
    with _marked_lock:
        marks = _marked.setdefault(database.obj, {})
        if marks.get(game_id, 0.0) >= now + seconds:
            return
        if len(marks) > 10_000:  # (a long-lived process: the marks past their time go)
            for old in [game for game, until in marks.items() if until < now]:
                del marks[old]
    kept = seconds + WATCH_SLACK
    try:
        database.execute_sql(MARK, (game_id, game_id, kept))
    except DatabaseError:  # (a hint: without it the waiter wakes at its notifier's poll)
        log.warning("could not mark game %s watched; its waiters wake at their poll", game_id, exc_info=True)
        return
    with _marked_lock:
        marks[game_id] = max(marks.get(game_id, 0.0), now + kept - 1)  # (a second short of the database's)


def wake_all() -> int:
    """Wake every waiter of this process: each answers with the game as it stands, and
    `herald wait` asks again (used when the process is about to stop)."""
    woken = 0
    with _registry_lock:
        notifiers = [n for (pid, _), n in _notifiers.items() if pid == os.getpid()]
    for notifier in notifiers:
        with notifier.lock:
            for group in notifier.waiters.values():
                for waiter in group:
                    waiter.woken.set()
                    woken += 1
    return woken


def wake_all_on(signum: int = signal.SIGTERM) -> None:
    """Before the handler already installed for `signum` (gunicorn's graceful stop of a
    worker: a reload, an upgrade), answer every sleeping waiter at once, so they ask again
    of the new workers instead of being cut off when the graceful timeout runs out."""
    previous = signal.getsignal(signum)

    def handler(sig, frame):
        wake_all()
        if callable(previous):
            previous(sig, frame)

    signal.signal(signum, handler)

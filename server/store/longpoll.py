"""Long-polls that cost nothing while they wait: one notifier per server process.

`GET /games/{id}/wait` used to poll the games row every 0.25 s per waiting client. Now a
waiting request registers a `Waiter` and sleeps on a `threading.Event`: no query, no CPU.
One notifier thread per process and database watches for commits and wakes only the waiters
of the games that changed, and only when their seat is prompted or the game is over:

* SQLite: the notifier reads `PRAGMA data_version` on its own connection every
  `SQLITE_POLL` seconds. The number changes whenever any other connection, in this process
  or another one, commits; then one query reads the watched games' rows.
* PostgreSQL: a trigger on `games` sends `pg_notify('herald_games', id)` with every update
  of a game row (moves, joins, deadlines, anything), delivered at commit to every process
  that LISTENs; the notifier sleeps in `select()` on its own connection until one arrives.

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
from urllib.parse import urlparse

from peewee import PostgresqlDatabase
from playhouse.db_url import connect

log = logging.getLogger(__name__)

SQLITE_POLL = 0.05  # seconds between two reads of PRAGMA data_version (a shared-memory read)
PG_SELECT = 1.0  # seconds one select() on the LISTEN connection may sleep
IDLE_EXIT = 10.0  # a notifier nobody used for this long stops (a new waiter starts it again)
RETRY_PAUSE = 1.0  # after a database error, before the notifier reconnects
CHANNEL = "herald_games"
IN_CHUNK = 500  # ids per `IN (...)` query

PG_TRIGGER = [
    "CREATE OR REPLACE FUNCTION herald_games_notify() RETURNS trigger AS $$ "
    f"BEGIN PERFORM pg_notify('{CHANNEL}', NEW.id::text); RETURN NEW; END $$ LANGUAGE plpgsql",
    "CREATE TRIGGER games_notify AFTER UPDATE ON games FOR EACH ROW EXECUTE FUNCTION herald_games_notify()",
]


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
                        self._listen(database)
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

    def _listen(self, database) -> None:
        connection = database.connection()
        connection.autocommit = True
        connection.cursor().execute(f"LISTEN {CHANNEL}")
        self._wake_ready(database, self._watched())  # whatever changed before LISTEN took effect
        while not self._idle():
            if select.select([connection], [], [], PG_SELECT)[0]:
                connection.poll()
                changed = {int(n.payload) for n in connection.notifies if n.payload.isdigit()}
                connection.notifies.clear()
                self._wake_ready(database, changed & set(self._watched()))

    def _watched(self) -> list[int]:
        with self.lock:
            return list(self.waiters)

    def _wake_ready(self, database, game_ids) -> None:
        """One query for every changed game that someone waits for; wake whoever is done."""
        ids = sorted(game_ids)
        for start in range(0, len(ids), IN_CHUNK):
            chunk = ids[start:start + IN_CHUNK]
            marks = ", ".join([database.param] * len(chunk))
            rows = _run_sql(database, f"SELECT id, version, status, prompted FROM games WHERE id IN ({marks})", chunk)
            for game_id, version, status, prompted_json in rows:
                # Unchanged since the last check: every waiter registered since then looked itself.
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
        if not is_ready():
            release_connection()  # a sleeping request holds no database connection
            waiter.woken.wait(seconds)
    finally:
        notifier.remove(waiter)


def prepare_database(database) -> None:
    """At startup: on PostgreSQL, the NOTIFY trigger on games (idempotent, and safe when
    several workers start at once). SQLite needs nothing."""
    if isinstance(database, PostgresqlDatabase):
        _install_postgres_trigger(database)


def _install_postgres_trigger(database) -> None:
    from peewee import DatabaseError

    def installed() -> bool:
        return database.execute_sql("SELECT 1 FROM pg_trigger WHERE tgname = 'games_notify'").fetchone() is not None

    if installed():
        return
    try:
        with database.atomic():
            for statement in PG_TRIGGER:
                database.execute_sql(statement)
    except DatabaseError:
        if not installed():
            raise


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

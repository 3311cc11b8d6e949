"""Database faults that waiting will not cure (disk full, a read-only file or file system, an
I/O error), told apart from a busy database: those need the operator, so they are answered
503 `database-unwritable` without Retry-After, logged as errors, and shown by /health."""
from __future__ import annotations

import re

import threading
import time

from server.errors import msg

# SQLite's extended result names (sqlite3.Error.sqlite_errorname) and PostgreSQL's SQLSTATEs.
SQLITE_REASONS = (("SQLITE_FULL", "disk-full"), ("SQLITE_READONLY", "read-only"), ("SQLITE_IOERR", "io-error"),
                  ("SQLITE_CANTOPEN", "cannot-open"), ("SQLITE_CORRUPT", "corrupt"), ("SQLITE_NOTADB", "corrupt"))
POSTGRES_REASONS = (("53100", "disk-full"), ("25006", "read-only"), ("58030", "io-error"), ("53", "out-of-resources"))
MESSAGES = {
    "disk-full": msg("the disk holding the database is full"),
    "read-only": msg("the database is read-only"),
    "io-error": msg("the database's disk reports input/output errors"),
    "cannot-open": msg("the database file cannot be opened"),
    "corrupt": msg("the database file is damaged"),
    "out-of-resources": msg("the database server is out of resources"),
}
REMEMBER_SECONDS = 60  # /health reports a fault this process met this recently

_lock = threading.Lock()
_last_fault: tuple[float, str] | None = None


def _driver_error(exc: BaseException) -> BaseException | None:
    """peewee wraps the driver's exception as its first argument (and as __context__)."""
    if exc.args and isinstance(exc.args[0], BaseException):
        return exc.args[0]
    return exc.__context__


UNREACHABLE = re.compile(r"could not connect to server|connection to server .* failed|Connection refused|"
                         r"server closed the connection unexpectedly|terminating connection due to administrator|"
                         r"is not currently accepting connections|the database system is (starting up|shutting down)",
                         re.IGNORECASE)


def unreachable(exc: BaseException) -> bool:
    """Whether the database server could not be reached at all (PostgreSQL stopped, restarting,
    refusing): not a busy database, and no use retrying within seconds."""
    return bool(UNREACHABLE.search(str(_driver_error(exc) or exc)))


def permanent_reason(exc: BaseException) -> str | None:
    """'disk-full', 'read-only', ... for a fault that needs the operator; None otherwise. The
    whole chain is searched: after SQLite rolled a failed COMMIT back by itself, peewee's own
    ROLLBACK fails ("no transaction is active") and hides the real error as its context."""
    link: BaseException | None = exc
    seen = 0
    while link is not None and seen < 6:
        reason = _reason_of(_driver_error(link) or link) or _reason_of(link)
        if reason is not None:
            return reason
        link, seen = link.__context__, seen + 1
    return None


def database_trouble(exc: BaseException) -> str | None:
    """One line for an exception of the database itself (busy, locked, unreachable, or a fault
    above), None for any other: what a command says instead of a traceback, since the fault
    is not a bug and passes, by itself or once the operator has seen to it."""
    from peewee import PeeweeException

    if not isinstance(exc, PeeweeException):
        return None
    reason = permanent_reason(exc)
    return f"{MESSAGES[reason]} ({exc})" if reason else f"the database is busy or unreachable ({exc})"


def _reason_of(original: BaseException) -> str | None:
    name = getattr(original, "sqlite_errorname", None) or ""
    for prefix, reason in SQLITE_REASONS:
        if name.startswith(prefix):
            return reason
    code = getattr(original, "pgcode", None) or ""
    for prefix, reason in POSTGRES_REASONS:
        if code.startswith(prefix):
            return reason
    return None


def remember(reason: str) -> None:
    global _last_fault
    with _lock:
        _last_fault = (time.monotonic(), reason)


def recent_fault() -> str | None:
    """The reason of a permanent fault met in the last REMEMBER_SECONDS, if any."""
    fault = _last_fault
    if fault is not None and time.monotonic() - fault[0] < REMEMBER_SECONDS:
        return fault[1]
    return None


def forget() -> None:
    global _last_fault
    with _lock:
        _last_fault = None

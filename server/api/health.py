"""What GET /health reports: whether the database takes writes now (a real, committed write,
at most once per PROBE_SECONDS per process), how old the oldest undelivered mail is, and
warnings about this server's setup that do not stop it serving (rate limits counted in one
process's memory on a database several servers share; a rate-limit store that does not answer;
no mail relay on a database several hosts share)."""
from __future__ import annotations

import os
import threading
import time

from marshmallow import Schema, fields
from peewee import DatabaseError, fn

from server.config import current_settings
from server.store import dbfaults
from server.store.db import is_sqlite, write_transaction
from server.store.models import HealthProbe, Notification, utcnow

PROBE_SECONDS = 5.0
MIN_FREE_BYTES = 1 << 20  # an SQLite file's disk with less free space than this counts as full

_lock = threading.Lock()
_probed: tuple[float, str | None] | None = None  # (when, fault reason or None)


class DatabaseHealthSchema(Schema):
    writable = fields.Boolean(metadata={"description": "a write was committed just now (or within 5 s)"})
    reason = fields.String(allow_none=True, metadata={
        "description": "disk-full, read-only, io-error, out-of-resources, or unreachable (no connection at all)"})


class OutboxHealthSchema(Schema):
    pending = fields.Integer(allow_none=True, metadata={"description": "mails waiting to be sent (null: unreadable)"})
    oldest_pending_seconds = fields.Integer(allow_none=True,
                                            metadata={"description": "age of the oldest one; null when none"})


class HealthSchema(Schema):
    ok = fields.Boolean(metadata={"description": "true when the database takes writes"})
    database = fields.Nested(DatabaseHealthSchema)
    outbox = fields.Nested(OutboxHealthSchema)
    warnings = fields.List(fields.String(), metadata={
        "description": "what the operator should fix though the server serves (empty when nothing): rate limits "
                       "counted in this process's memory while the database is PostgreSQL, a rate-limit "
                       "store that does not answer, or no mail relay (HERALD_SMTP_HOST) while the database is "
                       "PostgreSQL"})


def _sqlite_full() -> bool:
    """A committed one-row write can succeed on a full disk (SQLite reuses its WAL file and
    free pages), so for SQLite also look at the disk's free space and SQLite's own size
    limit (PRAGMA max_page_count)."""
    from server.store.db import database

    pages, limit, free = (database.execute_sql(f"PRAGMA {name}").fetchone()[0]
                          for name in ("page_count", "max_page_count", "freelist_count"))
    if pages >= limit and free == 0:
        return True
    folder = os.path.dirname(os.path.abspath(database.obj.database))
    disk = os.statvfs(folder)
    return disk.f_bavail * disk.f_frsize < MIN_FREE_BYTES


def _probe() -> str | None:
    """Commit one write; the fault's reason if the database refuses it."""
    try:
        with write_transaction():
            now = utcnow()
            (HealthProbe.insert(id=1, checked=now)
             .on_conflict(conflict_target=[HealthProbe.id], update={HealthProbe.checked: now}).execute())
        if is_sqlite() and _sqlite_full():
            return "disk-full"
    except DatabaseError as exc:
        reason = dbfaults.permanent_reason(exc)
        if reason is None:
            raise  # busy: the usual 503 with Retry-After
        dbfaults.remember(reason)
        return reason
    return None


def database_fault() -> str | None:
    """The reason the database cannot be written now, or None (probing at most every 5 s)."""
    global _probed
    now = time.monotonic()
    probed = _probed
    if probed is None or now - probed[0] >= PROBE_SECONDS:
        with _lock:
            probed = _probed = (now, _probe())
        if probed[1] is None:
            dbfaults.forget()
    return probed[1] or dbfaults.recent_fault()


def outbox() -> dict:
    """How many mails wait, and how long the oldest has that is not merely held for its player's
    quiet hours (never tried, its time not yet come: server/table/outbox.held): a reminder
    waiting for the morning is no sign of trouble with the relay."""
    pending = Notification.status == "pending"
    held = (Notification.attempts == 0) & (Notification.next_attempt > utcnow())
    count = Notification.select(fn.COUNT(Notification.id)).where(pending).scalar()
    oldest = Notification.select(fn.MIN(Notification.created)).where(pending & ~held).scalar()
    if isinstance(oldest, str):  # SQLite hands an aggregate back as text
        from datetime import datetime
        oldest = datetime.fromisoformat(oldest)
    age = int((utcnow() - oldest).total_seconds()) if oldest is not None else None
    return {"pending": count, "oldest_pending_seconds": age}


def report() -> tuple[dict, int]:
    """(body, HTTP status): 503 when the database does not take writes (or cannot be opened)."""
    from server.store.db import database, discard_connection

    unread = {"pending": None, "oldest_pending_seconds": None}
    reason: str | None
    try:
        database.connect(reuse_if_open=True)
    except DatabaseError as exc:  # no connection at all (PostgreSQL down, refusing): said, not "busy"
        reason, mail = dbfaults.permanent_reason(exc) or "unreachable", unread
    else:
        try:
            reason = database_fault()
            mail = outbox()
        except DatabaseError as exc:
            reason = dbfaults.permanent_reason(exc)
            if reason is None:
                raise
            dbfaults.remember(reason)
            discard_connection()
            mail = unread
    body = {"ok": reason is None, "database": {"writable": reason is None, "reason": reason}, "outbox": mail,
            "warnings": setup_warnings()}
    return body, 200 if reason is None else 503


MEMORY_LIMITS = ("rate limits are counted in this server process's memory, but the database is shared "
                 "(PostgreSQL): with several servers or workers an address gets each limit once per process. "
                 "Set HERALD_RATELIMIT_STORAGE_URI to one store for all, e.g. redis://127.0.0.1:6379/0 "
                 "(deploy/README.md, 'Several servers')")


# On PostgreSQL `notify` runs on every host, each sending a share of the outbox: one without a
# relay writes its share into its own local folder and counts it sent, and nobody receives it.
NO_RELAY = ("no mail relay is set (HERALD_SMTP_HOST) but the database is shared (PostgreSQL): each host's "
            "notify writes its share of the mail as .eml files into its own HERALD_MAIL_DIR and counts it "
            "sent, so players receive none. Set HERALD_SMTP_HOST and the other HERALD_SMTP_* settings on every "
            "host (deploy/README.md, 'Several servers')")


def setup_warnings() -> list[str]:
    """Warnings about how this server is set up (see the module's docstring)."""
    from flask import current_app

    from server.api import ratelimits

    config = current_settings()
    warnings = []
    if config.ratelimit_enabled:
        if ratelimits.in_memory(config):
            warnings += [] if is_sqlite() else [MEMORY_LIMITS]
        else:
            unreachable = ratelimits.store_unreachable(current_app)
            warnings += [unreachable] if unreachable else []
    if config.smtp_host is None and not is_sqlite():
        warnings.append(NO_RELAY)
    return warnings


def reset() -> None:
    """For a new app (tests): probe again at the next request."""
    global _probed
    _probed = None

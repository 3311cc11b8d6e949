"""Forgetting delivered mail: the outbox would otherwise be most of the database.

A mail that was sent (or dropped because its question was answered first) is deleted once it
is older than HERALD_MAIL_RETENTION_DAYS (30 by default). `herald server prune-mail` does it
at once; `herald server notify` does it by itself at most once an hour. Rows still to be
sent, `failed` and `uncertain` ones (the operator may send them again) are kept, and so are
invitations, which the invite form reads to pick a seat nobody was invited to yet, and a
vacation's notices as long as a vacation may last (a year): its end tells those they reached
that the player is back (server/table/vacation.py). Every
other reader of old rows looks back far less than a retention (a reminder period, a day's
digest); the chat digest of a turn mail shows its latest messages when the previous turn
mail is gone.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from server.config import Settings, settings_of
from server.store.db import database
from server.store.statements import tuples
from server.store.models import Notification, ServerSetting, utcnow
from server.table.vacation import LONGEST

PRUNED_STATUSES = ("sent", "dropped")
KEPT_KINDS = ("invite",)
PRUNE_EVERY = timedelta(hours=1)  # how often `notify` prunes by itself
BATCH = 5000  # rows per delete: short write transactions beside a live server
_LAST_RUN = "mail-pruned-at"


def retention(config: Settings) -> timedelta:
    config = settings_of(config)
    return timedelta(days=config.mail_retention_days)


def prune_sent_mail(keep: timedelta, now: datetime | None = None) -> int:
    """Delete delivered mail created more than `keep` before `now`; how many rows went."""
    now = now or utcnow()
    cutoff = now - keep
    old = ((Notification.status.in_(PRUNED_STATUSES)) & (Notification.kind.not_in(KEPT_KINDS))
           & (Notification.created < cutoff)
           & ((Notification.kind != "vacation") | (Notification.created < now - LONGEST)))
    pruned = 0
    while True:
        ids = [row_id for (row_id,) in tuples(Notification.select(Notification.id).where(old)
                                              .order_by(Notification.id).limit(BATCH))]
        if not ids:
            return pruned
        with database.atomic():
            pruned += Notification.delete().where(Notification.id.in_(ids)).execute()


def prune_if_due(config: Settings, now: datetime | None = None) -> int | None:
    """From `notify`: prune unless that was done less than PRUNE_EVERY ago (None: not due)."""
    config = settings_of(config)
    now = now or utcnow()
    last = ServerSetting.get_or_none(ServerSetting.key == _LAST_RUN)
    if last is not None and datetime.fromisoformat(last.value) > now - PRUNE_EVERY:
        return None
    pruned = prune_sent_mail(retention(config), now)
    (ServerSetting.insert(key=_LAST_RUN, value=now.isoformat())
     .on_conflict(conflict_target=[ServerSetting.key], update={ServerSetting.value: now.isoformat()}).execute())
    return pruned

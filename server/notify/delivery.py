"""Delivering the outbox: the same claim -> compose -> send -> mark for every channel
(server/notify/channels).

Never lost, never sent twice: a row is claimed (pending -> sending) before the send and
marked sent right after the receiver accepted it. What happens on a failure depends on what
the receiver can have done with the row, which the channel says by what it raises:

* a failure for now (a mail relay's 4xx, a webhook receiver that is down or answers other
  than 2xx, an error before the message was handed over, a database error while composing):
  back to pending with a later next_attempt (doubling from one minute up to an hour), until
  the row's give_up_after (MAIL_RETRY_DAYS after it was queued; 3 days by default), then `failed`;
* a refusal for good (Undeliverable): `failed` at once, with the reason;
* the whole message was sent and no answer came (DeliveryUncertain): the receiver may have
  stored it, so the row becomes `uncertain` and is not resent by itself. `notify
  --retry-uncertain` sends such rows again (a mail keeps its Message-ID).

A crash between the accepted send and the mark leaves the row in `sending`; the next mail run
turns it `uncertain` too (a lost mail is better than a duplicate turn mail).

A row that cannot be composed (a game engine failing to draw its position, a template meeting
a field its row lacks) is a bug, which every try would meet again: it is logged with the game
and seq, turned `failed` with the reason, and `notify` exits 4 (EXIT_BUG); after the fix,
`notify --retry-failed` sends it. A database error while composing is retried.

When the channel cannot be reached at all (TransportUnavailable: the SMTP server refuses the
connection, TLS or login, or the mail folder cannot be written), the run stops there and the
row goes back to pending without counting an attempt: an outage or a wrong password must not
use up every row's retries, nor make one run wait out a connection timeout per row.

Several hosts may run `notify` on one PostgreSQL: each run claims the due rows in batches of
CLAIM_BATCH (`SELECT ... FOR UPDATE SKIP LOCKED`: rows another run is claiming are skipped,
not waited for), leasing them to itself for LEASE (`claimed_by`, `lease_until`), and claims
each row of its batch as above before sending it. So two hosts send different rows, each a
share, and each run's `limit` is its own; a batch whose host died stays pending and is taken
by another run once its lease has run out (the one row that host may have been sending is
`sending`, and turns `uncertain` as after any crash). A run that outlives its lease only
loses the rows another run took since: the pending -> sending claim still lets exactly one
run send each row. SQLite has one writer at a time: there a run walks the due rows in
order, each claimed as it is sent.
"""
from __future__ import annotations

import logging
import os
import secrets
import socket
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from peewee import PeeweeException

from server.config import Settings, settings_of
from server.notify.channels import Channel, DeliveryUncertain, TransportUnavailable, Undeliverable
from server.store.db import is_sqlite
from server.store.models import Notification, utcnow
from server.table.engine_errors import EngineError

BASE_BACKOFF = timedelta(minutes=1)
MAX_BACKOFF = timedelta(hours=1)
STUCK_AFTER = timedelta(minutes=10)
CLAIM_BATCH = 16  # rows a notify run claims at a time on PostgreSQL
LEASE = timedelta(minutes=2)  # a claimed batch is its run's until then (then any run's: its host died)

# `herald server notify`'s exit statuses (2 is click's usage error). The most serious wins.
EXIT_DONE = 0  # every due mail sent, dropped as answered, or waiting for its next try
EXIT_UNREACHABLE = 1  # stopped early: no SMTP server or mail folder; the rest wait, no try used
EXIT_OPERATOR = 3  # a mail was given up (`failed`) or may have been delivered (`uncertain`)
EXIT_BUG = 4  # a mail could not be composed (an engine or template bug, logged): kept as `failed`


@dataclass
class DeliveryReport:
    sent: int = 0
    failed: int = 0  # attempts that failed this run (the rows stay pending unless given up)
    given_up: int = 0  # rows turned `failed` this run (refused for good, or out of retry time)
    uncertain: int = 0  # rows that may have been delivered (no answer after the message was sent)
    dropped: int = 0  # not sent after all: answered before, a house bot's, or to an address that bounced
    stuck: int = 0  # rows claimed long ago by a run that never finished: now `uncertain`
    unreachable: str | None = None  # why the run stopped early: no connection to the SMTP server
    broken: int = 0  # rows Herald could not compose (a bug, logged): now `failed`, kept for a retry
    left: int = 0  # due rows this run left for the next, having handled its `limit`
    errors: list[str] = field(default_factory=list)

    def handled(self) -> int:
        """Rows this report has settled one way or another."""
        return self.sent + self.failed + self.given_up + self.uncertain + self.dropped + self.broken

    def exit_status(self) -> int:
        """What `notify` exits with, so cron and systemd alert when a mail needs the operator."""
        if self.broken:
            return EXIT_BUG
        if self.unreachable:
            return EXIT_UNREACHABLE
        if self.given_up or self.uncertain or self.stuck:
            return EXIT_OPERATOR
        return EXIT_DONE


def backoff(attempts: int) -> timedelta:
    """1, 2, 4 ... minutes after the attempts so far, at most MAX_BACKOFF. The doubling stops
    at the cap: a day and a half of 4xx is 42 tries, and 2**41 minutes is past what a
    timedelta holds (the run died there, and its mail was later marked uncertain, unsent)."""
    delay = BASE_BACKOFF
    for _ in range(attempts - 1):
        if delay >= MAX_BACKOFF:
            break
        delay *= 2
    return min(delay, MAX_BACKOFF)


def retry_budget(config: Settings) -> timedelta:
    config = settings_of(config)
    return timedelta(days=config.mail_retry_days)


def deliver(channel: Channel, config: Settings, now: datetime | None = None, limit: int = 1000,
            ignore_backoff: bool = False, report: DeliveryReport | None = None) -> DeliveryReport:
    """Send every due pending row of `channel` once; failures are rescheduled, successes never
    resent. `now` is the moment the retry times are reckoned from (tests pass a later one)."""
    config = settings_of(config)
    now = now or utcnow()
    report = DeliveryReport() if report is None else report
    due = (Notification.status == "pending") & Notification.kind.in_(sorted(channel.kinds))
    if not ignore_backoff:
        due &= Notification.next_attempt <= now
    else:  # a row never tried that waits (a reminder in its player's quiet hours: table/outbox.held) still waits
        due &= (Notification.next_attempt <= now) | (Notification.attempts > 0)
    sender = channel.open(config)
    before = report.handled()
    try:
        send_claimed(due, now, limit, lambda row_id, owner: _deliver_one(channel, row_id, sender, config, report, now,
                                                                         owner))
    except TransportUnavailable as exc:
        report.unreachable = str(exc)
        report.errors.append(str(exc)[:300])
    finally:
        sender.close()
    if report.handled() - before >= limit and not report.unreachable:  # (a count only when the limit stopped it)
        report.left += Notification.select().where(due).count()
    return report


def run_owner() -> str:
    """Who claims rows in this run: the host, the process and the run (two runs of one process differ)."""
    return f"{socket.gethostname()[:40]}/{os.getpid()}/{secrets.token_hex(4)}"[:64]


def send_claimed(due, now: datetime, limit: int, deliver_row) -> None:
    """`deliver_row(row_id, owner)` each `due` row this run claims, in id order, up to `limit`
    rows; on PostgreSQL a batch at a time (module docstring). Leases still held at the end (the
    run stopped early) are given back, so another run need not wait them out."""
    owner = None if is_sqlite() else run_owner()
    done, after = 0, 0
    try:
        while done < limit:
            batch = claim_batch(due, now, owner, after, min(CLAIM_BATCH, limit - done))
            if not batch:
                return
            for row_id in batch:
                deliver_row(row_id, owner)
            done += len(batch)
            after = batch[-1]
    finally:
        if owner is not None:
            (Notification.update(claimed_by=None, lease_until=None)
             .where((Notification.claimed_by == owner) & (Notification.status == "pending")
                    & (Notification.lease_until > now)).execute())


def claim_batch(due, now: datetime, owner: str | None, after: int, size: int) -> list[int]:
    """The next `size` due rows above id `after`. SQLite (owner None): just their ids. PostgreSQL:
    rows no live lease holds, skipping those another run is claiming at this moment, leased to
    `owner` until now + LEASE in the same statement."""
    free = due & (Notification.id > after)
    if owner is None:
        return [r.id for r in Notification.select(Notification.id).where(free).order_by(Notification.id).limit(size)]
    free &= Notification.lease_until.is_null() | (Notification.lease_until < now)
    rows = (Notification.select(Notification.id).where(free).order_by(Notification.id).limit(size)
            .for_update(skip_locked=True))
    claimed = (Notification.update(claimed_by=owner, lease_until=now + LEASE)
               .where(Notification.id.in_(rows)).returning(Notification.id).tuples().execute())
    return sorted(row_id for (row_id,) in claimed)


def stuck(now: datetime):
    """Rows a run claimed and never marked, long enough ago that it crashed or was killed (while
    a row is `sending`, next_attempt holds when it was claimed)."""
    return (Notification.status == "sending") & (Notification.next_attempt < now - STUCK_AFTER)


def mark_stuck_uncertain() -> int:
    """Rows a run claimed and never marked (it crashed, or was killed, mid-send): the relay
    may have accepted them, so they are `uncertain`, like a send that got no answer."""
    return (Notification.update(status="uncertain",
                                last_error="notify was interrupted while sending this mail: it may or may not "
                                           "have been delivered")
            .where(stuck(utcnow()))
            .execute())


def requeue(statuses: tuple[str, ...], config: Settings, now: datetime | None = None) -> int:
    """Operator's choice: send rows in these states again, with a fresh retry budget."""
    config = settings_of(config)
    now = now or utcnow()
    return (Notification.update(status="pending", attempts=0, next_attempt=now,
                                give_up_after=now + retry_budget(config))
            .where(Notification.status.in_(list(statuses))).execute())


def requeue_stuck(now: datetime | None = None) -> int:
    """Rows interrupted by a crash, and any other `uncertain` row, sent again (may duplicate)."""
    mark_stuck_uncertain()
    return requeue(("uncertain",), Settings(), now)


def _deliver_one(channel: Channel, row_id: int, sender, config: Settings, report: DeliveryReport, now: datetime,
                 owner: str | None = None) -> None:
    """Claim, compose, send and mark one outbox row of `channel`. `owner`: the run whose batch
    holds the row (PostgreSQL), which must still be the one claiming it."""
    # While a row is `sending`, next_attempt holds the time it was claimed (see mark_stuck_uncertain).
    mine = (Notification.id == row_id) & (Notification.status == "pending")
    if owner is not None:
        mine &= Notification.claimed_by == owner  # not taken over by another run after our lease ran out
    claimed = (Notification.update(status="sending", attempts=Notification.attempts + 1, next_attempt=utcnow())
               .where(mine).execute())
    if not claimed:
        return  # another notify run took it
    row = Notification.get_by_id(row_id)
    why_not = channel.unsendable(row)
    if why_not:
        Notification.update(status="dropped", last_error=why_not).where(Notification.id == row_id).execute()
        report.dropped += 1
        return
    try:
        message = channel.compose(row, config)
    except PeeweeException as exc:  # the database, not the mail: tried again later
        _try_again_later(channel, row, exc, now, config, report)
        return
    except Exception as exc:  # a bug: retrying cannot help
        _not_composed(channel, row, exc, now, report)
        return
    try:
        sender.send(message)
    except TransportUnavailable:
        (Notification.update(status="pending", attempts=Notification.attempts - 1, next_attempt=utcnow())
         .where(Notification.id == row_id).execute())
        raise
    except DeliveryUncertain as exc:
        _settle(channel, row, "uncertain", now, str(exc), report)
        report.uncertain += 1
    except Undeliverable as exc:
        _settle(channel, row, "failed", now, str(exc), report)
        report.given_up += 1
        if exc.address_refused:
            channel.refused(row, str(exc))
    except Exception as exc:
        _try_again_later(channel, row, exc, now, config, report)
    else:
        Notification.update(status="sent", sent=utcnow(), last_error=None).where(Notification.id == row_id).execute()
        report.sent += 1


def _try_again_later(channel: Channel, row: Notification, exc: Exception, now: datetime, config: Settings, report: DeliveryReport) -> None:
    """A refusal for now (4xx), or a failure before the message was handed over: pending
    again after the back-off, or `failed` once past the row's retry budget."""
    give_up_after = row.give_up_after or row.created + retry_budget(config)
    out_of_time = now + backoff(row.attempts) > give_up_after
    reason = f"{type(exc).__name__}: {exc}"
    if out_of_time:
        reason = f"Gave up after {row.attempts} tries over {_days(now - row.created)}: {reason}"
    _settle(channel, row, "failed" if out_of_time else "pending", now + backoff(row.attempts), reason, report)
    report.failed += 1
    report.given_up += out_of_time


def _not_composed(channel: Channel, row: Notification, exc: Exception, now: datetime, report: DeliveryReport) -> None:
    """A row Herald could not compose: a bug (the game's engine: already logged as an engine
    error; a template or Herald itself: logged here), which the same mail would meet on every
    try. Kept as `failed` with the reason, for `notify --retry-failed` once it is fixed."""
    engine = isinstance(exc, EngineError)
    cause = exc.__cause__ if engine and exc.__cause__ is not None else exc
    if not engine:
        logging.getLogger(f"herald.{channel.name}").error("%s %s could not be composed: game %s, seq %s: %r",
                                                          channel.name, row.id, row.game_id, row.version, exc,
                                                          exc_info=exc)
    reason = (f"Not sent: {'the game engine failed' if engine else 'composing it failed'} (a bug, logged): "
              f"game {row.game_id}, seq {row.version}: {type(cause).__name__}: {cause}. Kept; once that is fixed, "
              f"'herald server notify --retry-failed' sends it.")
    _settle(channel, row, "failed", now, reason, report)
    report.broken += 1


def _settle(channel: Channel, row: Notification, status: str, next_attempt: datetime, reason: str, report: DeliveryReport) -> None:
    (Notification.update(status=status, next_attempt=next_attempt, last_error=reason[:500])
     .where(Notification.id == row.id).execute())
    report.errors.append(f"{channel.name} {row.id} to {row.email}: {reason}"[:300])


def _days(span: timedelta) -> str:
    hours = span.total_seconds() / 3600
    return f"{hours / 24:.1f} days" if hours >= 48 else f"{hours:.1f} hours"

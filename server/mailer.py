"""Delivering the outbox: SMTP when a host is configured, else .eml files in MAIL_DIR.

Never lost, never sent twice: a row is claimed (pending -> sending) before the send and
marked sent right after the server accepted it. Each mail's Message-ID is derived from its
row, so every try of one mail carries the same one. What happens on a failure depends on
what the relay can have done with the mail:

* it answered with a refusal for now (4xx) or the send failed before the message was
  handed over: back to pending with a later next_attempt (doubling from one minute up to
  an hour), until the row's give_up_after (MAIL_RETRY_DAYS after it was queued; 3 days by
  default), then `failed`;
* it refused for good (5xx), or the address needs SMTPUTF8 and the relay does not offer
  it: `failed` at once, with the reason;
* the whole message was sent and no answer came (a timeout, a dropped connection): the
  relay may have stored it, so the row becomes `uncertain` and is not resent by itself.
  `notify --retry-uncertain` sends such rows again, with the same Message-ID.

A crash between the accepted send and the mark leaves the row in `sending`; the next run
turns it `uncertain` too (a lost mail is better than a duplicate turn mail).

Several hosts may run `notify` on one PostgreSQL: each run claims the due rows in batches of
CLAIM_BATCH (`SELECT ... FOR UPDATE SKIP LOCKED`: rows another run is claiming are skipped,
not waited for), leasing them to itself for LEASE (`claimed_by`, `lease_until`), and claims
each row of its batch as above before sending it. So two hosts send different rows, each a
share; a batch whose host died stays pending and is taken by another run once its lease has
run out (the one row that host may have been sending is `sending`, and turns `uncertain`
as after any crash). A run that outlives its lease only loses the rows another run took
since: the pending -> sending claim still lets exactly one run send each row. SQLite has one
writer at a time: there a run walks the due rows in order, each claimed as it is sent.

When the SMTP server cannot be reached at all (connection refused or timed out, TLS or
login refused), or the mail folder cannot be written, the run stops there and the row goes back to pending without counting an
attempt: an outage or a wrong password must not use up every mail's retries, nor make one
run wait out a connection timeout per row.
"""
from __future__ import annotations

import os
import secrets
import smtplib
import socket
import ssl
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

from jinja2 import Environment, PackageLoader, StrictUndefined

from server import mailboard, mailparts, story
from server.addresses import delivery_address
from server.mailin import address as reply_address
from server.db import is_sqlite
from server.mailin.headers import decorate
from server.models import Notification, utcnow

BASE_BACKOFF = timedelta(minutes=1)
MAX_BACKOFF = timedelta(hours=1)
STUCK_AFTER = timedelta(minutes=10)
SMTP_TIMEOUT = 20  # seconds, unless the SMTP_TIMEOUT setting says otherwise
CLAIM_BATCH = 16  # rows a notify run claims at a time on PostgreSQL
LEASE = timedelta(minutes=2)  # a claimed batch is its run's until then (then any run's: its host died)

_templates = Environment(loader=PackageLoader("server", "templates"), undefined=StrictUndefined,
                         autoescape=False, keep_trailing_newline=True)


@dataclass
class DeliveryReport:
    sent: int = 0
    failed: int = 0  # attempts that failed this run (the rows stay pending unless given up)
    given_up: int = 0  # rows turned `failed` this run (refused for good, or out of retry time)
    uncertain: int = 0  # rows that may have been delivered (no answer after the message was sent)
    dropped: int = 0  # turn mails whose question was answered before they were sent
    stuck: int = 0  # rows claimed long ago by a run that never finished: now `uncertain`
    unreachable: str | None = None  # why the run stopped early: no connection to the SMTP server
    errors: list[str] = field(default_factory=list)


class TransportUnavailable(Exception):
    """No connection to the mail server: not this mail's fault, so no attempt is counted."""


class DeliveryUncertain(Exception):
    """The whole message went out and no answer came back: it may have been delivered."""


class Undeliverable(Exception):
    """The relay refused this mail for good, or cannot carry it: retrying cannot help."""


def message_id(row: Notification, config: dict) -> str:
    """The same for every try of one outbox row, and unique across rows and databases."""
    # An explicit domain: make_msgid would otherwise ask DNS for this host's name on every mail.
    domain = config["MAIL_FROM"].rpartition("@")[2].strip("> ") or "herald.invalid"
    created = row.created.strftime("%Y%m%d%H%M%S") if row.created else "0"
    return f"<herald.{row.id}.{created}@{domain}>"


def compose(row: Notification, config: dict) -> EmailMessage:
    """The mail for an outbox row, rendered from its template, its stored context and the
    position it is about (drawn now: server/mailboard.py)."""
    link = mailparts.play_url(row, config)
    context = mailboard.mail_context(row)
    text = _templates.get_template(f"{row.kind}.txt.j2").render(
        **{**context, **story_context(row, context)}, public_url=config.get("PUBLIC_URL", ""),
        reply_by_mail=reply_address.configured(config), play_url=link)
    head, _, body = text.partition("\n")
    address, international = delivery_address(row.email)
    # An address with a non-ASCII local part cannot be an encoded-word (RFC 2047 forbids it in
    # an address): such a mail is written in UTF-8 throughout (RFC 6532), as SMTPUTF8 sends it.
    message = EmailMessage(policy=policy.default.clone(utf8=True) if international else policy.default)
    message["Subject"] = head.removeprefix("Subject:").strip()
    message["From"] = config["MAIL_FROM"]
    message["To"] = address
    message["Date"] = format_datetime(datetime.now().astimezone())
    message["Message-ID"] = message_id(row, config)
    message["X-Herald-Notification"] = str(row.id)
    message.set_content(body.lstrip("\n"))
    message = mailparts.add_html(message, row, config, body.lstrip("\n"), link, context)  # text + HTML board
    decorate(message, row, config)  # Reply-To, thread and loop-guard headers (server.mailin)
    return message


class _PayloadTracking:
    """Remembers whether the message itself has gone out in the current DATA command: a
    failure after that point is `uncertain`, one before it is an ordinary failure."""

    payload_sent = False

    def send(self, s):
        super().send(s)
        if isinstance(s, bytes) and s.endswith(b"\r\n.\r\n"):
            self.payload_sent = True


class TrackingSMTP(_PayloadTracking, smtplib.SMTP):
    pass


class TrackingSMTPSSL(_PayloadTracking, smtplib.SMTP_SSL):
    pass


def _refused_for_good(exc: Exception) -> bool:
    """A 5xx answer (to every recipient, where there are several)."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in exc.recipients.values())
    return isinstance(exc, smtplib.SMTPResponseException) and exc.smtp_code >= 500


STORY_KINDS = ("turn", "reminder")


def story_context(row: Notification, context: dict) -> dict:
    """Read at send time: what happened since the seat last acted (turn mails, reminders);
    the board fitted to a mail's 78 columns. (Only these: the rest of a mail is written to
    fit, and a reply quoting it must find its lines as they were.)"""
    fitted = {"summary": story.fit(context["summary"])} if context.get("summary") else {}
    if row.kind not in STORY_KINDS or row.game_id is None:
        return fitted
    recap = story.recap_context(row.game_id, row.seat, row.version)
    return {**fitted, **recap, "recap": story.fit("\n".join(recap["recap"])).splitlines()}


def is_stale(row: Notification) -> bool:
    """A turn mail or reminder whose question was answered (or withdrawn) before it could be sent."""
    return row.kind in STORY_KINDS and row.game_id is not None and not story.still_asked(
        row.game_id, row.seat, row.version)


class SmtpTransport:
    """One SMTP connection per run, reopened after any failure."""

    def __init__(self, config: dict):
        self.config = config
        self.connection = None

    def _connect(self):
        host, port, mode = self.config["SMTP_HOST"], self.config["SMTP_PORT"], self.config["SMTP_TLS"]
        timeout = float(self.config.get("SMTP_TIMEOUT") or SMTP_TIMEOUT)
        if mode == "ssl":
            connection = TrackingSMTPSSL(host, port, timeout=timeout, context=self._tls())
        else:
            connection = TrackingSMTP(host, port, timeout=timeout)
            if mode == "starttls":
                connection.starttls(context=self._tls())
        if self.config.get("SMTP_USER"):
            connection.login(self.config["SMTP_USER"], self.config.get("SMTP_PASSWORD") or "")
        return connection

    def _tls(self) -> ssl.SSLContext:
        """Certificates are always verified; SMTP_CAFILE adds a private CA."""
        return ssl.create_default_context(cafile=self.config.get("SMTP_CAFILE") or None)

    def send(self, message: EmailMessage) -> None:
        if self.connection is None:
            try:
                self.connection = self._connect()
            except Exception as exc:
                raise TransportUnavailable(f"cannot reach the SMTP server {self.config['SMTP_HOST']}:"
                                           f"{self.config['SMTP_PORT']}: {type(exc).__name__}: {exc}") from exc
        connection = self.connection
        try:
            connection.ehlo_or_helo_if_needed()
            if not str(message["To"]).isascii() and not connection.has_extn("smtputf8"):
                raise Undeliverable(f"The address {message['To']} needs internationalised mail (SMTPUTF8), which "
                                    f"the relay {self.config['SMTP_HOST']} does not offer; enable SMTPUTF8 there, "
                                    f"or ask the player for an address without accents in the part before the @.")
            connection.payload_sent = False
            connection.send_message(message)
        except Undeliverable:
            raise
        except Exception as exc:
            self.close()
            if _refused_for_good(exc):
                raise Undeliverable(f"The relay refused this mail for good: {type(exc).__name__}: {exc}") from exc
            if connection.payload_sent and not isinstance(exc, smtplib.SMTPResponseException):
                raise DeliveryUncertain(f"The message was sent but the relay did not confirm it "
                                        f"({type(exc).__name__}: {exc}); it may have been delivered.") from exc
            raise

    def close(self) -> None:
        if self.connection is not None:
            try:
                self.connection.quit()
            except Exception:  # already broken: nothing more to do
                pass
            self.connection = None


class FolderTransport:
    """Without SMTP settings: one .eml file per mail, so a new user can read them."""

    def __init__(self, folder: str):
        self.folder = Path(folder)

    def send(self, message: EmailMessage) -> None:
        name = f"{str(message['X-Herald-Notification']).zfill(8)}.eml"
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            (self.folder / name).write_bytes(bytes(message))
        except OSError as exc:  # the folder setting, not this mail: like an unreachable relay
            raise TransportUnavailable(f"cannot write mail to {self.folder}: {exc.strerror or exc}") from exc

    def close(self) -> None:
        pass


def transport_for(config: dict):
    return SmtpTransport(config) if config.get("SMTP_HOST") else FolderTransport(config["MAIL_DIR"])


def backoff(attempts: int) -> timedelta:
    return min(BASE_BACKOFF * (2 ** max(attempts - 1, 0)), MAX_BACKOFF)


def retry_budget(config: dict) -> timedelta:
    return timedelta(days=float(config.get("MAIL_RETRY_DAYS") or 3))


def deliver_pending(config: dict, now: datetime | None = None, limit: int = 1000,
                    ignore_backoff: bool = False) -> DeliveryReport:
    """Send every due pending row once; failures are rescheduled, successes never resent.
    `now` is the moment the retry times are reckoned from (tests pass a later one)."""
    now = now or utcnow()
    report = DeliveryReport(stuck=mark_stuck_uncertain())
    due = (Notification.status == "pending") & (Notification.kind != "webhook")  # those: server/webhooks.py
    if not ignore_backoff:
        due &= Notification.next_attempt <= now
    transport = transport_for(config)
    try:
        send_claimed(due, now, limit, lambda row_id, owner: _deliver_one(row_id, transport, config, report, now,
                                                                         owner=owner))
    except TransportUnavailable as exc:
        report.unreachable = str(exc)
        report.errors.append(str(exc)[:300])
    finally:
        transport.close()
    return report


def run_owner() -> str:
    """Who claims rows in this run: the host, the process and the run (two runs of one process differ)."""
    return f"{socket.gethostname()[:40]}/{os.getpid()}/{secrets.token_hex(4)}"[:64]


def send_claimed(due, now: datetime, limit: int, deliver) -> None:
    """`deliver(row_id, owner)` each `due` row this run claims, in id order, up to `limit` rows;
    on PostgreSQL a batch at a time (module docstring). Leases still held at the end (the run
    stopped early) are given back, so another run need not wait them out."""
    owner = None if is_sqlite() else run_owner()
    done, after = 0, 0
    try:
        while done < limit:
            batch = claim_batch(due, now, owner, after, min(CLAIM_BATCH, limit - done))
            if not batch:
                return
            for row_id in batch:
                deliver(row_id, owner)
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


def mark_stuck_uncertain() -> int:
    """Rows a run claimed and never marked (it crashed, or was killed, mid-send): the relay
    may have accepted them, so they are `uncertain`, like a send that got no answer."""
    return (Notification.update(status="uncertain",
                                last_error="notify was interrupted while sending this mail: it may or may not "
                                           "have been delivered")
            .where((Notification.status == "sending") & (Notification.next_attempt < utcnow() - STUCK_AFTER))
            .execute())


def requeue(statuses: tuple[str, ...], config: dict, now: datetime | None = None) -> int:
    """Operator's choice: send rows in these states again, with a fresh retry budget."""
    now = now or utcnow()
    return (Notification.update(status="pending", attempts=0, next_attempt=now,
                                give_up_after=now + retry_budget(config))
            .where(Notification.status.in_(list(statuses))).execute())


def requeue_stuck(now: datetime | None = None) -> int:
    """Rows interrupted by a crash, and any other `uncertain` row, sent again (may duplicate)."""
    mark_stuck_uncertain()
    return requeue(("uncertain",), {}, now)


def _deliver_one(row_id: int, transport, config: dict, report: DeliveryReport, now: datetime, build=None,
                 owner: str | None = None) -> None:
    """Claim, send and mark one outbox row. `build(row, config)` makes what the transport
    sends (default: the mail); server/webhooks.py sends its rows through here too. `owner`:
    the run whose batch holds the row (PostgreSQL), which must still be the one claiming it."""
    # While a row is `sending`, next_attempt holds the time it was claimed (see mark_stuck_uncertain).
    mine = (Notification.id == row_id) & (Notification.status == "pending")
    if owner is not None:
        mine &= Notification.claimed_by == owner  # not taken over by another run after our lease ran out
    claimed = (Notification.update(status="sending", attempts=Notification.attempts + 1, next_attempt=utcnow())
               .where(mine).execute())
    if not claimed:
        return  # another notify run took it
    row = Notification.get_by_id(row_id)
    if is_stale(row):
        Notification.update(status="dropped", last_error="answered before it was sent").where(
            Notification.id == row_id).execute()
        report.dropped += 1
        return
    try:
        transport.send((build or compose)(row, config))
    except TransportUnavailable:
        (Notification.update(status="pending", attempts=Notification.attempts - 1, next_attempt=utcnow())
         .where(Notification.id == row_id).execute())
        raise
    except DeliveryUncertain as exc:
        _settle(row, "uncertain", now, str(exc), report)
        report.uncertain += 1
    except Undeliverable as exc:
        _settle(row, "failed", now, str(exc), report)
        report.given_up += 1
    except Exception as exc:
        give_up_after = row.give_up_after or row.created + retry_budget(config)
        out_of_time = now + backoff(row.attempts) > give_up_after
        reason = f"{type(exc).__name__}: {exc}"
        if out_of_time:
            reason = f"Gave up after {row.attempts} tries over {_days(now - row.created)}: {reason}"
        _settle(row, "failed" if out_of_time else "pending", now + backoff(row.attempts), reason, report)
        report.failed += 1
        report.given_up += out_of_time
    else:
        Notification.update(status="sent", sent=utcnow(), last_error=None).where(Notification.id == row_id).execute()
        report.sent += 1


def _settle(row: Notification, status: str, next_attempt: datetime, reason: str, report: DeliveryReport) -> None:
    (Notification.update(status=status, next_attempt=next_attempt, last_error=reason[:500])
     .where(Notification.id == row.id).execute())
    report.errors.append(f"mail {row.id} to {row.email}: {reason}"[:300])


def _days(span: timedelta) -> str:
    hours = span.total_seconds() / 3600
    return f"{hours / 24:.1f} days" if hours >= 48 else f"{hours:.1f} hours"

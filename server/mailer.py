"""Delivering the outbox: SMTP when a host is configured, else .eml files in MAIL_DIR.

Delivery is at-most-once per successful SMTP transaction: a row is claimed
(pending -> sending) before the send and marked sent right after the server accepted
it. A failed send puts the row back to pending with a later next_attempt (exponential
backoff) until MAX_ATTEMPTS, then `failed`. A crash between the accepted send and the
mark leaves the row in `sending`: it is never sent again (a lost mail is better than
a duplicate turn mail) and `notify` reports such rows for the operator.

When the SMTP server cannot be reached at all (connection refused or timed out, TLS or
login refused), or the mail folder cannot be written, the run stops there and the row goes back to pending without counting an
attempt: an outage or a wrong password must not use up every mail's retries, nor make one
run wait out a connection timeout per row.
"""
from __future__ import annotations

import smtplib
import ssl
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path

from jinja2 import Environment, PackageLoader, StrictUndefined

from server import mailparts
from server.models import Notification, utcnow

MAX_ATTEMPTS = 8
BASE_BACKOFF = timedelta(minutes=1)
MAX_BACKOFF = timedelta(hours=6)
STUCK_AFTER = timedelta(minutes=10)
SMTP_TIMEOUT = 20

_templates = Environment(loader=PackageLoader("server", "templates"), undefined=StrictUndefined,
                         autoescape=False, keep_trailing_newline=True)


@dataclass
class DeliveryReport:
    sent: int = 0
    failed: int = 0  # attempts that failed this run (the rows stay pending unless given up)
    given_up: int = 0
    stuck: int = 0  # rows claimed long ago and never marked: possibly sent, never resent
    unreachable: str | None = None  # why the run stopped early: no connection to the SMTP server
    errors: list[str] = field(default_factory=list)


class TransportUnavailable(Exception):
    """No connection to the mail server: not this mail's fault, so no attempt is counted."""


def compose(row: Notification, config: dict) -> EmailMessage:
    """The mail for an outbox row, rendered from its template and stored context."""
    link = mailparts.play_url(row, config)
    text = _templates.get_template(f"{row.kind}.txt.j2").render(
        **row.context, public_url=config.get("PUBLIC_URL", ""), play_url=link)
    head, _, body = text.partition("\n")
    message = EmailMessage()
    message["Subject"] = head.removeprefix("Subject:").strip()
    message["From"] = config["MAIL_FROM"]
    message["To"] = row.email
    message["Date"] = format_datetime(datetime.now().astimezone())
    # An explicit domain: make_msgid would otherwise ask DNS for this host's name on every mail.
    domain = config["MAIL_FROM"].rpartition("@")[2].strip("> ") or "herald.invalid"
    message["Message-ID"] = make_msgid(f"herald.{row.id}", domain=domain)
    message["X-Herald-Notification"] = str(row.id)
    message.set_content(body.lstrip("\n"))
    return mailparts.add_html(message, row, config, body.lstrip("\n"), link)  # text + HTML with the board


class SmtpTransport:
    """One SMTP connection per run, reopened after any failure."""

    def __init__(self, config: dict):
        self.config = config
        self.connection = None

    def _connect(self):
        host, port, mode = self.config["SMTP_HOST"], self.config["SMTP_PORT"], self.config["SMTP_TLS"]
        if mode == "ssl":
            connection = smtplib.SMTP_SSL(host, port, timeout=SMTP_TIMEOUT, context=self._tls())
        else:
            connection = smtplib.SMTP(host, port, timeout=SMTP_TIMEOUT)
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
        try:
            self.connection.send_message(message)
        except Exception:
            self.close()
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
        name = f"{message['X-Herald-Notification'].zfill(8)}.eml"
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


def deliver_pending(config: dict, now: datetime | None = None, limit: int = 1000) -> DeliveryReport:
    """Send every due pending row once; failures are rescheduled, successes never resent."""
    now = now or utcnow()
    report = DeliveryReport()
    due = [r.id for r in Notification.select(Notification.id)
           .where((Notification.status == "pending") & (Notification.next_attempt <= now))
           .order_by(Notification.id).limit(limit)]
    transport = transport_for(config)
    try:
        for row_id in due:
            _deliver_one(row_id, transport, config, report)
    except TransportUnavailable as exc:
        report.unreachable = str(exc)
        report.errors.append(str(exc)[:300])
    finally:
        transport.close()
    report.stuck = (Notification.select().where((Notification.status == "sending")
                                                & (Notification.next_attempt < utcnow() - STUCK_AFTER)).count())
    return report


def requeue_stuck(now: datetime | None = None) -> int:
    """Operator's choice after a crash: send rows stuck in `sending` again (may duplicate)."""
    cutoff = (now or utcnow()) - STUCK_AFTER
    return (Notification.update(status="pending", next_attempt=utcnow())
            .where((Notification.status == "sending") & (Notification.next_attempt < cutoff)).execute())


def _deliver_one(row_id: int, transport, config: dict, report: DeliveryReport) -> None:
    # While a row is `sending`, next_attempt holds the time it was claimed (see requeue_stuck).
    claimed = (Notification.update(status="sending", attempts=Notification.attempts + 1, next_attempt=utcnow())
               .where((Notification.id == row_id) & (Notification.status == "pending")).execute())
    if not claimed:
        return  # another notify run took it
    row = Notification.get_by_id(row_id)
    try:
        transport.send(compose(row, config))
    except TransportUnavailable:
        (Notification.update(status="pending", attempts=Notification.attempts - 1, next_attempt=utcnow())
         .where(Notification.id == row_id).execute())
        raise
    except Exception as exc:
        give_up = row.attempts >= MAX_ATTEMPTS
        (Notification.update(status="failed" if give_up else "pending", next_attempt=utcnow() + backoff(row.attempts),
                             last_error=f"{type(exc).__name__}: {exc}"[:500])
         .where(Notification.id == row_id).execute())
        report.failed += 1
        report.given_up += give_up
        report.errors.append(f"mail {row_id} to {row.email}: {type(exc).__name__}: {exc}"[:300])
    else:
        Notification.update(status="sent", sent=utcnow(), last_error=None).where(Notification.id == row_id).execute()
        report.sent += 1

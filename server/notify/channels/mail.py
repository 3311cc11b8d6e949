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
  it: `failed` at once, with the reason; when it refused the address itself, mail to that
  player's address is paused (server/notify/bounces.py);
* the whole message was sent and no answer came (a timeout, a dropped connection): the
  relay may have stored it, so the row becomes `uncertain` and is not resent by itself.
  `notify --retry-uncertain` sends such rows again, with the same Message-ID.

A crash between the accepted send and the mark leaves the row in `sending`; the next run
turns it `uncertain` too (a lost mail is better than a duplicate turn mail).

A mail that cannot be composed (a game engine failing to draw its position, a template
meeting a field its row lacks) is a bug, which every try would meet again: it is logged with
the game and seq, turned `failed` with the reason, and `notify` exits 4 (EXIT_BUG); after
the fix, `notify --retry-failed` sends it. A database error while composing is retried.

When the SMTP server cannot be reached at all (connection refused or timed out, TLS or
login refused), or the mail folder cannot be written, the run stops there and the row goes back to pending without counting an
attempt: an outage or a wrong password must not use up every mail's retries, nor make one
run wait out a connection timeout per row.

This is the mail channel (server/notify/channels): it carries every outbox row kind that has a
text template (templates/<kind>.txt.j2). The claim -> compose -> send -> mark step, with its
retries, is the same for every channel: server/notify/delivery.py.
"""
from __future__ import annotations

import os
import smtplib
import ssl
from datetime import datetime
from email import policy
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path


from server.config import Settings, settings_of
from server.notify import bounces
from server.table import clocks
from server.notify import delivery, mailboard, mailparts, story
from server.notify.channels import DeliveryUncertain, TransportUnavailable, Undeliverable
from server.notify.delivery import DeliveryReport, mark_stuck_uncertain
from server.players import seats
from server.players.addresses import delivery_address, mailable
from server.guides.reader import rules_url
from server.notify import reply_addresses as reply_address
from server.notify.mail_headers import decorate
from server.store.models import Game, Notification, Player, utcnow
from server.web.i18n import languages, templating, terms



def message_id(row: Notification, config: Settings) -> str:
    """The same for every try of one outbox row, and unique across rows and databases."""
    config = settings_of(config)
    # An explicit domain: make_msgid would otherwise ask DNS for this host's name on every mail.
    domain = config.mail_from.rpartition("@")[2].strip("> ") or "herald.invalid"
    created = row.created.strftime("%Y%m%d%H%M%S") if row.created else "0"
    return f"<herald.{row.id}.{created}@{domain}>"


def compose(row: Notification, config: Settings, language: str | None = None) -> EmailMessage:
    """The mail for an outbox row, rendered from its template, its stored context and the
    position it is about (drawn now: server/notify/mailboard.py), in its recipient's language
    as set when it is sent (`recipient_language`; `language` says it in another, for a
    comparison or a preview)."""
    config = settings_of(config)
    link = mailparts.play_url(row, config)
    language = language or recipient_language(row)
    context = mailboard.said_fields(mailboard.mail_context(row, language), language)
    ruleset = context.get("ruleset") or _ruleset_of(row)
    context = {**context, "rules_url": rules_url(config, ruleset, language)}
    if "title" in context:
        context["title"] = terms.title(language, context["title"], ruleset)
    if row.kind == "digest":
        context["games"] = [{**g, "title": terms.title(language, g["title"])} for g in context["games"]]
    text = templating.render(f"{row.kind}.txt.j2", language, **{**context, **story_context(row, context, language)},
                             public_url=config.public_url, reply_by_mail=reply_address.configured(config),
                             play_url=link)
    head, _, body = text.partition("\n")
    address, international = delivery_address(row.email)
    # An address with a non-ASCII local part cannot be an encoded-word (RFC 2047 forbids it in
    # an address): such a mail is written in UTF-8 throughout (RFC 6532), as SMTPUTF8 sends it.
    message = EmailMessage(policy=policy.default.clone(utf8=True) if international else policy.default)
    message["Subject"] = head.removeprefix("Subject:").strip()
    message["From"] = config.mail_from
    message["To"] = address
    message["Date"] = format_datetime(datetime.now().astimezone())
    message["Message-ID"] = message_id(row, config)
    message["X-Herald-Notification"] = str(row.id)
    mailparts.set_text(message, body.lstrip("\n"))  # in an encoding that keeps the board's lines whole
    message = mailparts.add_html(message, row, config, body.lstrip("\n"), link, context, language)  # text + HTML board
    message["Content-Language"] = language  # after the parts: setting a body drops the Content- headers
    decorate(message, row, config)  # Reply-To, thread and loop-guard headers (server.mailin)
    return message


def recipient_language(row: Notification) -> str:
    """The language a mail is written in: its player's setting when it is sent (the default,
    English, where none is chosen). An invitation goes to an address, not to its row's player
    (the inviter): in the language of the player who has that address, if one has chosen it,
    else in the inviter's."""
    if row.kind == "invite":
        invited = Player.by_email(row.email).first()
        if invited is not None and invited.language:
            return languages.effective(invited.language)
    player = Player.select(Player.language).where(Player.id == row.player_id).first()
    return languages.effective(player.language if player else None)


def _ruleset_of(row: Notification) -> str | None:
    """For rows stored before their context named the ruleset: the game's."""
    if row.game_id is None:
        return None
    game = Game.select(Game.ruleset).where(Game.id == row.game_id).first()
    return game.ruleset if game else None


class _PayloadTracking(smtplib.SMTP):
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


def story_context(row: Notification, context: dict, language: str | None = None) -> dict:
    """Read at send time: what happened since the seat last acted (turn mails, reminders),
    fitted to a mail's 78 columns. The board is not: it goes as `herald show` prints it, its
    lines whole (a wrapped board cannot be read; mailparts.set_text keeps them whole)."""
    if row.kind not in STORY_KINDS or row.game_id is None or row.seat is None:  # (these kinds have both)
        return {}
    recap = story.recap_context(row.game_id, row.seat, row.version, language)
    return {**recap, "recap": story.fit("\n".join(recap["recap"])).splitlines()}


def unsendable(row: Notification) -> str | None:
    """Why a claimed row is not sent after all, or None to send it."""
    if is_stale(row):
        return "answered before it was sent"
    if row.kind in STORY_KINDS and row.game_id is not None and row.seat is not None and \
            (row.player_id is None or row.seat not in seats.held_now(row.game_id, row.player_id)):
        return "its seat changed hands before it was sent"
    if row.kind == "digest" and row.game_id is not None and not mailboard.still_waiting(row.context["games"]):
        return "every game it lists was answered before it was sent"
    if row.kind == "reminder" and row.player_id is not None and clocks.away_now(row.player_id, utcnow()):
        return "its player went on vacation before it was sent: their clocks stand still"
    if row.kind == "vacation" and row.context.get("away_id") and not clocks.away_now(row.context["away_id"], utcnow()):
        return "the vacation it announces ended before it was sent"
    if row.kind == "back" and clocks.away_now(row.context["away_id"], utcnow()):
        return "its player went on vacation again before it was sent"
    if not mailable(row.email):
        return "a house bot's seat: never mailed"
    if bounces.paused(row):
        return "mail to this address is paused: it bounced"
    return None


def is_stale(row: Notification) -> bool:
    """A turn mail or reminder whose question was answered (or withdrawn) before it could be sent."""
    return row.kind in STORY_KINDS and row.game_id is not None and not story.still_asked(
        row.game_id, row.seat, row.version)


class SmtpTransport:
    """One SMTP connection per run, reopened after any failure."""

    def __init__(self, config: Settings):
        config = settings_of(config)
        self.config = config
        self.connection: _PayloadTracking | None = None

    def _connect(self) -> _PayloadTracking:
        host, port, mode = self.config.smtp_host, self.config.smtp_port, self.config.smtp_tls
        if host is None or port is None:  # a sender is made only for a relay (HERALD_SMTP_HOST)
            raise ValueError("no SMTP relay is set (HERALD_SMTP_HOST)")
        timeout = self.config.smtp_timeout
        connection: _PayloadTracking
        if mode == "ssl":
            connection = TrackingSMTPSSL(host, port, timeout=timeout, context=self._tls())
        else:
            connection = TrackingSMTP(host, port, timeout=timeout)
            if mode == "starttls":
                connection.starttls(context=self._tls())
        if self.config.smtp_user:
            connection.login(self.config.smtp_user, self.config.smtp_password or "")
        return connection

    def _tls(self) -> ssl.SSLContext:
        """Certificates are always verified; SMTP_CAFILE adds a private CA."""
        return ssl.create_default_context(cafile=self.config.smtp_cafile or None)

    def send(self, message: EmailMessage) -> None:
        if self.connection is None:
            try:
                self.connection = self._connect()
            except Exception as exc:
                raise TransportUnavailable(f"cannot reach the SMTP server {self.config.smtp_host}:"
                                           f"{self.config.smtp_port}: {type(exc).__name__}: {exc}") from exc
        connection = self.connection
        try:
            connection.ehlo_or_helo_if_needed()
            if not str(message["To"]).isascii() and not connection.has_extn("smtputf8"):
                raise Undeliverable(f"The address {message['To']} needs internationalised mail (SMTPUTF8), which "
                                    f"the relay {self.config.smtp_host} does not offer; enable SMTPUTF8 there, "
                                    f"or ask the player for an address without accents in the part before the @.")
            connection.payload_sent = False
            connection.send_message(message)
        except Undeliverable:
            raise
        except Exception as exc:
            self.close()
            if _refused_for_good(exc):
                raise Undeliverable(f"The relay refused this mail for good: {type(exc).__name__}: {exc}",
                                    bounces.address_refused(exc)) from exc
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
        target = self.path(int(str(message["X-Herald-Notification"])))
        partial = target.with_suffix(".partial")
        try:
            # The folder Herald makes is its owner's only too (its listing tells when mail went out);
            # a folder the operator made keeps the mode they gave it.
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            # A mail may hold a live one-time code (recovery, a new address): its owner's only,
            # whatever the umask (fchmod too: a .partial a killed run left keeps its own mode).
            with os.fdopen(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as out:
                os.fchmod(out.fileno(), 0o600)
                out.write(bytes(message))
            os.replace(partial, target)  # the .eml is there whole, or not at all: `unwritten` can tell
        except OSError as exc:  # the folder setting, not this mail: like an unreachable relay
            raise TransportUnavailable(f"cannot write mail to {self.folder}: {exc.strerror or exc}") from exc

    def path(self, row_id: int) -> Path:
        return self.folder / f"{str(row_id).zfill(8)}.eml"

    def unwritten(self, now: datetime) -> int:
        """Mails a run claimed and was stopped before writing (killed): unlike a relay, the folder
        says whether the mail arrived, so those whose file is not there go back to pending, to be
        written once (the others are marked sent). Over SMTP such rows turn `uncertain`."""
        ids = [row.id for row in Notification.select(Notification.id)
               .where(delivery.stuck(now) & Notification.kind.in_(sorted(CHANNEL.kinds)))]
        written = [row_id for row_id in ids if self.path(row_id).exists()]
        missing = sorted(set(ids) - set(written))
        if written:
            Notification.update(status="sent", sent=now).where(Notification.id.in_(written)).execute()
        if missing:
            Notification.update(status="pending", next_attempt=now, claimed_by=None, lease_until=None) \
                .where(Notification.id.in_(missing)).execute()
        return len(missing)

    def close(self) -> None:
        pass


def transport_for(config: Settings):
    config = settings_of(config)
    return SmtpTransport(config) if config.smtp_host else FolderTransport(config.mail_dir)


class MailChannel:
    name = "mail"
    kinds = frozenset(template.removesuffix(".txt.j2") for template in templating.templates(".txt.j2"))

    def compose(self, row: Notification, config: Settings) -> EmailMessage:
        return compose(row, config)

    def open(self, config: Settings):
        return transport_for(config)

    def unsendable(self, row: Notification) -> str | None:
        return unsendable(row)

    def refused(self, row: Notification, reason: str) -> None:
        """The relay refused the player's address itself: mail to it pauses (server/notify/bounces.py)."""
        bounces.pause(row, reason)


CHANNEL = MailChannel()


def deliver_pending(config: Settings, now: datetime | None = None, limit: int = 1000,
                    ignore_backoff: bool = False) -> DeliveryReport:
    """Send every due pending mail once; failures are rescheduled, successes never resent.
    `now` is the moment the retry times are reckoned from (tests pass a later one). Rows a
    crashed run left `sending` (of any channel) are marked `uncertain` first."""
    now = now or utcnow()
    config = settings_of(config)
    if not config.smtp_host:  # the folder can tell which mails a killed run never wrote: not uncertain
        FolderTransport(config.mail_dir).unwritten(now)
    return delivery.deliver(CHANNEL, config, now, limit, ignore_backoff, DeliveryReport(stuck=mark_stuck_uncertain()))

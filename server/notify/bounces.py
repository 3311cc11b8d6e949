"""Bounces: a player's address that cannot take mail pauses Herald's mail to it, once.

Herald learns it two ways: the relay refuses the recipient for good while Herald sends (a
5xx to RCPT TO, or a 5xx whose enhanced status says the mailbox: 5.1.x, 5.2.1), or a
delivery status notification (RFC 3464, `Action: failed`) comes back to mail-in. A report
is believed only when it returns the original mail's `X-Herald-Bounce` header: the outbox
row's id signed with its address under HERALD_SECRET_KEY, so nobody can pause another
player's mail with a made-up report.

Then, in one transaction and only when that player's mail was not paused already: their mail
setting becomes `bounced` (nothing more is queued for them, server/notify/digest.py, and
what was queued is not sent, server/notify/channels/mail.py), and each of their active games gets a short
table note, which the game page shows and the other players read in their next turn mail
and `herald chat`. `herald me --mail turns` (or `mail turns` by mail), or a new address
confirmed, resumes the mail.
"""
from __future__ import annotations

import hashlib
import hmac
import logging
import re
import smtplib
from email.parser import HeaderParser

from itsdangerous.signer import Signer

from server.config import Settings, settings_of
from server.store.db import write_transaction
from server.table import chat
from server.errors import msg
from server.players.addresses import BOUNCED
from server.store.models import Game, Notification, Player, Seat
from server.store.names import email_key

log = logging.getLogger("herald.mailin")

HEADER = "X-Herald-Bounce"
SALT = "herald.bounce"
ADDRESS_STATUS = re.compile(rb"^\s*5\.(1\.\d+|2\.1)\b")  # RFC 3463: a bad mailbox or address, a disabled one


def tag(config: Settings, row) -> str | None:
    """The header value that lets a delivery report name this row: `<id>.<signature>`."""
    config = settings_of(config)
    if not config.secret_key:
        return None
    return f"{row.id}.{_signature(config, row.id, row.email)}"


def _signature(config: Settings, row_id: int, email: str) -> str:
    key = Signer(str(config.secret_key), salt=SALT).derive_key()
    return hmac.new(key, f"{row_id}|{email.strip().lower()}".encode(), hashlib.sha256).hexdigest()[:32]


def address_refused(exc: Exception) -> bool:
    """Did the relay refuse the recipient's address for good (not the message, not for now)?"""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return bool(exc.recipients) and all(code >= 500 for code, _ in exc.recipients.values())
    if not isinstance(exc, smtplib.SMTPResponseException) or exc.smtp_code < 500:
        return False
    error = exc.smtp_error or b""  # the relay's reply as smtplib read it (bytes)
    return bool(ADDRESS_STATUS.match(error if isinstance(error, bytes) else error.encode()))


def paused(row) -> bool:
    """Is mail to this row's address paused (its player's address bounced)?"""
    player = Player.select(Player.mail, Player.email).where(Player.id == row.player_id).first()
    return player is not None and player.mail == BOUNCED and email_key(player.email) == email_key(row.email)


def from_report(message, config: Settings) -> str | None:
    """For a delivery report (multipart/report) that authentically says a Herald mail failed:
    pause that address, and say what was done. None for anything else."""
    config = settings_of(config)
    if message.get_content_type() != "multipart/report" or not config.secret_key:
        return None
    # (str(): compat32 gives a field with 8-bit bytes as a Header object, which has no strip())
    if not any(str(block.get("Action", "")).strip().lower() == "failed" for block in _status_blocks(message)):
        return None
    row = _reported_row(message, config)
    if row is None:
        return None
    changed = pause(row, "a delivery report said it failed")
    return f"mail {row.id} to {row.email} failed: " + ("mail to it paused" if changed else "already paused")


def _status_blocks(message) -> list:
    """The per-message and per-recipient field blocks of the report's message/delivery-status part."""
    blocks = []
    for part in message.walk():
        if part.get_content_type() == "message/delivery-status":
            payload = part.get_payload()
            if isinstance(payload, list):
                blocks += payload
            else:  # not parsed into blocks (a transfer encoding): read it as header blocks
                text = (part.get_payload(decode=True) or b"").decode("utf-8", "replace")
                blocks += [HeaderParser().parsestr(chunk) for chunk in re.split(r"\r?\n\r?\n", text)]
    return blocks


def _reported_row(message, config: Settings):
    """The outbox row whose signed header the report returned, or None."""
    for part in message.walk():
        kind = part.get_content_type()
        if kind == "message/rfc822" and isinstance(part.get_payload(), list):
            headers = part.get_payload()[0]
        elif kind == "text/rfc822-headers":
            headers = HeaderParser().parsestr((part.get_payload(decode=True) or b"").decode("utf-8", "replace"))
        else:
            continue
        row_id, _, signature = str(headers.get(HEADER, "")).strip().partition(".")
        signature = signature if signature.isascii() else ""  # (compare_digest takes ASCII text only)
        # (ASCII digits of a size a row id has: "²" is a digit to isdigit(), and 10**30 no row id)
        known = row_id.isascii() and row_id.isdigit() and len(row_id) <= 18
        row = Notification.get_or_none(Notification.id == int(row_id)) if known else None
        if row is not None and hmac.compare_digest(signature, _signature(config, row.id, row.email)):
            return row
        log.warning("mail-in: a delivery report returned no valid %s header; ignored", HEADER)
    return None


def pause(row, why: str) -> bool:
    """Pause mail to the row's player, if the row went to their address and it is not paused
    yet; then note it at the table of each of their active games. True if this paused it."""
    with write_transaction():
        changed = (Player.update(mail=BOUNCED)
                   .where((Player.id == row.player_id) & (Player.mail != BOUNCED)
                          & (Player.email == row.email)).execute())
        if not changed:
            return False
        player = Player.get_by_id(row.player_id)
        games = (Game.select(Game.id, Game.version).join(Seat, on=(Seat.game == Game.id))
                 .where((Seat.player == player.id) & (Game.status == "active")).distinct())
        for game in games:
            chat.note(game, player.id, msg("Mail to %(name)s bounced, so Herald has stopped mailing them; "
                                           "they still play on the game page or with herald.", name=player.name))
    log.warning("mail to player %s (%s) paused: %s", row.player_id, row.email, why)
    return True

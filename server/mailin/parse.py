"""Reading one received message: who sent it, whether a robot did, and the reply text.

The reply text is the newest part of the body: mail-parser-reply cuts quoted history at
"On ... wrote:" headers (English, Swedish, Dutch, Spanish, German, ... as the library knows
them); what it does not know (Russian, Hungarian, some Spanish and Dutch forms) is cut
here by the attribution line before a quote, and quoted (`>`) lines and signatures after
`-- ` are dropped. HTML-only mail is turned into text by html2text first.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr

import html2text
from mailparser_reply import EmailReplyParser

MAX_BYTES = 10 * 1024 * 1024
MAX_LINES = 50  # lines of a reply read as moves or commands
LANGUAGES = ["en", "sv", "nl", "es", "de", "fr", "da", "it", "pl", "cs"]
_reply_parser = EmailReplyParser(languages=LANGUAGES)

AUTO_SUBJECT = re.compile(r"^\s*(auto(matic)?[ -]?(reply|response|answer)|out of (the )?office|autosvar|"
                          r"automatisch|abwesenheit|frånvaro|respuesta autom|réponse automatique|"
                          r"undeliver|delivery status|returned mail|mail delivery|отсутств|автоответ)",
                          re.IGNORECASE)
ROBOT_SENDERS = re.compile(r"^(mailer-daemon|postmaster|no-?reply|bounces?)([+@-]|$)", re.IGNORECASE)
# An attribution line in languages the reply parser lacks: "... wrote:", "... написал(а):",
# "... ezt írta ...:", "... escribió:", "... schreef ...:", "... skrev ...:".
ATTRIBUTION = re.compile(r"(wrote|написал|написала|пишет|írta|escribió|schreef|skrev|schrieb|a écrit)\b.*:\s*$",
                         re.IGNORECASE)
REPLY_PREFIX = re.compile(r"^\s*((re|sv|aw|antw|vs|ответ|fw|fwd|vb|r)\s*(\[\d+\])?\s*:\s*)+", re.IGNORECASE)


class Unreadable(ValueError):
    """Not a mail message at all, or too large: dropped with a log line."""


@dataclass
class Received:
    """What Herald needs of a received message."""

    message: EmailMessage
    message_id: str | None
    sender: str  # the From address, lower-case
    subject: str
    references: list[str] = field(default_factory=list)
    text: str | None = None  # the reply text; None when the mail has no readable text part

    def lines(self) -> list[str]:
        """Moves or commands: the reply's lines, else the subject (without Re:) alone."""
        lines = [" ".join(line.split()) for line in (self.text or "").splitlines()]
        lines = [line for line in lines if line]
        if not lines:
            subject = REPLY_PREFIX.sub("", self.subject).strip()
            if subject and not subject.startswith("[Herald]"):
                lines = [subject]
        return lines[:MAX_LINES]


def read(raw: bytes) -> Received:
    if len(raw) > MAX_BYTES:
        raise Unreadable(f"message of {len(raw)} bytes is over the {MAX_BYTES} byte limit")
    try:
        message = message_from_bytes(raw, policy=policy.default)
        sender = parseaddr(str(message.get("From", "")))[1].strip().lower()
        subject = " ".join(str(message.get("Subject", "")).split())
        message_id = (str(message.get("Message-ID", "")).strip() or None)
        references = [ref for _, ref in getaddresses([str(message.get("References", ""))]) if ref]
    except Exception as exc:  # the email package raises many kinds on broken headers
        raise Unreadable(f"unreadable headers: {type(exc).__name__}: {exc}") from None
    if message_id is not None:
        message_id = message_id[:255]
    received = Received(message, message_id, sender, subject[:300], references)
    received.text = reply_text(message)
    return received


def robot_reason(received: Received, envelope_from: str | None, own) -> str | None:
    """Why this message came from a robot (never answered, never played), or None.
    `own(address)` says whether an address is Herald's own."""
    message = received.message
    auto = str(message.get("Auto-Submitted", "")).strip().lower()
    if auto and auto != "no":
        return f"Auto-Submitted: {auto}"
    precedence = str(message.get("Precedence", "")).strip().lower()
    if precedence in ("bulk", "junk", "list", "auto_reply"):
        return f"Precedence: {precedence}"
    if envelope_from is not None and envelope_from.strip() in ("", "<>"):
        return "empty return path"
    if str(message.get("Return-Path", "x")).strip() in ("", "<>"):
        return "empty Return-Path"
    for header in ("X-Autoreply", "X-Autorespond", "X-Auto-Response-Suppress-Reply", "X-Herald-Notification",
                   "List-Id", "X-Loop"):
        if message.get(header) is not None:
            return f"{header} header"
    if message.get_content_type() == "multipart/report":
        return "delivery report"
    if not received.sender or ROBOT_SENDERS.match(received.sender) or own(received.sender):
        return f"robot sender {received.sender or '(none)'}"
    if AUTO_SUBJECT.match(REPLY_PREFIX.sub("", received.subject)):
        return f"auto-reply subject {received.subject[:60]!r}"
    return None


def reply_text(message: EmailMessage) -> str | None:
    """The newest text the sender wrote, or None without a readable text part."""
    body = _body_text(message)
    if body is None:
        return None
    newest = _reply_parser.parse_reply(body)
    return _trim(newest if newest is not None else body)


def _body_text(message: EmailMessage) -> str | None:
    part = message.get_body(preferencelist=("plain",))
    if part is not None:
        return _decoded(part)
    part = message.get_body(preferencelist=("html",))
    if part is not None:
        html = _decoded(part)
        converter = html2text.HTML2Text()
        converter.body_width = 0
        converter.ignore_images = converter.ignore_links = True
        return converter.handle(html) if html is not None else None
    return None


def _decoded(part) -> str | None:
    """The part's text; bytes in an unknown or wrong charset become U+FFFD, never an error."""
    try:
        return part.get_content()
    except (LookupError, UnicodeError, AssertionError, KeyError):
        payload = part.get_payload(decode=True) or b""
        return payload.decode("utf-8", errors="replace")
    except Exception:
        return None


def _trim(text: str) -> str:
    """Cut what the library left: signature, attribution line before a quote, quoted lines."""
    kept = []
    lines = text.replace("\r\n", "\n").split("\n")
    for index, line in enumerate(lines):
        stripped = line.strip()
        if stripped in ("--", "-- ", "__", "—"):
            break
        if stripped.startswith(">"):
            break
        following = next((later.strip() for later in lines[index + 1:] if later.strip()), "")
        if ATTRIBUTION.search(stripped) and (following.startswith(">") or not following):
            break
        kept.append(line)
    return "\n".join(kept).strip()

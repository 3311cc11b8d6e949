"""Reading one received message: who sent it, whether a robot did, and the reply text.

The reply text is the newest part of the body: mail-parser-reply cuts quoted history at
"On ... wrote:" headers (English, Swedish, Dutch, Spanish, German, ... as the library knows
them); what it does not know (Russian, Hungarian, some Spanish and Dutch forms) is cut
here by the attribution line before a quote ("... написал(а):", Apple Mail's "... het volgende
geschreven:", or Gmail's bare "..., Herald <address>:"; also when wrapped before the address)
or the header block before an unquoted original ("От: ... Отправлено: ...", "Feladó: ...
Elküldve: ...", "De: ... Enviado el: ..."). Quoted (`>`) lines and their attribution are
left out wherever they stand, so a reply written under the quote (bottom-posting) or between
its lines is read too; a greeting on top ("Hi Herald,", "¡Hola!", "Привет!") is left out, a
signature after `-- ` is dropped, and so is a sign-off at the end
("Cheers, Ben", "Thanks!", "Best regards," and a name, "Sent from my phone", "Get Outlook for
iOS", and their like in the players' languages: "С уважением, Ольга", "Köszi!", "¡Saludos!",
"Met vriendelijke groeten", "Отправлено с iPhone", "Enviado desde Yahoo Mail"): none of that
is a move. Invisible characters (a zero-width space, a BOM) are left out, and a line read as a
move loses one pair of quote marks around it ("“pass”", as mail programs autocorrect them).
HTML-only mail is turned into text by html2text first.
"""
from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.header import decode_header, make_header
from email.message import Message
from email.utils import parseaddr

import html2text
from mailparser_reply import EmailReplyParser

log = logging.getLogger("herald.mailin")

MAX_BYTES = 10 * 1024 * 1024
MAX_LINES = 50  # lines of a reply read as moves or commands
LANGUAGES = ["en", "sv", "nl", "es", "de", "fr", "da", "it", "pl", "cs"]
_reply_parser = EmailReplyParser(languages=LANGUAGES)

AUTO_SUBJECT = re.compile(r"^\s*(auto(matic)?[ -]?(reply|response|answer)|out of (the )?office|autosvar|"
                          r"automatisch|abwesenheit|frånvaro|respuesta autom|réponse automatique|"
                          r"undeliver|delivery status|returned mail|mail delivery|отсутств|автоответ|"
                          r"автоматический ответ|automatikus válasz|házon kívül|afwezig|fuera de (la )?oficina|"
                          r"frånvarande)",
                          re.IGNORECASE)
ROBOT_SENDERS = re.compile(r"^(mailer-daemon|postmaster|no-?reply|bounces?)([+@-]|$)", re.IGNORECASE)
# An attribution line in languages the reply parser lacks: "... wrote:", "... написал(а):",
# "... ezt írta ...:", "... escribió:", "... schreef ...:", "... het volgende geschreven:" (Apple
# Mail in Dutch), "... skrev ...:".
ATTRIBUTION = re.compile(r"((wrote|написал|написала|пишет|írta|escribió|schreef|geschreven|skrev|schrieb|"
                         r"a écrit)\b.*|"
                         r"<[^<>\s@]+@[^<>\s]+>\)?\s*|"  # or a bare "..., Name <address>:" (Gmail in Russian)
                         r"^[^<>\s@]+@[^<>\s]+>\)?\s*"  # or its address alone, wrapped after the "<"
                         r"):\s*$",
                         re.IGNORECASE)
# An Outlook-style header block opening the forwarded or quoted original, in the languages the
# reply parser lacks too: "От: ..." then "Отправлено: ..." (or "Дата:"), "Feladó:" then "Elküldve:",
# and Spanish Outlook's "De:" then "Enviado el:".
# (An HTML-only mail's labels come out of html2text in bold: "**Feladó:** Herald".)
HEADER_FROM = re.compile(r"^\**(from|från|van|de|von|от|feladó)\s*:\**\s*\S", re.IGNORECASE)
HEADER_SENT = re.compile(r"^\**(sent|date|skickat|datum|verzonden|enviado( el)?|fecha|gesendet|отправлено|дата|"
                         r"elküldve|dátum|időpont)\s*:", re.IGNORECASE)
SEPARATOR = re.compile(r"^(_{5,}|-{5,}.*-{5,})$")  # a rule before it: "______", "-----Исходное сообщение-----"
# What html2text writes for an <hr> ("* * *"), or a rule a player typed ("---", "---|---"): never a move.
HTML_RULE = re.compile(r"(\* ?){3,}|[-|: ]*-{3,}[-|: ]*")
NEWEST_CHARS = 20_000  # of the reply's own text (quotes left out) read for moves: far more than 50 lines of moves
# The opening of an attribution line a mail program wrapped before its "wrote:" line.
ATTRIBUTION_START = re.compile(r"^(on|am|le|el|op|den|il|w dniu)\b", re.IGNORECASE)
# A sign-off (what may follow it: a name) and a mail program's footer, at the end of a reply.
CLOSING = re.compile(r"^¡?(cheers|thanks|thank you|many thanks|thx|ty|regards|best|kind regards|warm regards|"
                     r"best wishes|all the best|br|kr|greetings|yours|cordialement|"
                     r"mvh|hälsningar|med vänlig hälsning|vänlig hälsning|vänliga hälsningar|med vänliga hälsningar|"
                     r"kram|kramar|tack|tack så mycket|hej då|"
                     r"спасибо|большое спасибо|с уважением|всего доброго|всего хорошего|удачи|"
                     r"üdv|üdvözlettel|köszönöm|köszi|kösz|"
                     r"gracias|muchas gracias|un saludo|un cordial saludo|un abrazo|abrazos|besos|atentamente|"
                     r"atte|cordialmente|saludos cordiales|saludos|"
                     r"groetjes|groet|groeten|bedankt|dank je|dank je wel|dankjewel|mvg|"
                     r"hartelijke groet|hartelijke groeten|vriendelijke groet|vriendelijke groeten|"
                     r"met vriendelijke groet|met vriendelijke groeten|"
                     r"grüße|gruß|viele grüße|liebe grüße|salut|ciao)\b[\s,.!]*([^\W\d][\w .'-]{0,30})?[\s,.!]*$",
                     re.IGNORECASE)
# A greeting on the first written line(s) of a reply, in the players' six languages, and what may
# follow it (a name, punctuation): "Hi Herald,", "Hej!", "¡Hola, Ben!", "Привет!", "Szia!", "Hallo,".
GREETING = re.compile(r"^[¡¿]?(hi|hello|hey|hiya|dear|good morning|good afternoon|good evening|"
                      r"hej|hejsan|hallå|tjena|tjenare|god morgon|god dag|goddag|god kväll|"
                      r"привет|приветствую|здравствуйте|здравствуй|добрый день|доброе утро|добрый вечер|"
                      r"hallo|hoi|dag|beste|goedemorgen|goedemiddag|goedenavond|"
                      r"hola|buenas|buenos días|buenas tardes|buenas noches|estimado|estimada|querido|querida|"
                      r"szia|sziasztok|szervusz|szervusztok|helló|jó napot|jó reggelt|jó estét|kedves|üdv)"
                      r"\b[\s,.!]*([^\W\d][\w .'-]{0,30})?[\s,.!:]*$", re.IGNORECASE)
GREETING_LINES = 2  # greeting lines a reply may open with ("Hi all," / "Good morning!")
FOOTER = re.compile(r"^(sent from my |sent from (mail|outlook|yahoo|gmail)|get outlook for |"
                    r"skickat från |skickades från |hämta outlook för |"
                    r"verzonden vanaf mijn |verstuurd vanaf mijn |verzonden vanuit |outlook voor .* downloaden|"
                    r"enviado desde |obtener outlook para |"
                    r"von meinem .* gesendet|envoyé de mon |"
                    r"отправлено (с|из) |(.*\s)?\S+(ról|ről) küldve\W*$)", re.IGNORECASE)
NAME_ONLY = re.compile(r"^[-–—~]*\s*[^\W\d][\w.' -]{0,40}$")  # "Ben", "Ben Smith", "-Ben": no digit, no slash
SIGN_OFF_LINES = 3  # lines a sign-off may have after its first (a name, a title)
# A signature's contact line under the name: a phone ("Tel. +34 600 123 456", "Tel: 06 1234 5678",
# "+46 70 123 45 67"), an address or a web page. Never a move: no notation starts so.
CONTACT = re.compile(r"^((tel|tfn|phone|mob|mobile|cell|gsm|fax|móvil|movil|teléfono|telefono|telefon|telefoon|"
                     r"mobiel|mobil|тел|телефон|моб|mobilszám|telefonszám)\.?\s*:?\s*)?\+?[\d\s()./-]{7,}$"
                     r"|^\S+@\S+\.\w+$|^(https?://|www\.)\S+$", re.IGNORECASE)
CONTACT_LINES = 4  # contact lines a signature may have beside its name lines
FULL_STOP = re.compile(r"(?<=[^.\s])\.$")  # one final ".", not an ellipsis
# Zero-width space, non-joiner and joiner, left-to-right and right-to-left marks, word joiner, BOM:
# invisible, yet "V18\u200b" is no card. (A non-breaking space is a space to split().)
INVISIBLE = re.compile("[\u200b-\u200f\u2060\ufeff]")
# A line in one pair of quote marks, straight or as a mail program's autocorrection turns them:
# "“attack 1/W1 V18”", "‘pass’", "«pass»", Swedish "”pass”", German "„pass“".
QUOTE_MARKS = "\"'“”„‟‘’‚‛«»‹›"
QUOTED = re.compile(f"^[{QUOTE_MARKS}]\\s*(.*?)\\s*[{QUOTE_MARKS}]$")
MESSAGE_ID = re.compile(r"<[^<>\s]+>")  # a msg-id of References, in its angle brackets (RFC 5322 3.6.4)
REPLY_PREFIX = re.compile(r"^\s*((re|sv|aw|antw|vs|ответ|fw|fwd|vb|r)\s*(\[\d+\])?\s*:\s*)+", re.IGNORECASE)


# Cyrillic and Greek letters a move's Latin letter is typed as on another keyboard, or put in by
# autocorrect: each drawn exactly as one Latin letter in a mail's fonts ("саstle K1" with a Cyrillic
# с and а reads as the move it is not). Only letters whose look-alike is unambiguous: not the Cyrillic
# lower-case к, м, н, т (small capitals, not k, m, h, t), nor Greek lower-case letters but ο.
LOOK_ALIKES = str.maketrans({
    # Cyrillic lower case
    "а": "a", "с": "c", "е": "e", "һ": "h", "і": "i", "ј": "j", "о": "o", "р": "p", "ԛ": "q", "ѕ": "s", "ԝ": "w",
    "х": "x", "у": "y",
    # Cyrillic upper case
    "А": "A", "В": "B", "С": "C", "Е": "E", "Н": "H", "І": "I", "Ј": "J", "К": "K", "М": "M", "О": "O", "Р": "P",
    "Ѕ": "S", "Т": "T", "Х": "X", "Ү": "Y",
    # Greek
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P",
    "Τ": "T", "Υ": "Y", "Χ": "X", "ο": "o",
})


def latin_move(line: str) -> str:
    """A move line with each word made only of Latin letters and LOOK_ALIKES written in Latin
    ("саstle K1" is "castle K1"): move notation is ASCII. A word with any other letter (a
    Russian word, "привет") stays as written, so its refusal can say why (`not_latin`). Only
    for a line read as a move: talk, names and addresses are never changed."""
    return " ".join(folded if folded.isascii() else word
                    for word in line.split(" ") for folded in [word.translate(LOOK_ALIKES)])


def not_latin(line: str) -> list[str]:
    """The letters of a line that move notation cannot hold (beyond ASCII), each once."""
    return list(dict.fromkeys(c for c in line if c.isalpha() and not c.isascii()))


class Unreadable(ValueError):
    """Not a mail message at all, or too large: dropped with a log line."""


@dataclass
class Received:
    """What Herald needs of a received message."""

    message: Message
    message_id: str | None
    sender: str  # the From address, lower-case
    subject: str
    references: list[str] = field(default_factory=list)
    text: str | None = None  # the reply text; None when the mail has no readable text part

    def lines(self) -> list[str]:
        """Moves or commands: the reply's lines, else the subject (without Re:) alone; a line
        as _move_line() makes it."""
        lines = [_move_line(line) for line in (self.text or "").splitlines()]
        lines = [line for line in lines if line]
        if not lines:
            subject = _move_line(REPLY_PREFIX.sub("", self.subject))
            if subject and not subject.startswith("[Herald]"):
                lines = [subject]
        return lines[:MAX_LINES]


def _move_line(line: str) -> str:
    """A line as a move is read: invisible characters left out, its spaces made single, one pair
    of quote marks around it left out ("“pass”", as a mail program autocorrects it), and a
    sentence's full stop at its end ("castle K1." as a player writes it in a mail; no notation
    ends with one)."""
    line = FULL_STOP.sub("", " ".join(INVISIBLE.sub("", line).split()))
    quoted = QUOTED.match(line)
    if quoted and quoted.group(1):
        line = FULL_STOP.sub("", quoted.group(1))
    return line


def read(raw: bytes) -> Received:
    if len(raw) > MAX_BYTES:
        raise Unreadable(f"message of {len(raw)} bytes is over the {MAX_BYTES} byte limit")
    try:
        # compat32: the default policy's header objects cost more than the move itself.
        message = message_from_bytes(raw, policy=policy.compat32)
        # The address as written, never out of an encoded display name: "=?utf-8?q?alice=40x?= <m@evil>" is m's.
        sender = parseaddr(_header_raw(message, "From"))[1].strip().lower()
        subject = " ".join(header_text(message, "Subject").split())
        message_id = _message_id(header_text(message, "Message-ID").strip())
        references = list(dict.fromkeys(MESSAGE_ID.findall(header_text(message, "References"))))
    except Exception as exc:  # the email package raises many kinds on broken headers
        raise Unreadable(f"unreadable headers: {type(exc).__name__}: {exc}") from None
    received = Received(message, message_id, sender, subject[:300], references)
    try:
        received.text = reply_text(message)
    except Exception as exc:  # a body the email package or the parsers choke on: no readable text
        log.warning("mail-in: body of %s unreadable: %s: %s", message_id, type(exc).__name__, exc)
    return received


def header_text(message: Message, name: str) -> str:
    """A header as text: unfolded, RFC 2047 words decoded and raw UTF-8 read as UTF-8 (mail under
    RFC 6532 carries its headers so: a Russian subject would otherwise read as U+FFFD); '' when
    absent. A word whose "charset" is a codec that makes lone surrogates (unicode-escape) has
    them as U+FFFD: they could be neither stored nor sent."""
    text = _header_raw(message, name)
    try:
        return no_surrogates(str(make_header(decode_header(text))))
    except Exception:  # an unknown charset in an encoded word: keep the raw text
        return text


def _header_raw(message: Message, name: str) -> str:
    """A header as written (RFC 2047 words left as they are), unfolded, 8-bit bytes read as UTF-8."""
    wanted = name.lower()  # (the raw value: compat32's get() gives a Header of U+FFFD for 8-bit bytes)
    text = next((value for key, value in message.raw_items() if key.lower() == wanted), None)
    if text is None:
        return ""
    if re.search("[\udc80-\udcff]", text):  # the parser keeps 8-bit header bytes as surrogates
        text = text.encode("ascii", "surrogateescape").decode("utf-8", errors="replace")
    # unfolded (RFC 5322 2.2.3): a folded Message-ID once broke the answer's headers
    return re.sub(r"[\r\n]", "", text)


SURROGATE = re.compile("[\ud800-\udfff]")
CELL_END = re.compile(r"(</t[dh]\s*>)", re.IGNORECASE)  # the end of a table's cell, in HTML
MESSAGE_ID_TEXT = re.compile(r"[\x21-\x7e]{1,998}")  # what RFC 5322 lets a Message-ID be: printable ASCII


def no_surrogates(text: str) -> str:
    return SURROGATE.sub("\ufffd", text)


def _message_id(text: str) -> str | None:
    """The Message-ID as Herald keeps it: None for one that is no Message-ID (a control or line-break
    character, NUL, beyond ASCII: it could not be stored everywhere nor answered in a header; the
    mail is then known by its fingerprint); one longer than its column, by a digest of all of it,
    so that two long ones sharing their first 255 characters are not one mail."""
    text = "".join(text.split(" "))  # (a Message-ID folded over two lines keeps the fold's space)
    if not MESSAGE_ID_TEXT.fullmatch(text):
        return None
    if len(text) > 255:
        return f"<sha256.{hashlib.sha256(text.encode()).hexdigest()}@long-message-id>"
    return text


def robot_reason(received: Received, envelope_from: str | None, own) -> str | None:
    """Why this message came from a robot (never answered, never played), or None.
    `own(address)` says whether an address is Herald's own."""
    message = received.message
    auto = header_text(message, "Auto-Submitted").strip().lower()
    if auto and auto != "no":
        return f"Auto-Submitted: {auto}"
    precedence = header_text(message, "Precedence").strip().lower()
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


def reply_text(message: Message) -> str | None:
    """The newest text the sender wrote, or None without a readable text part. Quoted
    history is cut here first where it is plain (a `>` quote, an attribution line), so the
    reply parser's many patterns run over the few lines on top only. Invisible characters are
    left out first: a zero-width space before a `>` or after "Thanks!" must not hide either."""
    body = _body_text(message)
    if body is None:
        return None
    # (cut before the reply parser's patterns, which may take quadratic time on long text: an
    # HTML mail's nested lists once came out as a megabyte on one line)
    body = _trim(INVISIBLE.sub("", body))[:NEWEST_CHARS]
    newest = _reply_parser.parse_reply(body) if body else body
    return _without_sign_off(_without_greeting(_trim(newest if newest is not None else body)))


def _text_parts(message: Message, subtype: str) -> Message | None:
    """The first text/<subtype> part that is not an attachment (as get_body() chooses)."""
    for part in message.walk():
        if part.get_content_type() == f"text/{subtype}" and not part.get_filename() \
                and "attachment" not in str(part.get("Content-Disposition", "")).lower():
            return part
    return None


def _body_text(message: Message) -> str | None:
    part = _text_parts(message, "plain")
    if part is not None:
        return _decoded(part)
    part = _text_parts(message, "html")
    if part is not None:
        converter = html2text.HTML2Text()
        converter.body_width = 0
        converter.ignore_images = converter.ignore_links = True
        # Tables as plain blocks, each cell on lines of its own: as a Markdown table, a cell's
        # paragraphs ran together ("board" and "help" read as "boardhelp"), and mail programs
        # lay whole mails out in a table's cell.
        converter.ignore_tables = True
        return converter.handle(CELL_END.sub(r"\1<br>", _decoded(part)))
    return None


def _decoded(part: Message) -> str:
    """The part's text; bytes in an unknown or wrong charset become U+FFFD, never an error."""
    payload = part.get_payload(decode=True)  # bytes, or None for a multipart
    if not isinstance(payload, bytes):
        payload = b""
    charset = part.get_content_charset() or "utf-8"
    try:
        text = payload.decode(charset, errors="replace")
    except LookupError:  # a charset Python does not know
        text = payload.decode("utf-8", errors="replace")
    text = no_surrogates(text)  # (a "charset" such as raw-unicode-escape makes lone surrogates)
    return unflowed(text, part) if str(part.get_param("format", "")).lower() == "flowed" else text


def _trim(text: str) -> str:
    """Cut what the library left: the signature; leave out quoted lines and the attribution
    line before a quote, wherever they stand (a reply may be written under the quote)."""
    kept: list[str] = []
    lines = text.replace("\r\n", "\n").split("\n")
    following_lines = _next_written(lines)
    for index, line in enumerate(lines):
        stripped = line.strip()
        if stripped in ("--", "-- ", "__", "—") or _header_block(lines, index):
            if kept and SEPARATOR.match(kept[-1].strip()):
                kept.pop()
            break
        if stripped.startswith(">") or HTML_RULE.fullmatch(stripped):
            continue
        following = following_lines[index]
        if ATTRIBUTION.search(stripped) and (following.startswith(">") or not following):
            if kept and ATTRIBUTION_START.match(kept[-1].strip()) and not ATTRIBUTION_START.match(stripped):
                kept.pop()  # the attribution's first half, wrapped: "On Mon, ..., Herald <"
            continue
        kept.append(line)
    return "\n".join(kept).strip()


def _next_written(lines: list[str]) -> list[str]:
    """For each line, the next line with text after it (stripped; '' at the end), found in one
    pass from the end: a body of many blank lines once cost the square of its length here."""
    found, after = [""] * len(lines), ""
    for index in range(len(lines) - 1, -1, -1):
        found[index] = after
        after = lines[index].strip() or after
    return found


def unflowed(text: str, part: Message) -> str:
    """Text sent `format=flowed` (RFC 3676: Thunderbird's and Apple Mail's way) as its writer typed
    it: a line ending in a space goes on in the next line (a `say` soft-wrapped by the mail
    program is one line), a space-stuffed line loses its first space; `delsp=yes` drops the space
    that marked the break. The signature line "-- " stays a line."""
    delete_space = str(part.get_param("delsp", "")).lower() == "yes"
    lines: list[str] = []
    carried = ""
    for line in text.replace("\r\n", "\n").split("\n"):
        if line.startswith(" "):
            line = line[1:]
        if line.endswith(" ") and line != "-- ":
            carried += line[:-1] if delete_space else line
            continue
        lines.append(carried + line)
        carried = ""
    if carried:
        lines.append(carried)
    return "\n".join(lines)


def _header_block(lines: list[str], index: int) -> bool:
    """Whether line `index` opens an Outlook-style header block ("From: ..." with "Sent: ..." or
    "Date: ..." among the next three lines): the original follows it, unquoted."""
    if not HEADER_FROM.match(lines[index].strip()):
        return False
    after = [line.strip() for line in lines[index + 1:index + 6] if line.strip()][:3]
    return any(HEADER_SENT.match(line) for line in after)


def _without_greeting(text: str) -> str:
    """The reply less a greeting on its first written lines ("Hi Herald," / "¡Hola!", a name
    after it or not), as a sign-off at its end is left out: none of it is a move, and a newcomer
    who answered an invitation "¡Hola!" / "join" took no seat. A line with a digit or a slash
    after the greeting word (a move) is no greeting."""
    lines = text.split("\n")
    dropped = 0
    while lines and dropped < GREETING_LINES and GREETING.match(lines[0].strip()):
        lines.pop(0)
        dropped += 1
        while lines and not lines[0].strip():
            lines.pop(0)
    return "\n".join(lines).strip() if dropped else text


def _closes(line: str) -> bool:
    """A closing word ("Thanks!", "С уважением, Ольга") or a mail program's footer."""
    return bool(CLOSING.match(line) or FOOTER.match(line))


def _without_sign_off(text: str) -> str:
    """The reply less a sign-off at its end: a closing word ("Cheers, Ben", "Thanks!") or a
    mail program's footer ("Sent from my phone"), and the few name lines, closings and footers
    after it ("Köszi!" / "Üdv," / "Ádám" / "Az iPhone-omról küldve"); or a last
    line that is only a dashed name ("-Ben"). A line with a digit or a slash after it (a move)
    keeps everything."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if not _closes(line.strip()):
            continue
        rest = [later.strip() for later in lines[index + 1:] if later.strip()]
        names: list[str] = []  # (closings and footers after the first: "Thanks!", "Best, Ana", ... are skipped)
        contacts: list[str] = []
        for later in rest:
            if not _closes(later):  # a phone or an address under the name, else a name line
                (contacts if CONTACT.match(later) else names).append(later)
        if len(names) <= SIGN_OFF_LINES and len(contacts) <= CONTACT_LINES and all(NAME_ONLY.match(n) for n in names):
            return "\n".join(lines[:index]).strip()
    if len(lines) > 1 and re.match(r"^[-–—~]+\s*[^\W\d][\w.' ]{0,30}$", lines[-1].strip()):
        return "\n".join(lines[:-1]).strip()
    return text

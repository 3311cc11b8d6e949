"""Playing by mail in tests: Herald's outgoing mail caught by a real aiosmtpd server, and
replies composed like mail programs do (quoted original, signature, HTML only, Swedish
attribution, subject only) delivered to the real mail-in listener over SMTP."""
from __future__ import annotations

import html
import itertools
import smtplib
from email import policy
from email.message import EmailMessage
from email.utils import formatdate, make_msgid, parseaddr

import pytest

from core.rng import Rng

from server.notify.channels.mail import deliver_pending
from server.mailin.listeners import start_listener
from tests.server.mailbox import Mailbox, free_port

REPLY_BASE = "turns@play.example.org"
SECRET = "test-secret-not-for-production"
STYLES = ("quoted", "html", "swedish", "signature", "subject")
SENT_AT = itertools.count(1795000000)  # each reply's Date, a second after the one before


@pytest.fixture
def table(config, toy_game):
    """A mail table around a fresh app: `table.api` for the API, `table.send` for replies."""
    from server.app import create_app
    from server.store.db import database
    from tests.server.conftest import Api

    table = MailTable(config)
    table.api = Api(create_app(table.config).test_client())
    table.start_listener()
    yield table
    table.close()
    database.close()


def mail_config(config: dict, mailbox: Mailbox) -> dict:
    return {**config, "SMTP_HOST": "127.0.0.1", "SMTP_PORT": mailbox.port, "REPLY_ADDRESS": REPLY_BASE,
            "SECRET_KEY": SECRET, "MAIL_FROM": "herald@play.example.org"}


class MailTable:
    """The mail side of a game: a catching mailbox, the mail-in listener, and helpers."""

    def __init__(self, config: dict):
        self.mailbox = Mailbox()
        self.collector = self.mailbox.start()
        self.config = mail_config(config, self.mailbox)
        self.port = free_port()
        self.listener = None
        self.smtp = None
        self.seen = 0

    def start_listener(self, lmtp: bool = False):
        self._drop_connection()
        self.listener = start_listener(self.config, "127.0.0.1", self.port, lmtp=lmtp)
        return self

    def close(self):
        self._drop_connection()
        if self.listener is not None:
            self.listener.stop()
        self.mailbox.stop()

    def deliver(self):
        return deliver_pending(self.config)

    def new_mail(self) -> list:
        """Mail Herald sent since the last call, less the news that asks nothing ('the game
        has begun', 'X joined': tests/server/test_mail_story.py covers those)."""
        messages = self.mailbox.all_messages()
        fresh, self.seen = messages[self.seen:], len(messages)
        return [m for m in fresh if not str(m["Subject"]).endswith(("has begun", "joined"))]

    def send(self, message: EmailMessage | bytes, rcpt: str, mail_from: str):
        """Deliver to mail-in over SMTP as a mail server would (one connection kept for its
        queue, opened again after a refusal); returns the SMTP refusals."""
        utf8 = not (mail_from.isascii() and rcpt.isascii())  # an address beyond ASCII travels with SMTPUTF8
        raw = message.as_bytes(policy=policy.SMTPUTF8 if utf8 else policy.SMTP) \
            if isinstance(message, EmailMessage) else message
        if self.smtp is None:
            self.smtp = smtplib.SMTP("127.0.0.1", self.port, timeout=30)
        try:
            return self.smtp.sendmail(mail_from, [rcpt], raw, mail_options=["SMTPUTF8"] if utf8 else [])
        except smtplib.SMTPException:
            self._drop_connection()
            raise

    def _drop_connection(self):
        if self.smtp is not None:
            try:
                self.smtp.close()
            finally:
                self.smtp = None


def reply_to(original, text: str, style: str = "quoted", sender: str | None = None) -> EmailMessage:
    """A reply to `original` as a mail program writes it, saying `text`."""
    me = sender or parseaddr(str(original["To"]))[1]
    reply = EmailMessage()
    reply["From"] = f"Player <{me}>"
    reply["To"] = str(original["Reply-To"])
    subject = str(original["Subject"])
    reply["Subject"] = text if style == "subject" else ("Sv: " if style == "swedish" else "Re: ") + subject
    reply["Message-ID"] = make_msgid("reply", domain="example.org")
    reply["Date"] = formatdate(next(SENT_AT), usegmt=True)  # a second of its own, as each mail a person sends
    reply["In-Reply-To"] = str(original["Message-ID"])
    reply["References"] = " ".join(filter(None, [str(original.get("References", "")), str(original["Message-ID"])]))
    body = original.get_body(preferencelist=("plain",)).get_content()
    quoted = "\n".join("> " + line for line in body.splitlines())
    if style == "html":
        reply.set_content(f"<div>{html.escape(text)}</div><br><div class=\"gmail_quote\">On Mon, Herald wrote:"
                          f"<blockquote>{html.escape(body)}</blockquote></div>", subtype="html")
    elif style == "swedish":
        reply.set_content(f"{text}\n\nDen mån 23 nov. 2026 kl 11:30 skrev Herald <herald@play.example.org>:\n{quoted}\n")
    elif style == "signature":
        reply.set_content(f"{text}\n\n-- \nA. Player\nSent from my phone\n")
    elif style == "subject":
        reply.set_content("")
    else:
        reply.set_content(f"{text}\n\nOn Mon, 23 Nov 2026 at 11:30, Herald <herald@play.example.org> wrote:\n{quoted}\n")
    return reply


def offered_moves(message) -> list[str]:
    """The concrete moves a mail offers (the list under its 'reply with' line; a pattern's help
    stands in parentheses on lines of its own under it, in a turn mail as in an answer)."""
    body = message.get_body(preferencelist=("plain",)).get_content()
    moves, inside = [], False
    for line in body.splitlines():
        if line.startswith("To answer by mail, reply with") or line.startswith("Your moves (reply with"):
            inside = True
            continue
        if inside:
            if not line.startswith("  "):
                break
            text = line.strip()
            if text and "<" not in text and not text.startswith(("...", "(")) and not line.startswith("      "):
                moves.append(text)
    return moves


def invite_all(api, creator: dict, ruleset: str, emails: list[str], options: dict | None = None) -> int:
    """A game whose every seat is invited by mail (the creator too): nobody joins by API."""
    created = api.call("POST", "/games", creator, json={"ruleset": ruleset, "seats": len(emails),
                                                        "options": options or {}})
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    for seat, email in enumerate(emails):
        invited = api.call("POST", f"/games/{game_id}/invitations", creator, json={"email": email, "seat": seat})
        assert invited.status_code == 201, invited.json
    return game_id


def answer_everything(table: MailTable, rng, send=None, limit: int = 4000) -> dict:
    """Answer every mail that asks something until none does: 'join' to an invitation, a
    random offered move to a turn mail or an answer; each reply in the next style.
    `send(reply, rcpt, sender)` delivers (default: SMTP to mail-in). Returns counts."""
    send = send or table.send
    queue = table.new_mail()
    counts = {"replies": 0, "received": len(queue), "styles": {}}
    while queue:
        assert counts["replies"] < limit, "the game did not end by mail"
        message = queue.pop(0)
        if message["Reply-To"] is None:
            continue
        if "invites you" in str(message["Subject"]):
            text = "join"
        else:
            moves = offered_moves(message)
            if not moves:
                continue
            text = moves[rng.below(len(moves))]
        style = STYLES[counts["replies"] % len(STYLES)]
        counts["styles"][style] = counts["styles"].get(style, 0) + 1
        me = parseaddr(str(message["To"]))[1]
        send(reply_to(message, text, style), parseaddr(str(message["Reply-To"]))[1], me)
        counts["replies"] += 1
        fresh = table.new_mail()
        counts["received"] += len(fresh)
        queue += fresh
    return counts


def turn_of_two_steps(table: MailTable) -> tuple[int, object, str, str]:
    """A Wizard's Quest game played by mail until a turn mail offers a move after which the same
    seat is asked again (the test, as the operator, reads the server's state to find it): the
    game, that mail, the move, and a legal second step."""
    import json
    import re

    from core import games
    from server.store.models import Snapshot

    engine = games["wizards-quest"]
    players = [table.api.register("p0"), table.api.register("p1")]
    game_id = table.api.start_game(players, ruleset="wizards-quest")
    table.deliver()
    pending = table.new_mail()
    for _ in range(200):
        turn = next(m for m in reversed(pending) if offered_moves(m))
        seat = int(re.search(r"\.s(\d+)\.m", str(turn["Reply-To"])).group(1))
        state = engine.from_json(json.loads(Snapshot.get(Snapshot.game == game_id).state))
        for text in offered_moves(turn):
            after, _ = engine.apply(state, seat, engine.parse(state, seat, text))
            if engine.result(after) is None and any(p.seat == seat for p in engine.prompts(after)):
                second = engine.format(next(m for m in engine.legal_moves(after, seat) if "pattern" not in m))
                return game_id, turn, text, second
        sender = parseaddr(str(turn["To"]))[1]
        table.send(reply_to(turn, offered_moves(turn)[0]), parseaddr(str(turn["Reply-To"]))[1], sender)
        pending = table.new_mail()
    raise AssertionError("no turn of several steps came up")


def simultaneous_choice(table: MailTable, seed: str = "both") -> tuple[int, list[dict], int, object]:
    """A Medieval Mastery game of two, played through the API with random legal moves until
    both seats are asked at once (the face-down conflict cards of a battle, MM-ASYNC-1): the
    game, its players, the seat whose move asked both (it saw the answer) and the other's turn
    mail, which asks for its card."""
    import json

    from core import games
    from server.store.models import Snapshot

    engine, rng = games["medieval-mastery"], Rng(seed)
    players = [table.api.register("p0"), table.api.register("p1")]
    game_id = table.api.start_game(players, ruleset="medieval-mastery")
    for version in range(400):
        state = engine.from_json(json.loads(Snapshot.get(Snapshot.game == game_id).state))
        asked = engine.prompts(state)
        if len(asked) == 2:
            break
        seat = asked[0].seat
        moves = [m for m in engine.legal_moves(state, seat) if "pattern" not in m]
        played = table.api.call("PUT", f"/games/{game_id}/moves/{version}", players[seat],
                                json={"move": moves[rng.below(len(moves))]})
        assert played.status_code == 201, played.json
    else:
        raise AssertionError("no battle within 400 moves")
    table.deliver()
    other = 1 - seat
    mails = [m for m in table.new_mail() if m["Reply-To"] and parseaddr(str(m["To"]))[1] == f"p{other}@example.org"]
    return game_id, players, seat, mails[-1]


def send_and_read(table: MailTable, mail, text: str) -> str:
    """Reply `text` to `mail` as its reader; the text of Herald's answer to them (\"\" if none)."""
    sender = parseaddr(str(mail["To"]))[1]
    table.send(reply_to(mail, text), parseaddr(str(mail["Reply-To"]))[1], sender)
    answers = [m for m in table.new_mail() if str(m["To"]) == sender]
    return answers[0].get_body(preferencelist=("plain",)).get_content() if answers else ""

"""Headers every game mail gets when mail-in is configured (called by the mail channel's compose).

- Reply-To: the signed address for this seat and the game's version the mail describes,
  so a reply plays exactly into the position the player saw.
- In-Reply-To/References: one thread per game and player (a fixed root id), and an
  answer to a player's mail replies to that very mail.
- Auto-Submitted (RFC 3834): other robots (vacation responders, other Heralds) must not
  answer, and Herald drops whatever comes back with it: no two servers can loop.
- List-Unsubscribe: how to stop the mails (replying `mail off`).
- X-Herald-Bounce: the row, signed, so that a delivery report returning it can pause mail to
  an address that bounced (server/notify/bounces.py); on every mail, mail-in configured or not.
"""
from __future__ import annotations

from email.message import EmailMessage

from server.config import Settings, settings_of
from server.notify import bounces
from server.notify import reply_addresses

ANSWER_KINDS = frozenset({"reply", "warning"})
MAX_REFERENCES = 10


class Unfolded(str):
    """A header written on one line as it is. A value longer than a line with nowhere to fold
    (List-Unsubscribe's one long mailto: address) was written by the email package as RFC 2047
    encoded words, which no mail program reads as a link; RFC 5322 allows 998 characters."""

    name: str

    def __new__(cls, name: str, value: str) -> "Unfolded":
        header = super().__new__(cls, value)
        header.name = name
        return header

    def fold(self, *, policy) -> str:
        return f"{self.name}: {self}{policy.linesep}"


def thread_root(config: Settings, game: int, player: int | None, email: str, kind: str) -> str:
    """The fixed Message-ID every mail of one game to one player refers to."""
    config = settings_of(config)
    domain = config.mail_from.rpartition("@")[2].strip("> ") or "herald.invalid"
    who = f"p{player}" if kind != "invite" else "invite." + "".join(c for c in email.lower() if c.isalnum())[:40]
    return f"<herald.g{game}.{who}@{domain}>"


def decorate(message: EmailMessage, row, config: Settings) -> None:
    """Add reply, thread and loop-guard headers to an outbox row's mail."""
    config = settings_of(config)
    context = row.context or {}
    auto = "auto-replied" if row.kind in ANSWER_KINDS else "auto-generated"
    message["Auto-Submitted"] = auto
    signed = bounces.tag(config, row)
    if signed:
        message[bounces.HEADER] = signed
    games = context.get("games") if row.kind == "digest" else None
    if games and len(games) == 1 and games[0].get("reply") and reply_addresses.configured(config):
        message["Reply-To"] = games[0]["reply"]  # a digest of one game: Reply answers it, as its turn mail would
        return
    if not reply_addresses.configured(config) or row.seat is None:
        return
    reply_seq = context.get("reply_seq", row.version)
    if row.kind == "invite" or context.get("reply_invitation"):  # (an answer to an invitation's reply: join still)
        reply_to = reply_addresses.invitation_address(config, row.game_id, row.seat, row.email)
    elif reply_seq is None or row.player_id is None:  # an answer to a player who holds no seat here
        reply_to = None
    else:
        reply_to = reply_addresses.reply_address(config, row.game_id, row.seat, reply_seq, row.player_id)
    if reply_to is not None:
        message["Reply-To"] = reply_to
    root = thread_root(config, row.game_id, row.player_id, row.email, row.kind)
    parent = context.get("in_reply_to")
    earlier = [ref for ref in dict.fromkeys(context.get("references", []))  # (ids with their brackets: parse.py)
               if ref.startswith("<") and ref not in (root, parent)][-MAX_REFERENCES:]
    message["In-Reply-To"] = parent or root
    message["References"] = " ".join([root] + earlier + ([parent] if parent and parent != root else []))
    if reply_to is not None:
        message["List-Unsubscribe"] = Unfolded("List-Unsubscribe", f"<mailto:{reply_to}?subject=mail%20off>")

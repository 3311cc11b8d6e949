"""Signed reply addresses: `turns+g7.s2.m41.p12.<signature>@play.example.org`.

The tag names the game (g), the seat (s), the move the mail asks about (m, the seq a reply's
first move is PUT at) and the player the mail went to (p, the seat's holder then), or an
invitation to that seat (j). A reply plays for the seat only while that player still holds it:
once the seat is handed over, the old holder's mails answer nothing, whoever sends them.
Addresses written before the holder was named (no p) are taken from the holder's registered
address alone, whatever HERALD_MAIL_IN_SENDER says. The signature is an
HMAC-SHA256 of the tag under HERALD_SECRET_KEY (itsdangerous derives the key), written in
lower-case base32: mail servers may change the case of a local part, so the signature
must survive that. An invitation's signature also covers the invited address, so only
the invited person can reply `join` with it.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass
from email.utils import getaddresses

from itsdangerous.signer import Signer

from server.config import ConfigError, Settings, settings_of

SALT = "herald.reply-address"
SIGNATURE_CHARS = 26  # 128 bits of the HMAC in base32
_TAG = re.compile(r"g(\d{1,18})\.s(\d{1,2})\.(?:m(\d{1,18})(?:\.p(\d{1,18}))?|(j))\.([a-z2-7]{%d})$" % SIGNATURE_CHARS)


@dataclass(frozen=True)
class ReplyTarget:
    game: int
    seat: int
    seq: int | None  # None for an invitation
    join: bool = False
    holder: int | None = None  # the player the mail went to (None: an invitation, or an address without p)


class ForgedAddress(ValueError):
    """A Herald reply address whose signature does not match: altered, forged or mistyped."""


def configured(config: Settings) -> bool:
    config = settings_of(config)
    return bool(config.reply_address)


def _base(config: Settings) -> tuple[str, str]:
    address = config.reply_address or ""
    if "@" not in address:
        raise ConfigError(f"HERALD_REPLY_ADDRESS must be a mail address like turns@play.example.org, not {address!r}")
    local, _, domain = address.rpartition("@")
    return local.split("+", 1)[0], domain


def _signature(config: Settings, tag: str, invited: str | None) -> str:
    key = Signer(str(config.secret_key), salt=SALT).derive_key()
    message = tag if invited is None else f"{tag}|{invited.strip().lower()}"
    digest = hmac.new(key, message.encode(), hashlib.sha256).digest()
    return base64.b32encode(digest).decode().lower()[:SIGNATURE_CHARS]


def reply_address(config: Settings, game: int, seat: int, seq: int, holder: int) -> str:
    """Where a reply to a mail asking seat `seat` of `game` about move `seq` goes, the mail going
    to player `holder`, who holds that seat."""
    config = settings_of(config)
    return _address(config, f"g{game}.s{seat}.m{seq}.p{holder}", None)


def invitation_address(config: Settings, game: int, seat: int, invited: str) -> str:
    """Where the invited person replies `join` to take the seat."""
    config = settings_of(config)
    return _address(config, f"g{game}.s{seat}.j", invited)


def _address(config: Settings, tag: str, invited: str | None) -> str:
    local, domain = _base(config)
    return f"{local}+{tag}.{_signature(config, tag, invited)}@{domain}"


def find_target(config: Settings, recipients: list[str], sender: str | None) -> ReplyTarget | None:
    """The reply target among `recipients` (envelope or header addresses): None when none
    is a Herald tagged address; ForgedAddress when one is but its signature is wrong."""
    config = settings_of(config)
    local_base, domain = _base(config)
    prefix = f"{local_base}+".lower()
    forged = None
    for _, address in getaddresses(recipients):
        local, _, host = address.strip().lower().rpartition("@")
        if host != domain.lower() or not local.startswith(prefix):
            continue
        match = _TAG.match(local[len(prefix):])
        if match is None:
            forged = ForgedAddress(address)
            continue
        game, seat, seq, holder, join, signature = match.groups()
        tag = local[len(prefix):-(SIGNATURE_CHARS + 1)]
        expected = _signature(config, tag, sender if join else None)
        if not hmac.compare_digest(expected, signature):
            forged = ForgedAddress(address)
            continue
        return ReplyTarget(int(game), int(seat), None if join else int(seq), bool(join),
                           int(holder) if holder is not None else None)
    if forged is not None:
        raise forged
    return None


def is_ours(config: Settings, address: str) -> bool:
    """Whether an address is one of Herald's own (the base reply address or MAIL_FROM)."""
    config = settings_of(config)
    address = address.strip().lower()
    local, domain = _base(config)
    own = {config.mail_from.strip().lower()}
    user, _, host = address.rpartition("@")
    return address in own or (host == domain.lower() and user.split("+", 1)[0] == local.lower())

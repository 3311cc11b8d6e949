"""Bearer tokens: shown once at registration, stored only as their SHA-256.

Tokens are `secrets.token_urlsafe(32)` (256 bits), so a plain hash is enough: there is
nothing to brute-force. A small in-process cache saves the lookup on the move path; its
entries live CACHE_SECONDS, so a token rotated, a name changed or a player disabled
through another worker takes effect everywhere within that time (at once in this one).
"""
from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass

from flask import g, request

from server.errors import ApiError
from server.models import Player

_CACHE_LIMIT = 10000
CACHE_SECONDS = 30.0
_cache: dict[str, tuple[float, "Caller"]] = {}


@dataclass(frozen=True)
class Caller:
    id: int
    name: str
    email: str


def new_token() -> tuple[str, str]:
    """(token to show once, hash to store)."""
    token = secrets.token_urlsafe(32)
    return token, hash_token(token)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def current_player() -> Caller:
    """The authenticated caller, or 401 `unauthorized`."""
    cached = g.get("caller")
    if cached is not None:
        return cached
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > 200:
        raise ApiError(401, "unauthorized", "Send your API token as 'Authorization: Bearer <token>'.")
    digest = hash_token(token)
    now = time.monotonic()
    hit = _cache.get(digest)
    if hit is not None and hit[0] > now:
        caller = hit[1]
    else:
        row = (Player.select(Player.id, Player.name, Player.email, Player.disabled)
               .where(Player.token_hash == digest).tuples().first())
        if row is None:
            raise ApiError(401, "unauthorized", "That API token is not known here.")
        if row[3]:
            raise ApiError(403, "player-disabled", "This player has been disabled by the server's operator.")
        caller = Caller(*row[:3])
        if len(_cache) >= _CACHE_LIMIT:
            _cache.clear()
        _cache[digest] = (now + CACHE_SECONDS, caller)
    g.caller = caller
    return caller


def forget_player(player_id: int) -> None:
    """Drop this process's cached tokens of a player (after a rotation, rename or disable)."""
    for digest in [d for d, (_, caller) in _cache.items() if caller.id == player_id]:
        _cache.pop(digest, None)

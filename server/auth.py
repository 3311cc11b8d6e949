"""Bearer tokens: shown once at registration, stored only as their SHA-256.

Tokens are `secrets.token_urlsafe(32)` (256 bits), so a plain hash is enough: there is
nothing to brute-force. A small in-process cache saves the lookup on the move path; its
entries live CACHE_SECONDS, so a token rotated, a name changed or a player disabled
through another worker takes effect everywhere within that time (at once in this one).
Past CACHE_LIMIT tokens the least recently used one is dropped, not the whole cache.
"""
from __future__ import annotations

import hashlib
import secrets
import threading
from dataclasses import dataclass

from cachetools import TTLCache
from flask import g, request

from server.errors import ApiError
from server.models import Player

CACHE_LIMIT = 10000
CACHE_SECONDS = 30.0
_lock = threading.Lock()  # a TTLCache reorders and expires on reads too
_cache: TTLCache[str, "Caller"] = TTLCache(maxsize=CACHE_LIMIT, ttl=CACHE_SECONDS)


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
    with _lock:
        caller = _cache.get(digest)
    if caller is None:
        row = (Player.select(Player.id, Player.name, Player.email, Player.disabled)
               .where(Player.token_hash == digest).tuples().first())
        if row is None:
            raise ApiError(401, "unauthorized", "That API token is not known here.")
        if row[3]:
            raise ApiError(403, "player-disabled", "This player has been disabled by the server's operator.")
        caller = Caller(*row[:3])
        with _lock:
            _cache[digest] = caller
    g.caller = caller
    return caller


def forget_player(player_id: int) -> None:
    """Drop this process's cached tokens of a player (after a rotation, rename or disable)."""
    with _lock:
        for digest in [d for d, caller in _cache.items() if caller.id == player_id]:
            _cache.pop(digest, None)

"""Bearer tokens: shown once at registration, stored only as their SHA-256.

Tokens are `secrets.token_urlsafe(32)` (256 bits), so a plain hash is enough: there is
nothing to brute-force. Players never change, so a small in-process cache saves the
lookup on the move path.
"""
from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from flask import g, request

from server.errors import ApiError
from server.models import Player

_CACHE_LIMIT = 10000
_cache: dict[str, "Caller"] = {}


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
    caller = _cache.get(digest)
    if caller is None:
        row = (Player.select(Player.id, Player.name, Player.email)
               .where(Player.token_hash == digest).tuples().first())
        if row is None:
            raise ApiError(401, "unauthorized", "That API token is not known here.")
        caller = Caller(*row)
        if len(_cache) >= _CACHE_LIMIT:
            _cache.clear()
        _cache[digest] = caller
    g.caller = caller
    return caller

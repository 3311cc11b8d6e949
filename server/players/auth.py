"""Bearer tokens: shown once at registration, stored only as their SHA-256.

Tokens are `secrets.token_urlsafe(32)` (256 bits), so a plain hash is enough: there is
nothing to brute-force. Every request asks the database for its token (one indexed lookup,
its SQL built once): a token replaced or a player disabled through any server, worker or
operator's command is refused everywhere from the next request on. (A cache in each process
once saved this lookup, and kept an old token working for 30 s on the other servers.)
"""
from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from flask import g, request

from server.errors import ApiError, msg
from server.store.statements import select_rows


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


def bearer_token(header: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header, or None (another scheme, none)."""
    scheme, _, token = (header or "").partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


BY_TOKEN = "SELECT id, name, email, disabled, language FROM players WHERE token_hash = %s"
LANGUAGE_BY_TOKEN = "SELECT language FROM players WHERE token_hash = %s"


def current_player() -> Caller:
    """The authenticated caller, or 401 `unauthorized` (403 `player-disabled`)."""
    cached = g.get("caller")
    if cached is not None:
        return cached
    token = bearer_token(request.headers.get("Authorization"))
    if token is None or len(token) > 200:
        raise ApiError(401, "unauthorized", msg("Send your API token as 'Authorization: Bearer <token>'."))
    rows = select_rows(BY_TOKEN, (hash_token(token),))
    if not rows:
        raise ApiError(401, "unauthorized", msg("That API token is not known here."))
    player_id, name, email, disabled, language = rows[0]
    g.caller_language = language  # the language a refusal to this request is written in (api/error_handlers.py)
    if disabled:
        raise ApiError(403, "player-disabled", msg("This player has been disabled by the server's operator."))
    caller = g.caller = Caller(player_id, name, email)
    return caller


def token_language(token: str | None) -> str | None:
    """The language setting of the player a bearer token names (None: none chosen, or no such
    player): for a refusal written before the request got as far as `current_player`."""
    bearer = bearer_token(token)
    if bearer is None or len(bearer) > 200:
        return None
    rows = select_rows(LANGUAGE_BY_TOKEN, (hash_token(bearer),))
    return rows[0][0] if rows else None


def is_disabled(player_id: int) -> bool:
    """Whether the operator has disabled this player (a missing player counts as disabled)."""
    rows = select_rows("SELECT disabled FROM players WHERE id = %s", (player_id,))
    return not rows or bool(rows[0][0])


"""Signed, expiring codes for what a player proves by reading their mail.

The key is HERALD_SECRET_KEY when the operator sets one. Without it, a random key is made
once and kept in the database (`server_settings`), so a single-machine server works out of
the box and every worker signs alike; setting HERALD_SECRET_KEY later invalidates codes
already mailed, and nothing else.
"""
from __future__ import annotations

import secrets

from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from peewee import IntegrityError

from server.config import Settings, settings_of
from server.errors import msg
from server.store.db import database
from server.store.models import ServerSetting

_GENERATED = "secret_key"


class CodeRefused(Exception):
    """The code was altered, is for something else, or has expired (said in the message)."""


def secret_key(config: Settings) -> str:
    config = settings_of(config)
    configured = config.secret_key
    if configured:
        return str(configured)
    row = ServerSetting.get_or_none(ServerSetting.key == _GENERATED)
    if row is None:
        try:
            with database.atomic():  # (a savepoint inside a request's transaction: a clash leaves it usable)
                row = ServerSetting.create(key=_GENERATED, value=secrets.token_urlsafe(32))
        except IntegrityError:  # another worker made it first
            row = ServerSetting.get(ServerSetting.key == _GENERATED)
    return row.value


def _serializer(config: Settings, purpose: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(secret_key(config), salt=f"herald.{purpose}")


def make_code(config: Settings, purpose: str, payload: dict) -> str:
    config = settings_of(config)
    return _serializer(config, purpose).dumps(payload)


def read_code(config: Settings, purpose: str, code: str, max_age_seconds: int) -> dict:
    config = settings_of(config)
    try:
        payload = _serializer(config, purpose).loads(code.strip(), max_age=max_age_seconds)
    except SignatureExpired:
        raise CodeRefused(msg("That code has expired; ask for a new one.")) from None
    except BadSignature:
        raise CodeRefused(msg("That code is not one this server made (check that it was copied whole).")) from None
    if not isinstance(payload, dict):
        raise CodeRefused(msg("That code is not one this server made."))
    return payload

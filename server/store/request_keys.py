"""Requests carried out once under their sender's Idempotency-Key (docs/api.md, "Sending a
request again"): the store's half; server/api/idempotency.py is the HTTP half.

A key is its sender's: its record is found by the SHA-256 of the scope (whose request it is:
the token it came with, or the address of an anonymous sender) and the key together, so one
sender's key never meets another's. The record is written in the transaction of what the
request did, claimed first (on PostgreSQL a second request under the key waits at the unique
index until the first commits or rolls back; SQLite's write lock serialises them anyway) and
completed with the answer before the commit: a crash leaves both or neither. The answer is
sealed with the key and the token the request came with, neither of which the server keeps:
whoever reads the database reads neither a token an answer carried nor a webhook's secret, even
where the key was one they could guess (an anonymous request's answer has the key alone).
Records older than KEEP are gone: read as absent, and deleted by `prune_expired` (`herald
server notify` runs it with its hourly prune).
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from server.store.db import database
from server.store.models import RequestKey, utcnow

KEEP = timedelta(hours=24)  # how long a key answers for its first request
CLAIMED = -1  # the status of a record whose request is still running (only its transaction sees it)
_SEAL = b"herald request key answer"
# An answer's headers that belong to its body and are said again with it: the language it is
# written in (and that it depends on the one asked for), where a made thing is. (Not sealed: they
# name no secret, and each key's keystream seals one thing only.)
KEPT_HEADERS = ("Content-Language", "Location", "Vary")


@dataclass(frozen=True)
class Answer:
    """A request's stored answer, unsealed."""

    status: int
    content_type: str
    body: bytes
    headers: tuple[tuple[str, str], ...] = ()  # (name, value) among KEPT_HEADERS


def key_hash(scope: str, key: str) -> str:
    return hashlib.sha256(f"{scope}\0{key}".encode()).hexdigest()


def request_hash(method: str, path: str, query: bytes, body: bytes) -> str:
    """What the request asks, for telling the same request sent again from another under its key.
    A JSON body counts by what it says, not how it is spelt: the same object with its keys in
    another order or other spacing (a client that rebuilt its request to send it again) is the
    same request. Anything else counts byte for byte."""
    digest = hashlib.sha256(f"{method} {path}?".encode())
    digest.update(query + b"\0" + _as_said(body))
    return digest.hexdigest()


def _as_said(body: bytes) -> bytes:
    """A JSON body written one way (keys sorted, no spaces); any other body as it came."""
    try:
        said = json.loads(body)
    except (ValueError, RecursionError):  # (not JSON, not UTF-8, too deep: the bytes are what there is)
        return body
    return b"json\0" + json.dumps(said, sort_keys=True, separators=(",", ":")).encode()  # (ASCII: "\ud800" too)


def find(scope: str, key: str, now: datetime | None = None) -> RequestKey | None:
    """The key's record (inside the request's transaction); an expired one is deleted and None."""
    row = RequestKey.get_or_none(RequestKey.key_hash == key_hash(scope, key))
    if row is not None and row.created < (now or utcnow()) - KEEP:
        RequestKey.delete().where(RequestKey.id == row.id).execute()
        return None
    return row


def claim(scope: str, key: str, asked: str) -> int:
    """Claim the key for a request about to run (inside its transaction): the record's id. A
    request under the same key that committed meanwhile makes this raise IntegrityError."""
    return RequestKey.insert(key_hash=key_hash(scope, key), request_hash=asked, status=CLAIMED, content_type="",
                             answer="").execute()


def complete(record_id: int, key: str, answer: Answer, holder: str = "") -> None:
    """The claimed record's answer, sealed with the key and the token the request came with
    (`holder`; "" for a request without one), inside the request's transaction."""
    (RequestKey.update(status=answer.status, content_type=answer.content_type[:100],
                       answer=WITH_HOLDER + base64.b64encode(_sealed(key, answer.body, holder)).decode("ascii"),
                       headers=json.dumps([list(header) for header in answer.headers]) if answer.headers else "")
     .where(RequestKey.id == record_id).execute())


def answer_of(row: RequestKey, key: str, holder: str = "") -> Answer:
    """The record's answer, unsealed with the key and the token of the request sent again (a
    record sealed before WITH_HOLDER, with the key alone)."""
    headers = tuple((name, value) for name, value in json.loads(row.headers)) if row.headers else ()
    sealed = row.answer
    if sealed.startswith(WITH_HOLDER):
        body = _unsealed(key, base64.b64decode(sealed[len(WITH_HOLDER):]), holder)
    else:
        body = _unsealed(key, base64.b64decode(sealed), "")
    return Answer(row.status, row.content_type, body, headers)


NONCE = 16  # random bytes in front of each sealed answer
# In front of an answer sealed with the request's token too (not base64: a record sealed before
# has none). With it, a record whose key a reader of the database could guess (a script's
# "retry-1": its hash with the sender's token hash is stored) still needs the token, which the
# server never keeps.
WITH_HOLDER = "2:"


def _sealed(key: str, data: bytes, holder: str) -> bytes:
    """A fresh nonce, then `data` XOR a keystream drawn from the key, the token (`holder`) and
    the nonce (HMAC-SHA-256 in counter mode). The nonce makes every keystream new: two senders
    who chose the same key, or one key used again after it expired, never share one, so no two
    sealed answers XOR into their plain texts."""
    nonce = secrets.token_bytes(NONCE)
    return nonce + _xored(key, holder, nonce, data)


def _unsealed(key: str, sealed: bytes, holder: str) -> bytes:
    return _xored(key, holder, sealed[:NONCE], sealed[NONCE:])


def _xored(key: str, holder: str, nonce: bytes, data: bytes) -> bytes:
    secret = hmac.new(key.encode(), _SEAL + nonce + holder.encode(), hashlib.sha256).digest()
    stream = b"".join(hmac.new(secret, n.to_bytes(8, "big"), hashlib.sha256).digest()
                      for n in range(-(-len(data) // 32)))
    return bytes(a ^ b for a, b in zip(data, stream))


def prune_expired(now: datetime | None = None) -> int:
    """Delete the records older than KEEP; how many went."""
    with database.atomic():
        return RequestKey.delete().where(RequestKey.created < (now or utcnow()) - KEEP).execute()

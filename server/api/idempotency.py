"""`Idempotency-Key`: a request that changes something, sent again under its key, is carried out
once (docs/api.md, "Sending a request again"; the IETF draft "The Idempotency-Key HTTP Header
Field", as Stripe has it). The records are server/store/request_keys.py's.

A POST, PUT, PATCH or DELETE with the header runs in one write transaction, opened here before
the caller is even authenticated and committed here once its answer is made: every transaction
the endpoint opens is a savepoint inside it (as mail-in's replies are), so the record of the key
and its answer commit with what the request did, or neither does. In that transaction the key
is looked up first: the same request again gets the first answer (`Idempotent-Replayed: true`);
another request under the key is refused, 422 `key-reused`; a request under a key still running
waits for it (the database's lock) and is then answered from its record. The lookup comes
before authentication so that a token rotation whose answer was lost is answered with the new
token when sent again with the old one.

Stored: every answer below 500 but 401 (no one was recognised) and 429 (the caller is to send it
again later): a refusal is the answer, as a success is. A 5xx rolls the whole request back,
record and all, so that sending it again carries it out.

Two endpoints say once by their own means and ignore the header: a move (at its seq) and a
message (under its `key`); so do the game page's forms, which answer a browser with pages.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from flask import Flask, Response, g, request
from peewee import IntegrityError

from server import hook_addresses
from server.config import current_settings
from server.errors import ApiError, msg
from server.players.addresses import normalized_email
from server.players.auth import bearer_token, current_player, hash_token
from server.store import request_keys
from server.store.db import discard_connection, transaction_healthy, write_transaction

HEADER = "Idempotency-Key"
REPLAYED = "Idempotent-Replayed"
CHANGING = ("POST", "PUT", "PATCH", "DELETE")
ONCE_BY_THEMSELVES = ("moves.put_move", "table.say")  # a move at its seq, a message under its key
PAGES = ("play.", "api-docs.")
NOT_KEPT = (401, 429)
LOOKED_UP_FIRST = {"players.register": "email", "identity.change_email": "email", "webhooks.register": "url"}
KEY = re.compile(r"[\x21-\x7e]{1,255}")  # visible ASCII, as Stripe's keys and the draft's UUIDs


class _RolledBack(Exception):
    """Ends the request's transaction with a rollback."""


@dataclass
class _Claim:
    transaction: Any  # the write transaction's context, entered
    record: int
    key: str
    holder: str  # the token it came with, which the answer is sealed with besides the key ("" without one)


def takes_key(endpoint: str | None, method: str) -> bool:
    """Whether a request to `endpoint` by `method` is carried out once under an Idempotency-Key
    (a change, but for a move, a message and the game page's forms, which say once otherwise)."""
    return (method.upper() in CHANGING and endpoint is not None and endpoint not in ONCE_BY_THEMSELVES
            and not endpoint.startswith(PAGES))


def kept(status: int) -> bool:
    """Whether an answer of this status is kept with its key (every one below 500 but NOT_KEPT)."""
    return status < 500 and status not in NOT_KEPT


def begin() -> Response | None:
    """Before authentication (app.py): a request under a key is answered from the key's record,
    refused, or goes on inside its transaction with the key claimed."""
    key = request.headers.get(HEADER)
    endpoint = request.endpoint
    if key is None or not takes_key(endpoint, request.method):
        return None
    key = key.strip()
    key = key[1:-1] if len(key) > 1 and key[0] == key[-1] == '"' else key  # the draft's form: a quoted string
    if not KEY.fullmatch(key):
        raise ApiError(400, "bad-idempotency-key", msg(
            "The Idempotency-Key header must be 1 to 255 visible ASCII characters, such as a random UUID."))
    _look_up_first(str(endpoint))
    token = bearer_token(request.headers.get("Authorization"))
    holder = token or ""  # (what the answer is sealed with besides the key: the server keeps only its hash)
    scope, asked = _scope(token), request_keys.request_hash(request.method, request.path, request.query_string,
                                                              request.get_data(cache=True))
    for attempt in (1, 2):
        transaction = write_transaction()
        transaction.__enter__()
        try:
            found = request_keys.find(scope, key)
            if found is None:
                g.request_key = _Claim(transaction, request_keys.claim(scope, key, asked), key, holder)
                return None
        except IntegrityError:  # the same key, claimed by a request that has committed meanwhile
            _end(transaction, commit=False)
            if attempt == 2:
                raise
            continue
        except BaseException:
            _end(transaction, commit=False)
            raise
        _end(transaction, commit=True)  # (an expired record it found is deleted)
        if found.request_hash != asked:
            raise ApiError(422, "key-reused", msg(
                "This Idempotency-Key was sent with another request in the last 24 hours, so this one was not "
                "carried out: send each new request under a new key."))
        answer = request_keys.answer_of(found, key, holder)
        return Response(answer.body, answer.status, content_type=answer.content_type or None,
                        headers=[*answer.headers, (REPLAYED, "true")])
    return None  # (not reached: the second attempt returns or raises)


def finish(response: Response) -> Response:
    """After the answer is made: store it with the key and commit, or roll everything back."""
    claim = g.pop("request_key", None)
    if claim is None:
        return response
    status = response.status_code
    if not kept(status) or not transaction_healthy():
        _end(claim.transaction, commit=False)
        return response
    try:
        request_keys.complete(claim.record, claim.key, request_keys.Answer(
            status, response.content_type or "", response.get_data(),
            tuple((name, value) for name, value in response.headers.items() if name in request_keys.KEPT_HEADERS)),
            claim.holder)
    except BaseException:
        _end(claim.transaction, commit=False)
        raise  # the request's failure: a 500, and nothing it did is kept
    _end(claim.transaction, commit=True)  # (a failing commit has rolled back: a 500 too)
    return response


def abandon(error: BaseException | None = None) -> None:
    """At the request's end: a transaction no answer ended (an error past every handler) rolls back."""
    claim = g.pop("request_key", None)
    if claim is not None:
        _end(claim.transaction, commit=False)


def _end(transaction, commit: bool) -> None:
    if commit:
        transaction.__exit__(None, None, None)
        return
    try:
        transaction.__exit__(_RolledBack, _RolledBack(), None)
    except Exception:  # a broken connection: it goes, and what it held with it
        discard_connection()


def _look_up_first(endpoint: str) -> None:
    """The DNS look-ups the request's view will make, made now, before its transaction holds
    the write lock, and remembered for the view (server/hook_addresses.py, `remembered`): a new address's domain, a
    webhook's host. Only for a recognised caller where the view asks for one (a stranger makes
    the server look nothing up). A refusal is left for the view to say, from what is remembered."""
    body = request.get_json(silent=True)
    field = LOOKED_UP_FIRST.get(endpoint)
    if field is None or not isinstance(body, dict) or not isinstance(body.get(field), str):
        return
    try:
        if endpoint == "players.register":
            normalized_email(body[field], current_settings().email_check_dns)
            return
        current_player()
        if endpoint == "identity.change_email":
            normalized_email(body[field], current_settings().email_check_dns)
        else:
            hook_addresses.check_url(body[field], ())
    except Exception:  # (an unknown caller, a refused address or host: the view says it)
        pass


def _scope(token: str | None) -> str:
    """Whose key it is: the token the request comes with (what the server knows of it, its
    SHA-256), else the address it comes from (as the rate limits see it)."""
    return f"token {hash_token(token)}" if token is not None else f"address {request.remote_addr}"


def install(app: Flask) -> None:
    """After pooling.init_app: this teardown must run before the connection goes back to the pool."""
    app.after_request(finish)
    app.teardown_request(abandon)

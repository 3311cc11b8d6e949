"""Every answer is JSON, errors too: {"error": {code, message, rule?, legal?, details}}.

Handlers cover HTTP errors (including flask-smorest/webargs validation errors, converted to
our format), our own ApiError (server/errors.py), IllegalMove from a game, and a last-resort
500 that never leaks a traceback.

The message is written in the requester's language (issue 27): the authenticated player's
setting, else the browser's Accept-Language (Babel's negotiation, as the pages do), else
English; `Content-Language` says which, and the `code` is the same in every language. Only
the server's own sentences (`server.errors.msg`) are translated, and marshmallow's common
field messages through them (`MARSHMALLOW`); an engine's refusal is said with the game's words,
and any other text (a rarer library message) reads as it was written (English), the header
then naming English too.
"""
from __future__ import annotations

import logging
import re

from flask import current_app, g, has_request_context, jsonify, redirect, request
from flask_smorest import Api
from marshmallow import Schema, fields
from peewee import DatabaseError, InterfaceError, OperationalError
from playhouse.pool import MaxConnectionsExceeded
from werkzeug.exceptions import HTTPException

from core.protocol import IllegalMove
from server.errors import ApiError, Sentence, from_illegal, msg
from server.web.i18n import gamewords, languages
from server.web.i18n.catalogs import said, spoken

log = logging.getLogger(__name__)

HTTP_CODES = {
    400: "bad-request",
    401: "unauthorized",
    403: "forbidden",
    404: "not-found",
    405: "method-not-allowed",
    406: "not-acceptable",
    409: "conflict",
    411: "length-required",
    413: "too-large",
    414: "uri-too-long",
    415: "unsupported-media-type",
    422: "invalid-input",
    429: "too-many-requests",
    431: "headers-too-large",
}


# Our sentences for werkzeug's own refusals (its descriptions are English only).
HTTP_SENTENCES = {
    404: msg("There is nothing at this address."),
    405: msg("This address does not take that method."),
    406: msg("This address cannot answer in a form the request accepts."),
    411: msg("The request must say how long its body is (Content-Length)."),
    413: msg("The request is too large."),
    414: msg("The address of the request is too long."),
    415: msg("The request's body is not of a type this address takes."),
    431: msg("The request's headers are too large."),
}


def _english(messages):
    """Validation messages as plain English strings, for `details.fields`."""
    if isinstance(messages, dict):
        return {key: _english(value) for key, value in messages.items()}
    if isinstance(messages, list):
        return [_english(value) for value in messages]
    return str.__str__(messages) if isinstance(messages, str) else messages


class ErrorDetailSchema(Schema):
    code = fields.String(metadata={"description": "stable error code"})
    message = fields.String()
    rule = fields.String(metadata={"description": "rule ID, for illegal moves"})
    legal = fields.List(fields.String(), metadata={"description": "legal alternatives (capped)"})
    details = fields.Dict()


class ErrorSchema(Schema):
    error = fields.Nested(ErrorDetailSchema)


# marshmallow's own messages for a field (its defaults, English only), as our sentences: the
# English stays word for word, and a player reads them in their language. Any other (a schema's
# own, already a Sentence, or one not listed) is said as it is.
MARSHMALLOW = {
    "Missing data for required field.": msg("Missing data for required field."),
    "Field may not be null.": msg("Field may not be null."),
    "Invalid value.": msg("Invalid value."),
    "Not a valid string.": msg("Not a valid string."),
    "Not a valid integer.": msg("Not a valid integer."),
    "Not a valid number.": msg("Not a valid number."),
    "Number too large.": msg("Number too large."),
    "Not a valid boolean.": msg("Not a valid boolean."),
    "Not a valid list.": msg("Not a valid list."),
    "Not a valid mapping type.": msg("Not a valid mapping type."),
    "Not a valid email address.": msg("Not a valid email address."),
    "Not a valid datetime.": msg("Not a valid datetime."),
    "Invalid type.": msg("Invalid type."),
    "Invalid input type.": msg("Invalid input type."),
    "Unknown field.": msg("Unknown field."),
    "String does not match expected pattern.": msg("String does not match expected pattern."),
}
# marshmallow's validators' defaults, which name their bounds or choices.
MARSHMALLOW_PATTERNS = (
    (re.compile(r"Must be greater than or equal to (?P<min>.+?) and less than or equal to (?P<max>.+?)\."),
     lambda found: msg("Must be greater than or equal to %(min)s and less than or equal to %(max)s.", **found)),
    (re.compile(r"Must be greater than or equal to (?P<min>.+?)\."),
     lambda found: msg("Must be greater than or equal to %(min)s.", **found)),
    (re.compile(r"Must be less than or equal to (?P<max>.+?)\."),
     lambda found: msg("Must be less than or equal to %(max)s.", **found)),
    (re.compile(r"Length must be between (?P<min>.+?) and (?P<max>.+?)\."),
     lambda found: msg("Length must be between %(min)s and %(max)s.", **found)),
    (re.compile(r"Shorter than minimum length (?P<min>.+?)\."),
     lambda found: msg("Shorter than minimum length %(min)s.", **found)),
    (re.compile(r"Longer than maximum length (?P<max>.+?)\."),
     lambda found: msg("Longer than maximum length %(max)s.", **found)),
    (re.compile(r"Must be one of: (?P<choices>.+?)\."), lambda found: msg("Must be one of: %(choices)s.", **found)),
)


def marshmallow_sentence(text: str) -> str:
    """One of marshmallow's default messages as our sentence (said in the reader's language);
    any other text as it is."""
    if isinstance(text, Sentence):
        return text
    found = MARSHMALLOW.get(text)
    if found is not None:
        return found
    for pattern, sentence in MARSHMALLOW_PATTERNS:
        match = pattern.fullmatch(text)
        if match:
            return sentence(match.groupdict())
    return text


def _validation_message(messages, language: str) -> tuple[str, set[str]]:
    """One sentence out of webargs' nested {location: {field: [msg]}} structure, and the
    languages it is written in (our own sentences in `language`, marshmallow's in English)."""
    parts, spoken_in = [], set()

    def say(text) -> str:
        text = marshmallow_sentence(text) if isinstance(text, str) else text
        spoken_in.add(spoken(text, language))
        return said(text, language)

    def walk(prefix, value):
        if isinstance(value, dict):
            for key, sub in value.items():
                walk(f"{prefix}.{key}" if prefix else str(key), sub)
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            label = "" if prefix in ("", "_schema") else f"{prefix}: "
            parts.append(f"{label}{' '.join(say(v) for v in value)}")
        elif isinstance(value, list):
            for i, sub in enumerate(value):
                walk(f"{prefix}[{i}]", sub)
        else:
            parts.append(f"{prefix}: {say(value) if isinstance(value, str) else value}")

    # Drop the location level (json/query) when it is the only one: players do not care.
    if isinstance(messages, dict) and len(messages) == 1:
        messages = next(iter(messages.values()))
    walk("", messages)
    if not parts:
        return say(msg("The request is not valid.")), spoken_in
    return "; ".join(parts[:10]), spoken_in


def request_language(ask_database: bool = True) -> str:
    """The language a refusal to this request is written in: the authenticated player's
    setting, else Accept-Language, else English. A request refused before it was
    authenticated (a validation error) finds its player by its token, unless the database is
    the trouble (`ask_database` False)."""
    if not has_request_context():
        return languages.DEFAULT
    chosen = g.get("caller_language")
    if chosen is None and "caller" not in g and ask_database and request.headers.get("Authorization"):
        from server.players.auth import token_language

        try:
            chosen = token_language(request.headers.get("Authorization"))
        except Exception:  # the refusal matters more than its language
            log.warning("no language for a refusal: the player could not be read", exc_info=True)
    return languages.normalise(chosen) or languages.from_browser() or languages.DEFAULT


def error_response(error: ApiError, ask_database: bool = True, spoken_in: set[str] | None = None):
    """The JSON answer to `error`, its message in the requester's language (`spoken_in`: the
    languages a message already written is in), with Content-Language; to a browser asking for
    a game page (or posting its forms), the refusal page instead, whatever refused it (a busy
    database, a body too large), as the page's own routes answer (BROWSER_REFUSAL)."""
    page = current_app.extensions.get(BROWSER_REFUSAL) if has_request_context() else None
    response = (page(error) if page is not None else None) or _json_error(error, ask_database, spoken_in)
    wait = error.details.get("retry_after")
    if error.status in (429, 503) and type(wait) is int:  # (a limit's, Herald's own too: messages, invitations)
        response.headers["Retry-After"] = str(wait)
    return response


def _json_error(error: ApiError, ask_database: bool, spoken_in: set[str] | None):
    body = error.body()
    if spoken_in is None:
        language = request_language(ask_database)
        if gamewords.is_game_text(error.message):  # the rules' refusal: said with the game's words
            body["error"]["message"] = gamewords.speak(error.message, language)
            spoken_in = {languages.effective(language)}
        else:
            body["error"]["message"] = said(error.message, language)
            spoken_in = {spoken(error.message, language)}
    response = jsonify(body)
    response.status_code = error.status
    response.headers["Content-Language"] = ", ".join(sorted(spoken_in))
    response.vary.add("Accept-Language")
    if error.status == 401:
        response.headers["WWW-Authenticate"] = "Bearer"
    return response


BROWSER_REFUSAL = "herald_browser_refusal"  # app.extensions: the game page's refusal for a browser (routes/play.py)


def _busy_answer():
    """503 `busy` with Retry-After: the database (or a connection to it) is not to be had now,
    said in the language known without one (the player's if already read, else Accept-Language)."""
    response = error_response(ApiError(503, "busy", msg("The server is busy; please try again in a moment.")),
                              ask_database=False)
    response.headers["Retry-After"] = "2"
    return response


class HeraldApi(Api):
    """flask-smorest's Api with our error format instead of its own."""

    ERROR_SCHEMA = ErrorSchema

    def handle_http_exception(self, error: HTTPException):
        status = error.code or 500
        if status == 404 and (moved := _without_trailing_slash()) is not None:
            return moved
        data = getattr(error, "data", None) or {}
        messages = data.get("messages") or data.get("errors")
        headers = data.get("headers") or {}
        spoken_in = None
        message: str
        if messages is not None:
            if status == 400 and "Invalid JSON body." in str(messages):
                code, message = "bad-json", msg("The request body is not valid JSON.")
            else:
                code = "bad-request" if status == 400 else "invalid-input"
                message, spoken_in = _validation_message(messages, request_language())
            refusal = ApiError(status, code, message, details={"fields": _english(messages)})
        elif status >= 500:
            refusal = ApiError(status, "internal-error", msg("Something went wrong on the server."))
        else:
            code = HTTP_CODES.get(status, "http-error")
            custom = error.description if error.description != type(error).description else None
            message = data.get("message") or custom or HTTP_SENTENCES.get(status) or error.description or error.name
            refusal = ApiError(status, code, message if isinstance(message, Sentence) else str(message))
        response = error_response(refusal, spoken_in=spoken_in)
        response.headers.update(headers)
        if status == 405 and hasattr(error, "valid_methods") and error.valid_methods:
            response.headers["Allow"] = ", ".join(error.valid_methods)
        return response


def _without_trailing_slash():
    """A 308 to the address without its trailing slash where that address exists (`/rules/`,
    `/docs/`: a typo or a browser's completion), for GET and HEAD; else None (the 404 stands)."""
    path = request.path
    if request.method not in ("GET", "HEAD") or len(path) < 2 or not path.endswith("/"):
        return None
    bare = path.rstrip("/") or "/"
    if bare.startswith("//"):  # (another site's address, to a browser)
        return None
    try:
        current_app.url_map.bind("").match(bare, method=request.method)
    except HTTPException:
        return None
    query = request.query_string.decode("latin-1")
    return redirect(bare + (f"?{query}" if query else ""), code=308)


def _drop_connection() -> None:
    """A broken connection (database restarted, disk full, read-only) must not be reused by the
    next request: out of the pool with it, not back into it."""
    from server.store.db import discard_connection

    discard_connection()


def register_error_handlers(app) -> None:
    @app.errorhandler(ApiError)
    def _api_error(exc: ApiError, ask_database: bool = True):
        return error_response(exc, ask_database)

    @app.errorhandler(IllegalMove)
    def _illegal(exc: IllegalMove):
        return _api_error(from_illegal(exc))

    @app.errorhandler(DatabaseError)
    def _database_fault(exc: Exception):
        from server.store import dbfaults

        reason = dbfaults.permanent_reason(exc)
        if reason is None and dbfaults.unreachable(exc):  # PostgreSQL down or refusing: said so, not "busy"
            log.error("database unreachable: %s", exc)
            _drop_connection()
            response = _api_error(ApiError(503, "database-unreachable", msg(
                "The server cannot reach its database just now; nothing was changed. Please try again in a few "
                "minutes.")), ask_database=False)
            response.headers["Retry-After"] = "30"
            return response
        if reason is None:
            return _busy(exc) if isinstance(exc, OperationalError) else _last_resort(exc)
        # Disk full, read-only, I/O error: waiting will not help, the operator must act.
        log.error("database fault (%s): %s", reason, exc)
        dbfaults.remember(reason)
        _drop_connection()
        return _api_error(ApiError(503, "database-unwritable", msg(
            "The server cannot store anything now: %(reason)s. Nothing was changed; the operator has to fix this "
            "before the game can go on.", reason=dbfaults.MESSAGES[reason]), details={"reason": reason}),
            ask_database=False)

    @app.errorhandler(InterfaceError)
    def _busy(exc: Exception):
        # "database is locked" after the busy timeout, a dropped connection: retryable.
        log.warning("database error: %s", exc)
        _drop_connection()
        return _busy_answer()

    @app.errorhandler(MaxConnectionsExceeded)
    def _pool_exhausted(exc: MaxConnectionsExceeded):
        # No database connection free for POOL_WAIT seconds (server/store/pooling.py): retryable,
        # said in the language known without one (the player's if already read, else Accept-Language).
        log.warning("database connection pool exhausted: %s", exc)
        return _busy_answer()

    @app.errorhandler(OverflowError)
    def _too_big(exc: OverflowError):
        # A client number beyond 64 bits reaching the database driver.
        return _api_error(ApiError(400, "bad-request", msg("A number in the request is too large.")))

    @app.errorhandler(RecursionError)
    def _too_deep(exc: RecursionError):
        # Only absurdly nested client JSON gets here (engines' own errors are caught per move).
        return _api_error(ApiError(400, "bad-json", msg("The request body is nested too deeply.")))

    @app.errorhandler(ValueError)
    def _value_error(exc: ValueError):
        from server.api.bignumbers import too_long_number_error
        from server.api.brokentext import broken_text_error

        # the JSON parser's int limit, or half a UTF-16 pair in a string: the client's doing
        error = too_long_number_error() or (broken_text_error() if isinstance(exc, UnicodeError) else None)
        return _api_error(error) if error is not None else _last_resort(exc)

    @app.errorhandler(Exception)
    def _last_resort(exc: Exception):
        if isinstance(exc, HTTPException):
            return app.extensions["herald_api"].handle_http_exception(exc)
        log.exception("unhandled error")
        return _api_error(ApiError(500, "internal-error", msg("Something went wrong on the server.")),
                          ask_database=False)

"""Every answer is JSON, errors too: {"error": {code, message, rule?, legal?, details}}.

Handlers cover HTTP errors (including flask-smorest/webargs validation errors, converted to
our format), our own ApiError (server/errors.py), IllegalMove from a game, and a last-resort
500 that never leaks a traceback.
"""
from __future__ import annotations

import logging

from flask import jsonify
from flask_smorest import Api
from marshmallow import Schema, fields
from peewee import DatabaseError, InterfaceError, OperationalError
from werkzeug.exceptions import HTTPException

from core.protocol import IllegalMove
from server.errors import ApiError, from_illegal

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


class ErrorDetailSchema(Schema):
    code = fields.String(metadata={"description": "stable error code"})
    message = fields.String()
    rule = fields.String(metadata={"description": "rule ID, for illegal moves"})
    legal = fields.List(fields.String(), metadata={"description": "legal alternatives (capped)"})
    details = fields.Dict()


class ErrorSchema(Schema):
    error = fields.Nested(ErrorDetailSchema)


def _validation_message(messages) -> str:
    """One sentence out of webargs' nested {location: {field: [msg]}} structure."""
    parts = []

    def walk(prefix, value):
        if isinstance(value, dict):
            for key, sub in value.items():
                walk(f"{prefix}.{key}" if prefix else str(key), sub)
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            label = "" if prefix in ("", "_schema") else f"{prefix}: "
            parts.append(f"{label}{' '.join(value)}")
        elif isinstance(value, list):
            for i, sub in enumerate(value):
                walk(f"{prefix}[{i}]", sub)
        else:
            parts.append(f"{prefix}: {value}")

    # Drop the location level (json/query) when it is the only one: players do not care.
    if isinstance(messages, dict) and len(messages) == 1:
        messages = next(iter(messages.values()))
    walk("", messages)
    return "; ".join(parts[:10]) or "The request is not valid."


class HeraldApi(Api):
    """flask-smorest's Api with our error format instead of its own."""

    ERROR_SCHEMA = ErrorSchema

    def handle_http_exception(self, error: HTTPException):
        status = error.code or 500
        data = getattr(error, "data", None) or {}
        messages = data.get("messages") or data.get("errors")
        headers = data.get("headers") or {}
        if messages is not None:
            if status == 400 and "Invalid JSON body." in str(messages):
                code, message = "bad-json", "The request body is not valid JSON."
            else:
                code = "bad-request" if status == 400 else "invalid-input"
                message = _validation_message(messages)
            body = ApiError(status, code, message, details={"fields": messages}).body()
        elif status >= 500:
            body = ApiError(status, "internal-error", "Something went wrong on the server.").body()
        else:
            code = HTTP_CODES.get(status, "http-error")
            message = data.get("message") or error.description or error.name
            body = ApiError(status, code, str(message)).body()
        response = jsonify(body)
        response.status_code = status
        response.headers.update(headers)
        if status == 405 and hasattr(error, "valid_methods") and error.valid_methods:
            response.headers["Allow"] = ", ".join(error.valid_methods)
        return response


def _drop_connection() -> None:
    """A broken connection (database restarted, disk full, read-only) must not be reused by the
    next request: out of the pool with it, not back into it."""
    from server.store.db import discard_connection

    discard_connection()


def register_error_handlers(app) -> None:
    @app.errorhandler(ApiError)
    def _api_error(exc: ApiError):
        response = jsonify(exc.body())
        response.status_code = exc.status
        if exc.status == 401:
            response.headers["WWW-Authenticate"] = "Bearer"
        return response

    @app.errorhandler(IllegalMove)
    def _illegal(exc: IllegalMove):
        return _api_error(from_illegal(exc))

    @app.errorhandler(DatabaseError)
    def _database_fault(exc: Exception):
        from server.store import dbfaults

        reason = dbfaults.permanent_reason(exc)
        if reason is None:
            return _busy(exc) if isinstance(exc, OperationalError) else _last_resort(exc)
        # Disk full, read-only, I/O error: waiting will not help, the operator must act.
        log.error("database fault (%s): %s", reason, exc)
        dbfaults.remember(reason)
        _drop_connection()
        return _api_error(ApiError(503, "database-unwritable", f"The server cannot store anything now: "
                                   f"{dbfaults.MESSAGES[reason]}. Nothing was changed; the operator has to "
                                   f"fix this before the game can go on.", details={"reason": reason}))

    @app.errorhandler(InterfaceError)
    def _busy(exc: Exception):
        # "database is locked" after the busy timeout, a dropped connection: retryable.
        log.warning("database error: %s", exc)
        _drop_connection()
        response = _api_error(ApiError(503, "busy", "The server is busy; please try again in a moment."))
        response.headers["Retry-After"] = "2"
        return response

    @app.errorhandler(OverflowError)
    def _too_big(exc: OverflowError):
        # A client number beyond 64 bits reaching the database driver.
        return _api_error(ApiError(400, "bad-request", "A number in the request is too large."))

    @app.errorhandler(RecursionError)
    def _too_deep(exc: RecursionError):
        # Only absurdly nested client JSON gets here (engines' own errors are caught per move).
        return _api_error(ApiError(400, "bad-json", "The request body is nested too deeply."))

    @app.errorhandler(ValueError)
    def _value_error(exc: ValueError):
        from server.api.bignumbers import too_long_number_error

        error = too_long_number_error()  # the JSON parser's int limit: the client's doing
        return _api_error(error) if error is not None else _last_resort(exc)

    @app.errorhandler(Exception)
    def _last_resort(exc: Exception):
        if isinstance(exc, HTTPException):
            return app.extensions["herald_api"].handle_http_exception(exc)
        log.exception("unhandled error")
        return _api_error(ApiError(500, "internal-error", "Something went wrong on the server."))

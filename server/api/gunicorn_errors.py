"""gunicorn's own error answers in Herald's JSON format instead of its HTML page.

gunicorn answers a request it cannot parse (a request line over `limit_request_line`, too
many or too long headers, a malformed line or chunk) itself, before the app sees it,
through `gunicorn.util.write_error(sock, status, reason, message)`. It has no setting for
that page, so `deploy/gunicorn.conf.py` replaces that one function when gunicorn starts
(`install()`); everything else about the answer (the status, closing the connection) is
gunicorn's. If a future gunicorn stops calling `util.write_error`, its HTML page comes back:
tests/server/test_gunicorn_errors.py would say so.
"""
from __future__ import annotations

import json

CODES = {
    400: ("bad-request", "The request could not be read as HTTP."),
    403: ("forbidden", "The request was refused."),
    414: ("uri-too-long", "The request line (method, path and query) is too long."),
    417: ("expectation-failed", "The Expect header asks for something this server does not do."),
    431: ("headers-too-large", "The request has too many headers, or a header that is too long."),
    500: ("internal-error", "Something went wrong on the server."),
    501: ("not-implemented", "The request uses a transfer coding this server does not support."),
}
DETAIL_LIMIT = 200


def error_response(status: int, reason: str, message: str) -> bytes:
    """The bytes of a complete HTTP answer in Herald's error format."""
    code, sentence = CODES.get(status, ("http-error", reason or "The request was refused."))
    details = {"reason": message[:DETAIL_LIMIT]} if message and status < 500 else {}
    body = json.dumps({"error": {"code": code, "message": sentence, "details": details}}).encode()
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")
    return head.encode("latin-1", "replace") + body


def install() -> None:
    """Make gunicorn write `error_response` where it would write its HTML error page."""
    from gunicorn import util

    def write_error(sock, status_int, reason, mesg):
        util.write_nonblock(sock, error_response(int(status_int), str(reason), str(mesg)))

    util.write_error = write_error

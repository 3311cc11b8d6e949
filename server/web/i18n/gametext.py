"""A stored game text (an event of the move log) in its reader's language.

An event is stored as JSON: `{"text": English, "to": ..., "data": ...}`, and where its words
can be said in other languages also `"msg": {"id": "<English template with {named}
placeholders>", "args": {...}}` (the server's own events, e.g. undo's "taken back by
consent"; the engines' are to follow). `render_event_text` says such an event in the
reader's language: the template's translation from the catalogs (`gettext` on the id), its
`{named}` slots filled from `args`, and any other slot (the `{P0}`..`{P5}` of the seats,
which the server fills with names afterwards) left as it stands. An event without "msg" (any
log written before, and every engine's today) renders as its stored "text", so an old log
reads exactly as it did.
"""
from __future__ import annotations

from server.web.i18n.catalogs import translations
from server.web.i18n.languages import DEFAULT, effective


class _Kept(dict):
    """Values for `str.format_map`: a slot without one stays as written ({P0} stays {P0})."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def render_event_text(event_json: dict, language: str | None) -> str:
    """The event's text for a reader of `language` (English: the stored text itself)."""
    text = event_json.get("text", "")
    said = event_json.get("msg")
    if not isinstance(said, dict) or not isinstance(said.get("id"), str) or effective(language) == DEFAULT:
        return text
    try:
        return translations(language).gettext(said["id"]).format_map(_Kept(said.get("args") or {}))
    except (ValueError, TypeError, AttributeError, IndexError, KeyError):
        return text  # a template that does not fit its values: the stored English, never a crash

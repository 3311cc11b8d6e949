"""A game's words in a reader's language: the events, prompts, refusals, boards and endings
that the engines say as messages (core/text.py), rendered at the edge for each reader.

`said(text, language, ruleset)` takes a live message or its stored form (`msg` beside a stored
record's English `text`) and renders it with that game's catalog (`catalogs/<ruleset>/<lang>.po`)
and term list (the originals' own names, terms.py). A text stored before messages existed is
plain English and renders as it always did. Each render takes its language's catalog explicitly,
never a global locale, so mails for different readers rendered at once never mix.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from core.text import Speaker, render
from server.players.seats import SeatInfo, name_players
from server.web.i18n import catalogs, terms
from server.web.i18n.languages import DEFAULT, effective


CORE_DOMAIN = "core"  # what core/*.py says for every game (resigning, taking back, skipping)


@lru_cache(maxsize=64)
def speaker(language: str, ruleset: str) -> Speaker:
    """What `render` needs of `language` for the game `ruleset`: the game's catalog, then the
    catalog of what core/ says for every game, and the game's term list."""
    game, shared = catalogs.translations(language, ruleset), catalogs.translations(language, CORE_DOMAIN)
    names = terms.terms(language).get(ruleset, {})

    def gettext(message: str) -> str:
        found = game.gettext(message)
        return found if found != message else shared.gettext(message)

    def ngettext(singular: str, plural: str, n: int) -> str:
        found = game.ngettext(singular, plural, n)
        return found if found not in (singular, plural) else shared.ngettext(singular, plural, n)

    return Speaker(gettext, ngettext, lambda english: names.get(english, english))


def said(text: Any, language: str | None, ruleset: str) -> str:
    """A game's text in `language`: a message (live or stored), else the text as it is."""
    if text is None:
        return ""
    language = effective(language)
    if language == DEFAULT and not isinstance(text, dict):
        return str(text)
    return str(render(text, speaker(language, ruleset)))


def record_text(record: dict, language: str | None, ruleset: str, key: str = "text") -> str:
    """A stored record's (event, prompt, refusal, result) text in `language`: its message where
    one was stored, else its English `key` as stored."""
    message = record.get("msg")
    if message is None or effective(language) == DEFAULT:
        return record.get(key) or ""
    return said(message, language, ruleset)


def spoken(text: Any, language: str | None, ruleset: str, seats: tuple[SeatInfo, ...]) -> str:
    """A game's text in `language` with the players' names in their slots."""
    return name_players(said(text, language, ruleset), seats)


SPOKEN_KEYS = ("prompt", "reason")  # a mail row's texts that the engine said: `<key>_msg` beside them


def spoken_context(context: dict, language: str | None, ruleset: str | None, seats: tuple[SeatInfo, ...]) -> dict:
    """A mail's stored context with each engine text (`<key>`, stored in English with names)
    said in the reader's language where its message was stored beside it (`<key>_msg`)."""
    found = {f"{key}_msg" for key in SPOKEN_KEYS} & context.keys()
    if not found or ruleset is None:
        return context
    context = dict(context)
    for key in found:
        context[key[:-4]] = spoken(context.pop(key), language, ruleset, seats)
    return context

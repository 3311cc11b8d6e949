"""A game's own words in the command's language, for what the client works out by itself
(`herald replay`'s board): the engines say their texts as messages (core/text.py), and the
server's catalogs of each game's words (`catalogs/<game>/<lang>.po`, and what core says for
every game) and the translated guides' term lists are in the installed package. They are read
here with the client's own PO reader, without Babel or anything else of the server's.
What the server answers (`herald show`) it has said in the player's language already.
"""
from __future__ import annotations

import gettext
import io
import json
from functools import lru_cache
from importlib import resources
from typing import Any

from client import pofile
from client.i18n import SOURCE_LANGUAGE, language
from core.text import Speaker, render, speaker_of

CORE_WORDS = "core"  # what core/ says for every game (server/web/i18n/gamewords.py's CORE_DOMAIN)


def _catalog(lang: str, domain: str) -> gettext.NullTranslations:
    found = resources.files("server.web.i18n").joinpath("catalogs", domain, f"{lang}.po")
    if not found.is_file():
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(pofile.compile_mo(pofile.parse(found.read_text(encoding="utf-8")))))


@lru_cache(maxsize=16)
def speaker(lang: str, ruleset: str) -> Speaker:
    """`lang`'s words for the game `ruleset`: its catalog, then core's, then its term list."""
    terms = resources.files("server.guides").joinpath(lang, "terms.json")
    names = json.loads(terms.read_text(encoding="utf-8")).get(ruleset, {}) if terms.is_file() else {}
    return speaker_of([_catalog(lang, ruleset), _catalog(lang, CORE_WORDS)], names)


def said(text: Any, ruleset: str) -> str:
    """A game's text (a message, or plain) in the command's language."""
    lang = language()
    if lang == SOURCE_LANGUAGE:
        return str(text)
    words = str(render(text, speaker(lang, ruleset)))
    if lang == "hu":
        from core.hungarian import articles  # "a(z)" once the words are in

        words = articles(words)
    return words

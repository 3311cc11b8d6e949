"""The message catalogs: `catalogs/<lang>.po` (the server's own words) and
`catalogs/<ruleset>/<lang>.po` (one game's words: its events, prompts, refusals, board and
endings, core/text.py), the source in the repository, read with Babel and compiled in memory at
first use into `babel.support.Translations` (cached per process), so an installed server needs no
build step and no generated `.mo` file exists anywhere.

English is the source language: its "catalog" is the messages themselves (NullTranslations,
with English plural rules), so an English render is exactly the templates' own words.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from io import BytesIO

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from core.hungarian import articles
from server.errors import Sentence
from server.web.i18n.languages import DEFAULT, LANGUAGES, normalise

DOMAIN = "messages"


def catalog_path(language: str, domain: str = DOMAIN) -> Traversable:
    """Where a language's catalog of a domain lies (DOMAIN: the server's; else a ruleset's)."""
    folder = resources.files(__package__).joinpath("catalogs")
    return folder.joinpath(f"{language}.po") if domain == DOMAIN else folder.joinpath(domain, f"{language}.po")


def catalog_text(language: str, domain: str = DOMAIN) -> str:
    """The source of a language's catalog (`server/web/i18n/catalogs/[<ruleset>/]<lang>.po`)."""
    return catalog_path(language, domain).read_text(encoding="utf-8")


def catalog(language: str, domain: str = DOMAIN) -> Catalog:
    """A language's catalog as Babel reads it (for the tests and `extract`)."""
    return read_po(BytesIO(catalog_text(language, domain).encode("utf-8")), locale=language, domain=domain)


@lru_cache(maxsize=8 * len(LANGUAGES))
def _compiled(language: str, domain: str) -> NullTranslations:
    if language == DEFAULT or not catalog_path(language, domain).is_file():
        return NullTranslations()
    buffer = BytesIO()
    # Fuzzy entries are translations nobody has checked yet: like missing ones, they read in English.
    write_mo(buffer, catalog(language, domain), use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain=domain)


def translations(language: str | None, domain: str = DOMAIN) -> NullTranslations:
    """The translations of a language (a code Herald does not speak: the default's), of the
    server's words or, given a ruleset as `domain`, of that game's."""
    return _compiled(normalise(language) or DEFAULT, domain)


def said(text: str, language: str | None) -> str:
    """A server's sentence (`server.errors.msg`) in `language`, its values filled in (a value
    that is a sentence too is said in that language as well); any other text as it is (an
    engine's refusal, a library's message: English)."""
    if not isinstance(text, Sentence):
        return str.__str__(text)
    found = translations(language)
    values = {key: said(value, language) if isinstance(value, Sentence) else value
              for key, value in text.values.items()}
    if text.plural is None or text.number is None:
        template = found.gettext(text.message)
    else:
        template = found.ngettext(text.message, text.plural, text.number)
    try:
        return finished(template % values, language)
    except (KeyError, ValueError, TypeError):  # a translation that does not fit its values: the English
        return str.__str__(text)


def finished(text: str, language: str | None) -> str:
    """A sentence in `language` once its values are in: what the language's grammar decides by
    the words filled in (Hungarian's "a"/"az" before them, core/hungarian.py)."""
    return articles(text) if language == "hu" and isinstance(text, str) else text


def spoken(text: str, language: str | None) -> str:
    """The language `said(text, language)` is written in: `language` for a server's sentence,
    the default (English) for any other text."""
    return (normalise(language) or DEFAULT) if isinstance(text, Sentence) else DEFAULT

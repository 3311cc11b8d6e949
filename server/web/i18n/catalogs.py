"""The message catalogs: `catalogs/<lang>.po`, the source in the repository, read with Babel and
compiled in memory at first use into `babel.support.Translations` (cached per process), so an
installed server needs no build step and no generated `.mo` file exists anywhere.

English is the source language: its "catalog" is the messages themselves (NullTranslations,
with English plural rules), so an English render is exactly the templates' own words.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from io import BytesIO

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from server.errors import Sentence
from server.web.i18n.languages import DEFAULT, LANGUAGES, normalise

DOMAIN = "messages"


def catalog_text(language: str) -> str:
    """The source of a language's catalog (`server/web/i18n/catalogs/<lang>.po`)."""
    return resources.files(__package__).joinpath("catalogs", f"{language}.po").read_text(encoding="utf-8")


def catalog(language: str) -> Catalog:
    """A language's catalog as Babel reads it (for the tests and `extract`)."""
    return read_po(BytesIO(catalog_text(language).encode("utf-8")), locale=language, domain=DOMAIN)


@lru_cache(maxsize=len(LANGUAGES))
def _compiled(language: str) -> NullTranslations:
    if language == DEFAULT:
        return NullTranslations()
    buffer = BytesIO()
    # Fuzzy entries are translations nobody has checked yet: like missing ones, they read in English.
    write_mo(buffer, catalog(language), use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)


def translations(language: str | None) -> NullTranslations:
    """The translations of a language (a code Herald does not speak: the default's)."""
    return _compiled(normalise(language) or DEFAULT)


def said(text: str, language: str | None) -> str:
    """A server's sentence (`server.errors.msg`) in `language`, its values filled in (a value
    that is a sentence too is said in that language as well); any other text as it is (an
    engine's refusal, a library's message: English)."""
    if not isinstance(text, Sentence):
        return str.__str__(text)
    found = translations(language)
    values = {key: said(value, language) if isinstance(value, Sentence) else value
              for key, value in text.values.items()}
    template = found.gettext(text.message) if text.plural is None else found.ngettext(text.message, text.plural,
                                                                                        text.number)
    try:
        return template % values
    except (KeyError, ValueError, TypeError):  # a translation that does not fit its values: the English
        return str.__str__(text)


def spoken(text: str, language: str | None) -> str:
    """The language `said(text, language)` is written in: `language` for a server's sentence,
    the default (English) for any other text."""
    return (normalise(language) or DEFAULT) if isinstance(text, Sentence) else DEFAULT

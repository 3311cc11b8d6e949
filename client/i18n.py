"""The `herald` command's own words in the player's language (issue 27).

The language is the POSIX locale's, as gettext reads it: the first of LC_ALL, LC_MESSAGES
and LANG that is set and not empty decides (`sv_SE.UTF-8` is Swedish); `C`, `POSIX`, a
language without a catalog, or none of the three set, is English, the source language.
The catalogs are the PO files in client/locale, shipped as package data and compiled in
memory the first time a language is used (client.pofile); there is no MO file to build.

The client's own words are translated here: its errors, confirmations, prompts, labels and
help. What the server sends (events, refusals, the board) is shown as sent, in the player's
chosen language, or, for a player who chose none, in the one the command speaks: every
request says it (Accept-Language), as a browser does. Anything machine-readable is not
translated: with --json the command speaks English throughout, so a script reading a local
error's "message" sees the same words under every locale.

Messages are marked `_("Joined game {game} as seat {seat}.").format(game=..., seat=...)`,
with named placeholders only; `ngettext` picks a plural form by a count (Russian has three),
`pgettext` gives a word a context, `N_` marks a text that is translated later, where it is
shown (tables of phrases).
"""
from __future__ import annotations

import gettext
import inspect
import io
import os
from contextlib import contextmanager
from functools import lru_cache
from importlib import resources
from typing import Iterator, Mapping

from client import pofile

SOURCE_LANGUAGE = "en"
LANGUAGES = ("en", "sv", "ru", "nl", "es", "hu")
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  # gettext's order, strongest first

_speaking: str | None = None  # a language imposed for a while (`speaking`), over the locale's


def language_of(value: str) -> str:
    """The catalog for one locale name: 'sv_SE.UTF-8' -> 'sv', 'ru' -> 'ru', 'C' -> 'en'."""
    code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].strip().lower()
    return code if code in LANGUAGES else SOURCE_LANGUAGE


def locale_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment's locale asks for (the first of LC_ALL, LC_MESSAGES, LANG
    that is set and not empty; an empty variable counts as unset, as in POSIX)."""
    environ = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        value = environ.get(name)
        if value:
            return language_of(value)
    return SOURCE_LANGUAGE


def language() -> str:
    """The language the client speaks now."""
    return _speaking or locale_language()


@contextmanager
def speaking(chosen: str | None) -> Iterator[None]:
    """Speak `chosen` (a language code) inside the block whatever the locale says; None: the
    locale's. `herald ... --json` runs in English this way."""
    global _speaking
    before = _speaking
    _speaking = chosen
    try:
        yield
    finally:
        _speaking = before


def catalog_text(lang: str) -> str:
    """The PO file of a language, from the installed package."""
    return resources.files("client").joinpath("locale", f"{lang}.po").read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def translations(lang: str) -> gettext.NullTranslations:
    """The gettext catalog of a language, compiled from its PO file at first use. An install
    without the file speaks English, as gettext does without a catalog; a file that cannot be
    read as PO is a bug, and stays loud (tests/client/test_i18n_catalogs.py reads each one)."""
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    try:
        text = catalog_text(lang)
    except FileNotFoundError:
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(pofile.compile_mo(pofile.parse(text))))


# The languages that write a decimal comma (CLDR: sv, ru, nl, es, hu), the client having no Babel.
DECIMAL_COMMA = frozenset({"sv", "ru", "nl", "es", "hu"})


def decimal(value: float, places: int = 1) -> str:
    """A number as the command's language writes it: '12.5' in English, '12,5' in the others."""
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if language() in DECIMAL_COMMA else text


def _(message: str) -> str:
    """`message` in the client's language."""
    return _finished(translations(language()).gettext(message))


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for `count` things, in the client's language."""
    return _finished(translations(language()).ngettext(singular, plural, count))


class HungarianText(str):
    """A Hungarian message whose "a(z)" becomes "a" or "az" once `format` fills in the word
    after it (core/hungarian.py): the callers' `_("...").format(...)` as it is written."""

    __slots__ = ()

    def format(self, *args, **kwargs) -> str:
        from core.hungarian import articles  # (only a Hungarian sentence needs core)

        return articles(str.format(self, *args, **kwargs))


def _finished(text: str) -> str:
    if language() != "hu" or "(z)" not in text:
        return text
    from core.hungarian import articles

    return HungarianText(articles(text))


def pgettext(context: str, message: str) -> str:
    """`message` in the client's language, where the same English word needs telling apart
    (a game is "open", and so is a proposal: other languages mark the gender)."""
    return translations(language()).pgettext(context, message)


def N_(message: str) -> str:
    """Marks `message` for the catalogs without translating it here: it is translated with
    `_` where it is shown."""
    return message


def N_n(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message with a plural form for the catalogs (as `N_` a single one): it is
    translated with `ngettext` where it is shown (client.click_words: Click's own)."""
    return singular, plural


# --- the help of commands and options -------------------------------------------------

_english_help: dict[object, dict[str, str | None]] = {}  # each command's and option's own (English) help


def localize_help(command) -> None:
    """Put the help texts of a Click command, its options and its subcommands into the client's
    language (and back into English), keeping the English written in the source for next time.
    Help strings are msgids as Click stores them: the docstring or help= text, dedented
    (inspect.cleandoc)."""
    import click

    if not _english_help and language() == SOURCE_LANGUAGE:
        return  # never translated in this process: the help is the English written in the source
    for item in [command, *command.params]:
        english = _english_help.setdefault(item, {name: getattr(item, name, None)
                                                  for name in ("help", "short_help")})
        for name, text in english.items():
            if text:
                setattr(item, name, _(inspect.cleandoc(text)))
    cached = getattr(command, "_help_option", None)  # Click keeps each command's -h/--help once made
    if cached is not None:
        cached.help = _("Show this message and exit.")
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            localize_help(sub)


def help_texts(command, path: str = "herald"):
    """(where, English help) for every help text of a command tree, as `localize_help` looks
    them up: what the catalogs must hold for the help to be translated."""
    import click

    for item in [command, *command.params]:
        english = _english_help.get(item) or {name: getattr(item, name, None) for name in ("help", "short_help")}
        where = path if item is command else f"{path} {'/'.join(getattr(item, 'opts', [])) or item.name}"
        for text in english.values():
            if text:
                yield where, inspect.cleandoc(text)
    if isinstance(command, click.Group):
        for name, sub in sorted(command.commands.items()):
            yield from help_texts(sub, f"{path} {name}")

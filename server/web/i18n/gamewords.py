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
from typing import Any, Callable

from core import games
from core.text import ENGLISH, Joined, Msg, Speaker, holds_flow, render, speaker_of
from server.errors import Sentence
from server.players.seats import Named, SeatInfo, Titled, name_players, name_widths
from server.web.i18n import catalogs, terms
from server.web.i18n.languages import DEFAULT, effective


CORE_DOMAIN = "core"  # what core/*.py says for every game (resigning, taking back, skipping)


@lru_cache(maxsize=64)
def speaker(language: str, ruleset: str | None) -> Speaker:
    """What `render` needs of `language` for the game `ruleset`: the game's catalog, then the
    catalog of what core/ says for every game, and the game's term list (ruleset None: a text
    whose game is not at hand, looked up in every game's catalog and list)."""
    rulesets = [ruleset] if ruleset is not None else games.guided()
    # The game's words, then what core says for every game, then the server's own (its events).
    found = [catalogs.translations(language, name) for name in (*rulesets, CORE_DOMAIN, catalogs.DOMAIN)]
    lists = terms.terms(language)
    names: dict[str, str] = {}
    for name in reversed(rulesets):
        names.update(lists.get(name, {}))
    return speaker_of(found, names)


def said(text: Any, language: str | None, ruleset: str | None, seats: tuple[SeatInfo, ...] | None = None) -> str:
    """A game's text in `language`: a message (live or stored), else the text as it is. A board
    is laid out in the language's words, and with `seats` the widths of the names that will fill
    its slots (core/text.py `flow`)."""
    if text is None:
        return ""
    language = effective(language)
    laid = seats is not None and holds_flow(text)
    if language == DEFAULT and not isinstance(text, dict) and not laid:
        return str(text)
    found = ENGLISH if language == DEFAULT else speaker(language, ruleset)
    if laid and seats is not None:
        found = found.measuring(name_widths(seats))
    return catalogs.finished(str(render(text, found)), language)


def described(description: dict, language: str | None) -> dict:
    """A game's `Game.describe()` (GET /rulesets) with each option's help said in `language`
    (the options are the game's messages: core/<game>/options.py)."""
    if effective(language) == DEFAULT:
        return description
    options = {name: {**option, "help": said(option["help"], language, description["name"])}
               for name, option in (description.get("options") or {}).items()}
    return {**description, "options": options}


def speaking(language: str | None, ruleset: str | None) -> Callable[[Any], str] | None:
    """How a game's picture says its words in `language` (`Game.picture`'s `speak`: a message
    -> its text, with that game's catalog and term list); None for English, which the picture
    says by itself."""
    language = effective(language)
    if language == DEFAULT:
        return None
    found = speaker(language, ruleset)
    return lambda text: catalogs.finished(str(render(text, found)), language)


def spoken(text: Any, language: str | None, ruleset: str | None, seats: tuple[SeatInfo, ...]) -> str:
    """A game's text in `language` with the players' names in their slots."""
    return catalogs.finished(name_players(said(text, language, ruleset, seats), seats), effective(language))


def speak(body: Any, language: Callable[[], str | None] | str | None, ruleset: str | None = None) -> Any:
    """`body` (an answer, a page's context) with every game text in it (`Named`: what
    `name_players` made of a message; or a message itself) said in the reader's language;
    the rest as it is.
    `language` may be a function, asked only when the body holds a game text. A dict naming
    its `ruleset` says the texts inside it with that game's words."""
    if not isinstance(language, (str, type(None))):
        if not _holds_named(body):
            return body
        language = language()
    if effective(language) == DEFAULT:
        return body
    return _speak(body, language, ruleset)


def is_game_text(text: Any) -> bool:
    """A game's text that can be said in another language: a message, what names made of one,
    or a game's title."""
    return isinstance(text, (Named, Msg, Joined, Titled))


def _holds_named(body: Any) -> bool:
    if isinstance(body, (Named, Msg, Joined, Titled, Sentence)):
        return True
    if isinstance(body, dict):
        return any(_holds_named(value) for value in body.values())
    if isinstance(body, (list, tuple)):
        return any(_holds_named(value) for value in body)
    return False


def _speak(body: Any, language: str | None, ruleset: str | None) -> Any:
    if isinstance(body, Named):  # with its game's words where its seats know the game
        return spoken(body.message, language, getattr(body.seats, "ruleset", None) or ruleset, body.seats)
    if isinstance(body, (Msg, Joined)):  # a game's text that names nobody (a refusal before the table)
        return said(body, language, ruleset)
    if isinstance(body, Titled):
        return terms.title(language, str(body), body.ruleset or ruleset)
    if isinstance(body, Sentence):  # the server's own sentence in an answer (a dry run's note)
        return catalogs.said(body, language)
    if isinstance(body, dict):
        inner = body.get("ruleset") if isinstance(body.get("ruleset"), str) else ruleset
        return {key: _speak(value, language, inner) for key, value in body.items()}
    if isinstance(body, list):
        return [_speak(value, language, ruleset) for value in body]
    if isinstance(body, tuple):
        return tuple(_speak(value, language, ruleset) for value in body)
    return body


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

"""The names of the games' components in each language: the term lists that came with the
translated guides (`server/guides/<lang>/terms.json`: per game, English name -> that language's
name, as its rulebook or guide prints it).

A mail or page names a component through these (a game's title, where a list has one), and so
does every text an engine says: its events, prompts, boards and pictures name a component with
`term()` (core/text.py), which gamewords.py renders through the game's list. A name no list has
stays as the game prints it, and so does a name the engine writes into a message's own words
instead of a `term()`: tests/server/test_board_names.py reads the boards for such names. A list
gives a name as English does where that language's edition prints it in English (Medieval
Mastery's Swedish and Dutch artefacts, Wizard's Quest's Hungarian map).
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from server.web.i18n.languages import DEFAULT, LANGUAGES, effective


@lru_cache(maxsize=len(LANGUAGES))
def terms(language: str) -> dict[str, dict[str, str]]:
    """{game: {English name: name in `language`}}; empty for English and for a language without a list."""
    if language == DEFAULT:
        return {}
    found = resources.files("server.guides").joinpath(language, "terms.json")
    return json.loads(found.read_text(encoding="utf-8")) if found.is_file() else {}


def name(language: str | None, ruleset: str | None, english: str) -> str:
    """A component's name in `language`: from that game's list (or, without a game, any
    list that has it), else as the game prints it."""
    lists = terms(effective(language))
    for game in ([ruleset] if ruleset in lists else list(lists)):
        if english in lists[game]:
            return lists[game][english]
    return english


def title(language: str | None, english: str, ruleset: str | None = None) -> str:
    """A game's title in `language`: "Castle Assault (Castlecards: ¡Asalto al Castillo!)" is
    "Várostrom (Castlecards: ¡Asalto al Castillo!)" in Hungarian, whose list names the game; the
    English title where the list does not."""
    whole = name(language, ruleset, english)
    if whole != english:
        return whole
    head, bracket, rest = english.partition(" (")
    translated = name(language, ruleset, head) if bracket else english
    return f"{translated}{bracket}{rest}" if bracket else translated

"""The translated player guides (server/guides/<lang>/<game>.md, issue 27), one test per
language and game: the English guide's headings, every card and territory id it names and every
picture it shows, at least three quarters of its words, and the printed rulebook's own words from
the language's term list (terms.json). Every guided game is translated into the five languages
(the server would fall back to English; docs/adding-a-game.md asks for them all). Serving them:
tests/server/test_guide_pages.py."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from core.registry import games
from server.guides.reader import sections
from tests.support.sizes import least

ROOT = Path(__file__).resolve().parents[2]
GUIDES = ROOT / "server" / "guides"
LANGUAGES = ("sv", "ru", "nl", "es", "hu")
ID = re.compile(r"[A-Z]{1,4}\d{1,2}[A-Z0-9]*|\d/[A-Z]\d+")
PICTURE = re.compile(r"\(/rules/[a-z-]+/pictures/[a-z0-9-]+\.svg\)")
# Words of each language's printed rulebook (and the guide's term list): Medieval Mastery has
# Swedish, Russian and Dutch editions; Castle Assault is Spanish, Wizard's Quest Hungarian.
RULEBOOK = {
    ("sv", "medieval-mastery"): ["riddare", "borg", "regalie", "spira", "äpple", "konfliktkort"],
    ("ru", "medieval-mastery"): ["Влияние", "Призыв к оружию", "скипетр", "держава", "Корона процветания"],
    ("nl", "medieval-mastery"): ["Rijksappel", "ridder", "bevoorradingslijn", "overwinningspunten", "goederenkaart"],
    ("es", "castle-assault"): ["Fortaleza", "Poblado", "Mazmorra", "Trabuquete", "Ariete"],
    ("hu", "wizards-quest"): ["A varázsló küldetése", "Csónak", "Békehozó", "Marnon tengere", "Ammon folyó"],
}


def text(name: str, language: str | None = None) -> str:
    path = GUIDES / (language or "") / f"{name}.md"
    if not path.exists():
        pytest.fail(f"no guide {path.relative_to(ROOT)}: a guided game has its guide in English and in "
                    f"{', '.join(LANGUAGES)} (docs/adding-a-game.md)")
    return path.read_text(encoding="utf-8")


def ids(name: str) -> set[str]:
    """Every card and territory id of the game (its glossary) that the English guide names."""
    glossary = games.facts(name).glossary
    named = {glossary.spelled[key] for key, entry in glossary.entries.items() if entry.kind in ("card", "territory")}
    english = text(name)
    return {n for n in named if ID.fullmatch(n) and re.search(rf"(?<![\w/]){re.escape(n)}(?![\w/])", english)}


@pytest.mark.parametrize("name", sorted(games.guided()))
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_translated_guide_is_the_whole_guide(language, name):
    english, translated = text(name), text(name, language)
    assert [s.level for s in sections(translated)] == [s.level for s in sections(english)]
    missing = sorted(i for i in ids(name) if not re.search(rf"(?<![\w/]){re.escape(i)}(?![\w/])", translated))
    assert len(ids(name)) >= least(name).guide_ids and not missing, missing
    assert set(PICTURE.findall(translated)) == set(PICTURE.findall(english))
    assert bool(PICTURE.findall(english)) == games.facts(name).pictured  # a game that draws its board shows examples
    assert len(translated.split()) >= max(least(name).guide_words, len(english.split()) * 3 // 4)


@pytest.mark.parametrize("language,name", sorted(RULEBOOK))
def test_a_translated_guide_speaks_its_rulebooks_words(language, name):
    terms = json.loads((GUIDES / language / "terms.json").read_text(encoding="utf-8"))[name]
    translated = text(name, language)
    for word in RULEBOOK[language, name]:
        assert any(word.lower() in value.lower() for value in terms.values()), (language, word)
        assert word.lower() in translated.lower(), (language, word)


@pytest.mark.parametrize("name", sorted(games.guided()))
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_translated_guide_names_the_components_as_the_board_does(language, name):
    """Every card, artefact, territory and duchy the English guide names stands in the translated
    guide as the board says it in that language (its term list's name, or the English one its
    edition keeps): the Swedish table's 'Utforskare, 1 fackla' was the board's 'Utforskare (1
    fackla)', and the Dutch board's 'Verkenner, 1 fakkel' read as two cards in a hand's list."""
    from core.text import term
    from server.web.i18n.gamewords import said
    from tests.server.test_board_names import NAMES

    english, translated = text(name), text(name, language).lower()
    named = [n for n in NAMES[name] if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", english)]
    assert len(named) > len(NAMES[name]) // 2
    shown = {n: said(term(n), language, name) for n in named}
    assert not [(n, board) for n, board in shown.items() if board.lower() not in translated], language
    assert not [board for board in shown.values() if ", " in board]  # a hand lists its cards with commas

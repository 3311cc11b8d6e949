"""Castle Assault in its players' languages (issue 27): the engine says messages
(core/text.py) and the edge renders them with the game's catalogs
(server/web/i18n/catalogs/castle-assault/<lang>.po) and term lists (server/guides/<lang>/terms.json).

(a) the catalogs hold exactly the messages the engine says, all translated, placeholders as in
the message, the language's number of plural forms; (b) every event, prompt, board and ending of
random games renders in every language with no English sentence left; (c) the Spanish render
names the components with the original rulebook's own words.
"""
from __future__ import annotations

import re

import pytest

from core.castle_assault import GAME
from core.castle_assault.data import CARDS
from core.rng import Rng
from core.text import to_json
from server.web.i18n import terms
from server.web.i18n.gamewords import said
from tests.core.castle_assault.helpers import make, play
from tests.core.playout import texts_of
from tests.server.test_i18n import OTHERS
from tests.support.untranslated import untranslated

RULESET = "castle-assault"
# A placeholder left unfilled in a render; player slots {P0}..{P3} are the server's to fill.
UNFILLED = re.compile(r"\{(?!P\d\})[^}]*\}")


# --- (a) the catalogs (their completeness: tests/server/test_game_catalogs.py) -------------


def test_russian_says_counts_in_three_forms():
    """CA-ACT-ATTACK-11: '1 меч', '3 меча', '5 мечей'; half shields in the genitive singular."""
    from core.castle_assault.data import shields, swords

    assert [said(swords(2 * n), "ru", RULESET) for n in (1, 3, 5, 21)] == ["1 меч", "3 меча", "5 мечей", "21 меч"]
    assert [said(shields(points), "ru", RULESET) for points in (1, 9, 8)] == ["½ щита", "4½ щита", "4 щита"]


def test_every_component_named_has_a_name_in_every_language():
    """Every card kind and deck the engine names through term() is in each language's term list."""
    from core.castle_assault.data import DECK_NAMES

    named = {kind.name for kind in CARDS.kinds.values()} | set(DECK_NAMES.values())
    for language in OTHERS:
        missing = named - set(terms.terms(language)[RULESET])
        assert not missing, (language, missing)


# --- (b) random games in every language -----------------------------------------------------------

OPTION_SETS = [{}, {"windows": "strict", "night-count": "hidden", "spoils": "all", "stall": 2},
               {"reshuffle": "remove", "join-loot": "all", "defeated-defender": "discarded", "stall": 1}]


def texts_of_games() -> list:
    """Every event, prompt, board (for the seat asked and for an onlooker) and ending of a few
    random games, as the engine says them."""
    found: list = []
    for number, options in enumerate(OPTION_SETS):
        players = 2 + number
        found += texts_of(GAME, GAME.setup(players, GAME.normalize_options(options), f"game-words-{number}"),
                          Rng(f"game-words:{number}", scheme=2), every=5, boards=("summary",))
    return found


TEXTS = texts_of_games()


@pytest.mark.parametrize("language", OTHERS)
def test_every_text_of_random_games_speaks_the_language(language):
    changed = 0
    for text in TEXTS:
        english = str(text)
        other = said(text, language, RULESET)
        assert not untranslated(english, other), (language, english, other)
        assert not UNFILLED.search(other), (language, other)
        assert said(to_json(text), language, RULESET) == other      # a stored message renders the same
        changed += other != english
    assert changed > 0.9 * len(TEXTS), (language, changed, len(TEXTS))


def test_english_renders_are_the_engines_own_text():
    assert all(said(text, "en", RULESET) == text and said(to_json(text), "en", RULESET) == text for text in TEXTS)


# --- (c) the original's words -----------------------------------------------------------------------

# The components as "Reglamento provisional v0.5" (Invedars 2016, seed 003) prints them.
RULEBOOK = {"Castle": "Castillo", "Wall": "Muralla", "Soldier": "Soldado", "Archer": "Arquero", "Gold": "Oro",
            "Builder": "Constructor", "King": "Rey", "Duke": "Duque", "Night": "Noche", "Ambush": "Emboscada",
            "Fortress": "Fortaleza", "Village": "Poblado", "Siege": "Asedio", "Dungeon": "Mazmorra",
            "Academy": "Academia"}


def test_the_spanish_term_list_uses_the_rulebooks_words():
    spanish = terms.terms("es")[RULESET]
    assert {english: spanish[english] for english in RULEBOOK} == RULEBOOK
    assert terms.title("es", GAME.title, RULESET) == "Castlecards: ¡Asalto al Castillo!"  # the box's own title
    # data.py keeps the same names for the glossary (`herald explain castle-assault Castillo`)
    assert all(CARDS.kinds[kind].spanish == spanish[CARDS.kinds[kind].name]
               for kind in ("castle", "wall", "soldier", "archer", "gold", "builder", "king", "duke", "night",
                            "ambush"))


def test_the_spanish_board_and_events_name_the_cards_as_the_rulebook_does():
    """CA-ACT-NIGHT-1 (a night attack) read by a Spanish player: the Noche, Soldado, Arquero."""
    s = make(2, {"turn": 0, "skip_draw": True,
                 "hands": {"0": ["night", "soldier", "archer", "gold", "builder", "king", "duke"], "1": ["ambush"]},
                 "posts": {"1": {"W1": {"defenders": ["archer"]}}}})
    board = said(GAME.render(GAME.view(s, 0), 0), "es", RULESET)
    for word in ("Castillo", "Muralla", "Soldado", "Arquero", "Oro", "Constructor", "Rey", "Duque", "Noche",
                 "Poblado", "Asedio", "Academia", "Mazmorra"):
        assert word in board, word
    assert "Mazos: Poblado" in board and "0/C   Castillo" in board
    night_card, soldier = (next(c for c in s["hands"][0] if CARDS.key[c] == kind) for kind in ("night", "soldier"))
    s, events = play(s, 0, f"night {night_card} 1/W2 {soldier}")
    public = said(events[0].text, "es", RULESET)
    assert public == f"{{P0}} juega Noche ({night_card}) con 1 carta oculta contra la muralla W2 de {{P1}}."
    assert said(events[1].text, "es", RULESET) == f"Bajo tu carta de Noche: {soldier} Soldado."
    prompt = GAME.prompts(s)[0].text
    assert said(prompt, "es", RULESET).startswith("Ataque nocturno contra tu muralla W2")
    s, events = play(s, 1, "react ambush")
    spoken = [said(event.text, "es", RULESET) for event in events]
    assert any("Emboscada" in line for line in spoken) and any("espada" in line for line in spoken), spoken


@pytest.mark.rule("CA-END-2")
def test_the_board_of_a_stormed_castle_speaks_with_agreement():
    """A random game played to its end (a castle stormed, CA-END-2): the last board says the fallen
    castle and walls with the word that agrees with each, and titles the game as the Spanish box
    does ('Замок разрушен', 'Стена разрушена'; 'Castillo derribado', 'Muralla derribada')."""
    state, rng = GAME.setup(2, GAME.normalize_options({}), "stormed"), Rng("stormed", scheme=2)
    while GAME.result(state) is None:
        seat = GAME.prompts(state)[0].seat
        state, _ = GAME.apply(state, seat, GAME.random_move(state, seat, rng))
    board = GAME.render(GAME.view(state, None), None)
    assert re.search(r"/C +Castle +destroyed", str(board))
    russian, spanish = said(board, "ru", RULESET), said(board, "es", RULESET)
    assert re.search(r"/C +Замок +разрушен$", russian, re.MULTILINE) and "Замок разрушена" not in russian
    assert re.search(r"/C +Castillo +derribado$", spanish, re.MULTILINE)
    assert spanish.startswith("Castlecards: ¡Asalto al Castillo!, 2 jugadores.")
    if re.search(r"/W\d +Wall +destroyed", str(board)):
        assert re.search(r"/W\d +Стена +разрушена$", russian, re.MULTILINE)
        assert re.search(r"/W\d +Muralla +derribada$", spanish, re.MULTILINE)

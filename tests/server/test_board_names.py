"""No English component name on a translated board (issue 27): every name of a game's data (its
cards, artefacts, territories, duchies, decks, title) that a seat's text board or picture shows
is said through the reader's term list (server/guides/<lang>/terms.json), so that a name stands in
English only where that language's edition prints it in English too. Those names are listed
below, each with the rulebook that prints it; any other English name left on a board fails.

The boards are played to by random games (several seats, options, a battle under way, an
ambush revealed) and read by each seat and an onlooker in the five languages."""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from importlib import resources

import pytest

from core import games
from core.castle_assault.data import CARDS, DECK_NAMES
from core.medieval_mastery import data as mastery
from core.rng import Rng
from core.wizards_quest import board as marnon
from server.web.i18n.gamewords import said, speaking
from tests.core.playout import turns

LANGUAGES = ("sv", "ru", "nl", "es", "hu")
TITLES = {"castle-assault": "Castle Assault", "medieval-mastery": "Medieval Mastery", "wizards-quest": "Wizard's Quest"}
# Every name the game's data gives a component a board may show, in English.
NAMES = {
    "castle-assault": {TITLES["castle-assault"], *(kind.name for kind in CARDS.kinds.values()), *DECK_NAMES.values()},
    "medieval-mastery": {TITLES["medieval-mastery"], *mastery.CARD_TITLES.values(), "Ambush", *mastery.ART_TITLE.values(),
                         *mastery.TILES},
    "wizards-quest": {TITLES["wizards-quest"], *marnon.NAMES, *marnon.DUCHY_NAMES.values(), "Sea of Marnon",
                      "Great Tunnel", "Peacemaker"},
}
# The resource cards, artefacts and territory tiles as the Swedish (seed 000) and Dutch (002)
# rulebooks of Medieval Mastery print them: in English ("Crown of vitality är ett undantag",
# "de Sceptre of Rage van de aanvaller"), the cards of both editions being the English ones.
MASTERY_PRINTED_IN_ENGLISH = {"Authority", "Call to Arms", "Tactical Advance", "Fracture", "Ambush",
                              *mastery.ART_TITLE.values(), *mastery.TILES}
# The map of Marnon as the Hungarian rulebook (seed 004) prints it: "Pembroke a 3. hercegség
# (Misty Forest) 4. grófsága", "Misty Foresté, Crystal Mountainsé és Ancient Foresté", "földalatti
# alagút (Great Tunnel)"; only its castles are numbered in Hungarian ("1. kastély").
MARNON_IN_ENGLISH = {*marnon.DUCHY_NAMES.values(), *(name for name in marnon.NAMES if not name.startswith("Castle ")),
                     "Great Tunnel"}
# The counties named after a person or a town, the same in every language that has no edition.
MARNON_TOWNS = {"Brecknock", "Dewbury", "Heartlerlawan", "Pembroke", "Sadbury", "Windfor"}
# The names a board shows as English does, by language and game: the edition's own English names,
# names both languages write alike, and a title kept where the language's edition (or its
# guide) has no title of its own.
SAME = {
    ("sv", "castle-assault"): {TITLES["castle-assault"], "Sabotage", "Troll"},
    ("ru", "castle-assault"): {TITLES["castle-assault"]},
    ("nl", "castle-assault"): {TITLES["castle-assault"], "Sabotage"},
    ("es", "castle-assault"): set(),
    ("hu", "castle-assault"): {"Troll"},
    ("sv", "medieval-mastery"): {TITLES["medieval-mastery"], *MASTERY_PRINTED_IN_ENGLISH},
    ("ru", "medieval-mastery"): {TITLES["medieval-mastery"]},
    ("nl", "medieval-mastery"): {TITLES["medieval-mastery"], *MASTERY_PRINTED_IN_ENGLISH, "Ambush (d6)",
                                 "Conflict 2", "Conflict 3", "Conflict 4", "Conflict 5", "Support +1", "Support +2"},
    ("es", "medieval-mastery"): {TITLES["medieval-mastery"], "Arena"},
    ("hu", "medieval-mastery"): set(),
    ("sv", "wizards-quest"): {TITLES["wizards-quest"], *MARNON_TOWNS},
    ("ru", "wizards-quest"): {TITLES["wizards-quest"]},
    ("nl", "wizards-quest"): {TITLES["wizards-quest"], *MARNON_TOWNS, "Haven", "Marls Gate", "Porston Moor",
                              "Radner Fen"},
    ("es", "wizards-quest"): {TITLES["wizards-quest"], *MARNON_TOWNS},
    ("hu", "wizards-quest"): MARNON_IN_ENGLISH,
}
# The random games each board is read in: players, options, and what a position must show
# (besides a few taken along the way): Medieval Mastery's battle with an ambush revealed,
# Wizard's Quest's duchy under the Peacemaker.
GAMES = {
    "castle-assault": [(2, {}), (4, {"windows": "strict"})],
    "medieval-mastery": [(2, {}), (3, {"windows": "strict", "mayhem": True})],
    "wizards-quest": [(3, {}), (6, {"blank-treasure": True})],
}
WANTED = {
    "castle-assault": lambda view: view["battle"] is not None,
    "medieval-mastery": lambda view: bool(view["battle"]) and any(
        shown and shown["card"] == "ambush" for shown in view["battle"]["revealed"]),
    "wizards-quest": lambda view: view["protected_duchy"] is not None,
}
TAKEN = 3  # positions of each game taken along the way, besides the wanted one and the end


def lists(language: str) -> dict[str, dict[str, str]]:
    return json.loads(resources.files("server.guides").joinpath(language, "terms.json").read_text(encoding="utf-8"))


def positions(ruleset: str, players: int, options: dict, seed: str) -> list:
    """Some positions of one random game: the first that WANTED asks for, a few others, the end."""
    game = games[ruleset]
    walk = turns(game, game.setup(players, game.normalize_options(options), seed), Rng("names:" + seed, scheme=2))
    found, wanted, number = [], False, 0
    for number, turn in enumerate(walk):
        if number % 25 == 0 and len(found) < TAKEN:
            found.append(turn.state)
        if not wanted and WANTED[ruleset](game.view(turn.state, turn.seat)):
            found.append(turn.state)
            wanted = True
        turn.play()
    assert wanted, f"no position of {seed} shows what the test reads"
    return found + [walk.state]


def labels(svg: str) -> str:
    """A picture's words: its labels (<text>) and what a pointer shows (<title>)."""
    root = ET.fromstring(svg)
    return "\n".join("".join(e.itertext()) for e in root.iter() if e.tag.rpartition("}")[2] in ("text", "title"))


def boards(ruleset: str, language: str, state) -> list[tuple[str, str]]:
    """What each seat and an onlooker read of the position: text board, summary and picture."""
    game = games[ruleset]
    found = []
    for seat in [*range(game.to_json(state)["players"]), None]:
        view = game.view(state, seat)
        found.append((f"board of {seat}", said(game.render(view, seat), language, ruleset)))
        found.append((f"summary of {seat}", said(game.summary(view, seat), language, ruleset)))
        picture = game.picture(view, seat, speak=speaking(language, ruleset))
        if picture:
            found.append((f"picture of {seat}", labels(picture)))
    return found


def english_names(text: str, language: str, ruleset: str) -> list[str]:
    """The game's English names in a board said in `language`, the ones that language writes
    alike (SAME) left out. A name is a whole word (never part of a notation such as
    `castle-assault`), in any case: a notation's "ambush" is the card's name too."""
    for name in sorted(SAME[language, ruleset], key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", " ", text)
    return sorted(name for name in NAMES[ruleset]
                  if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE))


@pytest.fixture(scope="module", params=sorted(GAMES))
def played(request) -> tuple[str, list]:
    ruleset = request.param
    return ruleset, [state for number, (players, options) in enumerate(GAMES[ruleset])
                     for state in positions(ruleset, players, options, f"{ruleset}-{number}")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_translated_board_shows_no_english_name_its_edition_does_not_print(played, language):
    ruleset, states = played
    left = {}
    for state in states:
        for where, text in boards(ruleset, language, state):
            for name in english_names(text, language, ruleset):
                at = text.lower().index(name.lower())
                left.setdefault(name, f"{where}: ...{text[max(0, at - 60):at + 60]}...")
    assert not left, (language, ruleset, left)


@pytest.mark.parametrize("ruleset", sorted(GAMES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_names_kept_in_english_are_the_term_lists_own(language, ruleset):
    """Each name listed as kept is one the language's term list writes as English does (an
    edition's own English name), and each name the list keeps is listed here: no name slips
    through in English unseen."""
    kept = {english for english, name in lists(language)[ruleset].items() if name == english} & NAMES[ruleset]
    listed = SAME[language, ruleset] - {TITLES[ruleset]}
    assert listed == kept, (language, ruleset, sorted(listed ^ kept))
    assert TITLES[ruleset] not in lists(language)[ruleset] or TITLES[ruleset] not in SAME[language, ruleset]


def test_the_check_is_not_blind():
    """An English artefact on a Russian board, a duchy on a Spanish one, an ambush in notation
    on a Hungarian picture: each is found."""
    assert english_names("Корона: Crown of Fury", "ru", "medieval-mastery") == ["Crown of Fury"]
    assert english_names("5 Misty Forest:", "es", "wizards-quest") == ["Misty Forest"]
    assert english_names("P1 játszott: ambush (4)", "hu", "medieval-mastery") == ["Ambush"]
    assert english_names("krona: Crown of Fury", "sv", "medieval-mastery") == []
    assert english_names("`herald explain castle-assault VALAMI`", "hu", "castle-assault") == []

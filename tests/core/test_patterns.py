"""Move patterns (`legal_moves`' families of moves, `attack <from> <to> ...`) keep their English
text for every reader of plain text, and carry each placeholder's word as a message, so that
the edge says `<från> <till>` to a Swedish reader while the keywords, notation, stay."""
from __future__ import annotations

import pytest

from core import games
from core.rng import Rng
from core.text import Joined, Msg, PLACEHOLDER, english, pattern, pattern_pieces, say
from tests.core.playout import turns
from tests.support.sizes import least

# Placeholders that are notation themselves: a castle (C), a wall (W1..) and a count written as it is.
NOTATION_SYMBOLS = {"C", "W1..", "n"}


def test_a_patterns_english_is_its_text_and_its_words_are_messages():
    words = {"from": say("from"), "stationed card": say("stationed card")}
    made = pattern("attack <from> <seat>/<C|W1..|stationed card> [<from> ...]", words)
    assert isinstance(made, Joined) and made == "attack <from> <seat>/<C|W1..|stationed card> [<from> ...]"
    assert english(made.to_json()) == made  # its stored form reads back the same English
    assert pattern_pieces(made) == [("attack <", True), (words["from"], False), ("> <seat>/<C|W1..|", True),
                                    (words["stationed card"], False), ("> [<", True), (words["from"], False),
                                    ("> ...]", True)]
    assert pattern_pieces("buy V12") == [("buy V12", True)]  # a plain text is all notation


def test_a_placeholders_message_must_be_its_word():
    with pytest.raises(ValueError, match="not its word"):
        pattern("go <territory>", {"territory": say("area")})


def listed_patterns(name: str, games_played: int = 8, moves: int = 300) -> set:
    game = games.facts(name).game
    counts = range(game.min_players, game.max_players + 1)
    found = set()
    for number in range(games_played):
        state = game.setup(counts[number % len(counts)], game.normalize_options({}), f"patterns-{number}")
        for turn in turns(game, state, Rng(f"patterns:{number}", scheme=2), moves):
            found |= {m["pattern"] for m in game.legal_moves(turn.state, turn.seat) if "pattern" in m}
    return found


@pytest.mark.parametrize("name", [facts.name for facts in games.every()])
def test_every_placeholder_of_a_listed_pattern_is_a_message(name):
    """Every pattern a game lists says each placeholder word through a message of its own
    (translated in every catalog: tests/server/test_i18n.py), or the word is notation. Patterns
    are for unbounded choices only (core/protocol.py, `legal_moves`): a game that lists every
    move, as the reference game does, has none; the shipped games' floors (tests/support/sizes.py)
    keep this test from passing on nothing."""
    listed = listed_patterns(name)
    assert len(listed) >= least(name).patterns, f"{name} listed {len(listed)} patterns in its random games"
    for text in listed:
        words = {piece for piece, notation in pattern_pieces(text) if not notation}
        assert all(isinstance(word, Msg) for word in words)
        written = {word for inside in PLACEHOLDER.findall(text) for word in inside.split("|")}
        assert written - {str(word) for word in words} <= NOTATION_SYMBOLS, text

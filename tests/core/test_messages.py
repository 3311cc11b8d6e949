"""The engines say messages, never sentences (issue 27, core/text.py): every event, prompt,
refusal, ending and board a game writes is a message whose English rendering is exactly the
text it carries (so stored English logs, the golden digests and every English reader see what
they always saw), and whose stored form comes back as the same message.

Random games of every ruleset check this after every move, and a few refused moves check the
refusals; `tests/server/test_game_words_*.py` render the same messages in every language.
"""
from __future__ import annotations

import pytest

from core import games
from core.protocol import IllegalMove
from core.rng import Rng
from core.text import Joined, Msg, english, from_json, to_json
from tests.core.playout import texts_of

GAMES_PLAYED = 6
GAMES = {facts.name: facts for facts in games.every()}  # the reference game too (not offered)


def said(text) -> None:
    """`text` is a message: its English rendering is itself; its stored form renders the same."""
    assert isinstance(text, (Msg, Joined)), f"not a message (core/text.py say): {text!r}"
    stored = to_json(text)
    assert english(stored) == str(text)
    again = from_json(stored)
    assert str(again) == str(text) and to_json(again) == stored


def refusals(game, state, seat, rng: Rng) -> list[IllegalMove]:
    """What the game says to a few moves it refuses: out of turn, garbage, a wrong shape."""
    found = []
    others = [s for s in range(game.player_count(state)) if not game.is_asked(state, s)]
    attempts = [(seat, "no-such-move 99"), (seat, "")]
    if others:
        attempts.append((others[0], game.format(game.random_move(state, seat, rng))))
    for who, text in attempts:
        try:
            game.apply(state, who, game.parse(state, who, text))
        except IllegalMove as refusal:
            found.append(refusal)
    return found


@pytest.mark.parametrize("name", list(GAMES))
def test_every_text_a_game_writes_is_a_message(name):
    game = GAMES[name].game
    counts = range(game.min_players, game.max_players + 1)
    for i in range(GAMES_PLAYED):
        players, seed = counts[i % len(counts)], f"messages-{name}-{i}"
        state, rng = game.setup(players, game.normalize_options({}), seed), Rng("messages:" + seed, scheme=2)
        for text in texts_of(game, state, rng, refusals=lambda state, seat, rng=rng: refusals(game, state, seat, rng)):
            said(text)


@pytest.mark.parametrize("name", list(GAMES))
def test_every_glossary_text_is_a_message(name):
    """What `herald explain` says of each card and term (core/glossary.py) is a message too, so
    the server says it in the reader's language; a plain string would reach every reader in
    English, and no other test would notice."""
    glossary = GAMES[name].glossary
    for key, entry in glossary.entries.items():
        assert isinstance(entry.text, (Msg, Joined)), f"{name} glossary, {key!r}: not a message (core/text.py say)"
        said(entry.text)

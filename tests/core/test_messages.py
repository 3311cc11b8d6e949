"""The engines say messages, never sentences (issue 27, core/text.py): every event, prompt,
refusal, ending and board a game writes is a message whose English rendering is exactly the
text it carries (so stored English logs, the golden digests and every English reader see what
they always saw), and whose stored form comes back as the same message.

Random games of every ruleset check this after every move, and a few refused moves check the
refusals; `tests/server/test_game_words.py` renders the same messages in every language.
"""
from __future__ import annotations

import pytest

from core import games
from core.protocol import IllegalMove
from core.rng import Rng
from core.text import Joined, Msg, english, from_json, to_json

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
        state = game.setup(players, game.normalize_options({}), seed)
        rng = Rng("messages:" + seed, scheme=2)
        for number in range(game.max_moves):
            if game.result(state) is not None:
                break
            prompts = game.prompts(state)
            for prompt in prompts:
                said(prompt.text)
            seat = prompts[rng.below(len(prompts))].seat
            if number % 25 == 0:
                for refusal in refusals(game, state, seat, rng):
                    said(refusal.message)
                for viewer in (seat, None):
                    said(game.summary(game.view(state, viewer), viewer))
                    said(game.render(game.view(state, viewer), viewer))
                said(game.waiting_text(state))
            state, events = game.apply(state, seat, game.random_move(state, seat, rng))
            for event in events:
                said(event.text)
        if game.result(state) is not None:
            said(game.result(state).reason)
            said(game.summary(game.view(state, None), None))

"""sample_state: a world the seat cannot tell from the real one, built from what it knows.

For random positions of every ruleset (player counts and the options that change what is
hidden), for the prompted seat and one other seat: the sampled state's view for that seat is the
real view, its known state is the real known state, every card is somewhere exactly once, it
round-trips through JSON, and random playouts from it run to the end. The known state (the bots'
only input) passes the views' leak check: no id of `hidden_from(state, seat)`, no seed.
"""
from __future__ import annotations

import json
from collections import Counter

import pytest

from core import games
from core.rng import Rng
from tests.core.bots.positions import CONFIGS, card_ids, configs, positions
from tests.core.playout import turns

PER_RULESET = 1000
PLAYOUT_EVERY = 25


def check_world(game, real, seat: int, rng: Rng, playout: bool) -> None:
    known = game.known_state(real, seat)
    text = json.dumps(known)
    assert real["seed"] not in text
    for token in game.hidden_from(real, seat):
        assert f'"{token}"' not in text, f"seat {seat} is given hidden {token!r}"
    world = game.sample_state(json.loads(text), seat, rng)
    assert game.view(world, seat) == game.view(real, seat)
    assert game.known_state(world, seat) == known
    again = game.from_json(json.loads(json.dumps(game.to_json(world))))
    assert game.state_hash(again) == game.state_hash(world)
    hidden = set(game.hidden_from(real, None))
    dealt, held = Counter(card_ids(game, world, hidden)), Counter(card_ids(game, real, hidden))
    assert set(dealt) == set(held)                                   # every card, none invented
    assert sorted(dealt.values()) == sorted(held.values())           # none dealt twice
    assert [p.seat for p in game.prompts(world)] or game.result(world) is not None
    for prompt in game.prompts(world):
        game.legal_moves(world, prompt.seat)
    if playout:
        finish(game, world, rng)


def finish(game, state, rng: Rng, cap: int = 5000) -> None:
    walk = turns(game, state, rng, max_moves=cap)
    for _ in walk:
        pass
    assert walk.result is not None, "a playout from a sampled state did not end"


def run(ruleset: str, count: int) -> int:
    game = games.facts(ruleset).game
    rng = Rng(f"sample-test:{ruleset}")
    checked = 0
    for state in positions(ruleset, count, rng):
        checked += check_seats(game, state, rng, checked)
    return checked


def check_seats(game, state, rng: Rng, checked: int) -> int:
    """check_world for the prompted seat and one other seat (the number of seats checked)."""
    seats = {p.seat for p in game.prompts(state)[:1]}
    seats.add(rng.below(game.player_count(state)))
    for number, seat in enumerate(sorted(seats)):
        check_world(game, state, seat, rng, playout=(checked + number) % PLAYOUT_EVERY == 0)
    return len(seats)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", sorted(CONFIGS))
def test_sampled_worlds_match_what_the_seat_knows(ruleset):
    assert run(ruleset, PER_RULESET) >= PER_RULESET


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", sorted(CONFIGS))
def test_many_sampled_worlds(ruleset):
    assert run(ruleset, 3 * PER_RULESET) >= 3 * PER_RULESET


def test_a_declared_game_not_yet_offered_is_checked_through_the_protocol():
    """docs/adding-a-game.md adds a hiding game's CONFIGS row before the game is offered, and its
    view need not say how many seats there are: the check finds the game among the declared
    ones, reads the seats from `player_count` and counts its cards by the ids it hides. The
    reference game at its deal (it keeps no played card, so later worlds may deal one again)."""
    game = games.facts("toy-race").game
    with pytest.raises(LookupError, match="add toy-race's row to CONFIGS"):
        configs("toy-race")
    state = game.setup(3, {}, "sample-reference")
    assert "players" not in game.view(state, None)
    assert len(card_ids(game, state, set(game.hidden_from(state, None)))) == 20
    assert check_seats(game, state, Rng("sample-reference"), 0) >= 1

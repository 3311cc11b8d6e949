"""Random playouts through the public protocol only, with the generic checks that
every game must pass after every move. Game test suites call `play` with their own
invariants; tests/core/test_conformance.py runs it over every registered game."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Callable

from core import resign
from core.protocol import Game, replay
from core.rng import Rng


@dataclass
class Playout:
    state: object
    moves: list = field(default_factory=list)  # (seat, move)
    hashes: list = field(default_factory=list)
    ended: bool = False


def check_views(game: Game, state, seed: str, players: int) -> None:
    """No seat's view (nor the spectators') shows the seed or another seat's secrets."""
    for seat in list(range(players)) + [None]:
        text = json.dumps(game.view(state, seat))
        assert seed not in text, f"seed visible to seat {seat}"
        for token in game.hidden_from(state, seat):
            assert f'"{token}"' not in text, f"seat {seat} can see hidden {token!r}"


def play(game: Game, players: int, seed: str, options: dict | None = None, *,
         max_moves: int | None = None, full_checks: bool = True,
         invariants: Callable | None = None, chooser: Callable | None = None,
         scenario: dict | None = None) -> Playout:
    """Play one random game. With full_checks, after every move: JSON round trip,
    input not mutated, notation round trip, views without secrets, prompts until the end,
    and at the end a full replay from seed + moves reproduces every hash. The game stops at
    `max_moves`, by default the cap the game declares (`Game.max_moves`)."""
    options = game.normalize_options(options or {})
    state = game.setup(players, options, seed, scenario)
    rng = Rng("playout:" + seed)
    out = Playout(state)
    for _ in range(game.max_moves if max_moves is None else max_moves):
        if game.result(state) is not None:
            out.ended = True
            break
        prompts = game.prompts(state)
        assert prompts, "no seat is prompted but the game has no result"
        seat = prompts[rng.below(len(prompts))].seat
        move = chooser(game, state, seat, rng) if chooser else game.random_move(state, seat, rng)
        if full_checks:
            before = game.state_hash(state)
            legal = game.legal_moves(state, seat)
            if legal and not any("pattern" in m for m in legal) and not resign.is_resign(move):  # never listed
                assert any(game.same_move(move, m) for m in legal), f"random move {move} not in legal_moves"
            text = game.format(move)
            assert game.same_move(game.parse(state, seat, text), move), f"notation round trip failed for {text!r}"
        new_state, events = game.apply(state, seat, move)
        if full_checks:
            assert game.state_hash(state) == before, "apply mutated its input state"
            data = game.to_json(new_state)
            assert json.loads(json.dumps(data)) == data, "state JSON does not round-trip"
            assert game.state_hash(game.from_json(json.loads(json.dumps(data)))) == game.state_hash(new_state)
            check_views(game, new_state, seed, players)
            for event in events:
                json.dumps(event.to_json())
        if invariants:
            invariants(new_state)
        state = new_state
        out.moves.append((seat, move))
        out.hashes.append(game.state_hash(state))
    else:
        out.ended = game.result(state) is not None
    out.state = state
    if full_checks:
        again = replay(game, players, options, seed, out.moves, scenario)
        assert again.hashes == out.hashes, "replay from seed + moves gave a different game"
    return out

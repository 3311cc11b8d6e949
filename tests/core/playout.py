"""Random playouts through the public protocol only, with the generic checks that
every game must pass after every move. Game test suites call `play` with their own
invariants; tests/core/test_conformance.py runs it over every registered game. Tests that
look at each turn themselves walk a game with `turns`."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Callable

import pytest

from core import resign
from core.protocol import Game, replay
from core.rng import Rng


class Turn:
    """One turn of a random game being walked: the state, what it asks and the seat drawn to
    answer, before its move is drawn. `play` draws the move (or takes the one given), applies
    it and returns the new state and events; a turn the caller does not play is played as it
    asks for the next."""

    def __init__(self, walk: "Walk", prompts: list, seat: int):
        self.walk, self.state, self.prompts, self.seat = walk, walk.state, prompts, seat
        self.move, self.events, self.played = None, [], False

    def play(self, move=None) -> tuple:
        game = self.walk.game
        self.move = game.random_move(self.state, self.seat, self.walk.rng) if move is None else move
        new_state, self.events = game.apply(self.state, self.seat, self.move)
        self.played, self.walk.state = True, new_state
        self.walk.moves.append((self.seat, self.move))
        return new_state, self.events


class Walk:
    """A random game walked turn by turn: each seat drawn among the prompted with `rng.below`,
    each move by `random_move` from the same `rng` (as `Game.random_playout` plays); after the
    walk, `state` is the last state and `moves` what was played."""

    def __init__(self, game: Game, state, rng: Rng, max_moves: int | None = None):
        self.game, self.state, self.rng, self.moves = game, state, rng, []
        self.limit = game.max_moves if max_moves is None else max_moves

    def __iter__(self):
        for _ in range(self.limit):
            if self.game.result(self.state) is not None:
                return
            prompts = self.game.prompts(self.state)
            assert prompts, "no seat is prompted but the game has no result"
            turn = Turn(self, prompts, prompts[self.rng.below(len(prompts))].seat)
            yield turn
            if not turn.played:
                turn.play()

    @property
    def result(self):
        return self.game.result(self.state)


def seats(game: Game, preferred: int = 3) -> int:
    """A player count the game takes: `preferred` (three, the tests' usual table) where it may,
    else the nearest the game allows (two for a two-player game)."""
    return min(max(preferred, game.min_players), game.max_players)


def turns(game: Game, state, rng: Rng, max_moves: int | None = None) -> Walk:
    """`for turn in turns(game, state, rng): ...`, then the walk's `state` and `moves`."""
    return Walk(game, state, rng, max_moves)


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


def check_out_seats(game: Game, before, after, players: int) -> None:
    """A seat out of the game (`is_out`: resigned, or put out by the rules) stays out and, while
    the game goes on, is never asked (the game page shows it no move box for that)."""
    out = [seat for seat in range(players) if game.is_out(after, seat)]
    assert all(game.is_out(after, seat) for seat in range(players) if game.is_out(before, seat)), "an out seat came back"
    if out and game.result(after) is None:
        assert not {p.seat for p in game.prompts(after)} & set(out), f"seats {out} are out and asked to play"


def play(game: Game, players: int, seed: str, options: dict | None = None, *,
         max_moves: int | None = None, full_checks: bool = True,
         invariants: Callable | None = None, chooser: Callable | None = None,
         scenario: dict | None = None) -> Playout:
    """Play one random game. With full_checks, after every move: JSON round trip,
    input not mutated, notation round trip, views without secrets, prompts until the end,
    and at the end a full replay from seed + moves reproduces every hash. The game stops at
    `max_moves`, by default the cap the game declares (`Game.max_moves`)."""
    options = game.normalize_options(options or {})
    walk = turns(game, game.setup(players, options, seed, scenario), Rng("playout:" + seed), max_moves)
    out = Playout(walk.state, walk.moves)
    for turn in walk:
        state, seat = turn.state, turn.seat
        move = chooser(game, state, seat, walk.rng) if chooser else game.random_move(state, seat, walk.rng)
        if full_checks:
            before = game.state_hash(state)
            legal = game.legal_moves(state, seat)
            if legal and not any("pattern" in m for m in legal) and not resign.is_resign(move):  # never listed
                assert any(game.same_move(move, m) for m in legal), f"random move {move} not in legal_moves"
            text = game.format(move)
            assert game.same_move(game.parse(state, seat, text), move), f"notation round trip failed for {text!r}"
        new_state, events = turn.play(move)
        if full_checks:
            assert game.state_hash(state) == before, "apply mutated its input state"
            data = game.to_json(new_state)
            assert json.loads(json.dumps(data)) == data, "state JSON does not round-trip"
            assert game.state_hash(game.from_json(json.loads(json.dumps(data)))) == game.state_hash(new_state)
            check_views(game, new_state, seed, players)
            check_out_seats(game, state, new_state, players)
            for event in events:
                json.dumps(event.to_json())
        if invariants:
            invariants(new_state)
        out.hashes.append(game.state_hash(new_state))
    state = walk.state
    out.ended = game.result(state) is not None
    out.state = state
    if full_checks:
        again = replay(game, players, options, seed, out.moves, scenario)
        assert again.hashes == out.hashes, "replay from seed + moves gave a different game"
    return out


def texts_of(game: Game, state, rng: Rng, *, every: int = 25, boards=("summary", "render"),
             refusals: Callable | None = None):
    """Every text one random game says, as the engine says it: each turn's prompts and events;
    every `every`th turn the boards (`boards`, for the seat asked and for an onlooker), the
    waiting text, the help beside each move pattern the seat is offered (the game page and
    `herald moves` show it) and the messages of `refusals(state, seat)`'s refused moves; at the end the
    result's reason and the onlooker's boards (the game must end within its `max_moves`). The
    tests of messages and of their translations read the same texts."""
    walk = turns(game, state, rng)
    for number, turn in enumerate(walk):
        yield from (prompt.text for prompt in turn.prompts)
        if number % every == 0:
            if refusals is not None:
                yield from (refusal.message for refusal in refusals(turn.state, turn.seat))
            for viewer in (turn.seat, None):
                view = game.view(turn.state, viewer)
                yield from (getattr(game, board)(view, viewer) for board in boards)
            yield game.waiting_text(turn.state)
            yield from (m["help"] for m in game.legal_moves(turn.state, turn.seat) if "pattern" in m and m.get("help"))
        yield from (event.text for event in turn.play()[1])
    assert walk.result is not None, f"the game did not end in {walk.limit} moves"
    yield walk.result.reason
    yield from (getattr(game, board)(game.view(walk.state, None), None) for board in boards)


def tiered(cases: list, inner: set[int]) -> list:
    """`cases` as pytest parameters, those whose index is not in `inner` marked slow: the inner
    loop plays a few of a test's random games, CI all of them."""
    return [case if index in inner else pytest.param(*case, marks=pytest.mark.slow)
            for index, case in enumerate(cases)]

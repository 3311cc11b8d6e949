"""A game's plain path through `apply` (a move that plainly passes the shared preamble goes
straight to the decision) against `Game.checked_apply`'s preamble: the same answer to every
move, the same state and events or the same refusal (code, rule, message and legal list).
Each game's test (tests/core/<game>/test_apply_paths.py) names its games and its odd shapes."""
from __future__ import annotations

from core.protocol import Game, IllegalMove
from core.rng import Rng
from core.text import stored


def outcome(game: Game, apply, state, seat, move) -> tuple:
    """What an apply answers, as comparable values."""
    try:
        new, events = apply(state, seat, move)
    except IllegalMove as err:
        return ("refused", err.code, err.rule, str(err.message), stored(err.message), err.legal)
    return ("applied", game.state_hash(new), [(str(e.text), stored(e.text), e.to, e.data) for e in events])


def variants(players: int, seat: int, move: dict, shapes: list) -> list[tuple]:
    """The move as asked, by other seats and as other types of seat, and the seat's `shapes`
    besides the preamble's own refusals of a shape (an extra field, no type, an unknown or
    non-string type, a resignation, a list, nothing)."""
    others = [(s, move) for s in range(-1, players + 1) if s != seat]
    common = [dict(move, extra=1), {k: v for k, v in move.items() if k != "type"}, dict(move, type="nothing"),
              dict(move, type=7), {"type": "resign"}, [move], None]
    return [(seat, move), (True if seat == 1 else False if seat == 0 else seat, move), (float(seat), move),
            (str(seat), move)] + others + [(seat, shape) for shape in common + shapes]


def assert_paths_agree(game: Game, decide, setups: list[tuple[int, dict]], steps: int, shapes: list,
                       end_move: dict, random_seat: bool = False) -> None:
    """Random games from `setups` ((players, options) each, `steps` moves at most): at every
    move, each variant answered alike by `game.apply` and by the preamble before `decide`; at
    the end (a game over, or still running) the same for `end_move`'s variants."""
    checked = lambda st, seat, move: Game.checked_apply(game, st, seat, move, decide)  # noqa: E731
    rng = Rng("paths")
    for number, (players, options) in enumerate(setups):
        state = game.setup(players, game.normalize_options(options), f"paths-{number}")
        for _step in range(steps):
            if game.result(state) is not None:
                break
            prompts = game.prompts(state)
            seat = prompts[rng.below(len(prompts)) if random_seat else 0].seat
            move = game.random_move(state, seat, rng)
            for who, variant in variants(players, seat, move, shapes):
                assert outcome(game, game.apply, state, who, variant) == outcome(game, checked, state, who, variant), \
                    (who, variant)
            state, _ = game.apply(state, seat, move)
        last = game.prompts(state)[0].seat if game.result(state) is None else 0
        for who, variant in variants(players, last, end_move, shapes):
            assert outcome(game, game.apply, state, who, variant) == outcome(game, checked, state, who, variant), \
                (who, variant)

"""Every engine fed malformed moves and notation along random playouts: it answers
IllegalMove or accepts, and any other exception is an engine bug (the server would answer it
500 `engine-error`). Shapes, from a listed or a random legal move: one field's value replaced by random JSON, a
legal move with a field dropped, random objects, and random notation built from legal words."""
import pytest

from core.protocol import IllegalMove
from core.rng import Rng
from tests.core.test_conformance import all_games
from tests.server.test_garbage import random_json

STATES_PER_GAME = 80
TRIES_PER_STATE = 15


def malformed(rng, move: dict) -> dict:
    bad = dict(move)
    kind = rng.below(4)
    keys = sorted(bad, key=str)
    if kind == 0 and keys:
        bad[rng.choice(keys)] = random_json(rng, 2)
    elif kind == 1 and keys:
        del bad[rng.choice(keys)]
    elif kind == 2:
        value = random_json(rng, 1)
        bad = value if isinstance(value, dict) else {"type": value}
    else:
        for key in keys:
            if rng.below(2):
                bad[key] = random_json(rng, 3)
    return bad


def try_engine(call, what):
    try:
        call()
    except IllegalMove:
        pass
    except Exception as exc:  # the point of this test: anything else is the engine's bug
        pytest.fail(f"{what}: the engine raised {exc!r} instead of IllegalMove")


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_malformed_moves_are_illegal_moves_never_crashes(game):
    rng = Rng(f"engine fuzz {game.name}")
    for players in sorted({game.min_players, game.max_players}):
        state = game.setup(players, {}, f"fuzz-{players}")
        for _ in range(STATES_PER_GAME):
            if game.result(state) is not None:
                break
            seat = game.prompts(state)[0].seat
            legal = [m for m in game.legal_moves(state, seat) if "pattern" not in m]
            words = " ".join(game.format(m) for m in legal).split() + ["-1", "99999999999", "", "x"]
            for _ in range(TRIES_PER_STATE):
                for asker in (seat, rng.below(players)):
                    # The base: a listed move, or a random one (unbounded choices such as placements).
                    base = rng.choice(legal) if legal and rng.below(2) else game.random_move(state, seat, rng)
                    move = malformed(rng, base)
                    try_engine(lambda s=state, a=asker, m=move: game.apply(s, a, m), f"apply(seat {asker}, {move!r})")
                    text = " ".join(rng.choice(words) for _ in range(rng.below(5) + 1))
                    try_engine(lambda s=state, a=asker, t=text: game.parse(s, a, t), f"parse(seat {asker}, {text!r})")
            state, _ = game.apply(state, seat, game.random_move(state, seat, rng))

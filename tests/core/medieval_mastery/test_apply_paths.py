"""apply's plain path (core/medieval_mastery/game.py: a move that plainly passes the preamble goes
straight to the decision) and Game.checked_apply's preamble give the same answer to every move:
the same state and events, or the same refusal (code, rule, message and legal list)."""
import pytest

from core.medieval_mastery import GAME as G
from core.medieval_mastery.notation import CANONICAL_PLACES, place, plain_shape
from core.protocol import Game, IllegalMove
from core.rng import Rng
from core.text import stored


def outcome(apply, st, seat, move):
    """What an apply answers, as comparable values."""
    try:
        new, events = apply(st, seat, move)
    except IllegalMove as err:
        return ("refused", err.code, err.rule, str(err.message), stored(err.message), err.legal)
    return ("applied", G.state_hash(new), [(str(e.text), stored(e.text), e.to, e.data) for e in events])


def variants(st, seat, move):
    """The move as asked, by others, in other shapes: each of the preamble's refusals."""
    others = [(s, move) for s in range(-1, st["players"] + 1) if s != seat]
    shapes = [dict(move, extra=1), {k: v for k, v in move.items() if k != "type"}, dict(move, type="nothing"),
              dict(move, type=7), {"type": "standing", "pass": "always"}, {"type": "standing", "pass": 3},
              {"type": "resign"}, {"type": "end"}, {"type": "skip"}, {"type": "pass"}, {"type": "crown"},
              {"type": "advance", "to": "s05", "n": 1}, {"type": "advance", "to": "S05", "n": True},
              {"type": "redis", "moves": [["C", "S01", 1]]}, {"type": "redis", "moves": [["c", "S01", 1]]},
              {"type": "redis", "moves": [["C", "S01", 0]]}, {"type": "redis", "moves": [["C", "S01"]]},
              {"type": "support", "cards": ["+3"]}, {"type": "insight", "order": [5]}, [move], None]
    return [(seat, move), (True if seat == 1 else False if seat == 0 else seat, move), (float(seat), move),
            (str(seat), move)] + others + [(seat, shape) for shape in shapes]


@pytest.mark.rule("MM-SETUP-1", "MM-WIN-2", "MM-TURN-9", "MM-TURN-2", "MM-ASYNC-2", "MM-ASYNC-1")
def test_the_plain_path_answers_as_the_preamble_does():
    checked = lambda st, seat, move: Game.checked_apply(G, st, seat, move, G.apply_decision)  # noqa: E731
    rng = Rng("paths")
    for seed, (players, options) in enumerate([(2, {}), (4, {"windows": "strict", "siege": True}),
                                                (6, {"teams": "3", "life-and-death": True})]):
        st = G.setup(players, G.normalize_options(options), f"paths-{seed}")
        for _step in range(120):
            if G.result(st) is not None:
                break
            prompts = G.prompts(st)
            seat = prompts[rng.below(len(prompts))].seat
            move = G.random_move(st, seat, rng)
            for who, variant in variants(st, seat, move):
                assert outcome(G.apply, st, who, variant) == outcome(checked, st, who, variant), (who, variant)
            st, _ = G.apply(st, seat, move)
        last = G.prompts(st)[0].seat if G.result(st) is None else 0
        for who, variant in variants(st, last, {"type": "end"}):  # a game over (or still running) alike
            assert outcome(G.apply, st, who, variant) == outcome(checked, st, who, variant), (who, variant)


@pytest.mark.rule("MM-REDIS-2")
def test_canonical_places_are_the_names_place_keeps():
    words = ["C", "c", "castle", "C1", "c1", "L2", "l2", "S01", "S1", "s01", "T01", "S00", "S99", "S100", "X"]
    words += sorted(CANONICAL_PLACES)
    assert {w for w in words if place(w) == w} == {w for w in words if w in CANONICAL_PLACES}
    assert plain_shape({"type": "redis", "moves": [["C", "S01", 1]]})
    assert not plain_shape({"type": "standing", "pass": "always"})

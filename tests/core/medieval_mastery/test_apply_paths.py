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


def shapes(kind):
    """Moves of `kind` in many shapes, well formed or not: each field missing, of another kind of
    value, out of range, an extra field; and lists with bad items."""
    values = [None, True, False, 0, 1, -1, 3, 99, 100, 1.0, "", "C", "S01", "S05", "s05", "L1", "C2", "2", "ambush",
              "none", "+1", "+2", "+3", "3", "fracture", ["C", "S01", 1], [], {}]
    transfers = [[["C", "S01", 1]], [["C", "S01", 1], ["S02", "C", 99]], [], [["C", "S01", 0]], [["C", "S01", 100]],
                 [["C", "S01"]], [["C", "S01", 1, 1]], [("C", "S01", 1)], [["c", "S01", 1]], [["C", "S1", 1]],
                 [["C", "S01", True]], [["C", 1, 1]], [["C", "S01", 1.0]], [["C", "S01", 1]] * 40,
                 [["C", "S01", 1]] * 41, "C>S01:1"]
    cards = [["+1"], ["+2", "+1"], [], ["+3"], ["+1"] * 18, ["+1"] * 19, [1], "+1", [["+1"]]]
    fields = {"advance": ["to", "n"], "conflict": ["card"], "discard": ["card"], "redis": ["moves"],
              "support": ["cards"]}.get(kind, [])
    pool = {"moves": transfers + values, "cards": cards + values}
    found = [{"type": kind}, {"type": kind, "extra": 1}, {"type": kind, "card": "2"}]
    base = {"advance": {"type": kind, "to": "S05", "n": 3}, "conflict": {"type": kind, "card": "5"},
            "discard": {"type": kind, "card": "none"}, "redis": {"type": kind, "moves": [["C", "S01", 1]]},
            "support": {"type": kind, "cards": ["+1"]}}.get(kind, {"type": kind})
    found += [base, dict(base, extra=None), {k: v for k, v in base.items() if k != "type"} | {"type": kind}]
    for name in fields:
        found.append({k: v for k, v in base.items() if k != name})
        found += [dict(base, **{name: value}) for value in pool.get(name, values)]
    return found


@pytest.mark.rule("MM-TURN-2", "MM-REDIS-2", "MM-ADV-2")
def test_plain_shape_is_the_tables_test():
    """plain_shape's own tests (notation.PLAIN_TESTS) answer as the MOVES table's cheap test and
    the cross-checks do (reference_plain_shape), and a move either passes, check_shape passes."""
    from core.medieval_mastery.notation import PLAIN_TESTS, check_shape, reference_plain_shape

    assert set(PLAIN_TESTS) == {"skip", "end", "pass", "crown", "advance", "conflict", "discard", "redis", "support"}
    for kind in PLAIN_TESTS:
        for move in shapes(kind):
            assert plain_shape(move) == reference_plain_shape(move), move
            if plain_shape(move):
                assert check_shape(move) == kind
    assert plain_shape({"type": "advance", "to": "S05", "n": 3}) and plain_shape({"type": "end"})

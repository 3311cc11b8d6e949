"""apply's plain path (core/medieval_mastery/game.py) and Game.checked_apply's preamble give the
same answer to every move (tests/core/apply_paths.py); its shape check against the tables'."""
import pytest

from core.medieval_mastery import GAME as G
from core.medieval_mastery.notation import CANONICAL_PLACES, place, plain_shape
from tests.core.apply_paths import assert_paths_agree

SHAPES = [{"type": "standing", "pass": "always"}, {"type": "standing", "pass": 3}, {"type": "end"}, {"type": "skip"},
          {"type": "pass"}, {"type": "crown"}, {"type": "advance", "to": "s05", "n": 1},
          {"type": "advance", "to": "S05", "n": True}, {"type": "redis", "moves": [["C", "S01", 1]]},
          {"type": "redis", "moves": [["c", "S01", 1]]}, {"type": "redis", "moves": [["C", "S01", 0]]},
          {"type": "redis", "moves": [["C", "S01"]]}, {"type": "support", "cards": ["+3"]},
          {"type": "insight", "order": [5]}]


@pytest.mark.rule("MM-SETUP-1", "MM-WIN-2", "MM-TURN-9", "MM-TURN-2", "MM-ASYNC-2", "MM-ASYNC-1")
def test_the_plain_path_answers_as_the_preamble_does():
    setups = [(2, {}), (4, {"windows": "strict", "siege": True}), (6, {"teams": "3", "life-and-death": True})]
    assert_paths_agree(G, G.apply_decision, setups, 120, SHAPES, {"type": "end"}, random_seat=True)


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

"""Moves declared as data (core.movespec): one checker with the same sentences for every game."""
import pytest

from core.movespec import Field, MoveSpec, check_move, notation_help
from core.protocol import IllegalMove

MOVES = {
    "attack": MoveSpec(type="attack", notation="attack <target> with <cards>", help="Attack a wall.", rule="T-1",
                       fields=(Field(name="target", kind=str, choices=("W1", "W2")),
                               Field(name="cards", kind=list, items=str, minimum=1, maximum=3))),
    "pass": MoveSpec(type="pass", notation="pass", help="Do nothing."),
    "bid": MoveSpec(type="bid", fields=(Field(name="gold", kind=int, minimum=0, maximum=9),
                                        Field(name="secret", kind=bool, required=False))),
}


def test_a_well_formed_move_gives_its_spec():
    assert check_move(MOVES, {"type": "attack", "target": "W1", "cards": ["V1"]}).type == "attack"
    assert check_move(MOVES, {"type": "bid", "gold": 0}).type == "bid"


@pytest.mark.parametrize("move, words", [
    ("attack W1", "JSON object"),
    ({"type": "fly"}, "no move of type 'fly' (moves: attack, bid, pass)"),
    ({"type": "pass", "why": 1}, "no field 'why'"),
    ({"type": "attack", "target": "W1"}, "needs its 'cards'"),
    ({"type": "attack", "target": "W3", "cards": ["V1"]}, "one of 'W1', 'W2'"),
    ({"type": "attack", "target": "W1", "cards": []}, "at least 1 entries"),
    ({"type": "attack", "target": "W1", "cards": ["a", "b", "c", "d"]}, "at most 3 entries"),
    ({"type": "attack", "target": "W1", "cards": [1]}, "only words"),
    ({"type": "bid", "gold": True}, "a whole number"),
    ({"type": "bid", "gold": 10}, "at most 9"),
    ({"type": "bid", "gold": 1, "secret": "yes"}, "true or false"),
])
def test_each_shape_error_is_bad_move_with_a_sentence_naming_the_field(move, words):
    with pytest.raises(IllegalMove) as err:
        check_move(MOVES, move, rule="T-0")
    assert err.value.code == "bad-move" and words in err.value.message


def test_a_spec_rule_wins_over_the_callers_rule():
    with pytest.raises(IllegalMove) as err:
        check_move(MOVES, {"type": "attack", "target": "W1"}, rule="T-0")
    assert err.value.rule == "T-1"


def test_notation_help_is_generated_from_the_table():
    assert notation_help(MOVES)[:2] == ["attack <target> with <cards> — Attack a wall.", "pass — Do nothing."]


def test_the_compiled_fast_test_never_passes_what_the_full_check_refuses():
    """The cheap test that the usual move passes must agree with the full check on every move
    it accepts (it exists only where every field is plainly testable)."""
    spec = MoveSpec(type="go", fields=(Field(name="to", kind=str, choices=("a", "b")),
                                       Field(name="n", kind=int, minimum=1, maximum=3)))
    unbounded = MoveSpec(type="count", fields=(Field(name="n", kind=int),))
    assert spec.plain is not None and unbounded.plain is not None  # a number with or without bounds
    for move in ({"type": "go", "to": "a", "n": 1}, {"type": "go", "to": "c", "n": 1}, {"type": "go", "to": "a", "n": 4},
                 {"type": "go", "to": "a", "n": True}, {"type": "go", "to": "a"}, {"type": "go", "to": "a", "n": 1, "x": 0}):
        if spec.plain(move):
            assert check_move({"go": spec}, move) is spec
        else:
            with pytest.raises(IllegalMove):
                check_move({"go": spec}, move)
    for move, ok in (({"type": "count", "n": -7}, True), ({"type": "count", "n": False}, False),
                     ({"type": "count", "n": "1"}, False), ({"type": "count"}, False)):
        assert unbounded.plain(move) is ok
        if not ok:
            with pytest.raises(IllegalMove):
                check_move({"count": unbounded}, move)


def move_tables() -> dict[str, dict]:
    """Every declared game's MOVES table (core/registry.py), where its notation.py has one."""
    import importlib

    from core import games

    notations = {facts.package.removeprefix("core."): importlib.import_module(facts.package + ".notation")
                 for facts in games.every()}
    return {package: module.MOVES for package, module in notations.items() if hasattr(module, "MOVES")}


@pytest.mark.parametrize("module", sorted(move_tables()))
def test_no_game_move_passes_the_fast_test_and_fails_the_full_check(module):
    """Random moves of every kind in each game's MOVES table, fields present or not, values
    right or wrong: whatever the compiled fast test lets through, the full check accepts."""
    from core.rng import Rng

    table = move_tables()[module]
    values = [None, True, False, 0, 1, -1, 5, 99, "", "a", "W1", "V3", [], ["a"], [1], [True], ["a"] * 5, {}, {"a": 1},
              [["S01", "S02", 1]], [[]]]
    rng, passed = Rng(f"fast-test:{module}"), 0
    for spec in table.values():
        for _ in range(400):
            move = {"type": spec.type}
            for name in [f.name for f in spec.fields] + ["extra"]:
                if rng.below(3):
                    move[name] = values[rng.below(len(values))]
            if spec.plain is not None and spec.plain(move):
                passed += 1
                assert check_move(table, move) is spec
    assert passed  # the fast test does pass some moves

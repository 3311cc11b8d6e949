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

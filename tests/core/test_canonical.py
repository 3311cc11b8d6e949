"""Canonical JSON is what every stored hash was made from: the encoder `dumps` builds once
must write exactly the text `json.dumps` writes with the canonical options."""
from __future__ import annotations

import json

import pytest

from core import canonical, games
from core.rng import Rng

VALUES = [None, True, 0, -7, 10**40, "", "plain", "é\u2028\"\\\n", [], {}, [1, [2, [3]]],
          {"b": 1, "a": {"d": [None, "x"], "c": False}}, (1, 2), {2: "int key"}]


def reference(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_dumps_writes_what_json_dumps_writes(value):
    assert canonical.dumps(value) == reference(value)


@pytest.mark.parametrize("ruleset", sorted(games))
def test_states_through_a_game_encode_as_before(ruleset):
    engine, rng = games[ruleset], Rng(f"canonical:{ruleset}")
    state = engine.setup(engine.min_players, {}, "canonical-seed")
    for _ in range(40):
        assert canonical.dumps(engine.to_json(state)) == reference(engine.to_json(state))
        if engine.result(state) is not None:
            break
        seat = engine.prompts(state)[0].seat
        state = engine.apply(state, seat, engine.random_move(state, seat, rng))[0]


def test_what_json_cannot_write_is_refused_as_json_refuses_it():
    with pytest.raises(TypeError):
        canonical.dumps({"a": object()})

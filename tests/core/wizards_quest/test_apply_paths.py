"""apply's plain path (core/wizards_quest/game.py) and Game.checked_apply's preamble give the same
answer to every move (tests/core/apply_paths.py)."""
import pytest

from core.wizards_quest import GAME as G
from core.wizards_quest import flow
from tests.core.apply_paths import assert_paths_agree

SHAPES = [{"type": "standing", "losses": "ask"}, {"type": "standing", "losses": 3}, {"type": "end"}, {"type": "done"}]


@pytest.mark.rule("WQ-TABLE-1", "WQ-END-3", "WQ-START-2", "WQ-ROUND-1", "WQ-TABLE-5")
def test_the_plain_path_answers_as_the_preamble_does():
    assert_paths_agree(G, flow.apply_decision, [(2, {}), (4, {}), (6, {})], 150, SHAPES, {"type": "end"})

"""apply's plain path (core/castle_assault/game.py) and Game.checked_apply's preamble give the
same answer to every move (tests/core/apply_paths.py)."""
import pytest

from core.castle_assault import GAME as G
from tests.core.apply_paths import assert_paths_agree

# Besides the preamble's refusals, moves the decision itself refuses (another phase's, a card not in hand).
SHAPES = [{"type": "standing", "pass": "always", "window": "join"}, {"type": "standing", "pass": 3, "window": "all"},
          {"type": "pass"}, {"type": "draw"}, {"type": "discard", "card": "V1"}, {"type": "remove", "card": "S1"},
          {"type": "attack", "target": "1/C", "cards": ["V1", "V1"]}]


@pytest.mark.rule("CA-SETUP-1", "CA-END-1", "CA-TURN-6", "CA-TURN-5", "CA-TURN-3")
def test_the_plain_path_answers_as_the_preamble_does():
    assert_paths_agree(G, G.apply_decision, [(2, {}), (3, {}), (4, {})], 400, SHAPES, {"type": "draw"})

"""Rules version 3 (issue 14): new games draw their dice and shuffles from the random stream's
scheme 2 (four draws per SHA-256 block); games stored before keep scheme 1, move for move.

The fixtures under rules_v2/ are random games recorded by tests/fixtures/rules_v1/record.py's
`record` with the engine of rules version 2, before this change: they must replay to the same
hash after every move. They were recorded in state format 1 (short keys), so each hash is
compared in that format (`hash_in(state, 1)`, the engine's downgrade of its readable keys)."""
import json
from pathlib import Path

import pytest

from core.rng import Rng
from core.wizards_quest import GAME as G, cards

FIXTURES = sorted((Path(__file__).parent / "rules_v2").glob("*.json"))


@pytest.mark.rule("WQ-SETUP-12")
@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_rules_version_2_game_replays_to_its_recorded_hashes(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["rules_version"] == 2 and "rng" not in data["options"]
    state = G.setup(data["players"], data["options"], data["seed"], rules_version=2)
    assert G.hash_in(state, 1) == data["start"]
    width = len(data["hashes"][0])
    for number, ((seat, move), expected) in enumerate(zip(data["moves"], data["hashes"], strict=True), 1):
        state, _events = G.apply(state, seat, move)
        assert G.hash_in(state, 1)[:width] == expected, f"move {number} ({G.format(move)}) differs"
    assert G.hash_in(state, 1) == data["final"]


@pytest.mark.rule("WQ-SETUP-12")
def test_new_games_shuffle_with_scheme_2_and_older_ones_with_scheme_1():
    """The deck is the first shuffle of the stream: scheme 2 for a new game (its options say so),
    scheme 1 for a game created under rules version 2 (no "rng" option, its legacy reading)."""
    new = G.setup(3, {}, "stream")
    old = G.setup(3, G.normalize_options({}, 2), "stream", rules_version=2)
    assert new["options"]["rng"] == 2 and "rng" not in old["options"]
    assert new["deck"] == Rng("stream", scheme=2).shuffle(list(cards.ALL_CARDS))
    assert old["deck"] == Rng("stream").shuffle(list(cards.ALL_CARDS))
    assert new["deck"] != old["deck"]


def test_the_stream_can_be_chosen_for_a_new_game():
    assert G.setup(2, {"rng": 1}, "stream")["deck"] == G.setup(3, G.normalize_options({}, 2), "stream",
                                                                  rules_version=2)["deck"]

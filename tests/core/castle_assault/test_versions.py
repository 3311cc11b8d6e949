"""Rules versions of Castle Assault: a game keeps the random stream and the readings it was created with.

Rules version 3 draws new games' randomness with scheme 2 of core.rng (four draws per SHA-256
block, option "rng"); games created before have no "rng" option and keep scheme 1. The fixtures
in tests/fixtures/castle_assault_v2/ were recorded by the rules-version-2 engine (record.py);
each passes a Village rebuild, the one shuffle after the deal. Rules version 4 reads two rules
again from the Spanish original (options "king-action" and "empty-hand", CA-ACT-KING-6 and
CA-TURN-7); the fixtures in tests/fixtures/castle_assault_v3/ were recorded by the rules-version-3
engine, each with a rebuild and a King turn holding a second King."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from core.castle_assault import GAME
from core.castle_assault.data import CARDS
from core.castle_assault.state import shuffle
from core.rng import Rng

FIXTURES = sorted((Path(__file__).parents[2] / "fixtures" / "castle_assault_v2").glob("*.json"))


def test_there_is_a_recorded_rules_version_2_game_per_player_count():
    assert [json.loads(path.read_text())["players"] for path in FIXTURES] == [2, 3, 4]


@pytest.mark.rule("CA-SETUP-5")
@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_rules_version_2_game_replays_to_its_recorded_hashes(path):
    data = json.loads(path.read_text())
    assert "rng" not in data["options"]
    state = GAME.setup(data["players"], data["options"], data["seed"], rules_version=2)
    assert GAME.hash_in(state, 1) == data["start"]          # recorded in state format 1 (short keys)
    for number, ((seat, move), expected) in enumerate(zip(data["moves"], data["hashes"], strict=True), 1):
        state, _ = GAME.apply(state, seat, move)
        assert GAME.hash_in(state, 1)[:16] == expected, f"move {number} ({GAME.format(move)}) differs"
    assert GAME.hash_in(state, 1) == data["final"]


V3_FIXTURES = sorted((Path(__file__).parents[2] / "fixtures" / "castle_assault_v3").glob("*.json"))


def test_there_is_a_recorded_rules_version_3_game_per_player_count():
    assert [json.loads(path.read_text())["players"] for path in V3_FIXTURES] == [2, 3, 4]


@pytest.mark.rule("CA-ACT-KING-6")
@pytest.mark.rule("CA-TURN-7")
@pytest.mark.parametrize("path", V3_FIXTURES, ids=lambda p: p.stem)
def test_a_rules_version_3_game_replays_to_its_recorded_hashes(path):
    data = json.loads(path.read_text())
    assert data["options"]["rng"] == 2 and not {"king-action", "empty-hand"} & set(data["options"])
    assert GAME.normalize_options({}, 3) == data["options"]
    state = GAME.setup(data["players"], data["options"], data["seed"], rules_version=3)
    assert GAME.state_hash(state) == data["start"]
    for number, ((seat, move), expected) in enumerate(zip(data["moves"], data["hashes"], strict=True), 1):
        state, _ = GAME.apply(state, seat, move)
        assert GAME.state_hash(state)[:16] == expected, f"move {number} ({GAME.format(move)}) differs"
    assert GAME.state_hash(state) == data["final"]


@pytest.mark.rule("CA-ACT-KING-6")
@pytest.mark.rule("CA-TURN-7")
def test_new_games_store_the_rules_version_4_readings_and_older_ones_do_not():
    new = GAME.normalize_options({})
    assert GAME.rules_version == 4 and (new["king-action"], new["empty-hand"]) == ("any", "take-back")
    for version in (1, 2, 3):
        old = GAME.normalize_options({}, version)
        assert not {"king-action", "empty-hand"} & set(old)
        assert (GAME.option_value(old, "king-action"), GAME.option_value(old, "empty-hand")) == ("not-king", "pass")


def deal(scheme: int, seed: str) -> list[str]:
    """The Village deck as CA-SETUP-5 shuffles it with that scheme (before the hands are dealt)."""
    return shuffle(Rng(seed, scheme=scheme), list(CARDS.ids_by_deck["V"]))


@pytest.mark.rule("CA-SETUP-5")
def test_new_games_shuffle_with_scheme_2_and_older_ones_with_scheme_1():
    new = GAME.setup(2, {}, "stream")
    old = GAME.setup(2, GAME.normalize_options({}, 2), "stream", rules_version=2)
    assert new["options"]["rng"] == 2 and "rng" not in old["options"]
    left = len(new["village"])                           # the top cards went to the hands and the first draw
    assert left == len(old["village"]) == 70 - 2 * 4 - 1
    assert new["village"] == deal(2, "stream")[:left] != old["village"] == deal(1, "stream")[:left]
    chosen = GAME.setup(2, {"rng": 1}, "stream")         # a new game may still ask for scheme 1
    assert chosen["village"] == old["village"]


def test_scheme_1_shuffles_draw_once_per_position_as_before():
    rng = Rng("same", scheme=1)
    assert shuffle(rng, list(range(70))) == Rng("same").shuffle(list(range(70))) and rng.counter == 69


@pytest.mark.rule("CA-SETUP-5")
def test_scheme_2_shuffles_take_several_positions_per_draw_and_stay_uniform():
    rng = Rng("few draws", scheme=2)
    deck = shuffle(rng, list(range(70)))
    assert sorted(deck) == list(range(70)) and rng.counter < 12          # 69 draws with scheme 1
    rng = Rng("uniform", scheme=2)
    counts = Counter(tuple(shuffle(rng, [0, 1, 2, 3])) for _ in range(24_000))
    assert len(counts) == 24 and all(850 < n < 1150 for n in counts.values())
    seen = Counter(shuffle(rng, list(range(30)))[0] for _ in range(6_000))   # multi-draw decks too
    assert len(seen) == 30 and all(130 < n < 280 for n in seen.values())

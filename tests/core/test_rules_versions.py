"""Stored games keep replaying under the rules they were played with.

The fixtures under tests/fixtures/rules_v1/ are random games recorded by
`tests/fixtures/rules_v1/record.py` before the rules fixes of rules version 2 (issue 9).
Replayed with `rules_version=1` and the options those games stored, every engine must give the
same state hash after every move: a rules fix reaches stored games only through options.
The hashes were recorded in state format 1, so they are compared in that layout (`hash_in`).

Every offered game past its first rules version has such games (`CHANGED`); a game still at rules
version 1 has no earlier rules to keep. When a new game raises `rules_version`, record its games
of the version before with record.py first (docs/adding-a-game.md, section 4).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.protocol import IllegalMove
from core.registry import games

FIXTURES = sorted((Path(__file__).parent.parent / "fixtures" / "rules_v1").glob("*.json"))
CHANGED = sorted(name for name in games if games[name].rules_version > 1)


def load(path: Path) -> dict:
    return json.loads(path.read_text())


def test_there_are_recorded_v1_games_for_every_engine():
    recorded = {load(path)["game"] for path in FIXTURES}
    assert recorded >= set(CHANGED), f"record rules-version-1 games of {sorted(set(CHANGED) - recorded)} " \
                                     f"(tests/fixtures/rules_v1/record.py)"
    assert recorded <= set(games)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_v1_game_replays_to_its_recorded_hashes(path):
    """Set up as rules version 1 with the options it stored, the game replays move by move."""
    data = load(path)
    game = games[data["game"]]
    assert data["rules_version"] == 1
    state = game.setup(data["players"], data["options"], data["seed"], rules_version=1)
    assert game.hash_in(state, 1) == data["start"]
    width = len(data["hashes"][0])
    for number, ((seat, move), expected) in enumerate(zip(data["moves"], data["hashes"]), 1):
        state, _events = game.apply(state, seat, move)
        assert game.hash_in(state, 1)[:width] == expected, f"move {number} ({game.format(move)}) differs"
    assert game.hash_in(state, 1) == data["final"]


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_v1_defaults_are_still_what_v1_games_stored(path):
    """A game created under rules version 1 gets exactly the options it got then: options added
    later are absent (the engine plays their legacy reading), changed defaults keep the old value."""
    data = load(path)
    game = games[data["game"]]
    assert game.normalize_options(data["given"], 1) == data["options"]


@pytest.mark.parametrize("name", CHANGED)
def test_the_recorded_games_reach_the_changed_rules(name):
    """The proof above has teeth: replayed under the current rules version (the new options at their
    new defaults), at least one recorded game of every engine is refused part-way, because it went
    through a reading that rules version 2 changed."""
    refused = 0
    for path in FIXTURES:
        data = load(path)
        if data["game"] != name:
            continue
        game = games[name]
        state = game.setup(data["players"], data["options"], data["seed"])
        try:
            for seat, move in data["moves"]:
                state, _events = game.apply(state, seat, move)
        except IllegalMove:
            refused += 1
    assert refused >= 1

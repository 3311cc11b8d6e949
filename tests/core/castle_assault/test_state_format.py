"""State format 2 (issue 15): readable keys, and games stored in format 1 (the short keys) keep
loading and keep their hashes checkable (docs/upgrades.md, core/statekeys.py)."""
import json
from pathlib import Path

import pytest

from core.castle_assault import GAME
from core.rng import Rng
from server.store import stateformat

# The layout of format 1, written out here rather than taken from state.FORMAT_1, so that the
# declaration is checked against what stored games hold.
FORMAT_1_KEYS = {"seed", "rng", "n", "opt", "village", "siege", "academy", "dungeon", "discard", "out", "hands",
                 "loot", "posts", "alive", "turn", "acts", "king", "defended", "phase", "battle", "standing",
                 "quiet", "turns", "shown", "winner", "reason"}
FORMAT_1_BATTLE_KEYS = {"by", "victim", "target", "night", "cards", "todo", "joined", "react", "need", "removed",
                        "open"}
FIXTURES = sorted((Path(__file__).parents[2] / "fixtures" / "castle_assault_v2").glob("*.json"))
TABLES = [(2, {}), (3, {"windows": "strict", "night-count": "hidden"}), (4, {"spoils": "all", "reshuffle": "remove"}),
          (3, {"rng": 1, "night-join": False})]


def random_states(players: int, options: dict, seed: str, moves: int = 400):
    """Every state of one random game (the states of battles, King turns and eliminations included)."""
    state = GAME.setup(players, GAME.normalize_options(options), seed)
    rng = Rng("format:" + seed)
    yield state
    for _ in range(moves):
        if GAME.result(state) is not None:
            return
        seat = GAME.prompts(state)[0].seat
        state, _ = GAME.apply(state, seat, GAME.random_move(state, seat, rng))
        yield state


def test_the_state_is_written_in_format_2():
    state = GAME.setup(2, {}, "fresh")
    assert GAME.state_format == 2
    assert {"players", "options", "actions", "king_turn", "quiet_turns", "dungeon_shown", "out_of_game"} <= set(state)
    assert not set(state) & {"n", "opt", "acts", "king", "quiet", "shown", "out"}


@pytest.mark.parametrize("players,options", TABLES)
def test_format_1_has_exactly_the_old_keys_and_lifts_back_exactly(players, options):
    battles = 0
    for state in random_states(players, options, f"keys-{players}-{len(options)}"):
        data = GAME.to_json(state)
        old = GAME.downgrade_state(data, 1)
        assert set(old) == FORMAT_1_KEYS
        if old["battle"] is not None:
            battles += 1
            assert set(old["battle"]) == FORMAT_1_BATTLE_KEYS
        assert GAME.upgrade_state(json.loads(json.dumps(old)), 1) == data
    assert battles


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_stored_format_1_state_loads_through_the_server_and_plays_on(path):
    """Each position of a game recorded in format 1, stored in format 1, is read back by the
    server's loader and takes the next recorded move to the recorded hash."""
    data = json.loads(path.read_text())
    state = GAME.setup(data["players"], data["options"], data["seed"], rules_version=2)
    in_battle = 0
    for (seat, move), expected in zip(data["moves"], data["hashes"], strict=True):
        stored = json.dumps(GAME.downgrade_state(GAME.to_json(state), 1))
        loaded = stateformat.load(GAME, stored, 1)
        assert loaded == state
        in_battle += loaded["battle"] is not None
        state, _ = GAME.apply(loaded, seat, move)
        assert GAME.hash_in(state, 1)[:16] == expected
        assert GAME.hash_in(state, 2) == GAME.state_hash(state)
    assert in_battle


def test_a_format_newer_than_the_engines_is_refused_not_guessed():
    """Only format 1 is lifted; a layout this engine does not know is an unreadable state."""
    old = GAME.downgrade_state(GAME.to_json(GAME.setup(2, {}, "old")), 1)
    with pytest.raises(stateformat.UnreadableState):
        stateformat.load(GAME, json.dumps(old), 3)

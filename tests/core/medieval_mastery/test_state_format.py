"""Readable state keys (state_format 2, issue 15) without losing a stored game: state.FORMAT_1
writes any state in the short keys of format 1 and lifts one back, exactly. The stored-game
fixtures (tests/core/test_rules_versions.py, test_random_stream.py) compare every replayed hash
in format 1; here, along random playouts, the format-1 layout has exactly the old keys, and
states written by the format-1 engine load through the server's path and play on (MM-SETUP-1)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from core import canonical
from core.medieval_mastery import GAME
from core.medieval_mastery.state import HASHER
from core.rng import Rng
from server.store import stateformat
from tests.core.playout import play

# The keys of format 1, written out here rather than taken from FORMAT_1, so that a wrong
# declaration cannot check itself.
OLD_STATE = {"seed", "rng", "n", "opts", "tile", "own", "kn", "castle", "deck", "hand", "disc", "dturn", "arts",
             "down", "active", "tno", "step", "stage", "crown_used", "normal_done", "mano", "ret", "after_crown",
             "ta_card", "ph", "win", "battle", "window", "choice", "standing", "gained", "lost", "k0"}
OLD_BATTLE = {"node", "att", "def", "ak", "siege", "astr", "dstr", "step", "commit", "shown", "table", "sup",
              "winner", "loser", "margin", "orbq", "reversed"}
OLD_SUPPORT = {"order", "i", "quiet", "played"}
OLD_WINDOW = {"kind", "order", "i", "asked"}
OLD_CHOICE = {"kind", "seat", "text", "then", "cards", "player", "name", "count", "own"}
STORED = json.loads((Path(__file__).parents[2] / "fixtures" / "mm-format1-states.json").read_text())["states"]


def old_parts(old: dict) -> set[str]:
    """Check one format-1 state's keys, part by part; the parts it has."""
    assert set(old) - {"gone"} == OLD_STATE
    seen = set()
    if old["battle"] is not None:
        seen.add("battle")
        assert set(old["battle"]) == OLD_BATTLE
        if old["battle"]["sup"] is not None:
            seen.add("support")
            assert set(old["battle"]["sup"]) == OLD_SUPPORT
    if old["window"] is not None:
        seen.add("window")
        assert set(old["window"]) == OLD_WINDOW
    if old["choice"] is not None:
        seen.add("choice-" + old["choice"]["kind"])
        assert {"kind", "seat", "text", "then"} <= set(old["choice"]) <= OLD_CHOICE
    return seen


CASES = [(2, {}), (3, {"windows": "strict"}), (4, {"siege": True, "mayhem": True}), (5, {"life-and-death": True}),
         (6, {"teams": "3", "windows": "strict"}), (4, {"teams": "2", "skirmish": True}),
         (2, {"sceptre-choice": "auto", "rng": 1})]


@pytest.mark.rule("MM-SETUP-1")
def test_format_1_has_exactly_the_old_keys_and_lifts_back_exactly():
    """Along whole random games of every player count: no readable key left in format 1, and
    upgrade(downgrade(x)) == x for every state (also the upgrade's hash is the state's own)."""
    seen: set[str] = set()

    def check(st):
        data = GAME.to_json(st)
        old = GAME.downgrade_state(data, 1)
        seen.update(old_parts(old))
        assert GAME.upgrade_state(old, 1) == data
        assert GAME.hash_in(st, 1) == canonical.digest(old)

    for players, options in CASES:
        out = play(GAME, players, f"format-{players}-{sorted(options)}", options, full_checks=False, invariants=check)
        assert out.ended
    assert {"battle", "support", "window", "choice-discard", "choice-sceptre"} <= seen


@pytest.mark.rule("MM-SETUP-1")
@pytest.mark.parametrize("stored", STORED, ids=lambda s: s["state"]["ph"])
def test_a_state_stored_in_format_1_loads_through_the_server_and_plays_on(stored):
    """A battle's support exchange, a Fracture window and a Fear choice written by the format-1
    engine: the server's loader lifts them, they write back byte for byte with their stored hash,
    and the game plays on to its end."""
    text = json.dumps(stored["state"])
    st = stateformat.load(GAME, text, 1)
    assert "phase" in st and "ph" not in st
    assert GAME.downgrade_state(GAME.to_json(st), 1) == stored["state"]
    assert GAME.hash_in(st, 1) == stored["hash"]
    assert stateformat.lifted_hash(GAME, text, 1) == GAME.state_hash(st)
    rng = Rng("plays-on")
    for _ in range(GAME.max_moves):
        if GAME.result(st) is not None:
            break
        seat = GAME.prompts(st)[0].seat
        st, _ = GAME.apply(st, seat, GAME.random_move(st, seat, rng))
    assert GAME.result(st) is not None
    assert GAME.downgrade_state(GAME.to_json(st), 1)["ph"] == "over"


def test_the_game_declares_format_2():
    assert GAME.state_format == 2 and GAME.describe()["state_format"] == 2
    assert GAME.downgrade_state(GAME.to_json(GAME.setup(2, GAME.normalize_options({}), "s")), 2)["phase"] == "main"
    with pytest.raises(ValueError):
        GAME.upgrade_state({}, 3)


@pytest.mark.rule("MM-SETUP-1")
def test_the_cheap_hash_is_the_canonical_one():
    """core/statehash.py reuses the text of parts moves share; along random games (both formats, with
    the parts shared as apply shares them) its text is canonical.dumps's, byte for byte."""
    for players, options in CASES:
        def check(st):
            assert HASHER.dumps(st) == canonical.dumps(st)
            assert GAME.state_hash(st) == canonical.digest(GAME.to_json(st))
            old = GAME.downgrade_state(GAME.to_json(st), 1)
            assert HASHER.dumps(old) == canonical.dumps(old)

        play(GAME, players, f"hash-{players}-{sorted(options)}", options, full_checks=False, invariants=check)
    odd = {"b": [True, 1.5, None], "tile": ["\x01"], "a": "\x01"}  # the mark itself: the whole is encoded
    assert HASHER.dumps(odd) == canonical.dumps(odd)

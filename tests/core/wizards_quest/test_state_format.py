"""State format 2 (issue 15): readable keys, and format 1's short keys exactly as games stored
them. The stored fixtures (test_versions.py, tests/core/test_rules_versions.py) check the
hashes in format 1; here the layouts themselves, along random playouts, and a format-1 state
read back by the server's loader."""
import json

import pytest

from core import canonical
from core.rng import Rng
from core.wizards_quest import GAME as G
from server.store import stateformat
from tests.core.playout import turns

# The keys of format 1, written out as the engine wrote them before the rename (not taken from
# state.FORMAT_1, so that the declaration is checked against them).
OLD_STATE = {"seed", "rng", "np", "dice", "opt", "own", "n", "ch", "wz", "out", "tre", "dragon", "peace",
             "deck", "disc", "hands", "boats", "first", "start", "round", "q", "tn", "std", "win", "why"}
OLD_TURN = {"seat", "cut", "cmen", "camps", "boat", "sup"}
OLD_FRAME = {"k", "st", "seat", "i", "r", "order", "src", "tg", "tgt", "mode", "a", "d", "vs", "via", "nb", "dl",
             "al", "bm", "lead", "awiz", "dwiz", "dv", "av", "beat", "won", "single", "duchy", "drew", "new", "total",
             "maxh", "why", "t", "n", "into", "v", "men", "hero", "ex", "who", "special", "boat", "round"}
NEW_STATE = {"seed", "rng", "players", "dice", "options", "owner", "men", "champion", "wizard", "eliminated",
             "treasures", "dragon", "peace", "deck", "discard", "hands", "boats", "first", "start", "round",
             "frames", "turn", "standing", "winners", "reason"}
NEW_TURN = {"seat", "cut", "card_men", "campaigns", "boat_used", "reinforced"}
NEW_FRAME = {"kind", "stage", "seat", "next", "hide_round", "order", "source", "targets", "target", "mode",
             "attacker", "defender", "vs", "via", "battles", "defender_losses", "attacker_losses", "both_missed",
             "lead", "attacker_wizard", "defender_wizard", "defender_struck", "attacker_struck", "beat", "won",
             "single", "duchy", "drew", "new", "total", "max_heroes", "why", "territory", "count", "into",
             "victim", "men", "hero", "excluded", "who", "special", "boat", "round"}
GAMES = [(2, {}, "fmt-2"), (3, {"blank-treasure": True}, "fmt-3"), (4, {"rng": 1}, "fmt-4"),
         (5, {"two-player-rules": False, "bridge-bonus": 0}, "fmt-5"), (6, {"blank-treasure": True}, "fmt-6"),
         (2, {"two-player-rules": True, "ring-window": "drawn-card"}, "fmt-2b")]


def keys_of(data: dict, top: set, turn: set, frame: set) -> None:
    """Every key of the state, its turn and its frames is one of the layout's keys."""
    assert set(data) == top
    if data["tn" if "tn" in top else "turn"] is not None:
        assert set(data["tn" if "tn" in top else "turn"]) <= turn
    for f in data["q" if "q" in top else "frames"]:
        assert set(f) <= frame, set(f) - frame


def playout(players: int, options: dict, seed: str, cap: int = 1500):
    """The states of one random game (every move), through the public protocol."""
    walk = turns(G, G.setup(players, options, seed), Rng("format:" + seed, scheme=2), max_moves=cap)
    yield walk.state
    for turn in walk:
        yield turn.play()[0]


@pytest.mark.parametrize("players,options,seed", GAMES, ids=[g[2] for g in GAMES])
def test_format_1_has_exactly_the_old_keys_and_comes_back_unchanged(players, options, seed):
    for state in playout(players, options, seed):
        data = G.to_json(state)
        keys_of(data, NEW_STATE, NEW_TURN, NEW_FRAME)
        old = G.downgrade_state(data, 1)
        keys_of(old, OLD_STATE, OLD_TURN, OLD_FRAME)
        assert G.upgrade_state(json.loads(json.dumps(old)), 1) == data
        assert G.state_hash(state) == canonical.digest(data)  # the state is its JSON


def test_a_stored_format_1_state_loads_through_the_server_and_plays_on():
    """A snapshot written in format 1 (the server stored it before the upgrade) is lifted on load,
    and the game goes on exactly as it would have from the state it was written from."""
    states = list(playout(3, {}, "loaded", cap=400))
    middle = states[len(states) // 2]
    stored = json.dumps(G.downgrade_state(G.to_json(middle), 1))
    assert '"np":3' in stored.replace(" ", "") and '"players"' not in stored
    loaded = stateformat.load(G, stored, 1)
    assert loaded == middle and G.hash_in(loaded, 1) == G.hash_in(middle, 1)
    rng_a, rng_b = Rng("on", scheme=2), Rng("on", scheme=2)
    a, b = loaded, middle
    for _ in range(100):
        prompts = G.prompts(a)
        if not prompts:
            break
        seat = prompts[0].seat
        a, _ = G.apply(a, seat, G.random_move(a, seat, rng_a))
        b, _ = G.apply(b, seat, G.random_move(b, seat, rng_b))
        assert G.state_hash(a) == G.state_hash(b)


def test_the_view_keeps_its_documented_decision_keys():
    """The decision shown to a seat names the frame's details as before the rename (docs)."""
    for state in playout(2, {}, "view", cap=400):
        frame = state["frames"][-1] if state["frames"] else None
        if frame and frame["kind"] == "ask-loss":
            decision = G.view(state, frame["seat"])["decision"]
            assert {"t", "n", "into", "why"} <= set(decision) and "territory" not in decision
            return
    pytest.fail("no loss question in this game")

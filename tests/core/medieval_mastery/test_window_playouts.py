"""Fracture windows and the support exchange in random games: 2-6 players, teams of 2 and 3,
both window modes, with seats setting standing answers at random (MM-RES-FRACTURE,
MM-ASYNC-2, MM-ASYNC-4, MM-OPT-ALLIANCE-5). Checked after every move, against the rules
rather than the engine's helpers where it can be."""
import pytest

from core.medieval_mastery import GAME, battle, data, rules
from tests.core.playout import play

SETS = [(n, {"windows": w}) for n in range(2, 7) for w in ("fast", "strict")] + \
       [(4, {"teams": "2", "windows": w}) for w in ("fast", "strict")] + \
       [(6, {"teams": t, "windows": w}) for t in ("2", "3") for w in ("fast", "strict")]
STANDING = ("always", "unless-mine", "off")


def chooser(game, state, seat, rng):
    """Mostly the engine's random player; now and then a standing answer instead."""
    if rng.below(25) == 0:
        return {"type": "standing", "pass": STANDING[rng.below(3)]}
    return game.random_move(state, seat, rng)


def window_invariants(st):
    n, fast = st["players"], st["options"]["windows"] == "fast"
    spectator = GAME.view(st, None)
    if st["phase"] == "window":
        w = st["window"]
        start = st["active"] if w["kind"] == "crown" else st["battle"]["attacker"]
        assert w["order"] == [(start + i) % n for i in range(n)], "one clockwise pass from the right seat"
        asked = w["asked"]
        assert asked == w["order"][w["position"]]
        hand, pile = st["hand"][asked], st["discard"][asked]
        if w["kind"] == "crown":
            assert asked != st["active"] and st["down"][st["active"]][0] == -1
        else:
            b = st["battle"]
            kind = 1 if w["kind"] == "sceptre" else 2
            assert any(p != asked and st["down"][p][kind] == -1 for p in (b["attacker"], b["defender"]))
        standing = st["standing"][asked]
        assert standing == "off" or (standing == "unless-mine" and w["kind"] == "crown"
                                     and st["artefacts"][st["active"]][0] == "Corruption")
        if fast:
            assert rules.has(hand, "FR"), "fast: only a Fracture holder is asked"
            assert "asked" not in spectator["window"], "fast: nobody else learns who was asked"
        else:
            assert not any(rules.kind(c) == "FR" for c in pile), "strict: a visibly spent Fracture is skipped"
            assert spectator["window"]["asked"] == asked
    if st["phase"] == "support":
        b = st["battle"]
        seat = battle.support_seat(b)
        assert seat in rules.team_of(st, b["attacker"]) or seat in rules.team_of(st, b["defender"])
        holds_support = any(rules.kind(c) in data.SUPPORT_KINDS for c in st["hand"][seat])
        if fast:
            assert holds_support and "support_turn" not in spectator["battle"]
        else:
            assert st["hand"][seat] and spectator["battle"]["support_turn"] == seat
    if st["phase"] == "choice" and st["choice"]["kind"] == "target":
        assert rules.is_up(st, st["active"], 0), "a fractured crown never reaches its target"


@pytest.mark.rule("MM-ASYNC-2")
@pytest.mark.rule("MM-OPT-ALLIANCE-5")
@pytest.mark.parametrize("players,options", SETS)
def test_windows_and_support_in_random_games(players, options):
    for i in range(4):
        out = play(GAME, players, f"windows-{players}-{sorted(options.items())}-{i}", options, full_checks=False,
                   invariants=window_invariants, chooser=chooser)
        assert out.ended and GAME.result(out.state) is not None

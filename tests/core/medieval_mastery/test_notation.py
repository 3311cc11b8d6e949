"""Move notation (parse/format round trips) and fuzzing: bad text or JSON is always an
IllegalMove naming a rule, never another exception."""
import json

import pytest

from core.protocol import IllegalMove
from core.rng import Rng
from tests.core.medieval_mastery.helpers import G, start

EXAMPLES = {
    "play cta": {"type": "play", "card": "cta"},
    "play ta": {"type": "play", "card": "ta"},
    "fracture P1 sceptre": {"type": "fracture", "player": 1, "artefact": "sceptre"},
    "crown": {"type": "crown"},
    "target P2": {"type": "target", "player": 2},
    "target P0 orb": {"type": "target", "player": 0, "artefact": "orb"},
    "redis S03>S04:2 S05>S06:1": {"type": "redis", "moves": [["S03", "S04", 2], ["S05", "S06", 1]]},
    "redis C>S10:3": {"type": "redis", "moves": [["C", "S10", 3]]},
    "advance S05 4": {"type": "advance", "to": "S05", "n": 4},
    "advance C2 6": {"type": "advance", "to": "C2", "n": 6},
    "skip": {"type": "skip"}, "end": {"type": "end"}, "pass": {"type": "pass"},
    "conflict 5": {"type": "conflict", "card": "5"},
    "conflict ambush": {"type": "conflict", "card": "ambush"},
    "conflict none": {"type": "conflict", "card": "none"},
    "support +1 +2": {"type": "support", "cards": ["+1", "+2"]},
    "discard fracture": {"type": "discard", "card": "fracture"},
    "discard none": {"type": "discard", "card": "none"},
    "insight 2 1 4 3": {"type": "insight", "order": [2, 1, 4, 3]},
    "recycle cta": {"type": "recycle", "card": "cta"},
    "top keep": {"type": "top", "keep": True},
    "top discard": {"type": "top", "keep": False},
    "standing always-pass": {"type": "standing", "pass": "always"},
    "standing pass-unless-mine": {"type": "standing", "pass": "unless-mine"},
    "standing off": {"type": "standing", "pass": "off"},
}


@pytest.mark.parametrize("text", list(EXAMPLES))
def test_every_move_round_trips(text):
    st = start(2)
    move = G.parse(st, 0, text)
    assert move == EXAMPLES[text]
    assert G.format(move) == text
    assert G.parse(st, 0, G.format(move)) == move


def test_lenient_spellings():
    st = start(2)
    assert G.parse(st, 0, "  REDIS t3>t4:2 castle>s6:1 ") == {"type": "redis", "moves": [["S03", "S04", 2],
                                                                                           ["C", "S06", 1]]}
    assert G.parse(st, 0, "Advance s5 4") == {"type": "advance", "to": "S05", "n": 4}
    assert G.parse(st, 0, "fracture 1 orb") == {"type": "fracture", "player": 1, "artefact": "orb"}


def test_bad_notation_shows_the_forms_and_the_current_rule():
    st = start(2)
    seat = st["active"]
    with pytest.raises(IllegalMove) as err:
        G.parse(st, seat, "attack everything")
    assert err.value.code == "bad-notation" and "advance <tile> <n>" in err.value.message
    assert err.value.rule == "MM-TURN-2"


def states():
    """Positions in every phase, from random games."""
    out = []
    for i, (players, opts) in enumerate([(2, {}), (3, {"windows": "strict"}), (4, {"teams": "2"}),
                                         (6, {"mayhem": True, "siege": False}), (2, {"siege": True})]):
        st = G.setup(players, G.normalize_options(opts), f"fuzz-{i}")
        rng = Rng(f"fuzzmoves-{i}")
        seen = set()
        while G.result(st) is None:
            key = (st["phase"], st["stage"])
            if key not in seen or rng.below(15) == 0:
                seen.add(key)
                out.append(st)
            prompts = G.prompts(st)
            seat = prompts[rng.below(len(prompts))].seat
            st, _ = G.apply(st, seat, G.random_move(st, seat, rng))
        out.append(st)
    return out


TOKENS = ["play", "cta", "ta", "fracture", "crown", "redis", "advance", "skip", "end", "pass", "conflict", "support",
          "discard", "insight", "recycle", "top", "keep", "standing", "always-pass", "none", "ambush", "P0", "P1",
          "P9", "orb", "sceptre", "C", "C1", "C7", "L1", "S01", "S05", "S30", "S99", "T3", "0", "1", "6", "99", "-1",
          "+1", "+2", "+3", "S03>S04:2", "C>S10:1", "S10>C:9", ">:", "1.5", "\x00", "ü", "", "2 1 3 4", "5"]


def junk_values(rng):
    pool = [None, True, False, 0, -1, 7, 1.5, "", "x", [], {}, [1], ["C", "S01", 1], {"a": 1}, "S05", "C", 99, [[]],
            [["C", "S10", 0]], [["C", "C", 1]], [["S01", "S02", True]], [1, 2, 3, 4], ["+1", "+9"], "always", "none"]
    return pool[rng.below(len(pool))]


def junk_moves(rng):
    types = list({m["type"] for m in EXAMPLES.values()}) + ["attack", "", None, 5]
    for _ in range(60):
        base = dict(EXAMPLES[list(EXAMPLES)[rng.below(len(EXAMPLES))]])
        choice = rng.below(4)
        if choice == 0:
            key = list(base)[rng.below(len(base))]
            base[key] = junk_values(rng)
        elif choice == 1:
            base["extra"] = junk_values(rng)
        elif choice == 2:
            base = {"type": types[rng.below(len(types))]}
        yield base
    for value in (None, 1, "pass", [], [{"type": "pass"}], {"type": {"type": "pass"}}, {"TYPE": "pass"}):
        yield value


def check(state, seat, move):
    try:
        G.apply(state, seat, move)
    except IllegalMove as err:
        assert err.code and err.message and isinstance(err.rule, str) and err.rule.startswith("MM-")
        json.dumps(err.to_json())


def test_fuzz_texts_and_json_moves():
    rng = Rng("fuzz")
    for st in states():
        for seat in list(range(st["players"])) + [-1, st["players"], 99]:
            for _ in range(15):
                words = [TOKENS[rng.below(len(TOKENS))] for _ in range(1 + rng.below(4))]
                text = " ".join(words)
                if 0 <= seat < st["players"]:
                    try:
                        move = G.parse(st, seat, text)
                    except IllegalMove as err:
                        assert err.code == "bad-notation" and err.rule and err.rule.startswith("MM-")
                        continue
                    check(st, seat, move)
            for move in junk_moves(rng):
                check(st, seat, move)
    for seat in (None, True, "0", 1.0):
        check(start(2), seat, {"type": "end"})


def test_refusals_say_what_is_legal_instead():
    st = start(2, board={"S10": [0, 1], "S01": [1, 1]}, castle=[3, 3], active=0)
    with pytest.raises(IllegalMove) as err:
        G.apply(st, 0, {"type": "advance", "to": "S02", "n": 1})
    assert err.value.rule == "MM-ADV-2"
    assert "advance S09 3" in err.value.legal and "end" in err.value.legal


def test_malformed_scenarios_are_refused_cleanly():
    for bad in ([], {"board": {"S01": "x"}}, {"castle": [1]}, {"arts": [["Rage", "Fury", "Greed"]] * 2},
                {"hands": [["9"], None]}, {"tiles": {"S01": "Volcano"}}, {"down": [[0]] * 2}, {"board": 5}):
        with pytest.raises(IllegalMove) as err:
            start(2, **bad) if isinstance(bad, dict) else G.setup(2, G.normalize_options({}), "x", bad)
        assert err.value.code == "bad-scenario"


def test_default_moves_are_legal():
    """The answer applied at a deadline: pass in windows and support, a conflict card, no discard."""
    kinds_seen = set()
    for st in states():
        for prompt in G.prompts(st):
            move = G.default_move(st, prompt.seat)
            if st["phase"] == "main":
                assert move is None
                continue
            kinds_seen.add(st["phase"])
            G.apply(st, prompt.seat, move)
    assert {"window", "commit", "support"} <= kinds_seen


def test_scenario_can_be_passed_by_its_protocol_keyword():
    """core.protocol.Game.setup(players, options, seed, scenario=None): callers may name it."""
    st = G.setup(2, G.normalize_options({}), "kw", scenario={"castle": [7, 1], "active": 1})
    assert st["castle"] == [7, 1] and st["active"] == 1


def test_deadline_default_commits_the_weakest_conflict_card():
    """At a deadline a combatant commits its weakest conflict card (an Ambush counts as its 3.5)."""
    from tests.core.medieval_mastery.battles import attack
    st, _ = attack(4, 2, hands=[["ambush", "3", "5", "+1", "+2"], ["5", "ambush", "4", "+1", "+2"]])
    assert G.default_move(st, 0) == {"type": "conflict", "card": "3"}
    assert G.default_move(st, 1) == {"type": "conflict", "card": "ambush"}

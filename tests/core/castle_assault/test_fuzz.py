"""Fuzz: any text, any JSON value as a move, any seat -> a move or IllegalMove naming a rule."""
import json
import re

import pytest

from core.castle_assault import GAME
from core.castle_assault.notation import check_shape, well_formed
from core.protocol import IllegalMove
from core.rng import Rng

RULE = re.compile(r"^CA-[A-Z]+(-[A-Z]+)?-[0-9]+$")
WORDS = ["attack", "night", "defend", "takeback", "build", "explore", "buy", "academy", "king", "draw",
         "discard", "give", "pass", "join", "react", "remove", "standing", "always-pass", "ask", "join", "react",
         "1/C", "0/W1", "2/W2", "9/W9", "1/W0", "V0", "V69", "V70", "S3", "A13", "A14", "D2", "F0", "C", "W1",
         "W3", "soldier", "gold", "ram", "-1", "2", "99", "\x00", "ü", "{}", "[]", "V", "1/", "/C"]
VALUES = [None, True, False, 0, 1, -1, 2, 99, 1.5, "", "V3", "1/W1", "C", "always", "all", [], ["V3"],
          ["V3", "V3"], [1, 2], {}, {"a": 1}, "x" * 300, ["S1", "A2", "V9"]]
FIELDS = ["type", "target", "cards", "card", "night", "post", "to", "pass", "window", "extra"]
TYPES = ["attack", "night", "defend", "takeback", "build", "explore", "buy", "academy", "king", "draw",
         "discard", "give", "pass", "join", "react", "remove", "standing", "thief", 3, None]


def sample_states():
    """States in every phase: turns, gifts, join/react/remove windows, the end."""
    out = []
    for players in (2, 3, 4):
        for i in range(6):
            state = GAME.setup(players, {"windows": "strict" if i % 2 else "fast"}, f"fuzz-{players}-{i}")
            rng = Rng(f"fuzz:{players}:{i}")
            for step in range(400):
                if step % 9 == 0 or state["phase"] not in ("act",):
                    out.append(state)
                prompts = GAME.prompts(state)
                if not prompts:
                    out.append(state)
                    break
                seat = prompts[0].seat
                state, _ = GAME.apply(state, seat, GAME.random_move(state, seat, rng))
    choice = GAME.setup(3, {}, "fuzz-remove", {"turn": 0, "skip_draw": True,
                                               "hands": {"0": ["catapult", "trebuchet", "soldier", "archer"],
                                                         "1": ["sabotage", "oil"], "2": ["gold"]}})
    choice, _ = GAME.apply(choice, 0, GAME.parse(choice, 0, "attack 1/W1 catapult trebuchet soldier archer"))
    choice, _ = GAME.apply(choice, 1, GAME.parse(choice, 1, "react sabotage oil"))
    out.append(choice)
    return out


STATES = sample_states()


def random_move(rng):
    roll = rng.below(10)
    if roll == 0:
        return VALUES[rng.below(len(VALUES))]
    move = {}
    if rng.below(8):
        move["type"] = TYPES[rng.below(len(TYPES))]
    for _ in range(rng.below(4)):
        move[FIELDS[rng.below(len(FIELDS))]] = VALUES[rng.below(len(VALUES))]
    return move


def check(state, seat, move):
    before = json.dumps(state, sort_keys=True)
    try:
        GAME.apply(state, seat, move)
    except IllegalMove as err:
        assert err.rule and RULE.match(err.rule), (move, err.rule)
        assert err.message and isinstance(err.code, str)
    assert json.dumps(state, sort_keys=True) == before


def test_phases_are_all_sampled():
    assert {s["phase"] for s in STATES} >= {"act", "gift", "join", "react", "remove", "over"}


def test_random_json_moves_only_ever_raise_illegal_move():
    rng = Rng("fuzz-json")
    for i in range(6000):
        state = STATES[rng.below(len(STATES))]
        seat = [0, 1, 2, 3, -1, 7, None, True, "0"][rng.below(9)] if i % 5 == 0 else rng.below(state["players"])
        check(state, seat, random_move(rng))


def test_random_texts_only_ever_raise_illegal_move():
    rng = Rng("fuzz-text")
    for _ in range(6000):
        state = STATES[rng.below(len(STATES))]
        seat = rng.below(state["players"])
        text = " ".join(WORDS[rng.below(len(WORDS))] for _ in range(rng.below(6)))
        try:
            move = GAME.parse(state, seat, text)
        except IllegalMove as err:
            assert err.rule and RULE.match(err.rule) and err.code in ("bad-notation", "not-in-hand")
            continue
        assert GAME.parse(state, seat, GAME.format(move)) == move
        check(state, seat, move)


def test_near_miss_moves_built_from_legal_ones():
    """Legal moves with one card swapped, dropped or doubled: accepted or refused with a rule."""
    rng = Rng("fuzz-near")
    ids = ["V0", "V33", "S1", "A5", "D3", "F2", "V69"]
    for state in STATES[::3]:
        if state["phase"] == "over":
            continue
        seat = GAME.prompts(state)[0].seat
        for move in GAME.legal_moves(state, seat):
            if "pattern" in move:
                continue
            bent = dict(move)
            if "cards" in bent:
                bent["cards"] = bent["cards"] + [ids[rng.below(len(ids))]]
            elif "card" in bent:
                bent["card"] = ids[rng.below(len(ids))]
            check(state, seat, bent)
            check(state, (seat + 1) % state["players"], move)


@pytest.mark.parametrize("seat", [-1, 4, 99, None, "1", 1.0, True])
def test_bad_seats_are_refused(seat):
    with pytest.raises(IllegalMove) as err:
        GAME.apply(STATES[0], seat, {"type": "pass"})
    assert err.value.code == "bad-seat"


@pytest.mark.parametrize("scenario", [
    [], {"hands": []}, {"hands": {"0": "soldier"}}, {"hands": {"7": []}}, {"posts": {"1": {"W9": {}}}},
    {"posts": {"1": []}}, {"village_top": ["dragon-egg"]}, {"hands": {"0": ["F0"]}}, {"turn": "x"},
    {"hands": {"0": ["V1"], "1": ["V1"]}}, {"loot": {"0": [None]}}, {"eliminated": [None]},
    {"hands": {"0": ["ambush"] * 15}},
])
def test_malformed_scenarios_are_refused_as_bad_scenario(scenario):
    with pytest.raises(IllegalMove) as err:
        GAME.setup(2, {}, "s", scenario)
    assert err.value.code == "bad-scenario"


def test_every_listed_legal_move_is_accepted():
    """legal_moves never lists a move apply refuses (patterns aside), for the prompted seat and others."""
    checked = 0
    for state in STATES[::2]:
        for seat in range(state["players"]):
            for move in GAME.legal_moves(state, seat):
                if "pattern" in move:
                    continue
                GAME.apply(state, seat, move)
                checked += 1
    assert checked > 1000


def test_the_quick_shape_test_accepts_exactly_what_the_full_check_accepts():
    """notation.well_formed (the fast path of every move) agrees with the MOVES table and the id
    checks: on legal moves, on random JSON, and on legal moves with one field changed."""
    rng = Rng("fuzz-shape")
    moves = [m for state in STATES[::5] for seat in range(state["players"]) for m in GAME.legal_moves(state, seat)
             if "pattern" not in m]
    moves += [random_move(rng) for _ in range(3000)]
    for move in list(moves[:400]):
        if isinstance(move, dict):
            changed = dict(move)
            changed[FIELDS[rng.below(len(FIELDS))]] = VALUES[rng.below(len(VALUES))]
            moves.append(changed)
    accepted = 0
    for move in moves:
        try:
            check_shape(move)
            ok = True
        except IllegalMove:
            ok = False
        assert well_formed(move) == ok, move
        accepted += ok
    assert 300 < accepted < len(moves) - 2000


@pytest.mark.rule("CA-TURN-5")
@pytest.mark.rule("CA-MULTI-4")
def test_every_phase_asks_and_answers_as_its_decision_record_declares():
    """Issue 25: each phase is one core.phase.Decision record (phases/), so the prompt's kind is
    the record's, every concrete legal answer is of a move type it takes, and every other move
    type is refused naming its rule (or the out_of_place rule of that move type)."""
    from core.castle_assault.phases import DECISIONS

    assert set(DECISIONS) == {"act", "gift", "join", "react", "remove"}
    for state in STATES:
        if state["phase"] == "over":
            continue
        decision = DECISIONS[state["phase"]]
        [prompt] = GAME.prompts(state)
        assert prompt.kind == decision.prompt
        answers = {m["type"] for m in GAME.legal_moves(state, prompt.seat) if "type" in m} - {"standing"}
        assert answers and answers <= decision.moves
        for kind, move in WELL_FORMED.items():
            if kind in decision.moves:
                continue
            with pytest.raises(IllegalMove) as err:
                GAME.apply(state, prompt.seat, move)
            misplaced = decision.out_of_place.get(kind)
            assert err.value.rule == (misplaced.rule if misplaced else decision.rule)


# A well-formed move of each type that answers some decision, whatever its cards.
WELL_FORMED = {"pass": {"type": "pass"}, "join": {"type": "join", "cards": []}, "react": {"type": "react", "cards": []},
               "give": {"type": "give", "to": 0, "cards": []}, "remove": {"type": "remove", "card": "V1"},
               "discard": {"type": "discard", "card": "V1"}, "draw": {"type": "draw"}}

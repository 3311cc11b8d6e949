"""The reference game (core/reference, Race to 21) beyond what the conformance tests check of
every game: its rules, its option read through the one reader, its scenario, its resignation and
result codes, and the bots' half of hidden information (known_state, sample_state, the levels)."""
from __future__ import annotations

import json

import pytest

from core import games
from core.bots.levels import LEVELS, Bot, Budget
from core.protocol import IllegalMove
from core.reference import GAME, VALUES
from core.rng import Rng


def test_the_reference_game_is_declared_but_not_offered():
    facts = games.facts(GAME.name)
    assert facts.game is GAME and not facts.offered
    assert GAME.name not in games and GAME.name not in list(games)
    assert facts.glossary.explain("t4")["text"].startswith("A card worth 5")
    assert hasattr(facts.bots, "evaluate")


@pytest.mark.rule("TOY-2")
def test_a_card_played_adds_its_value_and_is_replaced_from_the_deck():
    state = GAME.setup(2, {}, "turn", {"hands": [["t0", "t4"], ["t1"]], "total": 3})
    after, events = GAME.apply(state, 0, {"play": "t4"})
    assert after["total"] == 3 + VALUES["t4"] and "t4" not in after["hands"][0]
    assert len(after["hands"][0]) == 2 and after["deck"] == state["deck"][1:]
    assert events[1].to == (0,)  # only the drawer learns the card drawn
    assert state["total"] == 3, "apply changed its input"
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(after, 1, {"pass": True})  # seat 1 holds a card: no pass
    assert (refused.value.code, refused.value.rule, refused.value.legal) == ("not-in-hand", "TOY-2", ["play t1"])


@pytest.mark.rule("TOY-1")
def test_one_seat_decides_at_a_time_and_the_preamble_names_the_games_rules():
    state = GAME.setup(3, {}, "preamble")
    for seat, move, code, rule in ((1, {"play": state["hands"][1][0]}, "not-your-turn", "TOY-1"),
                                   (3, {"pass": True}, "bad-seat", "TOY-1"),
                                   (0, {"pass": 1}, "bad-move", "TOY-2"),
                                   (0, {"play": "t1", "note": "x"}, "bad-move", "TOY-2")):
        with pytest.raises(IllegalMove) as refused:
            GAME.apply(state, seat, move)
        assert (refused.value.code, refused.value.rule) == (code, rule)
    with pytest.raises(IllegalMove, match=r"it is \{P0\}'s turn"):
        GAME.apply(state, 2, {"pass": True})


def test_the_target_option_is_read_through_the_one_reader():
    state = GAME.setup(2, {"target": "5"}, "target", {"hands": [["t4"], ["t0"]]})
    assert state["options"] == {"target": 5} and GAME.option_value(state["options"], "target") == 5
    after, _ = GAME.apply(state, 0, {"play": "t4"})
    assert GAME.result(after).code == "target" and GAME.result(after).winners == (0,)
    with pytest.raises(IllegalMove) as refused:
        GAME.setup(2, {"target": 99}, "target")
    assert refused.value.code == "bad-option"


def test_resigning_leaves_the_game_and_the_last_seat_left_wins():
    state = GAME.setup(3, {}, "resign")
    state, _ = GAME.apply(state, 0, {"type": "resign"})
    assert state["hands"][0] == [] and state["turn"] == 1 and GAME.result(state) is None
    state, _ = GAME.apply(state, 1, {"play": state["hands"][1][0]})
    assert state["turn"] == 2  # seat 0's turns are skipped
    state, _ = GAME.apply(state, 1, {"type": "resign"})
    result = GAME.result(state)
    assert (result.winners, result.code) == ((2,), "resigned") and result.code in GAME.result_codes


def test_a_malformed_scenario_is_refused():
    for scenario in ({"hands": [["t0"], ["t0"]]}, {"hands": [["t99"], []]}, {"turn": 5}, {"deck": []}, []):
        with pytest.raises(IllegalMove) as refused:
            GAME.setup(2, {}, "scenario", scenario)
        assert refused.value.code == "bad-scenario"


def positions(count: int):
    rng, made, number = Rng("reference positions"), [], 0
    while len(made) < count:
        players = GAME.min_players + number % (GAME.max_players - GAME.min_players + 1)
        state = GAME.setup(players, {}, f"reference-{number}")
        number += 1
        while GAME.result(state) is None:
            made.append(state)
            seat = GAME.prompts(state)[0].seat
            state, _ = GAME.apply(state, seat, GAME.random_move(state, seat, rng))
    return made[:count]


def test_a_sampled_world_is_one_the_seat_cannot_tell_from_the_real_one():
    rng = Rng("reference worlds")
    for real in positions(150):
        for seat in range(real["players"]):
            known = GAME.known_state(real, seat)
            text = json.dumps(known)
            assert real["seed"] not in text
            assert not [card for card in GAME.hidden_from(real, seat) if f'"{card}"' in text]
            world = GAME.sample_state(json.loads(text), seat, rng)
            assert GAME.view(world, seat) == GAME.view(real, seat)
            assert GAME.known_state(world, seat) == known
            cards = world["deck"] + [card for hand in world["hands"] for card in hand]
            assert len(cards) == len(set(cards)) and set(cards) <= set(VALUES)


def test_every_bot_level_plays_legal_moves_from_knowledge_alone():
    bots = [Bot(GAME, level, Budget(iterations=20)) for level in LEVELS]
    for state in positions(20):
        seat = GAME.prompts(state)[0].seat
        for bot in bots:
            move = bot.choose(GAME.known_state(state, seat), seat, Rng(f"{bot.level}:{state['total']}"))
            GAME.apply(state, seat, move)  # raises IllegalMove if the real game refuses it

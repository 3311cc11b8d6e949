"""The phase contract of core/phase.py (issue 25): a decision declared as data refuses what it
does not take with its rule and what it asks, hands what it takes to `resolve`, and makes its
Prompt once. The engines' own records are checked by their tests (tests/core/castle_assault/)."""
from __future__ import annotations

import pytest

from core import phase
from core.protocol import IllegalMove, Prompt
from core.text import Msg, say

ASKED = say("Play a card.")


def played(state: dict, seat: int, move: dict, events: list) -> str:
    events.append((seat, move["type"]))
    return "done"


TURN = phase.Decision("turn", moves=frozenset({"play", "pass"}), rule="TOY-2", prompt="turn", text=ASKED,
                      legal=lambda state, seat: [], resolve=played,
                      out_of_place={"resign-all": phase.OutOfPlace("TOY-1", say("Not now.")),
                                    "skip": phase.OutOfPlace("TOY-1", say("Never skip."), alone=True, code="no-skip")})


def test_a_move_the_decision_takes_passes_and_is_resolved():
    phase.check(TURN, "play")
    events: list = []
    assert phase.decide(TURN, {}, 1, {"type": "play"}, events) == "done" and events == [(1, "play")]


def test_another_move_is_refused_with_the_rule_and_what_is_asked():
    with pytest.raises(IllegalMove) as err:
        phase.check(TURN, "attack")
    assert (err.value.code, err.value.rule, err.value.message) == ("wrong-move", "TOY-2", "Play a card.")
    assert isinstance(err.value.message, Msg)


def test_an_out_of_place_move_names_where_it_belongs_before_what_is_asked():
    with pytest.raises(IllegalMove) as err:
        phase.check(TURN, "resign-all")
    assert (err.value.rule, err.value.message) == ("TOY-1", "Not now. Play a card.")
    alone = phase.refusal(TURN, "skip")
    assert (alone.code, alone.rule, alone.message) == ("no-skip", "TOY-1", "Never skip.")


def test_what_a_refusal_says_may_come_from_the_position():
    told = phase.Decision("bid", moves=frozenset({"bid"}), rule="TOY-2", prompt="bid", legal=list, resolve=played,
                          describe=lambda state, seat: say("Bid above {top}.", top=state["top"]))
    assert phase.refusal(told, "play", {"top": 7}, 0).message == "Bid above 7."
    wrong = phase.Decision("bid", moves=frozenset({"bid"}), rule="TOY-2", prompt="bid", legal=list, resolve=played,
                           text=say("Bid."), wrong=lambda state: say("Only bids, above {top}.", top=state["top"]))
    assert phase.refusal(wrong, "play", {"top": 3}).message == "Only bids, above 3."


def test_a_prompt_is_made_once_per_decision_seat_and_sentence():
    first = phase.prompt(TURN, 2)
    assert first == Prompt(2, "turn", "Play a card.") and phase.prompt(TURN, 2) is first


def test_a_registry_holds_each_kind_once():
    assert phase.registry([TURN]) == {"turn": TURN}
    with pytest.raises(AssertionError):
        phase.registry([TURN, TURN])


def test_a_rule_read_from_the_position_names_the_refusal():
    staged = phase.Decision("step", moves=frozenset({"go"}), rule="TOY-2", prompt="turn", text=ASKED, legal=list,
                            resolve=played, rule_now=lambda state, seat: "TOY-3" if state["late"] else "TOY-2")
    assert phase.rule_of(staged, {"late": True}, 0) == "TOY-3" and phase.rule_of(TURN) == "TOY-2"
    assert phase.refusal(staged, "stop", {"late": True}, 0).rule == "TOY-3"

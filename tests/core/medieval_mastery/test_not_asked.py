"""A seat that is not asked now is refused with "not-your-turn" naming the rule that decides who
is asked (issue 15): the turn's (MM-TURN-9) on another player's turn, but a Fracture window's
order (MM-ASYNC-2), the combatants' conflict cards (MM-ASYNC-1), the support opportunities
(MM-ASYNC-4) or the rule of the choice being made when one of those asks someone else."""
from __future__ import annotations

import pytest

from core.medieval_mastery import GAME
from core.protocol import IllegalMove
from core.rng import Rng

CHOICE_RULES = {"discard": "MM-ICON-MAYDISCARD", "insight": "MM-ART-INSIGHT", "order": "MM-ART-ORDER",
                "top": "MM-ART-PROSPERITY", "target": "MM-ICON-ANY", "sceptre": "MM-ICON-EQUAL"}


def refusals() -> dict[str, set[str]]:
    """Along random games: for each phase (a choice by its kind), the rules named to seats that
    are not asked when they answer 'pass'."""
    found: dict[str, set[str]] = {}
    for i in range(12):
        players = 2 + i % 5
        st = GAME.setup(players, GAME.normalize_options({"windows": "strict"} if i % 2 else {}), f"asked-{i}")
        rng = Rng(f"asked-{i}")
        while GAME.result(st) is None:
            asked = {p.seat for p in GAME.prompts(st)}
            phase = st["phase"] if st["phase"] != "choice" else st["choice"]["kind"]
            for seat in sorted(set(range(players)) - asked):
                with pytest.raises(IllegalMove) as refused:
                    GAME.apply(st, seat, {"type": "pass"})
                assert refused.value.code == "not-your-turn"
                found.setdefault(phase, set()).add(refused.value.rule)
            seat = sorted(asked)[rng.below(len(asked))]
            st, _ = GAME.apply(st, seat, GAME.random_move(st, seat, rng))
    return found


FOUND = {}


def found() -> dict[str, set[str]]:
    if not FOUND:
        FOUND.update(refusals())
    return FOUND


@pytest.mark.parametrize("phase,rule", [
    pytest.param("main", "MM-TURN-9", marks=pytest.mark.rule("MM-TURN-9")),
    pytest.param("window", "MM-ASYNC-2", marks=pytest.mark.rule("MM-ASYNC-2")),
    pytest.param("commit", "MM-ASYNC-1", marks=pytest.mark.rule("MM-ASYNC-1")),
    pytest.param("support", "MM-ASYNC-4", marks=pytest.mark.rule("MM-ASYNC-4")),
    pytest.param("discard", "MM-ICON-MAYDISCARD", marks=pytest.mark.rule("MM-ICON-MAYDISCARD")),
    pytest.param("sceptre", "MM-ICON-EQUAL", marks=pytest.mark.rule("MM-ICON-EQUAL")),
])
def test_a_seat_not_asked_is_told_the_rule_that_asks_another(phase, rule):
    assert found()[phase] == {rule}


@pytest.mark.rule("MM-TURN-9")
def test_the_message_still_says_who_is_awaited():
    st = GAME.setup(2, GAME.normalize_options({}), "asked")
    other = 1 - st["active"]
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(st, other, {"type": "end"})
    assert refused.value.rule == "MM-TURN-9" and f"turn of P{st['active']}" in refused.value.message


@pytest.mark.rule("MM-ICON-ANY")
def test_every_choice_names_its_own_rule():
    """Whatever choice the random games reached (a crown's target, Insight, Order, Prosperity too)."""
    for kind, rules in found().items():
        if kind in CHOICE_RULES:
            assert rules == {CHOICE_RULES[kind]}, kind

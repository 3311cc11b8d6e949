"""Medieval Mastery's decisions are core.phase records (issue 25): along random games, the seat
asked is prompted with its decision's record, offered that record's answers, and a move of any
other type is refused before anything changes, with code `not-now` and the rule of what is asked:
the turn's step (MM-TURN-2, MM-TURN-4, MM-TURN-10, MM-ART-VITALITY), the conflict cards
(MM-COMBAT-4), the support opportunity (MM-COMBAT-5), the choice's own rule, and in a Fracture
window the rule that nothing else happens while it is open (MM-TURN-11)."""
from __future__ import annotations

import pytest

from core.medieval_mastery import GAME
from core.medieval_mastery.notation import MOVES
from core.medieval_mastery.phases import DECISIONS, current_rule, decision_of
from core.phase import prompt
from core.protocol import IllegalMove
from core.rng import Rng

SAMPLES = {"play": {"card": "cta"}, "fracture": {"player": 1, "artefact": "orb"}, "target": {"player": 0},
           "redis": {"moves": [["C", "S01", 1]]}, "advance": {"to": "S01", "n": 1}, "conflict": {"card": "none"},
           "support": {"cards": ["+1"]}, "discard": {"card": "none"}, "insight": {"order": [1]},
           "recycle": {"card": "fracture"}, "top": {"keep": True}, "sceptre": {"use": True}}


def test_every_decision_is_registered_once_with_a_rule_and_its_answers():
    assert set(DECISIONS) == {"main", "window", "commit", "support", "discard", "insight", "order", "top", "target",
                              "sceptre"}
    for decision in DECISIONS.values():
        assert decision.moves <= set(MOVES) and decision.rule.startswith("MM-") and decision.code == "not-now"


@pytest.mark.parametrize("game", range(6))
def test_the_seat_asked_is_prompted_offered_and_refused_by_its_record(game):
    players = 2 + game % 5
    st = GAME.setup(players, GAME.normalize_options({}), f"records-{game}")
    rng = Rng(f"records-{game}")
    for _ in range(300):
        if GAME.result(st) is not None:
            break
        seat = GAME.prompts(st)[0].seat
        decision = decision_of(st)
        assert GAME.prompts(st)[0] == prompt(decision, seat, st, seat)
        assert GAME.legal_moves(st, seat)[:len(decision.legal(st, seat))] == decision.legal(st, seat)
        for kind in sorted(set(MOVES) - decision.moves - {"standing"}):
            with pytest.raises(IllegalMove) as refused:
                GAME.apply(st, seat, {"type": kind, **SAMPLES.get(kind, {})})
            rule = "MM-TURN-11" if st["phase"] == "window" else current_rule(st, seat)
            assert (refused.value.code, refused.value.rule) == ("not-now", rule), kind
        st, _ = GAME.apply(st, seat, GAME.random_move(st, seat, rng))

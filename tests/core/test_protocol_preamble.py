"""The checks every game makes before its own work (`Game.apply`), once in core/protocol.py:
in a fixed order, with stable codes and the game's rule IDs."""
import pytest

from core.movespec import MoveSpec, check_move
from core.protocol import Event, Game, IllegalMove, Prompt, Result

MOVES = {"step": MoveSpec(type="step"), "standing": MoveSpec(type="standing")}


class Steps(Game):
    """Seats take turns stepping; the third step ends the game."""

    name, title, min_players, max_players = "steps", "Steps", 2, 3
    preamble_rules = {"bad-seat": "S-1", "game-over": "S-2", "not-your-turn": "S-3", "bad-move": "S-4"}

    def player_count(self, state):
        return state["players"]

    def check_shape(self, state, seat, move):
        check_move(MOVES, move, self.preamble_rules["bad-move"])

    def prompts(self, state):
        return [] if state["steps"] >= 3 else [Prompt(state["steps"] % state["players"], "turn", "Step.")]

    def result(self, state):
        if state["steps"] < 3:
            return None
        return Result(((state["steps"] - 1) % state["players"],), "Three steps.", "third-step")

    def apply_standing(self, state, seat, move):
        return state, [Event("Noted.", (seat,))]

    def apply_decision(self, state, seat, move):
        return {**state, "steps": state["steps"] + 1}, [Event(f"{{P{seat}}} steps.")]


def rule_of(state, seat, move):
    with pytest.raises(IllegalMove) as err:
        Steps().apply(state, seat, move)
    return err.value.code, err.value.rule


def test_each_check_has_its_code_and_the_games_rule():
    start, over = {"players": 2, "steps": 0}, {"players": 2, "steps": 3}
    assert rule_of(start, 2, {"type": "step"}) == ("bad-seat", "S-1")
    assert rule_of(start, True, {"type": "step"}) == ("bad-seat", "S-1")
    assert rule_of(start, 0, {"type": "jump"}) == ("bad-move", "S-4")
    assert rule_of(over, 0, {"type": "step"}) == ("game-over", "S-2")
    assert rule_of(start, 1, {"type": "step"}) == ("not-your-turn", "S-3")
    assert Steps().apply(start, 0, {"type": "step"})[0]["steps"] == 1


def test_the_not_your_turn_sentence_says_who_is_asked():
    with pytest.raises(IllegalMove, match="waiting for seat 0"):
        Steps().apply({"players": 2, "steps": 0}, 1, {"type": "step"})


def test_standing_answers_are_taken_from_any_seat_at_any_time_but_a_finished_game():
    assert Steps().apply({"players": 2, "steps": 0}, 1, {"type": "standing"})[1][0].text == "Noted."
    assert rule_of({"players": 2, "steps": 3}, 1, {"type": "standing"}) == ("game-over", "S-2")


def test_a_game_without_resignation_says_so():
    assert rule_of({"players": 2, "steps": 0}, 0, {"type": "resign"}) == ("bad-move", "S-4")


def test_a_result_carries_a_stable_reason_code():
    result = Steps().result({"players": 2, "steps": 3})
    assert result.to_json() == {"winners": [0], "reason": "Three steps.", "code": "third-step"}


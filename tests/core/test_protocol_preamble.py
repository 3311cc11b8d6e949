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

    # The rest of the protocol, which these tests never reach.
    def setup(self, players, options, seed, scenario=None, *, rules_version=None):
        return {"players": players, "steps": 0}

    def legal_moves(self, state, seat):
        return [{"type": "step"}]

    def random_move(self, state, seat, rng):
        return {"type": "step"}

    def view(self, state, seat):
        return dict(state)

    def parse(self, state, seat, text):
        return {"type": text}

    def format(self, move):
        return move["type"]

    def to_json(self, state):
        return dict(state)

    def from_json(self, data):
        return dict(data)

    def render(self, view, seat):
        return f"{view['steps']} steps"


def test_a_game_must_implement_the_protocol():
    """An engine that leaves out part of the protocol fails when it is made, not mid-game."""
    class Half(Game):
        def setup(self, players, options, seed, scenario=None, *, rules_version=None):
            return {}

    with pytest.raises(TypeError, match="abstract"):
        Half()


def test_a_missing_preamble_hook_is_named():
    class NoHooks(Steps):
        player_count = Game.player_count

    with pytest.raises(NotImplementedError, match="player_count"):
        NoHooks().apply({"players": 2, "steps": 0}, 0, {"type": "step"})


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


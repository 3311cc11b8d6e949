"""Resigning from Medieval Mastery with three or more players (core/medieval_mastery/resign.py):
the leaving player's knights, cards and artefacts leave play, their turns pass, the last
player left wins."""
from __future__ import annotations

import pytest

from core import games, resign
from core.medieval_mastery import flow
from core.protocol import IllegalMove
from core.rng import Rng
from tests.core.playout import play

GAME = games["medieval-mastery"]
RESIGN = dict(resign.MOVE)


def at_main_step(players: int, seed: str, moves: int = 30):
    """A state after some random moves, at some seat's main step (no battle, window or choice)."""
    state, rng = GAME.setup(players, GAME.normalize_options({}), seed), Rng(seed)
    for _ in range(moves):
        seat = GAME.prompts(state)[0].seat
        state, _ = GAME.apply(state, seat, GAME.random_move(state, seat, rng))
    while state["phase"] != "main":
        seat = GAME.prompts(state)[0].seat
        state, _ = GAME.apply(state, seat, GAME.random_move(state, seat, rng))
    return state


def resigning_once(after: int, resigned: list):
    """Random moves; from move `after` on, the first seat that may resigns."""
    count = [0]

    def choose(game, state, seat, rng):
        count[0] += 1
        if not resigned and count[0] > after and state["phase"] == "main":
            resigned.append(seat)
            return dict(RESIGN)
        return game.random_move(state, seat, rng)

    return choose


@pytest.mark.rule("MM-WIN-2")
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", ["a", "b"])
def test_the_others_play_on_and_the_resigned_seat_is_never_asked_again(players, seed):
    resigned: list[int] = []

    def never_asked(state):
        if resigned:
            assert resigned[0] not in [prompt.seat for prompt in GAME.prompts(state)]
            assert GAME.result(state) is not None or state["active"] != resigned[0]

    out = play(GAME, players, f"mm-resign-{seed}", chooser=resigning_once(40, resigned),
               invariants=never_asked, max_moves=4000)
    assert resigned and out.state["gone"] == resigned
    if out.ended:
        assert resigned[0] not in GAME.result(out.state).winners


@pytest.mark.rule("MM-OPT-LIFEANDDEATH-1")
@pytest.mark.rule("MM-EDGE-8")
@pytest.mark.rule("MM-SETUP-4")
@pytest.mark.rule("MM-EDGE-10")
def test_the_leaving_players_knights_cards_and_artefacts_leave_play():
    state = at_main_step(3, "holdings")
    seat = (state["active"] + 1) % 3  # not the player whose turn it is
    held = [slot for slot, owner in enumerate(state["owner"]) if owner == seat]
    after, events = GAME.apply(state, seat, GAME.parse(state, seat, "resign"))
    assert held and all(after["owner"][slot] == -1 and after["knights"][slot] == 0 for slot in held)
    assert after["castle"][seat] == 0
    assert after["hand"][seat] == after["deck"][seat] == after["discard"][seat] == []
    assert all(not flow.is_up(after, seat, t) for t in range(3))  # face down: no ability, no Fracture target
    assert after["standing"][seat] == "always" and after["gone"] == [seat]
    assert after["active"] == state["active"] and after["phase"] == "main"  # the turn goes on
    assert any("leave the map" in e.text for e in events)


@pytest.mark.rule("MM-TURN-9")
def test_the_active_player_resigning_ends_their_turn_and_their_turns_are_passed_over():
    state = at_main_step(3, "turns")
    active = state["active"]
    after, _ = GAME.apply(state, active, dict(RESIGN))
    assert after["active"] == (active + 1) % 3 and after["gone"] == [active]
    turns = []
    while len(turns) < 4:  # the two others take turns, the resigned seat never
        seat = GAME.prompts(after)[0].seat
        before = after["turn"]
        after, _ = GAME.apply(after, seat, GAME.default_move(after, seat) or {"type": "end"})
        if after["turn"] != before:
            turns.append(after["active"])
    assert active not in turns and after["castle"][active] == 0
    with pytest.raises(IllegalMove) as again:
        GAME.apply(after, active, dict(RESIGN))
    assert again.value.code == "already-out"


@pytest.mark.rule("MM-WIN-2")
def test_the_last_player_left_wins():
    state = at_main_step(3, "last")
    first = (state["active"] + 1) % 3
    state, _ = GAME.apply(state, first, dict(RESIGN))
    second = (first + 1) % 3
    over, _ = GAME.apply(state, second, dict(RESIGN))
    assert GAME.result(over).winners == (3 - first - second,)


@pytest.mark.rule("MM-TURN-11")
def test_not_while_a_battle_window_or_choice_runs_nor_in_a_team_game():
    state, rng = GAME.setup(3, GAME.normalize_options({}), "busy"), Rng("busy")
    while state["phase"] == "main":
        seat = GAME.prompts(state)[0].seat
        state, _ = GAME.apply(state, seat, GAME.random_move(state, seat, rng))
    with pytest.raises(IllegalMove) as busy:
        GAME.apply(state, GAME.prompts(state)[0].seat, dict(RESIGN))
    assert busy.value.code == "battle-pending" and busy.value.rule == "MM-TURN-11"
    teams = GAME.setup(4, GAME.normalize_options({"teams": "2"}), "teams")
    with pytest.raises(IllegalMove) as team:
        GAME.apply(teams, 0, dict(RESIGN))
    assert team.value.code == "resign-not-possible"

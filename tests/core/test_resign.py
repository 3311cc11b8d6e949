"""Resigning in every game: a random game in which one seat resigns partway, played to its end
with the protocol's checks after every move (views, notation, replay from seed and moves).

Rules: CA-END-3, CA-MULTI-7, CA-MULTI-13, CA-MULTI-14 (Castle Assault); WQ-END-1, WQ-END-2,
WQ-END-4 (Wizard's Quest); MM-WIN-2 (Medieval Mastery).
"""
from __future__ import annotations

import pytest

from core import games, resign
from core.protocol import IllegalMove
from tests.core.playout import play


def resigning_chooser(after: int, gone: list):
    """Random moves, except that the first seat prompted from move `after` on resigns (once)."""
    count = [0]

    def choose(game, state, seat, rng):
        count[0] += 1
        if not gone and count[0] > after:
            try:
                game.apply(state, seat, dict(resign.MOVE))
            except IllegalMove:
                pass  # not now (a battle of theirs is being fought, the setup): later
            else:
                gone.append(seat)
                return dict(resign.MOVE)
        return game.random_move(state, seat, rng)

    return choose


def never_asked_again(game, gone):
    def check(state):
        if gone and game.result(state) is None:
            assert game.is_out(state, gone[0]), "a resigned seat is not out"
            assert gone[0] not in {p.seat for p in game.prompts(state)}, "a resigned seat is asked to play"
    return check


# The move after which a seat resigns: some random two-player games end sooner than 40 moves,
# and a small game (Nim) may end within a few, so a game not listed resigns early.
AFTER = {"castle-assault": 20, "medieval-mastery": 20, "wizards-quest": 40}
EARLY = 2
# The player counts each game is tried with: these, else its fewest and most.
COUNTS = {"castle-assault": (2, 3, 4), "wizards-quest": (2, 3, 5), "medieval-mastery": (2,)}
CASES = [(name, players) for name in sorted(games)
         for players in COUNTS.get(name, sorted({games[name].min_players, games[name].max_players}))]


@pytest.mark.rule("CA-MULTI-14")
@pytest.mark.rule("WQ-END-4")
@pytest.mark.parametrize("ruleset,players", CASES)
@pytest.mark.parametrize("seed", ["r1", "r2"])
def test_a_game_with_a_resignation_plays_on_to_a_proper_end(ruleset, players, seed):
    game = games[ruleset]
    gone: list[int] = []
    out = play(game, players, f"resign-{seed}", chooser=resigning_chooser(AFTER.get(ruleset, EARLY), gone),
               invariants=never_asked_again(game, gone), max_moves=3000)
    assert gone, "nobody managed to resign"
    if players == 2:
        assert out.ended and game.result(out.state).winners == (1 - gone[0],)
    elif out.ended:
        assert gone[0] not in game.result(out.state).winners


@pytest.mark.rule("CA-MULTI-13")
def test_castle_assault_resigner_fortress_leaves_play_and_cards_are_discarded():
    game = games["castle-assault"]
    state = game.setup(3, game.normalize_options({"first-player": 0}), "ca3")
    seat = 2
    hand = list(state["hands"][seat])
    after, events = game.apply(state, seat, {"type": "resign"})
    assert not after["alive"][seat] and after["posts"][seat] == [] and after["hands"][seat] == []
    assert set(hand) <= set(after["discard"])
    assert any("resigns" in e.text for e in events)
    assert game.result(after) is None  # two castles remain
    with pytest.raises(IllegalMove):
        game.apply(after, seat, {"type": "resign"})


def test_the_resign_notation_round_trips_in_every_game():
    for facts in games.every():
        game = facts.game
        state = game.setup(game.min_players, game.normalize_options({}), "n")
        move = game.parse(state, 0, "  Resign ")
        assert move == {"type": "resign"} and game.format(move) == "resign"
        with pytest.raises(IllegalMove):
            game.apply(state, 0, {"type": "resign", "extra": 1})

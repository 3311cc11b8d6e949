"""A move never changes the state it was applied to, nor any earlier one (CA-GEN: the state
model, core/castle_assault/state.py: a state is copied, never mutated).

`clone` copies only part of a state; every zone a move changes is copied on write by whoever
changes it (own, own_posts, own_post, own_loot, own_standing). A writer that forgets
to take its copy would change earlier states that share the zone, so these games keep every
state they pass through with its JSON text as it was made, and check all of them after every
move (hands, posts, loot and standing change in many places: draws, spending, attacks, joins,
reactions, loot, eliminations with spoils, gifts, resignations)."""
import json

import pytest

from core.castle_assault import GAME as G
from core.protocol import Game
from core.rng import Rng


def text(state) -> str:
    return json.dumps(state, sort_keys=True)


GAMES = [(players, options) for players in (2, 3, 4)
         for options in ({}, {"spoils": "all", "join-loot": "all", "windows": "strict"},
                         {"reshuffle": "remove", "defeated-defender": "discarded", "gift": "one"})]


@pytest.mark.rule("CA-MULTI-7", "CA-MULTI-9", "CA-MULTI-12", "CA-LOOT-3", "CA-ACT-DEFEND-1", "CA-GEN-5")
@pytest.mark.parametrize("players,options", GAMES)
def test_no_move_changes_an_earlier_state(players, options):
    for game in range(3):
        state = G.setup(players, options, f"copies-{players}-{game}")
        rng = Rng(f"copies-player-{players}-{game}", scheme=2)
        kept = [(state, text(state))]
        resigned = players == 2
        for _step in range(400):
            if G.result(state) is not None:
                break
            prompts = G.prompts(state)
            seat = prompts[rng.below(len(prompts))].seat
            move = G.random_move(state, seat, rng)
            if _step >= 150 and not resigned and state["phase"] == "act":
                move, seat, resigned = {"type": "resign"}, state["turn"], True   # a seat leaves (CA-MULTI-7)
            state, _ = G.apply(state, seat, move)
            kept.append((state, text(state)))
            # the states a move may share zones with: checked after every move
            for old, was in kept[-40:]:
                assert text(old) == was
        for old, was in kept:
            assert text(old) == was


def test_the_full_loop_leaves_every_state_as_it_was():
    """The protocol's own loop, as bench_engines plays it, over one game per player count."""
    for players in (2, 3, 4):
        start = G.setup(players, {"spoils": "all"}, f"loop-{players}")
        was = text(start)
        Game.random_playout(G, start, Rng(f"loop-{players}", scheme=2), 2000)
        assert text(start) == was

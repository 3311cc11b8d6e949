"""A preview shown in full depends on nothing the mover cannot know (issue 24).

From random positions of every ruleset (random games with fixed seeds, the bot tests'
`positions`, over the player counts and options that change what is hidden), for the prompted
seat and some of its moves: wherever `server.table.preview.outcome` shows the outcome, the same move
in other worlds that seat cannot tell from the real one (the bots' `sample_state`) must show it
the very same events, view, prompts and result. Otherwise a dry run shows a hidden card (an
explorer's Dungeon card) before the player commits. The test is told of no particular move:
it tries the moves a player may list (`legal_moves`) and the random player's.
"""
from __future__ import annotations

import pytest

from core import chance, games
from core.protocol import IllegalMove
from core.rng import Rng
from server.table import preview
from tests.core.bots.positions import CONFIGS, positions

RULESETS = sorted(CONFIGS)
MOVES_PER_POSITION = 3     # listed moves tried at each position, beside the random player's
WORLDS = 4                 # other worlds each shown preview is compared in


def moves_to_try(game, state, seat: int, rng: Rng) -> list[dict]:
    """A listed move of each of a few kinds (the notation's first word: explore, draw, ...),
    so that a rare kind is tried as often as a common one, and the random player's move."""
    by_kind: dict[str, list] = {}
    for move in game.legal_moves(state, seat):
        if "pattern" not in move:
            by_kind.setdefault(game.format(move).split()[0], []).append(move)
    kinds = rng.shuffle(sorted(by_kind))[:MOVES_PER_POSITION]
    return [rng.choice(by_kind[kind]) for kind in kinds] + [game.random_move(state, seat, rng)]


def seen_in_world(game, world, seat: int, move: dict):
    try:
        trial = chance.trial(game, game.preview_state(world), seat, move, watch=[seat])
    except IllegalMove as exc:  # legal in the real world: a refusal here tells a hidden fact too
        return ("refused", exc.code)
    return preview.seen_after(game, trial, seat, [seat])


def leaks(ruleset: str, count: int, seed: str) -> tuple[list[str], int]:
    """The previews shown that some other world of the seat's would show differently, and how
    many previews were shown in all."""
    game = games[ruleset]
    rng = Rng(f"preview-worlds:{ruleset}:{seed}")
    found, shown = [], 0
    for state in positions(ruleset, count, rng):
        if game.result(state) is not None:
            continue
        seat = game.prompts(state)[0].seat
        known = game.known_state(state, seat)
        for move in moves_to_try(game, state, seat, rng):
            seen = preview.outcome(game, state, seat, move)
            if seen is None:
                continue
            shown += 1
            for _ in range(WORLDS):
                world = game.sample_state(known, seat, rng)
                if seen_in_world(game, world, seat, move) != seen:
                    found.append(f"{game.format(move)!r} by seat {seat}")
                    break
    return found, shown


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_preview_shown_is_the_same_in_every_world_the_mover_cannot_rule_out(ruleset):
    found, shown = leaks(ruleset, 50, "fast")
    assert shown > 25  # plenty of moves are shown in full in every game
    assert not found, f"{len(found)} previews show what the mover cannot know, e.g. {found[:5]}"


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RULESETS)
def test_many_previews_shown_are_the_same_in_every_world(ruleset):
    found, shown = leaks(ruleset, 500, "slow")
    assert not found, f"{len(found)} previews show what the mover cannot know, e.g. {found[:5]}"

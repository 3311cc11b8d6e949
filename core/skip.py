"""Skipping a seat at a passed deadline (a game's `on_timeout: skip`): only where the game's
rules let a player end their turn, or the part of it they are in, without doing anything more.

* Medieval Mastery: every step after MM-TURN-1 is optional (MM-TURN-2..9; "Advancing is
  optional", MM-ADV-1), so a skipped seat skips the rest of its manoeuvre (`skip`, MM-TURN-10)
  and ends its turn (`end`, MM-TURN-9). The three knights of MM-TURN-1 were placed when the
  turn began, as the rules do.
* Wizard's Quest: a player's campaigns and card plays are optional (WQ-CAMP-1): the seat ends
  the step it is in (`done`, `end`, `break`), as the game's own default answer already does.
* Castle Assault: no skip. "The action is compulsory: a player cannot pass" (CA-TURN-3).
  A game without `skip_moves` (Game) refuses `skip` when it is created.

A seat asked something other than a turn action (a reaction window, a conflict card) gets the
game's default answer first (`Game.default_move`), as with `default`.
"""
from __future__ import annotations

from core.protocol import Game, State


def allows_skip(game: Game) -> bool:
    return bool(game.skip_moves)


def skip_move(game: Game, state: State, seat: int) -> dict | None:
    """The move that skips what `seat` is asked now: its default answer, else the first legal
    move of its game's `skip_moves`; None where the rules give none."""
    move = game.default_move(state, seat)
    if move is not None:
        return move
    legal = game.legal_moves(state, seat)
    return next((wanted for wanted in game.skip_moves if wanted in legal), None)

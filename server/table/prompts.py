"""Which prompts a caller may be shown.

In a "fast" out-of-turn window a game prompts only the seats that hold an answer, so
another seat's reaction/join/choice prompt would tell what that seat holds. Whose *turn*
it is, is public at any table: a prompt of kind `turn` is shown to everyone; any other
prompt only to the player holding that seat. (The game's own view says, from public
facts, what the game waits for.) A game with no such window declares its prompts public
(`Game.public_prompts`, Wizard's Quest): every seat is shown every prompt, as its board
already says them.
"""
from __future__ import annotations

from collections.abc import Iterable

from core import games
from core.protocol import PUBLIC_PROMPT_KINDS as PUBLIC_KINDS  # (Game.shown_to, the engines' refusals, test alike)


def visible(prompted: Iterable[dict], own_seats: Iterable[int], ruleset: str) -> list[dict]:
    """The prompts among `prompted` ({seat, kind, ...}) of a game of `ruleset` that a holder
    of `own_seats` may see."""
    if public(ruleset):
        return list(prompted)
    own = set(own_seats)
    return [p for p in prompted if p["kind"] in PUBLIC_KINDS or p["seat"] in own]


def public(ruleset: str) -> bool:
    """Whether every prompt of this ruleset's games may be shown to every seat (an unknown
    ruleset's: no)."""
    return ruleset in games and games[ruleset].public_prompts


def seats_held_with(seat: int, seats) -> list[int]:
    """Every seat held by the player in `seat` (a solo tester may hold several)."""
    player = next((s.player for s in seats if s.seat == seat), None)
    return [s.seat for s in seats if s.player == player] if player is not None else [seat]

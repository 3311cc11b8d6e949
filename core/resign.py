"""Resigning: one move kind shared by every game, `{"type": "resign"}`, written `resign`.

Each engine decides what a resignation does under its own rules (`core/<game>/resign.py`):
with two players the other one wins; with more, the resigning seat leaves the game the way
its rules remove an eliminated player, and the game ends when one player is left. The move
is an ordinary logged move, so `verify` replays it. No stored game contains it, and an
engine adds state only when a resignation happens, so old games keep their hashes.
"""
from __future__ import annotations

from core.records import IllegalMove
from core.text import say

MOVE = {"type": "resign"}
NOTATION = "resign"


def is_resign(move) -> bool:
    return isinstance(move, dict) and move.get("type") == "resign"


def check(move, rule: str | None = None) -> None:
    """A resign move carries nothing else; a refusal names `rule`, the game's rule for a move's
    shape (resigning is the table's, not in any original)."""
    if set(move) != {"type"}:
        raise IllegalMove("bad-move", say("A resignation is written 'resign' and carries nothing else."), rule)


def parse(text: str) -> dict | None:
    """The move for 'resign', else None (the game's own notation reads the text)."""
    return dict(MOVE) if " ".join(str(text).split()).lower() == NOTATION else None


def other_seats(players: int, seat: int, gone) -> list[int]:
    """The seats still playing once `seat` has gone too."""
    return [s for s in range(players) if s != seat and s not in gone]

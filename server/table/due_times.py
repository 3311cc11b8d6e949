"""The due times the deadline and reminder scans select by (games.waiting_since, games.due_at).

Written with `games.prompted` wherever it changes (a move, a game's start, a cancellation), so
that `herald server deadlines`, `remind` and `clocks` read only the games that are due through
an index, instead of loading every active game. `due_at` is the earliest deadline among the
prompted seats of a clocked game counted without vacations: a vacation only moves a deadline
later, so a game whose `due_at` has passed is a candidate the scan then checks exactly.
"""
from __future__ import annotations

from datetime import datetime

from server.table import clocks


def columns(game, prompted: list[dict]) -> dict:
    """{"waiting_since", "due_at"} for the games row whose prompted list becomes `prompted`."""
    if not prompted:
        return {"waiting_since": None, "due_at": None}
    due = None
    if game.days_per_move:
        left = clocks.reserves(game)
        due = min(datetime.fromisoformat(p["since"]) + clocks.allowed(game, p, left) for p in prompted)
    return {"waiting_since": min(datetime.fromisoformat(p["since"]) for p in prompted), "due_at": due}

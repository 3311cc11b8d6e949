"""Standing answers (rules §13): a seat may pass every join or reaction window ahead, or be
asked again; any seat may set them at any time, and only that seat hears of it."""
from __future__ import annotations

from core.protocol import Event

from ..state import State, own_standing


def standing(s: State, seat: int, move: dict, events: list) -> None:
    """Set or clear a seat's standing answers; only that seat hears of it."""
    flag = 1 if move["pass"] == "always" else 0
    windows = (0, 1) if move["window"] == "all" else ((0,) if move["window"] == "join" else (1,))
    row = own_standing(s, seat)
    for w in windows:
        row[w] = flag
    what = {"all": "join and reaction windows", "join": "join windows", "react": "reaction windows"}
    answer = "will now pass automatically in" if flag else "will be asked again in"
    events.append(Event(f"Standing answer set: you {answer} {what[move['window']]}.", (seat,)))

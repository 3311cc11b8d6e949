"""Standing answers (rules §13): a seat may pass every join or reaction window ahead, or be
asked again; any seat may set them at any time, and only that seat hears of it."""
from __future__ import annotations

from core.text import say

from ..state import State, own_standing
from core.records import new_event


def standing(s: State, seat: int, move: dict, events: list) -> None:
    """Set or clear a seat's standing answers; only that seat hears of it."""
    flag = 1 if move["pass"] == "always" else 0
    windows = (0, 1) if move["window"] == "all" else ((0,) if move["window"] == "join" else (1,))
    row = own_standing(s, seat)
    for w in windows:
        row[w] = flag
    events.append(new_event((STANDING_EVENTS[flag, move["window"]], (seat,), None)))


# What the seat is told, per answer and window (core.text messages, made once).
STANDING_EVENTS = {
    (1, "all"): say("Standing answer set: you will now pass automatically in join and reaction windows."),
    (1, "join"): say("Standing answer set: you will now pass automatically in join windows."),
    (1, "react"): say("Standing answer set: you will now pass automatically in reaction windows."),
    (0, "all"): say("Standing answer set: you will be asked again in join and reaction windows."),
    (0, "join"): say("Standing answer set: you will be asked again in join windows."),
    (0, "react"): say("Standing answer set: you will be asked again in reaction windows."),
}

"""What a move produces and how it is refused: the records the protocol speaks in that the
rules' helpers (core.resign, core.undo) need without the protocol itself.

`core.protocol` re-exports each, so `from core.protocol import IllegalMove, Event` stays the
public spelling; this module exists so that helpers the protocol calls import no cycle.
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable, Iterable, NamedTuple, cast

from core.text import Joined, Msg, from_json, to_json


def with_message(found: dict, text: Any) -> dict:
    """`found` (a record's JSON) with `msg`, the stored form of its text, where the text is a
    message (core/text.py): the edge renders it in each reader's language; `text` stays English."""
    if isinstance(text, (Msg, Joined)):
        found["msg"] = to_json(text)
    return found


def message_of(data: dict, key: str = "text") -> Any:
    """A record's text back from its JSON: the message where one is stored, else the text."""
    return from_json(data["msg"]) if "msg" in data else data[key]


def without_message(data: dict) -> dict:
    """A record's JSON as shown to a reader: the stored message left out (its text is said)."""
    return {key: value for key, value in data.items() if key != "msg"} if "msg" in data else data


class IllegalMove(Exception):
    """A move the rules forbid: a stable code, a sentence for a player, the rule ID.

    `legal` may carry a few legal alternatives (as notation) when the game knows
    them cheaply; the server adds the full list from `legal_moves` otherwise.
    """

    def __init__(self, code: str, message: str, rule: str | None = None, legal: Iterable[str] | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule
        self.legal = list(legal) if legal is not None else None

    def to_json(self) -> dict:
        return with_message({"code": self.code, "message": self.message, "rule": self.rule, "legal": self.legal},
                            self.message)


def visible(to, seat: int | None) -> bool:
    """May `seat` (None: a spectator) see an event addressed `to` (None: everyone, else seats)?
    Also for events read back as stored JSON, without building an Event for each."""
    return to is None or (seat is not None and seat in to)


class Event(NamedTuple):
    """Something that happened. `to` is None for everyone, or the seats that may see it.

    Text may name seats as {P0}..{P5}; the server puts player names in their place.
    `data` is optional machine-readable detail with the same visibility. (A named tuple, not a
    frozen dataclass: every move makes several, and a tuple is made three times faster.)
    """

    text: str
    to: tuple[int, ...] | None = None
    data: dict | None = None

    def visible_to(self, seat: int | None) -> bool:
        return visible(self.to, seat)

    def to_json(self) -> dict:
        return with_message({"text": self.text, "to": list(self.to) if self.to is not None else None,
                             "data": self.data}, self.text)

    @classmethod
    def from_json(cls, data: dict) -> "Event":
        to = data.get("to")
        return cls(message_of(data), tuple(to) if to is not None else None, data.get("data"))


# new_event((text, to, data)) is Event(text, to, data), made in C: without the named tuple's own
# __new__, a Python function, an event costs about half as many instructions (every move of every
# game makes a few; the engines' hot paths use this, anything else may call Event as usual).
new_event = cast(Callable[[tuple], Event], partial(tuple.__new__, Event))

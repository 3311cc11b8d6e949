"""Text boards laid out by width: a list of pieces (map cells, cards, treasures) spread over as
many lines as it needs, never cut.

Every game's text board is read in terminals and mails about `WIDTH` columns wide. A line cut at
that width hid what it listed (the third card of a hand, the last digit of where a treasure lies,
how to answer a question), so a long list goes on to the next line instead, and a sentence that
cannot be split stays whole. Widths are measured in English, as the engines write the board;
another language's line may come out a little longer or shorter."""
from __future__ import annotations

from typing import Any, Callable, Sequence, TypeVar

from core.text import join

T = TypeVar("T", bound=str)

WIDTH = 100  # the board's columns


def packed(items: Sequence[T], sep: str, first: int, rest: int | None = None) -> list[list[T]]:
    """`items` in order, in groups whose pieces joined by `sep` take at most `first` characters
    (the first group) or `rest` (each later one; `first` if None). A piece longer than its room
    has a group of its own. No items: no groups."""
    rest = first if rest is None else rest
    groups: list[list[T]] = []
    group: list[T] = []
    size, room = 0, first
    for item in items:
        grown = size + len(sep) + len(item) if group else len(item)
        if group and grown > room:
            groups.append(group)
            group, room, grown = [], rest, len(item)
        group.append(item)
        size = grown
    if group:
        groups.append(group)
    return groups


def headed(items: Sequence[Any], sep: str, head: str, first: Callable[[Any], Any], *,
           row: Callable[[list], Any] | None = None, room: int = WIDTH) -> list:
    """`items` under a heading, in lines of at most `room` characters: the first line is
    `first(pieces)`, a message beginning with `head` ("Your cards: ..."), and the others are
    indented under it by `head`'s width. A line's pieces are `row(pieces)`, by default joined by
    `sep`. No items: no lines."""
    row = row or (lambda pieces: join(sep, pieces))
    rows = packed(items, sep, room - len(head))
    return [first(row(pieces)) if number == 0 else join("", [" " * len(head), row(pieces)])
            for number, pieces in enumerate(rows)]

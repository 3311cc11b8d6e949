"""Text boards laid out by width: a list of pieces (map cells, cards, treasures) spread over as
many lines as it needs, never cut, and a long sentence going on to the next line.

Every game's text board is read in terminals and mails `WIDTH` columns wide (docs/mail.md: a
mail keeps its board's lines whole, up to 100 columns). A line cut at that width hid what it
listed (the third card of a hand, the last digit of where a treasure lies, how to answer a
question), so a long list goes on to the next line instead, and a sentence that cannot be split
stays whole. Widths are measured in the language the board is said in: a board is laid out
when it is said (`core.text.flow`), since a Swedish map row is longer than its English one.
"""
from __future__ import annotations

from typing import Any, Sequence, TypeVar

from core.text import ROW, Flow, flow

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


def listed(items: Sequence[Any], sep: str, head: Any = ROW, **shape: Any) -> Flow:
    """`items` under a heading, in lines of at most WIDTH columns in the reader's words: `head`
    is the first line's message with ROW where its pieces go (`say("Your cards: {cards}",
    cards=ROW)`), and the later lines are indented under its first piece. `shape`: the rest of
    `core.text.flow` (`pair`, `carry`, `tail`, `indent`)."""
    return flow(items, sep, head, width=WIDTH, **shape)


def sentence(head: Any, text: Any, indent: int | None = None) -> Flow:
    """A sentence that goes on to the next lines, at its words, where the reader's words run
    past WIDTH: `head` the message with ROW where `text` goes (`say("To decide: {text}",
    text=ROW)`), the later lines indented under `text`'s first word, or by `indent` columns."""
    return flow([text], " ", head, width=WIDTH, words=True, indent=indent)

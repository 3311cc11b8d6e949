"""A state's canonical JSON text and hash, cheaply: the same bytes as core.canonical.dumps, but
the parts a move leaves alone are encoded once and reused.

A state is never changed once made, and a move's copy shares with the state before it whatever
the move did not touch (the deal, the options, piles nobody drew from). A game declares which of
its keys hold such parts (`PartHasher`): their text is remembered by the part's identity (holding
the part, so that its id cannot be reused by another object while remembered), and short lists
of ints or words that every move copies are remembered by value. The rest of the state is
written in one call of the canonical encoder, with a mark where each remembered part goes.
Medieval Mastery uses it (its state hash was two thirds of a replay); a test checks the text is
canonical.dumps's byte for byte along random games.
"""
from __future__ import annotations

import hashlib
from typing import Any, Callable

from core.canonical import dumps as encode
from core.memo import Memo

LIMIT = 16384  # parts remembered before a memory is emptied (a server runs for months)
MARK = "\x01"  # stands for a remembered part in the encoded rest; written as MARK_TEXT
MARK_TEXT = '"\\u0001"'


class PartHasher:
    """The cheap canonical text of one game's states. `shared`: keys whose value moves share
    whole; `piles`: keys holding a list per seat of lists, each shared until a move changes it;
    `values`: keys holding a short list of ints or words (never booleans: True == 1 in a key)."""

    def __init__(self, shared: frozenset[str], piles: frozenset[str], values: frozenset[str]):
        self.writers: dict[str, Callable[[Any], str]] = {
            **dict.fromkeys(values, self.by_value), **dict.fromkeys(piles, self.piles_text),
            **dict.fromkeys(shared, self.remembered)}
        self.known = Memo(LIMIT)  # id(part) -> (part, its text)
        self.values = Memo(LIMIT)  # tuple(list) -> its text
        self.layouts = Memo(256)  # a state's keys -> (remembered keys with writers, marks)

    def remembered(self, part: Any) -> str:
        """The text of a part shared between states, encoded the first time it is seen."""
        entry = self.known.get(id(part))
        if entry is not None and entry[0] is part:
            return entry[1]
        return self.known.keep(id(part), (part, encode(part)))[1]

    def piles_text(self, piles: Any) -> str:
        """A list per seat of piles: remembered as a whole, and pile by pile when one has changed."""
        entry = self.known.get(id(piles))
        if entry is not None and entry[0] is piles:
            return entry[1]
        if type(piles) is not list:
            return encode(piles)
        text = "[" + ",".join([self.remembered(pile) for pile in piles]) + "]"
        return self.known.keep(id(piles), (piles, text))[1]

    def by_value(self, part: Any) -> str:
        """The text of a list of ints or words, remembered by its value."""
        if type(part) is not list:
            return encode(part)
        key = tuple(part)
        text = self.values.get(key)
        if text is None:
            text = self.values.keep(key, encode(part))
        return text

    def _layout(self, keys: tuple) -> tuple[tuple, dict]:
        """The remembered keys in canonical order with their writers, and the marks standing for them."""
        mine = sorted(key for key in keys if key in self.writers)
        return tuple((key, self.writers[key]) for key in mine), dict.fromkeys(mine, MARK)

    def dumps(self, state: dict) -> str:
        """canonical.dumps(state), byte for byte."""
        keys = tuple(state)
        layout = self.layouts.get(keys)
        if layout is None:
            layout = self.layouts.keep(keys, self._layout(keys))
        parts, marks = layout
        rest = encode({**state, **marks}).split(MARK_TEXT)
        if len(rest) != len(parts) + 1:  # the mark written elsewhere too: no shortcut
            return encode(state)
        out = rest + rest[1:]  # to be: rest, part, rest, part, ..., rest
        out[0::2] = rest
        out[1::2] = [write(state[key]) for key, write in parts]
        return "".join(out)

    def digest(self, state: dict) -> str:
        """canonical.digest(state)."""
        return hashlib.sha256(self.dumps(state).encode()).hexdigest()

"""A state's canonical JSON text and hash, cheaply: the same bytes as core.canonical.dumps, but
what a move leaves alone is not encoded again.

A state is never changed once made, and a move's copy shares with the state before it whatever
the move did not touch (the deal, the options, lists and piles nobody changed). A game declares
which of its keys hold such parts (`PartHasher`).

The text of a state is its keys in canonical (sorted) order, each with its value's text. Each
set of keys (a `Layout`) remembers the last state written in it, value by value: a value that is
the very object it was then keeps its text where that is safe (a number, a word, true, false,
null, or a part the game declared shared; holding it, so that its id is not reused meanwhile).
A changed list of piles is written pile by pile, keeping the text of each pile
that is the very one of the list written last; every other changed value is encoded in one call
of the canonical encoder, together.
Medieval Mastery uses it (its state hash was two thirds of a replay); tests check the text is
canonical.dumps's byte for byte along random games and in the odd cases.
"""
from __future__ import annotations

import hashlib
from itertools import compress
from operator import is_not, itemgetter
from typing import Any, Callable, Sequence

from core.canonical import dumps as encode
from core.memo import Memo

ATOMS = frozenset({int, str, bool, type(None)})  # never changed in place: the same object, the same text
UNSEEN = object()  # in a layout's last values: no value is this object, so its text is written again
MARK = "\x01"  # between the values encoded in one call; written as MARK_TEXT
BETWEEN = ',"\\u0001",'  # MARK_TEXT with the commas around it


class Layout:
    """One set of state keys in canonical order, in two groups: the piles (`own`) and the rest
    (`plain`, the shared keys among them), each as the slots of its values'
    texts among the pieces of a state's text (`{"key":`, value, `,"key":`, value, ..., `}`).
    `last`: the last state written, as (own values, plain values, pieces, the piles' texts seat by
    seat, its anchor), replaced whole (threads share it). The anchor is the value of the first
    shared key: a state with another one is of another game (a server hashes many in turn), whose
    values all differ: it is encoded whole, and the layout starts afresh with its anchor."""

    __slots__ = ("size", "own", "plain", "kept", "anchor", "blank", "last")

    def __init__(self, keys: list[str], piles: frozenset[str], shared: frozenset[str]):
        self.size = len(keys)
        own = [key for key in keys if key in piles]
        plain = [key for key in keys if key not in own]
        self.own, self.plain = Group(own, keys), Group(plain, keys)
        self.kept = tuple(key in shared for key in plain)  # never changed in place: kept by identity
        self.anchor = self.kept.index(True) if True in self.kept else None
        pieces = [piece for i, key in enumerate(keys) for piece in ("{,"[i > 0] + encode(key) + ":", "")]
        self.blank = ([UNSEEN] * len(own), [UNSEEN] * len(plain), pieces + ["}"], [None] * len(own))
        self.last: tuple[Sequence, list, list[str], list, Any] = (*self.blank, UNSEEN)


class Group:
    """Some of a layout's keys: their values in a state (one C call), and the slots of their texts."""

    __slots__ = ("values_of", "slots")

    def __init__(self, mine: list[str], keys: list[str]):
        self.values_of: Callable[[dict], tuple] = (
            itemgetter(*mine) if len(mine) > 1 else lambda state: tuple(state[key] for key in mine))
        self.slots = tuple(2 * keys.index(key) + 1 for key in mine)


def changed(values: Sequence, last: Sequence) -> list[int]:
    """The indexes of the values that are not the very objects written last."""
    return list(compress(range(len(values)), map(is_not, values, last)))


def encoded_together(values: list) -> list[str]:
    """Each value's canonical text, from one call of the encoder (a value whose text holds the
    separator is told by the count: then one call each)."""
    if len(values) < 2:
        return [encode(value) for value in values]
    marked = [MARK] * (2 * len(values) - 1)
    marked[0::2] = values
    texts = encode(marked)[1:-1].split(BETWEEN)
    return texts if len(texts) == len(values) else [encode(value) for value in values]


def piles_text(piles: Any, last: Any, texts: list[str] | None) -> tuple[str, list[str] | None]:
    """A list per seat of piles, and its piles' texts: those that are the very piles of `last`
    (the list written last, with `texts`) keep their text; the others are encoded together."""
    if type(piles) is not list:
        return encode(piles), None
    if texts is None or type(last) is not list or len(last) != len(piles):
        texts = encoded_together(piles)
    else:
        texts = texts.copy()
        seats = changed(piles, last)
        for seat, text in zip(seats, encoded_together([piles[seat] for seat in seats])):
            texts[seat] = text
    return "[" + ",".join(texts) + "]", texts


class PartHasher:
    """The cheap canonical text of one game's states. `shared`: keys whose value moves share
    whole (never changed in place); `piles`: keys holding a list per seat of lists, each shared
    until a move changes it."""

    def __init__(self, shared: frozenset[str], piles: frozenset[str]):
        self.piles = piles
        self.shared = shared - piles
        self.layouts = Memo(256)  # a state's keys -> its Layout
        self.recent: Layout | None = None  # the layout of the last state written

    def _layout(self, state: dict) -> tuple[Layout, tuple, tuple] | None:
        """The layout of the state's keys, with the values of its two groups; None for fewer than
        two keys, or keys not all words (such a state is encoded whole)."""
        layout = self.recent
        if layout is not None and len(state) == layout.size:
            try:  # as many keys, all of them found: the same keys
                return layout, layout.own.values_of(state), layout.plain.values_of(state)
            except KeyError:
                pass
        keys = tuple(state)
        layout = self.layouts.get(keys)
        if layout is None:
            if len(keys) < 2 or any(type(key) is not str for key in keys):
                return None
            layout = self.layouts.keep(keys, Layout(sorted(keys), self.piles, self.shared))
        self.recent = layout
        return layout, layout.own.values_of(state), layout.plain.values_of(state)

    def dumps(self, state: dict) -> str:
        """canonical.dumps(state), byte for byte."""
        found = self._layout(state)
        if found is None:
            return encode(state)
        layout, own, plain = found
        last_own, last_plain, last_pieces, last_piles, anchor = layout.last  # one read: threads may replace it
        if layout.anchor is not None and plain[layout.anchor] is not anchor:
            layout.last = (*layout.blank, plain[layout.anchor])
            return encode(state)
        pieces, seen_plain, piles = last_pieces.copy(), list(plain), last_piles.copy()
        slots, values = [], []  # where the values to be encoded together go, and they
        for i in changed(own, last_own):  # piles: never changed in place
            pieces[layout.own.slots[i]], piles[i] = piles_text(own[i], last_own[i], last_piles[i])
        for i in changed(plain, last_plain):
            value = plain[i]
            slots.append(layout.plain.slots[i])
            values.append(value)
            if type(value) not in ATOMS and not layout.kept[i]:
                seen_plain[i] = UNSEEN  # may be changed in place before the next state
        for slot, text in zip(slots, encoded_together(values)):
            pieces[slot] = text
        layout.last = (own, seen_plain, pieces, piles, anchor)
        return "".join(pieces)

    def digest(self, state: dict) -> str:
        """canonical.digest(state)."""
        return hashlib.sha256(self.dumps(state).encode()).hexdigest()

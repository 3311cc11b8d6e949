"""The state's canonical JSON text and hash, cheaply: the same bytes as core.canonical.dumps, but
the parts a move leaves alone are encoded once and reused.

A state is never changed once made, and a move's copy shares with the state before it the whole
deal (options, tiles, artefacts) and the piles it does not touch (state.clone_for_move, Ctx.pile).
So the text of those parts is remembered by the part's identity, holding the part itself so that
its id cannot be reused by another object; the short int lists moves copy (knights, owners...)
are remembered by value. The rest is written in one call of the C encoder json.dumps uses, with
a mark where each remembered part goes.
"""
from __future__ import annotations

import hashlib
import json.encoder
from typing import Any

from core import canonical

# Keys (in both state formats) whose value is the same object all game long; keys whose value is
# a list per seat of piles, each shared until a move changes it; keys whose value is a short list
# of ints or words that every move copies, remembered by value (a state's int lists hold ints,
# never booleans: True == 1 in a tuple key).
SHARED = frozenset({"seed", "options", "tile", "artefacts", "opts", "arts"})
PILES = frozenset({"deck", "hand", "discard", "discard_turn", "down", "disc", "dturn"})
VALUES = frozenset({"owner", "knights", "castle", "standing", "gained", "lost", "start_knights", "own", "kn", "k0"})
LIMIT = 16384  # parts remembered before the memory is emptied (a server runs for months)
MARK = "\x01"  # stands for a remembered part in the encoded rest; written as MARK_TEXT
MARK_TEXT = '"\\u0001"'

_known: dict[int, tuple[Any, str]] = {}  # id(part) -> (part, its text)
_by_value: dict[tuple, str] = {}  # tuple(list) -> its text
_layouts: dict[tuple, tuple] = {}  # a state's keys in insertion order -> (remembered keys with writers, marks)


def _not_json(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


# canonical.dumps's settings: sorted keys, no whitespace, ASCII only (allow_nan as json.dumps).
_make_encoder = getattr(json.encoder, "c_make_encoder", None)  # None on a Python without it
_encoder = None if _make_encoder is None else _make_encoder(
    None, _not_json, json.encoder.encode_basestring_ascii, None, ":", ",", True, False, True)


def encode(value: Any) -> str:
    if _encoder is None:  # a Python without the C encoder
        return canonical.dumps(value)
    return "".join(_encoder(value, 0))


def remembered(part: Any) -> str:
    """The text of a part shared between states, encoded the first time it is seen."""
    entry = _known.get(id(part))
    if entry is not None and entry[0] is part:
        return entry[1]
    text = encode(part)
    if len(_known) >= LIMIT:
        _known.clear()
    _known[id(part)] = (part, text)
    return text


def piles_text(piles: Any) -> str:
    """A list per seat of piles: remembered as a whole, and pile by pile when one has changed."""
    entry = _known.get(id(piles))
    if entry is not None and entry[0] is piles:
        return entry[1]
    if type(piles) is not list:
        return encode(piles)
    text = "[" + ",".join([remembered(pile) for pile in piles]) + "]"
    if len(_known) >= LIMIT:
        _known.clear()
    _known[id(piles)] = (piles, text)
    return text


def by_value(part: Any) -> str:
    """The text of a list of ints or words, remembered by its value."""
    if type(part) is not list:
        return encode(part)
    key = tuple(part)
    text = _by_value.get(key)
    if text is None:
        if len(_by_value) >= LIMIT:
            _by_value.clear()
        text = _by_value[key] = encode(part)
    return text


WRITERS = {"shared": remembered, "piles": piles_text, "values": by_value}


def _layout(keys: tuple) -> tuple[tuple, dict]:
    """The remembered keys in canonical order with how each is written, and the marks that stand
    for them in the rest."""
    kinds = {key: "shared" if key in SHARED else "piles" if key in PILES else "values" for key in keys
             if key in SHARED or key in PILES or key in VALUES}
    return tuple((key, WRITERS[kinds[key]]) for key in sorted(kinds)), dict.fromkeys(kinds, MARK)


def dumps(state: dict) -> str:
    """canonical.dumps(state), byte for byte (tests/core/medieval_mastery/test_state_format.py)."""
    keys = tuple(state)
    layout = _layouts.get(keys)
    if layout is None:
        if len(_layouts) >= 256:
            _layouts.clear()
        layout = _layouts[keys] = _layout(keys)
    parts, marks = layout
    rest = encode({**state, **marks}).split(MARK_TEXT)
    if len(rest) != len(parts) + 1:  # the mark written elsewhere too: no shortcut
        return encode(state)
    out = rest + rest[1:]  # to be: rest, part, rest, part, ..., rest
    out[0::2] = rest
    out[1::2] = [write(state[key]) for key, write in parts]
    return "".join(out)


def digest(state: dict) -> str:
    """canonical.digest(state)."""
    return hashlib.sha256(dumps(state).encode()).hexdigest()

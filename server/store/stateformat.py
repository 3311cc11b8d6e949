"""Stored states and hashes across engine upgrades.

Every snapshot and every move records the `state_format` (the engine's `to_json` layout) its
state or hash was written in. A stored state of an older layout is lifted with the engine's
`upgrade_state` when read; a hash of an older layout can be recomputed only if the engine
offers `downgrade_state` (verify says so plainly when it cannot).
"""
from __future__ import annotations

import json

from core import canonical


class UnreadableState(Exception):
    """A stored state this engine cannot read (a newer format, or no upgrade step for it)."""


def load(engine, text: str, state_format: int):
    """The state stored as `text` in layout `state_format`, as this engine's state."""
    try:
        data = json.loads(text)
        if state_format != engine.state_format:
            data = engine.upgrade_state(data, state_format)
    except (ValueError, TypeError, KeyError) as exc:
        raise UnreadableState(f"{engine.name} cannot read a stored state of format {state_format}: {exc}") from exc
    return engine.from_json(data)


def lifted_hash(engine, text: str, state_format: int) -> str:
    """The hash a stored state has once lifted to the engine's current layout."""
    data = json.loads(text)
    if state_format != engine.state_format:
        data = engine.upgrade_state(data, state_format)
    return canonical.digest(data)

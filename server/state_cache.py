"""In-process cache of each game's latest state, keyed by version.

A worker validates a move against its cached state only when the cached version equals
the version it just read (write-locked) from the games row; otherwise it loads the
snapshot. So another worker's move is never missed, and a fresh cache costs no JSON parsing.
"""
from __future__ import annotations

import json
import threading

from server.models import Snapshot

_LIMIT = 2000
_lock = threading.Lock()
_states: dict[int, tuple[int, object]] = {}


def get(game, version: int, engine):
    """The state of `game` at `version` (the caller holds the write lock or accepts staleness)."""
    hit = _states.get(game)
    if hit is not None and hit[0] == version:
        return hit[1]
    row = Snapshot.select(Snapshot.version, Snapshot.state).where(Snapshot.game == game).first()
    if row is None or row.version != version:
        raise LookupError(f"snapshot of game {game} is not at version {version}")
    state = engine.from_json(json.loads(row.state))
    put(game, version, state)
    return state


def put(game, version: int, state) -> None:
    with _lock:
        if len(_states) >= _LIMIT:
            _states.clear()
        _states[game] = (version, state)


def clear() -> None:
    with _lock:
        _states.clear()

"""One module per kind of decision, each declaring its `Decision` record (core/phase.py, the
phase contract every game shares), listed here explicitly: Race to 21 has one, the turn.

A real game has several (a turn's actions, reaction windows, setup steps, ...), and its driver
picks the record the position asks for (core/castle_assault/phases/__init__.py)."""
from __future__ import annotations

from core.phase import registry

from . import turn

DECISIONS = registry([turn.DECISION])

__all__ = ["DECISIONS", "turn"]

"""One module per kind of decision, listed here explicitly: Race to 21 has one, the turn.

A real game has several (a turn's actions, reaction windows, setup steps, ...) and a table from
the state's phase to the module that decides it (core/medieval_mastery/phases/__init__.py)."""
from __future__ import annotations

from . import turn

DECISIONS = {"turn": turn.decide}

__all__ = ["DECISIONS", "turn"]

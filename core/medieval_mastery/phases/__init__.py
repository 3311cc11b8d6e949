"""One module per kind of decision a seat is asked for; `PHASES` maps the state's phase to it.

Each handler takes (ctx, seat, move, kind) with the move's shape already checked, refuses with an
IllegalMove naming the rule, and changes the private copy in ctx. `turn` is the active player's
own turn (resource cards, crown, end) with `manoeuvre` for redistribution and advance.
"""
from __future__ import annotations

from core.medieval_mastery.phases import choice, commit, support, turn, window
from core.medieval_mastery.phases.common import asked_rule, current_rule

PHASES = {"main": turn.decide, "window": window.decide, "commit": commit.decide, "support": support.decide,
          "choice": choice.decide}

__all__ = ["PHASES", "asked_rule", "current_rule"]

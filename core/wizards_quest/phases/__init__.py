"""The decisions the rules give to players (WQ-TABLE-5, WQ-TABLE-6, WQ-TABLE-7), one module per
kind, each declaring its `Decision` record (core/phase.py, the one phase contract of the three
engines: this game's frame stack asks, the record says what is asked and how it is answered);
DECISIONS is the explicit registry the driver reads."""
from __future__ import annotations

from core.wizards_quest.phases import camp, cards, castle, county, flee, go, hide, loss, place, scatter, take
from core.phase import Decision, registry

DECISIONS: dict[str, Decision] = registry((
    castle.DECISION, county.DECISION, hide.DECISION, place.DECISION,  # the setup
    cards.DECISION, camp.DECISION,  # the active player's turn
    go.DECISION, loss.DECISION, scatter.DECISION, take.DECISION, flee.DECISION,  # campaigns and battles
))

__all__ = ["DECISIONS", "Decision"]

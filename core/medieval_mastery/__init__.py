"""Medieval Mastery (2-6 players): rules engine for the Herald turn server.

Rules: shared/rules/medieval-mastery.md (IDs MM-*, each explained in docs/rules/medieval-mastery.md).
Player guide: server/guides/medieval-mastery.md; engine notes (notation JSON, options, scenarios):
core/medieval_mastery/README.md.

The package has the layout every game shares (core/README.md), with three additions, each
for a reason of this game:
- `board.py`: the map as lookup tables (node numbers, adjacency, lakes, castles) and the one
  breadth-first search that gives supply lines and advance targets; data.py keeps the layouts
  as printed data, without this logic.
- `options.py`: the options and `option()`, read by the rules modules; in game.py (which
  imports those modules) they would make an import cycle.
- `rules.py`: what the turn (flow.py) and the battle (battle.py) both apply: knights, dice,
  supply, VP and victory, the card piles (draws, Authority, reshuffles), artefacts face up or
  down, opening a Fracture window or a discard question. Keeping them here lets battle.py
  depend on nothing of the turn.
"""
from core.medieval_mastery.game import GAME, MedievalMastery

__all__ = ["GAME", "MedievalMastery"]

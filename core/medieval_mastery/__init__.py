"""Medieval Mastery (2-6 players): rules engine for the Herald turn server.

Rules: shared/rules/medieval-mastery.md (IDs MM-*, each explained in docs/rules/medieval-mastery.md).
Player guide: server/guides/medieval-mastery.md; engine notes (notation JSON, options, scenarios):
core/medieval_mastery/README.md.

The package has the layout every game shares (core/README.md), with four additions, each
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
- `words.py`: the sentences the state keeps as English text (a choice's question, the ending's
  reason) as messages, with `reread` to read such a text back into its message, and the
  message helpers every module uses (seats, component names, lists); it imports only data.py
  and core.text, so every module may use it.
"""
from core.medieval_mastery.game import GAME, MedievalMastery

__all__ = ["GAME", "MedievalMastery"]

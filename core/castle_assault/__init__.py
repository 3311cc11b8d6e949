"""Castle Assault (Castlecards: ¡Asalto al Castillo!, Invedars 2016), 2-4 players.

Rules: shared/rules/castle-assault.md (rule IDs CA-..., each explained in docs/rules/castle-assault.md).
The common layout (core/README.md):
game.py, data.py (card list), state.py, setup.py (deal, scenarios), notation.py, flow.py,
phases/, battle.py, legal.py, bots.py, view.py, sample.py, resign.py, picture.py, glossary.py.
Two modules of its own, and why:
  zones.py    the game's "board": the decks and discard pile (draws, the Village rebuild), each
              seat's posts and the attack targets written as text; state.py stays the model.
  options.py  the options table and `option()`: every engine module reads options, and game.py
              imports every engine module, so the table in game.py would be an import cycle.
"""
from .game import GAME, CastleAssault

__all__ = ["GAME", "CastleAssault"]

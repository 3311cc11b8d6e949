"""Castle Assault (Castlecards: ¡Asalto al Castillo!, Invedars 2016), 2-4 players.

Rules: shared/rules/castle-assault.md (rule IDs CA-...). Card data: cards.py.
"""
from .game import GAME, CastleAssault

__all__ = ["GAME", "CastleAssault"]

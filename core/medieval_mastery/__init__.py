"""Medieval Mastery (2-6 players): rules engine for the Herald turn server.

Rules: shared/rules/medieval-mastery.md (IDs MM-*). Notation and options: docs/medieval-mastery.md.
"""
from core.medieval_mastery.game import GAME, MedievalMastery

__all__ = ["GAME", "MedievalMastery"]

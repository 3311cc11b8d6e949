"""Wizard's Quest (Avalon Hill, 1980) for 2-6 players: the rules engine."""
from core.wizards_quest.game import GAME, WizardsQuest

__all__ = ["GAME", "WizardsQuest"]

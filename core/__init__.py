"""Pure rules engines behind one protocol: no I/O, no clock, no global random."""
from core.protocol import Event, Game, IllegalMove, Option, Prompt, Result
from core.registry import games

__all__ = ["Event", "Game", "IllegalMove", "Option", "Prompt", "Result", "games"]

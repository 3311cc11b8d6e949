"""Race to 21, the reference game: the smallest game that keeps the whole contract of
core/protocol.py, and the worked example of docs/adding-a-game.md. The platform's own tests play
it (tests/server, tests/client register it with `games.register`); the server does
not offer it (core/registry.py: offered=False).

Rules: every seat holds three hidden cards (t0..t19, worth 1 to 5). On your turn play one card,
its value added to the shared total, and draw one; pass only with an empty hand. Whoever brings
the total to the target (option `target`, 21) wins; when every hand is empty first, nobody does.
Rule IDs TOY-1 (who decides) and TOY-2 (the turn, the deal, the end).

The common layout (core/README.md): game.py, options.py, data.py, state.py, setup.py,
notation.py, flow.py, phases/ (one kind of decision: turn.py), legal.py, view.py, resign.py,
bots.py, sample.py, glossary.py. Of the modules a game has when it has the concept, it has
neither battle.py (there are no battles) nor picture.py (it draws no picture: `Game.picture`
returns None, and the server's game page and mails show the text board). One difference in a
module it has: its two moves have no "type" (the platform's tests were written against them),
so notation.py checks their shape by hand instead of declaring `MOVES` for core/movespec.py.
"""
from core.reference.game import GAME, RaceGame
from core.reference.data import VALUES

__all__ = ["GAME", "RaceGame", "VALUES"]

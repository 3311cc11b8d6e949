"""Wizard's Quest (Avalon Hill, 1980) for 2-6 players: the rules engine.

Rules: shared/rules/wizards-quest.md (IDs WQ-*, each explained in docs/rules/wizards-quest.md).

The common layout of a game package (core/README.md): `game.py` the Game and its options,
`data.py` the printed components (map of Marnon, cards; RECONSTRUCTED values; no logic),
`state.py` the state's TypedDicts, `new_state`, `clone` and shared queries, `setup.py` the setup
and scenarios, `notation.py` move fields, parse and format, `flow.py` the driver (and the round),
`phases/` one module per kind of decision with its `Decision` record, `battle.py` campaigns,
battles and orc raids, `legal.py` legal moves and the random player, `bots.py`, `view.py`,
`sample.py`, `resign.py`, `picture.py`, `glossary.py`.

Three modules this game needs besides: `board.py`, the map's geometry derived from `data.py`
(adjacency, clockwise rings, bridges and tunnel, boat reach, distances, the picture's hex grid),
because Wizard's Quest is played on a map of 44 territories; `cards.py`, the card catalogue (ids
C01..C35 and their effects) derived from `data.CARD_KINDS`; `effects.py`, the changes shared by
the decisions, the battles and the driver (drawing, collecting, eliminating, creatures sent), so
that none of them imports another in a circle.
"""
from core.wizards_quest.game import GAME, WizardsQuest

__all__ = ["GAME", "WizardsQuest"]

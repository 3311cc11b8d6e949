"""The one place that names the games. Everything else finds a game, and every fact about it,
here: the server's rulesets, guides and glossaries, the bots' evaluations, the docs' generators,
the tests' lists of games and the benchmarks all derive from `GAMES`.

A game's facts are declared once, in its row below: what the platform must know before it
imports the game (its name for a 404's list of games, its rule-ID prefix for the glossaries'
patterns, its guide's file name), so the registry can stay lazy. What it knows only by importing
the game comes from the game's package by the common layout (core/README.md): `GAME` in its
`__init__.py` (players, options, versions, result codes), `GLOSSARY` in `glossary.py`, the
bots' `evaluate` and `TUNING` in `bots.py`.
"""
from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Iterator

from core.protocol import Game


@dataclass(frozen=True)
class Facts:
    """A game's facts beside its rules."""

    name: str                 # the ruleset name (`herald new NAME`, URLs, stored games)
    package: str              # the package whose __init__.py holds GAME (core/<package>/)
    rules: str                # the prefix of its rule IDs, each explained in docs/rules/<name>.md
    guide: str | None = None  # the player guide, server/guides/<guide>.md (None: no guide)
    offered: bool = True      # hosted by the server; False: the reference game, for tests and docs

    @property
    def game(self) -> Game:
        return importlib.import_module(self.package).GAME

    @property
    def glossary(self) -> Any:
        """What `herald explain` answers: the game's core.glossary.Glossary (not named in the
        annotation, since core/glossary.py reads the rule-ID prefix from this registry)."""
        return importlib.import_module(self.package + ".glossary").GLOSSARY

    @property
    def pictured(self) -> bool:
        """Whether the game draws its board: a `picture.py` in its package (the layout's module a
        game has only when it has the concept, core/README.md); else Game.picture returns None."""
        return importlib.util.find_spec(self.package + ".picture") is not None

    @property
    def bots(self) -> ModuleType:
        """The bots' evaluation: `evaluate(state, seat)` and, optionally, `TUNING` (core/bots/levels.py)."""
        return importlib.import_module(self.package + ".bots")


GAMES = (
    Facts("castle-assault", "core.castle_assault", "CA", guide="castle-assault"),
    Facts("medieval-mastery", "core.medieval_mastery", "MM", guide="medieval-mastery"),
    Facts("wizards-quest", "core.wizards_quest", "WQ", guide="wizards-quest"),
    # The worked example of docs/adding-a-game.md, and the platform tests' game: registered for
    # the tests (`games.register`), not offered by the server.
    Facts("toy-race", "core.reference", "TOY", offered=False),
)


class Registry(Mapping):
    """The games the server offers, by ruleset name (with any a test or plug-in registers). Imports
    a game's module on first use, so one game's import cost is not every game's."""

    def __init__(self, facts: tuple[Facts, ...]):
        self._facts = {f.name: f for f in facts}
        self._offered = [f.name for f in facts if f.offered]
        self._loaded: dict[str, Game] = {}

    def __getitem__(self, name: str) -> Game:
        if name not in self._loaded:
            if name not in self._offered:
                raise KeyError(name)
            self._loaded[name] = self._facts[name].game
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._offered)

    def __len__(self) -> int:
        return len(self._offered)

    def facts(self, name: str) -> Facts:
        """Any declared game's facts, offered or not (KeyError: no such game is declared)."""
        return self._facts[name]

    def every(self) -> list[Facts]:
        """Every declared game, the reference game included: what the contract's tests check."""
        return list(self._facts.values())

    def guided(self) -> list[str]:
        """The declared games with a player's guide (server/guides/<guide>.md), by name."""
        return [f.name for f in self._facts.values() if f.guide]

    def register(self, name: str, game: Game) -> None:
        """For tests and plug-ins: offer a game object directly (the reference game, a variant)."""
        if name not in self._offered:
            self._offered.append(name)
        self._loaded[name] = game

    def unregister(self, name: str) -> None:
        if name in self._offered:
            self._offered.remove(name)
        self._loaded.pop(name, None)


games = Registry(GAMES)

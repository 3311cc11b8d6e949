"""The one place that names the games. Everything else finds a game here."""
from __future__ import annotations

import importlib
from collections.abc import Mapping

from core.protocol import Game

# name -> module that defines GAME (an instance of core.protocol.Game)
MODULES = {
    "castle-assault": "core.castle_assault",
    "medieval-mastery": "core.medieval_mastery",
    "wizards-quest": "core.wizards_quest",
}


class Registry(Mapping):
    """Imports a game's module on first use, so one game's import cost is not every game's."""

    def __init__(self, modules: dict[str, str]):
        self._modules = dict(modules)
        self._loaded: dict[str, Game] = {}

    def __getitem__(self, name: str) -> Game:
        if name not in self._loaded:
            if name not in self._modules:
                raise KeyError(name)
            self._loaded[name] = importlib.import_module(self._modules[name]).GAME
        return self._loaded[name]

    def __iter__(self):
        return iter(self._modules)

    def __len__(self):
        return len(self._modules)

    def register(self, name: str, game: Game) -> None:
        """For tests and plug-ins: add a game object directly."""
        self._modules[name] = "<registered>"
        self._loaded[name] = game

    def unregister(self, name: str) -> None:
        self._modules.pop(name, None)
        self._loaded.pop(name, None)


games = Registry(MODULES)

"""Game seeds for tests (server/table/seeds.py): the games a test creates are dealt the same on every
run, so a test never passes or fails by the luck of a secret deal."""
from __future__ import annotations

import hashlib
import itertools


class PerTestSeeds:
    """A seed source for one test: its n-th game takes a seed made from the test's name and n
    (32 hex digits, as a real seed), or the seed `pin` chose for a test that needs one deal."""

    def __init__(self, name: str):
        self.name = name
        self.pinned: str | None = None
        self._numbers = itertools.count()  # next() is atomic: games may be created from server threads

    def __call__(self) -> str:
        if self.pinned is not None:
            return self.pinned
        return hashlib.sha256(f"{self.name}:{next(self._numbers)}".encode()).hexdigest()[:32]

    def pin(self, seed: str) -> None:
        """Every game created from now on takes `seed`."""
        self.pinned = seed

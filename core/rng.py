"""Counter-based randomness: SHA-256 over (seed, counter).

Python's `random` does not promise the same shuffles across versions; a replay must
give the same game forever, on every machine. Every draw here is a pure function of
the seed and a counter that the game state carries, so a state's JSON fully
determines its future chance events.
"""
from __future__ import annotations

import hashlib
from contextvars import ContextVar

# Set by core.chance while it watches an apply for chance; None (the usual case) costs one lookup.
draw_counter: ContextVar[list | None] = ContextVar("draw_counter", default=None)


class Rng:
    """A deterministic stream of integers. `counter` is part of the game state."""

    __slots__ = ("seed", "counter")

    def __init__(self, seed: str, counter: int = 0):
        self.seed = str(seed)
        self.counter = int(counter)

    def _block(self) -> int:
        digest = hashlib.sha256(f"{self.seed}:{self.counter}".encode()).digest()
        self.counter += 1
        watching = draw_counter.get()
        if watching is not None:
            watching[0] += 1
        return int.from_bytes(digest, "big")

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), unbiased (rejection sampling over 256 bits)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        if n == 1:
            return 0
        limit = (1 << 256) - ((1 << 256) % n)
        while True:
            value = self._block()
            if value < limit:
                return value % n

    def die(self, sides: int = 6) -> int:
        """A die roll, 1..sides."""
        return self.below(sides) + 1

    def choice(self, items):
        items = list(items)
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> list:
        """Fisher-Yates in place; returns the list for convenience."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def to_json(self) -> int:
        return self.counter


def seed_hash(seed: str) -> str:
    """The public commitment to a game's seed, published when the game is created."""
    return hashlib.sha256(str(seed).encode()).hexdigest()

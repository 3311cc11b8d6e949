"""Counter-based randomness: SHA-256 over (seed, counter).

Python's `random` does not promise the same shuffles across versions; a replay must
give the same game forever, on every machine. Every draw here is a pure function of
the seed and a counter that the game state carries, so a state's JSON fully
determines its future chance events.

Two schemes, both forever: scheme 1 (games of rules versions before 3) hashes once per draw
and samples over all 256 bits; scheme 2 takes four 64-bit words from each hash, so draw k is
word k % 4 of SHA-256(f"{seed}:{k // 4}"), rejection-sampled over 64 bits: a quarter of the
hashing for the same uniformity. In both, `counter` is the number of draws so far, so a
state's layout does not depend on the scheme; each engine chooses it by an option that its
stored games do not have (they keep scheme 1).
"""
from __future__ import annotations

import hashlib
import struct
from contextvars import ContextVar
from typing import TypeVar

from core.memo import Memo

SCHEMES = (1, 2)
SPAN = {1: 1 << 256, 2: 1 << 64}  # the number of values one raw draw takes, per scheme
# below(n)'s rejection limit (the largest multiple of n within the span) per scheme, for the small
# n of dice and choices: worked out once instead of with two big-integer operations per draw.
SMALL = 64
LIMITS = {scheme: tuple(span - span % n if n else 0 for n in range(SMALL + 1)) for scheme, span in SPAN.items()}

# Scheme 2's blocks by (seed, block): the fresh Rng of an engine's next move goes on with the block
# the last move began, without hashing it again.
BLOCKS = Memo(4096)
FOUR_WORDS = struct.Struct(">4Q").unpack  # a scheme-2 hash's four 64-bit words (the format compiled once)

# Set by core.chance while it watches an apply for chance; None (the usual case) costs one lookup.
draw_counter: ContextVar[list | None] = ContextVar("draw_counter", default=None)
R = TypeVar("R", bound="Rng")


class Rng:
    """A deterministic stream of integers. `counter` is part of the game state."""

    __slots__ = ("seed", "counter", "scheme", "_words", "_words_block")

    def __init__(self, seed: str, counter: int = 0, *, scheme: int = 1):
        if scheme not in SCHEMES:
            raise ValueError(f"no random scheme {scheme!r} (schemes: {', '.join(map(str, SCHEMES))})")
        self.seed = str(seed)
        self.counter = int(counter)
        self.scheme = scheme
        self._words: tuple[int, ...] = ()
        self._words_block = -1

    @classmethod
    def resumed(cls: type[R], seed: str, counter: int, scheme: int) -> R:
        """The stream at `counter`, from values already checked (a str seed, an int counter, one
        of SCHEMES), going on with the block the last draw hashed where BLOCKS keeps it: what an
        engine's next move takes up, without __init__'s conversions (a subclass sets its own
        slots after)."""
        rng = cls.__new__(cls)
        rng.seed, rng.counter, rng.scheme = seed, counter, scheme
        words = BLOCKS.get((seed, counter >> 2)) if scheme == 2 else None
        rng._words, rng._words_block = ((), -1) if words is None else (words, counter >> 2)
        return rng

    def _draw(self) -> int:
        """The next raw draw: 256 bits (scheme 1) or 64 bits (scheme 2)."""
        k = self.counter
        self.counter = k + 1
        watching = draw_counter.get()
        if watching is not None:
            watching[0] += 1
        if self.scheme == 1:
            return int.from_bytes(hashlib.sha256(f"{self.seed}:{k}".encode()).digest(), "big")
        block = k >> 2
        if block != self._words_block:
            key = (self.seed, block)
            words = BLOCKS.get(key)
            if words is None:
                words = BLOCKS.keep(key, FOUR_WORDS(hashlib.sha256(f"{self.seed}:{block}".encode()).digest()))
            self._words, self._words_block = words, block
        return self._words[k & 3]

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), unbiased (rejection sampling over the draw's bits)."""
        if n <= 1:
            if n <= 0:
                raise ValueError("below() needs n >= 1")
            return 0
        if n <= SMALL:
            limit = LIMITS[self.scheme][n]
        else:
            span = SPAN[self.scheme]
            limit = span - (span % n)
        while True:
            value = self._draw()
            if value < limit:
                return value % n

    def bits(self, k: int) -> int:
        """k uniform bits (k at most 64): the low bits of one raw draw, which is below(2 ** k) (a power
        of two divides every scheme's span: nothing is rejected) without its arithmetic; a scheme-2
        draw from the block in hand is taken here, as in die."""
        n = self.counter
        if self.scheme == 2 and n >> 2 == self._words_block and draw_counter.get() is None:
            self.counter = n + 1
            return self._words[n & 3] & ((1 << k) - 1)
        return self._draw() & ((1 << k) - 1)

    def die(self, sides: int = 6) -> int:
        """A die roll, 1..sides: below(sides) + 1, the same draws, without below's frame (the
        engines roll a few dice every move); scheme 2's draw from the block in hand is taken here
        (the same as _draw's, without its frame)."""
        if not 1 < sides <= SMALL:
            return self.below(sides) + 1
        limit = LIMITS[self.scheme][sides]
        while True:
            k = self.counter
            if self.scheme == 2 and k >> 2 == self._words_block and draw_counter.get() is None:
                self.counter = k + 1
                value = self._words[k & 3]
            else:
                value = self._draw()
            if value < limit:
                return value % sides + 1

    def choice(self, items):
        items = list(items)
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> list:
        """Fisher-Yates in place, each place drawn with below(i + 1); returns the list for
        convenience. (It draws with die(i + 1) - 1: the same draws, without below's frame; a
        deal shuffles a hundred cards or so.)"""
        die = self.die
        for i in range(len(items) - 1, 0, -1):
            j = die(i + 1) - 1
            items[i], items[j] = items[j], items[i]
        return items

    def to_json(self) -> int:
        return self.counter


def seed_hash(seed: str) -> str:
    """The public commitment to a game's seed, published when the game is created."""
    return hashlib.sha256(str(seed).encode()).hexdigest()

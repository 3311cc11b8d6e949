"""The `search` level's thinking: sequential halving over the root moves, in shared sampled
worlds, with short playouts by a cheap greedy player cut off by the game's evaluation.

Why this shape (docs/bots.md, "Search"):
- Every candidate is tried in the *same* worlds with the same playout randomness (common random
  numbers): two moves are compared on the same hidden cards and the same dice, so the
  difference between their scores is the moves', not the luck's.
- Sequential halving spends the budget where the choice is still open: each round, every
  candidate left gets an equal share, and the worse half is dropped.
- The playout player is the random player made a little greedy: of a few of its draws, the
  mover keeps the one the evaluation likes best. Random play after a good move hides it; this
  player finishes the turn and answers roughly as a person would. After a few moves the
  evaluation decides (a cut-off), instead of playing to the end.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from core.protocol import Game, IllegalMove
from core.rng import Rng

PLAYOUT_CHOICES = 2        # random-player draws the playout mover chooses from


@dataclass
class Playout:
    """How a game's playouts run: `moves` before the evaluation decides, and its evaluation."""

    game: Game
    evaluate: Callable
    moves: int
    choices: int = 0       # 0: PLAYOUT_CHOICES

    def __post_init__(self):
        self.choices = self.choices or PLAYOUT_CHOICES

    def step(self, state, rng: Rng):
        """One move of the playout player: the best, for its mover, of a few random-player draws."""
        prompts = self.game.prompts(state)
        mover = prompts[rng.below(len(prompts))].seat
        best, best_score = None, -1.0
        for _ in range(self.choices):
            after = self.game.next_state(state, mover, self.game.random_move(state, mover, rng))
            score = self.evaluate(after, mover)
            if score > best_score:
                best, best_score = after, score
        return best

    def score(self, state, seat: int, rng: Rng) -> float:
        """The seat's evaluation after `moves` playout moves (or the end of the game)."""
        for _ in range(self.moves):
            if self.game.result(state) is not None:
                break
            state = self.step(state, rng)
        return self.evaluate(state, seat)


def schedule(candidates: int, budget: int) -> list[int]:
    """Playouts per candidate in each round of sequential halving but the last (which plays
    until the budget is spent): the budget split evenly over the rounds (one per halving, down
    to two candidates), and each round's share evenly over the candidates left."""
    rounds = max(1, math.ceil(math.log2(candidates)))
    out, left = [], candidates
    for _ in range(rounds - 1):
        out.append(max(1, budget // (rounds * left)))
        left = math.ceil(left / 2)
    return out


class Halving:
    """The statistics of one decision: per candidate, the sum and number of its playout scores."""

    def __init__(self, count: int):
        self.totals = [0.0] * count
        self.visits = [0] * count
        self.alive = list(range(count))

    def mean(self, i: int) -> float:
        return self.totals[i] / self.visits[i] if self.visits[i] else -1.0

    def halve(self) -> None:
        ranked = sorted(self.alive, key=lambda i: (-self.mean(i), i))
        self.alive = ranked[:max(1, math.ceil(len(ranked) / 2))]

    def best(self) -> int:
        return min(self.alive, key=lambda i: (-self.mean(i), i))


class Search:
    """Sequential halving over `moves` for `seat`, playouts in worlds from `sample`; `stop(done)`
    says when the budget is spent (iterations or the clock)."""

    def __init__(self, playout: Playout, sample: Callable[[], object], seat: int, moves: list[dict],
                 first: int = 1):
        self.playout, self.sample, self.seat, self.moves = playout, sample, seat, moves
        self.first = first   # at least this many tries of every candidate before any is dropped
        self.worlds: list = []
        self.seeds: list[str] = []
        self.done = 0

    def world(self, j: int, rng: Rng):
        """The j-th shared world and the seed of its playouts' randomness (sampled once)."""
        while len(self.worlds) <= j:
            self.worlds.append(self.sample())
            self.seeds.append(f"playout:{rng.below(1 << 62)}")
        return self.worlds[j], self.seeds[j]

    def play(self, i: int, j: int, rng: Rng) -> float | None:
        """Candidate i in world j, or None where the move does not fit that world."""
        world, seed = self.world(j, rng)
        try:
            after = self.playout.game.next_state(world, self.seat, self.moves[i])
        except IllegalMove:
            return None      # legal in the world it was drawn from, not in this one
        return self.playout.score(after, self.seat, Rng(seed))

    def run(self, spend: Spend, rng: Rng) -> int:
        """The index of the move chosen: one playout each (which also times them), then rounds
        of halving (the first one at least `first` tries each), the last until the budget is spent."""
        stats = Halving(len(self.moves))
        self.sweep(stats, 1, spend, rng)
        for number, share in enumerate(schedule(len(self.moves), spend.planned(self.done))):
            share = max(share, self.first) if number == 0 else share
            if not self.sweep(stats, share - (number == 0), spend, rng):
                return stats.best()
            stats.halve()
        self.sweep(stats, None, spend, rng)
        return stats.best()

    def sweep(self, stats: Halving, passes: int | None, spend: Spend, rng: Rng) -> bool:
        """`passes` playouts of every candidate left (None: until the budget is spent), taking
        turns; False once the budget is spent."""
        number = 0
        while passes is None or number < passes:
            number += 1
            for i in list(stats.alive):
                if spend.over(self.done):
                    return False
                self.done += 1
                value = self.play(i, stats.visits[i], rng)
                stats.totals[i] += 0.0 if value is None else value   # rarely fits: loses appeal
                stats.visits[i] += 1
        return True


class Spend:
    """A search budget as it is spent: at most `iterations` playouts and, with a clock, at most
    `seconds`. The clock is read once per playout, and the last reading times them."""

    def __init__(self, iterations: int, seconds: float | None, clock: Callable[[], float] | None):
        self.iterations, self.seconds = iterations, seconds
        self.clock = clock if seconds is not None else None  # a clock only with seconds to count
        self.start = self.clock() if self.clock else 0.0
        self.elapsed = 0.0

    def over(self, done: int) -> bool:
        if done >= self.iterations:
            return True
        if self.clock is None or not done:
            return False
        self.elapsed = self.clock() - self.start
        return self.seconds is not None and self.elapsed >= self.seconds

    def planned(self, done: int) -> int:
        """The playouts the budget will allow, judged from the `done` so far."""
        if self.clock is None or self.seconds is None or self.elapsed <= 0:
            return self.iterations
        return min(self.iterations, int(done * self.seconds / self.elapsed))

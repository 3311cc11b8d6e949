"""The bot levels: random, greedy, search. Each is given what its seat knows (`known_state`),
never the state; every world it thinks about comes from `Game.sample_state`.

- random: the game's own random player (`random_move`), in one sampled world.
- greedy: one-move lookahead. Every candidate move, in a few sampled worlds, followed by a few
  random-player moves (the rest of the turn and the other seats' immediate answers: a battle
  declared is also fought) and then the game's evaluation; the best mean wins.
- search: determinized Monte Carlo search (core/bots/search.py): sequential halving over the
  candidates, every candidate tried in the same sampled worlds, each try a short playout by a
  cheap greedy player cut off by the game's evaluation (1 a win, 0 a loss).

All chance comes from the `Rng` the caller passes (a seeded bot is reproducible); the clock is
the caller's too (`Budget.clock`), so core stays free of time.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from core import canonical
from core.bots.search import Playout, Search, Spend
from core.protocol import Game, IllegalMove
from core.registry import games
from core.rng import Rng

LEVELS = ("random", "greedy", "search")
PATTERN_SAMPLES = 8        # random_move draws added to the candidates (they fill in patterns)
MAX_CANDIDATES = 14
GREEDY_MOVES = 6           # random moves after a greedy candidate: the rest of the turn, the answers


@dataclass(frozen=True)
class Tuning:
    """A game's settings of the levels, declared as `TUNING` in its bots module beside its
    `evaluate` (each value there says why it differs from the default)."""

    rollout_moves: int = 10    # playout moves after a search candidate before the evaluation decides
    iterations: int = 500      # the default search budget
    greedy_worlds: int = 4     # sampled worlds greedy weighs each candidate in
    greedy_moves: int = GREEDY_MOVES  # random moves after a greedy candidate before the evaluation
    search_first_tries: int = 1  # tries every search candidate gets before halving drops any


@dataclass
class Budget:
    """How long `search` may think: at most `iterations`, and with a clock at most `seconds`."""

    iterations: int | None = None       # None: the game's default (its TUNING.iterations)
    seconds: float | None = None
    clock: Callable[[], float] | None = None

    @classmethod
    def parse(cls, text: str | None, clock: Callable[[], float] | None = None) -> "Budget":
        """'2s' (a time, needs a clock), '500' or '500it' (iterations); None is the default."""
        if not text:
            return cls(clock=clock)
        text = text.strip().lower()
        try:
            if text.endswith("s"):
                return cls(iterations=1_000_000, seconds=float(text[:-1]), clock=clock)
            return cls(iterations=int(text.removesuffix("it")), clock=clock)
        except ValueError:
            raise ValueError(f"A budget is a time like 2s or a number of iterations like 500, not {text!r}.") from None


def tuning(game: Game):
    """The game's bot module (its bots.py, core/registry.py): `evaluate(state, seat)`, and
    optionally `TUNING` (a `Tuning`)."""
    try:
        facts = games.facts(game.name)
        module = facts.bots
    except KeyError:  # a game registered by a test or plug-in, declared nowhere
        module = None
    except ModuleNotFoundError as missing:  # no bots.py (a bug in bots.py's own imports still raises)
        if missing.name != f"{facts.package}.bots":
            raise
        module = None
    if module is None or not hasattr(module, "evaluate"):
        raise ValueError(f"{game.name} has no evaluation: only the random level plays it")
    return module


def key(move: dict) -> str:
    return canonical.dumps(move)


def candidates(game: Game, world, seat: int, rng: Rng) -> list[dict]:
    """At most MAX_CANDIDATES moves that answer the seat's question: first distinct draws of the
    random player (its moves are the sensible ones, and they fill in patterns such as free
    placements), then the concrete legal moves in random order. Standing answers are left out:
    they answer later questions."""
    found: dict[str, dict] = {}
    for _ in range(PATTERN_SAMPLES * 3):
        if len(found) >= PATTERN_SAMPLES:
            break
        move = game.random_move(world, seat, rng)
        if move.get("type") != "standing":
            found.setdefault(key(move), move)
    listed = [m for m in game.legal_moves(world, seat) if "pattern" not in m and m.get("type") != "standing"]
    rng.shuffle(listed)
    for move in listed:
        if len(found) >= MAX_CANDIDATES:
            break
        found.setdefault(key(move), move)
    return list(found.values()) or [game.random_move(world, seat, rng)]


def rollout(game: Game, state, seat: int, rng: Rng, limit: int, evaluate) -> float:
    """The seat's evaluation after `limit` random-player moves (or the end of the game)."""
    return evaluate(game.random_playout(state, rng, limit)[0], seat)


class Bot:
    """One level of play for any game with `sample_state`. `choose` is all a seat needs."""

    def __init__(self, game: Game, level: str = "search", budget: Budget | None = None):
        if level not in LEVELS:
            raise ValueError(f"Unknown bot level {level!r}: choose one of {', '.join(LEVELS)}.")
        self.game, self.level, self.budget = game, level, budget or Budget()
        module = tuning(game) if level != "random" else None
        self.evaluate = module.evaluate if module else None
        settings = getattr(module, "TUNING", Tuning())
        self.rollout_moves = settings.rollout_moves
        self.greedy_worlds = settings.greedy_worlds
        self.greedy_moves = settings.greedy_moves
        self.first_tries = settings.search_first_tries
        if self.budget.iterations is None:
            self.budget = replace(self.budget, iterations=settings.iterations)
        self.iterations = 0      # search iterations of the last choice (for the bench)

    def choose(self, known: dict, seat: int, rng: Rng) -> dict:
        world = self.game.sample_state(known, seat, rng)
        if self.level == "random":
            return self.game.random_move(world, seat, rng)
        moves = candidates(self.game, world, seat, rng)
        if len(moves) == 1:
            return moves[0]
        if self.level == "greedy":
            return self.greedy(known, seat, moves, rng)
        return self.search(known, seat, moves, rng)

    def outcome(self, world, seat: int, move: dict):
        """The world after `move`, or None where the move does not fit this world."""
        try:
            return self.game.next_state(world, seat, move)
        except IllegalMove:
            return None   # legal in the world it was drawn from, not in this one: not counted

    def greedy(self, known: dict, seat: int, moves: list[dict], rng: Rng) -> dict:
        totals = [0.0] * len(moves)
        counts = [0] * len(moves)
        for _ in range(self.greedy_worlds):
            world = self.game.sample_state(known, seat, rng)
            for i, move in enumerate(moves):
                after = self.outcome(world, seat, move)
                if after is None:
                    continue
                totals[i] += rollout(self.game, after, seat, rng, self.greedy_moves, self.evaluate)
                counts[i] += 1
        return best(moves, [t / c if c else -1.0 for t, c in zip(totals, counts)], rng)

    def search(self, known: dict, seat: int, moves: list[dict], rng: Rng) -> dict:
        budget = self.budget
        assert self.evaluate is not None and budget.iterations is not None  # set in __init__ for search
        playout = Playout(self.game, self.evaluate, self.rollout_moves)
        thinking = Search(playout, lambda: self.game.sample_state(known, seat, rng), seat, moves,
                          self.first_tries)
        chosen = thinking.run(Spend(budget.iterations, budget.seconds, budget.clock), rng)
        self.iterations = thinking.done
        return moves[chosen]


def best(moves: list[dict], scores: list[float], rng: Rng) -> dict:
    top = max(scores)
    ties = [m for m, s in zip(moves, scores) if s == top]
    return ties[rng.below(len(ties))]

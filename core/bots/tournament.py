"""Games between bots, refereed on the real state: each seat's bot is handed only
`known_state(state, seat)`. Used by `bench.bench_bots` and the CI-sized tournament test."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

from core.bots.levels import Bot
from core.protocol import Game, IllegalMove
from core.rng import Rng

MOVE_CAP = 3000


@dataclass
class Played:
    winners: tuple[int, ...]
    moves: int
    seconds: dict[int, list[float]] = field(default_factory=dict)   # per seat: time of each choice
    capped: bool = False


def play(game: Game, players: int, options: dict, seed: str, bots: list[Bot],
         clock: Callable[[], float] | None = None, cap: int = MOVE_CAP) -> Played:
    """One game; seat i is played by bots[i]. A bot's move the real state refuses is a bug in
    the bot or its sampler: it is raised, never papered over."""
    state = game.setup(players, options, seed)
    rng = Rng(f"table:{seed}")
    seconds: dict[int, list[float]] = {seat: [] for seat in range(players)}
    for number in range(cap):
        result = game.result(state)
        if result is not None:
            return Played(tuple(result.winners), number, seconds)
        prompts = game.prompts(state)
        seat = prompts[rng.below(len(prompts))].seat
        known = game.known_state(state, seat)
        started = clock() if clock else 0.0
        move = bots[seat].choose(known, seat, Rng(f"bot:{seed}:{seat}:{number}"))
        if clock:
            seconds[seat].append(clock() - started)
        try:
            state, _ = game.apply(state, seat, move)
        except IllegalMove as err:
            raise AssertionError(f"{bots[seat].level} bot played {game.format(move)!r}, "
                                 f"refused: {err.message}") from err
    return Played((), cap, seconds, capped=True)


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    margin = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return (centre - margin) / scale, (centre + margin) / scale


def luck(wins: int, decided: int) -> float:
    """P(at least `wins` of `decided` games won by an equal opponent): the one-sided binomial
    tail, the p-value of "the first level is better"."""
    return sum(math.comb(decided, k) for k in range(wins, decided + 1)) / 2 ** decided


@dataclass
class Match:
    """Level `a` against level `b`: a sits at one seat (taking turns round the table), b at the rest."""

    a: str
    b: str
    games: int = 0
    a_wins: int = 0
    b_wins: int = 0          # games won by some b seat
    draws: int = 0           # no winner, or the move cap
    a_seconds: list[float] = field(default_factory=list)

    def record(self, played: Played, a_seat: int) -> None:
        self.games += 1
        if a_seat in played.winners:
            self.a_wins += 1
        elif played.winners:
            self.b_wins += 1
        else:
            self.draws += 1
        self.a_seconds += played.seconds.get(a_seat, [])

    def rate(self) -> float:
        """a's share of the games with a winner, draws left out."""
        decided = self.a_wins + self.b_wins
        return self.a_wins / decided if decided else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.a_wins, self.a_wins + self.b_wins)

    def luck(self) -> float:
        return luck(self.a_wins, self.a_wins + self.b_wins)


def match(game: Game, players: int, options: dict, a: Bot, b: Bot, games: int, tag: str,
          clock: Callable[[], float] | None = None, first: int = 0) -> Match:
    """Games number `first` to `first + games - 1` of the tag's series (a later run can extend an
    earlier one on new seeds)."""
    out = Match(a.level, b.level)
    for number in range(first, first + games):
        a_seat = number % players
        bots = [a if seat == a_seat else b for seat in range(players)]
        out.record(play(game, players, options, f"{tag}:{number}", bots, clock), a_seat)
    return out

"""Rules-engine speed as a ratio to a mature pure-Python engine measured in the same run.

    python -m bench.bench_engines [RULESET ...] [--rounds 5] [--seconds 2]

The anchor is python-chess (`chess`): random games of legal moves + push, to the end. Each
round plays, for every ruleset, whole random games of three kinds by turns, game by game, until
each kind has spent `--seconds` of CPU: python-chess's, Herald's through the public protocol move
by move (prompts + random_move + apply, with apply's checks and copy) and Herald's through the
game's own `random_playout` (what rollouts play; the same moves). Every round plays the same
games (the same chess seeds, the same deal of Herald games for both of Herald's kinds), so
rounds differ only in what the machine did; interleaving game by game means a machine that
slows down mid-round slows all three alike, and which kind starts turns over from round to
round. A round's figure is moves per CPU second (on a busy machine the fair clock); the report
gives, per ruleset, the median over rounds of each rate and of each ratio to python-chess in the
same round — never the best round. Games cycle through every player count and through the
defaults plus each two-valued option flipped, so variants are measured too; games that end in a
draw are counted (chess by its rules: 75 moves, fivefold repetition, stalemate, no material).

The goal (issue 25) is >= 2.0x python-chess for every ruleset through `apply`.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass, field

from core import games
from core.protocol import Game
from core.rng import BLOCKS, Rng

MOVE_CAP = 20000
KINDS = ["chess", "apply", "playout"]


def option_variants(game: Game) -> list[dict]:
    variants = [{}]
    for name, option in game.options.items():
        if option.kind is bool:
            variants.append({name: not option.default})
        elif option.choices and len(option.choices) == 2:
            variants.append({name: next(c for c in option.choices if c != option.default)})
    return [game.normalize_options(v) for v in variants]


def random_game(game: Game, players: int, options: dict, seed: str, *, through_apply: bool = False) -> tuple:
    """One random game, (its last state, its (seat, move) list): by the game's `random_playout`,
    or through the protocol's loop of prompts, random_move and apply (the same moves)."""
    state = game.setup(players, options, seed)
    rng = Rng("bench:" + seed, scheme=2)  # the random player's own stream, not the game's
    BLOCKS.clear()  # the game's random stream hashed afresh for each way, as a new game's is
    if through_apply:
        return Game.random_playout(game, state, rng, MOVE_CAP)
    return game.random_playout(state, rng, MOVE_CAP)


def chess_game(seed: int) -> tuple[int, bool]:
    """One random game of python-chess to its end: (moves played, whether it was a draw)."""
    import chess  # the bench extra; imported here so `--help` works without it

    board, pick = chess.Board(), random.Random(seed)
    while not board.is_game_over(claim_draw=False):
        board.push(pick.choice(list(board.legal_moves)))
    return board.ply(), board.outcome().winner is None


@dataclass
class Tally:
    """Moves and CPU seconds of one kind of game in one round."""
    moves: int = 0
    cpu: float = 0.0
    games: int = 0
    draws: int = 0

    @property
    def rate(self) -> float:
        return self.moves / self.cpu if self.cpu else 0.0


@dataclass
class Series:
    """Every round's rates of one ruleset, and the draws seen."""
    rates: dict[str, list[float]] = field(default_factory=lambda: {"chess": [], "apply": [], "playout": []})
    games: dict[str, int] = field(default_factory=lambda: {"chess": 0, "apply": 0, "playout": 0})
    draws: dict[str, int] = field(default_factory=lambda: {"chess": 0, "apply": 0, "playout": 0})


class Deal:
    """The endless sequence of Herald games one ruleset is measured on: counts x variants."""

    def __init__(self, game: Game):
        self.game, self.variants = game, option_variants(game)
        self.counts = range(game.min_players, game.max_players + 1)
        self.played = 0

    def next(self) -> tuple[int, dict, str]:
        n = self.played
        self.played += 1
        return (self.counts[n % len(self.counts)], self.variants[(n // len(self.counts)) % len(self.variants)],
                f"bench-{n}")


def play_one(kind: str, tally: Tally, deal: Deal | None, chess_seeds: list[int]) -> None:
    """One whole game of one kind (never a game cut short), added to its tally."""
    if kind == "chess":
        seed = chess_seeds[0]
        chess_seeds[0] += 1
        c0 = time.process_time()
        moves, drawn = chess_game(seed)
        tally.cpu += time.process_time() - c0
    else:
        assert deal is not None  # Herald's kinds deal their games
        players, options, seed_text = deal.next()
        c0 = time.process_time()
        last, played = random_game(deal.game, players, options, seed_text, through_apply=kind == "apply")
        tally.cpu += time.process_time() - c0
        moves, drawn = len(played), _is_draw(deal.game, last)
    tally.moves += moves
    tally.games += 1
    tally.draws += drawn


def play_round(game: Game, seconds: float, first: int) -> dict[str, Tally]:
    """One round: the three kinds by turns, game by game (the kind furthest behind in CPU plays
    next), until each has spent `seconds`; so a machine that speeds up or slows down does so for
    all three alike. `apply` and `playout` each deal the same games in the same order."""
    kinds = KINDS[first:] + KINDS[:first]
    tallies = {kind: Tally() for kind in kinds}
    chess_seeds = [0]
    deals = {"chess": None, "apply": Deal(game), "playout": Deal(game)}
    while any(t.cpu < seconds for t in tallies.values()):
        kind = min(kinds, key=lambda k: tallies[k].cpu)
        play_one(kind, tallies[kind], deals[kind], chess_seeds)
    return tallies


def _is_draw(game: Game, state) -> bool:
    """Whether a game ended with no single winner (read outside the timed part)."""
    result = game.result(state)
    return result is not None and len(result.winners) != 1


def measure(names: list[str], rounds: int, seconds: float) -> dict[str, Series]:
    series = {name: Series() for name in names}
    for r in range(rounds):
        for name in names:
            tallies = play_round(games[name], seconds, r % 3)
            for kind, tally in tallies.items():
                series[name].rates[kind].append(tally.rate)
                series[name].games[kind] += tally.games
                series[name].draws[kind] += tally.draws
            print(f"round {r + 1}/{rounds} {name}: chess {tallies['chess'].rate:,.0f}, apply "
                  f"{tallies['apply'].rate:,.0f}, random_playout {tallies['playout'].rate:,.0f} moves/CPU s",
                  flush=True)
    return series


def report(series: dict[str, Series]) -> list[str]:
    lines = ["| ruleset | python-chess | through apply | random_playout | apply / chess | playout / chess |",
             "|---|---|---|---|---|---|"]
    for name, s in series.items():
        ratios = {k: statistics.median(h / c for h, c in zip(s.rates[k], s.rates["chess"])) for k in ("apply", "playout")}
        med = {k: statistics.median(v) for k, v in s.rates.items()}
        lines.append(f"| {name} | {med['chess']:,.0f} | {med['apply']:,.0f} | {med['playout']:,.0f} | "
                     f"**{ratios['apply']:.2f}x** | {ratios['playout']:.2f}x |")
    lines.append("")
    lines.append("Medians of interleaved rounds, moves per CPU second; games (draws): " + "; ".join(
        f"{name} chess {s.games['chess']} ({s.draws['chess']}), Herald {s.games['playout']} ({s.draws['playout']})"
        for name, s in series.items()))
    return lines


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", help="default: every registered game")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (the median is reported)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per kind of game per round")
    args = parser.parse_args(argv)
    names = args.rulesets or list(games)
    print("\n".join(report(measure(names, args.rounds, args.seconds))))


if __name__ == "__main__":
    main()
